#include "app/export/chartexport.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QMessageBox>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

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

void plainNumberLabels(QChart *chart, QValueAxis *axis, const QString &suffix)
{
    // The step between ticks decides the decimals: 250 -> none, 0.5 -> one, 0.25 -> two.
    const double ticks = axis->tickType() == QValueAxis::TicksDynamic
                                 ? axis->tickInterval()
                                 : (axis->max() - axis->min()) / std::max(1, axis->tickCount() - 1);
    int decimals = 0;
    for (double step = ticks; decimals < 3 && step > 0 && std::abs(step - std::round(step)) > 1e-9;
         step *= 10)
        ++decimals;
    // Qt Charts writes the labels with the chart's locale when it localizes numbers; the
    // format's '%' is printf's, so a literal one in the suffix is doubled.
    QString tail = suffix;
    tail.replace(QLatin1Char('%'), QStringLiteral("%%"));
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f")
                         + tail);
    chart->setLocale(QLocale());
    chart->setLocalizeNumbers(true);
}

} // namespace topoplan
