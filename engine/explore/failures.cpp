#include "engine/explore/failures.h"

#include "engine/core/jsonin.h"
#include "engine/explore/alike.h"
#include "engine/io/projectfile.h"
#include "engine/plan/analysisjson.h"
#include "engine/plan/planner.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <new>
#include <thread>

namespace topoplan {

namespace {

// "node-3/nic5" as ("node-3", 5); nullopt for any other id.
std::optional<std::pair<std::string, int>> splitNic(const std::string &id)
{
    const std::size_t slash = id.rfind("/nic");
    if (slash == std::string::npos || slash == 0 || slash + 4 >= id.size())
        return std::nullopt;
    int k = -1;
    const char *first = id.data() + slash + 4, *last = id.data() + id.size();
    auto [ptr, ec] = std::from_chars(first, last, k);
    if (ec != std::errc() || ptr != last || k < 0)
        return std::nullopt;
    return std::pair{id.substr(0, slash), k};
}

// Tokens/s of a result, 0 when the plan cannot run: a group without a path, or no finite step.
double runnableTokens(const AnalysisResult &r)
{
    for (const DimensionResult &d : r.dimensions) {
        if (d.groupsDisconnected > 0)
            return 0;
    }
    return std::isfinite(r.step.tokensPerS) && r.step.stepTimeS > 0 ? r.step.tokensPerS : 0;
}

std::vector<DimensionLoss> dimensionLosses(const AnalysisResult &before,
                                           const AnalysisResult &after)
{
    std::vector<DimensionLoss> out;
    for (const DimensionResult &b : before.dimensions) {
        DimensionLoss l;
        l.dim = b.dim;
        l.busbwBefore = b.network.busbwGBs;
        l.bottleneckBefore = b.worst.bottleneckId;
        if (const DimensionResult *a = after.dimension(b.dim)) {
            l.busbwAfter = a->network.busbwGBs;
            l.groupsDisconnected = a->groupsDisconnected;
            l.bottleneckAfter = a->worst.bottleneckId;
            l.worstNodesAfter = a->worstNodes;
        }
        out.push_back(std::move(l));
    }
    return out;
}

Json targetJson(const FailureTarget &t)
{
    return Json{{"id", t.id}, {"kind", toString(t.kind)}};
}

Json planJson(const Plan &p)
{
    return Json{{"tp", p.tp}, {"pp", p.pp}, {"dp", p.dp},
                {"cp", p.cp}, {"ep", p.ep}, {"order", p.order}};
}

} // namespace

const char *toString(FailureKind k)
{
    switch (k) {
    case FailureKind::Link:
        return "link";
    case FailureKind::Switch:
        return "switch";
    case FailureKind::Node:
        return "server";
    case FailureKind::Nic:
        return "nic";
    }
    return "link";
}

Expected<FailureTarget> failureTarget(const Topology &t, const Catalog &c, const std::string &id)
{
    FailureTarget target;
    target.id = id;
    target.device = id;
    if (t.node(id)) {
        target.kind = FailureKind::Node;
        return target;
    }
    if (t.switchById(id)) {
        target.kind = FailureKind::Switch;
        return target;
    }
    for (const Link &l : t.links) {
        if (l.id == id) {
            target.kind = FailureKind::Link;
            return target;
        }
    }
    if (t.domain(id))
        return Error{{},
                     id,
                     quoteText(id) + " is an NVLink domain: fail its servers, switches or links"};
    if (const auto nic = splitNic(id)) {
        if (const Node *n = t.node(nic->first)) {
            // Whether the server has that NIC is validateTopology()'s rule: ask it about the
            // server alone with the NIC failed.
            Topology probe;
            Node alone = *n;
            alone.domain.clear();
            alone.failed = false;
            alone.failedNics = {nic->second};
            probe.nodes = {std::move(alone)};
            if (std::optional<Error> e = validateTopology(probe, c, {}))
                return Error{{}, id, e->message};
            target.kind = FailureKind::Nic;
            target.device = n->id;
            target.nic = nic->second;
            return target;
        }
    }
    return Error{{},
                 id,
                 "no link, switch, server or server NIC (\"node-1/nic3\") has the id "
                         + quoteText(id)};
}

namespace {

// Marks one target failed (`failed`) or repaired: a link, a switch or a server by its flag, a
// server NIC in the server's sorted list of failed NICs.
void setFailed(Topology &t, const FailureTarget &f, bool failed)
{
    const auto flag = [&](auto &list) {
        for (auto &entry : list) {
            if (entry.id == f.id)
                entry.failed = failed;
        }
    };
    switch (f.kind) {
    case FailureKind::Link:
        flag(t.links);
        break;
    case FailureKind::Switch:
        flag(t.switches);
        break;
    case FailureKind::Node:
        flag(t.nodes);
        break;
    case FailureKind::Nic:
        for (Node &n : t.nodes) {
            if (n.id != f.device)
                continue;
            if (!failed) {
                std::erase(n.failedNics, f.nic);
            } else if (!n.nicFailed(f.nic)) {
                n.failedNics.push_back(f.nic);
                std::sort(n.failedNics.begin(), n.failedNics.end());
            }
        }
        break;
    }
}

} // namespace

void markFailed(Topology &t, const std::vector<FailureTarget> &targets)
{
    for (const FailureTarget &f : targets)
        setFailed(t, f, true);
}

namespace {

// Undoes markFailed() of one target that was not failed before.
void repair(Topology &t, const FailureTarget &f)
{
    setFailed(t, f, false);
}

Expected<std::vector<FailureTarget>> targetsOf(const Topology &t, const Catalog &c,
                                               const std::vector<std::string> &ids)
{
    std::vector<FailureTarget> out;
    for (const std::string &id : ids) {
        Expected<FailureTarget> target = failureTarget(t, c, id);
        if (!target)
            return target.error();
        if (std::find(out.begin(), out.end(), *target) == out.end())
            out.push_back(std::move(*target));
    }
    return out;
}

} // namespace

Expected<Project> withFailed(const Project &project, const std::vector<std::string> &ids,
                             const Catalog &catalog)
{
    Expected<std::vector<FailureTarget>> targets = targetsOf(project.topology, catalog, ids);
    if (!targets)
        return targets.error();
    Project out = project;
    markFailed(out.topology, *targets);
    return out;
}

double DimensionLoss::drop() const
{
    if (groupsDisconnected > 0)
        return 1;
    if (busbwBefore <= 0)
        return 0;
    return std::clamp(1 - busbwAfter / busbwBefore, 0.0, 1.0);
}

double FailureImpact::lossFraction() const
{
    return tokensBefore > 0 ? std::clamp(1 - tokensAfter / tokensBefore, 0.0, 1.0) : 0;
}

Expected<AnalysisResult> intactAnalysis(const Analyzer &intact, const Workload &w,
                                        const std::optional<Plan> &plan, const SoftwareModel &sw)
{
    if (plan)
        return intact.analyze(w, *plan, sw);
    PlannerOptions options;
    options.top = 1;
    PlannerResult best = planJob(intact, w, sw, options);
    if (best.plans.empty())
        return Error{{},
                     "plan",
                     "the project states no plan, and no plan of the workload is valid and fits "
                     "in memory on this design"};
    return std::move(best.plans.front());
}

Expected<FailureImpact> analyzeFailures(const Project &project, const Catalog &catalog,
                                        const std::vector<std::string> &ids, const Workload &w,
                                        const std::optional<Plan> &plan, const SoftwareModel &sw)
{
    Expected<std::vector<FailureTarget>> targets = targetsOf(project.topology, catalog, ids);
    if (!targets)
        return targets.error();
    Expected<Analyzer> intact = Analyzer::create(project.topology, catalog);
    if (!intact)
        return intact.error();
    Expected<AnalysisResult> before = intactAnalysis(*intact, w, plan, sw);
    if (!before)
        return before.error();

    Topology failed = project.topology;
    markFailed(failed, *targets);
    Expected<Analyzer> degraded = Analyzer::create(failed, catalog);
    if (!degraded)
        return degraded.error();

    FailureImpact impact;
    impact.failed = std::move(*targets);
    impact.gpusBefore = intact->gpuCount();
    impact.gpusAfter = degraded->gpuCount();
    impact.intact = std::move(*before);
    impact.tokensBefore = runnableTokens(impact.intact);
    // The same plan; with servers lost, data parallelism shrinks to what is left.
    Plan same = impact.intact.plan;
    if (impact.gpusAfter != impact.gpusBefore)
        same.dp = 0;
    Expected<AnalysisResult> after
            = impact.gpusAfter > 0 ? degraded->analyze(impact.intact.workload, same, sw)
                                   : Expected<AnalysisResult>(Error{
                                           {}, "topology", "every server with GPUs is failed"});
    if (after) {
        impact.degraded = std::move(*after);
        impact.tokensAfter = runnableTokens(*impact.degraded);
        impact.dimensions = dimensionLosses(impact.intact, *impact.degraded);
    } else {
        impact.planError = after.error();
        if (impact.gpusAfter > 0) {
            PlannerOptions options;
            options.top = 1;
            options.order = impact.intact.plan.order;
            PlannerResult best = planJob(*degraded, w, sw, options);
            if (!best.plans.empty()) {
                impact.replanned = std::move(best.plans.front());
                impact.tokensAfter = runnableTokens(*impact.replanned);
            }
        }
    }
    return impact;
}

namespace {

// The cables (directed edges of the intact graph) an element's failure takes away.
struct Element
{
    FailureTarget target;
    std::vector<std::size_t> edges; // sorted
};

std::vector<Element> n1Elements(const Topology &t, const FabricGraph &g, const N1Options &o)
{
    std::vector<std::vector<std::size_t>> byLink(t.links.size()), bySwitch(t.switches.size());
    std::map<VertexId, std::vector<std::size_t>> byNic;
    for (std::size_t e = 0; e < g.edgeCount(); ++e) {
        const FabricEdge &edge = g.edge(e);
        if (edge.link >= 0)
            byLink[static_cast<std::size_t>(edge.link)].push_back(e);
        for (VertexId v : {g.source(e), g.target(e)}) {
            const FabricVertex &fv = g.vertex(v);
            if (fv.kind == VertexKind::Switch)
                bySwitch[static_cast<std::size_t>(fv.sw)].push_back(e);
            else if (fv.kind == VertexKind::Nic && !g.rates(e).nicAttachment)
                byNic[v].push_back(e);
        }
    }
    std::vector<Element> out;
    auto add = [&](FailureTarget target, std::vector<std::size_t> edges) {
        std::sort(edges.begin(), edges.end());
        edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
        out.push_back({std::move(target), std::move(edges)});
    };
    if (o.switches) {
        for (std::size_t s = 0; s < t.switches.size(); ++s) {
            if (!t.switches[s].failed)
                add({FailureKind::Switch, t.switches[s].id, t.switches[s].id, -1}, bySwitch[s]);
        }
    }
    if (o.links) {
        for (std::size_t l = 0; l < t.links.size(); ++l) {
            if (!t.links[l].failed)
                add({FailureKind::Link, t.links[l].id, t.links[l].id, -1}, byLink[l]);
        }
    }
    if (o.nics) {
        for (const auto &[v, edges] : byNic) {
            const FabricVertex &fv = g.vertex(v);
            const Node &node = t.nodes[static_cast<std::size_t>(fv.node)];
            if (node.failed || node.nicFailed(fv.local))
                continue;
            add({FailureKind::Nic, fv.id, node.id, fv.local}, edges);
        }
    }
    return out;
}

// The row of one element from the analysis with it failed: what N-1 ranks, and nothing else.
N1Row n1Row(const AnalysisResult &intact, const AnalysisResult &after)
{
    N1Row row;
    row.reanalysed = true;
    const double tokensBefore = runnableTokens(intact);
    row.tokensPerS = runnableTokens(after);
    row.lossFraction
            = tokensBefore > 0 ? std::clamp(1 - row.tokensPerS / tokensBefore, 0.0, 1.0) : 0;
    double worst = 0;
    for (const DimensionLoss &l : dimensionLosses(intact, after)) {
        row.groupsDisconnected += l.groupsDisconnected;
        if (l.drop() > worst + 1e-9) {
            worst = l.drop();
            row.hit = l.dim;
            row.busbwBefore = l.busbwBefore;
            row.busbwAfter = l.groupsDisconnected > 0 ? 0 : l.busbwAfter;
            row.newBottleneck = l.bottleneckAfter;
            row.groupNodes = l.worstNodesAfter;
        }
    }
    return row;
}

// One N-1 worker: takes tasks until there are none (or `stop`, or the caller cancels), each
// the intact plan analysed with one element failed, and hands each row to `done` (none when
// the plan could not be analysed). One copy of the design per worker: each task marks its
// element, analyses, and puts the element back (none of them is failed in the design).
void n1Worker(const Topology &design, const Catalog &catalog, const AnalysisResult &intact,
              const SoftwareModel &sw, const std::vector<Element> &elements,
              const std::vector<int> &tasks, const N1Options &options, std::atomic<int> &next,
              const std::atomic<bool> &stop,
              const std::function<void(int, std::optional<N1Row>)> &done)
{
    Topology t = design;
    const int total = static_cast<int>(tasks.size());
    while (!stop && !(options.cancelled && options.cancelled())) {
        const int i = next.fetch_add(1);
        if (i >= total)
            return;
        const FailureTarget &target = elements[static_cast<std::size_t>(tasks[i])].target;
        markFailed(t, {target});
        Expected<Analyzer> a = Analyzer::create(t, catalog);
        repair(t, target);
        std::optional<N1Row> row;
        if (a) {
            Expected<AnalysisResult> r = a->analyze(intact.workload, intact.plan, sw);
            if (r)
                row = n1Row(intact, *r);
        }
        done(i, std::move(row));
    }
}

// The tasks (elements of `elements` by index, each the first of those failing the same cables)
// in classes of alike failures, each class in task order, classes by their first task. A
// failure's colour is its kind with the colours of the cables it takes away (alike.h). Without
// rounds, every task is a class of its own.
std::vector<std::vector<int>> alikeClasses(const Analyzer &a, const AnalysisResult &intact,
                                           const std::vector<Element> &elements,
                                           const std::vector<int> &tasks, int rounds)
{
    std::vector<std::vector<int>> classes;
    if (rounds == 0) {
        for (std::size_t k = 0; k < tasks.size(); ++k)
            classes.push_back({static_cast<int>(k)});
        return classes;
    }
    const AlikeColours colours = alikeColours(a, intact, rounds);
    std::map<std::pair<FailureKind, std::vector<std::uint64_t>>, std::size_t> classOf;
    for (std::size_t k = 0; k < tasks.size(); ++k) {
        const Element &element = elements[static_cast<std::size_t>(tasks[k])];
        std::vector<std::uint64_t> key;
        key.reserve(element.edges.size());
        for (std::size_t e : element.edges)
            key.push_back(colours.edge[e]);
        std::sort(key.begin(), key.end());
        auto [it, added]
                = classOf.emplace(std::pair{element.target.kind, std::move(key)}, classes.size());
        if (added)
            classes.emplace_back();
        classes[it->second].push_back(static_cast<int>(k));
    }
    return classes;
}

// Whether two failures' rows give the same figures: what N-1 ranks and shows, to a millionth
// (the same flows summed in another order differ in the last digits).
bool sameFigures(const std::optional<N1Row> &a, const std::optional<N1Row> &b)
{
    if (!a || !b)
        return !a && !b;
    auto close = [](double x, double y) {
        return std::abs(x - y) <= 1e-6 * std::max({1.0, std::abs(x), std::abs(y)});
    };
    return close(a->tokensPerS, b->tokensPerS) && a->hit == b->hit
           && a->groupsDisconnected == b->groupsDisconnected
           && close(a->busbwBefore, b->busbwBefore) && close(a->busbwAfter, b->busbwAfter);
}

} // namespace

Expected<N1Result> analyzeN1(const Project &project, const Catalog &catalog, const Workload &w,
                             const std::optional<Plan> &plan, const N1Options &options,
                             const SoftwareModel &sw)
{
    Expected<Analyzer> intact = Analyzer::create(project.topology, catalog);
    if (!intact)
        return intact.error();
    Expected<AnalysisResult> before = intactAnalysis(*intact, w, plan, sw);
    if (!before)
        return before.error();
    N1Result result;
    result.intact = std::move(*before);
    const double tokensBefore = runnableTokens(result.intact);

    // Edges that carry any of the plan's traffic: an element with none of them changes
    // nothing (routing spreads over every equal-cost path, so an unloaded edge is on none).
    std::vector<char> loaded(intact->graph().edgeCount(), 0);
    for (const DimensionResult &d : result.intact.dimensions) {
        if (d.edgeLoads) {
            for (const EdgeLoad &l : *d.edgeLoads)
                loaded[l.edge] = l.load > 0 ? 1 : loaded[l.edge];
        }
    }

    const std::vector<Element> elements = n1Elements(project.topology, intact->graph(), options);
    result.rows.resize(elements.size());
    // Elements that take away the same cables (a NIC and its one cable) share one analysis.
    std::map<std::vector<std::size_t>, int> taskOf;
    std::vector<int> tasks; // element index of each distinct analysis
    std::vector<int> task(elements.size(), -1);
    for (std::size_t i = 0; i < elements.size(); ++i) {
        N1Row &row = result.rows[i];
        row.element = elements[i].target;
        row.tokensPerS = tokensBefore;
        const std::vector<std::size_t> &edges = elements[i].edges;
        const bool carries = std::any_of(edges.begin(), edges.end(),
                                         [&](std::size_t e) { return loaded[e] != 0; });
        if (!carries)
            continue;
        auto [it, added] = taskOf.emplace(edges, static_cast<int>(tasks.size()));
        if (added)
            tasks.push_back(static_cast<int>(i));
        task[i] = it->second;
    }

    // Failures alike (alike.h) share an analysis: a class of tasks with one colour is analysed
    // at its first and its last task, and where the two agree every other task takes the
    // first's figures; where they do not, every task of the class is analysed.
    const std::vector<std::vector<int>> classes
            = alikeClasses(*intact, result.intact, elements, tasks, options.alikeRounds);

    // Each analysis is cut down to its row as soon as it is done: a whole analysis of a
    // 16,384-GPU design holds megabytes of per-edge loads, and there are thousands of them.
    std::vector<std::optional<N1Row>> analysed(tasks.size());
    std::vector<char> ran(tasks.size(), 0);
    std::mutex progressMutex;
    int done = 0, total = 0;
    std::optional<Error> failure;
    // Analyses the tasks of `jobs` on the workers; false when cancelled or failed.
    auto analyse = [&](const std::vector<int> &jobs) {
        std::vector<int> jobElements;
        for (int task : jobs)
            jobElements.push_back(tasks[static_cast<std::size_t>(task)]);
        total += static_cast<int>(jobs.size());
        const int before = done;
        std::atomic<int> next{0};
        std::atomic<bool> stop{false};
        auto work = [&] {
            // An exception must not leave a worker thread (that ends the process): an
            // allocation failure, or anything else thrown, stops every worker and becomes the
            // result's error.
            try {
                n1Worker(project.topology, catalog, result.intact, sw, elements, jobElements,
                         options, next, stop, [&](int i, std::optional<N1Row> row) {
                             const auto task = static_cast<std::size_t>(jobs[std::size_t(i)]);
                             analysed[task] = std::move(row);
                             ran[task] = 1;
                             std::lock_guard lock(progressMutex);
                             ++done;
                             if (options.progress)
                                 options.progress(done, total);
                         });
            } catch (const std::bad_alloc &) {
                stop = true;
                std::lock_guard lock(progressMutex);
                if (!failure)
                    failure = Error{{},
                                    {},
                                    "N-1 ran out of memory after " + std::to_string(done) + " of "
                                            + std::to_string(total)
                                            + " analyses: the design is too large for the memory "
                                              "available (fail fewer elements with --fail)"};
            } catch (const std::exception &e) {
                stop = true;
                std::lock_guard lock(progressMutex);
                if (!failure)
                    failure = Error{{}, {}, std::string("N-1 stopped: ") + e.what()};
            }
        };
        const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
        const int workers = std::max(
                1, std::min(options.workers > 0 ? options.workers : static_cast<int>(hardware),
                            static_cast<int>(jobs.size())));
        if (workers == 1) {
            work();
        } else {
            std::vector<std::thread> threads;
            for (int k = 0; k < workers; ++k)
                threads.emplace_back(work);
            for (std::thread &t : threads)
                t.join();
        }
        return !failure && done - before == static_cast<int>(jobs.size());
    };

    std::vector<int> checks; // the first and the last task of every class
    for (const std::vector<int> &members : classes) {
        checks.push_back(members.front());
        if (members.size() > 1)
            checks.push_back(members.back());
    }
    std::vector<int> rest; // every other task of the classes whose check disagreed
    bool complete = analyse(checks);
    if (complete) {
        for (const std::vector<int> &members : classes) {
            if (members.size() > 2
                && !sameFigures(analysed[std::size_t(members.front())],
                                analysed[std::size_t(members.back())]))
                rest.insert(rest.end(), members.begin() + 1, members.end() - 1);
        }
        complete = rest.empty() || analyse(rest);
    }
    if (failure)
        return *failure;
    result.cancelled = !complete;
    result.reanalysed = done;

    // The task whose figures each task takes: its own, or its class's first.
    std::vector<int> source(tasks.size());
    for (const std::vector<int> &members : classes) {
        for (int task : members)
            source[std::size_t(task)] = ran[std::size_t(task)] ? task : members.front();
    }
    for (std::size_t i = 0; i < elements.size(); ++i) {
        if (task[i] < 0)
            continue;
        N1Row &row = result.rows[i];
        const int from = source[static_cast<std::size_t>(task[i])];
        const std::optional<N1Row> &after = analysed[static_cast<std::size_t>(from)];
        if (!after || (result.cancelled && !ran[std::size_t(task[i])])) {
            // Cancelled before it ran, or the plan could not be analysed: no figure to rank.
            row.tokensPerS = result.cancelled ? tokensBefore : 0;
            row.lossFraction = result.cancelled ? 0 : 1;
            continue;
        }
        FailureTarget element = std::move(row.element);
        row = *after;
        row.element = std::move(element);
        if (from != task[i]) {
            row.sameAs = elements[static_cast<std::size_t>(tasks[std::size_t(from)])].target.id;
            row.newBottleneck.clear();
            row.groupNodes.clear();
            ++result.alike;
        }
    }
    std::vector<std::size_t> order(elements.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    // Worst first, by the loss in hundredths of a percent (what a table shows); among equal
    // losses (the step waits for the slowest group, so a leaf and one of its cables can cost
    // the same), the element that takes more cables away first.
    auto key = [&](std::size_t i) {
        return std::pair{std::llround(result.rows[i].lossFraction * 1e4), elements[i].edges.size()};
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return key(a) > key(b); });
    std::vector<N1Row> sorted;
    sorted.reserve(order.size());
    for (std::size_t i : order)
        sorted.push_back(std::move(result.rows[i]));
    result.rows = std::move(sorted);
    return result;
}

std::vector<N1Run> sameCostRuns(const N1Result &n1)
{
    auto sameCost = [](const N1Row &a, const N1Row &b) {
        return a.element.kind == b.element.kind
               && std::llround(a.lossFraction * 1e4) == std::llround(b.lossFraction * 1e4)
               && a.hit == b.hit && a.groupsDisconnected == b.groupsDisconnected
               && std::abs(a.busbwAfter - b.busbwAfter)
                          <= 1e-9 * std::max(1.0, std::abs(a.busbwAfter));
    };
    std::vector<N1Run> runs;
    for (std::size_t i = 0; i < n1.rows.size(); ++i) {
        if (!runs.empty() && sameCost(n1.rows[runs.back().first], n1.rows[i]))
            ++runs.back().count;
        else
            runs.push_back({i, 1});
    }
    return runs;
}

Json toJson(const FailureImpact &impact)
{
    Json failed = Json::array();
    for (const FailureTarget &t : impact.failed)
        failed.push_back(targetJson(t));
    Json dims = Json::array();
    for (const DimensionLoss &l : impact.dimensions)
        dims.push_back({{"dim", toString(l.dim)},
                        {"busbw_gbps_before", l.busbwBefore},
                        {"busbw_gbps_after", l.busbwAfter},
                        {"groups_without_path", l.groupsDisconnected},
                        {"bottleneck_before", l.bottleneckBefore},
                        {"bottleneck_after", l.bottleneckAfter}});
    Json j;
    j["failed"] = std::move(failed);
    j["gpus_before"] = impact.gpusBefore;
    j["gpus_after"] = impact.gpusAfter;
    j["tokens_per_s_before"] = impact.tokensBefore;
    j["tokens_per_s_after"] = impact.tokensAfter;
    j["tokens_per_s_lost_fraction"] = impact.lossFraction();
    j["dimensions"] = std::move(dims);
    j["intact"] = toJson(impact.intact);
    j["degraded"] = impact.degraded ? toJson(*impact.degraded) : Json(nullptr);
    j["plan_error"] = impact.planError ? Json{{"where", impact.planError->where},
                                              {"message", impact.planError->message}}
                                       : Json(nullptr);
    j["replanned"] = impact.replanned ? toJson(*impact.replanned) : Json(nullptr);
    return j;
}

Json toJson(const N1Result &n1)
{
    Json rows = Json::array();
    for (const N1Row &r : n1.rows) {
        Json j = targetJson(r.element);
        j["tokens_per_s"] = r.tokensPerS;
        j["tokens_per_s_lost_fraction"] = r.lossFraction;
        j["dim"] = r.hit ? Json(toString(*r.hit)) : Json(nullptr);
        j["busbw_gbps_before"] = r.busbwBefore;
        j["busbw_gbps_after"] = r.busbwAfter;
        j["groups_without_path"] = r.groupsDisconnected;
        j["new_bottleneck"] = r.newBottleneck;
        j["group_nodes"] = r.groupNodes;
        j["carries_traffic"] = r.reanalysed;
        j["same_as"] = r.sameAs.empty() ? Json(nullptr) : Json(r.sameAs);
        rows.push_back(std::move(j));
    }
    Json j;
    j["plan"] = planJson(n1.intact.plan);
    j["tokens_per_s"] = runnableTokens(n1.intact);
    j["elements"] = n1.rows.size();
    j["reanalysed"] = n1.reanalysed;
    j["alike"] = n1.alike;
    j["cancelled"] = n1.cancelled;
    j["rows"] = std::move(rows);
    return j;
}

} // namespace topoplan
