#include "engine/fabric/fabricgraph.h"
#include "tests/engine/fabricfixtures.h"

#include <QtTest>

using namespace topoplan;
using fixtures::TopologyBuilder;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

FabricGraph buildOrFail(const Topology &t)
{
    Expected<FabricGraph> g = FabricGraph::build(t, Catalog::builtin());
    if (!g)
        qFatal("%s", g.error().text().c_str());
    return *g;
}

VertexId vertexOrFail(const FabricGraph &g, const std::string &id)
{
    std::optional<VertexId> v = g.findVertex(id);
    if (!v)
        qFatal("no vertex %s", id.c_str());
    return *v;
}

int countKind(const FabricGraph &g, VertexKind kind)
{
    int n = 0;
    for (VertexId v = 0; v < g.vertexCount(); ++v)
        n += g.vertex(v).kind == kind ? 1 : 0;
    return n;
}

QStringList gpuIds(const FabricGraph &g)
{
    QStringList ids;
    for (VertexId v : g.gpus())
        ids << q(g.vertex(v).id);
    return ids;
}

QStringList domainIds(const FabricGraph &g)
{
    QStringList ids;
    for (const NVLinkDomain &d : g.domains())
        ids << q(d.id);
    return ids;
}

// A 2-tier fabric for hop counts: node-1 and node-2 on leaf-1, node-3 on leaf-2, both leaves
// on spine-1; node-4 (an MI300X) and node-5 (a PCIe server) without cables.
Topology hopTopology()
{
    TopologyBuilder b;
    const std::string leaf1 = b.addSwitch("qm9700");
    const std::string leaf2 = b.addSwitch("qm9700");
    const std::string spine = b.addSwitch("qm9700", Tier::Spine);
    for (int n = 0; n < 3; ++n) {
        const std::string node = b.node("dgx-h100");
        for (int k = 0; k < 8; ++k)
            b.cable(node, k, n < 2 ? leaf1 : leaf2, "ib-ndr");
    }
    b.node("mi300x");
    b.node("pcie-server");
    b.bundle(leaf1, spine, "ib-ndr", 4);
    b.bundle(leaf2, spine, "ib-ndr", 4);
    return b.topology;
}

} // namespace

class TestFabricGraph : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void expandsServer_data();
    void expandsServer();
    void customDomainsShareOneNVSwitch();
    void ordersDomainsAndGpus();
    void nicOfFollowsPcieAffinity_data();
    void nicOfFollowsPcieAffinity();
    void linkEdgesCarryMediumAndCount();
    void bundleAtNodeUsesConsecutiveNics();
    void linkWithoutMediumIsRefused();
    void hops_data();
    void hops();
    void switchDistancesInThreeTiers();
    void copiesKeepEdges();
    void findsVertices_data();
    void findsVertices();
    void rejects_data();
    void rejects();
};

void TestFabricGraph::expandsServer_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("nvswitches");
    QTest::addColumn<int>("nics");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("edges");
    QTest::addColumn<int>("domains");
    QTest::addColumn<double>("perGpuGBs");

    // edges: two per connection. DGX H100: 8 GPU-NVSwitch + 8 GPU-NIC connections.
    QTest::newRow("dgx-h100") << "dgx-h100" << 8 << 1 << 8 << 0 << 32 << 1 << 450.0;
    QTest::newRow("dgx-a100") << "dgx-a100" << 8 << 1 << 8 << 0 << 32 << 1 << 300.0;
    // A rack is one 72-GPU domain: 72 GPU-NVSwitch + 72 GPU-NIC connections.
    QTest::newRow("gb200-nvl72") << "gb200-nvl72" << 72 << 1 << 72 << 0 << 288 << 1 << 900.0;
    // A lone tray is a domain of its own 4 GPUs (through the switch tray it is cabled to).
    QTest::newRow("gb200-tray") << "gb200-tray" << 4 << 1 << 4 << 0 << 16 << 1 << 900.0;
    // xGMI mesh: 28 GPU pairs of one link each, plus 8 GPU-NIC connections.
    QTest::newRow("mi300x") << "mi300x" << 8 << 0 << 8 << 0 << 72 << 1 << 448.0;
    // PCIe only: 8 GPU-host + 8 GPU-NIC connections, every GPU a domain of one.
    QTest::newRow("pcie-server") << "pcie-server" << 8 << 0 << 2 << 1 << 32 << 8 << 0.0;
    // Bridged pairs: 8 GPU-host, 4 pair bridges and 8 GPU-NIC connections; a domain a pair.
    QTest::newRow("h100-nvl-server") << "h100-nvl-server" << 8 << 0 << 4 << 1 << 40 << 4 << 300.0;
    // Two 4-way bridged groups: 8 GPU-host, 2 x 6 in-group pairs and 8 GPU-NIC connections.
    QTest::newRow("h200-nvl-server") << "h200-nvl-server" << 8 << 0 << 4 << 1 << 56 << 2 << 450.0;
    // A 4-GPU HGX board: 6 GPU pairs joined directly, 4 GPU-NIC connections.
    QTest::newRow("hgx-h100-4gpu") << "hgx-h100-4gpu" << 4 << 0 << 4 << 0 << 20 << 1 << 450.0;
}

