#pragma once

#include "engine/plan/sweep.h"

#include <string>

namespace topoplan {

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

} // namespace topoplan
