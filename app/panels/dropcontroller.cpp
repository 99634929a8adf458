#include "app/panels/dropcontroller.h"

#include "app/canvas/canvasplacement.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/linkgeometry.h"
#include "app/document/document.h"
#include "app/document/topologycommands.h"
#include "app/panels/palettedock.h"

#include "engine/edit/editing.h"
#include "engine/generate/generator.h"
#include "engine/model/domainrules.h"

#include <QDropEvent>
#include <QUndoStack>

#include <algorithm>

namespace topoplan {

namespace {

// An empty domain box: room for one row of three trays under its header, the size of what it
// will hold first, not a large box over the diagram.
constexpr int kNewDomainColumns = 3;
constexpr int kNewDomainRows = 1;

QSizeF newDomainSize()
{
    return {2 * diagram::kDomainPadding + kNewDomainColumns * diagram::kNodeWidth
                    + (kNewDomainColumns - 1) * diagram::kItemGap,
            diagram::kDomainHeader + 2 * diagram::kDomainPadding
                    + kNewDomainRows * diagram::kNodeHeight
                    + (kNewDomainRows - 1) * diagram::kItemGap};
}

// Where a new box of `rect` lands clear of the devices and domains already drawn: where it
// was dropped if that is free, else straight below what it would cover, so that it hides no
// item and no item hides its name.
QRectF clearOfItems(const ClusterScene *scene, QRectF rect)
{
    QList<QRectF> taken;
    for (const DiagramItem *item : scene->diagramItems()) {
        if (item->type() != LinkItemType)
            taken.append(linkgeometry::itemRect(item).adjusted(
                    -diagram::kItemGap / 2, -diagram::kItemGap / 2, diagram::kItemGap / 2,
                    diagram::kItemGap / 2));
    }
    for (qsizetype tries = 0; tries <= taken.size(); ++tries) {
        double below = rect.top();
        for (const QRectF &r : std::as_const(taken)) {
            if (r.intersects(rect))
                below = std::max(below, r.bottom());
        }
        if (below == rect.top())
            break;
        rect.moveTop(CanvasPlacement::snapped(QPointF(0, below + CanvasPlacement::gridSize())).y());
    }
    return rect;
}
} // namespace

DropController::DropController(ClusterView *view)
    : QObject(view)
    , m_view(view)
    , m_viewport(view->viewport())
{
    view->setAcceptDrops(true);
    m_viewport->installEventFilter(this);
}

bool DropController::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_viewport)
        return false;
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *drag = static_cast<QDropEvent *>(event);
        if (!PaletteDock::entryFromMimeData(drag->mimeData()))
            return false;
        drag->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto *dropEvent = static_cast<QDropEvent *>(event);
        const std::optional<PaletteEntry> entry
                = PaletteDock::entryFromMimeData(dropEvent->mimeData());
        if (!entry)
            return false;
        const QPointF scenePos = m_view->mapToScene(dropEvent->position().toPoint());
        if (drop(*entry, scenePos))
            dropEvent->acceptProposedAction();
        else
            dropEvent->ignore();
        return true;
    }
    default:
        return false;
    }
}

bool DropController::drop(const PaletteEntry &entry, const QPointF &scenePos)
{
    ClusterScene *scene = m_view->clusterScene();
    if (!scene)
        return false;
    Document *document = scene->document();
    const Topology &topology = document->project().topology;
    const CanvasPlacement placement(scene);
    const std::string model = entry.model.toStdString();
    // Refusals go to the status bar and beside the drop point, where the user is looking.
    const auto refuse = [&](const QString &text) {
        Q_EMIT message(text);
        m_view->showBalloon(text, scenePos);
        return false;
    };

    QSizeF size;
    switch (entry.kind) {
    case PaletteEntry::Server:
        size = QSizeF(diagram::kNodeWidth, diagram::kNodeHeight);
        break;
    case PaletteEntry::Switch:
        size = QSizeF(diagram::kSwitchWidth, diagram::kSwitchHeight);
        break;
    case PaletteEntry::Domain:
        size = newDomainSize();
        break;
    }
    QPointF topLeft = CanvasPlacement::snapped(scenePos - QPointF(size.width(), size.height()) / 2);
    LayoutItem layout;
    layout.x = topLeft.x();
    layout.y = topLeft.y();

    QString id;
    QUndoCommand *command = nullptr;
    switch (entry.kind) {
    case PaletteEntry::Server: {
        if (!document->catalog().server(model)) {
            return refuse(tr("The catalog has no server model \"%1\".").arg(entry.model));
        }
        Node node;
        node.id = unusedId(topology, model);
        node.name = node.id;
        node.model = model;
        const QString domain = placement.domainAt(scenePos);
        if (!domain.isEmpty()) {
            // Ask the rule about the node as it would be, before it exists.
            if (const std::optional<std::string> refusal = domainMembershipRefusal(
                        topology, document->catalog(), node, domain.toStdString())) {
                return refuse(tr("Not added: %1.").arg(QString::fromStdString(*refusal)));
            }
            node.domain = domain.toStdString();
        } else if (placement.tierAt(scenePos.y())) {
            layout.y = CanvasPlacement::snapped(QPointF(0, *placement.nodeTop(scenePos.y()))).y();
        }
        id = QString::fromStdString(node.id);
        command = new AddNode(document, node, layout);
        break;
    }
    case PaletteEntry::Switch: {
        if (!document->catalog().switchModel(model)) {
            return refuse(tr("The catalog has no switch model \"%1\".").arg(entry.model));
        }
        Switch sw;
        sw.id = unusedId(topology, model);
        sw.name = sw.id;
        sw.model = model;
        sw.tier = placement.tierAt(scenePos.y()).value_or(Tier::Leaf);
        id = QString::fromStdString(sw.id);
        command = new AddSwitch(document, sw, layout);
        break;
    }
    case PaletteEntry::Domain: {
        // Nodes sit below the switch lanes, and a box covers no item.
        if (placement.tierAt(scenePos.y()))
            layout.y = CanvasPlacement::snapped(QPointF(0, *placement.nodeTop(scenePos.y()))).y();
        const QRectF landed = clearOfItems(scene, QRectF(QPointF(layout.x, layout.y), size));
        layout.y = landed.top();
        Domain domain;
        domain.id = unusedId(topology, "domain");
        domain.name = domain.id;
        layout.w = size.width();
        layout.h = size.height();
        id = QString::fromStdString(domain.id);
        command = new AddDomain(document, domain, layout);
        break;
    }
    }
    document->undoStack()->push(command);
    document->setSelection({id});
    return true;
}

} // namespace topoplan
