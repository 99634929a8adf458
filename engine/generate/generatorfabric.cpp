#include "engine/generate/generatorfabric.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace topoplan::generator {

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

// Leaves per layout group of a fat tree: the 8 rail leaves of a DGX SU.
constexpr int kLeavesPerLayoutGroup = 8;

} // namespace

// The down:up split nearest r: among up = 1..k/2 and down = the nearest whole number to up r
// that still fits (down + up <= k), the one whose down/up is nearest r, and of equally near
// ones the one that uses the most ports. 64 ports at 2:1 are 42 down and 21 up (one port
// idle), exactly 2:1, where rounding each side down alone could give a ratio that is not r.
PortSplit splitPorts(int ports, double r)
{
    PortSplit best;
    double bestError = 0;
    for (int up = 1; up <= ports / 2; ++up) {
        const int down = std::min(ports - up, static_cast<int>(std::lround(up * r)));
        if (down < up)
            continue;
        const double error = std::fabs(static_cast<double>(down) / up - r);
        if (best.up == 0 || error < bestError - 1e-12
            || (error < bestError + 1e-12 && down + up > best.down + best.up)) {
            best = PortSplit{down, up};
            bestError = error;
        }
    }
    return best;
}

namespace {

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

// Builds the fabric for a list of nodes: switches, links, and how they group for the layout.
class FabricBuilder : public GeneratedFabric
{
public:
    FabricBuilder(const GeneratorOptions &options, const Catalog &catalog,
                  std::vector<NodeRef> nodes, IdMaker *ids, std::string where, PlaneScope scope)
        : m_o(options)
        , m_c(catalog)
        , m_nodes(std::move(nodes))
        , m_ids(ids)
        , m_where(std::move(where))
        , m_scope(std::move(scope))
    {}

    std::optional<Error> build();

private:
    struct Port
    {
        int nic = 0;  // the node's NIC
        int leaf = 0; // index among the leaves
        int port = 0; // the leaf's port
    };
    Error fail(const std::string &message) const { return Error{{}, m_where, message}; }
    Error noUplink(const char *tier, const SwitchModel *m) const
    {
        return Error{{},
                     "--oversubscription",
                     ratio(m_o.oversubscription) + " leaves a " + m->id + " " + tier + " ("
                             + std::to_string(m->ports) + " ports) no uplink; at most "
                             + ratio(m->ports - 1)};
    }
    std::optional<Error> chooseModels();
    std::optional<Error> splitTiers();
    std::optional<Error> placeFatTree();
    std::optional<Error> placeRails();
    std::optional<Error> tooMany(int tiers, long long maxPorts, long long maxNodes) const;
    std::optional<Error> coresJoinSomething() const;
    std::optional<Error> makeUpperTiers();
    std::optional<Error> makeNodeLinks();
    void makeBundles(const std::vector<int> &lower, int lowerFirstPort, long long lowerIndex0,
                     const std::vector<int> &upper, std::vector<int> *upperCursor, int upEach,
                     const std::string &medium);
    int addSwitch(const std::string &prefix, const std::string &name, const SwitchModel *m,
                  Tier tier);
    const std::vector<int> &planeNics(const ServerModel *m);

    const GeneratorOptions &m_o;
    const Catalog &m_c;
    std::vector<NodeRef> m_nodes;
    IdMaker *m_ids;
    std::string m_where;
    PlaneScope m_scope;

