// Project loading: any bytes as a .topoplan file, through parsing, the checks, the catalog
// overrides, the expanded fabric graph and, with a floor plan, the measured bill of materials.
#include "engine/core/jsonin.h"
#include "engine/document/documents.h"
#include "engine/fabric/fabricgraph.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace topoplan;
    const std::string text(reinterpret_cast<const char *>(data), size);
    Expected<Json> doc = parseJson(text, "fuzz.topoplan");
    if (!doc) {
        (void) dumpJson(Json(doc.error().text()));
        return 0;
    }
    Expected<Project> p = parseProject(*doc, "fuzz.topoplan");
    if (!p) {
        (void) dumpJson(Json(p.error().text()));
        return 0;
    }
    Expected<Catalog> catalog = projectCatalog(*p);
    if (!catalog)
        return 0;
    (void) summarize(p->topology, *catalog);
    (void) FabricGraph::build(p->topology, *catalog);
    // A floor plan: the cables measured from it.
    if (p->floor)
        (void) bomCsv(*p, *catalog);
    (void) serializeProject(*p);
    return 0;
}
