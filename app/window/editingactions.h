#pragma once

#include "engine/generate/generator.h"
#include "engine/model/project.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

class QAction;
class QMainWindow;
class QMenu;

namespace topoplan {

class ClusterView;
class Document;
class FindBar;
class InspectorDock;
class MainWindow;
class RenameEditor;

// The editing operations of the main window: Edit > Cut, Copy, Paste, Duplicate, Delete,
// Rename and Find; Arrange > Replicate...; Fabric > Add Fabric...; the property inspector dock,
// the find bar and in-place renaming. Every operation is one undo step on the document; the
// engine does the work that is not about widgets (extractSubset(), pasteSubset(), replicate(),
// generateFabric(), editProperty()).
class EditingActions : public QObject
{
    Q_OBJECT

public:
    // Adds the actions to `window`'s menus (found by object name, "editMenu", "arrangeMenu",
    // "fabricMenu", or made before the Help menu), the inspector to its right dock area and the
    // find bar to `view`.
    EditingActions(QMainWindow *window, ClusterView *view);
    ~EditingActions() override;

    // Installs the editing operations in the main window and keeps them on its current
    // document as files are opened and new projects started.
    static EditingActions *install(MainWindow *window);

    void setDocument(Document *document);
    Document *document() const { return m_document; }

    QAction *cutAction() const { return m_cut; }
    QAction *copyAction() const { return m_copy; }
    QAction *pasteAction() const { return m_paste; }
    QAction *duplicateAction() const { return m_duplicate; }
    QAction *deleteAction() const { return m_delete; }
    QAction *renameAction() const { return m_rename; }
    QAction *findAction() const { return m_find; }
    QAction *replicateAction() const { return m_replicate; }
    QAction *addFabricAction() const { return m_addFabric; }
    InspectorDock *inspector() const { return m_inspector; }
    FindBar *findBar() const { return m_findBar; }
    RenameEditor *renameEditor() const { return m_renameEditor; }

    // What the actions do, without dialogs.
    void copy();
    void cut();
    bool paste();
    bool duplicate();
    void deleteSelection();
    bool rename();
    bool replicateSelection(int rows, int columns, double spacing);
    bool addFabric(const std::vector<std::string> &nodeIds, const GeneratorOptions &options);
    // The nodes "Add Fabric..." cables: the selected ones (with the members of selected
    // domains), or, with none selected, every node whose NICs are not cabled yet.
    std::vector<std::string> fabricNodes() const;

    // The last thing said in the status bar (a refusal, what a paste left out).
    QString lastMessage() const { return m_lastMessage; }

Q_SIGNALS:
    void message(const QString &text);

private:
    void createActions();
    void addToMenus();
    QMenu *menu(const char *objectName, const QString &title);
    void updateActions();
    void showMessage(const QString &text);
    void showReplicateDialog();
    void showAddFabricDialog();

    QStringList selectedIds() const; // sorted
    // How many domains, nodes and switches are selected, counting up to `enough`.
    int selectedDevices(int enough) const;
    // The selection with the members of selected domains: what Copy copies and Delete deletes.
    Project selectedFragment() const;
    QStringList fragmentIds(const Project &fragment) const;
    bool insertCopy(const Project &fragment, const QString &text);
    void selectAndShow(const QStringList &ids);
    QString itemLabel(const QString &id) const;

    QMainWindow *m_window;
    ClusterView *m_view;
    QPointer<Document> m_document;
    InspectorDock *m_inspector;
    FindBar *m_findBar;
    RenameEditor *m_renameEditor;
    QString m_lastMessage;
    QTimer m_updateTimer;

    QAction *m_cut = nullptr;
    QAction *m_copy = nullptr;
    QAction *m_paste = nullptr;
    QAction *m_duplicate = nullptr;
    QAction *m_delete = nullptr;
    QAction *m_rename = nullptr;
    QAction *m_find = nullptr;
    QAction *m_replicate = nullptr;
    QAction *m_addFabric = nullptr;
};

} // namespace topoplan
