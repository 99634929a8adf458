#include "engine/perf/flops.h"

#include <algorithm>

namespace topoplan {

namespace {

double mlpMatrices(const ModelSpec &m)
{
    return m.gatedMlp ? 3 : 2; // SwiGLU: gate, up, down; GeLU: up, down
}

double expertWidth(const ModelSpec &m)
{
    return m.moeFfn > 0 ? m.moeFfn : m.ffn;
}

// Forward and backward passes over one forward's FLOPs (the backward computes the gradients
// of both the inputs and the weights: 2 x the forward).
constexpr double kTrainingPasses = 3;
// A fused attention kernel's backward recomputes the scores: 5 matrix products against the
// forward's 2 (Dao 2023, FlashAttention-2, section 3.1.2).
constexpr double kFlashBackwardOverForward = 2.5;

} // namespace

double AttentionShape::weights() const
{
    double w = 0;
    for (const AttentionLinear &l : *this)
        w += l.in * l.out;
    return w;
}

double AttentionShape::upProjectionWeights() const
{
    double w = 0;
    for (const AttentionLinear &l : *this)
        w += l.upProjection ? l.in * l.out : 0;
    return w;
}

AttentionShape attentionShape(const ModelSpec &m, int tp)
{
    const double h = m.hidden, t = std::max(1, tp);
    AttentionShape a;
    a.heads = m.heads / t;
    auto add = [&a](AttentionLinear l) {
        a.linears[a.count++] = l;
    };
    if (!m.mla) {
        const double d = m.heads > 0 ? h / m.heads : 0;
        a.qkHeadDim = a.vHeadDim = d;
        a.kvHeads = std::max(1.0, m.kvHeads / t);
        a.gatherWidth = h;
        add({h, (a.heads + 2 * a.kvHeads) * d, false, 0});
        add({a.heads * d, h, false, 1});
        return a;
    }
    const LatentAttention &l = *m.mla;
    const double nope = l.qkNopeHeadDim, rope = l.qkRopeHeadDim, v = l.vHeadDim;
    a.qkHeadDim = nope + rope;
    a.vHeadDim = v;
    a.kvHeads = a.heads;
    a.latentNorms = l.qLoraRank + l.kvLoraRank;
    if (l.qLoraRank > 0) {
        add({h, double(l.qLoraRank), true, -1});
        add({double(l.qLoraRank), a.heads * a.qkHeadDim, false, 0, true});
    } else {
        add({h, a.heads * a.qkHeadDim, false, 0, true});
    }
    add({h, double(l.kvLoraRank) + rope, true, -1});
    add({double(l.kvLoraRank), a.heads * (nope + v), false, 0, true});
    add({a.heads * v, h, false, 1});
    // Megatron-Core gathers the query latent (or the hidden state), the key-value latent and
    // the rotary key over the sequence before the up-projections.
    a.gatherWidth = (l.qLoraRank > 0 ? l.qLoraRank : h) + l.kvLoraRank + rope;
    return a;
}

double ParameterCounts::layerDense() const
{
    const double f = layers > 0 ? double(moeLayers) / layers : 0;
    return attention + norms + (1 - f) * mlp + f * (router + shared);
}

double ParameterCounts::layerExperts() const
{
    const double f = layers > 0 ? double(moeLayers) / layers : 0;
    return f * expert * (experts > 1 ? experts : 0);
}

double ParameterCounts::total() const
{
    return layers * (layerDense() + layerExperts()) + 2 * embedding + finalNorm;
}

ParameterCounts parameterCounts(const ModelSpec &m)
{
    const double h = m.hidden;
    const AttentionShape a = attentionShape(m);
    ParameterCounts c;
    c.layers = m.layers;
    c.experts = m.experts;
    c.attention = a.weights();
    c.norms = 2 * h + a.latentNorms;
    c.moeLayers = m.moeLayers();
    if (m.isMoe()) {
        c.expert = mlpMatrices(m) * h * expertWidth(m);
        c.router = h * m.experts;
        c.shared = m.sharedExperts * c.expert;
    }
    if (c.moeLayers < c.layers)
        c.mlp = mlpMatrices(m) * h * m.ffn;
    c.embedding = double(m.vocab) * h;
    c.finalNorm = h;
    return c;
}

TokenFlops forwardFlopsPerToken(const ModelSpec &m, bool causal)
{
    const ParameterCounts c = parameterCounts(m);
    TokenFlops f;
    // A matrix of P weights costs 2 P FLOPs per token; norms are element-wise, not counted.
    const double moe = m.moeFraction();
    f.linear
            = 2
              * (c.attention + (1 - moe) * c.mlp + moe * (c.router + c.shared + m.topK * c.expert));
    // Q K^T and P V: 2 x (keys attended) x (qk_head_dim + v_head_dim) per head; with heads of
    // hidden / heads, 2 x 2 x keys x hidden.
    const AttentionShape a = attentionShape(m);
    const double keys = causal ? m.seq / 2.0 : m.seq;
    f.attention = 2 * keys * a.heads * (a.qkHeadDim + a.vHeadDim);
    f.logits = 2 * c.embedding;
    return f;
}

double modelFlopsPerStep(const Workload &w)
{
    const TokenFlops f = forwardFlopsPerToken(w.model, true);
    const double tokens = double(w.training.globalBatch) * w.model.seq;
    return tokens * kTrainingPasses * (w.model.layers * f.perLayer() + f.logits);
}

double hardwareFlopsPerStep(const Workload &w, AttentionKernel attention)
{
    const bool flash = attention == AttentionKernel::Flash;
    const TokenFlops f = forwardFlopsPerToken(w.model, flash);
    const Recompute rc = w.training.recompute;
    const double full = rc == Recompute::Full ? 1 : 0;
    // The layers' matrices: forward, backward, and the forward again under full recomputation
    // (selective: MLA's up-projections again).
    double linear = (kTrainingPasses + full) * f.linear;
    if (w.training.recomputes(kRecomputeMlaUpProj))
        linear += 2 * attentionShape(w.model).upProjectionWeights();
    double core = 0;
    if (flash)
        core = (1 + kFlashBackwardOverForward + full) * f.attention;
    else
        core = (kTrainingPasses
                + (rc == Recompute::Full || w.training.recomputes(kRecomputeCoreAttn) ? 1 : 0))
               * f.attention;
    const double tokens = double(w.training.globalBatch) * w.model.seq;
    // The output layer is never recomputed.
    return tokens * (w.model.layers * (linear + core) + kTrainingPasses * f.logits);
}

double megatronModelFlops(const Workload &w)
{
    const double B = w.training.globalBatch, s = w.model.seq, l = w.model.layers,
                 h = w.model.hidden, V = w.model.vocab;
    return 72 * B * s * l * h * h * (1 + s / (6 * h) + V / (12 * l * h));
}

double megatronFullRecomputeFlops(const Workload &w)
{
    const double B = w.training.globalBatch, s = w.model.seq, l = w.model.layers,
                 h = w.model.hidden, V = w.model.vocab;
    return 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
}

} // namespace topoplan
