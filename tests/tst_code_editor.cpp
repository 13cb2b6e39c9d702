// The code editor and its Python highlighter, offscreen: block states across triple-quoted strings,
// formats at the right characters, palette-following colours, UTF-8 load/save that never loses text,
// the line-number gutter, and Tab as spaces.

#include "gui/code_editor.h"
#include "gui/python_highlighter.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QPlainTextDocumentLayout>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <sys/resource.h>

namespace {

using Token = PythonHighlighter::Token;
constexpr int kPlain = -1; // a "token" column value: no format at all

// The format the highlighter gave the character at `position` of the document; empty if none.
QTextCharFormat formatAt(const QTextDocument& document, int position) {
    const QTextBlock block = document.findBlock(position);
    const int offset = position - block.position();
    const auto ranges = block.layout()->formats();
    for (const QTextLayout::FormatRange& range : ranges) {
        if (offset >= range.start && offset < range.start + range.length)
            return range.format;
    }
    return {};
}

QPalette lightPalette() {
    QPalette palette;
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    palette.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0x30, 0x8c, 0xc6));
    return palette;
}

QPalette darkPalette() {
    QPalette palette;
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Text, QColor(0xd4, 0xd4, 0xd4));
    palette.setColor(QPalette::Window, QColor(0x2d, 0x2d, 0x2d));
    palette.setColor(QPalette::WindowText, QColor(0xd4, 0xd4, 0xd4));
    palette.setColor(QPalette::Highlight, QColor(0x26, 0x4f, 0x78));
    return palette;
}

// WCAG contrast ratio, 1 (none) to 21 (black on white).
double contrast(const QColor& a, const QColor& b) {
    const auto luminance = [](const QColor& colour) {
        const auto linear = [](double c) {
            return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * linear(colour.redF()) + 0.7152 * linear(colour.greenF()) +
               0.0722 * linear(colour.blueF());
    };
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// A document coloured as the editor's is. QTextDocument reports edits, and so gets highlighted, only once
// it has a layout, which an editor always gives it.
struct HighlightedDocument {
    explicit HighlightedDocument(const QString& code, const QPalette& palette = lightPalette())
        : highlighter(&document, palette) {
        document.setDocumentLayout(new QPlainTextDocumentLayout(&document));
        document.setPlainText(code);
    }
    QTextDocument document;
    PythonHighlighter highlighter;
};

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return "<unreadable>";
    return file.readAll();
}

} // namespace

class TestCodeEditor : public QObject {
    Q_OBJECT

private slots:
    void blockStates_data();
    void blockStates();
    void tokenFormats_data();
    void tokenFormats();
    void editorHighlightsItsDocument();
    void coloursAreReadable_data();
    void coloursAreReadable();
    void paletteChangeRecolours();
    void applicationPaletteChangeRecolours();

    void saveAndLoadRoundTrip_data();
    void saveAndLoadRoundTrip();
    void loadNormalisesWindowsLineEndings();
    void loadAcceptsExactlyTheLimit();
    void loadFailureKeepsText_data();
    void loadFailureKeepsText();
    void saveFailureKeepsText_data();
    void saveFailureKeepsText();
    void failedWriteLeavesOldFileIntact();

    void lineNumberAreaWidth_data();
    void lineNumberAreaWidth();
    void lineNumberAreaGrowsAndShrinksWhileTyping();
    void currentLineIsHighlighted();
    void usesTheSystemMonospaceFont();
    void editingKeys_data();
    void editingKeys();
};

