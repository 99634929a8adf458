// The canvas tools driven by real mouse events on the viewport: selecting (click, Shift-click,
// rubber band), moving with grid snapping as one undo step, trays joining domain boxes,
// switches taking the tier of the lane they are moved to, and the Connect tool's cables.

#include "app/analysis/analysiscontroller.h"
#include "app/canvas/canvasplacement.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/linkitem.h"
#include "app/canvas/switchitem.h"
#include "app/document/document.h"
#include "app/document/topologycommands.h"
#include "app/panels/analysisdock.h"
#include "app/panels/palettedock.h"
#include "app/tools/cablingpreview.h"
#include "app/tools/connecttool.h"
#include "app/tools/selecttool.h"
#include "app/tools/toolmanager.h"
#include "app/window/mainwindow.h"

#include "engine/edit/editing.h"
#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "tests/engine/analysisfixtures.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLineF>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>

using namespace topoplan;

namespace {

Project generated(const std::string &model, int nodes, int domainSize = 0)
{
    return fixtures::generatedProject(model, nodes, domainSize);
}

// The canvas with the tools, as the main window sets it up, at 1 scene unit per pixel.
struct Canvas
{
    explicit Canvas(Project project)
        : doc(std::move(project))
        , scene(new ClusterScene(&doc, &doc))
        , select(new SelectTool)
        , connect(new ConnectTool)
    {
        tools.registerTool(select);
        tools.registerTool(connect);
        tools.setScene(scene);
        view.resize(1200, 800);
        view.setClusterScene(scene);
        view.show();
    }
    ~Canvas() { tools.setScene(nullptr); }

    QPoint at(const QPointF &scenePos) const { return view.mapFromScene(scenePos); }
    QPointF centerOf(const QString &id) const
    {
        const LayoutItem l = *doc.layoutItem(id);
        const bool sw = doc.indexOf<Switch>(id) >= 0;
        return {l.x + (sw ? diagram::kSwitchWidth : diagram::kNodeWidth) / 2,
                l.y + (sw ? diagram::kSwitchHeight : diagram::kNodeHeight) / 2};
    }
    void show(const QPointF &scenePos)
    {
        view.resetZoom();
        view.centerOn(scenePos);
    }
    // Press, move in steps with the button held, release: one gesture.
    void drag(const QPointF &from, const QPointF &to, Qt::KeyboardModifiers mods = {})
    {
        QWidget *viewport = view.viewport();
        QTest::mousePress(viewport, Qt::LeftButton, mods, at(from));
        for (int step = 1; step <= 4; ++step) {
            const QPoint p = at(from + (to - from) * step / 4.0);
            QMouseEvent move(QEvent::MouseMove, p, viewport->mapToGlobal(p), Qt::NoButton,
                             Qt::LeftButton, mods);
            QApplication::sendEvent(viewport, &move);
        }
        QTest::mouseRelease(viewport, Qt::LeftButton, mods, at(to));
    }

    Document doc;
    ClusterScene *scene;
    ClusterView view;
    ToolManager tools;
    SelectTool *select;
    ConnectTool *connect;
};

// The Connect preview a gesture opened in `window`, if any.
CablingPreview *openPreview(QWidget *window)
{
    CablingPreview *preview = nullptr;
    const bool shown = QTest::qWaitFor(
            [&] {
                preview = window->findChild<CablingPreview *>();
                return preview && preview->isVisible();
            },
            2000);
    return shown ? preview : nullptr;
}

// Clicks the preview's Connect button, with a stated count unless `count` is 0.
bool acceptPreview(QWidget *window, int count = 0)
{
    CablingPreview *preview = openPreview(window);
    if (!preview)
        return false;
    if (count > 0) {
        QTest::mouseClick(preview->countChoice(), Qt::LeftButton);
        preview->countBox()->setValue(count);
    }
    auto *buttons = preview->findChild<QDialogButtonBox *>();
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    if (!ok->isEnabled())
        return false;
    QTest::mouseClick(ok, Qt::LeftButton);
    return QTest::qWaitFor([&] { return !window->findChild<CablingPreview *>(); }, 2000);
}

// Saves a picture of `widget` where TOPOPLAN_SHOTS names a folder (the screenshots).
void shoot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOPOPLAN_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(name));
}

QRectF laneRect(const ClusterScene *scene, const QString &id)
{
    for (const LaneItem *lane : scene->lanes()) {
        if (lane->id() == id)
            return lane->boundingRect();
    }
    return {};
}

} // namespace

class TestTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clickSelects();
    void rubberBandSelectsItemsInside();
    void dragMovesWithSnappingAsOneStep();
    void altDragDoesNotSnap();
    void trayMovedIntoDomainJoinsIt();
    void boardServerMovedIntoDomainIsRefused();
    void switchMovedIntoSpineLaneBecomesSpine();
    void nodeMovedIntoSwitchLaneGoesBelowIt_data();
    void nodeMovedIntoSwitchLaneGoesBelowIt();
    void connectToolJoins_data();
    void connectToolJoins();
    void handCablingAsArchitectsMeanIt();
    void connectingAFullSwitchIsRefused();
    void connectingAgainGrowsTheBundle();
    void portHandleDragConnects();
    void linkMenuChangesMedium();
    void contextMenuOffersOnlyWhatThePortsSpeak_data();
    void contextMenuOffersOnlyWhatThePortsSpeak();
    void contextMenuMarksFailedAndUndoRepairs();
    void toolActions();
    void windowSelectAllAndZoomToSelection();
};

