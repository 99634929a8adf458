// The design report's model: what the report says, section by section (report.h).

#include "engine/document/report.h"

#include "engine/core/figure.h"
#include "engine/document/cost.h"
#include "engine/document/documents.h"
#include "engine/model/naming.h"
#include "engine/model/recomputemodules.h"
#include "engine/model/summary.h"
#include "engine/plan/analysis.h"
#include "engine/plan/analysisjson.h"
#include "engine/plan/diagnosticstext.h"
#include "engine/plan/sweeppoints.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace topoplan {

namespace {

// The software the projection assumes, as the job states it: the generation, then each
// setting the job sets away from its default.
std::string softwareText(const TrainingSpec &t, bool experts)
{
    std::vector<std::string> parts;
    parts.push_back(t.software == Software::MegatronLM2021 ? "Megatron-LM 2021"
                                                           : "current Megatron-Core");
    if (t.gradReduce)
        parts.push_back(std::string("gradients in ")
                        + (*t.gradReduce == GradReduce::BF16 ? "BF16" : "FP32"));
    if (t.precision == Precision::FP8)
        parts.push_back(std::string("FP8 ") + toString(t.fp8Scaling) + " scaling");
    if (t.recompute == Recompute::Selective && t.recomputeModules) {
        const std::string list = recomputeModuleNames(*t.recomputeModules, ", ");
        parts.push_back("recomputing " + (list.empty() ? std::string("nothing") : list));
    }
    if (t.tpCommOverlap)
        parts.push_back("TP communication overlapped");
    if (experts && t.epCommOverlap)
        parts.push_back("EP all-to-alls overlapped");
    if (experts)
        parts.push_back(t.moeDispatcher == MoeDispatcher::DeepEP
                                ? std::string("DeepEP dispatch per node")
                                          + (t.fp8Dispatch ? " in FP8" : "")
                                : std::string("all-to-all dispatch per expert"));
    if (t.fsdp)
        parts.push_back("FSDP");
    if (t.offloadLayers > 0)
        parts.push_back("activations of " + std::to_string(t.offloadLayers)
                        + " layers offloaded to host memory");
    if (!t.nvls)
        parts.push_back("NVLS off");
    if (t.ibSharp)
        parts.push_back("InfiniBand SHARP");
    std::string out;
    for (const std::string &part : parts)
        out += (out.empty() ? "" : ", ") + part;
    return out;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string num(double v, int decimals = 2)
{
    return figure::number(v, decimals);
}

// 1234567 -> "1,234,567"
std::string count(long long n)
{
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

std::string modelName(const std::string &name, const std::string &id)
{
    return name.empty() || name == id ? id : name + " (" + id + ")";
}

ReportBlock paragraph(std::string text, std::string severity = {})
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Paragraph;
    b.text = std::move(text);
    b.severity = std::move(severity);
    return b;
}

ReportBlock table(std::string caption, ReportTable t)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Table;
    b.text = std::move(caption);
    if (t.numeric.size() != t.headers.size())
        t.numeric.resize(t.headers.size(), false);
    b.table = std::move(t);
    return b;
}

ReportBlock figureBlock(ReportFigure f, std::string caption)
{
    ReportBlock b;
    b.kind = ReportBlock::Kind::Figure;
    b.figure = f;
    b.text = std::move(caption);
    return b;
}

std::string degrees(const Plan &p)
{
    return "TP " + std::to_string(p.tp) + ", PP " + std::to_string(p.pp) + ", DP "
           + std::to_string(p.dp) + ", CP " + std::to_string(p.cp) + ", EP " + std::to_string(p.ep);
}

// The design summary: servers, GPUs, NVLink domains, the fabrics by tier with their switches
// and oversubscription.
ReportSection summarySection(const Project &p, const Catalog &c, const TopologySummary &s,
                             const Analyzer *a)
{
    const Topology &t = p.topology;
    ReportSection sec{"summary", "Design summary", {}};
    ReportTable facts{{"", ""}, {}, {}};
    auto fact = [&](const std::string &k, const std::string &v) {
        facts.rows.push_back({k, v});
    };

    std::vector<std::string> order;
    std::map<std::string, int> servers;
    for (const Node &n : t.nodes)
        if (servers[n.model]++ == 0)
            order.push_back(n.model);
    std::string serverText;
    for (const std::string &id : order) {
        const ServerModel *m = c.server(id);
        const GpuModel *g = m ? c.gpu(m->gpu) : nullptr;
        serverText += (serverText.empty() ? "" : "; ") + count(servers[id]) + " x "
                      + modelName(m ? m->name : id, id);
        if (m)
            serverText += ", " + std::to_string(m->gpus) + " x " + (g ? g->name : m->gpu) + " each";
    }
    fact("Servers", serverText.empty() ? "none" : serverText);
    fact("GPUs", count(s.gpus));
    std::string domains = count(s.domains);
    if (a)
        domains += " (the largest has " + count(a->domainSize()) + " GPUs)";
    fact("NVLink domains", domains);
    fact("Links", count(s.links) + " on the drawing, " + count(s.cables) + " cables");
    fact("Switches",
         count(s.leaf) + " leaf, " + count(s.spine) + " spine, " + count(s.core) + " core");
    if (a)
        fact("Fabric wiring", a->facts().railOptimized ? "rail-optimized (one leaf per NIC rail)"
                                                       : "not rail-optimized");
    sec.blocks.push_back(table("The design at a glance.", std::move(facts)));

    // Fabrics and tiers: switches, their models, ports and oversubscription (down : up).
    struct TierFacts
    {
        int switches = 0;
        std::set<std::string> models;
        double minOver = 0, maxOver = 0;
        bool anyUp = false;
    };
    std::map<std::pair<int, int>, TierFacts> tiers; // (role, tier)
    for (std::size_t i = 0; i < t.switches.size(); ++i) {
        const Switch &sw = t.switches[i];
        TierFacts &f = tiers[{int(sw.role), int(sw.tier)}];
        ++f.switches;
        f.models.insert(sw.model);
        if (a && i < a->facts().upGBs.size() && a->facts().upGBs[i] > 0) {
            const double o = a->facts().oversubscription(int(i));
            f.minOver = f.anyUp ? std::min(f.minOver, o) : o;
            f.maxOver = f.anyUp ? std::max(f.maxOver, o) : o;
            f.anyUp = true;
        }
    }
    ReportTable fabric{{"Fabric", "Tier", "Switches", "Model", "Oversubscription (down:up)"},
                       {},
                       {false, false, true, false, false}};
    for (const auto &[key, f] : tiers) {
        std::string models;
        for (const std::string &m : f.models) {
            const SwitchModel *sm = c.switchModel(m);
            models += (models.empty() ? "" : ", ") + modelName(sm ? sm->name : m, m);
            if (sm)
                models += ", " + std::to_string(sm->ports) + " x " + num(sm->portGbits, 0)
                          + " Gb/s";
        }
        std::string over = "no uplinks";
        if (f.anyUp)
            over = f.minOver == f.maxOver
                           ? diagtext::ratio(f.maxOver)
                           : diagtext::ratio(f.minOver) + " to " + diagtext::ratio(f.maxOver);
        fabric.rows.push_back({toString(FabricRole(key.first)), toString(Tier(key.second)),
                               count(f.switches), models, over});
    }
    if (fabric.rows.empty())
        sec.blocks.push_back(paragraph("The design has no switches: its servers are not joined by "
                                       "a scale-out fabric."));
    else
        sec.blocks.push_back(table("Fabrics and tiers.", std::move(fabric)));
    if (!p.description.empty())
        sec.blocks.push_back(paragraph(p.description));
    return sec;
}

ReportSection jobSection(const Project &p, const AnalysisResult *r, const std::string &why)
{
    ReportSection sec{"job", "The job and its plan", {}};
    if (!p.workload || !p.plan) {
        sec.blocks.push_back(paragraph("No training job is stated in this design, so there is no "
                                       "plan, throughput or bandwidth to report. State a model, "
                                       "its batch and its parallel plan to see them."));
        return sec;
    }
    const Workload &w = r ? r->workload : *p.workload;
    const ModelSpec &m = w.model;
    const TrainingSpec &tr = w.training;
    ReportTable job{{"", ""}, {}, {}};
    auto row = [&](const std::string &k, const std::string &v) {
        job.rows.push_back({k, v});
    };
    row("Model",
        m.name + ": " + std::to_string(m.layers) + " layers, hidden " + std::to_string(m.hidden)
                + ", " + std::to_string(m.heads) + " heads"
                + (m.mla ? " (latent attention, KV rank " + std::to_string(m.mla->kvLoraRank) + ")"
                         : std::string())
                + ", sequence " + std::to_string(m.seq)
                + (m.experts > 1
                           ? ", " + std::to_string(m.experts) + " experts (top "
                                     + std::to_string(m.topK)
                                     + (m.routerGroups > 0
                                                ? " from the best "
                                                          + std::to_string(m.routerGroupTopK)
                                                          + " of " + std::to_string(m.routerGroups)
                                                          + " groups"
                                                : std::string())
                                     + ")"
                           : std::string()));
    row("Batch", "global " + std::to_string(tr.globalBatch) + " sequences, micro-batch "
                         + std::to_string(tr.microBatch) + ", " + toString(tr.precision) + ", "
                         + toString(tr.recompute) + " recompute"
                         + (tr.interleave > 1 ? ", interleave " + std::to_string(tr.interleave)
                                              : std::string()));
    row("Software", softwareText(tr, m.isMoe()));
    row("Plan",
        degrees(r ? r->plan : *p.plan) + ", rank order " + (r ? r->plan.order : p.plan->order));
    if (!r) {
        job.rows.push_back({"Analysis", why});
        sec.blocks.push_back(table("The training job.", std::move(job)));
        return sec;
    }
    const StepEstimate &e = r->step;
    const bool runs = std::isfinite(e.stepTimeS) && e.stepTimeS > 0;
    row("GPUs", count(r->gpus) + " x " + r->gpuModel);
    row("Step time", runs ? figure::text(figure::duration(e.stepTimeS)) : "cannot run");
    row("Throughput",
        runs ? figure::text(figure::tokensPerSecond(e.tokensPerS)) + ", "
                        + figure::text(figure::tokensPerSecond(e.tokensPerS / std::max(1, r->gpus)))
                        + " per GPU"
             : "none");
    if (runs && r->band.known())
        row("Uncertainty", bandText(r->band));
    if (!r->idle.empty())
        row("GPUs used", r->idle);
    row("Model TFLOP/s per GPU", runs ? figure::text(figure::tflops(e.modelTflopsPerGpu)) : "none");
    row("MFU", runs ? figure::text(figure::percent(e.mfu)) : "none");
    row("Memory per GPU", figure::text(figure::gigabytes(e.memory.totalGB)) + " of "
                                  + figure::text(figure::gigabytes(e.memory.capacityGB))
                                  + (e.memory.fits ? ", fits" : ", does not fit"));
    row("Pipeline bubble", figure::text(figure::percent(e.bubbleFraction)) + " of the step, "
                                   + std::to_string(e.microBatches) + " micro-batches per step");
    sec.blocks.push_back(
            table("The training job and what the engine projects for it.", std::move(job)));
    return sec;
}

ReportSection groupsSection(const AnalysisResult *r, const Topology &topology)
{
    ReportSection sec{"groups", "Parallel groups and their bandwidth", {}};
    if (!r) {
        sec.blocks.push_back(paragraph("No plan was analysed, so no group is routed."));
        return sec;
    }
    if (r->dimensions.empty()) {
        sec.blocks.push_back(paragraph("Every parallel degree is 1: no group communicates."));
        return sec;
    }
    ReportTable t{{"Group", "Groups x GPUs", "Collective", "Runs on", "Bus bandwidth", "Latency",
                   "Crosses domain", "Hops", "Bottleneck link"},
                  {},
                  {false, true, false, false, true, true, false, true, false}};
    for (const DimensionResult &d : r->dimensions) {
        const Json j = toJson(d, r->workload);
        const GroupRoute &g = d.worst;
        const bool connected = d.groupsDisconnected == 0;
        t.rows.push_back(
                {diagtext::dimName(d.dim), count(d.count) + " x " + count(d.size),
                 j.at("collective").get<std::string>(), diagtext::className(d.network.linkClass),
                 connected ? diagtext::gbs(d.bulk.busbwGBs)
                                     + (reducesInSwitches(d.bulk.algorithm)
                                                ? std::string(" ") + toString(d.bulk.algorithm)
                                                : std::string())
                           : "no path",
                 diagtext::us(d.bulk.latencyUs),
                 d.groupsCrossingDomain == 0
                         ? "no"
                         : diagtext::countOf(d.groupsCrossingDomain, d.count, "group"),
                 std::to_string(g.maxHops),
                 g.bottleneckId.empty() ? "-" : displayName(topology, g.bottleneckId)});
    }
    sec.blocks.push_back(table("Each dimension's slowest group: the interconnect it runs on, its "
                               "bus bandwidth, the time its collective takes whatever its size "
                               "(latency: a ring's base and steps, or the switches' reduction) "
                               "and the link that limits it. All groups of a dimension run at "
                               "once and share links.",
                               std::move(t)));
    return sec;
}

ReportSection diagnosticsSection(const AnalysisResult *r, const std::optional<Diagnostic> &invalid,
                                 const Topology &topology)
{
    ReportSection sec{"diagnostics", "Diagnostics", {}};
    std::vector<Diagnostic> all;
    if (invalid)
        all.push_back(*invalid);
    if (r)
        all.insert(all.end(), r->diagnostics.begin(), r->diagnostics.end());
    if (all.empty()) {
        sec.blocks.push_back(paragraph(r ? "The analysis found nothing to report: no group leaves "
                                           "the interconnect it should run on."
                                         : "No plan was analysed."));
        return sec;
    }
    ReportTable t{{"Severity", "Code", "Why it matters and what to do", "Involves"}, {}, {}};
    for (const Diagnostic &d : all)
        t.rows.push_back(
                {toString(d.severity), d.code, d.message,
                 d.ids.empty() ? "-" : diagtext::listed(displayNames(topology, d.ids), 6)});
    sec.blocks.push_back(table("What the analysis found, errors first.", std::move(t)));
    return sec;
}

// The sweep's "plan held" cell and point: a plan that does not fit in memory is no point of
// the chart (as in the window's TP Sweep), and its cell says how far it is over.
std::string heldCell(const SweepRow &row, ReportSweepPoint *pt)
{
    switch (heldGap(row)) {
    case SweepGap::None: {
        const AnalysisResult &held = *heldPoint(row);
        if (!std::isfinite(held.step.tokensPerS))
            return "-";
        pt->held = held.step.tokensPerS / std::max(1, held.gpus);
        return num(pt->held, 1);
    }
    case SweepGap::OutOfMemory: {
        const MemoryEstimate &m = row.held->step.memory;
        return "does not fit: " + diagtext::gb(m.totalGB) + " of " + diagtext::gb(m.capacityGB);
    }
    case SweepGap::Invalid:
        break;
    }
    return "-";
}

ReportSection chartsSection(const std::optional<SweepResult> &sweep, const AnalysisResult *r,
                            Report *report)
{
    ReportSection sec{"charts", "TP sweep and step time", {}};
    if (sweep && !sweep->rows.empty()) {
        ReportSweepChart chart;
        chart.domainSize = sweep->domainSize;
        chart.currentTp = r ? r->plan.tp : 0;
        ReportTable t{{"TP", "Best plan at this width", "Tokens/s per GPU", "MFU",
                       "Plan held: tokens/s per GPU"},
                      {},
                      {true, false, true, true, true}};
        for (const SweepRow &row : sweep->rows) {
            ReportSweepPoint pt{row.tp, kNaN, kNaN};
            std::vector<std::string> cells{std::to_string(row.tp)};
            if (row.best && std::isfinite(row.best->step.tokensPerS)) {
                pt.best = row.best->step.tokensPerS / std::max(1, row.best->gpus);
                cells.push_back(degrees(row.best->plan));
                cells.push_back(num(pt.best, 1));
                cells.push_back(figure::text(figure::percent(row.best->step.mfu)));
            } else {
                cells.push_back(row.bestError.empty() ? "no plan" : row.bestError);
                cells.push_back("-");
                cells.push_back("-");
            }
            cells.push_back(heldCell(row, &pt));
            chart.points.push_back(pt);
            t.rows.push_back(std::move(cells));
        }
        sec.blocks.push_back(figureBlock(
                ReportFigure::SweepChart,
                "Tokens/s per GPU at each TP width, the rest re-planned and held; the marker is "
                "the NVLink domain edge ("
                        + std::to_string(sweep->domainSize) + " GPUs)."));
        sec.blocks.push_back(table("The TP sweep.", std::move(t)));
        report->sweep = std::move(chart);
    } else {
        sec.blocks.push_back(paragraph("No TP sweep: the design states no job to sweep."));
    }
    if (r && std::isfinite(r->step.stepTimeS)) {
        const StepEstimate &e = r->step;
        const StepBreakdown &b = e.breakdownS;
        ReportStepChart chart;
        chart.stepTimeS = e.stepTimeS;
        chart.exposed = {{"compute", b.compute - e.optimizerS},
                         {"optimizer", e.optimizerS},
                         {"TP", b.tpComm},
                         {"CP", b.cpComm},
                         {"EP", b.epComm},
                         {"PP", b.ppComm},
                         {"pipeline bubble", b.ppBubble},
                         {"DP", b.dpComm}};
        chart.hidden = {{"TP", e.hiddenS.tp},
                        {"CP", e.hiddenS.cp},
                        {"EP", e.hiddenS.ep},
                        {"PP", e.hiddenS.pp},
                        {"DP", e.hiddenS.dp}};
        ReportTable t{{"Part", "Exposed", "Share of the step", "Hidden behind compute"},
                      {},
                      {false, true, true, true}};
        for (const ReportStepPart &part : chart.exposed) {
            std::string hidden = "-";
            for (const ReportStepPart &h : chart.hidden)
                if (h.label == part.label && h.seconds > 0)
                    hidden = figure::text(figure::duration(h.seconds));
            if (part.seconds <= 0 && hidden == "-")
                continue; // a part this plan does not have
            t.rows.push_back({part.label, figure::text(figure::duration(part.seconds)),
                              figure::text(figure::percent(part.seconds / e.stepTimeS)), hidden});
        }
        sec.blocks.push_back(figureBlock(ReportFigure::StepChart,
                                         "The step of the current plan ("
                                                 + figure::text(figure::duration(e.stepTimeS))
                                                 + "): its exposed parts stacked, and the "
                                                   "communication that runs hidden."));
        sec.blocks.push_back(table("The step, part by part.", std::move(t)));
        report->step = std::move(chart);
    } else {
        sec.blocks.push_back(paragraph("No step-time chart: no plan could be analysed."));
    }
    return sec;
}

Expected<ReportSection> bomSection(const Project &p, const Catalog &c)
{
    ReportSection sec{"bom", "Bill of materials", {}};
    // Scalable units with the same parts once, their cables by kind: a 65,536-GPU design's
    // 256 units by cable length were 40 of the report's 46 pages.
    Expected<BomTable> bom = bomTable(p, c, BomDetail::AlikeUnitsOnce);
    if (!bom)
        return bom.error();
    ReportTable t{{"Category", "Item", "Detail", "Quantity"}, {}, {false, false, false, true}};
    for (const BomRow &r : bom->rows)
        t.rows.push_back({r.category, r.item, r.detail, count(r.quantity)});
    sec.blocks.push_back(table("What to order for this design.", std::move(t)));
    sec.blocks.push_back(paragraph("The counts rest on these assumptions:"));
    for (const std::string &a : bom->assumptions)
        sec.blocks.push_back(paragraph("- " + a));
    return sec;
}

ReportSection catalogSection(const Project &p, const Catalog &c, const AnalysisResult *r)
{
    ReportSection sec{"catalog", "Appendix: hardware figures and sources", {}};
    std::set<std::string> servers, gpus, switches, media;
    for (const Node &n : p.topology.nodes) {
        servers.insert(n.model);
        if (const ServerModel *m = c.server(n.model)) {
            gpus.insert(m->gpu);
            if (!m->pcie.empty())
                media.insert(m->pcie);
            if (const GpuModel *g = c.gpu(m->gpu); g && !g->nvlink.empty())
                media.insert(g->nvlink);
        }
    }
    for (const Switch &s : p.topology.switches)
        switches.insert(s.model);
    for (const Link &l : p.topology.links)
        media.insert(l.medium);
    ReportTable t{{"Kind", "Model", "Figures", "Source"}, {}, {}};
    for (const std::string &id : gpus)
        if (const GpuModel *g = c.gpu(id))
            t.rows.push_back(
                    {"GPU", modelName(g->name, id),
                     num(g->bf16Tflops, 0) + " TFLOP/s BF16 dense, " + num(g->fp8Tflops, 0)
                             + " FP8; " + num(g->hbmGB, 0) + " GB HBM at " + num(g->hbmTBs, 2)
                             + " TB/s; " + std::to_string(g->nvlinkLinks) + " NVLink links; GEMM "
                             + figure::text(figure::percent(g->gemmEfficiency)) + " of peak"
                             + (g->sustainedSpread > 0 ? ", the slowest of a node's GPUs "
                                                                 + figure::text(figure::percent(
                                                                         g->sustainedSpread / 2))
                                                                 + " below"
                                                       : std::string()),
                     g->source});
    for (const std::string &id : servers)
        if (const ServerModel *m = c.server(id))
            t.rows.push_back(
                    {"Server", modelName(m->name, id),
                     std::to_string(m->gpus) + " GPUs, "
                             + (m->nvlinkScope == NVLinkScope::Bridged
                                        ? "NVLink-bridged in groups of "
                                                  + std::to_string(m->nvlinkGroupGpus) + ", "
                                        : std::to_string(m->nvswitches) + " NVSwitches, ")
                             + std::to_string(m->nics) + " x " + num(m->nicGbits, 0)
                             + " Gb/s NICs, "
                             + (m->hostMemoryGB > 0 ? num(m->hostMemoryGB, 0) + " GB host memory, "
                                                    : std::string())
                             + num(m->powerKW, 1) + " kW",
                     m->source});
    for (const std::string &id : switches)
        if (const SwitchModel *m = c.switchModel(id))
            t.rows.push_back({"Switch", modelName(m->name, id),
                              std::to_string(m->ports) + " x " + num(m->portGbits, 0) + " Gb/s, "
                                      + num(m->latencyNs, 0) + " ns",
                              m->source});
    for (const std::string &id : media)
        if (const Medium *m = c.medium(id))
            t.rows.push_back({"Link", modelName(m->name, id),
                              diagtext::gbs(m->bandwidthGBs) + " per direction, "
                                      + figure::text(figure::percent(m->efficiency))
                                      + " achievable, " + num(m->latencyUs, 2) + " us a hop",
                              m->source});
    const CollectiveTuning &ct = c.collectives();
    if (!ct.source.empty())
        t.rows.push_back({"Collectives", "NCCL ring model",
                          num(ct.ringBaseLatencyUs, 1) + " us base latency, x"
                                  + num(ct.multiDomainRingFactor, 2) + " across domains",
                          ct.source});
    // Each source once, cited by number: the hardware the design uses, and no more.
    ReportTable sources{{"Ref.", "Source"}, {}, {}};
    for (std::vector<std::string> &row : t.rows) {
        std::string &source = row.back();
        std::string ref;
        for (const std::vector<std::string> &cited : sources.rows)
            if (cited[1] == source)
                ref = cited[0];
        if (ref.empty()) {
            ref = "[" + std::to_string(sources.rows.size() + 1) + "]";
            sources.rows.push_back({ref, source});
        }
        source = ref;
    }
    sec.blocks.push_back(
            table("The hardware figures the numbers above rest on, of the models this design uses.",
                  std::move(t)));
    if (r)
        sec.blocks.push_back(paragraph("The step is projected on the " + r->gpuModel
                                       + " at the figures above; a project's own catalog "
                                         "entries replace the built-in ones."));
    // The list of sources closes the appendix, as a document's references do.
    sec.blocks.push_back(table("Sources.", std::move(sources)));
    return sec;
}

} // namespace

