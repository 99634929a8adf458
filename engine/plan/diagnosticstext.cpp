#include "engine/plan/diagnosticstext.h"

#include "engine/core/figure.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace topoplan::diagtext {

namespace {

std::string format(const char *pattern, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, pattern, v);
    return buf;
}

} // namespace

void appendUnique(std::vector<std::string> *list, const std::string &item)
{
    if (std::find(list->begin(), list->end(), item) == list->end())
        list->push_back(item);
}

std::string listed(const std::vector<std::string> &items, std::size_t shown)
{
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < shown; ++i)
        out += (i ? ", " : "") + items[i];
    if (items.size() > shown)
        out += " and " + std::to_string(items.size() - shown) + " more";
    return out;
}

std::string countOf(int n, int total, const std::string &noun)
{
    if (total == 1)
        return "the " + noun;
    if (n == total)
        return (total == 2 ? "both" : "all " + std::to_string(total)) + " " + noun + "s";
    return std::to_string(n) + " of " + std::to_string(total) + " " + noun + "s";
}

std::string dimName(Dim d)
{
    std::string s = toString(d);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
    return s;
}

std::string className(LinkClass c)
{
    switch (c) {
    case LinkClass::NVLink:
        return "NVLink";
    case LinkClass::XGMI:
        return "xGMI";
    case LinkClass::InfiniBand:
        return "InfiniBand";
    case LinkClass::RoCE:
        return "RoCE";
    case LinkClass::PCIe:
        return "PCIe";
    case LinkClass::Ethernet:
        return "plain Ethernet";
    }
    return "?";
}

std::string gbs(double v)
{
    return figure::text(figure::bandwidth(v));
}

std::string gb(double v)
{
    return figure::text(figure::gigabytes(v));
}

std::string us(double v)
{
    return figure::text(figure::duration(v * 1e-6));
}

std::string percent(double share)
{
    return figure::text(figure::percent(share));
}

std::string ratio(double r)
{
    const double rounded = std::round(r * 10) / 10;
    return format(rounded == std::floor(rounded) ? "%.0f:1" : "%.1f:1", rounded);
}

namespace arg {

using namespace msg;

MessageArg listed(const std::vector<std::string> &items, std::size_t shown)
{
    std::string first;
    for (std::size_t i = 0; i < items.size() && i < shown; ++i)
        first += (i ? ", " : "") + items[i];
    if (items.size() <= shown)
        return name(first);
    return phrase(say(TOPOPLAN_TR("Diagnostics", "%1 and %2 more"),
                      {name(first), count(static_cast<long long>(items.size() - shown))}));
}

MessageArg groups(int n, int total, Dim d)
{
    const MessageArg dim = name(dimName(d));
    if (total == 1)
        return phrase(say(TOPOPLAN_TR("Diagnostics", "the %1 group"), {dim}));
    if (n == total && total == 2)
        return phrase(say(TOPOPLAN_TR("Diagnostics", "both %1 groups"), {dim}));
    if (n == total)
        return phrase(say(TOPOPLAN_TR("Diagnostics", "all %2 %1 groups"), {dim, count(total)}));
    return phrase(
            say(TOPOPLAN_TR("Diagnostics", "%2 of %3 %1 groups"), {dim, count(n), count(total)}));
}

MessageArg className(LinkClass c)
{
    if (c == LinkClass::Ethernet)
        return phrase(say(TOPOPLAN_TR("Diagnostics", "plain Ethernet")));
    return name(diagtext::className(c));
}

MessageArg gbs(double v)
{
    return msg::figure(figure::bandwidth(v));
}

MessageArg gb(double v)
{
    return msg::figure(figure::gigabytes(v));
}

MessageArg us(double v)
{
    return msg::figure(figure::duration(v * 1e-6));
}

MessageArg percent(double share)
{
    return msg::figure(figure::percent(share));
}

MessageArg ratio(double r)
{
    const double rounded = std::round(r * 10) / 10;
    return phrase(say(TOPOPLAN_TR("Diagnostics", "%1:1"), {msg::figure({rounded, 1, ""})}));
}

} // namespace arg

} // namespace topoplan::diagtext
