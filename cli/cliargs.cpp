#include "cli/cliargs.h"

#include "engine/io/projectfile.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace topoplan::cli {

std::vector<std::string> inputFiles(const Args &a)
{
    std::vector<std::string> inputs;
    for (std::size_t i = 0; i < a.positionalCount(); ++i)
        inputs.push_back(a.positional(i));
    for (const char *option : {"catalog", "workload", "template"})
        if (a.has(option))
            inputs.push_back(a.value(option));
    return inputs;
}

std::optional<std::string> outputProblem(const std::string &output,
                                         const std::vector<std::string> &inputs)
{
    namespace fs = std::filesystem;
    const fs::path out(output);
    std::error_code ec;
    const fs::file_status link = fs::symlink_status(out, ec);
    if (!ec && fs::is_symlink(link)) {
        std::error_code follow;
        const fs::file_status target = fs::status(out, follow);
        if (follow == std::errc::too_many_symbolic_link_levels)
            return std::string("is a symbolic link that loops: not a file to replace");
        if (follow || target.type() == fs::file_type::not_found) {
            std::error_code read;
            const fs::path to = fs::read_symlink(out, read);
            return "is a symbolic link to " + (read ? std::string("nothing") : to.string())
                   + ", which does not exist: not a file to replace";
        }
    }
    if (!fs::exists(out, ec))
        return std::nullopt;
    for (const std::string &input : inputs) {
        std::error_code same;
        if (fs::equivalent(out, fs::path(input), same) && !same)
            return "is "
                   + (input == output ? std::string("an input of this command")
                                      : "the input \"" + input + "\"")
                   + ": writing it would replace what is being read; name another file";
    }
    return std::nullopt;
}

std::optional<Args> Args::parse(const Command &c, const std::vector<std::string> &argv,
                                std::ostream &err)
{
    Args a;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string &arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            a.m_flags.insert("help");
            return a;
        }
        if (arg.size() > 1 && arg[0] == '-') {
            std::string name = arg.substr(arg.rfind('-', 1) == 1 ? 2 : 1);
            std::optional<std::string> inlineValue;
            if (auto eq = name.find('='); eq != std::string::npos) {
                inlineValue = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            if (c.flags.count(name)) {
                if (inlineValue) {
                    err << "error: " << c.name << ": --" << name << " takes no value\n";
                    return std::nullopt;
                }
                a.m_flags.insert(name);
            } else if (c.options.count(name)) {
                if (!inlineValue && i + 1 >= argv.size()) {
                    err << "error: " << c.name << ": " << arg << " needs a value\n";
                    return std::nullopt;
                }
                a.m_values[name] = inlineValue ? *inlineValue : argv[++i];
            } else {
                err << "error: " << c.name << ": unknown option " << arg << "\n";
                return std::nullopt;
            }
            continue;
        }
        a.m_positional.push_back(arg);
    }
    if (a.m_positional.size() < c.minPositional) {
        err << "error: " << c.name << ": missing FILE argument\n";
        return std::nullopt;
    }
    if (a.m_positional.size() > c.maxPositional) {
        err << "error: " << c.name << ": unexpected argument \"" << a.m_positional[c.maxPositional]
            << "\"\n";
        return std::nullopt;
    }
    for (const std::string &r : c.required) {
        if (!a.has(r)) {
            err << "error: " << c.name << ": missing " << (r.size() == 1 ? "-" : "--") << r << "\n";
            return std::nullopt;
        }
    }
    return a;
}

std::string Args::value(const std::string &name, const std::string &fallback) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? fallback : it->second;
}

std::optional<int> Args::positiveInt(const std::string &name, std::ostream &err) const
{
    const std::string v = value(name);
    std::size_t used = 0;
    long n = 0;
    try {
        n = std::stol(v, &used);
    } catch (...) {
        used = 0;
    }
    if (used == 0 || used != v.size() || n <= 0 || n > 10'000'000) {
        err << "error: --" << name << ": expected a positive integer, found \"" << v << "\"\n";
        return std::nullopt;
    }
    return static_cast<int>(n);
}

std::optional<double> Args::positiveNumber(const std::string &name, std::ostream &err) const
{
    const std::string v = value(name);
    std::size_t used = 0;
    double d = 0;
    try {
        d = std::stod(v, &used);
    } catch (...) {
        used = 0;
    }
    if (used == 0 || used != v.size() || !std::isfinite(d) || d <= 0) {
        err << "error: --" << name << ": expected a positive number, found \"" << v << "\"\n";
        return std::nullopt;
    }
    return d;
}

std::string Table::str() const
{
    std::vector<std::size_t> width;
    for (const auto &row : m_rows) {
        width.resize(std::max(width.size(), row.size()));
        for (std::size_t i = 0; i < row.size(); ++i)
            width[i] = std::max(width[i], row[i].size());
    }
    std::ostringstream ss;
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        const auto &row = m_rows[r];
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size())
                line += std::string(width[i] - row[i].size() + 2, ' ');
        }
        ss << "  " << line << "\n";
        if (r == 0) {
            std::size_t total = 0;
            for (std::size_t w : width)
                total += w + 2;
            ss << "  " << std::string(total - 2, '-') << "\n";
        }
    }
    return ss.str();
}

std::optional<ProjectFile> readProjectFile(const std::string &file, std::ostream &err,
                                           const Args *a)
{
    Expected<Project> project = loadProject(file);
    if (!project) {
        err << "error: " << project.error().text() << "\n";
        return std::nullopt;
    }
    if (a && a->has("prices")) {
        project = withPriceFile(std::move(*project), a->value("prices"));
        if (!project) {
            err << "error: " << project.error().text() << "\n";
            return std::nullopt;
        }
    }
    Expected<Catalog> catalog = projectCatalog(*project);
    if (!catalog) {
        err << "error: " << catalog.error().text() << "\n";
        return std::nullopt;
    }
    return ProjectFile{std::move(*project), std::move(*catalog)};
}

std::optional<Catalog> catalogFromArgs(const Args &a, std::ostream &err,
                                       nlohmann::ordered_json *section)
{
    if (!a.has("catalog"))
        return Catalog::builtin();
    Expected<HardwareFile> hardware = readHardwareFile(a.value("catalog"));
    if (!hardware) {
        err << "error: " << hardware.error().text() << "\n";
        return std::nullopt;
    }
    if (section)
        *section = hardware->section;
    return std::move(hardware->catalog);
}

} // namespace topoplan::cli
