#include "engine/plan/analysis.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

using namespace topoplan;
using namespace topoplan::fixtures;

// Every diagnostic code on a topology and plan that trigger it, and on one that does not.

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

Topology twoNodes(const std::string &leaf = "qm9700", const std::string &medium = "ib-ndr")
{
    return nodesOnOneLeaf(2, "dgx-h100", 8, leaf, medium);
}

// 8 DGX H100, odd nodes on leaf-1 and even ones on leaf-2, each leaf with 32 NIC cables down
// and `uplinks` cables up to 2 spines: every DP ring step between neighbouring nodes climbs.
Topology alternatingLeaves(int uplinks)
{
    TopologyBuilder b;
    const std::string leaves[2] = {b.addSwitch("qm9700"), b.addSwitch("qm9700")};
    const std::string spines[2]
            = {b.addSwitch("qm9700", Tier::Spine), b.addSwitch("qm9700", Tier::Spine)};
    for (int n = 0; n < 8; ++n) {
        const std::string node = b.node("dgx-h100");
        for (int k = 0; k < 8; ++k)
            b.cable(node, k, leaves[n % 2], "ib-ndr");
    }
    for (const std::string &leaf : leaves) {
        for (const std::string &spine : spines)
            b.bundle(leaf, spine, "ib-ndr", uplinks / 2);
    }
    return b.topology;
}

// Three DGX H100 on one leaf; the third has no cable unless `cabled`.
Topology thirdNodeUncabled(bool cabled)
{
    TopologyBuilder b;
    const std::string leaf = b.addSwitch("qm9700");
    for (int n = 0; n < 3; ++n) {
        const std::string node = b.node("dgx-h100");
        for (int k = 0; (n < 2 || cabled) && k < 8; ++k)
            b.cable(node, k, leaf, "ib-ndr");
    }
    return b.topology;
}

// A DGX A100 and a DGX H100 (or two DGX H100) on one leaf.
Topology mixedNodes(bool mixed)
{
    TopologyBuilder b;
    const std::string leaf = b.addSwitch("qm9700");
    const std::string a = b.node(mixed ? "dgx-a100" : "dgx-h100");
    const std::string h = b.node("dgx-h100");
    for (int k = 0; k < 8; ++k) {
        b.cable(a, k, leaf, mixed ? "ib-hdr" : "ib-ndr");
        b.cable(h, k, leaf, "ib-ndr");
    }
    return b.topology;
}

// Two DGX H100, the second's model assumed by an import (a fabric dump shows no GPUs).
Topology oneModelAssumed()
{
    Topology t = mixedNodes(false);
    t.nodes[1].modelAssumed = true;
    return t;
}

Workload withBatch(const std::string &name, int globalBatch)
{
    Workload w = preset(name);
    w.training.globalBatch = globalBatch;
    return w;
}

Workload deepep(Workload w)
{
    w.training.moeDispatcher = MoeDispatcher::DeepEP;
    return w;
}

struct Scenario
{
    Topology topology;
    Workload workload;
    Plan plan;
};

