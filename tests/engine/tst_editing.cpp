#include "engine/edit/editing.h"
#include "engine/edit/handcabling.h"
#include "engine/fabric/fabricfacts.h"
#include "engine/fabric/fabricgraph.h"
#include "engine/io/projectfile.h"
#include "engine/model/catalog.h"
#include "engine/model/domainrules.h"
#include "engine/model/naming.h"
#include "engine/model/project.h"

#include "tests/engine/analysisfixtures.h"

#include <QtTest>

using namespace topoplan;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// Two DGX H100, a GB200 tray, a QM9700 leaf, an SN5600, a 32-port 100 GbE switch and a
// QM8700 (HDR) leaf; dgx-1 uses NICs 0-2 and leaf ports 0-1 and 4.
Topology sampleTopology()
{
    Topology t;
    t.nodes = {{"dgx-1", "dgx-1", "dgx-h100", ""},
               {"dgx-2", "dgx-2", "dgx-h100", ""},
               {"tray-1", "tray-1", "gb200-tray", ""},
               {"a100-1", "a100-1", "dgx-a100", ""}};
    t.switches = {{"leaf-1", "leaf-1", "qm9700", Tier::Leaf, FabricRole::Compute},
                  {"eth-1", "eth-1", "sn5600", Tier::Leaf, FabricRole::Compute},
                  {"mgmt-1", "mgmt-1", "eth-100g", Tier::Leaf, FabricRole::Management},
                  {"hdr-1", "hdr-1", "qm8700", Tier::Spine, FabricRole::Compute}};
    t.links = {{"link-1", {"dgx-1", 0}, {"leaf-1", 0}, "ib-ndr", 2},
               {"link-2", {"dgx-1", 2}, {"leaf-1", 4}, "ib-ndr", 1}};
    return t;
}

// The empty project: 4 DGX H100, two QM9700 leaves and a QM9700 spine, no cables.
Topology handCabledStart()
{
    Topology t;
    for (int i = 1; i <= 4; ++i) {
        const std::string id = "node-" + std::to_string(i);
        t.nodes.push_back({id, "dgx-" + std::to_string(i), "dgx-h100", ""});
    }
    t.switches = {{"sw-1", "leaf-01", "qm9700", Tier::Leaf, FabricRole::Compute},
                  {"sw-2", "leaf-02", "qm9700", Tier::Leaf, FabricRole::Compute},
                  {"sw-3", "spine-01", "qm9700", Tier::Spine, FabricRole::Compute}};
    return t;
}

// Applies a Connect between a and b as proposed, checking that no cable already there moved.
CablingProposal cable(Topology *t, const std::string &a, const std::string &b,
                      const CablingRequest &request = {})
{
    const Expected<CablingProposal> p = proposeCabling(*t, Catalog::builtin(), a, b, request);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    const Topology next = applyCabling(*t, *p);
    for (std::size_t i = 0; i < t->links.size(); ++i) {
        if (t->links[i].id != p->grownId && !(next.links[i] == t->links[i]))
            qFatal("%s moved", t->links[i].id.c_str());
    }
    *t = next;
    return *p;
}

