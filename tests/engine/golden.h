#pragma once

// Golden files: what an output must be, byte for byte, reviewed when it changes.

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace topoplan::fixtures {

// Compares `got` with the golden file `path`; with TOPOPLAN_UPDATE_GOLDEN=1 rewrites the file
// from it instead (review the diff before committing). Empty when they match; otherwise the
// first line that differs, as "PATH line N:\n  want: ...\n  got:  ...".
inline std::string goldenDifference(const std::string &path, const std::string &got)
{
    const char *update = std::getenv("TOPOPLAN_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << got;
        return {};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return path + " is missing; run with TOPOPLAN_UPDATE_GOLDEN=1";
    const std::string want((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (got == want)
        return {};
    std::size_t line = 1, i = 0;
    for (; i < got.size() && i < want.size() && got[i] == want[i]; ++i)
        line += got[i] == '\n';
    const auto lineAt = [line](const std::string &s) {
        std::size_t start = 0;
        for (std::size_t k = 1; k < line && start != std::string::npos; ++k) {
            start = s.find('\n', start);
            if (start != std::string::npos)
                ++start;
        }
        return start < s.size() ? s.substr(start, s.find('\n', start) - start) : std::string();
    };
    return path + " line " + std::to_string(line) + ":\n  want: " + lineAt(want)
           + "\n  got:  " + lineAt(got);
}

} // namespace topoplan::fixtures
