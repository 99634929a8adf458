#include "app/canvas/linklayeritem.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/linkitem.h"
#include "app/canvas/overviewitem.h"
#include "app/canvas/switchitem.h"
#include "app/document/document.h"

#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace topoplan {

namespace {

// The side of a cached tile, in device pixels, and how many are kept (some 100 MB at most;
// a view at device pixel ratio 2 shows four times as many as at 1).
constexpr int kTile = 512;
constexpr qsizetype kMaxTiles = 96;

// A fan whose lines would cover its hull this many times over is a solid slab on screen.
constexpr double kSolidCoverage = 4;
// How strongly such a fan tints its hull: light enough for what is under it to read.
constexpr float kAggregateAlpha = 0.3f;

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
    QObject::connect(&m_watcher, &QFutureWatcherBase::resultReadyAt, &m_watcher,
                     [this](int index) { takeTile(m_watcher.resultAt(index)); });
}

LinkLayerItem::~LinkLayerItem()
{
    // The tiles still to draw are skipped; one being drawn works on its own copy of the fans.
    m_watcher.cancel();
}

void LinkLayerItem::invalidate(bool linksMoved)
{
    if (linksMoved) {
        m_moved = true; // the tiles the moved lines cross are dropped when they are read
    } else {
        m_dirty = true;
        m_tiles.clear();
        dropPending();
    }
    update();
}

bool LinkLayerItem::isSolid(const Fan &fan, double lod)
{
    // Below two device pixels a line is drawn as a one-pixel hairline.
    const double pixels = lod * fan.width < 2 ? 1 : lod * fan.width;
    return !fan.dead && fan.hull.size() >= 3
           && fan.length * lod * pixels >= kSolidCoverage * fan.hullArea * lod * lod;
}

void LinkLayerItem::cancelPending()
{
    ++m_generation; // a tile still being drawn is dropped when it arrives
    m_watcher.cancel();
    m_pending.clear();
}

void LinkLayerItem::dropPending()
{
    cancelPending();
    m_backdrop.clear();
    m_backdropZoom = 0;
}

