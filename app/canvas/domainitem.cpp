#include "app/canvas/domainitem.h"

#include "app/canvas/clusterscene.h"
#include "app/common/diagramstyle.h"
#include "app/common/hardwaretext.h"
#include "app/common/units.h"

#include "engine/generate/generator.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>

namespace topoplan {

namespace {

constexpr double kMinTextPixels = 6;
constexpr double kNameFont = 13;
constexpr double kDetailFont = 11;

} // namespace

DomainItem::DomainItem(const QString &id)
    : DiagramItem(id)
{
    setZValue(-5);
}

QRectF DomainItem::boundingRect() const
{
    return QRectF(QPointF(-2, -2), m_size + QSizeF(4, 4));
}

void DomainItem::sync(const Domain &domain, const Topology &topology, const Catalog &catalog,
                      const QSizeF &size)
{
    if (size != m_size)
        prepareGeometryChange();
    m_size = size;
    m_name = QString::fromStdString(domain.name.empty() ? domain.id : domain.name);
    m_gpus = 0;
    ScaleUpFabric fabric;
    int members = 0;
    for (const Node &n : topology.nodes) {
        if (n.domain != domain.id)
            continue;
        ++members;
        if (const ServerModel *server = catalog.server(n.model)) {
            m_gpus += server->gpus;
            if (!fabric.medium)
                fabric = scaleUpFabric(*server, catalog);
        }
    }
    if (fabric.medium && domain.gpus > 0 && m_gpus < domain.gpus) {
        // A stated size not yet filled: how full the rack is ("36 of 72 GPUs").
        m_summary = QCoreApplication::translate("Diagram",
                                                "%1 \u00b7 %2 of %n GPUs \u00b7 %3 per GPU",
                                                nullptr, domain.gpus)
                            .arg(QString::fromStdString(fabric.medium->name))
                            .arg(m_gpus)
                            .arg(units::bandwidth(fabric.perGpuGBs));
    } else if (fabric.medium) {
        m_summary = QCoreApplication::translate("Diagram", "%1 \u00b7 %n GPUs \u00b7 %2 per GPU",
                                                nullptr, m_gpus)
                            .arg(QString::fromStdString(fabric.medium->name),
                                 units::bandwidth(fabric.perGpuGBs));
    } else if (domain.gpus > 0) {
        m_summary = QCoreApplication::translate("Diagram", "empty NVLink domain of %n GPUs",
                                                nullptr, domain.gpus);
    } else {
        m_summary = QCoreApplication::translate("Diagram", "empty NVLink domain");
    }
    setToolTip(QStringLiteral("<b>%1</b> (%2)<br>%3<br>")
                       .arg(m_name.toHtmlEscaped(), QString::fromStdString(domain.id), m_summary)
               + QCoreApplication::translate("Diagram", "Members: %1").arg(members));
    update();
}

void DomainItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const DiagramStyle &style = clusterScene()->style();
    const double lod = levelOfDetail(option, painter);
    const bool selected = isSelectedInDocument();
    const QRectF box(QPointF(0, 0), m_size);

    if (lod < 0.15) {
        painter->fillRect(box, style.domainFill);
        return;
    }
    painter->setPen(QPen(selected ? style.selection : style.domainBorder, selected ? 3 : 1.5));
    painter->setBrush(style.domainFill);
    painter->drawRoundedRect(box, 8, 8);

    if (lod * kDetailFont < kMinTextPixels)
        return;
    // The name comes first: the summary ("NVLink 5 - 72 GPUs - 1.8 TB/s per GPU") takes the
    // room the name leaves, elided, and is left out when too little is left (the tooltip has
    // it), so that a narrow box still shows whose it is.
    const QRectF header(12, 4, m_size.width() - 24, 22);
    painter->setFont(DiagramStyle::font(kNameFont, true));
    const double nameNeeds = std::min<double>(painter->fontMetrics().horizontalAdvance(m_name) + 1,
                                              header.width());
    painter->setPen(style.text);
    painter->drawText(QRectF(header.left(), header.top(), nameNeeds, header.height()),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(m_name, Qt::ElideRight, int(nameNeeds)));
    const double summaryRoom = header.width() - nameNeeds - 12;
    painter->setFont(DiagramStyle::font(kDetailFont));
    if (summaryRoom < 4 * painter->fontMetrics().averageCharWidth())
        return;
    painter->setPen(style.domainBorder.darker(style.dark ? 70 : 140));
    painter->drawText(
            QRectF(header.right() - summaryRoom, header.top(), summaryRoom, header.height()),
            Qt::AlignRight | Qt::AlignVCenter,
            painter->fontMetrics().elidedText(m_summary, Qt::ElideRight, int(summaryRoom)));
}

} // namespace topoplan
