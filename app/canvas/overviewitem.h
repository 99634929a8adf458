#pragma once

#include "app/canvas/diagramitem.h"

#include <QColor>
#include <QHash>
#include <QLineF>
#include <QList>
#include <QPolygonF>
#include <QRectF>

namespace topoplan {

// The convex hull of `points` and the area of a polygon: a dense fan of links drawn as one
// filled shape (see OverviewItem and LinkLayerItem).
QPolygonF convexHull(QList<QPointF> points);
double polygonArea(const QPolygonF &polygon);

// The whole diagram in one item, for views zoomed out so far that a server is a few pixels:
// the boxes of the nodes and switches, the bands of their GPUs and the bundle lines, drawn
// as a handful of batched drawRects()/drawLines() calls (one per colour) from geometry
// cached when the diagram changes. While it is shown the scene hides the items it stands
// for, so that a frame visits a few items instead of tens of thousands (Qt's chip example
// draws its chips the same way when zoomed out). Domain boxes and lanes stay items of
// their own: there are few of them.
class OverviewItem : public QGraphicsItem
{
public:
    enum { Type = OverviewItemType };
    OverviewItem();

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // The geometry is re-read from the scene's items before the next paint.
    void invalidate();

private:
    void rebuild();

    struct Batch
    {
        QColor color;
        QList<QRectF> rects;
        QList<QLineF> lines;
        int key = 0;       // bundles: which pair of tiers they join
        QPolygonF hull;    // bundles: the convex hull of their ends
        double length = 0; // bundles: their summed length, in scene units
    };
    static Batch &batchFor(QList<Batch> &batches, const QColor &color, int key = 0);
    static void paintBundles(QPainter *painter, const Batch &batch);

    QRectF m_bounds;
    bool m_dirty = true;
    QList<QRectF> m_nodeBoxes;
    QList<Batch> m_bands;                 // GPU bands of nodes, by fabric colour
    QList<Batch> m_switches;              // switch boxes, by fabric colour
    QList<Batch> m_bundles;               // bundle lines, by link colour
    QHash<QString, QRectF> m_deviceRects; // for drawing the selection
};

} // namespace topoplan
