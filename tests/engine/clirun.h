#pragma once

// topoplan-cli in process, for the CLI tests: the exit code and what it printed.

#include "cli/cli.h"

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

inline CliRun runCli(const std::vector<std::string> &args)
{
    std::ostringstream out, err;
    CliRun r;
    r.code = cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace topoplan::fixtures
