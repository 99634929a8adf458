#include "app/window/documentmanager.h"

#include "app/dialogs/filedialogs.h"
#include "app/dialogs/recoverydialog.h"
#include "app/dialogs/templategallery.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"

#include "engine/io/projectfile.h"

#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace topoplan {

namespace {

constexpr int kMaxRecentFiles = 8;
constexpr int kStatusMessageMs = 4000;

QString recentFilesKey()
{
    return QStringLiteral("recentFiles");
}

QString lastDirKey()
{
    return QStringLiteral("lastDirectory");
}

QString projectFilter()
{
    return DocumentManager::tr("TopoPlan projects (*.topoplan)");
}

} // namespace

DocumentManager::DocumentManager(QMainWindow *window, AutosaveManager *autosave)
    : QObject(window)
    , m_window(window)
    , m_autosave(autosave)
{
    connect(&m_loadWatcher, &QFutureWatcherBase::finished, this, &DocumentManager::onLoaded);
    connect(&m_saveWatcher, &QFutureWatcherBase::finished, this, &DocumentManager::onSaved);
    connect(&m_importWatcher, &QFutureWatcherBase::finished, this, &DocumentManager::onImported);
}

void DocumentManager::showStatus(const QString &text, int timeoutMs)
{
    m_window->statusBar()->showMessage(text, timeoutMs);
}

