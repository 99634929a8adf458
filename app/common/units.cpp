#include "app/common/units.h"

#include "engine/core/figure.h"
#include "engine/core/message.h"

#include <QCoreApplication>
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

QString argText(const MessageArg &a)
{
    switch (a.kind) {
    case MessageArg::Kind::Name:
        return QString::fromStdString(a.name);
    case MessageArg::Kind::Count:
        return count(a.count);
    case MessageArg::Kind::Figure:
        return localized(a.figure);
    case MessageArg::Kind::Phrase:
        return a.phrase.empty() ? QString() : message(a.phrase.front());
    }
    return {};
}

} // namespace

QString count(long long n)
{
    return number(double(n), 0);
}

QString text(const figure::Figure &f)
{
    return localized(f);
}

QString message(const Message &m)
{
    const QString translated = QCoreApplication::translate(m.context.c_str(), m.text.c_str());
    // %1 .. %9, each replaced by its argument once; an argument's own text is not scanned.
    QString out;
    out.reserve(translated.size() + 16 * qsizetype(m.args.size()));
    for (qsizetype i = 0; i < translated.size(); ++i) {
        const QChar c = translated.at(i);
        if (c == QLatin1Char('%') && i + 1 < translated.size()) {
            const int n = translated.at(i + 1).digitValue();
            if (n >= 1 && std::size_t(n) <= m.args.size()) {
                out += argText(m.args[std::size_t(n - 1)]);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

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
