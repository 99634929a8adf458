#pragma once

#include <QIcon>
#include <QKeySequence>
#include <QObject>
#include <QPointF>
#include <QPointer>

class QGraphicsSceneContextMenuEvent;
class QGraphicsSceneMouseEvent;
class QKeyEvent;

namespace topoplan {

class ClusterScene;
class Document;

// A way of working on the canvas (select and move, connect). The ToolManager activates one
// tool at a time on the current scene; the scene hands it the mouse events its items did not
// take. A tool changes the model only through undo commands on the scene's document.
class AbstractTool : public QObject
{
    Q_OBJECT

public:
    AbstractTool(const QString &name, const QIcon &icon, const QKeySequence &shortcut,
                 QObject *parent = nullptr)
        : QObject(parent)
        , m_name(name)
        , m_icon(icon)
        , m_shortcut(shortcut)
    {}

    QString name() const { return m_name; }
    QIcon icon() const { return m_icon; }
    QKeySequence shortcut() const { return m_shortcut; }

    // The tool starts or stops working on `scene`; deactivate() drops what is half done.
    virtual void activate(ClusterScene *scene) { m_scene = scene; }
    virtual void deactivate(ClusterScene *) { m_scene = nullptr; }

    virtual void mousePressed(QGraphicsSceneMouseEvent *event) = 0;
    // Also without a button held, as the pointer hovers.
    virtual void mouseMoved(QGraphicsSceneMouseEvent *event) = 0;
    virtual void mouseReleased(QGraphicsSceneMouseEvent *event) = 0;
    virtual void contextMenu(QGraphicsSceneContextMenuEvent *event);
    virtual void keyPressed(QKeyEvent *) {}

Q_SIGNALS:
    // A short note for the status bar: why an action was refused, what a click will do.
    void statusMessage(const QString &text);
    // An edit the engine refused, at the scene point where the user acted (also sent to the
    // status bar as a statusMessage): the canvas shows it there.
    void refused(const QString &text, const QPointF &scenePos);

protected:
    ClusterScene *scene() const { return m_scene; }
    Document *document() const;

private:
    QString m_name;
    QIcon m_icon;
    QKeySequence m_shortcut;
    QPointer<ClusterScene> m_scene;
};

} // namespace topoplan
