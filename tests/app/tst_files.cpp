// File > New through the template gallery and Edit > Preferences, driven through the main
// window's shortcuts and the dialogs' own widgets: each template makes the cluster it names, an
// empty project is empty, and preferences are kept in the settings and take effect at once.

#include "app/canvas/canvasplacement.h"
#include "app/canvas/clusterview.h"
#include "app/common/theme.h"
#include "app/common/translations.h"
#include "app/dialogs/addfabricdialog.h"
#include "app/dialogs/preferences.h"
#include "app/dialogs/templategallery.h"
#include "app/document/autosave.h"
#include "app/document/document.h"
#include "app/document/topologycommands.h"
#include "app/panels/palettedock.h"
#include "app/window/clustercalibration.h"
#include "app/window/documentmanager.h"
#include "app/window/editingactions.h"
#include "app/window/mainwindow.h"

#include "engine/document/documents.h"
#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"

#include "tests/app/apptest.h"
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

using namespace topoplan;
using namespace topoplan::testing;
using namespace std::chrono_literals;

namespace {

constexpr int kTimeoutMs = 30000;

QPushButton *dialogButton(QWidget *dialog, QDialogButtonBox::StandardButton which)
{
    auto *box = dialog->findChild<QDialogButtonBox *>();
    return box ? box->button(which) : nullptr;
}

// Shows the gallery with Ctrl+N, as a user would (the window must be active for shortcuts).
TemplateGallery *openGallery(MainWindow &w)
{
    w.activateWindow();
    if (!QTest::qWaitForWindowActive(&w))
        return nullptr;
    QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
    TemplateGallery *gallery = nullptr;
    (void) QTest::qWaitFor(
            [&] {
                gallery = w.findChild<TemplateGallery *>();
                return gallery && gallery->isVisible();
            },
            kTimeoutMs);
    return gallery;
}

bool showSample(MainWindow &w)
{
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return false;
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    w.openTemplate(MainWindow::sampleTemplateId());
    return opened.wait(kTimeoutMs);
}

// Clicks the card of `templateId` (empty: the empty project) in the gallery's list.
bool clickCard(TemplateGallery *gallery, const QString &templateId)
{
    QListWidget *list = gallery->list();
    for (int row = 0; row < list->count(); ++row) {
        QListWidgetItem *item = list->item(row);
        if (item->data(Qt::UserRole).toString() != templateId)
            continue;
        list->scrollToItem(item);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(item).center());
        return gallery->templateId() == templateId;
    }
    return false;
}

// With TOPOPLAN_SCREENSHOTS=DIR set, saves `widget` as DIR/name.png for a look by eye.
void screenshot(QWidget *widget, const char *name)
{
    const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS");
    if (!dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(QLatin1String(name) + QStringLiteral(".png")));
}

} // namespace

class TestFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void galleryListsEveryTemplateWithItsCounts();
    void newFromTemplate_data();
    void newFromTemplate();
    void newEmptyProject();
    void newAsksBeforeDroppingChanges();
    void preferencesAreKeptAndApplied();
    void handEditedSettingsAreChecked();
    void addFabricProposesThePreferredFabric();
    void importsAClusterFromTheMenuAndByDrop();
    void importReportLeadsWithWhatLooksWrong();
    void hardwareDroppedOnTheWindow();
    void importRefusesMalformedInput();
    void importsHardwareIntoTheProject();
    void calibratesFromTheClustersMeasurements();
};

void TestFiles::initTestCase()
{
    prepareApplication(Settings::Keep);
}

void TestFiles::init()
{
    QSettings().clear();
    installTranslations(QLocale::c());
}

void TestFiles::cleanup()
{
    Theme::apply(Theme::Mode::System);
    CanvasPlacement::setGridSize(CanvasPlacement::kGrid);
    QDir(AutosaveManager::recoveryDirectory()).removeRecursively();
}

