#include "app/canvas/nodeitem.h"

#include "app/canvas/clusterscene.h"
#include "app/common/diagramstyle.h"
#include "app/common/hardwaretext.h"
#include "app/common/units.h"

#include "engine/generate/generator.h"
#include "engine/model/project.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>

namespace topoplan {

namespace {

constexpr double kW = diagram::kNodeWidth;
constexpr double kH = diagram::kNodeHeight;
// Text is drawn only where it is at least this many device pixels high (smaller is noise).
constexpr double kMinTextPixels = 6;
constexpr double kNameFont = 11;
constexpr double kDetailFont = 9;

bool isOwnDomain(NVLinkScope scope)
{
    return scope == NVLinkScope::Board || scope == NVLinkScope::Rack || scope == NVLinkScope::Mesh;
}

} // namespace

NodeItem::NodeItem(const QString &id)
    : DiagramItem(id)
{
    setZValue(5);
}

QRectF NodeItem::boundingRect() const
{
    return QRectF(-2, -2, kW + 4, kH + 4); // room for the selection outline
}

void NodeItem::sync(const Node &node, const Catalog &catalog)
{
    m_failed = node.failed;
    m_name = QString::fromStdString(node.name.empty() ? node.id : node.name);
    m_model = shortModelName(node.model);
    const ServerModel *server = catalog.server(node.model);
    m_gpus = server ? server->gpus : 0;
    m_nics = server ? server->nics : 0;
    m_scope = server ? server->nvlinkScope : NVLinkScope::None;
    m_group = server && server->nvlinkScope == NVLinkScope::Bridged ? server->nvlinkGroupGpus : 0;
    ScaleUpFabric fabric;
    if (server)
        fabric = scaleUpFabric(*server, catalog);
    m_fabricText = scaleUpText(fabric);
    m_fabricColor = DiagramStyle::linkColor(fabric.linkClass);

    QString tip = QStringLiteral("<b>%1</b> (%2)<br>")
                          .arg(m_name.toHtmlEscaped(), QString::fromStdString(node.id));
    if (server) {
        const GpuModel *gpu = catalog.gpu(server->gpu);
        tip += QString::fromStdString(server->name).toHtmlEscaped() + QStringLiteral("<br>");
        tip += QCoreApplication::translate("Diagram", "%1 x %2, %3 per GPU")
                       .arg(m_gpus)
                       .arg(gpu ? QString::fromStdString(gpu->name) : QString())
                       .arg(m_fabricText);
        if (fabric.groupGpus > 0)
            tip += QStringLiteral("<br>") + scaleUpGroupText(fabric);
        tip += QStringLiteral("<br>")
               + QCoreApplication::translate("Diagram", "%1 compute NICs at %2")
                         .arg(m_nics)
                         .arg(units::lineRate(server->nicGbits));
    } else {
        tip += QCoreApplication::translate("Diagram", "Unknown model \"%1\"")
                       .arg(QString::fromStdString(node.model));
    }
    if (node.failed)
        tip += QStringLiteral("<br><b>")
               + QCoreApplication::translate("Diagram",
                                             "Failed (what-if): its GPUs are not in the plan")
               + QStringLiteral("</b>");
    if (!node.failedNics.empty()) {
        QStringList nics;
        for (int k : node.failedNics)
            nics.append(QString::number(k));
        tip += QStringLiteral("<br>")
               + QCoreApplication::translate("Diagram", "Failed NICs (what-if): %1")
                         .arg(nics.join(QStringLiteral(", ")));
    }
    setToolTip(tip);
    update();
}

QRectF NodeItem::nameRect() const
{
    return QRectF(0, 0, kW, 20); // the header paintBox() writes the name and model in
}

void NodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    paintBox(painter, option);
    if (m_failed)
        DiagramStyle::paintFailed(painter, QRectF(0, 0, kW, kH));
}

