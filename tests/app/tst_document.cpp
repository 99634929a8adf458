// The document: commands change the model and undo restores it exactly, the modified flag
// follows the undo stack's clean index, and changed() names what changed.

#include "app/common/changeevent.h"
#include "app/document/additems.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "app/document/topologycommands.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "engine/generate/generator.h"

using namespace topoplan;

namespace {

// Two DGX H100 nodes on one leaf, and a custom domain of two GB200 trays.
Project smallProject()
{
    Project p;
    p.name = "lab";
    Topology &t = p.topology;
    t.domains = {{"dom-1", "Tray domain"}};
    t.nodes = {{"node-1", "Node 1", "dgx-h100", ""},
               {"node-2", "Node 2", "dgx-h100", ""},
               {"tray-1", "Tray 1", "gb200-tray", "dom-1"},
               {"tray-2", "Tray 2", "gb200-tray", "dom-1"}};
    t.switches = {{"leaf-1", "Leaf 1", "qm9700", Tier::Leaf, FabricRole::Compute}};
    t.links = {{"link-1", {"node-1", 0}, {"leaf-1", 0}, "ib-ndr", 8},
               {"link-2", {"node-2", 0}, {"leaf-1", 8}, "ib-ndr", 8},
               {"link-3", {"tray-1", 0}, {"leaf-1", 16}, "ib-ndr", 4}};
    p.layout.items = {{"node-1", {0, 400, 0, 0, ""}},   {"node-2", {300, 400, 0, 0, ""}},
                      {"leaf-1", {150, 100, 0, 0, ""}}, {"dom-1", {600, 380, 400, 200, ""}},
                      {"tray-1", {620, 420, 0, 0, ""}}, {"tray-2", {800, 420, 0, 0, ""}}};
    return p;
}

QList<ChangeEvent> events(const QSignalSpy &spy)
{
    QList<ChangeEvent> list;
    for (const QList<QVariant> &args : spy)
        list.append(args.at(0).value<ChangeEvent>());
    return list;
}

} // namespace

class TestDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void renameProject();
    void renameItem_data();
    void renameItem();
    void moveIsOneStepPerGesture();
    void moveSignalNamesTheItems();
    void modifiedFollowsCleanIndex();
    void selection();
    void addAndRemove_data();
    void addAndRemove();
    void removeDeviceTakesItsLinks();
    void removeDomainReleasesItsNodes();
    void displayName();
    void oneEventPerKindPerCommand();
};

void TestDocument::renameProject()
{
    Document doc(smallProject());
    const Project before = doc.project();
    QSignalSpy spy(&doc, &Document::changed);

    doc.undoStack()->push(new RenameProject(&doc, QStringLiteral("SU 1")));
    QCOMPARE(doc.project().name, std::string("SU 1"));
    QCOMPARE(doc.displayName(), QStringLiteral("SU 1"));
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Rename Project"));
    QCOMPARE(events(spy), (QList<ChangeEvent>{{ChangeEvent::ProjectChanged, {}}}));

    doc.undoStack()->undo();
    QVERIFY(doc.project() == before);
    doc.undoStack()->redo();
    QCOMPARE(doc.project().name, std::string("SU 1"));
}

void TestDocument::renameItem_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("oldName");
    QTest::newRow("node") << QStringLiteral("node-2") << QStringLiteral("Node 2");
    QTest::newRow("switch") << QStringLiteral("leaf-1") << QStringLiteral("Leaf 1");
    QTest::newRow("domain") << QStringLiteral("dom-1") << QStringLiteral("Tray domain");
}

