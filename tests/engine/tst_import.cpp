// Importing what a cluster reports (engine/import): every ibnetdiscover fixture of
// ../shared/fixtures with what its report must say, the -p port listing, malformed input
// refused with its line, and generated designs round-tripped through the ibnetdiscover export
// (same servers, rails, leaves, spines and cables). `topoplan-cli import` in process.

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/generate/generator.h"
#include "engine/import/fabricimport.h"
#include "engine/import/ibnetdiscover.h"
#include "engine/import/importer.h"
#include "engine/import/serverfile.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"

#include "tests/engine/clirun.h"

#include "tests/engine/fabricfixtures.h"
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <QtTest>

#include <cstring>

#include <fstream>
#include <map>
#include <set>

using namespace topoplan;

namespace {

// A real-world file: the copy in tests/data/fixtures (those whose licence allows it), else
// ../shared/fixtures beside the checkout.
std::string fixture(const std::string &name)
{
    const std::string own = std::string(TOPOPLAN_SOURCE_DIR "tests/data/fixtures/") + name;
    if (QFileInfo::exists(QString::fromStdString(own)))
        return own;
    return std::string(TOPOPLAN_SHARED_DIR "fixtures/") + name;
}

bool fixturesPresent()
{
    return QFileInfo::exists(
            QString::fromStdString(fixture("ibnetdiscover/superpod-h100-ndr.out")));
}

int notesWith(const ImportReport &r, const std::string &text, ImportNote::Kind kind)
{
    int n = 0;
    for (const ImportNote &note : r.notes)
        n += note.kind == kind && note.message.find(text) != std::string::npos ? 1 : 0;
    return n;
}

bool summaryHas(const ImportReport &r, const std::string &text)
{
    for (const std::string &s : r.summary)
        if (s.find(text) != std::string::npos)
            return true;
    return false;
}

std::map<std::string, std::string> serverModels(const Project &p)
{
    std::map<std::string, std::string> out;
    for (const Node &n : p.topology.nodes)
        out[n.name] = n.model;
    return out;
}

std::set<std::string> switchNames(const Project &p, Tier tier)
{
    std::set<std::string> out;
    for (const Switch &s : p.topology.switches)
        if (s.tier == tier)
            out.insert(s.name);
    return out;
}

// The NIC numbers each leaf holds.
std::map<std::string, std::set<int>> railsOfLeaves(const Project &p)
{
    std::map<std::string, std::set<int>> out;
    for (const Link &l : p.topology.links) {
        const Node *n = p.topology.node(l.a.device);
        const Switch *s = p.topology.switchById(l.b.device);
        if (!n) {
            n = p.topology.node(l.b.device);
            s = p.topology.switchById(l.a.device);
        }
        if (!n || !s)
            continue;
        const int first = n == p.topology.node(l.a.device) ? l.a.port : l.b.port;
        for (int k = 0; k < l.count; ++k)
            out[s->name].insert(first + k);
    }
    return out;
}

ImportResult importText(const std::string &text, const std::string &file = "in.txt")
{
    Expected<ImportResult> r = importTexts({ImportInput{file, text}});
    if (!r)
        qFatal("%s", r.error().text().c_str());
    return std::move(*r);
}

// The project survives a save and a load unchanged.
void checkSavesAndLoads(const Project &p)
{
    Expected<Json> doc = parseJson(serializeProject(p), "saved");
    QVERIFY(doc.ok());
    Expected<Project> back = parseProject(*doc, "saved");
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QVERIFY(back->topology == p.topology);
    QVERIFY(back->layout == p.layout);
}

// A small fabric in the default format: two servers on one leaf (their fifth adapter, so
// eight-NIC servers), the leaf on a spine.
const char *const kSmallFabric = R"(#
# Topology file: generated on Mon Jan  1 00:00:00 2024
#
# Initiated from node 0002c90300000001 port 0002c90300000001

vendid=0x2c9
devid=0xd2f2
sysimgguid=0x2c90300001000
switchguid=0x2c90300001000(2c90300001000)
Switch	65 "S-0002c90300001000"		# "MF0;leaf-a:MQM9701/U1" enhanced port 0 lid 1 lmc 0
[1]	"H-0002c90300000001"[1](2c90300000001) 		# "gpu01 mlx5_4" lid 3 4xNDR
[2]	"H-0002c90300000002"[1](2c90300000002) 		# "gpu02 mlx5_4" lid 4 4xNDR
[33]	"S-0002c90300002000"[1]		# "MF0;spine-a:MQM9701/U1" lid 2 4xNDR
[34]	"S-0002c90300002000"[2]		# "MF0;spine-a:MQM9701/U1" lid 2 4xNDR

vendid=0x2c9
devid=0xd2f2
switchguid=0x2c90300002000(2c90300002000)
Switch	65 "S-0002c90300002000"		# "MF0;spine-a:MQM9701/U1" enhanced port 0 lid 2 lmc 0
[1]	"S-0002c90300001000"[33]		# "MF0;leaf-a:MQM9701/U1" lid 1 4xNDR
[2]	"S-0002c90300001000"[34]		# "MF0;leaf-a:MQM9701/U1" lid 1 4xNDR

vendid=0x2c9
devid=0x1021
caguid=0x2c90300000001
Ca	1 "H-0002c90300000001"		# "gpu01 mlx5_4"
[1](2c90300000001) 	"S-0002c90300001000"[1]		# lid 3 lmc 0 "MF0;leaf-a:MQM9701/U1" lid 1 4xNDR

vendid=0x2c9
devid=0x1021
caguid=0x2c90300000002
Ca	1 "H-0002c90300000002"		# "gpu02 mlx5_4"
[1](2c90300000002) 	"S-0002c90300001000"[2]		# lid 4 lmc 0 "MF0;leaf-a:MQM9701/U1" lid 1 4xNDR
)";

// The same fabric as `ibnetdiscover -p` lists it (its printf format in rdma-core's
// infiniband-diags/ibnetdiscover.c), with an unconnected port.
const char *const kSmallPortList
        = "CA     3  1 0x0002c90300000001 4x NDR - SW     1  1 0x0002c90300001000 ( 'gpu01 "
          "mlx5_4' - 'MF0;leaf-a:MQM9701/U1' )\n"
          "CA     4  1 0x0002c90300000002 4x NDR - SW     1  2 0x0002c90300001000 ( 'gpu02 "
          "mlx5_4' - 'MF0;leaf-a:MQM9701/U1' )\n"
          "SW     1  1 0x0002c90300001000 4x NDR - CA     3  1 0x0002c90300000001 ( "
          "'MF0;leaf-a:MQM9701/U1' - 'gpu01 mlx5_4' )\n"
          "SW     1  3 0x0002c90300001000 4x SDR                                    "
          "'MF0;leaf-a:MQM9701/U1'\n"
          "SW     1 33 0x0002c90300001000 4x NDR - SW     2  1 0x0002c90300002000 ( "
          "'MF0;leaf-a:MQM9701/U1' - 'MF0;spine-a:MQM9701/U1' )\n"
          "SW     1 34 0x0002c90300001000 4x NDR - SW     2  2 0x0002c90300002000 ( "
          "'MF0;leaf-a:MQM9701/U1' - 'MF0;spine-a:MQM9701/U1' )\n"
          "SW     2  2 0x0002c90300002000 4x NDR - SW     1 34 0x0002c90300001000 ( "
          "'MF0;spine-a:MQM9701/U1' - 'MF0;leaf-a:MQM9701/U1' )\n";

// A one-leaf fabric in ibnetdiscover's default format: each host's adapters, by their device
// names, cabled in order to one HDR leaf (QM8700, 40 ports), the cables at `rate`.
std::string oneLeafFabric(
        const std::vector<std::pair<std::string, std::vector<std::string>>> &hosts,
        const std::string &rate = "4xHDR")
{
    std::string sw = "vendid=0x2c9\ndevid=0xd2f0\nswitchguid=0x2c90300001000(2c90300001000)\n"
                     "Switch\t41 \"S-0002c90300001000\"\t\t# \"MF0;leaf-1:MQM8700/U1\" enhanced "
                     "port 0 lid 1 lmc 0\n";
    std::string cas;
    int port = 0;
    for (const auto &[host, adapters] : hosts) {
        for (const std::string &a : adapters) {
            ++port;
            char guid[17];
            std::snprintf(guid, sizeof guid, "%016x", 0x10000 + port);
            const std::string desc = host + " " + a;
            sw += "[" + std::to_string(port) + "]\t\"H-" + guid + "\"[1](" + guid + ")\t\t# \""
                  + desc + "\" lid " + std::to_string(port + 1) + " " + rate + "\n";
            cas += "\nvendid=0x2c9\ndevid=0x101b\ncaguid=0x" + std::string(guid) + "\nCa\t1 \"H-"
                   + guid + "\"\t\t# \"" + desc + "\"\n[1](" + guid + ")\t\"S-0002c90300001000\"["
                   + std::to_string(port) + "]\t\t# lid 2 lmc 0 \"MF0;leaf-1:MQM8700/U1\" lid 1 "
                   + rate + "\n";
        }
    }
    return sw + cas;
}

// nvidia-smi topo -m as drivers since 550 print it: `gpus` GPUs with NV`links` to every peer,
// one NIC on each GPU's PCIe switch (PIX), the rest across the sockets.
std::string smiMatrix(int gpus, int links, const std::string &far = "SYS")
{
    std::string x = "\t";
    for (int g = 0; g < gpus; ++g)
        x += "GPU" + std::to_string(g) + "\t";
    for (int n = 0; n < gpus; ++n)
        x += "NIC" + std::to_string(n) + "\t";
    x += "CPU Affinity\tNUMA Affinity\tGPU NUMA ID\n";
    for (int r = 0; r < 2 * gpus; ++r) {
        const bool gpu = r < gpus;
        const int i = gpu ? r : r - gpus;
        x += (gpu ? "GPU" : "NIC") + std::to_string(i);
        for (int c = 0; c < 2 * gpus; ++c) {
            const bool cg = c < gpus;
            const int j = cg ? c : c - gpus;
            std::string cell;
            if (gpu == cg)
                cell = i == j ? " X " : (gpu ? "NV" + std::to_string(links) : far);
            else
                cell = i == j ? "PIX" : far;
            x += "\t" + cell;
        }
        x += gpu ? "\t0-47\t0\t\tN/A\n" : "\n";
    }
    x += "\nLegend:\n\n  X    = Self\n  SYS  = Connection traversing PCIe as well as the SMP "
         "interconnect between NUMA nodes (e.g., QPI/UPI)\n  NV#  = Connection traversing a "
         "bonded set of # NVLinks\n\nNIC Legend:\n\n";
    for (int n = 0; n < gpus; ++n)
        x += "  NIC" + std::to_string(n) + ": mlx5_" + std::to_string(n) + "\n";
    return x;
}

// NCCL_TOPO_DUMP_FILE's shape (NCCL src/graph/xml.cc): eight Blackwell GPUs (sm 100), each with
// 18 NVLinks to the NVSwitches (tclass 0x068000), and eight 400 Gb/s NICs on their PCIe switches.
std::string ncclDump(int sm, int gpus, int links, int nics, long long speedMbits)
{
    // A100s sit on PCIe Gen4 (16 GT/s), Hopper and Blackwell on Gen5, Blackwell Ultra on Gen6.
    const std::string speed = sm == 80    ? "16 GT/s"
                              : sm >= 103 ? "64.0 GT/s PCIe"
                                          : "32.0 GT/s PCIe";
    std::string x
            = "<?xml version=\"1.0\"?>\n<!-- NCCL topology -->\n<system version=\"1\">\n"
              "  <cpu numaid=\"0\" affinity=\"ffff\" arch=\"x86_64\" vendor=\"GenuineIntel\">\n";
    for (int g = 0; g < gpus; ++g) {
        x += "    <pci busid=\"ffff:ff:0" + std::to_string(g)
             + ".0\" class=\"0x060400\" "
               "link_speed=\""
             + speed + "\" link_width=\"16\">\n";
        x += "      <pci busid=\"000" + std::to_string(g)
             + ":00:00.0\" class=\"0x030200\" "
               "link_speed=\""
             + speed
             + "\" link_width=\"16\">\n"
               "        <gpu dev=\""
             + std::to_string(g) + "\" sm=\"" + std::to_string(sm) + "\" rank=\""
             + std::to_string(g)
             + "\" gdr=\"1\">\n"
               "          <nvlink target=\"fffffff:ffff:ff\" count=\""
             + std::to_string(links) + "\" tclass=\"0x068000\"/>\n        </gpu>\n      </pci>\n";
        if (g < nics)
            x += "      <pci busid=\"010" + std::to_string(g)
                 + ":00:00.0\" class=\"0x020700\" "
                   "link_speed=\""
                 + speed
                 + "\" link_width=\"16\">\n        <nic>\n"
                   "          <net name=\"mlx5_"
                 + std::to_string(g) + "\" dev=\"" + std::to_string(g) + "\" speed=\""
                 + std::to_string(speedMbits)
                 + "\" port=\"1\" gdr=\"1\"/>\n"
                   "        </nic>\n      </pci>\n";
        x += "    </pci>\n";
    }
    return x + "  </cpu>\n</system>\n";
}

