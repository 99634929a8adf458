#include "engine/plan/diagnostics.h"

#include "engine/plan/diagnoser.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

using namespace diagtext;

namespace {

std::string seconds(double s) // "1.52 s", "42.1 ms"
{
    return figure::text(figure::duration(s));
}

std::string mb(double bytes) // "50.3 MB" (decimal), "1.2 GB"
{
    if (bytes >= 1e9)
        return figure::text(figure::gigabytes(bytes / 1e9));
    const double m = bytes / 1e6;
    return figure::text({m, m >= 100 ? 0 : m >= 10 ? 1 : 2, "MB"});
}

} // namespace

const char *toString(Severity s)
{
    switch (s) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Info:
        return "info";
    }
    return "info";
}

Diagnostic planInvalid(const Error &e)
{
    std::string where = e.file.empty() ? e.where : e.file + ": " + e.where;
    return {Severity::Error,
            code::kPlanInvalid,
            "The plan cannot run: " + (where.empty() ? "" : where + ": ") + e.message,
            {},
            std::nullopt};
}

double Diagnoser::commSeconds(Dim d) const
{
    const StepBreakdown &b = m_r.step.breakdownS;
    switch (d) {
    case Dim::TP:
        return b.tpComm;
    case Dim::CP:
        return b.cpComm;
    case Dim::EP:
        return b.epComm;
    case Dim::PP:
        return b.ppComm;
    case Dim::DP:
    case Dim::EDP:
        return b.dpComm;
    }
    return 0;
}

const NVLinkDomain *Diagnoser::domain(const std::string &id) const
{
    for (const NVLinkDomain &d : m_g.domains()) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

std::vector<std::string> Diagnoser::domainItems(const std::vector<std::string> &domainIds) const
{
    std::vector<std::string> items;
    for (const std::string &id : domainIds) {
        const NVLinkDomain *d = domain(id);
        if (d && !d->custom && d->nodes.size() == 1)
            appendUnique(&items, m_a.topology().nodes[d->nodes.front()].id);
        else
            appendUnique(&items, id);
    }
    return items;
}

std::vector<Diagnostic> Diagnoser::run()
{
    for (const DimensionResult &d : m_r.dimensions) {
        m_dim = d.dim;
        noPath(d);
        if (d.dim == Dim::TP || d.dim == Dim::EP)
            crossesDomain(d);
        if (d.dim != Dim::DP && d.dim != Dim::EDP)
            onEthernet(d);
        if (d.dim == Dim::DP || d.dim == Dim::EDP)
            oversubscribed(d);
        if (d.dim == Dim::DP)
            crossesRails(d);
        forwardedBetweenRails(d);
    }
    m_dim.reset();
    outOfMemory();
    bubble();
    fitsOneDomain();
    unusedTiers();
    mixedGpus();
    modelsAssumed();
    std::stable_sort(m_out.begin(), m_out.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return a.severity < b.severity;
    });
    return std::move(m_out);
}

void Diagnoser::noPath(const DimensionResult &d)
{
    if (d.groupsDisconnected == 0)
        return;
    std::vector<std::string> nodes, gpus;
    for (const std::string &id : d.worst.unreachableIds) {
        gpus.push_back(id);
        if (const std::optional<VertexId> v = m_g.findVertex(id))
            appendUnique(&nodes, nodeOf(*v));
    }
    add(Severity::Error, code::kNoPath,
        "GPUs of " + countOf(d.groupsDisconnected, d.count, dimName(d.dim) + " group")
                + " have no path between them: " + listed(named(gpus)) + " on "
                + listed(named(nodes)) + " cannot reach the rest of "
                + (gpus.size() == 1 ? "its" : "their")
                + " group (NICs without a cable, or networks that do not meet), so the step "
                  "cannot run. Cable "
                + (nodes.size() == 1 ? "this node's" : "these nodes'")
                + " NICs to the switches the other nodes use"
                + (d.worst.unforwarded
                           ? "; their NICs are on rails (or planes) that meet in no switch, "
                             "and neither NVLink domain has a GPU on the other's rail to "
                             "forward through (NCCL's PXN): use NVLink domains that span the "
                             "rails, or a fabric whose spines join them"
                           : "")
                + ".",
        nodes);
}

