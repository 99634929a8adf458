// The fabric files TopoPlan writes, accepted by the real InfiniBand tools: Debian's ibsim
// simulates the exported net file, ibnetdiscover (with the simulator preloaded, as ibsim-run
// does) discovers it, the importer reads that back to the same devices, ports and cables, and
// OpenSM routes the simulated fabric with fat-tree routing without an error.

#include "engine/document/documents.h"
#include "engine/generate/generator.h"
#include "engine/import/importer.h"
#include "engine/model/summary.h"

#include "tests/engine/fabricfixtures.h"
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <QtTest>

#include <fstream>
#include <set>

using namespace topoplan;

namespace {

QString findTool(const QString &name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name,
                                              {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"),
                                               QStringLiteral("/usr/local/sbin")});
    return path;
}

// The library ibsim-run preloads (Debian's ibsim-utils), read from the script itself so that
// the test follows the package.
QString umad2simLibrary(const QString &ibsimRun)
{
    QFile f(ibsimRun);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("sim_so="))
            return QString::fromUtf8(line.mid(7)).trimmed();
    }
    return {};
}

std::set<std::pair<std::string, std::string>> devices(const Project &p)
{
    std::set<std::pair<std::string, std::string>> out;
    for (const Node &n : p.topology.nodes)
        out.insert({n.name, n.model});
    for (const Switch &s : p.topology.switches)
        out.insert({s.name, std::string(toString(s.tier)) + " " + s.model});
    return out;
}

// The media of the cables, by the names of their ends.
std::multiset<std::string> media(const Project &p)
{
    std::multiset<std::string> out;
    for (const Link &l : p.topology.links)
        for (int k = 0; k < l.count; ++k)
            out.insert(l.medium);
    return out;
}

} // namespace

class tst_Ibsim : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void roundTripThroughTheSimulator_data();
    void roundTripThroughTheSimulator();

private:
    QString m_ibsim, m_ibnetdiscover, m_opensm, m_preload;
};

void tst_Ibsim::initTestCase()
{
    m_ibsim = findTool(QStringLiteral("ibsim"));
    m_ibnetdiscover = findTool(QStringLiteral("ibnetdiscover"));
    m_opensm = findTool(QStringLiteral("opensm"));
    const QString ibsimRun = findTool(QStringLiteral("ibsim-run"));
    if (m_ibsim.isEmpty() || ibsimRun.isEmpty() || m_ibnetdiscover.isEmpty() || m_opensm.isEmpty())
        QSKIP("ibsim, ibsim-run, ibnetdiscover or opensm is not installed "
              "(packaging/install-deps.sh installs ibsim-utils, infiniband-diags and opensm)");
    m_preload = umad2simLibrary(ibsimRun);
    QVERIFY2(QFile::exists(m_preload),
             qPrintable(
                     QStringLiteral("ibsim-run preloads %1, which does not exist").arg(m_preload)));
}

void tst_Ibsim::roundTripThroughTheSimulator_data()
{
    QTest::addColumn<QString>("fabric");
    QTest::addColumn<int>("nodes");
    // HDR: the speeds Debian 12's ibsim 0.10 knows (NDR came with ibsim 0.12).
    QTest::newRow("rail-optimized, 8 x DGX A100") << QStringLiteral("rail-optimized") << 8;
    QTest::newRow("fat tree, 20 x DGX A100") << QStringLiteral("fat-tree") << 20;
}

