// The main window driven as a user would: it opens the sample, counts it in the status bar,
// refuses a corrupt file without losing the open document, saves, and speaks German.

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/nodeitem.h"
#include "app/common/translations.h"
#include "app/dialogs/projectdialog.h"
#include "app/dialogs/templategallery.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "app/document/topologycommands.h"
#include "app/panels/analysisdock.h"
#include "app/panels/sweepdock.h"
#include "app/window/helpmenu.h"
#include "app/window/mainwindow.h"
#include "app/window/manualbrowser.h"

#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "engine/plan/diagnostics.h"

#include "tests/app/apptest.h"
#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QWhatsThis>
#include <QWhatsThisClickedEvent>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kTimeoutMs = 20000;

bool openAndWait(MainWindow &w, const QString &path)
{
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    QSignalSpy failed(&w, &MainWindow::openFailed);
    if (path.isEmpty())
        w.openTemplate(MainWindow::sampleTemplateId());
    else
        w.openFile(path);
    return QTest::qWaitFor([&] { return !opened.isEmpty() || !failed.isEmpty(); }, kTimeoutMs)
           && !opened.isEmpty();
}

void writeFile(const QString &path, const QByteArray &content)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

QMessageBox *errorBox(const MainWindow &w)
{
    return w.findChild<QMessageBox *>(QStringLiteral("errorMessage"));
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void opensTheSample();
    void statusBarFollowsEdits();
    void corruptFileIsRefused_data();
    void corruptFileIsRefused();
    void brokenFileListsEveryProblemAndOpensWhatCanBeRead();
    void saveAndReopen();
    void projectPropertiesAreOneStepAndSaved();
    void undoActionsNameTheCommand();
    void unsavedChangesAreNotLostSilently();
    void quitClosesEveryWindow();
    void bigProjectLoadsInTheBackground();
    void germanTranslation();
    void germanDiagnosticsAndSweep();
    void helpMenuGuidesANewcomer();
    void manualRendersEveryPage_data();
    void manualRendersEveryPage();
    void manualFollowsLinksBackAndForward();
    void manualOpensAtThePanelsPage();

private:
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    prepareApplication(Settings::Keep);
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::init()
{
    QSettings().clear();
    installTranslations(QLocale::c());
}

void TestMainWindow::opensTheSample()
{
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));

    // A DGX SuperPOD scalable unit: 32 x 8 GPUs, one NVLink domain per server, 8 rail
    // leaves and 4 spines; 256 node cables plus 32 bundles of 8 leaf-spine cables.
    const QString summary = w.summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("GPUs: 256")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Nodes: 32")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("NVLink domains: 32")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Switches: 8 leaf, 4 spine, 0 core")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Links / cables: 288 / 512")), qPrintable(summary));

    QCOMPARE(w.windowTitle(), w.document()->displayName() + QStringLiteral("[*] \u2014 TopoPlan"));
    QVERIFY(!w.document()->displayName().isEmpty());
    QVERIFY(!w.isWindowModified());
    QVERIFY(w.document()->filePath().isEmpty()); // a template is saved with "Save As"
    QCOMPARE(w.document()->project().topology.nodes.size(), std::size_t(32));
    QVERIFY(w.scene()->nodeItem(QStringLiteral("node-32")));
    // Zoomed to fit between the hardware, properties and analysis docks, and legible at
    // that size (names are 8 pt and more at 70 %).
    QVERIFY2(w.view()->zoom() >= 0.7, qPrintable(QString::number(w.view()->zoom())));
    // The analysis fills the panel without growing it: the canvas keeps the height it was
    // fitted in, whether the result arrives before the fit or after it.
    const int panel = w.analysisDock()->height();
    QVERIFY(QTest::qWaitFor(
            [&w] { return !w.analysis()->isBusy() && w.analysis()->outcome().has_value(); },
            kTimeoutMs));
    QCoreApplication::processEvents();
    QCOMPARE(w.analysisDock()->height(), panel);
}

void TestMainWindow::statusBarFollowsEdits()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));
    Document *doc = w.document();

    doc->undoStack()->push(
            new RemoveItems(doc, {QStringLiteral("leaf-8"), QStringLiteral("node-1")}));
    // node-1 had 8 cables; leaf-8 had 32 node cables (one of them node-1's) and 4 bundles of
    // 8: 288 - 8 - 36 + 1 links, 512 - 8 - 64 + 1 cables.
    QString summary = w.summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("GPUs: 248")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Switches: 7 leaf, 4 spine, 0 core")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Links / cables: 245 / 441")), qPrintable(summary));
    QVERIFY(w.isWindowModified());

    doc->undoStack()->undo();
    summary = w.summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("Links / cables: 288 / 512")), qPrintable(summary));
    QVERIFY(!w.isWindowModified());

    doc->undoStack()->push(new RenameProject(doc, QStringLiteral("Hall B")));
    QCOMPARE(w.windowTitle(), QStringLiteral("Hall B[*] \u2014 TopoPlan"));
    QVERIFY(w.isWindowModified());
}

