#include "engine/fabric/collective.h"

namespace topoplan {

const char *toString(Collective c)
{
    switch (c) {
    case Collective::AllReduce:
        return "all-reduce";
    case Collective::AllGather:
        return "all-gather";
    case Collective::ReduceScatter:
        return "reduce-scatter";
    case Collective::AllToAll:
        return "all-to-all";
    case Collective::SendRecv:
        return "send-recv";
    }
    return "all-reduce";
}

} // namespace topoplan
