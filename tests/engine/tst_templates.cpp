#include "engine/core/jsonin.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"
#include "engine/plan/analysis.h"

#include <QtTest>

using namespace topoplan;

class tst_Templates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinTemplates_data();
    void builtinTemplates();
    void sampleIsTheScalableUnit();
    void rejects_data();
    void rejects();
};

void tst_Templates::builtinTemplates_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("domains");
    QTest::addColumn<int>("leaf");
    QTest::addColumn<int>("spine");
    QTest::addColumn<int>("core");
    QTest::addColumn<QString>("preset");
    QTest::newRow("dgx-h100-su") << QStringLiteral("dgx-h100-su") << 256 << 32 << 8 << 4 << 0
                                 << QStringLiteral("gpt3-175b");
    QTest::newRow("dgx-h100-su-ra") << QStringLiteral("dgx-h100-su-ra") << 248 << 31 << 8 << 4 << 0
                                    << QStringLiteral("llama3-70b");
    QTest::newRow("dgx-a100-pod") << QStringLiteral("dgx-a100-pod") << 160 << 20 << 8 << 4 << 0
                                  << QStringLiteral("gpt3-175b");
    QTest::newRow("gb200-nvl72") << QStringLiteral("gb200-nvl72") << 576 << 8 << 8 << 4 << 0
                                 << QStringLiteral("llama3-405b");
    QTest::newRow("gb300-nvl72") << QStringLiteral("gb300-nvl72") << 576 << 8 << 8 << 4 << 0
                                 << QStringLiteral("llama3-405b");
    QTest::newRow("dgx-b300-su") << QStringLiteral("dgx-b300-su") << 576 << 72 << 8 << 4 << 0
                                 << QStringLiteral("llama3-405b");
    QTest::newRow("h100-16k") << QStringLiteral("h100-16k") << 16384 << 2048 << 512 << 512 << 256
                              << QStringLiteral("llama3-405b");
    // 8 planes of 64 leaves and 32 spines (DeepSeek, ISCA 2025, Table 3: MPFT, 768 switches).
    QTest::newRow("h800-mpft-16k") << QStringLiteral("h800-mpft-16k") << 16384 << 2048 << 512 << 256
                                   << 0 << QStringLiteral("llama3-405b");
    // A Q3400 a rail: 8 racks x 18 NICs = 144 ports, all down.
    QTest::newRow("gb200-nvl72-rail-only") << QStringLiteral("gb200-nvl72-rail-only") << 576 << 8
                                           << 4 << 0 << 0 << QStringLiteral("llama3-405b");
}

void tst_Templates::builtinTemplates()
{
    QFETCH(QString, id);
    QFETCH(int, gpus);
    QFETCH(int, domains);
    QFETCH(int, leaf);
    QFETCH(int, spine);
    QFETCH(int, core);
    QFETCH(QString, preset);

    const ProjectTemplate *t = findTemplate(id.toStdString());
    QVERIFY(t);
    QVERIFY(!t->title.empty());
    QVERIFY(!t->description.empty());
    Expected<Project> p = instantiate(*t);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    QCOMPARE(QString::fromStdString(p->name), QString::fromStdString(t->title));
    QVERIFY(p->workload && p->plan);
    QCOMPARE(QString::fromStdString(p->workload->model.name), preset);
    QVERIFY(!validateTopology(p->topology, Catalog::builtin(), id.toStdString()));
    Expected<TopologySummary> s = summarize(p->topology, Catalog::builtin());
    QVERIFY(s.ok());
    QCOMPARE(s->gpus, gpus);
    QCOMPARE(s->domains, domains);
    QCOMPARE(s->leaf, leaf);
    QCOMPARE(s->spine, spine);
    QCOMPARE(s->core, core);
    // A template is a sound starting point: its plan is valid, fits in memory and draws no
    // error-level diagnostic.
    Expected<Analyzer> analyzer = Analyzer::create(p->topology);
    QVERIFY(analyzer.ok());
    Expected<AnalysisResult> r = analyzer->analyze(*p->workload, *p->plan);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().text().c_str());
    QVERIFY(r->step.memory.fits);
    for (const Diagnostic &d : r->diagnostics)
        QVERIFY2(d.severity != Severity::Error, d.message.c_str());
    // Every device is laid out.
    for (const Node &n : p->topology.nodes)
        QVERIFY(p->layout.items.count(n.id));
    for (const Switch &sw : p->topology.switches)
        QVERIFY(p->layout.items.count(sw.id));
}

