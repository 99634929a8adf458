#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <boost/graph/adjacency_list.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
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

constexpr std::size_t kNoEdge = std::numeric_limits<std::size_t>::max();

// One NVLink domain: the GPUs that talk over NVLink (or xGMI) without leaving it.
struct NVLinkDomain
{
    std::string id; // custom domain id, else the node's id ("node-3"); a GPU of a server
                    // without NVLink is a domain of one: "node-3/gpu5"; a bridged group of
                    // GPUs one of its own: "node-3/gpu4-5"
    std::string name;
    std::vector<VertexId> gpus;       // in GPU order
    std::vector<int> nodes;           // indices into Topology::nodes
    const Medium *medium = nullptr;   // NVLink generation (nullptr for a PCIe-only GPU)
    double perGpuGBs = 0;             // NVLink bandwidth per GPU per direction (line rate)
    bool custom = false;              // a Domain container of the topology
    std::optional<VertexId> nvswitch; // the domain's aggregate NVSwitch; none for a mesh, a
                                      // bridged group or a PCIe-only GPU
};

// The edges a GPU reaches the rest of the fabric by (kNoEdge where it has none).
struct GpuPorts
{
    std::optional<VertexId> nic; // the NIC NCCL would use (PCIe affinity)
    std::size_t nicUp = kNoEdge; // GPU -> that NIC (PCIe)
    std::size_t nicDown = kNoEdge;
    std::size_t nvlinkUp = kNoEdge; // GPU -> its domain's NVSwitch
    std::size_t nvlinkDown = kNoEdge;
    std::size_t hostUp = kNoEdge; // GPU -> the PCIe root of a server without NVLink
    std::size_t hostDown = kNoEdge;
};

// A cable (bundle) from a NIC to a switch: `up` is NIC -> switch, `down` the way back.
struct NicUplink
{
    int sw = -1; // index into Topology::switches
    std::size_t up = kNoEdge;
    std::size_t down = kNoEdge;
    int count = 1;
};

// A cable from a NIC straight to another node's NIC.
struct NicPeer
{
    VertexId nic = 0;
    std::size_t out = kNoEdge; // this NIC -> the peer
    std::size_t in = kNoEdge;  // the peer -> this NIC
    int count = 1;
};

// A switch-to-switch edge as seen from its source switch.
struct SwitchLink
{
    int to = -1; // index into Topology::switches
    std::size_t edge = kNoEdge;
    int count = 1;
};

// What routing reads of an edge in its hot loops: a compact copy of FabricEdge.
struct EdgeRates
{
    double effectiveGBs = 0;
    double latencyUs = 0;
    LinkClass linkClass = LinkClass::PCIe;
    bool nicAttachment = false; // GPU <-> its NIC (PCIe, GPUDirect RDMA)
    // GPU <-> NVSwitch where the switch reduces in place (NVLink SHARP): the all-reduce bus
    // bandwidth the port gives, line rate x the medium's nvlsEfficiency. 0 elsewhere.
    double nvlsGBs = 0;
};

// The shortest route between two NICs: edges from NIC to NIC and switches passed.
struct NicDistance
{
    int edges = 0;
    int switches = 0;
};

class FabricGraph
{
public:
    // Switch distance between switches that cannot reach each other.
    static constexpr std::uint16_t kUnreachable = std::numeric_limits<std::uint16_t>::max();

    // Expands `topology` with `catalog`'s models. Fails (with the offending id) on references
    // the loader would also refuse, so callers may pass an unvalidated topology.
    //
    // Each link becomes a pair of edges with capacity = medium bandwidth x count. A bundle of
    // `count` cables that ends at a node uses `count` consecutive NICs, so there it becomes
    // `count` edge pairs of one cable each, one per NIC port.
    //
    // A gb200-tray outside any custom domain is a domain of its own 4 GPUs joined through a
    // "tray/nvswitch" vertex: its GPUs reach each other over the NVLink switch tray they are
    // cabled to, at their full NVLink rate (the tray alone has no NVSwitch).
    //
    // Failed elements (Topology what-if marks) are left out: a failed link, and every cable
    // of a failed switch, node or NIC, has no edges, so routing goes around them; a failed
    // node's GPUs are not in gpus() (their vertices stay, with gpuIndex() -1); a GPU whose NIC
    // is down uses the nearest working NIC of its server.
    static Expected<FabricGraph> build(const Topology &topology, const Catalog &catalog);

    const FabricBoostGraph &graph() const { return *m_graph; }
    const FabricVertex &vertex(VertexId v) const { return (*m_graph)[v]; }
    std::size_t vertexCount() const { return boost::num_vertices(*m_graph); }
    // All directed edges by index (FabricEdge::index), for per-edge load arrays.
    const std::vector<EdgeDesc> &edges() const { return m_edges; }
    std::size_t edgeCount() const { return m_edges.size(); }
    const FabricEdge &edge(std::size_t index) const { return (*m_graph)[m_edges[index]]; }
    const EdgeRates &rates(std::size_t index) const { return m_rates[index]; }
    VertexId source(std::size_t edgeIndex) const;
    VertexId target(std::size_t edgeIndex) const;
    // The first edge from `a` straight to `b`, if any.
    std::optional<std::size_t> edgeBetween(VertexId a, VertexId b) const;
    // "a->b" with the vertex ids, or the Link id for an edge of a topology link.
    std::string edgeLabel(std::size_t edgeIndex) const;
    // The topology device (node or switch id) an edge inside a device belongs to, as the canvas
    // marks it; empty for the edge of a topology link (the canvas marks the link itself).
    std::string edgeDevice(std::size_t edgeIndex) const;

