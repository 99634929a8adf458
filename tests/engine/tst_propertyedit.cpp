// Inspector edits worked out by the engine: the entries that change, bundles that grow onto
// free ports, changes refused with validateTopology()'s message, and the media a link may use.

#include "engine/edit/finditems.h"
#include "engine/edit/propertyedit.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "engine/model/domainrules.h"
#include "engine/model/topologycheck.h"

#include <QtTest>

using namespace topoplan;

Q_DECLARE_METATYPE(topoplan::Property)

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QStringList qsl(const std::vector<std::string> &v)
{
    QStringList out;
    for (const std::string &s : v)
        out.append(qs(s));
    return out;
}

std::vector<std::string> toStd(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

Project generated(const std::string &model, int nodes, const std::string &leaf = {},
                  int domainSize = 0)
{
    GeneratorOptions o;
    o.nodeModel = model;
    o.nodes = nodes;
    o.leaf = leaf;
    o.domainSize = domainSize;
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    return *p;
}

// Two DGX H100 on one QM9700: node-a's NIC 0 on switch port 0, node-b's on port 1.
Topology twoNodesOneSwitch()
{
    Topology t;
    t.nodes = {Node{"node-a", "a", "dgx-h100", {}}, Node{"node-b", "b", "dgx-h100", {}}};
    t.switches = {Switch{"sw", "sw", "qm9700", Tier::Leaf, FabricRole::Compute}};
    t.links = {Link{"link-a", {"node-a", 0}, {"sw", 0}, "ib-ndr", 1},
               Link{"link-b", {"node-b", 0}, {"sw", 1}, "ib-ndr", 1}};
    return t;
}

// prefix + first .. prefix + last
QStringList numbered(const QString &prefix, int first, int last)
{
    QStringList out;
    for (int i = first; i <= last; ++i)
        out.append(prefix + QString::number(i));
    return out;
}

} // namespace

class TestPropertyEdit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void setsThePropertyOnEveryEntryThatHasIt_data();
    void setsThePropertyOnEveryEntryThatHasIt();
    void unchangedEntriesAreLeftOut();
    void refusedWithTheValidationMessage_data();
    void refusedWithTheValidationMessage();
    void growingBundleNeverMoves();
    void domainSizeBoundsItsMembers();
    void mediaForLink_data();
    void mediaForLink();
    void modelChangeTakesTheLinksAlong_data();
    void modelChangeTakesTheLinksAlong();
    void findByNameOrId_data();
    void findByNameOrId();
    void anAssumedModelIsConfirmedOrReplaced();
};

void TestPropertyEdit::setsThePropertyOnEveryEntryThatHasIt_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<Property>("property");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("switches");
    QTest::addColumn<int>("links");

    const QStringList mixed{QStringLiteral("node-1"), QStringLiteral("leaf-1"),
                            QStringLiteral("leaf-2"), QStringLiteral("link-1")};
    QTest::newRow("tier of two leaves")
            << mixed << Property::Tier << QStringLiteral("spine") << 0 << 2 << 0;
    QTest::newRow("role") << mixed << Property::Role << QStringLiteral("storage") << 0 << 2 << 0;
    QTest::newRow("name of nodes and switches")
            << mixed << Property::Name << QStringLiteral("x") << 1 << 2 << 0;
    QTest::newRow("a server model goes to nodes only")
            << mixed << Property::Model << QStringLiteral("dgx-b200") << 1 << 0 << 0;
    QTest::newRow("medium of a link")
            << mixed << Property::Medium << QStringLiteral("ib-hdr") << 0 << 0 << 1;
}

