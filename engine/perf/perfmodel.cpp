#include "engine/perf/perfmodel.h"

#include "engine/perf/flops.h"
#include "engine/perf/perfcompute.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace topoplan {

namespace {

// Element-wise bytes per token and layer in the forward, BF16: two norms (read + write h:
// 2 x 4h) and two bias-dropout-residual kernels (read the branch and the residual, write the
// sum and a 1-byte mask: 2 x 7h). Megatron's fused kernels; Korthikanti et al.'s tensors.
// Without dropout the kernels write no mask (2 x 6h).
constexpr double kNormResidualBytesPerHidden = 22;
constexpr double kDropoutMaskBytesPerHidden = 2;
// Of which the two norms', run again under the layernorm recompute module.
constexpr double kNormsBytesPerHidden = 8;
// A norm alone (MLA's latent norms): read and write each element, BF16.
constexpr double kNormBytes = 4;
// The MLP activation per element of the first matrix's output: GeLU reads and writes it
// (2 + 2); SwiGLU reads gate and up and writes their product (2 + 2 + 2).
constexpr double kGeluBytes = 4;
constexpr double kSwigluBytes = 6;
// Routing a token copy to its expert and back: a read and a write of h BF16 values, twice.
constexpr double kPermuteBytesPerHidden = 8;
// FP8: each GEMM input is cast (read BF16, write FP8) before the GEMM. With current scaling
// Transformer Engine first reads the tensor once more for its amax (nvte_compute_amax, then the
// scale, then the cast: Float8CurrentScalingQuantizer), 2 more bytes per element; delayed
// scaling takes the scale from earlier steps' amax history and records the amax in the cast.
constexpr double kFp8CastBytes = 3;
constexpr double kFp8CurrentScalingBytes = 2;
// A backward element-wise kernel reads the saved input and the incoming gradient and writes the
// outgoing one: about twice the forward's traffic.
constexpr double kBackwardElementwise = 2;
// Unfused attention, per score element: the softmax reads and writes it (2 + 2), the dropout
// reads it and writes it and its mask (2 + 2 + 1); backward: dropout (2 + 1 + 2) and softmax
// (read output and gradient, write gradient: 2 + 2 + 2). Without dropout, the softmax's only.
constexpr double kUnfusedScoreBytesForward = 9;
constexpr double kUnfusedScoreBytesBackward = 11;
constexpr double kUnfusedDropoutBytesForward = 5;
constexpr double kUnfusedDropoutBytesBackward = 5;
// Cross-entropy per logit: write the BF16 logits, read them into an fp32 softmax (2 + 2 + 4),
// backward reads the softmax and writes the BF16 gradient (4 + 2). Fused, in place in the BF16
// logits: write them, then one kernel reads them and writes the gradient over them (2 + 2 + 2).
constexpr double kCrossEntropyBytesPerLogit = 14;
constexpr double kFusedCrossEntropyBytesPerLogit = 6;
// FP8 dispatch: a byte per value and an fp32 scale per 1 x 128 tile (DeepSeek-V3 section 3.3.2,
// fine-grained quantization; DeepEP's FP8 dispatch input).
constexpr double kFp8DispatchBytes = 1 + 4.0 / 128;

// The other NVLink domains one token is sent to under DeepEP: its top_k experts fall, at
// random, among the domains its router may choose from (all of them, or those of its best
// router_group_top_k groups: the experts are laid over the EP ranks in order, so a group is a
// run of ranks spanning domains / groups domains, or sharing one). Distinct domains hit by k
// picks among r: r (1 - (1 - 1/r)^k); the token's own domain is among them 1 in `domains`
// times.
double remoteDomainCopies(const ModelSpec &m, double domains)
{
    double reach = domains;
    if (m.routerGroups > 0 && m.routerGroupTopK > 0 && m.routerGroupTopK < m.routerGroups)
        reach = std::min(domains, m.routerGroupTopK * std::max(1.0, domains / m.routerGroups));
    const double hit = reach * (1 - std::pow(1 - 1 / reach, std::max(1, m.topK)));
    return hit * (domains - 1) / domains;
}

// Adam update per optimizer-owned parameter: read the fp32 gradient (4), read and write master
// weight and two moments (12 + 12), write the BF16 weight (2).
constexpr double kAdamBytesPerParam = 30;
// The fused attention backward against its forward (5 matrix products against 2).
constexpr double kFlashBackward = 2.5;

struct Gemm
{
    GemmShape shape;
    double count = 1;
    // The TP collective it sits beside: 0 QKV (after the all-gather), 1 output projection
    // (before the reduce-scatter), 2 the MLP's first matrices, 3 its second; -1 none.
    int slot = -1;
};

// One layer's cost per micro-batch on one GPU, seconds.
struct LayerCost
{
    double forward = 0;                   // compute
    double backward = 0;                  // compute, including recomputation
    double tpForward = 0, tpBackward = 0; // exposed
    double tpTransfer = 0; // every TP collective, forward and backward, exposed or hidden
    double cpForward = 0, cpBackward = 0; // exposed
    double cpTransfer = 0; // the whole K/V ring, forward and backward, exposed or hidden
    double epForward = 0, epBackward = 0;
    double epTransfer = 0; // every all-to-all, exposed or hidden

