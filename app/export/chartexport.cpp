#include "app/export/chartexport.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QMessageBox>
#include <QPainter>

#include <algorithm>

namespace topoplan {

DiagramPicture recordChart(QChartView *view)
{
    // Rendered from the chart's own scene at a size that reads on paper, then the view's
    // size restored: what is exported does not depend on how tall the dock was.
    QChart *chart = view->chart();
    const QSizeF shown = chart->size();
    const QSizeF size(std::max(800.0, shown.width()), std::max(500.0, shown.height()));
    chart->resize(size);
    DiagramPicture out;
    out.rect = QRectF(QPointF(0, 0), size);
    {
        QPainter painter(&out.picture);
        painter.setRenderHint(QPainter::Antialiasing);
        chart->scene()->render(&painter, out.rect, chart->mapRectToScene(out.rect));
    }
    chart->resize(shown);
    return out;
}

std::optional<QString> exportChart(QChartView *view, const QString &path, const QString &title)
{
    const std::optional<ExportFormat> format = exportFormatForFile(path);
    if (!format)
        return QObject::tr("%1: expected a file name ending in .svg, .pdf, .png or .jpg").arg(path);
    return writeDiagram(recordChart(view), *format, path, title);
}

void installChartExport(QChartView *view, const QString &title)
{
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *action = new QAction(QObject::tr("Export Chart..."), view);
    action->setObjectName(QStringLiteral("exportChartAction"));
    view->addAction(action);
    QObject::connect(action, &QAction::triggered, view, [view, title] {
        const QString path = QFileDialog::getSaveFileName(
                view, QObject::tr("Export Chart"), title + QStringLiteral(".svg"),
                exportFileFilters().join(QStringLiteral(";;")));
        if (path.isEmpty())
            return;
        if (const std::optional<QString> error = exportChart(view, path, title))
            QMessageBox::warning(view, QObject::tr("Cannot Export Chart"), *error);
    });
}

} // namespace topoplan
