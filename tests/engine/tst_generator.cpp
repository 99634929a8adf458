#include "engine/generate/generator.h"
#include "engine/generate/generatorlayout.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"

#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace topoplan;

Q_DECLARE_METATYPE(topoplan::FabricKind)

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

struct Counts
{
    int gpus = 0, nodes = 0, domains = 0, leaves = 0, spines = 0, cores = 0, links = 0, cables = 0;
};

// Counted the way a user counts (DESIGN.md, validate --json): an NVLink domain is a custom
// domain, or a server with its own NVLink (board, rack, mesh), or a PCIe GPU on its own.
Counts countOf(const Project &p)
{
    const Catalog &c = Catalog::builtin();
    Counts n;
    n.domains = static_cast<int>(p.topology.domains.size());
    for (const Node &node : p.topology.nodes) {
        const ServerModel *m = c.server(node.model);
        n.gpus += m->gpus;
        ++n.nodes;
        if (node.domain.empty())
            n.domains += m->nvlinkScope == NVLinkScope::None ? m->gpus : 1;
    }
    for (const Switch &s : p.topology.switches) {
        ++(s.tier == Tier::Leaf ? n.leaves : s.tier == Tier::Spine ? n.spines : n.cores);
    }
    for (const Link &l : p.topology.links) {
        ++n.links;
        n.cables += l.count;
    }
    return n;
}

// Every port of every device exists and carries one cable at most. Empty when so.
QString portProblem(const Topology &t, const std::vector<Link> &links)
{
    const Catalog &c = Catalog::builtin();
    std::map<std::string, int> radix;
    for (const Node &n : t.nodes)
        radix[n.id] = c.server(n.model)->nics;
    for (const Switch &s : t.switches)
        radix[s.id] = c.switchModel(s.model)->ports;
    std::set<std::pair<std::string, int>> used;
    for (const Link &l : links) {
        if (l.count < 1)
            return qs(l.id + ": empty bundle");
        for (const Endpoint *e : {&l.a, &l.b}) {
            auto it = radix.find(e->device);
            if (it == radix.end())
                return qs(l.id + ": unknown device " + e->device);
            if (e->port < 0 || e->port + l.count > it->second)
                return qs(l.id + ": ports beyond the radix of " + e->device);
            for (int k = 0; k < l.count; ++k) {
                if (!used.insert({e->device, e->port + k}).second)
                    return qs(l.id + ": port used twice on " + e->device);
            }
        }
    }
    return {};
}

struct LeafUplinks
{
    int cables = 0;
    int minBundle = 1 << 30;
    int maxBundle = 0;
    std::set<std::string> spines;
};

std::map<std::string, LeafUplinks> uplinksByLeaf(const Topology &t)
{
    std::map<std::string, Tier> tier;
    for (const Switch &s : t.switches)
        tier[s.id] = s.tier;
    std::map<std::string, LeafUplinks> out;
    for (const Switch &s : t.switches) {
        if (s.tier == Tier::Leaf)
            out[s.id];
    }
    for (const Link &l : t.links) {
        auto a = tier.find(l.a.device), b = tier.find(l.b.device);
        if (a == tier.end() || b == tier.end() || a->second != Tier::Leaf
            || b->second != Tier::Spine)
            continue;
        LeafUplinks &u = out[l.a.device];
        u.cables += l.count;
        u.minBundle = std::min(u.minBundle, l.count);
        u.maxBundle = std::max(u.maxBundle, l.count);
        u.spines.insert(l.b.device);
    }
    return out;
}

std::map<std::string, int> downlinksByLeaf(const Topology &t)
{
    std::set<std::string> nodes;
    for (const Node &n : t.nodes)
        nodes.insert(n.id);
    std::map<std::string, int> out;
    for (const Link &l : t.links) {
        if (nodes.count(l.a.device))
            out[l.b.device] += l.count;
    }
    return out;
}

struct Rect
{
    double x, y, w, h;
    std::string id;
};

// Two of the rectangles overlap (touching edges do not count). Empty when none do.
QString overlap(std::vector<Rect> rects)
{
    std::sort(rects.begin(), rects.end(), [](const Rect &a, const Rect &b) { return a.x < b.x; });
    for (std::size_t i = 0; i < rects.size(); ++i) {
        for (std::size_t j = i + 1; j < rects.size() && rects[j].x < rects[i].x + rects[i].w; ++j) {
            if (rects[j].y < rects[i].y + rects[i].h && rects[i].y < rects[j].y + rects[j].h)
                return qs(rects[i].id + " overlaps " + rects[j].id);
        }
    }
    return {};
}

GeneratorOptions options(const QString &model, int nodes, FabricKind fabric, int tiers = 2)
{
    GeneratorOptions o;
    o.nodeModel = model.toStdString();
    o.nodes = nodes;
    o.fabric = fabric;
    o.tiers = tiers;
    return o;
}

} // namespace

class tst_Generator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void counts_data();
    void counts();
    void media_data();
    void media();
    void railAlignment_data();
    void railAlignment();
    void names();
    void errors_data();
    void errors();
    void layout_data();
    void layout();
    void layoutGroupsScalableUnits();
    void layoutWrapsWideDesignsIntoAGrid_data();
    void layoutWrapsWideDesignsIntoAGrid();
    void fabricMatchesProject();
    void fabricIdsDoNotCollide();
    void fabricErrors_data();
    void fabricErrors();
    void nvl72RailsFillLeaves_data();
    void nvl72RailsFillLeaves();
    void deepSeekTable3_data();
    void deepSeekTable3();
    void railOnlyHasANetworkPerRail_data();
    void railOnlyHasANetworkPerRail();
    void planesAreIndependent();
    void familyErrors_data();
    void familyErrors();
};

