#include "engine/generate/generator.h"
#include "engine/io/projectfile.h"
#include "engine/perf/flops.h"
#include "engine/plan/analysis.h"
#include "engine/plan/analysisjson.h"
#include "tests/engine/analysisfixtures.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace topoplan;
using namespace topoplan::fixtures;

// Published training runs that the engine was never calibrated on: NVIDIA's NeMo performance
// tables for DGX GB200 and DGX B200 and Megatron Bridge's for DGX H100, GB200 and GB300, Meta's Llama 3 405B runs on 8K and 16K H100, Microsoft and
// NVIDIA's MT-NLG 530B on 2,240 to 3,360 A100, BigScience's BLOOM on 384 A100, Megatron-LM's
// own 22B to 1T runs on 8 to 512 A100, NVIDIA's Nemotron-4 15B and 340B on up to 6,144 H100,
// and DeepSeek-V3 on 2,048 H800. Each row states its source, the published plan and schedule, and
// the published tokens/s per GPU; the engine projects it on a generated cluster of the same
// hardware (the built-in catalog's servers) with its default (current Megatron-Core) software. The test prints every row's
// error and the table's mean and worst, and bounds both.
//
// NeMo tables: docs.nvidia.com/nemo-framework/user-guide/latest/performance/archive/
// 25.04-performance-summary.html (container NeMo 25.04, System DGX-GB200) and .../archive/
// 25.02-performance-summary.html (NeMo 25.02, System DGX-B200): pre-training at FP8 (per-tensor
// current scaling), columns GBS, MBS, sequence length, TP, PP, CP, VP, EP, tokens/s per GPU.
// Recompute is not stated; taken as none (the recipes' default), the memory model says whether
// it fits.
//
// Llama 3: Llama Team, "The Llama 3 Herd of Models" (arXiv 2407.21783), Table 4: 405B at
// 8,192 and 16,384 H100 (BF16), TP 8, PP 16, DP 64 / 128, sequence 8,192, 16M tokens per batch,
// 430 and 400 TFLOP/s per GPU. Tokens/s per GPU are those TFLOP/s over the model FLOPs per
// token (the same count the MFU is made of). Interleaving is not stated; taken as 2.
//
// MT-NLG: Smith et al., "Using DeepSpeed and Megatron to Train Megatron-Turing NLG 530B"
// (arXiv 2201.11990), section 2.4: global batch 1,920 of 2,048 tokens, 60.1, 50.2 and 44.4 s per
// iteration on 280, 350 and 420 DGX A100 80GB of Selene (HDR InfiniBand, full fat tree), TP 8,
// PP 35, 16-bit mixed precision (the engine's BF16: A100's tensor cores run FP16 and BF16 at
// the same rate).
//
// BLOOM: BigScience Workshop, "BLOOM: A 176B-Parameter Open-Access Multilingual Language Model"
// (arXiv 2211.05100), section 3.4: 48 nodes of Jean Zay (8 A100 80GB, four Omni-Path 100 Gb/s
// links each), Megatron-DeepSpeed with TP 4, PP 12, DP 8, ZeRO-1, BF16, batch 2,048 of 2,048
// tokens, micro-batch 2, 156 TFLOP/s per GPU in the Megatron count (megatronFlopsPerToken).
//
// Nemotron-4: NVIDIA, "Nemotron-4 15B Technical Report" (arXiv 2402.16819), Table 1 (32 layers,
// hidden 6,144, 48 heads, 8 K/V heads, sequence 4,096, vocabulary 256,000; squared-ReLU MLP,
// 12.5B non-embedding parameters: 4 h) and Table 2, the batch ramp on 384 DGX H100 with TP 8 and
// data parallelism; "Nemotron-4 340B Technical Report" (arXiv 2406.11704), Table 2, the batch
// ramp on 768 DGX H100 with TP 8 and PP 12 (interleaved). Both BF16 on Megatron-Core (NeMo),
// the iteration times as published.
//
// Megatron-LM 2022: Korthikanti et al., "Reducing Activation Recomputation in Large Transformer
// Models" (arXiv 2205.05198, MLSys 2023), Table 3: GPT models of 22B (48 layers, hidden 6,144,
// 64 heads), 175B, 530B and 1T (128 layers, hidden 25,600, 160 heads) on 8, 64, 280 and 512
// A100 80GB of Selene, TP 8 and PP 1, 8, 35, 64, data parallel 1, batch 4, 64, 280 and 512 of
// 2,048 tokens, micro-batch 1, sequence parallelism and selective recomputation (the attention
// core). Their model FLOPs utilization, 41.5%, 51.4%, 56.0% and 56.3% (as the paper and
// Megatron-LM's README list it), is in Megatron's count of model FLOPs (megatronModelFlops)
// against the A100's 312 TFLOP/s (the catalog's bf16 peak).
//
// Megatron Bridge 26.04.01: NVIDIA's performance summary archive for Megatron Bridge, the NeMo
// framework's Megatron-Core trainer (docs.nvidia.com/nemo/megatron-bridge/latest/
// performance-summary-archive.html; docs/performance-summary-archive.md of NVIDIA-NeMo/
// Megatron-Bridge), section "26.04.01 NeMo Container", pre-training of Llama 3 70B and 3.1 405B
// at FP8 (per-tensor current scaling, the recipes' "fp8_cs") on DGX-H100, DGX-GB200 and
// DGX-GB300: the same release and models on three generations, which is what sets these rows
// apart from the older NeMo tables above. The recipes (src/megatron/bridge/perf_recipes/llama)
// state what the table does not: TP communication overlapped where TP > 1, NVLink SHARP off
// (NCCL_NVLS_ENABLE=0), no recomputation; the 70B rows on Grace run Megatron FSDP and offload
// the activations of 40 (GB200) or 20 (GB300) of the 80 layers to the Grace CPU's memory over
// NVLink-C2C (activation_offload_layers).
//
// DeepSeek-V3: DeepSeek-AI, "DeepSeek-V3 Technical Report" (arXiv 2412.19437), Table 1 and
// section 3: 2,048 H800, 180K GPU hours per trillion tokens = 1,543 tokens/s per GPU; FP8;
// PP 16 (DualPipe), EP 64 over 8 nodes, ZeRO-1 data parallelism, no TP; sequence 4,096, batch
// 15,360 sequences; 61 layers (first 3 dense), MLA, 1 shared + 8 of 256 routed experts.

