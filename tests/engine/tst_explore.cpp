// The design-space explorer and the design comparison: which variants are built, what a
// variant the hardware cannot build says, the Pareto front, the verdict sentences, the built
// projects as files, progress and cancel; compare's deltas.

#include "engine/explore/compare.h"
#include "engine/explore/explore.h"
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
            v.best.emplace();
            v.best->gpus = 1024;
            v.best->band.meanError = 0.09;
            v.best->band.runs = 7;
            v.best->band.family = "Hopper";
            r.variants.push_back(v);
        }
        r.variants[0].best->step.tokensPerS = 1.0e6;
        r.variants[1].best->step.tokensPerS = 0.97e6;
        std::vector<std::string> said = verdicts(r);
        QVERIFY2(said.size() >= 2 && said[1].find("too close to call") != std::string::npos
                         && said[1].find("±9 % on 7 published runs") != std::string::npos,
                 said.size() >= 2 ? said[1].c_str() : "");
        r.variants[1].best->step.tokensPerS = 0.8e6;
        said = verdicts(r);
        QVERIFY2(said[1].find("too close to call") == std::string::npos, said[1].c_str());
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
        // Every combination, domains outermost.
        const std::vector<VariantSpec> specs = variantsOf(axes);
        QCOMPARE(specs.size(), axes.domains.size() * 2 * 3);
        QCOMPARE(q(specs.front().label), q(toString(axes.domains.front()) + " rail 1:1"));
        QCOMPARE(q(specs[5].label), q(toString(axes.domains.front()) + " fat-tree 4:1"));
    }

    // 256 GPUs are not a whole number of NVL72 racks: the variant says which counts are, and
    // the run goes on.
    void aGpuCountNoRackReachesIsAMessageNotAFailure()
    {
        ExploreRequest r = request(256, "llama3-70b");
        r.axes.domains = {{"gb200-nvl72", 0}, {"dgx-h100", 0}, {"no-such-server", 0}};
        r.axes.oversubscription = {1};
        const ExploreResult result = explore(r);
        QCOMPARE(result.variants.size(), std::size_t(6));
        const VariantResult *rack = find(result, "gb200-nvl72 rail 1:1");
        QVERIFY(rack);
        QCOMPARE(rack->status, VariantStatus::Unbuildable);
        QVERIFY2(rack->message.find("3 give 216, 4 give 288") != std::string::npos,
                 rack->message.c_str());
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
        const ExploreResult result = explore(r);
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
        const ExploreResult result = explore(r);
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
        markPareto(v);
        QVERIFY(v[0].pareto);
        QVERIFY(!v[1].pareto);
        QVERIFY(v[2].pareto);
    }

    // A kept variant is a real project: it saves, loads, and gives the same best plan again.
    void keptVariantsAreProjectsThatReopen()
    {
        ExploreRequest r = request(256, "llama3-70b");
        r.axes.domains = {{"dgx-h100", 0}};
        r.axes.fabrics = {{FabricKind::FatTree, 3}};
        r.axes.oversubscription = {2};
        r.keepProjects = true;
        r.tokenBudget = 15e12;
        r.name = "sample";
        const ExploreResult result = explore(r);
        QCOMPARE(result.variants.size(), std::size_t(1));
        const VariantResult &v = result.variants[0];
        QCOMPARE(v.status, VariantStatus::Ok);
        QVERIFY(v.project);
        QCOMPARE(q(v.project->name), QStringLiteral("sample: dgx-h100 fat-tree:3 2:1"));
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
        const ExploreResult result = explore(r);
        QVERIFY(result.cancelled);
        QCOMPARE(calls, 3);
        QCOMPARE(lastDone, 3);
        QCOMPARE(result.variants[3].status, VariantStatus::Cancelled);
        QCOMPARE(result.variants[2].status, VariantStatus::Ok);
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
