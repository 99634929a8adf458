// topoplan: the desktop application. Everything but argument handling lives in the
// topoplan_app library.

#include "app/analysis/analysiscontroller.h"
#include "app/canvas/clusterview.h"
#include "app/common/translations.h"
#include "app/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QStatusBar>
#include <QTimer>

#include <memory>
#include <utility>

using namespace topoplan;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("TopoPlan"));
    QCoreApplication::setApplicationName(QStringLiteral("TopoPlan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOPOPLAN_VERSION));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("TopoPlan"));
    QGuiApplication::setDesktopFileName(QStringLiteral("topoplan"));
    initResources();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/topoplan.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Plan GPU training clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("The project to open (default: the sample)."),
                                 QStringLiteral("[file]"));
    QCommandLineOption lang(QStringLiteral("lang"),
                            QStringLiteral("User interface language, e.g. de (default: the "
                                           "system's)."),
                            QStringLiteral("code"));
    // For documentation and checks: render the window after opening, save it, quit.
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QString(), QStringLiteral("png"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption size(QStringLiteral("size"), QString(), QStringLiteral("WxH"));
    size.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(lang);
    parser.addOption(screenshot);
    parser.addOption(size);
    parser.process(app);

    // --lang, else the language chosen in Preferences, else the system's.
    const QString chosen = Preferences::load().language;
    installTranslations(parser.isSet(lang)  ? QLocale(parser.value(lang))
                        : !chosen.isEmpty() ? QLocale(chosen)
                                            : QLocale::system());

    MainWindow window;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    const QStringList files = parser.positionalArguments();

    if (parser.isSet(screenshot)) {
        const QString out = parser.value(screenshot);
        const auto grab = [&window, out] {
            window.view()->zoomToFit();
            window.statusBar()->clearMessage();
            const bool ok = window.grab().save(out);
            QCoreApplication::exit(ok ? 0 : 1);
        };
        // Once the opened design's analysis is in (the panel shows figures, not "Analysing..."),
        // or after a minute whatever it shows.
        const auto grabOnce = [grab, done = std::make_shared<bool>(false)] {
            if (!std::exchange(*done, true))
                QTimer::singleShot(200, grab);
        };
        QObject::connect(&window, &MainWindow::documentOpened, &window, [&window, grabOnce] {
            QObject::connect(window.analysis(), &AnalysisController::finished, &window, grabOnce);
            QTimer::singleShot(60000, &window, grabOnce);
        });
        QObject::connect(&window, &MainWindow::openFailed, &window, [](const QString &message) {
            qWarning("%s", qPrintable(message));
            QCoreApplication::exit(1);
        });
    }
    window.show();
    if (files.isEmpty())
        window.openTemplate(MainWindow::sampleTemplateId());
    else
        window.openFile(files.first());
    // What a crashed session left: offered over the window once it is up; restoring one
    // replaces the sample (it was not modified, so nothing is asked).
    if (!parser.isSet(screenshot))
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return app.exec();
}
