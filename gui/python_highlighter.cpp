#include "python_highlighter.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringView>

namespace {

// A set from words separated by spaces, so long word lists stay readable in the source.
QSet<QString> wordSet(QStringView words) {
    QSet<QString> set;
    for (const QStringView word : words.split(u' ', Qt::SkipEmptyParts))
        set.insert(word.toString());
    return set;
}

const QSet<QString>& keywords() {
    static const QSet<QString> words =
        wordSet(u"False None True and as assert async await break class continue def del elif else except "
                u"finally for from global if import in is lambda nonlocal not or pass raise return try while "
                u"with yield");
    return words;
}

// Only keywords at the start of a `match` or `case` statement; elsewhere they are ordinary names.
const QSet<QString>& softKeywords() {
    static const QSet<QString> words = wordSet(u"match case");
    return words;
}

const QSet<QString>& builtins() {
    static const QSet<QString> words = wordSet(
        // Functions and types.
        u"abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile "
        u"complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals "
        u"hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview "
        u"min next object oct open ord pow print property range repr reversed round set setattr slice "
        u"sorted staticmethod str sum super tuple type vars zip __import__ "
        // Constants and the names every module has.
        u"Ellipsis NotImplemented __name__ __file__ __doc__ "
        // The exceptions an attack program or its judge most often raises or catches.
        u"ArithmeticError AssertionError AttributeError BaseException BlockingIOError ConnectionError "
        u"EOFError Exception FileExistsError FileNotFoundError ImportError IndexError KeyError "
        u"KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NotImplementedError OSError "
        u"OverflowError PermissionError RecursionError RuntimeError StopIteration SyntaxError SystemExit "
        u"TimeoutError TypeError UnicodeDecodeError ValueError ZeroDivisionError");
    return words;
}

bool isStringPrefix(const QString& word) {
    static const QSet<QString> prefixes = wordSet(u"r u b f br rb fr rf");
    return word.size() <= 2 && prefixes.contains(word.toLower());
}

bool isIdentifierStart(QChar c) {
    return c.isLetter() || c == u'_';
}
bool isIdentifierPart(QChar c) {
    return c.isLetterOrNumber() || c == u'_';
}

int identifierEnd(const QString& text, int pos) {
    while (pos < text.size() && isIdentifierPart(text.at(pos)))
        ++pos;
    return pos;
}

bool opensTriple(const QString& text, int pos, QChar quote) {
    return QStringView(text).mid(pos, 3) == QString(3, quote);
}

// Decimal, hex, octal and binary integers, floats with exponents, imaginary numbers; '_' between digits.
const QRegularExpression& numberPattern() {
    static const QRegularExpression pattern(QStringLiteral(
        R"(0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+)"
        R"(|(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?)"));
    return pattern;
}

} // namespace

bool editor_colours::isDark(const QPalette& palette) {
    return qGray(palette.color(QPalette::Base).rgb()) < 128;
}

QColor editor_colours::blend(const QColor& from, const QColor& to, double amount) {
    const auto channel = [amount](float a, float b) { return static_cast<float>(a + (b - a) * amount); };
    return QColor::fromRgbF(channel(from.redF(), to.redF()), channel(from.greenF(), to.greenF()),
                            channel(from.blueF(), to.blueF()));
}

PythonHighlighter::PythonHighlighter(QTextDocument* document, const QPalette& palette)
    : QSyntaxHighlighter(document) {
    // QSyntaxHighlighter colours the document itself once the event loop runs; no rehighlight() here.
    applyPalette(palette);
}

void PythonHighlighter::setPalette(const QPalette& palette) {
    applyPalette(palette);
    rehighlight();
}

void PythonHighlighter::applyPalette(const QPalette& palette) {
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    m_dark = editor_colours::isDark(palette);

    // Saturated, darker hues stay readable on a light base; softer, lighter ones on a dark base.
    const auto pick = [this](const char* light, const char* dark) {
        return QColor(QString::fromLatin1(m_dark ? dark : light));
    };
    const auto reset = [this](Token token, const QColor& colour) -> QTextCharFormat& {
        QTextCharFormat& format = m_formats.at(static_cast<size_t>(token));
        format = QTextCharFormat();
        format.setForeground(colour);
        return format;
    };
    reset(Token::Keyword, pick("#0033b3", "#569cd6")).setFontWeight(QFont::Bold);
    reset(Token::Builtin, pick("#267f99", "#4ec9b0"));
    reset(Token::Number, pick("#1750eb", "#b5cea8"));
    reset(Token::String, pick("#067d17", "#ce9178"));
    reset(Token::Decorator, pick("#9e6a03", "#c586c0"));
    reset(Token::Definition, pick("#795e26", "#dcdcaa"));
    // Comments fade the theme's own text colour towards its background, whatever the theme.
    reset(Token::Comment, editor_colours::blend(text, base, 0.45)).setFontItalic(true);
}

