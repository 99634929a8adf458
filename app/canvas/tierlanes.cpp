#include "app/canvas/tierlanes.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/laneitem.h"
#include "app/canvas/linkgeometry.h"
#include "app/common/hardwaretext.h"
#include "app/document/document.h"

#include "engine/generate/generator.h"

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

    struct LaneData
    {
        QString key;
        QString title;
        double top = std::numeric_limits<double>::max();
        double bottom = std::numeric_limits<double>::lowest();
        std::map<std::string, int> models;
        int count = 0;
        int gpus = 0;
    };
    LaneData lanes[4];
    const QString keys[4] = {QStringLiteral("lane:core"), QStringLiteral("lane:spine"),
                             QStringLiteral("lane:leaf"), QStringLiteral("lane:nodes")};
    const QString titles[4] = {ClusterScene::tr("Core"), ClusterScene::tr("Spine"),
                               ClusterScene::tr("Leaf"), ClusterScene::tr("Compute")};
    for (int i = 0; i < 4; ++i) {
        lanes[i].key = keys[i];
        lanes[i].title = titles[i];
    }
    const auto extend = [](LaneData &lane, const QRectF &r) {
        lane.top = std::min(lane.top, r.top());
        lane.bottom = std::max(lane.bottom, r.bottom());
    };
    for (const Switch &s : t.switches) {
        const DiagramItem *item = items.value(QString::fromStdString(s.id));
        if (!item)
            continue;
        LaneData &lane = lanes[s.tier == Tier::Core ? 0 : s.tier == Tier::Spine ? 1 : 2];
        extend(lane, itemRect(item));
        ++lane.models[s.model];
        ++lane.count;
    }
    for (const Node &n : t.nodes) {
        if (const DiagramItem *item = items.value(QString::fromStdString(n.id))) {
            extend(lanes[3], itemRect(item));
            ++lanes[3].models[n.model];
            ++lanes[3].count;
            if (const ServerModel *server = document->catalog().server(n.model))
                lanes[3].gpus += server->gpus;
        }
    }
    for (const Domain &d : t.domains) {
        if (const DiagramItem *item = items.value(QString::fromStdString(d.id)))
            extend(lanes[3], itemRect(item));
    }

    // The tiers above the topmost one with switches are empty drop targets, stacked upwards:
    // a design with leaves offers a spine and a core lane, one with spines a core lane.
    int topTier = -1;
    for (int i = 2; i >= 0; --i) {
        if (lanes[i].count > 0)
            topTier = i;
    }
    std::array<bool, 4> dropTarget{};
    for (int i = topTier - 1; i >= 0; --i) {
        dropTarget[i] = true;
        lanes[i].bottom = lanes[i + 1].top - diagram::kLaneGap / 2 - 2 * kLanePadding;
        lanes[i].top = lanes[i].bottom - diagram::kSwitchHeight;
    }

    QHash<QString, LaneItem *> existing;
    for (LaneItem *lane : std::as_const(m_lanes))
        existing.insert(lane->id(), lane);
    m_lanes.clear();
    QRectF targets;
    for (int i = 0; i < 4; ++i) {
        LaneData &data = lanes[i];
        LaneItem *lane = existing.take(data.key);
        if (data.count == 0 && !dropTarget[i]) {
            delete lane;
            continue;
        }
        if (!lane) {
            lane = new LaneItem(data.key);
            scene->addItem(lane);
        }
        const double left = content.left() - LaneItem::kLabelWidth;
        lane->setGeometry(QRectF(left, data.top - kLanePadding, content.right() + 40 - left,
                                 data.bottom - data.top + 2 * kLanePadding));
        lane->setDropTarget(dropTarget[i]);
        m_lanes.append(lane);
        if (dropTarget[i]) {
            targets = targets.united(lane->boundingRect());
            lane->setTexts(data.title,
                           i == 0 ? ClusterScene::tr("Empty: drop a switch here to make it a "
                                                     "core switch")
                                  : ClusterScene::tr("Empty: drop a switch here to make it a "
                                                     "spine switch"));
            continue;
        }
        QString subtitle;
        if (data.key == QLatin1String("lane:nodes")) {
            subtitle = modelSummary(data.models, data.count,
                                    ClusterScene::tr("%n node(s)", nullptr, data.count))
                       + QLatin1Char('\n') + ClusterScene::tr("%n GPU(s)", nullptr, data.gpus);
        } else {
            subtitle = modelSummary(data.models, data.count,
                                    ClusterScene::tr("%n switch(es)", nullptr, data.count));
        }
        lane->setTexts(data.title, subtitle);
    }
    qDeleteAll(existing);
    return {content, targets};
}

} // namespace topoplan
