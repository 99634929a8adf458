#include "cli/clicalibrate.h"

#include "cli/cli.h"
#include "cli/clianalyze.h"
#include "cli/cliargs.h"

#include "engine/core/figure.h"
#include "engine/core/jsonin.h"
#include "engine/io/projectfile.h"
#include "engine/plan/calibration.h"

#include <algorithm>

namespace topoplan::cli {

namespace {

std::string shown(const figure::Figure &f)
{
    return figure::text(f);
}

// The measured step: --tokens-per-s, or --step-time with the job's global batch.
std::optional<double> measuredTokens(const Args &a, const Workload &w, std::ostream &err)
{
    if (a.has("tokens-per-s"))
        return a.positiveNumber("tokens-per-s", err);
    std::optional<double> step = a.positiveNumber("step-time", err);
    if (!step)
        return std::nullopt;
    return double(w.training.globalBatch) * w.model.seq / *step;
}

void printCollectives(const std::vector<CollectiveCalibration> &fits, std::ostream &out)
{
    Table t({"test", "GPUs", "hosts", "tier", "medium", "busbw measured", "catalog",
             "smallest measured", "catalog", "efficiency", "latency/step"});
    for (const CollectiveCalibration &c : fits)
        t.add({c.run.test, std::to_string(c.run.ranks), std::to_string(c.run.nodes),
               c.network ? "network" : (c.nvls() ? "NVLink (NVLS)" : "NVLink"), c.medium,
               shown(figure::bandwidth(c.measuredBusbwGBs)),
               shown(figure::bandwidth(c.catalogBusbwGBs)),
               shown(figure::duration(c.measuredLatencyUs * 1e-6)),
               shown(figure::duration(c.catalogLatencyUs * 1e-6)),
               figure::number(c.catalogEfficiency, 3) + " -> "
                       + figure::number(c.fittedEfficiency, 3),
               figure::number(c.catalogHopLatencyUs, 2) + " -> "
                       + figure::number(c.fittedHopLatencyUs, 2) + " µs"});
    out << t.str();
}

Json toJson(const CollectiveCalibration &c)
{
    return Json{{"file", c.run.file},
                {"test", c.run.test},
                {"ranks", c.run.ranks},
                {"hosts", c.run.nodes},
                {"tier", c.network ? "network" : "nvlink"},
                {"medium", c.medium},
                {"algorithm", toString(c.algorithm)},
                {"measured_busbw_gb_s", c.measuredBusbwGBs},
                {"catalog_busbw_gb_s", c.catalogBusbwGBs},
                {"measured_latency_us", c.measuredLatencyUs},
                {"catalog_latency_us", c.catalogLatencyUs},
                {"catalog_efficiency", c.catalogEfficiency},
                {"fitted_efficiency", c.fittedEfficiency},
                {"catalog_hop_latency_us", c.catalogHopLatencyUs},
                {"fitted_hop_latency_us", c.fittedHopLatencyUs}};
}

// The project with the fits in its "catalog" section.
Expected<Project> calibrated(Project p, const CalibrationEntries &entries, const std::string &file)
{
    Json hardware = Json::object();
    if (!entries.media.empty())
        hardware["media"] = entries.media;
    if (!entries.gpus.empty())
        hardware["gpus"] = entries.gpus;
    Expected<Json> section = withHardware(p, hardware, file);
    if (!section)
        return section.error();
    p.catalogOverrides = *section;
    return p;
}

} // namespace

int cmdCalibrate(const Args &a, std::ostream &out, std::ostream &err)
{
    if (a.has("tokens-per-s") && a.has("step-time")) {
        err << "error: --tokens-per-s and --step-time exclude each other\n";
        return BadUsage;
    }
    const bool step = a.has("tokens-per-s") || a.has("step-time");
    if (a.positionalCount() < 2 && !step) {
        err << "error: calibrate needs nccl-tests output files, a measured step "
               "(--tokens-per-s or --step-time), or both\n";
        return BadUsage;
    }
    const std::string file = a.positional(0);
    std::optional<ProjectFile> pf = readProjectFile(file, err);
    if (!pf)
        return InvalidInput;
    Expected<Analyzer> analyzer = Analyzer::create(pf->project.topology, pf->catalog);
    if (!analyzer) {
        err << "error: " << file << ": " << analyzer.error().text() << "\n";
        return InvalidInput;
    }
    std::vector<CollectiveCalibration> fits;
    for (std::size_t i = 1; i < a.positionalCount(); ++i) {
        Expected<std::string> log = readTextFile(a.positional(i));
        Expected<NcclTestRun> run
                = log ? parseNcclTests(*log, a.positional(i)) : Expected<NcclTestRun>(log.error());
        Expected<CollectiveCalibration> fit = run ? calibrateCollective(*analyzer, *run)
                                                  : Expected<CollectiveCalibration>(run.error());
        if (!fit) {
            err << "error: " << fit.error().text() << "\n";
            return InvalidInput;
        }
        fits.push_back(*fit);
    }
    fits = fittingOrder(std::move(fits));
    CalibrationEntries entries
            = calibrationEntries(fits, nullptr, [&](const char *s, const std::string &id) {
                  return projectCatalogEntry(pf->project, s, id);
              });
    Expected<Project> project = calibrated(pf->project, entries, file);
    std::optional<ComputeCalibration> compute;
    if (step && project) {
        // The step is fitted on the network as measured.
        int code = Ok;
        std::optional<Job> job = loadJob(a, err, &code);
        if (!job)
            return code;
        if (!job->plan) {
            err << "error: " << file
                << ": a measured step needs the job's plan (--plan or the "
                   "project's)\n";
            return InvalidInput;
        }
        std::optional<double> tokens = measuredTokens(a, job->workload, err);
        if (!tokens)
            return BadUsage;
        Expected<Catalog> catalog = projectCatalog(*project);
        Expected<Analyzer> measured = catalog ? Analyzer::create(project->topology, *catalog)
                                              : Expected<Analyzer>(catalog.error());
        Expected<ComputeCalibration> c
                = measured ? calibrateCompute(*measured, job->workload, *job->plan, *tokens)
                           : Expected<ComputeCalibration>(measured.error());
        if (!c) {
            err << "error: " << c.error().text() << "\n";
            return InvalidInput;
        }
        compute = *c;
        CalibrationEntries gpu
                = calibrationEntries({}, &*compute, [&](const char *s, const std::string &id) {
                      return projectCatalogEntry(*project, s, id);
                  });
        project = calibrated(*project, gpu, file);
    }
    if (!project) {
        err << "error: " << project.error().text() << "\n";
        return InvalidInput;
    }
    const std::string target = a.value("o");
    if (!target.empty()) {
        if (std::optional<Error> e = saveProject(*project, target)) {
            err << "error: " << e->text() << "\n";
            return InvalidInput;
        }
    }
    if (a.flag("json")) {
        Json j = {{"project", target.empty() ? Json() : Json(target)},
                  {"collectives", Json::array()}};
        for (const CollectiveCalibration &c : fits)
            j["collectives"].push_back(toJson(c));
        if (compute)
            j["compute"] = {{"gpu", compute->gpu},
                            {"measured_tokens_per_s", compute->measuredTokensPerS},
                            {"catalog_tokens_per_s", compute->catalogTokensPerS},
                            {"factor", compute->factor},
                            {"fitted_gemm_efficiency", compute->fittedGemmEfficiency},
                            {"fitted_fp8_gemm_efficiency", compute->fittedFp8GemmEfficiency},
                            {"fitted_attention_efficiency", compute->fittedAttentionEfficiency}};
        out << dumpJson(j, 2) << "\n";
        return Ok;
    }
    if (!fits.empty()) {
        out << file
            << ": collectives measured against the catalog (the first run of each "
               "medium fits it)\n";
        printCollectives(fits, out);
    }
    if (compute)
        out << "step: measured " << shown(figure::tokensPerSecond(compute->measuredTokensPerS))
            << ", the catalog's efficiencies give "
            << shown(figure::tokensPerSecond(compute->catalogTokensPerS))
            << " (with the network as "
            << "measured): compute efficiencies x " << figure::number(compute->factor, 3) << " ("
            << compute->gpu << " gemm " << figure::number(compute->catalogGemmEfficiency, 3)
            << " -> " << figure::number(compute->fittedGemmEfficiency, 3) << ")\n";
    if (!target.empty())
        out << "wrote " << target
            << ": the fitted figures in its catalog section, each with "
               "its source\n";
    return Ok;
}

} // namespace topoplan::cli
