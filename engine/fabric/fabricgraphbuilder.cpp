#include "engine/fabric/fabricgraph.h"

#include "engine/core/jsonin.h"
#include "engine/model/topologycheck.h"

#include <algorithm>

namespace topoplan {

namespace {

// A device a link can end at: a node (its NICs) or a switch.
struct Device
{
    bool isNode = false;
    int index = -1; // into Topology::nodes or Topology::switches
};

// Fills a compressed-row index: entries of key k are [start[k], start[k + 1]), in input order.
template<typename T, typename Key>
void compress(const std::vector<std::pair<Key, T>> &items, std::size_t keys,
              std::vector<std::uint32_t> *start, std::vector<T> *entries)
{
    start->assign(keys + 1, 0);
    for (const auto &[key, value] : items)
        ++(*start)[static_cast<std::size_t>(key) + 1];
    for (std::size_t k = 0; k < keys; ++k)
        (*start)[k + 1] += (*start)[k];
    entries->resize(items.size());
    std::vector<std::uint32_t> next(start->begin(), start->end() - 1);
    for (const auto &[key, value] : items)
        (*entries)[next[static_cast<std::size_t>(key)]++] = value;
}

} // namespace

// Expands one topology into a FabricGraph (see FabricGraph::build).
class FabricGraphBuilder
{
public:
    FabricGraphBuilder(const Topology &topology, const Catalog &catalog)
        : m_topo(topology)
        , m_catalog(catalog)
    {}

    Expected<FabricGraph> run();

private:
    struct NodeInfo
    {
        const ServerModel *server = nullptr;
        const GpuModel *gpu = nullptr;
        const Medium *nvlink = nullptr; // the GPU's scale-up medium; nullptr when PCIe-only
        const Medium *pcie = nullptr;
        int customDomain = -1; // index into Topology::domains
        int domain = -1;       // FabricGraph domain (a PCIe-only server's GPU i: domain + i)
        VertexId firstNic = 0;
    };

    std::optional<Error> resolveNodes();
    void findDownNics();
    Device deviceOf(const Endpoint &end) const;
    bool endDead(Device d, int port) const;
    bool cableDead(const Link &link, Device a, Device b, int k) const;
    std::optional<Error> resolveSwitches();
    void assignDomains();
    std::optional<Error> reserve();
    void expandNode(int n);
    std::optional<Error> addLink(int index);
    VertexId addVertex(FabricVertex v);
    std::size_t addEdgePair(VertexId a, VertexId b, const Medium &m, int count, int link);
    void finish();

