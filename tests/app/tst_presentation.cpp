// View > Presentation for workshops, driven by its keys: F11 makes the window full screen with
// no menu bar, tool bar, status bar or dock, the canvas over the key figures in large type and
// the step chart; Esc brings every bar and dock back where it was.

#include "app/analysis/analysiscontroller.h"
#include "app/common/translations.h"
#include "app/panels/analysisdock.h"
#include "app/panels/presentationpanel.h"
#include "app/window/mainwindow.h"

#include "tests/app/apptest.h"
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QToolBar>

using namespace topoplan;
using namespace topoplan::testing;

class TestPresentation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { prepareApplication(); }

    void f11PresentsAndEscapeLeaves()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openTemplate(MainWindow::sampleTemplateId());
        QTRY_VERIFY_WITH_TIMEOUT(w.analysis()->outcome() && w.analysis()->outcome()->result, 30000);
        QVERIFY(w.analysisDock()->isVisible());

        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(w.isPresenting());
        QVERIFY(w.windowState() & Qt::WindowFullScreen);
        QVERIFY(!w.menuBar()->isVisible());
        QVERIFY(!w.statusBar()->isVisible());
        for (QToolBar *bar : w.findChildren<QToolBar *>())
            QVERIFY(!bar->isVisible());
        QVERIFY(!w.analysisDock()->isVisible());
        PresentationPanel *panel = w.presentationPanel();
        QVERIFY(panel && panel->isVisible());
        const QString figures = panel->figuresLabel()->text();
        QVERIFY2(figures.contains(QStringLiteral("tokens/s")), qPrintable(figures));
        QVERIFY(figures.contains(QStringLiteral("MFU")));
        QVERIFY(panel->figuresLabel()->font().pointSizeF() > w.font().pointSizeF() * 1.5);
        QVERIFY(!panel->chartView()->chart()->series().isEmpty());
        if (const QByteArray shots = qgetenv("TOPOPLAN_SCREENSHOTS"); !shots.isEmpty()) {
            QTest::qWait(200);
            w.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/presentation.png"));
        }

        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.isPresenting());
        QVERIFY(!(w.windowState() & Qt::WindowFullScreen));
        QVERIFY(w.menuBar()->isVisible());
        QVERIFY(w.statusBar()->isVisible());
        QVERIFY(w.analysisDock()->isVisible());
        // F11 toggles too.
        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(w.isPresenting());
        QTest::keyClick(&w, Qt::Key_F11);
        QVERIFY(!w.isPresenting());
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
