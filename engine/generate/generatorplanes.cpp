#include "engine/generate/generatorfabric.h"

#include <iterator>

// Fabrics of several independent networks: a multi-plane fabric (each plane the NICs of some
// rails of every node) and a rail-only one (each rail its own network), built network by
// network (generatorfabric.cpp) and joined into one GeneratedFabric for the layout.
namespace topoplan::generator {

int railsOf(const ServerModel &m)
{
    if (m.nics == 0)
        return 0;
    return m.nics % m.trays == 0 ? m.nics / m.trays : m.nics;
}

namespace {

// The networks a fabric is built as: one, a plane per `planes` (each the NICs of rails/planes
// consecutive rails of every node), or in a rail-only fabric one per rail.
Expected<std::vector<PlaneScope>> planeScopes(const GeneratorOptions &o,
                                              const std::vector<NodeRef> &nodes)
{
    const bool railOnly = o.fabric == FabricKind::RailOnly;
    if (o.planes == 1 && !railOnly)
        return std::vector<PlaneScope>{PlaneScope{}};
    const ServerModel *m = nodes.front().model;
    for (const NodeRef &n : nodes) {
        if (n.model->nics != m->nics || n.model->trays != m->trays)
            return Error{{},
                         railOnly ? "--fabric" : "--planes",
                         std::string(railOnly ? "a rail-only fabric" : "planes")
                                 + " need nodes with the same NICs: " + n.id + " (" + n.model->id
                                 + ") has " + std::to_string(n.model->nics) + ", "
                                 + nodes.front().id + " (" + m->id + ") "
                                 + std::to_string(m->nics)};
    }
    const int rails = railsOf(*m);
    const int count = railOnly ? rails : o.planes;
    if (rails % count != 0)
        return Error{{},
                     "--planes",
                     std::to_string(count) + " planes do not divide the " + std::to_string(rails)
                             + " rails of " + m->id + " (" + std::to_string(m->nics)
                             + " NIC ports): each plane takes the same rails of every node; "
                               "use a divisor of "
                             + std::to_string(rails)};
    std::vector<PlaneScope> scopes;
    for (int p = 0; p < count; ++p)
        scopes.push_back(PlaneScope{p, count, p * rails / count, rails / count, railOnly});
    return scopes;
}

// Appends plane `f`'s switches and links to `all`, its leaves to the same layout groups and its
// spines to the same pods (the planes are alike).
void appendPlane(GeneratedFabric *all, GeneratedFabric &&f, int plane)
{
    const int offset = static_cast<int>(all->switches.size());
    all->switchPlane.resize(all->switches.size(), 0); // the first plane's
    all->switchPlane.resize(all->switches.size() + f.switches.size(), plane);
    std::move(f.switches.begin(), f.switches.end(), std::back_inserter(all->switches));
    std::move(f.links.begin(), f.links.end(), std::back_inserter(all->links));
    for (std::size_t g = 0; g < f.groupLeaves.size() && g < all->groupLeaves.size(); ++g) {
        for (int leaf : f.groupLeaves[g])
            all->groupLeaves[g].push_back(leaf + offset);
    }
    for (std::size_t p = 0; p < f.pods.size() && p < all->pods.size(); ++p) {
        for (int spine : f.pods[p].spines)
            all->pods[p].spines.push_back(spine + offset);
    }
    for (int core : f.cores)
        all->cores.push_back(core + offset);
}

} // namespace

Expected<GeneratedFabric> buildFabric(const GeneratorOptions &options, const Catalog &catalog,
                                      const std::vector<NodeRef> &nodes, IdMaker *ids,
                                      const std::string &where)
{
    if (auto err = checkFabricOptions(options))
        return *err;
    Expected<std::vector<PlaneScope>> scopes = planeScopes(options, nodes);
    if (!scopes)
        return scopes.error();
    std::optional<GeneratedFabric> all;
    for (const PlaneScope &scope : *scopes) {
        Expected<GeneratedFabric> network
                = buildNetwork(options, catalog, nodes, ids, where, scope);
        if (!network)
            return network.error();
        if (!all)
            all = std::move(*network);
        else
            appendPlane(&*all, std::move(*network), scope.index);
    }
    all->planes = static_cast<int>(scopes->size());
    if (all->planes == 1)
        all->switchPlane.clear();
    else
        all->switchPlane.resize(all->switches.size(), 0);
    return std::move(*all);
}

} // namespace topoplan::generator
