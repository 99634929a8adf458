#pragma once

#include <ostream>

namespace topoplan::cli {

class Args;

// `import FILE... [-o OUT] [--json]`: what a cluster reports about itself (ibnetdiscover,
// NCCL topology XML, nvidia-smi topo -m) as a laid-out project, and the import report.
int cmdImport(const Args &a, std::ostream &out, std::ostream &err);

} // namespace topoplan::cli
