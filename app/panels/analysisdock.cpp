#include "app/panels/analysisdock.h"

#include "app/panels/costview.h"

#include "app/common/diagramstyle.h"
#include "app/common/hardwaretext.h"
#include "app/common/units.h"
#include "app/document/document.h"
#include "app/panels/jobeditor.h"

#include "engine/model/naming.h"
#include "engine/perf/memorymodel.h"
#include "engine/plan/diagnosticstext.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QTabWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace topoplan {

namespace {

// The engine's memory items in the window's language: short for the line, or as the tooltip
// explains them (`detailed`).
QString memoryItemName(const MemoryItem &item, const MemoryEstimate &m, bool detailed = false)
{
    if (item.id == "weights")
        return AnalysisDock::tr("weights");
    if (item.id == "fp8_weight_copies")
        return AnalysisDock::tr("FP8 weight copies");
    if (item.id == "gradients")
        return m.gradBytes == 2 ? AnalysisDock::tr("gradients (bf16)")
                                : AnalysisDock::tr("gradients (fp32)");
    if (item.id == "optimizer")
        return detailed ? AnalysisDock::tr("optimizer state") : AnalysisDock::tr("optimizer");
    if (item.id == "layer_activations")
        return detailed ? AnalysisDock::tr("activations of %n layer pass(es)", nullptr,
                                           int(std::lround(m.inFlightLayers)))
                        : AnalysisDock::tr("activations");
    if (item.id == "recompute_working_set")
        return AnalysisDock::tr("recomputation");
    if (item.id == "logits")
        return AnalysisDock::tr("logits");
    return AnalysisDock::tr("runtime");
}

constexpr int kIdsRole = Qt::UserRole;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QStringList toIds(const std::vector<std::string> &ids)
{
    QStringList list;
    for (const std::string &id : ids)
        list.append(qs(id));
    return list;
}

// "What-if: leaf-r1-su1, spine-01 failed ...": the elements the design has marked failed, by
// the names the canvas shows, which the analysis leaves out; empty when none is.
QString whatIfNote(const Topology &t, int gpus)
{
    QStringList failed;
    const auto named = [&t](const std::string &id) {
        return qs(displayName(t, id));
    };
    for (const Node &n : t.nodes) {
        if (n.failed)
            failed.append(named(n.id));
        for (int k : n.failedNics)
            failed.append(named(n.id + "/nic" + std::to_string(k)));
    }
    for (const Switch &sw : t.switches) {
        if (sw.failed)
            failed.append(named(sw.id));
    }
    for (const Link &l : t.links) {
        if (l.failed)
            failed.append(named(l.id));
    }
    if (failed.isEmpty())
        return {};
    const int n = int(failed.size());
    if (failed.size() > 4)
        failed = failed.mid(0, 3) << AnalysisDock::tr("%n more", nullptr, n - 3);
    return QStringLiteral("<br>")
           + AnalysisDock::tr("What-if: %1 failed; routed around %2, on the %n GPUs left.", nullptr,
                              gpus)
                     .arg(failed.join(QStringLiteral(", ")),
                          n == 1 ? AnalysisDock::tr("it") : AnalysisDock::tr("them"));
}

// A column of text that scrolls in the space its layout gives it and never asks for more: its
// size hint is a few lines, whatever the text, so new text never resizes the panel around it.
class ScrolledText : public QScrollArea
{
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override
    {
        const int line = fontMetrics().height();
        return {24 * line, 4 * line};
    }
};

QWidget *scrolled(QWidget *content, QWidget *parent)
{
    auto *area = new ScrolledText(parent);
    area->setObjectName(content->objectName() + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidget(content);
    return area;
}

} // namespace

AnalysisDock::AnalysisDock(AnalysisController *controller, QWidget *parent)
    : QDockWidget(tr("Analysis"), parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("analysisDock"));
    auto *body = new QWidget(this);
    auto *row = new QHBoxLayout(body);
    m_job = new JobEditor(controller, body);
    connect(m_job, &JobEditor::message, this, &AnalysisDock::message);
    connect(m_job, &JobEditor::bestPlanApplied, this, &AnalysisDock::bestPlanApplied);
    row->addWidget(m_job);
    row->addWidget(createResultPanel(), 3);
    row->addWidget(createDiagnosticsPanel(), 2);
    setWidget(body);

    connect(controller, &AnalysisController::started, this, [this] {
        if (!m_controller->outcome())
            m_headline->setText(tr("Analysing..."));
    });
    connect(controller, &AnalysisController::finished, this, &AnalysisDock::showOutcome);
}

