#include "engine/plan/analysis.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <numeric>

namespace topoplan {

namespace {

// Routed layouts whose per-edge loads stay in the cache, at most so many and so many loads in
// all (32M, 768 MB: a 131,072-GPU dimension loads 0.3M to 1.1M edges, and a sweep of one
// analyses about 30 dimensions); the loads used longest ago go first, and their layouts keep
// only their network figures (a few hundred bytes).
constexpr std::size_t kCachedLoads = 64;
constexpr std::size_t kCachedLoadEntries = 32'000'000;

// The size of each group of rank axes (size, stride).
int groupSize(const std::vector<std::pair<int, int>> &axes)
{
    int size = 1;
    for (const auto &[n, stride] : axes)
        size *= n;
    return size;
}

// The groups of rank axes (size, stride) over `world` ranks, as RankLayout::groups() forms
// them: ranks in increasing order, groups ordered by their first rank; the first `most`.
std::vector<std::vector<int>> groupsOf(const std::vector<std::pair<int, int>> &axes, int world,
                                       std::size_t most = std::numeric_limits<std::size_t>::max())
{
    const int size = groupSize(axes);
    std::vector<std::vector<int>> out;
    out.reserve(std::min<std::size_t>(world / size, most));
    for (int leader = 0; leader < world && out.size() < most; ++leader) {
        bool leads = true;
        for (const auto &[n, stride] : axes)
            leads = leads && (leader / stride) % n == 0;
        if (!leads)
            continue;
        std::vector<int> group{leader};
        group.reserve(size);
        for (const auto &[n, stride] : axes) {
            const std::size_t before = group.size();
            for (int i = 1; i < n; ++i) {
                for (std::size_t j = 0; j < before; ++j)
                    group.push_back(group[j] + i * stride);
            }
        }
        std::sort(group.begin(), group.end());
        out.push_back(std::move(group));
    }
    return out;
}

// Folds the route of one pipeline pair into its group's.
void mergePair(GroupRoute *into, const GroupRoute &pair)
{
    if (pair.busbwGBs < into->busbwGBs) {
        into->busbwGBs = pair.busbwGBs;
        into->bottleneckEdge = pair.bottleneckEdge;
        into->bottleneckId = pair.bottleneckId;
    }
    into->linkClass = std::max(into->linkClass, pair.linkClass);
    into->maxHops = std::max(into->maxHops, pair.maxHops);
    into->maxSwitchHops = std::max(into->maxSwitchHops, pair.maxSwitchHops);
    into->pathLatencyUs = std::max(into->pathLatencyUs, pair.pathLatencyUs);
    into->connected = into->connected && pair.connected;
    into->forwardedShare += pair.forwardedShare;
    into->unforwarded = into->unforwarded || pair.unforwarded;
    for (const std::string &id : pair.unreachableIds) {
        if (std::find(into->unreachableIds.begin(), into->unreachableIds.end(), id)
            == into->unreachableIds.end())
            into->unreachableIds.push_back(id);
    }
}

// Where a dimension's figures go in the time model's input.
DimNetwork &networkSlot(PlanNetwork *net, Dim d)
{
    switch (d) {
    case Dim::TP:
        return net->tp;
    case Dim::CP:
        return net->cp;
    case Dim::EP:
        return net->ep;
    case Dim::DP:
        return net->dp;
    case Dim::PP:
        return net->pp;
    case Dim::EDP:
        break;
    }
    return net->edp.emplace();
}

} // namespace

// A routed layout: the figures of its slowest group and, when asked for, every edge's load.
struct Analyzer::Routed
{
    int size = 1;
    int count = 0;
    DimNetwork network; // busbw of the slowest group; the worst class any group uses
    int worstGroup = 0;
    GroupRoute worst;
    std::vector<int> worstMembers; // GPU indices
    int crossing = 0;
    int disconnected = 0;
    int forwarded = 0;
    double forwardedShare = 0; // of the group that forwards most
    std::shared_ptr<const std::vector<EdgeLoad>> loads;
};

struct Analyzer::Cache
{
    std::mutex mutex;
    std::map<Layout, std::shared_ptr<const Routed>> routes;
    std::deque<Layout> withLoads; // oldest first
    std::size_t loadEntries = 0;  // their loads, in all
};

const DimensionResult *AnalysisResult::dimension(Dim d) const
{
    for (const DimensionResult &r : dimensions) {
        if (r.dim == d)
            return &r;
    }
    return nullptr;
}

Analyzer::Analyzer(std::shared_ptr<const Catalog> catalog, FabricGraph graph,
                   std::shared_ptr<const Topology> topology,
                   std::shared_ptr<const FabricFacts> facts)
    : m_catalog(std::move(catalog))
    , m_graph(std::move(graph))
    , m_topology(std::move(topology))
    , m_facts(std::move(facts))
    , m_cache(std::make_shared<Cache>())
{}

Expected<Analyzer> Analyzer::create(const Topology &topology, const Catalog &catalog)
{
    auto own = std::make_shared<const Catalog>(catalog);
    Expected<FabricGraph> graph = FabricGraph::build(topology, *own);
    if (!graph)
        return graph.error();
    Expected<FabricFacts> facts = FabricFacts::of(topology, *own, *graph);
    if (!facts)
        return facts.error();
    return Analyzer(std::move(own), std::move(*graph), std::make_shared<const Topology>(topology),
                    std::make_shared<const FabricFacts>(std::move(*facts)));
}

int Analyzer::domainSize() const
{
    std::size_t largest = 0;
    for (const NVLinkDomain &d : m_graph.domains())
        largest = std::max(largest, d.gpus.size());
    return static_cast<int>(largest);
}

Analyzer::Layout Analyzer::layoutOf(const RankLayout &ranks, const std::vector<std::string> &dims,
                                    Collective c)
{
    Layout l;
    // Ring collectives load the links alike, so they share routes.
    l.collective = isRing(c) ? Collective::AllReduce : c;
    for (const std::string &d : dims) {
        if (ranks.size(d) > 1)
            l.axes.push_back({ranks.size(d), ranks.stride(d)});
    }
    std::sort(l.axes.begin(), l.axes.end(),
              [](const auto &a, const auto &b) { return a.second < b.second; });
    // Adjacent axes (the outer's stride = the inner's span) are one axis.
    std::vector<std::pair<int, int>> merged;
    for (const auto &axis : l.axes) {
        if (!merged.empty() && merged.back().first * merged.back().second == axis.second)
            merged.back().first *= axis.first;
        else
            merged.push_back(axis);
    }
    l.axes = std::move(merged);
    return l;
}

// The layouts of every dimension with groups of two GPUs or more (ranks as Megatron-Core
// forms them; see placement.h), in the order tp, cp, ep, dp, pp, edp.
std::vector<std::pair<Dim, Analyzer::Layout>> Analyzer::layoutsOf(const Plan &p) const
{
    const RankLayout dense(p, false), expert(p, true);
    std::vector<std::pair<Dim, Layout>> out;
    if (p.tp > 1)
        out.push_back({Dim::TP, layoutOf(dense, {"tp"}, Collective::AllReduce)});
    // Ring attention passes K/V blocks around the CP ring: a ring all-gather's traffic.
    if (p.cp > 1)
        out.push_back({Dim::CP, layoutOf(dense, {"cp"}, Collective::AllGather)});
    if (p.ep > 1)
        out.push_back({Dim::EP, layoutOf(expert, {"ep"}, Collective::AllToAll)});
    // Dense gradients are reduced over DP x CP.
    if (p.dp * p.cp > 1)
        out.push_back({Dim::DP, layoutOf(dense, {"cp", "dp"}, Collective::AllReduce)});
    if (p.pp > 1)
        out.push_back({Dim::PP, layoutOf(dense, {"pp"}, Collective::SendRecv)});
    if (p.ep > 1 && expert.size("dp") > 1)
        out.push_back({Dim::EDP, layoutOf(expert, {"dp"}, Collective::AllReduce)});
    for (auto &[dim, layout] : out) {
        layout.gpusPerDomain = p.gpusPerDomain;
        layout.domains = p.domains;
    }
    return out;
}

bool Analyzer::sharpFabric() const
{
    bool any = false;
    for (const Switch &s : m_topology->switches) {
        const SwitchModel *model = m_catalog->switchModel(s.model);
        if (!model || !model->sharp)
            return false;
        any = true;
    }
    return any;
}

std::vector<int> Analyzer::rankGpus(int gpusPerDomain, int domains) const
{
    std::vector<int> out;
    if (gpusPerDomain <= 0 && domains <= 0) {
        out.resize(m_graph.gpus().size());
        std::iota(out.begin(), out.end(), 0);
        return out;
    }
    // GPU indices run domain by domain (FabricGraph::gpus()).
    int taken = 0;
    for (std::size_t v = 0; v < m_graph.gpus().size() && (domains <= 0 || taken < domains);) {
        const int domain = m_graph.domainOf(m_graph.gpus()[v]);
        std::size_t end = v;
        while (end < m_graph.gpus().size() && m_graph.domainOf(m_graph.gpus()[end]) == domain)
            ++end;
        const int size = int(end - v);
        if (size >= gpusPerDomain) {
            const int used = gpusPerDomain > 0 ? gpusPerDomain : size;
            for (int i = 0; i < used; ++i)
                out.push_back(int(v) + i);
            ++taken;
        }
        v = end;
    }
    return out;
}

int Analyzer::rankDomains(int gpusPerDomain) const
{
    int count = 0;
    for (std::size_t v = 0; v < m_graph.gpus().size();) {
        const int domain = m_graph.domainOf(m_graph.gpus()[v]);
        std::size_t end = v;
        while (end < m_graph.gpus().size() && m_graph.domainOf(m_graph.gpus()[end]) == domain)
            ++end;
        count += int(end - v) >= gpusPerDomain ? 1 : 0;
        v = end;
    }
    return count;
}

std::string Analyzer::idleText(const Plan &p) const
{
    const int all = rankDomains(p.gpusPerDomain);
    if (p.domains <= 0 || p.domains >= all)
        return {};
    const int idle = all - p.domains;
    // A domain of one node is a server; one of several (trays of an NVL72) is a rack.
    const std::vector<int> used = rankGpus(p);
    const int domain = m_graph.domainOf(m_graph.gpus()[used.front()]);
    const bool multiNode = domain >= 0 && m_graph.domains()[domain].nodes.size() > 1;
    const std::string unit = multiNode ? "rack" : "server";
    return "uses " + figure::count(long(used.size())) + " of "
           + figure::count(long(rankGpus(p.gpusPerDomain, 0).size()))
           + " GPUs: " + std::to_string(idle) + " " + unit + (idle == 1 ? "" : "s") + " idle";
}

std::shared_ptr<const Analyzer::Routed> Analyzer::route(const Layout &layout, bool withLoads) const
{
    {
        std::lock_guard<std::mutex> lock(m_cache->mutex);
        auto it = m_cache->routes.find(layout);
        if (it != m_cache->routes.end() && (!withLoads || it->second->loads)) {
            // Loads used last are dropped last.
            std::deque<Layout> &kept = m_cache->withLoads;
            if (it->second->loads && !(kept.back() == layout)) {
                kept.erase(std::find(kept.begin(), kept.end(), layout));
                kept.push_back(layout);
            }
            return it->second;
        }
    }
    // Routed outside the lock: two threads may route the same layout, to the same result.
    std::shared_ptr<const Routed> routed = routeUncached(layout, withLoads);
    std::lock_guard<std::mutex> lock(m_cache->mutex);
    std::shared_ptr<const Routed> &slot = m_cache->routes[layout];
    if (slot && (slot->loads || !routed->loads))
        return slot;
    slot = routed;
    if (routed->loads) {
        m_cache->withLoads.push_back(layout);
        m_cache->loadEntries += routed->loads->size();
        while (m_cache->withLoads.size() > 1
               && (m_cache->withLoads.size() > kCachedLoads
                   || m_cache->loadEntries > kCachedLoadEntries)) {
            std::shared_ptr<const Routed> &old = m_cache->routes[m_cache->withLoads.front()];
            m_cache->loadEntries -= old->loads->size();
            auto light = std::make_shared<Routed>(*old);
            light->loads.reset();
            old = std::move(light);
            m_cache->withLoads.pop_front();
        }
    }
    return routed;
}

// Routes every group of the layout at once. A pipeline's stages exchange with one neighbour at
// a time (1F1B pairs a send to the next stage with a receive from it, then the same with the
// previous one), so PP groups are routed as their even pairs (0-1, 2-3, ...) and then their
// odd pairs (1-2, 3-4, ...); a group gets the worse of its pairs, an edge the larger load.
std::shared_ptr<const Analyzer::Routed> Analyzer::routeUncached(const Layout &layout,
                                                                bool withLoads) const
{
    const std::vector<VertexId> &gpus = m_graph.gpus();
    const std::vector<int> placed = rankGpus(layout.gpusPerDomain, layout.domains);
    // A bound (networkBound()) needs no more than one group: alone, over ideal switches, the
    // first group gets at least the bus bandwidth the slowest of all gets together, and its
    // path no more latency than theirs but for the switches it passes, which a bound leaves
    // out (below).
    std::vector<std::vector<int>> groups = layout.idealSwitches
                                                   ? groupsOf(layout.axes, int(placed.size()), 1)
                                                   : groupsOf(layout.axes, int(placed.size()));
    const int count = layout.idealSwitches ? int(placed.size()) / groupSize(layout.axes)
                                           : int(groups.size());
    for (std::vector<int> &g : groups) {
        for (int &rank : g)
            rank = placed[rank];
    }
    auto vertices = [&](const std::vector<int> &members) {
        std::vector<VertexId> v;
        v.reserve(members.size());
        for (int m : members)
            v.push_back(gpus[m]);
        return v;
    };

    std::vector<GroupRoute> routes;
    std::vector<double> load;
    double sharpBusbw = 0;
    if (layout.collective != Collective::SendRecv) {
        std::vector<std::vector<VertexId>> input;
        input.reserve(groups.size());
        for (const std::vector<int> &g : groups)
            input.push_back(vertices(g));
        RouteOptions options;
        options.ringNetworkChannels = m_catalog->collectives().ringNetworkChannels;
        options.idealSwitches = layout.idealSwitches;
        RouteResult r = routeConcurrent(m_graph, input, layout.collective, options);
        routes = std::move(r.groups);
        load = std::move(r.edgeLoad);
        // With every switch reducing (InfiniBand SHARP), the same groups again as the switches
        // would run their all-reduces: the slowest group's bus bandwidth then.
        bool crosses = false;
        for (const GroupRoute &g : routes)
            crosses = crosses || g.crossesDomain;
        if (layout.collective == Collective::AllReduce && crosses && sharpFabric()) {
            options.networkReduction = true;
            const RouteResult reduced = routeConcurrent(m_graph, input, layout.collective, options);
            double slowest = std::numeric_limits<double>::infinity();
            for (const GroupRoute &g : reduced.groups)
                slowest = std::min(slowest, g.connected ? g.busbwGBs : 0.0);
            sharpBusbw = std::isfinite(slowest) ? slowest : 0;
        }
    } else {
        routes.resize(groups.size());
        std::vector<char> seen(groups.size(), 0);
        load.assign(m_graph.edgeCount(), 0.0);
        for (std::size_t phase = 0; phase < 2; ++phase) {
            std::vector<std::vector<VertexId>> pairs;
            std::vector<std::size_t> owner;
            for (std::size_t g = 0; g < groups.size(); ++g) {
                for (std::size_t i = phase; i + 1 < groups[g].size(); i += 2) {
                    pairs.push_back({gpus[groups[g][i]], gpus[groups[g][i + 1]]});
                    owner.push_back(g);
                }
            }
            if (pairs.empty())
                continue;
            RouteOptions options;
            options.idealSwitches = layout.idealSwitches;
            RouteResult r = routeConcurrent(m_graph, pairs, Collective::SendRecv, options);
            for (std::size_t i = 0; i < pairs.size(); ++i) {
                if (!seen[owner[i]])
                    routes[owner[i]] = r.groups[i];
                else
                    mergePair(&routes[owner[i]], r.groups[i]);
                seen[owner[i]] = 1;
            }
            for (std::size_t e = 0; e < load.size(); ++e)
                load[e] = std::max(load[e], r.edgeLoad[e]);
        }
        // A group's domains, in stage order, from its members.
        for (std::size_t g = 0; g < groups.size(); ++g) {
            GroupRoute &r = routes[g];
            r.domainIds.clear();
            for (int m : groups[g]) {
                const std::string &id = m_graph.domains()[m_graph.domainOf(gpus[m])].id;
                if (std::find(r.domainIds.begin(), r.domainIds.end(), id) == r.domainIds.end())
                    r.domainIds.push_back(id);
            }
            r.crossesDomain = r.domainIds.size() > 1;
        }
    }

    auto out = std::make_shared<Routed>();
    out->count = count;
    out->size = groups.empty() ? 1 : static_cast<int>(groups.front().size());
    double slowestConnected = std::numeric_limits<double>::infinity();
    LinkClass worstClass = LinkClass::NVLink;
    for (std::size_t g = 0; g < routes.size(); ++g) {
        const GroupRoute &r = routes[g];
        if (r.busbwGBs < routes[out->worstGroup].busbwGBs)
            out->worstGroup = static_cast<int>(g);
        if (r.connected)
            slowestConnected = std::min(slowestConnected, r.busbwGBs);
        worstClass = std::max(worstClass, r.linkClass);
        out->crossing += r.crossesDomain ? 1 : 0;
        out->disconnected += r.connected ? 0 : 1;
        out->forwarded += r.forwardedShare > 0 ? 1 : 0;
        out->forwardedShare = std::max(out->forwardedShare, r.forwardedShare);
    }
    if (!routes.empty()) {
        out->worst = routes[out->worstGroup];
        out->worstMembers = groups[out->worstGroup];
    }

    // One ring step's latency: the slowest hop's (each medium's latency is NCCL's per-step
    // figure over it; a GPU's own PCIe path to its NIC belongs to that step), plus the switches
    // the worst group's path passes.
    // A step that stays in a domain pays only the domain's hops (NVLink or xGMI), one between
    // two domains of a host the host's PCIe.
    double hopUs = 0, intraUs = 0, hostUs = 0, switchUs = 0;
    for (std::size_t e = 0; e < load.size(); ++e) {
        const EdgeRates &rates = m_graph.rates(e);
        if (load[e] <= 0 || rates.nicAttachment)
            continue;
        hopUs = std::max(hopUs, rates.latencyUs);
        if (isNetwork(rates.linkClass))
            continue;
        if (rates.linkClass == LinkClass::PCIe)
            hostUs = std::max(hostUs, rates.latencyUs);
        else
            intraUs = std::max(intraUs, rates.latencyUs);
    }
    if (intraUs <= 0)
        intraUs = hostUs;
    if (hostUs <= 0)
        hostUs = intraUs;
    for (int s = 0; s < m_graph.switchCount(); ++s)
        switchUs = std::max(switchUs, m_graph.switchLatencyUs(s));
    std::size_t domains = 1;
    for (const GroupRoute &r : routes)
        domains = std::max(domains, r.domainIds.size());
    // The hosts a group spans, NCCL's nodes: a domain inside one server is that server's, a
    // multi-node NVLink domain (a Domain container) one node of its own.
    std::size_t nodes = 1;
    if (domains > 1) {
        const std::vector<NVLinkDomain> &all = m_graph.domains();
        std::vector<long> keys;
        for (const std::vector<int> &g : groups) {
            keys.clear();
            for (int m : g) {
                const int d = m_graph.domainOf(gpus[m]);
                const NVLinkDomain &dom = all[d];
                keys.push_back(dom.custom || dom.nodes.empty() ? -1L - d : long(dom.nodes.front()));
            }
            std::sort(keys.begin(), keys.end());
            nodes = std::max(nodes,
                             std::size_t(std::unique(keys.begin(), keys.end()) - keys.begin()));
        }
    }
    const CollectiveTuning &tuning = m_catalog->collectives();
    out->network.busbwGBs = out->worst.connected ? out->worst.busbwGBs : 0;
    // The slowest group may pass fewer switches than the one a bound routes: a bound passes none.
    out->network.latencyUs
            = hopUs + (layout.idealSwitches ? 0 : out->worst.maxSwitchHops) * switchUs;
    out->network.linkClass = worstClass;
    out->network.crossesDomain = out->crossing > 0;
    out->network.domains = static_cast<int>(domains);
    out->network.intraLatencyUs = intraUs;
    out->network.nodes = static_cast<int>(nodes);
    out->network.hostLatencyUs = hostUs;
    out->network.baseLatencyUs = tuning.ringBaseLatencyUs;
    out->network.multiDomainRingFactor = tuning.multiDomainRingFactor;
    // NVLink SHARP where every group of the dimension can reduce in its NVSwitch.
    if (layout.collective == Collective::AllReduce && !routes.empty()) {
        double nvls = std::numeric_limits<double>::infinity();
        for (const GroupRoute &r : routes)
            nvls = std::min(nvls, r.nvlsBusbwGBs);
        out->network.nvlsBusbwGBs = std::isfinite(nvls) ? nvls : 0;
        out->network.nvlsLatencyUs = tuning.nvlsLatencyUs;
    }
    if (sharpBusbw > 0) {
        out->network.sharpBusbwGBs = sharpBusbw;
        out->network.sharpLatencyUs = tuning.sharpLatencyUs;
    }

    if (withLoads) {
        auto loads = std::make_shared<std::vector<EdgeLoad>>();
        for (std::size_t e = 0; e < load.size(); ++e) {
            if (load[e] <= 0)
                continue;
            const double busbw = std::isfinite(slowestConnected) ? slowestConnected : 0;
            loads->push_back({e, load[e], load[e] * busbw / m_graph.rates(e).effectiveGBs});
        }
        out->loads = std::move(loads);
    }
    return out;
}

DimensionResult Analyzer::dimensionResult(Dim d, const Layout &layout, const Routed &r) const
{
    DimensionResult out;
    out.dim = d;
    out.collective = d == Dim::CP ? Collective::AllGather : layout.collective;
    out.size = r.size;
    out.count = r.count;
    out.network = r.network;
    out.worstGroup = r.worstGroup;
    out.worst = r.worst;
    out.groupsCrossingDomain = r.crossing;
    out.groupsDisconnected = r.disconnected;
    out.groupsForwarded = r.forwarded;
    out.forwardedShare = r.forwardedShare;
    out.edgeLoads = r.loads;
    for (int m : r.worstMembers) {
        const FabricVertex &v = m_graph.vertex(m_graph.gpus()[m]);
        out.worstGpus.push_back(v.id);
        const std::string &node = m_topology->nodes[v.node].id;
        if (out.worstNodes.empty() || out.worstNodes.back() != node)
            out.worstNodes.push_back(node);
    }
    return out;
}

PlanNetwork Analyzer::network(const Plan &p, bool keepLoads) const
{
    return networkOf(p, false, keepLoads);
}

PlanNetwork Analyzer::networkBound(const Plan &p) const
{
    return networkOf(p, true, false);
}

PlanNetwork Analyzer::networkOf(const Plan &p, bool idealSwitches, bool keepLoads) const
{
    PlanNetwork net;
    for (auto [dim, layout] : layoutsOf(p)) {
        layout.idealSwitches = idealSwitches;
        networkSlot(&net, dim) = route(layout, keepLoads)->network;
    }
    net.hostLinkGBs = m_facts->hostLinkGBs;
    net.hostMemoryGB = m_facts->hostMemoryGBPerGpu;
    return net;
}

StepEstimate Analyzer::estimate(const Workload &w, const Plan &p, const SoftwareModel &sw) const
{
    return estimateStep(w, p, gpuModel(), network(p), sw);
}

namespace {

// Model fields a workload built in code may leave at zero, which no division survives.
std::optional<Error> checkModel(const ModelSpec &m)
{
    const std::pair<const char *, int> fields[] = {
            {"layers", m.layers},    {"hidden", m.hidden},   {"heads", m.heads},
            {"kv_heads", m.kvHeads}, {"ffn", m.ffn},         {"vocab", m.vocab},
            {"seq", m.seq},          {"experts", m.experts}, {"top_k", m.topK},
    };
    for (const auto &[name, value] : fields) {
        if (value < 1)
            return Error{{},
                         std::string("/model/") + name,
                         "expected a positive integer, found " + std::to_string(value)};
    }
    if (m.mla) {
        const std::pair<const char *, int> widths[] = {
                {"kv_lora_rank", m.mla->kvLoraRank},
                {"qk_nope_head_dim", m.mla->qkNopeHeadDim},
                {"v_head_dim", m.mla->vHeadDim},
        };
        for (const auto &[name, value] : widths) {
            if (value < 1)
                return Error{{},
                             std::string("/model/mla/") + name,
                             "expected a positive integer, found " + std::to_string(value)};
        }
        if (m.kvHeads != m.heads)
            return Error{{}, "/model/kv_heads", "latent attention needs kv_heads = heads"};
    }
    return std::nullopt;
}

} // namespace

Collective bulkCollectiveOf(Dim d, Collective routed, const TrainingSpec &t)
{
    if (routed != Collective::AllReduce)
        return routed;
    if (d == Dim::TP && t.sequenceParallel)
        return Collective::AllGather;
    if ((d == Dim::DP || d == Dim::EDP) && (t.distributedOptimizer || t.fsdp))
        return Collective::ReduceScatter;
    return routed;
}

Expected<AnalysisResult> Analyzer::analyze(const Workload &w, const Plan &p,
                                           const SoftwareModel &sw) const
{
    if (gpuCount() == 0)
        return Error{{}, "topology", "the topology has no GPUs to place the plan on"};
    const int gpus = static_cast<int>(rankGpus(p).size());
    if (p.domains > rankDomains(p.gpusPerDomain))
        return Error{{},
                     "/plan/domains",
                     "the plan takes " + std::to_string(p.domains)
                             + " NVLink domains, but the design has "
                             + std::to_string(rankDomains(p.gpusPerDomain))};
    if (gpus == 0)
        return Error{{},
                     "/plan/gpus_per_domain",
                     "no NVLink domain has " + std::to_string(p.gpusPerDomain)
                             + " GPUs to place ranks on (the largest has "
                             + std::to_string(domainSize()) + ")"};
    if (auto err = checkModel(w.model))
        return *err;
    Expected<Plan> plan = resolvePlan(p, gpus);
    if (!plan)
        return plan.error();
    if (auto err = validatePlan(*plan, w, gpus))
        return *err;

    AnalysisResult r;
    r.gpus = gpus;
    r.workload = w;
    r.plan = *plan;
    r.gpuModel = gpuModel().id;
    PlanNetwork net;
    net.hostLinkGBs = m_facts->hostLinkGBs;
    net.hostMemoryGB = m_facts->hostMemoryGBPerGpu;
    for (const auto &[dim, layout] : layoutsOf(r.plan)) {
        r.dimensions.push_back(dimensionResult(dim, layout, *route(layout, true)));
        networkSlot(&net, dim) = r.dimensions.back().network;
    }
    const SoftwareModel software = withTraining(sw, w.training, r.plan.pp);
    for (DimensionResult &d : r.dimensions) {
        d.network = withSoftware(d.network, software);
        d.bulk = bulkCollective(bulkCollectiveOf(d.dim, d.collective, w.training), d.size,
                                d.network);
    }
    r.step = estimateStep(w, r.plan, gpuModel(), net, sw);
    r.band = projectionBand(*m_catalog, gpuModel(), w.model.isMoe(), gpus);
    r.idle = idleText(r.plan);
    r.diagnostics = diagnose(*this, r, sw);
    return r;
}

} // namespace topoplan
