#pragma once

#include "app/canvas/diagramitem.h"

#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <QColor>

namespace topoplan {

// A network switch: name, model and radix, with a stripe in the colour of its fabric
// (InfiniBand blue, RoCE teal, Ethernet orange).
class SwitchItem : public DiagramItem
{
public:
    enum { Type = SwitchItemType };
    explicit SwitchItem(const QString &id);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    QRectF nameRect() const override;
    bool failed() const { return m_failed; } // marked failed: struck through

    void sync(const Switch &sw, const Catalog &catalog);

    Tier tier() const { return m_tier; }
    int ports() const { return m_ports; }
    QString name() const { return m_name; }
    QString modelText() const { return m_modelText; }
    // The colour of its fabric stripe (InfiniBand, RoCE, Ethernet).
    QColor color() const { return m_color; }
    // The colour the layout gives it (LayoutItem::color: the generator's colour of its plane,
    // or of its rail's own network): its frame, and its whole box when zoomed far out, so that
    // a multi-plane or rail-only fabric's networks are told apart. Invalid: none.
    void setMark(const QColor &mark);
    QColor fill() const { return m_mark.isValid() ? m_mark : m_color; }

private:
    void paintBox(QPainter *painter, const QStyleOptionGraphicsItem *option);
    bool m_failed = false;
    QString m_name;
    QString m_modelText;
    Tier m_tier = Tier::Leaf;
    int m_ports = 0;
    QColor m_color;
    QColor m_mark;
};

} // namespace topoplan