// The NICs of `node` cabled to `sw`, ascending.
QList<int> nicsOn(const Topology &t, const std::string &node, const std::string &sw)
{
    QList<int> out;
    for (const Link &l : t.links) {
        if (l.a.device == node && l.b.device == sw) {
            for (int k = 0; k < l.count; ++k)
                out.push_back(l.a.port + k);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestEditing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void portCounts();
    void nextFreePorts_data();
    void nextFreePorts();
    void exhaustedPortsAreRefused();
    void proposeLinkMedia_data();
    void proposeLinkMedia();
    void proposeLinkRefusals_data();
    void proposeLinkRefusals();
    void proposedLinksPassValidation_data();
    void proposedLinksPassValidation();
    void domainMembership_data();
    void domainMembership();
    void unusedIds();
    void handCablingIsRailAligned();
    void handCablingStatedCount();
    void uplinksFollowOversubscription();
    void uplinksGrowTheirBundleInPlace();
    void namesPeopleGave();
};

void TestEditing::portCounts()
{
    const Topology t = sampleTopology();
    const Catalog &c = Catalog::builtin();
    QCOMPARE(portCount(t, c, "dgx-1"), std::optional<int>(8));
    QCOMPARE(portCount(t, c, "tray-1"), std::optional<int>(4));
    QCOMPARE(portCount(t, c, "leaf-1"), std::optional<int>(64));
    QCOMPARE(portCount(t, c, "mgmt-1"), std::optional<int>(32));
    QCOMPARE(portCount(t, c, "nope"), std::optional<int>());
    QCOMPARE(usedPortCount(t, "dgx-1"), 3);
    QCOMPARE(usedPortCount(t, "leaf-1"), 3);
    QCOMPARE(usedPortCount(t, "dgx-2"), 0);
}

void TestEditing::nextFreePorts_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("port");

    QTest::newRow("unused node") << "dgx-2" << 1 << 0;
    QTest::newRow("node: the gap after a bundle") << "dgx-1" << 1 << 3;
    QTest::newRow("switch: the gap before port 4") << "leaf-1" << 2 << 2;
    QTest::newRow("switch: a bundle skips the gap too small") << "leaf-1" << 3 << 5;
    QTest::newRow("node: a bundle of the rest") << "dgx-1" << 5 << 3;
}

void TestEditing::nextFreePorts()
{
    QFETCH(QString, device);
    QFETCH(int, count);
    QFETCH(int, port);
    const Expected<int> r = topoplan::nextFreePorts(sampleTopology(), Catalog::builtin(),
                                                    device.toStdString(), count);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(*r, port);
}

void TestEditing::exhaustedPortsAreRefused()
{
    Topology t = sampleTopology();
    const Catalog &c = Catalog::builtin();
    Expected<int> r = topoplan::nextFreePorts(t, c, "dgx-1", 6);
    QVERIFY(!r.ok());
    QCOMPARE(q(r.error().message),
             QStringLiteral("dgx-1 (NVIDIA DGX H100) has 5 of 8 ports free; the link needs 6"));

    r = topoplan::nextFreePorts(t, c, "leaf-1", 62);
    QVERIFY(!r.ok());
    QCOMPARE(q(r.error().message),
             QStringLiteral("leaf-1 (NVIDIA Quantum-2 QM9700) has 61 of 64 ports free; the link "
                            "needs 62"));

    // Free ports that are not consecutive cannot take a bundle.
    t.links.push_back({"link-3", {"dgx-2", 1}, {"leaf-1", 10}, "ib-ndr", 1});
    t.links.push_back({"link-4", {"dgx-2", 5}, {"leaf-1", 11}, "ib-ndr", 1});
    r = topoplan::nextFreePorts(t, c, "dgx-2", 4);
    QVERIFY(!r.ok());
    QCOMPARE(q(r.error().message),
             QStringLiteral("dgx-2 (NVIDIA DGX H100) has 6 of 8 ports free, but not 4 in a row; "
                            "the link needs 4"));

    r = topoplan::nextFreePorts(t, c, "ghost", 1);
    QVERIFY(!r.ok());
    QCOMPARE(q(r.error().message), QStringLiteral("no node or switch has the id \"ghost\""));
}

void TestEditing::proposeLinkMedia_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("medium");
    QTest::addColumn<int>("portA");
    QTest::addColumn<int>("portB");

    QTest::newRow("DGX H100 to QM9700: NDR") << "dgx-2"
                                             << "leaf-1" << 1 << "ib-ndr" << 0 << 2;
    QTest::newRow("switch first, node second") << "leaf-1"
                                               << "dgx-1" << 1 << "ib-ndr" << 2 << 3;
    QTest::newRow("DGX H100 to SN5600: RoCE 400") << "dgx-2"
                                                  << "eth-1" << 1 << "roce-400" << 0 << 0;
    QTest::newRow("GB200 tray (400G NICs) to SN5600 (800G ports)")
            << "tray-1"
            << "eth-1" << 2 << "roce-400" << 0 << 0;
    QTest::newRow("DGX A100 to QM9700: HDR, the slower end") << "a100-1"
                                                             << "leaf-1" << 1 << "ib-hdr" << 0 << 2;
    QTest::newRow("DGX H100 to a plain 100 GbE switch") << "dgx-2"
                                                        << "mgmt-1" << 1 << "eth-100" << 0 << 0;
    QTest::newRow("QM9700 to QM8700: HDR") << "leaf-1"
                                           << "hdr-1" << 4 << "ib-hdr" << 5 << 0;
    QTest::newRow("SN5600 to a non-RDMA switch: Ethernet 100")
            << "eth-1"
            << "mgmt-1" << 1 << "eth-100" << 0 << 0;
}

