// The hardware palette: an entry per catalog model with its icon and figures, a filter, and
// real palette drag data dropped on the canvas creating the device where it fell, in one
// undo step (a tray in a domain box joins it, a board server there is refused).

#include "app/canvas/canvasplacement.h"
#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/canvas/laneitem.h"
#include "app/common/translations.h"
#include "app/document/document.h"
#include "app/panels/dropcontroller.h"
#include "app/panels/palettedock.h"

#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "tests/engine/analysisfixtures.h"

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <set>

using namespace topoplan;

namespace {

Project generated(const std::string &model, int nodes, int domainSize = 0)
{
    return fixtures::generatedProject(model, nodes, domainSize);
}

QStringList texts(std::initializer_list<const char *> list)
{
    QStringList result;
    for (const char *s : list)
        result.append(QString::fromUtf8(s));
    return result;
}

const LaneItem *laneOf(const ClusterScene &scene, const char *key)
{
    for (const LaneItem *lane : scene.lanes()) {
        if (lane->id() == QLatin1String(key))
            return lane;
    }
    return nullptr;
}

void saveShot(QWidget &widget, const char *name)
{
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        widget.grab().save(QDir(dir).filePath(QString::fromLatin1(name)));
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QListWidgetItem *itemFor(const PaletteDock &dock, const PaletteEntry &entry)
{
    for (int i = 0; i < dock.list()->count(); ++i) {
        QListWidgetItem *item = dock.list()->item(i);
        PaletteEntry e;
        if (PaletteEntry::fromKey(item->data(Qt::UserRole + 1).toString(), &e) && e == entry)
            return item;
    }
    return nullptr;
}

// The canvas of a document with the palette's drop handling, as the main window has it.
struct Canvas
{
    explicit Canvas(Project project)
        : doc(std::move(project))
        , scene(new ClusterScene(&doc, &doc))
        , drops(new DropController(&view))
    {
        view.resize(1200, 800);
        view.setClusterScene(scene);
        view.show();
    }

    // Drops the palette's own drag data of `entry` on the viewport at `scenePos`.
    bool drop(const PaletteEntry &entry, const QPointF &scenePos)
    {
        view.centerOn(scenePos);
        std::unique_ptr<QMimeData> mime(PaletteDock::mimeData(entry));
        const QPointF pos = view.mapFromScene(scenePos);
        QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, mime.get(), Qt::LeftButton,
                              Qt::NoModifier);
        QApplication::sendEvent(view.viewport(), &enter);
        if (!enter.isAccepted())
            return false;
        QDropEvent dropEvent(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view.viewport(), &dropEvent);
        return dropEvent.isAccepted();
    }

    Document doc;
    ClusterScene *scene;
    ClusterView view;
    DropController *drops;
};

} // namespace

class TestPalette : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { installTranslations(QLocale::c()); } // English plurals
    void everyModelHasAnEntry();
    void labelsAreCatalogNames_data();
    void labelsAreCatalogNames();
    void serverToolTips_data();
    void serverToolTips();
    void switchToolTips_data();
    void switchToolTips();
    void filterNarrows_data();
    void filterNarrows();
    void mimeDataRoundTrips();
    void dropCreatesDeviceWhereDropped_data();
    void dropCreatesDeviceWhereDropped();
    void trayDroppedInDomainJoinsIt();
    void boardServerInDomainIsRefused();
    void switchDroppedInLaneTakesItsTier();
    void emptyTierLanesAreDropTargets();
    void emptyCanvasShowsWhatToDoFirst();
    void domainEntryAddsAnEmptyBox();
    void domainDroppedOnItemsLandsClearOfThem();
};

void TestPalette::everyModelHasAnEntry()
{
    const Catalog &catalog = Catalog::builtin();
    PaletteDock dock(catalog);
    QCOMPARE(dock.list()->count(),
             int(catalog.servers().size() + catalog.switches().size()) + 1); // + the domain
    QList<PaletteEntry> expected{{PaletteEntry::Domain, {}}};
    for (const auto &[id, s] : catalog.servers())
        expected.append({PaletteEntry::Server, qs(id)});
    for (const auto &[id, s] : catalog.switches())
        expected.append({PaletteEntry::Switch, qs(id)});
    QCOMPARE(dock.visibleEntries(), expected);
    for (const PaletteEntry &entry : std::as_const(expected)) {
        const QListWidgetItem *item = itemFor(dock, entry);
        QVERIFY2(item, qPrintable(entry.key()));
        QVERIFY2(!item->icon().isNull(), qPrintable(entry.key()));
        QVERIFY2(!item->icon().pixmap(24, 24).isNull(), qPrintable(entry.key()));
        QVERIFY2(!item->toolTip().isEmpty(), qPrintable(entry.key()));
    }
}

