#include "app/document/topologycommands.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace topoplan {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

AddNode::AddNode(Document *document, Node node, std::optional<LayoutItem> layout,
                 QUndoCommand *parent)
    : QUndoCommand(QCoreApplication::translate("Undo Commands", "Add Node"), parent)
    , m_document(document)
    , m_node(std::move(node))
    , m_layout(std::move(layout))
    , m_index(int(document->project().topology.nodes.size()))
{}

void AddNode::redo()
{
    m_document->insertNode(m_index, m_node, m_layout);
}

void AddNode::undo()
{
    m_document->removeNode(qs(m_node.id));
}

AddSwitch::AddSwitch(Document *document, Switch sw, std::optional<LayoutItem> layout,
                     QUndoCommand *parent)
    : QUndoCommand(QCoreApplication::translate("Undo Commands", "Add Switch"), parent)
    , m_document(document)
    , m_switch(std::move(sw))
    , m_layout(std::move(layout))
    , m_index(int(document->project().topology.switches.size()))
{}

void AddSwitch::redo()
{
    m_document->insertSwitch(m_index, m_switch, m_layout);
}

void AddSwitch::undo()
{
    m_document->removeSwitch(qs(m_switch.id));
}

AddDomain::AddDomain(Document *document, Domain domain, std::optional<LayoutItem> layout,
                     QUndoCommand *parent)
    : QUndoCommand(QCoreApplication::translate("Undo Commands", "Add NVLink Domain"), parent)
    , m_document(document)
    , m_domain(std::move(domain))
    , m_layout(std::move(layout))
    , m_index(int(document->project().topology.domains.size()))
{}

void AddDomain::redo()
{
    m_document->insertDomain(m_index, m_domain, m_layout);
}

void AddDomain::undo()
{
    m_document->removeDomain(qs(m_domain.id));
}

AddLink::AddLink(Document *document, Link link, QUndoCommand *parent)
    : QUndoCommand(QCoreApplication::translate("Undo Commands", "Add Link"), parent)
    , m_document(document)
    , m_link(std::move(link))
    , m_index(int(document->project().topology.links.size()))
{}

void AddLink::redo()
{
    m_document->insertLink(m_index, m_link);
}

void AddLink::undo()
{
    m_document->removeLink(qs(m_link.id));
}

RemoveItems::RemoveItems(Document *document, const QStringList &ids, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    if (ids.size() == 1) {
        setText(QCoreApplication::translate("Undo Commands", "Remove %1").arg(ids.first()));
    } else {
        setText(QCoreApplication::translate("Undo Commands", "Remove %n Items", nullptr,
                                            int(ids.size())));
    }

    std::set<std::string> gone;
    for (const QString &id : ids)
        gone.insert(id.toStdString());

    const Topology &t = document->project().topology;
    const auto layoutOf = [document](const std::string &id) {
        return document->layoutItem(qs(id));
    };
    for (std::size_t i = 0; i < t.domains.size(); ++i) {
        if (gone.count(t.domains[i].id))
            m_domains.push_back({int(i), t.domains[i], layoutOf(t.domains[i].id)});
    }
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        const Node &n = t.nodes[i];
        if (gone.count(n.id))
            m_nodes.push_back({int(i), n, layoutOf(n.id)});
        else if (!n.domain.empty() && gone.count(n.domain))
            m_released.emplace_back(qs(n.id), qs(n.domain));
    }
    for (std::size_t i = 0; i < t.switches.size(); ++i) {
        if (gone.count(t.switches[i].id))
            m_switches.push_back({int(i), t.switches[i], layoutOf(t.switches[i].id)});
    }
    for (std::size_t i = 0; i < t.links.size(); ++i) {
        const Link &l = t.links[i];
        if (gone.count(l.id) || gone.count(l.a.device) || gone.count(l.b.device))
            m_links.push_back({int(i), l, std::nullopt});
    }
}

void RemoveItems::redo()
{
    const ChangeBatch batch(m_document);
    for (auto it = m_links.rbegin(); it != m_links.rend(); ++it)
        m_document->removeLink(qs(it->entry.id));
    for (const auto &[node, domain] : m_released)
        m_document->setNodeDomain(node, QString());
    for (auto it = m_switches.rbegin(); it != m_switches.rend(); ++it)
        m_document->removeSwitch(qs(it->entry.id));
    for (auto it = m_nodes.rbegin(); it != m_nodes.rend(); ++it)
        m_document->removeNode(qs(it->entry.id));
    for (auto it = m_domains.rbegin(); it != m_domains.rend(); ++it)
        m_document->removeDomain(qs(it->entry.id));
}

void RemoveItems::undo()
{
    const ChangeBatch batch(m_document);
    for (const auto &d : m_domains)
        m_document->insertDomain(d.index, d.entry, d.layout);
    for (const auto &n : m_nodes)
        m_document->insertNode(n.index, n.entry, n.layout);
    for (const auto &s : m_switches)
        m_document->insertSwitch(s.index, s.entry, s.layout);
    for (const auto &[node, domain] : m_released)
        m_document->setNodeDomain(node, domain);
    for (const auto &l : m_links)
        m_document->insertLink(l.index, l.entry);
}

} // namespace topoplan
