#pragma once

#include "engine/core/error.h"
#include "engine/model/project.h"

#include <QString>

class QMimeData;

namespace topoplan {

// Copied parts of a design on the system clipboard: a project fragment (the engine's
// extractSubset()) as the engine's project JSON under its own MIME type, and as plain text, so
// that it can be pasted into another TopoPlan window or read in a text editor.
namespace Clipboard {

// "application/x-topoplan-items"
QString mimeType();

// New mime data holding `fragment`; the caller owns it (QClipboard::setMimeData takes it).
QMimeData *toMimeData(const Project &fragment);
bool canPaste(const QMimeData *data);
// The fragment in `data`, read and checked as a project file is; the error names the
// clipboard as its file.
Expected<Project> fromMimeData(const QMimeData *data);

// The system clipboard, for the editor's actions.
void put(const Project &fragment);
bool hasFragment();
Expected<Project> fragment();

} // namespace Clipboard

} // namespace topoplan
