#include "engine/explore/explore.h"

#include "engine/explore/exploreverdict.h"

#include "engine/core/figure.h"
#include "engine/document/cost.h"
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

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

namespace topoplan {

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
    o.planes = spec.planes;
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
    std::string text = d.nodeModel;
    if (d.domainSize > 0)
        text += ":" + std::to_string(d.domainSize);
    if (d.ranksPerDomain > 0)
        text += ":" + std::to_string(d.ranksPerDomain);
    return text;
}

Expected<DomainChoice> domainChoiceFromString(const std::string &s, const Catalog &catalog)
{
    DomainChoice d;
    const std::size_t colon = s.find(':');
    d.nodeModel = s.substr(0, colon);
    if (d.nodeModel.empty())
        return Error{
                {}, s, "expected a server model, e.g. dgx-h100, gb200-nvl72:64 or gb200-tray:36"};
    if (colon == std::string::npos)
        return d;
    const std::string rest = s.substr(colon + 1);
    const std::size_t second = rest.find(':');
    bool ok = false;
    const int first = positiveInt(rest.substr(0, second), &ok);
    int then = 0;
    if (ok && second != std::string::npos)
        then = positiveInt(rest.substr(second + 1), &ok);
    const ServerModel *model = catalog.server(d.nodeModel);
    const bool trays = !model || model->nvlinkScope == NVLinkScope::External;
    if (!ok || (!trays && second != std::string::npos))
        return Error{{},
                     s,
                     trays ? "expected MODEL:GPUS with a positive NVLink domain size in GPUs, and "
                             "optionally :RANKS run on each, e.g. gb200-tray:36 or "
                             "gb200-tray:72:64"
                           : "expected MODEL:RANKS with the GPUs of each NVLink domain that run "
                             "the job, e.g. gb200-nvl72:64"};
    if (trays) {
        d.domainSize = first;
        d.ranksPerDomain = then;
    } else {
        d.ranksPerDomain = first;
    }
    const int domain = trays ? d.domainSize : model->gpus;
    if (d.ranksPerDomain > domain)
        return Error{{},
                     s,
                     "expected at most " + std::to_string(domain) + " ranks on a "
                             + std::to_string(domain) + "-GPU NVLink domain"};
    return d;
}

ExploreAxes withoutRepeats(const ExploreAxes &axes)
{
    auto unique = [](auto list) {
        decltype(list) out;
        for (const auto &item : list)
            if (std::find(out.begin(), out.end(), item) == out.end())
                out.push_back(item);
        return out;
    };
    return {unique(axes.domains), unique(axes.fabrics), unique(axes.oversubscription),
            unique(axes.switchModels), unique(axes.planes)};
}

namespace {

// The smallest step a domain grows by: `nodes` servers adding `builtGpus` GPUs of which
// `jobGpus` run the job.
Expected<JobSize> stepOf(const DomainChoice &d, const Catalog &catalog)
{
    const ServerModel *model = catalog.server(d.nodeModel);
    if (!model)
        return Error{{},
                     {},
                     "unknown server model \"" + d.nodeModel
                             + "\"; known: " + knownServers(catalog)};
    if (model->gpus <= 0)
        return Error{{}, {}, model->id + " has no GPUs"};
    const int r = d.ranksPerDomain;
    switch (model->nvlinkScope) {
    case NVLinkScope::External: {
        const int domain = d.domainSize > 0 ? d.domainSize : 72;
        if (r == 0)
            return JobSize{1, model->gpus, model->gpus};
        if (domain % model->gpus != 0)
            return Error{{},
                         {},
                         "a " + std::to_string(domain) + "-GPU NVLink domain is not a whole number "
                                 + "of " + std::to_string(model->gpus) + "-GPU " + model->id
                                 + " trays, so ranks per domain cannot be placed"};
        return JobSize{domain / model->gpus, domain, r};
    }
    case NVLinkScope::Board:
    case NVLinkScope::Rack:
        if (d.domainSize > 0 && d.domainSize != model->gpus)
            return Error{{},
                         {},
                         model->id + " has a fixed " + std::to_string(model->gpus)
                                 + "-GPU NVLink domain; a domain size applies to trays"};
        return JobSize{1, model->gpus, r > 0 ? std::min(r, model->gpus) : model->gpus};
    default:
        if (r > 0)
            return Error{{},
                         {},
                         "ranks per domain need a server whose GPUs share one NVLink domain; "
                                 + model->id + " has none of its own"};
        return JobSize{1, model->gpus, model->gpus};
    }
}

std::string fabricLabel(const FabricChoice &f)
{
    std::string fabric = f.kind == FabricKind::RailOptimized ? "rail"
                         : f.kind == FabricKind::RailOnly    ? "rail-only"
                                                             : "fat-tree";
    if (f.tiers > 0)
        fabric += ":" + std::to_string(f.tiers);
    return fabric;
}

} // namespace

