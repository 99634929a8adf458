#pragma once

#include "engine/core/error.h"
#include "engine/model/networkparts.h"
#include "engine/model/prices.h"
#include "engine/model/publishedruns.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace topoplan {

class JsonIn;

// Limits on what a catalog entry or a project may state (docs/manual/limits.md): far
// above any machine built today, low enough that expanding a design cannot exhaust memory.
inline constexpr int kMaxGpusPerServer = 576; // also trays per server
// The largest NVLink domain the file format accepts: NVLink 5's 576 (Medium::maxDomainGpus
// of the catalog sets each generation's own limit).
inline constexpr int kMaxGpusPerDomain = 576;
// The longest cable reach a catalog states, metres (ZR optics reach 80 km; more is a typo).
inline constexpr double kMaxCableReachM = 100000;
inline constexpr int kMaxNvswitchesPerServer = 144;
inline constexpr int kMaxNicsPerServer = 1152;
inline constexpr int kMaxNvlinkLinks = 64; // NVLink links of one GPU
inline constexpr int kMaxSwitchPorts = 2048;
inline constexpr int kMaxCablesPerLink = 2048; // the cables of one link (a bundle)
// The expanded fabric graph (every GPU, NVSwitch, NIC, switch and cable) of one design.
inline constexpr long long kMaxFabricElements = 20'000'000;

// How a link carries traffic. Ordered from best to worst for training traffic, so that the
// worst class on a path is the max().
enum class LinkClass { NVLink, XGMI, InfiniBand, RoCE, PCIe, Ethernet };

const char *toString(LinkClass c); // "nvlink", "xgmi", "infiniband", "roce", "pcie", "ethernet"
bool linkClassFromString(const std::string &s, LinkClass *out);
bool isRdma(LinkClass c);    // NVLink, xGMI, IB, RoCE: GPU-direct capable
bool isNetwork(LinkClass c); // IB, RoCE or Ethernet: cables between boxes

// A kind of link. Bandwidth is per link (an NVLink link, a PCIe x16 slot, a network port) and
// per direction, in GB/s (1e9 bytes/s).
// How far each kind of cable carries a network medium's signal, metres; 0 where the kind is
// not made for it (no copper at 200G-PAM4, no multimode at XDR). The cabling documents pick
// the cheapest kind that reaches (engine/document/hardware.h, cableFor).
struct CableReach
{
    double dac = 0; // passive direct-attach copper
    double acc = 0; // active copper (linear or DSP-retimed), switch to switch
    double mmf = 0; // multimode fibre with SR optics
    double smf = 0; // parallel single-mode fibre (MPO) with DR optics
    double lc = 0;  // duplex single-mode fibre (LC) with FR optics
    bool operator==(const CableReach &) const = default;
};

struct Medium
{
    std::string id;
    std::string name;
    LinkClass linkClass = LinkClass::Ethernet;
    double bandwidthGBs = 0; // per direction
    double latencyUs = 0;    // per hop, as an alpha-beta collective model sees it
    double efficiency = 1;   // achievable fraction of line rate for large collectives
    // NVLink SHARP (NVLS): the all-reduce bus bandwidth over line rate when the NVSwitch
    // generation built for this NVLink reduces in the switch (NVSwitch 3, NVLink 4, and later);
    // 0 where the switches cannot (NVLink 3 and older, meshes, PCIe).
    double nvlsEfficiency = 0;
    // The most GPUs one domain of this scale-up link can join through its switches (NVLink 4's
    // NVLink Switch System 256, NVLink 5's 576); 0 where it is not switched across servers.
    int maxDomainGpus = 0;
    // Network media: the cables that carry it, by reach. Unstated: multimode to 50 m, DR to
    // 500 m, FR to 2 km, no copper (NVIDIA LinkX 100G-PAM4 figures, see catalog.json ib-ndr).
    CableReach reach = {0, 0, 50, 500, 2000};
    std::string source;

    double effectiveGBs() const { return bandwidthGBs * efficiency; }
    bool isNetwork() const; // IB, RoCE or Ethernet: cables between boxes
};

