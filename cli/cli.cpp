#include "cli/cli.h"

#include "cli/clianalyze.h"
#include "cli/cliargs.h"
#include "cli/clicalibrate.h"
#include "cli/cliexplore.h"
#include "cli/cliimport.h"

#include "engine/core/jsonin.h"
#include "engine/generate/generator.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "engine/model/catalog.h"
#include "engine/model/naming.h"
#include "engine/model/summary.h"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

namespace topoplan::cli {

namespace {

const char *const kUsage = R"(Usage: topoplan-cli COMMAND [OPTIONS]

Plan GPU training clusters from the command line.

Commands:
  generate --node MODEL --nodes N [--fabric none|fat-tree|rail-optimized|rail-only]
           [--tiers 2|3] [--planes K]
           [--leaf MODEL] [--spine MODEL] [--core MODEL] [--oversubscription R]
           [--domain-size G] [--name NAME] [--workload-preset NAME] [--plan SPEC]
           [--catalog HW] -o FILE
  generate --template NAME [--workload-preset NAME] [--plan SPEC] [--catalog HW] -o FILE
                       write a laid-out project with a generated fabric; templates:
                       dgx-h100-su, dgx-a100-pod, gb200-nvl72, gb300-nvl72,
                       dgx-b300-su, h100-16k, h800-mpft-16k,
                       gb200-nvl72-rail-only
  validate FILE [--json]
                       check a project; print what it holds
  analyze FILE [--workload FILE | --workload-preset NAME] [--plan SPEC] [--json]
                       project one training step of the plan: each parallel group's
                       bandwidth and bottleneck, step time and its breakdown, tokens/s,
                       TFLOP/s, MFU, memory, diagnostics
  analyze FILE --fail ID[,ID...] [--workload ...] [--plan SPEC] [--json]
                       what-if: the plan (or the planner's best) with links, switches,
                       servers or server NICs (node-1/nic3, one rail) failed, routed
                       around them, against the intact design: GPUs, tokens/s and each
                       group's bandwidth and bottleneck lost
  analyze FILE --n-1 [--top N] [--workload ...] [--plan SPEC] [--json]
                       N-1: every single switch, link bundle and server NIC failed in
                       turn, ranked by the tokens/s the plan loses, with the group each
                       hits and its new bottleneck (default top 20; --json: all)
  sweep FILE --dim tp [--workload FILE | --workload-preset NAME] [--plan SPEC] [--json]
                       throughput at every TP width, the rest of the plan re-planned and
                       held (only --dim tp)
  plan FILE [--workload FILE | --workload-preset NAME] [--top N] [--json]
                       the best plans for the job, ranked by tokens/s (default top 10)
  explore FILE [--gpus N] [--domains LIST] [--fabrics LIST] [--planes LIST]
          [--oversubscription LIST] [--switches LIST] [--against METRIC] [--tokens N]
          [--workload ... ] [--json]
          [--save-variants DIR] [--max-variants N] [--shard I/N]
                       which design? every combination of NVLink domain (server
                       models; MODEL:RANKS to run the job on RANKS GPUs of each domain,
                       e.g. gb200-nvl72:64; MODEL:GPUS[:RANKS] for custom domains of trays,
                       e.g. gb200-tray:36), fabric (rail-optimized, fat-tree, rail-only,
                       optionally :2 or :3 tiers), independent planes (1,2,8: each plane
                       that fabric over its share of every server's NIC ports), leaf
                       switch (--switches, any of the catalog) and leaf oversubscription
                       (1,2,4 or 2:1) at the
                       project's GPU count (or about N: a domain that cannot give N is
                       built at the counts nearest below and above it, and the designs
                       are then compared per GPU), each built by the generator and given
                       the planner's best plan: tokens/s, MFU, step time, switches,
                       cables, server power, days to train --tokens (15T, 1.5e13), and
                       the Pareto front of tokens/s against --against (switches, the
                       default, server-power, capex: the capital cost from the price
                       book, --prices FILE, or power: the IT load of servers, switches
                       and optics); repeated values count once; more than
                       1000 designs need --max-variants; --save-variants writes each as
                       a project; --shard I/N evaluates every N-th design only (the I-th)
  explore --merge A.json B.json ... [--json]
                       the shards' --json results as the single run's table, Pareto
                       front and verdicts
  compare A B [C ...] [--workload FILE | --workload-preset NAME] [--json]
                       the same job (the options', or A's) on several designs: each
                       one's best plan and its delta against A
  export FILE [--format svg|pdf|png|jpg] [--scale S] [--title T] [--background white|theme]
       -o OUT          the diagram at full detail under a title block (T or the project's
                       name; model and plan, tokens/s, date) with its legend (format from
                       OUT's suffix unless given; --scale: pixels per unit for PNG/JPEG,
                       default 2; --background white for print)
  export FILE --format bom|cables|slurm-tree|slurm-block|slurm-yaml|k8s-labels|
                       topograph|drawio|dot|dot-air|ibsim|ibnetdiscover -o OUT
                       the files other tools read: bill of materials and cabling plan
                       (CSV), Slurm topology.conf (tree, block) and topology.yaml,
                       Kubernetes node labels and topograph's model, draw.io, DOT (plain,
                       or NVIDIA Air's with ports), the InfiniBand fabric as an ibsim net
                       file or ibnetdiscover text; .drawio and .dot select their format
  import FILE... [--catalog HW] [-o OUT] [--json]
                       a laid-out project from what the cluster reports: ibnetdiscover
                       output (the fabric; default format or -p) and NCCL topology XML or
                       nvidia-smi topo -m text (the servers' model); a hardware file among
                       them (or --catalog) adds the models the catalog lacks; prints the
                       import report: what was assumed and what could not be mapped, by
                       line, and cables that trained below their kind's rate
  calibrate FILE [NCCL_TESTS_OUTPUT...] [--tokens-per-s X | --step-time S]
            [--workload ...] [--plan SPEC] [-o OUT] [--json]
                       fit the design to what the user's cluster measured: nccl-tests
                       output (all_reduce_perf, all_gather_perf, reduce_scatter_perf,
                       alltoall_perf; one host: NVLink, several: the network) gives each
                       tier's efficiency and latency, a measured step of the job the
                       GPU's compute efficiency; shown against the catalog's and written
                       with their sources into OUT's catalog section
  catalog [--catalog HW] [--json]
                       list the hardware catalog (GPUs, servers, switches, media)

Hardware (generate, import, catalog):
  --catalog HW         a hardware file in the catalog's format ("media", "gpus", "servers",
                       "switches"): models the built-in catalog lacks, or replacements of its
                       entries by id; generate and import keep them in the project's
                       "catalog" section

Prices (analyze, compare, explore, export bom and report):
  --prices FILE        a price file in the catalog's format, {"prices": {"currency": "USD",
                       "servers": {ID: N}, "switches": {...}, "transceivers": {...},
                       "cables": {"dac"|"acc"|"mmf"|"smf"|"lc": N}, "energy_per_kwh": N,
                       "amortization_years": N}}, used instead of the project's own: capital
                       cost by category, cost per million tokens; a book to start from:
                       docs/examples/prices-deepseek-isca2025.json

Workload and plan (analyze, sweep, plan):
  --workload FILE      a workload JSON file: {"model": {...}, "training": {...}}
  --workload-preset NAME
                       gpt3-175b, llama3-8b, llama3-70b, llama3-405b, mixtral-8x7b,
                       deepseek-v3
                       without either, the project's own workload
  --plan SPEC          e.g. tp=8,pp=4 (also cp, ep, dp, order=tp-cp-ep-dp-pp); unstated
                       degrees are 1, dp is GPUs / (tp cp pp); without it, the project's plan;
                       gpus_per_domain=64 places ranks on 64 GPUs of each NVLink domain;
                       domains=640 runs on the first 640 domains and leaves the rest idle

Options:
  -h, --help           show this help (or: topoplan-cli COMMAND --help)
  --version            show the version

Exit codes: 0 success, 1 invalid input, 2 bad usage.
)";

