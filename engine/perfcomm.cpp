#include "engine/perfcomm.h"

#include <limits>

namespace topoplan {

double collectiveSeconds(Collective c, double bytes, int n, const DimNetwork &net)
{
    if (n <= 1 || bytes <= 0)
        return 0;
    if (net.busbwGBs <= 0)
        return std::numeric_limits<double>::infinity();
    const double share = double(n - 1) / n;
    double factor = 1, steps = 1;
    switch (c) {
    case Collective::AllReduce:
        factor = 2 * share;
        steps = 2.0 * (n - 1);
        break;
    case Collective::AllGather:
    case Collective::ReduceScatter:
    case Collective::AllToAll:
        factor = share;
        steps = n - 1;
        break;
    case Collective::SendRecv:
        break;
    }
    return factor * bytes / (net.busbwGBs * 1e9) + steps * net.latencyUs * 1e-6;
}

} // namespace topoplan
