#pragma once

#include "app/document/document.h"

#include <QUndoCommand>

#include <optional>
#include <vector>

namespace topoplan {

// Adding and removing topology entries. A command holds the entries it adds or removed by
// value (never pointers into the model or the scene), so undo restores them exactly, at the
// same place in their list.

// Adds one entry of kind T (Domain, Node, Switch or Link) with its layout item, at the end of
// its list; undo removes it by id.
template<typename T>
class AddEntry : public QUndoCommand
{
public:
    AddEntry(Document *document, T entry, std::optional<LayoutItem> layout = {},
             QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    T m_entry;
    std::optional<LayoutItem> m_layout;
    int m_index;
};

using AddDomain = AddEntry<Domain>;
using AddNode = AddEntry<Node>;
using AddSwitch = AddEntry<Switch>;
using AddLink = AddEntry<Link>;

// Removes nodes, switches, domains and links by id, together with what cannot exist without
// them: the links of a removed device, and the membership of nodes in a removed domain (the
// nodes stay).
class RemoveItems : public QUndoCommand
{
public:
    RemoveItems(Document *document, const QStringList &ids, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    template<typename T>
    struct Removed
    {
        int index;
        T entry;
        std::optional<LayoutItem> layout;
    };

    template<typename T>
    std::vector<Removed<T>> &removed();

    Document *m_document;
    // Each in ascending index order: removed back to front, restored front to back.
    std::vector<Removed<Domain>> m_domains;
    std::vector<Removed<Node>> m_nodes;
    std::vector<Removed<Switch>> m_switches;
    std::vector<Removed<Link>> m_links;
    // Nodes that stay but leave a removed domain: (node id, domain id).
    std::vector<std::pair<QString, QString>> m_released;
};

} // namespace topoplan
