#include "engine/perf/flops.h"
#include "engine/plan/analysis.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace topoplan;
using namespace topoplan::fixtures;

// The accuracy the planning engine must reach (the project's issue #3), end to end: generated
// topologies, the fabric graph, placement, routing, the step model. Tolerances are stated with
// each test.

namespace {

// Megatron-LM SC'21 Table 1 rows, hardware TFLOP/s per GPU: within 10%.
constexpr double kTableOneTolerance = 0.10;
// nccl-tests bus bandwidth of 8 x H100 in one node, ring all-reduce: ~370 GB/s, within 10%.
constexpr double kMeasuredH100Ring = 370;
constexpr double kRingTolerance = 0.10;
// One NDR 400G NIC: 46-48 GB/s (NVIDIA/nccl-tests issues 212 and 290, via DOMAIN.md).
constexpr double kNdrLow = 46, kNdrHigh = 48;
// NVIDIA's published NeMo runs on DGX H100 (FP8): tokens/s per GPU within 12%. Their software is
// current Megatron-Core (the engine's default SoftwareModel); the tables give the plan, batch
// and interleave but not the recompute setting, which is taken as none except where the memory
// model says the plan needs it.
constexpr double kNemoTolerance = 0.12;

// The 162B GPT of SC'21 Figure 13 (h = 20480, l = 32, a = 128) on 64 GPUs as (tp, 64 / tp),
// with the 2021 software and the figure's script (examples/sc21/run_figure_13.sh: micro-batch
// 1, Megatron's local DDP, full uniform recomputation): results by TP width. Batch 512 leaves
// the pipeline bubble below 1% at every width, so that only TP's own cost shows; the figure's
// batches are 32 and 128.
std::map<int, AnalysisResult> gpt162bByTp(const Analyzer &a, int batch = 512)
{
    std::map<int, AnalysisResult> out;
    for (int tp : {2, 4, 8, 16, 32}) {
        const Workload w = megatron2021Workload(gpt(32, 20480, 128, batch), 1, 1);
        out.emplace(tp, analyzeOrFail(a, w, plan(tp, 64 / tp), megatron2021(64 / tp)));
    }
    return out;
}

double tflops(const std::map<int, AnalysisResult> &runs, int tp)
{
    return runs.at(tp).step.hardwareTflopsPerGpu;
}

void report(const char *label, const std::map<int, AnalysisResult> &runs)
{
    QString line;
    for (const auto &[tp, r] : runs)
        line += QStringLiteral(" tp %1: %2 (TP %3%, %4 GB/s %5);")
                        .arg(tp)
                        .arg(r.step.hardwareTflopsPerGpu, 0, 'f', 1)
                        .arg(100 * r.step.breakdownS.tpComm / r.step.stepTimeS, 0, 'f', 0)
                        .arg(r.dimension(Dim::TP)->network.busbwGBs, 0, 'f', 0)
                        .arg(QLatin1String(toString(r.dimension(Dim::TP)->network.linkClass)));
    qInfo("%s:%s", label, qPrintable(line));
}

} // namespace

class tst_Accuracy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void megatronTableOne_data();
    void megatronTableOne();
    void h100RingInOneNode();
    void dataParallelOneGpuPerNode();
    void tensorParallel16UsesEveryNic();
    void tensorParallelCliffAtTheDomainBoundary();
    void noCliffInsideA64GpuDomain();
    void figureThirteen_data();
    void figureThirteen();
    void ethernetBelowInfiniBandBelowNVLink();
    void nemoRunsOnH100_data();
    void nemoRunsOnH100();
    void fourNicServers();
    void expertGroupSpansDataAndContext();
};

void tst_Accuracy::megatronTableOne_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("microBatch"); // from the paper's examples/sc21 scripts
    QTest::addColumn<int>("interleave");
    QTest::addColumn<double>("published");
    for (const fixtures::TableOneRow &r : fixtures::kMegatronTableOne) {
        QTest::newRow(r.name) << r.heads << r.hidden << r.layers << r.tp << r.pp << r.gpus
                              << r.batch << r.microBatch << r.interleave << r.tflops;
    }
}

