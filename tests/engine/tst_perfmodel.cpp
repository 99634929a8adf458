#include "engine/perf/flops.h"
#include "engine/perf/memorymodel.h"
#include "engine/perf/perfcompute.h"
#include "engine/perf/perfmodel.h"
#include "engine/plan/placement.h"

#include "tests/engine/analysisfixtures.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace topoplan;

Q_DECLARE_METATYPE(topoplan::Plan)

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

Workload preset(const char *name)
{
    return *workloadPreset(name);
}

Workload gpt(int layers, int hidden, int heads, int batch)
{
    Workload w;
    w.model = {"gpt", layers, hidden, heads, heads, 4 * hidden, 51200, 2048, false, 1, 1, 0};
    w.training.globalBatch = batch;
    return w;
}

Plan makePlan(int tp, int cp, int pp, int dp, int ep = 1)
{
    Plan p;
    p.tp = tp;
    p.cp = cp;
    p.pp = pp;
    p.dp = dp;
    p.ep = ep;
    return p;
}

const GpuModel &gpu(const char *id)
{
    return *Catalog::builtin().gpu(id);
}

// NVLink 4 inside a DGX H100 for TP/CP/EP, one NDR NIC per GPU for PP and DP (DOMAIN.md
// calibration: 370 GB/s ring all-reduce in a node, 47 GB/s per NDR NIC).
PlanNetwork h100Network()
{
    PlanNetwork n;
    n.tp = n.cp = n.ep = {369, 2.0, LinkClass::NVLink, false};
    n.pp = n.dp = {47, 3.5, LinkClass::InfiniBand, true};
    return n;
}

bool near(double a, double b, double relative = 1e-12)
{
    return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b));
}

} // namespace

class tst_PerfModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void softwareStatedInTheWorkload();
    void gradientsInTheTrainingType();
    void fp8CurrentScalingReadsEachInputTwice();
    void memoryItemsAddUp();
    void tensorParallelOverlap();
    void expertAllToAllOverlap();
    void expertDispatchPerNode();
    void recomputeModules();
    void gradientReductionAcrossTheDrain();
    void fullyShardedDataParallel();
    void flopsMatchMegatronClosedForms_data();
    void flopsMatchMegatronClosedForms();
    void parameterCounts_data();
    void parameterCounts();
    void moeFlopsPerToken();
    void latentAttentionCounts();
    void latentAttentionInTheStep();
    void activationsMatchKorthikanti_data();
    void activationsMatchKorthikanti();
    void activationsWithoutDropout();
    void activationOffloading();
    void memoryOfGpt3OnSixtyFourGpus();
    void breakdownAddsUp_data();
    void breakdownAddsUp();
    void moreBandwidthIsNeverSlower_data();
    void moreBandwidthIsNeverSlower();
    void fp8SpeedsUpComputeBoundSteps();
    void gemmEfficiency();
    void slowestGpuSetsThePace();
    void collectiveTimes();
    void multiDomainRingLatency_data();
    void multiDomainRingLatency();
    void pipelineBubble();
    void unevenStagesRunAtTheFullestStagesPace();
    void dataParallelOverlap();
    void contextParallelHiddenByAttention();
    void tensorParallelOverEthernetCollapses();
};

void tst_PerfModel::flopsMatchMegatronClosedForms_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("batch");
    QTest::newRow("1.7B") << 24 << 2304 << 24 << 512;
    QTest::newRow("18.4B") << 40 << 6144 << 48 << 1024;
    QTest::newRow("175B") << 96 << 12288 << 96 << 1536;
    QTest::newRow("1T") << 128 << 25600 << 160 << 3072;
}

void tst_PerfModel::flopsMatchMegatronClosedForms()
{
    QFETCH(int, layers);
    QFETCH(int, hidden);
    QFETCH(int, heads);
    QFETCH(int, batch);
    Workload w = gpt(layers, hidden, heads, batch);
    const double B = batch, s = 2048, l = layers, h = hidden;

    // Counting attention without the causal halving, as Megatron does, the matrices give its
    // 72 B s l h^2 (1 + s/(6h) + V/(12 l h)) exactly.
    const TokenFlops full = forwardFlopsPerToken(w.model, false);
    const double megatronCount = B * s * 3 * (l * full.perLayer() + full.logits);
    QVERIFY(near(megatronCount, megatronModelFlops(w)));
    // Model FLOPs (MFU) count causal attention: half of Megatron's 12 B s^2 l h.
    QVERIFY(near(modelFlopsPerStep(w), megatronModelFlops(w) - 6 * B * s * s * l * h));
    // What the 2021 kernels executed with full recomputation is Table 1's 96 B s l h^2 form.
    w.training.recompute = Recompute::Full;
    QVERIFY(near(hardwareFlopsPerStep(w, AttentionKernel::Unfused), megatronFullRecomputeFlops(w)));
    // A fused kernel skips the masked half but recomputes the scores in its backward:
    // attention x (1 + 2.5 + 1 recomputed forward) of the causal forward.
    const TokenFlops causal = forwardFlopsPerToken(w.model, true);
    const double flash
            = B * s * (l * (4 * causal.linear + 4.5 * causal.attention) + 3 * causal.logits);
    QVERIFY(near(hardwareFlopsPerStep(w, AttentionKernel::Flash), flash));
}

void tst_PerfModel::parameterCounts_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("expected");
    // The released checkpoints' parameter counts (Hugging Face model cards / safetensors
    // metadata): embeddings untied, no biases.
    QTest::newRow("llama3-8b") << "llama3-8b" << 8030261248.0;
    QTest::newRow("llama3-70b") << "llama3-70b" << 70553706496.0;
    QTest::newRow("llama3-405b") << "llama3-405b" << 405853388800.0;
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << 46702792704.0;
}

void tst_PerfModel::parameterCounts()
{
    QFETCH(QString, name);
    QFETCH(double, expected);
    const ParameterCounts c = topoplan::parameterCounts(preset(name.toStdString().c_str()).model);
    QCOMPARE(c.total(), expected);
}

void tst_PerfModel::moeFlopsPerToken()
{
    // Mixtral 8x7B: Q, K, V (8 K/V heads of 128), O; two of eight SwiGLU experts; the router.
    const ModelSpec m = preset("mixtral-8x7b").model;
    const TokenFlops f = forwardFlopsPerToken(m, true);
    const double attention = 2.0 * 4096 * 4096 + 2.0 * 4096 * 8 * 128;
    const double expert = 3.0 * 4096 * 14336;
    QCOMPARE(f.linear, 2 * (attention + 2 * expert + 4096.0 * 8));
    QCOMPARE(f.attention, 2 * 2 * (4096 / 2.0) * 4096);
    QCOMPARE(f.logits, 2.0 * 32000 * 4096);
}

void tst_PerfModel::latentAttentionCounts()
{
    // DeepSeek-V3 has 671 B parameters without its multi-token prediction module (technical
    // report, arXiv 2412.19437, section 1); its MLA projections are 187.1 M a layer, where
    // attention with heads of hidden / heads would have 4 h^2 = 205.5 M (672.1 B in all).
    const ModelSpec ds = preset("deepseek-v3").model;
    const ParameterCounts c = topoplan::parameterCounts(ds);
    QCOMPARE(c.attention, 7168.0 * 1536 + 1536.0 * 128 * 192 + 7168.0 * 576 + 512.0 * 128 * 256
                                  + 128.0 * 128 * 7168);
    QVERIFY2(near(c.total(), 671e9, 1e-4), QByteArray::number(c.total(), 'g', 12).constData());
    // Scores and context: every head's 192-wide query-key and 128-wide value.
    const TokenFlops f = forwardFlopsPerToken(ds, true);
    QCOMPARE(f.attention, 2 * (4096 / 2.0) * 128 * (192 + 128));
    // Training FLOPs per token at sequence 4,096 (Zhao et al., "Insights into DeepSeek-V3:
    // Scaling Challenges and Reflections on Hardware for AI Architectures", ISCA 2025,
    // arXiv 2505.09343, Table 2): 250 G for DeepSeek-V3, 2,448 G for Llama 3.1 405B.
    auto perToken = [](Workload w) {
        w.model.seq = 4096;
        return modelFlopsPerStep(w) / (double(w.training.globalBatch) * w.model.seq);
    };
    const double deepseek = perToken(preset("deepseek-v3"));
    const double llama = perToken(preset("llama3-405b"));
    QVERIFY2(near(deepseek, 250e9, 0.02), QByteArray::number(deepseek / 1e9).constData());
    QVERIFY2(near(llama, 2448e9, 0.02), QByteArray::number(llama / 1e9).constData());
    // Read as multi-head attention of 56-wide heads, DeepSeek-V3 comes out 5 % short.
    Workload mha = preset("deepseek-v3");
    mha.model.mla.reset();
    QVERIFY(perToken(mha) < 0.96 * 250e9);
}

