#include "app/common/units.h"

#include <QLocale>

#include <cmath>

namespace topoplan::units {

namespace {

// Three significant figures read well for bandwidths and rates; integers stay exact.
QString scaled(double value, const char *const *unitNames, int unitCount)
{
    int unit = 0;
    double v = value;
    while (std::abs(v) >= 1000 && unit + 1 < unitCount) {
        v /= 1000;
        ++unit;
    }
    int decimals = 0;
    if (std::abs(v) < 10)
        decimals = 2;
    else if (std::abs(v) < 100)
        decimals = 1;
    return number(v, decimals) + QLatin1Char(' ') + QLatin1String(unitNames[unit]);
}

} // namespace

QString number(double value, int maxDecimals)
{
    const double rounded
            = std::round(value * std::pow(10.0, maxDecimals)) / std::pow(10.0, maxDecimals);
    QString text = QLocale().toString(rounded, 'f', maxDecimals);
    const QString point = QLocale().decimalPoint();
    if (maxDecimals > 0 && text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

QString bandwidth(double gigabytesPerSecond)
{
    if (gigabytesPerSecond != 0 && std::abs(gigabytesPerSecond) < 1) {
        static const char *const small[] = {"MB/s"};
        return scaled(gigabytesPerSecond * 1000, small, 1);
    }
    static const char *const names[] = {"GB/s", "TB/s", "PB/s"};
    return scaled(gigabytesPerSecond, names, 3);
}

QString tflops(double teraflopsPerSecond)
{
    static const char *const names[] = {"TFLOP/s", "PFLOP/s", "EFLOP/s"};
    return scaled(teraflopsPerSecond, names, 3);
}

QString gigabytes(double gigabytes)
{
    static const char *const names[] = {"GB", "TB", "PB"};
    // Memory is sold in binary-ish steps but quoted in decimal GB (80 GB, 141 GB); keep that.
    return scaled(gigabytes, names, 3);
}

QString lineRate(double gigabitsPerSecond)
{
    if (gigabitsPerSecond >= 1000)
        return number(gigabitsPerSecond / 1000, 1) + QLatin1Char('T');
    return number(gigabitsPerSecond, 0) + QLatin1Char('G');
}

QString bundle(int count, double gigabitsPerSecond)
{
    if (count <= 1)
        return lineRate(gigabitsPerSecond);
    return QString::number(count) + QLatin1String(" x ") + lineRate(gigabitsPerSecond);
}

QString duration(double seconds)
{
    if (!std::isfinite(seconds))
        return QStringLiteral("\u221e s");
    const double a = std::abs(seconds);
    const auto withUnit = [](double v, const char *unit) -> QString {
        const int decimals = std::abs(v) < 10 ? 2 : std::abs(v) < 100 ? 1 : 0;
        return number(v, decimals) + QLatin1Char(' ') + QString::fromUtf8(unit);
    };
    if (a >= 1 || a == 0)
        return withUnit(seconds, "s");
    if (a >= 1e-3)
        return withUnit(seconds * 1e3, "ms");
    return withUnit(seconds * 1e6, "\u00b5s");
}

QString percent(double fraction)
{
    return number(fraction * 100, 1) + QStringLiteral(" %");
}

QString tokensPerSecond(double tokens)
{
    if (std::abs(tokens) >= 1e6)
        return number(tokens / 1e6, 2) + QStringLiteral(" M tokens/s");
    return QLocale().toString(std::round(tokens), 'f', 0) + QStringLiteral(" tokens/s");
}

} // namespace topoplan::units
