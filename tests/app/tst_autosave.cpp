// Autosave and crash recovery as a user meets them. The crash is real: this test runs itself
// as a child process that opens a project in a MainWindow, edits it, waits for the recovery
// file and dies without running a destructor. The next window offers what it left; Restore
// gives back the edited project, unsaved, under its own file name.

#include "app/common/translations.h"
#include "app/dialogs/recoverydialog.h"
#include "app/document/autosave.h"
#include "app/document/document.h"
#include "app/document/topologycommands.h"
#include "app/window/mainwindow.h"

#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"

#include "tests/app/apptest.h"
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <cstdlib>

using namespace topoplan;
using namespace topoplan::testing;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeoutMs = 20000;
const char *const kChildEnv = "TST_AUTOSAVE_CRASH_CHILD";  // the project the child opens
const char *const kExpectEnv = "TST_AUTOSAVE_EXPECT_FILE"; // where it writes what it edited
constexpr int kCrashExitCode = 42;

Project smallProject()
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 4;
    o.fabric = FabricKind::RailOptimized;
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("generateProject: %s", p.error().text().c_str());
    return *p;
}

bool openAndWait(MainWindow &w, const QString &path)
{
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    QSignalSpy failed(&w, &MainWindow::openFailed);
    w.openFile(path);
    return QTest::qWaitFor([&] { return !opened.isEmpty() || !failed.isEmpty(); }, kTimeoutMs)
           && !opened.isEmpty();
}

// An edit a user makes: node-2 and its cables go.
void deleteANode(Document *doc)
{
    doc->undoStack()->push(new RemoveItems(doc, {QStringLiteral("node-2")}));
}

QString json(const Document *doc)
{
    return QString::fromStdString(serializeProject(doc->project()));
}

void clearRecoveryDirectory()
{
    QDir(AutosaveManager::recoveryDirectory()).removeRecursively();
}

// The child: edits, autosaves, crashes. Prints nothing a test reads; its exit code says how far
// it got.
int crashingChild()
{
    prepareApplication(Settings::Keep); // the test's settings hold the parent's recovery state
    MainWindow w;
    w.show();
    if (!openAndWait(w, qEnvironmentVariable(kChildEnv)))
        return 2;
    w.autosave()->setInterval(20ms);
    QSignalSpy written(w.autosave(), &AutosaveManager::recoveryWritten);
    deleteANode(w.document());
    if (!written.wait(kTimeoutMs))
        return 3;
    QFile expect(qEnvironmentVariable(kExpectEnv));
    if (!expect.open(QIODevice::WriteOnly) || expect.write(json(w.document()).toUtf8()) < 0)
        return 4;
    expect.close();
    std::_Exit(kCrashExitCode); // no destructor runs, as in a crash
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void writesTheProjectAfterAChange();
    void savingOrUndoingRemovesTheRecoveryFile();
    void noAutosaveWhenSwitchedOff();
    void aRunningWindowsFilesAreNotOffered();
    void restoreAfterACrash();
    void discardAndLater();

private:
    // Runs the crashing child on a saved copy of smallProject(); returns the path it edited.
    QString crashAChild(QString *expectedJson);

    QTemporaryDir m_dir;
};

void TestAutosave::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestAutosave::init()
{
    QSettings().clear();
    clearRecoveryDirectory();
    installTranslations(QLocale::c());
}

void TestAutosave::writesTheProjectAfterAChange()
{
    const QString path = m_dir.filePath(QStringLiteral("write.topoplan"));
    QVERIFY(!saveProject(smallProject(), path.toStdString()));
    MainWindow w;
    QVERIFY(openAndWait(w, path));
    AutosaveManager *autosave = w.autosave();
    QCOMPARE(autosave->document(), w.document());
    // The preference (a minute) is the default interval.
    QCOMPARE(autosave->interval(), std::chrono::milliseconds(60s));
    autosave->setInterval(20ms);
    QSignalSpy written(autosave, &AutosaveManager::recoveryWritten);

    deleteANode(w.document());
    QVERIFY(written.wait(kTimeoutMs));
    const QString recovery = written.first().first().toString();
    QCOMPARE(recovery, autosave->recoveryFile());
    QVERIFY(recovery.startsWith(AutosaveManager::recoveryDirectory()));
    // The recovery file is the edited project, byte for byte as Save would write it.
    QCOMPARE(QString::fromUtf8(readAll(recovery)), json(w.document()));
    // The file on disk is untouched: autosave never writes over the user's file.
    Expected<Project> onDisk = loadProject(path.toStdString());
    QVERIFY(onDisk);
    QCOMPARE(onDisk->topology.nodes.size(), std::size_t(4));
}

