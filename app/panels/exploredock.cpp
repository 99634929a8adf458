#include "app/panels/exploredock.h"

#include "app/analysis/analysiscontroller.h"
#include "app/common/chartcolours.h"
#include "app/common/units.h"
#include "app/document/document.h"
#include "app/export/chartexport.h"
#include "app/panels/exploremodel.h"

#include "engine/explore/exploreverdict.h"
#include "engine/io/projectfile.h"
#include "engine/model/summary.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <map>

namespace topoplan {

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// Tokens per second on an axis: thousands or millions, said once in the axis title, so the
// labels stay short ("1.2", not "1200k").
struct AxisScale
{
    double divisor = 1;
    QString unit;
};

AxisScale tokensScale(double top)
{
    if (top >= 2e6)
        return {1e6, QObject::tr("M tokens/s")};
    if (top >= 2e3)
        return {1e3, QObject::tr("k tokens/s")};
    return {1, QObject::tr("tokens/s")};
}

void resetChart(QChart *chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes())
        chart->removeAxis(axis);
}

void styleChart(QChartView *view)
{
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(80);
    QChart *chart = view->chart();
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
}

void attach(QChart *chart, QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

void colourAxes(QChart *chart, const QPalette &palette)
{
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
    }
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->setTitleBrush(palette.color(QPalette::Text));
}

QLineSeries *lineSeries(const QString &name, const QColor &colour)
{
    auto *s = new QLineSeries;
    s->setName(name);
    s->setPen(QPen(colour, 2.5));
    s->setPointsVisible(true);
    return s;
}

// What a metric is called on an axis and in the Against box.
QString metricName(ExploreMetric m)
{
    switch (m) {
    case ExploreMetric::Switches:
        return QObject::tr("Switches");
    case ExploreMetric::ServerPower:
        return QObject::tr("Server power (kW)");
    case ExploreMetric::Capex:
        return QObject::tr("Capital cost (millions)");
    case ExploreMetric::ItPower:
        return QObject::tr("IT load (kW)");
    }
    return {};
}

QString fabricName(const FabricChoice &f)
{
    if (f.kind == FabricKind::RailOnly)
        return QObject::tr("rail-only");
    const QString kind = f.kind == FabricKind::RailOptimized ? QObject::tr("rail-optimized")
                                                             : QObject::tr("fat tree");
    return f.tiers > 0 ? QObject::tr("%1, %2 tiers").arg(kind).arg(f.tiers) : kind;
}

} // namespace

