// Bill of materials: what to order for a design, with the assumptions it rests on.

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/model/hostnames.h"

#include <map>
#include <set>
#include <tuple>

namespace topoplan {

namespace {

std::string modelName(const std::string &name, const std::string &id)
{
    return name.empty() || name == id ? id : name + " (" + id + ")";
}

} // namespace

Expected<BillOfMaterials> billOfMaterials(const Project &p, const Catalog &c)
{
    const Topology &t = p.topology;
    Expected<std::vector<Host>> hostsOr = projectHosts(p, c);
    if (!hostsOr)
        return hostsOr.error();
    const std::vector<Host> &hosts = *hostsOr;
    const RackPlan racks = planRacks(p, c, hosts);
    const auto ofNode = hostsByNode(t, hosts);

    BillOfMaterials bom;
    bom.design = p.name.empty() ? std::string("(unnamed)") : p.name;
    bom.assumptions = physicalAssumptions();
    auto row = [&](const std::string &cat, const std::string &item, const std::string &detail,
                   long long n) {
        bom.rows.push_back({cat, item, detail, n});
    };

    // Servers by model, in order of first appearance.
    std::vector<std::string> serverOrder;
    std::map<std::string, int> servers;
    for (const Node &n : t.nodes)
        if (servers[n.model]++ == 0)
            serverOrder.push_back(n.model);
    for (const std::string &id : serverOrder) {
        const ServerModel *m = c.server(id);
        const int gpus = m ? m->gpus : 0;
        row("servers", modelName(m ? m->name : id, id),
            std::to_string(gpus) + " GPUs each, " + std::to_string(gpus * servers[id]) + " GPUs",
            servers[id]);
    }
    row("racks", "compute rack, 42U", "servers as the assumptions say", racks.computeRacks);
    row("racks", "network rack, 42U", "switches per fabric and tier", racks.networkRacks);

    // Switches by fabric, tier and model.
    using SwitchKey = std::tuple<int, int, std::string>; // role, tier, model
    std::map<SwitchKey, int> switchCount;
    for (const Switch &s : t.switches)
        ++switchCount[{int(s.role), int(s.tier), s.model}];
    for (const auto &[key, n] : switchCount) {
        const auto &[role, tier, model] = key;
        const SwitchModel *m = c.switchModel(model);
        row("switches", modelName(m ? m->name : model, model),
            std::string(toString(FabricRole(role))) + " fabric " + toString(Tier(tier)), n);
    }

    // Cables, transceivers and ports, one cable at a time.
    using CableKey = std::tuple<int, std::string, std::string, std::string>; // run, medium, ...
    std::map<CableKey, long long> cables;
    std::map<std::string, long long> switchOptics, nicOptics;
    std::set<std::tuple<std::string, int, std::string>> switchCages; // switch, cage, optics
    std::set<std::tuple<std::size_t, int, std::string>> hostCages;   // host, cage, optics
    std::map<std::string, long long> usedPorts;                      // by switch id
    for (const Link &l : t.links) {
        const Medium *medium = c.medium(l.medium);
        if (!medium || !medium->isNetwork())
            continue;
        const CableRun run = cableRun(t, l);
        const CableSpec spec = cableSpec(run);
        cables[{int(run), medium->name, spec.kind, spec.lengthClass}] += l.count;
        for (const Endpoint *e : {&l.a, &l.b}) {
            if (const Switch *s = t.switchById(e->device)) {
                usedPorts[s->id] += l.count;
                const SwitchModel *m = c.switchModel(s->model);
                if (!m || spec.optics.empty())
                    continue;
                const SwitchHardware hw = switchHardware(*m);
                for (int i = 0; i < l.count; ++i)
                    if (switchCages.insert({s->id, (e->port + i) / hw.portsPerCage, spec.optics})
                                .second)
                        ++switchOptics[hw.cage + " " + spec.optics];
            } else if (const Node *n = t.node(e->device)) {
                const ServerModel *m = c.server(n->model);
                if (!m || spec.optics.empty())
                    continue;
                const NicHardware hw = nicHardware(*m);
                const std::size_t ni = std::size_t(n - t.nodes.data());
                for (int i = 0; i < l.count; ++i) {
                    const HostPort hp = hostPortOf(hosts, ofNode[ni], e->port + i);
                    if (hp.host < 0)
                        continue;
                    if (hostCages
                                .insert({std::size_t(hp.host), hp.rail / hw.portsPerCage,
                                         spec.optics})
                                .second)
                        ++nicOptics[hw.cage + " " + spec.optics];
                }
            }
        }
    }
    for (const auto &[key, n] : cables) {
        const auto &[run, medium, kind, length] = key;
        row("cables", kind + ", " + length, std::string(toString(CableRun(run))) + ", " + medium,
            n);
    }
    for (const auto &[name, n] : switchOptics)
        row("transceivers", name, "switch end", n);
    for (const auto &[name, n] : nicOptics)
        row("transceivers", name, "NIC end", n);

    // Ports used and spare per fabric, tier and model.
    std::map<SwitchKey, std::pair<long long, long long>> ports; // used, total
    for (const Switch &s : t.switches) {
        const SwitchModel *m = c.switchModel(s.model);
        auto &[used, total] = ports[{int(s.role), int(s.tier), s.model}];
        auto it = usedPorts.find(s.id);
        used += it == usedPorts.end() ? 0 : it->second;
        total += m ? m->ports : 0;
    }
    for (const auto &[key, v] : ports) {
        const auto &[role, tier, model] = key;
        const std::string item = std::string(toString(FabricRole(role))) + " fabric "
                                 + toString(Tier(tier)) + " " + model;
        row("ports", item, "used", v.first);
        row("ports", item, "spare", v.second - v.first);
    }
    return bom;
}

Expected<std::string> bomCsv(const Project &p, const Catalog &c)
{
    Expected<BillOfMaterials> bom = billOfMaterials(p, c);
    if (!bom)
        return bom.error();
    std::string out = "# Bill of materials\n";
    out += "# Design: " + bom->design + "\n";
    out += "# Written by TopoPlan from the design. Assumptions:\n";
    for (const std::string &a : bom->assumptions)
        out += "# - " + a + "\n";
    out += "category,item,detail,quantity\n";
    for (const BomRow &r : bom->rows)
        out += csvField(r.category) + "," + csvField(r.item) + "," + csvField(r.detail) + ","
               + std::to_string(r.quantity) + "\n";
    return out;
}

} // namespace topoplan
