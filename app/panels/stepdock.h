#pragma once

#include "engine/perf/perfmodel.h"

#include <QDockWidget>
#include <QList>
#include <QString>

class QChart;
class QChartView;
class QLabel;
class QPalette;

namespace topoplan {

class AnalysisController;
struct AnalysisOutcome;

// One bar of a step-time chart: a design's (or plan's) step, its exposed parts stacked.
struct StepBar
{
    QString label;
    StepEstimate step;
};

// The step-time chart: one horizontal bar per entry with compute, the optimizer, each
// parallel dimension's exposed communication (TP, CP, EP, PP, DP) and the pipeline bubble
// stacked to the step time; with `hidden`, a second bar under each shows the communication
// that runs behind compute (CP, PP, DP), which costs nothing now and would show were the
// overlap lost. Seconds or milliseconds, whichever reads. Used by the Step Time panel (the
// current plan, and the pinned baseline beside it) and wherever designs are set side by side.
void showStepBars(QChart *chart, const QList<StepBar> &bars, bool hidden, const QPalette &palette);

// The current plan's step as a chart, with the baseline's step beside it while one is pinned:
// the figure that says why one design wins. Redrawn after each analysis.
class StepDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit StepDock(AnalysisController *controller, QWidget *parent = nullptr);

    QChart *chart() const;
    QChartView *chartView() const { return m_view; }
    QLabel *summaryLabel() const { return m_summary; }

private:
    void refresh();

    AnalysisController *m_controller;
    QChartView *m_view;
    QLabel *m_summary;
};

} // namespace topoplan