void tst_PerfModel::latentAttentionInTheStep()
{
    // A dense 4-layer model with DeepSeek-V3's attention, on 8 GPUs of tensor parallelism.
    Workload mla = preset("deepseek-v3");
    ModelSpec &m = mla.model;
    m.layers = 4;
    m.experts = m.topK = 1;
    m.moeFfn = m.firstDenseLayers = m.sharedExperts = 0;
    mla.training.globalBatch = 8;
    mla.training.precision = Precision::BF16;
    Workload mha = mla;
    mha.model.mla.reset();
    const Plan p = makePlan(8, 1, 1, 1);
    // Bandwidth only (no latency): a collective's time is proportional to its bytes.
    PlanNetwork net = h100Network();
    net.tp = {369, 0, LinkClass::NVLink, false};
    const StepEstimate a = estimateStep(mla, p, gpu("h100-sxm"), net);
    const StepEstimate b = estimateStep(mha, p, gpu("h100-sxm"), net);
    // Each layer's pass has four all-gathers and reduce-scatters of the hidden state; with MLA
    // the first gathers the latents instead (1,536 + 512 + 64 of 7,168 values), and the output
    // layer adds two of the hidden state: (mha - mla) / mha = 2 L (1 - 2112/7168) / (8 L + 2).
    const double saved = (b.breakdownS.tpComm - a.breakdownS.tpComm) / b.breakdownS.tpComm;
    QVERIFY2(near(saved, 2 * 4 * (1 - 2112.0 / 7168) / (8 * 4 + 2), 1e-3),
             QByteArray::number(saved).constData());
    // The attention core costs more (192 + 128 against 2 x 56 per head), and so does the step's
    // compute; the rank keeps the duplicated down-projections whole.
    QVERIFY(a.breakdownS.compute > b.breakdownS.compute);
    const double h = 7168, perRank = h * 1536 + h * 576
                                     + (1536.0 * 16 * 192 + 512.0 * 16 * 256 + 16.0 * 128 * h);
    QCOMPARE(attentionShape(m, 8).weights(), perRank);
    // Activations under selective recomputation: the context (128 wide for 16 heads a rank)
    // and the latents' norm inputs and outputs over the rank's sequence shard; Q, K and V are
    // projected up again in the backward. Without recomputation they are kept too: Q and K of
    // 192, V of 128.
    const double tokens = 4096, in = 2, d = 56;
    const double latents = (2 + in) * (1536 + 512) / 8;
    const double qkv = 2 * 16 * 192 + 2 * 16 * (192 + 128);
    auto bytes = [&p](Workload w, Recompute r) {
        w.training.recompute = r;
        return activationBytesPerLayer(w, p, AttentionKernel::Flash);
    };
    QVERIFY(near(bytes(mla, Recompute::Selective) - bytes(mha, Recompute::Selective),
                 tokens * (in * 16 * 128 + latents - (6 * 16 * d + in * 16 * d)), 1e-9));
    QVERIFY(near(bytes(mla, Recompute::None) - bytes(mla, Recompute::Selective), tokens * qkv,
                 1e-9));
    // That recomputation is the up-projections' forward once more: 2 x their weights per token
    // in the hardware FLOPs, none in the model FLOPs.
    const double up = 1536.0 * 128 * 192 + 512.0 * 128 * 256;
    Workload none = mla;
    none.training.recompute = Recompute::None;
    QCOMPARE(modelFlopsPerStep(none), modelFlopsPerStep(mla));
    QVERIFY(near(hardwareFlopsPerStep(mla, AttentionKernel::Flash)
                         - hardwareFlopsPerStep(none, AttentionKernel::Flash),
                 2 * up * 4 * 8 * 4096, 1e-9));
}

void tst_PerfModel::activationsMatchKorthikanti_data()
{
    QTest::addColumn<bool>("sequenceParallel");
    QTest::addColumn<int>("recompute");
    QTest::addColumn<int>("attention");
    QTest::addColumn<double>("perLayerOverSbh"); // bytes / (s b h)
    const double t = 8, a = 96, s = 2048, h = 12288;
    const int none = int(Recompute::None), selective = int(Recompute::Selective),
              full = int(Recompute::Full);
    const int unfused = int(AttentionKernel::Unfused), flash = int(AttentionKernel::Flash);
    // Korthikanti et al. Table 2: s b h (34 + 5 a s / h) / t with SP; without, 10 + 24 / t ...
    QTest::newRow("sp none unfused") << true << none << unfused << (34 + 5 * a * s / h) / t;
    QTest::newRow("sp selective") << true << selective << unfused << 34 / t;
    QTest::newRow("no sp none unfused")
            << false << none << unfused << 10 + (24 + 5 * a * s / h) / t;
    QTest::newRow("no sp selective") << false << selective << unfused << 10 + 24 / t;
    // Fused attention never stores the scores.
    QTest::newRow("sp none flash") << true << none << flash << 34 / t;
    // Full recomputation keeps the layer input.
    QTest::newRow("sp full") << true << full << flash << 2 / t;
    QTest::newRow("no sp full") << false << full << flash << 2.0;
}

void tst_PerfModel::activationsMatchKorthikanti()
{
    QFETCH(bool, sequenceParallel);
    QFETCH(int, recompute);
    QFETCH(int, attention);
    QFETCH(double, perLayerOverSbh);
    Workload w = preset("gpt3-175b");
    w.training.sequenceParallel = sequenceParallel;
    w.training.recompute = Recompute(recompute);
    const double bytes
            = activationBytesPerLayer(w, makePlan(8, 1, 8, 1), AttentionKernel(attention));
    QVERIFY2(near(bytes, perLayerOverSbh * 2048 * 12288, 1e-12),
             qPrintable(QString::number(bytes / (2048.0 * 12288))));
}

// Without dropout no layer keeps a mask: the two residual dropouts' (s b h bytes each) and,
// with the unfused attention kernel, the scores' (a s^2 b), whose dropout output goes too.
void tst_PerfModel::activationsWithoutDropout()
{
    Workload w = preset("gpt3-175b");
    const double s = 2048, h = 12288, a = 96, t = 8;
    const Plan p = makePlan(8, 1, 8, 1);
    auto bytes = [&](double dropout, bool sp, AttentionKernel kernel) {
        Workload x = w;
        x.model.dropout = dropout;
        x.training.sequenceParallel = sp;
        x.training.recompute = Recompute::None;
        return activationBytesPerLayer(x, p, kernel);
    };
    for (bool sp : {true, false}) {
        const double masks = 2 * s * h / (sp ? t : 1);
        QVERIFY(near(bytes(0.1, sp, AttentionKernel::Flash) - bytes(0, sp, AttentionKernel::Flash),
                     masks, 1e-12));
        QVERIFY(near(bytes(0.1, sp, AttentionKernel::Unfused)
                             - bytes(0, sp, AttentionKernel::Unfused),
                     masks + 3 * a / t * s * s, 1e-12));
    }
    // The probability itself does not matter, only whether there is a dropout.
    QCOMPARE(bytes(0.3, true, AttentionKernel::Flash), bytes(0.1, true, AttentionKernel::Flash));
    // And the step's element-wise kernels write no mask: a little less time, never more.
    Workload none = w;
    none.model.dropout = 0;
    const StepEstimate with = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    const StepEstimate without = estimateStep(none, p, gpu("h100-sxm"), h100Network());
    QVERIFY(without.breakdownS.compute < with.breakdownS.compute);
    QVERIFY(without.breakdownS.compute > 0.98 * with.breakdownS.compute);
    QVERIFY(without.memory.totalGB < with.memory.totalGB);
}

