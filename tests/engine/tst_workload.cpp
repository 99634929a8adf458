#include "engine/core/jsonin.h"
#include "engine/model/workload.h"

#include <QtTest>

using namespace topoplan;

namespace {

// The workload of DESIGN.md ("Workload and plan"), as a user writes it.
const char *const kDesignExample = R"({
  "model": {"name": "gpt3-175b", "layers": 96, "hidden": 12288, "heads": 96,
            "kv_heads": 96, "ffn": 49152, "vocab": 51200, "seq": 2048,
            "gated_mlp": false, "experts": 1, "top_k": 1, "moe_ffn": 0},
  "training": {"global_batch": 64, "micro_batch": 1, "precision": "bf16",
               "recompute": "selective", "sequence_parallel": true,
               "distributed_optimizer": true, "interleave": 1}})";

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QString text(const Error &e)
{
    return q(e.text());
}

} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesTheDesignExample();
    void fillsDefaults();
    void serializesTheContractFields();
    void presets_data();
    void presets();
    void presetsRoundTrip();
    void unknownPreset();
    void rejectsBadWorkloads_data();
    void rejectsBadWorkloads();
    void softwareSettings();
    void mixedDenseAndExpertLayers();
    void latentAttention();
    void planJson_data();
    void planJson();
    void planSpec_data();
    void planSpec();
    void resolvePlan_data();
    void resolvePlan();
    void orderDims();
};

void TestWorkload::parsesTheDesignExample()
{
    Json doc = Json::parse(kDesignExample);
    Expected<Workload> w = workloadFromJson(JsonIn(doc, "w.json"));
    QVERIFY2(w.ok(), w ? "" : w.error().text().c_str());
    const ModelSpec &m = w->model;
    QCOMPARE(q(m.name), QStringLiteral("gpt3-175b"));
    QCOMPARE(m.layers, 96);
    QCOMPARE(m.hidden, 12288);
    QCOMPARE(m.heads, 96);
    QCOMPARE(m.kvHeads, 96);
    QCOMPARE(m.ffn, 49152);
    QCOMPARE(m.vocab, 51200);
    QCOMPARE(m.seq, 2048);
    QCOMPARE(m.gatedMlp, false);
    QCOMPARE(m.experts, 1);
    QVERIFY(!m.isMoe());
    const TrainingSpec &t = w->training;
    QCOMPARE(t.globalBatch, 64);
    QCOMPARE(t.microBatch, 1);
    QVERIFY(t.precision == Precision::BF16);
    QVERIFY(t.recompute == Recompute::Selective);
    QCOMPARE(t.sequenceParallel, true);
    QCOMPARE(t.distributedOptimizer, true);
    QCOMPARE(t.interleave, 1);
    // The example is the gpt3-175b preset with a smaller batch.
    Workload preset = *workloadPreset("gpt3-175b");
    QVERIFY(w->model == preset.model);
}

void TestWorkload::fillsDefaults()
{
    Json doc = Json::parse(R"({"model": {"layers": 32, "hidden": 4096, "heads": 32,
                                         "vocab": 32000, "seq": 4096},
                               "training": {"global_batch": 256, "precision": "fp8",
                                            "recompute": "full"}})");
    Expected<Workload> w = workloadFromJson(JsonIn(doc, "w.json"));
    QVERIFY2(w.ok(), w ? "" : w.error().text().c_str());
    QCOMPARE(w->model.kvHeads, 32);   // no grouped-query attention
    QCOMPARE(w->model.ffn, 4 * 4096); // the GPT MLP width
    QCOMPARE(w->model.experts, 1);
    QCOMPARE(w->model.topK, 1);
    QCOMPARE(w->model.moeFfn, 0);
    QCOMPARE(w->model.gatedMlp, false);
    QCOMPARE(w->model.dropout, 0.1); // Megatron-Core's hidden and attention dropout
    QCOMPARE(w->training.microBatch, 1);
    QVERIFY(w->training.precision == Precision::FP8);
    QVERIFY(w->training.recompute == Recompute::Full);
    QCOMPARE(w->training.sequenceParallel, true);
    QCOMPARE(w->training.distributedOptimizer, true);
    QCOMPARE(w->training.interleave, 1);
}

void TestWorkload::serializesTheContractFields()
{
    Json doc = Json::parse(kDesignExample);
    Workload w = *workloadFromJson(JsonIn(doc, "w.json"));
    // Same members, same order, same values: what was read is written back.
    QCOMPARE(q(toJson(w).dump()), q(doc.dump()));
}

