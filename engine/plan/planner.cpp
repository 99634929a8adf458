#include "engine/plan/planner.h"

#include "engine/core/figure.h"
#include "engine/perf/memorymodel.h"
#include "engine/plan/bestplans.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
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
    return std::make_tuple(c.plan.domains > 0, c.plan.tp, c.plan.pp, c.plan.cp, c.plan.ep,
                           t.microBatch, t.interleave, static_cast<int>(t.recompute));
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
    // `bounded`: instead of routing each set of degrees, every plan gets the step it would take
    // were the links between switches infinitely fast (Analyzer::networkBound()), and
    // candidates() holds those bounds, in sets (sets()) that share one network.
    Enumerator(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
               const PlannerOptions &options, bool bounded = false)
        : m_a(a)
        , m_w(w)
        , m_sw(sw)
        , m_options(options)
        , m_bounded(bounded)
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
    // Bounded: [begin, end) of candidates() per set of degrees (one network each).
    const std::vector<std::pair<std::size_t, std::size_t>> &sets() const { return m_sets; }
    // The recompute modes of one (degrees, micro-batch, interleave) that change nothing are
    // listed once: `step` is dropped when an earlier one of [first, end) gives the same.
    static bool repeats(const std::vector<PlanCandidate> &out, std::size_t first,
                        const StepEstimate &step);

private:
    void enumerate(int domains);
    void degrees(int tp, int cp, int pp);
    void knobs(const Plan &p);
    void rejected(const Error &why);
    void misfit(const MemoryEstimate &m);

    const Analyzer &m_a;
    const Workload &m_w;
    const SoftwareModel &m_sw;
    const PlannerOptions &m_options;
    const bool m_bounded;
    mutable PlannerResult m_tally;
    std::vector<PlanCandidate> m_out;
    std::vector<std::pair<std::size_t, std::size_t>> m_sets;
    int m_domains = 0; // Plan::domains of the plans being enumerated
    // The GPUs they take: those of the first m_domains domains (all: 0), every GPU of each
    // or the first gpusPerDomain.
    int m_gpus = 0;
};

bool Enumerator::repeats(const std::vector<PlanCandidate> &out, std::size_t first,
                         const StepEstimate &step)
{
    return std::any_of(out.begin() + first, out.end(), [&](const PlanCandidate &c) {
        return c.step.stepTimeS == step.stepTimeS && c.step.memory.totalGB == step.memory.totalGB;
    });
}

void Enumerator::run()
{
    enumerate(0);
    for (int domains : spareDomainCounts(m_a.rankDomains(m_options.gpusPerDomain)))
        enumerate(domains);
}

void Enumerator::enumerate(int domains)
{
    m_domains = domains;
    m_gpus = int(m_a.rankGpus(m_options.gpusPerDomain, domains).size());
    const int gpus = m_gpus;
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
    p.dp = m_gpus / (tp * cp * pp);
    p.domains = m_domains;
    p.order = m_options.order;
    p.gpusPerDomain = m_options.gpusPerDomain;
    const std::vector<int> eps
            = m.isMoe() ? candidateDegrees(p.dp * cp, m.experts) : std::vector<int>{1};
    for (int ep : eps) {
        p.ep = ep;
        const std::size_t first = m_out.size();
        knobs(p);
        if (m_bounded && m_out.size() > first)
            m_sets.emplace_back(first, m_out.size());
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
                if (std::optional<Error> invalid = validatePlan(p, w, m_gpus)) {
                    rejected(*invalid);
                    continue;
                }
                ++m_tally.valid;
                const MemoryEstimate memory
                        = estimateMemory(w, p, gpu, m_sw, m_a.hostMemoryGBPerGpu());
                if (!memory.fits) {
                    misfit(memory);
                    continue;
                }
                ++m_tally.fitting;
                if (!net) {
                    net = m_bounded ? m_a.networkBound(p) : m_a.network(p);
                    ++m_tally.sets;
                    m_tally.setsRouted += m_bounded ? 0 : 1;
                }
                StepEstimate step = estimateStep(w, p, gpu, *net, m_sw);
                // Bounded, every mode stays: whether one repeats another is decided on the
                // real network's steps (bestPlans()).
                if (m_bounded || !repeats(m_out, first, step))
                    m_out.push_back({std::move(w), p, std::move(step)});
            }
        }
    }
}

void Enumerator::rejected(const Error &why)
{
    if (why.where.rfind("/training/global_batch", 0) == 0)
        ++m_tally.batchRejected;
}

