#include "app/export/diagramexport.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramlegend.h"
#include "app/document/document.h"
#include "engine/core/jsonin.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

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

DiagramPicture recordDiagram(ClusterScene *scene, const QString &title,
                             const QList<GroupSummaryLine> &summary)
{
    DiagramPicture d;
    const QRectF content = scene->contentRect();
    const QSizeF legend = DiagramLegend::paintedSize();
    QFont summaryFont = QApplication::font();
    summaryFont.setPointSizeF(9);
    const QSizeF card = groupSummarySize(summary, summaryFont);
    const double width
            = std::max(content.width(), legend.width() + kLegendGap + card.width()) + 2 * kMargin;
    const double height = kTitleHeight + content.height() + kLegendGap
                          + std::max(legend.height(), card.height()) + 2 * kMargin;
    d.rect = QRectF(0, 0, width, height);

    QPainter p(&d.picture);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    const DiagramStyle &style = scene->style();
    p.fillRect(d.rect, style.background);
    QFont font = p.font();
    font.setPointSizeF(16);
    font.setBold(true);
    p.setFont(font);
    p.setPen(style.text);
    p.drawText(QRectF(kMargin, kMargin, width - 2 * kMargin, kTitleHeight),
               Qt::AlignLeft | Qt::AlignTop, title);
    const QRectF target(kMargin, kMargin + kTitleHeight, content.width(), content.height());
    scene->renderFullDetail(&p, target, content);
    DiagramLegend::paint(&p, QPointF(kMargin, target.bottom() + kLegendGap), style);
    QPalette palette;
    palette.setColor(QPalette::Base, style.background);
    palette.setColor(QPalette::Text, style.text);
    palette.setColor(QPalette::Mid, style.textDim);
    paintGroupSummary(&p,
                      QPointF(kMargin + legend.width() + kLegendGap, target.bottom() + kLegendGap),
                      summary, summaryFont, palette);
    p.end();
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
        svg.setTitle(title);
        svg.setDescription(DiagramExportText::tr("A cluster drawn with TopoPlan"));
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