    const Topology &m_topo;
    const Catalog &m_catalog;
    FabricGraph m_g;
    std::vector<NodeInfo> m_nodes;
    // By node, by NIC: down because it is marked failed or because every cable it had is
    // failed (or ends at a failed device). A NIC that never had a cable is not down.
    std::vector<std::vector<char>> m_nicDown;
    bool m_anyFailed = false; // any element of the topology marked failed
    std::vector<const SwitchModel *> m_switchModels;
    std::vector<GpuPorts> m_portsByVertex;
    VertexId m_nextVertex = 0;
    std::vector<std::pair<VertexId, NicUplink>> m_uplinks;
    std::vector<std::pair<VertexId, NicPeer>> m_peers;
    std::vector<std::pair<int, SwitchLink>> m_switchLinks;
};

Expected<FabricGraph> FabricGraph::build(const Topology &topology, const Catalog &catalog)
{
    return FabricGraphBuilder(topology, catalog).run();
}

Expected<FabricGraph> FabricGraphBuilder::run()
{
    // What a valid topology is, is validateTopology()'s to say, for the loader, the editor
    // and this builder alike; what follows expands a topology it accepts.
    if (std::optional<Error> err = validateTopology(m_topo, m_catalog, {}))
        return *err;
    if (auto err = resolveNodes())
        return *err;
    if (auto err = resolveSwitches())
        return *err;
    assignDomains();
    findDownNics();
    if (auto err = reserve())
        return *err;
    for (int n = 0; n < static_cast<int>(m_topo.nodes.size()); ++n)
        expandNode(n);
    for (int s = 0; s < static_cast<int>(m_topo.switches.size()); ++s) {
        FabricVertex v;
        v.kind = VertexKind::Switch;
        v.id = m_topo.switches[s].id;
        v.sw = s;
        m_g.m_switchVertex.push_back(addVertex(std::move(v)));
        m_g.m_switchLatencyUs.push_back(m_switchModels[s]->latencyNs / 1000.0);
    }
    for (int l = 0; l < static_cast<int>(m_topo.links.size()); ++l) {
        if (auto err = addLink(l))
            return *err;
    }
    finish();
    return std::move(m_g);
}

std::optional<Error> FabricGraphBuilder::resolveNodes()
{
    std::unordered_map<std::string, int> domainIndex;
    for (int d = 0; d < static_cast<int>(m_topo.domains.size()); ++d)
        domainIndex.emplace(m_topo.domains[d].id, d);
    m_nodes.resize(m_topo.nodes.size());
    for (std::size_t n = 0; n < m_topo.nodes.size(); ++n) {
        const Node &node = m_topo.nodes[n];
        const std::string at = "/topology/nodes/" + std::to_string(n);
        NodeInfo &info = m_nodes[n];
        info.server = m_catalog.server(node.model);
        info.gpu = m_catalog.gpu(info.server->gpu);
        info.pcie = m_catalog.medium(info.server->pcie);
        if (info.server->nvlinkScope != NVLinkScope::None && info.gpu)
            info.nvlink = m_catalog.medium(info.gpu->nvlink);
        if (!info.gpu || !info.pcie
            || (info.server->nvlinkScope != NVLinkScope::None && !info.nvlink))
            return Error{{},
                         at + "/model",
                         "node " + quoteText(node.id) + ": server model " + quoteText(node.model)
                                 + " refers to a GPU or medium the catalog does not have"};
        if (!node.domain.empty())
            info.customDomain = domainIndex.at(node.domain);
        m_g.m_devices.emplace(node.id, FabricGraph::DeviceRef{FabricGraph::DeviceKind::Node,
                                                              static_cast<int>(n)});
    }
    return std::nullopt;
}

std::optional<Error> FabricGraphBuilder::resolveSwitches()
{
    for (std::size_t s = 0; s < m_topo.switches.size(); ++s) {
        const Switch &sw = m_topo.switches[s];
        const SwitchModel *model = m_catalog.switchModel(sw.model);
        m_switchModels.push_back(model);
        m_g.m_devices.emplace(sw.id, FabricGraph::DeviceRef{FabricGraph::DeviceKind::Switch,
                                                            static_cast<int>(s)});
    }
    return std::nullopt;
}

// Custom domains in file order (those with members), then every other node's domain in node
// order; a PCIe-only server's GPUs are domains of one each.
void FabricGraphBuilder::assignDomains()
{
    std::vector<char> inUse(m_topo.domains.size(), 0);
    for (const NodeInfo &info : m_nodes) {
        if (info.customDomain >= 0)
            inUse[info.customDomain] = 1;
    }
    std::vector<int> fabricDomainOf(m_topo.domains.size(), -1);
    for (std::size_t d = 0; d < m_topo.domains.size(); ++d) {
        if (!inUse[d])
            continue;
        fabricDomainOf[d] = static_cast<int>(m_g.m_domains.size());
        m_g.m_devices.emplace(
                m_topo.domains[d].id,
                FabricGraph::DeviceRef{FabricGraph::DeviceKind::Domain, fabricDomainOf[d]});
        NVLinkDomain dom;
        dom.id = m_topo.domains[d].id;
        dom.name = m_topo.domains[d].name.empty() ? dom.id : m_topo.domains[d].name;
        dom.custom = true;
        m_g.m_domains.push_back(std::move(dom));
    }
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        NodeInfo &info = m_nodes[n];
        const Node &node = m_topo.nodes[n];
        const std::string name = node.name.empty() ? node.id : node.name;
        const double perGpu = info.nvlink ? gpuScaleUp(*info.gpu, m_catalog).perGpuGBs : 0;
        if (info.customDomain >= 0) {
            info.domain = fabricDomainOf[info.customDomain];
            NVLinkDomain &dom = m_g.m_domains[info.domain];
            dom.nodes.push_back(static_cast<int>(n));
            if (!dom.medium) {
                dom.medium = info.nvlink;
                dom.perGpuGBs = perGpu;
            }
            continue;
        }
        info.domain = static_cast<int>(m_g.m_domains.size());
        if (info.server->nvlinkScope == NVLinkScope::None) {
            for (int i = 0; i < info.server->gpus; ++i) {
                NVLinkDomain dom;
                dom.id = node.id + "/gpu" + std::to_string(i);
                dom.name = name + "/gpu" + std::to_string(i);
                dom.nodes = {static_cast<int>(n)};
                m_g.m_domains.push_back(std::move(dom));
            }
            continue;
        }
        if (info.server->nvlinkScope == NVLinkScope::Bridged) {
            // One domain per bridged group, named by its first and last GPU ("gpu0-1").
            const int k = info.server->nvlinkGroupGpus;
            for (int first = 0; first < info.server->gpus; first += k) {
                const std::string gpus
                        = "/gpu" + std::to_string(first) + "-" + std::to_string(first + k - 1);
                NVLinkDomain dom;
                dom.id = node.id + gpus;
                dom.name = name + gpus;
                dom.nodes = {static_cast<int>(n)};
                dom.medium = info.nvlink;
                dom.perGpuGBs = perGpu;
                m_g.m_domains.push_back(std::move(dom));
            }
            continue;
        }
        NVLinkDomain dom;
        dom.id = node.id;
        dom.name = name;
        dom.nodes = {static_cast<int>(n)};
        dom.medium = info.nvlink;
        dom.perGpuGBs = perGpu;
        m_g.m_domains.push_back(std::move(dom));
    }
}

