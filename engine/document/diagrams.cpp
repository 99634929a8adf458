// Diagrams other tools edit: Graphviz DOT (plain, and the port-aware dialect of NVIDIA Air's
// topology files) and draw.io's uncompressed XML.

#include "engine/document/documents.h"
#include "engine/document/hardware.h"
#include "engine/document/schedulertree.h"
#include "engine/generate/generator.h"
#include "engine/model/domainrules.h"
#include "engine/model/hostnames.h"
#include "engine/model/topologyindex.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

namespace topoplan {

namespace {

// A DOT double-quoted string (Graphviz's "lang" page): the quote and the backslash escaped, a
// line break as the label escape; other control characters, which no name holds (naming.h), as
// spaces.
std::string dq(const std::string &s)
{
    std::string out = "\"";
    for (char ch : s) {
        if (ch == '"' || ch == '\\')
            out += '\\';
        if (ch == '\n') {
            out += "\\n";
            continue;
        }
        out += static_cast<unsigned char>(ch) < 0x20 ? ' ' : ch;
    }
    return out + "\"";
}

// An XML attribute value (XML 1.0, section 2.3 and 3.3.3): markup and quotes as entities,
// line breaks and tabs as character references so that attribute normalisation keeps them;
// the other control characters XML 1.0 does not allow at all, so they become spaces.
std::string xmlAttr(const std::string &s)
{
    std::string out;
    out.reserve(s.size());
    for (char ch : s) {
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\n':
            out += "&#10;";
            break;
        case '\r':
            out += "&#13;";
            break;
        case '\t':
            out += "&#9;";
            break;
        default:
            out += static_cast<unsigned char>(ch) < 0x20 ? ' ' : ch;
        }
    }
    return out;
}

// A label of a draw.io cell whose style says html=1: draw.io renders it as HTML, so the text
// is escaped as HTML first (a name "<img onerror=...>" stays text), then as the attribute.
std::string htmlLabel(const std::string &s)
{
    std::string html;
    html.reserve(s.size());
    for (char ch : s) {
        switch (ch) {
        case '&':
            html += "&amp;";
            break;
        case '<':
            html += "&lt;";
            break;
        case '>':
            html += "&gt;";
            break;
        case '"':
            html += "&quot;";
            break;
        default:
            html += ch;
        }
    }
    return xmlAttr(html);
}

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", std::round(v * 100) / 100);
    return buf;
}

const char *classColor(LinkClass c)
{
    switch (c) {
    case LinkClass::NVLink:
        return "#76b900";
    case LinkClass::XGMI:
        return "#ed1c24";
    case LinkClass::InfiniBand:
        return "#1f77b4";
    case LinkClass::RoCE:
        return "#2ca02c";
    case LinkClass::PCIe:
        return "#9467bd";
    case LinkClass::Ethernet:
        break;
    }
    return "#7f7f7f";
}

std::string deviceName(const TopologyIndex &t, const std::string &id)
{
    if (const Node *n = t.node(id))
        return n->name.empty() ? n->id : n->name;
    if (const Switch *s = t.switchById(id))
        return s->name.empty() ? s->id : s->name;
    return id;
}

std::string linkLabel(const Link &l, const Medium *m)
{
    std::string label = m ? m->name : l.medium;
    if (l.count > 1)
        label += " x" + std::to_string(l.count);
    return label;
}

const char *airFunction(Tier t)
{
    return t == Tier::Leaf ? "leaf" : t == Tier::Spine ? "spine" : "superspine";
}

// Cumulus-style interface names for NVIDIA Air, whatever the switch's own convention.
std::string airSwitchPort(const SwitchModel *m, int port)
{
    const int perCage = m ? switchHardware(*m).portsPerCage : 1;
    const int cage = port / perCage + 1;
    return "swp" + std::to_string(cage)
           + (perCage > 1 ? "s" + std::to_string(port % perCage) : std::string());
}

} // namespace