void NodeItem::paintBox(QPainter *painter, const QStyleOptionGraphicsItem *option)
{
    const DiagramStyle &style = clusterScene()->style();
    const double lod = levelOfDetail(option, painter);
    const bool selected = isSelectedInDocument();
    const QRectF box(0, 0, kW, kH);
    const QRectF band(6, 36, kW - 12, 18);

    if (lod < 0.3) { // a few pixels wide: two flat rectangles say "server with GPUs"
        painter->fillRect(box, selected ? style.selection : style.nodeBorder);
        painter->fillRect(band, m_fabricColor);
        return;
    }

    painter->setPen(QPen(selected ? style.selection : style.nodeBorder, selected ? 3 : 1));
    painter->setBrush(style.nodeFill);
    painter->drawRoundedRect(box, 4, 4);
    paintGpuBand(painter, band, lod);

    // The name is the larger text and stays readable longest; the details follow it.
    if (lod * kNameFont < kMinTextPixels)
        return;
    const QRectF header = nameRect().adjusted(8, 3, -8, -1);
    painter->setFont(DiagramStyle::font(kNameFont, true));
    painter->setPen(style.text);
    const double nameWidth
            = std::min(header.width(), painter->fontMetrics().horizontalAdvance(m_name) + 1.0);
    painter->drawText(QRectF(header.left(), header.top(), nameWidth, header.height()),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(m_name, Qt::ElideRight, int(nameWidth)));
    if (lod * kDetailFont < kMinTextPixels)
        return;
    painter->setFont(DiagramStyle::font(kDetailFont));
    painter->setPen(style.textDim);
    // The model gets what the name leaves, and is left out rather than cut to a stub.
    const double modelWidth = header.width() - nameWidth - 6;
    if (painter->fontMetrics().horizontalAdvance(m_model) <= modelWidth)
        painter->drawText(header, Qt::AlignRight | Qt::AlignVCenter, m_model);
    painter->drawText(
            QRectF(8, 18, kW - 16, 15), Qt::AlignLeft | Qt::AlignVCenter,
            painter->fontMetrics().elidedText(m_fabricText, Qt::ElideRight, int(kW - 16)));
}

void NodeItem::paintGpuBand(QPainter *painter, const QRectF &band, double lod) const
{
    QColor tint = m_fabricColor;
    tint.setAlphaF(0.16f);
    if (isOwnDomain(m_scope)) {
        painter->setPen(QPen(m_fabricColor, 1.2));
        painter->setBrush(tint);
    } else if (m_scope == NVLinkScope::External) {
        // Its NVLink leaves the tray: the domain box around the trays is the fabric.
        painter->setPen(QPen(m_fabricColor, 1.2, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
    } else {
        painter->setPen(Qt::NoPen);
        painter->setBrush(Qt::NoBrush);
    }
    painter->drawRoundedRect(band, 3, 3);

    QColor chip = m_fabricColor.darker(isOwnDomain(m_scope) ? 110 : 100);
    if (m_gpus > 8 || lod < 0.6) {
        if (m_gpus > 8 && lod * kDetailFont >= kMinTextPixels) {
            painter->setPen(chip.darker(130));
            painter->setFont(DiagramStyle::font(kDetailFont, true));
            painter->drawText(band, Qt::AlignCenter,
                              QCoreApplication::translate("Diagram", "%n GPUs", nullptr, m_gpus));
        }
        return;
    }
    const double gap = 3;
    const double inset = 4;
    // Bridged GPUs: wider gaps between the groups, and an outline around each (the NVLink
    // domains inside the server).
    const int groups = m_group > 1 ? m_gpus / m_group : 1;
    const double groupGap = m_group > 1 ? 4 : 0;
    const double w = (band.width() - 2 * inset - (m_gpus - 1) * gap - (groups - 1) * groupGap)
                     / qMax(1, m_gpus);
    auto chipLeft = [&](int i) {
        return band.left() + inset + i * (w + gap) + (m_group > 1 ? i / m_group : 0) * groupGap;
    };
    if (m_group > 1) {
        painter->setPen(QPen(m_fabricColor, 1.2));
        painter->setBrush(tint);
        for (int first = 0; first + m_group <= m_gpus; first += m_group) {
            const double left = chipLeft(first) - 2;
            const double width = chipLeft(first + m_group - 1) + w + 2 - left;
            painter->drawRoundedRect(QRectF(left, band.top() + 1.5, width, band.height() - 3), 2,
                                     2);
        }
    }
    painter->setPen(Qt::NoPen);
    painter->setBrush(chip);
    for (int i = 0; i < m_gpus; ++i)
        painter->drawRoundedRect(QRectF(chipLeft(i), band.top() + 4, w, band.height() - 8), 1.5,
                                 1.5);
}

} // namespace topoplan
