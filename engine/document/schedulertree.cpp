#include "engine/document/schedulertree.h"

#include "engine/model/topologyindex.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace topoplan {

namespace {

struct UnionFind
{
    std::vector<std::size_t> parent;
    explicit UnionFind(std::size_t n)
        : parent(n)
    {
        std::iota(parent.begin(), parent.end(), std::size_t(0));
    }
    std::size_t find(std::size_t x)
    {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }
    void join(std::size_t a, std::size_t b) { parent[find(a)] = find(b); }
};

std::vector<std::string> splitDash(const std::string &s)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == '-') {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    return parts;
}

// What the names share, token by token ("leaf-r1-su2", "leaf-r2-su2" -> "leaf-su2"); empty when
// they differ in their number of tokens or share nothing.
std::string sharedName(const std::vector<std::string> &names)
{
    if (names.empty())
        return {};
    const std::vector<std::string> first = splitDash(names[0]);
    std::vector<bool> keep(first.size(), true);
    for (const std::string &n : names) {
        const std::vector<std::string> parts = splitDash(n);
        if (parts.size() != first.size())
            return {};
        for (std::size_t i = 0; i < parts.size(); ++i)
            if (parts[i] != first[i])
                keep[i] = false;
    }
    std::string out;
    bool dropped = false;
    for (std::size_t i = 0; i < first.size(); ++i) {
        if (!keep[i]) {
            dropped = true;
            continue;
        }
        if (!out.empty())
            out += '-';
        out += first[i];
    }
    return dropped ? out : std::string();
}

} // namespace

std::string schedulerName(const std::string &name)
{
    std::string out;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                        || c == '-' || c == '_' || c == '.';
        out += ok ? c : '-';
    }
    while (!out.empty() && (out.front() == '-' || out.front() == '.' || out.front() == '_'))
        out.erase(out.begin());
    if (out.size() > 63)
        out.resize(63);
    while (!out.empty() && (out.back() == '-' || out.back() == '.' || out.back() == '_'))
        out.pop_back();
    return out.empty() ? std::string("x") : out;
}

std::vector<std::size_t> SchedulerTree::pathOf(std::size_t host) const
{
    std::vector<std::size_t> path;
    int s = host < leafOfHost.size() ? leafOfHost[host] : -1;
    while (s >= 0) {
        path.push_back(std::size_t(s));
        s = switches[std::size_t(s)].parent;
    }
    return path;
}

