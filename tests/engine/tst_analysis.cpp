#include "engine/plan/analysis.h"
#include "engine/plan/analysisjson.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

#include <cmath>
#include <thread>

using namespace topoplan;
using namespace topoplan::fixtures;

Q_DECLARE_METATYPE(topoplan::Plan)

namespace {

// Effective rates from resources/catalog.json: NVLink 4 per H100 (18 x 25 GB/s x 0.82), one
// NDR port (50 x 0.94).
constexpr double kNvlink4 = 18 * 25 * 0.82;
constexpr double kNdr = 50 * 0.94;

bool near(double a, double b, double tolerance = 1e-9)
{
    return std::fabs(a - b) <= tolerance * std::max(std::fabs(a), std::fabs(b));
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// The SuperPOD scalable unit of the built-in sample: 32 DGX H100 on a rail-optimized NDR
// fabric.
const Analyzer &superPod()
{
    static const Analyzer a = analyzer(generated("dgx-h100", 32));
    return a;
}

} // namespace

class tst_Analysis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groupsAreThePlacements_data();
    void groupsAreThePlacements();
    void gpt3OnAScalableUnit();
    void breakdownAddsUpAndJsonFollowsTheContract();
    void invalidPlanIsAnErrorAndADiagnostic_data();
    void invalidPlanIsAnErrorAndADiagnostic();
    void edgeLoadsPointAtTheBottleneck();
    void layoutsShareRoutes();
    void concurrentAnalysesAgree();
    void pipelineStagesExchangeOneNeighbourAtATime();
    void contextAndExpertGroups();
    void unevenStagesEndToEnd();
};

void tst_Analysis::groupsAreThePlacements_data()
{
    QTest::addColumn<Plan>("plan");
    QTest::addColumn<QString>("workload");
    QTest::newRow("tp8 pp8") << plan(8, 8) << "gpt3-175b";
    QTest::newRow("tp4 cp2 pp4") << plan(4, 4, 2) << "llama3-70b";
    QTest::newRow("pp innermost") << plan(2, 4, 1, 1, "pp-tp-cp-ep-dp") << "llama3-8b";
    QTest::newRow("moe ep8") << plan(2, 1, 1, 8) << "mixtral-8x7b";
    QTest::newRow("moe cp ep") << plan(2, 2, 2, 4) << "mixtral-8x7b";
}

void tst_Analysis::groupsAreThePlacements()
{
    // The analysis forms each dimension's groups from its rank layout; they are the
    // placement's groups (DP: the gradient reduction's DP x CP groups, which the placement
    // gives as EDP when ep = 1), member for member.
    QFETCH(Plan, plan);
    QFETCH(QString, workload);
    const AnalysisResult r = analyzeOrFail(superPod(), preset(workload.toStdString()), plan);
    const Placement placement = place(r.plan, r.gpus);
    const RankLayout dense(r.plan, false);
    for (const DimensionResult &d : r.dimensions) {
        GroupList expected = placement.of(d.dim);
        if (d.dim == Dim::DP)
            expected = dense.groups(std::vector<std::string>{"cp", "dp"});
        QCOMPARE(d.size, expected.size());
        QCOMPARE(d.count, expected.count());
        std::vector<std::string> ids;
        for (int gpu : expected[d.worstGroup])
            ids.push_back(superPod().graph().vertex(superPod().graph().gpus()[gpu]).id);
        QCOMPARE(d.worstGpus, ids);
    }
}