void tst_Accuracy::megatronTableOne()
{
    // Generated DGX A100 clusters (8 x HDR per node, rail-optimized, 3 tiers past 100 nodes):
    // the groups' bandwidths come from routing, not from assumptions.
    QFETCH(int, heads);
    QFETCH(int, hidden);
    QFETCH(int, layers);
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, gpus);
    QFETCH(int, batch);
    QFETCH(int, microBatch);
    QFETCH(int, interleave);
    QFETCH(double, published);
    const Analyzer a = analyzer(generated("dgx-a100", gpus / 8));
    QCOMPARE(a.gpuCount(), gpus);
    const Workload w
            = megatron2021Workload(gpt(layers, hidden, heads, batch), microBatch, interleave);
    const AnalysisResult r = analyzeOrFail(a, w, plan(tp, pp), megatron2021(pp));
    const double error = r.step.hardwareTflopsPerGpu / published - 1;
    qInfo("%s: %.1f TFLOP/s per GPU against %.0f published (%+.1f%%)", QTest::currentDataTag(),
          r.step.hardwareTflopsPerGpu, published, 100 * error);
    QVERIFY2(std::fabs(error) <= kTableOneTolerance,
             qPrintable(QString::number(r.step.hardwareTflopsPerGpu)));
    QVERIFY(r.step.memory.fits);
    // TP stays in a node, on NVLink 3 (12 x 25 GB/s x 0.78).
    if (tp > 1)
        QCOMPARE(r.dimension(Dim::TP)->network.linkClass, LinkClass::NVLink);
    // Table 1's plans are what Megatron runs: nothing to warn about.
    for (const Diagnostic &d : r.diagnostics)
        QVERIFY2(d.severity == Severity::Info, d.message.c_str());
}

void tst_Accuracy::h100RingInOneNode()
{
    const Analyzer a = analyzer(generated("dgx-h100", 1, FabricKind::None));
    const AnalysisResult r = analyzeOrFail(a, preset("llama3-8b"), plan(8));
    const double busbw = r.dimension(Dim::TP)->network.busbwGBs;
    qInfo("8 x H100 ring: %.1f GB/s", busbw);
    QVERIFY(std::fabs(busbw / kMeasuredH100Ring - 1) <= kRingTolerance);
}

void tst_Accuracy::dataParallelOneGpuPerNode()
{
    // tp 8 in each of 4 DGX H100 on NDR: each DP group is one GPU per node.
    const Analyzer a = analyzer(generated("dgx-h100", 4));
    const AnalysisResult r = analyzeOrFail(a, preset("llama3-8b"), plan(8));
    const DimensionResult &dp = *r.dimension(Dim::DP);
    QCOMPARE(dp.size, 4);
    QCOMPARE(int(dp.worstNodes.size()), 4);
    qInfo("DP one GPU per node: %.1f GB/s", dp.network.busbwGBs);
    QVERIFY(dp.network.busbwGBs >= kNdrLow && dp.network.busbwGBs <= kNdrHigh);
}

void tst_Accuracy::tensorParallel16UsesEveryNic()
{
    const Analyzer a = analyzer(generated("dgx-h100", 2));
    const AnalysisResult r = analyzeOrFail(a, preset("llama3-70b"), plan(16));
    const DimensionResult &tp = *r.dimension(Dim::TP);
    QVERIFY(tp.network.crossesDomain);
    QCOMPARE(tp.network.linkClass, LinkClass::InfiniBand);
    // Every NIC cable of both nodes carries TP traffic both ways: 8 channels, one per NIC.
    const FabricGraph &g = a.graph();
    std::vector<double> load(g.edgeCount(), 0.0);
    for (const EdgeLoad &l : *tp.edgeLoads)
        load[l.edge] = l.load;
    int nics = 0;
    for (VertexId v : g.gpus()) {
        const VertexId nic = *g.nicOf(v);
        QCOMPARE(g.nicUplinks(nic).size(), std::size_t(1));
        QVERIFY(load[g.nicUplinks(nic)[0].up] > 0);
        QVERIFY(load[g.nicUplinks(nic)[0].down] > 0);
        ++nics;
    }
    QCOMPARE(nics, 16);
    // About 8 NICs' worth: 8 x 47 GB/s.
    QVERIFY(std::fabs(tp.network.busbwGBs / (8 * 47.0) - 1) <= 0.10);
}

