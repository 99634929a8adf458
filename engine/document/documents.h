#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace topoplan {

// The files other tools read, written from a design. Each function returns the whole text of
// one file (deterministic: the same design gives the same bytes) or the Error that prevents it
// (a host without a leaf for the scheduler files, a host name a tool would refuse). Host names
// come from the project's naming pattern, else the node names (engine/model/hostnames.h).

// Slurm topology.conf for TopologyPlugin=topology/tree: SwitchName=... Switches=... / Nodes=...
// with compressed host lists, leaves first (engine/document/schedulertree.h says how a
// rail-optimized fabric becomes a tree).
Expected<std::string> slurmTreeConf(const Project &p, const Catalog &c);
// Slurm topology.conf for TopologyPlugin=topology/block: one BlockName per NVLink domain and
// BlockSizes (the smallest domain's host count, then doublings while the blocks allow).
Expected<std::string> slurmBlockConf(const Project &p, const Catalog &c);
// Slurm topology.yaml (Slurm 25.05 and later): topology "fabric" (tree, cluster default) and
// topology "nvlink" (block).
Expected<std::string> slurmTopologyYaml(const Project &p, const Catalog &c);
// NVIDIA topograph's labels (accelerator.topograph.run/domain, fabric.topograph.run/tier-N) as
// a shell script of `kubectl label node --overwrite NAME key=value ...`, one line a host: it
// labels registered nodes and fails on a name the cluster does not have.
Expected<std::string> k8sNodeLabels(const Project &p, const Catalog &c);
// topograph's model file (switches: tree of switches; blocks: hosts per leaf and NVLink domain).
Expected<std::string> topographModel(const Project &p, const Catalog &c);

// Graphviz DOT for `dot -Tsvg`: clusters for NVLink domains, ranks for tiers, one edge per
// link labelled with its medium and count.
Expected<std::string> dotPlain(const Project &p, const Catalog &c);
// Graphviz DOT in the port-aware dialect NVIDIA Air imports: one edge per cable,
// "node":"port" -- "node":"port", with the ports in each device's own naming.
Expected<std::string> dotAir(const Project &p, const Catalog &c);
// draw.io (diagrams.net) file, uncompressed XML: domains as containers, tier lanes, devices as
// objects with their properties, links as edges with medium and count, at the layout's
// positions.
Expected<std::string> drawioXml(const Project &p, const Catalog &c);

// What a design is made of, counted: the one model behind the bill of materials and every
// other place that counts hardware (the explorer's transceivers). Network cables only.
struct BomCounts
{
    using SwitchKey = std::tuple<int, int, std::string>; // role, tier, model
    // run, medium, kind, length in metres (for the order), length as printed
    using CableKey = std::tuple<int, std::string, std::string, double, std::string>;
    std::vector<std::pair<std::string, int>> servers; // model id and count, first appearance
    std::map<SwitchKey, int> switches;
    std::map<CableKey, long long> cables;
    std::map<std::string, long long> switchOptics; // "<cage> <optics>" -> transceivers
    std::map<std::string, long long> nicOptics;
    std::map<SwitchKey, std::pair<long long, long long>> ports; // used, total
    // The same transceivers by catalog id (TransceiverModel), where the catalog lists the module a
    // cage takes for its link's medium; the others by the name above, in `unlistedOptics`.
    std::map<std::string, long long> transceiverModels;
    std::map<std::string, long long> unlistedOptics;
    std::map<std::string, std::string> opticsModel; // by "<cage> <optics>": its catalog id
    // The cables by kind ("dac", "acc", "mmf", "smf", "lc": the catalog's "cables").
    std::map<std::string, long long> cableKinds;

    int serverCount() const;
    int switchCount(FabricRole role, Tier tier) const;
    long long cableCount(int run) const; // by CableRun (engine/document/hardware.h)
    long long cableCount() const;
    long long transceivers() const; // both ends
};
struct BillOfMaterials
{
    BomCounts total;
    // A scalable unit: the rail leaves that share the same servers (the scheduler tree's leaf
    // groups of more than one leaf), with its servers, its leaves and the cables and optics at
    // them (host-leaf and leaf-spine). Spines and cores serve every unit and are only in the
    // totals. Empty when the design has no such groups (fat trees, single leaves).
    struct Unit
    {
        std::string name; // "leaf-su1"
        BomCounts counts;
    };
    std::vector<Unit> units;
    int computeRacks = 0;
    int networkRacks = 0;
    // What the counts rest on (physicalAssumptions, measured where the design has a floor plan).
    std::vector<std::string> assumptions;
};
// `units` false leaves BillOfMaterials::units empty (totals only, as the explorer needs).
Expected<BillOfMaterials> billOfMaterials(const Project &p, const Catalog &c, bool units = true);

