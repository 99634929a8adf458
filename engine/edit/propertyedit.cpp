#include "engine/edit/propertyedit.h"

#include "engine/core/jsonin.h"
#include "engine/edit/editing.h"
#include "engine/io/projectfile.h"
#include "engine/model/domainrules.h"
#include "engine/model/naming.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace topoplan {

namespace {

// The ports in use on every device, so that a growing bundle can find room.
class PortUse
{
public:
    PortUse(const Topology &t, const Catalog &c)
    {
        for (const Node &n : t.nodes) {
            const ServerModel *m = c.server(n.model);
            m_ports[n.id] = m ? m->nics : 0;
        }
        for (const Switch &s : t.switches) {
            const SwitchModel *m = c.switchModel(s.model);
            m_ports[s.id] = m ? m->ports : 0;
        }
        for (const Link &l : t.links) {
            mark(l.a.device, l.a.port, l.count, true);
            mark(l.b.device, l.b.port, l.count, true);
        }
    }

    void mark(const std::string &device, int first, int count, bool used)
    {
        std::set<int> &ports = m_used[device];
        for (int p = first; p < first + count; ++p) {
            if (used)
                ports.insert(p);
            else
                ports.erase(p);
        }
    }

    // `preferred` if the run of `count` ports from there is free, else the lowest free run;
    // `preferred` again when there is none (validation then says what is wrong).
    int place(const std::string &device, int preferred, int count) const
    {
        auto ports = m_ports.find(device);
        if (ports == m_ports.end())
            return preferred;
        const std::set<int> &used = m_used.count(device) ? m_used.at(device) : m_none;
        const auto isFree = [&](int first) {
            if (first < 0 || first + count > ports->second)
                return false;
            auto it = used.lower_bound(first);
            return it == used.end() || *it >= first + count;
        };
        if (isFree(preferred))
            return preferred;
        for (int p = 0; p + count <= ports->second; ++p) {
            if (isFree(p))
                return p;
        }
        return preferred;
    }

    // The device's port count, or -1 for an unknown device.
    int ports(const std::string &device) const
    {
        auto it = m_ports.find(device);
        return it == m_ports.end() ? -1 : it->second;
    }

private:
    std::unordered_map<std::string, int> m_ports;
    std::unordered_map<std::string, std::set<int>> m_used;
    std::set<int> m_none;
};

std::optional<int> parseCount(const std::string &value)
{
    int n = 0;
    const char *end = value.data() + value.size();
    auto [ptr, ec] = std::from_chars(value.data(), end, n);
    if (ec != std::errc() || ptr != end || n < 1)
        return std::nullopt;
    return n;
}

// "3,5" as {3, 5} (sorted, each once); "" as none.
std::optional<std::vector<int>> parseNicList(const std::string &value)
{
    std::vector<int> out;
    std::size_t start = 0;
    while (start < value.size()) {
        std::size_t comma = value.find(',', start);
        if (comma == std::string::npos)
            comma = value.size();
        std::string item = value.substr(start, comma - start);
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        int n = -1;
        auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), n);
        if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() || n < 0)
            return std::nullopt;
        out.push_back(n);
        start = comma + 1;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Grows or shrinks the selected bundles where they are: a bundle keeps its first ports, and
