#include "engine/import/serverfile.h"

#include "engine/core/jsonin.h"
#include "engine/generate/generatorlayout.h"
#include "engine/import/fabricimport.h"
#include "engine/import/textscan.h"
#include "engine/io/projectfile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace topoplan {

namespace {

using textscan::hexId;
using textscan::isSpace;
using textscan::trim;

using Kind = ImportNote::Kind;

// ---- A small XML reader: elements, attributes, comments, declarations; no DTD, no entities
// beyond the five predefined ones. Bounded: nesting, elements and attributes are limited.

struct XmlElement
{
    std::string name;
    std::map<std::string, std::string> attributes;
    std::vector<int> children;
    int parent = -1;
    int line = 0;
    std::string attr(const std::string &key) const
    {
        auto it = attributes.find(key);
        return it == attributes.end() ? std::string() : it->second;
    }
};

constexpr int kMaxXmlDepth = 64;
constexpr std::size_t kMaxXmlElements = 200'000;
constexpr std::size_t kMaxXmlAttributes = 64;

class XmlReader
{
public:
    XmlReader(std::string_view text, const std::string &file)
        : m_s(text)
        , m_file(file)
    {}

    // Every element, the root first.
    Expected<std::vector<XmlElement>> read()
    {
        try {
            parse();
        } catch (const Error &e) {
            return e;
        }
        return std::move(m_elements);
    }

private:
    [[noreturn]] void fail(const std::string &message) const
    {
        throw Error{m_file, "line " + std::to_string(m_line), message};
    }
    char peek(std::size_t k = 0) const { return m_i + k < m_s.size() ? m_s[m_i + k] : '\0'; }
    void advance(std::size_t n = 1)
    {
        for (std::size_t k = 0; k < n && m_i < m_s.size(); ++k)
            if (m_s[m_i++] == '\n')
                ++m_line;
    }
    bool startsWith(std::string_view w) const { return m_s.substr(m_i, w.size()) == w; }
    void skipTo(std::string_view end, const char *what)
    {
        std::size_t at = m_s.find(end, m_i);
        if (at == std::string_view::npos)
            fail(std::string("unterminated ") + what + ": expected \"" + std::string(end) + "\"");
        advance(at + end.size() - m_i);
    }
    static bool nameChar(char c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
               || c == '_' || c == '-' || c == ':' || c == '.';
    }
    std::string name()
    {
        std::size_t start = m_i;
        while (nameChar(peek()))
            advance();
        if (m_i == start)
            fail("expected a tag or attribute name, found " + quoteText(m_s.substr(m_i, 20)));
        return std::string(m_s.substr(start, m_i - start));
    }
    void skipSpace()
    {
        while (isSpace(peek()))
            advance();
    }
    std::string value()
    {
        const char q = peek();
        if (q != '"' && q != '\'')
            fail("expected a quoted attribute value, found " + quoteText(m_s.substr(m_i, 20)));
        advance();
        std::string v;
        while (peek() != q) {
            if (m_i >= m_s.size())
                fail("unterminated attribute value");
            if (peek() == '<')
                fail("'<' inside an attribute value");
            if (peek() == '&') {
                static const std::pair<const char *, char> kEntities[] = {{"&amp;", '&'},
                                                                          {"&lt;", '<'},
                                                                          {"&gt;", '>'},
                                                                          {"&quot;", '"'},
                                                                          {"&apos;", '\''}};
                bool known = false;
                for (const auto &[e, c] : kEntities)
                    if (startsWith(e)) {
                        v += c;
                        advance(std::string_view(e).size());
                        known = true;
                        break;
                    }
                if (!known)
                    fail("unknown entity in an attribute value (expected &amp; &lt; &gt; &quot; "
                         "or &apos;)");
                continue;
            }
            v += peek();
            advance();
        }
        advance();
        return v;
    }
    void parse()
    {
        std::vector<int> stack;
        bool rootClosed = false;
        while (m_i < m_s.size()) {
            if (peek() != '<') {
                if (!isSpace(peek()) && stack.empty())
                    fail("text outside the root element: expected '<'");
                advance();
                continue;
            }
            if (startsWith("<!--")) {
                skipTo("-->", "comment");
                continue;
            }
            if (startsWith("<?")) {
                skipTo("?>", "declaration");
                continue;
            }
            if (startsWith("<!")) {
                fail("a document type declaration or CDATA section: not expected in an NCCL "
                     "topology file");
            }
            if (startsWith("</")) {
                advance(2);
                const std::string n = name();
                skipSpace();
                if (peek() != '>')
                    fail("expected '>' after </" + n);
                advance();
                if (stack.empty() || m_elements[stack.back()].name != n)
                    fail("</" + n + "> closes "
                         + (stack.empty() ? std::string("nothing")
                                          : "<" + m_elements[stack.back()].name + "> (line "
                                                    + std::to_string(m_elements[stack.back()].line)
                                                    + ")"));
                stack.pop_back();
                rootClosed = stack.empty();
                continue;
            }
            advance();
            if (rootClosed)
                fail("a second root element: expected one <system>");
            XmlElement e;
            e.line = m_line;
            e.name = name();
            while (true) {
                skipSpace();
                if (peek() == '/' || peek() == '>')
                    break;
                if (m_i >= m_s.size())
                    fail("unterminated tag <" + e.name + ">");
                std::string key = name();
                skipSpace();
                if (peek() != '=')
                    fail("expected '=' after attribute " + key);
                advance();
                skipSpace();
                if (e.attributes.size() >= kMaxXmlAttributes)
                    fail("more than 64 attributes on <" + e.name + ">");
                if (!e.attributes.emplace(key, value()).second)
                    fail("attribute " + key + " given twice on <" + e.name + ">");
            }
            if (m_elements.size() >= kMaxXmlElements)
                fail("more than 200,000 elements: not an NCCL topology");
            e.parent = stack.empty() ? -1 : stack.back();
            const int index = static_cast<int>(m_elements.size());
            if (e.parent >= 0)
                m_elements[e.parent].children.push_back(index);
            m_elements.push_back(std::move(e));
            if (peek() == '/') {
                advance();
                if (peek() != '>')
                    fail("expected '>' after '/'");
                advance();
                rootClosed = stack.empty();
                continue;
            }
            advance(); // '>'
            stack.push_back(index);
            if (stack.size() > kMaxXmlDepth)
                fail("elements nested deeper than 64 levels");
        }
        if (!stack.empty())
            fail("<" + m_elements[stack.back()].name + "> (line "
                 + std::to_string(m_elements[stack.back()].line) + ") is never closed");
        if (m_elements.empty())
            fail("no element: expected <system>");
    }

