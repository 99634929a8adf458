#include "engine/core/jsonin.h"
#include "engine/model/catalog.h"

#include <QtTest>

using namespace topoplan;

namespace {

const std::string kCatalogFile = std::string(TOPOPLAN_SOURCE_DIR) + "resources/catalog.json";

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TestCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinMatchesTheShippedFile();
    void servers_data();
    void servers();
    void switches_data();
    void switches();
    void gpus_data();
    void gpus();
    void media_data();
    void media();
    void calibration();
    void everyEntryCitesASource();
    void everyNetworkPartStatesItsPowerOrWhyNot();
    void transceiverForACage_data();
    void transceiverForACage();
    void pricesAreEmptyAndChecked_data();
    void pricesAreEmptyAndChecked();
    void everyNicHasAHostLinkThatCarriesIt();
    void overridesReplaceAndAdd();
    void rejectsBadCatalogs_data();
    void rejectsBadCatalogs();
    void inferMediumNicToSwitch_data();
    void inferMediumNicToSwitch();
    void inferMediumSwitchToSwitch_data();
    void inferMediumSwitchToSwitch();
};

void TestCatalog::builtinMatchesTheShippedFile()
{
    const Catalog &builtin = Catalog::builtin();
    Expected<Catalog> file = Catalog::load(kCatalogFile);
    QVERIFY2(file.ok(), file ? "" : file.error().text().c_str());
    QVERIFY(!builtin.checkReferences("builtin"));
    auto ids = [](const auto &map) {
        QStringList out;
        for (const auto &entry : map)
            out << q(entry.first);
        return out;
    };
    QCOMPARE(ids(builtin.media()), ids(file->media()));
    QCOMPARE(ids(builtin.gpus()), ids(file->gpus()));
    QCOMPARE(ids(builtin.servers()), ids(file->servers()));
    QCOMPARE(ids(builtin.switches()), ids(file->switches()));
}

void TestCatalog::servers_data()
{
    // DESIGN.md fixes these ids; DOMAIN.md gives the figures (GPUs, NVLink reach, compute NICs).
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<int>("trays");
    QTest::addColumn<int>("nics");
    QTest::addColumn<double>("nicGbits");
    auto row = [](const char *id, const char *gpu, int gpus, const char *scope, int trays, int nics,
                  double gbits) {
        QTest::newRow(id) << QString::fromLatin1(id) << QString::fromLatin1(gpu) << gpus
                          << QString::fromLatin1(scope) << trays << nics << gbits;
    };
    row("dgx-a100", "a100-sxm-80gb", 8, "board", 1, 8, 200);
    row("hgx-a100-40gb", "a100-sxm-40gb", 8, "board", 1, 8, 200);
    row("dgx-h100", "h100-sxm", 8, "board", 1, 8, 400);
    row("hgx-h200", "h200-sxm", 8, "board", 1, 8, 400);
    row("dgx-b200", "b200", 8, "board", 1, 8, 400);
    row("gb200-tray", "gb200", 4, "external", 1, 4, 400);
    row("gb200-nvl72", "gb200", 72, "rack", 18, 72, 400);
    row("mi300x", "mi300x", 8, "mesh", 1, 8, 400);
    row("pcie-server", "h100-pcie", 8, "none", 1, 2, 200);
    row("h100-nvl-server", "h100-nvl", 8, "bridged", 1, 4, 400);
    row("h200-nvl-server", "h200-nvl", 8, "bridged", 1, 4, 400);
    row("hgx-a100-4gpu", "a100-sxm-80gb", 4, "mesh", 1, 4, 200);
    row("hgx-h100-4gpu", "h100-sxm", 4, "mesh", 1, 4, 400);
}