void TestFiles::galleryListsEveryTemplateWithItsCounts()
{
    TemplateGallery gallery;
    gallery.show();
    QVERIFY(QTest::qWaitFor([&] { return gallery.isCounted(); }, kTimeoutMs));
    QListWidget *list = gallery.list();
    QCOMPARE(list->count(), int(builtinTemplates().size()) + 1);
    QCOMPARE(list->item(0)->data(Qt::UserRole).toString(), QString()); // the empty project
    for (const ProjectTemplate &t : builtinTemplates()) {
        gallery.selectTemplate(QString::fromStdString(t.id));
        QCOMPARE(gallery.templateId(), QString::fromStdString(t.id));
        const QString text = list->currentItem()->text();
        QVERIFY2(text.contains(QString::fromStdString(t.title)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPUs")), qPrintable(text));
    }
    screenshot(&gallery, "template-gallery");
    // The 16K cluster's card says how big it is.
    gallery.selectTemplate(QStringLiteral("h100-16k"));
    const QString big = list->currentItem()->text();
    QVERIFY2(big.contains(QLocale().toString(16384)), qPrintable(big));
}

void TestFiles::newFromTemplate_data()
{
    QTest::addColumn<QString>("templateId");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("domains");
    QTest::newRow("DGX H100 SU") << QStringLiteral("dgx-h100-su") << 256 << 32;
    QTest::newRow("DGX A100 pod") << QStringLiteral("dgx-a100-pod") << -1 << -1;
    QTest::newRow("GB200 NVL72") << QStringLiteral("gb200-nvl72") << -1 << -1;
    QTest::newRow("GB300 NVL72") << QStringLiteral("gb300-nvl72") << 576 << 8;
}

void TestFiles::newFromTemplate()
{
    QFETCH(QString, templateId);
    QFETCH(int, gpus);
    QFETCH(int, domains);
    // What the template makes, counted by the engine: the window must show the same.
    const ProjectTemplate *t = findTemplate(templateId.toStdString());
    QVERIFY(t);
    Expected<Project> expected = instantiate(*t);
    QVERIFY(expected);
    Expected<TopologySummary> counts = summarize(expected->topology, Catalog::builtin());
    QVERIFY(counts);
    if (gpus >= 0) {
        QCOMPARE(counts->gpus, gpus);
        QCOMPARE(counts->domains, domains);
    }

    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    TemplateGallery *gallery = openGallery(w);
    QVERIFY(gallery);
    QVERIFY(clickCard(gallery, templateId));
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    QTest::mouseClick(dialogButton(gallery, QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(opened.wait(kTimeoutMs));

    const Topology &topology = w.document()->project().topology;
    QCOMPARE(topology.nodes.size(), expected->topology.nodes.size());
    QCOMPARE(topology.switches.size(), expected->topology.switches.size());
    QCOMPARE(topology.links.size(), expected->topology.links.size());
    const QString summary = w.summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("GPUs: %1").arg(QLocale().toString(counts->gpus))),
             qPrintable(summary));
    // A template is a start: untitled, nothing to save over, nothing modified yet.
    QVERIFY(w.document()->filePath().isEmpty());
    QVERIFY(!w.document()->isModified());
}

void TestFiles::newEmptyProject()
{
    MainWindow w;
    QVERIFY(showSample(w));
    QVERIFY(!w.document()->project().topology.nodes.empty());

    TemplateGallery *gallery = openGallery(w);
    QVERIFY(gallery);
    QVERIFY(clickCard(gallery, QString()));
    QTest::mouseClick(dialogButton(gallery, QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return w.document()->project().topology.nodes.empty(); },
                            kTimeoutMs));
    QVERIFY(w.document()->project().topology.switches.empty());
    QCOMPARE(w.windowTitle(), QStringLiteral("Untitled[*] \u2014 TopoPlan"));
}

void TestFiles::newAsksBeforeDroppingChanges()
{
    MainWindow w;
    QVERIFY(showSample(w));
    Document *doc = w.document();
    doc->undoStack()->push(new RemoveItems(doc, {QStringLiteral("node-1")}));
    QVERIFY(doc->isModified());

    // Cancel the question: no gallery, the edited project stays.
    bool asked = false;
    QTimer::singleShot(0, &w, [&] {
        (void) QTest::qWaitFor([&] { return QApplication::activeModalWidget() != nullptr; }, 5000);
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        }
    });
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier);
    QVERIFY(asked);
    QVERIFY(!w.findChild<TemplateGallery *>());
    QCOMPARE(w.document(), doc);
    QVERIFY(doc->isModified());
}