void TestEditing::proposeLinkMedia()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, count);
    QFETCH(QString, medium);
    QFETCH(int, portA);
    QFETCH(int, portB);
    const Topology t = sampleTopology();
    const Expected<Link> link
            = proposeLink(t, Catalog::builtin(), a.toStdString(), b.toStdString(), count);
    QVERIFY2(link.ok(), link.ok() ? "" : link.error().message.c_str());
    QCOMPARE(q(link->medium), medium);
    QCOMPARE(q(link->a.device), a);
    QCOMPARE(q(link->b.device), b);
    QCOMPARE(link->a.port, portA);
    QCOMPARE(link->b.port, portB);
    QCOMPARE(link->count, count);
    QCOMPARE(q(link->id), QStringLiteral("link-3"));
}

void TestEditing::proposeLinkRefusals_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("message");

    QTest::newRow("two nodes")
            << "dgx-1"
            << "dgx-2" << 1
            << "a link joins a node to a switch or two switches; dgx-1 and dgx-2 are both nodes";
    QTest::newRow("itself") << "leaf-1"
                            << "leaf-1" << 1 << "a link joins two devices; both ends are leaf-1";
    QTest::newRow("unknown") << "dgx-1"
                             << "leaf-9" << 1 << "no node or switch has the id \"leaf-9\"";
    QTest::newRow("node out of NICs") << "tray-1"
                                      << "leaf-1" << 5
                                      << "tray-1 (NVIDIA GB200 compute tray (2 x GB200 "
                                         "superchip)) has 4 of 4 ports free; the link needs 5";
    QTest::newRow("no cable") << "dgx-1"
                              << "leaf-1" << 0 << "a link has at least 1 cable, not 0";
    QTest::newRow("InfiniBand to Ethernet switch")
            << "leaf-1"
            << "eth-1" << 1
            << "no cable joins leaf-1 (NVIDIA Quantum-2 QM9700), an InfiniBand switch, and eth-1 "
               "(NVIDIA Spectrum-4 SN5600), an Ethernet switch: the two fabrics meet only "
               "through a gateway";
    QTest::newRow("Ethernet to InfiniBand switch")
            << "mgmt-1"
            << "hdr-1" << 1
            << "no cable joins mgmt-1 (Generic 32 x 100GbE switch), an Ethernet switch, and hdr-1 "
               "(NVIDIA Quantum QM8700), an InfiniBand switch: the two fabrics meet only through a "
               "gateway";
}

void TestEditing::proposeLinkRefusals()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, count);
    QFETCH(QString, message);
    const Expected<Link> link = proposeLink(sampleTopology(), Catalog::builtin(), a.toStdString(),
                                            b.toStdString(), count);
    QVERIFY(!link.ok());
    QCOMPARE(q(link.error().message), message);
}

void TestEditing::proposedLinksPassValidation_data()
{
    // Every pair of devices of the sample, in both orders: what proposeLink offers, the loader
    // accepts; what the loader would refuse, proposeLink does not offer.
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    const Topology t = sampleTopology();
    std::vector<std::string> ids;
    for (const Node &n : t.nodes)
        ids.push_back(n.id);
    for (const Switch &s : t.switches)
        ids.push_back(s.id);
    for (const std::string &a : ids) {
        for (const std::string &b : ids) {
            if (a != b && !(t.node(a) && t.node(b)))
                QTest::newRow((a + " to " + b).c_str()) << q(a) << q(b);
        }
    }
}

