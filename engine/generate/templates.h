#pragma once

#include "engine/core/error.h"
#include "engine/generate/generator.h"
#include "engine/model/project.h"
#include "engine/model/workload.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

class JsonIn;

// A starting point for a new project: a recipe for the generator plus a workload and a plan,
// not a stored file, so that a 16,384-GPU template costs a few lines instead of megabytes and
// always matches the current generator and catalog. resources/templates/templates.json lists
// them; the GUI's template gallery and `topoplan-cli generate --template` read the same list.
struct ProjectTemplate
{
    std::string id;    // "dgx-h100-su"
    std::string title; // "DGX H100 scalable unit"
    std::string description;
    GeneratorOptions options;
    std::optional<Workload> workload;
    std::optional<Plan> plan;
};

// Parses a template list ({"templates": [...]}); errors name the JSON path.
Expected<std::vector<ProjectTemplate>> parseTemplates(const JsonIn &root);
// The list shipped with TopoPlan (compiled in from resources/templates/templates.json).
const std::vector<ProjectTemplate> &builtinTemplates();
const ProjectTemplate *findTemplate(const std::string &id);
// The template's project: generated, with its title as name and its workload and plan.
Expected<Project> instantiate(const ProjectTemplate &t,
                              const Catalog &catalog = Catalog::builtin());

// The built-in sample cluster `topoplan` opens without a file: a DGX H100 scalable unit
// (32 nodes, rail-optimized NDR fabric) training GPT-3 175B.
inline constexpr const char *kSampleTemplateId = "dgx-h100-su";

} // namespace topoplan
