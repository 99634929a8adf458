#include "engine/plan/sweep.h"

#include "engine/plan/bestplans.h"

#include <algorithm>

namespace topoplan {

std::vector<int> sweepWidths(int gpus, int heads)
{
    std::vector<int> out;
    for (int t = 1; t <= gpus; ++t) {
        if (gpus % t == 0 && ((t & (t - 1)) == 0 || (heads > 0 && heads % t == 0)))
            out.push_back(t);
    }
    return out;
}

SweepResult sweepTp(const Analyzer &a, const Workload &w, const Plan &base, const SoftwareModel &sw)
{
    SweepResult result;
    result.domainSize = a.domainSize();
    PlannerOptions options;
    options.order = base.order;
    // One ranking, as far as the best of each width; that best is the width's first.
    const std::vector<PlanCandidate> ranked = bestPlans(a, w, sw, options, 0, true);
    for (int tp : sweepWidths(a.gpuCount(), w.model.heads)) {
        SweepRow row;
        row.tp = tp;
        auto best = std::find_if(ranked.begin(), ranked.end(),
                                 [&](const PlanCandidate &c) { return c.plan.tp == tp; });
        if (best != ranked.end()) {
            Expected<AnalysisResult> r = a.analyze(best->workload, best->plan, sw);
            if (r)
                row.best = std::move(*r);
            else
                row.bestError = r.error().text();
        } else {
            row.bestError
                    = "no plan with tp = " + std::to_string(tp) + " is valid and fits in memory";
        }
        Plan held = base;
        held.tp = tp;
        held.dp = 0;
        Expected<AnalysisResult> r = a.analyze(w, held, sw);
        if (r)
            row.held = std::move(*r);
        else
            row.heldError = r.error().text();
        result.rows.push_back(std::move(row));
    }
    return result;
}

} // namespace topoplan
