#include "app/panels/jobeditor.h"

#include "app/common/units.h"
#include "app/document/document.h"

#include "engine/plan/diagnosticstext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

namespace topoplan {

namespace {

constexpr int kMaxDegree = 1 << 16;
constexpr int kUnset = -1; // a combo box entry for "as the software's defaults say"
// The precision box's entries.
constexpr int kBf16 = 0, kFp8Delayed = 1, kFp8Current = 2;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QSpinBox *spin(QWidget *parent, const char *name, int minimum, int maximum = kMaxDegree)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(name));
    box->setRange(minimum, maximum);
    box->setKeyboardTracking(false); // typing "16" is one edit, not 1 then 16
    return box;
}

// A row's fields, each after its label, then the rest of the row empty.
void addLabelled(QHBoxLayout *layout, std::initializer_list<std::pair<QString, QWidget *>> fields)
{
    for (const auto &[label, field] : fields) {
        layout->addWidget(new QLabel(label, field->parentWidget()));
        layout->addWidget(field);
    }
    layout->addStretch(1);
}

// A form label whose mnemonic focuses `buddy` (a row holding a layout has none by itself).
QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

template<typename E>
int dataOf(const std::optional<E> &value)
{
    return value ? int(*value) : kUnset;
}

template<typename E>
std::optional<E> valueOf(const QComboBox *box)
{
    const int v = box->currentData().toInt();
    return v == kUnset ? std::nullopt : std::optional<E>(E(v));
}

} // namespace

