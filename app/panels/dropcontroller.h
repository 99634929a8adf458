#pragma once

#include <QObject>
#include <QPointF>

class QWidget;

namespace topoplan {

class ClusterView;
struct PaletteEntry;

// Takes palette entries dropped on the canvas: a server becomes a node, a switch a switch, the
// domain entry an empty NVLink domain box, each centred where it was dropped (snapped to the
// grid) in one undo step. A tray dropped in a domain box joins it, a board server there is
// refused; a switch dropped in a tier lane takes that tier; a node dropped among the switch
// lanes goes below the leaf lane.
class DropController : public QObject
{
    Q_OBJECT

public:
    explicit DropController(ClusterView *view);

    // What a drop of `entry` at `scenePos` does; false (and a message) when it is refused.
    bool drop(const PaletteEntry &entry, const QPointF &scenePos);

Q_SIGNALS:
    // Why a drop was refused, for the status bar.
    void message(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    ClusterView *m_view;
    // The view's viewport, kept from the start: events reach the filter while the view is
    // being destroyed, when asking it for its viewport is a call on a half-destroyed object.
    QWidget *m_viewport;
};

} // namespace topoplan
