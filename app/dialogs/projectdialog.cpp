#include "app/dialogs/projectdialog.h"

#include "engine/document/hardware.h"
#include "engine/model/hostnames.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QVBoxLayout>

namespace topoplan {

namespace {

constexpr int kMaxNameLength = 200;     // a title, not a document
constexpr int kMaxRevisionLength = 40;  // "B", "2.1", "2026-12 draft 3"
constexpr int kMaxPatternLength = 4096; // a host list of many ranges still fits

// The value the spin box stands for: `shown` (the file's, perhaps with more decimals than the
// box has) while the box still shows it rounded, so that OK without an edit changes nothing.
double unrounded(const QDoubleSpinBox *box, double shown)
{
    return box->value() == box->valueFromText(box->textFromValue(shown)) ? shown : box->value();
}

} // namespace

ProjectDialog::ProjectDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_name(new QLineEdit(this))
    , m_revision(new QLineEdit(this))
    , m_description(new QPlainTextEdit(this))
    , m_hostNames(new QLineEdit(this))
    , m_hostSummary(new QLabel(this))
    , m_floor(new QGroupBox(tr("&Floor: racks stand in rows (cables are measured)"), this))
    , m_racksPerRow(new QSpinBox(m_floor))
    , m_rackWidth(new QDoubleSpinBox(m_floor))
    , m_rowPitch(new QDoubleSpinBox(m_floor))
    , m_networkRow(new QComboBox(m_floor))
    , m_floorView(new FloorView(m_floor))
    , m_placed(new QLabel(m_floor))
    , m_refill(new QPushButton(tr("Fill the rows &again"), m_floor))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("projectDialog"));
    setWindowTitle(tr("Project Properties"));
    const ProjectInfo info = document->projectInfo();

    m_name->setObjectName(QStringLiteral("projectName"));
    m_name->setMaxLength(kMaxNameLength);
    m_name->setText(info.name);
    m_name->setPlaceholderText(document->displayName());
    m_revision->setObjectName(QStringLiteral("projectRevision"));
    m_revision->setMaxLength(kMaxRevisionLength);
    m_revision->setText(info.revision);
    m_revision->setPlaceholderText(tr("for example B or 2.1"));
    m_description->setObjectName(QStringLiteral("projectDescription"));
    m_description->setPlainText(info.description);
    m_description->setTabChangesFocus(true);
    m_description->setMinimumHeight(80);
    m_description->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_hostNames->setObjectName(QStringLiteral("projectHostNames"));
    m_hostNames->setMaxLength(kMaxPatternLength);
    m_hostNames->setText(info.hostNames);
    m_hostNames->setPlaceholderText(tr("for example dgx[001-128]; empty: the node names"));
    m_hostSummary->setObjectName(QStringLiteral("projectHostSummary"));
    m_hostSummary->setWordWrap(true);
    m_hostSummary->setMinimumWidth(440);
    // Room for the longest answer (an error that quotes the pattern) from the start: the
    // dialog does not grow with a wrapped label's text.
    m_hostSummary->setMinimumHeight(3 * m_hostSummary->fontMetrics().lineSpacing());
    m_hostSummary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_hostSummary->setTextFormat(Qt::PlainText);

    // The floor: the engine's defaults when the project has none yet.
    const FloorPlan floor = info.floor.value_or(FloorPlan{});
    m_handPlaced = floor.racks;
    m_shown = floor;
    m_floor->setObjectName(QStringLiteral("projectFloor"));
    m_floor->setCheckable(true);
    m_floor->setChecked(info.floor.has_value());
    m_racksPerRow->setObjectName(QStringLiteral("floorRacksPerRow"));
    m_racksPerRow->setRange(1, kMaxRacksPerRow);
    m_racksPerRow->setValue(floor.racksPerRow);
    m_rackWidth->setObjectName(QStringLiteral("floorRackWidth"));
    m_rackWidth->setRange(kMinRackWidthM, kMaxRackWidthM);
    m_rackWidth->setDecimals(2);
    m_rackWidth->setSingleStep(0.05);
    m_rackWidth->setSuffix(tr(" m"));
    m_rackWidth->setValue(floor.rackWidthM);
    m_rowPitch->setObjectName(QStringLiteral("floorRowPitch"));
    m_rowPitch->setRange(kMinRowPitchM, kMaxRowPitchM);
    m_rowPitch->setDecimals(2);
    m_rowPitch->setSingleStep(0.1);
    m_rowPitch->setSuffix(tr(" m"));
    m_rowPitch->setValue(floor.rowPitchM);
    m_networkRow->setObjectName(QStringLiteral("floorNetworkRow"));
    m_networkRow->addItem(tr("In a row after the compute rows"), int(NetworkRow::End));
    m_networkRow->addItem(tr("In a row amid the compute rows"), int(NetworkRow::Middle));
    m_networkRow->setCurrentIndex(m_networkRow->findData(int(floor.networkRow)));
    auto *floorForm = new QFormLayout(m_floor);
    floorForm->addRow(tr("Ra&cks a row:"), m_racksPerRow);
    floorForm->addRow(tr("Rack &width:"), m_rackWidth);
    floorForm->addRow(tr("Row &pitch:"), m_rowPitch);
    floorForm->addRow(tr("Ne&twork racks:"), m_networkRow);
    m_floorView->setObjectName(QStringLiteral("floorView"));
    m_floorView->setToolTip(tr("Drag a rack, or select it and use the arrow keys, to place it by "
                               "hand; the other racks fill the rows around it."));
    m_placed->setObjectName(QStringLiteral("floorPlaced"));
    // One line: wrapped, it would give the floor group a height for its width, which the
    // dialog's layout then squeezes under the notes.
    m_placed->setWordWrap(false);
    m_refill->setObjectName(QStringLiteral("floorRefill"));
    m_refill->setToolTip(tr("Forget the places given by hand: every rack fills the rows in "
                            "order."));
    floorForm->addRow(m_floorView);
    auto *placedRow = new QHBoxLayout;
    placedRow->addWidget(m_placed, 1);
    placedRow->addWidget(m_refill);
    floorForm->addRow(placedRow);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Revision:"), m_revision);
    form->addRow(tr("&Description:"), m_description);
    form->addRow(tr("&Host names:"), m_hostNames);
    // Below the form, not in it: a wrapped label in a form row gets the height of one line
    // and its second line is drawn under whatever follows.
    auto *column = new QVBoxLayout(this);
    column->addLayout(form);
    column->addWidget(m_hostSummary);
    column->addWidget(m_floor);
    auto *note = new QLabel(tr("The report's title block prints the name and revision. The host "
                               "names are a Slurm host list; the scheduler files and the "
                               "cabling plan name the servers (and the trays of rack-scale "
                               "systems) with them, in order. With the floor stated, the bill "
                               "of materials and the cabling workbook measure every cable from "
                               "where its racks stand and choose copper or fibre by reach."),
                            this);
    note->setWordWrap(true);
    column->addWidget(note);
    column->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_hostNames, &QLineEdit::textChanged, this, &ProjectDialog::checkHostNames);
    connect(m_racksPerRow, &QSpinBox::valueChanged, this, &ProjectDialog::showFloor);
    connect(m_networkRow, &QComboBox::currentIndexChanged, this, &ProjectDialog::showFloor);
    connect(m_floorView, &FloorView::rackMoved, this, &ProjectDialog::placeRack);
    connect(m_refill, &QPushButton::clicked, this, [this] {
        m_handPlaced.clear();
        showFloor();
    });
    // The document may be replaced (a file opened in the background) while the dialog is up.
    connect(document, &QObject::destroyed, this, &QDialog::reject);
    checkHostNames();
    showFloor();
    // Its whole height where the screen has it: Qt's first size stops at two thirds of the
    // screen, which squeezes the floor view under the wrapped notes.
    QSize size = sizeHint();
    if (const QScreen *s = screen())
        size = size.boundedTo(s->availableSize() * 9 / 10);
    resize(size);
}