void TestFabricGraph::expandsServer()
{
    QFETCH(QString, model);
    QFETCH(int, gpus);
    QFETCH(int, nvswitches);
    QFETCH(int, nics);
    QFETCH(int, hosts);
    QFETCH(int, edges);
    QFETCH(int, domains);
    QFETCH(double, perGpuGBs);

    TopologyBuilder b;
    b.node(model.toStdString());
    const FabricGraph g = buildOrFail(b.topology);
    QCOMPARE(countKind(g, VertexKind::Gpu), gpus);
    QCOMPARE(countKind(g, VertexKind::NVSwitch), nvswitches);
    QCOMPARE(countKind(g, VertexKind::Nic), nics);
    QCOMPARE(countKind(g, VertexKind::Host), hosts);
    QCOMPARE(countKind(g, VertexKind::Switch), 0);
    QCOMPARE(int(g.vertexCount()), gpus + nvswitches + nics + hosts);
    QCOMPARE(int(g.edgeCount()), edges);
    QCOMPARE(int(g.gpus().size()), gpus);
    QCOMPARE(int(g.domains().size()), domains);
    QCOMPARE(g.domains().front().perGpuGBs, perGpuGBs);
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        QCOMPARE(g.edge(e).index, e);
        QCOMPARE(g.edge(g.edge(e).reverse).reverse, e);
        QCOMPARE(g.source(g.edge(e).reverse), g.target(e));
    }
    if (nvswitches == 1) {
        const NVLinkDomain &d = g.domains().front();
        QVERIFY(d.nvswitch.has_value());
        QCOMPARE(q(g.vertex(*d.nvswitch).id), QStringLiteral("node-1/nvswitch"));
        const FabricEdge &up = g.edge(g.gpuPorts(d.gpus[0]).nvlinkUp);
        QCOMPARE(up.capacityGBs, perGpuGBs);
        QCOMPARE(up.linkClass, LinkClass::NVLink);
    }
}

void TestFabricGraph::customDomainsShareOneNVSwitch()
{
    TopologyBuilder b;
    const std::string dom1 = b.domain();
    const std::string dom2 = b.domain();
    for (int t = 0; t < 36; ++t)
        b.node("gb200-tray", t < 18 ? dom1 : dom2);
    const FabricGraph g = buildOrFail(b.topology);

    QCOMPARE(domainIds(g), QStringList({QStringLiteral("dom-1"), QStringLiteral("dom-2")}));
    QCOMPARE(countKind(g, VertexKind::Gpu), 144);
    QCOMPARE(countKind(g, VertexKind::NVSwitch), 2);
    QCOMPARE(countKind(g, VertexKind::Nic), 144);
    for (const NVLinkDomain &d : g.domains()) {
        QCOMPARE(int(d.gpus.size()), 72);
        QCOMPARE(int(d.nodes.size()), 18);
        QVERIFY(d.custom);
        QCOMPARE(q(g.vertex(*d.nvswitch).id), q(d.id) + QStringLiteral("/nvswitch"));
        QCOMPARE(g.vertex(*d.nvswitch).node, -1);
    }
    // NVLink 5: 18 links x 50 GB/s per direction, x 0.8 efficiency.
    const VertexId gpu = vertexOrFail(g, "node-20/gpu3");
    QCOMPARE(g.domainOf(gpu), 1);
    const FabricEdge &up = g.edge(g.gpuPorts(gpu).nvlinkUp);
    QCOMPARE(up.capacityGBs, 900.0);
    QCOMPARE(up.effectiveGBs, 720.0);
    QCOMPARE(up.count, 18);
    QCOMPARE(g.target(up.index), *g.domains()[1].nvswitch);
    QCOMPARE(*g.hops(vertexOrFail(g, "node-1/gpu0"), vertexOrFail(g, "node-18/gpu3")), 2);
    QCOMPARE(*g.switchHops(vertexOrFail(g, "node-1/gpu0"), vertexOrFail(g, "node-18/gpu3")), 0);
}