JobEditor::JobEditor(AnalysisController *controller, QWidget *parent)
    : QGroupBox(tr("Training job"), parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("jobEditor"));
    auto *form = new QFormLayout(this);
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("modelBox"));
    m_model->setToolTip(tr("The transformer to train: a preset, or the project's own"));
    connect(m_model, &QComboBox::activated, this, &JobEditor::onModelChosen);
    form->addRow(tr("&Model:"), m_model);

    m_globalBatch = spin(this, "globalBatch", 1);
    m_globalBatch->setToolTip(tr("Sequences per optimizer step"));
    m_microBatch = spin(this, "microBatch", 1);
    m_recompute = new QComboBox(this);
    m_recompute->setObjectName(QStringLiteral("recompute"));
    m_recompute->addItem(tr("None"), int(Recompute::None));
    m_recompute->addItem(tr("Selective"), int(Recompute::Selective));
    m_recompute->addItem(tr("Full"), int(Recompute::Full));
    // What selective recomputation computes again, in Megatron-Core's recompute_modules.
    m_recomputeModules = new QToolButton(this);
    m_recomputeModules->setObjectName(QStringLiteral("recomputeModules"));
    m_recomputeModules->setText(tr("Modules"));
    m_recomputeModules->setPopupMode(QToolButton::InstantPopup);
    m_recomputeModules->setToolTip(tr("What selective recomputation computes again in the "
                                      "backward instead of keeping (Megatron-Core's "
                                      "recompute_modules)"));
    auto *modulesMenu = new QMenu(m_recomputeModules);
    const std::array<QString, 4> moduleTexts = {
            tr("Attention core (core_attn)"),
            tr("Latent up-projections (mla_up_proj)"),
            tr("Norms (layernorm)"),
            tr("Experts' activation (moe_act)"),
    };
    for (std::size_t i = 0; i < m_moduleActions.size(); ++i) {
        m_moduleActions[i] = modulesMenu->addAction(moduleTexts[i]);
        m_moduleActions[i]->setCheckable(true);
        connect(m_moduleActions[i], &QAction::triggered, this, &JobEditor::onTrainingChanged);
    }
    m_recomputeModules->setMenu(modulesMenu);
    m_precision = new QComboBox(this);
    m_precision->setObjectName(QStringLiteral("precision"));
    // FP8 with delayed scaling, and FP8 with current scaling (TrainingSpec::fp8Scaling), one
    // entry each: the scaling exists only with FP8.
    m_precision->addItem(QStringLiteral("BF16"), kBf16);
    m_precision->addItem(QStringLiteral("FP8"), kFp8Delayed);
    m_precision->addItem(tr("FP8, current scaling"), kFp8Current);
    m_precision->setItemData(
            2,
            tr("Each tensor scaled by its own maximum, found by one more pass over it before the "
               "cast (Transformer Engine's Float8CurrentScaling); plain FP8 takes the scale from "
               "earlier steps"),
            Qt::ToolTipRole);
    m_offload = spin(this, "offloadLayers", 0, 1);
    m_offload->setSpecialValueText(tr("none"));
    m_offload->setSuffix(tr(" layers"));
    m_offload->setToolTip(tr("Activation offloading: what the first layers keep for their "
                             "backward is copied to host memory during the forward and back "
                             "before the backward (Megatron-Core cpu_offloading). Less GPU "
                             "memory, at the pace of the GPU's link to its CPU (NVLink-C2C on "
                             "Grace, PCIe elsewhere); needs no recomputation and no pipeline "
                             "parallelism"));
    auto *batch = new QHBoxLayout;
    batch->addWidget(m_globalBatch, 2);
    batch->addWidget(buddyLabel(tr("m&icro:"), m_microBatch, this));
    batch->addWidget(m_microBatch, 1);
    batch->addWidget(buddyLabel(tr("o&ffload:"), m_offload, this));
    batch->addWidget(m_offload, 1);
    form->addRow(buddyLabel(tr("&Batch:"), m_globalBatch, this), batch);
    m_sequenceParallel = new QCheckBox(tr("Sequence parallel"), this);
    m_sequenceParallel->setObjectName(QStringLiteral("sequenceParallel"));
    m_sequenceParallel->setToolTip(
            tr("TP's all-reduces split into all-gathers and reduce-scatters, and the activations "
               "between them sharded over the TP group (Megatron sequence parallelism)"));
    m_distributedOptimizer = new QCheckBox(tr("Distributed optimizer"), this);
    m_distributedOptimizer->setObjectName(QStringLiteral("distributedOptimizer"));
    m_distributedOptimizer->setToolTip(
            tr("The optimizer state sharded over the data-parallel GPUs: gradients are "
               "reduce-scattered and weights all-gathered instead of all-reduced (ZeRO-1)"));
    auto *modes = new QHBoxLayout;
    modes->addWidget(m_recompute);
    modes->addWidget(m_recomputeModules);
    modes->addWidget(m_precision);
    modes->addWidget(m_sequenceParallel);
    modes->addWidget(m_distributedOptimizer);
    form->addRow(buddyLabel(tr("&Recompute:"), m_recompute, this), modes);
    QWidget *software = createSoftwareRow();
    form->addRow(buddyLabel(tr("&Software:"), m_software, this), software);
    m_expertsRow = createExpertsRow();
    form->addRow(buddyLabel(tr("E&xperts:"), m_firstDense, this), m_expertsRow);
    m_routingRow = createRoutingRow();
    QLabel *routing = buddyLabel(tr("Ro&uting:"), m_routerGroups, this);
    routing->setToolTip(tr("Where a mixture-of-experts layer sends its tokens, and how"));
    form->addRow(routing, m_routingRow);
    m_latentRow = createLatentRow();
    QLabel *mla = buddyLabel(tr("ML&A:"), m_latent[0], this);
    mla->setToolTip(tr("Multi-head latent attention (DeepSeek-V2 and V3): keys and values "
                       "projected up from a shared latent"));
    form->addRow(mla, m_latentRow);
    // Shown for a model that has them (refresh()); hidden from the start, so that the first
    // layout does not make room for them.
    form->setRowVisible(m_expertsRow, false);
    form->setRowVisible(m_routingRow, false);
    form->setRowVisible(m_latentRow, false);

    m_tp = spin(this, "tp", 1);
    m_pp = spin(this, "pp", 1);
    m_dp = spin(this, "dp", 0);
    m_dp->setSpecialValueText(tr("auto"));
    m_dp->setToolTip(tr("Data-parallel width; auto: GPUs / (TP x CP x PP)"));
    m_cp = spin(this, "cp", 1);
    m_ep = spin(this, "ep", 1);
    auto *degrees = new QHBoxLayout;
    const std::pair<Dim, QSpinBox *> boxes[]
            = {{Dim::TP, m_tp}, {Dim::PP, m_pp}, {Dim::DP, m_dp}, {Dim::CP, m_cp}, {Dim::EP, m_ep}};
    for (const auto &[dim, box] : boxes) {
        degrees->addWidget(new QLabel(qs(diagtext::dimName(dim)), this));
        degrees->addWidget(box);
        connect(box, &QSpinBox::valueChanged, this,
                [this, dim = dim](int value) { onDegreeChanged(dim, value); });
    }
    m_perDomain = spin(this, "gpusPerDomain", 0);
    m_perDomain->setSpecialValueText(tr("all"));
    m_perDomain->setToolTip(tr("GPUs of each NVLink domain that take ranks, as recipes place "
                               "them (e.g. 64 of a 72-GPU rack); all: every GPU in order"));
    degrees->addWidget(new QLabel(tr("per domain"), this));
    degrees->addWidget(m_perDomain);
    connect(m_perDomain, &QSpinBox::valueChanged, this, &JobEditor::onPerDomainChanged);
    form->addRow(buddyLabel(tr("&Plan:"), m_tp, this), degrees);
    // Offloading keeps what recomputation would recompute (Megatron-Core takes one or the
    // other): choosing one sets the other aside. Before the edit below reads them.
    connect(m_offload, &QSpinBox::valueChanged, this, [this](int layers) {
        if (layers > 0 && !m_refreshing)
            m_recompute->setCurrentIndex(m_recompute->findData(int(Recompute::None)));
    });
    connect(m_recompute, &QComboBox::activated, this, [this] {
        if (m_recompute->currentData().toInt() != int(Recompute::None)) {
            const QSignalBlocker quiet(m_offload);
            m_offload->setValue(0);
        }
    });
    for (QSpinBox *box : {m_globalBatch, m_microBatch, m_offload})
        connect(box, &QSpinBox::valueChanged, this, &JobEditor::onTrainingChanged);
    for (QComboBox *box : {m_recompute, m_precision, m_software, m_gradReduce})
        connect(box, &QComboBox::activated, this, &JobEditor::onTrainingChanged);
    // FSDP shards the optimizer state too: it comes with the distributed optimizer and goes
    // when that goes (the file refuses one without the other). Before the edit below reads them.
    connect(m_fsdp, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            m_distributedOptimizer->setChecked(true);
    });
    connect(m_distributedOptimizer, &QCheckBox::clicked, this, [this](bool on) {
        if (!on)
            m_fsdp->setChecked(false);
    });
    for (QCheckBox *box : {m_tpOverlap, m_epOverlap, m_fsdp, m_nvls, m_ibSharp, m_sequenceParallel,
                           m_distributedOptimizer})
        connect(box, &QCheckBox::clicked, this, &JobEditor::onTrainingChanged);

    m_bestPlan = new QPushButton(tr("Find &Best Plan"), this);
    m_bestPlan->setObjectName(QStringLiteral("bestPlanButton"));
    m_bestPlan->setToolTip(tr("Try every valid TP, CP, EP, PP, DP, micro-batch, interleave and "
                              "recompute for this model on this cluster and apply the fastest "
                              "that fits in memory"));
    connect(m_bestPlan, &QPushButton::clicked, this, &JobEditor::applyBestPlan);
    form->addRow(m_bestPlan);
    connect(&m_planner, &QFutureWatcherBase::finished, this, &JobEditor::onPlanned);
}

