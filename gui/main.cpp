// sandbench: the Qt workbench. Needs a display; sandbench-cli offers the same engine without one.

#include "main_window.h"

#include <QApplication>
#include <QGuiApplication>
#include <cstdio>

int main(int argc, char** argv) {
    const bool platformChosen = !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (!platformChosen && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fprintf(stderr,
                     "sandbench: no display here (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
                     "Run it in a desktop session, or use sandbench-cli for the same engine without one.\n");
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Sandbench"));
    QApplication::setOrganizationName(QStringLiteral("Sandbench"));
    QApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));
    MainWindow window;
    window.show();
    return QApplication::exec();
}
