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
        using namespace msg;
        const int most = fewer.training.offloadLayers;
        Message then;
        if (most == 0)
            then = say(TOPOPLAN_TR("Diagnostics",
                                   "Not one layer fits there: recompute instead of offloading, or "
                                   "spread the model over more GPUs (more pp or tp)."));
        else if (at.fits)
            then = say(TOPOPLAN_TR("Diagnostics", "At most %1 layers fit there "
                                                  "(activation_offload_layers = %2): the GPU then "
                                                  "needs %3 of its %4."),
                       {count(most), name(std::to_string(most)), arg::gb(at.totalGB),
                        arg::gb(at.capacityGB)});
        else
            then = say(TOPOPLAN_TR("Diagnostics",
                                   "At most %1 layers fit there (activation_offload_layers = %2): "
                                   "the GPU then needs %3 of its %4, which does not fit either: "
                                   "recompute instead of offloading, or spread the model over "
                                   "more GPUs (more pp or tp)."),
                       {count(most), name(std::to_string(most)), arg::gb(at.totalGB),
                        arg::gb(at.capacityGB)});
        add(Severity::Error, code::kOutOfMemory,
            say(TOPOPLAN_TR("Diagnostics",
                            "Offloading the activations of %1 layers puts %2 in host memory for "
                            "each GPU, more than the %3 of host memory a GPU has to itself (the "
                            "server's memory over its GPUs), before the operating system and the "
                            "data loader take theirs. %4"),
                {count(w.training.offloadLayers), arg::gb(m.hostActivationsGB),
                 arg::gb(m.hostCapacityGB), phrase(std::move(then))}),
            {});
        return;
    }
    using namespace msg;
    std::optional<Message> helps; // "pp = 16 (61.2 GB, fits); full recomputation (70 GB)"
    bool anyFits = false;
    auto tryChange = [&](Message label, const Workload &w2, const Plan &p2) {
        if (validatePlan(p2, w2, m_r.gpus))
            return;
        const MemoryEstimate e
                = estimateMemory(w2, p2, m_a.gpuModel(), m_sw, m_a.hostMemoryGBPerGpu());
        if (e.totalGB < m.totalGB) {
            Message help = e.fits ? say(TOPOPLAN_TR("Diagnostics", "%1 (%2, fits)"),
                                        {phrase(std::move(label)), arg::gb(e.totalGB)})
                                  : say(TOPOPLAN_TR("Diagnostics", "%1 (%2)"),
                                        {phrase(std::move(label)), arg::gb(e.totalGB)});
            helps = helps ? say(TOPOPLAN_TR("Diagnostics", "%1; %2"),
                                {phrase(std::move(*helps)), phrase(std::move(help))})
                          : std::move(help);
        }
        anyFits = anyFits || e.fits;
    };
    if (p.dp % 2 == 0) {
        Plan more = p;
        more.pp *= 2;
        more.dp /= 2;
        tryChange(say(TOPOPLAN_TR("Diagnostics", "pp = %1"), {name(std::to_string(more.pp))}), w,
                  more);
        more = p;
        more.tp *= 2;
        more.dp /= 2;
        tryChange(say(TOPOPLAN_TR("Diagnostics", "tp = %1"), {name(std::to_string(more.tp))}), w,
                  more);
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
            const MessageArg modules = name(recomputeModuleNames(more & ~listed, " "));
            tryChange(
                    norms && act ? say(TOPOPLAN_TR("Diagnostics",
                                                   "recomputing the norms and the experts' "
                                                   "activation, recompute_modules + %1"),
                                       {modules})
                    : norms      ? say(TOPOPLAN_TR("Diagnostics", "recomputing the norms, "
                                                                       "recompute_modules + %1"),
                                       {modules})
                            : say(TOPOPLAN_TR("Diagnostics", "recomputing the experts' activation, "
                                                             "recompute_modules + %1"),
                                  {modules}),
                    lean, p);
        }
    }
    if (w.training.recompute != Recompute::Full) {
        Workload full = w;
        full.training.recompute = Recompute::Full;
        tryChange(say(TOPOPLAN_TR("Diagnostics", "full recomputation")), full, p);
    }
    if (!w.training.distributedOptimizer && p.dp * p.cp > 1) {
        Workload sharded = w;
        sharded.training.distributedOptimizer = true;
        tryChange(say(TOPOPLAN_TR("Diagnostics", "the distributed optimizer")), sharded, p);
    }
    if (w.training.microBatch > 1) {
        Workload one = w;
        one.training.microBatch = 1;
        tryChange(say(TOPOPLAN_TR("Diagnostics", "micro_batch = 1")), one, p);
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
            tryChange(say(TOPOPLAN_TR("Diagnostics",
                                      "the activations of %1 layers offloaded to host memory, "
                                      "activation_offload_layers = %2"),
                          {count(off.training.offloadLayers),
                           name(std::to_string(off.training.offloadLayers))}),
                      off, p);
    }
    Message help;
    if (!helps)
        help = say(TOPOPLAN_TR("Diagnostics", " No single change of pp, tp, recomputation, "
                                              "optimizer, micro-batch or offloading makes it fit: "
                                              "use more GPUs."));
    else if (anyFits)
        help = say(TOPOPLAN_TR("Diagnostics", " What would help, with the memory each leaves: %1."),
                   {phrase(std::move(*helps))});
    else
        help = say(TOPOPLAN_TR("Diagnostics",
                               " What would help, with the memory each leaves: %1. None of these "
                               "alone makes it fit: spread the model over more GPUs (more pp or "
                               "tp, on a larger cluster)."),
                   {phrase(std::move(*helps))});
    add(Severity::Error, code::kOutOfMemory,
        say(TOPOPLAN_TR("Diagnostics", "Each GPU needs %1 of its %2: weights %3, gradients %4, "
                                       "optimizer state %5, activations %6, runtime %7 (%8).%9"),
            {arg::gb(m.totalGB), arg::gb(m.capacityGB), arg::gb(m.weightsGB), arg::gb(m.gradsGB),
             arg::gb(m.optimizerGB), arg::gb(m.activationsGB), arg::gb(m.otherGB),
             phrase(m.lastStage ? say(
                            TOPOPLAN_TR("Diagnostics", "the last pipeline stage is the fullest"))
                                : say(TOPOPLAN_TR("Diagnostics",
                                                  "the first pipeline stage is the fullest"))),
             phrase(std::move(help))}),
        {});
}

void Diagnoser::bubble()
{
    const double share = m_r.step.bubbleFraction;
    if (m_r.plan.pp <= 1 || share <= kBubbleInfoShare)
        return;
    const TrainingSpec &t = m_r.workload.training;
    using namespace msg;
    add(share > kBubbleWarningShare ? Severity::Warning : Severity::Info, code::kPpBubbleLarge,
        say(TOPOPLAN_TR("Diagnostics",
                        "The pipeline bubble takes %1 of the step: pp = %2 stages fill and drain "
                        "around %3 micro-batches per step (global_batch / (micro_batch x dp) = %4 "
                        "/ (%5 x %6)), interleave %7. Raise the micro-batches per step (a larger "
                        "global batch, a smaller micro-batch or less DP), or interleave v model "
                        "chunks per GPU (training.interleave), which divides the bubble by v."),
            {arg::percent(share), name(std::to_string(m_r.plan.pp)), count(m_r.step.microBatches),
             name(std::to_string(t.globalBatch)), name(std::to_string(t.microBatch)),
             name(std::to_string(m_r.plan.dp)), name(std::to_string(t.interleave))}),
        {});
}

} // namespace topoplan
