#pragma once

#include <QHash>
#include <QString>

namespace topoplan {

class BadgeItem;
class ClusterScene;

// The count badges of a scene's bundle links ("8 x 400G"), one per link of more than one
// cable, placed where they cover no other badge. The badges are items of the scene; this
// keeps them by link id and finds them their places.
class LinkBadges
{
public:
    BadgeItem *value(const QString &linkId) const { return m_badges.value(linkId); }
    const QHash<QString, BadgeItem *> &all() const { return m_badges; }
    // Deletes the badge of a link that is gone.
    void remove(const QString &linkId);
    // Forgets every badge (the scene has deleted its items).
    void clear() { m_badges.clear(); }
    // Makes, updates and places the badge of every bundle of `scene`'s document, and drops
    // those of links that are single cables now.
    void place(ClusterScene *scene);

private:
    QHash<QString, BadgeItem *> m_badges; // link id -> badge
};

} // namespace topoplan
