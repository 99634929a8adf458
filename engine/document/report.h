#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <optional>
#include <string>
#include <vector>

namespace topoplan {

// The design report (issue 13, point 5): everything a design document says about a design, as a
// structured model that any renderer turns into a page (the app writes it as PDF and as a
// self-contained HTML page). The engine decides what the report says; a renderer only decides
// how it looks. Deterministic: the same design and options give the same report.

struct ReportTable
{
    std::vector<std::string> headers;
    std::vector<std::vector<std::string>> rows; // each as many cells as headers
    // Columns holding figures, which a renderer aligns right.
    std::vector<bool> numeric;
};

// The figures a renderer draws: the diagram of the design (the app's canvas drawing) and the
// two charts, drawn from Report::sweep and Report::step.
enum class ReportFigure { Diagram, SweepChart, StepChart };
const char *toString(ReportFigure f); // "diagram", "tp-sweep", "step-time"

struct ReportBlock
{
    enum class Kind { Paragraph, Table, Figure };
    Kind kind = Kind::Paragraph;
    std::string text; // the paragraph, or the caption of the table or figure
    ReportTable table;
    ReportFigure figure = ReportFigure::Diagram;
    // A paragraph that is a finding: "error", "warning" or "info" (a diagnostic); else empty.
    std::string severity;
};

struct ReportSection
{
    std::string id; // "summary", "job", "groups", "diagnostics", "charts", "bom", "catalog"
    std::string title;
    std::vector<ReportBlock> blocks;
};

// The TP sweep chart: tokens/s per GPU at each width, re-planned (best) and with the rest of
// the plan held; NaN where there is no valid plan.
struct ReportSweepPoint
{
    int tp = 1;
    double best = 0;
    double held = 0;
};
struct ReportSweepChart
{
    int domainSize = 0; // the largest NVLink domain: where the cliff is
    int currentTp = 0;  // the job's plan
    std::vector<ReportSweepPoint> points;
};

// The step-time chart: the step's exposed parts stacked, and what runs hidden behind compute.
struct ReportStepPart
{
    std::string label; // "compute", "optimizer", "TP", ..., "pipeline bubble"
    double seconds = 0;
};
struct ReportStepChart
{
    double stepTimeS = 0;
    std::vector<ReportStepPart> exposed; // adds up to stepTimeS
    std::vector<ReportStepPart> hidden;
};

struct Report
{
    std::string title;    // the project's name
    std::string subtitle; // "Design report"
    // The title block: (label, value) rows: project, author, date, revision, GPUs, ...
    std::vector<std::pair<std::string, std::string>> titleBlock;
    std::vector<ReportSection> sections;
    std::optional<ReportSweepChart> sweep; // without a job (or a valid plan): none
    std::optional<ReportStepChart> step;

    const ReportSection *section(const std::string &id) const;
};

struct ReportOptions
{
    std::string author; // empty: "not stated"
    std::string date;   // as it is to be printed ("2026-12-04")
    // The design's revision as its authors count it ("B", "2.1"); empty: the project's
    // (Project::revision), and "none" when that is empty too.
    std::string revision;
    bool sweep = true; // run the TP sweep (the slowest part for a large design)
};

// The report of `p`: title block, the diagram's slot, the design summary (servers, GPUs,
// NVLink domains, fabrics and tiers with their oversubscription), the job and its plan (model,
// batch, degrees, throughput, MFU, memory), the per-group bandwidth table, the diagnostics with
// their severity and what to do, the TP sweep and step-time charts, the bill of materials and
// the catalog figures the numbers rest on, each with its source. A design without a job still
// has every section, saying that there is no job. Fails when the design cannot be expanded or
// a catalog model is unknown (the Error names it).
Expected<Report> buildReport(const Project &p, const Catalog &c, const ReportOptions &o);

// The report as plain text: every section, paragraph and table row; a figure as its slot and
// caption. For golden files, and for anyone who wants the report without a renderer.
std::string reportText(const Report &r);

} // namespace topoplan
