#pragma once

#include "app/dialogs/preferences.h"
#include "app/document/autosave.h"
#include "app/document/projectio.h"

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
class ConnectTool;
class Document;
class DropController;
class EditingActions;
class ExploreDock;
class PaletteDock;
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
    bool isLoading() const { return m_loadWatcher.isRunning(); }
    bool isSaving() const { return m_saveWatcher.isRunning(); }
    bool isExporting() const { return m_exportWatcher.isRunning(); }
    bool isImporting() const { return m_importWatcher.isRunning(); }

    // Opens `path` in the background; on success it replaces the current document (without
    // asking: callers ask first, see maybeSave()), on failure it says why and keeps the
    // current document.
    void openFile(const QString &path);
    // File > Import... and files dropped on the window: imports what a cluster reports
    // (ibnetdiscover output, NCCL topology XML, nvidia-smi topo -m; engine/import) in the
    // background; on success the laid-out design replaces the current document as a new,
    // unsaved one (callers ask first, see maybeSave()) and the import report is shown in a
    // dialog (object name "importReport"); on failure it says why (file, line, what was
    // expected) and keeps the current document. documentImported() or importFailed() tells.
    void importFiles(const QStringList &paths);
    // Opens a new, untitled project made from a built-in template; the sample is
    // engine/templates.h's kSampleTemplateId (32 DGX H100, rail-optimized NDR, GPT-3 175B).
    void openTemplate(const QString &templateId);
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
    // Saves in the background to `path`.
    void saveFile(const QString &path);
    // Exports the diagram to `path` (SVG, PDF, PNG or JPEG by its suffix, SVG without one):
    // recorded at full detail here, written in a worker; diagramExported() tells the outcome.
    // `title` replaces the project's name above the figure; `titleBlock` adds the job (model,
    // plan, tokens/s) and today's date under it; `white` draws it on white for print.
    void exportDiagram(const QString &path, const QString &title = {}, bool titleBlock = true,
                       bool white = false);
    // File > Export Diagram: the title, title block and background, then the file.
    void showExportOptions();
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

    QStringList recentFiles() const;

    // File > New: the template gallery (window-modal, not blocking); on OK an empty project or
    // the chosen template replaces the current one.
    void showTemplateGallery();
    // Offers the recovery files a crashed session left behind, in a window-modal dialog; true
    // if there were any. Restoring one opens it as a modified project with its own file path.
    bool offerRecovery();
    // Opens a recovery file (see AutosaveManager) in the background as a modified project.
    void restoreRecovery(const RecoveryEntry &entry);
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
    void importDialog();
    void onImported();

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void createEditor();
    void selectAll();
    void zoomToSelection();
    void setDocument(Document *document);
    void onDocumentChanged(const ChangeEvent &event);
    void onLoaded();
    void onSaved();
    void updateTitle();
    void updateSummary();
    void updateRecentMenu();
    void addRecentFile(const QString &path);
    void showError(const QString &title, const QString &text, const QString &details);
    // A file that cannot be opened: all its problems, and an offer to open what can be read.
    void showOpenProblems(const QString &shown, SalvagedProject salvage);

    void newProject();
    void exportAs();
    void onExported();
    void onReportExported();
    void open();
    bool save();
    bool saveAs();
    void about();
    // Asks what to do with unsaved changes; false when the user cancels.
    bool maybeSave();
    // Saves and waits for the worker, painting meanwhile; for "save before closing".
    bool saveAndWait(const QString &path);
    void waitForSave();

    Document *m_document = nullptr;
    ClusterScene *m_scene = nullptr;
    ClusterView *m_view;
    QUndoGroup *m_undoGroup;
    QLabel *m_summary;
    QLabel *m_zoomLabel;
    QMenu *m_recentMenu = nullptr;

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
    QAction *m_importAction = nullptr;

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
    Preferences m_preferences;
    std::optional<RecoveryEntry> m_restoring; // the recovery file being loaded

    QFutureWatcher<LoadResult> m_loadWatcher;
    QFutureWatcher<SaveResult> m_saveWatcher;
    QFutureWatcher<std::optional<QString>> m_exportWatcher;
    QFutureWatcher<std::optional<QString>> m_reportWatcher;
    QString m_reportPath;
    QProgressBar *m_reportProgress = nullptr;
    QFutureWatcher<ImportOutcome> m_importWatcher;
    QString m_exportPath;
    int m_savedUndoIndex = -1; // undo index of the snapshot being saved
    bool m_closeAfterSave = false;
};

} // namespace topoplan
