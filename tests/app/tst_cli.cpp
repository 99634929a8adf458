#include "app/cli.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using nlohmann::json;

namespace {

struct Run
{
    int code = -1;
    std::string out;
    std::string err;
};

Run cli(std::vector<std::string> args)
{
    std::ostringstream out, err;
    Run r;
    r.code = topoplan::cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class tst_Cli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usageErrors_data();
    void usageErrors();
    void catalogJson();
    void catalogTable();
    void generateThenValidate_data();
    void generateThenValidate();
    void validateRejectsBadFiles_data();
    void validateRejectsBadFiles();
    void generateRejectsUnknownModel();

private:
    QTemporaryDir m_dir;
    std::string path(const char *name) const
    {
        return m_dir.filePath(QLatin1String(name)).toStdString();
    }
};

void tst_Cli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList() << QStringLiteral("Usage:");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")}
                                     << QStringLiteral("unknown command \"frobnicate\"");
    QTest::newRow("unknown option")
            << QStringList{QStringLiteral("catalog"), QStringLiteral("--xml")}
            << QStringLiteral("unknown option --xml");
    QTest::newRow("validate without file")
            << QStringList{QStringLiteral("validate")} << QStringLiteral("missing FILE");
    QTest::newRow("generate without nodes")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node"),
                           QStringLiteral("dgx-h100"), QStringLiteral("-o"), QStringLiteral("x")}
            << QStringLiteral("missing --nodes (or --template NAME)");
    QTest::newRow("nodes not a number")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node"),
                           QStringLiteral("dgx-h100"), QStringLiteral("--nodes"),
                           QStringLiteral("many"),     QStringLiteral("-o"),
                           QStringLiteral("x")}
            << QStringLiteral("--nodes: expected a positive integer, found \"many\"");
    QTest::newRow("bad fabric")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node"),
                           QStringLiteral("dgx-h100"), QStringLiteral("--nodes"),
                           QStringLiteral("4"),        QStringLiteral("--fabric"),
                           QStringLiteral("torus"),    QStringLiteral("-o"),
                           QStringLiteral("x")}
            << QStringLiteral("expected none, fat-tree or rail-optimized");
    QTest::newRow("option without value")
            << QStringList{QStringLiteral("generate"), QStringLiteral("--node")}
            << QStringLiteral("--node needs a value");
}

void tst_Cli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    std::vector<std::string> a;
    for (const QString &s : args)
        a.push_back(s.toStdString());
    Run r = cli(a);
    QCOMPARE(r.code, 2);
    QVERIFY2(q(r.err).contains(message), r.err.c_str());
}

void tst_Cli::catalogJson()
{
    Run r = cli({"catalog", "--json"});
    QCOMPARE(r.code, 0);
    json j = json::parse(r.out);
    auto findId = [&](const char *section, const char *id) -> json {
        for (const json &e : j[section]) {
            if (e["id"] == id)
                return e;
        }
        return {};
    };
    for (const char *id : {"dgx-a100", "dgx-h100", "hgx-h200", "dgx-b200", "gb200-tray",
                           "gb200-nvl72", "mi300x", "pcie-server"})
        QVERIFY2(!findId("servers", id).is_null(), id);
    for (const char *id : {"qm8700", "qm9700", "q3400", "sn5600", "eth-100g"})
        QVERIFY2(!findId("switches", id).is_null(), id);
    QCOMPARE(findId("gpus", "h100-sxm")["bf16_tflops"].get<double>(), 989.0);
    QCOMPARE(findId("switches", "qm9700")["ports"].get<int>(), 64);
    QCOMPARE(findId("servers", "gb200-nvl72")["gpus"].get<int>(), 72);
    QVERIFY(!findId("media", "ib-ndr")["source"].get<std::string>().empty());
}

void tst_Cli::catalogTable()
{
    Run r = cli({"catalog"});
    QCOMPARE(r.code, 0);
    QString out = q(r.out);
    QVERIFY(out.contains(QStringLiteral("dgx-h100")));
    QVERIFY(out.contains(QStringLiteral("64 x 400G")));
    QVERIFY(out.contains(QStringLiteral("18 x NVLink 4 = 450 GB/s")));
}

