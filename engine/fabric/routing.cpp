#include "engine/fabric/routing.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>

namespace topoplan {

namespace {

// Routes in three passes. route(): each group's flows, loading the edges that belong to it
// alone (NVLink, PCIe, NIC cables) and recording what it sends between switches. pushAll():
// the switch traffic of all groups, aggregated per (source, destination switch), pushed down
// each destination's shortest-path DAG at once. settle(): once every load is in, per
// destination the tightest edge, the worst class and the slowest path from every switch of its
// DAG, which each group's switch traffic then reads off.
class Router
{
public:
    Router(const FabricGraph &g, std::size_t groups, const RouteOptions &options)
        : m_g(g)
        , m_options(options)
        , m_load(g.edgeCount(), 0.0)
        , m_stamp(g.edgeCount(), -1)
        , m_domainStamp(g.domains().size(), -1)
        , m_groups(groups)
    {
        const std::size_t switches = static_cast<std::size_t>(g.switchCount());
        m_flowAt.assign(switches, 0.0);
        m_queued.assign(switches, 0);
        m_best.assign(switches, 0.0);
        m_bestEdge.assign(switches, kNoEdge);
        m_worstClass.assign(switches, LinkClass::NVLink);
        m_latencyFrom.assign(switches, 0.0);
    }

    void route(int group, const std::vector<VertexId> &members, Collective c);
    RouteResult finish();

private:
    struct GroupState
    {
        std::size_t usedBegin = 0;
        std::size_t usedEnd = 0;
        // The tightest switch-to-switch edge on the group's network paths.
        double networkBusbw = std::numeric_limits<double>::infinity();
        std::size_t networkBottleneck = kNoEdge;
        GroupRoute result;
    };
    // A group's traffic from one switch toward another (different) switch.
    struct Demand
    {
        int from = 0;
        int to = 0;
        int group = 0;
        double amount = 0;
        double entryUs = 0; // GPU -> NIC -> first switch
        double exitUs = 0;  // last switch -> NIC -> GPU
    };
    // The demands toward one switch, and the switches its DAG passed, farthest first.
    struct Destination
    {
        int target = 0;
        std::size_t demandBegin = 0, demandEnd = 0;
        std::size_t orderBegin = 0, orderEnd = 0;
    };

    void ring();
    void ringRun(std::size_t begin, std::size_t end, double share);
    void allToAll();
    void sendRecv();
    void flow(VertexId src, VertexId dst, double amount);
    void networkFlow(VertexId src, VertexId dst, double amount);
    bool forward(VertexId src, VertexId dst, double amount);
    int networkOf(VertexId nic);
    std::optional<VertexId> relay(VertexId near, int network);
    void addDemand(const Demand &d);
    void rehashDemands(std::size_t slots);
    void pushAll();
    void pushToward(Destination *d);
    void settle(const Destination &d);
    void addLoad(std::size_t edge, double amount);
    void notePath(int hops, int switches, double latencyUs);
    void noPath(VertexId src, VertexId dst);
    bool isolated(VertexId gpu) const;
    double latency(std::size_t edge) const { return m_g.rates(edge).latencyUs; }

