// The design report as a page: `topoplan-cli export --format report` and File > Export Report
// write it as PDF and as self-contained HTML. The PDF is read back with poppler's pdftotext and
// pdfinfo (packaging/install-deps.sh installs poppler-utils): the title, the page numbers, the
// group table, a diagnostic and the bill of materials are in its text, on A4 or Letter paper,
// and a table that runs over a page repeats its header. The HTML parses as XML, names no file
// or address outside itself, and draws the diagram and both charts as inline SVG with real
// text.

#include "app/cli/cliexport.h"
#include "app/common/translations.h"
#include "app/dialogs/preferences.h"
#include "app/export/reportexport.h"
#include "app/window/mainwindow.h"

#include "engine/document/report.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"

#include "tests/app/apptest.h"
#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <sstream>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

// A poppler tool's output; empty (and a failed check) when it cannot run.
QString poppler(const QString &tool, const QStringList &args)
{
    QProcess p;
    p.start(tool, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    // The PDF's text keeps the font's ligatures (U+FB01 for "fi"); read them as letters.
    return QString::fromUtf8(p.readAllStandardOutput())
            .replace(QChar(0xfb01), QStringLiteral("fi"))
            .replace(QChar(0xfb02), QStringLiteral("fl"));
}

} // namespace

class TestReportExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pdfReadsBack();
    void paperSizes();
    void longTablesRepeatTheirHeader();
    void nothingIsStrandedAtAPageBreak();
    void htmlIsSelfContained();
    void formatFromSuffix();
    void badOptionsSayWhy();
    void windowWritesTheReportInTheBackground();

private:
    QTemporaryDir m_dir;
    QString m_sample;
};

void TestReportExport::initTestCase()
{
    prepareApplication();
    QVERIFY(m_dir.isValid());
    m_sample = m_dir.filePath(QStringLiteral("su.topoplan"));
    QVERIFY(writeSample(m_sample));
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty(),
             "pdftotext (poppler-utils) is missing; packaging/install-deps.sh installs it");
}

void TestReportExport::pdfReadsBack()
{
    const QString out = m_dir.filePath(QStringLiteral("report.pdf"));
    const CliRun r = runCli({"export", m_sample.toStdString(), "--format", "report", "--author",
                             "Ada Lovelace", "--paper", "a4", "-o", out.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(readAll(out).startsWith("%PDF-"));
    const QString info = poppler(QStringLiteral("pdfinfo"), {out});
    const QRegularExpressionMatch pages
            = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    QVERIFY2(pages.hasMatch(), qPrintable(info));
    const int n = pages.captured(1).toInt();
    QVERIFY(n >= 3);
    const QString text = poppler(QStringLiteral("pdftotext"),
                                 {QStringLiteral("-layout"), out, QStringLiteral("-")});
    QVERIFY(!text.isEmpty());
    // Title block.
    QVERIFY(text.contains(QStringLiteral("DGX H100 scalable unit")));
    QVERIFY(text.contains(QStringLiteral("Design report")));
    QVERIFY(text.contains(QStringLiteral("Ada Lovelace")));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("Revision\\s+none"))));
    // Every page numbered, with the title in the footer.
    for (int i = 1; i <= n; ++i)
        QVERIFY2(text.contains(QStringLiteral("Page %1 of %2").arg(i).arg(n)), qPrintable(text));
    QCOMPARE(text.count(QStringLiteral("DGX H100 scalable unit \u00b7 Design report")), n);
    // The group table's rows, a diagnostic, the bill of materials, the sources.
    QVERIFY(text.contains(
            QRegularExpression(QStringLiteral("TP\\s+32 x 8\\s+all-gather.*NVLink\\s+369 GB/s"))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("DP\\s+64 x 4\\s+reduce-"))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("InfiniBand\\s+47 GB/s"))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("info\\s+TIER_UNUSED"))));
    QVERIFY(text.contains(
            QRegularExpression(QStringLiteral("servers\\s+NVIDIA DGX H100 \\(dgx-h100\\).*32"))));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral(
            "switches\\s+NVIDIA Quantum-2 QM9700 \\(qm9700\\)\\s+compute fabric leaf\\s+8"))));
    QVERIFY(text.contains(QStringLiteral("Appendix: hardware figures and sources")));
    // The diagram is vector: its device names are text, not pixels.
    QVERIFY(text.contains(QStringLiteral("dgx-032")));
    QVERIFY(text.contains(QStringLiteral("leaf-r8-su1")));
    // The charts' axes too.
    QVERIFY(text.contains(QStringLiteral("tokens/s per GPU")));
    QVERIFY(text.contains(QStringLiteral("NVLink domain edge (8 GPUs)")));
}

