#pragma once

#include <string>

namespace topoplan::figure {

// The one set of rules by which a figure with a unit becomes text, for the whole product:
// engine messages, the CLI, the panels and the canvas (app/common/units only puts the chosen
// digits in the user's locale). Three significant figures read well for bandwidths and rates,
// the unit steps by 1000, trailing zeros are dropped, and a unit follows its number after a
// space ("1.8 TB/s", "51.4 %"). Bandwidths are per direction in decimal units, as the catalog
// states them.
struct Figure
{
    double value = 0; // in `unit`, not yet rounded
    int decimals = 0; // the most decimals to show (trailing zeros are dropped)
    std::string unit; // "GB/s", "%", ... ; empty for a plain number
};

Figure bandwidth(double gigabytesPerSecond); // 450 -> 450 GB/s, 1800 -> 1.8 TB/s, 0.5 -> 500 MB/s
Figure tflops(double teraflopsPerSecond);    // 989 -> 989 TFLOP/s, 2250 -> 2.25 PFLOP/s
Figure gigabytes(double gigabytes);          // 80 -> 80 GB, 1536 -> 1.54 TB
Figure duration(double seconds);       // 13.84 -> 13.8 s, 0.0421 -> 42.1 ms, 3.5e-6 -> 3.5 µs
Figure percent(double fraction);       // 0.514 -> 51.4 %
Figure tokensPerSecond(double tokens); // 9500 -> 9500 tokens/s, 1.25e6 -> 1.25 M tokens/s
Figure power(double watts);            // 850 -> 850 W, 12400 -> 12.4 kW, 3.21e6 -> 3.21 MW
// An amount of money in `currency` (an ISO code): 45600 -> 45.6 k USD, 1.23e9 -> 1.23 B USD.
Figure money(double amount, const std::string &currency);

// `value` rounded to at most `maxDecimals` decimals, trailing zeros dropped, '.' as the point:
// 2.50 -> "2.5", 256 -> "256". Not finite: "inf", "-inf" or "nan".
std::string number(double value, int maxDecimals = 2);
// A count with its thousands grouped: 5120 -> "5,120".
std::string count(long long value);
// A whole number as running text writes it: grouped from five digits on ("16,384", "9500"),
// the rule of text() for whole figures and of a Message's counts.
std::string whole(long long value);
// The same with its sign: "+12.3", "-0.4", and "0" for what rounds to zero (a change).
std::string signedNumber(double value, int maxDecimals = 2);
// A figure as text in the C locale: "1.8 TB/s".
std::string text(const Figure &f);

} // namespace topoplan::figure
