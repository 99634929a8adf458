#include "engine/generate/generatorlayout.h"

#include <algorithm>
#include <cmath>
#include <iterator>

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

double groupHeight(const GroupBlock &g)
{
    double h = 0;
    for (std::size_t first = 0; first < g.cells.size(); first += g.cols) {
        double rowHeight = 0;
        for (std::size_t k = first; k < std::min(first + g.cols, g.cells.size()); ++k)
            rowHeight = std::max(rowHeight, g.cells[k].h);
        h += rowHeight + (first > 0 ? kItemGap : 0);
    }
    return h;
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

// Switches in rows of at most `width`, centred on centerX, the first row at y.
void placeWrapped(const std::vector<int> &indices, const std::vector<Switch> &sw, double width,
                  double centerX, double y, Layout *out)
{
    const std::size_t perRow = switchesPerRow(indices.size(), width);
    for (std::size_t first = 0; first < indices.size(); first += perRow) {
        const std::vector<int> row(
                indices.begin() + static_cast<std::ptrdiff_t>(first),
                indices.begin()
                        + static_cast<std::ptrdiff_t>(std::min(first + perRow, indices.size())));
        placeRow(row, sw, centerX, y, out);
        y += kSwitchHeight + kItemGap;
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

// What sits under the top tier and repeats: a pod (its spines, leaves and nodes) when there
// are cores, else a group (its leaves and nodes) under the spines.
struct Block
{
    std::vector<int> groups;
    const std::vector<int> *spines = nullptr; // a pod's, placed in the block
    double groupsWidth = 0;
    double width = 0;
    double height = 0;
};

void placeBlock(const Block &b, const std::vector<GroupBlock> &groups, const Topology &t,
                const GeneratedFabric *f, double left, double top, Layout *out)
{
    const double lane = kSwitchHeight + kLaneGap;
    const double leafY = top + (b.spines ? lane : 0);
    const double nodeY = f ? leafY + lane : top;
    double gx = left + (b.width - b.groupsWidth) / 2;
    for (int g : b.groups) {
        placeGroup(groups[g], t, gx, nodeY, out);
        if (f)
            placeRow(f->groupLeaves[g], f->switches, gx + groups[g].width / 2, leafY, out);
        gx += groups[g].width + kGroupGap;
    }
    if (b.spines)
        placeRow(*b.spines, f->switches, left + b.width / 2, top, out);
}

// The colours planes (and a rail-only fabric's rails) are told apart by on the canvas: Okabe
// and Ito's palette for colour-blind readers, cycled past eight.
constexpr const char *kPlaneColours[]
        = {"#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000"};

void colourPlanes(const GeneratedFabric &f, Layout *out)
{
    for (std::size_t i = 0; i < f.switchPlane.size(); ++i) {
        auto it = out->items.find(f.switches[i].id);
        if (it != out->items.end())
            it->second.color = kPlaneColours[f.switchPlane[i] % std::size(kPlaneColours)];
    }
}

} // namespace

std::size_t switchesPerRow(std::size_t count, double width)
{
    const auto fit = static_cast<std::size_t>((width + kItemGap) / (kSwitchWidth + kItemGap));
    return std::max<std::size_t>(1, std::min(count, fit));
}

double topBandHeight(std::size_t count, double width)
{
    if (count == 0)
        return 0;
    const std::size_t perRow = switchesPerRow(count, width);
    const std::size_t rows = (count + perRow - 1) / perRow;
    return rows * kSwitchHeight + (rows - 1) * kItemGap;
}

GridShape gridShape(const std::vector<double> &blockWidths, double blockHeight,
                    std::size_t topSwitches)
{
    const std::size_t n = blockWidths.size();
    GridShape best;
    best.columns = std::max<std::size_t>(1, n);
    if (n <= 1)
        return best;
    // One row first: the blocks side by side, the top tier in one row over them.
    double rowWidthAll = 0;
    for (double w : blockWidths)
        rowWidthAll += w;
    rowWidthAll += (n - 1) * kGroupGap;
    const double topWidth = rowWidth(topSwitches, kSwitchWidth);
    const double lane = kSwitchHeight + kLaneGap;
    const double oneRowHeight = (topSwitches ? lane : 0) + blockHeight;
    const double oneRowAspect = std::max(rowWidthAll, topWidth) / oneRowHeight;
    if (oneRowAspect <= kMaxRowAspect)
        return best;
    const double cell = *std::max_element(blockWidths.begin(), blockWidths.end());
    double bestScore = std::abs(std::log(oneRowAspect / kGridAspect));
    for (std::size_t c = 1; c < n; ++c) {
        const std::size_t rows = (n + c - 1) / c;
        const double w = c * cell + (c - 1) * kGroupGap;
        const double top = topBandHeight(topSwitches, w);
        const double h
                = (top > 0 ? top + kLaneGap : 0) + rows * blockHeight + (rows - 1) * kLaneGap;
        const double score = std::abs(std::log(w / h / kGridAspect));
        if (score < bestScore) {
            bestScore = score;
            best.columns = c;
            best.wrapped = true;
        }
    }
    return best;
}

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
    const double lane = kSwitchHeight + kLaneGap;

    // The blocks under the top tier: pods under the cores, else groups under the spines.
    std::vector<Block> blocks;
    std::vector<int> topTier; // cores, or the single pod's spines
    if (hasCores) {
        topTier = f->cores;
        for (const Pod &pod : f->pods) {
            Block b;
            for (int g = pod.firstGroup; g < pod.firstGroup + pod.groupCount; ++g)
                b.groups.push_back(g);
            b.spines = &pod.spines;
            blocks.push_back(std::move(b));
        }
    } else {
        if (f) {
            for (const Pod &pod : f->pods)
                topTier.insert(topTier.end(), pod.spines.begin(), pod.spines.end());
        }
        for (std::size_t g = 0; g < groupCount; ++g)
            blocks.push_back(Block{{static_cast<int>(g)}, nullptr, 0, 0, 0});
    }
    double blockHeight = 0;
    std::vector<double> widths;
    for (Block &b : blocks) {
        double nodes = 0;
        for (int g : b.groups) {
            b.groupsWidth += groups[g].width + (g > b.groups.front() ? kGroupGap : 0);
            nodes = std::max(nodes, groupHeight(groups[g]));
        }
        b.width = std::max(b.groupsWidth,
                           b.spines ? rowWidth(b.spines->size(), kSwitchWidth) : 0.0);
        b.height = (b.spines ? lane : 0) + (f ? lane : 0) + nodes;
        blockHeight = std::max(blockHeight, b.height);
        widths.push_back(b.width);
    }

    const GridShape shape = gridShape(widths, blockHeight, topTier.size());
    if (!shape.wrapped) {
        // One row: the blocks side by side, the top tier in one row centred over them.
        const double top = topTier.empty() ? 0 : lane;
        double x = 0;
        for (const Block &b : blocks) {
            placeBlock(b, groups, t, f, x, top, &out);
            x += b.width + kGroupGap;
        }
        if (!topTier.empty())
            placeRow(topTier, f->switches, (x - kGroupGap) / 2, 0, &out);
    } else {
        // A grid of equal cells, rows a lane apart for the links from the top tier, which
        // wraps to the grid's width.
        const double cell = *std::max_element(widths.begin(), widths.end());
        const double gridWidth = shape.columns * cell + (shape.columns - 1) * kGroupGap;
        const double topHeight = topBandHeight(topTier.size(), gridWidth);
        if (!topTier.empty())
            placeWrapped(topTier, f->switches, gridWidth, gridWidth / 2, 0, &out);
        const double gridTop = topHeight > 0 ? topHeight + kLaneGap : 0;
        for (std::size_t k = 0; k < blocks.size(); ++k) {
            const std::size_t row = k / shape.columns, column = k % shape.columns;
            placeBlock(blocks[k], groups, t, f,
                       column * (cell + kGroupGap) + (cell - blocks[k].width) / 2,
                       gridTop + row * (blockHeight + kLaneGap), &out);
        }
    }
    shiftToOrigin(&out);
    if (f)
        colourPlanes(*f, &out);
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
    colourPlanes(f, &out);
    return out;
}

} // namespace topoplan::generator

namespace topoplan::diagram {

std::vector<Band> bands(const std::vector<std::pair<double, double>> &spans)
{
    std::vector<std::size_t> order(spans.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return spans[a].first < spans[b].first; });
    std::vector<Band> out;
    for (std::size_t i : order) {
        const auto [top, bottom] = spans[i];
        if (out.empty() || top > out.back().bottom + kLaneGap / 2)
            out.push_back(Band{top, bottom, {}});
        out.back().bottom = std::max(out.back().bottom, bottom);
        out.back().members.push_back(i);
    }
    return out;
}

} // namespace topoplan::diagram
