#include "cli/cli.h"
#include "tests/engine/clirun.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using nlohmann::json;

namespace {

using Run = topoplan::fixtures::CliRun;

Run cli(const std::vector<std::string> &args)
{
    return topoplan::fixtures::runCli(args);
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class tst_Cli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usageErrors_data();
    void usageErrors();
    void catalogJson();
    void catalogTable();
    void generateThenValidate_data();
    void generateThenValidate();
    void validateRejectsBadFiles_data();
    void validateRejectsBadFiles();
    void generateRejectsUnknownModel();
    void generateWithAHardwareFile();
    void hardwareFileErrorsNameThePlace_data();
    void hardwareFileErrorsNameThePlace();
    void planSaysWhenNothingCanRun();
    void usageListsThePlanningVerbs();
    void analyzeJson();
    void analyzeReport();
    void analyzeWithWorkloadFileAndPlan();
    void analyzeRejectsBadInput_data();
    void analyzeRejectsBadInput();
    void analyzeInvalidPlanJson();
    void planningUsageErrors_data();
    void planningUsageErrors();
    void sweepJson();
    void sweepReport();
    void planRanks();
    void analyzeFailReportsWhatWasLost();
    void analyzeFailedServerLeavesThePlan();
    void analyzeFailRejectsUnknownIds();
    void analyzeN1RanksElements();
    void exportPrintsNoRuntimeDirWarning();

private:
    // The DGX H100 scalable unit template (GPT-3 175B, tp 8, pp 8), written once.
    std::string superPod();
    std::string write(const char *name, const std::string &content) const;
    QTemporaryDir m_dir;
    std::string m_superPod;
    std::string path(const char *name) const
    {
        return m_dir.filePath(QLatin1String(name)).toStdString();
    }
};

void tst_Cli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList() << QStringLiteral("Usage:");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")}
                                     << QStringLiteral("unknown command \"frobnicate\"");
    QTest::newRow("unknown option")
            << QStringList{QStringLiteral("catalog"), QStringLiteral("--xml")}
            << QStringLiteral("unknown option --xml");
    QTest::newRow("validate without file")
            << QStringList{QStringLiteral("validate")} << QStringLiteral("missing FILE");
    QTest::newRow("generate without nodes")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node"),
                           QStringLiteral("dgx-h100"), QStringLiteral("-o"), QStringLiteral("x")}
            << QStringLiteral("missing --nodes (or --template NAME)");
    QTest::newRow("nodes not a number")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node"),
                           QStringLiteral("dgx-h100"), QStringLiteral("--nodes"),
                           QStringLiteral("many"),     QStringLiteral("-o"),
                           QStringLiteral("x")}
            << QStringLiteral("--nodes: expected a positive integer, found \"many\"");
    QTest::newRow("bad fabric")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node"),
                           QStringLiteral("dgx-h100"), QStringLiteral("--nodes"),
                           QStringLiteral("4"),        QStringLiteral("--fabric"),
                           QStringLiteral("torus"),    QStringLiteral("-o"),
                           QStringLiteral("x")}
            << QStringLiteral("expected none, fat-tree, rail-optimized or rail-only");
    QTest::newRow("option without value")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node")}
            << QStringLiteral("--node needs a value");
}

void tst_Cli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> a;
    for (const QString &s : args)
        a.push_back(s.toStdString());
    Run r = cli(a);
    QCOMPARE(r.code, 2);
    QVERIFY2(q(r.err).contains(message), r.err.c_str());
}

void tst_Cli::catalogJson()
{
    Run r = cli({"catalog", "--json"});
    QCOMPARE(r.code, 0);
    json j = json::parse(r.out);
    auto findId = [&](const char *section, const char *id) -> json {
        for (const json &e : j[section]) {
            if (e["id"] == id)
                return e;
        }
        return {};
    };
    for (const char *id : {"dgx-a100", "dgx-h100", "hgx-h200", "dgx-b200", "gb200-tray",
                           "gb200-nvl72", "mi300x", "pcie-server"})
        QVERIFY2(!findId("servers", id).is_null(), id);
    for (const char *id : {"qm8700", "qm9700", "q3400", "sn5600", "eth-100g"})
        QVERIFY2(!findId("switches", id).is_null(), id);
    QCOMPARE(findId("gpus", "h100-sxm")["bf16_tflops"].get<double>(), 989.0);
    QCOMPARE(findId("switches", "qm9700")["ports"].get<int>(), 64);
    QCOMPARE(findId("servers", "gb200-nvl72")["gpus"].get<int>(), 72);
    QVERIFY(!findId("media", "ib-ndr")["source"].get<std::string>().empty());
}

