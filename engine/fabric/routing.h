#pragma once

#include "engine/fabric/collective.h"
#include "engine/fabric/fabricgraph.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace topoplan {

// Group bandwidth (DESIGN.md): the traffic of every group of one parallel dimension, routed
// the way NCCL would, added up per link; each group's bus bandwidth is set by the link that is
// most loaded relative to its effective capacity.

struct GroupRoute
{
    // nccl-tests bus bandwidth, GB/s: min over the edges the group loads of effective capacity
    // / load. Infinite for a group of one GPU (it sends nothing), 0 when not connected.
    double busbwGBs = 0;
    std::optional<std::size_t> bottleneckEdge; // the edge that sets busbwGBs
    std::string bottleneckId;                  // its FabricGraph::edgeLabel()
    std::string bottleneckDevice;              // its FabricGraph::edgeDevice()
    // The worst class on any path the group uses. The PCIe hop between a GPU and its own NIC
    // (GPUDirect RDMA) belongs to the NIC and does not count; the host's PCIe between two GPUs
    // of a server without NVLink does.
    LinkClass linkClass = LinkClass::NVLink;
    bool crossesDomain = false; // members in more than one NVLink domain
    int maxHops = 0;            // edges on the longest member-to-member path routed
    int maxSwitchHops = 0;      // switches on it
    double pathLatencyUs = 0;   // edge latencies plus switch latencies of the worst path
    bool connected = true;      // every member pair the collective routes has a path
    // Member GPUs without a path: a GPU whose node has no NIC or whose NIC has no cable; when
    // both ends of a failed pair are cabled (separate networks), both GPUs.
    std::vector<std::string> unreachableIds;
    std::vector<std::string> domainIds; // the domains of its members, in ring order
    // An all-reduce's bus bandwidth with NVLink SHARP, GB/s: for a group inside one NVLink
    // domain whose every port reduces in the NVSwitch (EdgeRates::nvlsGBs), the tightest port's
    // NVLS rate over its load; 0 where the group cannot use NVLS.
    double nvlsBusbwGBs = 0;
    // Traffic (in the collective's units) that left through another GPU's NIC because the two
    // NICs are on networks that do not meet (rails of a rail-only fabric, planes): NCCL's PXN,
    // which first crosses NVLink to the GPU on the right rail. 0 where none did.
    double forwardedShare = 0;
    // A pair whose NICs are on networks that do not meet, and neither domain has a GPU on the
    // other's network to forward through (a domain smaller than the rails).
    bool unforwarded = false;
};

// What NCCL's own limits make of a ring that leaves its domains.
struct RouteOptions
{
    // The network channels (NIC pairs) a ring drives across each domain boundary
    // (CollectiveTuning::ringNetworkChannels); 0: one per member pair, unbounded.
    int ringNetworkChannels = 0;
    // The switches reduce what a ring sends across the network (InfiniBand SHARP, NCCL's CollNet):
    // each channel's NIC sends its share up once and receives the result once, half of what a
    // ring's 2 (n-1)/n passes put through it.
    bool networkReduction = false;
    // A bound, not a route: the links between switches taken as infinitely fast. Every group is
    // routed as it would be, over the GPUs' NVLink, host and NIC links (loaded concurrently, as
    // always), but what it sends from one switch to another loads nothing, so a group's bus
    // bandwidth is at least, and its path latency at most, what the full route gives; hop
    // counts are the full route's. Costs a pass over the flows instead of one over every
    // destination switch's paths: what the planner bounds a set of degrees with (bestplans.h).
    bool idealSwitches = false;
};

struct RouteResult
{
    std::vector<GroupRoute> groups; // one per input group, same order
    std::vector<double> edgeLoad;   // per edge index: units of collective traffic it carries
};

// How a ring over `members` (GPU vertices in ring order) is cut where it leaves a run of
// them: runs of consecutive members in one NVLink domain; but where the group spans nodes that
// each hold several of its domains (bridged GPUs, a PCIe-only server), runs of consecutive
// members on one node, which step between the node's domains through its host, so that the
// ring leaves every node from as many of its GPUs (and NICs) as channels allow, as NCCL's
// rings (one a channel, each leaving the node at another GPU) do. [begin, end) per run.
std::vector<std::pair<std::size_t, std::size_t>> ringRuns(const FabricGraph &g,
                                                          std::span<const VertexId> members);
// The channels a ring runs from a run of `r` members to the next of `next`, among `runs` runs:
// min(r, next, bound), the bound doubled for two runs; bound <= 0 is none.
std::size_t ringChannels(std::size_t r, std::size_t next, std::size_t runs, int bound);

// All `groups` run `c` at the same time and share links. Members are GPU vertices.
//
// Flows, in units of one GPU's ring traffic (so that a link carrying 1 limits the group to
// that link's effective bandwidth):
// - ring (all-reduce, all-gather, reduce-scatter): members ordered by domain. A group in one
//   domain is one ring over NVLink, a unit per hop; where the domain's GPUs are joined
//   directly (a mesh, bridged groups), as many rings as a GPU has peers, a GPU's unit spread
//   over its links to the others. A group over several runs (ringRuns()) runs
//   k = min(members in A, members in B, the channel bound) channels across each boundary
//   A -> B, spread evenly over the members (the same local positions on both sides, so rails
//   stay aligned): each sends 1/k through its NIC to its peer in B. The channel bound is
//   options.ringNetworkChannels, doubled for a group over exactly two domains (NCCL prices a
//   one- or two-node collective at its intra-node bandwidth, tuning.cc: `nNodes <= 2 ?
//   bwIntra : bwInter`; the two-node tree exchanges halves, both ways at once). Each channel
//   also passes the r members of a domain (r - 1 hops of 1/k), which spread over the
//   domain's cyclic chain are (r - 1)/r of a unit per NVLink hop. So a group with k GPUs in
//   each node gets about k NICs across nodes, up to the bound.
// - all-to-all: every member sends 1/(n-1) to every other member.
// - send/recv: consecutive members (in the given order) exchange a unit each way.
// Inside a domain traffic goes over NVLink (through the NVSwitch, or the direct xGMI link);
// between GPUs of one PCIe-only server through the host; else GPU -> own NIC -> network ->
// peer's NIC -> GPU, split evenly (per cable) over every equal-cost shortest path (ECMP).
// Where the two NICs are on networks that do not meet (a rail-only fabric's rails, the planes
// of a multi-plane one), as NCCL's PXN: over NVLink (or the host) to the sender's GPU whose NIC
// is on the receiver's network, then through it; else into the receiver's domain at the GPU on
// the sender's network and over NVLink last (GroupRoute::forwardedShare, unforwarded).
RouteResult routeConcurrent(const FabricGraph &g, const std::vector<std::vector<VertexId>> &groups,
                            Collective c, const RouteOptions &options = {});

} // namespace topoplan
