#pragma once

#include "engine/core/error.h"
#include "engine/fabric/collective.h"
#include "engine/fabric/fabricfacts.h"
#include "engine/fabric/fabricgraph.h"
#include "engine/fabric/routing.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"
#include "engine/model/workload.h"
#include "engine/perf/perfmodel.h"
#include "engine/perf/softwaremodel.h"
#include "engine/plan/diagnostics.h"
#include "engine/plan/placement.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace topoplan {

// The analysis pipeline (DESIGN.md "How data flows"): a plan is placed on the GPUs, every
// parallel dimension's groups are routed over the fabric graph with the collective they run,
// the slowest group of each dimension gives the time model its network, and the result is
// diagnosed.

// The traffic one dimension puts on one edge of the fabric graph.
struct EdgeLoad
{
    std::size_t edge = 0;   // FabricGraph edge index
    double load = 0;        // units of one GPU's collective traffic (routing.h)
    double utilization = 0; // share of the edge's effective bandwidth in use while the
                            // dimension's groups run at its bus bandwidth: 1 on the bottleneck
};

// One parallel dimension of an analysed plan.
struct DimensionResult
{
    // TP, CP, EP, DP, PP or EDP. DP stands for the gradient reduction's groups: the
    // data-parallel ranks of one model replica slice together with its context-parallel ranks
    // (Megatron-Core reduces dense gradients over DP x CP), so `size` is dp x cp.
    Dim dim = Dim::TP;
    Collective collective = Collective::AllReduce;
    int size = 1;  // GPUs per group
    int count = 0; // groups, all running at once
    // The slowest group's figures: the step waits for the last group to finish.
    DimNetwork network;
    int worstGroup = 0;                  // its index among the dimension's groups
    GroupRoute worst;                    // its route: bus bandwidth, bottleneck, class, hops
    std::vector<std::string> worstGpus;  // its members' GPU ids, in rank order
    std::vector<std::string> worstNodes; // their nodes' ids, each once, in rank order
    int groupsCrossingDomain = 0;        // groups with members in several NVLink domains
    int groupsDisconnected = 0;          // groups with a member pair that has no path
    // Groups part of whose traffic crosses NVLink to another GPU's NIC first, because the
    // NICs are on rails or planes that meet in no switch (NCCL's PXN; GroupRoute), and the
    // most any group forwards, in units of one GPU's traffic.
    int groupsForwarded = 0;
    double forwardedShare = 0;
    // Every edge the dimension's groups load, by edge index: for colouring links by load.
    std::shared_ptr<const std::vector<EdgeLoad>> edgeLoads;
    // What the dimension's bulk traffic runs as under the job's software (the all-reduce, or the
    // reduce-scatter and all-gather that replace it with sequence parallelism or the distributed
    // optimizer) and the bus bandwidth that gives: `network`'s ring figure, or NVLS's or IB
    // SHARP's where NCCL would pick them. `network` holds only what the software uses.
    CollectiveChoice bulk;
};

// The collective that carries dimension `d`'s bulk traffic under `t`: TP's all-reduce becomes an
// all-gather and a reduce-scatter with sequence parallelism, the gradients' all-reduce a
// reduce-scatter and an all-gather with the distributed optimizer or FSDP.
Collective bulkCollectiveOf(Dim d, Collective routed, const TrainingSpec &t);

struct AnalysisResult
{
    int gpus = 0;
    Workload workload;    // as analysed
    Plan plan;            // dp resolved
    std::string gpuModel; // catalog id of the GPU the step is projected on
    StepEstimate step;
    // How far projections of this class of run (the GPU's family, dense or MoE, the scale) fall
    // from published runs: the catalog's published-runs table (projectionBand()).
    ProjectionBand band;
    // "uses 5,120 of 5,128 GPUs: 1 server idle" where the plan leaves domains idle (Plan::domains)
    std::string idle;
    // Every dimension with groups of two GPUs or more, in the order tp, cp, ep, dp, pp, edp.
    std::vector<DimensionResult> dimensions;
    // Errors first, then warnings, then information.
    std::vector<Diagnostic> diagnostics;

    const DimensionResult *dimension(Dim d) const;
};

// Built once per (topology, catalog): holds the fabric graph and caches routing results by
// group layout, so that plans which share a layout (the same dimension size and stride, the
// same collective) reuse the routes. Const member functions may run on several threads at once.
class Analyzer
{
public:
    static Expected<Analyzer> create(const Topology &topology,
                                     const Catalog &catalog = Catalog::builtin());

    // Resolves dp, validates the plan (an invalid one is an Error whose `where` names the field;
    // planInvalid() turns it into the PLAN_INVALID diagnostic), places it, routes every
    // dimension, projects the step and diagnoses it.
    Expected<AnalysisResult> analyze(const Workload &w, const Plan &p,
                                     const SoftwareModel &sw = {}) const;

