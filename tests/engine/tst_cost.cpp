// The cost and power of a design (engine/document/cost.h): the bill of materials' counts priced
// by the user's price book and powered by the catalog's datasheet figures; the price file as
// `--prices FILE` reads it; the BOM's columns, the report's section and analyze --json.

#include "engine/core/jsonin.h"
#include "engine/document/cost.h"
#include "engine/document/documents.h"
#include "engine/document/growth.h"
#include "engine/document/report.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"

#include "tests/engine/clirun.h"
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <set>

using namespace topoplan;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// Four DGX H100 on a rail-optimized NDR fabric of QM9700 (8 rail leaves, 4 spines): 288
// multimode cables, 272 twin-port transceivers at the switches and 16 at the NICs.
Project fourDgx()
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 4;
    o.fabric = FabricKind::RailOptimized;
    o.name = "four DGX H100";
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    return *p;
}

// Every part of fourDgx() priced, energy and amortization stated.
const char *const kPrices = R"({"format": "topoplan-catalog", "version": 1,
  "prices": {"currency": "USD", "source": "a test book",
             "servers": {"dgx-h100": {"price": 300000, "source": "quote 1"}},
             "switches": {"qm9700": 30000},
             "transceivers": {"osfp-2x400g-sr4": 1000},
             "cables": {"mmf": 100},
             "energy_per_kwh": 0.1, "amortization_years": 4}})";

// The QM9700 with a power figure, as a project's catalog section states it (the shipped entry
// has none: no published figure was found).
Json qm9700WithPower()
{
    return Json::parse(R"({"switches": [{"id": "qm9700", "name": "NVIDIA Quantum-2 QM9700",
        "protocol": "infiniband", "ports": 64, "port_gbit_s": 400, "medium": "ib-ndr",
        "latency_ns": 150, "sharp": true, "power_w": 1000, "source": "test figure"}]})");
}

std::string writeFile(const QTemporaryDir &dir, const char *name, const std::string &text)
{
    const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
    std::ofstream(path) << text;
    return path;
}

const CostItem *item(const DesignCost &d, const std::string &id)
{
    for (const CostItem &i : d.items)
        if (i.id == id)
            return &i;
    return nullptr;
}

} // namespace

class TestCost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void withoutPricesCountsAndPowerOnly();
    void pricedDesign();
    void priceFileErrorsNameFileAndPath_data();
    void priceFileErrorsNameFileAndPath();
    void priceFileReplacesTheProjectsBook();
    void bomCarriesPowerAndPriceColumns();
    void reportHasACostSection();
    void analyzeJsonCarriesTheCost();
    void fullSpinesLeaveNoHeadroom();
    void freeSpinePortsTakeMoreUnits();
    void oneTierGrowsByServers();
};

void TestCost::withoutPricesCountsAndPowerOnly()
{
    const Project p = fourDgx();
    Expected<DesignCost> d = designCost(p, Catalog::builtin(), 10000);
    QVERIFY2(d.ok(), d ? "" : d.error().text().c_str());
    QCOMPARE(int(d->items.size()), 4);
    const CostItem *servers = item(*d, "dgx-h100");
    QVERIFY(servers);
    QCOMPARE(servers->count, 4LL);
    QCOMPARE(*servers->unitPowerW, 10200.0); // the DGX H100 datasheet's 10.2 kW
    const CostItem *optics = item(*d, "osfp-2x400g-sr4");
    QVERIFY(optics);
    QCOMPARE(optics->count, 288LL); // the BOM's 272 switch-end + 16 NIC-end transceivers
    QCOMPARE(*optics->unitPowerW, 17.0);
    QCOMPARE(item(*d, "mmf")->count, 288LL);
    QCOMPARE(*item(*d, "mmf")->unitPowerW, 0.0);
    QCOMPARE(item(*d, "qm9700")->count, 12LL);
    QVERIFY(!item(*d, "qm9700")->unitPowerW); // no published figure: said, not guessed
    // No prices: no capital cost, no cost per token, and every item listed as unpriced.
    QVERIFY(std::isnan(d->capex()));
    QVERIFY(std::isnan(d->networkShare()));
    QVERIFY(std::isnan(d->costPerMillionTokens()));
    QCOMPARE(int(d->unpriced().size()), 4);
    QCOMPARE(d->itPowerW(), 4 * 10200.0 + 288 * 17.0);
    QVERIFY(!d->itPowerComplete());
    QCOMPARE(d->unpowered(), std::vector<std::string>{"12 x qm9700 (switches)"});
    const Json j = designCostJson(*d);
    QVERIFY(!j["capex"].contains("total"));
    QCOMPARE(j["it_power_kw"].get<double>(), 45.696);
    QCOMPARE(j["unpriced"].size(), std::size_t(4));
    const std::vector<std::string> lines = designCostLines(*d);
    QCOMPARE(q(lines.front()),
             QStringLiteral("capital cost: not stated, the price book has no price for 4 of 4 "
                            "items"));
}

