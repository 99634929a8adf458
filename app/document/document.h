#pragma once

#include "app/common/changeevent.h"

#include "engine/model/entities.h"

#include "engine/core/jsonin.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <QObject>
#include <QPointF>
#include <QSet>
#include <QString>

#include <optional>

class QUndoStack;

namespace topoplan {

// What File > Project Properties edits: the project's own texts.
struct ProjectInfo
{
    QString name;
    QString description;
    QString revision;  // "B", "2.1"; printed in the report's title block
    QString hostNames; // a Slurm host list such as "dgx[001-128]"; empty: the node names
    // Where the racks stand, so that the documents measure the cables; none: default lengths.
    std::optional<FloorPlan> floor;
    bool operator==(const ProjectInfo &) const = default;
};

// One open project: the model, its undo stack, the selection, the file it came from and
// whether it changed since. The model is read directly through project(); it changes only
// through QUndoCommands pushed on undoStack() (see undocommands.h), which call the mutators
// below. Every change is announced by changed().
class Document : public QObject
{
    Q_OBJECT

public:
    explicit Document(QObject *parent = nullptr);
    explicit Document(Project project, const QString &filePath = {}, QObject *parent = nullptr);
    ~Document() override;

    const Project &project() const { return m_project; }
    // The built-in catalog with the project's own "catalog" section applied.
    const Catalog &catalog() const { return *m_catalog; }
    QUndoStack *undoStack() const { return m_undoStack; }

    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &filePath);
    // The project's name, else the file's base name, else "Untitled".
    QString displayName() const;

    bool isModified() const;
    // The current state is what is on disk (after a save).
    void markSaved();
    // The current state is not on disk, and no undo step leads back to what is: a project
    // restored from a recovery file.
    void markUnsaved();

    const QSet<QString> &selection() const { return m_selection; }
    void setSelection(const QSet<QString> &ids);
    bool isSelected(const QString &id) const { return m_selection.contains(id); }

    // True for the id of any node, switch, domain or link.
    bool contains(const QString &id) const;

    // --- Mutators for undo commands only: each changes the model and emits changed(). ---
    void setProjectName(const QString &name);
    // Name, description, revision and host-name pattern. ProjectChanged.
    ProjectInfo projectInfo() const;
    void setProjectInfo(const ProjectInfo &info);
    // The training job: the workload and the plan (either may be absent). ProjectChanged.
    void setJob(const std::optional<Workload> &workload, const std::optional<Plan> &plan);
    // The project's "catalog" section (null: none), already checked (withHardware); catalog()
    // follows. CatalogChanged, naming every node, switch, domain and link.
    Json catalogOverrides() const { return m_project.catalogOverrides; }
    void setCatalogOverrides(const Json &section);
    QString itemName(const QString &id) const; // node, switch or domain
    void setItemName(const QString &id, const QString &name);
    std::optional<LayoutItem> layoutItem(const QString &id) const;
    // Sets several layout items in one change (a multi-selection drag is one event).
    void setLayoutItems(const QStringList &ids, const QList<LayoutItem> &items);

    // Inserting and removing topology entries of any kind T (Domain, Node, Switch, Link; see
    // EntityTraits), at an index so that undo restores the order. The layout item (if any)
    // travels with the entry.
    template<typename T>
    void insert(int index, const T &entry, const std::optional<LayoutItem> &layout = {});
    template<typename T>
    void remove(const QString &id);
    // Moves a node into a custom NVLink domain (or out of one, with an empty domain id).
    void setNodeDomain(const QString &nodeId, const QString &domainId);
    // Replace entries by id with new values of the same ids, in one change (property edits);
    // their places in the lists and their layout stay. Unknown ids are skipped.
    template<typename T>
    void update(const QList<T> &entries);
    // Index of an entry in its topology list, or -1.
    template<typename T>
    int indexOf(const QString &id) const;

    // An id not yet used in the topology: prefix-1, prefix-2, ...
    QString unusedId(const QString &prefix) const;

    // Changes made while a batch is open reach changed() when the outermost batch closes, as
    // one event per kind of change (in the order each kind first happened) with every id it
    // named: one undo command is one event per kind, however many items it touches. Pasting
    // 256 servers is a few events, not thousands. See ChangeBatch.
    void beginBatch();
    void endBatch();

Q_SIGNALS:
    void changed(const topoplan::ChangeEvent &event);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &filePath);

private:
    void emitChanged(ChangeEvent::Kind kind, QStringList ids);
    void dropFromSelection(const QString &id);

    Project m_project;
    std::optional<Catalog> m_catalog;
    QUndoStack *m_undoStack;
    QString m_filePath;
    QSet<QString> m_selection;
    int m_batchDepth = 0;
    QList<ChangeEvent> m_pending;      // one per kind, in order of first occurrence
    QList<QSet<QString>> m_pendingIds; // the ids already in each, to name each id once
};

// Opens a batch of changes on `document` for the scope (the body of an undo command's redo()
// or undo()).
class ChangeBatch
{
public:
    explicit ChangeBatch(Document *document)
        : m_document(document)
    {
        m_document->beginBatch();
    }
    ~ChangeBatch() { m_document->endBatch(); }
    ChangeBatch(const ChangeBatch &) = delete;
    ChangeBatch &operator=(const ChangeBatch &) = delete;

private:
    Document *m_document;
};

} // namespace topoplan