void TestReportExport::paperSizes()
{
    const QString a4 = m_dir.filePath(QStringLiteral("a4.pdf"));
    const QString letter = m_dir.filePath(QStringLiteral("letter.pdf"));
    QCOMPARE(runCli({"export", m_sample.toStdString(), "--format", "report", "--paper", "a4", "-o",
                     a4.toStdString()})
                     .code,
             0);
    QCOMPARE(runCli({"export", m_sample.toStdString(), "--format", "report", "--paper", "letter",
                     "-o", letter.toStdString()})
                     .code,
             0);
    QVERIFY(poppler(QStringLiteral("pdfinfo"), {a4})
                    .contains(QStringLiteral("595 x 842 pts (A4)")));
    QVERIFY(poppler(QStringLiteral("pdfinfo"), {letter})
                    .contains(QStringLiteral("612 x 792 pts (letter)")));
    // The HTML states its paper for print.
    const QString html = m_dir.filePath(QStringLiteral("letter.html"));
    QCOMPARE(runCli({"export", m_sample.toStdString(), "--paper", "letter", "-o",
                     html.toStdString()})
                     .code,
             0);
    QVERIFY(readAll(html).contains("size: letter;"));
}

void TestReportExport::longTablesRepeatTheirHeader()
{
    // The appendix's list of sources of the sample, each source whole, runs over a page: its
    // header row is printed again on the next.
    const QString out = m_dir.filePath(QStringLiteral("headers.pdf"));
    QCOMPARE(runCli({"export", m_sample.toStdString(), "--format", "report", "--paper", "a4", "-o",
                     out.toStdString()})
                     .code,
             0);
    const QString info = poppler(QStringLiteral("pdfinfo"), {out});
    const int n = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
                          .match(info)
                          .captured(1)
                          .toInt();
    const QRegularExpression header(QStringLiteral("Ref\\.\\s+Source"));
    int pagesWithHeader = 0;
    for (int page = 1; page <= n; ++page) {
        const QString text
                = poppler(QStringLiteral("pdftotext"),
                          {QStringLiteral("-layout"), QStringLiteral("-f"), QString::number(page),
                           QStringLiteral("-l"), QString::number(page), out, QStringLiteral("-")});
        if (text.contains(header))
            ++pagesWithHeader;
    }
    QVERIFY2(pagesWithHeader >= 2, qPrintable(QString::number(pagesWithHeader)));
}

void TestReportExport::nothingIsStrandedAtAPageBreak()
{
    // Every template but the 16,384-GPU ones, on both papers: no page begins with a figure's
    // caption (its figure left on the page before), no page ends with a table's caption (tables
    // are captioned above) or a section heading (its section starting on the next).
    for (const ProjectTemplate &t : builtinTemplates()) {
        if (t.options.nodes >= 2048)
            continue;
        Expected<Project> project = instantiate(t);
        QVERIFY(project);
        const QString file = m_dir.filePath(QString::fromStdString(t.id + ".topoplan"));
        QVERIFY(!saveProject(*project, file.toStdString()));
        Expected<Report> report = buildReport(*project, Catalog::builtin(), ReportOptions{});
        QVERIFY(report);
        QStringList tableCaptions, headings;
        int number = 0;
        for (const ReportSection &section : report->sections) {
            headings << QStringLiteral("%1. %2").arg(++number).arg(
                    QString::fromStdString(section.title));
            for (const ReportBlock &b : section.blocks) {
                if (b.kind == ReportBlock::Kind::Table && !b.text.empty())
                    tableCaptions << QString::fromStdString(b.text).left(24);
            }
        }
        for (const char *paper : {"a4", "letter"}) {
            const QString out = m_dir.filePath(QStringLiteral("%1-%2.pdf")
                                                       .arg(QString::fromStdString(t.id))
                                                       .arg(QLatin1String(paper)));
            const CliRun r = runCli({"export", file.toStdString(), "--format", "report", "--paper",
                                     paper, "-o", out.toStdString()});
            QVERIFY2(r.code == 0, r.err.c_str());
            // pdftotext ends each page with a form feed.
            const QStringList pages
                    = poppler(QStringLiteral("pdftotext"), {out, QStringLiteral("-")})
                              .split(QChar(u'\f'), Qt::SkipEmptyParts);
            QVERIFY(pages.size() >= 3);
            for (int i = 0; i < pages.size(); ++i) {
                QStringList lines;
                // Without the footer: the title and subtitle, and "Page i of n".
                const QString footer
                        = QString::fromStdString(report->title + " \u00b7 " + report->subtitle);
                for (const QString &line : pages[i].split(QLatin1Char('\n'))) {
                    const QString text = line.trimmed();
                    if (!text.isEmpty() && text != footer
                        && text != QStringLiteral("Page %1 of %2").arg(i + 1).arg(pages.size()))
                        lines << text;
                }
                if (lines.isEmpty())
                    continue;
                const QString where = QStringLiteral("%1, %2, page %3: ")
                                              .arg(QString::fromStdString(t.id))
                                              .arg(QLatin1String(paper))
                                              .arg(i + 1);
                if (i > 0)
                    QVERIFY2(!lines.first().startsWith(QStringLiteral("Figure ")),
                             qPrintable(where + lines.first()));
                if (i + 1 == pages.size())
                    continue;
                QVERIFY2(!headings.contains(lines.last()), qPrintable(where + lines.last()));
                // A table's caption (above it) is followed on its page by the table's header
                // and first rows: it does not start in a page's last three lines.
                for (qsizetype l = std::max<qsizetype>(0, lines.size() - 3); l < lines.size(); ++l)
                    for (const QString &caption : tableCaptions)
                        QVERIFY2(!lines[l].startsWith(caption), qPrintable(where + lines[l]));
            }
        }
    }
}