void TestTools::clickSelects()
{
    Canvas c(generated("dgx-h100", 8));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QString a = QStringLiteral("node-1"), b = QStringLiteral("node-2");
    c.show(c.centerOf(a));
    QWidget *vp = c.view.viewport();
    QTest::mouseClick(vp, Qt::LeftButton, {}, c.at(c.centerOf(a)));
    QCOMPARE(c.doc.selection(), QSet<QString>{a});
    QTest::mouseClick(vp, Qt::LeftButton, Qt::ShiftModifier, c.at(c.centerOf(b)));
    QCOMPARE(c.doc.selection(), (QSet<QString>{a, b}));
    QTest::mouseClick(vp, Qt::LeftButton, Qt::ControlModifier, c.at(c.centerOf(a)));
    QCOMPARE(c.doc.selection(), QSet<QString>{b});
    QTest::mouseClick(vp, Qt::LeftButton, {}, c.at(c.centerOf(a)));
    QCOMPARE(c.doc.selection(), QSet<QString>{a});
    // Empty canvas clears it.
    QTest::mouseClick(vp, Qt::LeftButton, {}, c.at(c.centerOf(a) + QPointF(0, 300)));
    QVERIFY(c.doc.selection().isEmpty());
    QCOMPARE(c.doc.undoStack()->count(), 0);
}

void TestTools::rubberBandSelectsItemsInside()
{
    Canvas c(generated("dgx-h100", 8));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const LayoutItem n1 = *c.doc.layoutItem(QStringLiteral("node-1"));
    const LayoutItem n3 = *c.doc.layoutItem(QStringLiteral("node-3"));
    QCOMPARE(n1.y, n3.y); // one row
    c.show(QPointF(n1.x + 150, n1.y));
    // From above-left of node-1 to below-right of node-3: nodes 1-3 inside, none of 4 or more.
    c.drag(QPointF(n1.x - 5, n1.y - 5),
           QPointF(n3.x + diagram::kNodeWidth + 5, n3.y + diagram::kNodeHeight + 5));
    QSet<QString> nodes;
    for (const QString &id : c.doc.selection()) {
        if (c.doc.indexOf<Node>(id) >= 0)
            nodes.insert(id);
    }
    QCOMPARE(nodes, (QSet<QString>{QStringLiteral("node-1"), QStringLiteral("node-2"),
                                   QStringLiteral("node-3")}));
    QCOMPARE(c.doc.undoStack()->count(), 0);
}

void TestTools::dragMovesWithSnappingAsOneStep()
{
    Canvas c(generated("dgx-h100", 8));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QString id = QStringLiteral("node-2");
    const Json before = serializeProject(c.doc.project());
    const LayoutItem start = *c.doc.layoutItem(id);
    c.show(c.centerOf(id));
    c.drag(c.centerOf(id), c.centerOf(id) + QPointF(43, 27));
    const LayoutItem after = *c.doc.layoutItem(id);
    QCOMPARE(after.x, std::round((start.x + 43) / 10) * 10);
    QCOMPARE(after.y, std::round((start.y + 27) / 10) * 10);
    QCOMPARE(c.doc.undoStack()->count(), 1);
    c.doc.undoStack()->undo();
    QCOMPARE(serializeProject(c.doc.project()), before);
}

void TestTools::altDragDoesNotSnap()
{
    Canvas c(generated("dgx-h100", 8));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QString id = QStringLiteral("node-2");
    const LayoutItem start = *c.doc.layoutItem(id);
    c.show(c.centerOf(id));
    c.drag(c.centerOf(id), c.centerOf(id) + QPointF(43, 27), Qt::AltModifier);
    QCOMPARE(c.doc.layoutItem(id)->x, start.x + 43);
    QCOMPARE(c.doc.layoutItem(id)->y, start.y + 27);
}

void TestTools::trayMovedIntoDomainJoinsIt()
{
    // 8 trays in two domains of 16 GPUs, the first stated as 32 (half filled); a tray added
    // outside joins it by a drag.
    Project p = generated("gb200-tray", 8, 16);
    p.topology.domains[0].gpus = 32;
    Canvas c(std::move(p));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const LayoutItem box = *c.doc.layoutItem(QStringLiteral("dom-1"));
    Node tray{"tray-x", "tray-x", "gb200-tray", ""};
    c.doc.undoStack()->push(
            new AddNode(&c.doc, tray, LayoutItem{box.x, box.y + box.h + 200, 0, 0, {}}));
    const QString id = QStringLiteral("tray-x");
    const int steps = c.doc.undoStack()->count();
    const Json outside = serializeProject(c.doc.project());

    c.show(QPointF(box.x + box.w / 2, box.y + box.h));
    const QPointF target(box.x + box.w - 10, box.y + box.h - 10);
    c.drag(c.centerOf(id), target);
    QCOMPARE(c.doc.project().topology.node("tray-x")->domain, std::string("dom-1"));
    QCOMPARE(c.doc.undoStack()->count(), steps + 1); // move and membership: one step
    c.doc.undoStack()->undo();
    QCOMPARE(serializeProject(c.doc.project()), outside);
    c.doc.undoStack()->redo();
    QCOMPARE(c.doc.project().topology.node("tray-x")->domain, std::string("dom-1"));

    // And out again.
    c.drag(c.centerOf(id), c.centerOf(id) + QPointF(0, box.h + 300));
    QCOMPARE(c.doc.project().topology.node("tray-x")->domain, std::string());
}

