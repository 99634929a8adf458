// The window's Explore Designs against the engine's explore() on the same 6 variants of a
// 2,048-GPU Llama 3 70B job (DGX H100 and DGX B200, rail-optimized, leaf oversubscription 1:1,
// 2:1 and 4:1): the time from pressing Explore to the verdict on screen, as a user does it
// (the design just opened, its analysis and the TP sweep panel's sweep still running), and
// the engine's run alone. The panel should take the engine's time plus little: it adds the
// table, the charts and the projects it keeps to open, and must not wait for the window's
// other background work.

#include "app/analysis/analysiscontroller.h"
#include "app/document/document.h"
#include "app/panels/exploredock.h"
#include "app/panels/sweepdock.h"

#include "engine/explore/explore.h"
#include "engine/generate/generator.h"

#include "tests/benchmarks/qtbenchmarkmain.h"
#include <QAction>
#include <QEventLoop>
#include <QMenu>
#include <QSpinBox>
#include <QToolButton>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>

using namespace topoplan;

namespace {

[[noreturn]] void fail(const char *message)
{
    std::fprintf(stderr, "%s\n", message);
    std::abort();
}

Project design()
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 256;
    Expected<Project> p = generateProject(o);
    Expected<Workload> w = workloadPreset("llama3-70b");
    if (!p || !w)
        fail("the 2,048-GPU design was not generated");
    p->workload = *w;
    return std::move(*p);
}

void choose(ExploreDock *dock, const char *button, std::initializer_list<const char *> on)
{
    auto *b = dock->findChild<QToolButton *>(QString::fromLatin1(button));
    if (!b)
        fail("no such axis button");
    for (QAction *a : b->menu()->actions()) {
        bool ticked = false;
        for (const char *data : on)
            ticked = ticked || a->data().toString() == QString::fromLatin1(data);
        a->setChecked(ticked);
    }
}

void BM_ExplorePanel6Of2048(benchmark::State &state)
{
    for (auto _ : state) {
        state.PauseTiming();
        Document document(design());
        AnalysisController controller;
        SweepDock sweep(&controller);
        sweep.setDocument(&document);
        sweep.show();
        ExploreDock dock(&controller);
        dock.setDocument(&document);
        choose(&dock, "exploreDomains", {"dgx-h100", "dgx-b200"});
        choose(&dock, "exploreFabrics", {"rail-optimized"});
        choose(&dock, "exploreOversubscription", {"1", "2", "4"});
        controller.setDocument(&document); // opened: its analysis starts, then the sweep
        QEventLoop loop;
        QObject::connect(&dock, &ExploreDock::explored, &loop, &QEventLoop::quit);
        state.ResumeTiming();
        if (!dock.run())
            fail("the panel did not start");
        loop.exec();
        state.PauseTiming();
        if (!dock.result() || dock.result()->variants.size() != 6)
            fail("the panel did not explore 6 variants");
        state.ResumeTiming();
    }
}

void BM_ExploreEngine6Of2048(benchmark::State &state)
{
    ExploreRequest r;
    r.workload = *design().workload;
    r.gpus = 2048;
    r.axes.domains = {{"dgx-h100", 0, 0}, {"dgx-b200", 0, 0}};
    r.axes.fabrics = {{FabricKind::RailOptimized, 0}};
    r.axes.oversubscription = {1, 2, 4};
    r.axes.switchModels = {""};
    for (auto _ : state) {
        Expected<ExploreResult> result = explore(r);
        benchmark::DoNotOptimize(result);
    }
}

} // namespace

BENCHMARK(BM_ExplorePanel6Of2048)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK(BM_ExploreEngine6Of2048)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

int main(int argc, char **argv)
{
    return fixtures::runQtBenchmarks(argc, argv);
}