void TestEditing::proposedLinksPassValidation()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    Topology t = sampleTopology();
    const Catalog &c = Catalog::builtin();
    const Expected<Link> link = proposeLink(t, c, a.toStdString(), b.toStdString());
    const Switch *sa = t.switchById(a.toStdString());
    const Switch *sb = t.switchById(b.toStdString());
    const bool mixed
            = sa && sb && c.switchModel(sa->model)->protocol != c.switchModel(sb->model)->protocol;
    QCOMPARE(link.ok(), !mixed);
    if (!link.ok()) {
        // Refused, naming both devices.
        QVERIFY(q(link.error().message).contains(a));
        QVERIFY(q(link.error().message).contains(b));
        return;
    }
    t.links.push_back(*link);
    const std::optional<Error> err = validateTopology(t, c, "sample.topoplan");
    QVERIFY2(!err, err ? err->text().c_str() : "");
}

void TestEditing::domainMembership_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("refusal");

    const QString only = QStringLiteral(
            ". Only servers whose NVLink leaves the box can be placed in a domain (a100-tray, "
            "b200-tray, gb200-tray, gb300-tray)");
    QTest::newRow("GB200 tray") << "gb200-tray" << QString();
    QTest::newRow("B200 tray beside a GB200 tray") << "b200-tray" << QString();
    QTest::newRow("A100 tray beside a GB200 tray")
            << "a100-tray"
            << "node \"n\" (a100-tray, nvlink3) cannot share NVLink domain \"dom-1\" with node "
               "\"first\" (gb200-tray, nvlink5): all members of a domain must speak the same "
               "NVLink generation";
    QTest::newRow("DGX H100")
            << "dgx-h100"
            << QStringLiteral("node \"n\" (dgx-h100) cannot join NVLink domain \"dom-1\": its "
                              "NVLink stays on its own NVSwitch baseboard")
                       + only;
    QTest::newRow("NVL72 rack")
            << "gb200-nvl72"
            << QStringLiteral("node \"n\" (gb200-nvl72) cannot join NVLink domain \"dom-1\": "
                              "it is a whole rack-scale NVLink domain already")
                       + only;
    QTest::newRow("MI300X")
            << "mi300x"
            << QStringLiteral("node \"n\" (mi300x) cannot join NVLink domain \"dom-1\": its GPUs "
                              "are joined peer to peer inside the server")
                       + only;
    QTest::newRow("PCIe server") << "pcie-server"
                                 << QStringLiteral(
                                            "node \"n\" (pcie-server) cannot join NVLink domain "
                                            "\"dom-1\": it has no NVLink")
                                            + only;
}

// One rule: what the canvas refuses before an edit is what the loader and the fabric graph
// refuse in the file, word for word; what it allows, both accept.
void TestEditing::domainMembership()
{
    QFETCH(QString, model);
    QFETCH(QString, refusal);
    const Catalog c = fixtures::catalogWithTrays();
    Topology t;
    t.domains = {{"dom-1", "rack 1"}};
    t.nodes = {{"first", "first", "gb200-tray", "dom-1"}};
    const Node n{"n", "n", model.toStdString(), ""};
    const std::optional<std::string> r = domainMembershipRefusal(t, c, n, "dom-1");
    QCOMPARE(r ? q(*r) : QString(), refusal);

    t.nodes.push_back(n);
    t.nodes.back().domain = "dom-1";
    const std::optional<Error> loaded = validateTopology(t, c, "f.topoplan");
    const Expected<FabricGraph> built = FabricGraph::build(t, c);
    if (refusal.isEmpty()) {
        QVERIFY2(!loaded, loaded ? loaded->text().c_str() : "");
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().text().c_str());
        return;
    }
    QVERIFY(loaded);
    QCOMPARE(q(loaded->message), refusal);
    QCOMPARE(q(loaded->where), QStringLiteral("/topology/nodes/1/domain"));
    QVERIFY(!built.ok());
    QCOMPARE(q(built.error().message), refusal);
    QCOMPARE(q(built.error().where), QStringLiteral("/topology/nodes/1/domain"));
}

