#include "engine/io/projectfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <limits>
#include <sys/resource.h>

using namespace topoplan;

namespace {

std::string dataPath(const QByteArray &name)
{
    return std::string(TOPOPLAN_SOURCE_DIR) + "tests/data/projects/" + name.toStdString();
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string readAll(const std::string &path)
{
    Expected<std::string> text = readTextFile(path);
    return text ? *text : std::string("<unreadable: ") + text.error().text() + ">";
}

Project loadOrFail(const QByteArray &name)
{
    Expected<Project> p = loadProject(dataPath(name));
    if (!p)
        qFatal("%s", p.error().text().c_str());
    return *p;
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
}

} // namespace

class TestProjectFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripIsExact_data();
    void roundTripIsExact();
    void roundTripCanonicalizes();
    void roundTripOfProjectBuiltInCode();
    void loadsEveryField();
    void projectCatalogMergesOverrides();
    void rejects_data();
    void rejects();
    void rejectsNonFiniteNumbers_data();
    void rejectsNonFiniteNumbers();
    void loadErrorsNameTheFile_data();
    void loadErrorsNameTheFile();
    void validateTopologyForEditor_data();
    void validateTopologyForEditor();
    void saveWritesOnlyTheTarget();
    void fileStatesEachElementOnOneLine();
    void saveRefusesWhatCannotBeReadBack();
    void saveFailureKeepsTarget_data();
    void saveFailureKeepsTarget();
};

void TestProjectFile::roundTripIsExact_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::newRow("dgx-h100 scalable unit") << QByteArray("h100-su.topoplan");
    QTest::newRow("gb200 trays in custom domains") << QByteArray("gb200-domains.topoplan");
}

void TestProjectFile::roundTripIsExact()
{
    QFETCH(QByteArray, file);
    Project p = loadOrFail(file);
    std::string text = serializeProject(p);
    QCOMPARE(q(text), q(readAll(dataPath(file))));

    Expected<Json> again = parseJson(text, "again");
    QVERIFY(again.ok());
    Expected<Project> reloaded = parseProject(*again, "again");
    QVERIFY2(reloaded.ok(), reloaded ? "" : reloaded.error().text().c_str());
    QVERIFY(*reloaded == p);
    QCOMPARE(q(serializeProject(*reloaded)), q(text));
}

void TestProjectFile::roundTripCanonicalizes()
{
    // minimal.topoplan leaves out defaults, writes 1.0 for 1 and orders members oddly: the
    // first save writes the canonical form, which then stays byte for byte.
    Project p = loadOrFail("minimal.topoplan");
    std::string first = serializeProject(p);
    QVERIFY(first != readAll(dataPath("minimal.topoplan")));
    Expected<Project> reloaded = parseProject(Json::parse(first), "first");
    QVERIFY2(reloaded.ok(), reloaded ? "" : reloaded.error().text().c_str());
    QVERIFY(*reloaded == p);
    QCOMPARE(q(serializeProject(*reloaded)), q(first));

    Json doc = Json::parse(first);
    QCOMPARE(doc["version"].dump(), std::string("1"));
    QCOMPARE(doc["topology"]["links"][0]["count"].dump(), std::string("1"));
    QCOMPARE(doc["topology"]["links"][1]["b"]["port"].dump(), std::string("0"));
    QCOMPARE(doc["topology"]["switches"][0]["role"].get<std::string>(), std::string("compute"));
    QVERIFY(!doc["topology"]["nodes"][0].contains("name"));
    QVERIFY(!doc["plan"].contains("dp")); // still "derive from the GPU count"
    // Layout in topology order, whole numbers as integers, zero sizes left out.
    QCOMPARE(doc["layout"]["items"].dump(),
             std::string(R"({"n1":{"x":100,"y":0.5},"sw":{"x":0,"y":10}})"));
}

void TestProjectFile::roundTripOfProjectBuiltInCode()
{
    Project p;
    p.name = "Cluster M\u00fcnchen \u2713";
    p.description = "line one\nline \"two\"";
    p.revision = "C.2";
    p.topology.domains = {{"rack-a", "Rack A", 72}};
    p.topology.nodes
            = {{"t1", "", "gb200-tray", "rack-a"}, {"t2", "tray 2", "gb200-tray", "rack-a"}};
    p.topology.switches = {{"s1", "spine", "q3400", Tier::Spine, FabricRole::Storage}};
    p.topology.links = {{"l1", {"t1", 1}, {"s1", 143}, "ib-ndr", 1},
                        {"l2", {"t2", 0}, {"s1", 7}, "ib-ndr", 4}};
    p.layout.items["rack-a"] = {-10.25, 3, 500, 250.5, "#00ff7f"};
    p.layout.items["l2"] = {1e-3, 1e7, 0, 0, ""};
    p.plan = Plan{4, 2, 1, 1, 1, "tp-cp-ep-dp-pp"};

    QVERIFY(!validateTopology(p.topology, Catalog::builtin(), "code"));
    std::string text = serializeProject(p);
    QVERIFY(text.size() > 2 && text.back() == '\n' && text[text.size() - 2] == '}');
    QVERIFY(text.find("\n  \"topology\": {\n    \"domains\": [") != std::string::npos);
    QVERIFY(text.find("\n  \"revision\": \"C.2\",\n") != std::string::npos);
    Expected<Project> back = parseProject(Json::parse(text), "code");
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QVERIFY(*back == p);
    QCOMPARE(q(serializeProject(*back)), q(text));
}

