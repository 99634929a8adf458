#include "engine/plan/diagnoser.h"

#include "engine/model/recomputemodules.h"
#include "engine/perf/memorymodel.h"

namespace topoplan {

using namespace diagtext;

// What does not fit: the parts of the fullest GPU's memory, and the changes that would shrink
// it, each with the memory it leaves (only changes that keep the plan valid).
void Diagnoser::outOfMemory()
{
    const MemoryEstimate &m = m_r.step.memory;
    if (m.fits)
        return;
    const Workload &w = m_r.workload;
    const Plan &p = m_r.plan;
    if (m.totalGB <= m.capacityGB && !m.fitsHost()) {
        // The GPU holds the rest; host memory cannot take the offloaded activations. The most
        // layers it takes, and whether the GPU then still fits.
        Workload fewer = w;
        MemoryEstimate at;
        for (int n = w.training.offloadLayers - 1; n >= 0; --n) {
            fewer.training.offloadLayers = n;
            at = estimateMemory(fewer, p, m_a.gpuModel(), m_sw, m_a.hostMemoryGBPerGpu());
            if (at.fitsHost())
                break;
        }
        const int most = fewer.training.offloadLayers;
        add(Severity::Error, code::kOutOfMemory,
            "Offloading the activations of " + std::to_string(w.training.offloadLayers)
                    + " layers puts " + gb(m.hostActivationsGB)
                    + " in host memory for each GPU, more than the " + gb(m.hostCapacityGB)
                    + " of host memory a GPU has to itself (the server's memory over its "
                      "GPUs), before the operating system and the data loader take theirs. "
                    + (most > 0 ? "At most " + std::to_string(most)
                                          + " layers fit there (activation_offload_layers = "
                                          + std::to_string(most) + "): the GPU then needs "
                                          + gb(at.totalGB) + " of its " + gb(at.capacityGB)
                                          + (at.fits ? "." : ", which does not fit either")
                                : "Not one layer fits there")
                    + (most > 0 && at.fits
                               ? ""
                               : ": recompute instead of offloading, or spread the model over "
                                 "more GPUs (more pp or tp)."),
            {});
        return;
    }
    std::vector<std::string> helps;
    bool anyFits = false;
    auto tryChange = [&](const std::string &label, const Workload &w2, const Plan &p2) {
        if (validatePlan(p2, w2, m_r.gpus))
            return;
        const MemoryEstimate e
                = estimateMemory(w2, p2, m_a.gpuModel(), m_sw, m_a.hostMemoryGBPerGpu());
        if (e.totalGB < m.totalGB)
            helps.push_back(label + " (" + gb(e.totalGB) + (e.fits ? ", fits)" : ")"));
        anyFits = anyFits || e.fits;
    };
    if (p.dp % 2 == 0) {
        Plan more = p;
        more.pp *= 2;
        more.dp /= 2;
        tryChange("pp = " + std::to_string(more.pp), w, more);
        more = p;
        more.tp *= 2;
        more.dp /= 2;
        tryChange("tp = " + std::to_string(more.tp), w, more);
    }
    if (w.training.recompute == Recompute::Selective) {
        // The cheap modules first: streaming passes, no FLOPs.
        const unsigned listed = w.training.recomputeModules.value_or(kDefaultRecomputeModules);
        const unsigned more
                = listed | kRecomputeLayernorm | (w.model.isMoe() ? kRecomputeMoeAct : 0u);
        if (more != listed) {
            Workload lean = w;
            lean.training.recomputeModules = more;
            const bool act = (more & ~listed & kRecomputeMoeAct) != 0;
            const bool norms = (more & ~listed & kRecomputeLayernorm) != 0;
            tryChange(
                    std::string("recomputing ")
                            + (norms ? (act ? "the norms and the experts' activation" : "the norms")
                                     : "the experts' activation")
                            + ", recompute_modules + " + recomputeModuleNames(more & ~listed, " "),
                    lean, p);
        }
    }
    if (w.training.recompute != Recompute::Full) {
        Workload full = w;
        full.training.recompute = Recompute::Full;
        tryChange("full recomputation", full, p);
    }
    if (!w.training.distributedOptimizer && p.dp * p.cp > 1) {
        Workload sharded = w;
        sharded.training.distributedOptimizer = true;
        tryChange("the distributed optimizer", sharded, p);
    }
    if (w.training.microBatch > 1) {
        Workload one = w;
        one.training.microBatch = 1;
        tryChange("micro_batch = 1", one, p);
    }
    if (p.pp == 1 && w.model.layers > 1) {
        // Activation offloading (no pipeline, no recomputation): the fewest layers whose
        // activations in host memory make it fit, else all it can take.
        Workload off = w;
        off.training.recompute = Recompute::None;
        for (int n = std::max(1, w.training.offloadLayers + 1); n < w.model.layers; ++n) {
            off.training.offloadLayers = n;
            if (estimateMemory(off, p, m_a.gpuModel(), m_sw, m_a.hostMemoryGBPerGpu()).fits)
                break;
        }
        if (off.training.offloadLayers > w.training.offloadLayers)
            tryChange("the activations of " + std::to_string(off.training.offloadLayers)
                              + " layers offloaded to host memory, activation_offload_layers = "
                              + std::to_string(off.training.offloadLayers),
                      off, p);
    }
    std::string help = helps.empty() ? " No single change of pp, tp, recomputation, optimizer, "
                                       "micro-batch or offloading makes it fit: use more GPUs."
                                     : " What would help, with the memory each leaves: ";
    for (std::size_t i = 0; i < helps.size(); ++i)
        help += (i ? "; " : "") + helps[i];
    add(Severity::Error, code::kOutOfMemory,
        "Each GPU needs " + gb(m.totalGB) + " of its " + gb(m.capacityGB) + ": weights "
                + gb(m.weightsGB) + ", gradients " + gb(m.gradsGB) + ", optimizer state "
                + gb(m.optimizerGB) + ", activations " + gb(m.activationsGB) + ", runtime "
                + gb(m.otherGB) + " (the " + (m.lastStage ? "last" : "first")
                + " pipeline stage is the fullest)." + help
                + (helps.empty() ? ""
                   : anyFits
                           ? "."
                           : ". None of these alone makes it fit: spread the model over more GPUs "
                             "(more pp or tp, on a larger cluster)."),
        {});
}

void Diagnoser::bubble()
{
    const double share = m_r.step.bubbleFraction;
    if (m_r.plan.pp <= 1 || share <= kBubbleInfoShare)
        return;
    const TrainingSpec &t = m_r.workload.training;
    add(share > kBubbleWarningShare ? Severity::Warning : Severity::Info, code::kPpBubbleLarge,
        "The pipeline bubble takes " + percent(share)
                + " of the step: pp = " + std::to_string(m_r.plan.pp)
                + " stages fill and drain around " + std::to_string(m_r.step.microBatches)
                + " micro-batches per step (global_batch / (micro_batch x dp) = "
                + std::to_string(t.globalBatch) + " / (" + std::to_string(t.microBatch) + " x "
                + std::to_string(m_r.plan.dp) + ")), interleave " + std::to_string(t.interleave)
                + ". Raise the micro-batches per step (a larger global batch, a smaller "
                  "micro-batch or less DP), or interleave v model chunks per GPU "
                  "(training.interleave), which divides the bubble by v.",
        {});
}

} // namespace topoplan