void TestAutosave::savingOrUndoingRemovesTheRecoveryFile()
{
    const QString path = m_dir.filePath(QStringLiteral("save.topoplan"));
    QVERIFY(!saveProject(smallProject(), path.toStdString()));
    MainWindow w;
    QVERIFY(openAndWait(w, path));
    w.autosave()->setInterval(20ms);
    QSignalSpy written(w.autosave(), &AutosaveManager::recoveryWritten);
    QSignalSpy removed(w.autosave(), &AutosaveManager::recoveryRemoved);

    deleteANode(w.document());
    QVERIFY(written.wait(kTimeoutMs));
    const QString recovery = w.autosave()->recoveryFile();
    QVERIFY(QFileInfo::exists(recovery));
    // Undo back to what is on disk: nothing left to recover.
    w.document()->undoStack()->undo();
    QVERIFY(!w.document()->isModified());
    QVERIFY(!QFileInfo::exists(recovery));
    QCOMPARE(removed.size(), 1);

    // Edit again and save: the recovery file goes once the file holds the changes.
    written.clear();
    w.document()->undoStack()->redo();
    QVERIFY(written.wait(kTimeoutMs));
    QVERIFY(QFileInfo::exists(w.autosave()->recoveryFile()));
    QSignalSpy saved(&w, &MainWindow::documentSaved);
    w.saveFile(path);
    QVERIFY(saved.wait(kTimeoutMs));
    QVERIFY(!w.document()->isModified());
    QVERIFY(!QFileInfo::exists(w.autosave()->recoveryFile()));
    QVERIFY(AutosaveManager::orphanedRecoveries().isEmpty());
}

void TestAutosave::noAutosaveWhenSwitchedOff()
{
    const QString path = m_dir.filePath(QStringLiteral("off.topoplan"));
    QVERIFY(!saveProject(smallProject(), path.toStdString()));
    Preferences prefs;
    prefs.autosaveSeconds = 0;
    prefs.save();
    MainWindow w;
    QCOMPARE(w.autosave()->interval(), std::chrono::milliseconds(0));
    QVERIFY(openAndWait(w, path));
    QSignalSpy written(w.autosave(), &AutosaveManager::recoveryWritten);
    deleteANode(w.document());
    QVERIFY(!written.wait(300));
    QVERIFY(!QFileInfo::exists(w.autosave()->recoveryFile()));
}

void TestAutosave::aRunningWindowsFilesAreNotOffered()
{
    const QString path = m_dir.filePath(QStringLiteral("live.topoplan"));
    QVERIFY(!saveProject(smallProject(), path.toStdString()));
    MainWindow w;
    QVERIFY(openAndWait(w, path));
    w.autosave()->setInterval(20ms);
    QSignalSpy written(w.autosave(), &AutosaveManager::recoveryWritten);
    deleteANode(w.document());
    QVERIFY(written.wait(kTimeoutMs));
    // Another window of this process, or another instance, still holds that project.
    QVERIFY(AutosaveManager::orphanedRecoveries().isEmpty());
    QVERIFY(!w.offerRecovery());
    QVERIFY(!w.findChild<RecoveryDialog *>());
}

QString TestAutosave::crashAChild(QString *expectedJson)
{
    const QString path = m_dir.filePath(QStringLiteral("crash.topoplan"));
    const QString expect = m_dir.filePath(QStringLiteral("expected.json"));
    QFile::remove(expect);
    if (saveProject(smallProject(), path.toStdString()))
        return {};
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QLatin1String(kChildEnv), path);
    env.insert(QLatin1String(kExpectEnv), expect);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QCoreApplication::applicationFilePath(), {});
    if (!child.waitForFinished(60000) || child.exitCode() != kCrashExitCode) {
        qWarning("crashing child: exit %d", child.exitCode());
        return {};
    }
    *expectedJson = QString::fromUtf8(readAll(expect));
    return path;
}

