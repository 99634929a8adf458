#include "engine/plan/placement.h"

#include <algorithm>
#include <numeric>

namespace topoplan {

namespace {

std::string str(long long v)
{
    return std::to_string(v);
}

// `where` names the member as "plan.tp"; the Error gives its JSON pointer, "/plan/tp".
Error planError(std::string where, const std::string &message)
{
    std::replace(where.begin(), where.end(), '.', '/');
    return Error{{}, "/" + where, message};
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

std::optional<Error> checkDegrees(const Plan &p, int gpus)
{
    const std::pair<const char *, int> degrees[] = {
            {"plan.tp", p.tp}, {"plan.cp", p.cp}, {"plan.pp", p.pp},
            {"plan.dp", p.dp}, {"plan.ep", p.ep},
    };
    for (const auto &[where, value] : degrees) {
        if (value < 1)
            return planError(where, "expected a degree >= 1, found " + str(value));
    }
    // Checked: four degrees up to 10^9 each would overflow 64 bits and could wrap around to
    // exactly the GPU count.
    long long product = 1;
    bool overflow = false;
    for (int d : {p.tp, p.cp, p.pp, p.dp})
        overflow = overflow || __builtin_mul_overflow(product, static_cast<long long>(d), &product);
    if (overflow)
        return planError("plan", "tp x cp x pp x dp = " + str(p.tp) + " x " + str(p.cp) + " x "
                                         + str(p.pp) + " x " + str(p.dp)
                                         + " is far more than the cluster's " + str(gpus)
                                         + " GPUs");
    if (product != gpus)
        return planError("plan", "tp x cp x pp x dp = " + str(p.tp) + " x " + str(p.cp) + " x "
                                         + str(p.pp) + " x " + str(p.dp) + " = " + str(product)
                                         + ", but the cluster has " + str(gpus) + " GPUs");
    if (!validOrder(p.order))
        return planError("plan.order", "expected the five dimensions tp, cp, ep, dp, pp joined "
                                       "by '-' (e.g. \"tp-cp-ep-dp-pp\"), found \""
                                               + p.order + "\"");
    return std::nullopt;
}

std::optional<Error> checkModelSplit(const Plan &p, const ModelSpec &m)
{
    if (m.heads % p.tp != 0)
        return planError("plan.tp", "the " + str(m.heads)
                                            + " attention heads cannot be split over tp = "
                                            + str(p.tp) + " (heads must be divisible by tp)");
    if (m.kvHeads % p.tp != 0 && p.tp % m.kvHeads != 0)
        return planError("plan.tp", "the " + str(m.kvHeads) + " K/V heads and tp = " + str(p.tp)
                                            + " must divide one another (kv_heads divisible by "
                                              "tp, or tp by kv_heads to replicate K/V heads)");
    if (m.ffn % p.tp != 0)
        return planError("plan.tp", "the MLP width ffn = " + str(m.ffn)
                                            + " cannot be split over tp = " + str(p.tp));
    if (m.isMoe() && m.moeFfn > 0 && m.moeFfn % p.tp != 0)
        return planError("plan.tp", "the expert width moe_ffn = " + str(m.moeFfn)
                                            + " cannot be split over tp = " + str(p.tp));
    if (m.layers < p.pp)
        return planError("plan.pp", "the " + str(m.layers) + " layers cannot fill pp = " + str(p.pp)
                                            + " pipeline stages (each stage needs a layer)");
    if (p.cp > 1 && m.seq % (2 * p.cp) != 0)
        return planError("plan.cp", "seq = " + str(m.seq)
                                            + " must be divisible by 2 x cp = " + str(2 * p.cp)
                                            + " (load-balanced causal attention gives each CP "
                                              "rank two chunks)");
    return std::nullopt;
}

std::optional<Error> checkExperts(const Plan &p, const Workload &w)
{
    const ModelSpec &m = w.model;
    if (p.ep > 1 && !m.isMoe())
        return planError("plan.ep", "ep = " + str(p.ep) + " needs a mixture of experts, but \""
                                            + m.name + "\" is dense (experts = 1)");
    if ((p.dp * p.cp) % p.ep != 0)
        return planError("plan.ep", "ep = " + str(p.ep) + " must divide dp x cp = " + str(p.dp)
                                            + " x " + str(p.cp) + " = " + str(p.dp * p.cp)
                                            + " (expert parallelism is carved out of DP x CP)");
    if (m.isMoe() && m.experts % p.ep != 0)
        return planError("plan.ep", "the " + str(m.experts)
                                            + " experts cannot be shared out over ep = " + str(p.ep)
                                            + " (experts must be divisible by ep)");
    if (m.isMoe() && p.ep > 1 && p.tp > 1 && !w.training.sequenceParallel)
        return planError("training.sequence_parallel",
                         "a mixture of experts with tp = " + str(p.tp) + " and ep = " + str(p.ep)
                                 + " needs sequence parallelism (as Megatron-Core)");
    if (m.isMoe()) {
        RankLayout dense(p, false), expert(p, true);
        for (const char *dim : {"tp", "pp"}) {
            if (dense.size(dim) > 1 && dense.stride(dim) != expert.stride(dim))
                return planError("plan.order",
                                 "the order \"" + p.order + "\" gives experts other " + dim
                                         + " groups than the dense layers (cp = " + str(p.cp)
                                         + " sits between them); keep cp next to ep and dp, "
                                           "e.g. \"tp-cp-ep-dp-pp\"");
        }
    }
    return std::nullopt;
}

std::optional<Error> checkTraining(const Plan &p, const TrainingSpec &t, const ModelSpec &m)
{
    if (t.interleave > 1 && p.pp == 1)
        return planError("training.interleave",
                         "interleave = " + str(t.interleave)
                                 + " needs pipeline parallelism (pp > 1), found pp = 1");
    if (m.layers < 1LL * p.pp * t.interleave)
        return planError("training.interleave",
                         "the " + str(m.layers)
                                 + " layers cannot fill pp x interleave = " + str(p.pp) + " x "
                                 + str(t.interleave) + " = " + str(1LL * p.pp * t.interleave)
                                 + " model chunks (each chunk needs a layer)");
    if (t.offloadLayers > 0) {
        if (t.recompute != Recompute::None)
            return planError("training.activation_offload_layers",
                             "activation offloading keeps what recomputation would recompute "
                             "(Megatron-Core's cpu_offloading refuses both): it needs recompute "
                             "= \"none\", found \""
                                     + std::string(toString(t.recompute)) + "\"");
        if (p.pp > 1)
            return planError("training.activation_offload_layers",
                             "activation offloading runs without pipeline parallelism "
                             "(Megatron-Core's cpu_offloading), found pp = "
                                     + str(p.pp));
        if (t.offloadLayers >= m.layers)
            return planError("training.activation_offload_layers",
                             "activation_offload_layers = " + str(t.offloadLayers)
                                     + " must be fewer than the model's " + str(m.layers)
                                     + " layers (the last layer's backward follows its forward "
                                       "at once: nothing to offload)");
    }
    long long perStep = 1LL * t.microBatch * p.dp;
    if (t.globalBatch % perStep != 0)
        return planError("training.global_batch",
                         "global_batch = " + str(t.globalBatch)
                                 + " must be divisible by micro_batch x dp = " + str(t.microBatch)
                                 + " x " + str(p.dp) + " = " + str(perStep));
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

std::optional<Error> validatePlan(const Plan &p, const Workload &w, int gpus)
{
    if (auto err = checkDegrees(p, gpus))
        return err;
    if (auto err = checkModelSplit(p, w.model))
        return err;
    if (auto err = checkTraining(p, w.training, w.model))
        return err;
    return checkExperts(p, w);
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