const char *toString(ReportFigure f)
{
    switch (f) {
    case ReportFigure::Diagram:
        return "diagram";
    case ReportFigure::SweepChart:
        return "tp-sweep";
    case ReportFigure::StepChart:
        return "step-time";
    }
    return "";
}

const ReportSection *Report::section(const std::string &id) const
{
    for (const ReportSection &s : sections)
        if (s.id == id)
            return &s;
    return nullptr;
}

Expected<Report> buildReport(const Project &p, const Catalog &c, const ReportOptions &o)
{
    Expected<TopologySummary> summary = summarize(p.topology, c);
    if (!summary)
        return summary.error();
    std::optional<Analyzer> analyzer;
    std::string why;
    if (Expected<Analyzer> a = Analyzer::create(p.topology, c))
        analyzer = std::move(*a);
    else
        why = a.error().text();
    std::optional<AnalysisResult> result;
    std::optional<Diagnostic> invalid;
    std::optional<SweepResult> sweep;
    if (analyzer && p.workload && p.plan) {
        if (Expected<AnalysisResult> r = analyzer->analyze(*p.workload, *p.plan)) {
            result = std::move(*r);
        } else {
            why = "the plan cannot be analysed: " + r.error().text();
            invalid = planInvalid(r.error());
        }
        if (o.sweep)
            sweep = sweepTp(*analyzer, *p.workload, *p.plan);
    }

    Report report;
    report.title = p.name.empty() ? std::string("Untitled design") : p.name;
    report.subtitle = "Design report";
    report.titleBlock = {{"Project", report.title},
                         {"Author", o.author.empty() ? std::string("not stated") : o.author},
                         {"Date", o.date.empty() ? std::string("not stated") : o.date},
                         {"Revision", !o.revision.empty()   ? o.revision
                                      : !p.revision.empty() ? p.revision
                                                            : std::string("none")},
                         {"GPUs", count(summary->gpus)}};
    if (result)
        report.titleBlock.push_back(
                {"Job", result->workload.model.name + ", " + degrees(result->plan) + ", "
                                + figure::text(figure::tokensPerSecond(result->step.tokensPerS))});

    const AnalysisResult *r = result ? &*result : nullptr;
    ReportSection diagram{"diagram", "The design", {}};
    diagram.blocks.push_back(figureBlock(
            ReportFigure::Diagram,
            "The design as drawn: NVLink domains, servers and the switch tiers, with each "
            "parallel group's bottleneck marked."));
    report.sections.push_back(std::move(diagram));
    report.sections.push_back(summarySection(p, c, *summary, analyzer ? &*analyzer : nullptr));
    report.sections.push_back(jobSection(p, r, why));
    report.sections.push_back(groupsSection(r, p.topology));
    report.sections.push_back(diagnosticsSection(r, invalid, p.topology));
    report.sections.push_back(chartsSection(sweep, r, &report));
    Expected<ReportSection> bom = bomSection(p, c);
    if (!bom)
        return bom.error();
    report.sections.push_back(std::move(*bom));
    Expected<DesignCost> cost = designCost(p, c, r ? r->step.tokensPerS : DesignCost::kNaN);
    if (!cost)
        return cost.error();
    report.sections.push_back(costSection(*cost));
    report.sections.push_back(catalogSection(p, c, r));
    return report;
}

