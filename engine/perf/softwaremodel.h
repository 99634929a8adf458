#pragma once

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
    // Pipeline sends and receives overlapped with compute (Megatron-Core overlap_p2p_comm);
    // else each one blocks its stage.
    bool overlapP2p = true;
    // Bytes per gradient element in the accumulation buffer and the DP reduction: Megatron-LM
    // accumulates and reduces in fp32 with bf16 training ("bfloat16 requires gradient
    // accumulation and all-reduce to be done in fp32", arguments.py); 2 for bf16 reduction.
    int gradBytes = 4;
};

} // namespace topoplan