void TestWorkload::presets_data()
{
    // Architectures from the papers and released configs cited in workload.cpp.
    QTest::addColumn<QString>("name");
    QTest::addColumn<QList<int>>("shape"); // layers, hidden, heads, kv_heads, ffn, vocab, seq
    QTest::addColumn<bool>("gated");
    QTest::addColumn<QList<int>>("moe"); // experts, top_k, moe_ffn
    QTest::addColumn<int>("globalBatch");
    auto row = [](const char *name, QList<int> shape, bool gated, QList<int> moe, int batch) {
        QTest::newRow(name) << QString::fromLatin1(name) << shape << gated << moe << batch;
    };
    row("gpt3-175b", {96, 12288, 96, 96, 49152, 51200, 2048}, false, {1, 1, 0}, 1536);
    row("llama3-8b", {32, 4096, 32, 8, 14336, 128256, 8192}, true, {1, 1, 0}, 512);
    row("llama3-70b", {80, 8192, 64, 8, 28672, 128256, 8192}, true, {1, 1, 0}, 1024);
    row("llama3-405b", {126, 16384, 128, 8, 53248, 128256, 8192}, true, {1, 1, 0}, 2048);
    row("mixtral-8x7b", {32, 4096, 32, 8, 14336, 32000, 4096}, true, {8, 2, 14336}, 1024);
    row("deepseek-v3", {61, 7168, 128, 128, 18432, 129280, 4096}, true, {256, 8, 2048}, 15360);
}

void TestWorkload::presets()
{
    QFETCH(QString, name);
    QFETCH(QList<int>, shape);
    QFETCH(bool, gated);
    QFETCH(QList<int>, moe);
    QFETCH(int, globalBatch);
    QVERIFY(workloadPresetNames()
            == std::vector<std::string>({"gpt3-175b", "llama3-8b", "llama3-70b", "llama3-405b",
                                         "mixtral-8x7b", "deepseek-v3"}));
    Expected<Workload> w = workloadPreset(name.toStdString());
    QVERIFY(w.ok());
    const ModelSpec &m = w->model;
    QCOMPARE(q(m.name), name);
    QCOMPARE((QList<int>{m.layers, m.hidden, m.heads, m.kvHeads, m.ffn, m.vocab, m.seq}), shape);
    QCOMPARE(m.gatedMlp, gated);
    QCOMPARE((QList<int>{m.experts, m.topK, m.moeFfn}), moe);
    QCOMPARE(m.isMoe(), moe[0] > 1);
    QCOMPARE(w->training.globalBatch, globalBatch);
    QCOMPARE(m.hidden % m.heads, 0);
    QCOMPARE(m.heads % m.kvHeads, 0);
    // Llama 3, Mixtral and DeepSeek-V3 train without dropout; GPT-3 states none.
    QCOMPARE(m.dropout, name == QLatin1String("gpt3-175b") ? 0.1 : 0.0);
}

void TestWorkload::presetsRoundTrip()
{
    for (const std::string &name : workloadPresetNames()) {
        Workload w = *workloadPreset(name);
        Json doc = toJson(w);
        Expected<Workload> back = workloadFromJson(JsonIn(doc, name));
        QVERIFY2(back.ok(), back ? name.c_str() : back.error().text().c_str());
        QVERIFY2(*back == w, name.c_str());
        QCOMPARE(q(toJson(*back).dump()), q(doc.dump()));
    }
}

void TestWorkload::unknownPreset()
{
    Expected<Workload> w = workloadPreset("gpt4");
    QVERIFY(!w.ok());
    QCOMPARE(text(w.error()),
             QStringLiteral("--workload-preset: gpt4: unknown preset (expected one of: gpt3-175b, "
                            "llama3-8b, llama3-70b, llama3-405b, mixtral-8x7b, deepseek-v3)"));
}

