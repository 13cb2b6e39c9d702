#include "chat_view.h"

#include "tool_call_view.h"

#include <QFrame>
#include <QLabel>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>

using namespace sandbench;
using namespace sandbench::agent;

namespace {

QLabel* plainLabel(const QString& text, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText); // the model's words are never markup
    label->setText(text);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return label;
}

void setBold(QLabel* label, bool italic = false) {
    QFont font = label->font();
    font.setBold(!italic);
    font.setItalic(italic);
    label->setFont(font);
}

} // namespace

ChatView::ChatView(QWidget* parent)
    : QScrollArea(parent)
    , m_content(new QWidget)
    , m_layout(new QVBoxLayout(m_content)) {
    setObjectName(QStringLiteral("agent.chatView"));
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setBackgroundRole(QPalette::Base);
    m_content->setBackgroundRole(QPalette::Base);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setSpacing(8);
    m_layout->addStretch(1);
    setWidget(m_content);
    // Follow the newest line, unless the user has scrolled up to read something.
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this](int value) { m_followTail = value >= verticalScrollBar()->maximum() - 4; });
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int maximum) {
        if (m_followTail)
            verticalScrollBar()->setValue(maximum);
    });
    clear();
}

void ChatView::clear() {
    for (QWidget* item : std::as_const(m_items))
        delete item;
    m_items.clear();
    m_toolCalls.clear();
    m_notices.clear();
    m_assistant = {};
    m_assistantMessages.clear();
    m_outcome = nullptr;
    m_finalAnswer.clear();
    m_turn = 0;
    m_followTail = true;
    auto* hint = plainLabel(tr("The model writes Python to solve your task. Every program runs on the tier "
                               "and under the policy chosen in Tier and policy, never inside Sandbench "
                               "itself; the model sees only what the program prints."),
                            m_content);
    hint->setForegroundRole(QPalette::PlaceholderText);
    addWidget(hint);
}

void ChatView::addWidget(QWidget* widget) {
    m_layout->insertWidget(m_layout->count() - 1, widget); // above the stretch
    m_items.push_back(widget);
}

ChatView::Message ChatView::addMessage(const QString& caption, const QString& text,
                                       QPalette::ColorRole background) {
    Message message;
    message.frame = new QFrame(m_content);
    message.frame->setBackgroundRole(background);
    message.frame->setAutoFillBackground(true);
    message.caption = plainLabel(caption, message.frame);
    setBold(message.caption);
    message.body = plainLabel(text, message.frame);
    auto* layout = new QVBoxLayout(message.frame);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(2);
    layout->addWidget(message.caption);
    layout->addWidget(message.body);
    addWidget(message.frame);
    return message;
}

void ChatView::addUserMessage(const QString& text) {
    addMessage(tr("You"), text, QPalette::AlternateBase);
}

void ChatView::startTurn(int turn) {
    m_turn = turn;
    m_assistant = {};
}

void ChatView::appendAssistantText(const QString& text) {
    if (text.isEmpty())
        return;
    if (!m_assistant.frame) {
        m_assistant = addMessage(tr("Model · turn %1").arg(m_turn), QString(), QPalette::Base);
        m_assistantMessages.push_back(m_assistant);
    }
    m_assistant.body->setText(m_assistant.body->text() + text);
}

ToolCallView* ChatView::addToolCall(const ToolRun& run) {
    auto* view = new ToolCallView(run, m_content);
    connect(view, &ToolCallView::openInEditorRequested, this, &ChatView::openInEditorRequested);
    m_toolCalls.insert(view->callId(), view);
    addWidget(view);
    return view;
}

void ChatView::startToolRun(const ToolRun& run) {
    m_assistant = {}; // text after a tool call goes below it
    if (!m_toolCalls.contains(QString::fromStdString(run.call.id)))
        addToolCall(run);
}

void ChatView::appendToolOutput(const QString& callId, Stream stream, const QByteArray& bytes) {
    if (ToolCallView* view = m_toolCalls.value(callId))
        view->appendOutput(stream, bytes);
}

void ChatView::finishToolRun(const ToolRun& run) {
    m_assistant = {};
    ToolCallView* view = m_toolCalls.value(QString::fromStdString(run.call.id));
    if (!view)
        view = addToolCall(run); // a malformed call: nothing started, so this is its first news
    view->finish(run);
}

void ChatView::addNotice(const QString& text) {
    auto* label = plainLabel(text, m_content);
    setBold(label, true);
    label->setForegroundRole(QPalette::PlaceholderText);
    m_notices.push_back(label);
    addWidget(label);
}

