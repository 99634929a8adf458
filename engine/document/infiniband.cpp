// The fabric as the InfiniBand tools see it: ibnetdiscover's topology text (rdma-core
// infiniband-diags/ibnetdiscover.c, the default format) and the net file of the ibsim fabric
// simulator (linux-rdma/ibsim ibsim/sim_net.c), which reads the same records.

#include "engine/model/infiniband.h"
#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/model/hostnames.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <map>

namespace topoplan {

namespace {

// Mellanox/NVIDIA's InfiniBand vendor id, as ibnetdiscover prints it (vendid=0x2c9).
constexpr std::uint32_t kMellanoxVendorId = 0x2c9;
// Device ids: 0xd2f0 Quantum (rdma-core infiniband-diags/vendstat.c), 0xd2f2 Quantum-2 and
// 0x1021 ConnectX-7 as NVIDIA topograph's example ibnetdiscover output shows them; the
// importer (engine/import) reads the same table back.
std::uint32_t switchDevid(const std::string &model)
{
    if (model == "qm8700")
        return 0xd2f0;
    if (model == "qm9700")
        return 0xd2f2;
    return 0;
}
constexpr std::uint32_t kAdapterDevid = 0x1021;

// Part numbers as NVIDIA's switches put them in their node description.
std::string switchPart(const std::string &model)
{
    if (model == "qm8700")
        return "MQM8700";
    if (model == "qm9700")
        return "MQM9700";
    if (model == "q3400")
        return "Q3400";
    return {};
}

std::string hex(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "%" PRIx64, v);
    return buf;
}

std::string guid16(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

// "4xNDR" for a medium's rate; empty when no InfiniBand speed gives it.
std::string rateText(const Medium *m)
{
    if (!m)
        return {};
    const double gbits = m->bandwidthGBs * 8;
    for (int lanes : {4, 2, 1, 8, 12}) {
        const infiniband::Speed *s = infiniband::speedForGbits(gbits, lanes);
        if (s && std::fabs(s->laneGbits * lanes - gbits) < 1e-6)
            return std::to_string(lanes) + "x" + s->name;
    }
    return {};
}

enum class Style { Ibnetdiscover, Ibsim };

// A name or description between the quotes of a record: ibnetdiscover's format has no escape
// for '"', and ibsim reserves '#' and '@' in node names (ibsim/sim_net.c, parse_node_id), so a
// text holding one cannot be written; refused with the name and the character.
std::optional<Error> unquotable(const std::string &text, const std::string &where,
                                const char *reserved)
{
    const std::size_t at = text.find_first_of(reserved);
    if (at == std::string::npos)
        return std::nullopt;
    return Error{"", where,
                 quoteText(text, 40) + " holds '" + std::string(1, text[at])
                         + "', which the InfiniBand tools' topology format cannot quote"};
}

struct Device
{
    bool isSwitch = false;
    std::string name; // the record's quoted name
    std::string desc; // node description
    std::uint64_t guid = 0;
    int ports = 0;
    int lid = 0;
    std::uint32_t devid = 0;
    std::map<int, std::pair<int, std::string>> peer; // port -> (device, rate)
    std::map<int, int> peerPort;
};

Expected<std::string> fabricText(const Project &p, const Catalog &c, Style style)
{
    const Topology &t = p.topology;
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const std::vector<Host> &hosts = table->hosts;
    const auto &ofNode = table->ofNode;

    // Deterministic GUIDs: switches from one base, adapters from another, by position.
    constexpr std::uint64_t kSwitchGuidBase = 0x0002c90300100000ull;
    constexpr std::uint64_t kAdapterGuidBase = 0x0002c90300800000ull;
    std::vector<Device> devices;
    std::map<std::string, int> switchDevice;
    int leftOut = 0;
    for (const Switch &s : t.switches) {
        const SwitchModel *m = c.switchModel(s.model);
        if (!m || m->protocol != SwitchProtocol::InfiniBand) {
            ++leftOut;
            continue;
        }
        Device d;
        d.isSwitch = true;
        d.guid = kSwitchGuidBase + devices.size();
        d.name = style == Style::Ibsim ? s.id : "S-" + guid16(d.guid);
        const std::string label = s.name.empty() ? s.id : s.name;
        const std::string at = "/topology/switches/" + std::to_string(&s - t.switches.data());
        if (auto e = unquotable(label, at + (s.name.empty() ? "/id" : "/name"), "\""))
            return *e;
        if (style == Style::Ibsim)
            if (auto e = unquotable(s.id, at + "/id", "\"#@"))
                return *e;
        const std::string part = switchPart(m->id);
        d.desc = part.empty() ? label : "MF0;" + label + ":" + part + "/U1";
        d.ports = std::min(m->ports, infiniband::kMaxPorts);
        d.devid = switchDevid(m->id);
        switchDevice[s.id] = static_cast<int>(devices.size());
        devices.push_back(std::move(d));
    }
    if (devices.empty())
        return Error{"", "",
                     "the design has no InfiniBand switch: nothing for the InfiniBand tools"};
    // Adapters: one a cabled NIC port, named as the host names it.
    std::map<std::pair<std::size_t, int>, int> adapterDevice; // (node, port) -> device
    auto adapterFor = [&](std::size_t node, int port) -> Expected<int> {
        auto it = adapterDevice.find({node, port});
        if (it != adapterDevice.end())
            return it->second;
        const HostPort hp = hostPortOf(hosts, ofNode[node], port);
        if (hp.host < 0)
            return Error{"", "",
                         "port " + std::to_string(port) + " of " + t.nodes[node].id
                                 + " belongs to no host"};
        Device d;
        d.guid = kAdapterGuidBase + (static_cast<std::uint64_t>(node) << 12) + std::uint64_t(port);
        const std::string &host = hosts[std::size_t(hp.host)].name;
        d.desc = host + " mlx5_" + std::to_string(hp.rail);
        d.name = style == Style::Ibsim ? host + "/mlx5_" + std::to_string(hp.rail)
                                       : "H-" + guid16(d.guid);
        d.ports = 1;
        d.devid = kAdapterDevid;
        devices.push_back(std::move(d));
        adapterDevice[{node, port}] = static_cast<int>(devices.size()) - 1;
        return static_cast<int>(devices.size()) - 1;
    };
    int skipped = 0;
    const TopologyIndex index(t);
    std::string unknownToIbsim; // "NDR", "NDR and XDR"
    for (const Link &l : t.links) {
        const Medium *m = c.medium(l.medium);
        if (!m || m->linkClass != LinkClass::InfiniBand) {
            ++skipped;
            continue;
        }
        const std::string rate = rateText(m);
        // NDR and faster: speeds ibsim 0.10 cannot bring up (XDR: no ibsim yet).
        if (rate.find("NDR") != std::string::npos || rate.find("XDR") != std::string::npos)
            if (unknownToIbsim.find(rate.substr(rate.find('x') + 1)) == std::string::npos)
                unknownToIbsim += (unknownToIbsim.empty() ? "" : " and ")
                                  + rate.substr(rate.find('x') + 1);
        for (int k = 0; k < l.count; ++k) {
            int dev[2];
            int port[2];
            bool ok = true;
            for (int end = 0; end < 2; ++end) {
                const Endpoint &e = end == 0 ? l.a : l.b;
                auto sw = switchDevice.find(e.device);
                if (sw != switchDevice.end()) {
                    dev[end] = sw->second;
                    port[end] = e.port + k + 1;
                    if (port[end] > devices[dev[end]].ports)
                        ok = false;
                    continue;
                }
                const Node *n = index.node(e.device);
                if (!n) {
                    ok = false;
                    continue;
                }
                Expected<int> a = adapterFor(std::size_t(n - t.nodes.data()), e.port + k);
                if (!a)
                    return a.error();
                dev[end] = *a;
                port[end] = 1;
            }
            if (!ok) {
                ++skipped;
                continue;
            }
            devices[dev[0]].peer[port[0]] = {dev[1], rate};
            devices[dev[0]].peerPort[port[0]] = port[1];
            devices[dev[1]].peer[port[1]] = {dev[0], rate};
            devices[dev[1]].peerPort[port[1]] = port[0];
        }
    }
    // LIDs as a subnet manager would hand them out: switches first.
    int lid = 0;
    for (Device &d : devices)
        d.lid = ++lid;

    std::string out;
    out.reserve(devices.size() * 400);
    if (style == Style::Ibsim) {
        out += "# ibsim net file written by TopoPlan from "
               + (p.name.empty() ? std::string("a design") : p.name)
               + "\n# Run: ibsim -s THIS_FILE; then, with the simulator preloaded (ibsim-run),\n"
                 "# ibnetdiscover or opensm. Node ids are the design's; GUIDs as TopoPlan's\n"
                 "# ibnetdiscover export gives them.\n"
                 "# Rates: the \"lid N 4xHDR\" at the end of each port line is the port's width "
                 "and speed\n# as ibsim reads them (sim_net.c, parse_port_link_width_and_speed). "
                 "ibsim 0.10 (Debian 12)\n# knows speeds up to HDR and 0.12 up to NDR; a speed "
                 "it does not know comes up as SDR.\n";
        if (!unknownToIbsim.empty())
            out += "# This fabric has " + unknownToIbsim
                   + " cables: simulate them with an ibsim that knows the speed.\n";
    } else {
        out += "#\n# Topology file: generated by TopoPlan from "
               + (p.name.empty() ? std::string("a design") : p.name) + "\n#\n";
        const Device *first = nullptr;
        for (const Device &d : devices)
            if (!d.isSwitch) {
                first = &d;
                break;
            }
        if (first)
            out += "# Initiated from node " + guid16(first->guid) + " port " + guid16(first->guid)
                   + "\n";
    }
    if (leftOut || skipped)
        out += "# Left out: " + std::to_string(leftOut) + " Ethernet switch(es), "
               + std::to_string(skipped) + " link(s) that are not InfiniBand cables\n";
    auto rateComment = [](const std::string &rate) {
        return rate.empty() ? std::string() : " " + rate;
    };
    for (const Device &d : devices) {
        if (d.peer.empty() && !d.isSwitch)
            continue;
        out += "\nvendid=0x" + hex(kMellanoxVendorId) + "\n";
        if (d.devid)
            out += "devid=0x" + hex(d.devid) + "\n";
        out += "sysimgguid=0x" + hex(d.guid) + "\n";
        if (d.isSwitch) {
            out += "switchguid=0x" + hex(d.guid) + "(" + hex(d.guid) + ")\n";
            out += "Switch\t" + std::to_string(d.ports) + " \"" + d.name + "\"\t\t# \"" + d.desc
                   + "\" enhanced port 0 lid " + std::to_string(d.lid) + " lmc 0\n";
            for (const auto &[port, peer] : d.peer) {
                const Device &r = devices[peer.first];
                const int rport = d.peerPort.at(port);
                out += "[" + std::to_string(port) + "]\t\"" + r.name + "\"[" + std::to_string(rport)
                       + "]";
                if (!r.isSwitch)
                    out += "(" + hex(r.guid) + ") ";
                out += "\t\t# \"" + r.desc + "\" lid " + std::to_string(r.lid)
                       + rateComment(peer.second) + "\n";
            }
        } else {
            out += "caguid=0x" + hex(d.guid) + "\n";
            out += "Ca\t" + std::to_string(d.ports) + " \"" + d.name + "\"\t\t# \"" + d.desc
                   + "\"\n";
            for (const auto &[port, peer] : d.peer) {
                const Device &r = devices[peer.first];
                const int rport = d.peerPort.at(port);
                out += "[" + std::to_string(port) + "](" + hex(d.guid) + ") \t\"" + r.name + "\"["
                       + std::to_string(rport) + "]";
                if (!r.isSwitch)
                    out += " (" + hex(r.guid) + ") ";
                out += "\t\t# lid " + std::to_string(d.lid) + " lmc 0 \"" + r.desc + "\" lid "
                       + std::to_string(r.lid) + rateComment(peer.second) + "\n";
            }
        }
    }
    return out;
}

} // namespace

Expected<std::string> ibnetdiscoverText(const Project &p, const Catalog &c)
{
    return fabricText(p, c, Style::Ibnetdiscover);
}

Expected<std::string> ibsimNet(const Project &p, const Catalog &c)
{
    return fabricText(p, c, Style::Ibsim);
}

} // namespace topoplan
