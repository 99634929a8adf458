#pragma once

#include "engine/explore/explore.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointer>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QAbstractSeries;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;
class QToolButton;
class QXYSeries;

namespace topoplan {

class AnalysisController;
class Document;
class ExploreModel;

// "Which design?": the engine's design-space explorer on the document's job. The user picks
// the axes (NVLink domains, with ranks per rack among them; fabrics, leaf oversubscription,
// leaf switch), the GPU count (the design's by default; a domain that cannot give it exactly
// is built at the nearest counts below and above), the metric tokens/s is weighed against and
// a token budget; the run builds and plans every variant in the background, with progress and
// cancel, and the table fills in as variants finish. Then the verdict sentences (the engine's
// verdicts(), as the CLI prints them) and three charts: best tokens/s per GPU against NVLink
// domain size (a line per fabric), tokens/s against oversubscription (a line per domain and
// fabric), and tokens/s against the metric with the Pareto front (per GPU where the designs
// run the job on different GPU counts). Hovering a point or a row shows the plan;
// double-clicking opens the variant as a new document.
class ExploreDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ExploreDock(AnalysisController *controller, QWidget *parent = nullptr);
    ~ExploreDock() override;

    void setDocument(Document *document);

    // Starts a run with the chosen axes (cancelling one in progress); false, with the reason
    // shown, when the document states no job.
    bool run();
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

    // The last finished run.
    const std::optional<ExploreResult> &result() const { return m_result; }
    ExploreModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLabel *verdictLabel() const { return m_verdict; }
    QSpinBox *gpuSpin() const { return m_gpus; }
    QLineEdit *tokenBudgetEdit() const { return m_budget; }
    // What the Pareto front and the verdicts weigh tokens/s against.
    QComboBox *againstBox() const { return m_against; }
    ExploreMetric against() const;
    // The chosen axes (the menus' checked items).
    ExploreAxes axes() const;
    // The chart views: domain size, oversubscription, switches (Pareto).
    QChartView *domainChart() const { return m_domainView; }
    QChartView *oversubscriptionChart() const { return m_oversubscriptionView; }
    QChartView *paretoChart() const { return m_paretoView; }

Q_SIGNALS:
    void variantArrived(int row);
    void explored();
    // The variant of a table row (or chart point) to open as a new, unsaved document.
    void openVariantRequested(const topoplan::Project &project);

private:
    void buildAxisMenus();
    void onProgress(const VariantResult &v);
    void onFinished();
    void showCharts(const ExploreResult &r);
    void openRow(int row);
    void showPlanTip(int row);
    // A point of a chart series stands for a variant (row): for hover and double-click.
    void bindPoints(QXYSeries *series, std::vector<int> rows);
    void updateDesignGpus();

    AnalysisController *m_controller;
    QPointer<Document> m_document;
    QSpinBox *m_gpus;
    QLineEdit *m_budget;
    QComboBox *m_against;
    QToolButton *m_domainButton;
    QToolButton *m_fabricButton;
    QToolButton *m_oversubscriptionButton;
    QMenu *m_domainMenu;
    QMenu *m_fabricMenu;
    QMenu *m_oversubscriptionMenu;
    QToolButton *m_switchButton;
    QMenu *m_switchMenu;
    QToolButton *m_planesButton;
    QMenu *m_planesMenu;
    QPushButton *m_runButton;
    QPushButton *m_cancelButton;
    QProgressBar *m_progress;
    QLabel *m_verdict;
    QTableView *m_table;
    ExploreModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTabWidget *m_charts;
    QChartView *m_domainView;
    QChartView *m_oversubscriptionView;
    QChartView *m_paretoView;

    QFutureWatcher<ExploreResult> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_run = 0;
    int m_done = 0;
    std::vector<std::optional<Project>> m_projects; // by row, as variants arrive
    std::optional<ExploreResult> m_result;
};

} // namespace topoplan
