#include "app/canvas/linkbadges.h"

#include "app/canvas/badgeitem.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/linkitem.h"
#include "app/document/document.h"

#include <QList>
#include <QPoint>
#include <QRectF>

#include <cmath>

namespace topoplan {

void LinkBadges::remove(const QString &linkId)
{
    delete m_badges.take(linkId);
}

void LinkBadges::place(ClusterScene *scene)
{
    // Bundle badges go where they cover no other badge: the middle of the line if free, else
    // a little towards either end; a badge with no free place is left off (the link's
    // tooltip still says it). A grid of placed badges keeps this linear in the link count.
    constexpr double kCell = 64;
    constexpr double kCandidates[] = {0.5, 0.38, 0.62, 0.27, 0.73, 0.17, 0.83};
    QHash<QPoint, QList<QRectF>> placed;
    const auto cellsOf = [](const QRectF &r) {
        QList<QPoint> cells;
        for (int x = int(std::floor(r.left() / kCell)); x <= int(std::floor(r.right() / kCell));
             ++x) {
            for (int y = int(std::floor(r.top() / kCell)); y <= int(std::floor(r.bottom() / kCell));
                 ++y)
                cells.append(QPoint(x, y));
        }
        return cells;
    };
    const auto isFree = [&](const QRectF &r) {
        for (const QPoint &cell : cellsOf(r)) {
            for (const QRectF &other : placed.value(cell)) {
                if (other.intersects(r))
                    return false;
            }
        }
        return true;
    };
    for (const Link &l : scene->document()->project().topology.links) {
        const QString id = QString::fromStdString(l.id);
        if (l.count <= 1) {
            delete m_badges.take(id);
            continue;
        }
        LinkItem *link = scene->linkItem(id);
        if (!link)
            continue;
        BadgeItem *badge = m_badges.value(id);
        if (!badge) {
            badge = new BadgeItem(id);
            m_badges.insert(id, badge);
            scene->addItem(badge);
        }
        badge->setText(link->badgeText(), link->badgeSize(), link->color());
        bool shown = false;
        for (double t : kCandidates) {
            const QRectF r = link->badgeRectAt(t).adjusted(-2, -2, 2, 2);
            if (scene->isLinkShown(link) && isFree(r)) {
                for (const QPoint &cell : cellsOf(r))
                    placed[cell].append(r);
                badge->setPos(r.center());
                shown = true;
                break;
            }
        }
        badge->setPlaced(shown);
        badge->setVisible(shown && (scene->badgesShown() || scene->fullDetail())
                          && !scene->overviewShown());
    }
}

} // namespace topoplan