void TestMainWindow::corruptFileIsRefused_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected"); // part of the engine's message

    GeneratorOptions options;
    options.nodes = 2;
    const std::string text = serializeProject(*generateProject(options));
    QTest::newRow("not JSON") << QByteArray("{\n  \"format\": \"topoplan-project\",\n  oops\n")
                              << QStringLiteral("line 3");
    std::string badCount = text;
    const std::string countKey = "\"count\": ";
    badCount.replace(badCount.find(countKey), countKey.size(), countKey + "-");
    QTest::newRow("negative count")
            << QByteArray::fromStdString(badCount) << QStringLiteral("/topology/links/0/count");
    std::string badModel = text;
    const std::string model = "\"dgx-h100\"";
    badModel.replace(badModel.find(model), model.size(), "\"dgx-h999\"");
    QTest::newRow("unknown model")
            << QByteArray::fromStdString(badModel) << QStringLiteral("/topology/nodes/0/model");
    QTest::newRow("no file") << QByteArray() << QStringLiteral("missing.topoplan");
}

void TestMainWindow::corruptFileIsRefused()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));
    Document *doc = w.document();
    doc->undoStack()->push(new RenameProject(doc, QStringLiteral("kept")));
    const Project before = doc->project();

    const QString path = m_dir.filePath(content.isEmpty() ? QStringLiteral("missing.topoplan")
                                                          : QStringLiteral("corrupt.topoplan"));
    if (!content.isEmpty())
        writeFile(path, content);
    QSignalSpy failed(&w, &MainWindow::openFailed);
    QVERIFY(!openAndWait(w, path));
    QCOMPARE(failed.size(), 1);

    // The message is the engine's: file, where, what was expected.
    const QString engineText
            = QString::fromStdString(loadProject(path.toStdString()).error().text());
    QCOMPARE(failed.first().at(0).toString(), engineText);
    QVERIFY2(engineText.contains(expected), qPrintable(engineText));
    QMessageBox *box = errorBox(w);
    QVERIFY(box);
    QVERIFY(box->isVisible());
    // Every problem is listed with its JSON path; the first is the loader's own.
    const Error first = loadProject(path.toStdString()).error();
    QVERIFY2(box->informativeText().contains(QString::fromStdString(
                     first.where.empty() ? first.message : first.where + ": " + first.message)),
             qPrintable(box->informativeText()));
    QVERIFY(box->text().contains(QFileInfo(path).fileName()));

    // The open document is untouched, edits and undo history included.
    QCOMPARE(w.document(), doc);
    QVERIFY(doc->project() == before);
    QVERIFY(w.isWindowModified());
    QCOMPARE(doc->undoStack()->count(), 1);
    box->accept();
}

void TestMainWindow::brokenFileListsEveryProblemAndOpensWhatCanBeRead()
{
    // Two broken items: node 0 has a member no file may have, and the last link (not one of
    // node 0's) a count of 0. The window lists both with their paths in the file, and opens
    // the rest as a new unsaved project; the file stays as it was.
    GeneratorOptions options;
    options.nodes = 4;
    Json doc = projectToJson(*generateProject(options));
    Json &nodes = doc["topology"]["nodes"];
    Json &links = doc["topology"]["links"];
    const std::string node0 = nodes[0]["id"];
    const std::size_t linkCount = links.size();
    std::size_t last = linkCount - 1;
    const auto touches = [&](const Json &l) {
        return l["a"]["device"] == node0 || l["b"]["device"] == node0;
    };
    while (touches(links[last]))
        --last;
    std::size_t node0Links = 0;
    for (const Json &l : links)
        node0Links += touches(l) ? 1 : 0;
    QVERIFY(node0Links > 0);
    nodes[0]["colour"] = "red";
    links[last]["count"] = 0;
    const QString path = m_dir.filePath(QStringLiteral("two-problems.topoplan"));
    const QByteArray bytes = QByteArray::fromStdString(dumpJson(doc, 2));
    writeFile(path, bytes);

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!openAndWait(w, path));
    QMessageBox *box = errorBox(w);
    QVERIFY(box);
    QVERIFY(QTest::qWaitForWindowExposed(box));
    QVERIFY2(box->text().contains(QStringLiteral("2 problem")), qPrintable(box->text()));
    const QString listed = box->informativeText();
    QVERIFY2(listed.contains(QStringLiteral("/topology/nodes/0/colour")), qPrintable(listed));
    QVERIFY2(listed.contains(QStringLiteral("/topology/links/%1/count").arg(last)),
             qPrintable(listed));
    QVERIFY2(box->detailedText().contains(QStringLiteral("plugged into")),
             qPrintable(box->detailedText()));

    if (const QString shots = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty())
        box->grab().save(QDir(shots).filePath(QStringLiteral("open-problems.png")));
    auto *open = box->findChild<QAbstractButton *>(QStringLiteral("openReadablePart"));
    QVERIFY(open);
    QTest::mouseClick(open, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.document() != nullptr
                                     && w.document()->project().topology.nodes.size() == 3,
                             kTimeoutMs);
    const Project &p = w.document()->project();
    QCOMPARE(p.topology.links.size(), linkCount - node0Links - 1);
    QVERIFY(w.document()->filePath().isEmpty()); // a new project: saving asks for a name
    QVERIFY(w.isWindowModified());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), bytes);
}

