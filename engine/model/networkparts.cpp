#include "engine/model/networkparts.h"

#include "engine/core/jsonin.h"

#include <cmath>

namespace topoplan {

namespace {

// The most a single part of a network draws, watts: far above any (a 102.4T switch draws a few
// kilowatts); more is a typo.
constexpr double kMaxPartPowerW = 100'000;

double partPower(const JsonIn &j)
{
    const double w = j.nonNegative("power_w", 0);
    if (w > kMaxPartPowerW)
        j.at("power_w").fail("expected watts up to " + std::to_string(int(kMaxPartPowerW)));
    return w;
}

} // namespace

TransceiverModel parseTransceiver(const JsonIn &j)
{
    j.expectOnly({"id", "name", "ports", "port_gbit_s", "optics", "media", "reach_m", "power_w",
                  "source"});
    TransceiverModel t;
    t.id = j.at("id").id();
    t.name = j.string("name", t.id);
    t.ports = j.positiveInt("ports", 1, 8);
    t.portGbits = j.positive("port_gbit_s");
    t.optics = j.choice("optics", {"SR", "DR", "FR"});
    for (const JsonIn &m : j.at("media").items())
        t.media.push_back(m.id());
    if (t.media.empty())
        j.at("media").fail("expected the ids of the media it carries");
    t.reachM = j.positive("reach_m");
    t.powerW = partPower(j);
    t.source = j.string("source", "");
    return t;
}

CableModel parseCable(const JsonIn &j)
{
    j.expectOnly({"id", "name", "power_w", "source"});
    CableModel c;
    const std::string id = j.at("id").id();
    bool known = false;
    for (const char *kind : kCableKinds)
        known = known || id == kind;
    if (!known)
        j.at("id").fail("expected a kind of cable: dac, acc, aoc, mmf, smf or lc");
    c.id = id;
    c.name = j.string("name", c.id);
    c.powerW = partPower(j);
    c.source = j.string("source", "");
    return c;
}

NicModel parseNic(const JsonIn &j)
{
    j.expectOnly({"id", "name", "ports", "port_gbit_s", "planes", "pcie", "power_w", "source"});
    NicModel n;
    n.id = j.at("id").id();
    n.name = j.string("name", n.id);
    n.ports = j.positiveInt("ports", 1, 16);
    n.portGbits = j.positive("port_gbit_s");
    n.planes = j.positiveInt("planes", 1, 16);
    if (std::fmod(n.portGbits, n.planes) != 0)
        j.at("planes").fail("expected a number of planes that divides the port's "
                            + std::to_string(int(n.portGbits)) + " Gb/s");
    n.pcie = j.string("pcie", "");
    n.powerW = partPower(j);
    n.source = j.string("source", "");
    return n;
}

} // namespace topoplan
