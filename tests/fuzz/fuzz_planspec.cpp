// Plan strings (--plan SPEC).
#include "engine/model/workload.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace topoplan;
    Expected<Plan> p = planFromSpec(std::string(reinterpret_cast<const char *>(data), size));
    if (p)
        (void) resolvePlan(*p, 1024);
    return 0;
}
