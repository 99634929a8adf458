#pragma once

#include "engine/model/catalog.h"
#include "engine/model/workload.h"
#include "engine/perf/memorymodel.h"
#include "engine/perf/perfcomm.h"
#include "engine/perf/softwaremodel.h"

namespace topoplan {

// Exposed (not overlapped) time of each part of a step, in seconds; they add up to the step.
struct StepBreakdown
{
    double compute = 0;  // GEMMs, attention, element-wise kernels, optimizer update
    double tpComm = 0;   // TP all-reduces (all-gathers + reduce-scatters with SP): critical path
    double cpComm = 0;   // the part of the K/V ring that attention compute does not hide
    double epComm = 0;   // expert all-to-alls (dispatch, combine)
    double ppComm = 0;   // pipeline sends/receives left exposed
    double ppBubble = 0; // pipeline fill and drain
    double dpComm = 0;   // the part of the gradient reduction/parameter gather not hidden

    double total() const { return compute + tpComm + cpComm + epComm + ppComm + ppBubble + dpComm; }
};

// Communication that runs behind compute, in seconds: it takes no time of the step (it is in
// no part of StepBreakdown) but would, were the overlap lost.
struct HiddenComm
{
    double cp = 0; // the K/V ring under each step's attention
    double pp = 0; // micro-batch sends and receives under the neighbouring chunks' compute
    double dp = 0; // gradient reduction under the last backwards, gather under the first forwards
    double tp = 0; // TP all-gathers / reduce-scatters under their GEMMs (tp_comm_overlap)
    double ep = 0; // expert all-to-alls under the other micro-batch's compute (ep_comm_overlap)

    double total() const { return cp + pp + dp + tp + ep; }
};

struct StepEstimate
{
    double stepTimeS = 0;
    StepBreakdown breakdownS;
    double tokensPerS = 0;
    double modelTflopsPerGpu = 0;    // model FLOPs (no recomputation) / step / GPUs
    double hardwareTflopsPerGpu = 0; // FLOPs executed (with recomputation) / step / GPUs
    double mfu = 0;                  // model TFLOP/s over the GPU's dense BF16 peak
    double hfu = 0;                  // hardware TFLOP/s over the same peak
    MemoryEstimate memory;
    // Also useful to a reader of the result:
    int microBatches = 0;      // per step per pipeline: global_batch / (micro_batch x dp)
    double bubbleFraction = 0; // ppBubble / step
    double stageTimeS = 0;     // one micro-batch's forward + backward on the slowest stage
    double modelFlopsPerStep = 0;
    double hardwareFlopsPerStep = 0;
    double dpCommS = 0; // the whole gradient reduction (+ gather), exposed or not
    HiddenComm hiddenS;
    double optimizerS = 0; // the optimizer step and gradient zeroing, part of breakdownS.compute
    // Activation offloading: every copy of offloaded activations to host memory and back, and
    // the part of them no compute hides (the stream waits: part of breakdownS.compute).
    double offloadCopyS = 0;
    double offloadS = 0;
};

// `net` with the in-network reductions the software does not use taken out: without NVLink
// SHARP every all-reduce in a domain runs as a ring; without InfiniBand SHARP (NCCL's CollNet
// plugin, off by default) none is reduced in the network.
DimNetwork withSoftware(DimNetwork net, const SoftwareModel &sw);

// Projects one training step of `w` under plan `p` (dp resolved; see validatePlan(), which the
// caller runs first) on GPUs of model `gpu` whose parallel groups get `net`.
//
// Per micro-batch and layer, on one GPU: every GEMM after TP (and expert) sharding on the
// ComputeModel roofline, forward and both backward products; attention's core (fused:
// causal FLOPs at the attention efficiency; unfused: score GEMMs plus the scores' trips
// through HBM); element-wise kernels as bytes through HBM; recomputation adds the forward
// again (full) or the unfused attention core and MLA's up-projections (selective). TP collectives sit on the critical
// path (Megatron-LM: the next GEMM needs their result; no overlap modelled). The CP ring
// overlaps each step's attention. EP all-to-alls are exposed. The slowest stage (the fullest,
// ceil(layers / pp) layers, with the output layer) sets the pipeline's pace; the 1F1B bubble is
// pp-1 model chunks of one micro-batch: (pp-1)/interleave of its stage time when the chunks
// are equal. The DP gradient reduction is hidden by the last micro-batch's
// backward, the distributed optimizer's parameter gather by the first one's forward, each only
// as far as they last (SoftwareModel says which overlaps the software does).
StepEstimate estimateStep(const Workload &w, const Plan &p, const GpuModel &gpu,
                          const PlanNetwork &net, const SoftwareModel &sw = {});

} // namespace topoplan
