#pragma once

#include "app/document/document.h"

#include <QUndoCommand>

namespace topoplan {

// Adds a whole piece of topology in one undo step: what Paste, Duplicate and Replicate copy
// (the engine's pasteSubset()/replicate()) and what "Add Fabric..." generates. The entries
// and their layout are held by value and appended to their lists; undo removes them by id,
// links first, leaving the document exactly as before.
class AddItems : public QUndoCommand
{
public:
    AddItems(Document *document, Topology added, Layout layout, const QString &text,
             QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

    // The ids of every added domain, node, switch and link.
    QStringList ids() const;
    // The ids of the added domains, nodes and switches: what the editor selects afterwards.
    QStringList deviceIds() const;

private:
    std::optional<LayoutItem> layoutOf(const std::string &id) const;

    Document *m_document;
    Topology m_added;
    Layout m_layout;
    // Where each kind's list ended when the command was made: the entries go from there.
    template<typename T>
    int &start();
    int m_domainIndex, m_nodeIndex, m_switchIndex, m_linkIndex;
};

} // namespace topoplan
