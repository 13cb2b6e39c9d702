#pragma once

#include "core/tier.h"

#include <QStringDecoder>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPlainTextEdit;

// Shows a run's stdout and stderr as they arrive, stderr in its own colour, through one stateful UTF-8
// decoder per stream (a character split across two chunks is never broken; invalid bytes show as U+FFFD).
// The view is bounded in lines and per delivery, so a flood never freezes the window; the full (capped)
// output stays in the run's result.
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

    static constexpr int kMaximumLines = 5000;
    static constexpr qsizetype kMaximumCharactersPerDelivery = 64 * 1024;

private:
    void insert(const QString& text, bool isError);

    QPlainTextEdit* m_view;
    QPlainTextEdit* m_errorView;
    QCheckBox* m_separate;
    QLabel* m_result;
    QStringDecoder m_stdoutDecoder{QStringDecoder::Utf8};
    QStringDecoder m_stderrDecoder{QStringDecoder::Utf8};
};
