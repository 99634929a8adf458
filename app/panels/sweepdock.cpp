#include "app/panels/sweepdock.h"

#include "app/common/diagramstyle.h"
#include "app/common/units.h"
#include "app/document/document.h"
#include "app/export/chartexport.h"

#include "engine/core/figure.h"
#include "engine/plan/sweeppoints.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMap>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace topoplan {

namespace {

// Thousands of tokens per second: the axis stays readable from 8 GPUs to 16K.

QLineSeries *line(const QString &name, const QColor &colour, Qt::PenStyle style)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(colour, 2.5, style);
    series->setPen(pen);
    series->setPointsVisible(true);
    return series;
}

} // namespace

SweepDock::SweepDock(AnalysisController *controller, QWidget *parent)
    : QDockWidget(tr("TP Sweep"), parent)
    , m_controller(controller)
    , m_view(new QChartView)
    , m_summary(new QLabel)
{
    setObjectName(QStringLiteral("sweepDock"));
    auto *body = new QWidget(this);
    auto *column = new QVBoxLayout(body);
    m_summary->setObjectName(QStringLiteral("sweepSummary"));
    m_summary->setWordWrap(true);
    m_view->setObjectName(QStringLiteral("sweepChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(160); // more when its tab first comes up (MainWindow)
    setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable
                | QDockWidget::DockWidgetFloatable);
    m_view->chart()->legend()->setAlignment(Qt::AlignRight);
    // A bottom dock is short: give the plot the room QChart's default margins take.
    m_view->chart()->setMargins(QMargins(4, 4, 4, 0));
    m_view->chart()->layout()->setContentsMargins(0, 0, 0, 0);
    m_view->chart()->setBackgroundRoundness(0);
    column->addWidget(m_summary);
    column->addWidget(m_view, 1);
    m_view->setWhatsThis(
            tr("<b>TP Sweep</b><p>Tokens/s of the job at every tensor-parallel width, the "
               "other degrees chosen as best for each. The marked edge is the NVLink domain: "
               "beyond it TP traffic crosses the network and tokens/s falls off a cliff. "
               "Points are missing where a width is not a valid plan; the line above the "
               "chart says why.</p>"));
    setWidget(body);

    connect(controller, &AnalysisController::finished, this, &SweepDock::start);
    // A sweep is a planner run per TP width: it waits while its tab is not shown (a dock
    // behind another's tab stays "visible" to QWidget; this signal says which tab is up).
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_shown = visible;
        if (visible && m_stale)
            start();
        if (visible)
            startBaselineSweep();
    });
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &SweepDock::onSwept);
    connect(&m_baselineWatcher, &QFutureWatcherBase::finished, this, &SweepDock::onBaselineSwept);
    connect(controller, &AnalysisController::baselineChanged, this, &SweepDock::onBaselineChanged);
    installChartExport(m_view, tr("TP sweep"));
}

SweepDock::~SweepDock()
{
    m_watcher.waitForFinished();
    m_baselineWatcher.waitForFinished();
}

QChart *SweepDock::chart() const
{
    return m_view->chart();
}

void SweepDock::setDocument(Document *document)
{
    m_document = document;
    m_sweep.reset();
    m_view->chart()->removeAllSeries();
    m_summary->setText(tr("Sweeping the TP width..."));
}

void SweepDock::start()
{
    const std::optional<AnalysisOutcome> &o = m_controller->outcome();
    std::shared_ptr<const Analyzer> analyzer = m_controller->analyzer();
    if (!m_document || !o || !analyzer || !m_document->project().workload) {
        m_sweep.reset();
        m_view->chart()->removeAllSeries();
        m_summary->setText(tr("Choose a model to train to see its throughput at every TP "
                              "width."));
        return;
    }
    if (!m_shown) {
        m_stale = true;
        return;
    }
    m_stale = false;
    if (m_watcher.isRunning()) {
        m_pending = true;
        return;
    }
    m_pending = false;
    m_generation = o->generation;
    const Workload workload = *m_document->project().workload;
    const Plan base = m_document->project().plan.value_or(Plan{});
    m_watcher.setFuture(QtConcurrent::run(
            [analyzer, workload, base] { return sweepTp(*analyzer, workload, base); }));
}

