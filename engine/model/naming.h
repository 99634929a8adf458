#pragma once

#include "engine/model/project.h"

#include <string>

namespace topoplan {

// The names people gave, for every message, table and label that shows a device or a link to
// a person: ids are the file's keys, never what the canvas shows.

// A node's, switch's or domain's name, or its id where it has none; a link's name (see
// linkName); the id itself for anything else.
std::string displayName(const Topology &topology, const std::string &id);

// A link as people read it: "dgx-017 rail 3 - leaf-03" for a server's NIC (rail n is NIC
// n-1), "dgx-017 rails 1-4 - leaf-03" for a bundle of NICs, "leaf-03 - spine-01" between
// switches. The server end comes first.
std::string linkName(const Topology &topology, const Link &link);

// "rail 3" or "rails 1-4": the NICs port .. port+count-1 of a server.
std::string railText(int port, int count);

} // namespace topoplan
