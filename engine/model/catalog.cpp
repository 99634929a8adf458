#include "engine/model/catalog.h"

#include "engine/core/jsonin.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace topoplan {

// Generated from resources/catalog.json at build time (see engine/CMakeLists.txt).
extern const char *const kBuiltinCatalogJson;

namespace {

struct NamedClass
{
    LinkClass cls;
    const char *name;
};
constexpr NamedClass kClasses[] = {
        {LinkClass::NVLink, "nvlink"},
        {LinkClass::XGMI, "xgmi"},
        {LinkClass::InfiniBand, "infiniband"},
        {LinkClass::RoCE, "roce"},
        {LinkClass::PCIe, "pcie"},
        {LinkClass::Ethernet, "ethernet"},
};

NVLinkScope scopeFromString(const std::string &s)
{
    if (s == "board")
        return NVLinkScope::Board;
    if (s == "external")
        return NVLinkScope::External;
    if (s == "rack")
        return NVLinkScope::Rack;
    if (s == "mesh")
        return NVLinkScope::Mesh;
    if (s == "bridged")
        return NVLinkScope::Bridged;
    return NVLinkScope::None;
}

Medium parseMedium(const JsonIn &j)
{
    j.expectOnly({"id", "name", "class", "bandwidth_gb_s", "latency_us", "efficiency",
                  "nvls_efficiency", "max_domain_gpus", "cable_reach_m", "source"});
    Medium m;
    m.id = j.at("id").id();
    m.name = j.string("name", m.id);
    std::string cls
            = j.choice("class", {"nvlink", "xgmi", "pcie", "infiniband", "roce", "ethernet"});
    linkClassFromString(cls, &m.linkClass);
    m.bandwidthGBs = j.positive("bandwidth_gb_s");
    m.latencyUs = j.nonNegative("latency_us", 0);
    m.efficiency = j.positive("efficiency", 1);
    if (m.efficiency > 1)
        j.at("efficiency").fail("expected a fraction in (0, 1]");
    m.nvlsEfficiency = j.nonNegative("nvls_efficiency", 0);
    if (m.nvlsEfficiency > 2)
        j.at("nvls_efficiency").fail("expected a ratio of bus bandwidth to line rate, at most 2");
    if (m.nvlsEfficiency > 0 && m.linkClass != LinkClass::NVLink)
        j.at("nvls_efficiency").fail("NVLink SHARP exists only on NVLink media");
    m.maxDomainGpus = j.count("max_domain_gpus", 0, kMaxGpusPerDomain);
    if (m.maxDomainGpus > 0 && m.linkClass != LinkClass::NVLink)
        j.at("max_domain_gpus")
                .fail("only NVLink media join GPUs of several servers into a domain");
    if (auto reach = j.find("cable_reach_m")) {
        if (!m.isNetwork())
            reach->fail("only network media (InfiniBand, RoCE, Ethernet) run over cables");
        reach->expectObject();
        reach->expectOnly({"dac", "acc", "mmf", "smf", "lc"});
        // A kind left out is not made for this medium.
        m.reach = {};
        double *fields[] = {&m.reach.dac, &m.reach.acc, &m.reach.mmf, &m.reach.smf, &m.reach.lc};
        const char *keys[] = {"dac", "acc", "mmf", "smf", "lc"};
        for (int i = 0; i < 5; ++i) {
            *fields[i] = reach->nonNegative(keys[i], 0);
            if (*fields[i] > kMaxCableReachM)
                reach->at(keys[i]).fail("expected metres up to "
                                        + std::to_string(int(kMaxCableReachM)));
        }
        if (m.reach == CableReach{})
            reach->fail("expected the reach of at least one kind of cable");
    }
    m.source = j.string("source", "");
    return m;
}

GpuModel parseGpu(const JsonIn &j)
{
    j.expectOnly({"id", "name", "vendor", "bf16_tflops", "fp8_tflops", "hbm_gb", "hbm_tb_s",
                  "nvlink", "nvlink_links", "tdp_w", "sms", "gemm_efficiency",
                  "fp8_gemm_efficiency", "attention_efficiency", "sustained_spread",
                  "compute_capability", "pci_device_ids", "source"});
    GpuModel g;
    g.id = j.at("id").id();
    g.name = j.string("name", g.id);
    g.vendor = j.string("vendor", "");
    g.bf16Tflops = j.positive("bf16_tflops");
    g.fp8Tflops = j.positive("fp8_tflops", g.bf16Tflops);
    g.hbmGB = j.positive("hbm_gb");
    g.hbmTBs = j.positive("hbm_tb_s");
    g.nvlink = j.string("nvlink", "");
    g.nvlinkLinks = j.count("nvlink_links", 0, kMaxNvlinkLinks);
    g.tdpW = j.nonNegative("tdp_w", 0);
    g.sms = j.positiveInt("sms", g.sms, 100'000);
    g.gemmEfficiency = j.positive("gemm_efficiency", g.gemmEfficiency);
    g.fp8GemmEfficiency = j.positive("fp8_gemm_efficiency", g.gemmEfficiency);
    g.attentionEfficiency = j.positive("attention_efficiency", g.attentionEfficiency);
    for (const char *key : {"gemm_efficiency", "fp8_gemm_efficiency", "attention_efficiency"}) {
        if (j.has(key) && j.at(key).number() > 1)
            j.at(key).fail("expected a fraction of peak in (0, 1]");
    }
    g.sustainedSpread = j.nonNegative("sustained_spread", 0);
    if (g.sustainedSpread >= 1)
        j.at("sustained_spread").fail("expected a spread between a node's GPUs in [0, 1)");
    if (j.has("compute_capability")) {
        // "9.0", "10.3": a major and a one-digit minor version (CUDA's numbering).
        const double cc = j.at("compute_capability").number();
        const double tenths = std::round(cc * 10);
        if (cc < 1 || cc >= 100 || std::fabs(tenths - cc * 10) > 1e-6)
            j.at("compute_capability")
                    .fail("expected a CUDA compute capability such as 9.0 or 10.3");
        g.sm = int(tenths);
    }
    if (j.has("pci_device_ids")) {
        const std::vector<JsonIn> ids = j.at("pci_device_ids").items();
        if (ids.size() > 16)
            j.at("pci_device_ids").fail("expected at most 16 PCI device ids");
        for (const JsonIn &id : ids) {
            // "0x20b2": the 16-bit device id, in hexadecimal as lspci and NCCL write it.
            const std::string text = id.string();
            bool ok = text.size() == 6 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
            for (std::size_t k = 2; ok && k < text.size(); ++k)
                ok = std::isxdigit(static_cast<unsigned char>(text[k])) != 0;
            if (!ok)
                id.fail("expected a PCI device id of 4 hexadecimal digits such as \"0x20b2\"");
            g.pciDeviceIds.push_back(int(std::stol(text.substr(2), nullptr, 16)));
        }
    }
    g.source = j.string("source", "");
    return g;
}

ServerModel parseServer(const JsonIn &j)
{
    j.expectOnly({"id", "name", "gpu", "gpus", "nvswitches", "nvlink_scope", "nvlink_group_gpus",
                  "trays", "nics", "nic_gbit_s", "nic_medium", "pcie", "host_link_gb_s",
                  "host_memory_gb", "rack_units", "power_kw", "source"});
    ServerModel s;
    s.id = j.at("id").id();
    s.name = j.string("name", s.id);
    s.gpu = j.at("gpu").id();
    s.gpus = j.at("gpus").positiveInt(kMaxGpusPerServer);
    s.nvswitches = j.count("nvswitches", 0, kMaxNvswitchesPerServer);
    s.nvlinkScope = scopeFromString(
            j.choice("nvlink_scope", {"board", "external", "rack", "mesh", "bridged", "none"}));
    // Bridged GPUs come in groups that divide the server's GPUs: at least a pair, fewer than
    // all of them (all of them joined directly is a mesh).
    if (s.nvlinkScope == NVLinkScope::Bridged) {
        s.nvlinkGroupGpus = j.at("nvlink_group_gpus").positiveInt(kMaxGpusPerServer);
        if (s.nvlinkGroupGpus < 2 || s.nvlinkGroupGpus >= s.gpus || s.gpus % s.nvlinkGroupGpus != 0)
            j.at("nvlink_group_gpus")
                    .fail("expected the GPUs one NVLink bridge joins: 2 or more, fewer than the "
                          "server's "
                          + std::to_string(s.gpus)
                          + " and dividing them (\"mesh\" when every GPU "
                            "is joined to every other)");
    } else if (j.has("nvlink_group_gpus")) {
        j.at("nvlink_group_gpus").fail("expected only with \"nvlink_scope\": \"bridged\"");
    }
    s.trays = j.positiveInt("trays", 1, kMaxGpusPerServer);
    s.nics = j.count("nics", 0, kMaxNicsPerServer);
    s.nicGbits = s.nics > 0 ? j.positive("nic_gbit_s") : j.nonNegative("nic_gbit_s", 0);
    s.nicMedium = j.string("nic_medium", "");
    s.pcie = j.string("pcie", "pcie5");
    if (j.has("host_link_gb_s"))
        s.hostLinkGBs = j.positive("host_link_gb_s");
    if (j.has("host_memory_gb"))
        s.hostMemoryGB = j.positive("host_memory_gb");
    s.rackUnits = j.nonNegative("rack_units", 0);
    s.powerKW = j.nonNegative("power_kw", 0);
    s.source = j.string("source", "");
    return s;
}

SwitchModel parseSwitch(const JsonIn &j)
{
    j.expectOnly({"id", "name", "protocol", "rdma", "ports", "port_gbit_s", "medium", "latency_ns",
                  "sharp", "power_w", "source"});
    SwitchModel s;
    s.id = j.at("id").id();
    s.name = j.string("name", s.id);
    s.protocol = j.choice("protocol", {"infiniband", "ethernet"}) == "infiniband"
                         ? SwitchProtocol::InfiniBand
                         : SwitchProtocol::Ethernet;
    s.rdma = s.protocol == SwitchProtocol::InfiniBand || j.boolean("rdma", false);
    s.ports = j.at("ports").positiveInt(kMaxSwitchPorts);
    s.portGbits = j.positive("port_gbit_s");
    s.medium = j.string("medium", "");
    s.latencyNs = j.nonNegative("latency_ns", 0);
    s.sharp = j.boolean("sharp", false);
    if (s.sharp && s.protocol != SwitchProtocol::InfiniBand)
        j.at("sharp").fail("SHARP in-network reduction is an InfiniBand switch feature");
    s.powerW = j.nonNegative("power_w", 0);
    if (s.powerW > 100'000)
        j.at("power_w").fail("expected watts up to 100000");
    s.source = j.string("source", "");
    return s;
}

template<typename T, typename Parse, typename Note>
void parseSection(const JsonIn &root, const char *key, std::map<std::string, T> *into, bool partial,
                  Parse parse, Note noteOrigin)
{
    auto section = root.find(key);
    if (!section) {
        if (!partial)
            root.at(key); // fails: required
        return;
    }
    std::map<std::string, bool> seen;
    for (const JsonIn &item : section->items()) {
        T value = parse(item);
        if (seen[value.id])
            item.at("id").fail("duplicate id \"" + value.id + "\" in " + key
                               + ": expected an id no other entry of " + key + " has");
        seen[value.id] = true;
        noteOrigin(std::string(key) + "/" + value.id, item);
        (*into)[value.id] = std::move(value);
    }
}

// "a, b, c" of the ids of `m`'s entries that `keep` accepts.
template<typename Map, typename Keep>
std::string idsOf(const Map &m, Keep keep)
{
    std::string out;
    for (const auto &[id, entry] : m) {
        if (!keep(entry))
            continue;
        out += (out.empty() ? "" : ", ") + id;
    }
    return out.empty() ? "none in the catalog" : out;
}

} // namespace

const char *toString(LinkClass c)
{
    for (const NamedClass &n : kClasses) {
        if (n.cls == c)
            return n.name;
    }
    return "?";
}

bool linkClassFromString(const std::string &s, LinkClass *out)
{
    for (const NamedClass &n : kClasses) {
        if (s == n.name) {
            *out = n.cls;
            return true;
        }
    }
    return false;
}

bool isRdma(LinkClass c)
{
    return c != LinkClass::Ethernet;
}

const char *toString(NVLinkScope s)
{
    switch (s) {
    case NVLinkScope::Board:
        return "board";
    case NVLinkScope::External:
        return "external";
    case NVLinkScope::Rack:
        return "rack";
    case NVLinkScope::Mesh:
        return "mesh";
    case NVLinkScope::Bridged:
        return "bridged";
    case NVLinkScope::None:
        return "none";
    }
    return "none";
}

bool isNetwork(LinkClass c)
{
    return c == LinkClass::InfiniBand || c == LinkClass::RoCE || c == LinkClass::Ethernet;
}

bool Medium::isNetwork() const
{
    return topoplan::isNetwork(linkClass);
}

void Catalog::parseInto(const JsonIn &root, bool partial)
{
    root.expectObject();
    const auto note = [this](const std::string &key, const JsonIn &item) {
        m_origins[key] = Origin{item.file(), item.path()};
    };
    parseSection(root, "media", &m_media, partial, parseMedium, note);
    parseSection(root, "gpus", &m_gpus, partial, parseGpu, note);
    parseSection(root, "servers", &m_servers, partial, parseServer, note);
    parseSection(root, "switches", &m_switches, partial, parseSwitch, note);
    // The parts of a network: optional, a catalog without them counts no optics power.
    parseSection(root, "transceivers", &m_transceivers, true, parseTransceiver, note);
    parseSection(root, "cables", &m_cables, true, parseCable, note);
    parseSection(root, "nics", &m_nics, true, parseNic, note);
    if (auto prices = root.find("prices"))
        parsePricesInto(*prices, &m_prices);
    // Optional: a catalog without it prices collectives by their hop latencies alone.
    if (auto c = root.find("collectives")) {
        c->expectObject();
        m_collectives.ringBaseLatencyUs
                = c->nonNegative("ring_base_latency_us", m_collectives.ringBaseLatencyUs);
        m_collectives.multiDomainRingFactor = c->positive("multi_domain_ring_allreduce_factor",
                                                          m_collectives.multiDomainRingFactor);
        if (m_collectives.multiDomainRingFactor < 1)
            c->at("multi_domain_ring_allreduce_factor").fail("expected a factor >= 1");
        if (c->has("ring_network_channels"))
            m_collectives.ringNetworkChannels = c->at("ring_network_channels").positiveInt(1024);
        m_collectives.nvlsLatencyUs
                = c->nonNegative("nvls_latency_us", m_collectives.nvlsLatencyUs);
        m_collectives.sharpLatencyUs
                = c->nonNegative("sharp_latency_us", m_collectives.sharpLatencyUs);
        m_collectives.source = c->string("source", m_collectives.source);
    }
    if (auto runs = root.find("published_runs"))
        m_publishedRuns = parsePublishedRuns(*runs);
}

Expected<Catalog> Catalog::fromJson(const JsonIn &root)
{
    Catalog c;
    try {
        root.expectObject();
        if (root.string("format", "topoplan-catalog") != "topoplan-catalog")
            root.at("format").fail("expected \"topoplan-catalog\"");
        if (root.integer("version", 1) > 1)
            root.at("version").fail("catalog version is newer than this TopoPlan supports (1)");
        c.parseInto(root, false);
    } catch (const JsonFailure &f) {
        return f.error;
    }
    if (auto err = c.checkReferences(root.file()))
        return *err;
    if (auto err = c.checkPrices())
        return *err;
    return c;
}

Expected<Catalog> Catalog::load(const std::string &path)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc)
        return doc.error();
    return fromJson(JsonIn(*doc, path));
}