void TestTools::boardServerMovedIntoDomainIsRefused()
{
    Canvas c(generated("gb200-tray", 8, 16));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    QSignalSpy messages(&c.tools, &ToolManager::statusMessage);
    QSignalSpy refusals(&c.tools, &ToolManager::refused);
    // As the main window has it: a refusal is shown where the user acted.
    QObject::connect(&c.tools, &ToolManager::refused, &c.view, &ClusterView::showBalloon);
    const LayoutItem box = *c.doc.layoutItem(QStringLiteral("dom-1"));
    c.doc.undoStack()->push(new AddNode(&c.doc, Node{"dgx-x", "dgx-x", "dgx-h100", ""},
                                        LayoutItem{box.x, box.y + box.h + 200, 0, 0, {}}));
    const int steps = c.doc.undoStack()->count();
    const Json outside = serializeProject(c.doc.project());
    c.show(QPointF(box.x + box.w / 2, box.y + box.h));
    c.drag(c.centerOf(QStringLiteral("dgx-x")), QPointF(box.x + box.w - 10, box.y + box.h - 10));
    QCOMPARE(serializeProject(c.doc.project()), outside); // back where it was, no member
    QCOMPARE(c.doc.undoStack()->count(), steps);
    QCOMPARE(messages.count(), 1);
    QCOMPARE(messages.first().first().toString(),
             QStringLiteral("Not moved into the domain: node \"dgx-x\" (dgx-h100) cannot join "
                            "NVLink domain \"dom-1\": its NVLink stays on its own NVSwitch "
                            "baseboard. Only servers whose NVLink leaves the box can be placed in "
                            "a domain (gb200-tray, gb300-tray)."));
    QCOMPARE(refusals.count(), 1);
    QCOMPARE(refusals.first().at(0).toString(), messages.first().first().toString());
    const QPointF released(box.x + box.w - 10, box.y + box.h - 10);
    const QPointF at = refusals.first().at(1).toPointF();
    QVERIFY2(QLineF(at, released).length() < 40,
             qPrintable(QStringLiteral("%1,%2").arg(at.x()).arg(at.y())));
    QVERIFY(c.view.balloon()->isVisible());
    QCOMPARE(c.view.balloon()->text(), messages.first().first().toString());
}

void TestTools::switchMovedIntoSpineLaneBecomesSpine()
{
    Canvas c(generated("dgx-h100", 64));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QString leaf = QStringLiteral("leaf-1");
    QCOMPARE(c.doc.project().topology.switchById("leaf-1")->tier, Tier::Leaf);
    const QRectF spineLane = laneRect(c.scene, QStringLiteral("lane:spine"));
    QVERIFY(!spineLane.isEmpty());
    const QPointF from = c.centerOf(leaf);
    const QPointF to(from.x(), spineLane.center().y());
    c.show((from + to) / 2);
    c.view.zoomBy(0.5, c.view.viewport()->rect().center());
    c.drag(from, to);
    QCOMPARE(c.doc.project().topology.switchById("leaf-1")->tier, Tier::Spine);
    QCOMPARE(c.doc.undoStack()->count(), 1);
    c.doc.undoStack()->undo();
    QCOMPARE(c.doc.project().topology.switchById("leaf-1")->tier, Tier::Leaf);
    QCOMPARE(c.centerOf(leaf), from);
}

void TestTools::nodeMovedIntoSwitchLaneGoesBelowIt_data()
{
    QTest::addColumn<QString>("lane");
    QTest::addColumn<bool>("withNeighbour");

    QTest::newRow("leaf lane") << "lane:leaf" << false;
    QTest::newRow("spine lane") << "lane:spine" << false;
    QTest::newRow("leaf lane, two nodes keep their shape") << "lane:leaf" << true;
}

void TestTools::nodeMovedIntoSwitchLaneGoesBelowIt()
{
    QFETCH(QString, lane);
    QFETCH(bool, withNeighbour);
    Canvas c(generated("dgx-h100", 64));
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QString node = QStringLiteral("node-1");
    const QString neighbour = QStringLiteral("node-2");
    const QRectF target = laneRect(c.scene, lane);
    const QRectF leafLane = laneRect(c.scene, QStringLiteral("lane:leaf"));
    QVERIFY(!target.isEmpty() && !leafLane.isEmpty());
    const LayoutItem before = *c.doc.layoutItem(node);
    const LayoutItem neighbourBefore = *c.doc.layoutItem(neighbour);
    if (withNeighbour)
        c.doc.setSelection({node, neighbour});

    // 200 to the right and up into the lane, as far as its middle.
    const QPointF from = c.centerOf(node);
    const QPointF to(from.x() + 200, target.center().y());
    c.show((from + to) / 2);
    c.view.zoomBy(0.5, c.view.viewport()->rect().center());
    c.drag(from, to);

    // Sideways as dragged, and down to the first grid line clear of the lanes.
    const LayoutItem after = *c.doc.layoutItem(node);
    QCOMPARE(after.x, before.x + 200);
    QVERIFY2(after.y >= leafLane.bottom() && after.y < leafLane.bottom() + 2 * diagram::kItemGap,
             qPrintable(QStringLiteral("y %1, leaf lane ends at %2")
                                .arg(after.y)
                                .arg(leafLane.bottom())));
    QCOMPARE(std::fmod(after.y, CanvasPlacement::kGrid), 0.0);
    QCOMPARE(c.doc.project().topology.node("node-1")->domain, std::string());
    if (withNeighbour) {
        const LayoutItem n = *c.doc.layoutItem(neighbour);
        QCOMPARE(n.x - after.x, neighbourBefore.x - before.x);
        QCOMPARE(n.y - after.y, neighbourBefore.y - before.y);
    }
    // The scene followed: the node is drawn where the document has it, and the leaf lane
    // did not grow down to take it in.
    QCOMPARE(c.scene->itemForId(node)->pos(), QPointF(after.x, after.y));
    QCOMPARE(laneRect(c.scene, QStringLiteral("lane:leaf")), leafLane);

    // One step, undone in one.
    QCOMPARE(c.doc.undoStack()->count(), 1);
    c.doc.undoStack()->undo();
    QCOMPARE(c.doc.layoutItem(node)->x, before.x);
    QCOMPARE(c.doc.layoutItem(node)->y, before.y);
    c.doc.undoStack()->redo();
    QCOMPARE(c.doc.layoutItem(node)->y, after.y);
}