void tst_Generator::counts_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<FabricKind>("fabric");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<QString>("leaf");
    QTest::addColumn<double>("oversubscription");
    QTest::addColumn<int>("domainSize");
    QTest::addColumn<QList<int>>("expected"); // gpus nodes domains leaves spines cores links cables
    QTest::addColumn<int>("downPerLeaf");     // most down ports a leaf uses
    QTest::addColumn<int>("upPerLeaf");
    QTest::addColumn<int>("spinesPerLeaf");

    const FabricKind rail = FabricKind::RailOptimized, fat = FabricKind::FatTree;
    // DESIGN.md's validate example: 256 node-leaf cables, 32 leaf-spine bundles of 8.
    QTest::newRow("32 x dgx-h100 rail-optimized")
            << "dgx-h100" << 32 << rail << 2 << "" << 1.0 << 0
            << QList<int>{256, 32, 32, 8, 4, 0, 288, 512} << 32 << 32 << 4;
    // 32 NICs on 40-port leaves split 20/20: 2 leaves, whose 40 uplinks fill one spine.
    QTest::newRow("4 x dgx-a100 fat tree on qm8700")
            << "dgx-a100" << 4 << fat << 2 << "qm8700" << 1.0 << 0
            << QList<int>{32, 4, 4, 2, 1, 0, 34, 72} << 20 << 20 << 1;
    // 2:1 on 64 ports: 42 down, 21 up; 512 NICs need 13 leaves, 273 uplinks at least 5 spines;
    // 7 spines divide 21 uplinks into equal bundles of 3.
    QTest::newRow("64 x dgx-h100 2:1 fat tree")
            << "dgx-h100" << 64 << fat << 2 << "" << 2.0 << 0
            << QList<int>{512, 64, 64, 13, 7, 0, 512 + 13 * 7, 512 + 13 * 21} << 42 << 21 << 7;
    // 2:1 on 40 ports: 26 down, 13 up; 13 uplinks do not divide over the 2 spines needed, so
    // bundles of 7 and 6 alternate and both spines stay within their 40 ports.
    QTest::newRow("16 x dgx-a100 2:1 on qm8700, unequal bundles")
            << "dgx-a100" << 16 << fat << 2 << "qm8700" << 2.0 << 0
            << QList<int>{128, 16, 16, 5, 2, 0, 128 + 10, 128 + 65} << 26 << 13 << 2;
    // 4 SUs of 32 nodes: 32 rail leaves, 1024 uplinks on 16 spines, bundles of 2.
    QTest::newRow("128 x dgx-h100 rail-optimized")
            << "dgx-h100" << 128 << rail << 2 << "" << 1.0 << 0
            << QList<int>{1024, 128, 128, 32, 16, 0, 1024 + 32 * 16, 2048} << 32 << 32 << 16;
    // Al-Fares at k = 64: pods of 32 leaves and 32 spines; 16 pods; 32 planes of 8 cores,
    // each spine with 4 cables to each core of its plane.
    QTest::newRow("2048 x dgx-h100 3-tier fat tree")
            << "dgx-h100" << 2048 << fat << 3 << "" << 1.0 << 0
            << QList<int>{16384, 2048, 2048, 512, 512, 256, 16384 + 16384 + 512 * 8, 49152} << 32
            << 32 << 32;
    // 3 tiers rail-optimized: pods of 4 SUs (32 leaves), 4 pods, 2 cores per plane.
    QTest::newRow("512 x dgx-h100 3-tier rail-optimized")
            << "dgx-h100" << 512 << rail << 3 << "" << 1.0 << 0
            << QList<int>{4096, 512, 512, 128, 128, 64, 4096 + 4096 + 128 * 2, 12288} << 32 << 32
            << 32;
    // Racks of 72 NICs on 144-port leaves (72 down): 4 rails of 18 ports per rack, 4 racks per
    // SU; 576 uplinks on 4 spines, bundles of 18.
    QTest::newRow("8 x gb200-nvl72 rail-optimized on q3400")
            << "gb200-nvl72" << 8 << rail << 2 << "q3400" << 1.0 << 0
            << QList<int>{576, 8, 8, 8, 4, 0, 576 + 32, 1152} << 72 << 72 << 4;
    QTest::newRow("8 x gb200-nvl72 fat tree on q3400")
            << "gb200-nvl72" << 8 << fat << 2 << "q3400" << 1.0 << 0
            << QList<int>{576, 8, 8, 8, 4, 0, 576 + 32, 1152} << 72 << 72 << 4;
    // Trays: 2 domains of 18 trays; SUs of 32 trays on 4 rail leaves each.
    QTest::newRow("36 x gb200-tray, 72-GPU domains")
            << "gb200-tray" << 36 << rail << 2 << "" << 1.0 << 72
            << QList<int>{144, 36, 2, 8, 4, 0, 144 + 32, 144 + 256} << 32 << 32 << 4;
    QTest::newRow("36 x gb200-tray, natural domains")
            << "gb200-tray" << 36 << rail << 2 << "" << 1.0 << 0
            << QList<int>{144, 36, 2, 8, 4, 0, 144 + 32, 144 + 256} << 32 << 32 << 4;
    QTest::newRow("36 x gb200-tray, 8-GPU domains")
            << "gb200-tray" << 36 << rail << 2 << "" << 1.0 << 8
            << QList<int>{144, 36, 18, 8, 4, 0, 144 + 32, 144 + 256} << 32 << 32 << 4;
    // One leaf holds all 8 NICs: no spine tier to join anything.
    QTest::newRow("1 x dgx-h100 fat tree") << "dgx-h100" << 1 << fat << 2 << "" << 1.0 << 0
                                           << QList<int>{8, 1, 1, 1, 0, 0, 8, 8} << 8 << 0 << 0;
    QTest::newRow("32 x dgx-h100, no fabric")
            << "dgx-h100" << 32 << FabricKind::None << 2 << "" << 1.0 << 0
            << QList<int>{256, 32, 32, 0, 0, 0, 0, 0} << 0 << 0 << 0;
}

void tst_Generator::counts()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(FabricKind, fabric);
    QFETCH(int, tiers);
    QFETCH(QString, leaf);
    QFETCH(double, oversubscription);
    QFETCH(int, domainSize);
    QFETCH(QList<int>, expected);
    QFETCH(int, downPerLeaf);
    QFETCH(int, upPerLeaf);
    QFETCH(int, spinesPerLeaf);

    GeneratorOptions o = options(model, nodes, fabric, tiers);
    o.leaf = leaf.toStdString();
    o.oversubscription = oversubscription;
    o.domainSize = domainSize;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const Topology &t = p->topology;

    const Counts n = countOf(*p);
    QCOMPARE(n.gpus, expected[0]);
    QCOMPARE(n.nodes, expected[1]);
    QCOMPARE(n.domains, expected[2]);
    QCOMPARE(n.leaves, expected[3]);
    QCOMPARE(n.spines, expected[4]);
    QCOMPARE(n.cores, expected[5]);
    QCOMPARE(n.links, expected[6]);
    QCOMPARE(n.cables, expected[7]);

    QCOMPARE(portProblem(t, t.links), QString());
    std::optional<Error> invalid = validateTopology(t, Catalog::builtin(), "generated");
    QVERIFY2(!invalid, invalid ? invalid->text().c_str() : "");

    int mostDown = 0;
    for (const auto &[id, down] : downlinksByLeaf(t))
        mostDown = std::max(mostDown, down);
    QCOMPARE(mostDown, downPerLeaf);
    // Every leaf has the same uplinks, spread over the spines (of its pod) in bundles whose
    // sizes differ by one at most; in 2 tiers every leaf reaches every spine.
    for (const auto &[id, up] : uplinksByLeaf(t)) {
        QCOMPARE(up.cables, upPerLeaf);
        QCOMPARE(static_cast<int>(up.spines.size()), spinesPerLeaf);
        if (up.cables > 0)
            QVERIFY2(up.maxBundle - up.minBundle <= 1, id.c_str());
        if (tiers == 2)
            QCOMPARE(static_cast<int>(up.spines.size()), n.spines);
    }
}

void tst_Generator::media_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("leaf");
    QTest::addColumn<QString>("expectedLeaf");
    QTest::addColumn<QString>("nicMedium");
    QTest::addColumn<QString>("switchMedium");

    // Default leaves by NIC generation; the NIC runs at the lower of the two line rates.
    QTest::newRow("dgx-a100 -> qm8700") << "dgx-a100"
                                        << ""
                                        << "qm8700"
                                        << "ib-hdr"
                                        << "ib-hdr";
    QTest::newRow("dgx-h100 -> qm9700") << "dgx-h100"
                                        << ""
                                        << "qm9700"
                                        << "ib-ndr"
                                        << "ib-ndr";
    QTest::newRow("dgx-h100 on qm8700") << "dgx-h100"
                                        << "qm8700"
                                        << "qm8700"
                                        << "ib-hdr"
                                        << "ib-hdr";
    QTest::newRow("nvl72 on q3400") << "gb200-nvl72"
                                    << "q3400"
                                    << "q3400"
                                    << "ib-ndr"
                                    << "ib-xdr";
    QTest::newRow("dgx-h100 on sn5600") << "dgx-h100"
                                        << "sn5600"
                                        << "sn5600"
                                        << "roce-400"
                                        << "roce-800";
    QTest::newRow("pcie-server on eth-100g") << "pcie-server"
                                             << "eth-100g"
                                             << "eth-100g"
                                             << "eth-100"
                                             << "eth-100";
}

