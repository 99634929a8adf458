#include "engine/planner.h"

#include "engine/memorymodel.h"

#include <algorithm>
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

std::vector<int> candidateDegrees(int room, int splits)
{
    std::vector<int> out;
    for (int d = 1; d <= room; ++d) {
        if (room % d == 0 && (isPowerOfTwo(d) || (splits > 0 && splits % d == 0)))
            out.push_back(d);
    }
    return out;
}

std::vector<PlanCandidate> rankPlans(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                                     const PlannerOptions &options, PlannerResult *counts)
{
    const int gpus = a.gpuCount();
    const ModelSpec &m = w.model;
    const GpuModel &gpu = a.gpuModel();
    PlannerResult tally;
    std::vector<PlanCandidate> out;
    const std::vector<int> tps
            = options.tp ? std::vector<int>{*options.tp} : candidateDegrees(gpus, m.heads);
    for (int tp : tps) {
        if (tp < 1 || gpus % tp != 0)
            continue;
        for (int cp : candidateDegrees(gpus / tp, m.seq / 2)) {
            for (int pp : candidateDegrees(gpus / (tp * cp), m.layers)) {
                const int dp = gpus / (tp * cp * pp);
                const std::vector<int> eps
                        = m.isMoe() ? candidateDegrees(dp * cp, m.experts) : std::vector<int>{1};
                for (int ep : eps) {
                    Plan p;
                    p.tp = tp;
                    p.cp = cp;
                    p.pp = pp;
                    p.dp = dp;
                    p.ep = ep;
                    p.order = options.order;
                    bool routed = false;
                    PlanNetwork net;
                    for (int mb = 1; mb <= PlannerOptions::kMaxMicroBatch; ++mb) {
                        for (int v = 1; v <= PlannerOptions::kMaxInterleave; ++v) {
                            if (v > 1
                                && (pp == 1 || m.layers % pp != 0 || (m.layers / pp) % v != 0))
                                continue;
                            for (Recompute rc :
                                 {Recompute::None, Recompute::Selective, Recompute::Full}) {
                                ++tally.considered;
                                Workload cw = w;
                                cw.training.microBatch = mb;
                                cw.training.interleave = v;
                                cw.training.recompute = rc;
                                if (validatePlan(p, cw, gpus))
                                    continue;
                                ++tally.valid;
                                if (!estimateMemory(cw, p, gpu, sw).fits)
                                    continue;
                                ++tally.fitting;
                                if (!routed) {
                                    net = a.network(p);
                                    routed = true;
                                }
                                StepEstimate step = estimateStep(cw, p, gpu, net, sw);
                                out.push_back({std::move(cw), p, std::move(step)});
                            }
                        }
                    }
                }
            }
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const PlanCandidate &x, const PlanCandidate &y) {
        if (x.step.tokensPerS != y.step.tokensPerS)
            return x.step.tokensPerS > y.step.tokensPerS;
        return tieKey(x) < tieKey(y);
    });
    if (counts)
        *counts = tally;
    return out;
}

PlannerResult planJob(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                      const PlannerOptions &options)
{
    PlannerResult result;
    const std::vector<PlanCandidate> ranked = rankPlans(a, w, sw, options, &result);
    for (const PlanCandidate &c : ranked) {
        if (static_cast<int>(result.plans.size()) >= options.top)
            break;
        Expected<AnalysisResult> r = a.analyze(c.workload, c.plan, sw);
        if (r)
            result.plans.push_back(std::move(*r));
    }
    return result;
}

} // namespace topoplan