void TestTools::connectToolJoins_data()
{
    QTest::addColumn<QString>("nodeModel");
    QTest::addColumn<QString>("switchModel");
    QTest::addColumn<QString>("medium");

    QTest::newRow("node to QM9700 leaf") << "dgx-h100"
                                         << "qm9700"
                                         << "ib-ndr";
    QTest::newRow("DGX H100 to SN5600") << "dgx-h100"
                                        << "sn5600"
                                        << "roce-400";
}

void TestTools::connectToolJoins()
{
    QFETCH(QString, nodeModel);
    QFETCH(QString, switchModel);
    QFETCH(QString, medium);
    Project p;
    p.topology.nodes = {{"n1", "n1", nodeModel.toStdString(), ""}};
    p.topology.switches = {{"s1", "s1", switchModel.toStdString(), Tier::Leaf, {}},
                           {"s0", "s0", switchModel.toStdString(), Tier::Leaf, {}}};
    // Port 0 of the switch and NIC 0 of the node are taken already.
    p.topology.links = {{"link-1", {"s0", 0}, {"s1", 0}, "", 1}};
    p.topology.nodes.push_back({"n0", "n0", nodeModel.toStdString(), ""});
    p.topology.links.push_back({"link-2", {"n1", 0}, {"s0", 1}, "", 1});
    p.layout.items["n1"] = {0, 300, 0, 0, {}};
    p.layout.items["n0"] = {300, 300, 0, 0, {}};
    p.layout.items["s1"] = {10, 0, 0, 0, {}};
    p.layout.items["s0"] = {300, 0, 0, 0, {}};
    Canvas c(p);
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.tools.selectTool(c.connect);
    c.show(QPointF(60, 150));
    c.drag(c.centerOf(QStringLiteral("n1")), c.centerOf(QStringLiteral("s1")));
    // s1 carries no server yet and is the only such leaf: all 7 free NICs are offered; one
    // is stated.
    CablingPreview *preview = openPreview(&c.view);
    QVERIFY(preview);
    QCOMPARE(preview->proposal()->cables, 7);
    QCOMPARE(int(c.doc.project().topology.links.size()), 2); // nothing before Connect
    QVERIFY(acceptPreview(&c.view, 1));
    const Topology &t = c.doc.project().topology;
    QCOMPARE(int(t.links.size()), 3);
    const Link &link = t.links.back();
    QCOMPARE(QString::fromStdString(link.medium), medium);
    QCOMPARE(link.a, (Endpoint{"n1", 1}));
    QCOMPARE(link.b, (Endpoint{"s1", 1}));
    QCOMPARE(link.count, 1);
    QVERIFY(c.scene->linkItem(QString::fromStdString(link.id)));
    QCOMPARE(c.doc.undoStack()->count(), 1);
    c.doc.undoStack()->undo();
    QCOMPARE(int(c.doc.project().topology.links.size()), 2);
}