void tst_Cli::catalogTable()
{
    Run r = cli({"catalog"});
    QCOMPARE(r.code, 0);
    QString out = q(r.out);
    QVERIFY(out.contains(QStringLiteral("dgx-h100")));
    QVERIFY(out.contains(QStringLiteral("64 x 400G")));
    QVERIFY(out.contains(QStringLiteral("18 x NVLink 4 = 450 GB/s")));
}

void tst_Cli::generateThenValidate_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("summary");
    // DESIGN.md's validate example: a DGX H100 scalable unit on a rail-optimized NDR fabric.
    QTest::newRow("dgx-h100 SU")
            << QStringList{QStringLiteral("--node"),   QStringLiteral("dgx-h100"),
                           QStringLiteral("--nodes"),  QStringLiteral("32"),
                           QStringLiteral("--fabric"), QStringLiteral("rail-optimized")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":256,"nodes":32,"domains":32,"switches":{"leaf":8,"spine":4,"core":0},"links":288,"cables":512})");
    QTest::newRow("nvl72 racks, no fabric")
            << QStringList{QStringLiteral("--node"),   QStringLiteral("gb200-nvl72"),
                           QStringLiteral("--nodes"),  QStringLiteral("8"),
                           QStringLiteral("--fabric"), QStringLiteral("none")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":576,"nodes":8,"domains":8,"switches":{"leaf":0,"spine":0,"core":0},"links":0,"cables":0})");
    QTest::newRow("template")
            << QStringList{QStringLiteral("--template"), QStringLiteral("dgx-h100-su")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":256,"nodes":32,"domains":32,"switches":{"leaf":8,"spine":4,"core":0},"links":288,"cables":512})");
    QTest::newRow("trays in custom domains")
            << QStringList{QStringLiteral("--node"),        QStringLiteral("gb200-tray"),
                           QStringLiteral("--nodes"),       QStringLiteral("36"),
                           QStringLiteral("--fabric"),      QStringLiteral("none"),
                           QStringLiteral("--domain-size"), QStringLiteral("72")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":144,"nodes":36,"domains":2,"switches":{"leaf":0,"spine":0,"core":0},"links":0,"cables":0})");
}

void tst_Cli::generateThenValidate()
{
    QFETCH(QStringList, args);
    QFETCH(QString, summary);
    const std::string file = path("gen.topoplan");
    std::vector<std::string> a{"generate"};
    for (const QString &s : args)
        a.push_back(s.toStdString());
    a.push_back("-o");
    a.push_back(file);
    Run g = cli(a);
    QVERIFY2(g.code == 0, g.err.c_str());
    QVERIFY(q(g.out).startsWith(QStringLiteral("wrote ")));

    Run v = cli({"validate", file, "--json"});
    QVERIFY2(v.code == 0, v.err.c_str());
    QCOMPARE(q(nlohmann::ordered_json::parse(v.out).dump()), summary);

    Run t = cli({"validate", file});
    QCOMPARE(t.code, 0);
    QVERIFY(q(t.out).contains(QStringLiteral(": valid")));
}

void tst_Cli::validateRejectsBadFiles_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("malformed") << QStringLiteral(
            "{\"format\": \"topoplan-project\",\n  \"version\": 1,,}")
                               << QStringLiteral("line 2");
    QTest::newRow("newer version")
            << QStringLiteral(R"({"format": "topoplan-project", "version": 99, "topology": {}})")
            << QStringLiteral("/version");
    QTest::newRow("unknown model") << QStringLiteral(
            R"({"format": "topoplan-project", "version": 1, "topology": {"nodes": [{"id": "n1", "model": "dgx-h900"}]}})")
                                   << QStringLiteral("/topology/nodes/0/model");
}

void tst_Cli::validateRejectsBadFiles()
{
    QFETCH(QString, content);
    QFETCH(QString, message);
    const std::string file = path("bad.topoplan");
    {
        std::ofstream f(file);
        f << content.toStdString();
    }
    Run r = cli({"validate", file});
    QCOMPARE(r.code, 1);
    QVERIFY2(q(r.err).contains(q(file)), r.err.c_str());
    QVERIFY2(q(r.err).contains(message), r.err.c_str());

    Run j = cli({"validate", file, "--json"});
    QCOMPARE(j.code, 1);
    QCOMPARE(json::parse(j.out)["valid"].get<bool>(), false);

    Run missing = cli({"validate", path("does-not-exist.topoplan")});
    QCOMPARE(missing.code, 1);
    QVERIFY(q(missing.err).contains(QStringLiteral("does-not-exist.topoplan")));
}