    double tp() const { return tpForward + tpBackward; }
    double cp() const { return cpForward + cpBackward; }
    double ep() const { return epForward + epBackward; }
    double forwardTotal() const { return forward + tpForward + cpForward + epForward; }
    double backwardTotal() const { return backward + tpBackward + cpBackward + epBackward; }
};

// SMs the compute cannot have: DeepEP's kernels hold theirs while they run, and under EP
// overlap they run beside the other micro-batch's compute throughout the stage.
int reservedSms(const Workload &w, const Plan &p, const SoftwareModel &sw)
{
    const bool beside = w.model.isMoe() && p.ep > 1 && sw.epCommOverlap
                        && sw.moeDispatcher == MoeDispatcher::DeepEP;
    return beside ? sw.dispatchSms : 0;
}

class StepModel
{
public:
    StepModel(const Workload &w, const Plan &p, const GpuModel &gpu, const PlanNetwork &net,
              const SoftwareModel &sw)
        : m_m(w.model)
        , m_t(w.training)
        , m_p(p)
        , m_net(net)
        , m_sw(sw)
        , m_cm(gpu, w.training.precision, reservedSms(w, p, sw))
        , m_bf16(gpu, Precision::BF16, reservedSms(w, p, sw))
    {
        m_tp = std::max(1, p.tp);
        m_tokens = double(m_t.microBatch) * m_m.seq / std::max(1, p.cp);
        m_spTokens = m_t.sequenceParallel ? m_tokens / m_tp : m_tokens;
        m_attn = attentionShape(m_m, p.tp);
        m_full = m_t.recompute == Recompute::Full;
    }

    // A layer with experts (`moe`) or with the dense MLP.
    LayerCost layer(bool moe) const;
    // The output layer and loss on the last stage, forward + backward, per micro-batch.
    double logits() const;
    // Its TP collectives, on the critical path like a layer's.
    double logitsTp() const;
    double p2pSeconds() const;

private:
    // One expert all-to-all of a micro-batch's layer: a dispatch (tokens to their experts) or a
    // combine (the experts' outputs back), seconds.
    double expertExchange(bool dispatch) const;
    std::vector<Gemm> gemms(bool moe) const;
    // A head's query-key and value widths together (2 x head_dim without MLA).
    double headWidths() const { return m_attn.qkHeadDim + m_attn.vHeadDim; }
    double attentionForward() const;
    double attentionBackward() const;
    double elementwiseForward(bool moe) const;
    // The TP collectives of one pass (forward, or backward without recomputation), each beside
    // the GEMM it feeds or drains: with TP comm overlap each hides behind that GEMM's time
    // (`gemmSeconds`: QKV, output projection, first and second MLP matrices) as far as it lasts;
    // the reduce-scatter's last chunk and the all-gather's first cannot. Returns {exposed, all}.
    std::pair<double, double> tpPass(const double gemmSeconds[4], bool moe) const;

