#pragma once

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/explore/explore.h"

#include <string>
#include <vector>

namespace topoplan {

// The explorer's result as JSON (`topoplan-cli explore --json`), and the merge of the results
// of a run split into shards (`explore --shard I/N --json` on each machine, then
// `explore --merge`) into the document the single run prints.

// {"gpus", "workload", "token_budget", "against", "axes": {"domains", "fabrics",
// "oversubscription", "switches"}, "variant_count", "cancelled", "power_note", "verdicts",
// "variants": [{"index", "label", "status", "message", "notes", "node_model", "domain",
// "fabric", "oversubscription", "switch_model", "job_gpus", "nodes", "domain_size", "tiers",
// "gpus", "domains", "switches": {leaf, spine, core, total}, "links", "cables",
// "transceivers", "server_power_kw", "plan": {tp, pp, dp, cp, ep, micro_batch, global_batch,
// interleave, recompute, order, gpus_per_domain}, "tokens_per_s", "tokens_per_s_per_gpu",
// "mfu", "step_time_s", "breakdown_s": {...}, "memory_per_gpu_gb", "diagnostics",
// "days_to_train", "pareto"}]}; figures a variant lacks are null. A shard's result adds
// "shard": {"index", "count"} (index from 1) and lists only its own variants.
Json toJson(const ExploreResult &r);

// The note on power that explore output carries.
extern const char *const kPowerNote;

// One shard's JSON as read from its file.
struct ShardFile
{
    std::string file;
    Json json;
};

// The single run's document from its shards' documents: every shard of one run (the same
// job, GPU count, axes and metric; each index once, none missing), the variants in the
// run's order, the Pareto front and the verdicts of the whole. Errors name the file and what
// does not match.
Expected<Json> mergeShards(const std::vector<ShardFile> &shards);

// The figures the verdicts and the Pareto front read, from one variant of the JSON above.
VariantResult variantFromJson(const Json &variant);

} // namespace topoplan