void TestCost::pricedDesign()
{
    Project p = fourDgx();
    p.catalogOverrides = qm9700WithPower();
    QTemporaryDir dir;
    Expected<Project> priced = withPriceFile(p, writeFile(dir, "book.json", kPrices));
    QVERIFY2(priced.ok(), priced ? "" : priced.error().text().c_str());
    Expected<Catalog> c = projectCatalog(*priced);
    QVERIFY(c.ok());
    Expected<DesignCost> d = designCost(*priced, *c, 10000);
    QVERIFY(d.ok());
    // 4 x 300,000 + 12 x 30,000 + 288 x 1,000 + 288 x 100
    QCOMPARE(d->capex(), 1876800.0);
    QCOMPARE(d->total(CostCategory::Compute).capex, 1200000.0);
    QCOMPARE(d->network().capex, 676800.0);
    QCOMPARE(d->total(CostCategory::Optics).capex, 288000.0);
    QVERIFY(qAbs(d->networkShare() - 676800.0 / 1876800.0) < 1e-12);
    // 40.8 kW of servers, 12 kW of switches, 4.896 kW of optics
    QVERIFY(d->itPowerComplete());
    QCOMPARE(d->itPowerW(), 57696.0);
    QVERIFY(qAbs(d->tokensPerSPerMW() - 10000 / 0.057696) < 1e-6);
    // Capital over 4 years of 8,766 hours plus 57.696 kW at 0.1 USD/kWh, per 36 M tokens an hour.
    const double perHour = 1876800.0 / (4 * 8766.0) + 57.696 * 0.1;
    QVERIFY(qAbs(d->costPerMillionTokens() - perHour / 36.0) < 1e-9);
    QVERIFY(qAbs(d->costPerMillionTokens() - 1.647072) < 1e-6);
    QVERIFY(d->unpriced().empty());
    const Json j = designCostJson(*d);
    QCOMPARE(j["capex"]["total"].get<double>(), 1876800.0);
    QCOMPARE(j["capex"]["network"].get<double>(), 676800.0);
    QCOMPARE(j["currency"].get<std::string>(), std::string("USD"));
    QCOMPARE(q(designCostLines(*d).front()),
             QStringLiteral("capital cost 1.88 M USD: compute 1.2 M USD, network 677 k USD "
                            "(36.1 %; switches 360 k USD, optics 288 k USD, cables 28.8 k USD)"));
}

void TestCost::priceFileErrorsNameFileAndPath_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");
    QTest::newRow("negative") << R"({"prices": {"switches": {"qm9700": -5}}})"
                              << "/prices/switches/qm9700";
    QTest::newRow("unknown server") << R"({"prices": {"servers": {"dgx-z1": 5}}})"
                                    << "/prices/servers/dgx-z1";
    QTest::newRow("not a number") << R"({"prices": {"energy_per_kwh": "cheap"}})"
                                  << "/prices/energy_per_kwh";
    QTest::newRow("hardware section") << R"({"prices": {}, "servers": []})"
                                      << "/servers";
}

void TestCost::priceFileErrorsNameFileAndPath()
{
    QFETCH(QString, text);
    QFETCH(QString, where);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "bad.json", text.toStdString());
    Expected<Project> p = withPriceFile(fourDgx(), path);
    QVERIFY(!p);
    QCOMPARE(q(p.error().file), q(path));
    QCOMPARE(q(p.error().where), where);
}

void TestCost::priceFileReplacesTheProjectsBook()
{
    // A project keeps its book in its "catalog" section; a price file replaces it whole, and
    // the project's hardware entries stay.
    Project p = fourDgx();
    p.catalogOverrides = qm9700WithPower();
    p.catalogOverrides["prices"] = Json::parse(R"({"servers": {"dgx-h100": 1}})");
    QTemporaryDir dir;
    Expected<Project> priced
            = withPriceFile(p, writeFile(dir, "b.json", R"({"prices": {"cables": {"mmf": 7}}})"));
    QVERIFY(priced.ok());
    QVERIFY(!priced->catalogOverrides["prices"].contains("servers"));
    QCOMPARE(priced->catalogOverrides["prices"]["cables"]["mmf"].get<int>(), 7);
    QVERIFY(priced->catalogOverrides.contains("switches"));
    // It is saved with the project and read back.
    const std::string file = dir.filePath(QStringLiteral("p.topoplan")).toStdString();
    QVERIFY(!saveProject(*priced, file));
    Expected<Project> back = loadProject(file);
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QCOMPARE(projectCatalog(*back)->prices().cables.at("mmf").amount, 7.0);
}

