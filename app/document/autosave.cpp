#include "app/document/autosave.h"

#include "app/document/document.h"

#include "engine/core/jsonin.h"
#include "engine/io/projectfile.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>
#include <QSysInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>

#if defined(Q_OS_WIN)
#include <windows.h>
#elif defined(Q_OS_UNIX)
#include <cerrno>
#include <csignal>
#endif

namespace topoplan {

namespace {

const char *const kInfoFormat = "topoplan-recovery";
constexpr int kInfoVersion = 1;

qint64 processStartMs()
{
    static const qint64 start = QDateTime::currentMSecsSinceEpoch();
    return start;
}

// Keys of the documents this process watches: never offered as orphans, even if a crashed
// process once had our pid.
QSet<QString> &liveKeys()
{
    static QSet<QString> keys;
    return keys;
}

QString newKey()
{
    static std::atomic<int> serial{0};
    const QByteArray seed = QByteArray::number(QCoreApplication::applicationPid()) + ':'
                            + QByteArray::number(processStartMs()) + ':'
                            + QByteArray::number(++serial);
    return QString::fromLatin1(
            QCryptographicHash::hash(seed, QCryptographicHash::Sha1).toHex().left(16));
}

QString projectPath(const QString &key)
{
    return QDir(AutosaveManager::recoveryDirectory()).filePath(key + QStringLiteral(".topoplan"));
}

QString infoPath(const QString &key)
{
    return QDir(AutosaveManager::recoveryDirectory()).filePath(key + QStringLiteral(".json"));
}

// Whether `pid` still runs `app` (the program that wrote the recovery file).
bool processRunning(qint64 pid, const QString &app)
{
    if (pid <= 0)
        return false;
#if defined(Q_OS_WIN)
    Q_UNUSED(app)
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, DWORD(pid));
    if (!process)
        return GetLastError() == ERROR_ACCESS_DENIED;
    DWORD code = 0;
    const bool running = GetExitCodeProcess(process, &code) && code == STILL_ACTIVE;
    CloseHandle(process);
    return running;
#elif defined(Q_OS_UNIX)
    if (::kill(pid_t(pid), 0) != 0 && errno != EPERM)
        return false;
#if defined(Q_OS_LINUX)
    // Pids are reused: one running another program is not the writer.
    QString exe = QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget();
    exe.remove(QStringLiteral(" (deleted)")); // the program was rebuilt while it ran
    if (!exe.isEmpty() && !app.isEmpty() && exe != app)
        return false;
#else
    Q_UNUSED(app)
#endif
    return true;
#else
    Q_UNUSED(app)
    return true; // cannot tell: never offer another process's files
#endif
}

std::optional<RecoveryEntry> readEntry(const QFileInfo &info)
{
    QFile file(info.absoluteFilePath());
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    if (o.value(QLatin1String("format")).toString() != QLatin1String(kInfoFormat)
        || o.value(QLatin1String("version")).toInt() > kInfoVersion)
        return std::nullopt;
    RecoveryEntry e;
    e.infoFile = info.absoluteFilePath();
    e.recoveryFile = info.dir().filePath(info.completeBaseName() + QStringLiteral(".topoplan"));
    e.originalFile = o.value(QLatin1String("file")).toString();
    e.projectName = o.value(QLatin1String("name")).toString();
    e.savedAt
            = QDateTime::fromString(o.value(QLatin1String("saved")).toString(), Qt::ISODateWithMs);
    e.pid = o.value(QLatin1String("pid")).toInteger();
    const QString host = o.value(QLatin1String("host")).toString();
    const QString app = o.value(QLatin1String("app")).toString();
    if (!QFileInfo::exists(e.recoveryFile))
        return std::nullopt; // the writer died before the project was written
    if (liveKeys().contains(info.completeBaseName()))
        return std::nullopt;
    const bool ours = e.pid == QCoreApplication::applicationPid();
    // Another machine's process (a shared home directory) cannot be checked: leave it.
    if (host != QSysInfo::machineHostName() || (!ours && processRunning(e.pid, app)))
        return std::nullopt;
    return e;
}

} // namespace

AutosaveManager::AutosaveManager(QObject *parent)
    : QObject(parent)
    , m_interval(std::chrono::seconds(60))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &AutosaveManager::autosaveNow);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &AutosaveManager::onWriteFinished);
}

AutosaveManager::~AutosaveManager()
{
    m_watcher.waitForFinished();
    if (!m_writingKey.isEmpty())
        removeRecovery(m_writingKey);
    if (!m_key.isEmpty()) {
        removeRecovery(m_key);
        liveKeys().remove(m_key);
    }
    dropAdopted();
}

QString AutosaveManager::recoveryDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
            .filePath(QStringLiteral("recovery"));
}

QList<RecoveryEntry> AutosaveManager::orphanedRecoveries()
{
    QList<RecoveryEntry> entries;
    const QDir dir(recoveryDirectory());
    const QFileInfoList infos = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files);
    for (const QFileInfo &info : infos) {
        if (std::optional<RecoveryEntry> e = readEntry(info))
            entries.append(*e);
    }
    std::sort(entries.begin(), entries.end(),
              [](const RecoveryEntry &a, const RecoveryEntry &b) { return a.savedAt > b.savedAt; });
    return entries;
}

