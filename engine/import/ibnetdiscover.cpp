#include "engine/import/ibnetdiscover.h"

#include "engine/core/jsonin.h"
#include "engine/import/textscan.h"
#include "engine/model/infiniband.h"

#include <cctype>
#include <map>
#include <unordered_map>

namespace topoplan::ib {

namespace {

using textscan::isDigit;
using textscan::isHex;
using textscan::isSpace;
using textscan::startsWith;
using textscan::trim;

// Reads a line left to right; every read either succeeds and moves on or leaves it.
class Cursor
{
public:
    explicit Cursor(std::string_view s)
        : m_s(s)
    {}
    void skipSpace()
    {
        while (m_i < m_s.size() && isSpace(m_s[m_i]))
            ++m_i;
    }
    bool done() const { return m_i >= m_s.size(); }
    char peek() const { return done() ? '\0' : m_s[m_i]; }
    bool eat(char c)
    {
        if (peek() != c)
            return false;
        ++m_i;
        return true;
    }
    bool eat(std::string_view word)
    {
        if (m_s.substr(m_i, word.size()) != word)
            return false;
        m_i += word.size();
        return true;
    }
    // A decimal number of at most 9 digits.
    std::optional<long> number()
    {
        std::size_t j = m_i;
        long v = 0;
        while (j < m_s.size() && isDigit(m_s[j]) && j - m_i < 9)
            v = v * 10 + (m_s[j++] - '0');
        if (j == m_i || (j < m_s.size() && isDigit(m_s[j])))
            return std::nullopt;
        m_i = j;
        return v;
    }
    // Hex digits (without 0x), at most 16.
    std::optional<std::string_view> hex()
    {
        std::size_t j = m_i;
        while (j < m_s.size() && isHex(m_s[j]) && j - m_i < 16)
            ++j;
        if (j == m_i || (j < m_s.size() && isHex(m_s[j])))
            return std::nullopt;
        std::string_view h = m_s.substr(m_i, j - m_i);
        m_i = j;
        return h;
    }
    // "text": the text between the quotes (no escapes in ibnetdiscover's output).
    std::optional<std::string_view> quoted(char q = '"')
    {
        if (peek() != q)
            return std::nullopt;
        std::size_t end = m_s.find(q, m_i + 1);
        if (end == std::string_view::npos)
            return std::nullopt;
        std::string_view t = m_s.substr(m_i + 1, end - m_i - 1);
        m_i = end + 1;
        return t;
    }
    // (text) of letters, digits and slashes, at most 64: a GUID or a port's label.
    std::optional<std::string_view> parenthesized()
    {
        if (peek() != '(')
            return std::nullopt;
        std::size_t j = m_i + 1;
        while (j < m_s.size() && j - m_i <= 64
               && (std::isalnum(static_cast<unsigned char>(m_s[j])) || m_s[j] == '/'))
            ++j;
        if (j == m_i + 1 || j >= m_s.size() || m_s[j] != ')')
            return std::nullopt;
        std::string_view t = m_s.substr(m_i + 1, j - m_i - 1);
        m_i = j + 1;
        return t;
    }
    std::string_view word()
    {
        std::size_t j = m_i;
        while (j < m_s.size() && !isSpace(m_s[j]))
            ++j;
        std::string_view w = m_s.substr(m_i, j - m_i);
        m_i = j;
        return w;
    }
    std::string_view rest() const { return m_s.substr(std::min(m_i, m_s.size())); }

private:
    std::string_view m_s;
    std::size_t m_i = 0;
};

// "4xNDR" (default format) -> lanes, speed; "??" and "???" leave them unknown.
void parseRate(std::string_view token, int *lanes, std::string *speed)
{
    std::size_t x = token.find('x');
    if (x == std::string_view::npos || x == 0)
        return;
    if (auto l = infiniband::lanesFromWidth(std::string(token.substr(0, x + 1))))
        *lanes = *l;
    std::string s(token.substr(x + 1));
    if (infiniband::speedByName(s))
        *speed = s;
}

bool isRateToken(std::string_view token)
{
    std::size_t x = token.find('x');
    if (x == std::string_view::npos || x == 0 || x > 2)
        return false;
    for (std::size_t i = 0; i < x; ++i)
        if (!isDigit(token[i]))
            return false;
    return x + 1 < token.size();
}

class Parser
{
public:
    Parser(const std::string &file, ImportReport *report)
        : m_file(file)
        , m_report(report)
    {}

