#include "engine/model/workload.h"

#include "engine/core/jsonin.h"
#include "engine/model/planrefusal.h"
#include "engine/model/recomputemodules.h"

#include <algorithm>
#include <limits>
#include <set>
#include <sstream>

namespace topoplan {

using nlohmann::ordered_json;

namespace {

// Limits of a workload and a plan (docs/manual/limits.md): the sizes of a model are
// at most 10^8 (hidden, ffn, vocab, seq) and 10^6 (layers, heads, experts), so that products
// such as 4 x hidden stay in range; a parallel degree is at most 10^6, as on the command line.
constexpr int kMaxModelWidth = 100'000'000;
constexpr int kMaxModelCount = 1'000'000;
constexpr int kMaxDegree = 1'000'000;

const std::vector<std::string> kDims = {"tp", "cp", "ep", "dp", "pp"};

// Megatron-Core's names for the modules selective recomputation may list, in bit order.
const std::pair<const char *, RecomputeModule> kRecomputeModules[] = {
        {"core_attn", kRecomputeCoreAttn},
        {"mla_up_proj", kRecomputeMlaUpProj},
        {"layernorm", kRecomputeLayernorm},
        {"moe_act", kRecomputeMoeAct},
};

unsigned parseRecomputeModules(const JsonIn &list)
{
    unsigned modules = 0;
    for (const JsonIn &item : list.items()) {
        const std::string name = item.string();
        const unsigned bit = recomputeModuleBit(name);
        if (bit == 0)
            item.fail("expected one of " + recomputeModuleNames(kAllRecomputeModules, ", ")
                      + ", found " + quoteText(name));
        if (modules & bit)
            item.fail(quoteText(name) + " is listed twice");
        modules |= bit;
    }
    return modules;
}

ModelSpec parseModel(const JsonIn &j)
{
    j.expectOnly({"name", "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "seq",
                  "gated_mlp", "experts", "top_k", "moe_ffn", "first_dense_layers",
                  "moe_layer_freq", "shared_experts", "router_groups", "router_group_top_k", "mla",
                  "dropout"});
    ModelSpec m;
    m.name = j.string("name", "");
    m.layers = j.at("layers").positiveInt(kMaxModelCount);
    m.hidden = j.at("hidden").positiveInt(kMaxModelWidth);
    m.heads = j.at("heads").positiveInt(kMaxModelCount);
    m.kvHeads = j.positiveInt("kv_heads", m.heads, kMaxModelCount);
    m.ffn = j.positiveInt("ffn", 4 * m.hidden, kMaxModelWidth);
    m.vocab = j.at("vocab").positiveInt(kMaxModelWidth);
    m.seq = j.at("seq").positiveInt(kMaxModelWidth);
    m.gatedMlp = j.boolean("gated_mlp", false);
    if (j.has("dropout")) {
        m.dropout = j.at("dropout").nonNegative();
        if (m.dropout >= 1)
            j.at("dropout").fail("expected a dropout probability from 0 up to (not including) 1");
    }
    m.experts = j.positiveInt("experts", 1, kMaxModelCount);
    m.topK = j.positiveInt("top_k", 1, kMaxModelCount);
    const long long moeFfn = j.integer("moe_ffn", 0);
    if (moeFfn < 0)
        j.at("moe_ffn").fail("expected an expert width >= 0 (0 means the dense ffn)");
    m.moeFfn = j.count("moe_ffn", 0, kMaxModelWidth);
    m.firstDenseLayers = j.count("first_dense_layers", 0, kMaxModelCount);
    m.moeLayerFreq = j.positiveInt("moe_layer_freq", 1, kMaxModelCount);
    m.sharedExperts = j.count("shared_experts", 0, kMaxModelCount);
    m.routerGroups = j.count("router_groups", 0, kMaxModelCount);
    m.routerGroupTopK = j.count("router_group_top_k", 0, kMaxModelCount);
    if (m.firstDenseLayers > 0 && m.firstDenseLayers >= m.layers)
        j.at("first_dense_layers")
                .fail("first_dense_layers (" + std::to_string(m.firstDenseLayers)
                      + ") must leave a layer for the experts of the " + std::to_string(m.layers)
                      + " layers");
    const bool moeOnly = m.firstDenseLayers > 0 || m.moeLayerFreq > 1 || m.sharedExperts > 0
                         || m.routerGroups > 0;
    if (moeOnly && m.experts <= 1) {
        const char *field = m.firstDenseLayers > 0 ? "first_dense_layers"
                            : m.moeLayerFreq > 1   ? "moe_layer_freq"
                            : m.sharedExperts > 0  ? "shared_experts"
                                                   : "router_groups";
        j.at(field).fail(std::string(field) + " needs a mixture of experts (experts > 1)");
    }
    if ((m.routerGroups > 0) != (m.routerGroupTopK > 0))
        j.at(m.routerGroups > 0 ? "router_groups" : "router_group_top_k")
                .fail("router_groups and router_group_top_k go together: state both or neither");
    if (m.routerGroups > 0) {
        if (m.experts % m.routerGroups != 0)
            j.at("router_groups")
                    .fail("experts (" + std::to_string(m.experts)
                          + ") must be divisible by router_groups, found "
                          + std::to_string(m.routerGroups));
        if (m.routerGroupTopK > m.routerGroups)
            j.at("router_group_top_k")
                    .fail("router_group_top_k (" + std::to_string(m.routerGroupTopK)
                          + ") cannot exceed router_groups (" + std::to_string(m.routerGroups)
                          + ")");
        const long long reachable
                = 1LL * m.routerGroupTopK * (m.experts / std::max(1, m.routerGroups));
        if (m.topK > reachable)
            j.at("router_group_top_k")
                    .fail("top_k (" + std::to_string(m.topK) + ") experts need more than the "
                          + std::to_string(reachable) + " experts of "
                          + std::to_string(m.routerGroupTopK) + " groups");
    }
    if (j.has("mla")) {
        const JsonIn l = j.at("mla");
        l.expectOnly({"q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim",
                      "v_head_dim"});
        LatentAttention a;
        a.qLoraRank = l.count("q_lora_rank", 0, kMaxModelWidth);
        a.kvLoraRank = l.at("kv_lora_rank").positiveInt(kMaxModelWidth);
        a.qkNopeHeadDim = l.at("qk_nope_head_dim").positiveInt(kMaxModelWidth);
        a.qkRopeHeadDim = l.count("qk_rope_head_dim", 0, kMaxModelWidth);
        a.vHeadDim = l.at("v_head_dim").positiveInt(kMaxModelWidth);
        if (j.has("kv_heads") && m.kvHeads != m.heads)
            j.at("kv_heads")
                    .fail("latent attention gives every head its own key and value: "
                          "kv_heads must equal heads ("
                          + std::to_string(m.heads) + ") or be left out");
        m.kvHeads = m.heads;
        m.mla = a;
    }
    // Latent attention states its heads' widths; otherwise a head is hidden / heads wide.
    if (!m.mla && m.hidden % m.heads != 0)
        j.at("heads").fail("hidden (" + std::to_string(m.hidden)
                           + ") must be divisible by heads, found " + std::to_string(m.heads));
    if (m.heads % m.kvHeads != 0)
        j.at("kv_heads")
                .fail("heads (" + std::to_string(m.heads)
                      + ") must be divisible by kv_heads, found " + std::to_string(m.kvHeads));
    if (m.topK > m.experts)
        j.at("top_k").fail("top_k (" + std::to_string(m.topK) + ") cannot exceed experts ("
                           + std::to_string(m.experts) + ")");
    return m;
}

TrainingSpec parseTraining(const JsonIn &j)
{
    j.expectOnly({"global_batch", "micro_batch", "precision", "recompute", "sequence_parallel",
                  "distributed_optimizer", "interleave", "software", "grad_reduce",
                  "tp_comm_overlap", "ep_comm_overlap", "fsdp", "nvls", "ib_sharp", "fp8_scaling",
                  "moe_dispatcher", "fp8_dispatch", "recompute_modules",
                  "activation_offload_layers"});
    TrainingSpec t;
    t.globalBatch = j.positiveInt("global_batch");
    t.microBatch = j.positiveInt("micro_batch", 1);
    t.precision = j.choice("precision", {"bf16", "fp8"}, "bf16") == "fp8" ? Precision::FP8
                                                                          : Precision::BF16;
    std::string rc = j.choice("recompute", {"none", "selective", "full"}, "selective");
    t.recompute = rc == "none"   ? Recompute::None
                  : rc == "full" ? Recompute::Full
                                 : Recompute::Selective;
    if (j.has("recompute_modules")) {
        if (t.recompute != Recompute::Selective)
            j.at("recompute_modules")
                    .fail("recompute_modules lists what selective recomputation computes again: "
                          "it needs recompute = \"selective\", found \""
                          + std::string(toString(t.recompute)) + "\"");
        t.recomputeModules = parseRecomputeModules(j.at("recompute_modules"));
    }
    t.sequenceParallel = j.boolean("sequence_parallel", true);
    t.distributedOptimizer = j.boolean("distributed_optimizer", true);
    t.interleave = j.positiveInt("interleave", 1, kMaxModelCount);
    if (j.has("software"))
        t.software = j.choice("software", {"megatron-core", "megatron-lm-2021"}, "megatron-core")
                                     == "megatron-lm-2021"
                             ? Software::MegatronLM2021
                             : Software::MegatronCore;
    if (j.has("grad_reduce"))
        t.gradReduce = j.choice("grad_reduce", {"fp32", "bf16"}, "fp32") == "bf16"
                               ? GradReduce::BF16
                               : GradReduce::FP32;
    if (j.has("fp8_scaling")) {
        t.fp8Scaling = j.choice("fp8_scaling", {"delayed", "current"}, "delayed") == "current"
                               ? Fp8Scaling::Current
                               : Fp8Scaling::Delayed;
        if (t.precision != Precision::FP8)
            j.at("fp8_scaling")
                    .fail("fp8_scaling applies to FP8 training: it needs "
                          "precision = \"fp8\"");
    }
    t.tpCommOverlap = j.boolean("tp_comm_overlap", false);
    t.epCommOverlap = j.boolean("ep_comm_overlap", false);
    t.moeDispatcher = j.choice("moe_dispatcher", {"alltoall", "deepep"}, "alltoall") == "deepep"
                              ? MoeDispatcher::DeepEP
                              : MoeDispatcher::AllToAll;
    t.fp8Dispatch = j.boolean("fp8_dispatch", false);
    if (t.fp8Dispatch && t.moeDispatcher != MoeDispatcher::DeepEP)
        j.at("fp8_dispatch")
                .fail("fp8_dispatch is DeepEP's low-precision dispatch: it needs "
                      "moe_dispatcher = \"deepep\"");
    t.fsdp = j.boolean("fsdp", false);
    t.nvls = j.boolean("nvls", true);
    t.ibSharp = j.boolean("ib_sharp", false);
    if (t.fsdp && !t.distributedOptimizer)
        j.at("fsdp").fail("fsdp shards the optimizer state too: it needs "
                          "distributed_optimizer = true");
    // What it needs of the rest of the job (no recomputation, no pipeline, fewer layers than
    // the model's) validatePlan() checks, as it checks interleave.
    t.offloadLayers = j.count("activation_offload_layers", 0, kMaxModelCount);
    if (t.globalBatch % t.microBatch != 0)
        j.at("micro_batch")
                .fail("global_batch (" + std::to_string(t.globalBatch)
                      + ") must be divisible by micro_batch, found "
                      + std::to_string(t.microBatch));
    return t;
}

std::optional<std::string> checkOrder(const std::string &order)
{
    std::vector<std::string> dims = orderDims(order);
    std::vector<std::string> sorted = dims, expected = kDims;
    std::sort(sorted.begin(), sorted.end());
    std::sort(expected.begin(), expected.end());
    if (sorted != expected)
        return "expected an order of the five dimensions tp, cp, ep, dp, pp joined by '-' "
               "(e.g. \"tp-cp-ep-dp-pp\"), found "
               + quoteText(order);
    return std::nullopt;
}

} // namespace

const char *toString(Precision p)
{
    return p == Precision::FP8 ? "fp8" : "bf16";
}

const char *toString(Software s)
{
    return s == Software::MegatronLM2021 ? "megatron-lm-2021" : "megatron-core";
}

const char *toString(GradReduce g)
{
    return g == GradReduce::BF16 ? "bf16" : "fp32";
}

const char *toString(Fp8Scaling f)
{
    return f == Fp8Scaling::Current ? "current" : "delayed";
}

std::string recomputeModuleNames(unsigned modules, const std::string &separator)
{
    std::string out;
    for (const auto &[name, module] : kRecomputeModules) {
        if (modules & module)
            out += (out.empty() ? "" : separator) + name;
    }
    return out;
}

unsigned recomputeModuleBit(const std::string &name)
{
    for (const auto &[known, module] : kRecomputeModules) {
        if (name == known)
            return module;
    }
    return 0;
}

const char *toString(MoeDispatcher d)
{
    return d == MoeDispatcher::DeepEP ? "deepep" : "alltoall";
}

const char *toString(Recompute r)
{
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return "selective";
}

int ModelSpec::moeLayers() const
{
    if (!isMoe())
        return 0;
    const int rest = std::max(0, layers - std::max(0, firstDenseLayers));
    const int freq = std::max(1, moeLayerFreq);
    return (rest + freq - 1) / freq;
}

std::vector<std::string> orderDims(const std::string &order)
{
    // Empty parts are kept, so that "tp-cp-ep-dp-pp-" is six parts and refused.
    std::vector<std::string> out(1);
    for (char c : order) {
        if (c == '-')
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

Expected<Workload> workloadFromJson(const JsonIn &j)
{
    try {
        j.expectObject();
        j.expectOnly({"model", "training"});
        Workload w;
        w.model = parseModel(j.at("model"));
        w.training = parseTraining(j.at("training"));
        return w;
    } catch (const JsonFailure &f) {
        return f.error;
    }
}

ordered_json toJson(const Workload &w)
{
    const ModelSpec &m = w.model;
    const TrainingSpec &t = w.training;
    ordered_json model
            = {{"name", m.name},       {"layers", m.layers},    {"hidden", m.hidden},
               {"heads", m.heads},     {"kv_heads", m.kvHeads}, {"ffn", m.ffn},
               {"vocab", m.vocab},     {"seq", m.seq},          {"gated_mlp", m.gatedMlp},
               {"experts", m.experts}, {"top_k", m.topK},       {"moe_ffn", m.moeFfn}};
    if (m.dropout != ModelSpec::kDefaultDropout)
        model["dropout"] = m.dropout;
    if (m.firstDenseLayers > 0)
        model["first_dense_layers"] = m.firstDenseLayers;
    if (m.moeLayerFreq > 1)
        model["moe_layer_freq"] = m.moeLayerFreq;
    if (m.sharedExperts > 0)
        model["shared_experts"] = m.sharedExperts;
    if (m.routerGroups > 0) {
        model["router_groups"] = m.routerGroups;
        model["router_group_top_k"] = m.routerGroupTopK;
    }
    if (m.mla)
        model["mla"] = {{"q_lora_rank", m.mla->qLoraRank},
                        {"kv_lora_rank", m.mla->kvLoraRank},
                        {"qk_nope_head_dim", m.mla->qkNopeHeadDim},
                        {"qk_rope_head_dim", m.mla->qkRopeHeadDim},
                        {"v_head_dim", m.mla->vHeadDim}};
    ordered_json training = {{"global_batch", t.globalBatch},
                             {"micro_batch", t.microBatch},
                             {"precision", toString(t.precision)},
                             {"recompute", toString(t.recompute)}};
    if (t.recomputeModules && t.recompute == Recompute::Selective) {
        ordered_json list = ordered_json::array();
        for (const auto &[name, module] : kRecomputeModules) {
            if (*t.recomputeModules & module)
                list.push_back(name);
        }
        training["recompute_modules"] = list;
    }
    training.update(ordered_json{{"sequence_parallel", t.sequenceParallel},
                                 {"distributed_optimizer", t.distributedOptimizer},
                                 {"interleave", t.interleave}});
    if (t.software)
        training["software"] = toString(*t.software);
    if (t.gradReduce)
        training["grad_reduce"] = toString(*t.gradReduce);
    if (t.precision == Precision::FP8 && t.fp8Scaling == Fp8Scaling::Current)
        training["fp8_scaling"] = toString(t.fp8Scaling);
    if (t.tpCommOverlap)
        training["tp_comm_overlap"] = true;
    if (t.epCommOverlap)
        training["ep_comm_overlap"] = true;
    if (t.moeDispatcher != MoeDispatcher::AllToAll)
        training["moe_dispatcher"] = toString(t.moeDispatcher);
    if (t.offloadLayers > 0)
        training["activation_offload_layers"] = t.offloadLayers;
    if (t.fp8Dispatch)
        training["fp8_dispatch"] = true;
    if (t.fsdp)
        training["fsdp"] = true;
    if (!t.nvls)
        training["nvls"] = false;
    if (t.ibSharp)
        training["ib_sharp"] = true;
    return ordered_json{{"model", model}, {"training", training}};
}

Expected<Plan> planFromJson(const JsonIn &j)
{
    try {
        j.expectObject();
        j.expectOnly({"tp", "pp", "dp", "cp", "ep", "order", "gpus_per_domain", "domains"});
        Plan p;
        p.tp = j.positiveInt("tp", 1, kMaxDegree);
        p.pp = j.positiveInt("pp", 1, kMaxDegree);
        p.dp = j.has("dp") ? j.at("dp").positiveInt(kMaxDegree) : 0;
        p.cp = j.positiveInt("cp", 1, kMaxDegree);
        p.ep = j.positiveInt("ep", 1, kMaxDegree);
        p.order = j.string("order", p.order);
        if (auto err = checkOrder(p.order))
            j.at("order").fail(*err);
        p.gpusPerDomain
                = j.has("gpus_per_domain") ? j.at("gpus_per_domain").positiveInt(kMaxDegree) : 0;
        p.domains = j.has("domains") ? j.at("domains").positiveInt() : 0;
        return p;
    } catch (const JsonFailure &f) {
        return f.error;
    }
}

ordered_json toJson(const Plan &p)
{
    ordered_json j = {{"tp", p.tp}, {"pp", p.pp}};
    if (p.dp > 0)
        j["dp"] = p.dp;
    j["cp"] = p.cp;
    j["ep"] = p.ep;
    j["order"] = p.order;
    if (p.gpusPerDomain > 0)
        j["gpus_per_domain"] = p.gpusPerDomain;
    if (p.domains > 0)
        j["domains"] = p.domains;
    return j;
}

Expected<Plan> planFromSpec(const std::string &spec)
{
    // Strict: "tp=8,pp=4" exactly; no empty items, no spaces, no signs, each key once.
    Plan p;
    p.dp = 0;
    if (spec.empty())
        return Error{
                "--plan",
                {},
                "expected KEY=VALUE items joined by ',' (e.g. tp=8,pp=4), found an empty plan"};
    std::vector<std::string> items(1);
    for (char c : spec) {
        if (c == ',')
            items.emplace_back();
        else
            items.back() += c;
    }
    std::set<std::string> seen;
    for (const std::string &item : items) {
        if (item.empty())
            return Error{"--plan", {}, "empty item in " + quoteText(spec) + " (e.g. tp=8,pp=4)"};
        auto eq = item.find('=');
        if (eq == std::string::npos)
            return Error{"--plan", cleanText(item), "expected KEY=VALUE (e.g. tp=8,pp=4)"};
        std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        if (!seen.insert(key).second)
            return Error{"--plan", cleanText(key), "given twice in " + quoteText(spec)};
        if (key == "order") {
            if (auto err = checkOrder(value))
                return Error{"--plan", key, *err};
            p.order = value;
            continue;
        }
        int *slot = key == "tp"                ? &p.tp
                    : key == "pp"              ? &p.pp
                    : key == "dp"              ? &p.dp
                    : key == "cp"              ? &p.cp
                    : key == "ep"              ? &p.ep
                    : key == "gpus_per_domain" ? &p.gpusPerDomain
                    : key == "domains"         ? &p.domains
                                               : nullptr;
        if (!slot)
            return Error{"--plan", cleanText(key),
                         "unknown dimension (expected tp, pp, dp, cp, ep, order, "
                         "gpus_per_domain or domains)"};
        const bool digits = !value.empty() && value.size() <= 7
                            && std::all_of(value.begin(), value.end(),
                                           [](char c) { return c >= '0' && c <= '9'; });
        const long v = digits ? std::stol(value) : 0;
        if (v <= 0 || v > 1'000'000)
            return Error{"--plan", key, "expected a positive integer, found " + quoteText(value)};
        *slot = static_cast<int>(v);
    }
    return p;
}

std::optional<PlanRefusal> dpRefusal(const Plan &plan, int gpus)
{
    if (plan.dp > 0)
        return std::nullopt;
    long long fixed = 1;
    for (int d : {plan.tp, plan.cp, plan.pp}) {
        if (__builtin_mul_overflow(fixed, static_cast<long long>(d), &fixed))
            fixed = std::numeric_limits<long long>::max();
    }
    using namespace msg;
    const MessageArg product = name(std::to_string(fixed));
    if (fixed > gpus)
        return PlanRefusal{"/plan", say(TOPOPLAN_TR("Plan", "tp x cp x pp = %1 needs more GPUs "
                                                            "than the %2 the cluster has; lower "
                                                            "tp, cp or pp"),
                                        {product, count(gpus)})};
    if (fixed <= 0 || gpus % fixed != 0)
        return PlanRefusal{"/plan", say(TOPOPLAN_TR("Plan", "tp x cp x pp = %1 does not divide "
                                                            "the %2 GPUs, so dp cannot be "
                                                            "derived; choose degrees whose "
                                                            "product divides it, or give dp"),
                                        {product, count(gpus)})};
    return std::nullopt;
}

Expected<Plan> resolvePlan(Plan plan, int gpus)
{
    if (std::optional<PlanRefusal> refusal = dpRefusal(plan, gpus))
        return refusal->error();
    if (plan.dp <= 0)
        plan.dp = gpus / (plan.tp * plan.cp * plan.pp);
    return plan;
}

std::vector<std::string> workloadPresetNames()
{
    return {"gpt3-175b", "llama3-8b", "llama3-70b", "llama3-405b", "mixtral-8x7b", "deepseek-v3"};
}

Expected<Workload> workloadPreset(const std::string &name)
{
    // Architectures from the models' papers and released configs: GPT-3 (Brown et al. 2020,
    // Table 2.1), Llama 3 (Llama Team, "The Llama 3 Herd of Models", 2024, Table 3),
    // Mixtral (Jiang et al. 2024), DeepSeek-V3 (DeepSeek-AI 2024, section 4.2: 61 layers, the
    // first 3 dense with an 18,432-wide MLP, the rest 1 shared + 8 of 256 routed experts of 2,048
    // from the best 4 of 8 groups (section 2.1.2, node-limited routing);
    // MLA with the released config.json's ranks and head widths). Batches are those papers' (in
    // sequences), rounded to what the presets' sequence lengths give.
    Workload w;
    ModelSpec &m = w.model;
    TrainingSpec &t = w.training;
    m.name = name;
    if (name == "gpt3-175b") {
        m = {name, 96, 12288, 96, 96, 49152, 51200, 2048, false, 1, 1, 0};
        t.globalBatch = 1536;
    } else if (name == "llama3-8b") {
        m = {name, 32, 4096, 32, 8, 14336, 128256, 8192, true, 1, 1, 0};
        t.globalBatch = 512;
    } else if (name == "llama3-70b") {
        m = {name, 80, 8192, 64, 8, 28672, 128256, 8192, true, 1, 1, 0};
        t.globalBatch = 1024;
    } else if (name == "llama3-405b") {
        m = {name, 126, 16384, 128, 8, 53248, 128256, 8192, true, 1, 1, 0};
        t.globalBatch = 2048;
    } else if (name == "mixtral-8x7b") {
        m = {name, 32, 4096, 32, 8, 14336, 32000, 4096, true, 8, 2, 14336};
        t.globalBatch = 1024;
    } else if (name == "deepseek-v3") {
        m = {name, 61, 7168, 128, 128, 18432, 129280, 4096, true, 256, 8, 2048};
        m.firstDenseLayers = 3;
        m.sharedExperts = 1;
        m.routerGroups = 8;
        m.routerGroupTopK = 4;
        m.mla = LatentAttention{1536, 512, 128, 64, 128};
        t.globalBatch = 15360;
        t.precision = Precision::FP8;
    } else {
        std::string list;
        for (const std::string &n : workloadPresetNames())
            list += (list.empty() ? "" : ", ") + n;
        return Error{"--workload-preset", name, "unknown preset (expected one of: " + list + ")"};
    }
    // Llama 3, Mixtral and DeepSeek-V3 train without dropout (their released configs'
    // attention_dropout 0.0 and no hidden dropout); GPT-3 states none: Megatron's default.
    if (name != "gpt3-175b")
        m.dropout = 0;
    return w;
}

} // namespace topoplan
