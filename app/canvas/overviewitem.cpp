#include "app/canvas/overviewitem.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/linkitem.h"
#include "app/canvas/nodeitem.h"
#include "app/canvas/switchitem.h"
#include "app/document/document.h"

#include "engine/generate/generator.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// Where NodeItem draws its GPU band: the one detail that still shows at this scale.
constexpr QRectF kBand(6, 36, diagram::kNodeWidth - 12, 18);

// Which row of the diagram an end of a bundle is in: a tier of switches, or the nodes.
int rowOf(const DiagramItem *item)
{
    if (item->type() == SwitchItemType)
        return 1 + int(static_cast<const SwitchItem *>(item)->tier());
    return 0;
}

} // namespace

// Andrew's monotone chain; the points of a fan are two rows of switch ports.
QPolygonF convexHull(QList<QPointF> points)
{
    std::sort(points.begin(), points.end(), [](const QPointF &a, const QPointF &b) {
        return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y();
    });
    points.erase(std::unique(points.begin(), points.end()), points.end());
    if (points.size() < 3)
        return QPolygonF(points);
    const auto cross = [](const QPointF &o, const QPointF &a, const QPointF &b) {
        return (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
    };
    QList<QPointF> hull(2 * points.size());
    qsizetype k = 0;
    for (const QPointF &p : std::as_const(points)) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 0)
            --k;
        hull[k++] = p;
    }
    for (qsizetype i = points.size() - 2, lower = k + 1; i >= 0; --i) {
        while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 0)
            --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    return QPolygonF(hull);
}

double polygonArea(const QPolygonF &polygon)
{
    double twice = 0;
    for (qsizetype i = 0; i < polygon.size(); ++i) {
        const QPointF &a = polygon[i];
        const QPointF &b = polygon[(i + 1) % polygon.size()];
        twice += a.x() * b.y() - b.x() * a.y();
    }
    return std::abs(twice) / 2;
}

OverviewItem::OverviewItem()
{
    setZValue(2); // above the domain boxes and lanes, as nodes and lines are
    setAcceptedMouseButtons(Qt::NoButton);
}

void OverviewItem::invalidate()
{
    m_dirty = true;
    update();
}

OverviewItem::Batch &OverviewItem::batchFor(QList<Batch> &batches, const QColor &color, int key)
{
    for (Batch &b : batches) {
        if (b.color == color && b.key == key)
            return b;
    }
    Batch batch;
    batch.color = color;
    batch.key = key;
    batches.append(batch);
    return batches.last();
}

void OverviewItem::paintBundles(QPainter *painter, const Batch &batch)
{
    // A fan of thousands of bundles between two tiers (spines to cores) covers the area
    // between them solidly at this scale: then its hull filled looks the same as the lines
    // and costs one polygon instead of millions of pixels of lines. Zoomed in further, the
    // lines cover less than their hull and are drawn one by one.
    const double scale = painter->worldTransform().m11();
    const double hullArea = polygonArea(batch.hull);
    const bool overRows = batch.hull.boundingRect().height() > LinkItem::kRowsTall;
    if (batch.hull.size() >= 3
        && (overRows || batch.length * scale >= 1.5 * hullArea * scale * scale)) {
        QColor fill = batch.color;
        if (overRows)
            fill.setAlphaF(LinkItem::kSheetAlpha);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawPolygon(batch.hull);
        return;
    }
    painter->setPen(QPen(batch.color, 0));
    painter->drawLines(batch.lines);
}

void OverviewItem::rebuild()
{
    m_dirty = false;
    m_nodeBoxes.clear();
    m_bands.clear();
    m_switches.clear();
    m_bundles.clear();
    m_deviceRects.clear();
    const auto *scene = static_cast<const ClusterScene *>(this->scene());
    if (!scene)
        return;
    QRectF bounds;
    for (const DiagramItem *item : scene->diagramItems()) {
        switch (item->type()) {
        case NodeItemType: {
            const QRectF box(item->pos(), QSizeF(diagram::kNodeWidth, diagram::kNodeHeight));
            m_nodeBoxes.append(box);
            batchFor(m_bands, static_cast<const NodeItem *>(item)->fabricColor())
                    .rects.append(kBand.translated(item->pos()));
            m_deviceRects.insert(item->id(), box);
            bounds = bounds.united(box);
            break;
        }
        case SwitchItemType: {
            const QRectF box(item->pos(), QSizeF(diagram::kSwitchWidth, diagram::kSwitchHeight));
            batchFor(m_switches, static_cast<const SwitchItem *>(item)->fill()).rects.append(box);
            m_deviceRects.insert(item->id(), box);
            bounds = bounds.united(box);
            break;
        }
        case LinkItemType: {
            // Single cables are left out at this scale, as the canvas leaves them out below
            // ClusterScene::kCableZoom; bundles are the fabric's structure.
            const auto *link = static_cast<const LinkItem *>(item);
            if (link->count() > 1 && link->endA() && link->endB()) {
                const int a = rowOf(link->endA());
                const int b = rowOf(link->endB());
                Batch &batch
                        = batchFor(m_bundles, link->color(), std::min(a, b) * 8 + std::max(a, b));
                batch.lines.append(link->line());
                batch.length += link->line().length();
            }
            break;
        }
        default:
            break;
        }
    }
    for (Batch &b : m_bundles) {
        QList<QPointF> ends;
        ends.reserve(2 * b.lines.size());
        for (const QLineF &line : std::as_const(b.lines))
            ends << line.p1() << line.p2();
        b.hull = convexHull(std::move(ends));
    }
    if (bounds != m_bounds) {
        prepareGeometryChange();
        m_bounds = bounds;
    }
}

void OverviewItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    if (m_dirty)
        rebuild();
    const auto *scene = static_cast<const ClusterScene *>(this->scene());
    const DiagramStyle &style = scene->style();
    // Hairlines and pixel-sized boxes look the same without antialiasing and take the
    // rasterizer's fast paths.
    const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::Antialiasing, false);

    for (const Batch &b : std::as_const(m_bundles))
        paintBundles(painter, b);
    painter->setPen(Qt::NoPen);
    painter->setBrush(style.nodeBorder);
    painter->drawRects(m_nodeBoxes);
    for (const QList<Batch> *batches : {&m_bands, &m_switches}) {
        for (const Batch &b : *batches) {
            painter->setBrush(b.color);
            painter->drawRects(b.rects);
        }
    }
    // The selection on top, in the selection colour.
    QList<QRectF> selected;
    for (const QString &id : scene->document()->selection()) {
        const auto it = m_deviceRects.constFind(id);
        if (it != m_deviceRects.constEnd())
            selected.append(*it);
    }
    if (!selected.isEmpty()) {
        painter->setBrush(style.selection);
        painter->drawRects(selected);
    }
    painter->setRenderHint(QPainter::Antialiasing, antialiased);
}

} // namespace topoplan
