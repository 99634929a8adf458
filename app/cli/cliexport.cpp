#include "app/cli/cliexport.h"

#include "app/canvas/analysisoverlay.h"
#include "app/canvas/clusterscene.h"
#include "app/common/translations.h"
#include "app/document/document.h"
#include "app/export/diagramexport.h"
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
int exportDocument(const std::string &file, DocumentFormat format, const std::string &target,
                   std::ostream &out, std::ostream &err)
{
    Expected<Project> project = loadProject(file);
    if (!project) {
        err << "error: " << project.error().text() << "\n";
        return InvalidInput;
    }
    Expected<Catalog> catalog = projectCatalog(*project);
    if (!catalog) {
        err << "error: " << catalog.error().text() << "\n";
        return InvalidInput;
    }
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
    std::string names = exportFormatNames().join(QStringLiteral(", ")).toStdString();
    for (const DocumentFormatInfo &f : documentFormats())
        names += std::string(", ") + f.name;
    return names;
}

} // namespace

int cmdExport(const Args &a, std::ostream &out, std::ostream &err)
{
    const std::string &file = a.positional(0);
    std::optional<DocumentFormat> textFormat = a.has("format")
                                                       ? documentFormatFromName(a.value("format"))
                                                       : documentFormatForFile(a.value("o"));
    if (textFormat) {
        if (a.has("scale")) {
            err << "error: export: --scale applies to PNG and JPEG only\n";
            return BadUsage;
        }
        return exportDocument(file, documentFormatForTarget(*textFormat, a.value("o")),
                              a.value("o"), out, err);
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
    if (!qobject_cast<QApplication *>(QCoreApplication::instance())) {
        err << "error: export: no QApplication to render with\n";
        return BadUsage;
    }
    initResources();
    Expected<Project> project = loadProject(file);
    if (!project) {
        err << "error: " << project.error().text() << "\n";
        return InvalidInput;
    }
    Document document(std::move(*project),
                      QFileInfo(QString::fromStdString(file)).absoluteFilePath());
    ClusterScene scene(&document);
    // The analysis goes on the drawing, as in the window.
    const AnalysisOutcome outcome = analyzeProject(document.project(), document.catalog());
    auto *overlay = new AnalysisOverlay;
    scene.addItem(overlay);
    overlay->setOutcome(outcome);
    const DiagramHeader header
            = diagramHeader(document, &outcome, QString::fromStdString(a.value("title")), true,
                            QDate::currentDate(), a.value("background") == "white");
    const QString title = header.title;
    const DiagramPicture diagram = recordDiagram(&scene, header, groupSummary(outcome));
    if (std::optional<QString> e = writeDiagram(diagram, *format, target, title, scale)) {
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
    return {"export", 1, 1, {}, {"format", "scale", "o", "title", "background"}, {"o"}, cmdExport};
}

int runWithQtVerbs(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return run(args, out, err, {exportCommand()});
}

} // namespace topoplan::cli
