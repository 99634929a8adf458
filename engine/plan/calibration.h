#pragma once

#include "engine/perf/nccltests.h"
#include "engine/perf/perfcomm.h"
#include "engine/plan/analysis.h"

#include <functional>
#include <string>
#include <vector>

namespace topoplan {

// Calibration from the user's own cluster: what a pilot cluster measured, set beside what the
// design's catalog figures give for the same thing, and the catalog figure that makes them
// agree. The fitted figures go into the project's "catalog" section (the media's efficiency and
// latency, the GPU's compute efficiencies), each with a source that says what was measured and
// what the catalog said, so every later analysis of the project uses them and says why.

// One nccl-tests run against the design: its ranks placed on the first GPUs of as many NVLink
// domains as the test's hosts (the test's tier: NVLink inside one domain, the network across
// them), priced as the analysis prices that collective.
struct CollectiveCalibration
{
    NcclTestRun run;
    bool network = false; // the run crosses NVLink domains: it measures the network tier
    std::string medium;   // catalog id of the medium whose figures it fits
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring; // as the design runs it
    double measuredBusbwGBs = 0, catalogBusbwGBs = 0;
    double measuredLatencyUs = 0, catalogLatencyUs = 0; // the smallest message's time
    // The medium's efficiency (nvls_efficiency where the design reduces in the NVSwitches) and
    // per-step latency, as the catalog has them and as fitted: scaled by measured / catalog.
    double catalogEfficiency = 0, fittedEfficiency = 0;
    double catalogHopLatencyUs = 0, fittedHopLatencyUs = 0;
    bool nvls() const { return algorithm == CollectiveAlgorithm::Nvls; }
};

Expected<CollectiveCalibration> calibrateCollective(const Analyzer &a, const NcclTestRun &run);

// A measured step of a stated job: the factor on the GPU's compute efficiencies (GEMMs and
// attention) that makes the engine project the measured tokens/s, found by bisection with the
// network as calibrated.
struct ComputeCalibration
{
    double measuredTokensPerS = 0;
    double catalogTokensPerS = 0; // the projection with the catalog's efficiencies
    double factor = 1;            // on gemm, fp8 gemm and attention efficiency
    std::string gpu;              // catalog id
    double catalogGemmEfficiency = 0, fittedGemmEfficiency = 0;
    double catalogFp8GemmEfficiency = 0, fittedFp8GemmEfficiency = 0;
    double catalogAttentionEfficiency = 0, fittedAttentionEfficiency = 0;
};

// `a` is built on the catalog the collectives were already fitted into, so that the step's
// network is as measured.
Expected<ComputeCalibration> calibrateCompute(const Analyzer &a, const Workload &w, const Plan &p,
                                              double measuredTokensPerS);

// The order in which runs fit their media: of several runs on one medium, the one over the most
// GPUs (the scale the design's groups run at), an all-reduce before the others, the largest
// messages first.
std::vector<CollectiveCalibration> fittingOrder(std::vector<CollectiveCalibration> runs);

// The "catalog" section entries that state the fits (the first run of each medium in
// fittingOrder() fits it): media and the GPU as `catalog` has them,
// with the fitted figures and a source naming the measurement and the catalog's figure.
// `entryOf(section, id)` gives an entry's JSON as the catalog states it now.
struct CalibrationEntries
{
    Json media = Json::array();
    Json gpus = Json::array();
};
CalibrationEntries calibrationEntries(
        const std::vector<CollectiveCalibration> &collectives, const ComputeCalibration *compute,
        const std::function<Json(const char *, const std::string &)> &entryOf);

} // namespace topoplan