void TestPalette::labelsAreCatalogNames_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("label");

    QTest::newRow("DGX H100") << "server:dgx-h100"
                              << "NVIDIA DGX H100";
    QTest::newRow("GB200 tray") << "server:gb200-tray"
                                << "NVIDIA GB200 compute tray (2 x GB200 superchip)";
    QTest::newRow("NVL72 rack") << "server:gb200-nvl72"
                                << "NVIDIA GB200 NVL72 rack";
    QTest::newRow("MI300X") << "server:mi300x"
                            << "AMD Instinct MI300X 8-GPU platform server";
    QTest::newRow("QM9700") << "switch:qm9700"
                            << "NVIDIA Quantum-2 QM9700";
    QTest::newRow("100 GbE") << "switch:eth-100g"
                             << "Generic 32 x 100GbE switch";
    QTest::newRow("the domain") << "domain"
                                << "NVLink domain";
}

void TestPalette::labelsAreCatalogNames()
{
    QFETCH(QString, key);
    QFETCH(QString, label);
    PaletteDock dock(Catalog::builtin());
    PaletteEntry entry;
    QVERIFY(PaletteEntry::fromKey(key, &entry));
    const QListWidgetItem *item = itemFor(dock, entry);
    QVERIFY(item);
    QCOMPARE(item->text(), label);
    // The label is what the search field finds too.
    QTest::keyClicks(dock.filterEdit(), label);
    QVERIFY(dock.visibleEntries().contains(entry));
}

void TestPalette::serverToolTips_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("figures");

    QTest::newRow("DGX H100") << "dgx-h100"
                              << texts({"NVIDIA DGX H100", "8 GPUs: H100 SXM 80GB",
                                        "NVLink 4 · 450 GB/s per GPU", "8 compute NICs at 400G"});
    QTest::newRow("GB200 tray") << "gb200-tray"
                                << texts({"4 GPUs: GB200 (per Blackwell GPU)",
                                          "NVLink 5 · 900 GB/s per GPU", "4 compute NICs at 400G"});
    QTest::newRow("NVL72 rack") << "gb200-nvl72"
                                << texts({"72 GPUs", "NVLink 5 · 900 GB/s per GPU",
                                          "72 compute NICs at 400G"});
    QTest::newRow("DGX A100") << "dgx-a100"
                              << texts({"8 GPUs: A100 SXM 80GB", "NVLink 3 · 300 GB/s per GPU",
                                        "8 compute NICs at 200G"});
    QTest::newRow("H100 NVL pairs")
            << "h100-nvl-server"
            << texts({"8 GPUs: H100 NVL 94GB", "NVLink 4 · 300 GB/s per GPU",
                      "NVLink bridges join the GPUs in pairs; between pairs they talk over PCIe",
                      "4 compute NICs at 400G"});
}

void TestPalette::serverToolTips()
{
    QFETCH(QString, model);
    QFETCH(QStringList, figures);
    PaletteDock dock(Catalog::builtin());
    const QListWidgetItem *item = itemFor(dock, {PaletteEntry::Server, model});
    QVERIFY(item);
    for (const QString &figure : std::as_const(figures))
        QVERIFY2(item->toolTip().contains(figure), qPrintable(item->toolTip()));
}

void TestPalette::switchToolTips_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("figures");

    QTest::newRow("QM9700") << "qm9700"
                            << texts({"NVIDIA Quantum-2 QM9700", "64 ports at 400G", "InfiniBand"});
    QTest::newRow("SN5600") << "sn5600" << texts({"64 ports at 800G", "Ethernet with RoCE"});
    QTest::newRow("100 GbE") << "eth-100g" << texts({"32 ports at 100G", "Ethernet (no RDMA)"});
}

void TestPalette::switchToolTips()
{
    QFETCH(QString, model);
    QFETCH(QStringList, figures);
    PaletteDock dock(Catalog::builtin());
    const QListWidgetItem *item = itemFor(dock, {PaletteEntry::Switch, model});
    QVERIFY(item);
    for (const QString &figure : std::as_const(figures))
        QVERIFY2(item->toolTip().contains(figure), qPrintable(item->toolTip()));
}

