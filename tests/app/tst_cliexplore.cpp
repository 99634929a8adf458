// topoplan-cli explore and compare: the rows, the verdicts and the saved variants of explore;
// the deltas of compare; bad axis values are usage errors (exit 2) naming the item.

#include "cli/cli.h"
#include "tests/engine/clirun.h"

#include "engine/io/projectfile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using nlohmann::json;

namespace {

using Run = topoplan::fixtures::CliRun;

Run cli(const std::vector<std::string> &args)
{
    return topoplan::fixtures::runCli(args);
}

} // namespace

class tst_CliExplore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const auto &[name, ratio] : {std::pair{"a.topoplan", "1"}, {"b.topoplan", "4"}}) {
            const Run g = cli({"generate", "--node", "dgx-h100", "--nodes", "32", "--fabric",
                               "fat-tree", "--oversubscription", ratio, "--workload-preset",
                               "llama3-70b", "-o", path(name)});
            QVERIFY2(g.code == 0, g.err.c_str());
        }
    }

    void exploreJsonHasEveryVariantAndTheVerdicts()
    {
        const Run r
                = cli({"explore", path("a.topoplan"), "--domains",
                       "dgx-h100,gb200-nvl72,gb200-tray:32", "--fabrics", "rail-optimized,fat-tree",
                       "--oversubscription", "1,2:1", "--tokens", "2T", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["gpus"].get<int>(), 256);
        QCOMPARE(j["variants"].size(), std::size_t(16));
        int ok = 0, unbuildable = 0, front = 0;
        for (const json &v : j["variants"]) {
            const std::string status = v["status"];
            if (status == "ok") {
                ++ok;
                QCOMPARE(v["gpus"].get<int>(), v["job_gpus"].get<int>());
                QVERIFY(v["tokens_per_s"].get<double>() > 0);
                QVERIFY(v["days_to_train"].get<double>() > 0);
                QVERIFY(v["switches"]["total"].get<int>() > 0);
                front += v["pareto"].get<bool>();
            } else {
                ++unbuildable;
                QCOMPARE(QString::fromStdString(status), QStringLiteral("unbuildable"));
                QVERIFY(!v["message"].get<std::string>().empty());
            }
        }
        QCOMPARE(ok, 16); // NVL72 racks at 216 and 288 GPUs, the nearest to 256
        QCOMPARE(unbuildable, 0);
        QVERIFY(front >= 1);
        QVERIFY(j["verdicts"].size() >= 2);
        QVERIFY(j["verdicts"][0].get<std::string>().rfind("Compared per GPU: ", 0) == 0);
        QVERIFY(j["verdicts"][1].get<std::string>().rfind("Best: ", 0) == 0);
    }

    // The text report: a row per variant, the note why NVL72 cannot be built, the verdicts.
    void exploreReport()
    {
        const Run r = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100,gb200-nvl72",
                           "--oversubscription", "1"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const QString out = QString::fromStdString(r.out);
        QVERIFY2(out.contains(QStringLiteral("6 designs of about 256 GPUs")), r.out.c_str());
        QVERIFY(out.contains(QStringLiteral("dgx-h100 rail 1:1")));
        QVERIFY(out.contains(QStringLiteral("gb200-nvl72 fat-tree 1:1 (216 GPUs)")));
        QVERIFY(out.contains(QStringLiteral("gb200-nvl72 fat-tree 1:1 (288 GPUs)")));
        QVERIFY(out.contains(QStringLiteral("built for 288 GPUs, the nearest above 256")));
        QVERIFY(out.contains(QStringLiteral("Compared per GPU")));
        QVERIFY(out.contains(QStringLiteral("Best: ")));
    }

    void exploreSavesVariantsThatLoad()
    {
        const std::string dir = path("variants");
        const Run r = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100", "--fabrics",
                           "fat-tree", "--oversubscription", "1,2", "--save-variants", dir});
        QVERIFY2(r.code == 0, r.err.c_str());
        int files = 0;
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            ++files;
            topoplan::Expected<topoplan::Project> p = topoplan::loadProject(entry.path().string());
            QVERIFY2(p, p ? "" : p.error().text().c_str());
            QVERIFY(p->plan);
            QVERIFY(p->workload);
        }
        QCOMPARE(files, 2);
    }

    void exploreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        auto row = [](const char *name, std::initializer_list<const char *> args,
                      const char *message) {
            QStringList list;
            for (const char *a : args)
                list << QString::fromUtf8(a);
            QTest::newRow(name) << list << QString::fromUtf8(message);
        };
        row("domain size", {"--domains", "gb200-tray:x"}, "gb200-tray:x");
        row("unknown server", {"--domains", "dgx-z900"}, "dgx-z900");
        row("fabric", {"--fabrics", "torus"}, "torus");
        row("tiers", {"--fabrics", "fat-tree:5"}, "fat-tree:5");
        row("ratio below 1", {"--oversubscription", "0.5"}, "0.5");
        row("ratio text", {"--oversubscription", "2,x"}, "\"x\"");
        row("switch", {"--switches", "qm1"}, "qm1");
        row("planes zero", {"--planes", "0"}, "--planes: \"0\": expected a number of planes");
        row("planes text", {"--planes", "1,two"}, "\"two\"");
        row("planes beyond", {"--planes", "65"}, "from 1 to 64");
        row("tokens", {"--tokens", "-5T"}, "-5T");
        row("gpus", {"--gpus", "0"}, "--gpus");
        row("ranks beyond the rack", {"--domains", "gb200-nvl72:80"}, "at most 72 ranks");
        row("against", {"--against", "price"}, "switches, server-power");
        row("shard", {"--shard", "5/4"}, "5/4");
        row("max variants", {"--max-variants", "x"}, "--max-variants");
        // 2 domains x 2 fabrics x 300 ratios: refused before anything is built.
        std::string ratios;
        for (int i = 0; i < 300; ++i)
            ratios += (i ? "," : "") + std::to_string(1 + i * 0.05);
        static std::string kept;
        kept = ratios;
        row("too many", {"--domains", "dgx-h100,dgx-b200", "--oversubscription", kept.c_str()},
            "the axes give 1200 designs, more than the 1000 explored without asking: raise "
            "--max-variants to 1200");
        row("beyond every fabric",
            {"--gpus", "1000000", "--domains", "dgx-h100", "--switches", "qm9700"},
            "1000000 GPUs is beyond every design asked");
    }

    void exploreUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> argv = {"explore", path("a.topoplan")};
        for (const QString &a : args)
            argv.push_back(a.toStdString());
        const Run r = cli(argv);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
    }

    // Repeated values count once: "1,1,2:1,2" is two ratios.
    void exploreMergesRepeatedValues()
    {
        const Run r
                = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100,dgx-h100", "--fabrics",
                       "fat-tree,fat-tree", "--oversubscription", "1,1,2:1,2", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["variants"].size(), std::size_t(2));
        QCOMPARE(j["axes"]["oversubscription"].size(), std::size_t(2));
    }

    // Planes from the command line: each variant's label, JSON and table say how many.
    void explorePlanes()
    {
        const Run r
                = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100", "--fabrics",
                       "rail-optimized", "--planes", "1,2,2", "--oversubscription", "1", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["axes"]["planes"], json::parse("[1, 2]"));
        QCOMPARE(j["variants"].size(), std::size_t(2));
        QCOMPARE(j["variants"][0]["planes"].get<int>(), 1);
        QCOMPARE(j["variants"][1]["planes"].get<int>(), 2);
        QVERIFY(j["variants"][1]["label"].get<std::string>().find("2-plane rail")
                != std::string::npos);
        QCOMPARE(j["variants"][1]["status"].get<std::string>(), std::string("ok"));
        const Run table = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100", "--fabrics",
                               "rail-optimized", "--planes", "2", "--oversubscription", "1"});
        QVERIFY2(table.code == 0, table.err.c_str());
        QVERIFY2(table.out.find("dgx-h100 2-plane rail 1:1") != std::string::npos,
                 table.out.c_str());
    }

    // Four shards, each --json to a file as a Slurm array task writes it, merged: the single
    // run's document, and its table.
    void fourShardsMergeIntoTheSingleRun()
    {
        const std::vector<std::string> args = {"explore",
                                               path("a.topoplan"),
                                               "--domains",
                                               "dgx-h100,gb200-nvl72,dgx-b200",
                                               "--oversubscription",
                                               "1,2",
                                               "--json"};
        const Run single = cli(args);
        QVERIFY2(single.code == 0, single.err.c_str());
        std::vector<std::string> merge = {"explore", "--merge"};
        for (int i = 1; i <= 4; ++i) {
            std::vector<std::string> shard = args;
            shard.insert(shard.end(), {"--shard", std::to_string(i) + "/4"});
            const Run part = cli(shard);
            QVERIFY2(part.code == 0, part.err.c_str());
            const std::string file = path(("shard-" + std::to_string(i) + ".json").c_str());
            std::ofstream(file) << part.out;
            merge.push_back(file);
        }
        merge.push_back("--json");
        const Run merged = cli(merge);
        QVERIFY2(merged.code == 0, merged.err.c_str());
        QCOMPARE(QString::fromStdString(merged.out), QString::fromStdString(single.out));
        merge.pop_back();
        const Run table = cli(merge);
        QVERIFY2(table.code == 0, table.err.c_str());
        std::vector<std::string> textArgs(args.begin(), args.end() - 1);
        const Run singleTable = cli(textArgs);
        // The same table and verdicts, under another title line.
        const std::string body = singleTable.out.substr(singleTable.out.find('\n'));
        QCOMPARE(QString::fromStdString(table.out.substr(table.out.find('\n'))),
                 QString::fromStdString(body));
        // A shard missing is said.
        merge.pop_back();
        const Run missing = cli(merge);
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.find("shard 4/4 is missing") != std::string::npos,
                 missing.err.c_str());
    }

    void compareGivesDeltas()
    {
        const Run r = cli({"compare", path("a.topoplan"), path("b.topoplan"), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["designs"].size(), std::size_t(2));
        QCOMPARE(j["designs"][0]["delta"]["text"].get<std::string>(), std::string("baseline"));
        const json &b = j["designs"][1];
        QVERIFY(b["delta"]["switches"]["total"].get<int>() < 0);
        QCOMPARE(b["delta"]["gpus"].get<int>(), 0);
        QVERIFY(b["delta"]["tokens_per_s_percent"].get<double>() <= 0.01);
        const Run text = cli({"compare", path("a.topoplan"), path("b.topoplan")});
        QVERIFY2(text.code == 0, text.err.c_str());
        const QString out = QString::fromStdString(text.out);
        QVERIFY(out.contains(QStringLiteral("baseline")));
        const int fewer = b["delta"]["switches"]["total"].get<int>();
        QVERIFY2(out.contains(QString::number(fewer) + QStringLiteral(" switches")),
                 text.out.c_str());
        QCOMPARE(cli({"compare", path("a.topoplan")}).code, 2); // two designs at least
    }

    // Designs weighed against what they cost and draw: the capital cost of every part from
    // the price book (--prices), the IT load from the catalog's power figures. A design with
    // an unpriced part has no capital cost and stays off the front, never priced at zero.
    void exploreWeighsCapitalCost()
    {
        const std::string book = path("book.json");
        std::ofstream(book) << R"({"format": "topoplan-catalog", "version": 1,
            "prices": {"currency": "USD", "source": "quotes for the test",
                       "servers": {"dgx-h100": 300000},
                       "switches": {"qm9700": 30000},
                       "transceivers": {"osfp-2x400g-sr4": 1000, "osfp-2x400g-dr4": 1500},
                       "cables": {"mmf": 100, "smf": 200, "dac": 80}}})";
        const std::string saved = path("priced");
        std::filesystem::create_directories(saved);
        const Run r = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100,dgx-b200",
                           "--fabrics", "rail-optimized", "--oversubscription", "1,2", "--prices",
                           book, "--against", "capex", "--save-variants", saved, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["against"].get<std::string>(), std::string("capex"));
        int priced = 0;
        for (const json &v : j["variants"]) {
            const std::string label = v["label"];
            if (label.rfind("dgx-b200", 0) == 0) {
                // No price for the DGX B200 in the book: no capital cost, off the front.
                QVERIFY2(v["capex"].is_null(), label.c_str());
                QVERIFY2(!v["pareto"].get<bool>(), label.c_str());
                continue;
            }
            ++priced;
            QCOMPARE(v["currency"].get<std::string>(), std::string("USD"));
            // The figure analyze --prices gives the saved design, to the dollar.
            std::string file = label;
            for (char &c : file)
                if (c == ' ' || c == ':')
                    c = '_';
            const Run a = cli(
                    {"analyze", saved + "/" + file + ".topoplan", "--prices", book, "--json"});
            QVERIFY2(a.code == 0, a.err.c_str());
            const json cost = json::parse(a.out)["cost"];
            QCOMPARE(v["capex"].get<double>(), cost["capex"]["total"].get<double>());
        }
        QCOMPARE(priced, 2);
        // The 2:1 rail fabric needs fewer spines and cables: as fast, for less, it is the best.
        const Run text = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100", "--fabrics",
                              "rail-optimized", "--oversubscription", "1,2", "--prices", book,
                              "--against", "capex"});
        QVERIFY2(text.code == 0, text.err.c_str());
        QVERIFY2(text.out.find("capex") != std::string::npos
                         && text.out.find("Best: dgx-h100 rail 2:1") != std::string::npos
                         && text.out.find("M USD of capital cost.") != std::string::npos,
                 text.out.c_str());
        // Without a price book nothing is priced: the column is not there.
        const Run unpriced = cli({"explore", path("a.topoplan"), "--domains", "dgx-h100",
                                  "--fabrics", "rail-optimized", "--against", "capex"});
        QVERIFY2(unpriced.code == 0, unpriced.err.c_str());
        QVERIFY2(unpriced.out.find("of capital cost") == std::string::npos, unpriced.out.c_str());
    }

private:
    std::string path(const char *name) const
    {
        return m_dir.filePath(QLatin1String(name)).toStdString();
    }
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(tst_CliExplore)
#include "tst_cliexplore.moc"
