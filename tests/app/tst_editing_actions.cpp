// The editing actions driven like a user: keyboard shortcuts and double-clicks on the canvas,
// the dialogs' fields. Copy and paste keep the links inside the copied set, cut and delete
// come back exactly on undo, rename happens in place, find selects and centres, replicate and
// "Add Fabric..." are one undo step each.

#include "editingfixture.h"

#include "app/canvas/nodeitem.h"
#include "app/common/translations.h"
#include "app/dialogs/addfabricdialog.h"
#include "app/dialogs/replicatedialog.h"
#include "app/document/clipboard.h"
#include "app/panels/findbar.h"
#include "app/tools/renameeditor.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMimeData>
#include <QSpinBox>
#include <QStatusBar>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

int linksAt(const Topology &t, const std::string &device)
{
    int n = 0;
    for (const Link &l : t.links)
        n += l.a.device == device || l.b.device == device;
    return n;
}

QStringList sorted(const QSet<QString> &set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list;
}

} // namespace

class TestEditingActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { installTranslations(QLocale::c()); } // English plurals
    void menusHoldTheActions();
    void copyPasteKeepsInternalLinks();
    void pasteNeedsTopoPlanItems();
    void pastedServerIsSaidToBeUncabled();
    void cutAndUndo();
    void duplicateDomainWithItsTrays();
    void deleteNodeAndUndoExactly();
    void renameInPlaceWithF2();
    void renameByDoubleClickAndEscape();
    void findSelectsAndCentres();
    void replicateDialogIsOneStep();
    void addFabricDialogIsOneStep();
};

void TestEditingActions::menusHoldTheActions()
{
    EditorWindow w(generated("dgx-h100", 4));
    QMenuBar *bar = w.window.menuBar();
    const auto menuOf = [bar](const char *name) {
        return bar->findChild<QMenu *>(QLatin1String(name));
    };
    QVERIFY(menuOf("editMenu")->actions().contains(w.actions->cutAction()));
    for (QAction *a :
         {w.actions->copyAction(), w.actions->pasteAction(), w.actions->duplicateAction(),
          w.actions->deleteAction(), w.actions->renameAction(), w.actions->findAction()})
        QVERIFY2(menuOf("editMenu")->actions().contains(a), qPrintable(a->text()));
    QVERIFY(menuOf("arrangeMenu")->actions().contains(w.actions->replicateAction()));
    QVERIFY(menuOf("fabricMenu")->actions().contains(w.actions->addFabricAction()));
    // Arrange and Fabric come before Help.
    const QList<QAction *> top = bar->actions();
    QVERIFY(top.indexOf(menuOf("fabricMenu")->menuAction())
            < top.indexOf(menuOf("helpMenu")->menuAction()));
    QCOMPARE(w.actions->findAction()->shortcut(), QKeySequence(QKeySequence::Find));
    QCOMPARE(w.actions->renameAction()->shortcut(), QKeySequence(Qt::Key_F2));

    // Enabled by what is selected.
    QVERIFY(!w.actions->copyAction()->isEnabled());
    w.select({QStringLiteral("link-1")});
    QVERIFY(!w.actions->copyAction()->isEnabled()); // a link alone has no ends to copy
    QVERIFY(w.actions->deleteAction()->isEnabled());
    w.select({QStringLiteral("node-1")});
    QVERIFY(w.actions->copyAction()->isEnabled());
    QVERIFY(w.actions->renameAction()->isEnabled());
}