FloorPlan ProjectDialog::shownFloor() const
{
    FloorPlan f;
    f.racksPerRow = m_racksPerRow->value();
    f.rackWidthM = unrounded(m_rackWidth, m_shown.rackWidthM);
    f.rowPitchM = unrounded(m_rowPitch, m_shown.rowPitchM);
    f.networkRow = NetworkRow(m_networkRow->currentData().toInt());
    f.racks = m_handPlaced;
    return f;
}

void ProjectDialog::showFloor()
{
    if (!m_document)
        return;
    Expected<std::map<std::string, FloorRack>> racks
            = floorRacks(m_document->project(), m_document->catalog(), shownFloor());
    m_sites = racks ? std::move(*racks) : std::map<std::string, FloorRack>{};
    std::set<std::string> byHand;
    int placed = 0;
    for (const auto &[name, spot] : m_handPlaced)
        if (m_sites.count(name)) {
            byHand.insert(name);
            ++placed;
        }
    m_floorView->setRacks(m_sites, byHand, m_racksPerRow->value());
    const int unknown = int(m_handPlaced.size()) - placed;
    if (!racks)
        m_placed->setText(tr("The racks cannot be planned: %1")
                                  .arg(QString::fromStdString(racks.error().message)));
    else if (m_handPlaced.empty())
        m_placed->setText(tr("%n rack(s) fill the rows in order.", nullptr, int(m_sites.size())));
    else
        m_placed->setText(tr("%n rack(s) placed by hand; the others fill the rows around them.",
                             nullptr, placed)
                          + (unknown > 0 ? QLatin1Char(' ')
                                                   + tr("%n placed in the file but not in the "
                                                        "design.",
                                                        nullptr, unknown)
                                         : QString()));
    m_refill->setEnabled(!m_handPlaced.empty());
}

