#pragma once

#include "engine/core/message.h"
#include "engine/explore/explore.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// How the explorer ranks its variants: the Pareto front of tokens/s against a metric the user
// chooses (switches, server power, ...) and the verdict sentences. Both read the figures as the
// explorer prints them (tokens/s to 0.1, kW to 0.1), so a run split into shards and merged
// from their JSON ranks exactly as the single run does.
//
// Designs are compared at the same GPU count where they all run the job on the count asked;
// where they do not (2,048 GPUs are 28 or 29 NVL72 racks), every figure is taken per GPU of
// the job, and the verdict says so.

// "switches", "server-power", "capex", "power".
const char *toString(ExploreMetric m);
std::optional<ExploreMetric> exploreMetricFromString(const std::string &s);
// Every metric, in the order the command line and the panel offer them.
std::vector<ExploreMetric> exploreMetrics();

// The metric of a built variant as printed; nullopt where the variant lacks it (not built,
// a server model without a power figure).
std::optional<double> metricOf(const VariantResult &v, ExploreMetric m);
// Tokens/s of the best plan as printed (0.1 tokens/s); 0 without a plan.
double printedTokensPerS(const VariantResult &v);

// Whether the variants that ran differ from `gpus` in the GPUs running the job, so that they
// are compared per GPU.
bool comparedPerGpu(const std::vector<VariantResult> &variants, int gpus);

// Marks `pareto` on the evaluated variants: no other has at least its tokens/s with at most
// its metric, and more of one or less of the other (both per GPU of the job where
// comparedPerGpu()).
void markPareto(std::vector<VariantResult> &variants, ExploreMetric against, int gpus);

// The answer to "which design?" in sentences, the same for the CLI and the Explore panel: the
// best variant by tokens/s (per GPU where the GPU counts differ, said first); against it, the
// best variant of every other NVLink domain ("by how much, with how much more or less of the
// metric"); and the variant with the least of the metric that comes within 5 % of the best,
// where that is not the best itself. As messages, for a front end to translate
// (engine/core/message.h), and in English.
std::vector<Message> verdictMessages(const ExploreResult &r);
std::vector<std::string> verdicts(const ExploreResult &r);

} // namespace topoplan
