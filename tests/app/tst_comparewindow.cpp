// View > Compare Designs with two windows open: the sample (a rail-optimized 1:1 fabric) and
// the same servers on a 4:1 fat tree. The window lists both, Compare plans the sample's job on
// each, the table has a column per design with the engine's delta against the first, the TP
// sweep chart a line per design, the step chart a bar per design; an unreadable file added to
// the list is its own column's error, not a failed comparison.

#include "app/analysis/analysiscontroller.h"
#include "app/common/translations.h"
#include "app/document/document.h"
#include "app/panels/comparewindow.h"
#include "app/window/mainwindow.h"

#include "engine/generate/generator.h"

#include "tests/app/apptest.h"
#include <QAction>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kTimeoutMs = 60000;

} // namespace

class TestCompareWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { prepareApplication(); }

    void comparesTheOpenDesigns()
    {
        MainWindow a;
        a.show();
        QSignalSpy opened(&a, &MainWindow::documentOpened);
        a.openTemplate(MainWindow::sampleTemplateId());
        QVERIFY(opened.wait(kTimeoutMs));
        GeneratorOptions o;
        o.nodeModel = "dgx-h100";
        o.nodes = 32;
        o.fabric = FabricKind::FatTree;
        o.oversubscription = 4;
        o.name = "fat tree 4:1";
        Expected<Project> p = generateProject(o);
        QVERIFY(p);
        MainWindow b;
        b.show();
        b.openProject(*p);

        QAction *action = a.findChild<QAction *>(QStringLiteral("compareAction"));
        QVERIFY(action);
        action->trigger();
        CompareWindow *w = a.findChild<CompareWindow *>();
        QVERIFY(w);
        QVERIFY(w->isVisible());
        QCOMPARE(w->designList()->count(), 2);

        // A file that cannot be read joins the list.
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.topoplan"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": 1");
        f.close();
        w->addFiles({broken});
        QCOMPARE(w->designList()->count(), 3);

        QSignalSpy compared(w, &CompareWindow::compared);
        QTest::mouseClick(w->findChild<QPushButton *>(QStringLiteral("compareButton")),
                          Qt::LeftButton);
        QVERIFY(compared.wait(kTimeoutMs));
        const std::optional<Comparison> &c = w->comparison();
        QVERIFY(c);
        QCOMPARE(c->designs.size(), std::size_t(3));
        QVERIFY(c->designs[0].best);
        QVERIFY(c->designs[1].best);
        QVERIFY(!c->designs[2].error.empty());
        QVERIFY(w->statusLabel()->text().contains(QStringLiteral("broken.topoplan")));
        // The sample's job on both: the fat tree at 4:1 has fewer switches.
        QVERIFY(c->deltas[1].switches < 0);
        QTableWidget *t = w->table();
        QCOMPARE(t->columnCount(), 3);
        const int deltaRow = t->rowCount() - 1;
        QCOMPARE(t->item(deltaRow, 0)->text(), QStringLiteral("baseline"));
        QCOMPARE(t->item(deltaRow, 1)->text(), QString::fromStdString(c->deltas[1].text));
        QVERIFY(t->item(deltaRow, 1)->text().contains(QStringLiteral("switches")));
        // A sweep line and a step bar per design that has a plan.
        int lines = 0;
        for (QAbstractSeries *s : w->sweepChart()->chart()->series())
            lines += qobject_cast<QLineSeries *>(s) != nullptr;
        QCOMPARE(lines, 2);
        QStringList bars;
        for (QAbstractAxis *axis : w->stepChart()->chart()->axes())
            if (auto *cat = qobject_cast<QBarCategoryAxis *>(axis))
                bars = cat->categories();
        QCOMPARE(bars.size(), 2);

        if (const QByteArray shots = qgetenv("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty()) {
            QTest::qWait(200); // the charts lay out their axes in the event loop
            w->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/compare.png"));
        }
    }
};

QTEST_MAIN(TestCompareWindow)
#include "tst_comparewindow.moc"