Scenario scenario(const QString &name)
{
    const Workload llama = preset("llama3-8b");
    const Workload mixtral = preset("mixtral-8x7b");
    const Workload gpt3 = preset("gpt3-175b");
    // Global batches that dp = 3, 8 and 12 divide.
    const Workload small = gpt(24, 2304, 24, 576); // Megatron's 1.7B
    const std::map<QString, Scenario> all = {
            {QStringLiteral("tp across nodes"), {twoNodes(), llama, plan(16)}},
            {QStringLiteral("tp in a node"), {twoNodes(), llama, plan(8)}},
            {QStringLiteral("ep across nodes"), {twoNodes(), mixtral, plan(2, 1, 1, 8)}},
            {QStringLiteral("ep in a node"), {twoNodes(), mixtral, plan(1, 1, 1, 8)}},
            {QStringLiteral("ep across nodes per node"),
             {twoNodes(), deepep(mixtral), plan(2, 1, 1, 8)}},
            {QStringLiteral("tp over tcp"), {twoNodes("eth-100g", "eth-100"), llama, plan(16)}},
            {QStringLiteral("ep over tcp"),
             {twoNodes("eth-100g", "eth-100"), mixtral, plan(2, 1, 1, 8)}},
            {QStringLiteral("ep in a node, tcp fabric"),
             {twoNodes("eth-100g", "eth-100"), mixtral, plan(1, 1, 1, 8)}},
            {QStringLiteral("cp over tcp"),
             {twoNodes("eth-100g", "eth-100"), llama, plan(1, 1, 16)}},
            {QStringLiteral("cp in a node, tcp fabric"),
             {twoNodes("eth-100g", "eth-100"), llama, plan(1, 1, 8)}},
            {QStringLiteral("pp over tcp"), {twoNodes("eth-100g", "eth-100"), llama, plan(8, 2)}},
            {QStringLiteral("pp over ib"), {twoNodes(), llama, plan(8, 2)}},
            {QStringLiteral("dp through 2:1"), {alternatingLeaves(16), llama, plan(8)}},
            {QStringLiteral("dp through 1:1"), {alternatingLeaves(32), llama, plan(8)}},
            {QStringLiteral("dp leaves its rail"), {generated("dgx-h100", 3), small, plan(3)}},
            {QStringLiteral("dp on its rail"), {generated("dgx-h100", 3), small, plan(2)}},
            {QStringLiteral("tp 3 on a fat tree"),
             {generated("dgx-h100", 3, FabricKind::FatTree), small, plan(3)}},
            {QStringLiteral("uncabled node"),
             {thirdNodeUncabled(false), withBatch("llama3-8b", 576), plan(8)}},
            {QStringLiteral("every node cabled"),
             {thirdNodeUncabled(true), withBatch("llama3-8b", 576), plan(8)}},
            {QStringLiteral("175B on 8 GPUs"),
             {nodesOnOneLeaf(1, "dgx-h100", 8, "qm9700", "ib-ndr"), gpt3, plan(8)}},
            {QStringLiteral("175B on 256 GPUs"), {generated("dgx-h100", 32), gpt3, plan(8, 8)}},
            {QStringLiteral("one NVL72 rack"),
             {generated("gb200-nvl72", 1, FabricKind::None), withBatch("llama3-8b", 576), plan(8)}},
            {QStringLiteral("m = 16 for pp = 8"),
             {generated("dgx-h100", 32), withBatch("gpt3-175b", 64), plan(8, 8)}},
            {QStringLiteral("m = 4 for pp = 8"),
             {generated("dgx-h100", 32), withBatch("gpt3-175b", 16), plan(8, 8)}},
            {QStringLiteral("a100 and h100"), {mixedNodes(true), llama, plan(8)}},
            {QStringLiteral("h100 only"), {mixedNodes(false), llama, plan(8)}},
            {QStringLiteral("a model assumed"), {oneModelAssumed(), llama, plan(8)}},
    };
    auto it = all.find(name);
    if (it == all.end())
        qFatal("no scenario %s", qPrintable(name));
    return it->second;
}

const Diagnostic *find(const AnalysisResult &r, const QString &code)
{
    for (const Diagnostic &d : r.diagnostics) {
        if (q(d.code) == code)
            return &d;
    }
    return nullptr;
}

} // namespace

class tst_Diagnostics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void triggers_data();
    void triggers();
    void planInvalid();
    void orderedBySeverity();
    void hostMemoryOfOffloadedActivations();
    void bridgedPairs();
};

