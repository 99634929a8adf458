#include "app/document/projectio.h"

#include "engine/generate/templates.h"
#include "engine/import/importer.h"
#include "engine/io/projectfile.h"

#include <QtConcurrent/QtConcurrentRun>

namespace topoplan {

LoadResult loadProjectFile(const QString &path)
{
    LoadResult result;
    result.path = path;
    Expected<Project> project = loadProject(path.toStdString());
    if (project) {
        result.project = std::move(*project);
    } else {
        result.error = project.error();
        result.salvage = salvageProject(path.toStdString());
    }
    return result;
}

LoadResult instantiateTemplate(const QString &templateId)
{
    LoadResult result;
    result.path = templateId;
    result.isTemplate = true;
    const ProjectTemplate *t = findTemplate(templateId.toStdString());
    if (!t) {
        result.error = Error{{}, {}, "no built-in template \"" + templateId.toStdString() + "\""};
        return result;
    }
    Expected<Project> project = instantiate(*t);
    if (project)
        result.project = std::move(*project);
    else
        result.error = project.error();
    return result;
}

QFuture<LoadResult> instantiateTemplateInBackground(const QString &templateId)
{
    return QtConcurrent::run([templateId] { return instantiateTemplate(templateId); });
}

QFuture<LoadResult> loadProjectInBackground(const QString &path)
{
    return QtConcurrent::run([path] { return loadProjectFile(path); });
}

ImportOutcome importClusterFiles(const QStringList &paths)
{
    ImportOutcome outcome;
    outcome.paths = paths;
    std::vector<std::string> files;
    for (const QString &p : paths)
        files.push_back(p.toStdString());
    Expected<ImportResult> r = importFiles(files);
    if (r) {
        outcome.project = std::move(r->project);
        outcome.report = std::move(r->report);
    } else {
        outcome.error = r.error();
    }
    return outcome;
}

QFuture<ImportOutcome> importInBackground(const QStringList &paths)
{
    return QtConcurrent::run([paths] { return importClusterFiles(paths); });
}

QFuture<SaveResult> saveProjectInBackground(Project snapshot, const QString &path)
{
    return QtConcurrent::run([snapshot = std::move(snapshot), path] {
        return SaveResult{path, saveProject(snapshot, path.toStdString())};
    });
}

} // namespace topoplan
