#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace topoplan {

// What an import could not map, or mapped on an assumption: one note per thing, with the file
// and line it comes from (0 when it concerns the whole file), so that nothing a file held is
// dropped silently.
struct ImportNote
{
    enum class Kind {
        Unmapped, // left out of the project (a loopback cable, an adapter without a host name)
        Assumed,  // mapped, on an assumption the message states (a server model, a medium)
        Checked,  // a server file checked against the model: what differs
        Warning,  // what the cluster reports looks wrong (a cable trained below its rate)
    };
    Kind kind = Kind::Assumed;
    std::string file;
    int line = 0;
    std::string message;
};
const char *toString(ImportNote::Kind k); // "unmapped", "assumed", "checked", "warning"

struct ImportReport
{
    std::vector<std::string> files;   // in the order imported
    std::vector<std::string> summary; // what was found, one sentence a line
    std::vector<ImportNote> notes;

    void note(ImportNote::Kind kind, const std::string &file, int line, std::string message);
    int count(ImportNote::Kind kind) const;
    // {"files": [...], "summary": [...], "notes": [{"kind", "file", "line", "message"}]}
    nlohmann::ordered_json toJson() const;
    // The notes, warnings first, each kind in the order noted.
    std::vector<const ImportNote *> byConcern() const;
    // The summary, then every note as "file:line: kind: message", warnings first.
    std::string text() const;
};

} // namespace topoplan
