#include "app/document/additems.h"

#include <type_traits>

namespace topoplan {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

AddItems::AddItems(Document *document, Topology added, Layout layout, const QString &text,
                   QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_added(std::move(added))
    , m_layout(std::move(layout))
    , m_domainIndex(int(document->project().topology.domains.size()))
    , m_nodeIndex(int(document->project().topology.nodes.size()))
    , m_switchIndex(int(document->project().topology.switches.size()))
    , m_linkIndex(int(document->project().topology.links.size()))
{}

template<>
int &AddItems::start<Domain>()
{
    return m_domainIndex;
}
template<>
int &AddItems::start<Node>()
{
    return m_nodeIndex;
}
template<>
int &AddItems::start<Switch>()
{
    return m_switchIndex;
}
template<>
int &AddItems::start<Link>()
{
    return m_linkIndex;
}

void AddItems::redo()
{
    const ChangeBatch batch(m_document);
    // Domains before their members, devices before their links.
    forEachKind([this](const auto *kind) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(kind)>>;
        int i = start<T>();
        for (const T &entry : EntityTraits<T>::list(m_added))
            m_document->insert(i++, entry, layoutOf(entry.id));
    });
}

void AddItems::undo()
{
    const ChangeBatch batch(m_document);
    forEachKindReversed([this](const auto *kind) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(kind)>>;
        const std::vector<T> &list = EntityTraits<T>::list(m_added);
        for (auto it = list.rbegin(); it != list.rend(); ++it)
            m_document->remove<T>(qs(it->id));
    });
}

QStringList AddItems::ids() const
{
    QStringList ids = deviceIds();
    for (const Link &l : m_added.links)
        ids.append(qs(l.id));
    return ids;
}

QStringList AddItems::deviceIds() const
{
    QStringList ids;
    for (const Domain &d : m_added.domains)
        ids.append(qs(d.id));
    for (const Node &n : m_added.nodes)
        ids.append(qs(n.id));
    for (const Switch &s : m_added.switches)
        ids.append(qs(s.id));
    return ids;
}

std::optional<LayoutItem> AddItems::layoutOf(const std::string &id) const
{
    auto it = m_layout.items.find(id);
    if (it == m_layout.items.end())
        return std::nullopt;
    return it->second;
}

} // namespace topoplan
