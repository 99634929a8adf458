#include "engine/fabric/routing.h"
#include "engine/generate/generator.h"
#include "tests/engine/fabricfixtures.h"

#include <QtTest>

#include <cmath>

using namespace topoplan;
using fixtures::TopologyBuilder;

namespace {

// Effective rates from resources/catalog.json: NVLink 4 per H100, 18 x 25 GB/s x 0.82; NVLink 5
// per B200/GB200, 18 x 50 x 0.8; one NDR port, 50 x 0.94; one 100 GbE TCP port, 12.5 x 0.55.
constexpr double kNvlink4 = 18 * 25 * 0.82;
constexpr double kNvlink5 = 18 * 50 * 0.8;
constexpr double kNdr = 50 * 0.94;
constexpr double kEth100 = 12.5 * 0.55;
// Measured 8 x H100 ring all-reduce bus bandwidth (NVIDIA/nccl-tests issues 212 and 290).
constexpr double kMeasuredH100Ring = 370;

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

VertexId gpu(const FabricGraph &g, int node, int local)
{
    const std::string id = "node-" + std::to_string(node) + "/gpu" + std::to_string(local);
    std::optional<VertexId> v = g.findVertex(id);
    if (!v)
        qFatal("no GPU %s", id.c_str());
    return *v;
}

// GPUs first..first+count-1 of each of the nodes (1-based).
std::vector<VertexId> gpusOf(const FabricGraph &g, const std::vector<int> &nodes, int first,
                             int count)
{
    std::vector<VertexId> out;
    for (int n : nodes) {
        for (int i = first; i < first + count; ++i)
            out.push_back(gpu(g, n, i));
    }
    return out;
}

std::vector<int> range(int first, int last)
{
    std::vector<int> out;
    for (int i = first; i <= last; ++i)
        out.push_back(i);
    return out;
}

// |actual - expected| within `tolerance` (a fraction) of expected.
bool near(double actual, double expected, double tolerance)
{
    return std::fabs(actual - expected) <= tolerance * expected;
}

QByteArray describe(double actual, double expected)
{
    return QByteArray("got ") + QByteArray::number(actual) + ", expected "
           + QByteArray::number(expected);
}

#define QCOMPARE_NEAR(actual, expected, tolerance) \
    QVERIFY2(near((actual), (expected), (tolerance)), describe((actual), (expected)).constData())

double loadOn(const FabricGraph &g, const RouteResult &r, std::size_t edge)
{
    return edge < g.edgeCount() ? r.edgeLoad[edge] : 0.0;
}

// The load on every edge of a topology link (both directions summed).
double linkLoad(const FabricGraph &g, const RouteResult &r, const std::string &linkId)
{
    double sum = 0;
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        if (g.edge(e).link >= 0 && g.edgeLabel(e) == linkId)
            sum += r.edgeLoad[e];
    }
    return sum;
}

// Two servers of `model` whose eight NICs are cabled to one switch of `switchModel`.
Topology twoNodes(const std::string &model, const std::string &switchModel,
                  const std::string &medium)
{
    return fixtures::nodesOnOneLeaf(2, model, 8, switchModel, medium);
}

// 8 DGX H100 on two leaves, odd nodes on leaf-1 and even ones on leaf-2, so that every ring
// step between neighbouring nodes climbs to the spines. Each leaf has 32 NIC cables down and
// `uplinks` cables up, spread over 2 spines.
Topology alternatingLeaves(int uplinks)
{
    TopologyBuilder b;
    const std::string leaves[2] = {b.addSwitch("qm9700"), b.addSwitch("qm9700")};
    const std::string spines[2]
            = {b.addSwitch("qm9700", Tier::Spine), b.addSwitch("qm9700", Tier::Spine)};
    for (int n = 0; n < 8; ++n) {
        const std::string node = b.node("dgx-h100");
        for (int k = 0; k < 8; ++k)
            b.cable(node, k, leaves[n % 2], "ib-ndr");
    }
    for (const std::string &leaf : leaves) {
        for (const std::string &spine : spines)
            b.bundle(leaf, spine, "ib-ndr", uplinks / 2);
    }
    return b.topology;
}

} // namespace

class TestRouting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tensorParallelInOneDgx();
    void dataParallelOneGpuPerNode();
    void tensorParallel16UsesEveryNic();
    void railOptimizedDataParallel();
    void generatedScalableUnit();
    void oversubscribedFatTreeHalvesDataParallel_data();
    void oversubscribedFatTreeHalvesDataParallel();
    void ethernetBelowInfiniBandBelowNVLink();
    void nodeWithoutCableIsNotConnected();
    void meshAndPcieServers_data();
    void meshAndPcieServers();
    void bridgedPairsAndFourGpuMesh();
    void allToAllAcrossNodes();
    void sendRecvPairs();
    void ecmpSplitsByCableCount();
    void twoCablesOnOneNicAreRefused();
    void directNicCable();
    void pathLatency_data();
    void pathLatency();
    void singleGpuGroup();
    void railOnlyForwardsOverNvlink();
    void railOnlyAllToAllForwardsEveryOtherRail();
    void multiPlaneRingUsesEveryPlane();
};