QWidget *AnalysisDock::createResultPanel()
{
    auto *group = new QGroupBox(tr("Projection"), this);
    auto *column = new QVBoxLayout(group);
    m_headline = new QLabel(group);
    m_headline->setObjectName(QStringLiteral("headline"));
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_breakdown = new QLabel(group);
    m_breakdown->setObjectName(QStringLiteral("breakdown"));
    m_breakdown->setWordWrap(true);
    m_memory = new QLabel(group);
    m_memory->setObjectName(QStringLiteral("memoryItems"));
    m_memory->setWordWrap(true);
    m_memory->setWhatsThis(
            tr("<b>Memory per GPU</b><p>What the fullest GPU (the first or last pipeline stage) "
               "holds, item by item: the weights, the gradient buffer in its type, the "
               "optimizer's master weights and Adam moments (sharded by the distributed "
               "optimizer), the activations of the layer passes in flight at the pipeline's "
               "peak, and the runtime's own (CUDA context, workspaces, NCCL buffers)."));
    m_groups = new QTreeWidget(group);
    m_groups->setObjectName(QStringLiteral("groupsTable"));
    m_groups->setWhatsThis(
            tr("<b>Parallel groups</b><p>One row per kind of group the plan makes (TP, CP, "
               "EP, PP, DP): how many GPUs each group has and how many such groups there are, "
               "the bus bandwidth its collective reaches, the interconnect it crosses (NVLink, "
               "InfiniBand, Ethernet), whether it leaves an NVLink domain, the switch hops on "
               "its path and the link that limits it.</p><p>The row with the lowest bandwidth "
               "for its traffic is the bottleneck; clicking a row selects its links on the "
               "canvas.</p>"));
    m_groups->setRootIsDecorated(false);
    m_groups->setUniformRowHeights(true);
    // The header and the usual three groups (TP, DP, PP) stay in sight under the lines above
    // and the tab bar.
    m_groups->setMinimumHeight(m_groups->fontMetrics().height() * 5);
    m_groups->setHeaderLabels({tr("Group"), tr("GPUs x groups"), tr("Bus bandwidth"),
                               tr("Interconnect"), tr("Leaves domain"), tr("Hops"),
                               tr("Bottleneck link")});
    m_groups->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_groups, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem *item) { selectIds(item->data(0, kIdsRole).toStringList()); });
    // Against a pinned baseline: the delta of every edit, in the engine's words.
    m_baselineLine = new QLabel(group);
    m_baselineLine->setObjectName(QStringLiteral("baselineDelta"));
    m_baselineLine->setWordWrap(true);
    m_baselineLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pinBaseline = new QPushButton(tr("&Pin as Baseline"), group);
    m_pinBaseline->setObjectName(QStringLiteral("pinBaselineButton"));
    m_pinBaseline->setCheckable(true);
    m_pinBaseline->setToolTip(tr("Keep this design and plan as the baseline: every edit then "
                                 "shows its delta against it, here and on the charts"));
    connect(m_pinBaseline, &QPushButton::clicked, this, [this](bool pin) {
        if (pin)
            m_controller->pinBaseline();
        else
            m_controller->unpinBaseline();
        showBaseline();
    });
    connect(m_controller, &AnalysisController::baselineChanged, this, &AnalysisDock::showBaseline);
    // The button beside the headline it pins, not on a line of its own: the panel's height
    // goes to the groups.
    auto *headline = new QHBoxLayout;
    headline->addWidget(m_headline, 1);
    headline->addWidget(m_pinBaseline, 0, Qt::AlignTop);
    column->addLayout(headline);
    column->addWidget(m_baselineLine);
    // Under the headline, one place with a tab each: the parallel groups, the step and memory
    // item by item, the cost and power. Their lines come and go with the analysis and the
    // price book; in a column of their own they would grow the panel (and shrink the canvas)
    // when a result arrives, or squeeze the groups to a row. In their tabs they scroll.
    m_details = new QTabWidget(group);
    m_details->setObjectName(QStringLiteral("analysisDetails"));
    m_details->setDocumentMode(true);
    m_details->addTab(m_groups, tr("Parallel &Groups"));
    auto *step = new QWidget;
    step->setObjectName(QStringLiteral("stepDetails"));
    auto *stepColumn = new QVBoxLayout(step);
    stepColumn->addWidget(m_breakdown);
    stepColumn->addWidget(m_memory);
    stepColumn->addStretch(1);
    m_details->addTab(scrolled(step, m_details), tr("&Step and Memory"));
    m_cost = new CostView;
    m_details->addTab(scrolled(m_cost, m_details), tr("Cost and &Power"));
    column->addWidget(m_details, 1);
    showBaseline();
    return group;
}

void AnalysisDock::showCost()
{
    m_details->setCurrentIndex(2);
}