namespace {

// Bounds on the whole table. Before the engine modelled what these recipes do (bf16
// gradients, TP comm overlap, the all-to-all behind the other micro-batch, the gradient
// reduction across the pipeline drain, dense and shared-expert layers, the H800) the table gave
// a mean error of 17.2% and a worst of 46.8% (DeepSeek-V3, -47%); then 21.7% and 35.2%, and
// 19.5% and 32.4% with the NeMo rows' FP8 current scaling priced, the Blackwell rows 12-32%
// high (their compute efficiency is the open question); 19.6% and 32.4% with DeepSeek-V3's
// latent attention stated (-18.1% where it was -17.8%: its 192- and 128-wide heads cost more
// than the 56-wide ones that stood in for them); 18.6% and 32.4% with DeepSeek-V3's dispatch
// stated (+5.3%: one copy per node over InfiniBand, 4 nodes at most, FP8 out, on 20 SMs beside
// the compute); 18.5% and 32.4% with its recomputed norms and SwiGLU outputs stated (+4.6%, and
// it fits: 73.3 of 80 GB where it needed 81.1); 14.7% and 27.5% with the slowest GPU of a
// node setting the pace (the catalog's sustained_spread: 5.2% below the mean on Blackwell,
// 2.3% on Hopper); 13.7% and 27.5% with four A100 rows added: MT-NLG 530B on 2,240 to 3,360
// GPUs (+12% to +13%) and BLOOM 176B on 384 (-4.2%), both Megatron-DeepSpeed; 12.4% and 27.5%
// with Megatron-LM's own 2022 runs of 22B to 1T on 8 to 512 A100 added (-5.8% to -8.2%);
// 10.8% and 27.5% with Nemotron-4 15B and 340B on 768 to 6,144 H100 (-6.7% to +5.5%); 10.7% and
// 27.7% with Megatron Bridge 26.04.01's Llama 3 rows on H100, GB200 and GB300 added (-20.7% to
// +12.0%) and the models' dropout stated; the same with the Grace rows' activation offloading
// stated (+9.0% and -11.1%; both fit, 30 of 33 rows). The bounds hold
// those figures with a margin, so that a change that makes them worse fails here.
constexpr double kMeanBound = 0.10;
constexpr double kWorstBound = 0.27;

struct PublishedRun
{
    const char *name;
    const char *source;
    const char *server; // catalog id
    int nodes;
    int domainSize;    // 0: the server's own
    int gpusPerDomain; // ranks per NVLink domain (Plan::gpusPerDomain); 0: every GPU
    ModelSpec model;
    int gpus, batch, microBatch;
    Precision precision;
    int tp, pp, cp, ep, interleave;
    double published;       // tokens/s per GPU
    double publishedTflops; // > 0: published as model TFLOP/s per GPU instead
    // What the source states of the software beyond the plan, as workload "training" members.
    const char *training = "{}";
    // Hardware the built-in catalog does not have: a hardware file (relative to the source
    // tree) merged over the built-in catalog, and the generated fabric's switch model (empty:
    // the generator's default for the NICs).
    const char *catalog = nullptr;
    const char *leaf = "";
};

// Megatron-LM's hardware FLOPs per token with every layer recomputed (Narayanan et al. SC'21,
// section 5.1: 96 B s l h^2 (1 + s / 6h + V / 16 l h) per batch of B sequences), the count
// MT-NLG and BLOOM state their TFLOP/s in.
double megatronFlopsPerToken(const ModelSpec &m)
{
    const double l = m.layers, h = m.hidden, s = m.seq, v = m.vocab;
    return 96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
}

// Llama 3 (its released configs: attention_dropout 0.0), Nemotron-4 (arXiv 2402.16819,
// section 2: "dropout rate of zero") and Mixtral (attention_dropout 0.0) train without dropout.
ModelSpec withoutDropout(ModelSpec m)
{
    m.dropout = 0;
    return m;
}

ModelSpec gpt3()
{
    return {"gpt3-175b", 96, 12288, 96, 96, 49152, 51200, 2048, false, 1, 1, 0};
}
ModelSpec llama3_70b()
{
    return withoutDropout({"llama3-70b", 80, 8192, 64, 8, 28672, 128256, 8192, true, 1, 1, 0});
}
ModelSpec llama3_405b()
{
    return withoutDropout({"llama3-405b", 126, 16384, 128, 8, 53248, 128256, 8192, true, 1, 1, 0});
}
// Nemotron-4 340B (NVIDIA, arXiv 2406.11704, Table 1): 96 layers, hidden 18,432, 96 heads,
// 8 K/V heads, squared-ReLU MLP of 73,728 (two matrices), vocabulary 256,000; here at the
// tables' sequence of 4,096.
ModelSpec nemotron340b()
{
    return withoutDropout(
            {"nemotron-4-340b", 96, 18432, 96, 8, 73728, 256000, 4096, false, 1, 1, 0});
}
// Mixtral 8x7B (Jiang et al. 2024): the tables' sequence of 4,096.
ModelSpec mixtral()
{
    return withoutDropout({"mixtral-8x7b", 32, 4096, 32, 8, 14336, 32000, 4096, true, 8, 2, 14336});
}
// Megatron-Turing NLG 530B (Smith et al. 2022, arXiv 2201.11990, section 2.1): 105 layers,
// hidden 20,480, 128 heads, sequence 2,048, GPT-2's vocabulary padded to 51,200.
ModelSpec mtnlg530b()
{
    return {"mt-nlg-530b", 105, 20480, 128, 128, 81920, 51200, 2048, false, 1, 1, 0};
}
// BLOOM (BigScience, arXiv 2211.05100, Table 3): 70 layers, hidden 14,336, 112 heads, GeLU MLP
// of 4 x hidden, sequence 2,048, vocabulary 250,680 padded to 250,880 (a multiple of 128 x TP).
ModelSpec bloom176b()
{
    return {"bloom-176b", 70, 14336, 112, 112, 57344, 250880, 2048, false, 1, 1, 0};
}
// Korthikanti et al. Table 3: GPT-3-shaped models (GeLU MLP of 4 h, GPT-2's vocabulary padded
// to 51,200) of 22B and 1T parameters.
ModelSpec nemotron15b()
{
    return withoutDropout({"nemotron-4-15b", 32, 6144, 48, 8, 24576, 256000, 4096, false, 1, 1, 0});
}
ModelSpec gpt22b()
{
    return {"gpt-22b", 48, 6144, 64, 64, 24576, 51200, 2048, false, 1, 1, 0};
}
ModelSpec gpt1t()
{
    return {"gpt-1t", 128, 25600, 160, 160, 102400, 51200, 2048, false, 1, 1, 0};
}
ModelSpec deepseekV3()
{
    return preset("deepseek-v3").model;
}

const char *kNemoGb200 = "NeMo 25.04 performance summary, DGX-GB200, FP8";
const char *kNemoB200 = "NeMo 25.02 performance summary, DGX-B200, FP8";
const char *kBridgeH100 = "Megatron Bridge 26.04.01 performance summary, DGX-H100, FP8";
const char *kBridgeGb200 = "Megatron Bridge 26.04.01 performance summary, DGX-GB200, FP8";
const char *kBridgeGb300 = "Megatron Bridge 26.04.01 performance summary, DGX-GB300, FP8";
const char *kLlama3 = "Llama 3 Herd of Models (arXiv 2407.21783), Table 4, BF16";
const char *kMtNlg = "MT-NLG 530B (arXiv 2201.11990), section 2.4, Selene";
const char *kBloom = "BLOOM (arXiv 2211.05100), section 3.4, BF16, Jean Zay";
const char *kDeepSeek
        = "DeepSeek-V3 Technical Report (arXiv 2412.19437), 180K H800 hours / 1T tokens";

// NeMo's performance recipes (scripts/performance) overlap TP communication with the GEMMs
// (MegatronCommOverlapCallback, tp_comm_overlap = True) wherever TP > 1.
// The tables' FP8 is per-tensor current scaling (Transformer Engine's Float8CurrentScaling).
const char *kNemoOverlap = R"({"tp_comm_overlap": true, "fp8_scaling": "current"})";
// NeMo's Llama 3 70B on GB200 runs fully sharded (FSDP = 1), TP = PP = CP = 1.
const char *kNemoFsdp = R"({"fsdp": true, "fp8_scaling": "current"})";
const char *kNemoFp8 = R"({"fp8_scaling": "current"})";
// Megatron Bridge's Llama recipes: as kNemoOverlap and kNemoFsdp, with NCCL_NVLS_ENABLE=0.
const char *kBridgeOverlap
        = R"({"tp_comm_overlap": true, "fp8_scaling": "current", "nvls": false})";
// Their 70B on Grace: Megatron FSDP, and the activations of the first 40 (GB200) or 20 (GB300)
// of the 80 layers offloaded to the Grace CPU's memory (cpu_offloading_num_layers), which
// Megatron-Core runs without recomputation.
const char *kBridgeFsdpGb200 = R"({"fsdp": true, "fp8_scaling": "current", "nvls": false,
    "recompute": "none", "activation_offload_layers": 40})";