Expected<std::string> dotPlain(const Project &p, const Catalog &c)
{
    const Topology &t = p.topology;
    const TopologyIndex index(t);
    std::string out = "// " + (p.name.empty() ? std::string("TopoPlan design") : p.name)
                      + ": written by TopoPlan. Draw with: dot -Tsvg FILE -o FILE.svg\n";
    out += "graph " + dq(p.name.empty() ? "design" : p.name) + " {\n";
    out += "  graph [rankdir=TB, ranksep=1.2, nodesep=0.25, labelloc=t, fontname=\"Helvetica\", "
           "label="
           + dq(p.name) + "];\n";
    out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f4f4\", "
           "fontname=\"Helvetica\", fontsize=10];\n";
    out += "  edge [fontname=\"Helvetica\", fontsize=8];\n";
    const Tier tiers[] = {Tier::Core, Tier::Spine, Tier::Leaf};
    for (Tier tier : tiers) {
        std::string members;
        for (const Switch &s : t.switches) {
            if (s.tier != tier)
                continue;
            const SwitchModel *m = c.switchModel(s.model);
            members += "    " + dq(s.id)
                       + " [label=" + dq(deviceName(index, s.id) + "\n" + (m ? m->name : s.model))
                       + ", fillcolor=\"#dbe8ff\"];\n";
        }
        if (!members.empty())
            out += "  { rank=same; // " + std::string(toString(tier)) + "\n" + members + "  }\n";
    }
    auto nodeLine = [&](const Node &n, const char *indent) {
        const ServerModel *m = c.server(n.model);
        return std::string(indent) + dq(n.id)
               + " [label=" + dq(deviceName(index, n.id) + "\n" + (m ? m->name : n.model)) + "];\n";
    };
    // Each domain's members in the nodes' order, gathered once (not a pass over the nodes per
    // domain).
    std::unordered_map<std::string_view, std::vector<const Node *>> members;
    for (const Node &n : t.nodes)
        if (!n.domain.empty())
            members[n.domain].push_back(&n);
    for (const Domain &d : t.domains) {
        out += "  subgraph " + dq("cluster_" + d.id)
               + " {\n    label=" + dq(d.name.empty() ? d.id : d.name)
               + "; style=\"rounded,dashed\"; color=\"#76b900\";\n";
        if (auto it = members.find(d.id); it != members.end()) {
            for (const Node *n : it->second)
                out += nodeLine(*n, "    ");
        }
        out += "  }\n";
    }
    for (const Node &n : t.nodes)
        if (n.domain.empty())
            out += nodeLine(n, "  ");
    for (const Link &l : t.links) {
        const Medium *m = c.medium(l.medium);
        out += "  " + dq(l.a.device) + " -- " + dq(l.b.device) + " [label=" + dq(linkLabel(l, m))
               + ", color=" + dq(classColor(m ? m->linkClass : LinkClass::Ethernet))
               + ", penwidth=" + num(1 + std::log2(double(std::max(1, l.count)))) + "];\n";
    }
    out += "}\n";
    return out;
}