void tst_Generator::media()
{
    QFETCH(QString, model);
    QFETCH(QString, leaf);
    QFETCH(QString, expectedLeaf);
    QFETCH(QString, nicMedium);
    QFETCH(QString, switchMedium);

    GeneratorOptions o = options(model, 16, FabricKind::FatTree);
    o.leaf = leaf.toStdString();
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    QVERIFY(p->topology.switches.size() >= 2);
    for (const Switch &s : p->topology.switches)
        QCOMPARE(qs(s.model), expectedLeaf);
    std::set<std::string> nodeMedia, switchMedia;
    for (const Link &l : p->topology.links)
        (l.a.device.rfind("node-", 0) == 0 ? nodeMedia : switchMedia).insert(l.medium);
    QCOMPARE(nodeMedia, std::set<std::string>{nicMedium.toStdString()});
    QCOMPARE(switchMedia, std::set<std::string>{switchMedium.toStdString()});
}

void tst_Generator::railAlignment_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("leaf");
    QTest::addColumn<int>("rails");
    QTest::addColumn<int>("nodesPerUnit");

    QTest::newRow("dgx-h100: 8 rails, SUs of 32") << "dgx-h100" << 100 << "" << 8 << 32;
    QTest::newRow("dgx-a100 on qm8700: SUs of 20") << "dgx-a100" << 50 << "qm8700" << 8 << 20;
    QTest::newRow("nvl72: 4 rails, 4 racks per SU") << "gb200-nvl72" << 10 << "q3400" << 4 << 4;
}

void tst_Generator::railAlignment()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(QString, leaf);
    QFETCH(int, rails);
    QFETCH(int, nodesPerUnit);

    GeneratorOptions o = options(model, nodes, FabricKind::RailOptimized);
    o.leaf = leaf.toStdString();
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    // Per leaf: the rails (NIC index mod rails) and scalable units (node index / SU size) of
    // the NICs cabled to it; a rail-optimized leaf serves one rail of one SU.
    std::map<std::string, std::set<int>> railsOfLeaf, unitsOfLeaf;
    for (const Link &l : p->topology.links) {
        if (l.a.device.rfind("node-", 0) != 0)
            continue;
        const int node = std::stoi(l.a.device.substr(5)) - 1;
        railsOfLeaf[l.b.device].insert(l.a.port % rails);
        unitsOfLeaf[l.b.device].insert(node / nodesPerUnit);
    }
    const int units = (nodes + nodesPerUnit - 1) / nodesPerUnit;
    QCOMPARE(static_cast<int>(railsOfLeaf.size()), units * rails);
    for (const auto &[id, r] : railsOfLeaf) {
        QCOMPARE(static_cast<int>(r.size()), 1);
        QCOMPARE(static_cast<int>(unitsOfLeaf[id].size()), 1);
    }
    QCOMPARE(portProblem(p->topology, p->topology.links), QString());
}

void tst_Generator::names()
{
    Expected<Project> rail
            = generateProject(options(QStringLiteral("dgx-h100"), 32, FabricKind::RailOptimized));
    QVERIFY(rail.ok());
    QCOMPARE(qs(rail->name), QStringLiteral("32 x DGX H100, rail-optimized NDR"));
    QCOMPARE(qs(rail->topology.nodes.front().id), QStringLiteral("node-1"));
    QCOMPARE(qs(rail->topology.nodes.front().name), QStringLiteral("dgx-001"));
    QCOMPARE(qs(rail->topology.nodes.back().name), QStringLiteral("dgx-032"));
    QCOMPARE(qs(rail->topology.switches[2].id), QStringLiteral("leaf-3"));
    QCOMPARE(qs(rail->topology.switches[2].name), QStringLiteral("leaf-r3-su1"));
    QCOMPARE(qs(rail->topology.switches[8].id), QStringLiteral("spine-1"));
    QCOMPARE(qs(rail->topology.switches[8].name), QStringLiteral("spine-01"));
    QCOMPARE(qs(rail->topology.links.front().id), QStringLiteral("link-1"));
    QCOMPARE(qs(rail->topology.links.back().id), QStringLiteral("link-288"));
    // The last bundle: leaf 8's uplinks 56..63 into spine 4's ports 56..63.
    const Link &last = rail->topology.links.back();
    QCOMPARE(qs(last.a.device), QStringLiteral("leaf-8"));
    QCOMPARE(last.a.port, 56);
    QCOMPARE(qs(last.b.device), QStringLiteral("spine-4"));
    QCOMPARE(last.b.port, 56);
    QCOMPARE(last.count, 8);
    QCOMPARE(qs(rail->description),
             QStringLiteral("Generated rail-optimized fabric: 8 leaves (qm9700, 32 down / 32 up "
                            "ports), 4 spines (qm9700); oversubscription 1:1 (32 down : 32 up)."));

    GeneratorOptions small = options(QStringLiteral("dgx-a100"), 4, FabricKind::FatTree);
    small.leaf = "qm8700";
    QCOMPARE(qs(generateProject(small)->description),
             QStringLiteral("Generated fat-tree fabric: 2 leaves (qm8700, 20 down / 20 up ports), "
                            "1 spine (qm8700); oversubscription 1:1 (20 down : 20 up)."));

    GeneratorOptions o = options(QStringLiteral("dgx-h100"), 64, FabricKind::FatTree);
    o.oversubscription = 2;
    QCOMPARE(qs(generateProject(o)->name), QStringLiteral("64 x DGX H100, fat tree NDR 2:1"));
    o.oversubscription = 1.5;
    QCOMPARE(qs(generateProject(o)->name), QStringLiteral("64 x DGX H100, fat tree NDR 1.5:1"));
    o.tiers = 3;
    o.oversubscription = 1;
    // 512 NICs fill 16 leaves, one pod of 3 tiers: refused, not drawn as 2 tiers (familyErrors).
    QVERIFY(!generateProject(o).ok());
    o.nodes = 2048;
    QCOMPARE(qs(generateProject(o)->name), QStringLiteral("2048 x DGX H100, 3-tier fat tree NDR"));
    o.nodes = 64;
    o.fabric = FabricKind::None;
    QCOMPARE(qs(generateProject(o)->name), QStringLiteral("64 x DGX H100"));
    o.name = "lab";
    QCOMPARE(qs(generateProject(o)->name), QStringLiteral("lab"));

    Expected<Project> trays
            = generateProject(options(QStringLiteral("gb200-tray"), 36, FabricKind::None));
    QVERIFY(trays.ok());
    QCOMPARE(qs(trays->topology.domains[1].id), QStringLiteral("dom-2"));
    QCOMPARE(qs(trays->topology.domains[1].name), QStringLiteral("nvl72-2"));
    QCOMPARE(qs(trays->topology.nodes[17].domain), QStringLiteral("dom-1"));
    QCOMPARE(qs(trays->topology.nodes[18].domain), QStringLiteral("dom-2"));
    QCOMPARE(qs(trays->topology.nodes[18].name), QStringLiteral("tray-019"));

    Expected<Project> racks
            = generateProject(options(QStringLiteral("gb200-nvl72"), 8, FabricKind::RailOptimized));
    QVERIFY(racks.ok());
    QCOMPARE(qs(racks->topology.nodes.front().name), QStringLiteral("rack-001"));
    QVERIFY(racks->topology.domains.empty());
}

