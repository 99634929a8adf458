// The cabling plan: one row per cable, in the A-/Z- column layout of NVIDIA's cable
// validation tooling, with ports named as they are printed on the devices.

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/model/hostnames.h"

namespace topoplan {

Expected<std::string> cablingCsv(const Project &p, const Catalog &c, bool withCables)
{
    const Topology &t = p.topology;
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const std::vector<Host> &hosts = table->hosts;
    const auto &ofNode = table->ofNode;
    const RackPlan racks = planRacks(p, c, hosts);
    const CableMeasure measure(p, c, hosts, ofNode, racks);
    const TopologyIndex index(t);

    struct End
    {
        std::string rack, node, type, port;
        int u = 0;
    };
    // One end of cable `i` of a link's bundle.
    auto endOf = [&](const Endpoint &e, int i, End *out) -> std::optional<Error> {
        const int port = e.port + i;
        if (const Switch *s = index.switchById(e.device)) {
            const SwitchModel *m = c.switchModel(s->model);
            const RackPosition &pos = racks.switches.at(s->id);
            *out = {pos.rack, s->name.empty() ? s->id : s->name, m ? m->name : s->model,
                    m ? switchPortName(*m, port) : std::to_string(port + 1), pos.u};
            return std::nullopt;
        }
        const Node *n = index.node(e.device);
        if (!n)
            return Error{"", "", "unknown device " + e.device};
        const ServerModel *m = c.server(n->model);
        const HostPort hp = hostPortOf(hosts, ofNode[std::size_t(n - t.nodes.data())], port);
        if (hp.host < 0)
            return Error{"", "",
                         "port " + std::to_string(port) + " of " + n->id + " belongs to no host"};
        const RackPosition &pos = racks.hosts[std::size_t(hp.host)];
        *out = {pos.rack, hosts[std::size_t(hp.host)].name, m ? m->name : n->model,
                hostPortName(hp.rail), pos.u};
        return std::nullopt;
    };

    std::string out = "A-rack,A-U,A-node,A-type,A-port,Z-rack,Z-U,Z-node,Z-type,Z-port";
    out += withCables ? ",cable,length\n" : "\n";
    out.reserve(t.links.size() * 160);
    for (const Link &l : t.links) {
        const Medium *medium = c.medium(l.medium);
        if (!medium || !medium->isNetwork())
            continue;
        // A is the end nearer the hosts: the host, else the lower tier.
        const Endpoint *a = &l.a, *z = &l.b;
        const Switch *sa = index.switchById(l.a.device), *sb = index.switchById(l.b.device);
        if ((sa && !sb) || (sa && sb && tierRank(sb->tier) < tierRank(sa->tier)))
            std::swap(a, z);
        for (int i = 0; i < l.count; ++i) {
            End ea, ez;
            if (auto e = endOf(*a, i, &ea))
                return *e;
            if (auto e = endOf(*z, i, &ez))
                return *e;
            for (const End *e : {&ea, &ez}) {
                out += csvField(e->rack) + "," + std::to_string(e->u) + "," + csvField(e->node)
                       + "," + csvField(e->type) + "," + csvField(e->port);
                out += e == &ea ? "," : "";
            }
            if (withCables) {
                const CableSpec spec = measure.cable(l, i, *medium);
                out += "," + csvField(spec.kind) + "," + csvField(spec.lengthClass);
            }
            out += "\n";
        }
    }
    return out;
}

} // namespace topoplan