void TestProjectFile::loadsEveryField()
{
    Project su = loadOrFail("h100-su.topoplan");
    QCOMPARE(q(su.name), QStringLiteral("DGX H100 half SU"));
    QCOMPARE(su.topology.domains.size(), std::size_t(0));
    QCOMPARE(su.topology.nodes.size(), std::size_t(4));
    QCOMPARE(su.topology.switches.size(), std::size_t(3));
    QCOMPARE(su.topology.links.size(), std::size_t(10));
    const Node *n2 = su.topology.node("node-2");
    QVERIFY(n2);
    QCOMPARE(q(n2->name), QStringLiteral("dgx-02"));
    QCOMPARE(q(n2->model), QStringLiteral("dgx-h100"));
    QVERIFY(n2->domain.empty());
    QVERIFY(su.topology.switchById("spine-1")->tier == Tier::Spine);
    QVERIFY(su.topology.switchById("leaf-2")->role == FabricRole::Compute);
    const Link &uplink = su.topology.links[9];
    QCOMPARE(q(uplink.id), QStringLiteral("link-10"));
    QVERIFY((uplink.a == Endpoint{"leaf-2", 16}));
    QVERIFY((uplink.b == Endpoint{"spine-1", 16}));
    QCOMPARE(uplink.count, 16);
    QCOMPARE(q(uplink.medium), QStringLiteral("ib-ndr"));
    QVERIFY(su.workload);
    QCOMPARE(su.workload->model.kvHeads, 8);
    QCOMPARE(su.workload->training.globalBatch, 512);
    QVERIFY(su.plan);
    QVERIFY((*su.plan == Plan{8, 1, 4, 1, 1, "tp-cp-ep-dp-pp"}));
    QCOMPARE(su.layout.items.size(), std::size_t(7));
    QCOMPARE(su.layout.items.at("leaf-2").x, 400.0);
    QVERIFY(su.catalogOverrides.is_null());
    QVERIFY(su.topology.hasId("link-7"));
    QVERIFY(!su.topology.hasId("link-11"));

    Project gb = loadOrFail("gb200-domains.topoplan");
    QVERIFY(gb.topology.domain("dom-2"));
    QCOMPARE(q(gb.topology.domain("dom-2")->name), QStringLiteral("NVLink domain B"));
    QCOMPARE(q(gb.topology.node("tray-3")->domain), QStringLiteral("dom-2"));
    QVERIFY(gb.topology.node("tray-1")->name.empty());
    QVERIFY(gb.topology.switchById("mgmt-1")->role == FabricRole::Storage);
    QVERIFY(!gb.workload && !gb.plan);
    const LayoutItem &dom1 = gb.layout.items.at("dom-1");
    QVERIFY((dom1 == LayoutItem{0, 0, 320, 180.5, "#336699"}));
    QCOMPARE(gb.layout.items.at("tray-4").y, -12.75);
}

void TestProjectFile::projectCatalogMergesOverrides()
{
    Project gb = loadOrFail("gb200-domains.topoplan");
    QVERIFY(!Catalog::builtin().switchModel("qm8790"));
    Expected<Catalog> c = projectCatalog(gb);
    QVERIFY(c.ok());
    QVERIFY(c->switchModel("qm8790"));
    QCOMPARE(c->switchModel("qm8790")->ports, 40);
    QCOMPARE(c->switchModel("sn5600")->ports, 64); // the built-in models stay

    // An override replaces a built-in model, and the checks use the replacement: 32 cables
    // reach the spine of h100-su, which a 24-port qm9700 cannot take.
    Json doc = readJsonFile(dataPath("h100-su.topoplan")).value();
    doc["catalog"] = Json::parse(R"({"switches": [{"id": "qm9700", "protocol": "infiniband",
        "ports": 24, "port_gbit_s": 400, "source": "test"}]})");
    Expected<Project> p = parseProject(doc, "small.topoplan");
    QVERIFY(!p.ok());
    QCOMPARE(q(p.error().where), QStringLiteral("/topology/switches/0"));
    QCOMPARE(q(p.error().message),
             QStringLiteral("switch \"leaf-1\" (qm9700) has 32 cables attached but only 24 ports"));

    Project bad = gb;
    bad.catalogOverrides = Json::parse(R"({"gpus": [{"id": "x", "bf16_tflops": -1}]})");
    Expected<Catalog> rejected = projectCatalog(bad);
    QVERIFY(!rejected.ok());
    QCOMPARE(q(rejected.error().where), QStringLiteral("/catalog/gpus/0/bf16_tflops"));
}

