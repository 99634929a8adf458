#include "app/document/document.h"

#include <utility>

#include "engine/core/jsonin.h"
#include "engine/model/ids.h"

#include <QFileInfo>
#include <QUndoStack>

namespace topoplan {

namespace {

// A loaded project's catalog section was validated by the loader; a document made in code
// with a broken section still gets a usable catalog (the built-in one).
Catalog catalogFor(const Project &project, const QString &filePath)
{
    if (project.catalogOverrides.is_null())
        return Catalog::builtin();
    Expected<Catalog> merged = Catalog::builtin().merged(
            JsonIn(project.catalogOverrides, filePath.toStdString(), "/catalog"));
    return merged ? *merged : Catalog::builtin();
}

template<typename T>
int indexById(const std::vector<T> &list, const QString &id)
{
    // From the back: undoing an addition (a paste, a generated fabric) removes the newest
    // entries, which are last, so finding each is quick.
    const std::string key = id.toStdString();
    for (std::size_t i = list.size(); i-- > 0;) {
        if (list[i].id == key)
            return static_cast<int>(i);
    }
    return -1;
}

template<typename T>
void insertAt(std::vector<T> &list, int index, const T &value)
{
    const auto clamped = std::clamp<std::ptrdiff_t>(index, 0, std::ssize(list));
    list.insert(list.begin() + clamped, value);
}

} // namespace

Document::Document(QObject *parent)
    : Document(Project{}, QString(), parent)
{}

Document::Document(Project project, const QString &filePath, QObject *parent)
    : QObject(parent)
    , m_project(std::move(project))
    , m_catalog(catalogFor(m_project, filePath))
    , m_undoStack(new QUndoStack(this))
    , m_filePath(filePath)
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

Document::~Document() = default;

void Document::setFilePath(const QString &filePath)
{
    if (m_filePath == filePath)
        return;
    m_filePath = filePath;
    Q_EMIT filePathChanged(filePath);
}

QString Document::displayName() const
{
    if (!m_project.name.empty())
        return QString::fromStdString(m_project.name);
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).completeBaseName();
    return tr("Untitled");
}

bool Document::isModified() const
{
    return !m_undoStack->isClean();
}

void Document::markSaved()
{
    m_undoStack->setClean();
}

void Document::markUnsaved()
{
    m_undoStack->resetClean();
}

void Document::setSelection(const QSet<QString> &ids)
{
    if (ids == m_selection)
        return;
    m_selection = ids;
    QStringList list(ids.begin(), ids.end());
    list.sort();
    emitChanged(ChangeEvent::SelectionChanged, list);
}

bool Document::contains(const QString &id) const
{
    return m_project.topology.hasId(id.toStdString());
}

void Document::setProjectName(const QString &name)
{
    m_project.name = name.toStdString();
    emitChanged(ChangeEvent::ProjectChanged, {});
}

void Document::setJob(const std::optional<Workload> &workload, const std::optional<Plan> &plan)
{
    m_project.workload = workload;
    m_project.plan = plan;
    emitChanged(ChangeEvent::ProjectChanged, {});
}

QString Document::itemName(const QString &id) const
{
    if (int i = nodeIndex(id); i >= 0)
        return QString::fromStdString(m_project.topology.nodes[i].name);
    if (int i = switchIndex(id); i >= 0)
        return QString::fromStdString(m_project.topology.switches[i].name);
    if (int i = domainIndex(id); i >= 0)
        return QString::fromStdString(m_project.topology.domains[i].name);
    return {};
}

void Document::setItemName(const QString &id, const QString &name)
{
    Topology &t = m_project.topology;
    if (int i = nodeIndex(id); i >= 0)
        t.nodes[i].name = name.toStdString();
    else if (int i = switchIndex(id); i >= 0)
        t.switches[i].name = name.toStdString();
    else if (int i = domainIndex(id); i >= 0)
        t.domains[i].name = name.toStdString();
    else
        return;
    emitChanged(ChangeEvent::DevicesChanged, {id});
}

std::optional<LayoutItem> Document::layoutItem(const QString &id) const
{
    auto it = m_project.layout.items.find(id.toStdString());
    if (it == m_project.layout.items.end())
        return std::nullopt;
    return it->second;
}

void Document::setLayoutItems(const QStringList &ids, const QList<LayoutItem> &items)
{
    Q_ASSERT(ids.size() == items.size());
    for (qsizetype i = 0; i < ids.size(); ++i)
        m_project.layout.items[ids[i].toStdString()] = items[i];
    emitChanged(ChangeEvent::LayoutChanged, ids);
}

void Document::insertNode(int index, const Node &node, const std::optional<LayoutItem> &layout)
{
    insertAt(m_project.topology.nodes, index, node);
    if (layout)
        m_project.layout.items[node.id] = *layout;
    emitChanged(ChangeEvent::ItemsAdded, {QString::fromStdString(node.id)});
}

void Document::insertSwitch(int index, const Switch &sw, const std::optional<LayoutItem> &layout)
{
    insertAt(m_project.topology.switches, index, sw);
    if (layout)
        m_project.layout.items[sw.id] = *layout;
    emitChanged(ChangeEvent::ItemsAdded, {QString::fromStdString(sw.id)});
}

