#include "app/common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

// The resources are compiled into the static application library; nothing references their
// initializer, so the linker would drop them unless it is called.
static void initResourcesOnce()
{
    static bool done = false;
    if (!done) {
        Q_INIT_RESOURCE(resources);
        done = true;
    }
}

namespace topoplan {

void initResources()
{
    initResourcesOnce();
}

bool installTranslations(const QLocale &locale)
{
    initResources();
    static QTranslator *app = nullptr;
    static QTranslator *qt = nullptr;
    for (QTranslator **t : {&app, &qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
    if (locale.language() == QLocale::English || locale.language() == QLocale::C) {
        // No translation, only the English plural forms ("1 problem", "2 problems"); numbers
        // as the system writes them.
        QLocale::setDefault(QLocale::system());
        app = new QTranslator(QCoreApplication::instance());
        if (app->load(QStringLiteral("topoplan_en"), QStringLiteral(":/i18n")))
            QCoreApplication::installTranslator(app);
        return false;
    }

    // Numbers in the language of the words: "1,8 TB/s" beside German text.
    QLocale::setDefault(locale);
    qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);

    app = new QTranslator(QCoreApplication::instance());
    const bool found = app->load(locale, QStringLiteral("topoplan"), QStringLiteral("_"),
                                 QStringLiteral(":/i18n"));
    if (found)
        QCoreApplication::installTranslator(app);
    return found;
}

} // namespace topoplan