void TestCatalog::servers()
{
    QFETCH(QString, id);
    QFETCH(QString, gpu);
    QFETCH(int, gpus);
    QFETCH(QString, scope);
    QFETCH(int, trays);
    QFETCH(int, nics);
    QFETCH(double, nicGbits);
    const ServerModel *s = Catalog::builtin().server(id.toStdString());
    QVERIFY(s);
    QCOMPARE(q(s->gpu), gpu);
    QVERIFY(Catalog::builtin().gpu(s->gpu));
    QCOMPARE(s->gpus, gpus);
    QCOMPARE(QString::fromLatin1(toString(s->nvlinkScope)), scope);
    QCOMPARE(s->trays, trays);
    QCOMPARE(s->nics, nics);
    QCOMPARE(s->nicGbits, nicGbits);
    QVERIFY(Catalog::builtin().medium(s->nicMedium));
    // Bridged GPUs come in pairs (H100 NVL) or fours (H200 NVL's 4-way bridge).
    QCOMPARE(s->nvlinkGroupGpus, scope != QLatin1String("bridged")        ? 0
                                 : id == QLatin1String("h200-nvl-server") ? 4
                                                                          : 2);
    const ScaleUpFabric fabric = scaleUpFabric(*s, Catalog::builtin());
    QCOMPARE(fabric.groupGpus, s->nvlinkGroupGpus);
    // Host copies: a Grace GPU's share of its superchip's NVLink-C2C (900 GB/s both ways, two
    // GPUs), the others their PCIe slot at its efficiency.
    const double host = Catalog::builtin().hostLinkGBs(*s);
    if (gpu == QLatin1String("gb200"))
        QCOMPARE(host, 225.0);
    else {
        const Medium *pcie = Catalog::builtin().medium(s->pcie);
        QVERIFY(pcie);
        QCOMPARE(host, pcie->bandwidthGBs * pcie->efficiency);
        QVERIFY(host < 100);
    }
    // Host memory, stated for every built-in server: a Grace tray's two 480 GB CPUs, 2 TB on
    // the 8-GPU systems (DGX datasheets), 1 TB on the generic PCIe server and the 40GB A100's.
    const double hostMemory = s->hostMemoryGB / s->gpus;
    if (gpu == QLatin1String("gb200") || gpu == QLatin1String("gb300"))
        QCOMPARE(hostMemory, 240.0);
    else if (id == QLatin1String("pcie-server") || id.endsWith(QLatin1String("-nvl-server"))
             || id == QLatin1String("hgx-a100-40gb")) // the DGX A100 320GB's 1 TB
        QCOMPARE(hostMemory, 128.0);
    else
        QCOMPARE(hostMemory, 256.0);
}

void TestCatalog::switches_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("infiniband");
    QTest::addColumn<bool>("rdma");
    QTest::addColumn<int>("ports");
    QTest::addColumn<double>("portGbits");
    QTest::addColumn<QString>("medium");
    auto row = [](const char *id, bool ib, bool rdma, int ports, double gbits, const char *m) {
        QTest::newRow(id) << QString::fromLatin1(id) << ib << rdma << ports << gbits
                          << QString::fromLatin1(m);
    };
    row("qm8700", true, true, 40, 200, "ib-hdr");          // Quantum, 40 x HDR
    row("qm9700", true, true, 64, 400, "ib-ndr");          // Quantum-2, 64 x NDR
    row("q3400", true, true, 144, 800, "ib-xdr");          // Quantum-X800, 144 x XDR
    row("sn5600", false, true, 64, 800, "roce-800");       // Spectrum-4, 64 x 800GbE
    row("eth-100g", false, false, 32, 100, "eth-100");     // 32 x 100GbE, plain TCP
    row("qm9790", true, true, 64, 400, "ib-ndr");          // Quantum-2, externally managed
    row("q3200", true, true, 36, 800, "ib-xdr");           // one of a Q3200-RA's two switches
    row("sn5600-400g", false, true, 128, 400, "roce-400"); // 2 x 400GbE per 800G cage
    row("sn5400", false, true, 64, 400, "roce-400");       // Spectrum-4, 64 x 400GbE
    row("eth-51t", false, true, 64, 800, "roce-800");      // 51.2 Tb/s merchant silicon
    row("eth-102t", false, true, 128, 800, "roce-800");    // 102.4 Tb/s merchant silicon
}

void TestCatalog::switches()
{
    QFETCH(QString, id);
    QFETCH(bool, infiniband);
    QFETCH(bool, rdma);
    QFETCH(int, ports);
    QFETCH(double, portGbits);
    QFETCH(QString, medium);
    const SwitchModel *s = Catalog::builtin().switchModel(id.toStdString());
    QVERIFY(s);
    QCOMPARE(s->protocol == SwitchProtocol::InfiniBand, infiniband);
    QCOMPARE(s->rdma, rdma);
    QCOMPARE(s->ports, ports);
    QCOMPARE(s->portGbits, portGbits);
    QCOMPARE(q(s->medium), medium);
    // The default medium runs at the port speed.
    QCOMPARE(Catalog::builtin().medium(s->medium)->bandwidthGBs * 8, portGbits);
}

