#include "engine/io/projectfile.h"

#include "engine/core/figure.h"
#include "engine/model/hostnames.h"
#include "engine/model/ids.h"
#include "engine/model/naming.h"
#include "engine/model/topologycheck.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace topoplan {

namespace {

constexpr const char *kFormatTag = "topoplan-project";

// ---- Message helpers --------------------------------------------------------------------------

// A layout position or size: finite and within kMaxLayoutCoordinate, so that every size
// computed from it (an export's page) is finite and positive.
double coordinate(const JsonIn &j, double min = -kMaxLayoutCoordinate)
{
    const double v = j.number();
    if (v < min)
        j.fail("expected a number >= " + figure::number(min) + ", found " + describeJson(j.json()));
    if (v > kMaxLayoutCoordinate)
        j.fail("expected a number <= " + figure::number(kMaxLayoutCoordinate) + ", found "
               + describeJson(j.json()));
    return v;
}

// ---- Reading ----------------------------------------------------------------------------------

// One step per format version: kMigrations[v - 1] turns a version v document into version v + 1.
// Version 1 is the first format, so there are none yet; a version 2 adds its step here.
using MigrationStep = void (*)(Json &doc);
constexpr std::array<MigrationStep, kProjectFormatVersion - 1> kMigrations{};

void migrate(Json &doc, int fromVersion)
{
    for (int v = fromVersion; v < kProjectFormatVersion; ++v)
        kMigrations[static_cast<std::size_t>(v - 1)](doc);
    doc["version"] = kProjectFormatVersion;
}

// Checks the format tag and returns the file's format version.
int readHeader(const JsonIn &root)
{
    if (!root.json().is_object())
        root.fail("expected a TopoPlan project (a JSON object), found "
                  + describeJson(root.json()));
    auto format = root.find("format");
    if (!format)
        root.fail("missing member \"format\": \"" + std::string(kFormatTag)
                  + "\"; this is not a TopoPlan project file");
    if (!format->json().is_string() || format->json().get<std::string>() != kFormatTag)
        format->fail("expected \"" + std::string(kFormatTag) + "\", found "
                     + describeJson(format->json()) + "; this is not a TopoPlan project file");
    JsonIn version = root.at("version");
    long long v = version.integer();
    if (v > kProjectFormatVersion)
        version.fail("this file was written by a newer TopoPlan (version " + std::to_string(v)
                     + "); this one reads up to " + std::to_string(kProjectFormatVersion));
    if (v < 1)
        version.fail("expected a format version of 1 or more, found " + std::to_string(v));
    return static_cast<int>(v);
}

Endpoint parseEndpoint(const JsonIn &j)
{
    j.expectOnly({"device", "port"});
    Endpoint e;
    e.device = j.at("device").id();
    JsonIn port = j.at("port");
    long long p = port.integer();
    if (p < 0)
        port.fail("expected a port number >= 0, found " + describeJson(port.json()));
    if (p > 1'000'000'000)
        port.fail("port number " + describeJson(port.json()) + " is too large for any device");
    e.port = static_cast<int>(p);
    return e;
}

Topology parseTopology(const JsonIn &j)
{
    j.expectOnly({"domains", "nodes", "switches", "links"});
    Topology t;
    auto each = [&](const char *key, auto parse) {
        if (auto section = j.find(key)) {
            for (const JsonIn &item : section->items())
                parse(item);
        }
    };
    each("domains", [&](const JsonIn &d) {
        d.expectOnly({"id", "name", "gpus"});
        Domain domain{d.at("id").id(), d.string("name", "")};
        if (auto gpus = d.find("gpus"))
            domain.gpus = gpus->positiveInt(kMaxGpusPerDomain);
        t.domains.push_back(std::move(domain));
    });
    each("nodes", [&](const JsonIn &n) {
        n.expectOnly({"id", "name", "model", "model_assumed", "domain", "failed", "failed_nics"});
        Node node{n.at("id").id(), n.string("name", ""), n.at("model").id(), {}};
        if (auto domain = n.find("domain"))
            node.domain = domain->id();
        node.modelAssumed = n.boolean("model_assumed", false);
        node.failed = n.boolean("failed", false);
        if (auto nics = n.find("failed_nics")) {
            for (const JsonIn &nic : nics->items()) {
                const long long k = nic.integer();
                if (k < 0 || k > 1'000'000)
                    nic.fail("expected a compute NIC index >= 0, found "
                             + describeJson(nic.json()));
                node.failedNics.push_back(static_cast<int>(k));
            }
        }
        t.nodes.push_back(std::move(node));
    });
    each("switches", [&](const JsonIn &s) {
        s.expectOnly({"id", "name", "model", "tier", "role", "failed"});
        Switch sw{s.at("id").id(), s.string("name", ""), s.at("model").id()};
        sw.tier = *tierFromString(s.choice("tier", {"leaf", "spine", "core"}));
        sw.role = *roleFromString(
                s.choice("role", {"compute", "storage", "management"}, "compute"));
        sw.failed = s.boolean("failed", false);
        t.switches.push_back(std::move(sw));
    });
    each("links", [&](const JsonIn &l) {
        l.expectOnly({"id", "a", "b", "medium", "count", "failed"});
        Link link;
        link.id = l.at("id").id();
        link.a = parseEndpoint(l.at("a"));
        link.b = parseEndpoint(l.at("b"));
        link.medium = l.at("medium").id();
        link.count = l.positiveInt("count", 1, kMaxCablesPerLink);
        link.failed = l.boolean("failed", false);
        t.links.push_back(std::move(link));
    });
    return t;
}

bool isColor(const std::string &s)
{
    return s.size() == 7 && s[0] == '#' && std::all_of(s.begin() + 1, s.end(), [](unsigned char c) {
               return std::isxdigit(c) != 0;
           });
}

Layout parseLayout(const JsonIn &j, const Topology &t)
{
    j.expectOnly({"items"});
    const std::set<std::string> ids = allIds(t);
    Layout layout;
    auto items = j.find("items");
    if (!items)
        return layout;
    for (const auto &[id, item] : items->members()) {
        if (!ids.count(id))
            item.fail("no domain, node, switch or link has the id " + quoteText(id)
                      + "; layout items place existing ones");
        item.expectOnly({"x", "y", "w", "h", "color"});
        LayoutItem li;
        li.x = coordinate(item.at("x"));
        li.y = coordinate(item.at("y"));
        li.w = item.has("w") ? coordinate(item.at("w"), 0) : 0;
        li.h = item.has("h") ? coordinate(item.at("h"), 0) : 0;
        li.color = item.string("color", "");
        if (!li.color.empty() && !isColor(li.color))
            item.at("color").fail("expected a colour as \"#rrggbb\", found " + quoteText(li.color));
        layout.items[id] = li;
    }
    return layout;
}

// A length in metres within [min, max].
double metres(const JsonIn &j, double min, double max)
{
    const double v = j.number();
    if (v < min || v > max)
        j.fail("expected metres from " + figure::number(min) + " to " + figure::number(max)
               + ", found " + describeJson(j.json()));
    return v;
}

// The names planRacks gives (engine/document/hardware.h): rack-c<digits>, rack-n<digits>.
bool isRackName(const std::string &s)
{
    if (s.size() < 7 || s.compare(0, 5, "rack-") != 0 || (s[5] != 'c' && s[5] != 'n'))
        return false;
    return std::all_of(s.begin() + 6, s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

FloorPlan parseFloor(const JsonIn &j)
{
    j.expectObject();
    j.expectOnly({"racks_per_row", "rack_width_m", "row_pitch_m", "network_row", "racks"});
    FloorPlan f;
    f.racksPerRow = j.positiveInt("racks_per_row", f.racksPerRow, kMaxRacksPerRow);
    if (auto w = j.find("rack_width_m"))
        f.rackWidthM = metres(*w, kMinRackWidthM, kMaxRackWidthM);
    if (auto pitch = j.find("row_pitch_m"))
        f.rowPitchM = metres(*pitch, kMinRowPitchM, kMaxRowPitchM);
    f.networkRow = *networkRowFromString(j.choice("network_row", {"end", "middle"}, "end"));
    if (auto racks = j.find("racks")) {
        std::map<std::pair<int, int>, std::string> taken;
        for (const auto &[name, spot] : racks->members()) {
            if (!isRackName(name))
                spot.fail("expected a rack the documents plan, rack-c001... (compute) or "
                          "rack-n01... (network), found "
                          + quoteText(name));
            spot.expectObject();
            spot.expectOnly({"row", "position"});
            RackSpot r;
            r.row = int(spot.at("row").integer(1, kMaxFloorRows));
            r.position = int(spot.at("position").integer(1, kMaxRacksPerRow));
            auto [it, fresh] = taken.emplace(std::pair{r.row, r.position}, name);
            if (!fresh)
                spot.fail(quoteText(it->second) + " already stands at row " + std::to_string(r.row)
                          + ", position " + std::to_string(r.position));
            f.racks[name] = r;
        }
    }
    return f;
}

Project parseCurrent(const JsonIn &root, const Catalog &base)
{
    root.expectOnly({"format", "version", "name", "description", "revision", "catalog", "topology",
                     "workload", "plan", "hostNames", "floor", "layout"});
    Project p;
    p.name = root.string("name", "");
    p.description = root.string("description", "");
    p.revision = root.string("revision", "");
    // The project's name and revision head every document: the one rule of names holds.
    if (std::optional<Error> e = checkProjectNames(p, root.file()))
        throw JsonFailure(*e);
    std::optional<Catalog> own;
    if (auto overrides = root.find("catalog")) {
        overrides->expectOnly({"media", "gpus", "servers", "switches", "prices"});
        Expected<Catalog> merged = base.merged(*overrides);
        if (!merged)
            throw JsonFailure(merged.error());
        own = std::move(*merged);
        p.catalogOverrides = overrides->json();
    }
    p.topology = parseTopology(root.at("topology"));
    if (auto w = root.find("workload")) {
        Expected<Workload> workload = workloadFromJson(*w);
        if (!workload)
            throw JsonFailure(workload.error());
        p.workload = *workload;
    }
    if (auto pl = root.find("plan")) {
        Expected<Plan> plan = planFromJson(*pl);
        if (!plan)
            throw JsonFailure(plan.error());
        p.plan = *plan;
    }
    if (auto err = validateTopology(p.topology, own ? *own : base, root.file()))
        throw JsonFailure(*err);
    if (auto names = root.find("hostNames")) {
        p.hostNames = names->string();
        if (auto err = checkHostNames(p.hostNames, root.file()))
            throw JsonFailure(*err);
    }
    if (auto floor = root.find("floor"))
        p.floor = parseFloor(*floor);
    if (auto layout = root.find("layout"))
        p.layout = parseLayout(*layout, p.topology);
    return p;
}

// ---- Writing ----------------------------------------------------------------------------------

// Whole numbers as integers (10, not 10.0), so that a position reads as it was typed.
Json number(double v)
{
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
        return static_cast<long long>(v);
    return v;
}

// Objects are built member by member: nlohmann's initializer lists allocate a temporary array
// for every member, which costs more than the rest of saving on a project of 30,000 links.
Json endpointToJson(const Endpoint &e)
{
    Json j = Json::object();
    j["device"] = e.device;
    j["port"] = e.port;
    return j;
}

Json topologyToJson(const Topology &t)
{
    Json domains = Json::array(), nodes = Json::array(), switches = Json::array(),
         links = Json::array();
    auto named = [](const std::string &id, const std::string &name) {
        Json j = Json::object();
        j["id"] = id;
        if (!name.empty())
            j["name"] = name;
        return j;
    };
    for (const Domain &d : t.domains) {
        Json j = named(d.id, d.name);
        if (d.gpus > 0)
            j["gpus"] = d.gpus;
        domains.push_back(std::move(j));
    }
    for (const Node &n : t.nodes) {
        Json j = named(n.id, n.name);
        j["model"] = n.model;
        // Written only while it stands, like the failure marks below.
        if (n.modelAssumed)
            j["model_assumed"] = true;
        if (!n.domain.empty())
            j["domain"] = n.domain;
        // Failure marks are written only when set, so a file without failures is unchanged.
        if (n.failed)
            j["failed"] = true;
        if (!n.failedNics.empty())
            j["failed_nics"] = n.failedNics;
        nodes.push_back(std::move(j));
    }
    for (const Switch &s : t.switches) {
        Json j = named(s.id, s.name);
        j["model"] = s.model;
        j["tier"] = toString(s.tier);
        j["role"] = toString(s.role);
        if (s.failed)
            j["failed"] = true;
        switches.push_back(std::move(j));
    }
    for (const Link &l : t.links) {
        Json j = Json::object();
        j["id"] = l.id;
        j["a"] = endpointToJson(l.a);
        j["b"] = endpointToJson(l.b);
        j["medium"] = l.medium;
        j["count"] = l.count;
        if (l.failed)
            j["failed"] = true;
        links.push_back(std::move(j));
    }
    Json out = Json::object();
    out["domains"] = std::move(domains);
    out["nodes"] = std::move(nodes);
    out["switches"] = std::move(switches);
    out["links"] = std::move(links);
    return out;
}

Json floorToJson(const FloorPlan &f)
{
    Json j = Json::object();
    j["racks_per_row"] = f.racksPerRow;
    j["rack_width_m"] = number(f.rackWidthM);
    j["row_pitch_m"] = number(f.rowPitchM);
    j["network_row"] = toString(f.networkRow);
    if (!f.racks.empty()) {
        Json racks = Json::object();
        for (const auto &[name, spot] : f.racks) {
            Json r = Json::object();
            r["row"] = spot.row;
            r["position"] = spot.position;
            racks[name] = std::move(r);
        }
        j["racks"] = std::move(racks);
    }
    return j;
}

Json layoutItemToJson(const LayoutItem &item)
{
    Json j = Json::object();
    j["x"] = number(item.x);
    j["y"] = number(item.y);
    if (item.w != 0 || item.h != 0) {
        j["w"] = number(item.w);
        j["h"] = number(item.h);
    }
    if (!item.color.empty())
        j["color"] = item.color;
    return j;
}

// Items in the order of the topology (domains, nodes, switches, links), so that the layout
// section reads alongside it; any others after them, by id.
Json layoutToJson(const Layout &layout, const Topology &t)
{
    Json items = Json::object();
    // An ordered_json object finds keys by linear search, so thousands of inserts through
    // operator[] would take quadratic time; the ids are kept unique here and appended directly.
    auto &members = static_cast<std::vector<std::pair<const std::string, Json>> &>(
            items.get_ref<Json::object_t &>());
    members.reserve(layout.items.size());
    std::unordered_set<std::string_view> written;
    auto add = [&](const std::string &id) {
        auto it = layout.items.find(id);
        if (it != layout.items.end() && written.insert(it->first).second)
            members.emplace_back(id, layoutItemToJson(it->second));
    };
    for (const Domain &d : t.domains)
        add(d.id);
    for (const Node &n : t.nodes)
        add(n.id);
    for (const Switch &s : t.switches)
        add(s.id);
    for (const Link &l : t.links)
        add(l.id);
    for (const auto &entry : layout.items)
        add(entry.first);
    Json out = Json::object();
    out["items"] = std::move(items);
    return out;
}

} // namespace

Expected<Project> parseProject(const Json &doc, const std::string &file, const Catalog &base)
{
    try {
        JsonIn root(doc, file);
        int version = readHeader(root);
        if (version < kProjectFormatVersion) {
            Json current = doc;
            migrate(current, version);
            return parseCurrent(JsonIn(current, file), base);
        }
        return parseCurrent(root, base);
    } catch (const JsonFailure &f) {
        return f.error;
    }
}

Expected<Project> loadProject(const std::string &path, const Catalog &base)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc)
        return doc.error();
    return parseProject(*doc, path, base);
}

Json projectToJson(const Project &p)
{
    Json doc = {{"format", kFormatTag}, {"version", kProjectFormatVersion}, {"name", p.name}};
    if (!p.description.empty())
        doc["description"] = p.description;
    if (!p.revision.empty())
        doc["revision"] = p.revision;
    if (!p.catalogOverrides.is_null())
        doc["catalog"] = p.catalogOverrides;
    doc["topology"] = topologyToJson(p.topology);
    if (p.workload)
        doc["workload"] = toJson(*p.workload);
    if (p.plan)
        doc["plan"] = toJson(*p.plan);
    if (!p.hostNames.empty())
        doc["hostNames"] = p.hostNames;
    if (p.floor)
        doc["floor"] = floorToJson(*p.floor);
    doc["layout"] = layoutToJson(p.layout, p.topology);
    return doc;
}

namespace {

// Values nested this deep (an element of the topology's lists, a layout item, a rack of the
// floor) are written on one line each.
constexpr int kOneLineDepth = 3;

// `v` on one line, with the spaces an indented dump puts after ':' and ','.
void writeOneLine(const Json &v, std::string *out)
{
    if (v.is_object() && !v.empty()) {
        *out += '{';
        const char *sep = "";
        for (auto it = v.begin(); it != v.end(); ++it) {
            *out += sep + dumpJson(Json(it.key())) + ": ";
            writeOneLine(it.value(), out);
            sep = ", ";
        }
        *out += '}';
    } else if (v.is_array() && !v.empty()) {
        *out += '[';
        const char *sep = "";
        for (const Json &e : v) {
            *out += sep;
            writeOneLine(e, out);
            sep = ", ";
        }
        *out += ']';
    } else {
        *out += dumpJson(v);
    }
}

// `v` indented by two spaces a level, as nlohmann writes it, down to kOneLineDepth.
void writeIndented(const Json &v, int depth, std::string *out)
{
    if (depth >= kOneLineDepth || !(v.is_object() || v.is_array()) || v.empty()) {
        writeOneLine(v, out);
        return;
    }
    const std::string pad(std::size_t(depth + 1) * 2, ' ');
    *out += v.is_object() ? "{\n" : "[\n";
    const char *sep = "";
    for (auto it = v.begin(); it != v.end(); ++it) {
        *out += sep + pad;
        if (v.is_object())
            *out += dumpJson(Json(it.key())) + ": ";
        writeIndented(it.value(), depth + 1, out);
        sep = ",\n";
    }
    *out += '\n' + std::string(std::size_t(depth) * 2, ' ') + (v.is_object() ? '}' : ']');
}

} // namespace

// Each element of the topology's lists and each layout item on a line of its own: a
// 131,072-GPU design's file is half an indented dump's, and a diff still shows one changed
// element a line.
std::string serializeProject(const Project &p)
{
    std::string out;
    writeIndented(projectToJson(p), 0, &out);
    return out + "\n";
}

// A file larger than the input limit could not be opened again: it is not written, and the
// Error says how large it would be.
std::optional<Error> saveProject(const Project &p, const std::string &path)
{
    const std::string text = serializeProject(p);
    // A file TopoPlan writes, TopoPlan reads back: never one over the input limit.
    const std::uint64_t limit = maxInputBytes();
    if (text.size() > limit)
        return Error{path,
                     {},
                     "not written: the design's file would be " + std::to_string(text.size())
                             + " bytes, larger than the input limit of " + std::to_string(limit)
                             + " bytes that reading it back allows (TOPOPLAN_MAX_INPUT_BYTES "
                               "raises it)"};
    return writeFileAtomically(path, text);
}

Expected<Catalog> projectCatalog(const Project &p, const Catalog &base)
{
    if (p.catalogOverrides.is_null())
        return base;
    return base.merged(JsonIn(p.catalogOverrides, {}, "/catalog"));
}

Expected<Project> withPriceFile(Project p, const std::string &path, const Catalog &base)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc)
        return doc.error();
    Json overrides = p.catalogOverrides.is_null() ? Json::object() : p.catalogOverrides;
    if (!overrides.is_object())
        return Error{path, "", "the project's \"catalog\" section is not an object"};
    overrides.erase("prices");
    Project without = p;
    without.catalogOverrides = overrides;
    Expected<Catalog> catalog = projectCatalog(without, base);
    if (!catalog)
        return catalog.error();
    Expected<Catalog> priced = catalog->withPrices(JsonIn(*doc, path));
    if (!priced)
        return priced.error();
    overrides["prices"] = (*doc)["prices"];
    p.catalogOverrides = overrides;
    return p;
}

