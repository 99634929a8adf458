#pragma once

#include "app/canvas/analysisoverlay.h"

#include <QPicture>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>

namespace topoplan {

class ClusterScene;

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
// `summary`, the analysis's group lines, goes beside the legend.
DiagramPicture recordDiagram(ClusterScene *scene, const QString &title,
                             const QList<GroupSummaryLine> &summary = {});

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