void tst_Diagnostics::triggers_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("expected");
    QTest::addColumn<QString>("severity");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QString>("fragment"); // part of the message
    const QStringList nodes12{QStringLiteral("node-1"), QStringLiteral("node-2")};

    QTest::newRow("TP_CROSSES_NVLINK_DOMAIN")
            << "tp across nodes"
            << "TP_CROSSES_NVLINK_DOMAIN" << true << "warning" << nodes12
            << "TP = 16 spans 2 NVLink domains (node-1, node-2): its all-gathers and "
               "reduce-scatters, on the critical path of every layer, leave NVLink for "
               "InfiniBand. Bandwidth is not what costs: InfiniBand carries the ring at 376 GB/s, "
               "NVLink 4 at 369 GB/s inside a domain. What costs is time a wider group does not "
               "shrink: each all-gather moves the activations of a micro-batch's layer (67.1 MB) "
               "however wide TP is, while each GPU's share of the compute shrinks with it, and "
               "each ring step adds latency. Here one takes 233 µs, 65.8 µs of it fixed: 15 ring "
               "steps, 1 of them between domains at 9.75 µs through 1 switch (3.4 µs a step on "
               "NVLink), and the collective's base; the layers wait for them forward and "
               "backward. TP communication takes 31 s, 53.9 % of the step.";
    QTest::newRow("TP_CROSSES_NVLINK_DOMAIN absent")
            << "tp in a node"
            << "TP_CROSSES_NVLINK_DOMAIN" << false << "" << QStringList() << "";
    QTest::newRow("EP_CROSSES_NVLINK_DOMAIN")
            << "ep across nodes"
            << "EP_CROSSES_NVLINK_DOMAIN" << true << "warning" << nodes12
            << "EP = 8 spans 2 NVLink domains (node-1, node-2) in both EP groups";
    QTest::newRow("EP_CROSSES_NVLINK_DOMAIN offers DeepEP")
            << "ep across nodes"
            << "EP_CROSSES_NVLINK_DOMAIN" << true << "warning" << nodes12
            << "or send each token once per node and spread it over NVLink there "
               "(training.moe_dispatcher \"deepep\") instead of once per expert.";
    QTest::newRow("EP_CROSSES_NVLINK_DOMAIN under DeepEP")
            << "ep across nodes per node"
            << "EP_CROSSES_NVLINK_DOMAIN" << true << "warning" << nodes12
            << "and use DP across domains.";
    QTest::newRow("EP_CROSSES_NVLINK_DOMAIN absent")
            << "ep in a node"
            << "EP_CROSSES_NVLINK_DOMAIN" << false << "" << QStringList() << "";
    QTest::newRow("TP_ON_ETHERNET")
            << "tp over tcp"
            << "TP_ON_ETHERNET" << true << "error" << QStringList()
            << "TP collectives, on the critical path of every layer, run over plain "
               "Ethernet (TCP, no RDMA) through node-1 rail 1 - leaf-1 port 0";
    QTest::newRow("TP_ON_ETHERNET absent")
            << "tp across nodes"
            << "TP_ON_ETHERNET" << false << "" << QStringList() << "";
    QTest::newRow("EP_ON_ETHERNET") << "ep over tcp"
                                    << "EP_ON_ETHERNET" << true << "error" << QStringList()
                                    << "Expert all-to-alls run over plain";
    QTest::newRow("EP_ON_ETHERNET absent")
            << "ep in a node, tcp fabric"
            << "EP_ON_ETHERNET" << false << "" << QStringList() << "";
    QTest::newRow("CP_ON_ETHERNET") << "cp over tcp"
                                    << "CP_ON_ETHERNET" << true << "error" << QStringList()
                                    << "The context-parallel K/V ring runs over plain Ethernet";
    QTest::newRow("CP_ON_ETHERNET absent")
            << "cp in a node, tcp fabric"
            << "CP_ON_ETHERNET" << false << "" << QStringList() << "";
    QTest::newRow("PP_ON_ETHERNET")
            << "pp over tcp"
            << "PP_ON_ETHERNET" << true << "warning" << QStringList()
            << "Pipeline sends and receives run over plain Ethernet (TCP, no RDMA)";
    QTest::newRow("PP_ON_ETHERNET absent")
            << "pp over ib"
            << "PP_ON_ETHERNET" << false << "" << QStringList() << "";
    QTest::newRow("DP_OVERSUBSCRIBED")
            << "dp through 2:1"
            << "DP_OVERSUBSCRIBED" << true << "warning"
            << QStringList{QStringLiteral("leaf-1"), QStringLiteral("leaf-2")}
            << "DP traffic climbs through oversubscribed leaf switches (leaf-1, leaf-2: up to "
               "2:1 downlink to uplink bandwidth): the DP gradient reduction gets 23.5 GB/s per "
               "group where 1:1 uplinks would give 47 GB/s (50 % lost)";
    QTest::newRow("DP_OVERSUBSCRIBED absent")
            << "dp through 1:1"
            << "DP_OVERSUBSCRIBED" << false << "" << QStringList() << "";
    QTest::newRow("DP_CROSSES_RAILS")
            << "dp leaves its rail"
            << "DP_CROSSES_RAILS" << true << "warning"
            << QStringList{QStringLiteral("node-1"), QStringLiteral("node-2"),
                           QStringLiteral("leaf-1"), QStringLiteral("leaf-2")}
            << "On this rail-optimized fabric all 3 DP groups send from one rail to another "
               "(e.g. dgx-001 GPU 0 on rail 1 to dgx-002 GPU 1 on rail 2)";
    QTest::newRow("DP_CROSSES_RAILS absent")
            << "dp on its rail"
            << "DP_CROSSES_RAILS" << false << "" << QStringList() << "";
    QTest::newRow("DP_CROSSES_RAILS absent without rails")
            << "tp 3 on a fat tree"
            << "DP_CROSSES_RAILS" << false << "" << QStringList() << "";
    QTest::newRow("NO_PATH") << "uncabled node"
                             << "NO_PATH" << true << "error"
                             << QStringList{QStringLiteral("node-3")}
                             << "node-3 GPU 0 on node-3 cannot reach the rest of its group";
    QTest::newRow("NO_PATH absent") << "every node cabled"
                                    << "NO_PATH" << false << "" << QStringList() << "";
    QTest::newRow("OUT_OF_MEMORY")
            << "175B on 8 GPUs"
            << "OUT_OF_MEMORY" << true << "error" << QStringList() << "of its 80 GB: weights ";
    QTest::newRow("OUT_OF_MEMORY absent") << "175B on 256 GPUs"
                                          << "OUT_OF_MEMORY" << false << "" << QStringList() << "";
    QTest::newRow("FITS_ONE_DOMAIN")
            << "one NVL72 rack"
            << "FITS_ONE_DOMAIN" << true << "info" << QStringList{QStringLiteral("node-1")}
            << "All 72 GPUs are in one NVLink domain (node-1): every parallel group's traffic "
               "stays on NVLink, so training needs no InfiniBand or Ethernet fabric";
    QTest::newRow("TIER_UNUSED") << "dp on its rail"
                                 << "TIER_UNUSED" << true << "info"
                                 << QStringList{QStringLiteral("spine-1"),
                                                QStringLiteral("spine-2"),
                                                QStringLiteral("spine-3"),
                                                QStringLiteral("spine-4")}
                                 << "No parallel group uses the spine layer at this plan";
    QTest::newRow("TIER_UNUSED absent") << "dp leaves its rail"
                                        << "TIER_UNUSED" << false << "" << QStringList() << "";
    QTest::newRow("FITS_ONE_DOMAIN absent")
            << "tp in a node"
            << "FITS_ONE_DOMAIN" << false << "" << QStringList() << "";
    QTest::newRow("PP_BUBBLE_LARGE info")
            << "m = 16 for pp = 8"
            << "PP_BUBBLE_LARGE" << true << "info" << QStringList()
            << "stages fill and drain around 16 micro-batches per step";
    QTest::newRow("PP_BUBBLE_LARGE warning")
            << "m = 4 for pp = 8"
            << "PP_BUBBLE_LARGE" << true << "warning" << QStringList()
            << "global_batch / (micro_batch x dp) = 16 / (1 x 4)";
    QTest::newRow("PP_BUBBLE_LARGE absent")
            << "175B on 256 GPUs"
            << "PP_BUBBLE_LARGE" << false << "" << QStringList() << "";
    QTest::newRow("MIXED_GPU_MODELS")
            << "a100 and h100"
            << "MIXED_GPU_MODELS" << true << "info" << QStringList{QStringLiteral("node-1")}
            << "The nodes hold 2 GPU models (a100-sxm-80gb on node-1; h100-sxm on node-2)";
    QTest::newRow("MIXED_GPU_MODELS absent")
            << "h100 only"
            << "MIXED_GPU_MODELS" << false << "" << QStringList() << "";
    QTest::newRow("SERVER_MODEL_ASSUMED")
            << "a model assumed"
            << "SERVER_MODEL_ASSUMED" << true << "warning" << QStringList{QStringLiteral("node-2")}
            << "is taken for dgx-h100 (8 x h100-sxm) by the import, an assumption";
    QTest::newRow("SERVER_MODEL_ASSUMED absent, models confirmed")
            << "h100 only"
            << "SERVER_MODEL_ASSUMED" << false << "" << QStringList() << "";
}