JobEditor::~JobEditor()
{
    m_planner.waitForFinished();
}

// The training software and what it overlaps: each changes the projected step
// (docs/manual/projections.md), so each is the user's to state.
QWidget *JobEditor::createSoftwareRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_software = new QComboBox(row);
    m_software->setObjectName(QStringLiteral("software"));
    m_software->addItem(tr("Megatron-Core (default)"), kUnset);
    m_software->addItem(tr("Megatron-Core"), int(Software::MegatronCore));
    m_software->addItem(tr("Megatron-LM 2021"), int(Software::MegatronLM2021));
    m_software->setToolTip(tr("Current Megatron-Core fuses attention and overlaps the gradient "
                              "reduction, parameter gather and pipeline sends; the Megatron-LM of "
                              "2021 did not"));
    m_gradReduce = new QComboBox(row);
    m_gradReduce->setObjectName(QStringLiteral("gradReduce"));
    m_gradReduce->addItem(tr("Gradients: as the software does"), kUnset);
    m_gradReduce->addItem(tr("Gradients in FP32"), int(GradReduce::FP32));
    m_gradReduce->addItem(tr("Gradients in BF16"), int(GradReduce::BF16));
    m_gradReduce->setToolTip(tr("The number type in which gradients are accumulated and reduced "
                                "across the data-parallel GPUs; it sets their memory and the "
                                "data-parallel traffic"));
    m_tpOverlap = new QCheckBox(tr("TP overlap"), row);
    m_tpOverlap->setObjectName(QStringLiteral("tpCommOverlap"));
    m_tpOverlap->setToolTip(tr("Tensor-parallel all-gathers and reduce-scatters pipelined with "
                               "the GEMMs that use them (Megatron-Core tp_comm_overlap)"));
    m_epOverlap = new QCheckBox(tr("EP overlap"), row);
    m_epOverlap->setObjectName(QStringLiteral("epCommOverlap"));
    m_epOverlap->setToolTip(tr("The experts' dispatch and combine of one micro-batch run behind "
                               "another's compute (DeepSeek-V3's DualPipe)"));
    m_fsdp = new QCheckBox(tr("FSDP"), row);
    m_fsdp->setObjectName(QStringLiteral("fsdp"));
    m_fsdp->setToolTip(tr("Fully sharded data parallelism: weights and gradients sharded over "
                          "the data-parallel GPUs, weights gathered layer by layer"));
    layout->addWidget(m_software);
    layout->addWidget(m_gradReduce);
    layout->addWidget(m_tpOverlap);
    layout->addWidget(m_epOverlap);
    m_nvls = new QCheckBox(tr("NVLS"), row);
    m_nvls->setObjectName(QStringLiteral("nvls"));
    m_nvls->setToolTip(tr("NVLink SHARP: all-reduces inside an NVLink domain reduced in the "
                          "NVSwitch where it can (NCCL's default)"));
    m_ibSharp = new QCheckBox(tr("IB SHARP"), row);
    m_ibSharp->setObjectName(QStringLiteral("ibSharp"));
    m_ibSharp->setToolTip(tr("InfiniBand SHARP: the network part of all-reduces reduced in the "
                             "switches where every switch has it (NCCL's SHARP plugin)"));
    layout->addWidget(m_fsdp);
    layout->addWidget(m_nvls);
    layout->addWidget(m_ibSharp);
    layout->addStretch(1);
    return row;
}

