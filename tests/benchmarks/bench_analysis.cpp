// The analysis on the DESIGN.md budget sizes, on one core:
// - analyze one plan on 1,024 GPUs (128 DGX H100, 3-tier QM9700 fat tree; GPT-3 175B, tp 8,
//   pp 8): <= 30 ms;
// - analyze one plan on 16,384 GPUs (the h100-16k template: 2,048 DGX H100 on a 3-tier fat
//   tree; Llama 3 405B, tp 8, pp 16): <= 300 ms;
// - the planner over every plan for GPT-3 175B on the 1,024 GPUs: <= 1 s.
// "Cold" builds the Analyzer (fabric graph and all) and routes every dimension; "warm" analyses
// again with the routes cached, as the GUI does after an edit that keeps the plan's layouts.

#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
#include "engine/plan/analysis.h"
#include "engine/plan/planner.h"

#include "tests/engine/analysisfixtures.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

using namespace topoplan;

namespace {

using fixtures::orFail;

// The cluster, workload and plan of each size.
struct Case
{
    Project project;
    Workload workload;
    Plan plan;
};

const Case &caseFor(int gpus)
{
    static const Case small = [] {
        Case c{fixtures::dgxH100FatTree1024(), orFail(workloadPreset("gpt3-175b")), {}};
        c.plan.tp = 8;
        c.plan.pp = 8;
        c.plan.dp = 0;
        return c;
    }();
    static const Case large = [] {
        Project p = fixtures::templateProject("h100-16k");
        Case c{p, *p.workload, *p.plan};
        c.plan.dp = 0;
        return c;
    }();
    return gpus == 1024 ? small : large;
}

void report(benchmark::State &state, const AnalysisResult &r)
{
    state.counters["gpus"] = r.gpus;
    state.counters["tokens_per_s"] = r.step.tokensPerS;
    state.counters["mfu"] = r.step.mfu;
    state.counters["diagnostics"] = static_cast<double>(r.diagnostics.size());
}

void BM_AnalyzeCold(benchmark::State &state)
{
    const Case &c = caseFor(static_cast<int>(state.range(0)));
    AnalysisResult last;
    for (auto _ : state) {
        const Analyzer a = orFail(Analyzer::create(c.project.topology));
        last = orFail(a.analyze(c.workload, c.plan));
        benchmark::DoNotOptimize(last.step.stepTimeS);
    }
    report(state, last);
}

void BM_AnalyzeWarm(benchmark::State &state)
{
    const Case &c = caseFor(static_cast<int>(state.range(0)));
    const Analyzer a = orFail(Analyzer::create(c.project.topology));
    AnalysisResult last = orFail(a.analyze(c.workload, c.plan));
    for (auto _ : state) {
        last = orFail(a.analyze(c.workload, c.plan));
        benchmark::DoNotOptimize(last.step.stepTimeS);
    }
    report(state, last);
}

// Every plan for GPT-3 175B on 1,024 GPUs, each routing layout once, the best 10 in full.
void BM_Planner(benchmark::State &state)
{
    const Case &c = caseFor(1024);
    PlannerResult last;
    for (auto _ : state) {
        const Analyzer a = orFail(Analyzer::create(c.project.topology));
        last = planJob(a, c.workload);
        benchmark::DoNotOptimize(last.plans.data());
    }
    state.counters["considered"] = last.considered;
    state.counters["valid"] = last.valid;
    state.counters["fitting"] = last.fitting;
    state.counters["best_tokens_per_s"] = last.plans.empty() ? 0 : last.plans[0].step.tokensPerS;
}

} // namespace

BENCHMARK(BM_AnalyzeCold)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnalyzeWarm)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Planner)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