void tst_Diagnostics::triggers()
{
    QFETCH(QString, scenario);
    QFETCH(QString, code);
    QFETCH(bool, expected);
    QFETCH(QString, severity);
    QFETCH(QStringList, ids);
    QFETCH(QString, fragment);
    const Scenario s = ::scenario(scenario);
    const Analyzer a = analyzer(s.topology);
    const Expected<AnalysisResult> r = a.analyze(s.workload, s.plan);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().text().c_str());
    const Diagnostic *d = find(*r, code);
    QCOMPARE(d != nullptr, expected);
    if (!d)
        return;
    qInfo("%s %s: %s", toString(d->severity), d->code.c_str(), d->message.c_str());
    QCOMPARE(q(toString(d->severity)), severity);
    QVERIFY2(q(d->message).contains(fragment), d->message.c_str());
    // Why it matters and what to change: every message ends with advice.
    QVERIFY(d->message.size() > 80);
    if (!ids.isEmpty()) {
        QStringList actual;
        for (const std::string &id : d->ids)
            actual << q(id);
        QCOMPARE(actual, ids);
    }
    if (code == QLatin1String("TP_ON_ETHERNET")) {
        // The Ethernet cables TP crosses, and the nodes they join.
        QVERIFY(d->ids.size() == 18);
        QCOMPARE(q(d->ids.back()), QStringLiteral("node-2"));
    }
    if (code == QLatin1String("MIXED_GPU_MODELS"))
        QCOMPARE(q(r->gpuModel), QStringLiteral("a100-sxm-80gb"));
    if (code == QLatin1String("NO_PATH"))
        QCOMPARE(r->step.tokensPerS, 0.0);
    // A diagnostic about one parallel dimension says which, and that dimension's verdict (what
    // the canvas colours its bottleneck by) is at least as severe as the diagnostic.
    for (const char *prefix : {"TP_", "CP_", "EP_", "DP_", "PP_"}) {
        if (!code.startsWith(QLatin1String(prefix)) || code == QLatin1String("PP_BUBBLE_LARGE"))
            continue;
        QVERIFY(d->dim.has_value());
        QCOMPARE(q(toString(*d->dim)).toUpper() + u'_', QString::fromLatin1(prefix));
        const std::optional<Severity> verdict = dimensionSeverity(r->diagnostics, *d->dim);
        QCOMPARE(verdict.has_value(), d->severity != Severity::Info);
        if (verdict)
            QVERIFY(*verdict <= d->severity);
    }
    // The bubble is the schedule's, not PP's interconnect: it does not colour PP's bottleneck.
    if (code == QLatin1String("OUT_OF_MEMORY") || code == QLatin1String("MIXED_GPU_MODELS")
        || code == QLatin1String("SERVER_MODEL_ASSUMED")
        || code == QLatin1String("PP_BUBBLE_LARGE"))
        QVERIFY(!d->dim.has_value());
}

