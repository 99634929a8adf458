#include "cli/clianalyze.h"

#include "cli/cli.h"
#include "cli/cliargs.h"

#include "engine/core/figure.h"
#include "engine/core/jsonin.h"
#include "engine/document/cost.h"
#include "engine/document/growth.h"
#include "engine/explore/failures.h"
#include "engine/io/projectfile.h"
#include "engine/model/naming.h"
#include "engine/plan/analysis.h"
#include "engine/plan/analysisjson.h"
#include "engine/plan/diagnosticstext.h"
#include "engine/plan/planner.h"
#include "engine/plan/sweep.h"

#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

namespace topoplan::cli {

namespace {

std::string fixed(double v, int decimals)
{
    if (!std::isfinite(v))
        return "-";
    std::ostringstream ss;
    ss << std::fixed << std::setprecision(decimals) << v;
    return ss.str();
}

int fail(std::ostream &err, const Error &e)
{
    err << "error: " << e.text() << "\n";
    return InvalidInput;
}

Expected<Workload> workloadFromFile(const std::string &path)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc)
        return doc.error();
    return workloadFromJson(JsonIn(*doc, path));
}

} // namespace

Expected<Workload> jobWorkload(const Args &a, const Project &project, const std::string &file,
                               std::string *source)
{
    if (a.has("workload")) {
        *source = a.value("workload");
        return workloadFromFile(*source);
    }
    if (a.has("workload-preset")) {
        *source = "--workload-preset " + a.value("workload-preset");
        return workloadPreset(a.value("workload-preset"));
    }
    if (project.workload) {
        *source = file;
        return *project.workload;
    }
    std::string presets;
    for (const std::string &n : workloadPresetNames())
        presets += (presets.empty() ? "" : ", ") + n;
    return Error{file, "/workload",
                 "the project states no workload: give --workload FILE or "
                 "--workload-preset NAME (one of: "
                         + presets + ")"};
}

// Loads FILE, its catalog and fabric, the workload (--workload FILE, --workload-preset NAME or
// the project's own) and the plan (--plan SPEC or the project's). Returns the exit code on
// failure, with the message on `err`.
std::optional<Job> loadJob(const Args &a, std::ostream &err, int *code, std::optional<Error> *why)
{
    Job job;
    job.file = a.positional(0);
    *code = InvalidInput;
    if (a.has("workload") && a.has("workload-preset")) {
        err << "error: --workload and --workload-preset exclude each other\n";
        *code = BadUsage;
        return std::nullopt;
    }
    // Option values are usage: checked before any file is read, exit code 2.
    std::optional<Plan> optionPlan;
    if (a.has("plan")) {
        Expected<Plan> plan = planFromSpec(a.value("plan"));
        if (!plan) {
            fail(err, plan.error());
            *code = BadUsage;
            return std::nullopt;
        }
        optionPlan = *plan;
    }
    if (a.has("workload-preset") && !workloadPreset(a.value("workload-preset"))) {
        fail(err, workloadPreset(a.value("workload-preset")).error());
        *code = BadUsage;
        return std::nullopt;
    }
    std::optional<ProjectFile> read = readProjectFile(job.file, err, &a);
    if (!read)
        return std::nullopt;
    std::optional<Project> project(std::move(read->project));
    std::optional<Catalog> catalog(std::move(read->catalog));
    Expected<Analyzer> analyzer = Analyzer::create(project->topology, *catalog);
    if (!analyzer) {
        Error e = analyzer.error();
        e.file = job.file;
        fail(err, e);
        if (why)
            *why = e;
        return std::nullopt;
    }
    job.analyzer.emplace(std::move(*analyzer));
    job.project = std::move(*project);
    job.catalog.emplace(std::move(*catalog));

    Expected<Workload> workload = jobWorkload(a, job.project, job.file, &job.workloadSource);
    if (!workload) {
        fail(err, workload.error());
        if (why)
            *why = workload.error();
        return std::nullopt;
    }
    job.workload = *workload;

    if (a.has("plan")) {
        job.planSource = "--plan";
        job.plan = *optionPlan;
    } else if (job.project.plan) {
        job.planSource = job.file;
        job.plan = *job.project.plan;
    }
    *code = Ok;
    return job;
}

