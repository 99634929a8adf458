#include "engine/plan/diagnostics.h"

#include "engine/plan/diagnoser.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

using namespace diagtext;

namespace {

// "50.3 MB" (decimal), "1.2 GB"
figure::Figure megabytes(double bytes)
{
    if (bytes >= 1e9)
        return figure::gigabytes(bytes / 1e9);
    const double m = bytes / 1e6;
    return {m, m >= 100 ? 0 : m >= 10 ? 1 : 2, "MB"};
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

Diagnostic planInvalid(const Error &e, const std::optional<PlanRefusal> &why)
{
    using namespace msg;
    std::string where = e.file.empty() ? e.where : e.file + ": " + e.where;
    const MessageArg reason
            = why && why->error().message == e.message ? phrase(why->text) : name(e.message);
    Message sentence
            = where.empty() ? say(TOPOPLAN_TR("Diagnostics", "The plan cannot run: %1"), {reason})
                            : say(TOPOPLAN_TR("Diagnostics", "The plan cannot run: %1: %2"),
                                  {name(where), reason});
    std::string english = sentence.english();
    return {Severity::Error, code::kPlanInvalid, std::move(english), {},
            std::nullopt,    std::move(sentence)};
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
    using namespace msg;
    // Rails that meet in no switch, with no GPU to forward through (routing.h, PXN).
    const MessageArg unforwarded
            = d.worst.unforwarded
                      ? phrase(say(TOPOPLAN_TR("Diagnostics",
                                               "; their NICs are on rails (or planes) that meet "
                                               "in no switch, and neither NVLink domain has a GPU "
                                               "on the other's rail to forward through (NCCL's "
                                               "PXN): use NVLink domains that span the rails, or "
                                               "a fabric whose spines join them")))
                      : name("");
    add(Severity::Error, code::kNoPath,
        say(TOPOPLAN_TR("Diagnostics",
                        "GPUs of %1 have no path between them: %2 on %3 cannot reach the rest of "
                        "%4 group (NICs without a cable, or networks that do not meet), so the "
                        "step cannot run. Cable %5 NICs to the switches the other nodes use%6."),
            {arg::groups(d.groupsDisconnected, d.count, d.dim), arg::listed(named(gpus)),
             arg::listed(named(nodes)),
             phrase(gpus.size() == 1 ? say(TOPOPLAN_TR("Diagnostics", "its"))
                                     : say(TOPOPLAN_TR("Diagnostics", "their"))),
             phrase(nodes.size() == 1 ? say(TOPOPLAN_TR("Diagnostics", "this node's"))
                                      : say(TOPOPLAN_TR("Diagnostics", "these nodes'"))),
             unforwarded}),
        nodes);
}

void Diagnoser::crossesDomain(const DimensionResult &d)
{
    if (d.groupsCrossingDomain == 0)
        return;
    using namespace msg;
    const GroupRoute &w = d.worst;
    const NVLinkDomain *first = w.domainIds.empty() ? nullptr : domain(w.domainIds.front());
    const bool tp = d.dim == Dim::TP;
    const MessageArg dim = name(dimName(d.dim));
    const Message spans = say(
            TOPOPLAN_TR("Diagnostics", "%1 = %2 spans %3 NVLink domains (%4)%5"),
            {dim, name(std::to_string(d.size)), count(static_cast<long long>(w.domainIds.size())),
             arg::listed(named(w.domainIds)),
             d.groupsCrossingDomain > 1 || d.count > 1
                     ? phrase(say(TOPOPLAN_TR("Diagnostics", " in %1"),
                                  {arg::groups(d.groupsCrossingDomain, d.count, d.dim)}))
                     : name("")});
    const Message traffic
            = tp ? (m_r.workload.training.sequenceParallel
                            ? say(TOPOPLAN_TR("Diagnostics",
                                              "its all-gathers and reduce-scatters, on the "
                                              "critical path of every layer,"))
                            : say(TOPOPLAN_TR("Diagnostics", "its all-reduces, on the critical "
                                                             "path of every layer,")))
                 : say(TOPOPLAN_TR("Diagnostics",
                                   "its all-to-alls, dispatch and combine in every MoE layer,"));
    const MessageArg size = count(m_a.domainSize());
    const Message keep
            = tp ? say(TOPOPLAN_TR("Diagnostics", "Keep %1 <= %2, the domain size, and use PP "
                                                  "and DP across domains."),
                       {dim, size})
              : m_r.workload.training.moeDispatcher == MoeDispatcher::AllToAll
                      ? say(TOPOPLAN_TR("Diagnostics",
                                        "Keep %1 <= %2, the domain size (where the expert count "
                                        "allows), and use DP across domains, or send each token "
                                        "once per node and spread it over NVLink there "
                                        "(training.moe_dispatcher \"deepep\") instead of once "
                                        "per expert."),
                            {dim, size})
                      : say(TOPOPLAN_TR("Diagnostics", "Keep %1 <= %2, the domain size (where the "
                                                       "expert count allows), and use DP across "
                                                       "domains."),
                            {dim, size});
    add(Severity::Warning, tp ? code::kTpCrossesNvlinkDomain : code::kEpCrossesNvlinkDomain,
        say(TOPOPLAN_TR("Diagnostics", "%1: %2 leave NVLink for %3. %4 %5 communication takes "
                                       "%6, %7 of the step. %8"),
            {phrase(spans), phrase(traffic), arg::className(d.network.linkClass),
             phrase(tp ? tpCrossingCost(d, first) : bandwidthCost(d, first)), dim,
             msg::figure(figure::duration(commSeconds(d.dim))),
             arg::percent(stepShare(commSeconds(d.dim))), phrase(keep)}),
        domainItems(w.domainIds));
}

Message Diagnoser::bandwidthCost(const DimensionResult &d, const NVLinkDomain *first) const
{
    using namespace msg;
    const Message inDomain
            = first && first->medium
                      ? say(TOPOPLAN_TR("Diagnostics", " instead of %1 at %2 inside a domain"),
                            {name(first->medium->name),
                             arg::gbs(first->perGpuGBs * first->medium->efficiency)})
                      : say(TOPOPLAN_TR("Diagnostics", " (these GPUs have no NVLink)"));
    return say(TOPOPLAN_TR("Diagnostics", "They run at %1%2%3."),
               {arg::gbs(d.network.busbwGBs), phrase(inDomain),
                d.worst.bottleneckId.empty()
                        ? name("")
                        : phrase(say(TOPOPLAN_TR("Diagnostics", ", limited by %1"),
                                     {name(named(d.worst.bottleneckId))}))});
}

// What a TP group across domains pays, from the communication model (engine/perf/perfcomm.h):
// where the fabric carries the ring about as fast as NVLink, not bandwidth but collectives that
// take as long however wide the group (the activations they move do not shrink with TP, the
// compute beside them does) and the latency of each ring step, on every layer.
Message Diagnoser::tpCrossingCost(const DimensionResult &d, const NVLinkDomain *first) const
{
    using namespace msg;
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
    const int switches = d.worst.maxSwitchHops;
    const MessageArg hops = switches <= 0 ? name("")
                            : switches == 1
                                    ? phrase(say(TOPOPLAN_TR("Diagnostics", " through %1 switch"),
                                                 {count(switches)}))
                                    : phrase(say(TOPOPLAN_TR("Diagnostics", " through %1 switches"),
                                                 {count(switches)}));
    const Message fixed = say(
            TOPOPLAN_TR("Diagnostics",
                        "Here one takes %1, %2 of it fixed: %3 ring steps, %4 of them between "
                        "domains at %5%6 (%7 a step on NVLink), and the collective's base; the "
                        "layers wait for them forward and backward."),
            {arg::us(one.seconds * 1e6), arg::us(one.latencyUs), count(steps), count(crossing),
             arg::us(net.latencyUs), hops, arg::us(net.intraLatencyUs)});
    return say(TOPOPLAN_TR("Diagnostics",
                           "Bandwidth is not what costs: %1 carries the ring at %2, %3 at %4 "
                           "inside a domain. What costs is time a wider group does not shrink: "
                           "each %5 moves the activations of a micro-batch's layer (%6) however "
                           "wide TP is, while each GPU's share of the compute shrinks with it, "
                           "and each ring step adds latency. %7"),
               {arg::className(net.linkClass), arg::gbs(net.busbwGBs), name(first->medium->name),
                arg::gbs(nvlink), name(toString(c)), msg::figure(megabytes(bytes)), phrase(fixed)});
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
    using namespace msg;
    const MessageArg dim = name(dimName(d.dim));
    const Message where
            = nodes.empty()
                      ? say(TOPOPLAN_TR("Diagnostics", " through %1"), {arg::listed(named(links))})
                      : say(TOPOPLAN_TR("Diagnostics", " through %1 (%2)"),
                            {arg::listed(named(links)), arg::listed(named(nodes))});
    const Message cost = say(TOPOPLAN_TR("Diagnostics", ": %1 and %2 per step, and %3 "
                                                        "communication takes %4 of the step."),
                             {arg::gbs(d.network.busbwGBs), arg::us(d.network.latencyUs), dim,
                              arg::percent(stepShare(commSeconds(d.dim)))});
    std::vector<std::string> ids = links;
    ids.insert(ids.end(), nodes.begin(), nodes.end());
    if (d.dim == Dim::PP) {
        add(Severity::Warning, code::kPpOnEthernet,
            say(TOPOPLAN_TR("Diagnostics",
                            "Pipeline sends and receives run over plain Ethernet (TCP, no "
                            "RDMA)%1%2 PP tolerates a slower network than TP, but the kernel's "
                            "TCP path adds latency to every transfer and stalls the stages: cable "
                            "these nodes to an InfiniBand or RoCE fabric."),
                {phrase(where), phrase(cost)}),
            ids);
        return;
    }
    const char *code = d.dim == Dim::TP   ? code::kTpOnEthernet
                       : d.dim == Dim::EP ? code::kEpOnEthernet
                                          : code::kCpOnEthernet;
    const Message what
            = d.dim == Dim::TP ? say(TOPOPLAN_TR("Diagnostics", "TP collectives, on the critical "
                                                                "path of every layer, run"))
              : d.dim == Dim::EP
                      ? say(TOPOPLAN_TR("Diagnostics", "Expert all-to-alls run"))
                      : say(TOPOPLAN_TR("Diagnostics", "The context-parallel K/V ring runs"));
    add(Severity::Error, code,
        say(TOPOPLAN_TR("Diagnostics",
                        "%1 over plain Ethernet (TCP, no RDMA)%2%3 This collapses throughput: "
                        "keep %4 inside an NVLink domain, or cable these nodes to an InfiniBand "
                        "or RoCE fabric."),
            {phrase(what), phrase(where), phrase(cost), dim}),
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
