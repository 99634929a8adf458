// The cabling plan: one row per cable, A the end nearer the hosts, Z the other, with ports
// named as they are printed on the devices; and the same rows as the P2P file NVIDIA's UFM
// Cable Validation Tool reads (its column names, "Host"/"Switch" types, InfiniBand host ports
// numbered as CVT maps them to HCAs).

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/model/hostnames.h"

namespace topoplan {

namespace {

enum class Columns { Plan, PlanWithCables, Cvt };

// CVT's host port: on InfiniBand a number, n standing for mlx5_<n-1> port 1 (CVT's default HCA
// mapping); on Ethernet the interface name, here the rail ("rail1"), as CVT's Ethernet example
// names host ports.
std::string cvtHostPort(const Medium &medium, int rail)
{
    return medium.linkClass == LinkClass::InfiniBand ? std::to_string(rail + 1)
                                                     : hostPortName(rail);
}

Expected<std::string> cablingRows(const Project &p, const Catalog &c, Columns layout)
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

    const bool cvt = layout == Columns::Cvt;
    struct End
    {
        std::string rack, node, type, port;
        int u = 0;
    };
    // One end of cable `i` of a link's bundle.
    auto endOf = [&](const Endpoint &e, int i, const Medium &medium,
                     End *out) -> std::optional<Error> {
        const int port = e.port + i;
        if (const Switch *s = index.switchById(e.device)) {
            const SwitchModel *m = c.switchModel(s->model);
            const RackPosition &pos = racks.switches.at(s->id);
            *out = {pos.rack, s->name.empty() ? s->id : s->name,
                    cvt ? "Switch"
                    : m ? m->name
                        : s->model,
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
        *out = {pos.rack, hosts[std::size_t(hp.host)].name,
                cvt ? "Host"
                : m ? m->name
                    : n->model,
                cvt ? cvtHostPort(medium, hp.rail) : hostPortName(hp.rail), pos.u};
        return std::nullopt;
    };

    std::string out
            = cvt ? "A-Rack,A-U,A-Node Name,A-Type,A-Port,Z-Rack,Z-RU,Z-Node Name,Z-Type,Z-Port"
                  : "A-rack,A-U,A-node,A-type,A-port,Z-rack,Z-U,Z-node,Z-type,Z-port";
    const bool withCables = layout == Columns::PlanWithCables;
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
            if (auto e = endOf(*a, i, *medium, &ea))
                return *e;
            if (auto e = endOf(*z, i, *medium, &ez))
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

} // namespace

Expected<std::string> cablingCsv(const Project &p, const Catalog &c, bool withCables)
{
    return cablingRows(p, c, withCables ? Columns::PlanWithCables : Columns::Plan);
}

Expected<std::string> cvtP2pCsv(const Project &p, const Catalog &c)
{
    return cablingRows(p, c, Columns::Cvt);
}

} // namespace topoplan