void TestCatalog::gpus_data()
{
    // DOMAIN.md, "Hardware figures": dense BF16, HBM, HBM bandwidth, NVLink per direction.
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("bf16");
    QTest::addColumn<double>("hbmGB");
    QTest::addColumn<double>("hbmTBs");
    QTest::addColumn<QString>("nvlink");
    QTest::addColumn<int>("links");
    QTest::addColumn<double>("perDirectionGBs");
    QTest::addColumn<bool>("fp8Doubles");
    auto row = [](const char *id, double bf16, double hbm, double tbs, const char *nvlink,
                  int links, double perDirection, bool fp8Doubles) {
        QTest::newRow(id) << QString::fromLatin1(id) << bf16 << hbm << tbs
                          << QString::fromLatin1(nvlink) << links << perDirection << fp8Doubles;
    };
    row("a100-sxm-80gb", 312, 80, 2.0, "nvlink3", 12, 300, false);
    row("a100-sxm-40gb", 312, 40, 1.555, "nvlink3", 12, 300, false);
    row("h100-sxm", 989, 80, 3.35, "nvlink4", 18, 450, true);
    row("h200-sxm", 989, 141, 4.8, "nvlink4", 18, 450, true);
    row("b200", 2250, 180, 8.0, "nvlink5", 18, 900, true);
    row("b300", 2250, 288, 8.0, "nvlink5", 18, 900, true);
    row("gb200", 2500, 186, 8.0, "nvlink5", 18, 900, true);
    row("mi300x", 1307, 192, 5.3, "xgmi", 7, 7 * 64, true); // 64 GB/s to each of 7 peers
}

void TestCatalog::gpus()
{
    QFETCH(QString, id);
    QFETCH(double, bf16);
    QFETCH(double, hbmGB);
    QFETCH(double, hbmTBs);
    QFETCH(QString, nvlink);
    QFETCH(int, links);
    QFETCH(double, perDirectionGBs);
    QFETCH(bool, fp8Doubles);
    const Catalog &c = Catalog::builtin();
    const GpuModel *g = c.gpu(id.toStdString());
    QVERIFY(g);
    QCOMPARE(g->bf16Tflops, bf16);
    QCOMPARE(g->hbmGB, hbmGB);
    QCOMPARE(g->hbmTBs, hbmTBs);
    QCOMPARE(q(g->nvlink), nvlink);
    QCOMPARE(g->nvlinkLinks, links);
    QCOMPARE(g->nvlinkLinks * c.medium(g->nvlink)->bandwidthGBs, perDirectionGBs);
    // FP8 is twice BF16 on Hopper, Blackwell and MI300X (data sheets round each on its own).
    if (fp8Doubles)
        QVERIFY2(std::abs(g->fp8Tflops / (2 * g->bf16Tflops) - 1) < 0.002,
                 std::to_string(g->fp8Tflops).c_str());
    else
        QCOMPARE(g->fp8Tflops, g->bf16Tflops);
}

void TestCatalog::media_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("linkClass");
    QTest::addColumn<double>("gbits"); // line rate per direction
    auto row = [](const char *id, const char *cls, double gbits) {
        QTest::newRow(id) << QString::fromLatin1(id) << QString::fromLatin1(cls) << gbits;
    };
    row("ib-hdr", "infiniband", 200);
    row("ib-ndr", "infiniband", 400);
    row("ib-xdr", "infiniband", 800);
    row("roce-400", "roce", 400);
    row("roce-800", "roce", 800);
    row("eth-100", "ethernet", 100);
    row("pcie4", "pcie", 252);     // 31.5 GB/s: 16 GT/s x 16 lanes, 128b/130b
    row("pcie5", "pcie", 504);     // 63 GB/s
    row("nvlink4", "nvlink", 200); // 25 GB/s per link
}

void TestCatalog::media()
{
    QFETCH(QString, id);
    QFETCH(QString, linkClass);
    QFETCH(double, gbits);
    const Medium *m = Catalog::builtin().medium(id.toStdString());
    QVERIFY(m);
    QCOMPARE(QString::fromLatin1(toString(m->linkClass)), linkClass);
    QCOMPARE(m->bandwidthGBs * 8, gbits);
    QVERIFY(m->efficiency > 0 && m->efficiency <= 1);
    QCOMPARE(m->isNetwork(), linkClass == QLatin1String("infiniband")
                                     || linkClass == QLatin1String("roce")
                                     || linkClass == QLatin1String("ethernet"));
}

