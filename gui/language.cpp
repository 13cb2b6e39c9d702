#include "language.h"

#include <QApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace {

const QString kResourceDir = QStringLiteral(":/i18n");
const QString kPrefix = QStringLiteral("sandbench");

// The translators installed last, so a second call replaces them instead of stacking.
QPointer<QTranslator>& installedSandbench() {
    static QPointer<QTranslator> translator;
    return translator;
}

QPointer<QTranslator>& installedQt() {
    static QPointer<QTranslator> translator;
    return translator;
}

void removeInstalled(QApplication& app, QPointer<QTranslator>& translator) {
    if (translator) {
        app.removeTranslator(translator);
        delete translator;
    }
}

} // namespace

QString loadLanguageSetting() {
    return QSettings().value(QLatin1String(kLanguageSettingsKey)).toString();
}

void saveLanguageSetting(const QString& language) {
    QSettings().setValue(QLatin1String(kLanguageSettingsKey), language);
}

bool installTranslations(QApplication& app, const QString& languageOverride) {
    removeInstalled(app, installedSandbench());
    removeInstalled(app, installedQt());

    QString language = languageOverride;
    if (language.isEmpty())
        language = loadLanguageSetting();
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // English is the source text. Loading would otherwise fall through to the user's second choice of
    // language (QLocale::uiLanguages()), which is not what someone who asked for English wants.
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return false;

    auto* sandbench = new QTranslator(&app);
    if (!sandbench->load(locale, kPrefix, QStringLiteral("_"), kResourceDir)) {
        delete sandbench;
        return false;
    }
    app.installTranslator(sandbench);
    installedSandbench() = sandbench;

    // Qt's own strings (dialog buttons, context menus) in the language that was found, if Qt ships it.
    const QLocale found = sandbench->language().isEmpty() ? locale : QLocale(sandbench->language());
    auto* qt = new QTranslator(&app);
    if (qt->load(found, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt);
        installedQt() = qt;
    } else {
        delete qt;
    }
    return true;
}

QStringList availableLanguages() {
    QStringList languages;
    const QString filePrefix = kPrefix + QLatin1Char('_');
    for (const QString& file :
         QDir(kResourceDir).entryList({filePrefix + QStringLiteral("*.qm")}, QDir::Files))
        languages << file.mid(filePrefix.size()).chopped(3); // "sandbench_de.qm" -> "de"
    languages.sort();
    return languages;
}

QString nativeLanguageName(const QString& language) {
    const QLocale locale(language);
    if (locale.language() == QLocale::C)
        return language;
    const QString name = locale.nativeLanguageName(); // "français": capitalised for a menu
    return name.left(1).toUpper() + name.mid(1);
}
