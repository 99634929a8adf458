#pragma once

#include "engine/generate/generatorfabric.h"
#include "engine/model/project.h"

#include <vector>

// The diagram of a generated design, with the geometry of engine/generator.h's `diagram`.
namespace topoplan::generator {

// Lanes top to bottom: cores, spines, leaves, then the nodes, grouped by SU or pod under their
// leaves and wrapped into rows; trays of a custom domain in its box. A design too wide for
// one row (a 16,384-GPU fabric is 64 SUs side by side) is laid out as a grid of blocks,
// each a pod (its spines, leaves and nodes) under the cores, or an SU under the spines;
// the top tier stays above all, wrapped to the grid's width. See gridShape. `nodeDomain` is the index
// into t.domains of each node, or -1; `fabric` may be null (nodes only).
Layout layoutProject(const Topology &t, const std::vector<int> &nodeDomain,
                     const GeneratedFabric *fabric);

// A row of blocks wider than this many times its height is wrapped into a grid...
inline constexpr double kMaxRowAspect = 8.0;
// ...whose width over height comes nearest to this: a 16:10 screen, so that the whole design
// opens at a zoom where its blocks can be told apart.
inline constexpr double kGridAspect = 1.6;

struct GridShape
{
    std::size_t columns = 1; // blocks per row
    bool wrapped = false;    // false: one row, the top tier in one row over it
};
// How blocks of these widths and at most `blockHeight` tall are arranged under a top tier of
// `topSwitches` switches: one row while that is at most kMaxRowAspect wide for its height,
// else the column count whose grid's aspect is nearest kGridAspect.
GridShape gridShape(const std::vector<double> &blockWidths, double blockHeight,
                    std::size_t topSwitches);
// Switches per row when `count` of them wrap to `width`, and the height of those rows.
std::size_t switchesPerRow(std::size_t count, double width);
double topBandHeight(std::size_t count, double width);

// New switches above what `p` draws already: each group's leaves centred over its nodes, pushed
// right where groups interleave; spines over their pod's leaves; cores over all.
Layout layoutOverNodes(const Project &p, const std::vector<NodeRef> &nodes,
                       const GeneratedFabric &fabric);

} // namespace topoplan::generator
