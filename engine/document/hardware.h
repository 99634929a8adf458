#pragma once

#include "engine/model/catalog.h"
#include "engine/model/hostnames.h"
#include "engine/model/project.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace topoplan {

// The physical facts the bill of materials, the cabling plan and the diagrams share: how a
// switch's ports sit in cages and are named, what a cable run is made of by default, and where
// each device stands when the design places no racks. Every default is stated by
// physicalAssumptions(), which the documents print.

struct SwitchHardware
{
    int portsPerCage = 1; // 2 for twin-port OSFP cages (QM9700, Q3400)
    int rackUnits = 1;
    std::string cage;          // the transceiver that fills one cage, "OSFP 2x400G twin-port"
    bool cumulusNames = false; // Ethernet switches: swp1, swp1s1; InfiniBand: cage/split
};
SwitchHardware switchHardware(const SwitchModel &m);
// The front-panel name of `port` (0-based): InfiniBand "cage/split" on twin-port cages
// ("1/1", "1/2" for ports 0 and 1 of a QM9700), else "cage"; Ethernet "swpN" or "swpNsS".
std::string switchPortName(const SwitchModel &m, int port);

struct NicHardware
{
    int portsPerCage = 1; // 2 where the server's NIC ports share twin-port OSFP cages
    std::string cage;     // "OSFP 2x400G twin-port (flat top)"
};
NicHardware nicHardware(const ServerModel &m);
// A host's compute port as installers name it: its rail, "rail1" for the host's first NIC.
std::string hostPortName(int nicOfHost);

// What a cable joins, by the tiers of its ends.
enum class CableRun { HostLeaf, LeafSpine, SpineCore, Other };
const char *toString(CableRun r); // "host-leaf", ...
CableRun cableRun(const Topology &t, const Link &l);

struct CableSpec
{
    std::string kind;        // "multimode fibre (MMF), straight"
    std::string lengthClass; // "<= 30 m" (a run's default), "15 m" (measured, the stock length)
    std::string optics;      // "SR" (multimode), "DR", "FR" (single-mode); empty for copper
    double metres = 0;       // the stock length, or the default class's bound
    // Links one cable carries: 2 for copper between twin-port cages (an 800G twin-port DAC or
    // LACC joins two cages' both ports), else 1.
    int linksPerCable = 1;
};
// The kind of cable a CableSpec::kind names, as the catalog's "cables" list it: "dac", "acc",
// "mmf", "smf" or "lc".
std::string cableKindId(const std::string &kind);
// The default cable of a run (no rack positions in the design to measure from).
CableSpec cableSpec(CableRun r);
// The same class in a kind of cable `medium` is made in: DR single-mode where the medium has no
// multimode that reaches it (XDR), FR where DR does not either.
CableSpec cableSpec(CableRun r, const Medium &medium);
// The cable for a route of `metres` of `medium`: the cheapest kind whose reach covers it
// (passive copper, active copper between two switches, multimode, parallel single-mode, duplex
// single-mode), in the next stock length. Beyond every reach: duplex single-mode cut to length,
// and `beyondReach` (when given) is set. `copper` false: the ends cannot take a straight copper
// cable (a twin-port cage whose ports go to different places), fibre only.
CableSpec cableFor(const Medium &medium, double metres, bool switchToSwitch,
                   bool *beyondReach = nullptr, bool copper = true);

struct RackPosition
{
    std::string rack;
    int u = 0; // lowest rack unit the device occupies, counted from 1 at the bottom
};
struct RackPlan
{
    std::vector<RackPosition> hosts;              // by host index
    std::map<std::string, RackPosition> switches; // by switch id
    int computeRacks = 0;
    int networkRacks = 0;
};
RackPlan planRacks(const Project &p, const Catalog &c, const std::vector<Host> &hosts);

// Where a rack stands on the floor: its row and position, and its centre in metres along the
// rows (x) and across them (y).
struct RackSite
{
    RackSpot spot;
    double x = 0, y = 0;
};
// Every rack of `racks` on the floor: those the plan places by hand where it says, the others
// filling rows of f.racksPerRow in order (compute rows, and the network racks' own rows after
// them or in their middle), around the hand-placed ones.
std::map<std::string, RackSite> placeRacks(const FloorPlan &f, const RackPlan &racks);
// A rack of the design on the floor: where it stands, and whether it holds switches (the
// network racks) or servers.
struct FloorRack
{
    RackSite site;
    bool network = false;
};
// The design's own racks (planRacks) standing on floor `f` (placeRacks), by name: what the
// floor editor shows. Fails as hostTable does.
Expected<std::map<std::string, FloorRack>> floorRacks(const Project &p, const Catalog &c,
                                                      const FloorPlan &f);

