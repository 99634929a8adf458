#include "engine/document/hardware.h"

#include <algorithm>
#include <cstdio>

namespace topoplan {

namespace {

std::string numbered(const char *prefix, int n, int width)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%0*d", prefix, width, n);
    return buf;
}

std::string gbitsText(double g)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%gG", g);
    return buf;
}

constexpr int kServersPerRack = 4; // DGX SuperPOD reference layouts: 4 DGX systems a rack
constexpr int kUsableRackUnits = 42;

} // namespace

SwitchHardware switchHardware(const SwitchModel &m)
{
    SwitchHardware h;
    if (m.id == "qm9700") {
        h = {2, 1, "OSFP 2x400G twin-port (finned top)", false};
    } else if (m.id == "q3400") {
        h = {2, 4, "OSFP 2x800G twin-port", false};
    } else if (m.id == "qm8700") {
        h = {1, 1, "QSFP56 200G", false};
    } else if (m.id == "sn5600") {
        h = {1, 2, "OSFP 800G", true};
    } else {
        const bool eth = m.protocol == SwitchProtocol::Ethernet;
        const double g = m.portGbits;
        h.portsPerCage = 1;
        h.rackUnits = 1;
        h.cumulusNames = eth;
        h.cage = (g <= 100 ? "QSFP28 " : g <= 200 ? "QSFP56 " : "OSFP ") + gbitsText(g);
    }
    return h;
}

std::string switchPortName(const SwitchModel &m, int port)
{
    const SwitchHardware h = switchHardware(m);
    const int cage = port / h.portsPerCage + 1;
    const int split = port % h.portsPerCage + 1;
    if (h.cumulusNames)
        return "swp" + std::to_string(cage)
               + (h.portsPerCage > 1 ? "s" + std::to_string(split - 1) : std::string());
    return h.portsPerCage > 1 ? std::to_string(cage) + "/" + std::to_string(split)
                              : std::to_string(cage);
}

NicHardware nicHardware(const ServerModel &m)
{
    // DGX H100/H200/B200: eight single-port ConnectX-7 behind four twin-port OSFP cages.
    if (m.id == "dgx-h100" || m.id == "hgx-h200" || m.id == "dgx-b200")
        return {2, "OSFP 2x400G twin-port (flat top)"};
    const double g = m.nicGbits;
    return {1, (g <= 100   ? "QSFP28 "
                : g <= 200 ? "QSFP56 "
                           : "OSFP ")
                       + gbitsText(g) + (g > 200 ? " (flat top)" : "")};
}

std::string hostPortName(int nicOfHost)
{
    return "rail" + std::to_string(nicOfHost + 1);
}

const char *toString(CableRun r)
{
    switch (r) {
    case CableRun::HostLeaf:
        return "host-leaf";
    case CableRun::LeafSpine:
        return "leaf-spine";
    case CableRun::SpineCore:
        return "spine-core";
    case CableRun::Other:
        break;
    }
    return "other";
}

CableRun cableRun(const Topology &t, const Link &l)
{
    const Switch *a = t.switchById(l.a.device), *b = t.switchById(l.b.device);
    if (!a && !b)
        return CableRun::Other;
    if (!a || !b) {
        const Switch *s = a ? a : b;
        return s->tier == Tier::Leaf ? CableRun::HostLeaf : CableRun::Other;
    }
    const int lo = std::min(tierRank(a->tier), tierRank(b->tier));
    const int hi = std::max(tierRank(a->tier), tierRank(b->tier));
    if (lo == 0 && hi == 1)
        return CableRun::LeafSpine;
    if (lo == 1 && hi == 2)
        return CableRun::SpineCore;
    return CableRun::Other;
}

CableSpec cableSpec(CableRun r)
{
    switch (r) {
    case CableRun::HostLeaf:
        return {"multimode fibre (MMF), straight", "<= 30 m", "SR"};
    case CableRun::LeafSpine:
        return {"multimode fibre (MMF), straight", "<= 50 m", "SR"};
    case CableRun::SpineCore:
        return {"single-mode fibre (SMF), straight", "<= 500 m", "DR"};
    case CableRun::Other:
        break;
    }
    return {"multimode fibre (MMF), straight", "<= 50 m", "SR"};
}