    // The network of every dimension of a valid plan (dp resolved) and the step it gives,
    // without placement, per-edge loads or diagnostics: what the planner ranks plans by. With
    // `keepLoads`, the routes' per-edge loads stay in the cache (as far as it keeps loads) for
    // an analyze() of the plan to come.
    PlanNetwork network(const Plan &p, bool keepLoads = false) const;
    // What no network of this design gives the plan's groups more of: each dimension's first
    // group routed alone, as network() would route it but with the links between switches
    // infinitely fast (RouteOptions::idealSwitches) and no latency for the switches it passes.
    // So each bus bandwidth is at least and each latency at most network()'s, and the bus
    // bandwidth equal to it wherever the groups are alike and the switches not the bottleneck.
    // One group's flows, not every group's over every switch's paths: what the planner bounds
    // a set of degrees with.
    PlanNetwork networkBound(const Plan &p) const;
    StepEstimate estimate(const Workload &w, const Plan &p, const SoftwareModel &sw = {}) const;

    const FabricGraph &graph() const { return m_graph; }
    const Catalog &catalog() const { return *m_catalog; }
    const Topology &topology() const { return *m_topology; }
    const FabricFacts &facts() const { return *m_facts; }
    int gpuCount() const { return static_cast<int>(m_graph.gpus().size()); }
    // The GPU (index in FabricGraph::gpus()) of each rank when `gpusPerDomain` GPUs of every
    // NVLink domain take ranks (Plan::gpusPerDomain): the first that many of each domain with
    // at least that many, domain after domain; domains with fewer are left out. 0: every GPU,
    // in order. Empty when no domain has that many GPUs.
    // With `domains` > 0, only the first that many such domains: the rest stay idle.
    std::vector<int> rankGpus(int gpusPerDomain, int domains = 0) const;
    std::vector<int> rankGpus(const Plan &p) const { return rankGpus(p.gpusPerDomain, p.domains); }
    // NVLink domains with at least `gpusPerDomain` GPUs (0: every domain).
    int rankDomains(int gpusPerDomain) const;
    // "uses 5,120 of 5,128 GPUs: 1 server idle" for a plan that leaves domains idle; empty
    // when it uses every GPU.
    std::string idleText(const Plan &p) const;
    // Every switch of the fabric reduces in the network (SwitchModel::sharp): InfiniBand SHARP
    // trees span the fabric, so one switch without it rules them out.
    bool sharpFabric() const;
    // GPUs in the largest NVLink domain.
    int domainSize() const;
    // The GPU steps are projected on: the nodes' GPU, or the slowest of several.
    const GpuModel &gpuModel() const { return m_facts->gpu; }
    // The host memory one GPU has to itself, GB (0: not stated): offloaded activations' room.
    double hostMemoryGBPerGpu() const { return m_facts->hostMemoryGBPerGpu; }

private:
    Analyzer(std::shared_ptr<const Catalog> catalog, FabricGraph graph,
             std::shared_ptr<const Topology> topology, std::shared_ptr<const FabricFacts> facts);

    // A dimension's groups as rank axes (size, stride), with the collective they run.
    struct Layout
    {
        std::vector<std::pair<int, int>> axes; // canonical: by stride, merged, no size 1
        Collective collective = Collective::AllReduce;
        int gpusPerDomain = 0;      // Plan::gpusPerDomain: which GPUs the ranks run on
        int domains = 0;            // Plan::domains
        bool idealSwitches = false; // routed as a bound (networkBound())
        bool operator==(const Layout &) const = default;
        bool operator<(const Layout &o) const
        {
            return std::tie(axes, collective, gpusPerDomain, domains, idealSwitches)
                   < std::tie(o.axes, o.collective, o.gpusPerDomain, o.domains, o.idealSwitches);
        }
    };
    struct Routed;
    struct Cache;

    static Layout layoutOf(const RankLayout &ranks, const std::vector<std::string> &dims,
                           Collective c);
    std::shared_ptr<const Routed> route(const Layout &layout, bool withLoads) const;
    std::shared_ptr<const Routed> routeUncached(const Layout &layout, bool withLoads) const;
    std::vector<std::pair<Dim, Layout>> layoutsOf(const Plan &p) const;
    // network() and networkBound(): every dimension's layout routed, or routed as a bound.
    PlanNetwork networkOf(const Plan &p, bool idealSwitches, bool keepLoads) const;
    DimensionResult dimensionResult(Dim d, const Layout &layout, const Routed &r) const;

    // The graph's edges and domains point at the catalog's media: it lives as long as they do.
    std::shared_ptr<const Catalog> m_catalog;
    FabricGraph m_graph;
    std::shared_ptr<const Topology> m_topology;
    std::shared_ptr<const FabricFacts> m_facts;
    std::shared_ptr<Cache> m_cache;
};

} // namespace topoplan