void SweepDock::onSwept()
{
    SweepResult s = m_watcher.result();
    const std::optional<AnalysisOutcome> &o = m_controller->outcome();
    if (m_pending || !o || o->generation != m_generation) {
        start(); // an edit overtook this sweep
        return;
    }
    m_sweep = std::move(s);
    m_sweepGeneration = m_generation;
    showSweep(*m_sweep);
    Q_EMIT swept();
}

void SweepDock::onBaselineChanged()
{
    ++m_baselineGeneration;
    m_baselineSweep.reset();
    m_baselineSource.reset();
    const std::optional<AnalysisOutcome> &o = m_controller->outcome();
    if (m_controller->baseline() && o && m_document && m_document->project().workload) {
        if (m_sweep && m_sweepGeneration == o->generation) {
            m_baselineSweep = m_sweep; // the sweep of the design as it is when pinned
        } else {
            // Pinned before this design's sweep was in: the baseline gets a sweep of its own.
            m_baselineSource
                    = BaselineSource{m_controller->analyzer(), *m_document->project().workload,
                                     m_document->project().plan.value_or(Plan{})};
            if (m_shown)
                startBaselineSweep();
        }
    }
    if (m_sweep)
        showSweep(*m_sweep);
}

void SweepDock::startBaselineSweep()
{
    if (!m_baselineSource || !m_baselineSource->analyzer || m_baselineWatcher.isRunning())
        return;
    m_baselineSweptGeneration = m_baselineGeneration;
    m_baselineWatcher.setFuture(QtConcurrent::run([source = *m_baselineSource] {
        return sweepTp(*source.analyzer, source.workload, source.plan);
    }));
}

void SweepDock::onBaselineSwept()
{
    SweepResult s = m_baselineWatcher.result();
    if (m_baselineSweptGeneration != m_baselineGeneration) {
        startBaselineSweep(); // pinned again or unpinned meanwhile
        return;
    }
    m_baselineSource.reset();
    m_baselineSweep = std::move(s);
    if (m_sweep)
        showSweep(*m_sweep);
}

