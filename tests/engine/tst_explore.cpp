// The design-space explorer and the design comparison: which variants are built, what a
// variant the hardware cannot build says, the Pareto front, the verdict sentences, the built
// projects as files, progress and cancel; compare's deltas.

#include "engine/explore/compare.h"
#include "engine/explore/explore.h"
#include "engine/explore/explorejson.h"
#include "engine/explore/exploreverdict.h"
#include "engine/io/projectfile.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

#include <algorithm>
#include <atomic>

using namespace topoplan;
using namespace topoplan::fixtures;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

ExploreRequest request(int gpus, const std::string &workload)
{
    ExploreRequest r;
    r.workload = preset(workload);
    r.gpus = gpus;
    r.axes.fabrics = {{FabricKind::RailOptimized, 0}, {FabricKind::FatTree, 0}};
    r.axes.oversubscription = {1, 2, 4};
    r.axes.switchModels = {""};
    return r;
}

const VariantResult *find(const ExploreResult &r, const std::string &label)
{
    for (const VariantResult &v : r.variants)
        if (v.spec.label == label)
            return &v;
    return nullptr;
}

} // namespace

class TestExplore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesAxisItems()
    {
        Expected<DomainChoice> d = domainChoiceFromString("gb200-tray:36");
        QVERIFY(d);
        QCOMPARE(q(d->nodeModel), QStringLiteral("gb200-tray"));
        QCOMPARE(d->domainSize, 36);
        QCOMPARE(q(toString(*d)), QStringLiteral("gb200-tray:36"));
        QVERIFY(!domainChoiceFromString("gb200-tray:0"));
        QVERIFY(!domainChoiceFromString("gb200-tray:x"));
        QVERIFY(!domainChoiceFromString(":8"));
        // Ranks per domain: the number after a rack's (or board's) colon; a tray's second one.
        Expected<DomainChoice> rack = domainChoiceFromString("gb200-nvl72:64");
        QVERIFY(rack);
        QCOMPARE(rack->domainSize, 0);
        QCOMPARE(rack->ranksPerDomain, 64);
        QCOMPARE(q(toString(*rack)), QStringLiteral("gb200-nvl72:64"));
        Expected<DomainChoice> trays = domainChoiceFromString("gb200-tray:72:64");
        QVERIFY(trays);
        QCOMPARE(trays->domainSize, 72);
        QCOMPARE(trays->ranksPerDomain, 64);
        QCOMPARE(q(toString(*trays)), QStringLiteral("gb200-tray:72:64"));
        QVERIFY(!domainChoiceFromString("gb200-nvl72:73")); // more ranks than the rack's GPUs
        QVERIFY(!domainChoiceFromString("gb200-nvl72:64:32"));
        QVERIFY(!domainChoiceFromString("gb200-tray:36:40"));

        Expected<FabricChoice> f = fabricChoiceFromString("fat-tree:3");
        QVERIFY(f);
        QCOMPARE(f->kind, FabricKind::FatTree);
        QCOMPARE(f->tiers, 3);
        QVERIFY(fabricChoiceFromString("rail-optimized"));
        QVERIFY(!fabricChoiceFromString("none"));
        QVERIFY(!fabricChoiceFromString("fat-tree:4"));
        QVERIFY(!fabricChoiceFromString("torus"));
    }

    // Two designs closer than the projections' uncertainty on published runs of their class:
    // the verdict says the gap is within it.
    void verdictSaysWhenDesignsAreTooCloseToCall()
    {
        ExploreResult r;
        r.gpus = 1024;
        for (const char *model : {"dgx-h100", "dgx-b200"}) {
            VariantResult v;
            v.status = VariantStatus::Ok;
            v.spec.domain.nodeModel = model;
            v.spec.label = std::string(model) + " rail 1:1";
            v.spec.jobGpus = v.spec.builtGpus = 1024;
            v.best.emplace();
            v.best->gpus = 1024;
            v.best->band.meanError = 0.09;
            v.best->band.runs = 7;
            v.best->band.family = "Hopper";
            r.variants.push_back(v);
        }
        r.variants[0].best->step.tokensPerS = 1.0e6;
        r.variants[1].best->step.tokensPerS = 0.97e6;
        // The sentence after "beats" says the gap is within the band, with its figures.
        const auto closeCall = [](const std::vector<std::string> &said) {
            std::string all;
            for (const std::string &s : said)
                all += s + "\n";
            return all;
        };
        std::string said = closeCall(verdicts(r));
        QVERIFY2(said.find("beats") != std::string::npos
                         && said.find("too close to call") != std::string::npos
                         && said.find("±9 % on 7 runs") != std::string::npos,
                 said.c_str());
        r.variants[1].best->step.tokensPerS = 0.8e6;
        said = closeCall(verdicts(r));
        QVERIFY2(said.find("beats") != std::string::npos
                         && said.find("too close to call") == std::string::npos,
                 said.c_str());
    }

    void readsTokenBudgets()
    {
        QCOMPARE(tokenCountFromString("15T").value_or(0), 15e12);
        QCOMPARE(tokenCountFromString("800B").value_or(0), 800e9);
        QCOMPARE(tokenCountFromString("1.5e13").value_or(0), 1.5e13);
        QCOMPARE(tokenCountFromString("2k").value_or(0), 2e3);
        for (const char *bad :
             {"", "T", "-5T", "+5T", " 5T", "5 T", "inf", "nan", "0", "1e400", "5X", "lots"})
            QVERIFY2(!tokenCountFromString(bad), bad);
    }

    void defaultAxesCoverBoardsRacksAndCustomDomains()
    {
        const ExploreAxes axes = defaultAxes();
        auto has = [&](const std::string &text) {
            return std::any_of(axes.domains.begin(), axes.domains.end(),
                               [&](const DomainChoice &d) { return toString(d) == text; });
        };
        QVERIFY(has("dgx-h100"));
        QVERIFY(has("gb200-nvl72"));
        QVERIFY(has("gb200-tray:36"));
        QCOMPARE(axes.fabrics.size(), std::size_t(2));
        QCOMPARE(axes.oversubscription, (std::vector<double>{1, 2, 4}));
        // Every combination, domains outermost (256 GPUs: every 8-GPU board builds it).
        ExploreAxes boards = axes;
        boards.domains.erase(std::remove_if(boards.domains.begin(), boards.domains.end(),
                                            [](const DomainChoice &d) {
                                                const ServerModel *m
                                                        = Catalog::builtin().server(d.nodeModel);
                                                return m->nvlinkScope != NVLinkScope::Board;
                                            }),
                             boards.domains.end());
        const std::vector<VariantSpec> specs = variantsOf(boards, 256);
        QCOMPARE(specs.size(), boards.domains.size() * 2 * 3);
        QCOMPARE(q(specs.front().label), q(toString(boards.domains.front()) + " rail 1:1"));
        QCOMPARE(q(specs[5].label), q(toString(boards.domains.front()) + " fat-tree 4:1"));
    }

    // The job sizes a domain builds nearest a GPU count: the count itself where whole servers
    // give it, else the nearest below and above; with ranks per domain, the ranks step.
    void jobSizesNearTheCountAsked_data()
    {
        QTest::addColumn<QString>("domain");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QList<int>>("nodes");
        QTest::addColumn<QList<int>>("built");
        QTest::addColumn<QList<int>>("job");
        QTest::newRow("hgx exact")
                << "dgx-h100" << 2048 << QList<int>{256} << QList<int>{2048} << QList<int>{2048};
        QTest::newRow("nvl72 28 or 29 racks") << "gb200-nvl72" << 2048 << QList<int>{28, 29}
                                              << QList<int>{2016, 2088} << QList<int>{2016, 2088};
        QTest::newRow("nvl72 64 of 72") << "gb200-nvl72:64" << 2048 << QList<int>{32}
                                        << QList<int>{2304} << QList<int>{2048};
        QTest::newRow("nvl72 64 of 72, 16K") << "gb200-nvl72:64" << 16000 << QList<int>{250}
                                             << QList<int>{18000} << QList<int>{16000};
        QTest::newRow("trays 72:64") << "gb200-tray:72:64" << 2048 << QList<int>{576}
                                     << QList<int>{2304} << QList<int>{2048};
        QTest::newRow("one rack is the least")
                << "gb200-nvl72" << 8 << QList<int>{1} << QList<int>{72} << QList<int>{72};
    }

    void jobSizesNearTheCountAsked()
    {
        QFETCH(QString, domain);
        QFETCH(int, gpus);
        QFETCH(QList<int>, nodes);
        QFETCH(QList<int>, built);
        QFETCH(QList<int>, job);
        Expected<DomainChoice> d = domainChoiceFromString(domain.toStdString());
        QVERIFY(d);
        Expected<std::vector<JobSize>> sizes = jobSizesNear(*d, gpus);
        QVERIFY2(sizes, sizes ? "" : sizes.error().text().c_str());
        QCOMPARE(int(sizes->size()), int(nodes.size()));
        for (int i = 0; i < int(nodes.size()); ++i) {
            QCOMPARE((*sizes)[i].nodes, nodes[i]);
            QCOMPARE((*sizes)[i].builtGpus, built[i]);
            QCOMPARE((*sizes)[i].jobGpus, job[i]);
        }
    }

    // "About 2,048 GPUs" of NVL72 racks: 28 racks (2,016) and 29 (2,088), each planned at its
    // own count, and 64 ranks on each of 32 racks for 2,048; the HGX design at 2,048. The
    // verdict compares them per GPU and says so.
    void aboutTheSameGpuCountComparedPerGpu()
    {
        ExploreRequest r = request(2048, "llama3-405b");
        r.axes.domains = {{"dgx-h100", 0, 0}, {"gb200-nvl72", 0, 0}, {"gb200-nvl72", 0, 64}};
        r.axes.fabrics = {{FabricKind::FatTree, 0}};
        r.axes.oversubscription = {1};
        const Expected<ExploreResult> result = explore(r);
        QVERIFY2(result, result ? "" : result.error().text().c_str());
        QCOMPARE(result->variants.size(), std::size_t(4));
        const VariantResult *hgx = find(*result, "dgx-h100 fat-tree 1:1");
        const VariantResult *below = find(*result, "gb200-nvl72 fat-tree 1:1 (2016 GPUs)");
        const VariantResult *above = find(*result, "gb200-nvl72 fat-tree 1:1 (2088 GPUs)");
        const VariantResult *ranks = find(*result, "gb200-nvl72:64 fat-tree 1:1");
        QVERIFY(hgx && below && above && ranks);
        // 2,088 GPUs divide into no plan of the job (its batch of 2,048 sequences takes a
        // data-parallel degree of a power of two; 2,088 / 8 = 261 = 9 x 29 GPUs per replica
        // fit no TP x PP of 126 layers): built, and said.
        QCOMPARE(above->status, VariantStatus::NoPlan);
        QCOMPARE(above->summary.gpus, 2088);
        for (const VariantResult *v : {hgx, below, ranks}) {
            QVERIFY2(v->status == VariantStatus::Ok, (v->spec.label + ": " + v->message).c_str());
            const Plan &p = v->best->plan;
            QCOMPARE(p.tp * p.pp * p.dp * p.cp, v->jobGpus());
            QCOMPARE(v->best->gpus, v->jobGpus());
        }
        QCOMPARE(below->summary.gpus, 2016);
        QCOMPARE(below->best->plan.pp, 63); // 2,016 = 8 x 63 x 4: the pipeline takes the 63
        QCOMPARE(ranks->summary.gpus, 2304);
        QCOMPARE(ranks->jobGpus(), 2048);
        QCOMPARE(ranks->best->plan.gpusPerDomain, 64);
        QCOMPARE(hgx->jobGpus(), 2048);
        // The ranks do not spill: every TP group stays inside a rack.
        QCOMPARE(2304 % 72, 0);
        QVERIFY(std::any_of(ranks->notes.begin(), ranks->notes.end(), [](const std::string &n) {
            return n.find("256 stay spare") != std::string::npos;
        }));

        const std::vector<std::string> said = verdicts(*result);
        QVERIFY2(said[0].rfind("Compared per GPU", 0) == 0, said[0].c_str());
        QVERIFY2(said[0].find("2016 to 2048 GPUs") != std::string::npos, said[0].c_str());
        QVERIFY2(said[1].find(" per GPU (") != std::string::npos, said[1].c_str());
        // The best is the one with the most tokens/s per GPU of the job.
        const VariantResult *best = nullptr;
        for (const VariantResult &v : result->variants)
            if (v.best
                && (!best || v.tokensPerS() / v.jobGpus() > best->tokensPerS() / best->jobGpus()))
                best = &v;
        QVERIFY2(said[1].rfind("Best: " + best->spec.label + " at ", 0) == 0, said[1].c_str());
        QVERIFY2(said[2].find(" tokens/s per GPU, with ") != std::string::npos, said[2].c_str());
        QVERIFY2(said[2].find(" switches per 1000 GPUs") != std::string::npos, said[2].c_str());
    }

    // 256 GPUs are not a whole number of NVL72 racks: the racks are built below and above it,
    // an unknown server says so, and the run goes on.
    void aGpuCountNoRackReachesIsBuiltBelowAndAbove()
    {
        ExploreRequest r = request(256, "llama3-70b");
        r.axes.domains = {{"gb200-nvl72", 0}, {"dgx-h100", 0}, {"no-such-server", 0}};
        r.axes.oversubscription = {1};
        const ExploreResult result = *explore(r);
        QCOMPARE(result.variants.size(), std::size_t(8));
        const VariantResult *rack = find(result, "gb200-nvl72 rail 1:1 (216 GPUs)");
        QVERIFY(rack);
        QCOMPARE(rack->status, VariantStatus::Ok);
        QCOMPARE(rack->nodes, 3);
        QVERIFY(find(result, "gb200-nvl72 rail 1:1 (288 GPUs)"));
        const VariantResult *unknown = find(result, "no-such-server fat-tree 1:1");
        QVERIFY(unknown);
        QCOMPARE(unknown->status, VariantStatus::Unbuildable);
        QVERIFY(unknown->message.find("unknown server model") != std::string::npos);
        const VariantResult *hgx = find(result, "dgx-h100 rail 1:1");
        QVERIFY(hgx);
        QCOMPARE(hgx->status, VariantStatus::Ok);
        QCOMPARE(hgx->summary.gpus, 256);
        QCOMPARE(hgx->nodes, 32);
        QCOMPARE(hgx->domainSize, 8);
        QVERIFY(hgx->best->step.tokensPerS > 0);
        // The best plan uses every GPU of the variant.
        const Plan &p = hgx->best->plan;
        QCOMPARE(p.tp * p.pp * p.dp * p.cp, 256);
        // Power from the catalog's DGX H100 figure (10.2 kW each).
        QVERIFY(hgx->serverPowerKW);
        QCOMPARE(*hgx->serverPowerKW, 32 * 10.2);
        // Transceivers as the bill of materials counts them: one SU of 256 host-leaf and 256
        // leaf-spine fibres, twin-port cages at both ends: 128 at the DGX, 256 at the leaves,
        // 128 at the spines.
        QCOMPARE(hgx->transceivers, 512LL);
        const Json j = toJson(result)["variants"][std::size_t(hgx - result.variants.data())];
        QCOMPARE(j["transceivers"].get<long long>(), 512LL);
    }

    // Oversubscription takes switches away: fewer spines at 2:1 and 4:1 than at 1:1, and a
    // 4:1 fat tree is never faster than a 1:1 one.
    void oversubscriptionSavesSwitchesAndNeverSpeedsUp()
    {
        ExploreRequest r = request(512, "llama3-70b");
        r.axes.domains = {{"dgx-h100", 0}};
        const ExploreResult result = *explore(r);
        const VariantResult *one = find(result, "dgx-h100 fat-tree 1:1");
        const VariantResult *four = find(result, "dgx-h100 fat-tree 4:1");
        QVERIFY(one && four);
        QCOMPARE(one->status, VariantStatus::Ok);
        QCOMPARE(four->status, VariantStatus::Ok);
        QVERIFY(four->switches() < one->switches());
        QVERIFY(four->summary.cables < one->summary.cables);
        QVERIFY(four->tokensPerS() <= one->tokensPerS() * 1.0001);
    }

    // On the Pareto front: nothing has at least its tokens/s with at most its switches and is
    // better in one. Off it: something dominates it.
    void paretoFrontIsExactlyTheUndominated()
    {
        ExploreRequest r = request(576, "llama3-405b");
        r.axes.domains = {{"dgx-h100", 0}, {"gb200-nvl72", 0}};
        const ExploreResult result = *explore(r);
        int front = 0;
        for (const VariantResult &v : result.variants) {
            QCOMPARE(v.status, VariantStatus::Ok);
            bool dominated = false;
            for (const VariantResult &u : result.variants)
                dominated
                        = dominated
                          || (&u != &v && u.tokensPerS() >= v.tokensPerS()
                              && u.switches() <= v.switches()
                              && (u.tokensPerS() > v.tokensPerS() || u.switches() < v.switches()));
            QCOMPARE(v.pareto, !dominated);
            front += v.pareto;
        }
        QVERIFY(front >= 1);
        // 405B wants a wide TP: the 72-GPU domain wins and the verdict says by how much.
        const std::vector<std::string> said = verdicts(result);
        QVERIFY(said.size() >= 2);
        QVERIFY2(said[0].rfind("Best: gb200-nvl72", 0) == 0, said[0].c_str());
        QVERIFY2(said[1].find("beats dgx-h100") != std::string::npos, said[1].c_str());
        QVERIFY(said[1].find(" % tokens/s, with ") != std::string::npos);
    }

    void markParetoOnHandMadeVariants()
    {
        std::vector<VariantResult> v(3);
        for (VariantResult &x : v) {
            x.status = VariantStatus::Ok;
            x.best.emplace();
        }
        v[0].best->step.tokensPerS = 100;
        v[0].summary.leaf = 10;
        v[1].best->step.tokensPerS = 90;
        v[1].summary.leaf = 12; // slower and dearer than v[0]
        v[2].best->step.tokensPerS = 80;
        v[2].summary.leaf = 4;
        for (VariantResult &x : v)
            x.spec.jobGpus = 64;
        markPareto(v, ExploreMetric::Switches, 64);
        QVERIFY(v[0].pareto);
        QVERIFY(!v[1].pareto);
        QVERIFY(v[2].pareto);
    }

    // A kept variant is a real project: it saves, loads, and gives the same best plan again.
    void keptVariantsAreProjectsThatReopen()
    {
        ExploreRequest r = request(256, "llama3-70b");
        r.axes.domains = {{"dgx-h100", 0}};
        r.axes.fabrics = {{FabricKind::FatTree, 2}};
        r.axes.oversubscription = {2};
        r.keepProjects = true;
        r.tokenBudget = 15e12;
        r.name = "sample";
        const ExploreResult result = *explore(r);
        QCOMPARE(result.variants.size(), std::size_t(1));
        const VariantResult &v = result.variants[0];
        QCOMPARE(v.status, VariantStatus::Ok);
        QVERIFY(v.project);
        QCOMPARE(q(v.project->name), QStringLiteral("sample: dgx-h100 fat-tree:2 2:1"));
        QVERIFY(v.daysToTrain);
        QCOMPARE(*v.daysToTrain, 15e12 / v.tokensPerS() / 86400);
        Expected<Project> again = parseProject(projectToJson(*v.project), "variant.topoplan");
        QVERIFY2(again, again ? "" : again.error().text().c_str());
        QVERIFY(again->plan);
        QCOMPARE(*again->plan, v.best->plan);
        const Analyzer a = analyzer(again->topology);
        const Expected<AnalysisResult> reanalysed = a.analyze(*again->workload, *again->plan);
        QVERIFY(reanalysed);
        QCOMPARE(reanalysed->step.tokensPerS, v.tokensPerS());
        const Json j = toJson(result);
        QCOMPARE(j["variants"][0]["status"].get<std::string>(), std::string("ok"));
        QVERIFY(j["variants"][0]["tokens_per_s"].get<double>() > 0);
        QVERIFY(j["variants"][0]["days_to_train"].get<double>() > 0);
    }

    void progressAndCancel()
    {
        ExploreRequest r = request(256, "llama3-8b");
        r.axes.domains = {{"dgx-h100", 0}, {"hgx-h200", 0}};
        std::atomic<bool> cancel{false};
        int calls = 0, lastDone = 0;
        r.cancel = &cancel;
        r.progress = [&](int done, int total, const VariantResult &) {
            ++calls;
            lastDone = done;
            QCOMPARE(total, 12);
            if (done == 3)
                cancel = true;
        };
        r.workers = 1;
        const ExploreResult result = *explore(r);
        QVERIFY(result.cancelled);
        QCOMPARE(calls, 3);
        QCOMPARE(lastDone, 3);
        QCOMPARE(result.variants[3].status, VariantStatus::Cancelled);
        QCOMPARE(result.variants[2].status, VariantStatus::Ok);
    }

    // Repeated values of an axis count once: "1,1,2:1,2" is two ratios, two domains given
    // twice are two.
    void repeatedAxisValuesCountOnce()
    {
        ExploreAxes axes;
        axes.domains = {{"dgx-h100", 0, 0}, {"dgx-h100", 0, 0}, {"dgx-b200", 0, 0}};
        axes.fabrics = {{FabricKind::FatTree, 0}, {FabricKind::FatTree, 0}};
        axes.oversubscription = {1, 1, 2, 2.0};
        axes.switchModels = {"", ""};
        QCOMPARE(variantCount(axes, 256), 4LL);
        QCOMPARE(variantsOf(axes, 256).size(), std::size_t(4));
        QCOMPARE(withoutRepeats(axes).oversubscription, (std::vector<double>{1, 2}));
    }

    // Thousands of variants are refused before anything is built, with the count and how to
    // ask for them; asked for, they are allowed.
    void tooManyVariantsAreRefusedWithTheCount()
    {
        ExploreRequest r = request(256, "llama3-8b");
        r.axes.domains = {{"dgx-h100", 0}};
        r.axes.oversubscription.clear();
        for (int i = 0; i < 2000; ++i)
            r.axes.oversubscription.push_back(1 + i * 0.01);
        const std::optional<Error> refused = refusal(r);
        QVERIFY(refused);
        QCOMPARE(q(refused->where), QStringLiteral("--max-variants"));
        QVERIFY2(refused->message.find("the axes give 4000 designs, more than the 1000")
                         != std::string::npos,
                 refused->message.c_str());
        QVERIFY(!explore(r));
        r.maxVariants = 4000;
        QVERIFY(!refusal(r));
    }

    // A GPU count no fabric asked for reaches is refused at once (nothing is generated), with
    // the most any reaches.
    void aGpuCountBeyondEveryFabricIsRefused()
    {
        ExploreRequest r = request(1'000'000, "llama3-8b");
        r.axes.domains = {{"dgx-h100", 0}, {"gb200-nvl72", 0}};
        r.axes.switchModels = {"qm9700"};
        const std::optional<Error> refused = refusal(r);
        QVERIFY(refused);
        QVERIFY2(refused->message.find("1000000 GPUs is beyond every design asked")
                         != std::string::npos,
                 refused->message.c_str());
        // 3 tiers of 64-port switches at 4:1: 64 x 51 x 51 NIC ports, a GPU each.
        QVERIFY2(refused->message.find("about 166464 GPUs, 3 tiers of 64-port switches at 4:1")
                         != std::string::npos,
                 refused->message.c_str());
        r.gpus = 65'536;
        QVERIFY(!refusal(r));
    }

    // The memory a run takes is estimated before it starts, and a run beyond the budget is
    // refused with the estimate.
    void memoryIsEstimatedBeforeStarting()
    {
        ExploreRequest r = request(65'536, "llama3-8b");
        r.axes.domains = {{"dgx-h100", 0}};
        r.axes.fabrics = {{FabricKind::FatTree, 3}};
        r.axes.oversubscription = {1, 2, 4};
        r.workers = 2;
        const double two = estimatedMemoryBytes(r);
        QVERIFY(two > 0);
        r.workers = 1;
        QCOMPARE(estimatedMemoryBytes(r), two / 2); // one design in memory at a time
        r.keepProjects = true;
        QVERIFY(estimatedMemoryBytes(r) > two / 2); // and every one kept
        r.memoryBudgetBytes = 1e8;
        const std::optional<Error> refused = refusal(r);
        QVERIFY(refused);
        QVERIFY2(refused->message.find("needs about ") != std::string::npos
                         && refused->message.find("0.1 GB is available") != std::string::npos,
                 refused->message.c_str());
        r.memoryBudgetBytes = 1e12;
        QVERIFY(!refusal(r));
    }

    // Planes as an axis: 512 DGX H100 (4,096 NIC ports) are beyond 2 tiers of 64-port
    // switches, which reach 2,048 in one plane and twice that in two; with tiers left open the
    // single plane takes a third tier and more switches than the two planes of 2 tiers.
    void planesReachFurtherInTwoTiers()
    {
        ExploreRequest r = request(4096, "llama3-8b");
        r.axes.domains = {{"dgx-h100", 0}};
        r.axes.fabrics = {{FabricKind::RailOptimized, 2}, {FabricKind::RailOptimized, 0}};
        r.axes.planes = {1, 2};
        r.axes.oversubscription = {1};
        r.axes.switchModels = {"qm9700"};
        QCOMPARE(variantCount(r.axes, r.gpus), 4LL);
        const Expected<ExploreResult> result = explore(r);
        QVERIFY2(result, result ? "" : result.error().text().c_str());
        const VariantResult *one = find(*result, "dgx-h100 rail:2 1:1 qm9700");
        const VariantResult *two = find(*result, "dgx-h100 2-plane rail:2 1:1 qm9700");
        const VariantResult *open = find(*result, "dgx-h100 rail 1:1 qm9700");
        const VariantResult *openTwo = find(*result, "dgx-h100 2-plane rail 1:1 qm9700");
        QVERIFY(one && two && open && openTwo);
        QCOMPARE(one->status, VariantStatus::Unbuildable);
        QVERIFY2(one->message.find("use 3 tiers (--tiers 3) or planes (--planes)")
                         != std::string::npos,
                 one->message.c_str());
        QCOMPARE(two->status, VariantStatus::Ok);
        QCOMPARE(two->tiers, 2);
        QCOMPARE(two->spec.planes, 2);
        QCOMPARE(open->status, VariantStatus::Ok);
        QCOMPARE(open->tiers, 3);
        QCOMPARE(openTwo->tiers, 2);
        QVERIFY2(openTwo->switches() < open->switches(),
                 qPrintable(QStringLiteral("%1 switches in 2 planes, %2 in one of 3 tiers")
                                    .arg(openTwo->switches())
                                    .arg(open->switches())));
        // The JSON states the planes, and a merged shard reads them back.
        const Json j = toJson(*result);
        QCOMPARE(j["axes"]["planes"], Json::parse("[1, 2]"));
        for (const Json &v : j["variants"])
            if (v["label"] == "dgx-h100 2-plane rail:2 1:1 qm9700") {
                QCOMPARE(v["planes"].get<int>(), 2);
                QCOMPARE(variantFromJson(v).spec.planes, 2);
            }
        // The reach of every family asked bounds the GPU count: 8 planes of 2 tiers of
        // 64-port switches reach 16,384 NIC ports, so 40,000 GPUs are refused at once.
        r.gpus = 40'000;
        r.axes.fabrics = {{FabricKind::RailOptimized, 2}};
        r.axes.planes = {8};
        const std::optional<Error> refused = refusal(r);
        QVERIFY(refused);
        QVERIFY2(refused->message.find("about 16384 GPUs, 8 planes of 2 tiers of 64-port "
                                       "switches at 1:1")
                         != std::string::npos,
                 refused->message.c_str());
        // A rail-only fabric is a network per rail: 10,000 GPUs are within its reach (8 rails
        // of 2,048 NIC ports), though beyond one fat tree of 2 tiers.
        r.gpus = 10'000;
        r.axes.fabrics = {{FabricKind::RailOnly, 2}};
        r.axes.planes = {1};
        QVERIFY(!refusal(r));
    }

    // A run split into 4 shards and merged from their JSON is the single run: the same
    // variants, figures, Pareto front and verdicts, byte for byte.
    void fourShardsMergeIntoTheSingleRun()
    {
        ExploreRequest r = request(256, "llama3-8b");
        r.axes.domains = {{"dgx-h100", 0}, {"gb200-nvl72", 0}, {"gb200-tray", 32}};
        r.axes.oversubscription = {1, 2};
        const Expected<ExploreResult> single = explore(r);
        QVERIFY(single);
        QCOMPARE(single->variantCount, 16LL);
        std::vector<ShardFile> shards;
        for (int i = 0; i < 4; ++i) {
            r.shard = Shard{i, 4};
            const Expected<ExploreResult> part = explore(r);
            QVERIFY(part);
            QCOMPARE(part->variants.size(), std::size_t(4));
            QCOMPARE(part->indices.front(), static_cast<long long>(i));
            shards.push_back({"shard" + std::to_string(i + 1) + ".json",
                              Json::parse(dumpJson(toJson(*part), 2))});
        }
        std::swap(shards[0], shards[3]); // in any order
        const Expected<Json> merged = mergeShards(shards);
        QVERIFY2(merged, merged ? "" : merged.error().text().c_str());
        QCOMPARE(q(dumpJson(*merged, 2)), q(dumpJson(toJson(*single), 2)));

        // Every shard once: one missing or given twice is said.
        std::vector<ShardFile> three(shards.begin(), shards.begin() + 3);
        QVERIFY(!mergeShards(three));
        QVERIFY(mergeShards(three).error().message.find("is missing") != std::string::npos);
        three.push_back(shards[0]);
        QVERIFY(!mergeShards(three));
        // Shards of another run are refused, naming the file and the field.
        std::vector<ShardFile> mixed = shards;
        mixed[1].json["gpus"] = 512;
        const Expected<Json> bad = mergeShards(mixed);
        QVERIFY(!bad);
        QCOMPARE(q(bad.error().where), QStringLiteral("/gpus"));
        QCOMPARE(q(bad.error().file), q(mixed[1].file));
        QCOMPARE(q(toString(*shardFromString("2/4"))), QStringLiteral("2/4"));
        QCOMPARE(shardFromString("2/4")->index, 1);
        for (const char *badShard : {"0/4", "5/4", "4", "a/b", "1/0"})
            QVERIFY2(!shardFromString(badShard), badShard);
    }

    // The front and the verdicts weigh tokens/s against the metric asked: server power here.
    void paretoAndVerdictsAgainstServerPower()
    {
        ExploreRequest r = request(576, "llama3-70b");
        r.axes.domains = {{"dgx-h100", 0}, {"dgx-b200", 0}, {"gb200-nvl72", 0}};
        r.axes.fabrics = {{FabricKind::FatTree, 0}};
        r.axes.oversubscription = {1};
        r.against = ExploreMetric::ServerPower;
        const ExploreResult result = *explore(r);
        for (const VariantResult &v : result.variants) {
            QVERIFY(v.serverPowerKW);
            bool dominated = false;
            for (const VariantResult &u : result.variants)
                dominated = dominated
                            || (&u != &v && u.tokensPerS() >= v.tokensPerS()
                                && *u.serverPowerKW <= *v.serverPowerKW
                                && (u.tokensPerS() > v.tokensPerS()
                                    || *u.serverPowerKW < *v.serverPowerKW));
            QCOMPARE(v.pareto, !dominated);
        }
        const std::vector<std::string> said = verdicts(result);
        QVERIFY2(said[0].find(" kW of server power.") != std::string::npos, said[0].c_str());
        QVERIFY2(said[1].find("kW of server power") != std::string::npos, said[1].c_str());
        QCOMPARE(toJson(result)["against"].get<std::string>(), std::string("server-power"));
    }

    void compareGivesDeltasAgainstTheFirst()
    {
        GeneratorOptions o;
        o.nodeModel = "dgx-h100";
        o.nodes = 64;
        o.fabric = FabricKind::FatTree;
        const Project nonBlocking = generatedProject(o);
        o.oversubscription = 4;
        const Project fourToOne = generatedProject(o);
        const Comparison c
                = compareDesigns({{"a", nonBlocking}, {"b", fourToOne}}, preset("llama3-70b"));
        QCOMPARE(c.designs.size(), std::size_t(2));
        QCOMPARE(q(c.deltas[0].text), QStringLiteral("baseline"));
        QVERIFY(c.designs[0].best && c.designs[1].best);
        QCOMPARE(c.deltas[1].switches, c.designs[1].switches() - c.designs[0].switches());
        QVERIFY(c.deltas[1].switches < 0);
        QVERIFY(c.deltas[1].tokensPerSPercent);
        QVERIFY(*c.deltas[1].tokensPerSPercent <= 0.01);
        QVERIFY2(c.deltas[1].text.find(" switches") != std::string::npos, c.deltas[1].text.c_str());
        QCOMPARE(c.deltas[1].gpus, 0);
    }
};

QTEST_GUILESS_MAIN(TestExplore)
#include "tst_explore.moc"
