#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

namespace topoplan {

// What a topology holds, counted the way a user counts: the status bar and
// `topoplan-cli validate --json` show the same figures.
struct TopologySummary
{
    int gpus = 0;
    int nodes = 0;
    int domains = 0; // NVLink domains
    int leaf = 0;
    int spine = 0;
    int core = 0;
    int links = 0;  // lines on the canvas
    int cables = 0; // every cable of every bundle
    bool operator==(const TopologySummary &) const = default;
};

// Fails on a model the catalog does not know (naming the device).
Expected<TopologySummary> summarize(const Topology &topology, const Catalog &catalog);

} // namespace topoplan