void ProjectDialog::placeRack(const QString &name, int row, int position)
{
    const std::string id = name.toStdString();
    auto it = m_sites.find(id);
    if (it == m_sites.end())
        return;
    const RackSpot from = it->second.site.spot, to{row, position};
    // A rack placed by hand at the spot swaps places; one that only filled it moves on.
    for (auto &[other, spot] : m_handPlaced)
        if (other != id && spot == to)
            spot = from;
    m_handPlaced[id] = to;
    showFloor();
}

ProjectInfo ProjectDialog::info() const
{
    ProjectInfo out{m_name->text().trimmed(), m_description->toPlainText(),
                    m_revision->text().trimmed(), m_hostNames->text().trimmed(), std::nullopt};
    if (m_floor->isChecked())
        out.floor = shownFloor();
    return out;
}

QString ProjectDialog::hostSummary() const
{
    return m_hostSummary->text();
}

void ProjectDialog::checkHostNames()
{
    if (!m_document)
        return;
    const QString pattern = m_hostNames->text().trimmed();
    const Topology &t = m_document->project().topology;
    const int hosts = hostCount(t, m_document->catalog());
    bool ok = true;
    if (pattern.isEmpty()) {
        m_hostSummary->setText(tr("The hosts take the node names (%n host(s)).", nullptr, hosts));
    } else {
        Expected<std::vector<std::string>> names
                = patternHostNames(pattern.toStdString(), t, m_document->catalog());
        if (!names) {
            ok = false;
            m_hostSummary->setText(QString::fromStdString(names.error().message));
        } else if (hosts == 0) {
            m_hostSummary->setText(
                    tr("%n name(s); the design has no host yet.", nullptr, int(names->size())));
        } else {
            const QString first = QString::fromStdString(names->front());
            const QString last = QString::fromStdString((*names)[std::size_t(hosts) - 1]);
            const int spare = int(names->size()) - hosts;
            QString text
                    = hosts == 1
                              ? tr("The host is named %1.").arg(first)
                              : tr("The %1 hosts are named %2 to %3.").arg(hosts).arg(first, last);
            if (spare > 0)
                text += QLatin1Char(' ') + tr("%n more name(s) kept for growth.", nullptr, spare);
            m_hostSummary->setText(text);
        }
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace topoplan