// one that cannot grow there is refused, never moved (moving a server's end would silently
// change which GPUs' NICs are cabled, moving a switch's end the cabling plan).
std::optional<std::string> setCount(Topology &t, const Catalog &c,
                                    const std::unordered_set<std::string> &ids, int count)
{
    const Topology before = t;
    PortUse use(t, c);
    for (Link &l : t.links) {
        if (!ids.count(l.id) || l.count == count)
            continue;
        use.mark(l.a.device, l.a.port, l.count, false);
        use.mark(l.b.device, l.b.port, l.count, false);
        // More cables than a device has ports: validation says so, naming the device.
        const bool beyond = use.ports(l.a.device) < l.a.port + count
                            || use.ports(l.b.device) < l.b.port + count;
        for (const Endpoint *end : {&l.a, &l.b}) {
            if (beyond || use.place(end->device, end->port, count) == end->port)
                continue;
            // Who holds the ports the bundle would grow onto.
            std::string holder;
            for (const Link &o : before.links) {
                for (const Endpoint *oe : {&o.a, &o.b}) {
                    if (o.id != l.id && oe->device == end->device && oe->port < end->port + count
                        && oe->port + o.count > end->port && holder.empty())
                        holder = " (" + displayName(before, o.id) + ")";
                }
            }
            return displayName(before, l.id) + " cannot grow to " + std::to_string(count)
                   + " cables where it is: " + displayName(before, end->device)
                   + (before.node(end->device) ? " NICs " : " ports ") + std::to_string(end->port)
                   + "-" + std::to_string(end->port + count - 1) + " are not all free" + holder
                   + "; no cable is moved. Connect the two again to cable free ports";
        }
        l.count = count;
        use.mark(l.a.device, l.a.port, count, true);
        use.mark(l.b.device, l.b.port, count, true);
    }
    return std::nullopt;
}

template<typename T>
void collectChanged(const std::vector<T> &before, const std::vector<T> &after, std::vector<T> *out)
{
    for (std::size_t i = 0; i < after.size(); ++i) {
        if (!(after[i] == before[i]))
            out->push_back(after[i]);
    }
}

template<typename T>
void replaceById(std::vector<T> &list, const std::vector<T> &changed)
{
    if (changed.empty())
        return;
    std::unordered_map<std::string, const T *> byId;
    for (const T &entry : changed)
        byId[entry.id] = &entry;
    for (T &entry : list) {
        auto it = byId.find(entry.id);
        if (it != byId.end())
            entry = *it->second;
    }
}

} // namespace

const char *toString(Property p)
{
    switch (p) {
    case Property::Name:
        return "name";
    case Property::Model:
        return "model";
    case Property::Tier:
        return "tier";
    case Property::Role:
        return "role";
    case Property::Domain:
        return "domain";
    case Property::Medium:
        return "medium";
    case Property::Count:
        return "count";
    case Property::Failed:
        return "failed";
    case Property::FailedNics:
        return "failed_nics";
    case Property::Size:
        return "gpus";
    case Property::ModelAssumed:
        return "model_assumed";
    }
    return "name";
}