// Which layers of a mixture-of-experts model have experts, and the shared experts every token
// passes through; shown for a model with experts only.
QWidget *JobEditor::createExpertsRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_firstDense = spin(row, "firstDenseLayers", 0, 1 << 12);
    m_firstDense->setToolTip(tr("The first layers keep the dense MLP (DeepSeek-V3: 3)"));
    m_moeFreq = spin(row, "moeLayerFreq", 1, 1 << 12);
    m_moeFreq->setToolTip(tr("Of the other layers, every n-th has experts (1: all of them)"));
    m_shared = spin(row, "sharedExperts", 0, 1 << 10);
    m_shared->setToolTip(tr("Experts every token passes through besides its routed ones, "
                            "computed where the token is"));
    addLabelled(layout, {{tr("dense first:"), m_firstDense},
                         {tr("every n-th:"), m_moeFreq},
                         {tr("shared:"), m_shared}});
    for (QSpinBox *box : {m_firstDense, m_moeFreq, m_shared})
        connect(box, &QSpinBox::valueChanged, this, &JobEditor::onExpertsChanged);
    return row;
}

// A mixture-of-experts model's group-limited routing and the job's dispatcher: together they set
// how many copies of a token cross the network. Shown for a model with experts only.
QWidget *JobEditor::createRoutingRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_routerGroups = new QComboBox(row);
    m_routerGroups->setObjectName(QStringLiteral("routerGroups"));
    m_routerGroups->setToolTip(tr("The experts fall into this many groups in order, and a token's "
                                  "experts come from its best groups only (DeepSeek-V3: 8). Laid "
                                  "over the expert-parallel GPUs in order, this bounds the nodes a "
                                  "token is sent to"));
    m_routerGroupTopK = spin(row, "routerGroupTopK", 0, 1 << 20);
    m_routerGroupTopK->setToolTip(tr("The groups a token's experts come from (DeepSeek-V3: 4, "
                                     "\"at most 4 nodes\")"));
    m_dispatcher = new QComboBox(row);
    m_dispatcher->setObjectName(QStringLiteral("moeDispatcher"));
    m_dispatcher->addItem(tr("Per expert (all-to-all)"), 0);
    m_dispatcher->addItem(tr("Per node (DeepEP)"), 1);
    m_dispatcher->addItem(tr("Per node, FP8 (DeepEP)"), 2);
    m_dispatcher->setToolTip(
            tr("Per expert: every routed copy of a token goes straight to its expert's GPU "
               "(NCCL's all-to-all, Megatron-Core's default). Per node: one copy per other node "
               "over the network, spread over NVLink there, on 20 SMs (DeepEP, DeepSeek-V3); in "
               "FP8, the dispatch carries a byte a value"));
    addLabelled(layout, {{tr("groups:"), m_routerGroups},
                         {tr("of them:"), m_routerGroupTopK},
                         {tr("dispatch:"), m_dispatcher}});
    connect(m_routerGroups, &QComboBox::activated, this, &JobEditor::onRoutingChanged);
    connect(m_routerGroupTopK, &QSpinBox::valueChanged, this, &JobEditor::onRoutingChanged);
    connect(m_dispatcher, &QComboBox::activated, this, &JobEditor::onTrainingChanged);
    return row;
}

