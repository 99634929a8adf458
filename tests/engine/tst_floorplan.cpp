// The floor plan: where the racks stand, and the cables measured from it (the bill of
// materials and the cabling workbook).

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <string>

using namespace topoplan;

namespace {

bool contains(const std::string &s, const std::string &p)
{
    return s.find(p) != std::string::npos;
}

const Medium &medium(const char *id)
{
    const Medium *m = Catalog::builtin().medium(id);
    if (!m)
        qFatal("no medium %s", id);
    return *m;
}

Project dgxH100(int nodes)
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = nodes;
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    return *p;
}

// The cable rows of a bill of materials: item ("kind, length") and detail ("run, medium") to
// the quantity.
std::map<std::string, long long> cableRows(const BomTable &t)
{
    std::map<std::string, long long> out;
    for (const BomRow &r : t.rows)
        if (r.category == "cables")
            out[r.item + " | " + r.detail] += r.quantity;
    return out;
}

// The longest route, from the assumption that states it.
double longestRoute(const BomTable &t)
{
    for (const std::string &a : t.assumptions) {
        const std::string lead = "The longest cable route is ";
        if (a.rfind(lead, 0) == 0)
            return std::stod(a.substr(lead.size()));
    }
    return -1;
}

} // namespace

class tst_FloorPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cheapestCableThatReaches();
    void routeUpAlongAndDown();
    void racksFillRowsAroundHandPlacedOnes();
    void floorInTheProjectFile();
    void floorErrorsNameTheJsonPath_data();
    void floorErrorsNameTheJsonPath();
    void catalogReachErrors();
    void billOfMaterialsMeasuresEveryCable();
    void cablingWorkbookColumns();
};

void tst_FloorPlan::cheapestCableThatReaches()
{
    const Medium &ndr = medium("ib-ndr");
    struct Case
    {
        double metres;
        bool switches;
        const char *kind;
        double length;
        const char *optics;
    };
    const Case cases[] = {
            {1.2, false, "direct attach copper (DAC)", 1.5, ""},
            {2.0, false, "direct attach copper (DAC)", 2, ""},
            {2.1, false, "multimode fibre (MMF), straight", 3, "SR"},
            // Active copper joins two switches' twin-port cages only (LinkX LACC).
            {3.7, true, "active copper (ACC)", 4, ""},
            {5.1, true, "multimode fibre (MMF), straight", 7, "SR"},
            {11.5, false, "multimode fibre (MMF), straight", 15, "SR"},
            {49.0, false, "multimode fibre (MMF), straight", 50, "SR"},
            {50.5, false, "single-mode fibre (SMF), straight", 60, "DR"},
            {480, true, "single-mode fibre (SMF), straight", 500, "DR"},
            {620, true, "single-mode fibre (SMF), duplex LC", 650, "FR"},
    };
    for (const Case &c : cases) {
        bool far = true;
        const CableSpec s = cableFor(ndr, c.metres, c.switches, &far);
        QCOMPARE(s.kind, std::string(c.kind));
        QCOMPARE(s.metres, c.length);
        QCOMPARE(s.optics, std::string(c.optics));
        QVERIFY(!far);
    }
    // Ends that cannot take a straight copper cable get fibre however short the run.
    QCOMPARE(cableFor(ndr, 1.2, true, nullptr, false).kind,
             std::string("multimode fibre (MMF), straight"));
    QCOMPARE(cableFor(ndr, 11.5, false).lengthClass, std::string("15 m"));
    QCOMPARE(cableFor(ndr, 1.2, false).lengthClass, std::string("1.5 m"));
    bool far = false;
    cableFor(ndr, 2500, true, &far);
    QVERIFY(far);
    // XDR has neither copper nor multimode: one metre is single-mode already.
    const CableSpec xdr = cableFor(medium("ib-xdr"), 1, true);
    QCOMPARE(xdr.kind, std::string("single-mode fibre (SMF), straight"));
    QCOMPARE(xdr.optics, std::string("DR"));
    // HDR multimode reaches 100 m, NDR's 50.
    QCOMPARE(cableFor(medium("ib-hdr"), 80, false).optics, std::string("SR"));
    QCOMPARE(cableFor(medium("ib-ndr"), 80, false).optics, std::string("DR"));
}

