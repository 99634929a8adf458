#pragma once

#include "engine/explore/explore.h"

#include <QAbstractTableModel>

#include <vector>

namespace topoplan {

// The explorer's variants as a table: one row per variant, in the order of variantsOf(),
// filled in as each finishes. Qt::DisplayRole is the text shown, Qt::UserRole the value to
// sort by (numbers sort as numbers; a variant with no result sorts last), Qt::ToolTipRole the
// plan and step breakdown, or why the variant has none.
class ExploreModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Design,
        Gpus,
        Domain,
        Switches,
        Cables,
        ServerPower,
        ItLoad,
        CapitalCost,
        PlanColumn,
        TokensPerS,
        TokensPerGpu,
        Mfu,
        StepTime,
        Days,
        Front,
        ColumnCount
    };

    using QAbstractTableModel::QAbstractTableModel;

    // Starts a run: every row of `specs` pending.
    void reset(const std::vector<VariantSpec> &specs, int gpus);
    void setVariant(int row, const VariantResult &v);
    // The run's final result (the Pareto front is known only then).
    void setResult(const ExploreResult &r);
    const VariantResult &variant(int row) const { return m_variants.at(row); }
    int gpus() const { return m_gpus; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    // The text of a variant's best plan and breakdown, for tool tips here and on the charts.
    static QString planText(const VariantResult &v);

private:
    std::vector<VariantResult> m_variants;
    std::vector<bool> m_done;
    int m_gpus = 0;
};

} // namespace topoplan
