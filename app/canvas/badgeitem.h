#pragma once

#include "app/canvas/diagramitem.h"

#include <QColor>

namespace topoplan {

// The count badge of a bundle link ("8 x 400G"). Badges are items of their own, stacked
// above every line so that no cable crosses one; the id is the link's, so a click on a badge
// selects its link.
class BadgeItem : public DiagramItem
{
public:
    enum { Type = BadgeItemType };
    explicit BadgeItem(const QString &linkId);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void setText(const QString &text, const QSizeF &size, const QColor &color);
    QString text() const { return m_text; }
    // Whether the scene found it a place free of other badges.
    bool isPlaced() const { return m_placed; }
    void setPlaced(bool placed) { m_placed = placed; }

    static constexpr double kFont = 9;

private:
    QString m_text;
    QSizeF m_size;
    QColor m_color;
    bool m_placed = false;
};

} // namespace topoplan
