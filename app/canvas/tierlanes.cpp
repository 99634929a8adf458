#include "app/canvas/tierlanes.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/linkgeometry.h"
#include "app/common/hardwaretext.h"
#include "app/document/document.h"

#include "engine/generate/generator.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>

namespace topoplan {

namespace {

constexpr double kLanePadding = 24; // above and below the items of a lane

// "4 x QM9700" when every item of a lane is of one model, else "6 switches".
QString modelSummary(const std::map<std::string, int> &models, int total, const QString &many)
{
    if (models.size() == 1)
        return QString::number(total) + QStringLiteral(" x ")
               + shortModelName(models.begin()->first);
    return many;
}

} // namespace

TierLanes::Extent TierLanes::update(ClusterScene *scene, const QHash<QString, DiagramItem *> &items)
{
    using linkgeometry::itemRect;
    const Document *document = scene->document();
    const Topology &t = document->project().topology;
    QRectF content;
    for (const DiagramItem *item : items) {
        if (item->type() != LinkItemType)
            content = content.united(itemRect(item));
    }

    // The items of each tier (core, spine, leaf, nodes), then a lane per band of them: one
    // per tier, or one per grid row where a large design is laid out in rows of pods or SUs.
    struct TierItems
    {
        std::vector<std::pair<double, double>> spans;
        std::vector<std::string> models; // per span; empty for a domain box
        std::vector<int> gpus;
    };
    std::array<TierItems, 4> tiers;
    const auto add = [](TierItems &tier, const QRectF &r, const std::string &model, int gpus) {
        tier.spans.emplace_back(r.top(), r.bottom());
        tier.models.push_back(model);
        tier.gpus.push_back(gpus);
    };
    for (const Switch &s : t.switches) {
        if (const DiagramItem *item = items.value(QString::fromStdString(s.id)))
            add(tiers[s.tier == Tier::Core    ? 0
                      : s.tier == Tier::Spine ? 1
                                              : 2],
                itemRect(item), s.model, 0);
    }
    for (const Node &n : t.nodes) {
        if (const DiagramItem *item = items.value(QString::fromStdString(n.id))) {
            const ServerModel *server = document->catalog().server(n.model);
            add(tiers[3], itemRect(item), n.model, server ? server->gpus : 0);
        }
    }
    for (const Domain &d : t.domains) {
        if (const DiagramItem *item = items.value(QString::fromStdString(d.id)))
            add(tiers[3], itemRect(item), {}, 0);
    }

    struct LaneData
    {
        QString key;
        int tier = 0;
        double top = 0;
        double bottom = 0;
        std::map<std::string, int> models;
        int count = 0;
        int gpus = 0;
        bool dropTarget = false;
    };
    const QString keys[4] = {QStringLiteral("lane:core"), QStringLiteral("lane:spine"),
                             QStringLiteral("lane:leaf"), QStringLiteral("lane:nodes")};
    const QString titles[4] = {ClusterScene::tr("Core"), ClusterScene::tr("Spine"),
                               ClusterScene::tr("Leaf"), ClusterScene::tr("Compute")};
    std::vector<LaneData> lanes;
    std::array<double, 4> firstTop{};
    int topTier = -1; // the highest tier with switches
    for (int i = 0; i < 4; ++i) {
        const std::vector<diagram::Band> rows = diagram::bands(tiers[i].spans);
        for (std::size_t r = 0; r < rows.size(); ++r) {
            LaneData lane;
            // The first row keeps the tier's key: tools and tests find a tier's lane by it.
            lane.key = r == 0 ? keys[i] : keys[i] + QLatin1Char(':') + QString::number(r + 1);
            lane.tier = i;
            lane.top = rows[r].top;
            lane.bottom = rows[r].bottom;
            for (std::size_t k : rows[r].members) {
                if (tiers[i].models[k].empty())
                    continue; // a domain box: its trays are counted as nodes
                ++lane.models[tiers[i].models[k]];
                ++lane.count;
                lane.gpus += tiers[i].gpus[k];
            }
            lanes.push_back(std::move(lane));
        }
        if (!rows.empty())
            firstTop[i] = rows.front().top;
        if (i < 3 && !rows.empty() && topTier < 0)
            topTier = i;
    }
    // The tier above the topmost one with switches waits as an empty drop target right on top
    // of it, with no gap between where a drop would land in neither: a design with leaves
    // offers a spine lane, one with spines a core lane (and a spine dropped in its lane then
    // offers the core lane above it).
    if (topTier > 0) {
        LaneData lane;
        lane.key = keys[topTier - 1];
        lane.tier = topTier - 1;
        lane.dropTarget = true;
        lane.bottom = firstTop[topTier] - 2 * kLanePadding;
        lane.top = lane.bottom - diagram::kSwitchHeight;
        lanes.push_back(std::move(lane));
    }

    // Top to bottom, the drop targets above the tiers in use.
    std::stable_sort(lanes.begin(), lanes.end(),
                     [](const LaneData &x, const LaneData &y) { return x.top < y.top; });

    QHash<QString, LaneItem *> existing;
    for (LaneItem *lane : std::as_const(m_lanes))
        existing.insert(lane->id(), lane);
    m_lanes.clear();
    QRectF targets;
    for (const LaneData &data : lanes) {
        LaneItem *lane = existing.take(data.key);
        if (!lane) {
            lane = new LaneItem(data.key);
            scene->addItem(lane);
        }
        const double left = content.left() - LaneItem::kLabelWidth;
        lane->setGeometry(QRectF(left, data.top - kLanePadding, content.right() + 40 - left,
                                 data.bottom - data.top + 2 * kLanePadding));
        lane->setDropTarget(data.dropTarget);
        m_lanes.append(lane);
        const QString &title = titles[data.tier];
        if (data.dropTarget) {
            targets = targets.united(lane->boundingRect());
            lane->setTexts(title, data.tier == 0 ? ClusterScene::tr("Empty: drop a switch here to "
                                                                    "make it a core switch")
                                                 : ClusterScene::tr("Empty: drop a switch here to "
                                                                    "make it a spine switch"));
            continue;
        }
        QString subtitle;
        if (data.tier == 3) {
            subtitle = modelSummary(data.models, data.count,
                                    ClusterScene::tr("%n node(s)", nullptr, data.count))
                       + QLatin1Char('\n') + ClusterScene::tr("%n GPU(s)", nullptr, data.gpus);
        } else {
            subtitle = modelSummary(data.models, data.count,
                                    ClusterScene::tr("%n switch(es)", nullptr, data.count));
        }
        lane->setTexts(title, subtitle);
    }
    qDeleteAll(existing);
    return {content, targets};
}

} // namespace topoplan
