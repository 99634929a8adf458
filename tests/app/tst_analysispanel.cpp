// The analysis panel as a user drives it: the sample is analysed in the background and shows
// the engine's own figures; typing a TP width is one undo step that re-analyses and warns when
// TP leaves the NVLink domain; a diagnostic selects what it names; an invalid plan says why;
// choosing a model for a bare cluster finds and applies its best plan; results of edits that
// were overtaken are dropped.

#include "app/analysis/analysiscontroller.h"
#include "app/canvas/analysisoverlay.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/linkitem.h"
#include "app/common/translations.h"
#include "app/common/units.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "app/document/jobcommands.h"
#include "app/panels/analysisdock.h"
#include "app/panels/failuresdock.h"
#include "app/panels/jobeditor.h"
#include "app/tools/selecttool.h"
#include "app/window/mainwindow.h"

#include "engine/core/jsonin.h"
#include "engine/document/cost.h"
#include "engine/explore/failures.h"
#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "engine/model/naming.h"
#include "engine/perf/memorymodel.h"
#include "engine/plan/analysis.h"
#include "engine/plan/diagnostics.h"
#include "engine/plan/planner.h"

#include "tests/app/apptest.h"
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kTimeoutMs = 30000;

// Waits until the controller has a result for the document as it is now.
bool settled(AnalysisController *c)
{
    return QTest::qWaitFor([c] { return !c->isBusy() && c->outcome().has_value(); }, kTimeoutMs);
}

QListWidgetItem *diagnostic(QListWidget *list, const char *code)
{
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->toolTip() == QLatin1String(code))
            return list->item(i);
    }
    return nullptr;
}

// Types `value` into a spin box and presses Enter, as a user does.
void typeInto(QSpinBox *box, int value)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QString::number(value));
    QTest::keyClick(box, Qt::Key_Return);
}

// With TOPOPLAN_SCREENSHOTS=DIR set, saves the window as DIR/name (tools/screenshots.sh puts
// them in docs/screenshots).
void shoot(MainWindow &w, const char *name)
{
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty()) {
        QApplication::processEvents();
        w.grab().save(QDir(dir).filePath(QString::fromLatin1(name)));
    }
}

} // namespace

class TestAnalysisPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void sampleShowsTheEnginesFigures();
    void importedPricesPriceTheDesign();
    void tpBeyondTheDomainIsOneStepAndWarns();
    void invalidPlanSaysWhy();
    void overtakenResultsAreDropped();
    void choosingAModelLeavesThePlanToTheUser();
    void choosingAModelKeepsTheTemplatesPlan_data();
    void choosingAModelKeepsTheTemplatesPlan();
    void fittedDiagramKeepsClearOfTheCard_data();
    void fittedDiagramKeepsClearOfTheCard();
    void failedLeafReanalysesAndN1RanksIt();
    void softwareAndExpertsAreUndoableEdits();
    void ranksPerDomainAndNvlsAreJobFields();
    void groupsShowTheAlgorithmTheJobRunsAs();
    void offloadingTakesTheRecomputationsPlace();

private:
    void openSample(MainWindow &w);
};

void TestAnalysisPanel::initTestCase()
{
    prepareApplication(Settings::Keep);
}

void TestAnalysisPanel::init()
{
    QSettings().clear();
    installTranslations(QLocale::c());
}

void TestAnalysisPanel::openSample(MainWindow &w)
{
    w.resize(1600, 1100);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    w.openTemplate(MainWindow::sampleTemplateId());
    QVERIFY(opened.wait(kTimeoutMs));
    QVERIFY(settled(w.analysis()));
}

void TestAnalysisPanel::sampleShowsTheEnginesFigures()
{
    MainWindow w;
    openSample(w);
    const Project &p = w.document()->project();
    QVERIFY(p.workload && p.plan);
    // The same analysis, run here directly.
    Expected<Analyzer> a = Analyzer::create(p.topology);
    QVERIFY(a);
    Expected<AnalysisResult> expected = a->analyze(*p.workload, *p.plan);
    QVERIFY(expected);

    const AnalysisOutcome &o = *w.analysis()->outcome();
    QVERIFY(o.result);
    QCOMPARE(o.gpus, 256);
    QCOMPARE(o.domainSize, 8);
    QCOMPARE(o.result->step.tokensPerS, expected->step.tokensPerS);
    QCOMPARE(o.result->step.stepTimeS, expected->step.stepTimeS);

    AnalysisDock *dock = w.analysisDock();
    const QString headline = dock->headline()->text();
    QVERIFY2(headline.contains(units::tokensPerSecond(expected->step.tokensPerS)),
             qPrintable(headline));
    QVERIFY2(headline.contains(units::percent(expected->step.mfu)), qPrintable(headline));
    // The projection's uncertainty: the engine's error on published runs of its class.
    QVERIFY(expected->band.known());
    QVERIFY2(headline.contains(QStringLiteral("\u00b1%1 on %2 published runs of this class "
                                              "(Hopper, dense, any scale)")
                                       .arg(units::percent(expected->band.meanError))
                                       .arg(expected->band.runs)),
             qPrintable(headline));
    // Memory item by item, the engine's figures: the sample keeps its gradients in fp32.
    auto *memory = dock->findChild<QLabel *>(QStringLiteral("memoryItems"));
    QVERIFY(memory);
    const QString held = memory->text();
    QVERIFY2(held.startsWith(QStringLiteral("Memory per GPU: weights ")), qPrintable(held));
    for (const MemoryItem &item : memoryItems(expected->step.memory))
        QVERIFY2(held.contains(units::gigabytes(item.gb)), qPrintable(held));
    QVERIFY2(held.contains(QStringLiteral("gradients (fp32) ")), qPrintable(held));
    QVERIFY2(held.contains(QStringLiteral("optimizer ")), qPrintable(held));
    QVERIFY2(memory->toolTip().contains(QStringLiteral("activations of 96 layer passes: ")),
             qPrintable(memory->toolTip()));
    // One row per parallel dimension; TP=8 stays on its DGX H100's NVLink at ~370 GB/s.
    QTreeWidget *groups = dock->groupsTable();
    QCOMPARE(groups->topLevelItemCount(), int(expected->dimensions.size()));
    QTreeWidgetItem *tp = groups->topLevelItem(0);
    QCOMPARE(tp->text(0), QStringLiteral("TP"));
    QCOMPARE(tp->text(1), QStringLiteral("8 x 32"));
    QCOMPARE(tp->text(2), units::bandwidth(expected->dimensions.front().network.busbwGBs));
    QCOMPARE(tp->text(3), QStringLiteral("NVLink"));
    QCOMPARE(tp->text(4), QStringLiteral("no"));
    // The bottleneck by the names the canvas shows ("dgx-001 GPU 0 - NVSwitch"), not the fabric
    // graph's ids ("node-1/gpu0->node-1/nvswitch"); every row's link likewise.
    QVERIFY2(tp->text(6).startsWith(QStringLiteral("dgx-"))
                     && tp->text(6).contains(QStringLiteral("GPU")),
             qPrintable(tp->text(6)));
    for (int row = 0; row < groups->topLevelItemCount(); ++row) {
        const QString bottleneck = groups->topLevelItem(row)->text(6);
        QVERIFY2(!bottleneck.contains(QStringLiteral("node-"))
                         && !bottleneck.contains(QStringLiteral("link-")),
                 qPrintable(bottleneck));
    }
    // The job's fields show the project's plan.
    QCOMPARE(dock->degreeBox(Dim::TP)->value(), p.plan->tp);
    QCOMPARE(dock->degreeBox(Dim::PP)->value(), p.plan->pp);
    QCOMPARE(dock->modelBox()->currentText(), QString::fromStdString(p.workload->model.name));
    shoot(w, "window.png");
}

