#pragma once

#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <unordered_map>

namespace topoplan {

// The one rule of custom NVLink-domain membership (a GB200 NVL72 rack's trays, or a domain
// the user draws). The project loader's validator, the fabric graph builder and the editing
// functions (drop into a domain, drag into one, the inspector's domain field) all ask it, so
// an edit the canvas allows is one the file accepts, in the same words.
//
// Why `node` may not be a member of the NVLink domain `domainId`, or nullopt if it may:
// - only servers whose NVLink leaves the box (NVLinkScope::External) join a domain; a board
//   server has its own NVSwitch domain, a rack is one itself, a mesh or PCIe server has none
//   to share;
// - every member speaks one NVLink generation: `firstMember` is a member already in the
//   domain (nullptr when `node` would be the first), whose generation `node` must share.
// A node or member whose model the catalog does not know is refused as such.
std::optional<std::string> domainMembershipRefusal(const Catalog &catalog, const Node &node,
                                                   const std::string &domainId,
                                                   const Node *firstMember);

// The GPUs the members of each NVLink domain hold now, by domain id, in one pass over the
// nodes (a node whose model the catalog does not know counts none).
std::unordered_map<std::string, int> domainMemberGpus(const Topology &t, const Catalog &catalog);

// How many GPUs `domain` may hold: its stated size, else what the NVLink generation of
// `member` (any member, or a node about to join; may be null) joins in one domain
// (Medium::maxDomainGpus); 0 when neither says.
int domainCapacity(const Catalog &catalog, const Domain &domain, const Node *member);
// Why `node` does not fit into `domain`, which holds `gpusAlready` GPUs of other members, or
// nullopt if it does; also refused: a stated size beyond what the generation can join.
std::optional<std::string> domainCapacityRefusal(const Catalog &catalog, const Domain &domain,
                                                 const Node &node, int gpusAlready);

// The same rules asked of a topology: may `node` (a node of `topology`, or one about to be
// added to it) join `domainId` as the topology stands? Its first other member is the one
// compared, and the GPUs of all others count against the domain's size; an unknown domain id
// is refused too.
std::optional<std::string> domainMembershipRefusal(const Topology &topology, const Catalog &catalog,
                                                   const Node &node, const std::string &domainId);

} // namespace topoplan