void TestDocument::renameItem()
{
    QFETCH(QString, id);
    QFETCH(QString, oldName);
    Document doc(smallProject());
    const Project before = doc.project();
    QSignalSpy spy(&doc, &Document::changed);

    doc.undoStack()->push(new RenameItem(&doc, id, QStringLiteral("renamed")));
    QCOMPARE(doc.itemName(id), QStringLiteral("renamed"));
    QCOMPARE(events(spy), (QList<ChangeEvent>{{ChangeEvent::DevicesChanged, {id}}}));

    doc.undoStack()->undo();
    QCOMPARE(doc.itemName(id), oldName);
    QVERIFY(doc.project() == before);
    QCOMPARE(spy.size(), 2);
    QCOMPARE(events(spy).last(), (ChangeEvent{ChangeEvent::DevicesChanged, {id}}));
}

void TestDocument::moveIsOneStepPerGesture()
{
    Document doc(smallProject());
    const Project before = doc.project();
    const QStringList ids{QStringLiteral("node-1"), QStringLiteral("leaf-1")};

    // One drag: three mouse moves, one undo step.
    const int gesture = MoveItems::newGesture();
    for (int step = 1; step <= 3; ++step) {
        doc.undoStack()->push(new MoveItems(
                &doc, ids, {QPointF(10.0 * step, 400), QPointF(150, 100 + step)}, gesture));
    }
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Move 2 Items"));
    QCOMPARE(doc.layoutItem(QStringLiteral("node-1"))->x, 30.0);
    QCOMPARE(doc.layoutItem(QStringLiteral("leaf-1"))->y, 103.0);

    // A second drag of the same items is a step of its own.
    doc.undoStack()->push(
            new MoveItems(&doc, ids, {QPointF(50, 50), QPointF(60, 60)}, MoveItems::newGesture()));
    QCOMPARE(doc.undoStack()->count(), 2);

    doc.undoStack()->undo();
    QCOMPARE(doc.layoutItem(QStringLiteral("node-1"))->x, 30.0);
    doc.undoStack()->undo();
    QVERIFY(doc.project() == before);
    // Size and colour of a moved container survive the round trip.
    QCOMPARE(doc.layoutItem(QStringLiteral("dom-1"))->w, 400.0);

    doc.undoStack()->redo();
    doc.undoStack()->redo();
    QCOMPARE(doc.layoutItem(QStringLiteral("node-1"))->x, 50.0);
    QCOMPARE(doc.layoutItem(QStringLiteral("leaf-1"))->y, 60.0);
}

void TestDocument::moveSignalNamesTheItems()
{
    Document doc(smallProject());
    QSignalSpy spy(&doc, &Document::changed);
    const QStringList ids{QStringLiteral("dom-1"), QStringLiteral("tray-1"),
                          QStringLiteral("tray-2")};
    doc.undoStack()->push(
            new MoveItems(&doc, ids, {QPointF(0, 0), QPointF(20, 40), QPointF(200, 40)}));
    // One event for the whole multi-item move, in the order given.
    QCOMPARE(events(spy), (QList<ChangeEvent>{{ChangeEvent::LayoutChanged, ids}}));
    doc.undoStack()->undo();
    QCOMPARE(events(spy).last(), (ChangeEvent{ChangeEvent::LayoutChanged, ids}));
    QCOMPARE(doc.layoutItem(QStringLiteral("tray-2"))->x, 800.0);
}

void TestDocument::modifiedFollowsCleanIndex()
{
    Document doc(smallProject(), QStringLiteral("/tmp/lab.topoplan"));
    QSignalSpy modified(&doc, &Document::modifiedChanged);
    QVERIFY(!doc.isModified());

    doc.undoStack()->push(new RenameItem(&doc, QStringLiteral("node-1"), QStringLiteral("a")));
    QVERIFY(doc.isModified());
    QCOMPARE(modified.size(), 1);
    QCOMPARE(modified.last().at(0).toBool(), true);

    doc.undoStack()->undo();
    QVERIFY(!doc.isModified());
    QCOMPARE(modified.last().at(0).toBool(), false);

    // Saved after two edits: undoing one is a modification again, redoing it is not.
    doc.undoStack()->redo();
    doc.undoStack()->push(new RenameItem(&doc, QStringLiteral("node-2"), QStringLiteral("b")));
    doc.markSaved();
    QVERIFY(!doc.isModified());
    doc.undoStack()->undo();
    QVERIFY(doc.isModified());
    doc.undoStack()->redo();
    QVERIFY(!doc.isModified());
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(doc.isModified());
}

