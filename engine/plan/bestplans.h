#pragma once

#include "engine/plan/planner.h"

#include <vector>

namespace topoplan {

// The planner's ranking cut to what a caller keeps, so that a 131,072-GPU design routes a few
// sets of degrees instead of every one (planJob() and sweepTp() rank this way).
//
// rankPlans()'s best `top` plans and, with `perTpWidth`, the best plan of each TP width, in
// rankPlans()'s order and with its figures to the bit, possibly followed by others. A set of
// degrees (one network) is routed only when one of its plans could be kept: the step each
// would take on the network Analyzer::networkBound() gives (each dimension's first group
// alone, the links between switches infinitely fast: exact where the groups are alike and the
// switches not the bottleneck) bounds its tokens/s, and a set whose bound is below what the
// plans routed already give is left out. Should a routed plan ever beat its bound (a time
// model in which a faster network makes a step slower), the bounds prove nothing and every
// plan is ranked. The counts are rankPlans()'s.
std::vector<PlanCandidate> bestPlans(const Analyzer &a, const Workload &w, const SoftwareModel &sw,
                                     const PlannerOptions &options, int top, bool perTpWidth,
                                     PlannerResult *counts = nullptr);

} // namespace topoplan
