#pragma once

#include "engine/core/error.h"
#include "engine/import/importreport.h"
#include "engine/io/projectsalvage.h"
#include "engine/model/project.h"

#include <QFuture>
#include <QString>
#include <QStringList>

#include <optional>

namespace topoplan {

// Loading and saving off the UI thread: a big project parses and validates in a worker, and
// the window keeps painting. Both take and return values only, so nothing is shared.

struct LoadResult
{
    QString path;                   // the file, or the template id
    bool isTemplate = false;        // a new project from a template: no file to save over
    std::optional<Project> project; // set on success
    Error error;                    // set on failure: file, JSON path, what was expected
    // On failure to open a file: every problem in it, and what can be read without the broken
    // items (salvageProject()), worked out in the same worker.
    std::optional<SalvagedProject> salvage;
};

// Reads, parses and validates the project file at `path`.
LoadResult loadProjectFile(const QString &path);
QFuture<LoadResult> loadProjectInBackground(const QString &path);
// Generates the project of a built-in template (see engine/templates.h).
LoadResult instantiateTemplate(const QString &templateId);
QFuture<LoadResult> instantiateTemplateInBackground(const QString &templateId);

// Importing what a cluster reports (ibnetdiscover output, NCCL topology XML, nvidia-smi topo -m;
// engine/import/importer.h) off the UI thread: a 2,048-server fabric is ten megabytes of text.
struct ImportOutcome
{
    QStringList paths;
    std::optional<Project> project; // set on success
    ImportReport report;
    Error error; // set on failure: file, line, what was expected
};
ImportOutcome importClusterFiles(const QStringList &paths);
QFuture<ImportOutcome> importInBackground(const QStringList &paths);

struct SaveResult
{
    QString path;
    std::optional<Error> error;
};

// Writes `snapshot` atomically (a temporary file renamed over the target).
QFuture<SaveResult> saveProjectInBackground(Project snapshot, const QString &path);

} // namespace topoplan
