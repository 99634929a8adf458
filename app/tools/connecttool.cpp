#include "app/tools/connecttool.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramitem.h"
#include "app/document/document.h"
#include "app/document/propertycommands.h"
#include "app/document/topologycommands.h"

#include "engine/edit/editing.h"
#include "engine/edit/propertyedit.h"

#include <QCoreApplication>

#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QPen>
#include <QUndoStack>
#include <algorithm>

namespace topoplan {

LinkGesture::~LinkGesture()
{
    cancel();
}

QString LinkGesture::deviceAt(const ClusterScene *scene, const QPointF &scenePos)
{
    const DiagramItem *item = scene->topItemAt(scenePos);
    if (item && (item->type() == NodeItemType || item->type() == SwitchItemType))
        return item->id();
    return {};
}

void LinkGesture::begin(ClusterScene *scene, const QString &deviceId, const QPointF &scenePos)
{
    cancel();
    m_scene = scene;
    m_from = deviceId;
    m_line = new QGraphicsLineItem(QLineF(scenePos, scenePos));
    QPen pen(scene->style().selection, 2, Qt::DashLine);
    pen.setCosmetic(true);
    m_line->setPen(pen);
    m_line->setZValue(1e6); // above every device while it is drawn
    scene->addItem(m_line);
}

void LinkGesture::move(const QPointF &scenePos)
{
    if (m_line)
        m_line->setLine(QLineF(m_line->line().p1(), scenePos));
}

std::optional<QString> LinkGesture::finish(const QPointF &scenePos)
{
    if (!m_line || !m_scene) {
        cancel();
        return std::nullopt;
    }
    ClusterScene *scene = m_scene;
    const QString from = m_from;
    cancel();
    const QString to = deviceAt(scene, scenePos);
    if (to.isEmpty() || to == from)
        return std::nullopt;
    Document *document = scene->document();
    const Expected<Link> link = proposeLink(document->project().topology, document->catalog(),
                                            from.toStdString(), to.toStdString(), 1);
    if (!link) {
        return QCoreApplication::translate("ConnectTool", "Not connected: %1.")
                .arg(QString::fromStdString(link.error().message));
    }
    // A second cable between the same two devices on the same medium joins their bundle
    // ("8 x 400G" is drawn as one line), if both ends have a port for it.
    const Topology &t = document->project().topology;
    const auto bundle = std::find_if(t.links.begin(), t.links.end(), [&](const Link &l) {
        const bool sameEnds = (l.a.device == link->a.device && l.b.device == link->b.device)
                              || (l.a.device == link->b.device && l.b.device == link->a.device);
        return sameEnds && l.medium == link->medium;
    });
    if (bundle != t.links.end()) {
        const Expected<TopologyEdit> grown
                = editProperty(t, document->catalog(), {bundle->id}, Property::Count,
                               std::to_string(bundle->count + 1));
        if (!grown) {
            return QCoreApplication::translate("ConnectTool", "Not connected: %1.")
                    .arg(QString::fromStdString(grown.error().message));
        }
        const QString id = QString::fromStdString(bundle->id);
        document->undoStack()->push(new ChangeProperties(document, Property::Count, *grown));
        document->setSelection({id});
        return std::nullopt;
    }
    document->undoStack()->push(new AddLink(document, *link));
    document->setSelection({QString::fromStdString(link->id)});
    return std::nullopt;
}

void LinkGesture::cancel()
{
    delete m_line;
    m_line = nullptr;
    m_from.clear();
}

ConnectTool::ConnectTool(QObject *parent)
    : AbstractTool(tr("Connect"), QIcon(QStringLiteral(":/icons/tool-connect.svg")),
                   QKeySequence(Qt::Key_C), parent)
{}

void ConnectTool::deactivate(ClusterScene *scene)
{
    m_gesture.cancel();
    m_pressed = false;
    AbstractTool::deactivate(scene);
}

void ConnectTool::mousePressed(QGraphicsSceneMouseEvent *event)
{
    event->accept();
    if (event->button() != Qt::LeftButton || !scene())
        return;
    m_pressed = true;
    if (m_gesture.isActive())
        return; // the second click of click-click; the release finishes it
    const QString device = LinkGesture::deviceAt(scene(), event->scenePos());
    if (device.isEmpty()) {
        Q_EMIT statusMessage(tr("Press on a node or a switch and release on another to "
                                "connect them."));
        return;
    }
    m_gesture.begin(scene(), device, event->scenePos());
}

void ConnectTool::mouseMoved(QGraphicsSceneMouseEvent *event)
{
    event->accept();
    m_gesture.move(event->scenePos());
}

void ConnectTool::mouseReleased(QGraphicsSceneMouseEvent *event)
{
    event->accept();
    if (event->button() != Qt::LeftButton || !m_pressed)
        return;
    m_pressed = false;
    if (!m_gesture.isActive())
        return;
    const QString target = LinkGesture::deviceAt(scene(), event->scenePos());
    if (target.isEmpty() || target == m_gesture.origin()) {
        // A click on the first device: the cable waits for a click on the second.
        if (target.isEmpty())
            m_gesture.cancel();
        return;
    }
    if (const std::optional<QString> refusal = m_gesture.finish(event->scenePos()))
        Q_EMIT statusMessage(*refusal);
}

void ConnectTool::keyPressed(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_gesture.isActive()) {
        m_gesture.cancel();
        event->accept();
    }
}

} // namespace topoplan
