#include "app/dialogs/floorview.h"

#include "app/common/diagramstyle.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// A cell of the grid, in scene units (pixels at 100%): a tile wide enough for "c001".
constexpr double kCellWidth = 46;
constexpr double kCellHeight = 28;
constexpr double kGap = 4;
constexpr double kRowLabelWidth = 52;

QRectF cellRect(const RackSpot &s)
{
    return {kRowLabelWidth + (s.position - 1) * (kCellWidth + kGap),
            (s.row - 1) * (kCellHeight + kGap), kCellWidth, kCellHeight};
}

// "rack-c001" -> "c001": the tile's room is small; the tooltip has the whole name.
QString shortName(const std::string &name)
{
    const QString n = QString::fromStdString(name);
    return n.startsWith(QLatin1String("rack-")) ? n.mid(5) : n;
}

} // namespace

FloorView::FloorView(QWidget *parent)
    : QGraphicsView(parent)
    , m_scene(new QGraphicsScene(this))
{
    setScene(m_scene);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setFocusPolicy(Qt::StrongFocus);
    setRenderHint(QPainter::Antialiasing);
    // Three rows at least (it scrolls beyond); as many as 5 where the dialog has the room.
    setMinimumSize(560, 3 * 32 + 8);
}

void FloorView::setRacks(const std::map<std::string, FloorRack> &racks,
                         const std::set<std::string> &byHand, int racksPerRow)
{
    m_racks = racks;
    m_byHand = byHand;
    m_racksPerRow = std::max(1, racksPerRow);
    if (m_dragged.isEmpty() && !m_selected.isEmpty() && !m_racks.count(m_selected.toStdString()))
        m_selected.clear();
    rebuild();
}

void FloorView::rebuild()
{
    m_scene->clear();
    m_tiles.clear();
    m_rows = 1;
    m_positions = m_racksPerRow;
    for (const auto &[name, rack] : m_racks) {
        m_rows = std::max(m_rows, rack.site.spot.row);
        m_positions = std::max(m_positions, rack.site.spot.position);
    }
    ++m_rows; // room to move a rack out of the others
    const DiagramStyle style = DiagramStyle::fromPalette(palette());
    m_scene->setBackgroundBrush(style.background);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    for (int r = 1; r <= m_rows; ++r) {
        auto *label = m_scene->addSimpleText(tr("Row %1").arg(r), small);
        label->setBrush(style.textDim);
        label->setPos(0, cellRect({r, 1}).center().y() - label->boundingRect().height() / 2);
        for (int p = 1; p <= m_positions; ++p) {
            auto *cell = m_scene->addRect(cellRect({r, p}), QPen(style.laneBorder, 1, Qt::DotLine),
                                          p <= m_racksPerRow ? style.laneFill : Qt::NoBrush);
            cell->setZValue(-1);
        }
    }
    for (const auto &[name, rack] : m_racks) {
        const QString id = QString::fromStdString(name);
        const bool hand = m_byHand.count(name) > 0;
        QPen pen(id == m_selected ? style.selection : style.nodeBorder, hand ? 2.5 : 1);
        // Network racks in the tint of the fabric, server racks in NVLink's.
        QColor fill
                = DiagramStyle::linkColor(rack.network ? LinkClass::InfiniBand : LinkClass::NVLink);
        fill.setAlpha(70);
        auto *tile = m_scene->addRect(QRectF(0, 0, kCellWidth, kCellHeight), pen, fill);
        tile->setPos(cellRect(rack.site.spot).topLeft());
        tile->setData(0, id);
        tile->setToolTip((rack.network ? tr("%1: network rack, row %2, position %3")
                                       : tr("%1: server rack, row %2, position %3"))
                                 .arg(id)
                                 .arg(rack.site.spot.row)
                                 .arg(rack.site.spot.position)
                         + (hand ? tr(" (placed by hand)") : QString()));
        auto *text = new QGraphicsSimpleTextItem(shortName(name), tile);
        text->setFont(small);
        text->setBrush(style.text);
        const QRectF b = text->boundingRect();
        text->setPos((kCellWidth - b.width()) / 2, (kCellHeight - b.height()) / 2);
        m_tiles.emplace(id, tile);
    }
    m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-kGap, -kGap, kGap, kGap));
}

