#include "app/panels/analysisdock.h"

#include "app/common/diagramstyle.h"
#include "app/common/units.h"
#include "app/document/document.h"

#include "engine/model/naming.h"
#include "engine/plan/diagnosticstext.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace topoplan {

namespace {

constexpr int kIdsRole = Qt::UserRole;
constexpr int kMaxDegree = 1 << 16;

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

QSpinBox *degreeSpin(QWidget *parent, const char *name, int minimum)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(minimum, kMaxDegree);
    box->setKeyboardTracking(false); // typing "16" is one edit, not 1 then 16
    return box;
}

// A form label whose mnemonic focuses `buddy` (a row holding a layout has none by itself).
QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

// "What-if: leaf-1, link-3 failed ...": the elements the design has marked failed, which the
// analysis leaves out; empty when none is.
QString whatIfNote(const Topology &t, int gpus)
{
    QStringList failed;
    for (const Node &n : t.nodes) {
        if (n.failed)
            failed.append(qs(n.id));
        for (int k : n.failedNics)
            failed.append(qs(n.id) + QStringLiteral("/nic") + QString::number(k));
    }
    for (const Switch &sw : t.switches) {
        if (sw.failed)
            failed.append(qs(sw.id));
    }
    for (const Link &l : t.links) {
        if (l.failed)
            failed.append(qs(l.id));
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

} // namespace

AnalysisDock::AnalysisDock(AnalysisController *controller, QWidget *parent)
    : QDockWidget(tr("Analysis"), parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("analysisDock"));
    auto *body = new QWidget(this);
    auto *row = new QHBoxLayout(body);
    row->addWidget(createJobPanel());
    row->addWidget(createResultPanel(), 3);
    row->addWidget(createDiagnosticsPanel(), 2);
    setWidget(body);

    connect(controller, &AnalysisController::started, this, [this] {
        if (!m_controller->outcome())
            m_headline->setText(tr("Analysing..."));
    });
    connect(controller, &AnalysisController::finished, this, &AnalysisDock::showOutcome);
    connect(&m_planner, &QFutureWatcherBase::finished, this, &AnalysisDock::onPlanned);
}

AnalysisDock::~AnalysisDock()
{
    m_planner.waitForFinished();
}