    const FabricGraph &m_g;
    RouteOptions m_options;
    std::vector<double> m_load;
    std::vector<int> m_stamp; // per edge: the last group that loaded it
    std::vector<std::size_t> m_used;
    std::vector<Demand> m_demands;
    // The current group's demands by (from, to), open addressing: index into m_demands or -1.
    std::vector<std::int32_t> m_slots;
    std::vector<std::size_t> m_slotsUsed;
    std::size_t m_groupDemands = 0; // where the current group's demands start
    std::vector<Destination> m_destinations;
    std::vector<int> m_order;
    // Per switch, while pushing toward or settling one destination.
    std::vector<double> m_flowAt;
    std::vector<char> m_queued;
    std::vector<std::vector<int>> m_buckets; // by distance to the destination
    std::vector<double> m_best;              // tightest effective / load from here on
    std::vector<std::size_t> m_bestEdge;
    std::vector<LinkClass> m_worstClass;
    std::vector<double> m_latencyFrom; // this switch, the edges and switches after it
    std::vector<int> m_domainStamp;
    // The independent networks (planes, rails of a rail-only fabric): per switch, the index of
    // the switches it reaches; empty until a flow finds no path through the switches.
    std::vector<int> m_network;
    int m_networks = 0;
    // Per (domain, network): the domain's GPUs whose NIC is on that network, by GPU index.
    std::unordered_map<std::uint64_t, std::vector<VertexId>> m_onNetwork;
    std::vector<VertexId> m_members;
    std::vector<GroupState> m_groups;
    int m_group = -1;
    GroupState *m_state = nullptr;
};

void Router::route(int group, const std::vector<VertexId> &members, Collective c)
{
    m_group = group;
    m_state = &m_groups[group];
    m_groupDemands = m_demands.size();
    m_state->usedBegin = m_used.size();
    GroupRoute &r = m_state->result;
    m_members.clear();
    for (VertexId v : members) {
        if (v < m_g.vertexCount() && m_g.gpuIndex(v) >= 0) {
            m_members.push_back(v);
        } else { // not a GPU: nothing to route it by
            r.connected = false;
            r.unreachableIds.push_back(v < m_g.vertexCount() ? m_g.vertex(v).id
                                                             : "#" + std::to_string(v));
        }
    }
    // Rings visit domains in order (GPU order is domain order); the other collectives keep the
    // members' order.
    if (isRing(c)) {
        std::sort(m_members.begin(), m_members.end(),
                  [&](VertexId a, VertexId b) { return m_g.gpuIndex(a) < m_g.gpuIndex(b); });
    }
    for (VertexId gpu : m_members) {
        const int d = m_g.domainOf(gpu);
        if (m_domainStamp[d] != group) {
            m_domainStamp[d] = group;
            r.domainIds.push_back(m_g.domains()[d].id);
        }
    }
    r.crossesDomain = r.domainIds.size() > 1;
    if (isRing(c))
        ring();
    else if (c == Collective::AllToAll)
        allToAll();
    else
        sendRecv();
    m_state->usedEnd = m_used.size();
    for (std::size_t slot : m_slotsUsed)
        m_slots[slot] = -1;
    m_slotsUsed.clear();
}

void Router::ring()
{
    const std::vector<std::pair<std::size_t, std::size_t>> runs = ringRuns(m_g, m_members);
    if (runs.size() == 1) {
        ringRun(0, m_members.size(), 1.0);
        return;
    }
    for (std::size_t j = 0; j < runs.size(); ++j) {
        const auto [begin, end] = runs[j];
        const std::size_t r = end - begin;
        ringRun(begin, end, double(r - 1) / double(r));
        const auto [nextBegin, nextEnd] = runs[(j + 1) % runs.size()];
        const std::size_t next = nextEnd - nextBegin;
        const std::size_t k = ringChannels(r, next, runs.size(), m_options.ringNetworkChannels);
        const double share = (m_options.networkReduction ? 0.5 : 1.0) / double(k);
        for (std::size_t c = 0; c < k; ++c)
            flow(m_members[begin + c * r / k], m_members[nextBegin + c * next / k], share);
    }
}

// The ring's steps among the members [begin, end) of one domain, each sending `share`. On an
// NVSwitch a GPU's one port carries them. Where the GPUs are joined directly, each to each (an
// xGMI mesh, a 4-GPU HGX board), the collective library runs as many rings as a GPU has peers,
// each over other links (the complete directed graph on r GPUs splits into r - 1 directed
// Hamiltonian cycles, for most r), so a GPU's share goes out evenly on its links to every
// other member instead of on one.
void Router::ringRun(std::size_t begin, std::size_t end, double share)
{
    const std::size_t r = end - begin;
    if (r < 2)
        return;
    const VertexId first = m_members[begin];
    bool direct = r > 2 && m_g.gpuPorts(first).nvlinkUp == kNoEdge
                  && m_g.edgeBetween(first, m_members[begin + 1]).has_value();
    for (std::size_t i = begin + 1; direct && i < end; ++i)
        direct = m_g.domainOf(m_members[i]) == m_g.domainOf(first);
    if (direct) {
        const double each = share / double(r - 1);
        for (std::size_t i = begin; i < end; ++i) {
            for (std::size_t j = begin; j < end; ++j) {
                if (i != j)
                    flow(m_members[i], m_members[j], each);
            }
        }
        return;
    }
    for (std::size_t i = 0; i < r; ++i)
        flow(m_members[begin + i], m_members[begin + (i + 1) % r], share);
}

void Router::allToAll()
{
    const std::size_t n = m_members.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            if (i != j)
                flow(m_members[i], m_members[j], 1.0 / double(n - 1));
        }
    }
}

