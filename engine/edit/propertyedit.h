#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// Editing one property of several entries at once, as the editor's inspector does: the new
// entries are worked out and checked here, so that a change that would break the topology is
// refused with validateTopology()'s message before anything changes.

enum class Property {
    Name,       // domains, nodes, switches
    Model,      // nodes (a server model id), switches (a switch model id)
    Tier,       // switches: "leaf", "spine", "core"
    Role,       // switches: "compute", "storage", "management"
    Domain,     // nodes: a domain id, or "" for none
    Medium,     // links: a medium id
    Count,      // links: the number of cables, "1" or more
    Failed,     // nodes, switches, links: "true" or "false" (a what-if failure)
    FailedNics, // nodes: the failed compute NICs, "3,5", or "" for none
    Size,       // domains: the GPUs the domain joins ("72"), or "0" for not stated
    // nodes: "true" while the model is an import's assumption, "false" once confirmed.
    // Setting Model on a node confirms it too: a model the user chose is no assumption.
    ModelAssumed,
};
const char *toString(Property p); // "name", "model", ...

// The entries that change, with their new values, in topology order.
struct TopologyEdit
{
    std::vector<Domain> domains;
    std::vector<Node> nodes;
    std::vector<Switch> switches;
    std::vector<Link> links;

    bool empty() const
    {
        return domains.empty() && nodes.empty() && switches.empty() && links.empty();
    }
};

// Sets `property` to `value` (written as in the project file) on every entry of `ids` that has
// it; the others are left alone, and so are entries that hold the value already. A bundle that
// grows keeps its first ports; where the ports after them are taken it is refused, never moved
// (a cable moved at a server would silently un-cable a GPU's NIC). Fails with Error::where naming the property for a value that is
// not one (an unknown tier, a count of 0), and with validateTopology()'s error (naming `file`)
// when the changed topology would not be valid: a switch model with fewer ports than cables, a
// medium neither end speaks, a board server put into a domain.
Expected<TopologyEdit> editProperty(const Topology &topology, const Catalog &catalog,
                                    const std::vector<std::string> &ids, Property property,
                                    const std::string &value, const std::string &file = {});

// A model change (of switches or servers) together with the links it would strand: every link
// of a changed device whose medium the new model does not speak takes the medium its two ends
// then agree on (linkMedium, as a new cable would), so that an InfiniBand fabric can become an Ethernet one.
// What the editor offers when editProperty() refuses a model for its links' media. Fails as
// editProperty() does, or naming a link whose two ends would share no medium.
Expected<TopologyEdit> editModelWithMedia(const Topology &topology, const Catalog &catalog,
                                          const std::vector<std::string> &ids,
                                          const std::string &model, const std::string &file = {});

// `topology` with the edit applied.
void applyEdit(Topology &topology, const TopologyEdit &edit);

// The network media a link between its two ends could use (each end speaks it at its rate or
// faster), as validateTopology() judges them, best first (by class, then speed).
std::vector<std::string> mediaForLink(const Topology &topology, const Catalog &catalog,
                                      const Link &link);

} // namespace topoplan