void TestEditing::unusedIds()
{
    Topology t = sampleTopology();
    QCOMPARE(q(unusedId(t, "link")), QStringLiteral("link-3"));
    QCOMPARE(q(unusedId(t, "dgx")), QStringLiteral("dgx-3"));
    QCOMPARE(q(unusedId(t, "domain")), QStringLiteral("domain-1"));
}

QTEST_GUILESS_MAIN(TestEditing)
#include "tst_editing.moc"

void TestEditing::handCablingIsRailAligned()
{
    Topology t = handCabledStart();
    const Catalog &c = Catalog::builtin();
    // The first server on the first leaf: 8 rails shared over 2 empty leaves gives it 4.
    CablingProposal first = cable(&t, "node-1", "sw-1");
    QCOMPARE(first.cables, 4);
    QCOMPARE(first.implied, 4);
    QCOMPARE(first.medium, std::string("ib-ndr"));
    QCOMPARE(q(first.reason),
             QStringLiteral("leaf-01 carries no server yet: dgx-1's 8 uncabled rails, shared over "
                            "the 2 empty leaves, give it rails 1-4"));
    QCOMPARE(q(first.cablesText.front()), QStringLiteral("dgx-1 rail 1 (NIC 0) - leaf-01 port 0"));
    QCOMPARE(nicsOn(t, "node-1", "sw-1"), (QList<int>{0, 1, 2, 3}));
    // The other leaf takes the server's other rails.
    QCOMPARE(cable(&t, "node-1", "sw-2").cables, 4);
    QCOMPARE(nicsOn(t, "node-1", "sw-2"), (QList<int>{4, 5, 6, 7}));
    // A leaf with servers keeps its rails, whichever leaf is joined first and from which end.
    const CablingProposal second = cable(&t, "sw-2", "node-2");
    QCOMPARE(q(second.reason), QStringLiteral("leaf-02 carries rails 5-8 (as dgx-1)"));
    QCOMPARE(nicsOn(t, "node-2", "sw-2"), (QList<int>{4, 5, 6, 7}));
    cable(&t, "node-2", "sw-1");
    QCOMPARE(nicsOn(t, "node-2", "sw-1"), (QList<int>{0, 1, 2, 3}));
    for (const char *node : {"node-3", "node-4"}) {
        cable(&t, node, "sw-1");
        cable(&t, node, "sw-2");
        QCOMPARE(nicsOn(t, node, "sw-1"), (QList<int>{0, 1, 2, 3}));
        QCOMPARE(nicsOn(t, node, "sw-2"), (QList<int>{4, 5, 6, 7}));
    }
    // Each leaf has 16 downlinks: 16 uplinks to the one spine at 1:1.
    const CablingProposal up = cable(&t, "sw-1", "sw-3");
    QCOMPARE(up.cables, 16);
    QCOMPARE(q(up.reason), QStringLiteral("leaf-01 has 16 downlinks at 1:1: 16 uplinks over 1 "
                                          "spine, 16 to spine-01"));
    QCOMPARE(int(up.added.size()), 1); // one bundle of 16 on free ports
    QCOMPARE(up.added.front().a, (Endpoint{"sw-1", 16}));
    QCOMPARE(up.added.front().b, (Endpoint{"sw-3", 0}));
    QCOMPARE(up.added.front().count, 16);
    cable(&t, "sw-3", "sw-2");
    const std::optional<Error> err = validateTopology(t, c, "hand.topoplan");
    QVERIFY2(!err, err ? err->text().c_str() : "");
    // What was cabled rail by rail is a rail-optimized fabric: NIC r of every server on the
    // leaf of its rail set, rails 1-4 meeting on leaf-01 and 5-8 on leaf-02.
    const Expected<FabricGraph> graph = FabricGraph::build(t, c);
    QVERIFY(graph);
    const Expected<FabricFacts> facts = FabricFacts::of(t, c, *graph);
    QVERIFY(facts);
    QVERIFY(facts->railOptimized);
    QCOMPARE(facts->switchRail, (std::vector<int>{0, 4, -1}));

    // Nothing is left to add, and the refusals say why.
    const Expected<CablingProposal> again = proposeCabling(t, c, "node-1", "sw-1");
    QVERIFY(!again);
    QCOMPARE(q(again.error().message), QStringLiteral("dgx-1's NICs of rails 1-4 (leaf-01's) are "
                                                      "all cabled; state a count to cable others"));
    const Expected<CablingProposal> full = proposeCabling(t, c, "sw-1", "sw-3");
    QVERIFY(!full);
    QVERIFY2(q(full.error().message)
                     .startsWith(QStringLiteral("leaf-01 has its 16 cables to "
                                                "spine-01 already")),
             full.error().message.c_str());
}

