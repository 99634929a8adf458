#include "engine/io/projectfile.h"

#include "engine/model/hostnames.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace topoplan {

namespace {

constexpr const char *kFormatTag = "topoplan-project";

// ---- Message helpers --------------------------------------------------------------------------

std::string quote(const std::string &s)
{
    return quoteText(s);
}

std::string formatNumber(double v)
{
    std::ostringstream out;
    out << v;
    return out.str();
}

std::size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// "(did you mean "dgx-h100"? known server models: dgx-h100, dgx-a100, ... and 3 more)": the
// closest known ids first, so that a typo finds its fix at the start of the list. Each
// distance is computed once; an id longer than kHintLength is no typo of a known id and gets
// no hint, so a huge id costs nothing here.
std::string knownIds(const std::string &wrong, std::vector<std::string> known,
                     const std::string &what)
{
    if (known.empty())
        return "(there are no " + what + ")";
    constexpr std::size_t kHintLength = 64;
    bool suggest = false;
    if (wrong.size() <= kHintLength) {
        std::vector<std::pair<std::size_t, std::string>> ranked;
        ranked.reserve(known.size());
        for (std::string &k : known)
            ranked.emplace_back(k.size() <= kHintLength ? editDistance(wrong, k)
                                                        : std::numeric_limits<std::size_t>::max(),
                                std::move(k));
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const auto &x, const auto &y) { return x.first < y.first; });
        known.clear();
        for (auto &r : ranked)
            known.push_back(std::move(r.second));
        suggest = ranked.front().first <= std::max<std::size_t>(2, wrong.size() / 3);
    }
    constexpr std::size_t kShown = 5;
    std::string out = "(";
    if (suggest)
        out += "did you mean " + quote(known.front()) + "? ";
    out += "known " + what + ": ";
    for (std::size_t i = 0; i < known.size() && i < kShown; ++i)
        out += (i ? ", " : "") + known[i];
    if (known.size() > kShown)
        out += " and " + std::to_string(known.size() - kShown) + " more";
    return out + ")";
}

template<typename T>
std::vector<std::string> keysOf(const std::map<std::string, T> &m)
{
    std::vector<std::string> out;
    for (const auto &entry : m)
        out.push_back(entry.first);
    return out;
}

// A layout position or size: finite and within kMaxLayoutCoordinate, so that every size
// computed from it (an export's page) is finite and positive.
double coordinate(const JsonIn &j, double min = -kMaxLayoutCoordinate)
{
    const double v = j.number();
    if (v < min)
        j.fail("expected a number >= " + formatNumber(min) + ", found " + describeJson(j.json()));
    if (v > kMaxLayoutCoordinate)
        j.fail("expected a number <= " + formatNumber(kMaxLayoutCoordinate) + ", found "
               + describeJson(j.json()));
    return v;
}

// ---- Semantic checks of a topology ------------------------------------------------------------

enum class Kind { Domain, Node, Switch, Link };

const char *kindName(Kind k)
{
    switch (k) {
    case Kind::Domain:
        return "NVLink domain";
    case Kind::Node:
        return "node";
    case Kind::Switch:
        return "switch";
    case Kind::Link:
        return "link";
    }
    return "";
}

std::string pathOf(Kind k, std::size_t index)
{
    static const char *const kSections[] = {"domains", "nodes", "switches", "links"};
    return "/topology/" + std::string(kSections[static_cast<int>(k)]) + "/" + std::to_string(index);
}

std::string endPath(std::size_t link, int end)
{
    return pathOf(Kind::Link, link) + (end == 0 ? "/a" : "/b");
}

// Why a server of this NVLink scope cannot be placed in a custom domain.
const char *whyNotInDomain(NVLinkScope s)
{
    switch (s) {
    case NVLinkScope::Board:
        return "its NVLink stays on its own NVSwitch baseboard";
    case NVLinkScope::Rack:
        return "it is a whole rack-scale NVLink domain already";
    case NVLinkScope::Mesh:
        return "its GPUs are joined peer to peer inside the server";
    case NVLinkScope::None:
        return "it has no NVLink";
    case NVLinkScope::External:
        break;
    }
    return "";
}

struct IdOwner
{
    Kind kind;
    std::size_t index;
};