// --- catalog ------------------------------------------------------------------------------

std::string fmt(double v, int decimals = 0)
{
    std::ostringstream ss;
    ss << std::fixed << std::setprecision(decimals) << v;
    return ss.str();
}

int cmdCatalog(const Args &a, std::ostream &out, std::ostream &err)
{
    const std::optional<Catalog> catalog = catalogFromArgs(a, err);
    if (!catalog)
        return InvalidInput;
    const Catalog &c = *catalog;
    if (a.flag("json")) {
        Json j = Json::object();
        j["gpus"] = Json::array();
        for (const auto &[id, g] : c.gpus()) {
            Json gpu = {{"id", id},
                        {"name", g.name},
                        {"bf16_tflops", g.bf16Tflops},
                        {"fp8_tflops", g.fp8Tflops},
                        {"hbm_gb", g.hbmGB},
                        {"hbm_tb_s", g.hbmTBs},
                        {"nvlink", g.nvlink},
                        {"nvlink_links", g.nvlinkLinks},
                        {"source", g.source}};
            if (g.sm > 0)
                gpu["compute_capability"] = g.sm / 10.0;
            if (!g.pciDeviceIds.empty()) {
                gpu["pci_device_ids"] = Json::array();
                for (int id : g.pciDeviceIds) {
                    char hex[8];
                    std::snprintf(hex, sizeof hex, "0x%04x", unsigned(id) & 0xffffu);
                    gpu["pci_device_ids"].push_back(hex);
                }
            }
            j["gpus"].push_back(std::move(gpu));
        }
        j["servers"] = Json::array();
        for (const auto &[id, s] : c.servers()) {
            Json server = {{"id", id},
                           {"name", s.name},
                           {"gpu", s.gpu},
                           {"gpus", s.gpus},
                           {"nvswitches", s.nvswitches},
                           {"nvlink_scope", toString(s.nvlinkScope)},
                           {"trays", s.trays},
                           {"nics", s.nics},
                           {"nic_gbit_s", s.nicGbits},
                           {"host_link_gb_s", std::round(c.hostLinkGBs(s) * 10) / 10},
                           {"host_memory_gb", s.hostMemoryGB},
                           {"source", s.source}};
            if (s.nvlinkGroupGpus > 0)
                server["nvlink_group_gpus"] = s.nvlinkGroupGpus;
            j["servers"].push_back(std::move(server));
        }
        j["switches"] = Json::array();
        for (const auto &[id, s] : c.switches())
            j["switches"].push_back(
                    {{"id", id},
                     {"name", s.name},
                     {"protocol",
                      s.protocol == SwitchProtocol::InfiniBand ? "infiniband" : "ethernet"},
                     {"rdma", s.rdma},
                     {"ports", s.ports},
                     {"port_gbit_s", s.portGbits},
                     {"medium", s.medium},
                     {"source", s.source}});
        j["media"] = Json::array();
        for (const auto &[id, m] : c.media())
            j["media"].push_back({{"id", id},
                                  {"name", m.name},
                                  {"class", toString(m.linkClass)},
                                  {"bandwidth_gb_s", m.bandwidthGBs},
                                  {"latency_us", m.latencyUs},
                                  {"efficiency", m.efficiency},
                                  {"source", m.source}});
        out << dumpJson(j, 2) << "\n";
        return Ok;
    }

    Table gpus({"GPU", "name", "BF16 TFLOP/s", "FP8 TFLOP/s", "HBM", "HBM BW", "scale-up"});
    for (const auto &[id, g] : c.gpus()) {
        const ScaleUpFabric up = gpuScaleUp(g, c);
        std::string link = up.medium ? fmt(g.nvlinkLinks) + " x " + up.medium->name + " = "
                                               + fmt(up.perGpuGBs) + " GB/s"
                                     : "PCIe only";
        gpus.add({id, g.name, fmt(g.bf16Tflops), fmt(g.fp8Tflops), fmt(g.hbmGB) + " GB",
                  fmt(g.hbmTBs, 2) + " TB/s", link});
    }
    Table servers({"server", "name", "GPUs", "GPU model", "NVLink", "NICs"});
    for (const auto &[id, s] : c.servers())
        servers.add({id, s.name, fmt(s.gpus), s.gpu,
                     std::string(toString(s.nvlinkScope))
                             + (s.nvlinkGroupGpus > 0 ? " " + fmt(s.nvlinkGroupGpus) : ""),
                     fmt(s.nics) + " x " + fmt(s.nicGbits) + "G"});
    Table switches({"switch", "name", "protocol", "ports"});
    for (const auto &[id, s] : c.switches())
        switches.add({id, s.name,
                      s.protocol == SwitchProtocol::InfiniBand
                              ? "InfiniBand"
                              : (s.rdma ? "Ethernet (RoCE)" : "Ethernet (TCP)"),
                      fmt(s.ports) + " x " + fmt(s.portGbits) + "G"});
    Table media({"medium", "name", "class", "GB/s per dir", "latency", "efficiency"});
    for (const auto &[id, m] : c.media())
        media.add({id, m.name, toString(m.linkClass), fmt(m.bandwidthGBs, 1),
                   fmt(m.latencyUs, 1) + " us", fmt(m.efficiency * 100) + "%"});
    out << "GPUs\n"
        << gpus.str() << "\nServers\n"
        << servers.str() << "\nSwitches\n"
        << switches.str() << "\nMedia (per link, per direction)\n"
        << media.str();
    return Ok;
}

