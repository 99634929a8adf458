#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace topoplan::cli {

// Exit codes of topoplan-cli (DESIGN.md "The command line").
enum ExitCode { Ok = 0, InvalidInput = 1, BadUsage = 2 };

// Runs one topoplan-cli command line (without the program name). Results go to `out`,
// messages to `err`. Used by the topoplan-cli main and, in-process, by the tests.
int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
