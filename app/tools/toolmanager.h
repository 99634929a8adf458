#pragma once

#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>

class QAction;
class QActionGroup;

namespace topoplan {

class AbstractTool;
class ClusterScene;

// Owns the canvas tools and their checkable actions (one checked at a time), and keeps the
// selected tool active on the current scene.
class ToolManager : public QObject
{
    Q_OBJECT

public:
    explicit ToolManager(QObject *parent = nullptr);
    ~ToolManager() override;

    // Takes ownership; the first tool registered becomes the selected one.
    QAction *registerTool(AbstractTool *tool);
    void selectTool(AbstractTool *tool);
    AbstractTool *selectedTool() const { return m_selected; }
    QAction *actionFor(const AbstractTool *tool) const;
    QList<QAction *> actions() const;

    // The scene the tools work on (a new document brings a new scene); may be nullptr.
    void setScene(ClusterScene *scene);

Q_SIGNALS:
    void statusMessage(const QString &text);
    void refused(const QString &text, const QPointF &scenePos);
    void selectedToolChanged(AbstractTool *tool);

private:
    QActionGroup *m_group;
    QList<AbstractTool *> m_tools;
    QList<QAction *> m_actions;
    AbstractTool *m_selected = nullptr;
    QPointer<ClusterScene> m_scene;
};

} // namespace topoplan
