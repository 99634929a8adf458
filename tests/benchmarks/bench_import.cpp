// Importing a large cluster's ibnetdiscover output: the 16,384-GPU h100-16k template (2,048
// DGX H100 x 8 HCAs on a 3-tier QM9700 fat tree, 1,280 switches, 49,152 cables) exported as
// ibnetdiscover text (about 10 MB) and imported back: parsing, servers and models, tiers,
// bundles, the check of the result and its layout. Budget (issue 14): at most 2 s on one core.
// Then the round trip of each fabric family at 16,384 and 131,072 GPUs (issues 37 and 38):
// generated, exported as ibnetdiscover text, imported back; a run whose import differs from
// the design (another set of cables by name and port) fails with the difference.

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/generate/templates.h"
#include "engine/import/ibnetdiscover.h"
#include "engine/import/importer.h"

#include "tests/engine/analysisfixtures.h"
#include "tests/engine/fabricfixtures.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

using namespace topoplan;

namespace {

const std::string &fabricText()
{
    static const std::string text = [] {
        const Project project = fixtures::templateProject("h100-16k");
        Expected<std::string> out = ibnetdiscoverText(project, Catalog::builtin());
        if (!out) {
            std::fprintf(stderr, "%s\n", out.error().text().c_str());
            std::abort();
        }
        return *out;
    }();
    return text;
}

void BM_ParseIbnetdiscover16k(benchmark::State &state)
{
    const std::string &text = fabricText();
    for (auto _ : state) {
        ImportReport report;
        Expected<ib::Fabric> f = ib::parseIbnetdiscover(text, "16k.txt", &report);
        if (!f) {
            state.SkipWithError(f.error().text().c_str());
            return;
        }
        benchmark::DoNotOptimize(f->cables.data());
    }
    state.counters["bytes"] = double(text.size());
}

void BM_ImportIbnetdiscover16k(benchmark::State &state)
{
    const std::string &text = fabricText();
    std::size_t nodes = 0;
    for (auto _ : state) {
        Expected<ImportResult> r = importTexts({ImportInput{"16k.txt", text}});
        if (!r) {
            state.SkipWithError(r.error().text().c_str());
            return;
        }
        nodes = r->project.topology.nodes.size();
        benchmark::DoNotOptimize(r->project.topology.links.data());
    }
    state.counters["servers"] = double(nodes);
    state.counters["bytes"] = double(text.size());
}

// The largest fixture of tests/data/fixtures: a DGX H100 SuperPOD's NDR fabric (40 switches,
// 582 adapters, 1,114 cables), with its report.
void BM_ImportSuperpodFixture(benchmark::State &state)
{
    Expected<std::string> text
            = readTextFile(std::string(TOPOPLAN_SOURCE_DIR)
                           + "tests/data/fixtures/ibnetdiscover/superpod-h100-ndr.out");
    if (!text) {
        state.SkipWithError(
                ("the shared fixtures are not on this machine: " + text.error().text()).c_str());
        return;
    }
    for (auto _ : state) {
        Expected<ImportResult> r = importTexts({ImportInput{"superpod-h100-ndr.out", *text}});
        if (!r) {
            state.SkipWithError(r.error().text().c_str());
            return;
        }
        benchmark::DoNotOptimize(r->project.topology.links.data());
    }
}

// One family of this round's fabrics, at `gpus` GPUs of DGX H100.
GeneratorOptions family(int kind, int gpus)
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = gpus / 8;
    o.tiers = 3;
    o.fabric = FabricKind::FatTree;
    // 3 tiers of 64-port switches reach 65,536 NICs at 1:1; beyond, the 144-port Q3400.
    if (gpus > 65536)
        o.leaf = o.spine = o.core = "q3400";
    switch (kind) {
    case 1:
        o.fabric = FabricKind::RailOptimized;
        break;
    case 2: // DeepSeek's: 8 planes of 64-port switches, 2 tiers a plane up to 16,384 GPUs
        o.planes = 8;
        o.tiers = gpus > 16384 ? 3 : 2;
        o.leaf = o.spine = o.core = "";
        break;
    case 3: // a network per rail, 2 tiers each up to 16,384 GPUs
        o.fabric = FabricKind::RailOnly;
        o.tiers = gpus > 16384 ? 3 : 2;
        o.leaf = o.spine = o.core = "";
        break;
    default:
        break;
    }
    return o;
}

void BM_RoundTrip(benchmark::State &state)
{
    const int kind = static_cast<int>(state.range(0));
    const int gpus = static_cast<int>(state.range(1));
    Expected<Project> design = generateProject(family(kind, gpus));
    if (!design) {
        state.SkipWithError(design.error().text().c_str());
        return;
    }
    const auto want = fixtures::cablesByName(*design);
    std::size_t bytes = 0;
    for (auto _ : state) {
        Expected<std::string> text = ibnetdiscoverText(*design, Catalog::builtin());
        if (!text) {
            state.SkipWithError(text.error().text().c_str());
            return;
        }
        bytes = text->size();
        Expected<ImportResult> back = importTexts({ImportInput{"fabric.txt", *text}});
        if (!back) {
            state.SkipWithError(back.error().text().c_str());
            return;
        }
        // The check is the test's, not the import's: it is not timed.
        state.PauseTiming();
        const bool same = fixtures::cablesByName(back->project) == want;
        state.ResumeTiming();
        if (!same) {
            state.SkipWithError("the imported fabric's cables differ from the design's");
            return;
        }
    }
    state.counters["switches"] = double(design->topology.switches.size());
    state.counters["bytes"] = double(bytes);
    state.SetLabel(std::string(toString(family(kind, gpus).fabric))
                   + (kind == 2 ? ", 8 planes" : ""));
}

} // namespace

// fat tree, rail-optimized (3 tiers), 8 planes, rail-only; 16,384 and 131,072 GPUs.
BENCHMARK(BM_RoundTrip)
        ->ArgsProduct({{0, 1, 2, 3}, {16384, 131072}})
        ->ArgNames({"family", "gpus"})
        ->Iterations(1)
        ->Unit(benchmark::kSecond);
BENCHMARK(BM_ImportSuperpodFixture)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseIbnetdiscover16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportIbnetdiscover16k)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