void tst_Generator::errors_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<FabricKind>("fabric");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<QString>("leaf");
    QTest::addColumn<double>("oversubscription");
    QTest::addColumn<int>("domainSize");
    QTest::addColumn<QString>("message");

    const FabricKind rail = FabricKind::RailOptimized, fat = FabricKind::FatTree;
    // 64 spine ports reach 64 leaves: 8 SUs of 32 DGX (k^2/2 = 2,048 NICs, Al-Fares).
    QTest::newRow("too many for 2 tiers, rail-optimized")
            << "dgx-h100" << 300 << rail << 2 << "" << 1.0 << 0
            << "--nodes: 2 tiers of qm9700 leaves (64 ports: 32 down, 32 up at 1:1) connect at "
               "most 256 nodes of dgx-h100 (2048 NIC ports); 300 requested: use 3 tiers "
               "(--tiers 3) or planes (--planes)";
    QTest::newRow("too many for 2 tiers, fat tree")
            << "dgx-h100" << 257 << fat << 2 << "" << 1.0 << 0
            << "--nodes: 2 tiers of qm9700 leaves (64 ports: 32 down, 32 up at 1:1) connect at "
               "most 256 nodes of dgx-h100 (2048 NIC ports); 257 requested: use 3 tiers "
               "(--tiers 3) or planes (--planes)";
    // k^3/4 = 65,536 NICs at k = 64.
    QTest::newRow("too many for 3 tiers")
            << "dgx-h100" << 8193 << fat << 3 << "" << 1.0 << 0
            << "--nodes: 3 tiers of qm9700 leaves (64 ports: 32 down, 32 up at 1:1) connect at "
               "most 8192 nodes of dgx-h100 (65536 NIC ports); 8193 requested: use switches "
               "with more ports or oversubscribe the fabric (--oversubscription)";
    QTest::newRow("unknown node model")
            << "dgx-z" << 4 << rail << 2 << "" << 1.0 << 0
            << "--node: unknown server model \"dgx-z\"; known: dgx-a100, dgx-b200, dgx-b300, "
               "dgx-h100, "
               "gb200-nvl72, gb200-tray, gb300-nvl72, gb300-tray, h100-nvl-server, "
               "h200-nvl-server, "
               "hgx-a100-40gb, hgx-a100-4gpu, hgx-h100-4gpu, hgx-h200, hgx-h800, mi300x, "
               "pcie-server";
    QTest::newRow("unknown leaf")
            << "dgx-h100" << 4 << rail << 2 << "qm1" << 1.0 << 0
            << "--leaf: unknown switch model \"qm1\"; known: eth-100g, eth-102t, eth-51t, q3200, "
               "q3400, qm8700, qm9700, qm9790, sn5400, sn5600, sn5600-400g";
    QTest::newRow("no nodes") << "dgx-h100" << 0 << rail << 2 << "" << 1.0 << 0
                              << "--nodes: expected 1 to 1000000 nodes, got 0";
    QTest::newRow("4 tiers") << "dgx-h100" << 4 << rail << 4 << "" << 1.0 << 0
                             << "--tiers: expected 2 or 3 tiers, got 4";
    QTest::newRow("4 tiers, no fabric") << "dgx-h100" << 4 << FabricKind::None << 4 << "" << 1.0
                                        << 0 << "--tiers: expected 2 or 3 tiers, got 4";
    QTest::newRow("undersubscribed")
            << "dgx-h100" << 4 << rail << 2 << "" << 0.5 << 0
            << "--oversubscription: expected a ratio of downlinks to uplinks >= 1 (1 = "
               "non-blocking)";
    QTest::newRow("no uplinks left")
            << "dgx-h100" << 4 << fat << 2 << "" << 100.0 << 0
            << "--oversubscription: 100:1 leaves a qm9700 leaf (64 ports) no uplink; at most 63:1";
    QTest::newRow("domain size on a board")
            << "dgx-h100" << 4 << rail << 2 << "" << 1.0 << 16
            << "--domain-size: dgx-h100 is an NVLink domain of its own (board); --domain-size "
               "joins servers whose NVLink leaves the box, such as gb200-tray";
    QTest::newRow("domain size not whole trays")
            << "gb200-tray" << 4 << rail << 2 << "" << 1.0 << 70
            << "--domain-size: expected a multiple of gb200-tray's 4 GPUs, got 70";
}

void tst_Generator::errors()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(FabricKind, fabric);
    QFETCH(int, tiers);
    QFETCH(QString, leaf);
    QFETCH(double, oversubscription);
    QFETCH(int, domainSize);
    QFETCH(QString, message);

    GeneratorOptions o = options(model, nodes, fabric, tiers);
    o.leaf = leaf.toStdString();
    o.oversubscription = oversubscription;
    o.domainSize = domainSize;
    Expected<Project> p = generateProject(o);
    QVERIFY(!p.ok());
    QCOMPARE(qs(p.error().text()), message);
}

void tst_Generator::layout_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<FabricKind>("fabric");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("domainSize");

    QTest::newRow("32 x dgx-h100 rail") << "dgx-h100" << 32 << FabricKind::RailOptimized << 2 << 0;
    QTest::newRow("2048 x dgx-h100 3 tiers") << "dgx-h100" << 2048 << FabricKind::FatTree << 3 << 0;
    QTest::newRow("40 x gb200-tray") << "gb200-tray" << 40 << FabricKind::RailOptimized << 2 << 0;
    QTest::newRow("36 x gb200-tray, 16-GPU domains")
            << "gb200-tray" << 36 << FabricKind::FatTree << 2 << 16;
    QTest::newRow("300 x dgx-h100, nodes only") << "dgx-h100" << 300 << FabricKind::None << 2 << 0;
}

