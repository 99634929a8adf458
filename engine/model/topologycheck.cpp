#include "engine/model/topologycheck.h"

#include "engine/core/figure.h"
#include "engine/core/jsonin.h"
#include "engine/model/domainrules.h"
#include "engine/model/naming.h"

#include <algorithm>
#include <array>
#include <limits>
#include <unordered_map>
#include <vector>

namespace topoplan {

namespace {

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
        out += "did you mean " + quoteText(known.front()) + "? ";
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
    std::string describe() const { return quoteText(*id) + " (" + modelId() + ")"; }
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
        checkNames();
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
                fail(where(), "expected an id without control characters, found " + quoteText(id));
        }
        auto [it, added] = m_ids.emplace(id, IdOwner{kind, index});
        if (!added)
            fail(where(), "duplicate id " + quoteText(id) + ": the " + kindName(it->second.kind)
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

    // Every name by the one rule of names (naming.h).
    void checkNames() const
    {
        if (std::optional<Error> e = checkTopologyNames(m_t, m_file))
            throw JsonFailure(*e);
    }

    void checkNodes()
    {
        std::unordered_map<std::string, std::size_t> firstMember;
        std::unordered_map<std::string, int> domainGpus; // of the members seen so far
        for (std::size_t i = 0; i < m_t.nodes.size(); ++i) {
            const Node &n = m_t.nodes[i];
            const ServerModel *server = m_c.server(n.model);
            if (!server)
                fail(pathOf(Kind::Node, i) + "/model",
                     "unknown server model " + quoteText(n.model) + " "
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
                fail(where, "no NVLink domain has the id " + quoteText(n.domain) + " "
                                    + knownIds(n.domain, domains, "domains"));
            }
            if (owner->second.kind != Kind::Domain)
                fail(where, quoteText(n.domain) + " is a " + kindName(owner->second.kind)
                                    + ", not an NVLink domain");
            // The first member of the domain, whose NVLink generation the others must share.
            auto [first, isFirst] = firstMember.emplace(n.domain, i);
            if (std::optional<std::string> refusal = domainMembershipRefusal(
                        m_c, n, n.domain, isFirst ? nullptr : &m_t.nodes[first->second]))
                fail(where, *refusal);
            int &gpus = domainGpus[n.domain];
            if (std::optional<std::string> refusal
                = domainCapacityRefusal(m_c, m_t.domains[owner->second.index], n, gpus))
                fail(where, *refusal);
            gpus += server->gpus;
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
                     "node " + quoteText(n.id) + " (" + server.id + ") has "
                             + (server.nics == 0
                                        ? std::string("no compute NICs")
                                        : "compute NICs 0 to " + std::to_string(server.nics - 1))
                             + ": there is no NIC " + std::to_string(nic) + " to fail");
            if (std::find(n.failedNics.begin(), n.failedNics.begin() + k, nic)
                != n.failedNics.begin() + k)
                fail(where(), "node " + quoteText(n.id) + ": NIC " + std::to_string(nic)
                                      + " is listed as failed twice");
        }
    }

    void checkSwitches()
    {
        for (std::size_t i = 0; i < m_t.switches.size(); ++i) {
            const Switch &s = m_t.switches[i];
            if (!m_c.switchModel(s.model))
                fail(pathOf(Kind::Switch, i) + "/model",
                     "unknown switch model " + quoteText(s.model) + " "
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
            fail(where(), "no node or switch has the id " + quoteText(e.device) + " "
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
            fail(where(), quoteText(e.device)
                                  + " is an NVLink domain; a link joins nodes and switches "
                                    "(NVLink is expressed by placing nodes in the domain)");
        } else {
            fail(where(), quoteText(e.device) + " is a link; a link joins nodes and switches");
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
            this->fail(
                    pathOf(Kind::Link, i) + "/medium",
                    message + (usual.empty() ? "" : " (for this link: " + quoteText(usual) + ")"));
        };
        if (d.model) {
            bool ib = m.linkClass == LinkClass::InfiniBand;
            bool switchIb = d.model->protocol == SwitchProtocol::InfiniBand;
            if (ib != switchIb)
                fail(quoteText(m.id) + " is " + (ib ? "an InfiniBand" : "an Ethernet")
                     + " medium but switch " + d.describe() + " is "
                     + (switchIb ? "an InfiniBand" : "an Ethernet") + " switch");
            if (m.linkClass == LinkClass::RoCE && !d.model->rdma)
                fail(quoteText(m.id) + " needs RDMA (RoCE) but switch " + d.describe()
                     + " carries plain Ethernet only");
        }
        double rate = m.bandwidthGBs * 8;
        if (d.ports() > 0 && rate > d.gbits() * (1 + 1e-9)) // no ports: the cable count says so
            fail(quoteText(m.id) + " runs at " + figure::number(rate) + " Gb/s but the "
                 + d.portsNoun() + " of " + d.describe() + " run at " + figure::number(d.gbits())
                 + " Gb/s");
    }

    void checkLink(std::size_t i)
    {
        const Link &l = m_t.links[i];
        auto path = [&] {
            return pathOf(Kind::Link, i);
        };
        Device a = resolve(i, 0), b = resolve(i, 1);
        if (a.kind == b.kind && a.index == b.index)
            fail(path() + "/b/device", "link " + quoteText(l.id) + " joins " + quoteText(l.a.device)
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
        if (l.medium.empty()) {
            const std::string usual = usualMedium(a, b);
            fail(path() + "/medium",
                 "link " + quoteText(l.id) + " names no medium: expected the cables' medium"
                         + (usual.empty() ? std::string(", and the catalog has none that both "
                                                        "ends speak")
                                          : " (for this link: " + quoteText(usual) + ")"));
        }
        const Medium *m = m_c.medium(l.medium);
        if (!m) {
            std::vector<std::string> network;
            for (const auto &[id, medium] : m_c.media()) {
                if (medium.isNetwork())
                    network.push_back(id);
            }
            fail(path() + "/medium", "unknown medium " + quoteText(l.medium) + " "
                                             + knownIds(l.medium, network, "network media"));
        }
        const char *kLinksAre = "Links are network cables (InfiniBand, RoCE or Ethernet)";
        if (m->linkClass == LinkClass::NVLink)
            fail(path() + "/medium",
                 quoteText(m->id)
                         + " is NVLink, which is not drawn as a link: GPUs share NVLink by "
                           "being in one NVLink domain (a server with its own NVLink is one "
                           "already; place trays such as gb200-tray in a domain). "
                         + kLinksAre);
        if (m->linkClass == LinkClass::XGMI)
            fail(path() + "/medium",
                 quoteText(m->id)
                         + " is AMD Infinity Fabric (xGMI), which joins the GPUs "
                           "inside a server such as the mi300x and is not drawn "
                           "as a link. "
                         + kLinksAre);
        if (!m->isNetwork())
            fail(path() + "/medium",
                 quoteText(m->id) + " is a PCIe connection inside a server, not a cable. "
                         + kLinksAre);
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
                                 + " is used by both link " + quoteText(m_t.links[earlier.link].id)
                                 + " and link " + quoteText(m_t.links[later.link].id)
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

} // namespace topoplan
