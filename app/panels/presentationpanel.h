#pragma once

#include <QWidget>

class QChartView;
class QLabel;

namespace topoplan {

class AnalysisController;

// What presentation mode shows under the canvas in a workshop: the key figures of the current
// plan in large type (tokens/s, per GPU, MFU, step time, the plan, the delta against a pinned
// baseline, how many diagnostics) and one chart, the step time (with the baseline's beside
// it), readable from the back of the room. It only shows what the analysis gave.
class PresentationPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PresentationPanel(AnalysisController *controller, QWidget *parent = nullptr);

    QLabel *figuresLabel() const { return m_figures; }
    QChartView *chartView() const { return m_chart; }

    void refresh();

private:
    AnalysisController *m_controller;
    QLabel *m_figures;
    QChartView *m_chart;
};

} // namespace topoplan
