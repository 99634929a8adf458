// The files other tools read, for the 16,384-GPU h100-16k template (2,048 DGX H100 on a 3-tier
// QM9700 fat tree, 49,152 cables): bill of materials, cabling plan and the Slurm files. Budget
// (issue 13): under 2 s each on one core. And the design report's model for the same design:
// the analysis of its plan, the TP sweep (the planner at every width) and the bill of
// materials, without the sweep as well, to show what the sweep costs.

#include "engine/document/documents.h"
#include "engine/document/report.h"
#include "engine/generate/templates.h"

#include "tests/engine/analysisfixtures.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

using namespace topoplan;

namespace {

const Project &design()
{
    static const Project p = fixtures::templateProject("h100-16k");
    return p;
}

void write(benchmark::State &state, DocumentFormat format)
{
    const Project &p = design();
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
    state.counters["bytes"] = double(bytes);
}

void BM_Bom16k(benchmark::State &s)
{
    write(s, DocumentFormat::Bom);
}
void BM_Cabling16k(benchmark::State &s)
{
    write(s, DocumentFormat::Cables);
}
void BM_BomXlsx16k(benchmark::State &s)
{
    write(s, DocumentFormat::BomXlsx);
}
void BM_CablingXlsx16k(benchmark::State &s)
{
    write(s, DocumentFormat::CablesXlsx);
}
void BM_SlurmTree16k(benchmark::State &s)
{
    write(s, DocumentFormat::SlurmTree);
}
void BM_SlurmBlock16k(benchmark::State &s)
{
    write(s, DocumentFormat::SlurmBlock);
}
void BM_SlurmYaml16k(benchmark::State &s)
{
    write(s, DocumentFormat::SlurmYaml);
}

void report(benchmark::State &state, bool sweep)
{
    const Project &p = design();
    ReportOptions o;
    o.sweep = sweep;
    std::size_t bytes = 0;
    for (auto _ : state) {
        Expected<Report> r = buildReport(p, Catalog::builtin(), o);
        if (!r) {
            state.SkipWithError(r.error().text().c_str());
            return;
        }
        bytes = reportText(*r).size();
        benchmark::DoNotOptimize(r->sections.data());
    }
    state.counters["text_bytes"] = double(bytes);
}
void BM_ReportModel16k(benchmark::State &s)
{
    report(s, true);
}
void BM_ReportModelNoSweep16k(benchmark::State &s)
{
    report(s, false);
}

} // namespace

BENCHMARK(BM_Bom16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cabling16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BomXlsx16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CablingXlsx16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlurmTree16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlurmBlock16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SlurmYaml16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReportModel16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReportModelNoSweep16k)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