void tst_Accuracy::tensorParallelCliffAtTheDomainBoundary()
{
    // The 162B GPT on 8 DGX A100 (8 x HDR each). TP up to the node's 8 GPUs stays on NVLink 3
    // (234 GB/s); TP 16 and 32 run every layer's all-reduces over the nodes' HDR NICs: 8 x 23.5
    // = 188 GB/s (NVIDIA measures 192 GB/s on DGX A100, NVIDIA/nccl issue 812), with NCCL's
    // multi-node ring latency (1.9 x its steps; 233 us for an all-reduce over 2 nodes, 486 us
    // over 4, against 56 us in one node), while each GPU's share of the GEMMs halves and its
    // share of the all-reduce does not. The best plan is at TP <= 8; TP 16 falls by more than
    // 10% and TP 32 by 20% more (the model gives -16% and -27%), the TP share of the step more
    // than doubling each time.
    const Analyzer a = analyzer(generated("dgx-a100", 8));
    const std::map<int, AnalysisResult> runs = gpt162bByTp(a);
    report("8 x DGX A100", runs);
    const double best = std::max({tflops(runs, 2), tflops(runs, 4), tflops(runs, 8)});
    QVERIFY(best > tflops(runs, 16) && best > tflops(runs, 32));
    QVERIFY(tflops(runs, 16) < 0.90 * tflops(runs, 8));
    QVERIFY(tflops(runs, 32) < 0.80 * tflops(runs, 16));
    // The knee: going from 4 to 8 inside the node costs little; 8 to 16 across nodes much more.
    QVERIFY(tflops(runs, 8) / tflops(runs, 4) - tflops(runs, 16) / tflops(runs, 8) > 0.10);
    auto share = [&](int tp) {
        return runs.at(tp).step.breakdownS.tpComm / runs.at(tp).step.stepTimeS;
    };
    QVERIFY(share(16) > 2 * share(8));
    QVERIFY(share(32) > 1.5 * share(16));
    QCOMPARE(runs.at(8).dimension(Dim::TP)->network.linkClass, LinkClass::NVLink);
    QCOMPARE(runs.at(16).dimension(Dim::TP)->network.linkClass, LinkClass::InfiniBand);
}

void tst_Accuracy::noCliffInsideA64GpuDomain()
{
    // The same GPUs in one 64-GPU NVLink domain: 16 trays of 4 A100 joined by external NVLink
    // 3 (a catalog entry the test adds), beside 8 DGX A100. Inside the domain TP keeps NVLink at
    // every width, so it beats the DGX cluster wherever TP would have left the node (by 4% at
    // TP 16 and 9% at TP 32 with A100's 8 HDR NICs per node), and never falls off a boundary: the only loss from 8 to 16 is the TP share growing as the GEMMs
    // shrink, which costs the DGX cluster as much again on top.
    //
    // The same comparison with B200 (NVLink 5, 720 GB/s, against 8 x NDR, 376 GB/s) shows the
    // cliff at full height: NVLink outgrew the NICs.
    const Catalog trays = catalogWithTrays();
    for (const auto &[box, tray] : {std::pair<const char *, const char *>{"dgx-a100", "a100-tray"},
                                    {"dgx-b200", "b200-tray"}}) {
        const Analyzer nodes
                = analyzer(generated(box, 8, FabricKind::RailOptimized, 0, trays), trays);
        const Analyzer domain = analyzer(generated(tray, 16, FabricKind::None, 64, trays), trays);
        QCOMPARE(domain.domainSize(), 64);
        QCOMPARE(domain.gpuModel().id, nodes.gpuModel().id);
        const std::map<int, AnalysisResult> boxes = gpt162bByTp(nodes);
        const std::map<int, AnalysisResult> shared = gpt162bByTp(domain);
        report(box, boxes);
        report(tray, shared);
        for (int tp : {2, 4, 8, 16, 32}) {
            QCOMPARE(shared.at(tp).dimension(Dim::TP)->network.linkClass, LinkClass::NVLink);
            // Never below the boxes (the domain also carries the pipeline's sends on NVLink),
            // and well above them once TP would have left the node.
            QVERIFY(tflops(shared, tp) >= tflops(boxes, tp));
            if (tp > 8)
                QVERIFY(tflops(shared, tp) > 1.03 * tflops(boxes, tp));
        }
        const double domainDrop = tflops(shared, 16) / tflops(shared, 8);
        const double boxDrop = tflops(boxes, 16) / tflops(boxes, 8);
        qInfo("%s: tp 16 / tp 8 = %.3f in one domain, %.3f across %s nodes", tray, domainDrop,
              boxDrop, box);
        QVERIFY(domainDrop > boxDrop + 0.03);
        if (std::string(box) == "dgx-b200") {
            QVERIFY(boxDrop < 0.75);
            QVERIFY(domainDrop > boxDrop + 0.10);
        }
    }
}

