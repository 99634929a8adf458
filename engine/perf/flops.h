#pragma once

#include "engine/model/workload.h"
#include "engine/perf/softwaremodel.h"

#include <array>
#include <cstddef>

namespace topoplan {

// One linear layer of the attention block as a TP rank runs it: `in` x `out` weights.
// A duplicated layer is whole on every TP rank and runs on the rank's own tokens (with sequence
// parallelism its sequence shard, so the work is split all the same; without, every rank
// repeats it). `slot`: the TP collective the layer sits beside (0: the all-gather before the
// attention, 1: the reduce-scatter after it; -1: none).
struct AttentionLinear
{
    double in = 0, out = 0;
    bool duplicated = false;
    int slot = -1;
    // MLA's up-projections: with selective recomputation run again in the backward from the
    // latents, so that the heads' queries, keys and values are not kept (DeepSeek-V3 report,
    // section 3.2.3; Megatron-Core's recompute module "mla_up_proj").
    bool upProjection = false;
};

// The attention's shape on one TP rank: the one description the FLOP count, the parameter
// count, the memory model and the step model read.
struct AttentionShape
{
    double qkHeadDim = 0; // a head's query and key width
    double vHeadDim = 0;  // a head's value and context width
    double heads = 0;     // query heads on the rank
    double kvHeads = 0;   // heads with their own key and value on the rank
    // Values per token the sequence-parallel all-gather before the attention carries: the
    // hidden state, or with MLA the latents the up-projections read (and the rotary key).
    double gatherWidth = 0;
    // Width of the norms on the latents (MLA: q_lora_rank + kv_lora_rank), per token.
    double latentNorms = 0;
    std::array<AttentionLinear, 5> linears{};
    std::size_t count = 0;

    const AttentionLinear *begin() const { return linears.data(); }
    const AttentionLinear *end() const { return linears.data() + count; }
    // The weights a TP rank holds; those of the up-projections.
    double weights() const;
    double upProjectionWeights() const;
};
// Multi-head and grouped-query attention: fused QKV (column-parallel; with tp > kv_heads each
// rank keeps a replica of its K/V head) and the output projection (row-parallel). MLA as
// Megatron-Core's MLASelfAttention builds it: the down-projections duplicated (TELinear
// parallel_mode "duplicated") on the rank's tokens, the up-projections column-parallel, the
// output projection row-parallel. The duplicated weights' gradients are summed over the TP
// group once a step (DeepSeek-V3: 15 M values a layer), which the step model leaves out.
AttentionShape attentionShape(const ModelSpec &m, int tp = 1);

// Parameters of a transformer counted from its matrices. The input embedding and the output
// layer are separate V x h matrices (untied, as Llama; GPT ties them, which saves one copy only
// when one pipeline stage holds both). Biases are left out (modern LLMs have none; GPT-3's are
// 13 h per layer, under 0.01%).
struct ParameterCounts
{
    double attention = 0; // per layer: the attention's linear layers (AttentionShape)
    double mlp = 0;       // per dense layer: the dense MLP (2 or 3 matrices)
    double expert = 0;    // one expert's MLP; 0 when dense
    double router = 0;    // per expert layer: h x experts; 0 when dense
    double shared = 0;    // per expert layer: the shared experts' MLPs
    double norms = 0;     // per layer: two norm weight vectors (and MLA's latent norms)
    double embedding = 0; // V x h, and as many again for the output layer
    double finalNorm = 0; // h, before the output layer
    int layers = 0;
    int moeLayers = 0; // layers with experts; the others have the dense MLP
    int experts = 1;

    // Everything in a layer but the routed experts, averaged over the layers.
    double layerDense() const;
    // The routed experts of a layer, averaged over the layers.
    double layerExperts() const;
    double total() const;
};
ParameterCounts parameterCounts(const ModelSpec &m);

// Forward FLOPs per token (2 per multiply-add), from the matrices' shapes.
struct TokenFlops
{
    double linear
            = 0; // per layer (averaged): the attention's projections, and the MLP or the router, the
                 // top_k experts and the shared ones
    double attention = 0; // per layer: scores Q K^T and context P V (for every head:
                          // keys x qk_head_dim and keys x v_head_dim)
    double logits = 0;    // once: the output layer

    double perLayer() const { return linear + attention; }
};
// With `causal`, a token attends on average to half the sequence (scores above the diagonal
// are never computed); without it, to all of it, as Megatron's closed forms count.
TokenFlops forwardFlopsPerToken(const ModelSpec &m, bool causal = true);

// FLOPs of one step that the model needs (for MFU): forward + backward = 3 x forward, causal
// attention, no recomputation.
double modelFlopsPerStep(const Workload &w);
// FLOPs the GPUs execute in one step (for HFU): adds the recomputation (full: the layers'
// forward again; selective: the attention core again, which a fused kernel already does inside
// its backward, and MLA's up-projections) and, with the unfused kernel, the masked half of the scores.
double hardwareFlopsPerStep(const Workload &w, AttentionKernel attention);

// The closed forms of Megatron-LM SC'21 (Narayanan et al.), for GPT models (kv_heads = heads,
// ffn = 4 h, two-matrix MLP, attention counted without the causal halving):
// 72 B s l h^2 (1 + s/(6h) + V/(12 l h)) per step, and with full recomputation
// 96 B s l h^2 (1 + s/(6h) + V/(16 l h)), the figure Table 1's TFLOP/s are counted with.
double megatronModelFlops(const Workload &w);
double megatronFullRecomputeFlops(const Workload &w);

} // namespace topoplan