void TestMainWindow::saveAndReopen()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));
    Document *doc = w.document();
    doc->undoStack()->push(new MoveItems(doc, {QStringLiteral("node-2")}, {QPointF(-500, 900)}));
    QVERIFY(w.isWindowModified());

    const QString path = m_dir.filePath(QStringLiteral("su.topoplan"));
    QSignalSpy saved(&w, &MainWindow::documentSaved);
    w.saveFile(path);
    QVERIFY(saved.wait(kTimeoutMs));
    QVERIFY(!w.isWindowModified());
    QVERIFY(!doc->isModified());
    QCOMPARE(doc->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(w.recentFiles(), QStringList{QFileInfo(path).absoluteFilePath()});
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().toStdString(), serializeProject(doc->project()));

    const Project savedProject = doc->project();
    QVERIFY(openAndWait(w, path));
    QVERIFY(w.document() != doc);
    QVERIFY(w.document()->project() == savedProject);
    QCOMPARE(w.document()->layoutItem(QStringLiteral("node-2"))->x, -500.0);
    QCOMPARE(w.document()->undoStack()->count(), 0);
}

void TestMainWindow::projectPropertiesAreOneStepAndSaved()
{
    // File > Project Properties: typed into, checked as typed, one undo step, saved.
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));
    Document *doc = w.document();
    const ProjectInfo before = doc->projectInfo();
    QAction *action = w.findChild<QAction *>(QStringLiteral("projectPropertiesAction"));
    QVERIFY(action);
    QVERIFY(w.findChild<QMenu *>(QStringLiteral("fileMenu"))->actions().contains(action));
    action->trigger();
    auto *dialog = w.findChild<ProjectDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QCOMPARE(dialog->nameEdit()->text(), before.name);
    QCOMPARE(dialog->hostSummary(), QStringLiteral("The hosts take the node names (32 hosts)."));
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);

    dialog->nameEdit()->selectAll();
    QTest::keyClicks(dialog->nameEdit(), QStringLiteral("Hall B"));
    QTest::keyClicks(dialog->revisionEdit(), QStringLiteral("C"));
    QVERIFY(!dialog->descriptionEdit()->toPlainText().isEmpty()); // the template's
    dialog->descriptionEdit()->selectAll();
    QTest::keyClicks(dialog->descriptionEdit(), QStringLiteral("First row of the hall"));
    // Too few names for the 32 servers, then a typo: refused as typed, with the reason.
    QTest::keyClicks(dialog->hostNamesEdit(), QStringLiteral("dgx[001-016]"));
    QVERIFY2(
            dialog->hostSummary().contains(QStringLiteral("names 16 hosts, but the design has 32")),
            qPrintable(dialog->hostSummary()));
    QVERIFY(!ok->isEnabled());
    dialog->hostNamesEdit()->clear();
    QTest::keyClicks(dialog->hostNamesEdit(), QStringLiteral("dgx[001-04"));
    QVERIFY2(dialog->hostSummary().contains(QStringLiteral("column 4: '[' without a closing "
                                                           "']'")),
             qPrintable(dialog->hostSummary()));
    QVERIFY(!ok->isEnabled());
    QTest::keyClicks(dialog->hostNamesEdit(), QStringLiteral("0]"));
    QCOMPARE(dialog->hostSummary(),
             QStringLiteral("The 32 hosts are named dgx001 to dgx032. 8 more names kept for "
                            "growth."));
    QVERIFY(ok->isEnabled());
    // The floor: off for the sample; switched on with the keyboard, rows of 8, rows 3 m apart,
    // the network racks amid the compute rows.
    QVERIFY(dialog->floorGroup()->isCheckable());
    QVERIFY(!dialog->floorGroup()->isChecked());
    QVERIFY(!dialog->racksPerRowSpin()->isEnabled());
    dialog->floorGroup()->setFocus();
    QTest::keyClick(dialog->floorGroup(), Qt::Key_Space);
    QVERIFY(dialog->floorGroup()->isChecked());
    QVERIFY(dialog->racksPerRowSpin()->isEnabled());
    QCOMPARE(dialog->racksPerRowSpin()->value(), 10);
    QCOMPARE(dialog->rackWidthSpin()->value(), 0.6);
    dialog->racksPerRowSpin()->setFocus();
    dialog->racksPerRowSpin()->selectAll();
    QTest::keyClicks(dialog->racksPerRowSpin(), QStringLiteral("8"));
    dialog->rowPitchSpin()->setFocus();
    dialog->rowPitchSpin()->selectAll();
    QTest::keyClicks(dialog->rowPitchSpin(), QStringLiteral("3"));
    dialog->networkRowCombo()->setFocus();
    QTest::keyClick(dialog->networkRowCombo(), Qt::Key_Down);
    // The floor view: 8 server racks fill row 1, the network racks row 2 (amid the compute
    // rows), an empty row 3 to move racks to. Drag rack-c001 there, then one cell right with
    // the keyboard; then drag rack-c002 onto it: they swap, and the others fill around them.
    FloorView *floor = dialog->floorView();
    QVERIFY(floor->isEnabled());
    auto spotOf = [floor](const char *rack) {
        return floor->racks().at(rack).site.spot;
    };
    QCOMPARE(spotOf("rack-c001"), (RackSpot{1, 1}));
    QCOMPARE(spotOf("rack-c008"), (RackSpot{1, 8}));
    QCOMPARE(spotOf("rack-n01"), (RackSpot{2, 1}));
    QVERIFY(!dialog->refillButton()->isEnabled());
    // Without a mouse, the first arrow key selects the first rack; nothing moves yet.
    floor->setFocus();
    QTest::keyClick(floor, Qt::Key_Down);
    QCOMPARE(floor->selectedRack(), QStringLiteral("rack-c001"));
    QCOMPARE(spotOf("rack-c001"), (RackSpot{1, 1}));
    QVERIFY(!dialog->refillButton()->isEnabled());
    auto drag = [floor](const RackSpot &from, const RackSpot &to) {
        QTest::mousePress(floor->viewport(), Qt::LeftButton, {}, floor->cellCentre(from));
        QTest::mouseMove(floor->viewport(), floor->cellCentre(to));
        QTest::mouseRelease(floor->viewport(), Qt::LeftButton, {}, floor->cellCentre(to));
    };
    drag({1, 1}, {3, 4});
    QCOMPARE(spotOf("rack-c001"), (RackSpot{3, 4}));
    QCOMPARE(spotOf("rack-c002"), (RackSpot{1, 1})); // the others fill in order
    floor->setFocus();
    QTest::keyClick(floor, Qt::Key_Right);
    QCOMPARE(spotOf("rack-c001"), (RackSpot{3, 5}));
    const RackSpot c002 = spotOf("rack-c002");
    drag(c002, {3, 5});
    QCOMPARE(spotOf("rack-c002"), (RackSpot{3, 5}));
    QCOMPARE(spotOf("rack-c001"), c002);
    QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("floorPlaced"))
                     ->text()
                     .startsWith(QStringLiteral("2 racks placed by hand")),
             qPrintable(dialog->findChild<QLabel *>(QStringLiteral("floorPlaced"))->text()));
    QVERIFY(dialog->refillButton()->isEnabled());
    if (qEnvironmentVariableIsSet("TOPOPLAN_SCREENSHOTS"))
        dialog->grab().save(QDir(qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"))
                                    .filePath(QStringLiteral("project-properties.png")));
    QTest::mouseClick(ok, Qt::LeftButton);
    QTRY_VERIFY(!w.findChild<ProjectDialog *>());

    const Project &p = doc->project();
    QCOMPARE(QString::fromStdString(p.name), QStringLiteral("Hall B"));
    QCOMPARE(QString::fromStdString(p.revision), QStringLiteral("C"));
    QCOMPARE(QString::fromStdString(p.description), QStringLiteral("First row of the hall"));
    QCOMPARE(QString::fromStdString(p.hostNames), QStringLiteral("dgx[001-040]"));
    QVERIFY(p.floor);
    QCOMPARE(p.floor->racksPerRow, 8);
    QCOMPARE(p.floor->rackWidthM, 0.6);
    QCOMPARE(p.floor->rowPitchM, 3.0);
    QVERIFY(p.floor->networkRow == NetworkRow::Middle);
    QCOMPARE(p.floor->racks.size(), std::size_t(2));
    QCOMPARE(p.floor->racks.at("rack-c001"), c002);
    QCOMPARE(p.floor->racks.at("rack-c002"), (RackSpot{3, 5}));
    QCOMPARE(w.windowTitle(), QStringLiteral("Hall B[*] \u2014 TopoPlan"));
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Edit Project Properties"));

    // Saved and read back by the engine's loader.
    const QString path = m_dir.filePath(QStringLiteral("properties.topoplan"));
    QSignalSpy saved(&w, &MainWindow::documentSaved);
    w.saveFile(path);
    QTRY_VERIFY_WITH_TIMEOUT(!saved.isEmpty(), kTimeoutMs);
    Expected<Project> back = loadProject(path.toStdString());
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QCOMPARE(back->revision, std::string("C"));
    QCOMPARE(back->hostNames, std::string("dgx[001-040]"));
    QVERIFY(back->floor == p.floor);

    // OK without a change adds no step; undo restores every field at once.
    w.showProjectProperties()->accept();
    QCOMPARE(doc->undoStack()->count(), 1);
    doc->undoStack()->undo();
    QVERIFY(doc->projectInfo() == before);
    QVERIFY(!doc->project().floor);
}

