#include "appearance_menu.h"

#include "language.h"

#include <QActionGroup>
#include <QApplication>

AppearanceMenu::AppearanceMenu(QWidget* parent)
    : QMenu(tr("&Appearance"), parent)
    , m_themes(new QActionGroup(this))
    , m_languages(new QActionGroup(this)) {
    QMenu* themeMenu = addMenu(tr("&Theme"));
    const Theme savedTheme = loadThemeSetting();
    struct Choice {
        Theme theme;
        QString text;
        QString tip;
    };
    const Choice themes[] = {
        {Theme::System, tr("&System"), tr("Use the desktop's own style and colours")},
        {Theme::Light, tr("&Light"), tr("Use light colours, whatever the desktop's theme")},
        {Theme::Dark, tr("&Dark"), tr("Use dark colours, whatever the desktop's theme")},
    };
    for (const auto& [theme, text, tip] : themes) {
        QAction* action = themeMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(theme == savedTheme);
        action->setData(themeName(theme));
        action->setStatusTip(tip);
        m_themes->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme = theme] {
            if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
                applyTheme(*app, theme);
            saveThemeSetting(theme);
            Q_EMIT themeChanged(theme);
        });
    }

    QMenu* languageMenu = addMenu(tr("&Language"));
    const QString savedLanguage = loadLanguageSetting();
    auto addLanguage = [&](const QString& code, const QString& text) {
        QAction* action = languageMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(code == savedLanguage);
        action->setData(code);
        action->setStatusTip(tr("Show Sandbench in this language from the next start"));
        m_languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] {
            if (code == loadLanguageSetting())
                return;
            saveLanguageSetting(code);
            Q_EMIT languageChanged(code);
            Q_EMIT statusMessage(tr("The language changes when Sandbench is started again."));
        });
    };
    addLanguage(QString(), tr("S&ystem Language"));
    languageMenu->addSeparator();
    addLanguage(QStringLiteral("en"), QStringLiteral("English"));
    for (const QString& code : availableLanguages())
        addLanguage(code, nativeLanguageName(code));
}