// --- validate -----------------------------------------------------------------------------

int cmdValidate(const Args &a, std::ostream &out, std::ostream &err)
{
    const std::string &file = a.positional(0);
    Expected<Project> project = loadProject(file);
    if (!project) {
        if (a.flag("json")) {
            const Error &e = project.error();
            out << dumpJson(
                    Json{{"valid", false},
                         {"error", {{"file", e.file}, {"where", e.where}, {"message", e.message}}}},
                    2)
                << "\n";
        }
        err << "error: " << project.error().text() << "\n";
        return InvalidInput;
    }
    Expected<Catalog> catalog = projectCatalog(*project);
    if (!catalog) {
        err << "error: " << catalog.error().text() << "\n";
        return InvalidInput;
    }
    Expected<TopologySummary> s = summarize(project->topology, *catalog);
    if (!s) {
        Error e = s.error();
        e.file = file;
        err << "error: " << e.text() << "\n";
        return InvalidInput;
    }
    if (a.flag("json")) {
        Json j = {{"valid", true},
                  {"gpus", s->gpus},
                  {"nodes", s->nodes},
                  {"domains", s->domains},
                  {"switches", {{"leaf", s->leaf}, {"spine", s->spine}, {"core", s->core}}},
                  {"links", s->links},
                  {"cables", s->cables}};
        out << dumpJson(j, 2) << "\n";
    } else {
        out << file << ": valid\n"
            << "  " << s->gpus << " GPUs in " << s->nodes << " nodes, " << s->domains
            << " NVLink domains\n"
            << "  switches: " << s->leaf << " leaf, " << s->spine << " spine, " << s->core
            << " core\n"
            << "  " << s->links << " links, " << s->cables << " cables\n";
    }
    return Ok;
}