// NCCL's topology of GB200 compute trays as NCCL 2.2x dumps it on Grace: two <cpu> (NUMA
// nodes) per tray with the host's host_hash, two GPUs on each (sm 100, 18 NVLinks to the rack's
// switches, which NCCL names fffffff:ff:ff.0, and the C2C link to Grace) and a ConnectX-7 per
// GPU beside them, not behind a PCIe switch. `trays` hosts fused into one file, as NCCL fuses
// the topology of a multi-node NVLink domain (MNNVL); `lastTrayGpus` GPUs on the last one.
std::string gb200Dump(int trays, int lastTrayGpus = 4)
{
    std::string x = "<system version=\"1\">\n";
    for (int t = 0; t < trays; ++t) {
        const std::string hash = "0x5a1f0c0ffee0000" + std::to_string(t + 1);
        const int gpus = t == trays - 1 ? lastTrayGpus : 4;
        for (int numa = 0; numa < 2; ++numa) {
            x += "  <cpu host_hash=\"" + hash + "\" numaid=\"" + std::to_string(numa)
                 + "\" affinity=\"ffffffff\" arch=\"arm64\" vendor=\"NVIDIA\">\n";
            for (int k = 0; k < 2 && 2 * numa + k < gpus; ++k) {
                const int g = 2 * numa + k;
                x += "    <pci busid=\"000" + std::to_string(8 + g)
                     + ":01:00.0\" class=\"0x030200\" vendor=\"0x10de\" device=\"0x2941\" "
                       "link_speed=\"2.5 GT/s PCIe\" link_width=\"16\">\n"
                       "      <gpu dev=\""
                     + std::to_string(g) + "\" sm=\"100\" rank=\"" + std::to_string(4 * t + g)
                     + "\" gdr=\"1\">\n"
                       "        <nvlink target=\"fffffff:ff:ff.0\" count=\"18\" "
                       "tclass=\"0x068000\"/>\n"
                       "        <c2c bw=\"44712\" count=\"10\"/>\n"
                       "      </gpu>\n    </pci>\n";
                x += "    <pci busid=\"000" + std::to_string(g)
                     + ":03:00.0\" class=\"0x020700\" vendor=\"0x15b3\" device=\"0x1021\" "
                       "link_speed=\"32.0 GT/s PCIe\" link_width=\"16\">\n"
                       "      <nic>\n        <net name=\"mlx5_"
                     + std::to_string(g) + "\" dev=\"" + std::to_string(g)
                     + "\" speed=\"400000\" port=\"1\" latency=\"0.000000\" "
                       "maxconn=\"131072\" gdr=\"1\"/>\n      </nic>\n    </pci>\n";
            }
            x += "  </cpu>\n";
        }
    }
    return x + "</system>\n";
}

// RCCL's topology of an 8 x MI300X server: each GPU with its gfx architecture ("gcn"), its
// compute units in "sm", an <xgmi> element per peer (count 1: seven links a GPU) and a 400G NIC
// beside it under the same PCIe switch.
std::string rcclMi300xDump()
{
    std::string x = "<system version=\"1\">\n  <cpu host_hash=\"0x1\" numaid=\"0\" "
                    "arch=\"x86_64\" vendor=\"AuthenticAMD\">\n";
    for (int g = 0; g < 8; ++g) {
        const std::string bus = "00" + std::to_string(1 + g) + "1";
        x += "    <pci busid=\"0000:" + bus.substr(0, 2)
             + ":00.0\" class=\"0x060400\" "
               "link_speed=\"32.0 GT/s PCIe\" link_width=\"16\">\n";
        x += "      <pci busid=\"0000:" + bus.substr(1, 2)
             + ":00.0\" class=\"0x120000\" "
               "vendor=\"0x1002\" device=\"0x74a1\" link_speed=\"32.0 GT/s PCIe\" "
               "link_width=\"16\">\n        <gpu dev=\""
             + std::to_string(g) + "\" sm=\"304\" gcn=\"gfx942\" arch=\"2302\" rank=\""
             + std::to_string(g) + "\" gdr=\"1\">\n";
        for (int peer = 0; peer < 8; ++peer)
            if (peer != g)
                x += "          <xgmi target=\"0000:" + std::to_string(10 + peer)
                     + ":00.0\" count=\"1\" tclass=\"0x120000\"/>\n";
        x += "        </gpu>\n      </pci>\n";
        x += "      <pci busid=\"0000:" + std::to_string(50 + g)
             + ":00.0\" class=\"0x020700\" "
               "vendor=\"0x15b3\" link_speed=\"32.0 GT/s PCIe\" link_width=\"16\">\n"
               "        <nic>\n          <net name=\"mlx5_"
             + std::to_string(g) + "\" dev=\"" + std::to_string(g)
             + "\" speed=\"400000\" port=\"1\" gdr=\"1\"/>\n        </nic>\n      </pci>\n";
        x += "    </pci>\n";
    }
    return x + "  </cpu>\n</system>\n";
}

} // namespace

class tst_Import : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void smallFabric();
    void portListingGivesTheSameFabric();
    void portListingCountsUncabledPortsAndMultiPortAdapters();
    void ibdiagnetPortLabels();
    void serverFilesAsPeoplePasteThem();
    void directorSwitchIsOneSwitch();
    void adapterNumbersWithGaps();
    void hostsOfTwoKindsAtOneRate();
    void hostNamesAndAdapterNumbers();
    void malformedInputIsRefusedWithItsLine_data();
    void malformedInputIsRefusedWithItsLine();
    void fixtures_data();
    void fixtures();
    void superpodReport();
    void loneAdapterIsRefused();
    void roundTrip_data();
    void roundTrip();
    void serverFiles_data();
    void serverFiles();
    void serverFileSetsTheFabricsServers();
    void serverFilesOfCurrentSystems();
    void ncclFileWithoutNvlinkLeavesItToTheDriver();
    void ncclNetSpeedNotInMegabits();
    void fusedTopologyOfAnNvlinkDomain();
    void malformedServerFiles_data();
    void malformedServerFiles();
    void nvidiaSmiCopiedWithSpaces();
    void hardwareFileAmongTheFiles();
    void cablesTrainedDown();
    void serviceHostsByName();
    void bridgedPairsAndFourGpuBoards();
    void cli();
};

void tst_Import::serverFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("nvlinks");
    QTest::addColumn<bool>("nvswitch");
    QTest::addColumn<int>("nics");
    QTest::addColumn<int>("computeNics");
    QTest::addColumn<QString>("model"); // empty: no catalog server
    QTest::newRow("dgx-a100 nvidia-smi") << QStringLiteral("nvidia-smi/dgx-a100-topo-m.txt") << 8
                                         << 12 << true << 12 << 8 << QStringLiteral("dgx-a100");
    QTest::newRow("azure ndv4 (A100, 8 IB)") << QStringLiteral("nccl-topo/azure-ndv4-topo.xml") << 8
                                             << 0 << false << 8 << 8 << QStringLiteral("dgx-a100");
    // PCIe Gen5 links: not an A100.
    QTest::newRow("azure ndv5 (H100, 8 IB)") << QStringLiteral("nccl-topo/azure-ndv5-topo.xml") << 8
                                             << 0 << false << 8 << 8 << QStringLiteral("dgx-h100");
    QTest::newRow("azure ncv4 (4 x A100 PCIe)") << QStringLiteral("nccl-topo/azure-ncv4-topo.xml")
                                                << 4 << 12 << false << 1 << 0 << QString();
    // A100 40GB by its PCI device id (0x20b0).
    QTest::newRow("aws p4d (8 x A100, 4 EFA)")
            << QStringLiteral("nccl-topo/aws-p4d-24xl-topo.xml") << 8 << 0 << false << 4 << 4
            << QStringLiteral("hgx-a100-40gb");
}

void tst_Import::serverFiles()
{
    if (!fixturesPresent())
        QSKIP("the shared fixtures (../shared/fixtures) are not on this machine");
    QFETCH(QString, file);
    QFETCH(int, gpus);
    QFETCH(int, nvlinks);
    QFETCH(bool, nvswitch);
    QFETCH(int, nics);
    QFETCH(int, computeNics);
    QFETCH(QString, model);
    const std::string path = fixture(file.toStdString());
    Expected<std::string> text = readTextFile(path);
    QVERIFY(text.ok());
    const bool smi = file.startsWith(u"nvidia-smi");
    QCOMPARE(detectImportFormat(*text),
             std::optional(smi ? ImportFormat::NvidiaSmiTopo : ImportFormat::NcclTopology));
    Expected<ServerFacts> f
            = smi ? parseNvidiaSmiTopo(*text, path) : parseNcclTopology(*text, path);
    QVERIFY2(f.ok(), f ? "" : f.error().text().c_str());
    QCOMPARE(f->gpus, gpus);
    QCOMPARE(f->nvlinksPerGpu, nvlinks);
    QCOMPARE(f->nvswitch, nvswitch);
    QCOMPARE(f->nics, nics);
    QCOMPARE(f->computeNics, computeNics);
    std::string why;
    QCOMPARE(QString::fromStdString(matchServerModel(*f, Catalog::builtin(), "dgx-a100", &why)),
             model);
    // Alone, a server file is a project of one server of its model, or refused.
    Expected<ImportResult> r = importFiles({path});
    QCOMPARE(r.ok(), !model.isEmpty());
    if (r) {
        QCOMPARE(r->project.topology.nodes.size(), std::size_t(1));
        checkSavesAndLoads(r->project);
    } else {
        QCOMPARE(r.error().file, path);
        QVERIFY(r.error().message.find("no catalog server") != std::string::npos);
    }
}

void tst_Import::serverFileSetsTheFabricsServers()
{
    // A DGX B200 fabric is taken for DGX H100 by its NICs alone (eight 400G); an NCCL dump of
    // one B200 server sets every server of that kind.
    GeneratorOptions o;
    o.nodeModel = "dgx-b200";
    o.nodes = 16;
    Expected<Project> design = generateProject(o);
    QVERIFY(design.ok());
    const std::string fabric = *ibnetdiscoverText(*design, Catalog::builtin());
    Expected<ImportResult> alone = importTexts({ImportInput{"fabric.txt", fabric}});
    QVERIFY(alone.ok());
    QCOMPARE(alone->project.topology.nodes.front().model, std::string("dgx-h100"));
    Expected<ImportResult> r
            = importTexts({ImportInput{"fabric.txt", fabric},
                           ImportInput{"b200.xml", ncclDump(100, 8, 18, 8, 400000)}});
    QVERIFY2(r.ok(), r ? "" : r.error().text().c_str());
    QCOMPARE(serverModels(r->project), serverModels(*design));
    QVERIFY(notesWith(r->report, "16 server(s) set to dgx-b200", ImportNote::Kind::Assumed) == 1);
    // The same file again checks them; an nvidia-smi matrix of NV18 keeps B200 (it fits).
    const std::string smi = "\tGPU0\tGPU1\tmlx5_0\tCPU Affinity\tNUMA Affinity\n"
                            "GPU0\t X \tNV18\tPXB\t0-1\t0\n"
                            "GPU1\tNV18\t X \tSYS\t0-1\t0\n"
                            "mlx5_0\tPXB\tSYS\t X \n";
    Expected<ServerFacts> two = parseNvidiaSmiTopo(smi, "smi.txt");
    QVERIFY(two.ok());
    QCOMPARE(two->gpus, 2);
    QCOMPARE(two->nvlinksPerGpu, 18);
    QVERIFY(two->nvswitch);
    // A file of a server the fabric's servers cannot be (A100: HDR NICs on an NDR fabric's
    // cables of 400G) leaves them and says why.
    Expected<ImportResult> mismatch
            = importTexts({ImportInput{"fabric.txt", fabric},
                           ImportInput{"a100.xml", ncclDump(80, 8, 12, 8, 200000)}});
    QVERIFY(mismatch.ok());
    QCOMPARE(mismatch->project.topology.nodes.front().model, std::string("dgx-h100"));
    QCOMPARE(notesWith(mismatch->report, "do not fit", ImportNote::Kind::Unmapped), 1);
}
// NCCL reads a <gpu> that lists no <nvlink> by asking the driver for its links
// (ncclTopoGetXmlFromGpu), and hand-written NCCL_TOPO_FILEs of cloud instances leave them out.
// Such a file does not say the server has no NVLink; the GPU's PCI device id, where the file
// gives it, still tells a PCIe card from an SXM board.
void tst_Import::ncclFileWithoutNvlinkLeavesItToTheDriver()
{
    auto withoutNvlink = [](std::string xml) {
        std::size_t at;
        while ((at = xml.find("          <nvlink")) != std::string::npos)
            xml.erase(at, xml.find('\n', at) + 1 - at);
        return xml;
    };
    std::string why;
    Expected<ServerFacts> sxm
            = parseNcclTopology(withoutNvlink(ncclDump(90, 8, 18, 8, 400000)), "p5.xml");
    QVERIFY2(sxm.ok(), sxm ? "" : sxm.error().text().c_str());
    QVERIFY(!sxm->nvlinkStated);
    QCOMPARE(matchServerModel(*sxm, Catalog::builtin(), "", &why), std::string("dgx-h100"));
    QVERIFY2(why.find("NVLink not stated (no <nvlink> in the file") != std::string::npos,
             why.c_str());

    // Two H100 at 200 Gb/s: the PCIe card's id (0x2331) is the PCIe server; the SXM board's
    // (0x2330) is a DGX H100 but for its NICs' rate, which the match can only say when it does
    // not take the missing <nvlink> for "no NVLink".
    auto withDevice = [&](const char *device) {
        std::string xml = withoutNvlink(ncclDump(90, 8, 18, 2, 200000));
        for (std::size_t at = 0; (at = xml.find("class=\"0x030200\"", at)) != std::string::npos;)
            at = xml.insert(at + 16, std::string(" vendor=\"0x10de\" device=\"") + device + "\"")
                         .find('>', at);
        return xml;
    };
    Expected<ServerFacts> card = parseNcclTopology(withDevice("0x2331"), "h100-pcie.xml");
    QVERIFY2(card.ok(), card ? "" : card.error().text().c_str());
    QCOMPARE(card->pciDevice, 0x2331);
    QCOMPARE(matchServerModel(*card, Catalog::builtin(), "", &why), std::string("pcie-server"));
    Expected<ServerFacts> board = parseNcclTopology(withDevice("0x2330"), "h100-sxm.xml");
    QVERIFY2(board.ok(), board ? "" : board.error().text().c_str());
    QCOMPARE(board->pciDevice, 0x2330);
    QCOMPARE(matchServerModel(*board, Catalog::builtin(), "", &why), std::string());
    QVERIFY2(why.find("dgx-h100 (400 Gb/s)") != std::string::npos, why.c_str());
    QVERIFY2(why.find("pcie-server") == std::string::npos, why.c_str());
}
// NCCL's <net speed> is Mb/s; a network plugin that wrote kb/s (RCCL's MI300A topology with
// Slingshot NICs: speed="200000000") states a port of 200 Tb/s. Read as kb/s, and said so.
void tst_Import::ncclNetSpeedNotInMegabits()
{
    std::string why;
    Expected<ServerFacts> kbits = parseNcclTopology(ncclDump(90, 8, 18, 8, 400000000), "kb.xml");
    QVERIFY(kbits.ok());
    QCOMPARE(kbits->nicGbits, 400.0);
    QCOMPARE(matchServerModel(*kbits, Catalog::builtin(), "", &why), std::string("dgx-h100"));
    QVERIFY2(why.find("at 400 Gb/s (speed 400000000 is beyond any port in Mb/s, NCCL's unit; "
                      "read as kb/s)")
                     != std::string::npos,
             why.c_str());
    // In b/s (10^10 and up): 400 Gb/s again.
    Expected<ServerFacts> bits = parseNcclTopology(ncclDump(90, 8, 18, 8, 400000000000LL), "b.xml");
    QVERIFY(bits.ok());
    QCOMPARE(bits->nicGbits, 400.0);
    QVERIFY2(bits->nicSpeedRead.find("read as b/s") != std::string::npos,
             bits->nicSpeedRead.c_str());
    // 10^13 and more is no port's rate in any unit: left unread.
    Expected<ServerFacts> none
            = parseNcclTopology(ncclDump(90, 8, 18, 8, 10000000000000LL), "x.xml");
    QVERIFY(none.ok());
    QCOMPARE(none->nicGbits, 0.0);
    QVERIFY2(none->nicSpeedRead.find("left unread") != std::string::npos,
             none->nicSpeedRead.c_str());
    // In NCCL's own unit, nothing is said, up to just under 10 Tb/s.
    for (long long mb : {400000LL, 9999999LL}) {
        Expected<ServerFacts> mbits = parseNcclTopology(ncclDump(90, 8, 18, 8, mb), "mb.xml");
        QVERIFY(mbits.ok());
        QCOMPARE(mbits->nicGbits, double(mb) / 1000);
        QVERIFY(mbits->nicSpeedRead.empty());
    }
}

