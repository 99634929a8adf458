#pragma once

#include "cli/cliargs.h"

#include <ostream>
#include <string>
#include <vector>

namespace topoplan::cli {

// Exit codes of topoplan-cli (DESIGN.md "The command line").
enum ExitCode { Ok = 0, InvalidInput = 1, BadUsage = 2 };

// Runs one topoplan-cli command line (without the program name). Results go to `out`,
// messages to `err`. This library is Qt-free: the verbs that need Qt (`export` renders the
// diagram with a QGraphicsScene) are handed in as `extraVerbs` by the topoplan-cli main
// (app/cli). Used by that main and, in-process, by the tests.
int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
        const std::vector<Command> &extraVerbs = {});

} // namespace topoplan::cli
