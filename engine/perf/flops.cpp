#include "engine/perf/flops.h"

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
    const double headDim = m.heads > 0 ? h / m.heads : 0;
    ParameterCounts c;
    c.layers = m.layers;
    c.experts = m.experts;
    c.attention = 2 * h * m.heads * headDim + 2 * h * m.kvHeads * headDim;
    c.norms = 2 * h;
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
    // Q K^T and P V: 2 x (keys attended) x head_dim per head each.
    const double keys = causal ? m.seq / 2.0 : m.seq;
    f.attention = 2 * 2 * keys * double(m.hidden);
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
    // The layers' matrices: forward, backward, and the forward again under full recomputation.
    double linear = (kTrainingPasses + full) * f.linear;
    double core = 0;
    if (flash)
        core = (1 + kFlashBackwardOverForward + full) * f.attention;
    else
        core = (kTrainingPasses + (rc == Recompute::None ? 0 : 1)) * f.attention;
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
