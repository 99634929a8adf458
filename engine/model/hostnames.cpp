#include "engine/model/hostnames.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace topoplan {

namespace {

Error listError(std::size_t column, const std::string &message)
{
    return {"", "column " + std::to_string(column + 1), message};
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '-' || c == '_'
           || c == '.';
}

// Splits the top level of a host list at commas outside brackets.
std::vector<std::pair<std::size_t, std::string>> splitItems(const std::string &s)
{
    std::vector<std::pair<std::size_t, std::string>> items;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || (s[i] == ',' && depth == 0)) {
            items.emplace_back(start, s.substr(start, i - start));
            start = i + 1;
        } else if (s[i] == '[') {
            ++depth;
        } else if (s[i] == ']') {
            --depth;
        }
    }
    return items;
}

std::string padded(long long v, std::size_t width)
{
    std::string digits = std::to_string(v);
    if (digits.size() < width)
        digits.insert(0, width - digits.size(), '0');
    return digits;
}

} // namespace

std::vector<std::string> hostListItems(const std::string &list)
{
    std::vector<std::string> items;
    for (auto &[at, item] : splitItems(list))
        items.push_back(std::move(item));
    return items;
}

bool isValidHostName(const std::string &name)
{
    if (name.empty() || name.size() > 63)
        return false;
    auto alnum = [](char c) {
        return isNameChar(c) && c != '-' && c != '_' && c != '.';
    };
    if (!alnum(name.front()) || !alnum(name.back()))
        return false;
    return std::all_of(name.begin(), name.end(), isNameChar);
}

Expected<std::vector<std::string>> expandHostList(const std::string &expression)
{
    constexpr std::size_t kMaxHosts = 1 << 20;
    std::vector<std::string> names;
    if (expression.empty())
        return listError(0, "the host list is empty");
    for (const auto &[at, item] : splitItems(expression)) {
        if (item.empty())
            return listError(at, "an empty name (two commas, or a comma at an end)");
        // Literal text and bracketed ranges, left to right; several brackets expand as Slurm's
        // host lists do, the first outermost: r[1-2]n[1-2] is r1n1, r1n2, r2n1, r2n2.
        std::vector<std::string> expanded{""};
        std::size_t i = 0;
        while (i < item.size()) {
            if (item[i] != '[') {
                if (item[i] == ']' || !isNameChar(item[i]))
                    return listError(at + i, std::string("'") + item[i]
                                                     + "' cannot be part of a host name");
                for (std::string &n : expanded)
                    n += item[i];
                ++i;
                continue;
            }
            const std::size_t open = i;
            const std::size_t close = item.find(']', open);
            if (close == std::string::npos)
                return listError(at + open, "'[' without a closing ']'");
            const std::string body = item.substr(open + 1, close - open - 1);
            std::vector<std::string> values;
            std::size_t pos = 0;
            while (pos <= body.size()) {
                std::size_t comma = body.find(',', pos);
                if (comma == std::string::npos)
                    comma = body.size();
                const std::string range = body.substr(pos, comma - pos);
                const std::size_t col = at + open + 1 + pos;
                const std::size_t dash = range.find('-');
                const std::string lo = range.substr(0, dash);
                const std::string hi = dash == std::string::npos ? lo : range.substr(dash + 1);
                auto allDigits = [](const std::string &d) {
                    return !d.empty() && d.size() <= 9 && std::all_of(d.begin(), d.end(), isDigit);
                };
                if (!allDigits(lo) || !allDigits(hi))
                    return listError(col, "\"" + range
                                                  + "\" is not a number or a range of numbers "
                                                    "such as 001-128");
                long long a = 0, b = 0;
                std::from_chars(lo.data(), lo.data() + lo.size(), a);
                std::from_chars(hi.data(), hi.data() + hi.size(), b);
                if (b < a)
                    return listError(col, "the range " + range + " runs backwards");
                if (names.size() + expanded.size() * (values.size() + std::size_t(b - a + 1))
                    > kMaxHosts)
                    return listError(col, "more than " + std::to_string(kMaxHosts) + " hosts");
                for (long long v = a; v <= b; ++v)
                    values.push_back(padded(v, lo.size()));
                pos = comma + 1;
            }
            std::vector<std::string> next;
            next.reserve(expanded.size() * values.size());
            for (const std::string &n : expanded)
                for (const std::string &v : values)
                    next.push_back(n + v);
            expanded = std::move(next);
            i = close + 1;
        }
        names.insert(names.end(), expanded.begin(), expanded.end());
    }
    return names;
}

