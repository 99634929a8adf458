#include "engine/model/naming.h"

#include "engine/core/jsonin.h"

#include <utility>

namespace topoplan {

namespace {

// The code point of the UTF-8 sequence at `s[i]` and its length; length 0 where the bytes are
// not well-formed UTF-8 (a stray continuation byte, an overlong or truncated sequence, a
// surrogate).
std::pair<char32_t, std::size_t> decodeUtf8(const std::string &s, std::size_t i)
{
    const auto byte = [&](std::size_t k) {
        return static_cast<unsigned char>(s[k]);
    };
    const unsigned char b = byte(i);
    if (b < 0x80)
        return {b, 1};
    const std::size_t n = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (n == 0 || (n == 3 && b >= 0xf0) || i + n > s.size())
        return {0, 0};
    char32_t c = b & (0x7f >> n);
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80)
            return {0, 0};
        c = (c << 6) | (byte(i + k) & 0x3f);
    }
    const char32_t least = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    if (c < least || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return {0, 0};
    return {c, n};
}

std::string codePoint(char32_t c)
{
    static const char *const hex = "0123456789ABCDEF";
    std::string digits;
    for (int shift = c > 0xffff ? 20 : 12; shift >= 0; shift -= 4)
        digits += hex[(c >> shift) & 0xf];
    return "U+" + digits;
}

std::string controlName(char32_t c)
{
    switch (c) {
    case '\n':
        return "a line break";
    case '\r':
        return "a carriage return";
    case '\t':
        return "a tab";
    case 0x1b:
        return "an escape";
    case 0x85:
    case 0x2028:
    case 0x2029:
        return "a line separator";
    default:
        return "a control character";
    }
}

} // namespace

std::string nameProblem(const std::string &name)
{
    if (name.size() > kMaxNameBytes)
        return "is " + std::to_string(name.size()) + " bytes long: a name is at most "
               + std::to_string(kMaxNameBytes);
    std::size_t character = 0;
    for (std::size_t i = 0; i < name.size();) {
        const auto [c, length] = decodeUtf8(name, i);
        ++character;
        if (length == 0)
            return "is not UTF-8 at byte " + std::to_string(i + 1);
        // C0 and C1 controls, DEL, and the line and paragraph separators YAML breaks lines at.
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029)
            return "holds " + controlName(c) + " (" + codePoint(c) + ") at character "
                   + std::to_string(character) + ": a name is one line of text";
        i += length;
    }
    return {};
}

std::string railText(int port, int count)
{
    if (count <= 1)
        return "rail " + std::to_string(port + 1);
    return "rails " + std::to_string(port + 1) + "-" + std::to_string(port + count);
}

std::string endpointText(const Topology &topology, const Endpoint &end, int count)
{
    const bool node = topology.node(end.device) != nullptr;
    std::string ports = std::to_string(end.port);
    if (count > 1)
        ports += "-" + std::to_string(end.port + count - 1);
    const std::string kind
            = node ? (count > 1 ? " NICs " : " NIC ") : (count > 1 ? " ports " : " port ");
    std::string out = displayName(topology, end.device) + kind + ports;
    if (node)
        out += " (" + railText(end.port, count) + ")";
    return out;
}

namespace {

// "leaf-03 port 2", "leaf-03 ports 0-3"; a server end by its rails: "dgx-017 rail 3".
std::string endText(const Topology &topology, const Endpoint &end, int count, bool node)
{
    if (node)
        return displayName(topology, end.device) + " " + railText(end.port, count);
    std::string out = displayName(topology, end.device) + (count > 1 ? " ports " : " port ")
                      + std::to_string(end.port);
    if (count > 1)
        out += "-" + std::to_string(end.port + count - 1);
    return out;
}

} // namespace

std::string linkName(const Topology &topology, const Link &link)
{
    const bool aIsNode = topology.node(link.a.device) != nullptr;
    const bool bIsNode = topology.node(link.b.device) != nullptr;
    const bool swap = bIsNode && !aIsNode;
    const Endpoint &first = swap ? link.b : link.a;
    const Endpoint &second = swap ? link.a : link.b;
    return endText(topology, first, link.count, swap ? bIsNode : aIsNode) + " - "
           + endText(topology, second, link.count, swap ? aIsNode : bIsNode);
}

