// The canvas: one item per entity of a generated project, badges on bundles, lanes per tier,
// and the view driven by real mouse events through the Select tool: a drag moves the model, as
// one undo step.

#include "app/canvas/badgeitem.h"
#include "app/canvas/canvasplacement.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/domainitem.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/linkitem.h"
#include "app/canvas/minimap.h"
#include "app/canvas/nodeitem.h"
#include "app/canvas/switchitem.h"
#include "app/common/diagramstyle.h"
#include "app/common/translations.h"
#include "app/document/additems.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "app/document/topologycommands.h"
#include "app/tools/selecttool.h"
#include "app/tools/toolmanager.h"

#include "engine/edit/subset.h"
#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
#include "tests/engine/analysisfixtures.h"

#include <QApplication>
#include <QDir>
#include <QGraphicsSceneMouseEvent>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>
#include <QUndoStack>

using namespace topoplan;

namespace {

Project generated(const std::string &model, int nodes, int domainSize = 0)
{
    return fixtures::generatedProject(model, nodes, domainSize);
}

template<typename T>
int countItems(const QGraphicsScene &scene)
{
    int n = 0;
    const QList<QGraphicsItem *> items = scene.items();
    for (const QGraphicsItem *item : items)
        n += qgraphicsitem_cast<const T *>(item) != nullptr;
    return n;
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// A mouse move with the left button held, as a real drag delivers it.
void dragTo(QWidget *viewport, const QPoint &pos)
{
    QMouseEvent move(QEvent::MouseMove, pos, viewport->mapToGlobal(pos), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
}

// The Select tool on `scene`, as the main window installs it: the scene itself neither
// selects nor drags.
struct Tools
{
    explicit Tools(ClusterScene *scene)
    {
        manager.registerTool(new SelectTool);
        manager.setScene(scene);
    }
    ~Tools() { manager.setScene(nullptr); }
    ToolManager manager;
};

// Renders `view`'s viewport into `frame` until two renders in a row are the same (the tiles
// drawn in the background have all arrived); false if that takes too long.
bool renderSettled(QGraphicsView &view, QImage *frame)
{
    return QTest::qWaitFor([&] {
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
        QImage now(view.viewport()->size(), QImage::Format_RGB32);
        view.viewport()->render(&now);
        if (now == *frame)
            return true;
        *frame = now;
        return false;
    });
}

} // namespace

// A project's scene in a view of `size`, shown (wait for it with qWaitForWindowExposed).
struct Shown
{
    Shown(Project project, QSize size)
        : doc(std::move(project))
    {
        view.resize(size);
        view.setClusterScene(scene);
        view.show();
    }
    Document doc;
    ClusterScene *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
};

// A scalable unit of 32 DGX H100 shown at 100 %, where one layer draws the links.
struct ZoomedIn
{
    ZoomedIn()
    {
        view.resize(1200, 800);
        view.setClusterScene(scene);
        view.resetZoom();
        view.show();
    }
    Document doc{generated("dgx-h100", 32)};
    ClusterScene *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
};

class TestScene : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { installTranslations(QLocale::c()); } // English plurals
    void oneItemPerEntity_data();
    void oneItemPerEntity();
    void bundleBadges_data();
    void bundleBadges();
    void lanes();
    void domainBox();
    void boardServerIsItsOwnDomain();
    void followsCommands();
    void dragMovesDocumentAsOneStep();
    void dragDomainCarriesItsTrays();
    void clickSelects();
    void wheelZoomsAboutCursor();
    void zoomToFitShowsEverything();
    void miniMapShowsAndPansALargeDesign();
    void largeDesignOpensAsAGridWithLanesPerRow();
    void largeDesignStaysReadableZoomedOut_data();
    void largeDesignStaysReadableZoomedOut();
    void panWithMiddleButtonOrSpace();
    void exportRendersAtFullDetail();
    void zoomedOutHidesCablesAndBadges();
    void linkLayerDrawsPicksAndFollows();
    void zoomStepShowsOldTilesUntilNewOnesArrive();
    void highDpiLinksAreDrawnAtDeviceResolution();
    void pasteRefreshesOncePerCommand();
    void followsPalette();
};

void TestScene::oneItemPerEntity_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("domainSize");
    QTest::newRow("DGX H100 SU") << QStringLiteral("dgx-h100") << 32 << 0;
    QTest::newRow("DGX A100 pod") << QStringLiteral("dgx-a100") << 20 << 0;
    QTest::newRow("GB200 trays, 2 domains") << QStringLiteral("gb200-tray") << 36 << 72;
    QTest::newRow("one server") << QStringLiteral("dgx-b200") << 1 << 0;
}

