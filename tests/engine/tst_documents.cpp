// The files other tools read (engine/document): golden files for every format on two small
// generated designs, Slurm's rules checked by an independent parser, draw.io's XML read back,
// DOT parsed by Graphviz, and the host naming pattern of the project file.
//
// TOPOPLAN_UPDATE_GOLDEN=1 rewrites the golden files from the current output instead of
// comparing (review the diff before committing it).

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "engine/model/hostnames.h"
#include "engine/model/summary.h"

#include "tests/engine/golden.h"
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>

using namespace topoplan;

namespace {

using Names = std::vector<std::string>;

// ---- An independent reading of Slurm's files (topology.conf(5), topology.yaml(5)) ----------

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == sep) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return parts;
}

std::string trimmed(const std::string &s)
{
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string::npos)
        return {};
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

bool startsWith(const std::string &s, const std::string &p)
{
    return s.rfind(p, 0) == 0;
}

bool contains(const std::string &s, const std::string &p)
{
    return s.find(p) != std::string::npos;
}

int count(const std::string &s, const std::string &p)
{
    int n = 0;
    for (std::size_t at = s.find(p); at != std::string::npos; at = s.find(p, at + p.size()))
        ++n;
    return n;
}

// Slurm's host list expansion, written apart from the engine's so that the two check each other.
Names slurmExpand(const std::string &list)
{
    Names out;
    int depth = 0;
    std::string item;
    auto flush = [&] {
        const std::size_t open = item.find('['), close = item.find(']');
        if (open == std::string::npos) {
            out.push_back(item);
        } else {
            const std::string prefix = item.substr(0, open), suffix = item.substr(close + 1);
            for (const std::string &range : split(item.substr(open + 1, close - open - 1), ',')) {
                const Names ends = split(range, '-');
                const int lo = std::stoi(ends[0]), hi = std::stoi(ends.back());
                for (int v = lo; v <= hi; ++v) {
                    std::string digits = std::to_string(v);
                    if (digits.size() < ends[0].size())
                        digits.insert(0, ends[0].size() - digits.size(), '0');
                    out.push_back(prefix + digits + suffix);
                }
            }
        }
        item.clear();
    };
    for (char ch : list) {
        if (ch == ',' && depth == 0) {
            flush();
            continue;
        }
        depth += ch == '[' ? 1 : ch == ']' ? -1 : 0;
        item += ch;
    }
    if (!item.empty())
        flush();
    return out;
}

struct SlurmTree
{
    std::map<std::string, Names> nodesOf;    // leaf switch -> hosts
    std::map<std::string, Names> childrenOf; // switch -> child switches
};

// The rules of topology/tree: every host under exactly one leaf switch, every switch named
// once and below at most one parent, one root, every switch reachable from it (a tree, so no
// cycle), every named child defined. Returns the first broken rule, or an empty string.
std::string checkSlurmTree(const SlurmTree &t, const Names &hosts)
{
    std::map<std::string, int> leafCount;
    for (const auto &[sw, nodes] : t.nodesOf)
        for (const std::string &n : nodes)
            ++leafCount[n];
    for (const std::string &h : hosts)
        if (leafCount[h] != 1)
            return h + " is under " + std::to_string(leafCount[h]) + " leaf switches";
    for (const auto &[n, c] : leafCount)
        if (std::find(hosts.begin(), hosts.end(), n) == hosts.end())
            return n + " is not a host of the design";
    std::set<std::string> switches;
    for (const auto &[sw, nodes] : t.nodesOf)
        switches.insert(sw);
    for (const auto &[sw, children] : t.childrenOf) {
        if (t.nodesOf.count(sw))
            return sw + " has both nodes and switches";
        switches.insert(sw);
    }
    std::map<std::string, int> parents;
    for (const auto &[sw, children] : t.childrenOf)
        for (const std::string &c : children) {
            if (!switches.count(c))
                return c + " is a child of " + sw + " but not defined";
            if (++parents[c] > 1)
                return c + " has more than one parent";
        }
    Names roots;
    for (const std::string &sw : switches)
        if (!parents.count(sw))
            roots.push_back(sw);
    if (roots.size() != 1)
        return "the switches form " + std::to_string(roots.size()) + " trees, not one";
    std::set<std::string> seen;
    Names todo{roots[0]};
    while (!todo.empty()) {
        const std::string s = todo.back();
        todo.pop_back();
        if (!seen.insert(s).second)
            return "a cycle through " + s;
        auto it = t.childrenOf.find(s);
        if (it != t.childrenOf.end())
            todo.insert(todo.end(), it->second.begin(), it->second.end());
    }
    if (seen.size() != switches.size())
        return "some switches are not reachable from the root " + roots[0];
    return {};
}

// The rules of topology/block: every host in exactly one block, BlockSizes ascending with each a
// power-of-two multiple of the first (at most 16 levels), every block at least the first size.
std::string checkSlurmBlocks(const std::map<std::string, Names> &blocks,
                             const std::vector<int> &sizes, const Names &hosts)
{
    if (sizes.empty() || sizes.size() > 16)
        return "BlockSizes has " + std::to_string(sizes.size()) + " values";
    for (std::size_t i = 1; i < sizes.size(); ++i) {
        if (sizes[i] <= sizes[i - 1] || sizes[i] % sizes[0])
            return "BlockSizes " + std::to_string(sizes[i]) + " is not a larger multiple";
        const int level = sizes[i] / sizes[0];
        if (level & (level - 1))
            return "BlockSizes " + std::to_string(sizes[i]) + " is not a power of two times "
                   + std::to_string(sizes[0]);
    }
    std::map<std::string, int> in;
    for (const auto &[b, nodes] : blocks) {
        if (int(nodes.size()) < sizes[0])
            return b + " holds " + std::to_string(nodes.size()) + " nodes, fewer than "
                   + std::to_string(sizes[0]);
        for (const std::string &n : nodes)
            ++in[n];
    }
    for (const std::string &h : hosts)
        if (in[h] != 1)
            return h + " is in " + std::to_string(in[h]) + " blocks";
    if (in.size() != hosts.size())
        return "a block names a host the design lacks";
    return {};
}

std::string withoutComment(const std::string &line)
{
    return trimmed(line.substr(0, line.find('#')));
}

