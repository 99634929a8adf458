#pragma once

#include "app/canvas/diagramitem.h"

#include <QColor>
#include <QFutureWatcher>
#include <QHash>
#include <QImage>
#include <QLineF>
#include <QList>
#include <QPoint>
#include <QPolygonF>
#include <QRect>
#include <QRectF>
#include <QSet>

namespace topoplan {

class LinkItem;

// Every link of the canvas in one item, at the zooms where the devices are items of their
// own: a fat tree's tens of thousands of long cables cost a frame far more as items (each
// visited, set up and stroked alone) than as a few batched drawLines() calls, one per fan
// of links between two rows in one colour and width, from geometry cached when the diagram
// changes. A fan so dense that its lines cover its area several times over is a solid slab
// on screen: then its hull is tinted and outlined instead, one light polygon instead of
// millions of pixels of overlapping lines, which the devices show through. The links' own
// items stay in the scene, hidden, for hit tests and for exports, which paint every item at
// full detail.
class LinkLayerItem : public QGraphicsItem
{
public:
    enum { Type = LinkLayerItemType };
    LinkLayerItem();
    ~LinkLayerItem() override;

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // The links are re-read from the scene before the next paint: only where they run when
    // devices merely moved, else which links there are and how they are grouped too.
    void invalidate(bool linksMoved = false);
    // Links join devices' edges, so the devices' bounding rect holds them all; the scene
    // sets it, and the lines themselves are read when first painted.
    void setBounds(const QRectF &bounds);

private:
    struct Fan
    {
        QColor color;
        double width = 1; // pen width in scene units
        bool bundle = false;
        bool failed = false;           // marked failed: dashed, never filled as one solid hull
        bool dead = false;             // carries nothing (failed, or at a failed device): dashed
        QList<const LinkItem *> links; // valid until the next regrouping
        QList<QLineF> lines;
        QRectF bounds;
        QPolygonF hull;
        double hullArea = 0;
        double length = 0; // summed, in scene units
    };
    // A tile drawn in the background, for the zoom it was drawn at.
    struct Tile
    {
        QPoint key;
        QImage image;
        double zoom = 0;
        int generation = 0;
    };
    void rebuild();
    void updateGeometry();
    static void updateHull(Fan &fan);
    static bool isSolid(const Fan &fan, double lod);
    void dropTiles(const QList<QRectF> &sceneRects);
    // Forgets the tiles being drawn in the background (cancelPending), and with them the
    // previous zoom's tiles (dropPending).
    void cancelPending();
    void dropPending();
    // Whether a fan is drawn as its tinted hull (dense, or a sheet over the rows of a grid)
    // rather than as its lines.
    static bool isAggregate(const Fan &fan, double lod);
    static bool isSheet(const Fan &fan);
    static void paintFan(QPainter *painter, const Fan &fan, const QRectF &exposed, double lod);
    static void paintAggregates(QPainter *painter, const QList<Fan> &fans, const QRectF &exposed,
                                double lod);
    static void paintFans(QPainter *painter, const QList<Fan> &fans, const QRectF &exposed,
                          double lod);
    static QImage renderTile(const QList<Fan> &fans, const QPoint &tile, double zoom);
    bool paintCached(QPainter *painter, const QRectF &exposed);
    bool backdropCovers(const QPoint &tile) const;
    void paintBackdrop(QPainter *painter, const QPointF &offset, const QRegion &where) const;
    void renderInBackground(const QList<QPoint> &tiles);
    void takeTile(const Tile &tile);
    void evictOutside(const QRect &shown);
    void paintSelection(QPainter *painter, double lod) const;

    QRectF m_bounds;
    bool m_dirty = true;  // regroup the links
    bool m_moved = false; // re-read the lines
    QList<Fan> m_fans;    // single cables first, bundles above them
    // The fans as drawn at one zoom, in tiles of device pixels: panning and repainting at
    // that zoom copies pixels instead of rasterizing thousands of lines again. A change of the
    // diagram drops the tiles it touches.
    QHash<QPoint, QImage> m_tiles;
    double m_tileZoom = 0;
    // A zoom step keeps the previous zoom's tiles as a backdrop: the new zoom's tiles are drawn
    // on the thread pool while the frame shows the old ones scaled, so that the wheel answers
    // at once; each tile replaces its part of the backdrop as it arrives.
    QHash<QPoint, QImage> m_backdrop;
    double m_backdropZoom = 0;
    QSet<QPoint> m_pending;
    QRect m_shownTiles; // the tiles of the last frame
    int m_generation = 0;
    QFutureWatcher<Tile> m_watcher;
};

} // namespace topoplan