namespace {

// The lists of a catalog a project (or a hardware file) may add to.
constexpr const char *kHardwareLists[] = {"media", "gpus", "servers", "switches"};

} // namespace

std::vector<std::string> HardwareFile::ids() const
{
    std::vector<std::string> out;
    for (const char *list : kHardwareLists)
        if (section.contains(list))
            for (const Json &e : section[list])
                if (e.is_object() && e.contains("id") && e["id"].is_string())
                    out.push_back(e["id"].get<std::string>());
    return out;
}

int HardwareFile::models() const
{
    int n = 0;
    for (const auto &[list, entries] : section.items())
        n += int(entries.size());
    return n;
}

Expected<HardwareFile> readHardwareFile(const std::string &path, const Catalog &base)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc)
        return doc.error();
    return hardwareFromJson(*doc, path, base);
}

Expected<HardwareFile> hardwareFromJson(const Json &doc, const std::string &path,
                                        const Catalog &base)
{
    const JsonIn root(doc, path);
    Json section = Json::object();
    try {
        root.expectObject();
        // The shipped catalog's tuning of collectives is not a project's to change.
        root.expectOnly(
                {"format", "version", "description", "media", "gpus", "servers", "switches"});
        if (root.string("format", "topoplan-catalog") != "topoplan-catalog")
            root.at("format").fail("expected \"topoplan-catalog\"");
        if (root.integer("version", 1) != 1)
            root.at("version").fail("expected catalog version 1, found "
                                    + describeJson(root.at("version").json()));
        for (const char *list : kHardwareLists) {
            if (root.has(list))
                section[list] = root.at(list).json();
        }
    } catch (const JsonFailure &f) {
        return f.error;
    }
    if (section.empty())
        return Error{path, "", "expected at least one of media, gpus, servers, switches"};
    Expected<Catalog> merged = base.merged(JsonIn(section, path));
    if (!merged)
        return merged.error();
    return HardwareFile{std::move(section), std::move(*merged)};
}

