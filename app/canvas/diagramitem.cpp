#include "app/canvas/diagramitem.h"

#include "app/canvas/clusterscene.h"
#include "app/document/document.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace topoplan {

ClusterScene *DiagramItem::clusterScene() const
{
    return static_cast<ClusterScene *>(scene());
}

bool DiagramItem::isSelectedInDocument() const
{
    // An export is the design, not the state of the editor: it draws nothing selected.
    const ClusterScene *s = clusterScene();
    return s && !s->fullDetail() && s->document()->isSelected(m_id);
}

double DiagramItem::levelOfDetail(const QStyleOptionGraphicsItem *option,
                                  const QPainter *painter) const
{
    const ClusterScene *s = clusterScene();
    if (s && s->fullDetail())
        return 1e6;
    return option->levelOfDetailFromTransform(painter->worldTransform());
}

} // namespace topoplan