void TestCatalog::calibration()
{
    // DOMAIN.md, measured nccl-tests bus bandwidth: 8 x H100 ring all-reduce ~370 GB/s over
    // 18 NVLink 4 links; one NDR NIC 46-48 GB/s.
    const Catalog &c = Catalog::builtin();
    double h100 = 18 * c.medium("nvlink4")->effectiveGBs();
    QVERIFY2(h100 > 360 && h100 < 380, std::to_string(h100).c_str());
    double ndr = c.medium("ib-ndr")->effectiveGBs();
    QVERIFY2(ndr >= 46 && ndr <= 48, std::to_string(ndr).c_str());
}

void TestCatalog::everyEntryCitesASource()
{
    const Catalog &c = Catalog::builtin();
    auto check = [](const auto &map, const char *section) {
        for (const auto &[id, entry] : map) {
            if (entry.source.size() < 20)
                return std::string(section) + "/" + id;
        }
        return std::string();
    };
    for (const std::string &missing :
         {check(c.media(), "media"), check(c.gpus(), "gpus"), check(c.servers(), "servers"),
          check(c.switches(), "switches"), check(c.transceivers(), "transceivers"),
          check(c.cables(), "cables"), check(c.nics(), "nics")})
        QVERIFY2(missing.empty(), ("no source for " + missing).c_str());
}

void TestCatalog::everyNetworkPartStatesItsPowerOrWhyNot()
{
    // Power comes from datasheets: a part either states it, or its source says it is not
    // stated (and the design's power then says it lacks it), never a silent zero.
    const Catalog &c = Catalog::builtin();
    auto check = [](const auto &map, const char *section) {
        QStringList silent;
        for (const auto &[id, entry] : map) {
            const bool says = entry.source.find("not stated") != std::string::npos
                              || entry.source.find("none stated") != std::string::npos
                              || entry.source.find("Power: none") != std::string::npos
                              || entry.source.find("Passive") != std::string::npos;
            if (entry.powerW <= 0 && !says)
                silent << q(std::string(section) + "/" + id);
        }
        return silent;
    };
    QCOMPARE(check(c.switches(), "switches"), QStringList());
    QCOMPARE(check(c.transceivers(), "transceivers"), QStringList());
    QCOMPARE(check(c.cables(), "cables"), QStringList());
    QCOMPARE(check(c.nics(), "nics"), QStringList());
    // The figures NVIDIA publishes: twin-port single-mode OSFP 17 W, a 400G OSFP 9 W.
    QCOMPARE(c.transceiver("osfp-2x400g-dr4")->powerW, 17.0);
    QCOMPARE(c.transceiver("osfp-400g-dr4")->powerW, 9.0);
    QCOMPARE(c.cable("dac")->powerW, 0.0);
    QCOMPARE(c.nic("connectx-8")->planes, 2);
}

void TestCatalog::transceiverForACage_data()
{
    QTest::addColumn<int>("ports");
    QTest::addColumn<double>("portGbits");
    QTest::addColumn<QString>("optics");
    QTest::addColumn<QString>("medium");
    QTest::addColumn<QString>("expected");
    // QM9700 cage, NDR, multimode: the twin-port 2x SR4.
    QTest::newRow("qm9700 SR") << 2 << 400.0 << "SR"
                               << "ib-ndr"
                               << "osfp-2x400g-sr4";
    // An SN5600 800GbE cage takes the same module as one 800G port.
    QTest::newRow("sn5600 SR") << 1 << 800.0 << "SR"
                               << "roce-800"
                               << "osfp-2x400g-sr4";
    // A ConnectX-7 cage: the single-port 400G.
    QTest::newRow("cx7 DR") << 1 << 400.0 << "DR"
                            << "ib-ndr"
                            << "osfp-400g-dr4";
    // Q3400: XDR takes no multimode; its DR module is the 1.6T twin-port.
    QTest::newRow("q3400 DR") << 2 << 800.0 << "DR"
                              << "ib-xdr"
                              << "osfp-2x800g-dr4";
    QTest::newRow("q3400 SR") << 2 << 800.0 << "SR"
                              << "ib-xdr"
                              << "";
    // An XDR NIC's 800G port is not the 100G-PAM4 module of the same rate.
    QTest::newRow("cx8 DR") << 1 << 800.0 << "DR"
                            << "ib-xdr"
                            << "osfp-800g-dr4";
    QTest::newRow("hdr SR") << 1 << 200.0 << "SR"
                            << "ib-hdr"
                            << "qsfp56-200g-sr4";
}

