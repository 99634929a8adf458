// The property inspector driven through its fields: a multi-selection edit sets the field on
// every item in one undo step with a plural text, mixed values show as "Mixed", and a change
// the engine refuses leaves the document exactly as it was.

#include "editingfixture.h"

#include "app/canvas/switchitem.h"
#include "app/common/translations.h"
#include "app/panels/inspectordock.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

// Picks the entry whose value is `value` as a user does: opens the list and clicks the entry.
bool choose(QComboBox *box, const QString &value)
{
    const int target = box->findData(value);
    if (target < 0)
        return false;
    box->showPopup();
    QAbstractItemView *list = box->view();
    if (!QTest::qWaitForWindowExposed(list->window()))
        return false;
    const QRect rect = list->visualRect(list->model()->index(target, box->modelColumn()));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
    if (!QTest::qWaitFor([list] { return !list->window()->isVisible(); }, 2000))
        return false;
    // False also when the inspector refused the value and shows the kept one again.
    return box->currentIndex() == box->findData(value);
}

QStringList values(const QComboBox *box)
{
    QStringList out;
    for (int i = 0; i < box->count(); ++i)
        out.append(box->itemData(i).toString());
    return out;
}

// Two DGX H100 cabled to one QM9700 by single cables, on switch ports 0 and 1.
Project smallProject()
{
    Project p;
    p.name = QStringLiteral("two nodes").toStdString();
    Topology &t = p.topology;
    t.nodes = {Node{"node-a", "a", "dgx-h100", {}}, Node{"node-b", "b", "dgx-h100", {}}};
    t.switches = {Switch{"sw", "sw", "qm9700", Tier::Leaf, FabricRole::Compute}};
    t.links = {Link{"link-a", {"node-a", 0}, {"sw", 0}, "ib-ndr", 1},
               Link{"link-b", {"node-b", 0}, {"sw", 1}, "ib-ndr", 1}};
    p.layout.items["node-a"] = LayoutItem{0, 200, 0, 0, {}};
    p.layout.items["node-b"] = LayoutItem{140, 200, 0, 0, {}};
    p.layout.items["sw"] = LayoutItem{70, 0, 0, 0, {}};
    return p;
}

} // namespace

class TestInspector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // English plural forms ("288 links"), as the window installs them.
    void initTestCase() { installTranslations(QLocale::c()); }
    void fieldsFollowTheSelection();
    void multiSelectTierIsOneStep();
    void multiSelectModelIsOneStep();
    void multiSelectMediumIsOneStep();
    void nameOfSeveralItems();
    void mixedValuesShowAsSuch();
    void refusedModelLeavesDocumentUntouched();
    void refusedDomainLeavesDocumentUntouched();
    void switchModelOfAnotherMediumTakesTheLinksAlong();
    void domainsOfAnotherNvlinkAreNotOffered();
    void cableCountGrowsInPlaceOrIsRefused();
    void domainSizeIsSetOrRefused();
    void namesNotIds();
    void failedCheckboxMarksAndRepairs();
    void assumedModelIsConfirmedInOneStep();
};

