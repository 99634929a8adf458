// The design-space explorer on the budget of issue "Which design?": 24 variants of a
// 2,048-GPU Llama 3 405B job (four NVLink domains: DGX H100, DGX B200, GB200 trays in 36-GPU
// domains and in 64-GPU domains; rail-optimized and fat-tree fabrics; leaf oversubscription
// 1:1, 2:1 and 4:1), each generated, analysed and planned, on 2 worker threads: <= 3 s.
// One worker is measured too, for the per-variant figure.

#include "engine/explore/explore.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

using namespace topoplan;

namespace {

ExploreRequest request(int workers)
{
    ExploreRequest r;
    Expected<Workload> w = workloadPreset("llama3-405b");
    if (!w) {
        std::fprintf(stderr, "%s\n", w.error().text().c_str());
        std::abort();
    }
    r.workload = *w;
    r.gpus = 2048;
    r.axes.domains = {{"dgx-h100", 0}, {"dgx-b200", 0}, {"gb200-tray", 36}, {"gb200-tray", 64}};
    r.axes.fabrics = {{FabricKind::RailOptimized, 0}, {FabricKind::FatTree, 0}};
    r.axes.oversubscription = {1, 2, 4};
    r.axes.switchModels = {""};
    r.workers = workers;
    return r;
}

void explore24(benchmark::State &state)
{
    const ExploreRequest r = request(static_cast<int>(state.range(0)));
    int ok = 0;
    for (auto _ : state) {
        const ExploreResult result = explore(r);
        ok = 0;
        for (const VariantResult &v : result.variants)
            ok += v.status == VariantStatus::Ok;
        benchmark::DoNotOptimize(result.variants.data());
    }
    if (ok != 24)
        state.SkipWithError("not every variant was built and planned");
    state.counters["variants_ok"] = ok;
}

} // namespace

BENCHMARK(explore24)
        ->Arg(2)
        ->Arg(1)
        ->ArgName("workers")
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();

BENCHMARK_MAIN();
