#pragma once

#include "engine/core/error.h"
#include "engine/explore/failures.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointer>

#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace topoplan {

class ClusterView;
class Document;

// N-1: which single switch, link bundle or server NIC costs the plan the most if it fails.
// "Run N-1" hands a snapshot of the document's design and job to the engine's analyzeN1() on a
// worker thread (the UI thread never waits; progress shows, Cancel stops it); the table then
// ranks the elements by tokens/s lost, with the parallel group each hits and its new
// bottleneck. Selecting a row selects the element (a NIC's server) on the canvas.
class FailuresDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit FailuresDock(QWidget *parent = nullptr);
    ~FailuresDock() override;

    void setDocument(Document *document);
    // The canvas a selected row is centred in.
    void setView(ClusterView *view);
    bool isRunning() const { return m_watcher.isRunning(); }
    // The last N-1 shown; nullopt before the first run.
    const std::optional<N1Result> &result() const { return m_result; }
    QTableWidget *table() const { return m_table; }
    QPushButton *runButton() const { return m_run; }
    QLabel *summaryLabel() const { return m_summary; }

    // Starts a run of the document as it is now (or cancels the one in progress).
    void run();

Q_SIGNALS:
    void finished();

private:
    struct Run
    {
        std::optional<N1Result> result;
        std::optional<Error> error;
    };
    void onFinished();
    void showResult();
    void onRowSelected();

    QPointer<Document> m_document;
    QPointer<ClusterView> m_view;
    QPushButton *m_run;
    QLabel *m_summary;
    QTableWidget *m_table;
    QFutureWatcher<Run> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    Topology m_ranOn; // the design the run in progress (or the last) analysed
    std::optional<N1Result> m_result;
};

} // namespace topoplan
