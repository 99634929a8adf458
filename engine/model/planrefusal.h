#pragma once

#include "engine/core/error.h"
#include "engine/core/message.h"
#include "engine/model/workload.h"

#include <optional>
#include <string>

namespace topoplan {

// Why a plan cannot run, as a sentence a front end can translate (engine/core/message.h), and
// the JSON pointer of the member at fault ("/plan/tp"). The refusals of resolvePlan() and
// validatePlan() are made of these, so the window says in its language what the command line
// says in English.
struct PlanRefusal
{
    std::string where;
    Message text;

    Error error() const { return Error{{}, where, text.english()}; }
};

// Why dp cannot be derived for `plan` (dp <= 0) on `gpus` GPUs; nullopt when it can, or when
// dp is given.
std::optional<PlanRefusal> dpRefusal(const Plan &plan, int gpus);

} // namespace topoplan
