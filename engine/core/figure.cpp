#include "engine/core/figure.h"

#include <cmath>
#include <cstdio>

namespace topoplan::figure {

namespace {

// Three significant figures: 2 decimals below 10, 1 below 100, none above.
int significantDecimals(double v)
{
    const double a = std::abs(v);
    return a < 10 ? 2 : a < 100 ? 1 : 0;
}

Figure scaled(double value, std::initializer_list<const char *> names)
{
    auto unit = names.begin();
    double v = value;
    while (std::abs(v) >= 1000 && unit + 1 != names.end()) {
        v /= 1000;
        ++unit;
    }
    return {v, significantDecimals(v), *unit};
}

} // namespace

Figure bandwidth(double gigabytesPerSecond)
{
    if (gigabytesPerSecond != 0 && std::abs(gigabytesPerSecond) < 1)
        return scaled(gigabytesPerSecond * 1000, {"MB/s"});
    return scaled(gigabytesPerSecond, {"GB/s", "TB/s", "PB/s"});
}

Figure tflops(double teraflopsPerSecond)
{
    return scaled(teraflopsPerSecond, {"TFLOP/s", "PFLOP/s", "EFLOP/s"});
}

Figure gigabytes(double gigabytes)
{
    // Memory is quoted in decimal GB (80 GB, 141 GB), as the vendors do.
    return scaled(gigabytes, {"GB", "TB", "PB"});
}

Figure duration(double seconds)
{
    const double a = std::abs(seconds);
    if (!std::isfinite(seconds) || a >= 1 || a == 0)
        return {seconds, significantDecimals(seconds), "s"};
    if (a >= 1e-3)
        return {seconds * 1e3, significantDecimals(seconds * 1e3), "ms"};
    return {seconds * 1e6, significantDecimals(seconds * 1e6), "\u00b5s"};
}

Figure percent(double fraction)
{
    return {fraction * 100, 1, "%"};
}

Figure tokensPerSecond(double tokens)
{
    if (std::abs(tokens) >= 1e6)
        return {tokens / 1e6, 2, "M tokens/s"};
    return {tokens, 0, "tokens/s"};
}

Figure power(double watts)
{
    return scaled(watts, {"W", "kW", "MW", "GW"});
}

Figure money(double amount, const std::string &currency)
{
    // k, M, B as financial figures are quoted; below 1000 to the cent.
    const std::string c = " " + currency;
    const double a = std::abs(amount);
    if (a < 1000)
        return {amount, 2, currency};
    Figure f = scaled(amount / 1000, {"k", "M", "B", "T"});
    f.unit += c;
    return f;
}

std::string number(double value, int maxDecimals)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    const double scale = std::pow(10.0, maxDecimals);
    double rounded = std::round(value * scale) / scale;
    if (rounded == 0)
        rounded = 0; // no "-0"
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", maxDecimals, rounded);
    std::string s = buffer;
    if (maxDecimals > 0 && s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

std::string count(long long value)
{
    const std::string digits = std::to_string(value);
    const std::size_t sign = value < 0 ? 1 : 0;
    std::string out = digits.substr(0, sign);
    for (std::size_t i = sign; i < digits.size(); ++i) {
        if (i > sign && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

std::string whole(long long value)
{
    return value >= 10'000 || value <= -10'000 ? count(value) : std::to_string(value);
}

std::string signedNumber(double value, int maxDecimals)
{
    const std::string s = number(value, maxDecimals);
    return s != "0" && s[0] != '-' && s != "nan" ? "+" + s : s;
}

std::string text(const Figure &f)
{
    // Whole figures of five digits and more with their thousands grouped, as a reader counts
    // them ("831,943 tokens/s"); "9500 tokens/s" stays as it is.
    const bool whole = f.decimals == 0 && std::isfinite(f.value) && std::abs(f.value) < 9e18;
    const std::string n
            = whole ? figure::whole(std::llround(f.value)) : number(f.value, f.decimals);
    return f.unit.empty() ? n : n + ' ' + f.unit;
}

} // namespace topoplan::figure