void TestPropertyEdit::setsThePropertyOnEveryEntryThatHasIt()
{
    QFETCH(QStringList, ids);
    QFETCH(Property, property);
    QFETCH(QString, value);
    QFETCH(int, nodes);
    QFETCH(int, switches);
    QFETCH(int, links);

    const Project p = generated("dgx-h100", 32);
    const Expected<TopologyEdit> edit = editProperty(p.topology, Catalog::builtin(), toStd(ids),
                                                     property, value.toStdString());
    QVERIFY2(edit, edit ? "" : edit.error().text().c_str());
    QCOMPARE(int(edit->nodes.size()), nodes);
    QCOMPARE(int(edit->switches.size()), switches);
    QCOMPARE(int(edit->links.size()), links);

    Topology t = p.topology;
    applyEdit(t, *edit);
    QVERIFY(!validateTopology(t, Catalog::builtin(), {}));
    if (property == Property::Tier) {
        QCOMPARE(t.switchById("leaf-1")->tier, Tier::Spine);
        QCOMPARE(t.switchById("leaf-2")->tier, Tier::Spine);
        QCOMPARE(t.switchById("leaf-3")->tier, Tier::Leaf);
    }
    if (property == Property::Medium)
        QCOMPARE(t.links[0].medium, std::string("ib-hdr"));
    // Everything else is as it was.
    QCOMPARE(t.nodes.size(), p.topology.nodes.size());
    QCOMPARE(t.links[1], p.topology.links[1]);
}

void TestPropertyEdit::unchangedEntriesAreLeftOut()
{
    const Project p = generated("dgx-h100", 32);
    const Expected<TopologyEdit> edit = editProperty(
            p.topology, Catalog::builtin(), {"leaf-1", "spine-1"}, Property::Tier, "spine");
    QVERIFY(edit);
    QCOMPARE(int(edit->switches.size()), 1);
    QCOMPARE(edit->switches[0].id, std::string("leaf-1"));
}

void TestPropertyEdit::refusedWithTheValidationMessage_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("domainSize");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<Property>("property");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");

    // node-1 has all 8 of its NICs cabled; a GB200 tray has 4.
    QTest::newRow("server model with fewer NICs than cables")
            << QStringLiteral("dgx-h100") << 32 << 0 << QStringList{QStringLiteral("node-1")}
            << Property::Model << QStringLiteral("gb200-tray")
            << QStringLiteral("/topology/nodes/0")
            << QStringLiteral("node \"node-1\" (gb200-tray) has 8 cables attached but only 4 "
                              "compute NICs");
    QTest::newRow("switch model of another protocol")
            << QStringLiteral("dgx-h100") << 32 << 0 << QStringList{QStringLiteral("leaf-1")}
            << Property::Model << QStringLiteral("eth-100g")
            << QStringLiteral("/topology/links/0/medium")
            << QStringLiteral("\"ib-ndr\" is an InfiniBand medium but switch \"leaf-1\" "
                              "(eth-100g) is an Ethernet switch (for this link: \"eth-100\")");
    QTest::newRow("a board server into a domain")
            << QStringLiteral("gb200-tray") << 36 << 72 << QStringList{QStringLiteral("node-1")}
            << Property::Model << QStringLiteral("dgx-h100")
            << QStringLiteral("/topology/nodes/0/domain")
            << QStringLiteral("node \"node-1\" (dgx-h100) cannot join NVLink domain \"dom-1\": its "
                              "NVLink stays on its own NVSwitch baseboard. Only servers whose "
                              "NVLink leaves the box can be placed in a "
                              "domain (gb200-tray, gb300-tray)");
    QTest::newRow("a medium the switch does not speak")
            << QStringLiteral("dgx-h100") << 32 << 0 << QStringList{QStringLiteral("link-1")}
            << Property::Medium << QStringLiteral("roce-400")
            << QStringLiteral("/topology/links/0/medium")
            << QStringLiteral("\"roce-400\" is an Ethernet medium but switch \"leaf-1\" (qm9700) "
                              "is an InfiniBand switch (for this link: \"ib-ndr\")");
    QTest::newRow("unknown tier") << QStringLiteral("dgx-h100") << 32 << 0
                                  << QStringList{QStringLiteral("leaf-1")} << Property::Tier
                                  << QStringLiteral("top") << QStringLiteral("tier")
                                  << QStringLiteral(
                                             "expected \"leaf\", \"spine\" or \"core\", found "
                                             "\"top\"");
    QTest::newRow("no cables") << QStringLiteral("dgx-h100") << 32 << 0
                               << QStringList{QStringLiteral("link-1")} << Property::Count
                               << QStringLiteral("0") << QStringLiteral("count")
                               << QStringLiteral(
                                          "expected a number of cables of 1 or more, found \"0\"");
    // 27 trays in NVL72 racks: dom-1 is full (18 trays), dom-2 holds 9 (36 GPUs).
    QTest::newRow("domain size below its members")
            << QStringLiteral("gb200-tray") << 27 << 72 << QStringList{QStringLiteral("dom-2")}
            << Property::Size << QStringLiteral("32") << QStringLiteral("gpus")
            << QStringLiteral("NVLink domain \"dom-2\" holds 36 GPUs; a size of 32 is too small "
                              "for them");
    QTest::newRow("domain size beyond the format")
            << QStringLiteral("gb200-tray") << 27 << 72 << QStringList{QStringLiteral("dom-2")}
            << Property::Size << QStringLiteral("1000") << QStringLiteral("gpus")
            << QStringLiteral("expected a number of GPUs from 1 to 576, or 0 for not stated, "
                              "found \"1000\"");
    QTest::newRow("a tray into a full domain")
            << QStringLiteral("gb200-tray") << 27 << 72 << QStringList{QStringLiteral("node-19")}
            << Property::Domain << QStringLiteral("dom-1")
            << QStringLiteral("/topology/nodes/18/domain")
            << QStringLiteral("node \"node-19\" (gb200-tray, 4 GPUs) does not fit in NVLink "
                              "domain \"dom-1\": it holds 72 of its 72 GPUs");
    QTest::newRow("unknown model")
            << QStringLiteral("dgx-h100") << 32 << 0 << QStringList{QStringLiteral("node-1")}
            << Property::Model << QStringLiteral("dgx-z9") << QStringLiteral("model")
            << QStringLiteral("unknown model \"dgx-z9\": the catalog has no "
                              "server or switch of this id");
}

