// The cost and power of a design: the bill of materials priced and powered.

#include "engine/document/cost.h"

#include "engine/core/figure.h"
#include "engine/document/documents.h"

#include <cmath>

namespace topoplan {

namespace {

constexpr double kHoursPerYear = 365.25 * 24;

std::optional<double> priceOf(const std::map<std::string, Price> &book, const std::string &id)
{
    auto it = book.find(id);
    if (it == book.end())
        return std::nullopt;
    return it->second.amount;
}

std::optional<double> stated(double watts)
{
    return watts > 0 ? std::optional<double>(watts) : std::nullopt;
}

void addServers(const BomCounts &b, const Catalog &c, DesignCost *d)
{
    for (const auto &[id, n] : b.servers) {
        const ServerModel *m = c.server(id);
        d->items.push_back({CostCategory::Compute, id, m ? m->name : id, n,
                            priceOf(c.prices().servers, id),
                            m ? stated(m->powerKW * 1000) : std::nullopt});
    }
}

void addSwitches(const BomCounts &b, const Catalog &c, DesignCost *d)
{
    std::map<std::string, long long> byModel;
    for (const auto &[key, n] : b.switches)
        byModel[std::get<2>(key)] += n;
    for (const auto &[id, n] : byModel) {
        const SwitchModel *m = c.switchModel(id);
        d->items.push_back({CostCategory::Switches, id, m ? m->name : id, n,
                            priceOf(c.prices().switches, id),
                            m ? stated(m->powerW) : std::nullopt});
    }
}

void addOptics(const BomCounts &b, const Catalog &c, DesignCost *d)
{
    for (const auto &[id, n] : b.transceiverModels) {
        const TransceiverModel *m = c.transceiver(id);
        d->items.push_back({CostCategory::Optics, id, m ? m->name : id, n,
                            priceOf(c.prices().transceivers, id),
                            m ? stated(m->powerW) : std::nullopt});
    }
    for (const auto &[name, n] : b.unlistedOptics)
        d->items.push_back({CostCategory::Optics, "", name, n, std::nullopt, std::nullopt});
}

void addCables(const BomCounts &b, const Catalog &c, DesignCost *d)
{
    for (const auto &[kind, n] : b.cableKinds) {
        const CableModel *m = c.cable(kind);
        // A passive cable states 0 W: it draws nothing, which is a figure, not a gap.
        std::optional<double> power;
        if (m && (m->powerW > 0 || kind == "dac" || kind == "mmf" || kind == "smf" || kind == "lc"))
            power = m->powerW;
        d->items.push_back({CostCategory::Cables, kind, m ? m->name : kind, n,
                            priceOf(c.prices().cables, kind), power});
    }
}

std::string itemText(const CostItem &i)
{
    return std::to_string(i.count) + " x " + (i.id.empty() ? i.name : i.id) + " ("
           + toString(i.category) + ")";
}

template<typename Keep>
CostTotal sum(const std::vector<CostItem> &items, Keep keep)
{
    CostTotal t;
    for (const CostItem &i : items) {
        if (!keep(i.category))
            continue;
        t.count += i.count;
        if (i.unitPrice)
            t.capex += i.price();
        else
            t.priced = false;
        if (i.unitPowerW)
            t.powerW += i.powerW();
        else
            t.powered = false;
    }
    return t;
}

Json figureOrNaN(const CostTotal &t, bool money)
{
    if (money)
        return jsonNumber(t.priced ? t.capex : DesignCost::kNaN, 2);
    return jsonNumber(t.powered ? t.powerW / 1000 : DesignCost::kNaN, 3);
}

} // namespace

const char *toString(CostCategory c)
{
    switch (c) {
    case CostCategory::Compute:
        return "compute";
    case CostCategory::Switches:
        return "switches";
    case CostCategory::Optics:
        return "optics";
    case CostCategory::Cables:
        return "cables";
    }
    return "?";
}

double CostItem::price() const
{
    return unitPrice ? *unitPrice * double(count) : DesignCost::kNaN;
}

double CostItem::powerW() const
{
    return unitPowerW ? *unitPowerW * double(count) : DesignCost::kNaN;
}

CostTotal DesignCost::total(CostCategory c) const
{
    return sum(items, [c](CostCategory k) { return k == c; });
}

CostTotal DesignCost::network() const
{
    return sum(items, [](CostCategory c) { return c != CostCategory::Compute; });
}

CostTotal DesignCost::all() const
{
    return sum(items, [](CostCategory) { return true; });
}

double DesignCost::capex() const
{
    const CostTotal t = all();
    return t.priced && !items.empty() ? t.capex : kNaN;
}

double DesignCost::networkShare() const
{
    const double total = capex();
    return std::isfinite(total) && total > 0 ? network().capex / total : kNaN;
}

double DesignCost::tokensPerSPerMW() const
{
    if (!itPowerComplete() || itPowerW() <= 0 || !(tokensPerS > 0))
        return kNaN;
    return tokensPerS / (itPowerW() / 1e6);
}

double DesignCost::costPerMillionTokens() const
{
    const double total = capex();
    if (!std::isfinite(total) || !(tokensPerS > 0) || !(amortizationYears > 0)
        || !std::isfinite(energyPerKWh) || !itPowerComplete())
        return kNaN;
    const double capexPerHour = total / (amortizationYears * kHoursPerYear);
    const double energyPerHour = itPowerW() / 1000 * energyPerKWh;
    const double tokensPerHour = tokensPerS * 3600;
    return (capexPerHour + energyPerHour) / tokensPerHour * 1e6;
}

std::vector<std::string> DesignCost::unpriced() const
{
    std::vector<std::string> out;
    for (const CostItem &i : items)
        if (!i.unitPrice)
            out.push_back(itemText(i));
    return out;
}

std::vector<std::string> DesignCost::unpowered() const
{
    std::vector<std::string> out;
    for (const CostItem &i : items)
        if (!i.unitPowerW)
            out.push_back(itemText(i));
    return out;
}

DesignCost designCost(const BomCounts &counts, const Catalog &c, double tokensPerS)
{
    DesignCost d;
    const PriceBook &book = c.prices();
    d.currency = book.currencyText();
    d.tokensPerS = tokensPerS;
    if (book.amortizationYears)
        d.amortizationYears = book.amortizationYears->amount;
    if (book.energyPerKWh)
        d.energyPerKWh = book.energyPerKWh->amount;
    addServers(counts, c, &d);
    addSwitches(counts, c, &d);
    addOptics(counts, c, &d);
    addCables(counts, c, &d);
    return d;
}

Expected<DesignCost> designCost(const Project &p, const Catalog &c, double tokensPerS)
{
    Expected<BillOfMaterials> bom = billOfMaterials(p, c, false);
    if (!bom)
        return bom.error();
    return designCost(bom->total, c, tokensPerS);
}

Json designCostJson(const DesignCost &d)
{
    Json capex = Json::object();
    Json power = Json::object();
    for (CostCategory cat : {CostCategory::Compute, CostCategory::Switches, CostCategory::Optics,
                             CostCategory::Cables}) {
        capex[toString(cat)] = figureOrNaN(d.total(cat), true);
        power[toString(cat)] = figureOrNaN(d.total(cat), false);
    }
    capex["network"] = figureOrNaN(d.network(), true);
    capex["total"] = figureOrNaN(d.all(), true);
    power["network"] = figureOrNaN(d.network(), false);
    power["total"] = figureOrNaN(d.all(), false);
    Json items = Json::array();
    for (const CostItem &i : d.items) {
        Json item = {{"category", toString(i.category)},
                     {"id", i.id},
                     {"name", i.name},
                     {"count", i.count}};
        item["unit_price"] = jsonNumber(i.unitPrice ? *i.unitPrice : DesignCost::kNaN, 2);
        item["unit_power_w"] = jsonNumber(i.unitPowerW ? *i.unitPowerW : DesignCost::kNaN, 2);
        items.push_back(withoutNonFinite(item));
    }
    Json out = {{"currency", d.currency},
                {"capex", capex},
                {"network_share", jsonNumber(d.networkShare(), 4)},
                {"power_kw", power},
                {"it_power_kw", jsonNumber(d.itPowerW() / 1000, 3)},
                {"it_power_complete", d.itPowerComplete()},
                {"tokens_per_s_per_mw", jsonNumber(d.tokensPerSPerMW(), 1)},
                {"cost_per_million_tokens", jsonNumber(d.costPerMillionTokens(), 4)},
                {"amortization_years", jsonNumber(d.amortizationYears, 2)},
                {"energy_per_kwh", jsonNumber(d.energyPerKWh, 4)},
                {"unpriced", d.unpriced()},
                {"unpowered", d.unpowered()},
                {"items", items}};
    return withoutNonFinite(out);
}

std::vector<std::string> designCostLines(const DesignCost &d)
{
    using namespace figure;
    std::vector<std::string> lines;
    const auto money = [&](double v) {
        return text(figure::money(v, d.currency));
    };
    const CostTotal all = d.all();
    if (all.priced && !d.items.empty()) {
        std::string line = "capital cost " + money(d.capex()) + ": compute "
                           + money(d.total(CostCategory::Compute).capex) + ", network "
                           + money(d.network().capex) + " (" + text(percent(d.networkShare()))
                           + "; switches " + money(d.total(CostCategory::Switches).capex)
                           + ", optics " + money(d.total(CostCategory::Optics).capex) + ", cables "
                           + money(d.total(CostCategory::Cables).capex) + ")";
        lines.push_back(line);
    } else {
        lines.push_back("capital cost: not stated, the price book has no price for "
                        + std::to_string(d.unpriced().size()) + " of "
                        + std::to_string(d.items.size()) + " items");
    }
    std::string load = "IT load " + text(power(d.itPowerW())) + " (network "
                       + text(power(d.network().powerW)) + ")";
    if (!d.itPowerComplete())
        load += "; the catalog states no power for " + std::to_string(d.unpowered().size())
                + " of " + std::to_string(d.items.size()) + " items";
    lines.push_back(load);
    if (std::isfinite(d.tokensPerSPerMW()))
        lines.push_back(text(tokensPerSecond(d.tokensPerSPerMW())) + " per MW");
    if (std::isfinite(d.costPerMillionTokens()))
        lines.push_back(number(d.costPerMillionTokens(), 4) + " " + d.currency
                        + " per million tokens (capital over " + number(d.amortizationYears)
                        + " years plus energy at " + number(d.energyPerKWh, 4) + " " + d.currency
                        + "/kWh)");
    for (const std::string &u : d.unpriced())
        lines.push_back("unpriced: " + u);
    for (const std::string &u : d.unpowered())
        lines.push_back("no power figure: " + u);
    return lines;
}

} // namespace topoplan
