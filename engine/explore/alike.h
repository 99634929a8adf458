#pragma once

#include "engine/plan/analysis.h"

#include <cstdint>
#include <vector>

namespace topoplan {

// Which elements of a design a single failure cannot tell apart, so that N-1 analyses one of
// each kind instead of every one (failures.cpp). A 16,384-GPU design has some 38,000 switches,
// cable bundles and NICs, but a generated fabric repeats one scalable unit and one rail per
// NIC, and a plan repeats one group layout: most failures cost the plan exactly what another
// does.
//
// The test is colour refinement (the 1-dimensional Weisfeiler-Leman test) over the fabric graph
// joined with the plan's groups: every vertex starts with the colour of what it is (kind and
// catalog model; a group: its dimension and size), every edge with its link class, rate and the
// load each dimension of the intact plan puts on it; each round a vertex's new colour is its old
// one with the multiset of (edge colour, neighbour colour) around it, until a round splits no
// colour. Two vertices then share a colour when the design and the plan's traffic look the same
// from each, however far out one looks: the same neighbours, with the same neighbours, and so on.
// (A fixed few rounds are not enough: in a partly filled 2:1 fat tree two leaf-to-spine bundles
// looked alike for five rounds and cost the plan different tokens/s; tst_failures.)
//
// Refinement is not an isomorphism test: it can give one colour to elements no symmetry maps onto
// each other. N-1 therefore analyses two elements of every class, the first and the last, and
// analyses every element of a class where the two disagree.
struct AlikeColours
{
    std::vector<std::uint64_t> vertex; // by FabricGraph vertex
    std::vector<std::uint64_t> edge;   // by FabricGraph edge index: the edge with both its ends
};

// The colours after `rounds` rounds (-1: until a round splits no colour) over `a`'s graph, its
// intact analysis `intact` (its plan's groups and per-edge loads) and the design `a` was built on.
AlikeColours alikeColours(const Analyzer &a, const AnalysisResult &intact, int rounds = -1);

} // namespace topoplan
