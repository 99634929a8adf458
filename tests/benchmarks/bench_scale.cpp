// Every command-line verb on the frontier sizes of DESIGN.md's budgets (<= 3 s, <= 1.5 GB on
// 2 cores for 131,072 GPUs; 131K against 16K at most 10x), on the designs of issue 38:
// - 16k:  2,048 DGX B300 on a 3-tier rail-optimized Q3400 fabric;
// - 65k:  8,192 DGX H100 on a 3-tier rail-optimized QM9700 fabric;
// - 131k: 16,384 DGX B300 on a 3-tier rail-optimized Q3400 fabric;
// each with Llama 3 405B at tp 8, pp 16. Generate, save and load (the project file), validate,
// analyze, plan, sweep, a failed leaf (--fail) and the files other tools read. Each runs once
// per size (the largest take seconds); `peak_rss_mb` is the process's peak so far, which grows
// with the largest design built.

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/document/report.h"
#include "engine/explore/failures.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"
#include "engine/model/topologycheck.h"
#include "engine/plan/planner.h"
#include "engine/plan/sweep.h"

#include "tests/engine/analysisfixtures.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <map>

using namespace topoplan;

namespace {

using fixtures::orFail;

GeneratorOptions optionsFor(int gpus)
{
    GeneratorOptions o;
    o.fabric = FabricKind::RailOptimized;
    o.tiers = 3;
    if (gpus == 65536) {
        o.nodeModel = "dgx-h100";
        o.nodes = 8192;
        o.leaf = o.spine = o.core = "qm9700";
    } else {
        o.nodeModel = "dgx-b300";
        o.nodes = gpus / 8;
        o.leaf = o.spine = o.core = "q3400";
    }
    return o;
}

Project generated(int gpus)
{
    Project p = orFail(generateProject(optionsFor(gpus)));
    p.workload = orFail(workloadPreset("llama3-405b"));
    Plan plan;
    plan.tp = 8;
    plan.pp = 16;
    plan.dp = 0;
    p.plan = plan;
    return p;
}

const Project &design(int gpus)
{
    static std::map<int, Project> designs;
    auto it = designs.find(gpus);
    if (it == designs.end())
        it = designs.emplace(gpus, generated(gpus)).first;
    return it->second;
}

void finish(benchmark::State &state, int gpus)
{
    struct rusage usage
    {};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["gpus"] = gpus;
    state.counters["peak_rss_mb"] = double(usage.ru_maxrss) / 1024.0;
}

int gpusOf(const benchmark::State &state)
{
    return static_cast<int>(state.range(0));
}

void BM_Generate(benchmark::State &state)
{
    for (auto _ : state) {
        Project p = orFail(generateProject(optionsFor(gpusOf(state))));
        benchmark::DoNotOptimize(p.topology.links.data());
    }
    finish(state, gpusOf(state));
}

void BM_Save(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string text = serializeProject(p);
        bytes = text.size();
        benchmark::DoNotOptimize(text.data());
    }
    state.counters["file_mb"] = double(bytes) / 1e6;
    // saveProject() refuses a file the reader would refuse: the sizes benchmarked here must
    // be ones the product writes.
    if (bytes > maxInputBytes())
        state.SkipWithError("the project file is over the input limit");
    finish(state, gpusOf(state));
}

// Parsing and validating the saved text: what every verb does before anything else.
void BM_Load(benchmark::State &state)
{
    const std::string text = serializeProject(design(gpusOf(state)));
    for (auto _ : state) {
        Project p = orFail(parseProject(orFail(parseJson(text, "bench")), "bench"));
        benchmark::DoNotOptimize(p.topology.links.data());
    }
    finish(state, gpusOf(state));
}

void BM_Validate(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    for (auto _ : state) {
        if (std::optional<Error> e = validateTopology(p.topology, Catalog::builtin(), "bench"))
            fixtures::failWith(*e);
        TopologySummary s = orFail(summarize(p.topology, Catalog::builtin()));
        benchmark::DoNotOptimize(s.gpus);
    }
    finish(state, gpusOf(state));
}