void TestPalette::filterNarrows_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QStringList>("keys");

    QTest::newRow("by name") << "qm" << texts({"switch:qm8700", "switch:qm9700", "switch:qm9790"});
    QTest::newRow("by figure") << "800G"
                               << texts({"server:dgx-b300", "server:gb300-nvl72",
                                         "server:gb300-tray", "switch:eth-102t", "switch:eth-51t",
                                         "switch:q3200", "switch:q3400", "switch:sn5600"});
    QTest::newRow("two words, both must match") << "TRAY 400g" << texts({"server:gb200-tray"});
    QTest::newRow("the domain") << "nvlink domain" << texts({"domain"});
    QTest::newRow("nothing") << "tpu" << QStringList();
}

void TestPalette::filterNarrows()
{
    QFETCH(QString, filter);
    QFETCH(QStringList, keys);
    PaletteDock dock(Catalog::builtin());
    const int all = int(dock.visibleEntries().size());
    QTest::keyClicks(dock.filterEdit(), filter);
    QStringList shown;
    for (const PaletteEntry &e : dock.visibleEntries())
        shown.append(e.key());
    QCOMPARE(shown, keys);
    dock.filterEdit()->clear();
    QCOMPARE(int(dock.visibleEntries().size()), all);
}

void TestPalette::mimeDataRoundTrips()
{
    PaletteDock dock(Catalog::builtin());
    // The list's own drag data, as a drag out of the dock would carry it.
    QListWidgetItem *item = itemFor(dock, {PaletteEntry::Server, QStringLiteral("dgx-h100")});
    QVERIFY(item);
    std::unique_ptr<QMimeData> mime(
            dock.list()->model()->mimeData({dock.list()->indexFromItem(item)}));
    QVERIFY(mime);
    QVERIFY(mime->hasFormat(PaletteDock::mimeType()));
    const std::optional<PaletteEntry> entry = PaletteDock::entryFromMimeData(mime.get());
    QVERIFY(entry);
    QCOMPARE(*entry, (PaletteEntry{PaletteEntry::Server, QStringLiteral("dgx-h100")}));
    QMimeData text;
    text.setText(QStringLiteral("server:dgx-h100"));
    QVERIFY(!PaletteDock::entryFromMimeData(&text));
}

void TestPalette::dropCreatesDeviceWhereDropped_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QSizeF>("size");

    QTest::newRow("server") << "server:dgx-h100"
                            << "dgx-h100-1" << QSizeF(diagram::kNodeWidth, diagram::kNodeHeight);
    QTest::newRow("rack") << "server:gb200-nvl72"
                          << "gb200-nvl72-1" << QSizeF(diagram::kNodeWidth, diagram::kNodeHeight);
    QTest::newRow("switch") << "switch:sn5600"
                            << "sn5600-1" << QSizeF(diagram::kSwitchWidth, diagram::kSwitchHeight);
}

void TestPalette::dropCreatesDeviceWhereDropped()
{
    QFETCH(QString, key);
    QFETCH(QString, id);
    QFETCH(QSizeF, size);
    Canvas canvas(generated("dgx-h100", 4));
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    const Json before = serializeProject(canvas.doc.project());
    // Right of everything, clear of lanes' labels and domains; off the grid on purpose.
    const QPointF where(canvas.scene->contentRect().right() + 403, 2003);
    PaletteEntry entry;
    QVERIFY(PaletteEntry::fromKey(key, &entry));
    QVERIFY(canvas.drop(entry, where));

    QVERIFY(canvas.doc.contains(id));
    const LayoutItem layout = *canvas.doc.layoutItem(id);
    // Centred on the drop point, snapped to the 10-unit grid.
    QCOMPARE(std::fmod(layout.x, 10.0), 0.0);
    QCOMPARE(std::fmod(layout.y, 10.0), 0.0);
    QVERIFY(std::abs(layout.x + size.width() / 2 - where.x()) <= 5);
    QVERIFY(std::abs(layout.y + size.height() / 2 - where.y()) <= 5);
    QCOMPARE(canvas.doc.selection(), QSet<QString>{id});
    QVERIFY(canvas.scene->itemForId(id));
    QCOMPARE(canvas.doc.undoStack()->count(), 1);

    canvas.doc.undoStack()->undo();
    QVERIFY(!canvas.doc.contains(id));
    QVERIFY(!canvas.scene->itemForId(id));
    QCOMPARE(serializeProject(canvas.doc.project()), before);
}