void Enumerator::misfit(const MemoryEstimate &m)
{
    m_tally.capacityGB = m.capacityGB;
    if (m_tally.leastMemoryGB <= 0 || m.totalGB < m_tally.leastMemoryGB)
        m_tally.leastMemoryGB = m.totalGB;
}

} // namespace

namespace {

// rankPlans()'s order: plans that cannot run last (their figures, 0 or not a number, say
// nothing, and a NaN would break the ordering); then most tokens/s; then tieKey().
bool ranksBefore(const PlanCandidate &x, const PlanCandidate &y)
{
    const bool xRuns = canRun(x.step), yRuns = canRun(y.step);
    if (xRuns != yRuns)
        return xRuns;
    if (xRuns && x.step.tokensPerS != y.step.tokensPerS)
        return x.step.tokensPerS > y.step.tokensPerS;
    return tieKey(x) < tieKey(y);
}

// The most tokens/s any plan of a set of degrees could give: infinite when a bound cannot run
// (it says nothing then).
double setBound(const std::vector<PlanCandidate> &bounds, std::pair<std::size_t, std::size_t> set)
{
    double best = 0;
    for (std::size_t i = set.first; i < set.second; ++i) {
        if (!canRun(bounds[i].step))
            return std::numeric_limits<double>::infinity();
        best = std::max(best, bounds[i].step.tokensPerS);
    }
    return best;
}

// Which plans a caller keeps, and what the ones found so far set as the bar.
class Keeper
{
public:
    Keeper(int top, bool perTpWidth)
        : m_top(std::max(0, top))
        , m_perTp(perTpWidth)
    {}
    // Whether a set of degrees whose plans give at most `bound` tokens/s can hold a plan kept.
    bool wants(int tp, double bound) const
    {
        if (m_perTp) {
            auto it = m_bestOfTp.find(tp);
            if (it == m_bestOfTp.end() || !(it->second > bound))
                return true;
        }
        if (m_top == 0)
            return false;
        return static_cast<int>(m_best.size()) < m_top || !(m_best.front() > bound);
    }
    void add(const PlanCandidate &c)
    {
        if (!canRun(c.step))
            return;
        double &ofTp = m_bestOfTp[c.plan.tp];
        ofTp = std::max(ofTp, c.step.tokensPerS);
        if (m_top == 0)
            return;
        // A min-heap of the best `top` tokens/s.
        m_best.push_back(c.step.tokensPerS);
        std::push_heap(m_best.begin(), m_best.end(), std::greater<>());
        if (static_cast<int>(m_best.size()) > m_top) {
            std::pop_heap(m_best.begin(), m_best.end(), std::greater<>());
            m_best.pop_back();
        }
    }

private:
    int m_top;
    bool m_perTp;
    std::vector<double> m_best;
    std::map<int, double> m_bestOfTp;
};

// The plans of one set of degrees on the real network, the recompute modes that repeat
// another dropped as rankPlans() drops them. False when a plan beats its bound (a time model
// in which a faster network can make a step slower): the bounds then prove nothing.
bool evaluateSet(const Analyzer &a, const SoftwareModel &sw,
                 const std::vector<PlanCandidate> &bounds, std::pair<std::size_t, std::size_t> set,
                 std::vector<PlanCandidate> *out)
{
    // The plans kept are analysed in full next (planJob(), sweepTp()), with their loads: the
    // sets routed here hold them.
    const PlanNetwork net = a.network(bounds[set.first].plan, true);
    bool held = true;
    std::size_t groupFirst = out->size();
    for (std::size_t i = set.first; i < set.second; ++i) {
        const PlanCandidate &b = bounds[i];
        const TrainingSpec &t = b.workload.training;
        if (i > set.first) {
            const TrainingSpec &before = bounds[i - 1].workload.training;
            if (t.microBatch != before.microBatch || t.interleave != before.interleave)
                groupFirst = out->size();
        }
        StepEstimate step = estimateStep(b.workload, b.plan, a.gpuModel(), net, sw);
        if (canRun(step) && !(step.tokensPerS <= b.step.tokensPerS))
            held = false;
        if (!Enumerator::repeats(*out, groupFirst, step))
            out->push_back({b.workload, b.plan, std::move(step)});
    }
    return held;
}

} // namespace

std::vector<int> spareDomainCounts(int domains)
{
    std::vector<int> out;
    for (int multiple : {8, 32}) {
        const int count = domains / multiple * multiple;
        const bool fewIdle = (domains - count) * 8 <= domains;
        if (count > 0 && count < domains && fewIdle
            && std::find(out.begin(), out.end(), count) == out.end())
            out.push_back(count);
    }
    return out;
}

