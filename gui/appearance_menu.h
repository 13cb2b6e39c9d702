#pragma once

#include "theme.h"

#include <QMenu>

class QActionGroup;

// "Appearance" menu: Theme (System, Light, Dark) applies at once and is saved; Language (System, English
// and every embedded translation) is saved and takes effect at the next start, since widgets already
// built keep their texts. Checks show the saved choices.
class AppearanceMenu : public QMenu {
    Q_OBJECT

public:
    explicit AppearanceMenu(QWidget* parent = nullptr);

    QActionGroup* themeActions() const { return m_themes; }
    QActionGroup* languageActions() const { return m_languages; }

Q_SIGNALS:
    void themeChanged(Theme theme);
    void languageChanged(const QString& language); // "" for the system's language
    // A sentence for the status bar, e.g. that a new language needs a restart.
    void statusMessage(const QString& message);

private:
    QActionGroup* m_themes = nullptr;
    QActionGroup* m_languages = nullptr;
};