void TestPalette::trayDroppedInDomainJoinsIt()
{
    Canvas canvas(generated("gb200-tray", 4, 32)); // one domain with room for 4 more trays
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    const LayoutItem box = *canvas.doc.layoutItem(QStringLiteral("dom-1"));
    const QPointF inside(box.x + box.w - 40, box.y + box.h - 20);
    QVERIFY(canvas.drop({PaletteEntry::Server, QStringLiteral("gb200-tray")}, inside));
    const Node *node = canvas.doc.project().topology.node("gb200-tray-1");
    QVERIFY(node);
    QCOMPARE(qs(node->domain), QStringLiteral("dom-1"));
    QCOMPARE(canvas.doc.undoStack()->count(), 1);
    canvas.doc.undoStack()->undo();
    QVERIFY(!canvas.doc.project().topology.node("gb200-tray-1"));
}

void TestPalette::boardServerInDomainIsRefused()
{
    Canvas canvas(generated("gb200-tray", 4, 32));
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    QSignalSpy messages(canvas.drops, &DropController::message);
    const Json before = serializeProject(canvas.doc.project());
    const LayoutItem box = *canvas.doc.layoutItem(QStringLiteral("dom-1"));
    QVERIFY(!canvas.drop({PaletteEntry::Server, QStringLiteral("dgx-h100")},
                         QPointF(box.x + box.w - 40, box.y + box.h - 20)));
    QCOMPARE(serializeProject(canvas.doc.project()), before);
    QCOMPARE(canvas.doc.undoStack()->count(), 0);
    QCOMPARE(messages.count(), 1);
    QCOMPARE(messages.first().first().toString(),
             QStringLiteral("Not added: node \"dgx-h100-1\" (dgx-h100) cannot join NVLink "
                            "domain \"dom-1\": its NVLink stays on its own NVSwitch baseboard. "
                            "Only servers whose NVLink leaves the box can be placed in a domain "
                            "(gb200-tray, gb300-tray)."));

    // Said where the user dropped it, not only in the status bar: a balloon by the drop point.
    QLabel *balloon = canvas.view.balloon();
    QVERIFY(balloon->isVisible());
    QCOMPARE(balloon->text(), messages.first().first().toString());
    const QPoint dropped = canvas.view.mapFromScene(QPointF(box.x + box.w - 40, box.y + box.h - 20))
                           + canvas.view.viewport()->geometry().topLeft();
    const QRect near = balloon->geometry().adjusted(-40, -40, 40, 40);
    QVERIFY2(near.contains(dropped), qPrintable(QStringLiteral("balloon at %1,%2, drop at %3,%4")
                                                        .arg(balloon->x())
                                                        .arg(balloon->y())
                                                        .arg(dropped.x())
                                                        .arg(dropped.y())));
    QVERIFY(canvas.view.viewport()->geometry().contains(balloon->geometry()));
    saveShot(canvas.view, "refusal-balloon.png");
    // It goes at the next press on the canvas.
    QTest::mouseClick(canvas.view.viewport(), Qt::LeftButton, {}, QPoint(5, 5));
    QVERIFY(!balloon->isVisible());
}

void TestPalette::switchDroppedInLaneTakesItsTier()
{
    Canvas canvas(generated("dgx-h100", 64)); // two tiers: leaf and spine lanes
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    const LaneItem *spine = nullptr;
    for (const LaneItem *lane : canvas.scene->lanes()) {
        if (lane->id() == QLatin1String("lane:spine"))
            spine = lane;
    }
    QVERIFY(spine);
    const QRectF lane = spine->boundingRect();
    QVERIFY(canvas.drop({PaletteEntry::Switch, QStringLiteral("qm9700")},
                        QPointF(lane.right() + 200, lane.center().y())));
    const Switch *sw = canvas.doc.project().topology.switchById("qm9700-1");
    QVERIFY(sw);
    QCOMPARE(sw->tier, Tier::Spine);

    // Away from every lane: a leaf.
    QVERIFY(canvas.drop({PaletteEntry::Switch, QStringLiteral("qm9700")},
                        QPointF(lane.right() + 200, lane.top() - 2000)));
    QCOMPARE(canvas.doc.project().topology.switchById("qm9700-2")->tier, Tier::Leaf);

    // A node dropped in the spine lane sits below the leaf lane.
    QVERIFY(canvas.drop({PaletteEntry::Server, QStringLiteral("dgx-h100")},
                        QPointF(lane.right() + 200, lane.center().y())));
    double leafBottom = 0;
    for (const LaneItem *l : canvas.scene->lanes()) {
        if (l->id() == QLatin1String("lane:leaf"))
            leafBottom = l->boundingRect().bottom();
    }
    QVERIFY(canvas.doc.layoutItem(QStringLiteral("dgx-h100-1"))->y > leafBottom);
}

