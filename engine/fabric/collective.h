#pragma once

namespace topoplan {

// The communication patterns of parallel training, shared by routing (which lays their traffic
// on the fabric graph) and the time model (which prices them with alpha-beta costs):
// - ring collectives (all-reduce; all-gather and reduce-scatter, half an all-reduce each);
// - all-to-all (expert dispatch and combine);
// - send/recv between neighbours (pipeline stages).
enum class Collective { AllReduce, AllGather, ReduceScatter, AllToAll, SendRecv };

// "all-reduce", "all-gather", "reduce-scatter", "all-to-all", "send-recv"
const char *toString(Collective c);

// All-reduce, all-gather and reduce-scatter: NCCL runs them as rings.
constexpr bool isRing(Collective c)
{
    return c == Collective::AllReduce || c == Collective::AllGather
           || c == Collective::ReduceScatter;
}

} // namespace topoplan
