#include "engine/io/projectfile.h"
#include "engine/perf/memorymodel.h"
#include "engine/plan/analysisjson.h"
#include "engine/plan/bestplans.h"
#include "engine/plan/planner.h"
#include "engine/plan/sweep.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

using namespace topoplan;
using namespace topoplan::fixtures;

namespace {

using fixtures::hasCode;
using fixtures::joined;

// GPT-3 175B on 1,024 GPUs: 128 DGX H100 on a rail-optimized NDR fabric.
const Analyzer &cluster1024()
{
    static const Analyzer a = analyzer(generated("dgx-h100", 128));
    return a;
}

} // namespace

class tst_Planner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void candidateDegrees_data();
    void candidateDegrees();
    void gpt3OnThousandGpus();
    void everyRankedPlanIsValidAndFits();
    void rankingIsWhatAnalyzeProjects();
    void fixedTensorParallelWidth();
    void expertsStayInTheDomain();
    void json();
    void cancelStopsThePlanner();
    void boundedRankingIsTheFullRanking_data();
    void boundedRankingIsTheFullRanking();
    void sparesMakeAwkwardCountsPlannable();
    void noPlanSaysWhy();
    void spareDomainCounts_data();
    void spareDomainCounts();
};

void tst_Planner::candidateDegrees_data()
{
    QTest::addColumn<int>("room");
    QTest::addColumn<int>("splits");
    QTest::addColumn<QString>("expected");
    QTest::newRow("powers of two") << 1024 << 96 << "1,2,4,8,16,32,64,128,256,512,1024";
    QTest::newRow("divisors too") << 24 << 96 << "1,2,3,4,6,8,12,24";
    QTest::newRow("126 layers on 48") << 48 << 126 << "1,2,3,4,6,8,16";
    QTest::newRow("no splits") << 12 << 0 << "1,2,4";
}

void tst_Planner::candidateDegrees()
{
    QFETCH(int, room);
    QFETCH(int, splits);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(joined(topoplan::candidateDegrees(room, splits))), expected);
}

void tst_Planner::gpt3OnThousandGpus()
{
    const PlannerResult r = planJob(cluster1024(), preset("gpt3-175b"), {}, {});
    QCOMPARE(int(r.plans.size()), 10);
    QVERIFY(r.considered > r.valid && r.valid > r.fitting && r.fitting >= 10);
    for (std::size_t i = 1; i < r.plans.size(); ++i)
        QVERIFY(r.plans[i - 1].step.tokensPerS >= r.plans[i].step.tokensPerS);
    // The best keeps TP inside the 8-GPU domain and pipelines across nodes, as Megatron-LM
    // runs GPT-3 on DGX clusters; nothing about it is worth a warning.
    const AnalysisResult &best = r.plans.front();
    QVERIFY(best.plan.tp <= 8);
    QVERIFY(best.plan.pp > 1);
    QVERIFY(!hasCode(best, "TP_CROSSES_NVLINK_DOMAIN"));
    QVERIFY(!hasCode(best, "OUT_OF_MEMORY"));
    QVERIFY(best.step.mfu > 0.4 && best.step.mfu < 0.65);
    qInfo("best of %d combinations (%d valid, %d fit): tp %d pp %d dp %d cp %d mb %d v %d %s, "
          "%.0f tokens/s, MFU %.3f",
          r.considered, r.valid, r.fitting, best.plan.tp, best.plan.pp, best.plan.dp, best.plan.cp,
          best.workload.training.microBatch, best.workload.training.interleave,
          toString(best.workload.training.recompute), best.step.tokensPerS, best.step.mfu);
}

