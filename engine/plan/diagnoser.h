#pragma once

#include "engine/model/naming.h"
#include "engine/plan/analysis.h"
#include "engine/plan/diagnostics.h"
#include "engine/plan/diagnosticstext.h"

#include <cmath>
#include <string>
#include <vector>

namespace topoplan {

// The checks behind diagnose(), one function each, over one analysis (private to the engine:
// diagnostics.cpp has the network checks, diagnosticsfabric.cpp those of the fabric's shape,
// diagnosticsstep.cpp those of the step).
class Diagnoser
{
public:
    Diagnoser(const Analyzer &a, const AnalysisResult &r, const SoftwareModel &sw)
        : m_a(a)
        , m_g(a.graph())
        , m_r(r)
        , m_sw(sw)
    {}

    std::vector<Diagnostic> run();

private:
    void noPath(const DimensionResult &d);
    void crossesDomain(const DimensionResult &d);
    // What a group across NVLink domains pays: bandwidth, or for TP where the fabric is about
    // as fast as NVLink, the time a wider group does not shrink. A sentence of the diagnostic.
    Message bandwidthCost(const DimensionResult &d, const NVLinkDomain *first) const;
    Message tpCrossingCost(const DimensionResult &d, const NVLinkDomain *first) const;
    void onEthernet(const DimensionResult &d);
    void oversubscribed(const DimensionResult &d);
    void crossesRails(const DimensionResult &d);
    void forwardedBetweenRails(const DimensionResult &d);
    void outOfMemory();
    void bubble();
    void fitsOneDomain();
    void unusedTiers();
    void mixedGpus();
    void modelsAssumed();

    // `seconds` as a share of the step (0 for a step that cannot run).
    double stepShare(double seconds) const
    {
        const double step = m_r.step.stepTimeS;
        return step > 0 && std::isfinite(step) ? seconds / step : 0;
    }
    double commSeconds(Dim d) const;
    const NVLinkDomain *domain(const std::string &id) const;
    // What the canvas can point at for these domains: a custom domain's box, a server that is a
    // domain of its own; for a domain inside a server (bridged GPUs, a PCIe-only server's GPU)
    // the server.
    std::vector<std::string> domainItems(const std::vector<std::string> &domainIds) const;
    std::string nodeOf(VertexId v) const { return m_a.topology().nodes[m_g.vertex(v).node].id; }
    // Ids (of devices, links, GPUs, fabric paths) as a message shows them: by the names people
    // gave (engine/model/naming.h). The diagnostic's `ids` stay ids, for the canvas.
    std::string named(const std::string &id) const { return displayName(m_a.topology(), id); }
    std::vector<std::string> named(const std::vector<std::string> &ids) const
    {
        std::vector<std::string> out;
        out.reserve(ids.size());
        for (const std::string &id : ids)
            out.push_back(named(id));
        return out;
    }
    void add(Severity s, const char *code, std::string message, std::vector<std::string> ids)
    {
        m_out.push_back({s, code, std::move(message), std::move(ids), m_dim});
    }
    // A message a front end can translate; the diagnostic's `message` is its English.
    void add(Severity s, const char *code, Message sentence, std::vector<std::string> ids)
    {
        std::string english = sentence.english();
        m_out.push_back({s, code, std::move(english), std::move(ids), m_dim, std::move(sentence)});
    }

    const Analyzer &m_a;
    const FabricGraph &m_g;
    const AnalysisResult &m_r;
    const SoftwareModel &m_sw;
    std::optional<Dim> m_dim; // the dimension being diagnosed, while run() is at one
    std::vector<Diagnostic> m_out;
};

} // namespace topoplan