void tst_Accuracy::figureThirteen_data()
{
    QTest::addColumn<int>("batch");
    QTest::newRow("batch 32") << 32;
    QTest::newRow("batch 128") << 128;
}

void tst_Accuracy::figureThirteen()
{
    // SC'21 Figure 13 as run (pipeline, tensor) = (32, 2) ... (2, 32), batch 32 and 128. The
    // paper: "we see peak performance when the tensor-parallel size is equal to the number of
    // GPUs in a single node (8 with DGX A100 nodes)", at both batch sizes, although the
    // pipeline bubble, (p - 1) / (m + p - 1) with m = batch micro-batches, favours wide TP
    // (batch 32: 18% at (8, 8) against 9% at (4, 16)). The model's figures, stated so that a
    // change shows: batch 128, 8 x DGX A100: 149, 171, 174, 150, 111 TFLOP/s per GPU from TP 2
    // to 32; batch 32: 94, 130, 150, 140, 108. In one 64-GPU NVLink domain TP 16 and 32 keep
    // NVLink's bandwidth and its short steps (the ring latency of a 2-node all-reduce is NCCL's
    // 1.9 x (base + 28 NVLink + 2 network steps), 233 us, against 110 us inside a domain).
    QFETCH(int, batch);
    const Catalog trays = catalogWithTrays();
    const Analyzer nodes = analyzer(generated("dgx-a100", 8));
    const Analyzer domain
            = analyzer(generated("a100-tray", 16, FabricKind::None, 64, trays), trays);
    const std::map<int, AnalysisResult> boxes = gpt162bByTp(nodes, batch);
    const std::map<int, AnalysisResult> shared = gpt162bByTp(domain, batch);
    const std::map<int, AnalysisResult> large = gpt162bByTp(nodes, 128);
    report("8 x DGX A100", boxes);
    report("one 64-GPU domain", shared);

    // The paper's peak: TP = 8 beats every other width on the DGX cluster.
    for (int tp : {2, 4, 16, 32})
        QVERIFY2(tflops(boxes, 8) > tflops(boxes, tp), qPrintable(QString::number(tp)));
    // Leaving the node costs more than the bubble it saves: at batch 32, TP 16 has half of TP
    // 8's bubble and still falls; at batch 128 (bubbles 2% and 5%) it falls by over 10%. TP 32,
    // over 4 nodes, falls by a further 20% at either batch.
    QVERIFY(tflops(boxes, 16) < (batch == 32 ? 0.97 : 0.90) * tflops(boxes, 8));
    QVERIFY(tflops(boxes, 32) < 0.80 * tflops(boxes, 16));
    // A larger batch only shrinks the bubble: never slower, and most gained where pp is largest.
    for (int tp : {2, 4, 8, 16, 32})
        QVERIFY(tflops(large, tp) >= tflops(boxes, tp) - 1e-9);
    // One domain: the same widths without the boundary. TP 16 stays within 3% of TP 8 at batch
    // 32 (the bubble pays for the smaller GEMMs) and well above the DGX cluster's TP 16.
    QVERIFY(tflops(shared, 16) > tflops(boxes, 16) * 1.04);
    QVERIFY(tflops(shared, 32) > tflops(boxes, 32) * 1.10);
    if (batch == 32)
        QVERIFY(tflops(shared, 16) > 0.97 * tflops(shared, 8));
    // Inside the node the two clusters agree (only the pipeline's sends differ).
    for (int tp : {2, 4, 8})
        QVERIFY(std::fabs(tflops(shared, tp) / tflops(boxes, tp) - 1) < 0.02);
}