Expected<std::vector<JobSize>> jobSizesNear(const DomainChoice &d, int gpus, const Catalog &catalog)
{
    Expected<JobSize> step = stepOf(d, catalog);
    if (!step)
        return step.error();
    if (gpus <= 0)
        return Error{{}, {}, "expected a GPU count > 0"};
    const long long below = gpus / step->jobGpus;
    std::vector<long long> counts;
    if (below > 0)
        counts.push_back(below);
    if (gpus % step->jobGpus != 0)
        counts.push_back(below + 1);
    std::vector<JobSize> out;
    for (long long k : counts) {
        if (k * step->nodes > std::numeric_limits<int>::max() / 2
            || k * step->builtGpus > std::numeric_limits<int>::max() / 2)
            return Error{{}, {}, std::to_string(gpus) + " GPUs is beyond any design"};
        out.push_back(JobSize{static_cast<int>(k * step->nodes),
                              static_cast<int>(k * step->builtGpus),
                              static_cast<int>(k * step->jobGpus)});
    }
    return out;
}

std::vector<VariantSpec> variantsOf(const ExploreAxes &asked, int gpus, const Catalog &catalog)
{
    const ExploreAxes axes = withoutRepeats(asked);
    std::vector<VariantSpec> out;
    const std::vector<std::string> switches
            = axes.switchModels.empty() ? std::vector<std::string>{""} : axes.switchModels;
    const std::vector<int> planes = axes.planes.empty() ? std::vector<int>{1} : axes.planes;
    for (const DomainChoice &d : axes.domains) {
        Expected<std::vector<JobSize>> near = jobSizesNear(d, gpus, catalog);
        std::vector<JobSize> sizes = near ? *near : std::vector<JobSize>{};
        if (sizes.empty())
            sizes.push_back(JobSize{}); // evaluated as unbuildable, with the reason
        for (const FabricChoice &f : axes.fabrics) {
            for (int k : planes) {
                for (double r : axes.oversubscription) {
                    for (const std::string &sw : switches) {
                        for (const JobSize &size : sizes) {
                            VariantSpec v{.domain = d,
                                          .fabric = f,
                                          .oversubscription = r,
                                          .switchModel = sw,
                                          .planes = k,
                                          .nodes = size.nodes,
                                          .builtGpus = size.builtGpus,
                                          .jobGpus = size.jobGpus,
                                          .label = {}};
                            v.label = toString(d) + " "
                                      + (k > 1 ? std::to_string(k) + "-plane " : std::string())
                                      + fabricLabel(f) + " " + ratioText(r);
                            if (!sw.empty())
                                v.label += " " + sw;
                            if (size.jobGpus > 0 && size.jobGpus != gpus)
                                v.label += " (" + std::to_string(size.jobGpus) + " GPUs)";
                            out.push_back(std::move(v));
                        }
                    }
                }
            }
        }
    }
    return out;
}

long long variantCount(const ExploreAxes &asked, int gpus, const Catalog &catalog)
{
    const ExploreAxes axes = withoutRepeats(asked);
    long long sizes = 0;
    for (const DomainChoice &d : axes.domains) {
        Expected<std::vector<JobSize>> near = jobSizesNear(d, gpus, catalog);
        sizes += near ? std::max<long long>(1, static_cast<long long>(near->size())) : 1;
    }
    return sizes * static_cast<long long>(axes.fabrics.size())
           * static_cast<long long>(axes.oversubscription.size())
           * std::max<long long>(1, static_cast<long long>(axes.switchModels.size()))
           * std::max<long long>(1, static_cast<long long>(axes.planes.size()));
}

std::string toString(const Shard &s)
{
    return std::to_string(s.index + 1) + "/" + std::to_string(s.count);
}

