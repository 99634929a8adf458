#include "engine/model/domainrules.h"

#include "engine/core/jsonin.h"

#include <algorithm>

namespace topoplan {

namespace {

// Why a server of this NVLink scope cannot be placed in a custom domain.
const char *whyNotInDomain(NVLinkScope s)
{
    switch (s) {
    case NVLinkScope::Board:
        return "its NVLink stays on its own NVSwitch baseboard";
    case NVLinkScope::Rack:
        return "it is a whole rack-scale NVLink domain already";
    case NVLinkScope::Mesh:
        return "its GPUs are joined peer to peer inside the server";
    case NVLinkScope::None:
        return "it has no NVLink";
    case NVLinkScope::External:
        break;
    }
    return "";
}

// The NVLink generation a node's GPUs speak, or "" when the catalog cannot say.
std::string nvlinkOf(const Catalog &catalog, const Node &node)
{
    const ServerModel *server = catalog.server(node.model);
    const GpuModel *gpu = server ? catalog.gpu(server->gpu) : nullptr;
    return gpu ? gpu->nvlink : std::string();
}

} // namespace

std::optional<std::string> domainMembershipRefusal(const Catalog &catalog, const Node &node,
                                                   const std::string &domainId,
                                                   const Node *firstMember)
{
    const ServerModel *server = catalog.server(node.model);
    if (!server)
        return "node " + quoteText(node.id) + " has a server model the catalog does not know ("
               + quoteText(node.model) + ")";
    if (server->nvlinkScope != NVLinkScope::External) {
        std::string allowed;
        for (const auto &[id, s] : catalog.servers()) {
            if (s.nvlinkScope == NVLinkScope::External)
                allowed += (allowed.empty() ? "" : ", ") + id;
        }
        return "node " + quoteText(node.id) + " (" + server->id + ") cannot join NVLink domain "
               + quoteText(domainId) + ": " + whyNotInDomain(server->nvlinkScope)
               + ". Only servers whose NVLink leaves the box can be placed in a domain ("
               + (allowed.empty() ? "none in this catalog" : allowed) + ")";
    }
    if (!firstMember || firstMember->id == node.id)
        return std::nullopt;
    const std::string mine = nvlinkOf(catalog, node), theirs = nvlinkOf(catalog, *firstMember);
    if (mine != theirs)
        return "node " + quoteText(node.id) + " (" + node.model + ", " + mine
               + ") cannot share NVLink domain " + quoteText(domainId) + " with node "
               + quoteText(firstMember->id) + " (" + firstMember->model + ", " + theirs
               + "): all members of a domain must speak the same NVLink generation";
    return std::nullopt;
}

std::optional<std::string> domainMembershipRefusal(const Topology &topology, const Catalog &catalog,
                                                   const Node &node, const std::string &domainId)
{
    const bool known = std::any_of(topology.domains.begin(), topology.domains.end(),
                                   [&](const Domain &d) { return d.id == domainId; });
    if (!known)
        return "no NVLink domain has the id " + quoteText(domainId);
    const auto first
            = std::find_if(topology.nodes.begin(), topology.nodes.end(),
                           [&](const Node &n) { return n.domain == domainId && n.id != node.id; });
    return domainMembershipRefusal(catalog, node, domainId,
                                   first == topology.nodes.end() ? nullptr : &*first);
}

} // namespace topoplan