void TestMainWindow::undoActionsNameTheCommand()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));
    QMenu *edit = w.menuBar()->findChild<QMenu *>(QStringLiteral("editMenu"));
    QVERIFY(edit);
    QAction *undo = edit->actions().at(0);
    QAction *redo = edit->actions().at(1);
    QVERIFY(!undo->isEnabled());
    QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));

    w.document()->undoStack()->push(
            new MoveItems(w.document(), {QStringLiteral("leaf-1")}, {QPointF(0, 0)}));
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Move Item"));
    undo->trigger();
    QCOMPARE(redo->text(), QStringLiteral("&Redo Move Item"));
    QVERIFY(!w.isWindowModified());
}

void TestMainWindow::unsavedChangesAreNotLostSilently()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openAndWait(w, QString()));
    Document *doc = w.document();
    doc->undoStack()->push(new RenameProject(doc, QStringLiteral("edited")));
    QMenu *file = w.menuBar()->findChild<QMenu *>(QStringLiteral("fileMenu"));
    QAction *newAction = file->actions().at(0);
    QCOMPARE(newAction->shortcut(), QKeySequence(QKeySequence::New));

    // Answers the question the window asks with `button`; records the question.
    QString asked;
    const auto answer = [&asked](QMessageBox::StandardButton button) {
        QTimer::singleShot(0, [&asked, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            asked = box->text();
            box->button(button)->click();
        });
    };

    answer(QMessageBox::Cancel);
    newAction->trigger();
    QVERIFY2(asked.contains(QStringLiteral("\"edited\" has been modified")), qPrintable(asked));
    QCOMPARE(w.document(), doc); // cancelled: nothing lost
    QVERIFY(w.isWindowModified());

    // Discarded: the template gallery comes, its first card the empty project.
    asked.clear();
    answer(QMessageBox::Discard);
    newAction->trigger();
    QVERIFY(!asked.isEmpty());
    auto *gallery = w.findChild<TemplateGallery *>();
    QVERIFY(gallery && gallery->isVisible());
    QCOMPARE(gallery->templateId(), QString());
    QCOMPARE(w.document(), doc); // nothing replaced before the gallery says what
    gallery->accept();
    QVERIFY(w.document() != doc);
    QVERIFY(w.document()->project().topology.nodes.empty());
    QCOMPARE(w.windowTitle(), QStringLiteral("Untitled[*] \u2014 TopoPlan"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QVERIFY(!w.findChild<TemplateGallery *>());

    // An unmodified document goes to the gallery without a question; Cancel keeps it.
    asked.clear();
    Document *empty = w.document();
    newAction->trigger();
    QVERIFY(asked.isEmpty());
    gallery = w.findChild<TemplateGallery *>();
    QVERIFY(gallery && gallery->isVisible());
    gallery->reject();
    QCOMPARE(w.document(), empty);
}

void TestMainWindow::quitClosesEveryWindow()
{
    // Two windows, each with an unsaved edit; Ctrl+Q in the first asks about both.
    MainWindow first;
    MainWindow second;
    for (MainWindow *w : {&first, &second}) {
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QVERIFY(openAndWait(*w, QString()));
    }
    first.document()->undoStack()->push(new RenameProject(first.document(), QStringLiteral("a")));
    second.document()->undoStack()->push(new RenameProject(second.document(), QStringLiteral("b")));
    // Answers every "save changes?" with the next of `buttons`, recording the questions.
    QStringList asked;
    QList<QMessageBox::StandardButton> buttons;
    QTimer answerer;
    connect(&answerer, &QTimer::timeout, this, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || buttons.isEmpty())
            return;
        asked << box->text();
        box->button(buttons.takeFirst())->click();
    });
    answerer.start(10);

    // Cancel on the second: the first has closed, the second stays with its edit.
    buttons = {QMessageBox::Discard, QMessageBox::Cancel};
    first.activateWindow();
    QTRY_COMPARE(QApplication::activeWindow(), static_cast<QWidget *>(&first));
    QTest::keyClick(&first, Qt::Key_Q, Qt::ControlModifier);
    QCOMPARE(asked.size(), 2);
    QVERIFY2(asked.at(0).contains(QStringLiteral("\"a\"")), qPrintable(asked.at(0)));
    QVERIFY2(asked.at(1).contains(QStringLiteral("\"b\"")), qPrintable(asked.at(1)));
    QVERIFY(!first.isVisible());
    QVERIFY(second.isVisible());

    // Quit again from the second (the first shown again): the second asks first, both close.
    first.show();
    QVERIFY(QTest::qWaitForWindowExposed(&first));
    asked.clear();
    buttons = {QMessageBox::Discard, QMessageBox::Discard};
    second.activateWindow();
    QTRY_COMPARE(QApplication::activeWindow(), static_cast<QWidget *>(&second));
    QTest::keyClick(&second, Qt::Key_Q, Qt::ControlModifier);
    QCOMPARE(asked.size(), 2);
    QVERIFY2(asked.at(0).contains(QStringLiteral("\"b\"")), qPrintable(asked.at(0)));
    QVERIFY(!first.isVisible());
    QVERIFY(!second.isVisible());
}

