#pragma once

#include "engine/core/error.h"
#include "engine/core/jsonin.h"
#include "engine/document/report.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace topoplan {

struct BomCounts;

// What a design costs and draws: the bill of materials' counts (billOfMaterials(), the one
// hardware count) priced by the catalog's price book (Catalog::prices(), the user's) and powered
// by the catalog's datasheet figures. A part without a price or a power figure is listed as such
// and left out of the sums, which then say they are incomplete; no figure is ever made up.

enum class CostCategory { Compute, Switches, Optics, Cables };
const char *toString(CostCategory c); // "compute", "switches", "optics", "cables"

// One line of the bill: a model and how many the design has.
struct CostItem
{
    CostCategory category = CostCategory::Compute;
    std::string id;   // catalog id; empty for optics the catalog does not list
    std::string name; // as the bill of materials names it
    long long count = 0;
    std::optional<double> unitPrice;  // none: the price book has no price for it
    std::optional<double> unitPowerW; // none: the catalog states no power for it

    double price() const;  // count x unit price; NaN when unpriced
    double powerW() const; // count x unit power; NaN when not stated
};

// Sums over some items: what is priced and powered, and whether that is all of them.
struct CostTotal
{
    long long count = 0;
    double capex = 0;  // of the priced items
    double powerW = 0; // of the items with a power figure
    bool priced = true;
    bool powered = true;
};

struct DesignCost
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    std::string currency; // the price book's ("USD")
    std::vector<CostItem> items;
    double tokensPerS = kNaN;        // the job's throughput on this design; NaN without a job
    double amortizationYears = kNaN; // the price book's; NaN when it states none
    double energyPerKWh = kNaN;      // the price book's; NaN when it states none

    CostTotal total(CostCategory c) const;
    CostTotal network() const; // switches, optics and cables
    CostTotal all() const;

    // Capital cost of everything, and the network's share of it: NaN unless every item is
    // priced (a partial sum is not a design's cost).
    double capex() const;
    double networkShare() const;
    // The IT load: every item's datasheet power, W (complete or not: itPowerComplete() says).
    double itPowerW() const { return all().powerW; }
    bool itPowerComplete() const { return all().powered; }
    double tokensPerSPerMW() const; // NaN without tokens/s or a complete power figure
    // Capex amortized over the book's years plus the energy of the IT load at its price, per
    // million tokens at tokensPerS: NaN unless all of these are known.
    double costPerMillionTokens() const;

    // "32 x dgx-h100 (servers)": what has no price / no power figure.
    std::vector<std::string> unpriced() const;
    std::vector<std::string> unpowered() const;
};

// The cost of the parts `counts` lists, with the catalog's prices and power.
DesignCost designCost(const BomCounts &counts, const Catalog &c,
                      double tokensPerS = DesignCost::kNaN);
// The cost of design `p` (its bill of materials' totals); fails as billOfMaterials() does.
// The explorer's and compare's one entry point: a variant's cost, power and $ per million tokens.
Expected<DesignCost> designCost(const Project &p, const Catalog &c,
                                double tokensPerS = DesignCost::kNaN);

// {"currency", "capex": {"compute", "switches", "optics", "cables", "network", "total"},
//  "network_share", "power_kw": {...same categories...}, "it_power_kw", "tokens_per_s_per_mw",
//  "cost_per_million_tokens", "amortization_years", "energy_per_kwh", "unpriced": [...],
//  "unpowered": [...]}: a figure that cannot be stated (unpriced) is left out and listed under
// "omitted" (withoutNonFinite).
Json designCostJson(const DesignCost &d);

// The same as lines of text for a terminal or a report: capex by category with the network's
// share, the IT load, tokens/s per MW, cost per million tokens, and what is unpriced.
std::vector<std::string> designCostLines(const DesignCost &d);

// The design report's section "cost": per category the count, power and capital cost, the
// network's share, the IT load, tokens/s per MW, the cost per million tokens and what the price
// book or the catalog leaves out (engine/document/costreport.cpp).
ReportSection costSection(const DesignCost &d);

} // namespace topoplan