void BM_Analyze(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    for (auto _ : state) {
        const Analyzer a = orFail(Analyzer::create(p.topology));
        AnalysisResult r = orFail(a.analyze(*p.workload, *p.plan));
        benchmark::DoNotOptimize(r.step.tokensPerS);
    }
    finish(state, gpusOf(state));
}

void BM_Plan(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    for (auto _ : state) {
        const Analyzer a = orFail(Analyzer::create(p.topology));
        PlannerResult r = planJob(a, *p.workload);
        benchmark::DoNotOptimize(r.plans.data());
        // How many networks the bounds left to route.
        state.counters["sets"] = r.sets;
        state.counters["routed"] = r.setsRouted;
    }
    finish(state, gpusOf(state));
}

void BM_Sweep(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    for (auto _ : state) {
        const Analyzer a = orFail(Analyzer::create(p.topology));
        SweepResult r = sweepTp(a, *p.workload, *p.plan);
        benchmark::DoNotOptimize(r.rows.data());
    }
    finish(state, gpusOf(state));
}

void BM_FailLeaf(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    for (auto _ : state) {
        FailureImpact i
                = orFail(analyzeFailures(p, Catalog::builtin(), {"leaf-1"}, *p.workload, p.plan));
        benchmark::DoNotOptimize(i.tokensAfter);
    }
    finish(state, gpusOf(state));
}

void BM_Document(benchmark::State &state, DocumentFormat format)
{
    const Project &p = design(gpusOf(state));
    std::size_t bytes = 0;
    for (auto _ : state) {
        Expected<std::string> text = writeDocument(format, p, Catalog::builtin());
        if (!text) {
            state.SkipWithError(text.error().text().c_str());
            return;
        }
        bytes = text->size();
        benchmark::DoNotOptimize(text->data());
    }
    state.counters["file_mb"] = double(bytes) / 1e6;
    finish(state, gpusOf(state));
}

// The design report's model: analysis, TP sweep, bill of materials (the app then draws it).
void BM_ReportModel(benchmark::State &state)
{
    const Project &p = design(gpusOf(state));
    for (auto _ : state) {
        Report r = orFail(buildReport(p, Catalog::builtin(), {}));
        benchmark::DoNotOptimize(r.sections.data());
    }
    finish(state, gpusOf(state));
}

void sizes(benchmark::internal::Benchmark *b)
{
    b->Arg(16384)->Arg(65536)->Arg(131072)->ArgName("gpus");
    b->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

BENCHMARK(BM_Generate)->Apply(sizes);
// And 204,800 GPUs (25,600 DGX B300), the largest of the designs the product is for: its file
// must stay under the input limit (engine/core/jsonin.h) so that it opens again.
BENCHMARK(BM_Save)->Apply(sizes)->Arg(204800);
BENCHMARK(BM_Load)->Apply(sizes)->Arg(204800);
BENCHMARK(BM_Validate)->Apply(sizes);
BENCHMARK(BM_Analyze)->Apply(sizes);
BENCHMARK(BM_Plan)->Apply(sizes);
BENCHMARK(BM_Sweep)->Apply(sizes);
BENCHMARK(BM_FailLeaf)->Apply(sizes);
BENCHMARK_CAPTURE(BM_Document, Dot, DocumentFormat::Dot)->Apply(sizes);
BENCHMARK_CAPTURE(BM_Document, Drawio, DocumentFormat::Drawio)->Apply(sizes);
BENCHMARK_CAPTURE(BM_Document, Bom, DocumentFormat::Bom)->Apply(sizes);
BENCHMARK_CAPTURE(BM_Document, Cables, DocumentFormat::Cables)->Apply(sizes);
BENCHMARK_CAPTURE(BM_Document, SlurmTree, DocumentFormat::SlurmTree)->Apply(sizes);
BENCHMARK(BM_ReportModel)->Apply(sizes);

BENCHMARK_MAIN();
