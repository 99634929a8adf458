#include "engine/plan/calibration.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace topoplan {

namespace {

// The run's ranks on the design: the first GPUs of as few NVLink domains as hold them, one
// domain per host the test ran on where the design's domains are single servers.
Expected<Plan> placement(const Analyzer &a, const NcclTestRun &run)
{
    Plan p;
    const int domains = a.rankDomains(0);
    for (int d = 1; d <= domains; ++d) {
        const int gpus = int(a.rankGpus(0, d).size());
        if (gpus < run.ranks)
            continue;
        p.domains = d;
        if (gpus > run.ranks) {
            if (run.ranks % d != 0)
                break;
            p.gpusPerDomain = run.ranks / d;
        }
        if (run.collective == Collective::AllToAll)
            p.ep = run.ranks, p.dp = run.ranks;
        else
            p.tp = run.ranks;
        return p;
    }
    return Error{run.file,
                 {},
                 std::to_string(run.ranks) + " ranks on " + std::to_string(run.nodes)
                         + " hosts do not fit this design's " + std::to_string(a.gpuCount())
                         + " GPUs in whole NVLink domains"};
}

// The medium of the tier the run measures: the NIC's cable for the network, the domain's
// NVLink otherwise.
const Medium *tierMedium(const Analyzer &a, bool network)
{
    const FabricGraph &g = a.graph();
    if (!network)
        return g.domains().empty() ? nullptr : g.domains().front().medium;
    for (VertexId gpu : g.gpus()) {
        const std::optional<VertexId> nic = g.nicOf(gpu);
        if (nic && !g.nicUplinks(*nic).empty())
            return g.edge(g.nicUplinks(*nic).front().up).medium;
    }
    return nullptr;
}

} // namespace

Expected<CollectiveCalibration> calibrateCollective(const Analyzer &a, const NcclTestRun &run)
{
    Expected<Plan> p = placement(a, run);
    if (!p)
        return p.error();
    const PlanNetwork net = a.network(*p);
    const DimNetwork dim = withSoftware(run.collective == Collective::AllToAll ? net.ep : net.tp,
                                        SoftwareModel{});
    CollectiveCalibration c;
    c.run = run;
    c.network = dim.crossesDomain;
    const Medium *medium = tierMedium(a, c.network);
    if (!medium)
        return Error{run.file,
                     {},
                     c.network ? "the design has no network cable for the run to measure"
                               : "the design has no NVLink for the run to measure"};
    c.medium = medium->id;
    const CollectiveChoice bulk = bulkCollective(run.collective, run.ranks, dim);
    c.algorithm = bulk.algorithm;
    c.measuredBusbwGBs = run.peakBusbwGBs();
    c.catalogBusbwGBs = bulk.busbwGBs;
    const double small = std::min_element(run.rows.begin(), run.rows.end(),
                                          [](const NcclTestRow &x, const NcclTestRow &y) {
                                              return x.bytes < y.bytes;
                                          })
                                 ->bytes;
    c.measuredLatencyUs = run.smallLatencyUs();
    c.catalogLatencyUs = collectiveSeconds(run.collective, small, run.ranks, dim) * 1e6;
    if (c.catalogBusbwGBs <= 0 || !std::isfinite(c.catalogLatencyUs))
        return Error{run.file, {}, "the design's GPUs for this run cannot reach each other"};
    c.catalogEfficiency = c.nvls() ? medium->nvlsEfficiency : medium->efficiency;
    // The catalog's bounds: a ring's efficiency is at most line rate, NVLS's at most twice it.
    c.fittedEfficiency = std::min(c.nvls() ? 2.0 : 1.0,
                                  c.catalogEfficiency * c.measuredBusbwGBs / c.catalogBusbwGBs);
    c.catalogHopLatencyUs = medium->latencyUs;
    c.fittedHopLatencyUs = c.nvls() || c.catalogLatencyUs <= 0
                                   ? medium->latencyUs
                                   : medium->latencyUs * c.measuredLatencyUs / c.catalogLatencyUs;
    return c;
}

