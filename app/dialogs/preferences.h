#pragma once

#include "app/common/theme.h"

#include "engine/generate/generator.h"

#include <QDialog>
#include <QString>
#include <QStringList>

class QComboBox;
class QLineEdit;
class QDoubleSpinBox;
class QSpinBox;

namespace topoplan {

// The user's preferences, kept in QSettings under "preferences/". Values read back are
// checked, so a hand-edited settings file cannot set a zero-second autosave or a 1:0 fabric.
struct Preferences
{
    static constexpr int kDefaultAutosaveSeconds = 60;
    static constexpr int kMaxAutosaveSeconds = 3600;
    static constexpr int kDefaultGridSize = 10; // CanvasPlacement::kGrid; divides the item sizes
    static constexpr int kMaxGridSize = 200;
    static constexpr double kMaxOversubscription = 16;

    int autosaveSeconds = kDefaultAutosaveSeconds; // 0: no autosave
    Theme::Mode theme = Theme::Mode::System;
    int gridSize = kDefaultGridSize; // scene units a move snaps to; 0: no snapping
    // What "Add fabric..." proposes.
    FabricKind fabric = FabricKind::RailOptimized;
    int tiers = 2;
    double oversubscription = 1.0;
    QString leafModel;  // empty: the generator's choice for the nodes' NIC speed
    QString spineModel; // empty: the leaf's model
    // The interface language: empty for the system's, else "en" or "de". It is applied when
    // TopoPlan starts (Qt builds its widgets' texts once); --lang overrides it.
    QString language;
    // The author the design report's title block names (File > Export Report...); empty: none.
    QString author;
    // The languages TopoPlan speaks, as settings codes ("en", "de").
    static QStringList languages();

    static Preferences load();
    void save() const;
    // The generator options these defaults stand for (nodes and node model are the caller's).
    GeneratorOptions fabricOptions() const;

    bool operator==(const Preferences &) const = default;
};

// Edits Preferences; the caller saves and applies what the dialog returns on accept.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(const Preferences &current, QWidget *parent = nullptr);

    Preferences preferences() const;

private:
    QWidget *createGeneralPage(const Preferences &current);
    QWidget *createFabricPage(const Preferences &current);
    void updateFabricFields();

    QSpinBox *m_autosave;
    QComboBox *m_theme;
    QSpinBox *m_grid;
    QComboBox *m_fabric;
    QComboBox *m_tiers;
    QDoubleSpinBox *m_oversubscription;
    QComboBox *m_leaf;
    QComboBox *m_spine;
    QComboBox *m_language;
    QLineEdit *m_author;
};

} // namespace topoplan