// topology.conf: one "Key=value Key=value" record a line, '#' comments.
SlurmTree parseTreeConf(const std::string &text, std::string *error)
{
    SlurmTree t;
    for (const std::string &raw : split(text, '\n')) {
        const std::string line = withoutComment(raw);
        if (line.empty())
            continue;
        std::string name, nodes, switches;
        for (const std::string &field : split(line, ' ')) {
            const std::size_t eq = field.find('=');
            const std::string key = field.substr(0, eq), value = field.substr(eq + 1);
            if (key == "SwitchName")
                name = value;
            else if (key == "Nodes")
                nodes = value;
            else if (key == "Switches")
                switches = value;
            else
                *error = "unknown key " + key;
        }
        if (name.empty() || name.size() > 64 || nodes.empty() == switches.empty())
            *error = "bad line: " + line;
        if (t.nodesOf.count(name) || t.childrenOf.count(name))
            *error = "switch named twice: " + name;
        if (!nodes.empty())
            t.nodesOf[name] = slurmExpand(nodes);
        else
            t.childrenOf[name] = slurmExpand(switches);
    }
    return t;
}

void parseBlockConf(const std::string &text, std::map<std::string, Names> *blocks,
                    std::vector<int> *sizes, std::string *error)
{
    for (const std::string &raw : split(text, '\n')) {
        const std::string line = withoutComment(raw);
        if (line.empty())
            continue;
        if (startsWith(line, "BlockSizes=")) {
            for (const std::string &v : split(line.substr(11), ','))
                sizes->push_back(std::stoi(v));
            continue;
        }
        const Names fields = split(line, ' ');
        if (fields.size() != 2 || !startsWith(fields[0], "BlockName=")
            || !startsWith(fields[1], "Nodes=")) {
            *error = "bad line: " + line;
            continue;
        }
        const std::string name = fields[0].substr(10);
        if (blocks->count(name))
            *error = "block named twice: " + name;
        (*blocks)[name] = slurmExpand(fields[1].substr(6));
    }
}

// topology.yaml as written: "- topology:" entries with tree switches or blocks.
void parseTopologyYaml(const std::string &text, SlurmTree *tree,
                       std::map<std::string, Names> *blocks, std::vector<int> *sizes,
                       std::string *error)
{
    std::string section, current;
    bool inSizes = false;
    for (const std::string &raw : split(text, '\n')) {
        const std::string line = trimmed(raw);
        if (line.empty() || line[0] == '#' || line == "---")
            continue;
        auto value = [&](const std::string &key) {
            std::string v = trimmed(line.substr(line.find(key) + key.size()));
            if (!v.empty() && v[0] == '"')
                v = v.substr(1, v.size() - 2);
            return v;
        };
        if (startsWith(line, "- topology:")) {
            section = value("- topology:");
            inSizes = false;
        } else if (line == "block_sizes:") {
            inSizes = true;
        } else if (line == "blocks:" || line == "switches:" || line == "tree:" || line == "block:"
                   || startsWith(line, "cluster_default:")) {
            inSizes = false;
        } else if (inSizes && startsWith(line, "- ")) {
            sizes->push_back(std::stoi(line.substr(2)));
        } else if (startsWith(line, "- switch:") || startsWith(line, "- block:")) {
            current = value(":");
        } else if (startsWith(line, "nodes:")) {
            if (section == "fabric")
                tree->nodesOf[current] = slurmExpand(value("nodes:"));
            else
                (*blocks)[current] = slurmExpand(value("nodes:"));
        } else if (startsWith(line, "children:")) {
            tree->childrenOf[current] = slurmExpand(value("children:"));
        } else {
            *error = "unexpected line: " + line;
        }
    }
}

// ---- Designs ----------------------------------------------------------------------------------

struct Design
{
    const char *name;
    Project project;
};

Project generated(const GeneratorOptions &o)
{
    Expected<Project> p = generateProject(o);
    if (!p)
        qFatal("%s", p.error().text().c_str());
    return *p;
}

// Four DGX H100 on a rail-optimized NDR fabric (8 rail leaves, spines); and 36 GB200 trays in
// two 72-GPU NVLink domains on a 2-tier NDR fat tree, named by a host pattern.
const std::vector<Design> &designs()
{
    static const std::vector<Design> list = [] {
        GeneratorOptions su;
        su.nodeModel = "dgx-h100";
        su.nodes = 4;
        su.fabric = FabricKind::RailOptimized;
        su.name = "four DGX H100";
        GeneratorOptions nvl;
        nvl.nodeModel = "gb200-tray";
        nvl.nodes = 36;
        nvl.fabric = FabricKind::FatTree;
        nvl.domainSize = 72;
        nvl.name = "two NVL72 domains";
        Project trays = generated(nvl);
        trays.hostNames = "nvl[001-036]";
        return std::vector<Design>{{"dgx-h100-4", generated(su)}, {"gb200-2x72", trays}};
    }();
    return list;
}

Names hostsOf(const Project &p)
{
    Expected<std::vector<Host>> hosts = projectHosts(p, Catalog::builtin());
    Names names;
    for (const Host &h : *hosts)
        names.push_back(h.name);
    return names;
}

std::string text(DocumentFormat f, const Project &p)
{
    Expected<std::string> t = writeDocument(f, p, Catalog::builtin());
    if (!t)
        qFatal("%s", t.error().text().c_str());
    return *t;
}

const char *goldenSuffix(DocumentFormat f)
{
    switch (f) {
    case DocumentFormat::Bom:
        return "bom.csv";
    case DocumentFormat::Cables:
        return "cables.csv";
    case DocumentFormat::BomXlsx:
        return "bom.xlsx";
    case DocumentFormat::CablesXlsx:
        return "cables.xlsx";
    case DocumentFormat::Cvt:
        return "cvt.csv";
    case DocumentFormat::CvtXlsx:
        return "cvt.xlsx";
    case DocumentFormat::SlurmTree:
        return "tree.topology.conf";
    case DocumentFormat::SlurmBlock:
        return "block.topology.conf";
    case DocumentFormat::SlurmYaml:
        return "topology.yaml";
    case DocumentFormat::K8sLabels:
        return "k8s-labels.sh";
    case DocumentFormat::Topograph:
        return "topograph.yaml";
    case DocumentFormat::Drawio:
        return "drawio";
    case DocumentFormat::Dot:
        return "dot";
    case DocumentFormat::DotAir:
        return "air.dot";
    case DocumentFormat::Ibsim:
        return "ibsim.net";
    case DocumentFormat::Ibnetdiscover:
        return "ibnetdiscover.txt";
    case DocumentFormat::Report:
        return "report.txt";
    }
    return "";
}

TopologySummary summaryOf(const Project &p)
{
    Expected<Catalog> c = projectCatalog(p);
    return *summarize(p.topology, *c);
}

} // namespace

