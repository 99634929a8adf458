#pragma once

#include "app/canvas/linkbadges.h"
#include "app/canvas/tierlanes.h"
#include "app/common/changeevent.h"
#include "app/common/diagramstyle.h"

#include <QGraphicsScene>
#include <QHash>
#include <QPointF>

namespace topoplan {

class AbstractTool;
class Document;
class BadgeItem;
class DiagramItem;
class DomainItem;
class LaneItem;
class LinkItem;
class LinkLayerItem;
class NodeItem;
class OverviewItem;
class SwitchItem;

// The diagram of a Document: one item per node, switch, NVLink domain and link, and a lane
// per switch tier. The scene mirrors the document through Document::changed() and is never
// the source of truth: a drag pushes MoveItems commands, and items follow the model.
class ClusterScene : public QGraphicsScene
{
    Q_OBJECT

public:
    explicit ClusterScene(Document *document, QObject *parent = nullptr);
    ~ClusterScene() override;

    Document *document() const { return m_document; }
    const DiagramStyle &style() const { return m_style; }
    // The tool that gets the mouse events no item took (see ToolManager): selecting and
    // dragging are the Select tool's. Without one the scene only shows the diagram (an export,
    // the command line).
    void setTool(AbstractTool *tool);
    AbstractTool *tool() const { return m_tool; }
    // The node, switch, domain or link drawn on top at `scenePos` (a badge stands for its
    // link), or nullptr.
    DiagramItem *topItemAt(const QPointF &scenePos) const;
    // The items that move when `selected` are dragged: domains carry their members along.
    QStringList dragSetFor(const QStringList &selected) const;

    // Called when the application palette changes (light/dark).
    void setStyle(const DiagramStyle &style);

    DiagramItem *itemForId(const QString &id) const { return m_items.value(id); }
    // Every node, switch, domain and link item by id.
    const QHash<QString, DiagramItem *> &diagramItems() const { return m_items; }
    // The ids of the nodes, switches, domains and links lying wholly inside `rect`, whether
    // drawn one by one or by the overview: what a rubber band selects.
    QStringList idsInside(const QRectF &rect) const;
    NodeItem *nodeItem(const QString &id) const;
    SwitchItem *switchItem(const QString &id) const;
    DomainItem *domainItem(const QString &id) const;
    LinkItem *linkItem(const QString &id) const;
    // The count badge of a bundle link; nullptr for a single cable.
    BadgeItem *badgeItem(const QString &linkId) const
    {
        ensureRefreshed();
        return m_badges.value(linkId);
    }
    const QList<LaneItem *> &lanes() const
    {
        ensureRefreshed();
        return m_lanes.lanes();
    }

    // The bounding rectangle of the design's figure, with a margin: what an export shows.
    QRectF contentRect() const
    {
        ensureRefreshed();
        return m_contentRect;
    }
    // The figure and the empty tier lanes offered as drop targets: what "zoom to fit" shows.
    QRectF canvasRect() const
    {
        ensureRefreshed();
        return m_canvasRect;
    }

    // Badges, lanes and domain headers depend on the whole diagram, so they are brought up
    // to date once after a burst of change events (one command), not after every event. The
    // accessors above run this first; the event loop runs it soon after the command.
    void refreshNow();

    // Level of detail by whole layers, for views of thousands of items: below these zooms a
    // view hides the single cables (a smear under the devices) and the badges (unreadable),
    // so that it does not visit tens of thousands of items per frame for nothing.
    static constexpr double kCableZoom = 0.15;
    static constexpr double kBadgeZoom = 0.6;
    // Below this zoom a server is a few pixels wide: one OverviewItem draws every node,
    // switch and bundle in a few batched calls, and their own items are hidden.
    static constexpr double kOverviewZoom = 0.15;
    void setViewZoom(double zoom);
    bool cablesShown() const { return m_cablesShown; }
    bool badgesShown() const { return m_badgesShown; }
    bool overviewShown() const { return m_overviewShown && !m_fullDetail; }
    // Whether `link` is drawn at all: by the link layer, which draws every link in batches
    // while the devices are items of their own, or by its own item in an export.
    bool isLinkShown(const LinkItem *link) const;
    bool linkLayerShown() const { return !m_overviewShown && !m_fullDetail; }

    // Exports draw every item at full detail whatever the scale (see DiagramItem).
    bool fullDetail() const { return m_fullDetail; }
    void renderFullDetail(QPainter *painter, const QRectF &target = {}, const QRectF &source = {});

Q_SIGNALS:
    void contentRectChanged(const QRectF &rect);

protected:
    void helpEvent(QGraphicsSceneHelpEvent *event) override;
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void onChanged(const ChangeEvent &event);
    void rebuild();
    void addItemFor(const QString &id);
    void registerLink(LinkItem *link);
    void removeItemFor(const QString &id);
    void syncItem(const QString &id);
    enum Refresh { RefreshBadges = 1, RefreshLanes = 2, RefreshDomains = 4 };
    void scheduleRefresh(int what);
    void ensureRefreshed() const;
    void syncDomains();
    void relink(const QStringList &deviceIds);
    void layoutSlots(const QString &switchId);
    void updateLinkGeometry(LinkItem *link);
    void updateLanes();
    void placeBadges();
    void applyLayerVisibility();
    // The link's own item is shown only where the link layer does not draw it.
    bool linkItemShown(const LinkItem *link) const
    {
        return !linkLayerShown() && isLinkShown(link);
    }
    LinkItem *linkAt(const QPointF &scenePos) const;
    void updateSelection(const QStringList &ids);

    Document *m_document;
    AbstractTool *m_tool = nullptr; // owned by the ToolManager, which unsets it
    DiagramStyle m_style;
    QHash<QString, DiagramItem *> m_items;
    LinkBadges m_badges;
    QHash<QString, QList<LinkItem *>> m_linksAt; // device id -> the links at it
    TierLanes m_lanes;
    OverviewItem *m_overview = nullptr;   // owned by the scene, remade by rebuild()
    LinkLayerItem *m_linkLayer = nullptr; // likewise
    QRectF m_contentRect;
    QRectF m_canvasRect;
    QStringList m_selection;
    int m_pendingRefresh = 0; // Refresh flags
    bool m_refreshQueued = false;
    bool m_fullDetail = false;
    bool m_cablesShown = true;
    bool m_badgesShown = true;
    bool m_overviewShown = false;
};

} // namespace topoplan
