#pragma once

#include "engine/model/workload.h"
#include "engine/perf/softwaremodel.h"

namespace topoplan {

// Parameters of a transformer counted from its matrices. The input embedding and the output
// layer are separate V x h matrices (untied, as Llama; GPT ties them, which saves one copy only
// when one pipeline stage holds both). Biases are left out (modern LLMs have none; GPT-3's are
// 13 h per layer, under 0.01%).
struct ParameterCounts
{
    double attention = 0; // per layer: Q, O (heads x head_dim), K, V (kv_heads x head_dim)
    double mlp = 0;       // per dense layer: the dense MLP (2 or 3 matrices)
    double expert = 0;    // one expert's MLP; 0 when dense
    double router = 0;    // per expert layer: h x experts; 0 when dense
    double shared = 0;    // per expert layer: the shared experts' MLPs
    double norms = 0;     // per layer: two norm weight vectors
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
    double linear = 0;    // per layer (averaged): Q, K, V, O, and the MLP or the router, the
                          // top_k experts and the shared ones
    double attention = 0; // per layer: scores Q K^T and context P V
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
// its backward) and, with the unfused kernel, the masked half of the scores.
double hardwareFlopsPerStep(const Workload &w, AttentionKernel attention);

// The closed forms of Megatron-LM SC'21 (Narayanan et al.), for GPT models (kv_heads = heads,
// ffn = 4 h, two-matrix MLP, attention counted without the causal halving):
// 72 B s l h^2 (1 + s/(6h) + V/(12 l h)) per step, and with full recomputation
// 96 B s l h^2 (1 + s/(6h) + V/(16 l h)), the figure Table 1's TFLOP/s are counted with.
double megatronModelFlops(const Workload &w);
double megatronFullRecomputeFlops(const Workload &w);

} // namespace topoplan