// Servers as current tools print them: the GPU by its compute capability (the catalog's
// compute_capability), whatever the catalog id is called.
void tst_Import::serverFilesOfCurrentSystems()
{
    std::string why;
    // H800 (sm 90, 8 NVLinks a GPU) and B300 (sm 103, 800G NICs).
    Expected<ServerFacts> h800 = parseNcclTopology(ncclDump(90, 8, 8, 8, 400000), "h800.xml");
    QVERIFY(h800.ok());
    QCOMPARE(matchServerModel(*h800, Catalog::builtin(), "", &why), std::string("hgx-h800"));
    Expected<ServerFacts> b300 = parseNcclTopology(ncclDump(103, 8, 18, 8, 800000), "b300.xml");
    QVERIFY(b300.ok());
    QCOMPARE(b300->sm, 103);
    QCOMPARE(matchServerModel(*b300, Catalog::builtin(), "", &why), std::string("dgx-b300"));
    // A compute capability no catalog GPU has, or one that is not CUDA's GPU: refused.
    Expected<ServerFacts> volta = parseNcclTopology(ncclDump(70, 8, 6, 4, 100000), "v100.xml");
    QVERIFY(volta.ok());
    QCOMPARE(matchServerModel(*volta, Catalog::builtin(), "", &why), std::string());
    QVERIFY2(why.find("compute capability 7.0") != std::string::npos, why.c_str());
    // RCCL's file of an MI300X server: AMD's GPU (its "sm" is 304 compute units, not a CUDA
    // compute capability), seven xGMI links a GPU, peer to peer.
    Expected<ServerFacts> mi300x = parseNcclTopology(rcclMi300xDump(), "mi300x.xml");
    QVERIFY2(mi300x.ok(), mi300x ? "" : mi300x.error().text().c_str());
    QCOMPARE(mi300x->gpus, 8);
    QCOMPARE(mi300x->sm, 0);
    QCOMPARE(mi300x->gfx, std::string("gfx942"));
    QCOMPARE(mi300x->nvlinksPerGpu, 7);
    QVERIFY(!mi300x->nvswitch);
    QCOMPARE(mi300x->computeNics, 8);
    QCOMPARE(matchServerModel(*mi300x, Catalog::builtin(), "", &why), std::string("mi300x"));
    QVERIFY2(why.find("AMD gfx942") != std::string::npos, why.c_str());
    // nvidia-smi topo -m of a GB200 compute tray: 4 GPUs on NV18 (the rack's NVLink switches,
    // as the GPUs see them), no NIC listed.
    const std::string tray = "\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
                             "GPU0\tX\tNV18\tNV18\tNV18\t0-71\t0\t\tN/A\n"
                             "GPU1\tNV18\tX\tNV18\tNV18\t0-71\t0\t\tN/A\n"
                             "GPU2\tNV18\tNV18\tX\tNV18\t72-143\t1\t\tN/A\n"
                             "GPU3\tNV18\tNV18\tNV18\tX\t72-143\t1\t\tN/A\n";
    const ImportResult t = importText(tray, "tray.txt");
    QCOMPARE(serverModels(t.project),
             (std::map<std::string, std::string>{{"server-1", "gb200-tray"}}));
    // An HGX H100 as drivers since 550 print it: NIC0..NIC11 columns, a "GPU NUMA ID" column
    // (with an empty cell before it), empty affinity cells on the NIC rows, the NIC Legend.
    std::string smi = "\tGPU0\tGPU1";
    for (int n = 0; n < 12; ++n)
        smi += "\tNIC" + std::to_string(n);
    smi += "\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n";
    for (int g = 0; g < 2; ++g) {
        smi += "GPU" + std::to_string(g) + (g == 0 ? "\t X \tNV18" : "\tNV18\t X ");
        for (int n = 0; n < 12; ++n)
            smi += n == g ? "\tPIX" : (n < 6 ? "\tNODE" : "\tSYS");
        smi += "\t0-55,112-167\t0\t\tN/A\n";
    }
    for (int n = 0; n < 12; ++n) {
        smi += "NIC" + std::to_string(n)
               + (n == 0   ? "\tPIX\tNODE"
                  : n == 1 ? "\tNODE\tPIX"
                           : "\tSYS\tSYS");
        for (int m = 0; m < 12; ++m)
            smi += m == n ? "\t X " : "\tSYS";
        smi += "\t\t\t\t\n";
    }
    smi += "\nLegend:\n\n  X    = Self\n  NV#  = Connection traversing a bonded set of # "
           "NVLinks\n\n"
           "NIC Legend:\n\n";
    for (int n = 0; n < 12; ++n)
        smi += "  NIC" + std::to_string(n) + ": mlx5_" + std::to_string(n) + "\n";
    Expected<ServerFacts> h100 = parseNvidiaSmiTopo(smi, "h100.txt");
    QVERIFY2(h100.ok(), h100 ? "" : h100.error().text().c_str());
    QCOMPARE(h100->gpus, 2);
    QCOMPARE(h100->nics, 12);
    QCOMPARE(h100->computeNics, 2);
    QCOMPARE(h100->nvlinksPerGpu, 18);
}

// NCCL fuses the topology of every host of a multi-node NVLink domain into one file: a server
// per host, the trays one NVLink domain.
void tst_Import::fusedTopologyOfAnNvlinkDomain()
{
    Expected<ServerFacts> one = parseNcclTopology(gb200Dump(1), "tray.xml");
    QVERIFY2(one.ok(), one ? "" : one.error().text().c_str());
    QCOMPARE(one->gpus, 4);
    QCOMPARE(one->hosts, 1);
    QCOMPARE(one->nics, 4);
    QCOMPARE(one->computeNics, 4); // on Grace, beside the GPUs' CPU
    QVERIFY(one->nvswitch);
    std::string why;
    QCOMPARE(matchServerModel(*one, Catalog::builtin(), "", &why), std::string("gb200-tray"));

    Expected<ServerFacts> two = parseNcclTopology(gb200Dump(2), "two.xml");
    QVERIFY(two.ok());
    QCOMPARE(two->hosts, 2);
    QCOMPARE(two->gpus, 4);
    QCOMPARE(two->nics, 4);
    QCOMPARE(two->computeNics, 4);
    const ImportResult r = importText(gb200Dump(2), "two.xml");
    QCOMPARE(r.project.topology.nodes.size(), std::size_t(2));
    QCOMPARE(r.project.topology.domains.size(), std::size_t(1));
    for (const Node &n : r.project.topology.nodes) {
        QCOMPARE(n.model, std::string("gb200-tray"));
        QCOMPARE(n.domain, r.project.topology.domains.front().id);
    }
    QVERIFY(summaryHas(r.report, "2 servers (gb200-tray)"));
    QCOMPARE(notesWith(r.report, "on each of 2 hosts", ImportNote::Kind::Assumed), 1);
    QCOMPARE(summarize(r.project.topology, Catalog::builtin())->gpus, 8);
    checkSavesAndLoads(r.project);

    // GB300 trays (Blackwell Ultra, compute capability 10.3, 800G ConnectX-8) from the same dump.
    std::string gb300 = gb200Dump(2);
    // (0x31c2: the GB300's PCI device id, as oci-hpc's GB300 topology file reports it.)
    for (auto [from, to] : {std::pair<std::string, std::string>{"sm=\"100\"", "sm=\"103\""},
                            {"speed=\"400000\"", "speed=\"800000\""},
                            {"device=\"0x2941\"", "device=\"0x31c2\""}})
        for (std::size_t at = gb300.find(from); at != std::string::npos; at = gb300.find(from, at))
            gb300.replace(at, from.size(), to);
    const ImportResult ultra = importText(gb300, "gb300.xml");
    QCOMPARE(ultra.project.topology.nodes.size(), std::size_t(2));
    for (const Node &n : ultra.project.topology.nodes)
        QCOMPARE(n.model, std::string("gb300-tray"));

    // Hosts that differ: refused, naming them.
    Expected<ImportResult> uneven = importTexts({ImportInput{"uneven.xml", gb200Dump(2, 2)}});
    QVERIFY(!uneven.ok());
    QVERIFY2(uneven.error().message.find("the same servers on every host") != std::string::npos,
             uneven.error().message.c_str());
}

void tst_Import::malformedServerFiles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    QTest::newRow("unclosed") << QStringLiteral("<system version=\"1\">\n  <cpu>\n")
                              << QStringLiteral("line 3") << QStringLiteral("never closed");
    QTest::newRow("mismatched") << QStringLiteral("<system>\n<cpu>\n</pci>\n</system>\n")
                                << QStringLiteral("line 3") << QStringLiteral("closes <cpu>");
    QTest::newRow("bad attribute")
            << QStringLiteral("<system>\n<pci class=0x0302/>\n</system>")
            << QStringLiteral("line 2") << QStringLiteral("quoted attribute");
    QTest::newRow("graph file") << QStringLiteral("<graphs version=\"1\">\n</graphs>\n")
                                << QStringLiteral("line 1") << QStringLiteral("NCCL graph file");
    QTest::newRow("no gpu") << QStringLiteral(
            "<system version=\"1\">\n<cpu numaid=\"0\"/>\n</system>\n")
                            << QStringLiteral("line 1") << QStringLiteral("no GPU");
    QString deep = QStringLiteral("<system>");
    for (int i = 0; i < 70; ++i)
        deep += QStringLiteral("<cpu>");
    QTest::newRow("deep") << deep << QStringLiteral("line 1") << QStringLiteral("deeper than 64");
    QTest::newRow("smi cell") << QStringLiteral("\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNVX\t0\n")
                              << QStringLiteral("line 2") << QStringLiteral("column GPU1");
    QTest::newRow("smi short row")
            << QStringLiteral("\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \n") << QStringLiteral("line 2")
            << QStringLiteral("expected one for each");
}

void tst_Import::malformedServerFiles()
{
    QFETCH(QString, text);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Expected<ImportResult> r = importTexts({ImportInput{"server.txt", text.toStdString()}});
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().where), where);
    QVERIFY2(r.error().message.find(message.toStdString()) != std::string::npos,
             r.error().message.c_str());
}

// The matrix as a terminal, a web page or a ticket gives it back: runs of spaces for the tabs.
void tst_Import::nvidiaSmiCopiedWithSpaces()
{
    if (!fixturesPresent())
        QSKIP("the shared fixtures (../shared/fixtures) are not on this machine");
    const std::string path = fixture("nvidia-smi/dgx-a100-topo-m.txt");
    Expected<std::string> text = readTextFile(path);
    QVERIFY(text.ok());
    // Expand the tabs to 8-column stops, as a terminal shows them.
    std::string spaced;
    std::size_t column = 0;
    for (char c : *text) {
        if (c == '\t') {
            do
                spaced += ' ';
            while (++column % 8 != 0);
        } else {
            spaced += c;
            column = c == '\n' ? 0 : column + 1;
        }
    }
    QVERIFY(spaced.find('\t') == std::string::npos);
    QCOMPARE(detectImportFormat(spaced), std::optional(ImportFormat::NvidiaSmiTopo));
    Expected<ServerFacts> tabs = parseNvidiaSmiTopo(*text, path);
    Expected<ServerFacts> spaces = parseNvidiaSmiTopo(spaced, path);
    QVERIFY2(spaces.ok(), spaces ? "" : spaces.error().text().c_str());
    QCOMPARE(spaces->gpus, tabs->gpus);
    QCOMPARE(spaces->nics, tabs->nics);
    QCOMPARE(spaces->computeNics, tabs->computeNics);
    QCOMPARE(spaces->nvlinksPerGpu, tabs->nvlinksPerGpu);
    QCOMPARE(spaces->nvswitch, tabs->nvswitch);
    QCOMPARE(spaces->nicNames, tabs->nicNames);
    const ImportResult r = importText(spaced, "pasted.txt");
    QCOMPARE(serverModels(r.project),
             (std::map<std::string, std::string>{{"server-1", "dgx-a100"}}));
    // A cell that is no link type is still refused, naming its column.
    Expected<ServerFacts> bad = parseNvidiaSmiTopo("        GPU0    GPU1    CPU Affinity\n"
                                                   "GPU0     X      NVX     0-7\n",
                                                   "pasted.txt");
    QVERIFY(!bad.ok());
    QVERIFY(bad.error().message.find("column GPU1") != std::string::npos);
}

