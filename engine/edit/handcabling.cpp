#include "engine/edit/handcabling.h"

#include "engine/core/figure.h"
#include "engine/edit/editing.h"
#include "engine/model/naming.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace topoplan {

namespace {

Error cablingError(std::string message)
{
    return Error{{}, "/topology/links", std::move(message)};
}

std::vector<int> freePorts(const std::vector<bool> &used)
{
    std::vector<int> out;
    for (std::size_t p = 0; p < used.size(); ++p) {
        if (!used[p])
            out.push_back(int(p));
    }
    return out;
}

// The rails of a server model: a NIC position within a tray (a rack's trays repeat the same
// NICs), as the generator lays rails out.
int railsOf(const ServerModel &m)
{
    const int trays = std::max(m.trays, 1);
    return m.nics % trays == 0 ? std::max(m.nics / trays, 1) : std::max(m.nics, 1);
}

// "1-4", "1, 3, 5" or "2": 1-based rails of a sorted set.
std::string railList(const std::vector<int> &rails)
{
    if (rails.empty())
        return "none";
    bool consecutive = true;
    for (std::size_t i = 1; i < rails.size(); ++i)
        consecutive = consecutive && rails[i] == rails[i - 1] + 1;
    if (rails.size() == 1)
        return "rail " + std::to_string(rails.front() + 1);
    if (consecutive)
        return "rails " + std::to_string(rails.front() + 1) + "-"
               + std::to_string(rails.back() + 1);
    std::string out = "rails ";
    for (std::size_t i = 0; i < rails.size(); ++i)
        out += (i ? ", " : "") + std::to_string(rails[i] + 1);
    return out;
}

std::string plural(int n, const std::string &one, const std::string &many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "leaf" -> "leaves", "spine" -> "spines", "core" -> "cores".
std::string tierPlural(Tier t)
{
    return t == Tier::Leaf ? "leaves" : std::string(toString(t)) + "s";
}

std::string ratioText(double r)
{
    return figure::number(r, 2) + ":1";
}

Expected<int> wantedCount(const CablingRequest &request, int implied, int available,
                          const std::string &nothingLeft, const std::string &shortOf)
{
    if (request.count && *request.count < 1)
        return cablingError("a connection has at least 1 cable, not "
                            + std::to_string(*request.count));
    if (!request.count && implied == 0)
        return cablingError(nothingLeft);
    const int count = request.count.value_or(implied);
    if (count > available)
        return cablingError(shortOf + "; " + std::to_string(count) + " asked");
    return count;
}

Expected<CablingProposal> serverToSwitch(const Topology &t, const Catalog &c, const Node &node,
                                         const Switch &sw, CablingProposal p,
                                         const CablingRequest &request)
{
    const ServerModel &server = *c.server(node.model);
    const SwitchModel &swModel = *c.switchModel(sw.model);
    const int rails = railsOf(server);
    const std::string nodeName = displayName(t, node.id);
    const std::string swName = displayName(t, sw.id);
    const std::vector<bool> nicUsed = usedPorts(t, node.id, server.nics);
    const std::vector<int> swFree = freePorts(usedPorts(t, sw.id, swModel.ports));

    // The switch's rail set: the rails of the server NICs already on it.
    std::set<int> railSet;
    std::string peer;
    for (const Link &l : t.links) {
        const Endpoint *far = l.a.device == sw.id ? &l.b : l.b.device == sw.id ? &l.a : nullptr;
        const Node *other = far ? t.node(far->device) : nullptr;
        const ServerModel *om = other ? c.server(other->model) : nullptr;
        if (!om)
            continue;
        for (int k = 0; k < l.count; ++k)
            railSet.insert((far->port + k) % railsOf(*om));
        if (peer.empty() && other->id != node.id)
            peer = displayName(t, other->id);
    }
    std::vector<int> freeRails; // of this server, in order
    for (int nic = 0; nic < server.nics; ++nic) {
        const int rail = nic % rails;
        if (!nicUsed[std::size_t(nic)]
            && std::find(freeRails.begin(), freeRails.end(), rail) == freeRails.end())
            freeRails.push_back(rail);
    }
    std::sort(freeRails.begin(), freeRails.end());
    if (railSet.empty()) {
        // A switch no server uses yet: the server's uncabled rails are shared out over the
        // switches of this tier that no server uses yet, in order.
        int empty = 0;
        for (const Switch &s : t.switches) {
            const SwitchModel *m = c.switchModel(s.model);
            if (s.failed || s.tier != sw.tier || !m || c.inferMedium(server, *m).empty())
                continue;
            const bool used = std::any_of(t.links.begin(), t.links.end(), [&](const Link &l) {
                const std::string &far = l.a.device == s.id   ? l.b.device
                                         : l.b.device == s.id ? l.a.device
                                                              : std::string();
                return !far.empty() && t.node(far);
            });
            empty += used ? 0 : 1;
        }
        empty = std::max(empty, 1);
        const int take = int((freeRails.size() + std::size_t(empty) - 1) / std::size_t(empty));
        railSet.insert(freeRails.begin(), freeRails.begin() + take);
        const std::vector<int> taken(railSet.begin(), railSet.end());
        p.reason = swName + " carries no server yet: " + nodeName + "'s "
                   + plural(int(freeRails.size()), "uncabled rail", "uncabled rails")
                   + ", shared over the "
                   + plural(empty, "empty " + std::string(toString(sw.tier)),
                            "empty " + tierPlural(sw.tier))
                   + ", give it " + railList(taken);
    } else {
        const std::vector<int> set(railSet.begin(), railSet.end());
        p.reason = swName + " carries " + railList(set)
                   + (peer.empty() ? std::string() : " (as " + peer + ")");
    }

    std::vector<int> inSet, offSet;
    for (int nic = 0; nic < server.nics; ++nic) {
        if (nicUsed[std::size_t(nic)])
            continue;
        (railSet.count(nic % rails) ? inSet : offSet).push_back(nic);
    }
    p.implied = int(std::min(inSet.size(), swFree.size()));
    p.available = int(std::min(inSet.size() + offSet.size(), swFree.size()));
    const std::vector<int> setRails(railSet.begin(), railSet.end());
    std::string shortOf = nodeName + " has "
                          + plural(int(inSet.size() + offSet.size()), "free NIC", "free NICs")
                          + " and " + swName + " " + std::to_string(swFree.size()) + " of "
                          + std::to_string(swModel.ports) + " ports free";
    Expected<int> count = wantedCount(
            request, p.implied, p.available,
            swFree.empty() ? swName + " has 0 of " + std::to_string(swModel.ports) + " ports free"
                           : nodeName + "'s NICs of " + railList(setRails) + " (" + swName
                                     + "'s) are all cabled; state a count to cable others",
            shortOf);
    if (!count)
        return count.error();

    std::vector<int> chosen(inSet.begin(),
                            inSet.begin() + std::min<int>(*count, int(inSet.size())));
    std::vector<int> off;
    for (std::size_t i = 0; int(chosen.size()) < *count; ++i) {
        chosen.push_back(offSet[i]);
        off.push_back(offSet[i] % rails);
    }
    if (!off.empty()) {
        p.notes.push_back(railList(off) + " of " + nodeName + " are not among " + swName + "'s "
                          + railList(setRails)
                          + ": traffic between them and the rest of their rail climbs a tier");
    }
    IdMaker ids(t);
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        Link l;
        l.id = ids.next("link");
        l.a = Endpoint{node.id, chosen[i]};
        l.b = Endpoint{sw.id, swFree[i]};
        l.medium = p.medium;
        l.count = 1;
        p.cablesText.push_back(nodeName + " " + railText(chosen[i] % rails, 1) + " (NIC "
                               + std::to_string(chosen[i]) + ") - " + swName + " port "
                               + std::to_string(swFree[i]));
        p.added.push_back(std::move(l));
    }
    p.cables = *count;
    return p;
}

Expected<CablingProposal> switchToSwitch(const Topology &t, const Catalog &c, const Switch &sa,
                                         const Switch &sb, CablingProposal p,
                                         const CablingRequest &request)
{
    const bool aLower = tierRank(sa.tier) <= tierRank(sb.tier);
    const Switch &lower = aLower ? sa : sb;
    const Switch &upper = aLower ? sb : sa;
    const SwitchModel &lowerModel = *c.switchModel(lower.model);
    const SwitchModel &upperModel = *c.switchModel(upper.model);
    const std::string lowerName = displayName(t, lower.id);
    const std::string upperName = displayName(t, upper.id);
    const std::vector<bool> lowerUsed = usedPorts(t, lower.id, lowerModel.ports);
    const std::vector<bool> upperUsed = usedPorts(t, upper.id, upperModel.ports);
    const std::vector<int> lowerFree = freePorts(lowerUsed);
    const std::vector<int> upperFree = freePorts(upperUsed);
    p.available = int(std::min(lowerFree.size(), upperFree.size()));

    int existing = 0;
    for (const Link &l : t.links) {
        if ((l.a.device == lower.id && l.b.device == upper.id)
            || (l.a.device == upper.id && l.b.device == lower.id))
            existing += l.count;
    }
    if (lower.tier == upper.tier) {
        p.implied = 1;
        p.reason = lowerName + " and " + upperName + " are both " + toString(lower.tier)
                   + "s: one cable unless stated";
    } else {
        const double r = request.oversubscription;
        if (!(r >= 1) || !std::isfinite(r))
            return cablingError("an oversubscription is 1:1 or more, not " + ratioText(r));
        int down = 0;
        for (const Link &l : t.links) {
            const std::string *far = l.a.device == lower.id   ? &l.b.device
                                     : l.b.device == lower.id ? &l.a.device
                                                              : nullptr;
            if (!far)
                continue;
            const Switch *s = t.switchById(*far);
            if (t.node(*far) || (s && tierRank(s->tier) < tierRank(lower.tier)))
                down += l.count;
        }
        const int up = down > 0 ? int(std::ceil(down / r - 1e-9))
                                : int(std::floor(lowerModel.ports / (r + 1) + 1e-9));
        std::vector<const Switch *> uppers;
        for (const Switch &s : t.switches) {
            const SwitchModel *m = c.switchModel(s.model);
            if (s.tier == upper.tier && (!s.failed || s.id == upper.id) && m
                && !c.inferMedium(lowerModel, *m).empty())
                uppers.push_back(&s);
        }
        const auto index
                = std::distance(uppers.begin(), std::find(uppers.begin(), uppers.end(), &upper));
        const int n = std::max(int(uppers.size()), 1);
        const int share = up / n + (index < up % n ? 1 : 0);
        p.implied = std::min(std::max(share - existing, 0), p.available);
        const std::string tierName = toString(upper.tier);
        p.reason = (down > 0 ? lowerName + " has " + plural(down, "downlink", "downlinks")
                             : lowerName + " has no downlinks yet; its "
                                       + std::to_string(lowerModel.ports) + " ports split")
                   + " at " + ratioText(r) + ": " + plural(up, "uplink", "uplinks") + " over "
                   + plural(n, tierName, tierPlural(upper.tier)) + ", " + std::to_string(share)
                   + " to " + upperName
                   + (existing > 0 ? " (" + std::to_string(existing) + " cabled already)"
                                   : std::string());
    }
    Expected<int> count = wantedCount(
            request, p.implied, p.available,
            lowerName + " has its " + plural(existing, "cable", "cables") + " to " + upperName
                    + " already (" + p.reason + ")",
            lowerName + " has " + std::to_string(lowerFree.size()) + " of "
                    + std::to_string(lowerModel.ports) + " ports free and " + upperName + " "
                    + std::to_string(upperFree.size()) + " of " + std::to_string(upperModel.ports));
    if (!count)
        return count.error();
    p.cables = *count;

    // A bundle between the two on this medium grows in place where the ports after it are free
    // at both ends; otherwise new bundles take the lowest free ports, never moving a cable.
    const auto freeRun = [](const std::vector<bool> &used, int first, int n) {
        if (first < 0 || first + n > int(used.size()))
            return false;
        for (int q = first; q < first + n; ++q) {
            if (used[std::size_t(q)])
                return false;
        }
        return true;
    };
    for (const Link &l : t.links) {
        const bool forward = l.a.device == lower.id && l.b.device == upper.id;
        const bool backward = l.a.device == upper.id && l.b.device == lower.id;
        if ((!forward && !backward) || l.medium != p.medium || l.failed)
            continue;
        const Endpoint &lo = forward ? l.a : l.b;
        const Endpoint &hi = forward ? l.b : l.a;
        if (freeRun(lowerUsed, lo.port + l.count, *count)
            && freeRun(upperUsed, hi.port + l.count, *count)) {
            p.grownId = l.id;
            p.grownCount = l.count + *count;
            for (int k = 0; k < *count; ++k)
                p.cablesText.push_back(lowerName + " port " + std::to_string(lo.port + l.count + k)
                                       + " - " + upperName + " port "
                                       + std::to_string(hi.port + l.count + k));
            return p;
        }
    }
    IdMaker ids(t);
    for (int i = 0; i < *count; ++i) {
        const int lp = lowerFree[std::size_t(i)];
        const int hp = upperFree[std::size_t(i)];
        p.cablesText.push_back(lowerName + " port " + std::to_string(lp) + " - " + upperName
                               + " port " + std::to_string(hp));
        if (!p.added.empty()) {
            Link &last = p.added.back();
            if (last.a.port + last.count == lp && last.b.port + last.count == hp) {
                ++last.count;
                continue;
            }
        }
        Link l;
        l.id = ids.next("link");
        l.a = Endpoint{lower.id, lp};
        l.b = Endpoint{upper.id, hp};
        l.medium = p.medium;
        l.count = 1;
        p.added.push_back(std::move(l));
    }
    return p;
}

} // namespace

Expected<CablingProposal> proposeCabling(const Topology &topology, const Catalog &catalog,
                                         const std::string &a, const std::string &b,
                                         const CablingRequest &request)
{
    Expected<std::string> medium = linkMedium(topology, catalog, a, b);
    if (!medium)
        return medium.error();
    CablingProposal p;
    p.a = a;
    p.b = b;
    p.medium = *medium;
    const Node *node = topology.node(a) ? topology.node(a) : topology.node(b);
    if (node) {
        const Switch *sw = topology.switchById(node->id == a ? b : a);
        return serverToSwitch(topology, catalog, *node, *sw, std::move(p), request);
    }
    return switchToSwitch(topology, catalog, *topology.switchById(a), *topology.switchById(b),
                          std::move(p), request);
}

Topology applyCabling(const Topology &topology, const CablingProposal &proposal)
{
    Topology t = topology;
    for (Link &l : t.links) {
        if (l.id == proposal.grownId)
            l.count = proposal.grownCount;
    }
    t.links.insert(t.links.end(), proposal.added.begin(), proposal.added.end());
    return t;
}

} // namespace topoplan
