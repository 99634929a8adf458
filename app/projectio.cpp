#include "projectio.h"

#include "engine/jsonin.h"
#include "engine/projectfile.h"

#include <QFile>
#include <QtConcurrent/QtConcurrentRun>

namespace topoplan {

LoadResult loadProjectFile(const QString &path)
{
    LoadResult result;
    result.path = path;
    const std::string file = path.toStdString();
    Expected<Project> project = Error{};
    if (path.startsWith(QLatin1Char(':'))) {
        QFile resource(path);
        if (!resource.open(QIODevice::ReadOnly)) {
            project = Error{
                    file, {}, "cannot read the file: " + resource.errorString().toStdString()};
        } else {
            Expected<Json> doc = parseJson(resource.readAll().toStdString(), file);
            project = doc ? parseProject(*doc, file) : Expected<Project>(doc.error());
        }
    } else {
        project = loadProject(file);
    }
    if (project)
        result.project = std::move(*project);
    else
        result.error = project.error();
    return result;
}

QFuture<LoadResult> loadProjectInBackground(const QString &path)
{
    return QtConcurrent::run([path] { return loadProjectFile(path); });
}

QFuture<SaveResult> saveProjectInBackground(Project snapshot, const QString &path)
{
    return QtConcurrent::run([snapshot = std::move(snapshot), path] {
        return SaveResult{path, saveProject(snapshot, path.toStdString())};
    });
}

} // namespace topoplan
