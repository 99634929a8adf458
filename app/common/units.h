#pragma once

#include <QString>

namespace topoplan {

namespace figure {
struct Figure;
}
struct Message;

// The one place where numbers with units become text, so that the canvas, the status bar and
// every panel say the same figure the same way. Bandwidths are per direction, in decimal
// units (1 GB/s = 1e9 bytes/s) as the catalog states them. The current default QLocale
// chooses the decimal separator.
namespace units {

// 450 -> "450 GB/s", 1800 -> "1.8 TB/s", 23.5 -> "23.5 GB/s", 0.5 -> "500 MB/s"
QString bandwidth(double gigabytesPerSecond);
// 989 -> "989 TFLOP/s", 2250 -> "2.25 PFLOP/s"
QString tflops(double teraflopsPerSecond);
// 80 -> "80 GB", 1536 -> "1.54 TB"
QString gigabytes(double gigabytes);
// The line rate of one cable or port: 400 -> "400G", 1600 -> "1.6T" (Gb/s, as cables are sold)
QString lineRate(double gigabitsPerSecond);
// A bundle of identical cables: (8, 400) -> "8 x 400G"; one cable is just "400G"
QString bundle(int count, double gigabitsPerSecond);
// A time: 13.84 -> "13.8 s", 0.0421 -> "42.1 ms", 0.0000035 -> "3.5 µs"
QString duration(double seconds);
// A share: 0.514 -> "51.4 %"
QString percent(double fraction);
// A throughput in tokens: 9500 -> "9,500 tokens/s", 1.25e6 -> "1.25 M tokens/s"
QString tokensPerSecond(double tokens);
// A power: 850 -> "850 W", 45696 -> "45.7 kW", 3.21e6 -> "3.21 MW"
QString power(double watts);
// An amount of money: (1876800, "USD") -> "1.88 M USD"
QString money(double amount, const QString &currency);
// Plain numbers with at most `maxDecimals` significant decimals, trailing zeros dropped:
// 2.50 -> "2.5", 256 -> "256"
QString number(double value, int maxDecimals = 2);
// A whole number with the locale's digit grouping: 738682 -> "738,682"
QString count(long long n);
// A figure as the engine chose its unit and digits (engine/core/figure), in the locale.
QString text(const figure::Figure &f);
// An engine message in the user's language: its template through QCoreApplication::translate()
// under the context the engine marked it with, names as they are, counts and figures as above.
QString message(const Message &m);

} // namespace units
} // namespace topoplan