void TestRouting::tensorParallelInOneDgx()
{
    const FabricGraph g
            = buildOrFail(fixtures::nodesOnOneLeaf(1, "dgx-h100", 8, "qm9700", "ib-ndr"));
    const RouteResult r = routeConcurrent(g, {gpusOf(g, {1}, 0, 8)}, Collective::AllReduce);
    QCOMPARE(r.groups.size(), std::size_t(1));
    const GroupRoute &tp = r.groups[0];
    // Ring over the NVSwitch: one unit on every GPU's NVLink each way: 18 x 25 x 0.82 = 369,
    // within 10% of the measured 370 GB/s.
    QCOMPARE_NEAR(tp.busbwGBs, kNvlink4, 1e-9);
    QCOMPARE_NEAR(tp.busbwGBs, kMeasuredH100Ring, 0.10);
    QCOMPARE(tp.linkClass, LinkClass::NVLink);
    QVERIFY(!tp.crossesDomain);
    QVERIFY(tp.connected);
    QCOMPARE(tp.maxHops, 2);
    QCOMPARE(tp.maxSwitchHops, 0);
    QCOMPARE(tp.pathLatencyUs, 6.8); // two NVLink hops of 3.4 us
    QVERIFY(tp.bottleneckId.find("/nvswitch") != std::string::npos);
    QCOMPARE(tp.domainIds, std::vector<std::string>({"node-1"}));
    // A group wholly in one domain never touches a NIC.
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        const bool nvlink = g.edge(e).linkClass == LinkClass::NVLink;
        QCOMPARE(r.edgeLoad[e], nvlink ? 1.0 : 0.0);
    }
}

void TestRouting::dataParallelOneGpuPerNode()
{
    const FabricGraph g
            = buildOrFail(fixtures::nodesOnOneLeaf(4, "dgx-h100", 8, "qm9700", "ib-ndr"));
    const RouteResult r = routeConcurrent(g, {gpusOf(g, range(1, 4), 0, 1)}, Collective::AllReduce);
    const GroupRoute &dp = r.groups[0];
    // One NIC per ring step: 50 x 0.94 = 47 GB/s, the measured 46-48 of one NDR NIC.
    QCOMPARE_NEAR(dp.busbwGBs, kNdr, 1e-9);
    QCOMPARE_NEAR(dp.busbwGBs, 47.0, 0.10);
    QCOMPARE(dp.linkClass, LinkClass::InfiniBand);
    QVERIFY(dp.crossesDomain);
    QCOMPARE(dp.maxHops, 4);
    QCOMPARE(dp.maxSwitchHops, 1);
    QVERIFY(dp.bottleneckId.rfind("link-", 0) == 0);
    QCOMPARE(int(dp.domainIds.size()), 4);
    // Only NIC 0 of each node carries traffic.
    const VertexId nic1 = *g.findVertex("node-1/nic1");
    QCOMPARE(loadOn(g, r, g.gpuPorts(gpu(g, 1, 1)).nicUp), 0.0);
    QCOMPARE(loadOn(g, r, g.nicUplinks(nic1)[0].up), 0.0);
    QCOMPARE(loadOn(g, r, g.gpuPorts(gpu(g, 1, 0)).nicUp), 1.0);
}

void TestRouting::tensorParallel16UsesEveryNic()
{
    const FabricGraph g = buildOrFail(twoNodes("dgx-h100", "qm9700", "ib-ndr"));
    const RouteResult r = routeConcurrent(g, {gpusOf(g, {1, 2}, 0, 8)}, Collective::AllReduce);
    const GroupRoute &tp = r.groups[0];
    // 8 channels across the boundary, one per NIC: about 8 x 47 GB/s (DOMAIN.md: a group with
    // k GPUs per node gets k NICs).
    QCOMPARE_NEAR(tp.busbwGBs, 8 * kNdr, 0.10);
    QVERIFY(tp.crossesDomain);
    QCOMPARE(tp.linkClass, LinkClass::InfiniBand);
    QCOMPARE(tp.maxSwitchHops, 1);
    for (int node = 1; node <= 2; ++node) {
        for (int k = 0; k < 8; ++k) {
            const VertexId v = gpu(g, node, k);
            const VertexId nic = *g.nicOf(v);
            QVERIFY(loadOn(g, r, g.gpuPorts(v).nicUp) > 0);
            QVERIFY(loadOn(g, r, g.gpuPorts(v).nicDown) > 0);
            QVERIFY(loadOn(g, r, g.nicUplinks(nic)[0].up) > 0);
            QVERIFY(loadOn(g, r, g.nicUplinks(nic)[0].down) > 0);
        }
    }
}