    std::string_view m_s;
    std::string m_file;
    std::size_t m_i = 0;
    int m_line = 1;
    std::vector<XmlElement> m_elements;
};

long hexNumber(const std::string &s)
{
    if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
        return -1;
    long v = 0;
    for (std::size_t i = 2; i < s.size() && i < 12; ++i) {
        const char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

double leadingNumber(const std::string &s)
{
    try {
        std::size_t used = 0;
        double v = std::stod(s, &used);
        return used > 0 && std::isfinite(v) ? v : 0;
    } catch (const std::exception &) {
        return 0;
    }
}

bool pciClassIs(const XmlElement &e, long prefix16)
{
    const long c = hexNumber(e.attr("class"));
    return c >= 0 && (c >> 8) == prefix16;
}

// Where GPUs joined directly come in groups of `peers` + 1 (bridged cards), the first GPU
// joined to one outside its block of consecutive GPUs ("GPU0 with GPU4"); empty when every
// group is such a block, or there are no groups.
std::string groupsOutOfOrder(const std::vector<std::vector<int>> &peersOf, int peers,
                             const std::vector<std::string> &names)
{
    if (peers <= 0)
        return {};
    for (std::size_t g = 0; g < peersOf.size(); ++g) {
        for (int h : peersOf[g]) {
            if (h >= 0 && static_cast<std::size_t>(h) < names.size()
                && static_cast<int>(g) / (peers + 1) != h / (peers + 1))
                return names[g] + " with " + names[h];
        }
    }
    return {};
}

// A file pasted from a terminal, a ticket or a chat keeps what surrounded the output: the
// shell prompt and command ("root@gpu01:~# cat topo.xml"), a Markdown fence ("```xml"), a
// line of a tool's own report. Those lines before an XML document's first element (however many)
// and after its root element closes are blanked, the line numbers kept.
std::string withoutSurroundingLines(std::string_view text)
{
    std::string out(text);
    std::size_t pos = 0;
    // However many lines of a session or a ticket come before the XML.
    while (pos < out.size()) {
        std::size_t end = out.find('\n', pos);
        if (end == std::string::npos)
            end = out.size();
        std::string_view line = trim(std::string_view(out).substr(pos, end - pos));
        if (!line.empty() && line.front() == '<')
            break;
        for (std::size_t k = pos; k < end; ++k)
            if (out[k] != '\r')
                out[k] = ' ';
        pos = end + 1;
    }
    for (const char *close : {"</system>", "</graphs>"}) {
        std::size_t at = out.rfind(close);
        if (at == std::string::npos)
            continue;
        for (std::size_t k = at + std::string_view(close).size(); k < out.size(); ++k)
            if (out[k] != '\n' && out[k] != '\r')
                out[k] = ' ';
        break;
    }
    return out;
}

// A terminal's escape sequences (ESC [ parameters, a final letter): nvidia-smi underlines its
// header when it writes to a terminal, and a copy of the terminal keeps them. Any other ESC
// is dropped on its own, so the result never holds one (callers rely on that).
std::string withoutEscapes(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            std::size_t j = i + 2;
            while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == ';'))
                ++j;
            if (j < text.size() && std::isalpha(static_cast<unsigned char>(text[j]))) {
                i = j;
                continue;
            }
        }
        if (text[i] != '\x1b')
            out.push_back(text[i]);
    }
    return out;
}

} // namespace

namespace {

// A matrix's header line ("GPU0 GPU1 NIC0 CPU Affinity ..."), not the row of GPU0: its second
// cell names a device or the affinity columns, where a row's holds X, SYS, NV# and the like.
bool isHeader(const std::vector<std::string> &cells, const std::vector<std::string> &columns)
{
    if (cells.size() < 2)
        return false;
    const std::string &second = cells[1];
    return std::find(columns.begin(), columns.end(), second) != columns.end()
           || second.rfind("CPU", 0) == 0 || second.rfind("NIC", 0) == 0
           || second.rfind("GPU", 0) == 0;
}

} // namespace

bool looksLikeNcclTopology(std::string_view text)
{
    std::string clean;
    if (text.substr(0, 512).find('<') != 0
        && (text.find("<system") != std::string_view::npos
            || text.find("<graphs") != std::string_view::npos)) {
        clean = withoutSurroundingLines(text);
        text = clean;
    }
    // <system version=...> after comments and a declaration; or an NCCL graph file.
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && isSpace(text[i]))
            ++i;
        if (text.substr(i, 4) == "<!--") {
            std::size_t end = text.find("-->", i);
            if (end == std::string_view::npos)
                return false;
            i = end + 3;
            continue;
        }
        if (text.substr(i, 2) == "<?") {
            std::size_t end = text.find("?>", i);
            if (end == std::string_view::npos)
                return false;
            i = end + 2;
            continue;
        }
        break;
    }
    return text.substr(i, 7) == "<system" || text.substr(i, 7) == "<graphs";
}

bool looksLikeNvidiaSmiTopo(std::string_view text)
{
    std::string clean;
    if (text.find('\x1b') != std::string_view::npos) {
        clean = withoutEscapes(text);
        text = clean;
    }
    // The matrix may follow a tool's own report (an inference server's environment check
    // prints it after some dozens of lines).
    std::size_t pos = 0;
    for (int n = 0; n < 400 && pos < text.size(); ++n) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        if (line.substr(0, 5) == "GPU0\t" || line.substr(0, 5) == "GPU0 ")
            return true;
    }
    return false;
}

