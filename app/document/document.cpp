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

ProjectInfo Document::projectInfo() const
{
    return {QString::fromStdString(m_project.name), QString::fromStdString(m_project.description),
            QString::fromStdString(m_project.revision), QString::fromStdString(m_project.hostNames),
            m_project.floor};
}

void Document::setProjectInfo(const ProjectInfo &info)
{
    m_project.name = info.name.toStdString();
    m_project.description = info.description.toStdString();
    m_project.revision = info.revision.toStdString();
    m_project.hostNames = info.hostNames.toStdString();
    m_project.floor = info.floor;
    emitChanged(ChangeEvent::ProjectChanged, {});
}

void Document::setCatalogOverrides(const Json &section)
{
    m_project.catalogOverrides = section;
    // Assigned in place: whoever holds catalog() keeps a valid reference to the new figures.
    *m_catalog = catalogFor(m_project, m_filePath);
    QStringList ids;
    const Topology &t = m_project.topology;
    ids.reserve(qsizetype(t.nodes.size() + t.switches.size() + t.domains.size() + t.links.size()));
    for (const Node &n : t.nodes)
        ids.append(QString::fromStdString(n.id));
    for (const Switch &s : t.switches)
        ids.append(QString::fromStdString(s.id));
    for (const Domain &d : t.domains)
        ids.append(QString::fromStdString(d.id));
    for (const Link &l : t.links)
        ids.append(QString::fromStdString(l.id));
    emitChanged(ChangeEvent::CatalogChanged, std::move(ids));
}

void Document::setJob(const std::optional<Workload> &workload, const std::optional<Plan> &plan)
{
    m_project.workload = workload;
    m_project.plan = plan;
    emitChanged(ChangeEvent::ProjectChanged, {});
}

QString Document::itemName(const QString &id) const
{
    if (int i = indexOf<Node>(id); i >= 0)
        return QString::fromStdString(m_project.topology.nodes[i].name);
    if (int i = indexOf<Switch>(id); i >= 0)
        return QString::fromStdString(m_project.topology.switches[i].name);
    if (int i = indexOf<Domain>(id); i >= 0)
        return QString::fromStdString(m_project.topology.domains[i].name);
    return {};
}

void Document::setItemName(const QString &id, const QString &name)
{
    Topology &t = m_project.topology;
    if (int i = indexOf<Node>(id); i >= 0)
        t.nodes[i].name = name.toStdString();
    else if (int i = indexOf<Switch>(id); i >= 0)
        t.switches[i].name = name.toStdString();
    else if (int i = indexOf<Domain>(id); i >= 0)
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

template<typename T>
void Document::insert(int index, const T &entry, const std::optional<LayoutItem> &layout)
{
    insertAt(EntityTraits<T>::list(m_project.topology), index, entry);
    if constexpr (EntityTraits<T>::laidOut) {
        if (layout)
            m_project.layout.items[entry.id] = *layout;
    }
    emitChanged(ChangeEvent::ItemsAdded, {QString::fromStdString(entry.id)});
}

template<typename T>
void Document::remove(const QString &id)
{
    std::vector<T> &list = EntityTraits<T>::list(m_project.topology);
    const int i = indexById(list, id);
    if (i < 0)
        return;
    list.erase(list.begin() + i);
    if constexpr (EntityTraits<T>::laidOut)
        m_project.layout.items.erase(id.toStdString());
    dropFromSelection(id);
    emitChanged(ChangeEvent::ItemsRemoved, {id});
}

void Document::setNodeDomain(const QString &nodeId, const QString &domainId)
{
    const int i = indexOf<Node>(nodeId);
    if (i < 0)
        return;
    m_project.topology.nodes[i].domain = domainId.toStdString();
    emitChanged(ChangeEvent::DevicesChanged, {nodeId});
}

template<typename T>
void Document::update(const QList<T> &entries)
{
    std::vector<T> &list = EntityTraits<T>::list(m_project.topology);
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

template<typename T>
int Document::indexOf(const QString &id) const
{
    return indexById(EntityTraits<T>::list(m_project.topology), id);
}

// The four kinds, each instantiated once here.
#define TOPOPLAN_DOCUMENT_ENTITY(T) \
    template void Document::insert<T>(int, const T &, const std::optional<LayoutItem> &); \
    template void Document::remove<T>(const QString &); \
    template void Document::update<T>(const QList<T> &); \
    template int Document::indexOf<T>(const QString &) const;
TOPOPLAN_DOCUMENT_ENTITY(Domain)
TOPOPLAN_DOCUMENT_ENTITY(Node)
TOPOPLAN_DOCUMENT_ENTITY(Switch)
TOPOPLAN_DOCUMENT_ENTITY(Link)
#undef TOPOPLAN_DOCUMENT_ENTITY

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
