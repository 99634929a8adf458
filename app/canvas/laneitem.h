#pragma once

#include "app/canvas/diagramitem.h"

namespace topoplan {

// A horizontal band behind one tier of the fabric (core, spine, leaf) or behind the compute
// nodes, labelled at its left end with the tier and what it holds ("Spine", "4 x QM9700").
// An empty tier above the switches is shown as a drop target (dashed, with what to do), so
// that a switch can be dropped straight into the spine or core; exports leave it out.
class LaneItem : public DiagramItem
{
public:
    enum { Type = LaneItemType };
    explicit LaneItem(const QString &id);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void setGeometry(const QRectF &rect);
    void setTexts(const QString &title, const QString &subtitle);
    QString title() const { return m_title; }
    QString subtitle() const { return m_subtitle; }
    void setDropTarget(bool dropTarget);
    bool isDropTarget() const { return m_dropTarget; }

    // Width of the label column at the left end of every lane, in scene units.
    static constexpr double kLabelWidth = 190;

private:
    QRectF m_rect;
    QString m_title;
    QString m_subtitle;
    bool m_dropTarget = false;
};

} // namespace topoplan
