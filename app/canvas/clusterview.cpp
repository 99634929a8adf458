#include "app/canvas/clusterview.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/diagramlegend.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/minimap.h"
#include "app/document/document.h"

#include "engine/model/project.h"

#include <QKeyEvent>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QWheelEvent>

#include <algorithm>
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
    , m_miniMap(new MiniMap(this))
    , m_emptyHint(new QLabel(this))
    , m_balloon(new QLabel(this))
    , m_balloonTimer(new QTimer(this))
{
    m_balloon->setObjectName(QStringLiteral("refusalBalloon"));
    m_balloon->setWordWrap(true);
    m_balloon->setMargin(8);
    m_balloon->setFrameShape(QFrame::Box);
    m_balloon->setAutoFillBackground(true);
    m_balloon->setForegroundRole(QPalette::ToolTipText);
    m_balloon->setBackgroundRole(QPalette::ToolTipBase);
    m_balloon->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_balloon->hide();
    m_balloonTimer->setSingleShot(true);
    m_balloonTimer->setInterval(kBalloonMs);
    connect(m_balloonTimer, &QTimer::timeout, m_balloon, &QWidget::hide);
    setWhatsThis(tr("<b>Canvas</b><p>The cluster: servers in the Compute lane, switches in their "
                    "tier lanes above, NVLink domains as boxes, links coloured by kind with the "
                    "cable count on bundles. Drag from the Hardware palette to add, press C for "
                    "the Connect tool to cable two devices, drag to move, double-click to rename. "
                    "Wheel zooms, the middle button or space + drag pans.</p>"));
    m_emptyHint->setObjectName(QStringLiteral("emptyCanvasHint"));
    m_emptyHint->setWordWrap(true);
    m_emptyHint->setAutoFillBackground(true);
    m_emptyHint->setMargin(16);
    m_emptyHint->setAlignment(Qt::AlignCenter);
    m_emptyHint->setTextFormat(Qt::RichText);
    m_emptyHint->setAttribute(Qt::WA_TransparentForMouseEvents); // drops go to the canvas
    m_emptyHint->setText(
            tr("<p style='font-size:large'><b>This design is empty</b></p>"
               "<p>Drag a server or a switch from the <b>Hardware</b> palette onto the "
               "canvas, then connect them with the Connect tool.</p>"
               "<p>Or start from a ready cluster: <b>File &gt; New</b> opens the templates.</p>"
               "<p>Help &gt; Getting Started walks through the first five minutes.</p>"));
    m_emptyHint->hide();
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
    connect(this, &ClusterView::zoomChanged, m_miniMap, &MiniMap::viewChanged);
    applyStyle();
}

void ClusterView::setClusterScene(ClusterScene *scene)
{
    if (m_scene)
        disconnect(this, &ClusterView::zoomChanged, m_scene, nullptr);
    disconnect(m_documentChanged);
    m_scene = scene;
    setScene(scene);
    m_miniMap->invalidate();
    if (scene) {
        connect(scene, &ClusterScene::contentRectChanged, this, [this] {
            updateSceneRect();
            updateEmptyHint();
            m_miniMap->invalidate();
            m_miniMap->viewChanged();
        });
        m_documentChanged
                = connect(scene->document(), &Document::changed, m_miniMap, &MiniMap::invalidate);
        connect(this, &ClusterView::zoomChanged, scene, &ClusterScene::setViewZoom);
        updateSceneRect();
    }
    applyStyle();
    zoomToFit();
    updateEmptyHint();
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
    // The empty tier lane offered as a drop target is where the next tier goes. A design of
    // leaves and servers is missing its spines, the usual next step while drawing: its spine
    // lane is in the fit. A core lane above spines is a rarer step and would cost a two-tier
    // design the zoom at which its names stay legible: it is a pan away.
    const bool spineMissing = std::any_of(
            m_scene->lanes().begin(), m_scene->lanes().end(), [](const LaneItem *lane) {
                return lane->isDropTarget() && lane->id() == QLatin1String("lane:spine");
            });
    const QRectF fitted = spineMissing ? m_scene->canvasRect() : m_scene->contentRect();
    if (fitted.isEmpty())
        resetTransform();
    else
        fitContent(fitted);
    m_fitted = true;
    Q_EMIT zoomChanged(zoom());
}

double ClusterView::fitContent(const QRectF &content)
{
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
    return zoom();
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
    m_balloon->hide(); // the user has moved on
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

void ClusterView::panTo(const QPointF &scenePos)
{
    m_fitted = false;
    centerOn(scenePos);
}

void ClusterView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    m_miniMap->viewChanged();
}

void ClusterView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_fitted)
        zoomToFit();
}

bool ClusterView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Resize) {
        placeLegend();
        updateEmptyHint();
        m_miniMap->viewChanged();
    }
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
    m_miniMap->invalidate();
    QPalette hint = m_emptyHint->palette();
    hint.setColor(QPalette::Window, style.laneFill);
    hint.setColor(QPalette::WindowText, style.text);
    m_emptyHint->setPalette(hint);
}

void ClusterView::updateSceneRect()
{
    // Room around the diagram so it can be panned past its edges.
    const QRectF content = m_scene->canvasRect();
    const double margin = std::max(content.width(), content.height()) * 0.5 + 200;
    const QRectF rect = content.adjusted(-margin, -margin, margin, margin);
    if (rect != sceneRect())
        setSceneRect(rect);
}

void ClusterView::showBalloon(const QString &text, const QPointF &scenePos)
{
    const QRect area = viewport()->geometry();
    m_balloon->setText(text);
    m_balloon->setFixedWidth(std::clamp(area.width() / 3, 160, 420));
    m_balloon->adjustSize();
    // Below and right of the point, clear of the cursor; kept inside the canvas.
    QPoint at = area.topLeft() + mapFromScene(scenePos) + QPoint(16, 16);
    at.setX(std::clamp(at.x(), area.left() + 4,
                       std::max(area.left() + 4, area.right() - m_balloon->width() - 4)));
    at.setY(std::clamp(at.y(), area.top() + 4,
                       std::max(area.top() + 4, area.bottom() - m_balloon->height() - 4)));
    m_balloon->move(at);
    m_balloon->show();
    m_balloon->raise();
    m_balloonTimer->start();
}

void ClusterView::updateEmptyHint()
{
    bool empty = false;
    if (m_scene) {
        const Topology &t = m_scene->document()->project().topology;
        empty = t.nodes.empty() && t.switches.empty() && t.domains.empty();
    }
    if (empty) {
        const QRect area = viewport()->geometry();
        const int width = std::min(460, area.width() - 40);
        m_emptyHint->setFixedWidth(std::max(width, 120));
        m_emptyHint->adjustSize();
        m_emptyHint->move(area.center() - m_emptyHint->rect().center());
        m_emptyHint->raise();
    }
    m_emptyHint->setVisible(empty);
}

void ClusterView::placeLegend()
{
    m_legend->resize(m_legend->sizeHint());
    const QRect area = viewport()->geometry();
    m_legend->move(area.left() + 12, area.bottom() - m_legend->height() - 12);
    m_legend->raise();
}

} // namespace topoplan
