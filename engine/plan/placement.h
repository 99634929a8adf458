#pragma once

#include "engine/core/error.h"
#include "engine/model/planrefusal.h"
#include "engine/model/workload.h"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace topoplan {

// The parallel dimensions whose groups a placement forms. EP and EDP are the expert view of
// a mixture-of-experts model (Megatron-Core): expert-parallel groups share out the experts,
// expert-data-parallel groups hold the same experts and reduce their gradients. For ep = 1 the
// EDP group is the whole DP x CP group, over which the dense gradients are reduced.
enum class Dim { TP, CP, EP, DP, PP, EDP };
constexpr std::array<Dim, 6> kAllDims = {Dim::TP, Dim::CP, Dim::EP, Dim::DP, Dim::PP, Dim::EDP};
const char *toString(Dim d); // "tp", "cp", "ep", "dp", "pp", "edp"

// Checks that `p` can run `w` on `gpus` GPUs, with Megatron-Core's rules:
// - tp x cp x pp x dp = gpus; ep divides dp x cp (EP is carved out of DP x CP); ep > 1 only for
//   a mixture of experts, and experts divisible by ep;
// - heads and ffn (and moe_ffn) divisible by tp. K/V heads: kv_heads divisible by tp, or tp
//   divisible by kv_heads, in which case each TP rank keeps a replica of its K/V head (the GQA
//   replication of inference engines; Megatron-Core itself insists on kv_heads % tp == 0). The
//   performance model charges the replicas' redundant work;
// - at least one layer per model chunk (layers >= pp x interleave), and interleave > 1 only
//   with pp > 1. Layers need not divide evenly: as Megatron-LM allows (Llama 3 405B runs 126
//   layers on 16 stages), each chunk gets the floor or the ceiling of layers / (pp x
//   interleave), and the fullest stage, ceil(layers / pp) layers, sets the pipeline's pace;
// - global_batch divisible by micro_batch x dp;
// - seq divisible by 2 x cp when cp > 1 (load-balanced causal attention gives each CP rank two
//   chunks);
// - a mixture of experts with tp > 1 and ep > 1 needs sequence parallelism;
// - for a mixture of experts the expert view of the rank order must keep the dense layout's TP
//   and PP groups.
// The Error's `where` names the field ("plan.tp", "training.global_batch", ...) and its message
// the numbers involved.
std::optional<Error> validatePlan(const Plan &p, const Workload &w, int gpus);
// Why the analysis refuses `p`: resolvePlan()'s refusal for a plan whose dp is to be derived,
// else validatePlan()'s, as a sentence a front end can translate; nullopt when it runs.
std::optional<PlanRefusal> planRefusal(const Plan &p, const Workload &w, int gpus);

// The groups of one dimension: count() groups of size() GPUs each, stored flat so that placing
// a plan on 16,384 GPUs costs a few allocations, not one per group.
class GroupList
{
public:
    GroupList() = default;
    GroupList(int size, std::vector<int> members);

    int size() const { return m_size; } // GPUs per group
    int count() const { return m_size > 0 ? int(m_members.size()) / m_size : 0; }
    std::span<const int> operator[](int group) const
    {
        return {m_members.data() + std::size_t(group) * m_size, std::size_t(m_size)};
    }
    // All members, group after group.
    const std::vector<int> &members() const { return m_members; }
    std::vector<std::vector<int>> toVectors() const;

private:
    int m_size = 0;
    std::vector<int> m_members;
};

// Ranks 0..N-1 laid out over the parallel dimensions by the plan's order (innermost first):
// rank = sum of coord_d x stride_d. Two views share the order string: the dense view (tp, cp,
// dp, pp; ep of size 1) and the expert view (tp, ep, edp = dp x cp / ep, pp; cp of size 1), as
// Megatron-Core's two rank generators.
class RankLayout
{
public:
    RankLayout(const Plan &p, bool expertView);

    int size(const std::string &dim) const;
    int stride(const std::string &dim) const;
    int world() const { return m_world; }
    // The ranks of each group of `dim`, in increasing order, groups ordered by their first rank.
    GroupList groups(const std::string &dim) const;
    // The groups spanned by several dimensions together (e.g. {"cp", "dp"}).
    GroupList groups(const std::vector<std::string> &dims) const;

private:
    struct Axis
    {
        std::string name;
        int size = 1;
        int stride = 1;
    };
    const Axis *axis(const std::string &dim) const;

    std::vector<Axis> m_axes; // innermost first
    int m_world = 1;
};

struct Placement
{
    Plan plan;
    // GPU index (in FabricGraph::gpus() order: domain, node, local index) of each rank. Identity.
    std::vector<int> rankToGpu;
    // Groups per dimension, as lists of GPU indices; every dimension is present (groups of one
    // GPU where the degree is 1).
    std::array<GroupList, kAllDims.size()> groups;

    const GroupList &of(Dim d) const { return groups[static_cast<std::size_t>(d)]; }
};

// Places a plan (dp resolved, valid for `gpus`: see validatePlan) on GPUs 0..gpus-1.
Placement place(const Plan &p, int gpus);

} // namespace topoplan