void tst_Cli::generateRejectsUnknownModel()
{
    // A bad option value is usage (exit 2), whichever option names it.
    Run r = cli({"generate", "--node", "dgx-h900", "--nodes", "4", "-o", path("x.topoplan")});
    QCOMPARE(r.code, 2);
    QVERIFY2(q(r.err).contains(QStringLiteral("dgx-h900")), r.err.c_str());
    Run t = cli({"generate", "--template", "nope", "-o", path("x.topoplan")});
    QCOMPARE(t.code, 2);
    QVERIFY2(q(t.err).contains(QStringLiteral("unknown template")), t.err.c_str());
    QVERIFY2(q(t.err).contains(QStringLiteral("dgx-h100-su")), t.err.c_str());
    Run l = cli({"generate", "--node", "dgx-h100", "--nodes", "4", "--leaf", "zz", "-o",
                 path("x.topoplan")});
    QCOMPARE(l.code, 2);
}

void tst_Cli::generateWithAHardwareFile()
{
    // Jean Zay's A100 nodes (four Omni-Path 100 Gb/s links per 8 A100), a copy that goes away.
    std::ifstream example(TOPOPLAN_SOURCE_DIR "docs/examples/jean-zay-a100.json");
    const std::string hw
            = write("jean-zay.json", std::string(std::istreambuf_iterator<char>(example), {}));
    Run list = cli({"catalog", "--catalog", hw});
    QCOMPARE(list.code, 0);
    QVERIFY2(q(list.out).contains(QStringLiteral("jean-zay-a100")), list.out.c_str());
    QVERIFY2(q(list.out).contains(QStringLiteral("dgx-h100")), list.out.c_str());

    // Without the file the model is unknown; with it, it is generated and the project keeps it.
    const std::string out = path("jean-zay.topoplan");
    QCOMPARE(cli({"generate", "--node", "jean-zay-a100", "--nodes", "48", "-o", out}).code, 2);
    Run g = cli({"generate", "--catalog", hw, "--node", "jean-zay-a100", "--nodes", "48", "--leaf",
                 "opa-edge-48", "-o", out});
    QCOMPARE(g.code, 0);
    QVERIFY2(q(g.out).contains(QStringLiteral("384 GPUs, 48 nodes")), g.out.c_str());
    std::ifstream in(out);
    const json project = json::parse(in);
    QCOMPARE(project["catalog"]["servers"][0]["id"].get<std::string>(),
             std::string("jean-zay-a100"));
    QVERIFY(!project["catalog"].contains("format"));
    QVERIFY(std::remove(hw.c_str()) == 0);

    // The project analyses on its own: two GPUs share each Omni-Path NIC (4 per 8 GPUs), so a
    // pipeline send gets half of 12.5 GB/s at 0.9 efficiency.
    Run a = cli(
            {"analyze", out, "--workload-preset", "gpt3-175b", "--plan", "tp=8,pp=4", "--json"});
    QCOMPARE(a.code, 0);
    const json r = json::parse(a.out);
    QCOMPARE(r["gpus"].get<int>(), 384);
    bool sawPp = false;
    for (const json &g : r["groups"]) {
        if (g["dim"] == "pp") {
            sawPp = true;
            QCOMPARE(g["busbw_gbps"].get<double>(), 5.6);
            QCOMPARE(g["link_class"].get<std::string>(), std::string("infiniband"));
        }
    }
    QVERIFY(sawPp);
}

void tst_Cli::hardwareFileErrorsNameThePlace_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("syntax") << QStringLiteral("{\"servers\": [") << QStringLiteral("line 1");
    QTest::newRow("tuning") << QStringLiteral("{\"collectives\": {}}")
                            << QStringLiteral("/collectives: unknown member");
    QTest::newRow("format") << QStringLiteral("{\"format\": \"topoplan-project\"}")
                            << QStringLiteral("/format: expected \"topoplan-catalog\"");
    QTest::newRow("version") << QStringLiteral("{\"version\": 2, \"gpus\": []}")
                             << QStringLiteral("/version: expected catalog version 1");
    QTest::newRow("empty") << QStringLiteral("{}")
                           << QStringLiteral("expected at least one of media, gpus");
    QFile example(QStringLiteral(TOPOPLAN_SOURCE_DIR "docs/examples/jean-zay-a100.json"));
    QVERIFY(example.open(QIODevice::ReadOnly));
    QString unknownGpu = QString::fromUtf8(example.readAll());
    unknownGpu.replace(QStringLiteral("a100-sxm-80gb"), QStringLiteral("a100-sxm-8gb"));
    QTest::newRow("reference") << unknownGpu << QStringLiteral("/servers/0/gpu: unknown GPU model");
}

