#include "engine/plan/diagnoser.h"

#include "engine/fabric/routing.h"

#include <algorithm>
#include <limits>
#include <map>

namespace topoplan {

using namespace diagtext;

namespace {

// The load `loads` (sorted by edge) puts on `edge`, 0 when none.
double loadOn(const std::vector<EdgeLoad> &loads, std::size_t edge)
{
    auto it = std::lower_bound(loads.begin(), loads.end(), edge,
                               [](const EdgeLoad &l, std::size_t e) { return l.edge < e; });
    return it != loads.end() && it->edge == edge ? it->load : 0;
}

} // namespace

// DP traffic on uplinks of switches with more bandwidth down than up. What it costs: the bus
// bandwidth the slowest group would get if only its members' own links (NVLink, PCIe, NIC
// cables) limited it, against what it gets.
void Diagnoser::oversubscribed(const DimensionResult &d)
{
    if (!d.edgeLoads)
        return;
    const Topology &t = m_a.topology();
    const FabricFacts &f = m_a.facts();
    std::vector<std::string> switches, tiers;
    double worst = 0;
    for (const EdgeLoad &l : *d.edgeLoads) {
        const FabricVertex &a = m_g.vertex(m_g.source(l.edge));
        const FabricVertex &b = m_g.vertex(m_g.target(l.edge));
        if (a.kind != VertexKind::Switch || b.kind != VertexKind::Switch
            || tierRank(t.switches[a.sw].tier) >= tierRank(t.switches[b.sw].tier))
            continue;
        const double r = f.oversubscription(a.sw);
        if (r <= 1 + 1e-9)
            continue;
        appendUnique(&switches, t.switches[a.sw].id);
        appendUnique(&tiers, toString(t.switches[a.sw].tier));
        worst = std::max(worst, r);
    }
    if (switches.empty())
        return;

    double own = std::numeric_limits<double>::infinity();
    auto limit = [&](std::size_t edge) {
        const double load = edge == kNoEdge ? 0 : loadOn(*d.edgeLoads, edge);
        if (load > 0)
            own = std::min(own, m_g.rates(edge).effectiveGBs / load);
    };
    for (const std::string &id : d.worstGpus) {
        const std::optional<VertexId> v = m_g.findVertex(id);
        if (!v)
            continue;
        const GpuPorts &p = m_g.gpuPorts(*v);
        for (std::size_t e : {p.nicUp, p.nicDown, p.nvlinkUp, p.nvlinkDown, p.hostUp, p.hostDown})
            limit(e);
        if (p.nic) {
            for (const NicUplink &u : m_g.nicUplinks(*p.nic)) {
                limit(u.up);
                limit(u.down);
            }
        }
    }
    const double got = d.network.busbwGBs;
    if (!std::isfinite(own) || own < got)
        own = got;
    const double lost = own > 0 ? (own - got) / own : 0;
    using namespace msg;
    const Message what = d.dim == Dim::DP
                                 ? say(TOPOPLAN_TR("Diagnostics", "the DP gradient reduction"))
                                 : say(TOPOPLAN_TR("Diagnostics", "the expert gradient (EDP)"));
    const Message where
            = say(TOPOPLAN_TR("Diagnostics", "DP traffic climbs through oversubscribed %1 switches "
                                             "(%2: up to %3 downlink to uplink bandwidth)"),
                  {arg::listed(tiers), arg::listed(named(switches)), arg::ratio(worst)});
    if (lost < kOversubscriptionLossShare) {
        add(Severity::Info, code::kDpOversubscribed,
            say(TOPOPLAN_TR("Diagnostics", "%1, but at this plan it costs %2 nothing: the "
                                           "groups' own links limit them first, at %3."),
                {phrase(where), phrase(what), arg::gbs(got)}),
            switches);
        return;
    }
    add(Severity::Warning, code::kDpOversubscribed,
        say(TOPOPLAN_TR("Diagnostics",
                        "%1: %2 gets %3 per group where 1:1 uplinks would give %4 (%5 lost), and "
                        "exposed DP communication takes %6 of the step. Add uplinks to make the "
                        "tier 1:1, or place each DP group under fewer leaves."),
            {phrase(where), phrase(what), arg::gbs(got), arg::gbs(own), arg::percent(lost),
             arg::percent(stepShare(commSeconds(d.dim)))}),
        switches);
}

// The ring channels of every DP group, as routing forms them (members in GPU order, runs per
// domain, k channels from member c r / k of a run to member c next / k of the next), checked for
// a change of rail.
void Diagnoser::crossesRails(const DimensionResult &d)
{
    const FabricFacts &f = m_a.facts();
    if (!f.railOptimized)
        return;
    const GroupList groups
            = RankLayout(m_r.plan, false).groups(std::vector<std::string>{"cp", "dp"});
    const std::vector<int> placed = m_a.rankGpus(m_r.plan);
    std::vector<VertexId> gpus; // by rank
    gpus.reserve(placed.size());
    for (int gpu : placed)
        gpus.push_back(m_g.gpus()[gpu]);
    const int bound = m_a.catalog().collectives().ringNetworkChannels;
    auto railOf = [&](VertexId gpu) {
        const std::optional<VertexId> nic = m_g.nicOf(gpu);
        return nic ? f.nicRail[*nic] : -1;
    };
    int crossing = 0;
    VertexId fromGpu = 0, toGpu = 0;
    std::vector<VertexId> ring;
    for (int g = 0; g < groups.count(); ++g) {
        ring.clear();
        for (int m : groups[g])
            ring.push_back(gpus[m]);
        // Where the router's ring leaves a run for the next (routing.h, ringRuns): a step
        // between two GPUs of one server goes through its host, not its NICs.
        const std::vector<std::pair<std::size_t, std::size_t>> runs = ringRuns(m_g, ring);
        bool found = false;
        for (std::size_t j = 0; runs.size() > 1 && j < runs.size() && !found; ++j) {
            const auto [begin, end] = runs[j];
            const auto [nextBegin, nextEnd] = runs[(j + 1) % runs.size()];
            const std::size_t r = end - begin, next = nextEnd - nextBegin;
            const std::size_t k = ringChannels(r, next, runs.size(), bound);
            for (std::size_t c = 0; c < k; ++c) {
                const VertexId a = ring[begin + c * r / k], b = ring[nextBegin + c * next / k];
                if (m_g.vertex(a).node == m_g.vertex(b).node)
                    continue;
                const int ra = railOf(a), rb = railOf(b);
                if (ra >= 0 && rb >= 0 && ra != rb) {
                    if (crossing == 0) {
                        fromGpu = a;
                        toGpu = b;
                    }
                    found = true;
                    break;
                }
            }
        }
        crossing += found ? 1 : 0;
    }
    if (crossing == 0)
        return;
    std::vector<std::string> ids{nodeOf(fromGpu)};
    appendUnique(&ids, nodeOf(toGpu));
    for (VertexId gpu : {fromGpu, toGpu}) {
        if (const std::optional<VertexId> nic = m_g.nicOf(gpu)) {
            for (const NicUplink &u : m_g.nicUplinks(*nic))
                appendUnique(&ids, m_a.topology().switches[u.sw].id);
        }
    }
    const ServerModel *server
            = m_a.catalog().server(m_a.topology().nodes[m_g.vertex(fromGpu).node].model);
    const int perNode = server ? server->gpus : 0;
    using namespace msg;
    add(Severity::Warning, code::kDpCrossesRails,
        say(TOPOPLAN_TR("Diagnostics",
                        "On this rail-optimized fabric %1 send from one rail to another (e.g. %2 "
                        "on rail %3 to %4 on rail %5): that traffic leaves its rail's leaf for the "
                        "spines and shares their uplinks instead of taking one hop. DP peers stay "
                        "on their rail when they have the same local GPU index in every node: "
                        "make tp x cp = %6 divide the %7 GPUs of a node."),
            {arg::groups(crossing, d.count, Dim::DP), name(named(m_g.vertex(fromGpu).id)),
             count(railOf(fromGpu) + 1), name(named(m_g.vertex(toGpu).id)),
             count(railOf(toGpu) + 1), name(std::to_string(m_r.plan.tp * m_r.plan.cp)),
             count(perNode)}),
        ids);
}

void Diagnoser::fitsOneDomain()
{
    if (m_g.domains().size() != 1 || m_r.gpus < 2)
        return;
    const NVLinkDomain &d = m_g.domains().front();
    add(Severity::Info, code::kFitsOneDomain,
        msg::say(TOPOPLAN_TR("Diagnostics",
                             "All %1 GPUs are in one NVLink domain (%2): every parallel group's "
                             "traffic stays on NVLink, so training needs no InfiniBand or Ethernet "
                             "fabric; a network is for growing past the domain, for storage and "
                             "for orchestration."),
                 {msg::count(m_r.gpus), msg::name(d.id)}),
        {d.id});
}

// A tier above the leaves that no group's traffic reaches at this plan. A user who removes or
// adds such switches sees no figure change, and should be told why rather than left to guess.
void Diagnoser::unusedTiers()
{
    const Topology &t = m_a.topology();
    if (m_r.dimensions.empty())
        return;
    for (const DimensionResult &d : m_r.dimensions) {
        if (!d.edgeLoads || d.groupsDisconnected > 0)
            return; // without every group's loads nothing can be said
    }
    for (Tier tier : {Tier::Spine, Tier::Core}) {
        std::vector<std::string> ids;
        for (const Switch &s : t.switches) {
            if (s.tier == tier && s.role == FabricRole::Compute && !s.failed)
                ids.push_back(s.id);
        }
        if (ids.empty())
            continue;
        // The first loaded edge at a switch of the tier settles it (a 131,072-GPU dimension
        // loads a million edges).
        auto at = [&](VertexId v) {
            const FabricVertex &x = m_g.vertex(v);
            return x.kind == VertexKind::Switch && t.switches[x.sw].tier == tier;
        };
        auto loads = [&](const DimensionResult &d) {
            return std::any_of(d.edgeLoads->begin(), d.edgeLoads->end(), [&](const EdgeLoad &l) {
                return l.load > 0 && (at(m_g.source(l.edge)) || at(m_g.target(l.edge)));
            });
        };
        if (std::any_of(m_r.dimensions.begin(), m_r.dimensions.end(), loads))
            continue;
        using namespace msg;
        const MessageArg layer = name(toString(tier));
        const MessageArg below = name(tier == Tier::Spine ? "leaf" : "spine");
        add(Severity::Info, code::kTierUnused,
            ids.size() == 1
                    ? say(TOPOPLAN_TR("Diagnostics",
                                      "No parallel group uses the %1 layer at this plan: every "
                                      "group's traffic stays inside its NVLink domain or below "
                                      "the %2 switches, so its %1 switch changes no figure of "
                                      "this job (removing some would not slow it). They carry "
                                      "traffic when groups span more of the fabric (a wider DP "
                                      "or PP), for other jobs and for storage."),
                          {layer, below})
                    : say(TOPOPLAN_TR("Diagnostics",
                                      "No parallel group uses the %1 layer at this plan: every "
                                      "group's traffic stays inside its NVLink domain or below "
                                      "the %2 switches, so its %3 %1 switches change no figure "
                                      "of this job (removing some would not slow it). They carry "
                                      "traffic when groups span more of the fabric (a wider DP "
                                      "or PP), for other jobs and for storage."),
                          {layer, below, count(static_cast<long long>(ids.size()))}),
            ids);
    }
}

void Diagnoser::mixedGpus()
{
    const FabricFacts &f = m_a.facts();
    if (!f.mixedGpuModels())
        return;
    using namespace msg;
    std::optional<Message> models;
    std::vector<std::string> slowest;
    for (std::size_t i = 0; i < f.gpuModels.size(); ++i) {
        std::vector<std::string> nodes;
        for (int n : f.gpuModelNodes[i])
            nodes.push_back(m_a.topology().nodes[n].id);
        Message one = say(TOPOPLAN_TR("Diagnostics", "%1 on %2"),
                          {name(f.gpuModels[i]), arg::listed(named(nodes), 3)});
        models = models ? say(TOPOPLAN_TR("Diagnostics", "%1; %2"),
                              {phrase(std::move(*models)), phrase(std::move(one))})
                        : std::move(one);
        if (i == 0)
            slowest = nodes;
    }
    add(Severity::Info, code::kMixedGpuModels,
        say(TOPOPLAN_TR("Diagnostics",
                        "The nodes hold %1 GPU models (%2): a synchronous step runs at the pace "
                        "of the slowest, so the step is projected on %3 and the faster GPUs wait "
                        "for it. Train on one GPU model, or give the faster nodes a job of their "
                        "own."),
            {count(static_cast<long long>(f.gpuModels.size())), phrase(models.value_or(Message{})),
             name(f.gpu.name)}),
        slowest);
}

// Rail-only and multi-plane fabrics: what crosses between rails that meet in no switch goes
// over NVLink to the GPU on the receiver's rail first (routing.h, PXN), and costs that GPU's
// NVLink port and NIC the traffic twice. An all-to-all sends to every rail at once, so most of
// its traffic is forwarded: a warning; a ring or a send between aligned ranks seldom is.
void Diagnoser::forwardedBetweenRails(const DimensionResult &d)
{
    if (d.groupsForwarded == 0)
        return;
    using namespace msg;
    const bool allToAll = d.collective == Collective::AllToAll;
    add(allToAll ? Severity::Warning : Severity::Info, code::kForwardedBetweenRails,
        say(TOPOPLAN_TR("Diagnostics",
                        "%1 send between rails (or planes) that no switch joins: as NCCL's PXN "
                        "does, that traffic first crosses NVLink to the GPU on the receiver's "
                        "rail and leaves through its NIC (%2 of a group's traffic at most), "
                        "loading that GPU's NVLink port and NIC with its neighbours' traffic too; "
                        "%3 runs at %4%5"),
            {arg::groups(d.groupsForwarded, d.count, d.dim),
             arg::percent(std::min(1.0, d.forwardedShare / std::max(1, d.size))),
             name(dimName(d.dim)), arg::gbs(d.network.busbwGBs),
             allToAll ? phrase(
                     say(TOPOPLAN_TR("Diagnostics", ". An all-to-all reaches every rail at once: a "
                                                    "fabric whose spines join the rails carries it "
                                                    "without the detour")))
                      : name("")}),
        d.worstNodes);
}

// Servers whose model an import assumed: every figure of their GPUs rests on it, so the
// analysis warns until the user confirms the model or sets another (Node::modelAssumed).
void Diagnoser::modelsAssumed()
{
    using namespace msg;
    std::map<std::string, std::vector<std::string>> byModel; // model -> its servers' ids
    for (const Node &n : m_a.topology().nodes)
        if (n.modelAssumed)
            byModel[n.model].push_back(n.id);
    for (const auto &[model, nodes] : byModel) {
        const ServerModel *s = m_a.catalog().server(model);
        const MessageArg what = s ? phrase(say(TOPOPLAN_TR("Diagnostics", "%1 (%2 x %3)"),
                                               {name(model), count(s->gpus), name(s->gpu)}))
                                  : name(model);
        const MessageArg servers = count(static_cast<long long>(nodes.size()));
        const MessageArg listedNodes = arg::listed(named(nodes), 3);
        add(Severity::Warning, code::kServerModelAssumed,
            nodes.size() == 1
                    ? say(TOPOPLAN_TR("Diagnostics",
                                      "%1 server (%2) is taken for %3 by the import, an "
                                      "assumption: a fabric dump shows a server's NICs, not its "
                                      "GPUs, and a server file may not name its GPU. Every figure "
                                      "of its GPUs rests on it. Check the servers, then confirm "
                                      "the model in the Properties panel (Confirm Model) or "
                                      "choose the right one; importing their NCCL topology sets "
                                      "it."),
                          {servers, listedNodes, what})
                    : say(TOPOPLAN_TR("Diagnostics",
                                      "%1 servers (%2) are taken for %3 by the import, an "
                                      "assumption: a fabric dump shows a server's NICs, not its "
                                      "GPUs, and a server file may not name its GPU. Every figure "
                                      "of their GPUs rests on it. Check the servers, then confirm "
                                      "the model in the Properties panel (Confirm Model) or "
                                      "choose the right one; importing their NCCL topology sets "
                                      "it."),
                          {servers, listedNodes, what}),
            nodes);
    }
}

} // namespace topoplan
