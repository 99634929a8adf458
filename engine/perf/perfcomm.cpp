#include "engine/perf/perfcomm.h"

#include <algorithm>
#include <limits>

namespace topoplan {

double collectiveSeconds(Collective c, double bytes, int n, const DimNetwork &net)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (net.busbwGBs <= 0)
        return std::numeric_limits<double>::infinity();
    const double share = double(n - 1) / n;
    double factor = 1, steps = 1;
    switch (c) {
    case Collective::AllReduce:
        factor = 2 * share;
        steps = 2.0 * (n - 1);
        break;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        factor = share;
        steps = n - 1;
        break;
    case Collective::SendRecv:
        break;
    }
    double latencyUs = net.baseLatencyUs + steps * net.latencyUs;
    if (isRing(c) && net.domains > 1) {
        // Only the steps that hand a chunk from one domain to the next wait for the network.
        const int passes = c == Collective::AllReduce ? 2 : 1;
        const double crossing = std::min(steps, double(passes * (net.domains - 1)));
        latencyUs = net.baseLatencyUs + crossing * net.latencyUs
                    + (steps - crossing) * net.intraLatencyUs;
        // NCCL's "plateau effect of ring": a multi-node ring all-reduce of more than a few
        // chunks (from n/16 x 64 KiB on) takes longer to fill and drain its pipeline than the sum
        // of its steps.
        if (c == Collective::AllReduce && bytes >= n / 16.0 * 65536)
            latencyUs *= net.multiDomainRingFactor;
    }
    const double ring = factor * bytes / (net.busbwGBs * 1e9) + latencyUs * 1e-6;
    double best = ring;
    if (c == Collective::AllReduce && net.nvlsBusbwGBs > 0)
        best = std::min(best, factor * bytes / (net.nvlsBusbwGBs * 1e9) + net.nvlsLatencyUs * 1e-6);
    if (c == Collective::AllReduce && net.sharpBusbwGBs > 0)
        best = std::min(best,
                        factor * bytes / (net.sharpBusbwGBs * 1e9) + net.sharpLatencyUs * 1e-6);
    return best;
}

} // namespace topoplan