void TestInspector::fieldsFollowTheSelection()
{
    EditorWindow w(generated("dgx-h100", 32));
    InspectorDock *inspector = w.actions->inspector();
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("Nothing selected"));
    QVERIFY(!inspector->isShown(Property::Name));

    w.select({QStringLiteral("leaf-1")});
    // By the name people gave, not the id.
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("Switch leaf-r1-su1"));
    for (Property p : {Property::Name, Property::Model, Property::Tier, Property::Role})
        QVERIFY(inspector->isShown(p));
    for (Property p : {Property::Domain, Property::Medium, Property::Count})
        QVERIFY(!inspector->isShown(p));
    QCOMPARE(inspector->nameEdit()->text(), QStringLiteral("leaf-r1-su1"));
    QCOMPARE(inspector->modelBox()->currentData().toString(), QStringLiteral("qm9700"));
    // Switch models only: every one the catalog has.
    QCOMPARE(values(inspector->modelBox()),
             (QStringList{QStringLiteral("eth-100g"), QStringLiteral("eth-102t"),
                          QStringLiteral("eth-51t"), QStringLiteral("q3200"),
                          QStringLiteral("q3400"), QStringLiteral("qm8700"),
                          QStringLiteral("qm9700"), QStringLiteral("qm9790"),
                          QStringLiteral("sn5400"), QStringLiteral("sn5600"),
                          QStringLiteral("sn5600-400g")}));
    QCOMPARE(inspector->tierBox()->currentData().toString(), QStringLiteral("leaf"));

    w.select({QStringLiteral("node-1"), QStringLiteral("node-2")});
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("2 nodes selected"));
    QVERIFY(inspector->isShown(Property::Domain));
    QVERIFY(!inspector->isShown(Property::Tier));
    QVERIFY(values(inspector->modelBox()).contains(QStringLiteral("gb200-tray")));

    // A node and a switch have no model in common: no model field.
    w.select({QStringLiteral("node-1"), QStringLiteral("leaf-1")});
    QVERIFY(!inspector->isShown(Property::Model));
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("2 items selected"));

    // A link: the media both its ends speak, and its cable count.
    w.select({QStringLiteral("link-257")});
    QVERIFY(inspector->isShown(Property::Medium));
    QCOMPARE(values(inspector->mediumBox()),
             (QStringList{QStringLiteral("ib-ndr"), QStringLiteral("ib-hdr")}));
    QCOMPARE(inspector->mediumBox()->currentData().toString(), QStringLiteral("ib-ndr"));
    QCOMPARE(inspector->countBox()->value(), 8);
}

void TestInspector::multiSelectTierIsOneStep()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    w.select({QStringLiteral("leaf-1"), QStringLiteral("leaf-2"), QStringLiteral("leaf-3")});
    QCOMPARE(inspector->tierBox()->currentData().toString(), QStringLiteral("leaf"));
    QVERIFY(choose(inspector->tierBox(), QStringLiteral("spine")));

    const Topology &t = w.document->project().topology;
    for (const char *id : {"leaf-1", "leaf-2", "leaf-3"})
        QCOMPARE(t.switchById(id)->tier, Tier::Spine);
    QCOMPARE(t.switchById("leaf-4")->tier, Tier::Leaf);
    QCOMPARE(w.scene->switchItem(QStringLiteral("leaf-2"))->tier(), Tier::Spine); // canvas too
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Tier of 3 Items"));
    QVERIFY(inspector->message().isEmpty());

    const QString after = w.json();
    w.undo()->undo();
    QCOMPARE(w.json(), before);
    QTRY_COMPARE(inspector->tierBox()->currentData().toString(), QStringLiteral("leaf"));
    w.undo()->redo();
    QCOMPARE(w.json(), after);
}

void TestInspector::multiSelectModelIsOneStep()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    const QStringList nodes{QStringLiteral("node-1"), QStringLiteral("node-2"),
                            QStringLiteral("node-3"), QStringLiteral("node-4")};
    w.select(nodes);
    // DGX B200: 8 NDR NICs like the DGX H100, so every cable still fits.
    QVERIFY(choose(inspector->modelBox(), QStringLiteral("dgx-b200")));
    for (const QString &id : nodes)
        QCOMPARE(w.document->project().topology.node(id.toStdString())->model,
                 std::string("dgx-b200"));
    QCOMPARE(w.document->project().topology.node("node-5")->model, std::string("dgx-h100"));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Model of 4 Items"));
    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestInspector::multiSelectMediumIsOneStep()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    w.select({QStringLiteral("link-1"), QStringLiteral("link-2"), QStringLiteral("link-9")});
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("3 links selected"));
    QVERIFY(choose(inspector->mediumBox(), QStringLiteral("ib-hdr")));
    const Topology &t = w.document->project().topology;
    for (int i : {0, 1, 8})
        QCOMPARE(t.links[std::size_t(i)].medium, std::string("ib-hdr"));
    QCOMPARE(t.links[2].medium, std::string("ib-ndr"));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Medium of 3 Items"));
    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestInspector::nameOfSeveralItems()
{
    EditorWindow w(generated("dgx-h100", 8));
    QVERIFY(w.show());
    InspectorDock *inspector = w.actions->inspector();
    w.select({QStringLiteral("node-1"), QStringLiteral("node-2")});
    QVERIFY(inspector->nameEdit()->text().isEmpty());
    QCOMPARE(inspector->nameEdit()->placeholderText(), QStringLiteral("Mixed"));
    // Leaving the field untouched changes nothing.
    inspector->nameEdit()->setFocus();
    QTest::keyClick(inspector->nameEdit(), Qt::Key_Return);
    QCOMPARE(w.undo()->count(), 0);

    QTest::keyClicks(inspector->nameEdit(), QStringLiteral("spare"));
    QTest::keyClick(inspector->nameEdit(), Qt::Key_Return);
    QCOMPARE(w.document->itemName(QStringLiteral("node-1")), QStringLiteral("spare"));
    QCOMPARE(w.document->itemName(QStringLiteral("node-2")), QStringLiteral("spare"));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Name of 2 Items"));
    QCOMPARE(inspector->nameEdit()->text(), QStringLiteral("spare")); // now they share it
}