void Router::sendRecv()
{
    for (std::size_t i = 0; i + 1 < m_members.size(); ++i) {
        flow(m_members[i], m_members[i + 1], 1.0);
        flow(m_members[i + 1], m_members[i], 1.0);
    }
}

void Router::flow(VertexId src, VertexId dst, double amount)
{
    if (src == dst)
        return;
    const FabricVertex &a = m_g.vertex(src);
    const FabricVertex &b = m_g.vertex(dst);
    const GpuPorts &pa = m_g.gpuPorts(src);
    const GpuPorts &pb = m_g.gpuPorts(dst);
    if (a.domain == b.domain) {
        if (pa.nvlinkUp != kNoEdge && pb.nvlinkDown != kNoEdge) {
            addLoad(pa.nvlinkUp, amount);
            addLoad(pb.nvlinkDown, amount);
            notePath(2, 0, latency(pa.nvlinkUp) + latency(pb.nvlinkDown));
        } else if (const std::optional<std::size_t> e = m_g.edgeBetween(src, dst)) {
            addLoad(*e, amount);
            notePath(1, 0, latency(*e));
        } else {
            noPath(src, dst);
        }
        return;
    }
    if (a.node == b.node && pa.hostUp != kNoEdge && pb.hostDown != kNoEdge) {
        addLoad(pa.hostUp, amount);
        addLoad(pb.hostDown, amount);
        notePath(2, 0, latency(pa.hostUp) + latency(pb.hostDown));
        return;
    }
    networkFlow(src, dst, amount);
}

// GPU -> its NIC -> (a direct cable, or ECMP over the switches) -> the peer's NIC -> peer.
void Router::networkFlow(VertexId src, VertexId dst, double amount)
{
    const GpuPorts &pa = m_g.gpuPorts(src);
    const GpuPorts &pb = m_g.gpuPorts(dst);
    if (!pa.nic || !pb.nic) {
        noPath(src, dst);
        return;
    }
    const VertexId nicA = *pa.nic;
    const VertexId nicB = *pb.nic;
    const double entryUs = latency(pa.nicUp);
    const double exitUs = latency(pb.nicDown);
    if (nicA == nicB) {
        addLoad(pa.nicUp, amount);
        addLoad(pb.nicDown, amount);
        notePath(2, 0, entryUs + exitUs);
        return;
    }

    int direct = 0;
    for (const NicPeer &p : m_g.nicPeers(nicA))
        direct += p.nic == nicB ? p.count : 0;
    if (direct > 0) {
        addLoad(pa.nicUp, amount);
        addLoad(pb.nicDown, amount);
        for (const NicPeer &p : m_g.nicPeers(nicA)) {
            if (p.nic != nicB)
                continue;
            addLoad(p.out, amount * p.count / direct);
            notePath(3, 0, entryUs + latency(p.out) + exitUs);
        }
        return;
    }

    // The attachments of either NIC that are nearest each other; the flow splits over them
    // by cable count.
    std::uint16_t best = FabricGraph::kUnreachable;
    for (const NicUplink &ua : m_g.nicUplinks(nicA)) {
        const std::span<const std::uint16_t> row = m_g.switchDistances(ua.sw);
        for (const NicUplink &ub : m_g.nicUplinks(nicB))
            best = std::min(best, row[ub.sw]);
    }
    if (best == FabricGraph::kUnreachable) {
        if (!forward(src, dst, amount))
            noPath(src, dst);
        return;
    }
    int weight = 0;
    for (const NicUplink &ua : m_g.nicUplinks(nicA)) {
        const std::span<const std::uint16_t> row = m_g.switchDistances(ua.sw);
        for (const NicUplink &ub : m_g.nicUplinks(nicB))
            weight += row[ub.sw] == best ? ua.count * ub.count : 0;
    }
    addLoad(pa.nicUp, amount);
    addLoad(pb.nicDown, amount);
    notePath(best + 4, best + 1, 0);
    for (const NicUplink &ua : m_g.nicUplinks(nicA)) {
        const std::span<const std::uint16_t> row = m_g.switchDistances(ua.sw);
        for (const NicUplink &ub : m_g.nicUplinks(nicB)) {
            if (row[ub.sw] != best)
                continue;
            const double share = amount * ua.count * ub.count / weight;
            addLoad(ua.up, share);
            addLoad(ub.down, share);
            const double in = entryUs + latency(ua.up);
            const double out = latency(ub.down) + exitUs;
            if (ua.sw == ub.sw || m_options.idealSwitches)
                notePath(0, 0, in + m_g.switchLatencyUs(ua.sw) + out);
            else
                addDemand(Demand{ua.sw, ub.sw, m_group, share, in, out});
        }
    }
}

