#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/ids.h" // unusedId(), for the callers that add what an edit proposes
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// Editing rules that do not depend on a user interface: which ports a new link takes, which
// medium it uses, and which nodes may join a custom NVLink domain. The editor, the CLI or a
// script all ask here, so that every front end refuses the same things with the same words.

// How many ports a device has: a node's compute NICs, a switch's ports; nullopt for an unknown
// id or a model the catalog does not know.
std::optional<int> portCount(const Topology &topology, const Catalog &catalog,
                             const std::string &deviceId);

// How many of the device's ports the topology's links already use (a bundle of n uses n).
int usedPortCount(const Topology &topology, const std::string &deviceId);

// Which of the device's `total` ports the topology's links use, by port number.
std::vector<bool> usedPorts(const Topology &topology, const std::string &deviceId, int total);

// The first of the lowest `count` consecutive ports of the device that no link uses: a
// bundle takes ports port .. port+count-1. The error names the device, its model and how
// many of its ports are free out of how many.
Expected<int> nextFreePorts(const Topology &topology, const Catalog &catalog,
                            const std::string &deviceId, int count);

// The medium a link between devices `a` and `b` (a node and a switch, or two switches) uses:
// the one both ends agree on (see Catalog::inferMedium). Refuses unknown devices, a device
// joined to itself, two nodes and ends without a common medium.
Expected<std::string> linkMedium(const Topology &topology, const Catalog &catalog,
                                 const std::string &a, const std::string &b);

// A new link of `count` cables between devices `a` and `b` (a node and a switch, or two
// switches) on the lowest free ports of each, with the medium the two ends agree on (see
// Catalog::inferMedium) and a fresh id ("link-1", "link-2", ...). Refuses unknown devices, a
// device joined to itself, two nodes, ends without a common medium, and port exhaustion.
Expected<Link> proposeLink(const Topology &topology, const Catalog &catalog, const std::string &a,
                           const std::string &b, int count = 1);

} // namespace topoplan