void AnalysisDock::showBaseline()
{
    const auto &baseline = m_controller->baseline();
    m_pinBaseline->setChecked(baseline.has_value());
    m_pinBaseline->setText(baseline ? tr("Un&pin Baseline") : tr("&Pin as Baseline"));
    m_pinBaseline->setEnabled(baseline
                              || (m_controller->outcome() && m_controller->outcome()->result));
    if (!baseline) {
        m_baselineLine->clear();
        m_baselineLine->setVisible(false);
        return;
    }
    m_baselineLine->setVisible(true);
    const std::optional<DesignDelta> delta = m_controller->baselineDelta();
    const QString when = QLocale().toString(baseline->pinnedAt.time(), QLocale::ShortFormat);
    m_baselineLine->setText(
            delta ? tr("Against the baseline (%1, pinned %2): %3")
                            .arg(baseline->name, when, qs(delta->text))
                  : tr("Baseline: %1, pinned %2. This design has no result to compare yet.")
                            .arg(baseline->name, when));
}

QWidget *AnalysisDock::createDiagnosticsPanel()
{
    auto *group = new QGroupBox(tr("Diagnostics"), this);
    auto *column = new QVBoxLayout(group);
    m_diagnostics = new QListWidget(group);
    m_diagnostics->setObjectName(QStringLiteral("diagnosticsList"));
    m_diagnostics->setWhatsThis(
            tr("<b>Diagnostics</b><p>What the engine found wrong or worth knowing about the "
               "design and the plan: errors first, then warnings and notes. Click one to "
               "select the devices or links it names.</p>"));
    m_diagnostics->setWordWrap(true);
    m_diagnostics->setAlternatingRowColors(true);
    connect(m_diagnostics, &QListWidget::itemClicked, this,
            [this](QListWidgetItem *item) { selectIds(item->data(kIdsRole).toStringList()); });
    column->addWidget(m_diagnostics);
    return group;
}

void AnalysisDock::setDocument(Document *document)
{
    m_document = document;
    m_job->setDocument(document);
    m_headline->setText(tr("Analysing..."));
    m_breakdown->clear();
    m_memory->clear();
    m_groups->clear();
    m_diagnostics->clear();
}

void AnalysisDock::showOutcome(const AnalysisOutcome &outcome)
{
    showBaseline();
    m_cost->showOutcome(outcome);
    m_groups->clear();
    m_breakdown->clear();
    m_memory->clear();
    const QString whatIf
            = m_document ? whatIfNote(m_document->project().topology, outcome.gpus) : QString();
    if (outcome.noJob) {
        m_headline->setText(
                m_document && m_document->project().workload
                        ? tr("%n GPUs. Set the parallel degrees, or find the best plan.", nullptr,
                             outcome.gpus)
                        : tr("%n GPUs. Choose a model to train to see what this cluster does "
                             "with it.",
                             nullptr, outcome.gpus));
        showDiagnostics({});
        return;
    }
    if (!outcome.result) {
        // The engine's reason, in the user's language where the plan's refusal says it.
        QString why = outcome.error ? qs(outcome.error->message) : QString();
        if (outcome.invalidPlan && !outcome.invalidPlan->sentence.args.empty()
            && outcome.invalidPlan->sentence.args.back().kind == MessageArg::Kind::Phrase)
            why = units::message(outcome.invalidPlan->sentence.args.back().phrase.front());
        // With the what-if note the label is rich text, so the message is escaped.
        const QString shown = whatIf.isEmpty() ? why : why.toHtmlEscaped();
        m_headline->setText((outcome.invalidPlan
                                     ? tr("This plan cannot run: %1").arg(shown)
                                     : tr("The topology cannot be analysed: %1").arg(shown))
                            + whatIf);
        showDiagnostics(outcome.invalidPlan ? std::vector<Diagnostic>{*outcome.invalidPlan}
                                            : std::vector<Diagnostic>{});
        return;
    }
    const AnalysisResult &r = *outcome.result;
    const StepEstimate &e = r.step;
    m_headline->setText(
            tr("<b>%1</b> per step \u00b7 <b>%2</b> \u00b7 %3 per GPU (MFU %4) \u00b7 memory %5 of "
               "%6 per GPU%7")
                    .arg(units::duration(e.stepTimeS), units::tokensPerSecond(e.tokensPerS),
                         units::tflops(e.modelTflopsPerGpu), units::percent(e.mfu),
                         units::gigabytes(e.memory.totalGB), units::gigabytes(e.memory.capacityGB),
                         e.memory.fits ? QString() : tr(" \u2014 <b>does not fit</b>"))
            + bandLine(r) + whatIf);
    const StepBreakdown &b = e.breakdownS;
    QStringList parts;
    const std::pair<QString, double> rows[] = {
            {tr("compute"), b.compute}, {tr("TP"), b.tpComm}, {tr("CP"), b.cpComm},
            {tr("EP"), b.epComm},       {tr("PP"), b.ppComm}, {tr("pipeline bubble"), b.ppBubble},
            {tr("DP"), b.dpComm},
    };
    for (const auto &[name, seconds] : rows) {
        if (seconds > 0 && e.stepTimeS > 0)
            parts.append(tr("%1 %2").arg(name, units::percent(seconds / e.stepTimeS)));
    }
    m_breakdown->setText(tr("Exposed time: %1").arg(parts.join(QStringLiteral(", "))));
    QStringList held, explained;
    for (const MemoryItem &item : memoryItems(e.memory)) {
        held.append(tr("%1 %2").arg(memoryItemName(item, e.memory), units::gigabytes(item.gb)));
        explained.append(
                tr("%1: %2").arg(memoryItemName(item, e.memory, true), units::gigabytes(item.gb)));
    }
    m_memory->setText(tr("Memory per GPU: %1").arg(held.join(QStringLiteral(", "))));
    m_memory->setToolTip(explained.join(QLatin1Char('\n')));
    showGroups(r);
    showDiagnostics(r.diagnostics);
}