// A link end's node or switch (validateTopology() has made sure it is one).
Device FabricGraphBuilder::deviceOf(const Endpoint &end) const
{
    auto it = m_g.m_devices.find(end.device);
    if (it == m_g.m_devices.end() || it->second.kind == FabricGraph::DeviceKind::Domain)
        return {};
    return Device{it->second.kind == FabricGraph::DeviceKind::Node, it->second.index};
}

// Whether a device, or its NIC `port` (-1: none in particular), is failed.
bool FabricGraphBuilder::endDead(Device d, int port) const
{
    if (d.index < 0)
        return false;
    if (!d.isNode)
        return m_topo.switches[d.index].failed;
    const Node &node = m_topo.nodes[d.index];
    return node.failed || node.nicFailed(port);
}

// Whether cable `k` of `link` carries nothing: the bundle, a device at either end or the NIC
// at either end is failed.
bool FabricGraphBuilder::cableDead(const Link &link, Device a, Device b, int k) const
{
    return link.failed || endDead(a, link.a.port + k) || endDead(b, link.b.port + k);
}

void FabricGraphBuilder::findDownNics()
{
    m_nicDown.resize(m_topo.nodes.size());
    std::vector<std::vector<int>> cables(m_topo.nodes.size()), live(m_topo.nodes.size());
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        const int nics = m_nodes[n].server->nics;
        m_nicDown[n].assign(nics, 0);
        cables[n].assign(nics, 0);
        live[n].assign(nics, 0);
        for (int k : m_topo.nodes[n].failedNics) {
            if (k >= 0 && k < nics)
                m_nicDown[n][k] = 1;
        }
    }
    m_anyFailed = m_topo.anyFailed();
    if (!m_anyFailed)
        return;
    for (const Link &link : m_topo.links) {
        const Device a = deviceOf(link.a), b = deviceOf(link.b);
        for (int end = 0; end < 2; ++end) {
            const Endpoint &e = end == 0 ? link.a : link.b;
            const Device d = end == 0 ? a : b;
            if (d.index < 0 || !d.isNode)
                continue;
            const std::size_t n = static_cast<std::size_t>(d.index);
            for (int k = 0; k < link.count; ++k) {
                const int port = e.port + k;
                if (port < 0 || port >= static_cast<int>(cables[n].size()))
                    continue;
                ++cables[n][port];
                live[n][port] += cableDead(link, a, b, k) ? 0 : 1;
            }
        }
    }
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        for (std::size_t k = 0; k < cables[n].size(); ++k) {
            if (cables[n][k] > 0 && live[n][k] == 0)
                m_nicDown[n][k] = 1;
        }
    }
}