void tst_Analysis::gpt3OnAScalableUnit()
{
    // The sample: GPT-3 175B, tp 8, pp 8, dp derived = 4, on 32 DGX H100.
    const AnalysisResult r = analyzeOrFail(superPod(), preset("gpt3-175b"), plan(8, 8));
    QCOMPARE(r.gpus, 256);
    QCOMPARE(r.plan.dp, 4);
    QCOMPARE(q(r.gpuModel), QStringLiteral("h100-sxm"));
    QCOMPARE(int(r.dimensions.size()), 3);

    // TP: a node's 8 GPUs, a ring over NVLink 4 (the measured 370 GB/s), 2 hops (GPU ->
    // NVSwitch -> GPU), NCCL's 3.4 us a step, in one domain; every collective also pays NCCL's
    // 8.4 us base.
    const DimensionResult &tp = *r.dimension(Dim::TP);
    QCOMPARE(tp.size, 8);
    QCOMPARE(tp.count, 32);
    QVERIFY(near(tp.network.busbwGBs, kNvlink4));
    QCOMPARE(tp.network.linkClass, LinkClass::NVLink);
    QCOMPARE(tp.network.latencyUs, 3.4);
    QCOMPARE(tp.network.domains, 1);
    QCOMPARE(tp.network.intraLatencyUs, 3.4);
    QCOMPARE(tp.network.baseLatencyUs, 8.4);
    QCOMPARE(tp.network.multiDomainRingFactor, 1.9);
    QCOMPARE(tp.worst.maxHops, 2);
    QCOMPARE(tp.groupsCrossingDomain, 0);
    QVERIFY(tp.worst.bottleneckId.find("/nvswitch") != std::string::npos);

    // DP: one GPU in each of 4 nodes (stride 8), same rail: one NDR NIC, one leaf; a step is
    // NCCL's 9.6 us over the network and the leaf's 0.15 us, and every step crosses domains
    // (no NVLink hop inside one).
    const DimensionResult &dp = *r.dimension(Dim::DP);
    QCOMPARE(dp.size, 4);
    QCOMPARE(dp.count, 64);
    QVERIFY(near(dp.network.busbwGBs, kNdr));
    QCOMPARE(dp.network.linkClass, LinkClass::InfiniBand);
    QVERIFY(near(dp.network.latencyUs, 9.6 + 0.15));
    QCOMPARE(dp.network.domains, 4);
    QCOMPARE(dp.network.nodes, 4);
    QCOMPARE(dp.network.intraLatencyUs, 0.0);
    QCOMPARE(dp.worst.maxSwitchHops, 1);
    QCOMPARE(dp.worstNodes, std::vector<std::string>({"node-1", "node-2", "node-3", "node-4"}));

    // PP: stages 32 GPUs apart, 4 nodes apart: one NIC each way.
    const DimensionResult &pp = *r.dimension(Dim::PP);
    QCOMPARE(pp.size, 8);
    QCOMPARE(pp.count, 32);
    QVERIFY(near(pp.network.busbwGBs, kNdr));
    QCOMPARE(pp.worstGpus.front(), std::string("node-1/gpu0"));
    QCOMPARE(pp.worstGpus.back(), std::string("node-29/gpu0"));

    // A plan Megatron would run: it fits, nothing to warn about, throughput in the range
    // of published H100 runs (40-55% MFU). Said for information only: every group stays on
    // its rail's leaf, so the spines carry none of this job's traffic.
    QVERIFY(r.step.memory.fits);
    QCOMPARE(r.diagnostics.size(), std::size_t(1));
    QCOMPARE(r.diagnostics[0].code, std::string(code::kTierUnused));
    QCOMPARE(r.diagnostics[0].severity, Severity::Info);
    QVERIFY(r.step.mfu > 0.40 && r.step.mfu < 0.55);
    QVERIFY(near(r.step.tokensPerS, 1536.0 * 2048 / r.step.stepTimeS));
}

void tst_Analysis::breakdownAddsUpAndJsonFollowsTheContract()
{
    const AnalysisResult r = analyzeOrFail(superPod(), preset("gpt3-175b"), plan(8, 8));
    const Json j = toJson(r);
    // DESIGN.md `analyze --json`.
    for (const char *key : {"gpus", "plan", "step_time_s", "tokens_per_s", "model_tflops_per_gpu",
                            "hardware_tflops_per_gpu", "mfu", "hfu", "memory_per_gpu_gb",
                            "fits_memory", "breakdown_s", "groups", "diagnostics"})
        QVERIFY2(j.contains(key), key);
    for (const char *key :
         {"tp", "pp", "dp", "cp", "ep", "micro_batch", "global_batch", "interleave", "order"})
        QVERIFY2(j["plan"].contains(key), key);
    QCOMPARE(j["gpus"].get<int>(), 256);
    QCOMPARE(j["plan"]["dp"].get<int>(), 4);
    QCOMPARE(j["plan"]["global_batch"].get<int>(), 1536);
    double sum = 0;
    for (const char *part :
         {"compute", "tp_comm", "cp_comm", "ep_comm", "pp_comm", "pp_bubble", "dp_comm"})
        sum += j["breakdown_s"][part].get<double>();
    // The parts are rounded to 6 significant digits.
    QVERIFY(near(sum, j["step_time_s"].get<double>(), 1e-4));
    QVERIFY(near(r.step.breakdownS.total(), r.step.stepTimeS));

    const Json &tp = j["groups"][0];
    QCOMPARE(q(tp["dim"].get<std::string>()), QStringLiteral("tp"));
    QCOMPARE(tp["size"].get<int>(), 8);
    QCOMPARE(tp["count"].get<int>(), 32);
    QCOMPARE(tp["busbw_gbps"].get<double>(), 369.0);
    QCOMPARE(q(tp["link_class"].get<std::string>()), QStringLiteral("nvlink"));
    QCOMPARE(tp["crosses_domain"].get<bool>(), false);
    QCOMPARE(tp["max_hops"].get<int>(), 2);
    QCOMPARE(q(tp["bottleneck"].get<std::string>()),
             QStringLiteral("node-1/gpu0->node-1/nvswitch"));
    QCOMPARE(q(tp["collective"].get<std::string>()), QStringLiteral("all-gather + reduce-scatter"));
    QCOMPARE(tp["domains"], Json::array({"node-1"}));
    QVERIFY(j["diagnostics"].is_array());
}