const Catalog &Catalog::builtin()
{
    static const Catalog catalog = [] {
        Json doc = Json::parse(kBuiltinCatalogJson);
        Expected<Catalog> c = fromJson(JsonIn(doc, "resources/catalog.json"));
        if (!c) // The build checks the shipped catalog (tst_catalog); this cannot happen.
            throw std::runtime_error(c.error().text());
        return std::move(*c);
    }();
    return catalog;
}

nlohmann::ordered_json Catalog::builtinEntry(const std::string &section, const std::string &id)
{
    static const Json doc = Json::parse(kBuiltinCatalogJson);
    if (doc.contains(section) && doc[section].is_array()) {
        for (const Json &e : doc[section])
            if (e.value("id", std::string()) == id)
                return e;
    }
    return nullptr;
}

Expected<Catalog> Catalog::merged(const JsonIn &overrides) const
{
    Catalog c = *this;
    try {
        c.parseInto(overrides, true);
    } catch (const JsonFailure &f) {
        return f.error;
    }
    if (auto err = c.checkReferences(overrides.file()))
        return *err;
    if (auto err = c.checkPrices())
        return *err;
    return c;
}

Expected<Catalog> Catalog::withPrices(const JsonIn &document) const
{
    Catalog c = *this;
    try {
        document.expectObject();
        document.expectOnly({"format", "version", "description", "prices"});
        if (document.string("format", "topoplan-catalog") != "topoplan-catalog")
            document.at("format").fail("expected \"topoplan-catalog\"");
        if (document.integer("version", 1) > 1)
            document.at("version").fail("catalog version is newer than this TopoPlan supports (1)");
        parsePricesInto(document.at("prices"), &c.m_prices);
    } catch (const JsonFailure &f) {
        Error e = f.error;
        if (e.message.find("unknown member") != std::string::npos && e.where.rfind("/", 0) == 0
            && e.where.find('/', 1) == std::string::npos)
            e.message += " (a price file holds only \"prices\"; hardware goes in a catalog "
                         "file, --catalog)";
        return e;
    }
    if (auto err = c.checkPrices())
        return *err;
    return c;
}

