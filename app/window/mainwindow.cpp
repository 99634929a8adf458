#include "app/window/mainwindow.h"

#include "app/analysis/analysiscontroller.h"
#include "app/canvas/analysisoverlay.h"
#include "app/canvas/canvasplacement.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/common/changeevent.h"
#include "app/common/paletteicons.h"
#include "app/common/theme.h"
#include "app/common/translations.h"
#include "app/dialogs/filedialogs.h"
#include "app/dialogs/preferences.h"
#include "app/dialogs/projectdialog.h"
#include "app/dialogs/recoverydialog.h"
#include "app/dialogs/templategallery.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "app/export/diagramdrag.h"
#include "app/export/diagramexport.h"
#include "app/export/reportexport.h"
#include "app/panels/analysisdock.h"
#include "app/panels/comparewindow.h"
#include "app/panels/dropcontroller.h"
#include "app/panels/exploredock.h"
#include "app/panels/failuresdock.h"
#include "app/panels/palettedock.h"
#include "app/panels/presentationpanel.h"
#include "app/panels/stepdock.h"
#include "app/panels/sweepdock.h"
#include "app/tools/connecttool.h"
#include "app/tools/selecttool.h"
#include "app/tools/toolmanager.h"
#include "app/window/clustercalibration.h"
#include "app/window/documentmanager.h"
#include "app/window/editingactions.h"
#include "app/window/helpmenu.h"

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/generate/templates.h"
#include "engine/model/summary.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPointer>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoGroup>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <memory>

namespace topoplan {

namespace {

constexpr int kStatusMessageMs = 4000;
const char *const kGeometryKey = "window/geometry";
const char *const kStateKey = "window/state";

QString settingsKey(const char *key)
{
    return QString::fromLatin1(key);
}

// The desktop theme's icon where there is one, so the window looks native; ours otherwise.
QIcon themedIcon(const char *themeName, const char *ownName)
{
    return QIcon::fromTheme(QString::fromLatin1(themeName),
                            QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(ownName))));
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_view(new ClusterView(this))
    , m_undoGroup(new QUndoGroup(this))
    , m_summary(new QLabel(this))
    , m_zoomLabel(new QLabel(this))
{
    initResources();
    setObjectName(QStringLiteral("MainWindow"));
    // The files side first: the File menu's actions speak to it.
    m_autosave = new AutosaveManager(this);
    m_documents = new DocumentManager(this, m_autosave);
    connect(m_documents, &DocumentManager::documentReady, this, &MainWindow::showDocument);
    connect(m_documents, &DocumentManager::documentOpened, this, &MainWindow::documentOpened);
    connect(m_documents, &DocumentManager::openFailed, this, &MainWindow::openFailed);
    connect(m_documents, &DocumentManager::documentSaved, this, &MainWindow::documentSaved);
    connect(m_documents, &DocumentManager::recoveryOffered, this, &MainWindow::recoveryOffered);
    connect(m_documents, &DocumentManager::documentImported, this, &MainWindow::documentImported);
    connect(m_documents, &DocumentManager::importFailed, this, &MainWindow::importFailed);
    setWindowIcon(QIcon(QStringLiteral(":/icons/topoplan.svg")));
    setCentralWidget(m_view);
    createEditor();
    createActions();
    createMenus();
    createToolBar();
    createStatusBar();

    connect(&m_exportWatcher, &QFutureWatcherBase::finished, this, &MainWindow::onExported);
    connect(&m_reportWatcher, &QFutureWatcherBase::finished, this, &MainWindow::onReportExported);
    setAcceptDrops(true);
    connect(m_view, &ClusterView::zoomChanged, this,
            [this](double zoom) { m_zoomLabel->setText(tr("Zoom %1 %").arg(qRound(zoom * 100))); });

    connect(m_autosave, &AutosaveManager::autosaveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(message), kStatusMessageMs);
    });
    setDocument(new Document(this));
    // The editing actions bring the inspector dock: before restoreState(), which places it.
    m_editing = EditingActions::install(this);
    connect(m_editing, &EditingActions::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    // Preferences close the Edit menu, after the editing actions just added to it.
    if (QMenu *edit = menuBar()->findChild<QMenu *>(QStringLiteral("editMenu"))) {
        edit->addSeparator();
        edit->addAction(m_preferencesAction);
    }
    applyPreferences(Preferences::load());
    makeActionIconsPaletteAware();

    QSettings settings;
    if (!restoreGeometry(settings.value(settingsKey(kGeometryKey)).toByteArray()))
        resize(1600, 1000);
    restoreState(settings.value(settingsKey(kStateKey)).toByteArray());
}