void TestMainWindow::bigProjectLoadsInTheBackground()
{
    // 2,048 DGX H100 on a 3-tier fat tree: the window keeps running its event loop while the
    // file parses and validates in a worker.
    GeneratorOptions options;
    options.nodes = 2048;
    options.fabric = FabricKind::FatTree;
    options.tiers = 3;
    Expected<Project> big = generateProject(options);
    QVERIFY(big);
    const QString path = m_dir.filePath(QStringLiteral("big.topoplan"));
    QVERIFY(!saveProject(*big, path.toStdString()));

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, this, [&] { ticks += w.isLoading(); });
    timer.start(1);
    w.openFile(path);
    QVERIFY(w.isLoading()); // openFile returned at once
    // What is tested is that the window runs meanwhile, not how fast 16,384 GPUs load: under
    // the sanitizers on a busy CI machine that takes far longer than a normal build's second.
    QVERIFY(opened.wait(6 * kTimeoutMs));
    QVERIFY2(ticks > 0, "the event loop did not run while loading");
    QVERIFY(w.summaryLabel()->text().contains(QStringLiteral("GPUs: 16,384"))
            || w.summaryLabel()->text().contains(QStringLiteral("GPUs: 16384")));
}

void TestMainWindow::germanTranslation()
{
    QVERIFY(installTranslations(QLocale(QLocale::German, QLocale::Germany)));
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QList<QAction *> menus = w.menuBar()->actions();
    QCOMPARE(menus.at(0)->text(), QStringLiteral("&Datei"));
    QCOMPARE(menus.at(1)->text(), QStringLiteral("&Bearbeiten"));
    QCOMPARE(menus.at(2)->text(), QStringLiteral("&Ansicht"));
    QCOMPARE(menus.at(3)->text(), QStringLiteral("A&nordnen"));
    QCOMPARE(menus.at(4)->text(), QStringLiteral("F&abric"));
    QCOMPARE(menus.at(5)->text(), QStringLiteral("&Hilfe"));
    QVERIFY(openAndWait(w, QString()));
    QVERIFY2(w.summaryLabel()->text().startsWith(QStringLiteral("GPUs: 256")),
             qPrintable(w.summaryLabel()->text()));
    QVERIFY2(w.summaryLabel()->text().contains(QStringLiteral("NVLink-Domänen: 32")),
             qPrintable(w.summaryLabel()->text()));

    // Back to English: the source texts again.
    QVERIFY(!installTranslations(QLocale::c()));
    MainWindow english;
    QCOMPARE(english.menuBar()->actions().at(0)->text(), QStringLiteral("&File"));
}