class tst_Documents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hostLists();
    void hostListErrors();
    void namingPatternInTheProjectFile();
    void rackScaleTraysAreHosts();
    void golden_data();
    void golden();
    void slurmCheckerCatchesBrokenFiles();
    void slurmFilesFollowSlurmsRules_data();
    void slurmFilesFollowSlurmsRules();
    void railLeavesActAsOneSwitch();
    void blocksListedAsTheFabricGroupsThem_data();
    void blocksListedAsTheFabricGroupsThem();
    void kubernetesLabels();
    void cablingPlan();
    void cableValidationToolP2p();
    void billOfMaterials();
    void drawioIsWellFormed_data();
    void drawioIsWellFormed();
    void dotParsesWithGraphviz_data();
    void dotParsesWithGraphviz();
    void badHostNamesAreRefused();
    void formatsByNameAndSuffix();
    void workbooksHoldTheCsvRows();
    void billOfMaterialsPerScalableUnit();
};

void tst_Documents::hostLists()
{
    const std::pair<Names, std::string> cases[] = {
            {{"dgx001", "dgx002", "dgx003"}, "dgx[001-003]"},
            {{"dgx001", "dgx002", "dgx004"}, "dgx[001-002,004]"},
            {{"login1"}, "login1"},
            {{"n8", "n9", "n10"}, "n[8-10]"},
            {{"n098", "n099", "n100", "n101"}, "n[098-101]"},
            {{"a-1", "b-1", "a-2"}, "a-[1-2],b-1"},
            {{"head", "dgx-01-t01", "dgx-01-t02"}, "head,dgx-01-t[01-02]"},
            {{"n9", "n010", "n10"}, "n[9-10,010]"},
    };
    for (const auto &[names, list] : cases) {
        QCOMPARE(compressHostList(names), list);
        Expected<std::vector<std::string>> back = expandHostList(list);
        QVERIFY(back.ok());
        Names want = names, got = *back, slurm = slurmExpand(list);
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        std::sort(slurm.begin(), slurm.end());
        QCOMPARE(got, want);
        QCOMPARE(slurm, want);
    }
    // Several brackets, as Slurm's host lists allow: the first outermost.
    Expected<std::vector<std::string>> racks = expandHostList("r[1-2]n[01-02]-ib,login1");
    QVERIFY(racks.ok());
    QCOMPARE(*racks, (Names{"r1n01-ib", "r1n02-ib", "r2n01-ib", "r2n02-ib", "login1"}));
    QCOMPARE(compressHostList({"r1n1", "r1n2", "r2n1", "r2n2"}), std::string("r1n[1-2],r2n[1-2]"));
}

void tst_Documents::hostListErrors()
{
    const std::pair<const char *, const char *> cases[] = {
            {"", "column 1"},
            {"dgx[001-004", "column 4"},
            {"dgx[9-1]", "column 5"},
            {"dgx[a-b]", "column 5"},
            {"dgx 1", "column 4"},
            {"a1,,a2", "column 4"},
            {"r[1-2]n[2-1]", "column 9"},
            {"r[1-2]n[1-2", "column 8"},
            {"r1]", "column 3"},
    };
    for (const auto &[list, where] : cases) {
        Expected<std::vector<std::string>> r = expandHostList(list);
        QVERIFY2(!r.ok(), list);
        QCOMPARE(r.error().where, std::string(where));
    }
}

void tst_Documents::namingPatternInTheProjectFile()
{
    Project p = designs()[0].project;
    // Unset: not written, so files made before the pattern existed stay byte-identical.
    const std::string without = serializeProject(p);
    QVERIFY(!contains(without, "hostNames"));
    Expected<Project> reread = parseProject(Json::parse(without), "x.topoplan");
    QVERIFY(reread.ok());
    QCOMPARE(serializeProject(*reread), without);

    p.hostNames = "dgx[001-004]";
    const std::string with = serializeProject(p);
    Expected<Project> back = parseProject(Json::parse(with), "x.topoplan");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().text().c_str());
    QCOMPARE(back->hostNames, std::string("dgx[001-004]"));
    QCOMPARE(hostsOf(*back), (Names{"dgx001", "dgx002", "dgx003", "dgx004"}));

    const std::pair<const char *, const char *> bad[] = {
            {"dgx[001-003],dgx001", "named twice"},
            {"dgx[001-", "not a host list"},
            {"-x[1-4]", "not a host name"},
    };
    for (const auto &[pattern, message] : bad) {
        Json doc = Json::parse(with);
        doc["hostNames"] = pattern;
        Expected<Project> r = parseProject(doc, "x.topoplan");
        QVERIFY2(!r.ok(), pattern);
        QCOMPARE(r.error().where, std::string("/hostNames"));
        QVERIFY2(contains(r.error().message, message), r.error().message.c_str());
        QCOMPARE(r.error().file, std::string("x.topoplan"));
    }
    Json doc = Json::parse(with);
    doc["hostNames"] = 7;
    QVERIFY(!parseProject(doc, "x.topoplan").ok());

    // Names to spare are kept for growth; too few load (adding a server must not make the
    // file unloadable) but the files that need every host's name say what is missing.
    p.hostNames = "dgx[001-006]";
    QCOMPARE(hostsOf(p), (Names{"dgx001", "dgx002", "dgx003", "dgx004"}));
    p.hostNames = "dgx[001-003]";
    Expected<Project> few = parseProject(Json::parse(serializeProject(p)), "x.topoplan");
    QVERIFY(few.ok());
    Expected<std::string> conf = slurmTreeConf(*few, Catalog::builtin());
    QVERIFY(!conf.ok());
    QCOMPARE(conf.error().where, std::string("/hostNames"));
    QVERIFY2(contains(conf.error().message, "names 3 hosts, but the design has 4"),
             conf.error().message.c_str());
}

void tst_Documents::rackScaleTraysAreHosts()
{
    GeneratorOptions o;
    o.nodeModel = "gb200-nvl72";
    o.nodes = 2;
    o.fabric = FabricKind::RailOptimized;
    o.leaf = "q3400";
    const Project p = generated(o);
    const Names hosts = hostsOf(p);
    QCOMPARE(int(hosts.size()), 36);
    QVERIFY2(hosts[0].size() > 4 && hosts[0].substr(hosts[0].size() - 4) == "-t01",
             hosts[0].c_str());
    // One block a rack, of its 18 trays; each tray under one leaf group.
    const std::string block = text(DocumentFormat::SlurmBlock, p);
    QVERIFY2(contains(block, "BlockSizes=18,36\n"), block.c_str());
    std::string error;
    const SlurmTree tree = parseTreeConf(text(DocumentFormat::SlurmTree, p), &error);
    QVERIFY2(error.empty(), error.c_str());
    const std::string broken = checkSlurmTree(tree, hosts);
    QVERIFY2(broken.empty(), broken.c_str());
}