// A resolved end of a link: the node or switch it is plugged into.
struct Device
{
    const std::string *id = nullptr;
    const ServerModel *server = nullptr; // set for a node
    const SwitchModel *model = nullptr;  // set for a switch
    Kind kind = Kind::Node;
    std::size_t index = 0;

    int ports() const { return server ? server->nics : model->ports; }
    double gbits() const { return server ? server->nicGbits : model->portGbits; }
    const std::string &modelId() const { return server ? server->id : model->id; }
    std::string describe() const { return quote(*id) + " (" + modelId() + ")"; }
    std::string portsNoun() const { return server ? "compute NICs" : "ports"; }
    // "8 compute NICs", "1 port", "no compute NICs"; with `numbered`, ", numbered 0 to 7".
    std::string portCount(bool numbered) const
    {
        int n = ports();
        std::string noun = portsNoun();
        if (n == 0)
            return "no " + noun;
        if (n == 1)
            return "1 " + noun.substr(0, noun.size() - 1) + (numbered ? ", numbered 0" : "");
        return std::to_string(n) + " " + noun
               + (numbered ? ", numbered 0 to " + std::to_string(n - 1) : "");
    }
};

class TopologyCheck
{
public:
    TopologyCheck(const Topology &t, const Catalog &c, const std::string &file)
        : m_t(t)
        , m_c(c)
        , m_file(file)
    {}

    void run()
    {
        collectIds();
        checkNodes();
        checkSwitches();
        m_ends.resize(m_t.links.size());
        for (std::size_t i = 0; i < m_t.links.size(); ++i)
            checkLink(i);
        checkCableCounts();
        checkPortRanges();
        checkPortsUsedOnce();
    }

private:
    [[noreturn]] void fail(const std::string &where, const std::string &message) const
    {
        throw JsonFailure(Error{m_file, where, message});
    }

    void addId(const std::string &id, Kind kind, std::size_t index)
    {
        // Paths are built only for a message: this runs for every id of a large project.
        auto where = [&] {
            return pathOf(kind, index) + "/id";
        };
        if (id.empty())
            fail(where(), "expected a non-empty id");
        for (unsigned char ch : id) {
            if (ch < 0x20 || ch == 0x7f)
                fail(where(), "expected an id without control characters, found " + quote(id));
        }
        auto [it, added] = m_ids.emplace(id, IdOwner{kind, index});
        if (!added)
            fail(where(), "duplicate id " + quote(id) + ": the " + kindName(it->second.kind)
                                  + " at " + pathOf(it->second.kind, it->second.index)
                                  + " has it already (domains, nodes, switches and links share "
                                    "one set of ids)");
    }

    void collectIds()
    {
        for (std::size_t i = 0; i < m_t.domains.size(); ++i)
            addId(m_t.domains[i].id, Kind::Domain, i);
        for (std::size_t i = 0; i < m_t.nodes.size(); ++i)
            addId(m_t.nodes[i].id, Kind::Node, i);
        for (std::size_t i = 0; i < m_t.switches.size(); ++i)
            addId(m_t.switches[i].id, Kind::Switch, i);
        for (std::size_t i = 0; i < m_t.links.size(); ++i)
            addId(m_t.links[i].id, Kind::Link, i);
    }

    std::vector<std::string> externalServers() const
    {
        std::vector<std::string> out;
        for (const auto &[id, s] : m_c.servers()) {
            if (s.nvlinkScope == NVLinkScope::External)
                out.push_back(id);
        }
        return out;
    }