void tst_Generator::layout()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(FabricKind, fabric);
    QFETCH(int, tiers);
    QFETCH(int, domainSize);

    GeneratorOptions o = options(model, nodes, fabric, tiers);
    o.domainSize = domainSize;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const Topology &t = p->topology;
    const auto &items = p->layout.items;
    QCOMPARE(items.size(), t.domains.size() + t.nodes.size() + t.switches.size());

    std::vector<Rect> rects; // nodes and switches
    std::map<Tier, std::vector<std::pair<double, double>>> spans;
    for (const Switch &s : t.switches) {
        auto it = items.find(s.id);
        QVERIFY2(it != items.end(), s.id.c_str());
        QVERIFY(it->second.x >= 0 && it->second.y >= 0);
        spans[s.tier].emplace_back(it->second.y, it->second.y + diagram::kSwitchHeight);
        rects.push_back(Rect{it->second.x, it->second.y, diagram::kSwitchWidth,
                             diagram::kSwitchHeight, s.id});
    }
    // Lanes top to bottom: core, spine, leaf, then the nodes; in a design laid out in rows
    // every row has a spine (3 tiers) and a leaf lane, each above the row's nodes.
    std::map<Tier, std::vector<diagram::Band>> lanes;
    for (const auto &[tier, s] : spans)
        lanes[tier] = diagram::bands(s);
    QVERIFY(lanes[Tier::Core].size() <= 1);
    if (!lanes[Tier::Core].empty())
        QVERIFY(lanes[Tier::Core][0].bottom < lanes[Tier::Spine].front().top);
    if (!lanes[Tier::Core].empty() || lanes[Tier::Spine].size() <= 1) {
        // Under cores every row is a pod with its spines; else the spines are one lane.
        for (std::size_t r = 0; r < lanes[Tier::Spine].size(); ++r)
            QVERIFY(lanes[Tier::Spine][r].bottom < lanes[Tier::Leaf][r].top);
    }
    if (spans[Tier::Core].empty() && spans[Tier::Spine].size() > 1)
        QCOMPARE(lanes[Tier::Spine].size(), std::size_t(1));
    // The nearest leaf lane above a node is its row's.
    const auto leafAbove = [&](double y) {
        double best = -1;
        for (const diagram::Band &b : lanes[Tier::Leaf])
            if (b.bottom < y)
                best = std::max(best, b.bottom);
        return best;
    };
    std::set<double> rows;
    for (const Node &n : t.nodes) {
        auto it = items.find(n.id);
        QVERIFY2(it != items.end(), n.id.c_str());
        QVERIFY(it->second.x >= 0);
        if (!lanes[Tier::Leaf].empty())
            QVERIFY2(leafAbove(it->second.y) >= 0, n.id.c_str());
        rows.insert(it->second.y);
        rects.push_back(
                Rect{it->second.x, it->second.y, diagram::kNodeWidth, diagram::kNodeHeight, n.id});
        if (!n.domain.empty()) {
            // Trays sit inside their domain box, below its name.
            const LayoutItem &box = items.at(n.domain);
            QVERIFY(box.w > 0 && box.h > 0);
            QVERIFY(it->second.x >= box.x + diagram::kDomainPadding);
            QVERIFY(it->second.y >= box.y + diagram::kDomainHeader);
            QVERIFY(it->second.x + diagram::kNodeWidth <= box.x + box.w - diagram::kDomainPadding);
            QVERIFY(it->second.y + diagram::kNodeHeight <= box.y + box.h - diagram::kDomainPadding);
        }
    }
    QCOMPARE(overlap(rects), QString());
    std::vector<Rect> boxes;
    for (const Domain &d : t.domains) {
        const LayoutItem &box = items.at(d.id);
        boxes.push_back(Rect{box.x, box.y, box.w, box.h, d.id});
    }
    QCOMPARE(overlap(boxes), QString());
    // Many nodes wrap into rows rather than one endless line, and the whole is no strip.
    if (t.nodes.size() > 100)
        QVERIFY(rows.size() >= 4);
    double width = 0, height = 0;
    for (const Rect &r : rects) {
        width = std::max(width, r.x + r.w);
        height = std::max(height, r.y + r.h);
    }
    QVERIFY2(width <= generator::kMaxRowAspect * height,
             qPrintable(QStringLiteral("%1 x %2").arg(width).arg(height)));
}