Expected<Shard> shardFromString(const std::string &s)
{
    const std::size_t slash = s.find('/');
    bool ok = slash != std::string::npos;
    const int index = ok ? positiveInt(s.substr(0, slash), &ok) : 0;
    const int count = ok ? positiveInt(s.substr(slash + 1), &ok) : 0;
    if (!ok || index > count || count > 100'000)
        return Error{{}, s, "expected I/N with 1 <= I <= N, e.g. 2/4 for the second of 4 shards"};
    return Shard{index - 1, count};
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
        return Error{
                {},
                s,
                "expected rail-optimized, fat-tree or rail-only, optionally with :2 or :3 tiers"};
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
    axes.planes = {1};
    return axes;
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
    if (spec.nodes <= 0) {
        Expected<std::vector<JobSize>> sizes = jobSizesNear(spec.domain, request.gpus, catalog);
        return unbuildable(sizes ? "no size of this domain builds the job" : sizes.error().message);
    }
    v.nodes = spec.nodes;

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
    if (v.summary.gpus != spec.builtGpus)
        return unbuildable("reaches " + std::to_string(v.summary.gpus) + " GPUs, not "
                           + std::to_string(spec.builtGpus));
    if (model->powerKW > 0)
        v.serverPowerKW = model->powerKW * v.nodes;
    // Priced and powered as the bill of materials counts the parts; a figure the catalog or the
    // price book lacks for any part leaves the total unstated, never guessed.
    if (Expected<DesignCost> cost = designCost(*project, catalog)) {
        if (std::isfinite(cost->capex())) {
            v.capex = cost->capex();
            v.currency = cost->currency;
        }
        if (cost->itPowerComplete())
            v.itPowerKW = cost->itPowerW() / 1000;
    }
    if (model->nvlinkScope == NVLinkScope::External) {
        const int size = spec.domain.domainSize > 0 ? spec.domain.domainSize : 72;
        if (spec.builtGpus % size != 0)
            v.notes.push_back("the last NVLink domain holds "
                              + std::to_string(spec.builtGpus % size) + " of "
                              + std::to_string(size) + " GPUs");
    }
    using figure::whole;
    if (spec.jobGpus != spec.builtGpus)
        v.notes.push_back(whole(spec.builtGpus) + " GPUs built, " + whole(spec.jobGpus)
                          + " run the job (" + whole(spec.domain.ranksPerDomain)
                          + " of each NVLink domain); " + whole(spec.builtGpus - spec.jobGpus)
                          + " stay spare");
    if (spec.jobGpus != request.gpus)
        v.notes.push_back("built for " + whole(spec.jobGpus) + " GPUs, the nearest "
                          + (spec.jobGpus < request.gpus ? "below " : "above ")
                          + whole(request.gpus) + " this domain gives");
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
    options.gpusPerDomain = spec.domain.ranksPerDomain;
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

namespace {

// What one worker holds while it evaluates a variant, per GPU of the design: the project, its
// FabricGraph, the routes the planner caches and its analyses. Measured: 24 variants of a
// 32,768-GPU Llama 3 405B job on 2 workers (tests/benchmarks/bench_explore) peak at 710 MB
// resident, about 10 kB per GPU of the two designs in memory at once.
constexpr double kBytesPerGpuEvaluated = 10'000;
// A built project kept to be saved or opened (--save-variants, the panel), per GPU.
constexpr double kBytesPerGpuKept = 1'500;

// The machine's physical memory in bytes; 0 where it cannot be told.
double physicalMemoryBytes()
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
    const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && size > 0 ? double(pages) * double(size) : 0;
#else
    return 0;
#endif
}

std::string gigabytesText(double bytes)
{
    return figure::text(figure::gigabytes(bytes / 1e9));
}

// The most NIC ports 3 tiers of a leaf model's radix reach at a ratio: each of k cores joins k
// pods of `down` spines' worth of `down`-port leaves (Al-Fares et al.: k^3/4 at 1:1). An upper
// bound on what the generator builds, never below it.
double nicPortBound(int ports, double ratio, int tiers)
{
    const double down = std::floor(ports * ratio / (ratio + 1) + 1e-9);
    return tiers == 2 ? ports * down : ports * down * down;
}

// The most GPUs any variant of `specs` could connect, and the variant, for the refusal.
std::optional<Error> beyondEveryFabric(const std::vector<VariantSpec> &specs, int gpus,
                                       const Catalog &catalog)
{
    int radix = 0;
    for (const auto &[id, sw] : catalog.switches())
        radix = std::max(radix, sw.ports);
    double most = 0;
    std::string how;
    for (const VariantSpec &spec : specs) {
        const ServerModel *model = catalog.server(spec.domain.nodeModel);
        const SwitchModel *leaf
                = spec.switchModel.empty() ? nullptr : catalog.switchModel(spec.switchModel);
        if (!model || model->nics <= 0 || model->gpus <= 0 || spec.nodes <= 0)
            continue;
        const int ports = leaf ? leaf->ports : radix;
        const int tiers = spec.fabric.tiers > 0 ? spec.fabric.tiers : 3;
        // Each plane reaches as many NIC ports as a whole fabric of its tiers; a rail-only
        // fabric is a network per rail, and a server has at most a rail per NIC.
        const int networks
                = spec.fabric.kind == FabricKind::RailOnly ? model->nics : std::max(1, spec.planes);
        const double reach = nicPortBound(ports, spec.oversubscription, tiers) * networks
                             / model->nics * model->gpus;
        if (reach >= spec.builtGpus)
            return std::nullopt;
        if (reach > most) {
            most = reach;
            how = (spec.fabric.kind == FabricKind::RailOnly
                           ? std::string("a rail-only network per rail of ")
                   : spec.planes > 1 ? std::to_string(spec.planes) + " planes of "
                                     : std::string())
                  + std::to_string(tiers) + " tiers of " + std::to_string(ports)
                  + "-port switches at " + ratioText(spec.oversubscription) + " ("
                  + spec.domain.nodeModel + ")";
        }
    }
    if (how.empty())
        return std::nullopt; // nothing sized: each variant says why
    return Error{{},
                 "--gpus",
                 std::to_string(gpus) + " GPUs is beyond every design asked: the most any reaches "
                         + "is about " + std::to_string(static_cast<long long>(most)) + " GPUs, "
                         + how};
}

// The largest designs of the run's shard, largest first, and the workers that take them.
std::vector<double> shardSizes(const ExploreRequest &request, const std::vector<VariantSpec> &specs)
{
    std::vector<double> sizes;
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (static_cast<int>(i % request.shard.count) == request.shard.index)
            sizes.push_back(specs[i].builtGpus);
    std::sort(sizes.rbegin(), sizes.rend());
    return sizes;
}

double memoryOf(const ExploreRequest &request, const std::vector<double> &sizes)
{
    const std::size_t workers = std::min<std::size_t>(sizes.size(), std::max(1, request.workers));
    double needed = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i < workers)
            needed += sizes[i] * kBytesPerGpuEvaluated;
        if (request.keepProjects)
            needed += sizes[i] * kBytesPerGpuKept;
    }
    return needed;
}

