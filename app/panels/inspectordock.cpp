#include "app/panels/inspectordock.h"

#include "app/common/changeevent.h"
#include "app/document/document.h"
#include "app/document/propertycommands.h"

#include "engine/edit/editing.h"
#include "engine/model/domainrules.h"
#include "engine/model/naming.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

namespace topoplan {

namespace {

constexpr int kMaxCables = 1024;     // a bundle larger than any switch's radix; validation decides
constexpr int kComboCharacters = 22; // "NVIDIA Quantum-2 QM9700"

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString mixedText()
{
    return InspectorDock::tr("Mixed");
}

// The "Mixed" entry of a combo box: no value of its own, marked in a role of its own.
constexpr int kMixedRole = Qt::UserRole + 1;

// Shows `value` in `box` (the item whose data is `value`), or "Mixed" when `mixed`.
void showValue(QComboBox *box, const QString &value, bool mixed)
{
    const QSignalBlocker blocker(box);
    const int mixedIndex = box->findData(true, kMixedRole);
    if (mixed) {
        if (mixedIndex < 0) {
            box->insertItem(0, mixedText());
            box->setItemData(0, true, kMixedRole);
        }
        box->setCurrentIndex(box->findData(true, kMixedRole));
        return;
    }
    if (mixedIndex >= 0)
        box->removeItem(mixedIndex);
    box->setCurrentIndex(box->findData(value));
}

// The value all `values` share, or nothing when they differ (or there are none).
std::optional<QString> common(const QStringList &values)
{
    if (values.isEmpty())
        return std::nullopt;
    for (const QString &v : values) {
        if (v != values.first())
            return std::nullopt;
    }
    return values.first();
}

} // namespace

struct InspectorDock::Selection
{
    std::vector<std::string> ids; // sorted
    std::vector<const Domain *> domains;
    std::vector<const Node *> nodes;
    std::vector<const Switch *> switches;
    std::vector<const Link *> links;

