#pragma once

#include "engine/document/hardware.h"

#include <QGraphicsView>

#include <map>
#include <optional>
#include <set>
#include <string>

class QGraphicsRectItem;
class QGraphicsScene;

namespace topoplan {

// The data-hall floor as a grid of rows and rack positions, each of the design's racks a tile
// at its spot (server racks in NVLink's colour, network racks in InfiniBand's, both light; racks
// placed by hand outlined). Dragging a tile to another cell asks for the rack to stand there
// (rackMoved); the owner places it and shows the floor again. The arrow keys move the selected
// rack one cell.
class FloorView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit FloorView(QWidget *parent = nullptr);

    // Shows `racks` (floorRacks) on a grid of `racksPerRow` positions (wider where a rack
    // stands beyond), with one empty row after the last for racks moved out of the others.
    void setRacks(const std::map<std::string, FloorRack> &racks,
                  const std::set<std::string> &byHand, int racksPerRow);

    QSize sizeHint() const override;

    // The centre of the cell at `spot`, in viewport coordinates (where a drag drops a rack).
    QPoint cellCentre(const RackSpot &spot) const;
    // The cell under a viewport point, if it is on the grid.
    std::optional<RackSpot> spotAt(const QPoint &viewportPos) const;
    // The racks as shown.
    const std::map<std::string, FloorRack> &racks() const { return m_racks; }
    // The rack selected (last clicked); empty when none.
    QString selectedRack() const { return m_selected; }

Q_SIGNALS:
    void rackMoved(const QString &name, int row, int position);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    // Outlines `name`'s tile as selected, and the one selected before as it was.
    void select(const QString &name);
    QGraphicsRectItem *tileAt(const QPoint &viewportPos) const;

    QGraphicsScene *m_scene;
    std::map<std::string, FloorRack> m_racks;
    std::set<std::string> m_byHand;
    int m_racksPerRow = 1;
    int m_rows = 1;
    int m_positions = 1;
    std::map<QString, QGraphicsRectItem *> m_tiles;
    QString m_selected;
    QString m_dragged;
    QPointF m_grab; // where in the tile the drag took it
};

} // namespace topoplan