void TestWorkload::rejectsBadWorkloads_data()
{
    QTest::addColumn<QByteArray>("patch"); // RFC 6902 on the DESIGN.md example
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const char *patch, const char *where, const char *message) {
        QTest::newRow(name) << QByteArray(patch) << QString::fromLatin1(where)
                            << QString::fromLatin1(message);
    };
    row("model missing", R"([{"op": "remove", "path": "/model"}])", "/",
        "missing required member \"model\"");
    row("unknown section", R"([{"op": "add", "path": "/plan", "value": {}}])", "/plan",
        "unknown member \"plan\" (expected one of: model, training)");
    row("misspelt model field", R"([{"op": "add", "path": "/model/kv_head", "value": 8}])",
        "/model/kv_head",
        "unknown member \"kv_head\" (expected one of: name, layers, hidden, heads, kv_heads, ffn, "
        "vocab, seq, gated_mlp, experts, top_k, moe_ffn, first_dense_layers, moe_layer_freq, "
        "shared_experts, router_groups, router_group_top_k, mla, dropout)");
    row("dropout of one", R"([{"op": "add", "path": "/model/dropout", "value": 1}])",
        "/model/dropout", "expected a dropout probability from 0 up to (not including) 1");
    row("negative dropout", R"([{"op": "add", "path": "/model/dropout", "value": -0.1}])",
        "/model/dropout", "expected a number >= 0");
    row("offload of a fraction",
        R"([{"op": "replace", "path": "/training/recompute", "value": "none"},
            {"op": "add", "path": "/training/activation_offload_layers", "value": 2.5}])",
        "/training/activation_offload_layers", "expected an integer");
    row("misspelt training field", R"([{"op": "add", "path": "/training/microbatch", "value": 2}])",
        "/training/microbatch", "unknown member \"microbatch\"");
    row("zero layers", R"([{"op": "replace", "path": "/model/layers", "value": 0}])",
        "/model/layers", "expected a positive integer, found 0");
    row("fractional seq", R"([{"op": "replace", "path": "/model/seq", "value": 1.5}])",
        "/model/seq", "expected an integer, found 1.5");
    row("hidden as text", R"([{"op": "replace", "path": "/model/hidden", "value": "12288"}])",
        "/model/hidden", "expected an integer, found \"12288\"");
    row("heads do not divide hidden",
        R"([{"op": "replace", "path": "/model/heads", "value": 100}])", "/model/heads",
        "hidden (12288) must be divisible by heads, found 100");
    row("kv_heads do not divide heads",
        R"([{"op": "replace", "path": "/model/kv_heads", "value": 7}])", "/model/kv_heads",
        "heads (96) must be divisible by kv_heads, found 7");
    row("top_k above experts", R"([{"op": "replace", "path": "/model/top_k", "value": 2}])",
        "/model/top_k", "top_k (2) cannot exceed experts (1)");
    row("negative expert width", R"([{"op": "replace", "path": "/model/moe_ffn", "value": -1}])",
        "/model/moe_ffn", "expected an expert width >= 0 (0 means the dense ffn)");
    row("gated_mlp as text", R"([{"op": "replace", "path": "/model/gated_mlp", "value": "yes"}])",
        "/model/gated_mlp", "expected true or false, found \"yes\"");
    row("unknown precision",
        R"([{"op": "replace", "path": "/training/precision", "value": "fp16"}])",
        "/training/precision", "expected one of bf16, fp8, found \"fp16\"");
    row("unknown recompute",
        R"([{"op": "replace", "path": "/training/recompute", "value": "partial"}])",
        "/training/recompute", "expected one of none, selective, full, found \"partial\"");
    row("micro batch does not divide",
        R"([{"op": "replace", "path": "/training/micro_batch", "value": 3}])",
        "/training/micro_batch", "global_batch (64) must be divisible by micro_batch, found 3");
    row("unknown software",
        R"([{"op": "add", "path": "/training/software", "value": "megatron-lm-2019"}])",
        "/training/software", "expected one of megatron-core, megatron-lm-2021");
    row("unknown gradient type",
        R"([{"op": "add", "path": "/training/grad_reduce", "value": "fp16"}])",
        "/training/grad_reduce", "expected one of fp32, bf16, found \"fp16\"");
    row("unknown fp8 scaling",
        R"([{"op": "replace", "path": "/training/precision", "value": "fp8"},
            {"op": "add", "path": "/training/fp8_scaling", "value": "tensorwise"}])",
        "/training/fp8_scaling", "expected one of delayed, current, found \"tensorwise\"");
    row("fp8 scaling without fp8",
        R"([{"op": "replace", "path": "/training/precision", "value": "bf16"},
            {"op": "add", "path": "/training/fp8_scaling", "value": "current"}])",
        "/training/fp8_scaling", "needs precision = \"fp8\"");
    row("tp overlap as text",
        R"([{"op": "add", "path": "/training/tp_comm_overlap", "value": "on"}])",
        "/training/tp_comm_overlap", "expected true or false");
    row("fsdp without the distributed optimizer",
        R"([{"op": "add", "path": "/training/fsdp", "value": true},
            {"op": "replace", "path": "/training/distributed_optimizer", "value": false}])",
        "/training/fsdp", "needs distributed_optimizer = true");
    row("dense layers on a dense model",
        R"([{"op": "add", "path": "/model/first_dense_layers", "value": 3}])",
        "/model/first_dense_layers", "needs a mixture of experts (experts > 1)");
    row("shared experts on a dense model",
        R"([{"op": "add", "path": "/model/shared_experts", "value": 1}])", "/model/shared_experts",
        "needs a mixture of experts (experts > 1)");
    row("no layer left for experts",
        R"([{"op": "replace", "path": "/model/experts", "value": 8},
            {"op": "add", "path": "/model/first_dense_layers", "value": 96}])",
        "/model/first_dense_layers", "must leave a layer for the experts");
    row("zero moe layer frequency",
        R"([{"op": "add", "path": "/model/moe_layer_freq", "value": 0}])", "/model/moe_layer_freq",
        "expected a positive integer, found 0");
    row("latent attention without its rank",
        R"([{"op": "add", "path": "/model/mla", "value": {"qk_nope_head_dim": 128,
            "v_head_dim": 128}}])",
        "/model/mla", "missing required member \"kv_lora_rank\"");
    row("misspelt latent attention field",
        R"([{"op": "add", "path": "/model/mla", "value": {"kv_lora_rank": 512,
            "qk_nope_head_dim": 128, "v_head_dim": 128, "rope_head_dim": 64}}])",
        "/model/mla/rope_head_dim", "unknown member \"rope_head_dim\"");
    row("latent attention with shared keys",
        R"([{"op": "replace", "path": "/model/kv_heads", "value": 8},
            {"op": "add", "path": "/model/mla", "value": {"kv_lora_rank": 512,
            "qk_nope_head_dim": 128, "v_head_dim": 128}}])",
        "/model/kv_heads", "kv_heads must equal heads (96) or be left out");
    row("latent attention as a flag", R"([{"op": "add", "path": "/model/mla", "value": true}])",
        "/model/mla", "expected an object");
    row("router groups on a dense model",
        R"([{"op": "add", "path": "/model/router_groups", "value": 8},
            {"op": "add", "path": "/model/router_group_top_k", "value": 4}])",
        "/model/router_groups", "needs a mixture of experts (experts > 1)");
    row("router groups without their top k",
        R"([{"op": "replace", "path": "/model/experts", "value": 64},
            {"op": "add", "path": "/model/router_groups", "value": 8}])",
        "/model/router_groups", "router_groups and router_group_top_k go together");
    row("router group top k without groups",
        R"([{"op": "replace", "path": "/model/experts", "value": 64},
            {"op": "add", "path": "/model/router_group_top_k", "value": 4}])",
        "/model/router_group_top_k", "router_groups and router_group_top_k go together");
    row("router groups do not divide the experts",
        R"([{"op": "replace", "path": "/model/experts", "value": 64},
            {"op": "add", "path": "/model/router_groups", "value": 6},
            {"op": "add", "path": "/model/router_group_top_k", "value": 2}])",
        "/model/router_groups", "experts (64) must be divisible by router_groups, found 6");
    row("router group top k above the groups",
        R"([{"op": "replace", "path": "/model/experts", "value": 64},
            {"op": "add", "path": "/model/router_groups", "value": 8},
            {"op": "add", "path": "/model/router_group_top_k", "value": 9}])",
        "/model/router_group_top_k", "router_group_top_k (9) cannot exceed router_groups (8)");
    row("top k beyond the chosen groups",
        R"([{"op": "replace", "path": "/model/experts", "value": 64},
            {"op": "replace", "path": "/model/top_k", "value": 8},
            {"op": "add", "path": "/model/router_groups", "value": 32},
            {"op": "add", "path": "/model/router_group_top_k", "value": 2}])",
        "/model/router_group_top_k", "top_k (8) experts need more than the 4 experts of 2 groups");
    row("unknown dispatcher",
        R"([{"op": "add", "path": "/training/moe_dispatcher", "value": "allgather"}])",
        "/training/moe_dispatcher", "expected one of alltoall, deepep, found \"allgather\"");
    row("fp8 dispatch without DeepEP",
        R"([{"op": "add", "path": "/training/fp8_dispatch", "value": true}])",
        "/training/fp8_dispatch", "needs moe_dispatcher = \"deepep\"");
    row("unknown recompute module",
        R"([{"op": "add", "path": "/training/recompute_modules", "value": ["layernorm", "mlp_act"]}])",
        "/training/recompute_modules/1",
        "expected one of core_attn, mla_up_proj, layernorm, moe_act, found \"mlp_act\"");
    row("recompute module twice",
        R"([{"op": "add", "path": "/training/recompute_modules", "value": ["moe_act", "moe_act"]}])",
        "/training/recompute_modules/1", "\"moe_act\" is listed twice");
    row("recompute modules with full recomputation",
        R"([{"op": "replace", "path": "/training/recompute", "value": "full"},
            {"op": "add", "path": "/training/recompute_modules", "value": ["layernorm"]}])",
        "/training/recompute_modules", "needs recompute = \"selective\", found \"full\"");
    row("recompute modules as text",
        R"([{"op": "add", "path": "/training/recompute_modules", "value": "layernorm"}])",
        "/training/recompute_modules", "expected an array");
    row("training not an object", R"([{"op": "replace", "path": "/training", "value": [1]}])",
        "/training", "expected an object, found an array");
}

