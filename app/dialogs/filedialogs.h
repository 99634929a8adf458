#pragma once

#include "engine/import/importreport.h"
#include "engine/io/projectsalvage.h"

#include <QString>

#include <functional>

class QWidget;

namespace topoplan {

// What the File menu shows when a file was read: an import's report and the problems of a
// project file that could not be opened. Both are window-modal but not blocking (open(), not
// exec()): the window keeps painting and tests can read them.

// "Import Report" (object name "importReport"): the importer's summary, its counts of
// assumptions, unmapped items and checks, and every note with its file and line.
void showImportReport(QWidget *parent, const QString &title, const ImportReport &report);

// "Cannot Open Project" (object name "errorMessage"): every problem of the file with its JSON
// path (the first few shown, all under Show Details) and what the readable part leaves out;
// when something could be read, an "Open Readable Part" button (object name
// "openReadablePart") that calls `openReadable` with it. `shown` is the file as the user
// knows it.
void showOpenProblems(QWidget *parent, const QString &shown, SalvagedProject salvage,
                      std::function<void(Project project, int leftOut)> openReadable);

} // namespace topoplan