void tst_Cli::hardwareFileErrorsNameThePlace()
{
    QFETCH(QString, content);
    QFETCH(QString, expected);
    const std::string hw = write("bad-hardware.json", content.toStdString());
    for (const std::vector<std::string> &args :
         {std::vector<std::string>{"catalog", "--catalog", hw},
          std::vector<std::string>{"generate", "--catalog", hw, "--node", "dgx-h100", "--nodes",
                                   "2", "-o", path("never.topoplan")}}) {
        Run r = cli(args);
        QCOMPARE(r.code, 1);
        QVERIFY2(q(r.err).contains(QStringLiteral("bad-hardware.json")), r.err.c_str());
        QVERIFY2(q(r.err).contains(expected), r.err.c_str());
    }
    QVERIFY(!QFile::exists(QString::fromStdString(path("never.topoplan"))));
}

void tst_Cli::planSaysWhenNothingCanRun()
{
    // Two servers and no fabric: every plan of 16 GPUs has a group that spans both servers
    // and no path between them. Such plans used to be ranked as the best with 0 tokens/s.
    const std::string file = path("islands.topoplan");
    Run g = cli({"generate", "--node", "dgx-h100", "--nodes", "2", "--fabric", "none",
                 "--workload-preset", "llama3-8b", "-o", file});
    QVERIFY2(g.code == 0, g.err.c_str());
    Run r = cli({"plan", file, "--top", "3"});
    QCOMPARE(r.code, 1);
    QVERIFY2(q(r.out).contains(QStringLiteral("no plan can run")), r.out.c_str());
    QVERIFY2(q(r.out).contains(QStringLiteral("CANNOT RUN")), r.out.c_str());
    QVERIFY2(q(r.err).contains(QStringLiteral("no plan can run")), r.err.c_str());
    Run j = cli({"plan", file, "--top", "3", "--json"});
    QCOMPARE(j.code, 1);
    const json doc = json::parse(j.out);
    QCOMPARE(doc["runnable"].get<int>(), 0);
    QVERIFY(!doc["plans"].empty());
    for (const json &p : doc["plans"])
        QVERIFY(!p["can_run"].get<bool>());
    // Analysing one such plan fails too, and its JSON holds no null where a figure was
    // meant: what cannot be computed is listed under "omitted" with the reason.
    Run a = cli({"analyze", file, "--plan", "tp=8,dp=2", "--json"});
    QCOMPARE(a.code, 1);
    const json an = json::parse(a.out);
    QVERIFY(an.contains("tokens_per_s") || an.contains("omitted"));
    for (const char *figure : {"tokens_per_s", "step_time_s", "mfu"})
        QVERIFY2(!an.contains(figure) || an[figure].is_number(), figure);
}

std::string tst_Cli::superPod()
{
    if (m_superPod.empty()) {
        m_superPod = path("su.topoplan");
        Run g = cli({"generate", "--template", "dgx-h100-su", "-o", m_superPod});
        if (g.code != 0)
            qFatal("%s", g.err.c_str());
    }
    return m_superPod;
}

std::string tst_Cli::write(const char *name, const std::string &content) const
{
    const std::string file = path(name);
    std::ofstream(file) << content;
    return file;
}

void tst_Cli::usageListsThePlanningVerbs()
{
    Run r = cli({"--help"});
    QCOMPARE(r.code, 0);
    for (const char *line :
         {"analyze FILE [--workload FILE | --workload-preset NAME] [--plan SPEC] [--json]",
          "sweep FILE --dim tp [--workload FILE | --workload-preset NAME] [--plan SPEC] [--json]",
          "plan FILE [--workload FILE | --workload-preset NAME] [--top N] [--json]",
          "gpt3-175b, llama3-8b, llama3-70b, llama3-405b, mixtral-8x7b"})
        QVERIFY2(q(r.out).contains(QLatin1String(line)), line);
}

