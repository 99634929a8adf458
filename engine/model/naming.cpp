#include "engine/model/naming.h"

#include <utility>

namespace topoplan {

std::string railText(int port, int count)
{
    if (count <= 1)
        return "rail " + std::to_string(port + 1);
    return "rails " + std::to_string(port + 1) + "-" + std::to_string(port + count);
}

std::string endpointText(const Topology &topology, const Endpoint &end, int count)
{
    const bool node = topology.node(end.device) != nullptr;
    std::string ports = std::to_string(end.port);
    if (count > 1)
        ports += "-" + std::to_string(end.port + count - 1);
    const std::string kind
            = node ? (count > 1 ? " NICs " : " NIC ") : (count > 1 ? " ports " : " port ");
    std::string out = displayName(topology, end.device) + kind + ports;
    if (node)
        out += " (" + railText(end.port, count) + ")";
    return out;
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

namespace {

// "gpu3" -> "GPU 3", "nic0" -> "NIC 0", "nvswitch" -> "NVSwitch": a part inside a device.
std::string partName(const std::string &part)
{
    const auto numbered = [&](const std::string &prefix, const std::string &label) {
        if (part.rfind(prefix, 0) != 0 || part.size() == prefix.size())
            return std::string();
        return label + " " + part.substr(prefix.size());
    };
    for (const auto &[prefix, label] :
         {std::pair<const char *, const char *>{"gpu", "GPU"}, {"nic", "NIC"}, {"tray", "tray"}}) {
        if (std::string n = numbered(prefix, label); !n.empty())
            return n;
    }
    if (part == "nvswitch")
        return "NVSwitch";
    return part;
}

} // namespace

std::string displayName(const Topology &topology, const std::string &id)
{
    // A path inside the fabric: "node-3/gpu0->node-3/nvswitch", each end by its name.
    if (const std::size_t arrow = id.find("->"); arrow != std::string::npos) {
        const std::string from = displayName(topology, id.substr(0, arrow));
        const std::string to = displayName(topology, id.substr(arrow + 2));
        const std::size_t device = from.find(' ');
        // Both inside one server: "dgx-3 GPU 0 - NVSwitch".
        if (device != std::string::npos && to.rfind(from.substr(0, device + 1), 0) == 0)
            return from + " - " + to.substr(device + 1);
        return from + " - " + to;
    }
    // A part of a device: "node-3/gpu0" -> "dgx-3 GPU 0".
    if (const std::size_t slash = id.find('/'); slash != std::string::npos)
        return displayName(topology, id.substr(0, slash)) + " " + partName(id.substr(slash + 1));
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
