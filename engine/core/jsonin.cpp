#include "engine/core/jsonin.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace topoplan {

namespace {

// JSON pointer escaping (RFC 6901): "~" -> "~0", "/" -> "~1".
std::string escapePointer(std::string_view key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

} // namespace

std::string describeJson(const Json &value)
{
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::object:
        return "an object";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::string: {
        std::string s = value.get<std::string>();
        if (s.size() > 60)
            s = s.substr(0, 57) + "...";
        return Json(s).dump();
    }
    case Json::value_t::number_float:
        // dump() writes a non-finite number as "null", which would mislead the reader.
        if (!std::isfinite(value.get<double>()))
            return std::isnan(value.get<double>()) ? "NaN" : "an infinite number";
        return value.dump();
    default:
        return value.dump();
    }
}

JsonIn::JsonIn(const Json &value, std::string file, std::string path)
    : m_value(&value)
    , m_file(std::move(file))
    , m_path(std::move(path))
{}

std::string JsonIn::pathOf(std::string_view key) const
{
    return m_path + "/" + escapePointer(key);
}

Error JsonIn::error(const std::string &message) const
{
    return Error{m_file, m_path.empty() ? std::string("/") : m_path, message};
}

void JsonIn::fail(const std::string &message) const
{
    throw JsonFailure(error(message));
}

void JsonIn::expectObject() const
{
    if (!m_value->is_object())
        fail("expected an object, found " + describeJson(*m_value));
}

JsonIn JsonIn::at(std::string_view key) const
{
    expectObject();
    auto it = m_value->find(key);
    if (it == m_value->end() || it->is_null())
        fail("missing required member \"" + std::string(key) + "\"");
    return JsonIn(*it, m_file, pathOf(key));
}

std::optional<JsonIn> JsonIn::find(std::string_view key) const
{
    expectObject();
    auto it = m_value->find(key);
    if (it == m_value->end() || it->is_null())
        return std::nullopt;
    return JsonIn(*it, m_file, pathOf(key));
}

std::vector<JsonIn> JsonIn::items() const
{
    if (!m_value->is_array())
        fail("expected an array, found " + describeJson(*m_value));
    std::vector<JsonIn> out;
    out.reserve(m_value->size());
    for (std::size_t i = 0; i < m_value->size(); ++i)
        out.emplace_back((*m_value)[i], m_file, m_path + "/" + std::to_string(i));
    return out;
}

std::vector<std::pair<std::string, JsonIn>> JsonIn::members() const
{
    expectObject();
    std::vector<std::pair<std::string, JsonIn>> out;
    for (auto it = m_value->begin(); it != m_value->end(); ++it)
        out.emplace_back(it.key(), JsonIn(it.value(), m_file, pathOf(it.key())));
    return out;
}

void JsonIn::expectOnly(std::initializer_list<std::string_view> known) const
{
    expectObject();
    for (auto it = m_value->begin(); it != m_value->end(); ++it) {
        bool found = false;
        for (std::string_view k : known)
            found = found || k == it.key();
        if (!found) {
            std::string list;
            for (std::string_view k : known)
                list += (list.empty() ? "" : ", ") + std::string(k);
            throw JsonFailure(
                    Error{m_file, pathOf(it.key()),
                          "unknown member \"" + it.key() + "\" (expected one of: " + list + ")"});
        }
    }
}

std::string JsonIn::string() const
{
    if (!m_value->is_string())
        fail("expected a string, found " + describeJson(*m_value));
    return m_value->get<std::string>();
}

std::string JsonIn::id() const
{
    std::string s = string();
    if (s.empty())
        fail("expected a non-empty id");
    for (unsigned char c : s) {
        if (c < 0x20 || c == 0x7f)
            fail("expected an id without control characters, found " + describeJson(*m_value));
    }
    return s;
}

double JsonIn::number() const
{
    if (!m_value->is_number())
        fail("expected a number, found " + describeJson(*m_value));
    double d = m_value->get<double>();
    if (!std::isfinite(d))
        fail("expected a finite number, found " + describeJson(*m_value));
    return d;
}

double JsonIn::positive() const
{
    double d = number();
    if (!(d > 0))
        fail("expected a positive number, found " + describeJson(*m_value));
    return d;
}

double JsonIn::nonNegative() const
{
    double d = number();
    if (d < 0)
        fail("expected a number >= 0, found " + describeJson(*m_value));
    return d;
}