void TestEditingActions::copyPasteKeepsInternalLinks()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();

    // Four nodes and their rail-1 leaf: each node's NIC 0 is cabled to it.
    w.select({QStringLiteral("node-5"), QStringLiteral("node-6"), QStringLiteral("node-7"),
              QStringLiteral("node-8"), QStringLiteral("leaf-1")});
    QTest::keyClick(w.view, Qt::Key_C, Qt::ControlModifier);
    const QMimeData *data = QGuiApplication::clipboard()->mimeData();
    QVERIFY(data->hasFormat(QStringLiteral("application/x-topoplan-items")));
    QVERIFY(data->text().contains(QStringLiteral("\"topoplan-project\"")));
    QCOMPARE(w.json(), before); // copying changes nothing
    QVERIFY(w.actions->pasteAction()->isEnabled());

    QTest::keyClick(w.view, Qt::Key_V, Qt::ControlModifier);
    const Topology &t = w.document->project().topology;
    QCOMPARE(int(t.nodes.size()), 36);
    QCOMPARE(int(t.switches.size()), 13);
    QCOMPARE(int(t.links.size()), 288 + 4);
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Paste 5 Items"));
    // The copies, selected, are cabled to each other only: node-33..36 to leaf-9.
    QCOMPARE(sorted(w.document->selection()),
             (QStringList{QStringLiteral("leaf-9"), QStringLiteral("node-33"),
                          QStringLiteral("node-34"), QStringLiteral("node-35"),
                          QStringLiteral("node-36")}));
    for (const char *node : {"node-33", "node-34", "node-35", "node-36"})
        QCOMPARE(linksAt(t, node), 1);
    QCOMPARE(linksAt(t, "leaf-9"), 4);
    QCOMPARE(t.node("node-33")->name, std::string("dgx-005 (2)"));
    QVERIFY(!validateTopology(t, w.document->catalog(), {}));
    // Pasted beside the drawing, on screen.
    QVERIFY(w.scene->nodeItem(QStringLiteral("node-33")));
    QVERIFY(w.document->layoutItem(QStringLiteral("node-33"))->x > 1100);

    const QString pasted = w.json();
    w.undo()->undo();
    QCOMPARE(w.json(), before);
    w.undo()->redo();
    QCOMPARE(w.json(), pasted);
}

