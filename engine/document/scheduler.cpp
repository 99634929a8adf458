// The scheduler files: Slurm topology.conf (tree, block) and topology.yaml, as described in
// Slurm's topology.conf(5) and topology.yaml(5); Kubernetes labels and the model file of
// NVIDIA topograph (docs/reference/node-labels.md, pkg/models/model.go of
// github.com/NVIDIA/topograph).

#include "engine/document/documents.h"
#include "engine/document/schedulertree.h"
#include "engine/model/hostnames.h"

#include <algorithm>
#include <map>
#include <set>

namespace topoplan {

namespace {

// For each host, the NVLink domain it is in.
std::vector<const HostDomain *> domainOfHosts(const std::vector<HostDomain> &domains,
                                              std::size_t hosts)
{
    std::vector<const HostDomain *> out(hosts, nullptr);
    for (const HostDomain &d : domains)
        for (std::size_t h : d.hosts)
            out[h] = &d;
    return out;
}

struct Scheduled
{
    std::vector<Host> hosts;
    SchedulerTree tree;
};

std::vector<std::string> namesOf(const std::vector<Host> &hosts,
                                 const std::vector<std::size_t> &which)
{
    std::vector<std::string> names;
    names.reserve(which.size());
    for (std::size_t h : which)
        names.push_back(hosts[h].name);
    return names;
}

std::string header(const Project &p, const std::string &what)
{
    std::string s = "# " + what + "\n";
    s += "# Design: " + (p.name.empty() ? std::string("(unnamed)") : p.name) + "\n";
    s += "# Written by TopoPlan from the design; host names from "
         + (p.hostNames.empty() ? std::string("the node names")
                                : "the naming pattern " + p.hostNames)
         + ".\n";
    return s;
}

// The BlockSizes of blocks with these host counts: the planning base (the smallest block, which
// every block holds at least) and each doubling that the number of blocks can fill, at most
// 16 levels (topology/block's limit).
std::vector<std::size_t> blockSizes(const std::vector<HostDomain> &domains)
{
    std::size_t base = domains.front().hosts.size();
    for (const HostDomain &d : domains)
        base = std::min(base, d.hosts.size());
    std::vector<std::size_t> sizes;
    for (std::size_t k = 0; k < 16 && (std::size_t(1) << k) <= domains.size(); ++k)
        sizes.push_back(base << k);
    return sizes;
}

// topology/block forms its larger blocks (each BlockSizes level past the first) from
// consecutive base blocks in the order the file lists them. So the blocks are listed the way
// the fabric groups them: blocks under the same top switch together, and within them those
// under the same spine group, then the same leaf group (by the scheduler tree's path of each
// block's first host), design order kept between equals. Without a tree (a host with no
// cable), design order.
std::vector<HostDomain> inFabricOrder(std::vector<HostDomain> domains, const SchedulerTree *tree)
{
    if (!tree)
        return domains;
    auto key = [&](const HostDomain &d) {
        std::vector<std::size_t> path
                = d.hosts.empty() ? std::vector<std::size_t>{} : tree->pathOf(d.hosts.front());
        std::reverse(path.begin(), path.end());
        return path;
    };
    std::vector<std::pair<std::vector<std::size_t>, std::size_t>> keys;
    for (std::size_t i = 0; i < domains.size(); ++i)
        keys.emplace_back(key(domains[i]), i);
    std::stable_sort(keys.begin(), keys.end());
    std::vector<HostDomain> out;
    out.reserve(domains.size());
    for (const auto &k : keys)
        out.push_back(std::move(domains[k.second]));
    return out;
}

Expected<std::vector<Host>> hostsOf(const Project &p, const Catalog &c)
{
    Expected<std::vector<Host>> hosts = projectHosts(p, c);
    if (!hosts)
        return hosts.error();
    if (hosts->empty())
        return Error{"", "/topology/nodes", "the design has no servers"};
    return hosts;
}

Expected<Scheduled> scheduled(const Project &p, const Catalog &c)
{
    Expected<std::vector<Host>> hosts = hostsOf(p, c);
    if (!hosts)
        return hosts.error();
    Expected<SchedulerTree> tree = schedulerTree(p, c, *hosts);
    if (!tree)
        return tree.error();
    return Scheduled{std::move(*hosts), std::move(*tree)};
}

// A host list as a YAML plain scalar, quoted where YAML would read it as a sequence.
std::string yamlScalar(const std::string &s)
{
    return !s.empty() && s.front() == '[' ? "\"" + s + "\"" : s;
}

std::string yamlList(const std::vector<std::string> &items, const std::string &indent)
{
    std::string s;
    for (const std::string &i : items)
        s += indent + "- " + i + "\n";
    return s;
}

// Children of a switch by name, leaves in order.
std::vector<std::string> childNames(const SchedulerTree &t, const SchedulerSwitch &s)
{
    std::vector<std::string> names;
    for (std::size_t c : s.children)
        names.push_back(t.switches[c].name);
    return names;
}

bool isK8sNodeName(const std::string &n)
{
    if (n.empty() || n.size() > 253)
        return false;
    for (char ch : n)
        if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '.'))
            return false;
    return n.front() != '-' && n.front() != '.' && n.back() != '-' && n.back() != '.';
}

} // namespace

