#include "engine/generate/generator.h"

#include "engine/generate/generatorfabric.h"
#include "engine/generate/generatorlayout.h"
#include "engine/model/ids.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace topoplan {

using namespace generator;

namespace {

// InfiniBand generations by 4x port rate, for the derived project name.
struct IbGeneration
{
    double gbits;
    const char *name;
};
constexpr IbGeneration kIbGenerations[] = {{100, "EDR"}, {200, "HDR"}, {400, "NDR"}, {800, "XDR"}};

// A GB200 NVL72 rack: 18 compute trays of 4 GPUs in one NVLink domain (DOMAIN.md), the
// natural domain of trays whose NVLink leaves the box.
constexpr int kNaturalExternalDomainGpus = 72;

// Beyond any fabric the catalog's switches build in 3 tiers (144 ports: 144^3/4 = 746,496
// NIC ports at 1:1), so a typo cannot make the generator allocate without bound.
constexpr int kMaxNodes = 1'000'000;

std::string shortServerName(const ServerModel &m)
{
    const std::string vendor = "NVIDIA ";
    return m.name.compare(0, vendor.size(), vendor) == 0 ? m.name.substr(vendor.size()) : m.name;
}

// "dgx" for dgx-h100, "rack" for a rack-scale node, "tray" for a compute tray.
std::string nodeNamePrefix(const ServerModel &m)
{
    if (m.nvlinkScope == NVLinkScope::Rack)
        return "rack";
    if (m.nvlinkScope == NVLinkScope::External)
        return "tray";
    return m.id.substr(0, m.id.find('-'));
}

std::string speedLabel(const Medium &m)
{
    const double gbits = m.bandwidthGBs * 8;
    if (m.linkClass == LinkClass::InfiniBand) {
        for (const IbGeneration &g : kIbGenerations) {
            if (std::fabs(g.gbits - gbits) < 1e-6)
                return g.name;
        }
        return std::to_string(static_cast<int>(gbits)) + "G InfiniBand";
    }
    if (m.linkClass == LinkClass::RoCE)
        return "RoCE " + std::to_string(static_cast<int>(gbits)) + "G";
    return std::to_string(static_cast<int>(gbits)) + "GbE";
}

// The leaves' down:up ratio as built: the one asked, or the nearest a split of their ports
// reaches (generatorfabric.h, splitPorts).
double builtRatio(const GeneratedFabric &f)
{
    return f.leafPorts.up > 0 ? static_cast<double>(f.leafPorts.down) / f.leafPorts.up : 0;
}

const char *familyName(FabricKind k)
{
    switch (k) {
    case FabricKind::RailOptimized:
        return "rail-optimized";
    case FabricKind::RailOnly:
        return "rail-only";
    default:
        return "fat tree";
    }
}

std::string derivedName(const GeneratorOptions &o, const ServerModel &m, const Catalog &c,
                        const GeneratedFabric *f)
{
    std::string name = std::to_string(o.nodes) + " x " + shortServerName(m);
    if (o.domainSize > 0)
        name += ", NVL" + std::to_string(o.domainSize) + " domains";
    if (!f)
        return name;
    name += ", ";
    if (o.planes > 1)
        name += std::to_string(o.planes) + "-plane ";
    if (!f->cores.empty()) // a single pod gets no cores
        name += "3-tier ";
    name += familyName(o.fabric);
    if (const Medium *medium = c.medium(f->nicMedium))
        name += " " + speedLabel(*medium);
    const double r = builtRatio(*f);
    if (r > 0 && std::fabs(r - 1) > 1e-9)
        name += " " + ratio(r);
    return name;
}

std::string plural(int n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string ratioText(const GeneratorOptions &o, const GeneratedFabric &f)
{
    const double r = builtRatio(f);
    if (r == 0)
        return "no uplinks (each rail's switch takes it whole)";
    std::string text = "oversubscription " + ratio(r) + " (" + std::to_string(f.leafPorts.down)
                       + " down : " + std::to_string(f.leafPorts.up) + " up)";
    if (std::fabs(r - o.oversubscription) > 1e-9)
        text += ", the nearest to the " + ratio(o.oversubscription) + " asked that "
                + std::to_string(f.leafModel->ports) + " ports split into";
    return text;
}

std::string describe(const GeneratorOptions &o, const GeneratedFabric &f)
{
    int counts[3] = {0, 0, 0};
    for (const Switch &s : f.switches)
        ++counts[static_cast<int>(s.tier)];
    std::string text;
    if (f.planes > 1)
        text = o.fabric == FabricKind::RailOnly
                       ? "a network per rail (" + std::to_string(f.planes)
                                 + " rails), no spine "
                                   "joining rails: "
                       : std::to_string(f.planes) + " independent planes: ";
    text += plural(counts[0], "leaf", "leaves") + " (" + f.leafModel->id + ", "
            + std::to_string(f.leafPorts.down) + " down / " + std::to_string(f.leafPorts.up)
            + " up ports), ";
    text += counts[1] > 0  ? plural(counts[1], "spine", "spines") + " (" + f.spineModel->id + ")"
            : f.planes > 1 ? std::string("no spines")
                           : std::string("no spines (one leaf joins everything)");
    if (o.tiers == 3 && counts[2] > 0)
        text += ", " + plural(counts[2], "core", "cores") + " (" + f.coreModel->id + ")";
    return text + "; " + ratioText(o, f) + ".";
}

} // namespace

const char *toString(FabricKind k)
{
    switch (k) {
    case FabricKind::None:
        return "none";
    case FabricKind::FatTree:
        return "fat-tree";
    case FabricKind::RailOptimized:
        return "rail-optimized";
    case FabricKind::RailOnly:
        return "rail-only";
    }
    return "none";
}

std::optional<FabricKind> fabricKindFromString(const std::string &s)
{
    for (FabricKind k :
         {FabricKind::None, FabricKind::FatTree, FabricKind::RailOptimized, FabricKind::RailOnly}) {
        if (s == toString(k))
            return k;
    }
    return std::nullopt;
}

Expected<Project> generateProject(const GeneratorOptions &o, const Catalog &c)
{
    const ServerModel *model = c.server(o.nodeModel);
    if (!model)
        return Error{{},
                     "--node",
                     "unknown server model \"" + o.nodeModel
                             + "\"; known: " + knownIds(c.servers())};
    if (o.nodes < 1 || o.nodes > kMaxNodes)
        return Error{{},
                     "--nodes",
                     "expected 1 to " + std::to_string(kMaxNodes) + " nodes, got "
                             + std::to_string(o.nodes)};
    if (auto err = checkFabricOptions(o))
        return *err;
    if (o.fabric != FabricKind::None && model->nics == 0)
        return Error{
                {}, "--node", o.nodeModel + " has no compute NICs to cable; use --fabric none"};
    int traysPerDomain = 0;
    if (o.domainSize < 0)
        return Error{{}, "--domain-size", "expected a number of GPUs >= 0"};
    if (model->nvlinkScope == NVLinkScope::External) {
        const int gpus = o.domainSize > 0 ? o.domainSize : kNaturalExternalDomainGpus;
        if (gpus % model->gpus != 0)
            return Error{{},
                         "--domain-size",
                         "expected a multiple of " + o.nodeModel + "'s "
                                 + std::to_string(model->gpus) + " GPUs, got "
                                 + std::to_string(gpus)};
        const GpuModel *gpu = c.gpu(model->gpu);
        const Medium *link = gpu ? c.medium(gpu->nvlink) : nullptr;
        if (link && link->maxDomainGpus > 0 && gpus > link->maxDomainGpus)
            return Error{{},
                         "--domain-size",
                         link->name + " joins at most " + std::to_string(link->maxDomainGpus)
                                 + " GPUs in one domain, got " + std::to_string(gpus)};
        traysPerDomain = gpus / model->gpus;
    } else if (o.domainSize > 0) {
        return Error{{},
                     "--domain-size",
                     o.nodeModel + " is an NVLink domain of its own ("
                             + toString(model->nvlinkScope)
                             + "); --domain-size joins servers whose NVLink leaves the box, "
                               "such as gb200-tray"};
    }

    Project p;
    const int width = std::max(3, digits(o.nodes));
    const std::string prefix = nodeNamePrefix(*model);
    std::vector<int> nodeDomain(o.nodes, -1);
    if (traysPerDomain > 0) {
        const int domains = static_cast<int>(ceilDiv(o.nodes, traysPerDomain));
        const int gpus = traysPerDomain * model->gpus;
        for (int d = 0; d < domains; ++d) {
            p.topology.domains.push_back(Domain{
                    "dom-" + std::to_string(d + 1),
                    "nvl" + std::to_string(gpus) + "-" + padded(d + 1, digits(domains)), gpus});
        }
    }
    std::vector<NodeRef> refs;
    for (int i = 0; i < o.nodes; ++i) {
        Node n;
        n.id = "node-" + std::to_string(i + 1);
        n.name = prefix + "-" + padded(i + 1, width);
        n.model = model->id;
        if (traysPerDomain > 0) {
            nodeDomain[i] = i / traysPerDomain;
            n.domain = p.topology.domains[nodeDomain[i]].id;
        }
        refs.push_back(NodeRef{n.id, model});
        p.topology.nodes.push_back(std::move(n));
    }

    std::optional<GeneratedFabric> fabric;
    IdMaker ids(allIds(p.topology));
    if (o.fabric != FabricKind::None) {
        Expected<GeneratedFabric> built = buildFabric(o, c, refs, &ids, "--nodes");
        if (!built)
            return built.error();
        fabric = std::move(*built);
        p.topology.switches = fabric->switches;
        p.topology.links = fabric->links;
        p.description = "Generated " + std::string(toString(o.fabric))
                        + " fabric: " + describe(o, *fabric);
    }
    p.name = o.name.empty() ? derivedName(o, *model, c, fabric ? &*fabric : nullptr) : o.name;
    p.layout = layoutProject(p.topology, nodeDomain, fabric ? &*fabric : nullptr);
    return p;
}

Expected<FabricDelta> generateFabric(const Project &p, const std::vector<std::string> &nodeIds,
                                     const GeneratorOptions &o, const Catalog &c)
{
    if (nodeIds.empty())
        return Error{{}, {}, "no nodes given to connect"};
    std::map<std::string, const Node *> byId;
    for (const Node &n : p.topology.nodes)
        byId[n.id] = &n;
    std::map<std::string, std::string> cabled; // node id -> a link on its NICs
    for (const Link &l : p.topology.links) {
        for (const Endpoint *e : {&l.a, &l.b}) {
            if (byId.count(e->device) && !cabled.count(e->device))
                cabled[e->device] = l.id;
        }
    }
    std::vector<NodeRef> refs;
    std::set<std::string> given;
    for (const std::string &id : nodeIds) {
        auto it = byId.find(id);
        if (it == byId.end())
            return Error{{}, id, "no node with this id in the project"};
        if (!given.insert(id).second)
            return Error{{}, id, "node given twice"};
        const ServerModel *m = c.server(it->second->model);
        if (!m)
            return Error{{}, id, "unknown server model \"" + it->second->model + "\""};
        if (m->nics == 0)
            return Error{{}, id, m->id + " has no compute NICs to cable"};
        if (cabled.count(id))
            return Error{{},
                         id,
                         "its NICs are cabled already (" + cabled[id]
                                 + "); remove those links before adding a fabric"};
        refs.push_back(NodeRef{id, m});
    }
    FabricDelta delta;
    if (o.fabric == FabricKind::None)
        return delta;
    IdMaker ids(allIds(p.topology));
    Expected<GeneratedFabric> built = buildFabric(o, c, refs, &ids, {});
    if (!built)
        return built.error();
    GeneratedFabric &fabric = *built;
    delta.layout = layoutOverNodes(p, refs, fabric);
    delta.switches = std::move(fabric.switches);
    delta.links = std::move(fabric.links);
    return delta;
}

} // namespace topoplan