void TestDocument::selection()
{
    Document doc(smallProject());
    QSignalSpy spy(&doc, &Document::changed);
    doc.setSelection({QStringLiteral("node-2"), QStringLiteral("leaf-1")});
    QCOMPARE(events(spy),
             (QList<ChangeEvent>{{ChangeEvent::SelectionChanged,
                                  {QStringLiteral("leaf-1"), QStringLiteral("node-2")}}}));
    doc.setSelection({QStringLiteral("node-2"), QStringLiteral("leaf-1")});
    QCOMPARE(spy.size(), 1); // unchanged: no event
    QVERIFY(doc.isSelected(QStringLiteral("leaf-1")));
    QVERIFY(!doc.isModified()); // selecting is no edit
}

void TestDocument::addAndRemove_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expectedId"); // the first id not taken
    QTest::newRow("node") << QStringLiteral("node") << QStringLiteral("node-3");
    QTest::newRow("switch") << QStringLiteral("switch") << QStringLiteral("spine-1");
    QTest::newRow("domain") << QStringLiteral("domain") << QStringLiteral("dom-2");
    QTest::newRow("link") << QStringLiteral("link") << QStringLiteral("link-4");
}

void TestDocument::addAndRemove()
{
    QFETCH(QString, kind);
    QFETCH(QString, expectedId);
    Document doc(smallProject());
    const Project before = doc.project();
    QSignalSpy spy(&doc, &Document::changed);

    QUndoCommand *add = nullptr;
    QString newId;
    if (kind == QLatin1String("node")) {
        newId = doc.unusedId(QStringLiteral("node"));
        add = new AddNode(&doc, Node{newId.toStdString(), "Node 3", "dgx-h100", ""},
                          LayoutItem{600, 400, 0, 0, ""});
    } else if (kind == QLatin1String("switch")) {
        newId = doc.unusedId(QStringLiteral("spine"));
        add = new AddSwitch(
                &doc,
                Switch{newId.toStdString(), "Spine 1", "qm9700", Tier::Spine, FabricRole::Compute},
                LayoutItem{150, 0, 0, 0, ""});
    } else if (kind == QLatin1String("domain")) {
        newId = doc.unusedId(QStringLiteral("dom"));
        add = new AddDomain(&doc, Domain{newId.toStdString(), "Second"},
                            LayoutItem{0, 700, 300, 200, ""});
    } else {
        newId = doc.unusedId(QStringLiteral("link"));
        add = new AddLink(&doc,
                          Link{newId.toStdString(), {"tray-2", 0}, {"leaf-1", 20}, "ib-ndr", 4});
    }
    QCOMPARE(newId, expectedId);
    doc.undoStack()->push(add);
    QVERIFY(doc.contains(newId));
    QCOMPARE(events(spy), (QList<ChangeEvent>{{ChangeEvent::ItemsAdded, {newId}}}));
    const Project added = doc.project();

    doc.undoStack()->undo();
    QVERIFY(doc.project() == before);
    QCOMPARE(events(spy).last(), (ChangeEvent{ChangeEvent::ItemsRemoved, {newId}}));

    doc.undoStack()->redo();
    QVERIFY(doc.project() == added);

    // Removing it again is one step whose undo restores it, at its place in the list.
    doc.undoStack()->push(new RemoveItems(&doc, {newId}));
    QVERIFY(!doc.contains(newId));
    QVERIFY(doc.project().topology == before.topology);
    doc.undoStack()->undo();
    QVERIFY(doc.project() == added);
}