void TestScene::oneItemPerEntity()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(int, domainSize);
    Document doc(generated(model.toStdString(), nodes, domainSize));
    ClusterScene scene(&doc);
    const Topology &t = doc.project().topology;

    QCOMPARE(countItems<NodeItem>(scene), int(t.nodes.size()));
    QCOMPARE(countItems<SwitchItem>(scene), int(t.switches.size()));
    QCOMPARE(countItems<DomainItem>(scene), int(t.domains.size()));
    QCOMPARE(countItems<LinkItem>(scene), int(t.links.size()));
    QCOMPARE(int(t.nodes.size()), nodes);

    // Every item sits where the layout says, and links join their devices' edges.
    for (const Node &n : t.nodes) {
        const NodeItem *item = scene.nodeItem(qs(n.id));
        QVERIFY(item);
        const LayoutItem &l = doc.project().layout.items.at(n.id);
        QCOMPARE(item->pos(), QPointF(l.x, l.y));
    }
    for (const Link &l : t.links) {
        const LinkItem *item = scene.linkItem(qs(l.id));
        QVERIFY(item);
        QVERIFY(scene.isLinkShown(item));
        const QRectF a = scene.itemForId(qs(l.a.device))->sceneBoundingRect();
        const QRectF b = scene.itemForId(qs(l.b.device))->sceneBoundingRect();
        QVERIFY2(a.contains(item->line().p1()), qPrintable(qs(l.id)));
        QVERIFY2(b.contains(item->line().p2()), qPrintable(qs(l.id)));
    }
}

void TestScene::bundleBadges_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<QString>("uplinkBadge");
    // 32 DGX H100: each of 8 leaves sends 32 NDR uplinks to 4 spines, 8 per bundle.
    QTest::newRow("DGX H100 SU") << QStringLiteral("dgx-h100") << 32 << QStringLiteral("8 x 400G");
    QTest::newRow("DGX A100, HDR") << QStringLiteral("dgx-a100") << 20 << QStringLiteral("x 200G");
}

void TestScene::bundleBadges()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(QString, uplinkBadge);
    Document doc(generated(model.toStdString(), nodes));
    ClusterScene scene(&doc);
    int bundles = 0;
    for (const Link &l : doc.project().topology.links) {
        const LinkItem *item = scene.linkItem(qs(l.id));
        if (l.count == 1) {
            QCOMPARE(item->badgeText(), QString()); // a single cable shows no badge
            QVERIFY(!scene.badgeItem(qs(l.id)));
            continue;
        }
        ++bundles;
        QVERIFY2(item->badgeText().endsWith(uplinkBadge), qPrintable(item->badgeText()));
        QCOMPARE(item->badgeText(), QString::number(l.count) + QStringLiteral(" x ")
                                            + uplinkBadge.section(QLatin1Char(' '), -1));
        QVERIFY(scene.badgeItem(qs(l.id)));
        QCOMPARE(scene.badgeItem(qs(l.id))->text(), item->badgeText());
    }
    QVERIFY(bundles > 0);
    QCOMPARE(countItems<BadgeItem>(scene), bundles);
    // Shown badges never cover each other.
    QList<QRectF> shown;
    const QList<QGraphicsItem *> items = scene.items();
    for (const QGraphicsItem *item : items) {
        if (item->type() == BadgeItem::Type && item->isVisible())
            shown.append(item->sceneBoundingRect().adjusted(2, 2, -2, -2));
    }
    QVERIFY(shown.size() >= bundles / 2);
    for (qsizetype i = 0; i < shown.size(); ++i) {
        for (qsizetype j = i + 1; j < shown.size(); ++j)
            QVERIFY(!shown[i].intersects(shown[j]));
    }
}

void TestScene::lanes()
{
    Document doc(generated("dgx-h100", 32));
    ClusterScene scene(&doc);
    QStringList titles, subtitles;
    for (const LaneItem *lane : scene.lanes()) {
        titles.append(lane->title());
        subtitles.append(lane->subtitle());
    }
    // No core tier in a 2-tier fabric: its lane is an empty drop target above the spines.
    QCOMPARE(titles, (QStringList{QStringLiteral("Core"), QStringLiteral("Spine"),
                                  QStringLiteral("Leaf"), QStringLiteral("Compute")}));
    QCOMPARE(subtitles,
             (QStringList{QStringLiteral("Empty: drop a switch here to make it a core switch"),
                          QStringLiteral("4 x QM9700"), QStringLiteral("8 x QM9700"),
                          QStringLiteral("32 x DGX H100\n256 GPUs")}));
    QVERIFY(scene.lanes()[0]->isDropTarget());
    QVERIFY(!scene.lanes()[1]->isDropTarget());
    // Each lane holds its tier: the spine lane is above the leaf lane, the nodes below.
    const QRectF core = scene.lanes()[0]->sceneBoundingRect();
    const QRectF spine = scene.lanes()[1]->sceneBoundingRect();
    const QRectF leaf = scene.lanes()[2]->sceneBoundingRect();
    const QRectF compute = scene.lanes()[3]->sceneBoundingRect();
    QVERIFY(core.bottom() <= spine.top());
    QVERIFY(spine.bottom() <= leaf.top());
    QVERIFY(leaf.bottom() <= compute.top());
    QVERIFY(spine.contains(scene.itemForId(QStringLiteral("spine-1"))->sceneBoundingRect()));
    QVERIFY(compute.contains(scene.itemForId(QStringLiteral("node-32"))->sceneBoundingRect()));
}

