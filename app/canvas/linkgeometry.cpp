#include "app/canvas/linkgeometry.h"

#include "app/canvas/linkitem.h"
#include "app/canvas/nodeitem.h"
#include "app/canvas/switchitem.h"

#include "engine/generate/generator.h"

#include <algorithm>

namespace topoplan::linkgeometry {

namespace {

QSizeF fixedSize(const DiagramItem *item)
{
    if (item->type() == NodeItemType)
        return {diagram::kNodeWidth, diagram::kNodeHeight};
    if (item->type() == SwitchItemType)
        return {diagram::kSwitchWidth, diagram::kSwitchHeight};
    return item->boundingRect().adjusted(2, 2, -2, -2).size(); // a domain's own size
}

} // namespace

QRectF itemRect(const DiagramItem *item)
{
    return QRectF(item->pos(), fixedSize(item));
}

void layoutSlots(const SwitchItem *sw, const QList<LinkItem *> &links)
{
    if (!sw)
        return;
    const QRectF box = itemRect(sw);
    struct Slot
    {
        double otherX;
        int port;
        LinkItem *link;
        bool atA;
    };
    QList<Slot> up, down;
    for (LinkItem *link : links) {
        const bool atA = link->endA() == sw;
        const DiagramItem *other = atA ? link->endB() : link->endA();
        if (!other)
            continue;
        const QPointF c = itemRect(other).center();
        Slot s{c.x(), atA ? link->portA() : link->portB(), link, atA};
        (c.y() < box.center().y() ? up : down).append(s);
    }
    for (QList<Slot> *side : {&up, &down}) {
        std::sort(side->begin(), side->end(), [](const Slot &a, const Slot &b) {
            return a.otherX != b.otherX ? a.otherX < b.otherX : a.port < b.port;
        });
        const double inset = 10;
        const double span = box.width() - 2 * inset;
        for (qsizetype i = 0; i < side->size(); ++i) {
            const Slot &s = side->at(i);
            s.link->setSlot(s.atA, inset + span * (i + 0.5) / side->size());
        }
    }
}

QPointF anchor(const DiagramItem *device, const DiagramItem *other, int port, int count,
               double slot)
{
    const QRectF box = itemRect(device);
    const bool towardsTop = itemRect(other).center().y() < box.center().y();
    const double y = towardsTop ? box.top() : box.bottom();
    double x = box.center().x();
    if (device->type() == NodeItemType) {
        // A node's NICs sit side by side along its edge; a bundle starts at its first port.
        const int ports = std::max(static_cast<const NodeItem *>(device)->nicCount(), port + count);
        const double inset = 8;
        x = box.left() + inset + (box.width() - 2 * inset) * (port + count / 2.0) / ports;
    } else if (device->type() == SwitchItemType && slot >= 0) {
        x = box.left() + slot;
    }
    return QPointF(x, y);
}

void updateLine(LinkItem *link)
{
    const DiagramItem *a = link->endA();
    const DiagramItem *b = link->endB();
    if (!a || !b)
        return;
    const int count = link->count();
    link->setLine(QLineF(anchor(a, b, link->portA(), count, link->slotA()),
                         anchor(b, a, link->portB(), count, link->slotB())));
}

} // namespace topoplan::linkgeometry