void TestAnalysisPanel::importedPricesPriceTheDesign()
{
    MainWindow w;
    openSample(w); // 32 DGX H100, 8 rail leaves of QM9700 per SU, spines
    auto *cost = w.analysisDock()->findChild<QLabel *>(QStringLiteral("costView"));
    QVERIFY(cost);
    // Without prices: power and counts, and what is unpriced; never a figure made up.
    QVERIFY2(cost->text().contains(QStringLiteral("Capital cost: not stated, 4 of 4 items have "
                                                  "no price")),
             qPrintable(cost->text()));
    const Project &p = w.document()->project();
    Expected<DesignCost> unpriced = designCost(p, w.document()->catalog());
    QVERIFY(unpriced);
    QVERIFY2(cost->text().contains(units::power(unpriced->itPowerW())), qPrintable(cost->text()));
    QVERIFY2(cost->text().contains(QStringLiteral("Growth: the spines take")),
             qPrintable(cost->text()));

    // File > Import Prices: one undo step, and the panel prices the design as the engine does.
    QVERIFY(w.findChild<QAction *>(QStringLiteral("importPricesAction")));
    const QString book = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                                 .filePath(QStringLiteral("tst_analysispanel-prices.json"));
    {
        QFile f(book);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"prices": {"currency": "USD", "servers": {"dgx-h100": 300000},
                    "switches": {"qm9700": 30000}, "transceivers": {"osfp-2x400g-sr4": 1000},
                    "cables": {"mmf": 100, "smf": 200}, "energy_per_kwh": 0.1,
                    "amortization_years": 4}})");
    }
    const int steps = w.document()->undoStack()->count();
    QVERIFY(w.documents()->importPrices(book));
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    // The panel turns to its cost tab, where the priced figures appear.
    QTRY_VERIFY(cost->isVisible());
    QVERIFY(settled(w.analysis()));
    const AnalysisOutcome &o = *w.analysis()->outcome();
    QVERIFY(o.cost && o.result);
    Expected<DesignCost> priced = designCost(w.document()->project(), w.document()->catalog(),
                                             o.result->step.tokensPerS);
    QVERIFY(priced);
    QVERIFY(std::isfinite(priced->capex()));
    QCOMPARE(o.cost->capex(), priced->capex());
    QVERIFY2(cost->text().contains(
                     QStringLiteral("Capital cost <b>%1</b>")
                             .arg(units::money(priced->capex(), QStringLiteral("USD")))),
             qPrintable(cost->text()));
    QVERIFY2(cost->text().contains(units::percent(priced->networkShare())),
             qPrintable(cost->text()));
    shoot(w, "cost.png");

    // Undone: the book leaves with it.
    w.document()->undoStack()->undo();
    QVERIFY(w.document()->catalog().prices().empty());
    QVERIFY(settled(w.analysis()));
    QVERIFY2(cost->text().contains(QStringLiteral("Capital cost: not stated")),
             qPrintable(cost->text()));

    // A bad book is refused whole, naming the file and the JSON path.
    const QString bad = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                                .filePath(QStringLiteral("tst_analysispanel-bad-prices.json"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"prices": {"switches": {"qm9700": -3}}})");
    }
    QVERIFY(!w.documents()->importPrices(bad));
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("errorMessage"))));
    QVERIFY2(box->informativeText().contains(bad + QStringLiteral(": /prices/switches/qm9700")),
             qPrintable(box->informativeText()));
    box->close();
    QFile::remove(book);
    QFile::remove(bad);
}