const char *kBridgeFsdpGb300 = R"({"fsdp": true, "fp8_scaling": "current", "nvls": false,
    "recompute": "none", "activation_offload_layers": 20})";
// DeepSeek-V3 (section 3.2.1, 3.3): DualPipe overlaps the all-to-alls of one micro-batch with
// another's compute; weight gradients are kept in fp32 (section 3.3.1); tokens cross InfiniBand
// once per node and fan out over NVLink, on 20 SMs (section 3.2.2, DeepEP), the dispatch in FP8
// (section 3.3.3); the backward recomputes every RMSNorm and the MLA up-projections (section
// 3.3.2) and the MoE SwiGLU's output (section 3.3.3).
const char *kDeepSeekSoftware = R"({"ep_comm_overlap": true, "grad_reduce": "fp32",
    "moe_dispatcher": "deepep", "fp8_dispatch": true,
    "recompute_modules": ["mla_up_proj", "layernorm", "moe_act"]})";

// MT-NLG (section 2.3): Megatron-LM's 2021 tensor slicing inside a node, DeepSpeed's pipeline
// engine across nodes (1F1B, no interleaving) and DeepSpeed's ZeRO stage 1 data parallelism
// (its pipeline engine takes no higher stage); every layer's activations checkpointed, as the
// paper's TFLOP/s count (Narayanan et al.'s formula with recomputation) says.
const char *kMtNlgSoftware = R"({"software": "megatron-lm-2021", "recompute": "full",
    "sequence_parallel": false, "distributed_optimizer": true})";

