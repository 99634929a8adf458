#include "engine/perf/perfcomm.h"

#include <algorithm>
#include <array>
#include <limits>

namespace topoplan {

namespace {

// The algorithms `net` offers `c` besides the ring: NVLS and IB SHARP reduce, so only an
// all-reduce can use them (NCCL's NVLS and CollNet reduce-scatter and all-gather need one GPU per
// NIC and, across nodes, its CollNet plugin's support; they move no fewer bytes than the ring).
struct Alternative
{
    CollectiveAlgorithm algorithm;
    double busbwGBs, latencyUs;
};

// Both, whether offered or not (busbwGBs 0: not offered). A fixed array: the planner prices
// collectives millions of times, and this is on that path.
std::array<Alternative, 2> alternatives(Collective c, const DimNetwork &net)
{
    const bool reduce = c == Collective::AllReduce;
    return {{{CollectiveAlgorithm::Nvls, reduce ? net.nvlsBusbwGBs : 0, net.nvlsLatencyUs},
             {CollectiveAlgorithm::IbSharp, reduce ? net.sharpBusbwGBs : 0, net.sharpLatencyUs}}};
}

CollectiveAlgorithm baseAlgorithm(Collective c)
{
    return isRing(c) ? CollectiveAlgorithm::Ring : CollectiveAlgorithm::PointToPoint;
}

// A ring's (or a point-to-point exchange's) bandwidth factor (bus bytes per byte) and its
// latency for `bytes` over `n` ranks.
struct RingTerms
{
    double factor = 1, latencyUs = 0;
};

RingTerms ringTerms(Collective c, double bytes, int n, const DimNetwork &net)
{
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
        // Only the steps that hand a chunk from one domain to the next wait for the network, or,
        // between two domains of one host, for the host's PCIe.
        const int passes = c == Collective::AllReduce ? 2 : 1;
        const int nodes = net.nodes > 0 ? std::min(net.nodes, net.domains) : net.domains;
        const double crossing = std::min(steps, double(passes * (net.domains - 1)));
        const double leaving = std::min(crossing, double(passes * (nodes - 1)));
        latencyUs = net.baseLatencyUs + leaving * net.latencyUs
                    + (crossing - leaving) * net.hostLatencyUs
                    + (steps - crossing) * net.intraLatencyUs;
        // NCCL's "plateau effect of ring": a multi-node ring all-reduce of more than a few
        // chunks (from n/16 x 64 KiB on) takes longer to fill and drain its pipeline than the sum
        // of its steps. Inside one host NCCL runs no multi-node ring.
        if (c == Collective::AllReduce && nodes > 1 && bytes >= n / 16.0 * 65536)
            latencyUs *= net.multiDomainRingFactor;
    }
    return {factor, latencyUs};
}

} // namespace

const char *toString(CollectiveAlgorithm a)
{
    switch (a) {
    case CollectiveAlgorithm::Ring:
        return "ring";
    case CollectiveAlgorithm::Nvls:
        return "NVLS";
    case CollectiveAlgorithm::IbSharp:
        return "IB SHARP";
    case CollectiveAlgorithm::PointToPoint:
        return "point-to-point";
    }
    return "ring";
}

CollectiveChoice chooseCollective(Collective c, double bytes, int n, const DimNetwork &net)
{
    CollectiveChoice ring{baseAlgorithm(c), net.busbwGBs, 0, 0};
    if (n <= 1 || bytes <= 0)
        return ring;
    if (net.busbwGBs <= 0) {
        ring.seconds = std::numeric_limits<double>::infinity();
        return ring;
    }
    const RingTerms r = ringTerms(c, bytes, n, net);
    ring.latencyUs = r.latencyUs;
    ring.seconds = r.factor * bytes / (net.busbwGBs * 1e9) + r.latencyUs * 1e-6;
    CollectiveChoice best = ring;
    for (const Alternative &a : alternatives(c, net)) {
        if (a.busbwGBs <= 0)
            continue;
        const double t = r.factor * bytes / (a.busbwGBs * 1e9) + a.latencyUs * 1e-6;
        if (t < best.seconds)
            best = {a.algorithm, a.busbwGBs, t, a.latencyUs};
    }
    return best;
}

double collectiveSeconds(Collective c, double bytes, int n, const DimNetwork &net)
{
    return chooseCollective(c, bytes, n, net).seconds;
}

CollectiveChoice bulkCollective(Collective c, int n, const DimNetwork &net)
{
    const double large = std::numeric_limits<double>::max();
    CollectiveChoice best{baseAlgorithm(c), net.busbwGBs, 0,
                          n > 1 ? ringTerms(c, large, n, net).latencyUs : 0};
    for (const Alternative &a : alternatives(c, net)) {
        if (a.busbwGBs > best.busbwGBs)
            best = {a.algorithm, a.busbwGBs, 0, a.latencyUs};
    }
    return best;
}

} // namespace topoplan