std::optional<Error> Catalog::checkPrices() const
{
    const auto check = [](const std::map<std::string, Price> &prices, const auto &entries,
                          const char *what, const char *section) -> std::optional<Error> {
        for (const auto &[id, price] : prices) {
            if (entries.count(id))
                continue;
            return Error{price.file, price.pointer,
                         "unknown " + std::string(what) + " " + quoteText(id)
                                 + ": expected the id of an entry in the catalog's \"" + section
                                 + "\" (" + idsOf(entries, [](const auto &) { return true; })
                                 + ")"};
        }
        return std::nullopt;
    };
    if (auto e = check(m_prices.servers, m_servers, "server", "servers"))
        return e;
    if (auto e = check(m_prices.switches, m_switches, "switch", "switches"))
        return e;
    if (auto e = check(m_prices.transceivers, m_transceivers, "transceiver", "transceivers"))
        return e;
    if (auto e = check(m_prices.nics, m_nics, "NIC", "nics"))
        return e;
    for (const auto &[id, price] : m_prices.cables) {
        bool known = false;
        for (const char *kind : kCableKinds)
            known = known || id == kind;
        if (!known)
            return Error{price.file, price.pointer,
                         "unknown kind of cable " + quoteText(id)
                                 + ": expected dac, acc, aoc, mmf, smf or lc"};
    }
    return std::nullopt;
}

