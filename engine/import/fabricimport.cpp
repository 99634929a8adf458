#include "engine/import/fabricimport.h"

#include "engine/core/jsonin.h"
#include "engine/generate/generatorlayout.h"
#include "engine/import/textscan.h"
#include "engine/io/projectfile.h"
#include "engine/model/infiniband.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace topoplan {

namespace {

using textscan::hexId;
using textscan::isDigit;
using textscan::lower;

using Kind = ImportNote::Kind;

// An id made of the characters ids are made of elsewhere: [a-z0-9-].
std::string slug(const std::string &s)
{
    std::string out;
    for (char c : lower(s)) {
        if ((c >= 'a' && c <= 'z') || isDigit(c))
            out += c;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? "x" : out.substr(0, 40);
}

std::string gbitsText(double gbits)
{
    std::string s = std::to_string(gbits);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s;
}

struct UnionFind
{
    explicit UnionFind(std::size_t n)
        : parent(n)
    {
        std::iota(parent.begin(), parent.end(), 0);
    }
    int find(int x)
    {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    }
    void join(int a, int b) { parent[find(a)] = find(b); }
    std::vector<int> parent;
};

enum class Role { Switch, Server, OtherHost, Aggregation, Unnamed, Router };

struct HostNic
{
    int ca = 0;
    int caPort = 0;
    int adapter = 0;
    int cable = 0;
    double gbits = 0; // 0: the cable's rate is not stated
    int slot = -1;    // the NIC its adapter number names (chooseServerModels); -1: none
};

struct Host
{
    std::string name;
    std::vector<int> cas;
    std::vector<HostNic> nics;
    int line = 0;
    bool server = false;
    std::string model;
    double rate = 0;       // its adapters' rate, Gb/s
    std::size_t slots = 0; // the NICs its model must have
    std::vector<int> port; // NIC port of each nics[i], -1 = left out
    int node = -1;         // index into Topology::nodes
};

// The switch model a description or device id names. Descriptions as NVIDIA's switches set
// them ("MF0;<hostname>:MQM9701/U1"); device ids as infiniband-diags lists them.
struct KnownSwitch
{
    const char *pattern; // in the part number or description, upper case
    const char *model;
};
const KnownSwitch kSwitchParts[] = {
        {"QM97", "qm9700"}, // Quantum-2 QM9700/QM9701/QM9790 (NDR)
        {"QM87", "qm8700"}, // Quantum QM8700/QM8790 (HDR)
        {"Q34", "q3400"},   // Quantum-X800 Q3400 (XDR)
};
struct KnownDevid
{
    std::uint32_t devid;
    const char *model;
};
// 0xd2f0: "Quantum" in rdma-core infiniband-diags/vendstat.c (the QM8700's ASIC);
// 0xd2f2: the Quantum-2 switches (MQM9701) of NVIDIA topograph's ibnetdiscover example.
const KnownDevid kSwitchDevids[] = {{0xd2f0, "qm8700"}, {0xd2f2, "qm9700"}};

// "MF0;A09-P1-IBLEAF-04-04:MQM9701/U1" -> name "A09-P1-IBLEAF-04-04", part "MQM9701".
void splitSwitchDesc(const std::string &desc, std::string *name, std::string *part)
{
    std::string d = desc;
    if (d.rfind("MF0;", 0) == 0) {
        d = d.substr(4);
        std::size_t colon = d.find(':');
        *name = d.substr(0, colon);
        if (colon != std::string::npos) {
            *part = d.substr(colon + 1);
            std::size_t slash = part->find('/');
            if (slash != std::string::npos)
                part->resize(slash);
        }
        return;
    }
    *name = {};
    *part = {};
}

std::string upper(std::string s)
{
    for (char &c : s)
        if (c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
    return s;
}

// The word of a host name that names what a service host does, as clusters name them
// (login01, controller, mgmt-02, B11-P1-CUFM-02 for a compute fabric's UFM, nfs1,
// slurmctld): its runs of letters, compared whole, case aside. Empty for any other host.
std::string serviceWord(const std::string &host)
{
    static const std::set<std::string> kWords
            = {"login",    "controller", "ctrl",      "mgmt",   "mgt",    "head",
               "headnode", "master",     "ufm",       "cufm",   "opensm", "nfs",
               "beegfs",   "lustre",     "oss",       "mds",    "mgs",    "admin",
               "gateway",  "bastion",    "slurmctld", "storage"};
    std::string word;
    for (std::size_t i = 0; i <= host.size(); ++i) {
        const char c = i < host.size() ? host[i] : '\0';
        if (std::isalpha(static_cast<unsigned char>(c))) {
            word += char(std::tolower(static_cast<unsigned char>(c)));
            continue;
        }
        if (kWords.count(word))
            return word;
        word.clear();
    }
    return {};
}

double cableGbits(const ib::Cable &c)
{
    const infiniband::Speed *s = infiniband::speedByName(c.speed);
    return s && c.lanes > 0 ? s->laneGbits * c.lanes : 0;
}

std::string rateName(const ib::Cable &c)
{
    if (c.lanes > 0 && !c.speed.empty())
        return std::to_string(c.lanes) + "x" + c.speed;
    return "unstated";
}

class FabricImporter
{
public:
    FabricImporter(const ib::Fabric &f, const std::string &file, const Catalog &catalog,
                   ImportReport *report)
        : m_f(f)
        , m_file(file)
        , m_catalog(catalog)
        , m_report(report)
    {}

    Expected<Project> run();

private:
    void note(Kind k, int line, std::string message)
    {
        m_report->note(k, m_file, line, std::move(message));
    }
    std::string describe(int node) const
    {
        const ib::Node &n = m_f.nodes[node];
        return n.desc.empty() ? n.name : "\"" + cleanText(n.desc, 80) + "\"";
    }
    void classify();
    void chooseServerModels();
    void chooseSwitchModels();
    std::string mediumFor(const ib::Cable &c);
    void inferTiers();
    void findTrainedDownCables();
    std::string deviceKind(int node) const;
    Expected<Project> build();

    const ib::Fabric &m_f;
    std::string m_file;
    const Catalog &m_catalog;
    ImportReport *m_report;

    std::vector<std::vector<int>> m_cablesOf;
    std::vector<Role> m_role;
    std::vector<int> m_hostOf;
    std::vector<Host> m_hosts;
    std::vector<int> m_switchNodes;         // ib node indices of the switches
    std::vector<std::string> m_switchModel; // by ib node index
    std::vector<int> m_tier;                // by ib node index: 1 leaf, 2 spine, 3+ core
    std::map<std::string, Json> m_newServers, m_newSwitches, m_newMedia;
    Catalog m_merged;
    int m_aggregation = 0;
};

void FabricImporter::classify()
{
    const int n = static_cast<int>(m_f.nodes.size());
    m_cablesOf.assign(n, {});
    for (std::size_t i = 0; i < m_f.cables.size(); ++i) {
        m_cablesOf[m_f.cables[i].a].push_back(static_cast<int>(i));
        if (m_f.cables[i].b != m_f.cables[i].a)
            m_cablesOf[m_f.cables[i].b].push_back(static_cast<int>(i));
    }
    m_role.assign(n, Role::Unnamed);
    m_hostOf.assign(n, -1);
    std::unordered_map<std::string, int> hostIndex;
    int firstAggregation = 0;
    bool anyHostName = false;
    int unnamedServers = 0;
    // Descriptions that name the host and the adapter ("dgx017 mlx5_3"); where none does, those
    // that are a host name alone ("atlas35", as older drivers set them), the adapter its first.
    bool bare = false;
    for (const ib::Node &node : m_f.nodes) {
        std::string host;
        int adapter = 0;
        anyHostName
                = anyHostName
                  || (node.type == ib::NodeType::Ca && hostOfAdapter(node.desc, &host, &adapter));
    }
    if (!anyHostName)
        for (const ib::Node &node : m_f.nodes) {
            std::string host;
            bare = bare
                   || (node.type == ib::NodeType::Ca
                       && node.desc.find("Aggregation Node") == std::string::npos
                       && bareHostName(node.desc, &host));
        }
    auto hostOf = [&](const std::string &desc, std::string *host, int *adapter) {
        if (hostOfAdapter(desc, host, adapter))
            return true;
        *adapter = 0;
        return bare && bareHostName(desc, host);
    };
    anyHostName = anyHostName || bare;
    if (bare)
        note(Kind::Assumed, 0,
             "the adapters' node descriptions are host names alone (as \"atlas35\", as older "
             "drivers set them): each adapter is taken for its host's");
    for (int i = 0; i < n; ++i) {
        const ib::Node &node = m_f.nodes[i];
        if (node.type == ib::NodeType::Switch) {
            m_role[i] = Role::Switch;
            m_switchNodes.push_back(i);
            continue;
        }
        if (node.type == ib::NodeType::Router) {
            m_role[i] = Role::Router;
            note(Kind::Unmapped, node.line,
                 "router " + describe(i) + " is not part of a design; its cables are left out");
            continue;
        }
        if (node.desc.find("Aggregation Node") != std::string::npos) {
            m_role[i] = Role::Aggregation;
            if (++m_aggregation == 1)
                firstAggregation = node.line;
            continue;
        }
        std::string host;
        int adapter = 0;
        if (!hostOf(node.desc, &host, &adapter) && !anyHostName) {
            // No adapter of the fabric names its host: each is a server of its own, named as
            // ibnetdiscover names it.
            host = node.name;
            adapter = 0;
            ++unnamedServers;
        } else if (!hostOf(node.desc, &host, &adapter)) {
            m_role[i] = Role::Unnamed;
            std::string where;
            for (int c : m_cablesOf[i]) {
                const ib::Cable &cable = m_f.cables[c];
                const bool mineA = cable.a == i;
                const int other = mineA ? cable.b : cable.a;
                where += (where.empty() ? "" : ", ") + std::string("port ")
                         + std::to_string(mineA ? cable.bPort : cable.aPort) + " of "
                         + describe(other);
            }
            note(Kind::Unmapped, node.line,
                 "adapter " + node.name + " (" + describe(i)
                         + ") has no host name in its node description, so no server to "
                           "join; left out"
                         + (where.empty() ? "" : " (cabled to " + where + ")"));
            continue;
        }
        auto [it, fresh] = hostIndex.emplace(host, static_cast<int>(m_hosts.size()));
        if (fresh) {
            Host h;
            h.name = host;
            h.line = node.line;
            m_hosts.push_back(std::move(h));
        }
        Host &h = m_hosts[it->second];
        h.cas.push_back(i);
        m_hostOf[i] = it->second;
        m_role[i] = Role::Server;
        for (int c : m_cablesOf[i]) {
            const ib::Cable &cable = m_f.cables[c];
            HostNic nic;
            nic.ca = i;
            nic.caPort = cable.a == i ? cable.aPort : cable.bPort;
            nic.adapter = adapter;
            nic.cable = c;
            nic.gbits = cableGbits(cable);
            h.nics.push_back(nic);
        }
        if (m_cablesOf[i].empty())
            note(Kind::Unmapped, node.line,
                 "adapter " + describe(i) + " of host " + host + " has no cable; left out");
    }
    if (unnamedServers > 0)
        note(Kind::Assumed, 0,
             "no adapter's node description names its host (as \"dgx017 mlx5_3\"): each of the "
                     + std::to_string(unnamedServers)
                     + " adapters is taken for a server of its own, named by its GUID");
    if (m_aggregation > 0)
        note(Kind::Unmapped, firstAggregation,
             std::to_string(m_aggregation)
                     + " SHARP aggregation nodes (\"Aggregation Node\", the in-network "
                       "reduction engine inside a switch, on its last port) are part of "
                       "their switch, not cabled devices: not drawn");
    // Hosts with far fewer cabled adapters than most are not GPU servers of the same kind
    // (a fabric manager, a login node): listed, not drawn as servers.
    std::map<std::size_t, int> counts;
    for (Host &h : m_hosts) {
        std::sort(h.nics.begin(), h.nics.end(), [](const HostNic &a, const HostNic &b) {
            return std::tie(a.adapter, a.caPort) < std::tie(b.adapter, b.caPort);
        });
        ++counts[h.nics.size()];
    }
    std::size_t mode = 0;
    int modeHosts = 0;
    for (const auto &[size, hosts] : counts)
        if (size > 0 && hosts >= modeHosts) {
            mode = size;
            modeHosts = hosts;
        }
    // A host whose name says it serves the cluster (login01, controller, nfs1) is no GPU server
    // either, even with as many adapters as the servers (a cluster of one HCA a host), as long
    // as other hosts are left to be the servers.
    int named = 0;
    for (const Host &h : m_hosts)
        named += !h.nics.empty() && h.nics.size() * 2 > mode && serviceWord(h.name).empty() ? 1 : 0;
    for (Host &h : m_hosts) {
        h.server = !h.nics.empty() && h.nics.size() * 2 > mode;
        const std::string service = h.server && named > 0 ? serviceWord(h.name) : std::string();
        if (!service.empty()) {
            h.server = false;
            for (int ca : h.cas)
                m_role[ca] = Role::OtherHost;
            note(Kind::Unmapped, h.line,
                 "host " + h.name + ": its name says a service host (\"" + service
                         + "\"), not a GPU server; left out with its "
                         + std::to_string(h.nics.size()) + " cabled adapter(s)");
            continue;
        }
        if (!h.server && !h.nics.empty()) {
            for (int ca : h.cas)
                m_role[ca] = Role::OtherHost;
            std::string where;
            for (const HostNic &nic : h.nics) {
                const ib::Cable &c = m_f.cables[nic.cable];
                const int other = c.a == nic.ca ? c.b : c.a;
                where += (where.empty() ? "" : ", ") + std::string("port ")
                         + std::to_string(c.a == nic.ca ? c.bPort : c.aPort) + " of "
                         + describe(other);
            }
            note(Kind::Unmapped, h.line,
                 "host " + h.name + " has " + std::to_string(h.nics.size())
                         + " cabled adapter(s) where most hosts have " + std::to_string(mode)
                         + ": taken for a service host (fabric manager, storage, login), not "
                           "a GPU server; left out (cabled to "
                         + where + ")");
        }
        if (h.nics.empty())
            for (int ca : h.cas)
                m_role[ca] = Role::OtherHost;
    }
}

void FabricImporter::chooseServerModels()
{
    // The fabric's usual NIC rate stands in where a cable does not state its own.
    std::map<double, int> rates;
    for (const Host &h : m_hosts)
        for (const HostNic &nic : h.nics)
            if (h.server && nic.gbits > 0)
                ++rates[nic.gbits];
    double usual = 0;
    int usualCount = 0;
    for (const auto &[r, n] : rates)
        if (n >= usualCount) {
            usual = r;
            usualCount = n;
        }
    if (usual == 0)
        usual = 200; // nothing stated at all: HDR, and said so below
    int unstated = 0;
    // The NIC an adapter number names: the number itself (mlx5_4 is NIC 5, the others on
    // subnets of their own or uncabled) where a catalog server has that many NICs. Else the
    // numbers count the host's other RDMA devices too, storage and management adapters (a DGX
    // A100's compute adapters are mlx5_0-3 and mlx5_6-9, a DGX H100's mlx5_0, 3-6 and 9-11):
    // the compute NICs are then the numbers the servers of a rate use, in order, so a host
    // missing one keeps the others' rails. Where a host numbers two cables alike (one adapter,
    // two ports), its cables count.
    std::map<double, std::set<int>> numbersAt;
    std::vector<char> once(m_hosts.size(), 0);
    for (std::size_t hi = 0; hi < m_hosts.size(); ++hi) {
        Host &h = m_hosts[hi];
        if (!h.server)
            continue;
        h.rate = 0;
        for (HostNic &nic : h.nics) {
            if (nic.gbits == 0) {
                nic.gbits = usual;
                ++unstated;
            }
            h.rate = std::max(h.rate, nic.gbits);
        }
        std::set<int> adapters;
        bool distinct = true;
        for (const HostNic &nic : h.nics)
            distinct = adapters.insert(nic.adapter).second && distinct;
        once[hi] = distinct;
        if (distinct)
            numbersAt[h.rate].insert(adapters.begin(), adapters.end());
    }
    // A catalog server that holds `nics` InfiniBand adapters at `rate` (a rack is not one).
    auto holds = [&](const ServerModel &s, double rate, std::size_t nics) {
        const Medium *m = m_catalog.medium(s.nicMedium);
        return m && m->linkClass == LinkClass::InfiniBand && std::fabs(s.nicGbits - rate) < 1e-6
               && s.nics >= static_cast<int>(nics) && s.nvlinkScope != NVLinkScope::Rack;
    };
    auto catalogHolds = [&](double rate, std::size_t nics) {
        for (const auto &[id, s] : m_catalog.servers())
            if (holds(s, rate, nics))
                return true;
        return false;
    };
    std::map<double, bool> byRank;
    for (const auto &[rate, numbers] : numbersAt)
        byRank[rate] = !catalogHolds(rate, static_cast<std::size_t>(*numbers.rbegin() + 1));
    std::map<double, std::map<std::size_t, int>> hostsWithSlots;
    for (std::size_t hi = 0; hi < m_hosts.size(); ++hi) {
        Host &h = m_hosts[hi];
        if (!h.server)
            continue;
        h.slots = h.nics.size();
        if (once[hi]) {
            const std::set<int> &numbers = numbersAt[h.rate];
            for (HostNic &nic : h.nics) {
                nic.slot = byRank[h.rate] ? static_cast<int>(
                                   std::distance(numbers.begin(), numbers.find(nic.adapter)))
                                          : nic.adapter;
                h.slots = std::max(h.slots, static_cast<std::size_t>(nic.slot + 1));
            }
        }
        ++hostsWithSlots[h.rate][h.slots];
    }
    // One model per rate and kind of host. Hosts of one rate that need as many NICs are one
    // kind when at least a tenth of the rate's hosts do; fewer hosts that need fewer NICs are
    // servers of the next larger kind with NICs uncabled (a DGX with a cable pulled), fewer
    // that need more a kind of their own (four-adapter nodes among two-adapter ones).
    std::map<double, std::map<std::size_t, std::size_t>> kindOf; // slots -> the kind's slots
    for (const auto &[rate, counts] : hostsWithSlots) {
        int total = 0;
        for (const auto &[slots, hosts] : counts)
            total += hosts;
        std::vector<std::size_t> kinds;
        for (const auto &[slots, hosts] : counts)
            if (hosts * 10 >= total)
                kinds.push_back(slots);
        for (const auto &[slots, hosts] : counts) {
            auto up = std::lower_bound(kinds.begin(), kinds.end(), slots);
            kindOf[rate][slots] = up == kinds.end() ? slots : *up;
        }
    }
    using HostKind = std::pair<double, std::size_t>; // rate, slots
    std::map<HostKind, std::size_t> needed;
    std::map<HostKind, int> firstLine;
    std::map<HostKind, int> hostsAt;
    for (Host &h : m_hosts) {
        if (!h.server)
            continue;
        h.slots = kindOf[h.rate][h.slots];
        const HostKind k{h.rate, h.slots};
        needed[k] = h.slots;
        if (!firstLine.count(k))
            firstLine[k] = h.line;
        ++hostsAt[k];
        h.model = std::to_string(h.rate); // replaced below
    }
    if (unstated > 0)
        note(Kind::Assumed, 0,
             std::to_string(unstated) + " server cable(s) state no width and speed: taken at "
                     + gbitsText(usual) + " Gb/s, the rate of the other server cables");
    // Preferred where several catalog servers fit (the ones TopoPlan's templates use).
    const std::vector<std::string> preferred
            = {"dgx-h100", "dgx-a100", "gb200-tray", "dgx-b200", "hgx-h200"};
    auto rank = [&](const std::string &id) {
        auto it = std::find(preferred.begin(), preferred.end(), id);
        return it == preferred.end() ? preferred.size() : std::size_t(it - preferred.begin());
    };
    std::map<HostKind, std::string> modelAt;
    for (const auto &[kind, slots] : needed) {
        const double rate = kind.first;
        std::vector<const ServerModel *> fits;
        for (const auto &[id, s] : m_catalog.servers())
            if (holds(s, rate, slots))
                fits.push_back(&s);
        std::sort(fits.begin(), fits.end(), [&](const ServerModel *a, const ServerModel *b) {
            return std::make_tuple(a->nics, rank(a->id), a->id)
                   < std::make_tuple(b->nics, rank(b->id), b->id);
        });
        const std::string hosts = std::to_string(hostsAt[kind]) + " server(s)";
        if (!fits.empty()) {
            const ServerModel *m = fits.front();
            // The fewest NICs that hold the adapters seen; servers with more NICs, some left
            // uncabled, are named too (a 4-GPU A100 board or a DGX A100 with half its NICs
            // cabled look alike from the fabric, and differ in GPUs).
            std::string others, larger;
            for (std::size_t k = 1; k < fits.size(); ++k) {
                if (fits[k]->nics == m->nics)
                    others += (others.empty() ? "" : ", ") + fits[k]->id;
                else
                    larger += (larger.empty() ? "" : ", ") + fits[k]->id + " ("
                              + std::to_string(fits[k]->gpus) + " GPUs, "
                              + std::to_string(fits[k]->nics) + " NICs)";
            }
            modelAt[kind] = m->id;
            // The fabric shows NICs, never GPUs: the model is an assumption, said as a warning.
            note(Kind::Warning, firstLine[kind],
                 hosts + " with up to " + std::to_string(slots) + " adapter(s) at "
                         + gbitsText(rate) + " Gb/s: taken for " + m->id + " (" + m->name + ", "
                         + std::to_string(m->gpus) + " GPUs, " + std::to_string(m->nics)
                         + " NICs), assumed: the fabric shows NICs, not GPUs"
                         + (others.empty() ? "" : "; " + others + " would fit as well")
                         + (larger.empty() ? "" : "; so would, with NICs left uncabled, " + larger)
                         + ". A server file (NCCL topology, nvidia-smi topo -m) sets the model, "
                           "or confirm it with Confirm Model in the Properties panel");
            continue;
        }
        // No catalog server has such NICs: one of its own, its GPUs those of the generic PCIe
        // server, said so.
        const ServerModel *base = m_catalog.server("pcie-server");
        if (!base && !m_catalog.servers().empty())
            base = &m_catalog.servers().begin()->second;
        if (!base)
            continue;
        const std::string id
                = "imported-server-" + std::to_string(slots) + "x" + slug(gbitsText(rate)) + "g";
        // The NIC medium: that of a cable at this rate (4x of a speed where one gives it).
        std::string medium;
        for (const Host &h : m_hosts)
            for (const HostNic &nic : h.nics)
                if (h.server && medium.empty() && std::fabs(nic.gbits - rate) < 1e-6
                    && cableGbits(m_f.cables[nic.cable]) > 0)
                    medium = mediumFor(m_f.cables[nic.cable]);
        if (medium.empty()) {
            ib::Cable probe;
            probe.lanes = 4;
            const infiniband::Speed *speed = infiniband::speedForGbits(rate, 4);
            probe.speed = speed ? speed->name : "";
            medium = mediumFor(probe);
        }
        Json j = {{"id", id},
                  {"name", "Imported server, " + std::to_string(slots) + " x " + gbitsText(rate)
                                   + " Gb/s InfiniBand"},
                  {"gpu", base->gpu},
                  {"gpus", base->gpus},
                  {"nvswitches", base->nvswitches},
                  {"nvlink_scope", toString(base->nvlinkScope)},
                  {"trays", 1},
                  {"nics", static_cast<int>(slots)},
                  {"nic_gbit_s", rate},
                  {"nic_medium", medium},
                  {"pcie", base->pcie},
                  {"rack_units", base->rackUnits},
                  {"power_kw", base->powerKW},
                  {"source", "Imported from " + m_file + ": " + std::to_string(slots)
                                     + " InfiniBand adapter(s) at " + gbitsText(rate)
                                     + " Gb/s seen by ibnetdiscover. GPUs, rack units and power "
                                       "assumed as "
                                     + base->id + " (" + base->source + ")"}};
        if (base->hostLinkGBs > 0)
            j["host_link_gb_s"] = base->hostLinkGBs;
        if (base->hostMemoryGB > 0)
            j["host_memory_gb"] = base->hostMemoryGB;
        if (base->nvlinkGroupGpus > 0)
            j["nvlink_group_gpus"] = base->nvlinkGroupGpus;
        m_newServers[id] = j;
        modelAt[kind] = id;
        note(Kind::Warning, firstLine[kind],
             hosts + " with up to " + std::to_string(slots) + " adapter(s) at " + gbitsText(rate)
                     + " Gb/s match no catalog server: model " + id
                     + " added to the project's catalog, its GPUs assumed to be " + base->id
                     + "'s (" + std::to_string(base->gpus) + " x " + base->gpu
                     + "), which the fabric does not show. A server file (NCCL topology, "
                       "nvidia-smi topo -m) sets the model, or confirm it with Confirm Model in "
                       "the Properties panel");
    }
    for (Host &h : m_hosts) {
        if (!h.server)
            continue;
        auto it = modelAt.find({h.rate, h.slots});
        h.model = it == modelAt.end() ? std::string() : it->second;
    }
}

std::string FabricImporter::mediumFor(const ib::Cable &c)
{
    const double gbits = cableGbits(c);
    if (gbits <= 0)
        return {};
    for (const auto &[id, m] : m_catalog.media())
        if (m.linkClass == LinkClass::InfiniBand && std::fabs(m.bandwidthGBs * 8 - gbits) < 1e-6)
            return id;
    const std::string id = "ib-" + lower(c.speed) + "-" + std::to_string(c.lanes) + "x";
    if (!m_newMedia.count(id)) {
        const Medium *like = m_catalog.medium("ib-hdr");
        const double latency = like ? like->latencyUs : 9.6;
        const double efficiency = like ? like->efficiency : 0.9;
        const infiniband::Speed *s = infiniband::speedByName(c.speed);
        m_newMedia[id] = Json{
                {"id", id},
                {"name", "InfiniBand " + std::to_string(c.lanes) + "x" + c.speed + " "
                                 + gbitsText(gbits) + " Gb/s"},
                {"class", "infiniband"},
                {"bandwidth_gb_s", gbits / 8},
                {"latency_us", latency},
                {"efficiency", efficiency},
                {"source", std::string("Bandwidth: ") + std::to_string(c.lanes) + " lane(s) x "
                                   + gbitsText(s ? s->laneGbits : 0) + " Gb/s ("
                                   + (s ? s->note : "") + "); " + infiniband::kSpeedSource
                                   + ". Latency and efficiency assumed as ib-hdr's. Imported "
                                     "from "
                                   + m_file}};
        note(Kind::Assumed, c.line,
             std::to_string(c.lanes) + "x" + c.speed + " cables (" + gbitsText(gbits)
                     + " Gb/s) have no catalog medium: medium " + id
                     + " added to the project's catalog, latency and efficiency as ib-hdr's");
    }
    return id;
}

void FabricImporter::chooseSwitchModels()
{
    m_switchModel.assign(m_f.nodes.size(), {});
    // The rate most cables state (HDR where none does).
    std::map<double, int> rates;
    for (const ib::Cable &c : m_f.cables)
        if (cableGbits(c) > 0)
            ++rates[cableGbits(c)];
    double usualGbits = 200;
    int usualCount = 0;
    for (const auto &[r, count] : rates)
        if (count > usualCount) {
            usualGbits = r;
            usualCount = count;
        }
    std::map<std::string, int> customLine;
    for (int i : m_switchNodes) {
        const ib::Node &node = m_f.nodes[i];
        double maxGbits = 0;
        int highest = 0, aggregationPorts = 0;
        std::string fastest;
        for (int c : m_cablesOf[i]) {
            const ib::Cable &cable = m_f.cables[c];
            const int other = cable.a == i ? cable.b : cable.a;
            if (m_role[other] == Role::Aggregation) {
                ++aggregationPorts;
                continue;
            }
            highest = std::max(
                    {highest, cable.a == i ? cable.aPort : 0, cable.b == i ? cable.bPort : 0});
            if (cableGbits(cable) > maxGbits) {
                maxGbits = cableGbits(cable);
                fastest = rateName(cable);
            }
        }
        std::string name, part;
        splitSwitchDesc(node.desc, &name, &part);
        const std::string haystack = upper(part.empty() ? node.desc : part);
        std::string model;
        std::string how;
        for (const KnownSwitch &k : kSwitchParts)
            if (haystack.find(k.pattern) != std::string::npos) {
                model = k.model;
                how = "its description " + quoteText(node.desc, 80);
                break;
            }
        if (model.empty() && node.devid)
            for (const KnownDevid &k : kSwitchDevids)
                if (*node.devid == k.devid) {
                    model = k.model;
                    how = "its device id " + hexId(k.devid);
                    break;
                }
        if (!model.empty()) {
            const SwitchModel *m = m_catalog.switchModel(model);
            if (m && (m->ports < highest || m->portGbits + 1e-6 < maxGbits)) {
                note(Kind::Assumed, node.line,
                     "switch " + describe(i) + " looks like a " + model + " by " + how
                             + ", but cables port " + std::to_string(highest) + " at up to "
                             + gbitsText(maxGbits) + " Gb/s, beyond its " + std::to_string(m->ports)
                             + " x " + gbitsText(m->portGbits)
                             + " Gb/s: taken as a switch of its own");
                model.clear();
            } else if (!m) {
                model.clear();
            }
        }
        if (model.empty()) {
            // A switch none of whose cables states its rate: the fabric's usual rate.
            if (maxGbits == 0)
                maxGbits = usualGbits;
            // The port to the switch's own SHARP aggregation node (its last: port 37 of a
            // Switch-IB 2, 41 of a Quantum) is none of its front panel's.
            const int ports = std::max(node.ports - aggregationPorts, highest);
            const std::string devid = node.devid ? hexId(*node.devid) : std::string();
            const std::string id
                    = "imported-"
                      + slug(!part.empty() ? part
                                           : (node.devid ? std::string("ib-") + devid : "ib"))
                      + "-" + std::to_string(ports) + "p-" + slug(gbitsText(maxGbits)) + "g";
            if (!m_newSwitches.count(id)) {
                ib::Cable probe;
                const infiniband::Speed *s = infiniband::speedForGbits(maxGbits, 4);
                probe.lanes = 4;
                probe.speed = s ? s->name : "";
                std::string medium = s && std::fabs(s->laneGbits * 4 - maxGbits) < 1e-6
                                             ? mediumFor(probe)
                                             : std::string();
                const SwitchModel *like = m_catalog.switchModel("qm8700");
                const double latency = like ? like->latencyNs : 130;
                m_newSwitches[id] = Json{
                        {"id", id},
                        {"name", (part.empty() ? std::string("InfiniBand switch") : part) + ", "
                                         + std::to_string(ports) + " ports (imported)"},
                        {"protocol", "infiniband"},
                        {"rdma", true},
                        {"ports", ports},
                        {"port_gbit_s", maxGbits},
                        {"medium", medium},
                        {"latency_ns", latency},
                        {"source", "Imported from " + m_file + " line " + std::to_string(node.line)
                                           + ": ibnetdiscover reported " + std::to_string(ports)
                                           + " ports"
                                           + (node.devid ? std::string(", device id ") + devid : "")
                                           + ", description " + quoteText(node.desc, 80)
                                           + "; port rate the fastest cable seen (" + fastest
                                           + "); latency assumed as qm8700's"}};
                customLine[id] = node.line;
                note(Kind::Assumed, node.line,
                     "switch " + describe(i) + " (" + std::to_string(ports) + " ports"
                             + (node.devid ? std::string(", device id ") + devid : "")
                             + ") is no catalog switch: model " + id
                             + " added to the project's catalog at " + gbitsText(maxGbits)
                             + " Gb/s a port, latency as qm8700's");
            }
            model = id;
        }
        m_switchModel[i] = model;
    }
}

void FabricImporter::inferTiers()
{
    // Breadth first from the servers' adapters (from every host's when there is no server).
    m_tier.assign(m_f.nodes.size(), 0);
    std::deque<int> queue;
    bool anyServer = false;
    for (const Host &h : m_hosts)
        anyServer = anyServer || h.server;
    for (std::size_t i = 0; i < m_f.nodes.size(); ++i) {
        const bool source
                = m_role[i] == Role::Server
                  || (!anyServer && (m_role[i] == Role::OtherHost || m_role[i] == Role::Unnamed));
        if (!source)
            continue;
        for (int c : m_cablesOf[i]) {
            const ib::Cable &cable = m_f.cables[c];
            const int other = cable.a == static_cast<int>(i) ? cable.b : cable.a;
            if (m_role[other] == Role::Switch && m_tier[other] == 0) {
                m_tier[other] = 1;
                queue.push_back(other);
            }
        }
    }
    while (!queue.empty()) {
        const int s = queue.front();
        queue.pop_front();
        for (int c : m_cablesOf[s]) {
            const ib::Cable &cable = m_f.cables[c];
            const int other = cable.a == s ? cable.b : cable.a;
            if (m_role[other] == Role::Switch && m_tier[other] == 0) {
                m_tier[other] = m_tier[s] + 1;
                queue.push_back(other);
            }
        }
    }
    for (int i : m_switchNodes) {
        if (m_tier[i] == 0) {
            m_tier[i] = 1;
            note(Kind::Assumed, m_f.nodes[i].line,
                 "switch " + describe(i) + " reaches no server: drawn as a leaf");
        } else if (m_tier[i] > 3) {
            note(Kind::Assumed, m_f.nodes[i].line,
                 "switch " + describe(i) + " is " + std::to_string(m_tier[i])
                         + " switches away from the servers: drawn as a core switch");
        }
    }
}

Expected<Project> FabricImporter::run()
{
    classify();
    if (m_switchNodes.empty()) {
        const int line = m_f.nodes.empty() ? 0 : m_f.nodes.front().line;
        return Error{m_file, line > 0 ? "line " + std::to_string(line) : std::string(),
                     "no switch in this ibnetdiscover output (" + std::to_string(m_f.nodes.size())
                             + " channel adapter(s), " + std::to_string(m_f.cables.size())
                             + " cable(s)): expected the fabric of a cluster, with the switches "
                               "its adapters are cabled to"};
    }
    chooseServerModels();
    chooseSwitchModels();
    inferTiers();
    findTrainedDownCables();
    Expected<Project> project = build();
    if (project && project->topology.nodes.empty())
        return Error{m_file,
                     {},
                     "no server in this ibnetdiscover output ("
                             + std::to_string(m_switchNodes.size()) + " switch(es), "
                             + std::to_string(m_hosts.size()) + " host(s), "
                             + std::to_string(m_f.cables.size())
                             + " cable(s)): expected the fabric of a cluster with the GPU servers "
                               "it joins; a design without servers has nothing to plan"};
    return project;
}

std::string FabricImporter::deviceKind(int node) const
{
    const ib::Node &n = m_f.nodes[node];
    const std::string kind = n.type == ib::NodeType::Switch   ? "switch"
                             : n.type == ib::NodeType::Router ? "router"
                                                              : "adapter";
    return n.devid ? kind + " " + hexId(*n.devid) : kind;
}

// A link trains at the best rate both of its ports and the cable between them manage, so
// cables between the same two kinds of device (by device id: the same ASICs, the same
// firmware's choices) that train slower than their fellows have a fault: a damaged or badly
// seated cable or transceiver, a lane gone (the classic 4x link up as 1x), a port forced
// down. ibdiagnet flags the same as a speed or width mismatch. Two cases are certain enough
// to say: a slower speed than another cable of the same kind at the same or a greater width,
// and one lane where the others have four or more. A 2x link beside 4x ones is left alone:
// split ports (HDR100, NDR200) are wired that way by design. The design keeps each cable at
// the rate it reported, which is what it carries until someone fixes it.
void FabricImporter::findTrainedDownCables()
{
    struct Group
    {
        std::vector<int> cables;
        double fastestLaneGbits = 0;
        int widest = 0;
        int widthOfFastest = 0;
    };
    std::map<std::pair<std::string, std::string>, Group> kinds;
    for (int c = 0; c < static_cast<int>(m_f.cables.size()); ++c) {
        const ib::Cable &cable = m_f.cables[c];
        const infiniband::Speed *speed = infiniband::speedByName(cable.speed);
        if (!speed || cable.lanes <= 0)
            continue;
        std::pair<std::string, std::string> key{deviceKind(cable.a), deviceKind(cable.b)};
        if (key.second < key.first)
            std::swap(key.first, key.second);
        Group &k = kinds[key];
        k.cables.push_back(c);
        if (speed->laneGbits > k.fastestLaneGbits
            || (speed->laneGbits == k.fastestLaneGbits && cable.lanes > k.widthOfFastest)) {
            k.fastestLaneGbits = speed->laneGbits;
            k.widthOfFastest = cable.lanes;
        }
        k.widest = std::max(k.widest, cable.lanes);
    }
    int trainedDown = 0;
    for (const auto &[key, k] : kinds) {
        if (k.cables.size() < 2)
            continue;
        std::map<std::string, int> rates; // "4xEDR" -> cables
        for (int c : k.cables)
            ++rates[rateName(m_f.cables[c])];
        for (int c : k.cables) {
            const ib::Cable &cable = m_f.cables[c];
            const infiniband::Speed *speed = infiniband::speedByName(cable.speed);
            const bool slower
                    = speed->laneGbits < k.fastestLaneGbits && cable.lanes <= k.widthOfFastest;
            const bool lane = cable.lanes == 1 && k.widest >= 4;
            if (!slower && !lane)
                continue;
            ++trainedDown;
            std::string others;
            for (const auto &[rate, n] : rates)
                if (rate != rateName(cable))
                    others += (others.empty() ? "" : ", ") + std::to_string(n) + " at " + rate;
            // Switches of one model often share a description: the GUID tells them apart.
            auto named = [&](int node) {
                const ib::Node &n = m_f.nodes[node];
                return n.desc.empty() ? n.name : describe(node) + " " + n.name;
            };
            note(Kind::Warning, cable.line,
                 "the cable from port " + std::to_string(cable.aPort) + " of " + named(cable.a)
                         + " to port " + std::to_string(cable.bPort) + " of " + named(cable.b)
                         + " runs at " + rateName(cable) + " (" + gbitsText(cableGbits(cable))
                         + " Gb/s), where the other cables between the same kinds of device ("
                         + key.first + ", " + key.second + ") run faster (" + others
                         + "): it trained down (a damaged or badly seated cable or "
                           "transceiver, "
                         + (lane ? "lanes lost" : "a port held to a lower speed")
                         + "). Reseat or replace it; the design keeps the rate it reported");
        }
    }
    if (trainedDown > 0)
        m_report->summary.push_back(std::to_string(trainedDown)
                                    + " cable(s) trained below the rate of their kind: see the "
                                      "warnings");
}

Expected<Project> FabricImporter::build()
{
    Project p;
    // The project's own catalog entries (servers, switches and media the catalog lacks); cables
    // whose rate has no catalog medium add media below.
    auto overrides = [&] {
        Json o = Json::object();
        auto section = [&](const char *key, const std::map<std::string, Json> &entries) {
            if (entries.empty())
                return;
            o[key] = Json::array();
            for (const auto &[id, j] : entries)
                o[key].push_back(j);
        };
        section("media", m_newMedia);
        section("servers", m_newServers);
        section("switches", m_newSwitches);
        return o.empty() ? Json() : o;
    };
    p.catalogOverrides = overrides();
    {
        Expected<Catalog> merged = projectCatalog(p, m_catalog);
        if (!merged)
            return merged.error();
        m_merged = std::move(*merged);
    }
    const int nodeCount = static_cast<int>(m_f.nodes.size());

    // --- servers and their NIC ports
    std::vector<int> serverHosts;
    for (int h = 0; h < static_cast<int>(m_hosts.size()); ++h)
        if (m_hosts[h].server && !m_hosts[h].model.empty())
            serverHosts.push_back(h);
    auto nicsOf = [&](const std::string &model) {
        if (const ServerModel *s = m_catalog.server(model))
            return s->nics;
        auto it = m_newServers.find(model);
        return it == m_newServers.end() ? 0 : it->second.at("nics").get<int>();
    };
    for (int hi : serverHosts) {
        Host &h = m_hosts[hi];
        const int nics = nicsOf(h.model);
        bool byNumber = true;
        for (const HostNic &nic : h.nics)
            byNumber = nic.slot >= 0 && nic.slot < nics && byNumber;
        h.port.assign(h.nics.size(), -1);
        for (std::size_t k = 0; k < h.nics.size(); ++k)
            h.port[k] = byNumber ? h.nics[k].slot : (static_cast<int>(k) < nics ? int(k) : -1);
        if (!byNumber) {
            const int dropped = std::max(0, static_cast<int>(h.nics.size()) - nics);
            note(dropped ? Kind::Unmapped : Kind::Assumed, h.line,
                 "host " + h.name + ": its adapters' numbers do not name " + h.model
                         + "'s NICs one each; taken as NICs 1 to "
                         + std::to_string(std::min<int>(nics, h.nics.size())) + " in order"
                         + (dropped ? ", " + std::to_string(dropped) + " left out" : ""));
        }
    }

    // --- scalable units: leaves that share servers
    UnionFind uf(nodeCount);
    std::vector<std::vector<int>> leavesOfHost(m_hosts.size());
    for (int hi : serverHosts) {
        Host &h = m_hosts[hi];
        for (std::size_t k = 0; k < h.nics.size(); ++k) {
            if (h.port[k] < 0)
                continue;
            const ib::Cable &c = m_f.cables[h.nics[k].cable];
            const int other = c.a == h.nics[k].ca ? c.b : c.a;
            if (m_role[other] == Role::Switch)
                leavesOfHost[hi].push_back(other);
        }
        for (std::size_t k = 1; k < leavesOfHost[hi].size(); ++k)
            uf.join(leavesOfHost[hi][k], leavesOfHost[hi][0]);
    }
    std::sort(serverHosts.begin(), serverHosts.end(),
              [&](int a, int b) { return naturalLess(m_hosts[a].name, m_hosts[b].name); });
    // Groups in the order of their first server; leaves without servers after them.
    std::map<int, int> groupOfRoot;
    std::vector<std::vector<int>> groupHosts, groupLeaves;
    auto groupFor = [&](int root) {
        auto [it, fresh] = groupOfRoot.emplace(root, static_cast<int>(groupHosts.size()));
        if (fresh) {
            groupHosts.emplace_back();
            groupLeaves.emplace_back();
        }
        return it->second;
    };
    int noLeafGroup = -1;
    for (int hi : serverHosts) {
        int g;
        if (leavesOfHost[hi].empty()) {
            if (noLeafGroup < 0) {
                noLeafGroup = static_cast<int>(groupHosts.size());
                groupHosts.emplace_back();
                groupLeaves.emplace_back();
            }
            g = noLeafGroup;
        } else {
            g = groupFor(uf.find(leavesOfHost[hi][0]));
        }
        groupHosts[g].push_back(hi);
    }
    std::vector<int> switches = m_switchNodes;
    std::sort(switches.begin(), switches.end(), [&](int a, int b) {
        return naturalLess(m_f.nodes[a].desc + m_f.nodes[a].name,
                           m_f.nodes[b].desc + m_f.nodes[b].name);
    });
    // The rails of a leaf: the NIC numbers of the server cables it holds.
    std::vector<std::set<int>> railsOf(nodeCount);
    for (int hi : serverHosts) {
        const Host &h = m_hosts[hi];
        for (std::size_t k = 0; k < h.nics.size(); ++k) {
            if (h.port[k] < 0)
                continue;
            const ib::Cable &c = m_f.cables[h.nics[k].cable];
            const int other = c.a == h.nics[k].ca ? c.b : c.a;
            railsOf[other].insert(h.port[k]);
        }
    }
    bool anyCore = false;
    for (int s : switches) {
        anyCore = anyCore || m_tier[s] >= 3;
        if (m_tier[s] == 1)
            groupLeaves[groupFor(uf.find(s))].push_back(s);
    }
    for (auto &leaves : groupLeaves)
        std::stable_sort(leaves.begin(), leaves.end(), [&](int a, int b) {
            const int ra = railsOf[a].empty() ? 1 << 20 : *railsOf[a].begin();
            const int rb = railsOf[b].empty() ? 1 << 20 : *railsOf[b].begin();
            return ra < rb;
        });
    // Pods (3 tiers): groups joined by a spine.
    const int groupCount = static_cast<int>(groupHosts.size());
    UnionFind podUf(groupCount);
    std::vector<int> groupOfLeaf(nodeCount, -1);
    for (int g = 0; g < groupCount; ++g)
        for (int l : groupLeaves[g])
            groupOfLeaf[l] = g;
    std::vector<int> spineGroup(nodeCount, -1);
    for (int s : switches) {
        if (m_tier[s] != 2)
            continue;
        for (int c : m_cablesOf[s]) {
            const int other = m_f.cables[c].a == s ? m_f.cables[c].b : m_f.cables[c].a;
            if (other < nodeCount && groupOfLeaf[other] >= 0) {
                if (spineGroup[s] < 0)
                    spineGroup[s] = groupOfLeaf[other];
                else if (anyCore)
                    podUf.join(groupOfLeaf[other], spineGroup[s]);
            }
        }
    }
    std::vector<int> groupOrder(groupCount);
    std::iota(groupOrder.begin(), groupOrder.end(), 0);
    std::vector<int> podOf(groupCount, 0);
    if (anyCore) {
        std::map<int, int> podIndex;
        for (int g = 0; g < groupCount; ++g)
            podOf[g] = podIndex.emplace(podUf.find(g), static_cast<int>(podIndex.size()))
                               .first->second;
        std::stable_sort(groupOrder.begin(), groupOrder.end(),
                         [&](int a, int b) { return podOf[a] < podOf[b]; });
    }

    // --- the topology, in the generator's order: nodes by group, leaves, spines, cores
    Topology &t = p.topology;
    generator::GeneratedFabric gf;
    std::vector<std::string> deviceId(nodeCount);
    std::vector<int> switchIndex(nodeCount, -1);
    std::vector<int> order(groupCount, 0); // position of each group
    for (int k = 0; k < groupCount; ++k)
        order[groupOrder[k]] = k;
    gf.groupLeaves.assign(groupCount, {});
    for (int k = 0; k < groupCount; ++k) {
        for (int hi : groupHosts[groupOrder[k]]) {
            Node n;
            n.id = "node-" + std::to_string(t.nodes.size() + 1);
            n.name = m_hosts[hi].name;
            n.model = m_hosts[hi].model;
            // The fabric shows NICs, never GPUs: the model stays an assumption until a server
            // file or the user confirms it.
            n.modelAssumed = true;
            m_hosts[hi].node = static_cast<int>(t.nodes.size());
            t.nodes.push_back(std::move(n));
            gf.nodeGroup.push_back(k);
        }
    }
    std::set<std::string> names;
    auto addSwitch = [&](int s, Tier tier, const char *prefix, int count) {
        std::string name, part;
        splitSwitchDesc(m_f.nodes[s].desc, &name, &part);
        if (name.empty())
            name = m_f.nodes[s].desc.empty() ? m_f.nodes[s].name : cleanText(m_f.nodes[s].desc, 80);
        if (!names.insert(name).second) {
            name += " (" + m_f.nodes[s].name + ")";
            names.insert(name);
        }
        Switch sw;
        sw.id = std::string(prefix) + std::to_string(count);
        sw.name = name;
        sw.model = m_switchModel[s];
        sw.tier = tier;
        switchIndex[s] = static_cast<int>(t.switches.size());
        deviceId[s] = sw.id;
        t.switches.push_back(std::move(sw));
    };
    int leaves = 0, spines = 0, cores = 0;
    for (int k = 0; k < groupCount; ++k)
        for (int l : groupLeaves[groupOrder[k]]) {
            addSwitch(l, Tier::Leaf, "leaf-", ++leaves);
            gf.groupLeaves[k].push_back(switchIndex[l]);
        }
    int podCount = 0;
    for (int g = 0; g < groupCount; ++g)
        podCount = std::max(podCount, podOf[g] + 1);
    gf.pods.assign(std::max(1, podCount), generator::Pod{});
    for (int k = 0; k < groupCount; ++k) {
        generator::Pod &pod = gf.pods[podOf[groupOrder[k]]];
        if (pod.groupCount == 0)
            pod.firstGroup = k;
        ++pod.groupCount;
    }
    for (int s : switches)
        if (m_tier[s] == 2) {
            addSwitch(s, Tier::Spine, "spine-", ++spines);
            const int g = spineGroup[s];
            gf.pods[g >= 0 ? podOf[g] : 0].spines.push_back(switchIndex[s]);
        }
    for (int s : switches)
        if (m_tier[s] >= 3) {
            addSwitch(s, Tier::Core, "core-", ++cores);
            gf.cores.push_back(switchIndex[s]);
        }
    gf.switches = t.switches;

    // --- cables
    struct BundleKey
    {
        int a, b; // device order: nodes, then switches
        std::string medium;
        bool operator<(const BundleKey &o) const
        {
            return std::tie(a, b, medium) < std::tie(o.a, o.b, o.medium);
        }
    };
    std::map<BundleKey, std::vector<std::pair<int, int>>> bundles;
    const int nodesInProject = static_cast<int>(t.nodes.size());
    int unstated = 0, unstatedLine = 0;
    std::map<std::pair<int, int>, int> nicOfCableEnd; // (ca, caPort) -> NIC port
    for (int hi : serverHosts)
        for (std::size_t k = 0; k < m_hosts[hi].nics.size(); ++k)
            nicOfCableEnd[{m_hosts[hi].nics[k].ca, m_hosts[hi].nics[k].caPort}]
                    = m_hosts[hi].port[k];
    for (const ib::Cable &c : m_f.cables) {
        struct End
        {
            int order = -1; // device order
            int rank = 0;   // 0 server, 1 leaf, 2 spine, 3 core
            int port = 0;
            const std::string *id = nullptr;
            const ServerModel *server = nullptr;
            const SwitchModel *sw = nullptr;
        };
        bool skip = false;
        auto endOf = [&](int node, int port) {
            End e;
            switch (m_role[node]) {
            case Role::Switch: {
                const SwitchModel *m = m_merged.switchModel(m_switchModel[node]);
                e.order = nodesInProject + switchIndex[node];
                e.rank = std::min(3, m_tier[node]);
                e.port = port - 1;
                e.id = &t.switches[switchIndex[node]].id;
                e.sw = m;
                if (m && e.port >= m->ports) {
                    note(Kind::Unmapped, c.line,
                         "port " + std::to_string(port) + " of switch " + describe(node)
                                 + " is beyond the " + std::to_string(m->ports) + " ports of a "
                                 + m->id + ": its cable is left out");
                    skip = true;
                }
                break;
            }
            case Role::Server: {
                const Host &h = m_hosts[m_hostOf[node]];
                auto it = nicOfCableEnd.find({node, port});
                if (h.node < 0 || it == nicOfCableEnd.end() || it->second < 0) {
                    skip = true;
                    break;
                }
                e.order = h.node;
                e.rank = 0;
                e.port = it->second;
                e.id = &t.nodes[h.node].id;
                e.server = m_merged.server(t.nodes[h.node].model);
                break;
            }
            default: // noted with the adapter or host
                skip = true;
                break;
            }
            return e;
        };
        if (m_role[c.a] == Role::Aggregation || m_role[c.b] == Role::Aggregation)
            continue; // noted once with the aggregation nodes
        End a = endOf(c.a, c.aPort);
        End b = endOf(c.b, c.bPort);
        if (skip)
            continue;
        if (a.rank == 0 && b.rank == 0) {
            note(Kind::Unmapped, c.line,
                 "cable between two servers' adapters (" + describe(c.a) + ", " + describe(c.b)
                         + ") without a switch: left out");
            continue;
        }
        if (a.order == b.order) {
            note(Kind::Unmapped, c.line,
                 "cable from port " + std::to_string(c.aPort) + " to port "
                         + std::to_string(c.bPort) + " of the same switch " + describe(c.a)
                         + " (a loopback): left out");
            continue;
        }
        std::string medium = mediumFor(c);
        if (medium.empty()) {
            if (a.server && b.sw)
                medium = m_merged.inferMedium(*a.server, *b.sw);
            else if (b.server && a.sw)
                medium = m_merged.inferMedium(*b.server, *a.sw);
            else if (a.sw && b.sw)
                medium = m_merged.inferMedium(*a.sw, *b.sw);
            if (++unstated == 1)
                unstatedLine = c.line;
        }
        if (std::tie(a.rank, a.order) > std::tie(b.rank, b.order))
            std::swap(a, b);
        bundles[BundleKey{a.order, b.order, medium}].push_back({a.port, b.port});
    }
    if (unstated > 0)
        note(Kind::Assumed, unstatedLine,
             std::to_string(unstated)
                     + " cable(s) state no width and speed: taken at the rate both ends' "
                       "models share");
    auto idOf = [&](int order) -> const std::string & {
        return order < nodesInProject ? t.nodes[order].id : t.switches[order - nodesInProject].id;
    };
    int cables = 0;
    for (auto &[key, ports] : bundles) {
        std::sort(ports.begin(), ports.end());
        for (std::size_t k = 0; k < ports.size();) {
            std::size_t run = 1;
            while (k + run < ports.size() && ports[k + run].first == ports[k].first + int(run)
                   && ports[k + run].second == ports[k].second + int(run)
                   && run < static_cast<std::size_t>(kMaxCablesPerLink))
                ++run;
            Link l;
            l.id = "link-" + std::to_string(t.links.size() + 1);
            l.a = Endpoint{idOf(key.a), ports[k].first};
            l.b = Endpoint{idOf(key.b), ports[k].second};
            l.medium = key.medium;
            l.count = static_cast<int>(run);
            t.links.push_back(std::move(l));
            cables += static_cast<int>(run);
            k += run;
        }
    }

    // --- the catalog entries of the project, now that every medium is known
    p.catalogOverrides = overrides();
    Expected<Catalog> merged = projectCatalog(p, m_catalog);
    if (!merged)
        return merged.error();
    if (std::optional<Error> e = validateTopology(t, *merged, m_file))
        return *e;

    // --- layout, as a generated design
    std::vector<int> nodeDomain(t.nodes.size(), -1);
    p.layout = generator::layoutProject(t, nodeDomain, &gf);

    // --- what was found
    std::size_t slash = m_file.find_last_of('/');
    const std::string base = slash == std::string::npos ? m_file : m_file.substr(slash + 1);
    p.name = "Imported from " + base;
    p.description = "The InfiniBand fabric " + m_f.format + " found (" + base
                    + "), imported by TopoPlan. Models and tiers are inferred: see the import "
                      "report.";
    int cas = 0;
    for (const ib::Node &n : m_f.nodes)
        cas += n.type == ib::NodeType::Switch ? 0 : 1;
    m_report->summary.push_back(base + " (" + m_f.format + "): " + std::to_string(switches.size())
                                + " switches, " + std::to_string(cas) + " channel adapters, "
                                + std::to_string(m_f.cables.size()) + " cables");
    std::map<std::string, int> models;
    for (const Node &n : t.nodes)
        ++models[n.model];
    std::string modelText;
    for (const auto &[m, n] : models)
        modelText += (modelText.empty() ? "" : ", ") + std::to_string(n) + " x " + m;
    m_report->summary.push_back(std::to_string(t.nodes.size()) + " servers"
                                + (modelText.empty() ? "" : " (" + modelText + ")") + "; "
                                + std::to_string(leaves) + " leaf, " + std::to_string(spines)
                                + " spine, " + std::to_string(cores) + " core switches; "
                                + std::to_string(t.links.size()) + " links, "
                                + std::to_string(cables) + " cables");
    // Rails: every leaf holds one NIC number only.
    std::set<int> rails;
    int railLeaves = 0, mixedLeaves = 0;
    std::string firstMixed;
    for (int s : switches) {
        if (m_tier[s] != 1 || railsOf[s].empty())
            continue;
        rails.insert(railsOf[s].begin(), railsOf[s].end());
        if (railsOf[s].size() == 1) {
            ++railLeaves;
        } else {
            ++mixedLeaves;
            if (firstMixed.empty()) {
                std::string list;
                for (int r : railsOf[s])
                    list += (list.empty() ? "" : ", ") + std::to_string(r + 1);
                firstMixed = t.switches[switchIndex[s]].name + " holds NICs " + list;
            }
        }
    }
    std::string railText;
    for (int r : rails)
        railText += (railText.empty() ? "" : ", ") + std::to_string(r + 1);
    int groupsWithServers = 0;
    for (const auto &hosts : groupHosts)
        groupsWithServers += hosts.empty() ? 0 : 1;
    // Rails are a property of servers with several NICs: where most have one, leaves that each
    // hold one NIC number say nothing of rails (two lab hosts on their first and third ports).
    int placed = 0, multiNic = 0;
    for (const Host &h : m_hosts) {
        if (h.node < 0)
            continue;
        ++placed;
        multiNic += std::count_if(h.port.begin(), h.port.end(), [](int p) { return p >= 0; }) >= 2
                            ? 1
                            : 0;
    }
    if (multiNic * 2 <= placed)
        rails.clear();
    if (rails.size() >= 2 && mixedLeaves == 0) {
        m_report->summary.push_back("rail-optimized: " + std::to_string(rails.size())
                                    + " rails (NICs " + railText + "), each leaf on one rail, "
                                    + std::to_string(groupsWithServers) + " scalable unit(s)");
    } else if (rails.size() >= 2 && railLeaves > mixedLeaves) {
        m_report->summary.push_back("rail-optimized with exceptions: " + std::to_string(mixedLeaves)
                                    + " of " + std::to_string(railLeaves + mixedLeaves)
                                    + " leaves hold several rails (" + firstMixed + ")");
        // Each off-rail leaf: its rail (the NIC most of its servers use) and the servers cabled
        // to it from another NIC.
        for (int s : switches) {
            if (m_tier[s] != 1 || railsOf[s].size() < 2)
                continue;
            std::map<int, std::vector<std::string>> byRail;
            for (int c : m_cablesOf[s]) {
                const ib::Cable &cable = m_f.cables[c];
                const int other = cable.a == s ? cable.b : cable.a;
                if (m_role[other] != Role::Server || m_hosts[m_hostOf[other]].node < 0)
                    continue;
                auto it = nicOfCableEnd.find({other, cable.a == s ? cable.bPort : cable.aPort});
                if (it != nicOfCableEnd.end() && it->second >= 0)
                    byRail[it->second].push_back(m_hosts[m_hostOf[other]].name);
            }
            int rail = byRail.begin()->first;
            for (const auto &[r, hosts] : byRail)
                if (hosts.size() > byRail[rail].size())
                    rail = r;
            std::string off;
            int listed = 0, more = 0;
            for (const auto &[r, hosts] : byRail) {
                if (r == rail)
                    continue;
                for (const std::string &h : hosts) {
                    if (++listed <= 6)
                        off += (off.empty() ? "" : ", ") + h + " NIC " + std::to_string(r + 1);
                    else
                        ++more;
                }
            }
            note(Kind::Checked, m_f.nodes[s].line,
                 "leaf " + t.switches[switchIndex[s]].name + " is the leaf of rail "
                         + std::to_string(rail + 1) + " (" + std::to_string(byRail[rail].size())
                         + " servers) but also holds " + off
                         + (more ? " and " + std::to_string(more) + " more" : "")
                         + ": off-rail cabling, or adapters numbered differently");
        }
    } else {
        m_report->summary.push_back(std::string(cores ? "3" : (spines ? "2" : "1"))
                                    + "-tier fabric, not rail-optimized"
                                    + (firstMixed.empty() ? "" : " (" + firstMixed + ")"));
    }
    return p;
}

} // namespace

bool hostOfAdapter(const std::string &desc, std::string *host, int *adapter)
{
    std::size_t end = desc.find_last_not_of(" \t");
    if (end == std::string::npos)
        return false;
    std::size_t space = desc.find_last_of(" \t", end);
    if (space == std::string::npos)
        return false;
    const std::string dev = desc.substr(space + 1, end - space);
    std::size_t hostEnd = desc.find_last_not_of(" \t", space);
    if (hostEnd == std::string::npos)
        return false;
    const std::string name = desc.substr(0, hostEnd + 1);
    if (name.find_first_of(" \t") != std::string::npos)
        return false; // "MT4129 ConnectX7   Mellanox Technologies"
    // The device: HCA-3 (1-based, as ibnetdiscover's own examples), mlx5_3, mlx4_0, hfi1_0,
    // ibp12s0 ... : letters, then a number at the end.
    std::size_t digits = dev.size();
    while (digits > 0 && isDigit(dev[digits - 1]))
        --digits;
    if (digits == dev.size() || digits == 0 || dev.size() - digits > 6)
        return false;
    const int number = std::stoi(dev.substr(digits));
    const std::string stem = upper(dev.substr(0, digits));
    *host = name;
    *adapter = stem == "HCA-" || stem == "HCA" ? std::max(0, number - 1) : number;
    return true;
}

bool bareHostName(const std::string &desc, std::string *host)
{
    const std::size_t first = desc.find_first_not_of(" \t");
    if (first == std::string::npos)
        return false;
    const std::size_t last = desc.find_last_not_of(" \t");
    const std::string name = desc.substr(first, last - first + 1);
    if (name.size() > 63)
        return false;
    bool letter = false;
    for (char c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            return false;
        letter = letter || std::isalpha(static_cast<unsigned char>(c));
    }
    if (!letter)
        return false;
    const std::string u = upper(name);
    for (const char *device : {"HCA", "MLX", "HFI", "QIB", "IBP", "MTHCA", "CXGB", "IRDMA"})
        if (u.rfind(device, 0) == 0)
            return false;
    if (u.size() > 2 && u[0] == 'I' && u[1] == 'B' && isDigit(u[2]))
        return false;
    for (const char *vendor : {"MELLANOX", "NVIDIA", "VOLTAIRE", "QLOGIC", "INTEL", "CISCO",
                               "TOPSPIN", "SILVERSTORM", "LOCALHOST", "UNKNOWN"})
        if (u == vendor)
            return false;
    *host = name;
    return true;
}

bool naturalLess(const std::string &a, const std::string &b)
{
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            std::size_t i2 = i, j2 = j;
            while (i2 < a.size() && a[i2] == '0')
                ++i2;
            while (j2 < b.size() && b[j2] == '0')
                ++j2;
            std::size_t ie = i2, je = j2;
            while (ie < a.size() && isDigit(a[ie]))
                ++ie;
            while (je < b.size() && isDigit(b[je]))
                ++je;
            if (ie - i2 != je - j2)
                return ie - i2 < je - j2;
            int c = a.compare(i2, ie - i2, b, j2, je - j2);
            if (c != 0)
                return c < 0;
            i = ie;
            j = je;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

Expected<Project> projectFromFabric(const ib::Fabric &fabric, const std::string &file,
                                    const Catalog &catalog, ImportReport *report)
{
    return FabricImporter(fabric, file, catalog, report).run();
}

} // namespace topoplan