Expected<ServerFacts> parseNcclTopology(std::string_view text, const std::string &file)
{
    const std::string clean = withoutSurroundingLines(text);
    if (clean != text)
        text = clean;
    Expected<std::vector<XmlElement>> read = XmlReader(text, file).read();
    if (!read)
        return read.error();
    const std::vector<XmlElement> &el = *read;
    const XmlElement &root = el.front();
    if (root.name == "graphs")
        return Error{file, "line " + std::to_string(root.line),
                     "an NCCL graph file (channels, as NCCL_GRAPH_DUMP_FILE writes): expected the "
                     "topology (<system>, as NCCL_TOPO_DUMP_FILE writes)"};
    if (root.name != "system")
        return Error{file, "line " + std::to_string(root.line),
                     "expected <system> as the root element of an NCCL topology, found <"
                             + root.name + ">"};
    ServerFacts f;
    f.file = file;
    f.format = "NCCL topology";
    int nets = 0, pciNics = 0, pciNicsIb = 0;
    double speedMbits = 0;
    std::map<std::string, std::string> classOfBus; // busid -> class of that pci element
    std::vector<int> nvlinkSum;
    std::set<int> nvlinkPeers;                       // direct NVLink peers of each GPU
    std::vector<std::string> gpuBuses;               // each GPU's PCI bus, in file order
    std::vector<std::vector<std::string>> peerBuses; // the buses its direct NVLinks name
    bool nvlinkToSwitch = false;
    auto ancestorSwitch = [&](int i) {
        // The PCIe switch (class 0x0604) a device sits under, or -1: the top of the tree of
        // switches, as a DGX A100 nests them (a NIC and a GPU under two levels of one switch
        // are nvidia-smi's PXB, close enough for GPUDirect RDMA).
        int top = -1;
        for (int p = el[i].parent; p >= 0 && el[p].name == "pci" && pciClassIs(el[p], 0x0604);
             p = el[p].parent)
            top = p;
        return top;
    };
    std::map<int, int> gpusUnder; // switch -> GPUs
    std::vector<int> nicElements;
    // The <cpu> an element sits under (-1: none), and those with a GPU on C2C (Grace): there
    // the GPUs reach the NICs beside them through the CPU, not a PCIe switch.
    auto cpuOf = [&](int i) {
        for (int p = el[i].parent; p >= 0; p = el[p].parent)
            if (el[p].name == "cpu")
                return p;
        return -1;
    };
    std::set<int> c2cCpus;
    // The host an element belongs to: the host_hash of its <cpu> ("" when none says).
    auto hostOf = [&](int i) {
        const int cpu = cpuOf(i);
        return cpu >= 0 ? el[cpu].attr("host_hash") : std::string();
    };
    std::map<std::string, int> gpusOfHost;
    // A PCI function with a <nic> in it is a NIC whatever its class (a ConnectX-8's functions
    // behind its own PCIe switch read 0x080100 on GB300 trays).
    std::set<int> holdsNic;
    for (std::size_t i = 0; i < el.size(); ++i)
        if (el[i].name == "nic" && el[i].parent >= 0 && el[el[i].parent].name == "pci")
            holdsNic.insert(el[i].parent);
    for (std::size_t i = 0; i < el.size(); ++i) {
        const XmlElement &e = el[i];
        if (e.name == "pci") {
            classOfBus[e.attr("busid")] = e.attr("class");
            if (pciClassIs(e, 0x0302) || pciClassIs(e, 0x0300)) {
                if (++f.gpus == 1)
                    f.line = e.line;
                // The vendor and device ids NCCL copies from sysfs (0xffff where it has none).
                const long vendor = hexNumber(e.attr("vendor"));
                if (vendor == 0x10de && f.gpuVendor.empty())
                    f.gpuVendor = "NVIDIA";
                else if (vendor == 0x1002 && f.gpuVendor.empty())
                    f.gpuVendor = "AMD";
                const long device = hexNumber(e.attr("device"));
                if (device > 0 && device < 0xffff && (f.gpus == 1 || f.pciDevice == device))
                    f.pciDevice = int(device);
                else
                    f.pciDevice = 0;
                ++gpusOfHost[hostOf(int(i))];
                const int sw = ancestorSwitch(int(i));
                if (sw >= 0)
                    ++gpusUnder[sw];
                if (f.pcieGTs == 0)
                    f.pcieGTs = leadingNumber(e.attr("link_speed"));
            } else if (pciClassIs(e, 0x0207) || pciClassIs(e, 0x0200) || holdsNic.count(int(i))) {
                ++pciNics;
                pciNicsIb += pciClassIs(e, 0x0207) ? 1 : 0;
                nicElements.push_back(int(i));
            }
        } else if (e.name == "gpu") {
            const int parent = e.parent;
            const bool inPci
                    = parent >= 0 && el[parent].name == "pci"
                      && (pciClassIs(el[parent], 0x0302) || pciClassIs(el[parent], 0x0300));
            if (!inPci) {
                if (++f.gpus == 1)
                    f.line = e.line;
                ++gpusOfHost[hostOf(int(i))];
                // A GPU whose PCI function has another class (MI300X: 0x1200, a processing
                // accelerator) sits under its switch all the same.
                if (parent >= 0 && el[parent].name == "pci") {
                    const int sw = ancestorSwitch(parent);
                    if (sw >= 0)
                        ++gpusUnder[sw];
                }
            }
            // RCCL (AMD's NCCL) writes the same file: a GPU with its gfx architecture in "gcn",
            // "sm" its compute-unit count (not a compute capability), and its xGMI links as
            // <xgmi target= count=> the way NCCL writes <nvlink>.
            const bool amd = !e.attr("gcn").empty();
            if (amd) {
                f.gpuVendor = "AMD";
                if (f.gfx.empty())
                    f.gfx = e.attr("gcn");
            } else {
                f.gpuVendor = "NVIDIA";
                const double sm = leadingNumber(e.attr("sm"));
                if (sm > 0 && sm < 1e6 && f.sm == 0) // no compute capability is larger
                    f.sm = int(sm);
            }
            int links = 0, peers = 0;
            const std::string bus
                    = parent >= 0 ? textscan::lower(el[parent].attr("busid")) : std::string();
            gpuBuses.push_back(bus);
            peerBuses.emplace_back();
            for (int c : e.children) {
                if (el[c].name == "c2c")
                    c2cCpus.insert(cpuOf(int(i)));
                if (el[c].name != (amd ? "xgmi" : "nvlink"))
                    continue;
                const double count = leadingNumber(el[c].attr("count"));
                if (count < 0 || count > 1000)
                    return Error{file, "line " + std::to_string(el[c].line),
                                 "expected an NVLink count of 0 to 1000, found "
                                         + quoteText(el[c].attr("count"))};
                links += int(count);
                // tclass 0x068000: a PCI bridge of class "other", which is how NCCL shows an
                // NVSwitch. A peer is another GPU; a link that names the GPU's own bus (as
                // hand-written files of cloud VMs do) says nothing of which GPU is at the other
                // end.
                const std::string target = textscan::lower(el[c].attr("target"));
                if (hexNumber(el[c].attr("tclass")) == 0x068000) {
                    nvlinkToSwitch = true;
                } else if (count > 0 && (bus.empty() || target != bus)) {
                    ++peers;
                    peerBuses.back().push_back(target);
                }
            }
            nvlinkSum.push_back(links);
            nvlinkPeers.insert(peers);
        } else if (e.name == "net") {
            ++nets;
            f.nicNames.push_back(e.attr("name"));
            speedMbits = std::max(speedMbits, leadingNumber(e.attr("speed")));
            const std::string n = e.attr("name");
            if (n.rfind("mlx", 0) != 0 && n.rfind("ib", 0) != 0)
                f.nicInfiniBand = false;
        }
    }
    if (f.gpus == 0)
        return Error{file, "line " + std::to_string(root.line),
                     "no GPU in this NCCL topology: expected <gpu> elements or <pci> devices of "
                     "class 0x0302xx"};
    // A fused multi-host topology (MNNVL): one host's share, every host alike.
    f.hosts = int(gpusOfHost.size());
    if (f.hosts > 1) {
        for (const auto &[host, gpus] : gpusOfHost)
            if (gpus != gpusOfHost.begin()->second)
                return Error{file, "line " + std::to_string(root.line),
                             "hosts " + gpusOfHost.begin()->first + " and " + host + " have "
                                     + std::to_string(gpusOfHost.begin()->second) + " and "
                                     + std::to_string(gpus)
                                     + " GPUs: expected the same servers on every host of a "
                                       "fused NCCL topology"};
        f.gpus /= f.hosts;
        nets /= f.hosts;
        pciNics /= f.hosts;
        pciNicsIb /= f.hosts;
    }
    f.nics = std::max(nets, pciNics);
    if (nets == 0 && pciNics > 0)
        f.nicInfiniBand = pciNicsIb == pciNics;
    f.nicGbits = speedMbits / 1000;
    // NCCL's <net speed> is Mb/s (ncclNetProperties_t.speed). A figure of 10 Tb/s or more is no
    // port's: some network plugins have written kb/s (RCCL's topology of MI300A with Slingshot
    // NICs states 200000000). Such a figure is read in kb/s up to 10^10 and in b/s up to 10^13
    // (10 Gb/s to 10 Tb/s either way); a larger one is no rate in any unit and is left unread.
    // The report says which.
    if (speedMbits >= 1e7 && speedMbits < 1e13) {
        const double gbits = speedMbits < 1e10 ? speedMbits / 1e6 : speedMbits / 1e9;
        f.nicSpeedRead = "speed " + std::to_string(static_cast<long long>(speedMbits))
                         + " is beyond any port in Mb/s, NCCL's unit; read as "
                         + (speedMbits < 1e10 ? "kb/s" : "b/s");
        f.nicGbits = gbits;
    } else if (speedMbits >= 1e13) {
        f.nicSpeedRead = "a speed beyond any port in any unit, left unread";
        f.nicGbits = 0;
    }
    for (int n : nicElements) {
        const int sw = ancestorSwitch(n);
        if ((sw >= 0 && gpusUnder[sw] > 0) || c2cCpus.count(cpuOf(n)) > 0)
            ++f.computeNics;
    }
    f.computeNics /= f.hosts;
    // A <gpu> that lists no <nvlink> leaves NVLink to the driver: NCCL asks NVML for the
    // links of such a GPU (ncclTopoGetXmlFromGpu), which is what hand-written NCCL_TOPO_FILEs
    // of cloud instances rely on. So a file with no <nvlink> at all does not state NVLink; a
    // PCIe-only server's dump looks the same, and the server match says which servers fit.
    const bool anyNvlink
            = std::any_of(nvlinkSum.begin(), nvlinkSum.end(), [](int links) { return links > 0; })
              || nvlinkToSwitch;
    if (anyNvlink) {
        f.nvlinksPerGpu = *std::max_element(nvlinkSum.begin(), nvlinkSum.end());
        f.nvswitch = nvlinkToSwitch;
        f.nvlinkPeers = nvlinkToSwitch ? 0 : nvlinkPeers.size() == 1 ? *nvlinkPeers.begin() : -1;
        if (f.hosts == 1 && f.nvlinkPeers > 0) {
            std::map<std::string, int> indexOf;
            std::vector<std::string> names;
            for (std::size_t g = 0; g < gpuBuses.size(); ++g) {
                indexOf.emplace(gpuBuses[g], int(g));
                names.push_back("GPU" + std::to_string(g) + " (" + gpuBuses[g] + ")");
            }
            std::vector<std::vector<int>> peersOf(gpuBuses.size());
            for (std::size_t g = 0; g < peerBuses.size(); ++g)
                for (const std::string &b : peerBuses[g]) {
                    auto it = indexOf.find(b);
                    peersOf[g].push_back(it == indexOf.end() ? -1 : it->second);
                }
            f.nvlinkGroupsOutOfOrder = groupsOutOfOrder(peersOf, f.nvlinkPeers, names);
        }
    } else {
        f.nvlinkStated = false;
    }
    return f;
}

