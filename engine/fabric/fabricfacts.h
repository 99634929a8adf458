#pragma once

#include "engine/core/error.h"
#include "engine/fabric/fabricgraph.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <string>
#include <vector>

namespace topoplan {

// What the analysis reads of a topology beyond the fabric graph, computed once per Analyzer:
// the GPU model steps are projected on, each switch's oversubscription and the rails of a
// rail-optimized fabric.
struct FabricFacts
{
    // The GPU of the nodes; with several models the slowest (lowest BF16 peak), since a
    // synchronous step waits for it.
    GpuModel gpu;
    // Every GPU model with GPUs in the topology, slowest first, and the nodes of each.
    std::vector<std::string> gpuModels;
    std::vector<std::vector<int>> gpuModelNodes; // indices into Topology::nodes
    bool mixedGpuModels() const { return gpuModels.size() > 1; }
    // The slowest host copy rate of a GPU server, GB/s per GPU and direction
    // (Catalog::hostLinkGBs): where offloaded activations go.
    double hostLinkGBs = 0;
    // The least host memory a GPU has to itself, GB: a GPU server's host_memory_gb over its
    // GPUs, the smallest of the servers that state it (0: none does).
    double hostMemoryGBPerGpu = 0;

    // Per switch (Topology::switches index), line rate in GB/s: toward nodes and lower tiers
    // (down) and toward higher tiers (up). Links between switches of one tier count for neither.
    std::vector<double> downGBs, upGBs;
    // Oversubscription of a switch: down / up (1 = non-blocking); 0 for a switch without uplinks.
    double oversubscription(int sw) const { return upGBs[sw] > 0 ? downGBs[sw] / upGBs[sw] : 0; }

    // A rail-optimized fabric (DGX SuperPOD): every switch that NICs are cabled to takes (mostly)
    // the NICs of one local index from each server, its rail, or of one set of indices (a leaf
    // that carries rails 1-4), and there are two rails or rail sets or more. Same-rail traffic
    // stays on its leaf; cross-rail traffic climbs to the spines.
    bool railOptimized = false;
    // By switch: its rail (the lowest index of its rail set), -1 without NICs (or not
    // rail-optimized).
    std::vector<int> switchRail;
    std::vector<int> nicRail; // by vertex: the rail of a NIC's switch, -1 for other vertices

    // Fails only on a node whose model the catalog lacks (FabricGraph::build refuses it too).
    static Expected<FabricFacts> of(const Topology &topology, const Catalog &catalog,
                                    const FabricGraph &graph);
};

} // namespace topoplan