// The groups a model's experts divide into, and the group counts its top_k allows.
void JobEditor::refreshRouting(const Workload &workload)
{
    const ModelSpec &m = workload.model;
    m_routerGroups->clear();
    m_routerGroups->addItem(tr("none"), 0);
    for (int g = 2; g <= m.experts && m.experts <= (1 << 20); ++g) {
        if (m.experts % g == 0)
            m_routerGroups->addItem(QString::number(g), g);
    }
    int index = m_routerGroups->findData(m.routerGroups);
    if (index < 0) { // a file's value the list does not hold: kept, shown as it is
        m_routerGroups->addItem(QString::number(m.routerGroups), m.routerGroups);
        index = m_routerGroups->count() - 1;
    }
    m_routerGroups->setCurrentIndex(index);
    const bool grouped = m.routerGroups > 0;
    // At least enough groups to hold top_k experts; at most all of them.
    const int perGroup = grouped ? std::max(1, m.experts / m.routerGroups) : 1;
    m_routerGroupTopK->setRange(grouped ? std::max(1, (m.topK + perGroup - 1) / perGroup) : 0,
                                grouped ? m.routerGroups : 0);
    m_routerGroupTopK->setValue(m.routerGroupTopK);
    m_routerGroupTopK->setSpecialValueText(grouped ? QString() : tr("all"));
    const TrainingSpec &t = workload.training;
    m_dispatcher->setCurrentIndex(t.moeDispatcher == MoeDispatcher::AllToAll ? 0
                                  : t.fp8Dispatch                            ? 2
                                                                             : 1);
}

