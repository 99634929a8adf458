#pragma once

#include "engine/core/message.h"
#include "engine/model/catalog.h"
#include "engine/plan/placement.h"

#include <string>
#include <vector>

namespace topoplan::diagtext {

// How diagnostics (and the CLI's report) write numbers, units and lists, so that every message
// says the same thing the same way.

void appendUnique(std::vector<std::string> *list, const std::string &item);
// "node-1, node-2, node-3, node-4 and 12 more"
std::string listed(const std::vector<std::string> &items, std::size_t shown = 4);
// "the TP group", "both TP groups", "all 4 TP groups", "3 of 8 TP groups"
std::string countOf(int n, int total, const std::string &noun);
std::string dimName(Dim d); // "TP", ..., "EDP"
// "NVLink", "xGMI", "InfiniBand", "RoCE", "PCIe", "plain Ethernet"
std::string className(LinkClass c);
// Figures as engine/core/figure writes them for the whole product:
std::string gbs(double gbPerS);    // "369 GB/s", "5.8 GB/s", "1.8 TB/s"
std::string gb(double gb);         // "61.2 GB"
std::string us(double micros);     // "3.7 µs"
std::string percent(double share); // "18 %", "51.4 %"
std::string ratio(double r);       // "2:1", "1.5:1"

// The same as arguments of a Message (engine/core/message.h), which a front end writes in its
// language; english() of each gives the text above.
namespace arg {
MessageArg listed(const std::vector<std::string> &items, std::size_t shown = 4);
MessageArg groups(int n, int total, Dim d); // countOf(n, total, "TP group")
MessageArg className(LinkClass c);
MessageArg gbs(double gbPerS);
MessageArg gb(double gb);
MessageArg us(double micros);
MessageArg percent(double share);
MessageArg ratio(double r);
} // namespace arg

} // namespace topoplan::diagtext
