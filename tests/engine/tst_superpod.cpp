// The DGX SuperPOD presets against NVIDIA's published reference-architecture component tables:
// the bill of materials' model (billOfMaterials) must count the servers, the switches per
// fabric and tier, the cables per run and the transceivers the reference architecture lists.
//
// Source of the figures: "NVIDIA DGX SuperPOD: Next Generation Scalable Infrastructure for AI
// Leadership, Reference Architecture featuring NVIDIA DGX B200" (docs.nvidia.com/dgx-superpod/
// reference-architecture-scalable-infrastructure-b200), section "DGX SuperPOD Architecture",
// table "Larger DGX SuperPOD component counts" (SU count, node count, GPU count, InfiniBand
// switch count leaf/spine/core, cable count node-leaf/leaf-spine/spine-core). Its compute
// fabric is the DGX H100 SuperPOD's (RA-11333-001, same section, Table 3): SUs of 32 DGX with
// eight 400G ConnectX-7 each, QM9700 NDR switches, rail-optimized, non-blocking. The rows:
//
//   SU  nodes  GPUs   leaf spine core  node-leaf leaf-spine spine-core
//    2     64    512    16    8    -        512        512          -
//    4    128   1024    32   16    -       1024       1024          -
//    8    256   2048    64   32    -       2048       2048          -
//   16    512   4096   128  128   64       4096       4096       4096
//   32   1024   8192   256  256  128       8192       8192       8192
//   64   2048  16384   512  512  256      16384      16384      16384
//
// The tables give no transceiver count; it follows from the cable counts and the hardware the
// same RA names: every cable is fibre with a transceiver at each end, the QM9700's twin-port
// OSFP cages take one transceiver per two ports, and a DGX's eight compute ports sit two to a
// twin-port cage (four NIC-end transceivers per DGX).
//
// DGX B300 with Quantum-X800 (XDR) InfiniBand: "NVIDIA DGX SuperPOD with DGX B300 Systems,
// Quantum-X800 InfiniBand switching and AC Power, Reference Architecture" (RA-11339-001,
// docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300-xdr),
// section "DGX SuperPOD Architecture", Table 3 "Example Compute Fabric Components": SUs of 72
// DGX B300 with eight 800G ConnectX-8 each, Q3400 switches (144 XDR ports in 72 twin-port
// cages), rail-optimized, two tiers. The rows:
//
//   SU  nodes  leaf spine  node-leaf leaf-spine
//    1     72     8     4        576        576
//    2    144    16     8       1152       1152
//    4    288    32    18       2304       2304
//    8    576    64    36       4608       4608
//   18   1296   144    72      10368      10368
//
// (The table's GPU column gives 9,216 for 18 SUs, which its own node and cable counts
// contradict: 1,296 DGX of 8 GPUs are 10,368.) Each leaf has 72 ports down and 72 up; the
// spines are as many as 72 divided by the largest bundle of links per leaf-spine pair that
// still fits a spine's 144 ports (18, 9, 4, 2, 1), which is why 4 SUs take 18 spines. A DGX
// B300's eight compute ports are single 800G OSFP ports (eight NIC-end transceivers).

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/generate/generator.h"
#include "engine/generate/templates.h"

#include <QtTest>

using namespace topoplan;

