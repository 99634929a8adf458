#pragma once

#include <string>
#include <vector>

namespace topoplan {

class JsonIn;

// The parts of a network the catalog lists beside its switches: the transceivers in the cages,
// the cables between them and the NICs in the servers. Each states its power as its datasheet
// gives it, with the source; 0 where no figure is published (a total then says it lacks one).

// A pluggable transceiver, as a cage takes it: `ports` optical ports (2 for a twin-port OSFP)
// of `portGbits` each, with optics of one kind.
struct TransceiverModel
{
    std::string id;
    std::string name;
    int ports = 1;
    double portGbits = 0;
    std::string optics; // "SR" (multimode), "DR" (parallel single-mode), "FR" (duplex single-mode)
    // The media (catalog ids) it carries: NVIDIA's 100G-PAM4 modules speak NDR and 400/800GbE
    // alike, its 200G-PAM4 ones XDR only.
    std::vector<std::string> media;
    double reachM = 0;
    double powerW = 0; // the module's power; 0: not stated
    std::string source;
};

// A kind of cable. The reach of each kind on each medium is the medium's (Medium::reach); the
// cabling documents choose the kind (engine/document/hardware.h, cableFor).
struct CableModel
{
    std::string id;    // "dac", "acc", "aoc", "mmf", "smf", "lc": the kinds the documents choose
    std::string name;  // "direct attach copper (DAC)"
    double powerW = 0; // a whole cable, both ends; 0: passive, or not stated (see source)
    std::string source;
};

// A network adapter: its ports and how they split into planes. A port of `portGbits` splits into
// `planes` ports of portGbits / planes each (a ConnectX-8 800G port as two 400G planes).
struct NicModel
{
    std::string id;
    std::string name;
    int ports = 1;
    double portGbits = 0;
    int planes = 1;
    std::string pcie;  // the host link it is made for ("pcie5")
    double powerW = 0; // 0: not stated
    std::string source;
};

// The kinds of cable the documents choose, in the order they prefer them (cheapest first).
inline constexpr const char *kCableKinds[] = {"dac", "acc", "aoc", "mmf", "smf", "lc"};

// The rate a cage of `ports` x `portGbits` carries: what a transceiver must match.
inline double cageGbits(int ports, double portGbits)
{
    return ports * portGbits;
}

// Each parses one catalog entry; a bad member throws JsonFailure naming its path.
TransceiverModel parseTransceiver(const JsonIn &j);
CableModel parseCable(const JsonIn &j);
NicModel parseNic(const JsonIn &j);

} // namespace topoplan
