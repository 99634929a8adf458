#pragma once

#include "engine/model/catalog.h"

#include <QColor>
#include <QFont>

class QPainter;
class QPalette;
class QRectF;

namespace topoplan {

// Colours and fonts of the cluster diagram. Surfaces follow the application palette, so the
// canvas is dark under a dark system theme; link colours are fixed per link class so that a
// legend, an export and a screenshot always mean the same thing.
struct DiagramStyle
{
    QColor background;
    QColor laneFill;
    QColor laneBorder;
    QColor laneText;
    QColor nodeFill;
    QColor nodeBorder;
    QColor switchFill;
    QColor domainFill;
    QColor domainBorder;
    QColor text;
    QColor textDim;
    QColor badgeFill;
    QColor selection;
    bool dark = false;

    static DiagramStyle fromPalette(const QPalette &palette);

    // NVLink green, xGMI red, InfiniBand blue, RoCE teal, PCIe grey, Ethernet orange.
    static QColor linkColor(LinkClass linkClass);
    // What a link, switch or server marked failed (what-if) is drawn in: dashed, struck
    // through.
    static QColor failedColor();
    // Strikes a failed device's box through: a dashed outline and a cross in failedColor().
    static void paintFailed(QPainter *painter, const QRectF &box);
    // The translated name a legend shows ("NVLink", "InfiniBand", ...).
    static QString linkClassName(LinkClass linkClass);
    // Fonts in scene units (pixels at 100 % zoom).
    static QFont font(double pixelSize, bool bold = false);
};

} // namespace topoplan
