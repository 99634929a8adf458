#include "engine/generator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace topoplan {

namespace {

// The default leaf for a NIC line rate is the InfiniBand switch of the NIC's generation
// (DOMAIN.md: HDR 200, NDR 400, XDR 800 Gb/s per port; QM8700 40 x HDR, QM9700 64 x NDR,
// Quantum-X800 Q3400 144 x 800G). Faster NICs than the last entry get the last switch.
struct DefaultSwitch
{
    double maxNicGbits;
    const char *model;
};
constexpr DefaultSwitch kDefaultSwitches[] = {{200, "qm8700"}, {400, "qm9700"}, {800, "q3400"}};

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

long long ceilDiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

std::string padded(long long n, int width)
{
    std::string s = std::to_string(n);
    if (static_cast<int>(s.size()) < width)
        s.insert(0, width - s.size(), '0');
    return s;
}

int digits(long long n)
{
    return static_cast<int>(std::to_string(std::max(1LL, n)).size());
}

std::string ratio(double r)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", r);
    std::string s = buf;
    while (s.back() == '0')
        s.pop_back();
    if (s.back() == '.')
        s.pop_back();
    return s + ":1";
}

template<typename Map>
std::string knownIds(const Map &m)
{
    std::string out;
    for (const auto &entry : m)
        out += (out.empty() ? "" : ", ") + entry.first;
    return out;
}

// A switch's ports split into down- and uplinks at oversubscription r: down = k r/(r+1),
// up = k/(r+1), rounded down (the epsilon keeps 64/2 at 32 despite floating point).
struct PortSplit
{
    int down = 0;
    int up = 0;
};

PortSplit splitPorts(int ports, double r)
{
    PortSplit s;
    s.down = static_cast<int>(std::floor(ports * r / (r + 1) + 1e-9));
    s.up = static_cast<int>(std::floor(ports / (r + 1) + 1e-9));
    return s;
}

// How many switches above join `lowers` switches of `upEach` uplinks, each lower one reaching
// every upper one, an upper one taking at most `upperPorts` of them. A count that divides
// `upEach` (equal bundles) is taken if it costs at most twice the minimum. 0: impossible.
long long upperCount(long long lowers, int upEach, int upperPorts)
{
    long long minimum = ceilDiv(lowers * upEach, upperPorts);
    if (minimum > upEach)
        return 0;
    for (long long n = minimum; n <= 2 * minimum && n <= upEach; ++n) {
        if (upEach % n == 0)
            return n;
    }
    return minimum;
}

// Cables from lower switch `j` to each of `uppers` switches: up/uppers each, and where that
// does not divide, one more to `extra` of them, rotating with j so the uppers fill evenly.
std::vector<int> bundleSizes(long long j, int upEach, long long uppers)
{
    std::vector<int> sizes(uppers, static_cast<int>(upEach / uppers));
    long long extra = upEach % uppers;
    for (long long t = 0; t < extra; ++t)
        ++sizes[(j * extra + t) % uppers];
    return sizes;
}

// Makes ids "prefix-N" numbered above every such id in use, so nothing collides.
class IdMaker
{
public:
    explicit IdMaker(std::set<std::string> used)
        : m_used(std::move(used))
    {}

    std::string next(const std::string &prefix)
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

private:
    long long highestNumber(const std::string &prefix) const
    {
        long long highest = 0;
        const std::string head = prefix + "-";
        for (auto it = m_used.lower_bound(head); it != m_used.end(); ++it) {
            if (it->compare(0, head.size(), head) != 0)
                break;
            std::string rest = it->substr(head.size());
            if (!rest.empty() && rest.size() < 18
                && std::all_of(rest.begin(), rest.end(),
                               [](char c) { return c >= '0' && c <= '9'; }))
                highest = std::max(highest, std::stoll(rest));
        }
        return highest;
    }

    std::set<std::string> m_used;
    std::map<std::string, long long> m_next;
};

struct NodeRef
{
    std::string id;
    const ServerModel *model = nullptr;
};

// Scalable units or pods side by side on the canvas; a pod's spines sit above its groups.
struct Pod
{
    int firstGroup = 0;
    int groupCount = 0;
    std::vector<int> spines; // indices into FabricBuilder::switches
};

