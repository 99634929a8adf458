#include "engine/fabric/fabricfacts.h"

#include "engine/core/jsonin.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace topoplan {

namespace {

std::optional<Error> collectGpuModels(const Topology &t, const Catalog &c, FabricFacts *f)
{
    std::map<std::string, std::vector<int>> nodesOf;
    for (std::size_t n = 0; n < t.nodes.size(); ++n) {
        const ServerModel *server = c.server(t.nodes[n].model);
        const GpuModel *gpu = server ? c.gpu(server->gpu) : nullptr;
        if (!gpu)
            return Error{{},
                         "/topology/nodes/" + std::to_string(n) + "/model",
                         "unknown server model " + quoteText(t.nodes[n].model)};
        if (server->gpus > 0 && !t.nodes[n].failed) {
            nodesOf[gpu->id].push_back(static_cast<int>(n));
            const double host = c.hostLinkGBs(*server);
            f->hostLinkGBs = f->hostLinkGBs > 0 ? std::min(f->hostLinkGBs, host) : host;
            if (server->hostMemoryGB > 0) {
                const double share = server->hostMemoryGB / server->gpus;
                f->hostMemoryGBPerGpu = f->hostMemoryGBPerGpu > 0
                                                ? std::min(f->hostMemoryGBPerGpu, share)
                                                : share;
            }
        }
    }
    for (const auto &[id, nodes] : nodesOf) {
        f->gpuModels.push_back(id);
        f->gpuModelNodes.push_back(nodes);
    }
    // Slowest first: by BF16 peak, then by HBM (the smaller memory bounds what fits).
    std::vector<std::size_t> order(f->gpuModels.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const GpuModel &ga = *c.gpu(f->gpuModels[a]), &gb = *c.gpu(f->gpuModels[b]);
        return std::tie(ga.bf16Tflops, ga.hbmGB, ga.id) < std::tie(gb.bf16Tflops, gb.hbmGB, gb.id);
    });
    std::vector<std::string> models;
    std::vector<std::vector<int>> nodes;
    for (std::size_t i : order) {
        models.push_back(f->gpuModels[i]);
        nodes.push_back(f->gpuModelNodes[i]);
    }
    f->gpuModels = std::move(models);
    f->gpuModelNodes = std::move(nodes);
    if (!f->gpuModels.empty())
        f->gpu = *c.gpu(f->gpuModels.front());
    return std::nullopt;
}

// Down- and uplink bandwidth of every switch, from the edges of the topology's links: a NIC's
// cable is a switch's downlink; a cable between tiers is the lower switch's uplink and the
// upper one's downlink.
void collectOversubscription(const Topology &t, const FabricGraph &g, FabricFacts *f)
{
    f->downGBs.assign(t.switches.size(), 0);
    f->upGBs.assign(t.switches.size(), 0);
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        const FabricEdge &edge = g.edge(e);
        if (edge.link < 0)
            continue;
        const FabricVertex &a = g.vertex(g.source(e));
        const FabricVertex &b = g.vertex(g.target(e));
        if (a.kind == VertexKind::Nic && b.kind == VertexKind::Switch) {
            f->downGBs[b.sw] += edge.capacityGBs;
        } else if (a.kind == VertexKind::Switch && b.kind == VertexKind::Switch) {
            if (tierRank(t.switches[a.sw].tier) < tierRank(t.switches[b.sw].tier)) {
                f->upGBs[a.sw] += edge.capacityGBs;
                f->downGBs[b.sw] += edge.capacityGBs;
            }
        }
    }
}

// A switch's rails are the NIC indices each server brings to it: one (NIC r of every server
// on the leaf of rail r) or a set of them (a leaf that carries rails 1-4, as the Connect tool
// cables a rail set), whichever way the cables were drawn. The set most of its servers bring
// is the switch's; the fabric is rail-optimized when every switch with NICs has one, the sets
// of any two switches are the same or apart, and there are two sets or more. A switch's rail
// is the lowest index of its set: NICs of one rail set meet on their leaf.
void collectRails(const Topology &t, const FabricGraph &g, FabricFacts *f)
{
    // By switch, by node: the NIC indices cabled to it.
    std::vector<std::map<int, std::set<int>>> brought(t.switches.size());
    for (VertexId v = 0; v < g.vertexCount(); ++v) {
        const FabricVertex &x = g.vertex(v);
        if (x.kind != VertexKind::Nic)
            continue;
        for (const NicUplink &u : g.nicUplinks(v))
            brought[u.sw][x.node].insert(x.local);
    }
    f->switchRail.assign(t.switches.size(), -1);
    std::vector<std::set<int>> railSets; // by switch; empty without NICs
    railSets.resize(t.switches.size());
    bool majority = true;
    for (std::size_t s = 0; s < t.switches.size(); ++s) {
        if (brought[s].empty())
            continue;
        std::map<std::set<int>, int> servers; // rail set -> servers bringing it
        for (const auto &[node, indices] : brought[s])
            ++servers[indices];
        const auto most = std::max_element(
                servers.begin(), servers.end(),
                [](const auto &a, const auto &b) { return a.second < b.second; });
        majority = majority && 2 * most->second > static_cast<int>(brought[s].size());
        railSets[s] = most->first;
        f->switchRail[s] = *most->first.begin();
    }
    std::set<std::set<int>> distinct;
    for (std::size_t s = 0; s < railSets.size() && majority; ++s) {
        if (railSets[s].empty())
            continue;
        distinct.insert(railSets[s]);
        for (std::size_t o = 0; o < s; ++o) {
            if (railSets[o].empty() || railSets[o] == railSets[s])
                continue;
            for (int r : railSets[s])
                majority = majority && !railSets[o].count(r);
        }
    }
    f->railOptimized = majority && distinct.size() >= 2;
    f->nicRail.assign(g.vertexCount(), -1);
    if (!f->railOptimized) {
        std::fill(f->switchRail.begin(), f->switchRail.end(), -1);
        return;
    }
    for (VertexId v = 0; v < g.vertexCount(); ++v) {
        if (g.vertex(v).kind == VertexKind::Nic && !g.nicUplinks(v).empty())
            f->nicRail[v] = f->switchRail[g.nicUplinks(v).front().sw];
    }
}

} // namespace

Expected<FabricFacts> FabricFacts::of(const Topology &topology, const Catalog &catalog,
                                      const FabricGraph &graph)
{
    FabricFacts f;
    if (auto err = collectGpuModels(topology, catalog, &f))
        return *err;
    collectOversubscription(topology, graph, &f);
    collectRails(topology, graph, &f);
    return f;
}

} // namespace topoplan
