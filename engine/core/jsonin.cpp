#include "engine/core/jsonin.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <limits>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_set>

namespace topoplan {

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

namespace {

// The length of the valid UTF-8 sequence at the start of `s`, or 0 when it is not one
// (overlong forms, surrogates and code points above U+10FFFF are not valid).
std::size_t utf8SequenceLength(std::string_view s)
{
    const auto byte = [&](std::size_t i) {
        return static_cast<unsigned char>(s[i]);
    };
    const unsigned char b0 = byte(0);
    if (b0 < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xbf; // range of the second byte
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        n = 2;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        n = 3;
        lo = b0 == 0xe0 ? 0xa0 : 0x80;
        hi = b0 == 0xed ? 0x9f : 0xbf;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        n = 4;
        lo = b0 == 0xf0 ? 0x90 : 0x80;
        hi = b0 == 0xf4 ? 0x8f : 0xbf;
    } else {
        return 0;
    }
    if (s.size() < n || byte(1) < lo || byte(1) > hi)
        return 0;
    for (std::size_t i = 2; i < n; ++i) {
        if (byte(i) < 0x80 || byte(i) > 0xbf)
            return 0;
    }
    return n;
}

} // namespace

std::string cleanText(std::string_view text, std::size_t maxBytes)
{
    std::string clean;
    clean.reserve(std::min(text.size(), maxBytes) + 4);
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t n = utf8SequenceLength(text.substr(i));
        std::string_view piece = n ? text.substr(i, n) : std::string_view("\xEF\xBF\xBD");
        if (clean.size() + piece.size() > maxBytes) {
            clean += "...";
            break;
        }
        clean += piece;
        i += n ? n : 1;
    }
    return clean;
}

std::string quoteText(std::string_view text, std::size_t maxBytes)
{
    return dumpJson(Json(cleanText(text, maxBytes)));
}

namespace {

bool nonFinite(const Json &v)
{
    return v.is_number_float() && !std::isfinite(v.get<double>());
}

// True when `v` holds a non-finite number anywhere: the common case (none) costs one walk
// and no copy.
bool holdsNonFinite(const Json &v)
{
    if (nonFinite(v))
        return true;
    if (v.is_structured()) {
        for (const Json &child : v)
            if (holdsNonFinite(child))
                return true;
    }
    return false;
}

void dropNonFinite(Json &v, const std::string &path, Json &omitted)
{
    const auto note = [&omitted](const std::string &where, const Json &number) {
        omitted.push_back(
                {{"path", where},
                 {"reason",
                  std::string(std::isnan(number.get<double>()) ? "not a number" : "infinite")
                          + ": the figure cannot be computed for this design (see "
                            "the error diagnostics)"}});
    };
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end();) {
            const std::string where = path + "/" + escapePointer(it.key());
            if (nonFinite(*it)) {
                note(where, *it);
                it = v.erase(it);
            } else {
                dropNonFinite(*it, where, omitted);
                ++it;
            }
        }
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string where = path + "/" + std::to_string(i);
            if (nonFinite(v[i])) {
                note(where, v[i]);
                v[i] = nullptr;
            } else {
                dropNonFinite(v[i], where, omitted);
            }
        }
    }
}

} // namespace

Json withoutNonFinite(const Json &value)
{
    if (!holdsNonFinite(value))
        return value;
    if (nonFinite(value))
        return nullptr;
    Json out = value;
    Json omitted = Json::array();
    dropNonFinite(out, "", omitted);
    if (out.is_object()) {
        Json &list = out["omitted"];
        if (!list.is_array())
            list = Json::array();
        for (Json &o : omitted)
            list.push_back(std::move(o));
    }
    return out;
}

Json jsonNumber(double v, int decimals)
{
    if (!std::isfinite(v))
        return v;
    const double scale = std::pow(10.0, decimals);
    return std::round(v * scale) / scale;
}

std::string dumpJson(const Json &value, int indent)
{
    if (holdsNonFinite(value))
        return withoutNonFinite(value).dump(indent, ' ', false, Json::error_handler_t::replace);
    return value.dump(indent, ' ', false, Json::error_handler_t::replace);
}

