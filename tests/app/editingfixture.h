#pragma once

// A window as the editor has it for the editing tests: a canvas on a document, with the
// editing actions, inspector and find bar installed the way MainWindow installs them.

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/document/document.h"
#include "app/tools/selecttool.h"
#include "app/tools/toolmanager.h"
#include "app/window/editingactions.h"

#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "tests/engine/analysisfixtures.h"

#include <QMainWindow>
#include <QMenuBar>
#include <QTest>
#include <QUndoStack>

namespace topoplan::testing {

inline Project generated(const std::string &model, int nodes, int domainSize = 0,
                         FabricKind fabric = FabricKind::RailOptimized)
{
    return fixtures::generatedProject(model, nodes, domainSize, fabric);
}

inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

class EditorWindow
{
public:
    explicit EditorWindow(Project project)
        : view(new ClusterView)
    {
        window.setCentralWidget(view);
        QMenu *edit = window.menuBar()->addMenu(QStringLiteral("&Edit"));
        edit->setObjectName(QStringLiteral("editMenu"));
        QMenu *help = window.menuBar()->addMenu(QStringLiteral("&Help"));
        help->setObjectName(QStringLiteral("helpMenu"));
        document = new Document(std::move(project), {}, &window);
        scene = new ClusterScene(document, &window);
        view->setClusterScene(scene);
        tools = new ToolManager(&window);
        tools->registerTool(new SelectTool);
        tools->setScene(scene);
        actions = new EditingActions(&window, view);
        actions->setDocument(document);
        window.resize(1400, 900);
    }

    ~EditorWindow()
    {
        tools->setScene(nullptr);
        view->setClusterScene(nullptr);
        delete scene;
    }

    // Shows the window and makes it the active one, so that shortcuts reach the actions.
    bool show()
    {
        window.show();
        window.activateWindow();
        view->setFocus();
        return QTest::qWaitForWindowActive(&window);
    }

    QString json() const { return qs(serializeProject(document->project())); }
    QUndoStack *undo() const { return document->undoStack(); }
    void select(const QStringList &ids) { document->setSelection({ids.begin(), ids.end()}); }
    // Where the item of `id` is on the viewport, its centre by default.
    QPoint viewPos(const QString &id, QPointF offset = {-1, -1}) const
    {
        const LayoutItem item = *document->layoutItem(id);
        if (offset == QPointF(-1, -1))
            offset = QPointF(30, 20);
        view->centerOn(QPointF(item.x, item.y) + offset);
        return view->mapFromScene(QPointF(item.x, item.y) + offset);
    }

    QMainWindow window;
    ClusterView *view;
    Document *document = nullptr;
    ClusterScene *scene = nullptr;
    ToolManager *tools = nullptr; // the Select tool, as the main window has it
    EditingActions *actions = nullptr;
};

} // namespace topoplan::testing