void tst_Planner::everyRankedPlanIsValidAndFits()
{
    PlannerResult counts;
    const Workload w = preset("gpt3-175b");
    const std::vector<PlanCandidate> ranked = rankPlans(cluster1024(), w, {}, {}, &counts);
    // Every plan that fits, less the recompute modes that change nothing (selective with
    // fused attention keeps what none keeps): listed once, as the lighter mode.
    QVERIFY(int(ranked.size()) <= counts.fitting && 2 * int(ranked.size()) > counts.fitting);
    for (const PlanCandidate &c : ranked) {
        if (c.workload.training.recompute != Recompute::None)
            continue;
        Workload selective = c.workload;
        selective.training.recompute = Recompute::Selective;
        QVERIFY(std::none_of(ranked.begin(), ranked.end(), [&](const PlanCandidate &o) {
            return o.plan == c.plan && o.workload == selective;
        }));
    }
    bool sawRecompute[3] = {false, false, false}; // none, selective (never here), full
    for (const PlanCandidate &c : ranked) {
        QVERIFY(!validatePlan(c.plan, c.workload, 1024));
        QVERIFY(c.step.memory.fits);
        QVERIFY(estimateMemory(c.workload, c.plan, cluster1024().gpuModel()).fits);
        const TrainingSpec &t = c.workload.training;
        QVERIFY(t.microBatch >= 1 && t.microBatch <= PlannerOptions::kMaxMicroBatch);
        QVERIFY(t.interleave >= 1 && t.interleave <= PlannerOptions::kMaxInterleave);
        if (t.interleave > 1)
            QCOMPARE((96 / c.plan.pp) % t.interleave, 0);
        sawRecompute[static_cast<int>(t.recompute)] = true;
        // The job is the job: only the planner's knobs change.
        QCOMPARE(c.workload.model, w.model);
        QCOMPARE(t.globalBatch, w.training.globalBatch);
    }
    QVERIFY(sawRecompute[0] && !sawRecompute[1] && sawRecompute[2]);
    // 175B does not fit on 8-way TP alone.
    QVERIFY(std::none_of(ranked.begin(), ranked.end(), [](const PlanCandidate &c) {
        return c.plan.pp == 1 && c.plan.tp * c.plan.cp <= 8;
    }));
}

void tst_Planner::rankingIsWhatAnalyzeProjects()
{
    const std::vector<PlanCandidate> ranked = rankPlans(cluster1024(), preset("gpt3-175b"));
    QVERIFY(ranked.size() > 100);
    for (std::size_t i : {std::size_t(0), std::size_t(7), ranked.size() / 2, ranked.size() - 1}) {
        const PlanCandidate &c = ranked[i];
        const Expected<AnalysisResult> r = cluster1024().analyze(c.workload, c.plan);
        QVERIFY(r.ok());
        QCOMPARE(r->step.tokensPerS, c.step.tokensPerS);
    }
    // Deterministic: ties broken by the smaller degrees.
    const std::vector<PlanCandidate> again = rankPlans(cluster1024(), preset("gpt3-175b"));
    QCOMPARE(again.size(), ranked.size());
    for (std::size_t i = 0; i < ranked.size(); ++i)
        QCOMPARE(again[i].plan, ranked[i].plan);
}

void tst_Planner::fixedTensorParallelWidth()
{
    PlannerOptions o;
    o.tp = 16;
    o.top = 3;
    const PlannerResult r = planJob(cluster1024(), preset("gpt3-175b"), {}, o);
    QCOMPARE(int(r.plans.size()), 3);
    for (const AnalysisResult &p : r.plans) {
        QCOMPARE(p.plan.tp, 16);
        QVERIFY(hasCode(p, "TP_CROSSES_NVLINK_DOMAIN"));
    }
}

