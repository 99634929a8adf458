#include "engine/core/message.h"

namespace topoplan {

bool MessageArg::operator==(const MessageArg &other) const
{
    return kind == other.kind && name == other.name && count == other.count
           && figure.value == other.figure.value && figure.decimals == other.figure.decimals
           && figure.unit == other.figure.unit && phrase == other.phrase;
}

namespace {

std::string argText(const MessageArg &a)
{
    switch (a.kind) {
    case MessageArg::Kind::Name:
        return a.name;
    case MessageArg::Kind::Count:
        return figure::whole(a.count);
    case MessageArg::Kind::Figure:
        return figure::text(a.figure);
    case MessageArg::Kind::Phrase:
        return a.phrase.empty() ? std::string() : a.phrase.front().english();
    }
    return {};
}

} // namespace

std::string Message::english() const
{
    // %1 .. %9, each replaced by its argument once; an argument's own text is not scanned.
    std::string out;
    out.reserve(text.size() + 16 * args.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9') {
            const std::size_t n = std::size_t(text[i + 1] - '1');
            if (n < args.size()) {
                out += argText(args[n]);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

namespace msg {

MessageArg name(std::string name)
{
    MessageArg a;
    a.kind = MessageArg::Kind::Name;
    a.name = std::move(name);
    return a;
}

MessageArg count(long long n)
{
    MessageArg a;
    a.kind = MessageArg::Kind::Count;
    a.count = n;
    return a;
}

MessageArg figure(const figure::Figure &f)
{
    MessageArg a;
    a.kind = MessageArg::Kind::Figure;
    a.figure = f;
    return a;
}

MessageArg phrase(Message m)
{
    MessageArg a;
    a.kind = MessageArg::Kind::Phrase;
    a.phrase.push_back(std::move(m));
    return a;
}

Message say(MessageText text, std::vector<MessageArg> args)
{
    return Message{text.context, text.text, std::move(args)};
}

} // namespace msg

} // namespace topoplan
