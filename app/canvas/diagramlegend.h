#pragma once

#include "app/common/diagramstyle.h"

#include <QWidget>

namespace topoplan {

// What the link colours mean. The same painting serves the canvas overlay and exports.
class DiagramLegend : public QWidget
{
    Q_OBJECT

public:
    explicit DiagramLegend(QWidget *parent = nullptr);

    void setStyle(const DiagramStyle &style);
    QSize sizeHint() const override;

    // The link classes shown, in order.
    static QList<LinkClass> classes();
    static QSizeF paintedSize();
    static void paint(QPainter *painter, const QPointF &topLeft, const DiagramStyle &style);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    DiagramStyle m_style;
};

} // namespace topoplan
