// sandbench: the Qt workbench. Needs a display; sandbench-cli offers the same engine without one.

#include "language.h"
#include "main_window.h"
#include "theme.h"

#include <QApplication>
#include <QGuiApplication>
#include <QIcon>
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
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/sandbench.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("org.sandbench.Sandbench"));
    // Before any widget exists: widgets take their text when they are made.
    installTranslations(app, QString());
    applyTheme(app, loadThemeSetting());
    MainWindow window;
    window.show();
    return QApplication::exec();
}
