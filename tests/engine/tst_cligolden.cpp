// Every `topoplan-cli ... --json` document, byte for byte: the verbs' output on the sample
// designs is compared with tests/data/golden/cli/<row>.json, and the exit code with the
// row's. A change to a document's shape or figures shows as a diff to review, not as a
// surprise for the scripts that read it.
//
// TOPOPLAN_UPDATE_GOLDEN=1 rewrites the golden files from the current output instead of
// comparing (review the diff before committing it). The source tree's path prints as
// "<src>/", so the files do not depend on where the tree is checked out.

#include "engine/core/jsonin.h"
#include "tests/engine/clirun.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace topoplan;

namespace {

const std::string kSource = TOPOPLAN_SOURCE_DIR;

std::string data(const std::string &relative)
{
    return kSource + "tests/data/" + relative;
}

// The source tree's path as "<src>/", wherever it appears.
std::string portable(std::string text)
{
    for (std::size_t at = text.find(kSource); at != std::string::npos; at = text.find(kSource, at))
        text.replace(at, kSource.size(), "<src>/");
    return text;
}

} // namespace

class tst_CliGolden : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void golden_data();
    void golden();
};

void tst_CliGolden::golden_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");

    const QString su = QString::fromStdString(data("projects/h100-su.topoplan"));
    const QString gb = QString::fromStdString(data("projects/gb200-domains.topoplan"));
    const QString minimal = QString::fromStdString(data("projects/minimal.topoplan"));
    const QString dump
            = QString::fromStdString(data("fixtures/ibnetdiscover/superpod-h100-ndr.out"));
    const QString smi = QString::fromStdString(data("fixtures/nvidia-smi/dgx-a100-topo-m.txt"));
    const QString nccl = QString::fromStdString(data("fixtures/nccl-topo/azure-ndv4-topo.xml"));
    auto row = [](const char *name, QStringList args, int code = 0) {
        args << QStringLiteral("--json");
        QTest::newRow(name) << args << code;
    };
    row("catalog", {QStringLiteral("catalog")});
    row("validate-su", {QStringLiteral("validate"), su});
    row("validate-gb200", {QStringLiteral("validate"), gb});
    row("validate-minimal", {QStringLiteral("validate"), minimal});
    row("analyze-su", {QStringLiteral("analyze"), su});
    // One tray is cabled to nothing: its GPUs reach the fabric over NVLink through another
    // tray's NICs, as NCCL's PXN does, so the plan runs (it exited 1 before PXN was modelled).
    row("analyze-gb200-tray-uncabled",
        {QStringLiteral("analyze"), gb, QStringLiteral("--workload-preset"),
         QStringLiteral("llama3-8b"), QStringLiteral("--plan"), QStringLiteral("tp=8")});
    row("analyze-su-n-1", {QStringLiteral("analyze"), su, QStringLiteral("--n-1")});
    row("analyze-su-fail-spine",
        {QStringLiteral("analyze"), su, QStringLiteral("--fail"), QStringLiteral("spine-1")});
    row("sweep-su-tp",
        {QStringLiteral("sweep"), su, QStringLiteral("--dim"), QStringLiteral("tp")});
    row("plan-su", {QStringLiteral("plan"), su, QStringLiteral("--top"), QStringLiteral("3")});
    row("compare-su-gb200", {QStringLiteral("compare"), su, gb});
    row("explore-256",
        {QStringLiteral("explore"), su, QStringLiteral("--gpus"), QStringLiteral("256"),
         QStringLiteral("--domains"), QStringLiteral("dgx-h100,gb200-nvl72"),
         QStringLiteral("--oversubscription"), QStringLiteral("1,2")});
    row("import-superpod", {QStringLiteral("import"), dump});
    row("import-nvidia-smi", {QStringLiteral("import"), smi});
    row("import-nccl", {QStringLiteral("import"), nccl});
}

void tst_CliGolden::golden()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    const fixtures::CliRun r = fixtures::runCli(argv);
    QVERIFY2(r.code == code, (std::to_string(r.code) + ": " + r.err).c_str());
    // Each document is JSON as it claims.
    QVERIFY2(Json::accept(r.out), r.out.substr(0, 400).c_str());
    const std::string text = portable(r.out);

    const std::string path = kSource + "tests/data/golden/cli/" + QTest::currentDataTag() + ".json";
    if (qEnvironmentVariableIntValue("TOPOPLAN_UPDATE_GOLDEN") == 1) {
        std::ofstream(path, std::ios::binary) << text;
        return;
    }
    std::ifstream in(path, std::ios::binary);
    QVERIFY2(in, (path + " is missing; run with TOPOPLAN_UPDATE_GOLDEN=1").c_str());
    std::stringstream expected;
    expected << in.rdbuf();
    if (expected.str() != text) {
        // The first line that differs, to find the change in a long document.
        std::istringstream a(expected.str()), b(text);
        std::string la, lb;
        int line = 1;
        while (std::getline(a, la) && std::getline(b, lb) && la == lb)
            ++line;
        QFAIL((path + " differs from line " + std::to_string(line) + ":\n  golden: " + la
               + "\n  now:    " + lb)
                      .c_str());
    }
}

QTEST_MAIN(tst_CliGolden)
#include "tst_cligolden.moc"