void TestWorkload::rejectsBadWorkloads()
{
    QFETCH(QByteArray, patch);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Json doc = Json::parse(kDesignExample).patch(Json::parse(patch.toStdString()));
    Expected<Workload> w = workloadFromJson(JsonIn(doc, "w.json"));
    QVERIFY2(!w.ok(), "the workload was accepted");
    QCOMPARE(q(w.error().file), QStringLiteral("w.json"));
    QCOMPARE(q(w.error().where), where);
    QVERIFY2(q(w.error().message).contains(message), w.error().message.c_str());
}

void TestWorkload::softwareSettings()
{
    // Unstated, the software settings are left to the caller's SoftwareModel and not written.
    Workload plain = *workloadFromJson(JsonIn(Json::parse(kDesignExample), "w.json"));
    QVERIFY(!plain.training.software && !plain.training.gradReduce);
    QVERIFY(!plain.training.tpCommOverlap && !plain.training.epCommOverlap);
    QVERIFY(!plain.training.fsdp);
    QVERIFY(!toJson(plain)["training"].contains("software"));

    Json doc = Json::parse(kDesignExample);
    doc["training"].update(Json::parse(R"({"software": "megatron-lm-2021", "grad_reduce": "bf16",
        "tp_comm_overlap": true, "ep_comm_overlap": true, "fsdp": true})"));
    Expected<Workload> w = workloadFromJson(JsonIn(doc, "w.json"));
    QVERIFY2(w.ok(), w ? "" : w.error().text().c_str());
    QVERIFY(w->training.software == Software::MegatronLM2021);
    QVERIFY(w->training.gradReduce == GradReduce::BF16);
    QVERIFY(w->training.tpCommOverlap && w->training.epCommOverlap && w->training.fsdp);
    QCOMPARE(q(toJson(*w).dump()), q(doc.dump())); // written back as read
    QVERIFY(*workloadFromJson(JsonIn(toJson(*w), "again.json")) == *w);

    // Selective recomputation's modules: unstated, the attention's core and MLA's
    // up-projections; stated, exactly those listed, written back in Megatron-Core's names.
    QVERIFY(!plain.training.recomputeModules);
    QVERIFY(plain.training.recomputes(kRecomputeMlaUpProj));
    QVERIFY(!plain.training.recomputes(kRecomputeLayernorm));
    Json modules = Json::parse(kDesignExample);
    modules["training"]["recompute"] = "selective";
    modules["training"]["recompute_modules"] = Json::parse(R"(["mla_up_proj", "moe_act"])");
    Expected<Workload> listed = workloadFromJson(JsonIn(modules, "modules.json"));
    QVERIFY2(listed.ok(), listed ? "" : listed.error().text().c_str());
    QCOMPARE(*listed->training.recomputeModules, unsigned(kRecomputeMlaUpProj | kRecomputeMoeAct));
    QVERIFY(!listed->training.recomputes(kRecomputeCoreAttn));
    QCOMPARE(q(toJson(*listed)["training"]["recompute_modules"].dump()),
             QStringLiteral(R"(["mla_up_proj","moe_act"])"));
    QVERIFY(*workloadFromJson(JsonIn(toJson(*listed), "again.json")) == *listed);

    // The expert dispatcher: NCCL's all-to-all unless stated, written only when DeepEP.
    QCOMPARE(plain.training.moeDispatcher, MoeDispatcher::AllToAll);
    QVERIFY(!plain.training.fp8Dispatch);
    QVERIFY(!toJson(plain)["training"].contains("moe_dispatcher"));
    Json deepep = Json::parse(kDesignExample);
    deepep["training"].update(Json::parse(R"({"moe_dispatcher": "deepep", "fp8_dispatch": true})"));
    Expected<Workload> perNode = workloadFromJson(JsonIn(deepep, "deepep.json"));
    QVERIFY2(perNode.ok(), perNode ? "" : perNode.error().text().c_str());
    QCOMPARE(perNode->training.moeDispatcher, MoeDispatcher::DeepEP);
    QVERIFY(perNode->training.fp8Dispatch);
    QCOMPARE(q(toJson(*perNode).dump()), q(deepep.dump()));

    // FP8's scaling: delayed unless stated, and written only when current.
    QCOMPARE(plain.training.fp8Scaling, Fp8Scaling::Delayed);
    QVERIFY(!toJson(plain)["training"].contains("fp8_scaling"));
    Json fp8 = Json::parse(kDesignExample);
    fp8["training"].update(Json::parse(R"({"precision": "fp8", "fp8_scaling": "current"})"));
    Expected<Workload> current = workloadFromJson(JsonIn(fp8, "fp8.json"));
    QVERIFY2(current.ok(), current ? "" : current.error().text().c_str());
    QCOMPARE(current->training.fp8Scaling, Fp8Scaling::Current);
    QCOMPARE(toJson(*current)["training"]["fp8_scaling"].get<std::string>(),
             std::string("current"));
    QVERIFY(*workloadFromJson(JsonIn(toJson(*current), "again.json")) == *current);
}

