#pragma once

#include <QPixmap>
#include <QRectF>
#include <QWidget>

namespace topoplan {

class ClusterView;

// The overview of a design too large for the view: every lane, domain and device of the
// diagram drawn small in the view's bottom-right corner, with the part the view shows framed.
// A click or drag on it brings that part into view. It is shown only while the view shows
// less than the whole diagram.
class MiniMap : public QWidget
{
    Q_OBJECT

public:
    explicit MiniMap(ClusterView *view);

    // The diagram changed: its picture is redrawn before it is next shown.
    void invalidate();
    // The view zoomed, panned or resized: shows or hides it, places it, moves the frame.
    void viewChanged();
    // The scene point drawn at `pos` (widget coordinates).
    QPointF sceneAt(const QPointF &pos) const;
    // Where the scene rectangle `rect` is drawn (widget coordinates).
    QRectF widgetRect(const QRectF &rect) const;

    static constexpr int kMaxWidth = 220;
    static constexpr int kMaxHeight = 150;
    static constexpr int kMargin = 12;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    QRectF content() const;
    void redraw();

    ClusterView *m_view;
    QPixmap m_picture;
    bool m_dirty = true;
};

} // namespace topoplan