std::vector<std::string> physicalAssumptions()
{
    return {
            "The design places no racks, so cable lengths are the default class of each run: "
            "host-leaf <= 30 m and leaf-spine <= 50 m multimode fibre (SR optics, leaves in "
            "network racks at the end of the row), spine-core <= 500 m single-mode fibre (DR "
            "optics, cores in a central network room).",
            "Every cable is straight (one port to one port); no splitter cables.",
            "A fibre cable needs a transceiver at each end; a twin-port cage's transceiver "
            "serves both of its ports, so one is counted per cage used.",
            "Switch cages: QM9700 32 OSFP twin-port cages (2 x NDR each, 1U), Q3400 72 OSFP "
            "twin-port cages (2 x XDR each, 4U), QM8700 40 QSFP56 (1U), SN5600 64 OSFP (2U); "
            "other switches one port a cage, 1U.",
            "Host ports: DGX H100, HGX H200 and DGX B200 compute NICs sit two to a twin-port OSFP "
            "cage (flat top); other servers one NIC port a cage. Host ports are named by rail, "
            "rail1 = the host's first compute NIC.",
            "Switch ports are named in the switch's own convention: InfiniBand cage/split "
            "(QM9700 port 1/1 and 1/2 share cage 1), Ethernet swpN (Cumulus Linux).",
            "Racks: 4 servers a 42U rack (DGX SuperPOD layouts), fewer where 4 do not fit; the "
            "trays of one NVLink domain share a rack, stacked from U1; a rack-scale system is a "
            "rack of its own with compute tray t at U t. Switches fill "
            "network racks per fabric and tier, from U1 upward. Rack names: rack-c001... "
            "(compute), rack-n01... (network).",
            "Only network cables are counted (InfiniBand, RoCE, Ethernet); NVLink inside a "
            "server or rack, power and management cabling are not.",
    };
}

RackPlan planRacks(const Project &p, const Catalog &c, const std::vector<Host> &hosts)
{
    const Topology &t = p.topology;
    RackPlan plan;
    plan.hosts.resize(hosts.size());
    int slot = 0, perRack = 0, usedU = 0;
    std::size_t lastNode = std::size_t(-1);
    std::string lastDomain;
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        const Host &host = hosts[h];
        const ServerModel *m = c.server(t.nodes[host.node].model);
        const double ru = m && m->rackUnits > 0 ? m->rackUnits : 2;
        if (ru >= 40 || (m && m->trays > 1)) {
            if (host.node != lastNode) {
                ++plan.computeRacks;
                slot = 0;
                perRack = 0;
            }
            plan.hosts[h] = {numbered("rack-c", plan.computeRacks, 3), host.tray + 1};
            lastNode = host.node;
            continue;
        }
        const std::string &domain = t.nodes[host.node].domain;
        if (!domain.empty()) {
            // Trays that share an NVLink domain share its rack (NVL72: 18 trays a rack).
            if (host.node != lastNode) {
                const int height = std::max(1, int(ru));
                if (domain != lastDomain || usedU + height > kUsableRackUnits) {
                    ++plan.computeRacks;
                    usedU = 0;
                    perRack = 0;
                }
                plan.hosts[h] = {numbered("rack-c", plan.computeRacks, 3), usedU + 1};
                usedU += height;
            }
            lastNode = host.node;
            lastDomain = domain;
            continue;
        }
        lastDomain.clear();
        const int fit = std::max(1, std::min(kServersPerRack, int(kUsableRackUnits / ru)));
        if (host.node != lastNode) {
            if (perRack == 0 || slot >= perRack || perRack != fit) {
                ++plan.computeRacks;
                slot = 0;
                perRack = fit;
            }
            plan.hosts[h]
                    = {numbered("rack-c", plan.computeRacks, 3), 1 + int(slot * std::max(1.0, ru))};
            ++slot;
        }
        lastNode = host.node;
    }
    // Network racks: per fabric role and tier, in design order.
    const FabricRole roles[] = {FabricRole::Compute, FabricRole::Storage, FabricRole::Management};
    const Tier tiers[] = {Tier::Leaf, Tier::Spine, Tier::Core};
    for (FabricRole role : roles)
        for (Tier tier : tiers) {
            int used = kUsableRackUnits; // forces a new rack for the group's first switch
            for (const Switch &s : t.switches) {
                if (s.role != role || s.tier != tier)
                    continue;
                const SwitchModel *m = c.switchModel(s.model);
                const int ru = m ? switchHardware(*m).rackUnits : 1;
                if (used + ru > kUsableRackUnits) {
                    ++plan.networkRacks;
                    used = 0;
                }
                plan.switches[s.id] = {numbered("rack-n", plan.networkRacks, 2), used + 1};
                used += ru;
            }
        }
    return plan;
}

std::vector<std::vector<std::size_t>> hostsByNode(const Topology &t, const std::vector<Host> &hosts)
{
    std::vector<std::vector<std::size_t>> by(t.nodes.size());
    for (std::size_t h = 0; h < hosts.size(); ++h)
        by[hosts[h].node].push_back(h);
    return by;
}

Expected<HostTable> hostTable(const Project &p, const Catalog &c)
{
    Expected<std::vector<Host>> hosts = projectHosts(p, c);
    if (!hosts)
        return hosts.error();
    std::vector<std::vector<std::size_t>> ofNode = hostsByNode(p.topology, *hosts);
    return HostTable{std::move(*hosts), std::move(ofNode)};
}

HostPort hostPortOf(const std::vector<Host> &hosts, const std::vector<std::size_t> &ofNode,
                    int port)
{
    for (std::size_t h : ofNode) {
        const Host &host = hosts[h];
        if (port >= host.firstNic && port < host.firstNic + host.nics)
            return {int(h), port - host.firstNic};
    }
    return {};
}

std::string csvField(const std::string &s)
{
    if (s.find_first_of(",\"\r\n") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"')
            out += '"';
        out += ch;
    }
    return out + "\"";
}

} // namespace topoplan