// Bill of materials, CSV with '#' comment lines stating every assumption and the design's cost
// and power: the design totals, then one section per scalable unit (category prefixed
// "SU <name> "); columns category, item, detail, quantity, unit_power_w, power_kw, unit_price,
// price (empty where the catalog states no power or the price book no price).
// The bill of materials as the rows of a table (category, item, detail, quantity) with the
// assumptions it rests on: the CSV and the design report are both written from it.
struct BomRow
{
    std::string category; // "servers", "racks", "switches", "cables", "transceivers", "ports"
    std::string item;     // (an SU section's rows start with "SU <name> ")
    std::string detail;
    long long quantity = 0;
    // Each unit's power (the catalog's datasheet figure) and price (the price book's); none
    // where the catalog states no power or the book no price, or the row is not a part (ports).
    std::optional<double> unitPowerW;
    std::optional<double> unitPrice;
};
struct BomTable
{
    std::string design; // the project's name, "(unnamed)" without one
    std::vector<std::string> assumptions;
    std::vector<BomRow> rows;
    std::string currency; // the price book's
    // The design's cost and power in lines (designCostLines of the totals).
    std::vector<std::string> costLines;
};
// How much of each scalable unit a table shows: every unit with its cables by length (the CSV
// and workbook, what is ordered and pulled), or, for a document read by people, the units that
// hold the same parts listed once ("SUs leaf-su1 to leaf-su256 (256 alike), each") with their
// cables by kind and run, the lengths left to the CSV. The design totals are whole in both.
enum class BomDetail { EveryUnit, AlikeUnitsOnce };
Expected<BomTable> bomTable(const Project &p, const Catalog &c,
                            BomDetail detail = BomDetail::EveryUnit);
Expected<std::string> bomCsv(const Project &p, const Catalog &c);
// Cabling plan, CSV: one row per cable, A-rack,A-U,A-node,A-type,A-port,Z-rack,... columns,
// the type being the device's model and the ports named as printed on the devices; TopoPlan's
// own layout for installers, not a file any validation tool reads as it is (cvtP2pCsv() is).
// `withCables` adds two columns, the cable and its length (the workbook has them).
Expected<std::string> cablingCsv(const Project &p, const Catalog &c, bool withCables = false);
// The same cables as the P2P file of NVIDIA's UFM Cable Validation Tool (CVT user guide,
// "Topology Files > P2P File"): columns A-Rack, A-U, A-Node Name, A-Type, A-Port, Z-Rack,
// Z-RU, Z-Node Name, Z-Type, Z-Port; types "Host" or "Switch"; switch ports as on the front
// panel ("1/2", "swp1s0"), InfiniBand host ports numbered from 1 (CVT maps n to mlx5_<n-1>),
// Ethernet host ports by rail ("rail5"). CSV here; cvtP2pXlsx() writes the Excel workbook CVT
// loads.
Expected<std::string> cvtP2pCsv(const Project &p, const Catalog &c);
Expected<std::string> cvtP2pXlsx(const Project &p, const Catalog &c);
// The same two as Excel workbooks (.xlsx bytes): the CSV's rows on the first sheet (numbers as
// numbers, bold frozen header with a filter), the assumptions on a sheet "Assumptions".
Expected<std::string> bomXlsx(const Project &p, const Catalog &c);
Expected<std::string> cablingXlsx(const Project &p, const Catalog &c);

// The InfiniBand fabric (InfiniBand switches and cables; Ethernet is left out) as the
// InfiniBand tools see it: ibnetdiscover's default topology text, with deterministic GUIDs and
// node descriptions "<host> mlx5_<rail>" and "MF0;<switch>:<part>/U1"; and the net file of
// the ibsim fabric simulator, the same records with the design's ids as node names. Each NIC
// port is a one-port channel adapter; switch port p is InfiniBand port p + 1.
Expected<std::string> ibnetdiscoverText(const Project &p, const Catalog &c);
Expected<std::string> ibsimNet(const Project &p, const Catalog &c);

// The formats by their command-line name, for `topoplan-cli export --format`.
enum class DocumentFormat {
    Bom,
    Cables,
    BomXlsx,
    CablesXlsx,
    Cvt,
    CvtXlsx,
    SlurmTree,
    SlurmBlock,
    SlurmYaml,
    K8sLabels,
    Topograph,
    Drawio,
    Dot,
    DotAir,
    Ibsim,
    Ibnetdiscover,
    Report
};
struct DocumentFormatInfo
{
    DocumentFormat format;
    const char *name;   // "slurm-tree"
    const char *suffix; // the file suffix that selects it unambiguously, or "" ("csv" is shared)
    const char *what;   // "Slurm topology.conf (topology/tree)"
};
const std::vector<DocumentFormatInfo> &documentFormats();
std::optional<DocumentFormat> documentFormatFromName(const std::string &name);
// The format a file name's suffix selects, when only one does (".drawio", ".dot").
std::optional<DocumentFormat> documentFormatForFile(const std::string &path);
// The workbook form of a CSV format for a file named *.xlsx (Bom -> BomXlsx, Cables ->
// CablesXlsx, Cvt -> CvtXlsx); any other format and file name as given.
DocumentFormat documentFormatForTarget(DocumentFormat f, const std::string &path);
// Report is the design report (engine/document/report.h) as plain text; the app lays the same
// model out as PDF or HTML.
Expected<std::string> writeDocument(DocumentFormat f, const Project &p, const Catalog &c);

} // namespace topoplan
