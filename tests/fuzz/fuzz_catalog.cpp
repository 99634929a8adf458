// Catalog overrides: any bytes as a project's "catalog" member, merged over the built-in one.
#include "engine/core/jsonin.h"
#include "engine/model/catalog.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace topoplan;
    const std::string text(reinterpret_cast<const char *>(data), size);
    Expected<Json> doc = parseJson(text, "fuzz.topoplan");
    if (!doc)
        return 0;
    try {
        Expected<Catalog> c = Catalog::builtin().merged(JsonIn(*doc, "fuzz.topoplan", "/catalog"));
        if (!c)
            (void) dumpJson(Json(c.error().text()));
    } catch (const JsonFailure &) {
        // The project loader checks the section is an object first; so may a caller.
    }
    return 0;
}
