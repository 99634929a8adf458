#include "cli/cliimport.h"

#include "cli/cli.h"
#include "cli/cliargs.h"

#include "engine/core/jsonin.h"
#include "engine/import/importer.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"

namespace topoplan::cli {

int cmdImport(const Args &a, std::ostream &out, std::ostream &err)
{
    std::vector<std::string> files;
    for (std::size_t i = 0; i < a.positionalCount(); ++i)
        files.push_back(a.positional(i));
    // --catalog HW as generate takes it: a hardware file is one of the files the importer
    // reads (it knows one by its content), put first so that its models are there for all.
    if (a.has("catalog"))
        files.insert(files.begin(), a.value("catalog"));
    const bool json = a.flag("json");
    Expected<ImportResult> result = importFiles(files);
    if (!result) {
        const Error &e = result.error();
        if (json)
            out << dumpJson(
                    Json{{"imported", false},
                         {"error", {{"file", e.file}, {"where", e.where}, {"message", e.message}}}},
                    2)
                << "\n";
        err << "error: " << e.text() << "\n";
        return InvalidInput;
    }
    const std::string target = a.value("o");
    if (!target.empty()) {
        if (std::optional<Error> e = saveProject(result->project, target)) {
            err << "error: " << e->text() << "\n";
            return InvalidInput;
        }
    }
    Expected<Catalog> catalog = projectCatalog(result->project);
    Expected<TopologySummary> s = catalog ? summarize(result->project.topology, *catalog)
                                          : Expected<TopologySummary>(catalog.error());
    if (json) {
        Json j = {{"imported", true}, {"project", target.empty() ? Json() : Json(target)}};
        if (s)
            j["design"]
                    = {{"gpus", s->gpus},
                       {"nodes", s->nodes},
                       {"switches", {{"leaf", s->leaf}, {"spine", s->spine}, {"core", s->core}}},
                       {"links", s->links},
                       {"cables", s->cables}};
        j["report"] = Json(result->report.toJson());
        out << dumpJson(j, 2) << "\n";
        return Ok;
    }
    if (!target.empty() && s)
        out << "wrote " << target << ": " << s->gpus << " GPUs, " << s->nodes << " nodes, "
            << s->leaf << " leaf / " << s->spine << " spine / " << s->core << " core switches, "
            << s->links << " links (" << s->cables << " cables)\n";
    out << result->report.text();
    return Ok;
}

} // namespace topoplan::cli
