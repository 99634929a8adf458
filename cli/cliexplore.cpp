#include "cli/cliexplore.h"

#include "cli/cli.h"
#include "cli/clianalyze.h"
#include "cli/cliargs.h"

#include "engine/core/figure.h"
#include "engine/explore/compare.h"
#include "engine/explore/explore.h"
#include "engine/explore/explorejson.h"
#include "engine/explore/exploreverdict.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"
#include "engine/plan/diagnosticstext.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <thread>

namespace topoplan::cli {

namespace {

std::vector<std::string> splitList(const std::string &text)
{
    std::vector<std::string> items;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::size_t end = comma == std::string::npos ? text.size() : comma;
        items.push_back(text.substr(start, end - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return items;
}

int workers()
{
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::string fixedText(double v, int decimals)
{
    return std::isfinite(v) ? figure::number(v, decimals) : "-";
}

// A whole count with its thousands grouped ("831,943"), or "-".
std::string countText(double v)
{
    return std::isfinite(v) ? figure::count(std::llround(v)) : "-";
}

std::string planShort(const AnalysisResult &r)
{
    const Plan &p = r.plan;
    std::string s = "tp" + std::to_string(p.tp) + " pp" + std::to_string(p.pp) + " dp"
                    + std::to_string(p.dp);
    if (p.cp > 1)
        s += " cp" + std::to_string(p.cp);
    if (p.ep > 1)
        s += " ep" + std::to_string(p.ep);
    return s;
}

// A file name for a variant's label: letters, digits, '-' and '.' kept, the rest '_'.
std::string fileNameOf(const std::string &label)
{
    std::string out;
    for (char c : label) {
        const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
        out += keep ? c : '_';
    }
    return out;
}

// The axes from the options, each defaulting to defaultAxes(); prints every malformed item.
std::optional<ExploreAxes> axesFrom(const Args &a, const Catalog &catalog, std::ostream &err)
{
    ExploreAxes axes = defaultAxes(catalog);
    bool ok = true;
    if (a.has("domains")) {
        axes.domains.clear();
        for (const std::string &item : splitList(a.value("domains"))) {
            Expected<DomainChoice> d = domainChoiceFromString(item, catalog);
            if (!d) {
                err << "error: --domains: \"" << item << "\": " << d.error().message << "\n";
                ok = false;
            } else if (!catalog.server(d->nodeModel)) {
                err << "error: --domains: unknown server model \"" << d->nodeModel << "\"\n";
                ok = false;
            } else {
                axes.domains.push_back(*d);
            }
        }
    }
    if (a.has("fabrics")) {
        axes.fabrics.clear();
        for (const std::string &item : splitList(a.value("fabrics"))) {
            Expected<FabricChoice> f = fabricChoiceFromString(item);
            if (!f) {
                err << "error: --fabrics: \"" << item << "\": " << f.error().message << "\n";
                ok = false;
            } else {
                axes.fabrics.push_back(*f);
            }
        }
    }
    if (a.has("planes")) {
        axes.planes.clear();
        for (const std::string &item : splitList(a.value("planes"))) {
            bool number = !item.empty() && item.size() <= 2
                          && std::all_of(item.begin(), item.end(),
                                         [](char c) { return c >= '0' && c <= '9'; });
            const int k = number ? std::stoi(item) : 0;
            if (k < 1 || k > kMaxPlanes) {
                err << "error: --planes: \"" << item << "\": expected a number of planes from 1 to "
                    << kMaxPlanes << "\n";
                ok = false;
            } else {
                axes.planes.push_back(k);
            }
        }
    }
    if (a.has("oversubscription")) {
        axes.oversubscription.clear();
        for (const std::string &item : splitList(a.value("oversubscription"))) {
            std::string number = item;
            if (number.size() > 2 && number.substr(number.size() - 2) == ":1")
                number.resize(number.size() - 2);
            std::size_t used = 0;
            double r = 0;
            try {
                r = std::stod(number, &used);
            } catch (...) {
                used = 0;
            }
            if (used == 0 || used != number.size() || !(r >= 1) || !std::isfinite(r) || r > 64) {
                err << "error: --oversubscription: \"" << item
                    << "\": expected a ratio from 1 to 64, as 2 or 2:1\n";
                ok = false;
            } else {
                axes.oversubscription.push_back(r);
            }
        }
    }
    if (a.has("switches")) {
        axes.switchModels.clear();
        for (const std::string &item : splitList(a.value("switches"))) {
            if (!catalog.switchModel(item)) {
                err << "error: --switches: unknown switch model \"" << item << "\"\n";
                ok = false;
            } else {
                axes.switchModels.push_back(item);
            }
        }
    }
    if (!ok)
        return std::nullopt;
    return axes;
}

// The plan of a variant's JSON: "tp8 pp16 dp16", with cp and ep where above 1.
std::string planShort(const Json &plan)
{
    std::string s = "tp" + std::to_string(plan.value("tp", 1)) + " pp"
                    + std::to_string(plan.value("pp", 1)) + " dp"
                    + std::to_string(plan.value("dp", 1));
    if (plan.value("cp", 1) > 1)
        s += " cp" + std::to_string(plan.value("cp", 1));
    if (plan.value("ep", 1) > 1)
        s += " ep" + std::to_string(plan.value("ep", 1));
    return s;
}

double numberOf(const Json &j, const char *key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : std::nan("");
}

// The report of an explore result from its JSON document, so that a single run and the merge
// of its shards print the same: a row per variant, the notes, the verdicts.
void printExplore(const std::string &title, const Json &r, std::ostream &out)
{
    const Json &variants = r["variants"];
    const bool budget = !r["token_budget"].is_null();
    const std::string model = r["workload"]["model"].value("name", "");
    out << title << ": " << variants.size() << " designs of about " << r["gpus"].get<int>()
        << " GPUs for " << (model.empty() ? "the workload" : model) << "\n";
    // The IT load and the capital cost where the catalog and the price book state them for
    // some design (every part of it), else no column.
    const auto anyHas = [&variants](const char *key) {
        return std::any_of(variants.begin(), variants.end(),
                           [key](const Json &v) { return v.contains(key) && v[key].is_number(); });
    };
    const bool itLoad = anyHas("it_power_kw");
    const bool capex = anyHas("capex");
    std::vector<std::string> header
            = {"#", "design", "GPUs", "domain", "switches L/S/C", "cables", "server kW"};
    if (itLoad)
        header.push_back("IT kW");
    if (capex)
        header.push_back("capex");
    for (const char *h : {"plan", "tokens/s", "per GPU", "MFU", "step"})
        header.push_back(h);
    if (budget)
        header.push_back("days");
    header.push_back("front");
    Table t(header);
    std::vector<std::string> messages;
    for (const Json &v : variants) {
        const std::string index = std::to_string(v["index"].get<long long>() + 1);
        const std::string label = v["label"].get<std::string>();
        std::vector<std::string> row = {index, label};
        row.push_back(countText(numberOf(v, "job_gpus")));
        if (v.contains("switches")) {
            const Json &sw = v["switches"];
            row.push_back(std::to_string(v["domain_size"].get<int>()));
            row.push_back(std::to_string(sw["leaf"].get<int>()) + "/"
                          + std::to_string(sw["spine"].get<int>()) + "/"
                          + std::to_string(sw["core"].get<int>()));
            row.push_back(countText(numberOf(v, "cables")));
            row.push_back(fixedText(numberOf(v, "server_power_kw"), 0));
            if (itLoad)
                row.push_back(fixedText(numberOf(v, "it_power_kw"), 0));
            if (capex)
                row.push_back(v["capex"].is_number() ? figure::text(figure::money(
                                      v["capex"].get<double>(), v.value("currency", std::string())))
                                                     : "-");
        } else {
            row.insert(row.end(), {"-", "-", "-", "-"});
            if (itLoad)
                row.push_back("-");
            if (capex)
                row.push_back("-");
        }
        if (v.contains("plan")) {
            row.push_back(planShort(v["plan"]));
            row.push_back(countText(numberOf(v, "tokens_per_s")));
            row.push_back(countText(numberOf(v, "tokens_per_s_per_gpu")));
            row.push_back(diagtext::percent(numberOf(v, "mfu")));
            row.push_back(figure::text(figure::duration(numberOf(v, "step_time_s"))));
            if (budget)
                row.push_back(fixedText(numberOf(v, "days_to_train"), 1));
        } else {
            row.insert(row.end(), {v["status"].get<std::string>(), "-", "-", "-", "-"});
            if (budget)
                row.push_back("-");
            if (v["message"].is_string())
                messages.push_back("  #" + index + " " + label + ": "
                                   + v["message"].get<std::string>());
        }
        row.push_back(v["pareto"].get<bool>() ? "*" : "");
        t.add(std::move(row));
        for (const Json &n : v["notes"])
            messages.push_back("  #" + index + " " + label + ": " + n.get<std::string>());
    }
    out << t.str();
    if (!messages.empty()) {
        out << "\nNotes:\n";
        for (const std::string &m : messages)
            out << m << "\n";
    }
    out << "\n";
    for (const Json &s : r["verdicts"])
        out << s.get<std::string>() << "\n";
    out << "front: on the Pareto front of tokens/s against " << r["against"].get<std::string>()
        << (r.contains("shard") ? " (of this shard only: merge the shards for the whole run's)"
                                : "")
        << ".\n"
        << "server kW: the servers' maximum power from the catalog's datasheet figures"
        << (itLoad ? "; IT kW adds the switches and transceivers" : "")
        << (capex ? "; capex prices every part from the price book" : "")
        << (itLoad || capex ? " (\"-\" where a part has no figure)" : "") << ".\n";
}

int mergeExplore(const Args &a, std::ostream &out, std::ostream &err)
{
    std::vector<ShardFile> shards;
    for (std::size_t i = 0; i < a.positionalCount(); ++i) {
        Expected<Json> j = readJsonFile(a.positional(i));
        if (!j) {
            err << "error: " << j.error().text() << "\n";
            return InvalidInput;
        }
        shards.push_back({a.positional(i), std::move(*j)});
    }
    Expected<Json> merged = mergeShards(shards);
    if (!merged) {
        err << "error: " << merged.error().text() << "\n";
        return InvalidInput;
    }
    if (a.flag("json"))
        out << dumpJson(*merged, 2) << "\n";
    else
        printExplore("merged " + std::to_string(shards.size()) + " shards", *merged, out);
    return Ok;
}

// The request's options beyond the axes: the GPU count, the token budget, the metric, the
// cap on variants and the shard. Prints what is malformed.
bool runOptions(const Args &a, ExploreRequest *request, std::ostream &err)
{
    if (a.has("tokens")) {
        request->tokenBudget = tokenCountFromString(a.value("tokens"));
        if (!request->tokenBudget) {
            err << "error: --tokens: expected a positive token count such as 15T or 1.5e13, "
                   "found \""
                << a.value("tokens") << "\"\n";
            return false;
        }
    }
    if (a.has("gpus")) {
        std::optional<int> gpus = a.positiveInt("gpus", err);
        if (!gpus)
            return false;
        request->gpus = *gpus;
    }
    if (a.has("against")) {
        std::optional<ExploreMetric> m = exploreMetricFromString(a.value("against"));
        if (!m) {
            std::string known;
            for (ExploreMetric each : exploreMetrics())
                known += (known.empty() ? "" : ", ") + std::string(toString(each));
            err << "error: --against: expected one of " << known << ", found \""
                << a.value("against") << "\"\n";
            return false;
        }
        request->against = *m;
    }
    if (a.has("max-variants")) {
        std::optional<int> n = a.positiveInt("max-variants", err);
        if (!n)
            return false;
        request->maxVariants = *n;
    }
    if (a.has("shard")) {
        Expected<Shard> s = shardFromString(a.value("shard"));
        if (!s) {
            err << "error: --shard: " << s.error().text() << "\n";
            return false;
        }
        request->shard = *s;
    }
    return true;
}

} // namespace

int cmdExplore(const Args &a, std::ostream &out, std::ostream &err)
{
    if (a.flag("merge"))
        return mergeExplore(a, out, err);
    if (a.positionalCount() != 1) {
        err << "error: explore takes one project file (or --merge and the shards' JSON files)\n";
        return BadUsage;
    }
    const std::string file = a.positional(0);
    if (a.has("workload") && a.has("workload-preset")) {
        err << "error: --workload and --workload-preset exclude each other\n";
        return BadUsage;
    }
    ExploreRequest request;
    if (!runOptions(a, &request, err))
        return BadUsage;
    const std::optional<ProjectFile> read = readProjectFile(file, err, &a);
    if (!read)
        return InvalidInput;
    const Project *project = &read->project;
    const Catalog *catalog = &read->catalog;
    std::optional<ExploreAxes> axes = axesFrom(a, *catalog, err);
    if (!axes)
        return BadUsage;
    request.axes = *axes;
    std::string source;
    Expected<Workload> workload = jobWorkload(a, *project, file, &source);
    if (!workload) {
        err << "error: " << workload.error().text() << "\n";
        return InvalidInput;
    }
    request.workload = *workload;
    if (request.gpus == 0) {
        Expected<TopologySummary> s = summarize(project->topology, *catalog);
        if (!s) {
            Error e = s.error();
            e.file = file;
            err << "error: " << e.text() << "\n";
            return InvalidInput;
        }
        request.gpus = s->gpus;
    }
    request.catalog = &*catalog;
    request.catalogOverrides = project->catalogOverrides;
    request.workers = workers();
    request.keepProjects = a.has("save-variants");
    request.name = project->name;

    const Expected<ExploreResult> r = explore(request);
    if (!r) {
        err << "error: " << r.error().text() << "\n";
        return BadUsage;
    }

    if (a.has("save-variants")) {
        const std::filesystem::path dir = a.value("save-variants");
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        if (ec) {
            err << "error: --save-variants: cannot create " << dir.string() << ": " << ec.message()
                << "\n";
            return InvalidInput;
        }
        for (const VariantResult &v : r->variants) {
            if (!v.project)
                continue;
            const std::string path = (dir / (fileNameOf(v.spec.label) + ".topoplan")).string();
            if (std::optional<std::string> problem = outputProblem(path, inputFiles(a))) {
                err << "error: --save-variants: \"" << path << "\" " << *problem << "\n";
                return BadUsage;
            }
            if (auto e = saveProject(*v.project, path)) {
                err << "error: " << e->text() << "\n";
                return InvalidInput;
            }
        }
    }

    const Json j = toJson(*r);
    if (a.flag("json"))
        out << dumpJson(j, 2) << "\n";
    else
        printExplore(file + (r->shard.count > 1 ? " (shard " + toString(r->shard) + ")" : ""), j,
                     out);
    return Ok;
}

namespace {

// The IT load (with "+" where a part states no power), the network's capital cost and share,
// and the cost per million tokens; "-" where the price book does not say.
std::vector<std::string> costCells(const std::optional<DesignCost> &cost)
{
    if (!cost)
        return {"-", "-", "-"};
    const std::string power
            = figure::text(figure::power(cost->itPowerW())) + (cost->itPowerComplete() ? "" : "+");
    const CostTotal net = cost->network();
    const std::string capex
            = net.priced && std::isfinite(cost->networkShare())
                      ? figure::text(figure::money(net.capex, cost->currency)) + " ("
                                + figure::text(figure::percent(cost->networkShare())) + ")"
                      : "-";
    const double perM = cost->costPerMillionTokens();
    return {power, capex,
            std::isfinite(perM) ? figure::number(perM, 4) + " " + cost->currency : "-"};
}

} // namespace

int cmdCompare(const Args &a, std::ostream &out, std::ostream &err)
{
    if (a.has("workload") && a.has("workload-preset")) {
        err << "error: --workload and --workload-preset exclude each other\n";
        return BadUsage;
    }
    std::vector<DesignInput> designs;
    std::optional<Workload> workload;
    for (std::size_t i = 0; i < a.positionalCount(); ++i) {
        const std::string &file = a.positional(i);
        Expected<Project> project = loadProject(file);
        if (project && a.has("prices"))
            project = withPriceFile(std::move(*project), a.value("prices"));
        if (!project) {
            err << "error: " << project.error().text() << "\n";
            return InvalidInput;
        }
        if (!workload) {
            // The job is the one stated by the options, or by the first design's file.
            std::string source;
            Expected<Workload> w = jobWorkload(a, *project, file, &source);
            if (!w) {
                err << "error: " << w.error().text() << "\n";
                return InvalidInput;
            }
            workload = *w;
        }
        designs.push_back({file, std::move(*project)});
    }
    const Comparison c = compareDesigns(designs, *workload, workers());
    if (a.flag("json")) {
        out << dumpJson(toJson(c), 2) << "\n";
        return Ok;
    }
    out << "The same job ("
        << (c.workload.model.name.empty() ? "the workload" : c.workload.model.name) << ") on "
        << c.designs.size() << " designs; deltas against " << c.designs.front().name << "\n";
    Table t({"design", "GPUs", "domain", "switches L/S/C", "cables", "plan", "tokens/s", "per GPU",
             "MFU", "step", "IT load", "network capex", "per M tokens", "against the first"});
    for (std::size_t i = 0; i < c.designs.size(); ++i) {
        const DesignReport &d = c.designs[i];
        std::vector<std::string> row = {d.name};
        if (d.built) {
            row.push_back(std::to_string(d.summary.gpus));
            row.push_back(std::to_string(d.domainSize));
            row.push_back(std::to_string(d.summary.leaf) + "/" + std::to_string(d.summary.spine)
                          + "/" + std::to_string(d.summary.core));
            row.push_back(std::to_string(d.summary.cables));
        } else {
            row.insert(row.end(), {"-", "-", "-", "-"});
        }
        if (d.best) {
            const StepEstimate &e = d.best->step;
            row.push_back(planShort(*d.best));
            row.push_back(fixedText(e.tokensPerS, 0));
            row.push_back(fixedText(e.tokensPerS / std::max(1, d.best->gpus), 1));
            row.push_back(diagtext::percent(e.mfu));
            row.push_back(figure::text(figure::duration(e.stepTimeS)));
        } else {
            row.insert(row.end(), {"-", "-", "-", "-", "-"});
        }
        for (const std::string &cell : costCells(d.cost))
            row.push_back(cell);
        row.push_back(c.deltas[i].text);
        t.add(std::move(row));
    }
    out << t.str();
    bool failed = false;
    for (const DesignReport &d : c.designs) {
        if (!d.error.empty()) {
            out << "  " << d.name << ": " << d.error << "\n";
            failed = true;
        }
    }
    return failed ? InvalidInput : Ok;
}

} // namespace topoplan::cli