void tst_Diagnostics::planInvalid()
{
    const Analyzer a = analyzer(twoNodes());
    const Expected<AnalysisResult> bad = a.analyze(preset("llama3-8b"), plan(3));
    QVERIFY(!bad);
    const Diagnostic d = topoplan::planInvalid(bad.error());
    QCOMPARE(q(d.code), QStringLiteral("PLAN_INVALID"));
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(q(d.message), QStringLiteral("The plan cannot run: /plan: tp x cp x pp = 3 does not "
                                          "divide the 16 GPUs, so dp cannot be derived; "
                                          "choose degrees whose product divides it, or give dp"));
    // A valid plan analyses, and says nothing of the plan being invalid.
    const Expected<AnalysisResult> good = a.analyze(preset("llama3-8b"), plan(8));
    QVERIFY(good.ok());
    QVERIFY(!find(*good, QStringLiteral("PLAN_INVALID")));
}

void tst_Diagnostics::orderedBySeverity()
{
    // TP over TCP (error), across domains (warning): errors first.
    const Analyzer a = analyzer(twoNodes("eth-100g", "eth-100"));
    const Expected<AnalysisResult> r = a.analyze(preset("llama3-8b"), plan(16));
    QVERIFY(r.ok());
    QVERIFY(r->diagnostics.size() >= 2);
    QCOMPARE(q(r->diagnostics.front().code), QStringLiteral("TP_ON_ETHERNET"));
    for (std::size_t i = 1; i < r->diagnostics.size(); ++i)
        QVERIFY(r->diagnostics[i - 1].severity <= r->diagnostics[i].severity);
}