void tst_FloorPlan::routeUpAlongAndDown()
{
    const double unit = 0.04445, top = 42 * unit;
    // One rack: the height between the ports (U1 and U41, their middles) and 0.5 m a end.
    const RackSite here{{1, 1}, 0, 0};
    QVERIFY(std::fabs(cableRouteMetres(here, 1, here, 41, true) - (40 * unit + 1.0)) < 1e-9);
    // Two racks three positions and two rows apart: up to the tray 0.3 m above the tops, along
    // 3 x 0.6 m, across 2 x 2.4 m, down, and the allowances.
    const RackSite there{{3, 4}, 1.8, 4.8};
    const double want = (top - 0.5 * unit) + (top - 9.5 * unit) + 0.6 + 1.8 + 4.8 + 1.0;
    QVERIFY(std::fabs(cableRouteMetres(here, 1, there, 10, false) - want) < 1e-9);
    QVERIFY(std::fabs(cableRouteMetres(there, 10, here, 1, false) - want) < 1e-9);
}

void tst_FloorPlan::racksFillRowsAroundHandPlacedOnes()
{
    RackPlan plan;
    plan.computeRacks = 25;
    plan.networkRacks = 3;
    FloorPlan f;
    f.racksPerRow = 10;
    auto spot = [](const std::map<std::string, RackSite> &m, const char *name) {
        const RackSpot s = m.at(name).spot;
        return std::pair{s.row, s.position};
    };
    // After the compute rows.
    std::map<std::string, RackSite> m = placeRacks(f, plan);
    QCOMPARE(int(m.size()), 28);
    QCOMPARE(spot(m, "rack-c001"), std::pair(1, 1));
    QCOMPARE(spot(m, "rack-c011"), std::pair(2, 1));
    QCOMPARE(spot(m, "rack-c025"), std::pair(3, 5));
    QCOMPARE(spot(m, "rack-n01"), std::pair(4, 1));
    QCOMPARE(spot(m, "rack-n03"), std::pair(4, 3));
    QCOMPARE(m.at("rack-n01").y, 3 * 2.4);
    QCOMPARE(m.at("rack-c025").x, 4 * 0.6);
    // In the middle: two compute rows, the network row, the third compute row.
    f.networkRow = NetworkRow::Middle;
    m = placeRacks(f, plan);
    QCOMPARE(spot(m, "rack-c020"), std::pair(2, 10));
    QCOMPARE(spot(m, "rack-n01"), std::pair(3, 1));
    QCOMPARE(spot(m, "rack-c021"), std::pair(4, 1));
    // A network rack placed by hand at the head of the first row: the compute racks move along.
    f.networkRow = NetworkRow::End;
    f.racks["rack-n01"] = {1, 1};
    m = placeRacks(f, plan);
    QCOMPARE(spot(m, "rack-n01"), std::pair(1, 1));
    QCOMPARE(spot(m, "rack-c001"), std::pair(1, 2));
    QCOMPARE(spot(m, "rack-c010"), std::pair(2, 1));
    QCOMPARE(spot(m, "rack-c025"), std::pair(3, 6));
    QCOMPARE(spot(m, "rack-n02"), std::pair(4, 1));
    // Pushed past the planned rows: a row of its own after them.
    RackPlan small;
    small.computeRacks = 4;
    small.networkRacks = 1;
    FloorPlan two;
    two.racksPerRow = 2;
    two.racks["rack-n01"] = {1, 1};
    m = placeRacks(two, small);
    QCOMPARE(spot(m, "rack-c003"), std::pair(2, 2));
    QCOMPARE(spot(m, "rack-c004"), std::pair(4, 1));
}