std::string reportText(const Report &r)
{
    std::string out = r.title + "\n" + r.subtitle + "\n";
    for (const auto &[k, v] : r.titleBlock)
        out += k + ": " + v + "\n";
    for (const ReportSection &s : r.sections) {
        out += "\n== " + s.title + " [" + s.id + "]\n";
        for (const ReportBlock &b : s.blocks) {
            switch (b.kind) {
            case ReportBlock::Kind::Paragraph:
                out += (b.severity.empty() ? "" : "(" + b.severity + ") ") + b.text + "\n";
                break;
            case ReportBlock::Kind::Figure:
                out += "[figure " + std::string(toString(b.figure)) + "] " + b.text + "\n";
                break;
            case ReportBlock::Kind::Table: {
                out += "Table: " + b.text + "\n";
                auto line = [&](const std::vector<std::string> &cells) {
                    std::string l = "|";
                    for (const std::string &cell : cells)
                        l += " " + cell + " |";
                    out += l + "\n";
                };
                line(b.table.headers);
                for (const auto &row : b.table.rows)
                    line(row);
                break;
            }
            }
        }
    }
    if (r.sweep) {
        out += "\n[tp-sweep data] domain " + std::to_string(r.sweep->domainSize) + ", current tp "
               + std::to_string(r.sweep->currentTp) + "\n";
        for (const ReportSweepPoint &pt : r.sweep->points)
            out += "tp " + std::to_string(pt.tp) + ": best "
                   + (std::isfinite(pt.best) ? num(pt.best, 1) : "-") + ", held "
                   + (std::isfinite(pt.held) ? num(pt.held, 1) : "-") + "\n";
    }
    if (r.step) {
        out += "\n[step-time data] step " + num(r.step->stepTimeS, 4) + " s\n";
        for (const ReportStepPart &part : r.step->exposed)
            out += "exposed " + part.label + ": " + num(part.seconds, 4) + " s\n";
        for (const ReportStepPart &part : r.step->hidden)
            out += "hidden " + part.label + ": " + num(part.seconds, 4) + " s\n";
    }
    return out;
}

} // namespace topoplan