// Llama 3 70B as NVIDIA runs it on GB200, 40 layers' activations in host memory: a Grace
// tray's 960 GB (240 a GPU) holds their 135 GB a GPU; a tray with 400 GB (100 a GPU) does not,
// and the error says how many layers it takes and what the GPU then needs.
void tst_Diagnostics::hostMemoryOfOffloadedActivations()
{
    Workload w = llama3_70bOnGrace();
    w.training.offloadLayers = 40;
    const Plan p = plan(1);
    const Topology t = generated("gb200-tray", 16, FabricKind::None, 64);
    const AnalysisResult grace = analyzeOrFail(analyzer(t), w, p);
    QVERIFY(!hasCode(grace, code::kOutOfMemory));
    QCOMPARE(grace.step.memory.hostCapacityGB, 240.0);
    QVERIFY(grace.step.memory.hostActivationsGB > 130 && grace.step.memory.hostActivationsGB < 140);

    const Catalog *builtin = &Catalog::builtin();
    Json tray = Json::parse(R"({"servers": []})");
    Json entry = {{"id", "gb200-tray"},
                  {"gpu", "gb200"},
                  {"gpus", 4},
                  {"nvlink_scope", "external"},
                  {"nics", 4},
                  {"nic_gbit_s", 400},
                  {"nic_medium", "ib-ndr"},
                  {"pcie", "pcie5"},
                  {"host_link_gb_s", 225},
                  {"host_memory_gb", 400},
                  {"source", "test: a GB200 tray with 400 GB of host memory"}};
    QVERIFY(builtin->server("gb200-tray"));
    tray["servers"].push_back(entry);
    const Catalog small = orFail(builtin->merged(JsonIn(tray, "test-catalog")));
    const AnalysisResult r = analyzeOrFail(analyzer(t, small), w, p);
    const Diagnostic *d = find(r, QString::fromLatin1(code::kOutOfMemory));
    QVERIFY(d);
    qInfo("%s", d->message.c_str());
    QCOMPARE(d->severity, Severity::Error);
    QVERIFY(!r.step.memory.fits);
    QVERIFY(r.step.memory.totalGB <= r.step.memory.capacityGB);
    QVERIFY2(q(d->message).contains(QStringLiteral("more than the 100 GB of host memory a GPU")),
             d->message.c_str());
    QVERIFY2(q(d->message).contains(QStringLiteral("At most 29 layers fit there")),
             d->message.c_str());
    QVERIFY2(q(d->message).contains(QStringLiteral("does not fit either")), d->message.c_str());
    // The planner does not offer the plan either.
    QVERIFY(!estimateMemory(w, p, *small.gpu("gb200"), {}, 100).fits);
}

