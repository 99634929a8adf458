#include "app/tools/connecttool.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramitem.h"
#include "app/document/document.h"
#include "app/document/propertycommands.h"
#include "app/tools/cablingpreview.h"

#include "engine/edit/handcabling.h"

#include <QCoreApplication>

#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QPen>

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
    m_label = new QGraphicsSimpleTextItem;
    m_label->setBrush(scene->style().selection);
    m_label->setZValue(1e6);
    m_label->setFlag(QGraphicsItem::ItemIgnoresTransformations); // readable at any zoom
    m_label->hide();
    scene->addItem(m_label);
}

QString LinkGesture::move(const QPointF &scenePos)
{
    if (!m_line || !m_scene)
        return {};
    m_line->setLine(QLineF(m_line->line().p1(), scenePos));
    const QString target = deviceAt(m_scene, scenePos);
    if (target != m_target) {
        m_target = target;
        m_preview.clear();
        if (!target.isEmpty() && target != m_from) {
            const Document *document = m_scene->document();
            const Topology &t = document->project().topology;
            const Expected<CablingProposal> p = proposeCabling(
                    t, document->catalog(), m_from.toStdString(), target.toStdString());
            if (!p) {
                m_preview = QCoreApplication::translate("ConnectTool", "Not possible: %1.")
                                    .arg(QString::fromStdString(p.error().message));
            } else {
                const QString text = p->cables == 1 ? QCoreApplication::translate(
                                             "ConnectTool", "Release to connect: 1 cable. %1.")
                                                    : QCoreApplication::translate(
                                                            "ConnectTool",
                                                            "Release to connect: %n cables. %1.",
                                                            nullptr, p->cables);
                m_preview = text.arg(QString::fromStdString(p->reason));
            }
        }
        m_label->setText(m_preview);
        m_label->setVisible(!m_preview.isEmpty());
    }
    m_label->setPos(scenePos + QPointF(12, 12));
    return m_preview;
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
    const Expected<CablingProposal> proposal
            = proposeCabling(document->project().topology, document->catalog(), from.toStdString(),
                             to.toStdString());
    if (!proposal) {
        return QCoreApplication::translate("ConnectTool", "Not connected: %1.")
                .arg(QString::fromStdString(proposal.error().message));
    }
    QWidget *window = scene->views().isEmpty() ? nullptr : scene->views().first()->window();
    auto *preview = new CablingPreview(document, from, to, window);
    preview->setWindowModality(Qt::WindowModal);
    preview->open();
    return std::nullopt;
}

void LinkGesture::cancel()
{
    delete m_line;
    m_line = nullptr;
    delete m_label;
    m_label = nullptr;
    m_from.clear();
    m_target.clear();
    m_preview.clear();
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
    const QString preview = m_gesture.move(event->scenePos());
    if (preview != m_shownPreview) {
        m_shownPreview = preview;
        if (!preview.isEmpty())
            Q_EMIT statusMessage(preview);
    }
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
    if (const std::optional<QString> refusal = m_gesture.finish(event->scenePos())) {
        Q_EMIT statusMessage(*refusal);
        Q_EMIT refused(*refusal, event->scenePos());
    }
}

void ConnectTool::keyPressed(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_gesture.isActive()) {
        m_gesture.cancel();
        event->accept();
    }
}

} // namespace topoplan