void TestCodeEditor::blockStates_data() {
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QList<int>>("states");

    const int normal = PythonHighlighter::Normal;
    const int inSingle = PythonHighlighter::InTripleSingleQuoted;
    const int inDouble = PythonHighlighter::InTripleDoubleQuoted;
    QTest::newRow("\"\"\" opens, stays, closes")
        << QStringList{"x = \"\"\"start", "middle", "end\"\"\" + y", "z = 1"}
        << QList<int>{inDouble, inDouble, normal, normal};
    QTest::newRow("''' opens, stays, closes") << QStringList{"x = '''start", "middle", "end'''", "z = 1"}
                                              << QList<int>{inSingle, inSingle, normal, normal};
    QTest::newRow("\"\"\" inside ''' does not close it")
        << QStringList{"'''start", "has \"\"\" inside", "end'''"} << QList<int>{inSingle, inSingle, normal};
    QTest::newRow("''' inside \"\"\" does not close it")
        << QStringList{"\"\"\"start", "has ''' inside", "end\"\"\""}
        << QList<int>{inDouble, inDouble, normal};
    QTest::newRow("closing quote on its own line")
        << QStringList{"def f():", "    \"\"\"Docstring.", "", "    More.", "    \"\"\"", "    return 1"}
        << QList<int>{normal, inDouble, inDouble, inDouble, normal, normal};
    QTest::newRow("opened and closed on one line")
        << QStringList{"s = \"\"\"one line\"\"\"", "t = '''also'''"} << QList<int>{normal, normal};
    QTest::newRow("closes, then another opens")
        << QStringList{"a = '''x''' + \"\"\"y"} << QList<int>{inDouble};
    QTest::newRow("triple quote in a comment")
        << QStringList{"x = 1  # \"\"\" not a string"} << QList<int>{normal};
    QTest::newRow("triple quote in a one-line string")
        << QStringList{"x = '\"\"\"'", "y = \"'''\""} << QList<int>{normal, normal};
    QTest::newRow("escaped quote does not close")
        << QStringList{"s = \"\"\"a\\\"\"\"", "b\"\"\""} << QList<int>{inDouble, normal};
    QTest::newRow("raw and bytes prefixes")
        << QStringList{"r = rb'''raw", "bytes'''", "f = F\"\"\"{x}", "\"\"\""}
        << QList<int>{inSingle, normal, inDouble, normal};
    QTest::newRow("backslash continues a one-line string")
        << QStringList{"s = 'abc\\", "def'", "t = 1"}
        << QList<int>{PythonHighlighter::InSingleQuoted, normal, normal};
    QTest::newRow("unterminated one-line string stops at the line end")
        << QStringList{"s = 'oops", "t = 1"} << QList<int>{normal, normal};
}

void TestCodeEditor::blockStates() {
    QFETCH(QStringList, lines);
    QFETCH(QList<int>, states);

    const HighlightedDocument highlighted(lines.join(u'\n'));
    QCOMPARE(highlighted.document.blockCount(), lines.size());
    QList<int> seen;
    for (QTextBlock block = highlighted.document.begin(); block.isValid(); block = block.next())
        seen.append(block.userState());
    QCOMPARE(seen, states);
}

void TestCodeEditor::tokenFormats_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("span"); // its first occurrence in `code` is checked, character by character
    QTest::addColumn<int>("token");

    const auto row = [](const char* name, const QString& code, const QString& span, int token) {
        QTest::newRow(name) << code << span << token;
    };
    const int keyword = int(Token::Keyword);
    const int builtin = int(Token::Builtin);
    const int number = int(Token::Number);
    const int string = int(Token::String);
    const int comment = int(Token::Comment);

    row("def", "def run(code):", "def", keyword);
    row("function name", "def run(code):", "run", int(Token::Definition));
    row("parameter", "def run(code):", "code", kPlain);
    row("class", "class Sandbox(Base):", "class", keyword);
    row("class name", "class Sandbox(Base):", "Sandbox", int(Token::Definition));
    row("keyword after indent", "    return None", "return", keyword);
    row("None", "    return None", "None", keyword);
    row("keyword inside a name", "index = 1", "index", kPlain);
    row("comment", "x = 1  # if not", "# if not", comment);
    row("code before a comment", "x = 1  # if not", "x", kPlain);
    row("hash inside a string", "s = '# not a comment'", "'# not a comment'", string);
    row("keyword inside a string", "s = \"if else\"", "\"if else\"", string);
    row("escaped quote", "s = 'it\\'s' + tail", "'it\\'s'", string);
    row("after an escaped quote", "s = 'it\\'s' + tail", "tail", kPlain);
    row("bytes prefix", "data = b'\\x00'", "b'\\x00'", string);
    row("raw bytes prefix", "data = rb'\\d+'", "rb'\\d+'", string);
    row("f-string", "msg = f\"{name}!\"", "f\"{name}!\"", string);
    row("upper-case prefix", "p = BR\"x\"", "BR\"x\"", string);
    row("prefix-like name", "br = 2", "br", kPlain);
    row("empty string", "s = ''", "''", string);
    row("triple-quoted body", "x = '''\nif True:\n'''", "if True:", string);
    row("code after a triple-quoted string", "\"\"\"doc\"\"\"  # note", "# note", comment);
    row("integer", "n = 42", "42", number);
    row("underscores", "n = 1_000_000", "1_000_000", number);
    row("hex", "mask = 0xFF_FF", "0xFF_FF", number);
    row("octal", "mode = 0o755", "0o755", number);
    row("binary", "bits = 0b1010", "0b1010", number);
    row("float with exponent", "eps = 3.14e-10", "3.14e-10", number);
    row("leading-dot float", "half = .5", ".5", number);
    row("imaginary", "z = 10j", "10j", number);
    row("digits in a name", "x2 = y", "x2", kPlain);
    row("builtin", "print(len(items))", "print", builtin);
    row("nested builtin", "print(len(items))", "len", builtin);
    row("attribute named like a builtin", "os.open(path)", "open", kPlain);
    row("exception", "raise ValueError(x)", "ValueError", builtin);
    row("decorator", "@functools.lru_cache(maxsize=None)", "@functools.lru_cache", int(Token::Decorator));
    row("indented decorator", "    @property", "@property", int(Token::Decorator));
    row("matrix multiplication", "a = b @ c", "@", kPlain);
    row("match statement", "match command:", "match", keyword);
    row("match as a name", "match = pattern.match(s)", "match", kPlain);
}

