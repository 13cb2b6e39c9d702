// Themes, translations and embedded resources, offscreen: the German and French translations load from
// :/i18n and translate real strings (the window's tab names among them), every .ts message is finished and
// keeps its placeholders, the light and dark palettes set every role and stay legible, including disabled
// text, and the choices survive in QSettings.

#include "gui/appearance_menu.h"
#include "gui/language.h"
#include "gui/main_window.h"
#include "gui/theme.h"
#include "support/source_paths.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFile>
#include <QIcon>
#include <QImageReader>
#include <QLibraryInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>
#include <QXmlStreamReader>
#include <cmath>

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& colour) {
    auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
           0.0722 * channel(colour.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString translated(const char* context, const char* source) {
    return QCoreApplication::translate(context, source);
}

QApplication& app() {
    return *qobject_cast<QApplication*>(QCoreApplication::instance());
}

// The placeholders (%1, %n, …) in a text, sorted, so a translation can be checked to keep them all.
QStringList placeholders(const QString& text) {
    QStringList found;
    static const QRegularExpression pattern(QStringLiteral("%(\\d+|n)"));
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    return found;
}

// The number of keyboard accelerators ("&File"; "&&" is a literal ampersand).
qsizetype accelerators(QString text) {
    text.remove(QStringLiteral("&&"));
    static const QRegularExpression accelerator(QStringLiteral("&[^&\\s;]"));
    return text.count(accelerator);
}

} // namespace

class TestAppearance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // settings go to a test location, not the user's
        QCoreApplication::setOrganizationName(QStringLiteral("SandbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_appearance"));
        QSettings().clear();
    }

    void cleanup() {
        installTranslations(app(), QStringLiteral("en"));
        QSettings().clear();
    }

    void resourcesAreEmbedded() {
        QVERIFY(QFile(QStringLiteral(":/i18n/sandbench_de.qm")).exists());
        QVERIFY(QFile(QStringLiteral(":/i18n/sandbench_fr.qm")).exists());
        QVERIFY(QFile(QStringLiteral(":/icons/sandbench.svg")).exists());
        QCOMPARE(availableLanguages(), QStringList({QStringLiteral("de"), QStringLiteral("fr")}));
        QCOMPARE(nativeLanguageName(QStringLiteral("de")), QStringLiteral("Deutsch"));
        QCOMPARE(nativeLanguageName(QStringLiteral("fr")), QStringLiteral("Français"));
    }

    void iconRendersAtAnySize() {
        if (!QImageReader::supportedImageFormats().contains("svg"))
            QSKIP("Qt's SVG image plugin is not installed (Debian: libqt6svg6)");
        const QIcon icon(QStringLiteral(":/icons/sandbench.svg"));
        QVERIFY(!icon.isNull());
        for (int size : {16, 48, 256}) {
            const QImage image = icon.pixmap(size, size).toImage();
            QCOMPARE(image.size(), QSize(size, size));
            QVERIFY(qAlpha(image.pixel(size / 2, size / 2)) > 0); // the shield covers the middle
        }
    }

    void germanTranslatesTheWindow() {
        QVERIFY(installTranslations(app(), QStringLiteral("de")));
        QCOMPARE(translated("MainWindow", "Workbench"), QStringLiteral("Werkbank"));
        QCOMPARE(translated("MainWindow", "Attack Lab"), QStringLiteral("Angriffslabor"));
        QCOMPARE(translated("MainWindow", "&File"), QStringLiteral("&Datei"));

        // A window built after the translation is installed shows German tab names.
        MainWindow window;
        auto* tabs = window.findChild<QTabWidget*>();
        QVERIFY(tabs);
        QStringList names;
        for (int i = 0; i < tabs->count(); ++i)
            names << tabs->tabText(i);
        QVERIFY2(names.contains(QStringLiteral("Werkbank")), qPrintable(names.join(u", ")));
        QVERIFY2(names.contains(QStringLiteral("Angriffslabor")), qPrintable(names.join(u", ")));
        if (!window.tiersProbed())
            QSignalSpy(&window, &MainWindow::tiersReady).wait(20000);
    }

    void frenchReplacesGerman() {
        QVERIFY(installTranslations(app(), QStringLiteral("de")));
        QVERIFY(installTranslations(app(), QStringLiteral("fr")));
        QCOMPARE(translated("MainWindow", "Workbench"), QStringLiteral("Atelier"));
        QCOMPARE(translated("MainWindow", "Attack Lab"), QStringLiteral("Laboratoire d'attaques"));
        QVERIFY(translated("MainWindow", "Attack Lab") != QStringLiteral("Attack Lab"));
    }

    void englishNeedsNoFile() {
        QVERIFY(installTranslations(app(), QStringLiteral("de")));
        QVERIFY(!installTranslations(app(), QStringLiteral("en")));
        QCOMPARE(translated("MainWindow", "Workbench"), QStringLiteral("Workbench"));
        // A language without a translation leaves English too.
        QVERIFY(!installTranslations(app(), QStringLiteral("ja")));
        QCOMPARE(translated("MainWindow", "Attack Lab"), QStringLiteral("Attack Lab"));
    }

    void savedLanguageIsUsedUnlessOverridden() {
        saveLanguageSetting(QStringLiteral("fr"));
        QCOMPARE(QSettings().value(QStringLiteral("appearance/language")).toString(), QStringLiteral("fr"));
        QCOMPARE(loadLanguageSetting(), QStringLiteral("fr"));
        QVERIFY(installTranslations(app(), QString()));
        QCOMPARE(translated("MainWindow", "Workbench"), QStringLiteral("Atelier"));
        QVERIFY(installTranslations(app(), QStringLiteral("de"))); // e.g. from the command line
        QCOMPARE(translated("MainWindow", "Workbench"), QStringLiteral("Werkbank"));
    }

    void qtsOwnStringsFollow() {
        const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFile::exists(qtDir + QStringLiteral("/qtbase_de.qm")))
            QSKIP("Qt's own German translation is not installed (Debian: qt6-translations-l10n)");
        QVERIFY(installTranslations(app(), QStringLiteral("de")));
        QCOMPARE(translated("QPlatformTheme", "Cancel"), QStringLiteral("Abbrechen"));
        installTranslations(app(), QStringLiteral("en"));
        QCOMPARE(translated("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
    }

    void everyMessageIsTranslated_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("German") << QString::fromUtf8(test_support::sourceDir()) +
                                       QStringLiteral("/translations/sandbench_de.ts");
        QTest::newRow("French") << QString::fromUtf8(test_support::sourceDir()) +
                                       QStringLiteral("/translations/sandbench_fr.ts");
    }

    void everyMessageIsTranslated() {
        QFETCH(QString, file);
        QFile ts(file);
        QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.errorString()));
        QXmlStreamReader xml(&ts);
        QString context, source;
        int messages = 0;
        QStringList problems;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == u"name") {
                context = xml.readElementText();
            } else if (xml.name() == u"source") {
                source = xml.readElementText();
            } else if (xml.name() == u"translation") {
                ++messages;
                const QString where = context + QStringLiteral(": \"") + source + QLatin1Char('"');
                const QStringView type = xml.attributes().value(QLatin1String("type"));
                if (type == u"unfinished")
                    problems << where + QStringLiteral(" is unfinished");
                if (type == u"vanished" || type == u"obsolete")
                    continue; // no longer in the sources: never shown
                // Plain text, or one <numerusform> per plural form.
                QStringList forms;
                QString text;
                while (xml.readNext() != QXmlStreamReader::EndElement || xml.name() != u"translation") {
                    if (xml.isCharacters())
                        text += xml.text();
                    else if (xml.isStartElement() && xml.name() == u"numerusform")
                        forms << xml.readElementText();
                }
                if (forms.isEmpty())
                    forms << text;
                for (const QString& form : forms) {
                    if (form.trimmed().isEmpty())
                        problems << where + QStringLiteral(" has an empty translation");
                    else if (placeholders(form) != placeholders(source))
                        problems << where + QStringLiteral(" loses or adds a placeholder: ") + form;
                    else if (accelerators(form) != accelerators(source))
                        problems << where + QStringLiteral(" has a different number of '&' shortcuts: ") +
                                        form;
                }
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(messages > 50);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void palettesAreCompleteAndLegible_data() {
        QTest::addColumn<QPalette>("palette");
        QTest::newRow("dark") << darkPalette();
        QTest::newRow("light") << lightPalette();
    }

    void palettesAreCompleteAndLegible() {
        QFETCH(QPalette, palette);
        for (auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled})
            for (int role = 0; role < QPalette::NColorRoles; ++role)
                if (role != QPalette::NoRole)
                    QVERIFY2(palette.isBrushSet(group, QPalette::ColorRole(role)),
                             qPrintable(QStringLiteral("group %1 role %2 unset").arg(group).arg(role)));

        using P = QPalette;
        // Disabled text looks disabled…
        for (auto role : {P::Text, P::WindowText, P::ButtonText})
            QVERIFY(palette.color(P::Disabled, role) != palette.color(P::Active, role));
        // …yet everything stays legible.
        struct Pair {
            P::ColorGroup group;
            P::ColorRole foreground, background;
            double minimum;
        };
        const Pair pairs[] = {
            {P::Active, P::Text, P::Base, 4.5},
            {P::Active, P::WindowText, P::Window, 4.5},
            {P::Active, P::ButtonText, P::Button, 4.5},
            {P::Active, P::HighlightedText, P::Highlight, 3.0},
            {P::Active, P::Link, P::Base, 4.5},
            {P::Active, P::LinkVisited, P::Base, 3.0},
            {P::Active, P::ToolTipText, P::ToolTipBase, 4.5},
            {P::Active, P::PlaceholderText, P::Base, 3.0},
            {P::Disabled, P::Text, P::Base, 3.0},
            {P::Disabled, P::WindowText, P::Window, 3.0},
            {P::Disabled, P::ButtonText, P::Button, 3.0},
        };
        for (const Pair& pair : pairs) {
            const double ratio = contrast(palette.color(pair.group, pair.foreground),
                                          palette.color(pair.group, pair.background));
            QVERIFY2(ratio >= pair.minimum,
                     qPrintable(QStringLiteral("group %1: role %2 on role %3 has contrast "
                                               "%4:1, below %5:1")
                                    .arg(pair.group)
                                    .arg(pair.foreground)
                                    .arg(pair.background)
                                    .arg(ratio, 0, 'f', 2)
                                    .arg(pair.minimum)));
        }
        // The active text is clearly stronger than the disabled text.
        QVERIFY(contrast(palette.color(P::Active, P::Text), palette.color(P::Active, P::Base)) >
                contrast(palette.color(P::Disabled, P::Text), palette.color(P::Disabled, P::Base)) + 2.0);
    }

    void applyingAThemeChangesTheApplication() {
        const QString platformStyle = QApplication::style()->name();
        const QColor platformWindow = QApplication::palette().color(QPalette::Window);

        applyTheme(app(), Theme::Dark);
        QCOMPARE(currentTheme(), Theme::Dark);
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        QCOMPARE(QApplication::palette().color(QPalette::Window), darkPalette().color(QPalette::Window));
        QCOMPARE(QApplication::palette().color(QPalette::Disabled, QPalette::Text),
                 darkPalette().color(QPalette::Disabled, QPalette::Text));
        QCOMPARE(QToolTip::palette().color(QPalette::ToolTipBase),
                 darkPalette().color(QPalette::ToolTipBase));
        // A shown window and its children follow every later change, once the event loop delivers it.
        QWidget window;
        auto* child = new QWidget(&window);
        window.show();
        QTRY_COMPARE(child->palette().color(QPalette::Base), darkPalette().color(QPalette::Base));

        applyTheme(app(), Theme::Light);
        QCOMPARE(QApplication::palette().color(QPalette::Window), lightPalette().color(QPalette::Window));
        QTRY_COMPARE(child->palette().color(QPalette::Base), lightPalette().color(QPalette::Base));

        applyTheme(app(), Theme::System);
        QCOMPARE(currentTheme(), Theme::System);
        QCOMPARE(QApplication::style()->name(), platformStyle);
        QCOMPARE(QApplication::palette().color(QPalette::Window), platformWindow);
        QTRY_COMPARE(child->palette().color(QPalette::Window), platformWindow);
    }

    void themeRoundTripsThroughSettings() {
        QCOMPARE(loadThemeSetting(), Theme::System); // nothing saved yet
        for (Theme theme : {Theme::Dark, Theme::Light, Theme::System}) {
            saveThemeSetting(theme);
            QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(), themeName(theme));
            QCOMPARE(loadThemeSetting(), theme);
        }
        QSettings().setValue(QStringLiteral("appearance/theme"), QStringLiteral("purple"));
        QCOMPARE(loadThemeSetting(), Theme::System);
        QCOMPARE(themeFromName(QStringLiteral("DARK")), Theme::Dark);
    }

    void menuAppliesAndSavesChoices() {
        saveThemeSetting(Theme::Light);
        saveLanguageSetting(QStringLiteral("de"));
        AppearanceMenu menu;
        auto checkedData = [](QActionGroup* group) { return group->checkedAction()->data().toString(); };
        QCOMPARE(checkedData(menu.themeActions()), QStringLiteral("light"));
        QCOMPARE(checkedData(menu.languageActions()), QStringLiteral("de"));
        QCOMPARE(menu.languageActions()->actions().size(), 4); // system, English, Deutsch, Français

        QSignalSpy themeChanged(&menu, &AppearanceMenu::themeChanged);
        for (QAction* action : menu.themeActions()->actions())
            if (action->data() == QStringLiteral("dark"))
                action->trigger();
        QCOMPARE(themeChanged.count(), 1);
        QCOMPARE(loadThemeSetting(), Theme::Dark);
        QCOMPARE(QApplication::palette().color(QPalette::Window), darkPalette().color(QPalette::Window));

        QSignalSpy languageChanged(&menu, &AppearanceMenu::languageChanged);
        QSignalSpy status(&menu, &AppearanceMenu::statusMessage);
        for (QAction* action : menu.languageActions()->actions())
            if (action->data() == QStringLiteral("fr"))
                action->trigger();
        QCOMPARE(languageChanged.count(), 1);
        QCOMPARE(languageChanged.at(0).at(0).toString(), QStringLiteral("fr"));
        QCOMPARE(status.count(), 1);
        QCOMPARE(loadLanguageSetting(), QStringLiteral("fr"));
        applyTheme(app(), Theme::System);
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestAppearance test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_appearance.moc"
