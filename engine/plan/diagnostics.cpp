#include "engine/plan/diagnostics.h"

#include "engine/plan/diagnoser.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

using namespace diagtext;

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
    }
    m_dim.reset();
    outOfMemory();
    bubble();
    fitsOneDomain();
    unusedTiers();
    mixedGpus();
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
    add(Severity::Error, code::kNoPath,
        say(TOPOPLAN_TR("Diagnostics",
                        "GPUs of %1 have no path between them: %2 on %3 cannot reach the rest of "
                        "%4 group (NICs without a cable, or networks that do not meet), so the "
                        "step cannot run. Cable %5 NICs to the switches the other nodes use."),
            {arg::groups(d.groupsDisconnected, d.count, d.dim), arg::listed(named(gpus)),
             arg::listed(named(nodes)),
             phrase(gpus.size() == 1 ? say(TOPOPLAN_TR("Diagnostics", "its"))
                                     : say(TOPOPLAN_TR("Diagnostics", "their"))),
             phrase(nodes.size() == 1 ? say(TOPOPLAN_TR("Diagnostics", "this node's"))
                                      : say(TOPOPLAN_TR("Diagnostics", "these nodes'")))}),
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
    const Message inDomain
            = first && first->medium
                      ? say(TOPOPLAN_TR("Diagnostics", " instead of %1 at %2 inside a domain"),
                            {name(first->medium->name),
                             arg::gbs(first->perGpuGBs * first->medium->efficiency)})
                      : say(TOPOPLAN_TR("Diagnostics", " (these GPUs have no NVLink)"));
    const Message traffic
            = tp ? (m_r.workload.training.sequenceParallel
                            ? say(TOPOPLAN_TR("Diagnostics",
                                              "its all-gathers and reduce-scatters, on the "
                                              "critical path of every layer,"))
                            : say(TOPOPLAN_TR("Diagnostics", "its all-reduces, on the critical "
                                                             "path of every layer,")))
                 : say(TOPOPLAN_TR("Diagnostics",
                                   "its all-to-alls, dispatch and combine in every MoE layer,"));
    const Message runs = say(TOPOPLAN_TR("Diagnostics", "%1 run over %2 at %3%4%5"),
                             {phrase(traffic), arg::className(d.network.linkClass),
                              arg::gbs(d.network.busbwGBs), phrase(inDomain),
                              w.bottleneckId.empty()
                                      ? name("")
                                      : phrase(say(TOPOPLAN_TR("Diagnostics", ", limited by %1"),
                                                   {name(named(w.bottleneckId))}))});
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
        say(TOPOPLAN_TR("Diagnostics", "%1: %2; %3 communication takes %4 of the step. %5"),
            {phrase(spans), phrase(runs), dim, arg::percent(stepShare(commSeconds(d.dim))),
             phrase(keep)}),
        domainItems(w.domainIds));
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