Expected<ServerFacts> parseNvidiaSmiTopo(std::string_view text, const std::string &file)
{
    std::string clean;
    if (text.find('\x1b') != std::string_view::npos) {
        clean = withoutEscapes(text);
        text = clean;
    }
    ServerFacts f;
    f.file = file;
    f.format = "nvidia-smi topo -m";
    f.gpuVendor = "NVIDIA"; // nvidia-smi sees NVIDIA's GPUs only
    std::vector<std::string> columns;
    std::map<std::string, std::string> legend; // NIC0 -> mlx5_0 (newer nvidia-smi)
    std::map<std::string, std::vector<std::string>> rows;
    int line = 0;
    int headerLine = 0;
    // Drivers since 550 end a GPU's row with its own NUMA node: a number where the GPU's memory
    // is the CPU's too, over C2C (Grace), "N/A" elsewhere.
    bool gpuNumaColumn = false;
    int c2cGpus = 0;
    std::size_t pos = 0;
    // nvidia-smi separates the cells by tabs; the same matrix copied from a terminal, a web
    // page or a ticket has them as runs of spaces. No device cell is ever empty or holds a
    // space (X, SYS, NODE, PHB, PXB, PIX, NV#), and only those cells are read, so the cells
    // are the runs of text between whitespace either way.
    auto split = [](std::string_view s) {
        std::vector<std::string> cells;
        std::size_t i = 0;
        while (i < s.size()) {
            i = s.find_first_not_of(" \t", i);
            if (i == std::string_view::npos)
                break;
            std::size_t end = s.find_first_of(" \t", i);
            if (end == std::string_view::npos)
                end = s.size();
            cells.emplace_back(s.substr(i, end - i));
            i = end;
        }
        return cells;
    };
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++line;
        if (!raw.empty() && raw.back() == '\r')
            raw.remove_suffix(1);
        std::string_view t = trim(raw);
        if (t.empty())
            continue;
        if (columns.empty()) {
            if (t.substr(0, 4) == "GPU0") {
                // The header: the device columns, then "CPU Affinity" and the like.
                for (const std::string &c : split(raw)) {
                    if (c.empty())
                        continue;
                    if (c.find("Affinity") != std::string::npos
                        || c.find("NUMA") != std::string::npos || c.find("CPU") == 0)
                        break;
                    columns.push_back(c);
                }
                headerLine = line;
                gpuNumaColumn = t.find("GPU NUMA ID") != std::string_view::npos;
                for (const std::string &c : columns)
                    if (c.find("GPU", 1) != std::string::npos
                        || c.find("NIC", 1) != std::string::npos
                        || c.find("mlx", 1) != std::string::npos)
                        return Error{file, "line " + std::to_string(line),
                                     "the header's device names run together (" + c.substr(0, 24)
                                             + (c.size() > 24 ? "..." : "")
                                             + "): the copy lost the tabs or spaces between "
                                               "them; expected GPU0 GPU1 ... as separate "
                                               "columns"};
                if (columns.size() > 4096)
                    return Error{file, "line " + std::to_string(line),
                                 "more than 4096 devices: not nvidia-smi topo -m"};
            }
            continue;
        }
        const std::string first(t.substr(0, t.find_first_of(" \t")));
        if (first == columns.front() && isHeader(split(raw), columns))
            return Error{file, "line " + std::to_string(line),
                         "a second nvidia-smi topo -m matrix (the first starts at line "
                                 + std::to_string(headerLine)
                                 + "): two hosts' matrices in one paste. Import each host's "
                                   "on its own: a matrix describes the server it was run on, "
                                   "and two hosts may differ"};
        if (first.size() > 1 && first.back() == ':') {
            // "NIC0: mlx5_0" in the NIC legend.
            legend[first.substr(0, first.size() - 1)] = std::string(trim(t.substr(first.size())));
            continue;
        }
        if (std::find(columns.begin(), columns.end(), first) == columns.end())
            continue; // the legend's prose
        std::vector<std::string> cells = split(raw);
        cells.erase(cells.begin()); // the row name
        if (gpuNumaColumn && first.rfind("GPU", 0) == 0 && cells.size() > columns.size()
            && !cells.back().empty()
            && std::all_of(cells.back().begin(), cells.back().end(),
                           [](char c) { return c >= '0' && c <= '9'; }))
            ++c2cGpus;
        if (cells.size() < columns.size())
            return Error{file, "line " + std::to_string(line),
                         "row " + first + " has " + std::to_string(cells.size())
                                 + " cells, expected one for each of the "
                                 + std::to_string(columns.size()) + " devices of line "
                                 + std::to_string(headerLine)};
        cells.resize(columns.size());
        for (std::size_t k = 0; k < cells.size(); ++k) {
            const std::string &c = cells[k];
            // SOC: what drivers before 2017 printed for SYS (a path across the CPU sockets).
            bool ok = c == "X" || c == "SYS" || c == "SOC" || c == "NODE" || c == "PHB"
                      || c == "PXB" || c == "PIX" || c == "NV#";
            if (!ok && c.size() > 2 && c.rfind("NV", 0) == 0) {
                ok = c.size() <= 6;
                for (std::size_t d = 2; d < c.size(); ++d)
                    ok = ok && c[d] >= '0' && c[d] <= '9';
            }
            if (!ok)
                return Error{file, "line " + std::to_string(line),
                             "expected X, SYS, SOC, NODE, PHB, PXB, PIX or NV# in column "
                                     + columns[k] + " of row " + first + ", found " + quoteText(c)};
        }
        rows[first] = std::move(cells);
        if (first.rfind("GPU", 0) == 0 && f.line == 0)
            f.line = line;
    }
    if (columns.empty())
        return Error{file, "",
                     "no header line (\"GPU0 GPU1 ... CPU Affinity\"): expected the "
                     "output of nvidia-smi topo -m"};
    std::vector<std::size_t> gpuCols, nicCols;
    for (std::size_t k = 0; k < columns.size(); ++k)
        (columns[k].rfind("GPU", 0) == 0 ? gpuCols : nicCols).push_back(k);
    f.gpus = static_cast<int>(gpuCols.size());
    f.nics = static_cast<int>(nicCols.size());
    for (std::size_t k : nicCols) {
        auto it = legend.find(columns[k]);
        const std::string name = it == legend.end() ? columns[k] : it->second;
        f.nicNames.push_back(name);
        if (name.rfind("mlx", 0) != 0)
            f.nicInfiniBand = false;
    }
    // NVLink: NV# between GPUs. The same count to every peer is an NVSwitch baseboard.
    std::set<int> counts;
    std::set<int> peers;                   // NV cells in a GPU's row
    std::vector<std::vector<int>> peersOf; // by GPU column, the GPU columns it has NV# to
    std::vector<std::string> gpuNames;
    int perGpu = 0;
    bool any = false, allPairs = true;
    for (std::size_t g : gpuCols) {
        int linked = 0;
        gpuNames.push_back(columns[g]);
        peersOf.emplace_back();
        auto row = rows.find(columns[g]);
        if (row == rows.end())
            return Error{file, "line " + std::to_string(headerLine),
                         "no row for " + columns[g] + ", which the header names"};
        int sum = 0;
        for (std::size_t hi = 0; hi < gpuCols.size(); ++hi) {
            const std::size_t h = gpuCols[hi];
            if (h == g)
                continue;
            const std::string &c = row->second[h];
            if (c.rfind("NV", 0) == 0 && c != "NV#") {
                const int n = std::stoi(c.substr(2));
                counts.insert(n);
                sum += n;
                any = true;
                ++linked;
                peersOf.back().push_back(int(hi));
            } else {
                allPairs = false;
            }
        }
        perGpu = std::max(perGpu, sum);
        peers.insert(linked);
    }
    f.nvswitch = any && allPairs && counts.size() == 1;
    if (!f.nvswitch && any && counts.size() == 1) {
        // Most GPUs on the same NV# to each other, the rest on none: an NVSwitch board with
        // some GPUs' links down (a failed GPU or NVLink, a fabric manager not running).
        std::vector<int> linked;
        std::vector<std::string> down;
        for (std::size_t i = 0; i < peersOf.size(); ++i)
            (peersOf[i].empty() ? down.push_back(gpuNames[i]) : linked.push_back(int(i)));
        bool clique = linked.size() * 2 > peersOf.size() && linked.size() >= 2;
        for (int i : linked) {
            std::vector<int> others;
            for (int j : linked)
                if (j != i)
                    others.push_back(j);
            clique = clique && peersOf[i] == others;
        }
        if (clique) {
            f.nvswitch = true;
            f.nvlinkDown = down;
        }
    }
    f.nvlinkPeers = f.nvswitch ? 0 : peers.size() == 1 ? *peers.begin() : -1;
    f.nvlinkGroupsOutOfOrder = groupsOutOfOrder(peersOf, f.nvlinkPeers, gpuNames);
    f.nvlinksPerGpu = f.nvswitch ? *counts.begin() : perGpu;
    f.nvlinkStated = any || text.find("topo -mp") == std::string_view::npos;
    // Compute NICs: on a PCIe switch with a GPU.
    for (std::size_t n : nicCols) {
        bool near = false;
        for (std::size_t g : gpuCols) {
            const std::string &c = rows[columns[g]][n];
            near = near || c == "PIX" || c == "PXB";
        }
        f.computeNics += near ? 1 : 0;
    }
    if (f.computeNics == 0 && f.nics > 0 && f.gpus > 0 && c2cGpus == f.gpus)
        f.computeNics = -1;
    return f;
}

