#include "app/tools/selecttool.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/linkgeometry.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "app/document/propertycommands.h"

#include "engine/edit/editing.h"
#include "engine/edit/propertyedit.h"
#include "engine/generate/generator.h"
#include "engine/model/domainrules.h"

#include <QApplication>
#include <QGraphicsEllipseItem>
#include <QGraphicsRectItem>
#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPen>
#include <QUndoStack>

#include <map>

namespace topoplan {

namespace {

QPointF layoutCenter(const Document *document, const QString &id)
{
    const std::optional<LayoutItem> l = document->layoutItem(id);
    if (!l)
        return {};
    const bool isSwitch = document->indexOf<Switch>(id) >= 0;
    const QSizeF size = l->w > 0   ? QSizeF(l->w, l->h)
                        : isSwitch ? QSizeF(diagram::kSwitchWidth, diagram::kSwitchHeight)
                                   : QSizeF(diagram::kNodeWidth, diagram::kNodeHeight);
    return QPointF(l->x + size.width() / 2, l->y + size.height() / 2);
}

} // namespace

SelectTool::SelectTool(QObject *parent)
    : AbstractTool(tr("Select"), QIcon(QStringLiteral(":/icons/tool-select.svg")),
                   QKeySequence(Qt::Key_S), parent)
{}

SelectTool::~SelectTool()
{
    hideHandle();
}

void SelectTool::activate(ClusterScene *scene)
{
    AbstractTool::activate(scene);
    m_mode = Mode::Idle;
}

void SelectTool::deactivate(ClusterScene *scene)
{
    hideHandle();
    m_link.cancel();
    delete m_rubberBand;
    m_rubberBand = nullptr;
    m_mode = Mode::Idle;
    AbstractTool::deactivate(scene);
}

void SelectTool::mousePressed(QGraphicsSceneMouseEvent *event)
{
    event->accept();
    if (event->button() != Qt::LeftButton || !scene())
        return;
    Document *doc = document();
    const QPointF pos = event->scenePos();
    m_pressPos = pos;

    updateHandle(pos);
    if (!m_handleDevice.isEmpty()) {
        m_link.begin(scene(), m_handleDevice, m_handle->rect().center());
        hideHandle();
        m_mode = Mode::Linking;
        return;
    }

    const DiagramItem *hit = scene()->topItemAt(pos);
    const QString id = hit ? hit->id() : QString(); // a badge's id is its link's
    const bool toggle = event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier);
    QSet<QString> selection = doc->selection();
    if (id.isEmpty()) {
        m_baseSelection = toggle ? selection : QSet<QString>();
        if (!toggle)
            doc->setSelection({});
        m_mode = Mode::RubberBand;
        return;
    }
    if (toggle) {
        if (!selection.remove(id))
            selection.insert(id);
        doc->setSelection(selection);
        m_mode = Mode::Idle;
        return;
    }
    if (!selection.contains(id))
        doc->setSelection({id});

    QStringList selected(doc->selection().begin(), doc->selection().end());
    selected.sort();
    m_ids = scene()->dragSetFor(selected);
    m_start.clear();
    for (const QString &moving : std::as_const(m_ids)) {
        const std::optional<LayoutItem> l = doc->layoutItem(moving);
        m_start.append(l ? QPointF(l->x, l->y) : QPointF());
    }
    m_delta = {};
    m_placement.emplace(scene());
    m_mode = m_ids.isEmpty() ? Mode::Idle : Mode::Pressed;
}

void SelectTool::mouseMoved(QGraphicsSceneMouseEvent *event)
{
    event->accept();
    const QPointF pos = event->scenePos();
    if (!(event->buttons() & Qt::LeftButton)) {
        if (m_mode == Mode::Idle)
            updateHandle(pos);
        return;
    }
    switch (m_mode) {
    case Mode::Idle:
        return;
    case Mode::Pressed: {
        const QPoint travelled = event->screenPos() - event->buttonDownScreenPos(Qt::LeftButton);
        if (travelled.manhattanLength() < QApplication::startDragDistance())
            return;
        m_mode = Mode::Moving;
        m_gesture = MoveItems::newGesture();
        moveTo(pos, !(event->modifiers() & Qt::AltModifier));
        return;
    }
    case Mode::Moving:
        moveTo(pos, !(event->modifiers() & Qt::AltModifier));
        return;
    case Mode::RubberBand:
        updateRubberBand(pos);
        return;
    case Mode::Linking:
        m_link.move(pos);
        return;
    }
}