void TestWorkload::mixedDenseAndExpertLayers()
{
    // DeepSeek-V3: 61 layers, the first 3 dense, then experts in every layer, one shared.
    const Workload ds = *workloadPreset("deepseek-v3");
    QCOMPARE(ds.model.firstDenseLayers, 3);
    QCOMPARE(ds.model.sharedExperts, 1);
    QCOMPARE(ds.model.moeLayers(), 58);
    QVERIFY(*workloadFromJson(JsonIn(toJson(ds), "ds.json")) == ds);
    // Its router picks a token's 8 experts from the best 4 of 8 groups (node-limited routing).
    QCOMPARE(ds.model.routerGroups, 8);
    QCOMPARE(ds.model.routerGroupTopK, 4);
    QCOMPARE(toJson(ds)["model"]["router_group_top_k"].get<int>(), 4);
    QVERIFY(!toJson(*workloadPreset("mixtral-8x7b"))["model"].contains("router_groups"));
    // Interleaved: experts in every second layer after the first 2 of 32 (layers 2, 4, ... 30).
    Json doc = Json::parse(kDesignExample);
    doc["model"].update(Json::parse(R"({"layers": 32, "experts": 8, "top_k": 2,
        "first_dense_layers": 2, "moe_layer_freq": 2})"));
    Expected<Workload> w = workloadFromJson(JsonIn(doc, "w.json"));
    QVERIFY2(w.ok(), w ? "" : w.error().text().c_str());
    QCOMPARE(w->model.moeLayers(), 15);
    QCOMPARE(q(toJson(*w).dump()), q(doc.dump()));
    // A dense model has no expert layers, whatever else it says.
    QCOMPARE(Json::parse(kDesignExample)["model"]["experts"].get<int>(), 1);
    QCOMPARE(workloadFromJson(JsonIn(Json::parse(kDesignExample), "d.json"))->model.moeLayers(), 0);
}

