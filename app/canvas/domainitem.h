#pragma once

#include "app/canvas/diagramitem.h"

#include "engine/model/catalog.h"
#include "engine/model/project.h"

namespace topoplan {

// A custom NVLink domain: the box that holds the trays sharing one NVLink fabric, headed by
// its name, NVLink generation, GPU count and per-GPU NVLink bandwidth.
class DomainItem : public DiagramItem
{
public:
    enum { Type = DomainItemType };
    explicit DomainItem(const QString &id);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // The domain's members are the nodes whose `domain` is this id.
    void sync(const Domain &domain, const Topology &topology, const Catalog &catalog,
              const QSizeF &size);

    QString name() const { return m_name; }
    int gpuCount() const { return m_gpus; }
    // "NVLink 5 · 72 GPUs · 900 GB/s per GPU"
    QString summaryText() const { return m_summary; }

private:
    QString m_name;
    QString m_summary;
    int m_gpus = 0;
    QSizeF m_size;
};

} // namespace topoplan
