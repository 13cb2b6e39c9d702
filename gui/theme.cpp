#include "theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QToolTip>

namespace {

// One colour per role for the Active and Inactive groups, and the roles that change when disabled.
struct PaletteColours {
    QColor window, windowText, base, alternateBase, text, placeholderText, button, buttonText, brightText;
    QColor light, midlight, mid, dark, shadow;
    QColor highlight, highlightedText, link, linkVisited, toolTipBase, toolTipText;
    // Disabled group: text dimmed but legible, the highlight muted, the surfaces unchanged.
    QColor disabledText, disabledPlaceholderText, disabledButton, disabledHighlight, disabledHighlightedText,
        disabledLink, disabledBase;
};

QPalette makePalette(const PaletteColours& c) {
    QPalette palette;
    auto all = [&palette](QPalette::ColorRole role, const QColor& colour) { palette.setColor(role, colour); };
    all(QPalette::Window, c.window);
    all(QPalette::WindowText, c.windowText);
    all(QPalette::Base, c.base);
    all(QPalette::AlternateBase, c.alternateBase);
    all(QPalette::Text, c.text);
    all(QPalette::PlaceholderText, c.placeholderText);
    all(QPalette::Button, c.button);
    all(QPalette::ButtonText, c.buttonText);
    all(QPalette::BrightText, c.brightText);
    all(QPalette::Light, c.light);
    all(QPalette::Midlight, c.midlight);
    all(QPalette::Mid, c.mid);
    all(QPalette::Dark, c.dark);
    all(QPalette::Shadow, c.shadow);
    all(QPalette::Highlight, c.highlight);
    all(QPalette::HighlightedText, c.highlightedText);
    all(QPalette::Link, c.link);
    all(QPalette::LinkVisited, c.linkVisited);
    all(QPalette::ToolTipBase, c.toolTipBase);
    all(QPalette::ToolTipText, c.toolTipText);

    constexpr auto disabled = QPalette::Disabled;
    palette.setColor(disabled, QPalette::WindowText, c.disabledText);
    palette.setColor(disabled, QPalette::Text, c.disabledText);
    palette.setColor(disabled, QPalette::ButtonText, c.disabledText);
    palette.setColor(disabled, QPalette::PlaceholderText, c.disabledPlaceholderText);
    palette.setColor(disabled, QPalette::Button, c.disabledButton);
    palette.setColor(disabled, QPalette::Base, c.disabledBase);
    palette.setColor(disabled, QPalette::Highlight, c.disabledHighlight);
    palette.setColor(disabled, QPalette::HighlightedText, c.disabledHighlightedText);
    palette.setColor(disabled, QPalette::Link, c.disabledLink);
    palette.setColor(disabled, QPalette::LinkVisited, c.disabledLink);
    return palette;
}

// What the platform chose before we changed anything, so Theme::System can give it back.
struct PlatformDefaults {
    bool captured = false;
    QString styleName;
    QPalette toolTipPalette;
};

PlatformDefaults& platformDefaults() {
    static PlatformDefaults defaults;
    return defaults;
}

Theme& appliedTheme() {
    static Theme theme = Theme::System;
    return theme;
}

} // namespace

QPalette lightPalette() {
    PaletteColours c;
    c.window = QColor(0xef, 0xef, 0xf1);
    c.windowText = QColor(0x1c, 0x1c, 0x1f);
    c.base = QColor(0xff, 0xff, 0xff);
    c.alternateBase = QColor(0xf5, 0xf5, 0xf7);
    c.text = QColor(0x1c, 0x1c, 0x1f);
    c.placeholderText = QColor(0x6b, 0x6b, 0x72);
    c.button = QColor(0xe8, 0xe8, 0xeb);
    c.buttonText = QColor(0x1c, 0x1c, 0x1f);
    c.brightText = QColor(0xff, 0xff, 0xff);
    c.light = QColor(0xff, 0xff, 0xff);
    c.midlight = QColor(0xe0, 0xe0, 0xe4);
    c.mid = QColor(0xb4, 0xb4, 0xba);
    c.dark = QColor(0x9a, 0x9a, 0xa0);
    c.shadow = QColor(0x5a, 0x5a, 0x60);
    c.highlight = QColor(0x1f, 0x6f, 0xc5);
    c.highlightedText = QColor(0xff, 0xff, 0xff);
    c.link = QColor(0x0b, 0x57, 0xb0);
    c.linkVisited = QColor(0x6f, 0x3a, 0xb0);
    c.toolTipBase = QColor(0xff, 0xfb, 0xe0);
    c.toolTipText = QColor(0x1c, 0x1c, 0x1f);
    c.disabledText = QColor(0x80, 0x80, 0x86);
    c.disabledPlaceholderText = QColor(0xa4, 0xa4, 0xaa);
    c.disabledButton = QColor(0xe8, 0xe8, 0xeb);
    c.disabledBase = QColor(0xef, 0xef, 0xf1);
    c.disabledHighlight = QColor(0xc4, 0xc8, 0xd0);
    c.disabledHighlightedText = QColor(0x50, 0x50, 0x56);
    c.disabledLink = QColor(0x70, 0x84, 0xa0);
    return makePalette(c);
}

