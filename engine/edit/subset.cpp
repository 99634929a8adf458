#include "engine/edit/subset.h"

#include "engine/core/jsonin.h"
#include "engine/generate/generator.h"
#include "engine/generate/generatorfabric.h"
#include "engine/io/projectfile.h"
#include "engine/model/ids.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace topoplan {

namespace {

std::string cables(int n)
{
    return std::to_string(n) + (n == 1 ? " cable" : " cables");
}

// "dgx-001 (3)" -> "dgx-001"; names without such a suffix stay as they are.
std::string baseName(const std::string &name)
{
    if (name.size() < 4 || name.back() != ')')
        return name;
    const std::size_t open = name.rfind(" (");
    if (open == std::string::npos || open + 3 >= name.size())
        return name;
    const std::string digits = name.substr(open + 2, name.size() - open - 3);
    if (digits.size() > 9
        || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return name;
    return name.substr(0, open);
}

// Names that no domain, node or switch uses yet: the name itself, else "name (2)", "(3)", ...
class NameMaker
{
public:
    explicit NameMaker(const Topology &t)
    {
        for (const Domain &d : t.domains)
            m_used.insert(d.name);
        for (const Node &n : t.nodes)
            m_used.insert(n.name);
        for (const Switch &s : t.switches)
            m_used.insert(s.name);
    }

    std::string next(const std::string &name)
    {
        if (name.empty())
            return name;
        if (m_used.insert(name).second)
            return name;
        const std::string base = baseName(name);
        auto it = m_next.try_emplace(base, 2).first;
        std::string candidate;
        do {
            candidate = base + " (" + std::to_string(it->second++) + ")";
        } while (!m_used.insert(candidate).second);
        return candidate;
    }

private:
    std::unordered_set<std::string> m_used;
    std::unordered_map<std::string, long long> m_next;
};

// "node-17" -> "node": new ids are numbered in the family of the old one.
std::string idPrefix(const std::string &id)
{
    const std::size_t dash = id.find_last_of('-');
    if (dash == std::string::npos || dash == 0 || dash + 1 == id.size())
        return id;
    const bool numbered = std::all_of(id.begin() + static_cast<std::ptrdiff_t>(dash) + 1, id.end(),
                                      [](char c) { return c >= '0' && c <= '9'; });
    return numbered ? id.substr(0, dash) : id;
}

// The ports each new device has and those its new links took so far.
class PortBook
{
public:
    void addDevice(const std::string &id, int ports) { m_devices[id].ports = ports; }

    // The first port of `count` free ones on `device`, `preferred` if that run is free.
    std::optional<int> take(const std::string &device, int preferred, int count)
    {
        Device &d = m_devices[device];
        const auto freeRun = [&](int first) {
            if (first < 0 || first + count > d.ports)
                return false;
            for (int p = first; p < first + count; ++p) {
                if (d.used.count(p))
                    return false;
            }
            return true;
        };
        std::optional<int> first;
        if (freeRun(preferred)) {
            first = preferred;
        } else {
            for (int p = 0; p + count <= d.ports && !first; ++p) {
                if (freeRun(p))
                    first = p;
            }
        }
        if (first) {
            for (int p = *first; p < *first + count; ++p)
                d.used.insert(p);
        }
        return first;
    }

    int freePorts(const std::string &device) const
    {
        const Device &d = m_devices.at(device);
        return d.ports - static_cast<int>(d.used.size());
    }

    void release(const std::string &device, int first, int count)
    {
        for (int p = first; p < first + count; ++p)
            m_devices[device].used.erase(p);
    }

private:
    struct Device
    {
        int ports = 0;
        std::set<int> used;
    };
    std::unordered_map<std::string, Device> m_devices;
};

// Adds copies of fragments to one target: ids and names stay unique across all the copies.
class Paster
{
public:
    Paster(const Project &target, const Catalog &catalog)
        : m_ids(allIds(target.topology))
        , m_names(target.topology)
        , m_catalog(catalog)
    {}

    std::optional<Error> add(const Project &fragment, LayoutOffset offset, SubsetPaste *out)
    {
        const Topology &f = fragment.topology;
        std::unordered_map<std::string, std::string> ids; // this copy's old id -> new id
        PortBook ports;
        const auto newId = [&](const std::string &old) {
            std::string id = m_ids.next(idPrefix(old));
            ids[old] = id;
            out->newIds[old] = id;
            return id;
        };
        for (Domain d : f.domains) {
            const std::string old = d.id;
            d.id = newId(old);
            d.name = m_names.next(d.name);
            place(fragment, old, d.id, offset, out);
            out->added.domains.push_back(std::move(d));
        }
        for (Node n : f.nodes) {
            const ServerModel *server = m_catalog.server(n.model);
            if (!server)
                return Error{{},
                             n.id,
                             "node " + quoteText(n.id) + " is a " + quoteText(n.model)
                                     + ", a server model this project's catalog does "
                                       "not know"};
            const std::string old = n.id;
            n.id = newId(old);
            n.name = m_names.next(n.name);
            auto domain = ids.find(n.domain);
            n.domain = domain == ids.end() ? std::string() : domain->second;
            ports.addDevice(n.id, server->nics);
            place(fragment, old, n.id, offset, out);
            out->added.nodes.push_back(std::move(n));
        }
        for (Switch s : f.switches) {
            const SwitchModel *model = m_catalog.switchModel(s.model);
            if (!model)
                return Error{{},
                             s.id,
                             "switch " + quoteText(s.id) + " is a " + quoteText(s.model)
                                     + ", a switch model this project's catalog does "
                                       "not know"};
            const std::string old = s.id;
            s.id = newId(old);
            s.name = m_names.next(s.name);
            ports.addDevice(s.id, model->ports);
            place(fragment, old, s.id, offset, out);
            out->added.switches.push_back(std::move(s));
        }
        for (Link l : f.links) {
            auto a = ids.find(l.a.device), b = ids.find(l.b.device);
            if (a == ids.end() || b == ids.end() || l.count < 1)
                continue; // not a link inside the fragment
            const std::string old = l.id;
            const Endpoint was[2] = {l.a, l.b};
            l.a.device = a->second;
            l.b.device = b->second;
            std::optional<int> portA = ports.take(l.a.device, l.a.port, l.count);
            std::optional<int> portB = ports.take(l.b.device, l.b.port, l.count);
            if (!portA || !portB) {
                if (portA)
                    ports.release(l.a.device, *portA, l.count);
                if (portB)
                    ports.release(l.b.device, *portB, l.count);
                const std::string &full = portA ? l.b.device : l.a.device;
                out->notes.push_back("link " + quoteText(old) + " (" + cables(l.count) + " from "
                                     + quoteText(l.a.device) + " to " + quoteText(l.b.device)
                                     + ") left out: " + quoteText(full) + " has "
                                     + std::to_string(ports.freePorts(full))
                                     + " free ports, not a run of " + std::to_string(l.count));
                continue;
            }
            l.a.port = *portA;
            l.b.port = *portB;
            l.id = newId(old);
            if (l.a.port != was[0].port || l.b.port != was[1].port)
                out->notes.push_back("link " + quoteText(l.id)
                                     + " moved to free ports: " + quoteText(l.a.device) + " port "
                                     + std::to_string(l.a.port) + ", " + quoteText(l.b.device)
                                     + " port " + std::to_string(l.b.port));
            out->added.links.push_back(std::move(l));
        }
        // A pasted server without a cable reaches no other GPU: say so, with its name, so the
        // analysis's complaint about the new GPU count is not the only word.
        std::vector<std::string> uncabled;
        for (const Node &n : out->added.nodes) {
            const bool cabled = std::any_of(
                    out->added.links.begin(), out->added.links.end(),
                    [&](const Link &l) { return l.a.device == n.id || l.b.device == n.id; });
            if (!cabled)
                uncabled.push_back(n.name.empty() ? n.id : n.name);
        }
        if (!uncabled.empty()) {
            std::string list;
            for (std::size_t i = 0; i < uncabled.size() && i < 3; ++i)
                list += (i ? ", " : "") + uncabled[i];
            if (uncabled.size() > 3)
                list += " and " + std::to_string(uncabled.size() - 3) + " more";
            out->notes.push_back(list + (uncabled.size() == 1 ? " is" : " are")
                                 + " not cabled: connect " + (uncabled.size() == 1 ? "it" : "them")
                                 + " to the fabric with Connect (C)");
        }
        return std::nullopt;
    }

private:
    static void place(const Project &fragment, const std::string &old, const std::string &id,
                      LayoutOffset offset, SubsetPaste *out)
    {
        auto it = fragment.layout.items.find(old);
        if (it == fragment.layout.items.end())
            return;
        LayoutItem item = it->second;
        item.x += offset.dx;
        item.y += offset.dy;
        out->layout.items[id] = item;
    }

    IdMaker m_ids;
    NameMaker m_names;
    const Catalog &m_catalog;
};

std::optional<Error> validated(const Project &target, const SubsetPaste &paste,
                               const Catalog &catalog, const std::string &file)
{
    Project merged = target;
    applySubset(merged, paste);
    return validateTopology(merged.topology, catalog, file);
}

} // namespace

Project extractSubset(const Project &project, const std::vector<std::string> &ids)
{
    const Topology &t = project.topology;
    const std::unordered_set<std::string> selected(ids.begin(), ids.end());
    Project out;
    out.name = project.name;
    out.catalogOverrides = project.catalogOverrides;
    std::unordered_set<std::string> inside; // domains, nodes and switches copied
    const auto keep = [&](const std::string &id) {
        inside.insert(id);
        auto it = project.layout.items.find(id);
        if (it != project.layout.items.end())
            out.layout.items[id] = it->second;
    };
    for (const Domain &d : t.domains) {
        if (selected.count(d.id)) {
            out.topology.domains.push_back(d);
            keep(d.id);
        }
    }
    for (const Node &n : t.nodes) {
        if (!selected.count(n.id) && !(inside.count(n.domain) && !n.domain.empty()))
            continue;
        Node copy = n;
        if (!inside.count(copy.domain))
            copy.domain.clear();
        out.topology.nodes.push_back(std::move(copy));
        keep(n.id);
    }
    for (const Switch &s : t.switches) {
        if (selected.count(s.id)) {
            out.topology.switches.push_back(s);
            keep(s.id);
        }
    }
    for (const Link &l : t.links) {
        if (inside.count(l.a.device) && inside.count(l.b.device)) {
            out.topology.links.push_back(l);
        }
    }
    return out;
}

Expected<SubsetPaste> pasteSubset(const Project &target, const Project &fragment,
                                  LayoutOffset offset, const Catalog &catalog,
                                  const std::string &file)
{
    SubsetPaste paste;
    Paster paster(target, catalog);
    if (std::optional<Error> error = paster.add(fragment, offset, &paste))
        return *error;
    if (std::optional<Error> error = validated(target, paste, catalog, file))
        return *error;
    return paste;
}

void applySubset(Project &target, const SubsetPaste &paste)
{
    Topology &t = target.topology;
    t.domains.insert(t.domains.end(), paste.added.domains.begin(), paste.added.domains.end());
    t.nodes.insert(t.nodes.end(), paste.added.nodes.begin(), paste.added.nodes.end());
    t.switches.insert(t.switches.end(), paste.added.switches.begin(), paste.added.switches.end());
    t.links.insert(t.links.end(), paste.added.links.begin(), paste.added.links.end());
    for (const auto &[id, item] : paste.layout.items)
        target.layout.items[id] = item;
}

Expected<SubsetPaste> replicate(const Project &project, const std::vector<std::string> &ids,
                                int rows, int columns, double spacing, const Catalog &catalog,
                                const std::string &file)
{
    if (rows < 1)
        return Error{{}, "rows", "expected at least 1 row, got " + std::to_string(rows)};
    if (columns < 1)
        return Error{{}, "columns", "expected at least 1 column, got " + std::to_string(columns)};
    if (rows * static_cast<long long>(columns) < 2)
        return Error{{},
                     "columns",
                     "a grid of 1 x 1 is the selection itself; ask for 2 cells "
                     "or more"};
    if (!(spacing >= 0) || !std::isfinite(spacing))
        return Error{{}, "spacing", "expected a spacing of 0 or more scene units"};
    const Project fragment = extractSubset(project, ids);
    const Topology &f = fragment.topology;
    if (f.domains.empty() && f.nodes.empty() && f.switches.empty())
        return Error{{}, "selection", "select nodes, switches or NVLink domains to replicate"};
    const LayoutBounds bounds = layoutBounds(fragment);
    SubsetPaste paste;
    Paster paster(project, catalog);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            if (r == 0 && c == 0)
                continue;
            const LayoutOffset offset{c * (bounds.w + spacing), r * (bounds.h + spacing)};
            if (std::optional<Error> error = paster.add(fragment, offset, &paste))
                return *error;
        }
    }
    if (std::optional<Error> error = validated(project, paste, catalog, file))
        return *error;
    return paste;
}