std::optional<Error> beyondMemory(const ExploreRequest &request,
                                  const std::vector<VariantSpec> &specs)
{
    const std::vector<double> sizes = shardSizes(request, specs);
    if (sizes.empty())
        return std::nullopt;
    const double needed = memoryOf(request, sizes);
    const double budget = request.memoryBudgetBytes > 0 ? request.memoryBudgetBytes
                                                        : 0.8 * physicalMemoryBytes();
    if (budget <= 0 || needed <= budget)
        return std::nullopt;
    const std::size_t workers = std::min<std::size_t>(sizes.size(), std::max(1, request.workers));
    return Error{{},
                 "--gpus",
                 "exploring these " + std::to_string(sizes.size()) + " designs needs about "
                         + gigabytesText(needed) + " of memory (" + std::to_string(workers)
                         + " at a time, the largest of "
                         + std::to_string(static_cast<long long>(sizes.front())) + " GPUs"
                         + (request.keepProjects ? ", every built design kept" : "") + ") where "
                         + gigabytesText(budget)
                         + " is available: ask fewer GPUs or designs, or split the run into "
                           "shards (--shard) over several machines"};
}

} // namespace

double estimatedMemoryBytes(const ExploreRequest &request)
{
    const Catalog &catalog = request.catalog ? *request.catalog : Catalog::builtin();
    return memoryOf(request, shardSizes(request, variantsOf(request.axes, request.gpus, catalog)));
}

std::optional<Error> refusal(const ExploreRequest &request)
{
    const Catalog &catalog = request.catalog ? *request.catalog : Catalog::builtin();
    if (request.gpus <= 0)
        return Error{{}, "--gpus", "expected a GPU count > 0"};
    if (request.shard.count < 1 || request.shard.index < 0
        || request.shard.index >= request.shard.count)
        return Error{{}, "--shard", "expected I/N with 1 <= I <= N"};
    const long long count = variantCount(request.axes, request.gpus, catalog);
    if (count > request.maxVariants)
        return Error{{},
                     "--max-variants",
                     "the axes give " + std::to_string(count) + " designs, more than the "
                             + std::to_string(request.maxVariants)
                             + " explored without asking: raise --max-variants to "
                             + std::to_string(count)
                             + ", choose fewer values, or split the run into shards (--shard)"};
    const std::vector<VariantSpec> specs = variantsOf(request.axes, request.gpus, catalog);
    if (auto e = beyondEveryFabric(specs, request.gpus, catalog))
        return e;
    return beyondMemory(request, specs);
}

Expected<ExploreResult> explore(const ExploreRequest &request)
{
    if (std::optional<Error> e = refusal(request))
        return *e;
    const Catalog &catalog = request.catalog ? *request.catalog : Catalog::builtin();
    ExploreResult result;
    result.gpus = request.gpus;
    result.workload = request.workload;
    result.tokenBudget = request.tokenBudget;
    result.against = request.against;
    result.axes = withoutRepeats(request.axes);
    result.shard = request.shard;
    std::vector<VariantSpec> specs;
    {
        std::vector<VariantSpec> all = variantsOf(result.axes, request.gpus, catalog);
        result.variantCount = static_cast<long long>(all.size());
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (static_cast<int>(i % request.shard.count) != request.shard.index)
                continue;
            specs.push_back(std::move(all[i]));
            result.indices.push_back(static_cast<long long>(i));
        }
    }
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
    markPareto(result.variants, result.against, result.gpus);
    return result;
}

} // namespace topoplan