void Document::insertDomain(int index, const Domain &domain,
                            const std::optional<LayoutItem> &layout)
{
    insertAt(m_project.topology.domains, index, domain);
    if (layout)
        m_project.layout.items[domain.id] = *layout;
    emitChanged(ChangeEvent::ItemsAdded, {QString::fromStdString(domain.id)});
}

void Document::insertLink(int index, const Link &link)
{
    insertAt(m_project.topology.links, index, link);
    emitChanged(ChangeEvent::ItemsAdded, {QString::fromStdString(link.id)});
}

void Document::removeNode(const QString &id)
{
    const int i = nodeIndex(id);
    if (i < 0)
        return;
    m_project.topology.nodes.erase(m_project.topology.nodes.begin() + i);
    m_project.layout.items.erase(id.toStdString());
    dropFromSelection(id);
    emitChanged(ChangeEvent::ItemsRemoved, {id});
}

void Document::removeSwitch(const QString &id)
{
    const int i = switchIndex(id);
    if (i < 0)
        return;
    m_project.topology.switches.erase(m_project.topology.switches.begin() + i);
    m_project.layout.items.erase(id.toStdString());
    dropFromSelection(id);
    emitChanged(ChangeEvent::ItemsRemoved, {id});
}

void Document::removeDomain(const QString &id)
{
    const int i = domainIndex(id);
    if (i < 0)
        return;
    m_project.topology.domains.erase(m_project.topology.domains.begin() + i);
    m_project.layout.items.erase(id.toStdString());
    dropFromSelection(id);
    emitChanged(ChangeEvent::ItemsRemoved, {id});
}

void Document::removeLink(const QString &id)
{
    const int i = linkIndex(id);
    if (i < 0)
        return;
    m_project.topology.links.erase(m_project.topology.links.begin() + i);
    dropFromSelection(id);
    emitChanged(ChangeEvent::ItemsRemoved, {id});
}

void Document::setNodeDomain(const QString &nodeId, const QString &domainId)
{
    const int i = nodeIndex(nodeId);
    if (i < 0)
        return;
    m_project.topology.nodes[i].domain = domainId.toStdString();
    emitChanged(ChangeEvent::DevicesChanged, {nodeId});
}

void Document::updateDomains(const QList<Domain> &domains)
{
    updateEntries(m_project.topology.domains, domains);
}

void Document::updateNodes(const QList<Node> &nodes)
{
    updateEntries(m_project.topology.nodes, nodes);
}

void Document::updateSwitches(const QList<Switch> &switches)
{
    updateEntries(m_project.topology.switches, switches);
}

void Document::updateLinks(const QList<Link> &links)
{
    updateEntries(m_project.topology.links, links);
}

template<typename T>
void Document::updateEntries(std::vector<T> &list, const QList<T> &entries)
{
    QStringList ids;
    ids.reserve(entries.size());
    for (const T &entry : entries) {
        const QString id = QString::fromStdString(entry.id);
        if (const int i = indexById(list, id); i >= 0) {
            list[i] = entry;
            ids.append(id);
        }
    }
    if (!ids.isEmpty())
        emitChanged(ChangeEvent::DevicesChanged, ids);
}

int Document::nodeIndex(const QString &id) const
{
    return indexById(m_project.topology.nodes, id);
}

int Document::switchIndex(const QString &id) const
{
    return indexById(m_project.topology.switches, id);
}

int Document::domainIndex(const QString &id) const
{
    return indexById(m_project.topology.domains, id);
}

int Document::linkIndex(const QString &id) const
{
    return indexById(m_project.topology.links, id);
}

QString Document::unusedId(const QString &prefix) const
{
    return QString::fromStdString(topoplan::unusedId(m_project.topology, prefix.toStdString()));
}

void Document::emitChanged(ChangeEvent::Kind kind, QStringList ids)
{
    if (m_batchDepth == 0) {
        Q_EMIT changed(ChangeEvent{kind, std::move(ids)});
        return;
    }
    int i = 0;
    while (i < m_pending.size() && m_pending[i].kind != kind)
        ++i;
    if (i == m_pending.size()) {
        m_pending.append(ChangeEvent{kind, {}});
        m_pendingIds.append(QSet<QString>());
    }
    if (kind == ChangeEvent::SelectionChanged) {
        m_pending[i].ids = std::move(ids); // a state, not a delta: the last one holds
        return;
    }
    for (QString &id : ids) {
        if (!m_pendingIds[i].contains(id)) {
            m_pendingIds[i].insert(id);
            m_pending[i].ids.append(std::move(id));
        }
    }
}

void Document::beginBatch()
{
    ++m_batchDepth;
}

void Document::endBatch()
{
    Q_ASSERT(m_batchDepth > 0);
    if (--m_batchDepth > 0)
        return;
    const QList<ChangeEvent> events = std::exchange(m_pending, {});
    m_pendingIds.clear();
    for (const ChangeEvent &event : events)
        Q_EMIT changed(event);
}

void Document::dropFromSelection(const QString &id)
{
    if (m_selection.remove(id))
        emitChanged(ChangeEvent::SelectionChanged,
                    QStringList(m_selection.begin(), m_selection.end()));
}

} // namespace topoplan
