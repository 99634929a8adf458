#include "engine/plan/placement.h"

#include <QtTest>

using namespace topoplan;

Q_DECLARE_METATYPE(topoplan::Plan)

namespace {

// "0,1|2,3": groups as the tables below write them.
QString describe(const GroupList &groups)
{
    QStringList out;
    for (const std::vector<int> &g : groups.toVectors()) {
        QStringList ranks;
        for (int r : g)
            ranks << QString::number(r);
        out << ranks.join(QLatin1Char(','));
    }
    return out.join(QLatin1Char('|'));
}

Plan makePlan(int tp, int cp, int pp, int dp, int ep, const char *order = "tp-cp-ep-dp-pp")
{
    Plan p;
    p.tp = tp;
    p.cp = cp;
    p.pp = pp;
    p.dp = dp;
    p.ep = ep;
    p.order = order;
    return p;
}

Dim dimFromName(const QString &name)
{
    for (Dim d : kAllDims) {
        if (name == QLatin1String(toString(d)))
            return d;
    }
    return Dim::TP;
}

Workload preset(const char *name)
{
    return *workloadPreset(name);
}

} // namespace

class tst_Placement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groups_data();
    void groups();
    void everyDimensionCoversEveryGpuOnce();
    void validation_data();
    void validation();
    void validPlans();
};

void tst_Placement::groups_data()
{
    QTest::addColumn<Plan>("plan");
    QTest::addColumn<QString>("dim");
    QTest::addColumn<QString>("expected");

    // 16 GPUs, tp=2 pp=2 dp=4 in Megatron's default order: TP ranks adjacent, DP every 2nd
    // rank, PP 8 ranks apart.
    const Plan base = makePlan(2, 1, 2, 4, 1);
    QTest::newRow("default tp") << base << "tp"
                                << "0,1|2,3|4,5|6,7|8,9|10,11|12,13|14,15";
    QTest::newRow("default dp") << base << "dp"
                                << "0,2,4,6|1,3,5,7|8,10,12,14|9,11,13,15";
    QTest::newRow("default pp") << base << "pp"
                                << "0,8|1,9|2,10|3,11|4,12|5,13|6,14|7,15";
    QTest::newRow("default cp") << base << "cp"
                                << "0|1|2|3|4|5|6|7|8|9|10|11|12|13|14|15";

    // Pipeline innermost: stages adjacent, TP every 2nd rank, DP every 4th.
    const Plan ppFirst = makePlan(2, 1, 2, 4, 1, "pp-tp-cp-ep-dp");
    QTest::newRow("pp first pp") << ppFirst << "pp"
                                 << "0,1|2,3|4,5|6,7|8,9|10,11|12,13|14,15";
    QTest::newRow("pp first tp") << ppFirst << "tp"
                                 << "0,2|1,3|4,6|5,7|8,10|9,11|12,14|13,15";
    QTest::newRow("pp first dp") << ppFirst << "dp"
                                 << "0,4,8,12|1,5,9,13|2,6,10,14|3,7,11,15";

    // Data parallel innermost on 8 GPUs.
    const Plan dpFirst = makePlan(2, 1, 2, 2, 1, "dp-tp-cp-ep-pp");
    QTest::newRow("dp first dp") << dpFirst << "dp"
                                 << "0,1|2,3|4,5|6,7";
    QTest::newRow("dp first tp") << dpFirst << "tp"
                                 << "0,2|1,3|4,6|5,7";
    QTest::newRow("dp first pp") << dpFirst << "pp"
                                 << "0,4|1,5|2,6|3,7";

    // Context parallelism between TP and DP; the expert-data-parallel group of a dense plan is
    // DP x CP (where gradients are reduced).
    const Plan withCp = makePlan(2, 2, 2, 2, 1);
    QTest::newRow("cp cp") << withCp << "cp"
                           << "0,2|1,3|4,6|5,7|8,10|9,11|12,14|13,15";
    QTest::newRow("cp dp") << withCp << "dp"
                           << "0,4|1,5|2,6|3,7|8,12|9,13|10,14|11,15";
    QTest::newRow("cp edp") << withCp << "edp"
                            << "0,2,4,6|1,3,5,7|8,10,12,14|9,11,13,15";
    QTest::newRow("cp ep") << withCp << "ep"
                           << "0|1|2|3|4|5|6|7|8|9|10|11|12|13|14|15";
    QTest::newRow("cp pp") << withCp << "pp"
                           << "0,8|1,9|2,10|3,11|4,12|5,13|6,14|7,15";

    // Same degrees, CP outside DP: the DP x CP group is the same set of ranks.
    const Plan cpOuter = makePlan(2, 2, 2, 2, 1, "tp-dp-cp-ep-pp");
    QTest::newRow("cp outer cp") << cpOuter << "cp"
                                 << "0,4|1,5|2,6|3,7|8,12|9,13|10,14|11,15";
    QTest::newRow("cp outer edp") << cpOuter << "edp"
                                  << "0,2,4,6|1,3,5,7|8,10,12,14|9,11,13,15";

    // Experts: ep = 2 carved out of dp = 4. Expert view: tp (stride 1), ep (stride 2),
    // edp (stride 4), pp (stride 8).
    const Plan moe = makePlan(2, 1, 2, 4, 2);
    QTest::newRow("moe ep") << moe << "ep"
                            << "0,2|1,3|4,6|5,7|8,10|9,11|12,14|13,15";
    QTest::newRow("moe edp") << moe << "edp"
                             << "0,4|1,5|2,6|3,7|8,12|9,13|10,14|11,15";
    QTest::newRow("moe dp") << moe << "dp"
                            << "0,2,4,6|1,3,5,7|8,10,12,14|9,11,13,15";

    // ep = 4 spans DP x CP = 2 x 2: every expert group is a whole DP x CP group.
    const Plan moeCp = makePlan(2, 2, 2, 2, 4);
    QTest::newRow("moe cp ep") << moeCp << "ep"
                               << "0,2,4,6|1,3,5,7|8,10,12,14|9,11,13,15";
    QTest::newRow("moe cp edp") << moeCp << "edp"
                                << "0|1|2|3|4|5|6|7|8|9|10|11|12|13|14|15";
}