// Builds the fabric for a list of nodes: switches, links, and how they group for the layout.
class FabricBuilder
{
public:
    FabricBuilder(const GeneratorOptions &options, const Catalog &catalog,
                  std::vector<NodeRef> nodes, IdMaker *ids, std::string where)
        : m_o(options)
        , m_c(catalog)
        , m_nodes(std::move(nodes))
        , m_ids(ids)
        , m_where(std::move(where))
    {}

    std::optional<Error> build();

    std::vector<Switch> switches; // leaves, spines, cores
    std::vector<Link> links;
    std::vector<int> nodeGroup;                // layout group of each node
    std::vector<std::vector<int>> groupLeaves; // indices into switches
    std::vector<Pod> pods;
    std::vector<int> cores;
    const SwitchModel *leafModel = nullptr;
    const SwitchModel *spineModel = nullptr;
    const SwitchModel *coreModel = nullptr;
    PortSplit leafPorts, spinePorts;
    std::string nicMedium; // of the first node's cables

private:
    Error fail(const std::string &message) const { return Error{{}, m_where, message}; }
    std::optional<Error> chooseModels();
    std::optional<Error> placeFatTree();
    std::optional<Error> placeRails();
    std::optional<Error> tooMany(int tiers, long long maxPorts, long long maxNodes) const;
    std::optional<Error> makeUpperTiers();
    std::optional<Error> makeNodeLinks();
    void makeBundles(const std::vector<int> &lower, int lowerFirstPort, long long lowerIndex0,
                     const std::vector<int> &upper, std::vector<int> *upperCursor, int upEach,
                     const std::string &medium);
    int addSwitch(const std::string &prefix, const std::string &name, const SwitchModel *m,
                  Tier tier);

    const GeneratorOptions &m_o;
    const Catalog &m_c;
    std::vector<NodeRef> m_nodes;
    IdMaker *m_ids;
    std::string m_where;

    long long m_ports = 0; // NIC ports to cable
    int m_leafCount = 0;
    int m_leavesPerPod = 0;
    long long m_nodesPerPod = 0; // of the first node's model, for messages
    // Per node, per NIC: leaf (index among leaves) and leaf port.
    std::vector<std::vector<std::pair<int, int>>> m_nicPort;
};

int FabricBuilder::addSwitch(const std::string &prefix, const std::string &name,
                             const SwitchModel *m, Tier tier)
{
    Switch s;
    s.id = m_ids->next(prefix);
    s.name = name;
    s.model = m->id;
    s.tier = tier;
    s.role = FabricRole::Compute;
    switches.push_back(std::move(s));
    return static_cast<int>(switches.size()) - 1;
}

std::optional<Error> FabricBuilder::chooseModels()
{
    double fastest = 0;
    for (const NodeRef &n : m_nodes)
        fastest = std::max(fastest, n.model->nicGbits);
    std::string leaf = m_o.leaf;
    if (leaf.empty()) {
        leaf = std::end(kDefaultSwitches)[-1].model;
        for (const DefaultSwitch &d : kDefaultSwitches) {
            if (fastest <= d.maxNicGbits) {
                leaf = d.model;
                break;
            }
        }
    }
    std::string spine = m_o.spine.empty() ? leaf : m_o.spine;
    std::string core = m_o.core.empty() ? spine : m_o.core;
    const std::pair<const char *, std::string> wanted[]
            = {{"--leaf", leaf}, {"--spine", spine}, {"--core", core}};
    const SwitchModel **out[] = {&leafModel, &spineModel, &coreModel};
    for (int i = 0; i < 3; ++i) {
        *out[i] = m_c.switchModel(wanted[i].second);
        if (!*out[i])
            return Error{{},
                         wanted[i].first,
                         "unknown switch model \"" + wanted[i].second
                                 + "\"; known: " + knownIds(m_c.switches())};
    }
    return std::nullopt;
}

