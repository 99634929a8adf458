#include "app/panels/failuresdock.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/common/units.h"
#include "app/document/document.h"

#include "engine/model/naming.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace topoplan {

namespace {

// Rows shown at most; the rest are summed up under the table.
constexpr int kMaxRows = 500;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString kindText(FailureKind k)
{
    switch (k) {
    case FailureKind::Link:
        return FailuresDock::tr("Link");
    case FailureKind::Switch:
        return FailuresDock::tr("Switch");
    case FailureKind::Node:
        return FailuresDock::tr("Server");
    case FailureKind::Nic:
        return FailuresDock::tr("Server NIC");
    }
    return {};
}

QString number(double v, int decimals)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("-");
}

// The loss in hundredths of a percent, as the engine ranks it.
long long basisPoints(double fraction)
{
    return std::llround(fraction * 1e4);
}

} // namespace

FailuresDock::FailuresDock(QWidget *parent)
    : QDockWidget(tr("N-1 Failures"), parent)
    , m_run(new QPushButton(tr("Run N-1")))
    , m_summary(new QLabel)
    , m_table(new QTableWidget(0, 6))
{
    setObjectName(QStringLiteral("failuresDock"));
    m_run->setObjectName(QStringLiteral("runN1Button"));
    m_summary->setObjectName(QStringLiteral("failuresSummary"));
    m_table->setObjectName(QStringLiteral("failuresTable"));
    m_run->setToolTip(tr("Fail every switch, link bundle and server NIC in turn and rank them "
                         "by the throughput the plan loses"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Which single failure costs the plan most? Run N-1 to rank every "
                          "switch, link bundle and server NIC."));
    m_table->setHorizontalHeaderLabels({tr("Element"), tr("Kind"), tr("Tokens/s lost"),
                                        tr("Group hit"), tr("GB/s intact \u2192 failed"),
                                        tr("New bottleneck")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *body = new QWidget(this);
    auto *column = new QVBoxLayout(body);
    auto *row = new QHBoxLayout;
    row->addWidget(m_run);
    row->addWidget(m_summary, 1);
    column->addLayout(row);
    column->addWidget(m_table, 1);
    setWidget(body);

    connect(m_run, &QPushButton::clicked, this, &FailuresDock::run);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &FailuresDock::onFinished);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &FailuresDock::onRowSelected);
}

FailuresDock::~FailuresDock()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void FailuresDock::setView(ClusterView *view)
{
    m_view = view;
}

void FailuresDock::setDocument(Document *document)
{
    if (m_cancel)
        m_cancel->store(true);
    m_document = document;
    m_result.reset();
    m_table->setRowCount(0);
    m_summary->setText(tr("Which single failure costs the plan most? Run N-1 to rank every "
                          "switch, link bundle and server NIC."));
}

void FailuresDock::run()
{
    if (m_watcher.isRunning()) {
        if (m_cancel)
            m_cancel->store(true);
        m_summary->setText(tr("Cancelling..."));
        return;
    }
    if (!m_document)
        return;
    const Project &project = m_document->project();
    if (!project.workload) {
        m_summary->setText(tr("Choose a model to train first: N-1 ranks failures by the "
                              "throughput the plan loses."));
        return;
    }
    // A snapshot: the user goes on editing while the worker runs.
    m_ranOn = project.topology;
    auto snapshot = std::make_shared<const Project>(project);
    auto catalog = std::make_shared<const Catalog>(m_document->catalog());
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    N1Options options;
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    options.cancelled = [cancel] {
        return cancel->load();
    };
    QPointer<FailuresDock> self(this);
    options.progress = [self](int done, int total) {
        QMetaObject::invokeMethod(
                self.data(),
                [self, done, total] {
                    if (self && self->isRunning())
                        self->m_summary->setText(
                                tr("Failing each element in turn: %1 of %2 analysed...")
                                        .arg(done)
                                        .arg(total));
                },
                Qt::QueuedConnection);
    };
    m_run->setText(tr("Cancel"));
    m_summary->setText(tr("Failing each element in turn..."));
    m_watcher.setFuture(QtConcurrent::run([snapshot, catalog, options] {
        Run r;
        Expected<N1Result> n1
                = analyzeN1(*snapshot, *catalog, *snapshot->workload, snapshot->plan, options);
        if (n1)
            r.result = std::move(*n1);
        else
            r.error = n1.error();
        return r;
    }));
}

void FailuresDock::onFinished()
{
    m_run->setText(tr("Run N-1"));
    Run r = m_watcher.result();
    if (r.error) {
        m_result.reset();
        m_table->setRowCount(0);
        m_summary->setText(tr("N-1 needs a plan that runs: %1").arg(qs(r.error->message)));
        Q_EMIT finished();
        return;
    }
    m_result = std::move(r.result);
    showResult();
    Q_EMIT finished();
}

