#pragma once

#include <string>
#include <string_view>

// The character tests and trimming every reader of a cluster's text files uses (ibnetdiscover
// output, NCCL topology XML, nvidia-smi topo -m): in the C locale, whatever the user's is, so
// that a file reads the same on every machine.
namespace topoplan::textscan {

inline bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

inline bool isHex(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

inline std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

inline bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

// ASCII letters in lower case; other bytes (UTF-8 included) as they are.
inline std::string lower(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return s;
}

// A device id as infiniband-diags and NCCL print it: "0xd2f2", "0x20b2".
inline std::string hexId(unsigned long id)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    do {
        out.insert(out.begin(), digits[id % 16]);
        id /= 16;
    } while (id > 0);
    return "0x" + out;
}

} // namespace topoplan::textscan