    const ModelSpec &m_m;
    const TrainingSpec &m_t;
    const Plan &m_p;
    const PlanNetwork &m_net;
    const SoftwareModel &m_sw;
    ComputeModel m_cm;
    // What runs in BF16 whatever the training precision: Transformer Engine's FP8 covers the
    // transformer layers' linear layers only; the output layer (Megatron-Core's
    // ColumnParallelLinear output_layer) and unfused attention's batched GEMMs stay BF16.
    ComputeModel m_bf16;
    double m_tp = 1;
    double m_tokens = 0;   // rows of the GEMMs: micro_batch x seq / cp
    double m_spTokens = 0; // tokens a TP rank's element-wise kernels see
    AttentionShape m_attn;
    bool m_full = false;
};

std::vector<Gemm> StepModel::gemms(bool moe) const
{
    const double h = m_m.hidden, T = m_tokens;
    const double firstWidth = m_m.gatedMlp ? 2 : 1; // gate and up matrices side by side
    std::vector<Gemm> out;
    for (const AttentionLinear &l : m_attn)
        out.push_back({{l.duplicated ? m_spTokens : T, l.out, l.in}, 1, l.slot});
    if (!moe) {
        const double f = m_m.ffn / m_tp;
        out.push_back({{T, firstWidth * f, h}, 1, 2});
        out.push_back({{T, h, f}, 1, 3});
        return out;
    }
    // Experts keep their TP split (expert TP = TP): each TP rank of an EP rank computes its
    // slice of the EP rank's experts for every token copy routed there, on average
    // ep x T x top_k / experts per expert.
    const double ep = std::max(1, m_p.ep), experts = m_m.experts;
    const double f = (m_m.moeFfn > 0 ? m_m.moeFfn : m_m.ffn) / m_tp;
    const double perExpert = ep * T * m_m.topK / experts;
    const double localExperts = experts / ep;
    out.push_back({{m_spTokens, experts, h}}); // router
    out.push_back({{perExpert, firstWidth * f, h}, localExperts, 2});
    out.push_back({{perExpert, h, f}, localExperts, 3});
    if (m_m.sharedExperts > 0) {
        // The shared experts: a dense MLP of their joint width over every local token.
        const double shared = m_m.sharedExperts * f;
        out.push_back({{T, firstWidth * shared, h}, 1, 2});
        out.push_back({{T, h, shared}, 1, 3});
    }
    return out;
}

double StepModel::attentionForward() const
{
    const double s = m_m.seq, queries = m_tokens, cp = std::max(1, m_p.cp);
    if (m_sw.attention == AttentionKernel::Flash) {
        // Causal, load-balanced over CP: each query sees s/2 keys on average.
        const double flops = 2 * queries * (s / 2) * m_attn.heads * headWidths();
        return m_cm.flashAttentionSeconds(flops, s / cp);
    }
    const double batches = m_t.microBatch * m_attn.heads, rows = s / cp;
    const double gemm = m_bf16.gemmSeconds({rows, s, m_attn.qkHeadDim})
                        + m_bf16.gemmSeconds({rows, m_attn.vHeadDim, s});
    const double perScore
            = kUnfusedScoreBytesForward - (m_m.dropout > 0 ? 0 : kUnfusedDropoutBytesForward);
    return batches * (gemm + m_cm.memorySeconds(perScore * rows * s));
}

double StepModel::attentionBackward() const
{
    const double s = m_m.seq, queries = m_tokens, cp = std::max(1, m_p.cp);
    if (m_sw.attention == AttentionKernel::Flash) {
        const double flops = kFlashBackward * 2 * queries * (s / 2) * m_attn.heads * headWidths();
        return m_cm.flashAttentionSeconds(flops, s / cp);
    }
    const double batches = m_t.microBatch * m_attn.heads, rows = s / cp;
    const double gemm = m_bf16.gemmBackwardSeconds({rows, s, m_attn.qkHeadDim})
                        + m_bf16.gemmBackwardSeconds({rows, m_attn.vHeadDim, s});
    const double perScore
            = kUnfusedScoreBytesBackward - (m_m.dropout > 0 ? 0 : kUnfusedDropoutBytesBackward);
    return batches * (gemm + m_cm.memorySeconds(perScore * rows * s));
}

double StepModel::elementwiseForward(bool moe) const
{
    const double h = m_m.hidden, T = m_tokens;
    const double act = m_m.gatedMlp ? kSwigluBytes : kGeluBytes;
    const bool fp8 = m_t.precision == Precision::FP8;
    const double normResidual
            = kNormResidualBytesPerHidden - (m_m.dropout > 0 ? 0 : kDropoutMaskBytesPerHidden);
    double bytes = m_spTokens * (normResidual * h + kNormBytes * m_attn.latentNorms);
    // Per token: the attention's projections' inputs (a duplicated one's on the rank's own
    // tokens only) and the first MLP matrix's.
    double gemmInputs = h;
    for (const AttentionLinear &l : m_attn)
        gemmInputs += l.duplicated ? l.in * m_spTokens / T : l.in;
    if (moe) {
        const double f = (m_m.moeFfn > 0 ? m_m.moeFfn : m_m.ffn) / m_tp;
        const double shared = m_m.sharedExperts * f;
        bytes += T * (m_m.topK * f + shared) * act
                 + m_spTokens * m_m.topK * kPermuteBytesPerHidden * h;
        gemmInputs += (m_m.topK - 1) * h + m_m.topK * f + (shared > 0 ? h + shared : 0);
    } else {
        const double f = m_m.ffn / m_tp;
        bytes += T * f * act;
        gemmInputs += f;
    }
    if (fp8)
        bytes += (kFp8CastBytes
                  + (m_t.fp8Scaling == Fp8Scaling::Current ? kFp8CurrentScalingBytes : 0))
                 * T * gemmInputs;
    return m_cm.memorySeconds(bytes);
}

std::pair<double, double> StepModel::tpPass(const double gemmSeconds[4], bool moe) const
{
    const int tp = m_p.tp;
    if (tp <= 1)
        return {0, 0};
    const double h = m_m.hidden;
    const double dense = m_tokens * h * 2;
    // What the attention gathers: the hidden state, or MLA's latents.
    const double gathered = m_tokens * m_attn.gatherWidth * 2;
    // With experts, the MLP's collectives carry every routed copy of a token.
    const double mlp = moe && m_t.sequenceParallel
                               ? dense * (m_m.topK + (m_m.sharedExperts > 0 ? 1 : 0))
                               : dense;
    // Without sequence parallelism: an all-reduce after the attention and one after the MLP (in
    // the backward, of their inputs' gradients; with MLA the latents', priced here as the
    // hidden state's).
    if (!m_t.sequenceParallel) {
        const double all = 2 * collectiveSeconds(Collective::AllReduce, dense, tp, m_net.tp);
        return {all, all};
    }
    // Sequence parallelism: all-gather before, reduce-scatter after each block.
    const double comm[4] = {collectiveSeconds(Collective::AllGather, gathered, tp, m_net.tp),
                            collectiveSeconds(Collective::ReduceScatter, dense, tp, m_net.tp),
                            collectiveSeconds(Collective::AllGather, mlp, tp, m_net.tp),
                            collectiveSeconds(Collective::ReduceScatter, mlp, tp, m_net.tp)};
    double exposed = 0, all = 0;
    for (int i = 0; i < 4; ++i) {
        all += comm[i];
        if (!m_sw.tpCommOverlap) {
            exposed += comm[i];
            continue;
        }
        // Split into tp chunks in a ring exchange: the GEMM of each chunk runs while the next
        // chunk travels. An all-gather starts on the rank's own chunk; a reduce-scatter's last
        // partial sum travels after the last GEMM chunk.
        const bool reduceScatter = i % 2 == 1;
        const double floor = reduceScatter ? comm[i] / tp : 0;
        exposed += std::max(floor, comm[i] - gemmSeconds[i]);
    }
    return {exposed, all};
}

LayerCost StepModel::layer(bool moe) const
{
    LayerCost c;
    double gemmForward = 0, gemmBackward = 0;
    // Per TP collective's neighbour: QKV, output projection, first and second MLP matrices
    // (with experts: the router joins the first, every local expert's matrices add up).
    double beside[4] = {0, 0, 0, 0}, besideBackward[4] = {0, 0, 0, 0};
    const std::vector<Gemm> all = gemms(moe);
    // TP comm overlap runs each GEMM beside a collective as tp chunks of its rows, each chunk
    // on its own (smaller GEMMs: more wave and tile quantization).
    const bool chunked = m_sw.tpCommOverlap && m_t.sequenceParallel && m_p.tp > 1;
    // MLA's up-projections, run again in the backward under selective recomputation (the
    // attention's linears lead the list, in AttentionShape's order).
    double upForward = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const Gemm &g = all[i];
        GemmShape piece = g.shape;
        const double pieces = chunked && g.slot >= 0 ? m_tp : 1;
        piece.m /= pieces;
        const double f = g.count * pieces * m_cm.gemmSeconds(piece);
        const double b = g.count * pieces * m_cm.gemmBackwardSeconds(piece);
        gemmForward += f;
        gemmBackward += b;
        if (i < m_attn.count && m_attn.linears[i].upProjection)
            upForward += f;
        if (g.slot >= 0) {
            beside[g.slot] += f;
            besideBackward[g.slot] += b;
        }
    }
    const double attnF = attentionForward(), attnB = attentionBackward();
    const double eltF = elementwiseForward(moe);
    c.forward = gemmForward + attnF + eltF;
    c.backward = gemmBackward + attnB + kBackwardElementwise * eltF;
    if (m_full)
        c.backward += c.forward;
    else if (m_t.recompute == Recompute::Selective) {
        if (m_t.recomputes(kRecomputeMlaUpProj))
            c.backward += upForward;
        if (m_t.recomputes(kRecomputeCoreAttn) && m_sw.attention == AttentionKernel::Unfused)
            c.backward += attnF;
        // The norms and the experts' activation function: streaming kernels, read and written
        // once more.
        double again = 0;
        if (m_t.recomputes(kRecomputeLayernorm))
            again += m_spTokens
                     * (kNormsBytesPerHidden * m_m.hidden + kNormBytes * m_attn.latentNorms);
        if (moe && m_t.recomputes(kRecomputeMoeAct)) {
            const double f = (m_m.moeFfn > 0 ? m_m.moeFfn : m_m.ffn) / m_tp;
            again += m_tokens * m_m.topK * f * (m_m.gatedMlp ? kSwigluBytes : kGeluBytes);
        }
        c.backward += m_cm.memorySeconds(again);
    }