void tst_Cli::generateThenValidate_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("summary");
    // DESIGN.md's validate example: a DGX H100 scalable unit on a rail-optimized NDR fabric.
    QTest::newRow("dgx-h100 SU")
            << QStringList{QStringLiteral("--node"),   QStringLiteral("dgx-h100"),
                           QStringLiteral("--nodes"),  QStringLiteral("32"),
                           QStringLiteral("--fabric"), QStringLiteral("rail-optimized")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":256,"nodes":32,"domains":32,"switches":{"leaf":8,"spine":4,"core":0},"links":288,"cables":512})");
    QTest::newRow("nvl72 racks, no fabric")
            << QStringList{QStringLiteral("--node"),   QStringLiteral("gb200-nvl72"),
                           QStringLiteral("--nodes"),  QStringLiteral("8"),
                           QStringLiteral("--fabric"), QStringLiteral("none")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":576,"nodes":8,"domains":8,"switches":{"leaf":0,"spine":0,"core":0},"links":0,"cables":0})");
    QTest::newRow("template")
            << QStringList{QStringLiteral("--template"), QStringLiteral("dgx-h100-su")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":256,"nodes":32,"domains":32,"switches":{"leaf":8,"spine":4,"core":0},"links":288,"cables":512})");
    QTest::newRow("trays in custom domains")
            << QStringList{QStringLiteral("--node"),        QStringLiteral("gb200-tray"),
                           QStringLiteral("--nodes"),       QStringLiteral("36"),
                           QStringLiteral("--fabric"),      QStringLiteral("none"),
                           QStringLiteral("--domain-size"), QStringLiteral("72")}
            << QStringLiteral(
                       R"({"valid":true,"gpus":144,"nodes":36,"domains":2,"switches":{"leaf":0,"spine":0,"core":0},"links":0,"cables":0})");
}

void tst_Cli::generateThenValidate()
{
    QFETCH(QStringList, args);
    QFETCH(QString, summary);
    const std::string file = path("gen.topoplan");
    std::vector<std::string> a{"generate"};
    for (const QString &s : args)
        a.push_back(s.toStdString());
    a.push_back("-o");
    a.push_back(file);
    Run g = cli(a);
    QVERIFY2(g.code == 0, g.err.c_str());
    QVERIFY(q(g.out).startsWith(QStringLiteral("wrote ")));

    Run v = cli({"validate", file, "--json"});
    QVERIFY2(v.code == 0, v.err.c_str());
    QCOMPARE(q(nlohmann::ordered_json::parse(v.out).dump()), summary);

    Run t = cli({"validate", file});
    QCOMPARE(t.code, 0);
    QVERIFY(q(t.out).contains(QStringLiteral(": valid")));
}

void tst_Cli::validateRejectsBadFiles_data()
{
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("malformed") << QStringLiteral(
            "{\"format\": \"topoplan-project\",\n  \"version\": 1,,}")
                               << QStringLiteral("line 2");
    QTest::newRow("newer version")
            << QStringLiteral(R"({"format": "topoplan-project", "version": 99, "topology": {}})")
            << QStringLiteral("/version");
    QTest::newRow("unknown model") << QStringLiteral(
            R"({"format": "topoplan-project", "version": 1, "topology": {"nodes": [{"id": "n1", "model": "dgx-h900"}]}})")
                                   << QStringLiteral("/topology/nodes/0/model");
}

void tst_Cli::validateRejectsBadFiles()
{
    QFETCH(QString, content);
    QFETCH(QString, message);
    const std::string file = path("bad.topoplan");
    {
        std::ofstream f(file);
        f << content.toStdString();
    }
    Run r = cli({"validate", file});
    QCOMPARE(r.code, 1);
    QVERIFY2(q(r.err).contains(q(file)), r.err.c_str());
    QVERIFY2(q(r.err).contains(message), r.err.c_str());

    Run j = cli({"validate", file, "--json"});
    QCOMPARE(j.code, 1);
    QCOMPARE(json::parse(j.out)["valid"].get<bool>(), false);

    Run missing = cli({"validate", path("does-not-exist.topoplan")});
    QCOMPARE(missing.code, 1);
    QVERIFY(q(missing.err).contains(QStringLiteral("does-not-exist.topoplan")));
}

void tst_Cli::generateRejectsUnknownModel()
{
    Run r = cli({"generate", "--node", "dgx-h900", "--nodes", "4", "-o", path("x.topoplan")});
    QCOMPARE(r.code, 1);
    QVERIFY2(q(r.err).contains(QStringLiteral("dgx-h900")), r.err.c_str());
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
