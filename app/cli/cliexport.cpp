#include "app/cli/cliexport.h"

#include "app/canvas/analysisoverlay.h"
#include "app/canvas/clusterscene.h"
#include "app/common/translations.h"
#include "app/document/document.h"
#include "app/export/diagramexport.h"
#include "app/export/reportexport.h"
#include "cli/cli.h"
#include "cli/cliargs.h"

#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/io/projectfile.h"

#include <QApplication>
#include <QFileInfo>

#include <cmath>

namespace topoplan::cli {

namespace {

// The formats the engine writes as text (bill of materials, cabling, scheduler files, DOT,
// draw.io): no rendering, so no QApplication is needed.
int exportDocument(const Args &a, DocumentFormat format, const std::string &target,
                   std::ostream &out, std::ostream &err)
{
    const std::string &file = a.positional(0);
    const std::optional<ProjectFile> read = readProjectFile(file, err, &a);
    if (!read)
        return InvalidInput;
    const Project *project = &read->project;
    const Catalog *catalog = &read->catalog;
    Expected<std::string> text = writeDocument(format, *project, *catalog);
    if (!text) {
        Error e = text.error();
        if (e.file.empty())
            e.file = file;
        err << "error: export: " << e.text() << "\n";
        return InvalidInput;
    }
    if (std::optional<Error> e = writeFileAtomically(target, *text)) {
        err << "error: " << e->text() << "\n";
        return InvalidInput;
    }
    std::string name;
    for (const DocumentFormatInfo &f : documentFormats())
        if (f.format == format)
            name = f.name;
    out << "wrote " << target << " (" << name << ", " << text->size() << " bytes)\n";
    return Ok;
}

std::string allFormatNames()
{
    std::string names = exportFormatNames().join(QStringLiteral(", ")).toStdString() + ", report";
    for (const DocumentFormatInfo &f : documentFormats())
        names += std::string(", ") + f.name;
    return names;
}

// The diagram as the window would export it: `file` on a canvas of its own with the analysis
// drawn on it; nullopt (and why, on `err`) when there is no QApplication to render with or the
// file cannot be read. `titleBlock`: the job and today's date under the title; `white`: on
// white.
struct Recorded
{
    DiagramPicture diagram;
    QString title;   // the header's: the file's metadata title
    Project project; // named (the file's name when the project has none)
    Catalog catalog;
};

std::optional<Recorded> recordFile(const std::string &file, const std::string &title,
                                   bool titleBlock, bool white, std::ostream &err, int *code)
{
    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        err << "error: export: no QApplication to render with\n";
        *code = BadUsage;
        return std::nullopt;
    }
    initResources();
    Expected<Project> loaded = loadProject(file);
    if (!loaded) {
        err << "error: " << loaded.error().text() << "\n";
        *code = InvalidInput;
        return std::nullopt;
    }
    Document document(std::move(*loaded),
                      QFileInfo(QString::fromStdString(file)).absoluteFilePath());
    ClusterScene scene(&document);
    // The analysis goes on the drawing, as in the window.
    const AnalysisOutcome outcome = analyzeProject(document.project(), document.catalog());
    auto *overlay = new AnalysisOverlay;
    scene.addItem(overlay);
    overlay->setOutcome(outcome);
    const DiagramHeader header
            = diagramHeader(document, &outcome, QString::fromStdString(title), titleBlock,
                            titleBlock ? QDate::currentDate() : QDate(), white);
    Recorded r{recordDiagram(&scene, header, groupSummary(outcome)), header.title,
               document.project(), document.catalog()};
    if (r.project.name.empty())
        r.project.name = document.displayName().toStdString();
    return r;
}

// The design report, PDF or HTML: the engine's report model laid out by the app's renderer,
// with the diagram recorded as the export draws it (on white, for print).
int exportReport(const Args &a, std::ostream &out, std::ostream &err)
{
    const std::string &file = a.positional(0);
    const QString target = QString::fromStdString(a.value("o"));
    const std::optional<ReportFormat> format = reportFormatForFile(target);
    if (!format) {
        err << "error: export: the report is written as PDF or HTML; \"" << a.value("o")
            << "\" ends in neither .pdf nor .html\n";
        return BadUsage;
    }
    QPageSize::PageSizeId paper = defaultReportPaper();
    if (a.has("paper")) {
        const std::optional<QPageSize::PageSizeId> p
                = reportPaperFromName(QString::fromStdString(a.value("paper")));
        if (!p) {
            err << "error: export: --paper " << a.value("paper") << " is not one of a4, letter\n";
            return BadUsage;
        }
        paper = *p;
    }
    if (a.has("scale") || a.has("background")) {
        err << "error: export: --scale and --background apply to the diagram formats, not to "
               "the report\n";
        return BadUsage;
    }
    // The figure on white, for print, with the analysis's callouts as the canvas shows them.
    int code = Ok;
    std::optional<Recorded> recorded = recordFile(file, a.value("title"), false, true, err, &code);
    if (!recorded)
        return code;
    if (a.has("prices")) {
        Expected<Project> priced = withPriceFile(recorded->project, a.value("prices"));
        Expected<Catalog> catalog = priced ? projectCatalog(*priced) : priced.error();
        if (!catalog) {
            err << "error: " << catalog.error().text() << "\n";
            return InvalidInput;
        }
        recorded->project = std::move(*priced);
        recorded->catalog = std::move(*catalog);
    }
    ReportOptions options;
    options.author = a.value("author");
    options.revision = a.value("revision");
    options.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    if (a.has("title"))
        recorded->project.name = a.value("title");
    if (std::optional<QString> e = writeReport(recorded->project, recorded->catalog, options,
                                               recorded->diagram, *format, paper, target)) {
        err << "error: " << e->toStdString() << "\n";
        return InvalidInput;
    }
    out << "wrote " << a.value("o") << " (report, "
        << (*format == ReportFormat::Pdf ? "pdf" : "html") << ", "
        << (paper == QPageSize::Letter ? "letter" : "a4") << ")\n";
    return Ok;
}

} // namespace

