#include "engine/model/prices.h"

#include "engine/core/jsonin.h"

namespace topoplan {

namespace {

// The dearest single item a book may price: far above a rack-scale system; more is a typo
// (a price in cents, or an extra digit).
constexpr double kMaxUnitPrice = 1e9;
constexpr double kMaxAmortizationYears = 50;

// A price: a number, or {"<amountKey>": N, "source": "..."}.
Price parsePrice(const JsonIn &j, const char *amountKey, double max)
{
    Price p;
    p.file = j.file();
    p.pointer = j.path();
    const JsonIn *amount = &j;
    std::optional<JsonIn> member;
    if (j.json().is_object()) {
        j.expectOnly({amountKey, "source"});
        member = j.at(amountKey);
        amount = &*member;
        p.source = j.string("source", "");
    } else if (!j.json().is_number()) {
        j.fail(std::string("expected a price: a number, or {\"") + amountKey
               + "\": N, \"source\": \"...\"}");
    }
    p.amount = amount->nonNegative();
    if (p.amount > max)
        amount->fail("expected at most " + std::to_string((long long) max) + ": a price per unit");
    return p;
}

void parseItems(const JsonIn &section, const char *key, std::map<std::string, Price> *into)
{
    auto items = section.find(key);
    if (!items)
        return;
    for (const auto &[id, value] : items->members()) {
        if (id.empty())
            value.fail("expected the id of a catalog entry as the key");
        (*into)[id] = parsePrice(value, "price", kMaxUnitPrice);
    }
}

} // namespace

bool PriceBook::empty() const
{
    return servers.empty() && switches.empty() && transceivers.empty() && cables.empty()
           && nics.empty() && !energyPerKWh && !amortizationYears;
}

void parsePricesInto(const JsonIn &j, PriceBook *into)
{
    j.expectObject();
    j.expectOnly({"currency", "source", "servers", "switches", "transceivers", "cables", "nics",
                  "energy_per_kwh", "amortization_years"});
    if (j.has("currency")) {
        const std::string c = j.at("currency").id();
        bool code = c.size() == 3;
        for (char ch : c)
            code = code && ch >= 'A' && ch <= 'Z';
        if (!code)
            j.at("currency").fail("expected an ISO 4217 currency code such as \"USD\"");
        into->currency = c;
    }
    into->source = j.string("source", into->source);
    parseItems(j, "servers", &into->servers);
    parseItems(j, "switches", &into->switches);
    parseItems(j, "transceivers", &into->transceivers);
    parseItems(j, "cables", &into->cables);
    parseItems(j, "nics", &into->nics);
    if (auto e = j.find("energy_per_kwh"))
        into->energyPerKWh = parsePrice(*e, "price", 100);
    if (auto y = j.find("amortization_years")) {
        Price years = parsePrice(*y, "years", kMaxAmortizationYears);
        if (years.amount <= 0)
            y->fail("expected a number of years greater than 0");
        into->amortizationYears = years;
    }
}

} // namespace topoplan