// BLOOM (section 3.4.1): Jean Zay's A100 partition, nodes of 8 A100 80GB on NVLink with four
// Omni-Path 100 Gb/s links each, is not in the built-in catalog: docs/examples/jean-zay-a100.json
// states it as a user would (a medium, an edge switch, a server, each with its source). The
// paper's "enhanced hypercube" is taken as a fabric of those edge switches: the routes of a plan
// this size do not contend.
const char *kJeanZay = "docs/examples/jean-zay-a100.json";
// BLOOM (section 3.4.2): Megatron-DeepSpeed, TP 4, PP 12, DP 8, micro-batch 2, ZeRO stage 1,
// BF16, fused kernels; activations checkpointed (its TFLOP/s count has the recomputation).
const char *kBloomSoftware = R"({"software": "megatron-lm-2021", "recompute": "full",
    "sequence_parallel": false, "distributed_optimizer": true})";

const char *kNarayanan = "Megatron-LM SC'21 (arXiv 2104.04473), Table 1, Selene";
// The software of SC'21 (examples/sc21/run_table_1.sh): Megatron-LM 2021 with every layer
// recomputed, no sequence parallelism, no distributed optimizer.
const char *kNarayananSoftware = R"({"software": "megatron-lm-2021", "recompute": "full",
    "sequence_parallel": false, "distributed_optimizer": false})";
const char *kNemotron15 = "Nemotron-4 15B (arXiv 2402.16819), Table 2, BF16, DGX H100";
const char *kNemotron340 = "Nemotron-4 340B (arXiv 2406.11704), Table 2, BF16, DGX H100";
const char *kKorthikanti = "Korthikanti et al. (arXiv 2205.05198), Table 3, MFU, Selene";
// Megatron-LM of spring 2022: the 2021 kernels (attention unfused, which is why recomputing its
// core pays), sequence parallelism, selective recomputation; no distributed optimizer (data
// parallel 1 has nothing to shard).
const char *kKorthikantiSoftware = R"({"software": "megatron-lm-2021", "recompute": "selective",
    "sequence_parallel": true, "distributed_optimizer": false})";
// Tokens/s per GPU at a model FLOPs utilization stated in Megatron's count on an A100.
double mfuTokens(const ModelSpec &m, double mfu)
{
    Workload w;
    w.model = m;
    w.training.globalBatch = 1;
    const double peak = Catalog::builtin().gpu("a100-sxm-80gb")->bf16Tflops * 1e12;
    return mfu * peak / (megatronModelFlops(w) / m.seq);
}

