#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace topoplan {

// Generates laid-out cluster designs the way real ones are built (Al-Fares et al., SIGCOMM'08
// fat trees; NVIDIA DGX SuperPOD rail-optimized fabrics): `topoplan-cli generate` and the
// GUI's "Add fabric..." both use it.
//
// Rules of the generated fabric:
// - With switch radix k and oversubscription r, a leaf's ports split into down and up ports
//   whose ratio is r, or the nearest to r a split of k ports reaches, using the most ports
//   (64 at 2:1: 42 down, 21 up; 3 tiers: a spine's likewise, toward the cores).
// - Fat tree: the nodes' NICs fill leaves in order. Rail-optimized: NIC i of every node goes
//   to a leaf of rail i (a rail is a NIC position within a tray); each rail's ports fill its
//   leaves' down ports in node order (dgx-h100 on 64-port leaves at 1:1: 32 nodes, 8 leaves an
//   SU; an NVL72 rack's 18 ports a rail run on into the next leaf, no down port idle).
// - Rail-only: each rail its own network (one switch where it takes the rail whole, else a
//   2- or 3-tier fat tree of that rail's leaves), no spine joining rails.
// - Planes: each plane a fabric of its own over its rails (GeneratorOptions::planes).
// - Every leaf reaches every spine (of its pod, in 3 tiers) with bundles of equal size where
//   a spine count that divides the uplinks costs at most twice the minimum, else with sizes
//   that differ by one. 3 tiers: every spine of plane j (spine j of each pod) reaches every
//   core of plane j alike.
// - Ports are used consecutively from 0: a leaf's down ports first, its uplinks from port
//   `down` on; a switch's ports never repeat and never pass its radix.
// - A tier is built only where it joins two or more switches below it: a single leaf gets no
//   spines, a single pod no cores.
// - Ids: node-1.., dom-1.., leaf-1.., spine-1.., core-1.., link-1..; names read like
//   "dgx-001", "leaf-r3-su1", "spine-p2-05".

enum class FabricKind { None, FatTree, RailOptimized, RailOnly };
const char *toString(FabricKind k); // "none", "fat-tree", "rail-optimized", "rail-only"
std::optional<FabricKind> fabricKindFromString(const std::string &s);

// More planes than this are no fabric anyone builds (DeepSeek's has 8, a NIC per plane).
inline constexpr int kMaxPlanes = 64;

struct GeneratorOptions
{
    std::string nodeModel = "dgx-h100";
    int nodes = 1;
    FabricKind fabric = FabricKind::RailOptimized;
    int tiers = 2; // 2 or 3
    // Switch model ids. An empty leaf is the default for the nodes' NIC speed (qm8700 for
    // HDR, qm9700 for NDR, q3400 for XDR NICs); an empty spine is the leaf's model, an empty
    // core the spine's.
    std::string leaf, spine, core;
    double oversubscription = 1.0; // leaf downlink:uplink (and spine:core in 3 tiers), >= 1
    // Joins servers whose NVLink leaves the box (gb200-tray) into custom domains of this many
    // GPUs; 0 = the model's natural domain (trays: 72 GPUs, 18 trays, as an NVL72 rack).
    int domainSize = 0;
    std::string name; // project name; empty = derived ("32 x DGX H100, rail-optimized NDR")
    // Independent planes: plane p takes rails p R/K .. (p+1) R/K - 1 of every node (R rails,
    // K planes, K dividing R), each plane its own fat tree or rail-optimized fat tree of
    // `tiers` tiers, so that 2 tiers reach K times as many NIC ports (DeepSeek's 8 planes of
    // 64-port switches: 16,384 GPUs).
    int planes = 1;
};

// The diagram's geometry in scene units, shared with the canvas. A LayoutItem's x, y is the
// top-left corner of its item; w, h are set for domain boxes only.
namespace diagram {
inline constexpr double kNodeWidth = 120;
inline constexpr double kNodeHeight = 60;
inline constexpr double kSwitchWidth = 100;
inline constexpr double kSwitchHeight = 40;
inline constexpr double kItemGap = 20;       // between neighbours in a row
inline constexpr double kLaneGap = 160;      // between lanes (core, spine, leaf, nodes): room
                                             // for the links to fan out
inline constexpr double kGroupGap = 80;      // between scalable units or pods side by side
inline constexpr double kDomainPadding = 16; // around the trays inside a domain box
inline constexpr double kDomainHeader = 28;  // above them, for the domain's name
inline constexpr int kMinColumns = 8;        // nodes per row under a leaf group, at least
inline constexpr int kMaxDomainColumns = 6;  // trays per row in a domain box (18 = 6 x 3)

// The rows of one tier (or of the nodes) in a diagram: the items' vertical spans (top,
// bottom) grouped top to bottom, an item joining the band above when it starts less than half
// a lane gap below it. A tier laid out in one lane is one band; a design laid out as a grid of
// pods or SUs has a band per grid row. The canvas and the draw.io file draw a lane per band.
struct Band
{
    double top = 0;
    double bottom = 0;
    std::vector<std::size_t> members; // indices into the spans given
};
std::vector<Band> bands(const std::vector<std::pair<double, double>> &spans);
} // namespace diagram

// What "Add fabric..." adds to a project: new switches, the links that cable them, and a
// layout item for each new switch: in lanes above everything drawn so far, each group's
// leaves over its nodes (the existing items do not move). An undo command inserts
// these and removes them by id.
struct FabricDelta
{
    std::vector<Switch> switches; // leaves, then spines, then cores
    std::vector<Link> links;      // node-leaf cables, then leaf-spine and spine-core bundles
    Layout layout;                // an item for every switch above
};

// A whole project: nodes (and custom domains), the fabric and a readable layout: lanes from
// top to bottom for cores, spines and leaves, the nodes below, grouped under their scalable
// unit or pod and wrapped into rows. Errors name the option (Error::where, e.g. "--nodes")
// and what would fit, e.g. how many nodes 2 tiers connect and that 3 would connect more.
// A catalog other than the built-in one is not copied into Project::catalogOverrides.
Expected<Project> generateProject(const GeneratorOptions &options,
                                  const Catalog &catalog = Catalog::builtin());

// A fabric for existing nodes of `project` (in the order given), as generateProject would
// build it for them; options.nodeModel, nodes and domainSize are not used. New ids collide
// with no id of the project (nor of its layout). Fails on an unknown node id, a node given
// twice, a node without NICs or one whose NICs are cabled already, and for rail-optimized
// fabrics on nodes with different NIC counts.
Expected<FabricDelta> generateFabric(const Project &project,
                                     const std::vector<std::string> &nodeIds,
                                     const GeneratorOptions &options,
                                     const Catalog &catalog = Catalog::builtin());

} // namespace topoplan
