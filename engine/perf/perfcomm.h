#pragma once

#include "engine/fabric/collective.h"
#include "engine/model/catalog.h"

#include <optional>

namespace topoplan {

// What the network gives one parallel dimension's collective (from routing): the bus bandwidth
// (nccl-tests busbw) each of its groups gets while all of them run at once, and the latency of
// its steps.
struct DimNetwork
{
    double busbwGBs = 0;
    // One step over the slowest hop a group uses: the network's where the group leaves its
    // NVLink domain.
    double latencyUs = 0;
    LinkClass linkClass = LinkClass::NVLink;
    bool crossesDomain = false;
    // NVLink domains a group spans (NCCL's nodes). Where it spans more than one, a ring's steps
    // inside a domain cost intraLatencyUs and only those that cross between domains latencyUs.
    int domains = 1;
    double intraLatencyUs = 0;
    // Hosts a group spans (NCCL's nodes; a multi-node NVLink domain counts as one; 0: one per
    // domain). Where a host holds several of the group's domains (NVLink-bridged groups,
    // PCIe-only GPUs), a step between two of them goes through the host and costs
    // hostLatencyUs, not the network's latencyUs.
    int nodes = 0;
    double hostLatencyUs = 0;
    // Per collective, whatever its size (kernel launch and synchronisation), and the factor on a
    // ring all-reduce's latency once it crosses domains (CollectiveTuning, catalog.h).
    double baseLatencyUs = 0;
    double multiDomainRingFactor = 1;
    // NVLink SHARP: an all-reduce's bus bandwidth when the NVSwitches reduce it (0: the groups
    // cannot, or the job turns it off) and its latency, whatever the size (NCCL's tuning model).
    double nvlsBusbwGBs = 0;
    double nvlsLatencyUs = 0;
    // InfiniBand SHARP: an all-reduce's bus bandwidth when every switch of the fabric reduces
    // the part that crosses the network (0: it cannot, or the job does not enable it), and its
    // latency, whatever the size.
    double sharpBusbwGBs = 0;
    double sharpLatencyUs = 0;
};

// The network figures of every dimension of a plan. `dp` is the gradient reduction's group
// (data-parallel x context-parallel ranks), `ep` the expert all-to-all's, `edp` the expert
// gradients' group (expert-data-parallel; when not given, dp's figures are used).
struct PlanNetwork
{
    DimNetwork tp, cp, ep, pp, dp;
    std::optional<DimNetwork> edp;
    // A GPU's copies to and from host memory, GB/s per direction (FabricFacts::hostLinkGBs);
    // 0: not known, offloaded activations then cost no time.
    double hostLinkGBs = 0;
    // The host memory one GPU has to itself, GB (FabricFacts::hostMemoryGBPerGpu); 0: not
    // known, offloaded activations are then not checked against it.
    double hostMemoryGB = 0;
};

// Alpha-beta time of one collective over `n` ranks, nccl-tests' conventions
// (doc/PERFORMANCE.md): `bytes` is the buffer size S (all-gather: the gathered result;
// reduce-scatter: the input; all-to-all: what one rank sends in all), and
// t = factor x S / busbw + latency with factor 2(n-1)/n and 2(n-1) ring steps for all-reduce,
// (n-1)/n and n-1 steps for all-gather, reduce-scatter and all-to-all, 1 and one step for
// send/recv. The latency is NCCL's own ring model (src/graph/tuning.cc): a base per collective
// plus each step's hop latency, where a ring over d domains crosses between them in 2(d-1)
// steps of an all-reduce (d-1 of an all-gather or reduce-scatter) and stays on NVLink in the
// others; a ring all-reduce over several domains has its latency scaled by the plateau factor.
// An all-reduce the NVSwitches can reduce (nvlsBusbwGBs > 0) runs as NVLS where that is faster,
// as NCCL picks the algorithm its model predicts fastest: factor x S / nvlsBusbw + its latency.
// 0 when n = 1; infinite when the network has no bandwidth.
double collectiveSeconds(Collective c, double bytes, int n, const DimNetwork &net);

// How NCCL runs a collective: as a ring, reduced in the NVSwitches (NVLS), reduced in the
// InfiniBand switches (SHARP, NCCL's CollNet), or, for send/recv and all-to-all, as direct
// transfers between the ranks.
enum class CollectiveAlgorithm { Ring, Nvls, IbSharp, PointToPoint };

// "ring", "NVLS", "IB SHARP", "point-to-point"
const char *toString(CollectiveAlgorithm a);

// NVLS and IB SHARP: the switches reduce.
constexpr bool reducesInSwitches(CollectiveAlgorithm a)
{
    return a == CollectiveAlgorithm::Nvls || a == CollectiveAlgorithm::IbSharp;
}

// The algorithm a collective runs as, the bus bandwidth that algorithm gets, the time, and the
// part of that time it takes whatever its size (a ring's base and steps, NVLS's or SHARP's
// fixed latency).
struct CollectiveChoice
{
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
    double busbwGBs = 0;
    double seconds = 0;
    double latencyUs = 0;
};

// The fastest of the algorithms `net` offers collective `c` of `bytes` over `n` ranks, as
// collectiveSeconds prices it (its `seconds`).
CollectiveChoice chooseCollective(Collective c, double bytes, int n, const DimNetwork &net);

// The algorithm NCCL settles on for large buffers, where latency no longer counts: the one
// with the highest bus bandwidth. What a dimension's groups of `n` ranks "get" (the Groups
// table), with that algorithm's latency for a large buffer.
CollectiveChoice bulkCollective(Collective c, int n, const DimNetwork &net);

} // namespace topoplan
