#pragma once

#include <QLocale>

namespace topoplan {

// Installs TopoPlan's translation for `locale` (":/i18n/topoplan_<lang>.qm") and Qt's own
// (qtbase) on the application, replacing those installed before, and makes `locale` the
// default QLocale, so that numbers are written as the language writes them (English keeps the
// system's). Returns whether TopoPlan's translation was found; English needs none.
bool installTranslations(const QLocale &locale);

// Makes the application's resources (icons, templates, translations) available; idempotent.
void initResources();

} // namespace topoplan