void TestCost::bomCarriesPowerAndPriceColumns()
{
    QTemporaryDir dir;
    Expected<Project> p = withPriceFile(fourDgx(), writeFile(dir, "book.json", kPrices));
    QVERIFY(p.ok());
    Expected<std::string> csv = bomCsv(*p, *projectCatalog(*p));
    QVERIFY(csv.ok());
    const QString text = q(*csv);
    QVERIFY(text.contains(QStringLiteral(
            "\ncategory,item,detail,quantity,unit_power_w,power_kw,unit_price,price\n")));
    QVERIFY2(text.contains(QStringLiteral("\nservers,NVIDIA DGX H100 (dgx-h100),\"8 GPUs each, 32 "
                                          "GPUs\",4,10200,40.8,300000,1200000\n")),
             qPrintable(text));
    // The switch states no power: the cell is empty, the price is there.
    QVERIFY(text.contains(QStringLiteral(
            "\nswitches,NVIDIA Quantum-2 QM9700 (qm9700),compute fabric leaf,8,,,30000,240000\n")));
    QVERIFY(text.contains(QStringLiteral(
            "\ntransceivers,OSFP 2x400G twin-port (finned top) SR,switch end,272,17,4.624,1000,"
            "272000\n")));
    QVERIFY(text.contains(QStringLiteral("# - capital cost 1.88 M USD")));
    // The ports rows are no parts: no power, no price.
    QVERIFY(text.contains(QStringLiteral("\nports,compute fabric leaf qm9700,used,288,,,,\n")));
}

void TestCost::reportHasACostSection()
{
    QTemporaryDir dir;
    Expected<Project> p = withPriceFile(fourDgx(), writeFile(dir, "book.json", kPrices));
    QVERIFY(p.ok());
    ReportOptions o;
    o.sweep = false;
    Expected<Report> r = buildReport(*p, *projectCatalog(*p), o);
    QVERIFY2(r.ok(), r ? "" : r.error().text().c_str());
    const ReportSection *cost = r->section("cost");
    QVERIFY(cost);
    const ReportTable &t = cost->blocks.front().table;
    QCOMPARE(int(t.rows.size()), 6);
    QCOMPARE(t.rows[0], (std::vector<std::string>{"compute", "4", "40.8 kW", "1.2 M USD"}));
    QCOMPARE(t.rows[1],
             (std::vector<std::string>{"switches", "12", "not stated", "360 k USD"}));
    QCOMPARE(t.rows[5][3], std::string("1.88 M USD"));
}

void TestCost::analyzeJsonCarriesTheCost()
{
    QTemporaryDir dir;
    const std::string project = dir.filePath(QStringLiteral("four.topoplan")).toStdString();
    QVERIFY(!saveProject(fourDgx(), project));
    const std::string book = writeFile(dir, "book.json", kPrices);
    const fixtures::CliRun run
            = fixtures::runCli({"analyze", project, "--workload-preset", "llama3-8b", "--plan",
                                "tp=8", "--json", "--prices", book});
    QVERIFY2(run.code == 0, run.err.c_str());
    const Json j = Json::parse(run.out);
    QCOMPARE(j["cost"]["capex"]["total"].get<double>(), 1876800.0);
    QCOMPARE(j["cost"]["it_power_kw"].get<double>(), 45.696);
    QVERIFY(!j["cost"]["it_power_complete"].get<bool>());
    // The text says the same.
    const fixtures::CliRun text
            = fixtures::runCli({"analyze", project, "--workload-preset", "llama3-8b", "--plan",
                                "tp=8", "--prices", book});
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.find("capital cost 1.88 M USD") != std::string::npos, text.out.c_str());
    QVERIFY(text.out.find("no power figure: 12 x qm9700 (switches)") != std::string::npos);
    // A bad price file: exit 1, the file and the JSON path named.
    const std::string bad = writeFile(dir, "bad.json", R"({"prices": {"servers": {"x": 1}}})");
    const fixtures::CliRun failed
            = fixtures::runCli({"analyze", project, "--workload-preset", "llama3-8b", "--plan",
                                "tp=8", "--prices", bad});
    QCOMPARE(failed.code, 1);
    QVERIFY2(failed.err.find(bad + ": /prices/servers/x: unknown server") != std::string::npos,
             failed.err.c_str());
}

