#pragma once

#include "app/dialogs/preferences.h"
#include "app/document/autosave.h"
#include "app/document/projectio.h"
#include "app/window/documentmanager.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QPageSize>

#include "app/export/diagramexport.h"
#include "app/window/exportdialog.h"
#include <QPointer>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QUndoGroup;

class QProgressBar;

namespace topoplan {

class AnalysisController;
class AnalysisDock;
class AnalysisOverlayController;
class CompareWindow;
class ClusterScene;
class ClusterView;
class ClusterCalibration;
class ConnectTool;
class Document;
class DocumentManager;
class DropController;
class EditingActions;
class ExploreDock;
class PaletteDock;
class ProjectDialog;
class PresentationPanel;
class SelectTool;
class StepDock;
class FailuresDock;
class HelpMenu;
class SweepDock;
class ToolManager;
struct ChangeEvent;

// The main window: one document on a canvas, the File/Edit/View/Help menus, and a status bar
// that counts what the drawing holds. Files load and save in a worker thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return m_document; }
    ClusterScene *scene() const { return m_scene; }
    ClusterView *view() const { return m_view; }
    QLabel *summaryLabel() const { return m_summary; }
    PaletteDock *palette() const { return m_palette; }
    ToolManager *toolManager() const { return m_tools; }
    DropController *dropController() const { return m_drops; }
    EditingActions *editingActions() const { return m_editing; }
    AnalysisController *analysis() const { return m_analysis; }
    AnalysisDock *analysisDock() const { return m_analysisDock; }
    SweepDock *sweepDock() const { return m_sweepDock; }
    ExploreDock *exploreDock() const { return m_exploreDock; }
    StepDock *stepDock() const { return m_stepDock; }
    FailuresDock *failuresDock() const { return m_failuresDock; }
    AnalysisOverlayController *overlays() const { return m_overlays; }
    AutosaveManager *autosave() const { return m_autosave; }
    const Preferences &preferences() const { return m_preferences; }
    // The files side: open, save, import, recent files, recovery (see DocumentManager); the
    // window shows each document it hands over and forwards its signals.
    DocumentManager *documents() const { return m_documents; }
    ClusterCalibration *calibration() const { return m_calibration; }
    bool isLoading() const { return m_documents->isLoading(); }
    bool isSaving() const { return m_documents->isSaving(); }
    bool isExporting() const { return m_exportWatcher.isRunning(); }
    bool isImporting() const { return m_documents->isImporting(); }
    void openFile(const QString &path) { m_documents->openFile(path); }
    void importFiles(const QStringList &paths) { m_documents->importFiles(paths); }
    void openTemplate(const QString &templateId) { m_documents->openTemplate(templateId); }
    void saveFile(const QString &path) { m_documents->saveFile(path); }
    bool offerRecovery() { return m_documents->offerRecovery(); }
    QStringList recentFiles() const { return m_documents->recentFiles(); }
    // The built-in sample: engine/templates.h's kSampleTemplateId (32 DGX H100,
    // rail-optimized NDR, GPT-3 175B).
    static QString sampleTemplateId();
    // Shows `project` as a new, unsaved document in this window (nothing is asked: callers
    // ask first), with `message` in the status bar.
    void openProject(Project project, const QString &message = {});
    // The same in a new window of its own (closed with its last reference), as the explorer
    // opens a variant: the design the user was looking at stays where it was.
    MainWindow *openInNewWindow(const Project &project);
    // View > Compare Designs: this design and every other open window's, on this job.
    CompareWindow *showCompare();
    // View > Presentation (F11): full screen, no menus, bars or docks; the canvas over the
    // key figures and the step chart in large type. Esc (or F11) leaves it, and the docks
    // come back where they were.
    void setPresentation(bool on);
    bool isPresenting() const;
    PresentationPanel *presentationPanel() const;
    // Exports the design report to `path` (PDF, or HTML for .html/.htm) on `paper`: the
    // diagram is recorded here, the engine's report is built (analysis, TP sweep, bill of
    // materials) and laid out in a worker while a busy bar shows in the status bar;
    // reportExported() tells the outcome. The author comes from the preferences.
    void exportReport(const QString &path, QPageSize::PageSizeId paper);
    bool isExportingReport() const { return m_reportWatcher.isRunning(); }
    // File > Export... (Ctrl+E; Ctrl+Shift+R opens it on the report): one dialog for every
    // format with a live preview (window-modal, not blocking); its choice goes to exportWith().
    ExportDialog *showExportDialog(const QString &format = {});
    // Runs `choice` in the background: the diagram (its scope and options), the report, or one
    // of the engine's documents. diagramExported() (documents too) or reportExported() tells.
    void exportWith(const ExportChoice &choice);
    // The diagram as `choice` draws it, recorded from the scene (UI thread).
    DiagramPicture recordChoice(const ExportChoice &choice);