Error Catalog::referenceError(const std::string &file, const char *section, const std::string &id,
                              const char *member, const std::string &message) const
{
    auto it = m_origins.find(std::string(section) + "/" + id);
    if (it == m_origins.end()) // an entry built in code: its section and id
        return Error{file, "/" + std::string(section) + "/" + id + "/" + member, message};
    return Error{it->second.file.empty() ? file : it->second.file,
                 it->second.pointer + "/" + member, message};
}

std::optional<Error> Catalog::checkReferences(const std::string &file) const
{
    const auto network = [](const Medium &m) {
        return m.isNetwork();
    };
    const auto pcie = [](const Medium &m) {
        return m.linkClass == LinkClass::PCIe;
    };
    const auto scaleUp = [](const Medium &m) {
        return !m.isNetwork();
    };
    const auto quoted = [](const std::string &s) {
        return quoteText(s);
    };
    for (const auto &[id, g] : m_gpus) {
        if (!g.nvlink.empty() && !medium(g.nvlink))
            return referenceError(file, "gpus", id, "nvlink",
                                  "unknown medium " + quoted(g.nvlink)
                                          + ": expected the id of a scale-up medium in \"media\" ("
                                          + idsOf(m_media, scaleUp) + ")");
    }
    for (const auto &[id, s] : m_servers) {
        if (!gpu(s.gpu))
            return referenceError(file, "servers", id, "gpu",
                                  "unknown GPU model " + quoted(s.gpu)
                                          + ": expected the id of a GPU in \"gpus\" ("
                                          + idsOf(m_gpus, [](const GpuModel &) { return true; })
                                          + ")");
        if (!s.nicMedium.empty() && !medium(s.nicMedium))
            return referenceError(file, "servers", id, "nic_medium",
                                  "unknown medium " + quoted(s.nicMedium)
                                          + ": expected the id of a network medium in \"media\" ("
                                          + idsOf(m_media, network) + ")");
        if (!medium(s.pcie))
            return referenceError(file, "servers", id, "pcie",
                                  "unknown PCIe medium " + quoted(s.pcie)
                                          + ": expected the id of a PCIe medium in \"media\" ("
                                          + idsOf(m_media, pcie) + ")");
        if (s.nvlinkScope != NVLinkScope::None && gpu(s.gpu)->nvlink.empty())
            return referenceError(file, "servers", id, "nvlink_scope",
                                  "GPU " + quoted(s.gpu)
                                          + " has no NVLink medium but the server joins GPUs by "
                                            "it: expected \"none\", or a GPU whose \"nvlink\" "
                                            "names a medium");
    }
    for (const auto &[id, s] : m_switches) {
        if (!s.medium.empty() && !medium(s.medium))
            return referenceError(file, "switches", id, "medium",
                                  "unknown medium " + quoted(s.medium)
                                          + ": expected the id of a network medium in \"media\" ("
                                          + idsOf(m_media, network) + ")");
    }
    for (const auto &[id, t] : m_transceivers) {
        for (const std::string &m : t.media) {
            const Medium *medium = this->medium(m);
            if (!medium || !medium->isNetwork())
                return referenceError(file, "transceivers", id, "media",
                                      "unknown network medium " + quoted(m)
                                              + ": expected the id of a network medium in "
                                                "\"media\" ("
                                              + idsOf(m_media, network) + ")");
        }
    }
    return std::nullopt;
}

