#pragma once

#include "engine/core/jsonin.h"

#include <string>
#include <vector>

namespace topoplan {

class Catalog;
struct GpuModel;

// One published training run and what the engine projects for it (resources/catalog.json,
// "published_runs"): the measured figure from its source, and the engine's figure for the same
// job on the same hardware as tst_publishedruns last checked it. The test fails when the engine
// no longer projects `projectedTokensPerGpu`, so the table always states the engine's error.
struct PublishedRunRecord
{
    std::string id;  // "h100 llama3-405b 16384"
    std::string gpu; // catalog GPU id the run ran on
    bool moe = false;
    int gpus = 0;
    double publishedTokensPerGpu = 0;
    double projectedTokensPerGpu = 0;
    bool fitsWithoutRecompute = false; // the run as published fits in the engine's memory model
    std::string source;

    // Signed: positive where the engine is optimistic.
    double error() const { return projectedTokensPerGpu / publishedTokensPerGpu - 1; }
};

// The runs' hardware family: the GPU generation, from its CUDA compute capability (8 Ampere,
// 9 Hopper, 10 and 12 Blackwell); empty when not stated.
std::string gpuFamily(const GpuModel &gpu);

// The scale classes the band distinguishes: up to one 256-GPU scalable unit, up to 2,048, and
// beyond, where the costs of scale dominate the error.
int scaleClass(int gpus);
std::string scaleClassText(int scaleClass);

// How far the engine's projections fall from published runs of the nearest class to a job: the
// mean and worst |error| and the mean signed error (bias) over the runs of that class. The
// class is the job's (family, dense or MoE, scale) where the table has at least kMinRuns such
// runs; else it widens, first over scale, then over family, then over everything.
struct ProjectionBand
{
    static constexpr int kMinRuns = 3;
    double meanError = 0; // mean |error|: the "+-" of a projection
    double worstError = 0;
    double bias = 0; // mean signed error: > 0 optimistic
    int runs = 0;    // 0: the catalog has no table; no band
    std::string family;
    bool moe = false;
    int scale = -1;           // scaleClass(), or -1 when the class spans every scale
    std::string what() const; // "Hopper, dense, more than 2,048 GPUs"
    bool known() const { return runs > 0; }
};

// "±9 % on 7 published runs of this class (Hopper, dense, more than 2,048 GPUs)"; empty when
// the band is not known.
std::string bandText(const ProjectionBand &band);

ProjectionBand projectionBand(const Catalog &catalog, const GpuModel &gpu, bool moe, int gpus);

// The "published_runs" section of a catalog document.
std::vector<PublishedRunRecord> parsePublishedRuns(const JsonIn &section);

} // namespace topoplan