void TestProjectFile::rejects_data()
{
    QTest::addColumn<QByteArray>("base");    // a valid project from tests/data/projects
    QTest::addColumn<QByteArray>("patch");   // RFC 6902 JSON Patch applied to it
    QTest::addColumn<QByteArray>("raw");     // or the whole document as text
    QTest::addColumn<QByteArray>("where");   // expected Error::where
    QTest::addColumn<QByteArray>("message"); // a fragment of Error::message

    const QByteArray su = "h100-su.topoplan", gb = "gb200-domains.topoplan";
    auto row = [&](const char *name, const QByteArray &base, const char *patch, const char *where,
                   const char *message) {
        QTest::newRow(name) << base << QByteArray(patch) << QByteArray() << QByteArray(where)
                            << QByteArray(message);
    };
    auto raw = [&](const char *name, const char *text, const char *where, const char *message) {
        QTest::newRow(name) << QByteArray() << QByteArray() << QByteArray(text) << QByteArray(where)
                            << QByteArray(message);
    };

    // The document and its header
    raw("malformed JSON", "{\"format\": \"topoplan-project\",\n  \"version\": 1,,\n}",
        "line 2, column 16", "malformed JSON (syntax error while parsing object key");
    raw("number too large", "{\"format\": \"topoplan-project\",\n \"version\": 1e999}",
        "line 2, column 13", "malformed JSON (the number 1e999 is too large)");
    raw("not an object", "[1, 2]", "/",
        "expected a TopoPlan project (a JSON object), found an array");
    row("format missing", su, R"([{"op": "remove", "path": "/format"}])", "/",
        "missing member \"format\": \"topoplan-project\"; this is not a TopoPlan project file");
    row("wrong format tag", su,
        R"([{"op": "replace", "path": "/format", "value": "topoplan-catalog"}])", "/format",
        "expected \"topoplan-project\", found \"topoplan-catalog\"; this is not a TopoPlan "
        "project file");
    row("newer version", su, R"([{"op": "replace", "path": "/version", "value": 3}])", "/version",
        "this file was written by a newer TopoPlan (version 3); this one reads up to 1");
    row("version 0", su, R"([{"op": "replace", "path": "/version", "value": 0}])", "/version",
        "expected a format version of 1 or more, found 0");
    row("version as text", su, R"([{"op": "replace", "path": "/version", "value": "1"}])",
        "/version", "expected an integer, found \"1\"");
    row("version missing", su, R"([{"op": "remove", "path": "/version"}])", "/",
        "missing required member \"version\"");

    // Structure
    row("unknown top-level member", su, R"([{"op": "add", "path": "/topolgy", "value": {}}])",
        "/topolgy",
        "unknown member \"topolgy\" (expected one of: format, version, name, description, "
        "revision, catalog, topology, workload, plan, hostNames, floor, layout)");
    row("unknown node member", su,
        R"([{"op": "add", "path": "/topology/nodes/0/modle", "value": "x"}])",
        "/topology/nodes/0/modle",
        "unknown member \"modle\" (expected one of: id, name, model, model_assumed, domain, "
        "failed, failed_nics)");
    row("unknown endpoint member", su,
        R"([{"op": "add", "path": "/topology/links/2/a/nic", "value": 1}])",
        "/topology/links/2/a/nic", "unknown member \"nic\" (expected one of: device, port)");
    row("topology missing", su, R"([{"op": "remove", "path": "/topology"}])", "/",
        "missing required member \"topology\"");
    row("node without model", su, R"([{"op": "remove", "path": "/topology/nodes/1/model"}])",
        "/topology/nodes/1", "missing required member \"model\"");
    row("switch without tier", su, R"([{"op": "remove", "path": "/topology/switches/1/tier"}])",
        "/topology/switches/1", "missing required member \"tier\"");
    row("link without medium", su, R"([{"op": "remove", "path": "/topology/links/4/medium"}])",
        "/topology/links/4", "missing required member \"medium\"");
    row("name not a string", su, R"([{"op": "replace", "path": "/name", "value": 42}])", "/name",
        "expected a string, found 42");
    row("nodes not an array", su, R"([{"op": "replace", "path": "/topology/nodes", "value": {}}])",
        "/topology/nodes", "expected an array, found an object");
    row("port as text", su,
        R"([{"op": "replace", "path": "/topology/links/0/a/port", "value": "0"}])",
        "/topology/links/0/a/port", "expected an integer, found \"0\"");
    row("fractional port", su,
        R"([{"op": "replace", "path": "/topology/links/0/b/port", "value": 1.5}])",
        "/topology/links/0/b/port", "expected an integer, found 1.5");
    row("negative port", su,
        R"([{"op": "replace", "path": "/topology/links/0/a/port", "value": -1}])",
        "/topology/links/0/a/port", "expected a port number >= 0, found -1");
    row("zero count", su, R"([{"op": "replace", "path": "/topology/links/3/count", "value": 0}])",
        "/topology/links/3/count", "expected a positive integer, found 0");
    row("negative count", su,
        R"([{"op": "replace", "path": "/topology/links/3/count", "value": -4}])",
        "/topology/links/3/count", "expected a positive integer, found -4");
    row("unknown tier", su,
        R"([{"op": "replace", "path": "/topology/switches/2/tier", "value": "spin"}])",
        "/topology/switches/2/tier", "expected one of leaf, spine, core, found \"spin\"");
    row("unknown role", su,
        R"([{"op": "replace", "path": "/topology/switches/2/role", "value": "backend"}])",
        "/topology/switches/2/role",
        "expected one of compute, storage, management, found \"backend\"");
    row("empty id", su, R"([{"op": "replace", "path": "/topology/nodes/0/id", "value": ""}])",
        "/topology/nodes/0/id", "expected a non-empty id");

    // Models
    row("unknown server model", su,
        R"([{"op": "replace", "path": "/topology/nodes/0/model", "value": "dgx-h10"}])",
        "/topology/nodes/0/model",
        "unknown server model \"dgx-h10\" (did you mean \"dgx-h100\"? known server models: "
        "dgx-h100, dgx-a100, dgx-b200, ");
    row("unknown switch model", su,
        R"([{"op": "replace", "path": "/topology/switches/0/model", "value": "qm9701"}])",
        "/topology/switches/0/model",
        "unknown switch model \"qm9701\" (did you mean \"qm9700\"? known switch models: qm9700,");

    // Ids: one namespace
    row("duplicate node id", su,
        R"([{"op": "replace", "path": "/topology/nodes/1/id", "value": "node-1"}])",
        "/topology/nodes/1/id",
        "duplicate id \"node-1\": the node at /topology/nodes/0 has it already (domains, nodes, "
        "switches and links share one set of ids)");
    row("link id used by a switch", su,
        R"([{"op": "replace", "path": "/topology/links/0/id", "value": "leaf-1"}])",
        "/topology/links/0/id",
        "duplicate id \"leaf-1\": the switch at /topology/switches/0 has it already");
    row("node id used by a domain", su,
        R"([{"op": "add", "path": "/topology/domains/-", "value": {"id": "node-3"}}])",
        "/topology/nodes/2/id",
        "duplicate id \"node-3\": the NVLink domain at /topology/domains/0 has it already");

    // Domains
    row("domain does not exist", gb,
        R"([{"op": "replace", "path": "/topology/nodes/3/domain", "value": "dom-3"}])",
        "/topology/nodes/3/domain",
        "no NVLink domain has the id \"dom-3\" (did you mean \"dom-1\"? known domains: dom-1, "
        "dom-2)");
    row("domain is a switch", gb,
        R"([{"op": "replace", "path": "/topology/nodes/3/domain", "value": "leaf-1"}])",
        "/topology/nodes/3/domain", "\"leaf-1\" is a switch, not an NVLink domain");
    row("board server in a domain", su,
        R"([{"op": "add", "path": "/topology/domains/-", "value": {"id": "dom-1"}},
            {"op": "add", "path": "/topology/nodes/1/domain", "value": "dom-1"}])",
        "/topology/nodes/1/domain",
        "node \"node-2\" (dgx-h100) cannot join NVLink domain \"dom-1\": its NVLink "
        "stays on its own NVSwitch baseboard. Only servers whose NVLink leaves the box can be "
        "placed in a domain (gb200-tray, gb300-tray)");
    row("rack in a domain", su,
        R"([{"op": "add", "path": "/topology/domains/-", "value": {"id": "dom-1"}},
            {"op": "replace", "path": "/topology/nodes/0/model", "value": "gb200-nvl72"},
            {"op": "add", "path": "/topology/nodes/0/domain", "value": "dom-1"}])",
        "/topology/nodes/0/domain", "it is a whole rack-scale NVLink domain already");
    row("mesh server in a domain", su,
        R"([{"op": "add", "path": "/topology/domains/-", "value": {"id": "dom-1"}},
            {"op": "replace", "path": "/topology/nodes/0/model", "value": "mi300x"},
            {"op": "add", "path": "/topology/nodes/0/domain", "value": "dom-1"}])",
        "/topology/nodes/0/domain", "its GPUs are joined peer to peer inside the server");
    row("PCIe server in a domain", su,
        R"([{"op": "add", "path": "/topology/domains/-", "value": {"id": "dom-1"}},
            {"op": "replace", "path": "/topology/nodes/0/model", "value": "pcie-server"},
            {"op": "add", "path": "/topology/nodes/0/domain", "value": "dom-1"}])",
        "/topology/nodes/0/domain", "it has no NVLink");
    row("two NVLink generations in a domain", gb,
        R"([{"op": "add", "path": "/catalog/servers", "value": [{"id": "h100-tray",
              "gpu": "h100-sxm", "gpus": 4, "nvlink_scope": "external", "nics": 4,
              "nic_gbit_s": 400, "source": "test"}]},
            {"op": "replace", "path": "/topology/nodes/1/model", "value": "h100-tray"}])",
        "/topology/nodes/1/domain",
        "node \"tray-2\" (h100-tray, nvlink4) cannot share NVLink domain \"dom-1\" with node "
        "\"tray-1\" (gb200-tray, nvlink5)");
    // A domain's size: at least its members' GPUs, at most what the generation joins.
    row("domain size below its members", gb,
        R"([{"op": "add", "path": "/topology/domains/0/gpus", "value": 4}])",
        "/topology/nodes/1/domain",
        "node \"tray-2\" (gb200-tray, 4 GPUs) does not fit in NVLink domain \"dom-1\": it "
        "holds 4 of its 4 GPUs");
    row("domain size of no GPUs", gb,
        R"([{"op": "add", "path": "/topology/domains/0/gpus", "value": 0}])",
        "/topology/domains/0/gpus", "expected a positive integer, found 0");
    row("domain size beyond the format", gb,
        R"([{"op": "add", "path": "/topology/domains/0/gpus", "value": 1152}])",
        "/topology/domains/0/gpus", "expected a positive integer up to 576, found 1152");
    row("domain size beyond the NVLink generation", gb,
        R"([{"op": "add", "path": "/catalog/servers", "value": [{"id": "h100-tray",
              "gpu": "h100-sxm", "gpus": 4, "nvlink_scope": "external", "nics": 4,
              "nic_gbit_s": 400, "source": "test"}]},
            {"op": "replace", "path": "/topology/nodes/0/model", "value": "h100-tray"},
            {"op": "replace", "path": "/topology/nodes/1/model", "value": "h100-tray"},
            {"op": "add", "path": "/topology/domains/0/gpus", "value": 512}])",
        "/topology/nodes/0/domain",
        "NVLink domain \"dom-1\" is stated as 512 GPUs, but NVLink 4 joins at most 256 GPUs in "
        "one domain");

    // Links
    row("device does not exist", su,
        R"([{"op": "replace", "path": "/topology/links/0/b/device", "value": "leaf-9"}])",
        "/topology/links/0/b/device", "no node or switch has the id \"leaf-9\"");
    row("link to a domain", gb,
        R"([{"op": "replace", "path": "/topology/links/4/b/device", "value": "dom-2"}])",
        "/topology/links/4/b/device",
        "\"dom-2\" is an NVLink domain; a link joins nodes and switches (NVLink is expressed by "
        "placing nodes in the domain)");
    row("link to a link", su,
        R"([{"op": "replace", "path": "/topology/links/0/b/device", "value": "link-2"}])",
        "/topology/links/0/b/device", "\"link-2\" is a link; a link joins nodes and switches");
    row("device to itself", su,
        R"([{"op": "replace", "path": "/topology/links/8/b/device", "value": "leaf-1"}])",
        "/topology/links/8/b/device",
        "link \"link-9\" joins \"leaf-1\" to itself; a link must join two devices");
    row("NIC bundle out of range", su,
        R"([{"op": "replace", "path": "/topology/links/0/a/port", "value": 5}])",
        "/topology/links/0/a/port",
        "ports 5 to 8 (a bundle of 4 cables) do not exist: \"node-1\" (dgx-h100) has 8 compute "
        "NICs, numbered 0 to 7");
    row("switch bundle out of range", su,
        R"([{"op": "replace", "path": "/topology/links/8/b/port", "value": 50}])",
        "/topology/links/8/b/port",
        "ports 50 to 65 (a bundle of 16 cables) do not exist: \"spine-1\" (qm9700) has 64 "
        "ports, numbered 0 to 63");
    row("switch port out of range", su,
        R"([{"op": "replace", "path": "/topology/links/8/count", "value": 1},
            {"op": "replace", "path": "/topology/links/8/b/port", "value": 64}])",
        "/topology/links/8/b/port",
        "port 64 does not exist: \"spine-1\" (qm9700) has 64 ports, numbered 0 to 63");
    row("switch port used twice", su,
        R"([{"op": "replace", "path": "/topology/links/2/b/port", "value": 2}])",
        "/topology/links/2/b/port",
        "port 2 of \"leaf-1\" (qm9700) is used by both link \"link-1\" and link \"link-3\"; each "
        "port takes one cable");
    row("NIC used twice", su,
        R"([{"op": "replace", "path": "/topology/links/1/a/port", "value": 3}])",
        "/topology/links/1/a/port",
        "port 3 of \"node-1\" (dgx-h100) is used by both link \"link-1\" and link \"link-2\"");
    row("more cables than switch ports", su,
        R"([{"op": "replace", "path": "/topology/links/8/count", "value": 50}])",
        "/topology/switches/0",
        "switch \"leaf-1\" (qm9700) has 66 cables attached but only 64 ports");
    row("more cables than NICs", su,
        R"([{"op": "add", "path": "/topology/links/-", "value": {"id": "extra",
              "a": {"device": "node-1", "port": 0}, "b": {"device": "spine-1", "port": 40},
              "medium": "ib-ndr"}}])",
        "/topology/nodes/0",
        "node \"node-1\" (dgx-h100) has 9 cables attached but only 8 compute NICs");

    row("server without NICs cabled", su,
        R"([{"op": "add", "path": "/catalog", "value": {"servers": [{"id": "cpu-box",
              "gpu": "h100-pcie", "gpus": 1, "nvlink_scope": "none", "source": "test"}]}},
            {"op": "replace", "path": "/topology/nodes/0/model", "value": "cpu-box"}])",
        "/topology/nodes/0", "node \"node-1\" (cpu-box) has 8 cables attached but no compute NICs");

    // Media
    row("unknown medium", su,
        R"([{"op": "replace", "path": "/topology/links/0/medium", "value": "ib-ndx"}])",
        "/topology/links/0/medium",
        "unknown medium \"ib-ndx\" (did you mean \"ib-ndr\"? known network media: ib-ndr, ");
    row("NVLink as a link", su,
        R"([{"op": "replace", "path": "/topology/links/0/medium", "value": "nvlink4"}])",
        "/topology/links/0/medium",
        "\"nvlink4\" is NVLink, which is not drawn as a link: GPUs share NVLink by being in one "
        "NVLink domain");
    row("xGMI as a link", su,
        R"([{"op": "replace", "path": "/topology/links/0/medium", "value": "xgmi"}])",
        "/topology/links/0/medium",
        "\"xgmi\" is AMD Infinity Fabric (xGMI), which joins the GPUs inside a server such as "
        "the mi300x and is not drawn as a link. Links are network cables");
    row("PCIe as a link", su,
        R"([{"op": "replace", "path": "/topology/links/0/medium", "value": "pcie5"}])",
        "/topology/links/0/medium",
        "\"pcie5\" is a PCIe connection inside a server, not a cable. Links are network cables "
        "(InfiniBand, RoCE or Ethernet)");
    row("InfiniBand on an Ethernet switch", su,
        R"([{"op": "replace", "path": "/topology/switches/0/model", "value": "sn5600"}])",
        "/topology/links/0/medium",
        "\"ib-ndr\" is an InfiniBand medium but switch \"leaf-1\" (sn5600) is an Ethernet switch "
        "(for this link: \"roce-400\")");
    row("RoCE on a switch without RDMA", su,
        R"([{"op": "replace", "path": "/topology/switches/0/model", "value": "eth-100g"},
            {"op": "replace", "path": "/topology/links/0/medium", "value": "roce-200"}])",
        "/topology/links/0/medium",
        "\"roce-200\" needs RDMA (RoCE) but switch \"leaf-1\" (eth-100g) carries plain Ethernet "
        "only (for this link: \"eth-100\")");
    row("medium faster than the NIC", su,
        R"([{"op": "replace", "path": "/topology/links/0/medium", "value": "ib-xdr"}])",
        "/topology/links/0/medium",
        "\"ib-xdr\" runs at 800 Gb/s but the compute NICs of \"node-1\" (dgx-h100) run at 400 "
        "Gb/s (for this link: \"ib-ndr\")");

    // Layout
    row("layout of an unknown id", su,
        R"([{"op": "add", "path": "/layout/items/node-99", "value": {"x": 0, "y": 0}}])",
        "/layout/items/node-99",
        "no domain, node, switch or link has the id \"node-99\"; layout items place existing "
        "ones");
    row("layout x as text", su,
        R"([{"op": "replace", "path": "/layout/items/node-1/x", "value": "10"}])",
        "/layout/items/node-1/x", "expected a number, found \"10\"");
    row("layout y missing", su, R"([{"op": "remove", "path": "/layout/items/node-1/y"}])",
        "/layout/items/node-1", "missing required member \"y\"");
    row("negative width", gb,
        R"([{"op": "replace", "path": "/layout/items/dom-1/w", "value": -5}])",
        "/layout/items/dom-1/w", "expected a number >= 0, found -5");
    row("bad colour", gb,
        R"([{"op": "replace", "path": "/layout/items/dom-2/color", "value": "red"}])",
        "/layout/items/dom-2/color", "expected a colour as \"#rrggbb\", found \"red\"");
    row("unknown layout member", su,
        R"([{"op": "add", "path": "/layout/items/node-1/z", "value": 1}])",
        "/layout/items/node-1/z", "unknown member \"z\" (expected one of: x, y, w, h, color)");

    // Sections read by other parts
    row("bad workload", su, R"([{"op": "replace", "path": "/workload/model/layers", "value": 0}])",
        "/workload/model/layers", "expected a positive integer, found 0");
    row("bad plan order", su, R"([{"op": "replace", "path": "/plan/order", "value": "tp-pp"}])",
        "/plan/order", "expected an order of the five dimensions tp, cp, ep, dp, pp");
    row("bad catalog entry", su,
        R"([{"op": "add", "path": "/catalog", "value": {"servers": [{"id": "x"}]}}])",
        "/catalog/servers/0", "missing required member \"gpu\"");
    row("switch model without ports", su,
        R"([{"op": "add", "path": "/catalog", "value": {"switches": [{"id": "qm9700",
              "protocol": "infiniband", "ports": 0, "port_gbit_s": 400}]}}])",
        "/catalog/switches/0/ports", "expected a positive integer, found 0");
    row("unknown catalog section", su,
        R"([{"op": "add", "path": "/catalog", "value": {"routers": []}}])", "/catalog/routers",
        "unknown member \"routers\" (expected one of: media, gpus, servers, switches, prices)");
}

