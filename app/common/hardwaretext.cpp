#include "app/common/hardwaretext.h"

#include "app/common/units.h"

#include <QCoreApplication>

namespace topoplan {

QString shortModelName(const std::string &modelId)
{
    return QString::fromStdString(modelId).toUpper().replace(QLatin1Char('-'), QLatin1Char(' '));
}

QString scaleUpText(const ScaleUpFabric &fabric)
{
    if (!fabric.medium)
        return {};
    return QString::fromStdString(fabric.medium->name) + QStringLiteral(" \u00b7 ")
           + units::bandwidth(fabric.perGpuGBs);
}

QString scaleUpGroupText(const ScaleUpFabric &fabric)
{
    if (fabric.groupGpus == 2)
        return QCoreApplication::translate("Diagram",
                                           "NVLink bridges join the GPUs in pairs; between pairs "
                                           "they talk over PCIe");
    if (fabric.groupGpus > 2)
        return QCoreApplication::translate("Diagram",
                                           "NVLink bridges join the GPUs in groups of %1; "
                                           "between groups they talk over PCIe")
                .arg(fabric.groupGpus);
    return {};
}

QString busBandwidthText(const CollectiveChoice &choice)
{
    const QString bandwidth = units::bandwidth(choice.busbwGBs);
    if (!reducesInSwitches(choice.algorithm))
        return bandwidth;
    return bandwidth + QLatin1Char(' ') + QLatin1String(toString(choice.algorithm));
}

} // namespace topoplan