void TestCodeEditor::tokenFormats() {
    QFETCH(QString, code);
    QFETCH(QString, span);
    QFETCH(int, token);

    const HighlightedDocument highlighted(code);
    const int start = int(code.indexOf(span));
    QVERIFY(start >= 0);
    const QTextCharFormat expected =
        token == kPlain ? QTextCharFormat() : highlighted.highlighter.tokenFormat(static_cast<Token>(token));
    for (int i = start; i < start + span.size(); ++i) {
        const QTextCharFormat actual = formatAt(highlighted.document, i);
        QVERIFY2(actual == expected, qPrintable(QStringLiteral("wrong format at '%1' (offset %2 of the span)")
                                                    .arg(code.at(i))
                                                    .arg(i - start)));
    }
}

void TestCodeEditor::editorHighlightsItsDocument() {
    CodeEditor editor;
    QVERIFY(editor.highlighter());
    QCOMPARE(editor.highlighter()->document(), editor.document());
    editor.setPlainText(QStringLiteral("import os\n# done"));
    QCOMPARE(formatAt(*editor.document(), 0), editor.highlighter()->tokenFormat(Token::Keyword));
    QCOMPARE(formatAt(*editor.document(), 10), editor.highlighter()->tokenFormat(Token::Comment));
}

void TestCodeEditor::coloursAreReadable_data() {
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << lightPalette() << false;
    QTest::newRow("dark") << darkPalette() << true;
}

void TestCodeEditor::coloursAreReadable() {
    QFETCH(QPalette, palette);
    QFETCH(bool, dark);

    const HighlightedDocument highlighted(QString(), palette);
    const PythonHighlighter& highlighter = highlighted.highlighter;
    QCOMPARE(highlighter.usesDarkColours(), dark);
    const QColor base = palette.color(QPalette::Base);
    for (int token = 0; token < int(Token::Count); ++token) {
        const QColor colour = highlighter.tokenFormat(static_cast<Token>(token)).foreground().color();
        // 3:1 is WCAG's floor for large or bold text; these stay well above it.
        QVERIFY2(contrast(colour, base) >= 3.0, qPrintable(QStringLiteral("token %1: %2 on %3 is %4:1")
                                                               .arg(token)
                                                               .arg(colour.name(), base.name())
                                                               .arg(contrast(colour, base))));
    }
}

void TestCodeEditor::paletteChangeRecolours() {
    CodeEditor editor;
    editor.setPalette(lightPalette());
    editor.setPlainText(QStringLiteral("import os"));
    const QColor lightKeyword = formatAt(*editor.document(), 0).foreground().color();
    const QColor lightLine = editor.extraSelections().value(0).format.background().color();
    QCOMPARE(lightKeyword, editor.highlighter()->tokenFormat(Token::Keyword).foreground().color());

    editor.setPalette(darkPalette()); // delivers QEvent::PaletteChange
    QVERIFY(editor.highlighter()->usesDarkColours());
    const QColor darkKeyword = formatAt(*editor.document(), 0).foreground().color();
    QCOMPARE(darkKeyword, editor.highlighter()->tokenFormat(Token::Keyword).foreground().color());
    QVERIFY(darkKeyword != lightKeyword);
    QVERIFY(editor.extraSelections().value(0).format.background().color() != lightLine);
}