MainWindow::~MainWindow()
{
    // The scene refers to the document; the view and the tools to the scene.
    m_tools->setScene(nullptr);
    m_view->setClusterScene(nullptr);
    delete m_scene;
}

QString MainWindow::sampleTemplateId()
{
    return QString::fromLatin1(kSampleTemplateId);
}

void MainWindow::createEditor()
{
    m_tools = new ToolManager(this);
    m_selectTool = new SelectTool;
    m_connectTool = new ConnectTool;
    m_tools->registerTool(m_selectTool);
    m_tools->registerTool(m_connectTool);
    m_drops = new DropController(m_view);
    m_palette = new PaletteDock(Catalog::builtin(), this);
    addDockWidget(Qt::LeftDockWidgetArea, m_palette);
    const auto showMessage = [this](const QString &text) {
        statusBar()->showMessage(text, 10000);
    };
    m_analysis = new AnalysisController(this);
    m_analysisDock = new AnalysisDock(m_analysis, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_analysisDock);
    m_overlays = new AnalysisOverlayController(m_analysis, m_view, this);
    m_sweepDock = new SweepDock(m_analysis, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_sweepDock);
    tabifyDockWidget(m_analysisDock, m_sweepDock);
    m_stepDock = new StepDock(m_analysis, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_stepDock);
    tabifyDockWidget(m_sweepDock, m_stepDock);
    m_exploreDock = new ExploreDock(m_analysis, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_exploreDock);
    tabifyDockWidget(m_stepDock, m_exploreDock);
    connect(m_exploreDock, &ExploreDock::openVariantRequested, this, &MainWindow::openInNewWindow);
    // The explorer's table and charts need more height than the analysis: the first time it
    // comes up, the bottom docks take close to half the window.
    connect(m_exploreDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible || m_exploreSized)
            return;
        m_exploreSized = true;
        resizeDocks({m_exploreDock}, {std::max(380, height() * 45 / 100)}, Qt::Vertical);
    });
    // The TP sweep's cliff needs height to read as a cliff: the first time its tab comes up,
    // the bottom docks take at least 40 % of the window (its title bar's button detaches it).
    connect(m_sweepDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible || m_sweepSized)
            return;
        // Once its tab is really up (the window's first show reports every tab for a moment).
        QTimer::singleShot(0, this, [this] {
            if (m_sweepSized || m_sweepDock->isFloating() || !m_sweepDock->isVisible()
                || m_sweepDock->visibleRegion().isEmpty() || !isVisible())
                return;
            m_sweepSized = true;
            if (m_sweepDock->height() < height() * 40 / 100)
                resizeDocks({m_sweepDock}, {std::max(360, height() * 40 / 100)}, Qt::Vertical);
        });
    });
    m_failuresDock = new FailuresDock(this);
    m_failuresDock->setView(m_view);
    addDockWidget(Qt::BottomDockWidgetArea, m_failuresDock);
    tabifyDockWidget(m_exploreDock, m_failuresDock);
    m_analysisDock->raise();
    resizeDocks({m_analysisDock}, {220}, Qt::Vertical); // the canvas keeps most of the height
    connect(m_analysisDock, &AnalysisDock::message, this, showMessage);
    connect(m_tools, &ToolManager::statusMessage, this, showMessage);
    connect(m_tools, &ToolManager::refused, m_view, &ClusterView::showBalloon);
    connect(m_drops, &DropController::message, this, showMessage);
}

void MainWindow::selectAll()
{
    const Topology &t = m_document->project().topology;
    QSet<QString> ids;
    for (const Domain &d : t.domains)
        ids.insert(QString::fromStdString(d.id));
    for (const Node &n : t.nodes)
        ids.insert(QString::fromStdString(n.id));
    for (const Switch &s : t.switches)
        ids.insert(QString::fromStdString(s.id));
    for (const Link &l : t.links)
        ids.insert(QString::fromStdString(l.id));
    m_document->setSelection(ids);
}

void MainWindow::zoomToSelection()
{
    QRectF rect;
    for (const QString &id : m_document->selection()) {
        if (const DiagramItem *item = m_scene->itemForId(id))
            rect = rect.united(item->sceneBoundingRect());
    }
    if (rect.isNull())
        return;
    m_view->zoomToRect(rect.adjusted(-40, -40, 40, 40));
}