    const auto [tpF, tpAll] = tpPass(beside, moe);
    const auto [tpB, tpBAll] = tpPass(besideBackward, moe);
    c.tpForward = tpF;
    // Full recomputation runs the forward's collectives again in the backward. (MLA's
    // up-projections, recomputed under selective recomputation, gather their latents again:
    // 2,112 values a token, left out.)
    c.tpBackward = tpB + (m_full ? tpF : 0);
    c.tpTransfer = tpAll + tpBAll + (m_full ? tpAll : 0);

    if (m_p.cp > 1) {
        // Ring attention: cp - 1 steps each pass a K/V block (the gradient's pass sends the
        // blocks and their gradients), each hidden by that step's share of the attention.
        const double cp = m_p.cp;
        const double kv = m_tokens * m_attn.kvHeads * headWidths() * 2;
        const double step = collectiveSeconds(Collective::SendRecv, kv, 2, m_net.cp);
        const double fwd = (cp - 1) * std::max(0.0, step - attnF / cp);
        c.cpForward = fwd;
        c.cpBackward = (cp - 1) * std::max(0.0, 2 * step - attnB / cp) + (m_full ? fwd : 0);
        c.cpTransfer = (cp - 1) * (step + 2 * step + (m_full ? step : 0));
    }
    if (moe && m_p.ep > 1) {
        // Forward: the dispatch, then the combine. Backward: the combine's gradient travels
        // as a dispatch does (to the experts, FP8 under fp8_dispatch: DeepSeek-V3 quantizes
        // the gradient before the down-projection), the dispatch's gradient as a combine.
        const double pass = expertExchange(true) + expertExchange(false);
        c.epTransfer = pass + pass * (m_full ? 2 : 1);
        if (m_sw.epCommOverlap) {
            // Two micro-batches in flight, one in its forward and one in its backward: each
            // one's dispatch and combine run while the other computes (DeepSeek-V3's DualPipe
            // overlapped forward-backward chunk pair). Only what the pair's compute cannot cover
            // stays.
            const double exposed = std::max(0.0, c.epTransfer - (c.forward + c.backward));
            const double share = c.epTransfer > 0 ? exposed / c.epTransfer : 0;
            c.epForward = pass * share;
            c.epBackward = pass * (m_full ? 2 : 1) * share;
        } else {
            c.epForward = pass;
            c.epBackward = pass * (m_full ? 2 : 1);
        }
    }
    return c;
}

