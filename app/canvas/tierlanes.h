#pragma once

#include <QHash>
#include <QList>
#include <QRectF>
#include <QString>

namespace topoplan {

class ClusterScene;
class DiagramItem;
class LaneItem;

// The lanes of a scene: a band behind each switch tier in use and behind the compute nodes,
// labelled with what it holds, and right above the topmost tier the next one, empty and
// dashed, offered as a drop target (a design with leaves gets a spine lane, one with spines a
// core lane).
class TierLanes
{
public:
    const QList<LaneItem *> &lanes() const { return m_lanes; }
    // Forgets every lane (the scene has deleted its items).
    void clear() { m_lanes.clear(); }

    struct Extent
    {
        QRectF content; // the devices and domains
        QRectF targets; // the empty lanes offered as drop targets
    };
    // Sizes the lanes around `items` (the scene's diagram items), adding and deleting lane
    // items of `scene` as tiers come and go.
    Extent update(ClusterScene *scene, const QHash<QString, DiagramItem *> &items);

private:
    QList<LaneItem *> m_lanes;
};

} // namespace topoplan