namespace {

std::string planText(const AnalysisResult &r)
{
    const Plan &p = r.plan;
    const TrainingSpec &t = r.workload.training;
    return "tp " + std::to_string(p.tp) + ", pp " + std::to_string(p.pp) + ", dp "
           + std::to_string(p.dp) + ", cp " + std::to_string(p.cp) + ", ep " + std::to_string(p.ep)
           + "; micro-batch " + std::to_string(t.microBatch) + ", global batch "
           + std::to_string(t.globalBatch) + ", interleave " + std::to_string(t.interleave)
           + ", recompute " + toString(t.recompute) + ", order " + p.order;
}

// Devices, links and paths by the names people gave (engine/model/naming.h), as the canvas
// shows them; "-" for none.
std::string nameOr(const Topology &t, const std::string &id)
{
    return id.empty() ? "-" : displayName(t, id);
}

void writeReport(const AnalysisResult &r, const Topology &topology, const std::string &file,
                 std::ostream &out)
{
    using namespace diagtext;
    const StepEstimate &e = r.step;
    const MemoryEstimate &m = e.memory;
    out << file << ": " << r.gpus << " GPUs (" << r.gpuModel << "), "
        << (r.workload.model.name.empty() ? "the workload" : r.workload.model.name) << "\n"
        << "plan: " << planText(r) << "\n\n"
        << "step " << fixed(e.stepTimeS, 3) << " s, " << fixed(e.tokensPerS, 0) << " tokens/s, "
        << fixed(e.modelTflopsPerGpu, 1) << " model / " << fixed(e.hardwareTflopsPerGpu, 1)
        << " hardware TFLOP/s per GPU, MFU " << percent(e.mfu) << ", HFU " << percent(e.hfu)
        << "\n";
    if (r.band.known())
        out << "uncertainty " << bandText(r.band) << "\n";
    if (!r.idle.empty())
        out << r.idle << "\n";
    out << "memory " << gb(m.totalGB) << " of " << gb(m.capacityGB) << " per GPU ("
        << (m.fits ? "fits" : "does not fit") << ")\n";
    for (const MemoryItem &i : memoryItems(m))
        out << "  " << std::left << std::setw(8) << gb(i.gb) << std::right << "  " << i.what
            << "\n";
    out << "\n";

    Table groups({"dim", "size", "count", "GB/s", "algorithm", "class", "crosses domain", "hops",
                  "bottleneck"});
    for (const DimensionResult &d : r.dimensions)
        groups.add({toString(d.dim), std::to_string(d.size), std::to_string(d.count),
                    fixed(d.bulk.busbwGBs, 1), toString(d.bulk.algorithm),
                    toString(d.network.linkClass),
                    d.groupsCrossingDomain == 0 ? "no"
                                                : std::to_string(d.groupsCrossingDomain) + " of "
                                                          + std::to_string(d.count),
                    std::to_string(d.worst.maxHops), nameOr(topology, d.worst.bottleneckId)});
    out << "Groups (the slowest of each dimension)\n"
        << (r.dimensions.empty() ? std::string("  none: every dimension is 1\n") : groups.str());

    const StepBreakdown &b = e.breakdownS;
    Table parts({"part", "seconds", "share"});
    const std::pair<const char *, double> rows[] = {
            {"compute", b.compute}, {"tp comm", b.tpComm}, {"cp comm", b.cpComm},
            {"ep comm", b.epComm},  {"pp comm", b.ppComm}, {"pp bubble", b.ppBubble},
            {"dp comm", b.dpComm},
    };
    for (const auto &[name, seconds] : rows)
        parts.add({name, fixed(seconds, 3),
                   e.stepTimeS > 0 && std::isfinite(e.stepTimeS) ? percent(seconds / e.stepTimeS)
                                                                 : "-"});
    out << "\nStep breakdown (exposed time)\n" << parts.str() << "\nDiagnostics\n";
    if (r.diagnostics.empty())
        out << "  none\n";
    for (const Diagnostic &d : r.diagnostics) {
        out << "  " << toString(d.severity) << " " << d.code << ": " << d.message << "\n";
        if (!d.ids.empty())
            out << "    involves: " << listed(displayNames(topology, d.ids), 12) << "\n";
    }
}

// "leaf-1, node-3/nic2": the ids of --fail, each once, in order.
std::vector<std::string> failIds(const std::string &list)
{
    std::vector<std::string> ids;
    std::size_t start = 0;
    while (start <= list.size()) {
        std::size_t comma = list.find(',', start);
        if (comma == std::string::npos)
            comma = list.size();
        std::string id = list.substr(start, comma - start);
        id.erase(0, id.find_first_not_of(' '));
        id.erase(id.find_last_not_of(' ') + 1);
        if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
        start = comma + 1;
    }
    return ids;
}

std::string failedText(const std::vector<FailureTarget> &failed, const Topology &topology)
{
    std::string out;
    for (const FailureTarget &t : failed)
        out += (out.empty() ? "" : ", ") + displayName(topology, t.id) + " (" + toString(t.kind)
               + ")";
    return out;
}

std::string signedPercent(double before, double after)
{
    if (before <= 0)
        return "-";
    const double change = (after - before) / before * 100;
    return (change > 0 ? "+" : "") + fixed(change, 1) + " %";
}

void writeImpact(const FailureImpact &i, const Topology &topology, const std::string &file,
                 std::ostream &out)
{
    out << file << ": what-if with " << failedText(i.failed, topology) << " failed\n"
        << "plan: " << planText(i.intact) << "\n\n"
        << "GPUs       " << i.gpusBefore << " -> " << i.gpusAfter;
    if (i.gpusAfter != i.gpusBefore)
        out << " (" << i.gpusBefore - i.gpusAfter << " lost with their servers)";
    out << "\ntokens/s   " << fixed(i.tokensBefore, 0) << " -> " << fixed(i.tokensAfter, 0) << " ("
        << signedPercent(i.tokensBefore, i.tokensAfter) << ")\n";
    if (!i.dimensions.empty()) {
        Table t({"dim", "GB/s intact", "GB/s failed", "change", "groups without path",
                 "bottleneck intact", "bottleneck failed"});
        for (const DimensionLoss &l : i.dimensions) {
            const DimensionResult *d = i.degraded ? i.degraded->dimension(l.dim) : nullptr;
            t.add({toString(l.dim), fixed(l.busbwBefore, 1),
                   l.groupsDisconnected > 0 ? "no path" : fixed(l.busbwAfter, 1),
                   l.groupsDisconnected > 0 ? "-100.0 %"
                                            : signedPercent(l.busbwBefore, l.busbwAfter),
                   d ? std::to_string(l.groupsDisconnected) + " of " + std::to_string(d->count)
                     : "-",
                   nameOr(topology, l.bottleneckBefore), nameOr(topology, l.bottleneckAfter)});
        }
        out << "\nParallel groups, intact and with the failures (the slowest of each dimension)\n"
            << t.str();
    }
    if (i.degraded) {
        out << "\n--- with the failures ---\n";
        writeReport(*i.degraded, topology, file, out);
        return;
    }
    out << "\nThe plan no longer runs: " << (i.planError ? i.planError->text() : "") << "\n";
    if (i.replanned) {
        out << "\n--- the best plan on what is left ---\n";
        writeReport(*i.replanned, topology, file, out);
    } else {
        out << "No plan of the workload is valid and fits in memory on what is left.\n";
    }
}

std::string groupText(const N1Row &r, const Topology &topology)
{
    if (!r.hit)
        return "-";
    std::string text = toString(*r.hit);
    if (!r.groupNodes.empty())
        text += " (" + diagtext::listed(displayNames(topology, r.groupNodes), 3) + ")";
    return text;
}

int runN1(const Args &a, const Job &job, std::ostream &out, std::ostream &err)
{
    int top = 20;
    if (a.has("top")) {
        std::optional<int> n = a.positiveInt("top", err);
        if (!n)
            return BadUsage;
        top = *n;
    }
    Expected<N1Result> r
            = analyzeN1(job.project, *job.catalog, job.workload, job.plan, N1Options{});
    if (!r)
        return fail(err, job.attributed(r.error()));
    if (a.flag("json")) {
        out << dumpJson(toJson(*r), 2) << "\n";
        return Ok;
    }
    const double intact = r->intact.step.tokensPerS;
    auto count = [](std::size_t n) {
        return figure::whole(static_cast<long long>(n));
    };
    out << job.file << ": N-1, every single switch, link bundle and server NIC failed in turn\n"
        << "plan: " << planText(r->intact) << (job.plan ? "" : " (the planner's best)") << "\n"
        << "intact: " << figure::whole(std::llround(intact)) << " tokens/s; "
        << count(r->rows.size()) << " elements, " << figure::whole(r->reanalysed)
        << " analysed again (the others carry none of the plan's traffic, fail the same cables "
           "or, "
        << figure::whole(r->alike)
        << " of them, are alike to one analysed: the fabric and the plan's groups look the same "
           "from both)\n\n";
    // One line for each run of elements that cost the same ("leaf-r1-su1 and 511 more").
    Table t({"#", "element", "kind", "tokens/s", "lost", "group hit", "GB/s intact", "GB/s failed",
             "new bottleneck"});
    const Topology &topology = job.project.topology;
    int shown = 0;
    std::size_t listed = 0, harmless = 0;
    for (const N1Run &run : sameCostRuns(*r)) {
        const N1Row &row = r->rows[run.first];
        if (std::llround(row.lossFraction * 1e4) == 0) {
            harmless += run.count;
            continue;
        }
        if (shown >= top)
            continue;
        listed += run.count;
        std::string element = displayName(topology, row.element.id);
        if (run.count > 1)
            element += " and " + count(run.count - 1) + " more";
        t.add({std::to_string(++shown), element, toString(row.element.kind),
               figure::whole(std::llround(row.tokensPerS)), fixed(row.lossFraction * 100, 2) + " %",
               groupText(row, topology), row.hit ? fixed(row.busbwBefore, 1) : "-",
               !row.hit                     ? "-"
               : row.groupsDisconnected > 0 ? "no path"
                                            : fixed(row.busbwAfter, 1),
               row.sameAs.empty() ? nameOr(topology, row.newBottleneck)
                                  : "as " + displayName(topology, row.sameAs)});
    }
    if (shown == 0)
        out << "  no single failure costs the plan anything\n";
    else
        out << t.str();
    const std::size_t costly = r->rows.size() - harmless;
    if (costly > listed)
        out << "  ... " << count(costly - listed)
            << " more elements cost tokens/s (--top N, --json)\n";
    if (harmless > 0)
        out << "  " << count(harmless) << " elements cost less than 0.01 % each\n";
    return Ok;
}

} // namespace

