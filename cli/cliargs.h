#pragma once

#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace topoplan::cli {

class Args;

// One topoplan-cli command: its name, how many positional arguments, which flags (no value)
// and options (one value) it takes, which options it requires, and what runs it.
struct Command
{
    std::string name;
    std::size_t minPositional = 0;
    std::size_t maxPositional = 0;
    std::set<std::string> flags;
    std::set<std::string> options;
    std::set<std::string> required;
    std::function<int(const Args &, std::ostream &, std::ostream &)> run;
};

// The parsed arguments of one command. `--key value`, `--key=value` and `-o value` forms.
class Args
{
public:
    // Fails (printing why to `err`) on an unknown option, a missing value or a missing
    // required option or argument.
    static std::optional<Args> parse(const Command &c, const std::vector<std::string> &argv,
                                     std::ostream &err);

    bool flag(const std::string &name) const { return m_flags.count(name) > 0; }
    bool has(const std::string &name) const { return m_values.count(name) > 0; }
    std::string value(const std::string &name, const std::string &fallback = {}) const;
    const std::string &positional(std::size_t i) const { return m_positional.at(i); }
    std::size_t positionalCount() const { return m_positional.size(); }
    // Numeric options; print an error naming the option and return nullopt when malformed.
    std::optional<int> positiveInt(const std::string &name, std::ostream &err) const;
    std::optional<double> positiveNumber(const std::string &name, std::ostream &err) const;

private:
    std::set<std::string> m_flags;
    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positional;
};

// The files a verb reads: its positional arguments and the values of its file options
// (--catalog, --workload, --template).
std::vector<std::string> inputFiles(const Args &a);
// Why a verb that reads `inputs` must not write `output`, or nothing: an output that resolves
// (through symbolic and hard links) to one of its inputs would replace it, and a symbolic link
// that dangles or loops is no file to replace. run() asks it of every verb's -o; a verb that
// names its own outputs (explore --save-variants) asks it of each.
std::optional<std::string> outputProblem(const std::string &output,
                                         const std::vector<std::string> &inputs);

// A project file and the catalog it names, read as every verb reads them.
struct ProjectFile
{
    Project project;
    Catalog catalog;
};
// On failure prints "error: FILE: WHERE: what was expected" to `err` and returns nullopt: the
// caller exits with InvalidInput. With `--prices FILE` in `a`, the price file's book replaces
// the project's (withPriceFile).
std::optional<ProjectFile> readProjectFile(const std::string &file, std::ostream &err,
                                           const Args *a = nullptr);

// The built-in catalog with --catalog FILE's hardware merged over it, and that hardware as a
// project's "catalog" section keeps it in *section (untouched without --catalog). On failure
// prints "error: FILE: WHERE: what was expected" to `err` and returns nullopt.
std::optional<Catalog> catalogFromArgs(const Args &a, std::ostream &err,
                                       nlohmann::ordered_json *section = nullptr);

// A plain text table with columns padded to their widest cell.
class Table
{
public:
    explicit Table(std::vector<std::string> header)
        : m_rows{std::move(header)}
    {}
    void add(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    std::string str() const;

private:
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace topoplan::cli