void TestFiles::preferencesAreKeptAndApplied()
{
    MainWindow w;
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    // The defaults: a minute's autosave, the desktop's colours, the 10-unit grid.
    QCOMPARE(w.autosave()->interval(), std::chrono::milliseconds(60s));
    QCOMPARE(CanvasPlacement::gridSize(), 10.0);

    QTest::keyClick(&w, Qt::Key_Comma, Qt::ControlModifier);
    QPointer<PreferencesDialog> dialog;
    QVERIFY(QTest::qWaitFor(
            [&] { return (dialog = w.findChild<PreferencesDialog *>()) && dialog->isVisible(); },
            kTimeoutMs));
    auto *autosave = dialog->findChild<QSpinBox *>(QStringLiteral("autosaveSeconds"));
    auto *grid = dialog->findChild<QSpinBox *>(QStringLiteral("gridSize"));
    auto *theme = dialog->findChild<QComboBox *>(QStringLiteral("theme"));
    auto *tiers = dialog->findChild<QComboBox *>(QStringLiteral("tiers"));
    auto *ratio = dialog->findChild<QDoubleSpinBox *>(QStringLiteral("oversubscription"));
    auto *language = dialog->findChild<QComboBox *>(QStringLiteral("language"));
    QVERIFY(autosave && grid && theme && tiers && ratio && language);
    QCOMPARE(language->currentData().toString(), QString()); // the system's
    QVERIFY(language->findText(QStringLiteral("Deutsch")) >= 0);
    QCOMPARE(autosave->value(), 60);
    screenshot(dialog, "preferences");

    autosave->selectAll();
    QTest::keyClicks(autosave, QStringLiteral("15"));
    grid->selectAll();
    QTest::keyClicks(grid, QStringLiteral("20"));
    theme->setCurrentIndex(theme->findData(Theme::key(Theme::Mode::Dark)));
    tiers->setCurrentIndex(tiers->findData(3));
    ratio->selectAll();
    QTest::keyClicks(ratio, QStringLiteral("2"));
    language->setCurrentIndex(language->findText(QStringLiteral("Deutsch")));
    QTest::mouseClick(dialogButton(dialog, QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return !dialog || !dialog->isVisible(); }, kTimeoutMs));

    // Applied at once...
    QCOMPARE(w.autosave()->interval(), std::chrono::milliseconds(15s));
    QCOMPARE(CanvasPlacement::gridSize(), 20.0);
    QCOMPARE(CanvasPlacement::snapped(QPointF(29, 31)), QPointF(20, 40));
    QCOMPARE(Theme::current(), Theme::Mode::Dark);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
    QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 180);
    // The language is Qt's to build the widgets in, once: it applies at the next start.
    QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("starts next")),
             qPrintable(w.statusBar()->currentMessage()));
    // ...and kept for the next start.
    const Preferences kept = Preferences::load();
    QCOMPARE(kept.autosaveSeconds, 15);
    QCOMPARE(kept.gridSize, 20);
    QCOMPARE(kept.theme, Theme::Mode::Dark);
    QCOMPARE(kept.tiers, 3);
    QCOMPARE(kept.oversubscription, 2.0);
    QCOMPARE(kept.language, QStringLiteral("de"));
    MainWindow next;
    QCOMPARE(next.autosave()->interval(), std::chrono::milliseconds(15s));
    QCOMPARE(next.preferences(), kept);
}

