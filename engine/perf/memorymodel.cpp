#include "engine/perf/memorymodel.h"

#include "engine/perf/flops.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// Mixed-precision Adam's fp32 state per parameter: master weight, first and second moments.
constexpr double kOptimizerBytes = 12;
constexpr double kWeightBytes = 2;
constexpr double kFp8WeightCacheBytes = 2;
// Logits of the last stage per token and vocabulary entry: the BF16 output, in which a fused
// cross-entropy works in place; the unfused one (Megatron-LM's vocab_parallel_cross_entropy)
// converts it to fp32 and keeps that copy's softmax for the backward.
constexpr double kLogitBytes = 2;
constexpr double kUnfusedLogitBytes = 2 + 4;
// Fully sharded data parallelism gathers a layer's weights just before it runs and prefetches
// the next one's: two layers' full weights (and, with FP8, their FP8 copies) are resident.
constexpr double kFsdpGatheredLayers = 2;

struct Split
{
    double tp, ffnLocal, expertLocal;
    AttentionShape attention;
};

Split split(const ModelSpec &m, const Plan &p)
{
    Split s;
    s.tp = std::max(1, p.tp);
    s.attention = attentionShape(m, p.tp);
    s.ffnLocal = m.ffn / s.tp;
    s.expertLocal = (m.moeFfn > 0 ? m.moeFfn : m.ffn) / s.tp;
    return s;
}

double mlpMatrices(const ModelSpec &m)
{
    return m.gatedMlp ? 3 : 2;
}

} // namespace

int stageLayers(const ModelSpec &m, int pp)
{
    pp = std::max(1, pp);
    return (m.layers + pp - 1) / pp;
}

int chunkLayers(const ModelSpec &m, int pp, int interleave)
{
    const int chunks = std::max(1, pp) * std::max(1, interleave);
    return (m.layers + chunks - 1) / chunks;
}

int layersOnStage(const ModelSpec &m, int pp, int stage)
{
    pp = std::max(1, pp);
    const int full = stageLayers(m, pp);
    if (stage > 0 || m.layers % pp == 0)
        return full;
    return std::max(1, m.layers - (pp - 1) * full);
}

StageParameters stageParameters(const ModelSpec &m, const Plan &p, bool firstStage, bool lastStage)
{
    const Split s = split(m, p);
    const double h = m.hidden;
    const int pp = std::max(1, p.pp);
    const double layers = firstStage  ? layersOnStage(m, pp, 0)
                          : lastStage ? layersOnStage(m, pp, pp - 1)
                                      : stageLayers(m, pp);
    double layer = s.attention.weights() + 2 * h + s.attention.latentNorms;
    StageParameters out;
    // Layers with experts and dense ones mix as they do over the whole model.
    const double moe = m.moeFraction();
    if (m.isMoe()) {
        // The router, whole on every rank; the shared experts, TP-split like a dense MLP.
        layer += moe * (h * m.experts + m.sharedExperts * mlpMatrices(m) * h * s.expertLocal);
        const double localExperts = double(m.experts) / std::max(1, p.ep);
        out.expert = layers * moe * localExperts * mlpMatrices(m) * h * s.expertLocal;
    }
    layer += (1 - moe) * mlpMatrices(m) * h * s.ffnLocal;
    out.dense = layers * layer;
    const double vocabSlice = double(m.vocab) * h / s.tp;
    if (firstStage)
        out.dense += vocabSlice;
    if (lastStage)
        out.dense += vocabSlice + h; // output layer and final norm
    return out;
}