std::vector<PublishedRun> runs()
{
    const Precision fp8 = Precision::FP8, bf16 = Precision::BF16;
    return {
            // GB200: NVL72 racks of 18 trays, 64 of each rack's 72 GPUs taking ranks as the
            // recipes place them (the recipes' 128 GPUs on two racks, 64 on one).
            {"gb200 gpt3-175b 128", kNemoGb200, "gb200-tray", 36, 72, 64, gpt3(), 128, 256, 2, fp8,
             4, 4, 1, 1, 12, 1804, 0, kNemoOverlap},
            {"gb200 llama3-405b 128", kNemoGb200, "gb200-tray", 36, 72, 64, llama3_405b(), 128, 64,
             1, fp8, 4, 8, 2, 1, 8, 665, 0, kNemoOverlap},
            {"gb200 nemotron4-340b 128", kNemoGb200, "gb200-tray", 36, 72, 64, nemotron340b(), 128,
             32, 1, fp8, 8, 4, 1, 1, 12, 737, 0, kNemoOverlap},
            {"gb200 llama3-70b 64", kNemoGb200, "gb200-tray", 18, 72, 64, llama3_70b(), 64, 128, 1,
             fp8, 1, 1, 1, 1, 1, 4035, 0, kNemoFsdp},
            {"gb200 mixtral-8x7b 64", kNemoGb200, "gb200-tray", 18, 72, 64, mixtral(), 64, 256, 2,
             fp8, 1, 1, 1, 8, 1, 19275, 0, kNemoFp8},
            {"b200 gpt3-175b 512", kNemoB200, "dgx-b200", 64, 0, 0, gpt3(), 512, 2048, 2, fp8, 4, 4,
             1, 1, 6, 1600, 0, kNemoOverlap},
            {"b200 llama3-70b 64", kNemoB200, "dgx-b200", 8, 0, 0, llama3_70b(), 64, 128, 1, fp8, 2,
             4, 2, 1, 5, 3062, 0, kNemoOverlap},
            {"b200 llama3-405b 128", kNemoB200, "dgx-b200", 16, 0, 0, llama3_405b(), 128, 64, 1,
             fp8, 4, 8, 2, 1, 8, 625, 0, kNemoOverlap},
            {"b200 nemotron4-340b 128", kNemoB200, "dgx-b200", 16, 0, 0, nemotron340b(), 128, 32, 1,
             fp8, 8, 4, 1, 1, 12, 602, 0, kNemoOverlap},
            {"b200 mixtral-8x7b 64", kNemoB200, "dgx-b200", 8, 0, 0, mixtral(), 64, 256, 2, fp8, 1,
             1, 1, 8, 1, 15457, 0, kNemoFp8},
            // Megatron Bridge 26.04.01: the 70B at batch 256 on 64 GPUs, the 405B at batch
            // 1,536 on 256 (Grace) or 1,024 (H100) GPUs, sequence 8,192, micro-batch 1 (2 for
            // the 70B on Grace), each system with its own plan.
            {"h100 llama3-70b 64", kBridgeH100, "dgx-h100", 8, 0, 0, llama3_70b(), 64, 256, 1, fp8,
             4, 8, 1, 1, 5, 1664, 0, kBridgeOverlap},
            {"gb200 llama3-70b 64 fsdp", kBridgeGb200, "gb200-tray", 18, 72, 64, llama3_70b(), 64,
             256, 2, fp8, 1, 1, 1, 1, 1, 4224, 0, kBridgeFsdpGb200},
            {"gb300 llama3-70b 64 fsdp", kBridgeGb300, "gb300-tray", 18, 72, 64, llama3_70b(), 64,
             256, 2, fp8, 1, 1, 1, 1, 1, 5248, 0, kBridgeFsdpGb300},
            {"h100 llama3-405b 1024", kBridgeH100, "dgx-h100", 128, 0, 0, llama3_405b(), 1024, 1536,
             1, fp8, 8, 8, 2, 1, 8, 328, 0, kBridgeOverlap},
            {"gb200 llama3-405b 256", kBridgeGb200, "gb200-tray", 72, 72, 64, llama3_405b(), 256,
             1536, 1, fp8, 4, 16, 1, 1, 4, 864, 0, kBridgeOverlap},
            {"gb300 llama3-405b 256", kBridgeGb300, "gb300-tray", 72, 72, 64, llama3_405b(), 256,
             1536, 1, fp8, 4, 8, 1, 1, 4, 1024, 0, kBridgeOverlap},
            {"h100 llama3-405b 8192", kLlama3, "dgx-h100", 1024, 0, 0, llama3_405b(), 8192, 2048, 1,
             bf16, 8, 16, 1, 1, 2, 0, 430},
            {"h100 llama3-405b 16384", kLlama3, "dgx-h100", 2048, 0, 0, llama3_405b(), 16384, 2048,
             1, bf16, 8, 16, 1, 1, 2, 0, 400},
            // MT-NLG 530B on Selene's DGX A100 80GB (8 x HDR each): batch 1,920 of 2,048 tokens
            // at 60.1, 50.2 and 44.4 s per iteration on 280, 350 and 420 DGX (126, 121 and
            // 113 TFLOP/s per GPU); tokens/s per GPU = 1,920 x 2,048 / time / GPUs. The
            // micro-batch is not stated. The runs themselves say which: with the per-slot time
            // unchanged, tokens/s per GPU follow the pipeline's m / (m + 34) for m micro-batches
            // per step, and fall from 280 to 350 and 420 DGX to 0.958 and 0.902 of the first;
            // 1 sequence per micro-batch (m = 240, 192, 160) gives 0.970 and 0.942, 2 (m = 120,
            // 96, 80) gives 0.948 and 0.901. Taken as 2, as Megatron-DeepSpeed ran BLOOM; with 1
            // the rows come out 25-30% high instead of 12-13%.
            {"a100 mt-nlg-530b 2240", kMtNlg, "dgx-a100", 280, 0, 0, mtnlg530b(), 2240, 1920, 2,
             bf16, 8, 35, 1, 1, 1, 1920.0 * 2048 / 60.1 / 2240, 0, kMtNlgSoftware},
            {"a100 mt-nlg-530b 2800", kMtNlg, "dgx-a100", 350, 0, 0, mtnlg530b(), 2800, 1920, 2,
             bf16, 8, 35, 1, 1, 1, 1920.0 * 2048 / 50.2 / 2800, 0, kMtNlgSoftware},
            {"a100 mt-nlg-530b 3360", kMtNlg, "dgx-a100", 420, 0, 0, mtnlg530b(), 3360, 1920, 2,
             bf16, 8, 35, 1, 1, 1, 1920.0 * 2048 / 44.4 / 3360, 0, kMtNlgSoftware},
            // BLOOM 176B on 48 Jean Zay nodes: "156 TFLOPs in our fastest configuration",
            // batch 2,048 of 2,048 tokens.
            {"a100 bloom-176b 384",
             kBloom,
             "jean-zay-a100",
             48,
             0,
             0,
             bloom176b(),
             384,
             2048,
             2,
             bf16,
             4,
             12,
             1,
             1,
             1,
             156e12 / megatronFlopsPerToken(bloom176b()),
             0,
             kBloomSoftware,
             kJeanZay,
             "opa-edge-48"},
            // Megatron-LM 2022 on Selene, data parallel 1: MFU 41.5%, 51.4%, 56.0%, 56.3%.
            {"a100 gpt-22b 8", kKorthikanti, "dgx-a100", 1, 0, 0, gpt22b(), 8, 4, 1, bf16, 8, 1, 1,
             1, 1, mfuTokens(gpt22b(), 0.415), 0, kKorthikantiSoftware},
            {"a100 gpt3-175b 64", kKorthikanti, "dgx-a100", 8, 0, 0, gpt3(), 64, 64, 1, bf16, 8, 8,
             1, 1, 1, mfuTokens(gpt3(), 0.514), 0, kKorthikantiSoftware},
            {"a100 mt-nlg-530b 280", kKorthikanti, "dgx-a100", 35, 0, 0, mtnlg530b(), 280, 280, 1,
             bf16, 8, 35, 1, 1, 1, mfuTokens(mtnlg530b(), 0.560), 0, kKorthikantiSoftware},
            {"a100 gpt-1t 512", kKorthikanti, "dgx-a100", 64, 0, 0, gpt1t(), 512, 512, 1, bf16, 8,
             64, 1, 1, 1, mfuTokens(gpt1t(), 0.563), 0, kKorthikantiSoftware},
            // Megatron-LM SC'21, Table 1 (Narayanan et al.), the two largest runs, on Selene:
            // 529.6B (105 layers, hidden 20,480, 128 heads) on 2,520 A100 with TP 8, PP 35,
            // DP 9, batch 2,520, micro-batch 1, 3 chunks per stage, and 1T (128 layers, hidden
            // 25,600, 160 heads) on 3,072 with TP 8, PP 64, DP 6, batch 3,072, micro-batch 1:
            // 163 TFLOP/s per GPU each in Megatron's count with recomputation.
            {"a100 gpt-530b 2520", kNarayanan, "dgx-a100", 315, 0, 0, mtnlg530b(), 2520, 2520, 1,
             bf16, 8, 35, 1, 1, 3, 163e12 / megatronFlopsPerToken(mtnlg530b()), 0,
             kNarayananSoftware},
            {"a100 gpt-1t 3072", kNarayanan, "dgx-a100", 384, 0, 0, gpt1t(), 3072, 3072, 1, bf16, 8,
             64, 1, 1, 1, 163e12 / megatronFlopsPerToken(gpt1t()), 0, kNarayananSoftware},
            // Nemotron-4 340B's batch ramp on 192, 384 and 768 DGX H100: batch 768, 1,536,
            // 2,304 of 4,096 tokens at 10.3, 10.3 and 8.0 s per iteration (MFU 42.4, 42.3,
            // 41.0%), TP 8, PP 12 interleaved (the degree not stated; taken as 2).
            {"h100 nemotron4-340b 1536", kNemotron340, "dgx-h100", 192, 0, 0, nemotron340b(), 1536,
             768, 1, bf16, 8, 12, 1, 1, 2, 768.0 * 4096 / 10.3 / 1536, 0},
            {"h100 nemotron4-340b 3072", kNemotron340, "dgx-h100", 384, 0, 0, nemotron340b(), 3072,
             1536, 1, bf16, 8, 12, 1, 1, 2, 1536.0 * 4096 / 10.3 / 3072, 0},
            {"h100 nemotron4-340b 6144", kNemotron340, "dgx-h100", 768, 0, 0, nemotron340b(), 6144,
             2304, 1, bf16, 8, 12, 1, 1, 2, 2304.0 * 4096 / 8.0 / 6144, 0},
            // Nemotron-4 15B's batch ramp on 96, 192 and 288 DGX H100: TP 8 and data
            // parallelism with the distributed optimizer, batch 384, 768, 1,152 of 4,096 tokens
            // at 0.57, 0.58 and 0.64 s per iteration (MFU 34.3, 33.3, 30.5%); the micro-batch is
            // not stated, taken as 1.
            {"h100 nemotron4-15b 768", kNemotron15, "dgx-h100", 96, 0, 0, nemotron15b(), 768, 384,
             1, bf16, 8, 1, 1, 1, 1, 384.0 * 4096 / 0.57 / 768, 0},
            {"h100 nemotron4-15b 1536", kNemotron15, "dgx-h100", 192, 0, 0, nemotron15b(), 1536,
             768, 1, bf16, 8, 1, 1, 1, 1, 768.0 * 4096 / 0.58 / 1536, 0},
            {"h100 nemotron4-15b 2304", kNemotron15, "dgx-h100", 288, 0, 0, nemotron15b(), 2304,
             1152, 1, bf16, 8, 1, 1, 1, 1, 1152.0 * 4096 / 0.64 / 2304, 0},
            {"h800 deepseek-v3 2048", kDeepSeek, "hgx-h800", 256, 0, 0, deepseekV3(), 2048, 15360,
             1, fp8, 1, 16, 1, 64, 1, 1542, 0, kDeepSeekSoftware},
    };
}

} // namespace