void TestRouting::railOptimizedDataParallel()
{
    // A 1:1 SuperPOD scalable unit: 32 DGX H100, 8 rail leaves, 4 spines, 32 uplinks a leaf.
    const FabricGraph g = buildOrFail(fixtures::railOptimized(32, 8, 4, 32));
    std::vector<std::vector<VertexId>> groups;
    for (int rail = 0; rail < 8; ++rail)
        groups.push_back(gpusOf(g, range(1, 32), rail, 1));
    const RouteResult r = routeConcurrent(g, groups, Collective::AllReduce);
    QCOMPARE(r.groups.size(), std::size_t(8));
    for (const GroupRoute &dp : r.groups) {
        QCOMPARE_NEAR(dp.busbwGBs, kNdr, 0.10);
        QCOMPARE(dp.maxSwitchHops, 1); // same rail: one leaf
    }
    // Same-rail traffic never climbs to a spine.
    for (int leaf = 0; leaf < 8; ++leaf) {
        for (const SwitchLink &l : g.switchLinks(leaf))
            QCOMPARE(r.edgeLoad[l.edge], 0.0);
    }

    // Misaligned rails: GPU 0 of odd nodes talks to GPU 1 of even ones, through the spines.
    std::vector<VertexId> skewed;
    for (int n = 1; n <= 32; ++n)
        skewed.push_back(gpu(g, n, n % 2 == 1 ? 0 : 1));
    const RouteResult s = routeConcurrent(g, {skewed}, Collective::AllReduce);
    QCOMPARE(s.groups[0].maxSwitchHops, 3);
    QCOMPARE(s.groups[0].maxHops, 6);
}

void TestRouting::generatedScalableUnit()
{
    // The generator's SuperPOD SU: 32 DGX H100, rail-optimized, 1:1.
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 32;
    o.fabric = FabricKind::RailOptimized;
    const Expected<Project> p = generateProject(o);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().text().c_str());
    const FabricGraph g = buildOrFail(p->topology);
    QCOMPARE(int(g.gpus().size()), 256);

    std::vector<std::vector<VertexId>> dp, tp;
    for (int rail = 0; rail < 8; ++rail)
        dp.push_back(gpusOf(g, range(1, 32), rail, 1));
    for (int node = 1; node <= 32; ++node)
        tp.push_back(gpusOf(g, {node}, 0, 8));
    for (const GroupRoute &r : routeConcurrent(g, dp, Collective::AllReduce).groups) {
        QCOMPARE_NEAR(r.busbwGBs, kNdr, 0.10);
        QCOMPARE(r.maxSwitchHops, 1);
    }
    for (const GroupRoute &r : routeConcurrent(g, tp, Collective::AllReduce).groups)
        QCOMPARE_NEAR(r.busbwGBs, kMeasuredH100Ring, 0.10);
    // 16 TP groups of two nodes each, all at once: each still gets its eight rails.
    std::vector<std::vector<VertexId>> tp16;
    for (int node = 1; node <= 32; node += 2)
        tp16.push_back(gpusOf(g, {node, node + 1}, 0, 8));
    for (const GroupRoute &r : routeConcurrent(g, tp16, Collective::AllReduce).groups)
        QCOMPARE_NEAR(r.busbwGBs, 8 * kNdr, 0.10);
}

void TestRouting::oversubscribedFatTreeHalvesDataParallel_data()
{
    QTest::addColumn<int>("uplinks");
    QTest::addColumn<double>("expected");

    // 32 NIC cables down per leaf. 8 DP groups, each with 4 ring steps from leaf-1 to leaf-2
    // (and 4 back): 32 units over the leaf's uplinks.
    QTest::newRow("1:1") << 32 << kNdr;
    QTest::newRow("2:1") << 16 << kNdr / 2;
}

void TestRouting::oversubscribedFatTreeHalvesDataParallel()
{
    QFETCH(int, uplinks);
    QFETCH(double, expected);

    const FabricGraph g = buildOrFail(alternatingLeaves(uplinks));
    std::vector<std::vector<VertexId>> groups;
    for (int local = 0; local < 8; ++local)
        groups.push_back(gpusOf(g, range(1, 8), local, 1));
    const RouteResult r = routeConcurrent(g, groups, Collective::AllReduce);
    for (const GroupRoute &dp : r.groups) {
        QCOMPARE_NEAR(dp.busbwGBs, expected, 0.10);
        QCOMPARE(dp.maxSwitchHops, 3);
        QVERIFY(dp.connected);
    }
    // ECMP spreads the climb evenly: every uplink cable carries the same load.
    const double perCable = 32.0 / uplinks;
    for (int leaf = 0; leaf < 2; ++leaf) {
        for (const SwitchLink &l : g.switchLinks(leaf))
            QCOMPARE_NEAR(r.edgeLoad[l.edge], perCable * l.count, 1e-9);
    }
    if (uplinks == 16) {
        const std::size_t edge = *r.groups[0].bottleneckEdge;
        QCOMPARE(g.vertex(g.source(edge)).kind, VertexKind::Switch);
        QCOMPARE(g.vertex(g.target(edge)).kind, VertexKind::Switch);
    }
}