void tst_Analysis::invalidPlanIsAnErrorAndADiagnostic_data()
{
    QTest::addColumn<Plan>("plan");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    QTest::newRow("heads") << plan(5) << "/plan"
                           << "tp x cp x pp = 5 does not divide the 256 GPUs, so dp cannot be "
                              "derived; choose degrees whose product divides it, or give dp";
    Plan tooMany = plan(8, 8);
    tooMany.dp = 8;
    QTest::newRow("product") << tooMany << "/plan"
                             << "tp x cp x pp x dp = 8 x 1 x 8 x 8 = 512, but the cluster has "
                                "256 GPUs";
    QTest::newRow("split") << plan(64) << "/plan/tp"
                           << "the 96 attention heads cannot be split over tp = 64 (heads must "
                              "be divisible by tp)";
}

void tst_Analysis::invalidPlanIsAnErrorAndADiagnostic()
{
    QFETCH(Plan, plan);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const Expected<AnalysisResult> r = superPod().analyze(preset("gpt3-175b"), plan);
    QVERIFY(!r);
    QCOMPARE(q(r.error().where), where);
    QCOMPARE(q(r.error().message), message);
    const Diagnostic d = planInvalid(r.error());
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(q(d.code), QStringLiteral("PLAN_INVALID"));
    QCOMPARE(q(d.message),
             QStringLiteral("The plan cannot run: ") + where + QStringLiteral(": ") + message);
}

void tst_Analysis::edgeLoadsPointAtTheBottleneck()
{
    const AnalysisResult r = analyzeOrFail(superPod(), preset("gpt3-175b"), plan(8, 8));
    const FabricGraph &g = superPod().graph();
    for (const DimensionResult &d : r.dimensions) {
        QVERIFY(d.edgeLoads && !d.edgeLoads->empty());
        double peak = 0;
        std::size_t previous = 0;
        for (const EdgeLoad &l : *d.edgeLoads) {
            QVERIFY(l.load > 0);
            QVERIFY(l.edge >= previous); // by edge index, for lookups
            previous = l.edge;
            peak = std::max(peak, l.utilization);
            // TP never leaves NVLink; DP and PP never touch it.
            const bool nvlink = g.edge(l.edge).linkClass == LinkClass::NVLink;
            QCOMPARE(nvlink, d.dim == Dim::TP);
        }
        // The bottleneck runs full while the groups run at their bus bandwidth.
        QVERIFY(near(peak, 1.0));
        auto bottleneck
                = std::find_if(d.edgeLoads->begin(), d.edgeLoads->end(), [&](const EdgeLoad &l) {
                      return l.edge == *d.worst.bottleneckEdge;
                  });
        QVERIFY(bottleneck != d.edgeLoads->end());
        QVERIFY(near(bottleneck->utilization, 1.0));
    }
    // 32 TP groups of 8 GPUs: every GPU's NVLink up and down, one unit each.
    QCOMPARE(int(r.dimension(Dim::TP)->edgeLoads->size()), 2 * 256);
}

void tst_Analysis::layoutsShareRoutes()
{
    // Plans with the same TP layout (size 8, stride 1) share its routes, loads and all; a
    // ring all-reduce (DP x CP with cp = 1, dp = 4 at stride 8) and the same ranks' ring
    // all-gather would too.
    const Analyzer a = analyzer(generated("dgx-h100", 32));
    const AnalysisResult first = analyzeOrFail(a, preset("gpt3-175b"), plan(8, 8));
    const AnalysisResult second = analyzeOrFail(a, preset("gpt3-175b"), plan(8, 4));
    QCOMPARE(first.dimension(Dim::TP)->edgeLoads.get(), second.dimension(Dim::TP)->edgeLoads.get());
    QVERIFY(first.dimension(Dim::DP)->edgeLoads.get()
            != second.dimension(Dim::DP)->edgeLoads.get());
    // The planner's network of a plan is the one analyze() projects with.
    const StepEstimate e = a.estimate(preset("gpt3-175b"), first.plan);
    QVERIFY(near(e.stepTimeS, first.step.stepTimeS));
}