void TestPropertyEdit::refusedWithTheValidationMessage()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(int, domainSize);
    QFETCH(QStringList, ids);
    QFETCH(Property, property);
    QFETCH(QString, value);
    QFETCH(QString, where);
    QFETCH(QString, message);

    const Project p = generated(model.toStdString(), nodes, {}, domainSize);
    const Expected<TopologyEdit> edit = editProperty(p.topology, Catalog::builtin(), toStd(ids),
                                                     property, value.toStdString(), "my.topoplan");
    QVERIFY(!edit);
    QCOMPARE(qs(edit.error().file), QStringLiteral("my.topoplan"));
    QCOMPARE(qs(edit.error().where), where);
    QCOMPARE(qs(edit.error().message), message);
}

void TestPropertyEdit::domainSizeBoundsItsMembers()
{
    // Generated NVL72 racks state their size; a rack being filled holds fewer.
    const Project p = generated("gb200-tray", 27, {}, 72);
    QCOMPARE(p.topology.domains.size(), std::size_t(2));
    QCOMPARE(p.topology.domains[1].gpus, 72);
    const Catalog &c = Catalog::builtin();
    // dom-2 holds 9 trays (36 GPUs): an NVL36 fits them exactly; not stated is "0".
    Expected<TopologyEdit> nvl36 = editProperty(p.topology, c, {"dom-2"}, Property::Size, "36");
    QVERIFY2(nvl36.ok(), nvl36 ? "" : nvl36.error().text().c_str());
    QCOMPARE(nvl36->domains.size(), std::size_t(1));
    QCOMPARE(nvl36->domains[0].gpus, 36);
    Topology t = p.topology;
    applyEdit(t, *nvl36);
    // Full now: a tray more is refused by the one membership rule, as the editor asks it.
    Node extra{"extra", "extra", "gb200-tray", {}};
    const std::optional<std::string> full = domainMembershipRefusal(t, c, extra, "dom-2");
    QVERIFY(full);
    QCOMPARE(qs(*full), QStringLiteral("node \"extra\" (gb200-tray, 4 GPUs) does not fit in "
                                       "NVLink domain \"dom-2\": it holds 36 of its 36 GPUs"));
    Expected<TopologyEdit> unstated = editProperty(t, c, {"dom-2"}, Property::Size, "0");
    QVERIFY(unstated.ok());
    QCOMPARE(unstated->domains[0].gpus, 0);
    applyEdit(t, *unstated);
    QVERIFY(!domainMembershipRefusal(t, c, extra, "dom-2"));
    QCOMPARE(domainCapacity(c, t.domains[1], &extra), 576);

    // Unstated, a domain still holds no more than NVLink 5 joins: 144 trays are 576 GPUs.
    Expected<Project> big = [] {
        GeneratorOptions o;
        o.nodeModel = "gb200-tray";
        o.nodes = 144;
        o.fabric = FabricKind::None;
        o.domainSize = 576;
        return generateProject(o);
    }();
    QVERIFY2(big.ok(), big ? "" : big.error().text().c_str());
    Topology huge = big->topology;
    huge.domains[0].gpus = 0;
    QVERIFY(!validateTopology(huge, c, "big"));
    huge.nodes.push_back(Node{"node-145", "", "gb200-tray", "dom-1"});
    const std::optional<Error> tooMany = validateTopology(huge, c, "big");
    QVERIFY(tooMany);
    QCOMPARE(qs(tooMany->where), QStringLiteral("/topology/nodes/144/domain"));
    QCOMPARE(qs(tooMany->message),
             QStringLiteral("node \"node-145\" (gb200-tray, 4 GPUs) does not fit in NVLink "
                            "domain \"dom-1\": it holds 576 of its 576 GPUs (NVLink 5 joins at "
                            "most 576 GPUs in one domain)"));
    // The generator refuses what no NVLink 5 domain can be.
    GeneratorOptions o;
    o.nodeModel = "gb200-tray";
    o.nodes = 288;
    o.fabric = FabricKind::None;
    o.domainSize = 1152;
    Expected<Project> refused = generateProject(o);
    QVERIFY(!refused);
    QCOMPARE(qs(refused.error().text()),
             QStringLiteral("--domain-size: NVLink 5 joins at most 576 GPUs in one domain, got "
                            "1152"));
}

