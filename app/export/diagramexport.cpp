#include "app/export/diagramexport.h"

#include "app/analysis/analysiscontroller.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramlegend.h"
#include "app/common/units.h"
#include "app/document/document.h"
#include "app/export/svgmetadata.h"
#include "engine/core/jsonin.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

constexpr double kMargin = 24;
constexpr double kTitleHeight = 40;
constexpr double kLegendGap = 16;

// The translation context of the texts here: tr() outside a QObject.
struct DiagramExportText
{
    Q_DECLARE_TR_FUNCTIONS(DiagramExport)
};

} // namespace

std::optional<ExportFormat> exportFormatFromName(const QString &name)
{
    const QString n = name.toLower();
    if (n == QLatin1String("svg"))
        return ExportFormat::Svg;
    if (n == QLatin1String("pdf"))
        return ExportFormat::Pdf;
    if (n == QLatin1String("png"))
        return ExportFormat::Png;
    if (n == QLatin1String("jpg") || n == QLatin1String("jpeg"))
        return ExportFormat::Jpeg;
    return std::nullopt;
}

std::optional<ExportFormat> exportFormatForFile(const QString &path)
{
    return exportFormatFromName(QFileInfo(path).suffix());
}

QString exportFormatSuffix(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Jpeg:
        return QStringLiteral("jpg");
    }
    return {};
}

QStringList exportFormatNames()
{
    return {QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("png"),
            QStringLiteral("jpg")};
}

QStringList exportFileFilters()
{
    return {DiagramExportText::tr("SVG drawing (*.svg)"),
            DiagramExportText::tr("PDF document (*.pdf)"),
            DiagramExportText::tr("PNG image (*.png)"),
            DiagramExportText::tr("JPEG image (*.jpg *.jpeg)")};
}

DiagramHeader diagramHeader(const Document &document, const AnalysisOutcome *outcome,
                            const QString &title, bool titleBlock, const QDate &date, bool white)
{
    DiagramHeader h;
    h.title = title.trimmed().isEmpty() ? document.displayName() : title.trimmed();
    h.white = white;
    if (!titleBlock)
        return h;
    const QString dot = QStringLiteral(" \u00b7 ");
    if (outcome && outcome->result) {
        const AnalysisResult &r = *outcome->result;
        const Plan &p = r.plan;
        QStringList job{QString::fromStdString(r.workload.model.name),
                        DiagramExportText::tr("TP %1").arg(p.tp),
                        DiagramExportText::tr("PP %1").arg(p.pp),
                        DiagramExportText::tr("DP %1").arg(p.dp),
                        DiagramExportText::tr("CP %1").arg(p.cp),
                        DiagramExportText::tr("EP %1").arg(p.ep),
                        units::tokensPerSecond(r.step.tokensPerS)};
        h.lines.append(job.join(dot));
    } else if (const Project &p = document.project(); p.workload && p.plan) {
        h.lines.append(DiagramExportText::tr("%1 \u00b7 TP %2 \u00b7 PP %3 \u00b7 DP %4: not "
                                             "analysed")
                               .arg(QString::fromStdString(p.workload->model.name))
                               .arg(p.plan->tp)
                               .arg(p.plan->pp)
                               .arg(p.plan->dp));
    }
    if (date.isValid())
        h.lines.append(date.toString(Qt::ISODate));
    return h;
}

QRectF figureRect(ClusterScene *scene)
{
    QRectF figure = scene->contentRect();
    for (const QGraphicsItem *item : scene->items()) {
        if (!item->parentItem() && item->isVisible() && dynamic_cast<const AnalysisOverlay *>(item))
            figure = figure.united(item->sceneBoundingRect().adjusted(-8, -8, 8, 8));
    }
    return figure;
}