// The cable route between two ports: up from the port to an overhead tray above the racks,
// along and across the rows (no diagonals), down to the other port, and an allowance at each
// end for the rack's cable manager and a service loop. In one rack: the height between the
// ports and the allowances. `u` is the lowest rack unit of the device (RackPosition::u).
double cableRouteMetres(const RackSite &a, int ua, const RackSite &b, int ub, bool sameRack);

// The cables of a design, measured from its floor plan where it has one.
class CableMeasure
{
public:
    CableMeasure(const Project &p, const Catalog &c, const std::vector<Host> &hosts,
                 const std::vector<std::vector<std::size_t>> &ofNode, const RackPlan &racks);
    bool measured() const { return m_floor != nullptr; }
    // Cable i of link l's bundle (a network medium): measured, else the run's default.
    CableSpec cable(const Link &l, int i, const Medium &medium) const;
    // The route of that cable in metres; 0 when the design has no floor plan or an end is not
    // in a rack.
    double routeMetres(const Link &l, int i) const;
    // What the floor plan says and how the cables were measured, for the documents'
    // assumptions: the floor, the route rule, the reaches used, the longest route, the cables no
    // kind reaches and the hand-placed racks the design does not have.
    std::vector<std::string> assumptions() const;

private:
    // The rack position of port i of endpoint e; null when no rack holds it.
    const RackPosition *positionOf(const Endpoint &e, int i) const;
    // Ports a cage of endpoint e's device holds (twin-port OSFP: 2).
    int portsPerCage(const Endpoint &e) const;
    // The cage port i of endpoint e sits in: a switch's cage, or a host's cage of rails.
    std::string cageOf(const Endpoint &e, int i) const;
    // The cable by its own route alone, before the cages' fibre is made one type.
    CableSpec routeCable(const Link &l, int i, const Medium &medium) const;
    // A twin-port transceiver takes one fibre type in both ports, and a fibre takes the same
    // type at both ends: cages joined by fibre form groups that take the longest-reach optics
    // (SR < DR < FR) any of their cables needs. By cage, that optics' rank (1 SR, 2 DR, 3 FR).
    void chooseCageFibre();
    std::unordered_map<std::string, int> m_cageFibre;
    long long m_raisedCables = 0; // fibre cables given longer-reach optics than their route needs

    const Topology &m_t;
    const Catalog &m_c;
    const std::vector<Host> &m_hosts;
    const std::vector<std::vector<std::size_t>> &m_ofNode;
    const RackPlan &m_racks;
    const FloorPlan *m_floor = nullptr;
    std::map<std::string, RackSite> m_sites;
    // The devices by id (the topology's own lookups scan its lists).
    std::unordered_map<std::string, const Switch *> m_switches;
    std::unordered_map<std::string, std::size_t> m_nodes;
    const Switch *switchOf(const std::string &id) const;
};

// One line per default used above, for the documents' header comments; with a floor plan, the
// lines that say how the cables were measured instead of the default lengths.
std::vector<std::string> physicalAssumptions(const CableMeasure *measure = nullptr);

// The host and its rail that own a node's NIC port, or -1 when no host owns it.
struct HostPort
{
    int host = -1;
    int rail = 0; // 0-based NIC of the host
};
// For lookups by node: the host indices of each node (in tray order).
std::vector<std::vector<std::size_t>> hostsByNode(const Topology &t,
                                                  const std::vector<Host> &hosts);
HostPort hostPortOf(const std::vector<Host> &hosts, const std::vector<std::size_t> &ofNode,
                    int port);

// What every document that names hosts starts from: the project's hosts (projectHosts) and
// the host indices of each node.
struct HostTable
{
    std::vector<Host> hosts;
    std::vector<std::vector<std::size_t>> ofNode;
};
Expected<HostTable> hostTable(const Project &p, const Catalog &c);

// physicalAssumptions() for the design: its hosts and racks planned, its cables measured where
// it has a floor plan.
Expected<std::vector<std::string>> designAssumptions(const Project &p, const Catalog &c);

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csvField(const std::string &s);

} // namespace topoplan
