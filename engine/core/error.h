#pragma once

#include <string>
#include <utility>
#include <variant>

namespace topoplan {

// An error the caller can show a user: which file, where in it (a JSON pointer such as
// "/topology/links/3/b/port", or "line 12" for text formats), and what was expected.
struct Error
{
    std::string file;
    std::string where;
    std::string message;

    // "file: where: message", leaving out the parts that are empty.
    std::string text() const;
};

// A value or the Error that prevented it (std::expected is C++23; this is the part we need).
template<typename T>
class Expected
{
public:
    Expected(T value)
        : m_v(std::move(value))
    {}
    Expected(Error error)
        : m_v(std::move(error))
    {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }
    T &value() { return std::get<0>(m_v); }
    const T &value() const { return std::get<0>(m_v); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    const Error &error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

} // namespace topoplan
