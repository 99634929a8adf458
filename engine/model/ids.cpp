#include "engine/model/ids.h"

#include <algorithm>

namespace topoplan {

std::set<std::string> allIds(const Topology &t)
{
    std::set<std::string> used;
    for (const Domain &d : t.domains)
        used.insert(d.id);
    for (const Node &n : t.nodes)
        used.insert(n.id);
    for (const Switch &s : t.switches)
        used.insert(s.id);
    for (const Link &l : t.links)
        used.insert(l.id);
    return used;
}

std::string IdMaker::next(const std::string &prefix)
{
    auto it = m_next.find(prefix);
    if (it == m_next.end())
        it = m_next.emplace(prefix, highestNumber(prefix) + 1).first;
    std::string id;
    do {
        id = prefix + "-" + std::to_string(it->second++);
    } while (m_used.count(id));
    m_used.insert(id);
    return id;
}

long long IdMaker::highestNumber(const std::string &prefix) const
{
    long long highest = 0;
    const std::string head = prefix + "-";
    for (auto it = m_used.lower_bound(head); it != m_used.end(); ++it) {
        if (it->compare(0, head.size(), head) != 0)
            break;
        const std::string rest = it->substr(head.size());
        if (!rest.empty() && rest.size() < 18
            && std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; }))
            highest = std::max(highest, std::stoll(rest));
    }
    return highest;
}

std::string unusedId(const Topology &t, const std::string &prefix)
{
    return IdMaker(t).next(prefix);
}

} // namespace topoplan