void TestWorkload::planJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QList<int>>("degrees"); // tp, pp, dp, cp, ep
    QTest::addColumn<QString>("order");
    QTest::addColumn<QString>("where"); // empty: accepted
    QTest::addColumn<QString>("message");
    auto ok = [](const char *name, const char *json, QList<int> degrees, const char *order) {
        QTest::newRow(name) << QByteArray(json) << degrees << QString::fromLatin1(order)
                            << QString() << QString();
    };
    auto bad = [](const char *name, const char *json, const char *where, const char *message) {
        QTest::newRow(name) << QByteArray(json) << QList<int>() << QString()
                            << QString::fromLatin1(where) << QString::fromLatin1(message);
    };
    ok("DESIGN.md example", R"({"tp": 8, "pp": 8, "dp": 1, "cp": 1, "ep": 1,
        "order": "tp-cp-ep-dp-pp"})",
       {8, 8, 1, 1, 1}, "tp-cp-ep-dp-pp");
    ok("empty: dp derived later", "{}", {1, 1, 0, 1, 1}, "tp-cp-ep-dp-pp");
    ok("other order", R"({"tp": 4, "ep": 8, "order": "tp-ep-cp-dp-pp"})", {4, 1, 0, 1, 8},
       "tp-ep-cp-dp-pp");
    bad("zero tp", R"({"tp": 0})", "/tp", "expected a positive integer, found 0");
    bad("zero dp", R"({"dp": 0})", "/dp", "expected a positive integer, found 0");
    bad("unknown dimension", R"({"mp": 2})", "/mp",
        "unknown member \"mp\" (expected one of: tp, pp, dp, cp, ep, order, gpus_per_domain, "
        "domains)");
    bad("order missing a dimension", R"({"order": "tp-cp-ep-dp"})", "/order",
        "expected an order of the five dimensions tp, cp, ep, dp, pp joined by '-' (e.g. "
        "\"tp-cp-ep-dp-pp\"), found \"tp-cp-ep-dp\"");
    bad("order repeating a dimension", R"({"order": "tp-tp-ep-dp-pp"})", "/order",
        "found \"tp-tp-ep-dp-pp\"");
    bad("not an object", "[8, 8]", "/", "expected an object, found an array");
}

