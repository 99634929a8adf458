#pragma once

#include "engine/model/catalog.h"
#include "engine/model/hostnames.h"
#include "engine/model/project.h"

#include <map>
#include <string>
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
    std::string lengthClass; // "<= 30 m"
    std::string optics;      // "SR" (multimode), "DR" (single-mode); empty for copper
};
// The default cable of a run (no rack positions in the design to measure from).
CableSpec cableSpec(CableRun r);

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

// One line per default used above, for the documents' header comments.
std::vector<std::string> physicalAssumptions();

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

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csvField(const std::string &s);

} // namespace topoplan
