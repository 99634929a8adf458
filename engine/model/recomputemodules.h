#pragma once

#include "engine/model/workload.h"

#include <string>

namespace topoplan {

// Megatron-Core's recompute_modules names of the RecomputeModule bits set in `modules`, in bit
// order, joined by `separator` ("" when none). The file, the report and the diagnostics all
// name the modules through this.
std::string recomputeModuleNames(unsigned modules, const std::string &separator);
// The bit of a module by its name; 0 for a name that is not one.
unsigned recomputeModuleBit(const std::string &name);
// Every module's bit.
inline constexpr unsigned kAllRecomputeModules
        = kRecomputeCoreAttn | kRecomputeMlaUpProj | kRecomputeLayernorm | kRecomputeMoeAct;

} // namespace topoplan