Expected<SchedulerTree> schedulerTree(const Project &p, const Catalog &catalog,
                                      const std::vector<Host> &hosts)
{
    (void) catalog;
    const Topology &t = p.topology;
    std::map<std::string, std::size_t> switchIndex;
    for (std::size_t i = 0; i < t.switches.size(); ++i)
        if (t.switches[i].role == FabricRole::Compute)
            switchIndex.emplace(t.switches[i].id, i);
    std::map<std::string, std::size_t> nodeIndex;
    for (std::size_t i = 0; i < t.nodes.size(); ++i)
        nodeIndex.emplace(t.nodes[i].id, i);
    // Hosts of each node, to find which host a NIC port belongs to.
    std::vector<std::vector<std::size_t>> hostsOfNode(t.nodes.size());
    for (std::size_t h = 0; h < hosts.size(); ++h)
        hostsOfNode[hosts[h].node].push_back(h);

    // Union-find over hosts (0 .. H-1) and compute switches (H + switch index).
    const std::size_t H = hosts.size();
    UnionFind uf(H + t.switches.size());
    std::vector<bool> cabled(H, false);
    std::vector<bool> isLeafOfHost(t.switches.size(), false);
    std::vector<std::vector<std::size_t>> up(t.switches.size()); // switch -> switches a tier up
    for (const Link &l : t.links) {
        auto sa = switchIndex.find(l.a.device), sb = switchIndex.find(l.b.device);
        auto na = nodeIndex.find(l.a.device), nb = nodeIndex.find(l.b.device);
        if (sa != switchIndex.end() && sb != switchIndex.end()) {
            const Switch &x = t.switches[sa->second], &y = t.switches[sb->second];
            if (tierRank(x.tier) < tierRank(y.tier))
                up[sa->second].push_back(sb->second);
            else if (tierRank(y.tier) < tierRank(x.tier))
                up[sb->second].push_back(sa->second);
            continue;
        }
        const Endpoint *nodeEnd = nullptr;
        std::size_t sw = 0, node = 0;
        if (na != nodeIndex.end() && sb != switchIndex.end()) {
            nodeEnd = &l.a;
            node = na->second;
            sw = sb->second;
        } else if (nb != nodeIndex.end() && sa != switchIndex.end()) {
            nodeEnd = &l.b;
            node = nb->second;
            sw = sa->second;
        } else {
            continue;
        }
        for (std::size_t h : hostsOfNode[node]) {
            const Host &host = hosts[h];
            const int lo = std::max(nodeEnd->port, host.firstNic);
            const int hi = std::min(nodeEnd->port + l.count, host.firstNic + host.nics);
            if (lo < hi) {
                uf.join(h, H + sw);
                cabled[h] = true;
                isLeafOfHost[sw] = true;
            }
        }
    }
    for (std::size_t h = 0; h < H; ++h)
        if (!cabled[h])
            return Error{"", "/topology/nodes/" + std::to_string(hosts[h].node),
                         "host " + hosts[h].name
                                 + " has no cable to a compute-fabric switch; a scheduler's "
                                   "topology needs every host under a leaf switch"};
    for (auto &u : up) {
        std::sort(u.begin(), u.end());
        u.erase(std::unique(u.begin(), u.end()), u.end());
    }

    SchedulerTree tree;
    tree.leafOfHost.assign(H, -1);
    std::set<std::string> used;
    auto nameGroup = [&](const std::vector<std::size_t> &members, int level) {
        std::vector<std::string> names;
        for (std::size_t m : members)
            names.push_back(schedulerName(t.switches[m].name.empty() ? t.switches[m].id
                                                                     : t.switches[m].name));
        std::string name = names.size() == 1 ? names[0] : sharedName(names);
        if (!name.empty())
            name = schedulerName(name);
        if (name.empty() || used.count(name)) {
            const char *tier = toString(t.switches[members.front()].tier);
            for (int n = 1;; ++n) {
                name = std::string(tier) + "-group-" + std::to_string(n);
                if (!used.count(name))
                    break;
            }
        }
        (void) level;
        used.insert(name);
        return name;
    };

    // Level 0: the components of hosts and their leaves, in order of their first host.
    std::map<std::size_t, std::size_t> leafOfRoot;
    for (std::size_t h = 0; h < H; ++h) {
        const std::size_t r = uf.find(h);
        auto [it, added] = leafOfRoot.try_emplace(r, tree.switches.size());
        if (added) {
            SchedulerSwitch s;
            s.level = 0;
            tree.switches.push_back(std::move(s));
        }
        tree.switches[it->second].hosts.push_back(h);
        tree.leafOfHost[h] = int(it->second);
    }
    for (std::size_t sw = 0; sw < t.switches.size(); ++sw) {
        if (!isLeafOfHost[sw])
            continue;
        auto it = leafOfRoot.find(uf.find(H + sw));
        if (it != leafOfRoot.end())
            tree.switches[it->second].members.push_back(t.switches[sw].id);
    }
    std::map<std::string, std::size_t> idToSwitch;
    for (std::size_t i = 0; i < t.switches.size(); ++i)
        idToSwitch.emplace(t.switches[i].id, i);
    auto membersIdx = [&](const SchedulerSwitch &s) {
        std::vector<std::size_t> m;
        for (const std::string &id : s.members)
            m.push_back(idToSwitch.at(id));
        std::sort(m.begin(), m.end());
        return m;
    };
    for (SchedulerSwitch &s : tree.switches)
        s.name = nameGroup(membersIdx(s), 0);
    tree.levels = 1;

    // Upper levels: groups joined by the switches one tier up.
    std::vector<std::size_t> current(tree.switches.size());
    std::iota(current.begin(), current.end(), std::size_t(0));
    std::vector<bool> placed(t.switches.size(), false);
    for (std::size_t sw = 0; sw < t.switches.size(); ++sw)
        placed[sw] = isLeafOfHost[sw];
    for (int level = 1; !current.empty(); ++level) {
        const std::size_t G = current.size();
        UnionFind guf(G + t.switches.size());
        std::vector<bool> upperUsed(t.switches.size(), false);
        for (std::size_t g = 0; g < G; ++g)
            for (std::size_t m : membersIdx(tree.switches[current[g]]))
                for (std::size_t u : up[m])
                    if (!placed[u]) {
                        guf.join(g, G + u);
                        upperUsed[u] = true;
                    }
        std::map<std::size_t, std::size_t> groupOfRoot;
        std::vector<std::size_t> next;
        for (std::size_t g = 0; g < G; ++g) {
            const std::size_t r = guf.find(g);
            bool hasUpper = false;
            for (std::size_t m : membersIdx(tree.switches[current[g]]))
                for (std::size_t u : up[m])
                    hasUpper = hasUpper || (upperUsed[u] && guf.find(G + u) == r);
            if (!hasUpper)
                continue; // a root
            auto [it, added] = groupOfRoot.try_emplace(r, tree.switches.size());
            if (added) {
                SchedulerSwitch s;
                s.level = level;
                tree.switches.push_back(std::move(s));
                next.push_back(it->second);
            }
            tree.switches[it->second].children.push_back(current[g]);
            tree.switches[current[g]].parent = int(it->second);
        }
        for (std::size_t u = 0; u < t.switches.size(); ++u) {
            if (!upperUsed[u])
                continue;
            auto it = groupOfRoot.find(guf.find(G + u));
            if (it != groupOfRoot.end()) {
                tree.switches[it->second].members.push_back(t.switches[u].id);
                placed[u] = true;
            }
        }
        for (std::size_t s : next)
            tree.switches[s].name = nameGroup(membersIdx(tree.switches[s]), level);
        if (!next.empty())
            tree.levels = level + 1;
        current = std::move(next);
    }
    return tree;
}

