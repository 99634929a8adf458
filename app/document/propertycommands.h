#pragma once

#include "app/document/changevalue.h"

#include "engine/edit/propertyedit.h"

#include <QStringList>
#include <QUndoCommand>

#include <memory>

namespace topoplan {

// Property edits from the inspector: new values of whole entries (a node, a switch, a link, a
// domain) put in place of the old ones by id. The engine's editProperty() works out and checks
// the new entries; these commands only swap them, so undo gives back the exact old ones (a
// bundle's ports included).
template<typename Entry>
class ChangeEntries : public ChangeValue<Entry>
{
public:
    ChangeEntries(Document *document, const std::vector<Entry> &entries,
                  QUndoCommand *parent = nullptr);

protected:
    Entry value(const QString &id) const override;
    void setValue(const QString &id, const Entry &entry) const override;
    void setValues(const QStringList &ids, const QList<Entry> &entries) const override;
};

// One property set on every entry of a selection: one undo step, whatever kinds of entries it
// touches, with a text such as "Set Tier of 3 Items".
class ChangeProperties : public QUndoCommand
{
public:
    ChangeProperties(Document *document, Property property, const TopologyEdit &edit,
                     QUndoCommand *parent = nullptr);

    // "Tier", "Model", ...: the property as the inspector labels it.
    static QString label(Property property);
    static int itemCount(const TopologyEdit &edit);

    void redo() override;
    void undo() override;

private:
    Document *m_document;
};

// The one path by which a property of the topology changes, whatever the user acted on: the
// inspector, a link's context menu, a drop into a switch lane or a domain box. The engine's
// editProperty() works out and checks the new entries (its validator is the one that loading
// and saving use), so no edit can make a file the loader refuses. Returns the command to push
// (null when every entry holds the value already) or the engine's refusal; nothing changes
// until the caller pushes it.
Expected<std::unique_ptr<QUndoCommand>> propertyChange(Document *document, const QStringList &ids,
                                                       Property property, const QString &value,
                                                       QUndoCommand *parent = nullptr);

// A model change that takes the links it would strand along, each to the medium its two ends
// then agree on (the engine's editModelWithMedia()): one undo step. What the inspector offers
// when propertyChange() refuses a model for its links' media (an InfiniBand fabric made
// Ethernet by its switches' model).
struct ModelChangeWithMedia
{
    std::unique_ptr<QUndoCommand> command;
    int links = 0;     // links whose medium changes
    QStringList media; // the media they take, as the catalog names them
};
Expected<ModelChangeWithMedia> modelChangeWithMedia(Document *document, const QStringList &ids,
                                                    const QString &model);

} // namespace topoplan