// --- generate -----------------------------------------------------------------------------

Expected<Project> generateFromArgs(const Args &a, const Catalog &catalog, std::ostream &err,
                                   int *usage)
{
    *usage = Ok;
    if (a.has("template")) {
        for (const char *opt : {"node", "nodes", "fabric", "tiers", "leaf", "spine", "core",
                                "oversubscription", "domain-size", "planes"}) {
            if (a.has(opt)) {
                err << "error: generate: --template and --" << opt << " exclude each other\n";
                *usage = BadUsage;
                return Error{};
            }
        }
        const ProjectTemplate *t = findTemplate(a.value("template"));
        if (!t) {
            std::string list;
            for (const ProjectTemplate &b : builtinTemplates())
                list += (list.empty() ? "" : ", ") + b.id;
            return Error{"--template", a.value("template"),
                         "unknown template (expected one of: " + list + ")"};
        }
        return instantiate(*t, catalog);
    }
    for (const char *opt : {"node", "nodes"}) {
        if (!a.has(opt)) {
            err << "error: generate: missing --" << opt << " (or --template NAME)\n";
            *usage = BadUsage;
            return Error{};
        }
    }
    // Every malformed option is reported, not only the first.
    GeneratorOptions o;
    bool ok = true;
    o.nodeModel = a.value("node");
    if (auto n = a.positiveInt("nodes", err))
        o.nodes = *n;
    else
        ok = false;
    if (auto fabric = fabricKindFromString(a.value("fabric", "rail-optimized"))) {
        o.fabric = *fabric;
    } else {
        err << "error: --fabric: expected none, fat-tree, rail-optimized or rail-only, found \""
            << a.value("fabric") << "\"\n";
        ok = false;
    }
    if (a.has("tiers")) {
        auto tiers = a.positiveInt("tiers", err);
        if (tiers && *tiers != 2 && *tiers != 3)
            err << "error: --tiers: expected 2 or 3, found " << *tiers << "\n";
        if (tiers && (*tiers == 2 || *tiers == 3))
            o.tiers = *tiers;
        else
            ok = false;
    }
    if (a.has("oversubscription")) {
        if (auto r = a.positiveNumber("oversubscription", err))
            o.oversubscription = *r;
        else
            ok = false;
    }
    if (a.has("planes")) {
        if (auto k = a.positiveInt("planes", err))
            o.planes = *k;
        else
            ok = false;
    }
    if (a.has("domain-size")) {
        if (auto g = a.positiveInt("domain-size", err))
            o.domainSize = *g;
        else
            ok = false;
    }
    if (!ok) {
        *usage = BadUsage;
        return Error{};
    }
    o.leaf = a.value("leaf");
    o.spine = a.value("spine");
    o.core = a.value("core");
    o.name = a.value("name");
    return generateProject(o, catalog);
}

