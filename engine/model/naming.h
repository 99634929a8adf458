#pragma once

#include "engine/core/error.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// The rule every name a person gives obeys: a project's, an NVLink domain's, a server's, a
// switch's, a report's title. The topology validator and the project loader check it, so
// import, generate, edit and load refuse the same names with the same words. A name is at
// most kMaxNameBytes bytes of UTF-8 without a control character: a line break, a tab or an
// escape would become a line of Slurm's topology.conf, a document of a YAML file or a command
// of a terminal. Markup ('<', '&', '"') is allowed: each format escapes it where it writes it.
constexpr std::size_t kMaxNameBytes = 256;
// Empty when `name` obeys the rule; else what is wrong, naming the character and where it is
// ("holds a line break (U+000A) at character 6: a name is one line").
std::string nameProblem(const std::string &name);
// The first name of `t` (domains, nodes, switches) or of `p` (its name and revision first)
// that breaks the rule, as an Error at its JSON path ("/topology/nodes/3/name"); none when
// every name obeys.
std::optional<Error> checkTopologyNames(const Topology &t, const std::string &file = {});
std::optional<Error> checkProjectNames(const Project &p, const std::string &file = {});

// The names people gave, for every message, table and label that shows a device or a link to
// a person: ids are the file's keys, never what the canvas shows.

// A node's, switch's or domain's name, or its id where it has none; a link's name (see
// linkName); a part inside a device ("node-3/gpu0": "dgx-3 GPU 0") and a path between two
// parts ("node-3/gpu0->node-3/nvswitch": "dgx-3 GPU 0 - NVSwitch"), as the fabric graph
// labels them; the id itself for anything else.
std::string displayName(const Topology &topology, const std::string &id);

// displayName() of each id, in order.
std::vector<std::string> displayNames(const Topology &topology,
                                      const std::vector<std::string> &ids);

// A link as people read it, by its two ends' names and ports: "dgx-017 rail 3 - leaf-03 port
// 2" for a server's NIC (rail n is NIC n-1), "dgx-017 rails 1-4 - leaf-03 ports 0-3" for a
// bundle of NICs, "leaf-03 port 32 - spine-01 port 0" between switches. The server end comes
// first.
std::string linkName(const Topology &topology, const Link &link);

// "rail 3" or "rails 1-4": the NICs port .. port+count-1 of a server.
std::string railText(int port, int count);

// One end of a link with its ports, as the project file counts them: "dgx-017 NIC 2 (rail
// 3)", "dgx-017 NICs 0-3 (rails 1-4)", "leaf-03 port 16", "leaf-03 ports 16-31".
std::string endpointText(const Topology &topology, const Endpoint &end, int count);

} // namespace topoplan
