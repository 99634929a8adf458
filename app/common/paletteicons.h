#pragma once

#include <QIcon>

namespace topoplan {

// Line icons drawn for light backgrounds (ours are slate grey) vanish on a dark palette. An
// icon made by paletteAware() draws like the original on a light palette and, on a dark one,
// in the palette's button text colour, if the original is monochrome (colour icons are left
// as they are). It follows the palette as it changes.
QIcon paletteAware(const QIcon &icon);

// From now on, every action shown in a menu or tool bar of the application gets a
// paletteAware() icon, including actions added later. Idempotent.
void makeActionIconsPaletteAware();

} // namespace topoplan