void TestFiles::handEditedSettingsAreChecked()
{
    QSettings s;
    s.setValue(QStringLiteral("preferences/autosaveSeconds"), -5);
    s.setValue(QStringLiteral("preferences/gridSize"), 100000);
    s.setValue(QStringLiteral("preferences/theme"), QStringLiteral("purple"));
    s.setValue(QStringLiteral("preferences/fabric/oversubscription"), 0.0);
    s.setValue(QStringLiteral("preferences/fabric/tiers"), 7);
    s.setValue(QStringLiteral("preferences/fabric/leaf"), QStringLiteral("no-such-switch"));
    s.setValue(QStringLiteral("preferences/language"), QStringLiteral("tlh"));
    const Preferences p = Preferences::load();
    QCOMPARE(p.autosaveSeconds, 0);
    QCOMPARE(p.gridSize, Preferences::kMaxGridSize);
    QCOMPARE(p.theme, Theme::Mode::System);
    QCOMPARE(p.oversubscription, 1.0);
    QCOMPARE(p.tiers, 2);
    QCOMPARE(p.leafModel, QString());
    QCOMPARE(p.language, QString());
}

void TestFiles::addFabricProposesThePreferredFabric()
{
    Preferences prefs;
    prefs.fabric = FabricKind::FatTree;
    // 2 tiers: eight servers fit under one pod, so the generator refuses a third tier.
    prefs.tiers = 2;
    prefs.oversubscription = 2;
    prefs.save();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Eight DGX H100 without a fabric.
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 8;
    o.fabric = FabricKind::None;
    Expected<Project> bare = generateProject(o);
    QVERIFY(bare);
    const QString path = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                                 .filePath(QStringLiteral("tst_files-bare.topoplan"));
    QVERIFY(!saveProject(*bare, path.toStdString()));
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    w.openFile(path);
    QVERIFY(opened.wait(kTimeoutMs));

    w.editingActions()->addFabricAction()->trigger();
    auto *dialog = w.findChild<AddFabricDialog *>(QStringLiteral("addFabricDialog"));
    QVERIFY(dialog);
    QCOMPARE(dialog->kindBox()->currentData().toString(), QStringLiteral("fat-tree"));
    QCOMPARE(dialog->tiersBox()->currentData().toInt(), 2);
    QCOMPARE(dialog->oversubscriptionBox()->value(), 2.0);
    QCOMPARE(dialog->options().tiers, 2);
    QVERIFY(dialog->result()); // the engine can build that fabric for eight DGX H100
    dialog->reject();
    QFile::remove(path);
}

// A 2-tier rail-optimized cluster as ibnetdiscover reports it: the exported fabric of 64 DGX
// H100 (two scalable units of 8 rail leaves, 8 spines).
QString writeClusterDump(const QString &name)
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 64;
    o.fabric = FabricKind::RailOptimized;
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    Expected<std::string> text = ibnetdiscoverText(*p, Catalog::builtin());
    const QString path
            = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation)).filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text->data(), qint64(text->size()));
    return path;
}

// A cable that trained down to one lane: the report's counts lead with the warning, its notes
// with the cable's line.
void TestFiles::importReportLeadsWithWhatLooksWrong()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QString path = writeClusterDump(QStringLiteral("tst_files-trained-down.out"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(f.readAll());
    f.close();
    // Both ends of dgx-001's first cable say 1xNDR.
    const QString host = QStringLiteral("\"dgx-001 mlx5_0\" lid 25 4xNDR");
    QVERIFY(text.contains(host));
    text.replace(host, QStringLiteral("\"dgx-001 mlx5_0\" lid 25 1xNDR"));
    const QRegularExpression caEnd(QStringLiteral("(# \"dgx-001 mlx5_0\"\n\\[1\\][^\\n]*) 4xNDR"));
    QVERIFY(caEnd.match(text).hasMatch());
    text.replace(caEnd, QStringLiteral("\\1 1xNDR"));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text.toUtf8());
    f.close();
    QSignalSpy imported(&w, &MainWindow::documentImported);
    w.importFiles({path});
    QVERIFY(imported.wait(kTimeoutMs));
    auto *report = w.findChild<QDialog *>(QStringLiteral("importReport"));
    QVERIFY(report);
    auto *counts = report->findChild<QLabel *>(QStringLiteral("importCounts"));
    QVERIFY(counts);
    // The cable, and the server model the fabric cannot show (a DGX H100 assumed).
    QVERIFY2(counts->text().startsWith(QStringLiteral("<b>2 warnings</b>")),
             qPrintable(counts->text()));
    auto *notes = report->findChild<QPlainTextEdit *>(QStringLiteral("importNotes"));
    // Both lead the notes, the trained-down cable among them.
    const QString first = notes->toPlainText().section(QLatin1Char('\n'), 0, 1);
    QVERIFY2(first.count(QStringLiteral(": warning: ")) == 2
                     && first.contains(QStringLiteral("1xNDR")),
             qPrintable(first));
    screenshot(report, "import-report-warning");
    report->close();
    QTRY_VERIFY(!w.findChild<QDialog *>(QStringLiteral("importReport")));
    QFile::remove(path);
}