class tst_PublishedRuns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void table();
    void bandOfAProjection();
};

namespace {

// The catalog's published_runs row of `run`, or nullptr.
const PublishedRunRecord *recordOf(const PublishedRun &run)
{
    for (const PublishedRunRecord &r : Catalog::builtin().publishedRuns()) {
        if (r.id == run.name)
            return &r;
    }
    return nullptr;
}

// The row of resources/catalog.json's published_runs that states this run and the engine's
// projection of it, as JSON to paste there when the engine changes on purpose.
Json catalogRow(const PublishedRun &run, const std::string &gpu, double published, double projected,
                bool fitsWithoutRecompute)
{
    return Json{{"id", run.name},
                {"gpu", gpu},
                {"moe", run.model.isMoe()},
                {"gpus", run.gpus},
                {"published_tokens_per_gpu", std::round(published * 1000) / 1000},
                {"projected_tokens_per_gpu", std::round(projected * 1000) / 1000},
                {"fits_without_recompute", fitsWithoutRecompute},
                {"source", run.source}};
}

} // namespace

void tst_PublishedRuns::table()
{
    std::vector<double> errors;
    int fits = 0;
    Json rows = Json::array();
    QStringList stale;
    for (const PublishedRun &run : runs()) {
        const Catalog catalog
                = run.catalog
                          ? orFail(readHardwareFile(TOPOPLAN_SOURCE_DIR + std::string(run.catalog)))
                                    .catalog
                          : Catalog::builtin();
        GeneratorOptions o;
        o.nodeModel = run.server;
        o.nodes = run.nodes;
        o.domainSize = run.domainSize;
        o.leaf = run.leaf;
        // Rail-optimized as the vendors build them; three tiers where two cannot connect it.
        Expected<Project> project = generateProject(o, catalog);
        if (!project) {
            o.tiers = 3;
            project = generateProject(o, catalog);
        }
        const Analyzer a = analyzer(orFail(std::move(project)).topology, catalog);
        QCOMPARE(int(a.rankGpus(run.gpusPerDomain).size()), run.gpus);
        Workload w;
        w.model = run.model;
        w.training.globalBatch = run.batch;
        w.training.microBatch = run.microBatch;
        w.training.precision = run.precision;
        w.training.interleave = run.interleave;
        Json stated = toJson(w);
        stated["training"].update(Json::parse(run.training));
        w = orFail(workloadFromJson(JsonIn(stated, run.name)));
        Plan p = plan(run.tp, run.pp, run.cp, run.ep);
        p.gpusPerDomain = run.gpusPerDomain;
        Expected<AnalysisResult> r = a.analyze(w, p);
        QVERIFY2(bool(r), r ? run.name : r.error().text().c_str());
        const double perGpu = r->step.tokensPerS / run.gpus;
        const double published
                = run.published > 0
                          ? run.published
                          : run.publishedTflops * 1e12
                                    / (modelFlopsPerStep(w) / (double(run.batch) * w.model.seq));
        const double error = perGpu / published - 1;
        errors.push_back(std::fabs(error));
        fits += r->step.memory.fits ? 1 : 0;
        const bool fitsWithout = r->step.memory.fits && w.training.recompute != Recompute::Full;
        rows.push_back(catalogRow(run, r->gpuModel, published, perGpu, fitsWithout));
        // The catalog states the engine's error on this run (projectionBand() reads it at run
        // time): it must be today's.
        const PublishedRunRecord *record = recordOf(run);
        if (!record || std::fabs(record->publishedTokensPerGpu / published - 1) > 0.001
            || std::fabs(record->projectedTokensPerGpu / perGpu - 1) > 0.001
            || record->gpu != r->gpuModel || record->gpus != run.gpus
            || record->fitsWithoutRecompute != fitsWithout)
            stale << QString::fromLatin1(run.name);
        qInfo("%-26s %8.0f tokens/s/GPU against %8.0f published (%+6.1f%%), MFU %4.1f%%, "
              "memory %5.1f of %3.0f GB  [%s]",
              run.name, perGpu, published, 100 * error, 100 * r->step.mfu, r->step.memory.totalGB,
              r->step.memory.capacityGB, run.source);
        const StepBreakdown &b = r->step.breakdownS;
        const double t = r->step.stepTimeS / 100;
        qInfo("    step %.2f s: compute %.0f%%, tp %.0f%%, cp %.0f%%, ep %.0f%%, pp %.0f%%, "
              "bubble %.0f%%, dp %.0f%%",
              r->step.stepTimeS, b.compute / t, b.tpComm / t, b.cpComm / t, b.epComm / t,
              b.ppComm / t, b.ppBubble / t, b.dpComm / t);
    }
    double mean = 0;
    for (double e : errors)
        mean += e;
    mean /= double(errors.size());
    const double worst = *std::max_element(errors.begin(), errors.end());
    qInfo("published runs: %zu rows, mean |error| %.1f%%, worst %.1f%%, %d fit in memory",
          errors.size(), 100 * mean, 100 * worst, fits);
    if (!stale.isEmpty() || Catalog::builtin().publishedRuns().size() != rows.size())
        qInfo("resources/catalog.json published_runs/runs, as the engine projects them now:\n%s",
              rows.dump(2).c_str());
    QVERIFY2(stale.isEmpty(),
             qPrintable(QStringLiteral("the catalog's published_runs rows are not the engine's: ")
                        + stale.join(QStringLiteral(", "))));
    QCOMPARE(Catalog::builtin().publishedRuns().size(), rows.size());
    QVERIFY2(mean <= kMeanBound, qPrintable(QString::number(mean)));
    QVERIFY2(worst <= kWorstBound, qPrintable(QString::number(worst)));
}