    void checkNodes()
    {
        // The first member of each domain, whose NVLink generation the others must share.
        std::unordered_map<std::string, std::size_t> firstMember;
        for (std::size_t i = 0; i < m_t.nodes.size(); ++i) {
            const Node &n = m_t.nodes[i];
            const ServerModel *server = m_c.server(n.model);
            if (!server)
                fail(pathOf(Kind::Node, i) + "/model",
                     "unknown server model " + quote(n.model) + " "
                             + knownIds(n.model, keysOf(m_c.servers()), "server models"));
            checkFailedNics(i, *server);
            if (n.domain.empty())
                continue;
            std::string where = pathOf(Kind::Node, i) + "/domain";
            auto owner = m_ids.find(n.domain);
            if (owner == m_ids.end()) {
                std::vector<std::string> domains;
                for (const Domain &d : m_t.domains)
                    domains.push_back(d.id);
                fail(where, "no NVLink domain has the id " + quote(n.domain) + " "
                                    + knownIds(n.domain, domains, "domains"));
            }
            if (owner->second.kind != Kind::Domain)
                fail(where, quote(n.domain) + " is a " + kindName(owner->second.kind)
                                    + ", not an NVLink domain");
            if (server->nvlinkScope != NVLinkScope::External) {
                std::string allowed;
                for (const std::string &id : externalServers())
                    allowed += (allowed.empty() ? "" : ", ") + id;
                fail(where, "node " + quote(n.id) + " (" + server->id
                                    + ") cannot join NVLink domain " + quote(n.domain) + ": "
                                    + whyNotInDomain(server->nvlinkScope)
                                    + ". Only servers whose NVLink leaves the box can be placed "
                                      "in a domain ("
                                    + (allowed.empty() ? "none in this catalog" : allowed) + ")");
            }
            auto [first, isFirst] = firstMember.emplace(n.domain, i);
            const Node &other = m_t.nodes[first->second];
            const GpuModel *mine = m_c.gpu(server->gpu);
            const GpuModel *theirs = m_c.gpu(m_c.server(other.model)->gpu);
            if (!isFirst && mine->nvlink != theirs->nvlink)
                fail(where, "node " + quote(n.id) + " (" + n.model + ", " + mine->nvlink
                                    + ") cannot share NVLink domain " + quote(n.domain)
                                    + " with node " + quote(other.id) + " (" + other.model + ", "
                                    + theirs->nvlink
                                    + "): all members of a domain must speak the same NVLink "
                                      "generation");
        }
    }

    // A failed NIC is one of the server's compute NICs, named once.
    void checkFailedNics(std::size_t i, const ServerModel &server) const
    {
        const Node &n = m_t.nodes[i];
        for (std::size_t k = 0; k < n.failedNics.size(); ++k) {
            const int nic = n.failedNics[k];
            auto where = [&] {
                return pathOf(Kind::Node, i) + "/failed_nics/" + std::to_string(k);
            };
            if (nic < 0 || nic >= server.nics)
                fail(where(),
                     "node " + quote(n.id) + " (" + server.id + ") has "
                             + (server.nics == 0
                                        ? std::string("no compute NICs")
                                        : "compute NICs 0 to " + std::to_string(server.nics - 1))
                             + ": there is no NIC " + std::to_string(nic) + " to fail");
            if (std::find(n.failedNics.begin(), n.failedNics.begin() + k, nic)
                != n.failedNics.begin() + k)
                fail(where(), "node " + quote(n.id) + ": NIC " + std::to_string(nic)
                                      + " is listed as failed twice");
        }
    }

    void checkSwitches()
    {
        for (std::size_t i = 0; i < m_t.switches.size(); ++i) {
            const Switch &s = m_t.switches[i];
            if (!m_c.switchModel(s.model))
                fail(pathOf(Kind::Switch, i) + "/model",
                     "unknown switch model " + quote(s.model) + " "
                             + knownIds(s.model, keysOf(m_c.switches()), "switch models"));
        }
    }

    Device resolve(std::size_t link, int end) const
    {
        const Endpoint &e = end == 0 ? m_t.links[link].a : m_t.links[link].b;
        auto where = [&] {
            return endPath(link, end) + "/device";
        };
        auto owner = m_ids.find(e.device);
        if (owner == m_ids.end()) {
            std::vector<std::string> devices;
            for (const Node &n : m_t.nodes)
                devices.push_back(n.id);
            for (const Switch &s : m_t.switches)
                devices.push_back(s.id);
            fail(where(), "no node or switch has the id " + quote(e.device) + " "
                                  + knownIds(e.device, devices, "devices"));
        }
        Device d;
        d.kind = owner->second.kind;
        d.index = owner->second.index;
        if (d.kind == Kind::Node) {
            d.id = &m_t.nodes[d.index].id;
            d.server = m_c.server(m_t.nodes[d.index].model);
        } else if (d.kind == Kind::Switch) {
            d.id = &m_t.switches[d.index].id;
            d.model = m_c.switchModel(m_t.switches[d.index].model);
        } else if (d.kind == Kind::Domain) {
            fail(where(), quote(e.device)
                                  + " is an NVLink domain; a link joins nodes and switches "
                                    "(NVLink is expressed by placing nodes in the domain)");
        } else {
            fail(where(), quote(e.device) + " is a link; a link joins nodes and switches");
        }
        return d;
    }