bool AutosaveManager::discard(const RecoveryEntry &entry)
{
    bool ok = true;
    for (const QString &path : {entry.recoveryFile, entry.infoFile}) {
        if (QFileInfo::exists(path) && !QFile::remove(path))
            ok = false;
    }
    return ok;
}

void AutosaveManager::setDocument(Document *document)
{
    if (document && document == m_document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    if (!m_key.isEmpty()) {
        liveKeys().remove(m_key);
        if (m_key != m_writingKey) // else onWriteFinished removes it
            removeRecovery(m_key);
    }
    dropAdopted();
    m_timer.stop();
    m_document = document;
    m_key = document ? newKey() : QString();
    m_dirty = document && document->isModified();
    if (!document)
        return;
    liveKeys().insert(m_key);
    connect(document, &Document::changed, this, &AutosaveManager::onDocumentChanged);
    connect(document, &Document::modifiedChanged, this, &AutosaveManager::onModifiedChanged);
    // Closed without being saved: its changes were given up.
    connect(document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    if (m_dirty)
        scheduleWrite();
}

Document *AutosaveManager::document() const
{
    return m_document;
}

void AutosaveManager::setInterval(std::chrono::milliseconds interval)
{
    m_interval = std::max(interval, std::chrono::milliseconds(0));
    m_timer.stop();
    if (m_dirty)
        scheduleWrite();
}

QString AutosaveManager::recoveryFile() const
{
    return m_key.isEmpty() ? QString() : projectPath(m_key);
}

void AutosaveManager::adopt(const RecoveryEntry &entry)
{
    m_adopted = entry;
    m_dirty = true; // its content is not under this document's key yet
}

void AutosaveManager::onDocumentChanged(const ChangeEvent &event)
{
    if (event.kind == ChangeEvent::SelectionChanged)
        return;
    m_dirty = true;
    scheduleWrite();
}

void AutosaveManager::onModifiedChanged(bool modified)
{
    if (modified) {
        m_dirty = true;
        scheduleWrite();
        return;
    }
    // Saved, or undone back to what is on disk: nothing to recover.
    m_timer.stop();
    m_dirty = false;
    if (m_key != m_writingKey)
        removeRecovery(m_key);
    dropAdopted();
}

void AutosaveManager::scheduleWrite()
{
    if (m_interval.count() > 0 && !m_timer.isActive() && !isWriting())
        m_timer.start(m_interval);
}

void AutosaveManager::autosaveNow()
{
    if (!m_document || !m_dirty || isWriting())
        return; // a write in progress reschedules when it ends
    if (!m_document->isModified()) {
        m_dirty = false;
        return;
    }
    m_timer.stop();
    m_dirty = false;
    m_writingKey = m_key;
    QDir().mkpath(recoveryDirectory());
    m_watcher.setFuture(QtConcurrent::run(
            [snapshot = m_document->project(), project = projectPath(m_key).toStdString(),
             info = infoPath(m_key).toStdString(),
             infoText = infoJson().toStdString()]() -> std::optional<Error> {
                // The project first: an info file always stands beside a whole project.
                if (std::optional<Error> e = saveProject(snapshot, project))
                    return e;
                return writeFileAtomically(info, infoText);
            }));
}

QByteArray AutosaveManager::infoJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("format"), QLatin1String(kInfoFormat));
    o.insert(QLatin1String("version"), kInfoVersion);
    o.insert(QLatin1String("pid"), QCoreApplication::applicationPid());
    o.insert(QLatin1String("host"), QSysInfo::machineHostName());
    o.insert(QLatin1String("app"), QCoreApplication::applicationFilePath());
    o.insert(QLatin1String("file"), m_document->filePath());
    o.insert(QLatin1String("name"), m_document->displayName());
    o.insert(QLatin1String("saved"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    return QJsonDocument(o).toJson();
}

void AutosaveManager::onWriteFinished()
{
    const QString key = m_writingKey;
    m_writingKey.clear();
    const std::optional<Error> error = m_watcher.result();
    if (key != m_key || !m_document || !m_document->isModified()) {
        // Saved, replaced or closed while the worker wrote: the file is stale.
        removeRecovery(key);
        return;
    }
    if (error) {
        m_dirty = true;
        Q_EMIT autosaveFailed(QString::fromStdString(error->text()));
    } else {
        Q_EMIT recoveryWritten(projectPath(key));
        dropAdopted();
    }
    if (m_dirty)
        scheduleWrite();
}

void AutosaveManager::removeRecovery(const QString &key)
{
    if (key.isEmpty())
        return;
    const QString project = projectPath(key);
    const bool existed = QFileInfo::exists(project) || QFileInfo::exists(infoPath(key));
    QFile::remove(project);
    QFile::remove(infoPath(key));
    if (existed)
        Q_EMIT recoveryRemoved(project);
}

void AutosaveManager::dropAdopted()
{
    if (m_adopted)
        discard(*m_adopted);
    m_adopted.reset();
}

} // namespace topoplan