void TestReportExport::htmlIsSelfContained()
{
    const QString out = m_dir.filePath(QStringLiteral("report.html"));
    const CliRun r = runCli({"export", m_sample.toStdString(), "-o", out.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    const QByteArray bytes = readAll(out);
    QVERIFY(bytes.startsWith("<!DOCTYPE html>"));
    QXmlStreamReader xml(bytes);
    int svgs = 0, svgTexts = 0, tables = 0, sections = 0, svgDepth = 0;
    QStringList sectionIds;
    bool style = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QString name = xml.name().toString();
            for (const QXmlStreamAttribute &a : xml.attributes()) {
                const QString n = a.name().toString();
                if (n == u"href" || n == u"src") {
                    const QString v = a.value().toString();
                    QVERIFY2(v.startsWith(QLatin1String("data:")) || v.startsWith(u'#'),
                             qPrintable(v));
                }
            }
            QVERIFY2(name != u"link" && name != u"script" && name != u"img" && name != u"iframe",
                     qPrintable(name));
            if (name == u"svg") {
                ++svgs;
                ++svgDepth;
            } else if (name == u"text" && svgDepth > 0) {
                if (!xml.readElementText(QXmlStreamReader::IncludeChildElements)
                             .trimmed()
                             .isEmpty())
                    ++svgTexts;
            } else if (name == u"table") {
                ++tables;
            } else if (name == u"section") {
                ++sections;
                sectionIds << xml.attributes().value(QStringLiteral("id")).toString();
            } else if (name == u"style") {
                const QString css = xml.readElementText();
                style = css.contains(QStringLiteral("@page"))
                        && css.contains(QStringLiteral("size: A4"))
                        && css.contains(QStringLiteral("counter(pages)"))
                        && css.contains(QStringLiteral("@media print"));
                QVERIFY(!css.contains(QStringLiteral("url(")));
                QVERIFY(!css.contains(QStringLiteral("@import")));
            }
        } else if (xml.isEndElement() && xml.name() == u"svg") {
            --svgDepth;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString() + QStringLiteral(" at line ")
                                         + QString::number(xml.lineNumber())));
    QCOMPARE(svgs, 3); // the diagram, the TP sweep, the step time
    QVERIFY2(svgTexts > 50, qPrintable(QString::number(svgTexts)));
    QVERIFY(tables >= 8);
    QCOMPARE(sections, 9);
    QCOMPARE(sectionIds, QStringList({QStringLiteral("diagram"), QStringLiteral("summary"),
                                      QStringLiteral("job"), QStringLiteral("groups"),
                                      QStringLiteral("diagnostics"), QStringLiteral("charts"),
                                      QStringLiteral("bom"), QStringLiteral("cost"),
                                      QStringLiteral("catalog")}));
    QVERIFY(style);
    const QString html = QString::fromUtf8(bytes);
    QVERIFY(html.contains(QStringLiteral(">dgx-032<")) || html.contains(QStringLiteral("dgx-032")));
    QVERIFY(html.contains(QStringLiteral("TIER_UNUSED")));
    QVERIFY(html.contains(QStringLiteral("<thead>")));
    // Nothing fetched from outside: no address other than XML namespaces.
    QString stripped = html;
    stripped.remove(QRegularExpression(QStringLiteral("xmlns(:\\w+)?=\"[^\"]*\"")));
    // Sources in the catalog table are text, not links.
    QVERIFY(!stripped.contains(QRegularExpression(QStringLiteral("(src|href)=\"(https?|file):"))));
}