int cmdGenerate(const Args &a, std::ostream &out, std::ostream &err)
{
    Json hardware;
    const std::optional<Catalog> catalog = catalogFromArgs(a, err, &hardware);
    if (!catalog)
        return InvalidInput;
    int usage = Ok;
    Expected<Project> project = generateFromArgs(a, *catalog, err, &usage);
    if (usage != Ok)
        return usage;
    if (!project) {
        err << "error: " << project.error().text() << "\n";
        // An error that names an option (--template, --node, --leaf ...) is a bad option
        // value: usage, like every other (the exit codes of docs/manual/cli.md).
        const Error &e = project.error();
        return e.file.rfind("--", 0) == 0 || (e.file.empty() && e.where.rfind("--", 0) == 0)
                       ? BadUsage
                       : InvalidInput;
    }
    if (a.has("name")) {
        project->name = a.value("name");
        // The one rule of names, as for a loaded or imported project.
        if (std::optional<Error> e = checkProjectNames(*project)) {
            err << "error: generate: --name: " << e->message << "\n";
            return BadUsage;
        }
    }
    // The project keeps the hardware it was made of: it opens and analyses without the file.
    if (!hardware.is_null())
        project->catalogOverrides = hardware;
    if (a.has("workload-preset")) {
        Expected<Workload> w = workloadPreset(a.value("workload-preset"));
        if (!w) {
            err << "error: " << w.error().text() << "\n";
            return BadUsage;
        }
        project->workload = *w;
    }
    if (a.has("plan")) {
        Expected<Plan> p = planFromSpec(a.value("plan"));
        if (!p) {
            err << "error: " << p.error().text() << "\n";
            return BadUsage;
        }
        project->plan = *p;
    }
    const std::string file = a.value("o");
    if (auto e = saveProject(*project, file)) {
        err << "error: " << e->text() << "\n";
        return InvalidInput;
    }
    Expected<TopologySummary> s = summarize(project->topology, *catalog);
    if (s)
        out << "wrote " << file << ": " << s->gpus << " GPUs, " << s->nodes << " nodes, " << s->leaf
            << " leaf / " << s->spine << " spine / " << s->core << " core switches, " << s->links
            << " links (" << s->cables << " cables)\n";
    return Ok;
}

} // namespace