QString ChatView::outcomeDescription(const Transcript& transcript) {
    switch (transcript.outcome) {
    case AgentOutcome::Finished:
        // Turns count over the whole chat, as each message's heading does; the limit is per message.
        return tr("Finished: the model answered at turn %1 (model calls for this message: %2 of at most %3).")
            .arg(transcript.turns)
            .arg(transcript.exchangeTurns)
            .arg(transcript.maxTurns);
    case AgentOutcome::TurnLimit:
        return tr("Turn limit (%1) reached: the model still wanted to run code.").arg(transcript.maxTurns);
    case AgentOutcome::Failed:
        return tr("Failed: %1").arg(QString::fromStdString(transcript.error));
    case AgentOutcome::Cancelled:
        return tr("Cancelled: you stopped the session.");
    }
    return {};
}

void ChatView::showOutcome(const Transcript& transcript) {
    for (const ToolRun& run : transcript.runs) {
        ToolCallView* view = m_toolCalls.value(QString::fromStdString(run.call.id));
        if (!view)
            view = addToolCall(run);
        if (!view->isFinished())
            view->finish(run);
    }
    for (ToolCallView* view : std::as_const(m_toolCalls))
        view->abandon(); // only those whose end never came

    const QString finalText = QString::fromStdString(transcript.finalText).trimmed();
    if (transcript.outcome == AgentOutcome::Finished && !finalText.isEmpty()) {
        const bool streamed =
            !m_assistantMessages.isEmpty() && m_assistantMessages.back().body->text().trimmed() == finalText;
        Message answer =
            streamed ? m_assistantMessages.back() : addMessage(QString(), finalText, QPalette::Base);
        answer.caption->setText(tr("Answer · turn %1").arg(transcript.turns));
        answer.frame->setBackgroundRole(QPalette::AlternateBase);
        m_finalAnswer = finalText;
    }
    m_outcome = plainLabel(outcomeDescription(transcript), m_content);
    m_outcome->setObjectName(QStringLiteral("agent.outcome"));
    setBold(m_outcome);
    if (transcript.outcome == AgentOutcome::Failed) {
        QPalette colours = m_outcome->palette();
        colours.setColor(QPalette::WindowText, palette().color(QPalette::Base).lightness() < 128
                                                   ? QColor(255, 120, 110)
                                                   : QColor(190, 30, 30));
        m_outcome->setPalette(colours);
    }
    addWidget(m_outcome);
}

void ChatView::showTranscript(const Transcript& transcript) {
    clear();
    int turn = 0;
    for (const ChatMessage& message : transcript.messages) {
        if (message.role == ChatMessage::Role::User) {
            addUserMessage(QString::fromStdString(message.text));
            continue;
        }
        if (message.role != ChatMessage::Role::Assistant)
            continue;
        startTurn(++turn);
        appendAssistantText(QString::fromStdString(message.text));
        for (const ToolCall& call : message.toolCalls) {
            const auto run = std::find_if(transcript.runs.begin(), transcript.runs.end(),
                                          [&](const ToolRun& r) { return r.call.id == call.id; });
            if (run == transcript.runs.end())
                continue;
            startToolRun(*run);
            if (run->result) {
                appendToolOutput(QString::fromStdString(call.id), Stream::Stdout,
                                 QByteArray::fromStdString(run->result->stdoutBytes));
                appendToolOutput(QString::fromStdString(call.id), Stream::Stderr,
                                 QByteArray::fromStdString(run->result->stderrBytes));
            }
            finishToolRun(*run);
        }
    }
    for (const std::string& note : transcript.endNotes)
        addNotice(QString::fromStdString(note));
    showOutcome(transcript);
}

QList<ToolCallView*> ChatView::toolCalls() const {
    QList<ToolCallView*> views;
    for (QWidget* item : m_items)
        if (auto* view = qobject_cast<ToolCallView*>(item))
            views.push_back(view);
    return views;
}

QString ChatView::assistantText() const {
    QStringList texts;
    for (const Message& message : m_assistantMessages)
        texts << message.body->text();
    return texts.join(QLatin1Char('\n'));
}

QString ChatView::finalAnswer() const {
    return m_finalAnswer;
}

QString ChatView::outcomeText() const {
    return m_outcome ? m_outcome->text() : QString();
}

QStringList ChatView::notices() const {
    QStringList texts;
    for (const QLabel* label : m_notices)
        texts << label->text();
    return texts;
}

QString ChatView::plainText() const {
    QStringList parts;
    for (QWidget* item : m_items) {
        if (auto* view = qobject_cast<ToolCallView*>(item)) {
            parts << view->tierText() << view->code() << view->outputText() << view->resultText();
        } else if (auto* label = qobject_cast<QLabel*>(item)) {
            parts << label->text();
        } else {
            for (const QLabel* child : item->findChildren<QLabel*>())
                parts << child->text();
        }
    }
    return parts.join(QLatin1Char('\n'));
}
