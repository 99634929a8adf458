#pragma once

#include "engine/core/error.h"
#include "engine/core/message.h"
#include "engine/perf/softwaremodel.h"
#include "engine/plan/placement.h"

#include <optional>

#include <string>
#include <vector>

namespace topoplan {

class Analyzer;
struct AnalysisResult;

// What an analysis found worth telling: a stable code, how much it matters, a message that
// says why it matters and what to change, and the ids (nodes, switches, links, domains) the
// canvas can highlight.
enum class Severity { Error, Warning, Info };
const char *toString(Severity s); // "error", "warning", "info"

struct Diagnostic
{
    Severity severity = Severity::Info;
    std::string code;
    std::string message;
    std::vector<std::string> ids;
    std::optional<Dim> dim; // the dimension whose communication it is about, if any
    // `message` as a template and its arguments, for a front end to translate; empty for a
    // message that has none.
    Message sentence = {};
    bool operator==(const Diagnostic &) const = default;
};

// How much the diagnostics say is wrong with dimension `d`: the most severe warning or error
// about it, or nothing. The canvas colours a dimension's bottleneck by this, so it never
// re-derives a rule.
std::optional<Severity> dimensionSeverity(const std::vector<Diagnostic> &diagnostics, Dim d);

// The codes, a contract like the JSON field names.
namespace code {
// A TP (EP) group spans several NVLink domains: its collectives leave NVLink.
inline constexpr const char *kTpCrossesNvlinkDomain = "TP_CROSSES_NVLINK_DOMAIN";
inline constexpr const char *kEpCrossesNvlinkDomain = "EP_CROSSES_NVLINK_DOMAIN";
// TP, EP or CP traffic on plain (non-RDMA, TCP) Ethernet: error; PP: warning.
inline constexpr const char *kTpOnEthernet = "TP_ON_ETHERNET";
inline constexpr const char *kEpOnEthernet = "EP_ON_ETHERNET";
inline constexpr const char *kCpOnEthernet = "CP_ON_ETHERNET";
inline constexpr const char *kPpOnEthernet = "PP_ON_ETHERNET";
// DP traffic crosses switches whose uplinks are oversubscribed.
inline constexpr const char *kDpOversubscribed = "DP_OVERSUBSCRIBED";
// On a rail-optimized fabric, DP traffic goes from one rail to another (through the spines).
inline constexpr const char *kDpCrossesRails = "DP_CROSSES_RAILS";
// Traffic between rails (planes) that meet in no switch crosses NVLink to a GPU on the
// receiver's rail first (NCCL's PXN): information for rings, a warning for all-to-alls.
inline constexpr const char *kForwardedBetweenRails = "FORWARDED_BETWEEN_RAILS";
// GPUs of a group have no path between them.
inline constexpr const char *kNoPath = "NO_PATH";
inline constexpr const char *kOutOfMemory = "OUT_OF_MEMORY";
inline constexpr const char *kPlanInvalid = "PLAN_INVALID";
// Info: every GPU is in one NVLink domain; training traffic needs no fabric.
inline constexpr const char *kFitsOneDomain = "FITS_ONE_DOMAIN";
// Info: the design has spine (core) switches and no group's traffic reaches them at this plan.
inline constexpr const char *kTierUnused = "TIER_UNUSED";
inline constexpr const char *kPpBubbleLarge = "PP_BUBBLE_LARGE";
inline constexpr const char *kMixedGpuModels = "MIXED_GPU_MODELS";
// Servers whose model an import assumed (Node::modelAssumed) and nobody has confirmed.
inline constexpr const char *kServerModelAssumed = "SERVER_MODEL_ASSUMED";
} // namespace code

// The PLAN_INVALID diagnostic of a plan that validatePlan() (or resolvePlan()) refused, for a
// view that shows diagnostics rather than errors; with planRefusal()'s sentence for `e`, if
// there is one, for a front end to translate.
Diagnostic planInvalid(const Error &e, const std::optional<PlanRefusal> &why = std::nullopt);

// Everything the analysis `r` of `a` gives reason to say, errors first, then warnings, then
// information.
std::vector<Diagnostic> diagnose(const Analyzer &a, const AnalysisResult &r,
                                 const SoftwareModel &sw);

// Thresholds, each with its reason.
// A bubble above this share of the step is worth a note: (pp - 1) / m at 25% means fewer than
// 4 (pp - 1) micro-batches per step, where Narayanan et al. (SC'21) raise the batch or
// interleave.
inline constexpr double kBubbleInfoShare = 0.25;
// Above this it costs more than the usual DP or TP overheads of a well-tuned run: a warning.
inline constexpr double kBubbleWarningShare = 0.40;
// Bandwidth lost to oversubscription below this share is rounding, not a finding.
inline constexpr double kOversubscriptionLossShare = 0.02;

} // namespace topoplan