void SweepDock::showSweep(const SweepResult &s)
{
    QChart *chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);

    const QPalette palette = m_view->palette();
    QLineSeries *best
            = line(tr("Best plan at each width"), QColor(0x2e, 0x6f, 0xd6), Qt::SolidLine);
    QLineSeries *held = line(tr("This plan, TP changed"), QColor(0xe0, 0x7b, 0x14), Qt::DashLine);
    double top = 0;
    int widest = 1;
    const SweepRow *bestRow = nullptr;
    for (const SweepRow &row : s.rows) {
        if (row.best || row.held)
            widest = std::max(widest, row.tp);
        if (row.best) {
            best->append(row.tp, row.best->step.tokensPerS);
            top = std::max(top, row.best->step.tokensPerS);
            if (!bestRow || row.best->step.tokensPerS > bestRow->best->step.tokensPerS)
                bestRow = &row;
        }
        if (const AnalysisResult *point = heldPoint(row)) {
            held->append(row.tp, point->step.tokensPerS);
            top = std::max(top, point->step.tokensPerS);
        }
    }
    // The pinned baseline's best plan at each width, grey and thin: the line to beat.
    QLineSeries *ghost = nullptr;
    if (m_baselineSweep) {
        ghost = line(tr("Baseline: best plan"), QColor(0x99, 0x99, 0x99), Qt::DashDotLine);
        ghost->setPen(QPen(QColor(0x99, 0x99, 0x99), 1.5, Qt::DashDotLine));
        for (const SweepRow &row : m_baselineSweep->rows) {
            if (!row.best)
                continue;
            ghost->append(row.tp, row.best->step.tokensPerS);
            top = std::max(top, row.best->step.tokensPerS);
            widest = std::max(widest, row.tp);
        }
    }
    // The edge of the largest NVLink domain: to its right TP leaves NVLink.
    auto *domain = new QLineSeries;
    domain->setName(tr("NVLink domain: %n GPUs", nullptr, s.domainSize));
    domain->setPen(QPen(DiagramStyle::linkColor(LinkClass::NVLink), 2, Qt::DotLine));
    domain->append(s.domainSize, 0);
    domain->append(s.domainSize, top * 1.1);
    QList<QLineSeries *> all{best, held, domain};
    if (ghost)
        all.append(ghost);
    for (QLineSeries *series : all)
        chart->addSeries(series);

    auto *x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(tr("Tensor-parallel width (GPUs)"));
    x->setRange(1, std::max({2, widest, s.domainSize * 2}));
    x->setMinorTickCount(0);
    // The unit in the labels, not in a vertical title: the dock is often too short for one.
    // The series are in the unit engine/core/figure.h chooses for the top ("2 M tokens/s",
    // never "2000k"), so the labels read as the rest of the product writes throughput.
    const figure::Figure unit = figure::tokensPerSecond(std::max(1.0, top));
    const double scale = unit.value != 0 ? std::max(1.0, top) / unit.value : 1;
    for (QLineSeries *series : {best, held, domain, ghost}) {
        if (!series)
            continue;
        QList<QPointF> points = series->points();
        for (QPointF &point : points)
            point.setY(point.y() / scale);
        series->replace(points);
    }
    auto *y = new QValueAxis;
    y->setTickCount(5);
    y->setRange(0, std::max(1.0, top) * 1.1 / scale);
    y->applyNiceNumbers();
    plainNumberLabels(chart, y, QLatin1Char(' ') + QString::fromStdString(unit.unit));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *series : all) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(x), static_cast<QAbstractAxis *>(y)}) {
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
    }
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));

    // Where the cliff is: the fall from the last width inside the domain to the first outside.
    const SweepRow *inside = nullptr;
    const SweepRow *outside = nullptr;
    for (const SweepRow &row : s.rows) {
        if (!row.best)
            continue;
        if (row.tp <= s.domainSize)
            inside = &row;
        else if (!outside)
            outside = &row;
    }
    QString text;
    if (bestRow)
        text = tr("Best at TP %1: %2.")
                       .arg(bestRow->tp)
                       .arg(units::tokensPerSecond(bestRow->best->step.tokensPerS));
    if (inside && outside) {
        const double fall = 1 - outside->best->step.tokensPerS / inside->best->step.tokensPerS;
        text += QLatin1Char(' ')
                + tr("TP %1 leaves the %2-GPU NVLink domain: %3 fewer tokens/s than TP %4.")
                          .arg(outside->tp)
                          .arg(s.domainSize)
                          .arg(units::percent(fall))
                          .arg(inside->tp);
    } else if (inside) {
        text += QLatin1Char(' ') + tr("Every width runs inside one NVLink domain.");
    }
    // Why "this plan, TP changed" has no point at some widths: the engine's reason, per width.
    QMap<QString, QStringList> missing;
    for (const SweepRow &row : s.rows) {
        QString why;
        switch (heldGap(row)) {
        case SweepGap::None:
            continue;
        case SweepGap::Invalid:
            if (row.heldReason.empty()) {
                why = QString::fromStdString(heldGapReason(row));
            } else {
                // The engine's reason in the user's language, cut as heldGapReason() cuts it:
                // without its JSON path, its advice or the width's own figures, so that widths
                // refused for one reason share one sentence.
                why = units::message(row.heldReason);
                why.remove(QRegularExpression(QStringLiteral("^/[a-z_/0-9]*: ")));
                why = why.section(QLatin1Char(';'), 0, 0);
                why.remove(QRegularExpression(QStringLiteral(" = [0-9]+")));
            }
            break;
        case SweepGap::OutOfMemory:
            why = tr("does not fit in GPU memory");
            break;
        }
        missing[why.isEmpty() ? tr("no valid plan") : why].append(QString::number(row.tp));
    }
    for (auto it = missing.cbegin(); it != missing.cend(); ++it) {
        text += QLatin1Char(' ')
                + tr("This plan has no point at TP %1: %2.")
                          .arg(it.value().join(QStringLiteral(", ")), it.key());
    }
    m_summary->setText(text);
}

} // namespace topoplan