std::vector<std::string> displayNames(const Topology &topology, const std::vector<std::string> &ids)
{
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (const std::string &id : ids)
        out.push_back(displayName(topology, id));
    return out;
}

namespace {

// "gpu3" -> "GPU 3", "nic0" -> "NIC 0", "nvswitch" -> "NVSwitch": a part inside a device.
std::string partName(const std::string &part)
{
    const auto numbered = [&](const std::string &prefix, const std::string &label) {
        if (part.rfind(prefix, 0) != 0 || part.size() == prefix.size())
            return std::string();
        return label + " " + part.substr(prefix.size());
    };
    for (const auto &[prefix, label] :
         {std::pair<const char *, const char *>{"gpu", "GPU"}, {"nic", "NIC"}, {"tray", "tray"}}) {
        if (std::string n = numbered(prefix, label); !n.empty())
            return n;
    }
    if (part == "nvswitch")
        return "NVSwitch";
    return part;
}

} // namespace

namespace {

std::optional<Error> nameError(const std::string &name, const std::string &file,
                               const std::string &where, const std::string &what)
{
    if (name.empty())
        return std::nullopt;
    const std::string problem = nameProblem(name);
    if (problem.empty())
        return std::nullopt;
    return Error{file, where, "the " + what + " name " + quoteText(name, 40) + " " + problem};
}

} // namespace

std::optional<Error> checkTopologyNames(const Topology &t, const std::string &file)
{
    for (std::size_t i = 0; i < t.domains.size(); ++i)
        if (auto e = nameError(t.domains[i].name, file,
                               "/topology/domains/" + std::to_string(i) + "/name", "NVLink domain"))
            return e;
    for (std::size_t i = 0; i < t.nodes.size(); ++i)
        if (auto e = nameError(t.nodes[i].name, file,
                               "/topology/nodes/" + std::to_string(i) + "/name", "node"))
            return e;
    for (std::size_t i = 0; i < t.switches.size(); ++i)
        if (auto e = nameError(t.switches[i].name, file,
                               "/topology/switches/" + std::to_string(i) + "/name", "switch"))
            return e;
    return std::nullopt;
}

std::optional<Error> checkProjectNames(const Project &p, const std::string &file)
{
    if (auto e = nameError(p.name, file, "/name", "project"))
        return e;
    if (auto e = nameError(p.revision, file, "/revision", "revision"))
        return e;
    return checkTopologyNames(p.topology, file);
}

std::string displayName(const Topology &topology, const std::string &id)
{
    // A path inside the fabric: "node-3/gpu0->node-3/nvswitch", each end by its name.
    if (const std::size_t arrow = id.find("->"); arrow != std::string::npos) {
        const std::string from = displayName(topology, id.substr(0, arrow));
        const std::string to = displayName(topology, id.substr(arrow + 2));
        const std::size_t device = from.find(' ');
        // Both inside one server: "dgx-3 GPU 0 - NVSwitch".
        if (device != std::string::npos && to.rfind(from.substr(0, device + 1), 0) == 0)
            return from + " - " + to.substr(device + 1);
        return from + " - " + to;
    }
    // A part of a device: "node-3/gpu0" -> "dgx-3 GPU 0".
    if (const std::size_t slash = id.find('/'); slash != std::string::npos)
        return displayName(topology, id.substr(0, slash)) + " " + partName(id.substr(slash + 1));
    if (const Node *n = topology.node(id))
        return n->name.empty() ? n->id : n->name;
    if (const Switch *s = topology.switchById(id))
        return s->name.empty() ? s->id : s->name;
    if (const Domain *d = topology.domain(id))
        return d->name.empty() ? d->id : d->name;
    for (const Link &l : topology.links) {
        if (l.id == id)
            return linkName(topology, l);
    }
    return id;
}

} // namespace topoplan