// Activation offloading (Megatron-Core's cpu_offloading, pp 1): the offloaded layers'
// activations are in host memory at the peak but for the one being copied; each copy hides
// behind the next layer's forward (out) or the layer above's backward (back), and what it
// lasts beyond that stalls the stream.
void tst_PerfModel::activationOffloading()
{
    const Workload w = fixtures::llama3_70bOnGrace();
    const Plan p = makePlan(1, 1, 1, 64);
    const GpuModel &g = gpu("gb200");
    const double perLayer = activationBytesPerLayer(w, p, AttentionKernel::Flash) / kGiB;
    Workload off = w;
    off.training.offloadLayers = 40;
    QVERIFY(!validatePlan(p, off, 64));
    const MemoryEstimate a = estimateMemory(w, p, g), b = estimateMemory(off, p, g);
    QCOMPARE(a.inFlightLayers, 80.0);
    QCOMPARE(b.inFlightLayers, 41.0);
    QCOMPARE(b.offloadedLayers, 39.0);
    QVERIFY(near(a.totalGB - b.totalGB, 39 * perLayer, 1e-9));
    QVERIFY(near(b.hostActivationsGB, 40 * perLayer, 1e-9));
    QVERIFY(!a.fits); // 80 layers of 2 x 8,192 tokens do not fit in 186 GB
    QVERIFY(b.fits);  // with half of them in the Grace CPU's memory they do
    // Host memory: a GB200 GPU has 240 GB of its tray's 960 to itself, enough for the 40
    // layers (about 135 GB); a server with 100 GB a GPU is not.
    QCOMPARE(b.hostCapacityGB, 0.0); // not known: not checked
    const MemoryEstimate grace = estimateMemory(off, p, g, {}, 240);
    QCOMPARE(grace.hostCapacityGB, 240.0);
    QVERIFY(grace.fitsHost() && grace.fits);
    const MemoryEstimate small = estimateMemory(off, p, g, {}, 100);
    QVERIFY(!small.fitsHost());
    QVERIFY(!small.fits);
    QCOMPARE(small.totalGB, grace.totalGB);               // the GPU's own memory is the same
    QVERIFY(estimateMemory(w, p, g, {}, 100).fitsHost()); // nothing offloaded: nothing to hold
    const std::vector<MemoryItem> items = memoryItems(b);
    QVERIFY(std::any_of(items.begin(), items.end(), [](const MemoryItem &i) {
        return i.id == "layer_activations"
               && i.what
                          == "activations of 41 layer x micro-batch passes in flight (39 more in "
                             "host memory)";
    }));

    // The time: on NVLink-C2C (225 GB/s a GPU) a layer's 3.4 GB takes 15 ms, about its forward,
    // so little is exposed; over PCIe Gen5 (50 GB/s) most of every copy is.
    PlanNetwork net = h100Network();
    auto step = [&](const Workload &x, double hostGBs) {
        net.hostLinkGBs = hostGBs;
        return estimateStep(x, p, g, net);
    };
    const StepEstimate none = step(w, 225), c2c = step(off, 225), pcie = step(off, 50.4);
    const double copy = perLayer * kGiB / 225e9;
    QVERIFY(near(c2c.offloadCopyS, none.microBatches * 40 * 2 * copy, 1e-9));
    QVERIFY(c2c.offloadS < 0.1 * c2c.offloadCopyS);
    QVERIFY(near(c2c.breakdownS.compute - none.breakdownS.compute, c2c.offloadS, 1e-9));
    QVERIFY(pcie.offloadS > 0.4 * pcie.offloadCopyS);
    QVERIFY(pcie.stepTimeS > 1.2 * c2c.stepTimeS);
    // Without a host link known the copies cost nothing; without offloading nothing is copied.
    QCOMPARE(step(off, 0).stepTimeS, none.stepTimeS);
    QCOMPARE(none.offloadCopyS, 0.0);
}

void tst_PerfModel::memoryOfGpt3OnSixtyFourGpus()
{
    // GPT-3 175B, tp = 8, pp = 8, dp = 1 on 64 A100 80GB, one 2,048-token sequence per
    // micro-batch, SP, selective recomputation.
    Workload w = preset("gpt3-175b");
    const Plan p = makePlan(8, 1, 8, 1);
    QVERIFY(!validatePlan(p, w, 64));
    const double h = 12288;
    // First stage: 12 layers of 12 h^2 / 8 + 2 norms, plus the embedding's eighth.
    const double params = 12 * (12 * h * h / 8 + 2 * h) + 51200 * h / 8;
    QCOMPARE(params, 2796847104.0);
    MemoryEstimate m = estimateMemory(w, p, gpu("a100-sxm-80gb"));
    QVERIFY(!m.lastStage);
    QVERIFY(near(m.weightsGB, 2 * params / kGiB));
    QVERIFY(near(m.gradsGB, 4 * params / kGiB));
    QVERIFY(near(m.optimizerGB, 12 * params / kGiB)); // dp = 1: nothing to shard over
    // 1F1B: the first stage holds pp = 8 micro-batches of its 12 layers, 34 s b h / t each.
    QCOMPARE(m.inFlightLayers, 96.0);
    QVERIFY(near(m.activationsGB, 96 * 34 * 2048 * h / 8 / kGiB));
    QCOMPARE(m.otherGB, MemoryEstimate::kRuntimeOverheadGiB);
    QVERIFY(near(m.totalGB, m.weightsGB + m.gradsGB + m.optimizerGB + m.activationsGB + m.otherGB));
    QVERIFY(std::fabs(m.totalGB - 60.45) < 0.01);
    QVERIFY(m.fits);

    // The 2021 way, unfused attention and no recomputation, keeps the scores: 5 a s / h more per
    // layer, 32 GiB of activations, and no longer fits.
    w.training.recompute = Recompute::None;
    SoftwareModel unfused;
    unfused.attention = AttentionKernel::Unfused;
    m = estimateMemory(w, p, gpu("a100-sxm-80gb"), unfused);
    QVERIFY(near(m.activationsGB, 96 * (34 + 5 * 96 * 2048 / h) * 2048 * h / 8 / kGiB));
    QVERIFY(std::fabs(m.totalGB - 82.95) < 0.01);
    QVERIFY(!m.fits);

    // The distributed optimizer over dp = 16 shards the 12 bytes of fp32 state.
    w.training.recompute = Recompute::Selective;
    w.training.globalBatch = 1536;
    m = estimateMemory(w, makePlan(8, 1, 8, 16), gpu("a100-sxm-80gb"));
    QVERIFY(near(m.optimizerGB, 12 * params / 16 / kGiB));
}

void tst_PerfModel::breakdownAddsUp_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<Plan>("plan");
    QTest::addColumn<QString>("gpu");
    QTest::newRow("gpt3 tp8 pp8") << "gpt3-175b" << makePlan(8, 1, 8, 16) << "a100-sxm-80gb";
    QTest::newRow("llama3-70b tp8 cp2 pp4") << "llama3-70b" << makePlan(8, 2, 4, 8) << "h100-sxm";
    QTest::newRow("mixtral ep8") << "mixtral-8x7b" << makePlan(2, 2, 2, 4, 8) << "h100-sxm";
    QTest::newRow("llama3-8b dp") << "llama3-8b" << makePlan(1, 1, 1, 64) << "b200";
}

