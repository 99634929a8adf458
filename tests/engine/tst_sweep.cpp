#include "engine/plan/analysisjson.h"
#include "engine/plan/sweep.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

using namespace topoplan;
using namespace topoplan::fixtures;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

using fixtures::hasCode;
using fixtures::joined;

// GPT-3 175B on the sample scalable unit (32 DGX H100), its template plan tp 8, pp 8.
const SweepResult &superPodSweep()
{
    static const SweepResult s = [] {
        const Analyzer a = analyzer(generated("dgx-h100", 32));
        return sweepTp(a, preset("gpt3-175b"), plan(8, 8));
    }();
    return s;
}

const SweepRow &row(int tp)
{
    for (const SweepRow &r : superPodSweep().rows) {
        if (r.tp == tp)
            return r;
    }
    qFatal("no row for tp = %d", tp);
}

} // namespace

class tst_Sweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void widths_data();
    void widths();
    void everyWidthHasItsBestPlan();
    void heldPlanKeepsTheRest();
    void throughputPeaksInsideTheDomain();
    void json();
};

void tst_Sweep::widths_data()
{
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("heads");
    QTest::addColumn<QString>("expected");
    // Widths that do not divide the GPU count have no plan at all (dp = GPUs / (tp cp pp)):
    // 16 of 24 GPUs; 3, 6, 12, 24, 48 and 96 of 256.
    QTest::newRow("64 GPUs, 128 heads") << 64 << 128 << "1,2,4,8,16,32,64";
    QTest::newRow("24 GPUs, 96 heads") << 24 << 96 << "1,2,3,4,6,8,12,24";
    QTest::newRow("256 GPUs, 96 heads") << 256 << 96 << "1,2,4,8,16,32,64,128,256";
    QTest::newRow("72 GPUs, 64 heads") << 72 << 64 << "1,2,4,8";
    QTest::newRow("72 GPUs, 96 heads") << 72 << 96 << "1,2,3,4,6,8,12,24";
    QTest::newRow("one GPU") << 1 << 32 << "1";
}

void tst_Sweep::widths()
{
    QFETCH(int, gpus);
    QFETCH(int, heads);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(joined(sweepWidths(gpus, heads))), expected);
}

void tst_Sweep::everyWidthHasItsBestPlan()
{
    const SweepResult &s = superPodSweep();
    QCOMPARE(s.dim, std::string("tp"));
    QCOMPARE(s.domainSize, 8);
    QCOMPARE(QString::fromStdString(joined([&] {
                 std::vector<int> widths;
                 for (const SweepRow &r : s.rows)
                     widths.push_back(r.tp);
                 return widths;
             }())),
             QStringLiteral("1,2,4,8,16,32,64,128,256"));
    // Every width divides the GPUs; those that also divide the heads have a best plan, the
    // powers of two past 32 (64 does not divide 96 heads) none, and say why.
    for (const SweepRow &r : s.rows) {
        QCOMPARE(256 % r.tp, 0);
        const bool runs = 96 % r.tp == 0;
        QVERIFY2(r.best.has_value() == runs, qPrintable(QString::number(r.tp)));
        if (!r.best) {
            QVERIFY(!r.bestError.empty());
            continue;
        }
        QCOMPARE(r.best->plan.tp, r.tp);
        QVERIFY(r.best->step.memory.fits);
        QVERIFY(!validatePlan(r.best->plan, r.best->workload, 256));
    }
    QCOMPARE(q(row(64).bestError),
             QStringLiteral("no plan with tp = 64 is valid and fits in memory"));
}

void tst_Sweep::heldPlanKeepsTheRest()
{
    // pp 8, cp 1, ep 1, micro-batch 1, interleave 1 held; dp = 256 / (8 tp).
    for (int tp : {1, 2, 4, 8, 16, 32}) {
        const SweepRow &r = row(tp);
        QVERIFY2(r.held.has_value(), r.heldError.c_str());
        QCOMPARE(r.held->plan.pp, 8);
        QCOMPARE(r.held->plan.dp, 256 / (8 * tp));
        QCOMPARE(r.held->workload.training.microBatch, 1);
        // The planner's best at a width is at least the held plan, when that fits.
        if (r.held->step.memory.fits)
            QVERIFY(r.best->step.tokensPerS >= r.held->step.tokensPerS * (1 - 1e-12));
    }
    QVERIFY(!row(64).held);
    // tp 64 with pp 8 held needs 512 GPUs.
    QCOMPARE(q(row(64).heldError),
             QStringLiteral("/plan: tp x cp x pp = 512 needs more GPUs than the 256 the cluster "
                            "has; lower tp, cp or pp"));
    // Past the domain size the held plan's TP groups leave NVLink, and say so.
    QVERIFY(row(16).held->dimension(Dim::TP)->network.crossesDomain);
    QVERIFY(hasCode(*row(16).held, "TP_CROSSES_NVLINK_DOMAIN"));
    QVERIFY(!hasCode(*row(8).held, "TP_CROSSES_NVLINK_DOMAIN"));
}

void tst_Sweep::throughputPeaksInsideTheDomain()
{
    // DOMAIN.md: use TP up to the server's GPU count, then pipeline across servers.
    int bestTp = 0;
    double best = 0;
    for (const SweepRow &r : superPodSweep().rows) {
        if (r.best && r.best->step.tokensPerS > best) {
            best = r.best->step.tokensPerS;
            bestTp = r.tp;
        }
    }
    QVERIFY2(bestTp <= 8, qPrintable(QString::number(bestTp)));
    // Leaving the domain costs: TP 16 and 32 run their TP traffic over InfiniBand.
    QVERIFY(row(16).best->step.tokensPerS < row(8).best->step.tokensPerS);
    QVERIFY(row(32).best->step.tokensPerS < row(16).best->step.tokensPerS);
    QCOMPARE(row(16).best->dimension(Dim::TP)->network.linkClass, LinkClass::InfiniBand);
}

void tst_Sweep::json()
{
    const Json j = toJson(superPodSweep());
    QCOMPARE(q(j["dim"].get<std::string>()), QStringLiteral("tp"));
    QCOMPARE(j["domain_size"].get<int>(), 8);
    QCOMPARE(int(j["rows"].size()), 9);
    const Json &eight = j["rows"][3];
    QCOMPARE(eight["tp"].get<int>(), 8);
    QCOMPARE(eight["plan"]["tp"].get<int>(), 8);
    QVERIFY(eight["tokens_per_s"].get<double>() > 0);
    QCOMPARE(eight["held"]["plan"]["pp"].get<int>(), 8);
    QVERIFY(eight["held"]["groups"].is_array());
    // A width without a plan: no analyze fields, the reason instead, and held null.
    const Json &sixtyFour = j["rows"][6];
    QCOMPARE(sixtyFour["tp"].get<int>(), 64);
    QVERIFY(sixtyFour.contains("error"));
    QVERIFY(!sixtyFour.contains("tokens_per_s"));
    QVERIFY(sixtyFour["held"].is_null());
    QVERIFY(sixtyFour.contains("held_error"));
    for (const Json &r : j["rows"])
        QCOMPARE(256 % r["tp"].get<int>(), 0);
}

QTEST_GUILESS_MAIN(tst_Sweep)

#include "tst_sweep.moc"