ScaleUpFabric gpuScaleUp(const GpuModel &gpu, const Catalog &catalog)
{
    ScaleUpFabric f;
    if (gpu.nvlinkLinks > 0 && (f.medium = catalog.medium(gpu.nvlink))) {
        f.perGpuGBs = f.medium->bandwidthGBs * gpu.nvlinkLinks;
        f.linkClass = f.medium->linkClass;
    }
    return f;
}

ScaleUpFabric scaleUpFabric(const ServerModel &server, const Catalog &catalog)
{
    const GpuModel *gpu = catalog.gpu(server.gpu);
    if (!gpu)
        return {};
    ScaleUpFabric f = gpuScaleUp(*gpu, catalog);
    if (f.medium && server.nvlinkScope == NVLinkScope::Bridged)
        f.groupGpus = server.nvlinkGroupGpus;
    if (!f.medium && (f.medium = catalog.medium(server.pcie))) {
        f.perGpuGBs = f.medium->bandwidthGBs; // one x16 slot per GPU
        f.linkClass = f.medium->linkClass;
    }
    return f;
}

const Medium *Catalog::medium(const std::string &id) const
{
    auto it = m_media.find(id);
    return it == m_media.end() ? nullptr : &it->second;
}

double Catalog::hostLinkGBs(const ServerModel &s) const
{
    if (s.hostLinkGBs > 0)
        return s.hostLinkGBs;
    const Medium *pcie = medium(s.pcie);
    return pcie ? pcie->bandwidthGBs * pcie->efficiency : 0;
}