double StepModel::expertExchange(bool dispatch) const
{
    const double h = m_m.hidden, ep = m_p.ep;
    const double bytesPerValue = dispatch && m_sw.fp8Dispatch ? kFp8DispatchBytes : 2;
    const DimNetwork &net = m_net.ep;
    const double domains = std::clamp(double(net.domains), 1.0, ep);
    if (m_sw.moeDispatcher != MoeDispatcher::DeepEP || domains <= 1 || net.busbwGBs <= 0)
        // Every routed copy of a TP rank's tokens, straight to its expert's GPU.
        return collectiveSeconds(Collective::AllToAll, m_spTokens * m_m.topK * h * bytesPerValue,
                                 m_p.ep, net);
    // DeepEP across domains: one copy per other domain the token's experts lie in, sent over
    // the rank's own NIC to the GPU of the same index there (the NVLink fan-out behind it is
    // ~10x faster and pipelined with it). The group's all-to-all bus bandwidth counts all of a
    // rank's traffic, the share inside its domain included; the NIC carries the share outside:
    // (ep - ep / domains) of the ep - 1 peers.
    const double copies = remoteDomainCopies(m_m, domains);
    const double nicGBs = net.busbwGBs * (ep - ep / domains) / (ep - 1);
    const double latencyUs = net.baseLatencyUs + net.latencyUs + net.intraLatencyUs;
    return m_spTokens * copies * h * bytesPerValue / (nicGBs * 1e9) + latencyUs * 1e-6;
}

double StepModel::logits() const
{
    const GemmShape g{m_tokens, m_m.vocab / m_tp, double(m_m.hidden)};
    const double perLogit
            = m_sw.fusedCrossEntropy ? kFusedCrossEntropyBytesPerLogit : kCrossEntropyBytesPerLogit;
    const double loss = m_bf16.memorySeconds(perLogit * g.m * g.n);
    return m_bf16.gemmSeconds(g) + m_bf16.gemmBackwardSeconds(g) + loss;
}

