#pragma once

#include "engine/core/message.h"

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/generate/generator.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"
#include "engine/model/summary.h"
#include "engine/model/workload.h"
#include "engine/plan/analysis.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// The design-space explorer: the NVLink domain, the scale-out fabric and the parallel plan
// are one decision, so the explorer builds every combination of the axes below as a real
// project (generateProject(), as `topoplan-cli generate` does), lets the planner pick the best
// plan of the job on each, and reports them side by side with the Pareto front of throughput
// against switch count.

// An NVLink domain to build from: a server model of the catalog and, for servers whose NVLink
// leaves the box (gb200-tray), the domain size in GPUs (0 = the model's natural domain).
struct DomainChoice
{
    std::string nodeModel;
    int domainSize = 0;
    bool operator==(const DomainChoice &) const = default;
};
// "dgx-h100", "gb200-nvl72", "gb200-tray:36" (the text form of the command line).
std::string toString(const DomainChoice &d);
// Fails on a malformed size; an unknown model is left to the variant, which says so.
Expected<DomainChoice> domainChoiceFromString(const std::string &s);

// A scale-out fabric: rail-optimized or fat tree, with 2 or 3 tiers (0 = the fewest that
// connect every GPU: 2 where they do, else 3).
struct FabricChoice
{
    FabricKind kind = FabricKind::RailOptimized;
    int tiers = 0;
    bool operator==(const FabricChoice &) const = default;
};
// "rail-optimized", "fat-tree", "fat-tree:3".
std::string toString(const FabricChoice &f);
Expected<FabricChoice> fabricChoiceFromString(const std::string &s);

// The axes of the design space; every combination is one variant.
struct ExploreAxes
{
    std::vector<DomainChoice> domains;
    std::vector<FabricChoice> fabrics;
    std::vector<double> oversubscription;  // leaf downlinks : uplinks (spine : core in 3 tiers)
    std::vector<std::string> switchModels; // leaf model id; "" = the default for the NICs' speed
};

// The default axes for `catalog`: the 8-GPU NVSwitch servers with 400G NICs or faster (HGX
// H100, H200, B200 class), every rack-scale domain (gb200-nvl72) and, for trays whose NVLink
// leaves the box, NVL36 domains; rail-optimized and fat-tree fabrics with the fewest tiers
// that connect; oversubscription 1, 2 and 4; the default leaf switch for the NICs' speed.
ExploreAxes defaultAxes(const Catalog &catalog = Catalog::builtin());

// One point of the design space.
struct VariantSpec
{
    DomainChoice domain;
    FabricChoice fabric;
    double oversubscription = 1;
    std::string switchModel;
    std::string label; // "dgx-h100 rail 1:1", "gb200-tray:36 fat-tree:3 2:1 q3400"
};

// Every combination of the axes, domains outermost, then fabrics, oversubscription and
// switch models, each labelled.
std::vector<VariantSpec> variantsOf(const ExploreAxes &axes);

enum class VariantStatus {
    Ok,          // built and planned: `best` holds the best plan
    Unbuildable, // the hardware cannot build it at this GPU count: `message` says why
    NoPlan,      // built, but no plan of the job is valid and fits in memory
    Cancelled,   // not evaluated: the exploration was cancelled first
};
const char *toString(VariantStatus s); // "ok", "unbuildable", "no-plan", "cancelled"

struct VariantResult
{
    VariantSpec spec;
    VariantStatus status = VariantStatus::Cancelled;
    std::string message;            // why the variant has no result
    std::vector<std::string> notes; // what a reader should know of a built variant
    // The design as built (status Ok or NoPlan).
    std::string nodeModel;
    int nodes = 0;
    int domainSize = 0; // GPUs in the largest NVLink domain
    int tiers = 0;      // switch tiers built (a single leaf is 1)
    TopologySummary summary;
    long long transceivers = 0; // both ends, as the bill of materials counts them
    // The servers' maximum power from the catalog's figures (each cites its source), when
    // every server model carries one. Switches carry no power figure in the catalog, so they
    // are not included.
    std::optional<double> serverPowerKW;
    std::optional<Project> project; // kept when ExploreRequest::keepProjects
    // The planner's best plan, analysed in full (status Ok).
    std::optional<AnalysisResult> best;
    std::optional<double> daysToTrain; // the token budget at the best plan's tokens/s
    bool pareto = false;               // on the front of tokens/s against switch count

    int switches() const { return summary.leaf + summary.spine + summary.core; }
    double tokensPerS() const { return best ? best->step.tokensPerS : 0; }
};

struct ExploreRequest
{
    Workload workload;
    int gpus = 0;
    ExploreAxes axes;
    std::optional<double> tokenBudget; // tokens to train, for days to train
    const Catalog *catalog = nullptr;  // nullptr: the built-in catalog
    bool keepProjects = false;         // keep each built project (to save it)
    int workers = 2;                   // threads evaluating variants
    // Called after each variant is evaluated with the number done, the total and that
    // variant; from a worker thread, one call at a time.
    std::function<void(int done, int total, const VariantResult &)> progress;
    // Set to stop: variants not yet started are reported Cancelled.
    const std::atomic<bool> *cancel = nullptr;
    std::string name; // prefix of the built projects' names
    // The "catalog" section copied into every built project: the models `catalog` adds.
    Json catalogOverrides;
};

struct ExploreResult
{
    int gpus = 0;
    Workload workload;
    std::optional<double> tokenBudget;
    std::vector<VariantResult> variants; // in variantsOf() order
    bool cancelled = false;
};

// Builds and plans every variant of `request.axes` (a variant that cannot be built, or that
// reaches another GPU count, gets its message; the run itself does not fail) and marks the
// Pareto front.
ExploreResult explore(const ExploreRequest &request);

// Evaluates one variant (what explore() runs on its workers).
VariantResult evaluateVariant(const VariantSpec &spec, const ExploreRequest &request);

// Marks `pareto` on the evaluated variants: no other has at least its tokens/s with at most
// its switches, and more of one or fewer of the other.
void markPareto(std::vector<VariantResult> &variants);

// The answer to "which design?" in sentences, the same for the CLI and the Explore panel: the
// best variant by tokens/s; against it, the best variant of every other NVLink domain ("by
// how much, with how many more or fewer switches"); and the variant with the fewest switches
// that comes within 5 % of the best, where that is not the best itself. As messages, for a
// front end to translate (engine/core/message.h), and in English.
std::vector<Message> verdictMessages(const ExploreResult &r);
std::vector<std::string> verdicts(const ExploreResult &r);

// A token budget as people write it: "15T", "1.5e13", "800B" (K, M, B or G, T suffixes);
// nullopt unless it is a positive finite count.
std::optional<double> tokenCountFromString(const std::string &text);

// Days to train `tokens` at `tokensPerS`.
double daysToTrain(double tokens, double tokensPerS);

// {"gpus", "workload", "token_budget", "cancelled", "power_note", "variants": [{"label",
// "status", "message", "notes", "node_model", "nodes", "domain_size", "fabric", "tiers",
// "oversubscription", "switch_model", "gpus", "domains", "switches": {leaf, spine, core,
// total}, "links", "cables", "transceivers", "server_power_kw", "plan": {tp, pp, dp, cp, ep, micro_batch,
// interleave, recompute}, "tokens_per_s", "tokens_per_s_per_gpu", "mfu", "step_time_s",
// "breakdown_s": {...}, "days_to_train", "pareto"}]}; figures a variant lacks are null.
Json toJson(const ExploreResult &r);

// The note on power that explore output carries.
extern const char *const kPowerNote;

} // namespace topoplan
