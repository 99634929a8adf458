#pragma once

#include "app/document/document.h"

#include <QUndoCommand>

#include <optional>
#include <vector>

namespace topoplan {

// Adding and removing topology entries. A command holds the entries it adds or removed by
// value (never pointers into the model or the scene), so undo restores them exactly, at the
// same place in their list.

class AddNode : public QUndoCommand
{
public:
    AddNode(Document *document, Node node, std::optional<LayoutItem> layout = {},
            QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    Node m_node;
    std::optional<LayoutItem> m_layout;
    int m_index;
};

class AddSwitch : public QUndoCommand
{
public:
    AddSwitch(Document *document, Switch sw, std::optional<LayoutItem> layout = {},
              QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    Switch m_switch;
    std::optional<LayoutItem> m_layout;
    int m_index;
};

class AddDomain : public QUndoCommand
{
public:
    AddDomain(Document *document, Domain domain, std::optional<LayoutItem> layout = {},
              QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    Domain m_domain;
    std::optional<LayoutItem> m_layout;
    int m_index;
};

class AddLink : public QUndoCommand
{
public:
    AddLink(Document *document, Link link, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    Link m_link;
    int m_index;
};

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
