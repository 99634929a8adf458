#include "app/panels/stepdock.h"

#include "app/analysis/analysiscontroller.h"
#include "app/common/diagramstyle.h"
#include "app/common/units.h"
#include "app/export/chartexport.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace topoplan {

namespace {

// The parts of a step, in the order they are stacked, each with its colour: compute greys,
// each dimension in the colour the canvas gives its interconnect class where one fits.
enum Part { Compute, Optimizer, Tp, Cp, Ep, Pp, Bubble, Dp, PartCount };

QString partName(int part)
{
    switch (part) {
    case Compute:
        return QObject::tr("Compute");
    case Optimizer:
        return QObject::tr("Optimizer");
    case Tp:
        return QObject::tr("TP comm.");
    case Cp:
        return QObject::tr("CP comm.");
    case Ep:
        return QObject::tr("EP all-to-all");
    case Pp:
        return QObject::tr("PP sends");
    case Bubble:
        return QObject::tr("Pipeline bubble");
    case Dp:
        return QObject::tr("DP comm.");
    default:
        return {};
    }
}

QColor partColour(int part)
{
    switch (part) {
    case Compute:
        return QColor(0x6b, 0x8e, 0x9f);
    case Optimizer:
        return QColor(0x3d, 0x55, 0x62);
    case Tp:
        return DiagramStyle::linkColor(LinkClass::NVLink);
    case Cp:
        return QColor(0x16, 0xa0, 0x85);
    case Ep:
        return QColor(0xe0, 0x7b, 0x14);
    case Pp:
        return QColor(0x8e, 0x44, 0xad);
    case Bubble:
        return QColor(0xc8, 0xc8, 0xc8);
    case Dp:
        return DiagramStyle::linkColor(LinkClass::InfiniBand);
    default:
        return Qt::black;
    }
}

// The exposed seconds of each part.
std::array<double, PartCount> exposed(const StepEstimate &e)
{
    const StepBreakdown &b = e.breakdownS;
    return {std::max(0.0, b.compute - e.optimizerS),
            e.optimizerS,
            b.tpComm,
            b.cpComm,
            b.epComm,
            b.ppComm,
            b.ppBubble,
            b.dpComm};
}

std::array<double, PartCount> hiddenParts(const StepEstimate &e)
{
    std::array<double, PartCount> h{};
    h[Tp] = e.hiddenS.tp;
    h[Cp] = e.hiddenS.cp;
    h[Ep] = e.hiddenS.ep;
    h[Pp] = e.hiddenS.pp;
    h[Dp] = e.hiddenS.dp;
    return h;
}

} // namespace

void showStepBars(QChart *chart, const QList<StepBar> &bars, bool hidden, const QPalette &palette)
{
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    if (bars.isEmpty())
        return;
    double longest = 0;
    for (const StepBar &b : bars)
        longest = std::max({longest, b.step.stepTimeS, hidden ? b.step.hiddenS.total() : 0.0});
    // Milliseconds for short steps, seconds from one up.
    const bool ms = longest < 1;
    const double scale = ms ? 1e3 : 1;

    // Categories run bottom-up in a horizontal bar chart: the first bar is added last.
    QStringList categories;
    std::vector<std::array<double, PartCount>> rows;
    for (auto it = bars.rbegin(); it != bars.rend(); ++it) {
        if (hidden) {
            categories << QObject::tr("%1: hidden").arg(it->label);
            rows.push_back(hiddenParts(it->step));
        }
        categories << it->label;
        rows.push_back(exposed(it->step));
    }
    auto *series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.7);
    for (int part = 0; part < PartCount; ++part) {
        bool any = false;
        for (const auto &row : rows)
            any = any || row[part] > 0;
        if (!any)
            continue; // a part no bar has stays out of the legend
        auto *set = new QBarSet(partName(part));
        set->setColor(partColour(part));
        set->setBorderColor(partColour(part).darker(120));
        for (const auto &row : rows)
            *set << row[part] * scale;
        series->append(set);
    }
    chart->addSeries(series);
    auto *y = new QBarCategoryAxis;
    y->append(categories);
    auto *x = new QValueAxis;
    x->setTitleText(ms ? QObject::tr("Milliseconds per step") : QObject::tr("Seconds per step"));
    x->setRange(0, std::max(1e-9, longest * scale * 1.05));
    x->applyNiceNumbers();
    plainNumberLabels(chart, x);
    chart->addAxis(y, Qt::AlignLeft);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
    }
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->legend()->setAlignment(Qt::AlignRight);
}

StepDock::StepDock(AnalysisController *controller, QWidget *parent)
    : QDockWidget(tr("Step Time"), parent)
    , m_controller(controller)
    , m_view(new QChartView)
    , m_summary(new QLabel)
{
    setObjectName(QStringLiteral("stepDock"));
    auto *body = new QWidget(this);
    auto *column = new QVBoxLayout(body);
    m_summary->setObjectName(QStringLiteral("stepSummary"));
    m_summary->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("stepChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(160);
    m_view->chart()->setMargins(QMargins(4, 4, 4, 0));
    m_view->chart()->layout()->setContentsMargins(0, 0, 0, 0);
    m_view->chart()->setBackgroundRoundness(0);
    installChartExport(m_view, tr("step time"));
    column->addWidget(m_summary);
    column->addWidget(m_view, 1);
    setWidget(body);
    connect(controller, &AnalysisController::finished, this, &StepDock::refresh);
    connect(controller, &AnalysisController::baselineChanged, this, &StepDock::refresh);
    refresh();
}

QChart *StepDock::chart() const
{
    return m_view->chart();
}

void StepDock::refresh()
{
    const std::optional<AnalysisOutcome> &o = m_controller->outcome();
    QList<StepBar> bars;
    if (o && o->result)
        bars << StepBar{tr("This plan"), o->result->step};
    const auto &baseline = m_controller->baseline();
    if (baseline && baseline->report.best)
        bars << StepBar{tr("Baseline"), baseline->report.best->step};
    showStepBars(m_view->chart(), bars, true, m_view->palette());
    if (!o || !o->result) {
        m_summary->setText(tr("Choose a model and a plan to see where the step's time goes."));
        return;
    }
    const StepEstimate &e = o->result->step;
    const StepBreakdown &b = e.breakdownS;
    const double step = std::max(1e-12, e.stepTimeS);
    const double comm = b.tpComm + b.cpComm + b.epComm + b.ppComm + b.dpComm;
    QString text = tr("Step %1: compute %2 (optimizer %3), exposed communication %4, pipeline "
                      "bubble %5.")
                           .arg(units::duration(e.stepTimeS), units::percent(b.compute / step),
                                units::duration(e.optimizerS), units::percent(comm / step),
                                units::percent(b.ppBubble / step));
    if (e.hiddenS.total() > 0)
        text += QLatin1Char(' ')
                + tr("%1 of communication runs behind compute.")
                          .arg(units::duration(e.hiddenS.total()));
    m_summary->setText(text);
}

} // namespace topoplan
