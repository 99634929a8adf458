#pragma once

#include <ostream>

namespace topoplan::cli {

class Args;

// The planning verbs of topoplan-cli (DESIGN.md "The command line"): `analyze`, `sweep` and
// `plan`, each on a project file with its own workload and plan or those given by
// --workload FILE, --workload-preset NAME and --plan SPEC.
int cmdAnalyze(const Args &a, std::ostream &out, std::ostream &err);
int cmdSweep(const Args &a, std::ostream &out, std::ostream &err);
int cmdPlan(const Args &a, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