namespace {

std::string peersText(int peers)
{
    if (peers < 0)
        return "to unequal numbers of peer GPUs";
    return "to " + std::to_string(peers) + (peers == 1 ? " peer GPU" : " peer GPUs") + " each";
}

} // namespace

std::string matchServerModel(const ServerFacts &f, const Catalog &catalog,
                             const std::string &current, std::string *why, bool *gpuAssumed)
{
    if (gpuAssumed)
        *gpuAssumed = false;
    // The GPU: by NCCL's compute capability, against the one the catalog states
    // (compute_capability: 8.0 A100, 9.0 H100/H200/H800, 10.0 B200/GB200, 10.3 B300/GB300), and
    // by the NVLink links a GPU has. A GPU whose entry states none (a hardware file's) is not
    // ruled out by it.
    // Whether the file's PCI device id is one the GPU's entry states.
    auto namesDevice = [&](const GpuModel &g) {
        return f.pciDevice > 0
               && std::find(g.pciDeviceIds.begin(), g.pciDeviceIds.end(), f.pciDevice)
                          != g.pciDeviceIds.end();
    };
    auto gpuFits = [&](const GpuModel &g) {
        if (f.sm > 0 && g.sm > 0 && g.sm != f.sm)
            return false;
        // The PCI device id tells GPUs of one compute capability apart (A100 40GB from 80GB).
        if (f.pciDevice > 0 && !g.pciDeviceIds.empty() && !namesDevice(g))
            return false;
        // NCCL's file is NVIDIA's GPUs', RCCL's AMD's.
        if (!f.gpuVendor.empty() && !g.vendor.empty() && g.vendor != f.gpuVendor)
            return false;
        return true;
    };
    std::vector<const ServerModel *> fits, butForRate; // the latter: all but the NICs' rate
    std::vector<const ServerModel *> larger; // NVSwitch boards of these GPUs, with more of them
    for (const auto &[id, s] : catalog.servers()) {
        const GpuModel *g = catalog.gpu(s.gpu);
        if (g && s.gpus > f.gpus && gpuFits(*g) && f.nvlinkStated && f.nvswitch
            && s.nvlinkScope == NVLinkScope::Board && g->nvlinkLinks == f.nvlinksPerGpu)
            larger.push_back(&s);
        if (!g || s.gpus != f.gpus || !gpuFits(*g))
            continue;
        // Every GPU pair on the same bonded NVLinks is an NVSwitch as the GPUs see it: on the
        // board (DGX/HGX) or outside the box (a GB200 tray's links go to the rack's switch
        // trays); `nvidia-smi topo -m` on a GB200 tray prints NV18 between its 4 GPUs.
        const bool switched = s.nvlinkScope == NVLinkScope::Board
                              || s.nvlinkScope == NVLinkScope::External
                              || s.nvlinkScope == NVLinkScope::Rack;
        // GPUs joined directly, each to each of its peers by the same number of links (a
        // 4-GPU HGX A100: NV4 between every pair), show the same NV# to every peer as an
        // NVSwitch does; there the count is a share of a GPU's links, not all of them.
        const bool evenMesh = s.nvlinkScope == NVLinkScope::Mesh && f.nvswitch
                              && f.nvlinksPerGpu * (f.gpus - 1) == g->nvlinkLinks;
        if (f.nvlinkStated && f.nvswitch && !evenMesh
            && (!switched || g->nvlinkLinks != f.nvlinksPerGpu))
            continue;
        if (f.nvlinkStated && !f.nvswitch && switched)
            continue;
        if (f.nvlinkStated && !f.nvswitch && f.nvlinksPerGpu == 0
            && s.nvlinkScope != NVLinkScope::None)
            continue;
        // GPUs joined peer to peer (xGMI, NVLink bridges), with all of a GPU's links: a mesh
        // when each reaches every other GPU, bridged groups when each reaches the others of its
        // group only (H100 NVL: NV12 to its pair, PCIe to the rest).
        if (f.nvlinkStated && !f.nvswitch && f.nvlinksPerGpu > 0) {
            if (s.nvlinkScope == NVLinkScope::None)
                continue;
            if (s.nvlinkScope == NVLinkScope::Mesh
                && (g->nvlinkLinks != f.nvlinksPerGpu || f.nvlinkPeers != f.gpus - 1))
                continue;
            if (s.nvlinkScope == NVLinkScope::Bridged
                && (g->nvlinkLinks != f.nvlinksPerGpu || f.nvlinkPeers != s.nvlinkGroupGpus - 1))
                continue;
        }
        const bool rateDiffers
                = f.nicGbits > 0 && s.nics > 0 && std::fabs(s.nicGbits - f.nicGbits) > 1e-6;
        // The GPUs' PCIe link: 16 GT/s is Gen4, 32 GT/s Gen5, 64 GT/s Gen6 (PCI-SIG base
        // specifications). Slower figures are a link trained down at idle (Grace's GPUs show
        // 2.5 GT/s: their host link is C2C), which says nothing of the generation.
        if (f.pcieGTs >= 15 && f.pcieGTs < 128
            && s.pcie
                       != (f.pcieGTs >= 63   ? std::string("pcie6")
                           : f.pcieGTs >= 31 ? std::string("pcie5")
                                             : std::string("pcie4")))
            continue;
        (rateDiffers ? butForRate : fits).push_back(&s);
    }
    // Where several fit, the user's own (a hardware file's, a project's), then those whose
    // GPU's compute capability was confirmed, then the ones TopoPlan's templates use first.
    const std::vector<std::string> preferred
            = {"dgx-h100", "dgx-a100", "gb200-tray", "dgx-b200", "hgx-h200"};
    auto rank = [&](const ServerModel *s) {
        auto it = std::find(preferred.begin(), preferred.end(), s->id);
        const GpuModel *g = catalog.gpu(s->gpu);
        const bool confirmed = g && ((f.sm > 0 && g->sm == f.sm) || namesDevice(*g));
        const bool own = !Catalog::builtin().server(s->id);
        return std::make_tuple(!own, !confirmed, it - preferred.begin(), s->id);
    };
    std::stable_sort(fits.begin(), fits.end(),
                     [&](const ServerModel *a, const ServerModel *b) { return rank(a) < rank(b); });
    std::string seen
            = std::to_string(f.gpus) + " GPUs"
              + (f.sm ? " of compute capability " + std::to_string(f.sm / 10) + "."
                                 + std::to_string(f.sm % 10)
                 : !f.gfx.empty() ? " (AMD " + f.gfx + ")"
                 : f.pciDevice    ? " of PCI device id " + hexId(f.pciDevice)
                                  : std::string())
              + (f.nvlinkStated
                         ? (f.nvswitch ? ", NV" + std::to_string(f.nvlinksPerGpu)
                                                 + " to every peer GPU (an NVSwitch, or a "
                                                   "mesh of as many links a pair)"
                            : f.nvlinksPerGpu
                                    ? ", " + std::string(f.gpuVendor == "AMD" ? "xGMI" : "NVLink")
                                              + " peer to peer (" + std::to_string(f.nvlinksPerGpu)
                                              + " links a GPU, " + peersText(f.nvlinkPeers) + ")"
                                    : ", no NVLink")
                 : f.format != "NCCL topology" ? ", NVLink not stated"
                 : f.gpuVendor == "AMD"
                         ? ", xGMI not stated (no <xgmi> in the file: RCCL asks the driver)"
                         : ", NVLink not stated (no <nvlink> in the file: NCCL asks the driver)")
              + ", " + std::to_string(f.nics) + " NICs ("
              + (f.computeNics < 0 ? std::string("which beside a GPU, not shown")
                                   : std::to_string(f.computeNics) + " beside a GPU")
              + ")"
              + (f.nicGbits > 0 ? " at " + std::to_string(int(f.nicGbits)) + " Gb/s"
                                : std::string())
              + (f.nicSpeedRead.empty() ? std::string() : " (" + f.nicSpeedRead + ")");
    if (fits.empty()) {
        *why = seen + ": no catalog server has that";
        if (!butForRate.empty()) {
            std::string ids;
            for (const ServerModel *s : butForRate)
                ids += (ids.empty() ? "" : ", ") + s->id + " (" + std::to_string(int(s->nicGbits))
                       + " Gb/s)";
            *why += " (" + ids
                    + " would, but for their NICs' rate; a hardware file describes "
                      "the server with its own)";
        }
        if (f.nvlinkStated && !f.nvswitch && f.nvlinksPerGpu > 0)
            *why += " (a \"mesh\" server joins every GPU to every other, a \"bridged\" one "
                    "joins them in equal groups of consecutive GPUs)";
        if (!larger.empty() && butForRate.empty()) {
            std::string ids;
            for (const ServerModel *s : larger)
                ids += (ids.empty() ? "" : ", ") + s->id + " (" + std::to_string(s->gpus)
                       + " GPUs)";
            *why += " (" + ids + (larger.size() == 1 ? " has" : " have")
                    + " these GPUs and NVLinks, with more of them: the file may cover only "
                      "some of a server's GPUs, as NCCL writes it for a job given fewer, "
                      "CUDA_VISIBLE_DEVICES)";
        }
        return {};
    }
    const ServerModel *pick = fits.front();
    for (const ServerModel *s : fits)
        if (s->id == current)
            pick = s;
    std::string others;
    for (const ServerModel *s : fits)
        if (s != pick)
            others += (others.empty() ? "" : ", ") + s->id;
    *why = seen + ": " + pick->id + (others.empty() ? "" : " (" + others + " fit as well)");
    // nvidia-smi's matrix names no GPU: where the servers that fit differ in theirs, say so.
    std::set<std::string> gpus;
    for (const ServerModel *s : fits)
        gpus.insert(s->gpu);
    const GpuModel *picked = catalog.gpu(pick->gpu);
    // A compute capability is shared by GPUs of different memory (9.0: H100, H200, H800):
    // without the PCI device id the GPU is an assumption too.
    if (f.gfx.empty() && !(picked && namesDevice(*picked)) && gpus.size() > 1) {
        std::string alike;
        for (const std::string &g : gpus)
            alike += (alike.empty() ? "" : ", ") + g;
        *why += f.sm == 0 ? "; the file does not name the GPU, so " + pick->gpu
                                    + " is assumed (NCCL's topology dump names it by compute "
                                      "capability)"
                          : "; compute capability " + std::to_string(f.sm / 10) + "."
                                    + std::to_string(f.sm % 10) + " is that of " + alike
                                    + " alike, so " + pick->gpu
                                    + " is assumed (the GPU's PCI device id tells them apart)";
        if (gpuAssumed)
            *gpuAssumed = true;
    }
    return pick->id;
}

