#include "app/canvas/clusterview.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/diagramlegend.h"

#include <QKeyEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace topoplan {

namespace {

// One wheel notch (120) zooms by about 20 %.
constexpr double kWheelBase = 1.0015;
constexpr double kStep = 1.25;
// Zoom to fit never magnifies a small diagram beyond this.
constexpr double kMaxFitZoom = 1.5;

} // namespace

ClusterView::ClusterView(QWidget *parent)
    : QGraphicsView(parent)
    // A child of the view, not of the viewport: QWidget::scroll() would carry it away.
    , m_legend(new DiagramLegend(this))
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing
                   | QPainter::SmoothPixmapTransform);
    // Items leave room for their pens; not adjusting saves a rect computation per item.
    setOptimizationFlag(QGraphicsView::DontAdjustForAntialiasing);
    // Every item sets the pen, brush and font it draws with, so the view need not save and
    // restore the painter around each of tens of thousands of items.
    setOptimizationFlag(QGraphicsView::DontSavePainterState);
    setTransformationAnchor(QGraphicsView::NoAnchor);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setDragMode(QGraphicsView::NoDrag);
    setFrameShape(QFrame::NoFrame);
    // The canvas pans with the middle button or space + drag; scroll bars would only frame
    // an arbitrary margin around the diagram.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    applyStyle();
}

void ClusterView::setClusterScene(ClusterScene *scene)
{
    if (m_scene)
        disconnect(this, &ClusterView::zoomChanged, m_scene, nullptr);
    m_scene = scene;
    setScene(scene);
    if (scene) {
        connect(scene, &ClusterScene::contentRectChanged, this, [this] { updateSceneRect(); });
        connect(this, &ClusterView::zoomChanged, scene, &ClusterScene::setViewZoom);
        updateSceneRect();
    }
    applyStyle();
    zoomToFit();
}

ClusterScene *ClusterView::clusterScene() const
{
    return m_scene;
}

void ClusterView::zoomBy(double factor, const QPoint &viewPos)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    factor = target / zoom();
    if (std::abs(factor - 1) < 1e-9)
        return;
    // Keep the scene point under viewPos where it is.
    const QPointF scenePoint = mapToScene(viewPos);
    scale(factor, factor);
    const QPointF moved = mapFromScene(scenePoint) - QPointF(viewPos);
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + qRound(moved.x()));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + qRound(moved.y()));
    m_fitted = false;
    Q_EMIT zoomChanged(zoom());
}

void ClusterView::zoomIn()
{
    zoomBy(kStep, viewport()->rect().center());
}

void ClusterView::zoomOut()
{
    zoomBy(1 / kStep, viewport()->rect().center());
}

void ClusterView::zoomToFit()
{
    if (!m_scene)
        return;
    const QRectF content = m_scene->contentRect();
    if (content.isEmpty()) {
        resetTransform();
    } else {
        // Leave the strip under the legend free.
        const QMarginsF legend(0, 0, 0, m_legend->height() + 16);
        fitWithMargins(content, legend);
        if (overlayCoversDevices()) {
            // Room for the card beside the diagram or above it, whichever leaves it larger.
            const QSizeF card = QSizeF(m_topRight->size()) + QSizeF(24, 24);
            const QMarginsF beside = legend + QMarginsF(0, 0, card.width(), 0);
            const QMarginsF above = legend + QMarginsF(0, card.height(), 0, 0);
            if (fitWithMargins(content, beside) < fitWithMargins(content, above) - 1e-9)
                fitWithMargins(content, above);
            else
                fitWithMargins(content, beside);
        }
        if (zoom() > kMaxFitZoom) {
            setTransform(QTransform::fromScale(kMaxFitZoom, kMaxFitZoom));
            centerOn(content.center());
        }
    }
    m_fitted = true;
    Q_EMIT zoomChanged(zoom());
}

double ClusterView::fitWithMargins(const QRectF &content, const QMarginsF &pixels)
{
    // The margins are in pixels, the content in scene units: fit, then fit again with the
    // margins at the zoom reached (twice, as the second fit changes the zoom a little).
    fitInView(content, Qt::KeepAspectRatio);
    for (int i = 0; i < 2; ++i) {
        const double z = zoom();
        fitInView(content.marginsAdded(QMarginsF(pixels.left() / z, pixels.top() / z,
                                                 pixels.right() / z, pixels.bottom() / z)),
                  Qt::KeepAspectRatio);
    }
    return zoom();
}

