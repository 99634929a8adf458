#pragma once

// topoplan-cli in process, for the CLI tests: the exit code and what it printed.

#include "cli/cli.h"

#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace topoplan::fixtures {

struct CliRun
{
    int code = -1;
    std::string out;
    std::string err;
};

// `verbs`: the CLI's entry point; the window tests pass cli::runWithQtVerbs (export too).
using CliEntry
        = std::function<int(const std::vector<std::string> &, std::ostream &, std::ostream &)>;

inline CliRun runCli(const std::vector<std::string> &args, const CliEntry &verbs)
{
    std::ostringstream out, err;
    CliRun r;
    r.code = verbs(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

inline CliRun runCli(const std::vector<std::string> &args)
{
    return runCli(args, [](const auto &a, auto &out, auto &err) { return cli::run(a, out, err); });
}

} // namespace topoplan::fixtures