void LinkLayerItem::dropTiles(const QList<QRectF> &sceneRects)
{
    if (sceneRects.isEmpty())
        return;
    // Lines moved: the backdrop and the tiles being drawn show them where they were.
    dropPending();
    if (m_tiles.isEmpty())
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
    // Links by colour (a failed link has its own), bundle size, whether they carry anything and
    // the pair of rows they join.
    using Kind = std::tuple<int, QRgb, int, int>; // (bundle | dead << 1, colour, count, rows)
    std::map<Kind, QList<const LinkItem *>> kinds;
    for (const DiagramItem *item : scene->diagramItems()) {
        if (item->type() != LinkItemType)
            continue;
        const auto *link = static_cast<const LinkItem *>(item);
        if (!scene->isLinkShown(link))
            continue;
        const int a = rowOf(link->endA());
        const int b = rowOf(link->endB());
        kinds[{int(link->count() > 1) | (link->dead() ? 2 : 0), link->color().rgba(), link->count(),
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
                fan.failed = link->failed();
                fan.dead = link->dead();
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

bool LinkLayerItem::isAggregate(const Fan &fan, double lod)
{
    return isSolid(fan, lod) || isSheet(fan);
}

bool LinkLayerItem::isSheet(const Fan &fan)
{
    // A fan over rows of a grid (LinkItem::kRowsTall) is a tint at every zoom: its thousands of
    // long lines would cross every tile of the rows between, costing each frame more than all
    // the rest while telling no more than the tint (a selected link is still drawn itself).
    return fan.bounds.height() > LinkItem::kRowsTall && !fan.dead && !fan.failed
           && fan.hull.size() >= 3;
}

void LinkLayerItem::paintFan(QPainter *painter, const Fan &fan, const QRectF &exposed, double lod)
{
    if (!fan.bounds.intersects(exposed) || isAggregate(fan, lod))
        return;
    // Below two device pixels a one-pixel aliased hairline looks the same as the pen and
    // takes the rasterizer's fast path.
    const bool hairline = lod * fan.width < 2;
    const double m = fan.width + 2;
    const QRectF clip = exposed.adjusted(-m, -m, m, m);
    // The lines of the fan inside the exposed rect; kept per thread, as tiles are drawn on
    // the pool too.
    thread_local QList<QLineF> visible;
    visible.clear();
    QLineF cut;
    for (const QLineF &line : fan.lines) {
        if (clipLine(line, clip, &cut))
            visible.append(cut);
    }
    if (visible.isEmpty())
        return;
    QColor color = fan.color;
    if (!fan.bundle && !fan.failed)
        color.setAlphaF(LinkItem::kCableAlpha);
    if (fan.dead && !fan.failed)
        color.setAlphaF(LinkItem::kDeadAlpha);
    // A link that carries nothing is dashed even when thin, so it reads as broken at any zoom.
    QPen pen(color, hairline ? (fan.dead ? 1.5 / lod : 0) : fan.width);
    pen.setCapStyle(Qt::FlatCap);
    if (fan.dead)
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setRenderHint(QPainter::Antialiasing, !hairline);
    painter->drawLines(visible);
}

void LinkLayerItem::paintAggregates(QPainter *painter, const QList<Fan> &fans,
                                    const QRectF &exposed, double lod)
{
    // Lines over lines: such fans are light aggregates, their hulls tinted (and outlined in
    // their colour, but for the sheets over the rows of a grid), so that the devices, their
    // names and the other fans read through them. The hulls of one colour and kind are one
    // path, all turning the same way (convexHull), filled once by the winding rule: where fans
    // overlap, as a large design's do by the hundred, the canvas is tinted once, not once per
    // fan until it is a slab of one colour.
    struct Aggregate
    {
        QRgb color;
        bool sheet;
        QPainterPath hulls;
    };
    QList<Aggregate> aggregates;
    for (const Fan &fan : fans) {
        if (!fan.bounds.intersects(exposed) || !isAggregate(fan, lod))
            continue;
        const bool sheet = isSheet(fan);
        auto it = std::find_if(aggregates.begin(), aggregates.end(), [&](const Aggregate &a) {
            return a.color == fan.color.rgba() && a.sheet == sheet;
        });
        if (it == aggregates.end()) {
            aggregates.append({fan.color.rgba(), sheet, QPainterPath()});
            aggregates.back().hulls.setFillRule(Qt::WindingFill);
            it = aggregates.end() - 1;
        }
        it->hulls.addPolygon(fan.hull);
        it->hulls.closeSubpath();
    }
    painter->setRenderHint(QPainter::Antialiasing, false);
    for (const Aggregate &a : std::as_const(aggregates)) {
        QColor fill = QColor::fromRgba(a.color);
        fill.setAlphaF(a.sheet ? LinkItem::kSheetAlpha : kAggregateAlpha);
        painter->setPen(a.sheet ? QPen(Qt::NoPen) : QPen(QColor::fromRgba(a.color), 0));
        painter->setBrush(fill);
        painter->drawPath(a.hulls);
    }
}

void LinkLayerItem::paintFans(QPainter *painter, const QList<Fan> &fans, const QRectF &exposed,
                              double lod)
{
    paintAggregates(painter, fans, exposed, lod); // under the lines of the sparser fans
    for (const Fan &fan : fans)
        paintFan(painter, fan, exposed, lod);
}

QImage LinkLayerItem::renderTile(const QList<Fan> &fans, const QPoint &tile, double zoom)
{
    QImage image(kTile, kTile, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setTransform(QTransform(zoom, 0, 0, zoom, -tile.x() * kTile, -tile.y() * kTile));
    const QRectF scene(tile.x() * kTile / zoom, tile.y() * kTile / zoom, kTile / zoom,
                       kTile / zoom);
    paintFans(&painter, fans, scene, zoom);
    return image;
}

bool LinkLayerItem::backdropCovers(const QPoint &tile) const
{
    if (m_backdrop.isEmpty())
        return false;
    // The tile's device pixels in the backdrop's, and the backdrop's tiles over them.
    const double s = m_backdropZoom / m_tileZoom;
    // Every backdrop tile under it must be there (the tile's right and bottom edges are
    // exclusive), else part of it would stay blank until it arrives.
    const QRectF at(tile.x() * kTile * s, tile.y() * kTile * s, kTile * s, kTile * s);
    const int last = int(std::ceil(at.right() / kTile)) - 1;
    const int lastRow = int(std::ceil(at.bottom() / kTile)) - 1;
    for (int y = int(std::floor(at.top() / kTile)); y <= lastRow; ++y)
        for (int x = int(std::floor(at.left() / kTile)); x <= last; ++x)
            if (!m_backdrop.contains(QPoint(x, y)))
                return false;
    return true;
}

void LinkLayerItem::paintBackdrop(QPainter *painter, const QPointF &offset,
                                  const QRegion &where) const
{
    painter->save();
    painter->setClipRegion(where, Qt::IntersectClip);
    // Nearest-pixel scaling: the backdrop shows for a moment only.
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    const double s = m_tileZoom / m_backdropZoom;
    const QRectF area = where.boundingRect().translated(-offset.toPoint());
    for (auto it = m_backdrop.constBegin(); it != m_backdrop.constEnd(); ++it) {
        const QRectF target(it.key().x() * kTile * s, it.key().y() * kTile * s, kTile * s,
                            kTile * s);
        if (target.intersects(area))
            painter->drawImage(target.translated(offset), it.value());
    }
    painter->restore();
}

void LinkLayerItem::renderInBackground(const QList<QPoint> &tiles)
{
    for (const QPoint &tile : tiles)
        m_pending.insert(tile);
    // A copy of the fans (shared, not copied, until the diagram next changes) for the pool.
    const QList<Fan> fans = m_fans;
    const double zoom = m_tileZoom;
    const int generation = m_generation;
    QList<QPoint> all(m_pending.begin(), m_pending.end());
    m_watcher.cancel();
    m_watcher.setFuture(QtConcurrent::mapped(all, [fans, zoom, generation](const QPoint &key) {
        return Tile{key, renderTile(fans, key, zoom), zoom, generation};
    }));
}

void LinkLayerItem::evictOutside(const QRect &shown)
{
    for (auto it = m_tiles.begin(); it != m_tiles.end();)
        it = shown.contains(it.key()) ? std::next(it) : m_tiles.erase(it);
}

void LinkLayerItem::takeTile(const Tile &tile)
{
    if (tile.generation != m_generation || tile.zoom != m_tileZoom || !m_pending.remove(tile.key))
        return;
    if (m_tiles.size() >= kMaxTiles)
        evictOutside(m_shownTiles);
    m_tiles.insert(tile.key, tile.image);
    if (m_pending.isEmpty()) { // all arrived: the backdrop has done its part
        m_backdrop.clear();
        m_backdropZoom = 0;
    }
    const double size = kTile / m_tileZoom;
    update(QRectF(tile.key.x() * size, tile.key.y() * size, size, size));
}

bool LinkLayerItem::paintCached(QPainter *painter, const QRectF &exposed)
{
    // Only for a plain zoom onto a screen; exports (other scales, printers) draw lines.
    const QTransform t = painter->worldTransform();
    const auto *scene = static_cast<const ClusterScene *>(this->scene());
    if (scene->fullDetail() || t.type() > QTransform::TxScale || t.m11() != t.m22())
        return false;
    // Tiles are in device pixels: on a high-DPI screen they hold dpr x dpr as many, drawn at
    // the device's zoom, so that lines stay as crisp as drawn directly.
    const double dpr = painter->device()->devicePixelRatio();
    const double zoom = t.m11() * dpr;
    if (zoom != m_tileZoom) {
        // The old zoom's tiles become the backdrop, unless they were still arriving: then
        // the backdrop before them covers more.
        if (m_tileZoom > 0 && !m_tiles.isEmpty() && m_pending.isEmpty()) {
            m_backdrop = std::move(m_tiles);
            m_backdropZoom = m_tileZoom;
        }
        const double ratio = m_backdropZoom > 0 ? zoom / m_backdropZoom : 0;
        if (ratio < 0.25 || ratio > 4) { // scaled that far it would say nothing
            m_backdrop.clear();
            m_backdropZoom = 0;
        }
        m_tiles.clear();
        m_tileZoom = zoom;
        cancelPending();
    }
    // Tiles are laid on the zoomed scene, whole device pixels apart however the view is
    // scrolled; the view's offset is rounded to a whole pixel too.
    const QPointF offset(std::round(t.dx() * dpr), std::round(t.dy() * dpr));
    const QRectF pixels(exposed.left() * zoom, exposed.top() * zoom, exposed.width() * zoom,
                        exposed.height() * zoom);
    const int left = int(std::floor(pixels.left() / kTile));
    const int right = int(std::floor(pixels.right() / kTile));
    const int top = int(std::floor(pixels.top() / kTile));
    const int bottom = int(std::floor(pixels.bottom() / kTile));
    if (qsizetype(right - left + 1) * (bottom - top + 1) > kMaxTiles)
        return false;
    m_shownTiles = QRect(QPoint(left, top), QPoint(right, bottom));
    // Room for what is shown: the tiles out of view go first.
    if (m_tiles.size() + m_shownTiles.width() * m_shownTiles.height() > kMaxTiles)
        evictOutside(m_shownTiles);
    // What is missing: drawn in the background where the backdrop can stand in for it
    // meanwhile, else now (on the pool's threads and this one together).
    QList<QPoint> later, now;
    for (int y = top; y <= bottom; ++y) {
        for (int x = left; x <= right; ++x) {
            const QPoint tile(x, y);
            if (m_tiles.contains(tile) || m_pending.contains(tile))
                continue;
            (backdropCovers(tile) ? later : now).append(tile);
        }
    }
    if (!now.isEmpty()) {
        const QList<Fan> &fans = m_fans;
        const QList<QImage> images = QtConcurrent::blockingMapped<QList<QImage>>(
                now, [&fans, zoom](const QPoint &key) { return renderTile(fans, key, zoom); });
        for (qsizetype i = 0; i < now.size(); ++i)
            m_tiles.insert(now[i], images[i]);
    }
    if (!later.isEmpty())
        renderInBackground(later);

    // From here on in device pixels (the device's own scale undone).
    const QTransform world = painter->worldTransform();
    painter->setWorldTransform(QTransform::fromScale(1 / dpr, 1 / dpr));
    QRegion waiting;
    for (int y = top; y <= bottom; ++y) {
        for (int x = left; x <= right; ++x) {
            const QPoint tile(x, y);
            const QPointF at = offset + QPointF(x * kTile, y * kTile);
            if (auto it = m_tiles.constFind(tile); it != m_tiles.constEnd())
                painter->drawImage(at, *it);
            else
                waiting += QRect(at.toPoint(), QSize(kTile, kTile));
        }
    }
    if (!waiting.isEmpty())
        paintBackdrop(painter, offset, waiting);
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
    // Lines as the tiles draw them: thin or solid by device pixels.
    if (!paintCached(painter, option->exposedRect))
        paintFans(painter, m_fans, option->exposedRect,
                  lod * painter->device()->devicePixelRatio());
    paintSelection(painter, lod); // drawn live: it changes far more often than the lines
    painter->setRenderHint(QPainter::Antialiasing, antialiased); // the view's hint
}

} // namespace topoplan