long long JsonIn::integer() const
{
    if (!m_value->is_number_integer()) {
        // 8.0 is accepted as 8; 8.5 and "8" are not.
        if (m_value->is_number_float()) {
            double d = m_value->get<double>();
            if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15)
                return static_cast<long long>(d);
        }
        fail("expected an integer, found " + describeJson(*m_value));
    }
    return m_value->get<long long>();
}

int JsonIn::positiveInt() const
{
    long long v = integer();
    if (v <= 0 || v > 1'000'000'000)
        fail("expected a positive integer, found " + describeJson(*m_value));
    return static_cast<int>(v);
}

bool JsonIn::boolean() const
{
    if (!m_value->is_boolean())
        fail("expected true or false, found " + describeJson(*m_value));
    return m_value->get<bool>();
}

std::string JsonIn::string(std::string_view key, const std::string &fallback) const
{
    auto v = find(key);
    return v ? v->string() : fallback;
}

double JsonIn::positive(std::string_view key, double fallback) const
{
    auto v = find(key);
    return v ? v->positive() : fallback;
}

double JsonIn::nonNegative(std::string_view key, double fallback) const
{
    auto v = find(key);
    return v ? v->nonNegative() : fallback;
}

int JsonIn::positiveInt(std::string_view key, int fallback) const
{
    auto v = find(key);
    return v ? v->positiveInt() : fallback;
}

long long JsonIn::integer(std::string_view key, long long fallback) const
{
    auto v = find(key);
    return v ? v->integer() : fallback;
}

bool JsonIn::boolean(std::string_view key, bool fallback) const
{
    auto v = find(key);
    return v ? v->boolean() : fallback;
}

std::string JsonIn::choice(std::string_view key, const std::vector<std::string> &choices,
                           const std::string &fallback) const
{
    auto v = find(key);
    if (!v) {
        if (fallback.empty())
            at(key); // fails: required
        return fallback;
    }
    std::string s = v->string();
    for (const std::string &c : choices) {
        if (c == s)
            return s;
    }
    std::string list;
    for (const std::string &c : choices)
        list += (list.empty() ? "" : ", ") + c;
    v->fail("expected one of " + list + ", found " + describeJson(v->json()));
}

namespace {

std::string lineAndColumn(const std::string &text, std::size_t offset)
{
    std::size_t line = 1, col = 1;
    std::size_t end = std::min(offset, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

} // namespace

Expected<Json> parseJson(const std::string &text, const std::string &file)
{
    try {
        return Json::parse(text);
    } catch (const Json::parse_error &e) {
        // Turn the byte offset into a line and column a person can find; the message keeps
        // only what went wrong, since the place is in Error::where.
        std::string what = e.what();
        auto pos = what.find(": ", what.find("parse error"));
        std::string detail = pos == std::string::npos ? what : what.substr(pos + 2);
        return Error{file, lineAndColumn(text, e.byte == 0 ? 0 : e.byte - 1),
                     "malformed JSON (" + detail + ")"};
    } catch (const Json::out_of_range &e) {
        // A number too large for a double ("1e400"): nlohmann reports it without a position,
        // so find the literal it names.
        std::string what = e.what();
        auto open = what.find('\''), close = what.rfind('\'');
        std::string literal = open < close ? what.substr(open + 1, close - open - 1) : "";
        auto at = literal.empty() ? std::string::npos : text.find(literal);
        return Error{file, at == std::string::npos ? std::string() : lineAndColumn(text, at),
                     "malformed JSON (the number " + literal + " is too large)"};
    }
}

Expected<std::string> readTextFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{path, {}, std::string("cannot open file: ") + std::strerror(errno)};
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return Error{path, {}, "cannot read file"};
    return ss.str();
}

Expected<Json> readJsonFile(const std::string &path)
{
    Expected<std::string> text = readTextFile(path);
    if (!text)
        return text.error();
    return parseJson(*text, path);
}

std::optional<Error> writeFileAtomically(const std::string &path, const std::string &content)
{
    std::string tmp = path + ".tmp-XXXXXX";
    int fd = ::mkstemp(tmp.data());
    if (fd < 0)
        return Error{
                path, {}, std::string("cannot create a temporary file: ") + std::strerror(errno)};
    std::size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            return Error{path, {}, std::string("cannot write: ") + std::strerror(err)};
        }
        done += static_cast<std::size_t>(n);
    }
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        return Error{path, {}, std::string("cannot write: ") + std::strerror(err)};
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        return Error{path, {}, std::string("cannot replace the file: ") + std::strerror(err)};
    }
    return std::nullopt;
}

} // namespace topoplan
