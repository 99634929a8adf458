// The design report as `topoplan-cli export --format report` writes it (issue 38, frontier
// scale): the 16,384-GPU template and a 65,536-GPU design (8,192 DGX H100, rail-optimized,
// 3 tiers of QM9700), PDF on A4, from the project file to the written file. The document was
// laid out again after every insertion: quadratic, minutes at 65K; laid out once it is linear.

#include "app/cli/cliexport.h"

#include "tests/benchmarks/qtbenchmarkmain.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <sstream>

using namespace topoplan;

namespace {

[[noreturn]] void fail(const std::string &message)
{
    std::fprintf(stderr, "%s\n", message.c_str());
    std::abort();
}

QTemporaryDir &scratch()
{
    static QTemporaryDir dir;
    return dir;
}

// The project file of `args` given to `generate` (once per run of the benchmarks).
std::string generated(const std::string &name, std::vector<std::string> args)
{
    const std::string file
            = QDir(scratch().path()).filePath(QString::fromStdString(name)).toStdString();
    if (QFileInfo::exists(QString::fromStdString(file)))
        return file;
    args.insert(args.begin(), "generate");
    args.insert(args.end(), {"-o", file});
    std::ostringstream out, err;
    if (cli::runWithQtVerbs(args, out, err) != 0)
        fail("generate: " + err.str());
    return file;
}

void BM_ReportPdf(benchmark::State &state, const std::string &project)
{
    const std::string pdf
            = QDir(scratch().path()).filePath(QStringLiteral("report.pdf")).toStdString();
    for (auto _ : state) {
        std::ostringstream out, err;
        if (cli::runWithQtVerbs(
                    {"export", project, "--format", "report", "--paper", "a4", "-o", pdf}, out, err)
            != 0)
            fail("export: " + err.str());
    }
    state.counters["pdf_mb"] = double(QFileInfo(QString::fromStdString(pdf)).size()) / 1e6;
}

void BM_Report16k(benchmark::State &state)
{
    BM_ReportPdf(state, generated("16k.topoplan", {"--template", "h100-16k"}));
}

void BM_Report65k(benchmark::State &state)
{
    BM_ReportPdf(state,
                 generated("65k.topoplan",
                           {"--node", "dgx-h100", "--nodes", "8192", "--fabric", "rail-optimized",
                            "--tiers", "3", "--leaf", "qm9700", "--spine", "qm9700", "--core",
                            "qm9700", "--workload-preset", "llama3-405b", "--plan", "tp=8,pp=16"}));
}

} // namespace

BENCHMARK(BM_Report16k)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_Report65k)->Unit(benchmark::kMillisecond)->Iterations(1);

int main(int argc, char **argv)
{
    return fixtures::runQtBenchmarks(argc, argv);
}
