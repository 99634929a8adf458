// Copying parts of a design: what a copy holds (internal links only), what a paste adds (fresh
// ids and names, free ports, a valid topology) and where replicated copies land.

#include "engine/core/jsonin.h"
#include "engine/edit/subset.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"

#include <QtTest>

#include <algorithm>
#include <set>

using namespace topoplan;

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

std::vector<std::string> toStd(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

template<typename T>
QStringList idsOf(const std::vector<T> &entries)
{
    QStringList ids;
    for (const T &e : entries)
        ids.append(qs(e.id));
    return ids;
}

// 32 DGX H100 on a rail-optimized NDR fabric: node-k's NIC i goes to leaf-(i+1) port k-1 over
// link-(8(k-1)+i+1); leaves reach spines with bundles of 8 (link-257 is leaf-1 to spine-1).
// Nodes are laid out 8 to a row, 140 apart, from (0, 400); leaf-1 is at (80, 200).
const Project &superPod()
{
    static const Project p = [] {
        GeneratorOptions o;
        o.nodeModel = "dgx-h100";
        o.nodes = 32;
        Expected<Project> generated = generateProject(o);
        if (!generated)
            qFatal("%s", generated.error().text().c_str());
        return *generated;
    }();
    return p;
}

const Project &trays()
{
    static const Project p = [] {
        GeneratorOptions o;
        o.nodeModel = "gb200-tray";
        o.nodes = 36;
        o.domainSize = 72;
        Expected<Project> generated = generateProject(o);
        if (!generated)
            qFatal("%s", generated.error().text().c_str());
        return *generated;
    }();
    return p;
}

std::set<std::string> allIds(const Project &p)
{
    std::set<std::string> ids;
    for (const Domain &d : p.topology.domains)
        ids.insert(d.id);
    for (const Node &n : p.topology.nodes)
        ids.insert(n.id);
    for (const Switch &s : p.topology.switches)
        ids.insert(s.id);
    for (const Link &l : p.topology.links)
        ids.insert(l.id);
    return ids;
}

// The built-in catalog with a QM9700 of only `ports` ports.
Catalog smallSwitchCatalog(int ports)
{
    const Json overrides = {{"switches", Json::array({{{"id", "qm9700"},
                                                       {"name", "Small QM9700"},
                                                       {"protocol", "infiniband"},
                                                       {"rdma", true},
                                                       {"ports", ports},
                                                       {"port_gbit_s", 400},
                                                       {"medium", "ib-ndr"},
                                                       {"latency_ns", 150},
                                                       {"source", "test"}}})}};
    Expected<Catalog> c = Catalog::builtin().merged(JsonIn(overrides, "test", "/catalog"));
    if (!c)
        qFatal("%s", c.error().text().c_str());
    return *c;
}

} // namespace

class TestSubset : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extractKeepsInternalLinksOnly_data();
    void extractKeepsInternalLinksOnly();
    void extractDomainBringsItsMembers();
    void pasteGivesFreshIdsAndValidTopology();
    void pasteNamesCountOn();
    void pasteMovesOrDropsLinksWithoutFreePorts();
    void pasteRefusesUnknownModels();
    void replicateGrid_data();
    void replicateGrid();
    void replicateErrors_data();
    void replicateErrors();
    void freeOffsetClearsTheDrawing();
};

void TestSubset::extractKeepsInternalLinksOnly_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("switches");
    QTest::addColumn<QStringList>("links");

    QTest::newRow("four nodes and their rail-1 leaf")
            << QStringList{QStringLiteral("node-5"), QStringLiteral("node-6"),
                           QStringLiteral("node-7"), QStringLiteral("node-8"),
                           QStringLiteral("leaf-1")}
            << 4 << 1
            << QStringList{QStringLiteral("link-33"), QStringLiteral("link-41"),
                           QStringLiteral("link-49"), QStringLiteral("link-57")};
    QTest::newRow("nodes alone: their leaves are outside")
            << QStringList{QStringLiteral("node-1"), QStringLiteral("node-2")} << 2 << 0
            << QStringList{};
    QTest::newRow("a leaf and a spine: their bundle")
            << QStringList{QStringLiteral("leaf-1"), QStringLiteral("spine-1")} << 0 << 2
            << QStringList{QStringLiteral("link-257")};
    QTest::newRow("a selected link with an end outside")
            << QStringList{QStringLiteral("node-1"), QStringLiteral("link-1")} << 1 << 0
            << QStringList{};
    QTest::newRow("unknown ids are ignored")
            << QStringList{QStringLiteral("leaf-2"), QStringLiteral("nothing")} << 0 << 1
            << QStringList{};
}