std::optional<Error> FabricBuilder::tooMany(int tiers, long long maxPorts, long long maxNodes) const
{
    const bool uniform = std::all_of(m_nodes.begin(), m_nodes.end(), [&](const NodeRef &n) {
        return n.model == m_nodes.front().model;
    });
    std::string what = std::to_string(tiers) + " tiers of " + leafModel->id + " leaves ("
                       + std::to_string(leafModel->ports) + " ports: "
                       + std::to_string(leafPorts.down) + " down, " + std::to_string(leafPorts.up)
                       + " up at " + ratio(m_o.oversubscription) + ")";
    if (spineModel != leafModel)
        what += " and " + spineModel->id + " spines";
    if (tiers == 3 && coreModel != spineModel)
        what += " and " + coreModel->id + " cores";
    std::string fits = uniform ? std::to_string(maxNodes) + " nodes of " + m_nodes.front().model->id
                                         + " (" + std::to_string(maxPorts) + " NIC ports)"
                               : std::to_string(maxPorts) + " NIC ports";
    std::string asked = uniform ? std::to_string(m_nodes.size()) + " requested"
                                : std::to_string(m_ports) + " requested";
    std::string advice = tiers == 2 ? "use 3 tiers (--tiers 3)"
                                    : "use switches with more ports or oversubscribe the "
                                      "fabric (--oversubscription)";
    return fail(what + " connect at most " + fits + "; " + asked + ": " + advice);
}

std::optional<Error> FabricBuilder::placeFatTree()
{
    m_leafCount = static_cast<int>(ceilDiv(m_ports, leafPorts.down));
    const int tiers = m_o.tiers;
    if (tiers == 2 && m_leafCount > spineModel->ports) {
        const long long maxPorts = 1LL * spineModel->ports * leafPorts.down;
        return tooMany(2, maxPorts, maxPorts / m_nodes.front().model->nics);
    }
    m_leavesPerPod = tiers == 3 ? std::min(m_leafCount, spinePorts.down) : m_leafCount;
    m_nodesPerPod = 1LL * m_leavesPerPod * leafPorts.down / m_nodes.front().model->nics;
    long long index = 0;
    for (const NodeRef &n : m_nodes) {
        std::vector<std::pair<int, int>> ports;
        for (int nic = 0; nic < n.model->nics; ++nic, ++index)
            ports.emplace_back(static_cast<int>(index / leafPorts.down),
                               static_cast<int>(index % leafPorts.down));
        nodeGroup.push_back(ports.front().first / m_leavesPerPod);
        m_nicPort.push_back(std::move(ports));
    }
    int groups = static_cast<int>(ceilDiv(m_leafCount, m_leavesPerPod));
    groupLeaves.assign(groups, {});
    const int width = std::max(3, digits(m_leafCount));
    for (int leaf = 0; leaf < m_leafCount; ++leaf) {
        int pod = leaf / m_leavesPerPod;
        std::string name = tiers == 3 ? "leaf-p" + std::to_string(pod + 1) + "-"
                                                + padded(leaf % m_leavesPerPod + 1, 2)
                                      : "leaf-" + padded(leaf + 1, width);
        groupLeaves[pod].push_back(addSwitch("leaf", name, leafModel, Tier::Leaf));
    }
    for (int g = 0; g < groups; ++g)
        pods.push_back(Pod{g, 1, {}});
    if (tiers == 2)
        pods = {Pod{0, groups, {}}};
    return std::nullopt;
}

