#pragma once

#include <QGraphicsItem>
#include <QString>

namespace topoplan {

class ClusterScene;

// Item types of the cluster diagram (QGraphicsItem::type()), one per kind of project entity.
enum DiagramItemType {
    NodeItemType = QGraphicsItem::UserType + 1,
    SwitchItemType,
    DomainItemType,
    LinkItemType,
    LaneItemType,
    BadgeItemType,
    OverviewItemType,
    LinkLayerItemType,
};

// A diagram item that stands for one project id. Items only draw what the scene copied into
// them from the document; they never change the model.
class DiagramItem : public QGraphicsItem
{
public:
    explicit DiagramItem(const QString &id)
        : m_id(id)
    {}

    const QString &id() const { return m_id; }
    // Where the item writes its name, in item coordinates; empty for an item without one.
    // Marks drawn over the diagram (the analysis's callouts) keep clear of it.
    virtual QRectF nameRect() const { return {}; }

protected:
    ClusterScene *clusterScene() const;
    bool isSelectedInDocument() const;
    // How many device pixels one scene unit covers (Qt's chip example); "infinite" while the
    // scene renders for an export, so that exports are always at full detail.
    double levelOfDetail(const QStyleOptionGraphicsItem *option, const QPainter *painter) const;

private:
    QString m_id;
};

} // namespace topoplan
