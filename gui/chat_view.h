#pragma once

#include "core/agent/transcript.h"
#include "core/tier.h"

#include <QHash>
#include <QList>
#include <QScrollArea>

class QFrame;
class QLabel;
class QVBoxLayout;
class ToolCallView;

// The agent chat's conversation, top to bottom: the user's task, the model's text as it streams in (one
// block per turn), each run_python call as a collapsible ToolCallView, retry notices, and at the end the
// outcome (finished, turn limit, failed with the provider's message, cancelled), the final answer marked as
// such. Follows the newest line unless the user has scrolled up. Everything is plain text: nothing the model
// writes is interpreted as markup or links.
class ChatView : public QScrollArea {
    Q_OBJECT

public:
    explicit ChatView(QWidget* parent = nullptr);

    void clear();
    void addUserMessage(const QString& text);
    void startTurn(int turn);
    void appendAssistantText(const QString& text);
    void startToolRun(const sandbench::agent::ToolRun& run);
    void appendToolOutput(const QString& callId, sandbench::Stream stream, const QByteArray& bytes);
    void finishToolRun(const sandbench::agent::ToolRun& run);
    void addNotice(const QString& text);
    // The session ended: runs whose end never arrived are completed from the transcript, the final answer
    // is marked, and the outcome line closes the conversation.
    void showOutcome(const sandbench::agent::Transcript& transcript);
    // Shows a whole conversation that has ended (an earlier chat chosen again), as it was streamed.
    void showTranscript(const sandbench::agent::Transcript& transcript);

    QList<ToolCallView*> toolCalls() const;
    ToolCallView* toolCall(const QString& callId) const { return m_toolCalls.value(callId); }
    QString assistantText() const; // every turn's text, in order
    QString finalAnswer() const;   // the text marked as the answer; empty until the session finished
    QString outcomeText() const;
    QStringList notices() const;
    QString plainText() const; // everything shown, in order, for tests and accessibility

    static QString outcomeDescription(const sandbench::agent::Transcript& transcript);

Q_SIGNALS:
    void openInEditorRequested(const QString& code);

private:
    struct Message {
        QFrame* frame = nullptr;
        QLabel* caption = nullptr;
        QLabel* body = nullptr;
    };
    Message addMessage(const QString& caption, const QString& text, QPalette::ColorRole background);
    void addWidget(QWidget* widget);
    ToolCallView* addToolCall(const sandbench::agent::ToolRun& run);

    QWidget* m_content;
    QVBoxLayout* m_layout;
    QList<QWidget*> m_items; // in order, for plainText()
    QHash<QString, ToolCallView*> m_toolCalls;
    QList<QLabel*> m_notices;
    Message m_assistant; // the current turn's text, once some arrived
    QList<Message> m_assistantMessages;
    QLabel* m_outcome = nullptr;
    QString m_finalAnswer;
    int m_turn = 0;
    bool m_followTail = true;
};