double StepModel::logitsTp() const
{
    const int tp = m_p.tp;
    if (tp <= 1)
        return 0;
    // The vocabulary-parallel output layer (Megatron's parallel_lm_logits): its input is copied
    // to every TP rank, so its gradient is all-reduced in the backward (with sequence
    // parallelism: gathered in the forward, reduce-scattered in the backward); the vocabulary-
    // parallel cross-entropy all-reduces each token's maximum logit, sum of exponentials and
    // target logit (fp32).
    const double hidden = m_tokens * m_m.hidden * 2;
    const double input
            = m_t.sequenceParallel
                      ? collectiveSeconds(Collective::AllGather, hidden, tp, m_net.tp)
                                + collectiveSeconds(Collective::ReduceScatter, hidden, tp, m_net.tp)
                      : collectiveSeconds(Collective::AllReduce, hidden, tp, m_net.tp);
    return input + 3 * collectiveSeconds(Collective::AllReduce, m_tokens * 4, tp, m_net.tp);
}

double StepModel::p2pSeconds() const
{
    // Scatter-gather (Narayanan et al. SC'21, 4.1): each TP rank sends its 1/tp slice of the
    // micro-batch's activations over its own NIC. Without sequence parallelism the receiving
    // stage all-gathers the slices over its TP group before its first layer (with it, the
    // slice is the rank's share of the sequence, which the layer gathers itself).
    const double bytes = m_tokens * m_m.hidden * 2;
    const double gather = m_t.sequenceParallel ? 0
                                               : collectiveSeconds(Collective::AllGather, bytes,
                                                                   m_p.tp, m_net.tp);
    return collectiveSeconds(Collective::SendRecv, bytes / m_tp, 2, m_net.pp) + gather;
}

// Seconds the gradient reduction (first) and the parameter gather (second) take on the first
// stage, which finishes its backward last.
std::pair<double, double> dataParallelSeconds(const Workload &w, const Plan &p,
                                              const PlanNetwork &net, const SoftwareModel &sw)
{
    const StageParameters params = stageParameters(w.model, p, true, p.pp == 1);
    const int dense = p.dp * p.cp, expert = std::max(1, dense / std::max(1, p.ep));
    const double gradDense = sw.gradBytes * params.dense, gradExpert = sw.gradBytes * params.expert;
    const DimNetwork &edp = net.edp ? *net.edp : net.dp;
    if (w.training.fsdp) {
        // Per micro-batch: the weights gathered for the forward and again for the backward,
        // the gradients reduce-scattered after it (first: the reduction, second: the gathers).
        const double gather
                = collectiveSeconds(Collective::AllGather, 2 * params.dense, dense, net.dp)
                  + collectiveSeconds(Collective::AllGather, 2 * params.expert, expert, edp);
        return {collectiveSeconds(Collective::ReduceScatter, gradDense, dense, net.dp)
                        + collectiveSeconds(Collective::ReduceScatter, gradExpert, expert, edp),
                2 * gather};
    }
    if (!w.training.distributedOptimizer)
        return {collectiveSeconds(Collective::AllReduce, gradDense, dense, net.dp)
                        + collectiveSeconds(Collective::AllReduce, gradExpert, expert, edp),
                0.0};
    return {collectiveSeconds(Collective::ReduceScatter, gradDense, dense, net.dp)
                    + collectiveSeconds(Collective::ReduceScatter, gradExpert, expert, edp),
            collectiveSeconds(Collective::AllGather, 2 * params.dense, dense, net.dp)
                    + collectiveSeconds(Collective::AllGather, 2 * params.expert, expert, edp)};
}

// The backward's last gradient bucket and the forward's first parameter bucket (SoftwareModel's
// bucket size), each as its collective takes it: what no overlap can hide.
std::pair<double, double> lastBuckets(const Workload &w, const Plan &p, const PlanNetwork &net,
                                      const SoftwareModel &sw)
{
    const StageParameters params = stageParameters(w.model, p, true, p.pp == 1);
    const int dense = p.dp * p.cp;
    if (dense <= 1 || params.dense <= 0)
        return {0.0, 0.0};
    const double bucket
            = std::min(params.dense, std::max(sw.bucketParams, sw.bucketParamsPerDpRank * dense));
    if (!w.training.distributedOptimizer)
        return {collectiveSeconds(Collective::AllReduce, sw.gradBytes * bucket, dense, net.dp),
                0.0};
    return {collectiveSeconds(Collective::ReduceScatter, sw.gradBytes * bucket, dense, net.dp),
            collectiveSeconds(Collective::AllGather, 2 * bucket, dense, net.dp)};
}