void tst_FloorPlan::floorInTheProjectFile()
{
    Project p = dgxH100(4);
    FloorPlan f;
    f.racksPerRow = 8;
    f.rackWidthM = 0.75;
    f.rowPitchM = 3.6;
    f.networkRow = NetworkRow::Middle;
    f.racks["rack-n01"] = {2, 5};
    p.floor = f;
    const Json doc = projectToJson(p);
    QCOMPARE(doc["floor"].dump(), std::string(R"({"racks_per_row":8,"rack_width_m":0.75,)"
                                              R"("row_pitch_m":3.6,"network_row":"middle",)"
                                              R"("racks":{"rack-n01":{"row":2,"position":5}}})"));
    Expected<Project> back = parseProject(doc, "floor.topoplan");
    QVERIFY2(back, back ? "" : back.error().text().c_str());
    QVERIFY(back->floor == p.floor);
    QVERIFY(*back == p);
    // Defaults for what is left out; none at all without the member.
    Json partial = doc;
    partial["floor"] = Json::parse(R"({"racks_per_row": 12})");
    back = parseProject(partial, "floor.topoplan");
    QVERIFY(back && back->floor);
    QCOMPARE(back->floor->racksPerRow, 12);
    QCOMPARE(back->floor->rackWidthM, 0.6);
    QCOMPARE(back->floor->rowPitchM, 2.4);
    QVERIFY(back->floor->networkRow == NetworkRow::End);
    partial.erase("floor");
    back = parseProject(partial, "floor.topoplan");
    QVERIFY(back && !back->floor);
}

void tst_FloorPlan::floorErrorsNameTheJsonPath_data()
{
    QTest::addColumn<QString>("floor");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    QTest::newRow("not an object") << R"([1])"
                                   << "/floor"
                                   << "expected an object";
    QTest::newRow("unknown member") << R"({"racks_a_row": 4})"
                                    << "/floor/racks_a_row"
                                    << "unknown member";
    QTest::newRow("no racks a row") << R"({"racks_per_row": 0})"
                                    << "/floor/racks_per_row"
                                    << "expected";
    QTest::newRow("rack 10 m wide") << R"({"rack_width_m": 10})"
                                    << "/floor/rack_width_m"
                                    << "expected metres from 0.3 to 3, found 10";
    QTest::newRow("rows 100 m apart") << R"({"row_pitch_m": 100})"
                                      << "/floor/row_pitch_m"
                                      << "expected metres from 0.6 to 50, found 100";
    QTest::newRow("network at the side") << R"({"network_row": "side"})"
                                         << "/floor/network_row"
                                         << "expected one of end, middle, found \"side\"";
    QTest::newRow("not a rack name") << R"({"racks": {"switch-room": {"row": 1, "position": 1}}})"
                                     << "/floor/racks/switch-room"
                                     << "expected a rack the documents plan";
    QTest::newRow("row 0") << R"({"racks": {"rack-n01": {"row": 0, "position": 1}}})"
                           << "/floor/racks/rack-n01/row"
                           << "expected an integer from 1";
    QTest::newRow("two racks at one spot") << R"({"racks": {"rack-c001": {"row": 2, "position": 3},
                             "rack-n01": {"row": 2, "position": 3}}})"
                                           << "/floor/racks/rack-n01"
                                           << "\"rack-c001\" already stands at row 2, position 3";
}

void tst_FloorPlan::floorErrorsNameTheJsonPath()
{
    QFETCH(QString, floor);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Json doc = projectToJson(dgxH100(4));
    doc["floor"] = Json::parse(floor.toStdString());
    Expected<Project> p = parseProject(doc, "floor.topoplan");
    QVERIFY(!p);
    QCOMPARE(QString::fromStdString(p.error().file), QStringLiteral("floor.topoplan"));
    QCOMPARE(QString::fromStdString(p.error().where), where);
    QVERIFY2(contains(p.error().message, message.toStdString()), p.error().message.c_str());
}

