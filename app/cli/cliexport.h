#pragma once

#include "cli/cliargs.h"

#include <ostream>
#include <string>
#include <vector>

namespace topoplan::cli {

// `export FILE [--format svg|pdf|png|jpg] [--scale S] -o OUT`: the diagram as the window
// draws it, at full detail, with the project's name and the link legend. The format defaults
// to OUT's suffix. Needs a QApplication (the topoplan-cli main makes one for this verb, on
// the offscreen platform when there is no display).
int cmdExport(const Args &a, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli

namespace topoplan::cli {

// The `export` verb as a command for cli::run().
Command exportCommand();

// topoplan-cli with every verb: cli::run() and the Qt verbs of this folder.
int runWithQtVerbs(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
