// What a cluster reports about itself (topoplan-cli import): ibnetdiscover output in either
// format and the server files, as one input file, through to the project file text.
#include "engine/import/importer.h"
#include "engine/io/projectfile.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace topoplan;
    const std::string text(reinterpret_cast<const char *>(data), size);
    Expected<ImportResult> r = importTexts({ImportInput{"fuzz.txt", text}});
    if (r) {
        (void) serializeProject(r->project);
        (void) r->report.text();
    }
    return 0;
}