    // GPUs ordered by domain, then node, then local index: the order ranks are placed in.
    const std::vector<VertexId> &gpus() const { return m_gpus; }
    // Position of `gpu` in gpus(), -1 for a vertex that is not a GPU.
    int gpuIndex(VertexId gpu) const { return m_gpuIndex[gpu]; }
    const std::vector<NVLinkDomain> &domains() const { return m_domains; }
    int domainOf(VertexId gpu) const { return (*m_graph)[gpu].domain; }
    // The NIC that NCCL would use for `gpu` (PCIe affinity: GPU i of n to NIC i*nics/n), or
    // none when the node has no NIC.
    std::optional<VertexId> nicOf(VertexId gpu) const;
    // `gpu` must be a GPU (gpuIndex(gpu) >= 0).
    const GpuPorts &gpuPorts(VertexId gpu) const { return m_gpuPorts[m_gpuIndex[gpu]]; }
    std::optional<VertexId> findVertex(const std::string &id) const;

    // Edges on the shortest path from `a` to `b` as NCCL would route it (over NVLink inside a
    // domain, else GPU -> its NIC -> the network -> the peer's NIC -> peer), or 0 when `a`
    // and `b` are the same; nullopt when there is no path. Two GPUs of one PCIe-only server
    // talk through the host's PCIe root.
    std::optional<int> hops(VertexId gpuA, VertexId gpuB) const;
    // Switches traversed between the two GPUs' NICs (0 inside a domain), nullopt: no path.
    std::optional<int> switchHops(VertexId gpuA, VertexId gpuB) const;

    // The network as routing sees it.
    int switchCount() const { return static_cast<int>(m_switchVertex.size()); }
    VertexId switchVertex(int sw) const { return m_switchVertex[sw]; }
    double switchLatencyUs(int sw) const { return m_switchLatencyUs[sw]; }
    // Fewest switch-to-switch edges from `sw` to every switch (kUnreachable: none). The
    // switch graph is undirected, so this is also the distance to `sw`.
    std::span<const std::uint16_t> switchDistances(int sw) const
    {
        const std::size_t n = m_switchVertex.size();
        return {m_switchDistance.data() + static_cast<std::size_t>(sw) * n, n};
    }
    std::span<const SwitchLink> switchLinks(int sw) const
    {
        return {m_switchLinks.data() + m_switchLinkStart[sw],
                m_switchLinks.data() + m_switchLinkStart[sw + 1]};
    }
    std::span<const NicUplink> nicUplinks(VertexId nic) const
    {
        return {m_uplinks.data() + m_uplinkStart[nic], m_uplinks.data() + m_uplinkStart[nic + 1]};
    }
    std::span<const NicPeer> nicPeers(VertexId nic) const
    {
        return {m_peers.data() + m_peerStart[nic], m_peers.data() + m_peerStart[nic + 1]};
    }
    // The shortest route between two NICs: a direct cable, else through the switches of
    // their nearest attachments; nullopt when they are not connected.
    std::optional<NicDistance> nicDistance(VertexId nicA, VertexId nicB) const;

private:
    friend class FabricGraphBuilder;

    void computeSwitchDistances();
    struct Route
    {
        int edges = 0;
        int switches = 0;
    };
    std::optional<Route> route(VertexId gpuA, VertexId gpuB) const;

    // Never changed after build() and shared by copies, so that the edge descriptors in
    // m_edges (which point into the graph) stay valid in every copy of a FabricGraph.
    std::shared_ptr<FabricBoostGraph> m_graph = std::make_shared<FabricBoostGraph>();
    std::vector<EdgeDesc> m_edges;
    std::vector<EdgeRates> m_rates; // by edge index
    std::vector<VertexId> m_gpus;
    std::vector<int> m_gpuIndex;      // by vertex
    std::vector<GpuPorts> m_gpuPorts; // by GPU index
    std::vector<NVLinkDomain> m_domains;
    // What findVertex() resolves ids through: the devices of the topology (nodes, switches,
    // custom domains) and the vertices each node owns, so no map of every vertex id is kept.
    enum class DeviceKind : std::uint8_t { Node, Switch, Domain };
    struct DeviceRef
    {
        DeviceKind kind = DeviceKind::Node;
        int index = -1; // into Topology::nodes, Topology::switches or domains()
    };
    struct NodeVertices
    {
        VertexId firstGpu = 0;
        int gpus = 0;
        VertexId firstNic = 0;
        int nics = 0;
        std::optional<VertexId> box; // its own NVSwitch, or the host of a PCIe-only server
    };
    std::unordered_map<std::string, DeviceRef> m_devices;
    std::vector<NodeVertices> m_nodeVertices;
    std::vector<std::string> m_linkIds; // by Topology::links index, for edge labels

    // Network indexes (compressed rows: entries of vertex or switch i are [start[i],
    // start[i+1])).
    std::vector<VertexId> m_switchVertex; // by Topology::switches index
    std::vector<double> m_switchLatencyUs;
    std::vector<std::uint32_t> m_switchLinkStart;
    std::vector<SwitchLink> m_switchLinks;
    std::vector<std::uint32_t> m_uplinkStart; // by vertex
    std::vector<NicUplink> m_uplinks;
    std::vector<std::uint32_t> m_peerStart; // by vertex
    std::vector<NicPeer> m_peers;
    // Hop distances between switches (row-major, switchCount() squared), for hops(),
    // switchHops() and routing.
    std::vector<std::uint16_t> m_switchDistance;
};

} // namespace topoplan
