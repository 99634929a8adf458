// The design report's model (engine/document/report.h): every section for the built-in sample
// and for a design without a job, the figures it shows are the analysis's and the bill of
// materials' own, and the whole model as text against a golden file.
//
// TOPOPLAN_UPDATE_GOLDEN=1 rewrites the golden file from the current output instead of
// comparing (review the diff before committing it).

#include "engine/document/documents.h"
#include "engine/document/report.h"
#include "engine/generate/templates.h"
#include "engine/model/naming.h"
#include "engine/plan/analysis.h"
#include "engine/plan/sweeppoints.h"

#include "tests/engine/analysisfixtures.h"
#include "tests/engine/golden.h"
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>

using namespace topoplan;

namespace {

Project sample()
{
    const ProjectTemplate *t = findTemplate(kSampleTemplateId);
    if (!t)
        return {};
    Expected<Project> p = instantiate(*t);
    return p ? *p : Project{};
}

const ReportTable *firstTable(const ReportSection *s)
{
    if (!s)
        return nullptr;
    for (const ReportBlock &b : s->blocks)
        if (b.kind == ReportBlock::Kind::Table)
            return &b.table;
    return nullptr;
}

bool hasFigure(const Report &r, ReportFigure f)
{
    for (const ReportSection &s : r.sections)
        for (const ReportBlock &b : s.blocks)
            if (b.kind == ReportBlock::Kind::Figure && b.figure == f)
                return true;
    return false;
}

const std::vector<std::string> kSections{"diagram", "summary", "job",  "groups", "diagnostics",
                                         "charts",  "bom",     "cost", "catalog"};

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everySectionForTheSample();
    void figuresAreTheAnalysisOwn();
    void bomIsTheEngineBillOfMaterials();
    void alikeScalableUnitsAreListedOnce();
    void designWithoutJobStillHasEverySection();
    void jobStatesItsSoftware();
    void sweepLeavesOutPlansThatDoNotFit();
    void golden();
};

void TestReport::everySectionForTheSample()
{
    const Project p = sample();
    QVERIFY(!p.topology.nodes.empty());
    ReportOptions o;
    o.author = "Ada Lovelace";
    o.date = "2026-12-04";
    Expected<Report> r = buildReport(p, Catalog::builtin(), o);
    QVERIFY2(bool(r), r ? "" : r.error().text().c_str());
    QCOMPARE(r->sections.size(), kSections.size());
    for (std::size_t i = 0; i < kSections.size(); ++i) {
        QCOMPARE(r->sections[i].id, kSections[i]);
        QVERIFY2(!r->sections[i].blocks.empty(), kSections[i].c_str());
        QVERIFY(!r->sections[i].title.empty());
    }
    // The title block: author and date as given, no revision in the file.
    auto value = [&](const std::string &k) {
        for (const auto &[key, v] : r->titleBlock)
            if (key == k)
                return v;
        return std::string("(missing)");
    };
    QCOMPARE(value("Project"), p.name);
    QCOMPARE(value("Author"), std::string("Ada Lovelace"));
    QCOMPARE(value("Date"), std::string("2026-12-04"));
    QCOMPARE(value("Revision"), std::string("none"));
    // The project's own revision, unless the export states one (--revision).
    Project revised = p;
    revised.revision = "C.2";
    QCOMPARE(buildReport(revised, Catalog::builtin(), o)->titleBlock[3].second, std::string("C.2"));
    o.revision = "B";
    QCOMPARE(buildReport(p, Catalog::builtin(), o)->titleBlock[3].second, std::string("B"));
    QCOMPARE(buildReport(revised, Catalog::builtin(), o)->titleBlock[3].second, std::string("B"));
    // Figure slots for the diagram and both charts, with the charts' data.
    QVERIFY(hasFigure(*r, ReportFigure::Diagram));
    QVERIFY(hasFigure(*r, ReportFigure::SweepChart));
    QVERIFY(hasFigure(*r, ReportFigure::StepChart));
    QVERIFY(r->sweep.has_value());
    QCOMPARE(r->sweep->domainSize, 8);
    QCOMPARE(r->sweep->currentTp, 8);
    QVERIFY(r->sweep->points.size() >= 4);
    QVERIFY(r->step.has_value());
    double sum = 0;
    for (const ReportStepPart &part : r->step->exposed)
        sum += part.seconds;
    QVERIFY(std::abs(sum - r->step->stepTimeS) < 1e-6 * r->step->stepTimeS);
    // Every table row has as many cells as headers.
    for (const ReportSection &s : r->sections)
        for (const ReportBlock &b : s.blocks)
            for (const auto &row : b.table.rows)
                QCOMPARE(row.size(), b.table.headers.size());
}