void TestFabricGraph::ordersDomainsAndGpus()
{
    // Custom domains come first in file order (dom-1 is listed first but its member comes
    // last), then the other nodes' domains in node order.
    TopologyBuilder b;
    const std::string dom1 = b.domain();
    const std::string dom2 = b.domain();
    b.node("dgx-h100");         // node-1
    b.node("gb200-tray", dom2); // node-2
    b.node("pcie-server");      // node-3
    b.node("gb200-tray", dom1); // node-4
    b.node("gb200-tray", dom2); // node-5
    b.topology.domains.push_back({"dom-empty", "unused"});
    const FabricGraph g = buildOrFail(b.topology);

    QStringList expectedDomains
            = {QStringLiteral("dom-1"), QStringLiteral("dom-2"), QStringLiteral("node-1")};
    for (int i = 0; i < 8; ++i)
        expectedDomains << QStringLiteral("node-3/gpu%1").arg(i);
    QCOMPARE(domainIds(g), expectedDomains);

    QStringList expectedGpus;
    for (const char *node : {"node-4", "node-2", "node-5"}) {
        for (int i = 0; i < 4; ++i)
            expectedGpus << QStringLiteral("%1/gpu%2").arg(QLatin1String(node)).arg(i);
    }
    for (const char *node : {"node-1", "node-3"}) {
        for (int i = 0; i < 8; ++i)
            expectedGpus << QStringLiteral("%1/gpu%2").arg(QLatin1String(node)).arg(i);
    }
    QCOMPARE(gpuIds(g), expectedGpus);
    for (int i = 0; i < int(g.gpus().size()); ++i)
        QCOMPARE(g.gpuIndex(g.gpus()[i]), i);
    QCOMPARE(g.domains()[1].nodes, std::vector<int>({1, 4}));
    QCOMPARE(g.domainOf(vertexOrFail(g, "node-3/gpu5")), 3 + 5);
    QCOMPARE(g.gpuIndex(vertexOrFail(g, "node-1/nvswitch")), -1);
}

void TestFabricGraph::nicOfFollowsPcieAffinity_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("gpu");
    QTest::addColumn<QString>("nic");

    QTest::newRow("dgx-h100 gpu0") << "dgx-h100" << 0 << "node-1/nic0";
    QTest::newRow("dgx-h100 gpu7") << "dgx-h100" << 7 << "node-1/nic7";
    QTest::newRow("nvl72 gpu71") << "gb200-nvl72" << 71 << "node-1/nic71";
    // 8 GPUs on 2 NICs: GPU i to NIC i*2/8.
    QTest::newRow("pcie gpu3") << "pcie-server" << 3 << "node-1/nic0";
    QTest::newRow("pcie gpu4") << "pcie-server" << 4 << "node-1/nic1";
    QTest::newRow("pcie gpu7") << "pcie-server" << 7 << "node-1/nic1";
}

