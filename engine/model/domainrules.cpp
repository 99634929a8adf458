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
    case NVLinkScope::Bridged:
        return "its NVLink bridges join its GPUs inside the server";
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

std::unordered_map<std::string, int> domainMemberGpus(const Topology &t, const Catalog &catalog)
{
    std::unordered_map<std::string, int> gpus;
    for (const Node &n : t.nodes) {
        if (n.domain.empty())
            continue;
        const ServerModel *server = catalog.server(n.model);
        gpus[n.domain] += server ? server->gpus : 0;
    }
    return gpus;
}

int domainCapacity(const Catalog &catalog, const Domain &domain, const Node *member)
{
    if (domain.gpus > 0)
        return domain.gpus;
    const Medium *link = member ? catalog.medium(nvlinkOf(catalog, *member)) : nullptr;
    return link ? link->maxDomainGpus : 0;
}

std::optional<std::string> domainCapacityRefusal(const Catalog &catalog, const Domain &domain,
                                                 const Node &node, int gpusAlready)
{
    const ServerModel *server = catalog.server(node.model);
    const Medium *link = catalog.medium(nvlinkOf(catalog, node));
    if (!server)
        return std::nullopt; // refused as an unknown model by the membership rule
    const int limit = link ? link->maxDomainGpus : 0;
    if (domain.gpus > 0 && limit > 0 && domain.gpus > limit)
        return "NVLink domain " + quoteText(domain.id) + " is stated as "
               + std::to_string(domain.gpus) + " GPUs, but " + link->name + " joins at most "
               + std::to_string(limit) + " GPUs in one domain";
    const int capacity = domainCapacity(catalog, domain, &node);
    const long long total = 1LL * gpusAlready + server->gpus;
    if (capacity > 0 && total > capacity)
        return "node " + quoteText(node.id) + " (" + node.model + ", "
               + std::to_string(server->gpus) + " GPUs) does not fit in NVLink domain "
               + quoteText(domain.id) + ": it holds " + std::to_string(gpusAlready) + " of its "
               + std::to_string(capacity) + " GPUs"
               + (domain.gpus > 0 ? std::string()
                                  : " (" + link->name + " joins at most " + std::to_string(capacity)
                                            + " GPUs in one domain)");
    return std::nullopt;
}

std::optional<std::string> domainMembershipRefusal(const Topology &topology, const Catalog &catalog,
                                                   const Node &node, const std::string &domainId)
{
    const auto domain = std::find_if(topology.domains.begin(), topology.domains.end(),
                                     [&](const Domain &d) { return d.id == domainId; });
    if (domain == topology.domains.end())
        return "no NVLink domain has the id " + quoteText(domainId);
    const auto first
            = std::find_if(topology.nodes.begin(), topology.nodes.end(),
                           [&](const Node &n) { return n.domain == domainId && n.id != node.id; });
    if (std::optional<std::string> refusal = domainMembershipRefusal(
                catalog, node, domainId, first == topology.nodes.end() ? nullptr : &*first))
        return refusal;
    int gpus = 0;
    for (const Node &n : topology.nodes) {
        if (n.domain == domainId && n.id != node.id)
            if (const ServerModel *s = catalog.server(n.model))
                gpus += s->gpus;
    }
    return domainCapacityRefusal(catalog, *domain, node, gpus);
}

} // namespace topoplan
