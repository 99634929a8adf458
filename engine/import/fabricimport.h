#pragma once

#include "engine/core/error.h"
#include "engine/import/ibnetdiscover.h"
#include "engine/import/importreport.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <string>

// An InfiniBand fabric as ibnetdiscover saw it, made into a laid-out project:
// - Channel adapters are grouped into servers by the host name their node description starts
//   with ("dgx017 HCA-3", "dgx017 mlx5_3"); the adapter's number is the server's NIC (HCA-3 is
//   NIC 2, mlx5_3 NIC 3), so rails keep their numbers when only some rails are seen. The
//   server model is the catalog's with enough NICs at the cables' rate (the report names the
//   alternatives); without one, a model of its own is added to the project's catalog.
// - Switches are recognised by their description (MQM9701 is a QM9700) or device id; an
//   unknown one becomes a switch model of its own with the port count it reported.
// - Tiers are the distance from the hosts: leaves touch them, spines are one switch further,
//   cores beyond. Rail-optimized wiring is detected (every leaf holds one NIC number only).
// - Cables between the same two devices on consecutive ports become one bundle.
// - What is not mapped (SHARP aggregation nodes, adapters without a host name, loopback
//   cables, hosts with far fewer adapters than the servers) is noted in the report with its
//   line, as is every assumption.
namespace topoplan {

Expected<Project> projectFromFabric(const ib::Fabric &fabric, const std::string &file,
                                    const Catalog &catalog, ImportReport *report);

// The host name and adapter number a node description states: "dgx017 HCA-3" -> dgx017, 2;
// "dgx017 mlx5_3" -> dgx017, 3. False for a description without a host name ("MT4129
// ConnectX7 Mellanox Technologies", "Mellanox Technologies Aggregation Node").
bool hostOfAdapter(const std::string &desc, std::string *host, int *adapter);
// A node description that is a host name alone ("atlas35"), as drivers before 2008 set it: the
// adapter is the host's only one named. Not a device ("HCA-1", "mlx5_0") or a vendor's name.
bool bareHostName(const std::string &desc, std::string *host);

// Orders names as people do: "dgx-2" before "dgx-10".
bool naturalLess(const std::string &a, const std::string &b);

} // namespace topoplan