void TestScene::domainBox()
{
    // 36 GB200 trays of 4 GPUs in domains of 72 GPUs: 2 domains of 18 trays, NVLink 5 at
    // 18 links x 50 GB/s = 900 GB/s per GPU.
    Document doc(generated("gb200-tray", 36, 72));
    ClusterScene scene(&doc);
    QCOMPARE(doc.project().topology.domains.size(), std::size_t(2));
    const DomainItem *domain = scene.domainItem(QStringLiteral("dom-1"));
    QVERIFY(domain);
    QCOMPARE(domain->gpuCount(), 72);
    QCOMPARE(domain->summaryText(),
             QStringLiteral("NVLink 5 \u00b7 72 GPUs \u00b7 900 GB/s per GPU"));
    // The box holds its trays, and sits behind them.
    for (const Node &n : doc.project().topology.nodes) {
        if (n.domain != "dom-1")
            continue;
        const NodeItem *tray = scene.nodeItem(qs(n.id));
        QVERIFY(domain->sceneBoundingRect().contains(tray->sceneBoundingRect()));
        QVERIFY(tray->zValue() > domain->zValue());
    }
}

void TestScene::boardServerIsItsOwnDomain()
{
    Document doc(generated("dgx-h100", 2));
    ClusterScene scene(&doc);
    const NodeItem *node = scene.nodeItem(QStringLiteral("node-1"));
    QCOMPARE(node->gpuCount(), 8);
    QCOMPARE(node->nicCount(), 8);
    QCOMPARE(node->fabricText(), QStringLiteral("NVLink 4 \u00b7 450 GB/s"));
    QCOMPARE(countItems<DomainItem>(scene), 0); // its NVLink band is drawn inside the node
}

void TestScene::followsCommands()
{
    Document doc(generated("dgx-h100", 32));
    ClusterScene scene(&doc);
    const int links = countItems<LinkItem>(scene);

    doc.undoStack()->push(
            new RenameItem(&doc, QStringLiteral("node-3"), QStringLiteral("gpu-box")));
    QCOMPARE(scene.nodeItem(QStringLiteral("node-3"))->name(), QStringLiteral("gpu-box"));

    // Removing a leaf removes its 32 node cables and 4 spine bundles with it.
    doc.undoStack()->push(new RemoveItems(&doc, {QStringLiteral("leaf-1")}));
    QVERIFY(!scene.switchItem(QStringLiteral("leaf-1")));
    QCOMPARE(countItems<LinkItem>(scene), links - 36);
    // (lanes()[0] is the empty core lane offered as a drop target)
    QCOMPARE(scene.lanes()[2]->subtitle(), QStringLiteral("7 x QM9700"));

    doc.undoStack()->undo();
    QVERIFY(scene.switchItem(QStringLiteral("leaf-1")));
    QCOMPARE(countItems<LinkItem>(scene), links);
    QCOMPARE(scene.lanes()[2]->subtitle(), QStringLiteral("8 x QM9700"));
    doc.undoStack()->undo();
    QCOMPARE(scene.nodeItem(QStringLiteral("node-3"))->name(), QStringLiteral("dgx-003"));
}

void TestScene::dragMovesDocumentAsOneStep()
{
    Document doc(generated("dgx-h100", 32));
    auto *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
    view.resize(1200, 800);
    view.setClusterScene(scene);
    Tools tools(scene);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resetZoom(); // 1 scene unit = 1 pixel

    const QString id = QStringLiteral("node-5");
    const LayoutItem before = *doc.layoutItem(id);
    const LinkItem *cable = nullptr;
    for (const Link &l : doc.project().topology.links) {
        if (l.a.device == "node-5" || l.b.device == "node-5")
            cable = scene->linkItem(qs(l.id));
    }
    QVERIFY(cable);
    const QLineF cableBefore = cable->line();

    view.centerOn(QPointF(before.x + 60, before.y + 30));
    QWidget *viewport = view.viewport();
    const QPoint start = view.mapFromScene(QPointF(before.x + 60, before.y + 20));
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, start);
    QVERIFY(doc.isSelected(id));
    for (int step = 1; step <= 5; ++step)
        dragTo(viewport, start + QPoint(10 * step, 6 * step));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, start + QPoint(50, 30));

    const LayoutItem after = *doc.layoutItem(id);
    QCOMPARE(after.x, before.x + 50);
    QCOMPARE(after.y, before.y + 30);
    QCOMPARE(scene->nodeItem(id)->pos(), QPointF(after.x, after.y)); // the item followed
    QVERIFY(cable->line() != cableBefore);                           // and so did its cable
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(doc.isModified());

    // A second drag is a second step.
    const QPoint again = view.mapFromScene(QPointF(after.x + 60, after.y + 20));
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, again);
    dragTo(viewport, again + QPoint(0, 40));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, again + QPoint(0, 40));
    QCOMPARE(doc.undoStack()->count(), 2);
    QCOMPARE(doc.layoutItem(id)->y, before.y + 70);

    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(*doc.layoutItem(id), before);
    QCOMPARE(scene->nodeItem(id)->pos(), QPointF(before.x, before.y));
    QCOMPARE(cable->line(), cableBefore);
    QVERIFY(!doc.isModified());

    // A click without travel moves nothing and pushes nothing.
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::NoModifier, start);
    QCOMPARE(doc.undoStack()->index(), 0);
}