struct GpuModel
{
    std::string id;
    std::string name;
    std::string vendor;
    double bf16Tflops = 0;
    double fp8Tflops = 0;
    double hbmGB = 0;
    double hbmTBs = 0;
    std::string nvlink; // medium id of the scale-up link ("nvlink4", "xgmi", "pcie5")
    int nvlinkLinks = 0;
    double tdpW = 0;
    // Compute efficiencies for the step-time model (engine/perfcompute.h). Defaults apply when a
    // catalog entry leaves them out.
    int sms = 132;                // streaming multiprocessors (compute units): wave quantization
    double gemmEfficiency = 0.7;  // sustained fraction of bf16 peak in large BF16 GEMMs
    double fp8GemmEfficiency = 0; // the same for FP8 GEMMs; 0 = gemmEfficiency
    double attentionEfficiency = 0.5; // fused (flash) attention fwd+bwd, fraction of bf16 peak
    // How far apart a node's GPUs sustain their GEMMs when all of them compute at once (power
    // and cooling shared on the board, the silicon lottery): (fastest - slowest) / mean. The
    // efficiencies above are the mean GPU's; a synchronous step waits for its slowest GPU,
    // spread / 2 below the mean. 0: not measured, the step runs at the mean.
    double sustainedSpread = 0;
    // CUDA compute capability times ten, as NCCL's topology XML states it (sm="90" for 9.0);
    // the importers match a GPU by it. 0: not stated (not an NVIDIA GPU, or not known).
    int sm = 0;
    // The PCI device ids its boards report (0x20b2: A100 SXM4 80GB), as lspci and NCCL's topology
    // XML give them; the importers tell GPUs of one compute capability apart by them. Empty: not
    // stated, no file's device id rules it out.
    std::vector<int> pciDeviceIds;
    // The share of the mean GPU's sustained compute rate that the slowest one holds.
    double paceFactor() const { return 1 - sustainedSpread / 2; }
    std::string source;
};

// How a server's GPUs are joined by NVLink.
enum class NVLinkScope {
    Board,    // its own NVSwitch baseboard: one domain of its GPUs (DGX/HGX)
    External, // NVLink leaves the box; trays placed in one domain share it (GB200 tray)
    Rack,     // the node is a whole rack-scale domain (GB200 NVL72)
    Mesh,     // GPUs fully connected peer to peer (MI300X xGMI)
    // NVLink bridges join the GPUs in groups of ServerModel::nvlinkGroupGpus (H100 NVL: pairs),
    // each group a domain of its own; between groups the GPUs talk over PCIe.
    Bridged,
    None, // PCIe only
};
const char *toString(NVLinkScope s);

struct ServerModel
{
    std::string id;
    std::string name;
    std::string gpu; // GpuModel id
    int gpus = 0;
    int nvswitches = 0;
    NVLinkScope nvlinkScope = NVLinkScope::None;
    // GPUs an NVLink bridge joins (NVLinkScope::Bridged): 2 for H100 NVL pairs; a divisor of
    // `gpus`, fewer than all of them. 0 for every other scope.
    int nvlinkGroupGpus = 0;
    int trays = 1;
    int nics = 0;          // compute NICs, one port each
    double nicGbits = 0;   // line rate of one NIC, Gb/s
    std::string nicMedium; // default medium on an InfiniBand fabric
    std::string pcie;      // medium id of the GPU <-> NIC PCIe path
    // What one GPU copies to or from host memory, GB/s per direction, with all the server's GPUs
    // copying at once (activation offloading). 0: as the PCIe medium carries it (its bandwidth
    // at its efficiency); a GPU beside its CPU on NVLink-C2C states its share of that link.
    double hostLinkGBs = 0;
    // The server's host memory (DDR or LPDDR), GB as vendors state it (binary, like HBM: the
    // unit of the memory estimates). 0: not stated, and nothing offloaded to it is checked.
    double hostMemoryGB = 0;
    double rackUnits = 0;
    double powerKW = 0;
    std::string source;
};