// A server the catalog lacks: its hardware file goes in with the cluster's files, the models
// are matched against it and the project keeps it.
void tst_Import::hardwareFileAmongTheFiles()
{
    // A 4-GPU HGX A100 node: each GPU's 12 NVLinks four to each peer, as nvidia-smi prints it.
    const std::string smi = "        GPU0    GPU1    GPU2    GPU3    mlx5_0  mlx5_1  CPU Affinity\n"
                            "GPU0     X      NV4     NV4     NV4     PXB     SYS     0-31\n"
                            "GPU1    NV4      X      NV4     NV4     PXB     SYS     0-31\n"
                            "GPU2    NV4     NV4      X      NV4     SYS     PXB     32-63\n"
                            "GPU3    NV4     NV4     NV4      X      SYS     PXB     32-63\n"
                            "mlx5_0  PXB     PXB     SYS     SYS      X      SYS\n"
                            "mlx5_1  SYS     SYS     PXB     PXB     SYS      X\n";
    // An OEM's build of it with two NICs, which the catalog's HGX A100 4-GPU (four) is not.
    const std::string hardware = R"({
  "format": "topoplan-catalog",
  "version": 1,
  "servers": [{"id": "oem-a100-4gpu", "name": "OEM A100 4-GPU node", "gpu": "a100-sxm-80gb",
               "gpus": 4, "nvswitches": 0, "nvlink_scope": "mesh", "trays": 1, "nics": 2,
               "nic_gbit_s": 200, "nic_medium": "ib-hdr", "pcie": "pcie4", "rack_units": 2,
               "power_kw": 3.0, "source": "test"}]
})";
    // Without it: the catalog's 4-GPU board.
    Expected<ImportResult> alone = importTexts({ImportInput{"node.txt", smi}});
    QVERIFY2(alone.ok(), alone ? "" : alone.error().text().c_str());
    QCOMPARE(serverModels(alone->project),
             (std::map<std::string, std::string>{{"server-1", "hgx-a100-4gpu"}}));
    // A node no catalog server describes (two NVLinks to each peer: 6 of an A100's 12) is
    // refused, saying what to do.
    std::string two = smi;
    for (std::size_t at = two.find("NV4"); at != std::string::npos; at = two.find("NV4", at))
        two.replace(at, 3, "NV2");
    Expected<ImportResult> none = importTexts({ImportInput{"node.txt", two}});
    QVERIFY(!none.ok());
    QVERIFY2(none.error().message.find("describe it in a hardware file") != std::string::npos,
             none.error().message.c_str());
    // With it, in either order.
    for (bool first : {true, false}) {
        std::vector<ImportInput> in
                = {ImportInput{"node.txt", smi}, ImportInput{"hw.json", hardware}};
        if (first)
            std::swap(in[0], in[1]);
        Expected<ImportResult> r = importTexts(in);
        QVERIFY2(r.ok(), r ? "" : r.error().text().c_str());
        QCOMPARE(serverModels(r->project),
                 (std::map<std::string, std::string>{{"server-1", "oem-a100-4gpu"}}));
        QVERIFY(summaryHas(r->report, "1 hardware model(s) from hw.json: oem-a100-4gpu"));
        // The project opens without the file: its own catalog has the server.
        QCOMPARE(r->project.catalogOverrides["servers"][0]["id"].get<std::string>(),
                 std::string("oem-a100-4gpu"));
        Expected<Catalog> own = projectCatalog(r->project);
        QVERIFY(own.ok());
        QCOMPARE(own->server("oem-a100-4gpu")->nvlinkScope, NVLinkScope::Mesh);
        checkSavesAndLoads(r->project);
    }
    // NV4 to every peer is no NVSwitch board of A100 (12 links each): the built-in DGX A100
    // does not take it.
    Expected<ServerFacts> f = parseNvidiaSmiTopo(smi, "node.txt");
    QVERIFY(f.ok());
    QVERIFY(f->nvswitch);
    QCOMPARE(f->nvlinksPerGpu, 4);
    // A hardware file alone, or a wrong one: refused, naming the file and the JSON pointer.
    Expected<ImportResult> only = importTexts({ImportInput{"hw.json", hardware}});
    QVERIFY(!only.ok());
    QCOMPARE(only.error().file, std::string("hw.json"));
    QVERIFY(only.error().message.find("a hardware file only") != std::string::npos);
    std::string wrong = hardware;
    wrong.replace(wrong.find("a100-sxm-80gb"), 13, "a100-nonesuch");
    Expected<ImportResult> bad
            = importTexts({ImportInput{"node.txt", smi}, ImportInput{"hw.json", wrong}});
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().file, std::string("hw.json"));
    QVERIFY2(bad.error().where.find("/servers/0") == 0, bad.error().where.c_str());
    Expected<ImportResult> broken = importTexts(
            {ImportInput{"node.txt", smi}, ImportInput{"hw.json", "{\n  \"servers\": [\n"}});
    QVERIFY(!broken.ok());
    QCOMPARE(broken.error().file, std::string("hw.json"));
}

// Cables between the same kinds of device that trained slower than their fellows: warned
// about, each with its line, and kept at the rate they report.
void tst_Import::cablesTrainedDown()
{
    std::string text = kSmallFabric;
    auto replaceAll = [&](const std::string &from, const std::string &to) {
        int n = 0;
        for (std::size_t at = text.find(from); at != std::string::npos;
             at = text.find(from, at + to.size()), ++n)
            text.replace(at, from.size(), to);
        return n;
    };
    // One leaf-spine cable at HDR, one server cable down to a single lane (both ends say so).
    QCOMPARE(replaceAll(
                     "[34]\t\"S-0002c90300002000\"[2]\t\t# \"MF0;spine-a:MQM9701/U1\" lid 2 4xNDR",
                     "[34]\t\"S-0002c90300002000\"[2]\t\t# \"MF0;spine-a:MQM9701/U1\" lid 2 4xHDR"),
             1);
    QCOMPARE(replaceAll(
                     "[2]\t\"S-0002c90300001000\"[34]\t\t# \"MF0;leaf-a:MQM9701/U1\" lid 1 4xNDR",
                     "[2]\t\"S-0002c90300001000\"[34]\t\t# \"MF0;leaf-a:MQM9701/U1\" lid 1 4xHDR"),
             1);
    QVERIFY(replaceAll("\"gpu02 mlx5_4\" lid 4 4xNDR", "\"gpu02 mlx5_4\" lid 4 1xNDR") == 1);
    const ImportResult r = importText(text, "fabric.txt");
    // The two cables, and the server model of each kind of host, which the fabric cannot show.
    QCOMPARE(r.report.count(ImportNote::Kind::Warning),
             2 + notesWith(r.report, "Confirm Model", ImportNote::Kind::Warning));
    QCOMPARE(notesWith(r.report, "runs at 4xHDR (200 Gb/s)", ImportNote::Kind::Warning), 1);
    QCOMPARE(notesWith(r.report, "(1 at 4xNDR)", ImportNote::Kind::Warning), 2);
    QCOMPARE(notesWith(r.report, "runs at 1xNDR (100 Gb/s)", ImportNote::Kind::Warning), 1);
    QCOMPARE(notesWith(r.report, "lanes lost", ImportNote::Kind::Warning), 1);
    QVERIFY(summaryHas(r.report, "2 cable(s) trained below the rate of their kind"));
    for (const ImportNote &n : r.report.notes)
        if (n.kind == ImportNote::Kind::Warning)
            QVERIFY(n.line > 0);
    // Warnings lead the text report.
    const std::string shown = r.report.text();
    QVERIFY(shown.find(": warning: ") < shown.find(": assumed: "));
    QVERIFY(r.report.toJson()["notes"][0].contains("kind"));
    // The slow cable stays slow in the design.
    std::set<std::string> media;
    for (const Link &l : r.project.topology.links)
        media.insert(l.medium);
    QVERIFY(media.count("ib-hdr"));
    // A split port at two lanes (NDR200 to a server) is by design: no warning. The real
    // SuperPOD fabric has none either.
    text = kSmallFabric;
    QVERIFY(replaceAll("\"gpu02 mlx5_4\" lid 4 4xNDR", "\"gpu02 mlx5_4\" lid 4 2xNDR") == 1);
    // (The fabric's server models stay warnings: the fabric shows no GPUs.)
    QCOMPARE(notesWith(importText(text).report, "trained down", ImportNote::Kind::Warning), 0);
    if (fixturesPresent()) {
        Expected<ImportResult> pod = importFiles({fixture("ibnetdiscover/superpod-h100-ndr.out")});
        QVERIFY(pod.ok());
        QCOMPARE(notesWith(pod->report, "trained down", ImportNote::Kind::Warning), 0);
    }
}

