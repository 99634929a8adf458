#include "app/export/diagramdrag.h"

#include "app/export/svgmetadata.h"

#include <QApplication>
#include <QBuffer>
#include <QDrag>
#include <QIcon>
#include <QImage>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// A dragged image stays a size other applications take without trouble.
constexpr double kMaxDragPixels = 8'000'000;

} // namespace

QMimeData *diagramMimeData(const DiagramPicture &diagram, const QString &title)
{
    auto *mime = new QMimeData;
    const QRectF r = diagram.rect;
    QByteArray svgBytes;
    {
        QBuffer buffer(&svgBytes);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(r.size().toSize());
        svg.setViewBox(r);
        svg.setResolution(diagram.picture.logicalDpiX());
        svg.setTitle(svgMetadataText(title));
        QPainter p;
        if (p.begin(&svg)) {
            p.drawPicture(0, 0, diagram.picture);
            p.end();
        }
    }
    mime->setData(QStringLiteral("image/svg+xml"), svgBytes);
    const double area = std::max(1.0, r.width() * r.height());
    const double scale = std::min(2.0, std::sqrt(kMaxDragPixels / area));
    QImage image(QSize(std::max(1, int(std::ceil(r.width() * scale))),
                       std::max(1, int(std::ceil(r.height() * scale)))),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(scale, scale);
        p.drawPicture(0, 0, diagram.picture);
    }
    QByteArray png;
    {
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image.save(&buffer, "PNG");
    }
    mime->setData(QStringLiteral("image/png"), png);
    mime->setImageData(image);
    return mime;
}

DiagramDragHandle::DiagramDragHandle(Recorder record, std::function<QString()> title,
                                     QWidget *parent)
    : QToolButton(parent)
    , m_record(std::move(record))
    , m_title(std::move(title))
{
    setObjectName(QStringLiteral("diagramDragHandle"));
    setText(tr("Drag Diagram"));
    setIcon(QIcon::fromTheme(QStringLiteral("image-x-generic")));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setToolTip(tr("Drag from here into another application to drop the diagram as SVG or PNG"));
    setCursor(Qt::OpenHandCursor);
}

void DiagramDragHandle::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_pressed = event->position().toPoint();
        m_armed = true;
    }
    QToolButton::mousePressEvent(event);
}

void DiagramDragHandle::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_armed || !(event->buttons() & Qt::LeftButton)
        || (event->position().toPoint() - m_pressed).manhattanLength()
                   < QApplication::startDragDistance()) {
        QToolButton::mouseMoveEvent(event);
        return;
    }
    m_armed = false;
    setDown(false);
    auto *drag = new QDrag(this);
    drag->setMimeData(diagramMimeData(m_record(), m_title()));
    drag->setPixmap(icon().pixmap(32, 32));
    drag->exec(Qt::CopyAction);
}

} // namespace topoplan