    // The medium a link between these two devices would normally use, for a hint.
    std::string usualMedium(const Device &a, const Device &b) const
    {
        if (a.model && b.model)
            return m_c.inferMedium(*a.model, *b.model);
        if (a.server && b.model)
            return m_c.inferMedium(*a.server, *b.model);
        if (a.model && b.server)
            return m_c.inferMedium(*b.server, *a.model);
        return a.server->nicMedium;
    }

    void checkMediumAtEnd(std::size_t i, const Medium &m, const Device &d, const Device &other)
    {
        auto fail = [&](const std::string &message) {
            std::string usual = usualMedium(d, other);
            this->fail(pathOf(Kind::Link, i) + "/medium",
                       message + (usual.empty() ? "" : " (for this link: " + quote(usual) + ")"));
        };
        if (d.model) {
            bool ib = m.linkClass == LinkClass::InfiniBand;
            bool switchIb = d.model->protocol == SwitchProtocol::InfiniBand;
            if (ib != switchIb)
                fail(quote(m.id) + " is " + (ib ? "an InfiniBand" : "an Ethernet")
                     + " medium but switch " + d.describe() + " is "
                     + (switchIb ? "an InfiniBand" : "an Ethernet") + " switch");
            if (m.linkClass == LinkClass::RoCE && !d.model->rdma)
                fail(quote(m.id) + " needs RDMA (RoCE) but switch " + d.describe()
                     + " carries plain Ethernet only");
        }
        double rate = m.bandwidthGBs * 8;
        if (d.ports() > 0 && rate > d.gbits() * (1 + 1e-9)) // no ports: the cable count says so
            fail(quote(m.id) + " runs at " + formatNumber(rate) + " Gb/s but the " + d.portsNoun()
                 + " of " + d.describe() + " run at " + formatNumber(d.gbits()) + " Gb/s");
    }

    void checkLink(std::size_t i)
    {
        const Link &l = m_t.links[i];
        auto path = [&] {
            return pathOf(Kind::Link, i);
        };
        Device a = resolve(i, 0), b = resolve(i, 1);
        if (a.kind == b.kind && a.index == b.index)
            fail(path() + "/b/device", "link " + quote(l.id) + " joins " + quote(l.a.device)
                                               + " to itself; a link must join two devices");
        if (l.count < 1)
            fail(path() + "/count",
                 "expected a positive number of cables, found " + std::to_string(l.count));
        for (int end = 0; end < 2; ++end) {
            int port = end == 0 ? l.a.port : l.b.port;
            if (port < 0)
                fail(endPath(i, end) + "/port",
                     "expected a port number >= 0, found " + std::to_string(port));
        }
        const Medium *m = m_c.medium(l.medium);
        if (!m) {
            std::vector<std::string> network;
            for (const auto &[id, medium] : m_c.media()) {
                if (medium.isNetwork())
                    network.push_back(id);
            }
            fail(path() + "/medium", "unknown medium " + quote(l.medium) + " "
                                             + knownIds(l.medium, network, "network media"));
        }
        const char *kLinksAre = "Links are network cables (InfiniBand, RoCE or Ethernet)";
        if (m->linkClass == LinkClass::NVLink)
            fail(path() + "/medium",
                 quote(m->id)
                         + " is NVLink, which is not drawn as a link: GPUs share NVLink by "
                           "being in one NVLink domain (a server with its own NVLink is one "
                           "already; place trays such as gb200-tray in a domain). "
                         + kLinksAre);
        if (m->linkClass == LinkClass::XGMI)
            fail(path() + "/medium",
                 quote(m->id)
                         + " is AMD Infinity Fabric (xGMI), which joins the GPUs "
                           "inside a server such as the mi300x and is not drawn "
                           "as a link. "
                         + kLinksAre);
        if (!m->isNetwork())
            fail(path() + "/medium",
                 quote(m->id) + " is a PCIe connection inside a server, not a cable. " + kLinksAre);
        checkMediumAtEnd(i, *m, a, b);
        checkMediumAtEnd(i, *m, b, a);
        m_ends[i] = {a, b};
    }

