// Exporting the diagram for a design document: `topoplan-cli export` and File > Export write
// SVG, PDF, PNG and JPEG at full detail with the project's name and the legend. Each file is
// read back: the SVG renders with Qt's own SVG renderer and names every device, the PDF is a
// one-page PDF of the diagram's size, the images are the diagram's size at the chosen scale
// and show the cables' colours. A bad format or a file that cannot be written says why.

#include "app/analysis/analysiscontroller.h"
#include "app/canvas/analysisoverlay.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/nodeitem.h"
#include "app/cli/cliexport.h"
#include "app/common/diagramstyle.h"
#include "app/common/translations.h"
#include "app/document/document.h"
#include "app/export/diagramexport.h"
#include "app/window/mainwindow.h"

#include "engine/document/documents.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "engine/model/workload.h"

#include "tests/app/apptest.h"
#include <QDate>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <sstream>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

// The golden file `name` under tests/data/golden/export: compared with `now`, or rewritten
// from it with TOPOPLAN_UPDATE_GOLDEN=1 (review the diff before committing it).
void compareGolden(const QString &name, QByteArray now)
{
    // The title block's date is the day of the export: the golden files say "<date>".
    now.replace(QDate::currentDate().toString(Qt::ISODate).toUtf8(), "<date>");
    const QString path = QStringLiteral(TOPOPLAN_SOURCE_DIR "tests/data/golden/export/") + name;
    if (qEnvironmentVariableIntValue("TOPOPLAN_UPDATE_GOLDEN") == 1) {
        QFile out(path);
        QVERIFY2(out.open(QIODevice::WriteOnly), qPrintable(path));
        out.write(now);
        return;
    }
    QFile in(path);
    QVERIFY2(in.open(QIODevice::ReadOnly),
             qPrintable(path + QStringLiteral(" is missing; run with TOPOPLAN_UPDATE_GOLDEN=1")));
    const QList<QByteArray> expected = in.readAll().split('\n'), lines = now.split('\n');
    for (qsizetype i = 0; i < std::max(expected.size(), lines.size()); ++i) {
        if (expected.value(i) != lines.value(i))
            QFAIL(qPrintable(QStringLiteral("%1 differs at line %2:\n  golden: %3\n  now:    %4")
                                     .arg(path)
                                     .arg(i + 1)
                                     .arg(QString::fromUtf8(expected.value(i)),
                                          QString::fromUtf8(lines.value(i)))));
    }
}

// What a poppler tool prints for `args`; fails the test when the tool is missing (poppler-utils
// comes with packaging/install-deps.sh).
QByteArray poppler(const QString &tool, const QStringList &args)
{
    const QString exe = QStandardPaths::findExecutable(tool);
    if (exe.isEmpty())
        return QByteArray();
    QProcess p;
    p.start(exe, args);
    if (!p.waitForFinished(60'000) || p.exitCode() != 0)
        return QByteArray();
    return p.readAllStandardOutput();
}

// How many pixels of `image` are close to `colour`.
int pixelsNear(const QImage &image, const QColor &colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green())
                        + std::abs(c.blue() - colour.blue())
                < 40)
                ++n;
        }
    }
    return n;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void svgNamesEveryDevice();
    void pdfIsOnePageOfTheDiagram();
    void imagesAtTheirScale_data();
    void imagesAtTheirScale();
    void badInputSaysWhy_data();
    void badInputSaysWhy();
    void documentFormatsWriteTheEngineText();
    void windowExportsInTheBackground();
    void diagramsWriteThroughTheAtomicWriter();
    void everyFormatShowsTheWholeFigure();
    void exportOptionsSetTitleAndBackground();
    void markupInTitleStaysText();
    void goldenDiagrams();
    void exportShowsTheDesignNotTheEditor();

private:
    QTemporaryDir m_dir;
    QString m_sample; // the built-in sample, saved
};

void TestExport::initTestCase()
{
    prepareApplication();
    QVERIFY(m_dir.isValid());
    m_sample = m_dir.filePath(QStringLiteral("su.topoplan"));
    QVERIFY(writeSample(m_sample));
}