void tst_Cli::analyzeJson()
{
    Run r = cli({"analyze", superPod(), "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(j["gpus"].get<int>(), 256);
    QCOMPARE(j["plan"]["tp"].get<int>(), 8);
    QCOMPARE(j["plan"]["pp"].get<int>(), 8);
    QCOMPARE(j["plan"]["dp"].get<int>(), 4);
    QCOMPARE(j["plan"]["global_batch"].get<int>(), 1536);
    QVERIFY(j["step_time_s"].get<double>() > 0);
    QVERIFY(j["fits_memory"].get<bool>());
    QCOMPARE(j["groups"][0]["dim"].get<std::string>(), std::string("tp"));
    QCOMPARE(j["groups"][0]["busbw_gbps"].get<double>(), 369.0);
    QCOMPARE(j["groups"][1]["dim"].get<std::string>(), std::string("dp"));
    QCOMPARE(j["groups"][1]["busbw_gbps"].get<double>(), 47.0);
    // Only information: the groups stay on their rails' leaves, below the spines.
    QCOMPARE(j["diagnostics"].size(), std::size_t(1));
    QCOMPARE(j["diagnostics"][0]["code"].get<std::string>(), std::string("TIER_UNUSED"));
}

void tst_Cli::analyzeReport()
{
    Run r = cli({"analyze", superPod(), "--plan", "tp=16,pp=4"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const QString out = q(r.out);
    QVERIFY(out.contains(QStringLiteral("256 GPUs (h100-sxm), gpt3-175b")));
    QVERIFY(out.contains(QStringLiteral("plan: tp 16, pp 4, dp 4, cp 1, ep 1")));
    QVERIFY(out.contains(
            QStringLiteral("dim  size  count  GB/s   algorithm       class       crosses domain")));
    QVERIFY(out.contains(
            QStringLiteral("tp   16    16     376.0  ring            infiniband  16 of 16")));
    QVERIFY(out.contains(QStringLiteral("Step breakdown (exposed time)")));
    // Memory item by item under its total.
    QVERIFY2(out.contains(QStringLiteral("fp32 gradient buffer")), r.out.c_str());
    QVERIFY2(out.contains(QStringLiteral("fp32 master weights and Adam moments")), r.out.c_str());
    QVERIFY2(out.contains(QStringLiteral("warning TP_CROSSES_NVLINK_DOMAIN: TP = 16 spans 2 "
                                         "NVLink domains (dgx-001, dgx-002)")),
             r.out.c_str());
}

void tst_Cli::analyzeWithWorkloadFileAndPlan()
{
    const std::string workload = write("llama.json", R"({
  "model": {"name": "llama-like", "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8,
            "ffn": 14336, "vocab": 128256, "seq": 8192, "gated_mlp": true},
  "training": {"global_batch": 512, "micro_batch": 1}
})");
    Run r = cli({"analyze", superPod(), "--workload", workload, "--plan", "tp=4,cp=2", "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(j["plan"]["tp"].get<int>(), 4);
    QCOMPARE(j["plan"]["cp"].get<int>(), 2);
    QCOMPARE(j["plan"]["pp"].get<int>(), 1);
    QCOMPARE(j["plan"]["dp"].get<int>(), 32);
    QCOMPARE(j["groups"][1]["dim"].get<std::string>(), std::string("cp"));

    Run preset = cli({"analyze", superPod(), "--workload-preset", "llama3-8b", "--json"});
    QVERIFY2(preset.code == 0, preset.err.c_str());
    QCOMPARE(json::parse(preset.out)["plan"]["dp"].get<int>(), 4);
}

void tst_Cli::analyzeRejectsBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("code"); // a malformed option value is usage: 2
    QTest::newRow("plan spec")
            << QStringList{QStringLiteral("--plan"), QStringLiteral("tp=eight")}
            << QStringLiteral("error: --plan: tp: expected a positive integer, found \"eight\"")
            << 2;
    QTest::newRow("plan split")
            << QStringList{QStringLiteral("--plan"), QStringLiteral("tp=64")}
            << QStringLiteral("error: --plan: /plan/tp: the 96 attention heads cannot be split "
                              "over tp = 64 (heads must be divisible by tp)")
            << 1;
    QTest::newRow("plan count")
            << QStringList{QStringLiteral("--plan"), QStringLiteral("tp=8,pp=3")}
            << QStringLiteral("error: --plan: /plan: tp x cp x pp = 24 does not divide the 256 "
                              "GPUs, so dp cannot be derived; choose degrees whose product "
                              "divides it, or give dp")
            << 1;
    QTest::newRow("plan too big")
            << QStringList{QStringLiteral("--plan"), QStringLiteral("tp=8,pp=64")}
            << QStringLiteral("error: --plan: /plan: tp x cp x pp = 512 needs more GPUs than the "
                              "256 the cluster has; lower tp, cp or pp")
            << 1;
    QTest::newRow("preset")
            << QStringList{QStringLiteral("--workload-preset"), QStringLiteral("gpt5")}
            << QStringLiteral("error: --workload-preset: gpt5: unknown preset (expected one of: "
                              "gpt3-175b, llama3-8b")
            << 2;
}

void tst_Cli::analyzeRejectsBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QFETCH(int, code);
    std::vector<std::string> a{"analyze", superPod()};
    for (const QString &s : args)
        a.push_back(s.toStdString());
    Run r = cli(a);
    QCOMPARE(r.code, code);
    QVERIFY2(q(r.err).contains(message), r.err.c_str());

    // A workload file with a bad field: the file and the field's path.
    const std::string bad = write("bad-workload.json",
                                  R"({"model": {"layers": 0, "hidden": 4096, "heads": 32,
                                      "vocab": 32000, "seq": 2048},
                                      "training": {"global_batch": 8}})");
    Run w = cli({"analyze", superPod(), "--workload", bad});
    QCOMPARE(w.code, 1);
    QVERIFY2(q(w.err).contains(q(bad + ": /model/layers:")), w.err.c_str());

    // A workload whose batch the plan's dp does not divide: the workload file is named.
    const std::string odd = write("odd-batch.json",
                                  R"({"model": {"layers": 32, "hidden": 4096, "heads": 32,
                                      "vocab": 32000, "seq": 2048},
                                      "training": {"global_batch": 640, "micro_batch": 5}})");
    Run b = cli({"analyze", superPod(), "--workload", odd, "--plan", "tp=1"});
    QCOMPARE(b.code, 1);
    QVERIFY2(q(b.err).contains(q(odd
                                 + ": /training/global_batch: global_batch = 640 must be "
                                   "divisible by micro_batch x dp = 5 x 256 = 1280")),
             b.err.c_str());

    // A project without a workload, then one without a plan.
    const std::string bare = path("bare.topoplan");
    QCOMPARE(cli({"generate", "--node", "dgx-h100", "--nodes", "2", "-o", bare}).code, 0);
    Run none = cli({"analyze", bare});
    QCOMPARE(none.code, 1);
    QVERIFY2(q(none.err).contains(QStringLiteral(
                     "workload: the project states no workload: give --workload FILE or "
                     "--workload-preset NAME")),
             none.err.c_str());
    Run noPlan = cli({"analyze", bare, "--workload-preset", "llama3-8b"});
    QCOMPARE(noPlan.code, 1);
    QVERIFY2(q(noPlan.err)
                     .contains(QStringLiteral("/plan: the project states no plan: give "
                                              "--plan SPEC")),
             noPlan.err.c_str());
}