namespace {

// Sets `property` to `value` on the entries of `selected` in `t`; an error for a value that is
// not one (validation comes after).
std::optional<Error> setProperty(Topology &t, const Catalog &catalog,
                                 const std::unordered_set<std::string> &selected, Property property,
                                 const std::string &value, const std::string &file)
{
    const std::string where = toString(property);
    switch (property) {
    case Property::Name:
        for (Domain &d : t.domains) {
            if (selected.count(d.id))
                d.name = value;
        }
        for (Node &n : t.nodes) {
            if (selected.count(n.id))
                n.name = value;
        }
        for (Switch &s : t.switches) {
            if (selected.count(s.id))
                s.name = value;
        }
        break;
    case Property::Model: {
        const bool server = catalog.server(value) != nullptr;
        const bool sw = catalog.switchModel(value) != nullptr;
        if (!server && !sw)
            return Error{file, where,
                         "unknown model " + quoteText(value)
                                 + ": the catalog has no server or switch of "
                                   "this id"};
        for (Node &n : t.nodes) {
            if (server && selected.count(n.id)) {
                n.model = value;
                n.modelAssumed = false;
            }
        }
        for (Switch &s : t.switches) {
            if (sw && selected.count(s.id))
                s.model = value;
        }
        break;
    }
    case Property::Tier: {
        const std::optional<Tier> tier = tierFromString(value);
        if (!tier)
            return Error{file, where,
                         "expected \"leaf\", \"spine\" or \"core\", found " + quoteText(value)};
        for (Switch &s : t.switches) {
            if (selected.count(s.id))
                s.tier = *tier;
        }
        break;
    }
    case Property::Role: {
        const std::optional<FabricRole> role = roleFromString(value);
        if (!role)
            return Error{file, where,
                         "expected \"compute\", \"storage\" or \"management\", found "
                                 + quoteText(value)};
        for (Switch &s : t.switches) {
            if (selected.count(s.id))
                s.role = *role;
        }
        break;
    }
    case Property::Domain:
        for (Node &n : t.nodes) {
            if (selected.count(n.id))
                n.domain = value;
        }
        break;
    case Property::Medium:
        for (Link &l : t.links) {
            if (selected.count(l.id))
                l.medium = value;
        }
        break;
    case Property::Count: {
        const std::optional<int> count = parseCount(value);
        if (!count)
            return Error{file, where,
                         "expected a number of cables of 1 or more, found " + quoteText(value)};
        if (std::optional<std::string> refusal = setCount(t, catalog, selected, *count))
            return Error{file, where, *refusal};
        break;
    }
    case Property::Failed: {
        if (value != "true" && value != "false")
            return Error{file, where, "expected \"true\" or \"false\", found " + quoteText(value)};
        const bool failed = value == "true";
        for (Node &n : t.nodes) {
            if (selected.count(n.id))
                n.failed = failed;
        }
        for (Switch &s : t.switches) {
            if (selected.count(s.id))
                s.failed = failed;
        }
        for (Link &l : t.links) {
            if (selected.count(l.id))
                l.failed = failed;
        }
        break;
    }
    case Property::Size: {
        const std::optional<int> gpus = value == "0" ? std::optional<int>(0) : parseCount(value);
        if (!gpus || *gpus > kMaxGpusPerDomain)
            return Error{file, where,
                         "expected a number of GPUs from 1 to " + std::to_string(kMaxGpusPerDomain)
                                 + ", or 0 for not stated, found " + quoteText(value)};
        const std::unordered_map<std::string, int> held = domainMemberGpus(t, catalog);
        for (Domain &d : t.domains) {
            if (!selected.count(d.id))
                continue;
            d.gpus = *gpus;
            // Say it of the domain, before the validator names the first member that no
            // longer fits.
            const auto it = held.find(d.id);
            const int members = it == held.end() ? 0 : it->second;
            if (*gpus > 0 && members > *gpus)
                return Error{file, where,
                             "NVLink domain " + quoteText(d.id) + " holds "
                                     + std::to_string(members) + " GPUs; a size of "
                                     + std::to_string(*gpus) + " is too small for them"};
        }
        break;
    }
    case Property::ModelAssumed: {
        if (value != "true" && value != "false")
            return Error{file, where, "expected \"true\" or \"false\", found " + quoteText(value)};
        for (Node &n : t.nodes) {
            if (selected.count(n.id))
                n.modelAssumed = value == "true";
        }
        break;
    }
    case Property::FailedNics: {
        const std::optional<std::vector<int>> nics = parseNicList(value);
        if (!nics)
            return Error{file, where,
                         "expected NIC indices separated by commas (\"3,5\"), or nothing, found "
                                 + quoteText(value)};
        for (Node &n : t.nodes) {
            if (selected.count(n.id))
                n.failedNics = *nics;
        }
        break;
    }
    }

    return std::nullopt;
}

// The entries of `t` that differ from `topology`, if `t` is valid.
Expected<TopologyEdit> changesOf(const Topology &topology, const Topology &t,
                                 const Catalog &catalog, const std::string &file)
{
    TopologyEdit edit;
    collectChanged(topology.domains, t.domains, &edit.domains);
    collectChanged(topology.nodes, t.nodes, &edit.nodes);
    collectChanged(topology.switches, t.switches, &edit.switches);
    collectChanged(topology.links, t.links, &edit.links);
    if (!edit.empty()) {
        if (std::optional<Error> error = validateTopology(t, catalog, file))
            return *error;
    }
    return edit;
}

} // namespace