void tst_PerfModel::breakdownAddsUp()
{
    QFETCH(QString, workload);
    QFETCH(Plan, plan);
    QFETCH(QString, gpu);
    const Workload w = preset(workload.toStdString().c_str());
    const int gpus = plan.tp * plan.cp * plan.pp * plan.dp;
    QVERIFY(!validatePlan(plan, w, gpus));
    const GpuModel &g = *Catalog::builtin().gpu(gpu.toStdString());
    const StepEstimate e = estimateStep(w, plan, g, h100Network());
    const StepBreakdown &b = e.breakdownS;
    QVERIFY(near(b.compute + b.tpComm + b.cpComm + b.epComm + b.ppComm + b.ppBubble + b.dpComm,
                 e.stepTimeS));
    for (double part : {b.compute, b.tpComm, b.cpComm, b.epComm, b.ppComm, b.ppBubble, b.dpComm})
        QVERIFY(part >= 0);
    QVERIFY(b.compute > 0.5 * e.stepTimeS);
    QVERIFY(near(e.tokensPerS, double(w.training.globalBatch) * w.model.seq / e.stepTimeS));
    QVERIFY(near(e.modelTflopsPerGpu, modelFlopsPerStep(w) / e.stepTimeS / gpus / 1e12));
    QVERIFY(near(e.mfu, e.modelTflopsPerGpu / g.bf16Tflops));
    QVERIFY(e.hfu >= e.mfu);
    QVERIFY(e.mfu > 0.2 && e.mfu < 0.75);
    QCOMPARE(e.microBatches, w.training.globalBatch / (w.training.microBatch * plan.dp));
}

void tst_PerfModel::moreBandwidthIsNeverSlower_data()
{
    QTest::addColumn<QString>("dim");
    QTest::newRow("tp") << "tp";
    QTest::newRow("cp") << "cp";
    QTest::newRow("ep") << "ep";
    QTest::newRow("pp") << "pp";
    QTest::newRow("dp") << "dp";
}

void tst_PerfModel::moreBandwidthIsNeverSlower()
{
    QFETCH(QString, dim);
    // Every dimension > 1, on a slow network so that each shows: Mixtral on 32 H100s, all
    // traffic over one 100 GbE TCP NIC per GPU, blocking p2p and no overlap of DP.
    const Workload w = preset("mixtral-8x7b");
    const Plan p = makePlan(2, 2, 2, 4, 8);
    QVERIFY(!validatePlan(p, w, 32));
    SoftwareModel sw;
    sw.overlapP2p = false;
    sw.overlapGradReduce = false;
    PlanNetwork net;
    net.tp = net.cp = net.ep = net.pp = net.dp = {6.9, 30, LinkClass::Ethernet, true};
    double previous = estimateStep(w, p, gpu("h100-sxm"), net, sw).stepTimeS;
    DimNetwork *d = dim == QLatin1String("tp")   ? &net.tp
                    : dim == QLatin1String("cp") ? &net.cp
                    : dim == QLatin1String("ep") ? &net.ep
                    : dim == QLatin1String("pp") ? &net.pp
                                                 : &net.dp;
    for (int i = 0; i < 8; ++i) {
        d->busbwGBs *= 2;
        d->latencyUs /= 1.5;
        const double step = estimateStep(w, p, gpu("h100-sxm"), net, sw).stepTimeS;
        QVERIFY2(step <= previous, qPrintable(QString::number(step) + QLatin1String(" > ")
                                              + QString::number(previous)));
        if (i == 0) // on this network every dimension's traffic shows in the step
            QVERIFY(step < previous);
        previous = step;
    }
}

void tst_PerfModel::fp8SpeedsUpComputeBoundSteps()
{
    // Llama 3 70B, TP inside one H100 node: compute-bound. FP8 GEMMs run at twice the peak.
    Workload w = preset("llama3-70b");
    const Plan p = makePlan(8, 1, 4, 8);
    const StepEstimate bf16 = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    w.training.precision = Precision::FP8;
    const StepEstimate fp8 = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QVERIFY(fp8.stepTimeS < 0.8 * bf16.stepTimeS);
    QVERIFY(fp8.breakdownS.compute < 0.75 * bf16.breakdownS.compute);
    // Communication does not change with the GEMM precision.
    QVERIFY(near(fp8.breakdownS.tpComm, bf16.breakdownS.tpComm));
    // MFU stays measured against the BF16 peak, so the FP8 run shows a higher one.
    QVERIFY(fp8.mfu > bf16.mfu);

    // A100 has no FP8: the FP8 plan only adds the casts.
    w.training.precision = Precision::BF16;
    const StepEstimate a100bf16 = estimateStep(w, p, gpu("a100-sxm-80gb"), h100Network());
    w.training.precision = Precision::FP8;
    const StepEstimate a100fp8 = estimateStep(w, p, gpu("a100-sxm-80gb"), h100Network());
    QVERIFY(a100fp8.stepTimeS >= 0.98 * a100bf16.stepTimeS);
}

void tst_PerfModel::gemmEfficiency()
{
    const GpuModel &h100 = gpu("h100-sxm");
    const ComputeModel cm(h100, Precision::BF16);
    // A large GEMM reaches nearly the catalog's sustained large-GEMM efficiency, at the pace of
    // the node's slowest GPU.
    const double big = cm.gemmEfficiency({8192, 8192, 8192});
    const double paced = h100.gemmEfficiency * h100.paceFactor();
    QVERIFY(big <= paced);
    QVERIFY(big > 0.97 * paced);
    // 2 output tiles on 132 SMs, k = 64: about 1% of peak.
    QVERIFY(cm.gemmEfficiency({128, 256, 64}) < 0.02);
    // Growing any dimension (in whole tiles) never lowers the efficiency.
    for (double m = 128; m <= 16384; m *= 2) {
        QVERIFY(cm.gemmEfficiency({2 * m, 4096, 4096}) >= cm.gemmEfficiency({m, 4096, 4096}));
        QVERIFY(cm.gemmEfficiency({4096, 2 * m, 4096}) >= cm.gemmEfficiency({4096, m, 4096}));
        QVERIFY(cm.gemmEfficiency({4096, 4096, 2 * m}) >= cm.gemmEfficiency({4096, 4096, m}));
    }
    // A GEMM with one tiny dimension is memory-bound: its time is its bytes through HBM.
    const GemmShape skinny{16, 16384, 16384};
    const double bytes = 2.0 * (16 * 16384 + 16384.0 * 16384 + 16 * 16384);
    QVERIFY(near(cm.gemmSeconds(skinny), bytes / (3.35e12 * ComputeModel::kHbmEfficiency)));
    // FP8 doubles the peak (H100: 1,979 against 989 TFLOP/s).
    const ComputeModel fp8(h100, Precision::FP8);
    QCOMPARE(cm.gemmPeakFlops(), 989e12);
    QCOMPARE(fp8.gemmPeakFlops(), 1979e12);
}

