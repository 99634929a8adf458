#pragma once

#include "engine/model/project.h"

#include <string>
#include <vector>

namespace topoplan {

// The ids of the domains, nodes, switches and links whose id or name contains `text`, ignoring
// ASCII case: those whose id or name is `text` exactly come first, then the others, each group
// in topology order (domains, nodes, switches, links; links by id only). Empty for an empty
// text. What the editor's find bar steps through.
std::vector<std::string> findItems(const Topology &topology, const std::string &text);

} // namespace topoplan
