#pragma once

#include "engine/core/error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace topoplan {

// All of TopoPlan's JSON keeps members in the order they were written, so that a file loads
// and saves back unchanged.
using Json = nlohmann::ordered_json;

// Thrown by JsonIn when the input is not what was expected; loaders catch it at their
// boundary and hand the Error on as a value.
struct JsonFailure : std::runtime_error
{
    explicit JsonFailure(Error e)
        : std::runtime_error(e.text())
        , error(std::move(e))
    {}
    Error error;
};

// A read-only view of one JSON value that knows its JSON pointer path, so that every
// complaint names the file, the path and what was expected.
class JsonIn
{
public:
    JsonIn(const Json &value, std::string file, std::string path = {});

    const Json &json() const { return *m_value; }
    const std::string &path() const { return m_path; }
    const std::string &file() const { return m_file; }
    std::string pathOf(std::string_view key) const;

    [[noreturn]] void fail(const std::string &message) const;
    Error error(const std::string &message) const;

    // Structure
    JsonIn at(std::string_view key) const;                  // required member of an object
    std::optional<JsonIn> find(std::string_view key) const; // optional member (null = absent)
    bool has(std::string_view key) const { return find(key).has_value(); }
    std::vector<JsonIn> items() const;                           // elements of a required array
    std::vector<std::pair<std::string, JsonIn>> members() const; // of a required object
    void expectObject() const;
    // Fails on a member not in `known` (a typo would otherwise be silently ignored).
    void expectOnly(std::initializer_list<std::string_view> known) const;

    // Scalars: each fails with what was expected.
    std::string string() const;
    std::string id() const;  // a non-empty string without control characters
    double number() const;   // finite
    double positive() const; // finite, > 0
    double nonNegative() const;
    long long integer() const;
    int positiveInt() const;
    bool boolean() const;

    // Members, required or with a default.
    std::string string(std::string_view key) const { return at(key).string(); }
    std::string string(std::string_view key, const std::string &fallback) const;
    double positive(std::string_view key) const { return at(key).positive(); }
    double positive(std::string_view key, double fallback) const;
    double nonNegative(std::string_view key) const { return at(key).nonNegative(); }
    double nonNegative(std::string_view key, double fallback) const;
    int positiveInt(std::string_view key) const { return at(key).positiveInt(); }
    int positiveInt(std::string_view key, int fallback) const;
    long long integer(std::string_view key, long long fallback) const;
    bool boolean(std::string_view key, bool fallback) const;
    // One of `choices`; the message lists them.
    std::string choice(std::string_view key, const std::vector<std::string> &choices,
                       const std::string &fallback = {}) const;

private:
    const Json *m_value;
    std::string m_file;
    std::string m_path;
};

// Describes a JSON value briefly for a message: `"abc"`, `12`, `an object`.
std::string describeJson(const Json &value);

// Parses `text`; a syntax error names the line and column.
Expected<Json> parseJson(const std::string &text, const std::string &file);
// Reads and parses a file; a missing or unreadable file is an Error too.
Expected<Json> readJsonFile(const std::string &path);
// Reads a whole file as bytes.
Expected<std::string> readTextFile(const std::string &path);
// Writes `content` to `path` atomically: a temporary file beside it, flushed and fsync'ed,
// then renamed over the target, so a crash never leaves a half-written file.
std::optional<Error> writeFileAtomically(const std::string &path, const std::string &content);

} // namespace topoplan