// The network (connected switches) a NIC is cabled to; -1 for a NIC on no switch.
int Router::networkOf(VertexId nic)
{
    if (m_network.empty()) {
        const int switches = m_g.switchCount();
        m_network.assign(static_cast<std::size_t>(switches), -1);
        std::vector<int> stack;
        for (int s = 0; s < switches; ++s) {
            if (m_network[s] >= 0)
                continue;
            m_network[s] = m_networks;
            stack.push_back(s);
            while (!stack.empty()) {
                const int u = stack.back();
                stack.pop_back();
                for (const SwitchLink &l : m_g.switchLinks(u)) {
                    if (m_network[l.to] < 0) {
                        m_network[l.to] = m_networks;
                        stack.push_back(l.to);
                    }
                }
            }
            ++m_networks;
        }
    }
    const std::span<const NicUplink> up = m_g.nicUplinks(nic);
    return up.empty() ? -1 : m_network[up.front().sw];
}

// The GPU nearest `near` (by GPU index: a tray's GPUs are neighbours) that shares its NVLink
// domain, or where the server has no NVLink its node, and whose NIC is on `network`.
std::optional<VertexId> Router::relay(VertexId near, int network)
{
    const int domain = m_g.domainOf(near);
    const std::uint64_t key = (std::uint64_t(std::uint32_t(domain)) << 32) | std::uint32_t(network);
    auto it = m_onNetwork.find(key);
    if (it == m_onNetwork.end()) {
        // A server without NVLink reaches its other GPUs through the host: its GPUs are
        // consecutive in GPU order.
        std::vector<VertexId> candidates = m_g.domains()[domain].gpus;
        if (m_g.gpuPorts(near).hostUp != kNoEdge) {
            const std::vector<VertexId> &all = m_g.gpus();
            const int node = m_g.vertex(near).node;
            std::size_t first = static_cast<std::size_t>(m_g.gpuIndex(near)), last = first + 1;
            while (first > 0 && m_g.vertex(all[first - 1]).node == node)
                --first;
            while (last < all.size() && m_g.vertex(all[last]).node == node)
                ++last;
            candidates.assign(all.begin() + static_cast<std::ptrdiff_t>(first),
                              all.begin() + static_cast<std::ptrdiff_t>(last));
        }
        std::vector<VertexId> gpus;
        for (VertexId v : candidates) {
            const std::optional<VertexId> nic = m_g.gpuPorts(v).nic;
            if (nic && networkOf(*nic) == network)
                gpus.push_back(v);
        }
        it = m_onNetwork.emplace(key, std::move(gpus)).first;
    }
    const std::vector<VertexId> &gpus = it->second;
    if (gpus.empty())
        return std::nullopt;
    const int index = m_g.gpuIndex(near);
    auto after = std::lower_bound(gpus.begin(), gpus.end(), index,
                                  [&](VertexId v, int i) { return m_g.gpuIndex(v) < i; });
    if (after == gpus.end())
        return gpus.back();
    if (after == gpus.begin())
        return *after;
    const VertexId before = *std::prev(after);
    return index - m_g.gpuIndex(before) <= m_g.gpuIndex(*after) - index ? before : *after;
}