void TestWorkload::planJson()
{
    QFETCH(QByteArray, json);
    QFETCH(QList<int>, degrees);
    QFETCH(QString, order);
    QFETCH(QString, where);
    QFETCH(QString, message);
    Json doc = Json::parse(json.toStdString());
    Expected<Plan> p = planFromJson(JsonIn(doc, "plan.json"));
    if (!where.isEmpty()) {
        QVERIFY2(!p.ok(), "the plan was accepted");
        QCOMPARE(q(p.error().where), where);
        QVERIFY2(q(p.error().message).contains(message), p.error().message.c_str());
        return;
    }
    QVERIFY2(p.ok(), p ? "" : p.error().text().c_str());
    QCOMPARE((QList<int>{p->tp, p->pp, p->dp, p->cp, p->ep}), degrees);
    QCOMPARE(q(p->order), order);
    // Round trip; an underived dp stays unwritten.
    Json out = toJson(*p);
    QCOMPARE(out.contains("dp"), p->dp > 0);
    Expected<Plan> back = planFromJson(JsonIn(out, "out"));
    QVERIFY(back.ok());
    QVERIFY(*back == *p);
}

void TestWorkload::planSpec_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QList<int>>("degrees"); // tp, pp, dp, cp, ep
    QTest::addColumn<QString>("order");
    QTest::addColumn<QString>("error"); // Error::text(); empty: accepted
    auto ok = [](const char *spec, QList<int> degrees, const char *order) {
        QTest::newRow(*spec ? spec : "(empty)")
                << QString::fromLatin1(spec) << degrees << QString::fromLatin1(order) << QString();
    };
    auto bad = [](const char *spec, const char *error) {
        QTest::newRow(spec) << QString::fromLatin1(spec) << QList<int>() << QString()
                            << QString::fromLatin1(error);
    };
    ok("tp=8,pp=8,dp=1", {8, 8, 1, 1, 1}, "tp-cp-ep-dp-pp");
    ok("tp=4", {4, 1, 0, 1, 1}, "tp-cp-ep-dp-pp");
    ok("cp=2,ep=4,tp=2", {2, 1, 0, 2, 4}, "tp-cp-ep-dp-pp");
    ok("tp=8,order=tp-dp-cp-ep-pp", {8, 1, 0, 1, 1}, "tp-dp-cp-ep-pp");
    bad("tp8", "--plan: tp8: expected KEY=VALUE (e.g. tp=8,pp=4)");
    bad("tp=0", "--plan: tp: expected a positive integer, found \"0\"");
    bad("pp=2x", "--plan: pp: expected a positive integer, found \"2x\"");
    bad("dp=", "--plan: dp: expected a positive integer, found \"\"");
    bad("", "--plan: expected KEY=VALUE items joined by ',' (e.g. tp=8,pp=4), found an empty "
            "plan");
    bad("cp=2,ep=4,tp=2,", "--plan: empty item in \"cp=2,ep=4,tp=2,\" (e.g. tp=8,pp=4)");
    bad("tp=8,,pp=2", "--plan: empty item in \"tp=8,,pp=2\" (e.g. tp=8,pp=4)");
    bad("tp=8,tp=4", "--plan: tp: given twice in \"tp=8,tp=4\"");
    bad("tp=+8", "--plan: tp: expected a positive integer, found \"+8\"");
    bad("tp=-8", "--plan: tp: expected a positive integer, found \"-8\"");
    bad("tp= 8", "--plan: tp: expected a positive integer, found \" 8\"");
    bad(" tp=8", "--plan:  tp: unknown dimension (expected tp, pp, dp, cp, ep, order, "
                 "gpus_per_domain or domains)");
    bad("tp=8 ", "--plan: tp: expected a positive integer, found \"8 \"");
    bad("order=tp-cp-ep-dp-pp-",
        "--plan: order: expected an order of the five dimensions tp, cp, ep, dp, pp joined by "
        "'-' (e.g. \"tp-cp-ep-dp-pp\"), found \"tp-cp-ep-dp-pp-\"");
    bad("mp=2", "--plan: mp: unknown dimension (expected tp, pp, dp, cp, ep, order, "
                "gpus_per_domain or domains)");
    bad("order=tp-pp", "--plan: order: expected an order of the five dimensions tp, cp, ep, dp, "
                       "pp joined by '-' (e.g. \"tp-cp-ep-dp-pp\"), found \"tp-pp\"");
}