std::string noPlanReason(const PlannerResult &r)
{
    if (r.valid == 0 && r.considered > 0 && r.batchRejected == r.considered)
        return "no plan is valid: the global batch does not divide into micro-batches over any "
               "data-parallel width the GPUs allow; choose a global batch with more factors of "
               "two";
    if (r.valid == 0)
        return "no plan is valid: no tensor, pipeline and data-parallel degrees divide both the "
               "model (heads, layers) and the GPUs, even with whole servers left idle"
               + std::string(r.batchRejected > 0 ? ", or the global batch does not divide" : "")
               + "; use a GPU count with more factors of two";
    if (r.fitting == 0)
        return "no plan fits in memory: " + std::to_string(r.valid)
               + " valid plans, the smallest needs "
               + figure::text(figure::gigabytes(r.leastMemoryGB)) + " of the GPU's "
               + figure::text(figure::gigabytes(r.capacityGB))
               + "; use more GPUs, GPUs with more memory, or a smaller model";
    return {};
}

std::vector<PlanCandidate> rankPlans(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                                     const PlannerOptions &options, PlannerResult *counts)
{
    Enumerator e(a, w, sw, options);
    e.run();
    std::vector<PlanCandidate> &out = e.candidates();
    std::stable_sort(out.begin(), out.end(), ranksBefore);
    if (counts)
        *counts = e.tally();
    return std::move(out);
}

std::vector<PlanCandidate> bestPlans(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                                     const PlannerOptions &options, int top, bool perTpWidth,
                                     PlannerResult *counts)
{
    Enumerator e(a, w, sw, options, true);
    e.run();
    PlannerResult tally = e.tally();
    const std::vector<PlanCandidate> &bounds = e.candidates();
    // The sets of degrees, most promising first: the bar rises fastest that way.
    std::vector<std::pair<double, std::size_t>> order;
    order.reserve(e.sets().size());
    for (std::size_t s = 0; s < e.sets().size(); ++s)
        order.emplace_back(setBound(bounds, e.sets()[s]), s);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto &x, const auto &y) { return x.first > y.first; });
    Keeper keeper(top, perTpWidth);
    std::vector<PlanCandidate> out;
    for (const auto &[bound, s] : order) {
        if (options.cancel && options.cancel->load()) {
            tally.cancelled = true;
            break;
        }
        const std::pair<std::size_t, std::size_t> set = e.sets()[s];
        if (!keeper.wants(bounds[set.first].plan.tp, bound))
            continue;
        const std::size_t first = out.size();
        ++tally.setsRouted;
        if (!evaluateSet(a, sw, bounds, set, &out))
            return rankPlans(a, w, sw, options, counts);
        for (std::size_t i = first; i < out.size(); ++i)
            keeper.add(out[i]);
    }
    std::stable_sort(out.begin(), out.end(), ranksBefore);
    if (counts)
        *counts = tally;
    return out;
}

namespace {

// The best `options.top` of `ranked` analysed in full; false when an analysis failed (a plan
// further down the ranking then takes its place).
bool analyzeBest(const Analyzer &a, const std::vector<PlanCandidate> &ranked,
                 const SoftwareModel &sw, const PlannerOptions &options, PlannerResult *result)
{
    bool all = true;
    for (const PlanCandidate &c : ranked) {
        if (static_cast<int>(result->plans.size()) >= options.top)
            break;
        if (options.cancel && options.cancel->load()) {
            result->cancelled = true;
            break;
        }
        Expected<AnalysisResult> r = a.analyze(c.workload, c.plan, sw);
        if (r)
            result->plans.push_back(std::move(*r));
        else
            all = false;
    }
    return all;
}

} // namespace

PlannerResult planJob(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                      const PlannerOptions &options)
{
    PlannerResult result;
    if (!analyzeBest(a, bestPlans(a, w, sw, options, options.top, false, &result), sw, options,
                     &result)
        && !result.cancelled) {
        // Plans beyond the best `top` were not ranked: rank them all.
        result = PlannerResult{};
        analyzeBest(a, rankPlans(a, w, sw, options, &result), sw, options, &result);
    }
    const auto cannot = std::stable_partition(result.plans.begin(), result.plans.end(),
                                              [](const AnalysisResult &r) { return canRun(r); });
    result.runnable = static_cast<int>(cannot - result.plans.begin());
    return result;
}

} // namespace topoplan
