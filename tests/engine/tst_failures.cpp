// What-if failures: the failure marks in the file and in property edits, routing around a
// failed spine, a failed leaf that cuts servers off, a failed NIC whose GPUs fall back to
// another NIC, a failed server's GPUs, unknown ids, and the N-1 ranking.

#include "engine/edit/propertyedit.h"
#include "engine/explore/failures.h"
#include "engine/io/projectfile.h"
#include "tests/engine/analysisfixtures.h"
#include "tests/engine/clirun.h"

#include <QtTest>

#include <algorithm>
#include <new>
#include <regex>

using namespace topoplan;
using namespace topoplan::fixtures;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

Project projectOf(Topology t)
{
    Project p;
    p.name = "failures";
    p.topology = std::move(t);
    return p;
}

// 16 DGX H100 on a 2-tier fat tree: four leaves, two spines, each leaf with 16 cables to each.
Project fatTree16()
{
    return projectOf(fatTree(16, 2));
}

Workload job()
{
    return preset("llama3-70b");
}

const DimensionLoss *lossOf(const FailureImpact &i, Dim d)
{
    for (const DimensionLoss &l : i.dimensions) {
        if (l.dim == d)
            return &l;
    }
    return nullptr;
}

const N1Row *rowOfId(const N1Result &r, const std::string &id)
{
    for (const N1Row &row : r.rows) {
        if (row.element.id == id)
            return &row;
    }
    return nullptr;
}

bool contains(const std::string &text, const std::string &what)
{
    return text.find(what) != std::string::npos;
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos;
         start = end + 1, end = text.find('\n', start))
        out.push_back(text.substr(start, end - start));
    return out;
}

} // namespace