QString AnalysisDock::bandLine(const AnalysisResult &r)
{
    QString line;
    const ProjectionBand &band = r.band;
    if (band.known()) {
        const QString kind = band.moe ? tr("MoE") : tr("dense");
        const QString scale = band.scale == 0   ? tr("up to 256 GPUs")
                              : band.scale == 1 ? tr("257 to 2,048 GPUs")
                              : band.scale == 2 ? tr("more than 2,048 GPUs")
                                                : tr("any scale");
        const QString family = band.family.empty() ? tr("any GPU") : qs(band.family);
        line += QStringLiteral("<br>")
                + tr("\u00b1%1 on %n published runs of this class (%2, %3, %4)", nullptr, band.runs)
                          .arg(units::percent(band.meanError), family, kind, scale);
    }
    if (!r.idle.empty())
        line += QStringLiteral("<br>") + qs(r.idle).toHtmlEscaped();
    return line;
}

void AnalysisDock::showGroups(const AnalysisResult &r)
{
    // Links, devices and paths by the names people gave, as the canvas shows them.
    const auto named = [this](const std::string &id) {
        return m_document ? qs(displayName(m_document->project().topology, id)) : qs(id);
    };
    for (const DimensionResult &d : r.dimensions) {
        const QString leaves = d.groupsCrossingDomain == 0
                                       ? tr("no")
                                       : tr("%1 of %2").arg(d.groupsCrossingDomain).arg(d.count);
        auto *item = new QTreeWidgetItem(
                m_groups,
                {qs(diagtext::dimName(d.dim)), tr("%1 x %2").arg(d.size).arg(d.count),
                 busBandwidthText(d.bulk), DiagramStyle::linkClassName(d.network.linkClass), leaves,
                 QString::number(d.worst.maxHops),
                 d.worst.bottleneckId.empty() ? tr("\u2014") : named(d.worst.bottleneckId)});
        item->setForeground(3, DiagramStyle::linkColor(d.network.linkClass));
        if (d.bulk.algorithm == CollectiveAlgorithm::Nvls)
            item->setToolTip(2, tr("Reduced in the NVSwitches (NVLink SHARP), as NCCL does where "
                                   "that is faster; as a ring: %1")
                                        .arg(units::bandwidth(d.network.busbwGBs)));
        else if (d.bulk.algorithm == CollectiveAlgorithm::IbSharp)
            item->setToolTip(2, tr("Reduced in the InfiniBand switches (SHARP); as a ring: %1")
                                        .arg(units::bandwidth(d.network.busbwGBs)));
        item->setData(0, kIdsRole, toIds(d.worstNodes));
        item->setToolTip(
                0, tr("The slowest of the %n groups; click to select its nodes", nullptr, d.count));
    }
}

void AnalysisDock::showDiagnostics(const std::vector<Diagnostic> &diagnostics)
{
    m_diagnostics->clear();
    for (const Diagnostic &d : diagnostics) {
        const QStyle::StandardPixmap icon
                = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                  : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                    : QStyle::SP_MessageBoxInformation;
        const QString text = d.sentence.empty() ? qs(d.message) : units::message(d.sentence);
        auto *item = new QListWidgetItem(style()->standardIcon(icon), text, m_diagnostics);
        item->setData(kIdsRole, toIds(d.ids));
        item->setToolTip(qs(d.code));
    }
    if (diagnostics.empty())
        new QListWidgetItem(tr("Nothing to report."), m_diagnostics);
}

void AnalysisDock::selectIds(const QStringList &ids)
{
    if (!m_document)
        return;
    QSet<QString> present;
    for (const QString &id : ids) {
        if (m_document->contains(id))
            present.insert(id);
    }
    if (!present.isEmpty())
        m_document->setSelection(present);
}

} // namespace topoplan
