#include "engine/explore/exploreverdict.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// As jsonNumber() rounds what the JSON prints.
double printed(double v, int decimals)
{
    if (!std::isfinite(v))
        return v;
    const double scale = std::pow(10.0, decimals);
    return std::round(v * scale) / scale;
}

bool ran(const VariantResult &v)
{
    return v.status == VariantStatus::Ok && v.jobGpus() > 0;
}

// The figures a variant is ranked on: per GPU of the job, or as they are.
struct Scored
{
    double tokens = 0;
    std::optional<double> metric;
};

Scored scoreOf(const VariantResult &v, ExploreMetric m, bool perGpu)
{
    const double gpus = perGpu ? v.jobGpus() : 1;
    Scored s{printedTokensPerS(v) / gpus, std::nullopt};
    if (std::optional<double> value = metricOf(v, m))
        s.metric = *value / gpus;
    return s;
}

// What a metric is called and how much of it a design has, as the verdicts write it.
struct MetricWords
{
    const char *unit;     // "switches", "kW of server power"
    const char *more;     // "more", "more"
    const char *fewer;    // "fewer", "less"
    const char *same;     // "as many switches", "as much server power"
    double perGpuScale;   // per 1,000 GPUs for switches, per GPU for kW
    const char *perGpuAs; // "per 1000 GPUs", "per GPU"
    int decimals;         // of the absolute figure
};

MetricWords wordsOf(ExploreMetric m)
{
    switch (m) {
    case ExploreMetric::Switches:
        return {"switches", "more", "fewer", "as many switches", 1000, "per 1000 GPUs", 0};
    case ExploreMetric::ServerPower:
        return {"kW of server power", "more", "less", "as much server power", 1, "per GPU", 1};
    }
    return wordsOf(ExploreMetric::Switches);
}

std::string amountText(ExploreMetric m, double value)
{
    const MetricWords w = wordsOf(m);
    return figure::number(value, w.decimals) + " " + w.unit;
}

// "with 8 more switches", "with as many switches", "with 1.2 against 1.6 kW of server power
// per GPU".
std::string deltaText(ExploreMetric m, const VariantResult &a, const VariantResult &b, bool perGpu)
{
    const std::optional<double> x = metricOf(a, m), y = metricOf(b, m);
    if (!x || !y)
        return "";
    const MetricWords w = wordsOf(m);
    if (perGpu) {
        const double px = *x / a.jobGpus() * w.perGpuScale, py = *y / b.jobGpus() * w.perGpuScale;
        return ", with " + figure::number(px, 2) + " against " + figure::number(py, 2) + " "
               + w.unit + " " + w.perGpuAs;
    }
    const double delta = *x - *y;
    if (printed(delta, w.decimals) == 0)
        return std::string(", with ") + w.same;
    return ", with " + figure::number(std::abs(delta), w.decimals) + " "
           + (delta > 0 ? w.more : w.fewer) + " " + w.unit;
}

std::string perGpuTokensText(const VariantResult &v)
{
    return figure::text(figure::tokensPerSecond(printedTokensPerS(v) / v.jobGpus()));
}

std::string bestSentence(const VariantResult &best, const ExploreResult &r, bool perGpu)
{
    const std::string tokens = figure::text(figure::tokensPerSecond(printedTokensPerS(best)));
    std::string text = "Best: " + best.spec.label + " at ";
    if (perGpu)
        text += perGpuTokensText(best) + " per GPU (" + tokens + " on "
                + std::to_string(best.jobGpus()) + " GPUs)";
    else
        text += tokens + " (" + perGpuTokensText(best) + " per GPU)";
    if (std::optional<double> m = metricOf(best, r.against))
        text += ", " + amountText(r.against, *m);
    return text + ".";
}

// The GPU counts the variants that ran the job run it on, for the sentence that says they
// are compared per GPU.
std::string perGpuSentence(const ExploreResult &r)
{
    int fewest = 0, most = 0;
    for (const VariantResult &v : r.variants) {
        if (!ran(v))
            continue;
        fewest = fewest == 0 ? v.jobGpus() : std::min(fewest, v.jobGpus());
        most = std::max(most, v.jobGpus());
    }
    return "Compared per GPU: " + std::to_string(r.gpus)
           + " GPUs is not a whole number of servers, racks or domains for every design, so each "
             "runs the job on the counts nearest it that it builds ("
           + std::to_string(fewest) + " to " + std::to_string(most) + " GPUs).";
}

} // namespace

const char *toString(ExploreMetric m)
{
    switch (m) {
    case ExploreMetric::Switches:
        return "switches";
    case ExploreMetric::ServerPower:
        return "server-power";
    }
    return "switches";
}

std::optional<ExploreMetric> exploreMetricFromString(const std::string &s)
{
    for (ExploreMetric m : exploreMetrics())
        if (s == toString(m))
            return m;
    return std::nullopt;
}

std::vector<ExploreMetric> exploreMetrics()
{
    return {ExploreMetric::Switches, ExploreMetric::ServerPower};
}