Expected<std::string> slurmTreeConf(const Project &p, const Catalog &c)
{
    Expected<Scheduled> s = scheduled(p, c);
    if (!s)
        return s.error();
    std::string out = header(p, "Slurm topology.conf for TopologyPlugin=topology/tree");
    out += "# One line a switch, leaves first. Leaf switches that serve the same hosts (the rail "
           "leaves of a\n# scalable unit) are one switch here, as are the spines that join the "
           "same leaves.\n";
    for (const SchedulerSwitch &sw : s->tree.switches) {
        out += "SwitchName=" + sw.name;
        if (sw.level == 0)
            out += " Nodes=" + compressHostList(namesOf(s->hosts, sw.hosts));
        else
            out += " Switches=" + compressHostList(childNames(s->tree, sw));
        out += "\n";
    }
    return out;
}

Expected<std::string> slurmBlockConf(const Project &p, const Catalog &c)
{
    Expected<std::vector<Host>> hosts = hostsOf(p, c);
    if (!hosts)
        return hosts.error();
    Expected<SchedulerTree> tree = schedulerTree(p, c, *hosts);
    const std::vector<HostDomain> domains
            = inFabricOrder(hostDomains(p, *hosts), tree ? &*tree : nullptr);
    std::string out = header(p, "Slurm topology.conf for TopologyPlugin=topology/block");
    out += std::string("# One block a NVLink domain, ")
           + (tree ? "listed as the fabric groups them (Slurm joins consecutive blocks\n# into "
                     "the larger sizes)"
                   : "in design order (a host has no cable to the fabric)")
           + ". BlockSizes: the smallest block's host count,\n# then each doubling that the "
             "blocks can fill. BlockSizes needs Slurm 24.05 or later.\n";
    for (const HostDomain &d : domains)
        out += "BlockName=" + d.name + " Nodes=" + compressHostList(namesOf(*hosts, d.hosts))
               + "\n";
    std::string sizes;
    for (std::size_t v : blockSizes(domains))
        sizes += (sizes.empty() ? "" : ",") + std::to_string(v);
    out += "BlockSizes=" + sizes + "\n";
    return out;
}

Expected<std::string> slurmTopologyYaml(const Project &p, const Catalog &c)
{
    Expected<Scheduled> s = scheduled(p, c);
    if (!s)
        return s.error();
    const std::vector<HostDomain> domains = inFabricOrder(hostDomains(p, s->hosts), &s->tree);
    std::string out = header(p, "Slurm topology.yaml (topology.yaml(5)), two topologies");
    out += "# fabric: the compute fabric as a tree (topology/tree), the cluster default.\n"
           "# nvlink: one block a NVLink domain (topology/block); name it in a partition's "
           "Topology= to use it.\n";
    out += "---\n";
    out += "- topology: fabric\n  cluster_default: true\n  tree:\n    switches:\n";
    for (const SchedulerSwitch &sw : s->tree.switches) {
        out += "      - switch: " + sw.name + "\n";
        if (sw.level == 0)
            out += "        nodes: " + yamlScalar(compressHostList(namesOf(s->hosts, sw.hosts)))
                   + "\n";
        else
            out += "        children: " + yamlScalar(compressHostList(childNames(s->tree, sw)))
                   + "\n";
    }
    out += "- topology: nvlink\n  cluster_default: false\n  block:\n    block_sizes:\n";
    for (std::size_t v : blockSizes(domains))
        out += "      - " + std::to_string(v) + "\n";
    out += "    blocks:\n";
    for (const HostDomain &d : domains) {
        out += "      - block: " + d.name + "\n";
        out += "        nodes: " + yamlScalar(compressHostList(namesOf(s->hosts, d.hosts))) + "\n";
    }
    return out;
}

