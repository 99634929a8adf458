#include "app/canvas/canvasplacement.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/laneitem.h"
#include "app/document/document.h"

#include "engine/generate/generator.h"

#include <cmath>

namespace topoplan {

namespace {
double s_gridSize = CanvasPlacement::kGrid; // set from the UI thread only
} // namespace

void CanvasPlacement::setGridSize(double size)
{
    s_gridSize = size > 0 ? size : 1.0;
}

double CanvasPlacement::gridSize()
{
    return s_gridSize;
}

QPointF CanvasPlacement::snapped(const QPointF &pos)
{
    const double g = s_gridSize;
    return QPointF(std::round(pos.x() / g) * g, std::round(pos.y() / g) * g);
}

CanvasPlacement::CanvasPlacement(const ClusterScene *scene)
{
    for (const LaneItem *lane : scene->lanes()) {
        // "lane:spine", or "lane:spine:2" for the second row of a design laid out in rows.
        const QString kind = lane->id().section(QLatin1Char(':'), 1, 1);
        std::optional<Tier> tier;
        if (kind == QLatin1String("core"))
            tier = Tier::Core;
        else if (kind == QLatin1String("spine"))
            tier = Tier::Spine;
        else if (kind == QLatin1String("leaf"))
            tier = Tier::Leaf;
        if (tier)
            m_lanes.append(Lane{*tier, lane->boundingRect()});
    }
    const Document *document = scene->document();
    for (const Domain &d : document->project().topology.domains) {
        const QString id = QString::fromStdString(d.id);
        if (const std::optional<LayoutItem> l = document->layoutItem(id))
            m_domains.append(Box{id, QRectF(l->x, l->y, l->w, l->h)});
    }
}

std::optional<Tier> CanvasPlacement::tierAt(double sceneY) const
{
    for (const Lane &lane : m_lanes) {
        if (sceneY >= lane.rect.top() && sceneY <= lane.rect.bottom())
            return lane.tier;
    }
    return std::nullopt;
}

std::optional<double> CanvasPlacement::nodeTop(double sceneY) const
{
    std::optional<double> bottom, leafBelow;
    for (const Lane &lane : m_lanes) {
        bottom = std::max(bottom.value_or(lane.rect.bottom()), lane.rect.bottom());
        if (lane.tier == Tier::Leaf && lane.rect.bottom() >= sceneY)
            leafBelow = std::min(leafBelow.value_or(lane.rect.bottom()), lane.rect.bottom());
    }
    if (!bottom)
        return std::nullopt;
    return leafBelow.value_or(*bottom) + diagram::kItemGap;
}

QString CanvasPlacement::domainAt(const QPointF &scenePos, const QStringList &moving,
                                  const QPointF &delta) const
{
    // The last box drawn is on top.
    for (qsizetype i = m_domains.size() - 1; i >= 0; --i) {
        const Box &box = m_domains[i];
        const QRectF rect = moving.contains(box.id) ? box.rect.translated(delta) : box.rect;
        if (rect.contains(scenePos))
            return box.id;
    }
    return {};
}

} // namespace topoplan
