#include "engine/fabric/fabricgraph.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <string_view>

namespace topoplan {

// Breadth-first search from 64 switches at once: bit k of a switch's mask says whether search
// k has reached it, so one sweep over the adjacency advances 64 searches by a level.
void FabricGraph::computeSwitchDistances()
{
    const std::size_t n = m_switchVertex.size();
    std::vector<std::uint32_t> start(n + 1, 0);
    std::vector<std::uint32_t> neighbours;
    for (std::size_t s = 0; s < n; ++s) {
        const std::size_t first = neighbours.size();
        for (const SwitchLink &l : switchLinks(static_cast<int>(s))) {
            if (static_cast<std::size_t>(l.to) != s)
                neighbours.push_back(static_cast<std::uint32_t>(l.to));
        }
        std::sort(neighbours.begin() + first, neighbours.end());
        neighbours.erase(std::unique(neighbours.begin() + first, neighbours.end()),
                         neighbours.end());
        start[s + 1] = static_cast<std::uint32_t>(neighbours.size());
    }
    m_switchDistance.assign(n * n, kUnreachable);
    std::vector<std::uint64_t> visited(n), frontier(n), next(n);
    for (std::size_t base = 0; base < n; base += 64) {
        const std::size_t width = std::min<std::size_t>(64, n - base);
        const std::uint64_t all = width == 64 ? ~0ull : (1ull << width) - 1;
        std::fill(visited.begin(), visited.end(), 0);
        std::fill(frontier.begin(), frontier.end(), 0);
        for (std::size_t k = 0; k < width; ++k) {
            visited[base + k] = frontier[base + k] = 1ull << k;
            m_switchDistance[(base + k) * n + base + k] = 0;
        }
        for (std::uint16_t level = 1; level < kUnreachable; ++level) {
            bool advanced = false;
            for (std::size_t v = 0; v < n; ++v) {
                std::uint64_t reach = 0;
                if (visited[v] != all) {
                    for (std::uint32_t i = start[v]; i < start[v + 1]; ++i)
                        reach |= frontier[neighbours[i]];
                    reach &= ~visited[v];
                }
                next[v] = reach;
                advanced = advanced || reach;
            }
            if (!advanced)
                break;
            for (std::size_t v = 0; v < n; ++v) {
                visited[v] |= next[v];
                for (std::uint64_t bits = next[v]; bits; bits &= bits - 1)
                    m_switchDistance[(base + std::countr_zero(bits)) * n + v] = level;
            }
            frontier.swap(next);
        }
    }
}

VertexId FabricGraph::source(std::size_t edgeIndex) const
{
    return boost::source(m_edges[edgeIndex], *m_graph);
}

VertexId FabricGraph::target(std::size_t edgeIndex) const
{
    return boost::target(m_edges[edgeIndex], *m_graph);
}

std::optional<std::size_t> FabricGraph::edgeBetween(VertexId a, VertexId b) const
{
    for (const EdgeDesc &e : boost::make_iterator_range(boost::out_edges(a, *m_graph))) {
        if (boost::target(e, *m_graph) == b)
            return (*m_graph)[e].index;
    }
    return std::nullopt;
}

std::string FabricGraph::edgeLabel(std::size_t edgeIndex) const
{
    const FabricEdge &e = edge(edgeIndex);
    if (e.link >= 0)
        return m_linkIds[e.link];
    return vertex(source(edgeIndex)).id + "->" + vertex(target(edgeIndex)).id;
}

std::string FabricGraph::edgeDevice(std::size_t edgeIndex) const
{
    if (edge(edgeIndex).link >= 0)
        return {};
    // Vertices inside a device are named "<device>/<part>" (node-3/gpu0, node-3/nvswitch).
    const std::string &id = vertex(source(edgeIndex)).id;
    return id.substr(0, id.find('/'));
}

std::optional<VertexId> FabricGraph::nicOf(VertexId gpu) const
{
    if (gpu >= m_gpuIndex.size() || m_gpuIndex[gpu] < 0)
        return std::nullopt;
    return gpuPorts(gpu).nic;
}

// A vertex id is its device's id (a switch), or "<device>/<part>": gpuK, nicK, nvswitch, host.
std::optional<VertexId> FabricGraph::findVertex(const std::string &id) const
{
    std::optional<VertexId> found;
    auto device = m_devices.find(id);
    if (device != m_devices.end() && device->second.kind == DeviceKind::Switch)
        found = m_switchVertex[device->second.index];
    const std::size_t slash = id.rfind('/');
    if (!found && slash != std::string::npos)
        device = m_devices.find(id.substr(0, slash));
    if (!found && slash != std::string::npos && device != m_devices.end()) {
        const std::string_view part = std::string_view(id).substr(slash + 1);
        auto numbered = [&](std::string_view prefix, VertexId first, int count) {
            int k = -1;
            if (part.substr(0, prefix.size()) == prefix) {
                const char *begin = part.data() + prefix.size();
                const char *end = part.data() + part.size();
                if (std::from_chars(begin, end, k).ptr != end)
                    k = -1;
            }
            return k >= 0 && k < count ? std::optional<VertexId>(first + k) : std::nullopt;
        };
        const int index = device->second.index;
        if (device->second.kind == DeviceKind::Domain && part == "nvswitch") {
            found = m_domains[index].nvswitch;
        } else if (device->second.kind == DeviceKind::Node) {
            const NodeVertices &owned = m_nodeVertices[index];
            if (part == "nvswitch" || part == "host")
                found = owned.box;
            else if (!(found = numbered("gpu", owned.firstGpu, owned.gpus)))
                found = numbered("nic", owned.firstNic, owned.nics);
        }
    }
    // The id must be spelled exactly as the vertex's ("gpu03" is not "gpu3").
    if (found && vertex(*found).id != id)
        return std::nullopt;
    return found;
}

std::optional<NicDistance> FabricGraph::nicDistance(VertexId nicA, VertexId nicB) const
{
    if (nicA == nicB)
        return NicDistance{0, 0};
    for (const NicPeer &p : nicPeers(nicA)) {
        if (p.nic == nicB)
            return NicDistance{1, 0};
    }
    std::uint16_t best = kUnreachable;
    for (const NicUplink &ua : nicUplinks(nicA)) {
        const std::span<const std::uint16_t> row = switchDistances(ua.sw);
        for (const NicUplink &ub : nicUplinks(nicB))
            best = std::min(best, row[ub.sw]);
    }
    if (best == kUnreachable)
        return std::nullopt;
    return NicDistance{best + 2, best + 1};
}

std::optional<FabricGraph::Route> FabricGraph::route(VertexId a, VertexId b) const
{
    if (std::max(a, b) >= m_gpuIndex.size() || m_gpuIndex[a] < 0 || m_gpuIndex[b] < 0)
        return std::nullopt;
    if (a == b)
        return Route{0, 0};
    const FabricVertex &va = vertex(a);
    const FabricVertex &vb = vertex(b);
    if (va.domain == vb.domain) {
        if (m_domains[va.domain].nvswitch)
            return Route{2, 0};
        if (edgeBetween(a, b))
            return Route{1, 0};
        return std::nullopt;
    }
    const GpuPorts &pa = gpuPorts(a);
    const GpuPorts &pb = gpuPorts(b);
    if (va.node == vb.node && pa.hostUp != kNoEdge && pb.hostDown != kNoEdge)
        return Route{2, 0};
    if (!pa.nic || !pb.nic)
        return std::nullopt;
    const std::optional<NicDistance> d = nicDistance(*pa.nic, *pb.nic);
    if (!d)
        return std::nullopt;
    return Route{d->edges + 2, d->switches};
}

std::optional<int> FabricGraph::hops(VertexId gpuA, VertexId gpuB) const
{
    const std::optional<Route> r = route(gpuA, gpuB);
    return r ? std::optional<int>(r->edges) : std::nullopt;
}

std::optional<int> FabricGraph::switchHops(VertexId gpuA, VertexId gpuB) const
{
    const std::optional<Route> r = route(gpuA, gpuB);
    return r ? std::optional<int>(r->switches) : std::nullopt;
}

} // namespace topoplan
