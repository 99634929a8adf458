#pragma once

#include <QGraphicsView>
#include <QPointer>

class QLabel;
class QTimer;

namespace topoplan {

class ClusterScene;
class DiagramLegend;
class MiniMap;

// The canvas: wheel zoom about the cursor, pan with the middle button or space + drag, zoom
// to fit. Until the user zooms or pans, the view keeps the whole diagram fitted as the
// window resizes.
class ClusterView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit ClusterView(QWidget *parent = nullptr);

    void setClusterScene(ClusterScene *scene);
    ClusterScene *clusterScene() const;

    double zoom() const { return transform().m11(); }
    // Scales about `viewPos` (a viewport point), clamped to the zoom range.
    void zoomBy(double factor, const QPoint &viewPos);
    // Shows `sceneRect` as large as it fits (at most kMaxZoom): zoom to selection.
    void zoomToRect(const QRectF &sceneRect);
    // Centres the view on `scenePos` at the zoom it has, as a pan by the user.
    void panTo(const QPointF &scenePos);
    // The overview in the bottom-right corner, shown while part of the design is out of view.
    MiniMap *miniMap() const { return m_miniMap; }

    // A widget floating over the viewport's top-right corner (the analysis card): zoom to fit
    // keeps the devices clear of it, and a fitted view fits again when it appears or resizes.
    void setTopRightOverlay(QWidget *overlay);

    // What to do first, centred on the canvas while the design has no devices; gone with the
    // first server, switch or domain.
    QLabel *emptyHint() const { return m_emptyHint; }

    // A refusal shown where the user acted: a balloon beside `scenePos` that goes after a few
    // seconds, or at the next press on the canvas.
    void showBalloon(const QString &text, const QPointF &scenePos);
    QLabel *balloon() const { return m_balloon; }
    static constexpr int kBalloonMs = 6000;

    static constexpr double kMinZoom = 0.02;
    static constexpr double kMaxZoom = 8.0;

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void resetZoom();

Q_SIGNALS:
    void zoomChanged(double zoom);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void applyStyle();
    void updateSceneRect();
    void placeLegend();
    void updateEmptyHint();
    void endPan();
    // Fits `content` with `pixels` of viewport kept free around it; returns the zoom reached.
    double fitWithMargins(const QRectF &content, const QMarginsF &pixels);
    // Fits `content` clear of the legend and the top-right card; returns the zoom reached.
    double fitContent(const QRectF &content);
    bool overlayCoversDevices() const;
    bool eventFilter(QObject *watched, QEvent *event) override;

    QPointer<ClusterScene> m_scene;
    DiagramLegend *m_legend;
    MiniMap *m_miniMap;
    QMetaObject::Connection m_documentChanged; // to the minimap
    QLabel *m_emptyHint;
    QLabel *m_balloon;
    QTimer *m_balloonTimer;
    QPointer<QWidget> m_topRight;
    bool m_fitted = true; // keep fitting on resize until the user zooms or pans
    bool m_spaceHeld = false;
    bool m_panning = false;
    QPoint m_panLast;
};

} // namespace topoplan