void TestReport::figuresAreTheAnalysisOwn()
{
    const Project p = sample();
    Expected<Report> r = buildReport(p, Catalog::builtin(), {});
    QVERIFY(bool(r));
    Expected<Analyzer> a = Analyzer::create(p.topology, Catalog::builtin());
    QVERIFY(bool(a));
    Expected<AnalysisResult> result = a->analyze(*p.workload, *p.plan);
    QVERIFY(bool(result));
    // One row per dimension, in the analysis's order, on its interconnect.
    const ReportTable *groups = firstTable(r->section("groups"));
    QVERIFY(groups);
    QCOMPARE(groups->rows.size(), result->dimensions.size());
    QCOMPARE(groups->rows[0][0], std::string("TP"));
    QCOMPARE(groups->rows[0][3], std::string("NVLink"));
    QCOMPARE(groups->rows[0][4], std::string("369 GB/s"));
    QCOMPARE(groups->rows[1][3], std::string("InfiniBand"));
    // The bottleneck link by the names people gave, as the canvas shows them, never an id.
    for (std::size_t i = 0; i < result->dimensions.size(); ++i) {
        const std::string &id = result->dimensions[i].worst.bottleneckId;
        QCOMPARE(groups->rows[i][8], id.empty() ? std::string("-") : displayName(p.topology, id));
        QVERIFY2(groups->rows[i][8].find("link-") == std::string::npos, groups->rows[i][8].c_str());
        QVERIFY2(groups->rows[i][8].find("node-") == std::string::npos, groups->rows[i][8].c_str());
    }
    // Every diagnostic, with its severity and message (why and what to do).
    const ReportTable *diagnostics = firstTable(r->section("diagnostics"));
    QVERIFY(diagnostics);
    QCOMPARE(diagnostics->rows.size(), result->diagnostics.size());
    for (std::size_t i = 0; i < result->diagnostics.size(); ++i) {
        QCOMPARE(diagnostics->rows[i][0], std::string(toString(result->diagnostics[i].severity)));
        QCOMPARE(diagnostics->rows[i][1], result->diagnostics[i].code);
        QCOMPARE(diagnostics->rows[i][2], result->diagnostics[i].message);
    }
    // The catalog rows cite their sources by number; the appendix lists each source once.
    const ReportSection *appendix = r->section("catalog");
    QVERIFY(appendix);
    const ReportTable *catalog = firstTable(appendix);
    QVERIFY(catalog);
    QVERIFY(catalog->rows.size() >= 4); // GPU, server, switch, media
    const ReportBlock &last = appendix->blocks.back();
    QCOMPARE(int(last.kind), int(ReportBlock::Kind::Table));
    const ReportTable &sources = last.table;
    QVERIFY(!sources.rows.empty());
    QVERIFY(sources.rows.size() <= catalog->rows.size());
    std::set<std::string> cited, texts;
    for (const auto &row : sources.rows) {
        cited.insert(row[0]);
        QVERIFY2(texts.insert(row[1]).second, row[1].c_str()); // each source once
    }
    for (const auto &row : catalog->rows)
        QVERIFY2(cited.count(row[3]), row[1].c_str());
}

