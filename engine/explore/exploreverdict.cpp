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

// The metric's amount as a figure: switches and kW as plain numbers, as the tables print
// them; money and the IT load in their units ("10.5 M USD", "335 kW").
MessageArg metricFigure(ExploreMetric m, double value, const std::string &currency, int decimals)
{
    switch (m) {
    case ExploreMetric::Capex:
        return msg::figure(figure::money(value, currency));
    case ExploreMetric::ItPower:
        return msg::figure(figure::power(value * 1000));
    case ExploreMetric::Switches:
    case ExploreMetric::ServerPower:
        break;
    }
    return msg::figure({value, decimals, ""});
}

// How much of the metric a design has, after the figure before it: ", 96 switches",
// ", 123.4 kW of server power", ", 10.5 M USD of capital cost", ", 335 kW of IT load".
Message amount(ExploreMetric m, double value, const std::string &currency)
{
    using namespace msg;
    switch (m) {
    case ExploreMetric::ServerPower:
        return say(TOPOPLAN_TR("Explorer", ", %1 kW of server power"),
                   {msg::figure({value, 1, ""})});
    case ExploreMetric::Capex:
        return say(TOPOPLAN_TR("Explorer", ", %1 of capital cost"),
                   {metricFigure(m, value, currency, 0)});
    case ExploreMetric::ItPower:
        return say(TOPOPLAN_TR("Explorer", ", %1 of IT load"),
                   {metricFigure(m, value, currency, 0)});
    case ExploreMetric::Switches:
        break;
    }
    return say(TOPOPLAN_TR("Explorer", ", %1 switches"), {msg::figure({value, 0, ""})});
}

// ", with 8 more switches", ", with as many switches", ", with 1.2 against 1.6 kW of server
// power per GPU", ", with 1.2 M USD less capital cost"; empty where either lacks the metric.
MessageArg delta(ExploreMetric m, const VariantResult &a, const VariantResult &b, bool perGpu)
{
    using namespace msg;
    const std::optional<double> x = metricOf(a, m), y = metricOf(b, m);
    if (!x || !y)
        return name("");
    const std::string &currency = a.currency;
    if (m == ExploreMetric::Capex || m == ExploreMetric::ItPower) {
        const bool money = m == ExploreMetric::Capex;
        if (perGpu) {
            const MessageArg px = metricFigure(m, *x / a.jobGpus(), currency, 0);
            const MessageArg py = metricFigure(m, *y / b.jobGpus(), currency, 0);
            return phrase(
                    money ? say(TOPOPLAN_TR("Explorer", ", with %1 against %2 of capital "
                                                        "cost per GPU"),
                                {px, py})
                          : say(TOPOPLAN_TR("Explorer", ", with %1 against %2 of IT load per GPU"),
                                {px, py}));
        }
        const double change = *x - *y;
        const MessageArg size = metricFigure(m, std::abs(change), currency, 0);
        // Within a thousandth, below the figure's three digits: as much.
        if (std::abs(change) < 1e-3 * std::max(std::abs(*x), std::abs(*y)))
            return phrase(money ? say(TOPOPLAN_TR("Explorer", ", with as much capital cost"))
                                : say(TOPOPLAN_TR("Explorer", ", with as much IT load")));
        if (money)
            return phrase(
                    change > 0
                            ? say(TOPOPLAN_TR("Explorer", ", with %1 more capital cost"), {size})
                            : say(TOPOPLAN_TR("Explorer", ", with %1 less capital cost"), {size}));
        return phrase(change > 0 ? say(TOPOPLAN_TR("Explorer", ", with %1 more IT load"), {size})
                                 : say(TOPOPLAN_TR("Explorer", ", with %1 less IT load"), {size}));
    }
    const bool power = m == ExploreMetric::ServerPower;
    if (perGpu) {
        // Switches per 1,000 GPUs, kW per GPU.
        const double scale = power ? 1 : 1000;
        const MessageArg px = msg::figure({*x / a.jobGpus() * scale, 2, ""});
        const MessageArg py = msg::figure({*y / b.jobGpus() * scale, 2, ""});
        return phrase(
                power ? say(
                        TOPOPLAN_TR("Explorer", ", with %1 against %2 kW of server power per GPU"),
                        {px, py})
                      : say(TOPOPLAN_TR("Explorer", ", with %1 against %2 switches per 1000 GPUs"),
                            {px, py}));
    }
    const int decimals = power ? 1 : 0;
    const double change = *x - *y;
    if (printed(change, decimals) == 0)
        return phrase(power ? say(TOPOPLAN_TR("Explorer", ", with as much server power"))
                            : say(TOPOPLAN_TR("Explorer", ", with as many switches")));
    const MessageArg size = msg::figure({std::abs(change), decimals, ""});
    if (power)
        return phrase(change > 0 ? say(TOPOPLAN_TR("Explorer", ", with %1 more kW of server power"),
                                       {size})
                                 : say(TOPOPLAN_TR("Explorer", ", with %1 less kW of server power"),
                                       {size}));
    return phrase(change > 0 ? say(TOPOPLAN_TR("Explorer", ", with %1 more switches"), {size})
                             : say(TOPOPLAN_TR("Explorer", ", with %1 fewer switches"), {size}));
}