void TestCatalog::transceiverForACage()
{
    QFETCH(int, ports);
    QFETCH(double, portGbits);
    QFETCH(QString, optics);
    QFETCH(QString, medium);
    QFETCH(QString, expected);
    const TransceiverModel *t = Catalog::builtin().transceiverFor(
            ports, portGbits, optics.toStdString(), medium.toStdString());
    QCOMPARE(t ? q(t->id) : QString(), expected);
}

void TestCatalog::pricesAreEmptyAndChecked_data()
{
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    QTest::newRow("negative") << R"({"prices": {"servers": {"dgx-h100": -1}}})"
                              << "/prices/servers/dgx-h100"
                              << "expected a number >= 0";
    QTest::newRow("unknown server") << R"({"prices": {"servers": {"dgx-h999": 1}}})"
                                    << "/prices/servers/dgx-h999"
                                    << "unknown server";
    QTest::newRow("unknown transceiver")
            << R"({"prices": {"transceivers": {"osfp-9t": {"price": 1}}}})"
            << "/prices/transceivers/osfp-9t"
            << "unknown transceiver";
    QTest::newRow("cable kind") << R"({"prices": {"cables": {"copper": 5}}})"
                                << "/prices/cables/copper"
                                << "unknown kind of cable";
    QTest::newRow("typo") << R"({"prices": {"switches": {"qm9700": {"prise": 1}}}})"
                          << "/prices/switches/qm9700/prise"
                          << "unknown member";
    QTest::newRow("currency") << R"({"prices": {"currency": "usd"}})"
                              << "/prices/currency"
                              << "ISO 4217";
    QTest::newRow("years") << R"({"prices": {"amortization_years": 0}})"
                           << "/prices/amortization_years"
                           << "greater than 0";
    QTest::newRow("hardware") << R"({"prices": {}, "switches": []})"
                              << "/switches"
                              << "a price file holds only";
    QTest::newRow("no prices") << R"({"format": "topoplan-catalog"})"
                               << "/"
                               << "missing required member \"prices\"";
}

void TestCatalog::pricesAreEmptyAndChecked()
{
    QFETCH(QString, document);
    QFETCH(QString, where);
    QFETCH(QString, message);
    // TopoPlan ships no prices: the book is the user's.
    QVERIFY(Catalog::builtin().prices().empty());
    const Json doc = Json::parse(document.toStdString());
    Expected<Catalog> c = Catalog::builtin().withPrices(JsonIn(doc, "mine.prices.json"));
    QVERIFY(!c);
    QCOMPARE(q(c.error().file), QStringLiteral("mine.prices.json"));
    QCOMPARE(q(c.error().where), where);
    QVERIFY2(c.error().message.find(message.toStdString()) != std::string::npos,
             c.error().text().c_str());
}

void TestCatalog::everyNicHasAHostLinkThatCarriesIt()
{
    // A server's GPUs reach their NICs over its PCIe medium: the achievable rate of that link
    // must carry the NIC's, or every collective over the network would be held to PCIe (an
    // 800G XDR port needs Gen6: Gen5 x16 carries ~50 GB/s).
    const Catalog &c = Catalog::builtin();
    for (const auto &[id, s] : c.servers()) {
        const Medium *pcie = c.medium(s.pcie);
        const Medium *nic = c.medium(s.nicMedium);
        if (!pcie || !nic || s.nics == 0)
            continue;
        QVERIFY2(pcie->bandwidthGBs * pcie->efficiency >= nic->bandwidthGBs * nic->efficiency,
                 s.id.c_str());
    }
}

