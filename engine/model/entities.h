#pragma once

#include "engine/model/project.h"

#include <vector>

namespace topoplan {

// The four kinds of topology entries (NVLink domains, nodes, switches, links), for the code
// that treats them alike: the document's insert, remove and update, the undo commands, and
// look-ups by id. One template says, for each kind, where its entries live and whether it has
// a place on the canvas, instead of four hand-written copies in each of those places.
template<typename T>
struct EntityTraits;

template<>
struct EntityTraits<Domain>
{
    static constexpr bool laidOut = true; // a box on the canvas
    static std::vector<Domain> &list(Topology &t) { return t.domains; }
    static const std::vector<Domain> &list(const Topology &t) { return t.domains; }
};

template<>
struct EntityTraits<Node>
{
    static constexpr bool laidOut = true;
    static std::vector<Node> &list(Topology &t) { return t.nodes; }
    static const std::vector<Node> &list(const Topology &t) { return t.nodes; }
};

template<>
struct EntityTraits<Switch>
{
    static constexpr bool laidOut = true;
    static std::vector<Switch> &list(Topology &t) { return t.switches; }
    static const std::vector<Switch> &list(const Topology &t) { return t.switches; }
};

template<>
struct EntityTraits<Link>
{
    static constexpr bool laidOut = false; // drawn between its ends, no place of its own
    static std::vector<Link> &list(Topology &t) { return t.links; }
    static const std::vector<Link> &list(const Topology &t) { return t.links; }
};

// Calls f(tag) for each kind in dependency order, a domain before its members and devices
// before their links (tag is a `const T *` null pointer naming the kind); forEachKindReversed
// goes the other way, as removal must.
template<typename F>
void forEachKind(F &&f)
{
    f(static_cast<const Domain *>(nullptr));
    f(static_cast<const Node *>(nullptr));
    f(static_cast<const Switch *>(nullptr));
    f(static_cast<const Link *>(nullptr));
}

template<typename F>
void forEachKindReversed(F &&f)
{
    f(static_cast<const Link *>(nullptr));
    f(static_cast<const Switch *>(nullptr));
    f(static_cast<const Node *>(nullptr));
    f(static_cast<const Domain *>(nullptr));
}

} // namespace topoplan