void TestRouting::ethernetBelowInfiniBandBelowNVLink()
{
    // TP = 16 across two servers: 8 channels, each over one NIC.
    const FabricGraph ib = buildOrFail(twoNodes("dgx-h100", "qm9700", "ib-ndr"));
    const FabricGraph eth = buildOrFail(twoNodes("dgx-h100", "eth-100g", "eth-100"));
    const GroupRoute ibTp
            = routeConcurrent(ib, {gpusOf(ib, {1, 2}, 0, 8)}, Collective::AllReduce).groups[0];
    const GroupRoute ethTp
            = routeConcurrent(eth, {gpusOf(eth, {1, 2}, 0, 8)}, Collective::AllReduce).groups[0];
    QCOMPARE_NEAR(ethTp.busbwGBs, 8 * kEth100, 0.10);
    QCOMPARE(ethTp.linkClass, LinkClass::Ethernet);
    QVERIFY(ethTp.busbwGBs < ibTp.busbwGBs / 5);
    QVERIFY(ethTp.pathLatencyUs > 2 * ibTp.pathLatencyUs);

    // The same width inside one NVLink domain (16 GPUs of an NVL72 rack) against two DGX B200
    // (the same NVLink 5 GPUs) on InfiniBand: the IB-bound group is far below.
    const FabricGraph rack
            = buildOrFail(fixtures::nodesOnOneLeaf(1, "gb200-nvl72", 0, "qm9700", "ib-ndr"));
    const FabricGraph b200 = buildOrFail(twoNodes("dgx-b200", "qm9700", "ib-ndr"));
    const GroupRoute nvlTp
            = routeConcurrent(rack, {gpusOf(rack, {1}, 0, 16)}, Collective::AllReduce).groups[0];
    const GroupRoute b200Tp
            = routeConcurrent(b200, {gpusOf(b200, {1, 2}, 0, 8)}, Collective::AllReduce).groups[0];
    QCOMPARE_NEAR(nvlTp.busbwGBs, kNvlink5, 1e-9);
    QCOMPARE(nvlTp.linkClass, LinkClass::NVLink);
    QCOMPARE_NEAR(b200Tp.busbwGBs, 8 * kNdr, 0.10);
    QCOMPARE(b200Tp.linkClass, LinkClass::InfiniBand);
    QVERIFY(b200Tp.busbwGBs < nvlTp.busbwGBs * 0.6);
    QVERIFY(ethTp.busbwGBs < b200Tp.busbwGBs);
}

void TestRouting::nodeWithoutCableIsNotConnected()
{
    TopologyBuilder b;
    const std::string leaf = b.addSwitch("qm9700");
    for (int n = 0; n < 3; ++n) {
        const std::string node = b.node("dgx-h100");
        for (int k = 0; n < 2 && k < 8; ++k)
            b.cable(node, k, leaf, "ib-ndr");
    }
    const FabricGraph g = buildOrFail(b.topology);
    const RouteResult r = routeConcurrent(g, {gpusOf(g, {1, 2}, 0, 1), gpusOf(g, {1, 2, 3}, 1, 1)},
                                          Collective::AllReduce);
    QVERIFY(r.groups[0].connected);
    QCOMPARE_NEAR(r.groups[0].busbwGBs, kNdr, 1e-9);
    const GroupRoute &broken = r.groups[1];
    QVERIFY(!broken.connected);
    QCOMPARE(broken.busbwGBs, 0.0);
    QVERIFY(!broken.bottleneckEdge);
    QCOMPARE(broken.unreachableIds, std::vector<std::string>({"node-3/gpu1"}));
}

void TestRouting::meshAndPcieServers_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("busbw");
    QTest::addColumn<int>("linkClass");
    QTest::addColumn<int>("hops");
    QTest::addColumn<bool>("crosses");

    // A ring over the xGMI mesh: as many rings as a GPU has peers, each GPU's traffic spread
    // over its 7 peer links of 64 GB/s (x 0.75).
    QTest::newRow("mi300x") << "mi300x" << 7 * 64 * 0.75 << int(LinkClass::XGMI) << 1 << false;
    // No NVLink: every GPU is its own domain and the ring goes through the host's PCIe root
    // (Gen5 x16: 63 x 0.8).
    QTest::newRow("pcie-server") << "pcie-server" << 63 * 0.8 << int(LinkClass::PCIe) << 2 << true;
}