    void checkCableCounts()
    {
        // Per node / switch: how many cables end there (a bundle counts each cable).
        std::vector<long long> nodeCables(m_t.nodes.size()), switchCables(m_t.switches.size());
        for (std::size_t i = 0; i < m_t.links.size(); ++i) {
            for (const Device &d : m_ends[i])
                (d.server ? nodeCables : switchCables)[d.index] += m_t.links[i].count;
        }
        auto check = [&](Kind kind, const std::vector<long long> &cables, std::size_t i,
                         const Device &d) {
            if (cables[i] <= d.ports())
                return;
            std::string has = std::to_string(cables[i]) + (cables[i] == 1 ? " cable" : " cables");
            fail(pathOf(kind, i), std::string(kindName(kind)) + " " + d.describe() + " has " + has
                                          + " attached but " + (d.ports() == 0 ? "" : "only ")
                                          + d.portCount(false));
        };
        for (std::size_t i = 0; i < m_t.links.size(); ++i) {
            for (const Device &d : m_ends[i])
                check(d.kind, d.server ? nodeCables : switchCables, d.index, d);
        }
    }

    void checkPortRanges()
    {
        for (std::size_t i = 0; i < m_t.links.size(); ++i) {
            const Link &l = m_t.links[i];
            for (int end = 0; end < 2; ++end) {
                const Device &d = m_ends[i][end];
                long long first = end == 0 ? l.a.port : l.b.port;
                long long last = first + l.count - 1;
                if (last < d.ports())
                    continue;
                std::string which = l.count == 1 ? "port " + std::to_string(first)
                                                 : "ports " + std::to_string(first) + " to "
                                                           + std::to_string(last) + " (a bundle of "
                                                           + std::to_string(l.count) + " cables)";
                fail(endPath(i, end) + "/port", which + (l.count == 1 ? " does" : " do")
                                                        + " not exist: " + d.describe() + " has "
                                                        + d.portCount(true));
            }
        }
    }

    void checkPortsUsedOnce()
    {
        // Per device, the port ranges of its links, sorted: two ranges overlap when one starts
        // before the widest reach of those before it.
        struct Range
        {
            long long first, last;
            std::size_t link;
            int end;
        };
        std::map<std::pair<int, std::size_t>, std::vector<Range>> byDevice;
        for (std::size_t i = 0; i < m_t.links.size(); ++i) {
            const Link &l = m_t.links[i];
            for (int end = 0; end < 2; ++end) {
                const Device &d = m_ends[i][end];
                long long first = end == 0 ? l.a.port : l.b.port;
                byDevice[{static_cast<int>(d.kind), d.index}].push_back(
                        {first, first + l.count - 1, i, end});
            }
        }
        for (auto &[device, ranges] : byDevice) {
            std::sort(ranges.begin(), ranges.end(), [](const Range &x, const Range &y) {
                return x.first != y.first ? x.first < y.first : x.link < y.link;
            });
            const Range *reach = nullptr;
            for (const Range &r : ranges) {
                if (reach && r.first <= reach->last) {
                    const Range &earlier = reach->link < r.link ? *reach : r;
                    const Range &later = reach->link < r.link ? r : *reach;
                    const Device &d = m_ends[r.link][r.end];
                    fail(endPath(later.link, later.end) + "/port",
                         "port " + std::to_string(r.first) + " of " + d.describe()
                                 + " is used by both link " + quote(m_t.links[earlier.link].id)
                                 + " and link " + quote(m_t.links[later.link].id)
                                 + "; each port takes one cable");
                }
                if (!reach || r.last > reach->last)
                    reach = &r;
            }
        }
    }

    const Topology &m_t;
    const Catalog &m_c;
    const std::string &m_file;
    std::unordered_map<std::string, IdOwner> m_ids;
    std::vector<std::array<Device, 2>> m_ends; // resolved by checkLink()
};

// ---- Reading ----------------------------------------------------------------------------------

// One step per format version: kMigrations[v - 1] turns a version v document into version v + 1.
// Version 1 is the first format, so there are none yet; a version 2 adds its step here.
using MigrationStep = void (*)(Json &doc);
constexpr std::array<MigrationStep, kProjectFormatVersion - 1> kMigrations{};