void MainWindow::createActions()
{
    m_newAction = new QAction(tr("&New"), this);
    m_newAction->setIcon(themedIcon("document-new", "new"));
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setStatusTip(tr("Start a project: empty or from a template"));
    connect(m_newAction, &QAction::triggered, m_documents, &DocumentManager::newProject);

    m_openAction = new QAction(tr("&Open..."), this);
    m_openAction->setIcon(themedIcon("document-open", "open"));
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open a project file"));
    connect(m_openAction, &QAction::triggered, m_documents, &DocumentManager::open);

    m_saveAction = new QAction(tr("&Save"), this);
    m_saveAction->setIcon(themedIcon("document-save", "save"));
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, m_documents, &DocumentManager::save);

    m_saveAsAction = new QAction(tr("Save &As..."), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, m_documents, &DocumentManager::saveAs);

    // One entry for every format: File > Export... (Ctrl+E); the report's shortcut opens it on
    // the report.
    m_exportAction = new QAction(tr("&Export..."), this);
    m_exportAction->setObjectName(QStringLiteral("exportAction"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setStatusTip(tr("Export the diagram, the design report or a file for other "
                                    "tools (bill of materials, cabling, Slurm, draw.io, ...)"));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportAs);

    m_exportReportAction = new QAction(tr("Export &Report..."), this);
    m_exportReportAction->setObjectName(QStringLiteral("exportReportAction"));
    m_exportReportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_exportReportAction->setStatusTip(
            tr("Write the design report: diagram, summary, plan, group bandwidths, diagnostics, "
               "charts, bill of materials and sources, as PDF or HTML"));
    connect(m_exportReportAction, &QAction::triggered, this,
            [this] { showExportDialog(QStringLiteral("report-pdf")); });
    addAction(m_exportReportAction); // its shortcut works in presentation mode too

    m_quitAction = new QAction(tr("&Quit"), this);
    // The platform's Quit keys; where its theme names none (the offscreen and some minimal
    // platforms), Ctrl+Q as on every Linux desktop.
    const QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    m_quitAction->setShortcuts(quitKeys.isEmpty()
                                       ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Q)}
                                       : quitKeys);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &MainWindow::quit);

    m_undoAction = m_undoGroup->createUndoAction(this, tr("&Undo"));
    m_undoAction->setIcon(themedIcon("edit-undo", "undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = m_undoGroup->createRedoAction(this, tr("&Redo"));
    m_redoAction->setIcon(themedIcon("edit-redo", "redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    m_zoomInAction = new QAction(tr("Zoom &In"), this);
    m_zoomInAction->setIcon(themedIcon("zoom-in", "zoom-in"));
    m_zoomInAction->setShortcut(QKeySequence::ZoomIn);
    connect(m_zoomInAction, &QAction::triggered, m_view, &ClusterView::zoomIn);

    m_zoomOutAction = new QAction(tr("Zoom &Out"), this);
    m_zoomOutAction->setIcon(themedIcon("zoom-out", "zoom-out"));
    m_zoomOutAction->setShortcut(QKeySequence::ZoomOut);
    connect(m_zoomOutAction, &QAction::triggered, m_view, &ClusterView::zoomOut);

    m_zoomFitAction = new QAction(tr("Zoom to &Fit"), this);
    m_zoomFitAction->setIcon(themedIcon("zoom-fit-best", "zoom-fit"));
    m_zoomFitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_zoomFitAction, &QAction::triggered, m_view, &ClusterView::zoomToFit);

    m_zoomResetAction = new QAction(tr("&Reset Zoom"), this);
    m_zoomResetAction->setIcon(themedIcon("zoom-original", "zoom-original"));
    m_zoomResetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(m_zoomResetAction, &QAction::triggered, m_view, &ClusterView::resetZoom);

    m_aboutAction = new QAction(tr("&About TopoPlan"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
}

void MainWindow::createMenus()
{
    m_selectAllAction = new QAction(tr("Select &All"), this);
    m_selectAllAction->setShortcut(QKeySequence::SelectAll);
    m_selectAllAction->setStatusTip(tr("Select every node, switch, domain and link"));
    connect(m_selectAllAction, &QAction::triggered, this, &MainWindow::selectAll);
    m_zoomSelectionAction = new QAction(tr("Zoom to &Selection"), this);
    m_zoomSelectionAction->setIcon(QIcon(QStringLiteral(":/icons/zoom-selection.svg")));
    m_zoomSelectionAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    m_zoomSelectionAction->setStatusTip(tr("Show the selected items as large as they fit"));
    connect(m_zoomSelectionAction, &QAction::triggered, this, &MainWindow::zoomToSelection);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    m_documents->setRecentMenu(file->addMenu(tr("Open &Recent")));
    m_importAction = file->addAction(tr("&Import..."));
    m_importAction->setObjectName(QStringLiteral("importAction"));
    m_importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importAction->setStatusTip(tr("Start from the real cluster: ibnetdiscover output, NCCL "
                                    "topology XML or nvidia-smi topo -m"));
    connect(m_importAction, &QAction::triggered, m_documents, &DocumentManager::importDialog);
    m_importHardwareAction = file->addAction(tr("Import &Hardware..."));
    m_importHardwareAction->setObjectName(QStringLiteral("importHardwareAction"));
    m_importHardwareAction->setStatusTip(
            tr("Add GPUs, servers, switches and links the catalog lacks, from a file in the "
               "catalog's format, to this project"));
    connect(m_importHardwareAction, &QAction::triggered, m_documents,
            &DocumentManager::importHardwareDialog);
    m_importPricesAction = file->addAction(tr("Import Pri&ces..."));
    m_importPricesAction->setObjectName(QStringLiteral("importPricesAction"));
    m_importPricesAction->setStatusTip(
            tr("Price the design: a price book in the catalog's format (servers, switches, "
               "transceivers, cables, energy, amortization) becomes this project's"));
    connect(m_importPricesAction, &QAction::triggered, m_documents,
            &DocumentManager::importPricesDialog);
    connect(m_documents, &DocumentManager::pricesImported, this, [this] {
        m_analysisDock->show();
        m_analysisDock->raise();
        m_analysisDock->showCost();
    });
    m_calibration = new ClusterCalibration(this);
    m_calibrateAction = file->addAction(tr("Calibrate from C&luster..."));
    m_calibrateAction->setObjectName(QStringLiteral("calibrateAction"));
    m_calibrateAction->setStatusTip(
            tr("Fit the network to what your cluster measured: nccl-tests output "
               "(all_reduce_perf, all_gather_perf, alltoall_perf), shown against the catalog"));
    connect(m_calibrateAction, &QAction::triggered, this,
            [this] { m_calibration->dialog(m_documents->document()); });
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addAction(m_exportAction);
    file->addAction(m_exportReportAction);
    file->addSeparator();
    m_projectAction = file->addAction(tr("Project &Properties..."));
    m_projectAction->setObjectName(QStringLiteral("projectPropertiesAction"));
    m_projectAction->setStatusTip(tr("Name, revision and description of the design, and the "
                                     "hosts' naming pattern"));
    connect(m_projectAction, &QAction::triggered, this, &MainWindow::showProjectProperties);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("editMenu"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addAction(m_selectAllAction);
    m_preferencesAction = new QAction(tr("Pre&ferences..."), this);
    m_preferencesAction->setObjectName(QStringLiteral("preferencesAction"));
    m_preferencesAction->setMenuRole(QAction::PreferencesRole);
    m_preferencesAction->setShortcuts(
            {QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    m_preferencesAction->setStatusTip(
            tr("Autosave, theme, grid and the fabric that Add Fabric proposes"));
    connect(m_preferencesAction, &QAction::triggered, this, &MainWindow::showPreferences);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    view->addAction(m_zoomInAction);
    view->addAction(m_zoomOutAction);
    view->addSeparator();
    view->addAction(m_zoomFitAction);
    view->addAction(m_zoomSelectionAction);
    view->addAction(m_zoomResetAction);
    view->addSeparator();
    view->addAction(m_palette->toggleViewAction());
    view->addAction(m_analysisDock->toggleViewAction());
    view->addAction(m_sweepDock->toggleViewAction());
    view->addAction(m_stepDock->toggleViewAction());
    view->addAction(m_exploreDock->toggleViewAction());
    view->addSeparator();
    m_presentationAction = view->addAction(tr("&Presentation"));
    m_presentationAction->setObjectName(QStringLiteral("presentationAction"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentationAction->setStatusTip(tr("Full screen for a workshop: the canvas, the key "
                                          "figures and the step chart in large type; Esc "
                                          "leaves"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentation);
    // With the menu bar hidden its shortcuts would not reach it: the window holds them.
    addAction(m_presentationAction);
    m_leavePresentation = new QAction(tr("Leave Presentation"), this);
    m_leavePresentation->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leavePresentation->setEnabled(false);
    connect(m_leavePresentation, &QAction::triggered, this, [this] { setPresentation(false); });
    addAction(m_leavePresentation);
    QAction *compare = view->addAction(tr("&Compare Designs..."));
    compare->setObjectName(QStringLiteral("compareAction"));
    compare->setStatusTip(tr("The same job on this design and the other open ones (or files): "
                             "deltas, TP sweeps and steps side by side"));
    connect(compare, &QAction::triggered, this, &MainWindow::showCompare);
    QAction *explore = view->addAction(tr("&Explore Designs..."));
    explore->setObjectName(QStringLiteral("exploreAction"));
    explore->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    explore->setStatusTip(tr("Which design runs this job best? Compare NVLink domains, "
                             "fabrics and oversubscription"));
    connect(explore, &QAction::triggered, this, [this] {
        m_exploreDock->show();
        m_exploreDock->raise();
    });
    view->addAction(m_failuresDock->toggleViewAction());
    QAction *showAnalysis = view->addAction(tr("Show Analysis on &Canvas"));
    showAnalysis->setObjectName(QStringLiteral("showAnalysisAction"));
    showAnalysis->setCheckable(true);
    showAnalysis->setChecked(true);
    showAnalysis->setStatusTip(
            tr("Group bandwidths in the corner, the TP group outlined, bottleneck links marked"));
    connect(showAnalysis, &QAction::toggled, m_overlays, &AnalysisOverlayController::setVisible);
    QMenu *tools = view->addMenu(tr("&Tool"));
    tools->addActions(m_tools->actions());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    m_help = new HelpMenu(this, help, m_aboutAction);
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Main Toolbar"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setIconSize(QSize(20, 20));
    bar->addAction(m_newAction);
    bar->addAction(m_openAction);
    bar->addAction(m_saveAction);
    bar->addSeparator();
    bar->addAction(m_undoAction);
    bar->addAction(m_redoAction);
    bar->addSeparator();
    bar->addAction(m_zoomInAction);
    bar->addAction(m_zoomOutAction);
    bar->addAction(m_zoomFitAction);
    bar->addAction(m_zoomSelectionAction);
    bar->addAction(m_zoomResetAction);
    bar->addSeparator();
    bar->addActions(m_tools->actions());
    bar->addSeparator();
    // Drag the diagram out of the window into a document or a slide, as SVG and PNG: the whole
    // design on white with its legend, as File > Export draws it.
    bar->addWidget(new DiagramDragHandle(
            [this] {
                ExportChoice c;
                c.white = true;
                return recordChoice(c);
            },
            [this] { return m_document->displayName(); }, bar));
}

void MainWindow::createStatusBar()
{
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_zoomLabel->setObjectName(QStringLiteral("zoom"));
    statusBar()->addWidget(m_summary, 1);
    statusBar()->addPermanentWidget(m_zoomLabel);
}

void MainWindow::setDocument(Document *document)
{
    Document *old = m_document;
    ClusterScene *oldScene = m_scene;

    m_document = document;
    document->setParent(this);
    m_documents->setDocument(document);
    m_undoGroup->addStack(document->undoStack());
    m_undoGroup->setActiveStack(document->undoStack());
    m_scene = new ClusterScene(document, this);
    m_view->setClusterScene(m_scene);
    m_tools->setScene(m_scene);
    m_palette->setCatalog(document->catalog());

    connect(document, &Document::changed, this, &MainWindow::onDocumentChanged);
    connect(document, &Document::modifiedChanged, this, &QWidget::setWindowModified);
    connect(document, &Document::filePathChanged, this, &MainWindow::updateTitle);
    m_autosave->setDocument(document);
    m_analysis->setDocument(document);
    m_analysisDock->setDocument(document);
    m_sweepDock->setDocument(document);
    m_exploreDock->setDocument(document);
    m_failuresDock->setDocument(document);
    m_overlays->setScene(m_scene);

    delete oldScene;
    delete old;
    updateTitle();
    updateSummary();
}

void MainWindow::onDocumentChanged(const ChangeEvent &event)
{
    switch (event.kind) {
    case ChangeEvent::LayoutChanged:
    case ChangeEvent::SelectionChanged:
        return; // no count changes
    case ChangeEvent::ProjectReset:
    case ChangeEvent::ProjectChanged:
        updateTitle();
        break;
    case ChangeEvent::CatalogChanged:
        m_palette->setCatalog(m_document->catalog());
        break;
    default:
        break;
    }
    updateSummary();
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] \u2014 TopoPlan").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateSummary()
{
    const Expected<TopologySummary> s
            = summarize(m_document->project().topology, m_document->catalog());
    if (!s) {
        m_summary->setText(
                tr("Cannot count the topology: %1").arg(QString::fromStdString(s.error().text())));
        return;
    }
    const QLocale locale;
    m_summary->setText(tr("GPUs: %1 \u00b7 Nodes: %2 \u00b7 NVLink domains: %3 \u00b7 "
                          "Switches: %4 leaf, %5 spine, %6 core \u00b7 Links / cables: %7 / %8")
                               .arg(locale.toString(s->gpus), locale.toString(s->nodes),
                                    locale.toString(s->domains), locale.toString(s->leaf),
                                    locale.toString(s->spine), locale.toString(s->core),
                                    locale.toString(s->links), locale.toString(s->cables)));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    const bool files = !urls.isEmpty() && std::all_of(urls.begin(), urls.end(), [](const QUrl &u) {
        return u.isLocalFile();
    });
    if (files)
        event->acceptProposedAction();
    else
        QMainWindow::dragEnterEvent(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &u : event->mimeData()->urls())
        if (u.isLocalFile())
            paths << u.toLocalFile();
    if (paths.isEmpty()) {
        QMainWindow::dropEvent(event);
        return;
    }
    event->acceptProposedAction();
    // Ask about unsaved changes once the drop is over, not inside the drag's event loop.
    QTimer::singleShot(0, m_documents, [this, paths] { m_documents->openDropped(paths); });
}

void MainWindow::quit()
{
    // Every window closes, this one first, each asking about its unsaved changes; Cancel in
    // any of them keeps that window and the ones not yet asked.
    QList<QPointer<MainWindow>> windows{this};
    for (QWidget *widget : QApplication::topLevelWidgets())
        if (auto *window = qobject_cast<MainWindow *>(widget); window && window != this)
            if (window->isVisible())
                windows.append(window);
    for (const QPointer<MainWindow> &window : windows)
        if (window && !window->close())
            return;
}

void MainWindow::exportAs()
{
    showExportDialog();
}

DiagramPicture MainWindow::recordChoice(const ExportChoice &choice)
{
    const std::optional<AnalysisOutcome> &outcome = m_analysis->outcome();
    DiagramHeader header = diagramHeader(*m_document, outcome ? &*outcome : nullptr, choice.title,
                                         choice.titleBlock, QDate::currentDate(), choice.white);
    header.legend = choice.legend;
    if (choice.scope == ExportChoice::Scope::Selection) {
        QRectF bounds;
        for (const QGraphicsItem *item : m_scene->selectedItems())
            bounds = bounds.united(item->sceneBoundingRect());
        header.region = bounds.adjusted(-16, -16, 16, 16);
    } else if (choice.scope == ExportChoice::Scope::Visible) {
        header.region = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    }
    const QList<GroupSummaryLine> summary = m_overlays->isVisible() && outcome
                                                    ? groupSummary(*outcome)
                                                    : QList<GroupSummaryLine>{};
    return recordDiagram(m_scene, header, summary);
}

ExportDialog *MainWindow::showExportDialog(const QString &format)
{
    Project project = m_document->project();
    if (project.name.empty())
        project.name = m_document->displayName().toStdString();
    auto *dialog = new ExportDialog(
            std::move(project), m_document->catalog(), m_document->displayName(),
            m_document->filePath(), !m_scene->selectedItems().isEmpty(),
            [this](const ExportChoice &c) { return recordChoice(c); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!format.isEmpty())
        dialog->selectFormat(format);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { exportWith(dialog->choice()); });
    dialog->setWindowModality(Qt::WindowModal);
    dialog->open();
    return dialog;
}

void MainWindow::exportWith(const ExportChoice &choice)
{
    if (choice.isReport()) {
        exportReport(choice.path, defaultReportPaper());
        return;
    }
    if (isExporting())
        return;
    m_exportPath = choice.path;
    statusBar()->showMessage(tr("Exporting %1...").arg(QDir::toNativeSeparators(choice.path)));
    if (choice.isDiagram()) {
        const ExportFormat format = *exportFormatFromName(choice.format);
        const DiagramPicture diagram = recordChoice(choice);
        const QString title = choice.title.trimmed().isEmpty() ? m_document->displayName()
                                                               : choice.title.trimmed();
        m_exportWatcher.setFuture(QtConcurrent::run([diagram, format, path = choice.path, title] {
            return writeDiagram(diagram, format, path, title);
        }));
        return;
    }
    const std::optional<DocumentFormat> format
            = documentFormatFromName(choice.format.toStdString());
    if (!format)
        return;
    m_exportWatcher.setFuture(
            QtConcurrent::run([project = m_document->project(), catalog = m_document->catalog(),
                               f = *format, path = choice.path]() -> std::optional<QString> {
                Expected<std::string> text = writeDocument(f, project, catalog);
                if (!text)
                    return tr("%1: %2").arg(path, QString::fromStdString(text.error().text()));
                if (std::optional<Error> e
                    = writeFileAtomically(QFile::encodeName(path).toStdString(), *text))
                    return tr("%1: cannot write: %2").arg(path, QString::fromStdString(e->message));
                return std::nullopt;
            }));
}

void MainWindow::onExported()
{
    const std::optional<QString> error = m_exportWatcher.result();
    statusBar()->clearMessage();
    if (error) {
        m_documents->showError(
                tr("Cannot Export Diagram"),
                tr("%1 could not be written.").arg(QDir::toNativeSeparators(m_exportPath)), *error);
    } else {
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(m_exportPath)),
                                 kStatusMessageMs);
    }
    Q_EMIT diagramExported(m_exportPath, error.value_or(QString()));
}

void MainWindow::exportReport(const QString &path, QPageSize::PageSizeId paper)
{
    if (isExportingReport())
        return;
    const ReportFormat format = reportFormatForFile(path).value_or(ReportFormat::Pdf);
    const std::optional<AnalysisOutcome> &outcome = m_analysis->outcome();
    // The figure on white, for print, with the analysis's callouts as the canvas shows them.
    const DiagramHeader header
            = diagramHeader(*m_document, outcome ? &*outcome : nullptr, {}, false, QDate(), true);
    const QList<GroupSummaryLine> summary
            = outcome ? groupSummary(*outcome) : QList<GroupSummaryLine>{};
    ReportOptions options;
    options.author = Preferences::load().author.toStdString();
    options.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    Project project = m_document->project();
    if (project.name.empty())
        project.name = m_document->displayName().toStdString();
    m_reportPath = path;
    if (!m_reportProgress) {
        m_reportProgress = new QProgressBar(this);
        m_reportProgress->setObjectName(QStringLiteral("reportProgress"));
        m_reportProgress->setRange(0, 0); // busy: the engine gives no steps to count
        m_reportProgress->setMaximumWidth(160);
        m_reportProgress->setTextVisible(false);
        statusBar()->addPermanentWidget(m_reportProgress);
    }
    m_reportProgress->show();
    m_exportReportAction->setEnabled(false);
    statusBar()->showMessage(tr("Writing the report %1...").arg(QDir::toNativeSeparators(path)));
    // Recording visits the scene's items, which live in this thread; the analysis, the sweep
    // and the layout run in the worker, on copies.
    m_reportWatcher.setFuture(QtConcurrent::run(
            [diagram = recordDiagram(m_scene, header, summary), project = std::move(project),
             catalog = m_document->catalog(), options, format, paper, path] {
                return writeReport(project, catalog, options, diagram, format, paper, path);
            }));
}

void MainWindow::onReportExported()
{
    const std::optional<QString> error = m_reportWatcher.result();
    if (m_reportProgress)
        m_reportProgress->hide();
    m_exportReportAction->setEnabled(true);
    statusBar()->clearMessage();
    if (error) {
        m_documents->showError(
                tr("Cannot Export Report"),
                tr("%1 could not be written.").arg(QDir::toNativeSeparators(m_reportPath)), *error);
    } else {
        statusBar()->showMessage(
                tr("Wrote the report %1").arg(QDir::toNativeSeparators(m_reportPath)),
                kStatusMessageMs);
    }
    Q_EMIT reportExported(m_reportPath, error.value_or(QString()));
}

void MainWindow::openProject(Project project, const QString &message)
{
    m_documents->openProject(std::move(project), message);
}

void MainWindow::showDocument(Document *document, const QString &message)
{
    setDocument(document);
    m_view->zoomToFit();
    if (!message.isEmpty())
        statusBar()->showMessage(message, kStatusMessageMs);
}

MainWindow *MainWindow::openInNewWindow(const Project &project)
{
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->resize(size());
    window->show();
    window->openProject(project, tr("Opened from the explorer: %1. Save it to keep it.")
                                         .arg(QString::fromStdString(project.name)));
    return window;
}

void MainWindow::setPresentation(bool on)
{
    if (on == isPresenting())
        return;
    if (on) {
        m_beforePresentation = saveState();
        m_windowStateBeforePresentation = windowState();
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            dock->hide();
        for (QToolBar *bar : findChildren<QToolBar *>())
            bar->hide();
        menuBar()->hide();
        statusBar()->hide();
        if (!m_presentationDock) {
            m_presentationDock = new QDockWidget(tr("Presentation"), this);
            m_presentationDock->setObjectName(QStringLiteral("presentationDock"));
            m_presentationDock->setTitleBarWidget(new QWidget(m_presentationDock));
            m_presentationDock->setFeatures(QDockWidget::NoDockWidgetFeatures);
            m_presentationDock->setWidget(new PresentationPanel(m_analysis, m_presentationDock));
            addDockWidget(Qt::BottomDockWidgetArea, m_presentationDock);
        }
        m_presentationDock->show();
        setWindowState(windowState() | Qt::WindowFullScreen);
        resizeDocks({m_presentationDock}, {height() * 32 / 100}, Qt::Vertical);
        m_leavePresentation->setEnabled(true);
    } else {
        m_leavePresentation->setEnabled(false);
        m_presentationDock->hide();
        menuBar()->show();
        statusBar()->show();
        for (QToolBar *bar : findChildren<QToolBar *>())
            bar->show();
        restoreState(m_beforePresentation);
        setWindowState(m_windowStateBeforePresentation);
    }
    const QSignalBlocker quiet(m_presentationAction);
    m_presentationAction->setChecked(on);
    m_view->zoomToFit();
}

bool MainWindow::isPresenting() const
{
    return m_presentationDock && m_presentationDock->isVisible();
}

PresentationPanel *MainWindow::presentationPanel() const
{
    return m_presentationDock ? qobject_cast<PresentationPanel *>(m_presentationDock->widget())
                              : nullptr;
}

CompareWindow *MainWindow::showCompare()
{
    // This design first (the one the others are measured against), then every other window's.
    std::vector<DesignInput> designs;
    auto add = [&designs](MainWindow *w) {
        if (w->document())
            designs.push_back(
                    {w->document()->displayName().toStdString(), w->document()->project()});
    };
    add(this);
    for (QWidget *top : QApplication::topLevelWidgets())
        if (auto *w = qobject_cast<MainWindow *>(top); w && w != this)
            add(w);
    if (!m_compare) {
        m_compare = new CompareWindow(this);
        m_compare->setAttribute(Qt::WA_DeleteOnClose);
    }
    const std::optional<Workload> &workload = m_document->project().workload;
    m_compare->setDesigns(designs, workload.value_or(Workload{}), m_document->displayName());
    m_compare->show();
    m_compare->raise();
    if (!workload)
        statusBar()->showMessage(tr("Choose a model to train first: the comparison plans that "
                                    "job on every design."),
                                 kStatusMessageMs);
    return m_compare;
}

ProjectDialog *MainWindow::showProjectProperties()
{
    auto *dialog = new ProjectDialog(m_document, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, document = m_document] {
        // Only a change makes an undo step; a document replaced meanwhile is left alone.
        if (document != m_document || dialog->info() == m_document->projectInfo())
            return;
        m_document->undoStack()->push(new ChangeProjectInfo(m_document, dialog->info()));
    });
    dialog->open();
    return dialog;
}

void MainWindow::showPreferences()
{
    auto *dialog = new PreferencesDialog(m_preferences, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { applyPreferences(dialog->preferences()); });
    dialog->open();
}

void MainWindow::applyPreferences(const Preferences &preferences)
{
    if (preferences.language != m_preferences.language)
        statusBar()->showMessage(tr("The language changes when TopoPlan starts next"),
                                 kStatusMessageMs);
    m_preferences = preferences;
    m_preferences.save();
    if (preferences.theme != Theme::current())
        Theme::apply(preferences.theme);
    m_autosave->setInterval(std::chrono::seconds(preferences.autosaveSeconds));
    CanvasPlacement::setGridSize(preferences.gridSize);
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About TopoPlan"),
                       tr("<h3>TopoPlan %1</h3>"
                          "<p>Plan GPU training clusters: NVLink domains, InfiniBand and "
                          "Ethernet fabrics, and the parallelism that runs on them.</p>")
                               .arg(QStringLiteral(TOPOPLAN_VERSION)));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_documents->readyToClose()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(settingsKey(kGeometryKey), saveGeometry());
    settings.setValue(settingsKey(kStateKey), saveState());
    event->accept();
}

} // namespace topoplan