    int count() const
    {
        return int(domains.size() + nodes.size() + switches.size() + links.size());
    }
};

InspectorDock::InspectorDock(QWidget *parent)
    : QDockWidget(tr("Properties"), parent)
    , m_form(new QFormLayout)
    , m_title(new QLabel)
    , m_name(new QLineEdit)
    , m_model(new QComboBox)
    , m_tier(new QComboBox)
    , m_role(new QComboBox)
    , m_domain(new QComboBox)
    , m_medium(new QComboBox)
    , m_count(new QSpinBox)
    , m_size(new QSpinBox)
    , m_failed(new QCheckBox(tr("Failed (what-if)")))
    , m_assumedRow(new QWidget)
    , m_assumedText(new QLabel)
    , m_confirmModel(new QPushButton(tr("Confirm Model")))
    , m_message(new QLabel)
    , m_offer(new QPushButton)
{
    setObjectName(QStringLiteral("inspectorDock"));
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(0);
    connect(&m_refreshTimer, &QTimer::timeout, this, &InspectorDock::refresh);
    auto *body = new QWidget(this);
    auto *column = new QVBoxLayout(body);
    m_title->setObjectName(QStringLiteral("inspectorTitle"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    column->addWidget(m_title);
    column->addLayout(m_form);
    m_message->setObjectName(QStringLiteral("inspectorMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setStyleSheet(QStringLiteral("color: #d0453a"));
    m_message->hide();
    column->addWidget(m_message);
    m_offer->setObjectName(QStringLiteral("inspectorOffer"));
    m_offer->hide();
    connect(m_offer, &QPushButton::clicked, this, [this] {
        if (!m_document)
            return;
        Expected<ModelChangeWithMedia> change
                = modelChangeWithMedia(m_document, m_offerIds, m_offerModel);
        if (!change) {
            setMessage(tr("Not changed: %1").arg(qs(change.error().message)),
                       qs(change.error().where));
            return;
        }
        setMessage({});
        m_document->undoStack()->push(change->command.release());
    });
    column->addWidget(m_offer, 0, Qt::AlignLeft);
    column->addStretch(1);
    body->setWhatsThis(
            tr("<b>Properties</b><p>The name, model and settings of what is selected on the "
               "canvas. An edit here is one undo step; one the engine refuses is explained in "
               "red below the fields.</p>"));
    setWidget(body);

    m_name->setObjectName(QStringLiteral("inspectorName"));
    m_model->setObjectName(QStringLiteral("inspectorModel"));
    m_tier->setObjectName(QStringLiteral("inspectorTier"));
    m_role->setObjectName(QStringLiteral("inspectorRole"));
    m_domain->setObjectName(QStringLiteral("inspectorDomain"));
    m_medium->setObjectName(QStringLiteral("inspectorMedium"));
    m_count->setObjectName(QStringLiteral("inspectorCount"));
    m_size->setObjectName(QStringLiteral("inspectorSize"));
    m_size->setKeyboardTracking(false);
    m_size->setSuffix(tr(" GPUs"));
    m_failed->setObjectName(QStringLiteral("inspectorFailed"));
    m_failed->setToolTip(tr("Left out of the analysis, which routes around it, until repaired"));
    m_name->setClearButtonEnabled(true);
    m_tier->addItem(tr("Leaf"), QStringLiteral("leaf"));
    m_tier->addItem(tr("Spine"), QStringLiteral("spine"));
    m_tier->addItem(tr("Core"), QStringLiteral("core"));
    m_role->addItem(tr("Compute"), QStringLiteral("compute"));
    m_role->addItem(tr("Storage"), QStringLiteral("storage"));
    m_role->addItem(tr("Management"), QStringLiteral("management"));
    // Long catalog names must not widen the dock: combos size to a few words and elide.
    for (QComboBox *box : {m_model, m_tier, m_role, m_domain, m_medium}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(kComboCharacters);
    }
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_count->setRange(1, kMaxCables);
    m_count->setKeyboardTracking(false);

    m_form->addRow(tr("Name:"), m_name);
    m_form->addRow(tr("Model:"), m_model);
    // An import's assumption, said under the model it concerns, with the one action it needs.
    auto *assumedLayout = new QHBoxLayout(m_assumedRow);
    assumedLayout->setContentsMargins(0, 0, 0, 0);
    m_assumedText->setObjectName(QStringLiteral("inspectorAssumed"));
    m_assumedText->setWordWrap(true);
    m_assumedText->setStyleSheet(QStringLiteral("color: #b26a00"));
    m_confirmModel->setObjectName(QStringLiteral("inspectorConfirmModel"));
    m_confirmModel->setToolTip(
            tr("The import took this model from what the files show (a fabric dump shows "
               "NICs, not GPUs). Confirm it once you know the servers hold it, or choose the "
               "right model above: either ends the warning."));
    assumedLayout->addWidget(m_assumedText, 1);
    assumedLayout->addWidget(m_confirmModel);
    m_form->addRow(QString(), m_assumedRow);
    m_form->addRow(tr("Tier:"), m_tier);
    m_form->addRow(tr("Fabric role:"), m_role);
    m_form->addRow(tr("NVLink domain:"), m_domain);
    m_form->addRow(tr("Medium:"), m_medium);
    m_form->addRow(tr("Cables:"), m_count);
    m_form->addRow(tr("Size:"), m_size);
    m_ports = new QLabel(body);
    m_ports->setObjectName(QStringLiteral("inspectorPorts"));
    m_ports->setWordWrap(true);
    m_ports->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_ports->setToolTip(tr("The ports each end takes, as the project file counts them; rail n is "
                           "a server's NIC n-1"));
    m_form->addRow(tr("Ports:"), m_ports);
    m_form->addRow(tr("State:"), m_failed);
    connectFields();
    refresh();
}

InspectorDock::~InspectorDock() = default;

void InspectorDock::connectFields()
{
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        const QString text = m_name->text().trimmed();
        if (m_nameMixed ? text.isEmpty() : text == m_commonName)
            return;
        apply(Property::Name, text);
    });
    comboActivated(m_model, Property::Model);
    comboActivated(m_tier, Property::Tier);
    comboActivated(m_role, Property::Role);
    comboActivated(m_domain, Property::Domain);
    comboActivated(m_medium, Property::Medium);
    connect(m_count, &QSpinBox::valueChanged, this, [this](int value) {
        if (value >= 1)
            apply(Property::Count, QString::number(value));
    });
    // -1 is "Mixed" (domains of different sizes selected), 0 "Not stated".
    connect(m_size, &QSpinBox::valueChanged, this, [this](int value) {
        if (value >= 0)
            apply(Property::Size, QString::number(value));
    });
    // A click on a mixed (partially checked) box marks every selected item failed.
    connect(m_failed, &QCheckBox::clicked, this, [this](bool checked) {
        apply(Property::Failed, checked ? QStringLiteral("true") : QStringLiteral("false"));
    });
    connect(m_confirmModel, &QPushButton::clicked, this,
            [this] { apply(Property::ModelAssumed, QStringLiteral("false")); });
}

void InspectorDock::comboActivated(QComboBox *box, Property property)
{
    connect(box, &QComboBox::activated, this, [this, box, property](int index) {
        if (!box->itemData(index, kMixedRole).toBool())
            apply(property, box->itemData(index).toString());
    });
}

void InspectorDock::setDocument(Document *document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    m_mediaCache.clear();
    if (document)
        connect(document, &Document::changed, this, &InspectorDock::onChanged);
    setMessage({});
    m_refreshTimer.stop();
    refresh();
}

bool InspectorDock::apply(Property property, const QString &value)
{
    if (!m_document)
        return false;
    const Selection s = selection();
    QStringList ids;
    for (const std::string &id : s.ids)
        ids.append(qs(id));
    Expected<std::unique_ptr<QUndoCommand>> change
            = propertyChange(m_document, ids, property, value);
    if (!change) {
        const Error &e = change.error();
        setMessage(tr("Not changed: %1").arg(qs(e.message)), qs(e.where));
        if (property == Property::Model)
            offerModelWithMedia(ids, value);
        Q_EMIT refused(m_message->text());
        refresh(); // the field shows the value the document kept
        return false;
    }
    setMessage({});
    if (*change)
        m_document->undoStack()->push(change->release());
    return true;
}

QString InspectorDock::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

bool InspectorDock::isShown(Property property) const
{
    QWidget *field = nullptr;
    switch (property) {
    case Property::Name:
        field = m_name;
        break;
    case Property::Model:
        field = m_model;
        break;
    case Property::Tier:
        field = m_tier;
        break;
    case Property::Role:
        field = m_role;
        break;
    case Property::Domain:
        field = m_domain;
        break;
    case Property::Medium:
        field = m_medium;
        break;
    case Property::Count:
        field = m_count;
        break;
    case Property::Size:
        field = m_size;
        break;
    case Property::Failed:
    case Property::FailedNics:
        field = m_failed;
        break;
    case Property::ModelAssumed:
        field = m_assumedRow;
        break;
    }
    return m_form->isRowVisible(field);
}

void InspectorDock::offerModelWithMedia(const QStringList &ids, const QString &model)
{
    // The engine says whether the links can follow; the change is worked out again on a click.
    const Expected<ModelChangeWithMedia> change = modelChangeWithMedia(m_document, ids, model);
    if (!change || change->links == 0)
        return;
    m_offerIds = ids;
    m_offerModel = model;
    m_offer->setText(tr("Change %n link(s) to %1 too", nullptr, change->links)
                             .arg(change->media.join(QStringLiteral(", "))));
    m_offer->show();
}

void InspectorDock::setMessage(const QString &text, const QString &details)
{
    m_offer->hide();
    m_message->setText(text);
    m_message->setToolTip(details);
    m_message->setVisible(!text.isEmpty());
}

void InspectorDock::onChanged(const ChangeEvent &event)
{
    switch (event.kind) {
    case ChangeEvent::LayoutChanged:
    case ChangeEvent::ProjectChanged:
        return;
    case ChangeEvent::SelectionChanged:
        setMessage({});
        m_refreshTimer.stop();
        refresh();
        return;
    default:
        // A paste or a fabric adds thousands of entries, one event each: look once at the end.
        m_refreshTimer.start();
        return;
    }
}

InspectorDock::Selection InspectorDock::selection() const
{
    Selection s;
    if (!m_document)
        return s;
    const QSet<QString> &selection = m_document->selection();
    if (selection.isEmpty())
        return s;
    for (const QString &id : selection)
        s.ids.push_back(id.toStdString());
    std::sort(s.ids.begin(), s.ids.end());
    // One pass over the topology, in its order, however large the selection.
    const std::unordered_set<std::string> selected(s.ids.begin(), s.ids.end());
    const Topology &t = m_document->project().topology;
    const auto isSelected = [&selected](const std::string &id) {
        return selected.count(id) > 0;
    };
    for (const Domain &d : t.domains) {
        if (isSelected(d.id))
            s.domains.push_back(&d);
    }
    for (const Node &n : t.nodes) {
        if (isSelected(n.id))
            s.nodes.push_back(&n);
    }
    for (const Switch &sw : t.switches) {
        if (isSelected(sw.id))
            s.switches.push_back(&sw);
    }
    for (const Link &l : t.links) {
        if (isSelected(l.id))
            s.links.push_back(&l);
    }
    return s;
}

void InspectorDock::refresh()
{
    const Selection s = selection();
    const int n = s.count();
    if (n == 0) {
        m_title->setText(tr("Nothing selected"));
    } else if (n == 1) {
        const QString id = qs(displayName(m_document->project().topology, s.ids.front()));
        QString kind = tr("Link");
        if (!s.domains.empty())
            kind = tr("NVLink domain");
        else if (!s.nodes.empty())
            kind = tr("Node");
        else if (!s.switches.empty())
            kind = tr("Switch");
        m_title->setText(tr("%1 %2").arg(kind, id));
    } else if (int(s.nodes.size()) == n) {
        m_title->setText(tr("%n nodes selected", nullptr, n));
    } else if (int(s.switches.size()) == n) {
        m_title->setText(tr("%n switches selected", nullptr, n));
    } else if (int(s.links.size()) == n) {
        m_title->setText(tr("%n links selected", nullptr, n));
    } else if (int(s.domains.size()) == n) {
        m_title->setText(tr("%n NVLink domains selected", nullptr, n));
    } else {
        m_title->setText(tr("%n items selected", nullptr, n));
    }

    QStringList names;
    for (const Domain *d : s.domains)
        names.append(qs(d->name));
    for (const Node *node : s.nodes)
        names.append(qs(node->name));
    for (const Switch *sw : s.switches)
        names.append(qs(sw->name));
    m_form->setRowVisible(m_name, !names.isEmpty());
    const std::optional<QString> name = common(names);
    m_nameMixed = !names.isEmpty() && !name;
    m_commonName = name.value_or(QString());
    {
        const QSignalBlocker blocker(m_name);
        m_name->setText(m_commonName);
        m_name->setPlaceholderText(m_nameMixed ? mixedText() : QString());
    }
    refreshModels(s);
    refreshSwitchFields(s);
    refreshDomains(s);
    refreshLinks(s);
    refreshSize(s);
    refreshFailed(s);
    refreshAssumed(s);
}

void InspectorDock::refreshSize(const Selection &s)
{
    const bool shown = !s.domains.empty() && int(s.domains.size()) == s.count();
    m_form->setRowVisible(m_size, shown);
    if (!shown)
        return;
    // The most the selected domains' NVLink generation joins (the engine's rule), what their
    // members hold now, and the size they state.
    const Topology &t = m_document->project().topology;
    const Catalog &catalog = m_document->catalog();
    const std::unordered_map<std::string, int> members = domainMemberGpus(t, catalog);
    std::unordered_set<std::string> ids;
    int limit = kMaxGpusPerDomain, held = 0;
    QStringList sizes;
    for (const Domain *d : s.domains) {
        ids.insert(d->id);
        sizes.append(QString::number(d->gpus));
        if (const auto it = members.find(d->id); it != members.end())
            held = std::max(held, it->second);
    }
    // The generation's limit, from the first member of each (one pass over the nodes).
    for (const Node &n : t.nodes) {
        if (ids.erase(n.domain) > 0) {
            const int capacity = domainCapacity(catalog, Domain{}, &n);
            if (capacity > 0)
                limit = std::min(limit, capacity);
        }
    }
    const std::optional<QString> size = common(sizes);
    const QSignalBlocker blocker(m_size);
    m_size->setRange(size ? 0 : -1, limit);
    m_size->setSpecialValueText(size ? tr("Not stated") : mixedText());
    m_size->setValue(size ? size->toInt() : -1);
    m_size->setToolTip(
            tr("The GPUs the domain's NVLink switches join: 36 for an NVL36 rack, 72 for an "
               "NVL72. Trays beyond it are refused; fewer is a rack being filled. Not stated: "
               "up to what the NVLink generation joins (%1 GPUs). The members hold %2 GPUs "
               "now.")
                    .arg(limit)
                    .arg(held));
}

void InspectorDock::refreshFailed(const Selection &s)
{
    const bool shown = s.domains.empty() && s.count() > 0;
    m_form->setRowVisible(m_failed, shown);
    if (!shown)
        return;
    int failed = 0;
    for (const Node *n : s.nodes)
        failed += n->failed;
    for (const Switch *sw : s.switches)
        failed += sw->failed;
    for (const Link *l : s.links)
        failed += l->failed;
    const QSignalBlocker blocker(m_failed);
    m_failed->setTristate(failed > 0 && failed < s.count());
    m_failed->setCheckState(failed == 0           ? Qt::Unchecked
                            : failed == s.count() ? Qt::Checked
                                                  : Qt::PartiallyChecked);
}

void InspectorDock::refreshAssumed(const Selection &s)
{
    int assumed = 0;
    for (const Node *n : s.nodes)
        assumed += n->modelAssumed;
    m_form->setRowVisible(m_assumedRow, assumed > 0);
    if (assumed == 0)
        return;
    m_assumedText->setText(
            int(s.nodes.size()) == 1
                    ? tr("Model assumed by the import")
                    : tr("Model assumed by the import for %n of these servers", nullptr, assumed));
}

void InspectorDock::refreshModels(const Selection &s)
{
    // One kind of device at a time: server models for nodes, switch models for switches.
    const bool nodes = !s.nodes.empty() && s.switches.empty();
    const bool switches = !s.switches.empty() && s.nodes.empty();
    m_form->setRowVisible(m_model, nodes || switches);
    if (!nodes && !switches)
        return;
    const QSignalBlocker blocker(m_model);
    m_model->clear();
    const Catalog &catalog = m_document->catalog();
    QStringList current;
    if (nodes) {
        for (const auto &[id, server] : catalog.servers())
            m_model->addItem(qs(server.name), qs(id));
        for (const Node *n : s.nodes)
            current.append(qs(n->model));
    } else {
        for (const auto &[id, model] : catalog.switches())
            m_model->addItem(qs(model.name), qs(id));
        for (const Switch *sw : s.switches)
            current.append(qs(sw->model));
    }
    for (int i = 0; i < m_model->count(); ++i)
        m_model->setItemData(i, m_model->itemData(i), Qt::ToolTipRole);
    const std::optional<QString> value = common(current);
    showValue(m_model, value.value_or(QString()), !value);
}

void InspectorDock::refreshSwitchFields(const Selection &s)
{
    const bool shown = !s.switches.empty();
    m_form->setRowVisible(m_tier, shown);
    m_form->setRowVisible(m_role, shown);
    if (!shown)
        return;
    QStringList tiers, roles;
    for (const Switch *sw : s.switches) {
        tiers.append(QLatin1String(toString(sw->tier)));
        roles.append(QLatin1String(toString(sw->role)));
    }
    const std::optional<QString> tier = common(tiers), role = common(roles);
    showValue(m_tier, tier.value_or(QString()), !tier);
    showValue(m_role, role.value_or(QString()), !role);
}

void InspectorDock::refreshDomains(const Selection &s)
{
    const bool shown = !s.nodes.empty();
    m_form->setRowVisible(m_domain, shown);
    if (!shown)
        return;
    const QSignalBlocker blocker(m_domain);
    m_domain->clear();
    m_domain->addItem(tr("None"), QString());

    // Offer only the domains every selected node may join (or is in already), as the engine's
    // rule says: a board server or a rack is offered none, a tray only the domains of its
    // NVLink generation. The rule depends on the server model, so one node per model asks it.
    const Topology &t = m_document->project().topology;
    const Catalog &catalog = m_document->catalog();
    std::map<std::string, const Node *> firstMember; // domain id -> a member
    std::unordered_map<std::string, int> held = domainMemberGpus(t, catalog);
    const auto gpusOf = [&catalog](const Node &n) {
        const ServerModel *server = catalog.server(n.model);
        return server ? server->gpus : 0;
    };
    for (const Node &n : t.nodes) {
        if (!n.domain.empty())
            firstMember.emplace(n.domain, &n);
    }
    std::optional<std::string> refusal; // why a domain was left out, the first one
    for (const Domain &d : t.domains) {
        std::set<std::string> asked; // server models
        std::optional<std::string> why;
        for (const Node *n : s.nodes) {
            if (n->domain == d.id || !asked.insert(n->model).second)
                continue;
            const auto member = firstMember.find(d.id);
            why = domainMembershipRefusal(catalog, *n, d.id,
                                          member == firstMember.end() ? nullptr : member->second);
            if (why)
                break;
        }
        if (!why) {
            // All of them together must fit in its size (the same rule, asked once for the
            // last one with the others counted in).
            const Node *last = nullptr;
            int moving = 0;
            for (const Node *n : s.nodes) {
                if (n->domain != d.id) {
                    moving += gpusOf(*n);
                    last = n;
                }
            }
            if (last)
                why = domainCapacityRefusal(catalog, d, *last, held[d.id] + moving - gpusOf(*last));
        }
        if (why) {
            if (!refusal)
                refusal = why;
            continue;
        }
        const QString label = d.name.empty() ? qs(d.id) : tr("%1 (%2)").arg(qs(d.name), qs(d.id));
        m_domain->addItem(label, qs(d.id));
    }
    const bool offered = m_domain->count() > 1;
    QStringList current;
    for (const Node *n : s.nodes)
        current.append(qs(n->domain));
    const std::optional<QString> value = common(current);
    showValue(m_domain, value.value_or(QString()), !value);

    // With nothing to choose, the field says why instead of offering a choice then refused.
    const bool choice = offered || (value && !value->isEmpty());
    m_domain->setEnabled(choice);
    if (!choice && refusal)
        m_domain->setToolTip(qs(*refusal));
    else if (refusal)
        m_domain->setToolTip(tr("The NVLink domain box the selected trays belong to; the "
                                "domains they cannot join are not offered (%1)")
                                     .arg(qs(*refusal)));
    else
        m_domain->setToolTip(tr("The NVLink domain box the selected trays belong to"));
}

void InspectorDock::refreshLinks(const Selection &s)
{
    const bool shown = !s.links.empty();
    m_form->setRowVisible(m_medium, shown);
    m_form->setRowVisible(m_count, shown);
    // The ports of one link: "dgx-1 NIC 0 (rail 1)" and "leaf-01 port 0", one end a line.
    m_form->setRowVisible(m_ports, s.links.size() == 1);
    if (s.links.size() == 1) {
        const Topology &t = m_document->project().topology;
        const Link &l = *s.links.front();
        m_ports->setText(qs(endpointText(t, l.a, l.count)) + QLatin1Char('\n')
                         + qs(endpointText(t, l.b, l.count)));
    }
    if (!shown)
        return;
    const Catalog &catalog = m_document->catalog();
    {
        const QSignalBlocker blocker(m_medium);
        m_medium->clear();
        for (const QString &id : mediaFor(s)) {
            const Medium *m = catalog.medium(id.toStdString());
            m_medium->addItem(m ? qs(m->name) : id, id);
            m_medium->setItemData(m_medium->count() - 1, id, Qt::ToolTipRole);
        }
    }
    QStringList media, counts;
    for (const Link *l : s.links) {
        media.append(qs(l->medium));
        counts.append(QString::number(l->count));
    }
    const std::optional<QString> medium = common(media), count = common(counts);
    showValue(m_medium, medium.value_or(QString()), !medium);
    const QSignalBlocker blocker(m_count);
    // Mixed counts show the special value, "Mixed", at a minimum of 0 that no count has.
    m_count->setSpecialValueText(count ? QString() : mixedText());
    m_count->setMinimum(count ? 1 : 0);
    m_count->setValue(count ? count->toInt() : 0);
}

QStringList InspectorDock::mediaFor(const Selection &s)
{
    // The media every selected link could use: those valid for all of their kinds of ends.
    const Topology &t = m_document->project().topology;
    const auto endKind = [&t](const std::string &device) -> QString {
        if (const Node *n = t.node(device))
            return QStringLiteral("node:") + qs(n->model);
        if (const Switch *sw = t.switchById(device))
            return QStringLiteral("switch:") + qs(sw->model);
        return QString();
    };
    std::optional<QStringList> shared;
    std::set<QString> seen;
    for (const Link *l : s.links) {
        const QString key = endKind(l->a.device) + QLatin1Char('|') + endKind(l->b.device);
        if (!seen.insert(key).second)
            continue;
        auto it = m_mediaCache.find(key);
        if (it == m_mediaCache.end()) {
            QStringList ids;
            for (const std::string &id : mediaForLink(t, m_document->catalog(), *l))
                ids.append(qs(id));
            it = m_mediaCache.insert(key, ids);
        }
        if (!shared) {
            shared = *it;
        } else {
            shared->erase(std::remove_if(shared->begin(), shared->end(),
                                         [&](const QString &id) { return !it->contains(id); }),
                          shared->end());
        }
    }
    return shared.value_or(QStringList());
}

} // namespace topoplan
