#include "engine/routing.h"

#include <algorithm>
#include <limits>
#include <string>

namespace topoplan {

const char *toString(Collective c)
{
    switch (c) {
    case Collective::AllReduce:
        return "all-reduce";
    case Collective::AllGather:
        return "all-gather";
    case Collective::ReduceScatter:
        return "reduce-scatter";
    case Collective::AllToAll:
        return "all-to-all";
    case Collective::SendRecv:
        return "send-recv";
    }
    return "all-reduce";
}

namespace {

// Routes the groups one after another into one load array; each group remembers the edges it
// loaded, so that its bus bandwidth can be read off once every group's load is in.
class Router
{
public:
    Router(const FabricGraph &g, std::size_t groups)
        : m_g(g)
        , m_load(g.edgeCount(), 0.0)
        , m_stamp(g.edgeCount(), -1)
        , m_flowAt(g.switchCount(), 0.0)
        , m_latencyAt(g.switchCount(), 0.0)
        , m_queued(g.switchCount(), 0)
        , m_domainStamp(g.domains().size(), -1)
        , m_groups(groups)
    {}

    void route(int group, const std::vector<VertexId> &members, Collective c);
    RouteResult finish();

private:
    struct GroupState
    {
        std::size_t usedBegin = 0;
        std::size_t usedEnd = 0;
        GroupRoute result;
    };
    // Network traffic from one switch toward another, pushed through the switches in bulk.
    struct Demand
    {
        int from = 0;
        int to = 0;
        double amount = 0;
        double entryUs = 0; // latency up to and including the first switch's ingress edge
        double exitUs = 0;  // from the last switch's egress edge to the GPU
    };

    void ring();
    void allToAll();
    void sendRecv();
    void flow(VertexId src, VertexId dst, double amount);
    void networkFlow(VertexId src, VertexId dst, double amount);
    void pushDemands();
    void pushToward(int target, std::size_t begin, std::size_t end);
    void addLoad(std::size_t edge, double amount);
    void notePath(int hops, int switches, double latencyUs);
    void noPath(VertexId src, VertexId dst);
    bool isolated(VertexId gpu) const;
    double latency(std::size_t edge) const { return m_g.edge(edge).latencyUs; }

