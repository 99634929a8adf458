#include "engine/generate/generatorlayout.h"

#include <algorithm>
#include <cmath>

namespace topoplan::generator {

using namespace diagram;

namespace {

double rowWidth(std::size_t n, double itemWidth)
{
    return n == 0 ? 0 : n * itemWidth + (n - 1) * kItemGap;
}

void placeRow(const std::vector<int> &indices, const std::vector<Switch> &sw, double centerX,
              double y, Layout *out)
{
    double x = centerX - rowWidth(indices.size(), kSwitchWidth) / 2;
    for (int i : indices) {
        out->items[sw[i].id] = LayoutItem{x, y, 0, 0, {}};
        x += kSwitchWidth + kItemGap;
    }
}

// One thing in the node area: a node, or a custom domain box with its trays.
struct Cell
{
    int domain = -1;
    std::vector<int> nodes;
    double w = kNodeWidth;
    double h = kNodeHeight;
};

Cell domainCell(int domain, std::vector<int> members)
{
    Cell c;
    c.domain = domain;
    const int n = static_cast<int>(members.size());
    const int cols = std::max(1, std::min(n, kMaxDomainColumns));
    const int rows = static_cast<int>(ceilDiv(n, cols));
    c.w = 2 * kDomainPadding + rowWidth(cols, kNodeWidth);
    c.h = kDomainHeader + 2 * kDomainPadding + rows * kNodeHeight + (rows - 1) * kItemGap;
    c.nodes = std::move(members);
    return c;
}

void placeCell(const Cell &c, const Topology &t, double x, double y, Layout *out)
{
    if (c.domain < 0) {
        out->items[t.nodes[c.nodes.front()].id] = LayoutItem{x, y, 0, 0, {}};
        return;
    }
    out->items[t.domains[c.domain].id] = LayoutItem{x, y, c.w, c.h, {}};
    const int cols = std::min(static_cast<int>(c.nodes.size()), kMaxDomainColumns);
    for (std::size_t k = 0; k < c.nodes.size(); ++k) {
        double nx = x + kDomainPadding + (k % cols) * (kNodeWidth + kItemGap);
        double ny = y + kDomainHeader + kDomainPadding + (k / cols) * (kNodeHeight + kItemGap);
        out->items[t.nodes[c.nodes[k]].id] = LayoutItem{nx, ny, 0, 0, {}};
    }
}

struct GroupBlock
{
    std::vector<Cell> cells;
    int cols = 1;
    double cellWidth = kNodeWidth;
    double width = 0; // max of the node block and the leaf row
};

void sizeGroup(GroupBlock *g, std::size_t leaves)
{
    const double leafWidth = rowWidth(leaves, kSwitchWidth);
    for (const Cell &c : g->cells)
        g->cellWidth = std::max(g->cellWidth, c.w);
    const int n = static_cast<int>(g->cells.size());
    const int fit = static_cast<int>((leafWidth + kItemGap) / (g->cellWidth + kItemGap));
    const int square = static_cast<int>(std::ceil(std::sqrt(2.0 * n)));
    g->cols = std::max(1, std::min(n, std::max({kMinColumns, fit, square})));
    g->width = std::max(rowWidth(n == 0 ? 0 : g->cols, g->cellWidth), leafWidth);
}

void placeGroup(const GroupBlock &g, const Topology &t, double left, double top, Layout *out)
{
    const double block = rowWidth(std::min<std::size_t>(g.cols, g.cells.size()), g.cellWidth);
    const double x0 = left + (g.width - block) / 2;
    double y = top;
    for (std::size_t first = 0; first < g.cells.size(); first += g.cols) {
        double rowHeight = 0;
        for (std::size_t k = first; k < std::min(first + g.cols, g.cells.size()); ++k) {
            placeCell(g.cells[k], t, x0 + (k - first) * (g.cellWidth + kItemGap), y, out);
            rowHeight = std::max(rowHeight, g.cells[k].h);
        }
        y += rowHeight + kItemGap;
    }
}

void shiftToOrigin(Layout *layout)
{
    double minX = 0, minY = 0;
    bool first = true;
    for (const auto &[id, item] : layout->items) {
        minX = first ? item.x : std::min(minX, item.x);
        minY = first ? item.y : std::min(minY, item.y);
        first = false;
    }
    for (auto &[id, item] : layout->items) {
        item.x -= minX;
        item.y -= minY;
    }
}

} // namespace

Layout layoutProject(const Topology &t, const std::vector<int> &nodeDomain,
                     const GeneratedFabric *f)
{
    Layout out;
    const std::size_t groupCount = f ? f->groupLeaves.size() : 1;
    std::vector<GroupBlock> groups(groupCount);
    std::vector<std::vector<int>> members(t.domains.size());
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        if (nodeDomain[i] >= 0)
            members[nodeDomain[i]].push_back(static_cast<int>(i));
    }
    std::vector<bool> placed(t.domains.size(), false);
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        GroupBlock &g = groups[f ? f->nodeGroup[i] : 0];
        const int d = nodeDomain[i];
        if (d < 0) {
            g.cells.push_back(Cell{-1, {static_cast<int>(i)}});
        } else if (!placed[d]) {
            placed[d] = true;
            g.cells.push_back(domainCell(d, members[d]));
        }
    }
    for (std::size_t g = 0; g < groupCount; ++g)
        sizeGroup(&groups[g], f ? f->groupLeaves[g].size() : 0);

    const bool hasCores = f && !f->cores.empty();
    const bool hasSpines = f && std::any_of(f->pods.begin(), f->pods.end(), [](const Pod &p) {
                               return !p.spines.empty();
                           });
    const double lane = kSwitchHeight + kLaneGap;
    const double spineY = hasCores ? lane : 0;
    const double leafY = spineY + (hasSpines ? lane : 0);
    const double nodeY = f ? leafY + lane : 0;

    std::vector<Pod> pods = f ? f->pods : std::vector<Pod>{Pod{0, 1, {}}};
    double x = 0;
    for (const Pod &pod : pods) {
        double groupsWidth = 0;
        for (int g = pod.firstGroup; g < pod.firstGroup + pod.groupCount; ++g)
            groupsWidth += groups[g].width + (g > pod.firstGroup ? kGroupGap : 0);
        const double podWidth = std::max(groupsWidth, rowWidth(pod.spines.size(), kSwitchWidth));
        double gx = x + (podWidth - groupsWidth) / 2;
        for (int g = pod.firstGroup; g < pod.firstGroup + pod.groupCount; ++g) {
            placeGroup(groups[g], t, gx, nodeY, &out);
            if (f)
                placeRow(f->groupLeaves[g], f->switches, gx + groups[g].width / 2, leafY, &out);
            gx += groups[g].width + kGroupGap;
        }
        if (f)
            placeRow(pod.spines, f->switches, x + podWidth / 2, spineY, &out);
        x += podWidth + kGroupGap;
    }
    if (hasCores)
        placeRow(f->cores, f->switches, (x - kGroupGap) / 2, 0, &out);
    shiftToOrigin(&out);
    return out;
}