void TestProjectFile::rejects()
{
    QFETCH(QByteArray, base);
    QFETCH(QByteArray, patch);
    QFETCH(QByteArray, raw);
    QFETCH(QByteArray, where);
    QFETCH(QByteArray, message);

    const std::string file = "test.topoplan";
    Expected<Json> doc
            = raw.isEmpty() ? readJsonFile(dataPath(base)) : parseJson(raw.toStdString(), file);
    Error error;
    if (doc.ok()) {
        if (raw.isEmpty()) { // the patch must be what breaks the file: the base alone loads
            Expected<Project> unpatched = parseProject(*doc, file);
            QVERIFY2(unpatched.ok(), unpatched ? "" : unpatched.error().text().c_str());
        }
        Json patched = patch.isEmpty() ? *doc : doc->patch(Json::parse(patch.toStdString()));
        Expected<Project> p = parseProject(patched, file);
        QVERIFY2(!p.ok(), "the document was accepted");
        error = p.error();
    } else {
        error = doc.error();
    }
    QCOMPARE(q(error.file), q(file));
    QCOMPARE(q(error.where), q(where.toStdString()));
    QVERIFY2(error.message.find(message.toStdString()) != std::string::npos, error.message.c_str());
}

void TestProjectFile::rejectsNonFiniteNumbers_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<QByteArray>("found");
    QTest::newRow("infinity") << std::numeric_limits<double>::infinity()
                              << QByteArray("an infinite number");
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << QByteArray("NaN");
}