// Every projection carries the engine's error on published runs of its class, read from the
// catalog at run time, in the analysis and its JSON.
void tst_PublishedRuns::bandOfAProjection()
{
    const Analyzer a = analyzer(generated("dgx-h100", 16));
    Plan p = plan(8, 2, 1, 1);
    const AnalysisResult r = orFail(a.analyze(preset("llama3-70b"), p));
    QVERIFY(r.band.known());
    QCOMPARE(QString::fromStdString(r.band.family), QStringLiteral("Hopper"));
    QVERIFY(!r.band.moe);
    // One Hopper dense run of up to 256 GPUs is too few: the class widens over scale.
    QCOMPARE(r.band.scale, -1);
    QVERIFY(r.band.runs >= ProjectionBand::kMinRuns);
    QVERIFY(r.band.meanError > 0 && r.band.meanError <= r.band.worstError);
    // The band is the mean |error| of exactly the catalog's rows of that class.
    double sum = 0;
    int n = 0;
    for (const PublishedRunRecord &run : Catalog::builtin().publishedRuns()) {
        const GpuModel *gpu = Catalog::builtin().gpu(run.gpu);
        if (gpu && gpuFamily(*gpu) == "Hopper" && !run.moe) {
            sum += std::fabs(run.error());
            ++n;
        }
    }
    QCOMPARE(r.band.runs, n);
    QCOMPARE(r.band.meanError, sum / n);
    const Json j = toJson(r);
    QCOMPARE(j["uncertainty"]["runs"].get<int>(), n);
    const std::string text = j["uncertainty"]["text"];
    QVERIFY2(text.rfind("±", 0) == 0
                     && text.find("published runs of this class (Hopper, "
                                  "dense, any scale)")
                                != std::string::npos,
             text.c_str());
    QVERIFY(j["uncertainty"]["tokens_per_s_low"].get<double>() < r.step.tokensPerS);
    // A mixture of experts on Hopper: too few such runs, so the class widens over families
    // and scales and says so.
    Plan e = plan(1, 1, 1, 8);
    const AnalysisResult moe = orFail(a.analyze(preset("mixtral-8x7b"), e));
    QVERIFY(moe.band.moe);
    QVERIFY(moe.band.runs >= ProjectionBand::kMinRuns);
    QCOMPARE(QString::fromStdString(moe.band.what()).left(7), QStringLiteral("any GPU"));
}

QTEST_GUILESS_MAIN(tst_PublishedRuns)

#include "tst_publishedruns.moc"