void tst_Generator::layoutWrapsWideDesignsIntoAGrid_data()
{
    QTest::addColumn<QString>("templateId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("blocks");
    // 16 pods of 128 nodes under 256 cores; 8 blocks of 8 leaves and 32 nodes under 32 spines.
    QTest::newRow("h100-16k template") << "h100-16k" << QString() << 0 << 3 << 16;
    QTest::newRow("256 x dgx-h100 fat tree, 2 tiers") << QString() << "dgx-h100" << 256 << 2 << 8;
}

void tst_Generator::layoutWrapsWideDesignsIntoAGrid()
{
    QFETCH(QString, templateId);
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(int, tiers);
    QFETCH(int, blocks);
    const ProjectTemplate *tp
            = templateId.isEmpty() ? nullptr : findTemplate(templateId.toStdString());
    QVERIFY(templateId.isEmpty() || tp);
    Expected<Project> p
            = generateProject(tp ? tp->options : options(model, nodes, FabricKind::FatTree, tiers));
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const Topology &t = p->topology;
    const auto &items = p->layout.items;

    // The grid, not a strip: about as wide as a screen for its height. One row of these
    // blocks would be 4 (2 tiers) to 67 (16k) times wider than tall.
    double width = 0, height = 0;
    for (const auto &[id, it] : items) {
        width = std::max(width, it.x + diagram::kNodeWidth);
        height = std::max(height, it.y + diagram::kNodeHeight);
    }
    QVERIFY2(width / height >= 1 / generator::kGridAspect && width / height <= 2.5,
             qPrintable(QStringLiteral("%1 x %2").arg(width).arg(height)));

    // Each block (a pod, or a run of 8 leaves with their nodes) in a box of its own: the
    // boxes do not overlap, so no block's links cross another's servers.
    std::map<std::string, Rect> box;
    const auto grow = [&](const std::string &key, const LayoutItem &it, double w, double h) {
        auto [at, fresh] = box.try_emplace(key, Rect{it.x, it.y, w, h, key});
        Rect &r = at->second;
        if (!fresh) {
            const double right = std::max(r.x + r.w, it.x + w),
                         bottom = std::max(r.y + r.h, it.y + h);
            r.x = std::min(r.x, it.x);
            r.y = std::min(r.y, it.y);
            r.w = right - r.x;
            r.h = bottom - r.y;
        }
    };
    // Which block a leaf belongs to, from its cables; a node's block is its first NIC's leaf's.
    std::map<std::string, std::string> blockOfLeaf;
    int leafIndex = 0;
    for (const Switch &s : t.switches) {
        if (s.tier != Tier::Leaf)
            continue;
        const std::string key = tiers == 3 ? s.name.substr(0, s.name.rfind('-'))
                                           : "run" + std::to_string(leafIndex / 8);
        blockOfLeaf[s.id] = key;
        ++leafIndex;
        grow(key, items.at(s.id), diagram::kSwitchWidth, diagram::kSwitchHeight);
    }
    for (const Switch &s : t.switches) {
        if (s.tier == Tier::Spine && tiers == 3) // spine-p3-07 sits in pod leaf-p3's block
            grow("leaf-" + s.name.substr(6, s.name.rfind('-') - 6), items.at(s.id),
                 diagram::kSwitchWidth, diagram::kSwitchHeight);
    }
    std::set<std::string> nodeIds, seen;
    for (const Node &n : t.nodes)
        nodeIds.insert(n.id);
    for (const Link &l : t.links) {
        if (blockOfLeaf.count(l.b.device) && nodeIds.count(l.a.device) && !seen.count(l.a.device)) {
            seen.insert(l.a.device);
            grow(blockOfLeaf[l.b.device], items.at(l.a.device), diagram::kNodeWidth,
                 diagram::kNodeHeight);
        }
    }
    QCOMPARE(seen.size(), t.nodes.size());
    QCOMPARE(box.size(), std::size_t(blocks));
    std::vector<Rect> boxes;
    for (const auto &[key, r] : box)
        boxes.push_back(r);
    QCOMPARE(overlap(boxes), QString());
    // The top tier (cores; spines in 2 tiers) stays above every block.
    for (const Switch &s : t.switches) {
        if (s.tier == (tiers == 3 ? Tier::Core : Tier::Spine)) {
            for (const Rect &r : boxes)
                QVERIFY(items.at(s.id).y + diagram::kSwitchHeight < r.y);
        }
    }
}

void tst_Generator::layoutGroupsScalableUnits()
{
    // 128 x dgx-h100: 4 SUs side by side, each SU's 8 rail leaves centred over its 32 nodes.
    Expected<Project> p
            = generateProject(options(QStringLiteral("dgx-h100"), 128, FabricKind::RailOptimized));
    QVERIFY(p.ok());
    const auto &items = p->layout.items;
    for (int unit = 0; unit < 4; ++unit) {
        double lo = 1e18, hi = -1e18;
        for (int i = unit * 32; i < unit * 32 + 32; ++i) {
            const LayoutItem &it = items.at("node-" + std::to_string(i + 1));
            lo = std::min(lo, it.x);
            hi = std::max(hi, it.x + diagram::kNodeWidth);
        }
        if (unit > 0) { // right of the previous SU
            const LayoutItem &prev = items.at("node-" + std::to_string(unit * 32));
            QVERIFY(lo > prev.x + diagram::kNodeWidth);
        }
        const LayoutItem &first = items.at("leaf-" + std::to_string(unit * 8 + 1));
        const LayoutItem &last = items.at("leaf-" + std::to_string(unit * 8 + 8));
        QVERIFY(first.x >= lo);
        QVERIFY(last.x + diagram::kSwitchWidth <= hi);
        QCOMPARE((first.x + last.x + diagram::kSwitchWidth) / 2, (lo + hi) / 2);
    }
}

void tst_Generator::fabricMatchesProject()
{
    // "Add fabric..." on bare nodes builds what generate would have built.
    GeneratorOptions o = options(QStringLiteral("dgx-h100"), 32, FabricKind::None);
    Expected<Project> bare = generateProject(o);
    QVERIFY(bare.ok());
    std::vector<std::string> ids;
    for (const Node &n : bare->topology.nodes)
        ids.push_back(n.id);
    o.fabric = FabricKind::RailOptimized;
    Expected<FabricDelta> delta = generateFabric(*bare, ids, o);
    QVERIFY2(delta.ok(), delta.ok() ? "" : delta.error().text().c_str());
    Expected<Project> whole = generateProject(o);
    QVERIFY(whole.ok());
    QVERIFY(delta->switches == whole->topology.switches);
    QVERIFY(delta->links == whole->topology.links);
    // Switches above the nodes, which do not move.
    QCOMPARE(delta->layout.items.size(), delta->switches.size());
    double top = 1e18;
    for (const Node &n : bare->topology.nodes)
        top = std::min(top, bare->layout.items.at(n.id).y);
    for (const Switch &s : delta->switches) {
        const LayoutItem &it = delta->layout.items.at(s.id);
        QVERIFY(it.y + diagram::kSwitchHeight < top);
    }
}

void tst_Generator::fabricIdsDoNotCollide()
{
    GeneratorOptions o = options(QStringLiteral("dgx-h100"), 16, FabricKind::None);
    Expected<Project> p = generateProject(o);
    QVERIFY(p.ok());
    o.fabric = FabricKind::FatTree;
    std::vector<std::string> first, second;
    for (int i = 1; i <= 8; ++i) {
        first.push_back("node-" + std::to_string(i));
        second.push_back("node-" + std::to_string(i + 8));
    }
    Expected<FabricDelta> a = generateFabric(*p, first, o);
    QVERIFY(a.ok());
    // 64 NICs: 2 leaves, one spine taking both leaves' 32 uplinks.
    QCOMPARE(a->switches.size(), std::size_t(3));
    QCOMPARE(a->links.size(), std::size_t(64 + 2));
    for (const Switch &s : a->switches)
        p->layout.items[s.id] = a->layout.items.at(s.id);
    p->topology.switches.insert(p->topology.switches.end(), a->switches.begin(), a->switches.end());
    p->topology.links.insert(p->topology.links.end(), a->links.begin(), a->links.end());
    QCOMPARE(portProblem(p->topology, p->topology.links), QString());

    Expected<FabricDelta> b = generateFabric(*p, second, o);
    QVERIFY2(b.ok(), b.ok() ? "" : b.error().text().c_str());
    std::set<std::string> used;
    for (const Node &n : p->topology.nodes)
        used.insert(n.id);
    for (const Switch &s : p->topology.switches)
        used.insert(s.id);
    for (const Link &l : p->topology.links)
        used.insert(l.id);
    for (const Switch &s : b->switches)
        QVERIFY2(used.insert(s.id).second, s.id.c_str());
    for (const Link &l : b->links)
        QVERIFY2(used.insert(l.id).second, l.id.c_str());
    QCOMPARE(qs(b->switches.front().id), QStringLiteral("leaf-3"));
    QCOMPARE(qs(b->switches.back().id), QStringLiteral("spine-2"));
    QCOMPARE(qs(b->links.front().id), QStringLiteral("link-67"));

    p->topology.switches.insert(p->topology.switches.end(), b->switches.begin(), b->switches.end());
    p->topology.links.insert(p->topology.links.end(), b->links.begin(), b->links.end());
    QCOMPARE(portProblem(p->topology, p->topology.links), QString());
    std::optional<Error> invalid = validateTopology(p->topology, Catalog::builtin(), "edited");
    QVERIFY2(!invalid, invalid ? invalid->text().c_str() : "");
    // The second fabric's switches sit above everything drawn, the first fabric included.
    double top = 1e18;
    for (const auto &[id, item] : p->layout.items)
        top = std::min(top, item.y);
    QCOMPARE(b->layout.items.size(), b->switches.size());
    for (const Switch &s : b->switches)
        QVERIFY(b->layout.items.at(s.id).y + diagram::kSwitchHeight < top);
}

void tst_Generator::fabricErrors_data()
{
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<FabricKind>("fabric");
    QTest::addColumn<QString>("message");

    const FabricKind fat = FabricKind::FatTree;
    QTest::newRow("unknown node") << QStringList{QStringLiteral("node-2"),
                                                 QStringLiteral("node-99")}
                                  << fat << "node-99: no node with this id in the project";
    QTest::newRow("twice") << QStringList{QStringLiteral("node-2"), QStringLiteral("node-2")} << fat
                           << "node-2: node given twice";
    QTest::newRow("cabled") << QStringList{QStringLiteral("node-3"), QStringLiteral("node-1")}
                            << fat
                            << "node-1: its NICs are cabled already (link-1); remove those links "
                               "before adding a fabric";
    QTest::newRow("none given") << QStringList{} << fat << "no nodes given to connect";
    QTest::newRow("mixed rails")
            << QStringList{QStringLiteral("node-2"), QStringLiteral("node-4")}
            << FabricKind::RailOptimized
            << "a rail-optimized fabric needs nodes with the same NICs: node-4 (pcie-server) has "
               "2, node-2 (dgx-h100) 8";
}

void tst_Generator::fabricErrors()
{
    QFETCH(QStringList, nodes);
    QFETCH(FabricKind, fabric);
    QFETCH(QString, message);

    Project p;
    for (int i = 1; i <= 4; ++i) {
        Node n;
        n.id = "node-" + std::to_string(i);
        n.model = i == 4 ? "pcie-server" : "dgx-h100";
        p.topology.nodes.push_back(n);
    }
    Switch leaf;
    leaf.id = "leaf-1";
    leaf.model = "qm9700";
    p.topology.switches.push_back(leaf);
    p.topology.links.push_back(Link{"link-1", {"node-1", 0}, {"leaf-1", 0}, "ib-ndr", 1});

    std::vector<std::string> ids;
    for (const QString &n : nodes)
        ids.push_back(n.toStdString());
    GeneratorOptions o;
    o.fabric = fabric;
    Expected<FabricDelta> d = generateFabric(p, ids, o);
    QVERIFY(!d.ok());
    QCOMPARE(qs(d.error().text()), message);

    // Mixed models are fine in a fat tree: their NICs fill the leaves in order (8 + 2).
    Expected<FabricDelta> mixed = generateFabric(
            p, {"node-2", "node-4"},
            GeneratorOptions{"dgx-h100", 1, FabricKind::FatTree, 2, {}, {}, {}, 1.0, 0, {}});
    QVERIFY(mixed.ok());
    QCOMPARE(mixed->links.size(), std::size_t(10));
    QCOMPARE(qs(mixed->links.front().id), QStringLiteral("link-2"));
    QCOMPARE(qs(mixed->switches.front().id), QStringLiteral("leaf-2"));
}

namespace {

struct FabricCensus
{
    int leaves = 0, spines = 0, cores = 0;
    long long nodeCables = 0, switchCables = 0;
};

FabricCensus censusOf(const Topology &t)
{
    FabricCensus c;
    std::set<std::string> switches;
    for (const Switch &s : t.switches) {
        switches.insert(s.id);
        ++(s.tier == Tier::Leaf ? c.leaves : s.tier == Tier::Spine ? c.spines : c.cores);
    }
    for (const Link &l : t.links)
        (switches.count(l.a.device) && switches.count(l.b.device) ? c.switchCables : c.nodeCables)
                += l.count;
    return c;
}

// The switch ids joined by links, as connected components: the independent networks.
std::vector<std::set<std::string>> switchNetworks(const Topology &t)
{
    std::map<std::string, std::string> parent;
    for (const Switch &s : t.switches)
        parent[s.id] = s.id;
    std::function<std::string(const std::string &)> find = [&](const std::string &x) {
        return parent[x] == x ? x : parent[x] = find(parent[x]);
    };
    for (const Link &l : t.links) {
        if (parent.count(l.a.device) && parent.count(l.b.device))
            parent[find(l.a.device)] = find(l.b.device);
    }
    std::map<std::string, std::set<std::string>> byRoot;
    for (const Switch &s : t.switches)
        byRoot[find(s.id)].insert(s.id);
    std::vector<std::set<std::string>> out;
    for (auto &[root, members] : byRoot)
        out.push_back(std::move(members));
    return out;
}

} // namespace

// NVL72 racks on a rail-optimized fabric as NVIDIA's GB200 SuperPOD builds its compute fabric
// (RA-11338-001, "Network Fabrics", "Compute Fabric": rail-optimized to the top of the fabric,
// a balanced full fat tree; a scalable unit of 8 racks, 576 GPUs): each rail's ports fill
// the leaves' down ports, so 28 racks take 2 tiers and as many switches as a fat tree (the
// fat tree: 63 leaves, 32 spines), and 2:1 is 42 down : 21 up on every leaf.
void tst_Generator::nvl72RailsFillLeaves_data()
{
    QTest::addColumn<int>("racks");
    QTest::addColumn<double>("oversubscription");
    QTest::addColumn<QList<int>>("expected"); // leaves spines node-cables switch-cables
    QTest::addColumn<int>("down");
    QTest::addColumn<int>("up");

    // 504 ports a rail on 32-down leaves: 16 leaves a rail (the last 24 down), 64 in all;
    // 2,048 uplinks on 32 spines, one cable to each.
    QTest::newRow("28 racks 1:1") << 28 << 1.0 << QList<int>{64, 32, 2016, 2048} << 32 << 32;
    // 324 ports a rail: 11 leaves (the last 4 down); 1,408 uplinks need 22 spines, 32 divide.
    QTest::newRow("18 racks 1:1, 2 tiers")
            << 18 << 1.0 << QList<int>{44, 32, 1296, 1408} << 32 << 32;
    // 504 ports a rail on 42-down leaves: 12 full leaves a rail; 1,008 uplinks on 21 spines.
    QTest::newRow("28 racks 2:1") << 28 << 2.0 << QList<int>{48, 21, 2016, 1008} << 42 << 21;
    // An SU of 8 racks: 144 ports a rail, 4 full leaves and one of 16.
    QTest::newRow("8 racks, one SU") << 8 << 1.0 << QList<int>{20, 16, 576, 640} << 32 << 32;
}

void tst_Generator::nvl72RailsFillLeaves()
{
    QFETCH(int, racks);
    QFETCH(double, oversubscription);
    QFETCH(QList<int>, expected);
    QFETCH(int, down);
    QFETCH(int, up);

    GeneratorOptions o = options(QStringLiteral("gb200-nvl72"), racks, FabricKind::RailOptimized);
    o.leaf = "qm9700";
    o.oversubscription = oversubscription;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const Topology &t = p->topology;
    const FabricCensus c = censusOf(t);
    QCOMPARE(c.leaves, expected[0]);
    QCOMPARE(c.spines, expected[1]);
    QCOMPARE(c.cores, 0);
    QCOMPARE(c.nodeCables, static_cast<long long>(expected[2]));
    QCOMPARE(c.switchCables, static_cast<long long>(expected[3]));
    QCOMPARE(portProblem(t, t.links), QString());

    // Every leaf but a rail's last is full; each leaf serves one rail (NIC index mod 4).
    std::map<std::string, int> downs = downlinksByLeaf(t);
    int full = 0;
    for (const auto &[id, n] : downs)
        full += n == down ? 1 : 0;
    QVERIFY2(full >= c.leaves - 4, qPrintable(QString::number(full)));
    std::map<std::string, std::set<int>> railsOfLeaf;
    for (const Link &l : t.links) {
        if (l.a.device.rfind("node-", 0) == 0)
            railsOfLeaf[l.b.device].insert(l.a.port % 4);
    }
    for (const auto &[id, r] : railsOfLeaf)
        QCOMPARE(static_cast<int>(r.size()), 1);
    for (const auto &[id, u] : uplinksByLeaf(t))
        QCOMPARE(u.cables, up);
    // The ratio said is the ratio built.
    const QString ratioText = QStringLiteral("%1 down : %2 up").arg(down).arg(up);
    QVERIFY2(qs(p->description).contains(ratioText), p->description.c_str());
}

// DeepSeek, "Insights into DeepSeek-V3: Scaling Challenges and Reflections on Hardware for AI
// Architectures" (arXiv 2505.09343, ISCA 2025), Table 3, network topologies of 64-port 400G
// switches: FT2 2,048 endpoints, 96 switches, 2,048 links; MPFT (8 planes of FT2) 16,384
// endpoints, 768 switches, 16,384 links; FT3 65,536 endpoints, 5,120 switches, 131,072 links.
// Its links are the switch-to-switch cables (the endpoints' own cables are not counted).
// Endpoints here are the NICs of HGX H800 servers (8 x 400G, DeepSeek's own).
void tst_Generator::deepSeekTable3_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("planes");
    QTest::addColumn<int>("endpoints");
    QTest::addColumn<int>("switches");
    QTest::addColumn<int>("links");

    QTest::newRow("FT2") << 256 << 2 << 1 << 2048 << 96 << 2048;
    QTest::newRow("MPFT") << 2048 << 2 << 8 << 16384 << 768 << 16384;
    QTest::newRow("FT3") << 8192 << 3 << 1 << 65536 << 5120 << 131072;
}

