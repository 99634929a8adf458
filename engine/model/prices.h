#pragma once

#include <map>
#include <optional>
#include <string>

namespace topoplan {

class JsonIn;

// The price book: what the user pays for each part of a design, in the catalog's format (its
// "prices" section). TopoPlan ships none (prices come only from the user, DESIGN.md): a design
// without prices shows its counts and power and says what is unpriced, never a made-up figure.
//
//   "prices": {"currency": "USD", "source": "...",
//              "servers": {"dgx-h100": {"price": 300000, "source": "..."}},
//              "switches": {"qm9700": 30000}, "transceivers": {...}, "cables": {"mmf": 150},
//              "nics": {...}, "energy_per_kwh": 0.08, "amortization_years": 4}
//
// A price is a number, or {"price": N, "source": "..."} to say where it comes from.

struct Price
{
    double amount = 0; // in the book's currency, per unit (per kWh for energy)
    std::string source;
    // Where the price was read (file and JSON pointer), for messages about it.
    std::string file;
    std::string pointer;
};

struct PriceBook
{
    std::string currency;                      // "USD"; empty: the book states none
    std::string source;                        // where the book as a whole comes from
    std::map<std::string, Price> servers;      // by catalog server id, per server (a whole rack
                                               // for a rack-scale system)
    std::map<std::string, Price> switches;     // by catalog switch id
    std::map<std::string, Price> transceivers; // by catalog transceiver id
    std::map<std::string, Price> cables;       // by kind of cable ("dac", "mmf", ...), per cable
    std::map<std::string, Price> nics;         // by catalog NIC id
    std::optional<Price> energyPerKWh;
    std::optional<Price> amortizationYears; // `amount` in years

    bool empty() const;
    // The currency as figures are printed with it ("USD").
    std::string currencyText() const { return currency.empty() ? "USD" : currency; }
};

// Reads a "prices" section into `into`: a price for an item `into` has replaces it, a new one is
// added, the currency, energy and amortization replace what `into` states. A bad member throws
// JsonFailure naming its path. Ids are checked against the catalog by the caller
// (Catalog::checkReferences).
void parsePricesInto(const JsonIn &j, PriceBook *into);

} // namespace topoplan
