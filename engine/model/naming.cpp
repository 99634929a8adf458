#include "engine/model/naming.h"

namespace topoplan {

std::string railText(int port, int count)
{
    if (count <= 1)
        return "rail " + std::to_string(port + 1);
    return "rails " + std::to_string(port + 1) + "-" + std::to_string(port + count);
}

std::string linkName(const Topology &topology, const Link &link)
{
    const bool aIsNode = topology.node(link.a.device) != nullptr;
    const bool bIsNode = !aIsNode && topology.node(link.b.device) != nullptr;
    const Endpoint &first = bIsNode ? link.b : link.a;
    const Endpoint &second = bIsNode ? link.a : link.b;
    std::string out = displayName(topology, first.device);
    if (aIsNode || bIsNode)
        out += " " + railText(first.port, link.count);
    return out + " - " + displayName(topology, second.device);
}

std::string displayName(const Topology &topology, const std::string &id)
{
    if (const Node *n = topology.node(id))
        return n->name.empty() ? n->id : n->name;
    if (const Switch *s = topology.switchById(id))
        return s->name.empty() ? s->id : s->name;
    if (const Domain *d = topology.domain(id))
        return d->name.empty() ? d->id : d->name;
    for (const Link &l : topology.links) {
        if (l.id == id)
            return linkName(topology, l);
    }
    return id;
}

} // namespace topoplan
