#pragma once

#include "engine/model/project.h"

#include <string>

namespace topoplan {

// The names people gave, for every message, table and label that shows a device or a link to
// a person: ids are the file's keys, never what the canvas shows.

// A node's, switch's or domain's name, or its id where it has none; a link's name (see
// linkName); a part inside a device ("node-3/gpu0": "dgx-3 GPU 0") and a path between two
// parts ("node-3/gpu0->node-3/nvswitch": "dgx-3 GPU 0 - NVSwitch"), as the fabric graph
// labels them; the id itself for anything else.
std::string displayName(const Topology &topology, const std::string &id);

// A link as people read it: "dgx-017 rail 3 - leaf-03" for a server's NIC (rail n is NIC
// n-1), "dgx-017 rails 1-4 - leaf-03" for a bundle of NICs, "leaf-03 - spine-01" between
// switches. The server end comes first.
std::string linkName(const Topology &topology, const Link &link);

// "rail 3" or "rails 1-4": the NICs port .. port+count-1 of a server.
std::string railText(int port, int count);

// One end of a link with its ports, as the project file counts them: "dgx-017 NIC 2 (rail
// 3)", "dgx-017 NICs 0-3 (rails 1-4)", "leaf-03 port 16", "leaf-03 ports 16-31".
std::string endpointText(const Topology &topology, const Endpoint &end, int count);

} // namespace topoplan
