#pragma once

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"
#include "engine/model/topologycheck.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// Layout positions and sizes lie within +-kMaxLayoutCoordinate (docs/manual/limits.md).
inline constexpr double kMaxLayoutCoordinate = 1e7;

// The project file (.topoplan): JSON with "format": "topoplan-project" and an integer
// "version". Files of older versions are migrated on load; newer ones are refused.
constexpr int kProjectFormatVersion = 1;

// Reads a parsed project document. Every error names `file`, the JSON path and what was
// expected. Models are looked up in `base` merged with the file's own "catalog" section.
Expected<Project> parseProject(const Json &doc, const std::string &file,
                               const Catalog &base = Catalog::builtin());
// Reads, parses and validates the file at `path`.
Expected<Project> loadProject(const std::string &path, const Catalog &base = Catalog::builtin());

// The document of `p` in the current format version. Defaults are written out, so that a
// reader of the file sees every setting; the output is deterministic.
Json projectToJson(const Project &p);
// projectToJson() as text: 2-space indent, trailing newline.
std::string serializeProject(const Project &p);
// Writes the project atomically: on failure the previous file at `path` is left untouched.
std::optional<Error> saveProject(const Project &p, const std::string &path);

// `base` with the project's "catalog" overrides applied.
Expected<Catalog> projectCatalog(const Project &p, const Catalog &base = Catalog::builtin());

// `p` with the price book of the price file at `path` (a document in the catalog's format whose
// only section is "prices") in its "catalog" section, in place of the prices it had: how
// `--prices FILE` and File > Import Prices fill the book. Fails, naming the file and the JSON
// path, on a price file that is not well formed or prices a model `p`'s catalog lacks.
Expected<Project> withPriceFile(Project p, const std::string &path,
                                const Catalog &base = Catalog::builtin());

// A hardware file: GPUs, servers, switches and media that `base` lacks or that replace its
// entries of the same id, in the catalog's own format ({"format": "topoplan-catalog",
// "version": 1, "description": ..., "media": [...], "gpus": [...], "servers": [...],
// "switches": [...]}; every member optional).
struct HardwareFile
{
    Json section;    // the four lists as written: what a project's "catalog" section keeps
    Catalog catalog; // `base` with them merged, every reference resolved
    int models() const;
    std::vector<std::string> ids() const; // every entry's id, list by list
};
// An error names the file, the JSON pointer and what was expected.
Expected<HardwareFile> readHardwareFile(const std::string &path,
                                        const Catalog &base = Catalog::builtin());
// The same from a document already parsed; `path` names it in errors.
Expected<HardwareFile> hardwareFromJson(const Json &doc, const std::string &path,
                                        const Catalog &base = Catalog::builtin());

// An entry of the project's catalog as it stands: its "catalog" section's entry of that id in
// `section` ("media", "gpus", ...), else the built-in catalog's; null when neither has one.
Json projectCatalogEntry(const Project &p, const std::string &section, const std::string &id);

// The project's "catalog" section with `hardware` (a HardwareFile's section)
// added: an entry whose id the section already has is replaced, a new one appended after the
// others. Checked as the project loader checks a file: the result merges over `base`, and the
// project's topology stays valid against it (a server model replaced by one with fewer NICs
// than it has cables is refused, naming `file` and the JSON pointer).
Expected<Json> withHardware(const Project &p, const Json &hardware, const std::string &file,
                            const Catalog &base = Catalog::builtin());

} // namespace topoplan
