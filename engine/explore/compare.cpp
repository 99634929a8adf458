#include "engine/explore/compare.h"

#include "engine/core/figure.h"
#include "engine/io/projectfile.h"
#include "engine/model/naming.h"
#include "engine/plan/analysisjson.h"
#include "engine/plan/planner.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <thread>

namespace topoplan {

namespace {

DesignReport evaluate(const DesignInput &in, const Workload &workload, bool sweep)
{
    DesignReport r;
    r.name = in.name;
    Expected<Catalog> catalog = projectCatalog(in.project);
    if (!catalog) {
        r.error = catalog.error().text();
        return r;
    }
    Expected<TopologySummary> summary = summarize(in.project.topology, *catalog);
    if (!summary) {
        r.error = summary.error().text();
        return r;
    }
    r.summary = *summary;
    Expected<Analyzer> analyzer = Analyzer::create(in.project.topology, *catalog);
    if (!analyzer) {
        r.error = analyzer.error().text();
        return r;
    }
    r.built = true;
    r.domainSize = analyzer->domainSize();
    PlannerOptions options;
    options.top = 1;
    if (in.project.plan)
        options.order = in.project.plan->order;
    const PlannerResult planned = planJob(*analyzer, workload, {}, options);
    if (planned.plans.empty())
        r.error = "no plan of the job is valid and fits in memory ("
                  + std::to_string(planned.considered) + " combinations, "
                  + std::to_string(planned.valid) + " valid, " + std::to_string(planned.fitting)
                  + " fit)";
    else
        r.best = planned.plans.front();
    if (sweep && r.best)
        r.sweep = sweepTp(*analyzer, r.best->workload, r.best->plan);
    if (r.best)
        for (const DimensionResult &d : r.best->dimensions)
            r.bottleneckNames.push_back(displayName(in.project.topology, d.worst.bottleneckDevice));
    Expected<DesignCost> cost
            = designCost(in.project, *catalog, r.best ? r.best->step.tokensPerS : DesignCost::kNaN);
    if (cost)
        r.cost = std::move(*cost);
    return r;
}

std::string signedCount(int v, const char *what)
{
    return (v >= 0 ? "+" : "") + std::to_string(v) + " " + what;
}

std::optional<double> percentChange(double value, double base)
{
    if (!(base > 0) || !std::isfinite(base) || !std::isfinite(value))
        return std::nullopt;
    return (value / base - 1) * 100;
}

Json num(std::optional<double> v, int decimals)
{
    return v ? jsonNumber(*v, decimals) : Json(nullptr);
}

} // namespace

DesignReport reportOf(std::string name, const TopologySummary &summary, int domainSize,
                      const AnalysisResult &analysis)
{
    DesignReport r;
    r.name = std::move(name);
    r.built = true;
    r.summary = summary;
    r.domainSize = domainSize;
    r.best = analysis;
    return r;
}

DesignDelta deltaOf(const DesignReport &d, const DesignReport &base)
{
    DesignDelta x;
    const TopologySummary &s = d.summary, &b = base.summary;
    x.gpus = s.gpus - b.gpus;
    x.domains = s.domains - b.domains;
    x.leaf = s.leaf - b.leaf;
    x.spine = s.spine - b.spine;
    x.core = s.core - b.core;
    x.switches = d.switches() - base.switches();
    x.links = s.links - b.links;
    x.cables = s.cables - b.cables;
    if (d.best && base.best) {
        const StepEstimate &e = d.best->step, &f = base.best->step;
        x.tokensPerSPercent = percentChange(e.tokensPerS, f.tokensPerS);
        x.tokensPerSPerGpuPercent = percentChange(e.tokensPerS / std::max(1, d.best->gpus),
                                                  f.tokensPerS / std::max(1, base.best->gpus));
        x.mfuPoints = (e.mfu - f.mfu) * 100;
        x.stepTimePercent = percentChange(e.stepTimeS, f.stepTimeS);
    }
    std::vector<std::string> parts;
    if (x.tokensPerSPercent)
        parts.push_back(figure::signedNumber(*x.tokensPerSPercent, 1) + " % tokens/s");
    if (x.gpus != 0) {
        parts.push_back(signedCount(x.gpus, "GPUs"));
        if (x.tokensPerSPerGpuPercent)
            parts.push_back(figure::signedNumber(*x.tokensPerSPerGpuPercent, 1)
                            + " % tokens/s per GPU");
    }
    if (x.mfuPoints && std::abs(*x.mfuPoints) >= 0.05)
        parts.push_back(figure::signedNumber(*x.mfuPoints, 1) + " pts MFU");
    if (x.domains != 0)
        parts.push_back(signedCount(x.domains, "NVLink domains"));
    parts.push_back(signedCount(x.switches, "switches"));
    if (x.cables != 0)
        parts.push_back(signedCount(x.cables, "cables"));
    for (const std::string &p : parts)
        x.text += (x.text.empty() ? "" : ", ") + p;
    return x;
}

Comparison compareDesigns(const std::vector<DesignInput> &designs, const Workload &workload,
                          int workers, bool sweeps)
{
    Comparison c;
    c.workload = workload;
    c.designs.resize(designs.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next.fetch_add(1); i < designs.size(); i = next.fetch_add(1)) {
            try {
                c.designs[i] = evaluate(designs[i], workload, sweeps);
            } catch (const std::exception &e) {
                c.designs[i].name = designs[i].name;
                c.designs[i].error = std::string("could not be analysed: ") + e.what();
            }
        }
    };
    const int threads = std::max(1, std::min<int>(workers, static_cast<int>(designs.size())));
    if (threads == 1) {
        work();
    } else {
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back(work);
        for (std::thread &t : pool)
            t.join();
    }
    if (c.designs.empty())
        return c;
    for (const DesignReport &d : c.designs) {
        c.deltas.push_back(deltaOf(d, c.designs.front()));
        if (c.deltas.size() == 1)
            c.deltas.back().text = "baseline";
    }
    return c;
}

