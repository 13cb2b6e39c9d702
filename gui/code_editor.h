#pragma once

#include <QPlainTextEdit>
#include <QString>

class PythonHighlighter;

// The Python source editor: line numbers, current-line highlight, monospace font, Tab as four spaces,
// Python colouring that follows the palette, and UTF-8 load/save that never loses the text on failure.
// "Modified" is the document's flag: load and save clear it, so modificationChanged(bool) tells a window
// when to mark its title.
class CodeEditor : public QPlainTextEdit {
    Q_OBJECT

public:
    // Larger files are refused: a program to run in a sandbox is small, and a huge file would freeze the
    // highlighter.
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;
    static constexpr int kIndentWidth = 4;

    explicit CodeEditor(QWidget* parent = nullptr);
    ~CodeEditor() override;

    // Replaces the text with the file's, read as UTF-8. On failure (unreadable, over kMaxFileBytes, not
    // valid UTF-8) returns false with a message in *error and leaves text and currentFile() unchanged.
    bool loadFile(const QString& path, QString* error);
    // Writes the text as UTF-8 through QSaveFile, so the file on disk is either the old one or the new
    // one, never half-written. On failure returns false with a message in *error; nothing else changes.
    bool saveFile(const QString& path, QString* error);
    // The file last loaded or saved; empty for a new, unsaved text.
    QString currentFile() const { return m_currentFile; }

    PythonHighlighter* highlighter() const { return m_highlighter; }
    // Room for the line numbers: grows with the number of digits of the last line's number.
    int lineNumberAreaWidth() const;

signals:
    void currentFileChanged(const QString& path);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    class LineNumberArea;

    void paintLineNumbers(QPaintEvent* event);
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect& rect, int dy);
    void layoutLineNumberArea();
    void highlightCurrentLine();
    void applyPalette();
    void setCurrentFile(const QString& path);

    LineNumberArea* m_lineNumberArea = nullptr;
    PythonHighlighter* m_highlighter = nullptr;
    QString m_currentFile;
};
