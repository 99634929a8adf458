#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <string>
#include <vector>

namespace topoplan {

// Host names: what a scheduler, a cluster manager and an installer call each server. A node of
// the design is one host, except a rack-scale node (gb200-nvl72), whose compute trays are
// hosts of their own. The names come from the project's naming pattern (Project::hostNames, a
// Slurm host list such as "dgx[001-128]") or, where it is unset, from the node names.

// One host of a design: the node it belongs to, which tray of it, and the node's NIC ports it
// owns (firstNic .. firstNic + nics - 1).
struct Host
{
    std::string name;
    std::size_t node = 0; // index into Topology::nodes
    int tray = 0;         // 0-based, 0 for a one-tray server
    int firstNic = 0;
    int nics = 0;
};

// Expands a Slurm host list ("dgx[001-004,010],login1", "r[01-04]n[1-8]"): comma-separated
// items, each text and brackets of ranges, several brackets expanding the first outermost; a
// range keeps the zero padding of its low bound.
// Errors say which character is wrong (Error::where "column N").
Expected<std::vector<std::string>> expandHostList(const std::string &expression);
// A host list's top-level items, split at the commas outside brackets:
// "a[01-16],b[01-16],login1" -> a[01-16], b[01-16], login1.
std::vector<std::string> hostListItems(const std::string &list);
// The shortest list in that syntax that expands to `names` (in the order of their first prefix,
// numbers ascending): {"dgx001", "dgx002", "dgx004"} -> "dgx[001-002,004]".
std::string compressHostList(const std::vector<std::string> &names);
// A name a host can have: 1 to 63 letters, digits, '-', '_' or '.', starting and ending with a
// letter or digit.
bool isValidHostName(const std::string &name);

// How many hosts the topology has under `catalog` (trays of rack-scale nodes counted).
int hostCount(const Topology &t, const Catalog &catalog);
// The hosts of the project, in node order. With a naming pattern, its names are given in order
// (it may name more hosts than there are, for growth; fewer is an error at "/hostNames");
// without, each node's name (rack-scale nodes: name-t01 ...). Errors name the JSON path of the
// offending pattern or node name.
Expected<std::vector<Host>> projectHosts(const Project &p, const Catalog &catalog);
// The checks of a naming pattern that hold whatever the design, with errors at "/hostNames":
// a valid list of valid, distinct names. Whether it names every host is checked where the
// names are used (projectHosts), so that adding a server never makes a project unloadable.
std::optional<Error> checkHostNames(const std::string &pattern, const std::string &file);
// The names a pattern gives, checked as above and against this design: it names every host
// (more are kept for growth). Errors at "/hostNames". projectHosts and the Project
// Properties dialog both ask this.
Expected<std::vector<std::string>> patternHostNames(const std::string &pattern, const Topology &t,
                                                    const Catalog &catalog);

} // namespace topoplan
