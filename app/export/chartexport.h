#pragma once

#include "app/export/diagramexport.h"

#include <QString>

#include <optional>

class QChart;
class QChartView;
class QValueAxis;

namespace topoplan {

// A chart as the diagram export writes it: the chart recorded at its on-screen size (with a
// floor of 800 x 500 so a chart from a short dock still reads on paper) and written by
// writeDiagram(), so SVG keeps real text and every format shows the same figure.
DiagramPicture recordChart(QChartView *view);
std::optional<QString> exportChart(QChartView *view, const QString &path, const QString &title);

// Adds "Export Chart..." to the view's context menu: a save dialog with the diagram's
// formats, the writing on the UI thread (a chart is small).
void installChartExport(QChartView *view, const QString &title);

// Labels an axis whose range is set (after applyNiceNumbers()) with plain numbers in the
// user's locale, as many decimals as its ticks need and `suffix` after each ("1,000", "2.5",
// "4:1"), never "1e+03". `chart` (the axis's) writes its numbers in the locale from then on.
void plainNumberLabels(QChart *chart, QValueAxis *axis, const QString &suffix = {});

} // namespace topoplan