void TestInspector::mixedValuesShowAsSuch()
{
    EditorWindow w(generated("dgx-h100", 32));
    InspectorDock *inspector = w.actions->inspector();
    w.select({QStringLiteral("leaf-1"), QStringLiteral("spine-1")});
    QCOMPARE(inspector->tierBox()->currentText(), QStringLiteral("Mixed"));
    QCOMPARE(inspector->roleBox()->currentData().toString(), QStringLiteral("compute"));
    QCOMPARE(inspector->modelBox()->currentData().toString(), QStringLiteral("qm9700"));
    // Choosing "Mixed" itself changes nothing.
    inspector->tierBox()->setFocus();
    QTest::keyClick(inspector->tierBox(), Qt::Key_Home);
    QCOMPARE(w.undo()->count(), 0);

    // A single cable and a bundle of 8: the count is mixed, the medium shared.
    w.select({QStringLiteral("link-1"), QStringLiteral("link-257")});
    QCOMPARE(inspector->countBox()->text(), QStringLiteral("Mixed"));
    QCOMPARE(inspector->mediumBox()->currentData().toString(), QStringLiteral("ib-ndr"));
    // Once they agree, the value shows again.
    w.select({QStringLiteral("link-1"), QStringLiteral("link-2")});
    QCOMPARE(inspector->countBox()->text(), QStringLiteral("1"));
    w.select({QStringLiteral("leaf-1"), QStringLiteral("leaf-2")});
    QCOMPARE(inspector->tierBox()->findText(QStringLiteral("Mixed")), -1);
    QCOMPARE(inspector->tierBox()->currentData().toString(), QStringLiteral("leaf"));
}

void TestInspector::refusedModelLeavesDocumentUntouched()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    w.select({QStringLiteral("node-1"), QStringLiteral("node-2")});
    // A GB200 tray has 4 NICs; these nodes have 8 cables each.
    QVERIFY(inspector->modelBox()->findData(QStringLiteral("gb200-tray")) >= 0);
    choose(inspector->modelBox(), QStringLiteral("gb200-tray"));

    QCOMPARE(w.json(), before);
    QCOMPARE(w.undo()->count(), 0);
    QCOMPARE(inspector->message(),
             QStringLiteral("Not changed: node \"node-1\" (gb200-tray) has 8 cables attached but "
                            "only 4 compute NICs"));
    QCOMPARE(w.actions->lastMessage(), inspector->message()); // the status bar says it too
    QCOMPARE(inspector->modelBox()->currentData().toString(), QStringLiteral("dgx-h100"));

    // A switch model of the other protocol: the medium check speaks.
    w.select({QStringLiteral("leaf-1")});
    QVERIFY(inspector->message().isEmpty());
    choose(inspector->modelBox(), QStringLiteral("sn5600"));
    QCOMPARE(w.json(), before);
    QVERIFY2(inspector->message().contains(
                     QStringLiteral("\"ib-ndr\" is an InfiniBand medium but switch \"leaf-1\" "
                                    "(sn5600) is an Ethernet switch")),
             qPrintable(inspector->message()));
    // Its uplinks go to InfiniBand spines: nothing can follow, nothing is offered.
    QVERIFY(!inspector->offerButton()->isVisible());
}