void migrate(Json &doc, int fromVersion)
{
    for (int v = fromVersion; v < kProjectFormatVersion; ++v)
        kMigrations[static_cast<std::size_t>(v - 1)](doc);
    doc["version"] = kProjectFormatVersion;
}

// Checks the format tag and returns the file's format version.
int readHeader(const JsonIn &root)
{
    if (!root.json().is_object())
        root.fail("expected a TopoPlan project (a JSON object), found "
                  + describeJson(root.json()));
    auto format = root.find("format");
    if (!format)
        root.fail("missing member \"format\": \"" + std::string(kFormatTag)
                  + "\"; this is not a TopoPlan project file");
    if (!format->json().is_string() || format->json().get<std::string>() != kFormatTag)
        format->fail("expected \"" + std::string(kFormatTag) + "\", found "
                     + describeJson(format->json()) + "; this is not a TopoPlan project file");
    JsonIn version = root.at("version");
    long long v = version.integer();
    if (v > kProjectFormatVersion)
        version.fail("this file was written by a newer TopoPlan (version " + std::to_string(v)
                     + "); this one reads up to " + std::to_string(kProjectFormatVersion));
    if (v < 1)
        version.fail("expected a format version of 1 or more, found " + std::to_string(v));
    return static_cast<int>(v);
}

