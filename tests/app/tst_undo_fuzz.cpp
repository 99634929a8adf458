// A seeded random sequence of 200 edits of every kind, through the real commands and editing
// actions (moves, renames, adding and deleting devices and links, cut, paste, duplicate,
// replicate, property edits, NVLink domains, "Add Fabric"), with a few undos in between.
// Undoing everything gives back the exact starting file, and redoing everything the final
// one, with every state in between the same on the way down and up. After every edit and
// every undo the project is saved to a file and opened again: the loader accepts it and it
// reopens to the same JSON (no edit path may write a file TopoPlan then refuses).

#include "editingfixture.h"

#include "app/document/editcommands.h"
#include "app/document/topologycommands.h"
#include "app/panels/inspectordock.h"

#include "engine/edit/editing.h"
#include "engine/edit/propertyedit.h"

#include <QRandomGenerator>
#include <QTemporaryDir>

using namespace topoplan;
using namespace topoplan::testing;

namespace {

constexpr int kEdits = 200;

class Fuzzer
{
public:
    Fuzzer(EditorWindow *w, quint32 seed)
        : m_w(w)
        , m_doc(w->document)
        , m_rng(seed)
    {}

    // One random edit; false when the one drawn could not be made here (nothing to act on,
    // or refused by the engine), which leaves the document as it was.
    bool edit()
    {
        static const char *const kinds[]
                = {"move",     "rename",     "add node",  "add switch", "add link",
                   "delete",   "paste",      "duplicate", "replicate",  "property",
                   "property", "add fabric", "cut",       "add domain"};
        const quint32 kind = m_rng.bounded(14);
        bool made = false;
        switch (kind) {
        case 0:
            made = move();
            break;
        case 1:
            made = rename();
            break;
        case 2:
            made = addNode();
            break;
        case 3:
            made = addSwitch();
            break;
        case 4:
            made = addLink();
            break;
        case 5:
            made = deleteSome();
            break;
        case 6:
            made = copyPaste();
            break;
        case 7:
            made = duplicate();
            break;
        case 8:
            made = replicate();
            break;
        case 9:
        case 10:
            made = setProperty();
            break;
        case 11:
            made = addFabric();
            break;
        case 12:
            made = cut();
            break;
        default:
            made = addDomain();
            break;
        }
        if (made) {
            m_last = QLatin1String(kinds[kind]);
            ++m_made[m_last];
        }
        return made;
    }

    // How many edits of each kind were made.
    const QMap<QString, int> &made() const { return m_made; }
    // The kind of the last edit made.
    const QString &lastKind() const { return m_last; }

private:
    const Topology &topology() const { return m_doc->project().topology; }

    QStringList devices() const
    {
        QStringList ids;
        for (const Domain &d : topology().domains)
            ids.append(qs(d.id));
        for (const Node &n : topology().nodes)
            ids.append(qs(n.id));
        for (const Switch &s : topology().switches)
            ids.append(qs(s.id));
        return ids;
    }

    QStringList links() const
    {
        QStringList ids;
        for (const Link &l : topology().links)
            ids.append(qs(l.id));
        return ids;
    }

    QString pick(const QStringList &from)
    {
        return from.isEmpty() ? QString() : from.at(int(m_rng.bounded(quint32(from.size()))));
    }

    QStringList pickSome(const QStringList &from, int most)
    {
        QStringList out;
        const int n = 1 + int(m_rng.bounded(quint32(most)));
        for (int i = 0; i < n && !from.isEmpty(); ++i) {
            const QString id = pick(from);
            if (!out.contains(id))
                out.append(id);
        }
        return out;
    }

    LayoutItem somewhere()
    {
        return LayoutItem{double(m_rng.bounded(3000)), double(m_rng.bounded(1200)), 0, 0, {}};
    }