// Servers whose GPUs are not all on one NVSwitch: H100 NVL cards NVLink-bridged in pairs (NV12
// to the pair, PCIe to the rest), and the 4-GPU HGX boards whose GPUs are joined directly.
void tst_Import::bridgedPairsAndFourGpuBoards()
{
    const std::string nvl
            = "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tNIC0\tNIC1\tNIC2\tNIC3\t"
              "CPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
              "GPU0\t X \tNV12\tNODE\tNODE\tSYS\tSYS\tSYS\tSYS\tPIX\tNODE\tSYS\tSYS\t0-47\t0\tN/A\n"
              "GPU1\tNV12\t X \tNODE\tNODE\tSYS\tSYS\tSYS\tSYS\tPIX\tNODE\tSYS\tSYS\t0-47\t0\tN/A\n"
              "GPU2\tNODE\tNODE\t X \tNV12\tSYS\tSYS\tSYS\tSYS\tNODE\tPIX\tSYS\tSYS\t0-47\t0\tN/A\n"
              "GPU3\tNODE\tNODE\tNV12\t X \tSYS\tSYS\tSYS\tSYS\tNODE\tPIX\tSYS\tSYS\t0-47\t0\tN/A\n"
              "GPU4\tSYS\tSYS\tSYS\tSYS\t X "
              "\tNV12\tNODE\tNODE\tSYS\tSYS\tPIX\tNODE\t48-95\t1\tN/A\n"
              "GPU5\tSYS\tSYS\tSYS\tSYS\tNV12\t X "
              "\tNODE\tNODE\tSYS\tSYS\tPIX\tNODE\t48-95\t1\tN/A\n"
              "GPU6\tSYS\tSYS\tSYS\tSYS\tNODE\tNODE\t X "
              "\tNV12\tSYS\tSYS\tNODE\tPIX\t48-95\t1\tN/A\n"
              "GPU7\tSYS\tSYS\tSYS\tSYS\tNODE\tNODE\tNV12\t X "
              "\tSYS\tSYS\tNODE\tPIX\t48-95\t1\tN/A\n"
              "NIC0\tPIX\tPIX\tNODE\tNODE\tSYS\tSYS\tSYS\tSYS\t X \tNODE\tSYS\tSYS\n"
              "NIC1\tNODE\tNODE\tPIX\tPIX\tSYS\tSYS\tSYS\tSYS\tNODE\t X \tSYS\tSYS\n"
              "NIC2\tSYS\tSYS\tSYS\tSYS\tPIX\tPIX\tNODE\tNODE\tSYS\tSYS\t X \tNODE\n"
              "NIC3\tSYS\tSYS\tSYS\tSYS\tNODE\tNODE\tPIX\tPIX\tSYS\tSYS\tNODE\t X \n"
              "\nNIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_1\n  NIC2: mlx5_2\n  NIC3: mlx5_3\n";
    Expected<ServerFacts> f = parseNvidiaSmiTopo(nvl, "nvl.txt");
    QVERIFY2(f.ok(), f ? "" : f.error().text().c_str());
    QCOMPARE(f->gpus, 8);
    QCOMPARE(f->nvlinksPerGpu, 12);
    QVERIFY(!f->nvswitch);
    QCOMPARE(f->nvlinkPeers, 1);
    QCOMPARE(f->computeNics, 4);
    std::string why;
    QCOMPARE(matchServerModel(*f, Catalog::builtin(), "", &why), std::string("h100-nvl-server"));
    QVERIFY2(why.find("12 links a GPU, to 1 peer GPU each") != std::string::npos, why.c_str());
    Expected<ImportResult> r = importTexts({ImportInput{"nvl.txt", nvl}});
    QVERIFY2(r.ok(), r ? "" : r.error().text().c_str());
    QCOMPARE(serverModels(r->project),
             (std::map<std::string, std::string>{{"server-1", "h100-nvl-server"}}));
    checkSavesAndLoads(r->project);

    // One pair without its bridge: the GPUs differ, and no catalog server is that.
    std::string unbridged = nvl;
    for (int k = 0; k < 2; ++k)
        unbridged.replace(unbridged.rfind("NV12"), 4, "SYS");
    Expected<ServerFacts> u = parseNvidiaSmiTopo(unbridged, "nvl.txt");
    QVERIFY(u.ok());
    QCOMPARE(u->nvlinkPeers, -1);
    QVERIFY(matchServerModel(*u, Catalog::builtin(), "", &why).empty());
    QVERIFY2(why.find("unequal numbers of peer GPUs") != std::string::npos, why.c_str());
    QVERIFY2(why.find("a \"mesh\" server joins every GPU to every other") != std::string::npos,
             why.c_str());

    // Bridges that join GPU0 with GPU4 (1 with 5, ...): still that server, with a warning that
    // TopoPlan's pairs are consecutive GPUs, so the ranks must follow the bridges.
    std::string apart = "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tCPU Affinity\n";
    for (int g = 0; g < 8; ++g) {
        apart += "GPU" + std::to_string(g);
        for (int h = 0; h < 8; ++h)
            apart += h == g ? "\t X " : h % 4 == g % 4 ? "\tNV12" : "\tSYS";
        apart += "\t0-95\n";
    }
    Expected<ServerFacts> a = parseNvidiaSmiTopo(apart, "apart.txt");
    QVERIFY(a.ok());
    QCOMPARE(a->nvlinkPeers, 1);
    QCOMPARE(a->nvlinkGroupsOutOfOrder, std::string("GPU0 with GPU4"));
    QVERIFY(f->nvlinkGroupsOutOfOrder.empty());
    Expected<ImportResult> ra = importTexts({ImportInput{"apart.txt", apart}});
    QVERIFY2(ra.ok(), ra ? "" : ra.error().text().c_str());
    QCOMPARE(serverModels(ra->project),
             (std::map<std::string, std::string>{{"server-1", "h100-nvl-server"}}));
    QCOMPARE(notesWith(ra->report, "the NVLink bridges join GPU0 with GPU4",
                       ImportNote::Kind::Warning),
             1);

    // NCCL's file of the same server: each GPU's NVLink goes to its pair's GPU (a display
    // class target), not to an NVSwitch.
    std::string xml = ncclDump(90, 8, 12, 4, 400000);
    for (int g = 0; g < 8; ++g) {
        const std::string from = "target=\"fffffff:ffff:ff\" count=\"12\" tclass=\"0x068000\"";
        const std::string to = "target=\"000" + std::to_string(g ^ 1)
                               + ":00:00.0\" count=\"12\" tclass=\"0x030200\"";
        xml.replace(xml.find(from), from.size(), to);
    }
    Expected<ServerFacts> x = parseNcclTopology(xml, "nvl.xml");
    QVERIFY2(x.ok(), x ? "" : x.error().text().c_str());
    QVERIFY(!x->nvswitch);
    QCOMPARE(x->nvlinkPeers, 1);
    QVERIFY2(x->nvlinkGroupsOutOfOrder.empty(), x->nvlinkGroupsOutOfOrder.c_str());
    QCOMPARE(matchServerModel(*x, Catalog::builtin(), "", &why), std::string("h100-nvl-server"));

    // H200 NVL under 4-way bridges: NV6 to the three others of its group, PCIe to the rest.
    std::string quad = "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tCPU Affinity\n";
    for (int g = 0; g < 8; ++g) {
        quad += "GPU" + std::to_string(g);
        for (int h = 0; h < 8; ++h)
            quad += h == g ? "\t X " : h / 4 == g / 4 ? "\tNV6" : "\tSYS";
        quad += "\t0-95\n";
    }
    Expected<ServerFacts> q4 = parseNvidiaSmiTopo(quad, "h200nvl.txt");
    QVERIFY(q4.ok());
    QCOMPARE(q4->nvlinkPeers, 3);
    QCOMPARE(q4->nvlinksPerGpu, 18);
    QCOMPARE(matchServerModel(*q4, Catalog::builtin(), "", &why), std::string("h200-nvl-server"));

    // From the fabric alone, hosts with four HDR adapters are the fewest-NIC server that holds
    // them (a 4-GPU A100 board); the report names the 8-GPU server that fits with NICs left
    // uncabled, as the two differ in GPUs.
    GeneratorOptions o;
    o.nodeModel = "hgx-a100-4gpu";
    o.nodes = 8;
    Expected<Project> design = generateProject(o);
    QVERIFY(design.ok());
    Expected<ImportResult> fabric = importTexts(
            {ImportInput{"fabric.txt", *ibnetdiscoverText(*design, Catalog::builtin())}});
    QVERIFY2(fabric.ok(), fabric ? "" : fabric.error().text().c_str());
    QCOMPARE(serverModels(fabric->project), serverModels(*design));
    // The fabric shows NICs, not GPUs: the model is a warning that says it is assumed.
    QCOMPARE(notesWith(fabric->report,
                       "taken for hgx-a100-4gpu (HGX A100 4-GPU server, 4 GPUs, 4 NICs), assumed: "
                       "the fabric shows NICs, not GPUs; so would, with NICs left uncabled, "
                       "dgx-a100 (8 GPUs, 8 NICs)",
                       ImportNote::Kind::Warning),
             1);
    // ... and the design keeps it as an assumption on every server, until confirmed.
    for (const Node &n : fabric->project.topology.nodes)
        QVERIFY2(n.modelAssumed, n.name.c_str());

    // A 4-GPU HGX H100: NV6 between every pair (18 links, 6 to each of 3 peers), as nvidia-smi
    // prints it on such a board (NVIDIA/nccl issue 1617).
    const std::string hgx = "        GPU0    GPU1    GPU2    GPU3    NIC0    NIC1    NIC2    NIC3  "
                            "  CPU Affinity    NUMA Affinity   GPU NUMA ID\n"
                            "GPU0     X      NV6     NV6     NV6     PIX     SYS     SYS     SYS  "
                            "   6,14,22,30      3               N/A\n"
                            "GPU1    NV6      X      NV6     NV6     SYS     PIX     SYS     SYS  "
                            "   4,12,20,28      1               N/A\n"
                            "GPU2    NV6     NV6      X      NV6     SYS     SYS     PIX     SYS  "
                            "   7,15,23,31      7               N/A\n"
                            "GPU3    NV6     NV6     NV6      X      SYS     SYS     SYS     PIX  "
                            "   5,13,21,29      5               N/A\n"
                            "NIC0    PIX     SYS     SYS     SYS      X      SYS     SYS     SYS\n"
                            "NIC1    SYS     PIX     SYS     SYS     SYS      X      SYS     SYS\n"
                            "NIC2    SYS     SYS     PIX     SYS     SYS     SYS      X      SYS\n"
                            "NIC3    SYS     SYS     SYS     PIX     SYS     SYS     SYS      X \n";
    Expected<ServerFacts> h = parseNvidiaSmiTopo(hgx, "hgx.txt");
    QVERIFY(h.ok());
    QVERIFY(h->nvswitch); // the same count to every peer, as a switch shows it
    QCOMPARE(h->nvlinksPerGpu, 6);
    QCOMPARE(h->computeNics, 4);
    QCOMPARE(matchServerModel(*h, Catalog::builtin(), "", &why), std::string("hgx-h100-4gpu"));
}

// An EDR cluster of one HCA a host, as a real one reports it (SwitchIB switches, ConnectX-5
// adapters): its login and controller nodes have as many adapters as the GPU servers, and
// their names say what they are.
void tst_Import::serviceHostsByName()
{
    const std::vector<std::string> hosts
            = {"gpu001", "gpu002", "node018", "login01", "controller", "B11-P1-CUFM-02"};
    std::string text = "#\n# Topology file: generated on Mon Dec 18 12:34:08 2023\n#\n"
                       "vendid=0x2c9\ndevid=0xcb20\nsysimgguid=0xec0d9a0300ec8240\n"
                       "switchguid=0xec0d9a0300ec8240(ec0d9a0300ec8240)\n"
                       "Switch\t36 \"S-ec0d9a0300ec8240\"\t\t# \"SwitchIB Mellanox "
                       "Technologies\" base port 0 lid 48 lmc 0\n";
    for (std::size_t i = 0; i < hosts.size(); ++i)
        text += "[" + std::to_string(i + 1) + "]\t\"H-506b4b03003fa9b" + std::to_string(i)
                + "\"[1](506b4b03003fa9b" + std::to_string(i) + ") \t\t# \"" + hosts[i]
                + " HCA-1\" lid " + std::to_string(60 + i) + " 4xEDR\n";
    for (std::size_t i = 0; i < hosts.size(); ++i)
        text += "\nvendid=0x2c9\ndevid=0x1017\nsysimgguid=0x506b4b03003fa9b" + std::to_string(i)
                + "\ncaguid=0x506b4b03003fa9b" + std::to_string(i) + "\nCa\t1 \"H-506b4b03003fa9b"
                + std::to_string(i) + "\"\t\t# \"" + hosts[i] + " HCA-1\"\n[1](506b4b03003fa9b"
                + std::to_string(i) + ") \t\"S-ec0d9a0300ec8240\"[" + std::to_string(i + 1)
                + "]\t\t# lid 60 lmc 0 \"SwitchIB Mellanox Technologies\" lid 48 4xEDR\n";
    const ImportResult r = importText(text, "edr.txt");
    std::set<std::string> servers;
    for (const Node &n : r.project.topology.nodes)
        servers.insert(n.name);
    QCOMPARE(servers, (std::set<std::string>{"gpu001", "gpu002", "node018"}));
    QCOMPARE(notesWith(r.report, "its name says a service host", ImportNote::Kind::Unmapped), 3);
    QCOMPARE(notesWith(r.report, "host login01: its name says a service host (\"login\")",
                       ImportNote::Kind::Unmapped),
             1);
    QCOMPARE(notesWith(r.report, "(\"cufm\")", ImportNote::Kind::Unmapped), 1);
    // Hosts that all have service names are still the servers: nothing else could be.
    std::string only = text;
    for (const std::string from : {"gpu001", "gpu002", "node018"}) {
        const std::string to = "head-" + from;
        for (std::size_t at = only.find("\"" + from); at != std::string::npos;
             at = only.find("\"" + from, at + to.size()))
            only.replace(at + 1, from.size(), to);
    }
    QCOMPARE(importText(only, "heads.txt").project.topology.nodes.size(), std::size_t(6));
}

void tst_Import::smallFabric()
{
    const ImportResult r = importText(kSmallFabric);
    const Topology &t = r.project.topology;
    QCOMPARE(t.nodes.size(), std::size_t(2));
    QCOMPARE(t.nodes[0].name, std::string("gpu01"));
    QCOMPARE(t.nodes[0].model, std::string("dgx-h100"));
    QCOMPARE(switchNames(r.project, Tier::Leaf), std::set<std::string>{"leaf-a"});
    QCOMPARE(switchNames(r.project, Tier::Spine), std::set<std::string>{"spine-a"});
    for (const Switch &s : t.switches)
        QCOMPARE(s.model, std::string("qm9700"));
    // Two server cables and one bundle of two leaf-spine cables, ports 0-based.
    QCOMPARE(t.links.size(), std::size_t(3));
    QCOMPARE(t.links[0].a.device, t.nodes[0].id);
    QCOMPARE(t.links[0].a.port, 4); // mlx5_4 is NIC 4 (rail 5)
    QCOMPARE(t.links[0].b.port, 0);
    const Link &bundle = t.links.back();
    QCOMPARE(bundle.count, 2);
    QCOMPARE(bundle.a.port, 32);
    QCOMPARE(bundle.b.port, 0);
    QCOMPARE(bundle.medium, std::string("ib-ndr"));
    QVERIFY(notesWith(r.report, "taken for dgx-h100", ImportNote::Kind::Warning) == 1);
    QVERIFY(notesWith(r.report, "assumed: the fabric shows NICs, not GPUs",
                      ImportNote::Kind::Warning)
            == 1);
    // Laid out: every device has a place, leaves above the servers, the spine above them.
    for (const Node &n : t.nodes)
        QVERIFY(r.project.layout.items.count(n.id));
    const double leafY = r.project.layout.items.at(t.switches[0].id).y;
    QVERIFY(r.project.layout.items.at(t.switches[1].id).y < leafY);
    QVERIFY(r.project.layout.items.at(t.nodes[0].id).y > leafY);
    checkSavesAndLoads(r.project);
}

void tst_Import::portListingGivesTheSameFabric()
{
    ImportReport report;
    Expected<ib::Fabric> f = ib::parseIbnetdiscover(kSmallPortList, "p.txt", &report);
    QVERIFY2(f.ok(), f ? "" : f.error().text().c_str());
    QCOMPARE(f->format, std::string("ibnetdiscover -p"));
    QCOMPARE(f->cables.size(), std::size_t(4)); // each cable once, the unconnected port none
    const ImportResult a = importText(kSmallFabric);
    const ImportResult b = importText(kSmallPortList);
    QCOMPARE(fixtures::cablesByName(b.project), fixtures::cablesByName(a.project));
    QCOMPARE(serverModels(b.project), serverModels(a.project));
}

// `ibnetdiscover -p` lists every port, the uncabled ones too: a switch has as many ports as the
// highest one listed, cabled or not. It names an adapter by its ports' GUIDs; a ConnectX-3 of
// two ports (node GUID G, ports G + 1 and G + 2) is one adapter, as in the default format.
void tst_Import::portListingCountsUncabledPortsAndMultiPortAdapters()
{
    const std::string text
            = "CA    10  2 0xf452140300081a22 4x QDR - SW    18  9 0xf4521403007eaa70 ( 'tank1 "
              "mlx4_0' - 'MF0;ib7:SX6036/U1' )\n"
              "CA    13  1 0xf452140300081a21 4x QDR - SW    18 12 0xf4521403007eaa70 ( 'tank1 "
              "mlx4_0' - 'MF0;ib7:SX6036/U1' )\n"
              "SW    18 12 0xf4521403007eaa70 4x QDR - CA    13  1 0xf452140300081a21 ( "
              "'MF0;ib7:SX6036/U1' - 'tank1 mlx4_0' )\n"
              "SW    18  9 0xf4521403007eaa70 4x QDR - CA    10  2 0xf452140300081a22 ( "
              "'MF0;ib7:SX6036/U1' - 'tank1 mlx4_0' )\n"
              "SW    18 36 0xf4521403007eaa70 4x SDR                                    "
              "'MF0;ib7:SX6036/U1'\n";
    ImportReport report;
    Expected<ib::Fabric> f = ib::parseIbnetdiscover(text, "p.txt", &report);
    QVERIFY2(f.ok(), f ? "" : f.error().text().c_str());
    QCOMPARE(f->cables.size(), std::size_t(2));
    int switches = 0, adapters = 0;
    for (const ib::Node &n : f->nodes) {
        if (n.type == ib::NodeType::Switch) {
            ++switches;
            QCOMPARE(n.ports, 36); // port 36 is uncabled
        } else {
            ++adapters;
            QCOMPARE(n.ports, 2);
        }
    }
    QCOMPARE(switches, 1);
    QCOMPARE(adapters, 1);
}