void TestScene::dragDomainCarriesItsTrays()
{
    Document doc(generated("gb200-tray", 18, 72));
    auto *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
    view.resize(1200, 800);
    view.setClusterScene(scene);
    Tools tools(scene);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resetZoom();

    const LayoutItem box = *doc.layoutItem(QStringLiteral("dom-1"));
    const LayoutItem tray = *doc.layoutItem(QStringLiteral("node-1"));
    const QPointF header(box.x + 40, box.y + 8); // on the box's header, not on a tray
    view.centerOn(header);
    const QPoint start = view.mapFromScene(header);
    QTest::mousePress(view.viewport(), Qt::LeftButton, Qt::NoModifier, start);
    QCOMPARE(doc.selection(), QSet<QString>{QStringLiteral("dom-1")});
    dragTo(view.viewport(), start + QPoint(-30, 20));
    QTest::mouseRelease(view.viewport(), Qt::LeftButton, Qt::NoModifier, start + QPoint(-30, 20));

    QCOMPARE(doc.layoutItem(QStringLiteral("dom-1"))->x, box.x - 30);
    QCOMPARE(doc.layoutItem(QStringLiteral("node-1"))->x, tray.x - 30);
    QCOMPARE(doc.layoutItem(QStringLiteral("node-1"))->y, tray.y + 20);
    QCOMPARE(doc.layoutItem(QStringLiteral("dom-1"))->w, box.w); // size kept
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TestScene::clickSelects()
{
    Document doc(generated("dgx-h100", 32));
    auto *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
    view.resize(1200, 800);
    view.setClusterScene(scene);
    Tools tools(scene);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resetZoom();

    const QRectF spine = scene->itemForId(QStringLiteral("spine-2"))->sceneBoundingRect();
    const QRectF leaf = scene->itemForId(QStringLiteral("leaf-3"))->sceneBoundingRect();
    view.centerOn(spine.center());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier,
                      view.mapFromScene(spine.center()));
    QCOMPARE(doc.selection(), QSet<QString>{QStringLiteral("spine-2")});
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::ControlModifier,
                      view.mapFromScene(leaf.center()));
    QCOMPARE(doc.selection(), (QSet<QString>{QStringLiteral("spine-2"), QStringLiteral("leaf-3")}));
    // Empty canvas clears the selection.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier,
                      view.mapFromScene(spine.topLeft() - QPointF(150, 60)));
    QVERIFY(doc.selection().isEmpty());
    QCOMPARE(doc.undoStack()->count(), 0); // selecting is no edit
}