// PXN (NCCL's PCI x NVLink): where the two NICs are on networks that do not meet (the rails
// of a rail-only fabric, the planes of a multi-plane one), the message first crosses NVLink
// (or the host) to the sender's GPU whose NIC is on the receiver's network and leaves there;
// failing that, it enters the receiver's domain at the GPU on the sender's network and
// crosses NVLink last. False when neither domain has such a GPU.
bool Router::forward(VertexId src, VertexId dst, double amount)
{
    const std::optional<VertexId> nicA = m_g.gpuPorts(src).nic;
    const std::optional<VertexId> nicB = m_g.gpuPorts(dst).nic;
    const int toward = networkOf(*nicB);
    const int from = networkOf(*nicA);
    GroupRoute &r = m_state->result;
    if (toward >= 0) {
        if (const std::optional<VertexId> via = relay(src, toward); via && *via != src) {
            r.forwardedShare += amount;
            flow(src, *via, amount);
            networkFlow(*via, dst, amount);
            return true;
        }
    }
    if (from >= 0) {
        if (const std::optional<VertexId> via = relay(dst, from); via && *via != dst) {
            r.forwardedShare += amount;
            networkFlow(src, *via, amount);
            flow(*via, dst, amount);
            return true;
        }
    }
    r.unforwarded = true;
    return false;
}

namespace {

std::size_t demandHash(int from, int to)
{
    const std::uint64_t key = (std::uint64_t(std::uint32_t(from)) << 32) | std::uint32_t(to);
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32);
}

} // namespace

// Merges the group's demands between the same two switches as they come: an all-to-all over
// 64 nodes has thousands of flows but only as many switch pairs as the leaves involved.
void Router::addDemand(const Demand &d)
{
    if ((m_demands.size() - m_groupDemands + 1) * 2 > m_slots.size())
        rehashDemands(std::max<std::size_t>(1024, m_slots.size() * 2));
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t h = demandHash(d.from, d.to);; ++h) {
        std::int32_t &slot = m_slots[h & mask];
        if (slot < 0) {
            slot = static_cast<std::int32_t>(m_demands.size());
            m_slotsUsed.push_back(h & mask);
            m_demands.push_back(d);
            return;
        }
        Demand &same = m_demands[slot];
        if (same.from == d.from && same.to == d.to) {
            same.amount += d.amount;
            same.entryUs = std::max(same.entryUs, d.entryUs);
            same.exitUs = std::max(same.exitUs, d.exitUs);
            return;
        }
    }
}

void Router::rehashDemands(std::size_t slots)
{
    m_slots.assign(slots, -1);
    m_slotsUsed.clear();
    for (std::size_t i = m_groupDemands; i < m_demands.size(); ++i) {
        for (std::size_t h = demandHash(m_demands[i].from, m_demands[i].to);; ++h) {
            if (m_slots[h & (slots - 1)] < 0) {
                m_slots[h & (slots - 1)] = static_cast<std::int32_t>(i);
                m_slotsUsed.push_back(h & (slots - 1));
                break;
            }
        }
    }
}

// Aggregates every group's switch traffic by destination switch; each destination's demands
// go down its shortest-path DAG at once.
void Router::pushAll()
{
    std::sort(m_demands.begin(), m_demands.end(),
              [](const Demand &a, const Demand &b) { return a.to < b.to; });
    std::size_t begin = 0;
    for (std::size_t i = 1; i <= m_demands.size(); ++i) {
        if (i == m_demands.size() || m_demands[i].to != m_demands[begin].to) {
            Destination d;
            d.target = m_demands[begin].to;
            d.demandBegin = begin;
            d.demandEnd = i;
            pushToward(&d);
            m_destinations.push_back(d);
            begin = i;
        }
    }
}