std::optional<Error> FabricBuilder::placeRails()
{
    const ServerModel *m = m_nodes.front().model;
    for (const NodeRef &n : m_nodes) {
        if (n.model->nics != m->nics || n.model->trays != m->trays)
            return fail("a rail-optimized fabric needs nodes with the same NICs: " + n.id + " ("
                        + n.model->id + ") has " + std::to_string(n.model->nics) + ", "
                        + m_nodes.front().id + " (" + m->id + ") " + std::to_string(m->nics));
    }
    // A rail is a NIC position within a tray (a rack's trays repeat the same NICs).
    const int rails = m->nics % m->trays == 0 ? m->nics / m->trays : m->nics;
    const int perRail = m->nics / rails; // ports of one node on its rail's leaf
    const int perSu = leafPorts.down / perRail;
    if (perSu < 1)
        return fail("a rail-optimized leaf needs " + std::to_string(perRail)
                    + " down ports for one " + m->id + " but " + leafModel->id + " has "
                    + std::to_string(leafPorts.down) + " at " + ratio(m_o.oversubscription));
    const long long units = ceilDiv(static_cast<long long>(m_nodes.size()), perSu);
    m_leafCount = static_cast<int>(units * rails);
    int unitsPerPod = static_cast<int>(units);
    if (m_o.tiers == 2 && m_leafCount > spineModel->ports) {
        long long maxNodes = 1LL * (spineModel->ports / rails) * perSu;
        return tooMany(2, maxNodes * m->nics, maxNodes);
    }
    if (m_o.tiers == 3) {
        if (spinePorts.down < rails)
            return fail("a 3-tier rail-optimized pod needs a spine with a down port per rail ("
                        + std::to_string(rails) + ") but " + spineModel->id + " has "
                        + std::to_string(spinePorts.down) + " at " + ratio(m_o.oversubscription));
        unitsPerPod = static_cast<int>(std::min<long long>(units, spinePorts.down / rails));
    }
    m_leavesPerPod = unitsPerPod * rails;
    m_nodesPerPod = 1LL * unitsPerPod * perSu;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const int unit = static_cast<int>(i / perSu);
        const int slot = static_cast<int>(i % perSu);
        std::vector<std::pair<int, int>> ports;
        for (int nic = 0; nic < m->nics; ++nic)
            ports.emplace_back(unit * rails + nic % rails, slot * perRail + nic / rails);
        nodeGroup.push_back(unit);
        m_nicPort.push_back(std::move(ports));
    }
    groupLeaves.assign(units, {});
    for (int unit = 0; unit < units; ++unit) {
        for (int rail = 0; rail < rails; ++rail) {
            std::string name
                    = "leaf-r" + std::to_string(rail + 1) + "-su" + std::to_string(unit + 1);
            groupLeaves[unit].push_back(addSwitch("leaf", name, leafModel, Tier::Leaf));
        }
    }
    for (int first = 0; first < units; first += unitsPerPod)
        pods.push_back(
                Pod{first, static_cast<int>(std::min<long long>(unitsPerPod, units - first)), {}});
    return std::nullopt;
}

void FabricBuilder::makeBundles(const std::vector<int> &lower, int lowerFirstPort,
                                long long lowerIndex0, const std::vector<int> &upper,
                                std::vector<int> *upperCursor, int upEach,
                                const std::string &medium)
{
    for (std::size_t j = 0; j < lower.size(); ++j) {
        std::vector<int> sizes = bundleSizes(lowerIndex0 + j, upEach, upper.size());
        int port = lowerFirstPort;
        for (std::size_t u = 0; u < upper.size(); ++u) {
            Link l;
            l.id = m_ids->next("link");
            l.a = Endpoint{switches[lower[j]].id, port};
            l.b = Endpoint{switches[upper[u]].id, (*upperCursor)[u]};
            l.medium = medium;
            l.count = sizes[u];
            port += sizes[u];
            (*upperCursor)[u] += sizes[u];
            links.push_back(std::move(l));
        }
    }
}

std::optional<Error> FabricBuilder::makeUpperTiers()
{
    if (m_leafCount < 2)
        return std::nullopt; // a single leaf has nothing to join
    const std::string leafSpine = m_c.inferMedium(*leafModel, *spineModel);
    if (leafSpine.empty())
        return fail("the catalog has no medium between a " + leafModel->id + " and a "
                    + spineModel->id + " port");
    const bool three = m_o.tiers == 3;
    const int spineDown = three ? spinePorts.down : spineModel->ports;
    const long long perPod = upperCount(m_leavesPerPod, leafPorts.up, spineDown);
    const int width = std::max(2, digits(perPod * static_cast<long long>(pods.size())));
    std::vector<std::vector<int>> podLeaves;
    for (std::size_t p = 0; p < pods.size(); ++p) {
        Pod &pod = pods[p];
        for (long long s = 0; s < perPod; ++s) {
            std::string name = three ? "spine-p" + std::to_string(p + 1) + "-" + padded(s + 1, 2)
                                     : "spine-" + padded(s + 1, width);
            pod.spines.push_back(addSwitch("spine", name, spineModel, Tier::Spine));
        }
        std::vector<int> leaves;
        for (int g = pod.firstGroup; g < pod.firstGroup + pod.groupCount; ++g)
            leaves.insert(leaves.end(), groupLeaves[g].begin(), groupLeaves[g].end());
        podLeaves.push_back(std::move(leaves));
    }
    for (std::size_t p = 0; p < pods.size(); ++p) {
        std::vector<int> cursor(pods[p].spines.size(), 0);
        makeBundles(podLeaves[p], leafPorts.down, 0, pods[p].spines, &cursor, leafPorts.up,
                    leafSpine);
    }
    if (!three || pods.size() < 2)
        return std::nullopt; // a single pod has nothing to join
    const std::string spineCore = m_c.inferMedium(*spineModel, *coreModel);
    if (spineCore.empty())
        return fail("the catalog has no medium between a " + spineModel->id + " and a "
                    + coreModel->id + " port");
    const long long perPlane
            = upperCount(static_cast<long long>(pods.size()), spinePorts.up, coreModel->ports);
    std::vector<std::vector<int>> planeCores(perPod);
    const int coreWidth = std::max(3, digits(perPlane * perPod));
    for (long long plane = 0; plane < perPod; ++plane) {
        for (long long c = 0; c < perPlane; ++c) {
            int index = addSwitch("core", "core-" + padded(plane * perPlane + c + 1, coreWidth),
                                  coreModel, Tier::Core);
            planeCores[plane].push_back(index);
            cores.push_back(index);
        }
    }
    std::vector<std::vector<int>> cursors(perPod, std::vector<int>(perPlane, 0));
    for (std::size_t p = 0; p < pods.size(); ++p) {
        for (long long plane = 0; plane < perPod; ++plane)
            makeBundles({pods[p].spines[plane]}, spinePorts.down, static_cast<long long>(p),
                        planeCores[plane], &cursors[plane], spinePorts.up, spineCore);
    }
    return std::nullopt;
}