void tst_PerfModel::slowestGpuSetsThePace()
{
    // B200's GPUs, all computing, spread over 10.4% of their mean sustained rate: the step runs
    // at the slowest, 5.2% below the mean GPU. Tensor-core work slows by that much; streaming
    // through HBM does not.
    const GpuModel &b200 = gpu("b200");
    QCOMPARE(b200.sustainedSpread, 0.104);
    GpuModel even = b200;
    even.sustainedSpread = 0;
    const ComputeModel slowest(b200, Precision::FP8), mean(even, Precision::FP8);
    const GemmShape g{8192, 8192, 8192};
    QVERIFY(near(slowest.gemmSeconds(g), mean.gemmSeconds(g) / 0.948, 1e-9));
    QVERIFY(near(slowest.flashAttentionSeconds(1e15, 8192),
                 mean.flashAttentionSeconds(1e15, 8192) / 0.948, 1e-9));
    QCOMPARE(slowest.memorySeconds(1e12), mean.memorySeconds(1e12));
    // Hopper at 700 W spreads less (4.5% on H200): 2.3% below the mean. A100 has no
    // measurement: the step runs at the mean.
    QVERIFY(near(gpu("h100-sxm").paceFactor(), 0.9775, 1e-9));
    QCOMPARE(gpu("a100-sxm-80gb").paceFactor(), 1.0);
    // A whole step (Llama 3 70B on 8 GPUs, TP 8) slows by half as much or more: its compute.
    Workload w;
    w.model = {"llama3-70b", 80, 8192, 64, 8, 28672, 128256, 8192, true, 1, 1, 0};
    w.training.globalBatch = 64;
    w.training.precision = Precision::FP8;
    Plan p;
    p.tp = 8;
    p.dp = 1;
    const double a = estimateStep(w, p, b200, h100Network()).stepTimeS;
    const double b = estimateStep(w, p, even, h100Network()).stepTimeS;
    QVERIFY2(a > 1.02 * b && a < b / 0.948, std::to_string(a / b).c_str());
}

void tst_PerfModel::collectiveTimes()
{
    const DimNetwork net{100, 5, LinkClass::InfiniBand, true};
    // 1 GB over 8 ranks at 100 GB/s busbw, 5 us per step (nccl-tests factors).
    QVERIFY(near(collectiveSeconds(Collective::AllReduce, 1e9, 8, net),
                 2 * 7 / 8.0 * 0.01 + 14 * 5e-6));
    QVERIFY(near(collectiveSeconds(Collective::AllGather, 1e9, 8, net), 7 / 8.0 * 0.01 + 7 * 5e-6));
    QVERIFY(near(collectiveSeconds(Collective::ReduceScatter, 1e9, 8, net),
                 7 / 8.0 * 0.01 + 7 * 5e-6));
    QVERIFY(near(collectiveSeconds(Collective::AllToAll, 1e9, 8, net), 7 / 8.0 * 0.01 + 7 * 5e-6));
    QVERIFY(near(collectiveSeconds(Collective::SendRecv, 1e9, 2, net), 0.01 + 5e-6));
    QCOMPARE(collectiveSeconds(Collective::AllReduce, 1e9, 1, net), 0.0);
    QVERIFY(std::isinf(collectiveSeconds(Collective::AllReduce, 1e9, 2, DimNetwork{})));
}

void tst_PerfModel::multiDomainRingLatency_data()
{
    // NCCL's ring cost model (src/graph/tuning.cc, Ring/Simple): base 8.4 us; of a ring's steps
    // over d domains, 2(d-1) of an all-reduce (d-1 of an all-gather or reduce-scatter) cross the
    // network (9.6 us), the rest stay on NVLink (3.4 us); a multi-domain ring all-reduce from
    // n/16 x 64 KiB on takes 1.9 x that. 188 GB/s busbw (8 HDR NICs).
    QTest::addColumn<int>("collective");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("domains");
    QTest::addColumn<int>("nodes"); // 0: one per domain
    QTest::addColumn<double>("latencyUs");
    const int ar = int(Collective::AllReduce), ag = int(Collective::AllGather);
    const int a2a = int(Collective::AllToAll);
    // TP 16 over 2 DGX A100, one 84 MB activation: 1.9 x (8.4 + 2 x 9.6 + 28 x 3.4) = 233 us.
    QTest::newRow("all-reduce tp16 2 nodes") << ar << 84e6 << 16 << 2 << 0 << 1.9 * 122.8;
    // TP 32 over 4: 1.9 x (8.4 + 6 x 9.6 + 56 x 3.4).
    QTest::newRow("all-reduce tp32 4 nodes") << ar << 84e6 << 32 << 4 << 0 << 1.9 * 256.4;
    // A small all-reduce (below 64 KiB for 16 ranks) has no plateau.
    QTest::newRow("small all-reduce") << ar << 32768.0 << 16 << 2 << 0 << 122.8;
    // One domain: every step on NVLink, no factor: 8.4 + 30 x 3.4 (the 'latency' is NVLink's).
    QTest::newRow("all-reduce one domain") << ar << 84e6 << 16 << 1 << 0 << 8.4 + 30 * 3.4;
    // An all-gather crosses once per boundary and has no plateau: 8.4 + 9.6 + 14 x 3.4.
    QTest::newRow("all-gather 2 nodes") << ag << 84e6 << 16 << 2 << 0 << 8.4 + 9.6 + 14 * 3.4;
    // One GPU per domain: every step crosses: 1.9 x (8.4 + 6 x 9.6).
    QTest::newRow("all-reduce 1 per node") << ar << 84e6 << 4 << 4 << 0 << 1.9 * 66.0;
    // An all-to-all is not a ring: every step at the slowest hop's latency.
    QTest::newRow("all-to-all 2 nodes") << a2a << 84e6 << 16 << 2 << 0 << 8.4 + 15 * 9.6;
    // Domains inside one host (H100 NVL pairs, PCIe-only GPUs): a step between two of them goes
    // through the host's PCIe (here 5.7 us), not the network, and NCCL runs no multi-node ring
    // there, so no plateau: TP 4 over two bridged pairs, 8.4 + 2 x 5.7 + 4 x 3.4.
    QTest::newRow("all-reduce 2 pairs, 1 host")
            << ar << 84e6 << 4 << 2 << 1 << 8.4 + 2 * 5.7 + 4 * 3.4;
    // DP 16 over two hosts of four pairs each: of the 30 steps, 2 leave a host, 12 cross
    // between pairs of one host, 16 stay on a bridge; the ring spans 2 nodes:
    // 1.9 x (8.4 + 2 x 9.6 + 12 x 5.7 + 16 x 3.4).
    QTest::newRow("all-reduce 8 pairs, 2 hosts")
            << ar << 84e6 << 16 << 8 << 2 << 1.9 * (8.4 + 2 * 9.6 + 12 * 5.7 + 16 * 3.4);
}

void tst_PerfModel::multiDomainRingLatency()
{
    QFETCH(int, collective);
    QFETCH(double, bytes);
    QFETCH(int, ranks);
    QFETCH(int, domains);
    QFETCH(int, nodes);
    QFETCH(double, latencyUs);
    const Collective c = Collective(collective);
    DimNetwork net;
    net.busbwGBs = 188;
    net.domains = domains;
    net.nodes = nodes;
    net.latencyUs = domains > 1 ? 9.6 : 3.4;
    net.intraLatencyUs = 3.4;
    net.hostLatencyUs = 5.7;
    net.baseLatencyUs = 8.4;
    net.multiDomainRingFactor = 1.9;
    const double share = double(ranks - 1) / ranks;
    const double factor = c == Collective::AllReduce ? 2 * share : share;
    const double expected = factor * bytes / 188e9 + latencyUs * 1e-6;
    const double got = collectiveSeconds(c, bytes, ranks, net);
    QVERIFY2(near(got, expected),
             qPrintable(QStringLiteral("%1 s, expected %2 s").arg(got).arg(expected)));
}

void tst_PerfModel::pipelineBubble()
{
    // 1F1B: (pp - 1) stage times of fill and drain; interleaving 2 chunks halves it.
    Workload w = preset("gpt3-175b");
    const Plan p = makePlan(8, 1, 8, 16);
    const StepEstimate plain = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QVERIFY(near(plain.breakdownS.ppBubble, 7 * plain.stageTimeS));
    QVERIFY(near(plain.bubbleFraction, plain.breakdownS.ppBubble / plain.stepTimeS));
    w.training.interleave = 2;
    const StepEstimate interleaved = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QVERIFY(near(interleaved.breakdownS.ppBubble, 3.5 * interleaved.stageTimeS));
    QVERIFY(interleaved.stepTimeS < plain.stepTimeS);
    // ... at the price of more activations in flight on the first stage:
    // l (1 + (pp - 1) / (pp v)) layers instead of l.
    QCOMPARE(plain.memory.inFlightLayers, 96.0);
    QCOMPARE(interleaved.memory.inFlightLayers, 96 * (1 + 7 / 16.0));
    // No pipeline, no bubble.
    const StepEstimate flat = estimateStep(preset("gpt3-175b"), makePlan(8, 1, 1, 128),
                                           gpu("h100-sxm"), h100Network());
    QCOMPARE(flat.breakdownS.ppBubble, 0.0);
    QCOMPARE(flat.breakdownS.ppComm, 0.0);
}

