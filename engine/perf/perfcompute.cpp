#include "engine/perf/perfcompute.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// The expected largest of n standard normal samples: Blom's Phi^-1((n - 0.375) / (n + 0.25)),
// Phi^-1 by Abramowitz and Stegun 26.2.23 (error below 4.5e-4).
double expectedMaxOfNormals(int n)
{
    if (n < 2)
        return 0;
    const double p = (n - 0.375) / (n + 0.25);
    const double t = std::sqrt(-2 * std::log(1 - p));
    return t
           - (2.515517 + 0.802853 * t + 0.010328 * t * t)
                     / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
}

// The GPUs of one node the catalog's sustained_spread was measured over.
constexpr int kSpreadSample = 8;

} // namespace

GpuModel pacedForJob(const GpuModel &gpu, int gpus)
{
    GpuModel g = gpu;
    if (gpu.sustainedSpread <= 0 || gpus <= kSpreadSample)
        return g;
    const double sigma = gpu.sustainedSpread / (2 * expectedMaxOfNormals(kSpreadSample));
    // paceFactor() is 1 - spread / 2: the spread whose half is the slowest GPU's shortfall.
    g.sustainedSpread = std::min(0.9, 2 * sigma * expectedMaxOfNormals(gpus));
    return g;
}

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
