#include "linklayeritem.h"

#include "clusterscene.h"
#include "document.h"
#include "linkitem.h"
#include "overviewitem.h"
#include "switchitem.h"

#include <QHash>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace topoplan {

namespace {

// The side of a cached tile, in device pixels, and how many are kept (some 64 MB at most).
constexpr int kTile = 512;
constexpr qsizetype kMaxTiles = 64;

// A fan whose lines would cover its hull this many times over is a solid slab on screen.
constexpr double kSolidCoverage = 4;

// Which row of the diagram an end of a link is in: a tier of switches, or the nodes.
int rowOf(const DiagramItem *item)
{
    if (item->type() == SwitchItemType)
        return 1 + int(static_cast<const SwitchItem *>(item)->tier());
    return 0;
}

// Liang-Barsky: `line` cut to `rect`; false when none of it is inside. A long cable of which
// a view shows a few pixels is then rasterized for those pixels only.
bool clipLine(const QLineF &line, const QRectF &rect, QLineF *out)
{
    const double dx = line.dx();
    const double dy = line.dy();
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(),
                         rect.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    *out = QLineF(line.pointAt(t0), line.pointAt(t1));
    return true;
}

// Union-find over the devices of one kind of fan: each connected set of them (a pod of a
// fat tree) is a fan of its own, so that the gaps between pods stay gaps.
const DiagramItem *rootOf(QHash<const DiagramItem *, const DiagramItem *> &parent,
                          const DiagramItem *item)
{
    const DiagramItem *root = item;
    for (auto it = parent.constFind(root); it != parent.constEnd() && *it != root;
         it = parent.constFind(root))
        root = *it;
    while (item != root) { // path compression
        const DiagramItem *next = parent.value(item, root);
        parent.insert(item, root);
        item = next;
    }
    return root;
}

} // namespace

LinkLayerItem::LinkLayerItem()
{
    setZValue(1); // where the links' own items are: above domains and lanes, under devices
    setAcceptedMouseButtons(Qt::NoButton);
    setFlag(ItemUsesExtendedStyleOption); // for the exposed rect
}

void LinkLayerItem::invalidate(bool linksMoved)
{
    if (linksMoved) {
        m_moved = true; // the tiles the moved lines cross are dropped when they are read
    } else {
        m_dirty = true;
        m_tiles.clear();
    }
    update();
}

bool LinkLayerItem::isSolid(const Fan &fan, double lod)
{
    // Below two device pixels a line is drawn as a one-pixel hairline.
    const double pixels = lod * fan.width < 2 ? 1 : lod * fan.width;
    return fan.hull.size() >= 3
           && fan.length * lod * pixels >= kSolidCoverage * fan.hullArea * lod * lod;
}

void LinkLayerItem::dropTiles(const QList<QRectF> &sceneRects)
{
    if (sceneRects.isEmpty() || m_tiles.isEmpty())
        return;
    const double size = kTile / m_tileZoom;
    for (auto it = m_tiles.begin(); it != m_tiles.end();) {
        const QRectF tile(it.key().x() * size, it.key().y() * size, size, size);
        const bool stale = std::any_of(sceneRects.begin(), sceneRects.end(),
                                       [&](const QRectF &r) { return r.intersects(tile); });
        it = stale ? m_tiles.erase(it) : std::next(it);
    }
}

void LinkLayerItem::updateHull(Fan &fan)
{
    QList<QPointF> ends;
    ends.reserve(2 * fan.lines.size());
    fan.length = 0;
    for (const QLineF &line : std::as_const(fan.lines)) {
        ends << line.p1() << line.p2();
        fan.length += line.length();
    }
    const double m = fan.width + 3;
    fan.bounds = QPolygonF(ends).boundingRect().adjusted(-m, -m, m, m);
    fan.hull = convexHull(std::move(ends));
    fan.hullArea = polygonArea(fan.hull);
}

