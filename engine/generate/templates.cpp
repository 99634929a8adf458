#include "engine/generate/templates.h"

#include "engine/core/jsonin.h"

#include <set>

namespace topoplan {

// Generated from resources/templates/templates.json at build time (engine/CMakeLists.txt).
extern const char *const kBuiltinTemplatesJson;

namespace {

GeneratorOptions parseOptions(const JsonIn &j)
{
    j.expectOnly({"node", "nodes", "fabric", "tiers", "leaf", "spine", "core", "oversubscription",
                  "domain_size", "planes"});
    GeneratorOptions o;
    o.nodeModel = j.at("node").id();
    o.nodes = j.positiveInt("nodes");
    if (auto f = j.find("fabric")) {
        auto kind = fabricKindFromString(f->string());
        if (!kind)
            f->fail("expected none, fat-tree, rail-optimized or rail-only, found "
                    + describeJson(f->json()));
        o.fabric = *kind;
    }
    o.tiers = j.positiveInt("tiers", 2);
    if (o.tiers != 2 && o.tiers != 3)
        j.at("tiers").fail("expected 2 or 3");
    o.leaf = j.string("leaf", "");
    o.spine = j.string("spine", "");
    o.core = j.string("core", "");
    o.oversubscription = j.positive("oversubscription", 1.0);
    o.domainSize = static_cast<int>(j.integer("domain_size", 0));
    o.planes = j.positiveInt("planes", 1);
    return o;
}

ProjectTemplate parseTemplate(const JsonIn &j)
{
    j.expectOnly({"id", "title", "description", "generate", "workload_preset", "training", "plan"});
    ProjectTemplate t;
    t.id = j.at("id").id();
    t.title = j.string("title");
    t.description = j.string("description", "");
    t.options = parseOptions(j.at("generate"));
    t.options.name = t.title;
    if (auto preset = j.find("workload_preset")) {
        Expected<Workload> w = workloadPreset(preset->string());
        if (!w)
            preset->fail(w.error().message);
        t.workload = *w;
    }
    if (auto training = j.find("training")) {
        // Overrides of the preset's training settings (e.g. interleave, recompute), read
        // through the workload parser so they are checked as a workload file's would be.
        if (!t.workload)
            training->fail("training settings need a workload_preset to apply to");
        Json merged = toJson(*t.workload);
        for (const auto &[key, value] : training->members())
            merged["training"][key] = value.json();
        Expected<Workload> w = workloadFromJson(JsonIn(merged, j.file(), j.path()));
        if (!w)
            training->fail(w.error().message);
        t.workload = *w;
    }
    if (auto plan = j.find("plan")) {
        Expected<Plan> p = planFromJson(*plan);
        if (!p)
            throw JsonFailure(p.error());
        t.plan = *p;
    }
    return t;
}

} // namespace

Expected<std::vector<ProjectTemplate>> parseTemplates(const JsonIn &root)
{
    try {
        root.expectOnly({"templates"});
        std::vector<ProjectTemplate> out;
        std::set<std::string> ids;
        for (const JsonIn &item : root.at("templates").items()) {
            out.push_back(parseTemplate(item));
            if (!ids.insert(out.back().id).second)
                item.at("id").fail("duplicate template id \"" + out.back().id + "\"");
        }
        return out;
    } catch (const JsonFailure &f) {
        return f.error;
    }
}

const std::vector<ProjectTemplate> &builtinTemplates()
{
    static const std::vector<ProjectTemplate> templates = [] {
        Json doc = Json::parse(kBuiltinTemplatesJson);
        auto t = parseTemplates(JsonIn(doc, "resources/templates/templates.json"));
        if (!t) // tst_templates instantiates every shipped template; this cannot happen.
            throw std::runtime_error(t.error().text());
        return std::move(*t);
    }();
    return templates;
}

const ProjectTemplate *findTemplate(const std::string &id)
{
    for (const ProjectTemplate &t : builtinTemplates()) {
        if (t.id == id)
            return &t;
    }
    return nullptr;
}

Expected<Project> instantiate(const ProjectTemplate &t, const Catalog &catalog)
{
    Expected<Project> p = generateProject(t.options, catalog);
    if (!p)
        return Error{"template " + t.id, p.error().where, p.error().message};
    p->name = t.title;
    if (!t.description.empty())
        p->description = t.description;
    p->workload = t.workload;
    p->plan = t.plan;
    return p;
}

} // namespace topoplan