Expected<TopologyEdit> editProperty(const Topology &topology, const Catalog &catalog,
                                    const std::vector<std::string> &ids, Property property,
                                    const std::string &value, const std::string &file)
{
    Topology t = topology;
    if (std::optional<Error> e
        = setProperty(t, catalog, {ids.begin(), ids.end()}, property, value, file))
        return *e;
    return changesOf(topology, t, catalog, file);
}

Expected<TopologyEdit> editModelWithMedia(const Topology &topology, const Catalog &catalog,
                                          const std::vector<std::string> &ids,
                                          const std::string &model, const std::string &file)
{
    const std::unordered_set<std::string> selected(ids.begin(), ids.end());
    Topology t = topology;
    if (std::optional<Error> e = setProperty(t, catalog, selected, Property::Model, model, file))
        return *e;
    // A stranded link takes the medium its two ends agree on, as a new cable between them
    // would (linkMedium); the links of a pair of models are all judged by the first.
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> spoken;
    std::map<std::pair<std::string, std::string>, Expected<std::string>> agreed;
    const auto modelOf = [&t](const std::string &device) {
        if (const Node *n = t.node(device))
            return n->model;
        const Switch *s = t.switchById(device);
        return s ? s->model : std::string();
    };
    for (Link &l : t.links) {
        if (!selected.count(l.a.device) && !selected.count(l.b.device))
            continue;
        const std::pair key{modelOf(l.a.device), modelOf(l.b.device)};
        auto valid = spoken.find(key);
        if (valid == spoken.end())
            valid = spoken.emplace(key, mediaForLink(t, catalog, l)).first;
        if (std::find(valid->second.begin(), valid->second.end(), l.medium) != valid->second.end())
            continue;
        auto it = agreed.find(key);
        if (it == agreed.end())
            it = agreed.emplace(key, linkMedium(t, catalog, l.a.device, l.b.device)).first;
        if (!it->second)
            return Error{file, toString(Property::Medium),
                         displayName(t, l.id) + ": " + it->second.error().message};
        l.medium = *it->second;
    }
    return changesOf(topology, t, catalog, file);
}

void applyEdit(Topology &topology, const TopologyEdit &edit)
{
    replaceById(topology.domains, edit.domains);
    replaceById(topology.nodes, edit.nodes);
    replaceById(topology.switches, edit.switches);
    replaceById(topology.links, edit.links);
}

std::vector<std::string> mediaForLink(const Topology &topology, const Catalog &catalog,
                                      const Link &link)
{
    // The two ends alone, joined by one cable of each candidate medium: the checks of a
    // medium at an end are validateTopology()'s, with nothing else in the way.
    Topology ends;
    for (const Endpoint *e : {&link.a, &link.b}) {
        if (const Node *n = topology.node(e->device)) {
            Node copy = *n;
            copy.domain.clear();
            ends.nodes.push_back(std::move(copy));
        } else if (const Switch *s = topology.switchById(e->device)) {
            ends.switches.push_back(*s);
        } else {
            return {};
        }
    }
    Link probe;
    probe.id = link.id;
    probe.a = {link.a.device, 0};
    probe.b = {link.b.device, 0};
    std::vector<const Medium *> valid;
    for (const auto &[id, medium] : catalog.media()) {
        if (!medium.isNetwork())
            continue;
        probe.medium = id;
        ends.links = {probe};
        if (!validateTopology(ends, catalog, {}))
            valid.push_back(&medium);
    }
    std::stable_sort(valid.begin(), valid.end(), [](const Medium *a, const Medium *b) {
        if (a->linkClass != b->linkClass)
            return a->linkClass < b->linkClass;
        return a->bandwidthGBs > b->bandwidthGBs;
    });
    std::vector<std::string> ids;
    ids.reserve(valid.size());
    for (const Medium *m : valid)
        ids.push_back(m->id);
    return ids;
}

} // namespace topoplan
