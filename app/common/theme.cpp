#include "app/common/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace topoplan {

namespace {

Theme::Mode s_mode = Theme::Mode::System;

const QString &fusion()
{
    static const QString name = QStringLiteral("Fusion");
    return name;
}

// The style the desktop chose, remembered before our palettes switch to Fusion.
const QString &systemStyle()
{
    static const QString name = QApplication::style()->name();
    return name;
}

void setColor(QPalette &p, QPalette::ColorRole role, const QColor &active, const QColor &disabled)
{
    p.setColor(QPalette::Active, role, active);
    p.setColor(QPalette::Inactive, role, active);
    p.setColor(QPalette::Disabled, role, disabled);
}

} // namespace

void Theme::apply(Mode mode)
{
    const QString desktopStyle = systemStyle();
    const QString wanted = mode == Mode::System ? desktopStyle : fusion();
    if (QApplication::style()->name().compare(wanted, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(wanted);
    switch (mode) {
    case Mode::System:
        // An empty palette resolves every role from the platform theme and the style.
        QApplication::setPalette(QPalette());
        break;
    case Mode::Light:
        QApplication::setPalette(lightPalette());
        break;
    case Mode::Dark:
        QApplication::setPalette(darkPalette());
        break;
    }
    s_mode = mode;
}

Theme::Mode Theme::current()
{
    return s_mode;
}

QPalette Theme::lightPalette()
{
    const std::unique_ptr<QStyle> style(QStyleFactory::create(fusion()));
    return style ? style->standardPalette() : QPalette(QColor(0xef, 0xef, 0xef));
}

QPalette Theme::darkPalette()
{
    // Greys with a hint of blue, text at about 12:1 contrast on the base, a selection blue
    // that keeps white text readable.
    const QColor window(0x2d, 0x2f, 0x33);
    const QColor base(0x1f, 0x21, 0x24);
    const QColor button(0x37, 0x3a, 0x3f);
    const QColor text(0xe4, 0xe6, 0xe9);
    const QColor dimText(0x7d, 0x81, 0x87);
    QPalette p(window);
    setColor(p, QPalette::Window, window, window);
    setColor(p, QPalette::WindowText, text, dimText);
    setColor(p, QPalette::Base, base, window);
    setColor(p, QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d), window);
    setColor(p, QPalette::ToolTipBase, QColor(0x3b, 0x3e, 0x44), QColor(0x3b, 0x3e, 0x44));
    setColor(p, QPalette::ToolTipText, text, dimText);
    setColor(p, QPalette::PlaceholderText, dimText, dimText);
    setColor(p, QPalette::Text, text, dimText);
    setColor(p, QPalette::Button, button, window);
    setColor(p, QPalette::ButtonText, text, dimText);
    setColor(p, QPalette::BrightText, QColor(0xff, 0x6b, 0x6b), QColor(0xff, 0x6b, 0x6b));
    setColor(p, QPalette::Light, QColor(0x4b, 0x4f, 0x55), QColor(0x4b, 0x4f, 0x55));
    setColor(p, QPalette::Midlight, QColor(0x41, 0x44, 0x4a), QColor(0x41, 0x44, 0x4a));
    setColor(p, QPalette::Mid, QColor(0x26, 0x28, 0x2b), QColor(0x26, 0x28, 0x2b));
    setColor(p, QPalette::Dark, QColor(0x1a, 0x1b, 0x1e), QColor(0x1a, 0x1b, 0x1e));
    setColor(p, QPalette::Shadow, QColor(0x0e, 0x0f, 0x10), QColor(0x0e, 0x0f, 0x10));
    setColor(p, QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0), QColor(0x4b, 0x4f, 0x55));
    setColor(p, QPalette::HighlightedText, QColor(Qt::white), dimText);
    setColor(p, QPalette::Link, QColor(0x6c, 0xaa, 0xff), QColor(0x6c, 0xaa, 0xff));
    setColor(p, QPalette::LinkVisited, QColor(0xb4, 0x8e, 0xff), QColor(0xb4, 0x8e, 0xff));
    return p;
}

QString Theme::key(Mode mode)
{
    switch (mode) {
    case Mode::System:
        break;
    case Mode::Light:
        return QStringLiteral("light");
    case Mode::Dark:
        return QStringLiteral("dark");
    }
    return QStringLiteral("system");
}

Theme::Mode Theme::fromKey(const QString &key)
{
    if (key == QLatin1String("light"))
        return Mode::Light;
    if (key == QLatin1String("dark"))
        return Mode::Dark;
    return Mode::System;
}

QString Theme::displayName(Mode mode)
{
    switch (mode) {
    case Mode::System:
        break;
    case Mode::Light:
        return tr("Light");
    case Mode::Dark:
        return tr("Dark");
    }
    return tr("Same as the desktop");
}

} // namespace topoplan