// The scenario: an empty project, 4 DGX H100, two QM9700 leaves and a spine, joined
// with the Connect tool from each server to each leaf and each leaf to the spine. Each server
// gets its rails on the leaf of those rails, each leaf the uplinks 1:1 implies; nothing cabled
// moves, and the design then projects real throughput with a sane best plan.
void TestTools::handCablingAsArchitectsMeanIt()
{
    Project p;
    for (int i = 0; i < 4; ++i) {
        const std::string id = "node-" + std::to_string(i + 1);
        p.topology.nodes.push_back({id, "dgx-" + std::to_string(i + 1), "dgx-h100", ""});
        p.layout.items[id] = {double(i * 150), 330, 0, 0, {}};
    }
    p.topology.switches = {{"sw-1", "leaf-01", "qm9700", Tier::Leaf, {}},
                           {"sw-2", "leaf-02", "qm9700", Tier::Leaf, {}},
                           {"sw-3", "spine-01", "qm9700", Tier::Spine, {}}};
    p.layout.items["sw-1"] = {60, 170, 0, 0, {}};
    p.layout.items["sw-2"] = {360, 170, 0, 0, {}};
    p.layout.items["sw-3"] = {210, 10, 0, 0, {}};
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openProject(p);
    ClusterView *view = w.view();
    view->resetZoom();
    view->centerOn(QPointF(300, 200));
    QWidget *viewport = view->viewport();
    const auto centerOf = [&](const char *id) {
        const LayoutItem l = *w.document()->layoutItem(QString::fromLatin1(id));
        const bool sw = id[0] == 's';
        return QPointF(l.x + (sw ? diagram::kSwitchWidth : diagram::kNodeWidth) / 2,
                       l.y + (sw ? diagram::kSwitchHeight : diagram::kNodeHeight) / 2);
    };
    QSignalSpy messages(w.toolManager(), &ToolManager::statusMessage);
    const auto drag = [&](const char *from, const char *to) {
        const QPointF a = centerOf(from), b = centerOf(to);
        QTest::mousePress(viewport, Qt::LeftButton, {}, view->mapFromScene(a));
        for (int step = 1; step <= 4; ++step) {
            const QPoint at = view->mapFromScene(a + (b - a) * step / 4.0);
            QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton,
                             Qt::LeftButton, {});
            QApplication::sendEvent(viewport, &move);
        }
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, view->mapFromScene(b));
    };
    QTest::keyClick(viewport, Qt::Key_C);
    QCOMPARE(w.toolManager()->selectedTool()->name(), QStringLiteral("Connect"));

    const Topology &t = w.document()->project().topology;
    const auto nicsOn = [&](const std::string &node, const std::string &sw) {
        QList<int> nics;
        for (const Link &l : t.links) {
            if (l.a.device == node && l.b.device == sw)
                nics << l.a.port;
        }
        std::sort(nics.begin(), nics.end());
        return nics;
    };
    // The first drag: the preview names every cable and commits nothing before Connect.
    drag("node-1", "sw-1");
    QVERIFY(messages.count() > 0);
    QCOMPARE(
            messages.last().first().toString(),
            QStringLiteral("Release to connect: 4 cables. leaf-01 carries no server yet: dgx-1's "
                           "8 uncabled rails, shared over the 2 empty leaves, give it rails 1-4."));
    CablingPreview *preview = openPreview(&w);
    QVERIFY(preview);
    QVERIFY(t.links.empty());
    QCOMPARE(preview->cablesView()->toPlainText().split(QLatin1Char('\n')).first(),
             QStringLiteral("dgx-1 rail 1 (NIC 0) - leaf-01 port 0"));
    shoot(&w, QStringLiteral("point1-after-preview.png"));
    shoot(preview, QStringLiteral("point1-after-preview-dialog.png"));
    QVERIFY(acceptPreview(&w));
    QCOMPARE(nicsOn("node-1", "sw-1"), (QList<int>{0, 1, 2, 3}));
    QCOMPARE(w.document()->undoStack()->count(), 1);
    for (const char *node : {"node-1", "node-2", "node-3", "node-4"}) {
        for (const char *leaf : {"sw-1", "sw-2"}) {
            if (QByteArray(node) == "node-1" && QByteArray(leaf) == "sw-1")
                continue;
            const std::vector<Link> before = t.links;
            drag(node, leaf);
            QVERIFY2(acceptPreview(&w), node);
            // Adding cables never moves one.
            QVERIFY(std::equal(before.begin(), before.end(), t.links.begin()));
        }
        QCOMPARE(nicsOn(node, "sw-1"), (QList<int>{0, 1, 2, 3}));
        QCOMPARE(nicsOn(node, "sw-2"), (QList<int>{4, 5, 6, 7}));
    }
    drag("sw-1", "sw-3");
    QCOMPARE(openPreview(&w)->proposal()->cables, 16);
    QVERIFY(acceptPreview(&w));
    drag("sw-3", "sw-2");
    QVERIFY(acceptPreview(&w));
    QCOMPARE(w.document()->undoStack()->count(), 10);
    QCOMPARE(w.document()->undoStack()->text(9),
             QStringLiteral("Connect spine-01 and leaf-02 (16 cables)"));
    int cables = 0;
    for (const Link &l : t.links)
        cables += l.count;
    QCOMPARE(cables, 4 * 8 + 2 * 16);

    // A job: the model, then Find Best Plan; the best plan on the cabled design is real
    // throughput.
    AnalysisDock *dock = w.analysisDock();
    QSignalSpy applied(dock, &AnalysisDock::bestPlanApplied);
    QComboBox *model = dock->modelBox();
    const int index = model->findData(QStringLiteral("llama3-8b"));
    QVERIFY(index > 0);
    model->setCurrentIndex(index);
    Q_EMIT model->activated(index);
    auto *best = w.findChild<QPushButton *>(QStringLiteral("bestPlanButton"));
    QVERIFY(best);
    QTest::mouseClick(best, Qt::LeftButton);
    QVERIFY(applied.wait(30000));
    QVERIFY(QTest::qWaitFor(
            [&] { return !w.analysis()->isBusy() && w.analysis()->outcome().has_value(); }, 30000));
    const AnalysisOutcome &o = *w.analysis()->outcome();
    QVERIFY2(o.result, o.error ? o.error->message.c_str() : "no result");
    QVERIFY2(o.result->step.tokensPerS > 100000,
             qPrintable(QString::number(o.result->step.tokensPerS)));
    QVERIFY(o.result->plan.tp <= 8); // TP within the server's NVLink domain
    QVERIFY(o.result->plan.pp < 16);
    for (const Diagnostic &d : o.result->diagnostics)
        QVERIFY2(d.code != "NO_PATH", d.message.c_str());
    shoot(&w, QStringLiteral("point1-after.png"));
}

