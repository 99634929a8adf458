// Importing a large cluster's ibnetdiscover output: the 16,384-GPU h100-16k template (2,048
// DGX H100 x 8 HCAs on a 3-tier QM9700 fat tree, 1,280 switches, 49,152 cables) exported as
// ibnetdiscover text (about 10 MB) and imported back: parsing, servers and models, tiers,
// bundles, the check of the result and its layout. Budget (issue 14): at most 2 s on one core.

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/generate/templates.h"
#include "engine/import/ibnetdiscover.h"
#include "engine/import/importer.h"

#include "tests/engine/analysisfixtures.h"

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

} // namespace

BENCHMARK(BM_ImportSuperpodFixture)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseIbnetdiscover16k)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportIbnetdiscover16k)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