void TestProjectFile::rejectsNonFiniteNumbers()
{
    // JSON text cannot hold them, but a document built in code can.
    QFETCH(double, x);
    QFETCH(QByteArray, found);
    Json doc = readJsonFile(dataPath("h100-su.topoplan")).value();
    doc["layout"]["items"]["spine-1"]["x"] = x;
    Expected<Project> p = parseProject(doc, "code");
    QVERIFY(!p.ok());
    QCOMPARE(q(p.error().where), QStringLiteral("/layout/items/spine-1/x"));
    QCOMPARE(q(p.error().message),
             QStringLiteral("expected a finite number, found ") + QLatin1String(found));
}

void TestProjectFile::loadErrorsNameTheFile_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<QByteArray>("where");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("malformed") << QByteArray("malformed.topoplan") << QByteArray("line 7, column 7")
                               << QByteArray("malformed JSON (syntax error while parsing array");
    QTest::newRow("newer version")
            << QByteArray("newer-version.topoplan") << QByteArray("/version")
            << QByteArray("this file was written by a newer TopoPlan (version 3); this one "
                          "reads up to 1");
    QTest::newRow("missing file") << QByteArray("no-such-file.topoplan") << QByteArray()
                                  << QByteArray("cannot open file: No such file or directory");
}

void TestProjectFile::loadErrorsNameTheFile()
{
    QFETCH(QByteArray, file);
    QFETCH(QByteArray, where);
    QFETCH(QByteArray, message);
    Expected<Project> p = loadProject(dataPath(file));
    QVERIFY(!p.ok());
    QCOMPARE(q(p.error().file), q(dataPath(file)));
    QCOMPARE(q(p.error().where), q(where.toStdString()));
    QVERIFY2(p.error().message.find(message.toStdString()) != std::string::npos,
             p.error().message.c_str());
}