std::vector<HostDomain> hostDomains(const Project &p, const std::vector<Host> &hosts)
{
    const Topology &t = p.topology;
    std::vector<HostDomain> domains;
    std::map<std::string, std::size_t> byKey;
    std::set<std::string> used;
    const TopologyIndex index(t);
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        const Node &node = t.nodes[hosts[h].node];
        std::string key = "node:" + node.id, name = node.name.empty() ? node.id : node.name;
        if (!node.domain.empty()) {
            key = "domain:" + node.domain;
            const Domain *d = index.domain(node.domain);
            name = d && !d->name.empty() ? d->name : node.domain;
        } else if (hosts[h].tray == 0
                   && (h + 1 >= hosts.size() || hosts[h + 1].node != hosts[h].node)) {
            name = hosts[h].name; // a one-host domain goes by its host's name
        }
        auto [it, added] = byKey.try_emplace(key, domains.size());
        if (added) {
            std::string n = schedulerName(name);
            for (int k = 2; used.count(n); ++k) {
                // Still at most 63 characters with the suffix: a Kubernetes label value.
                const std::string suffix = "-" + std::to_string(k);
                n = schedulerName(name);
                n.resize(std::min(n.size(), 63 - suffix.size()));
                while (!n.empty() && (n.back() == '-' || n.back() == '.' || n.back() == '_'))
                    n.pop_back();
                n += suffix;
            }
            used.insert(n);
            domains.push_back({n, {}});
        }
        domains[it->second].hosts.push_back(h);
    }
    return domains;
}

} // namespace topoplan