void SelectTool::mouseReleased(QGraphicsSceneMouseEvent *event)
{
    event->accept();
    if (event->button() != Qt::LeftButton)
        return;
    const Mode mode = m_mode;
    m_mode = Mode::Idle;
    switch (mode) {
    case Mode::Moving:
        finishMove();
        break;
    case Mode::RubberBand:
        delete m_rubberBand;
        m_rubberBand = nullptr;
        break;
    case Mode::Linking:
        if (const std::optional<QString> refusal = m_link.finish(event->scenePos())) {
            Q_EMIT statusMessage(*refusal);
            Q_EMIT refused(*refusal, event->scenePos());
        }
        break;
    case Mode::Idle:
    case Mode::Pressed:
        break;
    }
    m_placement.reset();
}

void SelectTool::moveTo(const QPointF &scenePos, bool snap)
{
    // The first item lands on the grid and the others keep their places around it, so that a
    // group keeps its shape; without the grid, whole scene units keep saved files tidy.
    const QPointF anchor = m_start.first() + (scenePos - m_pressPos);
    const QPointF landed = snap ? CanvasPlacement::snapped(anchor)
                                : QPointF(qRound(anchor.x()), qRound(anchor.y()));
    m_delta = landed - m_start.first();
    QList<QPointF> positions;
    positions.reserve(m_start.size());
    for (const QPointF &start : std::as_const(m_start))
        positions.append(start + m_delta);
    Document *doc = document();
    doc->undoStack()->push(new MoveItems(doc, m_ids, positions, m_gesture));
}

double SelectTool::pushBelowSwitchLanes() const
{
    // Nodes sit below the leaf lane: a node or domain box let go in a switch lane goes down
    // until the highest of them is clear of the lanes. The whole group moves by the same
    // amount so that it keeps its shape; switches stay where they were put.
    const Document *doc = document();
    std::optional<double> top;
    for (const QString &id : std::as_const(m_ids)) {
        if (doc->indexOf<Switch>(id) >= 0)
            continue;
        const QPointF center = layoutCenter(doc, id);
        if (!m_placement->tierAt(center.y()))
            continue;
        const std::optional<LayoutItem> l = doc->layoutItem(id);
        if (l)
            top = std::min(top.value_or(l->y), l->y);
    }
    if (!top)
        return 0;
    const std::optional<double> nodeTop = m_placement->nodeTop(*top);
    if (!nodeTop)
        return 0;
    return CanvasPlacement::snapped(QPointF(0, *nodeTop)).y() - *top;
}