void tst_Cli::analyzeInvalidPlanJson()
{
    Run r = cli({"analyze", superPod(), "--plan", "tp=64", "--json"});
    QCOMPARE(r.code, 1);
    const json j = json::parse(r.out);
    QCOMPARE(j["error"]["file"].get<std::string>(), std::string("--plan"));
    QCOMPARE(j["error"]["where"].get<std::string>(), std::string("/plan/tp"));
    QCOMPARE(j["diagnostics"][0]["code"].get<std::string>(), std::string("PLAN_INVALID"));
    QCOMPARE(j["diagnostics"][0]["severity"].get<std::string>(), std::string("error"));
}

void tst_Cli::planningUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("sweep pp") << QStringList{QStringLiteral("sweep"), QStringLiteral("X"),
                                             QStringLiteral("--dim"), QStringLiteral("pp")}
                              << QStringLiteral("--dim pp is not supported; only --dim tp");
    QTest::newRow("sweep without dim") << QStringList{QStringLiteral("sweep"), QStringLiteral("X")}
                                       << QStringLiteral("missing --dim");
    QTest::newRow("plan top 0") << QStringList{QStringLiteral("plan"), QStringLiteral("X"),
                                               QStringLiteral("--top"), QStringLiteral("0")}
                                << QStringLiteral("--top: expected a positive integer");
    QTest::newRow("two workloads")
            << QStringList{QStringLiteral("analyze"),           QStringLiteral("X"),
                           QStringLiteral("--workload"),        QStringLiteral("w.json"),
                           QStringLiteral("--workload-preset"), QStringLiteral("llama3-8b")}
            << QStringLiteral("--workload and --workload-preset exclude each other");
    QTest::newRow("plan takes no plan")
            << QStringList{QStringLiteral("plan"), QStringLiteral("X"), QStringLiteral("--plan"),
                           QStringLiteral("tp=8")}
            << QStringLiteral("unknown option --plan");
}

void tst_Cli::planningUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> a;
    for (const QString &s : args)
        a.push_back(s == QLatin1String("X") ? superPod() : s.toStdString());
    Run r = cli(a);
    QCOMPARE(r.code, 2);
    QVERIFY2(q(r.err).contains(message), r.err.c_str());
}

