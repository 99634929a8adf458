// Untrusted files and options: every byte sequence and every option value gives a clear
// error, never an abort, a hang or an exhausted memory; nothing that is not ours is replaced.
#include "cli/cli.h"
#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "engine/io/projectsalvage.h"
#include "engine/model/workload.h"
#include "engine/plan/placement.h"
#include "tests/engine/clirun.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <fstream>
#include <limits>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace topoplan;

namespace {

using Run = fixtures::CliRun;

Run runCli(const std::vector<std::string> &args)
{
    return fixtures::runCli(args);
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string dataPath(const std::string &name)
{
    return std::string(TOPOPLAN_SOURCE_DIR) + "tests/data/projects/" + name;
}

void writeFile(const std::string &path, const std::string &content)
{
    std::ofstream f(path, std::ios::binary);
    f << content;
}

std::string readFile(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

bool validUtf8(const std::string &s)
{
    try {
        (void) Json(s).dump();
        return true;
    } catch (const Json::exception &) {
        return false;
    }
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System
                               | QDir::NoDotAndDotDot);
}

} // namespace

class tst_Untrusted : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void invalidUtf8IsReportedNotThrown();
    void fileNameThatIsNotUtf8();
    void quotingCutsOnACharacterBoundary();
    void deepNestingIsRefusedWhileParsing();
    void wideObjectsParseInLinearTime();
    void duplicateMembersAreRefusedWithTheirPath();
    void longUnknownIdsGetABoundedHint();
    void integersAreRangeChecked_data();
    void integersAreRangeChecked();
    void catalogEntriesRefuseUnknownMembers();
    void planDegreesCannotWrapAround();
    void planSpecsAreStrict();
    void nonFiniteNumbersAreNeverWritten();
    void brokenFilesListEveryProblemAndKeepTheRest();
    void layoutCoordinatesAreBounded();
    void nonRegularInputsAreRefused();
    void inputSizeIsCapped();
    void outputFollowsSymlinks();
    void outputWritesThroughFifos();
    void failedWriteLeavesNoTemporaryFile();
    void namesThatWouldBecomeCode_data();
    void namesThatWouldBecomeCode();
    void markupInNamesStaysText();
    void outputsNeverReplaceInputs_data();
    void outputsNeverReplaceInputs();
    void savedVariantsNeverReplaceInputs();
    void analyzeJsonWithoutAPlanStillWritesJson();
};

void tst_Untrusted::invalidUtf8IsReportedNotThrown()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("x.topoplan")).toStdString();
    writeFile(path, "\x80");
    Run r = runCli({"validate", path, "--json"});
    QCOMPARE(r.code, 1);
    QVERIFY(validUtf8(r.out));
    QVERIFY(Json::parse(r.out).at("valid") == false);
    // A string value with invalid bytes, quoted in a message.
    writeFile(path, "{\"format\": \"ab\xff\xfe\"}");
    r = runCli({"validate", path, "--json"});
    QCOMPARE(r.code, 1);
    QVERIFY(validUtf8(r.out));
    QVERIFY2(validUtf8(r.err), r.err.c_str());
    QVERIFY2(r.err.find("line 1") != std::string::npos, r.err.c_str());
}

void tst_Untrusted::fileNameThatIsNotUtf8()
{
    QTemporaryDir dir;
    const std::string path = dir.path().toStdString() + "/n\xff.topoplan";
    writeFile(path, "{}");
    Run r = runCli({"validate", path, "--json"});
    QCOMPARE(r.code, 1);
    QVERIFY(validUtf8(r.out));
    QCOMPARE(Json::parse(r.out).at("valid"), Json(false));
    ::unlink(path.c_str());
}