void TestEditing::handCablingStatedCount()
{
    Topology t = handCabledStart();
    const Catalog &c = Catalog::builtin();
    CablingRequest two;
    two.count = 2;
    const CablingProposal p = cable(&t, "node-1", "sw-1", two);
    QCOMPARE(p.implied, 4);
    QCOMPARE(p.cables, 2);
    QCOMPARE(nicsOn(t, "node-1", "sw-1"), (QList<int>{0, 1}));
    // More than the rail set: the rail set first, then the server's other free NICs, noted.
    CablingRequest four;
    four.count = 4;
    const Expected<CablingProposal> more = proposeCabling(t, c, "node-1", "sw-1", four);
    QVERIFY(more);
    QCOMPARE(more->implied, 0); // leaf-01's rails are now 1-2, both cabled
    QCOMPARE(more->available, 6);
    QCOMPARE(int(more->added.size()), 4);
    QCOMPARE(more->added[0].a, (Endpoint{"node-1", 2}));
    QCOMPARE(q(more->notes.empty() ? std::string() : more->notes.front()),
             QStringLiteral("rails 3-6 of dgx-1 are not among leaf-01's rails 1-2: traffic "
                            "between them and the rest of their rail climbs a tier"));
    CablingRequest nine;
    nine.count = 9;
    const Expected<CablingProposal> tooMany = proposeCabling(t, c, "node-1", "sw-1", nine);
    QVERIFY(!tooMany);
    QCOMPARE(q(tooMany.error().message),
             QStringLiteral("dgx-1 has 6 free NICs and leaf-01 62 of 64 ports free; 9 asked"));
    CablingRequest none;
    none.count = 0;
    QVERIFY(!proposeCabling(t, c, "node-1", "sw-1", none));
}

void TestEditing::uplinksFollowOversubscription()
{
    Topology t = handCabledStart();
    t.switches.push_back({"sw-4", "spine-02", "qm9700", Tier::Spine, FabricRole::Compute});
    for (const char *node : {"node-1", "node-2", "node-3", "node-4"}) {
        CablingRequest all;
        all.count = 8;
        cable(&t, node, "sw-1", all);
    }
    // 32 downlinks at 2:1 are 16 uplinks, 8 to each of the two spines.
    CablingRequest r2;
    r2.oversubscription = 2;
    const CablingProposal p = cable(&t, "sw-1", "sw-4", r2);
    QCOMPARE(p.cables, 8);
    QCOMPARE(q(p.reason), QStringLiteral("leaf-01 has 32 downlinks at 2:1: 16 uplinks over 2 "
                                         "spines, 8 to spine-02"));
    // A leaf without downlinks splits its ports as the generator does: 32 up at 1:1.
    const Expected<CablingProposal> empty = proposeCabling(t, Catalog::builtin(), "sw-2", "sw-3");
    QVERIFY(empty);
    QCOMPARE(empty->implied, 16);
    CablingRequest bad;
    bad.oversubscription = 0.5;
    QVERIFY(!proposeCabling(t, Catalog::builtin(), "sw-2", "sw-3", bad));
}