// A theme switch sets the application's palette; editors without a palette of their own follow it.
void TestCodeEditor::applicationPaletteChangeRecolours() {
    const auto restore =
        qScopeGuard([original = QApplication::palette()] { QApplication::setPalette(original); });
    QApplication::setPalette(lightPalette());
    CodeEditor editor;
    editor.setPlainText(QStringLiteral("import os"));
    QTRY_VERIFY(!editor.highlighter()->usesDarkColours());

    QApplication::setPalette(darkPalette()); // reaches the widgets through the event loop
    QTRY_VERIFY(editor.highlighter()->usesDarkColours());
    QCOMPARE(formatAt(*editor.document(), 0), editor.highlighter()->tokenFormat(Token::Keyword));
}

void TestCodeEditor::saveAndLoadRoundTrip_data() {
    QTest::addColumn<QString>("text");
    QTest::newRow("ascii") << QStringLiteral("import os\nprint(os.getcwd())\n");
    QTest::newRow("no final newline") << QStringLiteral("x = 1");
    QTest::newRow("empty") << QString();
    QTest::newRow("blank lines") << QStringLiteral("\n\n\nx\n\n");
    QTest::newRow("non-ASCII") << QStringLiteral("s = 'Grüße, 世界, 🐍'\n# café\n");
    QTest::newRow("non-breaking space kept") << QStringLiteral("s = 'a\u00a0b'\n");
    QTest::newRow("tab characters kept") << QStringLiteral("if x:\n\treturn 1\n");
}

void TestCodeEditor::saveAndLoadRoundTrip() {
    QFETCH(QString, text);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("program.py"));

    CodeEditor writer;
    writer.setPlainText(text);
    writer.document()->setModified(true);
    QSignalSpy modification(&writer, &QPlainTextEdit::modificationChanged);
    QSignalSpy fileChanged(&writer, &CodeEditor::currentFileChanged);
    QString error;
    QVERIFY2(writer.saveFile(path, &error), qPrintable(error));
    QVERIFY(error.isEmpty());
    QCOMPARE(readFile(path), text.toUtf8());
    QCOMPARE(writer.currentFile(), path);
    QVERIFY(!writer.document()->isModified());
    QCOMPARE(modification.size(), 1);
    QCOMPARE(modification.at(0).at(0).toBool(), false);
    QCOMPARE(fileChanged.size(), 1);
    QCOMPARE(fileChanged.at(0).at(0).toString(), path);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
             QStringList{QStringLiteral("program.py")}); // no temp left

    CodeEditor reader;
    reader.insertPlainText(QStringLiteral("previous text"));
    QVERIFY(reader.document()->isModified());
    QVERIFY2(reader.loadFile(path, &error), qPrintable(error));
    QCOMPARE(reader.document()->toRawText().replace(QChar::ParagraphSeparator, u'\n'), text);
    QCOMPARE(reader.currentFile(), path);
    QVERIFY(!reader.document()->isModified());

    // Saving what was loaded gives back the same bytes.
    const QString copy = dir.filePath(QStringLiteral("copy.py"));
    QVERIFY2(reader.saveFile(copy, &error), qPrintable(error));
    QCOMPARE(readFile(copy), readFile(path));
}

void TestCodeEditor::loadNormalisesWindowsLineEndings() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("crlf.py"));
    QVERIFY(writeFile(path, "a = 1\r\nb = 2\r\n"));
    CodeEditor editor;
    QString error;
    QVERIFY2(editor.loadFile(path, &error), qPrintable(error));
    QCOMPARE(editor.toPlainText(), QStringLiteral("a = 1\nb = 2\n"));
    QCOMPARE(editor.document()->firstBlock().text(), QStringLiteral("a = 1"));
}