namespace {

struct Published
{
    int nodes, gpus, leaf, spine, core;
    long long nodeLeaf, leafSpine, spineCore;
};

BillOfMaterials bomOf(const Project &p)
{
    Expected<BillOfMaterials> b = billOfMaterials(p, Catalog::builtin());
    if (!b)
        qFatal("%s", b.error().message.c_str());
    return *b;
}

int gpusOf(const BomCounts &b)
{
    int n = 0;
    for (const auto &[id, count] : b.servers)
        n += Catalog::builtin().server(id)->gpus * count;
    return n;
}

void compareWithTable(const BomCounts &b, const Published &r, int nicCagesPerNode = 4)
{
    QCOMPARE(b.serverCount(), r.nodes);
    QCOMPARE(gpusOf(b), r.gpus);
    QCOMPARE(b.switchCount(FabricRole::Compute, Tier::Leaf), r.leaf);
    QCOMPARE(b.switchCount(FabricRole::Compute, Tier::Spine), r.spine);
    QCOMPARE(b.switchCount(FabricRole::Compute, Tier::Core), r.core);
    QCOMPARE(b.cableCount(int(CableRun::HostLeaf)), r.nodeLeaf);
    QCOMPARE(b.cableCount(int(CableRun::LeafSpine)), r.leafSpine);
    QCOMPARE(b.cableCount(int(CableRun::SpineCore)), r.spineCore);
    QCOMPARE(b.cableCount(), r.nodeLeaf + r.leafSpine + r.spineCore);
    long long switchEnd = 0, nicEnd = 0;
    for (const auto &o : b.switchOptics)
        switchEnd += o.second;
    for (const auto &o : b.nicOptics)
        nicEnd += o.second;
    QCOMPARE(nicEnd, (long long) nicCagesPerNode * r.nodes);
    QCOMPARE(switchEnd, (r.nodeLeaf + 2 * r.leafSpine + 2 * r.spineCore) / 2);
    QCOMPARE(b.transceivers(), nicEnd + switchEnd);
}

Project fromTemplate(const char *id)
{
    const ProjectTemplate *t = findTemplate(id);
    if (!t)
        qFatal("no template %s", id);
    Expected<Project> p = instantiate(*t);
    if (!p)
        qFatal("%s", p.error().message.c_str());
    return *p;
}

} // namespace

class tst_SuperPod : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dgxH100ScalableUnitPreset();
    void dgxH100ScaledToPublishedRows_data();
    void dgxH100ScaledToPublishedRows();
    void h100SixteenThousandPreset();
    void dgxB300ScalableUnitPreset();
    void dgxB300XdrRows_data();
    void dgxB300XdrRows();
    void dgxH100ReferenceLayout_data();
    void dgxH100ReferenceLayout();
    void nvl72RacksOnXdrRows_data();
    void nvl72RacksOnXdrRows();
};

// Preset dgx-h100-su, one SU. The table starts at 2 SUs; one SU is half its 2-SU row (the RA
// builds every size from identical SUs: 8 rail leaves of 32 down and 32 up ports each).
void tst_SuperPod::dgxH100ScalableUnitPreset()
{
    const BillOfMaterials b = bomOf(fromTemplate("dgx-h100-su"));
    compareWithTable(b.total, {32, 256, 8, 4, 0, 256, 256, 0});
    // A single SU is the whole design: no per-SU sections.
    QVERIFY(b.units.empty());
}

void tst_SuperPod::dgxH100ScaledToPublishedRows_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("leaf");
    QTest::addColumn<int>("spine");
    QTest::addColumn<int>("core");
    QTest::newRow("2 SU") << 2 << 2 << 16 << 8 << 0;
    QTest::newRow("4 SU") << 4 << 2 << 32 << 16 << 0;
    QTest::newRow("8 SU") << 8 << 2 << 64 << 32 << 0;
    QTest::newRow("16 SU") << 16 << 3 << 128 << 128 << 64;
    QTest::newRow("32 SU") << 32 << 3 << 256 << 256 << 128;
}

