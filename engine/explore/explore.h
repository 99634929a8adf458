#pragma once

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

// An NVLink domain to build from: a server model of the catalog; for servers whose NVLink
// leaves the box (gb200-tray), the domain size in GPUs (0 = the model's natural domain); and
// how many GPUs of each domain run the job (0 = all), as recipes place 64 ranks on a 72-GPU
// rack so that TP x PP blocks stay inside racks (Plan::gpusPerDomain).
struct DomainChoice
{
    std::string nodeModel;
    int domainSize = 0;
    int ranksPerDomain = 0;
    bool operator==(const DomainChoice &) const = default;
};
// The text form of the command line: "dgx-h100", "gb200-nvl72", "gb200-nvl72:64" (64 ranks
// on each rack), "gb200-tray:36" (36-GPU domains of trays), "gb200-tray:72:64".
std::string toString(const DomainChoice &d);
// For a model whose NVLink domain is fixed (a board, a rack) the number after the colon is
// the ranks per domain; for trays it is the domain size, and a second one the ranks. Fails on
// a malformed number or ranks beyond the domain; an unknown model is left to the variant,
// which says so.
Expected<DomainChoice> domainChoiceFromString(const std::string &s,
                                              const Catalog &catalog = Catalog::builtin());

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

// The axes of the design space; every combination is one variant (at each GPU count nearest
// the request that the domain builds: see variantsOf()).
struct ExploreAxes
{
    std::vector<DomainChoice> domains;
    std::vector<FabricChoice> fabrics;
    std::vector<double> oversubscription;  // leaf downlinks : uplinks (spine : core in 3 tiers)
    std::vector<std::string> switchModels; // leaf model id; "" = the default for the NICs' speed
    // Independent planes of the fabric, each a fabric of the kind above over its share of every
    // server's NIC ports (GeneratorOptions::planes): 8 planes of 2 tiers reach 8 times the NICs
    // of one, as DeepSeek's 16,384-GPU fabric of 64-port switches. Empty means 1.
    std::vector<int> planes;
};

// The axes with every repeated value dropped (the first kept, in order): "1,1,2:1,2" is 1, 2.
ExploreAxes withoutRepeats(const ExploreAxes &axes);

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
    int planes = 1;
    // The size it is built at: `nodes` servers (racks, trays) holding `builtGpus` GPUs, of
    // which `jobGpus` run the job (fewer with ranks per domain). 0: no size of the domain can
    // be built (an unknown model, ranks beyond the domain); the variant says why.
    int nodes = 0;
    int builtGpus = 0;
    int jobGpus = 0;
    // "dgx-h100 rail 1:1", "gb200-tray:36 fat-tree:3 2:1 q3400", "dgx-h100 8-plane rail 1:1";
    // with the GPU count where it is not the one asked: "gb200-nvl72 rail 1:1 (2,016 GPUs)".
    std::string label;
};

// The job sizes a domain builds nearest `gpus`: `gpus` itself where whole servers (or racks,
// or domains with ranks per domain) give it, else the nearest below and the nearest above
// (2,048 GPUs of NVL72 racks: 28 racks for 2,016 and 29 for 2,088). Empty, with the reason,
// where none can be built.
struct JobSize
{
    int nodes = 0;
    int builtGpus = 0;
    int jobGpus = 0;
};
Expected<std::vector<JobSize>> jobSizesNear(const DomainChoice &d, int gpus,
                                            const Catalog &catalog = Catalog::builtin());

// Every combination of the axes (repeats dropped), domains outermost, then fabrics, planes,
// oversubscription and switch models, each at every size of jobSizesNear(), labelled.
std::vector<VariantSpec> variantsOf(const ExploreAxes &axes, int gpus,
                                    const Catalog &catalog = Catalog::builtin());
// How many variantsOf() gives, without building the list.
long long variantCount(const ExploreAxes &axes, int gpus,
                       const Catalog &catalog = Catalog::builtin());

