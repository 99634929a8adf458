#include "engine/explore/alike.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>
#include <utility>

namespace topoplan {

namespace {

// splitmix64's finaliser: every input bit reaches every output bit.
std::uint64_t mixed(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t combined(std::uint64_t seed, std::uint64_t value)
{
    return mixed(seed ^ mixed(value));
}

std::uint64_t quantised(double x, double unit)
{
    return static_cast<std::uint64_t>(std::llround(x / unit));
}

// What a vertex is: its kind and the catalog model of its server or switch.
std::uint64_t vertexSeed(const FabricVertex &v, const Topology &t)
{
    std::string_view model;
    if (v.kind == VertexKind::Switch && v.sw >= 0)
        model = t.switches[static_cast<std::size_t>(v.sw)].model;
    else if (v.node >= 0)
        model = t.nodes[static_cast<std::size_t>(v.node)].model;
    return combined(static_cast<std::uint64_t>(v.kind) + 1, std::hash<std::string_view>{}(model));
}

// A directed edge: its class, rate and cables, and the load of each dimension of the plan.
std::vector<std::uint64_t> edgeSeeds(const FabricGraph &g, const AnalysisResult &intact)
{
    std::vector<std::uint64_t> seed(g.edgeCount());
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        const FabricEdge &edge = g.edge(e);
        std::uint64_t s = combined(static_cast<std::uint64_t>(edge.linkClass) + 1,
                                   quantised(edge.effectiveGBs, 1e-3));
        seed[e] = combined(s, static_cast<std::uint64_t>(edge.count));
    }
    for (const DimensionResult &d : intact.dimensions) {
        if (!d.edgeLoads)
            continue;
        for (const EdgeLoad &l : *d.edgeLoads) {
            if (l.load > 0)
                seed[l.edge]
                        = combined(seed[l.edge], combined(static_cast<std::uint64_t>(d.dim) + 1,
                                                          quantised(l.load, 1e-6)));
        }
    }
    return seed;
}

} // namespace

AlikeColours alikeColours(const Analyzer &a, const AnalysisResult &intact, int rounds)
{
    const FabricGraph &g = a.graph();
    const Topology &t = a.topology();
    const std::size_t fabricVertices = g.vertexCount();

    // The plan's groups, as GPU vertices: place() gives them by rank, rankGpus() the GPU of
    // each rank (the plan may leave some domains, or some GPUs of each, idle).
    const std::vector<int> gpuOfRank = a.rankGpus(intact.plan);
    const Placement placement = place(intact.plan, static_cast<int>(gpuOfRank.size()));

    std::vector<std::uint64_t> colour(fabricVertices);
    for (VertexId v = 0; v < fabricVertices; ++v)
        colour[v] = vertexSeed(g.vertex(v), t);
    // (edge label, neighbour) around each vertex; group vertices follow the fabric's.
    std::vector<std::vector<std::pair<std::uint64_t, std::size_t>>> around(fabricVertices);

    const std::vector<std::uint64_t> edgeSeed = edgeSeeds(g, intact);
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        const VertexId from = g.source(e), to = g.target(e);
        around[from].push_back({combined(edgeSeed[e], 1), to});
        around[to].push_back({combined(edgeSeed[e], 2), from});
    }
    for (Dim d : kAllDims) {
        const GroupList &groups = placement.of(d);
        if (groups.size() < 2)
            continue;
        const std::uint64_t member = combined(static_cast<std::uint64_t>(d) + 101, 3);
        const std::uint64_t holds = combined(static_cast<std::uint64_t>(d) + 101, 4);
        for (int k = 0; k < groups.count(); ++k) {
            const std::size_t group = colour.size();
            colour.push_back(combined(static_cast<std::uint64_t>(d) + 101,
                                      static_cast<std::uint64_t>(groups.size())));
            around.emplace_back();
            for (int rank : groups[k]) {
                const VertexId gpu = g.gpus()[static_cast<std::size_t>(gpuOfRank[rank])];
                around[group].push_back({holds, gpu});
                around[gpu].push_back({member, group});
            }
        }
    }

    std::vector<std::uint64_t> next(colour.size());
    std::vector<std::uint64_t> seen;
    // The number of colours: refinement is stable once a round adds none.
    auto distinct = [](std::vector<std::uint64_t> c) {
        std::sort(c.begin(), c.end());
        return std::unique(c.begin(), c.end()) - c.begin();
    };
    long classes = rounds < 0 ? distinct(colour) : 0;
    for (int round = 0; rounds < 0 || round < rounds; ++round) {
        for (std::size_t v = 0; v < colour.size(); ++v) {
            seen.clear();
            for (const auto &[label, neighbour] : around[v])
                seen.push_back(combined(label, colour[neighbour]));
            std::sort(seen.begin(), seen.end());
            std::uint64_t c = colour[v];
            for (std::uint64_t s : seen)
                c = combined(c, s);
            next[v] = c;
        }
        colour.swap(next);
        if (rounds < 0) {
            const long now = distinct(colour);
            if (now == classes)
                break;
            classes = now;
        }
    }

    AlikeColours out;
    out.vertex.assign(colour.begin(), colour.begin() + static_cast<long>(fabricVertices));
    out.edge.resize(g.edgeCount());
    for (std::size_t e = 0; e < g.edgeCount(); ++e)
        out.edge[e] = combined(combined(edgeSeed[e], colour[g.source(e)]), colour[g.target(e)]);
    return out;
}

} // namespace topoplan