void tst_Untrusted::quotingCutsOnACharacterBoundary()
{
    std::string e31;
    for (int i = 0; i < 31; ++i)
        e31 += "\xc3\xa9"; // é
    for (std::size_t limit = 1; limit < 70; ++limit)
        QVERIFY2(validUtf8(quoteText(e31, limit)), std::to_string(limit).c_str());
    QVERIFY(validUtf8(quoteText("\xe2\x82", 60)));     // a truncated character
    QVERIFY(validUtf8(quoteText("\xed\xa0\x80", 60))); // a surrogate
    QVERIFY(validUtf8(quoteText("\xc0\xaf", 60)));     // overlong
    QCOMPARE(quoteText("abc"), std::string("\"abc\""));
    QCOMPARE(quoteText("abcdef", 3), std::string("\"abc...\""));

    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("e.topoplan")).toStdString();
    writeFile(path, "{\"format\":\"" + e31 + "\"}");
    for (const char *verb : {"validate", "analyze", "plan"}) {
        Run r = runCli({verb, path, "--json"});
        QCOMPARE(r.code, 1);
        QVERIFY2(validUtf8(r.out), verb);
        QVERIFY2(validUtf8(r.err), verb);
    }
}

void tst_Untrusted::deepNestingIsRefusedWhileParsing()
{
    // 65,000 levels then a sibling member: used to overflow the stack.
    const int levels = 65000;
    std::string text;
    for (int i = 0; i < levels; ++i)
        text += "{\"a\":";
    text += "1";
    for (int i = 0; i < levels; ++i)
        text += "}";
    text.insert(text.size() - 1, ",\"b\":2");
    Expected<Json> j = parseJson(text, "deep.topoplan");
    QVERIFY(!j);
    QVERIFY2(j.error().message.find(std::to_string(kMaxJsonDepth)) != std::string::npos,
             j.error().message.c_str());
    // Arrays too; and exactly the limit is fine.
    Expected<Json> arrays = parseJson(std::string(levels, '['), "deep.json");
    QVERIFY(!arrays);
    std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
    QVERIFY(parseJson(ok, "ok.json").ok());
    std::string over = "[" + ok + "]";
    QVERIFY(!parseJson(over, "over.json").ok());
}

void tst_Untrusted::wideObjectsParseInLinearTime()
{
    std::string text = "{";
    for (int i = 0; i < 200000; ++i)
        text += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
    text += "}";
    QElapsedTimer t;
    t.start();
    Expected<Json> j = parseJson(text, "wide.json");
    QVERIFY(j.ok());
    QCOMPARE(j->size(), std::size_t(200000));
    // Order is kept.
    QCOMPARE(j->begin().key(), std::string("k0"));
    QCOMPARE((--j->end()).key(), std::string("k199999"));
    // The old quadratic parse took minutes for this; linear takes well under a second.
    QVERIFY2(t.elapsed() < 5000, std::to_string(t.elapsed()).c_str());
}

void tst_Untrusted::duplicateMembersAreRefusedWithTheirPath()
{
    Expected<Json> j = parseJson(
            R"({"topology": {"nodes": [{"id": "a"}, {"id": "b", "id": "c"}]}})", "dup.topoplan");
    QVERIFY(!j);
    QCOMPARE(j.error().where, std::string("/topology/nodes/1/id"));
    QVERIFY(j.error().message.find("twice") != std::string::npos);

    Expected<Project> p = loadProject(dataPath("minimal.topoplan"));
    QVERIFY(p.ok());
    std::string text = readFile(dataPath("minimal.topoplan"));
    // A second, empty "topology" used to replace the full one silently.
    text.insert(text.rfind('}'), ", \"topology\": {}");
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("dup.topoplan")).toStdString();
    writeFile(path, text);
    Expected<Project> dup = loadProject(path);
    QVERIFY(!dup);
    QCOMPARE(dup.error().where, std::string("/topology"));
}

void tst_Untrusted::longUnknownIdsGetABoundedHint()
{
    std::string text = readFile(dataPath("minimal.topoplan"));
    const std::string model = "\"model\": \"";
    auto at = text.find(model);
    QVERIFY(at != std::string::npos);
    at += model.size();
    text.replace(at, text.find('"', at) - at, std::string(100000, 'x'));
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("long.topoplan")).toStdString();
    writeFile(path, text);
    QElapsedTimer t;
    t.start();
    Expected<Project> p = loadProject(path);
    QVERIFY(!p);
    QVERIFY2(t.elapsed() < 2000, std::to_string(t.elapsed()).c_str());
    // The message quotes a bounded part of the id.
    QVERIFY(p.error().message.size() < 1000);
}