void TestAutosave::restoreAfterACrash()
{
    QString expected;
    const QString path = crashAChild(&expected);
    QVERIFY(!path.isEmpty());
    QVERIFY(!expected.isEmpty());

    const QList<RecoveryEntry> orphans = AutosaveManager::orphanedRecoveries();
    QCOMPARE(orphans.size(), 1);
    const RecoveryEntry entry = orphans.first();
    QCOMPARE(entry.originalFile, QFileInfo(path).absoluteFilePath());
    QVERIFY(entry.savedAt.isValid());
    QVERIFY(entry.savedAt.secsTo(QDateTime::currentDateTimeUtc()) < 120);

    // The next start: the window is up on the sample, and the dialog offers the crashed work.
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy offered(&w, &MainWindow::recoveryOffered);
    QVERIFY(w.offerRecovery());
    QCOMPARE(offered.size(), 1);
    auto *dialog = w.findChild<RecoveryDialog *>();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *list = dialog->findChild<QTreeWidget *>(QStringLiteral("recoveryList"));
    QCOMPARE(list->topLevelItemCount(), 1);
    QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("crash.topoplan"));
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        dialog->grab().save(QDir(dir).filePath(QStringLiteral("recovery.png")));
    auto *restore = dialog->findChild<QPushButton *>(QStringLiteral("restoreButton"));
    QVERIFY(restore->isEnabled()); // the newest is selected
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    QTest::mouseClick(restore, Qt::LeftButton);
    QVERIFY(opened.wait(kTimeoutMs));

    // The edited project, not the file's: node-2 is gone. Unsaved, under its own name.
    QCOMPARE(json(w.document()), expected);
    QCOMPARE(w.document()->project().topology.nodes.size(), std::size_t(3));
    QVERIFY(w.document()->isModified());
    QVERIFY(w.isWindowModified());
    QCOMPARE(w.document()->filePath(), QFileInfo(path).absoluteFilePath());

    // Once this session has its own recovery file, the crashed one goes.
    QSignalSpy written(w.autosave(), &AutosaveManager::recoveryWritten);
    w.autosave()->setInterval(20ms);
    QVERIFY(written.wait(kTimeoutMs));
    QVERIFY(!QFileInfo::exists(entry.recoveryFile));
    QVERIFY(!QFileInfo::exists(entry.infoFile));

    // Save writes it where it belongs; nothing is left to recover.
    QSignalSpy saved(&w, &MainWindow::documentSaved);
    w.saveFile(w.document()->filePath());
    QVERIFY(saved.wait(kTimeoutMs));
    QCOMPARE(QString::fromUtf8(readAll(path)), expected);
    QVERIFY(!w.document()->isModified());
    QVERIFY(QDir(AutosaveManager::recoveryDirectory())
                    .entryList(QDir::Files | QDir::NoDotAndDotDot)
                    .isEmpty());
}

void TestAutosave::discardAndLater()
{
    QString expected;
    QVERIFY(!crashAChild(&expected).isEmpty());
    const RecoveryEntry entry = AutosaveManager::orphanedRecoveries().value(0);
    QVERIFY(QFileInfo::exists(entry.recoveryFile));

    {
        // Later: the files stay for the next start.
        MainWindow w;
        w.show();
        QVERIFY(w.offerRecovery());
        auto *dialog = w.findChild<RecoveryDialog *>();
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("laterButton")),
                          Qt::LeftButton);
        QVERIFY(!dialog->isVisible());
        QVERIFY(QFileInfo::exists(entry.recoveryFile));
        QCOMPARE(w.document()->project().topology.nodes.size(), std::size_t(0));
    }
    QCOMPARE(AutosaveManager::orphanedRecoveries().size(), 1);

    // Discard: they are deleted and the dialog closes, having nothing more to offer.
    MainWindow w;
    w.show();
    QVERIFY(w.offerRecovery());
    QPointer<RecoveryDialog> dialog = w.findChild<RecoveryDialog *>();
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("discardButton")),
                      Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([dialog] { return !dialog || !dialog->isVisible(); }, kTimeoutMs));
    QVERIFY(!QFileInfo::exists(entry.recoveryFile));
    QVERIFY(!QFileInfo::exists(entry.infoFile));
    QVERIFY(AutosaveManager::orphanedRecoveries().isEmpty());
    QVERIFY(!w.offerRecovery());
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (qEnvironmentVariableIsSet(kChildEnv))
        return crashingChild();
    prepareApplication(Settings::Keep);
    TestAutosave test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
