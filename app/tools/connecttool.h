#pragma once

#include "app/canvas/abstracttool.h"

#include <QPointF>

#include <optional>

class QGraphicsLineItem;

namespace topoplan {

// A cable being drawn from one device towards another: a line follows the pointer, and on
// release over a second device the engine proposes the link (lowest free ports, the medium
// both ends speak), which is added in one undo step, or refused with the engine's reason.
class LinkGesture
{
public:
    ~LinkGesture();

    bool isActive() const { return m_line != nullptr; }
    QString origin() const { return m_from; }
    void begin(ClusterScene *scene, const QString &deviceId, const QPointF &scenePos);
    void move(const QPointF &scenePos);
    // Ends the gesture over `scenePos`. Returns why the link was refused; nullopt when it was
    // added, or when there is no second device there (nothing happens).
    std::optional<QString> finish(const QPointF &scenePos);
    void cancel();

    // The node or switch at `scenePos`, or empty.
    static QString deviceAt(const ClusterScene *scene, const QPointF &scenePos);

private:
    QPointer<ClusterScene> m_scene;
    QGraphicsLineItem *m_line = nullptr;
    QString m_from;
};

// The Connect tool (C): press on a device and release on another, or click one and then the
// other, to join them with a cable. Escape lets go of a half-drawn cable.
class ConnectTool : public AbstractTool
{
    Q_OBJECT

public:
    explicit ConnectTool(QObject *parent = nullptr);

    void deactivate(ClusterScene *scene) override;
    void mousePressed(QGraphicsSceneMouseEvent *event) override;
    void mouseMoved(QGraphicsSceneMouseEvent *event) override;
    void mouseReleased(QGraphicsSceneMouseEvent *event) override;
    void keyPressed(QKeyEvent *event) override;

private:
    LinkGesture m_gesture;
    bool m_pressed = false;
};

} // namespace topoplan
