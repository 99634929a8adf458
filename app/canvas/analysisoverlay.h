#pragma once

#include "app/analysis/analysiscontroller.h"

#include <QColor>
#include <QGraphicsObject>
#include <QLineF>
#include <QPointer>
#include <QTimer>
#include <QWidget>

namespace topoplan {

class ClusterScene;
class ClusterView;

// One line of what the analysis says about a parallel dimension: "TP 8 x 32 · NVLink ·
// 369 GB/s", in its interconnect's colour, flagged where the plan is wrong.
struct GroupSummaryLine
{
    QString text;
    QColor colour;
    bool warning = false;
};
QList<GroupSummaryLine> groupSummary(const AnalysisOutcome &outcome);

// The group summary as a card: painted on the canvas's corner (AnalysisCard) and in exports.
QSizeF groupSummarySize(const QList<GroupSummaryLine> &lines, const QFont &font);
void paintGroupSummary(QPainter *painter, const QPointF &topLeft,
                       const QList<GroupSummaryLine> &lines, const QFont &font,
                       const QPalette &palette);

// On the diagram itself: a dashed outline around the slowest TP (else CP or EP) group's nodes
// and, for each dimension, its bottleneck link drawn over in a warning colour (or, for an
// edge inside a box, the box outlined) with a callout naming the dimension and the bandwidth
// it is held to. It takes no mouse events: the devices under it stay editable.
class AnalysisOverlay : public QGraphicsObject
{
    Q_OBJECT

public:
    AnalysisOverlay();

    // Recomputes the marks from `outcome` against the scene's current item geometry.
    void setOutcome(const std::optional<AnalysisOutcome> &outcome);
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    struct Bottleneck
    {
        QString id;           // a link id, or the device whose internal edge it is
        QLineF line;          // along the link; null for a device
        QRectF device;        // the device's box; null for a link
        QString text;         // "DP bottleneck · 47 GB/s"
        QPointF anchor;       // where the callout points
        QRectF callout;       // its box, clear of the others
        bool warning = false; // a dimension on the wrong interconnect: red, else slate
    };
    const QList<Bottleneck> &bottlenecks() const { return m_bottlenecks; }
    QRectF groupOutline() const { return m_outline; }
    QString groupText() const { return m_outlineText; }

private:
    QList<Bottleneck> m_bottlenecks;
    QRectF m_outline;
    QString m_outlineText;
    QRectF m_outlineLabel;
    QRectF m_bounds;
};

// The group summary in the top right corner of the canvas.
class AnalysisCard : public QWidget
{
    Q_OBJECT

public:
    explicit AnalysisCard(QWidget *parent = nullptr);
    void setLines(const QList<GroupSummaryLine> &lines);
    const QList<GroupSummaryLine> &lines() const { return m_lines; }
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<GroupSummaryLine> m_lines;
};

// Keeps the overlay on the window's current scene (a new scene, or a rebuilt one, drops its
// items) and the card on the view, both showing the controller's newest outcome; View > Show
// Analysis on Canvas hides them.
class AnalysisOverlayController : public QObject
{
    Q_OBJECT

public:
    AnalysisOverlayController(AnalysisController *controller, ClusterView *view,
                              QObject *parent = nullptr);

    void setScene(ClusterScene *scene);
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    AnalysisOverlay *overlay() const { return m_overlay; }
    AnalysisCard *card() const { return m_card; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();
    void placeCard();

    AnalysisController *m_controller;
    ClusterView *m_view;
    AnalysisCard *m_card;
    QPointer<ClusterScene> m_scene;
    QPointer<AnalysisOverlay> m_overlay;
    QTimer m_relayout;
    bool m_visible = true;
};

} // namespace topoplan