// ibdiagnet writes its own copy of the fabric in ibnetdiscover's format, with each port's
// label before its GUID: ASIC/cage/port on a Quantum-2, the HCA's PCI address on an adapter,
// the port on an aggregation node.
void tst_Import::ibdiagnetPortLabels()
{
    const std::string text
            = "# This database file was automatically generated by IBDIAG\n\n"
              "vendid=0x2c9\ndevid=0xd2f2\nsysimgguid=0xfc6a1c030091cf00\n"
              "switchguid=0xfc6a1c030091cf00(fc6a1c030091cf00)\n"
              "Switch  65 \"S-fc6a1c030091cf00\"      # \"MF0;leaf-1:MQM9700/U1\" enhanced port 0 "
              "lid 13 lmc 0\n"
              "[1](1/1/1) \"H-5c25730300e6706e\"[1](5c25730300e6706e)      # \"node-1 mlx5_0\" "
              "lid 164 4xNDR\n"
              "[2](1/1/2) \"H-5c25730300d0b112\"[1](5c25730300d0b112)      # \"node-2 mlx5_0\" "
              "lid 1 4xNDR\n"
              "[65] \"H-fc6a1c030091cf08\"[1](fc6a1c030091cf08)      # \"Mellanox Technologies "
              "Aggregation Node\" lid 14 4xNDR\n\n"
              "vendid=0x2c9\ndevid=0x1021\ncaguid=0x5c25730300e6706e\n"
              "Ca  1 \"H-5c25730300e6706e\"      # \"node-1 mlx5_0\"\n"
              "[1](B23D0F0/0/0/1)(5c25730300e6706e) \"S-fc6a1c030091cf00\"[1] # lid 164 lmc 0 "
              "\"MF0;leaf-1:MQM9700/U1\" lid 13 4xNDR\n\n"
              "vendid=0x2c9\ndevid=0x1021\ncaguid=0x5c25730300d0b112\n"
              "Ca  1 \"H-5c25730300d0b112\"      # \"node-2 mlx5_0\"\n"
              "[1](B23D0F0/0/0/1)(5c25730300d0b112) \"S-fc6a1c030091cf00\"[2] # lid 1 lmc 0 "
              "\"MF0;leaf-1:MQM9700/U1\" lid 13 4xNDR\n\n"
              "vendid=0x2c9\ndevid=0xcf09\ncaguid=0xfc6a1c030091cf08\n"
              "Ca  1 \"H-fc6a1c030091cf08\"      # \"Mellanox Technologies Aggregation Node\"\n"
              "[1](1)(fc6a1c030091cf08) \"S-fc6a1c030091cf00\"[65] # lid 14 lmc 0 "
              "\"MF0;leaf-1:MQM9700/U1\" lid 13 4xNDR\n";
    const ImportResult r = importText(text, "ibdiagnet2.ibnetdiscover");
    QCOMPARE(r.project.topology.nodes.size(), std::size_t(2));
    QCOMPARE(r.project.topology.switches.size(), std::size_t(1));
    QCOMPARE(r.project.topology.switches[0].model, std::string("qm9700"));
    QCOMPARE(r.project.topology.links.size(), std::size_t(2));
    // A switch of no known model: its port to its own SHARP aggregation node (65) is none of
    // its front panel's.
    std::string unknown = text;
    for (std::size_t at = 0; (at = unknown.find("MF0;leaf-1:MQM9700/U1", at)) != std::string::npos;)
        unknown.replace(at, 21, "Quantum-2 Mellanox Technologies");
    unknown.replace(unknown.find("devid=0xd2f2"), 12, "devid=0xd2ff");
    const ImportResult u = importText(unknown, "unknown.ibnetdiscover");
    QCOMPARE(u.project.topology.switches[0].model, std::string("imported-ib-0xd2ff-64p-400g"));
    // A label that is neither is still refused, at its line.
    std::string bad = text;
    bad.replace(bad.find("[2](1/1/2)"), 10, "[2](1/1;2)");
    Expected<ImportResult> refused = importTexts({ImportInput{"bad.ibnetdiscover", bad}});
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().text().find("line 9") != std::string::npos,
             refused.error().text().c_str());
}

