#pragma once

#include "engine/core/jsonin.h"
#include "engine/document/cost.h"
#include "engine/model/project.h"
#include "engine/model/summary.h"
#include "engine/model/workload.h"
#include "engine/plan/analysis.h"
#include "engine/plan/sweep.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// Design comparison: the same job planned on several designs, each design's best plan and
// what it costs in switches and cables, and how each differs from the first (the baseline).

struct DesignInput
{
    std::string name; // how the design is named in the report (its file)
    Project project;
};

struct DesignReport
{
    std::string name;
    std::string error;  // why the design has no best plan (empty when it has one)
    bool built = false; // the topology was read: `summary` and `domainSize` hold
    TopologySummary summary;
    int domainSize = 0;                 // GPUs in the largest NVLink domain
    std::optional<AnalysisResult> best; // the planner's best plan, analysed in full
    std::optional<SweepResult> sweep;   // its TP sweep, when asked for
    // The name of each dimension's bottleneck device (best->dimensions' order): the node or
    // switch name the user gave, not its id.
    std::vector<std::string> bottleneckNames;
    // What the design costs and draws (its project's price book), at the best plan's tokens/s.
    std::optional<DesignCost> cost;

    int switches() const { return summary.leaf + summary.spine + summary.core; }
};

// One design against the baseline. The differences of counts are this design's minus the
// baseline's; percentages are relative to the baseline's figure.
struct DesignDelta
{
    int gpus = 0, domains = 0, leaf = 0, spine = 0, core = 0, switches = 0, links = 0, cables = 0;
    // Where both designs have a best plan:
    std::optional<double> tokensPerSPercent;
    std::optional<double> tokensPerSPerGpuPercent;
    std::optional<double> mfuPoints; // percentage points
    std::optional<double> stepTimePercent;
    // "+12.3 % tokens/s, +8 switches, +256 cables"; "baseline" for the first design.
    std::string text;
};

struct Comparison
{
    Workload workload;
    std::vector<DesignReport> designs;
    std::vector<DesignDelta> deltas; // one per design, against designs[0]
};

// Plans `workload` on every design (in parallel on `workers` threads) and compares them with
// the first. A design that cannot be analysed or has no plan that fits gets its error; the
// comparison itself does not fail.
// With `sweeps`, each design's TP sweep around its best plan too (the compare chart's lines).
Comparison compareDesigns(const std::vector<DesignInput> &designs, const Workload &workload,
                          int workers = 2, bool sweeps = false);

// The report of a design from an analysis already made: the plan the user stated, not the
// planner's best (the GUI's pinned baseline and the current design).
DesignReport reportOf(std::string name, const TopologySummary &summary, int domainSize,
                      const AnalysisResult &analysis);

// The delta of `d` against `baseline` (compareDesigns() fills them).
DesignDelta deltaOf(const DesignReport &d, const DesignReport &baseline);

// {"workload", "designs": [{"name", "error", "gpus", "nodes", "domains", "domain_size",
// "switches": {leaf, spine, core, total}, "links", "cables", "plan", "tokens_per_s",
// "tokens_per_s_per_gpu", "mfu", "step_time_s", "breakdown_s", "groups": [{"dim", "size",
// "busbw_gbps", "link_class", "bottleneck"}], "diagnostics", "delta": {"gpus", "domains",
// "switches": {...}, "links", "cables", "tokens_per_s_percent", "tokens_per_s_per_gpu_percent",
// "mfu_points", "step_time_percent", "text"}}]}
Json toJson(const Comparison &c);

} // namespace topoplan
