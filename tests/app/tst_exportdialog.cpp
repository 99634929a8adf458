// File > Export...: one dialog for every format, driven as a user drives it. Ctrl+E opens it;
// the preview shows the diagram for the picture formats and the first lines of the text for
// the engine's documents; the scope and options reach the file; the choices are remembered;
// Ctrl+Shift+R opens it on the report; the export runs in the background. The toolbar's drag
// handle carries the diagram as SVG and PNG.

#include "app/common/translations.h"
#include "app/export/diagramdrag.h"
#include "app/window/exportdialog.h"
#include "app/window/mainwindow.h"

#include "engine/document/documents.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"

#include "tests/app/apptest.h"
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

ExportDialog *waitForDialog(MainWindow &w)
{
    ExportDialog *d = nullptr;
    // nullptr when none shows up in time: the caller's QVERIFY says so.
    (void) QTest::qWaitFor([&] {
        d = nullptr;
        // An accepted dialog is deleted later; the one shown now is the visible one.
        for (ExportDialog *candidate : w.findChildren<ExportDialog *>())
            if (candidate->isVisible())
                d = candidate;
        return d != nullptr;
    });
    return d;
}

// Ctrl+E once more after an export: the accepted dialog goes (deleted later) and the window
// is the active one again, as the window manager makes it when a dialog closes, so the key
// reaches the window's shortcut; the new dialog, or nullptr.
ExportDialog *exportAgain(MainWindow &w)
{
    if (!QTest::qWaitFor([&w] { return w.findChildren<ExportDialog *>().isEmpty(); }))
        return nullptr;
    w.activateWindow();
    if (!QTest::qWaitFor([&w] { return QApplication::activeWindow() == &w; }))
        return nullptr;
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
    return waitForDialog(w);
}

// Chooses `format` in the dialog's format box with the keyboard, as a user would.
void chooseFormat(ExportDialog *d, const QString &format)
{
    auto *box = d->findChild<QComboBox *>(QStringLiteral("exportFormat"));
    const int target = box->findData(format);
    QVERIFY(target >= 0);
    box->setFocus();
    while (box->currentIndex() != target)
        QTest::keyClick(box, box->currentIndex() < target ? Qt::Key_Down : Qt::Key_Up);
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void oneDialogForEveryFormat();
    void reportShortcutOpensItOnTheReport();
    void dragCarriesSvgAndPng();
    void exportsGoToTheProjectsFolder();

private:
    void openSample(MainWindow &w);
    QTemporaryDir m_dir;
    QString m_sample;
};

void TestExportDialog::initTestCase()
{
    prepareApplication();
    QVERIFY(m_dir.isValid());
    m_sample = m_dir.filePath(QStringLiteral("su.topoplan"));
    QVERIFY(writeSample(m_sample));
}

void TestExportDialog::openSample(MainWindow &w)
{
    QVERIFY(openAndSettle(w, m_sample));
}

void TestExportDialog::oneDialogForEveryFormat()
{
    MainWindow w;
    openSample(w);
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
    ExportDialog *d = waitForDialog(w);
    QVERIFY(d);
    // Every format: the diagram's four, the report's two and the engine's documents.
    auto *formats = d->findChild<QComboBox *>(QStringLiteral("exportFormat"));
    QCOMPARE(formats->count(), 4 + 2 + int(documentFormats().size()) - 1);
    // The diagram first: a picture in the preview, the scope and options enabled.
    QVERIFY(QTest::qWaitFor([d] { return d->previewShowsPicture(); }));
    auto *scope = d->findChild<QComboBox *>(QStringLiteral("exportScope"));
    QVERIFY(scope->isEnabled());
    // A text format: its first lines, computed in the background.
    QSignalSpy updated(d, &ExportDialog::previewUpdated);
    chooseFormat(d, QStringLiteral("bom"));
    QVERIFY(QTest::qWaitFor(
            [d] {
                return d->previewText().contains(QStringLiteral("category,item,detail,quantity"));
            },
            20000));
    QVERIFY(!scope->isEnabled());
    QVERIFY(d->findChild<QLineEdit *>(QStringLiteral("exportPath"))->text().endsWith(u".csv"));
    // Back to SVG, the visible area without the legend, into a file of our own.
    chooseFormat(d, QStringLiteral("svg"));
    QVERIFY(QTest::qWaitFor([d] { return d->previewShowsPicture(); }));
    scope->setFocus();
    QTest::keyClick(scope, Qt::Key_Down); // Selection is disabled: nothing is selected
    QCOMPARE(scope->currentData().toInt(), int(ExportChoice::Scope::Visible));
    auto *legend = d->findChild<QCheckBox *>(QStringLiteral("exportLegend"));
    QVERIFY(legend->isChecked());
    QTest::mouseClick(legend, Qt::LeftButton, {}, QPoint(8, legend->height() / 2)); // its box
    QVERIFY(!d->choice().legend);
    auto *path = d->findChild<QLineEdit *>(QStringLiteral("exportPath"));
    const QString out = m_dir.filePath(QStringLiteral("visible.svg"));
    path->setText(out);
    QSignalSpy exported(&w, &MainWindow::diagramExported);
    QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
    QVERIFY(exported.wait(20000));
    QCOMPARE(exported.first().at(1).toString(), QString());
    const QByteArray svg = readAll(out);
    QVERIFY(svg.contains("<text"));
    QVERIFY(!svg.contains("RoCE</text>")); // no legend (the design has no RoCE link)
    // The whole design with the legend is larger than the visible area without it.
    const QString whole = m_dir.filePath(QStringLiteral("whole.svg"));
    ExportChoice all;
    all.path = whole;
    w.exportWith(all);
    QVERIFY(exported.wait(20000));
    QVERIFY(readAll(whole).contains("RoCE</text>"));

    // The choices are remembered: the next dialog opens on SVG, visible area, no legend.
    ExportDialog *again = exportAgain(w);
    QVERIFY(again);
    QCOMPARE(again->choice().format, QStringLiteral("svg"));
    QCOMPARE(int(again->choice().scope), int(ExportChoice::Scope::Visible));
    QVERIFY(!again->choice().legend);
    QCOMPARE(QFileInfo(again->choice().path).absolutePath(), m_dir.path());
    // A document through the dialog is the engine's text, written in the background.
    chooseFormat(again, QStringLiteral("slurm-tree"));
    const QString conf = m_dir.filePath(QStringLiteral("topology.conf"));
    again->findChild<QLineEdit *>(QStringLiteral("exportPath"))->setText(conf);
    QTest::mouseClick(again->findChild<QPushButton *>(QStringLiteral("exportButton")),
                      Qt::LeftButton);
    QVERIFY(exported.wait(20000));
    Expected<std::string> want = writeDocument(DocumentFormat::SlurmTree, w.document()->project(),
                                               w.document()->catalog());
    QVERIFY(want.ok());
    QCOMPARE(readAll(conf).toStdString(), *want);
}