MessageArg tokens(double tokensPerS)
{
    return msg::figure(figure::tokensPerSecond(tokensPerS));
}

Message bestSentence(const VariantResult &best, const ExploreResult &r, bool perGpu)
{
    using namespace msg;
    const MessageArg total = tokens(printedTokensPerS(best));
    const MessageArg perGpuTokens = tokens(printedTokensPerS(best) / best.jobGpus());
    const std::optional<double> m = metricOf(best, r.against);
    const MessageArg metric = m ? phrase(amount(r.against, *m, best.currency)) : name("");
    if (perGpu)
        return say(TOPOPLAN_TR("Explorer", "Best: %1 at %2 per GPU (%3 on %4 GPUs)%5."),
                   {name(best.spec.label), perGpuTokens, total, count(best.jobGpus()), metric});
    return say(TOPOPLAN_TR("Explorer", "Best: %1 at %2 (%3 per GPU)%4."),
               {name(best.spec.label), total, perGpuTokens, metric});
}

// The GPU counts the variants that ran the job run it on, for the sentence that says they
// are compared per GPU.
Message perGpuSentence(const ExploreResult &r)
{
    using namespace msg;
    int fewest = 0, most = 0;
    for (const VariantResult &v : r.variants) {
        if (!ran(v))
            continue;
        fewest = fewest == 0 ? v.jobGpus() : std::min(fewest, v.jobGpus());
        most = std::max(most, v.jobGpus());
    }
    return say(TOPOPLAN_TR("Explorer",
                           "Compared per GPU: %1 GPUs is not a whole number of servers, racks or "
                           "domains for every design, so each runs the job on the counts nearest "
                           "it that it builds (%2 to %3 GPUs)."),
               {count(r.gpus), count(fewest), count(most)});
}

} // namespace

const char *toString(ExploreMetric m)
{
    switch (m) {
    case ExploreMetric::Switches:
        return "switches";
    case ExploreMetric::ServerPower:
        return "server-power";
    case ExploreMetric::Capex:
        return "capex";
    case ExploreMetric::ItPower:
        return "power";
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
    return {ExploreMetric::Switches, ExploreMetric::ServerPower, ExploreMetric::Capex,
            ExploreMetric::ItPower};
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
    case ExploreMetric::Capex:
        if (!v.capex)
            return std::nullopt;
        return printed(*v.capex, 0);
    case ExploreMetric::ItPower:
        if (!v.itPowerKW)
            return std::nullopt;
        return printed(*v.itPowerKW, 1);
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

std::vector<Message> verdictMessages(const ExploreResult &r)
{
    using namespace msg;
    std::vector<Message> out;
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
        out.push_back(say(TOPOPLAN_TR("Explorer", "No variant can run the job on about %1 GPUs: "
                                                  "see each variant's message."),
                          {count(r.gpus)}));
        return out;
    }
    if (perGpu)
        out.push_back(perGpuSentence(r));
    out.push_back(bestSentence(*best, r, perGpu));
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
        const std::vector<MessageArg> args{name(best->spec.label), name(top->spec.label),
                                           name(domain), msg::figure(figure::percent(gain)),
                                           delta(r.against, *best, *top, perGpu)};
        out.push_back(perGpu ? say(TOPOPLAN_TR("Explorer", "%1 beats %2 (the best on %3) by %4 "
                                                           "tokens/s per GPU%5."),
                                   args)
                             : say(TOPOPLAN_TR("Explorer",
                                               "%1 beats %2 (the best on %3) by %4 tokens/s%5."),
                                   args));
        // Closer than the projections' own error on published runs of this class of job:
        // the engine cannot tell them apart.
        const ProjectionBand &band = best->best->band;
        if (band.known() && gain < band.meanError)
            out.push_back(say(
                    TOPOPLAN_TR("Explorer", "That is less than the projections' error on published "
                                            "runs of this class (±%1 on %2 runs): too close to "
                                            "call."),
                    {msg::figure(figure::percent(band.meanError)), msg::count(band.runs)}));
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
        const figure::Figure loss = figure::percent(1 - score(*frugal).tokens / top.tokens);
        const MessageArg label = name(frugal->spec.label);
        const MessageArg less = delta(r.against, *frugal, *best, perGpu);
        // Closer than the figure's last digit: as fast, not "within 0 %".
        if (figure::text(loss) == figure::text(figure::percent(0)))
            out.push_back(perGpu ? say(TOPOPLAN_TR("Explorer", "%1 is as fast as the best (within "
                                                               "0.05 %) per GPU%2."),
                                       {label, less})
                                 : say(TOPOPLAN_TR("Explorer", "%1 is as fast as the best (within "
                                                               "0.05 %)%2."),
                                       {label, less}));
        else
            out.push_back(perGpu ? say(TOPOPLAN_TR("Explorer",
                                                   "%1 comes within %2 of the best per GPU%3."),
                                       {label, msg::figure(loss), less})
                                 : say(TOPOPLAN_TR("Explorer", "%1 comes within %2 of the best%3."),
                                       {label, msg::figure(loss), less}));
    }
    return out;
}

std::vector<std::string> verdicts(const ExploreResult &r)
{
    std::vector<std::string> out;
    for (const Message &m : verdictMessages(r))
        out.push_back(m.english());
    return out;
}

} // namespace topoplan