void TestPropertyEdit::growingBundleNeverMoves()
{
    const Topology t = twoNodesOneSwitch();
    // link-a grows to 3 cables: node-a's NICs 0-2 are free, but the switch's port 1 is
    // link-b's. Nothing moves: the edit is refused, naming the cable in the way.
    const Expected<TopologyEdit> edit
            = editProperty(t, Catalog::builtin(), {"link-a"}, Property::Count, "3");
    QVERIFY(!edit);
    QCOMPARE(qs(edit.error().message),
             QStringLiteral("a rail 1 - sw port 0 cannot grow to 3 cables where it is: sw "
                            "ports 0-2 are not all free (b rail 1 - sw port 1); no cable is "
                            "moved. Connect the two again to cable free ports"));

    // Nine cables do not fit node-a's 8 NICs: refused with the validation message.
    const Expected<TopologyEdit> tooMany
            = editProperty(t, Catalog::builtin(), {"link-a"}, Property::Count, "9");
    QVERIFY(!tooMany);
    QCOMPARE(qs(tooMany.error().where), QStringLiteral("/topology/nodes/0"));
    QVERIFY2(tooMany.error().message.find("has 9 cables attached but only 8") != std::string::npos,
             tooMany.error().message.c_str());
}

void TestPropertyEdit::mediaForLink_data()
{
    QTest::addColumn<QString>("leaf");
    QTest::addColumn<QStringList>("media");

    QTest::newRow("NDR leaf") << QStringLiteral("qm9700")
                              << QStringList{QStringLiteral("ib-ndr"), QStringLiteral("ib-hdr")};
    QTest::newRow("HDR leaf") << QStringLiteral("qm8700") << QStringList{QStringLiteral("ib-hdr")};
    QTest::newRow("RoCE leaf") << QStringLiteral("sn5600")
                               << QStringList{QStringLiteral("roce-400"),
                                              QStringLiteral("roce-200"), QStringLiteral("eth-400"),
                                              QStringLiteral("eth-100")};
}

