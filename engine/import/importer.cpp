#include "engine/import/importer.h"

#include "engine/core/jsonin.h"
#include "engine/import/fabricimport.h"
#include "engine/import/ibnetdiscover.h"
#include "engine/import/serverfile.h"

namespace topoplan {

const char *toString(ImportFormat f)
{
    switch (f) {
    case ImportFormat::Ibnetdiscover:
        return "ibnetdiscover";
    case ImportFormat::NcclTopology:
        return "nccl-topology";
    case ImportFormat::NvidiaSmiTopo:
        return "nvidia-smi-topo";
    }
    return "ibnetdiscover";
}

std::optional<ImportFormat> detectImportFormat(std::string_view text)
{
    if (ib::looksLikeIbnetdiscover(text))
        return ImportFormat::Ibnetdiscover;
    if (looksLikeNcclTopology(text))
        return ImportFormat::NcclTopology;
    if (looksLikeNvidiaSmiTopo(text))
        return ImportFormat::NvidiaSmiTopo;
    return std::nullopt;
}

Expected<ImportResult> importTexts(const std::vector<ImportInput> &inputs, const Catalog &catalog)
{
    ImportResult result;
    const ImportInput *fabric = nullptr;
    std::vector<ServerFacts> servers;
    for (const ImportInput &in : inputs) {
        result.report.files.push_back(in.file);
        std::optional<ImportFormat> format = detectImportFormat(in.text);
        if (!format)
            return Error{in.file, "",
                         "not a file TopoPlan imports: expected ibnetdiscover output (the "
                         "default format or -p), an NCCL topology XML (NCCL_TOPO_DUMP_FILE) or "
                         "the text of nvidia-smi topo -m"};
        switch (*format) {
        case ImportFormat::Ibnetdiscover:
            if (fabric)
                return Error{in.file, "",
                             "a second ibnetdiscover file (the first is " + fabric->file
                                     + "): import one fabric at a time"};
            fabric = &in;
            break;
        case ImportFormat::NcclTopology:
        case ImportFormat::NvidiaSmiTopo: {
            Expected<ServerFacts> f = *format == ImportFormat::NcclTopology
                                              ? parseNcclTopology(in.text, in.file)
                                              : parseNvidiaSmiTopo(in.text, in.file);
            if (!f)
                return f.error();
            servers.push_back(std::move(*f));
            break;
        }
        }
    }
    if (inputs.empty())
        return Error{"", "", "no file to import"};
    if (fabric) {
        Expected<ib::Fabric> parsed
                = ib::parseIbnetdiscover(fabric->text, fabric->file, &result.report);
        if (!parsed)
            return parsed.error();
        Expected<Project> project
                = projectFromFabric(*parsed, fabric->file, catalog, &result.report);
        if (!project)
            return project.error();
        result.project = std::move(*project);
    } else if (servers.size() > 1) {
        return Error{servers[1].file, "",
                     "several server files without an ibnetdiscover file: give the fabric's "
                     "ibnetdiscover output too, or one server file"};
    }
    for (const ServerFacts &f : servers)
        if (std::optional<Error> e = applyServerFacts(&result.project, f, catalog, &result.report))
            return *e;
    return result;
}

Expected<ImportResult> importFiles(const std::vector<std::string> &paths, const Catalog &catalog)
{
    std::vector<ImportInput> inputs;
    for (const std::string &path : paths) {
        Expected<std::string> text = readTextFile(path);
        if (!text)
            return text.error();
        inputs.push_back(ImportInput{path, std::move(*text)});
    }
    return importTexts(inputs, catalog);
}

} // namespace topoplan
