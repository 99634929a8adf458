#include "app/cli/cliexport.h"

#include <QApplication>

#include <iostream>
#include <memory>

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    // Only `export` renders with Qt; the other verbs are the Qt-free engine and start
    // instantly. A headless machine has no display, so export uses the offscreen platform
    // unless told otherwise.
    std::unique_ptr<QApplication> app; // the diagram is a QGraphicsScene
    if (!args.empty() && args.front() == "export") {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    }
    return topoplan::cli::runWithQtVerbs(args, std::cout, std::cerr);
}