    // File > Project Properties...: name, revision, description and host-name pattern (window-
    // modal, not blocking); OK is one undo step. Returns the dialog shown.
    ProjectDialog *showProjectProperties();

    // Edit > Preferences...; applyPreferences() also saves them in the settings.
    void showPreferences();
    void applyPreferences(const Preferences &preferences);

Q_SIGNALS:
    void documentOpened(const QString &path);
    void openFailed(const QString &message);
    void documentSaved(const QString &path);
    void recoveryOffered();
    void diagramExported(const QString &path, const QString &error);
    void reportExported(const QString &path, const QString &error);
    void documentImported(const QStringList &paths);
    void importFailed(const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;
    // Files dropped on the window: a project file opens, anything else is imported.
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void createEditor();
    void selectAll();
    void zoomToSelection();
    void setDocument(Document *document);
    // A document the files side hands over: on show, fitted, `message` in the status bar.
    void showDocument(Document *document, const QString &message);
    void onDocumentChanged(const ChangeEvent &event);
    void updateTitle();
    void updateSummary();

    void exportAs();
    // File > Quit: closes every window, each asking to save.
    void quit();
    void onExported();
    void onReportExported();
    void about();

    Document *m_document = nullptr;
    ClusterScene *m_scene = nullptr;
    ClusterView *m_view;
    QUndoGroup *m_undoGroup;
    QLabel *m_summary;
    QLabel *m_zoomLabel;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_zoomInAction = nullptr;
    QAction *m_zoomOutAction = nullptr;
    QAction *m_zoomFitAction = nullptr;
    QAction *m_zoomResetAction = nullptr;
    QAction *m_aboutAction = nullptr;
    HelpMenu *m_help = nullptr;
    QAction *m_selectAllAction = nullptr;
    QAction *m_zoomSelectionAction = nullptr;
    QAction *m_preferencesAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_exportReportAction = nullptr;
    QAction *m_exportDialogAction = nullptr;
    QAction *m_projectAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_importHardwareAction = nullptr;
    QAction *m_importPricesAction = nullptr;
    QAction *m_calibrateAction = nullptr;

    ToolManager *m_tools = nullptr;
    SelectTool *m_selectTool = nullptr;
    ConnectTool *m_connectTool = nullptr;
    PaletteDock *m_palette = nullptr;
    DropController *m_drops = nullptr;
    EditingActions *m_editing = nullptr;
    AnalysisController *m_analysis = nullptr;
    AnalysisDock *m_analysisDock = nullptr;
    SweepDock *m_sweepDock = nullptr;
    ExploreDock *m_exploreDock = nullptr;
    StepDock *m_stepDock = nullptr;
    QPointer<CompareWindow> m_compare;
    QAction *m_presentationAction = nullptr;
    QAction *m_leavePresentation = nullptr;
    QDockWidget *m_presentationDock = nullptr;
    QByteArray m_beforePresentation;
    Qt::WindowStates m_windowStateBeforePresentation;
    bool m_exploreSized = false;
    bool m_sweepSized = false;
    FailuresDock *m_failuresDock = nullptr;
    AnalysisOverlayController *m_overlays = nullptr;
    AutosaveManager *m_autosave = nullptr;
    DocumentManager *m_documents = nullptr;
    ClusterCalibration *m_calibration = nullptr;
    Preferences m_preferences;

    QFutureWatcher<std::optional<QString>> m_exportWatcher;
    QFutureWatcher<std::optional<QString>> m_reportWatcher;
    QString m_reportPath;
    QProgressBar *m_reportProgress = nullptr;
    QString m_exportPath;
};

} // namespace topoplan
