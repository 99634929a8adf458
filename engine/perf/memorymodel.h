#pragma once

#include "engine/model/catalog.h"
#include "engine/model/workload.h"
#include "engine/perf/softwaremodel.h"

#include <string>
#include <vector>

namespace topoplan {

// The parameters one GPU holds: one pipeline stage's layers, its TP rank's slice of every
// matrix, its EP rank's experts, and the embedding (first stage) or output layer (last stage).
struct StageParameters
{
    double dense = 0;  // everything but the experts; gradients reduced over DP x CP
    double expert = 0; // the experts; gradients reduced over the expert-data-parallel group
    double total() const { return dense + expert; }
};
// Layers on the fullest pipeline stage: ceil(layers / pp). When pp x interleave does not divide
// the layers, each model chunk gets the floor or the ceiling of layers / (pp x interleave), the
// larger chunks spread evenly over the stages, so that no stage holds more than this (Megatron-LM
// allows uneven stages; Llama 3 405B ran 126 layers on 16 stages).
int stageLayers(const ModelSpec &m, int pp);
// Layers of the largest model chunk: ceil(layers / (pp x interleave)).
int chunkLayers(const ModelSpec &m, int pp, int interleave);
// Layers on pipeline stage `stage` (0-based): ceil(layers / pp) on every stage but the first,
// which takes what they leave, where pp does not divide the layers. The first stage holds the
// most micro-batches in flight (pp of them under 1F1B), so that is where a layer less saves
// the most memory, and the last keeps the output layer beside its full share, as before
// (Megatron-Core's decoder_first_pipeline_num_layers; Llama 3, arXiv 2407.21783, section
// 3.3.2, takes layers off the first stage to balance memory).
int layersOnStage(const ModelSpec &m, int pp, int stage);

// The parameters of the fullest stage (stageLayers()).
StageParameters stageParameters(const ModelSpec &m, const Plan &p, bool firstStage, bool lastStage);

// Bytes one transformer layer keeps for its backward, per micro-batch on one GPU (Korthikanti
// et al., MLSys'23, "Reducing Activation Recomputation in Large Transformer Models": s b h
// (34 + 5 a s / h) for a GPT layer, rebuilt here from its tensors so that GQA, gated MLPs and
// experts count right). Sequence parallelism divides all of it by tp (without it the norms'
// inputs, dropout masks and the inputs of the QKV and first MLP matrices, 10 s b h, stay whole);
// the 5 a s / h term (scores, softmax, dropout) exists only with the unfused kernel and without
// recomputation; full recomputation keeps only the layer's input.
double activationBytesPerLayer(const Workload &w, const Plan &p, AttentionKernel attention);

// Memory of the fullest GPU (first or last pipeline stage) in GiB (2^30 bytes, the unit of
// HBM capacities: "80 GB" is 81,920 MiB).
struct MemoryEstimate
{
    double weightsGB = 0;     // BF16 weights, 2 bytes per parameter, + fp8WeightCopiesGB
    double gradsGB = 0;       // main gradients, gradBytes per parameter
    double optimizerGB = 0;   // fp32 master weights + Adam moments, 12 bytes per parameter,
                              // sharded over DP x CP (experts: expert-DP) by the distributed
                              // optimizer
    double activationsGB = 0; // layerActivationsGB + recomputeGB + logitsGB
    double otherGB = 0;       // kRuntimeOverheadGiB
    // The items of the sums above:
    double fp8WeightCopiesGB = 0;  // FP8 casts of the linear layers' weights and transposes
    double layerActivationsGB = 0; // what the layers keep for the micro-batches in flight
    double recomputeGB = 0;        // the working set of the layer being recomputed (full)
    double logitsGB = 0;           // the last stage's logits of one micro-batch
    int gradBytes = 4;             // bytes per gradient element (fp32 4, bf16 2)
    double totalGB = 0;
    double capacityGB = 0;     // the GPU's HBM
    bool fits = false;         // totalGB <= capacityGB
    bool lastStage = false;    // the fullest GPU is on the last stage (else the first)
    double inFlightLayers = 0; // layer x micro-batch activations held at the peak
    // Activation offloading: layer x micro-batch activations in host memory at the peak (not in
    // inFlightLayers), and their size.
    double offloadedLayers = 0;
    double hostActivationsGB = 0;
    // The host memory the GPU has to itself (0: not known, not checked); with it, fits also
    // needs hostActivationsGB <= hostCapacityGB.
    double hostCapacityGB = 0;
    bool fitsHost() const { return hostCapacityGB <= 0 || hostActivationsGB <= hostCapacityGB; }

    static constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    // Memory no formula above counts: CUDA context and loaded kernels (~0.5-1 GiB),
    // cuBLAS/cuDNN/Transformer Engine workspaces (~0.5 GiB), NCCL buffers of a GPU's
    // communicators (~1 GiB), caching-allocator fragmentation (~1-2 GiB). Assumption, in the
    // 3-5 GB range practitioners budget.
    static constexpr double kRuntimeOverheadGiB = 4.0;
};

// `hostMemoryGB`: the host memory one GPU has to itself (PlanNetwork::hostMemoryGB), where
// offloaded activations go; 0 leaves them unchecked.
MemoryEstimate estimateMemory(const Workload &w, const Plan &p, const GpuModel &gpu,
                              const SoftwareModel &sw = {}, double hostMemoryGB = 0);

// One item of a GPU's memory, as the analysis lists them (--json "memory_items", the CLI's
// and the window's memory lines): a stable id, its size and what it holds.
struct MemoryItem
{
    std::string id; // weights, fp8_weight_copies, gradients, optimizer, layer_activations,
                    // recompute_working_set, logits, runtime
    double gb = 0;
    std::string what; // "fp32 gradient buffer", "activations of 12 layer x micro-batch passes"
};
// The estimate's items that hold anything, largest sums first as the estimate adds them:
// weights, gradients, optimizer state, activations, runtime. They add up to totalGB.
std::vector<MemoryItem> memoryItems(const MemoryEstimate &m);

// Layer x micro-batch activations that pipeline stage `stage` (0-based) holds at its peak under
// 1F1B with `microBatches` micro-batches: pp - stage micro-batches of its layers; interleaved
// with v chunks per GPU, 2 (pp - 1 - stage) + (v - 1) pp + 1 chunks of l / (pp v) layers
// (Megatron's warm-up, Narayanan et al. SC'21; first stage: l (1 + (pp-1)/(pp v))), with the
// largest stage's and chunk's layer counts where the layers do not divide evenly.
double inFlightLayers(const Workload &w, const Plan &p, int stage, int microBatches);

} // namespace topoplan