Expected<std::string> dotAir(const Project &p, const Catalog &c)
{
    const Topology &t = p.topology;
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const std::vector<Host> &hosts = table->hosts;
    const auto &ofNode = table->ofNode;
    const TopologyIndex index(t);
    std::unordered_map<std::string, std::string> switchName;
    std::set<std::string> used;
    for (const Host &h : hosts)
        used.insert(h.name);
    for (const Switch &s : t.switches) {
        std::string n = schedulerName(deviceName(index, s.id));
        for (int k = 2; used.count(n); ++k)
            n = schedulerName(deviceName(index, s.id)) + "-" + std::to_string(k);
        used.insert(n);
        switchName[s.id] = n;
    }
    std::string out = "// " + (p.name.empty() ? std::string("TopoPlan design") : p.name)
                      + ": topology for NVIDIA Air, written by TopoPlan.\n"
                        "// One edge a cable. Host ports eth1.. are the compute rails (eth0 is "
                        "Air's management port);\n// switch ports are Cumulus names, swpN or "
                        "swpNsS for the ports of twin-port cages.\n";
    out += "graph " + dq(schedulerName(p.name.empty() ? "design" : p.name)) + " {\n";
    for (const Host &h : hosts)
        out += "  " + dq(h.name) + " [function=\"host\"]\n";
    for (const Switch &s : t.switches)
        out += "  " + dq(switchName[s.id]) + " [function=" + dq(airFunction(s.tier)) + "]\n";
    auto end = [&](const Endpoint &e, int i) -> std::string {
        const int port = e.port + i;
        if (const Switch *s = index.switchById(e.device))
            return dq(switchName[s->id]) + ":" + dq(airSwitchPort(c.switchModel(s->model), port));
        const Node *n = index.node(e.device);
        if (!n)
            return {};
        const HostPort hp = hostPortOf(hosts, ofNode[std::size_t(n - t.nodes.data())], port);
        if (hp.host < 0)
            return {};
        return dq(hosts[std::size_t(hp.host)].name) + ":" + dq("eth" + std::to_string(hp.rail + 1));
    };
    for (const Link &l : t.links) {
        const Medium *m = c.medium(l.medium);
        if (!m || !m->isNetwork())
            continue;
        for (int i = 0; i < l.count; ++i) {
            const std::string a = end(l.a, i), b = end(l.b, i);
            if (a.empty() || b.empty())
                return Error{"", "", "link " + l.id + " has an end on no host's port"};
            out += "  " + a + " -- " + b + "\n";
        }
    }
    out += "}\n";
    return out;
}

