#pragma once

#include "app/document/autosave.h"
#include "app/document/projectio.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <optional>

class QMainWindow;
class QMenu;

namespace topoplan {

class Document;

// The files side of one main window: open, save, import, templates, recent files, recovery
// and "save your changes?". Files are read and written in workers so the window keeps
// painting; dialogs are window-modal but not blocking.
//
// The manager never shows a document itself: it hands each new one over with documentReady()
// and the window, which owns the canvas and the panels, shows it and tells the manager which
// document is current (setDocument). It speaks to the user through the window's status bar
// and message boxes.
class DocumentManager : public QObject
{
    Q_OBJECT

public:
    DocumentManager(QMainWindow *window, AutosaveManager *autosave);

    // The document on show; the one that saves and "save your changes?" are about.
    void setDocument(Document *document) { m_document = document; }
    Document *document() const { return m_document; }

    bool isLoading() const { return m_loadWatcher.isRunning(); }
    bool isSaving() const { return m_saveWatcher.isRunning(); }
    bool isImporting() const { return m_importWatcher.isRunning(); }

    // Opens `path` in the background (callers ask first, see maybeSave()): on success a new
    // document, on failure every problem and an offer to open what can be read; the current
    // document stays.
    void openFile(const QString &path);
    // Imports what a cluster reports (engine/import) in the background: on success the laid-out
    // design as a new, unsaved document and the import report (object name "importReport");
    // on failure why (file, line, what was expected).
    void importFiles(const QStringList &paths);
    // A new, untitled project made from a built-in template.
    void openTemplate(const QString &templateId);
    // `project` as a new, unsaved document, with `message` in the status bar.
    void openProject(Project project, const QString &message = {});
    // Saves the current document in the background to `path`.
    void saveFile(const QString &path);
    // Offers the recovery files a crashed session left behind; true if there were any.
    // Restoring one opens it as a modified project with its own file path.
    bool offerRecovery();
    void restoreRecovery(const RecoveryEntry &entry);

    // The File menu's commands.
    void newProject();
    void showTemplateGallery();
    void open();
    bool save();
    bool saveAs();
    void importDialog();
    // File > Import Hardware: the GPUs, servers, switches and media of a hardware file (the
    // catalog's format, see readHardwareFile) added to the current project's own catalog in
    // one undo step, so the palette offers them and the project keeps them. A file that is
    // wrong, or that would leave the design invalid (a server model replaced by one with too
    // few NICs for its cables), is refused with the file, the JSON pointer and what was
    // expected, and nothing changes. Hardware files are small: read on the spot.
    bool importHardware(const QString &path);
    void importHardwareDialog();
    // File > Import Prices: the price book of a file in the catalog's format ("prices") becomes
    // the project's, in its "catalog" section, as one undoable step; it is saved with the
    // project, so the design's cost travels with it and the command line reads the same book.
    // A bad file is refused with its path and JSON path, and nothing changes.
    bool importPrices(const QString &path);
    void importPricesDialog();
    // Files dropped on the window: one project file opens, anything else is imported.
    void openDropped(const QStringList &paths);

    // Asks what to do with unsaved changes; false when the user cancels. "Save" writes the
    // file and waits for it, painting meanwhile.
    bool maybeSave();
    // Whether the window may close now: false while a save is under way (the window closes
    // when it is done) or when the user cancels.
    bool readyToClose();

    QStringList recentFiles() const;
    // File > Open Recent: filled each time it opens.
    void setRecentMenu(QMenu *menu);

    // A message box of the window's (object name "errorMessage"), window-modal, not blocking.
    void showError(const QString &title, const QString &text, const QString &details);

Q_SIGNALS:
    // A new document to show; `message` goes to the status bar once it is on show.
    void documentReady(Document *document, const QString &message);
    void documentOpened(const QString &path);
    void openFailed(const QString &message);
    void documentSaved(const QString &path);
    void recoveryOffered();
    void documentImported(const QStringList &paths);
    void importFailed(const QString &message);
    void hardwareImported(const QString &path, int models);
    void pricesImported(const QString &path);

private:
    void onLoaded();
    void onSaved();
    void onImported();
    void waitForSave();
    bool saveAndWait(const QString &path);
    void addRecentFile(const QString &path);
    void updateRecentMenu();
    void showStatus(const QString &text, int timeoutMs = 0);

    QMainWindow *m_window;
    AutosaveManager *m_autosave;
    Document *m_document = nullptr;
    QMenu *m_recentMenu = nullptr;
    std::optional<RecoveryEntry> m_restoring; // the recovery file being loaded
    QFutureWatcher<LoadResult> m_loadWatcher;
    QFutureWatcher<SaveResult> m_saveWatcher;
    QFutureWatcher<ImportOutcome> m_importWatcher;
    int m_savedUndoIndex = -1; // undo index of the snapshot being saved
    bool m_closeAfterSave = false;
};

} // namespace topoplan