void TestFabricGraph::nicOfFollowsPcieAffinity()
{
    QFETCH(QString, model);
    QFETCH(int, gpu);
    QFETCH(QString, nic);

    TopologyBuilder b;
    b.node(model.toStdString());
    const FabricGraph g = buildOrFail(b.topology);
    const VertexId v = vertexOrFail(g, "node-1/gpu" + std::to_string(gpu));
    const std::optional<VertexId> found = g.nicOf(v);
    QVERIFY(found.has_value());
    QCOMPARE(q(g.vertex(*found).id), nic);
    const FabricEdge &up = g.edge(g.gpuPorts(v).nicUp);
    QCOMPARE(g.target(up.index), *found);
    QCOMPARE(up.linkClass, LinkClass::PCIe);
    QCOMPARE(up.capacityGBs, 63.0); // PCIe Gen5 x16
    QCOMPARE(g.nicOf(vertexOrFail(g, "node-1/nic0")), std::optional<VertexId>());
}

void TestFabricGraph::linkEdgesCarryMediumAndCount()
{
    TopologyBuilder b;
    const std::string leaf = b.addSwitch("qm9700");
    const std::string spine = b.addSwitch("qm9700", Tier::Spine);
    const std::string node = b.node("dgx-h100");
    const std::string cable = b.cable(node, 2, leaf, "ib-ndr");
    const std::string uplink = b.bundle(leaf, spine, "ib-ndr", 2);
    const FabricGraph g = buildOrFail(b.topology);

    const VertexId nic = vertexOrFail(g, "node-1/nic2");
    QCOMPARE(int(g.nicUplinks(nic).size()), 1);
    const NicUplink &u = g.nicUplinks(nic)[0];
    QCOMPARE(u.sw, 0);
    const FabricEdge &up = g.edge(u.up);
    QCOMPARE(up.capacityGBs, 50.0);
    QCOMPARE(up.effectiveGBs, 47.0);
    QCOMPARE(up.latencyUs, 9.6);
    QCOMPARE(up.linkClass, LinkClass::InfiniBand);
    QCOMPARE(up.link, 0);
    QCOMPARE(q(g.edgeLabel(u.up)), q(cable));
    QCOMPARE(q(g.edgeLabel(u.down)), q(cable));

    QCOMPARE(int(g.switchLinks(0).size()), 1);
    const SwitchLink &l = g.switchLinks(0)[0];
    QCOMPARE(l.to, 1);
    QCOMPARE(l.count, 2);
    QCOMPARE(g.edge(l.edge).capacityGBs, 100.0);
    QCOMPARE(g.edge(l.edge).effectiveGBs, 94.0);
    QCOMPARE(q(g.edgeLabel(l.edge)), q(uplink));
    QCOMPARE(g.switchLatencyUs(0), 0.15); // qm9700: 150 ns

    const VertexId gpu = vertexOrFail(g, "node-1/gpu0");
    QCOMPARE(g.rates(u.up).effectiveGBs, 47.0);
    QVERIFY(!g.rates(u.up).nicAttachment);
    QVERIFY(g.rates(g.gpuPorts(gpu).nicUp).nicAttachment);
    QVERIFY(g.rates(g.gpuPorts(gpu).nicDown).nicAttachment);
    QCOMPARE(g.rates(g.gpuPorts(gpu).nvlinkUp).linkClass, LinkClass::NVLink);
    QCOMPARE(q(g.edgeLabel(g.gpuPorts(gpu).nvlinkUp)),
             QStringLiteral("node-1/gpu0->node-1/nvswitch"));
    // An unused NIC has no cable.
    QVERIFY(g.nicUplinks(vertexOrFail(g, "node-1/nic0")).empty());
}

void TestFabricGraph::bundleAtNodeUsesConsecutiveNics()
{
    // 4 cables from NICs 2..5 of node-1 to a leaf, and 2 straight to NICs 0..1 of node-2.
    TopologyBuilder b;
    const std::string leaf = b.addSwitch("qm9700");
    const std::string n1 = b.node("dgx-h100");
    const std::string n2 = b.node("dgx-h100");
    b.cable(n1, 2, leaf, "ib-ndr", 4);
    b.direct(n1, 6, n2, 0, "ib-ndr", 2);
    const FabricGraph g = buildOrFail(b.topology);

    for (int k = 0; k < 8; ++k) {
        const VertexId nic = vertexOrFail(g, "node-1/nic" + std::to_string(k));
        QCOMPARE(int(g.nicUplinks(nic).size()), k >= 2 && k <= 5 ? 1 : 0);
        QCOMPARE(int(g.nicPeers(nic).size()), k >= 6 ? 1 : 0);
    }
    const NicPeer &p = g.nicPeers(vertexOrFail(g, "node-1/nic7"))[0];
    QCOMPARE(q(g.vertex(p.nic).id), QStringLiteral("node-2/nic1"));
    QCOMPARE(g.edge(p.out).capacityGBs, 50.0);
    QCOMPARE(g.edge(p.out).reverse, p.in);
    QCOMPARE(int(g.edgeCount()), 2 * (16 + 16 + 4 + 2));
}