void tst_FloorPlan::catalogReachErrors()
{
    auto merged = [](const char *media) {
        const Json overrides = Json::parse(std::string(R"({"media": [)") + media + "]}");
        return Catalog::builtin().merged(JsonIn(overrides, "reach.json"));
    };
    Expected<Catalog> ok = merged(R"({"id": "ib-ndr-lab", "class": "infiniband",
        "bandwidth_gb_s": 50, "cable_reach_m": {"mmf": 30, "lc": 10000}})");
    QVERIFY2(ok, ok ? "" : ok.error().text().c_str());
    const Medium *lab = ok->medium("ib-ndr-lab");
    QVERIFY(lab);
    QCOMPARE(lab->reach.dac, 0.0);
    QCOMPARE(lab->reach.mmf, 30.0);
    QCOMPARE(cableFor(*lab, 40, false).optics, std::string("FR"));
    Expected<Catalog> nvlink = merged(R"({"id": "nv", "class": "nvlink", "bandwidth_gb_s": 50,
        "cable_reach_m": {"dac": 2}})");
    QVERIFY(!nvlink);
    QCOMPARE(nvlink.error().where, std::string("/media/0/cable_reach_m"));
    Expected<Catalog> empty = merged(R"({"id": "e", "class": "roce", "bandwidth_gb_s": 50,
        "cable_reach_m": {}})");
    QVERIFY(!empty);
    QVERIFY(contains(empty.error().message, "at least one kind of cable"));
    Expected<Catalog> typo = merged(R"({"id": "e", "class": "roce", "bandwidth_gb_s": 50,
        "cable_reach_m": {"aoc": 100}})");
    QVERIFY(!typo);
    QCOMPARE(typo.error().where, std::string("/media/0/cable_reach_m/aoc"));
}

void tst_FloorPlan::billOfMaterialsMeasuresEveryCable()
{
    // 128 DGX H100 (4 scalable units): 32 compute racks, leaves and spines in network racks.
    Project p = dgxH100(128);
    const Expected<TopologySummary> s = summarize(p.topology, Catalog::builtin());
    QVERIFY(s);
    Expected<BomTable> defaults = bomTable(p, Catalog::builtin());
    QVERIFY(defaults);
    QVERIFY(contains(defaults->assumptions[0], "The design places no racks"));

    FloorPlan f;
    f.racksPerRow = 8;
    p.floor = f;
    Expected<BomTable> end = bomTable(p, Catalog::builtin());
    QVERIFY(end);
    QVERIFY2(contains(end->assumptions[0], "The racks stand in 5 row(s) of up to 8 racks"),
             end->assumptions[0].c_str());
    QVERIFY(contains(end->assumptions[1], "Every network cable is measured"));
    bool reach = false;
    for (const std::string &a : end->assumptions)
        reach = reach || contains(a, "InfiniBand NDR 400 Gb/s reaches: DAC 2 m, active copper 5 m");
    QVERIFY(reach);
    // Every link is still counted once, now by its measured length: the leaves and spines
    // stand in neighbouring network racks, and where a bundle fills whole twin-port cages at
    // both ends, one active copper cable carries a cage's two links.
    long long links = 0, hostLeafMmf = 0, copper = 0;
    std::map<std::string, long long> rows = cableRows(*end);
    for (const auto &[item, n] : rows) {
        const bool twin = contains(item, "copper");
        links += twin ? 2 * n : n;
        copper += twin ? n : 0;
        QVERIFY2(!contains(item, "<="), item.c_str());
        if (contains(item, "host-leaf") && contains(item, "multimode"))
            hostLeafMmf += n;
    }
    QCOMPARE(links, (long long) s->cables);
    QVERIFY(copper > 0);
    // The host-leaf runs are 6 to 16 m, all within multimode's 50 m.
    QCOMPARE(hostLeafMmf, 128LL * 8);
    const double endLongest = longestRoute(*end);
    QVERIFY(endLongest > 10 && endLongest < 60);
    // The network row amid the compute rows shortens the longest host-leaf run.
    p.floor->networkRow = NetworkRow::Middle;
    Expected<BomTable> middle = bomTable(p, Catalog::builtin());
    QVERIFY(middle);
    QVERIFY2(
            longestRoute(*middle) < endLongest,
            qPrintable(QStringLiteral("%1 against %2").arg(longestRoute(*middle)).arg(endLongest)));
    // Rows 40 m apart put the far compute rows past multimode's reach: DR single-mode, with
    // its own transceivers.
    p.floor->networkRow = NetworkRow::End;
    p.floor->rowPitchM = 40;
    Expected<BomTable> far = bomTable(p, Catalog::builtin());
    QVERIFY(far);
    long long hostLeafSmf = 0, drOptics = 0;
    for (const auto &[item, n] : cableRows(*far))
        if (contains(item, "host-leaf") && contains(item, "single-mode"))
            hostLeafSmf += n;
    for (const BomRow &r : far->rows)
        if (r.category == "transceivers" && contains(r.item, " DR"))
            drOptics += r.quantity;
    QVERIFY(hostLeafSmf > 0 && hostLeafSmf < 128 * 8);
    QVERIFY(drOptics > 0);
    // A twin-port transceiver takes one fibre type in both ports. Wherever the rows stand, each
    // of the 512 host cages (two rails to two leaves) holds exactly one, SR or DR, even where
    // its two runs fall on either side of multimode's reach.
    bool raisedSaid = false;
    for (double pitch : {30.0, 34.0, 38.0, 40.0, 44.0}) {
        p.floor->rowPitchM = pitch;
        Expected<BomTable> b = bomTable(p, Catalog::builtin());
        QVERIFY(b);
        for (const std::string &a : b->assumptions)
            raisedSaid = raisedSaid || contains(a, "take longer-reach optics than their own");
        long long nicEnd = 0;
        for (const BomRow &r : b->rows)
            if (r.category == "transceivers" && r.detail == "NIC end")
                nicEnd += r.quantity;
        QVERIFY2(nicEnd == 128 * 4, qPrintable(QStringLiteral("row pitch %1 m: %2 NIC-end "
                                                              "transceivers")
                                                       .arg(pitch)
                                                       .arg(nicEnd)));
    }
    // At 44 m some cages' two runs fall either side of multimode's reach: the documents say
    // how many cables took single-mode for their cage's sake.
    QVERIFY(raisedSaid);
    p.floor->rowPitchM = 40;
    // What the floor editor shows: the design's racks where they stand, which hold switches.
    p.floor->racks["rack-n01"] = {9, 3};
    Expected<std::map<std::string, FloorRack>> shown = floorRacks(p, Catalog::builtin(), *p.floor);
    QVERIFY(shown);
    int compute = 0, network = 0;
    for (const auto &[name, rack] : *shown) {
        QCOMPARE(rack.network, name.rfind("rack-n", 0) == 0);
        (rack.network ? network : compute) += 1;
    }
    QCOMPARE(compute, 32);
    QVERIFY(network > 0);
    QVERIFY(shown->at("rack-n01").network);
    QVERIFY(!shown->at("rack-c001").network);
    QCOMPARE(shown->at("rack-n01").site.spot, (RackSpot{9, 3}));
    QCOMPARE(shown->at("rack-c001").site.spot, (RackSpot{1, 1}));
    p.floor->racks.clear();
    // A rack placed by hand that the design does not have is said so.
    p.floor->racks["rack-c999"] = {50, 1};
    Expected<BomTable> unused = bomTable(p, Catalog::builtin());
    QVERIFY(unused);
    bool said = false;
    for (const std::string &a : unused->assumptions)
        said = said || contains(a, "Rack rack-c999 is placed by hand, but the design has no such");
    QVERIFY(said);
}

