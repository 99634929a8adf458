#pragma once

// Clusters, workloads and plans for the analysis, diagnostics, sweep, planner and accuracy
// tests (no Qt, so that the benchmarks can use them too).

#include "engine/core/jsonin.h"
#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
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

// A built-in template's project ("h100-16k": 16,384 GPUs), as File > New makes it.
inline Project templateProject(const std::string &id)
{
    const ProjectTemplate *t = findTemplate(id);
    if (!t)
        failWith(Error{{}, id, "no such template"});
    return orFail(instantiate(*t));
}

// A generated project, as `topoplan-cli generate` makes it; the one helper every test that
// needs a generated design uses.
inline Project generatedProject(const GeneratorOptions &o,
                                const Catalog &catalog = Catalog::builtin())
{
    return orFail(generateProject(o, catalog));
}

inline Project generatedProject(const std::string &model, int nodes, int domainSize = 0,
                                FabricKind fabric = FabricKind::RailOptimized)
{
    GeneratorOptions o;
    o.nodeModel = model;
    o.nodes = nodes;
    o.domainSize = domainSize;
    o.fabric = fabric;
    return generatedProject(o);
}

// 128 DGX H100 (1,024 GPUs) on a QM9700 fat tree: the benchmarks' mid-size design. Two
// tiers: 128 nodes fit under one pod's spines, and the generator refuses a core tier that
// would join nothing.
inline Project dgxH100FatTree1024()
{
    GeneratorOptions o;
    o.nodeModel = "dgx-h100";
    o.nodes = 128;
    o.fabric = FabricKind::FatTree;
    o.tiers = 2;
    o.leaf = o.spine = "qm9700";
    return generatedProject(o);
}

// The software of Megatron-LM SC'21 (Narayanan et al.), for its Table 1 and Figure 13:
// Megatron-LM 2021, unfused attention, no sequence parallelism, blocking pipeline sends, no
// distributed optimizer; PyTorch DDP with an overlapped fp16 all-reduce for pp = 1, Megatron's
// local DDP with an fp32 all-reduce after the flush for pp > 1; full recomputation.
inline SoftwareModel megatron2021(int pp)
{
    SoftwareModel sw;
    sw.attention = AttentionKernel::Unfused;
    sw.overlapP2p = false;
    sw.overlapGradReduce = pp == 1;
    sw.gradBytes = pp == 1 ? 2 : 4;
    sw.fusedCrossEntropy = false;
    // PyTorch DDP's 25 MB buckets of fp16 gradients.
    sw.bucketParams = 25e6 / 2;
    sw.bucketParamsPerDpRank = 0;
    return sw;
}

inline Workload megatron2021Workload(Workload w, int microBatch, int interleave)
{
    w.training.microBatch = microBatch;
    w.training.interleave = interleave;
    w.training.recompute = Recompute::Full;
    w.training.sequenceParallel = false;
    w.training.distributedOptimizer = false;
    return w;
}

// Megatron-LM SC'21 (Narayanan et al.) Table 1: GPT models on DGX A100 80GB, the plan, batch
// and schedule of each row and the published hardware TFLOP/s per GPU.
struct TableOneRow
{
    const char *name;
    int heads, hidden, layers, tp, pp, gpus, batch, microBatch, interleave;
    double tflops;
};
inline constexpr TableOneRow kMegatronTableOne[] = {
        {"1.7B", 24, 2304, 24, 1, 1, 32, 512, 16, 1, 137.0},
        {"3.6B", 32, 3072, 30, 2, 1, 64, 512, 16, 1, 138.0},
        {"7.5B", 32, 4096, 36, 4, 1, 128, 512, 16, 1, 142.0},
        {"18.4B", 48, 6144, 40, 8, 1, 256, 1024, 8, 1, 135.0},
        {"39.1B", 64, 8192, 48, 8, 2, 512, 1536, 4, 1, 138.0},
        {"76.1B", 80, 10240, 60, 8, 4, 1024, 1792, 2, 3, 140.0},
        {"145.6B", 96, 12288, 80, 8, 8, 1536, 2304, 2, 2, 148.0},
        {"310.1B", 128, 16384, 96, 8, 16, 1920, 2160, 1, 2, 155.0},
        {"529.6B", 128, 20480, 105, 8, 35, 2520, 2520, 1, 3, 163.0},
        {"1008.0B", 160, 25600, 128, 8, 64, 3072, 3072, 1, 1, 163.0},
};

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

// Llama 3 70B as NVIDIA's Megatron Bridge recipe trains it on GB200 (without the offload):
// global batch 256, micro-batch 2, FP8, FSDP, no recomputation.
inline Workload llama3_70bOnGrace()
{
    Workload w = preset("llama3-70b");
    w.training.globalBatch = 256;
    w.training.microBatch = 2;
    w.training.precision = Precision::FP8;
    w.training.recompute = Recompute::None;
    w.training.fsdp = true;
    return w;
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

// The analysis of `w` on `p`; a failure ends the test with the engine's message.
inline AnalysisResult analyzeOrFail(const Analyzer &a, const Workload &w, const Plan &p,
                                    const SoftwareModel &sw = {})
{
    return orFail(a.analyze(w, p, sw));
}

// Whether `r` reports a diagnostic with `code` ("tp-crosses-domain", ...).
inline bool hasCode(const AnalysisResult &r, const char *code)
{
    for (const Diagnostic &d : r.diagnostics) {
        if (d.code == code)
            return true;
    }
    return false;
}

// "1,2,4,8": a list of widths as a test message shows it.
inline std::string joined(const std::vector<int> &v)
{
    std::string s;
    for (int i : v)
        s += (s.empty() ? "" : ",") + std::to_string(i);
    return s;
}

} // namespace topoplan::fixtures