void TestSubset::extractKeepsInternalLinksOnly()
{
    QFETCH(QStringList, ids);
    QFETCH(int, nodes);
    QFETCH(int, switches);
    QFETCH(QStringList, links);

    const Project fragment = extractSubset(superPod(), toStd(ids));
    QCOMPARE(int(fragment.topology.nodes.size()), nodes);
    QCOMPARE(int(fragment.topology.switches.size()), switches);
    QCOMPARE(idsOf(fragment.topology.links), links);
    // Entries are copied as they are, with their layout (devices only).
    QCOMPARE(int(fragment.layout.items.size()), nodes + switches);
    for (const Node &n : fragment.topology.nodes) {
        QCOMPARE(n, *superPod().topology.node(n.id));
        QCOMPARE(fragment.layout.items.at(n.id), superPod().layout.items.at(n.id));
    }
    // A fragment is a valid project of its own.
    QVERIFY(!validateTopology(fragment.topology, Catalog::builtin(), {}));
}

void TestSubset::extractDomainBringsItsMembers()
{
    const Project &p = trays();
    QCOMPARE(int(p.topology.domains.size()), 2);
    const std::string domain = p.topology.domains[0].id;

    const Project whole = extractSubset(p, {domain});
    QCOMPARE(int(whole.topology.domains.size()), 1);
    QCOMPARE(int(whole.topology.nodes.size()), 18);
    for (const Node &n : whole.topology.nodes)
        QCOMPARE(n.domain, domain);
    QVERIFY(whole.layout.items.count(domain));

    // A tray copied without its domain box is in no domain in the copy.
    const std::string tray = whole.topology.nodes[3].id;
    const Project alone = extractSubset(p, {tray});
    QCOMPARE(int(alone.topology.nodes.size()), 1);
    QCOMPARE(alone.topology.nodes[0].domain, std::string());
    QVERIFY(alone.topology.domains.empty());
}

void TestSubset::pasteGivesFreshIdsAndValidTopology()
{
    const Project &target = superPod();
    const Project fragment
            = extractSubset(target, {"node-5", "node-6", "node-7", "node-8", "leaf-1"});
    const Expected<SubsetPaste> paste = pasteSubset(target, fragment, {10, 600});
    QVERIFY2(paste, paste ? "" : paste.error().text().c_str());

    // Ids numbered above every id of their family, so none is taken.
    QCOMPARE(paste->newIds.at("node-5"), std::string("node-33"));
    QCOMPARE(paste->newIds.at("node-8"), std::string("node-36"));
    QCOMPARE(paste->newIds.at("leaf-1"), std::string("leaf-9"));
    QCOMPARE(paste->newIds.at("link-33"), std::string("link-289"));
    const std::set<std::string> before = allIds(target);
    for (const auto &[old, id] : paste->newIds)
        QVERIFY2(!before.count(id), id.c_str());

    // Names taken already get a suffix.
    QCOMPARE(paste->added.nodes[0].name, std::string("dgx-005 (2)"));
    QCOMPARE(paste->added.switches[0].name, std::string("leaf-r1-su1 (2)"));

    // The internal links join the copies on the same ports.
    QCOMPARE(int(paste->added.links.size()), 4);
    const Link &first = paste->added.links[0];
    QCOMPARE(first.a, (Endpoint{"node-33", 0}));
    QCOMPARE(first.b, (Endpoint{"leaf-9", 4}));
    QCOMPARE(first.medium, std::string("ib-ndr"));
    QVERIFY(paste->notes.empty());

    // Layout moved by the offset.
    const LayoutItem &was = target.layout.items.at("node-5");
    const LayoutItem &now = paste->layout.items.at("node-33");
    QCOMPARE(now.x, was.x + 10);
    QCOMPARE(now.y, was.y + 600);

    Project merged = target;
    applySubset(merged, *paste);
    QCOMPARE(int(merged.topology.nodes.size()), 36);
    QCOMPARE(int(merged.topology.links.size()), 292);
    QCOMPARE(merged.topology.links.back().id, std::string("link-292"));
    const std::optional<Error> error = validateTopology(merged.topology, Catalog::builtin(), {});
    QVERIFY2(!error, error ? error->text().c_str() : "");
}

