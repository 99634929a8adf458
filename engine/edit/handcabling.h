#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// Cabling by hand as an architect means it: a server joined to a leaf takes the NICs of the
// leaf's rail set (rail-aligned: NIC r of every server on the leaf of rail r), a leaf joined
// to a spine takes the uplinks its downlinks and the oversubscription imply. The proposal
// says which ports every cable takes before anything is added; nothing already cabled moves.

struct CablingRequest
{
    std::optional<int> count;      // cables wanted; nullopt: what the design implies
    double oversubscription = 1.0; // a tier's downlink cables per uplink cable (r:1)
};

struct CablingProposal
{
    std::string a, b;               // as asked
    std::string medium;             // the medium both ends speak (Catalog::inferMedium)
    std::vector<Link> added;        // new links, each on ports no link uses
    std::string grownId;            // a bundle between the same switches grown in place, or empty
    int grownCount = 0;             // its new count
    int cables = 0;                 // cables this proposal adds in all
    int implied = 0;                // cables the design implies (the rail set, or the uplinks)
    int available = 0;              // most cables both ends have free ports for
    std::string reason;             // why `implied`: "leaf-01 carries rails 1-4 (as dgx-2)"
    std::vector<std::string> notes; // what deserves a second look (cables off the rail set)
    // One line per cable run, ports as the project file counts them:
    // "dgx-1 rail 1 (NIC 0) - leaf-01 port 0".
    std::vector<std::string> cablesText;
};

// What a Connect between devices `a` and `b` (a server and a switch, or two switches) adds,
// with the cables `request` asks for. Refuses what proposeLink() refuses, a request the free
// ports cannot meet ("leaf-01 has 3 of 64 ports free; 4 asked"), and a connection that has
// nothing left to add ("dgx-1's NICs of rails 1-4 are all cabled").
Expected<CablingProposal> proposeCabling(const Topology &topology, const Catalog &catalog,
                                         const std::string &a, const std::string &b,
                                         const CablingRequest &request = {});

// The proposal applied to `topology`: its links added and its bundle grown.
Topology applyCabling(const Topology &topology, const CablingProposal &proposal);

} // namespace topoplan
