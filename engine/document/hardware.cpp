#include "engine/document/hardware.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

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

// Cable routes (assumptions, stated by CableMeasure::assumptions): a rack unit is 1.75 in
// (EIA-310); an overhead ladder tray runs 0.3 m above the 42U racks' tops; each end takes 0.5 m
// to reach the rack's vertical cable manager and leave a service loop.
constexpr double kRackUnitM = 0.04445;
constexpr double kRackTopM = kUsableRackUnits * kRackUnitM;
constexpr double kTrayAboveRackM = 0.3;
constexpr double kEndAllowanceM = 0.5;

// Stock lengths, metres. Copper as NVIDIA LinkX makes it at 100G-PAM4 (DAC 0.5 to 3 m in half
// metres, LACC 3, 4 and 5 m; catalog.json ib-ndr); fibre as cable makers list MPO/LC patch
// cords (1 to 50 m in the usual steps), then ordered in steps of 10 m to 100 m and 50 m to
// 2 km (assumption).
constexpr double kCopperLengths[] = {0.5, 1, 1.5, 2, 2.5, 3, 4, 5};
constexpr double kFibreLengths[]
        = {1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100};

std::string metresText(double m)
{
    return figure::number(m) + " m";
}

double copperLength(double metres)
{
    for (double l : kCopperLengths)
        if (metres <= l + 1e-9)
            return l;
    return metres;
}

double fibreLength(double metres)
{
    for (double l : kFibreLengths)
        if (metres <= l + 1e-9)
            return l;
    return std::ceil(metres / 50 - 1e-9) * 50;
}

} // namespace