double optimizerSeconds(const Workload &w, const Plan &p, const GpuModel &gpu,
                        const SoftwareModel &sw)
{
    const StageParameters params = stageParameters(w.model, p, true, p.pp == 1);
    double owned = params.total();
    if (w.training.distributedOptimizer) {
        const double dense = std::max(1, p.dp * p.cp);
        owned = params.dense / dense + params.expert / std::max(1.0, dense / std::max(1, p.ep));
    }
    // The update, then zeroing the whole gradient buffer for the next step.
    const double bytes = kAdamBytesPerParam * owned + sw.gradBytes * params.total();
    return ComputeModel(gpu, Precision::BF16).memorySeconds(bytes);
}

// The average layer of a model whose share `moe` of the layers has experts.
LayerCost mix(const LayerCost &dense, const LayerCost &moe, double share)
{
    auto avg = [&](double LayerCost::*f) {
        return (1 - share) * dense.*f + share * moe.*f;
    };
    LayerCost c;
    for (double LayerCost::*f :
         {&LayerCost::forward, &LayerCost::backward, &LayerCost::tpForward, &LayerCost::tpBackward,
          &LayerCost::tpTransfer, &LayerCost::cpForward, &LayerCost::cpBackward,
          &LayerCost::cpTransfer, &LayerCost::epForward, &LayerCost::epBackward,
          &LayerCost::epTransfer})
        c.*f = avg(f);
    return c;
}

// Seconds of the gradient reduction (or of the gather) left exposed on the fullest stage, whose
// model chunks finish their last backward (start their first forward) `pp` chunk-times apart:
// with interleaving, chunk c's share of the collective can run while the later chunks still
// compute, one chunk after another on the communication stream. `window` is one chunk's compute
// for one micro-batch; without interleaving the last backward (first forward) of the stage's
// layers is the only window, as before.
double exposedAcrossChunks(double total, int v, int pp, double window)
{
    if (total <= 0)
        return 0;
    // Time runs backwards from the step's end: chunk c (0 = the last to finish) becomes ready
    // at -(c pp + 1) windows and its share runs for total / v.
    double free = -std::numeric_limits<double>::infinity();
    for (int c = v - 1; c >= 0; --c) {
        const double ready = -(double(c) * pp + 1) * window;
        free = std::max(free, ready) + total / v;
    }
    return std::max(0.0, free);
}

} // namespace

DimNetwork withSoftware(DimNetwork net, const SoftwareModel &sw)
{
    if (!sw.nvls)
        net.nvlsBusbwGBs = 0;
    if (!sw.ibSharp)
        net.sharpBusbwGBs = 0;
    return net;
}