// Sizes the graph and indexes up front: a 16k-GPU fabric has some 36k vertices and 140k
// edges, and growing them one by one costs more than building them.
// Counts what the expansion will hold and refuses a design beyond kMaxFabricElements before
// anything is allocated.
std::optional<Error> FabricGraphBuilder::reserve()
{
    std::size_t vertices = m_topo.switches.size();
    std::size_t edges = 0;
    for (const NVLinkDomain &d : m_g.m_domains)
        vertices += d.custom ? 1 : 0;
    for (const NodeInfo &info : m_nodes) {
        const ServerModel &s = *info.server;
        const bool meshOrCustom = s.nvlinkScope == NVLinkScope::Mesh || info.customDomain >= 0;
        vertices += s.gpus + s.nics + (meshOrCustom ? 0 : 1);
        const std::size_t gpus = s.gpus;
        const std::size_t group = s.nvlinkGroupGpus;
        const std::size_t scaleUp = s.nvlinkScope == NVLinkScope::Mesh ? gpus * (gpus - 1) / 2
                                    : s.nvlinkScope == NVLinkScope::Bridged
                                            ? gpus + gpus / group * (group * (group - 1) / 2)
                                            : gpus;
        edges += 2 * (scaleUp + (s.nics > 0 ? gpus : 0));
    }
    for (const Link &l : m_topo.links)
        edges += 2 * static_cast<std::size_t>(std::max(l.count, 1));
    if (vertices + edges > static_cast<std::size_t>(kMaxFabricElements))
        return Error{{},
                     "/topology",
                     "the design expands to " + std::to_string(vertices) + " devices and "
                             + std::to_string(edges / 2) + " connections, more than the limit of "
                             + std::to_string(kMaxFabricElements)
                             + " elements of a fabric graph (manual: \"Limits of the input\")"};
    m_g.m_graph = std::make_shared<FabricBoostGraph>(vertices);
    m_g.m_nodeVertices.resize(m_topo.nodes.size());
    m_portsByVertex.resize(vertices);
    m_g.m_edges.reserve(edges);
    m_g.m_rates.reserve(edges);
    return std::nullopt;
}

VertexId FabricGraphBuilder::addVertex(FabricVertex v)
{
    FabricBoostGraph &graph = *m_g.m_graph;
    const VertexId vid = m_nextVertex++;
    if (vid >= boost::num_vertices(graph)) {
        boost::add_vertex(graph);
        m_portsByVertex.emplace_back();
    }
    graph[vid] = std::move(v);
    return vid;
}

std::size_t FabricGraphBuilder::addEdgePair(VertexId a, VertexId b, const Medium &m, int count,
                                            int link)
{
    const std::size_t index = m_g.m_edges.size();
    FabricEdge e;
    e.capacityGBs = m.bandwidthGBs * count;
    e.effectiveGBs = m.effectiveGBs() * count;
    e.latencyUs = m.latencyUs;
    e.linkClass = m.linkClass;
    e.medium = &m;
    e.link = link;
    e.count = count;
    e.index = index;
    e.reverse = index + 1;
    m_g.m_edges.push_back(boost::add_edge(a, b, e, *m_g.m_graph).first);
    e.index = index + 1;
    e.reverse = index;
    m_g.m_edges.push_back(boost::add_edge(b, a, e, *m_g.m_graph).first);
    const FabricBoostGraph &graph = *m_g.m_graph;
    const bool nicAttachment
            = (graph[a].kind == VertexKind::Gpu && graph[b].kind == VertexKind::Nic)
              || (graph[a].kind == VertexKind::Nic && graph[b].kind == VertexKind::Gpu);
    const bool switchPort
            = (graph[a].kind == VertexKind::Gpu && graph[b].kind == VertexKind::NVSwitch)
              || (graph[a].kind == VertexKind::NVSwitch && graph[b].kind == VertexKind::Gpu);
    const double nvlsGBs = switchPort ? e.capacityGBs * m.nvlsEfficiency : 0;
    const EdgeRates rates{e.effectiveGBs, e.latencyUs, e.linkClass, nicAttachment, nvlsGBs};
    m_g.m_rates.push_back(rates);
    m_g.m_rates.push_back(rates);
    return index;
}

