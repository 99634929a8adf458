#pragma once

#include "app/analysis/analysiscontroller.h"

#include "engine/plan/sweep.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointer>

class QLabel;
class QChart;
class QChartView;

namespace topoplan {

class Document;

// The TP sweep as a chart: tokens/s per GPU (and so per dollar) at every tensor-parallel
// width, with the rest of the plan re-planned (the planner's best at that width) and with it
// held, and a marker where TP outgrows the largest NVLink domain: the cliff the architect
// looks for. The engine's sweepTp() runs in a worker after each analysis, reusing the
// controller's Analyzer; a sweep that an edit overtook is dropped.
class SweepDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit SweepDock(AnalysisController *controller, QWidget *parent = nullptr);
    ~SweepDock() override;

    void setDocument(Document *document);
    bool isSweeping() const { return m_watcher.isRunning(); }
    // The last sweep shown; nullopt before the first or without a job.
    const std::optional<SweepResult> &sweep() const { return m_sweep; }
    QChart *chart() const;
    QLabel *summaryLabel() const { return m_summary; }
    bool hasBaselineSweep() const { return m_baselineSweep.has_value(); }

Q_SIGNALS:
    void swept();

private:
    void start();
    void onSwept();
    void showSweep(const SweepResult &s);
    void onBaselineChanged();
    void startBaselineSweep();
    void onBaselineSwept();

    AnalysisController *m_controller;
    QPointer<Document> m_document;
    QChartView *m_view;
    QLabel *m_summary;
    QFutureWatcher<SweepResult> m_watcher;
    quint64 m_generation = 0; // of the analysis the sweep in progress started from
    bool m_pending = false;
    bool m_shown = false; // on screen, not behind another dock's tab
    bool m_stale = false; // an analysis finished while it was not
    std::optional<SweepResult> m_sweep;
    quint64 m_sweepGeneration = 0; // of the analysis m_sweep belongs to
    // The sweep of the pinned baseline, drawn as a ghost line until it is unpinned.
    std::optional<SweepResult> m_baselineSweep;
    // A baseline pinned before its design's sweep was in: what its own sweep runs on.
    struct BaselineSource
    {
        std::shared_ptr<const Analyzer> analyzer;
        Workload workload;
        Plan plan;
    };
    std::optional<BaselineSource> m_baselineSource;
    QFutureWatcher<SweepResult> m_baselineWatcher;
    quint64 m_baselineGeneration = 0;      // counts pins and unpins
    quint64 m_baselineSweptGeneration = 0; // the pin the running baseline sweep is for
};

} // namespace topoplan