Json toJson(const Comparison &c)
{
    Json designs = Json::array();
    for (std::size_t i = 0; i < c.designs.size(); ++i) {
        const DesignReport &d = c.designs[i];
        const DesignDelta &x = c.deltas[i];
        const TopologySummary &s = d.summary;
        Json j = Json::object();
        j["name"] = d.name;
        j["error"] = d.error.empty() ? Json(nullptr) : Json(d.error);
        if (d.built) {
            j["gpus"] = s.gpus;
            j["nodes"] = s.nodes;
            j["domains"] = s.domains;
            j["domain_size"] = d.domainSize;
            j["switches"] = {{"leaf", s.leaf},
                             {"spine", s.spine},
                             {"core", s.core},
                             {"total", d.switches()}};
            j["links"] = s.links;
            j["cables"] = s.cables;
        }
        if (d.best) {
            const Json a = toJson(*d.best);
            j["plan"] = a["plan"];
            j["tokens_per_s"] = a["tokens_per_s"];
            j["tokens_per_s_per_gpu"] = num(d.best->step.tokensPerS / std::max(1, d.best->gpus), 2);
            j["mfu"] = a["mfu"];
            j["step_time_s"] = a["step_time_s"];
            j["breakdown_s"] = a["breakdown_s"];
            Json groups = Json::array();
            for (const Json &g : a["groups"])
                groups.push_back(
                        {{"dim", g["dim"]},
                         {"size", g["size"]},
                         {"busbw_gbps", g["busbw_gbps"]},
                         {"link_class", g["link_class"]},
                         {"bottleneck", g["bottleneck"]},
                         {"bottleneck_device", groups.size() < d.bottleneckNames.size()
                                                       ? Json(d.bottleneckNames[groups.size()])
                                                       : Json(nullptr)}});
            j["groups"] = std::move(groups);
            j["diagnostics"] = static_cast<int>(d.best->diagnostics.size());
        }
        if (d.cost)
            j["cost"] = designCostJson(*d.cost);
        j["delta"] = {
                {"gpus", x.gpus},
                {"domains", x.domains},
                {"switches",
                 {{"leaf", x.leaf}, {"spine", x.spine}, {"core", x.core}, {"total", x.switches}}},
                {"links", x.links},
                {"cables", x.cables},
                {"tokens_per_s_percent", num(x.tokensPerSPercent, 2)},
                {"tokens_per_s_per_gpu_percent", num(x.tokensPerSPerGpuPercent, 2)},
                {"mfu_points", num(x.mfuPoints, 2)},
                {"step_time_percent", num(x.stepTimePercent, 2)},
                {"text", x.text}};
        designs.push_back(std::move(j));
    }
    return Json{{"workload", toJson(c.workload)}, {"designs", std::move(designs)}};
}

} // namespace topoplan
