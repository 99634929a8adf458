#include "engine/core/error.h"

namespace topoplan {

std::string Error::text() const
{
    std::string out;
    for (const std::string *part : {&file, &where, &message}) {
        if (part->empty())
            continue;
        if (!out.empty())
            out += ": ";
        out += *part;
    }
    return out;
}

} // namespace topoplan