void tst_Planner::expertsStayInTheDomain()
{
    // Mixtral 8x7B on 8 DGX H100: the planner tries expert parallelism (dividing the 8
    // experts and DP x CP); its best keeps the all-to-alls on NVLink.
    const Analyzer a = analyzer(generated("dgx-h100", 8));
    const Workload w = preset("mixtral-8x7b");
    const std::vector<PlanCandidate> ranked = rankPlans(a, w);
    QVERIFY(std::any_of(ranked.begin(), ranked.end(),
                        [](const PlanCandidate &c) { return c.plan.ep > 1; }));
    for (const PlanCandidate &c : ranked) {
        QCOMPARE(8 % c.plan.ep, 0);
        QCOMPARE((c.plan.dp * c.plan.cp) % c.plan.ep, 0);
    }
    const Expected<AnalysisResult> best = a.analyze(ranked.front().workload, ranked.front().plan);
    QVERIFY(best.ok());
    QVERIFY(!hasCode(*best, "EP_CROSSES_NVLINK_DOMAIN"));
    QVERIFY(!hasCode(*best, "TP_CROSSES_NVLINK_DOMAIN"));
}

void tst_Planner::json()
{
    PlannerOptions o;
    o.top = 2;
    const Json j = toJson(planJob(cluster1024(), preset("gpt3-175b"), {}, o));
    QCOMPARE(int(j["plans"].size()), 2);
    QVERIFY(j["plans"][0]["tokens_per_s"].get<double>()
            >= j["plans"][1]["tokens_per_s"].get<double>());
    QVERIFY(j["plans"][0]["groups"].is_array());
    QVERIFY(j["considered"].get<int>() > 0);
}

void tst_Planner::cancelStopsThePlanner()
{
    std::atomic<bool> cancel{true};
    PlannerOptions o;
    o.cancel = &cancel;
    const PlannerResult r = planJob(cluster1024(), preset("gpt3-175b"), {}, o);
    QVERIFY(r.cancelled);
    QVERIFY(r.plans.empty());
    QCOMPARE(r.considered, 0);
    cancel = false;
    const PlannerResult whole = planJob(cluster1024(), preset("gpt3-175b"), {}, o);
    QVERIFY(!whole.cancelled);
    QVERIFY(!whole.plans.empty());
    QCOMPARE(whole.runnable, int(whole.plans.size()));
}

void tst_Planner::boundedRankingIsTheFullRanking_data()
{
    QTest::addColumn<QString>("design");
    QTest::addColumn<QString>("workload");
    QTest::newRow("su, gpt3") << "h100-su.topoplan" // fits nowhere: no set
                              << "gpt3-175b";
    QTest::newRow("su, mixtral") << "h100-su.topoplan"
                                 << "mixtral-8x7b";
    QTest::newRow("gb200 domains, llama3-70b") << "gb200-domains.topoplan"
                                               << "llama3-70b";
    QTest::newRow("1,024 rail, gpt3") << "rail-1024"
                                      << "gpt3-175b";
    QTest::newRow("1,024 fat tree, llama3-405b") << "fat-tree-1024"
                                                 << "llama3-405b";
    QTest::newRow("2 nvl72, llama3-8b") << "nvl72-2"
                                        << "llama3-8b";
    // Where the switches are the bottleneck, the bound is loosest and must still hold.
    QTest::newRow("512 fat tree 4:1, mixtral") << "fat-tree-512-4to1"
                                               << "mixtral-8x7b";
    QTest::newRow("512 fat tree 4:1, llama3-70b") << "fat-tree-512-4to1"
                                                  << "llama3-70b";
    // Traffic between rails or planes forwarded over NVLink first (PXN).
    QTest::newRow("512 rail-only, mixtral") << "rail-only-512"
                                            << "mixtral-8x7b";
    QTest::newRow("1,024 on 8 planes, gpt3") << "planes-1024"
                                             << "gpt3-175b";
}