void TestSubset::pasteNamesCountOn()
{
    Project p = superPod();
    const Project fragment = extractSubset(p, {"node-1"});
    for (const char *expected : {"dgx-001 (2)", "dgx-001 (3)", "dgx-001 (4)"}) {
        const Expected<SubsetPaste> paste = pasteSubset(p, fragment, {});
        QVERIFY(paste);
        QCOMPARE(paste->added.nodes[0].name, std::string(expected));
        applySubset(p, *paste);
    }
    // A copy of a copy counts on from the original name.
    const Expected<SubsetPaste> again = pasteSubset(p, extractSubset(p, {"node-34"}), {});
    QVERIFY(again);
    QCOMPARE(again->added.nodes[0].name, std::string("dgx-001 (5)"));
    // Into a project without that name, the name stays as it is.
    const Expected<SubsetPaste> elsewhere = pasteSubset(Project{}, fragment, {});
    QVERIFY(elsewhere);
    QCOMPARE(elsewhere->added.nodes[0].name, std::string("dgx-001"));
    QCOMPARE(elsewhere->added.nodes[0].id, std::string("node-1"));
}

void TestSubset::pasteMovesOrDropsLinksWithoutFreePorts()
{
    // The copied nodes sit on ports 4 to 7 of leaf-1; where a QM9700 has 3 ports, the first
    // three links move to ports 0 to 2 and the fourth has no port left.
    const Project fragment
            = extractSubset(superPod(), {"node-5", "node-6", "node-7", "node-8", "leaf-1"});
    const Catalog small = smallSwitchCatalog(3);
    const Expected<SubsetPaste> paste = pasteSubset(Project{}, fragment, {}, small);
    QVERIFY2(paste, paste ? "" : paste.error().text().c_str());
    QCOMPARE(idsOf(paste->added.links),
             (QStringList{QStringLiteral("link-1"), QStringLiteral("link-2"),
                          QStringLiteral("link-3")}));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(paste->added.links[std::size_t(i)].b.port, i);
    QCOMPARE(paste->notes.size(), std::size_t(5));
    // The node whose link was left out is said to be uncabled.
    QCOMPARE(qs(paste->notes[4]),
             QStringLiteral("dgx-008 is not cabled: connect it to the fabric with Connect (C)"));
    QCOMPARE(qs(paste->notes[0]),
             QStringLiteral("link \"link-1\" moved to free ports: \"node-1\" port 0, \"leaf-1\" "
                            "port 0"));
    QCOMPARE(qs(paste->notes[3]),
             QStringLiteral("link \"link-57\" (1 cable from \"node-4\" to \"leaf-1\") left out: "
                            "\"leaf-1\" has 0 free ports, not a run of 1"));
    Project merged;
    applySubset(merged, *paste);
    QVERIFY(!validateTopology(merged.topology, small, {}));
}

void TestSubset::pasteRefusesUnknownModels()
{
    Project fragment;
    fragment.topology.nodes.push_back(Node{"node-1", "custom", "my-server", {}});
    const Expected<SubsetPaste> paste = pasteSubset(superPod(), fragment, {});
    QVERIFY(!paste);
    QCOMPARE(qs(paste.error().message),
             QStringLiteral("node \"node-1\" is a \"my-server\", a server model this project's "
                            "catalog does not know"));
}

void TestSubset::replicateGrid_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<double>("spacing");

    QTest::newRow("a row of 4") << 1 << 4 << 40.0;
    QTest::newRow("2 x 3") << 2 << 3 << 40.0;
    QTest::newRow("a column of 3, no gap") << 3 << 1 << 0.0;
}

