#pragma once

#include "agent_controller.h" // the metatypes of the signals' value types
#include "core/agent/transcript.h"
#include "core/tier.h"

#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class AgentSettingsPanel;
class ChatInput;
class ChatView;
class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QPushButton;
class QToolButton;

// The content of the Agent chat dock: a model is given a task and the run_python tool, and every program
// it writes runs on the tier and under the policy chosen in the workbench's Tier & policy pane (read
// when Send is pressed; the workbench sets them, never the model). Shows the conversation as it streams
// (ChatView), takes tasks in an input box (Enter sends, Shift+Enter starts a new line), stops a session at
// once, and saves its transcript as JSON or Markdown. When no model is configured (no key for a provider's
// own host, no model, no base URL), a banner says what to set, the settings are shown and Send is disabled;
// the rest of the workbench is unaffected.
class AgentChatDock : public QWidget {
    Q_OBJECT

public:
    // Where the agent's programs run: the tier the user chose, its Tier object and the policy.
    struct ToolTier {
        QString name;
        std::shared_ptr<sandbench::Tier> tier;
        sandbench::Policy policy;
        std::map<std::string, std::string> secretValues; // typed in the pane, for the runs, never saved
    };
    // The workbench's current choice, or nullopt with `problem` saying why no program can run now.
    using TierSource = std::function<std::optional<ToolTier>(QString& problem)>;

    explicit AgentChatDock(QWidget* parent = nullptr);

    void setTierSource(TierSource source) { m_tierSource = std::move(source); }

    // Starts a session with the input's text as the task. Refused (false, with the reason in the status
    // line) while a session runs, when the model is not configured, or when no tier can run.
    bool send();
    void stop();
    bool isRunning() const;

    // The current chat's conversation so far, once one exchange has ended; error texts are empty on success.
    const std::optional<sandbench::agent::Transcript>& transcript() const { return m_chats[m_currentChat]; }
    // Ends the current conversation: the next Send starts a new one. Earlier chats stay in the chat list,
    // labelled by the tiers their programs ran on, and can be shown and continued again.
    void newChat();
    void showChat(int index); // an earlier chat from the list, which Send then continues
    int chatCount() const { return static_cast<int>(m_chats.size()); }
    int currentChat() const { return m_currentChat; }
    QString chatLabel(int index) const;
    // Where the next program runs, as the chat pane shows it: "Runs on subprocess · timeout 5 s, …".
    QString tierLine() const;
    void refreshTierLine();
    // The tiers the chat's own chooser offers (never the control: the model's programs never run there); an
    // unavailable one is listed disabled with its reason as the tooltip. The choice is the workbench's one
    // current tier: picking one here emits tierChosen, and showTier() follows a choice made elsewhere.
    struct TierChoice {
        QString name;
        bool available = false;
        QString reason; // why not, when unavailable
    };
    void setTierChoices(const QList<TierChoice>& choices, const QString& current);
    void showTier(const QString& name); // shows `name` as chosen without emitting tierChosen
    QComboBox* tierChooser() const { return m_tierChoice; }
    QString saveTranscript(const QString& path) const; // JSON, written atomically
    QString exportMarkdown(const QString& path) const; // Transcript::toMarkdown(), written atomically

    // The bundled tasks' menu (File ▸ Examples ▸ Agent tasks), offered by a Tasks button beside New chat.
    void setTaskMenu(QMenu* tasks);
    // Puts a task's request into the input box, ready to send (the workbench has set its input files).
    void offerTask(const QString& prompt);

    // For tests and the main window.
    ChatInput* input() const { return m_input; }
    QPushButton* sendButton() const { return m_send; }
    QPushButton* stopButton() const { return m_stop; }
    QPushButton* newChatButton() const { return m_newChat; }
    QComboBox* chatList() const { return m_chatList; }
    QAction* saveTranscriptAction() const { return m_saveTranscript; }
    QAction* exportMarkdownAction() const { return m_exportMarkdown; }
    QAction* replayAction() const { return m_replay; }
    AgentSettingsPanel* settingsPanel() const { return m_settings; }
    ChatView* view() const { return m_view; }
    AgentController* controller() const { return m_controller; }
    QString bannerText() const; // the missing-configuration message; empty when the model is configured
    QString statusText() const;

Q_SIGNALS:
    void runningChanged(bool running);
    // One of the agent's programs, as it runs: for the Output pane.
    void toolRunStarted(const QString& tier, const QString& code);
    void toolOutputArrived(sandbench::Stream stream, const QByteArray& bytes);
    void toolRunFinished(const sandbench::RunResult& result);
    void openInEditorRequested(const QString& code);
    void statusMessage(const QString& text, int timeoutMs);
    void sessionFinished(const sandbench::agent::Transcript& transcript);
    void changeTierRequested();           // "Policy…" beside the tier line: show the Tier and policy pane
    void tierChosen(const QString& name); // picked in the chat's own tier chooser
    // "Replay on Tier…" in the Transcript menu: the session's programs run again on another tier.
    void replayRequested(const sandbench::agent::Transcript& transcript);
    // Files dropped on the chat: the workbench adds them to the policy's input files, so every program
    // of the session reads them at /data/<name>.
    void filesDropped(const QStringList& paths);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void connectController();
    void updateState();
    void setStatus(const QString& text);
    void refuse(const QString& reason);
    void chooseTranscriptFile(bool markdown);

    AgentController* m_controller;
    AgentSettingsPanel* m_settings;
    QToolButton* m_settingsToggle;
    QLabel* m_banner;
    ChatView* m_view;
    QLabel* m_status;
    ChatInput* m_input;
    QPushButton* m_send;
    QPushButton* m_stop;
    QPushButton* m_transcriptButton;
    QAction* m_saveTranscript;
    QAction* m_exportMarkdown;
    QAction* m_replay;
    QComboBox* m_chatList;
    QPushButton* m_newChat;
    QPushButton* m_tasks;
    QComboBox* m_tierChoice;
    QLabel* m_tierLine;
    QPushButton* m_changeTier;
    TierSource m_tierSource;
    // Every chat of this run of the program, each its conversation once an exchange ended.
    std::vector<std::optional<sandbench::agent::Transcript>> m_chats{1};
    int m_currentChat = 0;
    QString m_sessionTier;
    int m_sessionMaxTurns = 0;
    int m_turn = 0;        // the chat's turn (they count over the whole chat)
    int m_turnsBefore = 0; // the chat's turns before the message being answered
    bool m_stopping = false;
};
