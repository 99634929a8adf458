#pragma once

#include "app/canvas/diagramitem.h"

#include "engine/generate/generator.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <QColor>
#include <QLineF>

namespace topoplan {

// One Link of the topology: a line in the colour of its link class between the ports it
// joins; a bundle of several cables is one thicker line with a count badge ("8 x 400G", a
// BadgeItem that the scene places above all lines).
class LinkItem : public DiagramItem
{
public:
    enum { Type = LinkItemType };
    explicit LinkItem(const QString &id);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void sync(const Link &link, const Catalog &catalog);
    void setLine(const QLineF &line);
    // The rectangle the badge would cover at `t` along the line (0 = end A, 1 = end B).
    QRectF badgeRectAt(double t) const;
    QSizeF badgeSize() const { return m_badgeSize; }
    // Its name and the ports of each end, by the names in `topology` (ids without one).
    QString toolTipText(const Topology *topology = nullptr) const;

    // The items of the two devices (nullptr while one is missing) and, at a switch end, the
    // x offset along the switch's edge where the line meets it (negative: the middle).
    DiagramItem *endA() const { return m_endA; }
    DiagramItem *endB() const { return m_endB; }
    void setEnds(DiagramItem *a, DiagramItem *b);
    double slotA() const { return m_slotA; }
    double slotB() const { return m_slotB; }
    void setSlot(bool atA, double offset) { (atA ? m_slotA : m_slotB) = offset; }
    QColor color() const { return m_color; }
    bool failed() const { return m_failed; } // marked failed: drawn dashed in the failed colour
    // Carries nothing: marked failed, or a server or switch at either end is (drawn dashed; in
    // its own colour, faded, when only an end is failed).
    bool dead() const;
    // The width of a link's line, in scene units: wider for bigger bundles.
    static double penWidth(int count);
    // Single cables are drawn translucent: they come in hundreds, and bundles stand out.
    static constexpr float kCableAlpha = 0.7f;
    // A link whose end is failed is faded further.
    static constexpr float kDeadAlpha = 0.4f;
    // A fan of links taller than this reaches past the row below its upper end: a design laid
    // out as a grid (the cores to every pod's spines). Drawn solid it would hide the rows in
    // between, and as lines it would cross every tile of them: it is a tint at every zoom, and
    // the pods show through.
    static constexpr double kRowsTall = 4 * (diagram::kSwitchHeight + diagram::kLaneGap);
    static constexpr float kSheetAlpha = 0.15f;

    QLineF line() const { return m_line; }
    QString deviceA() const { return m_a; }
    QString deviceB() const { return m_b; }
    int portA() const { return m_portA; }
    int portB() const { return m_portB; }
    int count() const { return m_count; }
    LinkClass linkClass() const { return m_class; }
    // "8 x 400G" for a bundle, empty for a single cable (which shows no badge).
    QString badgeText() const { return m_badge; }

private:
    void updateBounds();

    QString m_a, m_b;
    int m_portA = 0, m_portB = 0;
    int m_count = 1;
    LinkClass m_class = LinkClass::Ethernet;
    const Medium *m_medium = nullptr; // in the document's catalog, which outlives the scene
    QString m_mediumId;
    double m_gbits = 0; // line rate of one cable
    QColor m_color;
    bool m_failed = false;
    QString m_badge;
    QSizeF m_badgeSize;
    QLineF m_line;
    QRectF m_bounds;
    DiagramItem *m_endA = nullptr;
    DiagramItem *m_endB = nullptr;
    double m_slotA = -1;
    double m_slotB = -1;
};

} // namespace topoplan
