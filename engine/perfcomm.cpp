#include "engine/perfcomm.h"

#include <limits>

namespace topoplan {

double collectiveSeconds(CollectiveOp c, double bytes, int n, const DimNetwork &net)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (net.busbwGBs <= 0)
        return std::numeric_limits<double>::infinity();
    const double share = double(n - 1) / n;
    double factor = 1, steps = 1;
    switch (c) {
    case CollectiveOp::AllReduce:
        factor = 2 * share;
        steps = 2.0 * (n - 1);
        break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll:
        factor = share;
        steps = n - 1;
        break;
    case CollectiveOp::SendRecv:
        break;
    }
    return factor * bytes / (net.busbwGBs * 1e9) + steps * net.latencyUs * 1e-6;
}

} // namespace topoplan