ExploreDock::ExploreDock(AnalysisController *controller, QWidget *parent)
    : QDockWidget(tr("Explore Designs"), parent)
    , m_controller(controller)
    , m_gpus(new QSpinBox)
    , m_budget(new QLineEdit)
    , m_against(new QComboBox)
    , m_domainButton(new QToolButton)
    , m_fabricButton(new QToolButton)
    , m_oversubscriptionButton(new QToolButton)
    , m_domainMenu(new QMenu(this))
    , m_fabricMenu(new QMenu(this))
    , m_oversubscriptionMenu(new QMenu(this))
    , m_switchButton(new QToolButton)
    , m_switchMenu(new QMenu(this))
    , m_planesButton(new QToolButton)
    , m_planesMenu(new QMenu(this))
    , m_runButton(new QPushButton(tr("Explore")))
    , m_cancelButton(new QPushButton(tr("Cancel")))
    , m_progress(new QProgressBar)
    , m_verdict(new QLabel)
    , m_table(new QTableView)
    , m_model(new ExploreModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_charts(new QTabWidget)
    , m_domainView(new QChartView)
    , m_oversubscriptionView(new QChartView)
    , m_paretoView(new QChartView)
{
    setObjectName(QStringLiteral("exploreDock"));
    auto *body = new QWidget(this);
    auto *column = new QVBoxLayout(body);
    column->setContentsMargins(4, 4, 4, 4);

    auto *controls = new QHBoxLayout;
    m_gpus->setObjectName(QStringLiteral("exploreGpus"));
    m_gpus->setRange(0, 1'000'000);
    m_gpus->setToolTip(tr("The GPU count every design is built for; by default the design's "
                          "own"));
    m_gpus->setAccelerated(true);
    m_gpus->setMinimumWidth(m_gpus->fontMetrics().horizontalAdvance(tr("as designed (100000)"))
                            + 40);
    m_budget->setObjectName(QStringLiteral("exploreTokenBudget"));
    m_budget->setPlaceholderText(tr("e.g. 15T"));
    m_budget->setToolTip(tr("Tokens to train (15T, 1.5e13, 800B): the table then gives the "
                            "days each design takes"));
    m_budget->setMaximumWidth(110);
    for (auto [button, menu, name, text] :
         {std::tuple{m_domainButton, m_domainMenu, "exploreDomains", tr("NVLink domains")},
          std::tuple{m_fabricButton, m_fabricMenu, "exploreFabrics", tr("Fabrics")},
          std::tuple{m_planesButton, m_planesMenu, "explorePlanes", tr("Planes")},
          std::tuple{m_oversubscriptionButton, m_oversubscriptionMenu, "exploreOversubscription",
                     tr("Oversubscription")},
          std::tuple{m_switchButton, m_switchMenu, "exploreSwitches", tr("Leaf switch")}}) {
        button->setObjectName(QString::fromLatin1(name));
        button->setText(text);
        button->setMenu(menu);
        button->setPopupMode(QToolButton::InstantPopup);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }
    buildAxisMenus();
    m_against->setObjectName(QStringLiteral("exploreAgainst"));
    m_against->setToolTip(tr("What the Pareto front and the verdict weigh tokens/s against"));
    for (ExploreMetric m : exploreMetrics())
        m_against->addItem(metricName(m), q(toString(m)));
    m_runButton->setObjectName(QStringLiteral("exploreRun"));
    m_runButton->setDefault(true);
    m_runButton->setToolTip(tr("Build every combination of the chosen domains, fabrics and "
                               "oversubscriptions and plan the job on each"));
    m_cancelButton->setObjectName(QStringLiteral("exploreCancel"));
    m_cancelButton->setEnabled(false);
    m_progress->setObjectName(QStringLiteral("exploreProgress"));
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("%v of %m designs"));
    m_progress->setVisible(false);
    controls->addWidget(new QLabel(tr("GPUs:")));
    controls->addWidget(m_gpus);
    controls->addWidget(m_domainButton);
    controls->addWidget(m_fabricButton);
    controls->addWidget(m_planesButton);
    controls->addWidget(m_oversubscriptionButton);
    controls->addWidget(m_switchButton);
    controls->addWidget(new QLabel(tr("Against:")));
    controls->addWidget(m_against);
    controls->addWidget(new QLabel(tr("Token budget:")));
    controls->addWidget(m_budget);
    controls->addWidget(m_runButton);
    controls->addWidget(m_cancelButton);
    controls->addWidget(m_progress, 1);
    controls->addStretch();
    column->addLayout(controls);

    m_verdict->setObjectName(QStringLiteral("exploreVerdict"));
    m_verdict->setWordWrap(true);
    // The answer is never squeezed to one line by a short dock: the table gives way.
    m_verdict->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setText(tr("Which design runs this job best? Choose the axes and press "
                          "Explore: every combination is built, planned and compared."));
    column->addWidget(m_verdict);

    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(Qt::UserRole);
    m_table->setObjectName(QStringLiteral("exploreTable"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the order the variants were built in
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMouseTracking(true);
    m_table->setMinimumHeight(60); // a short dock keeps the canvas its room; the panel grows
                                   // to half the window the first time it is raised
    connect(m_table, &QAbstractItemView::doubleClicked, this,
            [this](const QModelIndex &index) { openRow(m_sorted->mapToSource(index).row()); });

    m_domainView->setObjectName(QStringLiteral("exploreDomainChart"));
    m_oversubscriptionView->setObjectName(QStringLiteral("exploreOversubscriptionChart"));
    m_paretoView->setObjectName(QStringLiteral("exploreParetoChart"));
    m_charts->setObjectName(QStringLiteral("exploreCharts"));
    for (auto [view, title, file] :
         {std::tuple{m_domainView, tr("Domain size"), tr("tokens per GPU by NVLink domain")},
          std::tuple{m_oversubscriptionView, tr("Oversubscription"),
                     tr("tokens by oversubscription")},
          std::tuple{m_paretoView, tr("Switches"), tr("tokens against switches")}}) {
        styleChart(view);
        installChartExport(view, file);
        m_charts->addTab(view, title);
    }

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_table);
    split->addWidget(m_charts);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    column->addWidget(split, 1);
    setWidget(body);

    connect(m_runButton, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancelButton, &QPushButton::clicked, this, &ExploreDock::cancel);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &ExploreDock::onFinished);
    connect(controller, &AnalysisController::finished, this, &ExploreDock::updateDesignGpus);
}

