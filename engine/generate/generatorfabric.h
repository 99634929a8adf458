#pragma once

#include "engine/core/error.h"
#include "engine/generate/generator.h"
#include "engine/model/catalog.h"
#include "engine/model/ids.h"
#include "engine/model/project.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

// The parts of generateProject() and generateFabric() (engine/generator.h): sizing and wiring
// the fabric here, placing it in engine/generatorlayout.h. Not an API of its own.
namespace topoplan::generator {

inline long long ceilDiv(long long a, long long b)
{
    return (a + b - 1) / b;
}
std::string padded(long long n, int width); // 7, 3 -> "007"
int digits(long long n);
std::string ratio(double r); // 2 -> "2:1", 1.5 -> "1.5:1"

// "a, b, c": the ids of a catalog section, for messages.
template<typename Map>
std::string knownIds(const Map &m)
{
    std::string out;
    for (const auto &entry : m)
        out += (out.empty() ? "" : ", ") + entry.first;
    return out;
}

struct NodeRef
{
    std::string id;
    const ServerModel *model = nullptr;
};

// A switch's ports split into down- and uplinks at oversubscription r: down = k r/(r+1),
// up = k/(r+1), rounded down.
struct PortSplit
{
    int down = 0;
    int up = 0;
};
PortSplit splitPorts(int ports, double r);

// A node's rails: its NIC positions within a tray (a rack's trays repeat the same NICs), or
// each NIC where the NICs do not divide among the trays.
int railsOf(const ServerModel &m);

// Scalable units (rail-optimized) or pods (3-tier fat tree) side by side on the canvas; a pod's
// spines sit above its groups.
struct Pod
{
    int firstGroup = 0;
    int groupCount = 0;
    std::vector<int> spines; // indices into GeneratedFabric::switches
};

struct GeneratedFabric
{
    std::vector<Switch> switches; // leaves, spines, cores
    std::vector<Link> links;
    std::vector<int> nodeGroup;                // layout group of each node given
    std::vector<std::vector<int>> groupLeaves; // indices into switches
    std::vector<Pod> pods;
    std::vector<int> cores; // indices into switches
    const SwitchModel *leafModel = nullptr;
    const SwitchModel *spineModel = nullptr;
    const SwitchModel *coreModel = nullptr;
    PortSplit leafPorts, spinePorts; // of each plane's (or rail's) switches
    int planes = 1;                  // independent networks: planes, or rails of a rail-only fabric
    std::vector<int> switchPlane;    // per switch, its plane (or rail network); empty for one
    std::string nicMedium;           // of the first node's cables
};

// One of the independent networks a fabric is built as: the whole fabric, a plane of a
// multi-plane fabric (the NICs of the rails railFirst..railFirst+railCount-1 of every node),
// or a rail's own network in a rail-only fabric.
struct PlaneScope
{
    int index = 0;     // 0-based
    int count = 1;     // planes (or rails of a rail-only fabric) in all
    int railFirst = 0; // rails of the node model in this plane
    int railCount = 0; // 0: all of them
    bool railOnly = false;
    // Names: "" for a single network, "pl2-" for plane 2, "r3-" for rail 3's own network.
    std::string tag() const
    {
        if (count == 1)
            return {};
        return (railOnly ? "r" : "pl") + std::to_string(index + 1) + "-";
    }
};

// One network of `scope` (the whole fabric, a plane, or a rail's own network) for `nodes`.
Expected<GeneratedFabric> buildNetwork(const GeneratorOptions &options, const Catalog &catalog,
                                       const std::vector<NodeRef> &nodes, IdMaker *ids,
                                       const std::string &where, const PlaneScope &scope);

// The tiers and oversubscription are possible at all (checked even where no fabric is built).
std::optional<Error> checkFabricOptions(const GeneratorOptions &options);

// The fabric of `options` for `nodes` (in this order): one network, or one per plane (or per
// rail of a rail-only fabric), laid out together (generatorplanes.cpp). Errors about the fabric's size name
// `where` (the option that asked for the nodes, or empty).
Expected<GeneratedFabric> buildFabric(const GeneratorOptions &options, const Catalog &catalog,
                                      const std::vector<NodeRef> &nodes, IdMaker *ids,
                                      const std::string &where);

} // namespace topoplan::generator