void tst_Documents::golden_data()
{
    QTest::addColumn<int>("design");
    QTest::addColumn<int>("format");
    for (std::size_t d = 0; d < designs().size(); ++d)
        for (const DocumentFormatInfo &f : documentFormats())
            // The workbooks carry their time of writing (workbooksHoldTheCsvRows reads them
            // back); tst_report keeps the report's golden file.
            if (f.format != DocumentFormat::BomXlsx && f.format != DocumentFormat::CablesXlsx
                && f.format != DocumentFormat::CvtXlsx && f.format != DocumentFormat::Report)
                QTest::addRow("%s %s", designs()[d].name, f.name) << int(d) << int(f.format);
}

void tst_Documents::golden()
{
    QFETCH(int, design);
    QFETCH(int, format);
    const Design &d = designs()[std::size_t(design)];
    const std::string got = text(DocumentFormat(format), d.project);
    const std::string path = std::string(TOPOPLAN_SOURCE_DIR "tests/data/golden/documents/")
                             + d.name + "." + goldenSuffix(DocumentFormat(format));
    const std::string diff = fixtures::goldenDifference(path, got);
    QVERIFY2(diff.empty(), diff.c_str());
    // The output is deterministic.
    QCOMPARE(text(DocumentFormat(format), d.project), got);
}

void tst_Documents::slurmCheckerCatchesBrokenFiles()
{
    const Names hosts{"n1", "n2", "n3", "n4"};
    std::string error;
    auto tree = [&](const char *conf) {
        return checkSlurmTree(parseTreeConf(conf, &error), hosts);
    };
    QVERIFY(tree("SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n[3-4]\n"
                 "SwitchName=r Switches=a,b\n")
                    .empty());
    QVERIFY(contains(tree("SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n[2-4]\n"
                          "SwitchName=r Switches=a,b\n"),
                     "n2 is under 2"));
    QVERIFY(contains(tree("SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n3\n"
                          "SwitchName=r Switches=a,b\n"),
                     "n4 is under 0"));
    QVERIFY(contains(tree("SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n[3-4]\n"), "2 trees"));
    QVERIFY(contains(tree("SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n[3-4]\nSwitchName=r "
                          "Switches=a,b\nSwitchName=s Switches=b\n"),
                     "more than one parent"));
    QVERIFY(contains(tree("SwitchName=a Nodes=n[1-4]\nSwitchName=r Switches=a,x\n"),
                     "not defined"));
    QVERIFY(contains(tree("SwitchName=a Nodes=n[1-4]\nSwitchName=r Switches=a\nSwitchName=s "
                          "Switches=t\nSwitchName=t Switches=s\n"),
                     "not reachable"));
    QVERIFY(error.empty());
    std::map<std::string, Names> blocks{{"b1", {"n1", "n2"}}, {"b2", {"n3", "n4"}}};
    QVERIFY(checkSlurmBlocks(blocks, {2, 4}, hosts).empty());
    QVERIFY(contains(checkSlurmBlocks(blocks, {2, 6}, hosts), "power of two"));
    QVERIFY(contains(checkSlurmBlocks(blocks, {3}, hosts), "fewer than 3"));
    QVERIFY(contains(checkSlurmBlocks(blocks, {4, 2}, hosts), "larger"));
    blocks["b2"] = {"n2", "n3"};
    QVERIFY(contains(checkSlurmBlocks(blocks, {2}, hosts), "n2 is in 2"));
}

void tst_Documents::slurmFilesFollowSlurmsRules_data()
{
    QTest::addColumn<int>("design");
    for (std::size_t d = 0; d < designs().size(); ++d)
        QTest::addRow("%s", designs()[d].name) << int(d);
    QTest::addRow("3-tier fat tree") << -1;
}

void tst_Documents::slurmFilesFollowSlurmsRules()
{
    QFETCH(int, design);
    Project p;
    if (design >= 0) {
        p = designs()[std::size_t(design)].project;
    } else {
        GeneratorOptions o;
        o.nodeModel = "dgx-h100";
        o.nodes = 160;
        o.fabric = FabricKind::FatTree;
        o.tiers = 3;
        o.leaf = o.spine = o.core = "qm8700";
        p = generated(o);
    }
    const Names hosts = hostsOf(p);
    std::string error;
    const SlurmTree tree = parseTreeConf(text(DocumentFormat::SlurmTree, p), &error);
    QVERIFY2(error.empty(), error.c_str());
    std::string broken = checkSlurmTree(tree, hosts);
    QVERIFY2(broken.empty(), broken.c_str());

    std::map<std::string, Names> blocks;
    std::vector<int> sizes;
    parseBlockConf(text(DocumentFormat::SlurmBlock, p), &blocks, &sizes, &error);
    QVERIFY2(error.empty(), error.c_str());
    broken = checkSlurmBlocks(blocks, sizes, hosts);
    QVERIFY2(broken.empty(), broken.c_str());

    // topology.yaml holds the same two topologies.
    SlurmTree yamlTree;
    std::map<std::string, Names> yamlBlocks;
    std::vector<int> yamlSizes;
    parseTopologyYaml(text(DocumentFormat::SlurmYaml, p), &yamlTree, &yamlBlocks, &yamlSizes,
                      &error);
    QVERIFY2(error.empty(), error.c_str());
    QVERIFY(yamlTree.nodesOf == tree.nodesOf);
    QVERIFY(yamlTree.childrenOf == tree.childrenOf);
    QVERIFY(yamlBlocks == blocks);
    QVERIFY(yamlSizes == sizes);
}

void tst_Documents::railLeavesActAsOneSwitch()
{
    // 64 DGX H100, rail-optimized: two scalable units of 32 nodes, each on 8 rail leaves.
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 64;
    o.fabric = FabricKind::RailOptimized;
    const Project p = generated(o);
    std::string error;
    const SlurmTree tree = parseTreeConf(text(DocumentFormat::SlurmTree, p), &error);
    QCOMPARE(int(tree.nodesOf.size()), 2);
    for (const auto &[sw, nodes] : tree.nodesOf)
        QCOMPARE(int(nodes.size()), 32);
    QCOMPARE(int(tree.childrenOf.size()), 1);
    QCOMPARE(int(tree.childrenOf.begin()->second.size()), 2);
    QVERIFY(checkSlurmTree(tree, hostsOf(p)).empty());
    // DGX H100 is its own NVLink domain: blocks of one host.
    std::map<std::string, Names> blocks;
    std::vector<int> sizes;
    parseBlockConf(text(DocumentFormat::SlurmBlock, p), &blocks, &sizes, &error);
    QCOMPARE(int(blocks.size()), 64);
    QVERIFY(sizes == (std::vector<int>{1, 2, 4, 8, 16, 32, 64}));
}