    long long m_ports = 0; // NIC ports to cable
    int m_leafCount = 0;
    int m_leavesPerPod = 0;
    long long m_nodesPerPod = 0; // of the first node's model, for messages
    bool m_singleSwitch = false; // a rail-only rail whose ports one switch takes
    std::map<const ServerModel *, std::vector<int>> m_planeNics;
    std::vector<std::vector<Port>> m_nicPort; // per node, its NICs in this plane
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

const std::vector<int> &FabricBuilder::planeNics(const ServerModel *m)
{
    auto it = m_planeNics.find(m);
    if (it != m_planeNics.end())
        return it->second;
    std::vector<int> nics;
    const int rails = railsOf(*m);
    for (int nic = 0; nic < m->nics; ++nic) {
        const int rail = nic % rails;
        if (m_scope.railCount == 0
            || (rail >= m_scope.railFirst && rail < m_scope.railFirst + m_scope.railCount))
            nics.push_back(nic);
    }
    return m_planeNics.emplace(m, std::move(nics)).first->second;
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
    if (m_scope.count > 1)
        what += m_scope.railOnly ? " in each rail's network" : " in each plane";
    std::string fits = uniform ? std::to_string(maxNodes) + " nodes of " + m_nodes.front().model->id
                                         + " (" + std::to_string(maxPorts) + " NIC ports)"
                               : std::to_string(maxPorts) + " NIC ports";
    std::string asked = uniform ? std::to_string(m_nodes.size()) + " requested"
                                : std::to_string(m_ports) + " requested";
    std::string advice = tiers == 2 ? "use 3 tiers (--tiers 3)"
                                    : "use switches with more ports or oversubscribe the "
                                      "fabric (--oversubscription)";
    if (tiers == 2 && m_scope.count == 1 && m_o.fabric != FabricKind::RailOnly)
        advice += " or planes (--planes)";
    return fail(what + " connect at most " + fits + "; " + asked + ": " + advice);
}

std::optional<Error> FabricBuilder::placeFatTree()
{
    m_leafCount = static_cast<int>(ceilDiv(m_ports, leafPorts.down));
    const int tiers = m_o.tiers;
    const long long nodePorts = static_cast<long long>(planeNics(m_nodes.front().model).size());
    if (tiers == 2 && m_leafCount > spineModel->ports) {
        const long long maxPorts = 1LL * spineModel->ports * leafPorts.down;
        return tooMany(2, maxPorts, maxPorts / nodePorts);
    }
    m_leavesPerPod = tiers == 3 ? std::min(m_leafCount, spinePorts.down) : m_leafCount;
    m_nodesPerPod
            = 1LL * (tiers == 3 ? spinePorts.down : m_leavesPerPod) * leafPorts.down / nodePorts;
    // Layout groups: runs of leaves within a pod as wide as a rail-optimized SU, so that a
    // wide 2-tier fabric is drawn in blocks that wrap (generatorlayout.h), not one strip.
    const int run = std::min(m_leavesPerPod, kLeavesPerLayoutGroup);
    const int runsPerPod = static_cast<int>(ceilDiv(m_leavesPerPod, run));
    const auto groupOf = [&](int leaf) {
        return leaf / m_leavesPerPod * runsPerPod + leaf % m_leavesPerPod / run;
    };
    long long index = 0;
    for (const NodeRef &n : m_nodes) {
        std::vector<Port> ports;
        for (int nic : planeNics(n.model)) {
            ports.push_back(Port{nic, static_cast<int>(index / leafPorts.down),
                                 static_cast<int>(index % leafPorts.down)});
            ++index;
        }
        nodeGroup.push_back(groupOf(ports.front().leaf));
        m_nicPort.push_back(std::move(ports));
    }
    const int groups = groupOf(m_leafCount - 1) + 1;
    groupLeaves.assign(groups, {});
    const int width = std::max(3, digits(m_leafCount));
    for (int leaf = 0; leaf < m_leafCount; ++leaf) {
        int pod = leaf / m_leavesPerPod;
        std::string name = tiers == 3 ? "leaf-" + m_scope.tag() + "p" + std::to_string(pod + 1)
                                                + "-" + padded(leaf % m_leavesPerPod + 1, 2)
                                      : "leaf-" + m_scope.tag() + padded(leaf + 1, width);
        groupLeaves[groupOf(leaf)].push_back(addSwitch("leaf", name, leafModel, Tier::Leaf));
    }
    for (int g = 0; g < groups; g += runsPerPod)
        pods.push_back(Pod{g, std::min(runsPerPod, groups - g), {}});
    if (tiers == 2)
        pods = {Pod{0, groups, {}}};
    return std::nullopt;
}

// A rail is a NIC position within a tray (a rack's trays repeat the same NICs). Each rail's
// NIC ports fill its leaves' down ports in node order, so that no leaf but a rail's last has
// an idle down port: a rail of an NVL72 rack is 18 ports, and 32-down leaves take 1 7/9 racks
// each, a rack's rail running on into the next leaf. Where a node's rail ports divide the
// down ports (one port of a DGX per rail) this is NVIDIA's scalable unit: 32 DGX per leaf.
// Unit u (a layout group, an SU) is leaf u of every rail.
std::optional<Error> FabricBuilder::placeRails()
{
    const ServerModel *m = m_nodes.front().model;
    for (const NodeRef &n : m_nodes) {
        if (n.model->nics != m->nics || n.model->trays != m->trays)
            return fail("a rail-optimized fabric needs nodes with the same NICs: " + n.id + " ("
                        + n.model->id + ") has " + std::to_string(n.model->nics) + ", "
                        + m_nodes.front().id + " (" + m->id + ") " + std::to_string(m->nics));
    }
    const std::vector<int> &nics = planeNics(m);
    const int allRails = railsOf(*m);
    const int rails = m_scope.railCount > 0 ? m_scope.railCount : allRails;
    const int perRail = static_cast<int>(nics.size()) / rails; // a node's ports on one rail
    const int down = leafPorts.down;
    const long long railPorts = static_cast<long long>(m_nodes.size()) * perRail;
    const long long units = ceilDiv(railPorts, down);
    m_leafCount = static_cast<int>(units * rails);
    int unitsPerPod = static_cast<int>(units);
    if (m_o.tiers == 2 && m_leafCount > spineModel->ports && !m_singleSwitch) {
        const long long maxNodes = 1LL * (spineModel->ports / rails) * down / perRail;
        return tooMany(2, maxNodes * static_cast<long long>(nics.size()), maxNodes);
    }
    if (m_o.tiers == 3) {
        if (spinePorts.down < rails)
            return fail("a 3-tier rail-optimized pod needs a spine with a down port per rail ("
                        + std::to_string(rails) + ") but " + spineModel->id + " has "
                        + std::to_string(spinePorts.down) + " at " + ratio(m_o.oversubscription));
        unitsPerPod = static_cast<int>(std::min<long long>(units, spinePorts.down / rails));
    }
    m_leavesPerPod = unitsPerPod * rails;
    // What a pod holds (3 tiers: as many SUs as a spine has down ports per rail).
    const long long podUnits = m_o.tiers == 3 ? spinePorts.down / rails : units;
    m_nodesPerPod = podUnits * down / perRail;
    std::vector<int> seen(allRails, 0);
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        std::fill(seen.begin(), seen.end(), 0);
        std::vector<Port> ports;
        for (int nic : nics) {
            const int rail = nic % allRails;
            const long long index = static_cast<long long>(i) * perRail + seen[rail]++;
            const int unit = static_cast<int>(index / down);
            const int railHere = rail - (m_scope.railCount > 0 ? m_scope.railFirst : 0);
            ports.push_back(Port{nic, unit * rails + railHere, static_cast<int>(index % down)});
        }
        nodeGroup.push_back(ports.front().leaf / rails);
        m_nicPort.push_back(std::move(ports));
    }
    const int railFirst = m_scope.railCount > 0 ? m_scope.railFirst : 0;
    groupLeaves.assign(units, {});
    for (int unit = 0; unit < units; ++unit) {
        for (int rail = 0; rail < rails; ++rail) {
            std::string name = "leaf-" + (m_scope.railOnly ? std::string() : m_scope.tag()) + "r"
                               + std::to_string(railFirst + rail + 1) + "-su"
                               + std::to_string(unit + 1);
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
    if (m_leafCount < 2 || m_singleSwitch)
        return std::nullopt; // a single leaf has nothing to join
    const std::string leafSpine = m_c.inferMedium(*leafModel, *spineModel);
    if (leafSpine.empty())
        return fail("the catalog has no medium between a " + leafModel->id + " and a "
                    + spineModel->id + " port");
    const bool three = m_o.tiers == 3;
    const int spineDown = three ? spinePorts.down : spineModel->ports;
    const long long perPod = upperCount(m_leavesPerPod, leafPorts.up, spineDown);
    const int width = std::max(2, digits(perPod * static_cast<long long>(pods.size())));
    const std::string tag = m_scope.tag();
    std::vector<std::vector<int>> podLeaves;
    for (std::size_t p = 0; p < pods.size(); ++p) {
        Pod &pod = pods[p];
        for (long long s = 0; s < perPod; ++s) {
            std::string name
                    = three ? "spine-" + tag + "p" + std::to_string(p + 1) + "-" + padded(s + 1, 2)
                            : "spine-" + tag + padded(s + 1, width);
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
            int index
                    = addSwitch("core", "core-" + tag + padded(plane * perPlane + c + 1, coreWidth),
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
        for (const Port &p : m_nicPort[i]) {
            Link l;
            l.id = m_ids->next("link");
            l.a = Endpoint{n.id, p.nic};
            l.b = Endpoint{switches[p.leaf].id, p.port};
            l.medium = it->second;
            l.count = 1;
            links.push_back(std::move(l));
        }
    }
    return std::nullopt;
}

// Asked for 3 tiers, a fabric whose nodes fit in one pod would get no cores: refused rather
// than built as 2 tiers under a 3-tier name.
std::optional<Error> FabricBuilder::coresJoinSomething() const
{
    if (m_o.tiers != 3 || pods.size() >= 2 || m_singleSwitch || m_leafCount < 2)
        return std::nullopt;
    const std::string unit = m_nodes.size() == 1 ? " node" : " nodes";
    return Error{{},
                 "--tiers",
                 "3 tiers: the " + std::to_string(m_nodes.size()) + unit + " fit in one pod (up to "
                         + std::to_string(m_nodesPerPod) + " nodes of " + m_nodes.front().model->id
                         + " under one pod's " + spineModel->id
                         + " spines), which 2 tiers join; a core tier would "
                         + "join nothing. Use 2 tiers, or 3 from "
                         + std::to_string(m_nodesPerPod + 1) + " nodes"};
}

std::optional<Error> FabricBuilder::splitTiers()
{
    if (m_o.oversubscription > leafModel->ports - 1 + 1e-9)
        return noUplink("leaf", leafModel);
    if (m_o.tiers == 3 && m_o.oversubscription > spineModel->ports - 1 + 1e-9)
        return noUplink("spine", spineModel);
    leafPorts = splitPorts(leafModel->ports, m_o.oversubscription);
    spinePorts = m_o.tiers == 3 ? splitPorts(spineModel->ports, m_o.oversubscription)
                                : PortSplit{spineModel->ports, 0};
    // A rail of a rail-only fabric that one switch takes whole is that switch: all its ports
    // down, no spine.
    if (m_scope.railOnly && m_ports <= leafModel->ports) {
        leafPorts = PortSplit{leafModel->ports, 0};
        m_singleSwitch = true;
    }
    return std::nullopt;
}

std::optional<Error> FabricBuilder::build()
{
    if (auto err = checkFabricOptions(m_o))
        return err;
    if (auto err = chooseModels())
        return err;
    for (const NodeRef &n : m_nodes)
        m_ports += static_cast<long long>(planeNics(n.model).size());
    if (auto err = splitTiers())
        return err;
    const bool rails = m_o.fabric != FabricKind::FatTree;
    auto err = rails ? placeRails() : placeFatTree();
    if (err)
        return err;
    if (m_o.tiers == 3 && static_cast<int>(pods.size()) > coreModel->ports) {
        const long long maxNodes = m_nodesPerPod * coreModel->ports;
        const long long nodePorts = static_cast<long long>(planeNics(m_nodes.front().model).size());
        const long long maxPorts = rails ? maxNodes * nodePorts
                                         : 1LL * m_leavesPerPod * leafPorts.down * coreModel->ports;
        return tooMany(3, maxPorts, maxNodes);
    }
    if (auto err = coresJoinSomething())
        return err;
    if (auto err = makeNodeLinks())
        return err;
    return makeUpperTiers();
}

} // namespace

Expected<GeneratedFabric> buildNetwork(const GeneratorOptions &options, const Catalog &catalog,
                                       const std::vector<NodeRef> &nodes, IdMaker *ids,
                                       const std::string &where, const PlaneScope &scope)
{
    FabricBuilder builder(options, catalog, nodes, ids, where, scope);
    if (auto err = builder.build())
        return *err;
    return GeneratedFabric(std::move(builder));
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

std::optional<Error> checkFabricOptions(const GeneratorOptions &o)
{
    if (o.planes < 1 || o.planes > kMaxPlanes)
        return Error{{},
                     "--planes",
                     "expected 1 to " + std::to_string(kMaxPlanes) + " planes, got "
                             + std::to_string(o.planes)};
    if (o.planes > 1 && o.fabric == FabricKind::RailOnly)
        return Error{{},
                     "--planes",
                     "a rail-only fabric is already a network per rail; it takes no planes"};
    if (o.tiers != 2 && o.tiers != 3)
        return Error{{}, "--tiers", "expected 2 or 3 tiers, got " + std::to_string(o.tiers)};
    if (!(o.oversubscription >= 1) || !std::isfinite(o.oversubscription))
        return Error{{},
                     "--oversubscription",
                     "expected a ratio of downlinks to uplinks >= 1 (1 = non-blocking)"};
    return std::nullopt;
}

} // namespace topoplan::generator
