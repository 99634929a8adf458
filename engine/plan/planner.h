#pragma once

#include "engine/plan/analysis.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// The planner: every valid way to run a job on the cluster, ranked by throughput.
//
// It tries every (TP, CP, EP, PP, DP, micro-batch, interleave, recompute) on the whole design
// and on fewer whole NVLink domains where that divides better (spareDomainCounts()), with
// - TP, CP and EP each a power of two or a divisor of what they split (heads, seq / 2,
//   experts), PP any degree (stages may differ by a layer), each dividing the GPUs left by the
//   others; DP = GPUs / (TP CP PP);
// - micro-batch 1..kMaxMicroBatch; interleave 1..kMaxInterleave, dividing layers / pp;
//   recompute none, selective, full;
// keeps those validatePlan() accepts and whose memory fits, and projects each with the
// Analyzer's routes (cached by group layout, so the few layouts are routed once each).

struct PlannerOptions
{
    int top = 10;          // plans analysed in full and returned
    std::optional<int> tp; // only plans of this TP width
    std::string order = "tp-cp-ep-dp-pp";
    // Ranks on this many GPUs of each NVLink domain (Plan::gpusPerDomain), the rest spare;
    // 0: every GPU.
    int gpusPerDomain = 0;
    // Set from another thread to stop early: the planner returns what it has, marked
    // `cancelled` (a design explorer's Cancel must not wait for a 4,096-GPU enumeration).
    const std::atomic<bool> *cancel = nullptr;
    static constexpr int kMaxMicroBatch = 8;
    static constexpr int kMaxInterleave = 4;
};

// A plan as the planner ranks it: the workload with the planner's micro-batch, interleave and
// recompute, the plan (dp resolved), and its projected step.
struct PlanCandidate
{
    Workload workload;
    Plan plan;
    StepEstimate step;
};

struct PlannerResult
{
    // The best `top`, analysed in full, best first; plans that cannot run (canRun()) come
    // after every plan that can, whatever their figures.
    std::vector<AnalysisResult> plans;
    int runnable = 0;       // of `plans`, those that can run (they lead the list)
    bool cancelled = false; // stopped by PlannerOptions::cancel: incomplete
    int considered = 0;     // combinations tried
    int valid = 0;          // of them, plans validatePlan() accepts
    int fitting = 0;        // of those, plans that fit in memory
    // Why the others were left out: of the invalid combinations, those whose global batch does
    // not divide into micro-batches over the data-parallel ranks (the rest split the model or
    // the GPUs unevenly); of the valid ones, the least memory any needs.
    int batchRejected = 0;
    double leastMemoryGB = 0;
    double capacityGB = 0;
    // Sets of degrees (plans that share one network) with a plan that fits, and of them those
    // whose network was routed: all, ranking every plan; bestPlans() routes only the sets its
    // bounds cannot rule out.
    int sets = 0;
    int setsRouted = 0;
};

// Why no plan can run, in the user's terms: the degrees do not divide the model and the GPUs,
// the batch does not divide, or nothing fits in memory (with the least any plan needs).
std::string noPlanReason(const PlannerResult &r);

// The NVLink domain counts the planner tries besides all `domains` of a design: the largest
// multiple of 8 and of 32 domains below it (jobs use what divides), each leaving at most an
// eighth of the design idle. Empty where `domains` is already such a multiple.
std::vector<int> spareDomainCounts(int domains);

// Whether a projected step can run at all: a finite, positive throughput (a group with no
// path makes the step time infinite) and, for a plan analysed in full, no diagnostic saying
// that GPUs of a group cannot reach each other.
bool canRun(const StepEstimate &s);
bool canRun(const AnalysisResult &r);

// Every valid plan of `w` that fits in memory, best (most tokens/s) first; ties keep the
// smaller TP, then PP, CP, EP, micro-batch, interleave and the lighter recomputation.
std::vector<PlanCandidate> rankPlans(const Analyzer &a, const Workload &w,
                                     const SoftwareModel &sw = {},
                                     const PlannerOptions &options = {},
                                     PlannerResult *counts = nullptr);

// rankPlans(), the best `options.top` analysed in full (groups, loads, diagnostics).
PlannerResult planJob(const Analyzer &a, const Workload &w, const SoftwareModel &sw = {},
                      const PlannerOptions &options = {});

// The degrees a dimension may take: d such that d divides `room` and d is a power of two or
// divides `splits` (0: powers of two only), in increasing order.
std::vector<int> candidateDegrees(int room, int splits);

} // namespace topoplan
