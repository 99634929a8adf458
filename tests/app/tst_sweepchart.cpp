// The TP sweep chart: after the sample is analysed, the chart holds the engine's own sweep
// (best plan and held plan per width, in thousands of tokens/s), marks the NVLink domain's edge
// and says how much is lost where TP leaves it; an edit of the job sweeps again.

#include "app/analysis/analysiscontroller.h"
#include "app/common/translations.h"
#include "app/document/document.h"
#include "app/document/jobcommands.h"
#include "app/panels/sweepdock.h"
#include "app/window/mainwindow.h"

#include "engine/plan/sweep.h"

#include "tests/app/apptest.h"
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QLabel>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>
#include <QUndoStack>
#include <QValueAxis>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kTimeoutMs = 30000;

QLineSeries *series(QChart *chart, int index)
{
    return qobject_cast<QLineSeries *>(chart->series().value(index));
}

} // namespace

class TestSweepChart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void chartHoldsTheEnginesSweep();
};

void TestSweepChart::initTestCase()
{
    prepareApplication();
}

void TestSweepChart::chartHoldsTheEnginesSweep()
{
    MainWindow w;
    w.resize(1600, 1100);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    SweepDock *dock = w.sweepDock();
    QSignalSpy swept(dock, &SweepDock::swept);
    QSignalSpy analysed(w.analysis(), &AnalysisController::finished);
    w.openTemplate(MainWindow::sampleTemplateId());
    // Behind the Analysis tab the sweep waits: no planner runs for a chart nobody sees.
    QVERIFY(analysed.wait(kTimeoutMs));
    QTest::qWait(100);
    QCOMPARE(swept.count(), 0);
    QVERIFY(!dock->isSweeping());
    // Clicking its tab runs it.
    QTabBar *tabs = nullptr;
    int tab = -1;
    for (QTabBar *bar : w.findChildren<QTabBar *>()) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabText(i) == dock->windowTitle()) {
                tabs = bar;
                tab = i;
            }
        }
    }
    QVERIFY(tabs);
    QTest::mouseClick(tabs, Qt::LeftButton, {}, tabs->tabRect(tab).center());
    QVERIFY(swept.count() == 1 || swept.wait(kTimeoutMs));
    QVERIFY(dock->sweep());

    // The engine's sweep of the same job.
    const Project &p = w.document()->project();
    Expected<Analyzer> a = Analyzer::create(p.topology);
    QVERIFY(a);
    const SweepResult expected = sweepTp(*a, *p.workload, *p.plan);
    QCOMPARE(dock->sweep()->rows.size(), expected.rows.size());
    QCOMPARE(dock->sweep()->domainSize, 8);

    QChart *chart = dock->chart();
    QCOMPARE(chart->series().size(), 3);
    QLineSeries *best = series(chart, 0);
    QLineSeries *held = series(chart, 1);
    QLineSeries *domain = series(chart, 2);
    QVERIFY(best && held && domain);
    int bestPoints = 0;
    for (const SweepRow &row : expected.rows) {
        if (!row.best)
            continue;
        const QPointF point = best->at(bestPoints++);
        QCOMPARE(point.x(), double(row.tp));
        // In the unit figure.h chooses for the top: tokens/s below a million, "M tokens/s" up.
        QCOMPARE(point.y(), row.best->step.tokensPerS);
    }
    auto *y = qobject_cast<QValueAxis *>(chart->axes(Qt::Vertical).value(0));
    QVERIFY(y);
    QCOMPARE(y->labelFormat(), QStringLiteral("%.0f tokens/s")); // not "%.0fk"
    // Room for the cliff, and the dock can be detached.
    QVERIFY(dock->features().testFlag(QDockWidget::DockWidgetFloatable));
    QVERIFY2(dock->height() >= w.height() * 35 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(dock->height()).arg(w.height())));
    QCOMPARE(best->count(), bestPoints);
    QVERIFY(held->count() > 0);
    QCOMPARE(domain->at(0).x(), 8.0); // the domain's edge
    QCOMPARE(domain->name(), QStringLiteral("NVLink domain: 8 GPUs"));
    const QString summary = dock->summaryLabel()->text();
    QVERIFY2(summary.contains(QStringLiteral("TP 16 leaves the 8-GPU NVLink domain")),
             qPrintable(summary));
    // Where "this plan, TP changed" has no point, the summary says why, width by width.
    int heldMissing = 0;
    for (const SweepRow &row : expected.rows)
        heldMissing += !row.held || !row.held->step.memory.fits;
    QCOMPARE(held->count(), int(expected.rows.size()) - heldMissing);
    if (heldMissing > 0) {
        QVERIFY2(summary.contains(QStringLiteral("This plan has no point at TP ")),
                 qPrintable(summary));
    }

    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty()) {
        dock->show();
        dock->raise();
        QTest::qWait(50);
        dock->grab().save(QDir(dir).filePath(QStringLiteral("sweep.png")));
    }

    // Holding PP 4 instead of 8 changes the held line; the sweep follows the edit.
    swept.clear();
    Job job = ChangeJob::current(w.document());
    job.plan->pp = 4;
    job.plan->dp = 0;
    w.document()->undoStack()->push(new ChangeJob(w.document(), job, QStringLiteral("PP")));
    QVERIFY(swept.wait(kTimeoutMs));
    const SweepResult changed = sweepTp(*a, *p.workload, *w.document()->project().plan);
    QVERIFY(dock->sweep()->rows.front().held);
    QCOMPARE(dock->sweep()->rows.front().held->plan.pp, 4);
    QCOMPARE(dock->sweep()->rows.front().held->step.tokensPerS,
             changed.rows.front().held->step.tokensPerS);
}

QTEST_MAIN(TestSweepChart)
#include "tst_sweepchart.moc"
