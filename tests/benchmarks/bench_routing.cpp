// Group-bandwidth routing on the DESIGN.md budget sizes: 16,384 GPUs (2,048 DGX H100 on a
// 3-tier QM9700 fat tree) and 1,024 GPUs (128 DGX H100, which fill one pod: 2 tiers). Plan
// tp=8, pp=8 (dp = GPUs / 64), ranks in the default order tp-cp-ep-dp-pp: TP groups are the 8
// GPUs of a node, DP groups one GPU per node, PP groups 8 GPUs dp x 8 apart; plus an ep=64
// all-to-all. Budget for a whole analysis: <= 300 ms and <= 30 ms on one core.

#include "engine/fabric/routing.h"
#include "engine/generate/generator.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>

using namespace topoplan;

namespace {

constexpr int kTp = 8;
constexpr int kPp = 8;

[[noreturn]] void fail(const Error &e)
{
    std::fprintf(stderr, "%s\n", e.text().c_str());
    std::abort();
}

const Topology &topologyFor(int gpus)
{
    static std::map<int, Topology> cache;
    auto it = cache.find(gpus);
    if (it != cache.end())
        return it->second;
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = gpus / 8;
    o.fabric = FabricKind::FatTree;
    o.tiers = 3;
    o.leaf = o.spine = o.core = "qm9700";
    Expected<Project> p = generateProject(o);
    if (!p)
        fail(p.error());
    return cache.emplace(gpus, p->topology).first->second;
}

const FabricGraph &graphFor(int gpus)
{
    static std::map<int, FabricGraph> cache;
    auto it = cache.find(gpus);
    if (it != cache.end())
        return it->second;
    Expected<FabricGraph> g = FabricGraph::build(topologyFor(gpus), Catalog::builtin());
    if (!g)
        fail(g.error());
    return cache.emplace(gpus, std::move(*g)).first->second;
}

enum class Dim { TP, DP, PP };

// rank = t + tp (d + dp p), and rank r runs on GPU r of FabricGraph::gpus().
std::vector<std::vector<VertexId>> groupsOf(const FabricGraph &g, Dim dim)
{
    const int gpus = static_cast<int>(g.gpus().size());
    const int dp = gpus / (kTp * kPp);
    auto rank = [&](int t, int d, int p) {
        return g.gpus()[t + kTp * (d + dp * p)];
    };
    std::vector<std::vector<VertexId>> groups;
    for (int a = 0; a < (dim == Dim::TP ? dp : kTp); ++a) {
        for (int b = 0; b < (dim == Dim::PP ? dp : kPp); ++b) {
            std::vector<VertexId> group;
            const int size = dim == Dim::TP ? kTp : dim == Dim::DP ? dp : kPp;
            for (int i = 0; i < size; ++i) {
                if (dim == Dim::TP)
                    group.push_back(rank(i, a, b));
                else if (dim == Dim::DP)
                    group.push_back(rank(a, i, b));
                else
                    group.push_back(rank(a, b, i));
            }
            groups.push_back(std::move(group));
        }
    }
    return groups;
}

void report(benchmark::State &state, const RouteResult &r)
{
    double worst = r.groups.front().busbwGBs;
    for (const GroupRoute &gr : r.groups)
        worst = std::min(worst, gr.busbwGBs);
    state.counters["groups"] = static_cast<double>(r.groups.size());
    state.counters["busbw_GBs"] = worst;
}

void BM_BuildGraph(benchmark::State &state)
{
    const Topology &t = topologyFor(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        Expected<FabricGraph> g = FabricGraph::build(t, Catalog::builtin());
        benchmark::DoNotOptimize(g.ok());
    }
    const FabricGraph &g = graphFor(static_cast<int>(state.range(0)));
    state.counters["vertices"] = static_cast<double>(g.vertexCount());
    state.counters["edges"] = static_cast<double>(g.edgeCount());
    state.counters["switches"] = g.switchCount();
}

void routeBench(benchmark::State &state, Dim dim, Collective c)
{
    const FabricGraph &g = graphFor(static_cast<int>(state.range(0)));
    const std::vector<std::vector<VertexId>> groups = groupsOf(g, dim);
    RouteResult r;
    for (auto _ : state) {
        r = routeConcurrent(g, groups, c);
        benchmark::DoNotOptimize(r.edgeLoad.data());
    }
    report(state, r);
}

void BM_RouteTP(benchmark::State &state)
{
    routeBench(state, Dim::TP, Collective::AllReduce);
}

void BM_RouteDP(benchmark::State &state)
{
    routeBench(state, Dim::DP, Collective::AllReduce);
}

void BM_RoutePP(benchmark::State &state)
{
    routeBench(state, Dim::PP, Collective::SendRecv);
}

// Expert parallelism ep = 64 with tp = 8 (a DeepSeek-like MoE): in the expert view
// (tp-ep-edp-pp) an EP group is one GPU in each of 64 consecutive nodes, and runs all-to-all.
void BM_RouteEP64(benchmark::State &state)
{
    const FabricGraph &g = graphFor(static_cast<int>(state.range(0)));
    constexpr int kEp = 64;
    const int gpus = static_cast<int>(g.gpus().size());
    std::vector<std::vector<VertexId>> groups;
    for (int block = 0; block < gpus / (kTp * kEp); ++block) {
        for (int t = 0; t < kTp; ++t) {
            std::vector<VertexId> group;
            for (int e = 0; e < kEp; ++e)
                group.push_back(g.gpus()[t + kTp * (e + kEp * block)]);
            groups.push_back(std::move(group));
        }
    }
    RouteResult r;
    for (auto _ : state) {
        r = routeConcurrent(g, groups, Collective::AllToAll);
        benchmark::DoNotOptimize(r.edgeLoad.data());
    }
    report(state, r);
}

// What one analysis of the plan routes: TP, DP and PP.
void BM_RouteAllDims(benchmark::State &state)
{
    const FabricGraph &g = graphFor(static_cast<int>(state.range(0)));
    const auto tp = groupsOf(g, Dim::TP);
    const auto dp = groupsOf(g, Dim::DP);
    const auto pp = groupsOf(g, Dim::PP);
    for (auto _ : state) {
        benchmark::DoNotOptimize(routeConcurrent(g, tp, Collective::AllReduce).edgeLoad.data());
        benchmark::DoNotOptimize(routeConcurrent(g, dp, Collective::AllReduce).edgeLoad.data());
        benchmark::DoNotOptimize(routeConcurrent(g, pp, Collective::SendRecv).edgeLoad.data());
    }
}

} // namespace

BENCHMARK(BM_BuildGraph)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RouteTP)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RouteDP)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RoutePP)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RouteEP64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RouteAllDims)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