void TestProjectFile::validateTopologyForEditor_data()
{
    // Values the editor can produce but the file format cannot express.
    QTest::addColumn<int>("change");
    QTest::addColumn<QByteArray>("where");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("valid") << 0 << QByteArray() << QByteArray();
    QTest::newRow("zero cables") << 1 << QByteArray("/topology/links/1/count")
                                 << QByteArray("expected a positive number of cables, found 0");
    QTest::newRow("negative port") << 2 << QByteArray("/topology/links/0/b/port")
                                   << QByteArray("expected a port number >= 0, found -3");
    QTest::newRow("empty id") << 3 << QByteArray("/topology/switches/0/id")
                              << QByteArray("expected a non-empty id");
    QTest::newRow("control character") << 4 << QByteArray("/topology/nodes/1/id")
                                       << QByteArray("expected an id without control characters");
    QTest::newRow("node moved into a domain")
            << 5 << QByteArray("/topology/nodes/0/domain")
            << QByteArray("node \"node-1\" (dgx-h100) cannot join NVLink domain \"dom-1\"");
}

void TestProjectFile::validateTopologyForEditor()
{
    QFETCH(int, change);
    QFETCH(QByteArray, where);
    QFETCH(QByteArray, message);
    Topology t = loadOrFail("h100-su.topoplan").topology;
    switch (change) {
    case 1:
        t.links[1].count = 0;
        break;
    case 2:
        t.links[0].b.port = -3;
        break;
    case 3:
        t.switches[0].id.clear();
        break;
    case 4:
        t.nodes[1].id = "node\t2";
        break;
    case 5:
        t.domains.push_back({"dom-1", "a rack"});
        t.nodes[0].domain = "dom-1";
        break;
    }
    std::optional<Error> err = validateTopology(t, Catalog::builtin(), "edit");
    if (where.isEmpty()) {
        QVERIFY2(!err, err ? err->text().c_str() : "");
        return;
    }
    QVERIFY(err);
    QCOMPARE(q(err->file), QStringLiteral("edit"));
    QCOMPARE(q(err->where), q(where.toStdString()));
    QVERIFY2(err->message.find(message.toStdString()) != std::string::npos, err->message.c_str());
}

