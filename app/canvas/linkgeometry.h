#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>

namespace topoplan {

class DiagramItem;
class LinkItem;
class SwitchItem;

// Where a link meets its devices: a node's NICs side by side along its edge, a switch's links
// spread along its edge by where their other ends are. Pure geometry of the items as placed;
// the scene decides when to run it.
namespace linkgeometry {

// The box a node, switch or domain covers at its layout position (a device's fixed size,
// whatever its selection outline adds).
QRectF itemRect(const DiagramItem *item);
// Spreads `links`, the links at `sw`, along its top and bottom edges, ordered by where their
// other ends are, so that they do not cross on the way out.
void layoutSlots(const SwitchItem *sw, const QList<LinkItem *> &links);
// Where a bundle of `count` cables from `port` meets `device`, on the edge facing `other`;
// `slot` is the offset along a switch's edge from layoutSlots() (negative: the middle).
QPointF anchor(const DiagramItem *device, const DiagramItem *other, int port, int count,
               double slot);
// Draws `link` between its two ends; a link missing an end keeps its line.
void updateLine(LinkItem *link);

} // namespace linkgeometry

} // namespace topoplan