void TestPropertyEdit::mediaForLink()
{
    QFETCH(QString, leaf);
    QFETCH(QStringList, media);

    const Project p = generated("dgx-h100", 4, leaf.toStdString());
    QCOMPARE(qsl(topoplan::mediaForLink(p.topology, Catalog::builtin(), p.topology.links[0])),
             media);
}

void TestPropertyEdit::modelChangeTakesTheLinksAlong_data()
{
    QTest::addColumn<QString>("switches"); // "all" or one switch id
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("nodeMedium");   // of the server cables after the change; "" refused
    QTest::addColumn<QString>("switchMedium"); // of the leaf-spine cables after the change
    QTest::addColumn<QString>("refusal");

    // 32 DGX H100 on QM9700 leaves and spines (InfiniBand NDR), made Ethernet.
    QTest::newRow("InfiniBand to RoCE")
            << QStringLiteral("all") << QStringLiteral("sn5600") << QStringLiteral("roce-400")
            << QStringLiteral("roce-800") << QString();
    // Switches with fewer ports than the leaves' 64 cables: the links could follow, the ports
    // cannot, and the validator says so.
    QTest::newRow("to a 32-port Ethernet switch")
            << QStringLiteral("all") << QStringLiteral("eth-100g") << QString() << QString()
            << QStringLiteral("has 64 cables attached but only 32 ports");
    QTest::newRow("to a 40-port HDR switch")
            << QStringLiteral("all") << QStringLiteral("qm8700") << QString() << QString()
            << QStringLiteral("has 64 cables attached but only 40 ports");
    // One leaf made Ethernet under InfiniBand spines: its uplinks have no medium.
    QTest::newRow("one leaf under InfiniBand spines")
            << QStringLiteral("leaf-1") << QStringLiteral("sn5600") << QString() << QString()
            << QStringLiteral("the two fabrics meet only through a gateway");
}

void TestPropertyEdit::modelChangeTakesTheLinksAlong()
{
    QFETCH(QString, switches);
    QFETCH(QString, model);
    QFETCH(QString, nodeMedium);
    QFETCH(QString, switchMedium);
    QFETCH(QString, refusal);

    const Project p = generated("dgx-h100", 32);
    const Catalog &catalog = Catalog::builtin();
    std::vector<std::string> ids;
    for (const Switch &s : p.topology.switches)
        if (switches == u"all" || qs(s.id) == switches)
            ids.push_back(s.id);
    // The model alone is refused for its links' media.
    QVERIFY(!editProperty(p.topology, catalog, ids, Property::Model, model.toStdString()));
    const Expected<TopologyEdit> edit
            = editModelWithMedia(p.topology, catalog, ids, model.toStdString(), "my.topoplan");
    if (!refusal.isEmpty()) {
        QVERIFY(!edit);
        QCOMPARE(qs(edit.error().file), QStringLiteral("my.topoplan"));
        QVERIFY2(qs(edit.error().message).contains(refusal), edit.error().message.c_str());
        return;
    }
    QVERIFY2(edit, edit ? "" : edit.error().text().c_str());
    QCOMPARE(edit->switches.size(), ids.size());
    QCOMPARE(edit->links.size(), p.topology.links.size()); // every cable changes medium
    QVERIFY(edit->nodes.empty());
    Topology after = p.topology;
    applyEdit(after, *edit);
    QVERIFY(!validateTopology(after, catalog, {}));
    for (const Link &l : after.links) {
        const bool toNode = after.node(l.a.device) || after.node(l.b.device);
        QCOMPARE(qs(l.medium), toNode ? nodeMedium : switchMedium);
    }
    // Ports, counts and ends stay as they were: only the medium changes.
    for (std::size_t i = 0; i < after.links.size(); ++i) {
        Link before = p.topology.links[i];
        before.medium = after.links[i].medium;
        QVERIFY(before == after.links[i]);
    }
}

