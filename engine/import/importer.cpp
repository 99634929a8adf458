#include "engine/import/importer.h"

#include "engine/core/jsonin.h"
#include "engine/import/fabricimport.h"
#include "engine/import/ibnetdiscover.h"
#include "engine/import/serverfile.h"
#include "engine/io/projectfile.h"

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
    case ImportFormat::Hardware:
        return "hardware";
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
    // None of the cluster formats is JSON: a JSON object is a hardware file (its own checks
    // then say what is wrong with it).
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{')
        return ImportFormat::Hardware;
    return std::nullopt;
}

Expected<ImportResult> importTexts(const std::vector<ImportInput> &inputs, const Catalog &catalog)
{
    ImportResult result;
    const ImportInput *fabric = nullptr;
    std::vector<ServerFacts> servers;
    // The catalog with every hardware file merged over it, and each file's section.
    Catalog merged = catalog;
    std::vector<std::pair<std::string, Json>> hardware;
    for (const ImportInput &in : inputs) {
        result.report.files.push_back(in.file);
        std::optional<ImportFormat> format = detectImportFormat(in.text);
        if (!format)
            return Error{in.file, "",
                         "not a file TopoPlan imports: expected ibnetdiscover output (the "
                         "default format or -p), an NCCL topology XML (NCCL_TOPO_DUMP_FILE), "
                         "the text of nvidia-smi topo -m or a hardware file (JSON)"};
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
        case ImportFormat::Hardware: {
            Expected<Json> doc = parseJson(in.text, in.file);
            if (!doc)
                return doc.error();
            Expected<HardwareFile> h = hardwareFromJson(*doc, in.file, merged);
            if (!h)
                return h.error();
            std::string ids;
            for (const std::string &id : h->ids())
                ids += (ids.empty() ? "" : ", ") + id;
            result.report.summary.push_back(std::to_string(h->models()) + " hardware model(s) from "
                                            + in.file + ": " + ids);
            merged = std::move(h->catalog);
            hardware.emplace_back(in.file, std::move(h->section));
            break;
        }
        }
    }
    if (inputs.empty())
        return Error{"", "", "no file to import"};
    if (!fabric && servers.empty())
        return Error{hardware.front().first, "",
                     "a hardware file only: expected the cluster's files with it (ibnetdiscover "
                     "output, an NCCL topology XML or nvidia-smi topo -m); to add hardware to an "
                     "open project, import it as hardware"};
    if (fabric) {
        Expected<ib::Fabric> parsed
                = ib::parseIbnetdiscover(fabric->text, fabric->file, &result.report);
        if (!parsed)
            return parsed.error();
        Expected<Project> project
                = projectFromFabric(*parsed, fabric->file, merged, &result.report);
        if (!project)
            return project.error();
        result.project = std::move(*project);
    } else if (servers.size() > 1) {
        return Error{servers[1].file, "",
                     "several server files without an ibnetdiscover file: give the fabric's "
                     "ibnetdiscover output too, or one server file"};
    }
    for (const ServerFacts &f : servers)
        if (std::optional<Error> e = applyServerFacts(&result.project, f, merged, &result.report))
            return *e;
    // The project keeps the hardware it was matched against: it opens without the files.
    for (const auto &[file, section] : hardware) {
        Expected<Json> own = withHardware(result.project, section, file, catalog);
        if (!own)
            return own.error();
        result.project.catalogOverrides = std::move(*own);
    }
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