void ClusterView::setTopRightOverlay(QWidget *overlay)
{
    if (m_topRight)
        m_topRight->removeEventFilter(this);
    m_topRight = overlay;
    if (overlay)
        overlay->installEventFilter(this);
}

bool ClusterView::overlayCoversDevices() const
{
    if (!m_scene || !m_topRight || !m_topRight->isVisible())
        return false;
    const QRect card = m_topRight->geometry()
                               .translated(-viewport()->geometry().topLeft())
                               .adjusted(-8, -8, 8, 8);
    const QRectF under = mapToScene(card).boundingRect();
    for (const QGraphicsItem *item : m_scene->items(under, Qt::IntersectsItemBoundingRect)) {
        // Zoomed out, the overview stands in for the hidden devices.
        if (!item->isVisible())
            continue;
        switch (item->type()) {
        case NodeItemType:
        case SwitchItemType:
        case DomainItemType:
        case OverviewItemType:
            return true;
        default:
            break;
        }
    }
    return false;
}

bool ClusterView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_topRight && m_fitted
        && (event->type() == QEvent::Show || event->type() == QEvent::Resize
            || event->type() == QEvent::Move))
        zoomToFit();
    return QGraphicsView::eventFilter(watched, event);
}

void ClusterView::zoomToRect(const QRectF &sceneRect)
{
    if (sceneRect.isEmpty())
        return;
    fitInView(sceneRect, Qt::KeepAspectRatio);
    if (zoom() > kMaxZoom) {
        setTransform(QTransform::fromScale(kMaxZoom, kMaxZoom));
        centerOn(sceneRect.center());
    }
    m_fitted = false;
    Q_EMIT zoomChanged(zoom());
}

void ClusterView::resetZoom()
{
    const QPointF center = mapToScene(viewport()->rect().center());
    resetTransform();
    centerOn(center);
    m_fitted = false;
    Q_EMIT zoomChanged(zoom());
}

void ClusterView::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(kWheelBase, delta), event->position().toPoint());
    event->accept();
}

void ClusterView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_panning = true;
        m_panLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void ClusterView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint pos = event->position().toPoint();
        const QPoint delta = pos - m_panLast;
        m_panLast = pos;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        m_fitted = false;
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void ClusterView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning && (event->button() == Qt::MiddleButton || event->button() == Qt::LeftButton)) {
        endPan();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void ClusterView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            viewport()->setCursor(Qt::OpenHandCursor);
        }
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void ClusterView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = false;
            endPan();
        }
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void ClusterView::focusOutEvent(QFocusEvent *event)
{
    m_spaceHeld = false;
    endPan();
    QGraphicsView::focusOutEvent(event);
}

void ClusterView::endPan()
{
    m_panning = false;
    if (m_spaceHeld)
        viewport()->setCursor(Qt::OpenHandCursor);
    else
        viewport()->unsetCursor();
}

void ClusterView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_fitted)
        zoomToFit();
}

bool ClusterView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Resize)
        placeLegend();
    return QGraphicsView::viewportEvent(event);
}

void ClusterView::changeEvent(QEvent *event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyStyle();
}

void ClusterView::applyStyle()
{
    const DiagramStyle style = DiagramStyle::fromPalette(palette());
    if (m_scene)
        m_scene->setStyle(style);
    m_legend->setStyle(style);
}

void ClusterView::updateSceneRect()
{
    // Room around the diagram so it can be panned past its edges.
    const QRectF content = m_scene->contentRect();
    const double margin = std::max(content.width(), content.height()) * 0.5 + 200;
    const QRectF rect = content.adjusted(-margin, -margin, margin, margin);
    if (rect != sceneRect())
        setSceneRect(rect);
}

void ClusterView::placeLegend()
{
    m_legend->resize(m_legend->sizeHint());
    const QRect area = viewport()->geometry();
    m_legend->move(area.left() + 12, area.bottom() - m_legend->height() - 12);
    m_legend->raise();
}

} // namespace topoplan
