#pragma once

#include <QString>

namespace topoplan {

// A title or description as QSvgGenerator must be given it: it writes them into the SVG's
// <title> and <desc> as they are, so markup in a project's name would become live elements.
// Escaped as XML text, control characters (which XML 1.0 does not allow) as spaces.
QString svgMetadataText(const QString &text);

} // namespace topoplan