// ECMP: every switch splits what it holds evenly over its cables to switches one step nearer
// the target. Switches are visited farthest first, so each passes on all it will receive.
void Router::pushToward(Destination *d)
{
    const std::span<const std::uint16_t> distance = m_g.switchDistances(d->target);
    std::size_t farthest = 0;
    for (std::size_t i = d->demandBegin; i < d->demandEnd; ++i) {
        const Demand &demand = m_demands[i];
        const std::size_t dist = distance[demand.from];
        if (m_buckets.size() <= dist)
            m_buckets.resize(dist + 1);
        if (!m_queued[demand.from]) {
            m_queued[demand.from] = 1;
            m_buckets[dist].push_back(demand.from);
        }
        m_flowAt[demand.from] += demand.amount;
        farthest = std::max(farthest, dist);
    }
    d->orderBegin = m_order.size();
    for (std::size_t dist = farthest; dist >= 1; --dist) {
        for (int u : m_buckets[dist]) {
            int cables = 0;
            for (const SwitchLink &l : m_g.switchLinks(u))
                cables += distance[l.to] + 1u == dist ? l.count : 0;
            const double perCable = m_flowAt[u] / cables;
            for (const SwitchLink &l : m_g.switchLinks(u)) {
                if (distance[l.to] + 1u != dist)
                    continue;
                m_load[l.edge] += perCable * l.count;
                m_flowAt[l.to] += perCable * l.count;
                if (!m_queued[l.to]) {
                    m_queued[l.to] = 1;
                    m_buckets[dist - 1].push_back(l.to);
                }
            }
            m_flowAt[u] = 0;
            m_queued[u] = 0;
            m_order.push_back(u);
        }
        m_buckets[dist].clear();
    }
    m_order.push_back(d->target);
    m_flowAt[d->target] = 0;
    m_queued[d->target] = 0;
    m_buckets[0].clear();
    d->orderEnd = m_order.size();
}

// Nearest switches first, so that each switch sees its next hops settled.
void Router::settle(const Destination &d)
{
    const std::span<const std::uint16_t> distance = m_g.switchDistances(d.target);
    for (std::size_t i = d.orderEnd; i-- > d.orderBegin;) {
        const int u = m_order[i];
        double best = std::numeric_limits<double>::infinity();
        std::size_t bestEdge = kNoEdge;
        LinkClass worst = LinkClass::NVLink;
        double slowest = 0;
        if (u != d.target) {
            for (const SwitchLink &l : m_g.switchLinks(u)) {
                if (distance[l.to] + 1u != distance[u])
                    continue;
                const EdgeRates &e = m_g.rates(l.edge);
                const double busbw = e.effectiveGBs / m_load[l.edge];
                if (busbw < best) {
                    best = busbw;
                    bestEdge = l.edge;
                }
                if (m_best[l.to] < best) {
                    best = m_best[l.to];
                    bestEdge = m_bestEdge[l.to];
                }
                worst = std::max({worst, e.linkClass, m_worstClass[l.to]});
                slowest = std::max(slowest, e.latencyUs + m_latencyFrom[l.to]);
            }
        }
        m_best[u] = best;
        m_bestEdge[u] = bestEdge;
        m_worstClass[u] = worst;
        m_latencyFrom[u] = m_g.switchLatencyUs(u) + slowest;
    }
    for (std::size_t i = d.demandBegin; i < d.demandEnd; ++i) {
        const Demand &demand = m_demands[i];
        GroupState &s = m_groups[demand.group];
        if (m_best[demand.from] < s.networkBusbw) {
            s.networkBusbw = m_best[demand.from];
            s.networkBottleneck = m_bestEdge[demand.from];
        }
        GroupRoute &r = s.result;
        r.linkClass = std::max(r.linkClass, m_worstClass[demand.from]);
        r.pathLatencyUs = std::max(r.pathLatencyUs,
                                   demand.entryUs + m_latencyFrom[demand.from] + demand.exitUs);
    }
}

void Router::addLoad(std::size_t edge, double amount)
{
    m_load[edge] += amount;
    if (m_stamp[edge] != m_group) {
        m_stamp[edge] = m_group;
        m_used.push_back(edge);
    }
}

void Router::notePath(int hops, int switches, double latencyUs)
{
    GroupRoute &r = m_state->result;
    r.maxHops = std::max(r.maxHops, hops);
    r.maxSwitchHops = std::max(r.maxSwitchHops, switches);
    r.pathLatencyUs = std::max(r.pathLatencyUs, latencyUs);
}

bool Router::isolated(VertexId gpu) const
{
    const std::optional<VertexId> nic = m_g.nicOf(gpu);
    return !nic || (m_g.nicUplinks(*nic).empty() && m_g.nicPeers(*nic).empty());
}

