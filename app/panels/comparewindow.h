#pragma once

#include "engine/explore/compare.h"

#include <QFutureWatcher>
#include <QWidget>

#include <optional>
#include <vector>

class QChartView;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace topoplan {

// Compare Designs: the same job planned on two or more designs (the open documents, and files
// added here), one table with a column per design and its delta against the first, each
// design's TP sweep as a line on one chart, and their steps as bars side by side. The engine's
// compareDesigns() runs in the background; the window only shows.
class CompareWindow : public QWidget
{
    Q_OBJECT

public:
    explicit CompareWindow(QWidget *parent = nullptr);
    ~CompareWindow() override;

    // The designs offered (checked), the first the baseline, and the job to plan on them.
    void setDesigns(const std::vector<DesignInput> &designs, const Workload &workload,
                    const QString &jobSource);
    // Adds project files (read in the background with the comparison).
    void addFiles(const QStringList &paths);
    // Compares the checked designs; false, with the reason shown, for fewer than two.
    bool compare();
    bool isComparing() const { return m_watcher.isRunning(); }

    const std::optional<Comparison> &comparison() const { return m_comparison; }
    QTableWidget *table() const { return m_table; }
    QListWidget *designList() const { return m_list; }
    QChartView *sweepChart() const { return m_sweepView; }
    QChartView *stepChart() const { return m_stepView; }
    QLabel *statusLabel() const { return m_status; }

Q_SIGNALS:
    void compared();

private:
    void onCompared();
    void showTable(const Comparison &c);
    void showSweeps(const Comparison &c);

    std::vector<DesignInput> m_designs; // offered; the list's rows, in order
    QStringList m_files;                // added files, after the designs in the list
    Workload m_workload;
    QLabel *m_job;
    QListWidget *m_list;
    QPushButton *m_compareButton;
    QLabel *m_status;
    QTableWidget *m_table;
    QTabWidget *m_tabs;
    QChartView *m_sweepView;
    QChartView *m_stepView;
    QFutureWatcher<Comparison> m_watcher;
    std::optional<Comparison> m_comparison;
};

} // namespace topoplan
