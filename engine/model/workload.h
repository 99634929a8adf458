#pragma once

#include "engine/core/error.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

class JsonIn;

// A transformer (dense or mixture-of-experts). Field names follow the file contract in
// DESIGN.md ("Workload and plan").
// Multi-head latent attention (DeepSeek-V2, arXiv 2405.04434, section 2.1; DeepSeek-V3): a
// token's keys and values are projected up, per head, from one shared latent of kv_lora_rank
// values, its queries from one of q_lora_rank. A head's query and key are a position-free part
// (qk_nope_head_dim) and a rotary part (qk_rope_head_dim, the key's shared by all heads); its
// value and context are v_head_dim wide. The names are those of the models' config.json.
struct LatentAttention
{
    int qLoraRank = 0; // 0: queries projected from the hidden state (DeepSeek-V2-Lite)
    int kvLoraRank = 0;
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    int vHeadDim = 0;
    bool operator==(const LatentAttention &) const = default;
};

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
    // Which layers have experts (DeepSeek-V3's first_k_dense_replace, Megatron-Core's
    // moe_layer_freq): the first `firstDenseLayers` have the dense MLP (width ffn); of the rest,
    // every `moeLayerFreq`-th (the first of them included) has experts, the others the dense MLP.
    int firstDenseLayers = 0;
    int moeLayerFreq = 1;
    // Experts every token passes through besides its top_k routed ones (DeepSeekMoE), each of
    // width moe_ffn, computed where the token is: no all-to-all.
    int sharedExperts = 0;
    // Group-limited routing (DeepSeek-V3's n_group and topk_group, Megatron-Core's
    // moe_router_num_groups and moe_router_group_topk): the experts fall into `routerGroups`
    // equal groups in order, and a token's top_k experts come from its best `routerGroupTopK`
    // groups. Laid over the expert-parallel ranks in order, a group is a run of ranks, so this
    // bounds the NVLink domains a token is sent to (DeepSeek-V3: 8 groups, 4 of them, "at most 4
    // nodes"). 0: every expert may be chosen.
    int routerGroups = 0;
    int routerGroupTopK = 0;
    // Unset: multi-head or grouped-query attention, heads of hidden / heads.
    std::optional<LatentAttention> mla = std::nullopt;
    // The dropout probability of the residual branches and the attention scores (Megatron-Core's
    // hidden_dropout and attention_dropout; its default, 0.1, where the model states none).
    // Above 0 every dropout keeps a mask for its backward; at 0 PyTorch's dropout returns its
    // input and keeps nothing (Llama 3, Mixtral, Nemotron-4 and DeepSeek-V3 train without).
    double dropout = kDefaultDropout;
    static constexpr double kDefaultDropout = 0.1;
    bool operator==(const ModelSpec &) const = default;

    bool isMoe() const { return experts > 1; }
    // Layers with experts (0 for a dense model), and their share of the layers.
    int moeLayers() const;
    double moeFraction() const { return layers > 0 ? double(moeLayers()) / layers : 0; }
};

enum class Precision { BF16, FP8 };
enum class Recompute { None, Selective, Full };
// What selective recomputation computes again in the backward instead of keeping, in
// Megatron-Core's recompute_modules names: the attention's core (scores, softmax, context: a
// fused kernel keeps none of it anyway), MLA's up-projections, the norms (their outputs, the
// next linear layer's inputs), the experts' activation function (its output, the second
// matrix's input). A bit set of these.
enum RecomputeModule : unsigned {
    kRecomputeCoreAttn = 1,
    kRecomputeMlaUpProj = 2,
    kRecomputeLayernorm = 4,
    kRecomputeMoeAct = 8,
};
// Unstated: the attention's core, and MLA's up-projections (DeepSeek-V3, section 3.3.2).
inline constexpr unsigned kDefaultRecomputeModules = kRecomputeCoreAttn | kRecomputeMlaUpProj;
// The training software's generation: current Megatron-Core (fused attention, overlapped
// gradient reduction, parameter gather and pipeline sends) or the Megatron-LM of 2021 (SC'21:
// unfused attention, blocking pipeline sends, an fp32 all-reduce after the pipeline flush).
enum class Software { MegatronCore, MegatronLM2021 };
// The data type gradients are accumulated and reduced in over data parallelism.
enum class GradReduce { FP32, BF16 };
// How FP8 training scales a tensor before casting it (Transformer Engine's recipes): from the
// amax history of earlier steps (DelayedScaling), or from the tensor's own amax, found by a
// pass over it before the cast (Float8CurrentScaling).
enum class Fp8Scaling { Delayed, Current };
// How a mixture-of-experts layer sends tokens to their experts and back. AllToAll: one copy per
// routed expert, straight to the expert's GPU (Megatron-Core's alltoall token dispatcher, over
// NCCL). DeepEP: one copy per NVLink domain over the network, to the GPU of the same index
// there, which forwards it over NVLink to the experts in its domain; the combine sums a
// domain's expert outputs before sending them back (DeepSeek-V3 section 3.2.2; DeepEP, which
// Megatron-Core uses as its flex dispatcher).
enum class MoeDispatcher { AllToAll, DeepEP };
const char *toString(Precision p);
const char *toString(Recompute r);
const char *toString(Software s);
const char *toString(Fp8Scaling f);
const char *toString(GradReduce g);
const char *toString(MoeDispatcher d);