void TestReport::bomIsTheEngineBillOfMaterials()
{
    const Project p = sample();
    Expected<BomTable> bom = bomTable(p, Catalog::builtin());
    Expected<BomTable> shown = bomTable(p, Catalog::builtin(), BomDetail::AlikeUnitsOnce);
    QVERIFY(bom && shown);
    Expected<Report> r = buildReport(p, Catalog::builtin(), {});
    QVERIFY(bool(r));
    const ReportTable *t = firstTable(r->section("bom"));
    QVERIFY(t);
    QCOMPARE(t->rows.size(), shown->rows.size());
    for (std::size_t i = 0; i < shown->rows.size(); ++i) {
        QCOMPARE(t->rows[i][0], shown->rows[i].category);
        QCOMPARE(t->rows[i][1], shown->rows[i].item);
    }
    QCOMPARE(t->rows[0][1], std::string("NVIDIA DGX H100 (dgx-h100)"));
    QCOMPARE(t->rows[0][3], std::string("32"));
    // The CSV is the same model: one line per row after the header.
    Expected<std::string> csv = bomCsv(p, Catalog::builtin());
    QVERIFY(bool(csv));
    const std::string header
            = "category,item,detail,quantity,unit_power_w,power_kw,unit_price,price\n";
    const std::size_t at = csv->find(header);
    QVERIFY(at != std::string::npos);
    const std::string rows = csv->substr(at + header.size());
    QCOMPARE(std::size_t(std::count(rows.begin(), rows.end(), '\n')), bom->rows.size());
}

// The report lists scalable units with the same parts once, their cables by kind; the CSV keeps
// every unit by cable length. 4 SUs of 32 DGX H100: one section "each", a quarter of the sum
// of the four.
void TestReport::alikeScalableUnitsAreListedOnce()
{
    const Project p = fixtures::generatedProject("dgx-h100", 128);
    const Catalog &c = Catalog::builtin();
    Expected<BomTable> every = bomTable(p, c);
    Expected<BomTable> once = bomTable(p, c, BomDetail::AlikeUnitsOnce);
    QVERIFY(every && once);
    auto quantities = [](const BomTable &t, const std::string &prefix) {
        std::map<std::string, long long> out; // "<category without the unit> <detail>" -> n
        for (const BomRow &r : t.rows)
            if (r.category.rfind(prefix, 0) == 0) {
                const std::string what = r.category.substr(r.category.rfind(' ') + 1);
                out[what + " " + r.detail] += r.quantity;
            }
        return out;
    };
    const std::string each = "SUs leaf-su1 to leaf-su4 (4 alike), each: ";
    const std::map<std::string, long long> one = quantities(*once, each);
    const std::map<std::string, long long> all = quantities(*every, "SU leaf-su");
    QVERIFY(!one.empty());
    QCOMPARE(one.size(), all.size());
    for (const auto &[what, n] : all)
        QCOMPARE(one.at(what) * 4, n);
    QCOMPARE(one.at("servers 8 GPUs each, 256 GPUs"), 32LL);
    // The design totals are whole in both; the report says where the lengths are.
    QCOMPARE(quantities(*once, "cables").size(), quantities(*every, "cables").size());
    QVERIFY(std::any_of(
            once->assumptions.begin(), once->assumptions.end(),
            [](const std::string &a) { return a.find("by length") != std::string::npos; }));
    Expected<Report> r = buildReport(p, c, {});
    QVERIFY(bool(r));
    const ReportTable *t = firstTable(r->section("bom"));
    QVERIFY(t);
    QCOMPARE(t->rows.size(), once->rows.size());
    QVERIFY(t->rows.size() < every->rows.size());
}

