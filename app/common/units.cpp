#include "app/common/units.h"

#include "engine/core/figure.h"

#include <QLocale>

#include <cmath>

namespace topoplan::units {

namespace {

// The engine chooses the unit and the digits (engine/core/figure); only the decimal point and
// digit grouping are the locale's.
QString localized(const figure::Figure &f)
{
    const QString n = number(f.value, f.decimals);
    return f.unit.empty() ? n : n + QLatin1Char(' ') + QString::fromStdString(f.unit);
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
    return localized(figure::bandwidth(gigabytesPerSecond));
}

QString tflops(double teraflopsPerSecond)
{
    return localized(figure::tflops(teraflopsPerSecond));
}

QString power(double watts)
{
    return localized(figure::power(watts));
}

QString money(double amount, const QString &currency)
{
    return localized(figure::money(amount, currency.toStdString()));
}

QString gigabytes(double gigabytes)
{
    return localized(figure::gigabytes(gigabytes));
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
    return localized(figure::duration(seconds));
}

QString percent(double fraction)
{
    return localized(figure::percent(fraction));
}

QString tokensPerSecond(double tokens)
{
    return localized(figure::tokensPerSecond(tokens));
}

} // namespace topoplan::units