// The preset's generator options at the table's sizes; every SU section is one SU's share.
void tst_SuperPod::dgxH100ScaledToPublishedRows()
{
    QFETCH(int, units);
    QFETCH(int, tiers);
    QFETCH(int, leaf);
    QFETCH(int, spine);
    QFETCH(int, core);
    GeneratorOptions o = findTemplate("dgx-h100-su")->options;
    o.nodes = 32 * units;
    o.tiers = tiers;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p, p ? "" : p.error().message.c_str());
    const BillOfMaterials b = bomOf(*p);
    const long long cables = 256LL * units;
    compareWithTable(b.total, {32 * units, 256 * units, leaf, spine, core, cables, cables,
                               tiers == 3 ? cables : 0});
    QCOMPARE(int(b.units.size()), units);
    for (const BillOfMaterials::Unit &u : b.units) {
        QCOMPARE(u.counts.serverCount(), 32);
        QCOMPARE(u.counts.switchCount(FabricRole::Compute, Tier::Leaf), 8);
        QCOMPARE(u.counts.switchCount(FabricRole::Compute, Tier::Spine), 0);
        QCOMPARE(u.counts.cableCount(int(CableRun::HostLeaf)), 256LL);
        QCOMPARE(u.counts.cableCount(int(CableRun::LeafSpine)), 256LL);
        // 128 NIC-end, 128 leaf-down and 128 leaf-up transceivers; the spine ends are not
        // the SU's.
        QCOMPARE(u.counts.transceivers(), 384LL);
    }
}

// Preset h100-16k: 2,048 DGX H100 on a 3-tier non-blocking NDR fat tree, the table's 64-SU
// row (its last): the same switch and cable counts as the rail-optimized SuperPOD.
void tst_SuperPod::h100SixteenThousandPreset()
{
    const BillOfMaterials b = bomOf(fromTemplate("h100-16k"));
    compareWithTable(b.total, {2048, 16384, 512, 512, 256, 16384, 16384, 16384});
}

QTEST_GUILESS_MAIN(tst_SuperPod)
#include "tst_superpod.moc"

// Preset dgx-b300-su: the B300 XDR table's 1-SU row.
void tst_SuperPod::dgxB300ScalableUnitPreset()
{
    const BillOfMaterials b = bomOf(fromTemplate("dgx-b300-su"));
    compareWithTable(b.total, {72, 576, 8, 4, 0, 576, 576, 0}, 8);
    QVERIFY(b.units.empty());
    // XDR is made without multimode fibre (LinkX): the runs' default classes take DR
    // single-mode, and every transceiver is DR.
    for (const auto &[key, n] : b.total.cables)
        QVERIFY2(std::get<2>(key).find("single-mode") != std::string::npos,
                 std::get<2>(key).c_str());
    for (const auto *optics : {&b.total.switchOptics, &b.total.nicOptics})
        for (const auto &[name, n] : *optics)
            QVERIFY2(name.size() > 3 && name.compare(name.size() - 3, 3, " DR") == 0, name.c_str());
}

void tst_SuperPod::dgxB300XdrRows_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("leaf");
    QTest::addColumn<int>("spine");
    QTest::newRow("1 SU") << 1 << 8 << 4;
    QTest::newRow("2 SU") << 2 << 16 << 8;
    QTest::newRow("4 SU") << 4 << 32 << 18;
    QTest::newRow("8 SU") << 8 << 64 << 36;
    QTest::newRow("18 SU") << 18 << 144 << 72;
}

// The generator at the B300 XDR table's sizes: DGX B300 nodes, a rail-optimized fabric, the
// switch it picks for 800G NICs (Q3400).
void tst_SuperPod::dgxB300XdrRows()
{
    QFETCH(int, units);
    QFETCH(int, leaf);
    QFETCH(int, spine);
    GeneratorOptions o;
    o.nodeModel = "dgx-b300";
    o.nodes = 72 * units;
    o.fabric = FabricKind::RailOptimized;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p, p ? "" : p.error().message.c_str());
    for (const Switch &s : p->topology.switches)
        QCOMPARE(QString::fromStdString(s.model), QStringLiteral("q3400"));
    const BillOfMaterials b = bomOf(*p);
    const long long cables = 576LL * units;
    compareWithTable(b.total, {72 * units, 576 * units, leaf, spine, 0, cables, cables, 0}, 8);
    if (units > 1) {
        QCOMPARE(int(b.units.size()), units);
        for (const BillOfMaterials::Unit &u : b.units) {
            QCOMPARE(u.counts.serverCount(), 72);
            QCOMPARE(u.counts.switchCount(FabricRole::Compute, Tier::Leaf), 8);
        }
    }
}