void TestMainWindow::germanDiagnosticsAndSweep()
{
    // The sample with TP 16: TP leaves the 8-GPU domains, so the diagnostics speak of
    // bandwidths and shares; the sweep names the widths the plan cannot take.
    Expected<Project> sample = instantiate(*findTemplate(kSampleTemplateId));
    QVERIFY(sample && sample->plan);
    sample->plan->tp = 16;
    sample->plan->dp = 0;
    const QString path = m_dir.filePath(QStringLiteral("tp16.topoplan"));
    QVERIFY(!saveProject(*sample, path.toStdString()));

    QVERIFY(installTranslations(QLocale(QLocale::German, QLocale::Germany)));
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY(openAndSettle(w, path));
    const std::optional<AnalysisOutcome> &outcome = w.analysis()->outcome();
    QVERIFY(outcome && outcome->result);
    const std::vector<Diagnostic> &said = outcome->result->diagnostics;
    QVERIFY(std::any_of(said.begin(), said.end(), [](const Diagnostic &d) {
        return d.code == code::kTpCrossesNvlinkDomain;
    }));
    QListWidget *list = w.analysisDock()->diagnosticsList();
    QCOMPARE(list->count(), int(said.size()));
    bool decimals = false;
    for (int i = 0; i < list->count(); ++i) {
        const QString text = list->item(i)->text();
        QVERIFY2(text != QString::fromStdString(said[std::size_t(i)].message), qPrintable(text));
        QVERIFY2(englishLeftIn(text).isEmpty(),
                 qPrintable(englishLeftIn(text) + QStringLiteral(": ") + text));
        decimals = decimals
                   || QRegularExpression(QStringLiteral("[0-9],[0-9]")).match(text).hasMatch();
    }
    QVERIFY(decimals); // "1,8 TB/s", "12,5 %": German decimal commas

    // The sweep: its summary, with the engine's reasons for the widths this plan cannot take.
    SweepDock *sweep = w.sweepDock();
    QSignalSpy swept(sweep, &SweepDock::swept);
    sweep->raise();
    QVERIFY(swept.wait(6 * kTimeoutMs));
    const QString summary = sweep->summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("braucht mehr GPUs")), qPrintable(summary));
    QVERIFY2(englishLeftIn(summary).isEmpty(),
             qPrintable(englishLeftIn(summary) + QStringLiteral(": ") + summary));
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        w.grab().save(QDir(dir).filePath(QStringLiteral("german-diagnostics.png")));
    installTranslations(QLocale::c());
}

namespace {

// Clicks `action` in the Help menu as a user would: the menu opened from the menu bar.
void clickHelp(MainWindow &w, const char *objectName)
{
    auto *help = w.findChild<QMenu *>(QStringLiteral("helpMenu"));
    QVERIFY(help);
    auto *action = help->findChild<QAction *>(QString::fromLatin1(objectName));
    if (!action) {
        for (QAction *a : help->actions()) {
            if (a->objectName() == QLatin1String(objectName))
                action = a;
        }
    }
    QVERIFY2(action, objectName);
    const QRect title = w.menuBar()->actionGeometry(help->menuAction());
    QTest::mouseClick(w.menuBar(), Qt::LeftButton, {}, title.center());
    QVERIFY(QTest::qWaitForWindowExposed(help));
    QTest::mouseClick(help, Qt::LeftButton, {}, help->actionGeometry(action).center());
}

void shoot(QWidget *widget, const char *name)
{
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(QString::fromLatin1(name)));
}

} // namespace