namespace {

// minimal.topoplan with `from` replaced by `to` once, loaded.
Expected<Project> loadPatched(const std::string &from, const std::string &to)
{
    std::string text = readFile(dataPath("minimal.topoplan"));
    auto at = text.find(from);
    if (at == std::string::npos)
        qFatal("%s not in minimal.topoplan", from.c_str());
    text.replace(at, from.size(), to);
    static QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("patched.topoplan")).toStdString();
    writeFile(path, text);
    return loadProject(path);
}

} // namespace

void tst_Untrusted::integersAreRangeChecked_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    // 2^32 + 8 used to be read as 8, 2^63 as a negative number, and -5 NVSwitches passed.
    QTest::newRow("nics 2^32+8") << "\"nics\": 4"
                                 << "\"nics\": 4294967304"
                                 << "/catalog/servers/0/nics"
                                 << "from 0 to 1152";
    QTest::newRow("nics 2^63") << "\"nics\": 4"
                               << "\"nics\": 9223372036854775808"
                               << "/catalog/servers/0/nics"
                               << "too large";
    QTest::newRow("nvswitches -5") << "\"nics\": 4"
                                   << "\"nics\": 4, \"nvswitches\": -5"
                                   << "/catalog/servers/0/nvswitches"
                                   << "from 0 to 144";
    QTest::newRow("gpus 4000") << "\"gpus\": 4"
                               << "\"gpus\": 4000"
                               << "/catalog/servers/0/gpus"
                               << "up to 576";
    QTest::newRow("cables 1e8") << "\"count\": 1"
                                << "\"count\": 100000000"
                                << "/topology/links/1/count"
                                << "up to 2048";
    QTest::newRow("tp 2^32") << "\"tp\": 4"
                             << "\"tp\": 4294967296"
                             << "/plan/tp"
                             << "up to 1000000";
    QTest::newRow("port 2^32") << "\"port\": 1}"
                               << "\"port\": 4294967297}"
                               << "/topology/links/1/a/port"
                               << "";
}

void tst_Untrusted::integersAreRangeChecked()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Expected<Project> p = loadPatched(from.toStdString(), to.toStdString());
    QVERIFY2(!p, "accepted");
    QVERIFY2(p.error().file.find("patched.topoplan") != std::string::npos,
             p.error().text().c_str());
    QCOMPARE(q(p.error().where), where);
    QVERIFY2(q(p.error().message).contains(message), p.error().message.c_str());
}

void tst_Untrusted::catalogEntriesRefuseUnknownMembers()
{
    Expected<Project> p = loadPatched("\"nics\": 4", "\"nics\": 4, \"efficency\": 0.5");
    QVERIFY(!p);
    QCOMPARE(p.error().where, std::string("/catalog/servers/0/efficency"));
    QVERIFY2(p.error().message.find("unknown member \"efficency\"") != std::string::npos,
             p.error().message.c_str());
}

void tst_Untrusted::planDegreesCannotWrapAround()
{
    // 247385 x 384773 x 48448661 x 8 = 2^64 x 2 + 8: wraps around to exactly 8 in 64 bits,
    // and used to pass as a plan for 8 GPUs.
    Workload w = *workloadPreset("llama3-8b");
    Plan p;
    p.tp = 247385;
    p.cp = 384773;
    p.pp = 48448661;
    p.dp = 8;
    std::optional<Error> e = validatePlan(p, w, 8);
    QVERIFY(e.has_value());
    QCOMPARE(e->where, std::string("/plan"));
    QVERIFY2(e->message.find("far more than") != std::string::npos, e->message.c_str());
    Expected<Plan> r = resolvePlan(Plan{1'000'000, 1'000'000, 0, 1'000'000, 1, p.order}, 8);
    QVERIFY(!r);
}