void TestTools::connectingAgainGrowsTheBundle()
{
    // Two leaves joined by one NDR cable; a second Connect gesture between them adds a cable
    // to the same line (one undo step), as an architect draws "8 x 400G".
    Project p;
    p.topology.switches
            = {{"s1", "s1", "qm9700", Tier::Leaf, {}}, {"s2", "s2", "qm9700", Tier::Spine, {}}};
    p.topology.links = {{"link-1", {"s1", 0}, {"s2", 0}, "ib-ndr", 1}};
    p.layout.items["s1"] = {0, 300, 0, 0, {}};
    p.layout.items["s2"] = {0, 0, 0, 0, {}};
    Canvas c(p);
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.tools.selectTool(c.connect);
    c.show(QPointF(60, 150));
    c.drag(c.centerOf(QStringLiteral("s1")), c.centerOf(QStringLiteral("s2")));
    // A leaf without downlinks implies half its 64 ports as uplinks, 1 cabled already.
    QCOMPARE(openPreview(&c.view)->proposal()->implied, 31);
    QVERIFY(acceptPreview(&c.view, 1));
    const Topology &t = c.doc.project().topology;
    QCOMPARE(int(t.links.size()), 1);
    QCOMPARE(t.links.front().count, 2);
    QCOMPARE(c.doc.undoStack()->count(), 1);
    QVERIFY(c.scene->badgeItem(QStringLiteral("link-1"))); // "2 x 400G"
    QCOMPARE(c.doc.selection(), QSet<QString>{QStringLiteral("link-1")});
    c.drag(c.centerOf(QStringLiteral("s2")), c.centerOf(QStringLiteral("s1"))); // either way
    QVERIFY(acceptPreview(&c.view, 1));
    QCOMPARE(c.doc.project().topology.links.front().count, 3);
    c.doc.undoStack()->undo();
    c.doc.undoStack()->undo();
    QCOMPARE(c.doc.project().topology.links.front(),
             (Link{"link-1", {"s1", 0}, {"s2", 0}, "ib-ndr", 1}));
}

void TestTools::connectingAFullSwitchIsRefused()
{
    Project p;
    p.topology.nodes = {{"n1", "n1", "dgx-h100", ""}};
    p.topology.switches = {{"full", "full", "eth-100g", Tier::Leaf, {}},
                           {"other", "other", "eth-100g", Tier::Spine, {}}};
    p.topology.links = {{"link-1", {"full", 0}, {"other", 0}, "eth-100", 32}};
    p.layout.items["n1"] = {0, 300, 0, 0, {}};
    p.layout.items["full"] = {10, 0, 0, 0, {}};
    p.layout.items["other"] = {10, -300, 0, 0, {}};
    Canvas c(p);
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    QCOMPARE(usedPortCount(c.doc.project().topology, "full"), 32);
    QSignalSpy messages(&c.tools, &ToolManager::statusMessage);
    c.tools.selectTool(c.connect);
    c.show(QPointF(60, 150));
    c.drag(c.centerOf(QStringLiteral("n1")), c.centerOf(QStringLiteral("full")));
    QCOMPARE(int(c.doc.project().topology.links.size()), 1);
    QCOMPARE(c.doc.undoStack()->count(), 0);
    // The preview over the switch said so before the release, and the release again.
    QCOMPARE(messages.count(), 2);
    QCOMPARE(messages.first().first().toString(),
             QStringLiteral("Not possible: full has 0 of 32 ports free."));
    QCOMPARE(messages.last().first().toString(),
             QStringLiteral("Not connected: full has 0 of 32 ports free."));
}

void TestTools::portHandleDragConnects()
{
    Project p;
    p.topology.nodes = {{"n1", "n1", "dgx-h100", ""}};
    p.topology.switches = {{"s1", "s1", "qm9700", Tier::Leaf, {}}};
    p.layout.items["n1"] = {0, 300, 0, 0, {}};
    p.layout.items["s1"] = {10, 0, 0, 0, {}};
    Canvas c(p);
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    c.show(QPointF(60, 150));
    QWidget *vp = c.view.viewport();
    // Hovering the node's top edge shows its handle.
    const QPointF edge(60, 302);
    QTest::mouseMove(vp, c.at(edge));
    QCOMPARE(c.select->handleDevice(), QStringLiteral("n1"));
    c.drag(edge, c.centerOf(QStringLiteral("s1")));
    QVERIFY(acceptPreview(&c.view));
    QCOMPARE(int(c.doc.project().topology.links.size()), 8); // every NIC: the only leaf
    QCOMPARE(c.doc.project().topology.links[0].medium, std::string("ib-ndr"));
    QCOMPARE(*c.doc.layoutItem(QStringLiteral("n1")), (LayoutItem{0, 300, 0, 0, {}})); // unmoved
}