int cmdAnalyze(const Args &a, std::ostream &out, std::ostream &err)
{
    if (a.has("fail") && a.flag("n-1")) {
        err << "error: analyze: --fail and --n-1 exclude each other (mark the failures in the "
               "file to run N-1 on a degraded design)\n";
        return BadUsage;
    }
    if (a.has("top") && !a.flag("n-1")) {
        err << "error: analyze: --top goes with --n-1\n";
        return BadUsage;
    }
    std::vector<std::string> ids;
    if (a.has("fail")) {
        ids = failIds(a.value("fail"));
        if (ids.empty()) {
            err << "error: analyze: --fail needs one id or more, separated by commas (a link, "
                   "switch or server id, or a server NIC as node-1/nic3)\n";
            return BadUsage;
        }
    }
    int code = Ok;
    std::optional<Error> why;
    std::optional<Job> job = loadJob(a, err, &code, &why);
    if (!job) {
        // With --json an input error is still a JSON document on stdout (DESIGN.md).
        if (why && a.flag("json"))
            out << dumpJson(
                    Json{{"error",
                          {{"file", why->file}, {"where", why->where}, {"message", why->message}}}},
                    2)
                << "\n";
        return code;
    }
    if (a.flag("n-1"))
        return runN1(a, *job, out, err);
    if (!ids.empty()) {
        Expected<FailureImpact> impact
                = analyzeFailures(job->project, *job->catalog, ids, job->workload, job->plan);
        if (!impact) {
            Error e = impact.error();
            if (e.file.empty() && e.where.rfind("plan", 0) != 0 && e.where.rfind("model", 0) != 0
                && e.where.rfind("training", 0) != 0)
                e = Error{job->file, "--fail " + e.where, e.message};
            return fail(err, job->attributed(e));
        }
        if (a.flag("json"))
            out << dumpJson(toJson(*impact), 2) << "\n";
        else
            writeImpact(*impact, job->project.topology, job->file, out);
        return Ok;
    }
    // A plan that cannot be analysed (none stated, or invalid): with --json the error is still
    // a JSON document on stdout, as for every input error.
    const auto refused = [&](const Error &e) {
        if (a.flag("json"))
            out << dumpJson(
                    Json{{"error", {{"file", e.file}, {"where", e.where}, {"message", e.message}}},
                         {"diagnostics", Json::array({toJson(planInvalid(e))})}},
                    2)
                << "\n";
        return fail(err, e);
    };
    if (!job->plan)
        return refused(Error{job->file, "/plan",
                             "the project states no plan: give --plan SPEC (e.g. "
                             "--plan tp=8,pp=4; dp defaults to GPUs / (tp cp pp))"});
    Expected<AnalysisResult> r = job->analyzer->analyze(job->workload, *job->plan);
    if (!r)
        return refused(job->attributed(r.error()));
    // The design's cost, power and growth rest on its bill of materials: a design the documents
    // cannot count (a server cabled to nothing) says why in their place.
    const Expected<DesignCost> cost = designCost(job->project, *job->catalog, r->step.tokensPerS);
    const Expected<DesignGrowth> growth = designGrowth(job->project, *job->catalog);
    if (a.flag("json")) {
        Json j = toJson(*r);
        j["cost"] = cost ? designCostJson(*cost) : Json{{"error", cost.error().text()}};
        j["growth"] = growth ? designGrowthJson(*growth) : Json{{"error", growth.error().text()}};
        out << dumpJson(j, 2) << "\n";
    } else {
        writeReport(*r, job->project.topology, job->file, out);
        out << "\nCost and power\n";
        for (const std::string &line :
             cost ? designCostLines(*cost) : std::vector<std::string>{cost.error().text()})
            out << "  " << line << "\n";
        out << "\nGrowth\n";
        for (const std::string &line :
             growth ? designGrowthLines(*growth) : std::vector<std::string>{growth.error().text()})
            out << "  " << line << "\n";
    }
    // A step that cannot run (an error-severity diagnostic) fails the command, with --json too:
    // the JSON above still says why.
    for (const Diagnostic &d : r->diagnostics) {
        if (d.severity == Severity::Error) {
            err << "error: " << job->file << ": " << d.message << "\n";
            return InvalidInput;
        }
    }
    return Ok;
}