void TestReport::jobStatesItsSoftware()
{
    // The job table says what software the projection assumes: the sample's defaults, then a
    // DeepSeek-V3 job's routing, dispatch and recompute modules as stated.
    Project p = sample();
    const auto rowOf = [](const Report &r, const std::string &key) {
        const ReportTable *job = firstTable(r.section("job"));
        for (const auto &row : job ? job->rows : std::vector<std::vector<std::string>>{})
            if (row[0] == key)
                return row[1];
        return std::string();
    };
    QCOMPARE(rowOf(*buildReport(p, Catalog::builtin(), {}), "Software"),
             std::string("current Megatron-Core"));
    Workload ds = *workloadPreset("deepseek-v3");
    ds.training.epCommOverlap = true;
    ds.training.moeDispatcher = MoeDispatcher::DeepEP;
    ds.training.fp8Dispatch = true;
    ds.training.recomputeModules = kRecomputeMlaUpProj | kRecomputeLayernorm | kRecomputeMoeAct;
    p.workload = ds;
    p.plan = Plan{};
    p.plan->ep = 8;
    const Expected<Report> r = buildReport(p, Catalog::builtin(), {});
    QVERIFY(bool(r));
    QCOMPARE(rowOf(*r, "Software"),
             std::string("current Megatron-Core, FP8 delayed scaling, recomputing mla_up_proj, "
                         "layernorm, moe_act, EP all-to-alls overlapped, DeepEP dispatch per "
                         "node in FP8"));
    QVERIFY2(rowOf(*r, "Model").find("top 8 from the best 4 of 8 groups") != std::string::npos,
             rowOf(*r, "Model").c_str());
}

void TestReport::designWithoutJobStillHasEverySection()
{
    Project p = sample();
    p.workload.reset();
    p.plan.reset();
    Expected<Report> r = buildReport(p, Catalog::builtin(), {});
    QVERIFY(bool(r));
    QCOMPARE(r->sections.size(), kSections.size());
    QVERIFY(!r->sweep.has_value());
    QVERIFY(!r->step.has_value());
    QVERIFY(r->section("job")->blocks[0].text.find("No training job") != std::string::npos);
    QVERIFY(firstTable(r->section("bom")) != nullptr);
    auto author = r->titleBlock[1];
    QCOMPARE(author.second, std::string("not stated"));
}

// The sample's job held at TP 1 and 2 needs more memory than an H100 has: the report's chart
// leaves those widths out (as the window's TP Sweep does, heldPoint()) and its table says why.
void TestReport::sweepLeavesOutPlansThatDoNotFit()
{
    const Project p = sample();
    Expected<Report> r = buildReport(p, Catalog::builtin(), {});
    QVERIFY(bool(r));
    Expected<Analyzer> a = Analyzer::create(p.topology, Catalog::builtin());
    QVERIFY(bool(a));
    const SweepResult s = sweepTp(*a, *p.workload, *p.plan);
    QCOMPARE(r->sweep->points.size(), s.rows.size());
    const ReportTable *t = firstTable(r->section("charts")); // the sweep's, then the step's
    QVERIFY(t);
    QCOMPARE(t->rows.size(), s.rows.size());
    int outOfMemory = 0;
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
        const SweepRow &row = s.rows[i];
        const double held = r->sweep->points[i].held;
        if (heldGap(row) == SweepGap::OutOfMemory) {
            ++outOfMemory;
            QVERIFY2(!std::isfinite(held), std::to_string(row.tp).c_str());
            QVERIFY2(t->rows[i][4].rfind("does not fit: ", 0) == 0, t->rows[i][4].c_str());
            QVERIFY(t->rows[i][4].find(" of 80 GB") != std::string::npos);
        } else if (heldGap(row) == SweepGap::None) {
            QCOMPARE(held, heldPoint(row)->step.tokensPerS / heldPoint(row)->gpus);
        }
    }
    QCOMPARE(s.rows[0].tp, 1);
    QCOMPARE(heldGap(s.rows[0]), SweepGap::OutOfMemory);
    QVERIFY(outOfMemory >= 2);
}

void TestReport::golden()
{
    ReportOptions o;
    o.author = "Ada Lovelace";
    o.date = "2026-12-04";
    Expected<Report> r = buildReport(sample(), Catalog::builtin(), o);
    QVERIFY(bool(r));
    const std::string got = reportText(*r);
    const std::string path = TOPOPLAN_SOURCE_DIR "tests/data/golden/report/sample.txt";
    const std::string diff = fixtures::goldenDifference(path, got);
    QVERIFY2(diff.empty(), diff.c_str());
    QCOMPARE(reportText(*buildReport(sample(), Catalog::builtin(), o)), got);
}

QTEST_APPLESS_MAIN(TestReport)
#include "tst_report.moc"
