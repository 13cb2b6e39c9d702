// sandbench: the Qt workbench. Needs a display; sandbench-cli offers the same engine without one.

#include "core/removal_notes.h"
#include "language.h"
#include "main_window.h"
#include "screenshot_tour.h"
#include "theme.h"
#include "tiers/builtin_tiers.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QGuiApplication>
#include <QIcon>
#include <QStatusBar>
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
    QCommandLineParser options;
    options.setApplicationDescription(
        QApplication::translate("main", "Run untrusted Python on isolation tiers."));
    options.addHelpOption();
    options.addVersionOption();
    const QCommandLineOption screenshots(
        QStringLiteral("screenshots"),
        QApplication::translate("main", "Run the attack suite, save PNGs of both tabs "
                                        "in both themes to <folder>, and quit."),
        QStringLiteral("folder"));
    options.addOption(screenshots);
    options.process(app);

    // What earlier Sandbench processes that died left behind goes first, and the user is told.
    sandbench::removeAbandonedOnThisMachine();
    QStringList removed;
    for (const std::string& line : sandbench::takeRemovalNotes()) {
        std::fprintf(stderr, "sandbench: %s\n", line.c_str());
        removed << QString::fromStdString(line);
    }
    MainWindow window;
    window.show();
    if (!removed.isEmpty())
        window.statusBar()->showMessage(removed.join(QStringLiteral("; ")), 30000);
    if (options.isSet(screenshots)) {
        takeScreenshotTour(window, options.value(screenshots), [](int code) { QApplication::exit(code); });
    }
    return QApplication::exec();
}
