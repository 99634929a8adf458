// How far a design grows without a new tier: its units of leaves, the top tier's free ports, and
// what one more unit costs.

#include "engine/document/growth.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace topoplan {

namespace {

// The compute fabric's leaves, grouped into units: leaves that serve a server in common belong
// to one unit (the rail leaves of a scalable unit; a fat tree's leaf alone).
struct LeafUnit
{
    std::set<std::string> leaves;
    std::set<std::string> nodes;
};

class Fabric
{
public:
    explicit Fabric(const Topology &t)
        : m_t(t)
    {
        for (const Switch &s : t.switches) {
            if (s.role != FabricRole::Compute)
                continue;
            (s.tier == Tier::Leaf ? leaves : s.tier == Tier::Spine ? spines : cores).insert(s.id);
        }
        for (const Link &l : t.links)
            for (const Endpoint *e : {&l.a, &l.b})
                usedPorts[e->device] += l.count;
    }

    std::vector<LeafUnit> units() const
    {
        std::map<std::string, std::string> parent; // union-find over leaves
        for (const std::string &leaf : leaves)
            parent[leaf] = leaf;
        const auto find = [&](std::string x) {
            while (parent[x] != x)
                x = parent[x] = parent[parent[x]];
            return x;
        };
        std::map<std::string, std::string> leafOfNode;
        for (const Link &l : m_t.links) {
            const auto [node, leaf] = nodeAndLeaf(l);
            if (node.empty())
                continue;
            auto [it, added] = leafOfNode.emplace(node, leaf);
            if (!added)
                parent[find(leaf)] = find(it->second);
        }
        std::map<std::string, LeafUnit> byRoot;
        for (const std::string &leaf : leaves)
            byRoot[find(leaf)].leaves.insert(leaf);
        for (const auto &[node, leaf] : leafOfNode)
            byRoot[find(leaf)].nodes.insert(node);
        std::vector<LeafUnit> out;
        for (auto &[root, unit] : byRoot)
            out.push_back(std::move(unit));
        return out;
    }

    // The node and the compute leaf a link joins; empty when it joins anything else.
    std::pair<std::string, std::string> nodeAndLeaf(const Link &l) const
    {
        if (m_t.node(l.a.device) && leaves.count(l.b.device))
            return {l.a.device, l.b.device};
        if (m_t.node(l.b.device) && leaves.count(l.a.device))
            return {l.b.device, l.a.device};
        return {};
    }

    // Cables from the unit's leaves to each spine.
    std::map<std::string, long long> uplinks(const LeafUnit &u) const
    {
        std::map<std::string, long long> out;
        for (const Link &l : m_t.links) {
            if (u.leaves.count(l.a.device) && spines.count(l.b.device))
                out[l.b.device] += l.count;
            else if (u.leaves.count(l.b.device) && spines.count(l.a.device))
                out[l.a.device] += l.count;
        }
        return out;
    }

    long long freePorts(const std::string &switchId, const Catalog &c) const
    {
        const Switch *s = m_t.switchById(switchId);
        const SwitchModel *m = s ? c.switchModel(s->model) : nullptr;
        auto it = usedPorts.find(switchId);
        return m ? m->ports - (it == usedPorts.end() ? 0 : it->second) : 0;
    }

    std::set<std::string> leaves, spines, cores;
    std::map<std::string, long long> usedPorts;

private:
    const Topology &m_t;
};

// `p` cut down to the devices in `keep` and the links among them: the parts one step adds (with
// the switches it is cabled to, whose own counts the caller drops).
Project stepProject(const Project &p, const std::set<std::string> &keep)
{
    Project s;
    s.name = p.name;
    s.catalogOverrides = p.catalogOverrides;
    std::set<std::string> domains;
    for (const Node &n : p.topology.nodes)
        if (keep.count(n.id)) {
            s.topology.nodes.push_back(n);
            if (!n.domain.empty())
                domains.insert(n.domain);
        }
    for (const Domain &d : p.topology.domains)
        if (domains.count(d.id))
            s.topology.domains.push_back(d);
    for (const Switch &sw : p.topology.switches)
        if (keep.count(sw.id))
            s.topology.switches.push_back(sw);
    for (const Link &l : p.topology.links)
        if (keep.count(l.a.device) && keep.count(l.b.device))
            s.topology.links.push_back(l);
    return s;
}

// The step's counts without the switches it is only cabled to (the spines, or a single tier's
// leaves): those are there already.
void dropSwitches(BomCounts *b, Tier from)
{
    for (auto it = b->switches.begin(); it != b->switches.end();)
        it = std::get<1>(it->first) >= int(from) ? b->switches.erase(it) : std::next(it);
    for (auto it = b->ports.begin(); it != b->ports.end();)
        it = std::get<1>(it->first) >= int(from) ? b->ports.erase(it) : std::next(it);
}

int gpusOf(const Project &p, const Catalog &c, const std::set<std::string> &nodes)
{
    int gpus = 0;
    for (const Node &n : p.topology.nodes)
        if (nodes.count(n.id))
            if (const ServerModel *m = c.server(n.model))
                gpus += m->gpus;
    return gpus;
}

} // namespace

