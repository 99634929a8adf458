// The design-space explorer on the budgets of DESIGN.md:
// - 24 variants of a 2,048-GPU Llama 3 405B job (four NVLink domains: DGX H100, DGX B200,
//   GB200 trays in 36-GPU domains and in 64-GPU domains; rail-optimized and fat-tree fabrics;
//   leaf oversubscription 1:1, 2:1 and 4:1), each generated, analysed and planned, on 2 worker
//   threads: <= 3 s; one worker is measured too, for the per-variant figure;
// - 24 variants of a 32,768-GPU job (DGX H100, DGX B200, GB200 NVL72 racks with 64 ranks each,
//   GB300 NVL72 racks with 64 ranks each; the same fabrics and ratios) on 2 workers: <= 10 s.

#include "engine/explore/explore.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

using namespace topoplan;

namespace {

ExploreRequest request(int gpus, std::vector<DomainChoice> domains, int workers)
{
    ExploreRequest r;
    Expected<Workload> w = workloadPreset("llama3-405b");
    if (!w) {
        std::fprintf(stderr, "%s\n", w.error().text().c_str());
        std::abort();
    }
    r.workload = *w;
    r.gpus = gpus;
    r.axes.domains = std::move(domains);
    r.axes.fabrics = {{FabricKind::RailOptimized, 0}, {FabricKind::FatTree, 0}};
    r.axes.oversubscription = {1, 2, 4};
    r.axes.switchModels = {""};
    r.workers = workers;
    return r;
}

void run(benchmark::State &state, const ExploreRequest &r)
{
    int ok = 0, total = 0;
    for (auto _ : state) {
        const Expected<ExploreResult> result = explore(r);
        if (!result) {
            state.SkipWithError(result.error().text().c_str());
            return;
        }
        ok = 0;
        total = static_cast<int>(result->variants.size());
        for (const VariantResult &v : result->variants)
            ok += v.status == VariantStatus::Ok;
        benchmark::DoNotOptimize(result->variants.data());
    }
    if (ok != 24 || total != 24)
        state.SkipWithError("not every variant was built and planned");
    state.counters["variants_ok"] = ok;
}

void explore24(benchmark::State &state)
{
    run(state, request(2048,
                       {{"dgx-h100", 0, 0},
                        {"dgx-b200", 0, 0},
                        {"gb200-tray", 36, 0},
                        {"gb200-tray", 64, 0}},
                       static_cast<int>(state.range(0))));
}

void explore24Of32K(benchmark::State &state)
{
    run(state, request(32'768,
                       {{"dgx-h100", 0, 0},
                        {"dgx-b200", 0, 0},
                        {"gb200-nvl72", 0, 64},
                        {"gb300-nvl72", 0, 64}},
                       static_cast<int>(state.range(0))));
}

} // namespace

BENCHMARK(explore24)
        ->Arg(2)
        ->Arg(1)
        ->ArgName("workers")
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();

BENCHMARK(explore24Of32K)
        ->Arg(2)
        ->ArgName("workers")
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1);

BENCHMARK_MAIN();