void tst_Generator::deepSeekTable3()
{
    QFETCH(int, nodes);
    QFETCH(int, tiers);
    QFETCH(int, planes);
    QFETCH(int, endpoints);
    QFETCH(int, switches);
    QFETCH(int, links);

    GeneratorOptions o = options(QStringLiteral("hgx-h800"), nodes, FabricKind::FatTree, tiers);
    o.leaf = "qm9700";
    o.planes = planes;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const FabricCensus c = censusOf(p->topology);
    QCOMPARE(c.nodeCables, static_cast<long long>(endpoints));
    QCOMPARE(c.leaves + c.spines + c.cores, switches);
    QCOMPARE(c.switchCables, static_cast<long long>(links));
    QCOMPARE(static_cast<int>(switchNetworks(p->topology).size()), planes);
}

// Rail-only (Wang et al., "Rail-only", HOTI 2024): a network per rail and no spine joining
// rails; a rail that one switch takes whole is that switch, a larger one a 2-tier network.
void tst_Generator::railOnlyHasANetworkPerRail_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("leaf");
    QTest::addColumn<QList<int>>("expected"); // leaves spines networks switch-cables

    // 64 DGX: 64 ports a rail, one QM9700 each with all 64 ports down.
    QTest::newRow("64 x dgx-h100") << "dgx-h100" << 64 << "" << QList<int>{8, 0, 8, 0};
    // 128 DGX: 128 ports a rail: 4 leaves of 32 down and 2 spines a rail.
    QTest::newRow("128 x dgx-h100") << "dgx-h100" << 128 << "" << QList<int>{32, 16, 8, 1024};
    // 8 NVL72 racks on Q3400: a rail is 144 ports, one switch.
    QTest::newRow("8 x gb200-nvl72 on q3400")
            << "gb200-nvl72" << 8 << "q3400" << QList<int>{4, 0, 4, 0};
}

