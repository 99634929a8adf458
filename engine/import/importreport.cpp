#include "engine/import/importreport.h"

namespace topoplan {

const char *toString(ImportNote::Kind k)
{
    switch (k) {
    case ImportNote::Kind::Unmapped:
        return "unmapped";
    case ImportNote::Kind::Assumed:
        return "assumed";
    case ImportNote::Kind::Checked:
        return "checked";
    case ImportNote::Kind::Warning:
        return "warning";
    }
    return "assumed";
}

void ImportReport::note(ImportNote::Kind kind, const std::string &file, int line,
                        std::string message)
{
    notes.push_back(ImportNote{kind, file, line, std::move(message)});
}

int ImportReport::count(ImportNote::Kind kind) const
{
    int n = 0;
    for (const ImportNote &note : notes)
        n += note.kind == kind ? 1 : 0;
    return n;
}

nlohmann::ordered_json ImportReport::toJson() const
{
    nlohmann::ordered_json j;
    j["files"] = files;
    j["summary"] = summary;
    j["notes"] = nlohmann::ordered_json::array();
    for (const ImportNote &n : notes)
        j["notes"].push_back({{"kind", toString(n.kind)},
                              {"file", n.file},
                              {"line", n.line},
                              {"message", n.message}});
    return j;
}

std::vector<const ImportNote *> ImportReport::byConcern() const
{
    std::vector<const ImportNote *> out;
    for (const ImportNote &n : notes)
        if (n.kind == ImportNote::Kind::Warning)
            out.push_back(&n);
    for (const ImportNote &n : notes)
        if (n.kind != ImportNote::Kind::Warning)
            out.push_back(&n);
    return out;
}

std::string ImportReport::text() const
{
    std::string out;
    for (const std::string &s : summary)
        out += s + "\n";
    for (const ImportNote *n : byConcern()) {
        out += n->file;
        if (n->line > 0)
            out += ":" + std::to_string(n->line);
        out += std::string(": ") + toString(n->kind) + ": " + n->message + "\n";
    }
    return out;
}

} // namespace topoplan