void TestProjectFile::saveWritesOnlyTheTarget()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("su.topoplan")).toStdString();
    Project p = loadOrFail("h100-su.topoplan");

    QVERIFY(!saveProject(p, path));
    QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("su.topoplan")});
    QCOMPARE(q(readAll(path)), q(readAll(dataPath("h100-su.topoplan"))));

    // Saving over an existing file replaces it whole.
    p.name = "renamed";
    p.topology.links.pop_back();
    QVERIFY(!saveProject(p, path));
    QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("su.topoplan")});
    Expected<Project> back = loadProject(path);
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QVERIFY(*back == p);
    QCOMPARE(back->topology.links.size(), std::size_t(9));
}

void TestProjectFile::fileStatesEachElementOnOneLine()
{
    // Each element of the topology's lists and each layout item is one line: a 131,072-GPU
    // design's file is half what an indented dump writes, and a diff shows one element a line.
    const Project p = loadOrFail("h100-su.topoplan");
    const std::string text = serializeProject(p);
    const QStringList lines = q(text).split(QLatin1Char('\n'));
    for (const Link &l : p.topology.links) {
        const QString head
                = QStringLiteral("      {\"id\": \"%1\", \"a\": {\"device\": ").arg(q(l.id));
        QCOMPARE(lines.filter(head).size(), 1);
    }
    QVERIFY(lines.contains(QStringLiteral(
            "      {\"id\": \"leaf-1\", \"name\": \"leaf 1\", \"model\": \"qm9700\", "
            "\"tier\": \"leaf\", \"role\": \"compute\"},")));
    QCOMPARE(lines.filter(QStringLiteral("      \"node-1\": {\"x\": ")).size(), 1);
    // The same document as before, in fewer bytes.
    QCOMPARE(Json::parse(text), projectToJson(p));
    QVERIFY2(text.size() * 4 < dumpJson(projectToJson(p), 2).size() * 3,
             qPrintable(QString::number(text.size())));
}