ExploreDock::~ExploreDock()
{
    if (m_cancel)
        *m_cancel = true;
    m_watcher.waitForFinished();
}

void ExploreDock::buildAxisMenus()
{
    const ExploreAxes defaults = defaultAxes();
    auto checkable = [](QMenu *menu, const QString &text, const QVariant &data, bool checked) {
        QAction *a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(checked);
        a->setData(data);
        return a;
    };
    for (const DomainChoice &d : defaults.domains) {
        const ServerModel *s = Catalog::builtin().server(d.nodeModel);
        const int size = d.domainSize > 0
                                 ? d.domainSize
                                 : (s ? (s->nvlinkScope == NVLinkScope::Board ? s->gpus : 72) : 0);
        checkable(m_domainMenu,
                  tr("%1 (%2-GPU domain)").arg(q(s ? s->name : d.nodeModel)).arg(size),
                  q(toString(d)), true);
    }
    m_domainMenu->addSeparator();
    // Rack-scale domains with part of each rack running the job, as recipes place 64 ranks on
    // a 72-GPU rack: the job size then steps by 64, not 72.
    for (const auto &[id, s] : Catalog::builtin().servers()) {
        if (s.nvlinkScope != NVLinkScope::Rack || s.gpus <= 64)
            continue;
        checkable(m_domainMenu, tr("%1, 64 of each %2 GPUs run the job").arg(q(s.name)).arg(s.gpus),
                  q(toString(DomainChoice{id, 0, 64})), false);
    }
    // Custom NVLink domain sizes of the trays the catalog has: the domain-size axis itself.
    for (const auto &[id, s] : Catalog::builtin().servers()) {
        if (s.nvlinkScope != NVLinkScope::External || s.gpus <= 0)
            continue;
        for (int size : {8, 16, 32, 64, 72}) {
            if (size % s.gpus != 0)
                continue;
            const DomainChoice d{id, size, 0};
            if (std::find(defaults.domains.begin(), defaults.domains.end(), d)
                != defaults.domains.end())
                continue;
            checkable(m_domainMenu, tr("%1 in %2-GPU domains").arg(q(s.name)).arg(size),
                      q(toString(d)), false);
        }
    }
    for (const FabricChoice &f :
         {FabricChoice{FabricKind::RailOptimized, 0}, FabricChoice{FabricKind::FatTree, 0},
          FabricChoice{FabricKind::RailOptimized, 3}, FabricChoice{FabricKind::FatTree, 3},
          FabricChoice{FabricKind::RailOnly, 0}}) {
        const bool on = std::find(defaults.fabrics.begin(), defaults.fabrics.end(), f)
                        != defaults.fabrics.end();
        checkable(m_fabricMenu,
                  f.tiers > 0 || f.kind == FabricKind::RailOnly
                          ? fabricName(f)
                          : tr("%1, fewest tiers").arg(fabricName(f)),
                  q(toString(f)), on);
    }
    for (double r : {1.0, 1.5, 2.0, 3.0, 4.0, 8.0}) {
        const bool on
                = std::find(defaults.oversubscription.begin(), defaults.oversubscription.end(), r)
                  != defaults.oversubscription.end();
        checkable(m_oversubscriptionMenu, tr("%1:1").arg(units::number(r, 1)), r, on);
    }
    // Independent planes (each the chosen fabric over its share of every server's NIC ports):
    // one, or as many as multi-plane designs use (DeepSeek's 8).
    for (int k : {1, 2, 4, 8}) {
        const bool on = std::find(defaults.planes.begin(), defaults.planes.end(), k)
                        != defaults.planes.end();
        checkable(m_planesMenu, k == 1 ? tr("One fabric") : tr("%n planes", nullptr, k), k, on);
    }
    // The leaf switch: the default for the servers' NIC speed, or any switch of the catalog
    // (a switch too slow or of the other family for a server says so in that variant).
    checkable(m_switchMenu, tr("Default for the NICs' speed"), QString(), true);
    m_switchMenu->addSeparator();
    for (const auto &[id, sw] : Catalog::builtin().switches())
        checkable(m_switchMenu,
                  tr("%1 (%2 x %3G)")
                          .arg(q(sw.name))
                          .arg(sw.ports)
                          .arg(units::number(sw.portGbits, 0)),
                  q(id), false);
    // The menus stay open while the user ticks several items.
    for (QMenu *menu :
         {m_domainMenu, m_fabricMenu, m_planesMenu, m_oversubscriptionMenu, m_switchMenu}) {
        connect(menu, &QMenu::triggered, menu, [menu](QAction *) { menu->show(); });
    }
}

