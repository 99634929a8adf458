#include "engine/model/infiniband.h"

namespace topoplan::infiniband {

namespace {

// Lane data rates after encoding: 8b/10b up to QDR, 64b/66b for FDR10, FDR and EDR, PAM4 with
// FEC from HDR on, quoted at their nominal data rate as the product names do (HDR 200 Gb/s).
const Speed kSpeeds[] = {
        {"SDR", 2.0, "2.5 Gb/s signalling per lane, 8b/10b"},
        {"DDR", 4.0, "5 Gb/s signalling per lane, 8b/10b"},
        {"QDR", 8.0, "10 Gb/s signalling per lane, 8b/10b"},
        {"FDR10", 10.0, "10.3125 Gb/s signalling per lane, 64b/66b"},
        {"FDR", 13.64, "14.0625 Gb/s signalling per lane, 64b/66b"},
        {"EDR", 25.0, "25.78125 Gb/s signalling per lane, 64b/66b"},
        {"HDR", 50.0, "50 Gb/s per lane (PAM4)"},
        {"NDR", 100.0, "100 Gb/s per lane (PAM4)"},
        {"XDR", 200.0, "200 Gb/s per lane"},
};

} // namespace

const char *const kSpeedSource
        = "InfiniBand Trade Association, InfiniBand Architecture Specification Volume 2 and the "
          "IBTA roadmap (https://www.infinibandta.org/infiniband-roadmap/): lane signalling "
          "rates and encodings SDR 2.5, DDR 5, QDR 10 Gb/s (8b/10b), FDR 14.0625, EDR 25.78125 "
          "Gb/s (64b/66b), HDR 50, NDR 100, XDR 200 Gb/s per lane; names as infiniband-diags' "
          "ibnetdiscover prints them (rdma-core infiniband-diags/ibnetdiscover.c)";

const Speed *speedByName(const std::string &name)
{
    for (const Speed &s : kSpeeds)
        if (name == s.name)
            return &s;
    return nullptr;
}

const Speed *speedForGbits(double gbits, int lanes)
{
    const Speed *best = nullptr;
    for (const Speed &s : kSpeeds) {
        if (s.laneGbits * lanes <= gbits * (1 + 1e-9))
            best = &s;
    }
    return best;
}

std::optional<int> lanesFromWidth(const std::string &width)
{
    if (width == "1x")
        return 1;
    if (width == "2x")
        return 2;
    if (width == "4x")
        return 4;
    if (width == "8x")
        return 8;
    if (width == "12x")
        return 12;
    return std::nullopt;
}

} // namespace topoplan::infiniband
