#pragma once

#include "core/tier.h"

#include <QStringDecoder>
#include <QWidget>
#include <optional>

class ArtifactShelf;
class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

// Shows a run's stdout and stderr as they arrive, stderr in its own colour, through one stateful UTF-8
// decoder per stream (a character split across two chunks is never broken; invalid bytes show as U+FFFD).
// The view is bounded in lines and per delivery, so a flood never freezes the window; the full (capped)
// output stays in the run's result. What the view dropped is said above it, with a button that saves the
// whole kept output once the run has ended.
class OutputPane : public QWidget {
    Q_OBJECT

public:
    explicit OutputPane(QWidget* parent = nullptr);

    void clear();
    void append(sandbench::Stream stream, const QByteArray& bytes);
    void showResult(const sandbench::RunResult& result);
    void showRunning(const QString& what);

    // One view with stderr in its own colour (the default), or stdout and stderr side by side.
    void setSeparateStreams(bool separate);
    bool separateStreams() const;

    QString text() const;       // what the main view shows (stdout, and stderr unless separate)
    QString errorText() const;  // what the stderr view shows when the streams are separate
    QString resultLine() const; // the line under the view
    // Lines of the output the views no longer show (the oldest), and the notice above them saying so.
    qint64 droppedLines() const { return m_droppedLines[0] + m_droppedLines[1]; }
    QString droppedNotice() const;
    // The files the last run left in /tmp/outputs.
    ArtifactShelf* artifacts() const { return m_artifacts; }
    // The egress proxy's decisions of the last result, one per line; empty without an allow list.
    QString networkText() const;
    // The last result's kept output: stdout to `path`, stderr (when there is any) to `path`.stderr. false
    // with `error` set when a file cannot be written, or no run has ended yet.
    bool saveKeptOutput(const QString& path, QString* error) const;

    static constexpr int kMaximumLines = 5000;
    static constexpr qsizetype kMaximumCharactersPerDelivery = 64 * 1024;

private:
    void insert(const QString& text, bool isError);
    void countDropped(int view, qint64 lines);
    void chooseOutputFile();

    QPlainTextEdit* m_view;
    QPlainTextEdit* m_errorView;
    QCheckBox* m_separate;
    QLabel* m_result;
    QLabel* m_dropped;      // "The first N lines … are not shown here"
    QPushButton* m_saveAll; // "Save the whole output…"
    ArtifactShelf* m_artifacts;
    QLabel* m_networkTitle;
    QPlainTextEdit* m_network;         // plain text: targets and headers in it are the program's words
    qint64 m_linesShown[2] = {0, 0};   // per view (main, stderr): lines it was given since clear()
    qint64 m_droppedLines[2] = {0, 0}; // per view: the oldest lines it no longer shows
    std::optional<sandbench::RunResult> m_lastResult;
    QStringDecoder m_stdoutDecoder{QStringDecoder::Utf8};
    QStringDecoder m_stderrDecoder{QStringDecoder::Utf8};
};