    bool move()
    {
        const QStringList ids = pickSome(devices(), 3);
        if (ids.isEmpty())
            return false;
        QList<QPointF> positions;
        for (const QString &id : ids) {
            const LayoutItem item = m_doc->layoutItem(id).value_or(LayoutItem{});
            positions.append(QPointF(item.x + 10 + m_rng.bounded(200), item.y + m_rng.bounded(90)));
        }
        m_w->undo()->push(new MoveItems(m_doc, ids, positions, MoveItems::newGesture()));
        return true;
    }

    bool rename()
    {
        const QString id = pick(devices());
        if (id.isEmpty())
            return false;
        m_w->undo()->push(
                new RenameItem(m_doc, id, QStringLiteral("renamed %1").arg(m_rng.bounded(1000))));
        return true;
    }

    bool addNode()
    {
        static const char *const models[] = {"dgx-h100", "gb200-tray", "dgx-b200", "pcie-server"};
        Node n;
        n.id = m_doc->unusedId(QStringLiteral("node")).toStdString();
        n.name = "new " + n.id;
        n.model = models[m_rng.bounded(4)];
        m_w->undo()->push(new AddNode(m_doc, n, somewhere()));
        return true;
    }

    bool addSwitch()
    {
        static const char *const models[] = {"qm9700", "sn5600", "qm8700"};
        Switch s;
        s.id = m_doc->unusedId(QStringLiteral("sw")).toStdString();
        s.name = "new " + s.id;
        s.model = models[m_rng.bounded(3)];
        s.tier = Tier(m_rng.bounded(3));
        m_w->undo()->push(new AddSwitch(m_doc, s, somewhere()));
        return true;
    }

    bool addLink()
    {
        QStringList nodes, switches;
        for (const Node &n : topology().nodes)
            nodes.append(qs(n.id));
        for (const Switch &s : topology().switches)
            switches.append(qs(s.id));
        const QString a = m_rng.bounded(3) == 0 ? pick(switches) : pick(nodes);
        const QString b = pick(switches);
        if (a.isEmpty() || b.isEmpty())
            return false;
        const Expected<Link> link = proposeLink(topology(), m_doc->catalog(), a.toStdString(),
                                                b.toStdString(), 1 + int(m_rng.bounded(2)));
        if (!link)
            return false;
        // proposeLink() offers RoCE between an InfiniBand and an Ethernet switch, which the
        // project file refuses; only links a file can hold are added here.
        Topology with = topology();
        with.links.push_back(*link);
        if (validateTopology(with, m_doc->catalog(), {}))
            return false;
        m_w->undo()->push(new AddLink(m_doc, *link));
        return true;
    }

    bool deleteSome()
    {
        QStringList ids = pickSome(devices(), 2);
        ids += pickSome(links(), 2);
        m_w->select(ids);
        const int before = m_w->undo()->index();
        m_w->actions->deleteSelection();
        return m_w->undo()->index() != before;
    }

    bool copyPaste()
    {
        m_w->select(pickSome(devices(), 4));
        m_w->actions->copy();
        return m_w->actions->paste();
    }

    bool duplicate()
    {
        m_w->select(pickSome(devices(), 4));
        return m_w->actions->duplicate();
    }

    bool cut()
    {
        m_w->select(pickSome(devices(), 2));
        const int before = m_w->undo()->index();
        m_w->actions->cut();
        return m_w->undo()->index() != before;
    }

    bool replicate()
    {
        m_w->select(pickSome(devices(), 2));
        return m_w->actions->replicateSelection(1 + int(m_rng.bounded(2)), 2,
                                                double(m_rng.bounded(100)));
    }

    bool addDomain()
    {
        Domain d;
        d.id = m_doc->unusedId(QStringLiteral("dom")).toStdString();
        d.name = "domain " + d.id;
        LayoutItem box = somewhere();
        box.w = 400;
        box.h = 200;
        m_w->undo()->push(new AddDomain(m_doc, d, box));
        return true;
    }