double activationBytesPerLayer(const Workload &w, const Plan &p, AttentionKernel attention)
{
    const ModelSpec &m = w.model;
    const TrainingSpec &t = w.training;
    const Split s = split(m, p);
    const double h = m.hidden;
    const double tokens = double(t.microBatch) * m.seq / std::max(1, p.cp);
    const double spDivisor = t.sequenceParallel ? s.tp : 1;
    if (t.recompute == Recompute::Full)
        return tokens * 2 * h / spDivisor; // the layer's input, BF16

    // A linear layer keeps its input for the weight gradient: BF16, or with FP8 training the
    // FP8 copy Transformer Engine cast it to (1 byte).
    const double in = t.precision == Precision::FP8 ? 1 : 2;
    // Norm inputs (2 x 2h), QKV and first MLP matrix inputs (2 x in h: the norms' outputs, not
    // kept when the layernorm module is recomputed), two dropout masks (2 x h; none without
    // dropout).
    const bool norms = !t.recomputes(kRecomputeLayernorm);
    const bool dropout = m.dropout > 0;
    double perToken = ((dropout ? 6 : 4) * h + (norms ? 2 * in * h : 0)) / spDivisor;
    // Q and K for the scores, V (BF16: attention runs in BF16), and the context that enters the
    // output projection.
    // With MLA under selective recomputation Q, K and V are projected up again from the
    // latents in the backward: only the context is kept.
    const AttentionShape &a = s.attention;
    if (a.upProjectionWeights() == 0 || !t.recomputes(kRecomputeMlaUpProj))
        perToken += 2 * a.heads * a.qkHeadDim + 2 * a.kvHeads * (a.qkHeadDim + a.vHeadDim);
    perToken += in * a.heads * a.vHeadDim;
    // MLA's latents: each norm's input (BF16) and its output, the up-projection's input.
    perToken += (2 + (norms ? in : 0)) * a.latentNorms / spDivisor;
    if (attention == AttentionKernel::Unfused && !t.recomputes(kRecomputeCoreAttn))
        // Softmax output, dropout mask and dropout output per score; the softmax output only
        // without dropout.
        perToken += (dropout ? 5.0 : 2.0) * a.heads * m.seq;
    const double activations = m.gatedMlp ? 2 : 1; // first matrix outputs (gate and up)
    const double moe = m.moeFraction();
    if (m.isMoe()) {
        // Each routed copy of a token: its input, the expert's first-matrix outputs and the
        // activation output (not kept when the moe_act module is recomputed); plus the fp32
        // router probabilities; the shared experts keep what a dense MLP of their width keeps.
        const double shared = m.sharedExperts * s.expertLocal;
        perToken += moe
                    * (m.topK
                               * (in * h + 2 * activations * s.expertLocal
                                  + (t.recomputes(kRecomputeMoeAct) ? 0 : in * s.expertLocal))
                       + 4.0 * m.experts / spDivisor + 2 * activations * shared + in * shared);
    }
    // The first matrix's outputs (the activation's input) and the second matrix's input.
    perToken += (1 - moe) * (2 * activations * s.ffnLocal + in * s.ffnLocal);
    return tokens * perToken;
}

double inFlightLayers(const Workload &w, const Plan &p, int stage, int microBatches)
{
    const int pp = std::max(1, p.pp), v = std::max(1, w.training.interleave);
    // The first and last stages hold fewer layers where the layers do not divide evenly.
    const double share = double(layersOnStage(w.model, pp, stage)) / stageLayers(w.model, pp);
    const double layersPerChunk
            = v == 1 ? layersOnStage(w.model, pp, stage) : chunkLayers(w.model, pp, v) * share;
    double chunks = 0;
    if (v == 1)
        chunks = std::min(microBatches, pp - stage);
    else
        chunks = std::min(microBatches * v, 2 * (pp - 1 - stage) + (v - 1) * pp + 1);
    return std::max(1.0, chunks) * layersPerChunk;
}

