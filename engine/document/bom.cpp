// Bill of materials: what to order for a design, with the assumptions it rests on.

#include "engine/core/figure.h"
#include "engine/document/cost.h"
#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/document/schedulertree.h"
#include "engine/model/hostnames.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace topoplan {

namespace {

std::string modelName(const std::string &name, const std::string &id)
{
    return name.empty() || name == id ? id : name + " (" + id + ")";
}

// Counts cables and optics into one BomCounts; a twin-port cage's transceiver is counted once
// per counts (the units partition the leaves and servers, so no cage is split between them).
class Tally
{
public:
    Tally(const Topology &t, const TopologyIndex &index, const Catalog &c,
          const std::vector<Host> &hosts, const std::vector<std::vector<std::size_t>> &ofNode,
          const CableMeasure &measure, BomCounts *out)
        : m_t(t)
        , m_index(index)
        , m_c(c)
        , m_hosts(hosts)
        , m_ofNode(ofNode)
        , m_measure(measure)
        , m_out(out)
    {}
    // Counts link `l`; `atSwitch` says which switch ends to count (all when null). Measured
    // cables of one bundle may differ (the trays of a rack-scale system stand at different
    // heights): each is counted as it is.
    void add(const Link &l, const Medium &medium, const std::set<std::string> *atSwitch)
    {
        const CableRun run = cableRun(m_index, l);
        if (!m_measure.measured()) {
            addCables(l, 0, l.count, run, medium, cableSpec(run, medium), atSwitch);
            return;
        }
        for (int i = 0; i < l.count; ++i)
            addCables(l, i, 1, run, medium, m_measure.cable(l, i, medium), atSwitch);
    }
    // Cables first .. first+n-1 of `l`, all of `spec`.
    void addCables(const Link &l, int first, int n, CableRun run, const Medium &medium,
                   const CableSpec &spec, const std::set<std::string> *atSwitch)
    {
        // A cable that carries a cage's two links is counted at the first of them.
        const long long cables
                = spec.linksPerCable > 1
                          ? (first + n + spec.linksPerCable - 1) / spec.linksPerCable
                                    - (first + spec.linksPerCable - 1) / spec.linksPerCable
                          : n;
        if (cables > 0) {
            m_out->cables[{int(run), medium.name, spec.kind, spec.metres, spec.lengthClass}]
                    += cables;
            m_out->cableKinds[cableKindId(spec.kind)] += cables;
        }
        for (const Endpoint *e : {&l.a, &l.b}) {
            if (const Switch *s = m_index.switchById(e->device)) {
                if (atSwitch && !atSwitch->count(s->id))
                    continue;
                usedPorts[s->id] += n;
                const SwitchModel *m = m_c.switchModel(s->model);
                if (!m || spec.optics.empty())
                    continue;
                const SwitchHardware hw = switchHardware(*m);
                for (int i = first; i < first + n; ++i)
                    if (m_switchCages.insert({s->id, (e->port + i) / hw.portsPerCage, spec.optics})
                                .second)
                        addOptics(&m_out->switchOptics, hw.cage + " " + spec.optics,
                                  m_c.transceiverFor(hw.portsPerCage, m->portGbits, spec.optics,
                                                     medium.id));
            } else if (const Node *node = m_index.node(e->device)) {
                const ServerModel *m = m_c.server(node->model);
                if (!m || spec.optics.empty())
                    continue;
                const NicHardware hw = nicHardware(*m);
                const std::size_t ni = std::size_t(node - m_t.nodes.data());
                for (int i = first; i < first + n; ++i) {
                    const HostPort hp = hostPortOf(m_hosts, m_ofNode[ni], e->port + i);
                    if (hp.host < 0)
                        continue;
                    if (m_hostCages
                                .insert({std::size_t(hp.host), hp.rail / hw.portsPerCage,
                                         spec.optics})
                                .second)
                        addOptics(&m_out->nicOptics, hw.cage + " " + spec.optics,
                                  m_c.transceiverFor(hw.portsPerCage, m->nicGbits, spec.optics,
                                                     medium.id));
                }
            }
        }
    }
    // One transceiver of `name` (the cage and its optics), and of its catalog model when the
    // catalog lists it.
    void addOptics(std::map<std::string, long long> *byName, const std::string &name,
                   const TransceiverModel *model)
    {
        ++(*byName)[name];
        m_out->opticsModel[name] = model ? model->id : std::string();
        if (model)
            ++m_out->transceiverModels[model->id];
        else
            ++m_out->unlistedOptics[name];
    }
    void addSwitch(const Switch &s)
    {
        ++m_out->switches[{int(s.role), int(s.tier), s.model}];
        const SwitchModel *m = m_c.switchModel(s.model);
        auto &[used, total] = m_out->ports[{int(s.role), int(s.tier), s.model}];
        auto it = usedPorts.find(s.id);
        used += it == usedPorts.end() ? 0 : it->second;
        total += m ? m->ports : 0;
    }
    void addServer(const std::string &model)
    {
        for (auto &[id, n] : m_out->servers)
            if (id == model) {
                ++n;
                return;
            }
        m_out->servers.emplace_back(model, 1);
    }
    std::map<std::string, long long> usedPorts; // by switch id

private:
    const Topology &m_t;
    const TopologyIndex &m_index;
    const Catalog &m_c;
    const std::vector<Host> &m_hosts;
    const std::vector<std::vector<std::size_t>> &m_ofNode;
    const CableMeasure &m_measure;
    BomCounts *m_out;
    std::set<std::tuple<std::string, int, std::string>> m_switchCages; // switch, cage, optics
    std::set<std::tuple<std::size_t, int, std::string>> m_hostCages;   // host, cage, optics
};

} // namespace

