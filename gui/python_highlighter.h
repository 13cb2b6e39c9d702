#pragma once

#include <QGuiApplication>
#include <QPalette>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <array>

// Shared by the editor and its highlighter, so both agree on what a dark theme is.
namespace editor_colours {
bool isDark(const QPalette& palette);
// `amount` 0 gives `from`, 1 gives `to`.
QColor blend(const QColor& from, const QColor& to, double amount);
} // namespace editor_colours

// Python 3 syntax colouring. One left-to-right scan per line, so a '#' or a keyword inside a string is
// never coloured as such. Strings that continue on the next line (triple-quoted, or a backslash before
// the line break) are carried over in the block state.
class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    // The state a block leaves for the next one: which string, if any, is still open at its end.
    enum BlockState {
        Normal = 0,
        InTripleSingleQuoted = 1, // '''
        InTripleDoubleQuoted = 2, // """
        InSingleQuoted = 3,       // '...\ continued on the next line
        InDoubleQuoted = 4,       // "...\ continued on the next line
    };

    enum class Token { Keyword, Builtin, Number, String, Comment, Decorator, Definition, Count };

    explicit PythonHighlighter(QTextDocument* document, const QPalette& palette = QGuiApplication::palette());

    // Rebuilds the formats for this palette (light or dark base) and recolours the whole document.
    void setPalette(const QPalette& palette);
    bool usesDarkColours() const { return m_dark; }
    QTextCharFormat tokenFormat(Token token) const { return m_formats.at(static_cast<size_t>(token)); }

protected:
    void highlightBlock(const QString& text) override;

private:
    void applyPalette(const QPalette& palette);
    // Colours a string from `start` (its opening quote or the line start when continued) and returns
    // the index just past it, setting the block state if it is still open at the end of the line.
    int highlightString(const QString& text, int start, int bodyStart, QChar quote, bool triple);
    void colour(int start, int length, Token token);

    std::array<QTextCharFormat, static_cast<size_t>(Token::Count)> m_formats;
    bool m_dark = false;
};
