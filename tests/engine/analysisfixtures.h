#pragma once

// Clusters, workloads and plans for the analysis, diagnostics, sweep, planner and accuracy
// tests (no Qt, so that the benchmarks can use them too).

#include "engine/core/jsonin.h"
#include "engine/generate/generator.h"
#include "engine/plan/analysis.h"
#include "tests/engine/fabricfixtures.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace topoplan::fixtures {

[[noreturn]] inline void failWith(const Error &e)
{
    std::fprintf(stderr, "%s\n", e.text().c_str());
    std::abort();
}

template<typename T>
T orFail(Expected<T> e)
{
    if (!e)
        failWith(e.error());
    return std::move(*e);
}

// A generated cluster of `nodes` servers of `model` (3 tiers where 2 cannot connect them).
inline Topology generated(const std::string &model, int nodes,
                          FabricKind fabric = FabricKind::RailOptimized, int domainSize = 0,
                          const Catalog &catalog = Catalog::builtin())
{
    GeneratorOptions o;
    o.nodeModel = model;
    o.nodes = nodes;
    o.fabric = fabric;
    o.domainSize = domainSize;
    Expected<Project> p = generateProject(o, catalog);
    if (!p && fabric != FabricKind::None) {
        o.tiers = 3;
        p = generateProject(o, catalog);
    }
    return orFail(std::move(p)).topology;
}

inline Analyzer analyzer(const Topology &t, const Catalog &catalog = Catalog::builtin())
{
    return orFail(Analyzer::create(t, catalog));
}

inline Plan plan(int tp, int pp = 1, int cp = 1, int ep = 1, const std::string &order = {})
{
    Plan p;
    p.tp = tp;
    p.pp = pp;
    p.cp = cp;
    p.ep = ep;
    p.dp = 0; // derived
    if (!order.empty())
        p.order = order;
    return p;
}

inline Workload preset(const std::string &name)
{
    return orFail(workloadPreset(name));
}

// A GPT of Megatron-LM's SC'21 experiments: s = 2048, V = 51,200, ffn = 4h.
inline Workload gpt(int layers, int hidden, int heads, int globalBatch)
{
    Workload w;
    w.model = {"gpt", layers, hidden, heads, heads, 4 * hidden, 51200, 2048, false, 1, 1, 0};
    w.training.globalBatch = globalBatch;
    return w;
}

// The built-in catalog with servers whose NVLink leaves the box like a GB200 tray's, for the
// GPUs of 8-GPU boxes: 4 A100s (or B200s) per tray, so that a custom domain of 16 trays is a
// 64-GPU NVLink domain of the same GPUs as 8 DGX A100 (DGX B200).
inline Catalog catalogWithTrays()
{
    const Json overrides = Json::parse(R"({"servers": [
        {"id": "a100-tray", "gpu": "a100-sxm-80gb", "gpus": 4, "nvlink_scope": "external",
         "nics": 4, "nic_gbit_s": 200, "nic_medium": "ib-hdr", "pcie": "pcie4",
         "source": "test: 4 A100 SXM with external NVLink 3"},
        {"id": "b200-tray", "gpu": "b200", "gpus": 4, "nvlink_scope": "external",
         "nics": 4, "nic_gbit_s": 400, "nic_medium": "ib-ndr", "pcie": "pcie5",
         "source": "test: 4 B200 with external NVLink 5"}]})");
    return orFail(Catalog::builtin().merged(JsonIn(overrides, "test-catalog")));
}

} // namespace topoplan::fixtures
