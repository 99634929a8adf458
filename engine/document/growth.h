#pragma once

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/document/cost.h"
#include "engine/document/documents.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <string>
#include <vector>

namespace topoplan {

// How far a design grows without a new tier or plane: the seed's "plan to scale beyond that
// domain later". The unit of growth is the design's own: the leaves that serve the same servers
// (a rail-optimized scalable unit, or one leaf of a fat tree) with those servers. A step adds one
// more such unit, cabled to the top tier's free ports as the existing units are, so that nothing
// already cabled moves. The top tier's free ports bound the steps; past them a tier (or a plane)
// must be added.
struct DesignGrowth
{
    bool computed = false;
    std::string why; // when not computed: why not (no compute fabric, three tiers)

    std::string topTier; // "spine", or "leaf" for a single tier
    std::string unit;    // "scalable unit of 8 leaves", "leaf", "server"
    int steps = 0;       // more units the top tier takes
    int serversPerStep = 0;
    int gpusPerStep = 0;
    int leavesPerStep = 0;
    std::string limit;   // what bounds the steps: "spine-1: 0 free ports, a unit takes 8"
    BomCounts step;      // the parts one step adds, as the bill of materials counts them
    DesignCost stepCost; // those parts priced and powered

    int moreServers() const { return steps * serversPerStep; }
    int moreGpus() const { return steps * gpusPerStep; }
};

// The growth of `p`'s compute fabric. Fails as billOfMaterials() does.
Expected<DesignGrowth> designGrowth(const Project &p, const Catalog &c);

// {"computed", "why", "top_tier", "unit", "steps", "servers_per_step", "gpus_per_step",
//  "more_servers", "more_gpus", "limit", "step": {"leaves", "servers", "cables", "transceivers",
//  "cost": designCostJson}}
Json designGrowthJson(const DesignGrowth &g);
// The same as lines of text (the CLI, the report).
std::vector<std::string> designGrowthLines(const DesignGrowth &g);

} // namespace topoplan