void Diagnoser::crossesDomain(const DimensionResult &d)
{
    if (d.groupsCrossingDomain == 0)
        return;
    const GroupRoute &w = d.worst;
    const NVLinkDomain *first = w.domainIds.empty() ? nullptr : domain(w.domainIds.front());
    const bool tp = d.dim == Dim::TP;
    const std::string name = dimName(d.dim);
    const std::string traffic
            = tp ? (m_r.workload.training.sequenceParallel
                            ? "its all-gathers and reduce-scatters, on the critical path of every "
                              "layer,"
                            : "its all-reduces, on the critical path of every layer,")
                 : "its all-to-alls, dispatch and combine in every MoE layer,";
    add(Severity::Warning, tp ? code::kTpCrossesNvlinkDomain : code::kEpCrossesNvlinkDomain,
        name + " = " + std::to_string(d.size) + " spans " + std::to_string(w.domainIds.size())
                + " NVLink domains (" + listed(named(w.domainIds)) + ")"
                + (d.groupsCrossingDomain > 1 || d.count > 1
                           ? " in " + countOf(d.groupsCrossingDomain, d.count, name + " group")
                           : "")
                + ": " + traffic + " leave NVLink for " + className(d.network.linkClass) + ". "
                + (tp ? tpCrossingCost(d, first) : bandwidthCost(d, first)) + " " + name
                + " communication takes " + seconds(commSeconds(d.dim)) + ", "
                + percent(stepShare(commSeconds(d.dim))) + " of the step. Keep " + name
                + " <= " + std::to_string(m_a.domainSize()) + ", the domain size"
                + (tp ? "" : " (where the expert count allows)") + ", and use "
                + (tp ? "PP and DP" : "DP") + " across domains"
                + (!tp && m_r.workload.training.moeDispatcher == MoeDispatcher::AllToAll
                           ? ", or send each token once per node and spread it over NVLink "
                             "there (training.moe_dispatcher \"deepep\") instead of once per "
                             "expert"
                           : std::string())
                + ".",
        domainItems(w.domainIds));
}

std::string Diagnoser::bandwidthCost(const DimensionResult &d, const NVLinkDomain *first) const
{
    std::string out = "They run at " + gbs(d.network.busbwGBs);
    if (first && first->medium)
        out += " instead of " + first->medium->name + " at "
               + gbs(first->perGpuGBs * first->medium->efficiency) + " inside a domain";
    else
        out += " (these GPUs have no NVLink)";
    if (!d.worst.bottleneckId.empty())
        out += ", limited by " + named(d.worst.bottleneckId);
    return out + ".";
}

// What a TP group across domains pays, from the communication model (engine/perf/perfcomm.h):
// where the fabric carries the ring about as fast as NVLink, not bandwidth but collectives that
// take as long however wide the group (the activations they move do not shrink with TP, the
// compute beside them does) and the latency of each ring step, on every layer.
std::string Diagnoser::tpCrossingCost(const DimensionResult &d, const NVLinkDomain *first) const
{
    const double nvlink = first && first->medium ? first->perGpuGBs * first->medium->efficiency : 0;
    // Bandwidth costs where the fabric's ring is clearly slower than NVLink's.
    if (nvlink <= 0 || d.network.busbwGBs < 0.8 * nvlink)
        return bandwidthCost(d, first);
    const DimNetwork &net = d.network;
    const TrainingSpec &t = m_r.workload.training;
    const Collective c = bulkCollectiveOf(Dim::TP, d.collective, t);
    // A micro-batch's activations at one layer: what each collective moves.
    const double bytes = double(t.microBatch) * m_r.workload.model.seq / std::max(1, m_r.plan.cp)
                         * m_r.workload.model.hidden * 2;
    const CollectiveChoice one = chooseCollective(c, bytes, d.size, net);
    const int steps = c == Collective::AllReduce ? 2 * (d.size - 1) : d.size - 1;
    const int crossing = (c == Collective::AllReduce ? 2 : 1) * (net.domains - 1);
    const std::string hops
            = d.worst.maxSwitchHops > 0
                      ? " through " + std::to_string(d.worst.maxSwitchHops)
                                + (d.worst.maxSwitchHops == 1 ? " switch" : " switches")
                      : std::string();
    return "Bandwidth is not what costs: " + className(net.linkClass) + " carries the ring at "
           + gbs(net.busbwGBs) + ", " + first->medium->name + " at " + gbs(nvlink)
           + " inside a domain. What costs is time a wider group does not shrink: each "
           + toString(c) + " moves the activations of a micro-batch's layer (" + mb(bytes)
           + ") however wide TP is, while each GPU's share of the compute shrinks with it, and "
             "each ring step adds latency. Here one takes "
           + us(one.seconds * 1e6) + ", " + us(one.latencyUs)
           + " of it fixed: " + std::to_string(steps) + " ring steps, " + std::to_string(crossing)
           + " of them between domains at " + us(net.latencyUs) + hops + " ("
           + us(net.intraLatencyUs)
           + " a step on NVLink), and the collective's base; the layers wait for them forward "
             "and backward.";
}