QWidget *AnalysisDock::createJobPanel()
{
    auto *group = new QGroupBox(tr("Training job"), this);
    auto *form = new QFormLayout(group);
    m_model = new QComboBox(group);
    m_model->setObjectName(QStringLiteral("modelBox"));
    m_model->setToolTip(tr("The transformer to train: a preset, or the project's own"));
    connect(m_model, &QComboBox::activated, this, &AnalysisDock::onModelChosen);
    form->addRow(tr("&Model:"), m_model);

    m_globalBatch = degreeSpin(group, "globalBatch", 1);
    m_globalBatch->setToolTip(tr("Sequences per optimizer step"));
    m_microBatch = degreeSpin(group, "microBatch", 1);
    m_recompute = new QComboBox(group);
    m_recompute->setObjectName(QStringLiteral("recompute"));
    m_recompute->addItem(tr("None"), int(Recompute::None));
    m_recompute->addItem(tr("Selective"), int(Recompute::Selective));
    m_recompute->addItem(tr("Full"), int(Recompute::Full));
    m_precision = new QComboBox(group);
    m_precision->setObjectName(QStringLiteral("precision"));
    m_precision->addItem(QStringLiteral("BF16"), int(Precision::BF16));
    m_precision->addItem(QStringLiteral("FP8"), int(Precision::FP8));
    auto *batch = new QHBoxLayout;
    batch->addWidget(m_globalBatch, 2);
    batch->addWidget(buddyLabel(tr("m&icro:"), m_microBatch, group));
    batch->addWidget(m_microBatch, 1);
    form->addRow(buddyLabel(tr("&Batch:"), m_globalBatch, group), batch);
    auto *modes = new QHBoxLayout;
    modes->addWidget(m_recompute);
    modes->addWidget(m_precision);
    form->addRow(buddyLabel(tr("&Recompute:"), m_recompute, group), modes);

    m_tp = degreeSpin(group, "tp", 1);
    m_pp = degreeSpin(group, "pp", 1);
    m_dp = degreeSpin(group, "dp", 0);
    m_dp->setSpecialValueText(tr("auto"));
    m_dp->setToolTip(tr("Data-parallel width; auto: GPUs / (TP x CP x PP)"));
    m_cp = degreeSpin(group, "cp", 1);
    m_ep = degreeSpin(group, "ep", 1);
    auto *degrees = new QHBoxLayout;
    const std::pair<Dim, QSpinBox *> boxes[]
            = {{Dim::TP, m_tp}, {Dim::PP, m_pp}, {Dim::DP, m_dp}, {Dim::CP, m_cp}, {Dim::EP, m_ep}};
    for (const auto &[dim, box] : boxes) {
        degrees->addWidget(new QLabel(qs(diagtext::dimName(dim)), group));
        degrees->addWidget(box);
        connect(box, &QSpinBox::valueChanged, this,
                [this, dim = dim](int value) { onDegreeChanged(dim, value); });
    }
    form->addRow(buddyLabel(tr("&Plan:"), m_tp, group), degrees);
    for (QSpinBox *box : {m_globalBatch, m_microBatch})
        connect(box, &QSpinBox::valueChanged, this, &AnalysisDock::onTrainingChanged);
    for (QComboBox *box : {m_recompute, m_precision})
        connect(box, &QComboBox::activated, this, &AnalysisDock::onTrainingChanged);

    m_bestPlan = new QPushButton(tr("Find &Best Plan"), group);
    m_bestPlan->setObjectName(QStringLiteral("bestPlanButton"));
    m_bestPlan->setToolTip(tr("Try every valid TP, CP, EP, PP, DP, micro-batch, interleave and "
                              "recompute for this model on this cluster and apply the fastest "
                              "that fits in memory"));
    connect(m_bestPlan, &QPushButton::clicked, this, &AnalysisDock::applyBestPlan);
    form->addRow(m_bestPlan);
    return group;
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
    auto *baseline = new QHBoxLayout;
    baseline->addWidget(m_baselineLine, 1);
    baseline->addWidget(m_pinBaseline);
    column->addWidget(m_headline);
    column->addLayout(baseline);
    column->addWidget(m_breakdown);
    column->addWidget(m_groups, 1);
    showBaseline();
    return group;
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

QSpinBox *AnalysisDock::degreeBox(Dim dim) const
{
    switch (dim) {
    case Dim::TP:
        return m_tp;
    case Dim::PP:
        return m_pp;
    case Dim::DP:
        return m_dp;
    case Dim::CP:
        return m_cp;
    case Dim::EP:
        return m_ep;
    case Dim::EDP:
        break;
    }
    return nullptr;
}

void AnalysisDock::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (document) {
        connect(document, &Document::changed, this, [this](const ChangeEvent &event) {
            if (event.kind == ChangeEvent::ProjectChanged
                || event.kind == ChangeEvent::ProjectReset)
                refreshJob();
        });
    }
    refreshJob();
    m_headline->setText(tr("Analysing..."));
    m_breakdown->clear();
    m_groups->clear();
    m_diagnostics->clear();
}

void AnalysisDock::refreshJob()
{
    m_refreshing = true;
    const Job job = m_document ? ChangeJob::current(m_document) : Job{};
    m_model->clear();
    m_model->addItem(tr("Choose a model..."), QString());
    for (const std::string &name : workloadPresetNames())
        m_model->addItem(qs(name), qs(name));
    if (job.workload) {
        const QString name = qs(job.workload->model.name);
        int index = m_model->findData(name);
        Expected<Workload> preset = workloadPreset(job.workload->model.name);
        if (index < 0 || !preset || preset->model != job.workload->model) {
            m_model->addItem(name.isEmpty() ? tr("The project's model")
                                            : tr("%1 (project)").arg(name),
                             QStringLiteral("project"));
            index = m_model->count() - 1;
        }
        m_model->setCurrentIndex(index);
        const TrainingSpec &t = job.workload->training;
        m_globalBatch->setValue(t.globalBatch);
        m_microBatch->setValue(t.microBatch);
        m_recompute->setCurrentIndex(m_recompute->findData(int(t.recompute)));
        m_precision->setCurrentIndex(m_precision->findData(int(t.precision)));
    }
    const Plan plan = job.plan.value_or(Plan{});
    m_tp->setValue(plan.tp);
    m_pp->setValue(plan.pp);
    m_dp->setValue(job.plan ? plan.dp : 0);
    m_cp->setValue(plan.cp);
    m_ep->setValue(plan.ep);
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_globalBatch, m_microBatch, m_recompute, m_precision,
                                          m_tp, m_pp, m_dp, m_cp, m_ep, m_bestPlan})
        w->setEnabled(job.workload.has_value() && !m_planner.isRunning());
    m_refreshing = false;
}

void AnalysisDock::pushJob(const Job &job, const QString &text, const QString &field)
{
    if (!m_document || job == ChangeJob::current(m_document))
        return;
    m_document->undoStack()->push(new ChangeJob(m_document, job, text, field));
}