// A link names its medium: the builder asks validateTopology(), which names the medium both
// ends would speak, or says there is none.
void TestFabricGraph::linkWithoutMediumIsRefused()
{
    TopologyBuilder b;
    const std::string leaf = b.addSwitch("qm9700");
    const std::string n1 = b.node("dgx-h100");
    b.cable(n1, 0, leaf, "");
    Expected<FabricGraph> g = FabricGraph::build(b.topology, Catalog::builtin());
    QVERIFY(!g.ok());
    QCOMPARE(q(g.error().where), QStringLiteral("/topology/links/0/medium"));
    QVERIFY2(q(g.error().message).contains(QStringLiteral("(for this link: \"ib-ndr\")")),
             g.error().message.c_str());

    // An InfiniBand switch and an Ethernet switch share no medium.
    TopologyBuilder mixed;
    const std::string ib = mixed.addSwitch("qm9700");
    const std::string eth = mixed.addSwitch("eth-100g", Tier::Spine);
    mixed.bundle(ib, eth, "");
    g = FabricGraph::build(mixed.topology, Catalog::builtin());
    QVERIFY(!g.ok());
    QVERIFY2(q(g.error().message).contains(QStringLiteral("none that both ends speak")),
             g.error().message.c_str());
}

void TestFabricGraph::hops_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("hops");     // -1: no path
    QTest::addColumn<int>("switches"); // -1: no path

    QTest::newRow("same GPU") << "node-1/gpu0"
                              << "node-1/gpu0" << 0 << 0;
    // GPU -> NVSwitch -> GPU
    QTest::newRow("same node") << "node-1/gpu0"
                               << "node-1/gpu5" << 2 << 0;
    // GPU -> NIC -> leaf -> NIC -> GPU
    QTest::newRow("same leaf") << "node-1/gpu0"
                               << "node-2/gpu0" << 4 << 1;
    QTest::newRow("same leaf, other rail") << "node-1/gpu0"
                                           << "node-2/gpu7" << 4 << 1;
    // ... -> leaf -> spine -> leaf -> ...
    QTest::newRow("via spine") << "node-1/gpu3"
                               << "node-3/gpu3" << 6 << 3;
    QTest::newRow("via spine, back") << "node-3/gpu3"
                                     << "node-1/gpu3" << 6 << 3;
    // xGMI: a direct link between every pair
    QTest::newRow("mesh") << "node-4/gpu0"
                          << "node-4/gpu7" << 1 << 0;
    // Separate domains, one host: GPU -> PCIe root -> GPU
    QTest::newRow("pcie host") << "node-5/gpu0"
                               << "node-5/gpu7" << 2 << 0;
    QTest::newRow("no cable") << "node-1/gpu0"
                              << "node-4/gpu0" << -1 << -1;
}

void TestFabricGraph::hops()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, hops);
    QFETCH(int, switches);

    const FabricGraph g = buildOrFail(hopTopology());
    const VertexId va = vertexOrFail(g, a.toStdString());
    const VertexId vb = vertexOrFail(g, b.toStdString());
    QCOMPARE(g.hops(va, vb).value_or(-1), hops);
    QCOMPARE(g.switchHops(va, vb).value_or(-1), switches);
}

