#include "app/canvas/analysisoverlay.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/linkitem.h"
#include "app/common/diagramstyle.h"
#include "app/common/hardwaretext.h"
#include "app/common/units.h"
#include "app/document/document.h"

#include "engine/plan/diagnostics.h"
#include "engine/plan/diagnosticstext.h"

#include <QCoreApplication>

#include <QEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

const QColor kBottleneck(0xd9, 0x2d, 0x20); // a warning red that reads on light and dark
constexpr double kCardPadding = 8;
constexpr double kCalloutZoom = 0.25; // below this the callouts' text is unreadable

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// The translation context of the texts here: tr() outside a QObject.
struct AnalysisOverlayText
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisOverlay)
};

bool mustStayInDomain(Dim d)
{
    return d == Dim::TP || d == Dim::EP;
}

// A bottleneck on the right interconnect: dark slate, apart from every link colour.
const QColor kBottleneckOk(0x26, 0x32, 0x38);
const QColor kViolet(0x7a, 0x3d, 0xc8);

QFont overlayFont()
{
    QFont font;
    font.setPointSizeF(9);
    font.setBold(true);
    return font;
}

// Moves `box` down (or up) past whatever of `taken` it overlaps, until it overlaps none.
QRectF slide(QRectF box, const QList<QRectF> &taken, bool down)
{
    for (int guard = 0; guard < 64; ++guard) {
        const auto hit = std::find_if(taken.begin(), taken.end(),
                                      [&box](const QRectF &r) { return r.intersects(box); });
        if (hit == taken.end())
            break;
        if (down)
            box.moveTop(hit->bottom() + 3);
        else
            box.moveBottom(hit->top() - 3);
    }
    return box;
}

// `box` moved the shorter way, down or up, until it overlaps none of `taken`.
QRectF clear(const QRectF &box, const QList<QRectF> &taken)
{
    const QRectF down = slide(box, taken, true);
    const QRectF up = slide(box, taken, false);
    return std::abs(up.top() - box.top()) < std::abs(down.top() - box.top()) ? up : down;
}

// The names of the servers and switches around `box` (a few rows up and down), in scene
// coordinates: a callout never covers one.
QList<QRectF> namesAround(const QGraphicsScene &scene, const QRectF &box)
{
    constexpr double kReach = 400;
    QList<QRectF> names;
    for (const QGraphicsItem *item : scene.items(box.adjusted(0, -kReach, 0, kReach))) {
        if (item->type() != NodeItemType && item->type() != SwitchItemType)
            continue;
        const QRectF name = static_cast<const DiagramItem *>(item)->nameRect();
        if (item->isVisible() && !name.isEmpty())
            names.append(item->mapRectToScene(name));
    }
    return names;
}

} // namespace

QList<GroupSummaryLine> groupSummary(const AnalysisOutcome &outcome)
{
    QList<GroupSummaryLine> lines;
    if (!outcome.result)
        return lines;
    for (const DimensionResult &d : outcome.result->dimensions) {
        GroupSummaryLine line;
        line.text = AnalysisOverlayText::tr("%1 %2 x %3 \u00b7 %4 \u00b7 %5")
                            .arg(qs(diagtext::dimName(d.dim)))
                            .arg(d.size)
                            .arg(d.count)
                            .arg(DiagramStyle::linkClassName(d.network.linkClass),
                                 busBandwidthText(d.bulk));
        line.colour = DiagramStyle::linkColor(d.network.linkClass);
        if (mustStayInDomain(d.dim) && d.groupsCrossingDomain > 0)
            line.text += AnalysisOverlayText::tr(" \u00b7 leaves its NVLink domain");
        line.warning = dimensionSeverity(outcome.result->diagnostics, d.dim).has_value();
        lines.append(line);
    }
    return lines;
}

QSizeF groupSummarySize(const QList<GroupSummaryLine> &lines, const QFont &font)
{
    if (lines.isEmpty())
        return {};
    const QFontMetricsF fm(font);
    double width = 0;
    for (const GroupSummaryLine &l : lines)
        width = std::max(width, fm.horizontalAdvance(l.text) + 18);
    return QSizeF(width + 2 * kCardPadding, lines.size() * fm.lineSpacing() + 2 * kCardPadding);
}

void paintGroupSummary(QPainter *p, const QPointF &topLeft, const QList<GroupSummaryLine> &lines,
                       const QFont &font, const QPalette &palette)
{
    if (lines.isEmpty())
        return;
    p->save();
    p->setFont(font);
    const QFontMetricsF fm(font);
    const QRectF card(topLeft, groupSummarySize(lines, font));
    QColor base = palette.color(QPalette::Base);
    base.setAlpha(235);
    p->setPen(QPen(palette.color(QPalette::Mid), 1));
    p->setBrush(base);
    p->drawRoundedRect(card, 5, 5);
    double y = card.top() + kCardPadding;
    for (const GroupSummaryLine &l : lines) {
        const QRectF swatch(card.left() + kCardPadding, y + fm.lineSpacing() / 2 - 2, 12, 4);
        p->fillRect(swatch, l.colour);
        p->setPen(l.warning ? kBottleneck : palette.color(QPalette::Text));
        p->drawText(QPointF(swatch.right() + 6, y + fm.ascent()), l.text);
        y += fm.lineSpacing();
    }
    p->restore();
}

