// Pin as Baseline and the Step Time panel, driven through the real widgets: pin the sample,
// change the plan, and the analysis panel says the engine's delta against the pin; the Step
// Time chart sets the baseline's step beside the current one, with the hidden communication;
// the TP sweep draws the baseline as a ghost line; unpinning takes it all away.

#include "app/analysis/analysiscontroller.h"
#include "app/common/translations.h"
#include "app/export/chartexport.h"
#include "app/panels/analysisdock.h"
#include "app/panels/stepdock.h"
#include "app/panels/sweepdock.h"
#include "app/window/mainwindow.h"

#include "tests/app/apptest.h"
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kTimeoutMs = 30000;

QStringList categories(QChart *chart)
{
    for (QAbstractAxis *axis : chart->axes())
        if (auto *c = qobject_cast<QBarCategoryAxis *>(axis))
            return c->categories();
    return {};
}

} // namespace

class TestBaseline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { prepareApplication(); }

    void pinEditAndSeeTheDelta()
    {
        MainWindow w;
        w.resize(1600, 1100);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        AnalysisController *analysis = w.analysis();
        QSignalSpy analysed(analysis, &AnalysisController::finished);
        w.openTemplate(MainWindow::sampleTemplateId());
        QTRY_VERIFY_WITH_TIMEOUT(analysis->outcome() && analysis->outcome()->result, kTimeoutMs);

        // The Step Time panel: the sample's plan (tp 8, pp 8) has a bubble and hidden DP.
        StepDock *step = w.stepDock();
        QCOMPARE(categories(step->chart()),
                 (QStringList{QStringLiteral("This plan: hidden"), QStringLiteral("This plan")}));
        QVERIFY(step->summaryLabel()->text().contains(QStringLiteral("pipeline bubble")));
        QVERIFY(step->summaryLabel()->text().contains(QStringLiteral("behind compute")));
        auto *bars = qobject_cast<QHorizontalStackedBarSeries *>(step->chart()->series().value(0));
        QVERIFY(bars);
        // The stacked exposed parts add up to the step time.
        const StepEstimate &e = analysis->outcome()->result->step;
        double sum = 0;
        for (QBarSet *set : bars->barSets())
            sum += set->at(1); // category 1: "This plan"
        const double unit = e.stepTimeS < 1 ? 1e3 : 1;
        QVERIFY(qAbs(sum - e.stepTimeS * unit) < 1e-6 * e.stepTimeS * unit);

        // Show the sweep so the ghost has a sweep to copy.
        SweepDock *sweep = w.sweepDock();
        QSignalSpy swept(sweep, &SweepDock::swept);
        sweep->raise();
        QVERIFY(swept.wait(kTimeoutMs));

        // Pin through the button.
        AnalysisDock *dock = w.analysisDock();
        dock->raise();
        QTest::mouseClick(dock->pinBaselineButton(), Qt::LeftButton);
        QVERIFY(analysis->baseline());
        QVERIFY(dock->baselineLabel()->isVisible());
        QVERIFY(dock->baselineLabel()->text().contains(QStringLiteral("+0 switches")));
        QVERIFY(sweep->hasBaselineSweep());

        // Halve the pipeline: TP 8 PP 4, typed into the plan's PP box.
        auto *pp = dock->findChild<QSpinBox *>(QStringLiteral("pp"));
        QVERIFY(pp);
        analysed.clear();
        pp->selectAll();
        QTest::keyClicks(pp, QStringLiteral("4"));
        QTest::keyClick(pp, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(analysis->outcome() && analysis->outcome()->result
                                         && analysis->outcome()->result->plan.pp == 4,
                                 kTimeoutMs);
        const std::optional<DesignDelta> delta = analysis->baselineDelta();
        QVERIFY(delta);
        QVERIFY(delta->tokensPerSPercent);
        QVERIFY(*delta->tokensPerSPercent != 0);
        QTRY_VERIFY(dock->baselineLabel()->text().contains(QString::fromStdString(delta->text)));
        QVERIFY(dock->baselineLabel()->text().contains(QStringLiteral("% tokens/s")));
        // The step chart: the baseline's bars beside this plan's.
        QTRY_COMPARE(categories(step->chart()).size(), 4);
        QCOMPARE(categories(step->chart()).first(), QStringLiteral("Baseline: hidden"));
        // The sweep: a ghost line named for the baseline.
        step->raise();
        sweep->raise();
        QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    for (QAbstractSeries *s : sweep->chart()->series())
                        if (s->name() == QStringLiteral("Baseline: best plan"))
                            return true;
                    return false;
                }(),
                kTimeoutMs);

        if (const QByteArray shots = qgetenv("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty()) {
            const QString dir = QString::fromLocal8Bit(shots) + QLatin1Char('/');
            exportChart(step->chartView(), dir + QStringLiteral("steptime.png"),
                        QStringLiteral("Step time"));
            dock->raise();
            QApplication::processEvents();
            w.grab().save(dir + QStringLiteral("baseline.png"));
        }

        // Unpin: the line, the ghost and the baseline bars go.
        dock->raise();
        QTest::mouseClick(dock->pinBaselineButton(), Qt::LeftButton);
        QVERIFY(!analysis->baseline());
        QVERIFY(!dock->baselineLabel()->isVisible());
        QVERIFY(!sweep->hasBaselineSweep());
        QCOMPARE(categories(step->chart()).size(), 2);
    }

    void pinnedBeforeTheSweepGetsItsGhost()
    {
        // Pinned while the TP Sweep's tab is behind another: no sweep of the design yet.
        MainWindow w;
        w.resize(1600, 1100);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        AnalysisController *analysis = w.analysis();
        AnalysisDock *dock = w.analysisDock();
        dock->raise();
        w.openTemplate(MainWindow::sampleTemplateId());
        QTRY_VERIFY_WITH_TIMEOUT(analysis->outcome() && analysis->outcome()->result, kTimeoutMs);
        SweepDock *sweep = w.sweepDock();
        QVERIFY(!sweep->sweep());
        QTest::mouseClick(dock->pinBaselineButton(), Qt::LeftButton);
        QVERIFY(analysis->baseline());

        // An edit, then the sweep's tab: the design's line and the baseline's ghost.
        auto *pp = dock->findChild<QSpinBox *>(QStringLiteral("pp"));
        QVERIFY(pp);
        pp->selectAll();
        QTest::keyClicks(pp, QStringLiteral("4"));
        QTest::keyClick(pp, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(analysis->outcome() && analysis->outcome()->result
                                         && analysis->outcome()->result->plan.pp == 4,
                                 kTimeoutMs);
        sweep->raise();
        QTRY_VERIFY_WITH_TIMEOUT(sweep->hasBaselineSweep(), kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(sweep->sweep().has_value(), kTimeoutMs);
        QLineSeries *ghost = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    for (QAbstractSeries *s : sweep->chart()->series())
                        if (s->name() == QStringLiteral("Baseline: best plan"))
                            ghost = qobject_cast<QLineSeries *>(s);
                    return ghost != nullptr;
                }(),
                kTimeoutMs);
        // The ghost: the pinned design's best plan at each width it can run (1 to 8 at least).
        QVERIFY(ghost->count() >= 3);
        if (const QByteArray shots = qgetenv("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty())
            w.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/baseline-early.png"));
    }
};

QTEST_MAIN(TestBaseline)
#include "tst_baseline.moc"