// Multi-head latent attention's ranks and head widths (DeepSeek-V2/V3), shown for a model that
// has it. Their product with the heads sets the attention's weights, FLOPs and traffic.
QWidget *JobEditor::createLatentRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    const struct
    {
        const char *name;
        int minimum;
        QString label, tip;
    } fields[] = {
            {"qLoraRank", 0, tr("query rank:"),
             tr("Width of the latent the queries are projected up from (q_lora_rank; 0: from the "
                "hidden state)")},
            {"kvLoraRank", 1, tr("KV rank:"),
             tr("Width of the latent the keys and values are projected up from (kv_lora_rank): "
                "what the tensor-parallel all-gather carries and the inference cache keeps")},
            {"qkNopeHeadDim", 1, tr("head:"),
             tr("A head's query and key width without the rotary part (qk_nope_head_dim)")},
            {"qkRopeHeadDim", 0, tr("rotary:"),
             tr("The rotary part of a head's query and key (qk_rope_head_dim)")},
            {"vHeadDim", 1, tr("value:"), tr("A head's value and context width (v_head_dim)")},
    };
    for (std::size_t i = 0; i < m_latent.size(); ++i) {
        m_latent[i] = spin(row, fields[i].name, fields[i].minimum, 1 << 16);
        m_latent[i]->setToolTip(fields[i].tip);
        layout->addWidget(new QLabel(fields[i].label, row));
        layout->addWidget(m_latent[i]);
        connect(m_latent[i], &QSpinBox::valueChanged, this, &JobEditor::onLatentChanged);
    }
    layout->addStretch(1);
    return row;
}

// A hidden row takes no space either (QFormLayout keeps a hidden field's spacing).
void JobEditor::showRow(QWidget *row, bool visible)
{
    if (auto *form = qobject_cast<QFormLayout *>(layout()))
        form->setRowVisible(row, visible);
}

QSpinBox *JobEditor::degreeBox(Dim dim) const
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

void JobEditor::setDocument(Document *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (document) {
        connect(document, &Document::changed, this, [this](const ChangeEvent &event) {
            if (event.kind == ChangeEvent::ProjectChanged
                || event.kind == ChangeEvent::ProjectReset)
                refresh();
        });
    }
    refresh();
}

void JobEditor::refresh()
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
        m_offload->setMaximum(std::max(1, job.workload->model.layers - 1));
        m_offload->setValue(t.offloadLayers);
        m_recompute->setCurrentIndex(m_recompute->findData(int(t.recompute)));
        const unsigned modules = t.recomputeModules.value_or(kDefaultRecomputeModules);
        for (std::size_t i = 0; i < m_moduleActions.size(); ++i)
            m_moduleActions[i]->setChecked((modules & (1u << i)) != 0);
        m_precision->setCurrentIndex(m_precision->findData(t.precision == Precision::BF16 ? kBf16
                                                           : t.fp8Scaling == Fp8Scaling::Current
                                                                   ? kFp8Current
                                                                   : kFp8Delayed));
        m_software->setCurrentIndex(m_software->findData(dataOf(t.software)));
        m_gradReduce->setCurrentIndex(m_gradReduce->findData(dataOf(t.gradReduce)));
        m_tpOverlap->setChecked(t.tpCommOverlap);
        m_epOverlap->setChecked(t.epCommOverlap);
        m_fsdp->setChecked(t.fsdp);
        m_sequenceParallel->setChecked(t.sequenceParallel);
        m_distributedOptimizer->setChecked(t.distributedOptimizer);
        m_nvls->setChecked(t.nvls);
        m_ibSharp->setChecked(t.ibSharp);
        const ModelSpec &m = job.workload->model;
        m_firstDense->setMaximum(std::max(0, m.layers - 1));
        m_firstDense->setValue(m.firstDenseLayers);
        m_moeFreq->setValue(m.moeLayerFreq);
        m_shared->setValue(m.sharedExperts);
        refreshRouting(*job.workload);
        if (m.mla) {
            const int values[] = {m.mla->qLoraRank, m.mla->kvLoraRank, m.mla->qkNopeHeadDim,
                                  m.mla->qkRopeHeadDim, m.mla->vHeadDim};
            for (std::size_t i = 0; i < m_latent.size(); ++i)
                m_latent[i]->setValue(values[i]);
        }
    }
    showRow(m_expertsRow, job.workload && job.workload->model.isMoe());
    showRow(m_routingRow, job.workload && job.workload->model.isMoe());
    showRow(m_latentRow, job.workload && job.workload->model.mla);
    const Plan plan = job.plan.value_or(Plan{});
    m_tp->setValue(plan.tp);
    m_pp->setValue(plan.pp);
    m_dp->setValue(job.plan ? plan.dp : 0);
    m_cp->setValue(plan.cp);
    m_ep->setValue(plan.ep);
    m_perDomain->setValue(plan.gpusPerDomain);
    const bool editable = job.workload.has_value() && !m_planner.isRunning();
    for (QWidget *w : std::initializer_list<QWidget *>{m_globalBatch,
                                                       m_microBatch,
                                                       m_offload,
                                                       m_recompute,
                                                       m_recomputeModules,
                                                       m_precision,
                                                       m_software,
                                                       m_gradReduce,
                                                       m_tpOverlap,
                                                       m_epOverlap,
                                                       m_fsdp,
                                                       m_sequenceParallel,
                                                       m_distributedOptimizer,
                                                       m_nvls,
                                                       m_ibSharp,
                                                       m_expertsRow,
                                                       m_routingRow,
                                                       m_latentRow,
                                                       m_tp,
                                                       m_pp,
                                                       m_dp,
                                                       m_cp,
                                                       m_ep,
                                                       m_perDomain,
                                                       m_bestPlan})
        w->setEnabled(editable);
    // The modules are selective recomputation's only.
    m_recomputeModules->setEnabled(
            editable && m_recompute->currentData().toInt() == int(Recompute::Selective));
    m_refreshing = false;
}

