#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>

namespace topoplan {

// The one validator of a topology: the project loader, the fabric graph builder, the editing
// functions (before an edit commits), the importers and the paste of a subset all ask it, so
// whatever one of them accepts the others accept, with the same message.
//
// The semantic checks of a topology against a catalog: known models and media, one namespace
// of ids, domains that exist and servers allowed in them, links between existing devices on
// ports that exist and are used once. Paths are those of the file ("/topology/links/3/b/port"),
// so the editor can run the same checks before it commits an edit.
std::optional<Error> validateTopology(const Topology &t, const Catalog &c, const std::string &file);

} // namespace topoplan
