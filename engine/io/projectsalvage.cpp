#include "engine/io/projectsalvage.h"

#include "engine/core/jsonin.h"
#include "engine/io/projectfile.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>

namespace topoplan {

namespace {

constexpr std::array<const char *, 4> kTopologyArrays{"domains", "nodes", "switches", "links"};

// The tokens of a JSON pointer ("/topology/links/3" -> topology, links, 3), unescaped.
std::vector<std::string> tokensOf(const std::string &pointer)
{
    std::vector<std::string> out;
    if (pointer.empty() || pointer[0] != '/')
        return out;
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            out.push_back(token);
            token.clear();
        } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
            token += pointer[++i] == '1' ? '/' : '~';
        } else {
            token += pointer[i];
        }
    }
    return out;
}

std::optional<std::size_t> indexOf(const std::string &token)
{
    std::size_t v = 0;
    const char *end = token.data() + token.size();
    auto [ptr, ec] = std::from_chars(token.data(), end, v);
    if (ec != std::errc() || ptr != end || token.empty())
        return std::nullopt;
    return v;
}

std::string idOf(const Json &item)
{
    if (item.is_object()) {
        auto it = item.find("id");
        if (it != item.end() && it->is_string())
            return cleanText(it->get_ref<const std::string &>(), 80);
    }
    return {};
}

class Salvager
{
public:
    Salvager(Json doc, const std::string &file, const Catalog &base)
        : m_doc(std::move(doc))
        , m_file(file)
        , m_base(base)
    {
        if (const Json *t = topology()) {
            for (const char *key : kTopologyArrays) {
                auto it = t->find(key);
                if (it != t->end() && it->is_array()) {
                    std::vector<std::size_t> &index = m_original[key];
                    for (std::size_t i = 0; i < it->size(); ++i)
                        index.push_back(i);
                }
            }
        }
    }

    SalvagedProject run()
    {
        SalvagedProject out;
        while (true) {
            Expected<Project> p = parseProject(m_doc, m_file, m_base);
            if (p) {
                out.project = std::move(*p);
                break;
            }
            Error e = p.error();
            const std::vector<std::string> tokens = tokensOf(e.where);
            e.where = originalPointer(tokens, e.where);
            out.problems.push_back(e);
            if (static_cast<int>(out.problems.size()) >= kMaxSalvageProblems) {
                out.truncated = true;
                break;
            }
            if (!leaveOut(tokens))
                break;
        }
        out.leftOut = std::move(m_leftOut);
        return out;
    }

private:
    Json *topology()
    {
        if (!m_doc.is_object())
            return nullptr;
        auto it = m_doc.find("topology");
        return it != m_doc.end() && it->is_object() ? &*it : nullptr;
    }

    // The path as in the file on disk: items left out earlier shift later indexes.
    std::string originalPointer(const std::vector<std::string> &tokens, const std::string &where)
    {
        if (tokens.size() < 3 || tokens[0] != "topology" || !m_original.count(tokens[1]))
            return where;
        const std::optional<std::size_t> i = indexOf(tokens[2]);
        const std::vector<std::size_t> &index = m_original[tokens[1]];
        if (!i || *i >= index.size())
            return where;
        std::string out = "/topology/" + tokens[1] + "/" + std::to_string(index[*i]);
        for (std::size_t k = 3; k < tokens.size(); ++k)
            out += "/" + escapePointer(tokens[k]);
        return out;
    }

    void eraseTopologyItem(const std::string &array, std::size_t i, const std::string &why)
    {
        Json &items = (*topology())[array];
        const std::string id = idOf(items[i]);
        const std::size_t original = m_original[array][i];
        items.erase(i);
        m_original[array].erase(m_original[array].begin() + static_cast<std::ptrdiff_t>(i));
        const std::string noun = array == "domains"    ? "domain"
                                 : array == "nodes"    ? "node"
                                 : array == "switches" ? "switch"
                                                       : "link";
        m_leftOut.push_back(noun + " " + (id.empty() ? "" : quoteText(id) + " ") + "(/topology/"
                            + array + "/" + std::to_string(original) + "): " + why);
        if (id.empty())
            return;
        eraseLayoutItem(id);
        if (array == "nodes" || array == "switches")
            eraseLinksTo(id);
        else if (array == "domains")
            releaseDomain(id);
    }