void JobEditor::pushJob(const Job &job, const QString &text, const QString &field)
{
    if (!m_document || job == ChangeJob::current(m_document))
        return;
    m_document->undoStack()->push(new ChangeJob(m_document, job, text, field));
}

void JobEditor::onModelChosen(int index)
{
    if (m_refreshing || !m_document)
        return;
    const std::string name = m_model->itemData(index).toString().toStdString();
    Expected<Workload> preset = workloadPreset(name);
    if (!preset)
        return; // the placeholder or the project's own model: nothing changes
    Job job = ChangeJob::current(m_document);
    job.workload = *preset;
    // The plan stays as the user stated it (or unset on a new job): the planner's best plan
    // replaces it only when asked for, by Find Best Plan.
    pushJob(job, tr("Train %1").arg(qs(name)), QString());
}

void JobEditor::onDegreeChanged(Dim dim, int value)
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

void JobEditor::onPerDomainChanged(int value)
{
    if (m_refreshing || !m_document)
        return;
    Job job = ChangeJob::current(m_document);
    Plan plan = job.plan.value_or(Plan{});
    plan.gpusPerDomain = value;
    plan.dp = 0; // the GPUs that take ranks changed: re-derived
    job.plan = plan;
    pushJob(job,
            value > 0 ? tr("Set GPUs per Domain to %1").arg(value) : tr("Place Ranks on Every GPU"),
            QStringLiteral("gpus_per_domain"));
}

std::optional<Job> JobEditor::workloadJob() const
{
    if (m_refreshing || !m_document)
        return std::nullopt;
    Job job = ChangeJob::current(m_document);
    if (!job.workload)
        return std::nullopt;
    return job;
}

void JobEditor::onTrainingChanged()
{
    std::optional<Job> edited = workloadJob();
    if (!edited)
        return;
    Job &job = *edited;
    TrainingSpec &t = job.workload->training;
    t.globalBatch = m_globalBatch->value();
    t.microBatch = m_microBatch->value();
    t.offloadLayers = m_offload->value();
    t.recompute = Recompute(m_recompute->currentData().toInt());
    unsigned modules = 0;
    for (std::size_t i = 0; i < m_moduleActions.size(); ++i)
        modules |= m_moduleActions[i]->isChecked() ? 1u << i : 0u;
    // Stated only once it differs from what an unstated list means, and kept as the job
    // states it while another recompute mode is chosen (the file writes it under selective).
    if (t.recomputeModules || modules != kDefaultRecomputeModules)
        t.recomputeModules = modules;
    const int precision = m_precision->currentData().toInt();
    t.precision = precision == kBf16 ? Precision::BF16 : Precision::FP8;
    t.fp8Scaling = precision == kFp8Current ? Fp8Scaling::Current : Fp8Scaling::Delayed;
    t.software = valueOf<Software>(m_software);
    t.gradReduce = valueOf<GradReduce>(m_gradReduce);
    t.tpCommOverlap = m_tpOverlap->isChecked();
    t.epCommOverlap = m_epOverlap->isChecked();
    t.fsdp = m_fsdp->isChecked();
    t.sequenceParallel = m_sequenceParallel->isChecked();
    t.distributedOptimizer = m_distributedOptimizer->isChecked();
    t.nvls = m_nvls->isChecked();
    t.ibSharp = m_ibSharp->isChecked();
    const int dispatcher = m_dispatcher->currentData().toInt();
    t.moeDispatcher = dispatcher == 0 ? MoeDispatcher::AllToAll : MoeDispatcher::DeepEP;
    t.fp8Dispatch = dispatcher == 2;
    pushJob(job, tr("Change Training Settings"), QStringLiteral("training"));
}

