#pragma once

#include "engine/generate/generatorfabric.h"
#include "engine/model/project.h"

#include <vector>

// The diagram of a generated design, with the geometry of engine/generator.h's `diagram`.
namespace topoplan::generator {

// Lanes top to bottom: cores, spines, leaves, then the nodes, grouped by SU or pod under their
// leaves and wrapped into rows; trays of a custom domain in its box. `nodeDomain` is the index
// into t.domains of each node, or -1; `fabric` may be null (nodes only).
Layout layoutProject(const Topology &t, const std::vector<int> &nodeDomain,
                     const GeneratedFabric *fabric);

// New switches above what `p` draws already: each group's leaves centred over its nodes, pushed
// right where groups interleave; spines over their pod's leaves; cores over all.
Layout layoutOverNodes(const Project &p, const std::vector<NodeRef> &nodes,
                       const GeneratedFabric &fabric);

} // namespace topoplan::generator
