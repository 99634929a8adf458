#pragma once

#include "app/analysis/analysiscontroller.h"
#include "app/document/jobcommands.h"

#include "engine/plan/planner.h"

#include <QFutureWatcher>
#include <QGroupBox>
#include <QPointer>

#include <array>
#include <optional>

class QCheckBox;
class QComboBox;
class QToolButton;
class QAction;
class QPushButton;
class QSpinBox;

namespace topoplan {

class Document;

// The training job as the user states it: the model (a preset or the project's own), batch,
// recomputation, precision, the training software and its overlaps, the experts' layout of a
// mixture-of-experts model, and the parallel degrees. Every field edit is one undo step
// (ChangeJob; typing into one field merges). Find Best Plan runs the engine's planner in a
// worker and applies its best plan as one undo step. The Analysis panel shows this beside
// what the engine projects for the job.
class JobEditor : public QGroupBox
{
    Q_OBJECT

public:
    JobEditor(AnalysisController *controller, QWidget *parent = nullptr);
    ~JobEditor() override;

    void setDocument(Document *document);

    QComboBox *modelBox() const { return m_model; }
    QSpinBox *degreeBox(Dim dim) const;
    QSpinBox *globalBatchBox() const { return m_globalBatch; }
    QSpinBox *microBatchBox() const { return m_microBatch; }
    QComboBox *recomputeBox() const { return m_recompute; }
    // Selective recomputation's modules: a menu of checkable actions, in RecomputeModule bit
    // order (core_attn, mla_up_proj, layernorm, moe_act).
    QToolButton *recomputeModulesButton() const { return m_recomputeModules; }
    QComboBox *softwareBox() const { return m_software; }
    QComboBox *gradReduceBox() const { return m_gradReduce; }
    QCheckBox *tpOverlapBox() const { return m_tpOverlap; }
    QCheckBox *epOverlapBox() const { return m_epOverlap; }
    QCheckBox *fsdpBox() const { return m_fsdp; }
    QSpinBox *offloadBox() const { return m_offload; }
    QCheckBox *sequenceParallelBox() const { return m_sequenceParallel; }
    QCheckBox *distributedOptimizerBox() const { return m_distributedOptimizer; }
    QCheckBox *nvlsBox() const { return m_nvls; }
    QCheckBox *ibSharpBox() const { return m_ibSharp; }
    QSpinBox *gpusPerDomainBox() const { return m_perDomain; }
    QSpinBox *firstDenseLayersBox() const { return m_firstDense; }
    QSpinBox *moeLayerFreqBox() const { return m_moeFreq; }
    QSpinBox *sharedExpertsBox() const { return m_shared; }
    // The router's groups (0: none) and how many of them a token's experts come from, and the
    // dispatcher (0: per expert, 1: per node, 2: per node in FP8).
    QComboBox *routerGroupsBox() const { return m_routerGroups; }
    QSpinBox *routerGroupTopKBox() const { return m_routerGroupTopK; }
    QComboBox *dispatcherBox() const { return m_dispatcher; }
    QWidget *routingRow() const { return m_routingRow; }
    // The latent attention's ranks and head widths, in the order of LatentAttention.
    QSpinBox *latentBox(int index) const { return m_latent[index]; }
    QWidget *latentRow() const { return m_latentRow; }
    QPushButton *bestPlanButton() const { return m_bestPlan; }
    bool isPlanning() const { return m_planner.isRunning(); }

    // Runs the planner in a worker and applies its best plan as one undo step.
    void applyBestPlan();

Q_SIGNALS:
    void message(const QString &text);
    void bestPlanApplied();

private:
    QWidget *createSoftwareRow();
    QWidget *createExpertsRow();
    QWidget *createLatentRow();
    QWidget *createRoutingRow();
    void refreshRouting(const Workload &workload);
    void showRow(QWidget *row, bool visible);
    void refresh();
    void pushJob(const Job &job, const QString &text, const QString &field);
    // The job a control's change edits: none while refresh() sets the controls, without a
    // document, or for a job without a workload.
    std::optional<Job> workloadJob() const;
    void onModelChosen(int index);
    void onDegreeChanged(Dim dim, int value);
    void onTrainingChanged();
    void onPerDomainChanged(int value);
    void onExpertsChanged();
    void onLatentChanged();
    void onRoutingChanged();
    void onPlanned();

    AnalysisController *m_controller;
    QPointer<Document> m_document;
    bool m_refreshing = false;

    QComboBox *m_model;
    QSpinBox *m_globalBatch;
    QSpinBox *m_microBatch;
    QComboBox *m_recompute;
    QToolButton *m_recomputeModules;
    std::array<QAction *, 4> m_moduleActions;
    QComboBox *m_precision;
    QComboBox *m_software;
    QComboBox *m_gradReduce;
    QCheckBox *m_tpOverlap;
    QCheckBox *m_epOverlap;
    QCheckBox *m_fsdp;
    QSpinBox *m_offload;
    QCheckBox *m_sequenceParallel;
    QCheckBox *m_distributedOptimizer;
    QCheckBox *m_nvls;
    QCheckBox *m_ibSharp;
    QWidget *m_expertsRow;
    QSpinBox *m_firstDense;
    QSpinBox *m_moeFreq;
    QSpinBox *m_shared;
    QWidget *m_routingRow;
    QComboBox *m_routerGroups;
    QSpinBox *m_routerGroupTopK;
    QComboBox *m_dispatcher;
    QWidget *m_latentRow;
    std::array<QSpinBox *, 5> m_latent;
    QSpinBox *m_tp;
    QSpinBox *m_pp;
    QSpinBox *m_dp;
    QSpinBox *m_cp;
    QSpinBox *m_ep;
    QSpinBox *m_perDomain;
    QPushButton *m_bestPlan;

    QFutureWatcher<PlannerResult> m_planner;
    QPointer<Document> m_plannedFor;
};

} // namespace topoplan