void tst_PerfModel::unevenStagesRunAtTheFullestStagesPace()
{
    // Llama 3 405B's 126 layers on 16 stages: the fullest stages hold ceil(126 / 16) = 8
    // layers, as 128 layers would, so the step takes as long (but for the exposed gradient
    // bucket, which follows the parameters a stage holds); the model does 126/128 of the work
    // in it. The first stage, which holds 16 micro-batches in flight, takes the 6 layers the
    // others leave (Megatron-Core's decoder_first_pipeline_num_layers), so the fullest GPU
    // holds less than with 128 layers.
    Workload even = preset("llama3-405b");
    even.model.layers = 128;
    const Workload uneven = preset("llama3-405b");
    const Plan p = makePlan(8, 1, 16, 8);
    const StepEstimate a = estimateStep(even, p, gpu("h100-sxm"), h100Network());
    const StepEstimate b = estimateStep(uneven, p, gpu("h100-sxm"), h100Network());
    QCOMPARE(stageLayers(uneven.model, 16), 8);
    QVERIFY(near(b.stageTimeS, a.stageTimeS));
    QVERIFY(near(b.stepTimeS, a.stepTimeS, 1e-3));
    QVERIFY(b.memory.totalGB < a.memory.totalGB);
    QVERIFY(near(b.modelTflopsPerGpu / a.modelTflopsPerGpu,
                 modelFlopsPerStep(uneven) / modelFlopsPerStep(even), 1e-3));
    // 40 layers interleaved in 8 x 3 = 24 chunks of 1 or 2 layers: stages of 5 layers, and
    // the fill and drain take 7 of the largest chunks, 2/5 of a stage each, not 1/3.
    Workload interleaved = preset("llama3-8b");
    interleaved.model.layers = 40;
    interleaved.training.interleave = 3;
    const StepEstimate c
            = estimateStep(interleaved, makePlan(1, 1, 8, 8), gpu("h100-sxm"), h100Network());
    QCOMPARE(stageLayers(interleaved.model, 8), 5);
    QCOMPARE(chunkLayers(interleaved.model, 8, 3), 2);
    QVERIFY(near(c.breakdownS.ppBubble, 7 * 2 / 5.0 * c.stageTimeS));
}

void tst_PerfModel::softwareStatedInTheWorkload()
{
    // "software": "megatron-lm-2021" in the job is the SC'21 software the calibration runs.
    Workload w = gpt(40, 6144, 48, 1024);
    w.training.recompute = Recompute::Full;
    w.training.sequenceParallel = w.training.distributedOptimizer = false;
    for (int pp : {1, 4}) {
        const Plan p = makePlan(8, 1, pp, 32 / pp);
        const SoftwareModel sw = fixtures::megatron2021(pp); // the SC'21 software, by hand
        const StepEstimate byHand = estimateStep(w, p, gpu("a100-sxm-80gb"), h100Network(), sw);
        Workload stated = w;
        stated.training.software = Software::MegatronLM2021;
        const StepEstimate e = estimateStep(stated, p, gpu("a100-sxm-80gb"), h100Network());
        QVERIFY(near(e.stepTimeS, byHand.stepTimeS));
        QVERIFY(near(e.memory.totalGB, byHand.memory.totalGB));
        const StepEstimate current = estimateStep(w, p, gpu("a100-sxm-80gb"), h100Network());
        QVERIFY(current.stepTimeS < e.stepTimeS); // fused attention, overlapped sends
    }
}

void tst_PerfModel::gradientsInTheTrainingType()
{
    // Current recipes: bf16 gradients with FP8 and the distributed optimizer, fp32 otherwise;
    // grad_reduce states it. Half the bytes in memory and on the wire.
    Workload w = preset("llama3-70b");
    w.training.globalBatch = 64;
    const Plan p = makePlan(4, 1, 4, 4);
    w.training.precision = Precision::BF16;
    const StepEstimate fp32 = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QCOMPARE(fp32.memory.gradBytes, 4);
    w.training.gradReduce = GradReduce::BF16;
    const StepEstimate bf16 = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QCOMPARE(bf16.memory.gradBytes, 2);
    QVERIFY(near(bf16.memory.gradsGB, fp32.memory.gradsGB / 2));
    QVERIFY(bf16.dpCommS < fp32.dpCommS);
    w.training.gradReduce.reset();
    w.training.precision = Precision::FP8;
    QCOMPARE(estimateStep(w, p, gpu("h100-sxm"), h100Network()).memory.gradBytes, 2);
    w.training.distributedOptimizer = false;
    QCOMPARE(estimateStep(w, p, gpu("h100-sxm"), h100Network()).memory.gradBytes, 4);
}

void tst_PerfModel::fp8CurrentScalingReadsEachInputTwice()
{
    // Current scaling reads every GEMM input once more for its amax before the cast: more
    // element-wise traffic through HBM, the same GEMMs, the same memory. A few per cent of a
    // Llama 3 70B step on B200; nothing with BF16.
    Workload w = preset("llama3-70b");
    w.training.globalBatch = 64;
    w.training.precision = Precision::FP8;
    const Plan p = makePlan(4, 1, 4, 4);
    const StepEstimate delayed = estimateStep(w, p, gpu("b200"), h100Network());
    w.training.fp8Scaling = Fp8Scaling::Current;
    const StepEstimate current = estimateStep(w, p, gpu("b200"), h100Network());
    const double slower = current.breakdownS.compute / delayed.breakdownS.compute - 1;
    qInfo("FP8 current scaling: compute %.1f%% longer than delayed scaling", 100 * slower);
    QVERIFY(slower > 0.005 && slower < 0.10);
    QCOMPARE(current.modelFlopsPerStep, delayed.modelFlopsPerStep);
    QCOMPARE(current.memory.totalGB, delayed.memory.totalGB);
    w.training.precision = Precision::BF16;
    const StepEstimate bf16Current = estimateStep(w, p, gpu("b200"), h100Network());
    w.training.fp8Scaling = Fp8Scaling::Delayed;
    QCOMPARE(estimateStep(w, p, gpu("b200"), h100Network()).stepTimeS, bf16Current.stepTimeS);
}

void tst_PerfModel::memoryItemsAddUp()
{
    Workload w = preset("llama3-8b");
    w.training.precision = Precision::FP8;
    w.training.recompute = Recompute::Full;
    const Plan p = makePlan(2, 1, 2, 2);
    const MemoryEstimate m = estimateMemory(w, p, gpu("h100-sxm"));
    QVERIFY(m.lastStage);
    QVERIFY(m.fp8WeightCopiesGB > 0 && m.recomputeGB > 0 && m.logitsGB > 0);
    QVERIFY(near(m.activationsGB, m.layerActivationsGB + m.recomputeGB + m.logitsGB));
    QVERIFY(near(m.totalGB, m.weightsGB + m.gradsGB + m.optimizerGB + m.activationsGB + m.otherGB));
    // The items the analysis lists (--json, the CLI, the window) are those, each once.
    double listed = 0;
    std::vector<std::string> ids;
    for (const MemoryItem &i : memoryItems(m)) {
        listed += i.gb;
        ids.push_back(i.id);
    }
    QVERIFY(near(listed, m.totalGB));
    const std::vector<std::string> expected{
            "weights",           "fp8_weight_copies",     "gradients", "optimizer",
            "layer_activations", "recompute_working_set", "logits",    "runtime"};
    QVERIFY(ids == expected);
    // The fused cross-entropy keeps the BF16 logits only: micro-batch x seq x vocab / tp x 2.
    QVERIFY(near(m.logitsGB * kGiB, 8192.0 * 128256 / 2 * 2, 1e-9));
    SoftwareModel unfused;
    unfused.fusedCrossEntropy = false;
    QVERIFY(near(estimateMemory(w, p, gpu("h100-sxm"), unfused).logitsGB, 3 * m.logitsGB));
}

