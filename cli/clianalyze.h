#pragma once

#include "engine/core/error.h"
#include "engine/model/project.h"
#include "engine/model/workload.h"

#include <ostream>
#include <string>

namespace topoplan::cli {

class Args;

// The planning verbs of topoplan-cli (DESIGN.md "The command line"): `analyze`, `sweep` and
// `plan`, each on a project file with its own workload and plan or those given by
// --workload FILE, --workload-preset NAME and --plan SPEC.
int cmdAnalyze(const Args &a, std::ostream &out, std::ostream &err);
int cmdSweep(const Args &a, std::ostream &out, std::ostream &err);
int cmdPlan(const Args &a, std::ostream &out, std::ostream &err);

// The job's workload: --workload FILE, --workload-preset NAME, or else the project's own (read
// from `file`); `source` is set to where it came from, for messages.
Expected<Workload> jobWorkload(const Args &a, const Project &project, const std::string &file,
                               std::string *source);

} // namespace topoplan::cli