StepEstimate estimateStep(const Workload &w, const Plan &p, const GpuModel &gpu,
                          const PlanNetwork &routed, const SoftwareModel &software)
{
    const SoftwareModel sw = withTraining(software, w.training, p.pp);
    PlanNetwork net = routed;
    for (DimNetwork *d : {&net.tp, &net.cp, &net.ep, &net.pp, &net.dp,
                          net.edp ? &*net.edp : static_cast<DimNetwork *>(nullptr)}) {
        if (d)
            *d = withSoftware(*d, sw);
    }
    StepEstimate e;
    const int pp = std::max(1, p.pp), v = std::max(1, w.training.interleave);
    const int gpus = std::max(1, p.tp * p.cp * pp * p.dp);
    e.microBatches
            = std::max(1, w.training.globalBatch / std::max(1, w.training.microBatch * p.dp));
    const double m = e.microBatches;
    // The job runs at the pace of its slowest GPU.
    const GpuModel paced = pacedForJob(gpu, gpus);
    // The last stage holds its full share of the layers (layersOnStage()) and sets the pace.
    const double layers = stageLayers(w.model, pp);
    const StepModel model(w, p, paced, net, sw);
    // Every stage holds layers with experts and dense ones in the model's proportion.
    const double moeShare = w.model.moeFraction();
    const LayerCost layer = mix(moeShare < 1 ? model.layer(false) : LayerCost{},
                                moeShare > 0 ? model.layer(true) : LayerCost{}, moeShare);
    const double logits = model.logits();
    const double logitsTp = model.logitsTp();

    // Activation offloading (pp 1: validatePlan): an offloaded layer's activations leave for
    // host memory while the next layer runs its forward, and come back while the layer above
    // runs its backward (Megatron-Core's double-buffered cpu_offloading: a layer waits for the
    // copy before its buffers are used again). A copy longer than the compute beside it stalls
    // the stream by the difference.
    double offloadPerMb = 0;
    if (w.training.offloadLayers > 0 && net.hostLinkGBs > 0) {
        const double copy = activationBytesPerLayer(w, p, sw.attention) / (net.hostLinkGBs * 1e9);
        offloadPerMb = w.training.offloadLayers
                       * (std::max(0.0, copy - layer.forwardTotal())
                          + std::max(0.0, copy - layer.backwardTotal()));
        e.offloadCopyS = m * w.training.offloadLayers * 2 * copy;
        e.offloadS = m * offloadPerMb;
    }

    // The last stage (output layer and loss) is the slowest; it sets the pipeline's pace.
    const double computePerMb = layers * (layer.forward + layer.backward) + logits + offloadPerMb;
    const double tpPerMb = layers * layer.tp() + logitsTp;
    e.stageTimeS = computePerMb + tpPerMb + layers * (layer.cp() + layer.ep());

    StepBreakdown &b = e.breakdownS;
    e.optimizerS = optimizerSeconds(w, p, gpu, sw);
    b.compute = m * computePerMb + e.optimizerS;
    b.tpComm = m * tpPerMb;
    e.hiddenS.tp = std::max(0.0, m * layers * layer.tpTransfer - m * layers * layer.tp());
    b.cpComm = m * layers * layer.cp();
    e.hiddenS.cp = std::max(0.0, m * layers * layer.cpTransfer - b.cpComm);
    b.epComm = m * layers * layer.ep();
    e.hiddenS.ep = std::max(0.0, m * layers * (layer.epTransfer - layer.ep()));
    if (pp > 1) {
        // The fill and drain take pp - 1 model chunks' time: 1/v of a stage, or the largest
        // chunk's share of it where the chunks are uneven.
        const double chunkShare = std::max(1.0 / v, chunkLayers(w.model, pp, v) / layers);
        b.ppBubble = (pp - 1) * chunkShare * e.stageTimeS;
        // The fill and the drain cross every stage boundary once each way; blocking sends and
        // receives also stall every micro-batch's chunk in both directions.
        const double p2p = model.p2pSeconds();
        b.ppComm = 2 * (pp - 1) * p2p + (sw.overlapP2p ? 0 : 2 * m * v * p2p);
        e.hiddenS.pp = sw.overlapP2p ? 2 * m * v * p2p : 0;
    }
    const auto [reduce, gather] = dataParallelSeconds(w, p, net, sw);
    if (w.training.fsdp) {
        // Every micro-batch gathers and reduces, each prefetched behind its own pass.
        e.dpCommS = m * (reduce + gather);
        const double fwd = layers * layer.forwardTotal(), bwd = layers * layer.backwardTotal();
        b.dpComm = m * (std::max(0.0, gather / 2 - fwd) + std::max(0.0, gather / 2 + reduce - bwd));
    } else {
        e.dpCommS = reduce + gather;
        // The gradients of a model chunk are complete once the last micro-batch's backward has
        // left it, and the parameters of a chunk are needed at the first micro-batch's forward:
        // with v chunks per GPU those moments are pp chunk-times apart (the pipeline's drain and
        // fill), and each chunk's share runs behind the rest of the schedule.
        const double chunk = double(chunkLayers(w.model, pp, v));
        const double vEff = v > 1 ? v : 1;
        const double backWindow = (v > 1 ? chunk : layers) * layer.backwardTotal();
        const double foreWindow = (v > 1 ? chunk : layers) * layer.forwardTotal();
        // Each overlap leaves its last (first) bucket exposed, whatever the compute beside.
        const auto [reduceBucket, gatherBucket] = lastBuckets(w, p, net, sw);
        b.dpComm = (sw.overlapGradReduce ? std::max(
                            reduceBucket, exposedAcrossChunks(reduce, int(vEff), pp, backWindow))
                                         : reduce)
                   + (sw.overlapParamGather ? std::max(
                              gatherBucket, exposedAcrossChunks(gather, int(vEff), pp, foreWindow))
                                            : gather);
    }

    e.hiddenS.dp = std::max(0.0, e.dpCommS - b.dpComm);
    e.stepTimeS = b.total();
    e.bubbleFraction = e.stepTimeS > 0 ? b.ppBubble / e.stepTimeS : 0;
    e.tokensPerS = double(w.training.globalBatch) * w.model.seq / e.stepTimeS;
    e.modelFlopsPerStep = modelFlopsPerStep(w);
    e.hardwareFlopsPerStep = hardwareFlopsPerStep(w, sw.attention);
    e.modelTflopsPerGpu = e.modelFlopsPerStep / e.stepTimeS / gpus / 1e12;
    e.hardwareTflopsPerGpu = e.hardwareFlopsPerStep / e.stepTimeS / gpus / 1e12;
    e.mfu = e.modelTflopsPerGpu / gpu.bf16Tflops;
    e.hfu = e.hardwareTflopsPerGpu / gpu.bf16Tflops;
    e.memory = estimateMemory(w, p, gpu, sw, net.hostMemoryGB);
    return e;
}

} // namespace topoplan
