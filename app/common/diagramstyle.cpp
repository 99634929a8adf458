#include "app/common/diagramstyle.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QPainter>
#include <QPalette>

namespace topoplan {

namespace {

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

DiagramStyle DiagramStyle::fromPalette(const QPalette &palette)
{
    DiagramStyle s;
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    s.dark = base.lightnessF() < 0.5;
    s.background = s.dark ? mix(base, QColor(Qt::black), 0.15) : mix(base, text, 0.03);
    s.laneFill = mix(s.background, text, s.dark ? 0.05 : 0.035);
    s.laneBorder = mix(s.background, text, 0.12);
    s.laneText = mix(s.background, text, 0.55);
    s.nodeFill = s.dark ? mix(base, QColor(Qt::white), 0.07) : QColor(Qt::white);
    s.nodeBorder = mix(s.nodeFill, text, 0.45);
    s.switchFill = s.nodeFill;
    s.domainFill = mix(s.background, linkColor(LinkClass::NVLink), s.dark ? 0.10 : 0.07);
    s.domainBorder = mix(s.background, linkColor(LinkClass::NVLink), 0.75);
    s.text = text;
    s.textDim = mix(s.nodeFill, text, 0.62);
    s.badgeFill = s.nodeFill;
    s.selection = palette.color(QPalette::Highlight);
    return s;
}

QColor DiagramStyle::failedColor()
{
    return QColor(0xe0, 0x1e, 0x37);
}

void DiagramStyle::paintFailed(QPainter *painter, const QRectF &box)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen pen(failedColor(), 2.5);
    pen.setCapStyle(Qt::RoundCap);
    painter->setPen(pen);
    painter->drawLine(box.topLeft(), box.bottomRight());
    painter->drawLine(box.bottomLeft(), box.topRight());
    pen.setStyle(Qt::DashLine);
    pen.setCapStyle(Qt::FlatCap);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(box, 4, 4);
    painter->restore();
}

QColor DiagramStyle::linkColor(LinkClass linkClass)
{
    switch (linkClass) {
    case LinkClass::NVLink:
        return QColor(0x5f, 0x9e, 0x00);
    case LinkClass::XGMI:
        return QColor(0xc8, 0x3a, 0x3a);
    case LinkClass::InfiniBand:
        return QColor(0x23, 0x6f, 0xd1);
    case LinkClass::RoCE:
        return QColor(0x0f, 0x9a, 0x96);
    case LinkClass::PCIe:
        return QColor(0x8a, 0x8a, 0x8a);
    case LinkClass::Ethernet:
        return QColor(0xe3, 0x7b, 0x12);
    }
    return QColor(Qt::gray);
}

QString DiagramStyle::linkClassName(LinkClass linkClass)
{
    switch (linkClass) {
    case LinkClass::NVLink:
        return QCoreApplication::translate("Diagram", "NVLink");
    case LinkClass::XGMI:
        return QCoreApplication::translate("Diagram", "Infinity Fabric");
    case LinkClass::InfiniBand:
        return QCoreApplication::translate("Diagram", "InfiniBand");
    case LinkClass::RoCE:
        return QCoreApplication::translate("Diagram", "RoCE");
    case LinkClass::PCIe:
        return QCoreApplication::translate("Diagram", "PCIe");
    case LinkClass::Ethernet:
        return QCoreApplication::translate("Diagram", "Ethernet");
    }
    return {};
}

QFont DiagramStyle::font(double pixelSize, bool bold)
{
    QFont f = QGuiApplication::font();
    f.setPixelSize(qMax(1, qRound(pixelSize)));
    f.setBold(bold);
    return f;
}

} // namespace topoplan