void TestFabricGraph::switchDistancesInThreeTiers()
{
    // 256 DGX H100: 64 leaves in 2 pods of 32, 64 spines, 32 cores (one per plane).
    const FabricGraph g = buildOrFail(fixtures::fatTree(256, 3));
    QCOMPARE(g.switchCount(), 64 + 64 + 32);
    const auto d = g.switchDistances(0); // leaf-1
    QCOMPARE(int(d[0]), 0);
    QCOMPARE(int(d[31]), 2);  // a leaf of the same pod: via a spine
    QCOMPARE(int(d[32]), 4);  // a leaf of the other pod: via a core
    QCOMPARE(int(d[64]), 1);  // a spine of its pod
    QCOMPARE(int(d[96]), 3);  // a spine of the other pod
    QCOMPARE(int(d[128]), 2); // a core
    for (int s = 0; s < g.switchCount(); ++s)
        QCOMPARE(g.switchDistances(s)[0], d[s]);
    QCOMPARE(*g.switchHops(vertexOrFail(g, "node-1/gpu0"), vertexOrFail(g, "node-256/gpu0")), 5);
    QCOMPARE(*g.hops(vertexOrFail(g, "node-1/gpu0"), vertexOrFail(g, "node-256/gpu0")), 8);

    // Two fabrics that share no switch cannot reach each other.
    TopologyBuilder b;
    const std::string l1 = b.addSwitch("qm9700");
    const std::string l2 = b.addSwitch("qm9700");
    b.cable(b.node("dgx-h100"), 0, l1, "ib-ndr");
    b.cable(b.node("dgx-h100"), 0, l2, "ib-ndr");
    const FabricGraph split = buildOrFail(b.topology);
    QCOMPARE(split.switchDistances(0)[1], FabricGraph::kUnreachable);
    QVERIFY(!split.hops(vertexOrFail(split, "node-1/gpu0"), vertexOrFail(split, "node-2/gpu0")));
}

void TestFabricGraph::copiesKeepEdges()
{
    std::optional<FabricGraph> original = buildOrFail(hopTopology());
    const FabricGraph copy = *original;
    const std::size_t edges = original->edgeCount();
    original.reset();
    QCOMPARE(copy.edgeCount(), edges);
    const VertexId gpu = vertexOrFail(copy, "node-2/gpu1");
    const FabricEdge &up = copy.edge(copy.gpuPorts(gpu).nicUp);
    QCOMPARE(q(copy.vertex(copy.target(up.index)).id), QStringLiteral("node-2/nic1"));
    QCOMPARE(up.capacityGBs, 63.0);
}

void TestFabricGraph::findsVertices_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("found");
    QTest::addColumn<int>("kind");

    QTest::newRow("gpu") << "node-1/gpu7" << true << int(VertexKind::Gpu);
    QTest::newRow("nic") << "node-1/nic0" << true << int(VertexKind::Nic);
    QTest::newRow("board nvswitch") << "node-1/nvswitch" << true << int(VertexKind::NVSwitch);
    QTest::newRow("host") << "node-2/host" << true << int(VertexKind::Host);
    QTest::newRow("domain nvswitch") << "dom-1/nvswitch" << true << int(VertexKind::NVSwitch);
    QTest::newRow("switch") << "leaf-1" << true << int(VertexKind::Switch);
    QTest::newRow("tray gpu") << "node-3/gpu3" << true << int(VertexKind::Gpu);
    QTest::newRow("no such gpu") << "node-1/gpu8" << false << -1;
    QTest::newRow("leading zero") << "node-1/gpu07" << false << -1;
    QTest::newRow("tray in a domain has no nvswitch") << "node-3/nvswitch" << false << -1;
    QTest::newRow("pcie server has no nvswitch") << "node-2/nvswitch" << false << -1;
    QTest::newRow("board has no host") << "node-1/host" << false << -1;
    QTest::newRow("a node is no vertex") << "node-1" << false << -1;
    QTest::newRow("unknown device") << "node-9/gpu0" << false << -1;
    QTest::newRow("switch has no parts") << "leaf-1/gpu0" << false << -1;
}

void TestFabricGraph::findsVertices()
{
    QFETCH(QString, id);
    QFETCH(bool, found);
    QFETCH(int, kind);

    TopologyBuilder b;
    const std::string dom = b.domain();
    const std::string leaf = b.addSwitch("qm9700");
    b.cable(b.node("dgx-h100"), 0, leaf, "ib-ndr");
    b.node("pcie-server");
    b.node("gb200-tray", dom);
    const FabricGraph g = buildOrFail(b.topology);
    const std::optional<VertexId> v = g.findVertex(id.toStdString());
    QCOMPARE(v.has_value(), found);
    if (v) {
        QCOMPARE(q(g.vertex(*v).id), id);
        QCOMPARE(int(g.vertex(*v).kind), kind);
    }
}