// NVIDIA's DGX H100 SuperPOD reference architecture (RA-11333-001, "DGX SuperPOD Architecture",
// the compute fabric component table) keeps one slot of the first SU for the UFM appliance:
//
//   SU  nodes  GPUs  leaf spine  node-leaf leaf-spine
//    1     31   248     8     4        252        256
//    4    127  1016    32    16       1020       1024
//
// Preset dgx-h100-su-ra draws that layout (the free slot's ports stay free); the UFM appliance
// is not a server TopoPlan models, so its 4 node-leaf cables are the difference.
void tst_SuperPod::dgxH100ReferenceLayout_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<QList<int>>("row"); // nodes GPUs leaf spine node-leaf leaf-spine
    QTest::newRow("1 SU") << 1 << QList<int>{31, 248, 8, 4, 252, 256};
    QTest::newRow("4 SU") << 4 << QList<int>{127, 1016, 32, 16, 1020, 1024};
}

void tst_SuperPod::dgxH100ReferenceLayout()
{
    QFETCH(int, units);
    QFETCH(QList<int>, row);
    constexpr int kUfmCables = 4;
    GeneratorOptions o = findTemplate("dgx-h100-su-ra")->options;
    o.nodes = 32 * units - 1;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p, p ? "" : p.error().message.c_str());
    const BillOfMaterials b = bomOf(*p);
    QCOMPARE(b.total.serverCount(), row[0]);
    QCOMPARE(gpusOf(b.total), row[1]);
    QCOMPARE(b.total.switchCount(FabricRole::Compute, Tier::Leaf), row[2]);
    QCOMPARE(b.total.switchCount(FabricRole::Compute, Tier::Spine), row[3]);
    QCOMPARE(b.total.cableCount(int(CableRun::HostLeaf)), (long long) row[4] - kUfmCables);
    QCOMPARE(b.total.cableCount(int(CableRun::LeafSpine)), (long long) row[5]);
    if (units == 1)
        QCOMPARE(bomOf(fromTemplate("dgx-h100-su-ra")).total.serverCount(), 31);
}

void tst_SuperPod::nvl72RacksOnXdrRows_data()
{
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("leaf");
    QTest::addColumn<int>("spine");
    QTest::newRow("1 SU") << 1 << 8 << 4;
    QTest::newRow("2 SU") << 2 << 16 << 8;
    QTest::newRow("4 SU") << 4 << 32 << 18;
    QTest::newRow("8 SU") << 8 << 64 << 36;
    QTest::newRow("18 SU") << 18 << 144 << 72;
}

// NVIDIA's GB300 SuperPOD is built of SUs of 8 NVL72 racks (576 GPUs, a ConnectX-8 at 800 Gb/s
// per GPU): the same 576 XDR ports an SU as the B300 XDR table's 72 DGX B300 above, on the same
// Q3400 switches. Rail-optimized, each rail's 18 ports a rack fill the leaves' 72 down ports
// (4 racks a leaf), so the racks need exactly the table's switches and cables.
void tst_SuperPod::nvl72RacksOnXdrRows()
{
    QFETCH(int, units);
    QFETCH(int, leaf);
    QFETCH(int, spine);
    GeneratorOptions o;
    o.nodeModel = "gb300-nvl72";
    o.nodes = 8 * units;
    o.fabric = FabricKind::RailOptimized;
    Expected<Project> p = generateProject(o);
    QVERIFY2(p, p ? "" : p.error().message.c_str());
    const BillOfMaterials b = bomOf(*p);
    QCOMPARE(gpusOf(b.total), 576 * units);
    QCOMPARE(b.total.switchCount(FabricRole::Compute, Tier::Leaf), leaf);
    QCOMPARE(b.total.switchCount(FabricRole::Compute, Tier::Spine), spine);
    QCOMPARE(b.total.cableCount(int(CableRun::HostLeaf)), 576LL * units);
    QCOMPARE(b.total.cableCount(int(CableRun::LeafSpine)), 576LL * units);
}