void TestCodeEditor::loadAcceptsExactlyTheLimit() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.py"));
    QByteArray bytes;
    const QByteArray line = QByteArray(63, 'x') + '\n';
    while (bytes.size() < CodeEditor::kMaxFileBytes)
        bytes += line;
    bytes.truncate(CodeEditor::kMaxFileBytes);
    QVERIFY(writeFile(path, bytes));
    CodeEditor editor;
    QString error;
    QVERIFY2(editor.loadFile(path, &error), qPrintable(error));
    QCOMPARE(editor.toPlainText().size(), CodeEditor::kMaxFileBytes);
}

void TestCodeEditor::loadFailureKeepsText_data() {
    QTest::addColumn<QByteArray>("content"); // what the file holds
    QTest::addColumn<QString>("kind");       // "file", "missing" or "directory"
    QTest::addColumn<QString>("message");    // a phrase the error must contain

    const QString notUtf8 = QStringLiteral("not valid UTF-8");
    QTest::newRow("Latin-1 byte") << QByteArray("name = 'caf\xe9'\n") << "file" << notUtf8;
    QTest::newRow("UTF-16 with BOM") << QByteArray::fromHex("fffe61006200") << "file" << notUtf8;
    QTest::newRow("sequence cut at the end") << QByteArray("x = 1 \xc3") << "file" << notUtf8;
    QTest::newRow("overlong encoding") << QByteArray("\xc0\xaf") << "file" << notUtf8;
    QTest::newRow("encoded surrogate") << QByteArray("\xed\xa0\x80") << "file" << notUtf8;
    QTest::newRow("one byte over the limit")
        << QByteArray(CodeEditor::kMaxFileBytes + 1, 'x') << "file" << QStringLiteral("too large");
    QTest::newRow("missing file") << QByteArray() << "missing" << QStringLiteral("Cannot open");
    QTest::newRow("a directory") << QByteArray() << "directory" << QStringLiteral("Cannot");
}

void TestCodeEditor::loadFailureKeepsText() {
    QFETCH(QByteArray, content);
    QFETCH(QString, kind);
    QFETCH(QString, message);

    QTemporaryDir dir;
    const QString previousPath = dir.filePath(QStringLiteral("previous.py"));
    QVERIFY(writeFile(previousPath, "print('kept')\n"));
    CodeEditor editor;
    QString error;
    QVERIFY2(editor.loadFile(previousPath, &error), qPrintable(error));
    editor.moveCursor(QTextCursor::End);
    editor.insertPlainText(QStringLiteral("# unsaved edit\n"));
    const QString before = editor.toPlainText();
    QVERIFY(editor.document()->isModified());

    QString path = dir.filePath(QStringLiteral("bad.py"));
    if (kind == u"file")
        QVERIFY(writeFile(path, content));
    else if (kind == u"directory")
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("bad.py")));
    QSignalSpy fileChanged(&editor, &CodeEditor::currentFileChanged);

    QVERIFY(!editor.loadFile(path, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error)); // says which file
    QCOMPARE(editor.toPlainText(), before);
    QVERIFY(editor.document()->isModified());
    QCOMPARE(editor.currentFile(), previousPath);
    QCOMPARE(fileChanged.size(), 0);
    QVERIFY(!editor.loadFile(path, nullptr)); // no message wanted: no crash either
}

void TestCodeEditor::saveFailureKeepsText_data() {
    QTest::addColumn<QString>("relativePath");
    QTest::newRow("parent is a file") << QStringLiteral("existing.py/program.py");
    QTest::newRow("missing directory") << QStringLiteral("missing/deeper/program.py");
    QTest::newRow("path is a directory") << QStringLiteral("folder");
}

void TestCodeEditor::saveFailureKeepsText() {
    QFETCH(QString, relativePath);
    QTemporaryDir dir;
    const QString existing = dir.filePath(QStringLiteral("existing.py"));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder")));

    CodeEditor editor;
    editor.setPlainText(QStringLiteral("x = 1\n"));
    QString error;
    QVERIFY2(editor.saveFile(existing, &error), qPrintable(error));
    editor.moveCursor(QTextCursor::End);
    editor.insertPlainText(QStringLiteral("y = 2\n"));
    QVERIFY(editor.document()->isModified());
    QSignalSpy fileChanged(&editor, &CodeEditor::currentFileChanged);
    QSignalSpy modification(&editor, &QPlainTextEdit::modificationChanged);

    const QString path = dir.filePath(relativePath);
    QVERIFY(!editor.saveFile(path, &error));
    QVERIFY2(error.startsWith(QStringLiteral("Cannot save")), qPrintable(error));
    QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error));
    QCOMPARE(editor.toPlainText(), QStringLiteral("x = 1\ny = 2\n"));
    QVERIFY(editor.document()->isModified()); // still unsaved, so closing still asks
    QCOMPARE(editor.currentFile(), existing);
    QCOMPARE(fileChanged.size(), 0);
    QCOMPARE(modification.size(), 0);
    QCOMPARE(readFile(existing), QByteArray("x = 1\n"));
}