void TestRouting::meshAndPcieServers()
{
    QFETCH(QString, model);
    QFETCH(double, busbw);
    QFETCH(int, linkClass);
    QFETCH(int, hops);
    QFETCH(bool, crosses);

    TopologyBuilder b;
    b.node(model.toStdString());
    const FabricGraph g = buildOrFail(b.topology);
    const RouteResult r = routeConcurrent(g, {gpusOf(g, {1}, 0, 8)}, Collective::AllReduce);
    const GroupRoute &tp = r.groups[0];
    QVERIFY(tp.connected);
    QCOMPARE_NEAR(tp.busbwGBs, busbw, 1e-9);
    QCOMPARE(int(tp.linkClass), linkClass);
    QCOMPARE(tp.maxHops, hops);
    QCOMPARE(tp.crossesDomain, crosses);
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        const bool nicEdge = g.vertex(g.source(e)).kind == VertexKind::Nic
                             || g.vertex(g.target(e)).kind == VertexKind::Nic;
        if (nicEdge)
            QCOMPARE(r.edgeLoad[e], 0.0);
    }
}

// H100 NVL cards bridged in pairs: a pair's traffic takes its bridge (12 NVLink 4 links), the
// traffic between pairs the host's PCIe. A 4-GPU HGX board's pairs have 6 links each.
void TestRouting::bridgedPairsAndFourGpuMesh()
{
    TopologyBuilder b;
    b.node("h100-nvl-server");
    const FabricGraph g = buildOrFail(b.topology);
    QCOMPARE(g.domains().size(), std::size_t(4));
    QCOMPARE(g.domains()[1].id, std::string("node-1/gpu2-3"));
    QCOMPARE(g.domains()[1].gpus.size(), std::size_t(2));
    const RouteResult pair = routeConcurrent(g, {gpusOf(g, {1}, 2, 2)}, Collective::AllReduce);
    const GroupRoute &p = pair.groups[0];
    QVERIFY(p.connected);
    QVERIFY(!p.crossesDomain);
    QCOMPARE(p.linkClass, LinkClass::NVLink);
    QCOMPARE_NEAR(p.busbwGBs, 12 * 25 * 0.82, 1e-9);
    const RouteResult four = routeConcurrent(g, {gpusOf(g, {1}, 0, 4)}, Collective::AllReduce);
    const GroupRoute &f = four.groups[0];
    QVERIFY(f.connected);
    QVERIFY(f.crossesDomain);
    QCOMPARE(f.linkClass, LinkClass::PCIe);
    // Two channels cross between the pairs, each GPU's host link carrying one of them: twice
    // one Gen5 x16 slot at its efficiency, well under half the bridge.
    QCOMPARE_NEAR(f.busbwGBs, 2 * 63 * 0.8, 1e-9);
    QVERIFY(f.busbwGBs < p.busbwGBs / 2);
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        if (g.vertex(g.source(e)).kind == VertexKind::Nic
            || g.vertex(g.target(e)).kind == VertexKind::Nic)
            QCOMPARE(four.edgeLoad[e], 0.0);
    }

    // H200 NVL's 4-way bridge: a group of four joined directly, 6 links a pair, three rings.
    TopologyBuilder four4;
    four4.node("h200-nvl-server");
    const FabricGraph g4 = buildOrFail(four4.topology);
    QCOMPARE(g4.domains().size(), std::size_t(2));
    const RouteResult quad = routeConcurrent(g4, {gpusOf(g4, {1}, 4, 4)}, Collective::AllReduce);
    QVERIFY(!quad.groups[0].crossesDomain);
    QCOMPARE(quad.groups[0].linkClass, LinkClass::NVLink);
    QCOMPARE_NEAR(quad.groups[0].busbwGBs, 3 * 6 * 25 * 0.82, 1e-9);

    // Two such servers on one leaf, both DP groups of TP 2 (one GPU a pair): the ring steps
    // between a server's pairs through its host and leaves the server from every pair, each
    // pair's NIC carrying a quarter, so the host's PCIe (3/4 of a unit a GPU) binds, not one
    // NIC carrying all.
    TopologyBuilder two;
    const std::string leaf = two.addSwitch("qm9700");
    for (int n = 0; n < 2; ++n) {
        const std::string node = two.node("h100-nvl-server");
        for (int k = 0; k < 4; ++k)
            two.cable(node, k, leaf, "ib-ndr");
    }
    const FabricGraph g2 = buildOrFail(two.topology);
    std::vector<VertexId> even, odd;
    for (int n : {1, 2})
        for (int i = 0; i < 8; ++i)
            (i % 2 ? odd : even).push_back(gpu(g2, n, i));
    const RouteResult dp = routeConcurrent(g2, {even, odd}, Collective::AllReduce);
    QCOMPARE(dp.groups[0].linkClass, LinkClass::PCIe);
    QCOMPARE_NEAR(dp.groups[0].busbwGBs, 63 * 0.8 / 0.75, 1e-9);
    for (std::size_t e = 0; e < g2.edgeCount(); ++e) {
        if (g2.vertex(g2.source(e)).kind == VertexKind::Nic
            && g2.vertex(g2.target(e)).kind == VertexKind::Switch)
            QCOMPARE_NEAR(dp.edgeLoad[e], 0.5, 1e-9);
    }

    TopologyBuilder m;
    m.node("hgx-h100-4gpu");
    const FabricGraph mesh = buildOrFail(m.topology);
    QCOMPARE(mesh.domains().size(), std::size_t(1));
    const RouteResult ring
            = routeConcurrent(mesh, {gpusOf(mesh, {1}, 0, 4)}, Collective::AllReduce);
    QVERIFY(!ring.groups[0].crossesDomain);
    // Three rings, one a peer: all 18 links.
    QCOMPARE_NEAR(ring.groups[0].busbwGBs, 3 * 6 * 25 * 0.82, 1e-9);
}