// A server pasted alone has no cable: the status says so beside whatever the analysis then
// says about the new GPU count; and the copy's count reads in the singular.
void TestEditingActions::pastedServerIsSaidToBeUncabled()
{
    EditorWindow w(generated("dgx-h100", 4));
    QVERIFY(w.show());
    w.select({QStringLiteral("node-2")});
    QTest::keyClick(w.view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(w.window.statusBar()->currentMessage(), QStringLiteral("Copied 1 item"));
    QTest::keyClick(w.view, Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(int(w.document->project().topology.nodes.size()), 5);
    QCOMPARE(
            w.window.statusBar()->currentMessage(),
            QStringLiteral("dgx-002 (2) is not cabled: connect it to the fabric with Connect (C)"));
    w.select({QStringLiteral("node-1"), QStringLiteral("node-2"), QStringLiteral("leaf-1")});
    QTest::keyClick(w.view, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(w.window.statusBar()->currentMessage(),
             QStringLiteral("Copied 3 items and 2 links inside them"));
}

void TestEditingActions::pasteNeedsTopoPlanItems()
{
    EditorWindow w(generated("dgx-h100", 4));
    auto *junk = new QMimeData;
    junk->setData(Clipboard::mimeType(), QByteArrayLiteral("{\"format\": \"something\"}"));
    QGuiApplication::clipboard()->setMimeData(junk);
    QVERIFY(w.actions->pasteAction()->isEnabled());
    const QString before = w.json();
    QVERIFY(!w.actions->paste());
    QCOMPARE(w.json(), before);
    QCOMPARE(w.actions->lastMessage(),
             QStringLiteral("Cannot paste: clipboard: /format: expected \"topoplan-project\", "
                            "found \"something\"; this is not a TopoPlan project file"));
    QGuiApplication::clipboard()->setText(QStringLiteral("plain text"));
    QVERIFY(!w.actions->pasteAction()->isEnabled());
}

void TestEditingActions::cutAndUndo()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    w.select({QStringLiteral("node-1")});
    QTest::keyClick(w.view, Qt::Key_X, Qt::ControlModifier);

    const Topology &t = w.document->project().topology;
    QCOMPARE(int(t.nodes.size()), 31);
    QCOMPARE(int(t.links.size()), 288 - 8); // its eight NIC cables went with it
    QVERIFY(!t.node("node-1"));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Cut dgx-001"));
    const QString cut = w.json();

    w.undo()->undo();
    QCOMPARE(w.json(), before);
    w.undo()->redo();
    QCOMPARE(w.json(), cut);

    // The cut node comes back on paste, with a new id and its own name again.
    QVERIFY(w.actions->paste());
    QCOMPARE(t.nodes.back().id, std::string("node-33"));
    QCOMPARE(t.nodes.back().name, std::string("dgx-001"));
    QCOMPARE(int(t.links.size()), 280); // its links were to leaves outside the copy
}

void TestEditingActions::duplicateDomainWithItsTrays()
{
    // 36 GB200 trays in two NVL72 domains of 18.
    EditorWindow w(generated("gb200-tray", 36, 72));
    QVERIFY(w.show());
    const QString before = w.json();
    const Topology &t = w.document->project().topology;
    const std::string domain = t.domains[0].id;
    w.select({qs(domain)});
    QTest::keyClick(w.view, Qt::Key_D, Qt::ControlModifier);

    QCOMPARE(int(t.domains.size()), 3);
    QCOMPARE(int(t.nodes.size()), 54);
    const std::string copy = t.domains.back().id;
    QCOMPARE(copy, std::string("dom-3"));
    int members = 0;
    for (const Node &n : t.nodes)
        members += n.domain == copy;
    QCOMPARE(members, 18);
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Duplicate 19 Items"));
    // The copy sits clear of the drawing, its box as large as the original's.
    const LayoutItem original = *w.document->layoutItem(qs(domain));
    const LayoutItem copied = *w.document->layoutItem(qs(copy));
    QCOMPARE(copied.w, original.w);
    QCOMPARE(copied.h, original.h);
    QCOMPARE(copied.y, original.y);
    QVERIFY(copied.x > original.x + original.w);
    QVERIFY(!validateTopology(t, w.document->catalog(), {}));

    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestEditingActions::deleteNodeAndUndoExactly()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();

    // Click the node on the canvas, press Delete.
    const QPoint at = w.viewPos(QStringLiteral("node-3"));
    QTest::mouseClick(w.view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("node-3")});
    QTest::keyClick(w.view, Qt::Key_Delete);

    const Topology &t = w.document->project().topology;
    QVERIFY(!t.node("node-3"));
    QCOMPARE(linksAt(t, "node-3"), 0);
    QCOMPARE(int(t.links.size()), 280);
    QVERIFY(!w.scene->nodeItem(QStringLiteral("node-3")));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Delete dgx-003"));
    const QString deleted = w.json();

    w.undo()->undo();
    QCOMPARE(w.json(), before); // links back in their places, with their ports and ids
    QVERIFY(w.scene->nodeItem(QStringLiteral("node-3")));
    w.undo()->redo();
    QCOMPARE(w.json(), deleted);

    // Several at once: one step with a plural text.
    w.select({QStringLiteral("node-4"), QStringLiteral("leaf-2"), QStringLiteral("link-260")});
    w.actions->deleteSelection();
    QCOMPARE(w.undo()->count(), 2);
    QCOMPARE(w.undo()->text(1), QStringLiteral("Delete 3 Items"));
    w.undo()->undo();
    QCOMPARE(w.json(), deleted);
}

void TestEditingActions::renameInPlaceWithF2()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    w.select({QStringLiteral("leaf-1")});
    QTest::keyClick(w.view, Qt::Key_F2);

    RenameEditor *rename = w.actions->renameEditor();
    QVERIFY(rename->isEditing());
    QCOMPARE(rename->editedId(), QStringLiteral("leaf-1"));
    QLineEdit *editor = rename->editor();
    QCOMPARE(editor->text(), QStringLiteral("leaf-r1-su1"));
    QVERIFY(editor->hasSelectedText()); // typing replaces the name
    // The editor lies over the item's name on the canvas.
    const LayoutItem leaf = *w.document->layoutItem(QStringLiteral("leaf-1"));
    const QPoint label = w.view->mapFromScene(QPointF(leaf.x + 30, leaf.y + 11));
    QVERIFY2(editor->geometry().contains(label),
             qPrintable(QStringLiteral("%1,%2").arg(label.x()).arg(label.y())));

    QTest::keyClicks(editor, QStringLiteral("rail-1 leaf"));
    QTest::keyClick(editor, Qt::Key_Return);
    QVERIFY(!rename->isEditing());
    QCOMPARE(w.document->itemName(QStringLiteral("leaf-1")), QStringLiteral("rail-1 leaf"));
    QCOMPARE(w.undo()->count(), 1);
    w.undo()->undo();
    QCOMPARE(w.document->itemName(QStringLiteral("leaf-1")), QStringLiteral("leaf-r1-su1"));

    // F2 with two items selected renames nothing and says why.
    w.select({QStringLiteral("leaf-1"), QStringLiteral("leaf-2")});
    QVERIFY(!w.actions->renameAction()->isEnabled());
    QVERIFY(!w.actions->rename());
    QCOMPARE(w.actions->lastMessage(),
             QStringLiteral("Select one node, switch or NVLink domain to rename"));
}

