#pragma once

#include "engine/core/error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
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
    long long integer() const; // any integer that fits 64 bits; 2^63 and beyond fail
    // An integer in [min, max]; the message states the range.
    long long integer(long long min, long long max) const;
    int positiveInt() const; // 1 .. 10^9
    int positiveInt(int max) const;
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
    int positiveInt(std::string_view key, int fallback, int max) const;
    // A count in [0, max] (NICs, NVSwitches, links).
    int count(std::string_view key, int fallback, int max) const;
    bool boolean(std::string_view key, bool fallback) const;
    // One of `choices`; the message lists them.
    std::string choice(std::string_view key, const std::vector<std::string> &choices,
                       const std::string &fallback = {}) const;

private:
    const Json *m_value;
    std::string m_file;
    std::string m_path;
};

// Limits of what the reader accepts from a file (docs/manual/limits.md).
// Objects and arrays nested deeper than this are refused while parsing.
inline constexpr int kMaxJsonDepth = 256;
// A file larger than this is refused before it is read, unless TOPOPLAN_MAX_INPUT_BYTES
// says otherwise. It is set by the largest designs the product is for: a 204,800-GPU design
// (25,600 8-GPU servers, 3 tiers of rails) is a 70 MB project file (bench_scale's BM_Save),
// and reading one takes about ten times its size in memory, so 128 MiB keeps a file at the
// limit within the 1.5 GB a verb may use (docs/manual/limits.md).
inline constexpr std::uint64_t kDefaultMaxInputBytes = 128ull << 20;
std::uint64_t maxInputBytes();

// Quotes `text` for a message: JSON string syntax, at most `maxBytes` bytes of it, cut on a
// UTF-8 character boundary and marked with "...", bytes that are not UTF-8 replaced by
// U+FFFD. Every message that quotes what a file or an option said goes through this.
std::string quoteText(std::string_view text, std::size_t maxBytes = 60);
// The same without the quotes: invalid UTF-8 replaced, cut on a character boundary.
std::string cleanText(std::string_view text, std::size_t maxBytes = 60);

// Writes `value` as JSON text (indented by `indent`, or on one line when -1). Strings that
// are not valid UTF-8 are written with U+FFFD in place of the bad bytes; this never throws.
// A non-finite number (NaN, infinity) is never written: see withoutNonFinite().
std::string dumpJson(const Json &value, int indent = -1);

// `value` without its non-finite numbers, which JSON cannot state (nlohmann would write them
// as null, which reads as "no value" rather than "cannot be computed"). An object member
// holding one is left out; an array element becomes null. When `value` is an object, each
// is listed under its member "omitted" as {"path": JSON pointer, "reason": ...}, so a reader
// learns what is missing and why.
Json withoutNonFinite(const Json &value);

// One token of a JSON pointer (RFC 6901): "~" -> "~0", "/" -> "~1".
std::string escapePointer(std::string_view key);

// A figure for JSON output: `v` rounded to `decimals` places (readers see 369.0, not
// 369.00000000000006). A non-finite `v` is kept as it is, so that dumpJson() leaves it out
// and says why under "omitted".
Json jsonNumber(double v, int decimals);

// Describes a JSON value briefly for a message: `"abc"`, `12`, `an object`.
std::string describeJson(const Json &value);

// Parses `text`; a syntax error names the line and column. Refuses a member that appears
// twice in one object (naming its JSON pointer) and nesting deeper than kMaxJsonDepth.
// Takes time linear in the size of the text, however many members an object has.
Expected<Json> parseJson(const std::string &text, const std::string &file);
// Reads and parses a file; a missing or unreadable file is an Error too.
Expected<Json> readJsonFile(const std::string &path);
// Reads a whole file as bytes. Refuses what is not a regular file (a directory, a FIFO, a
// device such as /dev/zero) and a file larger than maxInputBytes().
Expected<std::string> readTextFile(const std::string &path);
// Writes `content` to `path` so that a crash or a failed write never leaves a half-written
// file or a temporary file behind: the content goes to an unnamed file beside the target,
// flushed and fsync'ed, and is then renamed over it. A symbolic link is followed (the file it
// points to is replaced, the link stays); a path that is not a regular file (a FIFO, a
// character device, /dev/stdout) is written through, never replaced.
std::optional<Error> writeFileAtomically(const std::string &path, const std::string &content);

} // namespace topoplan