AnalysisOverlay::AnalysisOverlay()
{
    setObjectName(QStringLiteral("analysisOverlay"));
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setZValue(50); // above devices and badges
}

void AnalysisOverlay::setOutcome(const std::optional<AnalysisOutcome> &outcome)
{
    prepareGeometryChange();
    m_bottlenecks.clear();
    m_outline = {};
    m_outlineLabel = {};
    m_outlineText.clear();
    m_bounds = {};
    auto *scene = qobject_cast<ClusterScene *>(this->scene());
    if (!scene || !outcome || !outcome->result) {
        update();
        return;
    }
    const AnalysisResult &r = *outcome->result;
    // The group whose members should share an NVLink domain: TP, else CP or EP.
    for (Dim want : {Dim::TP, Dim::CP, Dim::EP}) {
        const DimensionResult *d = r.dimension(want);
        if (!d)
            continue;
        for (const std::string &node : d->worstNodes) {
            if (const DiagramItem *item = scene->itemForId(qs(node)))
                m_outline = m_outline.united(item->sceneBoundingRect());
        }
        if (!m_outline.isNull()) {
            m_outline.adjust(-8, -8, 8, 8);
            m_outlineText = d->groupsCrossingDomain > 0
                                    ? AnalysisOverlayText::tr("%1 group across %n NVLink domains",
                                                              nullptr, int(d->worstNodes.size()))
                                              .arg(qs(diagtext::dimName(d->dim)))
                                    : AnalysisOverlayText::tr("%1 group")
                                              .arg(qs(diagtext::dimName(d->dim)));
            break;
        }
    }
    // Each dimension's bottleneck; dimensions that share one are named together.
    for (const DimensionResult &d : r.dimensions) {
        const QString id = qs(d.worst.bottleneckId);
        if (id.isEmpty())
            continue;
        const QString text = AnalysisOverlayText::tr("%1 bottleneck \u00b7 %2")
                                     .arg(qs(diagtext::dimName(d.dim)), busBandwidthText(d.bulk));
        auto same = std::find_if(m_bottlenecks.begin(), m_bottlenecks.end(),
                                 [&id](const Bottleneck &b) { return b.id == id; });
        if (same != m_bottlenecks.end()) {
            same->text += QStringLiteral(", ") + text;
            same->warning = same->warning || dimensionSeverity(r.diagnostics, d.dim).has_value();
            continue;
        }
        Bottleneck b;
        b.id = id;
        b.text = text;
        // Red where the engine's diagnostics say this dimension is wrong (errors and warnings),
        // slate for an ordinary bottleneck: the canvas applies no rule of its own.
        b.warning = dimensionSeverity(r.diagnostics, d.dim).has_value();
        if (const LinkItem *link = scene->linkItem(id)) {
            b.line = QLineF(link->mapToScene(link->line().p1()),
                            link->mapToScene(link->line().p2()));
            m_bounds = m_bounds.united(QRectF(b.line.p1(), b.line.p2()).normalized());
        } else if (const DiagramItem *device = scene->itemForId(qs(d.worst.bottleneckDevice))) {
            b.device = device->sceneBoundingRect().adjusted(-4, -4, 4, 4);
            b.id = device->id();
            m_bounds = m_bounds.united(b.device);
        } else {
            continue;
        }
        m_bottlenecks.append(b);
    }
    // The labels: the outline's on its top edge, each callout above its anchor, moved the
    // shorter way, down or up, until it covers no other label and no device's name.
    const QFontMetricsF fm(overlayFont());
    QList<QRectF> taken;
    if (!m_outline.isNull()) {
        m_outlineLabel = QRectF(m_outline.left() + 6, m_outline.top() - fm.height() / 2,
                                fm.horizontalAdvance(m_outlineText) + 8, fm.height());
        taken.append(m_outlineLabel);
        m_bounds = m_bounds.united(m_outline).united(m_outlineLabel);
    }
    for (Bottleneck &b : m_bottlenecks) {
        b.anchor = b.line.isNull() ? b.device.topRight() : b.line.center();
        const QRectF box(b.anchor.x() + 6, b.anchor.y() - fm.height() - 10,
                         fm.horizontalAdvance(b.text) + 12, fm.height() + 6);
        b.callout = clear(box, taken + namesAround(*scene, box));
        taken.append(b.callout);
        m_bounds = m_bounds.united(b.callout);
    }
    m_bounds.adjust(-6, -6, 6, 6);
    update();
}