void SelectTool::finishMove()
{
    Document *doc = document();
    if (!doc || !m_placement || m_delta.isNull())
        return;
    const Topology &t = doc->project().topology;
    QStringList movingDomains;
    for (const QString &id : std::as_const(m_ids)) {
        if (doc->indexOf<Domain>(id) >= 0)
            movingDomains.append(id);
    }
    const QPointF push(0, pushBelowSwitchLanes());
    std::map<QString, QStringList> joins; // domain ("" = none) -> nodes
    std::map<Tier, QStringList> tiers;
    QStringList refusals;
    for (qsizetype i = 0; i < m_ids.size(); ++i) {
        const QString &id = m_ids[i];
        // Centres as they were before the drag, moved by the drag: what the snapshot sees.
        const QPointF center = layoutCenter(doc, id);
        if (const Node *node = t.node(id.toStdString())) {
            if (movingDomains.contains(QString::fromStdString(node->domain)))
                continue; // carried along by its domain
            const QString domain
                    = m_placement->domainAt(center + push, movingDomains, m_delta + push);
            if (domain == QString::fromStdString(node->domain))
                continue;
            if (!domain.isEmpty()) {
                if (const std::optional<std::string> refusal
                    = domainMembershipRefusal(t, doc->catalog(), *node, domain.toStdString())) {
                    refusals.append(QString::fromStdString(*refusal));
                    continue;
                }
            }
            joins[domain].append(id);
        } else if (const Switch *sw = t.switchById(id.toStdString())) {
            const std::optional<Tier> tier = m_placement->tierAt(center.y());
            if (tier && *tier != sw->tier)
                tiers[*tier].append(id);
        }
    }
    if (refusals.isEmpty() && joins.empty() && tiers.empty() && push.isNull())
        return;

    // Take the live move back (it merges into nothing) and make the move and what it decides
    // one step; a refusal sends everything back where it was.
    QList<QPointF> positions;
    for (qsizetype i = 0; i < m_ids.size(); ++i) {
        const bool isSwitch = doc->indexOf<Switch>(m_ids[i]) >= 0;
        positions.append(m_start[i] + m_delta + (isSwitch ? QPointF() : push));
    }
    QUndoStack *stack = doc->undoStack();
    stack->push(new MoveItems(doc, m_ids, m_start, m_gesture));
    if (!refusals.isEmpty()) {
        const QString text = tr("Not moved into the domain: %1.").arg(refusals.join(u"; "));
        Q_EMIT statusMessage(text);
        Q_EMIT refused(text, m_pressPos + m_delta);
        return;
    }
    // What the move decides (joining a domain, taking a lane's tier) is a property change the
    // engine checks, as the inspector's are; a refusal sends everything back where it was.
    std::vector<std::unique_ptr<QUndoCommand>> changes;
    const auto decide = [&](const QStringList &ids, Property property, const QString &value) {
        Expected<std::unique_ptr<QUndoCommand>> change = propertyChange(doc, ids, property, value);
        if (!change)
            refusals.append(QString::fromStdString(change.error().message));
        else if (*change)
            changes.push_back(std::move(*change));
    };
    for (const auto &[domain, nodes] : joins)
        decide(nodes, Property::Domain, domain);
    for (const auto &[tier, switches] : tiers)
        decide(switches, Property::Tier, QString::fromLatin1(toString(tier)));
    if (!refusals.isEmpty()) {
        const QString text = tr("Not moved: %1.").arg(refusals.join(u"; "));
        Q_EMIT statusMessage(text);
        Q_EMIT refused(text, m_pressPos + m_delta);
        return;
    }
    stack->beginMacro(tr("Move %n Item(s)", nullptr, int(m_ids.size())));
    stack->push(new MoveItems(doc, m_ids, positions));
    for (std::unique_ptr<QUndoCommand> &change : changes)
        stack->push(change.release());
    stack->endMacro();
}

void SelectTool::updateRubberBand(const QPointF &scenePos)
{
    if (!m_rubberBand) {
        m_rubberBand = new QGraphicsRectItem;
        QPen pen(scene()->style().selection, 1, Qt::DashLine);
        pen.setCosmetic(true);
        m_rubberBand->setPen(pen);
        QColor fill = scene()->style().selection;
        fill.setAlphaF(0.12f);
        m_rubberBand->setBrush(fill);
        m_rubberBand->setZValue(1e6);
        scene()->addItem(m_rubberBand);
    }
    const QRectF rect = QRectF(m_pressPos, scenePos).normalized();
    m_rubberBand->setRect(rect);
    QSet<QString> selection = m_baseSelection;
    for (const QString &id : scene()->idsInside(rect))
        selection.insert(id);
    if (selection != document()->selection())
        document()->setSelection(selection);
}

void SelectTool::updateHandle(const QPointF &scenePos)
{
    const DiagramItem *item = scene() ? scene()->topItemAt(scenePos) : nullptr;
    if (!item || (item->type() != NodeItemType && item->type() != SwitchItemType)) {
        hideHandle();
        return;
    }
    const QRectF box = linkgeometry::itemRect(item);
    const bool nearTop = std::abs(scenePos.y() - box.top()) <= kHandleReach;
    const bool nearBottom = std::abs(scenePos.y() - box.bottom()) <= kHandleReach;
    if (!nearTop && !nearBottom) {
        hideHandle();
        return;
    }
    constexpr double kRadius = 5;
    const QPointF at(std::clamp(scenePos.x(), box.left() + kRadius, box.right() - kRadius),
                     nearTop ? box.top() : box.bottom());
    if (!m_handle) {
        m_handle = new QGraphicsEllipseItem;
        m_handle->setPen(QPen(scene()->style().selection, 1.5));
        m_handle->setBrush(scene()->style().background);
        m_handle->setZValue(1e6);
        m_handle->setCursor(Qt::CrossCursor);
        m_handle->setAcceptedMouseButtons(Qt::NoButton); // the tool handles the press
        scene()->addItem(m_handle);
    }
    m_handle->setRect(QRectF(at - QPointF(kRadius, kRadius), QSizeF(2 * kRadius, 2 * kRadius)));
    m_handle->setToolTip(tr("Drag to connect"));
    m_handleDevice = item->id();
}