SwitchHardware switchHardware(const SwitchModel &m)
{
    SwitchHardware h;
    if (m.id == "qm9700" || m.id == "qm9790") {
        h = {2, 1, "OSFP 2x400G twin-port (finned top)", false};
    } else if (m.id == "q3400") {
        h = {2, 4, "OSFP 2x800G twin-port", false};
    } else if (m.id == "q3200") {
        h = {2, 1, "OSFP 2x800G twin-port", false}; // half of a 2U chassis of two switches
    } else if (m.id == "sn5600-400g") {
        h = {2, 2, "OSFP 2x400G twin-port (finned top)", true};
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

std::string cableKindId(const std::string &kind)
{
    if (kind.find("(DAC)") != std::string::npos)
        return "dac";
    if (kind.find("(ACC)") != std::string::npos)
        return "acc";
    if (kind.find("(MMF)") != std::string::npos)
        return "mmf";
    return kind.find("duplex LC") != std::string::npos ? "lc" : "smf";
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

namespace {

// Fibre optics by reach: 1 SR (multimode), 2 DR (parallel single-mode), 3 FR (duplex
// single-mode); 0 for copper.
int fibreRank(const std::string &optics)
{
    return optics == "SR" ? 1 : optics == "DR" ? 2 : optics == "FR" ? 3 : 0;
}

// A straight fibre of optics rank `rank` (as fibreRank), `metres` long in class `lengthClass`.
CableSpec fibreOfRank(int rank, std::string lengthClass, double metres)
{
    if (rank <= 1)
        return {"multimode fibre (MMF), straight", std::move(lengthClass), "SR", metres};
    if (rank == 2)
        return {"single-mode fibre (SMF), straight", std::move(lengthClass), "DR", metres};
    return {"single-mode fibre (SMF), duplex LC", std::move(lengthClass), "FR", metres};
}

// The first optics rank from `atLeast` whose fibre reaches `metres` (FR when none states it).
int reachingRank(const CableReach &r, double metres, int atLeast)
{
    if (atLeast <= 1 && r.mmf > 0 && metres <= r.mmf)
        return 1;
    if (atLeast <= 2 && r.smf > 0 && metres <= r.smf)
        return 2;
    return 3;
}

// The cheapest fibre of `medium` for a route of `metres` whose optics rank at least `atLeast`,
// in the next stock length; `beyondReach` (when given) says whether even FR falls short.
CableSpec fibreFor(const Medium &medium, double metres, int atLeast, bool *beyondReach)
{
    const CableReach &r = medium.reach;
    const int rank = reachingRank(r, metres, atLeast);
    const double stock = fibreLength(metres);
    const double l = rank == 1   ? std::min(stock, r.mmf)
                     : rank == 2 ? std::min(stock, r.smf)
                                 : stock;
    if (beyondReach)
        *beyondReach = rank == 3 && (r.lc <= 0 || metres > r.lc);
    return fibreOfRank(rank, metresText(l), l);
}

} // namespace

CableSpec cableSpec(CableRun r)
{
    switch (r) {
    case CableRun::HostLeaf:
        return {"multimode fibre (MMF), straight", "<= 30 m", "SR", 30};
    case CableRun::LeafSpine:
        return {"multimode fibre (MMF), straight", "<= 50 m", "SR", 50};
    case CableRun::SpineCore:
        return {"single-mode fibre (SMF), straight", "<= 500 m", "DR", 500};
    case CableRun::Other:
        break;
    }
    return {"multimode fibre (MMF), straight", "<= 50 m", "SR", 50};
}

CableSpec cableSpec(CableRun r, const Medium &medium)
{
    CableSpec s = cableSpec(r);
    const CableReach &reach = medium.reach;
    if (reach == CableReach{}) // no reaches stated: the documented defaults as they are
        return s;
    // The run's class in a kind of fibre the medium is made in (InfiniBand XDR has no
    // multimode): DR single-mode where multimode does not reach the class, else FR.
    return fibreOfRank(reachingRank(reach, s.metres, fibreRank(s.optics)), s.lengthClass, s.metres);
}

CableSpec cableFor(const Medium &medium, double metres, bool switchToSwitch, bool *beyondReach,
                   bool copper)
{
    const CableReach &r = medium.reach;
    const double need = std::max(metres, 0.0);
    if (beyondReach)
        *beyondReach = false;
    if (copper && r.dac > 0 && need <= r.dac) {
        const double l = copperLength(need);
        return {"direct attach copper (DAC)", metresText(l), "", l};
    }
    if (copper && switchToSwitch && r.acc > 0 && need <= r.acc) {
        const double l = copperLength(need);
        return {"active copper (ACC)", metresText(l), "", l};
    }
    return fibreFor(medium, need, 1, beyondReach);
}

std::map<std::string, RackSite> placeRacks(const FloorPlan &f, const RackPlan &racks)
{
    const int perRow = std::max(1, f.racksPerRow);
    const int computeRows = (racks.computeRacks + perRow - 1) / perRow;
    const int networkRows = (racks.networkRacks + perRow - 1) / perRow;
    // The rows each kind fills, in order.
    std::vector<int> computeRowList, networkRowList;
    const int before = f.networkRow == NetworkRow::Middle ? (computeRows + 1) / 2 : computeRows;
    int row = 1;
    for (int i = 0; i < before; ++i)
        computeRowList.push_back(row++);
    for (int i = 0; i < networkRows; ++i)
        networkRowList.push_back(row++);
    for (int i = before; i < computeRows; ++i)
        computeRowList.push_back(row++);
    // Rows past every planned and hand-placed one, for racks pushed out by hand-placed ones.
    int lastRow = row - 1;
    std::set<std::pair<int, int>> taken;
    std::map<std::string, RackSite> out;
    auto site = [&](const RackSpot &s) {
        return RackSite{s, (s.position - 1) * f.rackWidthM, (s.row - 1) * f.rowPitchM};
    };
    std::vector<std::string> compute, network;
    for (int i = 1; i <= racks.computeRacks; ++i)
        compute.push_back(numbered("rack-c", i, 3));
    for (int i = 1; i <= racks.networkRacks; ++i)
        network.push_back(numbered("rack-n", i, 2));
    for (const std::vector<std::string> *names : {&compute, &network})
        for (const std::string &name : *names) {
            auto it = f.racks.find(name);
            if (it == f.racks.end())
                continue;
            out[name] = site(it->second);
            taken.insert({it->second.row, it->second.position});
            lastRow = std::max(lastRow, it->second.row);
        }
    int extra = lastRow;
    auto fill = [&](const std::vector<std::string> &names, const std::vector<int> &rows) {
        std::size_t ri = 0;
        int position = 1;
        std::vector<int> overflow; // rows past the others, taken as they are needed
        auto rowAt = [&](std::size_t i) {
            if (i < rows.size())
                return rows[i];
            while (overflow.size() <= i - rows.size())
                overflow.push_back(++extra);
            return overflow[i - rows.size()];
        };
        for (const std::string &name : names) {
            if (out.count(name))
                continue;
            for (;;) {
                if (position > perRow) {
                    ++ri;
                    position = 1;
                }
                const int r = rowAt(ri);
                if (taken.insert({r, position}).second) {
                    out[name] = site({r, position});
                    ++position;
                    break;
                }
                ++position;
            }
        }
    };
    fill(compute, computeRowList);
    fill(network, networkRowList);
    return out;
}

double cableRouteMetres(const RackSite &a, int ua, const RackSite &b, int ub, bool sameRack)
{
    const double ha = (std::max(1, ua) - 0.5) * kRackUnitM;
    const double hb = (std::max(1, ub) - 0.5) * kRackUnitM;
    if (sameRack)
        return std::fabs(ha - hb) + 2 * kEndAllowanceM;
    const double up
            = std::max(0.0, kRackTopM - ha) + std::max(0.0, kRackTopM - hb) + 2 * kTrayAboveRackM;
    return up + std::fabs(a.x - b.x) + std::fabs(a.y - b.y) + 2 * kEndAllowanceM;
}

CableMeasure::CableMeasure(const Project &p, const Catalog &c, const std::vector<Host> &hosts,
                           const std::vector<std::vector<std::size_t>> &ofNode,
                           const RackPlan &racks)
    : m_t(p.topology)
    , m_c(c)
    , m_hosts(hosts)
    , m_ofNode(ofNode)
    , m_racks(racks)
    , m_floor(p.floor ? &*p.floor : nullptr)
{
    if (!m_floor)
        return;
    m_sites = placeRacks(*m_floor, racks);
    for (const Switch &s : m_t.switches)
        m_switches.emplace(s.id, &s);
    for (std::size_t i = 0; i < m_t.nodes.size(); ++i)
        m_nodes.emplace(m_t.nodes[i].id, i);
    chooseCageFibre();
}

std::string CableMeasure::cageOf(const Endpoint &e, int i) const
{
    const int perCage = std::max(1, portsPerCage(e));
    if (!switchOf(e.device)) {
        auto n = m_nodes.find(e.device);
        if (n != m_nodes.end()) {
            const HostPort hp = hostPortOf(m_hosts, m_ofNode[n->second], e.port + i);
            if (hp.host >= 0)
                return "host " + std::to_string(hp.host) + " " + std::to_string(hp.rail / perCage);
        }
    }
    return e.device + " " + std::to_string((e.port + i) / perCage);
}

void CableMeasure::chooseCageFibre()
{
    // Union-find over the cages that measured fibre cables join.
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::size_t> parent;
    std::vector<int> rank; // the optics each group needs, at its root
    auto id = [&](const std::string &cage) {
        auto [it, added] = index.emplace(cage, parent.size());
        if (added) {
            parent.push_back(parent.size());
            rank.push_back(0);
        }
        return it->second;
    };
    auto root = [&](std::size_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    struct Fibre
    {
        std::size_t cage;
        int rank;
    };
    std::vector<Fibre> fibres;
    for (const Link &l : m_t.links) {
        const Medium *m = m_c.medium(l.medium);
        if (!m || !m->isNetwork())
            continue;
        for (int i = 0; i < l.count; ++i) {
            if (routeMetres(l, i) <= 0)
                continue;
            const int r = fibreRank(routeCable(l, i, *m).optics);
            if (r == 0)
                continue;
            const std::size_t a = root(id(cageOf(l.a, i))), b = root(id(cageOf(l.b, i)));
            parent[b] = a;
            rank[a] = std::max({rank[a], rank[b], r});
            fibres.push_back({a, r});
        }
    }
    for (const Fibre &f : fibres)
        m_raisedCables += rank[root(f.cage)] > f.rank ? 1 : 0;
    for (const auto &[cage, i] : index)
        m_cageFibre.emplace(cage, rank[root(i)]);
}

const Switch *CableMeasure::switchOf(const std::string &id) const
{
    auto it = m_switches.find(id);
    return it == m_switches.end() ? nullptr : it->second;
}

const RackPosition *CableMeasure::positionOf(const Endpoint &e, int i) const
{
    if (const Switch *s = switchOf(e.device)) {
        auto it = m_racks.switches.find(s->id);
        return it == m_racks.switches.end() ? nullptr : &it->second;
    }
    auto n = m_nodes.find(e.device);
    if (n == m_nodes.end())
        return nullptr;
    const HostPort hp = hostPortOf(m_hosts, m_ofNode[n->second], e.port + i);
    if (hp.host < 0 || std::size_t(hp.host) >= m_racks.hosts.size())
        return nullptr;
    return &m_racks.hosts[std::size_t(hp.host)];
}

double CableMeasure::routeMetres(const Link &l, int i) const
{
    if (!m_floor)
        return 0;
    const RackPosition *a = positionOf(l.a, i), *b = positionOf(l.b, i);
    if (!a || !b)
        return 0;
    auto sa = m_sites.find(a->rack), sb = m_sites.find(b->rack);
    if (sa == m_sites.end() || sb == m_sites.end())
        return 0;
    return cableRouteMetres(sa->second, a->u, sb->second, b->u, a->rack == b->rack);
}

int CableMeasure::portsPerCage(const Endpoint &e) const
{
    if (const Switch *s = switchOf(e.device)) {
        const SwitchModel *m = m_c.switchModel(s->model);
        return m ? switchHardware(*m).portsPerCage : 1;
    }
    auto n = m_nodes.find(e.device);
    const ServerModel *m = n == m_nodes.end() ? nullptr : m_c.server(m_t.nodes[n->second].model);
    return m ? nicHardware(*m).portsPerCage : 1;
}

CableSpec CableMeasure::cable(const Link &l, int i, const Medium &medium) const
{
    CableSpec spec = routeCable(l, i, medium);
    const int own = fibreRank(spec.optics);
    if (own == 0)
        return spec;
    auto it = m_cageFibre.find(cageOf(l.a, i));
    if (it == m_cageFibre.end() || it->second <= own)
        return spec;
    return fibreFor(medium, routeMetres(l, i), it->second, nullptr);
}

CableSpec CableMeasure::routeCable(const Link &l, int i, const Medium &medium) const
{
    const double route = routeMetres(l, i);
    if (route <= 0)
        return cableSpec(cableRun(m_t, l), medium);
    const bool switches = switchOf(l.a.device) && switchOf(l.b.device);
    // Copper is a straight cable from cage to cage: where a cage holds two ports, one cable
    // serves both, so the bundle must fill whole cages at both ends (no splitters). Otherwise
    // each port takes its own fibre.
    const int cage = portsPerCage(l.a);
    const bool whole = cage == portsPerCage(l.b) && l.a.port % cage == 0 && l.b.port % cage == 0
                       && l.count % cage == 0;
    if (!whole)
        return cableFor(medium, route, switches, nullptr, false);
    double longest = route;
    const int first = i - i % cage;
    for (int k = first; k < first + cage; ++k)
        longest = std::max(longest, routeMetres(l, k));
    CableSpec spec = cableFor(medium, longest, switches);
    if (!spec.optics.empty()) // the cage's copper does not reach: each port its own fibre
        return cableFor(medium, route, switches, nullptr, false);
    spec.linksPerCable = cage;
    return spec;
}

std::vector<std::string> CableMeasure::assumptions() const
{
    std::vector<std::string> out;
    if (!m_floor)
        return out;
    const FloorPlan &f = *m_floor;
    int rows = 0;
    for (const auto &[name, site] : m_sites)
        rows = std::max(rows, site.spot.row);
    out.push_back("The racks stand in " + std::to_string(rows) + " row(s) of up to "
                  + std::to_string(f.racksPerRow) + " racks, " + metresText(f.rackWidthM)
                  + " wide, rows " + metresText(f.rowPitchM)
                  + " apart centre to centre; the network racks in a row of their own "
                  + (f.networkRow == NetworkRow::Middle ? "in the middle of the compute rows"
                                                        : "after the compute rows")
                  + (f.racks.empty() ? std::string()
                                     : "; " + std::to_string(f.racks.size())
                                               + " rack(s) placed by hand, the others around "
                                                 "them")
                  + ".");
    out.push_back("Every network cable is measured: up from its port (each device at its rack "
                  "unit, 44.45 mm a unit) to an overhead tray 0.3 m above the 42U racks, along "
                  "and across the rows without diagonals, down to the other port, and 0.5 m at "
                  "each end for the cable manager and a service loop; in one rack, the height "
                  "between the ports and the two allowances. Each is ordered in the next stock "
                  "length (copper 0.5 to 3 m by half metres, then 4 and 5 m; fibre 1, 2, 3, 5, "
                  "7, 10 m, then by 5 m to 50 m, by 10 m to 100 m, by 50 m beyond).");
    out.push_back("The cheapest cable that reaches is used: passive copper (DAC), active copper "
                  "between two switches, multimode fibre with SR optics, parallel single-mode "
                  "fibre with DR optics, duplex single-mode fibre with FR optics; each medium's "
                  "reach is in the catalog with its source. A copper cable joins a whole cage to "
                  "a whole cage (a twin-port DAC or LACC carries both of its ports' links, as "
                  "long as the longer of the two), so copper is used only where a link bundle "
                  "fills whole cages at both ends; elsewhere every port takes its own fibre. A "
                  "twin-port transceiver takes one kind of fibre in both of its ports, and a "
                  "fibre the same optics at both ends: cages joined by fibre take the longest-"
                  "reach optics any of their cables needs.");
    if (m_raisedCables > 0)
        out.push_back(std::to_string(m_raisedCables)
                      + " fibre cable(s) take longer-reach optics than their own route needs: a "
                        "cage they share, or one joined to it by fibre, holds a longer run.");
    // The media used, their reaches, the longest route and what no cable reaches.
    std::map<std::string, const Medium *> media;
    double longest = 0;
    long long beyond = 0;
    for (const Link &l : m_t.links) {
        const Medium *m = m_c.medium(l.medium);
        if (!m || !m->isNetwork())
            continue;
        media[m->id] = m;
        const bool switches = switchOf(l.a.device) && switchOf(l.b.device);
        for (int i = 0; i < l.count; ++i) {
            const double route = routeMetres(l, i);
            longest = std::max(longest, route);
            bool far = false;
            if (route > 0)
                cableFor(*m, route, switches, &far);
            beyond += far ? 1 : 0;
        }
    }
    for (const auto &[id, m] : media) {
        const CableReach &r = m->reach;
        std::string reach;
        auto add = [&](double v, const char *what) {
            if (v > 0)
                reach += std::string(reach.empty() ? "" : ", ") + what + " " + metresText(v);
        };
        add(r.dac, "DAC");
        add(r.acc, "active copper");
        add(r.mmf, "multimode");
        add(r.smf, "DR single-mode");
        add(r.lc, "FR single-mode");
        out.push_back(m->name + " reaches: " + (reach.empty() ? "none stated" : reach) + ".");
    }
    out.push_back("The longest cable route is " + figure::number(std::round(longest * 10) / 10)
                  + " m.");
    if (beyond > 0)
        out.push_back("WARNING: " + std::to_string(beyond)
                      + " cable(s) are longer than any cable of their medium reaches; they are "
                        "listed as duplex single-mode cut to length. Move the racks closer.");
    for (const auto &[name, spot] : f.racks)
        if (!m_sites.count(name))
            out.push_back("Rack " + name
                          + " is placed by hand, but the design has no such "
                            "rack; its place is unused.");
    return out;
}

std::vector<std::string> physicalAssumptions(const CableMeasure *measure)
{
    std::vector<std::string> measured
            = measure ? measure->assumptions() : std::vector<std::string>{};
    std::vector<std::string> out;
    if (measured.empty())
        out.push_back(
                "The design places no racks, so cable lengths are the default class of each run: "
                "host-leaf <= 30 m and leaf-spine <= 50 m multimode fibre (SR optics, leaves in "
                "network racks at the end of the row), spine-core <= 500 m single-mode fibre (DR "
                "optics, cores in a central network room). A medium made without multimode "
                "fibre (InfiniBand XDR) takes DR single-mode fibre for those runs instead.");
    else
        out.insert(out.end(), measured.begin(), measured.end());
    const std::vector<std::string> rest = {
            "Every cable is straight, no splitter cables: a fibre joins one port to one port, "
            "a twin-port copper cable one cage to one cage.",
            "A fibre cable needs a transceiver at each end; a twin-port cage's transceiver "
            "serves both of its ports, so one is counted per cage used.",
            "Switch cages: QM9700 and QM9790 32 OSFP twin-port cages (2 x NDR each, 1U), Q3400 "
            "72 OSFP twin-port cages (2 x XDR each, 4U), Q3200 18 per switch (two switches a 2U "
            "chassis), QM8700 40 QSFP56 (1U), SN5600 64 OSFP (2U; 2 x 400GbE a cage when split); "
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
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
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

Expected<std::map<std::string, FloorRack>> floorRacks(const Project &p, const Catalog &c,
                                                      const FloorPlan &f)
{
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const RackPlan racks = planRacks(p, c, table->hosts);
    std::set<std::string> network;
    for (const auto &[id, position] : racks.switches)
        network.insert(position.rack);
    std::map<std::string, FloorRack> out;
    for (auto &[name, site] : placeRacks(f, racks))
        out.emplace(name, FloorRack{site, network.count(name) > 0});
    return out;
}

Expected<std::vector<std::string>> designAssumptions(const Project &p, const Catalog &c)
{
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const RackPlan racks = planRacks(p, c, table->hosts);
    const CableMeasure measure(p, c, table->hosts, table->ofNode, racks);
    return physicalAssumptions(&measure);
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