const GpuModel *Catalog::gpu(const std::string &id) const
{
    auto it = m_gpus.find(id);
    return it == m_gpus.end() ? nullptr : &it->second;
}

const ServerModel *Catalog::server(const std::string &id) const
{
    auto it = m_servers.find(id);
    return it == m_servers.end() ? nullptr : &it->second;
}

const SwitchModel *Catalog::switchModel(const std::string &id) const
{
    auto it = m_switches.find(id);
    return it == m_switches.end() ? nullptr : &it->second;
}

const TransceiverModel *Catalog::transceiver(const std::string &id) const
{
    auto it = m_transceivers.find(id);
    return it == m_transceivers.end() ? nullptr : &it->second;
}

const CableModel *Catalog::cable(const std::string &id) const
{
    auto it = m_cables.find(id);
    return it == m_cables.end() ? nullptr : &it->second;
}

const NicModel *Catalog::nic(const std::string &id) const
{
    auto it = m_nics.find(id);
    return it == m_nics.end() ? nullptr : &it->second;
}

const TransceiverModel *Catalog::transceiverFor(int ports, double portGbits,
                                                const std::string &optics,
                                                const std::string &medium) const
{
    const double rate = cageGbits(ports, portGbits);
    for (const auto &[id, t] : m_transceivers) {
        if (t.optics != optics || std::fabs(cageGbits(t.ports, t.portGbits) - rate) > 1e-6)
            continue;
        if (std::find(t.media.begin(), t.media.end(), medium) != t.media.end())
            return &t;
    }
    return nullptr;
}

