#pragma once

#include <QString>
#include <QStringList>

class QApplication;

// The user's language, stored in QSettings under "appearance/language": a code such as "de" or "fr", or
// empty to follow the system locale.
inline constexpr char kLanguageSettingsKey[] = "appearance/language";
QString loadLanguageSetting();
void saveLanguageSetting(const QString& language);

// Installs the Sandbench translation (sandbench_<lang>.qm, embedded under :/i18n) and Qt's own qtbase
// translation for the same language, replacing any installed by an earlier call. The language is
// languageOverride if given (e.g. from the command line), else the saved setting, else the system locale.
// English is the source language and needs no file. Returns true if a Sandbench translation was installed;
// false leaves the interface in English. Widgets already built keep their texts: call it before them.
bool installTranslations(QApplication& app, const QString& languageOverride = {});

// The languages Sandbench has translations for, as codes ("de", "fr"), sorted; English is not listed.
QStringList availableLanguages();
// The language's own name for itself ("Deutsch", "français"), for menus.
QString nativeLanguageName(const QString& language);