void tst_Untrusted::planSpecsAreStrict()
{
    for (const char *spec :
         {"", "tp=8,tp=4", ",", "tp=8,", "tp=8,,pp=2", "tp=+8", " tp=8", "tp=8 ", "tp= 8",
          "order=tp-cp-ep-dp-pp-", "order=-tp-cp-ep-dp-pp", "tp=99999999999999999999"})
        QVERIFY2(!planFromSpec(spec), spec);
    QVERIFY(planFromSpec("tp=8,pp=2,order=tp-cp-ep-dp-pp").ok());
}

void tst_Untrusted::nonFiniteNumbersAreNeverWritten()
{
    const double inf = std::numeric_limits<double>::infinity();
    Json j = {{"a", std::nan("")},
              {"b", Json::array({1.5, -inf})},
              {"c", {{"d/e", inf}, {"f", 2}}},
              {"g", "kept"}};
    const std::string text = dumpJson(j, 2);
    QVERIFY2(text.find("null") != std::string::npos, text.c_str()); // only the array slot
    const Json back = Json::parse(text);
    QVERIFY(!back.contains("a"));
    QVERIFY(back["b"][1].is_null());
    QCOMPARE(back["b"][0].get<double>(), 1.5);
    QVERIFY(!back["c"].contains("d/e"));
    QCOMPARE(back["c"]["f"].get<int>(), 2);
    QCOMPARE(back["g"].get<std::string>(), std::string("kept"));
    std::vector<std::string> paths;
    for (const Json &o : back["omitted"]) {
        paths.push_back(o["path"].get<std::string>());
        QVERIFY(!o["reason"].get<std::string>().empty());
    }
    std::sort(paths.begin(), paths.end());
    QCOMPARE(paths, (std::vector<std::string>{"/a", "/b/1", "/c/d~1e"}));
    // jsonNumber() rounds what is finite and keeps what is not for the writer to leave out.
    QCOMPARE(jsonNumber(369.00000000000006, 1).get<double>(), 369.0);
    QVERIFY(std::isnan(jsonNumber(std::nan(""), 1).get<double>()));
    // Nothing to leave out: the text is what nlohmann writes, with no "omitted".
    QVERIFY(dumpJson(Json{{"x", 1}}).find("omitted") == std::string::npos);
}

void tst_Untrusted::brokenFilesListEveryProblemAndKeepTheRest()
{
    GeneratorOptions o;
    o.nodes = 3;
    Json doc = projectToJson(*generateProject(o));
    const std::string node1 = doc["topology"]["nodes"][1]["id"];
    doc["topology"]["nodes"][1]["model"] = "dgx-h999";
    doc["workload"]["zzz"] = 1;
    doc["layout"]["items"]["ghost"] = {{"x", 1}, {"y", 2}};
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("broken.topoplan")).toStdString();
    writeFile(path, dumpJson(doc, 2));
    QVERIFY(!loadProject(path));

    const SalvagedProject s = salvageProject(path);
    std::vector<std::string> where;
    for (const Error &e : s.problems) {
        QCOMPARE(e.file, path);
        where.push_back(e.where);
    }
    std::sort(where.begin(), where.end());
    QCOMPARE(where, (std::vector<std::string>{"/layout/items/ghost", "/topology/nodes/1/model",
                                              "/workload/zzz"}));
    QVERIFY(s.project.has_value());
    QCOMPARE(s.project->topology.nodes.size(), std::size_t(2));
    for (const Link &l : s.project->topology.links)
        QVERIFY(l.a.device != node1 && l.b.device != node1);
    QVERIFY(!s.leftOut.empty());
    // What is read is a valid project: it saves and loads as it is.
    const std::string again = dir.filePath(QStringLiteral("again.topoplan")).toStdString();
    QVERIFY(!saveProject(*s.project, again));
    QVERIFY(loadProject(again).ok());

    // Nothing to read: not JSON, or not a project.
    writeFile(path, "{ oops");
    SalvagedProject none = salvageProject(path);
    QCOMPARE(none.problems.size(), std::size_t(1));
    QVERIFY(!none.project);
    writeFile(path, R"({"format": "something-else", "version": 1})");
    none = salvageProject(path);
    QCOMPARE(none.problems.size(), std::size_t(1));
    QCOMPARE(none.problems[0].where, std::string("/format"));
    QVERIFY(!none.project);
}