std::string Catalog::mediumFor(LinkClass cls, double gbits) const
{
    // The medium of this class whose line rate matches; else the fastest one not above it.
    const Medium *best = nullptr;
    for (const auto &[id, m] : m_media) {
        if (m.linkClass != cls)
            continue;
        double rate = m.bandwidthGBs * 8;
        if (std::fabs(rate - gbits) < 1e-6)
            return id;
        if (rate <= gbits && (!best || rate > best->bandwidthGBs * 8))
            best = &m;
    }
    return best ? best->id : std::string();
}

std::string Catalog::inferMedium(const ServerModel &server, const SwitchModel &sw) const
{
    double rate = std::min(server.nicGbits, sw.portGbits);
    LinkClass cls = sw.protocol == SwitchProtocol::InfiniBand
                            ? LinkClass::InfiniBand
                            : (sw.rdma ? LinkClass::RoCE : LinkClass::Ethernet);
    return mediumFor(cls, rate);
}

std::string Catalog::inferMedium(const SwitchModel &a, const SwitchModel &b) const
{
    // An InfiniBand port and an Ethernet port share no cable (joining the two fabrics takes a
    // gateway, which is not a switch port); the project loader refuses such a link too.
    if (a.protocol != b.protocol)
        return {};
    double rate = std::min(a.portGbits, b.portGbits);
    LinkClass cls = LinkClass::InfiniBand;
    if (a.protocol == SwitchProtocol::Ethernet)
        cls = (a.rdma && b.rdma) ? LinkClass::RoCE : LinkClass::Ethernet;
    return mediumFor(cls, rate);
}

} // namespace topoplan
