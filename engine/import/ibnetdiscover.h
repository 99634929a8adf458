#pragma once

#include "engine/core/error.h"
#include "engine/import/importreport.h"
#include "engine/model/infiniband.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// ibnetdiscover's output as infiniband-diags writes it (rdma-core infiniband-diags/
// ibnetdiscover.c): the default topology format (vendid/devid/...guid lines, then a
// "Switch"/"Ca"/"Rt" header and one line per connected port), and the port listing of
// `ibnetdiscover -p` (one line per port: "SW 73 1 0x... 4x NDR - CA 647 1 0x... ( 'a' - 'b' )").
// Only what the fabric is made of is kept: nodes, their descriptions and device ids, and every
// cable once, with its width and speed.
namespace topoplan::ib {

enum class NodeType { Switch, Ca, Router };

struct Node
{
    NodeType type = NodeType::Ca;
    std::string name; // as ibnetdiscover names it: "S-2c5eab0300b87b40", "H-..."
    std::string desc; // the node description: "dgx017 mlx5_3", "MF0;leaf-01:MQM9701/U1"
    int ports = 0;    // the port count its header states (or the highest port seen)
    std::optional<std::uint32_t> devid, vendid;
    int line = 0;          // its header line, or the first line that names it
    bool declared = false; // it has a record of its own (not only named by a neighbour)
};

struct Cable
{
    int a = 0, aPort = 0; // node index, port number (1-based, as InfiniBand numbers them)
    int b = 0, bPort = 0;
    int lanes = 0;     // 1, 2, 4, 8, 12; 0 = not stated or "??"
    std::string speed; // "NDR"; empty when not stated or "???"
    int line = 0;      // the first line that states it
};

struct Fabric
{
    std::string format; // "ibnetdiscover" or "ibnetdiscover -p"
    std::vector<Node> nodes;
    std::vector<Cable> cables;
};

inline constexpr int kMaxPorts = infiniband::kMaxPorts;

// Whether `text` looks like ibnetdiscover output (for choosing an importer by content).
bool looksLikeIbnetdiscover(std::string_view text);

// Parses either format. Lines that are no part of the format (an error message a tool wrote
// before the header) are noted in `report` and skipped; a malformed record is an Error naming
// `file`, the line and what was expected.
Expected<Fabric> parseIbnetdiscover(std::string_view text, const std::string &file,
                                    ImportReport *report);

} // namespace topoplan::ib
