#pragma once

#include "engine/catalog.h"
#include "engine/error.h"
#include "engine/project.h"

#include <boost/graph/adjacency_list.hpp>

#include <string>
#include <vector>

namespace topoplan {

// The topology expanded to devices: every GPU, NVSwitch, NIC and switch, joined by edges with
// per-direction capacities. This is what routing and hop counts work on.

enum class VertexKind { Gpu, NVSwitch, Nic, Switch, Host };

struct FabricVertex
{
    VertexKind kind = VertexKind::Gpu;
    std::string id;  // "node-1/gpu3", "node-1/nvswitch", "dom-1/nvswitch", "node-1/nic3",
                     // "node-1/host" (PCIe root of a server without NVLink), "leaf-1"
    int node = -1;   // index into Topology::nodes (GPUs, NICs, hosts, a board's NVSwitch)
    int sw = -1;     // index into Topology::switches
    int domain = -1; // index into FabricGraph::domains() (GPUs and NVSwitches)
    int local = -1;  // GPU or NIC index within its node (for a rack: 0..71)
};

// One direction of a connection. Every connection is two edges, each the other's `reverse`.
struct FabricEdge
{
    double capacityGBs = 0;  // line rate x count, this direction, GB/s
    double effectiveGBs = 0; // x the medium's efficiency: what large collectives achieve
    double latencyUs = 0;
    LinkClass linkClass = LinkClass::PCIe;
    const Medium *medium = nullptr;
    int link = -1;           // index into Topology::links; -1 for edges inside a box
    int count = 1;           // parallel cables (or NVLink links) this edge stands for
    std::size_t reverse = 0; // edge index of the opposite direction
    std::size_t index = 0;   // this edge's index in FabricGraph::edges()
};

using FabricBoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS,
                                               FabricVertex, FabricEdge>;
using VertexId = std::size_t;
using EdgeDesc = FabricBoostGraph::edge_descriptor;

// One NVLink domain: the GPUs that talk over NVLink (or xGMI) without leaving it.
struct NVLinkDomain
{
    std::string id; // custom domain id, else the node's id ("node-3"); a GPU of a server
                    // without NVLink is a domain of one: "node-3/gpu5"
    std::string name;
    std::vector<VertexId> gpus;     // in GPU order
    std::vector<int> nodes;         // indices into Topology::nodes
    const Medium *medium = nullptr; // NVLink generation (nullptr for a PCIe-only GPU)
    double perGpuGBs = 0;           // NVLink bandwidth per GPU per direction (line rate)
    bool custom = false;            // a Domain container of the topology
};

class FabricGraph
{
public:
    // Expands `topology` with `catalog`'s models. Fails (with the offending id) on references
    // the loader would also refuse, so callers may pass an unvalidated topology.
    static Expected<FabricGraph> build(const Topology &topology, const Catalog &catalog);

    const FabricBoostGraph &graph() const { return m_graph; }
    const FabricVertex &vertex(VertexId v) const { return m_graph[v]; }
    std::size_t vertexCount() const { return boost::num_vertices(m_graph); }
    // All directed edges by index (FabricEdge::index), for per-edge load arrays.
    const std::vector<EdgeDesc> &edges() const { return m_edges; }
    const FabricEdge &edge(std::size_t index) const { return m_graph[m_edges[index]]; }
    VertexId source(std::size_t edgeIndex) const;
    VertexId target(std::size_t edgeIndex) const;

    // GPUs ordered by domain, then node, then local index: the order ranks are placed in.
    const std::vector<VertexId> &gpus() const { return m_gpus; }
    const std::vector<NVLinkDomain> &domains() const { return m_domains; }
    int domainOf(VertexId gpu) const { return m_graph[gpu].domain; }
    // The NIC that NCCL would use for `gpu` (PCIe affinity: GPU i of n to NIC i*nics/n), or
    // none when the node has no NIC.
    std::optional<VertexId> nicOf(VertexId gpu) const;
    std::optional<VertexId> findVertex(const std::string &id) const;

    // Edges on the shortest path from `a` to `b` as NCCL would route it (over NVLink inside a
    // domain, else GPU -> its NIC -> the network -> the peer's NIC -> peer), or 0 when `a`
    // and `b` are the same; nullopt when there is no path.
    std::optional<int> hops(VertexId gpuA, VertexId gpuB) const;
    // Switches traversed between the two GPUs' NICs (0 inside a domain), nullopt: no path.
    std::optional<int> switchHops(VertexId gpuA, VertexId gpuB) const;

private:
    FabricBoostGraph m_graph;
    std::vector<EdgeDesc> m_edges;
    std::vector<VertexId> m_gpus;
    std::vector<NVLinkDomain> m_domains;
    std::vector<std::optional<VertexId>> m_nicOfGpu; // indexed by vertex
    std::map<std::string, VertexId> m_byId;
    // Filled by build(): hop distances between switches, for hops() and switchHops().
    std::vector<std::vector<int>> m_switchDistance;
    std::vector<int> m_switchIndexOfVertex;
};

} // namespace topoplan
