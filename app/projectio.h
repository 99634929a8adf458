#pragma once

#include "engine/error.h"
#include "engine/project.h"

#include <QFuture>
#include <QString>

#include <optional>

namespace topoplan {

// Loading and saving off the UI thread: a big project parses and validates in a worker, and
// the window keeps painting. Both take and return values only, so nothing is shared.

struct LoadResult
{
    QString path;
    std::optional<Project> project; // set on success
    Error error;                    // set on failure: file, JSON path, what was expected
};

// Reads, parses and validates `path`; a path starting with ':' is a Qt resource (templates).
LoadResult loadProjectFile(const QString &path);
QFuture<LoadResult> loadProjectInBackground(const QString &path);

struct SaveResult
{
    QString path;
    std::optional<Error> error;
};

// Writes `snapshot` atomically (a temporary file renamed over the target).
QFuture<SaveResult> saveProjectInBackground(Project snapshot, const QString &path);

} // namespace topoplan
