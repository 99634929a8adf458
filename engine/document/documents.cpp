#include "engine/document/documents.h"

#include "engine/document/report.h"
#include "engine/model/naming.h"

namespace topoplan {

const std::vector<DocumentFormatInfo> &documentFormats()
{
    static const std::vector<DocumentFormatInfo> formats = {
            {DocumentFormat::Bom, "bom", "", "bill of materials (CSV)"},
            {DocumentFormat::Cables, "cables", "", "cabling plan (CSV)"},
            {DocumentFormat::BomXlsx, "bom-xlsx", "", "bill of materials (Excel workbook)"},
            {DocumentFormat::CablesXlsx, "cables-xlsx", "", "cabling plan (Excel workbook)"},
            {DocumentFormat::Cvt, "cvt", "",
             "cabling as NVIDIA Cable Validation Tool's P2P file (CSV)"},
            {DocumentFormat::CvtXlsx, "cvt-xlsx", "",
             "cabling as NVIDIA Cable Validation Tool's P2P file (Excel workbook)"},
            {DocumentFormat::SlurmTree, "slurm-tree", "", "Slurm topology.conf, topology/tree"},
            {DocumentFormat::SlurmBlock, "slurm-block", "", "Slurm topology.conf, topology/block"},
            {DocumentFormat::SlurmYaml, "slurm-yaml", "", "Slurm topology.yaml"},
            {DocumentFormat::K8sLabels, "k8s-labels", "",
             "Kubernetes node labels (topograph's keys, kubectl label script)"},
            {DocumentFormat::Topograph, "topograph", "", "topograph model file (YAML)"},
            {DocumentFormat::Drawio, "drawio", "drawio", "draw.io diagram (uncompressed XML)"},
            {DocumentFormat::Dot, "dot", "dot", "Graphviz DOT"},
            {DocumentFormat::DotAir, "dot-air", "", "Graphviz DOT for NVIDIA Air (ports)"},
            {DocumentFormat::Ibsim, "ibsim", "", "ibsim fabric simulator net file"},
            {DocumentFormat::Ibnetdiscover, "ibnetdiscover", "",
             "ibnetdiscover topology text (InfiniBand)"},
            {DocumentFormat::Report, "report", "",
             "design report (PDF or HTML by the file's suffix; plain text otherwise)"},
    };
    return formats;
}

std::optional<DocumentFormat> documentFormatFromName(const std::string &name)
{
    for (const DocumentFormatInfo &f : documentFormats())
        if (name == f.name)
            return f.format;
    return std::nullopt;
}

std::optional<DocumentFormat> documentFormatForFile(const std::string &path)
{
    const std::size_t dot = path.rfind('.');
    const std::size_t slash = path.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return std::nullopt;
    std::string suffix = path.substr(dot + 1);
    for (char &ch : suffix)
        if (ch >= 'A' && ch <= 'Z')
            ch = char(ch - 'A' + 'a');
    for (const DocumentFormatInfo &f : documentFormats())
        if (*f.suffix && suffix == f.suffix)
            return f.format;
    return std::nullopt;
}

DocumentFormat documentFormatForTarget(DocumentFormat f, const std::string &path)
{
    std::string suffix = path.size() >= 5 ? path.substr(path.size() - 5) : std::string();
    for (char &ch : suffix)
        if (ch >= 'A' && ch <= 'Z')
            ch = char(ch - 'A' + 'a');
    if (suffix != ".xlsx")
        return f;
    return f == DocumentFormat::Bom      ? DocumentFormat::BomXlsx
           : f == DocumentFormat::Cables ? DocumentFormat::CablesXlsx
           : f == DocumentFormat::Cvt    ? DocumentFormat::CvtXlsx
                                         : f;
}

Expected<std::string> writeDocument(DocumentFormat f, const Project &p, const Catalog &c)
{
    // Whatever made the project, a name that breaks the rule of names (a line break that would
    // write a line of its own) is refused here, with the name and the character, never written.
    if (std::optional<Error> e = checkProjectNames(p))
        return *e;
    switch (f) {
    case DocumentFormat::Bom:
        return bomCsv(p, c);
    case DocumentFormat::Cables:
        return cablingCsv(p, c);
    case DocumentFormat::BomXlsx:
        return bomXlsx(p, c);
    case DocumentFormat::CablesXlsx:
        return cablingXlsx(p, c);
    case DocumentFormat::Cvt:
        return cvtP2pCsv(p, c);
    case DocumentFormat::CvtXlsx:
        return cvtP2pXlsx(p, c);
    case DocumentFormat::SlurmTree:
        return slurmTreeConf(p, c);
    case DocumentFormat::SlurmBlock:
        return slurmBlockConf(p, c);
    case DocumentFormat::SlurmYaml:
        return slurmTopologyYaml(p, c);
    case DocumentFormat::K8sLabels:
        return k8sNodeLabels(p, c);
    case DocumentFormat::Topograph:
        return topographModel(p, c);
    case DocumentFormat::Drawio:
        return drawioXml(p, c);
    case DocumentFormat::Dot:
        return dotPlain(p, c);
    case DocumentFormat::DotAir:
        return dotAir(p, c);
    case DocumentFormat::Ibsim:
        return ibsimNet(p, c);
    case DocumentFormat::Ibnetdiscover:
        return ibnetdiscoverText(p, c);
    case DocumentFormat::Report: {
        Expected<Report> r = buildReport(p, c, {});
        if (!r)
            return r.error();
        return reportText(*r);
    }
    }
    return Error{"", "", "unknown document format"};
}

} // namespace topoplan