std::optional<Error> FabricBuilder::makeNodeLinks()
{
    std::map<const ServerModel *, std::string> media;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const NodeRef &n = m_nodes[i];
        auto it = media.find(n.model);
        if (it == media.end()) {
            std::string medium = m_c.inferMedium(*n.model, *leafModel);
            if (medium.empty())
                return fail("the catalog has no medium for a NIC of " + n.model->id + " on a "
                            + leafModel->id + " port");
            it = media.emplace(n.model, medium).first;
        }
        if (i == 0)
            nicMedium = it->second;
        for (int nic = 0; nic < n.model->nics; ++nic) {
            auto [leaf, port] = m_nicPort[i][nic];
            Link l;
            l.id = m_ids->next("link");
            l.a = Endpoint{n.id, nic};
            l.b = Endpoint{switches[leaf].id, port};
            l.medium = it->second;
            l.count = 1;
            links.push_back(std::move(l));
        }
    }
    return std::nullopt;
}

std::optional<Error> FabricBuilder::build()
{
    if (m_o.tiers != 2 && m_o.tiers != 3)
        return Error{{}, "--tiers", "expected 2 or 3 tiers, got " + std::to_string(m_o.tiers)};
    if (!(m_o.oversubscription >= 1) || !std::isfinite(m_o.oversubscription))
        return Error{{},
                     "--oversubscription",
                     "expected a ratio of downlinks to uplinks >= 1 (1 = non-blocking)"};
    if (auto err = chooseModels())
        return err;
    leafPorts = splitPorts(leafModel->ports, m_o.oversubscription);
    spinePorts = m_o.tiers == 3 ? splitPorts(spineModel->ports, m_o.oversubscription)
                                : PortSplit{spineModel->ports, 0};
    if (leafPorts.up < 1 || leafPorts.down < 1 || spinePorts.down < 1
        || (m_o.tiers == 3 && spinePorts.up < 1))
        return Error{{},
                     "--oversubscription",
                     ratio(m_o.oversubscription) + " leaves a " + leafModel->id + " ("
                             + std::to_string(leafModel->ports) + " ports) or " + spineModel->id
                             + " without down- or uplinks"};
    for (const NodeRef &n : m_nodes)
        m_ports += n.model->nics;
    auto err = m_o.fabric == FabricKind::RailOptimized ? placeRails() : placeFatTree();
    if (err)
        return err;
    if (m_o.tiers == 3 && static_cast<int>(pods.size()) > coreModel->ports) {
        const long long maxNodes = m_nodesPerPod * coreModel->ports;
        const long long maxPorts
                = m_o.fabric == FabricKind::RailOptimized
                          ? maxNodes * m_nodes.front().model->nics
                          : 1LL * m_leavesPerPod * leafPorts.down * coreModel->ports;
        return tooMany(3, maxPorts, maxNodes);
    }
    if (auto err = makeNodeLinks())
        return err;
    return makeUpperTiers();
}