void tst_Accuracy::ethernetBelowInfiniBandBelowNVLink()
{
    // The same plan (Llama 3 8B, tp 8, dp 2) on 2 DGX H100. Its TP groups stay in a node, or
    // are forced across the two nodes by the rank order (dp innermost: TP ranks 0, 2, 4, ...),
    // on InfiniBand NDR or on plain 100 GbE.
    const Workload w = preset("llama3-8b");
    const Analyzer ib = analyzer(nodesOnOneLeaf(2, "dgx-h100", 8, "qm9700", "ib-ndr"));
    const Analyzer eth = analyzer(nodesOnOneLeaf(2, "dgx-h100", 8, "eth-100g", "eth-100"));
    const Plan inNode = plan(8);
    const Plan across = plan(8, 1, 1, 1, "dp-tp-cp-ep-pp");
    const AnalysisResult nvlink = analyzeOrFail(ib, w, inNode);
    const AnalysisResult overIb = analyzeOrFail(ib, w, across);
    const AnalysisResult overEth = analyzeOrFail(eth, w, across);
    QCOMPARE(nvlink.dimension(Dim::TP)->network.linkClass, LinkClass::NVLink);
    QCOMPARE(overIb.dimension(Dim::TP)->network.linkClass, LinkClass::InfiniBand);
    QCOMPARE(overEth.dimension(Dim::TP)->network.linkClass, LinkClass::Ethernet);
    const double n = nvlink.step.tokensPerS, i = overIb.step.tokensPerS,
                 e = overEth.step.tokensPerS;
    qInfo("tokens/s: NVLink %.0f, InfiniBand %.0f, Ethernet %.0f", n, i, e);
    QVERIFY(i < n);
    QVERIFY(e < 0.5 * i); // far slower: TCP's bandwidth and latency on every layer
}

void tst_Accuracy::nemoRunsOnH100_data()
{
    // NeMo Framework 24.12 performance summary, pre-training at FP8 on DGX H100
    // (docs.nvidia.com/nemo-framework/user-guide/24.12/nemotoolkit/performance/
    // performance_summary.html). Architectures: GPT-3 (Brown et al. 2020), Llama 2 (Touvron et
    // al. 2023), Llama 3 (Llama Team 2024). The Llama 3 8B run is taken with full recomputation:
    // without it the memory model puts it at ~91 GB per GPU, and NVIDIA's recipe for it
    // (Megatron-Bridge llama3_8b_pretrain_8gpu_h100_fp8cs_config) says "recompute". Stated: the
    // memory model puts the 512-GPU GPT-3 run (micro-batch 2) at ~84 GB, above the 80 GB it ran
    // in (how NeMo fitted it, e.g. BF16 gradient buffers, the table does not say).
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("ffn");
    QTest::addColumn<int>("vocab");
    QTest::addColumn<int>("seq");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("microBatch");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("cp");
    QTest::addColumn<int>("interleave");
    QTest::addColumn<bool>("fullRecompute");
    QTest::addColumn<double>("published"); // tokens/s per GPU
    QTest::newRow("gpt3-175b 128") << 96 << 12288 << 96 << 96 << 49152 << 51200 << 2048 << 128
                                   << 256 << 1 << 4 << 8 << 1 << 6 << false << 716.0;
    QTest::newRow("gpt3-175b 512") << 96 << 12288 << 96 << 96 << 49152 << 51200 << 2048 << 512
                                   << 2048 << 2 << 4 << 8 << 1 << 6 << false << 825.0;
    QTest::newRow("llama2-70b 64") << 80 << 8192 << 64 << 8 << 28672 << 32000 << 4096 << 64 << 128
                                   << 1 << 4 << 4 << 1 << 20 << false << 1728.0;
    QTest::newRow("llama3-70b 64") << 80 << 8192 << 64 << 8 << 28672 << 128256 << 8192 << 64 << 128
                                   << 1 << 4 << 4 << 2 << 5 << false << 1524.0;
    QTest::newRow("llama3-8b 8") << 32 << 4096 << 32 << 8 << 14336 << 128256 << 8192 << 8 << 128
                                 << 1 << 1 << 1 << 2 << 1 << true << 12273.0;
}