void TestMainWindow::helpMenuGuidesANewcomer()
{
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *help = w.findChild<QMenu *>(QStringLiteral("helpMenu"));
    QVERIFY(help);
    QStringList names;
    for (QAction *a : help->actions()) {
        if (!a->isSeparator())
            names.append(a->objectName());
    }
    QCOMPARE(names.mid(0, 5),
             (QStringList{QStringLiteral("gettingStartedAction"), QStringLiteral("shortcutsAction"),
                          QStringLiteral("manualAction"), QStringLiteral("panelManualAction"),
                          QStringLiteral("whatsThisAction")}));
    QCOMPARE(names.size(), 6); // and About

    // F1: the first five minutes, naming the panels and commands as the window has them.
    QTest::keyClick(&w, Qt::Key_F1);
    auto *started = w.findChild<QDialog *>(QStringLiteral("gettingStartedDialog"));
    QVERIFY(started);
    QVERIFY(QTest::qWaitForWindowExposed(started));
    const QString guide = started->findChild<QTextBrowser *>()->toPlainText();
    for (const char *step :
         {"File > New", "Find Best Plan", "TP Sweep", "Hardware", "View > Explore Designs...",
          "View > Compare Designs...", "Pin as Baseline", "File > Export Report...",
          "File > Export...", "Keyboard Shortcuts", "Manual for This Panel"})
        QVERIFY2(guide.contains(QString::fromUtf8(step)), step);
    // The buttons it names are the dialogs' own: the template gallery's is Create.
    TemplateGallery gallery;
    const QString create = gallery.findChild<QDialogButtonBox *>()
                                   ->button(QDialogButtonBox::Ok)
                                   ->text()
                                   .remove(QLatin1Char('&'));
    QCOMPARE(create, QStringLiteral("Create"));
    QVERIFY(guide.contains(QStringLiteral("press Create")));
    QVERIFY(!guide.contains(QStringLiteral("press OK")));
    shoot(started, "help-getting-started.png");
    started->close();

    // The shortcut list is made from the window's actions: one changed at run time shows as
    // it now is, and every menu action with a shortcut is listed.
    auto *zoomFit = [&]() -> QAction * {
        for (QAction *a : w.findChildren<QAction *>()) {
            if (a->text() == QLatin1String("Zoom to &Fit"))
                return a;
        }
        return nullptr;
    }();
    QVERIFY(zoomFit);
    zoomFit->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F9));
    clickHelp(w, "shortcutsAction");
    auto *shortcuts = w.findChild<QDialog *>(QStringLiteral("shortcutsDialog"));
    QVERIFY(shortcuts);
    QVERIFY(QTest::qWaitForWindowExposed(shortcuts));
    auto *table = shortcuts->findChild<QTableWidget *>(QStringLiteral("shortcutsTable"));
    QVERIFY(table);
    QMap<QString, QString> keyOf;
    for (int r = 0; r < table->rowCount(); ++r)
        keyOf.insert(table->item(r, 1)->text(), table->item(r, 2)->text());
    QCOMPARE(keyOf.value(QStringLiteral("Zoom to Fit")),
             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F9).toString(QKeySequence::NativeText));
    QCOMPARE(keyOf.value(QStringLiteral("Save")),
             QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText));
    QCOMPARE(keyOf.value(QStringLiteral("Connect")), QStringLiteral("C"));
    QCOMPARE(keyOf.value(QStringLiteral("Getting Started")),
             QKeySequence(QKeySequence::HelpContents).toString(QKeySequence::NativeText));
    QCOMPARE(table->rowCount(), HelpMenu::shortcuts(&w).size());
    QVERIFY(table->rowCount() >= 20);
    shoot(shortcuts, "help-shortcuts.png");
    shortcuts->close();

    // The manual shipped with the application.
    clickHelp(w, "manualAction");
    auto *manual = w.findChild<QDialog *>(QStringLiteral("manualDialog"));
    QVERIFY(manual);
    QVERIFY(QTest::qWaitForWindowExposed(manual));
    auto *browser = manual->findChild<ManualBrowser *>(QStringLiteral("manualText"));
    QVERIFY(browser);
    QCOMPARE(browser->source(), ManualBrowser::pageUrl(QStringLiteral("index.md")));
    const QString text = browser->toPlainText();
    QVERIFY2(text.startsWith(QStringLiteral("The TopoPlan manual")), qPrintable(text.left(200)));
    QVERIFY(text.contains(QStringLiteral("Drawing a design")));
    manual->close();

    // What's This?: the mode starts from the menu, and the main widgets have their text.
    clickHelp(w, "whatsThisAction");
    QVERIFY(QWhatsThis::inWhatsThisMode());
    QWhatsThis::leaveWhatsThisMode();
    auto *groups = w.findChild<QTreeWidget *>(QStringLiteral("groupsTable"));
    QVERIFY(groups);
    QVERIFY(groups->whatsThis().contains(QStringLiteral("bottleneck")));
    QVERIFY(w.view()->whatsThis().contains(QStringLiteral("Connect tool")));
    QVERIFY(!w.findChild<QListWidget *>(QStringLiteral("diagnosticsList"))->whatsThis().isEmpty());
}

void TestMainWindow::manualRendersEveryPage_data()
{
    QTest::addColumn<QString>("page");
    const QStringList pages = ManualBrowser::pages();
    QCOMPARE(pages.size(), 11); // the contents and ten tasks
    for (const QString &page : pages)
        QTest::newRow(qPrintable(page)) << page;
}