void TestCatalog::overridesReplaceAndAdd()
{
    const Catalog &base = Catalog::builtin();
    Json overrides = Json::parse(R"({
      "switches": [{"id": "qm9700", "name": "Quantum-2 split to 200G", "protocol": "infiniband",
                    "ports": 128, "port_gbit_s": 200, "medium": "ib-hdr", "source": "test"}],
      "gpus": [{"id": "mi325x", "bf16_tflops": 1307, "hbm_gb": 256, "hbm_tb_s": 6.0,
                "nvlink": "xgmi", "nvlink_links": 7, "source": "test"}],
      "servers": [{"id": "mi325x-server", "gpu": "mi325x", "gpus": 8, "nvlink_scope": "mesh",
                   "nics": 8, "nic_gbit_s": 400, "source": "test"}]})");
    Expected<Catalog> c = base.merged(JsonIn(overrides, "p.topoplan", "/catalog"));
    QVERIFY2(c.ok(), c ? "" : c.error().text().c_str());
    QCOMPARE(c->switchModel("qm9700")->ports, 128);
    QCOMPARE(c->switchModel("qm9700")->portGbits, 200.0);
    QCOMPARE(q(c->switchModel("qm9700")->name), QStringLiteral("Quantum-2 split to 200G"));
    QCOMPARE(c->gpu("mi325x")->hbmGB, 256.0);
    QCOMPARE(c->server("mi325x-server")->gpus, 8);
    QCOMPARE(c->switches().size(), base.switches().size());
    QCOMPARE(c->servers().size(), base.servers().size() + 1);
    QCOMPARE(c->switchModel("qm8700")->ports, 40);   // others untouched
    QCOMPARE(base.switchModel("qm9700")->ports, 64); // and the base is unchanged

    Json bad = Json::parse(R"({"switches": [{"id": "x", "protocol": "infiniband", "ports": 0,
                                             "port_gbit_s": 400}]})");
    Expected<Catalog> rejected = base.merged(JsonIn(bad, "p.topoplan", "/catalog"));
    QVERIFY(!rejected.ok());
    QCOMPARE(q(rejected.error().file), QStringLiteral("p.topoplan"));
    QCOMPARE(q(rejected.error().where), QStringLiteral("/catalog/switches/0/ports"));
    QCOMPARE(q(rejected.error().message), QStringLiteral("expected a positive integer, found 0"));

    // A project's server naming a GPU that neither catalog has: the pointer into the project.
    Json dangling = Json::parse(R"({"servers": [
        {"id": "dgx-a100", "gpu": "a100-sxm-80gb", "gpus": 8, "nvlink_scope": "board",
         "pcie": "pcie4", "source": "test"},
        {"id": "box", "gpu": "a200", "gpus": 8, "nvlink_scope": "none", "source": "test"}]})");
    Expected<Catalog> unknown = base.merged(JsonIn(dangling, "p.topoplan", "/catalog"));
    QVERIFY(!unknown.ok());
    QCOMPARE(q(unknown.error().file), QStringLiteral("p.topoplan"));
    QCOMPARE(q(unknown.error().where), QStringLiteral("/catalog/servers/1/gpu"));
    QVERIFY(q(unknown.error().message)
                    .startsWith(QStringLiteral("unknown GPU model \"a200\": expected the id of a "
                                               "GPU in \"gpus\" (a100-sxm-40gb, a100-sxm-80gb")));

    // The collective costs may be overridden too, and are checked.
    Json tuning = Json::parse(R"({"collectives": {"multi_domain_ring_allreduce_factor": 0.5}})");
    Expected<Catalog> slow = base.merged(JsonIn(tuning, "p.topoplan", "/catalog"));
    QVERIFY(!slow.ok());
    QCOMPARE(q(slow.error().where),
             QStringLiteral("/catalog/collectives/multi_domain_ring_allreduce_factor"));
    QCOMPARE(q(slow.error().message), QStringLiteral("expected a factor >= 1"));
    QCOMPARE(base.collectives().ringBaseLatencyUs, 8.4);
    QCOMPARE(base.collectives().multiDomainRingFactor, 1.9);
}