void tst_Accuracy::nemoRunsOnH100()
{
    QFETCH(int, layers);
    QFETCH(int, hidden);
    QFETCH(int, heads);
    QFETCH(int, kvHeads);
    QFETCH(int, ffn);
    QFETCH(int, vocab);
    QFETCH(int, seq);
    QFETCH(int, gpus);
    QFETCH(int, batch);
    QFETCH(int, microBatch);
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, cp);
    QFETCH(int, interleave);
    QFETCH(bool, fullRecompute);
    QFETCH(double, published);

    Workload w;
    const bool gated = vocab != 51200; // the Llamas' SwiGLU; GPT-3's GELU
    w.model = {"nemo", layers, hidden, heads, kvHeads, ffn, vocab, seq, gated, 1, 1, 0};
    w.training.globalBatch = batch;
    w.training.microBatch = microBatch;
    w.training.precision = Precision::FP8;
    w.training.recompute = fullRecompute ? Recompute::Full : Recompute::Selective;
    w.training.interleave = interleave;
    const Analyzer a = analyzer(generated("dgx-h100", gpus / 8));
    const AnalysisResult r = analyzeOrFail(a, w, plan(tp, pp, cp));
    const double perGpu = r.step.tokensPerS / gpus;
    const double error = perGpu / published - 1;
    qInfo("%s: %.0f tokens/s per GPU against %.0f published (%+.1f%%), %.0f model TFLOP/s, "
          "memory %.1f GB",
          QTest::currentDataTag(), perGpu, published, 100 * error, r.step.modelTflopsPerGpu,
          r.step.memory.totalGB);
    QVERIFY2(std::fabs(error) <= kNemoTolerance, qPrintable(QString::number(perGpu)));
}

void tst_Accuracy::fourNicServers()
{
    // A server of 8 H100 with 4 x 400G NICs (two GPUs to a NIC) against the 8-NIC DGX H100:
    // a tp 2 plan has two DP groups in each node, 4 GPUs each. With 8 NICs each group crosses
    // nodes over its 4 GPUs' own NICs (4 x 47 GB/s); with 4 the two groups share them, 2 NICs'
    // worth each.
    const Json overrides = Json::parse(R"({"servers": [
        {"id": "h100-4nic", "gpu": "h100-sxm", "gpus": 8, "nvswitches": 4,
         "nvlink_scope": "board", "nics": 4, "nic_gbit_s": 400, "nic_medium": "ib-ndr",
         "pcie": "pcie5", "source": "test: 8 x H100, 4 x 400G"}]})");
    const Catalog catalog = orFail(Catalog::builtin().merged(JsonIn(overrides, "test-catalog")));
    const Analyzer eight
            = analyzer(generated("dgx-h100", 4, FabricKind::RailOptimized, 0, catalog), catalog);
    const Analyzer four
            = analyzer(generated("h100-4nic", 4, FabricKind::RailOptimized, 0, catalog), catalog);
    const Workload w = preset("llama3-8b");
    const AnalysisResult a = analyzeOrFail(eight, w, plan(2));
    const AnalysisResult b = analyzeOrFail(four, w, plan(2));
    const double bw8 = a.dimension(Dim::DP)->network.busbwGBs;
    const double bw4 = b.dimension(Dim::DP)->network.busbwGBs;
    qInfo("DP over 4 nodes: %.0f GB/s with 8 NICs, %.0f with 4", bw8, bw4);
    QVERIFY(std::fabs(bw8 / (4 * 47.0) - 1) <= 0.10);
    QVERIFY(std::fabs(bw4 / (2 * 47.0) - 1) <= 0.10);
    QVERIFY(std::fabs(bw8 / bw4 - 2) <= 0.2);
    QVERIFY(b.step.dpCommS > a.step.dpCommS);
}

void tst_Accuracy::expertGroupSpansDataAndContext()
{
    // Megatron-Core carves EP out of DP x CP: Mixtral on 2 DGX H100 at tp 2, cp 2, dp 4 runs
    // ep 8, larger than its DP group, the expert groups spanning the CP ranks too.
    Workload w = preset("mixtral-8x7b");
    w.training.globalBatch = 64;
    const Analyzer a = analyzer(generated("dgx-h100", 2));
    const AnalysisResult r = analyzeOrFail(a, w, plan(2, 1, 2, 8));
    QCOMPARE(r.plan.dp, 4);
    QCOMPARE(r.dimension(Dim::EP)->size, 8);
    QCOMPARE(r.dimension(Dim::DP)->size, 8);   // the dense gradients: dp x cp
    QVERIFY(r.dimension(Dim::EDP) == nullptr); // every expert on one rank of its group
    QVERIFY(r.step.breakdownS.epComm > 0);
}

QTEST_GUILESS_MAIN(tst_Accuracy)

#include "tst_accuracy.moc"