void JobEditor::onExpertsChanged()
{
    std::optional<Job> edited = workloadJob();
    if (!edited)
        return;
    Job &job = *edited;
    ModelSpec &m = job.workload->model;
    m.firstDenseLayers = m_firstDense->value();
    m.moeLayerFreq = m_moeFreq->value();
    m.sharedExperts = m_shared->value();
    pushJob(job, tr("Change the Experts' Layers"), QStringLiteral("experts"));
}

void JobEditor::onRoutingChanged()
{
    std::optional<Job> edited = workloadJob();
    if (!edited)
        return;
    Job &job = *edited;
    ModelSpec &m = job.workload->model;
    const int groups = m_routerGroups->currentData().toInt();
    m.routerGroups = groups;
    if (groups <= 0) {
        m.routerGroupTopK = 0;
    } else {
        // A new group count keeps the spin box's count where it still holds, else the nearest
        // that does (half the groups for a first choice): the file stays valid.
        const int perGroup = std::max(1, m.experts / groups);
        const int least = std::max(1, (m.topK + perGroup - 1) / perGroup);
        const int asked = m_routerGroupTopK->value() > 0 ? m_routerGroupTopK->value()
                                                         : std::max(1, groups / 2);
        m.routerGroupTopK = std::clamp(asked, least, groups);
    }
    pushJob(job, tr("Change the Expert Routing"), QStringLiteral("routing"));
}

void JobEditor::onLatentChanged()
{
    std::optional<Job> edited = workloadJob();
    if (!edited || !edited->workload->model.mla)
        return;
    Job &job = *edited;
    LatentAttention &l = *job.workload->model.mla;
    int *fields[] = {&l.qLoraRank, &l.kvLoraRank, &l.qkNopeHeadDim, &l.qkRopeHeadDim, &l.vHeadDim};
    for (std::size_t i = 0; i < m_latent.size(); ++i)
        *fields[i] = m_latent[i]->value();
    pushJob(job, tr("Change the Latent Attention"), QStringLiteral("latent"));
}

void JobEditor::applyBestPlan()
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

void JobEditor::onPlanned()
{
    m_bestPlan->setText(tr("Find &Best Plan"));
    const PlannerResult r = m_planner.result();
    if (m_plannedFor != m_document || !m_document) {
        refresh();
        return;
    }
    if (r.plans.empty()) {
        Q_EMIT message(
                tr("No plan of %n tried fits in memory on this cluster", nullptr, r.considered));
        refresh();
        return;
    }
    const AnalysisResult &best = r.plans.front();
    Job job = ChangeJob::current(m_document);
    job.workload = best.workload;
    job.plan = best.plan;
    pushJob(job, tr("Apply Best Plan"), QString());
    refresh();
    Q_EMIT message(tr("Best of %n valid plan(s) that fit: TP %1, PP %2, DP %3 at %4", nullptr,
                      int(r.fitting))
                           .arg(best.plan.tp)
                           .arg(best.plan.pp)
                           .arg(best.plan.dp)
                           .arg(units::tokensPerSecond(best.step.tokensPerS)));
    Q_EMIT bestPlanApplied();
}

} // namespace topoplan