void Diagnoser::onEthernet(const DimensionResult &d)
{
    if (d.network.linkClass != LinkClass::Ethernet || !d.edgeLoads)
        return;
    std::vector<std::string> links, nodes;
    for (const EdgeLoad &l : *d.edgeLoads) {
        const FabricEdge &e = m_g.edge(l.edge);
        if (e.linkClass != LinkClass::Ethernet || e.link < 0)
            continue;
        appendUnique(&links, m_a.topology().links[e.link].id);
        for (VertexId v : {m_g.source(l.edge), m_g.target(l.edge)}) {
            if (m_g.vertex(v).node >= 0)
                appendUnique(&nodes, nodeOf(v));
        }
    }
    const std::string name = dimName(d.dim);
    const std::string where = " through " + listed(named(links))
                              + (nodes.empty() ? "" : " (" + listed(named(nodes)) + ")");
    const std::string cost = ": " + gbs(d.network.busbwGBs) + " and " + us(d.network.latencyUs)
                             + " per step, and " + name + " communication takes "
                             + percent(stepShare(commSeconds(d.dim))) + " of the step.";
    std::vector<std::string> ids = links;
    ids.insert(ids.end(), nodes.begin(), nodes.end());
    if (d.dim == Dim::PP) {
        add(Severity::Warning, code::kPpOnEthernet,
            "Pipeline sends and receives run over plain Ethernet (TCP, no RDMA)" + where + cost
                    + " PP tolerates a slower network than TP, but the kernel's TCP path adds "
                      "latency to every transfer and stalls the stages: cable these nodes to an "
                      "InfiniBand or RoCE fabric.",
            ids);
        return;
    }
    const char *code = d.dim == Dim::TP   ? code::kTpOnEthernet
                       : d.dim == Dim::EP ? code::kEpOnEthernet
                                          : code::kCpOnEthernet;
    const std::string what = d.dim == Dim::TP
                                     ? "TP collectives, on the critical path of every layer, run"
                             : d.dim == Dim::EP ? "Expert all-to-alls run"
                                                : "The context-parallel K/V ring runs";
    add(Severity::Error, code,
        what + " over plain Ethernet (TCP, no RDMA)" + where + cost
                + " This collapses throughput: keep " + name
                + " inside an NVLink domain, or cable these nodes to an InfiniBand or RoCE "
                  "fabric.",
        ids);
}

std::optional<Severity> dimensionSeverity(const std::vector<Diagnostic> &diagnostics, Dim d)
{
    std::optional<Severity> worst;
    for (const Diagnostic &x : diagnostics) {
        if (x.dim == d && x.severity != Severity::Info && (!worst || x.severity < *worst))
            worst = x.severity;
    }
    return worst;
}

std::vector<Diagnostic> diagnose(const Analyzer &a, const AnalysisResult &r,
                                 const SoftwareModel &sw)
{
    return Diagnoser(a, r, sw).run();
}

} // namespace topoplan