void TestProjectFile::saveRefusesWhatCannotBeReadBack()
{
    // A file larger than the input limit could not be opened again: it is not written.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("su.topoplan")).toStdString();
    const Project p = loadOrFail("h100-su.topoplan");
    qputenv("TOPOPLAN_MAX_INPUT_BYTES", "1000");
    const std::optional<Error> e = saveProject(p, path);
    qunsetenv("TOPOPLAN_MAX_INPUT_BYTES");
    QVERIFY(e);
    QCOMPARE(e->file, path);
    QVERIFY2(e->message.find("larger than the input limit of 1000 bytes") != std::string::npos,
             e->message.c_str());
    QVERIFY(entries(dir.path()).isEmpty());
    // Within the limit it is written, and reads back.
    QVERIFY(!saveProject(p, path));
    Expected<Project> back = loadProject(path);
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QVERIFY(*back == p);
}

void TestProjectFile::saveFailureKeepsTarget_data()
{
    QTest::addColumn<int>("failure");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("missing directory") << 0 << QByteArray("cannot create a temporary file");
    QTest::newRow("target is a directory") << 1 << QByteArray("cannot replace the file");
    QTest::newRow("disk full while writing") << 2 << QByteArray("cannot write");
}

void TestProjectFile::saveFailureKeepsTarget()
{
    QFETCH(int, failure);
    QFETCH(QByteArray, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Project p = loadOrFail("h100-su.topoplan");
    const std::string previous = "{\"the previous\": \"version\"}\n";
    std::string target;

    std::optional<Error> err;
    if (failure == 0) {
        target = dir.filePath(QStringLiteral("missing/su.topoplan")).toStdString();
        err = saveProject(p, target);
    } else if (failure == 1) {
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("su.topoplan")));
        target = dir.filePath(QStringLiteral("su.topoplan")).toStdString();
        err = saveProject(p, target);
        QVERIFY(QFileInfo(q(target)).isDir());
    } else {
        // Permission bits do not stop root, so a full disk is made with a file size limit,
        // which fails write() even for root. Ignoring SIGXFSZ turns the signal into EFBIG.
        target = dir.filePath(QStringLiteral("su.topoplan")).toStdString();
        QVERIFY(!writeFileAtomically(target, previous));
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit tiny = saved;
        tiny.rlim_cur = 256;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &tiny), 0);
        err = saveProject(p, target);
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, oldHandler);
        QCOMPARE(q(readAll(target)), q(previous));
    }
    QVERIFY(err);
    QCOMPARE(q(err->file), q(target));
    QVERIFY2(err->message.find(message.toStdString()) != std::string::npos, err->message.c_str());
    // No temporary file is left behind.
    QStringList expected;
    if (failure != 0)
        expected << QStringLiteral("su.topoplan");
    QCOMPARE(entries(dir.path()), expected);
}

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_projectfile.moc"