ExploreAxes ExploreDock::axes() const
{
    ExploreAxes a;
    for (QAction *act : m_domainMenu->actions()) {
        if (act->isChecked())
            if (Expected<DomainChoice> d
                = domainChoiceFromString(act->data().toString().toStdString()))
                a.domains.push_back(*d);
    }
    for (QAction *act : m_fabricMenu->actions()) {
        if (act->isChecked())
            if (Expected<FabricChoice> f
                = fabricChoiceFromString(act->data().toString().toStdString()))
                a.fabrics.push_back(*f);
    }
    for (QAction *act : m_planesMenu->actions()) {
        if (act->isChecked())
            a.planes.push_back(act->data().toInt());
    }
    for (QAction *act : m_oversubscriptionMenu->actions()) {
        if (act->isChecked())
            a.oversubscription.push_back(act->data().toDouble());
    }
    for (QAction *act : m_switchMenu->actions()) {
        if (act->isChecked() && !act->isSeparator())
            a.switchModels.push_back(act->data().toString().toStdString());
    }
    return a;
}

ExploreMetric ExploreDock::against() const
{
    return exploreMetricFromString(m_against->currentData().toString().toStdString())
            .value_or(ExploreMetric::Switches);
}

void ExploreDock::setDocument(Document *document)
{
    cancel();
    m_document = document;
    m_gpus->setValue(0);
    updateDesignGpus();
}

void ExploreDock::updateDesignGpus()
{
    const std::optional<AnalysisOutcome> &o = m_controller->outcome();
    const int gpus = o ? o->gpus : 0;
    m_gpus->setSpecialValueText(gpus > 0 ? tr("as designed (%1)").arg(gpus) : tr("as designed"));
}

bool ExploreDock::run()
{
    cancel();
    if (!m_document)
        return false;
    const Project &project = m_document->project();
    if (!project.workload) {
        m_verdict->setText(tr("Choose a model to train first (Analysis panel): the explorer "
                              "plans that job on every design."));
        return false;
    }
    Expected<Catalog> catalog = projectCatalog(project);
    if (!catalog) {
        m_verdict->setText(q(catalog.error().text()));
        return false;
    }
    int gpus = m_gpus->value();
    if (gpus == 0) {
        Expected<TopologySummary> s = summarize(project.topology, *catalog);
        gpus = s ? s->gpus : 0;
    }
    if (gpus <= 0) {
        m_verdict->setText(tr("The design has no GPUs yet: set the GPU count to explore."));
        return false;
    }
    ExploreRequest request;
    request.workload = *project.workload;
    request.gpus = gpus;
    request.axes = axes();
    if (request.axes.domains.empty() || request.axes.fabrics.empty() || request.axes.planes.empty()
        || request.axes.oversubscription.empty() || request.axes.switchModels.empty()) {
        m_verdict->setText(tr("Tick at least one NVLink domain, one fabric, one number of "
                              "planes, one oversubscription and one leaf switch."));
        return false;
    }
    const QString budget = m_budget->text().trimmed();
    if (!budget.isEmpty()) {
        request.tokenBudget = tokenCountFromString(budget.toStdString());
        if (!request.tokenBudget) {
            m_verdict->setText(tr("Token budget \"%1\": expected a positive count such as 15T, "
                                  "800B or 1.5e13.")
                                       .arg(budget));
            return false;
        }
    }
    request.keepProjects = true;
    request.name = project.name;
    request.catalogOverrides = project.catalogOverrides;
    request.workers = std::max(1, QThread::idealThreadCount());
    request.against = against();
    request.catalog = &*catalog;
    if (std::optional<Error> refused = refusal(request)) {
        m_verdict->setText(q(refused->message).toHtmlEscaped());
        return false;
    }
    request.catalog = nullptr; // the worker's own copy, below

    const std::vector<VariantSpec> specs = variantsOf(request.axes, gpus, *catalog);
    m_model->reset(specs, gpus);
    m_projects.assign(specs.size(), std::nullopt);
    m_result.reset();
    m_done = 0;
    m_progress->setRange(0, static_cast<int>(specs.size()));
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_runButton->setEnabled(false);
    m_cancelButton->setEnabled(true);
    m_verdict->setText(tr("Building and planning %n designs of about %1 GPUs...", nullptr,
                          static_cast<int>(specs.size()))
                               .arg(gpus));
    for (QChartView *view : {m_domainView, m_oversubscriptionView, m_paretoView})
        resetChart(view->chart());

    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    const quint64 runId = ++m_run;
    auto sharedCatalog = std::make_shared<Catalog>(std::move(*catalog));
    QPointer<ExploreDock> self(this);
    request.cancel = cancelFlag.get();
    request.progress = [self, runId](int, int, const VariantResult &v) {
        QMetaObject::invokeMethod(
                self,
                [self, runId, v] {
                    if (self && self->m_run == runId)
                        self->onProgress(v);
                },
                Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([request, sharedCatalog, cancelFlag]() mutable {
        request.catalog = sharedCatalog.get();
        // run() asked refusal() of this very request: explore() starts.
        Expected<ExploreResult> r = explore(request);
        return r ? std::move(*r) : ExploreResult{};
    }));
    return true;
}

void ExploreDock::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    if (m_watcher.isRunning())
        m_verdict->setText(tr("Cancelling..."));
}

