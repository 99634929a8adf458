// N-1 on a 1,024-GPU design: 128 DGX H100 on a generated rail-optimized fabric (8 rails, 2
// tiers) and on a 3-tier QM9700 fat tree; GPT-3 175B, tp 8, pp 8. Every switch, link bundle
// and server NIC is failed in turn and the plan analysed again where the element carries any
// of its traffic and is not alike to one analysed (alike.h), on 2 worker threads and on 1.
// Then the target of issue 38: N-1 of the 16,384-GPU template h100-16k (Llama 3 405B, TP 8,
// PP 16) within 60 s on 2 cores, once.

#include "engine/explore/failures.h"
#include "engine/generate/generator.h"

#include "tests/engine/analysisfixtures.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

using namespace topoplan;

namespace {

using fixtures::orFail;

const Project &design(FabricKind fabric)
{
    static const Project rail = fixtures::generatedProject("dgx-h100", 128);
    static const Project fatTree = fixtures::dgxH100FatTree1024();
    return fabric == FabricKind::FatTree ? fatTree : rail;
}

void n1(benchmark::State &state, FabricKind fabric)
{
    const Project &p = design(fabric);
    const Workload w = orFail(workloadPreset("gpt3-175b"));
    Plan plan;
    plan.tp = 8;
    plan.pp = 8;
    plan.dp = 0;
    N1Options o;
    o.workers = static_cast<int>(state.range(0));
    std::size_t elements = 0;
    int analysed = 0;
    for (auto _ : state) {
        N1Result r = orFail(analyzeN1(p, Catalog::builtin(), w, plan, o));
        elements = r.rows.size();
        analysed = r.reanalysed;
        benchmark::DoNotOptimize(r.rows.data());
    }
    state.counters["elements"] = static_cast<double>(elements);
    state.counters["analysed"] = analysed;
}

void n1Rail(benchmark::State &state)
{
    n1(state, FabricKind::RailOptimized);
}

void n1FatTree(benchmark::State &state)
{
    n1(state, FabricKind::FatTree);
}

void n1H100_16k(benchmark::State &state)
{
    const Project p = fixtures::templateProject("h100-16k");
    N1Options o;
    o.workers = static_cast<int>(state.range(0));
    std::size_t elements = 0;
    int analysed = 0, alike = 0;
    for (auto _ : state) {
        N1Result r = orFail(analyzeN1(p, Catalog::builtin(), *p.workload, *p.plan, o));
        elements = r.rows.size();
        analysed = r.reanalysed;
        alike = r.alike;
        benchmark::DoNotOptimize(r.rows.data());
    }
    state.counters["elements"] = static_cast<double>(elements);
    state.counters["analysed"] = analysed;
    state.counters["alike"] = alike;
}

} // namespace

BENCHMARK(n1H100_16k)
        ->Arg(2)
        ->ArgName("workers")
        ->Iterations(1)
        ->Unit(benchmark::kSecond)
        ->UseRealTime();
BENCHMARK(n1Rail)->Arg(2)->Arg(1)->ArgName("workers")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(n1FatTree)
        ->Arg(2)
        ->Arg(1)
        ->ArgName("workers")
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();

BENCHMARK_MAIN();