void tst_Untrusted::layoutCoordinatesAreBounded()
{
    Expected<Project> p = loadPatched("\"x\": 1e2", "\"x\": 1e308");
    QVERIFY(!p);
    QCOMPARE(p.error().where, std::string("/layout/items/n1/x"));
    QVERIFY(loadPatched("\"x\": 1e2", "\"x\": -1e7").ok());
    QVERIFY(!loadPatched("\"w\": 0", "\"w\": 1e300").ok());
}

void tst_Untrusted::nonRegularInputsAreRefused()
{
    QTemporaryDir dir;
    const std::string fifo = dir.filePath(QStringLiteral("fifo")).toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    QElapsedTimer t;
    t.start();
    for (const std::string &path : {fifo, std::string("/dev/zero"), dir.path().toStdString()}) {
        Expected<std::string> text = readTextFile(path);
        QVERIFY2(!text, path.c_str());
        Run r = runCli({"validate", path});
        QCOMPARE(r.code, 1);
    }
    QVERIFY(t.elapsed() < 5000);
}

void tst_Untrusted::inputSizeIsCapped()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("big.topoplan")).toStdString();
    writeFile(path, std::string(2000, ' ') + "{}");
    QVERIFY(readTextFile(path).ok());
    qputenv("TOPOPLAN_MAX_INPUT_BYTES", "1000");
    Expected<std::string> text = readTextFile(path);
    qunsetenv("TOPOPLAN_MAX_INPUT_BYTES");
    QVERIFY(!text);
    QVERIFY(text.error().message.find("1000") != std::string::npos);
    QCOMPARE(maxInputBytes(), kDefaultMaxInputBytes);
}

void tst_Untrusted::outputFollowsSymlinks()
{
    QTemporaryDir dir;
    const std::string target = dir.filePath(QStringLiteral("target.txt")).toStdString();
    const std::string link = dir.filePath(QStringLiteral("link.txt")).toStdString();
    writeFile(target, "old");
    QCOMPARE(::symlink("target.txt", link.c_str()), 0);
    QVERIFY(!writeFileAtomically(link, "new"));
    struct stat st
    {};
    QCOMPARE(::lstat(link.c_str(), &st), 0);
    QVERIFY(S_ISLNK(st.st_mode));
    QCOMPARE(readFile(target), std::string("new"));
    QCOMPARE(entries(dir.path()),
             QStringList({QStringLiteral("link.txt"), QStringLiteral("target.txt")}));
    // A link to a file that does not exist yet creates it.
    const std::string dangling = dir.filePath(QStringLiteral("dangling")).toStdString();
    QCOMPARE(::symlink("made.txt", dangling.c_str()), 0);
    QVERIFY(!writeFileAtomically(dangling, "made"));
    QCOMPARE(readFile(dir.filePath(QStringLiteral("made.txt")).toStdString()), std::string("made"));
}

void tst_Untrusted::outputWritesThroughFifos()
{
    QTemporaryDir dir;
    const std::string fifo = dir.filePath(QStringLiteral("out.fifo")).toStdString();
    QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = readFile(fifo); });
    QVERIFY(!writeFileAtomically(fifo, "through"));
    reader.join();
    QCOMPARE(got, std::string("through"));
    struct stat st
    {};
    QCOMPARE(::lstat(fifo.c_str(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
    // A character device: /dev/null stays a device.
    QVERIFY(!writeFileAtomically("/dev/null", "nothing"));
    QCOMPARE(::stat("/dev/null", &st), 0);
    QVERIFY(S_ISCHR(st.st_mode));
    QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("out.fifo")}));
}