void TestEditingActions::renameByDoubleClickAndEscape()
{
    EditorWindow w(generated("dgx-h100", 8));
    QVERIFY(w.show());
    const QString before = w.json();
    const QPoint at = w.viewPos(QStringLiteral("node-2"));
    QTest::mouseDClick(w.view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    RenameEditor *rename = w.actions->renameEditor();
    QVERIFY(rename->isEditing());
    QCOMPARE(rename->editedId(), QStringLiteral("node-2"));
    QTest::keyClicks(rename->editor(), QStringLiteral("gone"));
    QTest::keyClick(rename->editor(), Qt::Key_Escape);
    QVERIFY(!rename->isEditing());
    QCOMPARE(w.json(), before);
    QCOMPARE(w.undo()->count(), 0);

    // Leaving the field keeps the new name.
    QTest::mouseDClick(w.view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QVERIFY(rename->isEditing());
    QTest::keyClicks(rename->editor(), QStringLiteral("gpu box 2"));
    rename->editor()->clearFocus();
    QVERIFY(!rename->isEditing());
    QCOMPARE(w.document->itemName(QStringLiteral("node-2")), QStringLiteral("gpu box 2"));

    // Zoomed far out, where an overview drawing stands in for the servers, a double-click on
    // one still renames it.
    w.view->zoomBy(0.1 / w.view->zoom(), w.view->viewport()->rect().center());
    QVERIFY(w.view->zoom() < 0.15);
    QTest::mouseDClick(w.view->viewport(), Qt::LeftButton, Qt::NoModifier,
                       w.viewPos(QStringLiteral("node-3")));
    QVERIFY(rename->isEditing());
    QCOMPARE(rename->editedId(), QStringLiteral("node-3"));
    QTest::keyClick(rename->editor(), Qt::Key_Escape);
}

void TestEditingActions::findSelectsAndCentres()
{
    EditorWindow w(generated("dgx-h100", 64));
    QVERIFY(w.show());
    w.view->resetZoom();
    QTest::keyClick(w.view, Qt::Key_F, Qt::ControlModifier);
    FindBar *bar = w.actions->findBar();
    QVERIFY(bar->isVisible());
    QVERIFY(bar->lineEdit()->hasFocus());

    QTest::keyClicks(bar->lineEdit(), QStringLiteral("DGX-047"));
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("node-47")});
    const QPointF centre = w.view->mapToScene(w.view->viewport()->rect().center());
    const QPointF item = w.scene->nodeItem(QStringLiteral("node-47"))->sceneBoundingRect().center();
    QVERIFY2(QLineF(centre, item).length() < 2,
             qPrintable(QStringLiteral("%1").arg(QLineF(centre, item).length())));

    // Enter steps through the matches: rail-3 leaves of both scalable units.
    bar->lineEdit()->clear();
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("leaf-r3"));
    QCOMPARE(bar->matches(), (QStringList{QStringLiteral("leaf-3"), QStringLiteral("leaf-11")}));
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("leaf-3")});
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("leaf-11")});
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("leaf-3")});
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("leaf-11")});

    // By id too; nothing found selects nothing new.
    bar->lineEdit()->clear();
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("spine-2"));
    QCOMPARE(sorted(w.document->selection()), QStringList{QStringLiteral("spine-2")});
    bar->lineEdit()->clear();
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("no such thing"));
    QVERIFY(bar->matches().isEmpty());
    QTest::keyClick(bar->lineEdit(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
}

void TestEditingActions::replicateDialogIsOneStep()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    w.select({QStringLiteral("node-1"), QStringLiteral("node-2"), QStringLiteral("node-3"),
              QStringLiteral("node-4"), QStringLiteral("leaf-1")});
    w.actions->replicateAction()->trigger();
    auto *dialog = w.window.findChild<ReplicateDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    dialog->rowsBox()->setValue(2);
    dialog->columnsBox()->setValue(3);
    QCOMPARE(dialog->copies(), 5);
    QCOMPARE(dialog->summary(),
             QStringLiteral("Adds 5 copies: 20 nodes, 5 switches and 20 links in all."));
    dialog->accept();

    const Topology &t = w.document->project().topology;
    QCOMPARE(int(t.nodes.size()), 52);
    QCOMPARE(int(t.switches.size()), 17);
    QCOMPARE(int(t.links.size()), 308);
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Replicate Selection 5 Times"));
    QCOMPARE(w.document->selection().size(), 25);
    QVERIFY(!validateTopology(t, w.document->catalog(), {}));
    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestEditingActions::addFabricDialogIsOneStep()
{
    // 16 DGX H100 without a fabric: "Add Fabric..." cables them all.
    EditorWindow w(generated("dgx-h100", 16, 0, FabricKind::None));
    QVERIFY(w.show());
    const QString before = w.json();
    QCOMPARE(int(w.actions->fabricNodes().size()), 16);
    w.actions->addFabricAction()->trigger();
    auto *dialog = w.window.findChild<AddFabricDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    // Rail-optimized on QM9700 leaves (the default for NDR NICs): 8 rail leaves of 16 down
    // ports each and 16 up, to spines.
    QVERIFY2(dialog->result(), qPrintable(dialog->summary()));
    const FabricDelta expected = *dialog->result();
    dialog->tiersBox()->setCurrentIndex(1); // 3 tiers for one unit: no cores to build
    QVERIFY(dialog->coreBox()->isEnabled());
    dialog->tiersBox()->setCurrentIndex(0);
    QVERIFY(!dialog->coreBox()->isEnabled());
    dialog->oversubscriptionBox()->setValue(0.5); // clamped to 1:1
    QCOMPARE(dialog->oversubscriptionBox()->value(), 1.0);
    dialog->accept();

    const Topology &t = w.document->project().topology;
    QCOMPARE(t.switches.size(), expected.switches.size());
    QCOMPARE(t.links.size(), expected.links.size());
    QVERIFY(!t.switches.empty());
    // Every node is cabled, every switch laid out above the nodes.
    for (const Node &n : t.nodes)
        QCOMPARE(linksAt(t, n.id), 8);
    const double nodesTop = w.document->layoutItem(QStringLiteral("node-1"))->y;
    for (const Switch &s : t.switches)
        QVERIFY(w.document->layoutItem(qs(s.id))->y < nodesTop);
    QCOMPARE(w.undo()->count(), 1);
    QVERIFY(w.undo()->text(0).startsWith(QStringLiteral("Add Fabric of ")));
    QVERIFY(!validateTopology(t, w.document->catalog(), {}));
    w.undo()->undo();
    QCOMPARE(w.json(), before);

    // Nodes cabled already are refused with the generator's reason.
    w.undo()->redo();
    QVERIFY(!w.actions->addFabric({"node-1"}, GeneratorOptions{}));
    QVERIFY2(w.actions->lastMessage().contains(QStringLiteral("cabled already")),
             qPrintable(w.actions->lastMessage()));
}

QTEST_MAIN(TestEditingActions)
#include "tst_editing_actions.moc"
