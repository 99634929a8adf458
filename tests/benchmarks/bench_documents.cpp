// The files other tools read, for the 16,384-GPU h100-16k template (2,048 DGX H100 on a 3-tier
// QM9700 fat tree, 49,152 cables): bill of materials, cabling plan and the Slurm files. Budget
// (issue 13): under 2 s each on one core. And the design report's model for the same design:
// the analysis of its plan, the TP sweep (the planner at every width) and the bill of
// materials, without the sweep as well, to show what the sweep costs. The bill of materials
// and the cabling workbook also with a floor plan, every cable measured.

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
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

// The same design standing on a floor: every one of its 49,152 cables measured.
const Project &designOnAFloor()
{
    static const Project p = [] {
        Project out = fixtures::templateProject("h100-16k");
        FloorPlan f;
        f.racksPerRow = 16;
        f.networkRow = NetworkRow::Middle;
        out.floor = f;
        return out;
    }();
    return p;
}

void BM_Document(benchmark::State &state, DocumentFormat format, bool floor = false)
{
    const Project &p = floor ? designOnAFloor() : design();
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

void BM_Report(benchmark::State &state, bool sweep)
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

// The floor editor's view of the design (Project Properties): every rack planned and placed.
// It runs on the UI thread at each drag, so it must stay well under a frame's worth of
// interaction latency (tens of milliseconds) for the largest template.
void BM_FloorRacks(benchmark::State &state)
{
    const Project &p = designOnAFloor();
    for (auto _ : state) {
        Expected<std::map<std::string, FloorRack>> racks
                = floorRacks(p, Catalog::builtin(), *p.floor);
        if (!racks) {
            state.SkipWithError(racks.error().text().c_str());
            return;
        }
        benchmark::DoNotOptimize(racks->size());
    }
}
} // namespace

BENCHMARK(BM_FloorRacks)->Unit(benchmark::kMillisecond);

// One row per file ("BM_Document/Bom16k", ...) and per report model ("BM_Report/Model16k").
BENCHMARK_CAPTURE(BM_Document, Bom16k, DocumentFormat::Bom)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, BomMeasured16k, DocumentFormat::Bom, true)
        ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, Cabling16k, DocumentFormat::Cables)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, CablingXlsxMeasured16k, DocumentFormat::CablesXlsx, true)
        ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, BomXlsx16k, DocumentFormat::BomXlsx)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, CablingXlsx16k, DocumentFormat::CablesXlsx)
        ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, SlurmTree16k, DocumentFormat::SlurmTree)
        ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, SlurmBlock16k, DocumentFormat::SlurmBlock)
        ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Document, SlurmYaml16k, DocumentFormat::SlurmYaml)
        ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Report, Model16k, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Report, ModelNoSweep16k, false)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