void TestRouting::allToAllAcrossNodes()
{
    const FabricGraph g = buildOrFail(twoNodes("dgx-h100", "qm9700", "ib-ndr"));
    // Inside one node: every GPU sends 7 x 1/7 through its NVLink.
    const GroupRoute inNode
            = routeConcurrent(g, {gpusOf(g, {1}, 0, 8)}, Collective::AllToAll).groups[0];
    QCOMPARE_NEAR(inNode.busbwGBs, kNvlink4, 1e-9);
    // 16 GPUs over two nodes: each GPU sends 8/15 of its traffic through its own NIC.
    const RouteResult r = routeConcurrent(g, {gpusOf(g, {1, 2}, 0, 8)}, Collective::AllToAll);
    QCOMPARE_NEAR(r.groups[0].busbwGBs, kNdr * 15 / 8, 1e-9);
    QCOMPARE(r.groups[0].linkClass, LinkClass::InfiniBand);
    QCOMPARE_NEAR(r.edgeLoad[g.gpuPorts(gpu(g, 2, 3)).nicUp], 8.0 / 15, 1e-9);
    QCOMPARE_NEAR(r.edgeLoad[g.gpuPorts(gpu(g, 2, 3)).nvlinkUp], 7.0 / 15, 1e-9);
}

void TestRouting::sendRecvPairs()
{
    const FabricGraph g = buildOrFail(twoNodes("dgx-h100", "qm9700", "ib-ndr"));
    // 8 pipeline pairs, GPU i of node-1 with GPU i of node-2: each on its own NIC.
    std::vector<std::vector<VertexId>> groups;
    for (int i = 0; i < 8; ++i)
        groups.push_back({gpu(g, 1, i), gpu(g, 2, i)});
    const RouteResult r = routeConcurrent(g, groups, Collective::SendRecv);
    for (const GroupRoute &pp : r.groups) {
        QCOMPARE_NEAR(pp.busbwGBs, kNdr, 1e-9);
        QCOMPARE(pp.maxHops, 4);
    }
    // A 3-stage pipeline node-1/gpu0 -> node-2/gpu0 -> node-1/gpu1: the middle stage
    // exchanges with both neighbours through its one NIC, 2 units each way.
    const RouteResult chain = routeConcurrent(g, {{gpu(g, 1, 0), gpu(g, 2, 0), gpu(g, 1, 1)}},
                                              Collective::SendRecv);
    QCOMPARE_NEAR(chain.groups[0].busbwGBs, kNdr / 2, 1e-9);
}

void TestRouting::ecmpSplitsByCableCount()
{
    // leaf-1 reaches spine-1 with 2 cables and spine-2 with 1: three equal-cost ports.
    TopologyBuilder b;
    const std::string leaf1 = b.addSwitch("qm9700");
    const std::string leaf2 = b.addSwitch("qm9700");
    const std::string spine1 = b.addSwitch("qm9700", Tier::Spine);
    const std::string spine2 = b.addSwitch("qm9700", Tier::Spine);
    b.cable(b.node("dgx-h100"), 0, leaf1, "ib-ndr");
    b.cable(b.node("dgx-h100"), 0, leaf2, "ib-ndr");
    const std::string up1 = b.bundle(leaf1, spine1, "ib-ndr", 2);
    const std::string up2 = b.bundle(leaf1, spine2, "ib-ndr", 1);
    const std::string down1 = b.bundle(leaf2, spine1, "ib-ndr", 1);
    const std::string down2 = b.bundle(leaf2, spine2, "ib-ndr", 1);
    const FabricGraph g = buildOrFail(b.topology);

    const RouteResult r = routeConcurrent(g, {{gpu(g, 1, 0), gpu(g, 2, 0)}}, Collective::SendRecv);
    // One unit each way. node-1 -> node-2 splits 2/3 : 1/3 over leaf-1's three ports, and the
    // spines pass that on over their single cables to leaf-2. node-2 -> node-1 splits 1/2 : 1/2
    // over leaf-2's two ports. Sums of both directions per link:
    QCOMPARE_NEAR(linkLoad(g, r, up1), 2.0 / 3 + 1.0 / 2, 1e-9);
    QCOMPARE_NEAR(linkLoad(g, r, up2), 1.0 / 3 + 1.0 / 2, 1e-9);
    QCOMPARE_NEAR(linkLoad(g, r, down1), 2.0 / 3 + 1.0 / 2, 1e-9);
    QCOMPARE_NEAR(linkLoad(g, r, down2), 1.0 / 3 + 1.0 / 2, 1e-9);
    // The NIC cables carry a full unit; spine-1 -> leaf-2 (one cable, 2/3) has room to spare.
    QCOMPARE_NEAR(r.groups[0].busbwGBs, kNdr, 1e-9);
    QCOMPARE(r.groups[0].maxSwitchHops, 3);
}