int BomCounts::serverCount() const
{
    int n = 0;
    for (const auto &s : servers)
        n += s.second;
    return n;
}

int BomCounts::switchCount(FabricRole role, Tier tier) const
{
    int n = 0;
    for (const auto &[key, count] : switches)
        if (std::get<0>(key) == int(role) && std::get<1>(key) == int(tier))
            n += count;
    return n;
}

long long BomCounts::cableCount(int run) const
{
    long long n = 0;
    for (const auto &[key, count] : cables)
        if (std::get<0>(key) == run)
            n += count;
    return n;
}

long long BomCounts::cableCount() const
{
    long long n = 0;
    for (const auto &c : cables)
        n += c.second;
    return n;
}

long long BomCounts::transceivers() const
{
    long long n = 0;
    for (const auto &o : switchOptics)
        n += o.second;
    for (const auto &o : nicOptics)
        n += o.second;
    return n;
}

Expected<BillOfMaterials> billOfMaterials(const Project &p, const Catalog &c, bool units)
{
    const Topology &t = p.topology;
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const std::vector<Host> &hosts = table->hosts;
    const auto &ofNode = table->ofNode;
    const RackPlan racks = planRacks(p, c, hosts);
    const CableMeasure measure(p, c, hosts, ofNode, racks);
    BillOfMaterials bom;
    bom.computeRacks = racks.computeRacks;
    bom.networkRacks = racks.networkRacks;
    bom.assumptions = physicalAssumptions(&measure);

    // Scalable units: the scheduler tree's leaf groups of more than one leaf.
    std::map<std::string, std::size_t> unitOfLeaf;
    std::vector<std::set<std::string>> unitLeaves;
    std::vector<int> unitOfNode(t.nodes.size(), -1);
    Expected<SchedulerTree> tree = units ? schedulerTree(p, c, hosts)
                                         : Expected<SchedulerTree>(Error{"", "", "no units"});
    if (tree) {
        for (const SchedulerSwitch &g : tree->switches) {
            if (g.level != 0 || g.members.size() < 2)
                continue;
            const std::size_t u = bom.units.size();
            bom.units.push_back({g.name, {}});
            unitLeaves.emplace_back(g.members.begin(), g.members.end());
            for (const std::string &id : g.members)
                unitOfLeaf[id] = u;
            for (std::size_t h : g.hosts)
                unitOfNode[hosts[h].node] = int(u);
        }
        if (bom.units.size() < 2) {
            bom.units.clear();
            unitLeaves.clear();
            unitOfLeaf.clear();
            std::fill(unitOfNode.begin(), unitOfNode.end(), -1);
        }
    }

    const TopologyIndex index(t);
    Tally total(t, index, c, hosts, ofNode, measure, &bom.total);
    std::vector<Tally> unitTallies;
    unitTallies.reserve(bom.units.size());
    for (BillOfMaterials::Unit &u : bom.units)
        unitTallies.emplace_back(t, index, c, hosts, ofNode, measure, &u.counts);

    for (const Node &n : t.nodes) {
        total.addServer(n.model);
        const int u = unitOfNode[std::size_t(&n - t.nodes.data())];
        if (u >= 0)
            unitTallies[std::size_t(u)].addServer(n.model);
    }
    for (const Link &l : t.links) {
        const Medium *medium = c.medium(l.medium);
        if (!medium || !medium->isNetwork())
            continue;
        total.add(l, *medium, nullptr);
        if (unitOfLeaf.empty())
            continue;
        // A cable belongs to the unit of its leaf end; the optics counted are the unit's.
        for (const Endpoint *e : {&l.a, &l.b}) {
            auto it = unitOfLeaf.find(e->device);
            if (it == unitOfLeaf.end())
                continue;
            unitTallies[it->second].add(l, *medium, &unitLeaves[it->second]);
            break;
        }
    }
    for (const Switch &s : t.switches) {
        total.addSwitch(s);
        auto it = unitOfLeaf.find(s.id);
        if (it != unitOfLeaf.end())
            unitTallies[it->second].addSwitch(s);
    }
    return bom;
}