void tst_Planner::boundedRankingIsTheFullRanking()
{
    // The planner and the sweep route only the sets of degrees a network with ideal switches
    // (Analyzer::networkBound()) says could be kept; what they keep is exactly what ranking
    // every plan gives, to the bit.
    QFETCH(QString, design);
    QFETCH(QString, workload);
    Project p;
    if (design == QStringLiteral("rail-1024"))
        p.topology = generated("dgx-h100", 128);
    else if (design == QStringLiteral("fat-tree-1024"))
        p = dgxH100FatTree1024();
    else if (design == QStringLiteral("nvl72-2"))
        p.topology = generated("gb200-nvl72", 2);
    else if (design.contains(QStringLiteral("-512")) || design == QStringLiteral("planes-1024")) {
        GeneratorOptions o;
        o.nodeModel = "dgx-h100";
        o.nodes = design == QStringLiteral("planes-1024") ? 128 : 64;
        o.fabric = design.startsWith(QStringLiteral("rail-only"))  ? FabricKind::RailOnly
                   : design.startsWith(QStringLiteral("fat-tree")) ? FabricKind::FatTree
                                                                   : FabricKind::RailOptimized;
        o.oversubscription = design.endsWith(QStringLiteral("4to1")) ? 4.0 : 1.0;
        o.planes = design == QStringLiteral("planes-1024") ? 8 : 1;
        o.leaf = o.spine = "qm9700";
        p.topology = orFail(generateProject(o)).topology;
    } else
        p = orFail(loadProject(std::string(TOPOPLAN_SOURCE_DIR) + "tests/data/projects/"
                               + design.toStdString()));
    const Analyzer a = analyzer(p.topology, orFail(projectCatalog(p)));
    const Workload w = preset(workload.toStdString());
    PlannerResult fullCounts, boundedCounts;
    const std::vector<PlanCandidate> full = rankPlans(a, w, {}, {}, &fullCounts);
    const std::vector<PlanCandidate> best = bestPlans(a, w, {}, {}, 10, false, &boundedCounts);
    QCOMPARE(boundedCounts.considered, fullCounts.considered);
    QCOMPARE(boundedCounts.valid, fullCounts.valid);
    QCOMPARE(boundedCounts.fitting, fullCounts.fitting);
    // Every bound held (none fell back to ranking every plan), and they left sets unrouted.
    QCOMPARE(boundedCounts.sets, fullCounts.sets);
    QCOMPARE(fullCounts.setsRouted, fullCounts.sets);
    QVERIFY2(boundedCounts.sets == 0 || boundedCounts.setsRouted < boundedCounts.sets,
             qPrintable(QStringLiteral("%1 of %2 sets routed")
                                .arg(boundedCounts.setsRouted)
                                .arg(boundedCounts.sets)));
    QVERIFY(best.size() <= full.size());
    QCOMPARE(best.size() >= 10, full.size() >= 10);
    auto same = [](const PlanCandidate &x, const PlanCandidate &y) {
        return x.plan == y.plan && x.workload == y.workload && x.step.stepTimeS == y.step.stepTimeS
               && x.step.tokensPerS == y.step.tokensPerS;
    };
    for (std::size_t i = 0; i < std::min<std::size_t>(10, full.size()); ++i)
        QVERIFY2(same(best[i], full[i]), qPrintable(QString::number(i)));
    // The best of every TP width, as the sweep takes it.
    const std::vector<PlanCandidate> widths = bestPlans(a, w, {}, {}, 0, true);
    for (int tp : sweepWidths(a.gpuCount(), w.model.heads)) {
        auto ofTp = [tp](const PlanCandidate &c) {
            return c.plan.tp == tp;
        };
        const auto f = std::find_if(full.begin(), full.end(), ofTp);
        const auto b = std::find_if(widths.begin(), widths.end(), ofTp);
        QCOMPARE(b == widths.end(), f == full.end());
        if (f != full.end())
            QVERIFY2(same(*b, *f), qPrintable(QString::number(tp)));
    }
    // planJob analyses the same plans as the full ranking's first ten.
    const PlannerResult r = planJob(a, w);
    QCOMPARE(r.considered, fullCounts.considered);
    for (std::size_t i = 0; i < r.plans.size(); ++i) {
        QCOMPARE(r.plans[i].plan, full[i].plan);
        QCOMPARE(r.plans[i].step.tokensPerS, full[i].step.tokensPerS);
    }
}

