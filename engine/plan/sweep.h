#pragma once

#include "engine/plan/analysis.h"
#include "engine/plan/planner.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// The TP sweep (DESIGN.md `sweep --json`): what throughput each tensor-parallel width gives,
// with the rest of the plan re-planned and with it held, so that the cliff where TP leaves the
// NVLink domain shows.

struct SweepRow
{
    int tp = 1;
    // The best plan at this width (planner: the rest re-chosen), or why there is none.
    std::optional<AnalysisResult> best;
    std::string bestError;
    // The given plan with only TP changed: pp, cp, ep, micro-batch, interleave and recompute
    // held, dp re-derived; or why that plan is invalid.
    std::optional<AnalysisResult> held;
    std::string heldError;
};

struct SweepResult
{
    std::string dim = "tp";
    int domainSize = 0; // GPUs in the largest NVLink domain
    std::vector<SweepRow> rows;
};

// The widths swept, increasing: powers of two and divisors of the heads that divide the GPU
// count (tp x cp x pp x dp = GPUs, so no plan exists at any other width; a power of two that
// does not divide the heads stays, to show where the cliff would be).
std::vector<int> sweepWidths(int gpus, int heads);

// Why a width of the sweep has no point for the job's plan with TP changed. A plan that does
// not fit in GPU memory never runs, so neither the window's chart nor the design report plots
// it: one rule for both.
enum class SweepGap {
    None,        // the held plan is valid and fits: a point
    Invalid,     // the held plan breaks a rule of the plan (heldError says which)
    OutOfMemory, // the held plan is valid but does not fit in GPU memory
};
SweepGap heldGap(const SweepRow &row);
// The held plan as a point of the chart, or nullptr where heldGap() is not None.
const AnalysisResult *heldPoint(const SweepRow &row);
// heldError without its JSON path, its advice or the width's own figures ("tp must divide the
// attention heads"), so that widths refused for one reason share one sentence.
std::string heldGapReason(const SweepRow &row);

// Sweeps TP for `w` on `a`'s cluster; `base` gives the held dimensions (its tp and dp are
// ignored).
SweepResult sweepTp(const Analyzer &a, const Workload &w, const Plan &base,
                    const SoftwareModel &sw = {});

} // namespace topoplan
