#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
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
// Kubernetes Node objects carrying NVIDIA topograph's labels (accelerator.topograph.run/domain,
// fabric.topograph.run/tier-N), one YAML document per node, for kubectl apply --server-side.
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

// Bill of materials: servers and racks by model, switches by fabric, tier and model, cables by
// run, kind and length class, transceivers by end, ports used and spare; with the assumptions
// it rests on. The CSV and the design report are both written from it.
struct BomRow
{
    std::string category; // "servers", "racks", "switches", "cables", "transceivers", "ports"
    std::string item;
    std::string detail;
    long long quantity = 0;
};
struct BillOfMaterials
{
    std::string design; // the project's name, "(unnamed)" without one
    std::vector<std::string> assumptions;
    std::vector<BomRow> rows;
};
Expected<BillOfMaterials> billOfMaterials(const Project &p, const Catalog &c);
// Bill of materials, CSV with '#' comment lines stating every assumption.
Expected<std::string> bomCsv(const Project &p, const Catalog &c);
// Cabling plan, CSV: one row per cable, A-rack,A-U,A-node,A-type,A-port,Z-rack,... columns.
Expected<std::string> cablingCsv(const Project &p, const Catalog &c);

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
// Report is the design report (engine/document/report.h) as plain text; the app lays the same
// model out as PDF or HTML.
Expected<std::string> writeDocument(DocumentFormat f, const Project &p, const Catalog &c);

} // namespace topoplan
