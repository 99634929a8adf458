#pragma once

#include <ostream>

namespace topoplan::cli {

class Args;

// "Which design?" verbs (DESIGN.md "The command line"): `explore` builds and plans every
// combination of NVLink domain, fabric and oversubscription for the job of a project;
// `compare` plans one job on several project files and gives each one's delta against the
// first.
int cmdExplore(const Args &a, std::ostream &out, std::ostream &err);
int cmdCompare(const Args &a, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