Expected<DesignGrowth> designGrowth(const Project &p, const Catalog &c)
{
    DesignGrowth g;
    const Fabric f(p.topology);
    if (f.leaves.empty()) {
        g.why = "the design has no compute fabric of leaf switches";
        return g;
    }
    if (!f.cores.empty()) {
        g.why = "a three-tier fabric grows by pods of spines and leaves; its headroom is not "
                "computed";
        return g;
    }
    const std::vector<LeafUnit> units = f.units();
    // The unit to repeat: the one with the most servers (a full one).
    const LeafUnit &unit = *std::max_element(units.begin(), units.end(), [](auto &a, auto &b) {
        return a.nodes.size() < b.nodes.size();
    });
    if (unit.nodes.empty()) {
        g.why = "no server is cabled to a compute leaf";
        return g;
    }
    std::set<std::string> keep;
    Tier dropFrom = Tier::Spine;
    long long steps = -1;
    if (f.spines.empty()) {
        // One tier: a server more on the unit's free leaf ports, cabled as its first server.
        const std::string &node = *unit.nodes.begin();
        keep = {node};
        std::map<std::string, long long> perServer;
        for (const Link &l : p.topology.links) {
            const auto [n, leaf] = f.nodeAndLeaf(l);
            if (n == node)
                perServer[leaf] += l.count;
        }
        for (const auto &[leaf, need] : perServer) {
            keep.insert(leaf);
            const long long free = f.freePorts(leaf, c);
            if (steps < 0 || free / need < steps) {
                steps = free / need;
                g.limit = leaf + ": " + std::to_string(free) + " free ports, a server takes "
                          + std::to_string(need);
            }
        }
        g.topTier = "leaf";
        g.unit = "server";
        g.serversPerStep = 1;
        g.gpusPerStep = gpusOf(p, c, {node});
        dropFrom = Tier::Leaf;
    } else {
        keep.insert(unit.leaves.begin(), unit.leaves.end());
        keep.insert(unit.nodes.begin(), unit.nodes.end());
        for (const auto &[spine, need] : f.uplinks(unit)) {
            keep.insert(spine);
            const long long free = f.freePorts(spine, c);
            if (steps < 0 || free / need < steps) {
                steps = free / need;
                g.limit = spine + ": " + std::to_string(free) + " free ports, a unit takes "
                          + std::to_string(need);
            }
        }
        g.topTier = "spine";
        g.leavesPerStep = int(unit.leaves.size());
        g.unit = unit.leaves.size() > 1
                         ? "scalable unit of " + std::to_string(unit.leaves.size()) + " leaves"
                         : "leaf";
        g.serversPerStep = int(unit.nodes.size());
        g.gpusPerStep = gpusOf(p, c, unit.nodes);
    }
    if (steps < 0) {
        g.why = "the unit's leaves have no uplinks to the spines";
        return g;
    }
    Expected<BillOfMaterials> bom = billOfMaterials(stepProject(p, keep), c, false);
    if (!bom)
        return bom.error();
    g.step = bom->total;
    dropSwitches(&g.step, dropFrom);
    g.stepCost = designCost(g.step, c);
    g.steps = int(std::max(0LL, steps));
    g.computed = true;
    return g;
}

Json designGrowthJson(const DesignGrowth &g)
{
    Json j = {{"computed", g.computed}};
    if (!g.computed) {
        j["why"] = g.why;
        return j;
    }
    long long switches = 0;
    for (const auto &[key, n] : g.step.switches)
        switches += n;
    j.update({{"top_tier", g.topTier},
              {"unit", g.unit},
              {"steps", g.steps},
              {"servers_per_step", g.serversPerStep},
              {"gpus_per_step", g.gpusPerStep},
              {"more_servers", g.moreServers()},
              {"more_gpus", g.moreGpus()},
              {"limit", g.limit},
              {"step",
               {{"servers", g.step.serverCount()},
                {"switches", switches},
                {"cables", g.step.cableCount()},
                {"transceivers", g.step.transceivers()},
                {"cost", designCostJson(g.stepCost)}}}});
    return j;
}

std::vector<std::string> designGrowthLines(const DesignGrowth &g)
{
    if (!g.computed)
        return {"growth: not computed: " + g.why};
    long long switches = 0;
    for (const auto &[key, n] : g.step.switches)
        switches += n;
    std::vector<std::string> lines;
    lines.push_back("growth: the " + g.topTier + "s take " + std::to_string(g.steps) + " more "
                    + g.unit + (g.steps == 1 ? "" : "s") + " (" + std::to_string(g.moreServers())
                    + " servers, " + std::to_string(g.moreGpus())
                    + " GPUs) before a tier or a plane must be added; the limit: " + g.limit);
    std::string step = "one " + g.unit + " more adds " + std::to_string(g.serversPerStep)
                       + " servers, " + std::to_string(switches) + " switches, "
                       + std::to_string(g.step.cableCount()) + " cables and "
                       + std::to_string(g.step.transceivers())
                       + " transceivers, cabled to free ports (nothing recabled)";
    const double capex = g.stepCost.capex();
    step += std::isfinite(capex)
                    ? "; capital cost " + figure::text(figure::money(capex, g.stepCost.currency))
                    : "; not priced";
    step += ", " + figure::text(figure::power(g.stepCost.itPowerW()))
            + (g.stepCost.itPowerComplete() ? "" : " and more (parts without a power figure)");
    lines.push_back(step);
    return lines;
}

} // namespace topoplan
