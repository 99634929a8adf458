#include "engine/plan/placement.h"

#include <algorithm>
#include <numeric>

namespace topoplan {

namespace {

using namespace msg;

// A parameter's value as the plan or model file writes it ("tp = 8"): not a quantity to group.
MessageArg v(long long value)
{
    return name(std::to_string(value));
}

// `where` names the member as "plan.tp"; the refusal gives its JSON pointer, "/plan/tp".
PlanRefusal planError(std::string where, Message sentence)
{
    std::replace(where.begin(), where.end(), '.', '/');
    return PlanRefusal{"/" + where, std::move(sentence)};
}

// The five dimension names, in the order of `order` (checked by the plan parser; a malformed
// order is reported here too since plans may be built in code).
bool validOrder(const std::string &order)
{
    std::vector<std::string> dims = orderDims(order);
    if (dims.size() != 5)
        return false;
    for (const char *name : {"tp", "cp", "ep", "dp", "pp"}) {
        if (std::count(dims.begin(), dims.end(), name) != 1)
            return false;
    }
    return true;
}

std::optional<PlanRefusal> checkDegrees(const Plan &p, int gpus)
{
    const std::pair<const char *, int> degrees[] = {
            {"plan.tp", p.tp}, {"plan.cp", p.cp}, {"plan.pp", p.pp},
            {"plan.dp", p.dp}, {"plan.ep", p.ep},
    };
    for (const auto &[where, value] : degrees) {
        if (value < 1)
            return planError(where, say(TOPOPLAN_TR("Plan", "expected a degree >= 1, found %1"),
                                        {v(value)}));
    }
    // Checked: four degrees up to 10^9 each would overflow 64 bits and could wrap around to
    // exactly the GPU count.
    long long product = 1;
    bool overflow = false;
    for (int d : {p.tp, p.cp, p.pp, p.dp})
        overflow = overflow || __builtin_mul_overflow(product, static_cast<long long>(d), &product);
    if (overflow)
        return planError("plan", say(TOPOPLAN_TR("Plan", "tp x cp x pp x dp = %1 x %2 x %3 x %4 "
                                                         "is far more than the cluster's %5 GPUs"),
                                     {v(p.tp), v(p.cp), v(p.pp), v(p.dp), count(gpus)}));
    if (product != gpus)
        return planError("plan",
                         say(TOPOPLAN_TR("Plan", "tp x cp x pp x dp = %1 x %2 x %3 x %4 = "
                                                 "%5, but the cluster has %6 GPUs"),
                             {v(p.tp), v(p.cp), v(p.pp), v(p.dp), count(product), count(gpus)}));
    if (!validOrder(p.order))
        return planError("plan.order",
                         say(TOPOPLAN_TR("Plan", "expected the five dimensions tp, cp, ep, dp, pp "
                                                 "joined by '-' (e.g. \"tp-cp-ep-dp-pp\"), found "
                                                 "\"%1\""),
                             {name(p.order)}));
    return std::nullopt;
}

std::optional<PlanRefusal> checkModelSplit(const Plan &p, const ModelSpec &m)
{
    if (m.heads % p.tp != 0)
        return planError("plan.tp", say(TOPOPLAN_TR("Plan", "the %1 attention heads cannot be "
                                                            "split over tp = %2 (heads must be "
                                                            "divisible by tp)"),
                                        {count(m.heads), v(p.tp)}));
    if (m.kvHeads % p.tp != 0 && p.tp % m.kvHeads != 0)
        return planError("plan.tp",
                         say(TOPOPLAN_TR("Plan", "the %1 K/V heads and tp = %2 must divide one "
                                                 "another (kv_heads divisible by tp, or tp by "
                                                 "kv_heads to replicate K/V heads)"),
                             {count(m.kvHeads), v(p.tp)}));
    if (m.ffn % p.tp != 0)
        return planError("plan.tp", say(TOPOPLAN_TR("Plan", "the MLP width ffn = %1 cannot be "
                                                            "split over tp = %2"),
                                        {v(m.ffn), v(p.tp)}));
    if (m.isMoe() && m.moeFfn > 0 && m.moeFfn % p.tp != 0)
        return planError("plan.tp", say(TOPOPLAN_TR("Plan", "the expert width moe_ffn = %1 cannot "
                                                            "be split over tp = %2"),
                                        {v(m.moeFfn), v(p.tp)}));
    if (m.layers < p.pp)
        return planError("plan.pp", say(TOPOPLAN_TR("Plan", "the %1 layers cannot fill pp = %2 "
                                                            "pipeline stages (each stage needs a "
                                                            "layer)"),
                                        {count(m.layers), v(p.pp)}));
    if (p.cp > 1 && m.seq % (2 * p.cp) != 0)
        return planError("plan.cp",
                         say(TOPOPLAN_TR("Plan", "seq = %1 must be divisible by 2 x cp = %2 "
                                                 "(load-balanced causal attention gives each CP "
                                                 "rank two chunks)"),
                             {v(m.seq), v(2 * p.cp)}));
    return std::nullopt;
}

std::optional<PlanRefusal> checkExperts(const Plan &p, const Workload &w)
{
    const ModelSpec &m = w.model;
    if (p.ep > 1 && !m.isMoe())
        return planError("plan.ep", say(TOPOPLAN_TR("Plan", "ep = %1 needs a mixture of experts, "
                                                            "but \"%2\" is dense (experts = 1)"),
                                        {v(p.ep), name(m.name)}));
    if ((p.dp * p.cp) % p.ep != 0)
        return planError("plan.ep",
                         say(TOPOPLAN_TR("Plan", "ep = %1 must divide dp x cp = %2 x %3 = %4 "
                                                 "(expert parallelism is carved out of DP x CP)"),
                             {v(p.ep), v(p.dp), v(p.cp), v(p.dp * p.cp)}));
    if (m.isMoe() && m.experts % p.ep != 0)
        return planError("plan.ep", say(TOPOPLAN_TR("Plan", "the %1 experts cannot be shared out "
                                                            "over ep = %2 (experts must be "
                                                            "divisible by ep)"),
                                        {count(m.experts), v(p.ep)}));
    if (m.isMoe() && p.ep > 1 && p.tp > 1 && !w.training.sequenceParallel)
        return planError("training.sequence_parallel",
                         say(TOPOPLAN_TR("Plan", "a mixture of experts with tp = %1 and ep = %2 "
                                                 "needs sequence parallelism (as Megatron-Core)"),
                             {v(p.tp), v(p.ep)}));
    if (m.isMoe()) {
        RankLayout dense(p, false), expert(p, true);
        for (const char *dim : {"tp", "pp"}) {
            if (dense.size(dim) > 1 && dense.stride(dim) != expert.stride(dim))
                return planError("plan.order",
                                 say(TOPOPLAN_TR("Plan", "the order \"%1\" gives experts other %2 "
                                                         "groups than the dense layers (cp = %3 "
                                                         "sits between them); keep cp next to ep "
                                                         "and dp, e.g. \"tp-cp-ep-dp-pp\""),
                                     {name(p.order), name(dim), v(p.cp)}));
        }
    }
    return std::nullopt;
}

std::optional<PlanRefusal> checkTraining(const Plan &p, const TrainingSpec &t, const ModelSpec &m)
{
    if (t.interleave > 1 && p.pp == 1)
        return planError("training.interleave",
                         say(TOPOPLAN_TR("Plan", "interleave = %1 needs pipeline parallelism "
                                                 "(pp > 1), found pp = 1"),
                             {v(t.interleave)}));
    if (m.layers < 1LL * p.pp * t.interleave)
        return planError(
                "training.interleave",
                say(TOPOPLAN_TR("Plan", "the %1 layers cannot fill pp x interleave = %2 "
                                        "x %3 = %4 model chunks (each chunk needs a "
                                        "layer)"),
                    {count(m.layers), v(p.pp), v(t.interleave), v(1LL * p.pp * t.interleave)}));
    if (t.offloadLayers > 0) {
        if (t.recompute != Recompute::None)
            return planError("training.activation_offload_layers",
                             say(TOPOPLAN_TR("Plan", "activation offloading keeps what "
                                                     "recomputation would recompute "
                                                     "(Megatron-Core's cpu_offloading refuses "
                                                     "both): it needs recompute = \"none\", found "
                                                     "\"%1\""),
                                 {name(toString(t.recompute))}));
        if (p.pp > 1)
            return planError("training.activation_offload_layers",
                             say(TOPOPLAN_TR("Plan", "activation offloading runs without pipeline "
                                                     "parallelism (Megatron-Core's "
                                                     "cpu_offloading), found pp = %1"),
                                 {v(p.pp)}));
        if (t.offloadLayers >= m.layers)
            return planError("training.activation_offload_layers",
                             say(TOPOPLAN_TR("Plan", "activation_offload_layers = %1 must be "
                                                     "fewer than the model's %2 layers (the last "
                                                     "layer's backward follows its forward at "
                                                     "once: nothing to offload)"),
                                 {v(t.offloadLayers), count(m.layers)}));
    }
    long long perStep = 1LL * t.microBatch * p.dp;
    if (t.globalBatch % perStep != 0)
        return planError("training.global_batch",
                         say(TOPOPLAN_TR("Plan", "global_batch = %1 must be divisible by "
                                                 "micro_batch x dp = %2 x %3 = %4"),
                             {v(t.globalBatch), v(t.microBatch), v(p.dp), v(perStep)}));
    return std::nullopt;
}

} // namespace

const char *toString(Dim d)
{
    switch (d) {
    case Dim::TP:
        return "tp";
    case Dim::CP:
        return "cp";
    case Dim::EP:
        return "ep";
    case Dim::DP:
        return "dp";
    case Dim::PP:
        return "pp";
    case Dim::EDP:
        return "edp";
    }
    return "?";
}

namespace {

std::optional<PlanRefusal> checkPlan(const Plan &p, const Workload &w, int gpus)
{
    if (auto refusal = checkDegrees(p, gpus))
        return refusal;
    if (auto refusal = checkModelSplit(p, w.model))
        return refusal;
    if (auto refusal = checkTraining(p, w.training, w.model))
        return refusal;
    return checkExperts(p, w);
}

} // namespace

std::optional<Error> validatePlan(const Plan &p, const Workload &w, int gpus)
{
    if (std::optional<PlanRefusal> refusal = checkPlan(p, w, gpus))
        return refusal->error();
    return std::nullopt;
}

std::optional<PlanRefusal> planRefusal(const Plan &p, const Workload &w, int gpus)
{
    if (p.dp > 0)
        return checkPlan(p, w, gpus);
    if (std::optional<PlanRefusal> refusal = dpRefusal(p, gpus))
        return refusal;
    Plan resolved = p;
    resolved.dp = gpus / (p.tp * p.cp * p.pp);
    return checkPlan(resolved, w, gpus);
}

RankLayout::RankLayout(const Plan &p, bool expertView)
{
    for (const std::string &name : orderDims(p.order)) {
        Axis a;
        a.name = name;
        if (name == "tp")
            a.size = p.tp;
        else if (name == "pp")
            a.size = p.pp;
        else if (name == "cp")
            a.size = expertView ? 1 : p.cp;
        else if (name == "ep")
            a.size = expertView ? p.ep : 1;
        else if (name == "dp")
            a.size = expertView ? std::max(1, p.dp * p.cp / std::max(1, p.ep)) : p.dp;
        a.stride = m_world;
        m_world *= a.size;
        m_axes.push_back(a);
    }
}

const RankLayout::Axis *RankLayout::axis(const std::string &dim) const
{
    for (const Axis &a : m_axes) {
        if (a.name == dim)
            return &a;
    }
    return nullptr;
}

int RankLayout::size(const std::string &dim) const
{
    const Axis *a = axis(dim);
    return a ? a->size : 1;
}

int RankLayout::stride(const std::string &dim) const
{
    const Axis *a = axis(dim);
    return a ? a->stride : 1;
}

GroupList::GroupList(int size, std::vector<int> members)
    : m_size(size)
    , m_members(std::move(members))
{}

std::vector<std::vector<int>> GroupList::toVectors() const
{
    std::vector<std::vector<int>> out;
    out.reserve(count());
    for (int g = 0; g < count(); ++g) {
        const std::span<const int> group = (*this)[g];
        out.emplace_back(group.begin(), group.end());
    }
    return out;
}

GroupList RankLayout::groups(const std::string &dim) const
{
    return groups(std::vector<std::string>{dim});
}

GroupList RankLayout::groups(const std::vector<std::string> &dims) const
{
    std::vector<const Axis *> axes;
    int n = 1;
    for (const std::string &d : dims) {
        if (const Axis *a = axis(d)) {
            axes.push_back(a);
            n *= a->size;
        }
    }
    auto isLeader = [&](int rank) {
        for (const Axis *a : axes) {
            if ((rank / a->stride) % a->size != 0)
                return false;
        }
        return true;
    };
    std::vector<int> members;
    members.reserve(m_world);
    // A rank leads its group when its coordinates along `dims` are 0; walking the leaders in
    // increasing order orders the groups by their first rank.
    for (int leader = 0; leader < m_world; ++leader) {
        if (!isLeader(leader))
            continue;
        const std::size_t first = members.size();
        members.push_back(leader);
        for (const Axis *a : axes) {
            const std::size_t before = members.size() - first;
            for (int i = 1; i < a->size; ++i) {
                for (std::size_t j = 0; j < before; ++j)
                    members.push_back(members[first + j] + i * a->stride);
            }
        }
        if (axes.size() > 1) // one axis gives increasing ranks already
            std::sort(members.begin() + first, members.end());
    }
    return GroupList(n, std::move(members));
}

Placement place(const Plan &p, int gpus)
{
    Placement pl;
    pl.plan = p;
    pl.rankToGpu.resize(gpus);
    std::iota(pl.rankToGpu.begin(), pl.rankToGpu.end(), 0);

    RankLayout dense(p, false), expert(p, true);
    auto set = [&](Dim d, GroupList ranks) {
        std::vector<int> members = ranks.members();
        for (int &rank : members)
            rank = pl.rankToGpu[rank];
        pl.groups[static_cast<std::size_t>(d)] = GroupList(ranks.size(), std::move(members));
    };
    set(Dim::TP, dense.groups("tp"));
    set(Dim::CP, dense.groups("cp"));
    set(Dim::DP, dense.groups("dp"));
    set(Dim::PP, dense.groups("pp"));
    set(Dim::EP, expert.groups("ep"));
    // With ep = 1 the expert-data-parallel group is the DP x CP group whatever the order.
    set(Dim::EDP,
        p.ep > 1 ? expert.groups("dp") : dense.groups(std::vector<std::string>{"cp", "dp"}));
    return pl;
}

} // namespace topoplan
