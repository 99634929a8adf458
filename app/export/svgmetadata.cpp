#include "app/export/svgmetadata.h"

namespace topoplan {

QString svgMetadataText(const QString &text)
{
    QString clean = text;
    for (QChar &ch : clean)
        if (ch.category() == QChar::Other_Control)
            ch = QLatin1Char(' ');
    return clean.toHtmlEscaped();
}

} // namespace topoplan