    Expected<Fabric> parseDefault(std::string_view text);
    Expected<Fabric> parsePorts(std::string_view text);

private:
    struct Failure
    {
        Error error;
    };
    [[noreturn]] void fail(const std::string &message) const
    {
        throw Failure{Error{m_file, "line " + std::to_string(m_line), message}};
    }

    int nodeFor(NodeType type, std::string_view name, std::string_view desc);
    void addCable(int node, int port, int remote, int remotePort, int lanes,
                  const std::string &speed);
    void ignore(std::string_view line);
    std::uint32_t hexValue(std::string_view line, std::string_view key);
    void header(std::string_view line, NodeType type, std::size_t keyword);
    void portLine(std::string_view line);
    void portListLine(std::string_view line);

    std::string m_file;
    ImportReport *m_report;
    int m_line = 0;
    Fabric m_fabric;
    std::unordered_map<std::string, int> m_byName;
    // Each cable end once: (node, port) -> index into m_fabric.cables and the far end.
    struct End
    {
        int cable;
        int remote;
        int remotePort;
    };
    std::map<std::pair<int, int>, End> m_ends;
    // The port listing names an adapter by its port's GUID. A multi-port adapter of one node
    // GUID (ConnectX-3: node G, port p's GUID G + p) shows one GUID a port: (description,
    // GUID - port) -> the adapter, so its ports are one node, as in the default format.
    std::map<std::pair<std::string, std::uint64_t>, int> m_caByBase;
    int m_current = -1; // the node whose record the lines belong to
    std::optional<std::uint32_t> m_devid, m_vendid;
    int m_ignored = 0;
};

int Parser::nodeFor(NodeType type, std::string_view name, std::string_view desc)
{
    auto it = m_byName.find(std::string(name));
    if (it != m_byName.end()) {
        Node &n = m_fabric.nodes[it->second];
        if (n.type != type)
            fail("\"" + cleanText(name) + "\" is named as a "
                 + (type == NodeType::Switch ? "switch" : "channel adapter") + " here but line "
                 + std::to_string(n.line) + " made it a "
                 + (n.type == NodeType::Switch ? "switch" : "channel adapter"));
        if (n.desc.empty())
            n.desc = std::string(desc);
        return it->second;
    }
    Node n;
    n.type = type;
    n.name = std::string(name);
    n.desc = std::string(desc);
    n.line = m_line;
    m_fabric.nodes.push_back(std::move(n));
    const int index = static_cast<int>(m_fabric.nodes.size()) - 1;
    m_byName.emplace(std::string(name), index);
    return index;
}

void Parser::addCable(int node, int port, int remote, int remotePort, int lanes,
                      const std::string &speed)
{
    const std::pair<int, int> here{node, port}, there{remote, remotePort};
    auto describe = [&](int n, int p) {
        const Node &d = m_fabric.nodes[n];
        return "port " + std::to_string(p) + " of \"" + cleanText(d.name) + "\""
               + (d.desc.empty() ? "" : " (" + quoteText(d.desc) + ")");
    };
    auto mine = m_ends.find(here);
    if (mine != m_ends.end()) {
        if (mine->second.remote != remote || mine->second.remotePort != remotePort)
            fail(describe(node, port) + " is cabled to " + describe(remote, remotePort)
                 + " here, but line " + std::to_string(m_fabric.cables[mine->second.cable].line)
                 + " cables it to " + describe(mine->second.remote, mine->second.remotePort));
        Cable &c = m_fabric.cables[mine->second.cable];
        if (!c.lanes)
            c.lanes = lanes;
        if (c.speed.empty())
            c.speed = speed;
        return;
    }
    auto theirs = m_ends.find(there);
    if (theirs != m_ends.end())
        fail(describe(remote, remotePort) + " is cabled to "
             + describe(theirs->second.remote, theirs->second.remotePort) + " by line "
             + std::to_string(m_fabric.cables[theirs->second.cable].line) + ", not to "
             + describe(node, port));
    Cable c;
    c.a = node;
    c.aPort = port;
    c.b = remote;
    c.bPort = remotePort;
    c.lanes = lanes;
    c.speed = speed;
    c.line = m_line;
    m_fabric.cables.push_back(std::move(c));
    const int index = static_cast<int>(m_fabric.cables.size()) - 1;
    m_ends.emplace(here, End{index, remote, remotePort});
    if (here != there)
        m_ends.emplace(there, End{index, node, port});
}

void Parser::ignore(std::string_view line)
{
    // A tool's error message or a wrapper's banner: noted, at most a few times each file.
    if (++m_ignored <= 20)
        m_report->note(ImportNote::Kind::Unmapped, m_file, m_line,
                       "not part of ibnetdiscover's output, skipped: " + quoteText(line, 80));
    else if (m_ignored == 21)
        m_report->note(ImportNote::Kind::Unmapped, m_file, m_line,
                       "more lines that are no part of ibnetdiscover's output skipped");
}

std::uint32_t Parser::hexValue(std::string_view line, std::string_view key)
{
    Cursor c(line.substr(key.size()));
    if (!c.eat("0x") && !c.eat("0X"))
        fail("expected a hexadecimal number after \"" + std::string(key) + "\" (as 0x2c9), found "
             + quoteText(c.rest()));
    auto h = c.hex();
    if (!h)
        fail("expected a hexadecimal number after \"" + std::string(key) + "0x\", found "
             + quoteText(c.rest()));
    if (h->size() > 8)
        return 0; // a GUID: kept by name only
    return static_cast<std::uint32_t>(std::stoul(std::string(*h), nullptr, 16));
}

void Parser::header(std::string_view line, NodeType type, std::size_t keyword)
{
    Cursor c(line.substr(keyword));
    c.skipSpace();
    auto ports = c.number();
    if (!ports || *ports < 1 || *ports > kMaxPorts)
        fail("expected the number of ports (1 to 255) after \""
             + std::string(line.substr(0, keyword)) + "\", found " + quoteText(c.rest()));
    c.skipSpace();
    auto name = c.quoted();
    if (!name || name->empty())
        fail("expected the node's quoted name (as \"S-0002c903004e1a40\") after the port "
             "count, found "
             + quoteText(c.rest()));
    c.skipSpace();
    std::string desc;
    if (c.eat('#')) {
        c.skipSpace();
        if (auto d = c.quoted())
            desc = std::string(*d);
    }
    const int n = nodeFor(type, *name, desc);
    Node &node = m_fabric.nodes[n];
    if (node.declared)
        fail("a second record for \"" + cleanText(*name) + "\" (the first is on line "
             + std::to_string(node.line) + ")");
    if (node.ports > *ports)
        fail("\"" + cleanText(*name) + "\" has " + std::to_string(*ports)
             + " ports here, but a neighbour names its port " + std::to_string(node.ports));
    node.declared = true;
    node.line = m_line;
    node.ports = static_cast<int>(*ports);
    if (!desc.empty())
        node.desc = desc;
    node.devid = m_devid;
    node.vendid = m_vendid;
    m_devid.reset();
    m_vendid.reset();
    m_current = n;
}

void Parser::portLine(std::string_view line)
{
    if (m_current < 0)
        fail("a port line outside a Switch, Ca or Rt record: expected the record's header first");
    Cursor c(line);
    c.eat('[');
    auto port = c.number();
    if (!port || !c.eat(']'))
        fail("expected a port line as [1] \"S-0002c903004e1a40\"[7], found " + quoteText(line));
    const int ports = m_fabric.nodes[m_current].ports;
    if (*port < 1 || *port > ports)
        fail("port " + std::to_string(*port) + " of \"" + cleanText(m_fabric.nodes[m_current].name)
             + "\", which has " + std::to_string(ports) + " ports (line "
             + std::to_string(m_fabric.nodes[m_current].line) + ")");
    // ibnetdiscover writes an adapter port's GUID in parentheses. ibdiagnet's copy of the file
    // (the .ibnetdiscover it writes, what most UFM sites keep) puts the port's label first: the
    // switch's ASIC/cage/port[/split] on Quantum-2 ("(1/3/2)"), port[/split] on Quantum
    // ("(12)", "(12/2)"), the adapter's PCI address ("(B23D0F0/0/0/1)"), then the GUID.
    for (int i = 0; i < 2 && c.peek() == '('; ++i) {
        if (!c.parenthesized())
            fail("expected the port's label (as (1/3/2)) or GUID in parentheses after ["
                 + std::to_string(*port) + "], found " + quoteText(c.rest()));
    }
    if (c.eat("[ext ")) {
        if (!c.number() || !c.eat(']'))
            fail("expected [ext N] after the port number");
    }
    c.skipSpace();
    auto remote = c.quoted();
    if (!remote || remote->size() < 3 || (*remote)[1] != '-')
        fail("expected the remote node's quoted name (as \"S-0002c903004e1a40\"), found "
             + quoteText(c.rest()));
    NodeType type = NodeType::Ca;
    switch ((*remote)[0]) {
    case 'S':
        type = NodeType::Switch;
        break;
    case 'H':
        type = NodeType::Ca;
        break;
    case 'R':
        type = NodeType::Router;
        break;
    default:
        fail("expected a remote node named S-, H- or R- followed by its GUID, found \""
             + cleanText(*remote) + "\"");
    }
    auto remotePort = c.eat('[') ? c.number() : std::nullopt;
    if (!remotePort || !c.eat(']') || *remotePort < 1 || *remotePort > kMaxPorts)
        fail("expected the remote port number in brackets (1 to 255) after \"" + cleanText(*remote)
             + "\"");
    if (c.eat("[ext ")) {
        if (!c.number() || !c.eat(']'))
            fail("expected [ext N] after the remote port number");
    }
    c.skipSpace();
    for (int i = 0; i < 2 && c.peek() == '('; ++i) {
        if (!c.parenthesized())
            fail("expected the remote port's label or GUID in parentheses, found "
                 + quoteText(c.rest()));
    }
    c.skipSpace();
    std::string desc;
    int lanes = 0;
    std::string speed;
    if (c.eat('#')) {
        std::string_view comment = c.rest();
        // The remote description is the last quoted text; the rate follows it.
        std::size_t close = comment.rfind('"');
        std::size_t open = close == std::string_view::npos || close == 0
                                   ? std::string_view::npos
                                   : comment.rfind('"', close - 1);
        if (open != std::string_view::npos)
            desc = std::string(comment.substr(open + 1, close - open - 1));
        Cursor tail(close == std::string_view::npos ? comment : comment.substr(close + 1));
        while (true) {
            tail.skipSpace();
            if (tail.done())
                break;
            std::string_view w = tail.word();
            if (isRateToken(w)) {
                parseRate(w, &lanes, &speed);
                break;
            }
        }
    } else if (!c.done()) {
        fail("expected a comment (# ...) or the end of the line after the remote port, found "
             + quoteText(c.rest()));
    }
    const int r = nodeFor(type, *remote, desc);
    Node &rn = m_fabric.nodes[r];
    if (rn.declared && *remotePort > rn.ports)
        fail("port " + std::to_string(*remotePort) + " of \"" + cleanText(rn.name)
             + "\", which has " + std::to_string(rn.ports) + " ports (line "
             + std::to_string(rn.line) + ")");
    if (!rn.declared)
        rn.ports = std::max(rn.ports, static_cast<int>(*remotePort));
    addCable(m_current, static_cast<int>(*port), r, static_cast<int>(*remotePort), lanes, speed);
}

Expected<Fabric> Parser::parseDefault(std::string_view text)
{
    m_fabric.format = "ibnetdiscover";
    try {
        std::size_t pos = 0;
        while (pos < text.size()) {
            std::size_t end = text.find('\n', pos);
            if (end == std::string_view::npos)
                end = text.size();
            std::string_view raw = text.substr(pos, end - pos);
            pos = end + 1;
            ++m_line;
            std::string_view line = trim(raw);
            if (line.empty()) {
                m_current = -1;
                continue;
            }
            if (line.front() == '#')
                continue;
            if (line.front() == '[') {
                portLine(line);
                continue;
            }
            m_current = -1;
            if (startsWith(line, "vendid=")) {
                m_vendid = hexValue(line, "vendid=");
            } else if (startsWith(line, "devid=")) {
                m_devid = hexValue(line, "devid=");
            } else if (startsWith(line, "sysimgguid=")) {
                hexValue(line, "sysimgguid=");
            } else if (startsWith(line, "switchguid=")) {
                hexValue(line, "switchguid=");
            } else if (startsWith(line, "caguid=")) {
                hexValue(line, "caguid=");
            } else if (startsWith(line, "rtguid=")) {
                hexValue(line, "rtguid=");
            } else if (startsWith(line, "Switch") && line.size() > 6 && isSpace(line[6])) {
                header(line, NodeType::Switch, 6);
            } else if (startsWith(line, "Ca") && line.size() > 2 && isSpace(line[2])) {
                header(line, NodeType::Ca, 2);
            } else if (startsWith(line, "Rt") && line.size() > 2 && isSpace(line[2])) {
                header(line, NodeType::Router, 2);
            } else if (startsWith(line, "Chassis") || startsWith(line, "Non-Chassis Nodes")
                       || startsWith(line, "Hostname:")) {
                // Grouping headings of `ibnetdiscover -g`: the records follow as usual.
            } else {
                ignore(line);
            }
        }
    } catch (const Failure &f) {
        return f.error;
    }
    return std::move(m_fabric);
}

void Parser::portListLine(std::string_view line)
{
    Cursor c(line);
    auto typeOf = [&](std::string_view t) -> std::optional<NodeType> {
        if (t == "SW")
            return NodeType::Switch;
        if (t == "CA")
            return NodeType::Ca;
        if (t == "RT")
            return NodeType::Router;
        return std::nullopt;
    };
    struct PortRef
    {
        NodeType type;
        long port;
        std::string guid;
    };
    auto ref = [&](const char *what) -> PortRef {
        c.skipSpace();
        std::string_view t = c.word();
        auto type = typeOf(t);
        if (!type)
            fail(std::string("expected the ") + what + " node type (SW, CA or RT), found "
                 + quoteText(t));
        c.skipSpace();
        if (!c.number())
            fail(std::string("expected the ") + what + " LID after " + std::string(t));
        c.skipSpace();
        auto port = c.number();
        if (!port || *port < 1 || *port > kMaxPorts)
            fail(std::string("expected the ") + what + " port number (1 to 255)");
        c.skipSpace();
        if (!c.eat("0x"))
            fail(std::string("expected the ") + what + " port GUID (0x...)");
        auto guid = c.hex();
        if (!guid)
            fail(std::string("expected the ") + what + " port GUID in hexadecimal");
        return PortRef{*type, *port, std::string(*guid)};
    };
    auto name = [](const PortRef &r) {
        const char *prefix
                = r.type == NodeType::Switch ? "S-" : (r.type == NodeType::Ca ? "H-" : "R-");
        std::string g = r.guid;
        if (g.size() < 16)
            g = std::string(16 - g.size(), '0') + g;
        return prefix + g;
    };
    // The node a port belongs to; it has at least that many ports.
    auto node = [&](const PortRef &r, std::string_view desc) {
        int n = -1;
        std::pair<std::string, std::uint64_t> base;
        if (r.type == NodeType::Ca) {
            base = {std::string(desc), std::stoull(r.guid, nullptr, 16) - std::uint64_t(r.port)};
            auto it = m_caByBase.find(base);
            if (it != m_caByBase.end())
                n = it->second;
        }
        if (n < 0) {
            n = nodeFor(r.type, name(r), desc);
            if (r.type == NodeType::Ca)
                m_caByBase.emplace(base, n);
        }
        Node &node = m_fabric.nodes[n];
        node.ports = std::max(node.ports, static_cast<int>(r.port));
        node.declared = true;
        return n;
    };
    PortRef local = ref("local");
    c.skipSpace();
    std::string_view width = c.word();
    c.skipSpace();
    std::string_view speedWord = c.word();
    int lanes = 0;
    std::string speed;
    if (auto l = infiniband::lanesFromWidth(std::string(width)))
        lanes = *l;
    if (infiniband::speedByName(std::string(speedWord)))
        speed = std::string(speedWord);
    c.skipSpace();
    if (!c.eat('-')) {
        // An unconnected port: "SW 73 40 0x... 4x ??? 'description'". It still counts among
        // the node's ports (a switch's highest ports are often the uncabled ones).
        c.skipSpace();
        auto desc = c.quoted('\'');
        node(local, desc ? *desc : std::string_view());
        return;
    }
    PortRef remote = ref("remote");
    c.skipSpace();
    if (!c.eat('('))
        fail("expected the two node descriptions as ( 'a' - 'b' ), found " + quoteText(c.rest()));
    c.skipSpace();
    auto a = c.quoted('\'');
    c.skipSpace();
    bool dash = c.eat('-');
    c.skipSpace();
    auto b = c.quoted('\'');
    if (!a || !dash || !b)
        fail("expected the two node descriptions as ( 'a' - 'b' ), found " + quoteText(c.rest()));
    const int ln = node(local, *a);
    const int rn = node(remote, *b);
    addCable(ln, static_cast<int>(local.port), rn, static_cast<int>(remote.port), lanes, speed);
}

Expected<Fabric> Parser::parsePorts(std::string_view text)
{
    m_fabric.format = "ibnetdiscover -p";
    try {
        std::size_t pos = 0;
        while (pos < text.size()) {
            std::size_t end = text.find('\n', pos);
            if (end == std::string_view::npos)
                end = text.size();
            std::string_view line = trim(text.substr(pos, end - pos));
            pos = end + 1;
            ++m_line;
            if (line.empty() || line.front() == '#')
                continue;
            if (startsWith(line, "SW ") || startsWith(line, "CA ") || startsWith(line, "RT ")
                || startsWith(line, "SW\t") || startsWith(line, "CA\t") || startsWith(line, "RT\t"))
                portListLine(line);
            else
                ignore(line);
        }
    } catch (const Failure &f) {
        return f.error;
    }
    return std::move(m_fabric);
}

// The first line that is neither empty nor a comment.
std::string_view firstContentLine(std::string_view text, int maxLines)
{
    std::size_t pos = 0;
    for (int i = 0; i < maxLines && pos < text.size(); ++i) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        if (!line.empty() && line.front() != '#')
            return line;
    }
    return {};
}

bool isPortListLine(std::string_view line)
{
    if (!(startsWith(line, "SW") || startsWith(line, "CA") || startsWith(line, "RT")))
        return false;
    Cursor c(line.substr(2));
    if (!isSpace(c.peek()))
        return false;
    c.skipSpace();
    if (!c.number())
        return false;
    c.skipSpace();
    if (!c.number())
        return false;
    c.skipSpace();
    return c.eat("0x");
}

} // namespace