class TestFailures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // What --fail and --n-1 print names devices, links and fabric paths as the canvas does
    // ("leaf 1", "dgx-01 rails 1-4 - leaf 1 ports 0-3"), never by the file's ids; --json keeps
    // the ids.
    void textSaysNamesNotIds()
    {
        const std::string su = TOPOPLAN_SOURCE_DIR "tests/data/projects/h100-su.topoplan";
        const fixtures::CliRun fail = fixtures::runCli({"analyze", su, "--fail", "leaf-1,spine-1"});
        QVERIFY2(fail.code == 0, fail.err.c_str());
        QVERIFY2(contains(fail.out, "what-if with leaf 1 (switch), spine 1 (switch) failed"),
                 fail.out.c_str());
        const std::regex id("(^|[ (,])(leaf|spine|link|node)-[0-9]+([ ,)/]|$)");
        for (const std::string &line : lines(fail.out))
            QVERIFY2(!std::regex_search(line, id), line.c_str());
        const fixtures::CliRun n1 = fixtures::runCli({"analyze", su, "--n-1", "--top", "8"});
        QVERIFY2(n1.code == 0, n1.err.c_str());
        for (const std::string &line : lines(n1.out))
            QVERIFY2(!std::regex_search(line, id), line.c_str());
        QVERIFY2(contains(n1.out, " - leaf "), n1.out.c_str());
        const fixtures::CliRun json
                = fixtures::runCli({"analyze", su, "--fail", "leaf-1", "--json"});
        QVERIFY2(contains(json.out, "\"id\": \"leaf-1\""), json.out.c_str());
    }

    void fileKeepsFailureMarks()
    {
        Project p = generatedProject("dgx-h100", 4);
        const std::string intact = serializeProject(p);
        QVERIFY(intact.find("failed") == std::string::npos); // old files stay byte-identical

        p.topology.links[0].failed = true;
        p.topology.switches[0].failed = true;
        p.topology.nodes[1].failed = true;
        p.topology.nodes[2].failedNics = {3, 5};
        const std::string text = serializeProject(p);
        QVERIFY(text.find("\"failed\": true") != std::string::npos);
        QCOMPARE(projectToJson(p)["topology"]["nodes"][2]["failed_nics"], Json({3, 5}));
        Expected<Json> doc = parseJson(text, "marks.topoplan");
        QVERIFY(doc);
        Expected<Project> back = parseProject(*doc, "marks.topoplan");
        QVERIFY2(back, back ? "" : back.error().text().c_str());
        QVERIFY(back->topology == p.topology);
        QCOMPARE(serializeProject(*back), text);

        // Repairing everything gives back the intact file, byte for byte.
        back->topology.links[0].failed = false;
        back->topology.switches[0].failed = false;
        back->topology.nodes[1].failed = false;
        back->topology.nodes[2].failedNics.clear();
        QCOMPARE(serializeProject(*back), intact);
    }

    void refusesBadFailureMarks_data()
    {
        QTest::addColumn<QByteArray>("edit");
        QTest::addColumn<QByteArray>("where");
        QTest::addColumn<QByteArray>("message");
        auto row = [](const char *name, const char *edit, const char *where, const char *message) {
            QTest::newRow(name) << QByteArray(edit) << QByteArray(where) << QByteArray(message);
        };
        row("nic the server lacks", "nic9", "/topology/nodes/0/failed_nics/0", "there is no NIC 9");
        row("nic twice", "nic-twice", "/topology/nodes/0/failed_nics/1", "listed as failed twice");
        row("negative nic", "nic-negative", "/topology/nodes/0/failed_nics/0",
            "expected a compute NIC index >= 0");
        row("not a boolean", "link-string", "/topology/links/0/failed", "expected true or false");
    }

    void refusesBadFailureMarks()
    {
        QFETCH(QByteArray, edit);
        QFETCH(QByteArray, where);
        QFETCH(QByteArray, message);
        Json doc = projectToJson(generatedProject("dgx-h100", 2));
        Json &node = doc["topology"]["nodes"][0];
        if (edit == "nic9")
            node["failed_nics"] = {9};
        else if (edit == "nic-twice")
            node["failed_nics"] = {2, 2};
        else if (edit == "nic-negative")
            node["failed_nics"] = {-1};
        else
            doc["topology"]["links"][0]["failed"] = "yes";
        Expected<Project> p = parseProject(doc, "bad.topoplan");
        QVERIFY(!p);
        QCOMPARE(QByteArray(p.error().where.c_str()), where);
        QVERIFY2(QByteArray(p.error().message.c_str()).contains(message),
                 p.error().message.c_str());
    }

    void propertyEditMarksAndRepairs()
    {
        const Topology t = generatedProject("dgx-h100", 2).topology;
        const std::string link = t.links[0].id, sw = t.switches[0].id, node = t.nodes[0].id;
        Expected<TopologyEdit> mark
                = editProperty(t, Catalog::builtin(), {link, sw, node}, Property::Failed, "true");
        QVERIFY(mark);
        QCOMPARE(int(mark->links.size()), 1);
        QCOMPARE(int(mark->switches.size()), 1);
        QCOMPARE(int(mark->nodes.size()), 1);
        QVERIFY(mark->links[0].failed && mark->switches[0].failed && mark->nodes[0].failed);
        Topology marked = t;
        applyEdit(marked, *mark);
        Expected<TopologyEdit> repair
                = editProperty(marked, Catalog::builtin(), {link}, Property::Failed, "false");
        QVERIFY(repair);
        QVERIFY(!repair->links.at(0).failed);

        QVERIFY(!editProperty(t, Catalog::builtin(), {link}, Property::Failed, "maybe"));
        Expected<TopologyEdit> nics
                = editProperty(t, Catalog::builtin(), {node}, Property::FailedNics, "5, 1");
        QVERIFY(nics);
        QCOMPARE(nics->nodes.at(0).failedNics, (std::vector<int>{1, 5}));
        Expected<TopologyEdit> tooMany
                = editProperty(t, Catalog::builtin(), {node}, Property::FailedNics, "8");
        QVERIFY(!tooMany);
        QCOMPARE(q(tooMany.error().where), QStringLiteral("/topology/nodes/0/failed_nics/0"));
    }

    void routesAroundFailedSpine()
    {
        // Two leaves of four servers each, joined by one cable to each of two spines: the DP
        // rings between the leaves fill those two cables; without spine-1 they share one.
        TopologyBuilder b;
        const std::string leaf1 = b.addSwitch("qm9700", Tier::Leaf);
        const std::string leaf2 = b.addSwitch("qm9700", Tier::Leaf);
        const std::string spine1 = b.addSwitch("qm9700", Tier::Spine);
        const std::string spine2 = b.addSwitch("qm9700", Tier::Spine);
        for (int n = 0; n < 8; ++n) {
            const std::string node = b.node("dgx-h100");
            for (int k = 0; k < 8; ++k)
                b.cable(node, k, n < 4 ? leaf1 : leaf2, "ib-ndr");
        }
        for (const std::string &leaf : {leaf1, leaf2}) {
            b.bundle(leaf, spine1, "ib-ndr", 1);
            b.bundle(leaf, spine2, "ib-ndr", 1);
        }
        const Project p = projectOf(b.topology);
        QCOMPARE(q(spine1), QStringLiteral("spine-1"));
        Expected<FailureImpact> i
                = analyzeFailures(p, Catalog::builtin(), {"spine-1"}, job(), plan(8));
        QVERIFY2(i, i ? "" : i.error().text().c_str());
        QCOMPARE(i->gpusAfter, i->gpusBefore);
        QVERIFY(i->degraded);
        const DimensionLoss *dp = lossOf(*i, Dim::DP);
        QVERIFY(dp);
        QCOMPARE(dp->groupsDisconnected, 0); // the other spine still joins every leaf
        QVERIFY2(dp->busbwAfter < dp->busbwBefore * 0.75,
                 qPrintable(QStringLiteral("%1 -> %2").arg(dp->busbwBefore).arg(dp->busbwAfter)));
        QVERIFY(dp->busbwAfter > 0);
        QVERIFY(i->tokensAfter > 0);
        QVERIFY(i->tokensAfter <= i->tokensBefore);
        // The degraded graph really has no edge at the failed switch.
        Expected<Project> failed = withFailed(p, {"spine-1"});
        QVERIFY(failed);
        const Analyzer a = analyzer(failed->topology);
        const std::optional<VertexId> spine = a.graph().findVertex("spine-1");
        QVERIFY(spine);
        for (std::size_t e = 0; e < a.graph().edgeCount(); ++e) {
            QVERIFY(a.graph().source(e) != *spine);
            QVERIFY(a.graph().target(e) != *spine);
        }
    }

    void failedLeafCutsServersOff()
    {
        // leaf-1 holds every NIC of node-1 .. node-4: nothing else reaches them.
        Expected<FailureImpact> i
                = analyzeFailures(fatTree16(), Catalog::builtin(), {"leaf-1"}, job(), plan(8));
        QVERIFY(i);
        QVERIFY(i->degraded);
        const DimensionLoss *dp = lossOf(*i, Dim::DP);
        QVERIFY(dp);
        QVERIFY(dp->groupsDisconnected > 0);
        QCOMPARE(dp->drop(), 1.0);
        QCOMPARE(i->tokensAfter, 0.0);
        QCOMPARE(i->lossFraction(), 1.0);
        const auto &diags = i->degraded->diagnostics;
        QVERIFY(std::any_of(diags.begin(), diags.end(),
                            [](const Diagnostic &d) { return d.severity == Severity::Error; }));
    }

    void failedNicFallsBackToAnotherNic()
    {
        const Project p = projectOf(railOptimized(8, 8, 4, 32));
        Expected<FailureImpact> i
                = analyzeFailures(p, Catalog::builtin(), {"node-2/nic3"}, job(), plan(8));
        QVERIFY2(i, i ? "" : i.error().text().c_str());
        QCOMPARE(i->gpusAfter, i->gpusBefore);
        const DimensionLoss *dp = lossOf(*i, Dim::DP);
        QVERIFY(dp);
        QCOMPARE(dp->groupsDisconnected, 0); // GPU 3 of node-2 uses a neighbouring NIC
        QVERIFY(dp->busbwAfter < dp->busbwBefore);

        Expected<Project> failed = withFailed(p, {"node-2/nic3"});
        QVERIFY(failed);
        QCOMPARE(failed->topology.nodes[1].failedNics, (std::vector<int>{3}));
        const Analyzer a = analyzer(failed->topology);
        const std::optional<VertexId> gpu = a.graph().findVertex("node-2/gpu3");
        QVERIFY(gpu);
        const std::optional<VertexId> nic = a.graph().nicOf(*gpu);
        QVERIFY(nic);
        QCOMPARE(q(a.graph().vertex(*nic).id), QStringLiteral("node-2/nic2"));
    }

    void failedServerLosesItsGpus()
    {
        Expected<FailureImpact> i
                = analyzeFailures(fatTree16(), Catalog::builtin(), {"node-5"}, job(), plan(8));
        QVERIFY2(i, i ? "" : i.error().text().c_str());
        QCOMPARE(i->gpusBefore, 128);
        QCOMPARE(i->gpusAfter, 120);
        // dp 16 -> 15 does not divide the global batch: the plan no longer runs, and the
        // planner's best on the 120 GPUs left says what the design still gives.
        if (i->degraded) {
            QCOMPARE(i->degraded->gpus, 120);
        } else {
            QVERIFY(i->planError);
            QVERIFY(i->replanned);
            QCOMPARE(i->replanned->gpus, 120);
            QVERIFY(i->tokensAfter > 0);
        }
        QVERIFY(i->tokensAfter < i->tokensBefore);
    }

    void unknownIdsAreNamed()
    {
        const Project p = fatTree16();
        Expected<Project> unknown = withFailed(p, {"leaf-1", "spine-9"});
        QVERIFY(!unknown);
        QCOMPARE(q(unknown.error().where), QStringLiteral("spine-9"));
        QVERIFY(q(unknown.error().message).contains(QStringLiteral("\"spine-9\"")));
        Expected<Project> nic = withFailed(p, {"node-1/nic8"});
        QVERIFY(!nic);
        QVERIFY(q(nic.error().message)
                        .contains(QStringLiteral("compute NICs 0 to 7: there is no NIC 8")));
        QVERIFY(!withFailed(p, {"node-1/nicX"}));
    }

    void n1RanksElementsOnGeneratedFabric()
    {
        // A rail-optimized SU: DP rings stay on their rail's leaf, so a spine costs nothing; a
        // leaf's GPUs fall back to the next rail's NICs, sharing them, and so does one NIC's
        // GPU: the slowest DP group runs at half speed either way, and the leaf, which takes
        // more cables away, ranks first.
        const Project p = generatedProject("dgx-h100", 16);
        N1Options o;
        o.workers = 2;
        int progressCalls = 0;
        o.progress = [&](int done, int total) {
            QVERIFY(done <= total);
            ++progressCalls;
        };
        Expected<N1Result> r = analyzeN1(p, Catalog::builtin(), job(), plan(8), o);
        QVERIFY2(r, r ? "" : r.error().text().c_str());
        QVERIFY(!r->cancelled);
        int nics = 0;
        for (const Node &n : p.topology.nodes)
            nics += Catalog::builtin().server(n.model)->nics;
        QCOMPARE(int(r->rows.size()),
                 int(p.topology.switches.size() + p.topology.links.size()) + nics);
        QCOMPARE(progressCalls, r->reanalysed);
        for (std::size_t i = 1; i < r->rows.size(); ++i)
            QVERIFY(std::llround(r->rows[i - 1].lossFraction * 1e4)
                    >= std::llround(r->rows[i].lossFraction * 1e4));

        const N1Row &worst = r->rows.front();
        QVERIFY2(worst.lossFraction > 0, worst.element.id.c_str());
        QVERIFY2(worst.element.kind == FailureKind::Switch,
                 qPrintable(QStringLiteral("%1 %2 vs %3 %4")
                                    .arg(q(worst.element.id))
                                    .arg(worst.lossFraction, 0, 'g', 17)
                                    .arg(q(rowOfId(*r, "leaf-1")->element.id))
                                    .arg(rowOfId(*r, "leaf-1")->lossFraction, 0, 'g', 17)));
        QVERIFY(q(worst.element.id).startsWith(QStringLiteral("leaf")));
        QVERIFY(worst.hit);
        QCOMPARE(*worst.hit, Dim::DP);
        QVERIFY(worst.busbwAfter < worst.busbwBefore);

        for (const N1Row &row : r->rows) {
            if (q(row.element.id).startsWith(QStringLiteral("spine"))) {
                QCOMPARE(row.lossFraction, 0.0);
                QVERIFY(!row.reanalysed);
            }
        }
        // A NIC with one cable and that cable fail the same way: one analysis for both.
        auto rowOf = [&](const std::string &id) {
            return std::find_if(r->rows.begin(), r->rows.end(),
                                [&](const N1Row &x) { return x.element.id == id; });
        };
        const auto nic = rowOf("node-1/nic0");
        QVERIFY(nic != r->rows.end());
        QVERIFY(nic->reanalysed);
        QVERIFY(nic->lossFraction > 0);
        QVERIFY(std::llround(nic->lossFraction * 1e4) <= std::llround(worst.lossFraction * 1e4));
        const auto cable
                = std::find_if(p.topology.links.begin(), p.topology.links.end(), [](const Link &l) {
                      return l.a.device == "node-1" && l.a.port == 0;
                  });
        QVERIFY(cable != p.topology.links.end());
        const auto link = rowOf(cable->id);
        QVERIFY(link != r->rows.end());
        QCOMPARE(link->lossFraction, nic->lossFraction);
        QCOMPARE(link->busbwAfter, nic->busbwAfter);
        int nicRows = 0;
        for (const N1Row &row : r->rows)
            nicRows += row.element.kind == FailureKind::Nic;
        QCOMPARE(nicRows, nics);
        QVERIFY(r->reanalysed < int(r->rows.size()) - nicRows);

        const Json j = toJson(*r);
        QCOMPARE(j["rows"].size(), r->rows.size());
        QCOMPARE(q(j["rows"][0]["id"].get<std::string>()), q(worst.element.id));
        QCOMPARE(q(j["rows"][0]["dim"].get<std::string>()), QStringLiteral("dp"));
    }

    void n1AlikeFailuresCostWhatTheirOwnAnalysisSays_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("fabric");
        QTest::addColumn<int>("tiers");
        QTest::addColumn<int>("planes");
        QTest::addColumn<int>("pp");
        const int rail = int(FabricKind::RailOptimized), fat = int(FabricKind::FatTree);
        QTest::newRow("rail-optimized, 2 tiers")
                << QStringLiteral("dgx-h100") << 48 << rail << 2 << 1 << 3;
        QTest::newRow("fat tree 2:1, 2 tiers")
                << QStringLiteral("dgx-h100") << 40 << fat << 2 << 1 << 5;
        QTest::newRow("rail-optimized, 3 tiers")
                << QStringLiteral("dgx-h100") << 64 << rail << 3 << 1 << 8;
        QTest::newRow("2 planes of rails")
                << QStringLiteral("dgx-h100") << 32 << rail << 2 << 2 << 4;
        QTest::newRow("rail-only")
                << QStringLiteral("dgx-h100") << 32 << int(FabricKind::RailOnly) << 2 << 1 << 4;
        QTest::newRow("gb200 racks") << QStringLiteral("gb200-nvl72") << 4 << rail << 2 << 1 << 9;
    }

    // N-1 analyses one failure of each class of alike ones (alike.h). Every element must get
    // the figures its own analysis gives: the same run with every element analysed (no rounds
    // of refinement) is the reference, on designs with partial scalable units, a pipeline
    // whose stages end mid-unit, planes, rail-only rails and NVL72 racks.
    void n1AlikeFailuresCostWhatTheirOwnAnalysisSays()
    {
        QFETCH(QString, model);
        QFETCH(int, nodes);
        QFETCH(int, fabric);
        QFETCH(int, tiers);
        QFETCH(int, planes);
        QFETCH(int, pp);
        GeneratorOptions g;
        g.nodeModel = model.toStdString();
        g.nodes = nodes;
        g.fabric = FabricKind(fabric);
        g.tiers = tiers;
        g.planes = planes;
        if (g.fabric == FabricKind::FatTree)
            g.oversubscription = 2;
        if (tiers == 3) {
            // Small switches, so that 64 servers need a third tier.
            g.leaf = g.spine = g.core = "qm8700";
        }
        const Project p = generatedProject(g);
        const Plan pl = plan(model == u"gb200-nvl72" ? 4 : 8, pp);
        N1Options every;
        every.alikeRounds = 0;
        Expected<N1Result> reference = analyzeN1(p, Catalog::builtin(), job(), pl, every);
        QVERIFY2(reference, reference ? "" : reference.error().text().c_str());
        QCOMPARE(reference->alike, 0);
        Expected<N1Result> r = analyzeN1(p, Catalog::builtin(), job(), pl, N1Options{});
        QVERIFY2(r, r ? "" : r.error().text().c_str());
        QCOMPARE(r->rows.size(), reference->rows.size());
        QVERIFY2(r->alike > 0 && r->reanalysed < reference->reanalysed,
                 qPrintable(QStringLiteral("%1 alike, %2 of %3 analysed")
                                    .arg(r->alike)
                                    .arg(r->reanalysed)
                                    .arg(reference->reanalysed)));
        for (const N1Row &own : reference->rows) {
            const N1Row *row = rowOfId(*r, own.element.id);
            QVERIFY(row);
            const QString what = q(own.element.id) + QStringLiteral(" as ") + q(row->sameAs);
            QVERIFY2(std::abs(row->tokensPerS - own.tokensPerS) <= 1e-6 * own.tokensPerS,
                     qPrintable(what
                                + QStringLiteral(": %1 tokens/s, its own analysis %2")
                                          .arg(row->tokensPerS, 0, 'f', 3)
                                          .arg(own.tokensPerS, 0, 'f', 3)));
            QVERIFY2(row->hit == own.hit, qPrintable(what));
            QCOMPARE(row->groupsDisconnected, own.groupsDisconnected);
            QVERIFY2(std::abs(row->busbwAfter - own.busbwAfter) <= 1e-6 * own.busbwBefore,
                     qPrintable(what));
            if (row->sameAs.empty()) {
                QCOMPARE(q(row->newBottleneck), q(own.newBottleneck));
            } else {
                QVERIFY(row->newBottleneck.empty());
                QVERIFY(rowOfId(*r, row->sameAs)->sameAs.empty());
            }
        }
    }

    void n1StopsWhenCancelled()
    {
        const Project p = generatedProject("dgx-h100", 16);
        N1Options o;
        o.workers = 1;
        int calls = 0;
        o.cancelled = [&] {
            return ++calls > 3;
        };
        Expected<N1Result> r = analyzeN1(p, Catalog::builtin(), job(), plan(8), o);
        QVERIFY(r);
        QVERIFY(r->cancelled);
        QCOMPARE(r->reanalysed, 3);
    }

    void n1AllocationFailureIsAnError()
    {
        // Memory running out in a worker (here: where the worker reports its progress) stops
        // every worker and comes back as an error; it must never end the process.
        const Project p = generatedProject("dgx-h100", 16);
        for (int workers : {1, 2}) {
            N1Options o;
            o.workers = workers;
            o.progress = [](int done, int) {
                if (done == 2)
                    throw std::bad_alloc();
            };
            Expected<N1Result> r = analyzeN1(p, Catalog::builtin(), job(), plan(8), o);
            QVERIFY(!r);
            QVERIFY2(r.error().message.find("ran out of memory") != std::string::npos,
                     r.error().text().c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestFailures)
#include "tst_failures.moc"
