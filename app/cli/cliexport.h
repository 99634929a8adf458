#pragma once

#include <ostream>

namespace topoplan::cli {

class Args;

// `export FILE [--format svg|pdf|png|jpg] [--scale S] -o OUT`: the diagram as the window
// draws it, at full detail, with the project's name and the link legend. The format defaults
// to OUT's suffix. Needs a QApplication (the topoplan-cli main makes one for this verb, on
// the offscreen platform when there is no display).
int cmdExport(const Args &a, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