void tst_Untrusted::failedWriteLeavesNoTemporaryFile()
{
    QTemporaryDir dir;
    // Onto a directory: refused, nothing left.
    const std::string sub = dir.filePath(QStringLiteral("sub")).toStdString();
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("sub")));
    QVERIFY(writeFileAtomically(sub, "x").has_value());
    QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("sub")}));
    // A write that fails for want of space (a file size limit) leaves nothing either.
    if (QFile::exists(QStringLiteral("/dev/full"))) {
        const std::string path = dir.filePath(QStringLiteral("full.txt")).toStdString();
        struct rlimit old
        {};
        ::getrlimit(RLIMIT_FSIZE, &old);
        struct rlimit small = old;
        small.rlim_cur = 16;
        std::signal(SIGXFSZ, SIG_IGN);
        ::setrlimit(RLIMIT_FSIZE, &small);
        std::optional<Error> e = writeFileAtomically(path, std::string(4096, 'x'));
        ::setrlimit(RLIMIT_FSIZE, &old);
        QVERIFY(e.has_value());
        QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("sub")}));
    }
    // A write interrupted by the end of the process (here SIGXFSZ, as a kill would) leaves
    // nothing: the data is not given a name until it is complete.
    const std::string path = dir.filePath(QStringLiteral("killed.txt")).toStdString();
    pid_t child = ::fork();
    if (child == 0) {
        struct rlimit small
        {
            16, 16
        };
        std::signal(SIGXFSZ, SIG_DFL);
        ::setrlimit(RLIMIT_FSIZE, &small);
        (void) writeFileAtomically(path, std::string(1 << 20, 'x'));
        ::_exit(0);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("sub")}));
}

// A name with a line break would write lines of its own into Slurm's topology.conf and
// documents into a YAML file; a megabyte name fits no document. The rule of names (naming.h)
// refuses them where a project is loaded, generated or imported, naming the place and the
// character; a document is never written from one.
void tst_Untrusted::namesThatWouldBecomeCode_data()
{
    QTest::addColumn<QString>("path"); // JSON pointer of the name in the minimal project
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("message");
    QTest::newRow("project name, line break")
            << "/name"
            << "su\nSwitchName=evil Switches=x"
            << "/name: the project name \"su\\nSwitchName=evil Switches=x\" holds a line break "
               "(U+000A) at character 3: a name is one line of text";
    QTest::newRow("node name, line break") << "/topology/nodes/0/name"
                                           << "dgx\n---\nkind: Secret"
                                           << "/topology/nodes/0/name: the node name";
    QTest::newRow("switch name, escape") << "/topology/switches/0/name"
                                         << "leaf\x1b[2J"
                                         << "holds an escape (U+001B)";
    QTest::newRow("project name, a megabyte") << "/name" << QString(1 << 20, QLatin1Char('x'))
                                              << "is 1048576 bytes long: a name is at most 256";
    QTest::newRow("revision, line separator")
            << "/revision" << QString::fromUtf8("B\u2028C") << "a line separator (U+2028)";
}

void tst_Untrusted::namesThatWouldBecomeCode()
{
    QFETCH(QString, path);
    QFETCH(QString, name);
    QFETCH(QString, message);
    Expected<Json> doc = parseJson(readFile(dataPath("h100-su.topoplan")), "su");
    QVERIFY(doc);
    (*doc)[Json::json_pointer(path.toStdString())] = name.toStdString();
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("named.topoplan")).toStdString();
    writeFile(file, doc->dump());
    // Loaded: refused with the place and the character.
    const Run validate = runCli({"validate", file});
    QCOMPARE(validate.code, 1);
    QVERIFY2(q(validate.err).contains(message), validate.err.c_str());
    QVERIFY2(!q(validate.err).contains(QLatin1Char('\n'))
                     || validate.err.find('\n') == validate.err.size() - 1,
             validate.err.c_str());
    // A project made in memory with the name writes no document.
    Expected<Project> p = loadProject(dataPath("h100-su.topoplan"));
    QVERIFY(p);
    const std::string bad = name.toStdString();
    if (path == u"/name")
        p->name = bad;
    else if (path == u"/revision")
        p->revision = bad;
    else if (path.contains(QStringLiteral("nodes")))
        p->topology.nodes[0].name = bad;
    else
        p->topology.switches[0].name = bad;
    for (DocumentFormat f : {DocumentFormat::SlurmTree, DocumentFormat::K8sLabels,
                             DocumentFormat::Cables, DocumentFormat::Dot}) {
        Expected<std::string> text = writeDocument(f, *p, Catalog::builtin());
        QVERIFY(!text);
        QCOMPARE(q(text.error().where), path);
    }
    // Generated: the same rule for --name.
    if (path == u"/name") {
        const std::string out = dir.filePath(QStringLiteral("gen.topoplan")).toStdString();
        const Run g = runCli(
                {"generate", "--node", "dgx-h100", "--nodes", "4", "--name", bad, "-o", out});
        QCOMPARE(g.code, 2);
        QVERIFY2(q(g.err).contains(message.mid(message.indexOf(QLatin1Char(' ')) + 1).left(30)),
                 g.err.c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(out)));
    }
}

