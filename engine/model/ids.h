#pragma once

#include "engine/model/project.h"

#include <map>
#include <set>
#include <string>

namespace topoplan {

// Ids: domains, nodes, switches and links share one namespace (the loader refuses a clash),
// and every new item anywhere in the product (the generator, a paste, a drop on the canvas,
// hand cabling, an import) takes its id from here, so they are made by one rule.

// Every id of the topology (layout items are keyed by these ids; the loader refuses others).
std::set<std::string> allIds(const Topology &t);

// Makes ids "prefix-N" numbered above every such id in use ("dgx-7" after "dgx-1".."dgx-6"),
// so nothing collides and an id freed by a deletion is not handed to something else while
// the undo stack may still bring the deleted item back.
class IdMaker
{
public:
    explicit IdMaker(std::set<std::string> used)
        : m_used(std::move(used))
    {}
    explicit IdMaker(const Topology &t)
        : IdMaker(allIds(t))
    {}
    std::string next(const std::string &prefix);

private:
    long long highestNumber(const std::string &prefix) const;

    std::set<std::string> m_used;
    std::map<std::string, long long> m_next;
};

// One fresh id "prefix-N" for `t` (IdMaker's rule).
std::string unusedId(const Topology &t, const std::string &prefix);

} // namespace topoplan