void PythonHighlighter::colour(int start, int length, Token token) {
    setFormat(start, length, m_formats.at(static_cast<size_t>(token)));
}

int PythonHighlighter::highlightString(const QString& text, int start, int bodyStart, QChar quote,
                                       bool triple) {
    const int size = static_cast<int>(text.size());
    int pos = bodyStart;
    while (pos < size) {
        const QChar c = text.at(pos);
        if (c == u'\\') {
            // Even in a raw string a backslash keeps the next quote from closing the string.
            pos += 2;
            continue;
        }
        if (c == quote && (!triple || opensTriple(text, pos, quote))) {
            const int end = pos + (triple ? 3 : 1);
            colour(start, end - start, Token::String);
            return end;
        }
        ++pos;
    }

    colour(start, size - start, Token::String);
    const bool single = quote == u'\'';
    if (triple)
        setCurrentBlockState(single ? InTripleSingleQuoted : InTripleDoubleQuoted);
    else if (pos > size) // the line ends in a backslash, which continues the string on the next line
        setCurrentBlockState(single ? InSingleQuoted : InDoubleQuoted);
    // Otherwise an unterminated one-line string: a syntax error, which must not spill onto later lines.
    return size;
}

void PythonHighlighter::highlightBlock(const QString& text) {
    const int size = static_cast<int>(text.size());
    setCurrentBlockState(Normal);

    int pos = 0;
    switch (previousBlockState()) {
    case InTripleSingleQuoted:
        pos = highlightString(text, 0, 0, u'\'', true);
        break;
    case InTripleDoubleQuoted:
        pos = highlightString(text, 0, 0, u'"', true);
        break;
    case InSingleQuoted:
        pos = highlightString(text, 0, 0, u'\'', false);
        break;
    case InDoubleQuoted:
        pos = highlightString(text, 0, 0, u'"', false);
        break;
    default: // Normal, or -1 for the first block
        break;
    }

    bool atStatementStart = pos == 0;
    QString previousWord; // to colour the name after `def` and `class`
    while (pos < size) {
        const QChar c = text.at(pos);
        if (c.isSpace()) {
            ++pos;
            continue;
        }
        const bool startsStatement = atStatementStart;
        atStatementStart = false;

        if (c == u'#') {
            colour(pos, size - pos, Token::Comment);
            break;
        }
        if (c == u'\'' || c == u'"') {
            const bool triple = opensTriple(text, pos, c);
            pos = highlightString(text, pos, pos + (triple ? 3 : 1), c, triple);
            previousWord.clear();
            continue;
        }
        if (c.isDigit() || (c == u'.' && pos + 1 < size && text.at(pos + 1).isDigit())) {
            const QRegularExpressionMatch number = numberPattern().match(
                text, pos, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
            const int length = number.hasMatch() ? static_cast<int>(number.capturedLength()) : 1;
            colour(pos, length, Token::Number);
            pos += length;
            previousWord.clear();
            continue;
        }
        if (c == u'@' && startsStatement) {
            // At the start of a line '@' is a decorator; elsewhere it is matrix multiplication.
            int end = pos + 1;
            while (end < size && (isIdentifierPart(text.at(end)) || text.at(end) == u'.'))
                ++end;
            colour(pos, end - pos, Token::Decorator);
            pos = end;
            continue;
        }
        if (isIdentifierStart(c)) {
            const int end = identifierEnd(text, pos);
            const QString word = text.mid(pos, end - pos);
            if (end < size && (text.at(end) == u'\'' || text.at(end) == u'"') && isStringPrefix(word)) {
                const QChar quote = text.at(end);
                const bool triple = opensTriple(text, end, quote);
                pos = highlightString(text, pos, end + (triple ? 3 : 1), quote, triple);
                previousWord.clear();
                continue;
            }
            const bool isAttribute = pos > 0 && text.at(pos - 1) == u'.';
            if (previousWord == u"def" || previousWord == u"class")
                colour(pos, end - pos, Token::Definition);
            else if (keywords().contains(word))
                colour(pos, end - pos, Token::Keyword);
            else if (startsStatement && softKeywords().contains(word) && text.trimmed().endsWith(u':') &&
                     !QStringView(text).mid(end).trimmed().startsWith(u'='))
                colour(pos, end - pos, Token::Keyword);
            else if (!isAttribute && builtins().contains(word))
                colour(pos, end - pos, Token::Builtin);
            previousWord = word;
            pos = end;
            continue;
        }
        previousWord.clear();
        ++pos;
    }
}
