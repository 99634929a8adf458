#include "app/panels/presentationpanel.h"

#include "app/analysis/analysiscontroller.h"
#include "app/common/units.h"
#include "app/panels/stepdock.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>

namespace topoplan {

namespace {

// Type large enough for a projector: the application's size times this.
constexpr double kScale = 1.7;

} // namespace

PresentationPanel::PresentationPanel(AnalysisController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_figures(new QLabel)
    , m_chart(new QChartView)
{
    setObjectName(QStringLiteral("presentationPanel"));
    setAutoFillBackground(true);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * kScale);
    m_figures->setObjectName(QStringLiteral("presentationFigures"));
    m_figures->setFont(big);
    m_figures->setWordWrap(true);
    m_figures->setTextFormat(Qt::RichText);
    m_figures->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_chart->setObjectName(QStringLiteral("presentationChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->chart()->setBackgroundRoundness(0);
    m_chart->chart()->layout()->setContentsMargins(0, 0, 0, 0);
    QFont chartFont = font();
    chartFont.setPointSizeF(chartFont.pointSizeF() * 1.3);
    m_chart->chart()->legend()->setFont(chartFont);
    auto *row = new QHBoxLayout(this);
    row->addWidget(m_figures, 2);
    row->addWidget(m_chart, 3);
    connect(controller, &AnalysisController::finished, this, &PresentationPanel::refresh);
    connect(controller, &AnalysisController::baselineChanged, this, &PresentationPanel::refresh);
    refresh();
}

void PresentationPanel::refresh()
{
    const std::optional<AnalysisOutcome> &o = m_controller->outcome();
    QList<StepBar> bars;
    if (!o || !o->result) {
        m_figures->setText(tr("Choose a model and a plan to see the projection."));
        showStepBars(m_chart->chart(), bars, false, m_chart->palette());
        return;
    }
    const AnalysisResult &r = *o->result;
    const StepEstimate &e = r.step;
    QString text = tr("<b>%1</b><br>%2 per GPU &middot; MFU %3 &middot; step %4<br>"
                      "%5 on %6 GPUs: TP %7, PP %8, DP %9, CP %10, EP %11")
                           .arg(units::tokensPerSecond(e.tokensPerS),
                                units::tokensPerSecond(e.tokensPerS / std::max(1, r.gpus)),
                                units::percent(e.mfu), units::duration(e.stepTimeS),
                                QString::fromStdString(r.workload.model.name).toHtmlEscaped())
                           .arg(r.gpus)
                           .arg(r.plan.tp)
                           .arg(r.plan.pp)
                           .arg(r.plan.dp)
                           .arg(r.plan.cp)
                           .arg(r.plan.ep);
    if (const std::optional<DesignDelta> delta = m_controller->baselineDelta())
        text += QStringLiteral("<br>")
                + tr("Against %1: %2")
                          .arg(m_controller->baseline()->name.toHtmlEscaped(),
                               QString::fromStdString(delta->text).toHtmlEscaped());
    text += QStringLiteral("<br>")
            + (r.diagnostics.empty() ? tr("No warnings.")
                                     : tr("%n warning(s): see the analysis panel.", nullptr,
                                          static_cast<int>(r.diagnostics.size())));
    m_figures->setText(text);
    bars << StepBar{tr("This plan"), e};
    if (const auto &baseline = m_controller->baseline(); baseline && baseline->report.best)
        bars << StepBar{tr("Baseline"), baseline->report.best->step};
    showStepBars(m_chart->chart(), bars, false, m_chart->palette());
}

} // namespace topoplan