Expected<std::string> k8sNodeLabels(const Project &p, const Catalog &c)
{
    Expected<Scheduled> s = scheduled(p, c);
    if (!s)
        return s.error();
    const std::vector<HostDomain> domains = hostDomains(p, s->hosts);
    const std::vector<const HostDomain *> domainOf = domainOfHosts(domains, s->hosts.size());
    // A shell script of `kubectl label` commands: it labels the nodes the cluster has
    // registered and fails on a name it does not have, where applying Node objects would
    // create a Node for every name.
    std::string out
            = "#!/bin/sh\n" + header(p, "Kubernetes node labels in NVIDIA topograph's vocabulary");
    out += "# accelerator.topograph.run/domain: the NVLink domain of hosts that share one. "
           "fabric.topograph.run/tier-N:\n# the host's switch at fabric tier N, tier 0 next to "
           "the host. Run with: sh FILE (kubectl label\n# changes registered nodes only; "
           "--overwrite replaces the labels' old values).\nset -e\n";
    for (std::size_t h = 0; h < s->hosts.size(); ++h) {
        const Host &host = s->hosts[h];
        if (!isK8sNodeName(host.name))
            return Error{"",
                         p.hostNames.empty()
                                 ? "/topology/nodes/" + std::to_string(host.node) + "/name"
                                 : std::string("/hostNames"),
                         "\"" + host.name
                                 + "\" is not a Kubernetes node name (lower-case letters, "
                                   "digits, '-' and '.')"};
        // Node names and label values are letters, digits, '-', '_' and '.' only
        // (isK8sNodeName, schedulerName): nothing in them the shell would read.
        out += "kubectl label node --overwrite " + host.name;
        // As topograph labels them: the NVLink domain of hosts that share one.
        if (domainOf[h]->hosts.size() > 1)
            out += " accelerator.topograph.run/domain=" + domainOf[h]->name;
        const std::vector<std::size_t> path = s->tree.pathOf(h);
        for (std::size_t tier = 0; tier < path.size(); ++tier)
            out += " fabric.topograph.run/tier-" + std::to_string(tier) + "="
                   + s->tree.switches[path[tier]].name;
        out += "\n";
    }
    return out;
}

Expected<std::string> topographModel(const Project &p, const Catalog &c)
{
    Expected<Scheduled> s = scheduled(p, c);
    if (!s)
        return s.error();
    const std::vector<HostDomain> domains = hostDomains(p, s->hosts);
    const std::vector<const HostDomain *> domainOf = domainOfHosts(domains, s->hosts.size());
    std::string out = header(p, "NVIDIA topograph model file (switches and capacity blocks)");
    out += "# switches: every switch above the leaves and its children. blocks: the hosts under "
           "a leaf,\n# one block per NVLink domain of more than one host.\n";
    out += "switches:\n";
    bool any = false;
    for (const SchedulerSwitch &sw : s->tree.switches) {
        // topograph makes a leaf from its parent's list; a leaf with none (a one-switch
        // fabric) is stated on its own, or its block would name an unknown switch.
        if (sw.level == 0 && sw.parent >= 0)
            continue;
        any = true;
        if (sw.level == 0)
            out += "  " + sw.name + ": {}\n";
        else
            out += "  " + sw.name + ":\n    switches:\n"
                   + yamlList(childNames(s->tree, sw), "    ");
    }
    if (!any)
        out.replace(out.size() - 1, 1, " {}\n");
    out += "blocks:\n";
    for (const SchedulerSwitch &sw : s->tree.switches) {
        if (sw.level != 0)
            continue;
        // The leaf's hosts by domain; one-host domains go together, without a domain.
        std::vector<std::pair<const HostDomain *, std::vector<std::string>>> groups;
        std::vector<std::string> single;
        for (std::size_t h : sw.hosts) {
            const HostDomain *d = domainOf[h];
            if (d->hosts.size() == 1) {
                single.push_back(s->hosts[h].name);
                continue;
            }
            auto it = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto &g) { return g.first == d; });
            if (it == groups.end())
                groups.push_back({d, {s->hosts[h].name}});
            else
                it->second.push_back(s->hosts[h].name);
        }
        // topograph expands one prefix[ranges] an item: a host list's pieces each their own.
        auto nodes = [](const std::vector<std::string> &names) {
            std::string items;
            for (const std::string &piece : hostListItems(compressHostList(names)))
                items += "  - \"" + piece + "\"\n";
            return items;
        };
        if (!single.empty())
            out += "- switch: " + sw.name + "\n  nodes:\n" + nodes(single);
        for (const auto &[d, names] : groups)
            out += "- switch: " + sw.name + "\n  nodes:\n" + nodes(names)
                   + "  annotations:\n    accelerator.topology.test/domain: \"" + d->name + "\"\n";
    }
    return out;
}

} // namespace topoplan