Expected<Json> withHardware(const Project &p, const Json &hardware, const std::string &file,
                            const Catalog &base)
{
    Json section = p.catalogOverrides.is_object() ? p.catalogOverrides : Json::object();
    for (const char *list : kHardwareLists) {
        if (!hardware.contains(list) || !hardware[list].is_array())
            continue;
        Json &entries = section[list];
        if (!entries.is_array())
            entries = Json::array();
        for (const Json &entry : hardware[list]) {
            const auto same = std::find_if(entries.begin(), entries.end(), [&](const Json &e) {
                return e.is_object() && entry.is_object() && e.contains("id")
                       && entry.contains("id") && e["id"] == entry["id"];
            });
            if (same != entries.end())
                *same = entry;
            else
                entries.push_back(entry);
        }
    }
    // Errors past the file's own checks come from the project: say so, and where in it.
    Expected<Catalog> merged = base.merged(JsonIn(section, {}, "/catalog"));
    if (!merged)
        return Error{file, "",
                     "does not fit the project's own catalog: " + merged.error().where + ": "
                             + merged.error().message};
    if (auto e = validateTopology(p.topology, *merged, {}))
        return Error{file, "", "would leave the design invalid: " + e->where + ": " + e->message};
    return section;
}

Json projectCatalogEntry(const Project &p, const std::string &section, const std::string &id)
{
    const Json &own = p.catalogOverrides;
    if (own.is_object() && own.contains(section) && own[section].is_array()) {
        for (const Json &e : own[section])
            if (e.is_object() && e.value("id", std::string()) == id)
                return e;
    }
    return Catalog::builtinEntry(section, id);
}

} // namespace topoplan
