#include "engine/perf/nccltests.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <sstream>
#include <string_view>

namespace topoplan {

namespace {

struct TestName
{
    const char *name;
    Collective collective;
};
constexpr TestName kTests[] = {
        {"all_reduce_perf", Collective::AllReduce},
        {"all_gather_perf", Collective::AllGather},
        {"reduce_scatter_perf", Collective::ReduceScatter},
        {"alltoall_perf", Collective::AllToAll},
};

std::vector<std::string_view> tokens(std::string_view line)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

// mpirun --tag-output and srun --label put the rank before each line: "[1,0]<stdout>:",
// "0: ".
std::string_view withoutLabel(std::string_view line)
{
    if (line.size() > 1 && line[0] == '[') {
        const std::size_t close = line.find(']');
        if (close != std::string_view::npos) {
            line.remove_prefix(close + 1);
            for (std::string_view tag : {"<stdout>:", "<stderr>:"})
                if (line.substr(0, tag.size()) == tag)
                    line.remove_prefix(tag.size());
        }
    }
    return line;
}

bool number(std::string_view s, double *out)
{
    const char *end = s.data() + s.size();
    const auto r = std::from_chars(s.data(), end, *out);
    return r.ec == std::errc() && r.ptr == end;
}

bool allDigits(std::string_view s)
{
    return !s.empty()
           && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string baseName(const std::string &path)
{
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

const char *ncclTestName(Collective c)
{
    for (const TestName &t : kTests)
        if (t.collective == c)
            return t.name;
    return "sendrecv_perf";
}

double NcclTestRun::peakBusbwGBs() const
{
    double best = 0;
    for (const NcclTestRow &r : rows)
        best = std::max(best, r.busbwGBs);
    return best;
}

double NcclTestRun::smallLatencyUs() const
{
    const auto smallest = std::min_element(
            rows.begin(), rows.end(),
            [](const NcclTestRow &a, const NcclTestRow &b) { return a.bytes < b.bytes; });
    return smallest == rows.end() ? 0 : smallest->timeUs;
}

double NcclTestRun::largestBytes() const
{
    double largest = 0;
    for (const NcclTestRow &r : rows)
        largest = std::max(largest, r.bytes);
    return largest;
}

Expected<NcclTestRun> parseNcclTests(const std::string &text, const std::string &file)
{
    NcclTestRun run;
    run.file = file;
    bool named = false;
    for (const TestName &t : kTests) {
        if (text.find(t.name) != std::string::npos || baseName(file).find(t.name) == 0) {
            run.collective = t.collective;
            run.test = t.name;
            named = true;
            break;
        }
    }
    std::set<std::string> hosts;
    int timeColumn = -1, busbwColumn = -1, columns = 0;
    std::istringstream in(text);
    std::string raw;
    int lineNo = 0;
    const auto fail = [&](const std::string &message) {
        return Error{file, "line " + std::to_string(lineNo), message};
    };
    while (std::getline(in, raw)) {
        ++lineNo;
        std::string_view line = withoutLabel(raw);
        std::vector<std::string_view> t = tokens(line);
        if (t.empty())
            continue;
        if (t[0] == "#")
            t.erase(t.begin());
        else if (t[0].size() > 1 && t[0][0] == '#')
            t[0].remove_prefix(1);
        if (t.empty())
            continue;
        const auto at = [&](std::string_view word) {
            return int(std::find(t.begin(), t.end(), word) - t.begin());
        };
        if (t[0] == "Rank" && at("on") + 1 < int(t.size())) {
            ++run.ranks;
            hosts.insert(std::string(t[at("on") + 1]));
            const std::size_t bracket = line.find(']', line.find(" device "));
            if (run.deviceName.empty() && bracket != std::string_view::npos) {
                std::string_view name = line.substr(bracket + 1);
                while (!name.empty() && (name.front() == ' ' || name.front() == '\t'))
                    name.remove_prefix(1);
                while (!name.empty() && (name.back() == ' ' || name.back() == '\r'))
                    name.remove_suffix(1);
                run.deviceName = std::string(name);
            }
            continue;
        }
        if (t[0] == "size" && at("time") < int(t.size()) && at("busbw") < int(t.size())) {
            timeColumn = at("time");
            busbwColumn = at("busbw");
            columns = int(t.size());
            continue;
        }
        // Anything else but a result row: NCCL INFO lines, the job's own output.
        if (!allDigits(t[0]) || line.find('#') != std::string_view::npos)
            continue;
        if (timeColumn < 0)
            return fail("a result row before the column header (\"#  size  count  type  redop "
                        "...  time  algbw  busbw\")");
        if (int(t.size()) < columns)
            return fail("expected " + std::to_string(columns)
                        + " columns as the header names, found " + std::to_string(t.size()));
        NcclTestRow row;
        if (!number(t[0], &row.bytes) || !number(t[timeColumn], &row.timeUs)
            || !number(t[busbwColumn], &row.busbwGBs) || row.timeUs <= 0 || row.busbwGBs < 0)
            return fail("expected the size in bytes, the time in microseconds and the bus "
                        "bandwidth in GB/s, found \""
                        + std::string(line.substr(0, 120)) + "\"");
        run.rows.push_back(row);
    }
    if (run.rows.empty())
        return Error{file,
                     {},
                     "no nccl-tests results: expected rows of size, count, type, redop, time, "
                     "algbw and busbw under their header"};
    if (run.ranks == 0)
        return Error{file,
                     {},
                     "no rank list: expected the \"# Using devices\" lines nccl-tests prints "
                     "(\"#  Rank  0 Group  0 Pid 1234 on host device  0 [0x18] NVIDIA ...\"), "
                     "which say how many GPUs on how many hosts ran the test"};
    if (!named)
        return Error{file,
                     {},
                     "which test is this? Expected its name (all_reduce_perf, all_gather_perf, "
                     "reduce_scatter_perf or alltoall_perf) in the text, as its command line, or "
                     "at the start of the file's name"};
    run.nodes = int(hosts.size());
    return run;
}

} // namespace topoplan