std::string compressHostList(const std::vector<std::string> &names)
{
    // Per prefix (the name without its trailing digits): the numbered names, kept with their
    // digits so that padding survives; names without trailing digits stand alone.
    struct Numbered
    {
        long long value;
        std::string digits;
    };
    std::vector<std::string> order; // prefixes and plain names, in order of first appearance
    std::map<std::string, std::vector<Numbered>> byPrefix;
    std::set<std::string> plain;
    for (const std::string &n : names) {
        std::size_t d = n.size();
        while (d > 0 && isDigit(n[d - 1]))
            --d;
        const std::size_t digits = n.size() - d;
        if (digits == 0 || digits > 18) {
            if (plain.insert(n).second)
                order.push_back("\x01" + n);
            continue;
        }
        const std::string prefix = n.substr(0, d);
        long long v = 0;
        std::from_chars(n.data() + d, n.data() + n.size(), v);
        auto [it, added] = byPrefix.try_emplace(prefix);
        if (added)
            order.push_back(prefix);
        it->second.push_back({v, n.substr(d)});
    }
    std::string out;
    for (const std::string &key : order) {
        if (!out.empty())
            out += ',';
        if (key[0] == '\x01') {
            out += key.substr(1);
            continue;
        }
        std::vector<Numbered> nums = byPrefix[key];
        std::stable_sort(nums.begin(), nums.end(), [](const Numbered &a, const Numbered &b) {
            if (a.value != b.value)
                return a.value < b.value;
            return a.digits.size() != b.digits.size() ? a.digits.size() < b.digits.size()
                                                      : a.digits < b.digits;
        });
        nums.erase(std::unique(nums.begin(), nums.end(),
                               [](const Numbered &a, const Numbered &b) {
                                   return a.digits == b.digits;
                               }),
                   nums.end());
        if (nums.size() == 1) {
            out += key + nums[0].digits;
            continue;
        }
        // Runs of consecutive values written at the width of their first member.
        std::string body;
        std::size_t i = 0;
        while (i < nums.size()) {
            const std::size_t width = nums[i].digits.size();
            std::size_t j = i;
            while (j + 1 < nums.size() && nums[j + 1].value == nums[j].value + 1
                   && nums[j + 1].digits == padded(nums[j + 1].value, width))
                ++j;
            if (!body.empty())
                body += ',';
            body += nums[i].digits;
            if (j > i)
                body += '-' + nums[j].digits;
            i = j + 1;
        }
        out += key + '[' + body + ']';
    }
    return out;
}

int hostCount(const Topology &t, const Catalog &catalog)
{
    int n = 0;
    for (const Node &node : t.nodes) {
        const ServerModel *m = catalog.server(node.model);
        n += m ? std::max(1, m->trays) : 1;
    }
    return n;
}

std::optional<Error> checkHostNames(const std::string &pattern, const std::string &file)
{
    Expected<std::vector<std::string>> names = expandHostList(pattern);
    if (!names) {
        return Error{file, "/hostNames",
                     "\"" + pattern + "\" is not a host list such as dgx[001-128]: "
                             + names.error().where + ": " + names.error().message};
    }
    std::set<std::string> seen;
    for (const std::string &n : *names) {
        if (!isValidHostName(n))
            return Error{file, "/hostNames",
                         "\"" + n
                                 + "\" is not a host name (1 to 63 letters, digits, '-', '_' or "
                                   "'.', starting and ending with a letter or digit)"};
        if (!seen.insert(n).second)
            return Error{file, "/hostNames", "\"" + n + "\" is named twice"};
    }
    return std::nullopt;
}

Expected<std::vector<std::string>> patternHostNames(const std::string &pattern, const Topology &t,
                                                    const Catalog &catalog)
{
    if (auto e = checkHostNames(pattern, ""))
        return *e;
    std::vector<std::string> names = *expandHostList(pattern);
    const int hosts = hostCount(t, catalog);
    if (int(names.size()) < hosts)
        return Error{"", "/hostNames",
                     "\"" + pattern + "\" names " + std::to_string(names.size())
                             + " hosts, but the design has " + std::to_string(hosts)
                             + " (one per server, one per compute tray of a rack-scale system)"};
    return names;
}

Expected<std::vector<Host>> projectHosts(const Project &p, const Catalog &catalog)
{
    const Topology &t = p.topology;
    std::vector<std::string> patternNames;
    if (!p.hostNames.empty()) {
        Expected<std::vector<std::string>> names = patternHostNames(p.hostNames, t, catalog);
        if (!names)
            return names.error();
        patternNames = std::move(*names);
    }
    std::vector<Host> hosts;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        const Node &node = t.nodes[i];
        const ServerModel *m = catalog.server(node.model);
        const int trays = m ? std::max(1, m->trays) : 1;
        const int nics = m ? m->nics : 0;
        const std::string base = node.name.empty() ? node.id : node.name;
        for (int tray = 0; tray < trays; ++tray) {
            Host h;
            h.node = i;
            h.tray = tray;
            h.nics = nics / trays;
            h.firstNic = tray * h.nics;
            if (!patternNames.empty()) {
                h.name = patternNames[hosts.size()];
            } else {
                h.name = trays == 1 ? base : base + "-t" + padded(tray + 1, 2);
                const std::string where = "/topology/nodes/" + std::to_string(i) + "/name";
                if (!isValidHostName(h.name))
                    return Error{"", where,
                                 "\"" + h.name
                                         + "\" cannot be a host name; set the project's host "
                                           "naming pattern (for example dgx[001-128])"};
                if (!seen.insert(h.name).second)
                    return Error{"", where,
                                 "two hosts are named \"" + h.name
                                         + "\"; rename one or set the project's host naming "
                                           "pattern"};
            }
            hosts.push_back(std::move(h));
        }
    }
    return hosts;
}

} // namespace topoplan
