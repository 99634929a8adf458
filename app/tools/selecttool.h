#pragma once

#include "app/canvas/abstracttool.h"
#include "app/canvas/canvasplacement.h"
#include "app/tools/connecttool.h"

#include <QPointF>
#include <QSet>

#include <optional>

class QGraphicsEllipseItem;
class QGraphicsRectItem;
class QMenu;

namespace topoplan {

// The Select tool (S): click selects, Shift/Ctrl-click toggles, a drag on empty canvas draws a
// rubber band, a drag on the selection moves it snapped to the grid (Alt: freely) as one undo
// step. Where the drag ends decides membership: a tray dropped in a domain box joins it (out
// of it, leaves it), a switch in a tier lane takes that tier, a node let go in a switch lane
// goes below the leaf lane, in the same undo step; a board server is refused and goes back. Hovering a device's top or bottom edge shows a port handle;
// dragging from it draws a cable as the Connect tool does. Right-click on a link offers the
// media it can be changed to; on a link, node or switch, "Mark as Failed" or "Repair".
class SelectTool : public AbstractTool
{
    Q_OBJECT

public:
    explicit SelectTool(QObject *parent = nullptr);
    ~SelectTool() override;

    void activate(ClusterScene *scene) override;
    void deactivate(ClusterScene *scene) override;
    void mousePressed(QGraphicsSceneMouseEvent *event) override;
    void mouseMoved(QGraphicsSceneMouseEvent *event) override;
    void mouseReleased(QGraphicsSceneMouseEvent *event) override;
    void contextMenu(QGraphicsSceneContextMenuEvent *event) override;
    void keyPressed(QKeyEvent *event) override;

    // How close to a device's top or bottom edge the port handle appears, in scene units.
    static constexpr double kHandleReach = 8;
    // The menu of a link: one checkable action per medium of its class family (network media
    // for a cable), the current one checked; choosing one changes the link's medium.
    // Then "Mark as Failed" (or "Repair"), as on a node's or switch's menu.
    static QMenu *linkMenu(Document *document, const QString &linkId, QWidget *parent = nullptr);
    // The menu of a node or switch: "Mark as Failed", or "Repair" when it is failed.
    static QMenu *deviceMenu(Document *document, const QString &deviceId,
                             QWidget *parent = nullptr);
    // Whether the port handle is shown (for tests): the device it belongs to, or empty.
    QString handleDevice() const { return m_handleDevice; }

private:
    static void addFailureAction(QMenu *menu, Document *document, const QString &id);

    enum class Mode { Idle, Pressed, Moving, RubberBand, Linking };

    void updateHandle(const QPointF &scenePos);
    void hideHandle();
    void moveTo(const QPointF &scenePos, bool snap);
    double pushBelowSwitchLanes() const;
    void finishMove();
    void updateRubberBand(const QPointF &scenePos);

    Mode m_mode = Mode::Idle;
    QPointF m_pressPos;
    QStringList m_ids;
    QList<QPointF> m_start;
    QPointF m_delta;
    int m_gesture = 0;
    std::optional<CanvasPlacement> m_placement;
    QSet<QString> m_baseSelection; // kept by a Shift/Ctrl rubber band
    QGraphicsRectItem *m_rubberBand = nullptr;
    QGraphicsEllipseItem *m_handle = nullptr;
    QString m_handleDevice;
    LinkGesture m_link;
};

} // namespace topoplan
