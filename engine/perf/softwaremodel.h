#pragma once

#include "engine/model/workload.h"

namespace topoplan {

// How attention's core (scores, softmax, context) runs.
enum class AttentionKernel {
    // Fused and tiled (FlashAttention, cuDNN): the s x s scores never reach memory, fully masked
    // causal blocks are skipped, and the backward recomputes the scores (5 matrix products
    // against the forward's 2: 2.5 x its FLOPs; Dao 2023, FlashAttention-2).
    Flash,
    // Megatron-LM as of 2021: batched GEMMs over the whole s x s score matrix (masked, not
    // skipped), then softmax and dropout kernels that stream the scores through HBM.
    Unfused,
};

// The training software a step runs on: what a workload file does not say but the step time
// depends on. The defaults describe current Megatron-Core; tst_calibration describes the 2021
// Megatron-LM of the SC'21 paper with them.
struct SoftwareModel
{
    AttentionKernel attention = AttentionKernel::Flash;
    // Gradient reduce-scatter (or all-reduce) issued bucket by bucket during the backward of the
    // last micro-batch (Megatron-Core overlap_grad_reduce; PyTorch DDP); else after it.
    bool overlapGradReduce = true;
    // The distributed optimizer's parameter all-gather overlapped with the next step's first
    // forward (Megatron-Core overlap_param_gather).
    bool overlapParamGather = true;
    // Gradients are reduced, and parameters gathered, in buckets of parameters as the backward
    // completes them: Megatron-Core's default bucket is max(40M, 1M x the data-parallel size)
    // parameters (DistributedDataParallelConfig.bucket_size: "larger DP sizes need larger
    // buckets to ensure collectives do not become latency-bound"). The backward's last bucket is
    // complete only when the backward ends, and the next forward needs its first bucket when it
    // begins: one bucket of each stays exposed, however long the compute beside the others.
    double bucketParams = 40e6;
    double bucketParamsPerDpRank = 1e6;
    // Pipeline sends and receives overlapped with compute (Megatron-Core overlap_p2p_comm);
    // else each one blocks its stage.
    bool overlapP2p = true;
    // Bytes per gradient element in the accumulation buffer and the DP reduction: Megatron-LM
    // accumulates and reduces in fp32 with bf16 training ("bfloat16 requires gradient
    // accumulation and all-reduce to be done in fp32", arguments.py); 2 for bf16 reduction.
    // 0: as current recipes do: bf16 for FP8 training with the distributed optimizer (NeMo's
    // performance recipes set grad_reduce_in_fp32 = False with FP8, and Megatron-Core's
    // DistributedDataParallelConfig keeps the gradient buffer in the parameters' bf16), fp32
    // otherwise. A workload's grad_reduce states it.
    int gradBytes = 0;
    // The vocabulary-parallel cross-entropy computes the loss and its gradient in place in the
    // BF16 logits (Megatron-Core cross_entropy_loss_fusion, Transformer Engine's parallel cross
    // entropy): no fp32 copy of the logits is kept.
    bool fusedCrossEntropy = true;
    // TP all-gathers and reduce-scatters split into chunks that run while the GEMM beside them
    // computes the previous chunk (Transformer Engine userbuffers, Megatron-Core
    // tp_comm_overlap); only what the GEMMs cannot cover stays exposed.
    bool tpCommOverlap = false;
    // Expert all-to-alls run while another micro-batch computes (two micro-batches in flight in
    // opposite directions: DeepSeek-V3's DualPipe, Megatron-Core's 1F1B A2A overlap).
    bool epCommOverlap = false;
    // How tokens reach their experts, and whether the dispatch is FP8 (TrainingSpec).
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    bool fp8Dispatch = false;
    // SMs DeepEP's dispatch and combine kernels take while they run (DeepEP's Buffer default,
    // num_sms = 20; DeepSeek-V3 section 3.2.2: "only 20 SMs are sufficient to fully utilize the
    // bandwidths of IB and NVLink"). Under EP overlap they run beside the other micro-batch's
    // compute, which is left the rest.
    int dispatchSms = 20;
    // All-reduces inside an NVLink domain reduced in the NVSwitch (NVLink SHARP) where the
    // switches can: NCCL's default (NCCL_NVLS_ENABLE) where present.
    bool nvls = true;
    // The network part of all-reduces reduced in InfiniBand switches that can (SHARP, through
    // NCCL's CollNet plugin): off unless the job enables it.
    bool ibSharp = false;
};

// The software a workload states (TrainingSpec: software, grad_reduce, tp_comm_overlap,
// ep_comm_overlap) applied over `sw`; what it leaves unstated stays as `sw` has it. Megatron-LM
// 2021 is the SC'21 software: unfused attention, blocking pipeline sends, PyTorch DDP with an
// overlapped fp16 all-reduce for pp = 1, its own DDP with an fp32 all-reduce after the flush for
// pp > 1.
inline SoftwareModel withTraining(SoftwareModel sw, const TrainingSpec &t, int pp)
{
    if (t.software == Software::MegatronLM2021) {
        sw.attention = AttentionKernel::Unfused;
        sw.overlapP2p = false;
        sw.overlapParamGather = false;
        sw.overlapGradReduce = pp <= 1;
        sw.gradBytes = pp <= 1 ? 2 : 4;
        sw.fusedCrossEntropy = false;
        // PyTorch DDP's buckets: bucket_cap_mb = 25 MB of fp16 gradients.
        sw.bucketParams = 25e6 / 2;
        sw.bucketParamsPerDpRank = 0;
    } else if (t.software == Software::MegatronCore) {
        const SoftwareModel current;
        sw.attention = current.attention;
        sw.overlapP2p = current.overlapP2p;
        sw.overlapParamGather = current.overlapParamGather;
        sw.overlapGradReduce = current.overlapGradReduce;
        sw.fusedCrossEntropy = current.fusedCrossEntropy;
        sw.bucketParams = current.bucketParams;
        sw.bucketParamsPerDpRank = current.bucketParamsPerDpRank;
    }
    if (t.gradReduce)
        sw.gradBytes = *t.gradReduce == GradReduce::BF16 ? 2 : 4;
    if (sw.gradBytes <= 0)
        sw.gradBytes = t.precision == Precision::FP8 && t.distributedOptimizer ? 2 : 4;
    sw.tpCommOverlap = sw.tpCommOverlap || t.tpCommOverlap;
    sw.epCommOverlap = sw.epCommOverlap || t.epCommOverlap;
    sw.moeDispatcher = t.moeDispatcher;
    sw.fp8Dispatch = t.fp8Dispatch;
    sw.nvls = sw.nvls && t.nvls;
    sw.ibSharp = sw.ibSharp || t.ibSharp;
    return sw;
}

} // namespace topoplan
