#include "app/dialogs/preferences.h"

#include "app/common/hardwaretext.h"
#include "app/common/units.h"

#include "engine/model/catalog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QLocale>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace topoplan {

namespace {

const char *const kAutosaveKey = "preferences/autosaveSeconds";
const char *const kThemeKey = "preferences/theme";
const char *const kGridKey = "preferences/gridSize";
const char *const kFabricKey = "preferences/fabric/kind";
const char *const kTiersKey = "preferences/fabric/tiers";
const char *const kOversubscriptionKey = "preferences/fabric/oversubscription";
const char *const kLeafKey = "preferences/fabric/leaf";
const char *const kSpineKey = "preferences/fabric/spine";
const char *const kLanguageKey = "preferences/language";
const char *const kAuthorKey = "preferences/author";

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

// A switch model of the built-in catalog, else empty (the generator's choice).
QString knownSwitch(const QString &id)
{
    return Catalog::builtin().switches().count(id.toStdString()) ? id : QString();
}

void selectData(QComboBox *box, const QVariant &data)
{
    box->setCurrentIndex(std::max(0, box->findData(data)));
}

} // namespace

QStringList Preferences::languages()
{
    return {QStringLiteral("en"), QStringLiteral("de")};
}

Preferences Preferences::load()
{
    const QSettings s;
    const Preferences defaults;
    Preferences p;
    p.autosaveSeconds = std::clamp(s.value(key(kAutosaveKey), defaults.autosaveSeconds).toInt(), 0,
                                   kMaxAutosaveSeconds);
    p.theme = Theme::fromKey(s.value(key(kThemeKey)).toString());
    p.gridSize = std::clamp(s.value(key(kGridKey), defaults.gridSize).toInt(), 0, kMaxGridSize);
    const std::optional<FabricKind> fabric = fabricKindFromString(
            s.value(key(kFabricKey), QString::fromLatin1(toString(defaults.fabric)))
                    .toString()
                    .toStdString());
    p.fabric = fabric.value_or(defaults.fabric);
    p.tiers = s.value(key(kTiersKey), defaults.tiers).toInt() == 3 ? 3 : 2;
    bool ok = false;
    const double ratio
            = s.value(key(kOversubscriptionKey), defaults.oversubscription).toDouble(&ok);
    p.oversubscription
            = ok && ratio >= 1 && ratio <= kMaxOversubscription ? ratio : defaults.oversubscription;
    p.leafModel = knownSwitch(s.value(key(kLeafKey)).toString());
    p.spineModel = knownSwitch(s.value(key(kSpineKey)).toString());
    const QString language = s.value(key(kLanguageKey)).toString();
    p.language = languages().contains(language) ? language : QString();
    p.author = s.value(key(kAuthorKey)).toString().simplified().left(200);
    return p;
}

void Preferences::save() const
{
    QSettings s;
    s.setValue(key(kAutosaveKey), autosaveSeconds);
    s.setValue(key(kThemeKey), Theme::key(theme));
    s.setValue(key(kGridKey), gridSize);
    s.setValue(key(kFabricKey), QString::fromLatin1(toString(fabric)));
    s.setValue(key(kTiersKey), tiers);
    s.setValue(key(kOversubscriptionKey), oversubscription);
    s.setValue(key(kLeafKey), leafModel);
    s.setValue(key(kSpineKey), spineModel);
    s.setValue(key(kLanguageKey), language);
    s.setValue(key(kAuthorKey), author);
}

GeneratorOptions Preferences::fabricOptions() const
{
    GeneratorOptions o;
    o.fabric = fabric;
    o.tiers = tiers;
    o.oversubscription = oversubscription;
    o.leaf = leafModel.toStdString();
    o.spine = spineModel.toStdString();
    return o;
}

PreferencesDialog::PreferencesDialog(const Preferences &current, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createGeneralPage(current));
    layout->addWidget(createFabricPage(current));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    updateFabricFields();
}

QWidget *PreferencesDialog::createGeneralPage(const Preferences &current)
{
    auto *group = new QGroupBox(tr("Editor"), this);
    auto *form = new QFormLayout(group);

    m_autosave = new QSpinBox(group);
    m_autosave->setObjectName(QStringLiteral("autosaveSeconds"));
    m_autosave->setRange(0, Preferences::kMaxAutosaveSeconds);
    m_autosave->setSingleStep(15);
    m_autosave->setSuffix(tr(" s"));
    m_autosave->setSpecialValueText(tr("Off"));
    m_autosave->setValue(current.autosaveSeconds);
    m_autosave->setToolTip(tr("How often unsaved changes are written to a recovery file, which "
                              "TopoPlan offers to restore after a crash."));
    form->addRow(tr("&Autosave every:"), m_autosave);

    m_theme = new QComboBox(group);
    m_theme->setObjectName(QStringLiteral("theme"));
    for (Theme::Mode mode : {Theme::Mode::System, Theme::Mode::Light, Theme::Mode::Dark})
        m_theme->addItem(Theme::displayName(mode), Theme::key(mode));
    selectData(m_theme, Theme::key(current.theme));
    form->addRow(tr("&Colours:"), m_theme);

    m_author = new QLineEdit(current.author, group);
    m_author->setObjectName(QStringLiteral("author"));
    m_author->setMaxLength(200);
    m_author->setPlaceholderText(tr("Your name, for the design report"));
    m_author->setToolTip(tr("The name an exported design report prints as its author."));
    form->addRow(tr("A&uthor:"), m_author);

    m_language = new QComboBox(group);
    m_language->setObjectName(QStringLiteral("language"));
    const QString system = QLocale::system().nativeLanguageName();
    m_language->addItem(system.isEmpty() ? tr("As the system")
                                         : tr("As the system (%1)").arg(system),
                        QString());
    for (const QString &code : Preferences::languages())
        m_language->addItem(QLocale(code).nativeLanguageName(), code);
    selectData(m_language, current.language);
    m_language->setToolTip(tr("The language of menus, panels and messages. It changes when "
                              "TopoPlan starts next."));
    form->addRow(tr("&Language:"), m_language);

    m_grid = new QSpinBox(group);
    m_grid->setObjectName(QStringLiteral("gridSize"));
    m_grid->setRange(0, Preferences::kMaxGridSize);
    m_grid->setSingleStep(5);
    m_grid->setSuffix(tr(" px"));
    m_grid->setSpecialValueText(tr("No snapping"));
    m_grid->setValue(current.gridSize);
    m_grid->setToolTip(tr("Moved items snap to a grid of this size (at 100 % zoom)."));
    form->addRow(tr("&Grid:"), m_grid);
    return group;
}

