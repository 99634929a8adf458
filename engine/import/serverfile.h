#pragma once

#include "engine/core/error.h"
#include "engine/import/importreport.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// What one server reports about its insides, from two files:
// - NCCL's topology XML (what NCCL_TOPO_DUMP_FILE writes, and the NCCL_TOPO_FILE inputs cloud
//   images ship; tags system, cpu, pci, gpu, nvlink, nic, net as NCCL's src/graph/xml.cc and
//   topo.cc read them), read by a small bounded XML reader of its own;
// - the matrix `nvidia-smi topo -m` prints (X, SYS, NODE, PHB, PXB, PIX, NV#).
// The facts pick (or check) the server model in the catalog.
namespace topoplan {

struct ServerFacts
{
    std::string file;
    std::string format; // "NCCL topology" or "nvidia-smi topo -m"
    int gpus = 0;
    int sm = 0;            // compute capability x 10 as NCCL writes it (90: Hopper), 0 unknown
    std::string gpuVendor; // "NVIDIA" (NCCL's file), "AMD" (RCCL's), "" not stated
    int pciDevice = 0;     // the GPUs' PCI device id (0x20b2), 0 not stated or not all alike
    std::string gfx;       // an AMD GPU's architecture as RCCL writes it ("gfx942")
    int nvlinksPerGpu = 0; // NVLink links of one GPU (NV18 -> 18), 0 none or not stated
    bool nvswitch = false; // every GPU reaches every other over the same NVLink count (NVSwitch)
    // Peer GPUs each GPU has NVLink (or xGMI) to, directly rather than through an NVSwitch, when
    // it is the same for every GPU (a bridged pair: 1, an 8-GPU mesh: 7); -1 when GPUs differ,
    // 0 when no GPU has a direct peer or an NVSwitch joins them (every pair alike).
    int nvlinkPeers = 0;
    // Where those peers are not blocks of consecutive GPUs (bridges joining GPU0 and GPU4), the
    // first such pair ("GPU0 with GPU4"); empty otherwise.
    std::string nvlinkGroupsOutOfOrder;
    // GPUs of an NVSwitch board that show no NVLink while the others reach each other over the
    // same count ("GPU2"): their links are down. The board is read as the NVSwitch it is.
    std::vector<std::string> nvlinkDown;
    // False for `topo -mp`, which shows PCIe paths only, and for an NCCL file whose GPUs list
    // no <nvlink> (<xgmi> in RCCL's): NCCL and RCCL then ask the driver.
    bool nvlinkStated = true;
    int nics = 0; // network adapters seen
    // NICs beside a GPU: on its PCIe switch (PIX or PXB), or on the CPU of a GPU joined to it
    // by C2C (Grace: GB200), which reaches its NICs through the CPU. -1: the file cannot tell
    // (nvidia-smi on Grace shows every path between a GPU and a NIC as SYS).
    int computeNics = 0;
    double nicGbits = 0; // 0: not stated
    // Where the file's speed was not in NCCL's unit (Mb/s), how it was read (empty otherwise).
    std::string nicSpeedRead;
    bool nicInfiniBand = true;
    double pcieGTs = 0; // GPU link speed, 0 unknown
    std::vector<std::string> nicNames;
    int line = 0; // where the first GPU is stated
    // Hosts the file describes: NCCL fuses the topologies of every host of a multi-node NVLink
    // domain (MNNVL: GB200 trays) into one file, each host's <cpu> elements marked with its
    // host_hash. The counts above are then one host's.
    int hosts = 1;
};

bool looksLikeNcclTopology(std::string_view text);
bool looksLikeNvidiaSmiTopo(std::string_view text);

// Errors name the file, the line and what was expected (an NCCL graph file, which lists
// channels rather than the hardware, is refused as such).
Expected<ServerFacts> parseNcclTopology(std::string_view text, const std::string &file);
Expected<ServerFacts> parseNvidiaSmiTopo(std::string_view text, const std::string &file);

// The catalog server these facts describe, preferring `current` where it fits; empty when
// none does (the report says why). `why` gets what decided it; `gpuAssumed`, when given, is
// set where the file does not name the GPU and servers of other GPUs fit as well (nvidia-smi's
// matrix), so the model is an assumption.
std::string matchServerModel(const ServerFacts &facts, const Catalog &catalog,
                             const std::string &current, std::string *why,
                             bool *gpuAssumed = nullptr);

// Sets or checks the model of every server of `p` of the file's kind (servers whose model has
// as many NICs as the file's model), noting what it did in `report`. Without servers in `p`,
// adds one server of that model. Fails only when the file names no catalog server and `p`
// has no servers to keep.
std::optional<Error> applyServerFacts(Project *p, const ServerFacts &facts, const Catalog &catalog,
                                      ImportReport *report);

} // namespace topoplan
