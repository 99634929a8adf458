#include "app/analysis/analysiscontroller.h"

#include "app/document/document.h"

#include "engine/plan/diagnostics.h"

#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace topoplan {

namespace {

constexpr int kDebounceMs = 30;

} // namespace

// The worker's half: it reads only its own copies.
AnalysisController::Run AnalysisController::run(quint64 generation, Project project,
                                                std::shared_ptr<const Catalog> catalog,
                                                std::shared_ptr<const Analyzer> previous)
{
    const auto start = std::chrono::steady_clock::now();
    Run r;
    AnalysisOutcome &out = r.outcome;
    out.generation = generation;
    r.analyzer = std::move(previous);
    if (!r.analyzer || !(r.analyzer->topology() == project.topology)) {
        Expected<Analyzer> created = Analyzer::create(project.topology, *catalog);
        if (created)
            r.analyzer = std::make_shared<const Analyzer>(std::move(*created));
        else {
            out.error = created.error();
            r.analyzer.reset();
        }
    }
    if (r.analyzer) {
        out.gpus = r.analyzer->gpuCount();
        out.domainSize = r.analyzer->domainSize();
        if (Expected<TopologySummary> s = summarize(project.topology, *catalog))
            out.summary = *s;
        if (!project.workload || !project.plan) {
            out.noJob = true;
        } else if (Expected<AnalysisResult> result
                   = r.analyzer->analyze(*project.workload, *project.plan)) {
            out.result = std::move(*result);
        } else {
            out.error = result.error();
            // Refused for the GPUs its ranks run on, as analyze() counts them.
            const int rankGpus
                    = static_cast<int>(r.analyzer->rankGpus(project.plan->gpusPerDomain).size());
            out.invalidPlan = planInvalid(result.error(),
                                          planRefusal(*project.plan, *project.workload, rankGpus));
        }
    }
    if (r.analyzer) {
        const double tokensPerS = out.result ? out.result->step.tokensPerS : DesignCost::kNaN;
        if (Expected<DesignCost> cost = designCost(project, *catalog, tokensPerS))
            out.cost = std::move(*cost);
        if (Expected<DesignGrowth> growth = designGrowth(project, *catalog))
            out.growth = std::move(*growth);
    }
    out.workerMs
            = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                      .count();
    return r;
}

AnalysisOutcome analyzeProject(const Project &project, const Catalog &catalog)
{
    return AnalysisController::run(0, project, std::make_shared<const Catalog>(catalog), nullptr)
            .outcome;
}

AnalysisController::AnalysisController(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<AnalysisOutcome>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &AnalysisController::analyzeNow);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &AnalysisController::onFinished);
}

AnalysisController::~AnalysisController()
{
    m_watcher.waitForFinished();
}

std::optional<DesignReport> AnalysisController::currentReport() const
{
    if (!m_outcome || !m_outcome->result || !m_outcome->summary || !m_document)
        return std::nullopt;
    return reportOf(m_document->displayName().toStdString(), *m_outcome->summary,
                    m_outcome->domainSize, *m_outcome->result);
}

bool AnalysisController::pinBaseline()
{
    std::optional<DesignReport> report = currentReport();
    if (!report)
        return false;
    m_baseline = Baseline{QString::fromStdString(report->name), std::move(*report),
                          QDateTime::currentDateTime()};
    Q_EMIT baselineChanged();
    return true;
}

void AnalysisController::unpinBaseline()
{
    if (!m_baseline)
        return;
    m_baseline.reset();
    Q_EMIT baselineChanged();
}

std::optional<DesignDelta> AnalysisController::baselineDelta() const
{
    const std::optional<DesignReport> current = currentReport();
    if (!m_baseline || !current)
        return std::nullopt;
    return deltaOf(*current, m_baseline->report);
}

void AnalysisController::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_outcome.reset();
    m_resetGeneration = ++m_generation;
    m_analyzer.reset(); // another document: another topology and catalog
    if (!document)
        return;
    connect(document, &Document::changed, this, &AnalysisController::onChanged);
    schedule();
}

void AnalysisController::onChanged(const ChangeEvent &event)
{
    switch (event.kind) {
    case ChangeEvent::LayoutChanged:
    case ChangeEvent::SelectionChanged:
        return; // the engine ignores positions
    case ChangeEvent::ProjectReset:
    case ChangeEvent::CatalogChanged: // the same topology may route at other figures
        m_analyzer.reset();
        m_resetGeneration = m_generation + 1;
        break;
    default:
        break;
    }
    ++m_generation;
    schedule();
}

void AnalysisController::schedule()
{
    if (!m_sinceEdit.isValid() || !isBusy())
        m_sinceEdit.start();
    m_debounce.start();
}

void AnalysisController::analyzeNow()
{
    m_debounce.stop();
    if (!m_document)
        return;
    if (m_running) {
        m_pending = true; // onFinished() starts the newest state
        return;
    }
    m_pending = false;
    m_running = true;
    Q_EMIT started();
    m_watcher.setFuture(
            QtConcurrent::run(&AnalysisController::run, m_generation, m_document->project(),
                              std::make_shared<const Catalog>(m_document->catalog()), m_analyzer));
}

void AnalysisController::onFinished()
{
    m_running = false;
    Run r = m_watcher.result();
    if (r.outcome.generation >= m_resetGeneration)
        m_analyzer = r.analyzer;
    if (m_pending || r.outcome.generation != m_generation) {
        analyzeNow(); // stale: the document changed while the worker ran
        return;
    }
    m_lastLatencyMs = m_sinceEdit.isValid() ? m_sinceEdit.nsecsElapsed() / 1e6 : 0;
    m_sinceEdit.invalidate();
    m_outcome = std::move(r.outcome);
    Q_EMIT finished(*m_outcome);
}

} // namespace topoplan
