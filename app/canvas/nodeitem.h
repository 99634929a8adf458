#pragma once

#include "app/canvas/diagramitem.h"

#include "engine/model/catalog.h"

#include <QColor>

namespace topoplan {

struct Node;

// A server (or a rack-scale system) as a box: its name and model, and a band of its GPUs.
// A server with its own NVSwitch board is an NVLink domain of its own, so the band is drawn
// in the NVLink colour with the generation and per-GPU bandwidth; GPUs of a tray in a custom
// domain are drawn without a band (the domain box around the trays is the band).
class NodeItem : public DiagramItem
{
public:
    enum { Type = NodeItemType };
    explicit NodeItem(const QString &id);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    QRectF nameRect() const override;
    bool failed() const { return m_failed; } // marked failed: struck through

    // Copies what the item shows from the model.
    void sync(const Node &node, const Catalog &catalog);

    int gpuCount() const { return m_gpus; }
    int nicCount() const { return m_nics; }
    QString name() const { return m_name; }
    // "NVLink 4 · 450 GB/s": the scale-up fabric of one GPU.
    QString fabricText() const { return m_fabricText; }
    // The colour of its GPU band: the link class of its scale-up fabric.
    QColor fabricColor() const { return m_fabricColor; }

private:
    void paintBox(QPainter *painter, const QStyleOptionGraphicsItem *option);
    void paintGpuBand(QPainter *painter, const QRectF &band, double lod) const;

    bool m_failed = false;
    QString m_name;
    QString m_model;
    QString m_fabricText;
    int m_gpus = 0;
    int m_nics = 0;
    NVLinkScope m_scope = NVLinkScope::None;
    int m_group = 0; // GPUs an NVLink bridge joins (bridged servers), else 0
    QColor m_fabricColor;
};

} // namespace topoplan