// ---- Layout -----------------------------------------------------------------------------

using namespace diagram;

double rowWidth(std::size_t n, double itemWidth)
{
    return n == 0 ? 0 : n * itemWidth + (n - 1) * kItemGap;
}

void placeRow(const std::vector<int> &indices, const std::vector<Switch> &sw, double centerX,
              double y, Layout *out)
{
    double x = centerX - rowWidth(indices.size(), kSwitchWidth) / 2;
    for (int i : indices) {
        out->items[sw[i].id] = LayoutItem{x, y, 0, 0, {}};
        x += kSwitchWidth + kItemGap;
    }
}

// One thing in the node area: a node, or a custom domain box with its trays.
struct Cell
{
    int domain = -1;
    std::vector<int> nodes;
    double w = kNodeWidth;
    double h = kNodeHeight;
};

Cell domainCell(int domain, std::vector<int> members)
{
    Cell c;
    c.domain = domain;
    const int n = static_cast<int>(members.size());
    const int cols = std::max(1, std::min(n, kMaxDomainColumns));
    const int rows = static_cast<int>(ceilDiv(n, cols));
    c.w = 2 * kDomainPadding + rowWidth(cols, kNodeWidth);
    c.h = kDomainHeader + 2 * kDomainPadding + rows * kNodeHeight + (rows - 1) * kItemGap;
    c.nodes = std::move(members);
    return c;
}

void placeCell(const Cell &c, const Topology &t, double x, double y, Layout *out)
{
    if (c.domain < 0) {
        out->items[t.nodes[c.nodes.front()].id] = LayoutItem{x, y, 0, 0, {}};
        return;
    }
    out->items[t.domains[c.domain].id] = LayoutItem{x, y, c.w, c.h, {}};
    const int cols = std::min(static_cast<int>(c.nodes.size()), kMaxDomainColumns);
    for (std::size_t k = 0; k < c.nodes.size(); ++k) {
        double nx = x + kDomainPadding + (k % cols) * (kNodeWidth + kItemGap);
        double ny = y + kDomainHeader + kDomainPadding + (k / cols) * (kNodeHeight + kItemGap);
        out->items[t.nodes[c.nodes[k]].id] = LayoutItem{nx, ny, 0, 0, {}};
    }
}

struct GroupBlock
{
    std::vector<Cell> cells;
    int cols = 1;
    double cellWidth = kNodeWidth;
    double width = 0; // max of the node block and the leaf row
};

void sizeGroup(GroupBlock *g, std::size_t leaves)
{
    const double leafWidth = rowWidth(leaves, kSwitchWidth);
    for (const Cell &c : g->cells)
        g->cellWidth = std::max(g->cellWidth, c.w);
    const int n = static_cast<int>(g->cells.size());
    const int fit = static_cast<int>((leafWidth + kItemGap) / (g->cellWidth + kItemGap));
    const int square = static_cast<int>(std::ceil(std::sqrt(2.0 * n)));
    g->cols = std::max(1, std::min(n, std::max({kMinColumns, fit, square})));
    g->width = std::max(rowWidth(n == 0 ? 0 : g->cols, g->cellWidth), leafWidth);
}

void placeGroup(const GroupBlock &g, const Topology &t, double left, double top, Layout *out)
{
    const double block = rowWidth(std::min<std::size_t>(g.cols, g.cells.size()), g.cellWidth);
    const double x0 = left + (g.width - block) / 2;
    double y = top;
    for (std::size_t first = 0; first < g.cells.size(); first += g.cols) {
        double rowHeight = 0;
        for (std::size_t k = first; k < std::min(first + g.cols, g.cells.size()); ++k) {
            placeCell(g.cells[k], t, x0 + (k - first) * (g.cellWidth + kItemGap), y, out);
            rowHeight = std::max(rowHeight, g.cells[k].h);
        }
        y += rowHeight + kItemGap;
    }
}

void shiftToOrigin(Layout *layout)
{
    double minX = 0, minY = 0;
    bool first = true;
    for (const auto &[id, item] : layout->items) {
        minX = first ? item.x : std::min(minX, item.x);
        minY = first ? item.y : std::min(minY, item.y);
        first = false;
    }
    for (auto &[id, item] : layout->items) {
        item.x -= minX;
        item.y -= minY;
    }
}