namespace {

// A unit's counts with its cables by run, medium and kind, their lengths summed away.
BomCounts withoutLengths(const BomCounts &b)
{
    BomCounts out = b;
    out.cables.clear();
    for (const auto &[key, n] : b.cables) {
        const auto &[run, medium, kind, metres, length] = key;
        out.cables[{run, medium, kind, 0.0, std::string()}] += n;
    }
    return out;
}

// Whether two units hold the same parts, as a bill of materials lists them.
bool sameParts(const BomCounts &a, const BomCounts &b)
{
    return a.servers == b.servers && a.switches == b.switches && a.cables == b.cables
           && a.switchOptics == b.switchOptics && a.nicOptics == b.nicOptics && a.ports == b.ports
           && a.opticsModel == b.opticsModel;
}

// The units as a table shows them: each on its own, or those with the same parts once, with
// their cables by kind (BomDetail).
std::vector<BillOfMaterials::Unit> unitsAsShown(const std::vector<BillOfMaterials::Unit> &units,
                                                BomDetail detail)
{
    if (detail == BomDetail::EveryUnit) {
        std::vector<BillOfMaterials::Unit> out;
        for (const BillOfMaterials::Unit &u : units)
            out.push_back({"SU " + u.name + " ", u.counts});
        return out;
    }
    struct Group
    {
        BomCounts counts;
        std::vector<const std::string *> names;
    };
    std::vector<Group> groups;
    for (const BillOfMaterials::Unit &u : units) {
        BomCounts counts = withoutLengths(u.counts);
        auto same = std::find_if(groups.begin(), groups.end(),
                                 [&](const Group &g) { return sameParts(g.counts, counts); });
        if (same == groups.end())
            groups.push_back({std::move(counts), {&u.name}});
        else
            same->names.push_back(&u.name);
    }
    std::vector<BillOfMaterials::Unit> out;
    for (Group &g : groups) {
        const std::size_t n = g.names.size();
        std::string prefix = "SU " + *g.names.front() + " ";
        if (n == 2)
            prefix = "SUs " + *g.names.front() + " and " + *g.names.back() + ", each: ";
        else if (n > 2)
            prefix = "SUs " + *g.names.front() + " to " + *g.names.back() + " (" + std::to_string(n)
                     + " alike), each: ";
        out.push_back({std::move(prefix), std::move(g.counts)});
    }
    return out;
}

} // namespace