// A write that fails half-way (here: the file-size limit) must leave the previous file whole, which is what
// QSaveFile's write-then-rename gives and a direct write would not.
void TestCodeEditor::failedWriteLeavesOldFileIntact() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("program.py"));
    const QByteArray original = "print('the old version')\n";
    QVERIFY(writeFile(path, original));

    CodeEditor editor;
    QString error;
    QVERIFY2(editor.loadFile(path, &error), qPrintable(error));
    const QString bigText = QString(200 * 1024, u'x');
    editor.selectAll();
    editor.insertPlainText(bigText); // an edit, unlike setPlainText(), which clears "modified"
    QVERIFY(editor.document()->isModified());

    rlimit previous{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &previous), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of death
    rlimit small = previous;
    small.rlim_cur = 4096;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    const bool saved = editor.saveFile(path, &error);
    setrlimit(RLIMIT_FSIZE, &previous);
    std::signal(SIGXFSZ, previousHandler);

    QVERIFY(!saved);
    QVERIFY2(error.startsWith(QStringLiteral("Cannot save")), qPrintable(error));
    QVERIFY2(error.endsWith(qt_error_string(EFBIG)), qPrintable(error)); // the reason, not "Unknown error"
    QCOMPARE(readFile(path), original);
    QCOMPARE(editor.toPlainText(), bigText);
    QVERIFY(editor.document()->isModified());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
             QStringList{QStringLiteral("program.py")}); // no temp left
}

void TestCodeEditor::lineNumberAreaWidth_data() {
    QTest::addColumn<int>("lines");
    QTest::addColumn<int>("digits");
    QTest::newRow("empty") << 1 << 1;
    QTest::newRow("9 lines") << 9 << 1;
    QTest::newRow("10 lines") << 10 << 2;
    QTest::newRow("99 lines") << 99 << 2;
    QTest::newRow("100 lines") << 100 << 3;
    QTest::newRow("1000 lines") << 1000 << 4;
}

void TestCodeEditor::lineNumberAreaWidth() {
    QFETCH(int, lines);
    QFETCH(int, digits);

    CodeEditor editor;
    editor.resize(400, 300);
    editor.show();
    const int digitWidth = editor.fontMetrics().horizontalAdvance(u'9');
    QVERIFY(digitWidth > 0);
    const int oneDigit = editor.lineNumberAreaWidth();
    editor.setPlainText(QString(lines - 1, u'\n'));
    QCOMPARE(editor.blockCount(), lines);
    QCOMPARE(editor.lineNumberAreaWidth(), oneDigit + (digits - 1) * digitWidth);

    const auto* area = editor.findChild<QWidget*>(QStringLiteral("lineNumberArea"));
    QVERIFY(area);
    QCOMPARE(area->width(), editor.lineNumberAreaWidth());
    QVERIFY(editor.viewport()->geometry().left() >= area->geometry().right()); // text starts after it
}

void TestCodeEditor::lineNumberAreaGrowsAndShrinksWhileTyping() {
    CodeEditor editor;
    editor.resize(400, 300);
    editor.show();
    const auto* area = editor.findChild<QWidget*>(QStringLiteral("lineNumberArea"));
    QVERIFY(area);
    editor.setPlainText(QString(8, u'\n'));
    QCOMPARE(editor.blockCount(), 9);
    const int nineLines = area->width();

    editor.moveCursor(QTextCursor::End);
    for (int i = 0; i < 91; ++i)
        QTest::keyClick(&editor, Qt::Key_Return);
    QCOMPARE(editor.blockCount(), 100);
    QVERIFY2(area->width() > nineLines, qPrintable(QString::number(area->width())));
    QCOMPARE(area->width(), editor.lineNumberAreaWidth());
    QVERIFY(!editor.grab().isNull()); // paints the numbers, scrolled to the end

    QTextCursor cursor = editor.textCursor();
    cursor.setPosition(editor.document()->findBlockByNumber(8).position());
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
    QCOMPARE(editor.blockCount(), 9);
    QCOMPARE(area->width(), nineLines);
}