void TestCost::fullSpinesLeaveNoHeadroom()
{
    // Four DGX H100, one unit of 8 rail leaves with 32 uplinks each on 4 QM9700 spines: the
    // spines' 256 ports are all used, so the next unit needs a tier (or spines, recabled).
    Expected<DesignGrowth> g = designGrowth(fourDgx(), Catalog::builtin());
    QVERIFY2(g.ok(), g ? "" : g.error().text().c_str());
    QVERIFY(g->computed);
    QCOMPARE(q(g->topTier), QStringLiteral("spine"));
    QCOMPARE(q(g->unit), QStringLiteral("scalable unit of 8 leaves"));
    QCOMPARE(g->steps, 0);
    QCOMPARE(g->serversPerStep, 4);
    QCOMPARE(g->gpusPerStep, 32);
    QVERIFY2(q(g->limit).endsWith(QStringLiteral(": 0 free ports, a unit takes 64")),
             g->limit.c_str());
}

void TestCost::freeSpinePortsTakeMoreUnits()
{
    // The same unit on 144-port spines: 80 ports free on each, a unit takes 64 of each.
    Project p = fourDgx();
    for (Switch &s : p.topology.switches)
        if (s.tier == Tier::Spine)
            s.model = "q3400";
    QTemporaryDir dir;
    Expected<Project> priced = withPriceFile(p, writeFile(dir, "book.json", kPrices));
    QVERIFY(priced.ok());
    Expected<DesignGrowth> g = designGrowth(*priced, *projectCatalog(*priced));
    QVERIFY2(g.ok(), g ? "" : g.error().text().c_str());
    QCOMPARE(g->steps, 1);
    QCOMPARE(g->moreServers(), 4);
    QCOMPARE(g->moreGpus(), 32);
    QVERIFY2(q(g->limit).endsWith(QStringLiteral(": 80 free ports, a unit takes 64")),
             g->limit.c_str());
    // One unit more: its 4 servers and 8 leaves, the host and uplink cables, the optics at
    // every end (the spines' own count stays).
    QCOMPARE(g->step.serverCount(), 4);
    QCOMPARE(g->step.switchCount(FabricRole::Compute, Tier::Leaf), 8);
    QCOMPARE(g->step.switchCount(FabricRole::Compute, Tier::Spine), 0);
    QCOMPARE(g->step.cableCount(), 288LL);
    // Priced: the servers, leaves and cables and the NDR optics; the XDR spines' cages hold
    // optics the catalog does not list for NDR, so the step is not fully priced.
    QVERIFY(std::isnan(g->stepCost.capex()));
    QCOMPARE(g->stepCost.total(CostCategory::Compute).capex, 1200000.0);
    QCOMPARE(g->stepCost.total(CostCategory::Switches).capex, 240000.0);
    const Json j = designGrowthJson(*g);
    QCOMPARE(j["more_gpus"].get<int>(), 32);
    QCOMPARE(j["step"]["cables"].get<long long>(), 288LL);
}

void TestCost::oneTierGrowsByServers()
{
    // The four servers on their 8 rail leaves alone (no spines): each leaf has 60 free ports
    // and a server takes one of each, so 60 more servers fit.
    Project p = fourDgx();
    std::set<std::string> spines;
    for (const Switch &s : p.topology.switches)
        if (s.tier == Tier::Spine)
            spines.insert(s.id);
    std::erase_if(p.topology.switches, [&](const Switch &s) { return spines.count(s.id) > 0; });
    std::erase_if(p.topology.links, [&](const Link &l) {
        return spines.count(l.a.device) > 0 || spines.count(l.b.device) > 0;
    });
    Expected<DesignGrowth> g = designGrowth(p, Catalog::builtin());
    QVERIFY2(g.ok(), g ? "" : g.error().text().c_str());
    QCOMPARE(q(g->topTier), QStringLiteral("leaf"));
    QCOMPARE(g->steps, 60);
    QCOMPARE(g->moreGpus(), 480);
    QCOMPARE(g->step.serverCount(), 1);
    QCOMPARE(g->step.switchCount(FabricRole::Compute, Tier::Leaf), 0);
    QCOMPARE(g->step.cableCount(), 8LL);
    QCOMPARE(g->step.transceivers(), 12LL); // 8 leaf cages, 4 twin-port NIC cages
}

QTEST_GUILESS_MAIN(TestCost)
#include "tst_cost.moc"