// Markup is a name like any other: every format writes it as text of its own kind.
void tst_Untrusted::markupInNamesStaysText()
{
    Expected<Project> p = loadProject(dataPath("h100-su.topoplan"));
    QVERIFY(p);
    const std::string markup = "</title><script>alert(1)</script><img src=x onerror=alert(2)>";
    p->name = markup;
    p->topology.switches[0].name = markup;
    p->topology.switches[1].name = "leaf\"];evil[\"";
    // draw.io renders its labels as HTML (html=1): escaped as HTML, then as the attribute.
    Expected<std::string> drawio = writeDocument(DocumentFormat::Drawio, *p, Catalog::builtin());
    QVERIFY2(drawio, drawio ? "" : drawio.error().text().c_str());
    QVERIFY(!q(*drawio).contains(QStringLiteral("<script")));
    QVERIFY2(q(*drawio).contains(QStringLiteral("label=\"&amp;lt;/title&amp;gt;&amp;lt;script")),
             drawio->substr(0, 3000).c_str());
    // DOT: inside its double quotes, the quote escaped.
    Expected<std::string> dot = writeDocument(DocumentFormat::Dot, *p, Catalog::builtin());
    QVERIFY2(dot, dot ? "" : dot.error().text().c_str());
    QVERIFY2(q(*dot).contains(QStringLiteral("label=\"leaf\\\"];evil[\\\"\\n")), dot->c_str());
    // The InfiniBand tools' format cannot quote a '"': refused with the name and the character.
    Expected<Project> quoted = loadProject(dataPath("h100-su.topoplan"));
    QVERIFY(quoted);
    quoted->topology.switches[0].name = "leaf \"1\"";
    Expected<std::string> ib
            = writeDocument(DocumentFormat::Ibnetdiscover, *quoted, Catalog::builtin());
    QVERIFY(!ib);
    QCOMPARE(ib.error().where, std::string("/topology/switches/0/name"));
    QVERIFY2(q(ib.error().message).contains(QStringLiteral("holds '\"'")),
             ib.error().message.c_str());
}

// -o that resolves to one of the verb's inputs, through a link or not, is refused with exit 2
// and the input is left as it was; a link that dangles or loops is refused, not replaced.
void tst_Untrusted::outputsNeverReplaceInputs_data()
{
    QTest::addColumn<QString>("verb");
    QTest::addColumn<QString>("output"); // input, link, dangling, loop
    QTest::addColumn<QString>("message");
    for (const char *verb : {"import", "generate"}) {
        QTest::addRow("%s -o the input", verb) << verb << "input"
                                               << "writing it would replace what is being read";
        QTest::addRow("%s -o a link to the input", verb)
                << verb << "link"
                << "writing it would replace what is being read";
        QTest::addRow("%s -o a dangling link", verb)
                << verb << "dangling"
                << "which does not exist: not a file to replace";
        QTest::addRow("%s -o a looping link", verb) << verb << "loop"
                                                    << "is a symbolic link that loops";
    }
}

