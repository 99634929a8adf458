#pragma once

#include "app/export/diagramexport.h"

#include "engine/document/report.h"

#include <QByteArray>
#include <QPageSize>
#include <QString>

#include <optional>

namespace topoplan {

// The design report (engine/document/report.h) as a page: a PDF (multi-page, "page N of M" and
// the title in the footer, tables that break across pages with their header repeated, the
// diagram and the charts as vectors) or a self-contained HTML page (inline CSS with print
// rules and @page sizes, the diagram and the charts as inline SVG with real text; no file or
// address outside the page). The engine says what the report holds; this only lays it out.

enum class ReportFormat { Pdf, Html };
// ".pdf" and ".html"/".htm" (case-insensitive).
std::optional<ReportFormat> reportFormatForFile(const QString &path);

// "a4" or "letter" (case-insensitive).
std::optional<QPageSize::PageSizeId> reportPaperFromName(const QString &name);
// The system's paper: Letter where the locale measures in US units, else A4.
QPageSize::PageSizeId defaultReportPaper();

// The charts of the report drawn from its data, as pictures the same writers play back.
DiagramPicture sweepChartPicture(const ReportSweepChart &chart);
DiagramPicture stepChartPicture(const ReportStepChart &chart);

// The pictures of a report's figure slots: the diagram is recorded from the scene on the UI
// thread (recordDiagram()); the charts are drawn from the report, in any thread.
struct ReportFigures
{
    DiagramPicture diagram;
    std::optional<DiagramPicture> sweep;
    std::optional<DiagramPicture> step;
};
ReportFigures reportFigures(const Report &report, DiagramPicture diagram);

// The report as bytes. Both run in any thread.
QByteArray reportHtml(const Report &report, const ReportFigures &figures,
                      QPageSize::PageSizeId paper);
// Fails (with why) only if the PDF cannot be painted.
std::optional<QString> reportPdf(const Report &report, const ReportFigures &figures,
                                 QPageSize::PageSizeId paper, QByteArray *pdf);

// What File > Export Report... and `topoplan-cli export --format report` run in a worker: the
// engine's report of `project`, laid out in `format` and written to `path` through the engine's
// atomic writer. `diagram` is the design's drawing, recorded on the UI thread. The error names
// the file.
std::optional<QString> writeReport(const Project &project, const Catalog &catalog,
                                   const ReportOptions &options, const DiagramPicture &diagram,
                                   ReportFormat format, QPageSize::PageSizeId paper,
                                   const QString &path);

} // namespace topoplan