QWidget *PreferencesDialog::createFabricPage(const Preferences &current)
{
    auto *group = new QGroupBox(tr("New fabrics"), this);
    group->setToolTip(tr("What \"Add fabric\" proposes for the selected nodes."));
    auto *form = new QFormLayout(group);

    m_fabric = new QComboBox(group);
    m_fabric->setObjectName(QStringLiteral("fabric"));
    m_fabric->addItem(tr("Rail-optimized"),
                      QString::fromLatin1(toString(FabricKind::RailOptimized)));
    m_fabric->addItem(tr("Fat tree"), QString::fromLatin1(toString(FabricKind::FatTree)));
    m_fabric->addItem(tr("None"), QString::fromLatin1(toString(FabricKind::None)));
    selectData(m_fabric, QString::fromLatin1(toString(current.fabric)));
    connect(m_fabric, &QComboBox::currentIndexChanged, this,
            &PreferencesDialog::updateFabricFields);
    form->addRow(tr("&Design:"), m_fabric);

    m_tiers = new QComboBox(group);
    m_tiers->setObjectName(QStringLiteral("tiers"));
    m_tiers->addItem(tr("2 (leaf, spine)"), 2);
    m_tiers->addItem(tr("3 (leaf, spine, core)"), 3);
    selectData(m_tiers, current.tiers);
    form->addRow(tr("&Tiers:"), m_tiers);

    m_oversubscription = new QDoubleSpinBox(group);
    m_oversubscription->setObjectName(QStringLiteral("oversubscription"));
    m_oversubscription->setRange(1, Preferences::kMaxOversubscription);
    m_oversubscription->setDecimals(1);
    m_oversubscription->setSingleStep(0.5);
    m_oversubscription->setSuffix(tr(" : 1", "oversubscription ratio, downlinks : uplinks"));
    m_oversubscription->setValue(current.oversubscription);
    m_oversubscription->setToolTip(tr("Leaf downlinks per uplink; 1 is non-blocking."));
    form->addRow(tr("&Oversubscription:"), m_oversubscription);

    m_leaf = new QComboBox(group);
    m_leaf->setObjectName(QStringLiteral("leafModel"));
    m_leaf->addItem(tr("Matching the NIC speed"), QString());
    m_spine = new QComboBox(group);
    m_spine->setObjectName(QStringLiteral("spineModel"));
    m_spine->addItem(tr("Same as the leaves"), QString());
    for (const auto &[id, model] : Catalog::builtin().switches()) {
        const QString text = tr("%1 (%2 x %3)")
                                     .arg(shortModelName(id))
                                     .arg(model.ports)
                                     .arg(units::lineRate(model.portGbits));
        m_leaf->addItem(text, QString::fromStdString(id));
        m_spine->addItem(text, QString::fromStdString(id));
    }
    selectData(m_leaf, current.leafModel);
    selectData(m_spine, current.spineModel);
    form->addRow(tr("&Leaf switches:"), m_leaf);
    form->addRow(tr("&Spine and core switches:"), m_spine);
    return group;
}

void PreferencesDialog::updateFabricFields()
{
    const bool fabric
            = m_fabric->currentData().toString() != QString::fromLatin1(toString(FabricKind::None));
    for (QWidget *w : {static_cast<QWidget *>(m_tiers), static_cast<QWidget *>(m_oversubscription),
                       static_cast<QWidget *>(m_leaf), static_cast<QWidget *>(m_spine)})
        w->setEnabled(fabric);
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.autosaveSeconds = m_autosave->value();
    p.theme = Theme::fromKey(m_theme->currentData().toString());
    p.gridSize = m_grid->value();
    p.fabric = fabricKindFromString(m_fabric->currentData().toString().toStdString())
                       .value_or(FabricKind::RailOptimized);
    p.tiers = m_tiers->currentData().toInt();
    p.oversubscription = m_oversubscription->value();
    p.leafModel = m_leaf->currentData().toString();
    p.spineModel = m_spine->currentData().toString();
    p.language = m_language->currentData().toString();
    p.author = m_author->text().simplified();
    return p;
}

} // namespace topoplan