enum class SwitchProtocol { InfiniBand, Ethernet };

struct SwitchModel
{
    std::string id;
    std::string name;
    SwitchProtocol protocol = SwitchProtocol::InfiniBand;
    bool rdma = true; // RoCE-capable (always true for InfiniBand)
    int ports = 0;
    double portGbits = 0;
    std::string medium; // default medium of its ports
    double latencyNs = 0;
    // InfiniBand SHARP: the switch reduces in the network (Quantum-2 and later, streaming
    // aggregation of large messages); NCCL uses it through the SHARP plugin (CollNet).
    bool sharp = false;
    // The switch's own power without the optics in its cages, watts, as its datasheet states it;
    // 0: not stated. The transceivers' power is theirs (TransceiverModel::powerW).
    double powerW = 0;
    std::string source;
};

// The collective library's costs that belong to no one link (NCCL's tuning model): what a
// collective pays whatever its size, and how much longer a ring all-reduce's pipeline takes to
// fill and drain once it leaves the NVLink domain. Per-step hop latencies are the media's.
struct CollectiveTuning
{
    double ringBaseLatencyUs = 0;
    double multiDomainRingFactor = 1;
    // Network channels (NIC pairs) an NCCL ring drives across each NVLink-domain boundary, however
    // many members a domain has: the ring's channels share out those NICs. 0: unbounded (one per
    // member pair).
    int ringNetworkChannels = 0;
    // An NVLink SHARP all-reduce's latency, whatever its size.
    double nvlsLatencyUs = 0;
    // An all-reduce through InfiniBand SHARP (NCCL's CollNet): its latency, whatever its size.
    double sharpLatencyUs = 0;
    std::string source;
};

// The hardware catalog: data (resources/catalog.json), not code. A project may add or
// override entries through its own "catalog" section (same shape), see Catalog::merged().
class Catalog;

// The link one GPU uses to reach its peers without leaving its NVLink domain: NVLink (or xGMI)
// at nvlinkLinks x the medium's per-link rate; for a server without, one PCIe x16 slot per GPU.
// The one computation of the per-GPU scale-up bandwidth: the fabric graph, the canvas and the
// CLI's catalog table all use it.
struct ScaleUpFabric
{
    const Medium *medium = nullptr; // nullptr when the catalog lacks the medium
    double perGpuGBs = 0;           // per direction, line rate
    LinkClass linkClass = LinkClass::PCIe;
    // GPUs that reach each other over it: 0 all of the server's (or of its domain), else the
    // size of a bridged group (NVLinkScope::Bridged); between groups they use PCIe.
    int groupGpus = 0;
};
// The GPU's own NVLink/xGMI; no medium when it has none.
ScaleUpFabric gpuScaleUp(const GpuModel &gpu, const Catalog &catalog);
// The server's: its GPU's NVLink, else its PCIe.
ScaleUpFabric scaleUpFabric(const ServerModel &server, const Catalog &catalog);

class Catalog
{
public:
    // Parses a catalog document; errors name the file and JSON path.
    static Expected<Catalog> fromJson(const JsonIn &root);
    static Expected<Catalog> load(const std::string &path);
    // The catalog shipped with TopoPlan (compiled in from resources/catalog.json).
    static const Catalog &builtin();
    // An entry of the built-in catalog's `section` ("media", "gpus", ...) as
    // resources/catalog.json states it; null when it has none of that id.
    static nlohmann::ordered_json builtinEntry(const std::string &section, const std::string &id);

    // This catalog with `overrides` (same shape, any section may be missing) applied: an
    // entry with a known id replaces it, a new id is added.
    Expected<Catalog> merged(const JsonIn &overrides) const;
    // This catalog with the prices of a price file (`--prices FILE`, File > Import Prices): a
    // document in the catalog's format whose only section is "prices". Errors name the file and
    // the JSON path (a price for a model the catalog lacks, a negative price, another section).
    Expected<Catalog> withPrices(const JsonIn &document) const;

