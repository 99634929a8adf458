#include "app/panels/comparewindow.h"

#include "app/common/chartcolours.h"
#include "app/common/diagramstyle.h"
#include "app/common/hardwaretext.h"
#include "app/common/units.h"
#include "app/export/chartexport.h"
#include "app/panels/stepdock.h"

#include "engine/io/projectfile.h"
#include "engine/plan/diagnosticstext.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace topoplan {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// The rows of the table, a metric each.
enum Row {
    Gpus,
    DomainSize,
    Domains,
    Switches,
    Cables,
    BestPlan,
    TokensPerS,
    TokensPerGpu,
    Mfu,
    StepTime,
    Bottlenecks,
    Diagnostics,
    Delta,
    RowCount
};

QString rowName(int row)
{
    switch (row) {
    case Gpus:
        return QObject::tr("GPUs");
    case DomainSize:
        return QObject::tr("NVLink domain");
    case Domains:
        return QObject::tr("NVLink domains");
    case Switches:
        return QObject::tr("Switches (leaf/spine/core)");
    case Cables:
        return QObject::tr("Links (cables)");
    case BestPlan:
        return QObject::tr("Best plan");
    case TokensPerS:
        return QObject::tr("Tokens/s");
    case TokensPerGpu:
        return QObject::tr("Tokens/s per GPU");
    case Mfu:
        return QObject::tr("MFU");
    case StepTime:
        return QObject::tr("Step time");
    case Bottlenecks:
        return QObject::tr("Groups (bus bandwidth, bottleneck)");
    case Diagnostics:
        return QObject::tr("Diagnostics");
    case Delta:
        return QObject::tr("Against the first");
    default:
        return {};
    }
}

} // namespace

CompareWindow::CompareWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_job(new QLabel)
    , m_list(new QListWidget)
    , m_compareButton(new QPushButton(tr("&Compare")))
    , m_status(new QLabel)
    , m_table(new QTableWidget)
    , m_tabs(new QTabWidget)
    , m_sweepView(new QChartView)
    , m_stepView(new QChartView)
{
    setObjectName(QStringLiteral("compareWindow"));
    setWindowTitle(tr("Compare Designs"));
    resize(1200, 800);
    auto *column = new QVBoxLayout(this);
    m_job->setObjectName(QStringLiteral("compareJob"));
    m_job->setWordWrap(true);
    column->addWidget(m_job);

    auto *pick = new QHBoxLayout;
    m_list->setObjectName(QStringLiteral("compareDesigns"));
    m_list->setMaximumHeight(m_list->fontMetrics().height() * 5);
    m_list->setToolTip(tr("The designs to compare; the first checked is the one the others are "
                          "measured against"));
    auto *buttons = new QVBoxLayout;
    auto *add = new QPushButton(tr("Add &Files..."));
    add->setObjectName(QStringLiteral("compareAddFiles"));
    connect(add, &QPushButton::clicked, this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(
                this, tr("Add Designs"), QString(), tr("TopoPlan projects (*.topoplan)"));
        addFiles(paths);
    });
    m_compareButton->setObjectName(QStringLiteral("compareButton"));
    m_compareButton->setDefault(true);
    connect(m_compareButton, &QPushButton::clicked, this, [this] { compare(); });
    buttons->addWidget(add);
    buttons->addWidget(m_compareButton);
    buttons->addStretch();
    pick->addWidget(m_list, 1);
    pick->addLayout(buttons);
    column->addLayout(pick);
    m_status->setObjectName(QStringLiteral("compareStatus"));
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    column->addWidget(m_status);

    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (QChartView *view : {m_sweepView, m_stepView}) {
        view->setRenderHint(QPainter::Antialiasing);
        view->chart()->setBackgroundRoundness(0);
        view->chart()->layout()->setContentsMargins(0, 0, 0, 0);
        view->chart()->legend()->setAlignment(Qt::AlignRight);
    }
    m_sweepView->setObjectName(QStringLiteral("compareSweepChart"));
    m_stepView->setObjectName(QStringLiteral("compareStepChart"));
    installChartExport(m_sweepView, tr("TP sweeps compared"));
    installChartExport(m_stepView, tr("steps compared"));
    m_tabs->addTab(m_sweepView, tr("TP sweeps"));
    m_tabs->addTab(m_stepView, tr("Step time"));
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 420});
    column->addWidget(split, 1);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &CompareWindow::onCompared);
}