QTEST_GUILESS_MAIN(tst_Diagnostics)

// Eight H100 NVL in bridged pairs: TP 2 stays on a pair's bridge; TP 4 leaves its NVLink domain
// for the host's PCIe, is warned about, and the domain size it is told to keep to is the pair.
void tst_Diagnostics::bridgedPairs()
{
    const Topology t = generated("h100-nvl-server", 2, FabricKind::RailOptimized);
    const Analyzer a = analyzer(t);
    QCOMPARE(a.domainSize(), 2);
    const Workload w = gpt(24, 4096, 32, 256);
    const AnalysisResult pair = analyzeOrFail(a, w, plan(2));
    QVERIFY(!hasCode(pair, code::kTpCrossesNvlinkDomain));
    // DP peers step between the pairs of a server through its host, and leave it from every
    // pair, each on its own NIC: the rails line up, and all four NICs carry DP traffic.
    QVERIFY(!hasCode(pair, code::kDpCrossesRails));
    const AnalysisResult four = analyzeOrFail(a, w, plan(4));
    const Diagnostic *d = find(four, QString::fromLatin1(code::kTpCrossesNvlinkDomain));
    QVERIFY(d);
    qInfo("%s", d->message.c_str());
    QVERIFY2(q(d->message).contains(QStringLiteral("TP = 4 spans 2 NVLink domains")),
             d->message.c_str());
    // Where the fabric is slower than NVLink, bandwidth is what costs, and the message says so.
    QVERIFY2(q(d->message)
                     .contains(QStringLiteral("leave NVLink for PCIe. They run at 101 GB/s "
                                              "instead of NVLink 4 at 246 GB/s")),
             d->message.c_str());
    QVERIFY2(q(d->message).contains(QStringLiteral("Keep TP <= 2, the domain size")),
             d->message.c_str());
    // The canvas points at the server that holds the pairs (they are not items of their own).
    QCOMPARE(d->ids, std::vector<std::string>{t.nodes.front().id});
    // The pair's bridge outruns the host's PCIe by far: the TP 4 step is the slower.
    QVERIFY(four.step.stepTimeS > pair.step.stepTimeS);
    // A TP 4 ring steps between the two pairs of one host through its PCIe: one node, as NCCL
    // counts them, so no network latency and no multi-node ring plateau...
    const DimNetwork &tp = four.dimension(Dim::TP)->network;
    QCOMPARE(tp.domains, 2);
    QCOMPARE(tp.nodes, 1);
    QCOMPARE(tp.hostLatencyUs, Catalog::builtin().medium("pcie5")->latencyUs);
    // ... while DP at TP 2 spans all 8 pairs of the 2 servers: 2 nodes.
    const DimNetwork &dp = pair.dimension(Dim::DP)->network;
    QCOMPARE(dp.domains, 8);
    QCOMPARE(dp.nodes, 2);
}

#include "tst_diagnostics.moc"
