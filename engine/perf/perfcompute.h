#pragma once

#include "engine/model/catalog.h"
#include "engine/model/workload.h"

namespace topoplan {

// One matrix product C (m x n) = A (m x k) B (k x n). Dimensions may be fractional where they
// are averages (tokens per expert).
struct GemmShape
{
    double m = 0, n = 0, k = 0;
    double flops() const { return 2 * m * n * k; }
};

// `gpu` as a job of `gpus` GPUs paces it: a synchronous step waits at every collective for its
// slowest GPU, and the more GPUs, the slower the slowest. The catalog's sustained_spread is the
// range of a node's 8 GPUs; taken as normally distributed, their sigma is that range over the
// expected range of 8 samples (2 x 1.42), and the slowest of n lies sigma x E[max of n] below
// the mean (Blom's approximation of normal order statistics): 2.3 % for the 8 of a node, 5.0 %
// for 1,024 GPUs, 6.2 % for 16,384 with H100's 4.5 % spread. Fleet measurements find GPU
// throughput varying that much and more across thousands of GPUs of one model (Sinha et al.,
// "Not All GPUs Are Created Equal", SC'22: up to 8 % in SGEMM across a cluster's V100s).
// Jobs of 8 GPUs or fewer keep the node's figure.
GpuModel pacedForJob(const GpuModel &gpu, int gpus);

// How long kernels take on one GPU: GEMMs on a roofline whose compute roof depends on the
// GEMM's shape, memory-bound element-wise work at HBM speed, fused attention at its own
// efficiency.
class ComputeModel
{
public:
    // GEMMs run at `precision`'s peak (FP8: the fp8 tensor-core rate); everything else in BF16.
    // `reservedSms` are held by communication kernels running beside: the tensor-core peaks
    // shrink with the SMs left, and the waves are counted over those (HBM bandwidth does not:
    // a fraction of the SMs still saturates it).
    ComputeModel(const GpuModel &gpu, Precision precision, int reservedSms = 0);

    // Fraction of the GEMM peak a GEMM of this shape sustains: the GPU's large-GEMM efficiency
    // at the pace of a node's slowest GPU (GpuModel::paceFactor)
    // x tile use (output tiles of kGemmTile^2 only partly covered) x wave use (the last wave of
    // tiles over the SMs runs partly empty; on average waves / (waves + 1/2)) x depth (a tile's
    // fixed prologue and epilogue against its main loop over k: k / (k + kGemmDepthHalf)).
    double gemmEfficiency(const GemmShape &g) const;
    // One GEMM: max(compute at that efficiency, operands and result through HBM).
    double gemmSeconds(const GemmShape &g) const;
    // The backward of a GEMM: the input gradient (m x k = m x n . n x k) and the weight gradient
    // (k x n = k x m . m x n).
    double gemmBackwardSeconds(const GemmShape &g) const;
    // Streaming `bytes` through HBM (read + written), at kHbmEfficiency of its bandwidth.
    double memorySeconds(double bytes) const;
    // Fused attention of `flops` whose queries see `keys` keys: BF16 peak x the GPU's attention
    // efficiency x keys / (keys + kAttentionKeysHalf) (short sequences leave a tile's pipeline
    // little to overlap; FlashAttention-2's benchmarks lose about a third at 512 tokens).
    double flashAttentionSeconds(double flops, double keys) const;

    double gemmPeakFlops() const { return m_gemmPeak; }
    double bf16PeakFlops() const { return m_bf16Peak; }
    double operandBytes() const { return m_operandBytes; }

    // Output tile edge of the tensor-core GEMM kernels cuBLAS/CUTLASS pick for large problems
    // (128 x 128 and 128 x 256 thread-block tiles; NVIDIA, "Matrix Multiplication Background
    // User's Guide", tile and wave quantization).
    static constexpr double kGemmTile = 128;
    // The k at which a tile spends as long in its prologue/epilogue as in its main loop
    // (assumption: ~2 k-blocks of 64 of pipeline fill and epilogue; 97% at k = 4096).
    static constexpr double kGemmDepthHalf = 64;
    // Streaming kernels reach ~85% of HBM peak (STREAM-like copies: ~1.7 of 2.0 TB/s on A100,
    // ~2.9 of 3.35 TB/s on H100).
    static constexpr double kHbmEfficiency = 0.85;
    // Keys at which fused attention runs at half its long-sequence efficiency (assumption fitted
    // to the shape of FlashAttention-2's sequence-length sweeps: ~2/3 at 512, ~9/10 at 2,048).
    static constexpr double kAttentionKeysHalf = 256;

private:
    double m_gemmPeak = 0; // FLOP/s
    double m_bf16Peak = 0; // FLOP/s
    double m_gemmEff = 0;  // large-GEMM efficiency at that precision, at the slowest GPU's pace
    double m_attentionEff = 0;
    double m_hbm = 0; // bytes/s
    double m_sms = 1;
    double m_operandBytes = 2; // bytes per GEMM input element
};

} // namespace topoplan