void ExploreDock::onProgress(const VariantResult &v)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->variant(row).spec.label != v.spec.label)
            continue;
        m_model->setVariant(row, v);
        if (v.project)
            m_projects[row] = v.project;
        m_progress->setValue(++m_done);
        Q_EMIT variantArrived(row);
        return;
    }
}

void ExploreDock::onFinished()
{
    ExploreResult r = m_watcher.result();
    m_runButton->setEnabled(true);
    m_cancelButton->setEnabled(false);
    m_progress->setVisible(false);
    if (r.variants.size() != static_cast<std::size_t>(m_model->rowCount()))
        return; // a run that a newer one replaced
    for (std::size_t i = 0; i < r.variants.size(); ++i) {
        if (r.variants[i].project && !m_projects[i])
            m_projects[i] = r.variants[i].project;
        r.variants[i].project.reset();
    }
    m_model->setResult(r);
    QStringList lines;
    for (const Message &m : verdictMessages(r))
        lines << units::message(m).toHtmlEscaped();
    if (r.cancelled)
        lines.prepend(
                // Reads for any pair: "after evaluating 0 of 1 design", "... 3 of 12 designs".
                tr("Cancelled after evaluating %1 of %n design(s).", nullptr,
                   int(r.variants.size()))
                        .arg(m_done));
    if (!lines.isEmpty())
        lines.front() = QStringLiteral("<b>") + lines.front() + QStringLiteral("</b>");
    m_verdict->setText(lines.join(QStringLiteral("<br>")));
    showCharts(r);
    m_result = std::move(r);
    Q_EMIT explored();
}

void ExploreDock::bindPoints(QXYSeries *series, std::vector<int> rows)
{
    const QList<QPointF> points = series->points();
    auto rowAt = [series, rows](const QPointF &p) {
        // The nearest point of the series (a line's hover point lies between its points).
        const QList<QPointF> pts = series->points();
        int best = -1;
        double distance = 0;
        for (int i = 0; i < pts.size() && i < static_cast<int>(rows.size()); ++i) {
            const double d = std::abs(pts[i].x() - p.x()) / std::max(1.0, std::abs(pts[i].x()))
                             + std::abs(pts[i].y() - p.y()) / std::max(1e-9, std::abs(pts[i].y()));
            if (best < 0 || d < distance) {
                best = i;
                distance = d;
            }
        }
        return best < 0 ? -1 : rows[best];
    };
    connect(series, &QXYSeries::hovered, this, [this, rowAt](const QPointF &p, bool state) {
        if (state)
            showPlanTip(rowAt(p));
        else
            QToolTip::hideText();
    });
    connect(series, &QXYSeries::doubleClicked, this,
            [this, rowAt](const QPointF &p) { openRow(rowAt(p)); });
}

void ExploreDock::showPlanTip(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    QToolTip::showText(QCursor::pos(), ExploreModel::planText(m_model->variant(row)));
}

void ExploreDock::openRow(int row)
{
    if (row < 0 || row >= static_cast<int>(m_projects.size()) || !m_projects[row])
        return;
    Q_EMIT openVariantRequested(*m_projects[row]);
}

