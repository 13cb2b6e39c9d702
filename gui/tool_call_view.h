#pragma once

#include "core/agent/transcript.h"
#include "core/tier.h"

#include <QFrame>
#include <QStringDecoder>

class ArtifactShelf;
class PythonHighlighter;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QToolButton;

// One run_python call in the agent chat, as a collapsible block: a header naming the tier and the policy
// it ran with, the model's code (monospace, coloured), the program's output as it streams (bounded, stderr
// in its own colour, decoded by one stateful UTF-8 decoder per stream), the files it left (pictures, tables)
// and a result line. "Open in editor" hands the code to the workbench's editor.
class ToolCallView : public QFrame {
    Q_OBJECT

public:
    explicit ToolCallView(const sandbench::agent::ToolRun& run, QWidget* parent = nullptr);

    QString callId() const { return m_callId; }
    QString code() const;
    QString tierText() const;   // "subprocess · timeout 5 s, memory 256 MB, …"
    QString outputText() const; // what the output view shows
    QString resultText() const; // the line under it
    bool isFinished() const { return m_finished; }
    QPushButton* openInEditorButton() const { return m_openInEditor; }
    ArtifactShelf* artifacts() const { return m_artifacts; }

    bool isExpanded() const { return m_expanded; }
    void setExpanded(bool expanded);

    void appendOutput(sandbench::Stream stream, const QByteArray& bytes);
    // The run ended: its result (or why nothing ran) and whether the model was told it failed.
    void finish(const sandbench::agent::ToolRun& run);
    // The session ended before this run reported its end.
    void abandon();

    static constexpr int kMaximumOutputLines = 2000;
    static constexpr qsizetype kMaximumCharactersPerDelivery = 64 * 1024;

Q_SIGNALS:
    void openInEditorRequested(const QString& code);

protected:
    void changeEvent(QEvent* event) override;

private:
    void insertOutput(const QString& text, bool isError);
    void fitHeight(QPlainTextEdit* view, int maximumLines);
    void setResult(const QString& text, bool problem);
    void colourResult();

    QString m_callId;
    QToolButton* m_toggle;
    QLabel* m_tier;
    QPushButton* m_openInEditor;
    QWidget* m_body;
    QPlainTextEdit* m_code;
    QPlainTextEdit* m_output;
    ArtifactShelf* m_artifacts;
    QLabel* m_result;
    PythonHighlighter* m_highlighter = nullptr;
    QStringDecoder m_stdoutDecoder{QStringDecoder::Utf8};
    QStringDecoder m_stderrDecoder{QStringDecoder::Utf8};
    bool m_expanded = true;
    bool m_finished = false;
    bool m_resultProblem = false;
};