void tst_Placement::groups()
{
    QFETCH(Plan, plan);
    QFETCH(QString, dim);
    QFETCH(QString, expected);
    const int gpus = plan.tp * plan.cp * plan.pp * plan.dp;
    const Placement placement = place(plan, gpus);
    QCOMPARE(describe(placement.of(dimFromName(dim))), expected);
}

void tst_Placement::everyDimensionCoversEveryGpuOnce()
{
    // 1,024 GPUs, every dimension > 1: each dimension's groups partition the GPUs into groups
    // of its degree, and rank r sits on GPU r.
    const Plan plan = makePlan(4, 2, 8, 16, 8);
    const int gpus = 4 * 2 * 8 * 16;
    const Placement placement = place(plan, gpus);
    QCOMPARE(int(placement.rankToGpu.size()), gpus);
    for (int r = 0; r < gpus; ++r)
        QCOMPARE(placement.rankToGpu[r], r);
    const std::pair<Dim, int> sizes[] = {{Dim::TP, 4},  {Dim::CP, 2}, {Dim::PP, 8},
                                         {Dim::DP, 16}, {Dim::EP, 8}, {Dim::EDP, 4}};
    for (const auto &[dim, size] : sizes) {
        const GroupList &groups = placement.of(dim);
        QCOMPARE(groups.size(), size);
        QCOMPARE(groups.count(), gpus / size);
        std::vector<int> seen(gpus, 0);
        for (int g = 0; g < groups.count(); ++g) {
            QCOMPARE(int(groups[g].size()), size);
            for (int gpu : groups[g])
                ++seen[gpu];
        }
        QVERIFY2(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }),
                 toString(dim));
    }
}