Expected<BomTable> bomTable(const Project &p, const Catalog &c, BomDetail detail)
{
    Expected<BillOfMaterials> bomOr = billOfMaterials(p, c);
    if (!bomOr)
        return bomOr.error();
    const BillOfMaterials &bom = *bomOr;

    BomTable table;
    table.design = p.name.empty() ? std::string("(unnamed)") : p.name;
    table.assumptions = bom.assumptions;
    if (!bom.units.empty())
        table.assumptions.push_back(
                "Scalable units (SU): the rail leaves that serve the same servers. Each SU "
                "section counts its servers, its leaves, the host-leaf and leaf-spine cables at "
                "those leaves and the transceivers at the SU's ends; spines and cores serve "
                "every SU and are counted in the design totals only.");
    const PriceBook &book = c.prices();
    table.currency = book.currencyText();
    table.costLines = designCostLines(designCost(bom.total, c));
    auto row = [&](const std::string &cat, const std::string &item, const std::string &detail,
                   long long n, std::optional<double> powerW = std::nullopt,
                   std::optional<double> price = std::nullopt) {
        table.rows.push_back({cat, item, detail, n, powerW, price});
    };
    const auto priced = [](const std::map<std::string, Price> &prices, const std::string &id) {
        auto it = prices.find(id);
        return it == prices.end() ? std::nullopt : std::optional<double>(it->second.amount);
    };
    const auto watts = [](double w) {
        return w > 0 ? std::optional<double>(w) : std::nullopt;
    };
    const auto opticsRow = [&](const std::string &prefix, const BomCounts &b,
                               const std::string &name, const char *end, long long n) {
        auto it = b.opticsModel.find(name);
        const TransceiverModel *m = it == b.opticsModel.end() ? nullptr : c.transceiver(it->second);
        row(prefix + "transceivers", name, end, n, m ? watts(m->powerW) : std::nullopt,
            m ? priced(book.transceivers, m->id) : std::nullopt);
    };
    auto section = [&](const std::string &prefix, const BomCounts &b, bool racks) {
        for (const auto &[id, count] : b.servers) {
            const ServerModel *m = c.server(id);
            const int gpus = m ? m->gpus : 0;
            row(prefix + "servers", modelName(m ? m->name : id, id),
                std::to_string(gpus) + " GPUs each, " + std::to_string(gpus * count) + " GPUs",
                count, m ? watts(m->powerKW * 1000) : std::nullopt, priced(book.servers, id));
        }
        if (racks) {
            row("racks", "compute rack, 42U", "servers as the assumptions say", bom.computeRacks);
            row("racks", "network rack, 42U", "switches per fabric and tier", bom.networkRacks);
        }
        for (const auto &[key, n] : b.switches) {
            const auto &[role, tier, model] = key;
            const SwitchModel *m = c.switchModel(model);
            row(prefix + "switches", modelName(m ? m->name : model, model),
                std::string(toString(FabricRole(role))) + " fabric " + toString(Tier(tier)), n,
                m ? watts(m->powerW) : std::nullopt, priced(book.switches, model));
        }
        for (const auto &[key, n] : b.cables) {
            const auto &[run, medium, kind, metres, length] = key;
            const std::string kindId = cableKindId(kind);
            const CableModel *cm = c.cable(kindId);
            // A passive cable draws nothing: 0 W is its figure.
            std::optional<double> power;
            if (cm && (cm->powerW > 0 || kindId != "acc"))
                power = cm->powerW;
            // Without a length: a unit's cables summed over their lengths (BomDetail).
            row(prefix + "cables", length.empty() ? kind : kind + ", " + length,
                std::string(toString(CableRun(run))) + ", " + medium, n, power,
                priced(book.cables, kindId));
        }
        for (const auto &[name, n] : b.switchOptics)
            opticsRow(prefix, b, name, "switch end", n);
        for (const auto &[name, n] : b.nicOptics)
            opticsRow(prefix, b, name, "NIC end", n);
        for (const auto &[key, v] : b.ports) {
            const auto &[role, tier, model] = key;
            const std::string item = std::string(toString(FabricRole(role))) + " fabric "
                                     + toString(Tier(tier)) + " " + model;
            row(prefix + "ports", item, "used", v.first);
            row(prefix + "ports", item, "spare", v.second - v.first);
        }
    };
    section("", bom.total, true);
    // Each unit's rows, their category prefixed with the unit ("SU leaf-su1 servers").
    for (const BillOfMaterials::Unit &u : unitsAsShown(bom.units, detail))
        section(u.name, u.counts, false);
    if (detail == BomDetail::AlikeUnitsOnce && !bom.units.empty())
        table.assumptions.push_back("Here each scalable unit's cables are counted by kind and "
                                    "run; the bill of materials' CSV and workbook list them by "
                                    "length, unit by unit.");
    return table;
}

Expected<std::string> bomCsv(const Project &p, const Catalog &c)
{
    Expected<BomTable> table = bomTable(p, c);
    if (!table)
        return table.error();
    std::string out = "# Bill of materials\n";
    out += "# Design: " + table->design + "\n";
    out += "# Written by TopoPlan from the design. Assumptions:\n";
    for (const std::string &a : table->assumptions)
        out += "# - " + a + "\n";
    out += "# Cost and power (prices in " + table->currency
           + " from the price book; an empty cell: no price, or no published power):\n";
    for (const std::string &line : table->costLines)
        out += "# - " + line + "\n";
    out += "category,item,detail,quantity,unit_power_w,power_kw,unit_price,price\n";
    const auto cell = [](std::optional<double> v, double times, int decimals) {
        return v ? figure::number(*v * times, decimals) : std::string();
    };
    for (const BomRow &r : table->rows)
        out += csvField(r.category) + "," + csvField(r.item) + "," + csvField(r.detail) + ","
               + std::to_string(r.quantity) + "," + cell(r.unitPowerW, 1, 2) + ","
               + cell(r.unitPowerW, double(r.quantity) / 1000, 3) + "," + cell(r.unitPrice, 1, 2)
               + "," + cell(r.unitPrice, double(r.quantity), 2) + "\n";
    return out;
}

} // namespace topoplan
