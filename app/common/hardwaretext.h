#pragma once

#include "engine/model/catalog.h"

#include <QString>

namespace topoplan {

// How the canvas, the status bar and tooltips name hardware, from catalog entries.

// A catalog id as a compact label: "dgx-h100" -> "DGX H100", "qm9700" -> "QM9700".
QString shortModelName(const std::string &modelId);

// The link one GPU of a server uses to reach its peers without leaving the NVLink domain:
// NVLink (or xGMI) at gpu.nvlinkLinks x the medium's per-link rate; PCIe when it has none.
struct ScaleUpFabric
{
    const Medium *medium = nullptr; // nullptr when the catalog lacks the medium
    double perGpuGBs = 0;           // per direction, line rate
    LinkClass linkClass = LinkClass::PCIe;
};
ScaleUpFabric scaleUpFabric(const ServerModel &server, const Catalog &catalog);
// "NVLink 4 · 450 GB/s"
QString scaleUpText(const ScaleUpFabric &fabric);

} // namespace topoplan
