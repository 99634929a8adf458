#pragma once

#include "app/canvas/analysisoverlay.h"

#include <QDate>
#include <QPicture>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>

namespace topoplan {

class ClusterScene;
class Document;
struct AnalysisOutcome;

enum class ExportFormat { Svg, Pdf, Png, Jpeg };

// "svg", "pdf", "png", "jpg" (and "jpeg"); case-insensitive.
std::optional<ExportFormat> exportFormatFromName(const QString &name);
// The format a file name's suffix stands for.
std::optional<ExportFormat> exportFormatForFile(const QString &path);
QString exportFormatSuffix(ExportFormat format);
QStringList exportFormatNames();
// For a save dialog: "SVG drawing (*.svg)", ...; the first is SVG.
QStringList exportFileFilters();

// The whole diagram as an export draws it: every item at full detail whatever the zoom, the
// project's name above and the link legend (and the analysis's summary) below, on the palette's base colour. Recording
// walks the scene, so it happens on the UI thread; it is quick. Writing the recording out,
// the slow part, may run in any thread (writeDiagram()).
struct DiagramPicture
{
    QPicture picture;
    QRectF rect; // what the picture covers, in its own (scene-sized) units
};
// The title block a design document needs above the figure: a title (the project's name
// unless set), lines for the job (model and plan, tokens/s) and the date; and whether the
// figure is drawn on white (for print) rather than the palette's base colour.
struct DiagramHeader
{
    QString title;
    QStringList lines;
    bool white = false;
    // The link legend and the analysis's summary under the figure.
    bool legend = true;
    // What of the scene to draw (the selection's or the visible area's bounds); empty: the
    // whole figure, figureRect().
    QRectF region;
};
// The header of `document`'s diagram: `title` (the project's name when empty), and with
// `titleBlock` the job of `outcome` ("llama3-8b · TP 8 · PP 4 · DP 8 · CP 1 · EP 1 ·
// 9,500 tokens/s") and `date`.
DiagramHeader diagramHeader(const Document &document, const AnalysisOutcome *outcome,
                            const QString &title = {}, bool titleBlock = true,
                            const QDate &date = QDate::currentDate(), bool white = false);

// What the figure covers in the scene: the drawing's content and every overlay drawn over it
// (the bottleneck callouts reach past the devices), so that every format shows all of it.
QRectF figureRect(ClusterScene *scene);

// `summary`, the analysis's group lines, goes beside the legend.
DiagramPicture recordDiagram(ClusterScene *scene, const DiagramHeader &header,
                             const QList<GroupSummaryLine> &summary = {});
inline DiagramPicture recordDiagram(ClusterScene *scene, const QString &title,
                                    const QList<GroupSummaryLine> &summary = {})
{
    return recordDiagram(scene, DiagramHeader{title, {}, false, true, {}}, summary);
}

// Writes `diagram` to `path` atomically (a temporary file renamed over the target). Vector
// formats keep the scene's units (96 to the inch); PNG and JPEG render `scale` pixels per unit (a
// 2,048-node diagram is capped so the image stays under kMaxPixels). The error message on
// failure names the file.
inline constexpr double kDefaultImageScale = 2.0;
inline constexpr qint64 kMaxPixels = 200'000'000;
std::optional<QString> writeDiagram(const DiagramPicture &diagram, ExportFormat format,
                                    const QString &path, const QString &title,
                                    double scale = kDefaultImageScale);

} // namespace topoplan