Endpoint parseEndpoint(const JsonIn &j)
{
    j.expectOnly({"device", "port"});
    Endpoint e;
    e.device = j.at("device").id();
    JsonIn port = j.at("port");
    long long p = port.integer();
    if (p < 0)
        port.fail("expected a port number >= 0, found " + describeJson(port.json()));
    if (p > 1'000'000'000)
        port.fail("port number " + describeJson(port.json()) + " is too large for any device");
    e.port = static_cast<int>(p);
    return e;
}

Topology parseTopology(const JsonIn &j)
{
    j.expectOnly({"domains", "nodes", "switches", "links"});
    Topology t;
    auto each = [&](const char *key, auto parse) {
        if (auto section = j.find(key)) {
            for (const JsonIn &item : section->items())
                parse(item);
        }
    };
    each("domains", [&](const JsonIn &d) {
        d.expectOnly({"id", "name"});
        t.domains.push_back({d.at("id").id(), d.string("name", "")});
    });
    each("nodes", [&](const JsonIn &n) {
        n.expectOnly({"id", "name", "model", "domain", "failed", "failed_nics"});
        Node node{n.at("id").id(), n.string("name", ""), n.at("model").id(), {}};
        if (auto domain = n.find("domain"))
            node.domain = domain->id();
        node.failed = n.boolean("failed", false);
        if (auto nics = n.find("failed_nics")) {
            for (const JsonIn &nic : nics->items()) {
                const long long k = nic.integer();
                if (k < 0 || k > 1'000'000)
                    nic.fail("expected a compute NIC index >= 0, found "
                             + describeJson(nic.json()));
                node.failedNics.push_back(static_cast<int>(k));
            }
        }
        t.nodes.push_back(std::move(node));
    });
    each("switches", [&](const JsonIn &s) {
        s.expectOnly({"id", "name", "model", "tier", "role", "failed"});
        Switch sw{s.at("id").id(), s.string("name", ""), s.at("model").id()};
        sw.tier = *tierFromString(s.choice("tier", {"leaf", "spine", "core"}));
        sw.role = *roleFromString(
                s.choice("role", {"compute", "storage", "management"}, "compute"));
        sw.failed = s.boolean("failed", false);
        t.switches.push_back(std::move(sw));
    });
    each("links", [&](const JsonIn &l) {
        l.expectOnly({"id", "a", "b", "medium", "count", "failed"});
        Link link;
        link.id = l.at("id").id();
        link.a = parseEndpoint(l.at("a"));
        link.b = parseEndpoint(l.at("b"));
        link.medium = l.at("medium").id();
        link.count = l.positiveInt("count", 1, kMaxCablesPerLink);
        link.failed = l.boolean("failed", false);
        t.links.push_back(std::move(link));
    });
    return t;
}

bool isColor(const std::string &s)
{
    return s.size() == 7 && s[0] == '#' && std::all_of(s.begin() + 1, s.end(), [](unsigned char c) {
               return std::isxdigit(c) != 0;
           });
}

Layout parseLayout(const JsonIn &j, const Topology &t)
{
    j.expectOnly({"items"});
    std::unordered_set<std::string> ids;
    for (const Domain &d : t.domains)
        ids.insert(d.id);
    for (const Node &n : t.nodes)
        ids.insert(n.id);
    for (const Switch &s : t.switches)
        ids.insert(s.id);
    for (const Link &l : t.links)
        ids.insert(l.id);
    Layout layout;
    auto items = j.find("items");
    if (!items)
        return layout;
    for (const auto &[id, item] : items->members()) {
        if (!ids.count(id))
            item.fail("no domain, node, switch or link has the id " + quote(id)
                      + "; layout items place existing ones");
        item.expectOnly({"x", "y", "w", "h", "color"});
        LayoutItem li;
        li.x = coordinate(item.at("x"));
        li.y = coordinate(item.at("y"));
        li.w = item.has("w") ? coordinate(item.at("w"), 0) : 0;
        li.h = item.has("h") ? coordinate(item.at("h"), 0) : 0;
        li.color = item.string("color", "");
        if (!li.color.empty() && !isColor(li.color))
            item.at("color").fail("expected a colour as \"#rrggbb\", found " + quote(li.color));
        layout.items[id] = li;
    }
    return layout;
}

Project parseCurrent(const JsonIn &root, const Catalog &base)
{
    root.expectOnly({"format", "version", "name", "description", "catalog", "topology", "workload",
                     "plan", "hostNames", "layout"});
    Project p;
    p.name = root.string("name", "");
    p.description = root.string("description", "");
    std::optional<Catalog> own;
    if (auto overrides = root.find("catalog")) {
        overrides->expectOnly({"media", "gpus", "servers", "switches"});
        Expected<Catalog> merged = base.merged(*overrides);
        if (!merged)
            throw JsonFailure(merged.error());
        own = std::move(*merged);
        p.catalogOverrides = overrides->json();
    }
    p.topology = parseTopology(root.at("topology"));
    if (auto w = root.find("workload")) {
        Expected<Workload> workload = workloadFromJson(*w);
        if (!workload)
            throw JsonFailure(workload.error());
        p.workload = *workload;
    }
    if (auto pl = root.find("plan")) {
        Expected<Plan> plan = planFromJson(*pl);
        if (!plan)
            throw JsonFailure(plan.error());
        p.plan = *plan;
    }
    if (auto err = validateTopology(p.topology, own ? *own : base, root.file()))
        throw JsonFailure(*err);
    if (auto names = root.find("hostNames")) {
        p.hostNames = names->string();
        if (auto err = checkHostNames(p.hostNames, root.file()))
            throw JsonFailure(*err);
    }
    if (auto layout = root.find("layout"))
        p.layout = parseLayout(*layout, p.topology);
    return p;
}

// ---- Writing ----------------------------------------------------------------------------------

// Whole numbers as integers (10, not 10.0), so that a position reads as it was typed.
Json number(double v)
{
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
        return static_cast<long long>(v);
    return v;
}

// Objects are built member by member: nlohmann's initializer lists allocate a temporary array
// for every member, which costs more than the rest of saving on a project of 30,000 links.
Json endpointToJson(const Endpoint &e)
{
    Json j = Json::object();
    j["device"] = e.device;
    j["port"] = e.port;
    return j;
}

Json topologyToJson(const Topology &t)
{
    Json domains = Json::array(), nodes = Json::array(), switches = Json::array(),
         links = Json::array();
    auto named = [](const std::string &id, const std::string &name) {
        Json j = Json::object();
        j["id"] = id;
        if (!name.empty())
            j["name"] = name;
        return j;
    };
    for (const Domain &d : t.domains)
        domains.push_back(named(d.id, d.name));
    for (const Node &n : t.nodes) {
        Json j = named(n.id, n.name);
        j["model"] = n.model;
        if (!n.domain.empty())
            j["domain"] = n.domain;
        // Failure marks are written only when set, so a file without failures is unchanged.
        if (n.failed)
            j["failed"] = true;
        if (!n.failedNics.empty())
            j["failed_nics"] = n.failedNics;
        nodes.push_back(std::move(j));
    }
    for (const Switch &s : t.switches) {
        Json j = named(s.id, s.name);
        j["model"] = s.model;
        j["tier"] = toString(s.tier);
        j["role"] = toString(s.role);
        if (s.failed)
            j["failed"] = true;
        switches.push_back(std::move(j));
    }
    for (const Link &l : t.links) {
        Json j = Json::object();
        j["id"] = l.id;
        j["a"] = endpointToJson(l.a);
        j["b"] = endpointToJson(l.b);
        j["medium"] = l.medium;
        j["count"] = l.count;
        if (l.failed)
            j["failed"] = true;
        links.push_back(std::move(j));
    }
    Json out = Json::object();
    out["domains"] = std::move(domains);
    out["nodes"] = std::move(nodes);
    out["switches"] = std::move(switches);
    out["links"] = std::move(links);
    return out;
}

Json layoutItemToJson(const LayoutItem &item)
{
    Json j = Json::object();
    j["x"] = number(item.x);
    j["y"] = number(item.y);
    if (item.w != 0 || item.h != 0) {
        j["w"] = number(item.w);
        j["h"] = number(item.h);
    }
    if (!item.color.empty())
        j["color"] = item.color;
    return j;
}

// Items in the order of the topology (domains, nodes, switches, links), so that the layout
// section reads alongside it; any others after them, by id.
Json layoutToJson(const Layout &layout, const Topology &t)
{
    Json items = Json::object();
    // An ordered_json object finds keys by linear search, so thousands of inserts through
    // operator[] would take quadratic time; the ids are kept unique here and appended directly.
    auto &members = static_cast<std::vector<std::pair<const std::string, Json>> &>(
            items.get_ref<Json::object_t &>());
    members.reserve(layout.items.size());
    std::unordered_set<std::string_view> written;
    auto add = [&](const std::string &id) {
        auto it = layout.items.find(id);
        if (it != layout.items.end() && written.insert(it->first).second)
            members.emplace_back(id, layoutItemToJson(it->second));
    };
    for (const Domain &d : t.domains)
        add(d.id);
    for (const Node &n : t.nodes)
        add(n.id);
    for (const Switch &s : t.switches)
        add(s.id);
    for (const Link &l : t.links)
        add(l.id);
    for (const auto &entry : layout.items)
        add(entry.first);
    Json out = Json::object();
    out["items"] = std::move(items);
    return out;
}

} // namespace