void tst_PerfModel::tensorParallelOverlap()
{
    // GPT-3 175B at tp 8, micro-batch 4: with TP comm overlap the all-gathers and
    // reduce-scatters run beside their GEMMs; what they take is hidden, not gone, and the step
    // is shorter.
    Workload w = preset("gpt3-175b");
    w.training.globalBatch = 64;
    w.training.microBatch = 4;
    const Plan p = makePlan(8, 1, 8, 1);
    const StepEstimate plain = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QCOMPARE(plain.hiddenS.tp, 0.0);
    w.training.tpCommOverlap = true;
    const StepEstimate overlapped = estimateStep(w, p, gpu("h100-sxm"), h100Network());
    QVERIFY(overlapped.breakdownS.tpComm < 0.5 * plain.breakdownS.tpComm);
    QVERIFY(overlapped.hiddenS.tp > 0);
    QVERIFY(overlapped.stepTimeS < plain.stepTimeS);
    // The GEMMs run in tp row chunks: never faster than whole.
    QVERIFY(overlapped.breakdownS.compute >= plain.breakdownS.compute);
    // On a slow TP link the GEMMs cannot cover it: most stays exposed.
    PlanNetwork slow = h100Network();
    slow.tp = {20, 10, LinkClass::InfiniBand, true};
    const StepEstimate slowOverlap = estimateStep(w, p, gpu("h100-sxm"), slow);
    QVERIFY(slowOverlap.breakdownS.tpComm
            > 0.5 * (slowOverlap.breakdownS.tpComm + slowOverlap.hiddenS.tp));
}

void tst_PerfModel::expertAllToAllOverlap()
{
    Workload w = preset("mixtral-8x7b");
    w.training.globalBatch = 256;
    const Plan p = makePlan(1, 1, 1, 64, 8);
    PlanNetwork net = h100Network();
    net.ep = {40, 5, LinkClass::InfiniBand, true};
    const StepEstimate plain = estimateStep(w, p, gpu("h100-sxm"), net);
    QVERIFY(plain.breakdownS.epComm > 0);
    QCOMPARE(plain.hiddenS.ep, 0.0);
    w.training.epCommOverlap = true;
    const StepEstimate overlapped = estimateStep(w, p, gpu("h100-sxm"), net);
    QVERIFY(overlapped.breakdownS.epComm < plain.breakdownS.epComm);
    QVERIFY(near(overlapped.breakdownS.epComm + overlapped.hiddenS.ep, plain.breakdownS.epComm,
                 1e-9));
}

void tst_PerfModel::expertDispatchPerNode()
{
    // DeepSeek-V3 on 64 EP ranks over 8 NVLink domains, the network's latency left out so that
    // the traffic alone is compared.
    Workload w = preset("deepseek-v3");
    w.training.globalBatch = 64;
    const Plan p = makePlan(1, 1, 1, 64, 64);
    PlanNetwork net = h100Network();
    net.ep = {50, 0, LinkClass::InfiniBand, true, 8};
    const auto ep = [&](MoeDispatcher d, bool fp8) {
        Workload x = w;
        x.training.moeDispatcher = d;
        x.training.fp8Dispatch = fp8;
        return estimateStep(x, p, gpu("h800"), net).breakdownS.epComm;
    };
    const double perExpert = ep(MoeDispatcher::AllToAll, false);
    QVERIFY(perExpert > 0);
    // NCCL's all-to-all sends each of a token's 8 copies to its expert: 63/64 of them through
    // the bus bandwidth. DeepEP sends one per other node of the best 4 groups' 4 nodes:
    // 4 (1 - (3/4)^8) x 7/8 = 3.150, through the NIC, which carries 56 of a rank's 63 peers'
    // traffic at that bus bandwidth.
    const double copies = 4 * (1 - std::pow(0.75, 8)) * 7 / 8;
    const double expected = copies * 63 / 56 / (8 * 63.0 / 64);
    QVERIFY(near(ep(MoeDispatcher::DeepEP, false) / perExpert, expected, 1e-9));
    // Without the group limit a token reaches any of the 8 nodes: 8 (1 - (7/8)^8) x 7/8.
    w.model.routerGroups = w.model.routerGroupTopK = 0;
    const double unlimited = 8 * (1 - std::pow(0.875, 8)) * 7 / 8;
    QVERIFY(near(ep(MoeDispatcher::DeepEP, false) / perExpert, unlimited * 63 / 56 / 7.875, 1e-9));
    // The per-expert dispatcher does not care where the experts are.
    QVERIFY(near(ep(MoeDispatcher::AllToAll, false), perExpert, 1e-12));
    // FP8 dispatch: a byte and 4/128 of a scale per value out, the combine's two bytes back.
    QVERIFY(near(ep(MoeDispatcher::DeepEP, true) / ep(MoeDispatcher::DeepEP, false),
                 (1 + 4.0 / 128 + 2) / 4, 1e-9));
    // Inside one NVLink domain there is nothing to deduplicate: both send every copy.
    net.ep = {360, 0, LinkClass::NVLink, false, 1};
    QVERIFY(near(ep(MoeDispatcher::DeepEP, false), ep(MoeDispatcher::AllToAll, false), 1e-12));

    // Under EP overlap DeepEP's kernels hold 20 of H800's 132 SMs beside the other
    // micro-batch's compute: the GEMMs and attention slow by up to 132 / 112 = 1.18, the
    // memory-bound kernels not at all. Without overlap they run alone, and the compute keeps
    // every SM.
    w.training.epCommOverlap = true;
    const double all = estimateStep(w, p, gpu("h800"), net).breakdownS.compute;
    w.training.moeDispatcher = MoeDispatcher::DeepEP;
    const double shared = estimateStep(w, p, gpu("h800"), net).breakdownS.compute;
    QVERIFY2(shared > 1.08 * all && shared <= 132.0 / 112 * all * (1 + 1e-9),
             qPrintable(QString::number(shared / all)));
    w.training.epCommOverlap = false;
    const double alone = estimateStep(w, p, gpu("h800"), net).breakdownS.compute;
    w.training.moeDispatcher = MoeDispatcher::AllToAll;
    QVERIFY(near(alone, estimateStep(w, p, gpu("h800"), net).breakdownS.compute));
}

