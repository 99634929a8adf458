#include "engine/model/topologyindex.h"

namespace topoplan {

namespace {

template<typename T>
std::unordered_map<std::string_view, const T *> indexById(const std::vector<T> &items)
{
    std::unordered_map<std::string_view, const T *> out;
    out.reserve(items.size());
    for (const T &x : items)
        out.emplace(x.id, &x); // the first of an id stays, as Topology::node() finds it
    return out;
}

template<typename T>
const T *lookUp(const std::unordered_map<std::string_view, const T *> &index, const std::string &id)
{
    auto it = index.find(id);
    return it == index.end() ? nullptr : it->second;
}

} // namespace

TopologyIndex::TopologyIndex(const Topology &t)
    : m_nodes(indexById(t.nodes))
    , m_switches(indexById(t.switches))
    , m_domains(indexById(t.domains))
{}

const Node *TopologyIndex::node(const std::string &id) const
{
    return lookUp(m_nodes, id);
}

const Switch *TopologyIndex::switchById(const std::string &id) const
{
    return lookUp(m_switches, id);
}

const Domain *TopologyIndex::domain(const std::string &id) const
{
    return lookUp(m_domains, id);
}

} // namespace topoplan
