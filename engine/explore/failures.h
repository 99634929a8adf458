#pragma once

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"
#include "engine/model/workload.h"
#include "engine/perf/softwaremodel.h"
#include "engine/plan/analysis.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// What-if failures: mark links, switches, servers or single NICs of a server (one rail of it)
// as failed, analyse the plan on what is left and say what was lost against the intact design;
// and the N-1 question, which single switch, link bundle or NIC rail costs the plan most.
// The fabric graph leaves failed elements out (FabricGraph::build), so routing goes around
// them; this file only marks, compares and ranks.

enum class FailureKind { Link, Switch, Node, Nic };
const char *toString(FailureKind k); // "link", "switch", "server", "nic"

// One element a failure names. `id` is as written: a link, switch or node id, or a node's NIC
// as "node-3/nic5".
struct FailureTarget
{
    FailureKind kind = FailureKind::Link;
    std::string id;
    std::string device; // the node of a NIC; else the id itself
    int nic = -1;       // the NIC index of a Nic target
    bool operator==(const FailureTarget &) const = default;
};

// Resolves one id. An id the topology does not have (or a NIC the server lacks) is an Error
// whose `where` is the id and whose message names it.
Expected<FailureTarget> failureTarget(const Topology &t, const Catalog &c, const std::string &id);

// `t` with every target marked failed (on top of what is failed already).
void markFailed(Topology &t, const std::vector<FailureTarget> &targets);

// The project with the elements of `ids` marked failed; fails on the first unknown id.
Expected<Project> withFailed(const Project &project, const std::vector<std::string> &ids,
                             const Catalog &catalog = Catalog::builtin());

// How one parallel dimension fares with the failures.
struct DimensionLoss
{
    Dim dim = Dim::TP;
    double busbwBefore = 0, busbwAfter = 0; // GB/s of the slowest group
    int groupsDisconnected = 0;             // groups with a member pair that has no path
    std::string bottleneckBefore, bottleneckAfter;
    std::vector<std::string> worstNodesAfter; // the slowest group's servers, after
    double drop() const;                      // 0 (none) .. 1 (no path)
};

// The plan on the design with the failures, against the intact design.
struct FailureImpact
{
    std::vector<FailureTarget> failed;
    int gpusBefore = 0, gpusAfter = 0;
    AnalysisResult intact;
    // The same plan on what is left; none when it no longer runs (`planError` says why: with
    // fewer GPUs, the degrees no longer divide them).
    std::optional<AnalysisResult> degraded;
    std::optional<Error> planError;
    // The planner's best plan on what is left, when the plan no longer runs.
    std::optional<AnalysisResult> replanned;
    double tokensBefore = 0, tokensAfter = 0; // tokensAfter: 0 when a group has no path
    std::vector<DimensionLoss> dimensions;    // of the intact plan's dimensions
    double lossFraction() const;
};

// The intact plan: `plan`, or the planner's best when there is none.
Expected<AnalysisResult> intactAnalysis(const Analyzer &intact, const Workload &w,
                                        const std::optional<Plan> &plan,
                                        const SoftwareModel &sw = {});

// Analyses `plan` (or the planner's best) on `project` as it is and with `ids` failed.
Expected<FailureImpact> analyzeFailures(const Project &project, const Catalog &catalog,
                                        const std::vector<std::string> &ids, const Workload &w,
                                        const std::optional<Plan> &plan,
                                        const SoftwareModel &sw = {});

// N-1: every single switch, link bundle and server NIC failed in turn.
struct N1Options
{
    bool switches = true, links = true, nics = true;
    int workers = 0;                                   // 0: one per hardware thread
    std::function<void(int done, int total)> progress; // from worker threads, serialised
    std::function<bool()> cancelled;                   // polled between elements
    // Rounds of colour refinement that decide which elements are alike (alike.h): one of each
    // class is analysed (two, to check), the rest take its figures. -1: until the colours are
    // stable; 0: every element analysed.
    int alikeRounds = -1;
};

struct N1Row
{
    FailureTarget element;
    double tokensPerS = 0;   // the plan with the element failed; 0 when a group has no path
    double lossFraction = 0; // of the intact tokens/s
    std::optional<Dim> hit;  // the dimension whose bandwidth drops most, if any drops
    double busbwBefore = 0;  // of that dimension, GB/s
    double busbwAfter = 0;
    int groupsDisconnected = 0;          // over every dimension
    std::string newBottleneck;           // the hit dimension's bottleneck after the failure
    std::vector<std::string> groupNodes; // the hit dimension's slowest group's servers
    bool reanalysed = false;             // false: the element carries none of the plan's traffic
    // The element whose analysis gave these figures, when it was not this one's own: the two are
    // alike (alike.h) and the check on their class agreed. The bottleneck and group's servers
    // are then not this element's to name, and left empty.
    std::string sameAs;
};

struct N1Result
{
    AnalysisResult intact;
    std::vector<N1Row> rows; // worst first (most tokens/s lost), then by kind and id
    int reanalysed = 0;      // distinct failures analysed (the rest carry no traffic, fail
                             // the same cables as another element, or are alike to one)
    int alike = 0;           // elements that took the figures of one alike (N1Row::sameAs)
    bool cancelled = false;
};

// Rows next to each other in the ranking that cost the plan the same (the same kind of element,
// the same loss to a hundredth of a percent, the same dimension hit, the same bandwidth after):
// what a table shows as one line, "leaf-r1-su1 and 511 more". Every row is in one run, in order.
struct N1Run
{
    std::size_t first = 0; // index into N1Result::rows
    std::size_t count = 1;
};
std::vector<N1Run> sameCostRuns(const N1Result &n1);

Expected<N1Result> analyzeN1(const Project &project, const Catalog &catalog, const Workload &w,
                             const std::optional<Plan> &plan, const N1Options &options = {},
                             const SoftwareModel &sw = {});

Json toJson(const FailureImpact &impact);
Json toJson(const N1Result &n1);

} // namespace topoplan
