#pragma once

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/plan/calibration.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>
#include <vector>

class QMainWindow;

namespace topoplan {

class Document;

// File > Calibrate from Cluster: what the user's pilot cluster measured with nccl-tests, fitted
// into the project's catalog section (engine/plan/calibration.h, as the CLI's `calibrate`
// does), in a worker so the window keeps painting; then shown beside the catalog's figures and
// applied as one undo step.
class ClusterCalibration : public QObject
{
    Q_OBJECT

public:
    explicit ClusterCalibration(QMainWindow *window);

    void dialog(Document *document);
    // Starts fitting `paths` (nccl-tests output) into `document`'s catalog section.
    void run(Document *document, const QStringList &paths);
    bool isRunning() const { return m_watcher.isRunning(); }

    struct Outcome
    {
        std::vector<CollectiveCalibration> fits;
        std::optional<Json> section; // the project's new catalog section
        Error error;
    };
    // The text of the fits, one line per run: measured against the catalog, and the figure
    // fitted.
    static QString summary(const std::vector<CollectiveCalibration> &fits);

Q_SIGNALS:
    void calibrated(int runs);
    void failed(const QString &details);

private:
    void finished();

    QMainWindow *m_window;
    QPointer<Document> m_document;
    QStringList m_paths;
    QFutureWatcher<Outcome> m_watcher;
};

} // namespace topoplan