QPalette darkPalette() {
    PaletteColours c;
    c.window = QColor(0x2b, 0x2b, 0x2f);
    c.windowText = QColor(0xe6, 0xe6, 0xe9);
    c.base = QColor(0x1e, 0x1e, 0x21);
    c.alternateBase = QColor(0x27, 0x27, 0x2b);
    c.text = QColor(0xe6, 0xe6, 0xe9);
    c.placeholderText = QColor(0x8e, 0x8e, 0x96);
    c.button = QColor(0x35, 0x35, 0x3a);
    c.buttonText = QColor(0xe6, 0xe6, 0xe9);
    c.brightText = QColor(0xff, 0x6b, 0x6b);
    c.light = QColor(0x4a, 0x4a, 0x50);
    c.midlight = QColor(0x3e, 0x3e, 0x44);
    c.mid = QColor(0x30, 0x30, 0x35);
    c.dark = QColor(0x1a, 0x1a, 0x1d);
    c.shadow = QColor(0x0c, 0x0c, 0x0e);
    c.highlight = QColor(0x2f, 0x7d, 0xd1);
    c.highlightedText = QColor(0xff, 0xff, 0xff);
    c.link = QColor(0x6c, 0xb4, 0xff);
    c.linkVisited = QColor(0xb8, 0x94, 0xff);
    c.toolTipBase = QColor(0x3a, 0x3a, 0x40);
    c.toolTipText = QColor(0xf0, 0xf0, 0xf3);
    c.disabledText = QColor(0x80, 0x80, 0x87);
    c.disabledPlaceholderText = QColor(0x60, 0x60, 0x66);
    c.disabledButton = QColor(0x30, 0x30, 0x34);
    c.disabledBase = QColor(0x24, 0x24, 0x27);
    c.disabledHighlight = QColor(0x45, 0x48, 0x50);
    c.disabledHighlightedText = QColor(0xa8, 0xa8, 0xae);
    c.disabledLink = QColor(0x5a, 0x78, 0x98);
    return makePalette(c);
}

void applyTheme(QApplication& app, Theme theme) {
    PlatformDefaults& defaults = platformDefaults();
    if (!defaults.captured) {
        defaults.styleName = QApplication::style()->name();
        defaults.toolTipPalette = QToolTip::palette();
        defaults.captured = true;
    }
    if (theme == Theme::System) {
        if (QStyle* style = QStyleFactory::create(defaults.styleName))
            app.setStyle(style);
        // A palette with no role set resolves every role against the platform's (or the style's) palette.
        app.setPalette(QPalette());
        QToolTip::setPalette(defaults.toolTipPalette);
    } else {
        if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
            app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        const QPalette palette = theme == Theme::Dark ? darkPalette() : lightPalette();
        app.setPalette(palette);
        QToolTip::setPalette(palette);
    }
    appliedTheme() = theme;
}

Theme currentTheme() {
    return appliedTheme();
}

QString themeName(Theme theme) {
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

Theme themeFromName(const QString& name) {
    for (Theme theme : {Theme::Light, Theme::Dark})
        if (name.compare(themeName(theme), Qt::CaseInsensitive) == 0)
            return theme;
    return Theme::System;
}

Theme loadThemeSetting() {
    return themeFromName(QSettings().value(QLatin1String(kThemeSettingsKey)).toString());
}

void saveThemeSetting(Theme theme) {
    QSettings().setValue(QLatin1String(kThemeSettingsKey), themeName(theme));
}
