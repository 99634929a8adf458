#pragma once

#include "app/export/diagramexport.h"

#include <QToolButton>

#include <functional>

class QMimeData;

namespace topoplan {

// The diagram as drag-and-drop data for other applications: "image/svg+xml" (real text,
// vectors) and "image/png" (and the image itself, for targets that take only Qt's image data).
QMimeData *diagramMimeData(const DiagramPicture &diagram, const QString &title);

// A "drag me" handle: pressing on it and dragging carries the diagram, recorded at that moment
// by `record`, into another application (a document, a slide, a chat) as SVG and PNG. A click
// without dragging does nothing.
class DiagramDragHandle : public QToolButton
{
    Q_OBJECT

public:
    using Recorder = std::function<DiagramPicture()>;
    DiagramDragHandle(Recorder record, std::function<QString()> title, QWidget *parent = nullptr);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    Recorder m_record;
    std::function<QString()> m_title;
    QPoint m_pressed;
    bool m_armed = false;
};

} // namespace topoplan