void TestFabricGraph::rejects_data()
{
    QTest::addColumn<int>("mutation");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");

    // The validator's words (validateTopology(), which the builder asks first).
    QTest::newRow("unknown server")
            << 0 << "/topology/nodes/1/model"
            << "unknown server model \"dgx-h900\" (did you mean \"dgx-h100\"? known server "
               "models: dgx-h100, dgx-a100, dgx-b200, dgx-b300, hgx-h200 and 12 more)";
    QTest::newRow("unknown switch")
            << 1 << "/topology/switches/0/model"
            << "unknown switch model \"qm1\" (known switch models: q3200, q3400, qm8700, "
               "qm9700, qm9790 and 6 more)";
    QTest::newRow("unknown device")
            << 2 << "/topology/links/0/b/device"
            << "no node or switch has the id \"leaf-9\" (did you mean \"leaf-1\"? known "
               "devices: leaf-1, node-1, node-2)";
    QTest::newRow("port out of range")
            << 3 << "/topology/links/1/a/port"
            << "ports 7 to 8 (a bundle of 2 cables) do not exist: \"node-1\" (dgx-h100) has 8 "
               "compute NICs, numbered 0 to 7";
    QTest::newRow("unknown medium")
            << 4 << "/topology/links/0/medium"
            << "unknown medium \"ib-fdr\" (did you mean \"ib-hdr\"? known network media: "
               "ib-hdr, ib-ndr, ib-xdr, eth-100, eth-400 and 3 more)";
    QTest::newRow("unknown domain")
            << 5 << "/topology/nodes/0/domain"
            << "no NVLink domain has the id \"dom-7\" (did you mean \"dom-1\"? known domains: "
               "dom-1)";
    QTest::newRow("board server in a domain")
            << 6 << "/topology/nodes/0/domain"
            << "node \"node-1\" (dgx-h100) cannot join NVLink domain \"dom-1\": its NVLink stays "
               "on its own NVSwitch baseboard. Only servers whose NVLink leaves the box can be "
               "placed in a domain (gb200-tray, gb300-tray)";
    QTest::newRow("empty bundle") << 7 << "/topology/links/0/count"
                                  << "expected a positive number of cables, found 0";
    QTest::newRow("link to a domain")
            << 8 << "/topology/links/0/a/device"
            << "\"dom-1\" is an NVLink domain; a link joins nodes and switches (NVLink is "
               "expressed by placing nodes in the domain)";
}

void TestFabricGraph::rejects()
{
    QFETCH(int, mutation);
    QFETCH(QString, where);
    QFETCH(QString, message);

    TopologyBuilder b;
    b.domain();
    const std::string leaf = b.addSwitch("qm9700");
    const std::string node = b.node("dgx-h100");
    b.node("dgx-h100");
    b.cable(node, 0, leaf, "ib-ndr");
    b.cable(node, 6, leaf, "ib-ndr", 2);
    Topology &t = b.topology;
    switch (mutation) {
    case 0:
        t.nodes[1].model = "dgx-h900";
        break;
    case 1:
        t.switches[0].model = "qm1";
        break;
    case 2:
        t.links[0].b.device = "leaf-9";
        break;
    case 3:
        t.links[1].a.port = 7;
        break;
    case 4:
        t.links[0].medium = "ib-fdr";
        break;
    case 5:
        t.nodes[0].domain = "dom-7";
        break;
    case 6:
        t.nodes[0].domain = "dom-1";
        break;
    case 7:
        t.links[0].count = 0;
        break;
    case 8:
        b.node("gb200-tray", "dom-1"); // the domain is in use
        t.links[0].a.device = "dom-1";
        break;
    }
    const Expected<FabricGraph> g = FabricGraph::build(t, Catalog::builtin());
    QVERIFY(!g.ok());
    QCOMPARE(q(g.error().where), where);
    QCOMPARE(q(g.error().message), message);
}

QTEST_GUILESS_MAIN(TestFabricGraph)
#include "tst_fabricgraph.moc"