// Every page of the manual as the window shows it: Markdown rendered (a title heading, no
// Markdown syntax left in the text), every image found and shown no wider than the view
// allows, every link to another page leading to one.
void TestMainWindow::manualRendersEveryPage()
{
    QFETCH(QString, page);
    ManualDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    ManualBrowser *browser = dialog.browser();
    browser->showPage(page);
    QCOMPARE(browser->source(), ManualBrowser::pageUrl(page));

    QFile file(QStringLiteral(":/doc/manual/") + page);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString markdown = QString::fromUtf8(file.readAll());
    QTextDocument *doc = browser->document();
    QCOMPARE(doc->firstBlock().blockFormat().headingLevel(), 1);
    QCOMPARE(doc->firstBlock().text(), markdown.section(QLatin1Char('\n'), 0, 0).mid(2));

    QStringList images;
    int headings = 0;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() > 0)
            ++headings;
        // Outside code, no Markdown is left: no heading marks, emphasis stars, table rules,
        // link brackets.
        const QString text = block.text();
        const QTextBlockFormat format = block.blockFormat();
        const bool code
                = format.nonBreakableLines() || format.hasProperty(QTextFormat::BlockCodeFence);
        if (!code) {
            QVERIFY2(!text.startsWith(QLatin1Char('#')), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("**")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("](")), qPrintable(text));
            QVERIFY2(!text.startsWith(QLatin1Char('|')), qPrintable(text));
        }
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat())
                images.append(format.toImageFormat().name());
            const QString href = format.anchorHref();
            if (!href.isEmpty() && !href.contains(QStringLiteral("://"))) {
                const QUrl target = browser->source().resolved(QUrl(href));
                QVERIFY2(QFile::exists(QLatin1Char(':') + target.path()), qPrintable(href));
            }
        }
    }
    QCOMPARE(headings, int(markdown.count(QRegularExpression(QStringLiteral("(^|\n)#{1,6} ")))));
    QCOMPARE(images.size(), int(markdown.count(QStringLiteral("!["))));
    // Each image decoded in the background, then shown in place of its blank, no wider than
    // the view allows.
    for (const QString &name : images) {
        const auto shown = [doc, name] {
            const QImage image
                    = doc->resource(QTextDocument::ImageResource, QUrl(name)).value<QImage>();
            return !image.isNull() && image.pixelColor(image.rect().center()).alpha() == 255;
        };
        QTRY_VERIFY2(shown(), qPrintable(name));
        QVERIFY(doc->resource(QTextDocument::ImageResource, QUrl(name)).value<QImage>().width()
                <= 900);
    }
    if (page == QLatin1String("index.md"))
        shoot(&dialog, "manual.png");
}

// A link to another page opens it in place; Back and Forward walk the pages seen.
void TestMainWindow::manualFollowsLinksBackAndForward()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *dialog = qobject_cast<ManualDialog *>(w.findChild<HelpMenu *>()->showManual());
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    ManualBrowser *browser = dialog->browser();
    const QTextCursor link = browser->document()->find(QStringLiteral("Drawing a design"));
    QVERIFY(!link.isNull());
    QTextCursor at(browser->document());
    at.setPosition((link.selectionStart() + link.selectionEnd()) / 2);
    browser->setTextCursor(at);
    browser->ensureCursorVisible();
    const QPoint point = browser->cursorRect(at).center();
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, point);
    QTRY_COMPARE(browser->source(), ManualBrowser::pageUrl(QStringLiteral("drawing.md")));
    QVERIFY(browser->toPlainText().contains(QStringLiteral("Hardware palette")));

    auto button = [dialog](const char *name) {
        auto *bar = dialog->findChild<QToolBar *>(QStringLiteral("manualToolBar"));
        return qobject_cast<QToolButton *>(
                bar->widgetForAction(bar->findChild<QAction *>(QString::fromLatin1(name))));
    };
    QVERIFY(button("manualBack")->isEnabled());
    QTest::mouseClick(button("manualBack"), Qt::LeftButton);
    QCOMPARE(browser->source(), ManualBrowser::pageUrl(QStringLiteral("index.md")));
    QVERIFY(button("manualForward")->isEnabled());
    QTest::mouseClick(button("manualForward"), Qt::LeftButton);
    QCOMPARE(browser->source(), ManualBrowser::pageUrl(QStringLiteral("drawing.md")));
    QCOMPARE(dialog->windowTitle(), QStringLiteral("Drawing a design - TopoPlan Manual"));
}

// What's This? on a panel ends with a link to the panel's page, and Help > Manual for This
// Panel opens it for the panel that has the focus.
void TestMainWindow::manualOpensAtThePanelsPage()
{
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto *groups = w.findChild<QTreeWidget *>(QStringLiteral("groupsTable"));
    QVERIFY(groups);
    QCOMPARE(HelpMenu::manualPageFor(groups), QStringLiteral("analysis.md"));
    QCOMPARE(HelpMenu::manualPageFor(w.view()->viewport()), QStringLiteral("drawing.md"));
    QCOMPARE(HelpMenu::manualPageFor(&w), QStringLiteral("index.md"));

    // The link of the What's This? text, clicked.
    QWhatsThisClickedEvent clicked(QStringLiteral("manual:analysis.md"));
    QApplication::sendEvent(groups, &clicked);
    auto *dialog = w.findChild<ManualDialog *>(QStringLiteral("manualDialog"));
    QVERIFY(dialog);
    QCOMPARE(dialog->browser()->source(), ManualBrowser::pageUrl(QStringLiteral("analysis.md")));

    // The panel in use: the canvas has the focus.
    w.view()->setFocus();
    QTRY_VERIFY(w.view()->hasFocus());
    w.findChild<HelpMenu *>()->panelManualAction()->trigger();
    QCOMPARE(dialog->browser()->source(), ManualBrowser::pageUrl(QStringLiteral("drawing.md")));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