std::optional<Error> validateTopology(const Topology &t, const Catalog &c, const std::string &file)
{
    try {
        TopologyCheck(t, c, file).run();
    } catch (const JsonFailure &f) {
        return f.error;
    }
    return std::nullopt;
}

Expected<Project> parseProject(const Json &doc, const std::string &file, const Catalog &base)
{
    try {
        JsonIn root(doc, file);
        int version = readHeader(root);
        if (version < kProjectFormatVersion) {
            Json current = doc;
            migrate(current, version);
            return parseCurrent(JsonIn(current, file), base);
        }
        return parseCurrent(root, base);
    } catch (const JsonFailure &f) {
        return f.error;
    }
}

Expected<Project> loadProject(const std::string &path, const Catalog &base)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc)
        return doc.error();
    return parseProject(*doc, path, base);
}

Json projectToJson(const Project &p)
{
    Json doc = {{"format", kFormatTag}, {"version", kProjectFormatVersion}, {"name", p.name}};
    if (!p.description.empty())
        doc["description"] = p.description;
    if (!p.catalogOverrides.is_null())
        doc["catalog"] = p.catalogOverrides;
    doc["topology"] = topologyToJson(p.topology);
    if (p.workload)
        doc["workload"] = toJson(*p.workload);
    if (p.plan)
        doc["plan"] = toJson(*p.plan);
    if (!p.hostNames.empty())
        doc["hostNames"] = p.hostNames;
    doc["layout"] = layoutToJson(p.layout, p.topology);
    return doc;
}

std::string serializeProject(const Project &p)
{
    return dumpJson(projectToJson(p), 2) + "\n";
}

std::optional<Error> saveProject(const Project &p, const std::string &path)
{
    return writeFileAtomically(path, serializeProject(p));
}

Expected<Catalog> projectCatalog(const Project &p, const Catalog &base)
{
    if (p.catalogOverrides.is_null())
        return base;
    return base.merged(JsonIn(p.catalogOverrides, {}, "/catalog"));
}

} // namespace topoplan
