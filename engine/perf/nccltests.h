#pragma once

#include "engine/core/error.h"
#include "engine/fabric/collective.h"

#include <string>
#include <vector>

namespace topoplan {

// What NVIDIA's nccl-tests measured on a real cluster (github.com/NVIDIA/nccl-tests,
// doc/PERFORMANCE.md): the output of all_reduce_perf, all_gather_perf, reduce_scatter_perf or
// alltoall_perf over any -b/-e/-f range, one process per GPU or several GPUs per process, on
// one node or many. The header names the ranks and the hosts they ran on ("#  Rank  0 Group  0
// Pid 895544 on h100-2 device  0 [0x18] NVIDIA H100 80GB HBM3"; releases before 2.10 have no
// Group); each row gives the size, the out-of-place time (us), algbw and busbw (GB/s), then the
// same in place.
struct NcclTestRow
{
    double bytes = 0;
    double timeUs = 0;
    double busbwGBs = 0;
};

struct NcclTestRun
{
    std::string file;
    Collective collective = Collective::AllReduce;
    std::string test; // "all_reduce_perf"
    int ranks = 0;
    int nodes = 0;          // distinct hosts in the rank list
    std::string deviceName; // "NVIDIA H100 80GB HBM3"
    std::vector<NcclTestRow> rows;

    // The fit the calibration uses: the bus bandwidth of large messages (the highest busbw of
    // the sweep, where latency no longer counts: nccl-tests' own "peak busbw") and the latency
    // of small ones (the out-of-place time of the smallest size, which moves next to nothing).
    double peakBusbwGBs() const;
    double smallLatencyUs() const;
    double largestBytes() const;
};

// Reads one nccl-tests output. The test is named by the command line or the test's name in the
// text, else by the file name ("all_gather_perf.log"); an all-reduce is recognised by its "sum"
// reduction. Errors name the file and line and what was expected.
Expected<NcclTestRun> parseNcclTests(const std::string &text, const std::string &file);

// "all_reduce_perf", "all_gather_perf", "reduce_scatter_perf", "alltoall_perf"
const char *ncclTestName(Collective c);

} // namespace topoplan