// Lanes top to bottom: cores, spines, leaves, nodes (grouped by SU or pod, wrapped in rows).
Layout layoutProject(const Topology &t, const std::vector<int> &nodeDomain, const FabricBuilder *f)
{
    Layout out;
    const std::size_t groupCount = f ? f->groupLeaves.size() : 1;
    std::vector<GroupBlock> groups(groupCount);
    std::vector<std::vector<int>> members(t.domains.size());
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        if (nodeDomain[i] >= 0)
            members[nodeDomain[i]].push_back(static_cast<int>(i));
    }
    std::vector<bool> placed(t.domains.size(), false);
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        GroupBlock &g = groups[f ? f->nodeGroup[i] : 0];
        const int d = nodeDomain[i];
        if (d < 0) {
            g.cells.push_back(Cell{-1, {static_cast<int>(i)}});
        } else if (!placed[d]) {
            placed[d] = true;
            g.cells.push_back(domainCell(d, members[d]));
        }
    }
    for (std::size_t g = 0; g < groupCount; ++g)
        sizeGroup(&groups[g], f ? f->groupLeaves[g].size() : 0);

    const bool hasCores = f && !f->cores.empty();
    const bool hasSpines = f && std::any_of(f->pods.begin(), f->pods.end(), [](const Pod &p) {
                               return !p.spines.empty();
                           });
    const double lane = kSwitchHeight + kLaneGap;
    const double spineY = hasCores ? lane : 0;
    const double leafY = spineY + (hasSpines ? lane : 0);
    const double nodeY = f ? leafY + lane : 0;

    std::vector<Pod> pods = f ? f->pods : std::vector<Pod>{Pod{0, 1, {}}};
    double x = 0;
    for (const Pod &pod : pods) {
        double groupsWidth = 0;
        for (int g = pod.firstGroup; g < pod.firstGroup + pod.groupCount; ++g)
            groupsWidth += groups[g].width + (g > pod.firstGroup ? kGroupGap : 0);
        const double podWidth = std::max(groupsWidth, rowWidth(pod.spines.size(), kSwitchWidth));
        double gx = x + (podWidth - groupsWidth) / 2;
        for (int g = pod.firstGroup; g < pod.firstGroup + pod.groupCount; ++g) {
            placeGroup(groups[g], t, gx, nodeY, &out);
            if (f)
                placeRow(f->groupLeaves[g], f->switches, gx + groups[g].width / 2, leafY, &out);
            gx += groups[g].width + kGroupGap;
        }
        if (f)
            placeRow(pod.spines, f->switches, x + podWidth / 2, spineY, &out);
        x += podWidth + kGroupGap;
    }
    if (hasCores)
        placeRow(f->cores, f->switches, (x - kGroupGap) / 2, 0, &out);
    shiftToOrigin(&out);
    return out;
}

// New switches above what is on the canvas: each group's leaves centred over its nodes,
// pushed right where groups interleave; spines over their pod's leaves; cores over all.
Layout layoutOverNodes(const Project &p, const std::vector<NodeRef> &nodes, const FabricBuilder &f)
{
    Layout out;
    const std::size_t groupCount = f.groupLeaves.size();
    std::vector<double> lo(groupCount, 0), hi(groupCount, 0);
    std::vector<bool> seen(groupCount, false);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        auto it = p.layout.items.find(nodes[i].id);
        if (it == p.layout.items.end())
            continue;
        const int g = f.nodeGroup[i];
        lo[g] = seen[g] ? std::min(lo[g], it->second.x) : it->second.x;
        hi[g] = seen[g] ? std::max(hi[g], it->second.x + kNodeWidth) : it->second.x + kNodeWidth;
        seen[g] = true;
    }
    // Above everything drawn so far, so that a second fabric never covers the first.
    double top = 0;
    for (auto it = p.layout.items.begin(); it != p.layout.items.end(); ++it)
        top = it == p.layout.items.begin() ? it->second.y : std::min(top, it->second.y);
    const double lane = kSwitchHeight + kLaneGap;
    const double leafY = top - lane;
    const double spineY = leafY - lane;
    const double coreY = spineY - lane;
    double edge = -1e300; // right end of the last row placed
    std::vector<double> leafLo(groupCount), leafHi(groupCount);
    for (std::size_t g = 0; g < groupCount; ++g) {
        const double w = rowWidth(f.groupLeaves[g].size(), kSwitchWidth);
        const double center
                = seen[g] ? (lo[g] + hi[g]) / 2 : (g == 0 ? w / 2 : edge + kGroupGap + w / 2);
        const double left = std::max(center - w / 2, edge + kGroupGap);
        placeRow(f.groupLeaves[g], f.switches, left + w / 2, leafY, &out);
        leafLo[g] = left;
        leafHi[g] = left + w;
        edge = left + w;
    }
    edge = -1e300;
    for (const Pod &pod : f.pods) {
        const double w = rowWidth(pod.spines.size(), kSwitchWidth);
        const int last = pod.firstGroup + pod.groupCount - 1;
        const double center = (leafLo[pod.firstGroup] + leafHi[last]) / 2;
        const double left = std::max(center - w / 2, edge + kGroupGap);
        placeRow(pod.spines, f.switches, left + w / 2, spineY, &out);
        edge = left + w;
    }
    if (!f.cores.empty())
        placeRow(f.cores, f.switches, (leafLo.front() + leafHi.back()) / 2, coreY, &out);
    return out;
}

