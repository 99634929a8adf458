#pragma once

#include <QColor>

namespace topoplan {

// The colours of a chart's lines or point sets, in order: enough to tell eight apart, shared by
// every chart that draws one series per design or option.
inline QColor chartSeriesColour(int i)
{
    static const QColor colours[]
            = {QColor(0x2e, 0x6f, 0xd6), QColor(0xe0, 0x7b, 0x14), QColor(0x2a, 0x9d, 0x5c),
               QColor(0xc0, 0x39, 0x2b), QColor(0x8e, 0x44, 0xad), QColor(0x16, 0xa0, 0x85),
               QColor(0x7f, 0x8c, 0x8d), QColor(0xd3, 0x54, 0x00)};
    return colours[i % (sizeof colours / sizeof colours[0])];
}

} // namespace topoplan
