#include "app/export/reportexport.h"

#include "app/export/svgmetadata.h"

#include "engine/core/figure.h"
#include "engine/core/jsonin.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>
#include <QTextTable>
#include <functional>

#include <algorithm>
#include <cmath>
#include <map>

namespace topoplan {

namespace {

struct ReportExportText
{
    Q_DECLARE_TR_FUNCTIONS(ReportExport)
};

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QFont reportFont(double points, bool bold = false)
{
    QFont f = QGuiApplication::font();
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// A step of 1, 2 or 5 times a power of ten near `raw`.
double niceStep(double raw)
{
    if (!(raw > 0))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    const double m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

const QColor kBest(0x1f, 0x6f, 0xb4);
const QColor kHeld(0xe0, 0x7b, 0x00);
const QColor kEdge(0xc0, 0x39, 0x2b);
const QColor kGrid(0xdd, 0xdd, 0xdd);
const QColor kAxisText(0x44, 0x44, 0x44);

QColor partColour(const std::string &label)
{
    static const std::map<std::string, QColor> colours
            = {{"compute", QColor(0x4c, 0x72, 0xb0)},
               {"optimizer", QColor(0x8c, 0xa8, 0xd6)},
               {"TP", QColor(0xdd, 0x84, 0x52)},
               {"CP", QColor(0x93, 0x73, 0xb8)},
               {"EP", QColor(0x55, 0xa8, 0x68)},
               {"PP", QColor(0xc4, 0x4e, 0x52)},
               {"pipeline bubble", QColor(0xb0, 0xb0, 0xb0)},
               {"DP", QColor(0xda, 0xa5, 0x20)}};
    const auto it = colours.find(label);
    return it == colours.end() ? QColor(0x80, 0x80, 0x80) : it->second;
}

// The figure's picture as inline SVG: the <svg> element alone, real <text> kept.
QByteArray inlineSvg(const DiagramPicture &d, const QString &title)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(d.rect.size().toSize());
    svg.setViewBox(d.rect);
    svg.setResolution(d.picture.logicalDpiX());
    svg.setTitle(svgMetadataText(title));
    QPainter p;
    if (p.begin(&svg)) {
        p.drawPicture(0, 0, d.picture);
        p.end();
    }
    buffer.close();
    const qsizetype start = bytes.indexOf("<svg");
    return start < 0 ? QByteArray() : bytes.mid(start).trimmed();
}

bool keyValueTable(const ReportTable &t)
{
    return std::all_of(t.headers.begin(), t.headers.end(),
                       [](const std::string &h) { return h.empty(); });
}

int severityColumn(const ReportTable &t)
{
    for (std::size_t i = 0; i < t.headers.size(); ++i)
        if (t.headers[i] == "Severity")
            return int(i);
    return -1;
}

QColor severityColour(const std::string &s)
{
    if (s == "error")
        return QColor(0xb0, 0x1c, 0x1c);
    if (s == "warning")
        return QColor(0xa8, 0x5a, 0x00);
    return QColor(0x30, 0x50, 0x80);
}

const DiagramPicture *pictureOf(const ReportFigures &f, ReportFigure which)
{
    switch (which) {
    case ReportFigure::Diagram:
        return &f.diagram;
    case ReportFigure::SweepChart:
        return f.sweep ? &*f.sweep : nullptr;
    case ReportFigure::StepChart:
        return f.step ? &*f.step : nullptr;
    }
    return nullptr;
}

// ---- HTML ----------------------------------------------------------------------------------

QString esc(const std::string &s)
{
    return qs(s).toHtmlEscaped();
}

// A CSS string literal's content: quotes, backslashes and markup characters escaped, so the
// style sheet stays well formed XML too.
QString cssString(const QString &s)
{
    QString out;
    for (const QChar ch : s) {
        if (ch == u'"' || ch == u'\\' || ch == u'<' || ch == u'&' || ch == u'>'
            || ch.unicode() < 0x20)
            out += QStringLiteral("\\%1 ").arg(ch.unicode(), 0, 16);
        else
            out += ch;
    }
    return out;
}

QString htmlTable(const ReportTable &t)
{
    QString out = QStringLiteral("<table>");
    const int sev = severityColumn(t);
    if (!keyValueTable(t)) {
        out += QStringLiteral("<thead><tr>");
        for (std::size_t i = 0; i < t.headers.size(); ++i)
            out += (t.numeric[i] ? QStringLiteral("<th class=\"num\">") : QStringLiteral("<th>"))
                   + esc(t.headers[i]) + QStringLiteral("</th>");
        out += QStringLiteral("</tr></thead>");
    }
    out += QStringLiteral("<tbody>");
    for (const auto &row : t.rows) {
        out += QStringLiteral("<tr>");
        for (std::size_t i = 0; i < row.size(); ++i) {
            QString cls;
            if (i < t.numeric.size() && t.numeric[i])
                cls = QStringLiteral("num");
            if (int(i) == sev)
                cls = QStringLiteral("sev-") + esc(row[i]);
            const bool key = keyValueTable(t) && i == 0;
            const QString tag = key ? QStringLiteral("th") : QStringLiteral("td");
            out += QLatin1Char('<') + tag
                   + (cls.isEmpty() ? QString() : QStringLiteral(" class=\"%1\"").arg(cls))
                   + QLatin1Char('>') + esc(row[i]) + QStringLiteral("</") + tag + QLatin1Char('>');
        }
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</tbody></table>");
    return out;
}

QString pageCss(QPageSize::PageSizeId paper, const QString &title)
{
    const QString size
            = paper == QPageSize::Letter ? QStringLiteral("letter") : QStringLiteral("A4");
    return QStringLiteral(R"(
@page { size: %1; margin: 16mm 15mm 20mm 15mm;
  @bottom-left { content: "%2"; font: 8pt sans-serif; color: #555; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt sans-serif; color: #555; } }
body { font: 10pt/1.4 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #111; margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1 { font-size: 22pt; margin: 0 0 0.1em; }
.subtitle { font-size: 12pt; color: #555; margin: 0 0 1em; }
h2 { font-size: 13pt; border-bottom: 1px solid #999; padding-bottom: 0.15em; margin-top: 1.6em; }
table { border-collapse: collapse; width: 100%; margin: 0.4em 0 0.2em; font-size: 9pt; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.45em; text-align: left; vertical-align: top; }
thead th { background: #eceff3; }
table.titleblock { width: auto; min-width: 50%; }
table.titleblock th { background: #f5f5f5; font-weight: bold; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.sev-error { color: #b01c1c; font-weight: bold; }
td.sev-warning { color: #a85a00; font-weight: bold; }
.caption, figcaption { font-size: 8.5pt; color: #444; font-style: italic; margin: 0.2em 0 0.8em; }
figure { margin: 0.6em 0; }
figure svg { width: 100%; height: auto; display: block; }
footer { margin-top: 3em; font-size: 8pt; color: #666; }
@media print {
  body { margin: 0; max-width: none; padding: 0; }
  thead { display: table-header-group; }
  tr, figure { break-inside: avoid; page-break-inside: avoid; }
  h2, .table-caption { break-after: avoid; page-break-after: avoid; }
  footer { display: none; }
}
)")
            .arg(size, cssString(title));
}

// ---- PDF -----------------------------------------------------------------------------------

constexpr int kPictureObject = QTextFormat::UserObject + 1;
constexpr int kPictureIndex = QTextFormat::UserProperty + 1;

// Draws a figure's picture where the document placed its object character: scaled to the
// page's width (and at most most of its height), as vectors.
class PictureObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    PictureObject(std::vector<const DiagramPicture *> pictures, QSizeF room)
        : m_pictures(std::move(pictures))
        , m_room(room)
    {}

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &format) override
    {
        const DiagramPicture *d = picture(format);
        if (!d || d->rect.isEmpty())
            return QSizeF(1, 1);
        const double s
                = std::min(m_room.width() / d->rect.width(), m_room.height() / d->rect.height());
        return d->rect.size() * std::min(s, 1.5);
    }

    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int,
                    const QTextFormat &format) override
    {
        const DiagramPicture *d = picture(format);
        if (!d || d->rect.isEmpty())
            return;
        // Drawn on its own page only: a PDF keeps what a clip hides, and text readers see it.
        if (painter->hasClipping() && !painter->clipBoundingRect().contains(rect.center()))
            return;
        painter->save();
        painter->translate(rect.topLeft());
        painter->scale(rect.width() / d->rect.width(), rect.height() / d->rect.height());
        painter->translate(-d->rect.topLeft());
        painter->drawPicture(0, 0, d->picture);
        painter->restore();
    }

private:
    const DiagramPicture *picture(const QTextFormat &format) const
    {
        const int i = format.intProperty(kPictureIndex);
        return i >= 0 && std::size_t(i) < m_pictures.size() ? m_pictures[std::size_t(i)] : nullptr;
    }

    std::vector<const DiagramPicture *> m_pictures;
    QSizeF m_room;
};

QTextTable *insertTable(QTextCursor &cursor, const ReportTable &t)
{
    const bool kv = keyValueTable(t);
    const int header = kv ? 0 : 1;
    const int rows = int(t.rows.size()) + header;
    const int cols = int(t.headers.size());
    if (rows == 0 || cols == 0)
        return nullptr;
    QTextTableFormat tf;
    tf.setHeaderRowCount(header);
    tf.setBorder(0.5);
    tf.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
    tf.setBorderBrush(QColor(0xaa, 0xaa, 0xaa));
    tf.setBorderCollapse(true);
    tf.setCellPadding(2.5);
    tf.setCellSpacing(0);
    tf.setTopMargin(3);
    tf.setBottomMargin(3);
    tf.setWidth(QTextLength(QTextLength::PercentageLength, kv ? 70 : 100));
    QTextTable *table = cursor.insertTable(rows, cols, tf);
    QTextCharFormat normal;
    normal.setFont(reportFont(cols >= 7 ? 7.5 : 8));
    QTextCharFormat bold = normal;
    bold.setFontWeight(QFont::Bold);
    const int sev = severityColumn(t);
    auto put = [&](int r, int c, const std::string &text, bool isHeader) {
        QTextTableCell cell = table->cellAt(r, c);
        if (isHeader) {
            QTextTableCellFormat cf = cell.format().toTableCellFormat();
            cf.setBackground(kv ? QColor(0xf5, 0xf5, 0xf5) : QColor(0xec, 0xef, 0xf3));
            cell.setFormat(cf);
        }
        QTextCursor cc = cell.firstCursorPosition();
        if (std::size_t(c) < t.numeric.size() && t.numeric[std::size_t(c)]) {
            QTextBlockFormat bf = cc.blockFormat();
            bf.setAlignment(Qt::AlignRight);
            cc.setBlockFormat(bf);
        }
        QTextCharFormat f = isHeader ? bold : normal;
        if (!isHeader && c == sev) {
            f = bold;
            f.setForeground(severityColour(text));
        }
        cc.insertText(qs(text), f);
    };
    if (header)
        for (int c = 0; c < cols; ++c)
            put(0, c, t.headers[std::size_t(c)], true);
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        for (int c = 0; c < cols && std::size_t(c) < t.rows[r].size(); ++c)
            put(int(r) + header, c, t.rows[r][std::size_t(c)], kv && c == 0);
    cursor.movePosition(QTextCursor::End);
    return table;
}

// What must not be split over two pages: a figure and its caption, a table's caption and the
// table (where it fits on a page; else its first rows), and a heading and the start of what
// follows it. From the top of block `first` to the bottom of block `last`.
struct KeepTogether
{
    QTextBlock first;
    QTextBlock last;
};

// Qt's text layout breaks pages line by line and has no "keep with next". Each group that would
// straddle a page break and fits on one page starts a new page instead; groups are settled in
// document order, as each move only pushes what follows further down.
void keepTogether(QTextDocument &doc, const std::vector<KeepTogether> &groups, qreal pageHeight)
{
    QAbstractTextDocumentLayout *layout = doc.documentLayout();
    const auto pageOf = [pageHeight](qreal y) {
        return static_cast<int>(y / pageHeight);
    };
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const KeepTogether &g = groups[i];
        if (!g.first.isValid() || !g.last.isValid())
            continue;
        const qreal top = layout->blockBoundingRect(g.first).top();
        const qreal bottom = layout->blockBoundingRect(g.last).bottom();
        if (bottom - top >= pageHeight || pageOf(top) == pageOf(std::max(top, bottom - 0.5)))
            continue;
        // An earlier group that reaches into this one (a heading and the table under it) moves
        // with it, where the two still fit on a page.
        QTextBlock start = g.first;
        for (std::size_t k = i; k-- > 0;) {
            const KeepTogether &before = groups[k];
            if (before.first.isValid() && before.last.isValid()
                && before.last.position() >= start.position()
                && bottom - layout->blockBoundingRect(before.first).top() < pageHeight)
                start = before.first;
        }
        QTextCursor c(start);
        QTextBlockFormat f = c.blockFormat();
        f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        c.setBlockFormat(f);
    }
}

} // namespace

std::optional<ReportFormat> reportFormatForFile(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"pdf")
        return ReportFormat::Pdf;
    if (suffix == u"html" || suffix == u"htm")
        return ReportFormat::Html;
    return std::nullopt;
}

std::optional<QPageSize::PageSizeId> reportPaperFromName(const QString &name)
{
    const QString n = name.toLower();
    if (n == u"a4")
        return QPageSize::A4;
    if (n == u"letter")
        return QPageSize::Letter;
    return std::nullopt;
}

QPageSize::PageSizeId defaultReportPaper()
{
    return QLocale::system().measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter
                                                                              : QPageSize::A4;
}

// A chart's picture, `width` x `height` units on white, in the report's small type; `draw`
// paints it with the painter, the type's metrics and the picture's bounds.
DiagramPicture chartPicture(
        double width, double height,
        const std::function<void(QPainter &, const QFontMetricsF &, const QRectF &)> &draw)
{
    DiagramPicture d;
    d.rect = QRectF(0, 0, width, height);
    QPainter p(&d.picture);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(d.rect, Qt::white);
    const QFont font = reportFont(8.5);
    p.setFont(font);
    draw(p, QFontMetricsF(font), d.rect);
    p.end();
    return d;
}

DiagramPicture sweepChartPicture(const ReportSweepChart &c)
{
    return chartPicture(720, 330, [&c](QPainter &p, const QFontMetricsF &fm, const QRectF &bounds) {
        const QRectF plot(72, 40, bounds.width() - 72 - 24, bounds.height() - 40 - 46);

        double maxY = 0;
        for (const ReportSweepPoint &pt : c.points)
            for (double v : {pt.best, pt.held})
                if (std::isfinite(v))
                    maxY = std::max(maxY, v);
        const double step = niceStep((maxY > 0 ? maxY : 1) / 5);
        const double top = std::max(step, std::ceil((maxY > 0 ? maxY : 1) / step) * step);
        auto yAt = [&](double v) {
            return plot.bottom() - v / top * plot.height();
        };
        const int n = std::max<int>(1, int(c.points.size()));
        auto xAt = [&](int i) {
            return plot.left() + (i + 0.5) * plot.width() / n;
        };

        // Grid and the y axis.
        for (double v = 0; v <= top + step / 2; v += step) {
            const double y = yAt(v);
            p.setPen(QPen(kGrid, 1));
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            p.setPen(kAxisText);
            p.drawText(QRectF(0, y - 8, plot.left() - 6, 16), Qt::AlignRight | Qt::AlignVCenter,
                       qs(figure::number(v, 0)));
        }
        p.save();
        p.translate(14, plot.center().y());
        p.rotate(-90);
        p.drawText(QRectF(-plot.height() / 2, -8, plot.height(), 16), Qt::AlignCenter,
                   ReportExportText::tr("tokens/s per GPU"));
        p.restore();
        p.setPen(QPen(kAxisText, 1));
        p.drawLine(plot.bottomLeft(), plot.bottomRight());

        // The NVLink domain edge: between the widest TP inside the domain and the next.
        int inside = -1;
        for (int i = 0; i < int(c.points.size()); ++i)
            if (c.points[std::size_t(i)].tp <= c.domainSize)
                inside = i;
        if (inside >= 0 && inside + 1 < int(c.points.size())) {
            const double x = (xAt(inside) + xAt(inside + 1)) / 2;
            p.setPen(QPen(kEdge, 1.5, Qt::DashLine));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            p.setPen(kEdge);
            p.drawText(QRectF(x + 4, plot.top(), 220, 16), Qt::AlignLeft | Qt::AlignTop,
                       ReportExportText::tr("NVLink domain edge (%1 GPUs)").arg(c.domainSize));
        }

        // X labels; the job's width in bold.
        const QFont font = p.font();
        for (int i = 0; i < int(c.points.size()); ++i) {
            const int tp = c.points[std::size_t(i)].tp;
            QFont f = font;
            f.setBold(tp == c.currentTp);
            p.setFont(f);
            p.setPen(kAxisText);
            p.drawText(QRectF(xAt(i) - 40, plot.bottom() + 4, 80, 16),
                       Qt::AlignHCenter | Qt::AlignTop, ReportExportText::tr("TP %1").arg(tp));
        }
        p.setFont(font);
        p.drawText(QRectF(plot.left(), plot.bottom() + 22, plot.width(), 16), Qt::AlignCenter,
                   ReportExportText::tr("tensor-parallel width (the job's in bold)"));

        // The two series; a width without a plan breaks the line.
        auto series = [&](auto value, const QColor &colour, Qt::PenStyle style) {
            QPainterPath path;
            bool open = false;
            for (int i = 0; i < int(c.points.size()); ++i) {
                const double v = value(c.points[std::size_t(i)]);
                if (!std::isfinite(v)) {
                    open = false;
                    continue;
                }
                const QPointF pt(xAt(i), yAt(v));
                if (open)
                    path.lineTo(pt);
                else
                    path.moveTo(pt);
                open = true;
            }
            p.setPen(QPen(colour, 2, style));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
            p.setBrush(colour);
            p.setPen(QPen(Qt::white, 1));
            for (int i = 0; i < int(c.points.size()); ++i) {
                const double v = value(c.points[std::size_t(i)]);
                if (std::isfinite(v))
                    p.drawEllipse(QPointF(xAt(i), yAt(v)), 3.5, 3.5);
            }
        };
        series([](const ReportSweepPoint &pt) { return pt.held; }, kHeld, Qt::DashLine);
        series([](const ReportSweepPoint &pt) { return pt.best; }, kBest, Qt::SolidLine);

        // Legend, above the plot.
        double x = plot.left();
        const std::pair<QString, QColor> legend[]
                = {{ReportExportText::tr("best plan at each width"), kBest},
                   {ReportExportText::tr("the job's plan, TP changed"), kHeld}};
        for (const auto &[text, colour] : legend) {
            p.setPen(QPen(colour, 2, colour == kHeld ? Qt::DashLine : Qt::SolidLine));
            p.drawLine(QPointF(x, 18), QPointF(x + 24, 18));
            p.setPen(kAxisText);
            p.drawText(QPointF(x + 30, 18 + fm.ascent() / 2 - 1), text);
            x += 30 + fm.horizontalAdvance(text) + 24;
        }
    });
}

DiagramPicture stepChartPicture(const ReportStepChart &c)
{
    return chartPicture(720, 230, [&c](QPainter &p, const QFontMetricsF &fm, const QRectF &bounds) {
        const QRectF plot(120, 16, bounds.width() - 120 - 24, 110);

        double hiddenTotal = 0;
        for (const ReportStepPart &h : c.hidden)
            hiddenTotal += std::max(0.0, h.seconds);
        const double maxS = std::max({c.stepTimeS, hiddenTotal, 1e-9});
        const bool ms = maxS < 1;
        const double unit = ms ? 1e-3 : 1;
        const double step = niceStep(maxS / unit / 6) * unit;
        const double top = std::ceil(maxS / step) * step;
        auto xAt = [&](double s) {
            return plot.left() + s / top * plot.width();
        };

        for (double v = 0; v <= top + step / 2; v += step) {
            const double x = xAt(v);
            p.setPen(QPen(kGrid, 1));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            p.setPen(kAxisText);
            p.drawText(QRectF(x - 30, plot.bottom() + 4, 60, 16), Qt::AlignHCenter | Qt::AlignTop,
                       qs(figure::number(v / unit, 2)));
        }
        p.drawText(QRectF(plot.left(), plot.bottom() + 20, plot.width(), 16), Qt::AlignCenter,
                   ms ? ReportExportText::tr("milliseconds") : ReportExportText::tr("seconds"));

        const double barH = 34;
        auto bar = [&](double y, const QString &label, const std::vector<ReportStepPart> &parts) {
            p.setPen(kAxisText);
            p.drawText(QRectF(0, y, plot.left() - 8, barH), Qt::AlignRight | Qt::AlignVCenter,
                       label);
            double at = 0;
            for (const ReportStepPart &part : parts) {
                if (!(part.seconds > 0))
                    continue;
                const QRectF r(xAt(at), y, xAt(at + part.seconds) - xAt(at), barH);
                p.fillRect(r, partColour(part.label));
                p.setPen(QPen(Qt::white, 0.75));
                p.drawRect(r);
                at += part.seconds;
            }
        };
        bar(plot.top() + 10, ReportExportText::tr("step (exposed)"), c.exposed);
        bar(plot.top() + 10 + barH + 14, ReportExportText::tr("hidden"), c.hidden);

        // Legend: every part with time, exposed or hidden.
        std::vector<std::string> shown;
        for (const auto *parts : {&c.exposed, &c.hidden})
            for (const ReportStepPart &part : *parts)
                if (part.seconds > 0
                    && std::find(shown.begin(), shown.end(), part.label) == shown.end())
                    shown.push_back(part.label);
        double x = plot.left();
        double y = plot.bottom() + 46;
        for (const std::string &label : shown) {
            const QString text = qs(label);
            const double w = 16 + fm.horizontalAdvance(text) + 18;
            if (x + w > bounds.right()) {
                x = plot.left();
                y += 18;
            }
            p.fillRect(QRectF(x, y - 9, 11, 11), partColour(label));
            p.setPen(kAxisText);
            p.drawText(QPointF(x + 16, y), text);
            x += w;
        }
    });
}

ReportFigures reportFigures(const Report &report, DiagramPicture diagram)
{
    ReportFigures f;
    f.diagram = std::move(diagram);
    if (report.sweep)
        f.sweep = sweepChartPicture(*report.sweep);
    if (report.step)
        f.step = stepChartPicture(*report.step);
    return f;
}

QByteArray reportHtml(const Report &report, const ReportFigures &figures,
                      QPageSize::PageSizeId paper)
{
    const QString title = qs(report.title);
    QString html = QStringLiteral("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
                                  "lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                                  "<meta name=\"viewport\" content=\"width=device-width, "
                                  "initial-scale=1\"/>\n<meta name=\"generator\" "
                                  "content=\"TopoPlan\"/>\n<title>");
    html += title.toHtmlEscaped() + QStringLiteral(": ") + esc(report.subtitle)
            + QStringLiteral("</title>\n<style>") + pageCss(paper, title)
            + QStringLiteral("</style>\n</head>\n<body>\n<header>\n<h1>") + title.toHtmlEscaped()
            + QStringLiteral("</h1>\n<p class=\"subtitle\">") + esc(report.subtitle)
            + QStringLiteral("</p>\n<table class=\"titleblock\"><tbody>");
    for (const auto &[k, v] : report.titleBlock)
        html += QStringLiteral("<tr><th>") + esc(k) + QStringLiteral("</th><td>") + esc(v)
                + QStringLiteral("</td></tr>");
    html += QStringLiteral("</tbody></table>\n</header>\n<main>\n");
    int number = 0;
    int figureNumber = 0;
    for (const ReportSection &s : report.sections) {
        html += QStringLiteral("<section id=\"%1\">\n<h2>%2. %3</h2>\n")
                        .arg(esc(s.id))
                        .arg(++number)
                        .arg(esc(s.title));
        for (const ReportBlock &b : s.blocks) {
            switch (b.kind) {
            case ReportBlock::Kind::Paragraph:
                html += (b.severity.empty()
                                 ? QStringLiteral("<p>")
                                 : QStringLiteral("<p class=\"sev-%1\">").arg(esc(b.severity)))
                        + esc(b.text) + QStringLiteral("</p>\n");
                break;
            case ReportBlock::Kind::Table:
                // Captioned above, as tables are: a long table's caption is not left alone
                // after it on the next page.
                html += QStringLiteral("<p class=\"caption table-caption\">") + esc(b.text)
                        + QStringLiteral("</p>\n") + htmlTable(b.table) + QStringLiteral("\n");
                break;
            case ReportBlock::Kind::Figure: {
                const DiagramPicture *d = pictureOf(figures, b.figure);
                const QString caption
                        = ReportExportText::tr("Figure %1. %2").arg(++figureNumber).arg(qs(b.text));
                html += QStringLiteral("<figure id=\"figure-%1\">\n").arg(qs(toString(b.figure)));
                if (d)
                    html += QString::fromUtf8(inlineSvg(*d, qs(b.text)));
                html += QStringLiteral("\n<figcaption>") + caption.toHtmlEscaped()
                        + QStringLiteral("</figcaption>\n</figure>\n");
                break;
            }
            }
        }
        html += QStringLiteral("</section>\n");
    }
    html += QStringLiteral("</main>\n<footer>") + title.toHtmlEscaped() + QStringLiteral(" \u00b7 ")
            + esc(report.subtitle) + QStringLiteral(" \u00b7 ")
            + ReportExportText::tr("written by TopoPlan").toHtmlEscaped()
            + QStringLiteral("</footer>\n</body>\n</html>\n");
    return html.toUtf8();
}

std::optional<QString> reportPdf(const Report &report, const ReportFigures &figures,
                                 QPageSize::PageSizeId paper, QByteArray *out)
{
    QBuffer buffer(out);
    buffer.open(QIODevice::WriteOnly);
    const QString title = qs(report.title);
    // One unit of the pictures is one unit of the page (see writeDiagram()).
    const int dpi = figures.diagram.picture.logicalDpiX() > 0
                            ? figures.diagram.picture.logicalDpiX()
                            : 96;
    QPdfWriter pdf(&buffer);
    pdf.setTitle(title + QStringLiteral(": ") + qs(report.subtitle));
    pdf.setCreator(QStringLiteral("TopoPlan"));
    pdf.setResolution(dpi);
    pdf.setPageSize(QPageSize(paper));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    const double mm = dpi / 25.4;
    const QRectF page(0, 0, pdf.width(), pdf.height());
    const double footer = 10 * mm;
    const QRectF body = page.adjusted(15 * mm, 15 * mm, -15 * mm, -(12 * mm + footer));

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&pdf);
    doc.setPageSize(body.size());
    doc.setDocumentMargin(0);
    doc.setDefaultFont(reportFont(9));
    std::vector<const DiagramPicture *> pictures{&figures.diagram,
                                                 figures.sweep ? &*figures.sweep : nullptr,
                                                 figures.step ? &*figures.step : nullptr};
    PictureObject handler(pictures, QSizeF(body.width(), body.height() * 0.72));
    doc.documentLayout()->registerHandler(kPictureObject, &handler);

    QTextCursor cursor(&doc);
    QTextCharFormat titleFormat;
    titleFormat.setFont(reportFont(20, true));
    QTextCharFormat subtitleFormat;
    subtitleFormat.setFont(reportFont(12));
    subtitleFormat.setForeground(QColor(0x55, 0x55, 0x55));
    QTextCharFormat headingFormat;
    headingFormat.setFont(reportFont(13, true));
    QTextCharFormat textFormat;
    textFormat.setFont(reportFont(9));
    QTextCharFormat captionFormat;
    captionFormat.setFont(reportFont(8));
    captionFormat.setFontItalic(true);
    captionFormat.setForeground(QColor(0x44, 0x44, 0x44));
    QTextBlockFormat plain;
    QTextBlockFormat heading;
    heading.setTopMargin(14);
    heading.setBottomMargin(4);
    heading.setPageBreakPolicy(QTextFormat::PageBreak_Auto);
    QTextBlockFormat spaced;
    spaced.setTopMargin(3);
    spaced.setBottomMargin(3);
    QTextBlockFormat centred = spaced;
    centred.setAlignment(Qt::AlignHCenter);
    // A table's caption stands apart from what ends above it (a figure's caption, say).
    QTextBlockFormat tableCaption = spaced;
    tableCaption.setTopMargin(9);

    // One edit block for the whole document: laid out once at its end, not after every
    // insertion (which made a 65,536-GPU design's report quadratic: minutes, not seconds).
    cursor.beginEditBlock();
    cursor.setBlockFormat(plain);
    cursor.insertText(title, titleFormat);
    cursor.insertBlock(spaced);
    cursor.insertText(qs(report.subtitle), subtitleFormat);
    cursor.insertBlock(spaced);
    ReportTable block{{"", ""}, {}, {false, false}};
    for (const auto &[k, v] : report.titleBlock)
        block.rows.push_back({k, v});
    insertTable(cursor, block);

    int number = 0;
    int figureNumber = 0;
    std::vector<KeepTogether> keeps;
    for (const ReportSection &s : report.sections) {
        cursor.insertBlock(heading);
        cursor.insertText(QStringLiteral("%1. %2").arg(++number).arg(qs(s.title)), headingFormat);
        // The heading stays with the first block of its section: a paragraph, a table's first
        // rows, or a figure.
        KeepTogether withHeading{cursor.block(), {}};
        for (const ReportBlock &b : s.blocks) {
            switch (b.kind) {
            case ReportBlock::Kind::Paragraph: {
                cursor.insertBlock(spaced);
                QTextCharFormat f = textFormat;
                if (!b.severity.empty())
                    f.setForeground(severityColour(b.severity));
                cursor.insertText(qs(b.text), f);
                break;
            }
            case ReportBlock::Kind::Table: {
                // Captioned above, as tables are: a long table's caption is not left alone
                // after it on the next page.
                cursor.insertBlock(tableCaption);
                const QTextBlock caption = cursor.block();
                cursor.insertText(qs(b.text), captionFormat);
                cursor.insertBlock(spaced);
                QTextTable *table = insertTable(cursor, b.table);
                if (table) {
                    // The whole table with its caption where it fits on a page; otherwise
                    // at least the caption with the header and the first rows.
                    const auto rowEnd = [table](int row) {
                        return table->cellAt(row, 0).lastCursorPosition().block();
                    };
                    keeps.push_back({caption, rowEnd(table->rows() - 1)});
                    keeps.push_back({caption, rowEnd(std::min(table->rows() - 1, 2))});
                }
                break;
            }
            case ReportBlock::Kind::Figure: {
                const int index = b.figure == ReportFigure::Diagram      ? 0
                                  : b.figure == ReportFigure::SweepChart ? 1
                                                                         : 2;
                cursor.insertBlock(centred);
                const QTextBlock picture = cursor.block();
                if (pictures[std::size_t(index)]) {
                    QTextCharFormat object;
                    object.setObjectType(kPictureObject);
                    object.setProperty(kPictureIndex, index);
                    cursor.insertText(QString(QChar::ObjectReplacementCharacter), object);
                }
                cursor.insertBlock(centred);
                cursor.insertText(
                        ReportExportText::tr("Figure %1. %2").arg(++figureNumber).arg(qs(b.text)),
                        captionFormat);
                keeps.push_back({picture, cursor.block()});
                break;
            }
            }
            // The section's first block: a figure with its caption, or a table's caption with
            // its first rows (the group the block just added), or a paragraph whole.
            if (!withHeading.last.isValid()) {
                const bool grouped
                        = !keeps.empty()
                          && keeps.back().first.position() > withHeading.first.position();
                withHeading.last = grouped ? keeps.back().last : cursor.block();
            }
        }
        if (withHeading.last.isValid())
            keeps.push_back(withHeading);
    }
    cursor.endEditBlock();
    std::stable_sort(keeps.begin(), keeps.end(), [](const KeepTogether &a, const KeepTogether &b) {
        return a.first.position() < b.first.position();
    });
    keepTogether(doc, keeps, body.height());

    const int pages = doc.pageCount();
    QPainter painter;
    if (!painter.begin(&pdf))
        return ReportExportText::tr("could not start the PDF");
    painter.setRenderHint(QPainter::Antialiasing);
    const QFont footerFont = reportFont(7.5);
    for (int i = 0; i < pages; ++i) {
        if (i > 0 && !pdf.newPage())
            return ReportExportText::tr("could not add page %1 to the PDF").arg(i + 1);
        painter.save();
        painter.translate(body.left(), body.top() - i * body.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, i * body.height(), body.width(), body.height());
        context.palette.setColor(QPalette::Text, Qt::black);
        painter.setClipRect(context.clip);
        doc.documentLayout()->draw(&painter, context);
        painter.restore();
        // The footer: the title on the left, the page on the right.
        const QRectF foot(body.left(), page.bottom() - 12 * mm - footer / 2, body.width(),
                          footer / 2);
        painter.setPen(QPen(QColor(0x99, 0x99, 0x99), 0.5));
        painter.drawLine(foot.topLeft(), foot.topRight());
        painter.setFont(footerFont);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter,
                         title + QStringLiteral(" \u00b7 ") + qs(report.subtitle));
        painter.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
                         ReportExportText::tr("Page %1 of %2").arg(i + 1).arg(pages));
    }
    if (!painter.end())
        return ReportExportText::tr("could not finish the PDF");
    return std::nullopt;
}

std::optional<QString> writeReport(const Project &project, const Catalog &catalog,
                                   const ReportOptions &options, const DiagramPicture &diagram,
                                   ReportFormat format, QPageSize::PageSizeId paper,
                                   const QString &path)
{
    Expected<Report> report = buildReport(project, catalog, options);
    if (!report)
        return ReportExportText::tr("%1: cannot write the report: %2")
                .arg(path, QString::fromStdString(report.error().text()));
    const ReportFigures figures = reportFigures(*report, diagram);
    QByteArray bytes;
    if (format == ReportFormat::Html) {
        bytes = reportHtml(*report, figures, paper);
    } else if (std::optional<QString> e = reportPdf(*report, figures, paper, &bytes)) {
        return ReportExportText::tr("%1: %2").arg(path, *e);
    }
    if (std::optional<Error> e = writeFileAtomically(
                QFile::encodeName(path).toStdString(),
                std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()))))
        return ReportExportText::tr("%1: cannot write: %2")
                .arg(path, QString::fromStdString(e->message));
    return std::nullopt;
}

} // namespace topoplan

#include "reportexport.moc"
