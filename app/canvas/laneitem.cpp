#include "app/canvas/laneitem.h"

#include "app/canvas/clusterscene.h"
#include "app/common/diagramstyle.h"

#include <QPainter>

namespace topoplan {

namespace {

constexpr double kTitleFont = 20;
constexpr double kSubtitleFont = 13;
constexpr double kMinTextPixels = 6;

} // namespace

LaneItem::LaneItem(const QString &id)
    : DiagramItem(id)
{
    setZValue(-10);
}

void LaneItem::setGeometry(const QRectF &rect)
{
    if (rect == m_rect)
        return;
    prepareGeometryChange();
    m_rect = rect;
}

void LaneItem::setTexts(const QString &title, const QString &subtitle)
{
    m_title = title;
    m_subtitle = subtitle;
    update();
}

void LaneItem::setDropTarget(bool dropTarget)
{
    if (dropTarget == m_dropTarget)
        return;
    m_dropTarget = dropTarget;
    update();
}

void LaneItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const ClusterScene *scene = clusterScene();
    if (m_dropTarget && scene->fullDetail())
        return; // an export shows the design, not where it could grow
    const DiagramStyle &style = scene->style();
    const double lod = levelOfDetail(option, painter);
    if (m_dropTarget) {
        QPen dashed(style.laneBorder, 1.5, Qt::DashLine);
        dashed.setCosmetic(true);
        painter->setPen(dashed);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(m_rect.adjusted(4, 4, -4, -4));
    } else {
        painter->fillRect(m_rect, style.laneFill);
        painter->setPen(QPen(style.laneBorder, 0));
        painter->drawLine(m_rect.topLeft(), m_rect.topRight());
        painter->drawLine(m_rect.bottomLeft(), m_rect.bottomRight());
    }

    if (lod * kSubtitleFont < kMinTextPixels)
        return;
    const QRectF label(m_rect.left() + 20, m_rect.top(), kLabelWidth - 30, m_rect.height());
    const QRectF titleRect(label.left(), label.center().y() - 26, label.width(), 28);
    const QRectF subRect(label.left(), label.center().y() + 2, label.width(), 40);
    painter->setPen(style.laneText);
    painter->setFont(DiagramStyle::font(kTitleFont, true));
    painter->drawText(titleRect, Qt::AlignLeft | Qt::AlignBottom, m_title);
    painter->setFont(DiagramStyle::font(kSubtitleFont));
    if (m_dropTarget) {
        // What to do, across the empty band where the switches would go.
        const QRectF body(m_rect.left() + kLabelWidth, m_rect.top(), m_rect.width() - kLabelWidth,
                          m_rect.height());
        painter->drawText(body, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_subtitle);
        return;
    }
    painter->drawText(subRect, Qt::AlignLeft | Qt::AlignTop, m_subtitle); // may be two lines
}

} // namespace topoplan
