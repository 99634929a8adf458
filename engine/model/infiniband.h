#pragma once

#include <optional>
#include <string>

// InfiniBand link speeds and widths as the InfiniBand tools name them (ibnetdiscover prints
// "4xNDR"): the data rate of one lane of each speed, so that a cable's rate is lanes x lane.
namespace topoplan::infiniband {

// The most ports an InfiniBand node has (NodeInfo NumPorts is 8 bits).
inline constexpr int kMaxPorts = 255;

struct Speed
{
    const char *name; // "NDR", as infiniband-diags prints it
    double laneGbits; // data rate of one lane, Gb/s, after line encoding
    const char *note; // encoding and signalling, for the report and the catalog's sources
};

// SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR (case-sensitive, as the tools print them).
const Speed *speedByName(const std::string &name);
// The fastest speed whose 4x rate is at most `gbits` (an exact match for the nominal rates).
const Speed *speedForGbits(double gbits, int lanes = 4);
// "1x", "2x", "4x", "8x", "12x" -> lanes; anything else -> nullopt.
std::optional<int> lanesFromWidth(const std::string &width);
// Where the lane rates come from.
extern const char *const kSpeedSource;

} // namespace topoplan::infiniband