void LinkLayerItem::updateGeometry()
{
    // A drag moves a few devices: only the fans of their links are measured again.
    // Only the tiles where a line was or now is are drawn again.
    m_moved = false;
    QList<QRectF> stale;
    for (Fan &fan : m_fans) {
        bool changed = false;
        const double m = fan.width + 2;
        for (qsizetype i = 0; i < fan.links.size(); ++i) {
            const QLineF line = fan.links[i]->line();
            if (line != fan.lines[i]) {
                for (const QLineF &l : {fan.lines[i], line})
                    stale.append(QRectF(l.p1(), l.p2()).normalized().adjusted(-m, -m, m, m));
                fan.lines[i] = line;
                changed = true;
            }
        }
        if (!changed)
            continue;
        const QRectF before = fan.bounds;
        const bool solid = m_tileZoom > 0 && isSolid(fan, m_tileZoom);
        updateHull(fan);
        if (solid || (m_tileZoom > 0 && isSolid(fan, m_tileZoom)))
            stale << before << fan.bounds; // its hull is drawn, or was
    }
    if (m_tileZoom > 0)
        dropTiles(stale);
}

void LinkLayerItem::rebuild()
{
    m_dirty = false;
    m_moved = false;
    m_fans.clear();
    const auto *scene = static_cast<const ClusterScene *>(this->scene());
    if (!scene)
        return;
    // Links by colour, bundle size and the pair of rows they join.
    using Kind = std::tuple<int, QRgb, int, int>; // (bundle, colour, count, rows)
    std::map<Kind, QList<const LinkItem *>> kinds;
    for (const DiagramItem *item : scene->diagramItems()) {
        if (item->type() != LinkItemType)
            continue;
        const auto *link = static_cast<const LinkItem *>(item);
        if (!scene->isLinkShown(link))
            continue;
        const int a = rowOf(link->endA());
        const int b = rowOf(link->endB());
        kinds[{link->count() > 1, link->color().rgba(), link->count(),
               std::min(a, b) * 8 + std::max(a, b)}]
                .append(link);
    }
    for (const auto &[kind, links] : kinds) {
        QHash<const DiagramItem *, const DiagramItem *> parent;
        for (const LinkItem *link : links) {
            const DiagramItem *a = rootOf(parent, link->endA());
            const DiagramItem *b = rootOf(parent, link->endB());
            parent.insert(a, a);
            if (a != b)
                parent.insert(b, a);
        }
        QHash<const DiagramItem *, qsizetype> fanOf;
        const qsizetype first = m_fans.size();
        for (const LinkItem *link : links) {
            const DiagramItem *root = rootOf(parent, link->endA());
            auto it = fanOf.constFind(root);
            if (it == fanOf.constEnd()) {
                Fan fan;
                fan.color = link->color();
                fan.width = LinkItem::penWidth(link->count());
                fan.bundle = link->count() > 1;
                it = fanOf.insert(root, m_fans.size());
                m_fans.append(fan);
            }
            Fan &fan = m_fans[*it];
            fan.links.append(link);
            fan.lines.append(link->line());
        }
        for (qsizetype i = first; i < m_fans.size(); ++i)
            updateHull(m_fans[i]);
    }
    // Bundles above the single cables, as their items would be.
    std::stable_sort(m_fans.begin(), m_fans.end(),
                     [](const Fan &a, const Fan &b) { return !a.bundle && b.bundle; });
}

void LinkLayerItem::setBounds(const QRectF &bounds)
{
    if (bounds == m_bounds)
        return;
    prepareGeometryChange();
    m_bounds = bounds;
}

void LinkLayerItem::paintFan(QPainter *painter, const Fan &fan, const QRectF &exposed,
                             double lod) const
{
    if (!fan.bounds.intersects(exposed))
        return;
    // Below two device pixels a one-pixel aliased hairline looks the same as the pen and
    // takes the rasterizer's fast path.
    const bool hairline = lod * fan.width < 2;
    if (isSolid(fan, lod)) {
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fan.color); // lines over lines: opaque
        painter->drawPolygon(fan.hull);
        return;
    }
    const double m = fan.width + 2;
    const QRectF clip = exposed.adjusted(-m, -m, m, m);
    m_visible.clear();
    QLineF cut;
    for (const QLineF &line : fan.lines) {
        if (clipLine(line, clip, &cut))
            m_visible.append(cut);
    }
    if (m_visible.isEmpty())
        return;
    QColor color = fan.color;
    if (!fan.bundle)
        color.setAlphaF(LinkItem::kCableAlpha);
    QPen pen(color, hairline ? 0 : fan.width);
    pen.setCapStyle(Qt::FlatCap);
    painter->setPen(pen);
    painter->setRenderHint(QPainter::Antialiasing, !hairline);
    painter->drawLines(m_visible);
}