void TestFiles::importsAClusterFromTheMenuAndByDrop()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QString path = writeClusterDump(QStringLiteral("tst_files-cluster.out"));
    QSignalSpy imported(&w, &MainWindow::documentImported);
    w.importFiles({path});
    QVERIFY(imported.wait(kTimeoutMs));
    // The right servers, rails, leaves and spines, ready to analyse: a new, unsaved document.
    const Project &p = w.document()->project();
    Expected<TopologySummary> s = summarize(p.topology, Catalog::builtin());
    QVERIFY(s);
    QCOMPARE(s->nodes, 64);
    QCOMPARE(s->leaf, 16);
    QCOMPARE(s->spine, 8);
    QVERIFY(w.document()->filePath().isEmpty());
    QVERIFY(w.document()->isModified());
    auto *report = w.findChild<QDialog *>(QStringLiteral("importReport"));
    QVERIFY(report);
    QVERIFY(report->isVisible());
    const QString text = report->findChild<QLabel *>()->text();
    QVERIFY2(text.contains(QStringLiteral("rail-optimized: 8 rails")), qPrintable(text));
    auto *notes = report->findChild<QPlainTextEdit *>(QStringLiteral("importNotes"));
    QVERIFY(notes->toPlainText().contains(QStringLiteral("taken for dgx-h100")));
    screenshot(report, "import-report");
    report->close();
    QTRY_VERIFY(!w.findChild<QDialog *>(QStringLiteral("importReport")));

    // Dropped on the window: imported the same way (nothing unsaved to ask about).
    w.document()->markSaved();
    auto *mime = new QMimeData;
    mime->setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(200, 200), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(drop.isAccepted());
    QVERIFY(imported.wait(kTimeoutMs));
    QCOMPARE(w.document()->project().topology.nodes.size(), std::size_t(64));
    delete mime;
    QFile::remove(path);
}

void TestFiles::importRefusesMalformedInput()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QString path = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                                 .filePath(QStringLiteral("tst_files-bad.out"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("vendid=0x2c9\nSwitch\t8 \"S-01\"\n[99]\t\"H-02\"[1]\n");
    f.close();
    const std::size_t before = w.document()->project().topology.nodes.size();
    QSignalSpy failed(&w, &MainWindow::importFailed);
    w.importFiles({path});
    QVERIFY(failed.wait(kTimeoutMs));
    QVERIFY2(failed.front().front().toString().contains(QStringLiteral("line 3: port 99")),
             qPrintable(failed.front().front().toString()));
    QCOMPARE(w.document()->project().topology.nodes.size(), before);
    QTRY_VERIFY(w.findChild<QMessageBox *>(QStringLiteral("errorMessage")));
    QFile::remove(path);
}

namespace {

QString writeTemp(const QString &name, const QByteArray &content)
{
    const QString path
            = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation)).filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(content);
    return path;
}

bool paletteOffers(MainWindow &w, const QString &model)
{
    auto *list = w.findChild<PaletteDock *>()->findChild<QListWidget *>();
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->text() == model)
            return true;
    }
    return false;
}

} // namespace