void tst_Untrusted::outputsNeverReplaceInputs()
{
    QFETCH(QString, verb);
    QFETCH(QString, output);
    QFETCH(QString, message);
    QTemporaryDir dir;
    auto at = [&](const char *name) {
        return dir.filePath(QString::fromLatin1(name)).toStdString();
    };
    // import reads a fabric dump; generate --catalog reads a hardware file.
    const std::string input = at("input");
    const std::string source
            = verb == u"import"
                      ? std::string(TOPOPLAN_SOURCE_DIR
                                    "tests/data/fixtures/ibnetdiscover/superpod-h100-ndr.out")
                      : std::string(TOPOPLAN_SOURCE_DIR "docs/examples/jean-zay-a100.json");
    const std::string original = readFile(source);
    writeFile(input, original);
    QCOMPARE(::symlink(input.c_str(), at("link").c_str()), 0);
    QCOMPARE(::symlink(at("nowhere").c_str(), at("dangling").c_str()), 0);
    QCOMPARE(::symlink(at("loop").c_str(), at("loop").c_str()), 0);
    const std::string out = at(output.toLatin1().constData());
    const Run r = verb == u"import"
                          ? runCli({"import", input, "-o", out})
                          : runCli({"generate", "--catalog", input, "--node", "jean-zay-a100",
                                    "--nodes", "8", "--leaf", "opa-edge-48", "-o", out});
    QCOMPARE(r.code, 2);
    QVERIFY2(q(r.err).contains(message), r.err.c_str());
    QCOMPARE(readFile(input), original);
    struct stat st
    {};
    QCOMPARE(::lstat(out.c_str(), &st), 0);
    QVERIFY(output == u"input" ? S_ISREG(st.st_mode) : S_ISLNK(st.st_mode));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("nowhere"))));
}

// explore --save-variants names its files after the variants: one that would take the input's
// name is refused before anything is written over it.
void tst_Untrusted::savedVariantsNeverReplaceInputs()
{
    QTemporaryDir dir;
    // One variant, saved under its label; then the same explore reads a project of that name.
    const Run first = runCli({"explore", dataPath("h100-su.topoplan"), "--domains", "dgx-h100",
                              "--fabrics", "fat-tree", "--oversubscription", "1", "--save-variants",
                              dir.path().toStdString()});
    QVERIFY2(first.code == 0, first.err.c_str());
    const QStringList saved = entries(dir.path());
    QCOMPARE(saved.size(), 1);
    const std::string input = dir.filePath(saved.front()).toStdString();
    const std::string original = readFile(dataPath("h100-su.topoplan"));
    writeFile(input, original);
    const Run again
            = runCli({"explore", input, "--domains", "dgx-h100", "--fabrics", "fat-tree",
                      "--oversubscription", "1", "--save-variants", dir.path().toStdString()});
    QCOMPARE(again.code, 2);
    QVERIFY2(q(again.err).contains(QStringLiteral("would replace what is being read")),
             again.err.c_str());
    QCOMPARE(readFile(input), original);
}

// README: "with --json the JSON is still written" for an input error, a project without a
// plan among them.
void tst_Untrusted::analyzeJsonWithoutAPlanStillWritesJson()
{
    Expected<Json> doc = parseJson(readFile(dataPath("h100-su.topoplan")), "su");
    QVERIFY(doc);
    doc->erase("plan");
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("noplan.topoplan")).toStdString();
    writeFile(file, doc->dump());
    const Run r = runCli({"analyze", file, "--json"});
    QCOMPARE(r.code, 1);
    QVERIFY2(Json::accept(r.out), r.out.c_str());
    const Json j = Json::parse(r.out);
    QCOMPARE(j["error"]["where"].get<std::string>(), std::string("/plan"));
    QCOMPARE(j["diagnostics"][0]["code"].get<std::string>(), std::string("PLAN_INVALID"));

    // Nor a workload: the error is still the JSON on stdout, naming the file and the pointer.
    doc->erase("workload");
    writeFile(file, doc->dump());
    const Run none = runCli({"analyze", file, "--json"});
    QCOMPARE(none.code, 1);
    QVERIFY2(Json::accept(none.out), none.out.c_str());
    const Json k = Json::parse(none.out);
    QCOMPARE(k["error"]["where"].get<std::string>(), std::string("/workload"));
    QCOMPARE(k["error"]["file"].get<std::string>(), file);
}

QTEST_GUILESS_MAIN(tst_Untrusted)
#include "tst_untrusted.moc"