// topology/block joins consecutive blocks of the file into its larger block sizes, so blocks
// under the same leaves, and those under the same spines, must be listed together whatever
// order the servers were placed in.
void tst_Documents::blocksListedAsTheFabricGroupsThem_data()
{
    QTest::addColumn<int>("tiers");
    QTest::addColumn<int>("nodes");
    QTest::newRow("rail-optimized, 2 units") << 2 << 64;
    QTest::newRow("3-tier fat tree") << 3 << 160;
}

void tst_Documents::blocksListedAsTheFabricGroupsThem()
{
    QFETCH(int, tiers);
    QFETCH(int, nodes);
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = nodes;
    if (tiers == 3) {
        o.fabric = FabricKind::FatTree;
        o.tiers = 3;
        o.leaf = o.spine = o.core = "qm8700";
    } else {
        o.fabric = FabricKind::RailOptimized;
    }
    Project p = generated(o);
    // Place the servers in a scattered order (every 7th), as a user adding servers to several
    // units by turns would.
    const std::vector<Node> placed = p.topology.nodes;
    QCOMPARE(int(placed.size()), nodes);
    for (std::size_t i = 0; i < placed.size(); ++i)
        p.topology.nodes[i] = placed[(i * 7) % placed.size()];
    std::string error;
    const SlurmTree tree = parseTreeConf(text(DocumentFormat::SlurmTree, p), &error);
    QVERIFY2(error.empty(), error.c_str());
    // Each host's chain of scheduler switches, leaf first.
    std::map<std::string, std::string> parentOf, leafOf;
    for (const auto &[sw, children] : tree.childrenOf)
        for (const std::string &c : children)
            parentOf[c] = sw;
    for (const auto &[sw, hosts] : tree.nodesOf)
        for (const std::string &h : hosts)
            leafOf[h] = sw;
    for (DocumentFormat f : {DocumentFormat::SlurmBlock, DocumentFormat::SlurmYaml}) {
        const std::string conf = text(f, p);
        const bool block = f == DocumentFormat::SlurmBlock;
        const std::string key = block ? " Nodes=" : "nodes: ";
        const std::string start = block ? "BlockName=" : "- block: ";
        std::vector<std::vector<std::string>> chains; // each block's, in file order
        for (std::size_t at = conf.find(start); at != std::string::npos;
             at = conf.find(start, at + 1)) {
            const std::size_t n = conf.find(key, at) + key.size();
            std::vector<std::string> chain{leafOf[conf.substr(n, conf.find('\n', n) - n)]};
            while (parentOf.count(chain.back()))
                chain.push_back(parentOf[chain.back()]);
            chains.push_back(chain);
        }
        QCOMPARE(int(chains.size()), nodes);
        // At every level, the blocks under one switch form one run of the file.
        int grouped = 0; // levels with more than one switch
        for (std::size_t level = 0; level < chains.front().size(); ++level) {
            std::set<std::string> done;
            for (std::size_t b = 0; b < chains.size(); ++b) {
                const std::string &sw = chains[b][level];
                if (b > 0 && chains[b - 1][level] == sw)
                    continue;
                QVERIFY2(done.insert(sw).second,
                         qPrintable(QString::fromStdString(sw + " listed in two runs")));
            }
            grouped += done.size() > 1;
        }
        QCOMPARE(grouped, tiers - 1);
    }
}

void tst_Documents::kubernetesLabels()
{
    const Project &p = designs()[1].project;
    const std::string labels = text(DocumentFormat::K8sLabels, p);
    // kubectl label changes registered nodes only; no Node object that `apply` would create.
    QVERIFY(startsWith(labels, "#!/bin/sh\n"));
    QVERIFY(!contains(labels, "kind: Node") && !contains(labels, "kubectl apply"));
    QCOMPARE(count(labels, "\nkubectl label node --overwrite "), 36);
    QCOMPARE(count(labels, " accelerator.topograph.run/domain="), 36);
    QCOMPARE(count(labels, " fabric.topograph.run/tier-0="), 36);
    QCOMPARE(count(labels, " fabric.topograph.run/tier-1="), 36);
    QCOMPARE(count(labels, " fabric.topograph.run/tier-2="), 0);
    // The first 18 hosts share a domain, the next 18 another.
    auto lineOf = [&](const std::string &host) {
        for (const std::string &line : split(labels, '\n'))
            if (startsWith(line, "kubectl label node --overwrite " + host + " "))
                return line;
        return std::string();
    };
    auto domainOf = [&](const std::string &host) {
        const std::string line = lineOf(host);
        const std::string key = " accelerator.topograph.run/domain=";
        const std::size_t at = line.find(key);
        if (at == std::string::npos)
            return std::string();
        const std::size_t d = at + key.size();
        return line.substr(d, line.find(' ', d) - d);
    };
    QCOMPARE(domainOf("nvl001"), domainOf("nvl018"));
    QVERIFY(domainOf("nvl001") != domainOf("nvl019"));
    QVERIFY(!domainOf("nvl019").empty());
    // Every word of a command is a node name or key=value of the characters Kubernetes allows,
    // nothing a shell would read.
    const std::regex word("^[A-Za-z0-9._/=-]+$");
    for (const std::string &line : split(lineOf("nvl001"), ' '))
        QVERIFY2(std::regex_match(line, word) || line == "--overwrite", line.c_str());
    // topograph's model: every host in one block of a leaf.
    const std::string model = text(DocumentFormat::Topograph, p);
    QVERIFY(contains(model, "\nswitches:\n") && contains(model, "\nblocks:\n"));
    Names inBlocks;
    for (const std::string &line : split(model, '\n'))
        if (startsWith(line, "  - \"")) {
            const Names n = slurmExpand(line.substr(5, line.size() - 6));
            inBlocks.insert(inBlocks.end(), n.begin(), n.end());
        }
    std::sort(inBlocks.begin(), inBlocks.end());
    Names hosts = hostsOf(p);
    std::sort(hosts.begin(), hosts.end());
    QCOMPARE(inBlocks, hosts);

    // topograph sets the domain label on hosts that share an NVLink domain only: a DGX H100 is
    // a domain of one. Every value is quoted (a host named 0002 stays a string).
    const std::string dgx = text(DocumentFormat::K8sLabels, designs()[0].project);
    QCOMPARE(count(dgx, " accelerator.topograph.run/domain="), 0);
    QCOMPARE(count(dgx, " fabric.topograph.run/tier-0="), 4);
    // Label values stay within Kubernetes' 63 characters when long names are told apart.
    Project longNames = p;
    for (Domain &d : longNames.topology.domains)
        d.name = std::string(70, 'r');
    const std::string longLabels = text(DocumentFormat::K8sLabels, longNames);
    for (const std::string &line : split(longLabels, '\n'))
        if (startsWith(line, "kubectl "))
            for (const std::string &w : split(line, ' ')) {
                const std::size_t eq = w.find('=');
                if (eq != std::string::npos)
                    QVERIFY2(w.size() - eq - 1 <= 63, w.c_str());
            }
    QVERIFY(contains(longLabels, "=" + std::string(61, 'r') + "-2 "));

    // A fabric of one leaf: the leaf is a switch of the model, as topograph's loader needs every
    // block's switch to be; every node item one prefix[ranges], as topograph expands them.
    GeneratorOptions two;
    two.nodeModel = "dgx-h100";
    two.nodes = 2;
    two.fabric = FabricKind::FatTree;
    Project small = generated(two);
    small.hostNames = "dgx[001-002]-ib";
    const std::string one = text(DocumentFormat::Topograph, small);
    const std::regex item("^  - \"[^,\\[\\]\"]*(\\[[0-9,-]+\\])?\"$");
    std::string blockSwitch;
    for (const std::string &line : split(one, '\n')) {
        if (startsWith(line, "  - \""))
            QVERIFY2(std::regex_match(line, item), line.c_str());
        if (startsWith(line, "- switch: "))
            blockSwitch = line.substr(10);
    }
    QVERIFY(!blockSwitch.empty());
    QVERIFY2(contains(one, "\nswitches:\n  " + blockSwitch + ": {}\n"), one.c_str());
    QCOMPARE(count(one, "  - \"dgx00"), 2);
}

