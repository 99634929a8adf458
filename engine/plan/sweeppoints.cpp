#include "engine/plan/sweeppoints.h"

#include <cctype>

namespace topoplan {

SweepGap heldGap(const SweepRow &row)
{
    if (!row.held)
        return SweepGap::Invalid;
    return row.held->step.memory.fits ? SweepGap::None : SweepGap::OutOfMemory;
}

const AnalysisResult *heldPoint(const SweepRow &row)
{
    return heldGap(row) == SweepGap::None ? &*row.held : nullptr;
}

std::string heldGapReason(const SweepRow &row)
{
    std::string why = row.heldError;
    // "/plan/tp: ..." -> "..."
    if (!why.empty() && why.front() == '/') {
        const std::size_t colon = why.find(": ");
        if (colon != std::string::npos
            && why.find_first_not_of("abcdefghijklmnopqrstuvwxyz_/0123456789") == colon)
            why.erase(0, colon + 2);
    }
    why = why.substr(0, why.find(';'));
    // " = 12" -> ""
    for (std::size_t at = why.find(" = "); at != std::string::npos; at = why.find(" = ", at)) {
        std::size_t end = at + 3;
        while (end < why.size() && std::isdigit(static_cast<unsigned char>(why[end])))
            ++end;
        if (end > at + 3)
            why.erase(at, end - at);
        else
            at += 3;
    }
    return why;
}

} // namespace topoplan
