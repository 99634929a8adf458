#include "engine/plan/analysisjson.h"

#include <cmath>

namespace topoplan {

namespace {

Json num(double v, int decimals)
{
    return jsonNumber(v, decimals);
}

// Seconds keep 6 significant digits whatever their size (a breakdown part may be 20 us).
Json seconds(double v)
{
    if (!std::isfinite(v))
        return v;
    if (v == 0)
        return 0.0;
    const int decimals = std::max(0, 5 - static_cast<int>(std::floor(std::log10(std::fabs(v)))));
    return num(v, decimals);
}

std::string collectiveText(const DimensionResult &d, const Workload &w)
{
    if (d.dim == Dim::CP)
        return "ring send-recv";
    if (d.collective == Collective::AllReduce
        && bulkCollectiveOf(d.dim, d.collective, w.training) != Collective::AllReduce)
        return d.dim == Dim::TP ? "all-gather + reduce-scatter" : "reduce-scatter + all-gather";
    return toString(d.collective);
}

} // namespace

Json toJson(const DimensionResult &d, const Workload &w)
{
    const GroupRoute &g = d.worst;
    return Json{{"dim", toString(d.dim)},
                {"size", d.size},
                {"count", d.count},
                {"collective", collectiveText(d, w)},
                {"busbw_gbps", num(d.bulk.busbwGBs, 1)},
                {"algorithm", toString(d.bulk.algorithm)},
                {"ring_busbw_gbps", num(d.network.busbwGBs, 1)},
                {"latency_us", num(d.network.latencyUs, 2)},
                {"collective_latency_us", num(d.bulk.latencyUs, 1)},
                {"link_class", toString(d.network.linkClass)},
                {"crosses_domain", g.crossesDomain},
                {"groups_crossing_domain", d.groupsCrossingDomain},
                {"max_hops", g.maxHops},
                {"max_switch_hops", g.maxSwitchHops},
                {"bottleneck", g.bottleneckId.empty() ? Json(nullptr) : Json(g.bottleneckId)},
                {"connected", d.groupsDisconnected == 0},
                {"domains", g.domainIds},
                {"gpus", d.worstGpus},
                {"nodes", d.worstNodes}};
}

Json toJson(const Diagnostic &d)
{
    return Json{{"severity", toString(d.severity)},
                {"code", d.code},
                {"message", d.message},
                {"ids", d.ids}};
}

Json toJson(const AnalysisResult &r)
{
    const StepEstimate &e = r.step;
    const StepBreakdown &b = e.breakdownS;
    const MemoryEstimate &m = e.memory;
    const TrainingSpec &t = r.workload.training;
    Json j = Json::object();
    j["gpus"] = r.gpus;
    j["gpu_model"] = r.gpuModel;
    j["plan"] = {{"tp", r.plan.tp},
                 {"pp", r.plan.pp},
                 {"dp", r.plan.dp},
                 {"cp", r.plan.cp},
                 {"ep", r.plan.ep},
                 {"micro_batch", t.microBatch},
                 {"global_batch", t.globalBatch},
                 {"interleave", t.interleave},
                 {"recompute", toString(t.recompute)},
                 {"order", r.plan.order}};
    if (r.plan.gpusPerDomain > 0)
        j["plan"]["gpus_per_domain"] = r.plan.gpusPerDomain;
    if (r.plan.domains > 0)
        j["plan"]["domains"] = r.plan.domains;
    if (!r.idle.empty())
        j["idle"] = r.idle;
    j["step_time_s"] = seconds(e.stepTimeS);
    j["tokens_per_s"] = num(e.tokensPerS, 1);
    if (r.band.known()) {
        // The projection's uncertainty: the engine's error on published runs of the nearest
        // class (the catalog's published_runs), and the tokens/s it spans.
        j["uncertainty"] = {{"band", num(r.band.meanError, 4)},
                            {"worst", num(r.band.worstError, 4)},
                            {"bias", num(r.band.bias, 4)},
                            {"runs", r.band.runs},
                            {"class", r.band.what()},
                            {"tokens_per_s_low", num(e.tokensPerS * (1 - r.band.meanError), 1)},
                            {"tokens_per_s_high", num(e.tokensPerS * (1 + r.band.meanError), 1)},
                            {"text", bandText(r.band)}};
    }
    j["model_tflops_per_gpu"] = num(e.modelTflopsPerGpu, 1);
    j["hardware_tflops_per_gpu"] = num(e.hardwareTflopsPerGpu, 1);
    j["mfu"] = num(e.mfu, 4);
    j["hfu"] = num(e.hfu, 4);
    j["memory_per_gpu_gb"] = num(m.totalGB, 1);
    j["memory_capacity_gb"] = num(m.capacityGB, 1);
    j["fits_memory"] = m.fits;
    j["memory_gb"] = {{"weights", num(m.weightsGB, 2)},
                      {"gradients", num(m.gradsGB, 2)},
                      {"optimizer", num(m.optimizerGB, 2)},
                      {"activations", num(m.activationsGB, 2)},
                      {"other", num(m.otherGB, 2)}};
    // Item by item, each in one of the sums above (the fullest stage's GPU).
    Json items = Json::array();
    for (const MemoryItem &i : memoryItems(m))
        items.push_back({{"item", i.id}, {"gb", num(i.gb, 2)}, {"what", i.what}});
    j["memory_items"] = std::move(items);
    j["micro_batches"] = e.microBatches;
    j["bubble_fraction"] = num(e.bubbleFraction, 4);
    j["breakdown_s"] = {{"compute", seconds(b.compute)}, {"tp_comm", seconds(b.tpComm)},
                        {"cp_comm", seconds(b.cpComm)},  {"ep_comm", seconds(b.epComm)},
                        {"pp_comm", seconds(b.ppComm)},  {"pp_bubble", seconds(b.ppBubble)},
                        {"dp_comm", seconds(b.dpComm)}};
    j["optimizer_s"] = seconds(e.optimizerS);
    if (r.workload.training.offloadLayers > 0) {
        // Activation offloading: host memory per GPU, every copy, and the part left exposed
        // (in breakdown_s.compute).
        j["offload"] = {{"host_memory_gb", num(m.hostActivationsGB, 2)},
                        {"copy_s", seconds(e.offloadCopyS)},
                        {"exposed_s", seconds(e.offloadS)}};
        // The host memory a GPU has to itself, where the servers state it.
        if (m.hostCapacityGB > 0)
            j["offload"]["host_capacity_gb"] = num(m.hostCapacityGB, 2);
    }
    j["hidden_s"] = {{"tp_comm", seconds(e.hiddenS.tp)},
                     {"cp_comm", seconds(e.hiddenS.cp)},
                     {"ep_comm", seconds(e.hiddenS.ep)},
                     {"pp_comm", seconds(e.hiddenS.pp)},
                     {"dp_comm", seconds(e.hiddenS.dp)}};
    j["groups"] = Json::array();
    for (const DimensionResult &d : r.dimensions)
        j["groups"].push_back(toJson(d, r.workload));
    j["diagnostics"] = Json::array();
    for (const Diagnostic &d : r.diagnostics)
        j["diagnostics"].push_back(toJson(d));
    return j;
}

Json toJson(const SweepResult &s)
{
    Json rows = Json::array();
    for (const SweepRow &row : s.rows) {
        Json j = {{"tp", row.tp}};
        if (row.best)
            j.update(toJson(*row.best));
        else
            j["error"] = row.bestError;
        j["held"] = row.held ? toJson(*row.held) : Json(nullptr);
        if (!row.held)
            j["held_error"] = row.heldError;
        rows.push_back(std::move(j));
    }
    return Json{{"dim", s.dim}, {"domain_size", s.domainSize}, {"rows", std::move(rows)}};
}

Json toJson(const PlannerResult &p)
{
    Json plans = Json::array();
    for (const AnalysisResult &r : p.plans) {
        Json j = toJson(r);
        j["can_run"] = canRun(r);
        plans.push_back(std::move(j));
    }
    return Json{{"plans", std::move(plans)},  {"runnable", p.runnable},
                {"considered", p.considered}, {"valid", p.valid},
                {"fitting", p.fitting},       {"batch_rejected", p.batchRejected}};
}

} // namespace topoplan
