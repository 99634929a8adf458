#include "app/canvas/minimap.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/linkgeometry.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace topoplan {

MiniMap::MiniMap(ClusterView *view)
    : QWidget(view)
    , m_view(view)
{
    setObjectName(QStringLiteral("miniMap"));
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("The whole design: click or drag to show that part"));
    hide();
}

QRectF MiniMap::content() const
{
    const ClusterScene *scene = m_view->clusterScene();
    return scene ? scene->contentRect() : QRectF();
}

void MiniMap::invalidate()
{
    m_dirty = true;
    if (isVisible())
        update();
}

void MiniMap::viewChanged()
{
    const QRectF all = content();
    const QRect area = m_view->viewport()->geometry();
    const QRectF shown = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    // Only while part of the design is out of view, and where there is room for it.
    const bool wanted = !all.isEmpty() && !shown.contains(all) && area.width() > 3 * kMaxWidth
                        && area.height() > 2 * kMaxHeight;
    if (wanted) {
        const double scale = std::min(kMaxWidth / all.width(), kMaxHeight / all.height());
        const QSize size(std::max(40, qRound(all.width() * scale)),
                         std::max(24, qRound(all.height() * scale)));
        if (size != this->size()) {
            resize(size);
            m_dirty = true;
        }
        move(area.right() - width() - kMargin + 1, area.bottom() - height() - kMargin + 1);
        raise();
    }
    setVisible(wanted);
    update();
}

QRectF MiniMap::widgetRect(const QRectF &rect) const
{
    const QRectF all = content();
    if (all.isEmpty())
        return {};
    const double sx = width() / all.width(), sy = height() / all.height();
    return QRectF((rect.left() - all.left()) * sx, (rect.top() - all.top()) * sy, rect.width() * sx,
                  rect.height() * sy);
}

QPointF MiniMap::sceneAt(const QPointF &pos) const
{
    const QRectF all = content();
    if (all.isEmpty() || width() == 0 || height() == 0)
        return {};
    return {all.left() + pos.x() * all.width() / width(),
            all.top() + pos.y() * all.height() / height()};
}

void MiniMap::redraw()
{
    m_dirty = false;
    const qreal ratio = devicePixelRatioF();
    m_picture = QPixmap(size() * ratio);
    m_picture.setDevicePixelRatio(ratio);
    const ClusterScene *scene = m_view->clusterScene();
    const DiagramStyle &style = scene->style();
    m_picture.fill(style.background);
    QPainter painter(&m_picture);
    for (const LaneItem *lane : scene->lanes()) {
        if (!lane->isDropTarget())
            painter.fillRect(widgetRect(lane->sceneBoundingRect()), style.laneFill);
    }
    // Domains under their trays; every device at least a pixel, so that none goes missing.
    const auto box = [this](const DiagramItem *item) {
        QRectF r = widgetRect(linkgeometry::itemRect(item));
        r.setWidth(std::max(1.0, r.width()));
        r.setHeight(std::max(1.0, r.height()));
        return r;
    };
    for (const DiagramItem *item : scene->diagramItems()) {
        if (item->type() == DomainItemType)
            painter.fillRect(box(item), style.domainBorder);
    }
    for (const DiagramItem *item : scene->diagramItems()) {
        if (item->type() == NodeItemType)
            painter.fillRect(box(item), style.nodeBorder);
        else if (item->type() == SwitchItemType)
            painter.fillRect(box(item), style.switchFill.darker(130));
    }
}

void MiniMap::paintEvent(QPaintEvent *)
{
    if (!m_view->clusterScene())
        return;
    if (m_dirty || m_picture.size() != size() * devicePixelRatioF())
        redraw();
    QPainter painter(this);
    painter.drawPixmap(0, 0, m_picture);
    const DiagramStyle &style = m_view->clusterScene()->style();
    painter.setPen(QPen(style.laneBorder, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    // The part the view shows.
    const QRectF shown = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QRectF frame = widgetRect(shown).intersected(QRectF(rect()).adjusted(0, 0, -1, -1));
    frame.setWidth(std::max(3.0, frame.width()));
    frame.setHeight(std::max(3.0, frame.height()));
    QColor fill = style.selection;
    fill.setAlphaF(0.15f);
    painter.setBrush(fill);
    painter.setPen(QPen(style.selection, 1.5));
    painter.drawRect(frame);
}

void MiniMap::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_view->panTo(sceneAt(event->position()));
    event->accept();
}

void MiniMap::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton)) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    m_view->panTo(sceneAt(event->position()));
    event->accept();
}

} // namespace topoplan