void DocumentManager::showError(const QString &title, const QString &text, const QString &details)
{
    // Window-modal but not blocking: the window keeps painting and tests can read the box.
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("errorMessage"));
    box->setInformativeText(details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void DocumentManager::openFile(const QString &path)
{
    showStatus(tr("Opening %1...").arg(QDir::toNativeSeparators(path)));
    m_loadWatcher.setFuture(loadProjectInBackground(path));
}

void DocumentManager::openTemplate(const QString &templateId)
{
    showStatus(tr("Creating %1...").arg(templateId));
    m_loadWatcher.setFuture(instantiateTemplateInBackground(templateId));
}

void DocumentManager::restoreRecovery(const RecoveryEntry &entry)
{
    m_restoring = entry;
    showStatus(tr("Restoring %1...").arg(QDir::toNativeSeparators(entry.recoveryFile)));
    m_loadWatcher.setFuture(loadProjectInBackground(entry.recoveryFile));
}

void DocumentManager::onLoaded()
{
    LoadResult result = m_loadWatcher.result();
    m_window->statusBar()->clearMessage();
    const QString shown = QDir::toNativeSeparators(result.path);
    const std::optional<RecoveryEntry> restoring = std::exchange(m_restoring, std::nullopt);
    if (!result.project) {
        const QString details = QString::fromStdString(result.error.text());
        if (result.salvage && !restoring) {
            showOpenProblems(m_window, shown, std::move(*result.salvage),
                             [this, shown](Project project, int leftOut) {
                                 openProject(std::move(project),
                                             tr("Opened what could be read of %1 (%n item(s) "
                                                "left out); save it under a new name",
                                                "", leftOut)
                                                     .arg(shown));
                             });
        } else {
            showError(tr("Cannot Open Project"), tr("%1 could not be opened.").arg(shown), details);
        }
        Q_EMIT openFailed(details);
        return;
    }
    if (restoring) {
        // The project as it was at the last autosave, under its own file name, with changes
        // that are not on disk: saving writes it where it belongs.
        auto *document = new Document(std::move(*result.project), restoring->originalFile, this);
        document->markUnsaved();
        const QString message = tr("Restored %1 as it was at %2")
                                        .arg(document->displayName(),
                                             QLocale().toString(restoring->savedAt.toLocalTime(),
                                                                QLocale::ShortFormat));
        Q_EMIT documentReady(document, message);
        // After the window took the document: autosave forgets what it adopted on a new one.
        m_autosave->adopt(*restoring);
        Q_EMIT documentOpened(result.path);
        return;
    }
    // A template is a start, not a file to save over.
    const QString filePath
            = result.isTemplate ? QString() : QFileInfo(result.path).absoluteFilePath();
    Q_EMIT documentReady(new Document(std::move(*result.project), filePath, this),
                         tr("Opened %1").arg(shown));
    if (!result.isTemplate)
        addRecentFile(filePath);
    Q_EMIT documentOpened(result.path);
}

void DocumentManager::openProject(Project project, const QString &message)
{
    auto *document = new Document(std::move(project), QString(), this);
    document->markUnsaved();
    Q_EMIT documentReady(document, message);
}

void DocumentManager::importFiles(const QStringList &paths)
{
    if (paths.isEmpty() || isImporting())
        return;
    showStatus(
            tr("Importing %1...").arg(QDir::toNativeSeparators(paths.join(QStringLiteral(", ")))));
    m_importWatcher.setFuture(importInBackground(paths));
}

void DocumentManager::importDialog()
{
    if (!maybeSave())
        return;
    QSettings settings;
    const QStringList paths = QFileDialog::getOpenFileNames(
            m_window, tr("Import Cluster"), settings.value(lastDirKey()).toString(),
            tr("Cluster files: ibnetdiscover, NCCL topology, nvidia-smi topo -m, and hardware "
               "the catalog lacks (*.out *.txt *.topo *.xml *.log *.json);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings.setValue(lastDirKey(), QFileInfo(paths.first()).absolutePath());
    importFiles(paths);
}

bool DocumentManager::importHardware(const QString &path)
{
    if (!m_document)
        return false;
    const QString shown = QFileInfo(path).fileName();
    const std::string file = path.toStdString();
    Expected<HardwareFile> hardware = readHardwareFile(file);
    Expected<Json> section = hardware ? withHardware(m_document->project(), hardware->section, file)
                                      : Expected<Json>(hardware.error());
    if (!section) {
        showError(tr("Cannot Import Hardware"),
                  tr("The hardware in %1 was not added to the project.").arg(shown),
                  QString::fromStdString(section.error().text()));
        return false;
    }
    const int models = hardware->models();
    m_document->undoStack()->push(
            new ChangeCatalog(m_document, *section, tr("Import Hardware from %1").arg(shown)));
    showStatus(tr("Added %n hardware model(s) from %1 to the project.", nullptr, models).arg(shown),
               5000);
    Q_EMIT hardwareImported(path, models);
    return true;
}

void DocumentManager::importHardwareDialog()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
            m_window, tr("Import Hardware"), settings.value(lastDirKey()).toString(),
            tr("Hardware files in the catalog's format (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(lastDirKey(), QFileInfo(path).absolutePath());
    importHardware(path);
}

bool DocumentManager::importPrices(const QString &path)
{
    if (!m_document)
        return false;
    const QString shown = QFileInfo(path).fileName();
    Expected<Project> priced = withPriceFile(m_document->project(), path.toStdString());
    if (!priced) {
        showError(tr("Cannot Import Prices"),
                  tr("The prices in %1 were not added to the project.").arg(shown),
                  QString::fromStdString(priced.error().text()));
        return false;
    }
    m_document->undoStack()->push(new ChangeCatalog(m_document, priced->catalogOverrides,
                                                    tr("Import Prices from %1").arg(shown)));
    showStatus(tr("The project's prices are now those of %1.").arg(shown), 5000);
    Q_EMIT pricesImported(path);
    return true;
}

void DocumentManager::importPricesDialog()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
            m_window, tr("Import Prices"), settings.value(lastDirKey()).toString(),
            tr("Price files in the catalog's format (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(lastDirKey(), QFileInfo(path).absolutePath());
    importPrices(path);
}

void DocumentManager::onImported()
{
    ImportOutcome outcome = m_importWatcher.result();
    m_window->statusBar()->clearMessage();
    QStringList shown;
    for (const QString &p : outcome.paths)
        shown << QFileInfo(p).fileName();
    if (!outcome.project) {
        const QString details = QString::fromStdString(outcome.error.text());
        showError(tr("Cannot Import"),
                  tr("%1 could not be imported.").arg(shown.join(QStringLiteral(", "))), details);
        Q_EMIT importFailed(details);
        return;
    }
    openProject(std::move(*outcome.project),
                tr("Imported %1: save it to keep it.").arg(shown.join(QStringLiteral(", "))));
    showImportReport(m_window, tr("Imported %1").arg(shown.join(QStringLiteral(", "))),
                     outcome.report);
    Q_EMIT documentImported(outcome.paths);
}

void DocumentManager::openDropped(const QStringList &paths)
{
    // Hardware files alone go into the open project, as File > Import Hardware takes them;
    // with the cluster's files they describe the servers of a new import (the engine tells
    // them apart by content).
    const bool hardwareOnly
            = !paths.isEmpty() && m_document
              && std::all_of(paths.begin(), paths.end(), [](const QString &p) {
                     return p.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive);
                 });
    if (hardwareOnly) {
        for (const QString &p : paths)
            if (!importHardware(p))
                break;
        return;
    }
    if (paths.isEmpty() || !maybeSave())
        return;
    if (paths.size() == 1
        && paths.first().endsWith(QStringLiteral(".topoplan"), Qt::CaseInsensitive))
        openFile(paths.first());
    else
        importFiles(paths);
}

void DocumentManager::saveFile(const QString &path)
{
    if (isSaving())
        return;
    m_savedUndoIndex = m_document->undoStack()->index();
    showStatus(tr("Saving %1...").arg(QDir::toNativeSeparators(path)));
    m_saveWatcher.setProperty("document", QVariant::fromValue<QObject *>(m_document));
    m_saveWatcher.setFuture(saveProjectInBackground(m_document->project(), path));
}

void DocumentManager::onSaved()
{
    const SaveResult result = m_saveWatcher.result();
    m_window->statusBar()->clearMessage();
    const QString shown = QDir::toNativeSeparators(result.path);
    if (result.error) {
        m_closeAfterSave = false;
        showError(tr("Cannot Save Project"), tr("%1 could not be saved.").arg(shown),
                  QString::fromStdString(result.error->text()));
        return;
    }
    // The document may have been replaced or edited while the worker wrote the file.
    if (m_saveWatcher.property("document").value<QObject *>() == m_document) {
        m_document->setFilePath(QFileInfo(result.path).absoluteFilePath());
        if (m_document->undoStack()->index() == m_savedUndoIndex)
            m_document->markSaved();
    }
    addRecentFile(QFileInfo(result.path).absoluteFilePath());
    showStatus(tr("Saved %1").arg(shown), kStatusMessageMs);
    Q_EMIT documentSaved(result.path);
    if (std::exchange(m_closeAfterSave, false))
        m_window->close();
}

void DocumentManager::newProject()
{
    if (maybeSave())
        showTemplateGallery();
}

void DocumentManager::showTemplateGallery()
{
    auto *gallery = new TemplateGallery(m_window);
    gallery->setAttribute(Qt::WA_DeleteOnClose);
    connect(gallery, &QDialog::accepted, this, [this, gallery] {
        const QString id = gallery->templateId();
        if (id.isEmpty())
            Q_EMIT documentReady(new Document(this), QString());
        else
            openTemplate(id);
    });
    gallery->open();
}

bool DocumentManager::offerRecovery()
{
    const QList<RecoveryEntry> entries = AutosaveManager::orphanedRecoveries();
    if (entries.isEmpty())
        return false;
    auto *dialog = new RecoveryDialog(entries, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RecoveryDialog::restoreRequested, this, [this](const RecoveryEntry &entry) {
        if (maybeSave())
            restoreRecovery(entry);
    });
    dialog->open();
    Q_EMIT recoveryOffered();
    return true;
}

void DocumentManager::open()
{
    if (!maybeSave())
        return;
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
            m_window, tr("Open Project"), settings.value(lastDirKey()).toString(),
            tr("TopoPlan projects (*.topoplan);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(lastDirKey(), QFileInfo(path).absolutePath());
    openFile(path);
}

bool DocumentManager::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    saveFile(m_document->filePath());
    return true;
}

bool DocumentManager::saveAs()
{
    QSettings settings;
    QString suggested = m_document->filePath();
    if (suggested.isEmpty()) {
        suggested = QDir(settings.value(lastDirKey()).toString())
                            .filePath(m_document->displayName() + QStringLiteral(".topoplan"));
    }
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Project As"), suggested,
                                                projectFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".topoplan");
    settings.setValue(lastDirKey(), QFileInfo(path).absolutePath());
    saveFile(path);
    return true;
}

void DocumentManager::waitForSave()
{
    if (!isSaving())
        return;
    QEventLoop loop;
    connect(&m_saveWatcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
}

bool DocumentManager::saveAndWait(const QString &path)
{
    waitForSave(); // a save already under way finishes first
    saveFile(path);
    waitForSave();
    return !m_saveWatcher.result().error && !m_document->isModified();
}

bool DocumentManager::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
            m_window, tr("Unsaved Changes"),
            tr("The project \"%1\" has been modified.\nDo you want to save your changes?")
                    .arg(m_document->displayName()),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Discard)
        return true;
    if (answer != QMessageBox::Save)
        return false;
    QString path = m_document->filePath();
    if (path.isEmpty()) {
        path = QFileDialog::getSaveFileName(m_window, tr("Save Project As"),
                                            m_document->displayName() + QStringLiteral(".topoplan"),
                                            projectFilter());
        if (path.isEmpty())
            return false;
    }
    return saveAndWait(path);
}

bool DocumentManager::readyToClose()
{
    if (isSaving()) {
        m_closeAfterSave = true;
        return false;
    }
    return maybeSave();
}

QStringList DocumentManager::recentFiles() const
{
    return QSettings().value(recentFilesKey()).toStringList();
}

void DocumentManager::setRecentMenu(QMenu *menu)
{
    m_recentMenu = menu;
    connect(menu, &QMenu::aboutToShow, this, &DocumentManager::updateRecentMenu);
    updateRecentMenu();
}

void DocumentManager::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(recentFilesKey(), files);
    updateRecentMenu();
}

void DocumentManager::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files.at(i);
        QAction *action = m_recentMenu->addAction(
                QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openFile(path);
        });
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("&Clear Menu")), &QAction::triggered, this, [this] {
            QSettings().remove(recentFilesKey());
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

} // namespace topoplan