void tst_Documents::cablingPlan()
{
    const Project &p = designs()[0].project;
    const Names rows = split(trimmed(text(DocumentFormat::Cables, p)), '\n');
    QCOMPARE(rows[0], std::string("A-rack,A-U,A-node,A-type,A-port,Z-rack,Z-U,Z-node,Z-type,"
                                  "Z-port"));
    QCOMPARE(int(rows.size()) - 1, summaryOf(p).cables);
    std::set<std::string> ports;
    int hostRows = 0;
    const std::regex cageSplit("^[0-9]+/[12]$");
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const Names f = split(rows[i], ',');
        QCOMPARE(int(f.size()), 10);
        for (int end : {0, 5}) {
            QVERIFY2(ports.insert(f[end + 2] + ":" + f[end + 4]).second,
                     ("port used twice: " + rows[i]).c_str());
            QVERIFY(std::stoi(f[end + 1]) >= 1);
            if (startsWith(f[end + 3], "NVIDIA Quantum-2") || f[end + 3] == "QM9700")
                QVERIFY2(std::regex_match(f[end + 4], cageSplit), rows[i].c_str());
        }
        if (startsWith(f[4], "rail")) {
            ++hostRows;
            QVERIFY2(std::regex_match(f[9], cageSplit), rows[i].c_str());
        }
    }
    QCOMPARE(hostRows, 32);
    // The first host's first rail goes to the first port of its rail's leaf: cage 1, port 1.
    QVERIFY2(contains(rows[1], ",rail1,") && rows[1].substr(rows[1].size() - 4) == ",1/1",
             rows[1].c_str());
}

// NVIDIA's UFM Cable Validation Tool reads its P2P file by the column names of its user guide
// ("Topology Files > P2P File"): A-Node Name, A-Type Host or Switch, host ports numbered as
// CVT maps them to HCAs (1 is mlx5_0), switch ports as on the front panel; the cabling plan's
// own layout has none of these.
void tst_Documents::cableValidationToolP2p()
{
    const Project &p = designs()[0].project;
    const Names plan = split(trimmed(text(DocumentFormat::Cables, p)), '\n');
    const Names rows = split(trimmed(text(DocumentFormat::Cvt, p)), '\n');
    QCOMPARE(rows[0], std::string("A-Rack,A-U,A-Node Name,A-Type,A-Port,Z-Rack,Z-RU,Z-Node Name,"
                                  "Z-Type,Z-Port"));
    QVERIFY(!contains(plan[0], "Node Name") && !contains(plan[0], "Z-RU"));
    QCOMPARE(rows.size(), plan.size());
    int hosts = 0, switches = 0;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const Names f = split(rows[i], ',');
        const Names g = split(plan[i], ',');
        QCOMPARE(int(f.size()), 10);
        for (int end : {0, 5}) {
            // Racks, units and names as the cabling plan has them.
            QCOMPARE(f[end], g[end]);
            QCOMPARE(f[end + 1], g[end + 1]);
            QCOMPARE(f[end + 2], g[end + 2]);
            if (f[end + 3] == "Host") {
                ++hosts;
                // "rail3" in the plan is CVT's host port 3 (mlx5_2) on InfiniBand.
                QVERIFY2(startsWith(g[end + 4], "rail"), plan[i].c_str());
                QCOMPARE(f[end + 4], g[end + 4].substr(4));
            } else {
                QCOMPARE(f[end + 3], std::string("Switch"));
                ++switches;
                QCOMPARE(f[end + 4], g[end + 4]);
            }
        }
    }
    QCOMPARE(hosts, 32);
    QCOMPARE(hosts + switches, 2 * (int(rows.size()) - 1));
    QVERIFY(documentFormatFromName("cvt") == DocumentFormat::Cvt);
    QVERIFY(documentFormatForTarget(DocumentFormat::Cvt, "p2p.xlsx") == DocumentFormat::CvtXlsx);
    QVERIFY(startsWith(text(DocumentFormat::CvtXlsx, p), "PK"));
}