void tst_Placement::validation_data()
{
    QTest::addColumn<Plan>("plan");
    QTest::addColumn<QString>("workload");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");

    QTest::newRow("gpu count") << makePlan(8, 1, 8, 2, 1) << "gpt3-175b" << 64 << "/plan"
                               << "tp x cp x pp x dp = 8 x 1 x 8 x 2 = 128, but the cluster has "
                                  "64 GPUs";
    QTest::newRow("heads") << makePlan(3, 1, 1, 8, 1) << "llama3-8b" << 24 << "/plan/tp"
                           << "the 32 attention heads cannot be split over tp = 3 (heads must "
                              "be divisible by tp)";
    QTest::newRow("kv heads") << makePlan(8, 1, 1, 1, 1) << "gqa-12" << 8 << "/plan/tp"
                              << "the 12 K/V heads and tp = 8 must divide one another (kv_heads "
                                 "divisible by tp, or tp by kv_heads to replicate K/V heads)";
    QTest::newRow("layers") << makePlan(1, 1, 64, 1, 1) << "llama3-8b" << 64 << "/plan/pp"
                            << "the 32 layers cannot fill pp = 64 pipeline stages (each stage "
                               "needs a layer)";
    QTest::newRow("interleave") << makePlan(1, 1, 16, 1, 1) << "llama3-8b-v3" << 16
                                << "/training/interleave"
                                << "the 32 layers cannot fill pp x interleave = 16 x 3 = 48 "
                                   "model chunks (each chunk needs a layer)";
    QTest::newRow("interleave without pp")
            << makePlan(1, 1, 1, 4, 1) << "llama3-8b-v3" << 4 << "/training/interleave"
            << "interleave = 3 needs pipeline parallelism (pp > 1), found pp = 1";
    QTest::newRow("offload with pp")
            << makePlan(1, 1, 2, 4, 1) << "llama3-8b-offload" << 8
            << "/training/activation_offload_layers"
            << "activation offloading runs without pipeline parallelism (Megatron-Core's "
               "cpu_offloading), found pp = 2";
    QTest::newRow("offload with recomputation")
            << makePlan(1, 1, 1, 8, 1) << "llama3-8b-offload-selective" << 8
            << "/training/activation_offload_layers"
            << "activation offloading keeps what recomputation would recompute (Megatron-Core's "
               "cpu_offloading refuses both): it needs recompute = \"none\", found \"selective\"";
    QTest::newRow("offload every layer")
            << makePlan(1, 1, 1, 8, 1) << "llama3-8b-offload-all" << 8
            << "/training/activation_offload_layers"
            << "activation_offload_layers = 32 must be fewer than the model's 32 layers (the last "
               "layer's backward follows its forward at once: nothing to offload)";
    QTest::newRow("batch") << makePlan(8, 1, 8, 7, 1) << "gpt3-175b" << 448
                           << "/training/global_batch"
                           << "global_batch = 1536 must be divisible by micro_batch x dp = 1 x 7 "
                              "= 7";
    QTest::newRow("ep dense") << makePlan(1, 1, 1, 8, 2) << "llama3-8b" << 8 << "/plan/ep"
                              << "ep = 2 needs a mixture of experts, but \"llama3-8b\" is dense "
                                 "(experts = 1)";
    QTest::newRow("ep divides dp x cp")
            << makePlan(2, 1, 1, 4, 8) << "mixtral-8x7b" << 8 << "/plan/ep"
            << "ep = 8 must divide dp x cp = 4 x 1 = 4 (expert parallelism is carved out of DP x "
               "CP)";
    QTest::newRow("experts") << makePlan(1, 1, 1, 16, 16) << "mixtral-8x7b" << 16 << "/plan/ep"
                             << "the 8 experts cannot be shared out over ep = 16 (experts must be "
                                "divisible by ep)";
    QTest::newRow("cp seq") << makePlan(1, 3, 1, 1, 1) << "llama3-8b" << 3 << "/plan/cp"
                            << "seq = 8192 must be divisible by 2 x cp = 6 (load-balanced causal "
                               "attention gives each CP rank two chunks)";
    QTest::newRow("moe needs sp")
            << makePlan(2, 1, 1, 4, 2) << "mixtral-8x7b-nosp" << 8 << "/training/sequence_parallel"
            << "a mixture of experts with tp = 2 and ep = 2 needs sequence parallelism (as "
               "Megatron-Core)";
    QTest::newRow("moe order") << makePlan(2, 2, 2, 2, 2, "tp-cp-pp-ep-dp") << "mixtral-8x7b" << 16
                               << "/plan/order"
                               << "the order \"tp-cp-pp-ep-dp\" gives experts other pp groups "
                                  "than the dense layers (cp = 2 sits between them); keep cp "
                                  "next to ep and dp, e.g. \"tp-cp-ep-dp-pp\"";
    QTest::newRow("order") << makePlan(1, 1, 1, 8, 1, "tp-dp-pp") << "llama3-8b" << 8
                           << "/plan/order"
                           << "expected the five dimensions tp, cp, ep, dp, pp joined by '-' "
                              "(e.g. \"tp-cp-ep-dp-pp\"), found \"tp-dp-pp\"";
    QTest::newRow("degree") << makePlan(0, 1, 1, 8, 1) << "llama3-8b" << 8 << "/plan/tp"
                            << "expected a degree >= 1, found 0";
}

