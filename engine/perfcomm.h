#pragma once

#include "engine/catalog.h"
#include "engine/collective.h"

#include <optional>

namespace topoplan {

// What the network gives one parallel dimension's collective (from routing): the bus bandwidth
// (nccl-tests busbw) each of its groups gets while all of them run at once, and the latency of
// one ring step.
struct DimNetwork
{
    double busbwGBs = 0;
    double latencyUs = 0;
    LinkClass linkClass = LinkClass::NVLink;
    bool crossesDomain = false;
};

// The network figures of every dimension of a plan. `dp` is the gradient reduction's group
// (data-parallel x context-parallel ranks), `ep` the expert all-to-all's, `edp` the expert
// gradients' group (expert-data-parallel; when not given, dp's figures are used).
struct PlanNetwork
{
    DimNetwork tp, cp, ep, pp, dp;
    std::optional<DimNetwork> edp;
};

// Alpha-beta time of one collective over `n` ranks, nccl-tests' conventions
// (doc/PERFORMANCE.md): `bytes` is the buffer size S (all-gather: the gathered result;
// reduce-scatter: the input; all-to-all: what one rank sends in all), and
// t = factor x S / busbw + steps x latency with factor 2(n-1)/n and 2(n-1) ring steps for
// all-reduce, (n-1)/n and n-1 steps for all-gather, reduce-scatter and all-to-all, 1 and one
// step for send/recv. 0 when n = 1; infinite when the network has no bandwidth.
double collectiveSeconds(Collective c, double bytes, int n, const DimNetwork &net);

} // namespace topoplan
