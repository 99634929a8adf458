#pragma once

#include "engine/core/error.h"

#include <string>
#include <vector>

namespace topoplan {

class JsonIn;

// A transformer (dense or mixture-of-experts). Field names follow the file contract in
// DESIGN.md ("Workload and plan").
struct ModelSpec
{
    std::string name;
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0; // = heads without grouped-query attention
    int ffn = 0;     // dense MLP inner width
    int vocab = 0;
    int seq = 0;           // training sequence length
    bool gatedMlp = false; // SwiGLU: three matrices in the MLP
    int experts = 1;       // 1 = dense
    int topK = 1;
    int moeFfn = 0; // inner width of one expert (0 = ffn)
    bool operator==(const ModelSpec &) const = default;

    bool isMoe() const { return experts > 1; }
};

enum class Precision { BF16, FP8 };
enum class Recompute { None, Selective, Full };
const char *toString(Precision p);
const char *toString(Recompute r);

struct TrainingSpec
{
    int globalBatch = 1; // sequences per step
    int microBatch = 1;
    Precision precision = Precision::BF16;
    Recompute recompute = Recompute::Selective;
    bool sequenceParallel = true;
    bool distributedOptimizer = true;
    int interleave = 1; // virtual pipeline stages per GPU
    bool operator==(const TrainingSpec &) const = default;
};

struct Workload
{
    ModelSpec model;
    TrainingSpec training;
    bool operator==(const Workload &) const = default;
};

// The parallel degrees and the rank order, outermost last ("tp-cp-ep-dp-pp": TP ranks are
// adjacent, PP ranks farthest apart), as in Megatron-Core.
struct Plan
{
    int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
    std::string order = "tp-cp-ep-dp-pp";
    bool operator==(const Plan &) const = default;
};

} // namespace topoplan

#include <nlohmann/json.hpp>

namespace topoplan {

// JSON (DESIGN.md contract). Parsing fails with the file and JSON path of the offending field.
Expected<Workload> workloadFromJson(const JsonIn &j);
nlohmann::ordered_json toJson(const Workload &w);
Expected<Plan> planFromJson(const JsonIn &j);
nlohmann::ordered_json toJson(const Plan &p);
// "tp=8,pp=8,dp=1" (the command line). Unstated degrees are 1 except dp, which is left 0
// ("derive from the GPU count"); see resolvePlan().
Expected<Plan> planFromSpec(const std::string &spec);
// Fills dp = gpus / (tp cp pp) where it is 0. Fails when the product does not divide.
Expected<Plan> resolvePlan(Plan plan, int gpus);
// The rank order's dimension names, innermost first, e.g. {"tp","cp","ep","dp","pp"}.
std::vector<std::string> orderDims(const std::string &order);

// Model presets: gpt3-175b, llama3-8b, llama3-70b, llama3-405b, mixtral-8x7b, deepseek-v3.
std::vector<std::string> workloadPresetNames();
Expected<Workload> workloadPreset(const std::string &name);

} // namespace topoplan
