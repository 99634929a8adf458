#include "app/canvas/badgeitem.h"

#include "app/canvas/clusterscene.h"
#include "app/common/diagramstyle.h"

#include <QPainter>

namespace topoplan {

namespace {

constexpr double kMinTextPixels = 6;

} // namespace

BadgeItem::BadgeItem(const QString &linkId)
    : DiagramItem(linkId)
{
    setZValue(3);
}

QRectF BadgeItem::boundingRect() const
{
    // Centred on pos(), with room for the outline.
    return QRectF(-m_size.width() / 2 - 2, -m_size.height() / 2 - 2, m_size.width() + 4,
                  m_size.height() + 4);
}

void BadgeItem::setText(const QString &text, const QSizeF &size, const QColor &color)
{
    if (size != m_size)
        prepareGeometryChange();
    m_text = text;
    m_size = size;
    m_color = color;
    update();
}

void BadgeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    if (lod * kFont < kMinTextPixels)
        return; // unreadable: the line alone says "bundle" by its width
    const DiagramStyle &style = clusterScene()->style();
    const bool selected = isSelectedInDocument();
    const QRectF box(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height());
    painter->setPen(QPen(selected ? style.selection : m_color, selected ? 2 : 1));
    painter->setBrush(style.badgeFill);
    painter->drawRoundedRect(box, box.height() / 2, box.height() / 2);
    painter->setPen(style.text);
    painter->setFont(DiagramStyle::font(kFont, true));
    painter->drawText(box, Qt::AlignCenter, m_text);
}

} // namespace topoplan
