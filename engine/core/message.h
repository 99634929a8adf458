#pragma once

#include "engine/core/figure.h"

#include <string>
#include <vector>

// Marks an English sentence template for translation where the engine writes it: the engine
// stays without Qt, and Qt's lupdate, run on the engine with
// `-tr-function-alias QT_TRANSLATE_NOOP+=TOPOPLAN_TR`, files the template under `context` for
// the translators (app/CMakeLists.txt). Both must be string literals.
#define TOPOPLAN_TR(context, text) (::topoplan::MessageText{context, text})

namespace topoplan {

// A template and its translation context, as TOPOPLAN_TR marks them.
struct MessageText
{
    const char *context;
    const char *text;
};

struct Message;

// One argument of a Message: a name (a device, a model, a plan's label: never translated), a
// count (a whole number), a figure with its unit (engine/core/figure), or a part-sentence of
// its own, translated with the message it is part of.
struct MessageArg
{
    enum class Kind { Name, Count, Figure, Phrase };
    Kind kind = Kind::Name;
    std::string name;
    long long count = 0;
    figure::Figure figure;
    std::vector<Message> phrase; // one part-sentence, for Kind::Phrase

    bool operator==(const MessageArg &other) const;
};

// A sentence the engine says to a person, kept as its English template and its arguments, so
// that the command line prints it in English (english()) and the window translates the
// template and writes the numbers in the user's language. The template numbers its arguments
// %1 to %9, as QString::arg() does.
struct Message
{
    std::string context; // the translation context: "Diagnostics", "Explorer", "Plan"
    std::string text;    // the English template, as marked with TOPOPLAN_TR
    std::vector<MessageArg> args;

    // The sentence in English, numbers in the C locale as engine/core/figure writes them.
    std::string english() const;
    bool empty() const { return text.empty(); }
    bool operator==(const Message &other) const = default;
};

namespace msg {
MessageArg name(std::string name);
MessageArg count(long long n);
MessageArg figure(const figure::Figure &f);
MessageArg phrase(Message m);
// The message of a marked template: say(TOPOPLAN_TR("Plan", "tp = %1 ..."), {count(tp)}).
Message say(MessageText text, std::vector<MessageArg> args = {});
} // namespace msg

} // namespace topoplan