namespace {

// Megatron-Turing NLG 530B (Smith et al. 2022, arXiv 2201.11990): 105 layers, hidden 20,480,
// 128 heads, sequence 2,048, batch 1,920, 16-bit.
Workload mtnlg()
{
    Workload w;
    w.model = {"mt-nlg-530b", 105, 20480, 128, 128, 81920, 51200, 2048, false, 1, 1, 0};
    w.training.globalBatch = 1920;
    w.training.precision = Precision::BF16;
    return w;
}

} // namespace

// 641 DGX A100 (5,128 GPUs, 641 prime): no degrees divide the whole design, so the planner
// leaves a server idle and says so.
void tst_Planner::sparesMakeAwkwardCountsPlannable()
{
    const Analyzer a = analyzer(generated("dgx-a100", 641));
    PlannerOptions o;
    o.top = 3;
    const PlannerResult r = planJob(a, mtnlg(), {}, o);
    QVERIFY(r.runnable > 0);
    const AnalysisResult &best = r.plans.front();
    QCOMPARE(best.plan.domains, 640);
    QCOMPARE(best.gpus, 5120);
    QCOMPARE(QString::fromStdString(best.idle),
             QStringLiteral("uses 5,120 of 5,128 GPUs: 1 server idle"));
    QVERIFY(best.step.memory.fits);
    // As analyze gives it, from the plan the planner chose (the JSON keeps its domains).
    const Json j = toJson(best);
    QCOMPARE(j["plan"]["domains"].get<int>(), 640);
    QCOMPARE(j["idle"].get<std::string>(), best.idle);
    Expected<Plan> back = planFromJson(JsonIn(toJson(best.plan), "plan"));
    QVERIFY(back && back->domains == 640);
}

void tst_Planner::noPlanSaysWhy()
{
    // Memory: a 530B model on one server.
    const Analyzer one = analyzer(generated("dgx-a100", 1));
    PlannerResult memory = planJob(one, mtnlg(), {}, {});
    QVERIFY(memory.plans.empty());
    const std::string why = noPlanReason(memory);
    QVERIFY2(why.rfind("no plan fits in memory: ", 0) == 0, why.c_str());
    QVERIFY2(why.find(" of the GPU's 80 GB") != std::string::npos, why.c_str());
    // The batch, and the degrees: which of them left nothing valid.
    PlannerResult batch;
    batch.considered = batch.batchRejected = 12;
    QVERIFY2(noPlanReason(batch).rfind("no plan is valid: the global batch does not divide", 0)
                     == 0,
             noPlanReason(batch).c_str());
    PlannerResult degrees;
    degrees.considered = 12;
    degrees.batchRejected = 3;
    QVERIFY2(noPlanReason(degrees).find("no tensor, pipeline and data-parallel degrees divide")
                     != std::string::npos,
             noPlanReason(degrees).c_str());
    QVERIFY(noPlanReason(degrees).find("or the global batch does not divide") != std::string::npos);
}

void tst_Planner::spareDomainCounts_data()
{
    QTest::addColumn<int>("domains");
    QTest::addColumn<QString>("expected");
    QTest::newRow("641 servers") << 641 << "640";
    QTest::newRow("1,023 servers") << 1023 << "1016,992";
    QTest::newRow("a power of two") << 1024 << "";
    QTest::newRow("too few to spare") << 7 << "";
    QTest::newRow("NVL72 racks") << 29 << "";
}

void tst_Planner::spareDomainCounts()
{
    QFETCH(int, domains);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(joined(topoplan::spareDomainCounts(domains))), expected);
}

QTEST_GUILESS_MAIN(tst_Planner)

#include "tst_planner.moc"
