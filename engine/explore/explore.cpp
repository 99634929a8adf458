#include "engine/explore/explore.h"

#include "engine/core/figure.h"
#include "engine/document/documents.h"
#include "engine/plan/analysisjson.h"
#include "engine/plan/planner.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <iomanip>
#include <limits>
#include <mutex>
#include <sstream>
#include <thread>

namespace topoplan {

const char *const kPowerNote
        = "server_power_kw is the servers' maximum power from the catalog's datasheet figures; "
          "the catalog carries no power figure for switches, so they are not included";

namespace {

// "2:1", "1.5:1".
std::string ratioText(double r)
{
    std::ostringstream ss;
    ss << std::setprecision(3) << r << ":1";
    return ss.str();
}

std::string knownServers(const Catalog &c)
{
    std::string out;
    for (const auto &[id, s] : c.servers())
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

int positiveInt(const std::string &text, bool *ok)
{
    std::size_t used = 0;
    long n = 0;
    try {
        n = std::stol(text, &used);
    } catch (...) {
        used = 0;
    }
    *ok = used > 0 && used == text.size() && n > 0 && n <= 10'000'000;
    return *ok ? static_cast<int>(n) : 0;
}

// The node count that gives `gpus` GPUs of `model`, or the message why none does.
Expected<int> nodesFor(const ServerModel &model, int gpus)
{
    if (model.gpus <= 0)
        return Error{{}, model.id, "has no GPUs"};
    if (gpus % model.gpus == 0)
        return gpus / model.gpus;
    const int fewer = gpus / model.gpus;
    const std::string unit = model.nvlinkScope == NVLinkScope::Rack ? "rack" : "node";
    std::string text = std::to_string(gpus) + " GPUs is not a whole number of "
                       + std::to_string(model.gpus) + "-GPU " + model.id + " " + unit + "s: ";
    if (fewer > 0)
        text += std::to_string(fewer) + " give " + std::to_string(fewer * model.gpus) + ", ";
    text += std::to_string(fewer + 1) + " give " + std::to_string((fewer + 1) * model.gpus);
    return Error{{}, {}, text};
}

int builtTiers(const TopologySummary &s)
{
    return (s.leaf > 0 ? 1 : 0) + (s.spine > 0 ? 1 : 0) + (s.core > 0 ? 1 : 0);
}

// Builds the variant's project the way `topoplan-cli generate` does; with tiers left open, the
// fewest that connect every GPU.
Expected<Project> build(const VariantSpec &spec, int nodes, const ExploreRequest &request,
                        const Catalog &catalog)
{
    GeneratorOptions o;
    o.nodeModel = spec.domain.nodeModel;
    o.nodes = nodes;
    o.domainSize = spec.domain.domainSize;
    o.fabric = spec.fabric.kind;
    o.oversubscription = spec.oversubscription;
    o.leaf = spec.switchModel;
    o.tiers = spec.fabric.tiers > 0 ? spec.fabric.tiers : 2;
    Expected<Project> p = generateProject(o, catalog);
    if (!p && spec.fabric.tiers == 0 && spec.fabric.kind != FabricKind::None) {
        o.tiers = 3;
        Expected<Project> three = generateProject(o, catalog);
        // The 3-tier error says the more useful thing (how many 3 tiers connect) when both fail.
        p = std::move(three);
    }
    if (!p)
        return p;
    if (!request.name.empty())
        p->name = request.name + ": " + spec.label;
    if (!request.catalogOverrides.is_null())
        p->catalogOverrides = request.catalogOverrides;
    return p;
}

} // namespace

std::string toString(const DomainChoice &d)
{
    return d.domainSize > 0 ? d.nodeModel + ":" + std::to_string(d.domainSize) : d.nodeModel;
}

Expected<DomainChoice> domainChoiceFromString(const std::string &s)
{
    DomainChoice d;
    const std::size_t colon = s.find(':');
    d.nodeModel = s.substr(0, colon);
    if (d.nodeModel.empty())
        return Error{{}, s, "expected a server model, e.g. dgx-h100 or gb200-tray:36"};
    if (colon != std::string::npos) {
        bool ok = false;
        d.domainSize = positiveInt(s.substr(colon + 1), &ok);
        if (!ok)
            return Error{{},
                         s,
                         "expected MODEL:GPUS with a positive NVLink domain size in GPUs, e.g. "
                         "gb200-tray:36"};
    }
    return d;
}

std::string toString(const FabricChoice &f)
{
    std::string text = toString(f.kind);
    return f.tiers > 0 ? text + ":" + std::to_string(f.tiers) : text;
}

Expected<FabricChoice> fabricChoiceFromString(const std::string &s)
{
    FabricChoice f;
    const std::size_t colon = s.find(':');
    const std::optional<FabricKind> kind = fabricKindFromString(s.substr(0, colon));
    if (!kind || *kind == FabricKind::None)
        return Error{{}, s, "expected rail-optimized or fat-tree, optionally with :2 or :3 tiers"};
    f.kind = *kind;
    if (colon != std::string::npos) {
        const std::string tiers = s.substr(colon + 1);
        if (tiers != "2" && tiers != "3")
            return Error{{}, s, "expected 2 or 3 tiers after the colon, e.g. fat-tree:3"};
        f.tiers = tiers[0] - '0';
    }
    return f;
}

ExploreAxes defaultAxes(const Catalog &catalog)
{
    ExploreAxes axes;
    for (const auto &[id, s] : catalog.servers()) {
        if (s.nvlinkScope == NVLinkScope::Board && s.gpus == 8 && s.nvswitches > 0
            && s.nicGbits >= 400)
            axes.domains.push_back({id, 0});
    }
    for (const auto &[id, s] : catalog.servers()) {
        if (s.nvlinkScope == NVLinkScope::Rack)
            axes.domains.push_back({id, 0});
    }
    for (const auto &[id, s] : catalog.servers()) {
        if (s.nvlinkScope == NVLinkScope::External && s.gpus > 0 && 36 % s.gpus == 0)
            axes.domains.push_back({id, 36});
    }
    axes.fabrics = {{FabricKind::RailOptimized, 0}, {FabricKind::FatTree, 0}};
    axes.oversubscription = {1, 2, 4};
    axes.switchModels = {""};
    return axes;
}

std::vector<VariantSpec> variantsOf(const ExploreAxes &axes)
{
    std::vector<VariantSpec> out;
    const std::vector<std::string> switches
            = axes.switchModels.empty() ? std::vector<std::string>{""} : axes.switchModels;
    for (const DomainChoice &d : axes.domains) {
        for (const FabricChoice &f : axes.fabrics) {
            for (double r : axes.oversubscription) {
                for (const std::string &sw : switches) {
                    VariantSpec v{d, f, r, sw, {}};
                    std::string fabric = f.kind == FabricKind::RailOptimized ? "rail" : "fat-tree";
                    if (f.tiers > 0)
                        fabric += ":" + std::to_string(f.tiers);
                    v.label = toString(d) + " " + fabric + " " + ratioText(r);
                    if (!sw.empty())
                        v.label += " " + sw;
                    out.push_back(std::move(v));
                }
            }
        }
    }
    return out;
}

const char *toString(VariantStatus s)
{
    switch (s) {
    case VariantStatus::Ok:
        return "ok";
    case VariantStatus::Unbuildable:
        return "unbuildable";
    case VariantStatus::NoPlan:
        return "no-plan";
    case VariantStatus::Cancelled:
        return "cancelled";
    }
    return "cancelled";
}

std::optional<double> tokenCountFromString(const std::string &text)
{
    if (text.empty())
        return std::nullopt;
    double scale = 1;
    switch (text.back()) {
    case 'K':
    case 'k':
        scale = 1e3;
        break;
    case 'M':
        scale = 1e6;
        break;
    case 'B':
    case 'G':
        scale = 1e9;
        break;
    case 'T':
        scale = 1e12;
        break;
    default:
        break;
    }
    const std::string digits = scale == 1 ? text : text.substr(0, text.size() - 1);
    if (digits.empty()
        || !(std::isdigit(static_cast<unsigned char>(digits[0])) || digits[0] == '.'))
        return std::nullopt; // no sign, no space, no "inf"
    std::size_t used = 0;
    double v = 0;
    try {
        v = std::stod(digits, &used);
    } catch (...) {
        return std::nullopt;
    }
    if (used != digits.size() || !(v > 0) || !std::isfinite(v * scale))
        return std::nullopt;
    return v * scale;
}

double daysToTrain(double tokens, double tokensPerS)
{
    if (!(tokensPerS > 0) || !std::isfinite(tokensPerS))
        return std::numeric_limits<double>::infinity();
    return tokens / tokensPerS / 86'400.0;
}

VariantResult evaluateVariant(const VariantSpec &spec, const ExploreRequest &request)
{
    const Catalog &catalog = request.catalog ? *request.catalog : Catalog::builtin();
    VariantResult v;
    v.spec = spec;
    v.nodeModel = spec.domain.nodeModel;
    auto unbuildable = [&](std::string message) {
        v.status = VariantStatus::Unbuildable;
        v.message = std::move(message);
        return v;
    };
    // Generating a 4,096-GPU design and building its fabric graph take long enough that
    // Cancel must not wait for them: the request's flag is asked between the stages (the
    // planner asks it inside its enumeration).
    auto cancelled = [&] {
        if (!(request.cancel && request.cancel->load()))
            return false;
        v.status = VariantStatus::Cancelled;
        v.message = "cancelled before it was evaluated";
        return true;
    };
    if (cancelled())
        return v;

    const ServerModel *model = catalog.server(spec.domain.nodeModel);
    if (!model)
        return unbuildable("unknown server model \"" + spec.domain.nodeModel
                           + "\"; known: " + knownServers(catalog));
    if (!(spec.oversubscription >= 1) || !std::isfinite(spec.oversubscription))
        return unbuildable("oversubscription " + ratioText(spec.oversubscription)
                           + ": expected a ratio of downlinks to uplinks >= 1 (1 = non-blocking)");
    if (!spec.switchModel.empty() && !catalog.switchModel(spec.switchModel))
        return unbuildable("unknown switch model \"" + spec.switchModel + "\"");
    if (request.gpus <= 0)
        return unbuildable("expected a GPU count > 0");
    Expected<int> nodes = nodesFor(*model, request.gpus);
    if (!nodes)
        return unbuildable(nodes.error().message);
    v.nodes = *nodes;

    Expected<Project> project = build(spec, v.nodes, request, catalog);
    if (!project)
        return unbuildable(project.error().text());
    if (cancelled())
        return v;
    Expected<TopologySummary> summary = summarize(project->topology, catalog);
    if (!summary)
        return unbuildable(summary.error().text());
    v.summary = *summary;
    v.tiers = builtTiers(v.summary);
    Expected<BillOfMaterials> bom = billOfMaterials(*project, catalog, false);
    if (!bom)
        return unbuildable(bom.error().text());
    v.transceivers = bom->total.transceivers();
    if (v.summary.gpus != request.gpus)
        return unbuildable("reaches " + std::to_string(v.summary.gpus) + " GPUs, not "
                           + std::to_string(request.gpus));
    if (model->powerKW > 0)
        v.serverPowerKW = model->powerKW * v.nodes;
    if (model->nvlinkScope == NVLinkScope::External) {
        const int size = spec.domain.domainSize > 0 ? spec.domain.domainSize : 72;
        if (request.gpus % size != 0)
            v.notes.push_back("the last NVLink domain holds " + std::to_string(request.gpus % size)
                              + " of " + std::to_string(size) + " GPUs");
    }
    if (spec.fabric.tiers > 0 && v.tiers < spec.fabric.tiers && v.tiers > 0)
        v.notes.push_back(std::to_string(spec.fabric.tiers) + " tiers asked, "
                          + std::to_string(v.tiers) + " built: fewer switches join every GPU");

    if (cancelled())
        return v;
    Expected<Analyzer> analyzer = Analyzer::create(project->topology, catalog);
    if (!analyzer)
        return unbuildable(analyzer.error().text());
    if (cancelled())
        return v;
    v.domainSize = analyzer->domainSize();

    PlannerOptions options;
    options.top = 1;
    options.cancel = request.cancel;
    const PlannerResult planned = planJob(*analyzer, request.workload, {}, options);
    if (planned.runnable == 0 && !planned.plans.empty()) {
        v.status = VariantStatus::NoPlan;
        v.message = "no plan can run: a parallel group's GPUs have no path between them";
    } else if (planned.plans.empty()) {
        v.status = VariantStatus::NoPlan;
        v.message = "no plan of the job is valid and fits in memory ("
                    + std::to_string(planned.considered) + " combinations, "
                    + std::to_string(planned.valid) + " valid, " + std::to_string(planned.fitting)
                    + " fit)";
    } else {
        v.status = VariantStatus::Ok;
        v.best = planned.plans.front();
        if (request.tokenBudget)
            v.daysToTrain = daysToTrain(*request.tokenBudget, v.best->step.tokensPerS);
    }
    if (request.keepProjects) {
        if (v.best) {
            project->workload = v.best->workload;
            project->plan = v.best->plan;
        } else {
            project->workload = request.workload;
        }
        v.project = std::move(*project);
    }
    return v;
}

void markPareto(std::vector<VariantResult> &variants)
{
    for (VariantResult &v : variants) {
        v.pareto = false;
        if (v.status != VariantStatus::Ok)
            continue;
        v.pareto = std::none_of(variants.begin(), variants.end(), [&](const VariantResult &u) {
            if (&u == &v || u.status != VariantStatus::Ok)
                return false;
            const double ut = u.tokensPerS(), vt = v.tokensPerS();
            return ut >= vt && u.switches() <= v.switches()
                   && (ut > vt || u.switches() < v.switches());
        });
    }
}

ExploreResult explore(const ExploreRequest &request)
{
    ExploreResult result;
    result.gpus = request.gpus;
    result.workload = request.workload;
    result.tokenBudget = request.tokenBudget;
    const std::vector<VariantSpec> specs = variantsOf(request.axes);
    result.variants.resize(specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
        result.variants[i].spec = specs[i];
        result.variants[i].nodeModel = specs[i].domain.nodeModel;
        result.variants[i].message = "cancelled before it was evaluated";
    }

    const int total = static_cast<int>(specs.size());
    std::atomic<int> next{0};
    int done = 0;
    std::mutex progressMutex;
    auto cancelled = [&] {
        return request.cancel && request.cancel->load();
    };
    auto work = [&] {
        while (!cancelled()) {
            const int i = next.fetch_add(1);
            if (i >= total)
                return;
            VariantResult v;
            try {
                v = evaluateVariant(specs[i], request);
            } catch (const std::exception &e) {
                v.spec = specs[i];
                v.nodeModel = specs[i].domain.nodeModel;
                v.status = VariantStatus::Unbuildable;
                v.message = std::string("could not be evaluated: ") + e.what();
            }
            if (cancelled())
                return; // stopped half-way: not a result
            result.variants[i] = std::move(v);
            std::lock_guard lock(progressMutex);
            ++done;
            if (request.progress)
                request.progress(done, total, result.variants[i]);
        }
    };
    const int workers = std::max(1, std::min(request.workers, total));
    if (workers == 1) {
        work();
    } else {
        std::vector<std::thread> threads;
        for (int w = 0; w < workers; ++w)
            threads.emplace_back(work);
        for (std::thread &t : threads)
            t.join();
    }
    result.cancelled = done < total;
    markPareto(result.variants);
    return result;
}

namespace {

// "+8 switches", "24 fewer switches", "as many switches".
std::string switchDelta(int delta)
{
    if (delta == 0)
        return "as many switches";
    return std::to_string(std::abs(delta)) + (delta > 0 ? " more" : " fewer") + " switches";
}

std::string tokensText(const VariantResult &v)
{
    return figure::text(figure::tokensPerSecond(v.tokensPerS()));
}

} // namespace

namespace {

// Said where two designs differ by less than the projections' uncertainty on published runs.
std::string closerThanBand(double gain, const ProjectionBand &band)
{
    if (!band.known() || gain >= band.meanError)
        return {};
    return " That is within the " + bandText(band) + ": too close to call.";
}

} // namespace

std::vector<std::string> verdicts(const ExploreResult &r)
{
    std::vector<std::string> out;
    const VariantResult *best = nullptr;
    for (const VariantResult &v : r.variants)
        if (v.status == VariantStatus::Ok && (!best || v.tokensPerS() > best->tokensPerS()))
            best = &v;
    if (!best) {
        out.push_back("No variant can run the job on " + std::to_string(r.gpus)
                      + " GPUs: see each variant's message.");
        return out;
    }
    out.push_back("Best: " + best->spec.label + " at " + tokensText(*best) + " ("
                  + figure::text(figure::tokensPerSecond(best->tokensPerS() / std::max(1, r.gpus)))
                  + " per GPU), " + std::to_string(best->switches()) + " switches.");
    // The best of every other domain, in the order the domains were asked.
    std::vector<std::string> seen{toString(best->spec.domain)};
    for (const VariantResult &v : r.variants) {
        const std::string domain = toString(v.spec.domain);
        if (std::find(seen.begin(), seen.end(), domain) != seen.end())
            continue;
        const VariantResult *top = nullptr;
        for (const VariantResult &u : r.variants)
            if (u.status == VariantStatus::Ok && toString(u.spec.domain) == domain
                && (!top || u.tokensPerS() > top->tokensPerS()))
                top = &u;
        seen.push_back(domain);
        if (!top)
            continue;
        const double gain = best->tokensPerS() / top->tokensPerS() - 1;
        out.push_back(best->spec.label + " beats " + top->spec.label + " (the best on " + domain
                      + ") by " + figure::text(figure::percent(gain)) + " tokens/s, with "
                      + switchDelta(best->switches() - top->switches()) + "."
                      + closerThanBand(gain, best->best->band));
    }
    const VariantResult *frugal = nullptr;
    for (const VariantResult &v : r.variants)
        if (v.status == VariantStatus::Ok && v.tokensPerS() >= 0.95 * best->tokensPerS()
            && v.switches() < best->switches()
            && (!frugal || v.switches() < frugal->switches()
                || (v.switches() == frugal->switches() && v.tokensPerS() > frugal->tokensPerS())))
            frugal = &v;
    if (frugal)
        out.push_back(frugal->spec.label + " comes within "
                      + figure::text(figure::percent(1 - frugal->tokensPerS() / best->tokensPerS()))
                      + " of the best with " + switchDelta(frugal->switches() - best->switches())
                      + ".");
    return out;
}

namespace {

Json num(double v, int decimals)
{
    return jsonNumber(v, decimals);
}

} // namespace

Json toJson(const ExploreResult &r)
{
    Json variants = Json::array();
    for (const VariantResult &v : r.variants) {
        Json j = Json::object();
        j["label"] = v.spec.label;
        j["status"] = toString(v.status);
        j["message"] = v.message.empty() ? Json(nullptr) : Json(v.message);
        j["notes"] = v.notes;
        j["node_model"] = v.spec.domain.nodeModel;
        j["domain"] = toString(v.spec.domain);
        j["fabric"] = toString(v.spec.fabric.kind);
        j["oversubscription"] = v.spec.oversubscription;
        j["switch_model"] = v.spec.switchModel.empty() ? Json(nullptr) : Json(v.spec.switchModel);
        const bool built = v.status == VariantStatus::Ok || v.status == VariantStatus::NoPlan;
        if (built) {
            const TopologySummary &s = v.summary;
            j["nodes"] = v.nodes;
            j["domain_size"] = v.domainSize;
            j["tiers"] = v.tiers;
            j["gpus"] = s.gpus;
            j["domains"] = s.domains;
            j["switches"] = {{"leaf", s.leaf},
                             {"spine", s.spine},
                             {"core", s.core},
                             {"total", v.switches()}};
            j["links"] = s.links;
            j["cables"] = s.cables;
            j["transceivers"] = v.transceivers;
            j["server_power_kw"] = v.serverPowerKW ? num(*v.serverPowerKW, 1) : Json(nullptr);
        }
        if (v.best) {
            const Json a = toJson(*v.best);
            const StepEstimate &e = v.best->step;
            j["plan"] = a["plan"];
            j["tokens_per_s"] = a["tokens_per_s"];
            j["uncertainty"] = a.contains("uncertainty") ? a["uncertainty"] : Json(nullptr);
            j["tokens_per_s_per_gpu"] = num(e.tokensPerS / std::max(1, v.best->gpus), 2);
            j["mfu"] = a["mfu"];
            j["step_time_s"] = a["step_time_s"];
            j["breakdown_s"] = a["breakdown_s"];
            j["memory_per_gpu_gb"] = a["memory_per_gpu_gb"];
            j["diagnostics"] = static_cast<int>(v.best->diagnostics.size());
            j["days_to_train"] = v.daysToTrain ? num(*v.daysToTrain, 2) : Json(nullptr);
        }
        j["pareto"] = v.pareto;
        variants.push_back(std::move(j));
    }
    return Json{{"gpus", r.gpus},
                {"workload", toJson(r.workload)},
                {"token_budget", r.tokenBudget ? Json(*r.tokenBudget) : Json(nullptr)},
                {"cancelled", r.cancelled},
                {"power_note", kPowerNote},
                {"verdicts", verdicts(r)},
                {"variants", std::move(variants)}};
}

} // namespace topoplan