void TestExport::svgNamesEveryDevice()
{
    const QString out = m_dir.filePath(QStringLiteral("su.svg"));
    const CliRun r = runCli({"export", m_sample.toStdString(), "-o", out.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(QString::fromStdString(r.out).startsWith(QStringLiteral("wrote ")), r.out.c_str());

    const QByteArray svg = readAll(out);
    // Well-formed XML whose root is <svg> with the project's name as its <title>.
    QXmlStreamReader xml(svg);
    QStringList elements;
    QString title;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            elements.append(xml.name().toString());
            if (xml.name() == QLatin1String("title") && title.isEmpty())
                title = xml.readElementText();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(elements.value(0), QStringLiteral("svg"));
    QCOMPARE(title, QStringLiteral("DGX H100 scalable unit"));
    // Full detail: every node and switch is named, and the bundles carry their badges,
    // whatever a window's zoom would show.
    Expected<Project> p = loadProject(m_sample.toStdString());
    QVERIFY(p);
    const QString text = QString::fromUtf8(svg);
    for (const Node &n : p->topology.nodes)
        QVERIFY2(text.contains(QString::fromStdString(n.name)), n.name.c_str());
    for (const Switch &s : p->topology.switches)
        QVERIFY2(text.contains(QString::fromStdString(s.name)), s.name.c_str());
    QVERIFY(text.contains(QStringLiteral("8 x 400G")));
    QVERIFY(text.contains(QStringLiteral("InfiniBand"))); // the legend
    // The analysis of the project's job, as the window shows it: the group summary and the
    // bottleneck callouts.
    QVERIFY(text.contains(QStringLiteral("TP 8 x 32 \u00b7 NVLink")));
    QVERIFY(text.contains(QStringLiteral("DP bottleneck")));

    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QImage image(renderer.defaultSize(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter);
    painter.end();
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        image.save(QDir(dir).filePath(QStringLiteral("export-svg.png")));
    QVERIFY(pixelsNear(image, DiagramStyle::linkColor(LinkClass::InfiniBand)) > 500);
    QVERIFY(pixelsNear(image, DiagramStyle::linkColor(LinkClass::NVLink)) > 500);
}

void TestExport::pdfIsOnePageOfTheDiagram()
{
    const QString out = m_dir.filePath(QStringLiteral("su.pdf"));
    const CliRun r = runCli(
            {"export", m_sample.toStdString(), "--format", "pdf", "-o", out.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    const QByteArray pdf = readAll(out);
    QVERIFY(pdf.startsWith("%PDF-"));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    QCOMPARE(pdf.count("/Type /Page\n") + pdf.count("/Type /Page\r") + pdf.count("/Type /Page "),
             1);
    // The title in the metadata, as UTF-16 with a byte order mark.
    QByteArray title("\xfe\xff");
    for (QChar c : QStringLiteral("DGX H100"))
        title += QByteArray(1, char(c.unicode() >> 8)) + QByteArray(1, char(c.unicode() & 0xff));
    QVERIFY(pdf.contains(title));
}

void TestExport::imagesAtTheirScale_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QString>("scale");
    QTest::addColumn<double>("expected");
    QTest::newRow("png, default scale") << QStringLiteral("png") << QString() << 2.0;
    QTest::newRow("png, scale 1") << QStringLiteral("png") << QStringLiteral("1") << 1.0;
    QTest::newRow("jpg, scale 0.5") << QStringLiteral("jpg") << QStringLiteral("0.5") << 0.5;
}

void TestExport::imagesAtTheirScale()
{
    QFETCH(QString, suffix);
    QFETCH(QString, scale);
    QFETCH(double, expected);
    const QString out = m_dir.filePath(QStringLiteral("su-%1.%2").arg(scale, suffix));
    std::vector<std::string> args{"export", m_sample.toStdString(), "-o", out.toStdString()};
    if (!scale.isEmpty()) {
        args.push_back("--scale");
        args.push_back(scale.toStdString());
    }
    const CliRun r = runCli(args);
    QVERIFY2(r.code == 0, r.err.c_str());

    // The diagram's own size, as the window records it.
    Expected<Project> p = loadProject(m_sample.toStdString());
    QVERIFY(p);
    // As the CLI draws it: the analysis on the drawing, under the title block.
    Document doc(std::move(*p));
    ClusterScene scene(&doc);
    const AnalysisOutcome outcome = analyzeProject(doc.project(), doc.catalog());
    auto *overlay = new AnalysisOverlay;
    scene.addItem(overlay);
    overlay->setOutcome(outcome);
    const DiagramPicture diagram
            = recordDiagram(&scene, diagramHeader(doc, &outcome), groupSummary(outcome));
    QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), int(std::ceil(diagram.rect.width() * expected)));
    QCOMPARE(image.height(), int(std::ceil(diagram.rect.height() * expected)));
    // Below one pixel per unit the thin cables blend into the background; above, they show.
    if (expected >= 1)
        QVERIFY(pixelsNear(image, DiagramStyle::linkColor(LinkClass::InfiniBand)) > 50);
    else
        QVERIFY(pixelsNear(image, DiagramStyle::linkColor(LinkClass::NVLink)) > 50);
}

void TestExport::badInputSaysWhy_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown format")
            << QStringList{QStringLiteral("--format"), QStringLiteral("bmp"), QStringLiteral("-o"),
                           QStringLiteral("OUT.bmp")}
            << 2 << QStringLiteral("--format bmp is not one of svg, pdf, png, jpg");
    QTest::newRow("no suffix") << QStringList{QStringLiteral("-o"), QStringLiteral("OUT")} << 2
                               << QStringLiteral("cannot tell the format");
    QTest::newRow("bad scale") << QStringList{QStringLiteral("--scale"), QStringLiteral("-1"),
                                              QStringLiteral("-o"), QStringLiteral("OUT.png")}
                               << 2 << QStringLiteral("--scale -1 is not a positive number");
    QTest::newRow("csv is two formats")
            << QStringList{QStringLiteral("-o"), QStringLiteral("OUT.csv")} << 2
            << QStringLiteral("give --format bom or --format cables");
    QTest::newRow("xlsx is two formats")
            << QStringList{QStringLiteral("-o"), QStringLiteral("OUT.xlsx")} << 2
            << QStringLiteral("give --format bom or --format cables");
    QTest::newRow("scale on text") << QStringList{QStringLiteral("--scale"), QStringLiteral("2"),
                                                  QStringLiteral("-o"), QStringLiteral("OUT.dot")}
                                   << 2 << QStringLiteral("--scale applies to PNG and JPEG only");
    QTest::newRow("unwritable text")
            << QStringList{QStringLiteral("--format"), QStringLiteral("slurm-tree"),
                           QStringLiteral("-o"), QStringLiteral("/nonexistent/dir/topology.conf")}
            << 1 << QStringLiteral("/nonexistent/dir/topology.conf");
    QTest::newRow("unwritable") << QStringList{QStringLiteral("-o"),
                                               QStringLiteral("/nonexistent/dir/out.svg")}
                                << 1 << QStringLiteral("/nonexistent/dir/out.svg: cannot write");
}

void TestExport::badInputSaysWhy()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    std::vector<std::string> a{"export", m_sample.toStdString()};
    for (QString s : args)
        a.push_back(s.replace(QStringLiteral("OUT"), m_dir.filePath(QStringLiteral("bad")))
                            .toStdString());
    const CliRun r = runCli(a);
    QCOMPARE(r.code, code);
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
    // A missing project file names the file.
    const CliRun missing = runCli({"export", "/nonexistent.topoplan", "-o", "x.svg"});
    QCOMPARE(missing.code, 1);
    QVERIFY2(QString::fromStdString(missing.err).contains(QStringLiteral("/nonexistent.topoplan")),
             missing.err.c_str());
}