bool looksLikeIbnetdiscover(std::string_view text)
{
    if (text.find("# Topology file: generated") != std::string_view::npos)
        return true;
    std::string_view first = firstContentLine(text, 50);
    return startsWith(first, "vendid=") || startsWith(first, "Switch")
           || startsWith(first, "Non-Chassis") || isPortListLine(first);
}

namespace {

Expected<Fabric> parseAnyFormat(std::string_view text, const std::string &file,
                                ImportReport *report);

// A director switch (CS7500, CS8500: a chassis of line and spine blades, each blade one or two
// switch ASICs joined through the backplane) shows in the fabric as one switch per ASIC, with
// the chassis named in every ASIC's description: "MF0;core-1:MCS8500/L07/U1" is ASIC 1 of line
// blade 7, ".../S03/U2" ASIC 2 of spine blade 3. The chassis is one switch to its users and to
// a bill of materials: its ASICs become one switch, its ports the line ASICs' ports that do
// not lead to the chassis' own spine ASICs, and the links between them its backplane, no
// cables.
struct DirectorAsic
{
    std::string chassis, model;
    char blade = 'L'; // L(ine) or S(pine)
    int slot = 0, unit = 0;
};

std::optional<DirectorAsic> directorAsic(const Node &n)
{
    if (n.type != NodeType::Switch || !startsWith(n.desc, "MF0;"))
        return std::nullopt;
    const std::size_t colon = n.desc.find(':', 4);
    if (colon == std::string::npos)
        return std::nullopt;
    DirectorAsic a;
    a.chassis = n.desc.substr(4, colon - 4);
    std::string_view rest = std::string_view(n.desc).substr(colon + 1);
    const std::size_t s1 = rest.find('/');
    const std::size_t s2 = s1 == std::string_view::npos ? s1 : rest.find('/', s1 + 1);
    if (s2 == std::string_view::npos || a.chassis.empty())
        return std::nullopt;
    a.model = std::string(rest.substr(0, s1));
    std::string_view blade = rest.substr(s1 + 1, s2 - s1 - 1);
    std::string_view unit = rest.substr(s2 + 1);
    if (blade.size() < 2 || (blade[0] != 'L' && blade[0] != 'S') || unit.size() < 2
        || unit[0] != 'U')
        return std::nullopt;
    // A blade or unit number is a few digits ("L12", "U2"); a longer one names no ASIC of a
    // director, and would not fit an int.
    for (std::string_view digits : {blade.substr(1), unit.substr(1)}) {
        if (digits.size() > 4)
            return std::nullopt;
        for (char c : digits)
            if (!isDigit(c))
                return std::nullopt;
    }
    a.blade = blade[0];
    a.slot = std::stoi(std::string(blade.substr(1)));
    a.unit = std::stoi(std::string(unit.substr(1)));
    return a;
}

void mergeDirectors(Fabric *f, const std::string &file, ImportReport *report)
{
    std::map<std::string, std::vector<int>> asicsOf; // chassis -> its ASICs' nodes
    std::vector<std::optional<DirectorAsic>> asic(f->nodes.size());
    for (std::size_t i = 0; i < f->nodes.size(); ++i) {
        asic[i] = directorAsic(f->nodes[i]);
        if (asic[i])
            asicsOf[asic[i]->chassis].push_back(int(i));
    }
    for (auto it = asicsOf.begin(); it != asicsOf.end();) {
        bool spine = false;
        for (int n : it->second)
            spine = spine || asic[n]->blade == 'S';
        // Only a chassis with spine blades and line blades is a director.
        it = it->second.size() < 2 || !spine ? asicsOf.erase(it) : std::next(it);
    }
    if (asicsOf.empty())
        return;
    std::vector<int> chassisOf(f->nodes.size(), -1);
    std::vector<std::string> names;
    for (const auto &[name, nodes] : asicsOf) {
        for (int n : nodes)
            chassisOf[n] = int(names.size());
        names.push_back(name);
    }
    // Internal ports: those cabled to an ASIC of the same chassis; cabled: any cable at all.
    std::vector<std::vector<char>> internal(f->nodes.size()), cabled(f->nodes.size());
    std::vector<int> backplane(names.size(), 0);
    for (const Cable &c : f->cables) {
        for (auto [n, p] : {std::pair{c.a, c.aPort}, std::pair{c.b, c.bPort}}) {
            if (chassisOf[n] < 0)
                continue;
            cabled[n].resize(f->nodes[n].ports + 1, 0);
            cabled[n][p] = 1;
        }
        // A port to an ASIC's SHARP aggregation node is no front-panel port either.
        for (auto [n, other, p] : {std::tuple{c.a, c.b, c.aPort}, std::tuple{c.b, c.a, c.bPort}})
            if (chassisOf[n] >= 0
                && f->nodes[other].desc.find("Aggregation Node") != std::string::npos) {
                internal[n].resize(f->nodes[n].ports + 1, 0);
                internal[n][p] = 1;
            }
        if (chassisOf[c.a] < 0 || chassisOf[c.a] != chassisOf[c.b])
            continue;
        ++backplane[chassisOf[c.a]];
        for (auto [n, p] : {std::pair{c.a, c.aPort}, std::pair{c.b, c.bPort}}) {
            internal[n].resize(f->nodes[n].ports + 1, 0);
            internal[n][p] = 1;
        }
    }
    // The director's ports: each line ASIC's ports in blade order, those that lead to the
    // backplane (on the ASIC with the most of them, as every line ASIC of a chassis has as
    // many) left out; a spine ASIC's port cabled outside the chassis is counted too.
    std::vector<int> director(names.size(), -1);
    std::map<std::pair<int, int>, int> portOf; // (ASIC node, port) -> director port
    for (std::size_t d = 0; d < names.size(); ++d) {
        std::vector<int> asics = asicsOf[names[d]];
        std::sort(asics.begin(), asics.end(), [&](int a, int b) {
            return std::make_tuple(asic[a]->blade, asic[a]->slot, asic[a]->unit)
                   < std::make_tuple(asic[b]->blade, asic[b]->slot, asic[b]->unit);
        });
        std::size_t mostInternal = 0;
        for (int n : asics)
            if (asic[n]->blade == 'L')
                mostInternal = std::max<std::size_t>(
                        mostInternal, std::count(internal[n].begin(), internal[n].end(), 1));
        int next = 0;
        for (int n : asics) {
            internal[n].resize(f->nodes[n].ports + 1, 0);
            cabled[n].resize(f->nodes[n].ports + 1, 0);
            // Every port cabled outside the chassis, and as many of the uncabled ones as make
            // the line ASIC's share of the front panel.
            int outside = 0;
            for (int p = 1; p <= f->nodes[n].ports; ++p)
                outside += cabled[n][p] && !internal[n][p] ? 1 : 0;
            int spare = asic[n]->blade == 'L'
                                ? std::max(0, f->nodes[n].ports - int(mostInternal) - outside)
                                : 0;
            for (int p = 1; p <= f->nodes[n].ports; ++p) {
                if (internal[n][p])
                    continue;
                if (cabled[n][p])
                    portOf[{n, p}] = ++next;
                else if (spare > 0) {
                    portOf[{n, p}] = ++next;
                    --spare;
                }
            }
        }
        const Node &first = f->nodes[asics.front()];
        Node merged;
        merged.type = NodeType::Switch;
        merged.name = first.name;
        merged.desc = "MF0;" + names[d] + ":" + asic[asics.front()]->model;
        merged.ports = next;
        merged.devid = first.devid;
        merged.vendid = first.vendid;
        merged.line = first.line;
        merged.declared = true;
        director[d] = int(f->nodes.size());
        f->nodes.push_back(merged); // `first` refers into the nodes no more
        const int line = merged.line;
        int lines = 0, spines = 0;
        for (int n : asics)
            (asic[n]->blade == 'L' ? lines : spines) += 1;
        if (report)
            report->note(ImportNote::Kind::Assumed, file, line,
                         "director switch " + names[d] + " (" + asic[asics.front()]->model
                                 + "): its " + std::to_string(lines) + " line and "
                                 + std::to_string(spines) + " spine ASICs taken as one switch of "
                                 + std::to_string(next) + " ports; the "
                                 + std::to_string(backplane[d])
                                 + " links between them are its backplane, not cables");
    }
    // The cables, re-pointed at the directors; the backplane's dropped, and the aggregation
    // nodes' (they are part of their ASIC; the fabric import notes them). Then the ASICs go.
    std::vector<Cable> cables;
    for (Cable c : f->cables) {
        const int ca = chassisOf[c.a], cb = chassisOf[c.b];
        if (ca >= 0 && ca == cb)
            continue;
        bool lost = false;
        for (auto [node, port, d] :
             {std::tuple{&c.a, &c.aPort, ca}, std::tuple{&c.b, &c.bPort, cb}}) {
            if (d < 0)
                continue;
            auto it = portOf.find({*node, *port});
            if (it == portOf.end()) {
                lost = true;
                break;
            }
            *node = director[d];
            *port = it->second;
        }
        if (!lost)
            cables.push_back(c);
    }
    std::vector<int> index(f->nodes.size(), -1);
    std::vector<Node> nodes;
    for (std::size_t i = 0; i < f->nodes.size(); ++i) {
        if (chassisOf.size() > i && chassisOf[i] >= 0)
            continue;
        index[i] = int(nodes.size());
        nodes.push_back(std::move(f->nodes[i]));
    }
    for (Cable &c : cables) {
        c.a = index[c.a];
        c.b = index[c.b];
    }
    f->nodes = std::move(nodes);
    f->cables = std::move(cables);
}

} // namespace

Expected<Fabric> parseIbnetdiscover(std::string_view text, const std::string &file,
                                    ImportReport *report)
{
    Expected<Fabric> f = parseAnyFormat(text, file, report);
    if (f)
        mergeDirectors(&*f, file, report);
    return f;
}

namespace {

Expected<Fabric> parseAnyFormat(std::string_view text, const std::string &file,
                                ImportReport *report)
{
    Parser parser(file, report);
    // The port listing has no records; its lines start with the node type and LID.
    std::size_t pos = 0;
    for (int i = 0; i < 200 && pos < text.size(); ++i) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        if (line.empty() || line.front() == '#')
            continue;
        if (isPortListLine(line))
            return parser.parsePorts(text);
        if (startsWith(line, "vendid=") || startsWith(line, "Switch") || startsWith(line, "Ca")
            || startsWith(line, "[") || startsWith(line, "Non-Chassis"))
            break;
    }
    return parser.parseDefault(text);
}

} // namespace

} // namespace topoplan::ib