void TestPalette::emptyTierLanesAreDropTargets()
{
    // Four servers on one leaf tier (the generated spines taken out): the spine lane waits
    // above it, empty, in view.
    Project project = generated("dgx-h100", 4);
    Topology &t = project.topology;
    std::set<std::string> spines;
    for (const Switch &s : t.switches) {
        if (s.tier != Tier::Leaf)
            spines.insert(s.id);
    }
    QVERIFY(!spines.empty());
    std::erase_if(t.switches, [&](const Switch &s) { return spines.count(s.id) > 0; });
    std::erase_if(t.links, [&](const Link &l) {
        return spines.count(l.a.device) > 0 || spines.count(l.b.device) > 0;
    });
    for (const std::string &id : spines)
        project.layout.items.erase(id);
    Canvas canvas(std::move(project));
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    const Topology &topology = canvas.doc.project().topology;
    QVERIFY(std::all_of(topology.switches.begin(), topology.switches.end(),
                        [](const Switch &s) { return s.tier == Tier::Leaf; }));
    const LaneItem *leaf = laneOf(*canvas.scene, "lane:leaf");
    const LaneItem *spine = laneOf(*canvas.scene, "lane:spine");
    QVERIFY(leaf && spine);
    QVERIFY(!laneOf(*canvas.scene, "lane:core")); // one tier at a time: the next one up
    QVERIFY(!leaf->isDropTarget());
    QVERIFY(spine->isDropTarget());
    // Right on top of the leaves: no gap in which a drop would land in neither.
    QCOMPARE(spine->boundingRect().bottom(), leaf->boundingRect().top());
    QVERIFY(spine->subtitle().contains(QStringLiteral("spine switch")));
    // The view shows it after a fit; an export of the figure does not (the figure's margin
    // reaches into it, but a drop target paints nothing at full detail).
    QVERIFY(canvas.scene->canvasRect().contains(spine->boundingRect()));
    QVERIFY(!canvas.scene->contentRect().contains(spine->boundingRect()));
    canvas.view.zoomToFit();
    const QRectF shown = canvas.view.mapToScene(canvas.view.viewport()->rect()).boundingRect();
    QVERIFY(shown.contains(spine->boundingRect().adjusted(LaneItem::kLabelWidth, 0, 0, 0)));
    saveShot(canvas.view, "lanes-empty-targets.png");

    // A switch dropped just above the leaves is a spine; the lane is then a lane like any, and
    // the core lane waits above it.
    const QPointF aboveLeaves(spine->boundingRect().center().x(), leaf->boundingRect().top() - 4);
    QVERIFY(canvas.drop({PaletteEntry::Switch, QStringLiteral("qm9700")}, aboveLeaves));
    QCOMPARE(canvas.doc.project().topology.switchById("qm9700-1")->tier, Tier::Spine);
    spine = laneOf(*canvas.scene, "lane:spine");
    QVERIFY(spine && !spine->isDropTarget());
    QVERIFY(spine->subtitle().contains(QStringLiteral("1 x")));
    const LaneItem *core = laneOf(*canvas.scene, "lane:core");
    QVERIFY(core && core->isDropTarget());
    QVERIFY(core->boundingRect().bottom() <= spine->boundingRect().top());

    // And one in the core lane above it is a core switch; no empty lane is left.
    QVERIFY(canvas.drop({PaletteEntry::Switch, QStringLiteral("qm9700")},
                        core->boundingRect().center()));
    QCOMPARE(canvas.doc.project().topology.switchById("qm9700-2")->tier, Tier::Core);
    for (const LaneItem *lane : canvas.scene->lanes())
        QVERIFY2(!lane->isDropTarget(), qPrintable(lane->id()));
    canvas.view.zoomToFit();
    saveShot(canvas.view, "lanes-filled.png");

    // Undo takes the core switch back out: its lane is an empty target again.
    canvas.doc.undoStack()->undo();
    core = laneOf(*canvas.scene, "lane:core");
    QVERIFY(core && core->isDropTarget());
}