// ---- Names ------------------------------------------------------------------------------

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

std::string derivedName(const GeneratorOptions &o, const ServerModel &m, const Catalog &c,
                        const FabricBuilder *f)
{
    std::string name = std::to_string(o.nodes) + " x " + shortServerName(m);
    if (o.domainSize > 0)
        name += ", NVL" + std::to_string(o.domainSize) + " domains";
    if (!f)
        return name;
    name += o.tiers == 3 ? ", 3-tier " : ", ";
    name += o.fabric == FabricKind::RailOptimized ? "rail-optimized" : "fat tree";
    if (const Medium *medium = c.medium(f->nicMedium))
        name += " " + speedLabel(*medium);
    if (o.oversubscription != 1)
        name += " " + ratio(o.oversubscription);
    return name;
}

std::string describe(const GeneratorOptions &o, const FabricBuilder &f)
{
    int counts[3] = {0, 0, 0};
    for (const Switch &s : f.switches)
        ++counts[static_cast<int>(s.tier)];
    std::string text = std::to_string(counts[0]) + " leaves (" + f.leafModel->id + ", "
                       + std::to_string(f.leafPorts.down) + " down / "
                       + std::to_string(f.leafPorts.up) + " up ports), " + std::to_string(counts[1])
                       + " spines (" + f.spineModel->id + ")";
    if (o.tiers == 3)
        text += ", " + std::to_string(counts[2]) + " cores (" + f.coreModel->id + ")";
    return text + "; oversubscription " + ratio(o.oversubscription) + ".";
}

std::set<std::string> usedIds(const Project &p)
{
    std::set<std::string> used;
    for (const Domain &d : p.topology.domains)
        used.insert(d.id);
    for (const Node &n : p.topology.nodes)
        used.insert(n.id);
    for (const Switch &s : p.topology.switches)
        used.insert(s.id);
    for (const Link &l : p.topology.links)
        used.insert(l.id);
    for (const auto &[id, item] : p.layout.items)
        used.insert(id);
    return used;
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
    }
    return "none";
}

std::optional<FabricKind> fabricKindFromString(const std::string &s)
{
    for (FabricKind k : {FabricKind::None, FabricKind::FatTree, FabricKind::RailOptimized}) {
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
            p.topology.domains.push_back(
                    Domain{"dom-" + std::to_string(d + 1),
                           "nvl" + std::to_string(gpus) + "-" + padded(d + 1, digits(domains))});
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

    std::optional<FabricBuilder> fabric;
    IdMaker ids(usedIds(p));
    if (o.fabric != FabricKind::None) {
        fabric.emplace(o, c, refs, &ids, "--nodes");
        if (auto err = fabric->build())
            return *err;
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
    IdMaker ids(usedIds(p));
    FabricBuilder fabric(o, c, refs, &ids, {});
    if (auto err = fabric.build())
        return *err;
    delta.layout = layoutOverNodes(p, refs, fabric);
    delta.switches = std::move(fabric.switches);
    delta.links = std::move(fabric.links);
    return delta;
}

} // namespace topoplan