void tst_Generator::railOnlyHasANetworkPerRail()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(QString, leaf);
    QFETCH(QList<int>, expected);

    GeneratorOptions o = options(model, nodes, FabricKind::RailOnly);
    o.leaf = leaf.toStdString();
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const Topology &t = p->topology;
    const FabricCensus c = censusOf(t);
    QCOMPARE(c.leaves, expected[0]);
    QCOMPARE(c.spines, expected[1]);
    QCOMPARE(c.switchCables, static_cast<long long>(expected[3]));
    QCOMPARE(portProblem(t, t.links), QString());
    std::optional<Error> invalid = validateTopology(t, Catalog::builtin(), "generated");
    QVERIFY2(!invalid, invalid ? invalid->text().c_str() : "");
    // Each network holds one rail's NICs only.
    const std::vector<std::set<std::string>> networks = switchNetworks(t);
    QCOMPARE(static_cast<int>(networks.size()), expected[2]);
    const int rails = expected[2];
    std::map<std::string, int> networkOf;
    for (std::size_t n = 0; n < networks.size(); ++n) {
        for (const std::string &id : networks[n])
            networkOf[id] = static_cast<int>(n);
    }
    std::map<int, std::set<int>> railsOfNetwork;
    for (const Link &l : t.links) {
        if (l.a.device.rfind("node-", 0) == 0)
            railsOfNetwork[networkOf[l.b.device]].insert(l.a.port % rails);
    }
    for (const auto &[n, r] : railsOfNetwork)
        QCOMPARE(static_cast<int>(r.size()), 1);
    QVERIFY(qs(p->name).contains(QStringLiteral("rail-only")));
}

// Planes: NIC i of every DGX in plane i / (8 / K); no cable joins two planes; each plane is
// the fabric one would build for its rails alone.
void tst_Generator::planesAreIndependent()
{
    GeneratorOptions o = options(QStringLiteral("dgx-h100"), 512, FabricKind::RailOptimized);
    o.planes = 2;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const Topology &t = p->topology;
    QCOMPARE(portProblem(t, t.links), QString());
    const std::vector<std::set<std::string>> networks = switchNetworks(t);
    QCOMPARE(static_cast<int>(networks.size()), 2);
    std::map<std::string, int> planeOf;
    for (const Switch &s : t.switches) {
        QVERIFY2(s.name.find("-pl1-") != std::string::npos
                         || s.name.find("-pl2-") != std::string::npos,
                 s.name.c_str());
        planeOf[s.id] = networks[0].count(s.id) ? 0 : 1;
    }
    std::set<std::pair<int, int>> nicPlane;
    for (const Link &l : t.links) {
        if (l.a.device.rfind("node-", 0) == 0)
            nicPlane.insert({l.a.port / 4, planeOf[l.b.device]});
    }
    QCOMPARE(nicPlane.size(), std::size_t(2)); // NICs 0-3 in one plane, 4-7 in the other
    // 512 DGX with 4 NICs a plane: 2,048 ports a plane, 64 leaves and 32 spines, 2 tiers
    // (one plane of 8 rails would need 3 tiers for 4,096 ports).
    const FabricCensus c = censusOf(t);
    QCOMPARE(c.leaves, 128);
    QCOMPARE(c.spines, 64);
    QCOMPARE(c.cores, 0);
    QVERIFY(qs(p->name).contains(QStringLiteral("2-plane rail-optimized")));
}

void tst_Generator::familyErrors_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<FabricKind>("fabric");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("planes");
    QTest::addColumn<QString>("message");

    QTest::newRow("3 planes of 8 rails")
            << "dgx-h100" << 64 << FabricKind::FatTree << 2 << 3
            << "--planes: 3 planes do not divide the 8 rails of dgx-h100 (8 NIC ports): each "
               "plane takes the same rails of every node; use a divisor of 8";
    QTest::newRow("rail-only planes")
            << "dgx-h100" << 64 << FabricKind::RailOnly << 2 << 2
            << "--planes: a rail-only fabric is already a network per rail; it takes no planes";
    QTest::newRow("no planes") << "dgx-h100" << 64 << FabricKind::FatTree << 2 << 0
                               << "--planes: expected 1 to 64 planes, got 0";
    // 64 DGX are 2 SUs, one pod of a 3-tier fabric (4 SUs under a pod's 32-down spines).
    QTest::newRow("3 tiers at 64 nodes")
            << "dgx-h100" << 64 << FabricKind::RailOptimized << 3 << 1
            << "--tiers: 3 tiers: the 64 nodes fit in one pod (up to 128 nodes of dgx-h100 under "
               "one pod's qm9700 spines), which 2 tiers join; a core tier would join nothing. "
               "Use 2 tiers, or 3 from 129 nodes";
}

void tst_Generator::familyErrors()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(FabricKind, fabric);
    QFETCH(int, tiers);
    QFETCH(int, planes);
    QFETCH(QString, message);

    GeneratorOptions o = options(model, nodes, fabric, tiers);
    o.planes = planes;
    Expected<Project> p = generateProject(o);
    QVERIFY(!p.ok());
    QCOMPARE(qs(p.error().text()), message);
}

QTEST_GUILESS_MAIN(tst_Generator)
#include "tst_generator.moc"