void TestReportExport::formatFromSuffix()
{
    // .html is the report; .pdf stays the diagram (one page of its size) unless --format report.
    const QString pdf = m_dir.filePath(QStringLiteral("diagram.pdf"));
    QCOMPARE(runCli({"export", m_sample.toStdString(), "-o", pdf.toStdString()}).code, 0);
    QVERIFY(poppler(QStringLiteral("pdfinfo"), {pdf})
                    .contains(QRegularExpression(QStringLiteral("Pages:\\s+1\\n"))));
    QVERIFY(!poppler(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")})
                     .contains(QStringLiteral("Page 1 of")));
    const QString html = m_dir.filePath(QStringLiteral("suffix.HTML"));
    const CliRun r = runCli({"export", m_sample.toStdString(), "-o", html.toStdString()});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(r.out.find("(report, html") != std::string::npos);
}

void TestReportExport::badOptionsSayWhy()
{
    const std::string out = m_dir.filePath(QStringLiteral("bad.pdf")).toStdString();
    CliRun r = runCli(
            {"export", m_sample.toStdString(), "--format", "report", "--paper", "a5", "-o", out});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.find("--paper a5 is not one of a4, letter") != std::string::npos);
    r = runCli({"export", m_sample.toStdString(), "--format", "report", "-o",
                m_dir.filePath(QStringLiteral("x.svg")).toStdString()});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.find("PDF (.pdf), HTML (.html) or plain text (.txt)") != std::string::npos);
    r = runCli({"export", m_sample.toStdString(), "--author", "A", "-o",
                m_dir.filePath(QStringLiteral("x.svg")).toStdString()});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.find("--author applies to the PDF or HTML report") != std::string::npos);
    r = runCli({"export", m_sample.toStdString(), "--format", "report", "-o",
                m_dir.filePath(QStringLiteral("no/such/dir/r.pdf")).toStdString()});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.find("no/such/dir/r.pdf") != std::string::npos);
}

void TestReportExport::windowWritesTheReportInTheBackground()
{
    Preferences prefs = Preferences::load();
    prefs.author = QStringLiteral("Grace Hopper");
    prefs.save();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // File > Export Report... is in the File menu with its shortcut.
    auto *action = w.findChild<QAction *>(QStringLiteral("exportReportAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    bool inFileMenu = false;
    for (QAction *menu : w.menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(action))
            inFileMenu = true;
    QVERIFY(inFileMenu);

    QVERIFY(openAndSettle(w, m_sample));
    const QString out = m_dir.filePath(QStringLiteral("window.pdf"));
    QSignalSpy exported(&w, &MainWindow::reportExported);
    w.exportReport(out, QPageSize::Letter);
    // The worker writes it; the window shows that it is busy and stays responsive.
    QVERIFY(w.isExportingReport());
    auto *progress = w.findChild<QProgressBar *>(QStringLiteral("reportProgress"));
    QVERIFY(progress);
    QVERIFY(progress->isVisible());
    QVERIFY(!action->isEnabled());
    QVERIFY(exported.wait(60000));
    QCOMPARE(exported.first().at(0).toString(), out);
    QCOMPARE(exported.first().at(1).toString(), QString());
    QVERIFY(!progress->isVisible());
    QVERIFY(action->isEnabled());
    const QString text = poppler(QStringLiteral("pdftotext"), {out, QStringLiteral("-")});
    QVERIFY(text.contains(QStringLiteral("Grace Hopper")));
    QVERIFY(text.contains(QStringLiteral("Page 1 of")));
    QVERIFY(poppler(QStringLiteral("pdfinfo"), {out}).contains(QStringLiteral("(letter)")));
    // The atomic writer leaves no temporary file beside it.
    QCOMPARE(QDir(m_dir.path())
                     .entryList({QStringLiteral("*.tmp*"), QStringLiteral(".*window*")},
                                QDir::Files | QDir::Hidden)
                     .size(),
             0);
}

QTEST_MAIN(TestReportExport)
#include "tst_reportexport.moc"
