#include "engine/explore/explorejson.h"

#include "engine/explore/exploreverdict.h"
#include "engine/plan/analysisjson.h"

#include <algorithm>
#include <map>

namespace topoplan {

const char *const kPowerNote
        = "server_power_kw is the servers' maximum power from the catalog's datasheet figures; "
          "it_power_kw adds the switches and transceivers, and capex prices every part from the "
          "price book; either is null where a part has no figure";

namespace {

Json num(double v, int decimals)
{
    return jsonNumber(v, decimals);
}

bool built(const VariantResult &v)
{
    return v.status == VariantStatus::Ok || v.status == VariantStatus::NoPlan;
}

Json axesJson(const ExploreAxes &a)
{
    Json domains = Json::array(), fabrics = Json::array();
    for (const DomainChoice &d : a.domains)
        domains.push_back(toString(d));
    for (const FabricChoice &f : a.fabrics)
        fabrics.push_back(toString(f));
    return Json{{"domains", std::move(domains)},
                {"fabrics", std::move(fabrics)},
                {"oversubscription", a.oversubscription},
                {"switches", a.switchModels},
                {"planes", a.planes.empty() ? std::vector<int>{1} : a.planes}};
}

Json builtJson(const VariantResult &v)
{
    const TopologySummary &s = v.summary;
    return Json{{"nodes", v.nodes},
                {"domain_size", v.domainSize},
                {"tiers", v.tiers},
                {"gpus", s.gpus},
                {"domains", s.domains},
                {"switches",
                 {{"leaf", s.leaf}, {"spine", s.spine}, {"core", s.core}, {"total", v.switches()}}},
                {"links", s.links},
                {"cables", s.cables},
                {"transceivers", v.transceivers},
                {"server_power_kw", v.serverPowerKW ? num(*v.serverPowerKW, 1) : Json(nullptr)},
                {"it_power_kw", v.itPowerKW ? num(*v.itPowerKW, 1) : Json(nullptr)},
                {"capex", v.capex ? num(*v.capex, 0) : Json(nullptr)},
                {"currency", v.capex ? Json(v.currency) : Json(nullptr)}};
}

Json variantJson(const VariantResult &v, long long index)
{
    Json j = Json::object();
    j["index"] = index;
    j["label"] = v.spec.label;
    j["status"] = toString(v.status);
    j["message"] = v.message.empty() ? Json(nullptr) : Json(v.message);
    j["notes"] = v.notes;
    j["node_model"] = v.spec.domain.nodeModel;
    j["domain"] = toString(v.spec.domain);
    j["fabric"] = toString(v.spec.fabric.kind);
    j["oversubscription"] = v.spec.oversubscription;
    j["switch_model"] = v.spec.switchModel.empty() ? Json(nullptr) : Json(v.spec.switchModel);
    j["planes"] = v.spec.planes;
    j["job_gpus"] = v.spec.jobGpus > 0 ? Json(v.spec.jobGpus) : Json(nullptr);
    if (built(v))
        j.update(builtJson(v));
    if (v.best) {
        const Json a = toJson(*v.best);
        const StepEstimate &e = v.best->step;
        j["plan"] = a["plan"];
        j["tokens_per_s"] = a["tokens_per_s"];
        j["uncertainty"] = a.contains("uncertainty") ? a["uncertainty"] : Json(nullptr);
        // Per GPU of the job, as the verdict and the window weigh designs: GPUs a plan leaves
        // idle (whole spare domains) are bought and powered too.
        const int gpus = v.jobGpus() > 0 ? v.jobGpus() : v.best->gpus;
        j["tokens_per_s_per_gpu"] = num(e.tokensPerS / std::max(1, gpus), 2);
        j["mfu"] = a["mfu"];
        j["step_time_s"] = a["step_time_s"];
        j["breakdown_s"] = a["breakdown_s"];
        j["memory_per_gpu_gb"] = a["memory_per_gpu_gb"];
        j["diagnostics"] = static_cast<int>(v.best->diagnostics.size());
        j["days_to_train"] = v.daysToTrain ? num(*v.daysToTrain, 2) : Json(nullptr);
    }
    j["pareto"] = v.pareto;
    return j;
}

double numberAt(const Json &j, const char *key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : 0;
}

Error shardError(const ShardFile &f, const std::string &where, const std::string &what)
{
    return Error{f.file, where, what};
}

} // namespace

Json toJson(const ExploreResult &r)
{
    Json variants = Json::array();
    for (std::size_t i = 0; i < r.variants.size(); ++i)
        variants.push_back(variantJson(
                r.variants[i], i < r.indices.size() ? r.indices[i] : static_cast<long long>(i)));
    Json j{{"gpus", r.gpus},
           {"workload", toJson(r.workload)},
           {"token_budget", r.tokenBudget ? Json(*r.tokenBudget) : Json(nullptr)},
           {"against", toString(r.against)},
           {"axes", axesJson(r.axes)},
           {"variant_count", r.variantCount},
           {"cancelled", r.cancelled},
           {"power_note", kPowerNote}};
    if (r.shard.count > 1)
        j["shard"] = {{"index", r.shard.index + 1}, {"count", r.shard.count}};
    j["verdicts"] = verdicts(r);
    j["variants"] = std::move(variants);
    return j;
}

VariantResult variantFromJson(const Json &j)
{
    VariantResult v;
    v.spec.label = j.value("label", "");
    Expected<DomainChoice> d = domainChoiceFromString(j.value("domain", ""));
    if (d)
        v.spec.domain = *d;
    v.spec.oversubscription = numberAt(j, "oversubscription");
    v.spec.planes = std::max(1, static_cast<int>(numberAt(j, "planes")));
    const std::string status = j.value("status", "");
    for (VariantStatus s : {VariantStatus::Ok, VariantStatus::Unbuildable, VariantStatus::NoPlan,
                            VariantStatus::Cancelled})
        if (status == toString(s))
            v.status = s;
    v.spec.jobGpus = static_cast<int>(numberAt(j, "job_gpus"));
    if (auto sw = j.find("switches"); sw != j.end() && sw->is_object()) {
        v.summary.leaf = static_cast<int>(numberAt(*sw, "leaf"));
        v.summary.spine = static_cast<int>(numberAt(*sw, "spine"));
        v.summary.core = static_cast<int>(numberAt(*sw, "core"));
    }
    v.summary.gpus = static_cast<int>(numberAt(j, "gpus"));
    if (auto p = j.find("server_power_kw"); p != j.end() && p->is_number())
        v.serverPowerKW = p->get<double>();
    if (auto p = j.find("it_power_kw"); p != j.end() && p->is_number())
        v.itPowerKW = p->get<double>();
    if (auto c = j.find("capex"); c != j.end() && c->is_number()) {
        v.capex = c->get<double>();
        v.currency = j.value("currency", "");
    }
    if (auto t = j.find("tokens_per_s"); t != j.end() && t->is_number()) {
        v.best.emplace();
        v.best->gpus = v.spec.jobGpus;
        v.best->step.tokensPerS = t->get<double>();
        // The band the verdict weighs a gap against ("too close to call").
        if (auto u = j.find("uncertainty"); u != j.end() && u->is_object()) {
            v.best->band.meanError = numberAt(*u, "band");
            v.best->band.worstError = numberAt(*u, "worst");
            v.best->band.bias = numberAt(*u, "bias");
            v.best->band.runs = static_cast<int>(numberAt(*u, "runs"));
        }
    }
    return v;
}

Expected<Json> mergeShards(const std::vector<ShardFile> &shards)
{
    if (shards.empty())
        return Error{{}, {}, "expected the JSON results of the shards to merge"};
    static const char *const kSame[] = {"gpus",          "workload", "token_budget", "against",
                                        "variant_count", "axes",     "power_note"};
    const ShardFile &first = shards.front();
    std::map<int, const ShardFile *> byIndex;
    int count = 0;
    for (const ShardFile &f : shards) {
        const Json &j = f.json;
        if (!j.is_object() || !j.contains("shard") || !j["variants"].is_array())
            return shardError(f, {}, "expected the --json result of explore --shard I/N");
        for (const char *key : kSame)
            if (!j.contains(key) || j[key] != first.json[key])
                return shardError(f, std::string("/") + key,
                                  "differs from " + first.file
                                          + ": the shards of one run share the job, the GPU "
                                            "count, the axes and the metric");
        const int index = j["shard"].value("index", 0);
        const int n = j["shard"].value("count", 0);
        if (count == 0)
            count = n;
        if (n != count || index < 1 || index > n)
            return shardError(f, "/shard", "expected a shard of " + std::to_string(count));
        if (!byIndex.emplace(index, &f).second)
            return shardError(f, "/shard",
                              "shard " + std::to_string(index) + "/" + std::to_string(n)
                                      + " is given twice");
    }
    for (int i = 1; i <= count; ++i)
        if (!byIndex.count(i))
            return Error{{},
                         {},
                         "shard " + std::to_string(i) + "/" + std::to_string(count)
                                 + " is missing: merge every shard of the run"};

    if (!first.json["variant_count"].is_number_integer() || !first.json["gpus"].is_number_integer()
        || !first.json["against"].is_string())
        return shardError(first, "/variant_count",
                          "expected the --json result of explore --shard I/N");
    const long long total = first.json["variant_count"].get<long long>();
    std::vector<Json> variants(static_cast<std::size_t>(total));
    bool cancelled = false;
    for (const auto &[index, f] : byIndex) {
        cancelled = cancelled || f->json.value("cancelled", false);
        for (const Json &v : f->json["variants"]) {
            const long long at = v.value("index", -1LL);
            if (at < 0 || at >= total || at % count != index - 1 || !variants[at].is_null())
                return shardError(*f, "/variants",
                                  "a variant's index does not belong to its shard");
            variants[at] = v;
        }
    }
    for (std::size_t i = 0; i < variants.size(); ++i)
        if (variants[i].is_null())
            return Error{{}, {}, "variant " + std::to_string(i + 1) + " is in no shard"};
    ExploreResult whole;
    whole.gpus = first.json["gpus"].get<int>();
    whole.against = exploreMetricFromString(first.json["against"].get<std::string>())
                            .value_or(whole.against);
    for (const Json &v : variants)
        whole.variants.push_back(variantFromJson(v));
    markPareto(whole.variants, whole.against, whole.gpus);
    Json out = first.json;
    out.erase("shard");
    out["cancelled"] = cancelled;
    out["verdicts"] = verdicts(whole);
    out["variants"] = Json::array();
    for (std::size_t i = 0; i < variants.size(); ++i) {
        variants[i]["pareto"] = whole.variants[i].pareto;
        out["variants"].push_back(std::move(variants[i]));
    }
    return out;
}

} // namespace topoplan