    bool addFabric()
    {
        // Uncabled nodes of one model: the generator's rail-optimized fabric wants equal NICs.
        m_w->select({});
        std::vector<std::string> nodes;
        const std::vector<std::string> free = m_w->actions->fabricNodes();
        if (free.empty())
            return false;
        const std::string model = topology().node(free.front())->model;
        for (const std::string &id : free) {
            if (topology().node(id)->model == model)
                nodes.push_back(id);
        }
        GeneratorOptions o;
        o.fabric = m_rng.bounded(2) ? FabricKind::FatTree : FabricKind::RailOptimized;
        return m_w->actions->addFabric(nodes, o);
    }

    bool setProperty()
    {
        InspectorDock *inspector = m_w->actions->inspector();
        const int before = m_w->undo()->index();
        switch (m_rng.bounded(8)) {
        case 7: {
            // A domain's size: not stated, one some trays overflow, an NVL36, an NVL72.
            QStringList domains;
            for (const Domain &d : topology().domains)
                domains.append(qs(d.id));
            if (domains.isEmpty())
                return false;
            static const int sizes[] = {0, 8, 36, 72};
            m_w->select(pickSome(domains, 2));
            inspector->apply(Property::Size, QString::number(sizes[m_rng.bounded(4)]));
            break;
        }
        case 0: {
            m_w->select(pickSome(devices(), 3));
            inspector->apply(Property::Name, QStringLiteral("set %1").arg(m_rng.bounded(100)));
            break;
        }
        case 1: {
            QStringList switches;
            for (const Switch &s : topology().switches)
                switches.append(qs(s.id));
            m_w->select(pickSome(switches, 3));
            static const char *const tiers[] = {"leaf", "spine", "core"};
            inspector->apply(Property::Tier, QLatin1String(tiers[m_rng.bounded(3)]));
            break;
        }
        case 2: {
            QStringList switches;
            for (const Switch &s : topology().switches)
                switches.append(qs(s.id));
            m_w->select(pickSome(switches, 2));
            static const char *const roles[] = {"compute", "storage", "management"};
            inspector->apply(Property::Role, QLatin1String(roles[m_rng.bounded(3)]));
            break;
        }
        case 3: {
            // A model change, often refused (fewer ports, another protocol).
            QStringList nodes;
            for (const Node &n : topology().nodes)
                nodes.append(qs(n.id));
            m_w->select(pickSome(nodes, 3));
            static const char *const models[] = {"dgx-b200", "hgx-h200", "gb200-tray", "dgx-a100"};
            inspector->apply(Property::Model, QLatin1String(models[m_rng.bounded(4)]));
            break;
        }
        case 4: {
            const QString link = pick(links());
            if (link.isEmpty())
                return false;
            m_w->select({link});
            const std::vector<std::string> media = mediaForLink(
                    topology(), m_doc->catalog(), topology().links[m_doc->indexOf<Link>(link)]);
            if (media.empty())
                return false;
            inspector->apply(Property::Medium, qs(media[m_rng.bounded(quint32(media.size()))]));
            break;
        }
        case 5: {
            m_w->select(pickSome(links(), 2));
            inspector->apply(Property::Count, QString::number(1 + m_rng.bounded(3)));
            break;
        }
        default: {
            // Trays into a domain (or out of one); board servers are refused.
            QStringList nodes, domains{QString()};
            for (const Node &n : topology().nodes)
                nodes.append(qs(n.id));
            for (const Domain &d : topology().domains)
                domains.append(qs(d.id));
            m_w->select(pickSome(nodes, 2));
            inspector->apply(Property::Domain, pick(domains));
            break;
        }
        }
        return m_w->undo()->index() != before;
    }