void TestAnalysisPanel::tpBeyondTheDomainIsOneStepAndWarns()
{
    MainWindow w;
    openSample(w);
    AnalysisDock *dock = w.analysisDock();
    QUndoStack *undo = w.document()->undoStack();
    const int steps = undo->count();
    const Plan before = *w.document()->project().plan;
    QVERIFY(!diagnostic(dock->diagnosticsList(), code::kTpCrossesNvlinkDomain));

    typeInto(dock->degreeBox(Dim::TP), 16);
    QCOMPARE(undo->count(), steps + 1); // "16" is one edit, not "1" then "16"
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Set TP to 16"));
    QCOMPARE(w.document()->project().plan->tp, 16);
    QVERIFY(w.analysis()->isBusy()); // the worker has it; the window goes on
    QVERIFY(settled(w.analysis()));
    QCOMPARE(w.analysis()->outcome()->result->plan.tp, 16);

    QListWidgetItem *warning = diagnostic(dock->diagnosticsList(), code::kTpCrossesNvlinkDomain);
    QVERIFY(warning);
    QVERIFY2(warning->text().contains(QStringLiteral("NVLink")), qPrintable(warning->text()));
    QTreeWidgetItem *tp = dock->groupsTable()->topLevelItem(0);
    QCOMPARE(tp->text(1), QStringLiteral("16 x 16"));
    QCOMPARE(tp->text(3), QStringLiteral("InfiniBand"));
    QCOMPARE(tp->text(4), QStringLiteral("16 of 16"));

    // On the canvas: the card says so in red, the TP group is outlined around its two
    // servers, and the bottleneck of each dimension is a link of the drawing.
    AnalysisOverlayController *overlays = w.overlays();
    const QList<GroupSummaryLine> card = overlays->card()->lines();
    QVERIFY(!card.isEmpty());
    QVERIFY2(card.first().text.startsWith(QStringLiteral("TP 16 x 16 \u00b7 InfiniBand")),
             qPrintable(card.first().text));
    QVERIFY(card.first().text.endsWith(QStringLiteral("leaves its NVLink domain")));
    QVERIFY(card.first().warning);
    QVERIFY(overlays->card()->isVisible());
    AnalysisOverlay *overlay = overlays->overlay();
    QVERIFY(overlay && overlay->scene() == w.scene());
    QRectF twoNodes;
    for (const std::string &node : w.analysis()->outcome()->result->dimension(Dim::TP)->worstNodes)
        twoNodes = twoNodes.united(
                w.scene()->itemForId(QString::fromStdString(node))->sceneBoundingRect());
    QVERIFY(overlay->groupOutline().contains(twoNodes));
    QCOMPARE(overlay->groupText(), QStringLiteral("TP group across 2 NVLink domains"));
    QVERIFY(!overlay->bottlenecks().isEmpty());
    for (const AnalysisOverlay::Bottleneck &b : overlay->bottlenecks()) {
        QVERIFY2(w.scene()->linkItem(b.id) || w.scene()->itemForId(b.id), qPrintable(b.id));
        QVERIFY2(b.text.contains(QStringLiteral("bottleneck")), qPrintable(b.text));
    }
    // View > Show Analysis on Canvas takes it all away, and back.
    QAction *show = w.findChild<QAction *>(QStringLiteral("showAnalysisAction"));
    QVERIFY(show && show->isChecked());
    show->trigger();
    QVERIFY(!overlays->card()->isVisible());
    QVERIFY(!overlay->isVisible());
    show->trigger();
    QVERIFY(overlays->card()->isVisible());
    QVERIFY(overlay->isVisible());
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        w.grab().save(QDir(dir).filePath(QStringLiteral("window-tp16.png")));

    // Clicking the warning selects the nodes it names.
    QListWidget *list = dock->diagnosticsList();
    list->scrollToItem(warning);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(warning).center());
    QVERIFY(!w.document()->selection().isEmpty());
    for (const QString &id : w.document()->selection())
        QVERIFY2(warning->data(Qt::UserRole).toStringList().contains(id), qPrintable(id));

    // Undo gives the plan back, and the analysis follows.
    undo->undo();
    QCOMPARE(*w.document()->project().plan, before);
    QCOMPARE(dock->degreeBox(Dim::TP)->value(), before.tp);
    QVERIFY(settled(w.analysis()));
    QVERIFY(!diagnostic(dock->diagnosticsList(), code::kTpCrossesNvlinkDomain));
}

void TestAnalysisPanel::invalidPlanSaysWhy()
{
    MainWindow w;
    openSample(w);
    AnalysisDock *dock = w.analysisDock();
    typeInto(dock->degreeBox(Dim::TP), 7); // 96 heads do not split 7 ways
    QVERIFY(settled(w.analysis()));
    const AnalysisOutcome &o = *w.analysis()->outcome();
    QVERIFY(!o.result);
    QVERIFY(o.invalidPlan);
    QVERIFY2(dock->headline()->text().startsWith(QStringLiteral("This plan cannot run")),
             qPrintable(dock->headline()->text()));
    QListWidgetItem *item = diagnostic(dock->diagnosticsList(), code::kPlanInvalid);
    QVERIFY(item);
    QVERIFY2(item->text().contains(QStringLiteral("tp"))
                     || item->text().contains(QStringLiteral("TP")),
             qPrintable(item->text()));
}

void TestAnalysisPanel::overtakenResultsAreDropped()
{
    MainWindow w;
    openSample(w);
    AnalysisController *c = w.analysis();
    c->setDebounce(0);
    QSignalSpy finished(c, &AnalysisController::finished);
    Document *doc = w.document();
    for (int tp : {1, 2, 4, 8, 4}) {
        Job job = ChangeJob::current(doc);
        job.plan->tp = tp;
        job.plan->dp = 0;
        doc->undoStack()->push(new ChangeJob(doc, job, QStringLiteral("tp")));
        c->analyzeNow(); // each edit starts a run at once; the worker is busy with the first
    }
    QVERIFY(settled(c));
    QVERIFY(!finished.isEmpty());
    // Whatever ran in between, what is shown is the last edit's analysis.
    QCOMPARE(c->outcome()->result->plan.tp, 4);
    const auto last = finished.last().first().value<AnalysisOutcome>();
    QCOMPARE(last.result->plan.tp, 4);
    QVERIFY(finished.size() < 5);
}

