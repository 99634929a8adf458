#include "app/cli/cliexport.h"
#include "engine/core/jsonin.h"

#include <QApplication>

#include <iostream>
#include <memory>

int main(int argc, char **argv)
{
    try {
        std::vector<std::string> args(argv + 1, argv + argc);
        // Only `export` renders with Qt; the other verbs are the Qt-free engine and start
        // instantly. The CLI never shows a window, so export always renders offscreen: a
        // platform set in the environment (xcb without a display) would abort.
        std::unique_ptr<QApplication> app; // the diagram is a QGraphicsScene
        if (!args.empty() && args.front() == "export") {
            qputenv("QT_QPA_PLATFORM", "offscreen");
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
