#include "app/window/editingactions.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/common/changeevent.h"
#include "app/dialogs/addfabricdialog.h"
#include "app/dialogs/preferences.h"
#include "app/dialogs/replicatedialog.h"
#include "app/document/additems.h"
#include "app/document/clipboard.h"
#include "app/document/document.h"
#include "app/document/topologycommands.h"
#include "app/panels/findbar.h"
#include "app/panels/inspectordock.h"
#include "app/tools/renameeditor.h"
#include "app/window/mainwindow.h"

#include "engine/edit/subset.h"

#include <QAction>
#include <QClipboard>
#include <QDoubleSpinBox>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <set>
#include <unordered_set>

namespace topoplan {

namespace {

constexpr int kMessageMs = 8000;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

int deviceCount(const Project &fragment)
{
    const Topology &t = fragment.topology;
    return int(t.domains.size() + t.nodes.size() + t.switches.size());
}

QAction *makeAction(const QString &text, const char *icon, const QKeySequence &shortcut,
                    const char *objectName, QObject *parent)
{
    auto *action = new QAction(text, parent);
    action->setObjectName(QLatin1String(objectName));
    if (icon)
        action->setIcon(QIcon::fromTheme(QLatin1String(icon)));
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    return action;
}

} // namespace

EditingActions::EditingActions(QMainWindow *window, ClusterView *view)
    : QObject(window)
    , m_window(window)
    , m_view(view)
    , m_inspector(new InspectorDock(window))
    , m_findBar(new FindBar(view))
    , m_renameEditor(new RenameEditor(view, this))
{
    m_updateTimer.setSingleShot(true);
    m_updateTimer.setInterval(0);
    connect(&m_updateTimer, &QTimer::timeout, this, &EditingActions::updateActions);
    createActions();
    addToMenus();
    window->addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    connect(m_inspector, &InspectorDock::refused, this, &EditingActions::showMessage);
    connect(QGuiApplication::clipboard(), &QClipboard::dataChanged, this,
            &EditingActions::updateActions);
    updateActions();
}

EditingActions::~EditingActions() = default;

EditingActions *EditingActions::install(MainWindow *window)
{
    auto *actions = new EditingActions(window, window->view());
    actions->setDocument(window->document());
    // The window makes a new document's undo stack the active one when it replaces the
    // document (File > New, Open, a template), so that is when to follow it.
    if (auto *group = window->findChild<QUndoGroup *>()) {
        connect(group, &QUndoGroup::activeStackChanged, actions,
                [actions, window] { actions->setDocument(window->document()); });
    }
    return actions;
}

void EditingActions::createActions()
{
    m_cut = makeAction(tr("Cu&t"), "edit-cut", QKeySequence::Cut, "cutAction", this);
    m_cut->setStatusTip(tr("Copy the selection and its inner links, then delete it"));
    connect(m_cut, &QAction::triggered, this, &EditingActions::cut);

    m_copy = makeAction(tr("&Copy"), "edit-copy", QKeySequence::Copy, "copyAction", this);
    m_copy->setStatusTip(tr("Copy the selection with the links inside it"));
    connect(m_copy, &QAction::triggered, this, &EditingActions::copy);

    m_paste = makeAction(tr("&Paste"), "edit-paste", QKeySequence::Paste, "pasteAction", this);
    m_paste->setStatusTip(tr("Add the copied items beside the drawing, with new ids"));
    connect(m_paste, &QAction::triggered, this, &EditingActions::paste);

    m_duplicate = makeAction(tr("D&uplicate"), "edit-copy", QKeySequence(Qt::CTRL | Qt::Key_D),
                             "duplicateAction", this);
    m_duplicate->setStatusTip(tr("Copy the selection beside itself"));
    connect(m_duplicate, &QAction::triggered, this, &EditingActions::duplicate);

    m_delete = makeAction(tr("&Delete"), "edit-delete", QKeySequence::Delete, "deleteAction", this);
    m_delete->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    m_delete->setStatusTip(tr("Delete the selection and the links at it"));
    connect(m_delete, &QAction::triggered, this, &EditingActions::deleteSelection);

    m_rename = makeAction(tr("&Rename"), nullptr, QKeySequence(Qt::Key_F2), "renameAction", this);
    m_rename->setStatusTip(tr("Rename the selected item on the canvas"));
    connect(m_rename, &QAction::triggered, this, &EditingActions::rename);

    m_find = makeAction(tr("&Find..."), "edit-find", QKeySequence::Find, "findAction", this);
    m_find->setStatusTip(tr("Find a node, switch, domain or link by name or id"));
    connect(m_find, &QAction::triggered, m_findBar, &FindBar::activate);

    m_replicate = makeAction(tr("&Replicate..."), nullptr, QKeySequence(), "replicateAction", this);
    m_replicate->setStatusTip(tr("Copy the selection into a grid of rows and columns"));
    connect(m_replicate, &QAction::triggered, this, &EditingActions::showReplicateDialog);

    m_addFabric
            = makeAction(tr("Add &Fabric..."), nullptr, QKeySequence(), "addFabricAction", this);
    m_addFabric->setStatusTip(tr("Generate leaf, spine and core switches for the selected nodes"));
    connect(m_addFabric, &QAction::triggered, this, &EditingActions::showAddFabricDialog);

    // The shortcuts work wherever the focus is in the window; text fields keep their own
    // (a line edit takes Delete and Ctrl+C before the window sees them).
    for (QAction *action : {m_cut, m_copy, m_paste, m_duplicate, m_delete, m_rename, m_find})
        m_window->addAction(action);
}

QMenu *EditingActions::menu(const char *objectName, const QString &title)
{
    QMenuBar *bar = m_window->menuBar();
    const QString name = QLatin1String(objectName);
    const QList<QMenu *> menus = bar->findChildren<QMenu *>(name, Qt::FindDirectChildrenOnly);
    if (!menus.isEmpty())
        return menus.first();
    auto *menu = new QMenu(title, bar);
    menu->setObjectName(name);
    const QList<QMenu *> help
            = bar->findChildren<QMenu *>(QStringLiteral("helpMenu"), Qt::FindDirectChildrenOnly);
    if (help.isEmpty())
        bar->addMenu(menu);
    else
        bar->insertMenu(help.first()->menuAction(), menu);
    return menu;
}

void EditingActions::addToMenus()
{
    QMenu *edit = menu("editMenu", tr("&Edit"));
    edit->addSeparator();
    edit->addAction(m_cut);
    edit->addAction(m_copy);
    edit->addAction(m_paste);
    edit->addAction(m_duplicate);
    edit->addAction(m_delete);
    edit->addSeparator();
    edit->addAction(m_rename);
    edit->addAction(m_find);

    menu("arrangeMenu", tr("&Arrange"))->addAction(m_replicate);
    menu("fabricMenu", tr("F&abric"))->addAction(m_addFabric);

    QAction *toggle = m_inspector->toggleViewAction();
    toggle->setText(tr("&Properties"));
    menu("viewMenu", tr("&View"))->addAction(toggle);
}

void EditingActions::setDocument(Document *document)
{
    if (m_document == document)
        return;
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    m_inspector->setDocument(document);
    m_findBar->setDocument(document);
    m_renameEditor->setDocument(document);
    if (document) {
        connect(document, &Document::changed, this, [this](const ChangeEvent &event) {
            switch (event.kind) {
            case ChangeEvent::SelectionChanged:
                m_updateTimer.stop();
                updateActions();
                break;
            case ChangeEvent::ItemsAdded:
            case ChangeEvent::ItemsRemoved:
            case ChangeEvent::ProjectReset:
                // A paste adds thousands of entries, one event each: look once at the end.
                m_updateTimer.start();
                break;
            default:
                break;
            }
        });
    }
    updateActions();
}

void EditingActions::updateActions()
{
    const int devices = selectedDevices(2);
    const bool selection = m_document && !m_document->selection().isEmpty();
    m_cut->setEnabled(devices > 0);
    m_copy->setEnabled(devices > 0);
    m_duplicate->setEnabled(devices > 0);
    m_replicate->setEnabled(devices > 0);
    m_delete->setEnabled(selection);
    m_rename->setEnabled(devices == 1);
    m_paste->setEnabled(m_document && Clipboard::hasFragment());
    m_find->setEnabled(m_document);
    m_addFabric->setEnabled(m_document && !m_document->project().topology.nodes.empty());
}

void EditingActions::showMessage(const QString &text)
{
    m_lastMessage = text;
    m_window->statusBar()->showMessage(text, kMessageMs);
    Q_EMIT message(text);
}

int EditingActions::selectedDevices(int enough) const
{
    if (!m_document || m_document->selection().isEmpty())
        return 0;
    std::unordered_set<std::string> selected;
    for (const QString &id : m_document->selection())
        selected.insert(id.toStdString());
    const Topology &t = m_document->project().topology;
    int n = 0;
    const auto count = [&](const std::string &id) {
        n += int(selected.count(id));
        return n >= enough;
    };
    for (const Domain &d : t.domains) {
        if (count(d.id))
            return n;
    }
    for (const Node &node : t.nodes) {
        if (count(node.id))
            return n;
    }
    for (const Switch &s : t.switches) {
        if (count(s.id))
            return n;
    }
    return n;
}

QStringList EditingActions::selectedIds() const
{
    QStringList ids(m_document->selection().begin(), m_document->selection().end());
    ids.sort();
    return ids;
}

Project EditingActions::selectedFragment() const
{
    std::vector<std::string> ids;
    for (const QString &id : selectedIds())
        ids.push_back(id.toStdString());
    return extractSubset(m_document->project(), ids);
}

QStringList EditingActions::fragmentIds(const Project &fragment) const
{
    QStringList ids;
    for (const Domain &d : fragment.topology.domains)
        ids.append(qs(d.id));
    for (const Node &n : fragment.topology.nodes)
        ids.append(qs(n.id));
    for (const Switch &s : fragment.topology.switches)
        ids.append(qs(s.id));
    return ids;
}

QString EditingActions::itemLabel(const QString &id) const
{
    const QString name = m_document->itemName(id);
    return name.isEmpty() ? id : name;
}

void EditingActions::copy()
{
    if (!m_document)
        return;
    const Project fragment = selectedFragment();
    const int n = deviceCount(fragment);
    if (n == 0) {
        showMessage(tr("Select nodes, switches or NVLink domains to copy"));
        return;
    }
    Clipboard::put(fragment);
    const int links = int(fragment.topology.links.size());
    const QString items = tr("Copied %n item(s)", nullptr, n);
    showMessage(links == 0 ? items
                           : tr("%1 and %n link(s) inside them", nullptr, links).arg(items));
}

void EditingActions::cut()
{
    if (!m_document)
        return;
    const Project fragment = selectedFragment();
    const QStringList ids = fragmentIds(fragment);
    if (ids.isEmpty())
        return;
    Clipboard::put(fragment);
    const QString text = ids.size() == 1 ? tr("Cut %1").arg(itemLabel(ids.first()))
                                         : tr("Cut %n Items", nullptr, int(ids.size()));
    auto *command = new QUndoCommand(text);
    new RemoveItems(m_document, ids, command);
    m_document->undoStack()->push(command);
}

void EditingActions::deleteSelection()
{
    if (!m_document)
        return;
    // Devices with the members of selected domains (as Copy takes them), and selected links.
    QStringList ids = fragmentIds(selectedFragment());
    for (const QString &id : selectedIds()) {
        if (m_document->indexOf<Link>(id) >= 0)
            ids.append(id);
    }
    if (ids.isEmpty())
        return;
    const QString text = ids.size() == 1 ? tr("Delete %1").arg(itemLabel(ids.first()))
                                         : tr("Delete %n Items", nullptr, int(ids.size()));
    auto *command = new QUndoCommand(text);
    new RemoveItems(m_document, ids, command);
    m_document->undoStack()->push(command);
}

bool EditingActions::paste()
{
    if (!m_document)
        return false;
    const Expected<Project> fragment = Clipboard::fragment();
    if (!fragment) {
        showMessage(tr("Cannot paste: %1").arg(qs(fragment.error().text())));
        return false;
    }
    const int n = deviceCount(*fragment);
    return insertCopy(*fragment, n == 1 ? tr("Paste 1 Item") : tr("Paste %n Items", nullptr, n));
}

bool EditingActions::duplicate()
{
    if (!m_document)
        return false;
    const Project fragment = selectedFragment();
    const int n = deviceCount(fragment);
    if (n == 0)
        return false;
    return insertCopy(fragment,
                      n == 1 ? tr("Duplicate 1 Item") : tr("Duplicate %n Items", nullptr, n));
}

bool EditingActions::insertCopy(const Project &fragment, const QString &text)
{
    const Project &project = m_document->project();
    const LayoutOffset offset = freeOffset(project, fragment, diagram::kGroupGap);
    const Expected<SubsetPaste> paste = pasteSubset(
            project, fragment, offset, m_document->catalog(), m_document->filePath().toStdString());
    if (!paste) {
        showMessage(tr("Cannot paste: %1").arg(qs(paste.error().message)));
        return false;
    }
    auto *command = new AddItems(m_document, paste->added, paste->layout, text);
    const QStringList added = command->deviceIds();
    m_document->undoStack()->push(command);
    selectAndShow(added);
    if (!paste->notes.empty()) {
        QStringList notes;
        for (const std::string &note : paste->notes)
            notes.append(qs(note));
        showMessage(notes.join(QStringLiteral("; ")));
    }
    return true;
}

bool EditingActions::rename()
{
    if (!m_document)
        return false;
    QStringList devices;
    for (const QString &id : selectedIds()) {
        if (m_document->indexOf<Link>(id) < 0)
            devices.append(id);
    }
    if (devices.size() != 1) {
        showMessage(tr("Select one node, switch or NVLink domain to rename"));
        return false;
    }
    return m_renameEditor->start(devices.first());
}

bool EditingActions::replicateSelection(int rows, int columns, double spacing)
{
    if (!m_document)
        return false;
    std::vector<std::string> ids;
    for (const QString &id : selectedIds())
        ids.push_back(id.toStdString());
    const Expected<SubsetPaste> paste
            = replicate(m_document->project(), ids, rows, columns, spacing, m_document->catalog(),
                        m_document->filePath().toStdString());
    if (!paste) {
        showMessage(tr("Cannot replicate: %1").arg(qs(paste.error().message)));
        return false;
    }
    const int copies = rows * columns - 1;
    auto *command = new AddItems(m_document, paste->added, paste->layout,
                                 copies == 1 ? tr("Replicate Selection Once")
                                             : tr("Replicate Selection %n Times", nullptr, copies));
    const QStringList added = command->deviceIds();
    m_document->undoStack()->push(command);
    selectAndShow(added);
    return true;
}

bool EditingActions::addFabric(const std::vector<std::string> &nodeIds,
                               const GeneratorOptions &options)
{
    if (!m_document)
        return false;
    const Expected<FabricDelta> delta
            = generateFabric(m_document->project(), nodeIds, options, m_document->catalog());
    if (!delta) {
        const Error &e = delta.error();
        showMessage(tr("Cannot add the fabric: %1").arg(qs(e.message)));
        return false;
    }
    Topology added;
    added.switches = delta->switches;
    added.links = delta->links;
    const int n = int(added.switches.size());
    auto *command = new AddItems(m_document, std::move(added), delta->layout,
                                 n == 1 ? tr("Add Fabric of 1 Switch")
                                        : tr("Add Fabric of %n Switches", nullptr, n));
    const QStringList switches = command->deviceIds();
    m_document->undoStack()->push(command);
    selectAndShow(switches);
    return true;
}

std::vector<std::string> EditingActions::fabricNodes() const
{
    std::vector<std::string> nodes;
    if (!m_document)
        return nodes;
    for (const Node &n : selectedFragment().topology.nodes)
        nodes.push_back(n.id);
    if (!nodes.empty())
        return nodes;
    const Topology &t = m_document->project().topology;
    std::set<std::string> cabled;
    for (const Link &l : t.links) {
        cabled.insert(l.a.device);
        cabled.insert(l.b.device);
    }
    for (const Node &n : t.nodes) {
        if (!cabled.count(n.id))
            nodes.push_back(n.id);
    }
    return nodes;
}

void EditingActions::selectAndShow(const QStringList &ids)
{
    m_document->setSelection(QSet<QString>(ids.begin(), ids.end()));
    ClusterScene *scene = m_view->clusterScene();
    if (!scene)
        return;
    QRectF area;
    for (const QString &id : ids) {
        if (const DiagramItem *item = scene->itemForId(id))
            area = area.united(item->sceneBoundingRect());
    }
    if (!area.isNull())
        m_view->ensureVisible(area, 40, 40);
}

void EditingActions::showReplicateDialog()
{
    if (!m_document)
        return;
    auto *dialog = new ReplicateDialog(m_document, selectedIds(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        replicateSelection(dialog->rowsBox()->value(), dialog->columnsBox()->value(),
                           dialog->spacingBox()->value());
    });
    dialog->open();
}

void EditingActions::showAddFabricDialog()
{
    if (!m_document)
        return;
    const std::vector<std::string> nodes = fabricNodes();
    if (nodes.empty()) {
        showMessage(tr("Every node is cabled already; remove links before adding a fabric"));
        return;
    }
    auto *dialog = new AddFabricDialog(m_document, nodes, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setOptions(Preferences::load().fabricOptions());
    connect(dialog, &QDialog::accepted, this,
            [this, dialog, nodes] { addFabric(nodes, dialog->options()); });
    dialog->open();
}

} // namespace topoplan
