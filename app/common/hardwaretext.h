#pragma once

#include "engine/model/catalog.h"
#include "engine/perf/perfcomm.h"

#include <QString>

namespace topoplan {

// How the canvas, the status bar and tooltips name hardware, from catalog entries.

// A catalog id as a compact label: "dgx-h100" -> "DGX H100", "qm9700" -> "QM9700".
QString shortModelName(const std::string &modelId);

// The scale-up fabric (scaleUpFabric() of engine/model/catalog) as text: "NVLink 4 · 450 GB/s"
QString scaleUpText(const ScaleUpFabric &fabric);
// Where it joins the GPUs in groups (bridged servers), a sentence that says so; else empty.
QString scaleUpGroupText(const ScaleUpFabric &fabric);

// The bus bandwidth a group's collective gets, with the algorithm where it is not a ring
// (bulkCollective() of engine/perf/perfcomm): "368 GB/s", "481 GB/s NVLS".
QString busBandwidthText(const CollectiveChoice &choice);

} // namespace topoplan