void tst_FloorPlan::cablingWorkbookColumns()
{
    Project p = dgxH100(4);
    FloorPlan f;
    f.racksPerRow = 4;
    p.floor = f;
    // The CSV keeps the ten columns cable-validation tools read; the workbook's rows add the
    // cable and its length.
    Expected<std::string> csv = cablingCsv(p, Catalog::builtin());
    QVERIFY(csv);
    QVERIFY(csv->rfind("A-rack,A-U,A-node,A-type,A-port,Z-rack,Z-U,Z-node,Z-type,Z-port\n", 0)
            == 0);
    Expected<std::string> wide = cablingCsv(p, Catalog::builtin(), true);
    QVERIFY(wide);
    QVERIFY(wide->rfind("A-rack,A-U,A-node,A-type,A-port,Z-rack,Z-U,Z-node,Z-type,Z-port,cable,"
                        "length\n",
                        0)
            == 0);
    // The first host cable: rack-c001 to the leaves' network rack in the next row.
    const std::string first = wide->substr(
            wide->find('\n') + 1, wide->find('\n', wide->find('\n') + 1) - wide->find('\n') - 1);
    QVERIFY2(contains(first, ",\"multimode fibre (MMF), straight\",") && contains(first, " m"),
             first.c_str());
}

QTEST_GUILESS_MAIN(tst_FloorPlan)
#include "tst_floorplan.moc"
