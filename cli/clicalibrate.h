#pragma once

#include <ostream>

namespace topoplan::cli {

class Args;

// `calibrate PROJECT [NCCL_TESTS_OUTPUT...] [--tokens-per-s X | --step-time S] [-o OUT]`:
// fits the design's collective figures per tier (media efficiency and latency) to what
// nccl-tests measured on the user's cluster, and the GPU's compute efficiency to a measured
// step of the project's job (or --workload/--plan), shows each beside the catalog's, and
// writes them with their sources into the project's catalog section.
int cmdCalibrate(const Args &a, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