    void eraseLayoutItem(const std::string &id)
    {
        auto layout = m_doc.find("layout");
        if (layout == m_doc.end() || !layout->is_object())
            return;
        auto items = layout->find("items");
        if (items != layout->end() && items->is_object())
            items->erase(id);
    }

    void eraseLinksTo(const std::string &device)
    {
        Json *t = topology();
        auto links = t->find("links");
        if (links == t->end() || !links->is_array())
            return;
        for (std::size_t i = links->size(); i-- > 0;) {
            const Json &l = (*links)[i];
            bool touches = false;
            for (const char *end : {"a", "b"}) {
                if (l.is_object() && l.contains(end) && (*l.find(end)).is_object()) {
                    const Json &e = *l.find(end);
                    auto d = e.find("device");
                    touches = touches || (d != e.end() && d->is_string() && *d == device);
                }
            }
            if (touches)
                eraseTopologyItem("links", i, "plugged into " + quoteText(device) + ", left out");
        }
    }

    void releaseDomain(const std::string &domain)
    {
        Json *t = topology();
        auto nodes = t->find("nodes");
        if (nodes == t->end() || !nodes->is_array())
            return;
        for (Json &n : *nodes) {
            auto d = n.is_object() ? n.find("domain") : n.end();
            if (n.is_object() && d != n.end() && d->is_string() && *d == domain) {
                m_leftOut.push_back("node " + quoteText(idOf(n)) + " is no longer in domain "
                                    + quoteText(domain) + ", left out");
                n.erase("domain");
            }
        }
    }

    // Leaves out the smallest part of the document that holds `tokens`; false when that is
    // the whole project (nothing left to read).
    bool leaveOut(const std::vector<std::string> &tokens)
    {
        if (tokens.empty() || !m_doc.is_object())
            return false;
        const std::string &top = tokens[0];
        if (top == "format" || top == "version" || !m_doc.contains(top))
            return false;
        if (top == "topology") {
            Json *t = topology();
            if (!t || tokens.size() < 2)
                return false;
            if (m_original.count(tokens[1])) {
                Json &items = (*t)[tokens[1]];
                const std::optional<std::size_t> i
                        = tokens.size() >= 3 ? indexOf(tokens[2]) : std::nullopt;
                if (!items.is_array() || !i || *i >= items.size())
                    return false; // the list itself is broken
                eraseTopologyItem(tokens[1], *i, "has the problem above");
                return true;
            }
            if (!t->contains(tokens[1]))
                return false;
            t->erase(tokens[1]);
            m_leftOut.push_back("/topology/" + escapePointer(tokens[1]) + ", an unknown member");
            return true;
        }
        Json &section = m_doc[top];
        if (top == "layout" && tokens.size() >= 3 && tokens[1] == "items" && section.is_object()
            && section.contains("items") && section["items"].is_object()
            && section["items"].contains(tokens[2])) {
            section["items"].erase(tokens[2]);
            m_leftOut.push_back("the position of " + quoteText(tokens[2]));
            return true;
        }
        if (top == "catalog" && tokens.size() >= 3 && section.is_object()
            && section.contains(tokens[1])) {
            Json &entries = section[tokens[1]];
            if (entries.is_object() && entries.contains(tokens[2])) {
                entries.erase(tokens[2]);
                m_leftOut.push_back("catalog entry /catalog/" + escapePointer(tokens[1]) + "/"
                                    + escapePointer(tokens[2]));
                return true;
            }
            const std::optional<std::size_t> i = indexOf(tokens[2]);
            if (entries.is_array() && i && *i < entries.size()) {
                entries.erase(*i);
                m_leftOut.push_back("catalog entry /catalog/" + escapePointer(tokens[1]) + "/"
                                    + tokens[2]);
                return true;
            }
        }
        m_doc.erase(top);
        m_leftOut.push_back(
                "/" + escapePointer(top)
                + (top == "workload" || top == "plan" ? " (the defaults are used)" : ""));
        return true;
    }

    Json m_doc;
    std::string m_file;
    const Catalog &m_base;
    std::map<std::string, std::vector<std::size_t>> m_original; // per topology array
    std::vector<std::string> m_leftOut;
};

} // namespace

SalvagedProject salvageProject(const std::string &path, const Catalog &base)
{
    Expected<Json> doc = readJsonFile(path);
    if (!doc) {
        SalvagedProject out;
        out.problems.push_back(doc.error());
        return out;
    }
    return Salvager(std::move(*doc), path, base).run();
}

} // namespace topoplan