MemoryEstimate estimateMemory(const Workload &w, const Plan &p, const GpuModel &gpu,
                              const SoftwareModel &software, double hostMemoryGB)
{
    const SoftwareModel sw = withTraining(software, w.training, p.pp);
    const ModelSpec &m = w.model;
    const TrainingSpec &t = w.training;
    const int pp = std::max(1, p.pp);
    const int microBatches = std::max(1, t.globalBatch / std::max(1, t.microBatch * p.dp));
    const double dpShards = std::max(1, p.dp * p.cp);
    const double expertShards = std::max(1.0, dpShards / std::max(1, p.ep));
    const double perLayer = activationBytesPerLayer(w, p, sw.attention);

    auto stageMemory = [&](int stage) {
        const bool first = stage == 0, last = stage == pp - 1;
        const StageParameters params = stageParameters(m, p, first, last);
        MemoryEstimate e;
        e.lastStage = last && !first;
        e.gradBytes = sw.gradBytes;
        // The share of the stage's weights and gradients one GPU keeps: all of them, or with
        // FSDP its DP x CP (experts: expert-DP) shard.
        const double kept
                = t.fsdp ? params.dense / dpShards + params.expert / expertShards : params.total();
        const double layers = std::max(1, layersOnStage(m, pp, stage));
        const double layerParams
                = stageParameters(m, p, false, false).total() / std::max(1, stageLayers(m, pp));
        const double gathered = t.fsdp ? kFsdpGatheredLayers * layerParams : 0;
        e.weightsGB = kWeightBytes * (kept + gathered);
        if (t.precision == Precision::FP8) {
            // Transformer Engine casts each linear layer's weight to FP8 once per step and keeps
            // the cast and its transpose for the remaining micro-batches (1 + 1 byte); the
            // embedding and the output layer stay BF16. With FSDP only the gathered layers'.
            e.fp8WeightCopiesGB = kFp8WeightCacheBytes * (t.fsdp ? gathered : layers * layerParams);
        }
        e.gradsGB = sw.gradBytes * (kept + gathered);
        e.optimizerGB = t.distributedOptimizer
                                ? kOptimizerBytes
                                          * (params.dense / dpShards + params.expert / expertShards)
                                : kOptimizerBytes * params.total();
        e.inFlightLayers = inFlightLayers(w, p, stage, microBatches);
        if (t.offloadLayers > 0) {
            // Without pipeline parallelism (validatePlan) one micro-batch's layers are in
            // flight; of the offloaded ones all but the layer whose copy is under way are in
            // host memory at the peak, the end of the forward.
            const double offloaded = std::min(double(t.offloadLayers), e.inFlightLayers);
            e.offloadedLayers = std::max(0.0, offloaded - 1);
            e.inFlightLayers -= e.offloadedLayers;
            e.hostActivationsGB = offloaded * perLayer / MemoryEstimate::kGiB;
        }
        e.layerActivationsGB = e.inFlightLayers * perLayer;
        if (t.recompute == Recompute::Full) {
            // The layer being recomputed holds its whole working set once.
            Workload whole = w;
            whole.training.recompute = Recompute::None;
            e.recomputeGB = activationBytesPerLayer(whole, p, sw.attention);
        }
        if (last) {
            const double tokens = double(t.microBatch) * m.seq / std::max(1, p.cp);
            e.logitsGB = tokens * (double(m.vocab) / std::max(1, p.tp))
                         * (sw.fusedCrossEntropy ? kLogitBytes : kUnfusedLogitBytes);
        }
        for (double *bytes : {&e.weightsGB, &e.fp8WeightCopiesGB, &e.gradsGB, &e.optimizerGB,
                              &e.layerActivationsGB, &e.recomputeGB, &e.logitsGB})
            *bytes /= MemoryEstimate::kGiB;
        e.weightsGB += e.fp8WeightCopiesGB;
        e.activationsGB = e.layerActivationsGB + e.recomputeGB + e.logitsGB;
        e.otherGB = MemoryEstimate::kRuntimeOverheadGiB;
        e.totalGB = e.weightsGB + e.gradsGB + e.optimizerGB + e.activationsGB + e.otherGB;
        e.capacityGB = gpu.hbmGB;
        // Offloaded activations are pinned host buffers: the host memory a GPU has to itself
        // must hold them (nothing is set aside here for the operating system or the data
        // loader; the analysis says how much room is left).
        if (e.hostActivationsGB > 0)
            e.hostCapacityGB = hostMemoryGB;
        e.fits = e.totalGB <= e.capacityGB && e.fitsHost();
        return e;
    };
    MemoryEstimate first = stageMemory(0);
    if (pp == 1)
        return first;
    MemoryEstimate last = stageMemory(pp - 1);
    MemoryEstimate fullest = last.totalGB > first.totalGB ? last : first;
    // With uneven stages the second holds one micro-batch fewer than the first, of more
    // layers.
    if (pp > 2 && layersOnStage(m, pp, 1) > layersOnStage(m, pp, 0)) {
        MemoryEstimate second = stageMemory(1);
        if (second.totalGB > fullest.totalGB)
            fullest = second;
    }
    return fullest;
}

std::vector<MemoryItem> memoryItems(const MemoryEstimate &m)
{
    std::vector<MemoryItem> items;
    const auto add = [&](const char *id, double gb, std::string what) {
        if (gb > 0)
            items.push_back({id, gb, std::move(what)});
    };
    add("weights", m.weightsGB - m.fp8WeightCopiesGB, "bf16 weights");
    add("fp8_weight_copies", m.fp8WeightCopiesGB, "FP8 casts of the linear layers' weights");
    add("gradients", m.gradsGB,
        std::string(m.gradBytes == 2 ? "bf16" : "fp32") + " gradient buffer");
    add("optimizer", m.optimizerGB, "fp32 master weights and Adam moments");
    add("layer_activations", m.layerActivationsGB,
        "activations of " + std::to_string(int(std::lround(m.inFlightLayers)))
                + " layer x micro-batch passes in flight"
                + (m.offloadedLayers > 0
                           ? " (" + std::to_string(int(std::lround(m.offloadedLayers)))
                                     + " more in host memory)"
                           : std::string()));
    add("recompute_working_set", m.recomputeGB, "one layer recomputed in full");
    add("logits", m.logitsGB, "one micro-batch's logits");
    add("runtime", m.otherGB, "CUDA context, workspaces, NCCL buffers, fragmentation");
    return items;
}

} // namespace topoplan
