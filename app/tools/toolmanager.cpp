#include "app/tools/toolmanager.h"

#include "app/canvas/abstracttool.h"
#include "app/canvas/clusterscene.h"

#include <QAction>
#include <QActionGroup>
#include <QGraphicsSceneContextMenuEvent>

namespace topoplan {

Document *AbstractTool::document() const
{
    return m_scene ? m_scene->document() : nullptr;
}

void AbstractTool::contextMenu(QGraphicsSceneContextMenuEvent *event)
{
    event->ignore();
}

ToolManager::ToolManager(QObject *parent)
    : QObject(parent)
    , m_group(new QActionGroup(this))
{
    m_group->setExclusive(true);
}

ToolManager::~ToolManager()
{
    if (m_scene && m_selected) {
        m_scene->setTool(nullptr);
        m_selected->deactivate(m_scene);
    }
}

QAction *ToolManager::registerTool(AbstractTool *tool)
{
    tool->setParent(this);
    auto *action = new QAction(tool->icon(), tool->name(), m_group);
    action->setCheckable(true);
    action->setShortcut(tool->shortcut());
    action->setToolTip(QStringLiteral("%1 (%2)").arg(
            tool->name(), tool->shortcut().toString(QKeySequence::NativeText)));
    connect(action, &QAction::triggered, this, [this, tool] { selectTool(tool); });
    connect(tool, &AbstractTool::statusMessage, this, &ToolManager::statusMessage);
    connect(tool, &AbstractTool::refused, this, &ToolManager::refused);
    m_tools.append(tool);
    m_actions.append(action);
    if (!m_selected)
        selectTool(tool);
    return action;
}

void ToolManager::selectTool(AbstractTool *tool)
{
    if (tool == m_selected)
        return;
    if (m_selected && m_scene)
        m_selected->deactivate(m_scene);
    m_selected = tool;
    if (QAction *action = actionFor(tool))
        action->setChecked(true);
    if (m_scene) {
        m_scene->setTool(tool);
        if (tool)
            tool->activate(m_scene);
    }
    Q_EMIT selectedToolChanged(tool);
}

QAction *ToolManager::actionFor(const AbstractTool *tool) const
{
    const qsizetype i = m_tools.indexOf(tool);
    return i >= 0 ? m_actions[i] : nullptr;
}

QList<QAction *> ToolManager::actions() const
{
    return m_actions;
}

void ToolManager::setScene(ClusterScene *scene)
{
    if (scene == m_scene)
        return;
    if (m_scene && m_selected) {
        m_scene->setTool(nullptr);
        m_selected->deactivate(m_scene);
    }
    m_scene = scene;
    if (m_scene && m_selected) {
        m_scene->setTool(m_selected);
        m_selected->activate(m_scene);
    }
}

} // namespace topoplan
