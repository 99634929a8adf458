#pragma once

// Topologies built in code for the fabric graph and routing tests and benchmarks (no Qt, so
// the benchmarks can use it too). Ids: node-1.., dom-1.., leaf-1.., spine-1.., core-1..,
// link-1..; switch ports are handed out consecutively from 0.

#include "engine/model/project.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace topoplan::fixtures {

class TopologyBuilder
{
public:
    std::string domain()
    {
        const std::string id = "dom-" + std::to_string(topology.domains.size() + 1);
        topology.domains.push_back({id, id});
        return id;
    }

    std::string node(const std::string &model, const std::string &domain = {})
    {
        const std::string id = "node-" + std::to_string(topology.nodes.size() + 1);
        topology.nodes.push_back({id, id, model, domain});
        return id;
    }

    std::string addSwitch(const std::string &model, Tier tier = Tier::Leaf)
    {
        const char *prefix = tier == Tier::Leaf    ? "leaf-"
                             : tier == Tier::Spine ? "spine-"
                                                   : "core-";
        const std::string id = prefix + std::to_string(++m_perTier[static_cast<int>(tier)]);
        topology.switches.push_back({id, id, model, tier, FabricRole::Compute});
        return id;
    }

    // `count` cables from NICs nic.. of `node` to the next free ports of `sw`.
    std::string cable(const std::string &node, int nic, const std::string &sw,
                      const std::string &medium, int count = 1)
    {
        return add({node, nic}, {sw, takePorts(sw, count)}, medium, count);
    }

    // A bundle of `count` cables between two switches.
    std::string bundle(const std::string &a, const std::string &b, const std::string &medium,
                       int count = 1)
    {
        const int pa = takePorts(a, count);
        return add({a, pa}, {b, takePorts(b, count)}, medium, count);
    }

    // `count` cables straight from NICs of one node to NICs of another.
    std::string direct(const std::string &a, int nicA, const std::string &b, int nicB,
                       const std::string &medium, int count = 1)
    {
        return add({a, nicA}, {b, nicB}, medium, count);
    }

    Topology topology;

private:
    int takePorts(const std::string &sw, int count)
    {
        const int first = m_nextPort[sw];
        m_nextPort[sw] += count;
        return first;
    }

    std::string add(Endpoint a, Endpoint b, const std::string &medium, int count)
    {
        const std::string id = "link-" + std::to_string(topology.links.size() + 1);
        topology.links.push_back({id, std::move(a), std::move(b), medium, count});
        return id;
    }

    std::map<std::string, int> m_nextPort;
    int m_perTier[3] = {0, 0, 0};
};

// `nodes` servers of `model` with all their `nics` NICs on one leaf.
inline Topology nodesOnOneLeaf(int nodes, const std::string &model, int nics,
                               const std::string &leafModel, const std::string &medium)
{
    TopologyBuilder b;
    const std::string leaf = b.addSwitch(leafModel);
    for (int n = 0; n < nodes; ++n) {
        const std::string node = b.node(model);
        for (int k = 0; k < nics; ++k)
            b.cable(node, k, leaf, medium);
    }
    return b.topology;
}

// A rail-optimized scalable unit: NIC r of every node on the leaf of rail r, every leaf with
// `uplinksPerLeaf` cables spread evenly over `spines` spines.
inline Topology railOptimized(int nodes, int rails, int spines, int uplinksPerLeaf,
                              const std::string &model = "dgx-h100",
                              const std::string &switchModel = "qm9700",
                              const std::string &medium = "ib-ndr")
{
    TopologyBuilder b;
    std::vector<std::string> leaves, spineIds;
    for (int r = 0; r < rails; ++r)
        leaves.push_back(b.addSwitch(switchModel, Tier::Leaf));
    for (int s = 0; s < spines; ++s)
        spineIds.push_back(b.addSwitch(switchModel, Tier::Spine));
    for (int n = 0; n < nodes; ++n) {
        const std::string node = b.node(model);
        for (int r = 0; r < rails; ++r)
            b.cable(node, r, leaves[r], medium);
    }
    for (const std::string &leaf : leaves) {
        for (const std::string &spine : spineIds)
            b.bundle(leaf, spine, medium, uplinksPerLeaf / spines);
    }
    return b.topology;
}

