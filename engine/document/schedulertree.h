#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/hostnames.h"
#include "engine/model/project.h"

#include <string>
#include <vector>

namespace topoplan {

// The compute fabric as the schedulers see it: a tree whose leaves hold hosts. A scheduler's
// tree gives every host exactly one leaf switch, but in a rail-optimized fabric each host is
// cabled to one leaf per rail: the leaves that serve the same hosts (a scalable unit's rail
// leaves) act as one, and are one scheduler switch. Likewise the spines that join the same
// leaf groups (a pod's spines) are one switch of the next level. Each level is the connected
// components of the level below and the switches one tier up; a group of one switch keeps its
// name, a larger one is named after what its members' names share ("leaf-r1-su2" ...
// "leaf-r8-su2" -> "leaf-su2"), else "<tier>-group-<n>". Names keep letters, digits, '-', '_'
// and '.'.
struct SchedulerSwitch
{
    std::string name;
    int level = 0;                     // 0 = leaf
    std::vector<std::size_t> hosts;    // leaf level: indices into the host list, ascending
    std::vector<std::size_t> children; // higher levels: indices into SchedulerTree::switches
    std::vector<std::string> members;  // the design's switch ids it stands for
    int parent = -1;
};

struct SchedulerTree
{
    std::vector<SchedulerSwitch> switches; // level by level, leaves first
    std::vector<int> leafOfHost;           // by host index
    int levels = 0;
    // The chain of switches from a host's leaf to its root.
    std::vector<std::size_t> pathOf(std::size_t host) const;
};

// Fails when a host has no cable to a compute-fabric switch (the scheduler files need one
// each), naming the host.
Expected<SchedulerTree> schedulerTree(const Project &p, const Catalog &catalog,
                                      const std::vector<Host> &hosts);

// The NVLink domains as host sets, in order of their first host: a server with its own
// NVSwitch board (or none) is a domain by itself, a rack-scale node is one with all its trays,
// trays placed in a custom domain share it. `name` is the domain's (or the node's) name made
// safe for a scheduler.
struct HostDomain
{
    std::string name;
    std::vector<std::size_t> hosts;
};
std::vector<HostDomain> hostDomains(const Project &p, const std::vector<Host> &hosts);

// A name made of letters, digits, '-', '_' and '.' only (others become '-'), 63 at most.
std::string schedulerName(const std::string &name);

} // namespace topoplan
