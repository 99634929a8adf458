#pragma once

#include "engine/model/project.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>

namespace topoplan {

class ClusterScene;

// Where things land on the canvas: the grid every placement snaps to, the tier lanes a switch
// takes its tier from and the NVLink domain boxes a tray joins. A snapshot of the lanes and
// boxes is taken before a gesture, so that the items being moved (which stretch the lanes as
// they go) do not decide where they are.
class CanvasPlacement
{
public:
    // Scene units between grid lines by default; positions snap to the grid unless Alt is
    // held. The user's preference sets it (0: no snapping, whole units only).
    static constexpr double kGrid = 10;
    static void setGridSize(double size);
    static double gridSize();
    static QPointF snapped(const QPointF &pos);

    explicit CanvasPlacement(const ClusterScene *scene);

    // The tier of the switch lane under `sceneY`, if any.
    std::optional<Tier> tierAt(double sceneY) const;
    // Where a node let go at `sceneY` in a switch lane sits clear of the lanes: below the
    // first leaf lane at or under sceneY (a design laid out in rows has one per row), else
    // below every switch lane; nullopt when there are none.
    std::optional<double> nodeTop(double sceneY) const;
    // The domain whose box holds `scenePos`, empty when none. Boxes of the `moving` domains
    // (dragged along) are taken `delta` away from where the snapshot saw them.
    QString domainAt(const QPointF &scenePos, const QStringList &moving = {},
                     const QPointF &delta = {}) const;

private:
    struct Lane
    {
        Tier tier;
        QRectF rect;
    };
    struct Box
    {
        QString id;
        QRectF rect;
    };
    QList<Lane> m_lanes;
    QList<Box> m_domains;
};

} // namespace topoplan