struct TrainingSpec
{
    int globalBatch = 1; // sequences per step
    int microBatch = 1;
    Precision precision = Precision::BF16;
    Recompute recompute = Recompute::Selective;
    // Under selective recomputation: the RecomputeModule bits. Unset: kDefaultRecomputeModules.
    std::optional<unsigned> recomputeModules;
    bool sequenceParallel = true;
    bool distributedOptimizer = true;
    int interleave = 1; // virtual pipeline stages per GPU
    // Unset: as the caller's SoftwareModel says (current Megatron-Core by default).
    std::optional<Software> software;
    std::optional<GradReduce> gradReduce;
    // With FP8 only.
    Fp8Scaling fp8Scaling = Fp8Scaling::Delayed;
    // TP all-gathers and reduce-scatters pipelined with the GEMMs that consume or produce them
    // (Transformer Engine userbuffers; Megatron-Core tp_comm_overlap).
    bool tpCommOverlap = false;
    // The MoE dispatch and combine of one micro-batch run behind another micro-batch's compute
    // (DeepSeek-V3's DualPipe; Megatron-Core overlap_moe_expert_parallel_comm).
    bool epCommOverlap = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    // The dispatch carries FP8 values with a scale per 128 (DeepEP's low-precision dispatch;
    // DeepSeek-V3 section 3.3.3: the activations before the up-projections and the gradients
    // before the down-projections); the combine stays BF16. DeepEP only.
    bool fp8Dispatch = false;
    // Fully sharded data parallelism (ZeRO-3, PyTorch FSDP, Megatron-Core FSDP): weights and
    // gradients sharded over DP x CP like the optimizer state, weights gathered layer by layer.
    bool fsdp = false;
    // NVLink SHARP for all-reduces inside an NVLink domain, where the NVSwitches have it (NCCL's
    // default; NCCL_NVLS_ENABLE=0 turns it off).
    bool nvls = true;
    // InfiniBand SHARP for the part of an all-reduce that crosses the network, where every
    // switch of the fabric has it (NCCL's SHARP plugin, CollNet: off unless installed and
    // enabled).
    bool ibSharp = false;
    // Activation offloading (Megatron-Core's cpu_offloading, cpu_offloading_num_layers): the
    // activations the first `offloadLayers` layers keep for their backward are copied to host
    // memory behind the next layer's forward and brought back ahead of their backward. Megatron-
    // Core runs it without pipeline parallelism and without recomputation. 0: off.
    int offloadLayers = 0;
    bool operator==(const TrainingSpec &) const = default;

    // Whether the backward computes `module` again: selective recomputation listing it.
    bool recomputes(RecomputeModule module) const
    {
        return recompute == Recompute::Selective
               && (recomputeModules.value_or(kDefaultRecomputeModules) & module) != 0;
    }
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
    // Ranks placed per NVLink domain, as recipes place them: the first gpus_per_domain GPUs of
    // every domain take consecutive ranks and the rest stay spare (64 of a 72-GPU rack keeps
    // TP x PP x DP blocks inside racks). 0: every GPU, in order (ranks run on across domains).
    int gpusPerDomain = 0;
    // NVLink domains (servers, or racks of trays) that take ranks: the first `domains` of those
    // with gpus_per_domain GPUs; the rest stay idle, as spares or because the job's degrees do
    // not divide the whole cluster. 0: every domain.
    int domains = 0;
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