int cmdSweep(const Args &a, std::ostream &out, std::ostream &err)
{
    if (a.value("dim") != "tp") {
        err << "error: sweep: --dim " << a.value("dim")
            << " is not supported; only --dim tp sweeps (the other dimensions are re-planned "
               "at each TP width)\n";
        return BadUsage;
    }
    int code = Ok;
    std::optional<Job> job = loadJob(a, err, &code);
    if (!job)
        return code;
    Plan base = job->plan.value_or(Plan{});
    const SweepResult s = sweepTp(*job->analyzer, job->workload, base);
    if (a.flag("json")) {
        out << dumpJson(toJson(s), 2) << "\n";
        return Ok;
    }
    out << job->file << ": TP sweep over " << job->analyzer->gpuCount()
        << " GPUs, NVLink domain size " << s.domainSize << " GPUs\nheld: pp " << base.pp << ", cp "
        << base.cp << ", ep " << base.ep << ", micro-batch " << job->workload.training.microBatch
        << ", interleave " << job->workload.training.interleave << " (dp re-derived)\n";
    Table t({"tp", "best plan", "tokens/s", "TFLOP/s", "MFU", "held tokens/s", "held TFLOP/s",
             "held memory"});
    for (const SweepRow &row : s.rows) {
        std::vector<std::string> cells{std::to_string(row.tp)};
        if (row.best) {
            const AnalysisResult &b = *row.best;
            cells.push_back("pp " + std::to_string(b.plan.pp) + " dp " + std::to_string(b.plan.dp)
                            + " cp " + std::to_string(b.plan.cp) + " ep "
                            + std::to_string(b.plan.ep) + " mb "
                            + std::to_string(b.workload.training.microBatch) + " v "
                            + std::to_string(b.workload.training.interleave) + " "
                            + toString(b.workload.training.recompute));
            cells.push_back(fixed(b.step.tokensPerS, 0));
            cells.push_back(fixed(b.step.modelTflopsPerGpu, 1));
            cells.push_back(diagtext::percent(b.step.mfu));
        } else {
            cells.insert(cells.end(), {"none valid", "-", "-", "-"});
        }
        if (row.held) {
            cells.push_back(fixed(row.held->step.tokensPerS, 0));
            cells.push_back(fixed(row.held->step.modelTflopsPerGpu, 1));
            cells.push_back(diagtext::gb(row.held->step.memory.totalGB)
                            + (row.held->step.memory.fits ? "" : " (too much)"));
        } else {
            cells.insert(cells.end(), {"invalid", "-", "-"});
        }
        t.add(std::move(cells));
    }
    out << t.str();
    return Ok;
}

