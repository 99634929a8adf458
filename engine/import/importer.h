#pragma once

#include "engine/core/error.h"
#include "engine/import/importreport.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Imports what a cluster reports about itself into a laid-out project: `topoplan-cli import`,
// File > Import and drag-and-drop all use this.
namespace topoplan {

enum class ImportFormat {
    Ibnetdiscover, // ibnetdiscover output (default or -p): the fabric
    NcclTopology,  // NCCL's topology XML (NCCL_TOPO_DUMP_FILE): one server
    NvidiaSmiTopo, // nvidia-smi topo -m: one server
    Hardware,      // a hardware file in the catalog's format: models the catalog lacks
};
// "ibnetdiscover", "nccl-topology", "nvidia-smi-topo", "hardware"
const char *toString(ImportFormat f);

// The format a file's text is in, by its content; nullopt when it is none of them.
std::optional<ImportFormat> detectImportFormat(std::string_view text);

struct ImportInput
{
    std::string file; // for messages
    std::string text;
};

struct ImportResult
{
    Project project;
    ImportReport report;
};

// One fabric file (ibnetdiscover) and any number of server files: each server file sets or
// checks the model of the servers of its kind (the same NIC count and rate). Without a fabric
// file, one server file makes a project of that one server. Hardware files (JSON in the
// catalog's format, see readHardwareFile) add the servers, GPUs, switches and media the
// catalog lacks before anything is matched, and the project keeps them in its own catalog
// section. Errors name the file and line (or JSON pointer).
Expected<ImportResult> importTexts(const std::vector<ImportInput> &inputs,
                                   const Catalog &catalog = Catalog::builtin());
// The same, reading the files (each a regular file within the input size limit).
Expected<ImportResult> importFiles(const std::vector<std::string> &paths,
                                   const Catalog &catalog = Catalog::builtin());

} // namespace topoplan