QRectF AnalysisOverlay::boundingRect() const
{
    return m_bounds;
}

void AnalysisOverlay::paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *)
{
    auto *scene = qobject_cast<ClusterScene *>(this->scene());
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    const bool text = (scene && scene->fullDetail()) || lod >= kCalloutZoom;
    p->setFont(overlayFont());
    if (!m_outline.isNull()) {
        QPen pen(kViolet, 2.0, Qt::DashLine);
        pen.setCosmetic(lod < 1);
        p->setPen(pen);
        p->setBrush(Qt::NoBrush);
        p->drawRoundedRect(m_outline, 8, 8);
    }
    for (const Bottleneck &b : m_bottlenecks) {
        QPen pen(b.warning ? kBottleneck : kBottleneckOk, 5, Qt::SolidLine, Qt::RoundCap);
        if (lod < 0.5) {
            pen.setCosmetic(true);
            pen.setWidthF(3);
        }
        p->setPen(pen);
        p->setBrush(Qt::NoBrush);
        if (!b.line.isNull())
            p->drawLine(b.line);
        else
            p->drawRoundedRect(b.device, 6, 6);
    }
    if (!text)
        return;
    if (!m_outline.isNull()) {
        p->setPen(Qt::NoPen);
        p->setBrush(QColor(255, 255, 255, 235));
        p->drawRoundedRect(m_outlineLabel, 3, 3);
        p->setPen(kViolet);
        p->drawText(m_outlineLabel, Qt::AlignCenter, m_outlineText);
    }
    for (const Bottleneck &b : m_bottlenecks) {
        const QColor colour = b.warning ? kBottleneck : kBottleneckOk;
        p->setPen(QPen(colour, 1.2));
        p->setBrush(QColor(255, 255, 255, 235));
        p->drawLine(b.anchor, QPointF(b.callout.left() + 6, b.callout.bottom()));
        p->drawRoundedRect(b.callout, 4, 4);
        p->setPen(colour.darker(130));
        p->drawText(b.callout, Qt::AlignCenter, b.text);
    }
}

AnalysisCard::AnalysisCard(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("analysisCard"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

void AnalysisCard::setLines(const QList<GroupSummaryLine> &lines)
{
    m_lines = lines;
    resize(sizeHint());
    setVisible(!lines.isEmpty());
    update();
}

QSize AnalysisCard::sizeHint() const
{
    return groupSummarySize(m_lines, font()).toSize() + QSize(2, 2);
}

void AnalysisCard::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    paintGroupSummary(&p, QPointF(0.5, 0.5), m_lines, font(), palette());
}

AnalysisOverlayController::AnalysisOverlayController(AnalysisController *controller,
                                                     ClusterView *view, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_view(view)
    , m_card(new AnalysisCard(view))
{
    m_card->hide();
    view->setTopRightOverlay(m_card);
    m_relayout.setSingleShot(true);
    m_relayout.setInterval(0);
    connect(&m_relayout, &QTimer::timeout, this, &AnalysisOverlayController::update);
    view->installEventFilter(this);
    connect(controller, &AnalysisController::finished, this, &AnalysisOverlayController::update);
}

void AnalysisOverlayController::setScene(ClusterScene *scene)
{
    if (m_scene && m_scene->document())
        disconnect(m_scene->document(), nullptr, this, nullptr);
    m_scene = scene;
    if (scene && scene->document()) {
        // Moves change where the marks go, not the analysis: follow them once per command.
        connect(scene->document(), &Document::changed, this, [this](const ChangeEvent &e) {
            if (e.kind != ChangeEvent::SelectionChanged)
                m_relayout.start();
        });
    }
    update();
}

void AnalysisOverlayController::setVisible(bool visible)
{
    m_visible = visible;
    update();
}

void AnalysisOverlayController::update()
{
    const std::optional<AnalysisOutcome> &outcome = m_controller->outcome();
    m_card->setLines(m_visible && outcome ? groupSummary(*outcome) : QList<GroupSummaryLine>{});
    placeCard();
    if (!m_scene)
        return;
    // A rebuilt scene deleted the overlay with its other items.
    if (!m_overlay || m_overlay->scene() != m_scene) {
        m_overlay = new AnalysisOverlay;
        m_scene->addItem(m_overlay);
    }
    m_overlay->setVisible(m_visible);
    m_overlay->setOutcome(m_visible ? outcome : std::nullopt);
}

void AnalysisOverlayController::placeCard()
{
    const QRect area = m_view->viewport()->geometry();
    m_card->move(area.right() - m_card->width() - 12, area.top() + 12);
    m_card->raise();
}

bool AnalysisOverlayController::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Resize)
        placeCard();
    return QObject::eventFilter(watched, event);
}

} // namespace topoplan