void TestAnalysisPanel::choosingAModelLeavesThePlanToTheUser()
{
    // Four DGX H100 on a rail-optimized fabric, no job yet.
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 4;
    o.fabric = FabricKind::RailOptimized;
    Expected<Project> bare = generateProject(o);
    QVERIFY(bare);
    bare->workload.reset();
    bare->plan.reset();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bare.topoplan"));
    QVERIFY(!saveProject(*bare, path.toStdString()));

    MainWindow w;
    QVERIFY(openAndSettle(w, path, kTimeoutMs));
    QVERIFY(w.analysis()->outcome()->noJob);
    AnalysisDock *dock = w.analysisDock();
    QVERIFY2(dock->headline()->text().contains(QStringLiteral("Choose a model")),
             qPrintable(dock->headline()->text()));
    QVERIFY(!dock->degreeBox(Dim::TP)->isEnabled());

    // The model alone: one step, no plan made up; the panel says what to do next.
    QSignalSpy applied(dock, &AnalysisDock::bestPlanApplied);
    QComboBox *model = dock->modelBox();
    const int index = model->findData(QStringLiteral("llama3-8b"));
    QVERIFY(index > 0);
    model->setCurrentIndex(index);
    Q_EMIT model->activated(index);
    QVERIFY(settled(w.analysis()));
    QVERIFY(!w.findChild<JobEditor *>()->isPlanning());
    QVERIFY(applied.isEmpty());
    const Project &p = w.document()->project();
    QVERIFY(p.workload);
    QVERIFY(!p.plan);
    QUndoStack *undo = w.document()->undoStack();
    QCOMPARE(undo->count(), 1);
    QCOMPARE(undo->text(0), QStringLiteral("Train llama3-8b"));
    QVERIFY2(dock->headline()->text().contains(QStringLiteral("find the best plan")),
             qPrintable(dock->headline()->text()));
    QVERIFY(dock->degreeBox(Dim::TP)->isEnabled());

    // The best plan when asked for: the planner's own, one more step.
    auto *best = w.findChild<QPushButton *>(QStringLiteral("bestPlanButton"));
    QVERIFY(best && best->isVisible() && best->isEnabled());
    QTest::mouseClick(best, Qt::LeftButton);
    QVERIFY(applied.wait(kTimeoutMs));
    Expected<Analyzer> a = Analyzer::create(bare->topology);
    QVERIFY(a);
    PlannerOptions options;
    options.top = 1;
    const PlannerResult planned = planJob(*a, *workloadPreset("llama3-8b"), {}, options);
    QVERIFY(!planned.plans.empty());
    QCOMPARE(*p.plan, planned.plans.front().plan);
    QCOMPARE(p.workload->training, planned.plans.front().workload.training);
    QCOMPARE(undo->count(), 2);
    QCOMPARE(undo->text(1), QStringLiteral("Apply Best Plan"));
    QVERIFY(settled(w.analysis()));
    QCOMPARE(w.analysis()->outcome()->result->step.tokensPerS,
             planned.plans.front().step.tokensPerS);
    QCOMPARE(dock->degreeBox(Dim::TP)->value(), planned.plans.front().plan.tp);
}

void TestAnalysisPanel::choosingAModelKeepsTheTemplatesPlan_data()
{
    QTest::addColumn<QString>("templateId");
    for (const ProjectTemplate &t : builtinTemplates())
        QTest::newRow(t.id.c_str()) << QString::fromStdString(t.id);
}

void TestAnalysisPanel::choosingAModelKeepsTheTemplatesPlan()
{
    // Every template states a plan; choosing another model keeps it, whether it runs well,
    // badly or not at all with that model: the planner runs only when asked.
    QFETCH(QString, templateId);
    const ProjectTemplate *t = findTemplate(templateId.toStdString());
    QVERIFY(t);
    Expected<Project> project = instantiate(*t);
    QVERIFY(project);
    QVERIFY(project->plan);
    const Plan stated = *project->plan;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("template.topoplan"));
    QVERIFY(!saveProject(*project, path.toStdString()));

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    w.openFile(path);
    QVERIFY(opened.wait(kTimeoutMs));
    AnalysisDock *dock = w.analysisDock();
    QSignalSpy applied(dock, &AnalysisDock::bestPlanApplied);
    QComboBox *model = dock->modelBox();
    for (const char *name : {"llama3-8b", "deepseek-v3"}) {
        if (project->workload && project->workload->model.name == name)
            continue;
        const int index = model->findData(QString::fromLatin1(name));
        QVERIFY(index > 0);
        model->setCurrentIndex(index);
        Q_EMIT model->activated(index);
        QVERIFY(!w.findChild<JobEditor *>()->isPlanning());
        QCOMPARE(w.document()->project().workload->model.name, std::string(name));
        QVERIFY(w.document()->project().plan);
        QCOMPARE(*w.document()->project().plan, stated);
        QCOMPARE(dock->degreeBox(Dim::TP)->value(), stated.tp);
        QCOMPARE(dock->degreeBox(Dim::PP)->value(), stated.pp);
    }
    QVERIFY(applied.isEmpty());
    QCOMPARE(w.document()->undoStack()->count(), 2);
}

void TestAnalysisPanel::fittedDiagramKeepsClearOfTheCard_data()
{
    QTest::addColumn<QSize>("window");
    QTest::newRow("wide") << QSize(1600, 1100);
    QTest::newRow("narrow") << QSize(1100, 1100);
    QTest::newRow("short") << QSize(1600, 800);
}

