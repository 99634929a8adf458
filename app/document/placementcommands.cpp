#include "app/document/placementcommands.h"

#include <QCoreApplication>

namespace topoplan {

namespace {

template<typename T>
QList<T> repeated(const T &value, qsizetype n)
{
    return QList<T>(n, value);
}

} // namespace

SetNodeDomain::SetNodeDomain(Document *document, const QStringList &nodeIds,
                             const QString &domainId, QUndoCommand *parent)
    : ChangeValue<QString>(document, nodeIds, repeated(domainId, nodeIds.size()), parent)
{
    setText(domainId.isEmpty()
                    ? QCoreApplication::translate("Undo Commands",
                                                  "Take %n Node(s) out of a Domain", nullptr,
                                                  int(nodeIds.size()))
                    : QCoreApplication::translate("Undo Commands", "Put %n Node(s) in a Domain",
                                                  nullptr, int(nodeIds.size())));
}

QString SetNodeDomain::value(const QString &id) const
{
    const Node *node = document()->project().topology.node(id.toStdString());
    return node ? QString::fromStdString(node->domain) : QString();
}

void SetNodeDomain::setValue(const QString &id, const QString &domain) const
{
    document()->setNodeDomain(id, domain);
}

SetSwitchTier::SetSwitchTier(Document *document, const QStringList &switchIds, Tier tier,
                             QUndoCommand *parent)
    : ChangeValue<Tier>(document, switchIds, repeated(tier, switchIds.size()), parent)
{
    setText(QCoreApplication::translate("Undo Commands", "Change Tier of %n Switch(es)", nullptr,
                                        int(switchIds.size())));
}

Tier SetSwitchTier::value(const QString &id) const
{
    const Switch *sw = document()->project().topology.switchById(id.toStdString());
    return sw ? sw->tier : Tier::Leaf;
}

void SetSwitchTier::setValue(const QString &id, const Tier &tier) const
{
    const Switch *sw = document()->project().topology.switchById(id.toStdString());
    if (!sw)
        return;
    Switch changed = *sw;
    changed.tier = tier;
    document()->updateSwitches({changed});
}

SetLinkMedium::SetLinkMedium(Document *document, const QStringList &linkIds, const QString &medium,
                             QUndoCommand *parent)
    : ChangeValue<QString>(document, linkIds, repeated(medium, linkIds.size()), parent)
{
    setText(QCoreApplication::translate("Undo Commands", "Change Medium of %n Link(s)", nullptr,
                                        int(linkIds.size())));
}

QString SetLinkMedium::value(const QString &id) const
{
    const int i = document()->linkIndex(id);
    return i >= 0 ? QString::fromStdString(document()->project().topology.links[i].medium)
                  : QString();
}

void SetLinkMedium::setValue(const QString &id, const QString &medium) const
{
    const int i = document()->linkIndex(id);
    if (i < 0)
        return;
    Link changed = document()->project().topology.links[i];
    changed.medium = medium.toStdString();
    document()->updateLinks({changed});
}

} // namespace topoplan