// A fat tree of `nodes` 8-NIC servers whose NICs fill 64-port leaves in order (32 down, 32 up
// at 1:1). Two tiers: every leaf reaches every spine. Three tiers: pods of 32 leaves and 32
// spines, spine j of every pod reaches the cores of plane j (Al-Fares et al.).
inline Topology fatTree(int nodes, int tiers, const std::string &model = "dgx-h100",
                        const std::string &switchModel = "qm9700",
                        const std::string &medium = "ib-ndr")
{
    constexpr int kNics = 8, kDown = 32, kUp = 32, kPorts = 64;
    TopologyBuilder b;
    const int leafCount = (nodes * kNics + kDown - 1) / kDown;
    std::vector<std::string> leaves;
    for (int l = 0; l < leafCount; ++l)
        leaves.push_back(b.addSwitch(switchModel, Tier::Leaf));
    for (int n = 0; n < nodes; ++n) {
        const std::string node = b.node(model);
        for (int k = 0; k < kNics; ++k)
            b.cable(node, k, leaves[(n * kNics + k) / kDown], medium);
    }
    if (leafCount == 1)
        return b.topology;
    if (tiers == 2) {
        const int spineCount = leafCount * kUp / kPorts;
        std::vector<std::string> spines;
        for (int s = 0; s < spineCount; ++s)
            spines.push_back(b.addSwitch(switchModel, Tier::Spine));
        for (const std::string &leaf : leaves) {
            for (const std::string &spine : spines)
                b.bundle(leaf, spine, medium, kUp / spineCount);
        }
        return b.topology;
    }
    const int podLeaves = kUp; // a spine's down ports: one per leaf of its pod
    const int pods = (leafCount + podLeaves - 1) / podLeaves;
    const int spinesPerPod = kUp;
    const int coresPerPlane = pods * kUp / kPorts > 0 ? pods * kUp / kPorts : 1;
    std::vector<std::vector<std::string>> spines(pods), cores(spinesPerPod);
    for (int p = 0; p < pods; ++p) {
        for (int s = 0; s < spinesPerPod; ++s)
            spines[p].push_back(b.addSwitch(switchModel, Tier::Spine));
    }
    for (int plane = 0; plane < spinesPerPod; ++plane) {
        for (int c = 0; c < coresPerPlane; ++c)
            cores[plane].push_back(b.addSwitch(switchModel, Tier::Core));
    }
    for (int l = 0; l < leafCount; ++l) {
        for (const std::string &spine : spines[l / podLeaves])
            b.bundle(leaves[l], spine, medium, kUp / spinesPerPod);
    }
    for (int p = 0; p < pods; ++p) {
        for (int plane = 0; plane < spinesPerPod; ++plane) {
            for (const std::string &core : cores[plane])
                b.bundle(spines[p][plane], core, medium, kUp / coresPerPlane);
        }
    }
    return b.topology;
}

// Every cable of a design, by the names of its ends: {"dgx-001:3", "leaf-r4-su1:0"}; what an
// import of an export must give back, whatever ids the importer chose.
inline std::multiset<std::pair<std::string, std::string>> cablesByName(const Project &p)
{
    std::multiset<std::pair<std::string, std::string>> out;
    auto nameOf = [&](const std::string &id) {
        if (const Node *n = p.topology.node(id))
            return n->name;
        return p.topology.switchById(id)->name;
    };
    for (const Link &l : p.topology.links)
        for (int k = 0; k < l.count; ++k) {
            std::string a = nameOf(l.a.device) + ":" + std::to_string(l.a.port + k);
            std::string b = nameOf(l.b.device) + ":" + std::to_string(l.b.port + k);
            out.insert(a < b ? std::pair{a, b} : std::pair{b, a});
        }
    return out;
}

} // namespace topoplan::fixtures