void tst_Analysis::concurrentAnalysesAgree()
{
    // The GUI analyses on a worker thread while the planner may run on another: one Analyzer,
    // four threads, fresh layouts, the same results as one thread alone.
    const Analyzer shared = analyzer(generated("dgx-h100", 32));
    const Analyzer alone = analyzer(generated("dgx-h100", 32));
    const std::vector<Plan> plans = {plan(8, 8), plan(4, 8), plan(8, 4),  plan(2, 16),
                                     plan(8, 2), plan(4, 4), plan(1, 16), plan(8, 1)};
    std::vector<double> steps(plans.size() * 4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (std::size_t i = 0; i < plans.size(); ++i) {
                const std::size_t k = (i + 2 * t) % plans.size();
                Expected<AnalysisResult> r = shared.analyze(preset("llama3-70b"), plans[k]);
                steps[t * plans.size() + k] = r ? r->step.stepTimeS : -1;
            }
        });
    }
    for (std::thread &t : threads)
        t.join();
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const double expected = analyzeOrFail(alone, preset("llama3-70b"), plans[i]).step.stepTimeS;
        for (int t = 0; t < 4; ++t)
            QCOMPARE(steps[t * plans.size() + i], expected);
    }
}

void tst_Analysis::pipelineStagesExchangeOneNeighbourAtATime()
{
    // Four stages, one per node, on one leaf: a middle stage sends to its next stage and to
    // its previous one at different times (1F1B), so each exchange gets the whole NIC.
    const Analyzer a = analyzer(nodesOnOneLeaf(4, "dgx-h100", 8, "qm9700", "ib-ndr"));
    const AnalysisResult r = analyzeOrFail(a, preset("llama3-8b"), plan(8, 4));
    const DimensionResult &pp = *r.dimension(Dim::PP);
    QCOMPARE(pp.size, 4);
    QCOMPARE(pp.count, 8);
    QVERIFY(near(pp.network.busbwGBs, kNdr));
    QCOMPARE(pp.worst.domainIds,
             std::vector<std::string>({"node-1", "node-2", "node-3", "node-4"}));
    QVERIFY(pp.worst.crossesDomain);
    // Each NIC cable carries at most one unit each way (the larger of the two phases).
    for (const EdgeLoad &l : *pp.edgeLoads)
        QVERIFY(l.load <= 1.0 + 1e-12);
}

void tst_Analysis::contextAndExpertGroups()
{
    // Mixtral on 2 DGX H100: tp 2, cp 2, ep 4 (carved out of dp 4 x cp 2).
    const Analyzer a = analyzer(nodesOnOneLeaf(2, "dgx-h100", 8, "qm9700", "ib-ndr"));
    const AnalysisResult r = analyzeOrFail(a, preset("mixtral-8x7b"), plan(2, 1, 2, 4));
    QCOMPARE(r.plan.dp, 4);
    const DimensionResult *cp = r.dimension(Dim::CP);
    const DimensionResult *ep = r.dimension(Dim::EP);
    const DimensionResult *dp = r.dimension(Dim::DP);
    const DimensionResult *edp = r.dimension(Dim::EDP);
    QVERIFY(cp && ep && dp && edp);
    QCOMPARE(cp->collective, Collective::AllGather);
    QCOMPARE(ep->collective, Collective::AllToAll);
    QCOMPARE(cp->size, 2);
    QCOMPARE(ep->size, 4);
    QCOMPARE(dp->size, 8);  // dp x cp
    QCOMPARE(edp->size, 2); // dp x cp / ep
    // Expert view tp-ep-edp-pp: EP ranks 0, 2, 4, 6 (one node), EDP ranks 0 and 8 (two).
    QCOMPARE(ep->worst.domainIds, std::vector<std::string>({"node-1"}));
    QVERIFY(near(ep->network.busbwGBs, kNvlink4));
    QVERIFY(edp->worst.crossesDomain);
    QVERIFY(near(edp->network.busbwGBs, kNdr));
    QCOMPARE(ep->worstGpus, std::vector<std::string>(
                                    {"node-1/gpu0", "node-1/gpu2", "node-1/gpu4", "node-1/gpu6"}));
    QVERIFY(r.step.breakdownS.epComm > 0);
    QVERIFY(r.step.breakdownS.cpComm >= 0);
}

void tst_Analysis::unevenStagesEndToEnd()
{
    // Llama 3 405B's 126 layers on 16 stages of 8 or 7 layers, on 128 DGX H100.
    const Analyzer a = analyzer(generated("dgx-h100", 128, FabricKind::FatTree));
    const AnalysisResult r = analyzeOrFail(a, preset("llama3-405b"), plan(8, 16));
    QCOMPARE(r.plan.dp, 8);
    QVERIFY(r.step.stepTimeS > 0);
    QCOMPARE(r.dimension(Dim::PP)->size, 16);
}

QTEST_GUILESS_MAIN(tst_Analysis)

#include "tst_analysis.moc"