Expected<ComputeCalibration> calibrateCompute(const Analyzer &a, const Workload &w, const Plan &p,
                                              double measuredTokensPerS)
{
    Expected<Plan> plan = resolvePlan(p, int(a.rankGpus(p).size()));
    if (!plan)
        return plan.error();
    const PlanNetwork net = a.network(*plan);
    const GpuModel &gpu = a.gpuModel();
    const auto tokens = [&](double factor) {
        GpuModel g = gpu;
        g.gemmEfficiency *= factor;
        g.fp8GemmEfficiency *= factor;
        g.attentionEfficiency *= factor;
        return estimateStep(w, *plan, g, net).tokensPerS;
    };
    ComputeCalibration c;
    c.gpu = gpu.id;
    c.measuredTokensPerS = measuredTokensPerS;
    c.catalogTokensPerS = tokens(1);
    // No efficiency beyond the GPU's peak.
    const double most
            = std::max({gpu.gemmEfficiency, gpu.fp8GemmEfficiency, gpu.attentionEfficiency});
    double lo = 0.05, hi = 1 / most;
    if (tokens(hi) < measuredTokensPerS)
        return Error{{},
                     "--tokens-per-s",
                     "the measured " + figure::text(figure::tokensPerSecond(measuredTokensPerS))
                             + " is more than this job could reach on this design with its GPUs "
                               "at their peak ("
                             + figure::text(figure::tokensPerSecond(tokens(hi)))
                             + "): check the job, the plan and the design"};
    if (tokens(lo) > measuredTokensPerS)
        return Error{{},
                     "--tokens-per-s",
                     "the measured " + figure::text(figure::tokensPerSecond(measuredTokensPerS))
                             + " is less than this job gives at 5 % of the catalog's compute "
                               "efficiency: check the job, the plan and the design"};
    for (int i = 0; i < 60; ++i) {
        const double mid = (lo + hi) / 2;
        (tokens(mid) < measuredTokensPerS ? lo : hi) = mid;
    }
    c.factor = (lo + hi) / 2;
    c.catalogGemmEfficiency = gpu.gemmEfficiency;
    c.fittedGemmEfficiency = gpu.gemmEfficiency * c.factor;
    c.catalogFp8GemmEfficiency = gpu.fp8GemmEfficiency;
    c.fittedFp8GemmEfficiency = gpu.fp8GemmEfficiency * c.factor;
    c.catalogAttentionEfficiency = gpu.attentionEfficiency;
    c.fittedAttentionEfficiency = gpu.attentionEfficiency * c.factor;
    return c;
}

namespace {

std::string fixed(double v, int decimals)
{
    return figure::number(v, decimals);
}

std::string measuredText(const CollectiveCalibration &c)
{
    return std::string(c.run.test.empty() ? ncclTestName(c.run.collective) : c.run.test.c_str())
           + " on " + std::to_string(c.run.ranks) + " GPUs of " + std::to_string(c.run.nodes)
           + (c.run.nodes == 1 ? " host" : " hosts") + " (" + c.run.file + "): bus bandwidth "
           + figure::text(figure::bandwidth(c.measuredBusbwGBs)) + " where the catalog gives "
           + figure::text(figure::bandwidth(c.catalogBusbwGBs)) + ", smallest message "
           + figure::text(figure::duration(c.measuredLatencyUs * 1e-6)) + " where it gives "
           + figure::text(figure::duration(c.catalogLatencyUs * 1e-6));
}

} // namespace

std::vector<CollectiveCalibration> fittingOrder(std::vector<CollectiveCalibration> runs)
{
    std::stable_sort(runs.begin(), runs.end(), [](const auto &x, const auto &y) {
        const auto key = [](const CollectiveCalibration &c) {
            return std::make_tuple(c.run.ranks, c.run.collective == Collective::AllReduce,
                                   c.run.largestBytes());
        };
        return key(x) > key(y);
    });
    return runs;
}

CalibrationEntries calibrationEntries(
        const std::vector<CollectiveCalibration> &collectives, const ComputeCalibration *compute,
        const std::function<Json(const char *, const std::string &)> &entryOf)
{
    CalibrationEntries out;
    std::vector<std::string> done;
    for (const CollectiveCalibration &c : fittingOrder(collectives)) {
        // The first run of each medium fits it.
        if (std::find(done.begin(), done.end(), c.medium) != done.end())
            continue;
        done.push_back(c.medium);
        Json e = entryOf("media", c.medium);
        e[c.nvls() ? "nvls_efficiency" : "efficiency"]
                = std::round(c.fittedEfficiency * 1000) / 1000;
        e["latency_us"] = std::round(c.fittedHopLatencyUs * 100) / 100;
        e["source"] = "Calibrated from the user's cluster: " + measuredText(c) + "; "
                      + (c.nvls() ? "nvls_efficiency " : "efficiency ")
                      + fixed(c.catalogEfficiency, 3) + " -> " + fixed(c.fittedEfficiency, 3)
                      + ", latency_us " + fixed(c.catalogHopLatencyUs, 2) + " -> "
                      + fixed(c.fittedHopLatencyUs, 2)
                      + ". The catalog's figures: " + e.value("source", std::string());
        out.media.push_back(std::move(e));
    }
    if (compute) {
        Json e = entryOf("gpus", compute->gpu);
        e["gemm_efficiency"] = std::round(compute->fittedGemmEfficiency * 1000) / 1000;
        e["fp8_gemm_efficiency"] = std::round(compute->fittedFp8GemmEfficiency * 1000) / 1000;
        e["attention_efficiency"] = std::round(compute->fittedAttentionEfficiency * 1000) / 1000;
        e["source"] = "Calibrated from the user's cluster: a measured step of "
                      + figure::text(figure::tokensPerSecond(compute->measuredTokensPerS))
                      + " where the catalog's efficiencies give "
                      + figure::text(figure::tokensPerSecond(compute->catalogTokensPerS))
                      + ": compute efficiencies x " + fixed(compute->factor, 3)
                      + " (gemm_efficiency " + fixed(compute->catalogGemmEfficiency, 3) + " -> "
                      + fixed(compute->fittedGemmEfficiency, 3)
                      + "). The catalog's figures: " + e.value("source", std::string());
        out.gpus.push_back(std::move(e));
    }
    return out;
}

} // namespace topoplan