void TestCodeEditor::currentLineIsHighlighted() {
    CodeEditor editor;
    editor.setPlainText(QStringLiteral("a\nb\nc"));
    QTextCursor cursor = editor.textCursor();
    cursor.setPosition(editor.document()->findBlockByNumber(2).position());
    editor.setTextCursor(cursor);
    const auto selections = editor.extraSelections();
    QCOMPARE(selections.size(), 1);
    QVERIFY(selections.at(0).format.property(QTextFormat::FullWidthSelection).toBool());
    QCOMPARE(selections.at(0).cursor.blockNumber(), 2);
    QVERIFY(selections.at(0).format.background().color() != editor.palette().color(QPalette::Base));

    editor.setReadOnly(true);
    editor.moveCursor(QTextCursor::Start); // a viewer has no "current line" to mark
    QVERIFY(editor.extraSelections().isEmpty());
}

void TestCodeEditor::usesTheSystemMonospaceFont() {
    CodeEditor editor;
    QCOMPARE(editor.font().family(), QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    // Every glyph as wide as the next. (QFontInfo::fixedPitch() says false for some real monospace fonts,
    // such as Noto Sans Mono, whose fontconfig entry declares no spacing.)
    const QFontMetrics metrics = editor.fontMetrics();
    for (const QChar c : QStringLiteral("iW.m_"))
        QCOMPARE(metrics.horizontalAdvance(c), metrics.horizontalAdvance(u'0'));
    QCOMPARE(editor.tabStopDistance(), 4.0 * editor.fontMetrics().horizontalAdvance(u' '));
}

void TestCodeEditor::editingKeys_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("cursorAt");
    QTest::addColumn<int>("key");
    QTest::addColumn<bool>("shift");
    QTest::addColumn<QString>("expected"); // the raw text: a soft line break would show as U+2028
    QTest::addColumn<int>("cursorAfter");

    const int tab = Qt::Key_Tab;
    const int backtab = Qt::Key_Backtab;
    QTest::newRow("Tab in an empty editor") << QString() << 0 << tab << false << "    " << 4;
    QTest::newRow("Tab mid-line") << "ab" << 1 << tab << false << "a    b" << 5;
    QTest::newRow("Tab at an indented line's start") << "    x" << 4 << tab << false << "        x" << 8;
    QTest::newRow("Shift+Tab removes one indent") << "        x" << 9 << backtab << true << "    x" << 5;
    QTest::newRow("Shift+Tab removes what there is") << "  x" << 3 << backtab << true << "x" << 1;
    QTest::newRow("Shift+Tab on an unindented line") << "x" << 1 << backtab << true << "x" << 1;
    QTest::newRow("Tab with Shift removes one indent") << "    x" << 5 << tab << true << "x" << 1;
    QTest::newRow("Shift+Tab on the second line")
        << "if x:\n        y" << 15 << backtab << true << "if x:\n    y" << 11;
    QTest::newRow("Shift+Return is a real line break")
        << "ab" << 1 << int(Qt::Key_Return) << true << "a\nb" << 2;
}

void TestCodeEditor::editingKeys() {
    QFETCH(QString, text);
    QFETCH(int, cursorAt);
    QFETCH(int, key);
    QFETCH(bool, shift);
    QFETCH(QString, expected);
    QFETCH(int, cursorAfter);

    CodeEditor editor;
    editor.show();
    editor.setPlainText(text);
    QTextCursor cursor = editor.textCursor();
    cursor.setPosition(cursorAt);
    editor.setTextCursor(cursor);
    QTest::keyClick(&editor, static_cast<Qt::Key>(key), shift ? Qt::ShiftModifier : Qt::NoModifier);
    QCOMPARE(editor.document()->toRawText().replace(QChar::ParagraphSeparator, u'\n'), expected);
    QCOMPARE(editor.textCursor().position(), cursorAfter);
}

int main(int argc, char** argv) {
    // Offscreen unless the caller chose a platform, so the test runs on CI machines without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestCodeEditor test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_code_editor.moc"