void TestFiles::importsHardwareIntoTheProject()
{
    MainWindow w;
    QVERIFY(showSample(w)); // 32 DGX H100 on a rail-optimized NDR fabric
    QVERIFY(w.findChild<QAction *>(QStringLiteral("importHardwareAction")));
    Document *doc = w.document();
    const std::size_t nodes = doc->project().topology.nodes.size();
    const int steps = doc->undoStack()->count();
    QVERIFY(!paletteOffers(w, QStringLiteral("Jean Zay A100 80GB node")));

    // One undo step adds the models; the palette offers the server at once.
    QFile example(QStringLiteral(TOPOPLAN_SOURCE_DIR "docs/examples/jean-zay-a100.json"));
    QVERIFY(example.open(QIODevice::ReadOnly));
    const QString path = writeTemp(QStringLiteral("tst_files-jean-zay.json"), example.readAll());
    QSignalSpy imported(w.documents(), &DocumentManager::hardwareImported);
    QVERIFY(w.documents()->importHardware(path));
    QCOMPARE(imported.size(), 1);
    QCOMPARE(imported.front().at(1).toInt(), 3);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QVERIFY(doc->catalog().server("jean-zay-a100"));
    QVERIFY(paletteOffers(w, QStringLiteral("Jean Zay A100 80GB node")));
    QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("3 hardware models")));

    // Dragged from the palette onto the canvas, it is a server of the design like any other.
    auto *view = w.findChild<ClusterView *>();
    const QPointF where = view->mapToScene(view->viewport()->rect().center());
    std::unique_ptr<QMimeData> mime(PaletteDock::mimeData(
            PaletteEntry{PaletteEntry::Server, QStringLiteral("jean-zay-a100")}));
    const QPoint at = view->mapFromScene(where);
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    QVERIFY(drop.isAccepted());
    QCOMPARE(doc->project().topology.nodes.size(), nodes + 1);
    QCOMPARE(doc->project().topology.nodes.back().model, std::string("jean-zay-a100"));
    w.findChild<PaletteDock *>()->findChild<QLineEdit *>()->setText(QStringLiteral("jean"));
    screenshot(&w, "import-hardware");
    w.findChild<PaletteDock *>()->findChild<QLineEdit *>()->clear();

    // Saved, the project keeps the hardware: it opens without the file.
    const QString saved = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                                  .filePath(QStringLiteral("tst_files-jean-zay.topoplan"));
    QVERIFY(!saveProject(doc->project(), saved.toStdString()));
    QFile::remove(path);
    Expected<Project> reopened = loadProject(saved.toStdString());
    QVERIFY2(bool(reopened), reopened ? "" : reopened.error().text().c_str());
    QCOMPARE(reopened->topology.nodes.back().model, std::string("jean-zay-a100"));
    QFile::remove(saved);

    // Undone: the server, then the hardware, leave; the palette forgets it.
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(doc->project().topology.nodes.size(), nodes);
    QVERIFY(!doc->catalog().server("jean-zay-a100"));
    QVERIFY(!paletteOffers(w, QStringLiteral("Jean Zay A100 80GB node")));
    doc->undoStack()->redo();
    QVERIFY(paletteOffers(w, QStringLiteral("Jean Zay A100 80GB node")));

    // Hardware that would break the design is refused whole, saying where: the sample's DGX
    // H100 replaced by a model with 2 NICs leaves 8 cables on each server.
    const QString broken = writeTemp(
            QStringLiteral("tst_files-two-nics.json"),
            R"({"servers": [{"id": "dgx-h100", "name": "two NICs", "gpu": "h100-sxm", "gpus": 8,
                "nvswitches": 4, "nvlink_scope": "board", "trays": 1, "nics": 2,
                "nic_gbit_s": 400, "nic_medium": "ib-ndr", "pcie": "pcie5", "rack_units": 8,
                "power_kw": 10.2, "source": "test"}]})");
    const int before = doc->undoStack()->count();
    QVERIFY(!w.documents()->importHardware(broken));
    QCOMPARE(doc->undoStack()->count(), before);
    QCOMPARE(doc->catalog().server("dgx-h100")->nics, 8);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("errorMessage"))));
    QVERIFY2(box->informativeText().contains(QStringLiteral("tst_files-two-nics.json")),
             qPrintable(box->informativeText()));
    QVERIFY2(box->informativeText().contains(QStringLiteral("would leave the design invalid")),
             qPrintable(box->informativeText()));
    QVERIFY2(box->informativeText().contains(QStringLiteral("only 2 compute NICs")),
             qPrintable(box->informativeText()));
    screenshot(box, "import-hardware-refused");
    box->close();
    QFile::remove(broken);
}