void TestPropertyEdit::findByNameOrId_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("found");

    QTest::newRow("exact name first")
            << QStringLiteral("DGX-003") << QStringList{QStringLiteral("node-3")};
    QTest::newRow("exact id before partial matches")
            << QStringLiteral("leaf-1")
            << (QStringList{QStringLiteral("leaf-1")} << numbered(QStringLiteral("leaf-"), 10, 19));
    QTest::newRow("by part of a name: rail 2 of each unit")
            << QStringLiteral("r2-su")
            << QStringList{QStringLiteral("leaf-2"), QStringLiteral("leaf-10"),
                           QStringLiteral("leaf-18")};
    QTest::newRow("links by id") << QStringLiteral("link-25")
                                 << (QStringList{QStringLiteral("link-25")}
                                     << numbered(QStringLiteral("link-"), 250, 259));
    QTest::newRow("nothing") << QStringLiteral("zzz") << QStringList{};
    QTest::newRow("empty") << QString() << QStringList{};
}

void TestPropertyEdit::findByNameOrId()
{
    QFETCH(QString, text);
    QFETCH(QStringList, found);

    // 96 DGX H100: 3 scalable units of 8 leaves each, leaf-1 to leaf-24 (named
    // "leaf-r<rail>-su<unit>"), and 768 node links before the leaf-spine bundles.
    static const Project p = generated("dgx-h100", 96);
    QCOMPARE(qsl(findItems(p.topology, text.toStdString())), found);
}

QTEST_GUILESS_MAIN(TestPropertyEdit)
// An import's assumed model (Node::modelAssumed) ends when the user confirms it or chooses a
// model, the same one included; the mark is kept by the project file while it stands.
void TestPropertyEdit::anAssumedModelIsConfirmedOrReplaced()
{
    Topology t = twoNodesOneSwitch();
    t.nodes[0].modelAssumed = true;
    const Catalog &c = Catalog::builtin();

    Expected<TopologyEdit> confirm
            = editProperty(t, c, {"node-a", "node-b"}, Property::ModelAssumed, "false");
    QVERIFY(confirm);
    QCOMPARE(int(confirm->nodes.size()), 1); // node-b was no assumption
    QCOMPARE(confirm->nodes[0].id, std::string("node-a"));
    QVERIFY(!confirm->nodes[0].modelAssumed);
    QCOMPARE(confirm->nodes[0].model, std::string("dgx-h100"));

    Expected<TopologyEdit> same = editProperty(t, c, {"node-a"}, Property::Model, "dgx-h100");
    QVERIFY(same);
    QCOMPARE(int(same->nodes.size()), 1);
    QVERIFY(!same->nodes[0].modelAssumed);

    Expected<TopologyEdit> bad = editProperty(t, c, {"node-a"}, Property::ModelAssumed, "maybe");
    QVERIFY(!bad);
    QCOMPARE(qs(bad.error().where), QStringLiteral("model_assumed"));

    // The file keeps the mark while it stands, and writes nothing once confirmed.
    Project p;
    p.topology = t;
    const Json doc = projectToJson(p);
    QVERIFY(doc["topology"]["nodes"][0]["model_assumed"] == Json(true));
    QVERIFY(!doc["topology"]["nodes"][1].contains("model_assumed"));
    Expected<Project> back = parseProject(doc, "assumed.topoplan");
    QVERIFY2(back, back ? "" : back.error().text().c_str());
    QVERIFY(back->topology.nodes[0].modelAssumed);
    QVERIFY(!back->topology.nodes[1].modelAssumed);
}

#include "tst_propertyedit.moc"