// A node's GPUs, its NVLink (an aggregate NVSwitch, a mesh, or the host's PCIe root) and its
// NICs, each GPU on the NIC it is PCIe-affine to.
void FabricGraphBuilder::expandNode(int n)
{
    const Node &node = m_topo.nodes[n];
    NodeInfo &info = m_nodes[n];
    const ServerModel &server = *info.server;
    std::vector<VertexId> gpus(server.gpus);
    for (int i = 0; i < server.gpus; ++i) {
        FabricVertex v;
        v.kind = VertexKind::Gpu;
        v.id = node.id + "/gpu" + std::to_string(i);
        v.node = n;
        v.domain = server.nvlinkScope == NVLinkScope::None ? info.domain + i
                   : server.nvlinkScope == NVLinkScope::Bridged
                           ? info.domain + i / server.nvlinkGroupGpus
                           : info.domain;
        v.local = i;
        const int domain = v.domain;
        gpus[i] = addVertex(std::move(v));
        if (!node.failed) // a failed server's GPUs are not there to place ranks on
            m_g.m_domains[domain].gpus.push_back(gpus[i]);
    }

    if (server.nvlinkScope == NVLinkScope::None || server.nvlinkScope == NVLinkScope::Bridged) {
        // The host's PCIe joins every GPU; bridged groups have their NVLink besides, each GPU
        // of a group to each other by an equal share of its links (a pair: all of them).
        FabricVertex host;
        host.kind = VertexKind::Host;
        host.id = node.id + "/host";
        host.node = n;
        const VertexId h = addVertex(std::move(host));
        m_g.m_nodeVertices[n].box = h;
        for (VertexId gpu : gpus) {
            const std::size_t e = addEdgePair(gpu, h, *info.pcie, 1, -1);
            m_portsByVertex[gpu].hostUp = e;
            m_portsByVertex[gpu].hostDown = e + 1;
        }
        const int k = server.nvlinkGroupGpus;
        for (int first = 0; k > 1 && first < server.gpus; first += k) {
            const int perPeer = std::max(1, info.gpu->nvlinkLinks / (k - 1));
            for (int i = first; i < first + k; ++i) {
                for (int j = i + 1; j < first + k; ++j)
                    addEdgePair(gpus[i], gpus[j], *info.nvlink, perPeer, -1);
            }
        }
    } else if (server.nvlinkScope == NVLinkScope::Mesh) {
        // Each GPU's links shared out evenly over its peers: MI300X one xGMI link a pair, a
        // 4-GPU HGX H100 six NVLinks a pair.
        const int perPeer = std::max(1, info.gpu->nvlinkLinks / std::max(1, server.gpus - 1));
        for (int i = 0; i < server.gpus; ++i) {
            for (int j = i + 1; j < server.gpus; ++j)
                addEdgePair(gpus[i], gpus[j], *info.nvlink, perPeer, -1);
        }
    } else {
        NVLinkDomain &dom = m_g.m_domains[info.domain];
        if (!dom.nvswitch) {
            FabricVertex v;
            v.kind = VertexKind::NVSwitch;
            v.id = dom.id + "/nvswitch";
            v.node = dom.custom ? -1 : n;
            v.domain = info.domain;
            dom.nvswitch = addVertex(std::move(v));
            if (!dom.custom)
                m_g.m_nodeVertices[n].box = dom.nvswitch;
        }
        const VertexId nvswitch = *m_g.m_domains[info.domain].nvswitch;
        for (VertexId gpu : gpus) {
            const std::size_t e
                    = addEdgePair(gpu, nvswitch, *info.nvlink, info.gpu->nvlinkLinks, -1);
            m_portsByVertex[gpu].nvlinkUp = e;
            m_portsByVertex[gpu].nvlinkDown = e + 1;
        }
    }

    FabricGraph::NodeVertices &owned = m_g.m_nodeVertices[n];
    owned.firstGpu = server.gpus > 0 ? gpus[0] : 0;
    owned.gpus = server.gpus;
    owned.firstNic = m_nextVertex;
    owned.nics = server.nics;
    for (int k = 0; k < server.nics; ++k) {
        FabricVertex v;
        v.kind = VertexKind::Nic;
        v.id = node.id + "/nic" + std::to_string(k);
        v.node = n;
        v.local = k;
        const VertexId nic = addVertex(std::move(v));
        if (k == 0)
            info.firstNic = nic;
    }
    if (server.nics == 0)
        return;
    const std::vector<char> &down = m_nicDown[n];
    for (int i = 0; i < server.gpus; ++i) {
        // The PCIe-affine NIC; when it is down, the nearest working one (the lower on a tie),
        // as NCCL falls back to another NIC of the server.
        const int affine = i * server.nics / server.gpus;
        int chosen = affine;
        for (int d = 1; down[chosen] && d < server.nics; ++d) {
            if (affine - d >= 0 && !down[affine - d])
                chosen = affine - d;
            else if (affine + d < server.nics && !down[affine + d])
                chosen = affine + d;
        }
        const VertexId nic = info.firstNic + static_cast<VertexId>(chosen);
        const std::size_t e = addEdgePair(gpus[i], nic, *info.pcie, 1, -1);
        GpuPorts &ports = m_portsByVertex[gpus[i]];
        ports.nic = nic;
        ports.nicUp = e;
        ports.nicDown = e + 1;
    }
}