CompareWindow::~CompareWindow()
{
    m_watcher.waitForFinished();
}

void CompareWindow::setDesigns(const std::vector<DesignInput> &designs, const Workload &workload,
                               const QString &jobSource)
{
    m_designs = designs;
    m_files.clear();
    m_workload = workload;
    m_list->clear();
    for (const DesignInput &d : designs) {
        auto *item = new QListWidgetItem(q(d.name), m_list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    m_job->setText(tr("The job: %1, global batch %2, from %3. Each design gets the planner's "
                      "best plan for it.")
                           .arg(workload.model.name.empty() ? tr("the project's model")
                                                            : q(workload.model.name))
                           .arg(workload.training.globalBatch)
                           .arg(jobSource));
    m_status->setText(designs.size() < 2
                              ? tr("Open another design (or add a file) to compare with this one.")
                              : QString());
}

void CompareWindow::addFiles(const QStringList &paths)
{
    for (const QString &path : paths) {
        m_files << path;
        auto *item = new QListWidgetItem(QFileInfo(path).fileName(), m_list);
        item->setToolTip(path);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    if (m_list->count() >= 2)
        m_status->clear();
}

bool CompareWindow::compare()
{
    if (m_watcher.isRunning())
        return false;
    std::vector<DesignInput> chosen;
    QStringList files;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() != Qt::Checked)
            continue;
        if (i < static_cast<int>(m_designs.size()))
            chosen.push_back(m_designs[i]);
        else
            files << m_files.value(i - static_cast<int>(m_designs.size()));
    }
    if (chosen.size() + files.size() < 2) {
        m_status->setText(tr("Check at least two designs to compare."));
        return false;
    }
    m_status->setText(tr("Planning the job on %n designs...", nullptr,
                         static_cast<int>(chosen.size() + files.size())));
    m_compareButton->setEnabled(false);
    const Workload workload = m_workload;
    const int workers = std::max(1, QThread::idealThreadCount());
    m_watcher.setFuture(QtConcurrent::run([chosen, files, workload, workers]() mutable {
        std::vector<std::pair<std::string, std::string>> unreadable; // name, error
        for (const QString &path : files) {
            const std::string name = QFileInfo(path).fileName().toStdString();
            Expected<Project> p = loadProject(path.toStdString());
            if (p)
                chosen.push_back({name, std::move(*p)});
            else
                unreadable.push_back({name, p.error().text()});
        }
        Comparison c = compareDesigns(chosen, workload, workers, true);
        // A file that could not be read is a design with its error, not a failed comparison.
        for (const auto &[name, e] : unreadable) {
            DesignReport r;
            r.name = name;
            r.error = e;
            c.designs.push_back(std::move(r));
            c.deltas.push_back({});
        }
        return c;
    }));
    return true;
}

void CompareWindow::onCompared()
{
    m_compareButton->setEnabled(true);
    Comparison c = m_watcher.result();
    QStringList problems;
    for (const DesignReport &d : c.designs)
        if (!d.error.empty())
            problems << q(d.name) + QStringLiteral(": ") + q(d.error);
    m_status->setText(problems.join(QLatin1Char('\n')));
    showTable(c);
    showSweeps(c);
    QList<StepBar> bars;
    for (const DesignReport &d : c.designs)
        if (d.best)
            bars << StepBar{q(d.name), d.best->step};
    showStepBars(m_stepView->chart(), bars, false, m_stepView->palette());
    m_comparison = std::move(c);
    Q_EMIT compared();
}

void CompareWindow::showTable(const Comparison &c)
{
    m_table->clear();
    m_table->setRowCount(RowCount);
    m_table->setColumnCount(static_cast<int>(c.designs.size()));
    QStringList rows;
    for (int r = 0; r < RowCount; ++r)
        rows << rowName(r);
    m_table->setVerticalHeaderLabels(rows);
    for (int col = 0; col < static_cast<int>(c.designs.size()); ++col) {
        const DesignReport &d = c.designs[col];
        m_table->setHorizontalHeaderItem(col, new QTableWidgetItem(q(d.name)));
        auto set = [&](int row, const QString &text) {
            auto *item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(row, col, item);
        };
        if (d.built) {
            const TopologySummary &s = d.summary;
            set(Gpus, QString::number(s.gpus));
            set(DomainSize, tr("%n GPUs", nullptr, d.domainSize));
            set(Domains, QString::number(s.domains));
            set(Switches,
                tr("%1 (%2/%3/%4)").arg(d.switches()).arg(s.leaf).arg(s.spine).arg(s.core));
            set(Cables, tr("%1 (%2)").arg(s.links).arg(s.cables));
        }
        if (d.best) {
            const AnalysisResult &a = *d.best;
            const StepEstimate &e = a.step;
            set(BestPlan, tr("TP %1 PP %2 DP %3 CP %4 EP %5, mb %6")
                                  .arg(a.plan.tp)
                                  .arg(a.plan.pp)
                                  .arg(a.plan.dp)
                                  .arg(a.plan.cp)
                                  .arg(a.plan.ep)
                                  .arg(a.workload.training.microBatch));
            set(TokensPerS, units::tokensPerSecond(e.tokensPerS));
            set(TokensPerGpu, units::number(e.tokensPerS / std::max(1, a.gpus), 0));
            set(Mfu, units::percent(e.mfu));
            set(StepTime, units::duration(e.stepTimeS));
            QStringList groups;
            for (std::size_t i = 0; i < a.dimensions.size(); ++i) {
                const DimensionResult &g = a.dimensions[i];
                const std::string where
                        = i < d.bottleneckNames.size() ? d.bottleneckNames[i] : std::string();
                groups << tr("%1 %2 on %3%4")
                                  .arg(q(diagtext::dimName(g.dim)), busBandwidthText(g.bulk),
                                       DiagramStyle::linkClassName(g.worst.linkClass),
                                       where.empty() ? QString() : tr(", at %1").arg(q(where)));
            }
            set(Bottlenecks, groups.join(QLatin1Char('\n')));
            QStringList codes;
            for (const Diagnostic &diagnostic : a.diagnostics)
                codes << q(diagnostic.code);
            set(Diagnostics, codes.isEmpty() ? tr("none") : codes.join(QLatin1Char('\n')));
        } else if (!d.error.empty()) {
            set(BestPlan, q(d.error));
        }
        if (col < static_cast<int>(c.deltas.size()))
            set(Delta, q(c.deltas[col].text));
    }
}

void CompareWindow::showSweeps(const Comparison &c)
{
    QChart *chart = m_sweepView->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
    auto *x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setMinorTickCount(0);
    x->setTitleText(tr("Tensor-parallel width (GPUs)"));
    auto *y = new QValueAxis;
    y->setTitleText(tr("Best tokens/s per GPU"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double top = 1;
    int widest = 2;
    int colour = 0;
    for (const DesignReport &d : c.designs) {
        if (!d.sweep || !d.best)
            continue;
        auto *s = new QLineSeries;
        s->setName(tr("%1 (domain %2)").arg(q(d.name)).arg(d.sweep->domainSize));
        s->setPen(QPen(chartSeriesColour(colour++), 2.5));
        s->setPointsVisible(true);
        for (const SweepRow &row : d.sweep->rows) {
            if (!row.best)
                continue;
            const double perGpu = row.best->step.tokensPerS / std::max(1, row.best->gpus);
            s->append(row.tp, perGpu);
            top = std::max(top, perGpu);
            widest = std::max(widest, row.tp);
        }
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    x->setRange(1, widest);
    y->setRange(0, top * 1.1);
    y->applyNiceNumbers();
    plainNumberLabels(chart, y);
    const QPalette palette = m_sweepView->palette();
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
    }
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
}

} // namespace topoplan
