#pragma once

#include "engine/core/jsonin.h"
#include "engine/plan/analysis.h"
#include "engine/plan/planner.h"
#include "engine/plan/sweep.h"

namespace topoplan {

// The JSON of analysis results, as DESIGN.md's `analyze --json`, `sweep --json` and
// `plan --json` contracts give them. Figures that are not finite (a step that cannot run) are
// null.

// {"gpus", "gpu_model", "plan": {tp, pp, dp, cp, ep, micro_batch, global_batch, interleave,
// recompute, order}, "step_time_s", "tokens_per_s", "uncertainty": {band, worst, bias, runs,
// class, tokens_per_s_low, tokens_per_s_high, text} (where the catalog has published runs),
// "model_tflops_per_gpu",
// "hardware_tflops_per_gpu", "mfu", "hfu", "memory_per_gpu_gb", "memory_capacity_gb",
// "fits_memory", "memory_gb": {weights, gradients, optimizer, activations, other},
// "bubble_fraction", "breakdown_s": {compute, tp_comm, cp_comm, ep_comm, pp_comm, pp_bubble,
// dp_comm}, "groups": [...], "diagnostics": [...]}
Json toJson(const AnalysisResult &r);
// {"dim", "size", "count", "collective", "busbw_gbps", "algorithm", "ring_busbw_gbps",
// "latency_us" (one ring step over the slowest hop), "collective_latency_us" (what the bulk
// algorithm's collective takes whatever its size), "link_class",
// "crosses_domain", "groups_crossing_domain", "max_hops", "max_switch_hops", "bottleneck",
// "connected", "domains", "gpus", "nodes"}: the slowest group's figures.
Json toJson(const DimensionResult &d, const Workload &w);
// {"severity", "code", "message", "ids"}
Json toJson(const Diagnostic &d);
// {"dim": "tp", "domain_size", "rows": [{"tp", ...the best plan's analysis..., "held": {...}
// or null}]}; a width without a valid plan has "error" in place of the analysis, and
// "held_error" beside a null "held".
Json toJson(const SweepResult &s);
// {"plans": [...best first], "considered", "valid", "fitting"}
Json toJson(const PlannerResult &p);

} // namespace topoplan