// File > Calibrate from Cluster: nccl-tests output of two DGX H100 fitted into the project's
// catalog in one undo step, shown against the catalog's figures; every analysis then uses it.
void TestFiles::calibratesFromTheClustersMeasurements()
{
    MainWindow w;
    QVERIFY(showSample(w)); // 32 DGX H100 on a rail-optimized NDR fabric
    QVERIFY(w.findChild<QAction *>(QStringLiteral("calibrateAction")));
    Document *doc = w.document();
    const int steps = doc->undoStack()->count();
    const double before = doc->catalog().medium("ib-ndr")->efficiency;
    QSignalSpy calibrated(w.calibration(), &ClusterCalibration::calibrated);
    w.calibration()->run(
            doc, {QStringLiteral(TOPOPLAN_SOURCE_DIR "tests/data/nccltests/two-nodes-ar.log"),
                  QStringLiteral(TOPOPLAN_SOURCE_DIR "tests/data/nccltests/ag-2nodes.txt")});
    QVERIFY(calibrated.wait(60000));
    QCOMPARE(calibrated.front().at(0).toInt(), 2);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    const Medium *ndr = doc->catalog().medium("ib-ndr");
    QVERIFY(ndr->efficiency != before);
    QVERIFY2(ndr->source.rfind("Calibrated from the user's cluster: all_reduce_perf on 16 GPUs "
                               "of 2 hosts",
                               0)
                     == 0,
             ndr->source.c_str());
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("calibrationSummary"))));
    QVERIFY2(box->informativeText().contains(QStringLiteral("all_reduce_perf on 16 GPUs of 2 "
                                                            "hosts (network)")),
             qPrintable(box->informativeText()));
    QVERIFY2(box->informativeText().contains(QStringLiteral("in the catalog")),
             qPrintable(box->informativeText()));
    screenshot(box, "calibrate-from-cluster");
    box->close();
    doc->undoStack()->undo();
    QCOMPARE(doc->catalog().medium("ib-ndr")->efficiency, before);
}

// A hardware file dropped on the window joins the open project's catalog in one undo step
// (the project stays open; nothing asks to save).
void TestFiles::hardwareDroppedOnTheWindow()
{
    MainWindow w;
    QVERIFY(showSample(w));
    Document *doc = w.document();
    doc->markSaved();
    const int steps = doc->undoStack()->count();
    QFile example(QStringLiteral(TOPOPLAN_SOURCE_DIR "docs/examples/jean-zay-a100.json"));
    QVERIFY(example.open(QIODevice::ReadOnly));
    const QString path = writeTemp(QStringLiteral("tst_files-dropped.json"), example.readAll());
    QSignalSpy imported(w.documents(), &DocumentManager::hardwareImported);
    auto mime = std::make_unique<QMimeData>();
    mime->setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, mime.get(), Qt::LeftButton,
                          Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(200, 200), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QTRY_COMPARE(imported.size(), 1); // the window opens what is dropped once the drop is done
    QCOMPARE(w.document(), doc);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QVERIFY(doc->catalog().server("jean-zay-a100"));
    doc->undoStack()->undo();
    QVERIFY(!doc->catalog().server("jean-zay-a100"));
    QFile::remove(path);
}

QTEST_MAIN(TestFiles)
#include "tst_files.moc"