// A host numbers all its RDMA devices: a DGX A100's compute adapters are mlx5_0-3 and
// mlx5_6-9 (4 and 5 are its storage ports). No catalog server has ten HDR NICs, so the numbers
// the servers use, in order, are its eight NICs: a DGX A100, each adapter on its rail.
void tst_Import::adapterNumbersWithGaps()
{
    const std::vector<std::string> dgx
            = {"mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"};
    const ImportResult r = importText(oneLeafFabric({{"dgx01", dgx}, {"dgx02", dgx}}));
    const Topology &t = r.project.topology;
    QCOMPARE(serverModels(r.project),
             (std::map<std::string, std::string>{{"dgx01", "dgx-a100"}, {"dgx02", "dgx-a100"}}));
    auto nicsCabled = [](const Topology &t, const std::string &node) {
        std::set<int> ports;
        for (const Link &l : t.links)
            for (int k = 0; k < l.count; ++k)
                if (l.a.device == node)
                    ports.insert(l.a.port + k);
                else if (l.b.device == node)
                    ports.insert(l.b.port + k);
        return ports;
    };
    QCOMPARE(nicsCabled(t, t.nodes[0].id), (std::set<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    // A host with one adapter uncabled keeps the others' NICs: mlx5_6 is still NIC 5.
    std::vector<std::string> seven = dgx;
    seven.erase(seven.begin() + 1);
    const ImportResult s = importText(oneLeafFabric({{"dgx01", dgx}, {"dgx02", seven}}));
    QCOMPARE(serverModels(s.project).at("dgx02"), std::string("dgx-a100"));
    QCOMPARE(nicsCabled(s.project.topology, s.project.topology.nodes[1].id),
             (std::set<int>{0, 2, 3, 4, 5, 6, 7}));
}

// Most hosts with two adapters and a few with four are two kinds of server, each its own
// model; a host with fewer adapters than most is one of theirs with adapters uncabled.
void tst_Import::hostsOfTwoKindsAtOneRate()
{
    std::vector<std::pair<std::string, std::vector<std::string>>> hosts;
    for (int i = 1; i <= 12; ++i)
        hosts.push_back({"cn" + std::to_string(i), {"mlx5_0", "mlx5_1"}});
    hosts.push_back({"big1", {"mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"}});
    // EDR: no catalog server has such NICs, so each kind is a model of its own.
    const ImportResult r = importText(oneLeafFabric(hosts, "4xEDR"));
    const std::map<std::string, std::string> models = serverModels(r.project);
    QCOMPARE(models.at("big1"), std::string("imported-server-4x100g"));
    QCOMPARE(models.at("cn1"), std::string("imported-server-2x100g"));
    // Two single-adapter hosts, on their first and third ports, each on a leaf of its own: no
    // rails where servers have one NIC.
    auto renamed = [](std::string text) {
        for (auto [from, to] :
             {std::pair{"00000000000100", "00000000000200"},
              std::pair{"2c90300001000", "2c90300002000"}, std::pair{"leaf-1", "leaf-2"}})
            for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos;)
                text.replace(at, std::strlen(from), to);
        return text;
    };
    const ImportResult lab = importText(oneLeafFabric({{"lab1", {"mlx5_0"}}}) + "\n"
                                        + renamed(oneLeafFabric({{"lab2", {"mlx5_2"}}})));
    QCOMPARE(lab.project.topology.nodes.size(), std::size_t(2));
    QVERIFY2(!summaryHas(lab.report, "rail-optimized:"), lab.report.text().c_str());
    // Thirteen eight-adapter DGX A100 and one with two of its cables gone: all DGX A100.
    std::vector<std::pair<std::string, std::vector<std::string>>> dgx;
    for (int i = 1; i <= 4; ++i)
        dgx.push_back(
                {"dgx" + std::to_string(i),
                 {"mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"}});
    dgx.back().second.resize(6);
    // 40 ports a leaf: four hosts of eight fit.
    const ImportResult d = importText(oneLeafFabric(dgx));
    for (const auto &[host, model] : serverModels(d.project))
        QCOMPARE(model, std::string("dgx-a100"));
}

// Server files as they reach an architect: nvidia-smi's matrix after an inference server's
// environment report, with the terminal's underline around its header, or from a driver old
// enough to print SOC; NCCL's file between a shell prompt and a Markdown fence, its PCIe
// switches nested as a DGX A100's are.
void tst_Import::serverFilesAsPeoplePasteThem()
{
    const std::map<std::string, std::string> hgx4{{"server-1", "hgx-h100-4gpu"}};
    const std::string plain = smiMatrix(4, 6);
    QCOMPARE(serverModels(importText(plain, "topo.txt").project), hgx4);
    std::string report;
    for (int i = 0; i < 40; ++i)
        report += "Python: 3.10.12\nCUDA available: True\n";
    QCOMPARE(detectImportFormat(report + plain), std::optional(ImportFormat::NvidiaSmiTopo));
    QCOMPARE(serverModels(importText(report + plain, "check_env.txt").project), hgx4);
    std::string underlined = plain;
    underlined.insert(0, "\x1b[4m");
    underlined.insert(underlined.find('\n'), "\x1b[0m");
    QCOMPARE(detectImportFormat(underlined), std::optional(ImportFormat::NvidiaSmiTopo));
    QCOMPARE(serverModels(importText(underlined, "tty.txt").project), hgx4);
    Expected<ServerFacts> soc = parseNvidiaSmiTopo(smiMatrix(4, 6, "SOC"), "old.txt");
    QVERIFY2(soc.ok(), soc ? "" : soc.error().text().c_str());
    QCOMPARE(soc->computeNics, 4);
    // On Grace (GB200) every GPU is a NUMA node of its own, and every path between a GPU and a
    // NIC reads SYS: which NICs are beside a GPU, the matrix cannot tell.
    std::string grace = smiMatrix(4, 18);
    for (std::size_t at = 0; (at = grace.find("PIX", at)) != std::string::npos;)
        grace.replace(at, 3, "SYS");
    for (int g = 0, at = 0; g < 4; ++g) {
        at = int(grace.find("N/A", at));
        grace.replace(at, 3, std::to_string(2 + 8 * g));
    }
    Expected<ServerFacts> tray = parseNvidiaSmiTopo(grace, "gb200.txt");
    QVERIFY2(tray.ok(), tray ? "" : tray.error().text().c_str());
    QCOMPARE(tray->computeNics, -1);
    const ImportResult trayProject = importText(grace, "gb200.txt");
    QCOMPARE(serverModels(trayProject.project).at("server-1"), std::string("gb200-tray"));
    QCOMPARE(notesWith(trayProject.report, "which NICs are beside a GPU it cannot tell",
                       ImportNote::Kind::Checked),
             1);
    // One GPU of an NVSwitch board with its NVLinks down (NODE to every other GPU): still the
    // board, and a warning naming the GPU.
    std::string down = smiMatrix(8, 18);
    {
        std::vector<std::string> lines;
        std::size_t start = 0;
        for (std::size_t end; (end = down.find('\n', start)) != std::string::npos; start = end + 1)
            lines.push_back(down.substr(start, end - start));
        for (int r = 1; r <= 8; ++r) {
            std::vector<std::string> cells;
            std::size_t a = 0;
            for (std::size_t b; (b = lines[r].find('\t', a)) != std::string::npos; a = b + 1)
                cells.push_back(lines[r].substr(a, b - a));
            cells.push_back(lines[r].substr(a));
            // Row GPU2 (line 3): every GPU cell but its own; other rows: column GPU2 (cell 3).
            for (int c = 1; c <= 8; ++c)
                if ((r == 3 && c != 3) || (r != 3 && c == 3))
                    cells[c] = "NODE";
            std::string joined;
            for (std::size_t k = 0; k < cells.size(); ++k)
                joined += (k ? "\t" : "") + cells[k];
            lines[r] = joined;
        }
        down.clear();
        for (const std::string &l : lines)
            down += l + "\n";
    }
    const ImportResult broken = importText(down, "down.txt");
    QCOMPARE(serverModels(broken.project).at("server-1"), std::string("dgx-h100"));
    QCOMPARE(notesWith(broken.report, "GPU2 shows no NVLink to any other GPU",
                       ImportNote::Kind::Warning),
             1);
    // A header whose tabs were lost in the copy is refused at the header, saying so.
    std::string glued = plain;
    glued.replace(0, glued.find("NIC0"), "GPU0GPU1GPU2GPU3");
    Expected<ServerFacts> g = parseNvidiaSmiTopo(glued, "glued.txt");
    QVERIFY(!g.ok());
    QCOMPARE(g.error().where, std::string("line 1"));
    QVERIFY2(g.error().message.find("run together") != std::string::npos, g.error().text().c_str());
    // The matrix does not name the GPU: where servers of other GPUs fit, the report says so.
    const ImportResult nv18 = importText(smiMatrix(8, 18), "nv18.txt");
    QCOMPARE(notesWith(nv18.report, "the file does not name the GPU", ImportNote::Kind::Assumed),
             1);

    const std::string dump = ncclDump(90, 8, 18, 8, 400000);
    const std::string pasted = "root@gpu01:~# cat /tmp/topo.xml\n```xml\n" + dump + "```\n";
    QCOMPARE(detectImportFormat(pasted), std::optional(ImportFormat::NcclTopology));
    Expected<ServerFacts> a = parseNcclTopology(dump, "topo.xml");
    Expected<ServerFacts> b = parseNcclTopology(pasted, "pasted.xml");
    QVERIFY2(b.ok(), b ? "" : b.error().text().c_str());
    QCOMPARE(b->gpus, 8);
    QCOMPARE(b->line, a->line + 2); // lines still counted from the top of the paste
    // Each GPU one PCIe switch further down than its NIC (nvidia-smi's PXB): still beside it.
    std::string nested = dump;
    const std::string inner = "      <pci busid=\"ffff:fe:00.0\" class=\"0x060400\" "
                              "link_speed=\"32.0 GT/s PCIe\" link_width=\"16\">\n";
    const std::string gpuOpen = "      <pci busid=\"000";
    const std::string gpuClose = "        </gpu>\n      </pci>\n";
    for (std::size_t at = 0; (at = nested.find(gpuOpen, at)) != std::string::npos;
         at += inner.size() + gpuOpen.size())
        nested.insert(at, inner);
    for (std::size_t at = 0; (at = nested.find(gpuClose, at)) != std::string::npos;
         at += gpuClose.size())
        nested.insert(at + gpuClose.size(), "      </pci>\n");
    QCOMPARE(nested.size(), dump.size() + 8 * (inner.size() + 13));
    Expected<ServerFacts> n = parseNcclTopology(nested, "nested.xml");
    QVERIFY2(n.ok(), n ? "" : n.error().text().c_str());
    QCOMPARE(n->computeNics, 8);
    // Two GPUs of an 8-GPU NVSwitch board (a job's CUDA_VISIBLE_DEVICES): refused, naming the
    // board they may be part of.
    Expected<ImportResult> slice = importTexts({ImportInput{"two.txt", smiMatrix(2, 12)}});
    QVERIFY(!slice.ok());
    QVERIFY2(slice.error().message.find("dgx-a100 (8 GPUs), hgx-a100-40gb (8 GPUs) have these "
                                        "GPUs and NVLinks")
                     != std::string::npos,
             slice.error().text().c_str());
    // However many lines of a session come before the XML: still the NCCL file.
    std::string session;
    for (int i = 0; i < 30; ++i)
        session += "[gpu01] step " + std::to_string(i) + ": NCCL INFO Bootstrap\n";
    QCOMPARE(detectImportFormat(session + dump), std::optional(ImportFormat::NcclTopology));
    Expected<ServerFacts> late = parseNcclTopology(session + dump, "session.txt");
    QVERIFY2(late.ok(), late ? "" : late.error().text().c_str());
    QCOMPARE(late->line, a->line + 30);
    // Two hosts' matrices in one paste: said to be two hosts, at the second's header.
    const std::string twoHosts
            = "gpu01$ nvidia-smi topo -m\n" + plain + "gpu02$ nvidia-smi topo -m\n" + plain;
    Expected<ImportResult> both = importTexts({ImportInput{"two-hosts.txt", twoHosts}});
    QVERIFY(!both.ok());
    QVERIFY2(both.error().message.find("a second nvidia-smi topo -m matrix (the first starts at "
                                       "line 2): two hosts' matrices in one paste")
                     != std::string::npos,
             both.error().text().c_str());
    const std::size_t lines = std::count(plain.begin(), plain.end(), '\n');
    QCOMPARE(both.error().where, "line " + std::to_string(lines + 3));
    // A box of eight H100 with one NIC is no DGX H100: taken for one by its GPUs, the model
    // assumed, and said as a warning.
    const ImportResult oneNic = importText(ncclDump(90, 8, 18, 1, 400000), "one-nic.xml");
    QCOMPARE(serverModels(oneNic.project).at("server-1"), std::string("dgx-h100"));
    QCOMPARE(notesWith(oneNic.report, "1 NICs beside a GPU", ImportNote::Kind::Warning), 1);
    // ... and its GPU, compute capability 9.0 without a PCI device id, could be an H200 too.
    QCOMPARE(notesWith(oneNic.report, "model assumed to be dgx-h100", ImportNote::Kind::Warning),
             2);
    QVERIFY(oneNic.project.topology.nodes.at(0).modelAssumed);
    // Eight NICs as a DGX H100 has, but compute capability 9.0 is H200's too: assumed, until
    // the GPU's PCI device id (NCCL copies it from sysfs) names the H100; then a fact.
    const ImportResult sm = importText(dump, "sm.xml");
    QCOMPARE(serverModels(sm.project).at("server-1"), std::string("dgx-h100"));
    QVERIFY(sm.project.topology.nodes.at(0).modelAssumed);
    QCOMPARE(notesWith(sm.report, "does not tell the GPU apart", ImportNote::Kind::Warning), 1);
    std::string named = dump;
    const std::string gpuClass = "class=\"0x030200\"";
    for (std::size_t at = 0; (at = named.find(gpuClass, at)) != std::string::npos;
         at += gpuClass.size())
        named.insert(at + gpuClass.size(), " vendor=\"0x10de\" device=\"0x2330\"");
    const ImportResult dgx = importText(named, "dgx.xml");
    QCOMPARE(serverModels(dgx.project).at("server-1"), std::string("dgx-h100"));
    QVERIFY(!dgx.project.topology.nodes.at(0).modelAssumed);
    QCOMPARE(notesWith(dgx.report, "does not tell the GPU apart", ImportNote::Kind::Warning), 0);
    // NICs at another rate than the catalog's servers: refused, saying which would fit.
    Expected<ImportResult> slow
            = importTexts({ImportInput{"vm.xml", ncclDump(90, 8, 18, 8, 200000)}});
    QVERIFY(!slow.ok());
    QVERIFY2(slow.error().message.find("dgx-h100 (400 Gb/s)") != std::string::npos
                     && slow.error().message.find("but for their NICs' rate") != std::string::npos,
             slow.error().text().c_str());
}

// A director (CS8500-like, scaled down): two line ASICs of 9 ports, 1-4 to the spine ASIC
// through the backplane, the 9th to the ASIC's SHARP aggregation node; each line ASIC holds a
// host on port 5. One switch of 8 front-panel ports, no backplane cables, ports in blade order.
void tst_Import::directorSwitchIsOneSwitch()
{
    auto guid = [](int n) {
        char g[17];
        std::snprintf(g, sizeof g, "%016x", 0xd000 + n);
        return std::string(g);
    };
    struct Asic
    {
        int id;
        std::string slot;
    };
    const std::vector<Asic> asics = {{1, "L01/U1"}, {2, "L02/U1"}, {3, "S01/U1"}};
    std::string text;
    auto desc = [](const std::string &slot) {
        return "MF0;core-1:MCS8500/" + slot;
    };
    for (const Asic &a : asics) {
        text += "vendid=0x2c9\ndevid=0xd2f0\nswitchguid=0x" + guid(a.id) + "(" + guid(a.id)
                + ")\nSwitch\t9 \"S-" + guid(a.id) + "\"\t\t# \"" + desc(a.slot)
                + "\" enhanced port 0 lid " + std::to_string(a.id) + " lmc 0\n";
        if (a.slot[0] == 'L') {
            for (int p = 1; p <= 4; ++p)
                text += "[" + std::to_string(p) + "]\t\"S-" + guid(3) + "\"["
                        + std::to_string((a.id - 1) * 4 + p) + "]\t\t# \"" + desc("S01/U1")
                        + "\" lid 3 4xHDR\n";
            text += "[5]\t\"H-" + guid(10 + a.id) + "\"[1](" + guid(10 + a.id) + ")\t\t# \"gpu0"
                    + std::to_string(a.id) + " mlx5_0\" lid 9 4xHDR\n";
        } else {
            for (int p = 1; p <= 8; ++p)
                text += "[" + std::to_string(p) + "]\t\"S-" + guid(p <= 4 ? 1 : 2) + "\"["
                        + std::to_string((p - 1) % 4 + 1) + "]\t\t# \""
                        + desc(p <= 4 ? "L01/U1" : "L02/U1") + "\" lid 1 4xHDR\n";
        }
        text += "[9]\t\"H-" + guid(20 + a.id) + "\"[1](" + guid(20 + a.id)
                + ")\t\t# \"Mellanox Technologies Aggregation Node\" lid 8 4xHDR\n\n";
    }
    for (int h = 1; h <= 2; ++h)
        text += "vendid=0x2c9\ndevid=0x101b\ncaguid=0x" + guid(10 + h) + "\nCa\t1 \"H-"
                + guid(10 + h) + "\"\t\t# \"gpu0" + std::to_string(h) + " mlx5_0\"\n[1]("
                + guid(10 + h) + ")\t\"S-" + guid(h) + "\"[5]\t\t# lid 9 lmc 0 \""
                + desc(h == 1 ? "L01/U1" : "L02/U1") + "\" lid 1 4xHDR\n\n";
    ImportReport report;
    Expected<ib::Fabric> f = ib::parseIbnetdiscover(text, "director.txt", &report);
    QVERIFY2(f.ok(), f ? "" : f.error().text().c_str());
    int switches = 0;
    for (const ib::Node &n : f->nodes)
        if (n.type == ib::NodeType::Switch) {
            ++switches;
            QCOMPARE(n.ports, 8); // ports 5-8 of each line ASIC (the 9th is SHARP's)
            QCOMPARE(n.desc, std::string("MF0;core-1:MCS8500"));
        }
    QCOMPARE(switches, 1);
    QCOMPARE(f->cables.size(), std::size_t(2)); // the two hosts' cables, nothing of the backplane
    QCOMPARE(notesWith(report, "director switch core-1 (MCS8500): its 2 line and 1 spine ASICs",
                       ImportNote::Kind::Assumed),
             1);
    QVERIFY(notesWith(report, "the 8 links between them are its backplane, not cables",
                      ImportNote::Kind::Assumed)
            == 1);
    // Host 2 is on the second line ASIC: its port 5 is the director's 4 + 1.
    for (const ib::Cable &c : f->cables) {
        const bool aSwitch = f->nodes[c.a].type == ib::NodeType::Switch;
        const int port = aSwitch ? c.aPort : c.bPort;
        const std::string host = f->nodes[aSwitch ? c.b : c.a].desc;
        QCOMPARE(port, host == "gpu01 mlx5_0" ? 1 : 5);
    }
    const ImportResult r = importText(text, "director.txt");
    QCOMPARE(r.project.topology.switches.size(), std::size_t(1));
    QCOMPARE(r.project.topology.nodes.size(), std::size_t(2));
}

void tst_Import::hostNamesAndAdapterNumbers()
{
    std::string host;
    int adapter = -1;
    QVERIFY(hostOfAdapter("dgx017 HCA-3", &host, &adapter));
    QCOMPARE(host, std::string("dgx017"));
    QCOMPARE(adapter, 2);
    QVERIFY(hostOfAdapter("a08-p1-dgx-04-c01 mlx5_5", &host, &adapter));
    QCOMPARE(host, std::string("a08-p1-dgx-04-c01"));
    QCOMPARE(adapter, 5);
    QVERIFY(!hostOfAdapter("MT4129 ConnectX7   Mellanox Technologies", &host, &adapter));
    QVERIFY(!hostOfAdapter("Mellanox Technologies Aggregation Node", &host, &adapter));
    QVERIFY(!hostOfAdapter("", &host, &adapter));
    // A description that is a host name alone, as drivers before 2008 set it.
    QVERIFY(bareHostName("atlas35", &host));
    QCOMPARE(host, std::string("atlas35"));
    QVERIFY(bareHostName("node-12.cluster ", &host));
    QCOMPARE(host, std::string("node-12.cluster"));
    for (const char *no :
         {"HCA-1", "mlx5_0", "ib0", "Mellanox", "MT25208 InfiniHostEx Mellanox", "", "1234"})
        QVERIFY2(!bareHostName(no, &host), no);
    const ImportResult old = importText(oneLeafFabric({{"atlas1", {""}}, {"atlas2", {""}}}));
    QCOMPARE(serverModels(old.project).size(), std::size_t(2));
    QVERIFY(serverModels(old.project).count("atlas1"));
    QCOMPARE(notesWith(old.report, "host names alone", ImportNote::Kind::Assumed), 1);
    QVERIFY(naturalLess("dgx-2", "dgx-10"));
    QVERIFY(!naturalLess("dgx-10", "dgx-2"));
    QVERIFY(naturalLess("a", "b"));
}

void tst_Import::malformedInputIsRefusedWithItsLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    const QString head = QStringLiteral("# Topology file: generated on x\n\nvendid=0x2c9\n");
    QTest::newRow("port count") << head + QStringLiteral("Switch\tabc \"S-01\"\n")
                                << QStringLiteral("line 4") << QStringLiteral("number of ports");
    QTest::newRow("no name") << head + QStringLiteral("Switch\t8 S-01\n")
                             << QStringLiteral("line 4") << QStringLiteral("quoted name");
    QTest::newRow("port beyond count")
            << head + QStringLiteral("Switch\t8 \"S-01\"\n[9]\t\"H-02\"[1]\n")
            << QStringLiteral("line 5") << QStringLiteral("which has 8 ports");
    QTest::newRow("port line outside a record")
            << head + QStringLiteral("[1]\t\"H-02\"[1]\n") << QStringLiteral("line 4")
            << QStringLiteral("outside a Switch");
    QTest::newRow("remote without port")
            << head + QStringLiteral("Switch\t8 \"S-01\"\n[1]\t\"H-02\"\n")
            << QStringLiteral("line 5") << QStringLiteral("remote port number");
    QTest::newRow("remote of no kind")
            << head + QStringLiteral("Switch\t8 \"S-01\"\n[1]\t\"X-02\"[1]\n")
            << QStringLiteral("line 5") << QStringLiteral("S-, H- or R-");
    QTest::newRow("two cables on one port")
            << head
                       + QStringLiteral("Switch\t8 \"S-01\"\n[1]\t\"H-02\"[1]\n\nSwitch\t8 "
                                        "\"S-03\"\n[1]\t\"H-02\"[1]\n")
            << QStringLiteral("line 8") << QStringLiteral("port 1 of \"H-02\"");
    QTest::newRow("bad devid") << head + QStringLiteral("devid=zz\n") << QStringLiteral("line 4")
                               << QStringLiteral("hexadecimal");
    QTest::newRow("second record")
            << head + QStringLiteral("Switch\t8 \"S-01\"\n\nSwitch\t8 \"S-01\"\n")
            << QStringLiteral("line 6") << QStringLiteral("second record");
    // Two switches cabled to each other and no adapter: nothing to plan, and nothing written.
    QTest::newRow("switches only")
            << head
                       + QStringLiteral("Switch\t8 \"S-01\"\n[1]\t\"S-02\"[1]\n\nSwitch\t8 "
                                        "\"S-02\"\n[1]\t\"S-01\"[1]\n")
            << QString() << QStringLiteral("no server in this ibnetdiscover output (2 switch(es)");
    QTest::newRow("port list garbage")
            << QStringLiteral("SW     1  1 0x0002c90300001000 4x NDR - XX 3 1 0x01 ( 'a' - 'b' )\n")
            << QStringLiteral("line 1") << QStringLiteral("remote node type");
}

