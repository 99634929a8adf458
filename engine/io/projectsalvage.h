#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// A project file that does not load, read as far as it can be: every problem the loader
// finds, each with its JSON path in the file as it is on disk, and the project without the
// broken items (the file itself is never touched).
//
// How: the strict loader (parseProject(), the one set of rules) is run; the smallest part of
// the document that holds the reported path is left out (a domain, node, switch or link of
// /topology, a layout item, a catalog entry, or a top-level member such as /workload), and
// the loader runs again, until it accepts what is left. Leaving out a node or switch also
// leaves out the links plugged into it and its layout item, and a domain releases its
// servers; those are listed in `leftOut`. A file that is not JSON, not a TopoPlan project, or
// of a newer version, has one problem and nothing to read.
struct SalvagedProject
{
    std::vector<Error> problems;      // in the order found; paths as in the file
    std::vector<std::string> leftOut; // what the readable project leaves out, one line each
    std::optional<Project> project;   // what can be read; nullopt when nothing can
    bool truncated = false;           // stopped after kMaxSalvageProblems problems
};

// The most problems listed before giving up: each costs one more pass of the loader.
inline constexpr int kMaxSalvageProblems = 50;

SalvagedProject salvageProject(const std::string &path, const Catalog &base = Catalog::builtin());

} // namespace topoplan