void TestScene::wheelZoomsAboutCursor()
{
    Shown shown(generated("dgx-h100", 32), QSize(1000, 700));
    ClusterView &view = shown.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resetZoom();

    const QPoint cursor(300, 200);
    const QPointF under = view.mapToScene(cursor);
    QWheelEvent wheel(cursor, view.viewport()->mapToGlobal(cursor), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY(view.zoom() > 1.15 && view.zoom() < 1.25); // one notch: about 20 %
    const QPointF still = view.mapToScene(cursor);
    QVERIFY2(QLineF(under, still).length() < 1.5,
             qPrintable(QStringLiteral("moved by %1").arg(QLineF(under, still).length())));

    view.zoomIn();
    view.zoomOut();
    QVERIFY(qAbs(view.zoom() - 1.2) < 0.05);
}

void TestScene::zoomToFitShowsEverything()
{
    Shown shown(generated("dgx-h100", 32), QSize(1600, 1000));
    ClusterScene *scene = shown.scene;
    ClusterView &view = shown.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.zoomToFit();
    const QRectF visible = view.mapToScene(view.viewport()->rect()).boundingRect();
    QVERIFY(visible.adjusted(-1, -1, 1, 1).contains(scene->contentRect()));
    // A 32-node unit on a 1600 x 1000 canvas is shown at full size: labels are readable.
    QVERIFY2(view.zoom() >= 0.9, qPrintable(QString::number(view.zoom())));
}

void TestScene::largeDesignOpensAsAGridWithLanesPerRow()
{
    // The 16,384-GPU template: 16 pods under 256 cores, laid out two pods to a row.
    Expected<Project> p = instantiate(*findTemplate("h100-16k"));
    QVERIFY(p.ok());
    Shown shown(std::move(*p), QSize(1400, 900));
    ClusterScene *scene = shown.scene;
    ClusterView &view = shown.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.zoomToFit();
    // As one row of 64 SUs it fitted at 2 %; as a grid a server is still a few pixels wide.
    QVERIFY2(view.zoom() >= 0.06, qPrintable(QString::number(view.zoom())));
    const QRectF content = scene->contentRect();
    QVERIFY2(content.width() < 2 * content.height(),
             qPrintable(QStringLiteral("%1 x %2").arg(content.width()).arg(content.height())));

    // A lane per tier in every row, each counting its own row: 2 pods of 32 spines.
    QMap<QString, QList<const LaneItem *>> lanes;
    for (const LaneItem *lane : scene->lanes())
        lanes[lane->id().section(QLatin1Char(':'), 1, 1)].append(lane);
    QCOMPARE(lanes.value(QStringLiteral("core")).size(), 1);
    QCOMPARE(lanes.value(QStringLiteral("spine")).size(), 8);
    QCOMPARE(lanes.value(QStringLiteral("leaf")).size(), 8);
    QCOMPARE(lanes.value(QStringLiteral("nodes")).size(), 8);
    QCOMPARE(lanes[QStringLiteral("core")].front()->subtitle(), QStringLiteral("256 x QM9700"));
    for (const LaneItem *lane : lanes[QStringLiteral("spine")])
        QCOMPARE(lane->subtitle(), QStringLiteral("64 x QM9700"));
    for (const LaneItem *lane : lanes[QStringLiteral("nodes")])
        QCOMPARE(lane->subtitle(), QStringLiteral("256 x DGX H100\n2048 GPUs"));
    // Lanes do not overlap; a server let go in the fifth row's leaf lane lands below that
    // lane, in its own row, not below the last one.
    const QList<LaneItem *> &all = scene->lanes();
    for (qsizetype i = 1; i < all.size(); ++i)
        QVERIFY(all[i - 1]->boundingRect().bottom() <= all[i]->boundingRect().top());
    const QRectF fifth = lanes[QStringLiteral("leaf")][4]->boundingRect();
    const CanvasPlacement placement(scene);
    QCOMPARE(placement.tierAt(fifth.center().y()), std::optional<Tier>(Tier::Leaf));
    QCOMPARE(placement.nodeTop(fifth.center().y()),
             std::optional<double>(fifth.bottom() + diagram::kItemGap));
}

void TestScene::largeDesignStaysReadableZoomedOut_data()
{
    QTest::addColumn<double>("zoom");
    QTest::newRow("19 %") << 0.19;
    QTest::newRow("30 %") << 0.30;
    QTest::newRow("46 %") << 0.46;
}

void TestScene::largeDesignStaysReadableZoomedOut()
{
    // The 16,384-GPU template at the zooms between the overview and single cables: its link
    // fans are a light aggregate the servers and switches show through, not a solid slab of
    // link colour across the canvas.
    QFETCH(double, zoom);
    Expected<Project> p = instantiate(*findTemplate("h100-16k"));
    QVERIFY(p.ok());
    Shown shown(std::move(*p), QSize(1400, 900));
    ClusterView &view = shown.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resetZoom();
    view.zoomBy(zoom, view.viewport()->rect().center());
    QCOMPARE(qRound(view.zoom() * 100), qRound(zoom * 100));
    // The middle of the design: spines, leaves and servers of a pod.
    view.centerOn(shown.scene->contentRect().center());
    QImage frame;
    QVERIFY(renderSettled(view, &frame));
    // Pixels of the InfiniBand colour at full strength.
    const QColor ib = DiagramStyle::linkColor(LinkClass::InfiniBand);
    qsizetype solid = 0;
    for (int y = 0; y < frame.height(); ++y)
        for (int x = 0; x < frame.width(); ++x) {
            const QColor c = frame.pixelColor(x, y);
            solid += std::abs(c.red() - ib.red()) + std::abs(c.green() - ib.green())
                             + std::abs(c.blue() - ib.blue())
                     < 40;
        }
    const double share = double(solid) / (double(frame.width()) * frame.height());
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        frame.save(QDir(dir).filePath(QStringLiteral("16k-zoom-%1.png").arg(qRound(zoom * 100))));
    // A slab of link colour was 65-80 % of the canvas at these zooms; what is left at full
    // strength is the switches' glyphs (drawn in their fabric's colour until their detail is
    // drawn) and where the leaf fans' single lines cross one another.
    QVERIFY2(share < 0.25, qPrintable(QStringLiteral("%1 % of the canvas is solid link colour")
                                              .arg(share * 100, 0, 'f', 1)));
}

void TestScene::miniMapShowsAndPansALargeDesign()
{
    Shown shown(generated("dgx-h100", 256), QSize(1400, 900));
    ClusterScene *scene = shown.scene;
    ClusterView &view = shown.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    MiniMap *map = view.miniMap();
    QVERIFY(map);

    // Fitted, the whole design is in view: no overview.
    view.zoomToFit();
    QVERIFY(!map->isVisible());

    // At 100 % most of it is out of view: the overview sits in the canvas's bottom-right
    // corner, no larger than its limits, and frames the part shown.
    view.resetZoom();
    QVERIFY(map->isVisible());
    const QRect area = view.viewport()->geometry();
    QVERIFY(area.contains(map->geometry()));
    QVERIFY(map->geometry().left() > area.center().x());
    QVERIFY(map->geometry().top() > area.center().y());
    QVERIFY(map->width() <= MiniMap::kMaxWidth && map->height() <= MiniMap::kMaxHeight);

    // A click on it brings that part of the design into view, at the same zoom.
    const QRectF content = scene->contentRect();
    const QPointF target(content.left() + content.width() * 0.8, content.center().y());
    const QPoint at = map->widgetRect(QRectF(target, QSizeF())).topLeft().toPoint();
    QTest::mouseClick(map, Qt::LeftButton, Qt::NoModifier, at);
    const QPointF centre = view.mapToScene(view.viewport()->rect().center());
    const double pixel = std::max(content.width() / map->width(), content.height() / map->height());
    QVERIFY2(QLineF(centre, target).length() <= 2 * pixel,
             qPrintable(QStringLiteral("centre %1,%2, target %3,%4")
                                .arg(centre.x())
                                .arg(centre.y())
                                .arg(target.x())
                                .arg(target.y())));
    QCOMPARE(view.zoom(), 1.0);
    // A drag on it pans along.
    QTest::mousePress(map, Qt::LeftButton, Qt::NoModifier, at);
    QMouseEvent move(QEvent::MouseMove, QPointF(at - QPoint(40, 0)),
                     map->mapToGlobal(QPointF(at - QPoint(40, 0))), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(map, &move);
    QTest::mouseRelease(map, Qt::LeftButton, Qt::NoModifier, at - QPoint(40, 0));
    const QPointF moved = view.mapToScene(view.viewport()->rect().center());
    QVERIFY(moved.x() < centre.x() - 30 * pixel);
    if (qEnvironmentVariableIsSet("TOPOPLAN_SCREENSHOTS"))
        view.grab().save(QDir(qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"))
                                 .filePath(QStringLiteral("minimap.png")));
    QCOMPARE(shown.doc.undoStack()->count(), 0); // looking around is no edit
}

void TestScene::panWithMiddleButtonOrSpace()
{
    Document doc(generated("dgx-h100", 32));
    auto *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
    view.resize(800, 600);
    view.setClusterScene(scene);
    Tools tools(scene);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.resetZoom();
    QWidget *viewport = view.viewport();
    const QPoint from(400, 300);
    const QPointF before = view.mapToScene(from);

    // Middle drag: the diagram follows the mouse.
    QTest::mousePress(viewport, Qt::MiddleButton, Qt::NoModifier, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(from + QPoint(-100, -50)),
                     viewport->mapToGlobal(QPointF(from + QPoint(-100, -50))), Qt::NoButton,
                     Qt::MiddleButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QTest::mouseRelease(viewport, Qt::MiddleButton, Qt::NoModifier, from + QPoint(-100, -50));
    QCOMPARE(view.mapToScene(from), before + QPointF(100, 50));

    // Space + left drag pans too, and moves no item even when it starts on one.
    const QPointF node = scene->itemForId(QStringLiteral("node-10"))->sceneBoundingRect().center();
    view.centerOn(node);
    const QPoint onNode = view.mapFromScene(node);
    const QPointF under = view.mapToScene(onNode);
    view.setFocus();
    QTest::keyPress(&view, Qt::Key_Space);
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, onNode);
    dragTo(viewport, onNode + QPoint(60, 0));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, onNode + QPoint(60, 0));
    QTest::keyRelease(&view, Qt::Key_Space);
    QCOMPARE(view.mapToScene(onNode), under - QPointF(60, 0));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isSelected(QStringLiteral("node-10")));

    // Without space, the same drag moves the node.
    const QPoint start = view.mapFromScene(node);
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, start);
    dragTo(viewport, start + QPoint(60, 0));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, start + QPoint(60, 0));
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TestScene::exportRendersAtFullDetail()
{
    // Drawn 10 x smaller than life, the canvas leaves the node names out (they would be
    // under 2 pixels); an export at the same size draws them, so its pixels differ.
    Document doc(generated("dgx-h100", 2));
    ClusterScene scene(&doc);
    const QRectF source = scene.itemForId(QStringLiteral("node-1"))->sceneBoundingRect();
    const QSize size = (source.size() / 10).toSize() + QSize(1, 1);
    QImage canvas(size, QImage::Format_ARGB32);
    QImage exported(size, QImage::Format_ARGB32);
    canvas.fill(Qt::white);
    exported.fill(Qt::white);
    {
        QPainter p(&canvas);
        scene.render(&p, QRectF(QPointF(), size), source);
    }
    {
        QPainter p(&exported);
        scene.renderFullDetail(&p, QRectF(QPointF(), size), source);
    }
    QVERIFY(canvas != exported);
    QVERIFY(!scene.fullDetail()); // only for the export
}

