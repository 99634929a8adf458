#pragma once

#include "app/common/changeevent.h"

#include "engine/core/error.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <chrono>
#include <optional>

namespace topoplan {

class Document;

// A recovery file that a session left behind: it crashed or was killed with unsaved changes.
struct RecoveryEntry
{
    QString recoveryFile; // <recovery dir>/<key>.topoplan: the project as it was
    QString infoFile;     // <recovery dir>/<key>.json: who wrote it, for which file, when
    QString originalFile; // the project's own file; empty for a project never saved
    QString projectName;
    QDateTime savedAt;
    qint64 pid = 0;
};

// Writes the open document's unsaved changes to a recovery file every so often, so that a
// crash loses at most that much work. The file is the project as saveProject() writes it
// (atomically, in a worker thread) in QStandardPaths::AppDataLocation/recovery, named by a
// hash of this process and document, with an info file beside it naming the writing
// process. Saving the document, undoing back to the saved state or closing it removes both;
// a crash leaves them, and the next start offers them (orphanedRecoveries()).
class AutosaveManager : public QObject
{
    Q_OBJECT

public:
    explicit AutosaveManager(QObject *parent = nullptr);
    // A clean exit: the current document's recovery file goes (the window asked about unsaved
    // changes before).
    ~AutosaveManager() override;

    static QString recoveryDirectory();
    // Recovery files whose writer is gone, newest first. Files of running TopoPlan processes
    // (another window, another instance) are not listed.
    static QList<RecoveryEntry> orphanedRecoveries();
    // Deletes an entry's files; false if one could not be removed.
    static bool discard(const RecoveryEntry &entry);

    // The document to watch; the previous one's recovery file is removed (it was saved or
    // its changes were given up when the window replaced it).
    void setDocument(Document *document);
    Document *document() const;
    // How long after a change the recovery file is written; 0 switches autosave off.
    void setInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds interval() const { return m_interval; }
    // Where the current document's recovery file goes (whether written yet or not).
    QString recoveryFile() const;
    bool isWriting() const { return m_watcher.isRunning(); }

    // Starts writing the recovery file now if there are changes it does not hold yet.
    void autosaveNow();
    // The current document was restored from `entry`: the entry's files are removed once this
    // document's own recovery file is written, or when the document is saved or closed.
    void adopt(const RecoveryEntry &entry);

Q_SIGNALS:
    void recoveryWritten(const QString &path);
    void recoveryRemoved(const QString &path);
    void autosaveFailed(const QString &message);

private:
    void onDocumentChanged(const ChangeEvent &event);
    void onModifiedChanged(bool modified);
    void onWriteFinished();
    void removeRecovery(const QString &key);
    void dropAdopted();
    void scheduleWrite();
    QByteArray infoJson() const;

    QPointer<Document> m_document;
    QString m_key;        // the current document's recovery file name, without suffix
    QString m_writingKey; // the key of the write in progress
    QString m_writtenKey; // a key whose files are on disk
    bool m_dirty = false; // changes not yet in a recovery file (or a write in progress)
    std::chrono::milliseconds m_interval;
    QTimer m_timer;
    QFutureWatcher<std::optional<Error>> m_watcher;
    std::optional<RecoveryEntry> m_adopted;
};

} // namespace topoplan