std::optional<Error> FabricGraphBuilder::addLink(int index)
{
    const Link &link = m_topo.links[index];
    const Device a = deviceOf(link.a), b = deviceOf(link.b);
    const Medium *medium = m_catalog.medium(link.medium);

    auto nic = [&](Device d, int port) {
        return m_nodes[d.index].firstNic + static_cast<VertexId>(port);
    };
    auto uplink = [&](VertexId n, int sw) {
        const std::size_t e = addEdgePair(n, m_g.m_switchVertex[sw], *medium, 1, index);
        m_uplinks.push_back({n, NicUplink{sw, e, e + 1, 1}});
    };
    // A failed bundle, or one at a failed device, carries nothing; at a node, each cable at a
    // failed NIC carries nothing.
    if (m_anyFailed && (link.failed || endDead(a, -1) || endDead(b, -1)))
        return std::nullopt;
    // A bundle ending at a node uses `count` consecutive NICs: one edge pair per cable there.
    for (int k = 0; k < (a.isNode || b.isNode ? link.count : 0); ++k) {
        if (m_anyFailed && cableDead(link, a, b, k))
            continue;
        if (a.isNode && b.isNode) {
            const VertexId x = nic(a, link.a.port + k);
            const VertexId y = nic(b, link.b.port + k);
            const std::size_t e = addEdgePair(x, y, *medium, 1, index);
            m_peers.push_back({x, NicPeer{y, e, e + 1, 1}});
            m_peers.push_back({y, NicPeer{x, e + 1, e, 1}});
        } else if (a.isNode) {
            uplink(nic(a, link.a.port + k), b.index);
        } else {
            uplink(nic(b, link.b.port + k), a.index);
        }
    }
    if (!a.isNode && !b.isNode) {
        const std::size_t e = addEdgePair(m_g.m_switchVertex[a.index], m_g.m_switchVertex[b.index],
                                          *medium, link.count, index);
        m_switchLinks.push_back({a.index, SwitchLink{b.index, e, link.count}});
        m_switchLinks.push_back({b.index, SwitchLink{a.index, e + 1, link.count}});
    }
    return std::nullopt;
}

void FabricGraphBuilder::finish()
{
    while (boost::num_vertices(*m_g.m_graph) > m_nextVertex) // reserve() counted exactly
        boost::remove_vertex(boost::num_vertices(*m_g.m_graph) - 1, *m_g.m_graph);
    const std::size_t vertices = m_g.vertexCount();
    m_g.m_gpuIndex.assign(vertices, -1);
    for (const NVLinkDomain &dom : m_g.m_domains) {
        for (VertexId gpu : dom.gpus) {
            m_g.m_gpuIndex[gpu] = static_cast<int>(m_g.m_gpus.size());
            m_g.m_gpus.push_back(gpu);
            m_g.m_gpuPorts.push_back(m_portsByVertex[gpu]);
        }
    }
    compress(m_uplinks, vertices, &m_g.m_uplinkStart, &m_g.m_uplinks);
    compress(m_peers, vertices, &m_g.m_peerStart, &m_g.m_peers);
    compress(m_switchLinks, m_g.m_switchVertex.size(), &m_g.m_switchLinkStart, &m_g.m_switchLinks);
    for (const Link &l : m_topo.links)
        m_g.m_linkIds.push_back(l.id);
    m_g.computeSwitchDistances();
}

} // namespace topoplan
