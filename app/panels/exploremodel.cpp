#include "app/panels/exploremodel.h"

#include "app/common/units.h"

#include <limits>

namespace topoplan {

namespace {

bool built(const VariantResult &v)
{
    return v.status == VariantStatus::Ok || v.status == VariantStatus::NoPlan;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// Sorts after every real value, whichever way the column is sorted... as far as Qt allows:
// ascending puts it last, descending first; a missing figure is rarely what one sorts for.
constexpr double kMissing = std::numeric_limits<double>::max();

} // namespace

void ExploreModel::reset(const std::vector<VariantSpec> &specs, int gpus)
{
    beginResetModel();
    m_gpus = gpus;
    m_variants.assign(specs.size(), VariantResult{});
    m_done.assign(specs.size(), false);
    for (std::size_t i = 0; i < specs.size(); ++i)
        m_variants[i].spec = specs[i];
    endResetModel();
}

void ExploreModel::setVariant(int row, const VariantResult &v)
{
    if (row < 0 || row >= rowCount())
        return;
    m_variants[row] = v;
    m_variants[row].project.reset(); // the panel keeps its own copy to open
    m_done[row] = true;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void ExploreModel::setResult(const ExploreResult &r)
{
    for (std::size_t i = 0; i < r.variants.size() && i < m_variants.size(); ++i) {
        const bool finished = r.variants[i].status != VariantStatus::Cancelled || !m_done[i];
        if (finished) {
            m_variants[i] = r.variants[i];
            m_variants[i].project.reset();
            m_done[i] = true;
        }
    }
    if (!m_variants.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int ExploreModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_variants.size());
}

int ExploreModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ExploreModel::planText(const VariantResult &v)
{
    if (!v.best)
        return v.message.empty() ? tr("Not evaluated yet.") : q(v.message);
    const Plan &p = v.best->plan;
    const StepEstimate &e = v.best->step;
    const TrainingSpec &t = v.best->workload.training;
    QString text = tr("%1\nBest plan: TP %2, PP %3, DP %4, CP %5, EP %6; micro-batch %7, "
                      "interleave %8, recompute %9")
                           .arg(q(v.spec.label))
                           .arg(p.tp)
                           .arg(p.pp)
                           .arg(p.dp)
                           .arg(p.cp)
                           .arg(p.ep)
                           .arg(t.microBatch)
                           .arg(t.interleave)
                           .arg(q(toString(t.recompute)));
    text += QLatin1Char('\n')
            + tr("%1 (%2 per GPU), MFU %3, step %4")
                      .arg(units::tokensPerSecond(e.tokensPerS),
                           units::tokensPerSecond(e.tokensPerS / std::max(1, v.jobGpus())),
                           units::percent(e.mfu), units::duration(e.stepTimeS));
    for (const std::string &n : v.notes)
        text += QLatin1Char('\n') + q(n);
    return text;
}

QVariant ExploreModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const VariantResult &v = m_variants[index.row()];
    const bool done = m_done[index.row()];
    if (role == Qt::ToolTipRole)
        return done ? planText(v) : tr("Waiting to be evaluated.");
    if (role == Qt::TextAlignmentRole)
        return index.column() == Design || index.column() == PlanColumn
                       ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                       : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    const bool sort = role == Qt::UserRole;
    const std::optional<AnalysisResult> &best = v.best;
    switch (index.column()) {
    case Design:
        return q(v.spec.label);
    case Gpus:
        if (v.jobGpus() <= 0)
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(v.jobGpus()) : QVariant(units::number(v.jobGpus(), 0));
    case Domain:
        if (!built(v))
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return v.domainSize;
    case Switches:
        if (!built(v))
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(v.switches())
                    : QVariant(tr("%1 (%2/%3/%4)")
                                       .arg(v.switches())
                                       .arg(v.summary.leaf)
                                       .arg(v.summary.spine)
                                       .arg(v.summary.core));
    case Cables:
        if (!built(v))
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return v.summary.cables;
    case ServerPower:
        if (!v.serverPowerKW)
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(*v.serverPowerKW)
                    : QVariant(tr("%1 kW").arg(units::number(*v.serverPowerKW, 0)));
    case ItLoad:
        if (!v.itPowerKW)
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(*v.itPowerKW) : QVariant(units::power(*v.itPowerKW * 1000));
    case CapitalCost:
        if (!v.capex)
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(*v.capex) : QVariant(units::money(*v.capex, q(v.currency)));
    case PlanColumn:
        if (!best)
            return !done ? tr("...") : q(toString(v.status));
        return QString(
                tr("TP %1 PP %2 DP %3").arg(best->plan.tp).arg(best->plan.pp).arg(best->plan.dp)
                + (best->plan.cp > 1 ? tr(" CP %1").arg(best->plan.cp) : QString())
                + (best->plan.ep > 1 ? tr(" EP %1").arg(best->plan.ep) : QString()));
    case TokensPerS:
        if (!best)
            return sort ? QVariant(-1.0) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(best->step.tokensPerS)
                    : QVariant(units::tokensPerSecond(best->step.tokensPerS));
    case TokensPerGpu:
        if (!best)
            return sort ? QVariant(-1.0) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(best->step.tokensPerS / std::max(1, v.jobGpus()))
                    : QVariant(units::number(best->step.tokensPerS / std::max(1, v.jobGpus()), 0));
    case Mfu:
        if (!best)
            return sort ? QVariant(-1.0) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(best->step.mfu) : QVariant(units::percent(best->step.mfu));
    case StepTime:
        if (!best)
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(best->step.stepTimeS)
                    : QVariant(units::duration(best->step.stepTimeS));
    case Days:
        if (!v.daysToTrain)
            return sort ? QVariant(kMissing) : QVariant(QStringLiteral("-"));
        return sort ? QVariant(*v.daysToTrain) : QVariant(units::number(*v.daysToTrain, 1));
    case Front:
        return sort ? QVariant(v.pareto ? 1 : 0)
                    : QVariant(v.pareto ? QStringLiteral("\u2605") : QString());
    default:
        return {};
    }
}

QVariant ExploreModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal)
        return {};
    static const char *const names[ColumnCount]
            = {QT_TR_NOOP("Design"),        QT_TR_NOOP("GPUs"),
               QT_TR_NOOP("NVLink domain"), QT_TR_NOOP("Switches (L/S/C)"),
               QT_TR_NOOP("Cables"),        QT_TR_NOOP("Server power"),
               QT_TR_NOOP("IT load"),       QT_TR_NOOP("Capital cost"),
               QT_TR_NOOP("Best plan"),     QT_TR_NOOP("Tokens/s"),
               QT_TR_NOOP("Per GPU"),       QT_TR_NOOP("MFU"),
               QT_TR_NOOP("Step"),          QT_TR_NOOP("Days"),
               QT_TR_NOOP("Front")};
    static const char *const tips[ColumnCount]
            = {QT_TR_NOOP("Server model (and NVLink domain size), fabric, leaf oversubscription"),
               QT_TR_NOOP("GPUs running the job: the count asked, or the nearest below and "
                          "above it that the domain builds (then designs are compared per GPU)"),
               QT_TR_NOOP("GPUs in the largest NVLink domain"),
               QT_TR_NOOP("Switches in total (leaf / spine / core)"),
               QT_TR_NOOP("Cables of the scale-out fabric"),
               QT_TR_NOOP("The servers' maximum power from the catalog's datasheet figures"),
               QT_TR_NOOP("Servers, switches and transceivers at the catalog's power figures; "
                          "\"-\" where a part has none"),
               QT_TR_NOOP("Every part at the project's price book (File > Import Prices); "
                          "\"-\" where a part has no price"),
               QT_TR_NOOP("The planner's best plan of the job on this design"),
               QT_TR_NOOP("Projected training throughput of the best plan"),
               QT_TR_NOOP("Tokens/s per GPU"),
               QT_TR_NOOP("Model FLOPs utilisation"),
               QT_TR_NOOP("Time of one training step"),
               QT_TR_NOOP("Days to train the token budget"),
               QT_TR_NOOP("On the Pareto front of tokens/s against the chosen metric: nothing "
                          "is faster with as little of it")};
    if (section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole)
        return tr(names[section]);
    if (role == Qt::ToolTipRole)
        return tr(tips[section]);
    return {};
}

} // namespace topoplan