int cmdExport(const Args &a, std::ostream &out, std::ostream &err)
{
    const std::string &file = a.positional(0);
    // The report: asked for by name, or by an .html file (a .pdf stays the diagram unless
    // --format report says otherwise).
    const std::optional<ReportFormat> reportFile
            = reportFormatForFile(QString::fromStdString(a.value("o")));
    const bool report = a.has("format") ? a.value("format") == "report" && reportFile
                                        : reportFile == ReportFormat::Html;
    if (report)
        return exportReport(a, out, err);
    if (a.value("format") == "report") {
        // The plain-text report, from the engine alone: for a file named .txt or without suffix.
        const QString suffix = QFileInfo(QString::fromStdString(a.value("o"))).suffix().toLower();
        if (!suffix.isEmpty() && suffix != u"txt" && suffix != u"text") {
            err << "error: export: the report is written as PDF (.pdf), HTML (.html) or plain "
                   "text (.txt); \""
                << a.value("o") << "\" is none of these\n";
            return BadUsage;
        }
    }
    for (const char *option : {"paper", "author", "revision"}) {
        if (a.has(option)) {
            err << "error: export: --" << option
                << " applies to the PDF or HTML report (--format report)\n";
            return BadUsage;
        }
    }
    std::optional<DocumentFormat> textFormat = a.has("format")
                                                       ? documentFormatFromName(a.value("format"))
                                                       : documentFormatForFile(a.value("o"));
    if (textFormat) {
        if (a.has("scale")) {
            err << "error: export: --scale applies to PNG and JPEG only\n";
            return BadUsage;
        }
        return exportDocument(a, documentFormatForTarget(*textFormat, a.value("o")), a.value("o"),
                              out, err);
    }
    if (a.has("prices")) {
        err << "error: export: --prices applies to the bill of materials and the report, not "
               "to the diagram\n";
        return BadUsage;
    }
    const QString target = QString::fromStdString(a.value("o"));
    std::optional<ExportFormat> format
            = a.has("format") ? exportFormatFromName(QString::fromStdString(a.value("format")))
                              : exportFormatForFile(target);
    const QString suffix = QFileInfo(target).suffix().toLower();
    if (!format && !a.has("format") && (suffix == u"csv" || suffix == u"xlsx")) {
        err << "error: export: \"" << a.value("o")
            << "\" may be the bill of materials or the cabling plan; give --format bom or "
               "--format cables\n";
        return BadUsage;
    }
    if (!format) {
        err << "error: export: "
            << (a.has("format") ? "--format " + a.value("format") + " is not one of"
                                : "cannot tell the format from \"" + a.value("o")
                                          + "\"; give --format, one of")
            << " " << allFormatNames() << "\n";
        return BadUsage;
    }
    double scale = kDefaultImageScale;
    if (a.has("scale")) {
        try {
            std::size_t used = 0;
            scale = std::stod(a.value("scale"), &used);
            if (used != a.value("scale").size() || !(scale > 0) || !std::isfinite(scale))
                throw std::invalid_argument("scale");
        } catch (const std::exception &) {
            err << "error: export: --scale " << a.value("scale")
                << " is not a positive number (pixels per scene unit, default 2)\n";
            return BadUsage;
        }
    }
    if (a.has("background") && a.value("background") != "white"
        && a.value("background") != "theme") {
        err << "error: export: --background " << a.value("background")
            << " is not one of white, theme\n";
        return BadUsage;
    }
    int code = Ok;
    const std::optional<Recorded> recorded = recordFile(
            file, a.value("title"), true, a.value("background") == "white", err, &code);
    if (!recorded)
        return code;
    const DiagramPicture &diagram = recorded->diagram;
    if (std::optional<QString> e = writeDiagram(diagram, *format, target, recorded->title, scale)) {
        err << "error: " << e->toStdString() << "\n";
        return InvalidInput;
    }
    out << "wrote " << a.value("o") << " (" << exportFormatSuffix(*format).toStdString() << ", "
        << int(std::round(diagram.rect.width())) << " x " << int(std::round(diagram.rect.height()))
        << " units)\n";
    return Ok;
}

Command exportCommand()
{
    return {"export",
            1,
            1,
            {},
            {"format", "scale", "o", "title", "background", "paper", "author", "revision",
             "prices"},
            {"o"},
            cmdExport};
}

int runWithQtVerbs(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return run(args, out, err, {exportCommand()});
}

} // namespace topoplan::cli