void tst_PerfModel::recomputeModules()
{
    // DeepSeek-V3 at FP8 on TP 1: what each of Megatron-Core's recompute modules stops keeping,
    // per token and layer, and what the backward pays for it.
    Workload w = preset("deepseek-v3");
    w.training.globalBatch = 64;
    const Plan p = makePlan(1, 1, 16, 2, 2);
    const double tokens = w.model.seq, h = w.model.hidden, f = w.model.moeFfn;
    const double latentNorms = attentionShape(w.model, 1).latentNorms;
    const auto kept = [&](std::optional<unsigned> modules) {
        Workload x = w;
        x.training.recomputeModules = modules;
        return activationBytesPerLayer(x, p, AttentionKernel::Flash);
    };
    const auto step = [&](std::optional<unsigned> modules) {
        Workload x = w;
        x.training.recomputeModules = modules;
        return estimateStep(x, p, gpu("h800"), h100Network());
    };
    const double standard = kept(std::nullopt);
    QVERIFY(near(kept(kDefaultRecomputeModules), standard));
    // The norms: the QKV and first-matrix inputs (FP8, a byte each) and the latent norms'
    // outputs.
    QVERIFY(near(standard - kept(kDefaultRecomputeModules | kRecomputeLayernorm),
                 tokens * (2 * h + latentNorms), 1e-9));
    // The experts' SwiGLU output, a byte a value for each of 8 routed copies, in the 58 of 61
    // layers with experts.
    QVERIFY(near(standard - kept(kDefaultRecomputeModules | kRecomputeMoeAct),
                 tokens * 58.0 / 61 * 8 * f, 1e-9));
    // Without the up-projections' module Q, K and V are kept: more memory, less backward.
    QVERIFY(kept(kRecomputeCoreAttn) > standard);
    const StepEstimate base = step(std::nullopt);
    const StepEstimate lean
            = step(kDefaultRecomputeModules | kRecomputeLayernorm | kRecomputeMoeAct);
    QVERIFY(lean.memory.totalGB < base.memory.totalGB);
    QVERIFY(lean.breakdownS.compute > base.breakdownS.compute);
    // Streaming kernels only: well under 2% of the compute, and no more FLOPs.
    QVERIFY(lean.breakdownS.compute < 1.02 * base.breakdownS.compute);
    QVERIFY(near(lean.hardwareFlopsPerStep, base.hardwareFlopsPerStep));
    const StepEstimate upKept = step(kRecomputeCoreAttn);
    QVERIFY(upKept.breakdownS.compute < base.breakdownS.compute);
    QVERIFY(upKept.hardwareFlopsPerStep < base.hardwareFlopsPerStep);
    // Outside selective recomputation the list means nothing.
    w.training.recompute = Recompute::None;
    QVERIFY(near(kept(kRecomputeLayernorm | kRecomputeMoeAct), kept(std::nullopt)));
}

void tst_PerfModel::gradientReductionAcrossTheDrain()
{
    // With interleaving, a model chunk's gradients are complete pp chunk-times before the next
    // one's: its reduce-scatter runs behind the drain. More chunks, less exposed.
    Workload w = preset("llama3-70b");
    w.training.globalBatch = 32;
    const Plan p = makePlan(8, 1, 4, 8);
    PlanNetwork net = h100Network();
    net.dp = {15, 5, LinkClass::InfiniBand, true};
    w.training.interleave = 1;
    const StepEstimate one = estimateStep(w, p, gpu("h100-sxm"), net);
    w.training.interleave = 5;
    const StepEstimate five = estimateStep(w, p, gpu("h100-sxm"), net);
    QVERIFY(near(one.dpCommS, five.dpCommS));
    QVERIFY(one.breakdownS.dpComm > 0);
    QVERIFY(five.breakdownS.dpComm < 0.8 * one.breakdownS.dpComm);
    QVERIFY(near(five.breakdownS.dpComm + five.hiddenS.dp, five.dpCommS, 1e-9));
}

void tst_PerfModel::fullyShardedDataParallel()
{
    // FSDP: weights and gradients sharded over DP like the optimizer state; every micro-batch
    // gathers the weights (twice) and reduce-scatters the gradients.
    Workload w = preset("llama3-70b");
    w.training.globalBatch = 128;
    w.training.recompute = Recompute::Full;
    const Plan p = makePlan(1, 1, 1, 64);
    const StepEstimate zero1 = estimateStep(w, p, gpu("b200"), h100Network());
    w.training.fsdp = true;
    const StepEstimate zero3 = estimateStep(w, p, gpu("b200"), h100Network());
    QVERIFY(zero3.memory.weightsGB < 0.1 * zero1.memory.weightsGB);
    QVERIFY(zero3.memory.gradsGB < 0.1 * zero1.memory.gradsGB);
    QVERIFY(near(zero3.memory.optimizerGB, zero1.memory.optimizerGB));
    QVERIFY(zero3.memory.fits && !zero1.memory.fits);
    QVERIFY(zero3.dpCommS > zero1.dpCommS);
}

void tst_PerfModel::dataParallelOverlap()
{
    const Workload w = preset("llama3-8b");
    const Plan p = makePlan(1, 1, 1, 64);
    PlanNetwork net = h100Network();
    net.dp = {10, 30, LinkClass::Ethernet, true};
    SoftwareModel overlapped;
    const StepEstimate a = estimateStep(w, p, gpu("h100-sxm"), net, overlapped);
    QVERIFY(a.dpCommS > 0);
    QVERIFY(a.breakdownS.dpComm < a.dpCommS);
    SoftwareModel blocking;
    blocking.overlapGradReduce = blocking.overlapParamGather = false;
    const StepEstimate b = estimateStep(w, p, gpu("h100-sxm"), net, blocking);
    QVERIFY(near(b.breakdownS.dpComm, b.dpCommS));
    // What is not exposed is hidden: the two add up to the whole reduction and gather.
    QVERIFY(a.hiddenS.dp > 0);
    QVERIFY(near(a.hiddenS.dp + a.breakdownS.dpComm, a.dpCommS));
    QCOMPARE(b.hiddenS.dp, 0.0);
    // The distributed optimizer's reduce-scatter + all-gather of an 8B model in fp32 / bf16:
    // (4 + 2) bytes x params x 63/64 / 10 GB/s, plus 2 x 63 steps of 30 us.
    const double params = topoplan::parameterCounts(w.model).total();
    QVERIFY(near(b.dpCommS, 6 * params * 63 / 64 / 10e9 + 2 * 63 * 30e-6, 1e-9));
}

void tst_PerfModel::contextParallelHiddenByAttention()
{
    // Llama 3 70B at 128K tokens, cp = 16: the K/V ring hides behind attention on NVLink-class
    // bandwidth and shows on a slow link.
    Workload w = preset("llama3-70b");
    w.model.seq = 131072;
    w.training.globalBatch = 64;
    const Plan p = makePlan(8, 16, 1, 1);
    QVERIFY(!validatePlan(p, w, 128));
    PlanNetwork net = h100Network();
    net.cp = {47, 3.5, LinkClass::InfiniBand, true};
    const StepEstimate fast = estimateStep(w, p, gpu("h100-sxm"), net);
    QCOMPARE(fast.breakdownS.cpComm, 0.0);
    QVERIFY(fast.hiddenS.cp > 0); // the ring ran, all of it behind attention
    net.cp = {0.5, 30, LinkClass::Ethernet, true};
    const StepEstimate slow = estimateStep(w, p, gpu("h100-sxm"), net);
    QVERIFY(slow.breakdownS.cpComm > 0);
    // Exposed and hidden together are the whole ring: more of it shows on the slow link.
    QVERIFY(slow.breakdownS.cpComm + slow.hiddenS.cp > fast.hiddenS.cp);
}

void tst_PerfModel::tensorParallelOverEthernetCollapses()
{
    // Llama 3 70B with tp = 8 on NVLink 4 against the same plan with TP over one 100 GbE TCP
    // NIC per GPU (12.5 GB/s x 0.55, 30 us per step): throughput collapses.
    const Workload w = preset("llama3-70b");
    const Plan p = makePlan(8, 1, 4, 8);
    PlanNetwork net = h100Network();
    const StepEstimate nvlink = estimateStep(w, p, gpu("h100-sxm"), net);
    net.tp = {8 * 12.5 * 0.55, 30, LinkClass::Ethernet, true};
    const StepEstimate ethernet = estimateStep(w, p, gpu("h100-sxm"), net);
    QVERIFY(nvlink.breakdownS.tpComm < 0.25 * nvlink.stepTimeS);
    QVERIFY(ethernet.tokensPerS < 0.5 * nvlink.tokensPerS);
    QVERIFY(ethernet.breakdownS.tpComm > ethernet.breakdownS.compute);
}

QTEST_GUILESS_MAIN(tst_PerfModel)

#include "tst_perfmodel.moc"