void FailuresDock::showResult()
{
    const N1Result &n1 = *m_result;
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(0);
    int harmless = 0, costly = 0;
    // Elements, nodes and links by the names people gave, as the canvas shows them.
    const auto named = [this](const std::string &id) {
        return m_document ? qs(displayName(m_document->project().topology, id)) : qs(id);
    };
    // One line for each run of elements that cost the same ("leaf-r1-su1 and 511 more").
    for (const N1Run &run : sameCostRuns(n1)) {
        const N1Row &row = n1.rows[run.first];
        const int elements = static_cast<int>(run.count);
        if (basisPoints(row.lossFraction) == 0) {
            harmless += elements;
            continue;
        }
        costly += elements;
        if (m_table->rowCount() >= kMaxRows)
            continue;
        const int r = m_table->rowCount();
        m_table->insertRow(r);
        auto *element = new QTableWidgetItem(
                elements > 1
                        ? tr("%1 and %Ln more", nullptr, elements - 1).arg(named(row.element.id))
                        : named(row.element.id));
        element->setToolTip(qs(row.element.id));
        element->setData(Qt::UserRole, qs(row.element.device));
        m_table->setItem(r, 0, element);
        m_table->setItem(r, 1, new QTableWidgetItem(kindText(row.element.kind)));
        auto *lost = new QTableWidgetItem(number(row.lossFraction * 100, 2) + QStringLiteral(" %"));
        lost->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(r, 2, lost);
        QString group = row.hit ? QString::fromLatin1(toString(*row.hit)).toUpper() : QString();
        if (!row.groupNodes.empty()) {
            QStringList nodes;
            for (std::size_t i = 0; i < row.groupNodes.size() && i < 3; ++i)
                nodes.append(named(row.groupNodes[i]));
            if (row.groupNodes.size() > 3)
                nodes.append(QStringLiteral("\u2026"));
            group += QStringLiteral(" (") + nodes.join(QStringLiteral(", ")) + QLatin1Char(')');
        }
        m_table->setItem(r, 3, new QTableWidgetItem(group.isEmpty() ? QStringLiteral("-") : group));
        const QString after
                = row.groupsDisconnected > 0 ? tr("no path") : number(row.busbwAfter, 1);
        m_table->setItem(r, 4,
                         new QTableWidgetItem(row.hit ? number(row.busbwBefore, 1)
                                                                + QStringLiteral(" \u2192 ") + after
                                                      : QStringLiteral("-")));
        // An element alike to one analysed took its figures; the bottleneck is that one's.
        const QString bottleneck = !row.sameAs.empty()         ? tr("as %1").arg(named(row.sameAs))
                                   : row.newBottleneck.empty() ? QStringLiteral("-")
                                                               : named(row.newBottleneck);
        m_table->setItem(r, 5, new QTableWidgetItem(bottleneck));
    }
    QString text = tr("Plan TP %1, PP %2, DP %3: %4 tokens/s intact. %5 of %6 elements cost "
                      "throughput when they fail; %7 cost less than 0.01 %.")
                           .arg(n1.intact.plan.tp)
                           .arg(n1.intact.plan.pp)
                           .arg(n1.intact.plan.dp)
                           .arg(units::count(std::llround(n1.intact.step.tokensPerS)))
                           .arg(units::count(costly))
                           .arg(units::count(static_cast<long long>(n1.rows.size())))
                           .arg(units::count(harmless));
    if (n1.alike > 0)
        text += QLatin1Char(' ')
                + tr("%Ln element(s) took the figures of one alike, analysed: the fabric and the "
                     "plan's groups look the same from both.",
                     nullptr, n1.alike);
    if (n1.cancelled)
        text = tr("Cancelled: only part of the elements were analysed. ") + text;
    if (m_document && !(m_document->project().topology == m_ranOn))
        text += QLatin1Char(' ') + tr("The design changed since: run N-1 again.");
    m_summary->setText(text);
}

void FailuresDock::onRowSelected()
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    if (!m_document || items.isEmpty())
        return;
    const QTableWidgetItem *element = m_table->item(items.first()->row(), 0);
    if (!element)
        return;
    // A NIC is drawn as part of its server: select the server.
    const QString id = element->data(Qt::UserRole).toString();
    m_document->setSelection({id});
    if (ClusterScene *scene = m_view ? m_view->clusterScene() : nullptr) {
        if (const DiagramItem *item = scene->itemForId(id))
            m_view->centerOn(item->sceneBoundingRect().center());
    }
}

} // namespace topoplan
