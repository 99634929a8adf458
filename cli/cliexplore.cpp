#include "cli/cliexplore.h"

#include "cli/cli.h"
#include "cli/clianalyze.h"
#include "cli/cliargs.h"

#include "engine/core/figure.h"
#include "engine/explore/compare.h"
#include "engine/explore/explore.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"
#include "engine/plan/diagnosticstext.h"

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
            Expected<DomainChoice> d = domainChoiceFromString(item);
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

} // namespace

int cmdExplore(const Args &a, std::ostream &out, std::ostream &err)
{
    const std::string file = a.positional(0);
    if (a.has("workload") && a.has("workload-preset")) {
        err << "error: --workload and --workload-preset exclude each other\n";
        return BadUsage;
    }
    ExploreRequest request;
    std::optional<double> budget;
    if (a.has("tokens")) {
        budget = tokenCountFromString(a.value("tokens"));
        if (!budget) {
            err << "error: --tokens: expected a positive token count such as 15T or 1.5e13, "
                   "found \""
                << a.value("tokens") << "\"\n";
            return BadUsage;
        }
        request.tokenBudget = budget;
    }
    if (a.has("gpus")) {
        std::optional<int> gpus = a.positiveInt("gpus", err);
        if (!gpus)
            return BadUsage;
        request.gpus = *gpus;
    }
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

    const ExploreResult r = explore(request);

    if (a.has("save-variants")) {
        const std::filesystem::path dir = a.value("save-variants");
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        if (ec) {
            err << "error: --save-variants: cannot create " << dir.string() << ": " << ec.message()
                << "\n";
            return InvalidInput;
        }
        for (const VariantResult &v : r.variants) {
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

    if (a.flag("json")) {
        out << dumpJson(toJson(r), 2) << "\n";
        return Ok;
    }
    out << file << ": " << r.variants.size() << " designs of " << r.gpus << " GPUs for "
        << (r.workload.model.name.empty() ? "the workload" : r.workload.model.name) << "\n";
    std::vector<std::string> header = {"#",       "design",    "domain", "switches L/S/C",
                                       "cables",  "server kW", "plan",   "tokens/s",
                                       "per GPU", "MFU",       "step"};
    if (r.tokenBudget)
        header.push_back("days");
    header.push_back("front");
    Table t(header);
    int index = 0;
    std::vector<std::string> messages;
    for (const VariantResult &v : r.variants) {
        ++index;
        const bool built = v.status == VariantStatus::Ok || v.status == VariantStatus::NoPlan;
        std::vector<std::string> row = {std::to_string(index), v.spec.label};
        if (built) {
            row.push_back(std::to_string(v.domainSize));
            row.push_back(std::to_string(v.summary.leaf) + "/" + std::to_string(v.summary.spine)
                          + "/" + std::to_string(v.summary.core));
            row.push_back(std::to_string(v.summary.cables));
            row.push_back(v.serverPowerKW ? fixedText(*v.serverPowerKW, 0) : "-");
        } else {
            row.insert(row.end(), {"-", "-", "-", "-"});
        }
        if (v.best) {
            const StepEstimate &e = v.best->step;
            row.push_back(planShort(*v.best));
            row.push_back(fixedText(e.tokensPerS, 0));
            row.push_back(fixedText(e.tokensPerS / std::max(1, r.gpus), 1));
            row.push_back(diagtext::percent(e.mfu));
            row.push_back(figure::text(figure::duration(e.stepTimeS)));
            if (r.tokenBudget)
                row.push_back(v.daysToTrain ? fixedText(*v.daysToTrain, 1) : "-");
        } else {
            row.insert(row.end(), {toString(v.status), "-", "-", "-", "-"});
            if (r.tokenBudget)
                row.push_back("-");
            messages.push_back("  #" + std::to_string(index) + " " + v.spec.label + ": "
                               + v.message);
        }
        row.push_back(v.pareto ? "*" : "");
        t.add(std::move(row));
        for (const std::string &n : v.notes)
            messages.push_back("  #" + std::to_string(index) + " " + v.spec.label + ": " + n);
    }
    out << t.str();
    if (!messages.empty()) {
        out << "\nNotes:\n";
        for (const std::string &m : messages)
            out << m << "\n";
    }
    out << "\n";
    for (const std::string &s : verdicts(r))
        out << s << "\n";
    out << "front: on the Pareto front of tokens/s against switches. " << kPowerNote << ".\n";
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
