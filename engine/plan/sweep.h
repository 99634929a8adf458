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
    // bestError and heldError as sentences a front end can translate; empty where there is
    // none to translate.
    Message bestReason = {};
    Message heldReason = {};
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

// Sweeps TP for `w` on `a`'s cluster; `base` gives the held dimensions (its tp and dp are
// ignored).
SweepResult sweepTp(const Analyzer &a, const Workload &w, const Plan &base,
                    const SoftwareModel &sw = {});

} // namespace topoplan
