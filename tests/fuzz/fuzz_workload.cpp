// Workload files (--workload FILE) and the plan member of a project.
#include "engine/core/jsonin.h"
#include "engine/model/workload.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace topoplan;
    const std::string text(reinterpret_cast<const char *>(data), size);
    Expected<Json> doc = parseJson(text, "fuzz.json");
    if (!doc)
        return 0;
    Expected<Workload> w = workloadFromJson(JsonIn(*doc, "fuzz.json"));
    if (w)
        (void) dumpJson(toJson(*w));
    Expected<Plan> p = planFromJson(JsonIn(*doc, "fuzz.json"));
    if (p)
        (void) resolvePlan(*p, 16384);
    return 0;
}