LayoutBounds layoutBounds(const Project &fragment)
{
    LayoutBounds b;
    double right = 0, bottom = 0;
    const auto add = [&](const std::string &id, double w, double h) {
        auto it = fragment.layout.items.find(id);
        if (it == fragment.layout.items.end())
            return;
        const LayoutItem &item = it->second;
        if (b.empty) {
            b.x = item.x;
            b.y = item.y;
            right = item.x + w;
            bottom = item.y + h;
            b.empty = false;
        } else {
            b.x = std::min(b.x, item.x);
            b.y = std::min(b.y, item.y);
            right = std::max(right, item.x + w);
            bottom = std::max(bottom, item.y + h);
        }
    };
    for (const Domain &d : fragment.topology.domains) {
        auto it = fragment.layout.items.find(d.id);
        if (it != fragment.layout.items.end())
            add(d.id, it->second.w, it->second.h);
    }
    for (const Node &n : fragment.topology.nodes)
        add(n.id, diagram::kNodeWidth, diagram::kNodeHeight);
    for (const Switch &s : fragment.topology.switches)
        add(s.id, diagram::kSwitchWidth, diagram::kSwitchHeight);
    b.w = right - b.x;
    b.h = bottom - b.y;
    return b;
}

LayoutOffset freeOffset(const Project &target, const Project &fragment, double gap)
{
    const LayoutBounds box = layoutBounds(fragment);
    if (box.empty)
        return {};
    struct Rect
    {
        double x, y, w, h;
    };
    std::vector<Rect> placed;
    const auto addPlaced = [&](const std::string &id, double w, double h) {
        auto it = target.layout.items.find(id);
        if (it != target.layout.items.end())
            placed.push_back({it->second.x, it->second.y, w, h});
    };
    for (const Domain &d : target.topology.domains) {
        auto it = target.layout.items.find(d.id);
        if (it != target.layout.items.end())
            addPlaced(d.id, it->second.w, it->second.h);
    }
    for (const Node &n : target.topology.nodes)
        addPlaced(n.id, diagram::kNodeWidth, diagram::kNodeHeight);
    for (const Switch &s : target.topology.switches)
        addPlaced(s.id, diagram::kSwitchWidth, diagram::kSwitchHeight);
    const double step = std::max(box.w + gap, 1.0);
    // The furthest a paste must go is past the rightmost item.
    double reach = 0;
    for (const Rect &r : placed)
        reach = std::max(reach, r.x + r.w - box.x);
    for (double dx = step;; dx += step) {
        const bool clear = std::none_of(placed.begin(), placed.end(), [&](const Rect &r) {
            return r.x < box.x + dx + box.w && box.x + dx < r.x + r.w && r.y < box.y + box.h
                   && box.y < r.y + r.h;
        });
        if (clear || dx > reach)
            return {dx, 0};
    }
}

} // namespace topoplan