std::string describeJson(const Json &value)
{
    switch (value.type()) {
    case Json::value_t::null:
        return "null";
    case Json::value_t::object:
        return "an object";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::string:
        return quoteText(value.get_ref<const std::string &>());
    case Json::value_t::number_float:
        // dump() writes a non-finite number as "null", which would mislead the reader.
        if (!std::isfinite(value.get<double>()))
            return std::isnan(value.get<double>()) ? "NaN" : "an infinite number";
        return dumpJson(value);
    default:
        return dumpJson(value);
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
        fail("missing required member " + quoteText(key));
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
            throw JsonFailure(Error{m_file, pathOf(it.key()),
                                    "unknown member " + quoteText(it.key())
                                            + " (expected one of: " + list + ")"});
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
    // An unsigned value above 2^63 - 1 would wrap around to a negative one.
    if (m_value->is_number_unsigned()
        && m_value->get<std::uint64_t>()
                   > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
        fail("expected an integer, found " + describeJson(*m_value) + ", which is too large");
    return m_value->get<long long>();
}

long long JsonIn::integer(long long min, long long max) const
{
    const long long v = integer();
    if (v < min || v > max)
        fail("expected an integer from " + std::to_string(min) + " to " + std::to_string(max)
             + ", found " + describeJson(*m_value));
    return v;
}

int JsonIn::positiveInt() const
{
    return positiveInt(1'000'000'000);
}

int JsonIn::positiveInt(int max) const
{
    const long long v = integer();
    if (v < 1)
        fail("expected a positive integer, found " + describeJson(*m_value));
    if (v > max)
        fail("expected a positive integer up to " + std::to_string(max) + ", found "
             + describeJson(*m_value));
    return static_cast<int>(v);
}

int JsonIn::positiveInt(std::string_view key, int fallback, int max) const
{
    auto v = find(key);
    return v ? v->positiveInt(max) : fallback;
}

int JsonIn::count(std::string_view key, int fallback, int max) const
{
    auto v = find(key);
    return v ? static_cast<int>(v->integer(0, max)) : fallback;
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

// Builds the document from nlohmann's SAX events. Members are appended to their object
// without the linear search of ordered_json's operator[] (a hash set per open object finds a
// duplicate instead), so that parsing stays linear; nesting is limited while parsing, so that
// no later recursive walk of the document can run out of stack.
class DocumentBuilder
{
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    explicit DocumentBuilder(const std::string &file)
        : m_file(file)
    {}

    bool null() { return put(Json()); }
    bool boolean(bool v) { return put(Json(v)); }
    bool number_integer(number_integer_t v) { return put(Json(v)); }
    bool number_unsigned(number_unsigned_t v) { return put(Json(v)); }
    bool number_float(number_float_t v, const string_t &) { return put(Json(v)); }
    bool string(string_t &v) { return put(Json(std::move(v))); }
    bool binary(binary_t &v) { return put(Json::binary(std::move(v))); }
    bool start_object(std::size_t) { return open(Json::object()); }
    bool start_array(std::size_t) { return open(Json::array()); }
    bool end_object()
    {
        m_open.pop_back();
        return true;
    }
    bool end_array() { return end_object(); }
    bool key(string_t &k)
    {
        Frame &f = m_open.back();
        if (!f.keys.insert(k).second) {
            m_error = Error{m_file, pointer() + "/" + escapePointer(k),
                            "the member " + quoteText(k) + " appears twice in one object"};
            return false;
        }
        f.key = std::move(k);
        return true;
    }
    bool parse_error(std::size_t byte, const std::string &, const nlohmann::detail::exception &e)
    {
        m_syntaxByte = byte;
        m_syntaxId = e.id;
        m_syntax = e.what();
        return false;
    }

    Json root;
    std::optional<Error> m_error; // duplicate member or nesting too deep
    std::string m_syntax;         // nlohmann's message
    int m_syntaxId = 0;
    std::size_t m_syntaxByte = 0;

private:
    struct Frame
    {
        Json *value;
        std::unordered_set<std::string> keys;
        std::string key;
    };

    // The JSON pointer of the innermost open object or array.
    std::string pointer() const
    {
        std::string out;
        for (std::size_t i = 0; i + 1 < m_open.size(); ++i) {
            const Frame &f = m_open[i];
            out += "/"
                   + (f.value->is_array() ? std::to_string(f.value->size() - 1)
                                          : escapePointer(f.key));
        }
        return out;
    }

    // Places `v` where the parser is and returns it there. Pointers to open containers stay
    // valid: a container only grows while it is the innermost one.
    Json *place(Json v)
    {
        if (m_open.empty()) {
            root = std::move(v);
            return &root;
        }
        Json &parent = *m_open.back().value;
        if (parent.is_array()) {
            auto &items = *parent.get_ptr<Json::array_t *>();
            items.push_back(std::move(v));
            return &items.back();
        }
        // ordered_map is a vector of pairs; append without its linear search.
        auto &members = static_cast<std::vector<std::pair<const std::string, Json>> &>(
                *parent.get_ptr<Json::object_t *>());
        members.emplace_back(m_open.back().key, std::move(v));
        return &members.back().second;
    }

    bool put(Json v)
    {
        place(std::move(v));
        return true;
    }

    bool open(Json container)
    {
        if (m_open.size() >= static_cast<std::size_t>(kMaxJsonDepth)) {
            m_error = Error{m_file, pointer(),
                            "objects and arrays nested deeper than " + std::to_string(kMaxJsonDepth)
                                    + " levels"};
            return false;
        }
        Json *v = place(std::move(container));
        m_open.push_back(Frame{v, {}, {}});
        return true;
    }

    const std::string &m_file;
    std::vector<Frame> m_open;
};

} // namespace

Expected<Json> parseJson(const std::string &text, const std::string &file)
{
    DocumentBuilder builder(file);
    if (Json::sax_parse(text, &builder, nlohmann::detail::input_format_t::json, true))
        return std::move(builder.root);
    if (builder.m_error)
        return *builder.m_error;
    std::string what = builder.m_syntax;
    if (builder.m_syntaxId == 406) {
        // A number too large for a double ("1e400"): name the literal.
        auto open = what.find('\''), close = what.rfind('\'');
        std::string literal = open < close ? what.substr(open + 1, close - open - 1) : "";
        const std::size_t end = builder.m_syntaxByte;
        return Error{file, lineAndColumn(text, end >= literal.size() ? end - literal.size() : 0),
                     "malformed JSON (the number " + cleanText(literal, 60) + " is too large)"};
    }
    // Turn the byte offset into a line and column a person can find; the message keeps only
    // what went wrong, since the place is in Error::where.
    auto pos = what.find(": ", what.find("parse error"));
    std::string detail = pos == std::string::npos ? what : what.substr(pos + 2);
    return Error{file,
                 lineAndColumn(text, builder.m_syntaxByte == 0 ? 0 : builder.m_syntaxByte - 1),
                 "malformed JSON (" + cleanText(detail, 200) + ")"};
}

std::uint64_t maxInputBytes()
{
    if (const char *env = std::getenv("TOPOPLAN_MAX_INPUT_BYTES")) {
        char *end = nullptr;
        errno = 0;
        unsigned long long v = std::strtoull(env, &end, 10);
        if (errno == 0 && end != env && *end == '\0' && v > 0)
            return v;
    }
    return kDefaultMaxInputBytes;
}

Expected<std::string> readTextFile(const std::string &path)
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return Error{path, {}, std::string("cannot open file: ") + std::strerror(errno)};
    struct FdCloser
    {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat st
    {};
    if (::fstat(fd, &st) != 0)
        return Error{path, {}, std::string("cannot read file: ") + std::strerror(errno)};
    if (!S_ISREG(st.st_mode))
        return Error{path,
                     {},
                     S_ISDIR(st.st_mode) ? "is a directory, not a file"
                                         : "is not a regular file (a FIFO, a socket or a device)"};
    const std::uint64_t limit = maxInputBytes();
    if (static_cast<std::uint64_t>(st.st_size) > limit)
        return Error{path,
                     {},
                     "the file is larger than the input limit of " + std::to_string(limit)
                             + " bytes (TOPOPLAN_MAX_INPUT_BYTES raises it)"};
    std::string out;
    out.reserve(static_cast<std::size_t>(st.st_size));
    char buffer[65536];
    for (;;) {
        ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return Error{path, {}, std::string("cannot read file: ") + std::strerror(errno)};
        }
        if (n == 0)
            break;
        out.append(buffer, static_cast<std::size_t>(n));
        // The file may grow while it is read.
        if (out.size() > limit)
            return Error{path,
                         {},
                         "the file is larger than the input limit of " + std::to_string(limit)
                                 + " bytes (TOPOPLAN_MAX_INPUT_BYTES raises it)"};
    }
    return out;
}

Expected<Json> readJsonFile(const std::string &path)
{
    Expected<std::string> text = readTextFile(path);
    if (!text)
        return text.error();
    return parseJson(*text, path);
}

namespace {

std::optional<Error> writeAll(int fd, const std::string &content, const std::string &path)
{
    std::size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return Error{path, {}, std::string("cannot write: ") + std::strerror(errno)};
        }
        done += static_cast<std::size_t>(n);
    }
    return std::nullopt;
}

std::string folderOf(const std::string &path)
{
    auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Follows the symbolic links of `path` to the file they name (which need not exist yet).
// `system` is set when the way passes through /dev or /proc (/dev/stdout and the like).
std::string followLinks(const std::string &path, bool *system)
{
    std::string target = path;
    const auto isSystem = [](const std::string &p) {
        return p.rfind("/dev/", 0) == 0 || p.rfind("/proc/", 0) == 0;
    };
    *system = isSystem(target);
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st
        {};
        if (::lstat(target.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            break;
        std::string link(4096, '\0');
        ssize_t n = ::readlink(target.c_str(), link.data(), link.size());
        if (n <= 0 || static_cast<std::size_t>(n) >= link.size())
            break;
        link.resize(static_cast<std::size_t>(n));
        target = link.front() == '/' ? link : folderOf(target) + "/" + link;
        *system = *system || isSystem(target);
    }
    return target;
}

} // namespace

std::optional<Error> writeFileAtomically(const std::string &path, const std::string &content)
{
    bool system = false;
    const std::string target = followLinks(path, &system);
    struct stat st
    {};
    const bool exists = ::stat(target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return Error{path, {}, "cannot replace the file: it is a directory"};
    if (exists && (system || !S_ISREG(st.st_mode))) {
        // A FIFO, a terminal, /dev/null, /dev/stdout: write into it; never replace the node.
        int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | (S_ISREG(st.st_mode) ? O_TRUNC : 0));
        if (fd < 0)
            return Error{path, {}, std::string("cannot open for writing: ") + std::strerror(errno)};
        std::optional<Error> e = writeAll(fd, content, path);
        if (::close(fd) != 0 && !e)
            e = Error{path, {}, std::string("cannot write: ") + std::strerror(errno)};
        return e;
    }

    // The content goes to an unnamed file in the target's folder first, so that an interrupted
    // write leaves nothing behind; it gets a name only once it is complete and on disk.
    std::string tmp;
    int fd = -1;
#ifdef O_TMPFILE
    fd = ::open(folderOf(target).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
#endif
    const bool unnamed = fd >= 0;
    if (!unnamed) {
        tmp = target + ".tmp-XXXXXX";
        fd = ::mkstemp(tmp.data());
        if (fd < 0)
            return Error{path,
                         {},
                         std::string("cannot create a temporary file: ") + std::strerror(errno)};
    }
    const auto fail = [&](const std::string &what, int err) -> std::optional<Error> {
        if (fd >= 0)
            ::close(fd);
        if (!tmp.empty())
            ::unlink(tmp.c_str());
        return Error{path, {}, what + std::strerror(err)};
    };
    if (std::optional<Error> e = writeAll(fd, content, path)) {
        ::close(fd);
        if (!tmp.empty())
            ::unlink(tmp.c_str());
        return e;
    }
    ::fchmod(fd, exists ? (st.st_mode & 07777) : 0644);
    if (::fsync(fd) != 0)
        return fail("cannot write: ", errno);
    if (unnamed) {
        const std::string self = "/proc/self/fd/" + std::to_string(fd);
        for (int attempt = 0; attempt < 100 && tmp.empty(); ++attempt) {
            std::string name
                    = target + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
            if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0)
                tmp = name;
            else if (errno != EEXIST)
                return fail("cannot create the file: ", errno);
        }
        if (tmp.empty())
            return fail("cannot create the file: ", EEXIST);
    }
    if (::close(fd) != 0) {
        fd = -1;
        return fail("cannot write: ", errno);
    }
    fd = -1;
    if (std::rename(tmp.c_str(), target.c_str()) != 0)
        return fail("cannot replace the file: ", errno);
    return std::nullopt;
}

} // namespace topoplan
