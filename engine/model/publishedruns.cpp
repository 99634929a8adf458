#include "engine/model/publishedruns.h"

#include "engine/core/figure.h"
#include "engine/model/catalog.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace topoplan {

std::string gpuFamily(const GpuModel &gpu)
{
    switch (gpu.sm / 10) {
    case 7:
        return "Volta";
    case 8:
        return "Ampere";
    case 9:
        return "Hopper";
    case 10:
    case 12:
        return "Blackwell";
    default:
        return {};
    }
}

int scaleClass(int gpus)
{
    return gpus <= 256 ? 0 : gpus <= 2048 ? 1 : 2;
}

std::string scaleClassText(int scale)
{
    switch (scale) {
    case 0:
        return "up to 256 GPUs";
    case 1:
        return "257 to 2,048 GPUs";
    case 2:
        return "more than 2,048 GPUs";
    default:
        return "any scale";
    }
}

std::string ProjectionBand::what() const
{
    std::string out = family.empty() ? "any GPU" : family;
    out += moe ? ", MoE" : ", dense";
    out += ", " + scaleClassText(scale);
    return out;
}

std::string bandText(const ProjectionBand &band)
{
    if (!band.known())
        return {};
    return "±" + figure::text(figure::percent(band.meanError)) + " on " + std::to_string(band.runs)
           + " published runs of this class (" + band.what() + ")";
}

namespace {

using RunFilter = std::function<bool(const PublishedRunRecord &)>;

ProjectionBand bandOf(const std::vector<PublishedRunRecord> &runs, const RunFilter &in)
{
    ProjectionBand b;
    for (const PublishedRunRecord &r : runs) {
        if (!in(r))
            continue;
        const double e = r.error();
        ++b.runs;
        b.meanError += std::fabs(e);
        b.bias += e;
        b.worstError = std::max(b.worstError, std::fabs(e));
    }
    if (b.runs > 0) {
        b.meanError /= b.runs;
        b.bias /= b.runs;
    }
    return b;
}

} // namespace

ProjectionBand projectionBand(const Catalog &catalog, const GpuModel &gpu, bool moe, int gpus)
{
    const std::vector<PublishedRunRecord> &runs = catalog.publishedRuns();
    const std::string family = gpuFamily(gpu);
    const int scale = scaleClass(gpus);
    const auto familyOf = [&](const PublishedRunRecord &r) {
        const GpuModel *g = catalog.gpu(r.gpu);
        return g ? gpuFamily(*g) : std::string();
    };
    // The nearest class with enough runs: exact, then any scale, then any family, then all.
    struct Step
    {
        bool sameFamily, sameScale, sameKind;
    };
    for (const Step s : {Step{true, true, true}, Step{true, false, true}, Step{false, true, true},
                         Step{false, false, true}, Step{false, false, false}}) {
        if (s.sameFamily && family.empty())
            continue;
        ProjectionBand b = bandOf(runs, [&](const PublishedRunRecord &r) {
            return (!s.sameKind || r.moe == moe) && (!s.sameScale || scaleClass(r.gpus) == scale)
                   && (!s.sameFamily || familyOf(r) == family);
        });
        if (b.runs >= ProjectionBand::kMinRuns || (!s.sameKind && b.runs > 0)) {
            b.family = s.sameFamily ? family : std::string();
            b.moe = moe;
            b.scale = s.sameScale ? scale : -1;
            if (!s.sameKind)
                b.family.clear();
            return b;
        }
    }
    return {};
}

std::vector<PublishedRunRecord> parsePublishedRuns(const JsonIn &section)
{
    section.expectObject();
    section.expectOnly({"description", "source", "runs"});
    std::vector<PublishedRunRecord> out;
    for (const JsonIn &j : section.at("runs").items()) {
        j.expectOnly({"id", "gpu", "moe", "gpus", "published_tokens_per_gpu",
                      "projected_tokens_per_gpu", "fits_without_recompute", "source"});
        PublishedRunRecord r;
        r.id = j.at("id").id();
        r.gpu = j.at("gpu").id();
        r.moe = j.boolean("moe", false);
        r.gpus = j.positiveInt("gpus");
        r.publishedTokensPerGpu = j.positive("published_tokens_per_gpu");
        r.projectedTokensPerGpu = j.positive("projected_tokens_per_gpu");
        r.fitsWithoutRecompute = j.boolean("fits_without_recompute", false);
        r.source = j.string("source");
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace topoplan