Expected<std::string> drawioXml(const Project &p, const Catalog &c)
{
    const Topology &t = p.topology;
    Expected<HostTable> table = hostTable(p, c);
    if (!table)
        return table.error();
    const std::vector<Host> &hosts = table->hosts;
    const auto &ofNode = table->ofNode;
    const TopologyIndex index(t);

    // Positions from the layout; items without one go in a row below everything.
    double maxY = 0, minX = 0, maxX = 0;
    for (const auto &[id, item] : p.layout.items) {
        maxY = std::max(maxY, item.y + std::max(item.h, diagram::kNodeHeight));
        minX = std::min(minX, item.x);
        maxX = std::max(maxX, item.x + std::max(item.w, diagram::kNodeWidth));
    }
    double spareX = 0;
    const double spareY = maxY + diagram::kLaneGap;
    auto place = [&](const std::string &id, double w, double h) {
        auto it = p.layout.items.find(id);
        if (it != p.layout.items.end())
            return LayoutItem{it->second.x, it->second.y, it->second.w > 0 ? it->second.w : w,
                              it->second.h > 0 ? it->second.h : h, it->second.color};
        LayoutItem item{spareX, spareY, w, h, {}};
        spareX += w + diagram::kItemGap;
        maxX = std::max(maxX, spareX);
        return item;
    };

    std::string out;
    out.reserve(t.links.size() * 300 + t.nodes.size() * 400);
    out += "<mxfile host=\"TopoPlan\" type=\"device\">\n";
    out += "  <diagram id=\"topoplan\" name=\"" + xmlAttr(p.name.empty() ? "Design" : p.name)
           + "\">\n";
    out += "    <mxGraphModel grid=\"1\" gridSize=\"10\" guides=\"1\" tooltips=\"1\" "
           "connect=\"1\" arrows=\"0\" fold=\"1\" page=\"0\" pageScale=\"1\" math=\"0\" "
           "shadow=\"0\">\n      <root>\n";
    out += "        <mxCell id=\"0\" />\n        <mxCell id=\"1\" parent=\"0\" />\n";

    // Tier lanes behind everything: a band across the drawing at each tier's height.
    std::map<std::string, LayoutItem> placed; // devices and domains, absolute
    for (const Switch &s : t.switches)
        placed[s.id] = place(s.id, diagram::kSwitchWidth, diagram::kSwitchHeight);
    for (const Domain &d : t.domains)
        placed[d.id] = place(d.id, 4 * diagram::kNodeWidth, 2 * diagram::kNodeHeight);
    for (const Node &n : t.nodes)
        placed[n.id] = place(n.id, diagram::kNodeWidth, diagram::kNodeHeight);
    const Tier tiers[] = {Tier::Core, Tier::Spine, Tier::Leaf};
    const double pad = 20;
    auto lane = [&](const std::string &id, const std::string &label, double top, double bottom) {
        out += "        <mxCell id=\"" + id + "\" value=\"" + htmlLabel(label)
               + "\" style=\"rounded=0;whiteSpace=wrap;html=1;fillColor=#f7f7f7;"
                 "strokeColor=#e0e0e0;align=left;verticalAlign=top;spacingLeft=6;fontStyle=1;"
                 "fontColor=#888888;movable=0;\" vertex=\"1\" parent=\"1\">\n"
               + "          <mxGeometry x=\"" + num(minX - 2 * pad - 60) + "\" y=\""
               + num(top - pad) + "\" width=\"" + num(maxX - minX + 3 * pad + 60) + "\" height=\""
               + num(bottom - top + 2 * pad) + "\" as=\"geometry\" />\n        </mxCell>\n";
    };
    // A lane per band: one per tier, or one per row of a design laid out in rows of pods.
    const auto lanes = [&](const std::string &id, const std::string &label,
                           const std::vector<std::pair<double, double>> &spans) {
        const std::vector<diagram::Band> rows = diagram::bands(spans);
        for (std::size_t r = 0; r < rows.size(); ++r)
            lane(r == 0 ? id : id + "-" + std::to_string(r + 1), label, rows[r].top,
                 rows[r].bottom);
    };
    for (Tier tier : tiers) {
        std::vector<std::pair<double, double>> spans;
        for (const Switch &s : t.switches)
            if (s.tier == tier)
                spans.emplace_back(placed[s.id].y, placed[s.id].y + placed[s.id].h);
        lanes(std::string("lane-") + toString(tier), toString(tier), spans);
    }
    {
        std::vector<std::pair<double, double>> spans;
        for (const Node &n : t.nodes) {
            const LayoutItem &it = n.domain.empty() ? placed[n.id] : placed[n.domain];
            spans.emplace_back(it.y, it.y + it.h);
        }
        lanes("lane-servers", "servers", spans);
    }

    auto object = [&](const std::string &id,
                      const std::vector<std::pair<std::string, std::string>> &props) {
        out += "        <object id=\"" + xmlAttr(id) + "\"";
        for (const auto &[k, v] : props)
            out += " " + k + "=\"" + (k == "label" ? htmlLabel(v) : xmlAttr(v)) + "\"";
        out += ">\n";
    };
    auto geometry = [&](const LayoutItem &g, double dx, double dy) {
        out += "            <mxGeometry x=\"" + num(g.x - dx) + "\" y=\"" + num(g.y - dy)
               + "\" width=\"" + num(g.w) + "\" height=\"" + num(g.h)
               + "\" as=\"geometry\" />\n          </mxCell>\n        </object>\n";
    };
    const std::unordered_map<std::string, int> memberGpus = domainMemberGpus(t, c);
    for (const Domain &d : t.domains) {
        const auto held = memberGpus.find(d.id);
        const int gpus = held == memberGpus.end() ? 0 : held->second;
        std::vector<std::pair<std::string, std::string>> props{
                {"label", d.name.empty() ? d.id : d.name},
                {"kind", "nvlink-domain"},
                {"gpus", std::to_string(gpus)}};
        if (d.gpus > 0)
            props.emplace_back("size_gpus", std::to_string(d.gpus)); // stated: NVL36, NVL72
        object(d.id, props);
        out += "          <mxCell style=\"swimlane;html=1;container=1;collapsible=0;rounded=1;"
               "startSize=28;fillColor=none;strokeColor=#76b900;dashed=1;fontStyle=1;\" "
               "vertex=\"1\" parent=\"1\">\n";
        geometry(placed[d.id], 0, 0);
    }
    for (const Switch &s : t.switches) {
        const SwitchModel *m = c.switchModel(s.model);
        const LayoutItem &g = placed[s.id];
        object(s.id, {{"label", deviceName(index, s.id)},
                      {"kind", "switch"},
                      {"model", s.model},
                      {"model_name", m ? m->name : s.model},
                      {"tier", toString(s.tier)},
                      {"fabric", toString(s.role)},
                      {"ports", m ? std::to_string(m->ports) : ""},
                      {"port_gbits", m ? num(m->portGbits) : ""}});
        out += "          <mxCell style=\"rounded=1;whiteSpace=wrap;html=1;fillColor="
               + (g.color.empty() ? std::string("#dbe8ff") : g.color)
               + ";strokeColor=#5b7fb8;\" vertex=\"1\" parent=\"1\">\n";
        geometry(g, 0, 0);
    }
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        const Node &n = t.nodes[i];
        const ServerModel *m = c.server(n.model);
        std::vector<std::string> names;
        for (std::size_t h : ofNode[i])
            names.push_back(hosts[h].name);
        const LayoutItem &g = placed[n.id];
        const bool inDomain = !n.domain.empty() && index.domain(n.domain);
        object(n.id, {{"label", deviceName(index, n.id)},
                      {"kind", "server"},
                      {"model", n.model},
                      {"model_name", m ? m->name : n.model},
                      {"gpus", m ? std::to_string(m->gpus) : ""},
                      {"nics", m ? std::to_string(m->nics) : ""},
                      {"nic_gbits", m ? num(m->nicGbits) : ""},
                      {"nvlink_domain", inDomain ? n.domain : "own"},
                      {"hosts", compressHostList(names)}});
        out += "          <mxCell style=\"rounded=1;whiteSpace=wrap;html=1;fillColor="
               + (g.color.empty() ? std::string("#f4f4f4") : g.color)
               + ";strokeColor=#666666;\" vertex=\"1\" parent=\""
               + xmlAttr(inDomain ? n.domain : "1") + "\">\n";
        const LayoutItem &d = inDomain ? placed[n.domain] : LayoutItem{};
        geometry(g, d.x, d.y);
    }
    for (const Link &l : t.links) {
        const Medium *m = c.medium(l.medium);
        const LinkClass cls = m ? m->linkClass : LinkClass::Ethernet;
        object(l.id, {{"label", linkLabel(l, m)},
                      {"kind", "link"},
                      {"medium", l.medium},
                      {"medium_name", m ? m->name : l.medium},
                      {"count", std::to_string(l.count)},
                      {"a_port", std::to_string(l.a.port)},
                      {"b_port", std::to_string(l.b.port)}});
        out += "          <mxCell style=\"endArrow=none;html=1;rounded=0;fontSize=9;strokeColor="
               + std::string(classColor(cls))
               + ";strokeWidth=" + num(1 + std::log2(double(std::max(1, l.count))))
               + ";\" edge=\"1\" parent=\"1\" source=\"" + xmlAttr(l.a.device) + "\" target=\""
               + xmlAttr(l.b.device)
               + "\">\n            <mxGeometry relative=\"1\" as=\"geometry\" />\n"
                 "          </mxCell>\n        </object>\n";
    }
    out += "      </root>\n    </mxGraphModel>\n  </diagram>\n</mxfile>\n";
    return out;
}

} // namespace topoplan