    const Medium *medium(const std::string &id) const;
    const GpuModel *gpu(const std::string &id) const;
    const ServerModel *server(const std::string &id) const;
    const SwitchModel *switchModel(const std::string &id) const;
    const TransceiverModel *transceiver(const std::string &id) const;
    const CableModel *cable(const std::string &id) const;
    const NicModel *nic(const std::string &id) const;
    // The transceiver a cage of `ports` ports of `portGbits` each takes with `optics` ("SR",
    // "DR", "FR") for a link of `medium`: one that carries the medium at the cage's rate (an
    // SN5600's 800G cage takes the twin-port 2x400G module as one 800GbE port); nullptr when the
    // catalog lists none.
    const TransceiverModel *transceiverFor(int ports, double portGbits, const std::string &optics,
                                           const std::string &medium) const;
    // What the user pays for each part (empty unless a price file or the project states it).
    const PriceBook &prices() const { return m_prices; }
    // A server's host copy rate per GPU (ServerModel::hostLinkGBs, else its PCIe medium's
    // achievable rate); 0 when neither is known.
    double hostLinkGBs(const ServerModel &s) const;

    const std::map<std::string, Medium> &media() const { return m_media; }
    const std::map<std::string, GpuModel> &gpus() const { return m_gpus; }
    const std::map<std::string, ServerModel> &servers() const { return m_servers; }
    const std::map<std::string, SwitchModel> &switches() const { return m_switches; }
    const std::map<std::string, TransceiverModel> &transceivers() const { return m_transceivers; }
    const std::map<std::string, CableModel> &cables() const { return m_cables; }
    const std::map<std::string, NicModel> &nics() const { return m_nics; }
    const CollectiveTuning &collectives() const { return m_collectives; }
    // Published training runs with the engine's projection of each: the projections'
    // uncertainty (projectionBand()). Empty when the catalog states none.
    const std::vector<PublishedRunRecord> &publishedRuns() const { return m_publishedRuns; }

    // The medium that a link from a NIC of `server` to a port of `sw` would use: the NIC speaks
    // the switch's protocol (InfiniBand; RoCE on an RDMA Ethernet switch; plain Ethernet
    // otherwise) at the lower of the two line rates. Empty when the catalog has no such medium.
    std::string inferMedium(const ServerModel &server, const SwitchModel &sw) const;
    // The medium between two switches: the lower port speed, in the switches' protocol (RoCE
    // only where both are RDMA-capable). Empty between an InfiniBand and an Ethernet switch.
    std::string inferMedium(const SwitchModel &a, const SwitchModel &b) const;
    // The network medium of `cls` at `gbits` line rate, if the catalog has one.
    std::string mediumFor(LinkClass cls, double gbits) const;

    // Catalog-wide sanity: every reference (server -> gpu, media ids) resolves. An error names
    // the file and JSON pointer of the offending member ("/servers/1/gpu"; `file` and the
    // section's path where the entry's origin is not known) and what it should have named.
    std::optional<Error> checkReferences(const std::string &file) const;
    // Every price names an entry of the catalog (a server, switch, transceiver, NIC or a kind of
    // cable it lists); the error names the price's file and JSON pointer.
    std::optional<Error> checkPrices() const;

private:
    // Where an entry was read from: its file and JSON pointer ("/catalog/servers/0").
    struct Origin
    {
        std::string file;
        std::string pointer;
    };

    void parseInto(const JsonIn &root, bool partial);
    Error referenceError(const std::string &file, const char *section, const std::string &id,
                         const char *member, const std::string &message) const;

    std::map<std::string, Medium> m_media;
    std::map<std::string, GpuModel> m_gpus;
    std::map<std::string, ServerModel> m_servers;
    std::map<std::string, SwitchModel> m_switches;
    std::map<std::string, TransceiverModel> m_transceivers;
    std::map<std::string, CableModel> m_cables;
    std::map<std::string, NicModel> m_nics;
    PriceBook m_prices;
    CollectiveTuning m_collectives;
    std::vector<PublishedRunRecord> m_publishedRuns;
    std::map<std::string, Origin> m_origins; // by "section/id"
};

} // namespace topoplan