void TestSubset::replicateGrid()
{
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(double, spacing);

    // node-1..4 at (0, 400) to (420, 400), 120 x 60 each, and leaf-1 at (80, 200): the
    // selection covers 540 x 260.
    const Project &p = superPod();
    const std::vector<std::string> ids{"node-1", "node-2", "node-3", "node-4", "leaf-1"};
    const Expected<SubsetPaste> paste = replicate(p, ids, rows, columns, spacing);
    QVERIFY2(paste, paste ? "" : paste.error().text().c_str());

    const int copies = rows * columns - 1;
    QCOMPARE(int(paste->added.nodes.size()), 4 * copies);
    QCOMPARE(int(paste->added.switches.size()), copies);
    // node-k's NIC 0 goes to leaf-1: four links inside the selection, in every copy.
    QCOMPARE(int(paste->added.links.size()), 4 * copies);

    // Copies in row-major order, the original being cell (0, 0).
    int copy = 0;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            if (r == 0 && c == 0)
                continue;
            const Node &first = paste->added.nodes[std::size_t(4 * copy)];
            const LayoutItem &item = paste->layout.items.at(first.id);
            QCOMPARE(item.x, c * (540 + spacing));
            QCOMPARE(item.y, 400 + r * (260 + spacing));
            const Switch &leaf = paste->added.switches[std::size_t(copy)];
            QCOMPARE(paste->layout.items.at(leaf.id).x, 80 + c * (540 + spacing));
            ++copy;
        }
    }

    Project merged = p;
    applySubset(merged, *paste);
    const std::optional<Error> error = validateTopology(merged.topology, Catalog::builtin(), {});
    QVERIFY2(!error, error ? error->text().c_str() : "");
}

void TestSubset::replicateErrors_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<double>("spacing");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");

    const QStringList nodes{QStringLiteral("node-1")};
    QTest::newRow("no rows") << nodes << 0 << 2 << 10.0 << QStringLiteral("rows")
                             << QStringLiteral("expected at least 1 row, got 0");
    QTest::newRow("no columns") << nodes << 2 << -1 << 10.0 << QStringLiteral("columns")
                                << QStringLiteral("expected at least 1 column, got -1");
    QTest::newRow("one cell")
            << nodes << 1 << 1 << 10.0 << QStringLiteral("columns")
            << QStringLiteral("a grid of 1 x 1 is the selection itself; ask for 2 cells or more");
    QTest::newRow("negative spacing")
            << nodes << 1 << 2 << -5.0 << QStringLiteral("spacing")
            << QStringLiteral("expected a spacing of 0 or more scene units");
    QTest::newRow("only a link")
            << QStringList{QStringLiteral("link-1")} << 1 << 2 << 10.0
            << QStringLiteral("selection")
            << QStringLiteral("select nodes, switches or NVLink domains to replicate");
}

void TestSubset::replicateErrors()
{
    QFETCH(QStringList, ids);
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(double, spacing);
    QFETCH(QString, where);
    QFETCH(QString, message);

    const Expected<SubsetPaste> paste = replicate(superPod(), toStd(ids), rows, columns, spacing);
    QVERIFY(!paste);
    QCOMPARE(qs(paste.error().where), where);
    QCOMPARE(qs(paste.error().message), message);
}

void TestSubset::freeOffsetClearsTheDrawing()
{
    // node-1..4 span x 0 to 540; one step right (540 + 80) still covers node-5..8 (up to
    // 1100), two steps clear the rows of nodes.
    const Project &p = superPod();
    const Project fragment = extractSubset(p, {"node-1", "node-2", "node-3", "node-4"});
    const LayoutBounds b = layoutBounds(fragment);
    QVERIFY(!b.empty);
    QCOMPARE(b.x, 0.0);
    QCOMPARE(b.y, 400.0);
    QCOMPARE(b.w, 540.0);
    QCOMPARE(b.h, 60.0);
    QCOMPARE(freeOffset(p, fragment, 80), (LayoutOffset{1240, 0}));
    // Into an empty project one step is clear.
    QCOMPARE(freeOffset(Project{}, fragment, 80), (LayoutOffset{620, 0}));
    QVERIFY(layoutBounds(Project{}).empty);
}

QTEST_GUILESS_MAIN(TestSubset)
#include "tst_subset.moc"
