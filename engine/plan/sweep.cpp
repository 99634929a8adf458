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
    // The GPUs the held plan's ranks run on, as analyze() counts them: its refusals are for
    // that many.
    const int rankGpus = static_cast<int>(a.rankGpus(base.gpusPerDomain).size());
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
            row.bestReason = msg::say(TOPOPLAN_TR("Plan", "no plan with tp = %1 is valid and fits "
                                                          "in memory"),
                                      {msg::name(std::to_string(tp))});
            row.bestError = row.bestReason.english();
        }
        Plan held = base;
        held.tp = tp;
        held.dp = 0;
        Expected<AnalysisResult> r = a.analyze(w, held, sw);
        if (r) {
            row.held = std::move(*r);
        } else {
            row.heldError = r.error().text();
            // The same refusal as a sentence to translate, where it is the one analyze() gave.
            if (std::optional<PlanRefusal> why = planRefusal(held, w, rankGpus);
                why && why->error().text() == row.heldError)
                row.heldReason = std::move(why->text);
        }
        result.rows.push_back(std::move(row));
    }
    return result;
}

} // namespace topoplan
