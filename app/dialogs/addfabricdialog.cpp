#include "app/dialogs/addfabricdialog.h"

#include "app/document/document.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace topoplan {

namespace {

constexpr double kMaxOversubscription = 16; // beyond any fabric built for training

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

AddFabricDialog::AddFabricDialog(Document *document, const std::vector<std::string> &nodeIds,
                                 QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_nodeIds(nodeIds)
    , m_kind(new QComboBox(this))
    , m_tiers(new QComboBox(this))
    , m_leaf(switchModelBox(tr("Default for the nodes' NICs")))
    , m_spine(switchModelBox(tr("Same as the leaves")))
    , m_core(switchModelBox(tr("Same as the spines")))
    , m_oversubscription(new QDoubleSpinBox(this))
    , m_planes(new QSpinBox(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("addFabricDialog"));
    setWindowTitle(tr("Add Fabric"));
    m_kind->addItem(tr("Rail-optimized"), QLatin1String(toString(FabricKind::RailOptimized)));
    m_kind->addItem(tr("Fat tree"), QLatin1String(toString(FabricKind::FatTree)));
    m_kind->addItem(tr("Rail-only (a network per rail, no spine joining rails)"),
                    QLatin1String(toString(FabricKind::RailOnly)));
    m_planes->setObjectName(QStringLiteral("addFabricPlanes"));
    m_planes->setRange(1, kMaxPlanes);
    m_planes->setValue(1);
    m_planes->setToolTip(tr("Independent planes: each node's NICs spread over them, each plane "
                            "a fabric of its own, so that 2 tiers reach that many times further"));
    m_tiers->addItem(tr("2 (leaf, spine)"), 2);
    m_tiers->addItem(tr("3 (leaf, spine, core)"), 3);
    m_oversubscription->setRange(1, kMaxOversubscription);
    m_oversubscription->setSingleStep(0.5);
    m_oversubscription->setDecimals(2);
    m_oversubscription->setValue(1);
    m_oversubscription->setSuffix(tr(" : 1"));
    m_oversubscription->setToolTip(tr("Downlinks to uplinks of a leaf (and of a spine toward the "
                                      "cores); 1 : 1 is non-blocking"));
    m_summary->setObjectName(QStringLiteral("addFabricSummary"));
    m_summary->setWordWrap(true);
    m_summary->setMinimumWidth(360);

    auto *form = new QFormLayout;
    form->addRow(tr("&Fabric:"), m_kind);
    form->addRow(tr("&Tiers:"), m_tiers);
    form->addRow(tr("&Leaf switches:"), m_leaf);
    form->addRow(tr("&Spine switches:"), m_spine);
    form->addRow(tr("&Core switches:"), m_core);
    form->addRow(tr("&Oversubscription:"), m_oversubscription);
    form->addRow(tr("&Planes:"), m_planes);
    auto *column = new QVBoxLayout(this);
    // English has no plural forms file; the singular is its own text.
    const int n = int(nodeIds.size());
    auto *intro = new QLabel(
            n == 1 ? tr("Cables 1 node into a new fabric; the switches are placed in their lanes.")
                   : tr("Cables %n nodes into a new fabric; the switches are placed in their "
                        "lanes.",
                        nullptr, n),
            this);
    intro->setObjectName(QStringLiteral("addFabricIntro"));
    intro->setWordWrap(true);
    column->addWidget(intro);
    column->addLayout(form);
    column->addWidget(m_summary);
    column->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QComboBox *box : {m_kind, m_tiers, m_leaf, m_spine, m_core})
        connect(box, &QComboBox::currentIndexChanged, this, &AddFabricDialog::recompute);
    connect(m_oversubscription, &QDoubleSpinBox::valueChanged, this, &AddFabricDialog::recompute);
    connect(m_planes, &QSpinBox::valueChanged, this, &AddFabricDialog::recompute);
    connect(document, &QObject::destroyed, this, &QDialog::reject);
    recompute();
}

QComboBox *AddFabricDialog::switchModelBox(const QString &defaultText)
{
    auto *box = new QComboBox(this);
    box->addItem(defaultText, QString());
    if (m_document) {
        for (const auto &[id, model] : m_document->catalog().switches()) {
            box->addItem(qs(model.name), qs(id));
            box->setItemData(box->count() - 1, qs(id), Qt::ToolTipRole);
        }
    }
    return box;
}

GeneratorOptions AddFabricDialog::options() const
{
    GeneratorOptions o;
    o.fabric = fabricKindFromString(m_kind->currentData().toString().toStdString())
                       .value_or(FabricKind::RailOptimized);
    o.tiers = m_tiers->currentData().toInt();
    o.leaf = m_leaf->currentData().toString().toStdString();
    o.spine = m_spine->currentData().toString().toStdString();
    o.core = m_core->currentData().toString().toStdString();
    o.oversubscription = m_oversubscription->value();
    o.planes = m_planes->value();
    return o;
}

void AddFabricDialog::setOptions(const GeneratorOptions &options)
{
    const auto select = [](QComboBox *box, const QVariant &data) {
        const int index = box->findData(data);
        box->setCurrentIndex(index < 0 ? 0 : index);
    };
    select(m_kind, QLatin1String(toString(options.fabric)));
    select(m_tiers, options.tiers);
    select(m_leaf, qs(options.leaf));
    select(m_spine, qs(options.spine));
    select(m_core, qs(options.core));
    m_oversubscription->setValue(options.oversubscription);
    m_planes->setValue(options.planes);
    recompute();
}

QString AddFabricDialog::summary() const
{
    return m_summary->text();
}

void AddFabricDialog::recompute()
{
    m_result.reset();
    m_core->setEnabled(m_tiers->currentData().toInt() == 3);
    if (!m_document)
        return;
    Expected<FabricDelta> delta
            = generateFabric(m_document->project(), m_nodeIds, options(), m_document->catalog());
    if (!delta) {
        const Error &e = delta.error();
        // Node errors name the node in `where`; option errors name the command-line option,
        // which the field labels say here.
        const bool node = !e.where.empty() && e.where.front() != '-';
        m_summary->setText(node ? tr("%1: %2").arg(qs(e.where), qs(e.message)) : qs(e.message));
    } else {
        int tiers[3] = {0, 0, 0};
        for (const Switch &s : delta->switches)
            ++tiers[s.tier == Tier::Leaf ? 0 : s.tier == Tier::Spine ? 1 : 2];
        int cables = 0;
        for (const Link &l : delta->links)
            cables += l.count;
        m_summary->setText(tr("Adds %1 leaf, %2 spine and %3 core switches and %4 links "
                              "(%5 cables).")
                                   .arg(tiers[0])
                                   .arg(tiers[1])
                                   .arg(tiers[2])
                                   .arg(delta->links.size())
                                   .arg(cables));
        m_result = std::move(*delta);
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_result.has_value());
}

} // namespace topoplan
