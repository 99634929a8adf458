#pragma once

#include "engine/model/catalog.h"
#include "engine/model/workload.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// The semantic topology of a cluster as the user draws it. Ids are stable strings that the
// file, the CLI, diagnostics and the canvas all use.

// A custom NVLink domain: a container whose member nodes (trays with external NVLink) share
// one NVLink fabric. Servers with their own NVSwitch board are domains of their own and are
// never members of one of these.
struct Domain
{
    std::string id;
    std::string name;
    // Its size: the GPUs its NVLink switches join (a GB200 NVL36 rack 36, an NVL72 72); the
    // members may have fewer (a rack being filled), never more. 0: not stated, the members'
    // GPUs up to what their NVLink generation can join (Medium::maxDomainGpus).
    int gpus = 0;
    bool operator==(const Domain &) const = default;
};

struct Node
{
    std::string id;
    std::string name;
    std::string model;  // ServerModel id
    std::string domain; // Domain id, or empty
    // What-if failures: a failed server's GPUs are not available to the plan and its cables
    // carry nothing; a failed NIC (a rail of the server) carries nothing, and its GPUs fall
    // back to the nearest working NIC of the server, as NCCL does.
    bool failed = false;
    std::vector<int> failedNics = {}; // compute NIC indices, ascending, each once
    // The model is an import's assumption, not a fact: a fabric dump shows a server's NICs,
    // never its GPUs, and a server file may show fewer NICs than the model has. Every figure
    // of the server's GPUs rests on it until the user confirms the model or sets another
    // (Property::ModelAssumed, Property::Model); the analysis warns while it stands.
    bool modelAssumed = false;
    bool nicFailed(int nic) const;
    bool operator==(const Node &) const = default;
};

enum class Tier { Leaf, Spine, Core };
// How high a tier stands: leaf 0, spine 1, core 2 (uplinks climb, traffic climbs).
constexpr int tierRank(Tier t)
{
    return static_cast<int>(t);
}
enum class FabricRole { Compute, Storage, Management };
const char *toString(Tier t);
const char *toString(FabricRole r);
std::optional<Tier> tierFromString(const std::string &s);
std::optional<FabricRole> roleFromString(const std::string &s);

struct Switch
{
    std::string id;
    std::string name;
    std::string model; // SwitchModel id
    Tier tier = Tier::Leaf;
    FabricRole role = FabricRole::Compute;
    bool failed = false; // what-if: every cable of a failed switch carries nothing
    bool operator==(const Switch &) const = default;
};

// One end of a link: a device (node or switch id) and its first port. A node's ports are its
// compute NICs, 0 .. nics-1; a switch's are 0 .. ports-1. A bundle of `count` cables uses
// ports port .. port+count-1 at each end.
struct Endpoint
{
    std::string device;
    int port = 0;
    bool operator==(const Endpoint &) const = default;
};

struct Link
{
    std::string id;
    Endpoint a;
    Endpoint b;
    std::string medium;  // Medium id
    int count = 1;       // identical parallel cables, drawn as one line
    bool failed = false; // what-if: the whole bundle carries nothing
    bool operator==(const Link &) const = default;
};

struct Topology
{
    std::vector<Domain> domains;
    std::vector<Node> nodes;
    std::vector<Switch> switches;
    std::vector<Link> links;
    bool operator==(const Topology &) const = default;

    const Node *node(const std::string &id) const;
    const Switch *switchById(const std::string &id) const;
    const Domain *domain(const std::string &id) const;
    bool hasId(const std::string &id) const; // any domain, node, switch or link
    bool anyFailed() const;                  // a node, NIC, switch or link marked failed
};

// Where things are drawn. Kept apart from the topology so that the engine ignores it and a
// diff of a saved file shows what really changed.
struct LayoutItem
{
    double x = 0, y = 0;
    double w = 0, h = 0; // containers (domains); 0 for fixed-size items
    std::string color;   // "#rrggbb", or empty for the default
    bool operator==(const LayoutItem &) const = default;
};

struct Layout
{
    std::map<std::string, LayoutItem> items; // by id
    bool operator==(const Layout &) const = default;
};

// Where the racks stand on the data-hall floor, so that the documents can measure every
// network cable (engine/document/hardware.h, CableMeasure). The racks are those the documents
// plan (rack-c001... compute, rack-n01... network); rows and positions count from 1.
struct RackSpot
{
    int row = 1;
    int position = 1; // along the row
    bool operator==(const RackSpot &) const = default;
};
enum class NetworkRow { End, Middle };
const char *toString(NetworkRow r); // "end", "middle"
std::optional<NetworkRow> networkRowFromString(const std::string &s);
struct FloorPlan
{
    int racksPerRow = 10;
    // Centre to centre along a row: a 600 mm rack.
    double rackWidthM = 0.6;
    // Centre to centre between rows: a 1.2 m deep rack and a 1.2 m aisle (hot and cold aisles
    // alternate, so every row pitch is one rack and one aisle).
    double rowPitchM = 2.4;
    // The network racks' own row(s): after the compute rows, or in the middle of them (which
    // halves the longest host-leaf run).
    NetworkRow networkRow = NetworkRow::End;
    // Racks placed by hand, by name; the others fill the rows in order around them.
    std::map<std::string, RackSpot> racks;
    bool operator==(const FloorPlan &) const = default;
};
// The limits the file and the dialog accept.
inline constexpr int kMaxRacksPerRow = 1000;
inline constexpr int kMaxFloorRows = 100000;
inline constexpr double kMinRackWidthM = 0.3, kMaxRackWidthM = 3;
inline constexpr double kMinRowPitchM = 0.6, kMaxRowPitchM = 50;

struct Project
{
    std::string name;
    std::string description;
    // The design's revision as its authors count it ("B", "2.1"); printed in the report's
    // title block. Empty: none stated.
    std::string revision;
    nlohmann::ordered_json catalogOverrides; // the file's "catalog" section, as written (or null)
    Topology topology;
    std::optional<Workload> workload;
    std::optional<Plan> plan;
    Layout layout;
    // The hosts' naming pattern, a Slurm host list such as "dgx[001-128]" (engine/model/
    // hostnames.h); empty = the node names. Used by the scheduler files and the cabling plan.
    std::string hostNames;
    // Where the racks stand; none: the documents use each run's default cable length.
    std::optional<FloorPlan> floor;
    bool operator==(const Project &) const = default;
};

} // namespace topoplan