void TestTools::linkMenuChangesMedium()
{
    Project p;
    p.topology.nodes = {{"n1", "n1", "dgx-h100", ""}};
    p.topology.switches = {{"s1", "s1", "qm9700", Tier::Leaf, {}}};
    p.topology.links = {{"link-1", {"n1", 0}, {"s1", 0}, "ib-ndr", 4}};
    Document doc(p);
    std::unique_ptr<QMenu> menu(SelectTool::linkMenu(&doc, QStringLiteral("link-1")));
    QAction *hdr = nullptr;
    QStringList checked;
    for (QAction *a : menu->actions()) {
        if (a->data().toString() == QLatin1String("ib-hdr"))
            hdr = a;
        if (a->isChecked())
            checked.append(a->data().toString());
        QVERIFY(a->data().toString() != QLatin1String("nvlink4")); // only network media
    }
    QCOMPARE(checked, QStringList{QStringLiteral("ib-ndr")});
    QVERIFY(hdr);
    hdr->trigger();
    QCOMPARE(doc.project().topology.links[0].medium, std::string("ib-hdr"));
    QCOMPARE(doc.project().topology.links[0].count, 4);
    doc.undoStack()->undo();
    QCOMPARE(doc.project().topology.links[0].medium, std::string("ib-ndr"));
}

void TestTools::contextMenuOffersOnlyWhatThePortsSpeak_data()
{
    QTest::addColumn<QString>("switchModel");
    QTest::addColumn<QString>("medium");
    QTest::addColumn<QString>("pick");      // a medium the menu must offer
    QTest::addColumn<QStringList>("never"); // media of the other family
    QTest::newRow("infiniband") << QStringLiteral("qm9700") << QStringLiteral("ib-ndr")
                                << QStringLiteral("ib-hdr")
                                << QStringList{QStringLiteral("roce-400"),
                                               QStringLiteral("eth-400"),
                                               QStringLiteral("nvlink4")};
    QTest::newRow("ethernet") << QStringLiteral("sn5600") << QStringLiteral("roce-400")
                              << QStringLiteral("roce-200")
                              << QStringList{QStringLiteral("ib-ndr"), QStringLiteral("ib-hdr"),
                                             QStringLiteral("nvlink4")};
}

// A right-click on a link's line in the viewport opens the real menu; it offers only what the
// engine allows between the two ports, the pick goes through the engine edit, and the saved
// file opens again (a medium of the other family used to be written and then refused).
void TestTools::contextMenuOffersOnlyWhatThePortsSpeak()
{
    QFETCH(QString, switchModel);
    QFETCH(QString, medium);
    QFETCH(QString, pick);
    QFETCH(QStringList, never);
    Project p;
    p.name = "menu";
    p.topology.nodes = {{"n1", "n1", "dgx-h100", ""}};
    p.topology.switches = {{"s1", "s1", switchModel.toStdString(), Tier::Leaf, {}}};
    p.topology.links = {{"link-1", {"n1", 0}, {"s1", 0}, medium.toStdString(), 2}};
    p.layout.items = {{"n1", {0, 400, 0, 0, {}}}, {"s1", {0, 0, 0, 0, {}}}};
    Canvas c(p);
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QPointF mid = (c.centerOf(QStringLiteral("n1")) + c.centerOf(QStringLiteral("s1"))) / 2;
    c.view.centerOn(mid);

    QStringList offered;
    bool opened = false;
    QTimer::singleShot(0, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        opened = true;
        QAction *chosen = nullptr;
        for (QAction *a : menu->actions()) {
            if (a->data().toString().isEmpty())
                continue;
            offered.append(a->data().toString());
            if (a->data().toString() == pick)
                chosen = a;
        }
        if (chosen)
            chosen->trigger();
        menu->close();
    });
    QWidget *viewport = c.view.viewport();
    const QPoint at = c.at(mid);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
    QApplication::sendEvent(viewport, &event);

    QVERIFY(opened);
    QVERIFY2(offered.contains(pick), qPrintable(offered.join(u',')));
    for (const QString &other : never)
        QVERIFY2(!offered.contains(other), qPrintable(other + u" offered: " + offered.join(u',')));
    QCOMPARE(QString::fromStdString(c.doc.project().topology.links[0].medium), pick);

    // What the menu made saves and opens again, and undo gives the old medium back.
    const Expected<Project> reopened
            = parseProject(projectToJson(c.doc.project()), "menu.topoplan");
    QVERIFY2(reopened, reopened ? "" : reopened.error().text().c_str());
    c.doc.undoStack()->undo();
    QCOMPARE(QString::fromStdString(c.doc.project().topology.links[0].medium), medium);
}