void LinkLayerItem::paintFans(QPainter *painter, const QRectF &exposed, double lod) const
{
    for (const Fan &fan : std::as_const(m_fans))
        paintFan(painter, fan, exposed, lod);
}

QImage LinkLayerItem::renderTile(const QPoint &tile, double zoom) const
{
    QImage image(kTile, kTile, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setTransform(QTransform(zoom, 0, 0, zoom, -tile.x() * kTile, -tile.y() * kTile));
    const QRectF scene(tile.x() * kTile / zoom, tile.y() * kTile / zoom, kTile / zoom,
                       kTile / zoom);
    paintFans(&painter, scene, zoom);
    return image;
}

bool LinkLayerItem::paintCached(QPainter *painter, const QRectF &exposed)
{
    // Only for a plain zoom onto a screen; exports (other scales, printers) draw lines.
    const QTransform t = painter->worldTransform();
    const auto *scene = static_cast<const ClusterScene *>(this->scene());
    if (scene->fullDetail() || t.type() > QTransform::TxScale || t.m11() != t.m22()
        || painter->device()->devicePixelRatio() != 1)
        return false;
    const double zoom = t.m11();
    if (zoom != m_tileZoom) {
        m_tiles.clear();
        m_tileZoom = zoom;
    }
    // Tiles are laid on the zoomed scene, whole device pixels apart however the view is
    // scrolled; the view's offset is rounded to a whole pixel too.
    const QPointF offset(std::round(t.dx()), std::round(t.dy()));
    const QRectF pixels(exposed.left() * zoom, exposed.top() * zoom, exposed.width() * zoom,
                        exposed.height() * zoom);
    const int left = int(std::floor(pixels.left() / kTile));
    const int right = int(std::floor(pixels.right() / kTile));
    const int top = int(std::floor(pixels.top() / kTile));
    const int bottom = int(std::floor(pixels.bottom() / kTile));
    if (qsizetype(right - left + 1) * (bottom - top + 1) > kMaxTiles)
        return false;
    const QTransform world = painter->worldTransform();
    painter->setWorldTransform(QTransform());
    for (int y = top; y <= bottom; ++y) {
        for (int x = left; x <= right; ++x) {
            const QPoint tile(x, y);
            auto it = m_tiles.constFind(tile);
            if (it == m_tiles.constEnd()) {
                if (m_tiles.size() >= kMaxTiles)
                    m_tiles.clear();
                it = m_tiles.insert(tile, renderTile(tile, zoom));
            }
            painter->drawImage(offset + QPointF(x * kTile, y * kTile), *it);
        }
    }
    painter->setWorldTransform(world);
    return true;
}

void LinkLayerItem::paintSelection(QPainter *painter, double lod) const
{
    const auto *scene = static_cast<const ClusterScene *>(this->scene());
    for (const QString &id : scene->document()->selection()) {
        const LinkItem *link = scene->linkItem(id);
        if (!link || !scene->isLinkShown(link))
            continue;
        const double width = LinkItem::penWidth(link->count()) + 2;
        QPen pen(scene->style().selection, lod * width < 2 ? 0 : width);
        pen.setCapStyle(Qt::FlatCap);
        painter->setPen(pen);
        painter->setRenderHint(QPainter::Antialiasing, lod * width >= 2);
        painter->drawLine(link->line());
    }
}

void LinkLayerItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    if (m_dirty)
        rebuild();
    else if (m_moved)
        updateGeometry();
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool antialiased = painter->testRenderHint(QPainter::Antialiasing);
    if (!paintCached(painter, option->exposedRect))
        paintFans(painter, option->exposedRect, lod);
    paintSelection(painter, lod); // drawn live: it changes far more often than the lines
    painter->setRenderHint(QPainter::Antialiasing, antialiased); // the view's hint
}

} // namespace topoplan