void TestScene::zoomedOutHidesCablesAndBadges()
{
    Document doc(generated("dgx-h100", 32));
    auto *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
    view.resize(1200, 800);
    view.setClusterScene(scene);
    const auto visible = [scene](int count) {
        int n = 0;
        const QList<QGraphicsItem *> items = scene->items();
        for (const QGraphicsItem *item : items) {
            if (const auto *link = qgraphicsitem_cast<const LinkItem *>(item))
                n += scene->isLinkShown(link)
                     && (count == 1 ? link->count() == 1 : link->count() > 1);
        }
        return n;
    };
    const QString node = QStringLiteral("node-3");
    view.resetZoom();
    QVERIFY(scene->cablesShown() && scene->badgesShown() && !scene->overviewShown());
    QCOMPARE(visible(1), 256);
    QCOMPARE(visible(8), 32);

    // Far out, one overview item draws the nodes, switches and the 32 bundles, and their
    // own items (cables and badges too) are hidden; the devices can still be picked.
    view.zoomBy(0.1, view.viewport()->rect().center());
    QVERIFY(view.zoom() < ClusterScene::kOverviewZoom);
    QVERIFY(scene->overviewShown());
    QCOMPARE(visible(1), 0);
    QCOMPARE(visible(8), 0);
    QVERIFY(!scene->itemForId(node)->isVisible());
    QVERIFY(!scene->badgeItem(QStringLiteral("link-257"))->isVisible());
    const QRectF box = scene->itemForId(node)->sceneBoundingRect().adjusted(2, 2, -2, -2);
    QCOMPARE(scene->topItemAt(box.center())->id(), node);
    QCOMPARE(scene->idsInside(box.adjusted(-1, -1, 1, 1)), QStringList{node});

    // What the overview paints: the node's box in the node border colour, where it is.
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QImage frame(view.viewport()->size(), QImage::Format_RGB32);
    view.viewport()->render(&frame);
    const QPoint inBox = view.mapFromScene(box.topLeft() + QPointF(8, 8));
    QCOMPARE(frame.pixel(inBox), scene->style().nodeBorder.rgb());
    doc.setSelection({node});
    view.viewport()->render(&frame);
    QCOMPARE(frame.pixel(inBox), scene->style().selection.rgb());

    // An export shows every item all the same, and the view is as it was afterwards.
    QImage image(400, 300, QImage::Format_ARGB32);
    QPainter painter(&image);
    scene->renderFullDetail(&painter, QRectF(image.rect()));
    QCOMPARE(visible(1), 0);
    QVERIFY(scene->overviewShown());

    view.zoomBy(10, view.viewport()->rect().center());
    QVERIFY(!scene->overviewShown());
    QCOMPARE(visible(1), 256);
    QCOMPARE(visible(8), 32);
    QVERIFY(scene->itemForId(node)->isVisible());
    QVERIFY(scene->badgeItem(QStringLiteral("link-257"))->isVisible());
}

