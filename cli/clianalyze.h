#pragma once

#include "engine/core/error.h"
#include "engine/model/project.h"
#include "engine/model/workload.h"
#include "engine/plan/analysis.h"

#include <optional>

#include <ostream>
#include <string>

namespace topoplan::cli {

class Args;

// A project with its analyzer, the workload to run and the plan, if any, and where each came
// from, so that an error names the file (or option) to fix.
struct Job
{
    std::string file;
    Project project;
    std::optional<Catalog> catalog;
    std::optional<Analyzer> analyzer;
    Workload workload;
    std::string workloadSource;
    std::optional<Plan> plan;
    std::string planSource;

    // `e` with the source it is about: the plan's for "plan...", the workload's for
    // "model..." and "training...".
    Error attributed(Error e) const
    {
        if (e.file.empty()) {
            const bool plan = e.where.rfind("/plan", 0) == 0;
            const bool workload
                    = e.where.rfind("/model", 0) == 0 || e.where.rfind("/training", 0) == 0;
            e.file = plan ? planSource : workload ? workloadSource : file;
        }
        return e;
    }
};

// Loads FILE, its catalog and fabric, the workload (--workload FILE, --workload-preset NAME or
// the project's own) and the plan (--plan SPEC or the project's). Returns the exit code on
// failure, with the message on `err`; where the project was read but its fabric or workload
// is wrong, that error in `why` too (for the JSON of --json).
std::optional<Job> loadJob(const Args &a, std::ostream &err, int *code,
                           std::optional<Error> *why = nullptr);

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
