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
    PortSplit leafPorts, spinePorts;
    std::string nicMedium; // of the first node's cables
};

// The tiers and oversubscription are possible at all (checked even where no fabric is built).
std::optional<Error> checkFabricOptions(const GeneratorOptions &options);

// The fabric of `options` for `nodes` (in this order). Errors about the fabric's size name
// `where` (the option that asked for the nodes, or empty).
Expected<GeneratedFabric> buildFabric(const GeneratorOptions &options, const Catalog &catalog,
                                      const std::vector<NodeRef> &nodes, IdMaker *ids,
                                      const std::string &where);

} // namespace topoplan::generator