void AnalysisDock::onModelChosen(int index)
{
    if (m_refreshing || !m_document)
        return;
    const std::string name = m_model->itemData(index).toString().toStdString();
    Expected<Workload> preset = workloadPreset(name);
    if (!preset)
        return; // the placeholder or the project's own model: nothing changes
    Job job = ChangeJob::current(m_document);
    job.workload = *preset;
    pushJob(job, tr("Train %1").arg(qs(name)), QString());
    if (!job.plan)
        applyBestPlan(); // a new job: start from the plan that runs best here
}

void AnalysisDock::onDegreeChanged(Dim dim, int value)
{
    if (m_refreshing || !m_document)
        return;
    Job job = ChangeJob::current(m_document);
    Plan plan = job.plan.value_or(Plan{});
    if (!job.plan)
        plan.dp = 0; // derived from the GPU count
    switch (dim) {
    case Dim::TP:
        plan.tp = value;
        break;
    case Dim::PP:
        plan.pp = value;
        break;
    case Dim::DP:
        plan.dp = value;
        break;
    case Dim::CP:
        plan.cp = value;
        break;
    case Dim::EP:
        plan.ep = value;
        break;
    case Dim::EDP:
        return;
    }
    // A stated dp that no longer multiplies out is re-derived, as on the command line.
    if (dim != Dim::DP)
        plan.dp = 0;
    job.plan = plan;
    const QString name = qs(diagtext::dimName(dim));
    pushJob(job, tr("Set %1 to %2").arg(name).arg(value), name);
}

void AnalysisDock::onTrainingChanged()
{
    if (m_refreshing || !m_document)
        return;
    Job job = ChangeJob::current(m_document);
    if (!job.workload)
        return;
    TrainingSpec &t = job.workload->training;
    t.globalBatch = m_globalBatch->value();
    t.microBatch = m_microBatch->value();
    t.recompute = Recompute(m_recompute->currentData().toInt());
    t.precision = Precision(m_precision->currentData().toInt());
    pushJob(job, tr("Change Training Settings"), QStringLiteral("training"));
}

void AnalysisDock::applyBestPlan()
{
    if (!m_document || m_planner.isRunning() || !m_document->project().workload)
        return;
    const Workload workload = *m_document->project().workload;
    m_plannedFor = m_document;
    m_bestPlan->setEnabled(false);
    m_bestPlan->setText(tr("Planning..."));
    m_planner.setFuture(QtConcurrent::run(
            [topology = m_document->project().topology, catalog = m_document->catalog(),
             analyzer = m_controller->analyzer(), workload]() -> PlannerResult {
                PlannerOptions options;
                options.top = 1;
                if (analyzer && analyzer->topology() == topology)
                    return planJob(*analyzer, workload, {}, options);
                Expected<Analyzer> fresh = Analyzer::create(topology, catalog);
                return fresh ? planJob(*fresh, workload, {}, options) : PlannerResult{};
            }));
}

void AnalysisDock::onPlanned()
{
    m_bestPlan->setText(tr("Find &Best Plan"));
    const PlannerResult r = m_planner.result();
    if (m_plannedFor != m_document || !m_document) {
        refreshJob();
        return;
    }
    if (r.plans.empty()) {
        Q_EMIT message(
                tr("No plan of %n tried fits in memory on this cluster", nullptr, r.considered));
        refreshJob();
        return;
    }
    const AnalysisResult &best = r.plans.front();
    Job job = ChangeJob::current(m_document);
    job.workload = best.workload;
    job.plan = best.plan;
    pushJob(job, tr("Apply Best Plan"), QString());
    refreshJob();
    Q_EMIT message(tr("Best of %n valid plan(s) that fit: TP %1, PP %2, DP %3 at %4", nullptr,
                      int(r.fitting))
                           .arg(best.plan.tp)
                           .arg(best.plan.pp)
                           .arg(best.plan.dp)
                           .arg(units::tokensPerSecond(best.step.tokensPerS)));
    Q_EMIT bestPlanApplied();
}

void AnalysisDock::showOutcome(const AnalysisOutcome &outcome)
{
    showBaseline();
    m_groups->clear();
    m_breakdown->clear();
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
        const QString why = outcome.error ? qs(outcome.error->message) : QString();
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
            + whatIf);
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
    showGroups(r);
    showDiagnostics(r.diagnostics);
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
                 units::bandwidth(d.network.busbwGBs),
                 DiagramStyle::linkClassName(d.network.linkClass), leaves,
                 QString::number(d.worst.maxHops),
                 d.worst.bottleneckId.empty() ? tr("\u2014") : named(d.worst.bottleneckId)});
        item->setForeground(3, DiagramStyle::linkColor(d.network.linkClass));
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
        auto *item = new QListWidgetItem(style()->standardIcon(icon), qs(d.message), m_diagnostics);
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