void tst_Import::malformedInputIsRefusedWithItsLine()
{
    QFETCH(QString, text);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Expected<ImportResult> r = importTexts({ImportInput{"bad.txt", text.toStdString()}});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().file, std::string("bad.txt"));
    QCOMPARE(QString::fromStdString(r.error().where), where);
    QVERIFY2(r.error().message.find(message.toStdString()) != std::string::npos,
             r.error().message.c_str());
}

void tst_Import::fixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("servers");
    QTest::addColumn<int>("leaves");
    QTest::addColumn<int>("spines");
    QTest::addColumn<int>("cables");
    QTest::addColumn<QString>("summary");
    // The man-page sample: adapters without host names are servers of their own; a dual-port
    // adapter is a server with two NICs.
    // The three single-port adapters and the dual-port one are two kinds of server.
    QTest::newRow("ibtopotool-1")
            << QStringLiteral("ibtopotool-1.topo") << 4 << 2 << 0 << 7
            << QStringLiteral("4 servers (3 x imported-server-1x8g, 1 x imported-server-2x8g)");
    QTest::newRow("ibtopotool-2") << QStringLiteral("ibtopotool-2.topo") << 2 << 1 << 0 << 2
                                  << QStringLiteral("2 servers");
    // Mixed EDR/FDR/QDR/SDR, three loopback cables and an error line before the header.
    QTest::newRow("ibtopotool-3") << QStringLiteral("ibtopotool-3.topo") << 5 << 2 << 0 << 7
                                  << QStringLiteral("5 servers");
    QTest::newRow("ibtopotool-4") << QStringLiteral("ibtopotool-4.topo") << 1 << 1 << 0 << 1
                                  << QStringLiteral("1 servers");
    QTest::newRow("superpod") << QStringLiteral("superpod-h100-ndr.out") << 120 << 31 << 9 << 1001
                              << QStringLiteral("120 servers (120 x dgx-h100)");
}

void tst_Import::fixtures()
{
    if (!fixturesPresent())
        QSKIP("the shared fixtures (../shared/fixtures) are not on this machine");
    QFETCH(QString, file);
    QFETCH(int, servers);
    QFETCH(int, leaves);
    QFETCH(int, spines);
    QFETCH(int, cables);
    QFETCH(QString, summary);
    const std::string path = fixture("ibnetdiscover/" + file.toStdString());
    if (!QFileInfo::exists(QString::fromStdString(path)))
        QSKIP("this fixture is only in ../shared/fixtures, which is not on this machine");
    Expected<ImportResult> r = importFiles({path});
    QVERIFY2(r.ok(), r ? "" : r.error().text().c_str());
    Expected<Catalog> c = projectCatalog(r->project);
    QVERIFY(c.ok());
    Expected<TopologySummary> s = summarize(r->project.topology, *c);
    QVERIFY(s.ok());
    QCOMPARE(s->nodes, servers);
    QCOMPARE(s->leaf, leaves);
    QCOMPARE(s->spine, spines);
    QCOMPARE(s->cables, cables);
    QVERIFY2(summaryHas(r->report, summary.toStdString()), r->report.text().c_str());
    for (const ImportNote &n : r->report.notes) {
        QCOMPARE(n.file, path);
        QVERIFY(n.line >= 0);
    }
    checkSavesAndLoads(r->project);
    if (file == u"ibtopotool-3.topo") {
        QCOMPARE(notesWith(r->report, "a loopback", ImportNote::Kind::Unmapped), 3);
        QCOMPARE(notesWith(r->report, "not part of ibnetdiscover's output",
                           ImportNote::Kind::Unmapped),
                 1);
        QVERIFY(r->report.notes.front().line == 1);
        // EDR, FDR, QDR and SDR have media of their own, with sources.
        for (const char *m : {"ib-edr-4x", "ib-fdr-4x", "ib-qdr-4x", "ib-sdr-4x"}) {
            QVERIFY2(c->medium(m), m);
            QVERIFY(c->medium(m)->source.find("InfiniBand Architecture") != std::string::npos);
        }
        QCOMPARE(c->medium("ib-edr-4x")->bandwidthGBs, 12.5);
    }
}

void tst_Import::superpodReport()
{
    if (!fixturesPresent())
        QSKIP("the shared fixtures (../shared/fixtures) are not on this machine");
    Expected<ImportResult> r = importFiles({fixture("ibnetdiscover/superpod-h100-ndr.out")});
    QVERIFY(r.ok());
    const ImportReport &rep = r->report;
    // 1114 cables = 1001 drawn + 40 to SHARP aggregation nodes + 69 to adapters without a
    // host name + 4 to the two service hosts.
    QCOMPARE(notesWith(rep, "has no host name", ImportNote::Kind::Unmapped), 69);
    QCOMPARE(notesWith(rep, "40 SHARP aggregation nodes", ImportNote::Kind::Unmapped), 1);
    QCOMPARE(notesWith(rep, "taken for a service host", ImportNote::Kind::Unmapped), 2);
    QVERIFY(summaryHas(rep, "1114 cables"));
    QVERIFY(summaryHas(rep, "rail-optimized with exceptions: 2 of 31 leaves"));
    // The one server whose HCA-5 and HCA-6 sit on each other's rail leaf.
    QCOMPARE(notesWith(rep, "b08-p1-dgx-08-c01 NIC 6", ImportNote::Kind::Checked), 1);
    QCOMPARE(notesWith(rep, "b08-p1-dgx-08-c01 NIC 5", ImportNote::Kind::Checked), 1);
    // Only four rails were cabled: HCA-1, -2, -5, -6 (mlx5_0, _1, _4, _5) keep their numbers.
    std::set<int> rails;
    for (const auto &[leaf, nics] : railsOfLeaves(r->project))
        rails.insert(nics.begin(), nics.end());
    QCOMPARE(rails, (std::set<int>{0, 1, 4, 5}));
    // Leaves carry their switch names; the 9 spines are the IBSPINE switches.
    for (const std::string &s : switchNames(r->project, Tier::Spine))
        QVERIFY2(s.find("IBSPINE") != std::string::npos, s.c_str());
    for (const std::string &s : switchNames(r->project, Tier::Leaf))
        QVERIFY2(s.find("IBLEAF") != std::string::npos, s.c_str());
}

void tst_Import::loneAdapterIsRefused()
{
    if (!fixturesPresent())
        QSKIP("the shared fixtures (../shared/fixtures) are not on this machine");
    const std::string path = fixture("ibnetdiscover/gb200-lone-ca.out");
    Expected<ImportResult> r = importFiles({path});
    QVERIFY(!r.ok());
    QCOMPARE(r.error().file, path);
    QCOMPARE(r.error().where, std::string("line 10"));
    QVERIFY(r.error().message.find("no switch") != std::string::npos);
}

void tst_Import::roundTrip_data()
{
    QTest::addColumn<QString>("node");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("fabric");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<bool>("rails");
    QTest::addColumn<int>("planes");
    QTest::newRow("h100 SU rail-optimized") << QStringLiteral("dgx-h100") << 32
                                            << QStringLiteral("rail-optimized") << 2 << true << 1;
    QTest::newRow("h100 4 SUs rail-optimized")
            << QStringLiteral("dgx-h100") << 128 << QStringLiteral("rail-optimized") << 2 << true
            << 1;
    QTest::newRow("a100 fat tree")
            << QStringLiteral("dgx-a100") << 20 << QStringLiteral("fat-tree") << 2 << false << 1;
    QTest::newRow("b200 3-tier fat tree")
            << QStringLiteral("dgx-b200") << 144 << QStringLiteral("fat-tree") << 3 << false << 1;
    // The families of frontier fabrics, at 1,024 GPUs: 2 and 8 planes (a plane per rail, as
    // DeepSeek's), and rail-only leaves with no spine.
    QTest::newRow("h100 2 planes rail-optimized")
            << QStringLiteral("dgx-h100") << 128 << QStringLiteral("rail-optimized") << 2 << true
            << 2;
    // 8 planes of 8 rails: each plane's leaves hold one rail, so the dump reads as rails.
    QTest::newRow("h100 8 planes fat tree")
            << QStringLiteral("dgx-h100") << 128 << QStringLiteral("fat-tree") << 2 << true << 8;
    QTest::newRow("h100 rail-only")
            << QStringLiteral("dgx-h100") << 128 << QStringLiteral("rail-only") << 2 << true << 1;
}

void tst_Import::roundTrip()
{
    QFETCH(QString, node);
    QFETCH(int, nodes);
    QFETCH(QString, fabric);
    QFETCH(int, tiers);
    QFETCH(bool, rails);
    QFETCH(int, planes);
    GeneratorOptions o;
    o.nodeModel = node.toStdString();
    o.nodes = nodes;
    o.fabric = *fabricKindFromString(fabric.toStdString());
    o.tiers = tiers;
    o.planes = planes;
    Expected<Project> design = generateProject(o);
    QVERIFY2(design.ok(), design ? "" : design.error().text().c_str());
    Expected<std::string> text = ibnetdiscoverText(*design, Catalog::builtin());
    QVERIFY(text.ok());
    const ImportResult back = importText(*text, "export.txt");
    // Same servers (by name), the same model where the NICs tell it; the same leaves, spines
    // and cores by name; every cable between the same ports.
    std::map<std::string, std::string> want = serverModels(*design);
    std::map<std::string, std::string> got = serverModels(back.project);
    QCOMPARE(got.size(), want.size());
    for (auto &[name, model] : want)
        QVERIFY2(got.count(name), name.c_str());
    if (node != u"dgx-b200") // eight 400G NICs: taken for a dgx-h100, and said so
        QCOMPARE(got, want);
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
        QCOMPARE(switchNames(back.project, t), switchNames(*design, t));
    QCOMPARE(fixtures::cablesByName(back.project), fixtures::cablesByName(*design));
    QCOMPARE(railsOfLeaves(back.project), railsOfLeaves(*design));
    QCOMPARE(summaryHas(back.report, "rail-optimized: 8 rails"), rails);
    // The bundles come back as bundles: no more links than the design has.
    QVERIFY(back.project.topology.links.size() <= design->topology.links.size());
    checkSavesAndLoads(back.project);
}

void tst_Import::cli()
{
    using fixtures::runCli;
    QTemporaryDir dir;
    const std::string in = dir.filePath(QStringLiteral("fabric.txt")).toStdString();
    std::ofstream(in) << kSmallFabric;
    const std::string out = dir.filePath(QStringLiteral("imported.topoplan")).toStdString();
    auto r = runCli({"import", in, "-o", out});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.find("wrote " + out + ": 16 GPUs, 2 nodes, 1 leaf / 1 spine / 0 core") == 0,
             r.out.c_str());
    QVERIFY(r.out.find("taken for dgx-h100") != std::string::npos);
    QVERIFY(loadProject(out).ok());

    r = runCli({"import", in, "--json"});
    QCOMPARE(r.code, 0);
    Expected<Json> j = parseJson(r.out, "stdout");
    QVERIFY(j.ok());
    QCOMPARE((*j)["design"]["nodes"].get<int>(), 2);
    QVERIFY((*j)["project"].is_null());
    QVERIFY((*j)["report"]["notes"].size() >= 1);

    // Input errors: 1, naming the file and line; usage: 2.
    const std::string bad = dir.filePath(QStringLiteral("bad.txt")).toStdString();
    std::ofstream(bad) << "vendid=0x2c9\nSwitch\t8 \"S-01\"\n[99]\t\"H-02\"[1]\n";
    r = runCli({"import", bad});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.find(bad + ": line 3: port 99") != std::string::npos, r.err.c_str());
    r = runCli({"import", bad, "--json"});
    QCOMPARE(r.code, 1);
    QVERIFY(parseJson(r.out, "stdout").ok());
    r = runCli({"import", dir.filePath(QStringLiteral("missing")).toStdString()});
    QCOMPARE(r.code, 1);
    const std::string other = dir.filePath(QStringLiteral("other.txt")).toStdString();
    std::ofstream(other) << "hello\n";
    r = runCli({"import", other});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.find("not a file TopoPlan imports") != std::string::npos);
    // --catalog HW: the hardware the catalog lacks, kept in the project.
    const std::string smi = dir.filePath(QStringLiteral("node.txt")).toStdString();
    std::ofstream(smi)
            << "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNV12\t0-7\nGPU1\tNV12\t X \t0-7\n";
    const std::string hw = dir.filePath(QStringLiteral("hw.json")).toStdString();
    std::ofstream(hw) << R"({"servers": [{"id": "pair", "name": "Two A100 joined by 12 NVLinks",
        "gpu": "a100-sxm-80gb", "gpus": 2, "nvswitches": 0, "nvlink_scope": "mesh", "nics": 1,
        "nic_gbit_s": 200, "nic_medium": "ib-hdr", "pcie": "pcie4", "rack_units": 1,
        "power_kw": 1.5, "source": "test"}]})";
    r = runCli({"import", smi, "-o", out});
    QCOMPARE(r.code, 1);
    r = runCli({"import", smi, "--catalog", hw, "-o", out});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.find("1 hardware model(s) from " + hw + ": pair") != std::string::npos,
             r.out.c_str());
    Expected<Project> kept = loadProject(out);
    QVERIFY(kept.ok());
    QCOMPARE(kept->topology.nodes.front().model, std::string("pair"));
    r = runCli(
            {"import", smi, "--catalog", dir.filePath(QStringLiteral("none.json")).toStdString()});
    QCOMPARE(r.code, 1);
    QCOMPARE(runCli({"import"}).code, 2);
    QCOMPARE(runCli({"import", in, "--bogus"}).code, 2);
}

QTEST_GUILESS_MAIN(tst_Import)
#include "tst_import.moc"