void TestDocument::removeDeviceTakesItsLinks()
{
    Document doc(smallProject());
    const Project before = doc.project();
    doc.setSelection({QStringLiteral("leaf-1")});
    QSignalSpy spy(&doc, &Document::changed);

    doc.undoStack()->push(new RemoveItems(&doc, {QStringLiteral("leaf-1")}));
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Remove leaf-1"));
    QVERIFY(doc.project().topology.links.empty());
    QVERIFY(doc.project().topology.switches.empty());
    QVERIFY(doc.selection().isEmpty());
    QStringList removed;
    for (const ChangeEvent &e : events(spy)) {
        if (e.kind == ChangeEvent::ItemsRemoved)
            removed += e.ids;
    }
    removed.sort();
    QCOMPARE(removed, (QStringList{QStringLiteral("leaf-1"), QStringLiteral("link-1"),
                                   QStringLiteral("link-2"), QStringLiteral("link-3")}));

    doc.undoStack()->undo();
    QVERIFY(doc.project() == before);
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TestDocument::removeDomainReleasesItsNodes()
{
    Document doc(smallProject());
    const Project before = doc.project();
    doc.undoStack()->push(
            new RemoveItems(&doc, {QStringLiteral("dom-1"), QStringLiteral("node-2")}));
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Remove 2 Items"));
    QVERIFY(doc.project().topology.domains.empty());
    QCOMPARE(doc.project().topology.nodes.size(), std::size_t(3));
    for (const Node &n : doc.project().topology.nodes)
        QCOMPARE(n.domain, std::string());
    QCOMPARE(doc.project().topology.links.size(), std::size_t(2)); // link-2 went with node-2

    doc.undoStack()->undo();
    QVERIFY(doc.project() == before);
    doc.undoStack()->redo();
    QCOMPARE(doc.project().topology.nodes[2].domain, std::string());
}

void TestDocument::displayName()
{
    Project p = smallProject();
    p.name.clear();
    Document named(p, QStringLiteral("/data/su-7.topoplan"));
    QCOMPARE(named.displayName(), QStringLiteral("su-7"));
    Document untitled;
    QCOMPARE(untitled.displayName(), QStringLiteral("Untitled"));
    QVERIFY(!untitled.isModified());
}

QTEST_GUILESS_MAIN(TestDocument)
// Pasting 256 servers with their cables, then taking them away again, is one event per kind
// of change each way (the scene and the analysis re-sync once), naming every item once.
void TestDocument::oneEventPerKindPerCommand()
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 32;
    Expected<Project> block = generateProject(o);
    QVERIFY(block);
    const int items
            = static_cast<int>(block->topology.nodes.size() + block->topology.switches.size()
                               + block->topology.links.size());
    QVERIFY(items > 300);
    Document doc;
    QSignalSpy changed(&doc, &Document::changed);
    doc.undoStack()->push(
            new AddItems(&doc, block->topology, block->layout, QStringLiteral("Paste")));
    QCOMPARE(changed.count(), 1);
    const auto added = changed.takeFirst().at(0).value<ChangeEvent>();
    QCOMPARE(added.kind, ChangeEvent::ItemsAdded);
    QCOMPARE(added.ids.size(), items);
    QCOMPARE(QSet<QString>(added.ids.begin(), added.ids.end()).size(), items);

    doc.setSelection({QStringLiteral("node-1")});
    changed.clear();
    doc.undoStack()->undo();
    // The items go, and the selection loses the one that went: two kinds, two events.
    QCOMPARE(changed.count(), 2);
    const auto removed = changed.at(0).at(0).value<ChangeEvent>();
    QCOMPARE(removed.kind, ChangeEvent::ItemsRemoved);
    QCOMPARE(removed.ids.size(), items);
    QCOMPARE(changed.at(1).at(0).value<ChangeEvent>().kind, ChangeEvent::SelectionChanged);
    QVERIFY(doc.selection().isEmpty());
}

#include "tst_document.moc"