void TestScene::linkLayerDrawsPicksAndFollows()
{
    // Zoomed in, one layer draws every link and their items are hidden; a link is still
    // found under the mouse by its line, drawn in the selection colour when selected, and
    // re-drawn where its device moves.
    ZoomedIn canvas;
    Document &doc = canvas.doc;
    ClusterScene *scene = canvas.scene;
    ClusterView &view = canvas.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(scene->linkLayerShown());
    const LinkItem *cable = nullptr;
    QPointF at;
    for (const Link &l : doc.project().topology.links) {
        const LinkItem *link = scene->linkItem(qs(l.id));
        QVERIFY(!link->isVisible());
        QVERIFY(scene->isLinkShown(link));
        for (double t : {0.1, 0.2, 0.3}) {
            const QPointF p = link->line().pointAt(t);
            if (!cable && l.count == 1 && scene->topItemAt(p) == link
                && view.viewport()->rect().contains(view.mapFromScene(p))) {
                cable = link;
                at = p;
            }
        }
    }
    QVERIFY(cable);
    QImage frame(view.viewport()->size(), QImage::Format_RGB32);
    view.viewport()->render(&frame);
    const QPoint pixel = view.mapFromScene(at);
    QVERIFY(frame.pixel(pixel) != scene->style().selection.rgb());
    doc.setSelection({cable->id()});
    view.viewport()->render(&frame);
    QCOMPARE(frame.pixel(pixel), scene->style().selection.rgb());

    // Moving the node drags its cable along: the layer draws the new line, not the old.
    const QString node
            = cable->endA()->type() == NodeItemType ? cable->deviceA() : cable->deviceB();
    const QLineF before = cable->line();
    const std::optional<LayoutItem> layout = doc.layoutItem(node);
    QVERIFY(layout);
    doc.undoStack()->push(new MoveItems(&doc, {node}, {QPointF(layout->x + 300, layout->y)}, 0));
    QVERIFY(cable->line() != before);
    view.viewport()->render(&frame);
    const QPoint moved = view.mapFromScene(cable->line().pointAt(0.5));
    if (view.viewport()->rect().contains(moved)
        && scene->topItemAt(cable->line().pointAt(0.5)) == cable)
        QCOMPARE(frame.pixel(moved), scene->style().selection.rgb());
    QCOMPARE(scene->topItemAt(before.pointAt(0.5)) == cable, false);
}