void TestCatalog::rejectsBadCatalogs_data()
{
    // RFC 6902 patches on the shipped catalog.
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const char *patch, const char *where, const char *message) {
        QTest::newRow(name) << QByteArray(patch) << QString::fromLatin1(where)
                            << QString::fromLatin1(message);
    };
    row("section missing", R"([{"op": "remove", "path": "/media"}])", "/",
        "missing required member \"media\"");
    row("wrong format", R"([{"op": "replace", "path": "/format", "value": "topoplan-project"}])",
        "/format", "expected \"topoplan-catalog\"");
    row("newer version", R"([{"op": "replace", "path": "/version", "value": 2}])", "/version",
        "catalog version is newer than this TopoPlan supports (1)");
    row("unknown link class", R"([{"op": "replace", "path": "/media/0/class", "value": "fibre"}])",
        "/media/0/class",
        "expected one of nvlink, xgmi, pcie, infiniband, roce, ethernet, found \"fibre\"");
    row("negative bandwidth",
        R"([{"op": "replace", "path": "/media/2/bandwidth_gb_s", "value": -1}])",
        "/media/2/bandwidth_gb_s", "expected a positive number, found -1");
    row("efficiency above 1", R"([{"op": "replace", "path": "/media/1/efficiency", "value": 1.5}])",
        "/media/1/efficiency", "expected a fraction in (0, 1]");
    row("spread of a whole rate",
        R"([{"op": "replace", "path": "/gpus/1/sustained_spread", "value": 1}])",
        "/gpus/1/sustained_spread", "expected a spread between a node's GPUs in [0, 1)");
    row("host link of nothing",
        R"([{"op": "add", "path": "/servers/0/host_link_gb_s", "value": 0}])",
        "/servers/0/host_link_gb_s", "expected a positive number, found 0");
    row("host memory of nothing",
        R"([{"op": "replace", "path": "/servers/0/host_memory_gb", "value": -2048}])",
        "/servers/0/host_memory_gb", "expected a positive number, found -2048");
    row("negative spread",
        R"([{"op": "replace", "path": "/gpus/1/sustained_spread", "value": -0.1}])",
        "/gpus/1/sustained_spread", "expected a number >= 0, found -0.1");
    row("compute capability of two decimals",
        R"([{"op": "replace", "path": "/gpus/1/compute_capability", "value": 9.05}])",
        "/gpus/1/compute_capability", "expected a CUDA compute capability such as 9.0 or 10.3");
    row("compute capability as sm",
        R"([{"op": "replace", "path": "/gpus/1/compute_capability", "value": 900}])",
        "/gpus/1/compute_capability", "expected a CUDA compute capability such as 9.0 or 10.3");
    row("PCI device id as a number",
        R"([{"op": "replace", "path": "/gpus/0/pci_device_ids", "value": [8370]}])",
        "/gpus/0/pci_device_ids/0", "expected a string");
    row("PCI device id of 5 digits",
        R"([{"op": "replace", "path": "/gpus/0/pci_device_ids", "value": ["0x20b21"]}])",
        "/gpus/0/pci_device_ids/0",
        "expected a PCI device id of 4 hexadecimal digits such as \"0x20b2\"");
    row("duplicate id", R"([{"op": "replace", "path": "/gpus/1/id", "value": "a100-sxm-80gb"}])",
        "/gpus/1/id",
        "duplicate id \"a100-sxm-80gb\" in gpus: expected an id no other entry of gpus has");
    row("GPU count as text", R"([{"op": "replace", "path": "/servers/0/gpus", "value": "8"}])",
        "/servers/0/gpus", "expected an integer, found \"8\"");
    row("switch without ports", R"([{"op": "remove", "path": "/switches/3/ports"}])", "/switches/3",
        "missing required member \"ports\"");
    // Cross-references: the JSON pointer of the member that names the missing entry, and what
    // it should name.
    row("unknown GPU of a server",
        R"([{"op": "replace", "path": "/servers/1/gpu", "value": "h100"}])", "/servers/1/gpu",
        "unknown GPU model \"h100\": expected the id of a GPU in \"gpus\" (a100-sxm-40gb, "
        "a100-sxm-80gb, b200,");
    row("unknown NIC medium of a server",
        R"([{"op": "replace", "path": "/servers/0/nic_medium", "value": "ib-edr"}])",
        "/servers/0/nic_medium",
        "unknown medium \"ib-edr\": expected the id of a network medium in \"media\" (eth-100, "
        "eth-400, ib-hdr, ib-ndr, ib-xdr, roce-200, roce-400, roce-800)");
    row("unknown PCIe medium of a server",
        R"([{"op": "replace", "path": "/servers/2/pcie", "value": "pcie7"}])", "/servers/2/pcie",
        "unknown PCIe medium \"pcie7\": expected the id of a PCIe medium in \"media\" (pcie4, "
        "pcie5, pcie6)");
    row("unknown scale-up medium of a GPU",
        R"([{"op": "replace", "path": "/gpus/0/nvlink", "value": "nvlink9"}])", "/gpus/0/nvlink",
        "unknown medium \"nvlink9\": expected the id of a scale-up medium in \"media\" (nvlink3, "
        "nvlink4, nvlink5, pcie4, pcie5, pcie6, xgmi)");
    row("unknown medium of a switch",
        R"([{"op": "replace", "path": "/switches/0/medium", "value": "hdr"}])",
        "/switches/0/medium", "unknown medium \"hdr\": expected the id of a network medium");
    row("bridged GPUs without their group",
        R"([{"op": "remove", "path": "/servers/14/nvlink_group_gpus"}])", "/servers/14",
        "missing required member \"nvlink_group_gpus\"");
    row("bridged groups that do not divide the GPUs",
        R"([{"op": "replace", "path": "/servers/14/nvlink_group_gpus", "value": 3}])",
        "/servers/14/nvlink_group_gpus",
        "expected the GPUs one NVLink bridge joins: 2 or more, fewer than the server's 8 and "
        "dividing them");
    row("bridged group of every GPU",
        R"([{"op": "replace", "path": "/servers/14/nvlink_group_gpus", "value": 8}])",
        "/servers/14/nvlink_group_gpus", "(\"mesh\" when every GPU is joined to every other)");
    row("group of a switched server",
        R"([{"op": "add", "path": "/servers/0/nvlink_group_gpus", "value": 2}])",
        "/servers/0/nvlink_group_gpus", "expected only with \"nvlink_scope\": \"bridged\"");
    row("NVLink server on a GPU without NVLink", R"([{"op": "remove", "path": "/gpus/0/nvlink"}])",
        "/servers/0/nvlink_scope",
        "GPU \"a100-sxm-80gb\" has no NVLink medium but the server joins GPUs by it: expected "
        "\"none\", or a GPU whose \"nvlink\" names a medium");
}

