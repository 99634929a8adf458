#include "engine/model/project.h"

#include <algorithm>

namespace topoplan {

namespace {

template<typename T>
const T *findById(const std::vector<T> &items, const std::string &id)
{
    auto it = std::find_if(items.begin(), items.end(), [&](const T &x) { return x.id == id; });
    return it == items.end() ? nullptr : &*it;
}

} // namespace

const char *toString(Tier t)
{
    switch (t) {
    case Tier::Leaf:
        return "leaf";
    case Tier::Spine:
        return "spine";
    case Tier::Core:
        return "core";
    }
    return "leaf";
}

const char *toString(FabricRole r)
{
    switch (r) {
    case FabricRole::Compute:
        return "compute";
    case FabricRole::Storage:
        return "storage";
    case FabricRole::Management:
        return "management";
    }
    return "compute";
}

std::optional<Tier> tierFromString(const std::string &s)
{
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        if (s == toString(t))
            return t;
    }
    return std::nullopt;
}

std::optional<FabricRole> roleFromString(const std::string &s)
{
    for (FabricRole r : {FabricRole::Compute, FabricRole::Storage, FabricRole::Management}) {
        if (s == toString(r))
            return r;
    }
    return std::nullopt;
}

const char *toString(NetworkRow r)
{
    return r == NetworkRow::Middle ? "middle" : "end";
}

std::optional<NetworkRow> networkRowFromString(const std::string &s)
{
    for (NetworkRow r : {NetworkRow::End, NetworkRow::Middle})
        if (s == toString(r))
            return r;
    return std::nullopt;
}

bool Node::nicFailed(int nic) const
{
    return std::find(failedNics.begin(), failedNics.end(), nic) != failedNics.end();
}

const Node *Topology::node(const std::string &id) const
{
    return findById(nodes, id);
}

const Switch *Topology::switchById(const std::string &id) const
{
    return findById(switches, id);
}

const Domain *Topology::domain(const std::string &id) const
{
    return findById(domains, id);
}

bool Topology::hasId(const std::string &id) const
{
    return domain(id) || node(id) || switchById(id) || findById(links, id);
}

bool Topology::anyFailed() const
{
    for (const Node &n : nodes) {
        if (n.failed || !n.failedNics.empty())
            return true;
    }
    for (const Switch &s : switches) {
        if (s.failed)
            return true;
    }
    for (const Link &l : links) {
        if (l.failed)
            return true;
    }
    return false;
}

} // namespace topoplan