void tst_Documents::billOfMaterials()
{
    const Project &p = designs()[0].project;
    const std::string bom = text(DocumentFormat::Bom, p);
    QVERIFY(contains(bom, "\n# - The design places no racks"));
    std::map<std::string, long long> byCategory;
    for (const std::string &line : split(bom, '\n')) {
        if (line.empty() || line[0] == '#' || startsWith(line, "category,"))
            continue;
        // quantity, then unit_power_w, power_kw, unit_price and price (figures, no commas)
        std::string upToQuantity = line;
        for (int column = 0; column < 4; ++column)
            upToQuantity.resize(upToQuantity.rfind(','));
        byCategory[line.substr(0, line.find(','))]
                += std::stoll(upToQuantity.substr(upToQuantity.rfind(',') + 1));
    }
    const TopologySummary s = summaryOf(p);
    QCOMPARE(byCategory["servers"], 4LL);
    QCOMPARE(byCategory["switches"], (long long) (s.leaf + s.spine + s.core));
    QCOMPARE(byCategory["cables"], (long long) s.cables);
    // Used plus spare ports = every switch's radix (64 on QM9700).
    QCOMPARE(byCategory["ports"], 64LL * (s.leaf + s.spine + s.core));
    // 32 host cables: a DGX H100's 8 rails sit in 4 twin-port cages, so 16 NIC-end optics.
    QVERIFY2(contains(bom,
                      "transceivers,OSFP 2x400G twin-port (flat top) SR,NIC end,16,17,0.272,,\n"),
             bom.c_str());
    // Four DGX H100 fill one rack; the 18 trays of each NVL72 domain share one.
    QVERIFY(contains(bom, "racks,\"compute rack, 42U\",servers as the assumptions say,1,,,,\n"));
    QVERIFY(contains(text(DocumentFormat::Bom, designs()[1].project),
                     "racks,\"compute rack, 42U\",servers as the assumptions say,2,,,,\n"));
}

// Two scalable units: the totals, then a section per SU that holds one SU's share.
void tst_Documents::billOfMaterialsPerScalableUnit()
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 64;
    Expected<Project> p = generateProject(o);
    QVERIFY(p);
    const std::string bom = text(DocumentFormat::Bom, *p);
    QVERIFY(contains(bom, "\n# - Scalable units (SU): "));
    QVERIFY2(contains(bom, "\nservers,NVIDIA DGX H100 (dgx-h100),\"8 GPUs each, 512 GPUs\",64,"),
             bom.c_str());
    for (const char *su : {"SU leaf-su1 ", "SU leaf-su2 "}) {
        const std::string prefix = std::string("\n") + su;
        QVERIFY2(contains(bom, prefix
                                       + "servers,NVIDIA DGX H100 (dgx-h100),\"8 GPUs each, 256 "
                                         "GPUs\",32,"),
                 bom.c_str());
        QVERIFY(contains(bom, prefix + "switches,"));
        QVERIFY(contains(
                bom, prefix + "cables,\"multimode fibre (MMF), straight, <= 30 m\",\"host-leaf,"));
        QVERIFY(contains(bom,
                         prefix + "transceivers,OSFP 2x400G twin-port (flat top) SR,NIC end,128,"));
    }
    QVERIFY(!contains(bom, "SU leaf-su3 "));
}

void tst_Documents::drawioIsWellFormed_data()
{
    QTest::addColumn<int>("design");
    for (std::size_t d = 0; d < designs().size(); ++d)
        QTest::addRow("%s", designs()[d].name) << int(d);
}

void tst_Documents::drawioIsWellFormed()
{
    QFETCH(int, design);
    const Project &p = designs()[std::size_t(design)].project;
    QXmlStreamReader xml(QByteArray::fromStdString(text(DocumentFormat::Drawio, p)));
    std::set<QString> ids;
    std::vector<std::pair<QString, QString>> edges;
    std::vector<QString> parents;
    int objects = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const QXmlStreamAttributes attrs = xml.attributes();
        if (xml.name() == u"object") {
            ++objects;
            const QString id = attrs.value(QStringLiteral("id")).toString();
            QVERIFY2(ids.insert(id).second, qPrintable(id));
            QVERIFY(attrs.hasAttribute(QStringLiteral("label")));
        } else if (xml.name() == u"mxCell") {
            if (attrs.hasAttribute(QStringLiteral("id")))
                QVERIFY(ids.insert(attrs.value(QStringLiteral("id")).toString()).second);
            if (attrs.value(QStringLiteral("edge")) == u"1")
                edges.emplace_back(attrs.value(QStringLiteral("source")).toString(),
                                   attrs.value(QStringLiteral("target")).toString());
            if (attrs.hasAttribute(QStringLiteral("parent")))
                parents.push_back(attrs.value(QStringLiteral("parent")).toString());
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    const Topology &t = p.topology;
    QCOMPARE(objects, int(t.nodes.size() + t.switches.size() + t.domains.size() + t.links.size()));
    QCOMPARE(edges.size(), t.links.size());
    for (const auto &[source, target] : edges) {
        QVERIFY2(ids.count(source), qPrintable(source));
        QVERIFY2(ids.count(target), qPrintable(target));
    }
    for (const QString &parent : parents)
        QVERIFY2(ids.count(parent), qPrintable(parent));
}

void tst_Documents::dotParsesWithGraphviz_data()
{
    QTest::addColumn<int>("design");
    QTest::addColumn<int>("format");
    for (std::size_t d = 0; d < designs().size(); ++d) {
        QTest::addRow("%s plain", designs()[d].name) << int(d) << int(DocumentFormat::Dot);
        QTest::addRow("%s air", designs()[d].name) << int(d) << int(DocumentFormat::DotAir);
    }
}

void tst_Documents::dotParsesWithGraphviz()
{
    QFETCH(int, design);
    QFETCH(int, format);
    const QString dot = QStandardPaths::findExecutable(QStringLiteral("dot"));
    if (dot.isEmpty())
        QSKIP("Graphviz `dot` is not installed (packaging/install-deps.sh installs it)");
    const Project &p = designs()[std::size_t(design)].project;
    const QByteArray source = QByteArray::fromStdString(text(DocumentFormat(format), p));
    auto run = [&](const char *output) {
        QProcess proc;
        proc.start(dot, {QString::fromLatin1(output)});
        proc.waitForStarted();
        proc.write(source);
        proc.closeWriteChannel();
        proc.waitForFinished(120000);
        // Graphviz knows ports only of record and HTML-label nodes and warns about the rest;
        // NVIDIA Air reads them as interface names. Any other message is a parse problem.
        std::string errors;
        for (const std::string &line : split(proc.readAllStandardError().toStdString(), '\n'))
            if (!line.empty()
                && !std::regex_match(line, std::regex("Warning: node .*, port .* unrecognized")))
                errors += line + "\n";
        if (proc.exitCode() != 0)
            errors += "exit code " + std::to_string(proc.exitCode());
        return std::make_pair(errors, proc.readAllStandardOutput().toStdString());
    };
    // -Tcanon parses the graph and writes it back: every edge, node and port survives.
    const auto [errors, canon] = run("-Tcanon");
    QVERIFY2(errors.empty(), errors.c_str());
    const int edges = count(canon, " -- ");
    if (DocumentFormat(format) == DocumentFormat::Dot) {
        QCOMPARE(edges, int(p.topology.links.size()));
        const auto [svgErrors, svg] = run("-Tsvg");
        QVERIFY2(svgErrors.empty(), svgErrors.c_str());
        QVERIFY(contains(svg, "<svg"));
    } else {
        QCOMPARE(edges, summaryOf(p).cables);
        QVERIFY(std::regex_search(canon, std::regex(":\"?eth1\"? -- ")));
    }
}

void tst_Documents::badHostNamesAreRefused()
{
    Project p = designs()[0].project;
    p.topology.nodes[1].name = "dgx 002";
    Expected<std::string> r = slurmTreeConf(p, Catalog::builtin());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().where, std::string("/topology/nodes/1/name"));
    p.topology.nodes[1].name = p.topology.nodes[0].name;
    r = cablingCsv(p, Catalog::builtin());
    QVERIFY(!r.ok());
    QVERIFY(contains(r.error().message, "two hosts"));
    // A pattern gives every host a name again.
    p.hostNames = "gpu[1-4]";
    QVERIFY(slurmTreeConf(p, Catalog::builtin()).ok());
    // Kubernetes wants lower case.
    p.hostNames = "GPU[1-4]";
    r = k8sNodeLabels(p, Catalog::builtin());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().where, std::string("/hostNames"));
    // A host without a fabric cable has no leaf for Slurm's tree, but blocks are fine.
    Project lone = designs()[0].project;
    lone.topology.nodes.push_back({"node-x", "dgx-x", "dgx-h100", {}});
    r = slurmTreeConf(lone, Catalog::builtin());
    QVERIFY(!r.ok());
    QVERIFY2(contains(r.error().message, "dgx-x"), r.error().message.c_str());
    r = slurmBlockConf(lone, Catalog::builtin());
    QVERIFY(r.ok());
    // Without the tree, the blocks stay in design order, and the file says so.
    QVERIFY2(contains(*r, "in design order (a host has no cable to the fabric)"), r->c_str());
    QCOMPARE(r->rfind("BlockName="), r->find("BlockName=dgx-x ")); // the last server placed
}