int run(const std::vector<std::string> &argv, std::ostream &out, std::ostream &err,
        const std::vector<Command> &extraVerbs)
{
    static const std::vector<Command> builtin = {
            {"catalog", 0, 0, {"json"}, {"catalog"}, {}, cmdCatalog},
            {"validate", 1, 1, {"json"}, {}, {}, cmdValidate},
            {"analyze",
             1,
             1,
             {"json", "n-1"},
             {"workload", "workload-preset", "plan", "fail", "top", "prices"},
             {},
             cmdAnalyze},
            {"sweep",
             1,
             1,
             {"json"},
             {"dim", "workload", "workload-preset", "plan"},
             {"dim"},
             cmdSweep},
            {"plan", 1, 1, {"json"}, {"workload", "workload-preset", "top"}, {}, cmdPlan},
            {"explore",
             1,
             4096,
             {"json", "merge"},
             {"gpus", "domains", "fabrics", "planes", "oversubscription", "switches", "tokens",
              "workload", "workload-preset", "save-variants", "prices", "against", "max-variants",
              "shard"},
             {},
             cmdExplore},
            {"compare", 2, 64, {"json"}, {"workload", "workload-preset", "prices"}, {}, cmdCompare},
            {"import", 1, 64, {"json"}, {"o", "catalog"}, {}, cmdImport},
            {"calibrate",
             1,
             64,
             {"json"},
             {"o", "tokens-per-s", "step-time", "workload", "workload-preset", "plan"},
             {},
             cmdCalibrate},
            {"generate",
             0,
             0,
             {},
             {"node", "nodes", "fabric", "tiers", "leaf", "spine", "core", "oversubscription",
              "domain-size", "planes", "name", "workload-preset", "plan", "template", "catalog",
              "o"},
             {"o"},
             cmdGenerate},
    };
    std::vector<Command> commands = builtin;
    commands.insert(commands.end(), extraVerbs.begin(), extraVerbs.end());
    if (argv.empty()) {
        err << kUsage;
        return BadUsage;
    }
    if (argv[0] == "-h" || argv[0] == "--help" || argv[0] == "help") {
        out << kUsage;
        return Ok;
    }
    if (argv[0] == "--version") {
        out << "topoplan-cli " << TOPOPLAN_VERSION << "\n";
        return Ok;
    }
    for (const Command &c : commands) {
        if (c.name != argv[0])
            continue;
        std::optional<Args> args = Args::parse(c, {argv.begin() + 1, argv.end()}, err);
        if (!args) {
            err << "Try 'topoplan-cli --help'.\n";
            return BadUsage;
        }
        if (args->flag("help")) {
            out << kUsage;
            return Ok;
        }
        // An output is never one of the verb's inputs, whatever links lead there.
        if (args->has("o")) {
            if (std::optional<std::string> problem
                = outputProblem(args->value("o"), inputFiles(*args))) {
                err << "error: " << c.name << ": -o \"" << args->value("o") << "\" " << *problem
                    << "\n";
                return BadUsage;
            }
        }
        // Whatever a verb meets in a file is reported, never an abort: an exception that
        // escapes a verb is a message and exit code 1.
        try {
            return c.run(*args, out, err);
        } catch (const std::bad_alloc &) {
            err << "error: " << c.name << ": out of memory\n";
            return InvalidInput;
        } catch (const std::exception &e) {
            err << "error: " << c.name << ": " << quoteText(e.what(), 500) << "\n";
            return InvalidInput;
        }
    }
    err << "error: unknown command \"" << argv[0] << "\"\n" << kUsage;
    return BadUsage;
}

} // namespace topoplan::cli