DiagramPicture recordDiagram(ClusterScene *scene, const DiagramHeader &header,
                             const QList<GroupSummaryLine> &summary)
{
    DiagramPicture d;
    const QRectF content = header.region.isEmpty() ? figureRect(scene) : header.region;
    const QSizeF legend = header.legend ? DiagramLegend::paintedSize() : QSizeF(0, 0);
    QFont summaryFont = QApplication::font();
    summaryFont.setPointSizeF(9);
    const QSizeF card = header.legend ? groupSummarySize(summary, summaryFont) : QSizeF(0, 0);
    QFont titleFont = QApplication::font();
    titleFont.setPointSizeF(16);
    titleFont.setBold(true);
    QFont lineFont = QApplication::font();
    lineFont.setPointSizeF(10);
    const QFontMetricsF lineMetrics(lineFont);
    const double linesHeight = header.lines.size() * lineMetrics.lineSpacing();
    double linesWidth = 0;
    for (const QString &line : header.lines)
        linesWidth = std::max(linesWidth, lineMetrics.horizontalAdvance(line));
    const double headerHeight = kTitleHeight + linesHeight + (header.lines.isEmpty() ? 0 : 8);
    const double width
            = std::max({content.width(), legend.width() + kLegendGap + card.width(), linesWidth})
              + 2 * kMargin;
    const double height
            = headerHeight + content.height()
              + (header.legend ? kLegendGap + std::max(legend.height(), card.height()) : 0)
              + 2 * kMargin;
    d.rect = QRectF(0, 0, width, height);

    QPainter p(&d.picture);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    // On white the scene draws in the light palette's colours, whatever the desktop's theme.
    const DiagramStyle saved = scene->style();
    if (header.white) {
        QPalette light;
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::Window, Qt::white);
        light.setColor(QPalette::Text, Qt::black);
        light.setColor(QPalette::WindowText, Qt::black);
        light.setColor(QPalette::Mid, QColor(0x80, 0x80, 0x80));
        DiagramStyle white = DiagramStyle::fromPalette(light);
        white.background = Qt::white;
        scene->setStyle(white);
    }
    const DiagramStyle &style = scene->style();
    p.fillRect(d.rect, style.background);
    p.setFont(titleFont);
    p.setPen(style.text);
    p.drawText(QRectF(kMargin, kMargin, width - 2 * kMargin, kTitleHeight),
               Qt::AlignLeft | Qt::AlignTop, header.title);
    p.setFont(lineFont);
    p.setPen(style.textDim);
    for (int i = 0; i < header.lines.size(); ++i) {
        p.drawText(QRectF(kMargin, kMargin + kTitleHeight + i * lineMetrics.lineSpacing(),
                          width - 2 * kMargin, lineMetrics.lineSpacing()),
                   Qt::AlignLeft | Qt::AlignTop, header.lines[i]);
    }
    const QRectF target(kMargin, kMargin + headerHeight, content.width(), content.height());
    scene->renderFullDetail(&p, target, content);
    if (header.legend) {
        DiagramLegend::paint(&p, QPointF(kMargin, target.bottom() + kLegendGap), style);
        QPalette palette;
        palette.setColor(QPalette::Base, style.background);
        palette.setColor(QPalette::Text, style.text);
        palette.setColor(QPalette::Mid, style.textDim);
        paintGroupSummary(
                &p, QPointF(kMargin + legend.width() + kLegendGap, target.bottom() + kLegendGap),
                summary, summaryFont, palette);
    }
    p.end();
    if (header.white)
        scene->setStyle(saved);
    return d;
}

std::optional<QString> writeDiagram(const DiagramPicture &diagram, ExportFormat format,
                                    const QString &path, const QString &title, double scale)
{
    // Rendered into memory, then written by the engine's one atomic writer (the same as the
    // CLI's documents and the project file): a symbolic link is followed, a FIFO or device is
    // written through and never replaced, and a failed write leaves no temporary file.
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    const QRectF r = diagram.rect;
    // A picture plays back scaled by the device's resolution over its own: vector devices
    // get the picture's, so one unit stays one unit (the page size is in points).
    const int dpi = diagram.picture.logicalDpiX();
    bool painted = true;
    const auto play = [&diagram](QPaintDevice *device) {
        QPainter p;
        if (!p.begin(device))
            return false;
        p.drawPicture(0, 0, diagram.picture);
        return p.end();
    };
    switch (format) {
    case ExportFormat::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(r.size().toSize());
        svg.setViewBox(r);
        svg.setResolution(dpi);
        svg.setTitle(svgMetadataText(title));
        svg.setDescription(svgMetadataText(DiagramExportText::tr("A cluster drawn with TopoPlan")));
        painted = play(&svg);
        break;
    }
    case ExportFormat::Pdf: {
        QPdfWriter pdf(&file);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("TopoPlan"));
        pdf.setResolution(dpi);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(r.size() * 72.0 / dpi, QPageSize::Point, QString(),
                                  QPageSize::ExactMatch));
        painted = play(&pdf);
        break;
    }
    case ExportFormat::Png:
    case ExportFormat::Jpeg: {
        const double area = r.width() * r.height();
        const double s = area * scale * scale > double(kMaxPixels)
                                 ? std::sqrt(double(kMaxPixels) / area)
                                 : scale;
        QImage image(QSize(int(std::ceil(r.width() * s)), int(std::ceil(r.height() * s))),
                     QImage::Format_ARGB32_Premultiplied);
        if (image.isNull())
            return DiagramExportText::tr("%1: the image is too large to render").arg(path);
        image.fill(Qt::white);
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(s, s);
        p.drawPicture(0, 0, diagram.picture);
        p.end();
        painted = image.save(&file, format == ExportFormat::Png ? "PNG" : "JPEG",
                             format == ExportFormat::Png ? -1 : 92);
        break;
    }
    }
    file.close();
    if (!painted)
        return DiagramExportText::tr("%1: could not render the diagram").arg(path);
    if (std::optional<Error> e = writeFileAtomically(
                QFile::encodeName(path).toStdString(),
                std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()))))
        return DiagramExportText::tr("%1: cannot write: %2")
                .arg(path, QString::fromStdString(e->message));
    return std::nullopt;
}

} // namespace topoplan
