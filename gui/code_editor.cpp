#include "code_editor.h"

#include "python_highlighter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QSaveFile>
#include <QStringDecoder>
#include <QTextBlock>
#include <cerrno>

namespace {

constexpr int kLineNumberPadding = 4; // pixels on each side of the numbers

bool fail(QString* error, const QString& message) {
    if (error)
        *error = message;
    return false;
}

} // namespace

// The gutter left of the text. It only forwards painting: the editor knows the block geometry.
class CodeEditor::LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(CodeEditor* editor)
        : QWidget(editor)
        , m_editor(editor) {
        setObjectName(QStringLiteral("lineNumberArea"));
    }

    QSize sizeHint() const override { return {m_editor->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->paintLineNumbers(event); }

private:
    CodeEditor* m_editor;
};

CodeEditor::CodeEditor(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_lineNumberArea(new LineNumberArea(this))
    , m_highlighter(new PythonHighlighter(document(), palette())) {
    setLineWrapMode(QPlainTextEdit::NoWrap); // Python's indentation is only readable unwrapped
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateLineNumberAreaWidth(); });
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CodeEditor::highlightCurrentLine);

    updateLineNumberAreaWidth();
    applyPalette();
}

CodeEditor::~CodeEditor() = default;

bool CodeEditor::loadFile(const QString& path, QString* error) {
    const QString shownPath = QDir::toNativeSeparators(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(error, tr("Cannot open %1: %2").arg(shownPath, file.errorString()));

    // Read one byte past the limit rather than trusting size(), which is 0 for pipes and /proc files.
    const QByteArray bytes = file.read(kMaxFileBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return fail(error, tr("Cannot read %1: %2").arg(shownPath, file.errorString()));
    if (bytes.size() > kMaxFileBytes)
        return fail(error, tr("%1 is too large to edit: the limit is %2.")
                               .arg(shownPath, QLocale().formattedDataSize(kMaxFileBytes)));

    // Stateless: a multi-byte sequence cut off at the end of the file is an error, not silently dropped.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return fail(error,
                    tr("%1 is not valid UTF-8 text. Convert it to UTF-8 and open it again.").arg(shownPath));

    // Windows line endings would leave a stray '\r' at the end of every line; the file is saved with '\n'.
    text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    setPlainText(text);
    document()->setModified(false);
    setCurrentFile(path);
    return true;
}

bool CodeEditor::saveFile(const QString& path, QString* error) {
    const QString shownPath = QDir::toNativeSeparators(path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, tr("Cannot save %1: %2").arg(shownPath, file.errorString()));

    // toPlainText() would turn non-breaking spaces into plain ones; the raw text keeps every character
    // and only its block separators need to become line breaks.
    QString text = document()->toRawText();
    text.replace(QChar::ParagraphSeparator, u'\n');
    const QByteArray bytes = text.toUtf8();
    errno = 0;
    const qint64 written = file.write(bytes);
    const int writeErrno = errno;
    if (written != bytes.size()) {
        // A short write (disk full, file-size limit) sets no error on the QFileDevice: errno has the reason.
        const QString reason = file.error() != QFileDevice::NoError ? file.errorString()
                               : writeErrno != 0                    ? qt_error_string(writeErrno)
                                                                    : tr("the file was written only in part");
        file.cancelWriting();
        return fail(error, tr("Cannot save %1: %2").arg(shownPath, reason));
    }
    if (!file.commit())
        return fail(error, tr("Cannot save %1: %2").arg(shownPath, file.errorString()));

    document()->setModified(false);
    setCurrentFile(path);
    return true;
}

void CodeEditor::setCurrentFile(const QString& path) {
    // Absolute, so the name still means the same file if the working directory changes later.
    const QString absolutePath = QFileInfo(path).absoluteFilePath();
    if (absolutePath == m_currentFile)
        return;
    m_currentFile = absolutePath;
    emit currentFileChanged(m_currentFile);
}

int CodeEditor::lineNumberAreaWidth() const {
    int digits = 1;
    for (int lines = qMax(1, blockCount()); lines >= 10; lines /= 10)
        ++digits;
    return 2 * kLineNumberPadding + fontMetrics().horizontalAdvance(u'9') * digits;
}

void CodeEditor::updateLineNumberAreaWidth() {
    const int width = lineNumberAreaWidth();
    if (viewportMargins().left() == width)
        return;
    setViewportMargins(width, 0, 0, 0);
    // Resize the gutter too: only a resize of the whole editor would do it otherwise.
    layoutLineNumberArea();
}

void CodeEditor::updateLineNumberArea(const QRect& rect, int dy) {
    if (dy != 0)
        m_lineNumberArea->scroll(0, dy);
    else
        m_lineNumberArea->update(0, rect.y(), m_lineNumberArea->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeEditor::layoutLineNumberArea() {
    const QRect contents = contentsRect();
    m_lineNumberArea->setGeometry(
        QRect(contents.left(), contents.top(), lineNumberAreaWidth(), contents.height()));
}

void CodeEditor::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    layoutLineNumberArea();
}

void CodeEditor::keyPressEvent(QKeyEvent* event) {
    const bool plain = !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    // Some platforms report Shift+Tab as Tab with Shift rather than as Backtab.
    const bool backtab = event->key() == Qt::Key_Backtab || (event->key() == Qt::Key_Tab && shift);
    if (plain && !isReadOnly() && event->key() == Qt::Key_Tab && !backtab) {
        // A tab character would mix with the spaces Python code is indented with.
        QTextCursor cursor = textCursor();
        cursor.insertText(QString(kIndentWidth, u' '));
        setTextCursor(cursor);
        event->accept();
        return;
    }
    if (plain && !isReadOnly() && backtab) {
        // Shift+Tab takes back up to one indent from the start of the current line.
        QTextCursor cursor = textCursor();
        const QString line = cursor.block().text();
        int spaces = 0;
        while (spaces < kIndentWidth && spaces < line.size() && line.at(spaces) == u' ')
            ++spaces;
        if (spaces > 0) {
            cursor.beginEditBlock();
            cursor.setPosition(cursor.block().position());
            cursor.setPosition(cursor.block().position() + spaces, QTextCursor::KeepAnchor);
            cursor.removeSelectedText();
            cursor.endEditBlock();
        }
        event->accept();
        return;
    }
    const bool isReturn = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (isReturn && shift && !isReadOnly()) {
        // QPlainTextEdit makes Shift+Return a soft break (U+2028), which Python does not take as a new line.
        QTextCursor cursor = textCursor();
        cursor.insertBlock();
        setTextCursor(cursor);
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

void CodeEditor::changeEvent(QEvent* event) {
    QPlainTextEdit::changeEvent(event);
    switch (event->type()) {
    case QEvent::PaletteChange:
        applyPalette();
        break;
    case QEvent::FontChange:
        setTabStopDistance(fontMetrics().horizontalAdvance(u' ') * kIndentWidth);
        updateLineNumberAreaWidth();
        break;
    default:
        break;
    }
}

void CodeEditor::applyPalette() {
    if (m_highlighter)
        m_highlighter->setPalette(palette());
    highlightCurrentLine();
}

void CodeEditor::highlightCurrentLine() {
    QList<QTextEdit::ExtraSelection> selections;
    if (!isReadOnly()) {
        const QColor base = palette().color(QPalette::Base);
        QTextEdit::ExtraSelection currentLine;
        // A faint tint of the theme's selection colour: visible, yet lighter than a real selection.
        currentLine.format.setBackground(editor_colours::blend(
            base, palette().color(QPalette::Highlight), editor_colours::isDark(palette()) ? 0.25 : 0.12));
        currentLine.format.setProperty(QTextFormat::FullWidthSelection, true);
        currentLine.cursor = textCursor();
        currentLine.cursor.clearSelection();
        selections.append(currentLine);
    }
    setExtraSelections(selections);
    // The current line's number is drawn in a stronger colour.
    if (m_lineNumberArea)
        m_lineNumberArea->update();
}

void CodeEditor::paintLineNumbers(QPaintEvent* event) {
    QPainter painter(m_lineNumberArea);
    const QColor background = palette().color(QPalette::Window);
    const QColor strongText = palette().color(QPalette::WindowText);
    const QColor fadedText = editor_colours::blend(strongText, background, 0.5);
    painter.fillRect(event->rect(), background);
    painter.setFont(font());

    const int currentBlock = textCursor().blockNumber();
    const int numberWidth = m_lineNumberArea->width() - kLineNumberPadding;
    const int lineHeight = fontMetrics().height();
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    while (block.isValid() && top <= event->rect().bottom()) {
        const int bottom = top + qRound(blockBoundingRect(block).height());
        if (block.isVisible() && bottom >= event->rect().top()) {
            painter.setPen(block.blockNumber() == currentBlock ? strongText : fadedText);
            painter.drawText(0, top, numberWidth, lineHeight, Qt::AlignRight,
                             QString::number(block.blockNumber() + 1));
        }
        block = block.next();
        top = bottom;
    }
}