    EditorWindow *m_w;
    Document *m_doc;
    QRandomGenerator m_rng;
    QMap<QString, int> m_made;
    QString m_last;
};

// Saves `w`'s project through the real save path, opens the file again and says what differs
// (empty when it reopens to the same JSON).
QString reopenDifference(const EditorWindow &w, const std::string &file)
{
    const Project &p = w.document->project();
    if (std::optional<Error> e = saveProject(p, file))
        return QStringLiteral("save failed: ") + qs(e->text());
    Expected<Project> back = loadProject(file);
    if (!back)
        return QStringLiteral("the saved file is refused: ") + qs(back.error().text());
    const std::string before = serializeProject(p), after = serializeProject(*back);
    if (before == after)
        return {};
    std::size_t at = 0;
    while (at < before.size() && at < after.size() && before[at] == after[at])
        ++at;
    const std::size_t from = at > 80 ? at - 80 : 0;
    return QStringLiteral("reopens differently near:\n  saved:    %1\n  reopened: %2")
            .arg(qs(before.substr(from, 160)), qs(after.substr(from, 160)));
}

} // namespace

class TestUndoFuzz : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void undoAllRedoAll_data();
    void undoAllRedoAll();
};

void TestUndoFuzz::undoAllRedoAll_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("domainSize");
    QTest::addColumn<quint32>("seed");

    QTest::newRow("DGX H100, seed 1") << QStringLiteral("dgx-h100") << 16 << 0 << 1u;
    QTest::newRow("DGX H100, seed 2024") << QStringLiteral("dgx-h100") << 16 << 0 << 2024u;
    QTest::newRow("GB200 trays in domains, seed 7")
            << QStringLiteral("gb200-tray") << 36 << 72 << 7u;
}

void TestUndoFuzz::undoAllRedoAll()
{
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(int, domainSize);
    QFETCH(quint32, seed);

    EditorWindow w(generated(model.toStdString(), nodes, domainSize));
    QUndoStack *stack = w.undo();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string file = dir.filePath(QStringLiteral("fuzzed.topoplan")).toStdString();
    const auto reopens = [&] {
        const QString difference = reopenDifference(w, file);
        return difference.isEmpty() ? true : (qWarning("%s", qPrintable(difference)), false);
    };
    const QString start = w.json();
    QMap<int, QString> states{{0, start}}; // by undo index
    Fuzzer fuzzer(&w, seed);
    QRandomGenerator undoDice(seed + 1);
    int edits = 0, attempts = 0, undos = 0;
    while (edits < kEdits) {
        QVERIFY2(++attempts < 20 * kEdits, "too few edits could be made");
        if (stack->canUndo() && undoDice.bounded(12) == 0) {
            stack->undo(); // the next edit drops the undone step from the stack
            QCOMPARE(w.json(), states.value(stack->index()));
            QVERIFY(reopens());
            ++undos;
            continue;
        }
        const QString before = w.json();
        if (!fuzzer.edit()) {
            QCOMPARE(w.json(), before); // a refused edit changes nothing
            continue;
        }
        ++edits;
        states[stack->index()] = w.json();
        QVERIFY2(
                reopens(),
                qPrintable(QStringLiteral("after edit %1 (%2)").arg(edits).arg(fuzzer.lastKind())));
    }
    const QString final = w.json();
    QVERIFY(!validateTopology(w.document->project().topology, w.document->catalog(), {}));
    QVERIFY(stack->count() > kEdits / 2);
    QVERIFY(undos > 0);
    QCOMPARE(fuzzer.made().size(), 13); // every kind of edit, property edits counted once

    while (stack->canUndo()) {
        stack->undo();
        QCOMPARE(w.json(), states.value(stack->index()));
    }
    QCOMPARE(stack->index(), 0);
    QCOMPARE(w.json(), start);
    while (stack->canRedo()) {
        stack->redo();
        QCOMPARE(w.json(), states.value(stack->index()));
    }
    QCOMPARE(w.json(), final);
    qInfo("%d edits in %d undo steps (%d undone on the way), %d devices at the end", edits,
          int(stack->count()), undos,
          int(w.document->project().topology.nodes.size()
              + w.document->project().topology.switches.size()));
}

QTEST_MAIN(TestUndoFuzz)
#include "tst_undo_fuzz.moc"
