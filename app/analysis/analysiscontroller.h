#pragma once

#include "app/common/changeevent.h"
#include "app/document/document.h"

#include "engine/core/error.h"
#include "engine/document/cost.h"
#include "engine/document/growth.h"
#include "engine/explore/compare.h"
#include "engine/model/summary.h"
#include "engine/plan/analysis.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

namespace topoplan {

// What one analysis of the document gave.
struct AnalysisOutcome
{
    quint64 generation = 0; // which edit it belongs to
    std::optional<AnalysisResult> result;
    // Why there is no result: no workload or plan yet, a topology the engine cannot expand,
    // or an invalid plan (the engine's message; `invalidPlan` then holds its diagnostic).
    std::optional<Error> error;
    std::optional<Diagnostic> invalidPlan;
    bool noJob = false;
    int gpus = 0;
    int domainSize = 0;
    std::optional<TopologySummary> summary; // what the topology holds, for deltas
    // What the design costs and draws (at the result's tokens/s, when there is one) and how far
    // it grows: the same engine figures as analyze --json.
    std::optional<DesignCost> cost;
    std::optional<DesignGrowth> growth;
    double workerMs = 0; // how long the engine took
};

// The analysis of `project`'s job, here and now (what the controller's worker runs): for
// exports from the command line, which have no event loop to wait in.
AnalysisOutcome analyzeProject(const Project &project, const Catalog &catalog);

// Runs the engine's analysis of the document's job in a worker thread, so the UI thread never
// waits: each edit of the topology or the job (not of the layout or the selection) schedules a
// run after a short debounce that coalesces bursts of edits; a run whose document has changed
// since is dropped, and the newest state is analysed when the worker is free. The Analyzer
// (fabric graph and routing cache) is kept while the topology and catalog stay the same, so an
// edit of the plan re-routes only new group layouts.
class AnalysisController : public QObject
{
    Q_OBJECT

public:
    explicit AnalysisController(QObject *parent = nullptr);
    ~AnalysisController() override;

    void setDocument(Document *document);
    Document *document() const { return m_document; }
    void setDebounce(int milliseconds) { m_debounce.setInterval(milliseconds); }

    // The newest result that matches the document; none before the first run ends.
    const std::optional<AnalysisOutcome> &outcome() const { return m_outcome; }
    // An edit waits for its analysis (debouncing, or a worker run whose result is not in yet).
    bool isBusy() const { return m_debounce.isActive() || m_running; }
    // The Analyzer of the current topology, once a run has built it (for the planner).
    std::shared_ptr<const Analyzer> analyzer() const { return m_analyzer; }
    // Milliseconds from the edit to the result of the last run (debounce included).
    double lastLatencyMs() const { return m_lastLatencyMs; }

    // Analyses now, skipping the debounce.
    void analyzeNow();

    // A design to measure every edit against ("Pin as Baseline"): the current result, kept
    // across edits and across documents opened in this window until unpinned.
    struct Baseline
    {
        QString name;
        DesignReport report; // its `best` is the analysed plan
        QDateTime pinnedAt;
    };
    // Pins the current result; false (nothing pinned) before there is one.
    bool pinBaseline();
    void unpinBaseline();
    const std::optional<Baseline> &baseline() const { return m_baseline; }
    // The current result against the baseline, by the engine's deltaOf(); nullopt unless both
    // exist.
    std::optional<DesignDelta> baselineDelta() const;
    // The current result as a design report (for deltas and side-by-side charts).
    std::optional<DesignReport> currentReport() const;

Q_SIGNALS:
    void started();
    void finished(const topoplan::AnalysisOutcome &outcome);
    void baselineChanged();

private:
    void onChanged(const ChangeEvent &event);
    void schedule();
    void onFinished();

    QPointer<Document> m_document;
    QTimer m_debounce;
    struct Run
    {
        AnalysisOutcome outcome;
        std::shared_ptr<const Analyzer> analyzer;
    };
    friend AnalysisOutcome analyzeProject(const Project &, const Catalog &);
    static Run run(quint64 generation, Project project, std::shared_ptr<const Catalog> catalog,
                   std::shared_ptr<const Analyzer> previous);

    QFutureWatcher<Run> m_watcher;
    quint64 m_generation = 0;
    quint64 m_resetGeneration = 0; // runs started before it used another project's catalog
    bool m_pending = false;        // an edit arrived while the worker ran
    // From the worker's start to onFinished(), which may come after the worker has ended.
    bool m_running = false;
    std::shared_ptr<const Analyzer> m_analyzer;
    std::optional<AnalysisOutcome> m_outcome;
    std::optional<Baseline> m_baseline;
    QElapsedTimer m_sinceEdit;
    double m_lastLatencyMs = 0;
};

} // namespace topoplan

Q_DECLARE_METATYPE(topoplan::AnalysisOutcome)
