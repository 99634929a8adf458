#include "app/cli/cliexport.h"
#include "engine/core/jsonin.h"

#include <QApplication>
#include <QFileInfo>
#include <QTemporaryDir>

#include <iostream>
#include <memory>

int main(int argc, char **argv)
{
    try {
        std::vector<std::string> args(argv + 1, argv + argc);
        // Only `export` renders with Qt; the other verbs are the Qt-free engine and start
        // instantly. The CLI never shows a window, so export always renders offscreen: a
        // platform set in the environment (xcb without a display) would abort.
        // Qt's runtime directory: where none is set (a batch job, a container, sudo), a private
        // one for this run, so that Qt has nothing to warn about on every export; Qt's other
        // warnings stay.
        std::unique_ptr<QTemporaryDir> runtimeDir;
        std::unique_ptr<QApplication> app; // the diagram is a QGraphicsScene
        if (!args.empty() && args.front() == "export") {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
            if (runtime.isEmpty() || !QFileInfo(QString::fromLocal8Bit(runtime)).isDir()) {
                runtimeDir = std::make_unique<QTemporaryDir>(); // created 0700, as Qt asks
                if (runtimeDir->isValid())
                    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDir->path()));
            }
            app = std::make_unique<QApplication>(argc, argv);
        }
        return topoplan::cli::runWithQtVerbs(args, std::cout, std::cerr);
    } catch (const std::exception &e) {
        std::cerr << "error: " << topoplan::quoteText(e.what(), 500) << "\n";
        return 1;
    } catch (...) {
        std::cerr << "error: an unexpected failure\n";
        return 1;
    }
}
