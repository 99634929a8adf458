#include "engine/perf/perfcompute.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

ComputeModel::ComputeModel(const GpuModel &gpu, Precision precision, int reservedSms)
{
    const bool fp8 = precision == Precision::FP8;
    const int sms = std::max(1, gpu.sms);
    // At least one SM stays with the compute, whatever is asked.
    const int left = std::clamp(sms - std::max(0, reservedSms), 1, sms);
    const double share = double(left) / sms;
    m_bf16Peak = gpu.bf16Tflops * 1e12 * share;
    m_gemmPeak = (fp8 && gpu.fp8Tflops > 0 ? gpu.fp8Tflops : gpu.bf16Tflops) * 1e12 * share;
    // Tensor-core work runs at the pace of the slowest GPU of the step: the collectives that
    // join every layer wait for it. Memory-bound kernels are not held back (they do not draw
    // the board to its power limit).
    const double pace = gpu.paceFactor();
    m_gemmEff = pace
                * (fp8 && gpu.fp8GemmEfficiency > 0 ? gpu.fp8GemmEfficiency : gpu.gemmEfficiency);
    m_attentionEff = pace * gpu.attentionEfficiency;
    m_hbm = gpu.hbmTBs * 1e12;
    m_sms = left;
    m_operandBytes = fp8 ? 1 : 2;
}

double ComputeModel::gemmEfficiency(const GemmShape &g) const
{
    if (g.m <= 0 || g.n <= 0 || g.k <= 0)
        return m_gemmEff;
    const double tilesM = std::ceil(g.m / kGemmTile), tilesN = std::ceil(g.n / kGemmTile);
    const double tiles = tilesM * tilesN;
    const double tileUse = g.m * g.n / (tiles * kGemmTile * kGemmTile);
    const double waves = tiles / m_sms;
    const double waveUse = waves / (waves + 0.5);
    const double depth = g.k / (g.k + kGemmDepthHalf);
    return m_gemmEff * tileUse * waveUse * depth;
}

double ComputeModel::gemmSeconds(const GemmShape &g) const
{
    if (g.m <= 0 || g.n <= 0 || g.k <= 0)
        return 0;
    const double compute = g.flops() / (m_gemmPeak * gemmEfficiency(g));
    // Inputs at the GEMM precision, the result in BF16.
    const double bytes = m_operandBytes * (g.m * g.k + g.k * g.n) + 2 * g.m * g.n;
    return std::max(compute, memorySeconds(bytes));
}

double ComputeModel::gemmBackwardSeconds(const GemmShape &g) const
{
    return gemmSeconds({g.m, g.k, g.n}) + gemmSeconds({g.k, g.n, g.m});
}

double ComputeModel::memorySeconds(double bytes) const
{
    return bytes / (m_hbm * kHbmEfficiency);
}

double ComputeModel::flashAttentionSeconds(double flops, double keys) const
{
    if (flops <= 0)
        return 0;
    const double efficiency = m_attentionEff * keys / (keys + kAttentionKeysHalf);
    return flops / (m_bf16Peak * efficiency);
}

} // namespace topoplan
