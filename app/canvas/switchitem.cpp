#include "app/canvas/switchitem.h"

#include "app/canvas/clusterscene.h"
#include "app/common/diagramstyle.h"
#include "app/common/hardwaretext.h"
#include "app/common/units.h"

#include "engine/generate/generator.h"

#include <QCoreApplication>
#include <QPainter>

namespace topoplan {

namespace {

constexpr double kW = diagram::kSwitchWidth;
constexpr double kH = diagram::kSwitchHeight;
constexpr double kMinTextPixels = 6;
constexpr double kNameFont = 11;
constexpr double kDetailFont = 9;
constexpr double kStripe = 6;

LinkClass fabricClass(const SwitchModel &model)
{
    if (model.protocol == SwitchProtocol::InfiniBand)
        return LinkClass::InfiniBand;
    return model.rdma ? LinkClass::RoCE : LinkClass::Ethernet;
}

} // namespace

SwitchItem::SwitchItem(const QString &id)
    : DiagramItem(id)
{
    setZValue(5);
}

QRectF SwitchItem::boundingRect() const
{
    return QRectF(-2, -2, kW + 4, kH + 4);
}

void SwitchItem::sync(const Switch &sw, const Catalog &catalog)
{
    m_failed = sw.failed;
    m_name = QString::fromStdString(sw.name.empty() ? sw.id : sw.name);
    m_tier = sw.tier;
    const SwitchModel *model = catalog.switchModel(sw.model);
    m_ports = model ? model->ports : 0;
    m_modelText = shortModelName(sw.model);
    if (model)
        m_modelText += QLatin1Char(' ') + QString::number(model->ports) + QStringLiteral("\u00d7")
                       + units::lineRate(model->portGbits);
    m_color = DiagramStyle::linkColor(model ? fabricClass(*model) : LinkClass::Ethernet);

    QString tip = QStringLiteral("<b>%1</b> (%2)<br>")
                          .arg(m_name.toHtmlEscaped(), QString::fromStdString(sw.id));
    if (model) {
        tip += QString::fromStdString(model->name).toHtmlEscaped() + QStringLiteral("<br>")
               + QCoreApplication::translate("Diagram", "%1 ports at %2, %3 tier")
                         .arg(model->ports)
                         .arg(units::lineRate(model->portGbits))
                         .arg(QString::fromLatin1(toString(sw.tier)));
    } else {
        tip += QCoreApplication::translate("Diagram", "Unknown model \"%1\"")
                       .arg(QString::fromStdString(sw.model));
    }
    if (sw.failed)
        tip += QStringLiteral("<br><b>")
               + QCoreApplication::translate("Diagram", "Failed (what-if): routing goes around it")
               + QStringLiteral("</b>");
    setToolTip(tip);
    update();
}

void SwitchItem::setMark(const QColor &mark)
{
    if (mark == m_mark)
        return;
    m_mark = mark;
    update();
}

QRectF SwitchItem::nameRect() const
{
    return QRectF(kStripe + 5, 3, kW - kStripe - 8, 17); // the first line of paintBox()
}

void SwitchItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    paintBox(painter, option);
    if (m_failed)
        DiagramStyle::paintFailed(painter, QRectF(0, 0, kW, kH));
}

void SwitchItem::paintBox(QPainter *painter, const QStyleOptionGraphicsItem *option)
{
    const DiagramStyle &style = clusterScene()->style();
    const double lod = levelOfDetail(option, painter);
    const bool selected = isSelectedInDocument();
    const QRectF box(0, 0, kW, kH);

    if (lod < 0.3) {
        painter->fillRect(box, selected ? style.selection : fill());
        return;
    }
    const QColor frame = m_mark.isValid() ? m_mark : style.nodeBorder;
    painter->setPen(
            QPen(selected ? style.selection : frame, selected ? 3 : (m_mark.isValid() ? 2.5 : 1)));
    painter->setBrush(style.switchFill);
    painter->drawRoundedRect(box, 4, 4);
    painter->setPen(Qt::NoPen);
    painter->setBrush(m_color);
    painter->drawRoundedRect(QRectF(0.5, 0.5, kStripe, kH - 1), 3, 3);
    painter->drawRect(QRectF(kStripe / 2, 0.5, kStripe / 2, kH - 1));

    if (lod * kNameFont < kMinTextPixels)
        return;
    const QRectF text(kStripe + 5, 3, kW - kStripe - 8, kH - 6);
    painter->setPen(style.text);
    painter->setFont(DiagramStyle::font(kNameFont, true));
    painter->drawText(nameRect(), Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(m_name, Qt::ElideRight, int(text.width())));
    if (lod * kDetailFont < kMinTextPixels)
        return;
    painter->setPen(style.textDim);
    painter->setFont(DiagramStyle::font(kDetailFont));
    painter->drawText(
            QRectF(text.left(), text.top() + 17, text.width(), 15),
            Qt::AlignLeft | Qt::AlignVCenter,
            painter->fontMetrics().elidedText(m_modelText, Qt::ElideRight, int(text.width())));
}

} // namespace topoplan
