#include "app/window/clustercalibration.h"

#include "app/common/units.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"
#include "engine/io/projectfile.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

namespace topoplan {

namespace {

QString lastDirKey()
{
    return QStringLiteral("calibration/lastDir");
}

// The whole fit, on a copy of the project: nothing here touches the document.
ClusterCalibration::Outcome calibrate(const Project &project, const QStringList &paths)
{
    ClusterCalibration::Outcome out;
    Expected<Catalog> catalog = projectCatalog(project);
    Expected<Analyzer> analyzer = catalog ? Analyzer::create(project.topology, *catalog)
                                          : Expected<Analyzer>(catalog.error());
    if (!analyzer) {
        out.error = analyzer.error();
        return out;
    }
    for (const QString &path : paths) {
        const std::string file = path.toStdString();
        Expected<std::string> text = readTextFile(file);
        Expected<NcclTestRun> run
                = text ? parseNcclTests(*text, file) : Expected<NcclTestRun>(text.error());
        Expected<CollectiveCalibration> fit = run ? calibrateCollective(*analyzer, *run)
                                                  : Expected<CollectiveCalibration>(run.error());
        if (!fit) {
            out.error = fit.error();
            return out;
        }
        out.fits.push_back(*fit);
    }
    out.fits = fittingOrder(std::move(out.fits));
    const CalibrationEntries entries = calibrationEntries(
            out.fits, nullptr, [&](const char *section, const std::string &id) {
                return projectCatalogEntry(project, section, id);
            });
    Expected<Json> section
            = withHardware(project, Json{{"media", entries.media}}, paths.value(0).toStdString());
    if (!section) {
        out.error = section.error();
        return out;
    }
    out.section = *section;
    return out;
}

} // namespace

ClusterCalibration::ClusterCalibration(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &ClusterCalibration::finished);
}

void ClusterCalibration::dialog(Document *document)
{
    if (!document || isRunning())
        return;
    QSettings settings;
    const QStringList paths = QFileDialog::getOpenFileNames(
            m_window, tr("Calibrate from Cluster"), settings.value(lastDirKey()).toString(),
            tr("nccl-tests output: all_reduce_perf, all_gather_perf, reduce_scatter_perf, "
               "alltoall_perf (*.log *.txt *.out);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings.setValue(lastDirKey(), QFileInfo(paths.first()).absolutePath());
    run(document, paths);
}

void ClusterCalibration::run(Document *document, const QStringList &paths)
{
    if (!document || isRunning())
        return;
    m_document = document;
    m_paths = paths;
    m_window->statusBar()->showMessage(
            tr("Calibrating from %n file(s)...", nullptr, int(paths.size())));
    m_watcher.setFuture(QtConcurrent::run(calibrate, document->project(), paths));
}

QString ClusterCalibration::summary(const std::vector<CollectiveCalibration> &fits)
{
    QStringList lines;
    for (const CollectiveCalibration &c : fits) {
        const QString tier = c.network ? tr("network") : tr("NVLink");
        lines << tr("%1 on %2 GPUs of %n host(s) (%3): bus bandwidth %4 measured, %5 in the "
                    "catalog; smallest message %6 measured, %7 in the catalog. %8 efficiency "
                    "%9 -> %10.",
                    nullptr, c.run.nodes)
                         .arg(QString::fromStdString(c.run.test))
                         .arg(c.run.ranks)
                         .arg(tier, units::bandwidth(c.measuredBusbwGBs),
                              units::bandwidth(c.catalogBusbwGBs),
                              units::duration(c.measuredLatencyUs * 1e-6),
                              units::duration(c.catalogLatencyUs * 1e-6),
                              QString::fromStdString(c.medium),
                              units::number(c.catalogEfficiency, 3),
                              units::number(c.fittedEfficiency, 3));
    }
    return lines.join(QLatin1Char('\n'));
}

void ClusterCalibration::finished()
{
    Outcome outcome = m_watcher.result();
    m_window->statusBar()->clearMessage();
    if (!m_document)
        return;
    if (!outcome.section) {
        const QString details = QString::fromStdString(outcome.error.text());
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot Calibrate"),
                                    tr("The measurements were not applied to the project."),
                                    QMessageBox::Ok, m_window);
        box->setObjectName(QStringLiteral("errorMessage"));
        box->setInformativeText(details);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        Q_EMIT failed(details);
        return;
    }
    QStringList names;
    for (const QString &p : m_paths)
        names << QFileInfo(p).fileName();
    m_document->undoStack()->push(
            new ChangeCatalog(m_document, *outcome.section,
                              tr("Calibrate from %1").arg(names.join(QStringLiteral(", ")))));
    auto *box = new QMessageBox(QMessageBox::Information, tr("Calibrated from Cluster"),
                                tr("The project's network now runs at what the cluster "
                                   "measured; every analysis uses it. Undo restores the "
                                   "catalog's figures."),
                                QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("calibrationSummary"));
    box->setInformativeText(summary(outcome.fits));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT calibrated(int(outcome.fits.size()));
}

} // namespace topoplan
