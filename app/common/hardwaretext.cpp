#include "app/common/hardwaretext.h"

#include "app/common/units.h"

namespace topoplan {

QString shortModelName(const std::string &modelId)
{
    return QString::fromStdString(modelId).toUpper().replace(QLatin1Char('-'), QLatin1Char(' '));
}

ScaleUpFabric scaleUpFabric(const ServerModel &server, const Catalog &catalog)
{
    ScaleUpFabric f;
    const GpuModel *gpu = catalog.gpu(server.gpu);
    if (!gpu)
        return f;
    if (gpu->nvlinkLinks > 0 && (f.medium = catalog.medium(gpu->nvlink))) {
        f.perGpuGBs = f.medium->bandwidthGBs * gpu->nvlinkLinks;
    } else if ((f.medium = catalog.medium(server.pcie))) {
        f.perGpuGBs = f.medium->bandwidthGBs; // one x16 slot per GPU
    }
    if (f.medium)
        f.linkClass = f.medium->linkClass;
    return f;
}

QString scaleUpText(const ScaleUpFabric &fabric)
{
    if (!fabric.medium)
        return {};
    return QString::fromStdString(fabric.medium->name) + QStringLiteral(" \u00b7 ")
           + units::bandwidth(fabric.perGpuGBs);
}

} // namespace topoplan