void SelectTool::hideHandle()
{
    delete m_handle;
    m_handle = nullptr;
    m_handleDevice.clear();
}

void SelectTool::contextMenu(QGraphicsSceneContextMenuEvent *event)
{
    const DiagramItem *hit = scene() ? scene()->topItemAt(event->scenePos()) : nullptr;
    const bool link = hit && (hit->type() == LinkItemType || hit->type() == BadgeItemType);
    const bool device = hit && (hit->type() == NodeItemType || hit->type() == SwitchItemType);
    if (!link && !device) {
        event->ignore();
        return;
    }
    event->accept();
    document()->setSelection({hit->id()});
    std::unique_ptr<QMenu> menu(link ? linkMenu(document(), hit->id())
                                     : deviceMenu(document(), hit->id()));
    menu->exec(event->screenPos());
}

QMenu *SelectTool::deviceMenu(Document *document, const QString &deviceId, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    addFailureAction(menu, document, deviceId);
    return menu;
}

void SelectTool::addFailureAction(QMenu *menu, Document *document, const QString &id)
{
    const Topology &t = document->project().topology;
    const std::string key = id.toStdString();
    bool failed = false;
    if (const Node *n = t.node(key))
        failed = n->failed;
    else if (const Switch *s = t.switchById(key))
        failed = s->failed;
    else if (const int link = document->indexOf<Link>(id); link >= 0)
        failed = t.links[std::size_t(link)].failed;
    else
        return;
    // What-if: the element is left out of the analysis (routing goes around it) until it is
    // repaired; one undo step through the same engine edit as the inspector's checkbox.
    menu->addSection(tr("What-if"));
    QAction *action = menu->addAction(failed ? tr("Repair") : tr("Mark as Failed"));
    action->setObjectName(failed ? QStringLiteral("repairAction")
                                 : QStringLiteral("markFailedAction"));
    QObject::connect(action, &QAction::triggered, document, [document, id, failed] {
        Expected<std::unique_ptr<QUndoCommand>> change
                = propertyChange(document, {id}, Property::Failed,
                                 failed ? QStringLiteral("false") : QStringLiteral("true"));
        if (change && *change)
            document->undoStack()->push(change->release());
    });
}

QMenu *SelectTool::linkMenu(Document *document, const QString &linkId, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    const int index = document->indexOf<Link>(linkId);
    if (index < 0)
        return menu;
    const Link &link = document->project().topology.links[index];
    const Catalog &catalog = document->catalog();
    // Only the media the engine allows between these two ports (the inspector offers the same
    // list), and the change goes through the same engine edit as the inspector's.
    menu->addSection(tr("Medium"));
    for (const std::string &id : mediaForLink(document->project().topology, catalog, link)) {
        const Medium *medium = catalog.medium(id);
        QAction *action = menu->addAction(QString::fromStdString(medium ? medium->name : id));
        action->setCheckable(true);
        action->setChecked(id == link.medium);
        action->setData(QString::fromStdString(id));
        QObject::connect(action, &QAction::triggered, document, [document, linkId, id] {
            Expected<std::unique_ptr<QUndoCommand>> change = propertyChange(
                    document, {linkId}, Property::Medium, QString::fromStdString(id));
            if (change && *change)
                document->undoStack()->push(change->release());
        });
    }
    addFailureAction(menu, document, linkId);
    return menu;
}

void SelectTool::keyPressed(QKeyEvent *event)
{
    if (event->key() != Qt::Key_Escape)
        return;
    if (m_mode == Mode::Linking) {
        m_link.cancel();
        m_mode = Mode::Idle;
    } else if (document()) {
        document()->setSelection({});
    }
    event->accept();
}

} // namespace topoplan
