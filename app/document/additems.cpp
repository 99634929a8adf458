#include "app/document/additems.h"

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

void AddItems::redo()
{
    const ChangeBatch batch(m_document);
    // Domains before their members, devices before their links.
    int i = m_domainIndex;
    for (const Domain &d : m_added.domains)
        m_document->insertDomain(i++, d, layoutOf(d.id));
    i = m_nodeIndex;
    for (const Node &n : m_added.nodes)
        m_document->insertNode(i++, n, layoutOf(n.id));
    i = m_switchIndex;
    for (const Switch &s : m_added.switches)
        m_document->insertSwitch(i++, s, layoutOf(s.id));
    i = m_linkIndex;
    for (const Link &l : m_added.links)
        m_document->insertLink(i++, l);
}

void AddItems::undo()
{
    const ChangeBatch batch(m_document);
    for (auto it = m_added.links.rbegin(); it != m_added.links.rend(); ++it)
        m_document->removeLink(qs(it->id));
    for (auto it = m_added.switches.rbegin(); it != m_added.switches.rend(); ++it)
        m_document->removeSwitch(qs(it->id));
    for (auto it = m_added.nodes.rbegin(); it != m_added.nodes.rend(); ++it)
        m_document->removeNode(qs(it->id));
    for (auto it = m_added.domains.rbegin(); it != m_added.domains.rend(); ++it)
        m_document->removeDomain(qs(it->id));
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
