#pragma once

#include "app/analysis/analysiscontroller.h"
#include "app/document/jobcommands.h"

#include "engine/plan/planner.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointer>

class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSpinBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace topoplan {

class Document;

// The analysis panel: the training job (model, batch, recomputation, precision and the
// parallel degrees), what the engine projects for it (step time, tokens/s, TFLOP/s, MFU,
// memory, the exposed breakdown), every parallel group's interconnect, bus bandwidth, hops and
// bottleneck link, and the diagnostics, each saying why and what to change. Every field edit is
// an undo step (ChangeJob); the figures come from the AnalysisController's worker. Clicking a
// group or a diagnostic selects the devices it names on the canvas.
class AnalysisDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit AnalysisDock(AnalysisController *controller, QWidget *parent = nullptr);
    ~AnalysisDock() override;

    void setDocument(Document *document);

    QComboBox *modelBox() const { return m_model; }
    QSpinBox *degreeBox(Dim dim) const;
    QSpinBox *globalBatchBox() const { return m_globalBatch; }
    QSpinBox *microBatchBox() const { return m_microBatch; }
    QComboBox *recomputeBox() const { return m_recompute; }
    QPushButton *bestPlanButton() const { return m_bestPlan; }
    QLabel *headline() const { return m_headline; }
    QLabel *baselineLabel() const { return m_baselineLine; }
    QPushButton *pinBaselineButton() const { return m_pinBaseline; }
    QTreeWidget *groupsTable() const { return m_groups; }
    QListWidget *diagnosticsList() const { return m_diagnostics; }
    bool isPlanning() const { return m_planner.isRunning(); }

    // Runs the planner in a worker and applies its best plan as one undo step.
    void applyBestPlan();

Q_SIGNALS:
    void message(const QString &text);
    void bestPlanApplied();

private:
    QWidget *createJobPanel();
    QWidget *createResultPanel();
    QWidget *createDiagnosticsPanel();
    void refreshJob();
    void showOutcome(const AnalysisOutcome &outcome);
    void showBaseline();
    void showGroups(const AnalysisResult &r);
    void showDiagnostics(const std::vector<Diagnostic> &diagnostics);
    void pushJob(const Job &job, const QString &text, const QString &field);
    void onModelChosen(int index);
    void onDegreeChanged(Dim dim, int value);
    void onTrainingChanged();
    void onPlanned();
    void selectIds(const QStringList &ids);

    AnalysisController *m_controller;
    QPointer<Document> m_document;
    bool m_refreshing = false;

    QComboBox *m_model;
    QSpinBox *m_globalBatch;
    QSpinBox *m_microBatch;
    QComboBox *m_recompute;
    QComboBox *m_precision;
    QSpinBox *m_tp;
    QSpinBox *m_pp;
    QSpinBox *m_dp;
    QSpinBox *m_cp;
    QSpinBox *m_ep;
    QPushButton *m_bestPlan;
    QLabel *m_headline;
    QLabel *m_baselineLine = nullptr;
    QPushButton *m_pinBaseline = nullptr;
    QLabel *m_breakdown;
    QTreeWidget *m_groups;
    QListWidget *m_diagnostics;

    QFutureWatcher<PlannerResult> m_planner;
    QPointer<Document> m_plannedFor;
};

} // namespace topoplan
