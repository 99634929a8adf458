#include "app/canvas/diagramlegend.h"

#include <QFontMetricsF>
#include <QPainter>

namespace topoplan {

namespace {

constexpr double kFont = 12;
constexpr double kPadding = 8;
constexpr double kSwatch = 18; // line sample length
constexpr double kGap = 14;    // between entries

} // namespace

DiagramLegend::DiagramLegend(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    resize(sizeHint());
}

void DiagramLegend::setStyle(const DiagramStyle &style)
{
    m_style = style;
    update();
}

QList<LinkClass> DiagramLegend::classes()
{
    return {LinkClass::NVLink, LinkClass::InfiniBand, LinkClass::RoCE, LinkClass::Ethernet,
            LinkClass::PCIe};
}

QSizeF DiagramLegend::paintedSize()
{
    const QFontMetricsF metrics(DiagramStyle::font(kFont));
    double width = kPadding;
    for (LinkClass c : classes())
        width += kSwatch + 6 + metrics.horizontalAdvance(DiagramStyle::linkClassName(c)) + kGap;
    return QSizeF(width - kGap + kPadding, metrics.height() + 2 * kPadding);
}

void DiagramLegend::paint(QPainter *painter, const QPointF &topLeft, const DiagramStyle &style)
{
    const QSizeF size = paintedSize();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor fill = style.nodeFill;
    fill.setAlphaF(0.92f);
    painter->setPen(QPen(style.laneBorder, 1));
    painter->setBrush(fill);
    painter->drawRoundedRect(QRectF(topLeft, size).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
    painter->setFont(DiagramStyle::font(kFont));
    const QFontMetricsF metrics(painter->font());
    double x = topLeft.x() + kPadding;
    const double midY = topLeft.y() + size.height() / 2;
    for (LinkClass c : classes()) {
        painter->setPen(QPen(DiagramStyle::linkColor(c), 3, Qt::SolidLine, Qt::FlatCap));
        painter->drawLine(QPointF(x, midY), QPointF(x + kSwatch, midY));
        x += kSwatch + 6;
        const QString name = DiagramStyle::linkClassName(c);
        const double w = metrics.horizontalAdvance(name);
        painter->setPen(style.text);
        painter->drawText(QRectF(x, topLeft.y(), w + 1, size.height()), Qt::AlignVCenter, name);
        x += w + kGap;
    }
    painter->restore();
}

QSize DiagramLegend::sizeHint() const
{
    return paintedSize().toSize() + QSize(1, 1);
}

void DiagramLegend::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paint(&painter, QPointF(0, 0), m_style);
}

} // namespace topoplan