// The engine's formats go through `export` as the engine writes them, atomically, with no
// rendering; .drawio and .dot choose their format from the suffix.
void TestExport::documentFormatsWriteTheEngineText()
{
    Expected<Project> project = loadProject(m_sample.toStdString());
    QVERIFY(project.ok());
    Expected<Catalog> catalog = projectCatalog(*project);
    QVERIFY(catalog.ok());
    for (const DocumentFormatInfo &f : documentFormats()) {
        const QString out = m_dir.filePath(QStringLiteral("su-") + QString::fromLatin1(f.name));
        const CliRun r = runCli(
                {"export", m_sample.toStdString(), "--format", f.name, "-o", out.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(QString::fromStdString(r.out).startsWith(QStringLiteral("wrote ")), r.out.c_str());
        Expected<std::string> want = writeDocument(f.format, *project, *catalog);
        QVERIFY(want.ok());
        if (f.format == DocumentFormat::BomXlsx || f.format == DocumentFormat::CablesXlsx
            || f.format == DocumentFormat::CvtXlsx) {
            // A workbook records when it was written: same size, a zip archive (tst_documents
            // reads the sheets back).
            QCOMPARE(readAll(out).size(), qsizetype(want->size()));
            QVERIFY(readAll(out).startsWith("PK"));
            continue;
        }
        QCOMPARE(readAll(out).toStdString(), *want);
    }
    // --format bom or cables with an .xlsx file writes the workbook.
    const QString book = m_dir.filePath(QStringLiteral("su-plan.xlsx"));
    const CliRun r = runCli(
            {"export", m_sample.toStdString(), "--format", "cables", "-o", book.toStdString()});
    QVERIFY2(r.code == 0 && r.out.find("(cables-xlsx, ") != std::string::npos, r.out.c_str());
    QVERIFY(readAll(book).startsWith("PK"));
    for (const char *suffix : {"drawio", "dot"}) {
        const QString out
                = m_dir.filePath(QStringLiteral("by-suffix.") + QString::fromLatin1(suffix));
        const CliRun r = runCli({"export", m_sample.toStdString(), "-o", out.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        Expected<std::string> want
                = writeDocument(*documentFormatForFile(out.toStdString()), *project, *catalog);
        QCOMPARE(readAll(out).toStdString(), *want);
    }
}

void TestExport::diagramsWriteThroughTheAtomicWriter()
{
    // Pictures are written like every other output: onto a symbolic link the target is
    // replaced and the link stays; a failed write leaves nothing behind.
    const QString target = m_dir.filePath(QStringLiteral("picture-target.svg"));
    const QString link = m_dir.filePath(QStringLiteral("picture-link.svg"));
    {
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
    }
    QVERIFY(QFile::link(target, link));
    const CliRun r = runCli({"export", m_sample.toStdString(), "-o", link.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(readAll(target).contains("<svg"));
    const QString sub = m_dir.filePath(QStringLiteral("a-directory.png"));
    QVERIFY(QDir().mkpath(sub));
    const QStringList before = QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden);
    const CliRun bad = runCli({"export", m_sample.toStdString(), "-o", sub.toStdString()});
    QCOMPARE(bad.code, 1);
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden), before);
}

void TestExport::windowExportsInTheBackground()
{
    MainWindow w;
    QVERIFY(openAndSettle(w, m_sample));
    const QString out = m_dir.filePath(QStringLiteral("window.svg"));
    QSignalSpy exported(&w, &MainWindow::diagramExported);
    ExportChoice choice;
    choice.path = out; // SVG, the whole design, title block, the theme's background
    w.exportWith(choice);
    QVERIFY(w.isExporting()); // the file is written in a worker
    QVERIFY(exported.wait(20000));
    QCOMPARE(exported.first().at(0).toString(), out);
    QCOMPARE(exported.first().at(1).toString(), QString()); // no error
    // What the window shows goes with it: the analysis summary and the bottleneck callouts.
    const QString svg = QString::fromUtf8(readAll(out));
    QVERIFY(svg.contains(QStringLiteral("TP 8 x 32 \u00b7 NVLink")));
    QVERIFY(svg.contains(QStringLiteral("DP bottleneck")));
    QVERIFY(svg.contains(QStringLiteral("dgx-032")));
}

// The cut: the bottleneck's callout is anchored on the rightmost server and reaches
// past the devices. Every format shows the same complete figure: the callout inside it, the
// SVG's view box, the PDF's page and the PNG's pixels all of one size.
void TestExport::everyFormatShowsTheWholeFigure()
{
    Expected<Project> p = loadProject(m_sample.toStdString());
    QVERIFY(p);
    // node-1 holds the TP bottleneck (its GPU 0 - NVSwitch); put it right of every device.
    double right = 0;
    for (const auto &[id, item] : p->layout.items)
        right = std::max(right, item.x);
    p->layout.items["node-1"].x = right + 200;
    const QString file = m_dir.filePath(QStringLiteral("right.topoplan"));
    QVERIFY(!saveProject(*p, file.toStdString()));

    Document doc(std::move(*p));
    ClusterScene scene(&doc);
    const AnalysisOutcome outcome = analyzeProject(doc.project(), doc.catalog());
    QVERIFY(outcome.result);
    auto *overlay = new AnalysisOverlay;
    scene.addItem(overlay);
    overlay->setOutcome(outcome);
    const QRectF callouts = overlay->sceneBoundingRect();
    QVERIFY2(callouts.right() > scene.contentRect().right(),
             "the callout reaches past the devices, as in the issue");
    QVERIFY(figureRect(&scene).contains(callouts));
    const DiagramPicture diagram
            = recordDiagram(&scene, diagramHeader(doc, &outcome), groupSummary(outcome));

    const auto exported = [&](const char *suffix) {
        const QString out = m_dir.filePath(QStringLiteral("right.") + QLatin1String(suffix));
        const CliRun r = runCli({"export", file.toStdString(), "-o", out.toStdString()});
        return r.code == 0 ? out : QString();
    };
    const QImage png(exported("png"));
    QCOMPARE(png.width(), int(std::ceil(diagram.rect.width() * kDefaultImageScale)));
    QCOMPARE(png.height(), int(std::ceil(diagram.rect.height() * kDefaultImageScale)));
    QSvgRenderer svg(exported("svg"));
    QVERIFY(svg.isValid());
    QVERIFY(std::abs(svg.viewBoxF().width() - diagram.rect.width()) < 0.01);
    QVERIFY(std::abs(svg.viewBoxF().height() - diagram.rect.height()) < 0.01);
    // The PDF's one page is the figure's size in points (96 units to the inch).
    const QByteArray pdf = readAll(exported("pdf"));
    const QRegularExpressionMatch box
            = QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"))
                      .match(QString::fromLatin1(pdf));
    QVERIFY(box.hasMatch());
    QVERIFY(std::abs(box.captured(1).toDouble() - diagram.rect.width() * 72 / 96) < 1);
    QVERIFY(std::abs(box.captured(2).toDouble() - diagram.rect.height() * 72 / 96) < 1);

    // The title block: the job and today's date under the title.
    const DiagramHeader h = diagramHeader(doc, &outcome, {}, true, QDate(2026, 12, 4));
    QCOMPARE(h.title, doc.displayName());
    QCOMPARE(h.lines.size(), 2);
    QVERIFY2(h.lines[0].startsWith(QStringLiteral("gpt3-175b \u00b7 TP 8 \u00b7 PP 8")),
             qPrintable(h.lines[0]));
    QVERIFY2(h.lines[0].endsWith(QStringLiteral("tokens/s")), qPrintable(h.lines[0]));
    QCOMPARE(h.lines[1], QStringLiteral("2026-12-04"));
}

// The title, the title block and the background: File > Export's choice in the window, and
// the CLI's --title and --background.
void TestExport::exportOptionsSetTitleAndBackground()
{
    const QString out = m_dir.filePath(QStringLiteral("titled.png"));
    const CliRun r = runCli({"export", m_sample.toStdString(), "--title", "Design review: SU 1",
                             "--background", "white", "-o", out.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    const QImage png(out);
    QCOMPARE(png.pixelColor(2, 2), QColor(Qt::white));
    const QString svgOut = m_dir.filePath(QStringLiteral("titled.svg"));
    QCOMPARE(runCli({"export", m_sample.toStdString(), "--title", "Design review: SU 1", "-o",
                     svgOut.toStdString()})
                     .code,
             0);
    const QString svg = QString::fromUtf8(readAll(svgOut));
    QVERIFY(svg.contains(QStringLiteral("Design review: SU 1")));
    QVERIFY(svg.contains(QStringLiteral("tokens/s")));
    QVERIFY(svg.contains(QDate::currentDate().toString(Qt::ISODate)));
    const CliRun bad = runCli(
            {"export", m_sample.toStdString(), "--background", "pink", "-o", out.toStdString()});
    QCOMPARE(bad.code, 2);
    QVERIFY(QString::fromStdString(bad.err).contains(QStringLiteral("not one of white, theme")));

    // In the window: the Export dialog's choice (title, title block, white) goes to the file.
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QString windowOut = m_dir.filePath(QStringLiteral("window-white.png"));
    QSignalSpy exported(&w, &MainWindow::diagramExported);
    ExportChoice choice;
    choice.format = QStringLiteral("png");
    choice.path = windowOut;
    choice.title = QStringLiteral("Window title");
    choice.white = true;
    w.exportWith(choice);
    QVERIFY(exported.wait(20000));
    QCOMPARE(QImage(windowOut).pixelColor(2, 2), QColor(Qt::white));
}

// A title with markup (--title, or the project's name) is the SVG's <title> text, never
// elements of its own: Qt writes <title> as it is given, so the export escapes it.
void TestExport::markupInTitleStaysText()
{
    const QString title = QStringLiteral("</title><script>alert(1)</script><title>&");
    const QString out = m_dir.filePath(QStringLiteral("markup.svg"));
    const CliRun r = runCli({"export", m_sample.toStdString(), "--title", title.toStdString(), "-o",
                             out.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QXmlStreamReader xml(readAll(out));
    QString first;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        QVERIFY(xml.name() != QLatin1String("script"));
        if (xml.name() == QLatin1String("title") && first.isEmpty())
            first = xml.readElementText();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(first, title);
}

// An export is the design: what is selected on the canvas is not highlighted in it, and the
// analysis's callouts cover no device's name.
void TestExport::exportShowsTheDesignNotTheEditor()
{
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY(openAndSettle(w, m_sample));
    ClusterScene *scene = w.scene();
    // A click on a server selects it, as a user selects.
    const QGraphicsItem *server = scene->nodeItem(QStringLiteral("node-1"));
    QVERIFY(server);
    ClusterView *view = w.view();
    view->centerOn(server);
    const QPoint at = view->mapFromScene(server->sceneBoundingRect().center());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(w.document()->selection(), QSet<QString>{QStringLiteral("node-1")});

    const QString out = m_dir.filePath(QStringLiteral("selected.png"));
    QSignalSpy exported(&w, &MainWindow::diagramExported);
    ExportChoice choice;
    choice.format = QStringLiteral("png");
    choice.path = out;
    choice.white = true;
    w.exportWith(choice);
    QVERIFY(exported.wait(20000));
    const QImage png(out);
    QVERIFY(!png.isNull());
    // The selection's colour, as the white export's light palette makes it.
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Window, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    light.setColor(QPalette::WindowText, Qt::black);
    light.setColor(QPalette::Mid, QColor(0x80, 0x80, 0x80));
    const QColor selection = DiagramStyle::fromPalette(light).selection;
    int highlighted = 0;
    for (int y = 0; y < png.height(); ++y)
        for (int x = 0; x < png.width(); ++x)
            highlighted += png.pixelColor(x, y) == selection;
    QCOMPARE(highlighted, 0);
    QVERIFY(w.document()->isSelected(QStringLiteral("node-1"))); // still selected on the canvas

    // The callouts keep clear of every server's and switch's name.
    const AnalysisOverlay *overlay = nullptr;
    for (QGraphicsItem *item : scene->items())
        if (auto *o = dynamic_cast<AnalysisOverlay *>(item))
            overlay = o;
    QVERIFY(overlay);
    QVERIFY(!overlay->bottlenecks().isEmpty());
    for (const AnalysisOverlay::Bottleneck &b : overlay->bottlenecks())
        for (QGraphicsItem *item : scene->items(b.callout)) {
            if (item->type() != NodeItemType && item->type() != SwitchItemType)
                continue;
            const auto *device = static_cast<const DiagramItem *>(item);
            QVERIFY2(!b.callout.intersects(device->mapRectToScene(device->nameRect())),
                     qPrintable(b.text + QStringLiteral(" covers ") + device->id()));
        }
}

// The diagram files byte for byte (SVG) and as read back by poppler (PDF: the page size and
// every word on it), so that any change to what a design document receives is a reviewed
// diff. The SVG keeps its words as real <text>: every device's name is the text of a <text>
// element, searchable and editable in Inkscape, never turned into outlines.
void TestExport::goldenDiagrams()
{
    const QString svgPath = m_dir.filePath(QStringLiteral("golden.svg"));
    CliRun r = runCli({"export", m_sample.toStdString(), "-o", svgPath.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    const QByteArray svg = readAll(svgPath);
    QSet<QString> texts;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text")
            texts.insert(xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed());
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    Expected<Project> p = loadProject(m_sample.toStdString());
    QVERIFY(p);
    for (const Node &n : p->topology.nodes)
        QVERIFY2(texts.contains(QString::fromStdString(n.name)), n.name.c_str());
    for (const Switch &sw : p->topology.switches)
        QVERIFY2(texts.contains(QString::fromStdString(sw.name)), sw.name.c_str());
    compareGolden(QStringLiteral("sample.svg"), svg);

    const QString pdfPath = m_dir.filePath(QStringLiteral("golden.pdf"));
    r = runCli({"export", m_sample.toStdString(), "-o", pdfPath.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QByteArray info = poppler(QStringLiteral("pdfinfo"), {pdfPath});
    QVERIFY2(!info.isEmpty(), "pdfinfo (poppler-utils) is missing or failed");
    QByteArray read;
    for (const QByteArray &line : info.split('\n')) {
        if (line.startsWith("Pages:") || line.startsWith("Page size:") || line.startsWith("Title:"))
            read += line.simplified() + '\n';
    }
    read += "---\n"
            + poppler(QStringLiteral("pdftotext"),
                      {QStringLiteral("-layout"), pdfPath, QStringLiteral("-")});
    compareGolden(QStringLiteral("sample.pdf.txt"), read);
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
