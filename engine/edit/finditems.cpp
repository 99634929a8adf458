#include "engine/edit/finditems.h"

#include <algorithm>

namespace topoplan {

namespace {

std::string lowered(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return s;
}

enum class Match { None, Partial, Exact };

Match matchOf(const std::string &needle, const std::string &id, const std::string &name)
{
    const std::string i = lowered(id), n = lowered(name);
    if (i == needle || (!n.empty() && n == needle))
        return Match::Exact;
    if (i.find(needle) != std::string::npos || n.find(needle) != std::string::npos)
        return Match::Partial;
    return Match::None;
}

} // namespace

std::vector<std::string> findItems(const Topology &topology, const std::string &text)
{
    if (text.empty())
        return {};
    const std::string needle = lowered(text);
    std::vector<std::string> exact, partial;
    const auto consider = [&](const std::string &id, const std::string &name) {
        switch (matchOf(needle, id, name)) {
        case Match::Exact:
            exact.push_back(id);
            break;
        case Match::Partial:
            partial.push_back(id);
            break;
        case Match::None:
            break;
        }
    };
    for (const Domain &d : topology.domains)
        consider(d.id, d.name);
    for (const Node &n : topology.nodes)
        consider(n.id, n.name);
    for (const Switch &s : topology.switches)
        consider(s.id, s.name);
    for (const Link &l : topology.links)
        consider(l.id, {});
    exact.insert(exact.end(), partial.begin(), partial.end());
    return exact;
}

} // namespace topoplan