std::optional<double> metricOf(const VariantResult &v, ExploreMetric m)
{
    if (v.status != VariantStatus::Ok && v.status != VariantStatus::NoPlan)
        return std::nullopt;
    switch (m) {
    case ExploreMetric::Switches:
        return v.switches();
    case ExploreMetric::ServerPower:
        if (!v.serverPowerKW)
            return std::nullopt;
        return printed(*v.serverPowerKW, 1);
    }
    return std::nullopt;
}

double printedTokensPerS(const VariantResult &v)
{
    return v.best ? printed(v.best->step.tokensPerS, 1) : 0;
}

bool comparedPerGpu(const std::vector<VariantResult> &variants, int gpus)
{
    return std::any_of(variants.begin(), variants.end(),
                       [gpus](const VariantResult &v) { return ran(v) && v.jobGpus() != gpus; });
}

void markPareto(std::vector<VariantResult> &variants, ExploreMetric against, int gpus)
{
    const bool perGpu = comparedPerGpu(variants, gpus);
    std::vector<Scored> scores;
    scores.reserve(variants.size());
    for (const VariantResult &v : variants)
        scores.push_back(ran(v) ? scoreOf(v, against, perGpu) : Scored{});
    for (std::size_t i = 0; i < variants.size(); ++i) {
        VariantResult &v = variants[i];
        v.pareto = false;
        if (!ran(v) || !scores[i].metric)
            continue;
        const Scored &s = scores[i];
        bool dominated = false;
        for (std::size_t j = 0; j < variants.size() && !dominated; ++j) {
            const Scored &u = scores[j];
            if (j == i || !ran(variants[j]) || !u.metric)
                continue;
            dominated = u.tokens >= s.tokens && *u.metric <= *s.metric
                        && (u.tokens > s.tokens || *u.metric < *s.metric);
        }
        v.pareto = !dominated;
    }
}

std::vector<std::string> verdicts(const ExploreResult &r)
{
    std::vector<std::string> out;
    const bool perGpu = comparedPerGpu(r.variants, r.gpus);
    auto score = [&](const VariantResult &v) {
        return scoreOf(v, r.against, perGpu);
    };
    // More tokens/s; as many with less of the metric.
    auto better = [&](const VariantResult &a, const VariantResult &b) {
        const Scored x = score(a), y = score(b);
        if (x.tokens != y.tokens)
            return x.tokens > y.tokens;
        return x.metric && (!y.metric || *x.metric < *y.metric);
    };
    const VariantResult *best = nullptr;
    for (const VariantResult &v : r.variants)
        if (ran(v) && (!best || better(v, *best)))
            best = &v;
    if (!best) {
        out.push_back("No variant can run the job on about " + std::to_string(r.gpus)
                      + " GPUs: see each variant's message.");
        return out;
    }
    if (perGpu)
        out.push_back(perGpuSentence(r));
    out.push_back(bestSentence(*best, r, perGpu));
    const char *per = perGpu ? " tokens/s per GPU" : " tokens/s";
    // The best of every other domain, in the order the domains were asked.
    std::vector<std::string> seen{toString(best->spec.domain)};
    for (const VariantResult &v : r.variants) {
        const std::string domain = toString(v.spec.domain);
        if (std::find(seen.begin(), seen.end(), domain) != seen.end())
            continue;
        seen.push_back(domain);
        const VariantResult *top = nullptr;
        for (const VariantResult &u : r.variants)
            if (ran(u) && toString(u.spec.domain) == domain && (!top || better(u, *top)))
                top = &u;
        if (!top)
            continue;
        const double gain = score(*best).tokens / score(*top).tokens - 1;
        out.push_back(best->spec.label + " beats " + top->spec.label + " (the best on " + domain
                      + ") by " + figure::text(figure::percent(gain)) + per
                      + deltaText(r.against, *best, *top, perGpu) + ".");
    }
    // The design with the least of the metric within 5 % of the best.
    const Scored top = score(*best);
    const VariantResult *frugal = nullptr;
    for (const VariantResult &v : r.variants) {
        const Scored s = score(v);
        if (!ran(v) || !s.metric || !top.metric || s.tokens < 0.95 * top.tokens
            || *s.metric >= *top.metric)
            continue;
        if (!frugal || *s.metric < *score(*frugal).metric
            || (*s.metric == *score(*frugal).metric && s.tokens > score(*frugal).tokens))
            frugal = &v;
    }
    if (frugal) {
        const double loss = 1 - score(*frugal).tokens / top.tokens;
        const std::string lossText = figure::text(figure::percent(loss));
        const std::string how = lossText == figure::text(figure::percent(0))
                                        ? " is as fast as the best (within 0.05 %)"
                                        : " comes within " + lossText + " of the best";
        out.push_back(frugal->spec.label + how + (perGpu ? " per GPU" : "")
                      + deltaText(r.against, *frugal, *best, perGpu) + ".");
    }
    return out;
}

} // namespace topoplan