namespace {

Workload workloadNamed(const QString &name)
{
    if (name == QLatin1String("gqa-12")) {
        Workload w = preset("llama3-8b");
        w.model.hidden = 6144;
        w.model.heads = 48;
        w.model.kvHeads = 12;
        return w;
    }
    if (name == QLatin1String("llama3-8b-v3")) {
        Workload w = preset("llama3-8b");
        w.training.interleave = 3;
        return w;
    }
    if (name == QLatin1String("llama3-8b-offload")) {
        Workload w = preset("llama3-8b");
        w.training.recompute = Recompute::None;
        w.training.offloadLayers = 8;
        return w;
    }
    if (name == QLatin1String("llama3-8b-offload-selective")) {
        Workload w = preset("llama3-8b");
        w.training.offloadLayers = 8;
        return w;
    }
    if (name == QLatin1String("llama3-8b-offload-all")) {
        Workload w = preset("llama3-8b");
        w.training.recompute = Recompute::None;
        w.training.offloadLayers = 32;
        return w;
    }
    if (name == QLatin1String("mixtral-8x7b-nosp")) {
        Workload w = preset("mixtral-8x7b");
        w.training.sequenceParallel = false;
        return w;
    }
    return preset(name.toStdString().c_str());
}

} // namespace

void tst_Placement::validation()
{
    QFETCH(Plan, plan);
    QFETCH(QString, workload);
    QFETCH(int, gpus);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const std::optional<Error> err = validatePlan(plan, workloadNamed(workload), gpus);
    QVERIFY(err.has_value());
    QCOMPARE(QString::fromStdString(err->where), where);
    QCOMPARE(QString::fromStdString(err->message), message);
}

void tst_Placement::validPlans()
{
    // GPT-3 on 1,024 GPUs as Megatron runs it; Llama 3 405B-like with TP wider than its 8 K/V
    // heads (replicated); Mixtral with ep = 8 over DP x CP = 4 x 2; DeepSeek-V3 ep = 64.
    QVERIFY(!validatePlan(makePlan(8, 1, 8, 16, 1), preset("gpt3-175b"), 1024));
    QVERIFY(!validatePlan(makePlan(16, 1, 2, 8, 1), preset("llama3-70b"), 256));
    QVERIFY(!validatePlan(makePlan(2, 2, 1, 4, 8), preset("mixtral-8x7b"), 16));
    Workload deepseek = preset("deepseek-v3");
    deepseek.training.globalBatch = 1024;
    QVERIFY(!validatePlan(makePlan(1, 1, 1, 64, 64), deepseek, 64));
    // Uneven pipeline stages, as Megatron-LM allows: Llama 3 405B's 126 layers on 16 stages,
    // 32 layers on 3 stages, and 32 layers in 4 x 3 = 12 chunks of 2 or 3 layers.
    QVERIFY(!validatePlan(makePlan(8, 1, 16, 1, 1), preset("llama3-405b"), 128));
    QVERIFY(!validatePlan(makePlan(1, 1, 3, 1, 1), preset("llama3-8b"), 3));
    QVERIFY(!validatePlan(makePlan(1, 1, 4, 1, 1), workloadNamed(QStringLiteral("llama3-8b-v3")),
                          4));
}

QTEST_GUILESS_MAIN(tst_Placement)

#include "tst_placement.moc"