void TestCatalog::rejectsBadCatalogs()
{
    QFETCH(QByteArray, patch);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Expected<Json> doc = readJsonFile(kCatalogFile);
    QVERIFY(doc.ok());
    Json patched = doc->patch(Json::parse(patch.toStdString()));
    Expected<Catalog> c = Catalog::fromJson(JsonIn(patched, "catalog.json"));
    QVERIFY2(!c.ok(), "the catalog was accepted");
    QCOMPARE(q(c.error().file), QStringLiteral("catalog.json"));
    QCOMPARE(q(c.error().where), where);
    QVERIFY2(q(c.error().message).contains(message), c.error().message.c_str());
}

void TestCatalog::inferMediumNicToSwitch_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("sw");
    QTest::addColumn<QString>("medium");
    auto row = [](const char *server, const char *sw, const char *medium) {
        QTest::newRow((std::string(server) + " on " + sw).c_str())
                << QString::fromLatin1(server) << QString::fromLatin1(sw)
                << QString::fromLatin1(medium);
    };
    row("dgx-h100", "qm9700", "ib-ndr");
    row("dgx-h100", "sn5600", "roce-400"); // the NIC's 400G, not the port's 800G
    row("dgx-h100", "eth-100g", "eth-100");
    row("dgx-a100", "qm8700", "ib-hdr");
    row("dgx-a100", "qm9700", "ib-hdr"); // an HDR NIC on an NDR port runs at HDR
    row("gb200-tray", "q3400", "ib-ndr");
    row("pcie-server", "sn5600", "roce-200");
    row("pcie-server", "eth-100g", "eth-100");
}

void TestCatalog::inferMediumNicToSwitch()
{
    QFETCH(QString, server);
    QFETCH(QString, sw);
    QFETCH(QString, medium);
    const Catalog &c = Catalog::builtin();
    QCOMPARE(q(c.inferMedium(*c.server(server.toStdString()), *c.switchModel(sw.toStdString()))),
             medium);
}

void TestCatalog::inferMediumSwitchToSwitch_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("medium");
    QTest::newRow("NDR leaf to XDR spine")
            << QStringLiteral("qm9700") << QStringLiteral("q3400") << QStringLiteral("ib-ndr");
    QTest::newRow("Spectrum-4 pair")
            << QStringLiteral("sn5600") << QStringLiteral("sn5600") << QStringLiteral("roce-800");
    QTest::newRow("RoCE to plain Ethernet")
            << QStringLiteral("sn5600") << QStringLiteral("eth-100g") << QStringLiteral("eth-100");
    // InfiniBand and Ethernet ports share no cable, whichever end is named first.
    QTest::newRow("InfiniBand to RoCE")
            << QStringLiteral("qm9700") << QStringLiteral("sn5600") << QString();
    QTest::newRow("RoCE to InfiniBand")
            << QStringLiteral("sn5600") << QStringLiteral("q3400") << QString();
    QTest::newRow("HDR to plain Ethernet")
            << QStringLiteral("qm8700") << QStringLiteral("eth-100g") << QString();
}

void TestCatalog::inferMediumSwitchToSwitch()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, medium);
    const Catalog &c = Catalog::builtin();
    QCOMPARE(q(c.inferMedium(*c.switchModel(a.toStdString()), *c.switchModel(b.toStdString()))),
             medium);
}

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
