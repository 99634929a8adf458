#pragma once

#include <QCoreApplication>
#include <QPalette>
#include <QString>

namespace topoplan {

// The application's colours: the desktop's own (the default, so TopoPlan follows a light or
// dark desktop), or a light or dark palette of its own for every window. The canvas reads its
// colours from the palette (DiagramStyle::fromPalette), so it follows too.
class Theme
{
    Q_DECLARE_TR_FUNCTIONS(Theme)

public:
    enum class Mode { System, Light, Dark };

    // Sets the application palette (and, for our own palettes, the Fusion style, which draws
    // every control from the palette; some desktop styles ignore it).
    static void apply(Mode mode);
    static Mode current();

    static QPalette lightPalette();
    static QPalette darkPalette();

    // The value stored in the settings: "system", "light", "dark"; unknown keys are System.
    static QString key(Mode mode);
    static Mode fromKey(const QString &key);
    static QString displayName(Mode mode);
};

} // namespace topoplan
