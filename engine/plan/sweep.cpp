#include "engine/plan/sweep.h"

#include "engine/plan/bestplans.h"

#include <algorithm>
#include <cctype>

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

SweepGap heldGap(const SweepRow &row)
{
    if (!row.held)
        return SweepGap::Invalid;
    return row.held->step.memory.fits ? SweepGap::None : SweepGap::OutOfMemory;
}

const AnalysisResult *heldPoint(const SweepRow &row)
{
    return heldGap(row) == SweepGap::None ? &*row.held : nullptr;
}

std::string heldGapReason(const SweepRow &row)
{
    std::string why = row.heldError;
    // "/plan/tp: ..." -> "..."
    if (!why.empty() && why.front() == '/') {
        const std::size_t colon = why.find(": ");
        if (colon != std::string::npos
            && why.find_first_not_of("abcdefghijklmnopqrstuvwxyz_/0123456789") == colon)
            why.erase(0, colon + 2);
    }
    why = why.substr(0, why.find(';'));
    // " = 12" -> ""
    for (std::size_t at = why.find(" = "); at != std::string::npos; at = why.find(" = ", at)) {
        std::size_t end = at + 3;
        while (end < why.size() && std::isdigit(static_cast<unsigned char>(why[end])))
            ++end;
        if (end > at + 3)
            why.erase(at, end - at);
        else
            at += 3;
    }
    return why;
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
