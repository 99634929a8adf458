#include "app/document/topologycommands.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>
#include <type_traits>

namespace topoplan {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

template<typename T>
QString addText()
{
    if constexpr (std::is_same_v<T, Domain>)
        return QCoreApplication::translate("Undo Commands", "Add NVLink Domain");
    else if constexpr (std::is_same_v<T, Node>)
        return QCoreApplication::translate("Undo Commands", "Add Node");
    else if constexpr (std::is_same_v<T, Switch>)
        return QCoreApplication::translate("Undo Commands", "Add Switch");
    else
        return QCoreApplication::translate("Undo Commands", "Add Link");
}

template<typename T>
AddEntry<T>::AddEntry(Document *document, T entry, std::optional<LayoutItem> layout,
                      QUndoCommand *parent)
    : QUndoCommand(addText<T>(), parent)
    , m_document(document)
    , m_entry(std::move(entry))
    , m_layout(std::move(layout))
    , m_index(int(EntityTraits<T>::list(document->project().topology).size()))
{}

template<typename T>
void AddEntry<T>::redo()
{
    m_document->insert(m_index, m_entry, m_layout);
}

template<typename T>
void AddEntry<T>::undo()
{
    m_document->remove<T>(qs(m_entry.id));
}

template class AddEntry<Domain>;
template class AddEntry<Node>;
template class AddEntry<Switch>;
template class AddEntry<Link>;

template<>
std::vector<RemoveItems::Removed<Domain>> &RemoveItems::removed<Domain>()
{
    return m_domains;
}
template<>
std::vector<RemoveItems::Removed<Node>> &RemoveItems::removed<Node>()
{
    return m_nodes;
}
template<>
std::vector<RemoveItems::Removed<Switch>> &RemoveItems::removed<Switch>()
{
    return m_switches;
}
template<>
std::vector<RemoveItems::Removed<Link>> &RemoveItems::removed<Link>()
{
    return m_links;
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
    const auto collect = [&](const auto *kind, auto &&isGone) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(kind)>>;
        const std::vector<T> &list = EntityTraits<T>::list(t);
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (isGone(list[i]))
                removed<T>().push_back(
                        {int(i), list[i],
                         EntityTraits<T>::laidOut ? layoutOf(list[i].id) : std::nullopt});
        }
    };
    const auto byId = [&](const auto &entry) {
        return gone.count(entry.id) > 0;
    };
    collect(static_cast<const Domain *>(nullptr), byId);
    collect(static_cast<const Node *>(nullptr), byId);
    for (const Node &n : t.nodes) {
        if (!gone.count(n.id) && !n.domain.empty() && gone.count(n.domain))
            m_released.emplace_back(qs(n.id), qs(n.domain));
    }
    collect(static_cast<const Switch *>(nullptr), byId);
    // A link goes with either of its ends.
    collect(static_cast<const Link *>(nullptr), [&](const Link &l) {
        return gone.count(l.id) || gone.count(l.a.device) || gone.count(l.b.device);
    });
}

void RemoveItems::redo()
{
    const ChangeBatch batch(m_document);
    forEachKindReversed([this](const auto *kind) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(kind)>>;
        const auto &list = removed<T>();
        for (auto it = list.rbegin(); it != list.rend(); ++it)
            m_document->remove<T>(qs(it->entry.id));
        if constexpr (std::is_same_v<T, Link>) {
            // Links gone, the nodes that stay leave the domains about to go.
            for (const auto &[node, domain] : m_released)
                m_document->setNodeDomain(node, QString());
        }
    });
}

void RemoveItems::undo()
{
    const ChangeBatch batch(m_document);
    forEachKind([this](const auto *kind) {
        using T = std::remove_cv_t<std::remove_pointer_t<decltype(kind)>>;
        if constexpr (std::is_same_v<T, Link>) {
            // The domains are back: the nodes that stayed rejoin them before links return.
            for (const auto &[node, domain] : m_released)
                m_document->setNodeDomain(node, domain);
        }
        for (const auto &r : removed<T>())
            m_document->insert(r.index, r.entry, r.layout);
    });
}

} // namespace topoplan