std::optional<Error> applyServerFacts(Project *p, const ServerFacts &f, const Catalog &catalog,
                                      ImportReport *report)
{
    Expected<Catalog> merged = projectCatalog(*p, catalog);
    if (!merged)
        return merged.error();
    // The kind: the model most servers have now.
    std::map<std::string, int> models;
    for (const Node &n : p->topology.nodes)
        ++models[n.model];
    std::string current;
    int most = 0;
    for (const auto &[m, n] : models)
        if (n > most) {
            current = m;
            most = n;
        }
    std::string why;
    bool gpuAssumed = false;
    const std::string model = matchServerModel(f, *merged, current, &why, &gpuAssumed);
    if (model.empty()) {
        if (p->topology.nodes.empty())
            return Error{f.file, f.line ? "line " + std::to_string(f.line) : std::string(),
                         why
                                 + ": expected the server of a catalog model; describe it in a "
                                   "hardware file (the catalog's format: its GPU, NICs and "
                                   "NVLink) and import that file with this one"};
        report->note(Kind::Unmapped, f.file, f.line, why + "; the servers keep their model");
        return std::nullopt;
    }
    const ServerModel *target = merged->server(model);
    if (target->nvlinkScope == NVLinkScope::Bridged && !f.nvlinkGroupsOutOfOrder.empty())
        report->note(Kind::Warning, f.file, f.line,
                     "the NVLink bridges join " + f.nvlinkGroupsOutOfOrder
                             + ", not GPUs next to each other in the order the file lists them; "
                               "TopoPlan takes each bridged group as "
                             + std::to_string(target->nvlinkGroupGpus)
                             + " consecutive GPUs, so a TP group runs on a bridge only where "
                               "the ranks follow the bridges: list the GPUs in bridge order "
                               "(CUDA_VISIBLE_DEVICES)");
    if (!f.nvlinkDown.empty()) {
        std::string gpus;
        for (const std::string &g : f.nvlinkDown)
            gpus += (gpus.empty() ? "" : ", ") + g;
        report->note(Kind::Warning, f.file, f.line,
                     gpus + (f.nvlinkDown.size() == 1 ? " shows" : " show")
                             + " no NVLink to any other GPU while the others reach each other "
                               "over NV"
                             + std::to_string(f.nvlinksPerGpu)
                             + ": its links are down (a failed GPU or NVLink, or the fabric "
                               "manager not running). Taken for "
                             + model
                             + ", an NVSwitch board; check nvidia-smi nvlink -s and "
                               "nvidia-fabricmanager "
                               "before running jobs on this server");
    }
    if (f.computeNics < 0)
        report->note(Kind::Checked, f.file, 0,
                     "the GPUs are on C2C (Grace): nvidia-smi shows every path between a GPU and "
                     "a NIC as SYS, so which NICs are beside a GPU it cannot tell; "
                             + model + " has " + std::to_string(target->nics) + " compute NICs");
    // Fewer or more NICs than the model has: the model is an assumption (a box with one NIC
    // is no DGX H100), said as a warning and kept on the servers until the user confirms it.
    const bool nicsDiffer = f.computeNics >= 0 && target->nics != f.computeNics;
    const bool assumed = nicsDiffer || gpuAssumed;
    if (gpuAssumed)
        report->note(Kind::Warning, f.file, f.line,
                     "the file does not tell the GPU apart from others that fit it as well: "
                     "model assumed to be "
                             + model
                             + "; confirm it with Confirm Model in the Properties panel, or "
                               "import an NCCL topology dump that states the GPU's PCI device "
                               "id");
    if (nicsDiffer)
        report->note(Kind::Warning, f.file, 0,
                     std::to_string(f.computeNics)
                             + " NICs beside a GPU (on its PCIe switch, or its CPU where the GPU "
                               "is on C2C), where "
                             + model + " has " + std::to_string(target->nics)
                             + " compute NICs: model assumed to be " + model
                             + " for its GPUs; confirm it with Confirm Model in the Properties "
                               "panel, or describe the "
                               "server in a hardware file");
    if (p->topology.nodes.empty()) {
        // One server a host. The hosts of a fused topology share one NVLink domain: trays whose
        // NVLink leaves the box become members of one.
        const int hosts = std::max(1, f.hosts);
        const bool shared = hosts > 1 && target->nvlinkScope == NVLinkScope::External;
        if (shared)
            p->topology.domains.push_back(
                    Domain{"dom-1", "nvl" + std::to_string(hosts * target->gpus) + "-1", 0});
        std::vector<int> nodeDomain;
        for (int h = 0; h < hosts; ++h) {
            Node n;
            n.id = "node-" + std::to_string(h + 1);
            n.name = "server-" + std::to_string(h + 1);
            n.model = model;
            n.modelAssumed = assumed;
            if (shared)
                n.domain = "dom-1";
            nodeDomain.push_back(shared ? 0 : -1);
            p->topology.nodes.push_back(n);
        }
        const std::size_t slash = f.file.find_last_of('/');
        p->name = "Imported from "
                  + (slash == std::string::npos ? f.file : f.file.substr(slash + 1));
        p->layout = generator::layoutProject(p->topology, nodeDomain, nullptr);
        if (hosts > 1) {
            report->note(Kind::Assumed, f.file, f.line,
                         why + " on each of " + std::to_string(hosts)
                                 + " hosts (NCCL's topology fused across a multi-node NVLink "
                                   "domain): a server of that model a host"
                                 + (shared ? ", the servers one NVLink domain" : ""));
            report->summary.push_back(std::to_string(hosts) + " servers (" + model + ") from "
                                      + f.format);
        } else {
            report->note(Kind::Assumed, f.file, f.line, why + ": one server of that model");
            report->summary.push_back("1 server (" + model + ") from " + f.format);
        }
        return std::nullopt;
    }
    // Every server of the kind: as many NICs as the new model.
    int set = 0, same = 0, other = 0;
    Topology before = p->topology;
    for (Node &n : p->topology.nodes) {
        const ServerModel *m = merged->server(n.model);
        if (!m || m->nics != target->nics) {
            ++other;
            continue;
        }
        if (n.model == model) {
            ++same;
        } else {
            n.model = model;
            ++set;
        }
        // The server's own file states its GPUs: the model is a fact now, unless its NICs
        // differ from the model's.
        n.modelAssumed = assumed;
    }
    if (std::optional<Error> e = validateTopology(p->topology, *merged, f.file)) {
        p->topology = std::move(before);
        report->note(Kind::Unmapped, f.file, f.line,
                     why + ", but the fabric's cables do not fit it (" + e->message
                             + "); the servers keep their model");
        return std::nullopt;
    }
    std::string what = why + ": ";
    if (set > 0)
        what += std::to_string(set) + " server(s) set to " + model;
    if (same > 0)
        what += std::string(set > 0 ? ", " : "") + std::to_string(same) + " server(s) checked ("
                + model + " already)";
    if (set == 0 && same == 0)
        what += "no server of the fabric has " + std::to_string(target->nics) + " NICs like "
                + model;
    if (other > 0)
        what += "; " + std::to_string(other) + " server(s) of another kind left as they were";
    report->note(set > 0 ? Kind::Assumed : Kind::Checked, f.file, f.line, what);
    report->summary.push_back(f.format + " (" + f.file.substr(f.file.find_last_of('/') + 1) + "): "
                              + model + " for " + std::to_string(set + same) + " server(s)");
    return std::nullopt;
}

} // namespace topoplan
