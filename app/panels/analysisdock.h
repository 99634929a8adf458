#pragma once

#include "app/analysis/analysiscontroller.h"
#include "app/document/jobcommands.h"
#include "app/panels/jobeditor.h"

#include "engine/plan/planner.h"

#include <QDockWidget>

#include <QPointer>

class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace topoplan {

class CostView;
class Document;

// The analysis panel: the training job (a JobEditor), what the engine projects for it (step
// time, tokens/s, TFLOP/s, MFU, memory, the exposed breakdown), every parallel group's
// interconnect, bus bandwidth, hops and bottleneck link, and the diagnostics, each saying why
// and what to change; the figures come from the AnalysisController's worker. Clicking a group
// or a diagnostic selects the devices it names on the canvas.
class AnalysisDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit AnalysisDock(AnalysisController *controller, QWidget *parent = nullptr);

    void setDocument(Document *document);

    // The training job's fields (the JobEditor beside the results).
    JobEditor *jobEditor() const { return m_job; }
    QComboBox *modelBox() const { return m_job->modelBox(); }
    QSpinBox *degreeBox(Dim dim) const { return m_job->degreeBox(dim); }
    QSpinBox *globalBatchBox() const { return m_job->globalBatchBox(); }
    QSpinBox *microBatchBox() const { return m_job->microBatchBox(); }
    QComboBox *recomputeBox() const { return m_job->recomputeBox(); }
    QPushButton *bestPlanButton() const { return m_job->bestPlanButton(); }
    QLabel *headline() const { return m_headline; }
    QLabel *baselineLabel() const { return m_baselineLine; }
    QPushButton *pinBaselineButton() const { return m_pinBaseline; }
    QTreeWidget *groupsTable() const { return m_groups; }
    // The tabs under the projection: the parallel groups, and the cost and power.
    QTabWidget *detailsTabs() const { return m_details; }
    // Brings the cost and power tab forward (after File > Import Prices).
    void showCost();
    QListWidget *diagnosticsList() const { return m_diagnostics; }
    bool isPlanning() const { return m_job->isPlanning(); }

    // Runs the planner in a worker and applies its best plan as one undo step.
    void applyBestPlan() { m_job->applyBestPlan(); }

Q_SIGNALS:
    void message(const QString &text);
    void bestPlanApplied();

private:
    QWidget *createResultPanel();
    QWidget *createDiagnosticsPanel();
    void showOutcome(const AnalysisOutcome &outcome);
    void showBaseline();
    // The projection's uncertainty on published runs of its class, and the idle servers.
    static QString bandLine(const AnalysisResult &r);
    void showGroups(const AnalysisResult &r);
    void showDiagnostics(const std::vector<Diagnostic> &diagnostics);
    void selectIds(const QStringList &ids);

    AnalysisController *m_controller;
    QPointer<Document> m_document;

    JobEditor *m_job;
    QLabel *m_headline;
    QLabel *m_baselineLine = nullptr;
    QPushButton *m_pinBaseline = nullptr;
    QLabel *m_breakdown;
    QLabel *m_memory; // memory per GPU, item by item
    QTabWidget *m_details = nullptr;
    CostView *m_cost = nullptr;
    QTreeWidget *m_groups;
    QListWidget *m_diagnostics;
};

} // namespace topoplan