void tst_Cli::sweepJson()
{
    Run r = cli({"sweep", superPod(), "--dim", "tp", "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(j["dim"].get<std::string>(), std::string("tp"));
    QCOMPARE(j["domain_size"].get<int>(), 8);
    // Every TP width that divides the 256 GPUs: 1, 2, 4, ..., 256.
    QCOMPARE(int(j["rows"].size()), 9);
    for (const json &row : j["rows"]) {
        QCOMPARE(256 % row["tp"].get<int>(), 0);
        if (row.contains("plan"))
            QCOMPARE(row["plan"]["tp"], row["tp"]);
        if (!row["held"].is_null())
            QCOMPARE(row["held"]["plan"]["pp"].get<int>(), 8);
    }
}

void tst_Cli::sweepReport()
{
    Run r = cli({"sweep", superPod(), "--dim", "tp"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const QString out = q(r.out);
    QVERIFY(out.contains(QStringLiteral("TP sweep over 256 GPUs, NVLink domain size 8 GPUs")));
    QVERIFY(out.contains(QStringLiteral("held: pp 8, cp 1, ep 1")));
    QVERIFY(out.contains(QStringLiteral("none valid")));
    QVERIFY(out.contains(QStringLiteral("invalid")));
}

void tst_Cli::planRanks()
{
    Run r = cli({"plan", superPod(), "--top", "3", "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(int(j["plans"].size()), 3);
    QVERIFY(j["plans"][0]["tokens_per_s"].get<double>()
            >= j["plans"][1]["tokens_per_s"].get<double>());
    QVERIFY(j["plans"][0]["fits_memory"].get<bool>());
    QVERIFY(j["fitting"].get<int>() >= 3);
    QCOMPARE(j["runnable"].get<int>(), 3);
    for (const json &p : j["plans"])
        QVERIFY(p["can_run"].get<bool>());

    Run t = cli({"plan", superPod(), "--top", "2"});
    QVERIFY2(t.code == 0, t.err.c_str());
    QVERIFY(q(t.out).contains(QStringLiteral("the best plans for gpt3-175b on 256 GPUs")));
    QVERIFY(q(t.out).contains(QStringLiteral("tokens/s")));
}

void tst_Cli::analyzeFailReportsWhatWasLost()
{
    Run r = cli({"analyze", superPod(), "--fail", "leaf-1, node-2/nic3", "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(j["failed"].size(), std::size_t(2));
    QCOMPARE(j["failed"][0]["kind"].get<std::string>(), std::string("switch"));
    QCOMPARE(j["failed"][1]["kind"].get<std::string>(), std::string("nic"));
    QCOMPARE(j["gpus_before"].get<int>(), 256);
    QCOMPARE(j["gpus_after"].get<int>(), 256);
    QVERIFY(j["tokens_per_s_after"].get<double>() < j["tokens_per_s_before"].get<double>());
    QVERIFY(j["tokens_per_s_lost_fraction"].get<double>() > 0);
    QVERIFY(!j["degraded"].is_null());
    bool dpDropped = false;
    for (const json &d : j["dimensions"]) {
        if (d["dim"] == "dp")
            dpDropped = d["busbw_gbps_after"].get<double>() < d["busbw_gbps_before"].get<double>();
    }
    QVERIFY(dpDropped);

    Run text = cli({"analyze", superPod(), "--fail", "leaf-1"});
    QVERIFY2(text.code == 0, text.err.c_str());
    QVERIFY2(q(text.out).contains(QStringLiteral("what-if with leaf-r1-su1 (switch) failed")),
             text.out.c_str());
    QVERIFY(q(text.out).contains(QStringLiteral("GPUs       256 -> 256")));
    QVERIFY(q(text.out).contains(QStringLiteral("--- with the failures ---")));
}

void tst_Cli::analyzeFailedServerLeavesThePlan()
{
    Run r = cli({"analyze", superPod(), "--fail", "node-1", "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(j["gpus_before"].get<int>(), 256);
    QCOMPARE(j["gpus_after"].get<int>(), 248);
    // tp 8 x pp 8 does not divide 248 GPUs: the plan no longer runs, and the planner's best on
    // what is left says what the design still gives.
    QVERIFY(j["degraded"].is_null());
    QVERIFY(!j["plan_error"].is_null());
    QVERIFY(!j["replanned"].is_null());
    QCOMPARE(j["replanned"]["gpus"].get<int>(), 248);
}

void tst_Cli::analyzeFailRejectsUnknownIds()
{
    Run unknown = cli({"analyze", superPod(), "--fail", "leaf-1,spine-99"});
    QCOMPARE(unknown.code, 1);
    QVERIFY2(q(unknown.err).contains(QStringLiteral("\"spine-99\"")), unknown.err.c_str());
    Run nic = cli({"analyze", superPod(), "--fail", "node-1/nic8"});
    QCOMPARE(nic.code, 1);
    QVERIFY2(q(nic.err).contains(QStringLiteral("compute NICs 0 to 7: there is no NIC 8")),
             nic.err.c_str());
    QCOMPARE(cli({"analyze", superPod(), "--fail", " , "}).code, 2);
    QCOMPARE(cli({"analyze", superPod(), "--fail", "leaf-1", "--n-1"}).code, 2);
    QCOMPARE(cli({"analyze", superPod(), "--top", "3"}).code, 2);
}

void tst_Cli::analyzeN1RanksElements()
{
    Run r = cli({"analyze", superPod(), "--n-1", "--json"});
    QVERIFY2(r.code == 0, r.err.c_str());
    const json j = json::parse(r.out);
    QCOMPARE(j["plan"]["tp"].get<int>(), 8);
    const json &rows = j["rows"];
    QVERIFY(rows.size() > 256); // every NIC, its cable, the switches and the bundles
    QVERIFY(rows[0]["tokens_per_s_lost_fraction"].get<double>() > 0);
    QVERIFY(!rows[0]["dim"].is_null());
    std::set<std::string> kinds;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        kinds.insert(rows[i]["kind"].get<std::string>());
        if (i > 0)
            QVERIFY(std::llround(rows[i - 1]["tokens_per_s_lost_fraction"].get<double>() * 1e4)
                    >= std::llround(rows[i]["tokens_per_s_lost_fraction"].get<double>() * 1e4));
    }
    QCOMPARE(kinds, (std::set<std::string>{"link", "nic", "switch"}));

    Run text = cli({"analyze", superPod(), "--n-1", "--top", "5"});
    QVERIFY2(text.code == 0, text.err.c_str());
    QVERIFY(q(text.out).contains(QStringLiteral("N-1, every single switch, link bundle and server "
                                                "NIC failed in turn")));
    // One line for each run of elements that cost the same: the unit's eight leaves, then its
    // 256 server cables, then its 256 NICs (each leaf, cable or NIC as costly as another).
    QVERIFY2(q(text.out).contains(QStringLiteral("\n  3  ")), text.out.c_str());
    QVERIFY(!q(text.out).contains(QStringLiteral("\n  4  ")));
    QVERIFY2(q(text.out).contains(QStringLiteral(" and 7 more ")), text.out.c_str());
    QVERIFY2(q(text.out).contains(QStringLiteral(" and 255 more ")), text.out.c_str());
    // Most of them took the figures of one alike to them, and the text says so.
    QVERIFY2(q(text.out).contains(QStringLiteral(" are alike to one analysed")), text.out.c_str());
    QVERIFY(j["alike"].get<int>() > 256);
    QVERIFY(j["reanalysed"].get<int>() < 16);
}

// The topoplan-cli program itself, where no runtime directory is set (a batch job, sudo): an
// export prints what it wrote and nothing on stderr, where Qt used to warn about
// XDG_RUNTIME_DIR on every run; a real problem is still printed.
void tst_Cli::exportPrintsNoRuntimeDirWarning()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    auto run = [&](const QStringList &args, QByteArray *err) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TOPOPLAN_CLI_EXE), args);
        if (!p.waitForFinished(120000))
            return -1;
        *err = p.readAllStandardError();
        return p.exitCode();
    };
    QByteArray err;
    const QString out = QString::fromStdString(path("bom.csv"));
    QCOMPARE(run({QStringLiteral("export"), q(superPod()), QStringLiteral("--format"),
                  QStringLiteral("bom"), QStringLiteral("-o"), out},
                 &err),
             0);
    QVERIFY2(err.isEmpty(), err.constData());
    const QString svg = QString::fromStdString(path("su.svg"));
    QCOMPARE(run({QStringLiteral("export"), q(superPod()), QStringLiteral("-o"), svg}, &err), 0);
    QVERIFY2(err.isEmpty(), err.constData());
    // -o naming the input: refused with exit 2, the input kept.
    std::ifstream before(superPod());
    const std::string original{std::istreambuf_iterator<char>(before), {}};
    QCOMPARE(run({QStringLiteral("export"), q(superPod()), QStringLiteral("--format"),
                  QStringLiteral("slurm-tree"), QStringLiteral("-o"), q(superPod())},
                 &err),
             2);
    QVERIFY2(err.contains("would replace what is being read"), err.constData());
    std::ifstream after(superPod());
    QCOMPARE(std::string(std::istreambuf_iterator<char>(after), {}), original);
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