Layout layoutOverNodes(const Project &p, const std::vector<NodeRef> &nodes,
                       const GeneratedFabric &f)
{
    Layout out;
    const std::size_t groupCount = f.groupLeaves.size();
    std::vector<double> lo(groupCount, 0), hi(groupCount, 0);
    std::vector<bool> seen(groupCount, false);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        auto it = p.layout.items.find(nodes[i].id);
        if (it == p.layout.items.end())
            continue;
        const int g = f.nodeGroup[i];
        lo[g] = seen[g] ? std::min(lo[g], it->second.x) : it->second.x;
        hi[g] = seen[g] ? std::max(hi[g], it->second.x + kNodeWidth) : it->second.x + kNodeWidth;
        seen[g] = true;
    }
    // Above everything drawn so far, so that a second fabric never covers the first.
    double top = 0;
    for (auto it = p.layout.items.begin(); it != p.layout.items.end(); ++it)
        top = it == p.layout.items.begin() ? it->second.y : std::min(top, it->second.y);
    const double lane = kSwitchHeight + kLaneGap;
    const double leafY = top - lane;
    const double spineY = leafY - lane;
    const double coreY = spineY - lane;
    double edge = -1e300; // right end of the last row placed
    std::vector<double> leafLo(groupCount), leafHi(groupCount);
    for (std::size_t g = 0; g < groupCount; ++g) {
        const double w = rowWidth(f.groupLeaves[g].size(), kSwitchWidth);
        const double center
                = seen[g] ? (lo[g] + hi[g]) / 2 : (g == 0 ? w / 2 : edge + kGroupGap + w / 2);
        const double left = std::max(center - w / 2, edge + kGroupGap);
        placeRow(f.groupLeaves[g], f.switches, left + w / 2, leafY, &out);
        leafLo[g] = left;
        leafHi[g] = left + w;
        edge = left + w;
    }
    edge = -1e300;
    for (const Pod &pod : f.pods) {
        const double w = rowWidth(pod.spines.size(), kSwitchWidth);
        const int last = pod.firstGroup + pod.groupCount - 1;
        const double center = (leafLo[pod.firstGroup] + leafHi[last]) / 2;
        const double left = std::max(center - w / 2, edge + kGroupGap);
        placeRow(pod.spines, f.switches, left + w / 2, spineY, &out);
        edge = left + w;
    }
    if (!f.cores.empty())
        placeRow(f.cores, f.switches, (leafLo.front() + leafHi.back()) / 2, coreY, &out);
    return out;
}

} // namespace topoplan::generator
