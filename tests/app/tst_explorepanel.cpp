// The Explore panel, driven as a user drives it: on the sample, View > Explore Designs
// (Ctrl+Shift+E) brings the panel; a token budget is typed, Explore is clicked; the table
// fills as variants finish; the verdict is the engine's; the charts hold every built variant
// and the Pareto front; a double-click on a row opens that variant as a new, unsaved document
// in its own window; Cancel stops a run; every chart exports to SVG (with real text) and PNG.

#include "app/analysis/analysiscontroller.h"
#include "app/common/translations.h"
#include "app/common/units.h"
#include "app/document/document.h"
#include "app/export/chartexport.h"
#include "app/panels/exploredock.h"
#include "app/panels/exploremodel.h"
#include "app/window/mainwindow.h"

#include "engine/explore/exploreverdict.h"
#include "engine/io/projectfile.h"
#include "tests/app/apptest.h"
#include "tests/engine/clirun.h"
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QValueAxis>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kTimeoutMs = 60000;

// Opens the sample, waits for its analysis and brings the Explore panel by its shortcut.
ExploreDock *openExplorer(MainWindow &w)
{
    w.resize(1600, 1100);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return nullptr;
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    w.openTemplate(MainWindow::sampleTemplateId());
    // The sample opened and analysed: not the first analysis of the window's empty document,
    // which a loaded machine may finish after the template was asked for.
    if (!opened.wait(kTimeoutMs)
        || !QTest::qWaitFor(
                [&w] {
                    return w.document()->project().workload && !w.analysis()->isBusy()
                           && w.analysis()->outcome().has_value();
                },
                kTimeoutMs))
        return nullptr;
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
    QApplication::processEvents();
    return w.exploreDock();
}

void tick(QMenu *menu, const QString &data, bool on)
{
    for (QAction *a : menu->actions())
        if (a->data().toString() == data)
            a->setChecked(on);
}

} // namespace

class TestExplorePanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { prepareApplication(); }

    void exploresTheSampleAndOpensAVariant()
    {
        MainWindow w;
        ExploreDock *dock = openExplorer(w);
        QVERIFY(dock);
        QVERIFY(dock->isVisible());
        QCOMPARE(dock->gpuSpin()->value(), 0); // the design's own count
        QTRY_COMPARE_WITH_TIMEOUT(dock->gpuSpin()->specialValueText(),
                                  QStringLiteral("as designed (256)"), kTimeoutMs);

        // Three domains, both fabrics, 1:1 and 4:1: 16 variants (NVL72 racks at 216 and 288 GPUs,
        // the nearest below and above 256).
        auto *domains = dock->findChild<QToolButton *>(QStringLiteral("exploreDomains"));
        auto *over = dock->findChild<QToolButton *>(QStringLiteral("exploreOversubscription"));
        QVERIFY(domains && over);
        for (QAction *a : domains->menu()->actions())
            a->setChecked(false);
        tick(domains->menu(), QStringLiteral("dgx-h100"), true);
        tick(domains->menu(), QStringLiteral("dgx-b200"), true);
        tick(domains->menu(), QStringLiteral("gb200-nvl72"), true);
        tick(over->menu(), QStringLiteral("2"), false);
        QCOMPARE(variantsOf(dock->axes(), 256).size(), std::size_t(16));

        QTest::mouseClick(dock->tokenBudgetEdit(), Qt::LeftButton);
        QTest::keyClicks(dock->tokenBudgetEdit(), QStringLiteral("300B"));
        QSignalSpy arrived(dock, &ExploreDock::variantArrived);
        QSignalSpy explored(dock, &ExploreDock::explored);
        auto *run = dock->findChild<QPushButton *>(QStringLiteral("exploreRun"));
        QTest::mouseClick(run, Qt::LeftButton);
        QVERIFY(dock->isRunning() || explored.count() == 1);
        QVERIFY(explored.count() == 1 || explored.wait(kTimeoutMs));
        QCOMPARE(arrived.count(), 16);

        // The table: every variant, each with its figures or its reason.
        ExploreModel *model = dock->model();
        QCOMPARE(model->rowCount(), 16);
        const std::optional<ExploreResult> &r = dock->result();
        QVERIFY(r);
        int ok = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const VariantResult &v = model->variant(row);
            const QString gpus = model->data(model->index(row, ExploreModel::Gpus), Qt::DisplayRole)
                                         .toString();
            if (v.spec.domain.nodeModel == "gb200-nvl72") {
                // 256 GPUs are no whole number of 72-GPU racks: 3 and 4 racks are built.
                QVERIFY2(gpus == QStringLiteral("216") || gpus == QStringLiteral("288"),
                         qPrintable(gpus));
                QVERIFY(model->data(model->index(row, ExploreModel::Design), Qt::DisplayRole)
                                .toString()
                                .endsWith(QStringLiteral(" GPUs)")));
            } else {
                QCOMPARE(gpus, QStringLiteral("256"));
            }
            QCOMPARE(v.status, VariantStatus::Ok);
            ++ok;
            QVERIFY(v.daysToTrain);
            QVERIFY(!model->data(model->index(row, ExploreModel::Days), Qt::DisplayRole)
                             .toString()
                             .startsWith(QLatin1Char('-')));
        }
        QCOMPARE(ok, 16);
        // The verdict is the engine's, word for word, its numbers written as the table writes
        // them (738,682, not 738682): per GPU, since the counts differ.
        const std::vector<std::string> said = verdicts(*r);
        for (const Message &m : verdictMessages(*r)) {
            const QString line = units::message(m);
            QVERIFY2(dock->verdictLabel()->text().contains(line.toHtmlEscaped()), qPrintable(line));
        }
        QVERIFY(dock->verdictLabel()->text().contains(QStringLiteral("Compared per GPU")));
        QVERIFY(dock->verdictLabel()->text().contains(QStringLiteral("beats")));

        // Sorting by tokens/s per GPU puts the best first.
        dock->table()->sortByColumn(ExploreModel::TokensPerGpu, Qt::DescendingOrder);
        const QModelIndex top = dock->table()->model()->index(0, ExploreModel::Design);
        QVERIFY(QString::fromStdString(said[1]).contains(top.data(Qt::DisplayRole).toString()
                                                         + QStringLiteral(" at")));

        // The charts: a line per fabric over domain sizes; every built variant on the
        // switches chart, the front marked.
        QChart *domainChart = dock->domainChart()->chart();
        QCOMPARE(domainChart->series().size(), 2);
        auto *rail = qobject_cast<QLineSeries *>(domainChart->series()[0]);
        QVERIFY(rail);
        QCOMPARE(rail->count(), 2); // the better 8-GPU board at size 8, the racks at 72
        int onPareto = 0, onFront = 0;
        for (QAbstractSeries *s : dock->paretoChart()->chart()->series())
            if (auto *scatter = qobject_cast<QScatterSeries *>(s))
                onPareto += scatter->count(),
                        onFront
                        += scatter->name() == QStringLiteral("Pareto front") ? scatter->count() : 0;
        QCOMPARE(onPareto, 16);
        int front = 0;
        for (const VariantResult &v : r->variants)
            front += v.pareto;
        QCOMPARE(onFront, front);

        // Charts export like the diagram: SVG with real text, PNG.
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("pareto.svg"));
        const QString png = dir.filePath(QStringLiteral("pareto.png"));
        QVERIFY(!exportChart(dock->paretoChart(), svg, QStringLiteral("Pareto")));
        QVERIFY(!exportChart(dock->domainChart(), png, QStringLiteral("Domains")));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("<text"));
        QVERIFY(text.contains("Switches"));
        QVERIFY(QImage(png).width() >= 800);

        if (const QByteArray shots = qgetenv("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty()) {
            // For the README and the manual: the sample's job on 576 GPUs, where NVL72 racks build too.
            const QString dirName = QString::fromLocal8Bit(shots) + QLatin1Char('/');
            for (QAction *a : domains->menu()->actions())
                a->setChecked(a->data().toString() == QStringLiteral("dgx-h100")
                              || a->data().toString() == QStringLiteral("gb200-nvl72")
                              || a->data().toString() == QStringLiteral("gb200-tray:36"));
            tick(over->menu(), QStringLiteral("2"), true);
            dock->gpuSpin()->setValue(576);
            QVERIFY(dock->run());
            QVERIFY(explored.wait(kTimeoutMs));
            QApplication::processEvents();
            w.grab().save(dirName + QStringLiteral("explore.png"));
            for (QChartView *v :
                 {dock->domainChart(), dock->oversubscriptionChart(), dock->paretoChart()})
                exportChart(v, dirName + v->objectName() + QStringLiteral(".png"), v->objectName());
            return;
        }

        // Double-click the fastest row: a new window, the variant as an unsaved document.
        const QList<QWidget *> before = QApplication::topLevelWidgets();
        QTableView *table = dock->table();
        const QRect cell = table->visualRect(table->model()->index(0, ExploreModel::Design));
        // A real double-click: a click, then the press QTest sends as the double-click.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        MainWindow *opened = nullptr;
        for (QWidget *t : QApplication::topLevelWidgets())
            if (auto *m = qobject_cast<MainWindow *>(t); m && m != &w && !before.contains(t))
                opened = m;
        QVERIFY(opened);
        QVERIFY(opened->document()->isModified());
        QVERIFY(opened->document()->filePath().isEmpty());
        const Project &p = opened->document()->project();
        QVERIFY(p.plan);
        auto *sorted = qobject_cast<QSortFilterProxyModel *>(table->model());
        QVERIFY(sorted);
        const int topRow = sorted->mapToSource(sorted->index(0, 0)).row();
        QCOMPARE(*p.plan, r->variants[topRow].best->plan);
        QVERIFY(QString::fromStdString(p.name).endsWith(top.data(Qt::DisplayRole).toString()));
        // The user's own design is untouched in the first window.
        QCOMPARE(w.document()->filePath(), QString());
        delete opened; // unsaved: closing would ask to save
    }

    void cancelStopsARun()
    {
        MainWindow w;
        ExploreDock *dock = openExplorer(w);
        QVERIFY(dock);
        QSignalSpy explored(dock, &ExploreDock::explored);
        dock->gpuSpin()->setValue(4096);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("exploreRun")),
                          Qt::LeftButton);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("exploreCancel")),
                          Qt::LeftButton);
        QVERIFY(explored.wait(kTimeoutMs));
        QVERIFY(dock->result());
        QVERIFY(dock->result()->cancelled);
        // "Cancelled after evaluating 3 of 12 designs.": the count of designs takes the plural
        // ending, and the sentence reads for one design as well.
        const QString verdict = dock->verdictLabel()->text();
        const int designs = int(dock->result()->variants.size());
        QVERIFY2(verdict.startsWith(QStringLiteral("<b>Cancelled after evaluating ")),
                 qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral(" of %1 design%2.</b>")
                                          .arg(designs)
                                          .arg(designs == 1 ? QString() : QStringLiteral("s"))),
                 qPrintable(verdict));
        QCOMPARE(ExploreDock::tr("Cancelled after evaluating %1 of %n design(s).", nullptr, 1)
                         .arg(0),
                 QStringLiteral("Cancelled after evaluating 0 of 1 design."));
        QCOMPARE(ExploreDock::tr("Cancelled after evaluating %1 of %n design(s).", nullptr, 12)
                         .arg(1),
                 QStringLiteral("Cancelled after evaluating 1 of 12 designs."));
        QVERIFY(dock->findChild<QPushButton *>(QStringLiteral("exploreRun"))->isEnabled());
    }

    // About 2,048 GPUs of HGX boards and of NVL72 racks with 64 ranks each (32 racks), weighed
    // against server power: the window and topoplan-cli explore give the same verdict, word
    // for word.
    void ranksPerRackAndServerPowerAsTheCliGivesThem()
    {
        MainWindow w;
        ExploreDock *dock = openExplorer(w);
        QVERIFY(dock);
        auto *domains = dock->findChild<QToolButton *>(QStringLiteral("exploreDomains"));
        auto *fabrics = dock->findChild<QToolButton *>(QStringLiteral("exploreFabrics"));
        auto *over = dock->findChild<QToolButton *>(QStringLiteral("exploreOversubscription"));
        QVERIFY(domains && fabrics && over);
        for (QMenu *menu : {domains->menu(), fabrics->menu(), over->menu()})
            for (QAction *a : menu->actions())
                a->setChecked(false);
        tick(domains->menu(), QStringLiteral("dgx-h100"), true);
        tick(domains->menu(), QStringLiteral("gb200-nvl72:64"), true);
        tick(fabrics->menu(), QStringLiteral("rail-optimized"), true);
        tick(over->menu(), QStringLiteral("1"), true);
        dock->gpuSpin()->setValue(2048);
        QComboBox *against = dock->againstBox();
        against->setCurrentIndex(against->findData(QStringLiteral("server-power")));
        QCOMPARE(dock->against(), ExploreMetric::ServerPower);
        QSignalSpy explored(dock, &ExploreDock::explored);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("exploreRun")),
                          Qt::LeftButton);
        QVERIFY(explored.count() == 1 || explored.wait(kTimeoutMs));
        const std::optional<ExploreResult> &r = dock->result();
        QVERIFY(r);
        QCOMPARE(r->variants.size(), std::size_t(2));
        const VariantResult &racks = r->variants[1];
        QCOMPARE(racks.status, VariantStatus::Ok);
        QCOMPARE(racks.summary.gpus, 2304);
        QCOMPARE(racks.jobGpus(), 2048);
        QCOMPARE(racks.best->plan.gpusPerDomain, 64);
        QCOMPARE(dock->model()
                         ->data(dock->model()->index(1, ExploreModel::Gpus), Qt::DisplayRole)
                         .toString(),
                 units::number(2048, 0));
        QVERIFY(dock->paretoChart()
                        ->chart()
                        ->axes(Qt::Horizontal)
                        .front()
                        ->titleText()
                        .contains(QStringLiteral("Server power")));

        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("sample.topoplan")).toStdString();
        QVERIFY(!saveProject(w.document()->project(), file));
        const topoplan::fixtures::CliRun cli = topoplan::fixtures::runCli(
                {"explore", file, "--gpus", "2048", "--domains", "dgx-h100,gb200-nvl72:64",
                 "--fabrics", "rail-optimized", "--oversubscription", "1", "--against",
                 "server-power", "--json"});
        QVERIFY2(cli.code == 0, cli.err.c_str());
        const nlohmann::ordered_json j = nlohmann::ordered_json::parse(cli.out);
        const std::vector<std::string> said = verdicts(*r);
        QCOMPARE(j["verdicts"].get<std::vector<std::string>>(), said);
        // The window writes each in the user's language and numbers (units::message()).
        for (const Message &m : verdictMessages(*r)) {
            const QString line = units::message(m);
            QVERIFY2(dock->verdictLabel()->text().contains(line.toHtmlEscaped()), qPrintable(line));
        }
        QCOMPARE(j["variants"][1]["tokens_per_s"].get<double>(),
                 std::round(racks.tokensPerS() * 10) / 10);
    }

    void verdictInGerman()
    {
        QVERIFY(installTranslations(QLocale(QLocale::German, QLocale::Germany)));
        MainWindow w;
        ExploreDock *dock = openExplorer(w);
        QVERIFY(dock);
        auto *domains = dock->findChild<QToolButton *>(QStringLiteral("exploreDomains"));
        auto *over = dock->findChild<QToolButton *>(QStringLiteral("exploreOversubscription"));
        for (QAction *a : domains->menu()->actions())
            a->setChecked(false);
        tick(domains->menu(), QStringLiteral("dgx-h100"), true);
        tick(domains->menu(), QStringLiteral("dgx-b200"), true);
        tick(over->menu(), QStringLiteral("2"), false);
        QSignalSpy explored(dock, &ExploreDock::explored);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("exploreRun")),
                          Qt::LeftButton);
        QVERIFY(explored.count() == 1 || explored.wait(kTimeoutMs));
        const QString verdict = dock->verdictLabel()->text();
        const std::vector<Message> said = verdictMessages(*dock->result());
        QVERIFY(said.size() >= 2); // the best, and the best of the other domain against it
        for (const Message &m : said) {
            const QString line = units::message(m);
            QVERIFY2(verdict.contains(line.toHtmlEscaped()), qPrintable(line));
            QVERIFY2(englishLeftIn(line).isEmpty(), qPrintable(line));
        }
        QVERIFY2(verdict.contains(QStringLiteral("Am besten: ")), qPrintable(verdict));
        // Thousands grouped, as the table writes them: no run of four digits.
        QVERIFY2(!QRegularExpression(QStringLiteral("\\b[0-9]{4,}\\b")).match(verdict).hasMatch(),
                 qPrintable(verdict));
        // The charts' axes: plain numbers in the locale, never "1e+03".
        for (QChartView *view : {dock->domainChart(), dock->paretoChart()}) {
            QVERIFY(view->chart()->localizeNumbers());
            for (QAbstractAxis *axis : view->chart()->axes())
                if (auto *values = qobject_cast<QValueAxis *>(axis))
                    QVERIFY2(QRegularExpression(QStringLiteral("^%\\.[0-9]f"))
                                     .match(values->labelFormat())
                                     .hasMatch(),
                             qPrintable(values->labelFormat()));
        }
        if (const QByteArray shots = qgetenv("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty())
            dock->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/explore-de.png"));
        installTranslations(QLocale::c());
    }

    // The Planes and rail-only choices: one fabric by default; two planes ticked build the
    // sample's GPUs on two planes, named so in the table.
    void planesAndRailOnlyAreChoices()
    {
        MainWindow w;
        ExploreDock *dock = openExplorer(w);
        QVERIFY(dock);
        auto *domains = dock->findChild<QToolButton *>(QStringLiteral("exploreDomains"));
        auto *fabrics = dock->findChild<QToolButton *>(QStringLiteral("exploreFabrics"));
        auto *planes = dock->findChild<QToolButton *>(QStringLiteral("explorePlanes"));
        auto *over = dock->findChild<QToolButton *>(QStringLiteral("exploreOversubscription"));
        QVERIFY(domains && fabrics && planes && over);
        QCOMPARE(dock->axes().planes, std::vector<int>{1});
        const QList<QAction *> fabricItems = fabrics->menu()->actions();
        QVERIFY(std::any_of(fabricItems.begin(), fabricItems.end(), [](QAction *a) {
            return a->data().toString() == QStringLiteral("rail-only");
        }));
        for (QMenu *menu : {domains->menu(), fabrics->menu(), planes->menu(), over->menu()})
            for (QAction *a : menu->actions())
                a->setChecked(false);
        tick(domains->menu(), QStringLiteral("dgx-h100"), true);
        tick(fabrics->menu(), QStringLiteral("rail-optimized"), true);
        tick(planes->menu(), QStringLiteral("2"), true);
        tick(over->menu(), QStringLiteral("1"), true);
        QCOMPARE(dock->axes().planes, std::vector<int>{2});
        QSignalSpy explored(dock, &ExploreDock::explored);
        QTest::mouseClick(dock->findChild<QPushButton *>(QStringLiteral("exploreRun")),
                          Qt::LeftButton);
        QVERIFY(explored.count() == 1 || explored.wait(kTimeoutMs));
        const std::optional<ExploreResult> &r = dock->result();
        QVERIFY(r);
        QCOMPARE(r->variants.size(), std::size_t(1));
        QCOMPARE(r->variants[0].status, VariantStatus::Ok);
        QCOMPARE(r->variants[0].spec.planes, 2);
        const QString design
                = dock->model()
                          ->data(dock->model()->index(0, ExploreModel::Design), Qt::DisplayRole)
                          .toString();
        QVERIFY2(design.contains(QStringLiteral("2-plane")), qPrintable(design));
        // Nothing ticked is said, not run.
        for (QAction *a : planes->menu()->actions())
            a->setChecked(false);
        QVERIFY(!dock->run());
        QVERIFY(dock->verdictLabel()->text().contains(QStringLiteral("planes")));
    }

    void aBadTokenBudgetIsSaid()
    {
        MainWindow w;
        ExploreDock *dock = openExplorer(w);
        QVERIFY(dock);
        QTest::keyClicks(dock->tokenBudgetEdit(), QStringLiteral("lots"));
        QVERIFY(!dock->run());
        QVERIFY(dock->verdictLabel()->text().contains(QStringLiteral("Token budget \"lots\"")));
        QVERIFY(!dock->isRunning());
    }
};

QTEST_MAIN(TestExplorePanel)
#include "tst_explorepanel.moc"