void ExploreDock::showCharts(const ExploreResult &r)
{
    const QPalette palette = m_domainView->palette();
    // Where the designs run the job on different GPU counts, the charts show per-GPU figures
    // as the verdict compares them.
    const bool perGpu = comparedPerGpu(r.variants, r.gpus);
    auto perGpuOf = [](const VariantResult &v) {
        return v.tokensPerS() / std::max(1, v.jobGpus());
    };
    // Switches per 1,000 GPUs; capital cost in millions, or thousands per GPU.
    const bool money = r.against == ExploreMetric::Capex;
    const double metricScale = r.against == ExploreMetric::Switches ? 1000 : money ? 1e-3 : 1;
    auto metricPoint = [&](const VariantResult &v) {
        const double m = metricOf(v, r.against).value_or(0);
        return perGpu ? m / std::max(1, v.jobGpus()) * metricScale : money ? m / 1e6 : m;
    };
    double top = 0, topPerGpu = 0, mostMetric = 1;
    int widest = 8;
    double mostOversubscribed = 1;
    for (const VariantResult &v : r.variants) {
        if (v.status != VariantStatus::Ok)
            continue;
        top = std::max(top, perGpu ? perGpuOf(v) : v.tokensPerS());
        topPerGpu = std::max(topPerGpu, perGpuOf(v));
        widest = std::max(widest, v.domainSize);
        mostMetric = std::max(mostMetric, metricPoint(v));
        mostOversubscribed = std::max(mostOversubscribed, v.spec.oversubscription);
    }

    // 1. Best tokens/s per GPU against NVLink domain size, a line per fabric option.
    {
        QChart *chart = m_domainView->chart();
        resetChart(chart);
        auto *x = new QLogValueAxis;
        x->setBase(2);
        x->setLabelFormat(QStringLiteral("%d"));
        x->setMinorTickCount(0);
        x->setTitleText(tr("NVLink domain (GPUs)"));
        x->setRange(4, widest * 2);
        auto *y = new QValueAxis;
        y->setTitleText(tr("Best tokens/s per GPU"));
        y->setRange(0, std::max(1.0, topPerGpu * 1.1));
        y->applyNiceNumbers();
        plainNumberLabels(chart, y);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        std::vector<FabricChoice> fabrics;
        for (const VariantResult &v : r.variants)
            if (std::find(fabrics.begin(), fabrics.end(), v.spec.fabric) == fabrics.end())
                fabrics.push_back(v.spec.fabric);
        int colour = 0;
        for (const FabricChoice &f : fabrics) {
            std::map<int, int> bestAtSize; // domain size -> row
            for (std::size_t i = 0; i < r.variants.size(); ++i) {
                const VariantResult &v = r.variants[i];
                if (v.status != VariantStatus::Ok || !(v.spec.fabric == f))
                    continue;
                auto it = bestAtSize.find(v.domainSize);
                if (it == bestAtSize.end() || r.variants[it->second].tokensPerS() < v.tokensPerS())
                    bestAtSize[v.domainSize] = static_cast<int>(i);
            }
            if (bestAtSize.empty())
                continue;
            QLineSeries *s = lineSeries(fabricName(f), chartSeriesColour(colour++));
            std::vector<int> rows;
            for (const auto &[size, row] : bestAtSize) {
                s->append(size, perGpuOf(r.variants[row]));
                rows.push_back(row);
            }
            attach(chart, s, x, y);
            bindPoints(s, rows);
        }
        colourAxes(chart, palette);
    }

    const AxisScale scale = perGpu ? AxisScale{1, tr("tokens/s per GPU")} : tokensScale(top);
    auto tokensPoint = [&](const VariantResult &v) {
        return (perGpu ? perGpuOf(v) : v.tokensPerS()) / scale.divisor;
    };
    // 2. Tokens/s against oversubscription, a line per domain and fabric.
    {
        QChart *chart = m_oversubscriptionView->chart();
        resetChart(chart);
        auto *x = new QValueAxis;
        x->setTitleText(tr("Leaf oversubscription (downlinks : uplinks)"));
        // A tick at every whole ratio (1:1, 2:1, ...), half a step of room at either end.
        x->setTickType(QValueAxis::TicksDynamic);
        x->setTickAnchor(1);
        x->setTickInterval(mostOversubscribed > 8 ? 2 : 1);
        x->setRange(0.5, std::ceil(mostOversubscribed) + 0.5);
        plainNumberLabels(chart, x, QStringLiteral(":1"));
        auto *y = new QValueAxis;
        y->setTitleText(perGpu ? tr("Tokens/s per GPU") : tr("Tokens/s (%1)").arg(scale.unit));
        y->setRange(0, std::max(1.0, top * 1.1 / scale.divisor));
        y->applyNiceNumbers();
        plainNumberLabels(chart, y);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        std::map<std::string, std::vector<int>> lines; // "domain fabric" -> rows
        std::vector<std::string> order;
        for (std::size_t i = 0; i < r.variants.size(); ++i) {
            const VariantResult &v = r.variants[i];
            if (v.status != VariantStatus::Ok)
                continue;
            const std::string key = toString(v.spec.domain) + " " + toString(v.spec.fabric);
            if (!lines.count(key))
                order.push_back(key);
            lines[key].push_back(static_cast<int>(i));
        }
        int colour = 0;
        for (const std::string &key : order) {
            std::vector<int> rows = lines[key];
            std::sort(rows.begin(), rows.end(), [&](int a, int b) {
                return r.variants[a].spec.oversubscription < r.variants[b].spec.oversubscription;
            });
            QLineSeries *s = lineSeries(q(key), chartSeriesColour(colour++));
            for (int row : rows)
                s->append(r.variants[row].spec.oversubscription, tokensPoint(r.variants[row]));
            attach(chart, s, x, y);
            bindPoints(s, rows);
        }
        colourAxes(chart, palette);
    }

    // 3. Tokens/s against switches, the Pareto front marked.
    {
        QChart *chart = m_paretoView->chart();
        resetChart(chart);
        auto *x = new QValueAxis;
        QString metric = metricName(r.against);
        if (perGpu)
            metric = r.against == ExploreMetric::Switches ? tr("Switches per 1000 GPUs")
                     : money                              ? tr("Capital cost per GPU (thousands)")
                                                          : tr("%1 per GPU").arg(metric);
        x->setTitleText(metric);
        x->setRange(0, mostMetric * 1.1);
        x->applyNiceNumbers();
        plainNumberLabels(chart, x);
        auto *y = new QValueAxis;
        y->setTitleText(perGpu ? tr("Tokens/s per GPU") : tr("Tokens/s (%1)").arg(scale.unit));
        y->setRange(0, std::max(1.0, top * 1.1 / scale.divisor));
        y->applyNiceNumbers();
        plainNumberLabels(chart, y);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        auto *all = new QScatterSeries;
        all->setName(tr("Designs"));
        all->setMarkerSize(9);
        all->setColor(chartSeriesColour(0));
        all->setBorderColor(chartSeriesColour(0).darker(130));
        auto *front = new QScatterSeries;
        front->setName(tr("Pareto front"));
        front->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        front->setMarkerSize(12);
        front->setColor(chartSeriesColour(1));
        front->setBorderColor(chartSeriesColour(1).darker(130));
        auto *frontLine = new QLineSeries;
        frontLine->setPen(QPen(chartSeriesColour(1), 1.5, Qt::DashLine));
        std::vector<int> allRows, frontRows;
        for (std::size_t i = 0; i < r.variants.size(); ++i) {
            const VariantResult &v = r.variants[i];
            if (v.status != VariantStatus::Ok || !metricOf(v, r.against))
                continue;
            if (v.pareto) {
                frontRows.push_back(static_cast<int>(i));
            } else {
                all->append(metricPoint(v), tokensPoint(v));
                allRows.push_back(static_cast<int>(i));
            }
        }
        std::sort(frontRows.begin(), frontRows.end(), [&](int a, int b) {
            return metricPoint(r.variants[a]) < metricPoint(r.variants[b]);
        });
        for (int row : frontRows) {
            front->append(metricPoint(r.variants[row]), tokensPoint(r.variants[row]));
            frontLine->append(metricPoint(r.variants[row]), tokensPoint(r.variants[row]));
        }
        attach(chart, frontLine, x, y);
        attach(chart, all, x, y);
        attach(chart, front, x, y);
        // The dashed line joins the front's points; its legend entry would repeat the front's.
        if (auto markers = chart->legend()->markers(frontLine); !markers.isEmpty())
            markers.front()->setVisible(false);
        bindPoints(all, allRows);
        bindPoints(front, frontRows);
        colourAxes(chart, palette);
    }
}

} // namespace topoplan
