#pragma once

// main() of the benchmarks that need a QApplication (the canvas, the window's analysis): Qt's
// offscreen platform unless one is set (no display is needed), the app's resources loaded.
// `beforeQuit` runs after the benchmarks, while the application still exists (widgets that
// benchmarks keep between runs must go before it).

#include "app/common/translations.h"

#include <QApplication>

#include <benchmark/benchmark.h>

#include <functional>

namespace topoplan::fixtures {

inline int runQtBenchmarks(int argc, char **argv, const std::function<void()> &beforeQuit = {})
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    initResources();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;
    benchmark::RunSpecifiedBenchmarks();
    if (beforeQuit)
        beforeQuit();
    benchmark::Shutdown();
    return 0;
}

} // namespace topoplan::fixtures
