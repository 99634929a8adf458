#include "engine/edit/editing.h"

#include "engine/model/naming.h"

#include <algorithm>
#include <vector>

namespace topoplan {

namespace {

// "dgx-3 (NVIDIA DGX H100)" by the name people gave, or the bare name when its model is
// unknown.
std::string describe(const Topology &topology, const Catalog &catalog, const std::string &id)
{
    std::string model;
    if (const Node *n = topology.node(id)) {
        const ServerModel *m = catalog.server(n->model);
        model = m ? m->name : n->model;
    } else if (const Switch *s = topology.switchById(id)) {
        const SwitchModel *m = catalog.switchModel(s->model);
        model = m ? m->name : s->model;
    }
    const std::string name = displayName(topology, id);
    return model.empty() ? name : name + " (" + model + ")";
}

Error editError(std::string message)
{
    return Error{{}, "/topology/links", std::move(message)};
}

} // namespace

std::vector<bool> usedPorts(const Topology &topology, const std::string &deviceId, int total)
{
    std::vector<bool> used(std::size_t(std::max(total, 0)), false);
    const auto mark = [&](const Endpoint &end, int count) {
        if (end.device != deviceId)
            return;
        for (int p = end.port; p < end.port + count; ++p) {
            if (p >= 0 && p < total)
                used[std::size_t(p)] = true;
        }
    };
    for (const Link &l : topology.links) {
        mark(l.a, l.count);
        mark(l.b, l.count);
    }
    return used;
}

std::optional<int> portCount(const Topology &topology, const Catalog &catalog,
                             const std::string &deviceId)
{
    if (const Node *n = topology.node(deviceId)) {
        if (const ServerModel *m = catalog.server(n->model))
            return m->nics;
    } else if (const Switch *s = topology.switchById(deviceId)) {
        if (const SwitchModel *m = catalog.switchModel(s->model))
            return m->ports;
    }
    return std::nullopt;
}

int usedPortCount(const Topology &topology, const std::string &deviceId)
{
    int used = 0;
    for (const Link &l : topology.links) {
        if (l.a.device == deviceId)
            used += l.count;
        if (l.b.device == deviceId)
            used += l.count;
    }
    return used;
}

Expected<int> nextFreePorts(const Topology &topology, const Catalog &catalog,
                            const std::string &deviceId, int count)
{
    if (count < 1)
        return editError("a link has at least 1 cable, not " + std::to_string(count));
    const std::optional<int> total = portCount(topology, catalog, deviceId);
    if (!total) {
        return editError(topology.hasId(deviceId)
                                 ? describe(topology, catalog, deviceId)
                                           + " has a model the catalog does not know"
                                 : "no node or switch has the id \"" + deviceId + "\"");
    }
    const std::vector<bool> used = usedPorts(topology, deviceId, *total);
    int run = 0;
    for (int p = 0; p < *total; ++p) {
        run = used[std::size_t(p)] ? 0 : run + 1;
        if (run == count)
            return p - count + 1;
    }
    const auto free = int(std::count(used.begin(), used.end(), false));
    std::string message = describe(topology, catalog, deviceId) + " has " + std::to_string(free)
                          + " of " + std::to_string(*total) + " ports free";
    if (free >= count)
        message += ", but not " + std::to_string(count) + " in a row";
    message += "; the link needs " + std::to_string(count);
    return editError(message);
}

Expected<std::string> linkMedium(const Topology &topology, const Catalog &catalog,
                                 const std::string &a, const std::string &b)
{
    for (const std::string *id : {&a, &b}) {
        if (!topology.node(*id) && !topology.switchById(*id))
            return editError("no node or switch has the id \"" + *id + "\"");
    }
    if (a == b)
        return editError("a link joins two devices; both ends are " + displayName(topology, a));
    const Node *nodeA = topology.node(a);
    const Node *nodeB = topology.node(b);
    if (nodeA && nodeB) {
        return editError("a link joins a node to a switch or two switches; "
                         + displayName(topology, a) + " and " + displayName(topology, b)
                         + " are both nodes");
    }

    std::string medium;
    if (nodeA || nodeB) {
        const Node *node = nodeA ? nodeA : nodeB;
        const Switch *sw = topology.switchById(nodeA ? b : a);
        const ServerModel *server = catalog.server(node->model);
        const SwitchModel *model = catalog.switchModel(sw->model);
        if (!server || !model)
            return editError("the catalog does not know " + (server ? sw->model : node->model));
        if (server->nics == 0)
            return editError(describe(topology, catalog, node->id) + " has no compute NICs");
        medium = catalog.inferMedium(*server, *model);
    } else {
        const SwitchModel *ma = catalog.switchModel(topology.switchById(a)->model);
        const SwitchModel *mb = catalog.switchModel(topology.switchById(b)->model);
        if (!ma || !mb) {
            return editError(
                    "the catalog does not know "
                    + (ma ? topology.switchById(b)->model : topology.switchById(a)->model));
        }
        medium = catalog.inferMedium(*ma, *mb);
        if (medium.empty() && ma->protocol != mb->protocol) {
            const bool ibA = ma->protocol == SwitchProtocol::InfiniBand;
            return editError("no cable joins " + describe(topology, catalog, a) + ", an "
                             + (ibA ? "InfiniBand" : "Ethernet") + " switch, and "
                             + describe(topology, catalog, b) + ", an "
                             + (ibA ? "Ethernet" : "InfiniBand")
                             + " switch: the two fabrics meet only through a gateway");
        }
    }
    if (medium.empty()) {
        return editError("the catalog has no medium that both " + describe(topology, catalog, a)
                         + " and " + describe(topology, catalog, b) + " speak");
    }
    return medium;
}

Expected<Link> proposeLink(const Topology &topology, const Catalog &catalog, const std::string &a,
                           const std::string &b, int count)
{
    const Expected<std::string> medium = linkMedium(topology, catalog, a, b);
    if (!medium)
        return medium.error();

    Expected<int> portA = nextFreePorts(topology, catalog, a, count);
    if (!portA)
        return portA.error();
    Expected<int> portB = nextFreePorts(topology, catalog, b, count);
    if (!portB)
        return portB.error();

    Link link;
    link.id = unusedId(topology, "link");
    link.a = Endpoint{a, *portA};
    link.b = Endpoint{b, *portB};
    link.medium = *medium;
    link.count = count;
    return link;
}

} // namespace topoplan