void TestInspector::switchModelOfAnotherMediumTakesTheLinksAlong()
{
    // Every switch of an InfiniBand design made a Spectrum-4: refused for the links' media,
    // with the offer to change the links too; taken, it is one undo step.
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    QStringList switches;
    for (const Switch &s : w.document->project().topology.switches)
        switches.append(QString::fromStdString(s.id));
    w.select(switches);
    QVERIFY(!choose(inspector->modelBox(), QStringLiteral("sn5600")));
    QCOMPARE(w.json(), before);
    QVERIFY2(inspector->message().contains(QStringLiteral("is an Ethernet switch")),
             qPrintable(inspector->message()));
    QPushButton *offer = inspector->offerButton();
    QVERIFY(offer->isVisible());
    const int links = int(w.document->project().topology.links.size());
    QCOMPARE(offer->text(), QStringLiteral("Change %1 links to RoCE v2 400 GbE, RoCE v2 800 GbE "
                                           "too")
                                    .arg(links));
    QTest::mouseClick(offer, Qt::LeftButton);
    const Topology &t = w.document->project().topology;
    for (const Switch &s : t.switches)
        QCOMPARE(s.model, std::string("sn5600"));
    for (const Link &l : t.links)
        QVERIFY2(l.medium == "roce-400" || l.medium == "roce-800", l.medium.c_str());
    QVERIFY(!offer->isVisible());
    QVERIFY(inspector->message().isEmpty());
    QTRY_COMPARE(inspector->modelBox()->currentData().toString(), QStringLiteral("sn5600"));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Model and Medium of %1 Links").arg(links));
    if (const QString dir = qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"); !dir.isEmpty())
        inspector->grab().save(QDir(dir).filePath(QStringLiteral("inspector-medium.png")));
    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestInspector::refusedDomainLeavesDocumentUntouched()
{
    // GB200 trays in two NVL72 domains (the second with room for two trays), and a DGX H100
    // next to them.
    Project p = generated("gb200-tray", 34, 72);
    p.topology.nodes.push_back(Node{"dgx", "dgx", "dgx-h100", {}});
    p.layout.items["dgx"] = LayoutItem{0, -200, 0, 0, {}};
    EditorWindow w(std::move(p));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();

    // A board server cannot join a domain: the field offers nothing and says why, rather
    // than offering the domains and refusing the choice.
    w.select({QStringLiteral("dgx")});
    QCOMPARE(inspector->domainBox()->currentData().toString(), QString());
    QVERIFY(inspector->isShown(Property::Domain));
    QVERIFY(!inspector->domainBox()->isEnabled());
    QVERIFY2(inspector->domainBox()->toolTip().contains(
                     QStringLiteral("stays on its own NVSwitch baseboard")),
             qPrintable(inspector->domainBox()->toolTip()));
    QTest::mouseClick(inspector->domainBox(), Qt::LeftButton);
    QVERIFY(!inspector->domainBox()->view()->isVisible());
    QCOMPARE(w.json(), before);
    // With a tray in the selection too, the box stays closed to the server.
    w.select({QStringLiteral("dgx"), QStringLiteral("node-1")});
    QVERIFY(!inspector->domainBox()->isEnabled());

    // A tray moves between domains: one step, and back on undo.
    w.select({QStringLiteral("node-1"), QStringLiteral("node-2")});
    QVERIFY(inspector->domainBox()->isEnabled());
    QCOMPARE(inspector->domainBox()->currentData().toString(), QStringLiteral("dom-1"));
    QVERIFY(choose(inspector->domainBox(), QStringLiteral("dom-2")));
    QCOMPARE(w.document->project().topology.node("node-2")->domain, std::string("dom-2"));
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set NVLink Domain of 2 Items"));
    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestInspector::domainsOfAnotherNvlinkAreNotOffered()
{
    // Two NVL72 domains of GB200 trays (NVLink 5), the second with room for two more trays,
    // an empty domain, and a project's own tray of H100 GPUs (NVLink 4) whose NVLink leaves
    // the box as well.
    Project p = generated("gb200-tray", 34, 72);
    p.catalogOverrides = nlohmann::ordered_json::parse(R"({"servers": [
        {"id": "h100-tray", "name": "H100 tray", "gpu": "h100-sxm", "gpus": 4, "nvswitches": 0,
         "nvlink_scope": "external", "trays": 1, "nics": 4, "nic_gbit_s": 400,
         "nic_medium": "ib-ndr", "pcie": "pcie5", "rack_units": 1, "power_kw": 3,
         "source": "a test's own tray"}]})");
    p.topology.domains.push_back(Domain{"dom-empty", "spare"});
    p.topology.nodes.push_back(Node{"hopper", "hopper", "h100-tray", {}});
    p.layout.items["hopper"] = LayoutItem{0, -200, 0, 0, {}};
    EditorWindow w(std::move(p));
    QVERIFY(w.show());
    InspectorDock *inspector = w.actions->inspector();
    QVERIFY(w.document->catalog().server("h100-tray"));

    // The H100 tray may join only the empty domain, as the engine's rule says; the tooltip
    // says why the others are left out.
    w.select({QStringLiteral("hopper")});
    QCOMPARE(values(inspector->domainBox()), (QStringList{QString(), QStringLiteral("dom-empty")}));
    QVERIFY(inspector->domainBox()->isEnabled());
    QVERIFY2(inspector->domainBox()->toolTip().contains(QStringLiteral("same NVLink generation")),
             qPrintable(inspector->domainBox()->toolTip()));
    QVERIFY(choose(inspector->domainBox(), QStringLiteral("dom-empty")));
    QCOMPARE(w.document->project().topology.node("hopper")->domain, std::string("dom-empty"));

    // A GB200 tray now may not join the domain the H100 tray holds, and the other NVL72 it may.
    w.select({QStringLiteral("node-1")});
    QCOMPARE(values(inspector->domainBox()),
             (QStringList{QString(), QStringLiteral("dom-1"), QStringLiteral("dom-2")}));
    // The two together may join no domain: nothing to choose, and the field says why.
    w.select({QStringLiteral("node-1"), QStringLiteral("hopper")});
    QVERIFY(values(inspector->domainBox()).filter(QStringLiteral("dom")).isEmpty());
    QVERIFY(!inspector->domainBox()->isEnabled());
    QVERIFY(inspector->domainBox()->toolTip().contains(QStringLiteral("same NVLink generation")));
}

void TestInspector::domainSizeIsSetOrRefused()
{
    // 27 GB200 trays in NVL72 racks: dom-1 full (18 trays), dom-2 being filled (9 trays).
    EditorWindow w(generated("gb200-tray", 27, 72));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    QSpinBox *size = inspector->sizeBox();
    const auto type = [&](const QString &value) {
        size->setFocus();
        size->selectAll();
        QTest::keyClicks(size, value);
        QTest::keyClick(size, Qt::Key_Return);
    };
    // A node has no size; a domain has, up to what NVLink 5 joins.
    w.select({QStringLiteral("node-1")});
    QVERIFY(!inspector->isShown(Property::Size));
    w.select({QStringLiteral("dom-2")});
    QVERIFY(inspector->isShown(Property::Size));
    QCOMPARE(size->value(), 72);
    QCOMPARE(size->maximum(), 576);
    QVERIFY2(size->toolTip().contains(QStringLiteral("The members hold 36 GPUs now")),
             qPrintable(size->toolTip()));

    // Smaller than its trays: refused, and the field keeps the size.
    type(QStringLiteral("32"));
    QCOMPARE(w.document->project().topology.domains[1].gpus, 72);
    QCOMPARE(size->value(), 72);
    QVERIFY2(inspector->message().contains(QStringLiteral("holds 36 GPUs; a size of 32 is too "
                                                          "small")),
             qPrintable(inspector->message()));
    QCOMPARE(w.undo()->count(), 0);

    // An NVL36: one step, and the rack is full.
    type(QStringLiteral("36"));
    QCOMPARE(w.document->project().topology.domains[1].gpus, 36);
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Domain Size"));
    if (qEnvironmentVariableIsSet("TOPOPLAN_SCREENSHOTS"))
        inspector->grab().save(QDir(qEnvironmentVariable("TOPOPLAN_SCREENSHOTS"))
                                       .filePath(QStringLiteral("domain-size.png")));
    w.select({QStringLiteral("node-1")});
    QCOMPARE(values(inspector->domainBox()), (QStringList{QString(), QStringLiteral("dom-1")}));
    QVERIFY2(inspector->domainBox()->toolTip().contains(QStringLiteral("does not fit")),
             qPrintable(inspector->domainBox()->toolTip()));

    // Both domains: sizes differ, shown as such.
    w.select({QStringLiteral("dom-1"), QStringLiteral("dom-2")});
    QCOMPARE(size->text(), QStringLiteral("Mixed"));
    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

void TestInspector::cableCountGrowsInPlaceOrIsRefused()
{
    EditorWindow w(smallProject());
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    const auto type = [&](const QString &value) {
        inspector->countBox()->setFocus();
        inspector->countBox()->selectAll();
        QTest::keyClicks(inspector->countBox(), value);
        QTest::keyClick(inspector->countBox(), Qt::Key_Return);
    };
    // link-a is on the switch's port 0 and link-b on port 1: link-a cannot grow where it is,
    // and nothing moves (a moved server end would un-cable a GPU's NIC).
    w.select({QStringLiteral("link-a")});
    QCOMPARE(inspector->countBox()->value(), 1);
    QCOMPARE(inspector->portsLabel()->text(), QStringLiteral("a NIC 0 (rail 1)\nsw port 0"));
    type(QStringLiteral("3"));
    const Link &a = w.document->project().topology.links[0];
    QCOMPARE(a.count, 1);
    QCOMPARE(inspector->countBox()->value(), 1);
    QCOMPARE(w.undo()->count(), 0);
    QVERIFY2(inspector->message().contains(QStringLiteral("a rail 1 - sw port 0 cannot grow to 3 "
                                                          "cables where it is")),
             qPrintable(inspector->message()));

    // link-b has free ports after it at both ends: it grows in place.
    w.select({QStringLiteral("link-b")});
    type(QStringLiteral("3"));
    const Link &b = w.document->project().topology.links[1];
    QCOMPARE(b.count, 3);
    QCOMPARE(b.a, (Endpoint{"node-b", 0}));
    QCOMPARE(b.b, (Endpoint{"sw", 1}));
    QCOMPARE(w.undo()->text(0), QStringLiteral("Set Cable Count"));
    QTRY_COMPARE(inspector->portsLabel()->text(),
                 QStringLiteral("b NICs 0-2 (rails 1-3)\nsw ports 1-3"));

    // More cables than node-b has NICs: refused, and the field shows the count kept.
    type(QStringLiteral("9"));
    QCOMPARE(b.count, 3);
    QCOMPARE(inspector->countBox()->value(), 3);
    QCOMPARE(w.undo()->count(), 1);
    QVERIFY2(inspector->message().contains(QStringLiteral("9 cables attached but only 8")),
             qPrintable(inspector->message()));

    w.undo()->undo();
    QCOMPARE(w.json(), before);
}

// Properties names what the canvas shows: a node by its name, a link by its ends' names and
// ports.
void TestInspector::namesNotIds()
{
    Project p = smallProject();
    p.topology.nodes[0].id = "node-2000";
    p.topology.nodes[0].name = "dgx-2000";
    p.topology.links[0].a.device = "node-2000";
    p.layout.items["node-2000"] = p.layout.items["node-a"];
    p.layout.items.erase("node-a");
    EditorWindow w(p);
    QVERIFY(w.show());
    InspectorDock *inspector = w.actions->inspector();
    QTest::mouseClick(w.view->viewport(), Qt::LeftButton, {},
                      w.viewPos(QStringLiteral("node-2000")));
    QCOMPARE(w.document->selection(), QSet<QString>{QStringLiteral("node-2000")});
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("Node dgx-2000"));
    w.select({QStringLiteral("link-a")});
    QCOMPARE(inspector->titleLabel()->text(), QStringLiteral("Link dgx-2000 rail 1 - sw port 0"));
    QCOMPARE(inspector->portsLabel()->text(), QStringLiteral("dgx-2000 NIC 0 (rail 1)\nsw port 0"));
}

// The "Failed (what-if)" box: shown for links, switches and servers, never for a domain;
// ticking it marks the whole selection failed in one step, the canvas strikes the switch
// through, a mixed selection shows a partial tick, and undo gives the file back unchanged.
void TestInspector::failedCheckboxMarksAndRepairs()
{
    EditorWindow w(generated("dgx-h100", 32));
    QVERIFY(w.show());
    const QString before = w.json();
    InspectorDock *inspector = w.actions->inspector();
    QCheckBox *failed = inspector->failedBox();
    w.select({QStringLiteral("leaf-1"), QStringLiteral("node-1")});
    QVERIFY(inspector->isShown(Property::Failed));
    QCOMPARE(failed->checkState(), Qt::Unchecked);
    failed->click();

    const Topology &t = w.document->project().topology;
    QVERIFY(t.switchById("leaf-1")->failed);
    QVERIFY(t.node("node-1")->failed);
    QVERIFY(!t.switchById("leaf-2")->failed);
    QVERIFY(w.scene->switchItem(QStringLiteral("leaf-1"))->failed()); // canvas too
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Mark as Failed"));
    QVERIFY(w.json().contains(QStringLiteral("\"failed\": true")));

    w.select({QStringLiteral("leaf-1"), QStringLiteral("leaf-2")});
    QCOMPARE(failed->checkState(), Qt::PartiallyChecked);

    w.undo()->undo();
    QCOMPARE(w.json(), before);
    w.select({QStringLiteral("leaf-1")});
    QCOMPARE(failed->checkState(), Qt::Unchecked);
}

void TestInspector::assumedModelIsConfirmedInOneStep()
{
    // An import's assumed model: said under the model, warned of by the analysis, ended by one
    // click that is one undo step.
    Project p = smallProject();
    p.topology.nodes[0].modelAssumed = true;
    EditorWindow w(p);
    QVERIFY(w.show());
    const QString before = w.json();
    QVERIFY(before.contains(QStringLiteral("\"model_assumed\": true")));
    InspectorDock *inspector = w.actions->inspector();
    QPushButton *confirm = inspector->confirmModelButton();

    w.select({QStringLiteral("node-b")});
    QVERIFY(!inspector->isShown(Property::ModelAssumed));
    w.select({QStringLiteral("node-a"), QStringLiteral("node-b")});
    QVERIFY(inspector->isShown(Property::ModelAssumed));
    QCOMPARE(inspector->findChild<QLabel *>(QStringLiteral("inspectorAssumed"))->text(),
             QStringLiteral("Model assumed by the import for 1 of these servers"));
    QTest::mouseClick(confirm, Qt::LeftButton);

    QVERIFY(!w.document->project().topology.node("node-a")->modelAssumed);
    QTRY_VERIFY(!inspector->isShown(Property::ModelAssumed));
    QCOMPARE(w.undo()->count(), 1);
    QCOMPARE(w.undo()->text(0), QStringLiteral("Confirm Model"));
    QVERIFY(!w.json().contains(QStringLiteral("model_assumed")));

    w.undo()->undo();
    QCOMPARE(w.json(), before);
    w.select({QStringLiteral("node-a")});
    QTRY_VERIFY(inspector->isShown(Property::ModelAssumed));
    QCOMPARE(inspector->findChild<QLabel *>(QStringLiteral("inspectorAssumed"))->text(),
             QStringLiteral("Model assumed by the import"));
}

QTEST_MAIN(TestInspector)
#include "tst_inspector.moc"
