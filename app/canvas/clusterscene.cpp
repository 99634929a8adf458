#include "app/canvas/clusterscene.h"

#include "app/canvas/abstracttool.h"
#include "app/canvas/badgeitem.h"
#include "app/canvas/domainitem.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/linkgeometry.h"
#include "app/canvas/linkitem.h"
#include "app/canvas/linklayeritem.h"
#include "app/canvas/nodeitem.h"
#include "app/canvas/overviewitem.h"
#include "app/canvas/switchitem.h"
#include "app/document/document.h"

#include "engine/generate/generator.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QPainter>
#include <QPalette>
#include <QToolTip>

#include <algorithm>
#include <utility>

namespace topoplan {

namespace {

constexpr double kContentMargin = 30;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

ClusterScene::ClusterScene(Document *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
    , m_style(DiagramStyle::fromPalette(QGuiApplication::palette()))
{
    // No index: a BSP tree files every cable under each cell its bounding box crosses, and
    // a fat tree's long cables cross most cells, so finding what a fitted view shows took
    // longer than drawing it. A plain scan of the items skips hidden ones at once, and the
    // overview hides almost all of them when zoomed out.
    setItemIndexMethod(NoIndex);
    setBackgroundBrush(m_style.background);
    connect(document, &Document::changed, this, &ClusterScene::onChanged);
    // A scene may outlive its document by a moment (a window closing); the refresh queued
    // by the last change must not read a document that is gone.
    connect(document, &QObject::destroyed, this, [this] {
        m_pendingRefresh = 0;
        m_document = nullptr;
    });
    rebuild();
}

ClusterScene::~ClusterScene() = default;

void ClusterScene::setTool(AbstractTool *tool)
{
    m_tool = tool;
}

void ClusterScene::setStyle(const DiagramStyle &style)
{
    m_style = style;
    setBackgroundBrush(style.background);
    update();
}

NodeItem *ClusterScene::nodeItem(const QString &id) const
{
    return qgraphicsitem_cast<NodeItem *>(m_items.value(id));
}

SwitchItem *ClusterScene::switchItem(const QString &id) const
{
    return qgraphicsitem_cast<SwitchItem *>(m_items.value(id));
}

DomainItem *ClusterScene::domainItem(const QString &id) const
{
    return qgraphicsitem_cast<DomainItem *>(m_items.value(id));
}

LinkItem *ClusterScene::linkItem(const QString &id) const
{
    return qgraphicsitem_cast<LinkItem *>(m_items.value(id));
}

void ClusterScene::renderFullDetail(QPainter *painter, const QRectF &target, const QRectF &source)
{
    ensureRefreshed();
    const bool cables = m_cablesShown;
    const bool badges = m_badgesShown;
    m_fullDetail = true;
    m_cablesShown = m_badgesShown = true;
    applyLayerVisibility(); // also hides the overview: an export draws every item
    render(painter, target, source.isNull() ? contentRect() : source);
    m_fullDetail = false;
    m_cablesShown = cables;
    m_badgesShown = badges;
    applyLayerVisibility();
}

void ClusterScene::setViewZoom(double zoom)
{
    const bool cables = zoom >= kCableZoom;
    const bool badges = zoom >= kBadgeZoom;
    const bool overview = zoom < kOverviewZoom;
    if (cables == m_cablesShown && badges == m_badgesShown && overview == m_overviewShown)
        return;
    m_cablesShown = cables;
    m_badgesShown = badges;
    m_overviewShown = overview;
    applyLayerVisibility();
}

bool ClusterScene::isLinkShown(const LinkItem *link) const
{
    return link->endA() && link->endB() && !overviewShown()
           && (m_cablesShown || m_fullDetail || link->count() > 1);
}

void ClusterScene::applyLayerVisibility()
{
    const bool overview = overviewShown();
    for (DiagramItem *item : std::as_const(m_items)) {
        switch (item->type()) {
        case LinkItemType:
            item->setVisible(linkItemShown(static_cast<LinkItem *>(item)));
            break;
        case NodeItemType:
        case SwitchItemType:
            item->setVisible(!overview);
            break;
        default:
            break;
        }
    }
    for (BadgeItem *badge : m_badges.all())
        badge->setVisible(badge->isPlaced() && (m_badgesShown || m_fullDetail) && !overview);
    if (m_overview)
        m_overview->setVisible(overview);
    if (m_linkLayer) {
        m_linkLayer->setVisible(linkLayerShown());
        m_linkLayer->invalidate(); // which cables it draws may have changed
    }
}

void ClusterScene::onChanged(const ChangeEvent &event)
{
    // Work local to the named items is done at once; the passes over the whole diagram wait
    // for the end of the command (see scheduleRefresh()).
    if (m_overview && event.kind != ChangeEvent::SelectionChanged) {
        m_overview->invalidate(); // re-read before it next paints
        m_linkLayer->invalidate(event.kind == ChangeEvent::LayoutChanged);
    }
    switch (event.kind) {
    case ChangeEvent::ProjectReset:
        rebuild();
        break;
    case ChangeEvent::ProjectChanged:
        break;
    case ChangeEvent::DevicesChanged:
    case ChangeEvent::CatalogChanged:
        for (const QString &id : event.ids)
            syncItem(id);
        relink(event.ids); // another model may have other NICs, another tier another edge
        scheduleRefresh(RefreshDomains | RefreshBadges | RefreshLanes);
        break;
    case ChangeEvent::LayoutChanged:
        for (const QString &id : event.ids)
            syncItem(id);
        relink(event.ids);
        scheduleRefresh(RefreshBadges | RefreshLanes);
        break;
    case ChangeEvent::ItemsAdded:
        for (const QString &id : event.ids)
            addItemFor(id);
        scheduleRefresh(RefreshDomains | RefreshBadges | RefreshLanes);
        break;
    case ChangeEvent::ItemsRemoved:
        for (const QString &id : event.ids)
            removeItemFor(id);
        scheduleRefresh(RefreshDomains | RefreshBadges | RefreshLanes);
        break;
    case ChangeEvent::SelectionChanged:
        updateSelection(event.ids);
        break;
    }
}

void ClusterScene::scheduleRefresh(int what)
{
    // A paste of 256 servers is some 2,300 change events, one per entry; placing the badges
    // or sizing the lanes after each would walk every link thousands of times. They are
    // redone once, when control returns to the event loop or when someone asks for them.
    m_pendingRefresh |= what;
    if (m_refreshQueued)
        return;
    m_refreshQueued = true;
    QMetaObject::invokeMethod(this, &ClusterScene::refreshNow, Qt::QueuedConnection);
}

void ClusterScene::refreshNow()
{
    m_refreshQueued = false;
    const int pending = std::exchange(m_pendingRefresh, 0);
    if (!m_document)
        return;
    if (pending & RefreshDomains)
        syncDomains();
    if (pending & RefreshBadges)
        placeBadges();
    if (pending & RefreshLanes)
        updateLanes();
}

void ClusterScene::ensureRefreshed() const
{
    // Callers read lanes, badges and the content rect through const accessors; what they
    // read is the scene as it will be, so the pending passes are run first.
    if (m_pendingRefresh)
        const_cast<ClusterScene *>(this)->refreshNow();
}

void ClusterScene::rebuild()
{
    clear(); // deletes every item, lanes and overview included
    m_overview = new OverviewItem;
    addItem(m_overview);
    m_linkLayer = new LinkLayerItem;
    addItem(m_linkLayer);
    m_items.clear();
    m_badges.clear();
    m_linksAt.clear();
    m_lanes.clear();
    const Topology &t = m_document->project().topology;
    const Catalog &catalog = m_document->catalog();
    const auto place = [this](DiagramItem *item) {
        const std::optional<LayoutItem> layout = m_document->layoutItem(item->id());
        item->setPos(layout ? QPointF(layout->x, layout->y) : QPointF());
        m_items.insert(item->id(), item);
    };
    // Items get their geometry before they enter the scene, so that the index is built once.
    QList<DiagramItem *> created;
    const qsizetype devices = qsizetype(t.domains.size() + t.nodes.size() + t.switches.size());
    created.reserve(devices + qsizetype(t.links.size()));
    m_items.reserve(devices + qsizetype(t.links.size()));
    m_linksAt.reserve(devices);
    for (const Domain &d : t.domains) {
        auto *item = new DomainItem(qs(d.id));
        const std::optional<LayoutItem> layout = m_document->layoutItem(item->id());
        item->sync(d, t, catalog, layout ? QSizeF(layout->w, layout->h) : QSizeF());
        place(item);
        created.append(item);
    }
    for (const Node &n : t.nodes) {
        auto *item = new NodeItem(qs(n.id));
        item->sync(n, catalog);
        place(item);
        created.append(item);
    }
    for (const Switch &s : t.switches) {
        auto *item = new SwitchItem(qs(s.id));
        item->sync(s, catalog);
        const std::optional<LayoutItem> layout = m_document->layoutItem(item->id());
        item->setMark(layout && !layout->color.empty() ? QColor(qs(layout->color)) : QColor());
        place(item);
        created.append(item);
    }
    for (const Link &l : t.links) {
        auto *item = new LinkItem(qs(l.id));
        item->sync(l, catalog);
        registerLink(item);
        created.append(item);
    }
    // A switch spreads its links along its edge by where their other ends are, so link
    // geometry waits until every device is placed.
    for (const Switch &s : t.switches)
        layoutSlots(qs(s.id));
    for (DiagramItem *item : std::as_const(created)) {
        if (item->type() == LinkItemType)
            updateLinkGeometry(static_cast<LinkItem *>(item));
        addItem(item);
    }
    m_pendingRefresh = 0;
    placeBadges();
    updateLanes();
    applyLayerVisibility();
    const QSet<QString> &selection = m_document->selection();
    m_selection = QStringList(selection.begin(), selection.end());
}

void ClusterScene::registerLink(LinkItem *link)
{
    m_linksAt[link->deviceA()].append(link);
    m_linksAt[link->deviceB()].append(link);
    m_items.insert(link->id(), link);
    link->setEnds(m_items.value(link->deviceA()), m_items.value(link->deviceB()));
}

void ClusterScene::addItemFor(const QString &id)
{
    const Topology &t = m_document->project().topology;
    DiagramItem *item = nullptr;
    if (m_document->indexOf<Node>(id) >= 0)
        item = new NodeItem(id);
    else if (m_document->indexOf<Switch>(id) >= 0)
        item = new SwitchItem(id);
    else if (m_document->indexOf<Domain>(id) >= 0)
        item = new DomainItem(id);
    else if (int i = m_document->indexOf<Link>(id); i >= 0) {
        auto *link = new LinkItem(id);
        link->sync(t.links[i], m_document->catalog());
        registerLink(link);
        addItem(link);
        relink({link->deviceA(), link->deviceB()});
        return;
    }
    if (!item)
        return;
    if (item->type() != DomainItemType)
        item->setVisible(!overviewShown());
    m_items.insert(id, item);
    addItem(item);
    syncItem(id);
    // Links that were waiting for this device.
    for (LinkItem *link : m_linksAt.value(id))
        link->setEnds(m_items.value(link->deviceA()), m_items.value(link->deviceB()));
    relink({id});
}

void ClusterScene::removeItemFor(const QString &id)
{
    DiagramItem *item = m_items.take(id);
    if (!item)
        return;
    if (auto *link = qgraphicsitem_cast<LinkItem *>(item)) {
        m_linksAt[link->deviceA()].removeAll(link);
        m_linksAt[link->deviceB()].removeAll(link);
        const QStringList ends{link->deviceA(), link->deviceB()};
        m_badges.remove(id);
        delete item;
        relink(ends);
        scheduleRefresh(RefreshBadges); // its badge's place is free now
        return;
    }
    // Commands remove a device's links first; any left over lose their end until it returns.
    for (LinkItem *link : m_linksAt.value(id)) {
        link->setEnds(link->endA() == item ? nullptr : link->endA(),
                      link->endB() == item ? nullptr : link->endB());
        updateLinkGeometry(link);
    }
    delete item;
}

void ClusterScene::syncItem(const QString &id)
{
    DiagramItem *item = m_items.value(id);
    if (!item)
        return;
    const Topology &t = m_document->project().topology;
    const std::optional<LayoutItem> layout = m_document->layoutItem(id);
    const QPointF pos = layout ? QPointF(layout->x, layout->y) : QPointF();
    switch (item->type()) {
    case NodeItemType:
        static_cast<NodeItem *>(item)->sync(t.nodes[m_document->indexOf<Node>(id)],
                                            m_document->catalog());
        break;
    case SwitchItemType:
        static_cast<SwitchItem *>(item)->sync(t.switches[m_document->indexOf<Switch>(id)],
                                              m_document->catalog());
        static_cast<SwitchItem *>(item)->setMark(
                layout && !layout->color.empty() ? QColor(qs(layout->color)) : QColor());
        break;
    case DomainItemType:
        static_cast<DomainItem *>(item)->sync(t.domains[m_document->indexOf<Domain>(id)], t,
                                              m_document->catalog(),
                                              layout ? QSizeF(layout->w, layout->h) : QSizeF());
        break;
    case LinkItemType:
        // Endpoints may have changed: re-register the link under its devices.
        removeItemFor(id);
        addItemFor(id);
        return;
    }
    item->setPos(pos);
}

void ClusterScene::syncDomains()
{
    // Domain headers count their members' GPUs; all are re-read, once per command.
    for (const Domain &d : m_document->project().topology.domains) {
        if (auto *item = domainItem(qs(d.id))) {
            const std::optional<LayoutItem> layout = m_document->layoutItem(item->id());
            item->sync(d, m_document->project().topology, m_document->catalog(),
                       layout ? QSizeF(layout->w, layout->h) : QSizeF());
        }
    }
}

void ClusterScene::relink(const QStringList &deviceIds)
{
    // A switch orders the links along its edge by where their other ends are, so moving a
    // device re-spreads the links of every switch it is cabled to.
    QSet<QString> switches;
    QSet<LinkItem *> links;
    for (const QString &device : deviceIds) {
        if (switchItem(device))
            switches.insert(device);
        for (LinkItem *link : m_linksAt.value(device)) {
            links.insert(link);
            const QString &other = link->deviceA() == device ? link->deviceB() : link->deviceA();
            if (switchItem(other))
                switches.insert(other);
        }
    }
    for (const QString &sw : std::as_const(switches)) {
        layoutSlots(sw);
        for (LinkItem *link : m_linksAt.value(sw))
            links.insert(link);
    }
    for (LinkItem *link : std::as_const(links))
        updateLinkGeometry(link);
    if (!links.isEmpty())
        scheduleRefresh(RefreshBadges);
}

void ClusterScene::layoutSlots(const QString &switchId)
{
    linkgeometry::layoutSlots(switchItem(switchId), m_linksAt.value(switchId));
}

void ClusterScene::updateLinkGeometry(LinkItem *link)
{
    if (!link)
        return;
    link->setVisible(linkItemShown(link));
    linkgeometry::updateLine(link);
}

void ClusterScene::placeBadges()
{
    m_badges.place(this);
}

void ClusterScene::updateLanes()
{
    const TierLanes::Extent extent = m_lanes.update(this, m_items);
    const QRectF &content = extent.content;
    const QRectF &targets = extent.targets;
    m_linkLayer->setBounds(content.adjusted(-10, -10, 10, 10)); // room for the widest pen
    QRectF all = content;
    for (const LaneItem *lane : m_lanes.lanes()) {
        if (!lane->isDropTarget())
            all = all.united(lane->boundingRect());
    }
    all.adjust(-kContentMargin, -kContentMargin, kContentMargin, kContentMargin);
    const QRectF canvas = targets.isNull()
                                  ? all
                                  : all.united(targets.adjusted(-kContentMargin, -kContentMargin,
                                                                kContentMargin, kContentMargin));
    if (all != m_contentRect || canvas != m_canvasRect) {
        m_contentRect = all;
        m_canvasRect = canvas;
        Q_EMIT contentRectChanged(all);
    }
}

void ClusterScene::updateSelection(const QStringList &ids)
{
    const auto repaint = [this](const QString &id) {
        if (DiagramItem *item = m_items.value(id)) {
            item->update();
            if (item->type() == LinkItemType && linkLayerShown())
                m_linkLayer->update(item->boundingRect()); // it draws the selected link
        }
        if (BadgeItem *badge = m_badges.value(id))
            badge->update();
    };
    for (const QString &id : std::as_const(m_selection))
        repaint(id);
    m_selection = ids;
    for (const QString &id : ids)
        repaint(id);
    if (overviewShown())
        m_overview->update(); // it draws the selection of the items it stands for
}

DiagramItem *ClusterScene::topItemAt(const QPointF &scenePos) const
{
    if (overviewShown()) {
        // The devices are hidden behind the overview: find them by their boxes, a node or
        // switch before the domain around it.
        DiagramItem *found = nullptr;
        for (DiagramItem *item : m_items) {
            const int type = item->type();
            if (type == LinkItemType || !linkgeometry::itemRect(item).contains(scenePos))
                continue;
            if (!found || item->zValue() > found->zValue())
                found = item;
        }
        return found;
    }
    // The links' items are hidden behind the link layer: they are found by their lines,
    // above the domains and under devices and badges, as they are drawn.
    LinkItem *link = nullptr;
    bool linkSought = !linkLayerShown();
    const QList<QGraphicsItem *> hits
            = items(scenePos, Qt::IntersectsItemShape, Qt::DescendingOrder);
    for (QGraphicsItem *hit : hits) {
        const int type = hit->type();
        if (type == LaneItemType || type < NodeItemType || type > BadgeItemType)
            continue;
        if (!linkSought && hit->zValue() < m_linkLayer->zValue()) {
            linkSought = true;
            if ((link = linkAt(scenePos)))
                return link;
        }
        return static_cast<DiagramItem *>(hit);
    }
    return linkSought ? nullptr : linkAt(scenePos);
}

LinkItem *ClusterScene::linkAt(const QPointF &scenePos) const
{
    // As near as a click hits a link's item (its shape), the topmost: bundles over cables.
    constexpr double kReach = 4;
    LinkItem *found = nullptr;
    for (DiagramItem *item : m_items) {
        if (item->type() != LinkItemType)
            continue;
        auto *link = static_cast<LinkItem *>(item);
        if (!link->boundingRect().contains(scenePos) || !isLinkShown(link))
            continue;
        const QLineF line = link->line();
        const QPointF d = line.p2() - line.p1();
        const double length2 = QPointF::dotProduct(d, d);
        const double t = length2 > 0 ? std::clamp(
                                 QPointF::dotProduct(scenePos - line.p1(), d) / length2, 0.0, 1.0)
                                     : 0.0;
        const QPointF nearest = line.p1() + t * d;
        if (QLineF(nearest, scenePos).length() > kReach)
            continue;
        if (!found || link->zValue() > found->zValue())
            found = link;
    }
    return found;
}

QStringList ClusterScene::idsInside(const QRectF &rect) const
{
    QStringList ids;
    for (const DiagramItem *item : m_items) {
        QRectF r;
        if (item->type() == LinkItemType) {
            const auto *link = static_cast<const LinkItem *>(item);
            if (!link->endA() || !link->endB())
                continue;
            r = QRectF(link->line().p1(), link->line().p2()).normalized();
        } else {
            r = linkgeometry::itemRect(item);
        }
        if (rect.contains(r))
            ids.append(item->id());
    }
    return ids;
}

QStringList ClusterScene::dragSetFor(const QStringList &selected) const
{
    QStringList ids;
    QSet<QString> seen;
    for (const QString &id : selected) {
        const DiagramItem *item = m_items.value(id);
        if (!item || item->type() == LinkItemType || seen.contains(id))
            continue;
        ids.append(id);
        seen.insert(id);
    }
    // A domain carries its members along.
    for (const Node &n : m_document->project().topology.nodes) {
        const QString id = qs(n.id);
        if (!n.domain.empty() && seen.contains(qs(n.domain)) && !seen.contains(id)) {
            ids.append(id);
            seen.insert(id);
        }
    }
    return ids;
}

void ClusterScene::helpEvent(QGraphicsSceneHelpEvent *event)
{
    const DiagramItem *item = topItemAt(event->scenePos());
    QString text;
    if (item && (item->type() == LinkItemType || item->type() == BadgeItemType)) {
        if (const LinkItem *link = linkItem(item->id()))
            text = link->toolTipText(&m_document->project().topology);
    } else if (item) {
        text = item->toolTip();
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text, event->widget());
    event->setAccepted(!text.isEmpty());
}

void ClusterScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    QGraphicsScene::mousePressEvent(event);
    if (m_tool && !mouseGrabberItem())
        m_tool->mousePressed(event);
}

void ClusterScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_tool && !mouseGrabberItem()) {
        m_tool->mouseMoved(event);
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void ClusterScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_tool && !mouseGrabberItem()) {
        m_tool->mouseReleased(event);
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
}

void ClusterScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event)
{
    if (m_tool)
        m_tool->contextMenu(event);
    if (!event->isAccepted())
        QGraphicsScene::contextMenuEvent(event);
}

void ClusterScene::keyPressEvent(QKeyEvent *event)
{
    // A tool accepts the keys it handles (Escape while connecting); the rest go to items.
    event->ignore();
    if (m_tool)
        m_tool->keyPressed(event);
    if (!event->isAccepted())
        QGraphicsScene::keyPressEvent(event);
}

} // namespace topoplan