    const FabricGraph &m_g;
    std::vector<double> m_load;
    std::vector<int> m_stamp; // per edge: the last group that loaded it
    std::vector<std::size_t> m_used;
    std::vector<Demand> m_demands;
    std::vector<double> m_flowAt; // per switch, while pushing demands
    std::vector<double> m_latencyAt;
    std::vector<char> m_queued;
    std::vector<std::vector<int>> m_buckets; // switches by distance to the target
    std::vector<int> m_domainStamp;
    std::vector<VertexId> m_members;
    std::vector<GroupState> m_groups;
    int m_group = -1;
    GroupState *m_state = nullptr;
};

void Router::route(int group, const std::vector<VertexId> &members, Collective c)
{
    m_group = group;
    m_state = &m_groups[group];
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
    const bool isRing = c == Collective::AllReduce || c == Collective::AllGather
                        || c == Collective::ReduceScatter;
    if (isRing) {
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
    if (isRing)
        ring();
    else if (c == Collective::AllToAll)
        allToAll();
    else
        sendRecv();
    pushDemands();
    m_state->usedEnd = m_used.size();
}

void Router::ring()
{
    const std::size_t n = m_members.size();
    std::vector<std::pair<std::size_t, std::size_t>> runs; // [begin, end) per domain
    for (std::size_t i = 0; i < n; ++i) {
        if (i == 0 || m_g.domainOf(m_members[i]) != m_g.domainOf(m_members[i - 1]))
            runs.push_back({i, i});
        runs.back().second = i + 1;
    }
    if (runs.size() == 1) {
        for (std::size_t i = 0; n > 1 && i < n; ++i)
            flow(m_members[i], m_members[(i + 1) % n], 1.0);
        return;
    }
    for (std::size_t j = 0; j < runs.size(); ++j) {
        const auto [begin, end] = runs[j];
        const std::size_t r = end - begin;
        for (std::size_t i = 0; r > 1 && i < r; ++i)
            flow(m_members[begin + i], m_members[begin + (i + 1) % r], double(r - 1) / double(r));
        const auto [nextBegin, nextEnd] = runs[(j + 1) % runs.size()];
        const std::size_t k = std::min(r, nextEnd - nextBegin);
        for (std::size_t c = 0; c < k; ++c)
            flow(m_members[begin + c], m_members[nextBegin + c], 1.0 / double(k));
    }
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
            if (ua.sw == ub.sw)
                notePath(0, 0, in + m_g.switchLatencyUs(ua.sw) + out);
            else
                m_demands.push_back(Demand{ua.sw, ub.sw, share, in, out});
        }
    }
}

// Aggregates the group's network demands by destination switch and pushes each destination's
// demands down its shortest-path DAG at once.
void Router::pushDemands()
{
    if (m_demands.empty())
        return;
    std::sort(m_demands.begin(), m_demands.end(),
              [](const Demand &a, const Demand &b) { return a.to < b.to; });
    std::size_t begin = 0;
    for (std::size_t i = 1; i <= m_demands.size(); ++i) {
        if (i == m_demands.size() || m_demands[i].to != m_demands[begin].to) {
            pushToward(m_demands[begin].to, begin, i);
            begin = i;
        }
    }
    m_demands.clear();
}

// ECMP: every switch splits what it holds evenly over its cables to switches one step nearer
// the target. Switches are visited farthest first, so each passes on all it will receive.
void Router::pushToward(int target, std::size_t begin, std::size_t end)
{
    const std::span<const std::uint16_t> distance = m_g.switchDistances(target);
    std::size_t farthest = 0;
    double exitUs = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const Demand &d = m_demands[i];
        const std::size_t dist = distance[d.from];
        if (m_buckets.size() <= dist)
            m_buckets.resize(dist + 1);
        if (!m_queued[d.from]) {
            m_queued[d.from] = 1;
            m_buckets[dist].push_back(d.from);
        }
        m_flowAt[d.from] += d.amount;
        m_latencyAt[d.from] = std::max(m_latencyAt[d.from], d.entryUs);
        farthest = std::max(farthest, dist);
        exitUs = std::max(exitUs, d.exitUs);
    }
    if (m_buckets.empty())
        m_buckets.resize(1);
    m_buckets[0].push_back(target);
    m_queued[target] = 1;
    for (std::size_t dist = farthest; dist >= 1; --dist) {
        for (int u : m_buckets[dist]) {
            int cables = 0;
            for (const SwitchLink &l : m_g.switchLinks(u))
                cables += distance[l.to] + 1u == dist ? l.count : 0;
            const double flow = m_flowAt[u];
            const double reachedUs = m_latencyAt[u] + m_g.switchLatencyUs(u);
            for (const SwitchLink &l : m_g.switchLinks(u)) {
                if (distance[l.to] + 1u != dist)
                    continue;
                addLoad(l.edge, flow * l.count / cables);
                if (!m_queued[l.to]) {
                    m_queued[l.to] = 1;
                    m_buckets[dist - 1].push_back(l.to);
                }
                m_flowAt[l.to] += flow * l.count / cables;
                m_latencyAt[l.to] = std::max(m_latencyAt[l.to], reachedUs + latency(l.edge));
            }
            m_flowAt[u] = 0;
            m_latencyAt[u] = 0;
            m_queued[u] = 0;
        }
        m_buckets[dist].clear();
    }
    GroupRoute &r = m_state->result;
    r.pathLatencyUs
            = std::max(r.pathLatencyUs, m_latencyAt[target] + m_g.switchLatencyUs(target) + exitUs);
    m_flowAt[target] = 0;
    m_latencyAt[target] = 0;
    m_queued[target] = 0;
    m_buckets[0].clear();
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
    RouteResult out;
    out.groups.reserve(m_groups.size());
    for (GroupState &s : m_groups) {
        GroupRoute &r = s.result;
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t i = s.usedBegin; i < s.usedEnd; ++i) {
            const std::size_t e = m_used[i];
            const FabricEdge &edge = m_g.edge(e);
            const double busbw = edge.effectiveGBs / m_load[e];
            if (busbw < best) {
                best = busbw;
                r.bottleneckEdge = e;
            }
            const VertexKind from = m_g.vertex(m_g.source(e)).kind;
            const VertexKind to = m_g.vertex(m_g.target(e)).kind;
            const bool nicAttachment = (from == VertexKind::Gpu && to == VertexKind::Nic)
                                       || (from == VertexKind::Nic && to == VertexKind::Gpu);
            if (!nicAttachment)
                r.linkClass = std::max(r.linkClass, edge.linkClass);
        }
        if (r.connected) {
            r.busbwGBs = best;
            if (r.bottleneckEdge)
                r.bottleneckId = m_g.edgeLabel(*r.bottleneckEdge);
        } else {
            r.busbwGBs = 0;
            r.bottleneckEdge.reset();
        }
        out.groups.push_back(std::move(r));
    }
    out.edgeLoad = std::move(m_load);
    return out;
}

} // namespace

RouteResult routeConcurrent(const FabricGraph &g, const std::vector<std::vector<VertexId>> &groups,
                            Collective c)
{
    Router router(g, groups.size());
    for (std::size_t i = 0; i < groups.size(); ++i)
        router.route(static_cast<int>(i), groups[i], c);
    return router.finish();
}

} // namespace topoplan