void tst_Templates::sampleIsTheScalableUnit()
{
    const ProjectTemplate *t = findTemplate(kSampleTemplateId);
    QVERIFY(t);
    QCOMPARE(t->options.nodeModel, std::string("dgx-h100"));
    QCOMPARE(t->options.nodes, 32);
    QCOMPARE(t->plan->tp, 8);
    QCOMPARE(t->plan->pp, 8);
}

void tst_Templates::rejects_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    QTest::newRow("no list") << QStringLiteral(R"({})") << QStringLiteral("/")
                             << QStringLiteral("missing required member \"templates\"");
    QTest::newRow("bad fabric") << QStringLiteral(
            R"({"templates": [{"id": "a", "title": "A", "generate": {"node": "dgx-h100", "nodes": 2, "fabric": "torus"}}]})")
                                << QStringLiteral("/templates/0/generate/fabric")
                                << QStringLiteral(
                                           "expected none, fat-tree, rail-optimized or rail-only");
    QTest::newRow("bad preset") << QStringLiteral(
            R"({"templates": [{"id": "a", "title": "A", "generate": {"node": "dgx-h100", "nodes": 2}, "workload_preset": "gpt5"}]})")
                                << QStringLiteral("/templates/0/workload_preset")
                                << QStringLiteral("unknown preset");
    QTest::newRow("duplicate") << QStringLiteral(
            R"({"templates": [{"id": "a", "title": "A", "generate": {"node": "x", "nodes": 1}}, {"id": "a", "title": "B", "generate": {"node": "x", "nodes": 1}}]})")
                               << QStringLiteral("/templates/1/id")
                               << QStringLiteral("duplicate template id");
    QTest::newRow("training without preset") << QStringLiteral(
            R"({"templates": [{"id": "a", "title": "A", "generate": {"node": "x", "nodes": 1}, "training": {"interleave": 2}}]})")
                                             << QStringLiteral("/templates/0/training")
                                             << QStringLiteral("need a workload_preset");
    QTest::newRow("bad training override") << QStringLiteral(
            R"({"templates": [{"id": "a", "title": "A", "generate": {"node": "x", "nodes": 1}, "workload_preset": "gpt3-175b", "training": {"recompute": "some"}}]})")
                                           << QStringLiteral("/templates/0/training")
                                           << QStringLiteral(
                                                      "expected one of none, selective, full");
    QTest::newRow("typo") << QStringLiteral(
            R"({"templates": [{"id": "a", "title": "A", "generate": {"node": "x", "nodes": 1, "tier": 3}}]})")
                          << QStringLiteral("/templates/0/generate/tier")
                          << QStringLiteral("unknown member");
}

void tst_Templates::rejects()
{
    QFETCH(QString, json);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Json doc = Json::parse(json.toStdString());
    auto t = parseTemplates(JsonIn(doc, "t.json"));
    QVERIFY(!t.ok());
    QCOMPARE(QString::fromStdString(t.error().file), QStringLiteral("t.json"));
    QCOMPARE(QString::fromStdString(t.error().where), where);
    QVERIFY2(QString::fromStdString(t.error().message).contains(message),
             t.error().message.c_str());
}

QTEST_GUILESS_MAIN(tst_Templates)
#include "tst_templates.moc"