void TestWorkload::planSpec()
{
    QFETCH(QString, spec);
    QFETCH(QList<int>, degrees);
    QFETCH(QString, order);
    QFETCH(QString, error);
    Expected<Plan> p = planFromSpec(spec.toStdString());
    if (!error.isEmpty()) {
        QVERIFY2(!p.ok(), "the spec was accepted");
        QCOMPARE(text(p.error()), error);
        return;
    }
    QVERIFY2(p.ok(), p ? "" : p.error().text().c_str());
    QCOMPARE((QList<int>{p->tp, p->pp, p->dp, p->cp, p->ep}), degrees);
    QCOMPARE(q(p->order), order);
}

void TestWorkload::resolvePlan_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("dp"); // 0: refused
    QTest::addColumn<QString>("message");
    QTest::newRow("dp derived") << QStringLiteral("tp=8,pp=8") << 64 << 1 << QString();
    QTest::newRow("dp derived, 256 GPUs") << QStringLiteral("tp=8") << 256 << 32 << QString();
    QTest::newRow("cp counts") << QStringLiteral("tp=4,cp=2,pp=2") << 64 << 4 << QString();
    QTest::newRow("dp given stays") << QStringLiteral("tp=8,dp=2") << 64 << 2 << QString();
    QTest::newRow("does not divide")
            << QStringLiteral("tp=3") << 64 << 0
            << QStringLiteral("/plan: tp x cp x pp = 3 does not divide the 64 GPUs, so dp cannot "
                              "be derived");
    QTest::newRow("more than the GPUs")
            << QStringLiteral("tp=8,pp=16") << 64 << 0
            << QStringLiteral("/plan: tp x cp x pp = 128 needs more GPUs than the 64 the cluster "
                              "has; lower tp, cp or pp");
}

void TestWorkload::resolvePlan()
{
    QFETCH(QString, spec);
    QFETCH(int, gpus);
    QFETCH(int, dp);
    QFETCH(QString, message);
    Expected<Plan> p = planFromSpec(spec.toStdString());
    QVERIFY(p.ok());
    Expected<Plan> r = topoplan::resolvePlan(*p, gpus);
    if (dp == 0) {
        QVERIFY(!r.ok());
        QVERIFY2(text(r.error()).startsWith(message), r.error().text().c_str());
        return;
    }
    QVERIFY2(r.ok(), r ? "" : r.error().text().c_str());
    QCOMPARE(r->dp, dp);
    QCOMPARE(r->tp, p->tp);
    QCOMPARE(r->pp, p->pp);
    QCOMPARE(r->cp, p->cp);
}

void TestWorkload::orderDims()
{
    QVERIFY(topoplan::orderDims("tp-cp-ep-dp-pp")
            == std::vector<std::string>({"tp", "cp", "ep", "dp", "pp"}));
    QVERIFY(topoplan::orderDims("pp-dp") == std::vector<std::string>({"pp", "dp"}));
}

QTEST_GUILESS_MAIN(TestWorkload)
void TestWorkload::latentAttention()
{
    // DeepSeek-V3's config.json: q_lora_rank 1536, kv_lora_rank 512, qk_nope_head_dim 128,
    // qk_rope_head_dim 64, v_head_dim 128.
    const Workload ds = *workloadPreset("deepseek-v3");
    QVERIFY(ds.model.mla);
    QCOMPARE(ds.model.mla->qLoraRank, 1536);
    QCOMPARE(ds.model.mla->kvLoraRank, 512);
    QCOMPARE(ds.model.mla->qkNopeHeadDim, 128);
    QCOMPARE(ds.model.mla->qkRopeHeadDim, 64);
    QCOMPARE(ds.model.mla->vHeadDim, 128);
    QCOMPARE(toJson(ds)["model"]["mla"]["kv_lora_rank"].get<int>(), 512);

    // As a file states it: the rotary part and the query latent are optional, kv_heads is
    // every head, and a head's widths need not divide hidden.
    Json doc = Json::parse(kDesignExample);
    doc["model"].update(Json::parse(R"({"heads": 100, "mla": {"kv_lora_rank": 512,
        "qk_nope_head_dim": 128, "v_head_dim": 128}})"));
    doc["model"].erase("kv_heads");
    Expected<Workload> w = workloadFromJson(JsonIn(doc, "w.json"));
    QVERIFY2(w.ok(), w ? "" : w.error().text().c_str());
    QCOMPARE(w->model.kvHeads, 100);
    QCOMPARE(w->model.mla->qLoraRank, 0);
    QCOMPARE(w->model.mla->qkRopeHeadDim, 0);
    QVERIFY(*workloadFromJson(JsonIn(toJson(*w), "again.json")) == *w);
    // A model without it writes none.
    QVERIFY(!toJson(*workloadPreset("llama3-70b"))["model"].contains("mla"));
}

#include "tst_workload.moc"
