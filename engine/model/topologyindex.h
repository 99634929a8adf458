#pragma once

#include "engine/model/project.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace topoplan {

// A topology's domains, nodes and switches by id, found in constant time: for code that looks
// up the ends of every link (Topology::node() and its kin search the lists, which is quadratic
// over a 100,000-link design). Finds what they find (the first of an id). Valid while the
// topology it was built from is neither changed nor moved.
class TopologyIndex
{
public:
    explicit TopologyIndex(const Topology &t);
    const Node *node(const std::string &id) const;
    const Switch *switchById(const std::string &id) const;
    const Domain *domain(const std::string &id) const;

private:
    std::unordered_map<std::string_view, const Node *> m_nodes;
    std::unordered_map<std::string_view, const Switch *> m_switches;
    std::unordered_map<std::string_view, const Domain *> m_domains;
};

} // namespace topoplan
