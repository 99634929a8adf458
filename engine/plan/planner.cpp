#include "engine/plan/planner.h"

#include "engine/perf/memorymodel.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <tuple>

namespace topoplan {

namespace {

bool isPowerOfTwo(int v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

// Orders ties: smaller degrees and lighter recomputation first.
auto tieKey(const PlanCandidate &c)
{
    const TrainingSpec &t = c.workload.training;
    return std::make_tuple(c.plan.tp, c.plan.pp, c.plan.cp, c.plan.ep, t.microBatch, t.interleave,
                           static_cast<int>(t.recompute));
}

} // namespace

bool canRun(const StepEstimate &s)
{
    return std::isfinite(s.tokensPerS) && s.tokensPerS > 0 && std::isfinite(s.stepTimeS)
           && s.stepTimeS > 0;
}

bool canRun(const AnalysisResult &r)
{
    return canRun(r.step)
           && std::none_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic &d) {
                  return d.code == std::string_view(code::kNoPath);
              });
}

std::vector<int> candidateDegrees(int room, int splits)
{
    std::vector<int> out;
    for (int d = 1; d <= room; ++d) {
        if (room % d == 0 && (isPowerOfTwo(d) || (splits > 0 && splits % d == 0)))
            out.push_back(d);
    }
    return out;
}

namespace {

// Enumerates the plans of one job on one cluster, keeping those that are valid and fit.
class Enumerator
{
public:
    Enumerator(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
               const PlannerOptions &options)
        : m_a(a)
        , m_w(w)
        , m_sw(sw)
        , m_options(options)
    {}

    void run();
    bool cancelled() const
    {
        if (m_options.cancel && m_options.cancel->load())
            m_tally.cancelled = true;
        return m_tally.cancelled;
    }
    std::vector<PlanCandidate> &candidates() { return m_out; }
    const PlannerResult &tally() const { return m_tally; }

private:
    void degrees(int tp, int cp, int pp);
    void knobs(const Plan &p);

    const Analyzer &m_a;
    const Workload &m_w;
    const SoftwareModel &m_sw;
    const PlannerOptions &m_options;
    mutable PlannerResult m_tally;
    std::vector<PlanCandidate> m_out;
};

void Enumerator::run()
{
    const int gpus = m_a.gpuCount();
    const ModelSpec &m = m_w.model;
    const std::vector<int> tps
            = m_options.tp ? std::vector<int>{*m_options.tp} : candidateDegrees(gpus, m.heads);
    for (int tp : tps) {
        if (tp < 1 || gpus % tp != 0)
            continue;
        for (int cp : candidateDegrees(gpus / tp, m.seq / 2)) {
            // Stages may differ by a layer, so any divisor of the GPUs left will do.
            const int room = gpus / (tp * cp);
            for (int pp : candidateDegrees(room, room)) {
                if (cancelled())
                    return;
                degrees(tp, cp, pp);
            }
        }
    }
}

void Enumerator::degrees(int tp, int cp, int pp)
{
    const ModelSpec &m = m_w.model;
    Plan p;
    p.tp = tp;
    p.cp = cp;
    p.pp = pp;
    p.dp = m_a.gpuCount() / (tp * cp * pp);
    p.order = m_options.order;
    const std::vector<int> eps
            = m.isMoe() ? candidateDegrees(p.dp * cp, m.experts) : std::vector<int>{1};
    for (int ep : eps) {
        p.ep = ep;
        knobs(p);
    }
}

// Micro-batch, interleave and recompute for one set of degrees. A recompute mode that changes
// nothing (selective with fused attention keeps what none keeps) is not listed twice.
void Enumerator::knobs(const Plan &p)
{
    const ModelSpec &m = m_w.model;
    const GpuModel &gpu = m_a.gpuModel();
    std::optional<PlanNetwork> net;
    for (int mb = 1; mb <= PlannerOptions::kMaxMicroBatch; ++mb) {
        for (int v = 1; v <= PlannerOptions::kMaxInterleave; ++v) {
            if (v > 1 && (p.pp == 1 || m.layers % p.pp != 0 || (m.layers / p.pp) % v != 0))
                continue;
            const std::size_t first = m_out.size();
            for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
                ++m_tally.considered;
                Workload w = m_w;
                w.training.microBatch = mb;
                w.training.interleave = v;
                w.training.recompute = rc;
                if (validatePlan(p, w, m_a.gpuCount()))
                    continue;
                ++m_tally.valid;
                if (!estimateMemory(w, p, gpu, m_sw, m_a.hostMemoryGBPerGpu()).fits)
                    continue;
                ++m_tally.fitting;
                if (!net)
                    net = m_a.network(p);
                StepEstimate step = estimateStep(w, p, gpu, *net, m_sw);
                const bool same = std::any_of(
                        m_out.begin() + first, m_out.end(), [&](const PlanCandidate &c) {
                            return c.step.stepTimeS == step.stepTimeS
                                   && c.step.memory.totalGB == step.memory.totalGB;
                        });
                if (!same)
                    m_out.push_back({std::move(w), p, std::move(step)});
            }
        }
    }
}

} // namespace

std::vector<PlanCandidate> rankPlans(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                                     const PlannerOptions &options, PlannerResult *counts)
{
    Enumerator e(a, w, sw, options);
    e.run();
    std::vector<PlanCandidate> &out = e.candidates();
    // Plans that cannot run go last: their figures (0, or not a number) say nothing, and a
    // NaN would break the ordering.
    std::stable_sort(out.begin(), out.end(), [](const PlanCandidate &x, const PlanCandidate &y) {
        const bool xRuns = canRun(x.step), yRuns = canRun(y.step);
        if (xRuns != yRuns)
            return xRuns;
        if (xRuns && x.step.tokensPerS != y.step.tokensPerS)
            return x.step.tokensPerS > y.step.tokensPerS;
        return tieKey(x) < tieKey(y);
    });
    if (counts)
        *counts = e.tally();
    return std::move(out);
}

PlannerResult planJob(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                      const PlannerOptions &options)
{
    PlannerResult result;
    const std::vector<PlanCandidate> ranked = rankPlans(a, w, sw, options, &result);
    for (const PlanCandidate &c : ranked) {
        if (static_cast<int>(result.plans.size()) >= options.top)
            break;
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            break;
        }
        Expected<AnalysisResult> r = a.analyze(c.workload, c.plan, sw);
        if (r)
            result.plans.push_back(std::move(*r));
    }
    const auto cannot = std::stable_partition(result.plans.begin(), result.plans.end(),
                                              [](const AnalysisResult &r) { return canRun(r); });
    result.runnable = static_cast<int>(cannot - result.plans.begin());
    return result;
}

} // namespace topoplan
