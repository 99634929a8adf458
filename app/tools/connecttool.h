#pragma once

#include "app/canvas/abstracttool.h"

#include <QPointF>

#include <optional>

class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace topoplan {

// A cable being drawn from one device towards another: a line follows the pointer, and over a
// second device a label says what a Connect would cable (the engine's proposal: a server's
// NICs of the leaf's rail set, a leaf's uplinks). On release the CablingPreview shows every
// cable's ports and adds them in one undo step, or the engine's refusal is returned.
class LinkGesture
{
public:
    ~LinkGesture();

    bool isActive() const { return m_line != nullptr; }
    QString origin() const { return m_from; }
    void begin(ClusterScene *scene, const QString &deviceId, const QPointF &scenePos);
    // Follows the pointer; returns the preview of a Connect with the device under it (empty
    // over none).
    QString move(const QPointF &scenePos);
    // Ends the gesture over `scenePos`. Returns why the link was refused; nullopt when the
    // preview opened, or when there is no second device there (nothing happens).
    std::optional<QString> finish(const QPointF &scenePos);
    void cancel();

    // The node or switch at `scenePos`, or empty.
    static QString deviceAt(const ClusterScene *scene, const QPointF &scenePos);

private:
    QPointer<ClusterScene> m_scene;
    QGraphicsLineItem *m_line = nullptr;
    QGraphicsSimpleTextItem *m_label = nullptr;
    QString m_from;
    QString m_target; // the device the label describes
    QString m_preview;
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
    QString m_shownPreview;
};

} // namespace topoplan