QSize FloorView::sizeHint() const
{
    return {minimumWidth(), 6 * 32 + 8};
}

QPoint FloorView::cellCentre(const RackSpot &spot) const
{
    return mapFromScene(cellRect(spot).center());
}

std::optional<RackSpot> FloorView::spotAt(const QPoint &viewportPos) const
{
    const QPointF p = mapToScene(viewportPos);
    const int position = int(std::floor((p.x() - kRowLabelWidth) / (kCellWidth + kGap))) + 1;
    const int row = int(std::floor(p.y() / (kCellHeight + kGap))) + 1;
    if (row < 1 || row > m_rows || position < 1 || position > m_positions)
        return std::nullopt;
    return RackSpot{row, position};
}

QGraphicsRectItem *FloorView::tileAt(const QPoint &viewportPos) const
{
    for (QGraphicsItem *item : items(viewportPos)) {
        QGraphicsItem *top = item->parentItem() ? item->parentItem() : item;
        if (!top->data(0).toString().isEmpty())
            return static_cast<QGraphicsRectItem *>(top);
    }
    return nullptr;
}

void FloorView::mousePressEvent(QMouseEvent *event)
{
    QGraphicsRectItem *tile = event->button() == Qt::LeftButton ? tileAt(event->pos()) : nullptr;
    if (!tile) {
        QGraphicsView::mousePressEvent(event);
        return;
    }
    select(tile->data(0).toString());
    m_dragged = m_selected;
    m_grab = mapToScene(event->pos()) - tile->pos();
    tile->setZValue(1); // above the others while it moves
    event->accept();
}

void FloorView::select(const QString &name)
{
    const DiagramStyle style = DiagramStyle::fromPalette(palette());
    for (const QString &id : {m_selected, name}) {
        auto it = m_tiles.find(id);
        if (it == m_tiles.end())
            continue;
        QPen pen = it->second->pen();
        pen.setColor(id == name ? style.selection : style.nodeBorder);
        it->second->setPen(pen);
    }
    m_selected = name;
}

void FloorView::mouseMoveEvent(QMouseEvent *event)
{
    auto it = m_tiles.find(m_dragged);
    if (m_dragged.isEmpty() || it == m_tiles.end()) {
        QGraphicsView::mouseMoveEvent(event);
        return;
    }
    it->second->setPos(mapToScene(event->pos()) - m_grab);
    event->accept();
}

void FloorView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragged.isEmpty() || event->button() != Qt::LeftButton) {
        QGraphicsView::mouseReleaseEvent(event);
        return;
    }
    const QString name = m_dragged;
    m_dragged.clear();
    const std::optional<RackSpot> spot = spotAt(event->pos());
    auto it = m_racks.find(name.toStdString());
    if (spot && it != m_racks.end() && !(*spot == it->second.site.spot))
        Q_EMIT rackMoved(name, spot->row, spot->position);
    else
        rebuild(); // back to its cell
    event->accept();
}

void FloorView::keyPressEvent(QKeyEvent *event)
{
    auto it = m_racks.find(m_selected.toStdString());
    const bool arrow = event->key() == Qt::Key_Left || event->key() == Qt::Key_Right
                       || event->key() == Qt::Key_Up || event->key() == Qt::Key_Down;
    if (it == m_racks.end()) {
        // Without a mouse: the first arrow key selects the first rack, the next ones move it.
        if (arrow && !m_racks.empty()) {
            select(QString::fromStdString(m_racks.begin()->first));
            event->accept();
            return;
        }
        QGraphicsView::keyPressEvent(event);
        return;
    }
    RackSpot s = it->second.site.spot;
    switch (event->key()) {
    case Qt::Key_Left:
        --s.position;
        break;
    case Qt::Key_Right:
        ++s.position;
        break;
    case Qt::Key_Up:
        --s.row;
        break;
    case Qt::Key_Down:
        ++s.row;
        break;
    default:
        QGraphicsView::keyPressEvent(event);
        return;
    }
    // One cell past the grid's right edge and bottom row is allowed: the grid grows.
    if (s.row >= 1 && s.position >= 1 && s.row <= m_rows && s.position <= m_positions + 1)
        Q_EMIT rackMoved(m_selected, s.row, s.position);
    event->accept();
}

void FloorView::changeEvent(QEvent *event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        rebuild();
}

} // namespace topoplan