void Router::noPath(VertexId src, VertexId dst)
{
    GroupRoute &r = m_state->result;
    r.connected = false;
    auto name = [&](VertexId v) {
        const std::string &id = m_g.vertex(v).id;
        if (std::find(r.unreachableIds.begin(), r.unreachableIds.end(), id)
            == r.unreachableIds.end())
            r.unreachableIds.push_back(id);
    };
    const bool srcIsolated = isolated(src);
    const bool dstIsolated = isolated(dst);
    if (srcIsolated || !dstIsolated)
        name(src);
    if (dstIsolated || !srcIsolated)
        name(dst);
}

RouteResult Router::finish()
{
    pushAll();
    for (const Destination &d : m_destinations)
        settle(d);
    RouteResult out;
    out.groups.reserve(m_groups.size());
    for (GroupState &s : m_groups) {
        GroupRoute &r = s.result;
        double best = s.networkBusbw;
        std::size_t bottleneck = s.networkBottleneck;
        for (std::size_t i = s.usedBegin; i < s.usedEnd; ++i) {
            const std::size_t e = m_used[i];
            const EdgeRates &edge = m_g.rates(e);
            const double busbw = edge.effectiveGBs / m_load[e];
            if (busbw < best) {
                best = busbw;
                bottleneck = e;
            }
            if (!edge.nicAttachment)
                r.linkClass = std::max(r.linkClass, edge.linkClass);
        }
        // NVLink SHARP: a group in one domain whose every port reduces in the switch.
        if (r.connected && r.domainIds.size() == 1 && s.usedEnd > s.usedBegin) {
            double nvls = std::numeric_limits<double>::infinity();
            for (std::size_t i = s.usedBegin; i < s.usedEnd; ++i) {
                const std::size_t e = m_used[i];
                nvls = std::min(nvls, m_g.rates(e).nvlsGBs / m_load[e]);
            }
            r.nvlsBusbwGBs = nvls;
        }
        if (r.connected) {
            r.busbwGBs = best;
            if (bottleneck != kNoEdge) {
                r.bottleneckEdge = bottleneck;
                r.bottleneckId = m_g.edgeLabel(bottleneck);
                r.bottleneckDevice = m_g.edgeDevice(bottleneck);
            }
        } else {
            r.busbwGBs = 0;
        }
        out.groups.push_back(std::move(r));
    }
    out.edgeLoad = std::move(m_load);
    return out;
}

} // namespace

std::vector<std::pair<std::size_t, std::size_t>> ringRuns(const FabricGraph &g,
                                                          std::span<const VertexId> members)
{
    std::vector<std::pair<std::size_t, std::size_t>> byDomain, byNode;
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (i == 0 || g.domainOf(members[i]) != g.domainOf(members[i - 1]))
            byDomain.push_back({i, i});
        byDomain.back().second = i + 1;
        if (i == 0 || g.vertex(members[i]).node != g.vertex(members[i - 1]).node)
            byNode.push_back({i, i});
        byNode.back().second = i + 1;
    }
    // Several nodes, each with more than one of the group's domains (a domain that spans nodes,
    // a custom one, makes fewer domain runs than node runs).
    if (byNode.size() > 1 && byDomain.size() > byNode.size()) {
        bool nested = true;
        for (std::size_t i = 1; nested && i < members.size(); ++i)
            nested = g.vertex(members[i]).node == g.vertex(members[i - 1]).node
                     || g.domainOf(members[i]) != g.domainOf(members[i - 1]);
        if (nested)
            return byNode;
    }
    return byDomain;
}

std::size_t ringChannels(std::size_t r, std::size_t next, std::size_t runs, int bound)
{
    const std::size_t k = std::min(r, next);
    return bound <= 0 ? k : std::min(k, std::size_t(bound) * (runs == 2 ? 2 : 1));
}

RouteResult routeConcurrent(const FabricGraph &g, const std::vector<std::vector<VertexId>> &groups,
                            Collective c, const RouteOptions &options)
{
    Router router(g, groups.size(), options);
    for (std::size_t i = 0; i < groups.size(); ++i)
        router.route(static_cast<int>(i), groups[i], c);
    return router.finish();
}

} // namespace topoplan
