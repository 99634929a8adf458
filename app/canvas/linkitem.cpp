#include "app/canvas/linkitem.h"

#include "app/canvas/badgeitem.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/nodeitem.h"
#include "app/canvas/switchitem.h"
#include "app/common/diagramstyle.h"
#include "app/common/units.h"

#include "engine/model/naming.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPathStroker>

#include <cmath>

namespace topoplan {

namespace {

constexpr double kHitWidth = 8; // how far from the line a click still hits it

} // namespace

double LinkItem::penWidth(int count)
{
    // Wider for bigger bundles, but never so wide that a fan of bundles becomes a blot.
    return 1.2 + std::min(2.4, 0.6 * std::log2(double(std::max(1, count))));
}

LinkItem::LinkItem(const QString &id)
    : DiagramItem(id)
{
    setZValue(0);
}

void LinkItem::sync(const Link &link, const Catalog &catalog)
{
    m_a = QString::fromStdString(link.a.device);
    m_b = QString::fromStdString(link.b.device);
    m_portA = link.a.port;
    m_portB = link.b.port;
    const Medium *medium = catalog.medium(link.medium);
    m_class = medium ? medium->linkClass : LinkClass::Ethernet;
    m_failed = link.failed;
    m_color = m_failed ? DiagramStyle::failedColor() : DiagramStyle::linkColor(m_class);
    const double gbits = medium ? medium->bandwidthGBs * 8 : 0; // GB/s -> Gb/s
    m_count = link.count;
    setZValue(m_count > 1 ? 1 : 0); // bundles above the single cables
    m_medium = medium;
    m_mediumId = QString::fromStdString(link.medium);
    m_gbits = gbits;
    m_badge.clear();
    if (m_count > 1) {
        m_badge = units::bundle(link.count, gbits);
        static const QFontMetricsF metrics(DiagramStyle::font(BadgeItem::kFont, true));
        m_badgeSize = QSizeF(metrics.horizontalAdvance(m_badge) + 8, metrics.height() + 2);
    }
    updateBounds(); // a bundle's pen is wider
    update();
}

namespace {

bool isFailedDevice(const DiagramItem *item)
{
    if (!item)
        return false;
    if (item->type() == NodeItemType)
        return static_cast<const NodeItem *>(item)->failed();
    if (item->type() == SwitchItemType)
        return static_cast<const SwitchItem *>(item)->failed();
    return false;
}

} // namespace

bool LinkItem::dead() const
{
    return m_failed || isFailedDevice(m_endA) || isFailedDevice(m_endB);
}

QString LinkItem::toolTipText(const Topology *topology) const
{
    // Built when asked: a big fabric has tens of thousands of links, few are ever hovered.
    // By the names people gave, with the ports each end takes.
    const auto end = [&](const QString &device, int port) {
        if (!topology)
            return QStringLiteral("%1:%2").arg(device).arg(port);
        return QString::fromStdString(
                       endpointText(*topology, Endpoint{device.toStdString(), port}, m_count))
                .toHtmlEscaped();
    };
    QString title = id();
    if (topology) {
        title = QString::fromStdString(displayName(*topology, id().toStdString())).toHtmlEscaped();
    }
    return QStringLiteral("<b>%1</b><br>%2 \u2194 %3<br>%4, %5")
                   .arg(title, end(m_a, m_portA), end(m_b, m_portB),
                        m_medium ? QString::fromStdString(m_medium->name) : m_mediumId,
                        units::bundle(m_count, m_gbits))
           + (m_failed ? QStringLiteral("<br><b>")
                                 + QCoreApplication::translate(
                                         "Diagram", "Failed (what-if): routing goes around it")
                                 + QStringLiteral("</b>")
              : dead() ? QStringLiteral("<br>")
                                 + QCoreApplication::translate(
                                         "Diagram",
                                         "Carries nothing: a device at its end has failed "
                                         "(what-if)")
                       : QString());
}

void LinkItem::setEnds(DiagramItem *a, DiagramItem *b)
{
    m_endA = a;
    m_endB = b;
}

void LinkItem::setLine(const QLineF &line)
{
    if (line == m_line)
        return;
    m_line = line;
    updateBounds();
}

QRectF LinkItem::badgeRectAt(double t) const
{
    const QPointF c = m_line.pointAt(t);
    return QRectF(c.x() - m_badgeSize.width() / 2, c.y() - m_badgeSize.height() / 2,
                  m_badgeSize.width(), m_badgeSize.height());
}

QRectF LinkItem::boundingRect() const
{
    return m_bounds;
}

void LinkItem::updateBounds()
{
    // Asked for every link on every frame (the view culls by it), so kept, not computed.
    const double m = penWidth(m_count) + 3;
    const QRectF bounds = QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-m, -m, m, m);
    if (bounds == m_bounds)
        return;
    prepareGeometryChange();
    m_bounds = bounds;
}

QPainterPath LinkItem::shape() const
{
    QPainterPath path(m_line.p1());
    path.lineTo(m_line.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(kHitWidth);
    return stroker.createStroke(path);
}

void LinkItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const DiagramStyle &style = clusterScene()->style();
    const double lod = levelOfDetail(option, painter);
    const bool selected = isSelectedInDocument();
    const double width = penWidth(m_count) + (selected ? 2 : 0);

    QColor color = selected ? style.selection : m_color;
    const bool dead = this->dead();
    if (m_count == 1 && !selected && !m_failed)
        color.setAlphaF(kCableAlpha);
    if (dead && !m_failed && !selected)
        color.setAlphaF(kDeadAlpha);
    // Below two device pixels a one-pixel hairline looks the same and takes the rasterizer's
    // fast path: wide antialiased strokes are what makes a frame of many cables slow.
    const bool hairline = lod * width < 2;
    QPen pen(color, hairline ? 0 : width);
    pen.setCapStyle(Qt::FlatCap);
    if (dead)
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    // An aliased hairline is drawn several times faster than an antialiased one, and a fan
    // of hundreds of them looks the same; exports keep their smooth lines.
    const bool aliased = hairline && !clusterScene()->fullDetail();
    if (aliased)
        painter->setRenderHint(QPainter::Antialiasing, false);
    painter->drawLine(m_line);
    if (aliased)
        painter->setRenderHint(QPainter::Antialiasing, true); // the view's hint, restored
}

} // namespace topoplan