void TestAnalysisPanel::fittedDiagramKeepsClearOfTheCard()
{
    QFETCH(QSize, window);
    MainWindow w;
    openSample(w);
    w.resize(window);
    ClusterView *view = w.view();
    // A spine moved to the far right of its lane: the top right corner of the diagram, where
    // the card sits.
    QList<QGraphicsItem *> devices;
    for (QGraphicsItem *item : w.scene()->items()) {
        if (item->type() == NodeItemType || item->type() == SwitchItemType)
            devices.append(item);
    }
    QCOMPARE(devices.size(), 32 + 8 + 4);
    QGraphicsItem *spine = nullptr;
    double right = 0;
    for (QGraphicsItem *item : devices) {
        right = std::max(right, item->sceneBoundingRect().right());
        if (!spine || item->sceneBoundingRect().top() < spine->sceneBoundingRect().top()
            || (item->sceneBoundingRect().top() == spine->sceneBoundingRect().top()
                && item->x() > spine->x()))
            spine = item;
    }
    const QString spineId = static_cast<DiagramItem *>(spine)->id();
    const QRectF at = spine->sceneBoundingRect();
    w.document()->undoStack()->push(new MoveItems(
            w.document(), {spineId}, {QPointF(spine->x() + right - at.right(), spine->y())},
            MoveItems::newGesture()));
    QVERIFY(settled(w.analysis()));
    QVERIFY(w.overlays()->card()->isVisible());

    // Zoom to fit as the user asks for it, then look at where the devices landed.
    view->setFocus();
    QTest::keyClick(view, Qt::Key_0, Qt::ControlModifier);
    const QRect card
            = w.overlays()->card()->geometry().translated(-view->viewport()->geometry().topLeft());
    for (QGraphicsItem *item : devices) {
        const QRect drawn = view->mapFromScene(item->sceneBoundingRect()).boundingRect();
        QVERIFY2(!drawn.intersects(card),
                 qPrintable(QStringLiteral("%1 under the card at zoom %2")
                                    .arg(static_cast<DiagramItem *>(item)->id())
                                    .arg(view->zoom())));
        QVERIFY(view->viewport()->rect().contains(drawn));
    }
}

// Marking a leaf failed from its menu re-analyses in the background, routed around it, with
// the engine's own figures for the degraded design; undo gives the intact figures back. The
// N-1 dock ranks every element in a worker, as the engine does, and a row selects its element.
void TestAnalysisPanel::failedLeafReanalysesAndN1RanksIt()
{
    MainWindow w;
    openSample(w);
    Document *doc = w.document();
    const Project intact = doc->project();
    const double intactTokens = w.analysis()->outcome()->result->step.tokensPerS;
    std::string leaf;
    for (const Switch &s : intact.topology.switches) {
        if (s.tier == Tier::Leaf) {
            leaf = s.id;
            break;
        }
    }
    QVERIFY(!leaf.empty());

    std::unique_ptr<QMenu> menu(SelectTool::deviceMenu(doc, QString::fromStdString(leaf)));
    QAction *mark = menu->findChild<QAction *>(QStringLiteral("markFailedAction"));
    QVERIFY(mark);
    mark->trigger();
    QVERIFY(doc->project().topology.switchById(leaf)->failed);
    QVERIFY(settled(w.analysis()));
    shoot(w, "failures.png");
    Expected<Project> failed = withFailed(intact, {leaf});
    QVERIFY(failed);
    Expected<Analyzer> a = Analyzer::create(failed->topology);
    QVERIFY(a);
    Expected<AnalysisResult> expected = a->analyze(*intact.workload, *intact.plan);
    QVERIFY(expected);
    const AnalysisOutcome &o = *w.analysis()->outcome();
    QVERIFY(o.result);
    QCOMPARE(o.result->step.tokensPerS, expected->step.tokensPerS);
    QVERIFY(o.result->step.tokensPerS <= intactTokens);
    // The panel says what the figures leave out, by the name the canvas shows.
    const QString headline = w.analysisDock()->headline()->text();
    const std::string leafName = intact.topology.switchById(leaf)->name;
    QVERIFY(!leafName.empty() && leafName != leaf);
    QVERIFY2(headline.contains(QStringLiteral("What-if: %1 failed; routed around it, on the 256 "
                                              "GPUs left.")
                                       .arg(QString::fromStdString(leafName))),
             qPrintable(headline));
    doc->undoStack()->undo();
    QVERIFY(settled(w.analysis()));
    QCOMPARE(w.analysis()->outcome()->result->step.tokensPerS, intactTokens);
    QVERIFY(!w.analysisDock()->headline()->text().contains(QStringLiteral("What-if")));

    FailuresDock *dock = w.failuresDock();
    dock->show();
    dock->raise();
    QSignalSpy finished(dock, &FailuresDock::finished);
    QTest::mouseClick(dock->runButton(), Qt::LeftButton);
    QVERIFY(dock->isRunning() || finished.count() == 1); // the window goes on meanwhile
    QVERIFY(finished.count() == 1 || finished.wait(120000));
    QVERIFY(dock->result());
    Expected<N1Result> engine = analyzeN1(intact, doc->catalog(), *intact.workload, intact.plan);
    QVERIFY(engine);
    QCOMPARE(dock->result()->rows.size(), engine->rows.size());
    QTableWidget *table = dock->table();
    QVERIFY(table->rowCount() > 0);
    // By its name, as the canvas shows it, with the elements that cost the same after it
    // counted on its line; the id in the tool tip.
    const std::vector<N1Run> runs = sameCostRuns(*engine);
    QVERIFY(runs.front().count > 1); // the eight leaves of the unit, one for each rail
    QCOMPARE(table->item(0, 0)->text(),
             QString::fromStdString(displayName(intact.topology, engine->rows.front().element.id))
                     + QStringLiteral(" and %1 more").arg(runs.front().count - 1));
    QCOMPARE(table->item(0, 0)->toolTip(), QString::fromStdString(engine->rows.front().element.id));
    QVERIFY2(dock->summaryLabel()->text().contains(QStringLiteral("tokens/s intact")),
             qPrintable(dock->summaryLabel()->text()));
    table->selectRow(0);
    QCOMPARE(doc->selection(),
             QSet<QString>{QString::fromStdString(engine->rows.front().element.device)});
    shoot(w, "n1-failures.png");
}