void TestEditing::uplinksGrowTheirBundleInPlace()
{
    Topology t = handCabledStart();
    t.links = {{"link-1", {"sw-1", 40}, {"sw-3", 10}, "ib-ndr", 2}};
    CablingRequest three;
    three.count = 3;
    const CablingProposal p = cable(&t, "sw-3", "sw-1", three);
    QCOMPARE(q(p.grownId), QStringLiteral("link-1"));
    QCOMPARE(p.grownCount, 5);
    QVERIFY(p.added.empty());
    QCOMPARE(t.links.front(), (Link{"link-1", {"sw-1", 40}, {"sw-3", 10}, "ib-ndr", 5}));
    // Blocked after the bundle: new cables on the lowest free ports, the bundle unmoved.
    t.links.push_back({"link-2", {"sw-2", 0}, {"sw-3", 15}, "ib-ndr", 1});
    const CablingProposal q2 = cable(&t, "sw-1", "sw-3", three);
    QVERIFY(q2.grownId.empty());
    QCOMPARE(int(q2.added.size()), 1);
    QCOMPARE(q2.added.front().a, (Endpoint{"sw-1", 0}));
    QCOMPARE(q2.added.front().b, (Endpoint{"sw-3", 0}));
    QCOMPARE(q2.added.front().count, 3);
}

void TestEditing::namesPeopleGave()
{
    Topology t = handCabledStart();
    t.nodes.push_back({"node-9", "", "dgx-h100", ""}); // no name: its id
    t.links = {{"link-1", {"sw-3", 2}, {"node-2", 2}, "ib-ndr", 1},
               {"link-2", {"node-1", 0}, {"sw-1", 4}, "ib-ndr", 4},
               {"link-3", {"sw-1", 16}, {"sw-3", 0}, "ib-ndr", 16}};
    QCOMPARE(q(displayName(t, "node-2")), QStringLiteral("dgx-2"));
    QCOMPARE(q(displayName(t, "node-9")), QStringLiteral("node-9"));
    QCOMPARE(q(displayName(t, "sw-1")), QStringLiteral("leaf-01"));
    // Links by their two ends' names and ports: the server end first, with its rail.
    QCOMPARE(q(displayName(t, "link-1")), QStringLiteral("dgx-2 rail 3 - spine-01 port 2"));
    QCOMPARE(q(displayName(t, "link-2")), QStringLiteral("dgx-1 rails 1-4 - leaf-01 ports 4-7"));
    QCOMPARE(q(displayName(t, "link-3")),
             QStringLiteral("leaf-01 ports 16-31 - spine-01 ports 0-15"));
    QCOMPARE(displayNames(t, {"node-2", "link-1"}),
             (std::vector<std::string>{"dgx-2", "dgx-2 rail 3 - spine-01 port 2"}));
    // The fabric graph's parts and paths.
    QCOMPARE(q(displayName(t, "node-3/gpu0")), QStringLiteral("dgx-3 GPU 0"));
    QCOMPARE(q(displayName(t, "node-3/nic5")), QStringLiteral("dgx-3 NIC 5"));
    QCOMPARE(q(displayName(t, "node-3/gpu0->node-3/nvswitch")),
             QStringLiteral("dgx-3 GPU 0 - NVSwitch"));
    QCOMPARE(q(displayName(t, "node-3/nic1->sw-2")), QStringLiteral("dgx-3 NIC 1 - leaf-02"));
    QCOMPARE(q(displayName(t, "whatever")), QStringLiteral("whatever"));
    QCOMPARE(q(endpointText(t, {"node-1", 0}, 4)), QStringLiteral("dgx-1 NICs 0-3 (rails 1-4)"));
    QCOMPARE(q(endpointText(t, {"sw-1", 16}, 1)), QStringLiteral("leaf-01 port 16"));
}