void tst_Ibsim::roundTripThroughTheSimulator()
{
    QFETCH(QString, fabric);
    QFETCH(int, nodes);
    GeneratorOptions o;
    o.nodeModel = "dgx-a100";
    o.nodes = nodes;
    o.fabric = *fabricKindFromString(fabric.toStdString());
    Expected<Project> design = generateProject(o);
    QVERIFY(design.ok());
    Expected<std::string> net = ibsimNet(*design, Catalog::builtin());
    QVERIFY(net.ok());
    QTemporaryDir dir;
    const QString netFile = dir.filePath(QStringLiteral("fabric.net"));
    std::ofstream(netFile.toStdString()) << *net;

    // The simulator on a socket of its own, so that runs side by side do not meet.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("IBSIM_SOCKNAME"),
               QStringLiteral("topoplan-%1").arg(QCoreApplication::applicationPid()));
    QProcess ibsim;
    ibsim.setProcessEnvironment(env);
    ibsim.setProcessChannelMode(QProcess::MergedChannels);
    ibsim.start(m_ibsim, {QStringLiteral("-s"), QStringLiteral("-n"), netFile});
    QVERIFY2(ibsim.waitForStarted(10000), qPrintable(ibsim.errorString()));
    auto stopSimulator = qScopeGuard([&] {
        ibsim.kill();
        ibsim.waitForFinished(5000);
    });

    // The tools attach to the first server's first adapter.
    QProcessEnvironment toolEnv = env;
    toolEnv.insert(QStringLiteral("LD_PRELOAD"), m_preload);
    toolEnv.insert(QStringLiteral("SIM_HOST"),
                   QString::fromStdString(design->topology.nodes.front().name + "/mlx5_0"));
    auto runTool = [&](const QString &tool, const QStringList &args, QByteArray *out) {
        QProcess p;
        p.setProcessEnvironment(toolEnv);
        p.start(tool, args);
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        *out = p.readAllStandardOutput() + p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    // ibnetdiscover, once the simulator listens (it parses the net file first).
    QByteArray discovered;
    int code = -1;
    for (int attempt = 0; attempt < 100 && code != 0; ++attempt) {
        QVERIFY2(
                ibsim.state() == QProcess::Running,
                qPrintable(QStringLiteral("ibsim stopped: ") + QString::fromUtf8(ibsim.readAll())));
        QProcess p;
        p.setProcessEnvironment(toolEnv);
        p.start(m_ibnetdiscover, {});
        p.waitForFinished(60000);
        code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        discovered = p.readAllStandardOutput();
        if (code != 0)
            QThread::msleep(100);
    }
    QVERIFY2(code == 0, qPrintable(QStringLiteral("ibnetdiscover failed against ibsim: ")
                                   + QString::fromUtf8(ibsim.readAll())));

    // Read back: the same servers and switches (names, models, tiers), every cable on the same
    // ports.
    Expected<ImportResult> back
            = importTexts({ImportInput{"ibnetdiscover", discovered.toStdString()}});
    QVERIFY2(back.ok(), back ? "" : back.error().text().c_str());
    QCOMPARE(devices(back->project), devices(*design));
    QCOMPARE(fixtures::cablesByName(back->project), fixtures::cablesByName(*design));
    // Every cable at the rate the design gives it: ibsim read each port's "4xHDR" and brought
    // the link up at it (at 4x SDR it would import as 8 Gb/s links).
    QCOMPARE(media(back->project), media(*design));
    QVERIFY2(discovered.contains(" 4xHDR") && !discovered.contains(" 4xSDR"),
             discovered.left(2000).constData());
    QVERIFY(net->find("# Rates: ") != std::string::npos);
    // The port listing (-p) tells the same.
    QByteArray listed;
    QCOMPARE(runTool(m_ibnetdiscover, {QStringLiteral("-p")}, &listed), 0);
    Expected<ImportResult> fromList
            = importTexts({ImportInput{"ibnetdiscover -p", listed.toStdString()}});
    QVERIFY2(fromList.ok(), fromList ? "" : fromList.error().text().c_str());
    QCOMPARE(fixtures::cablesByName(fromList->project), fixtures::cablesByName(*design));

    // OpenSM, once, with fat-tree routing: it must configure every switch with ftree (not fall
    // back to another engine) and bring the subnet up, with no error in its log.
    const QString log = dir.filePath(QStringLiteral("opensm.log"));
    toolEnv.insert(QStringLiteral("OSM_CACHE_DIR"), dir.path());
    QByteArray osmOut;
    QCOMPARE(runTool(m_opensm,
                     {QStringLiteral("-R"), QStringLiteral("ftree"), QStringLiteral("-o"),
                      QStringLiteral("-f"), log},
                     &osmOut),
             0);
    QFile f(log);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY2(text.contains(QStringLiteral("ftree tables configured on all switches")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("SUBNET UP")), qPrintable(text));
    const QRegularExpression error(QStringLiteral(" ERR [0-9A-F]{4}"));
    QVERIFY2(!error.match(text).hasMatch(), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Fabric has %1 CAs").arg(nodes * 8)), qPrintable(text));
}

QTEST_GUILESS_MAIN(tst_Ibsim)
#include "tst_ibsim.moc"