// The training software, its overlaps and a mixture-of-experts model's layer layout are the
// user's to state in the window, not only in the file: each click is one undo step the engine
// re-analyses, and undo puts the file's value back.
void TestAnalysisPanel::softwareAndExpertsAreUndoableEdits()
{
    MainWindow w;
    openSample(w);
    JobEditor *job = w.analysisDock()->jobEditor();
    QUndoStack *undo = w.document()->undoStack();
    const Workload before = *w.document()->project().workload;
    QVERIFY(!before.training.tpCommOverlap);
    QVERIFY(!job->firstDenseLayersBox()->isVisible()); // a dense model: no experts row
    QVERIFY(!job->latentRow()->isVisible());           // nor latent attention
    const double tokensBefore = w.analysis()->outcome()->result->step.tokensPerS;

    QTest::mouseClick(job->tpOverlapBox(), Qt::LeftButton);
    QVERIFY(w.document()->project().workload->training.tpCommOverlap);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change Training Settings"));
    QVERIFY(settled(w.analysis()));
    // Re-analysed with the overlap: the chunked GEMMs and the hidden collectives change the
    // step (for GPT-3 at micro-batch 1 the 256-row chunks cost more than the overlap hides).
    QVERIFY(w.analysis()->outcome()->result->workload.training.tpCommOverlap);
    QVERIFY(w.analysis()->outcome()->result->step.tokensPerS != tokensBefore);

    // The software by keyboard, as a user picks a combo entry.
    QComboBox *software = job->softwareBox();
    software->setFocus();
    QTest::keyClick(software, Qt::Key_End);
    QCOMPARE(w.document()->project().workload->training.software,
             std::optional<Software>(Software::MegatronLM2021));
    undo->undo();
    undo->undo();
    QCOMPARE(*w.document()->project().workload, before);
    QVERIFY(!job->tpOverlapBox()->isChecked());
    QCOMPARE(software->currentIndex(), 0);

    // DeepSeek-V3: the experts row shows the preset's layout, and an edit of it is the
    // project's own model from then on.
    QComboBox *model = job->modelBox();
    const int deepseek = model->findData(QStringLiteral("deepseek-v3"));
    QVERIFY(deepseek > 0);
    model->setCurrentIndex(deepseek);
    Q_EMIT model->activated(deepseek);
    QVERIFY(QTest::qWaitFor([job] { return !job->isPlanning(); }, kTimeoutMs));
    QVERIFY(job->firstDenseLayersBox()->isVisible());
    QCOMPARE(job->firstDenseLayersBox()->value(), 3);
    QCOMPARE(job->sharedExpertsBox()->value(), 1);
    typeInto(job->firstDenseLayersBox(), 5);
    QCOMPARE(w.document()->project().workload->model.firstDenseLayers, 5);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change the Experts' Layers"));
    QVERIFY(model->currentText().endsWith(QStringLiteral("(project)")));

    // Its routing: 8 groups, the best 4 a token, sent per expert until the user picks DeepEP's
    // per-node dispatch in FP8 from the keyboard.
    QVERIFY(job->routingRow()->isVisible());
    QCOMPARE(job->routerGroupsBox()->currentData().toInt(), 8);
    QCOMPARE(job->routerGroupTopKBox()->value(), 4);
    QCOMPARE(job->routerGroupTopKBox()->minimum(), 1); // 8 experts fit in one group of 32
    QCOMPARE(job->routerGroupTopKBox()->maximum(), 8);
    QComboBox *dispatcher = job->dispatcherBox();
    QCOMPARE(dispatcher->currentIndex(), 0);
    dispatcher->setFocus();
    QTest::keyClick(dispatcher, Qt::Key_End);
    const TrainingSpec &picked = w.document()->project().workload->training;
    QCOMPARE(picked.moeDispatcher, MoeDispatcher::DeepEP);
    QVERIFY(picked.fp8Dispatch);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change Training Settings"));
    // No groups: every expert may be chosen, and undo puts 8 and 4 back.
    QComboBox *groups = job->routerGroupsBox();
    groups->setFocus();
    QTest::keyClick(groups, Qt::Key_Home);
    QCOMPARE(w.document()->project().workload->model.routerGroups, 0);
    QCOMPARE(w.document()->project().workload->model.routerGroupTopK, 0);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change the Expert Routing"));
    QCOMPARE(job->routerGroupTopKBox()->text(), QStringLiteral("all"));
    // 2 groups, a first choice: half of them, the least that holds 8 experts of 128 a group.
    QTest::keyClick(groups, Qt::Key_Down);
    QCOMPARE(w.document()->project().workload->model.routerGroups, 2);
    QCOMPARE(w.document()->project().workload->model.routerGroupTopK, 1);
    // Both routing edits in a row are one step, as typing in one field is.
    QCOMPARE(undo->text(undo->count() - 2), QStringLiteral("Change Training Settings"));
    undo->undo();
    QCOMPARE(w.document()->project().workload->model.routerGroups, 8);
    QCOMPARE(job->routerGroupTopKBox()->value(), 4);
    QCOMPARE(dispatcher->currentIndex(), 2);
    QVERIFY(w.document()->project().workload->training.fp8Dispatch);
    // Saved and read back, the file states what the window shows.
    const Workload routed = *w.document()->project().workload;
    QVERIFY(*workloadFromJson(JsonIn(toJson(routed), "routed.json")) == routed);

    // Its recompute modules, from the menu beside Selective: the norms as well is one undo
    // step, written in Megatron-Core's names; undo leaves the list unstated again.
    QToolButton *modules = job->recomputeModulesButton();
    QVERIFY(modules->isEnabled());
    const QList<QAction *> moduleActions = modules->menu()->actions();
    QCOMPARE(moduleActions.size(), 4);
    QVERIFY(moduleActions[0]->isChecked() && moduleActions[1]->isChecked());
    QVERIFY(!moduleActions[2]->isChecked() && !moduleActions[3]->isChecked());
    QVERIFY(!w.document()->project().workload->training.recomputeModules);
    QVERIFY(settled(w.analysis()));
    const double keptNorms = w.analysis()->outcome()->result->step.memory.totalGB;
    // The menu runs modal: pick "Norms" with the mouse once it shows.
    QTimer::singleShot(0, modules, [modules, action = moduleActions[2]] {
        QMenu *menu = modules->menu();
        if (QTest::qWaitFor([menu] { return menu->isVisible(); }, kTimeoutMs))
            QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
        menu->close();
    });
    modules->showMenu();
    const TrainingSpec &lean = w.document()->project().workload->training;
    QVERIFY(lean.recomputes(kRecomputeLayernorm));
    QCOMPARE(toJson(*w.document()->project().workload)["training"]["recompute_modules"].dump(),
             std::string(R"(["core_attn","mla_up_proj","layernorm"])"));
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change Training Settings"));
    QVERIFY(settled(w.analysis()));
    QVERIFY(w.analysis()->outcome()->result->step.memory.totalGB < keptNorms);
    undo->undo();
    QVERIFY(!w.document()->project().workload->training.recomputeModules);
    QVERIFY(!moduleActions[2]->isChecked());
    // Only selective recomputation has modules.
    QComboBox *recompute = job->recomputeBox();
    recompute->setFocus();
    QTest::keyClick(recompute, Qt::Key_End);
    QCOMPARE(w.document()->project().workload->training.recompute, Recompute::Full);
    QVERIFY(!modules->isEnabled());
    undo->undo();
    QVERIFY(modules->isEnabled());

    // Its latent attention: the row shows the preset's ranks; a narrower KV latent is one undo
    // step, and the re-analysis moves less over the tensor-parallel group.
    QVERIFY(job->latentRow()->isVisible());
    QCOMPARE(job->latentBox(0)->value(), 1536);
    QCOMPARE(job->latentBox(1)->value(), 512);
    QCOMPARE(job->latentBox(4)->value(), 128);
    QVERIFY(settled(w.analysis()));
    const double kvWide = w.analysis()->outcome()->result->step.tokensPerS;
    typeInto(job->latentBox(1), 256);
    QCOMPARE(w.document()->project().workload->model.mla->kvLoraRank, 256);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change the Latent Attention"));
    QVERIFY(settled(w.analysis()));
    QCOMPARE(w.analysis()->outcome()->result->workload.model.mla->kvLoraRank, 256);
    QVERIFY(w.analysis()->outcome()->result->step.tokensPerS != kvWide);
    if (qEnvironmentVariableIsSet("TOPOPLAN_SCREENSHOTS"))
        w.grab().save(QDir(qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"))
                              .filePath(QStringLiteral("job-editor.png")));
    undo->undo();
    QCOMPARE(job->latentBox(1)->value(), 512);
    QCOMPARE(w.document()->project().workload->model.mla->kvLoraRank, 512);
    // Back to a model without it: the row goes.
    model->setCurrentIndex(model->findData(QStringLiteral("llama3-70b")));
    Q_EMIT model->activated(model->currentIndex());
    QVERIFY(!job->latentRow()->isVisible());
}

// The GPUs of each NVLink domain that take ranks, and NVLink SHARP, are the job's to state in
// the window: one undo step each, which the engine re-analyses.
void TestAnalysisPanel::ranksPerDomainAndNvlsAreJobFields()
{
    MainWindow w;
    openSample(w);
    JobEditor *job = w.analysisDock()->jobEditor();
    QUndoStack *undo = w.document()->undoStack();
    const AnalysisResult before = *w.analysis()->outcome()->result;
    QCOMPARE(job->gpusPerDomainBox()->value(), 0);
    QCOMPARE(job->gpusPerDomainBox()->text(), QStringLiteral("all"));
    QVERIFY(job->nvlsBox()->isChecked());
    QVERIFY(!job->ibSharpBox()->isChecked());

    // 8 of each DGX's 8 GPUs: the same GPUs as before, now stated per domain.
    typeInto(job->gpusPerDomainBox(), 8);
    QCOMPARE(w.document()->project().plan->gpusPerDomain, 8);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Set GPUs per Domain to 8"));
    QVERIFY(settled(w.analysis()));
    const AnalysisResult &placed = *w.analysis()->outcome()->result;
    QCOMPARE(placed.plan.gpusPerDomain, 8);
    QCOMPARE(placed.gpus, before.gpus);
    QCOMPARE(placed.step.tokensPerS, before.step.tokensPerS);

    QTest::mouseClick(job->nvlsBox(), Qt::LeftButton);
    QVERIFY(!w.document()->project().workload->training.nvls);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change Training Settings"));
    QVERIFY(settled(w.analysis()));
    QVERIFY(!w.analysis()->outcome()->result->workload.training.nvls);

    undo->undo();
    undo->undo();
    QCOMPARE(w.document()->project().plan->gpusPerDomain, 0);
    QVERIFY(w.document()->project().workload->training.nvls);
    QCOMPARE(job->gpusPerDomainBox()->value(), 0);
    QVERIFY(job->nvlsBox()->isChecked());
}

// Activation offloading is typed into the job editor's offload box: it sets recomputation
// aside (Megatron-Core takes one or the other), the plan check says it wants pp = 1, and
// choosing a recomputation again takes the offload away. The job stays one the file accepts.
void TestAnalysisPanel::offloadingTakesTheRecomputationsPlace()
{
    MainWindow w;
    openSample(w);
    JobEditor *job = w.analysisDock()->jobEditor();
    QUndoStack *undo = w.document()->undoStack();
    const Workload before = *w.document()->project().workload;
    QCOMPARE(before.training.recompute, Recompute::Selective);
    QSpinBox *offload = job->offloadBox();
    QCOMPARE(offload->text(), QStringLiteral("none"));
    QCOMPARE(offload->maximum(), before.model.layers - 1);
    offload->setFocus();
    offload->selectAll();
    QTest::keyClicks(offload, QStringLiteral("12"));
    QTest::keyClick(offload, Qt::Key_Return);
    const TrainingSpec &t = w.document()->project().workload->training;
    QCOMPARE(t.offloadLayers, 12);
    QCOMPARE(t.recompute, Recompute::None);
    QCOMPARE(job->recomputeBox()->currentData().toInt(), int(Recompute::None));
    QVERIFY(workloadFromJson(JsonIn(toJson(*w.document()->project().workload), "job")).ok());
    // The sample runs GPT-3 at pp = 8: the analysis says what is wrong instead of a result.
    QVERIFY(settled(w.analysis()));
    QVERIFY(!w.analysis()->outcome()->result);
    QVERIFY(w.analysis()->outcome()->error);
    QVERIFY2(QString::fromStdString(w.analysis()->outcome()->error->message)
                     .contains(QStringLiteral("without pipeline parallelism")),
             w.analysis()->outcome()->error->message.c_str());

    // Selective recomputation again, picked from the box: the offload goes.
    QComboBox *recompute = job->recomputeBox();
    recompute->setFocus();
    QTest::keyClick(recompute, Qt::Key_Down);
    QCOMPARE(recompute->currentData().toInt(), int(Recompute::Selective));
    QCOMPARE(w.document()->project().workload->training.recompute, Recompute::Selective);
    QCOMPARE(w.document()->project().workload->training.offloadLayers, 0);
    QCOMPARE(offload->value(), 0);
    QVERIFY(settled(w.analysis()));
    QVERIFY(w.analysis()->outcome()->result);

    while (*w.document()->project().workload != before && undo->canUndo())
        undo->undo();
    QCOMPARE(*w.document()->project().workload, before);
    QCOMPARE(offload->value(), 0);
}

// Sequence parallelism and the distributed optimizer are the job's to turn off; the Groups
// table then shows what the all-reduces run as (NVLS in a DGX H100) and at what bandwidth.
// FP8's scaling is the precision box's third entry.
void TestAnalysisPanel::groupsShowTheAlgorithmTheJobRunsAs()
{
    MainWindow w;
    openSample(w);
    JobEditor *job = w.analysisDock()->jobEditor();
    QUndoStack *undo = w.document()->undoStack();
    const Workload before = *w.document()->project().workload;
    QVERIFY(job->sequenceParallelBox()->isChecked());
    QVERIFY(job->distributedOptimizerBox()->isChecked());
    QTreeWidgetItem *tp = w.analysisDock()->groupsTable()->topLevelItem(0);
    QVERIFY2(!tp->text(2).contains(QStringLiteral("NVLS")), qPrintable(tp->text(2)));

    QTest::mouseClick(job->sequenceParallelBox(), Qt::LeftButton);
    QVERIFY(!w.document()->project().workload->training.sequenceParallel);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Change Training Settings"));
    QVERIFY(settled(w.analysis()));
    const DimensionResult &reduced = w.analysis()->outcome()->result->dimensions.front();
    QCOMPARE(reduced.bulk.algorithm, CollectiveAlgorithm::Nvls);
    tp = w.analysisDock()->groupsTable()->topLevelItem(0);
    QCOMPARE(tp->text(2), units::bandwidth(reduced.bulk.busbwGBs) + QStringLiteral(" NVLS"));
    QVERIFY(reduced.bulk.busbwGBs > reduced.network.busbwGBs * 1.2);
    QVERIFY2(tp->toolTip(2).contains(units::bandwidth(reduced.network.busbwGBs)),
             qPrintable(tp->toolTip(2)));
    w.analysisDock()->raise();
    shoot(w, "groups-nvls.png");

    // FSDP brings the distributed optimizer with it, and goes when that goes: the job stays
    // one the file accepts.
    QTest::mouseClick(job->distributedOptimizerBox(), Qt::LeftButton);
    QVERIFY(!w.document()->project().workload->training.distributedOptimizer);
    QTest::mouseClick(job->fsdpBox(), Qt::LeftButton);
    QVERIFY(job->distributedOptimizerBox()->isChecked());
    QVERIFY(w.document()->project().workload->training.fsdp);
    QVERIFY(w.document()->project().workload->training.distributedOptimizer);
    QTest::mouseClick(job->distributedOptimizerBox(), Qt::LeftButton);
    QVERIFY(!job->fsdpBox()->isChecked());
    QVERIFY(!w.document()->project().workload->training.fsdp);
    QVERIFY(workloadFromJson(JsonIn(toJson(*w.document()->project().workload), "job")).ok());

    // FP8 with current scaling, picked from the precision box by keyboard.
    QComboBox *precision = job->findChild<QComboBox *>(QStringLiteral("precision"));
    QVERIFY(precision);
    precision->setFocus();
    QTest::keyClick(precision, Qt::Key_End);
    QCOMPARE(w.document()->project().workload->training.precision, Precision::FP8);
    QCOMPARE(w.document()->project().workload->training.fp8Scaling, Fp8Scaling::Current);
    QVERIFY(settled(w.analysis()));
    QCOMPARE(w.analysis()->outcome()->result->workload.training.fp8Scaling, Fp8Scaling::Current);

    while (*w.document()->project().workload != before && undo->canUndo())
        undo->undo();
    QVERIFY(job->sequenceParallelBox()->isChecked());
    QCOMPARE(precision->currentText(), QStringLiteral("BF16"));
}

QTEST_MAIN(TestAnalysisPanel)
#include "tst_analysispanel.moc"