enum class VariantStatus {
    Ok,          // built and planned: `best` holds the best plan
    Unbuildable, // the hardware cannot build it at this GPU count: `message` says why
    NoPlan,      // built, but no plan of the job is valid and fits in memory
    Cancelled,   // not evaluated: the exploration was cancelled first (or, in a shard's
                 // result, the variant belongs to another shard)
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
    // every server model carries one.
    std::optional<double> serverPowerKW;
    // The design's parts as its bill of materials counts them (engine/document/cost.h): their
    // capital cost from the price book, in `currency`, when every part has a price, and the IT
    // load (servers, switches, transceivers) when every part has a power figure.
    std::optional<double> capex;
    std::string currency;
    std::optional<double> itPowerKW;
    std::optional<Project> project; // kept when ExploreRequest::keepProjects
    // The planner's best plan, analysed in full (status Ok).
    std::optional<AnalysisResult> best;
    std::optional<double> daysToTrain; // the token budget at the best plan's tokens/s
    bool pareto = false;               // on the front of tokens/s against the request's metric

    int switches() const { return summary.leaf + summary.spine + summary.core; }
    double tokensPerS() const { return best ? best->step.tokensPerS : 0; }
    // The GPUs that run the job (of summary.gpus built; fewer with ranks per domain).
    int jobGpus() const { return spec.jobGpus; }
};

// Work the explorer refuses to start without being asked (ExploreRequest::maxVariants): a
// sweep of thousands of designs is a batch job for the cluster (shards), not a question.
inline constexpr long long kDefaultMaxVariants = 1000;

// One part of a run split over machines: the variants whose index i has i % count == index.
struct Shard
{
    int index = 0;
    int count = 1;
    bool operator==(const Shard &) const = default;
};
// "2/4" is index 1 of 4 (the text counts from 1, as Slurm's array tasks may).
std::string toString(const Shard &s);
Expected<Shard> shardFromString(const std::string &s);

// What the Pareto front and the verdicts weigh tokens/s against (fewer is better).
enum class ExploreMetric {
    Switches,    // switches of the scale-out fabric
    ServerPower, // the servers' maximum power from the catalog (kW)
    Capex,       // the design's capital cost from the price book (VariantResult::capex)
    ItPower,     // the IT load: servers, switches and optics (kW, VariantResult::itPowerKW)
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
    ExploreMetric against = ExploreMetric::Switches;
    long long maxVariants = kDefaultMaxVariants;
    // The memory the run may take, in bytes; 0: 80 % of the machine's physical memory.
    double memoryBudgetBytes = 0;
    Shard shard;
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
    ExploreMetric against = ExploreMetric::Switches;
    ExploreAxes axes;                    // as explored, repeats dropped
    Shard shard;                         // the part of the run this result holds
    long long variantCount = 0;          // of the whole run (every shard)
    std::vector<VariantResult> variants; // in variantsOf() order (of the shard)
    std::vector<long long> indices;      // each variant's index in the whole run
    bool cancelled = false;
};

// The memory a run of `request` takes at its peak, estimated before it starts: the largest
// designs its workers evaluate at once, and every built design it keeps.
double estimatedMemoryBytes(const ExploreRequest &request);

// Why the explorer would not start `request`, before it builds anything: too many variants
// (the count and --max-variants), more memory than the machine has (the estimate), a GPU
// count no variant's fabric can reach (the most any reaches).
std::optional<Error> refusal(const ExploreRequest &request);

// Builds and plans every variant of `request.axes` (of its shard; a variant that cannot be
// built gets its message, the run itself does not fail) and marks the Pareto front; fails
// only with refusal().
Expected<ExploreResult> explore(const ExploreRequest &request);

// Evaluates one variant (what explore() runs on its workers).
VariantResult evaluateVariant(const VariantSpec &spec, const ExploreRequest &request);

// A token budget as people write it: "15T", "1.5e13", "800B" (K, M, B or G, T suffixes);
// nullopt unless it is a positive finite count.
std::optional<double> tokenCountFromString(const std::string &text);

// Days to train `tokens` at `tokensPerS`.
double daysToTrain(double tokens, double tokensPerS);

} // namespace topoplan