void tst_Documents::formatsByNameAndSuffix()
{
    QVERIFY(documentFormatFromName("slurm-tree") == DocumentFormat::SlurmTree);
    QVERIFY(documentFormatFromName("dot-air") == DocumentFormat::DotAir);
    QVERIFY(!documentFormatFromName("svg"));
    QVERIFY(documentFormatForFile("a/b.DRAWIO") == DocumentFormat::Drawio);
    QVERIFY(documentFormatForFile("x.dot") == DocumentFormat::Dot);
    QVERIFY(!documentFormatForFile("bom.csv")); // bom or cables: ambiguous
    QVERIFY(!documentFormatForFile("topology.conf"));
    QVERIFY(!documentFormatForFile("dir.dot/file"));
    QVERIFY(documentFormatFromName("cables-xlsx") == DocumentFormat::CablesXlsx);
    QVERIFY(!documentFormatForFile("plan.xlsx")); // bom or cables: ambiguous
    QVERIFY(documentFormatForTarget(DocumentFormat::Bom, "a/BOM.XLSX") == DocumentFormat::BomXlsx);
    QVERIFY(documentFormatForTarget(DocumentFormat::Cables, "p.xlsx")
            == DocumentFormat::CablesXlsx);
    QVERIFY(documentFormatForTarget(DocumentFormat::Cables, "p.csv") == DocumentFormat::Cables);
    QVERIFY(documentFormatForTarget(DocumentFormat::Dot, "p.xlsx") == DocumentFormat::Dot);
}

// The workbooks read back with unzip: the sheet's rows are the CSV's, numbers as numbers.
void tst_Documents::workbooksHoldTheCsvRows()
{
    const QString unzip = QStandardPaths::findExecutable(QStringLiteral("unzip"));
    if (unzip.isEmpty())
        QSKIP("unzip is not installed");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto member = [&](const std::string &bytes, const char *name) {
        const QString path = dir.filePath(QStringLiteral("book.xlsx"));
        std::ofstream(path.toStdString(), std::ios::binary) << bytes;
        QProcess unzipProcess;
        unzipProcess.start(unzip, {QStringLiteral("-p"), path, QString::fromLatin1(name)});
        unzipProcess.waitForFinished();
        return unzipProcess.readAllStandardOutput().toStdString();
    };
    auto count = [](const std::string &s, const std::string &what) {
        std::size_t n = 0;
        for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1))
            ++n;
        return n;
    };
    const Project &p = designs()[0].project;

    const std::string cables = text(DocumentFormat::CablesXlsx, p);
    QVERIFY(startsWith(cables, "PK")); // a zip archive
    QVERIFY(contains(member(cables, "xl/workbook.xml"), "name=\"Cabling plan\""));
    const std::string sheet = member(cables, "xl/worksheets/sheet1.xml");
    const std::string csv = text(DocumentFormat::Cables, p);
    QCOMPARE(count(sheet, "<row "), std::size_t(std::count(csv.begin(), csv.end(), '\n')));
    QVERIFY2(contains(sheet, "<t>A-rack</t>") && contains(sheet, "<t>Z-port</t>"),
             sheet.substr(0, 2000).c_str());
    QVERIFY(contains(sheet, "<t>rail1</t>") && contains(sheet, "<t>1/1</t>"));
    QVERIFY(contains(member(cables, "xl/worksheets/sheet2.xml"), "The design places no racks"));

    const std::string bom = text(DocumentFormat::BomXlsx, p);
    const std::string bomSheet = member(bom, "xl/worksheets/sheet1.xml");
    QVERIFY(contains(member(bom, "xl/workbook.xml"), "name=\"Bill of materials\""));
    // The 16 NIC-end transceivers of billOfMaterials(): a number cell, not text.
    QVERIFY2(contains(bomSheet, "<t>NIC end</t></is></c><c r=\"D"), bomSheet.c_str());
    QVERIFY(contains(bomSheet, "<v>16</v>"));
    QVERIFY(contains(member(bom, "xl/worksheets/sheet2.xml"), "twin-port cage"));
}

QTEST_GUILESS_MAIN(tst_Documents)
#include "tst_documents.moc"
