// The design report's cost and power section.

#include "engine/core/figure.h"
#include "engine/document/cost.h"

#include <cmath>

namespace topoplan {

namespace {

std::string moneyCell(const CostTotal &t, const std::string &currency)
{
    return t.priced ? figure::text(figure::money(t.capex, currency)) : "not priced";
}

std::string powerCell(const CostTotal &t)
{
    if (!t.powered && t.powerW == 0)
        return "not stated";
    return figure::text(figure::power(t.powerW)) + (t.powered ? "" : " (incomplete)");
}

ReportBlock paragraphOf(std::string text)
{
    ReportBlock b;
    b.text = std::move(text);
    return b;
}

} // namespace

ReportSection costSection(const DesignCost &d)
{
    ReportSection sec{"cost", "Cost and power", {}};
    ReportTable t{{"Category", "Items", "Power", "Capital cost"}, {}, {false, true, true, true}};
    for (CostCategory cat : {CostCategory::Compute, CostCategory::Switches, CostCategory::Optics,
                             CostCategory::Cables}) {
        const CostTotal total = d.total(cat);
        t.rows.push_back({toString(cat), std::to_string(total.count), powerCell(total),
                          moneyCell(total, d.currency)});
    }
    t.rows.push_back({"network", std::to_string(d.network().count), powerCell(d.network()),
                      moneyCell(d.network(), d.currency)});
    t.rows.push_back({"total", std::to_string(d.all().count), powerCell(d.all()),
                      moneyCell(d.all(), d.currency)});
    ReportBlock table;
    table.kind = ReportBlock::Kind::Table;
    table.text = "The design's parts by category: power from the catalog's datasheet figures, "
                 "capital cost from the price book ("
                 + d.currency + ").";
    table.table = std::move(t);
    sec.blocks.push_back(std::move(table));
    for (const std::string &line : designCostLines(d))
        sec.blocks.push_back(paragraphOf(line));
    return sec;
}

} // namespace topoplan