void TestScene::zoomStepShowsOldTilesUntilNewOnesArrive()
{
    // A wheel notch paints at once with the previous zoom's link tiles scaled, while the new
    // zoom's are drawn on the thread pool; when they have arrived the frame is the one drawn
    // from scratch at that zoom.
    ZoomedIn canvas;
    ClusterScene *scene = canvas.scene;
    ClusterView &view = canvas.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(scene->linkLayerShown());
    QImage frame(view.viewport()->size(), QImage::Format_RGB32);
    const auto linkPixels = [&](const QImage &image) {
        // Pixels of the cables' colour (InfiniBand blue, blended over the background).
        int n = 0;
        for (int y = 0; y < image.height(); y += 2) {
            for (int x = 0; x < image.width(); x += 2) {
                const QColor c = image.pixelColor(x, y);
                n += c.blue() > c.red() + 40 && c.blue() > c.green() + 20;
            }
        }
        return n;
    };
    view.viewport()->render(&frame);
    const int before = linkPixels(frame);
    QVERIFY(before > 1000);

    const QPoint cursor(600, 400);
    QWheelEvent wheel(cursor, view.viewport()->mapToGlobal(cursor), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QImage early(view.viewport()->size(), QImage::Format_RGB32);
    view.viewport()->render(&early);
    QVERIFY2(linkPixels(early) > before, "the links are shown, scaled, at once");

    QVERIFY(renderSettled(view, &frame));
    QVERIFY(frame != early);

    // Drawn from scratch at the same zoom and scroll position: zoomed far away (no backdrop
    // is kept over such a step) and back.
    const QTransform zoomed = view.transform();
    const int h = view.horizontalScrollBar()->value(), v = view.verticalScrollBar()->value();
    view.setTransform(QTransform::fromScale(0.2, 0.2));
    view.viewport()->render(&early);
    view.setTransform(zoomed);
    view.horizontalScrollBar()->setValue(h);
    view.verticalScrollBar()->setValue(v);
    QImage scratch(view.viewport()->size(), QImage::Format_RGB32);
    view.viewport()->render(&scratch);
    QVERIFY(scratch == frame);
}

void TestScene::highDpiLinksAreDrawnAtDeviceResolution()
{
    // On a screen of device pixel ratio 2 (ctest runs this with QT_SCALE_FACTOR=2, as
    // tst_scene_hidpi) the link tiles hold device pixels: the frame has the lines where the
    // same view drawn at ratio 1 has them, at twice its resolution rather than scaled up.
    ZoomedIn canvas;
    ClusterScene *scene = canvas.scene;
    ClusterView &view = canvas.view;
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    if (view.devicePixelRatio() != 2)
        QSKIP("needs a device pixel ratio of 2: run with QT_SCALE_FACTOR=2 (tst_scene_hidpi)");
    const auto settle = [] {
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::processEvents();
    };
    QImage twice(view.viewport()->size() * 2, QImage::Format_RGB32);
    twice.setDevicePixelRatio(2);
    view.viewport()->render(&twice);
    settle();
    view.viewport()->render(&twice);
    // The same part of the scene at ratio 1.
    QImage single(view.viewport()->size(), QImage::Format_RGB32);
    const QRectF shown = view.mapToScene(view.viewport()->rect()).boundingRect();
    for (int pass = 0; pass < 2; ++pass) {
        single.fill(scene->backgroundBrush().color());
        QPainter painter(&single);
        scene->render(&painter, QRectF(single.rect()), shown);
        painter.end();
        settle();
    }
    const QImage scaled
            = single.scaled(twice.size(), Qt::IgnoreAspectRatio, Qt::FastTransformation);
    qint64 far = 0, differ = 0;
    for (int y = 0; y < twice.height(); ++y) {
        for (int x = 0; x < twice.width(); ++x) {
            const QColor a = twice.pixelColor(x, y), b = scaled.pixelColor(x, y);
            const int d = std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                                    std::abs(a.blue() - b.blue())});
            differ += d > 0;
            far += d > 128;
        }
    }
    const double pixels = double(twice.width()) * twice.height();
    qInfo("high-DPI frame: %.2f%% of pixels differ from the scaled-up one, %.2f%% by far",
          100 * differ / pixels, 100 * far / pixels);
    QVERIFY2(far < 0.05 * pixels, "the lines are where the ratio-1 frame has them");
    QVERIFY2(differ > 0.005 * pixels, "drawn at device resolution, not scaled up");
}

void TestScene::pasteRefreshesOncePerCommand()
{
    // A paste is one change event per entry; lanes and badges follow once, when the event
    // loop runs (or when asked for), not once per entry.
    Document doc(generated("dgx-h100", 32));
    ClusterScene scene(&doc);
    QSignalSpy content(&scene, &ClusterScene::contentRectChanged);
    std::vector<std::string> ids;
    for (int i = 1; i <= 8; ++i)
        ids.push_back("node-" + std::to_string(i));
    const Project fragment = extractSubset(doc.project(), ids);
    Expected<SubsetPaste> paste
            = pasteSubset(doc.project(), fragment, freeOffset(doc.project(), fragment, 200));
    QVERIFY(paste);
    doc.undoStack()->push(new AddItems(&doc, paste->added, paste->layout, QStringLiteral("Paste")));
    QCOMPARE(content.count(), 0); // nothing redone yet
    QCoreApplication::processEvents();
    QCOMPARE(content.count(), 1);
    const LaneItem *compute = scene.lanes().last();
    QCOMPARE(compute->subtitle(), QStringLiteral("40 x DGX H100\n320 GPUs"));

    doc.undoStack()->undo();
    QCOMPARE(scene.lanes().last()->subtitle(), QStringLiteral("32 x DGX H100\n256 GPUs"));
    QCOMPARE(content.count(), 2); // asked for by lanes(): redone at once, and only once
    QCoreApplication::processEvents();
    QCOMPARE(content.count(), 2);
}

void TestScene::followsPalette()
{
    Document doc(generated("dgx-h100", 2));
    auto *scene = new ClusterScene(&doc, &doc); // owned by the document
    ClusterView view;
    view.setClusterScene(scene);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x20, 0x22, 0x25));
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    view.setPalette(dark);
    QVERIFY(scene->style().dark);
    QVERIFY(scene->backgroundBrush().color().lightnessF() < 0.3);
    QVERIFY(scene->style().text.lightnessF() > 0.8);

    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    view.setPalette(light);
    QVERIFY(!scene->style().dark);
    QVERIFY(scene->backgroundBrush().color().lightnessF() > 0.9);
}

QTEST_MAIN(TestScene)
#include "tst_scene.moc"