int cmdPlan(const Args &a, std::ostream &out, std::ostream &err)
{
    PlannerOptions options;
    if (a.has("top")) {
        std::optional<int> top = a.positiveInt("top", err);
        if (!top)
            return BadUsage;
        options.top = *top;
    }
    int code = Ok;
    std::optional<Job> job = loadJob(a, err, &code);
    if (!job)
        return code;
    if (job->plan)
        options.order = job->plan->order;
    const PlannerResult r = planJob(*job->analyzer, job->workload, {}, options);
    // Nothing that can run is a wrong design or job, not a result: exit 1, with --json too
    // (the JSON still lists what was tried).
    code = r.runnable > 0 ? Ok : InvalidInput;
    const std::string why
            = r.plans.empty()
                      ? noPlanReason(r)
                      : "no plan can run: every plan has a group whose GPUs cannot reach each "
                        "other (see the diagnostics); cable the nodes' NICs to the fabric";
    if (a.flag("json")) {
        out << dumpJson(toJson(r), 2) << "\n";
        if (code != Ok)
            err << "error: " << job->file << ": " << why << "\n";
        return code;
    }
    out << job->file << ": the best plans for "
        << (job->workload.model.name.empty() ? "the workload" : job->workload.model.name) << " on "
        << job->analyzer->gpuCount() << " GPUs (" << r.considered << " combinations, " << r.valid
        << " valid, " << r.fitting << " fit in memory)\n";
    Table t({"#", "tp", "pp", "dp", "cp", "ep", "mb", "v", "recompute", "tokens/s", "TFLOP/s",
             "MFU", "memory", "diagnostics"});
    int rank = 0;
    for (const AnalysisResult &p : r.plans) {
        std::string codes = canRun(p) ? "" : "CANNOT RUN";
        for (const Diagnostic &d : p.diagnostics)
            codes += (codes.empty() ? "" : " ") + d.code;
        const TrainingSpec &tr = p.workload.training;
        t.add({std::to_string(++rank), std::to_string(p.plan.tp), std::to_string(p.plan.pp),
               std::to_string(p.plan.dp), std::to_string(p.plan.cp), std::to_string(p.plan.ep),
               std::to_string(tr.microBatch), std::to_string(tr.interleave), toString(tr.recompute),
               fixed(p.step.tokensPerS, 0), fixed(p.step.modelTflopsPerGpu, 1),
               diagtext::percent(p.step.mfu), diagtext::gb(p.step.memory.totalGB),
               codes.empty() ? "-" : codes});
    }
    if (!r.plans.empty())
        out << t.str();
    rank = 0;
    for (const AnalysisResult &p : r.plans) {
        ++rank;
        if (!p.idle.empty())
            out << "  #" << rank << " " << p.idle << "\n";
    }
    if (code != Ok) {
        out << "  " << why << "\n";
        err << "error: " << job->file << ": " << why << "\n";
    } else if (r.runnable < static_cast<int>(r.plans.size())) {
        out << "  plans marked CANNOT RUN come last: their figures are not a throughput\n";
    }
    return code;
}

} // namespace topoplan::cli