// A NIC port takes one cable: two on one port is refused by the one validator, before any
// route is computed, naming both links.
void TestRouting::twoCablesOnOneNicAreRefused()
{
    TopologyBuilder b;
    const std::string leaf1 = b.addSwitch("qm9700");
    const std::string leaf2 = b.addSwitch("qm9700");
    const std::string n1 = b.node("dgx-h100");
    b.cable(n1, 0, leaf1, "ib-ndr");
    b.cable(n1, 0, leaf2, "ib-ndr");
    const Expected<FabricGraph> g = FabricGraph::build(b.topology, Catalog::builtin());
    QVERIFY(!g.ok());
    QVERIFY2(QString::fromStdString(g.error().message)
                     .contains(QStringLiteral("each port takes one cable")),
             g.error().message.c_str());
}

void TestRouting::directNicCable()
{
    TopologyBuilder b;
    const std::string n1 = b.node("dgx-h100");
    const std::string n2 = b.node("dgx-h100");
    const std::string cable = b.direct(n1, 0, n2, 0, "ib-ndr");
    const FabricGraph g = buildOrFail(b.topology);
    const RouteResult r = routeConcurrent(g, {{gpu(g, 1, 0), gpu(g, 2, 0)}}, Collective::AllReduce);
    const GroupRoute &dp = r.groups[0];
    QCOMPARE_NEAR(dp.busbwGBs, kNdr, 1e-9);
    QCOMPARE(dp.maxHops, 3);
    QCOMPARE(dp.maxSwitchHops, 0);
    QCOMPARE(q(dp.bottleneckId), q(cable));
}

void TestRouting::pathLatency_data()
{
    QTest::addColumn<int>("peer");
    QTest::addColumn<double>("latencyUs");

    // PCIe 5.7 + NDR 9.6 + leaf 0.15 + NDR 9.6 + PCIe 5.7
    QTest::newRow("same leaf") << 2 << 30.75;
    // ... + leaf 0.15 + NDR 9.6 + spine 0.15 + NDR 9.6 ...
    QTest::newRow("via spine") << 3 << 30.75 + 0.15 + 9.6 + 0.15 + 9.6;
}

void TestRouting::pathLatency()
{
    QFETCH(int, peer);
    QFETCH(double, latencyUs);

    TopologyBuilder b;
    const std::string leaf1 = b.addSwitch("qm9700");
    const std::string leaf2 = b.addSwitch("qm9700");
    const std::string spine = b.addSwitch("qm9700", Tier::Spine);
    b.cable(b.node("dgx-h100"), 0, leaf1, "ib-ndr");
    b.cable(b.node("dgx-h100"), 0, leaf1, "ib-ndr");
    b.cable(b.node("dgx-h100"), 0, leaf2, "ib-ndr");
    b.bundle(leaf1, spine, "ib-ndr");
    b.bundle(leaf2, spine, "ib-ndr");
    const FabricGraph g = buildOrFail(b.topology);
    const RouteResult r
            = routeConcurrent(g, {{gpu(g, 1, 0), gpu(g, peer, 0)}}, Collective::SendRecv);
    QCOMPARE_NEAR(r.groups[0].pathLatencyUs, latencyUs, 1e-9);
}

void TestRouting::singleGpuGroup()
{
    TopologyBuilder b;
    b.node("dgx-h100");
    const FabricGraph g = buildOrFail(b.topology);
    const RouteResult r = routeConcurrent(g, {{gpu(g, 1, 3)}}, Collective::AllReduce);
    const GroupRoute &one = r.groups[0];
    QVERIFY(one.connected);
    QVERIFY(std::isinf(one.busbwGBs)); // sends nothing, so nothing limits it
    QVERIFY(!one.bottleneckEdge);
    QCOMPARE(one.maxHops, 0);
    QCOMPARE(r.edgeLoad, std::vector<double>(g.edgeCount(), 0.0));
    QCOMPARE(QByteArray(toString(Collective::ReduceScatter)), QByteArray("reduce-scatter"));
}