void TestExportDialog::reportShortcutOpensItOnTheReport()
{
    MainWindow w;
    openSample(w);
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    ExportDialog *d = waitForDialog(w);
    QVERIFY(d);
    QCOMPARE(d->choice().format, QStringLiteral("report-pdf"));
    QVERIFY(QTest::qWaitFor(
            [d] { return d->previewText().contains(QStringLiteral("Design report")); }, 20000));
    const QString out = m_dir.filePath(QStringLiteral("dialog-report.pdf"));
    d->findChild<QLineEdit *>(QStringLiteral("exportPath"))->setText(out);
    QSignalSpy exported(&w, &MainWindow::reportExported);
    QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
    QVERIFY(w.isExportingReport());
    QVERIFY(exported.wait(60000));
    QCOMPARE(exported.first().at(1).toString(), QString());
    QVERIFY(readAll(out).startsWith("%PDF-"));
}

void TestExportDialog::dragCarriesSvgAndPng()
{
    MainWindow w;
    openSample(w);
    auto *handle = w.findChild<DiagramDragHandle *>(QStringLiteral("diagramDragHandle"));
    QVERIFY(handle);
    QVERIFY(handle->isVisible());
    ExportChoice c;
    c.white = true;
    std::unique_ptr<QMimeData> mime(diagramMimeData(w.recordChoice(c), QStringLiteral("SU")));
    QVERIFY(mime->hasFormat(QStringLiteral("image/svg+xml")));
    QVERIFY(mime->hasFormat(QStringLiteral("image/png")));
    QVERIFY(mime->data(QStringLiteral("image/svg+xml")).contains(">dgx-032<")
            || mime->data(QStringLiteral("image/svg+xml")).contains("dgx-032"));
    const QImage png = QImage::fromData(mime->data(QStringLiteral("image/png")), "PNG");
    QVERIFY(!png.isNull());
    QVERIFY(png.width() > 500);
    QCOMPARE(png.pixelColor(1, 1), QColor(Qt::white));
    QVERIFY(mime->hasImage());
}

void TestExportDialog::exportsGoToTheProjectsFolder()
{
    // Another project was last exported to a folder of its own; this one opens from its folder.
    QTemporaryDir elsewhere;
    QTemporaryDir projects;
    QVERIFY(elsewhere.isValid() && projects.isValid());
    const QString path = projects.filePath(QStringLiteral("pod.topoplan"));
    QVERIFY(writeSample(path));
    {
        MainWindow other;
        openSample(other);
        QTest::keyClick(&other, Qt::Key_E, Qt::ControlModifier);
        ExportDialog *d = waitForDialog(other);
        QVERIFY(d);
        chooseFormat(d, QStringLiteral("bom"));
        d->findChild<QLineEdit *>(QStringLiteral("exportPath"))
                ->setText(QDir(elsewhere.path()).filePath(QStringLiteral("bom.csv")));
        QSignalSpy exported(&other, &MainWindow::diagramExported);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("exportButton")),
                          Qt::LeftButton);
        QVERIFY(exported.wait(20000));
    }
    MainWindow w;
    QVERIFY(openAndSettle(w, path));
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
    ExportDialog *d = waitForDialog(w);
    QVERIFY(d);
    auto *file = d->findChild<QLineEdit *>(QStringLiteral("exportPath"));
    QCOMPARE(QFileInfo(file->text()).absolutePath(), QFileInfo(path).absolutePath());
    // Exported somewhere else, this project goes there again next time.
    const QString sub = QDir(projects.path()).filePath(QStringLiteral("exports"));
    QVERIFY(QDir().mkpath(sub));
    file->setText(QDir(sub).filePath(QStringLiteral("pod.csv")));
    QSignalSpy exported(&w, &MainWindow::diagramExported);
    QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
    QVERIFY(exported.wait(20000));
    ExportDialog *again = exportAgain(w);
    QVERIFY(again);
    QCOMPARE(QFileInfo(again->choice().path).absolutePath(), QFileInfo(sub).absoluteFilePath());
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
