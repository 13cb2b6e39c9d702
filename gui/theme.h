#pragma once

#include <QPalette>
#include <QString>

class QApplication;

// The workbench's colour themes. Qt 6.4 has no QStyleHints::colorScheme, so Light and Dark are the Fusion
// style with a complete palette of our own (every role, in the Active, Inactive and Disabled groups), and
// System gives back whatever style and palette the platform chose before the first call.
enum class Theme { System, Light, Dark };

// The complete palettes behind Theme::Light and Theme::Dark. Disabled text is dimmer than active text
// but still legible on its base; links, tooltips and highlighted text have colours of their own.
QPalette lightPalette();
QPalette darkPalette();

// Switches the whole application at once: style, palette and tooltip palette. Widgets that paint with
// colours of their own receive QEvent::PaletteChange and should re-read palette().
void applyTheme(QApplication& app, Theme theme);
// The theme applied last (Theme::System until applyTheme() is called).
Theme currentTheme();

// "system", "light", "dark": the form stored in settings; themeFromName() maps anything else to System.
QString themeName(Theme theme);
Theme themeFromName(const QString& name);

// The user's choice, stored in QSettings under "appearance/theme".
inline constexpr char kThemeSettingsKey[] = "appearance/theme";
Theme loadThemeSetting();
void saveThemeSetting(Theme theme);
