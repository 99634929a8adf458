#include "engine/model/summary.h"

#include "engine/core/jsonin.h"

#include <set>

namespace topoplan {

Expected<TopologySummary> summarize(const Topology &topology, const Catalog &catalog)
{
    TopologySummary s;
    std::set<std::string> customDomainsInUse;
    for (const Node &n : topology.nodes) {
        const ServerModel *m = catalog.server(n.model);
        if (!m)
            return Error{{}, n.id, "unknown server model " + quoteText(n.model)};
        ++s.nodes;
        s.gpus += m->gpus;
        // The NVLink domain rules of FabricGraph::build: a custom domain counts once however
        // many trays it holds; a lone tray, a board server, a rack or a mesh is one domain; a
        // bridged server's groups are one each, and a PCIe-only server's GPUs.
        if (!n.domain.empty())
            customDomainsInUse.insert(n.domain);
        else if (m->nvlinkScope == NVLinkScope::None)
            s.domains += m->gpus;
        else if (m->nvlinkScope == NVLinkScope::Bridged)
            s.domains += m->gpus / m->nvlinkGroupGpus;
        else
            ++s.domains;
    }
    s.domains += static_cast<int>(customDomainsInUse.size());
    for (const Switch &sw : topology.switches) {
        if (!catalog.switchModel(sw.model))
            return Error{{}, sw.id, "unknown switch model " + quoteText(sw.model)};
        switch (sw.tier) {
        case Tier::Leaf:
            ++s.leaf;
            break;
        case Tier::Spine:
            ++s.spine;
            break;
        case Tier::Core:
            ++s.core;
            break;
        }
    }
    s.links = static_cast<int>(topology.links.size());
    for (const Link &l : topology.links)
        s.cables += l.count;
    return s;
}

} // namespace topoplan