namespace {

Project generated(const char *model, int nodes, FabricKind fabric, int planes = 1)
{
    GeneratorOptions o;
    o.nodeModel = model;
    o.nodes = nodes;
    o.fabric = fabric;
    o.planes = planes;
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    return *p;
}

// What the GPU's NIC sends into the fabric (its cable up) and receives (down).
double nicUp(const FabricGraph &g, const RouteResult &r, VertexId gpu)
{
    return r.edgeLoad[g.nicUplinks(*g.gpuPorts(gpu).nic).front().up];
}

double nicDown(const FabricGraph &g, const RouteResult &r, VertexId gpu)
{
    return r.edgeLoad[g.nicUplinks(*g.gpuPorts(gpu).nic).front().down];
}

} // namespace

// Rail-only (one switch per rail, no spine): GPU 0 of one DGX sending to GPU 1 of another has
// no path through the switches; as NCCL's PXN it crosses NVLink to its own GPU 1 and leaves
// on rail 1. Each direction forwards once: the relaying GPUs' NICs carry the traffic, the
// senders' own NICs do not.
void TestRouting::railOnlyForwardsOverNvlink()
{
    const Project p = generated("dgx-h100", 2, FabricKind::RailOnly);
    const FabricGraph g = buildOrFail(p.topology);
    const VertexId a = gpu(g, 1, 0), b = gpu(g, 2, 1);
    const RouteResult r = routeConcurrent(g, {{a, b}}, Collective::SendRecv);
    const GroupRoute &route = r.groups[0];
    QVERIFY(route.connected);
    QVERIFY(!route.unforwarded);
    QCOMPARE(route.forwardedShare, 2.0);
    QCOMPARE(nicUp(g, r, gpu(g, 1, 1)), 1.0); // node-1's GPU 1 sends for GPU 0
    QCOMPARE(nicUp(g, r, a), 0.0);
    QCOMPARE(nicUp(g, r, gpu(g, 2, 0)), 1.0); // node-2's GPU 0 sends for GPU 1
    QCOMPARE(nicDown(g, r, a), 1.0);
    QCOMPARE_NEAR(route.busbwGBs, kNdr, 1e-9);

    // The same pair on a rail-optimized fabric crosses the spines and forwards nothing.
    const Project ro = generated("dgx-h100", 2, FabricKind::RailOptimized);
    const FabricGraph gro = buildOrFail(ro.topology);
    const RouteResult rro
            = routeConcurrent(gro, {{gpu(gro, 1, 0), gpu(gro, 2, 1)}}, Collective::SendRecv);
    QCOMPARE(rro.groups[0].forwardedShare, 0.0);
    QVERIFY(rro.groups[0].maxSwitchHops > route.maxSwitchHops);
}

// An all-to-all over two DGX on rail-only: each GPU sends 1/15 of its traffic to every other
// GPU; the 8 to the other node reach one on its own rail directly, the 7 on other rails through
// the sender's GPU on that rail. Every NIC then carries its own 1/15 plus 7 forwarded 1/15ths.
void TestRouting::railOnlyAllToAllForwardsEveryOtherRail()
{
    const Project p = generated("dgx-h100", 2, FabricKind::RailOnly);
    const FabricGraph g = buildOrFail(p.topology);
    const RouteResult r = routeConcurrent(g, {gpusOf(g, {1, 2}, 0, 8)}, Collective::AllToAll);
    const GroupRoute &route = r.groups[0];
    QVERIFY(route.connected);
    QCOMPARE_NEAR(route.forwardedShare, 16 * 7 / 15.0, 1e-9);
    for (int i = 0; i < 8; ++i)
        QCOMPARE_NEAR(nicUp(g, r, gpu(g, 1, i)), 8 / 15.0, 1e-9);
}

// Eight planes (DeepSeek's multi-plane fabric): NIC i of every DGX in plane i. A ring over 4 DGX
// crosses each boundary on 8 channels, GPU i to GPU i, so it uses all 8 planes and forwards
// nothing; a send between GPU 3 of two DGX stays on plane 4.
void TestRouting::multiPlaneRingUsesEveryPlane()
{
    const Project p = generated("dgx-h100", 4, FabricKind::FatTree, 8);
    const FabricGraph g = buildOrFail(p.topology);
    const RouteResult ring
            = routeConcurrent(g, {gpusOf(g, {1, 2, 3, 4}, 0, 8)}, Collective::AllReduce);
    QVERIFY(ring.groups[0].connected);
    QCOMPARE(ring.groups[0].forwardedShare, 0.0);
    for (int i = 0; i < 8; ++i)
        QVERIFY2(nicUp(g, ring, gpu(g, 1, i)) > 0, qPrintable(QString::number(i)));

    const RouteResult pair
            = routeConcurrent(g, {{gpu(g, 1, 3), gpu(g, 2, 3)}}, Collective::SendRecv);
    QVERIFY(pair.groups[0].connected);
    QCOMPARE(pair.groups[0].forwardedShare, 0.0);
    for (int i = 0; i < 8; ++i)
        QCOMPARE(nicUp(g, pair, gpu(g, 1, i)), i == 3 ? 1.0 : 0.0);
}

QTEST_GUILESS_MAIN(TestRouting)
#include "tst_routing.moc"