void TestPalette::emptyCanvasShowsWhatToDoFirst()
{
    Canvas canvas{Project{}};
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    QLabel *hint = canvas.view.findChild<QLabel *>(QStringLiteral("emptyCanvasHint"));
    QVERIFY(hint);
    QVERIFY(hint->isVisible());
    QVERIFY(hint->text().contains(QStringLiteral("Hardware")));
    QVERIFY(canvas.view.viewport()->geometry().contains(hint->geometry()));
    saveShot(canvas.view, "empty-canvas-hint.png");
    // No lane of an empty tier is offered before there is a switch to build on.
    QVERIFY(canvas.scene->lanes().isEmpty());

    // The hint lets drops through to the canvas, and the first device takes it away.
    QVERIFY(canvas.drop({PaletteEntry::Server, QStringLiteral("dgx-h100")},
                        canvas.view.mapToScene(hint->geometry().center())));
    QVERIFY(canvas.doc.project().topology.node("dgx-h100-1"));
    QTRY_VERIFY(!hint->isVisible());
    canvas.doc.undoStack()->undo();
    QTRY_VERIFY(hint->isVisible());
}

void TestPalette::domainEntryAddsAnEmptyBox()
{
    Canvas canvas(generated("dgx-h100", 4));
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    const QPointF where(canvas.scene->contentRect().right() + 400, 2000);
    QVERIFY(canvas.drop({PaletteEntry::Domain, {}}, where));
    QVERIFY(canvas.doc.project().topology.domain("domain-1"));
    const LayoutItem box = *canvas.doc.layoutItem(QStringLiteral("domain-1"));
    // Room for a row of three trays under its name: what it holds first, no more.
    QVERIFY(box.w > diagram::kNodeWidth * 3);
    QVERIFY(box.w < diagram::kNodeWidth * 4);
    QVERIFY(box.h > diagram::kNodeHeight + diagram::kDomainHeader);
    QVERIFY(box.h < diagram::kNodeHeight * 2 + diagram::kDomainHeader);
    QVERIFY(QRectF(box.x, box.y, box.w, box.h).contains(where));
    QVERIFY(canvas.scene->domainItem(QStringLiteral("domain-1")));
}

void TestPalette::domainDroppedOnItemsLandsClearOfThem()
{
    // Dropped onto the servers, the box goes below them: it covers none, none covers its name.
    Canvas canvas(generated("dgx-h100", 8));
    QVERIFY(QTest::qWaitForWindowExposed(&canvas.view));
    const LayoutItem first = *canvas.doc.layoutItem(QStringLiteral("node-2"));
    const QPointF onNodes(first.x + diagram::kNodeWidth, first.y + diagram::kNodeHeight / 2);
    QVERIFY(canvas.drop({PaletteEntry::Domain, {}}, onNodes));
    const LayoutItem l = *canvas.doc.layoutItem(QStringLiteral("domain-1"));
    const QRectF box(l.x, l.y, l.w, l.h);
    for (const Node &n : canvas.doc.project().topology.nodes) {
        const LayoutItem node = *canvas.doc.layoutItem(qs(n.id));
        QVERIFY2(!box.intersects(QRectF(node.x, node.y, diagram::kNodeWidth, diagram::kNodeHeight)),
                 n.id.c_str());
    }
    QVERIFY(box.top() > first.y + diagram::kNodeHeight);
    QVERIFY(box.top() < first.y + diagram::kNodeHeight + 4 * diagram::kItemGap); // just below
    QVERIFY(qAbs(box.center().x() - onNodes.x()) <= CanvasPlacement::gridSize());
    // Its name is the topmost thing at its header.
    canvas.scene->refreshNow();
    const DiagramItem *top = canvas.scene->topItemAt(box.topLeft() + QPointF(30, 14));
    QVERIFY(top);
    QCOMPARE(top->id(), QStringLiteral("domain-1"));
    saveShot(canvas.view, "domain-dropped.png");
    QCOMPARE(canvas.doc.undoStack()->count(), 1);
}

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