// A right-click on a link's line or on a switch opens the real menu; "Mark as Failed" is one
// undo step through the engine edit, the canvas draws the link failed, the next menu offers
// "Repair", and undo gives the intact design back.
void TestTools::contextMenuMarksFailedAndUndoRepairs()
{
    Project p;
    p.name = "failures";
    p.topology.nodes = {{"n1", "n1", "dgx-h100", ""}};
    p.topology.switches = {{"s1", "s1", "qm9700", Tier::Leaf, {}}};
    p.topology.links = {{"link-1", {"n1", 0}, {"s1", 0}, "ib-ndr", 2}};
    p.layout.items = {{"n1", {0, 400, 0, 0, {}}}, {"s1", {0, 0, 0, 0, {}}}};
    Canvas c(p);
    QVERIFY(QTest::qWaitForWindowExposed(&c.view));
    const QPointF mid = (c.centerOf(QStringLiteral("n1")) + c.centerOf(QStringLiteral("s1"))) / 2;
    c.view.centerOn(mid);

    // Opens the menu at `scenePos` and triggers the action named `name`; returns the names of
    // the what-if actions it offered.
    auto rightClick = [&](const QPointF &scenePos, const QString &name) {
        QStringList offered;
        QTimer::singleShot(0, [&] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            if (!menu)
                return;
            QAction *chosen = nullptr;
            for (QAction *a : menu->actions()) {
                if (a->objectName().endsWith(QLatin1String("Action"))) {
                    offered.append(a->objectName());
                    if (a->objectName() == name)
                        chosen = a;
                }
            }
            if (chosen)
                chosen->trigger();
            menu->close();
        });
        QWidget *viewport = c.view.viewport();
        const QPoint at = c.at(scenePos);
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
        QApplication::sendEvent(viewport, &event);
        return offered;
    };

    QUndoStack *undo = c.doc.undoStack();
    const int steps = undo->count();
    QCOMPARE(rightClick(mid, QStringLiteral("markFailedAction")),
             QStringList{QStringLiteral("markFailedAction")});
    QVERIFY(c.doc.project().topology.links[0].failed);
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->text(undo->count() - 1), QStringLiteral("Mark as Failed"));
    auto *link = dynamic_cast<LinkItem *>(c.scene->itemForId(QStringLiteral("link-1")));
    QVERIFY(link);
    QVERIFY(link->failed());
    QVERIFY(link->toolTipText().contains(QStringLiteral("Failed")));
    // The saved file carries the mark and opens again.
    const Expected<Project> reopened
            = parseProject(projectToJson(c.doc.project()), "failures.topoplan");
    QVERIFY2(reopened, reopened ? "" : reopened.error().text().c_str());
    QVERIFY(reopened->topology.links[0].failed);

    // A failed link's menu offers Repair instead.
    QCOMPARE(rightClick(mid, QString()), QStringList{QStringLiteral("repairAction")});

    // The switch's own menu marks it failed too.
    QCOMPARE(rightClick(c.centerOf(QStringLiteral("s1")), QStringLiteral("markFailedAction")),
             QStringList{QStringLiteral("markFailedAction")});
    QVERIFY(c.doc.project().topology.switches[0].failed);
    auto *sw = dynamic_cast<SwitchItem *>(c.scene->itemForId(QStringLiteral("s1")));
    QVERIFY(sw && sw->failed());

    undo->undo();
    QVERIFY(!c.doc.project().topology.switches[0].failed);
    link = dynamic_cast<LinkItem *>(c.scene->itemForId(QStringLiteral("link-1")));
    QVERIFY(link && link->failed() && link->dead()); // still marked itself
    undo->undo();
    QVERIFY(!c.doc.project().topology.links[0].failed);
    link = dynamic_cast<LinkItem *>(c.scene->itemForId(QStringLiteral("link-1")));
    QVERIFY(link && !link->failed());
    QCOMPARE(undo->count(), steps + 2);

    // A link into a failed switch, not marked itself, carries nothing and is drawn so.
    std::unique_ptr<QMenu> menu(SelectTool::deviceMenu(&c.doc, QStringLiteral("s1")));
    QAction *mark = menu->findChild<QAction *>(QStringLiteral("markFailedAction"));
    QVERIFY(mark);
    mark->trigger();
    link = dynamic_cast<LinkItem *>(c.scene->itemForId(QStringLiteral("link-1")));
    QVERIFY(link && !link->failed() && link->dead());
    QVERIFY(link->toolTipText().contains(QStringLiteral("Carries nothing")));
    undo->undo();
    link = dynamic_cast<LinkItem *>(c.scene->itemForId(QStringLiteral("link-1")));
    QVERIFY(link && !link->dead());
}

void TestTools::toolActions()
{
    Canvas c(generated("dgx-h100", 2));
    QCOMPARE(c.tools.selectedTool(), c.select);
    QAction *connect = c.tools.actionFor(c.connect);
    QCOMPARE(connect->shortcut(), QKeySequence(Qt::Key_C));
    connect->trigger();
    QCOMPARE(c.tools.selectedTool(), c.connect);
    QVERIFY(connect->isChecked());
    QVERIFY(!c.tools.actionFor(c.select)->isChecked());
    QCOMPARE(c.scene->tool(), c.connect);
}

void TestTools::windowSelectAllAndZoomToSelection()
{
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openTemplate(MainWindow::sampleTemplateId());
    QTRY_VERIFY(!w.document()->project().topology.nodes.empty());
    QVERIFY(w.palette()->isVisible());
    const Topology &t = w.document()->project().topology;
    QTest::keyClick(&w, Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(w.document()->selection().size(),
             qsizetype(t.nodes.size() + t.switches.size() + t.links.size() + t.domains.size()));

    w.document()->setSelection({QStringLiteral("node-1")});
    const double fitted = w.view()->zoom();
    QTest::keyClick(&w, Qt::Key_3, Qt::ControlModifier);
    QVERIFY2(w.view()->zoom() > 4 * fitted,
             qPrintable(QString::number(w.view()->zoom()) + QLatin1Char(' ')
                        + QString::number(fitted)));
    const QPointF center = w.view()->mapToScene(w.view()->viewport()->rect().center());
    const LayoutItem node = *w.document()->layoutItem(QStringLiteral("node-1"));
    QVERIFY(QRectF(node.x, node.y, diagram::kNodeWidth, diagram::kNodeHeight).contains(center));

    QTest::keyClick(&w, Qt::Key_C);
    QCOMPARE(w.scene()->tool(), static_cast<AbstractTool *>(w.toolManager()->selectedTool()));
    QCOMPARE(w.toolManager()->selectedTool()->name(), QStringLiteral("Connect"));
}

QTEST_MAIN(TestTools)
#include "tst_tools.moc"
