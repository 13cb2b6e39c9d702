#pragma once

#include "core/agent/agent_task.h"
#include "core/agent/transcript.h"
#include "core/tier_registry.h"
#include "run_history.h"

#include <QMainWindow>
#include <memory>
#include <vector>

class AgentChatDock;
class AttackLabPage;
class ComparisonDialog;
class ReplayDialog;
class CodeEditor;
class OutputPane;
class ElidedLabel;
class QAction;
class QDockWidget;
class QListWidget;
class QTabWidget;
class RunController;
class RunPanel;
class TierSet;

// Sandbench's main window: the Workbench tab (code editor, tier & policy, output and agent chat as
// dockable panes) and the Attack Lab tab. Knows tiers only through their TierInfo and the engine's Tier
// interface, so a tier that lands later appears here, settings and all, without changes.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // Every tier this build knows (builtinTiers()).
    explicit MainWindow(QWidget* parent = nullptr);
    // The tiers of `registry` instead.
    explicit MainWindow(sandbench::TierRegistry registry, QWidget* parent = nullptr);
    ~MainWindow() override;

    // For tests and scripts: the panes and the run actions.
    CodeEditor* editor() const { return m_editor; }
    OutputPane* output() const { return m_output; }
    RunPanel* runPanel() const { return m_runPanel; }
    QAction* runAction() const { return m_run; }
    QAction* stopAction() const { return m_stop; }
    QAction* runOnAllTiersAction() const { return m_runOnAll; }
    QAction* replayAction() const { return m_replaySaved; }
    // "Run on all tiers": the dialog, made the first time it is asked for, and started at once.
    ComparisonDialog* showComparison();
    // "Replay on tier…" of a session: a dialog of its own per session.
    ReplayDialog* showReplay(const sandbench::agent::Transcript& transcript);
    // A saved transcript, replayed; nullptr (with the reason in a message box) when it cannot be read.
    ReplayDialog* replayTranscriptFile(const QString& path);
    QListWidget* historyList() const { return m_historyList; }
    AttackLabPage* attackLab() const { return m_lab; }
    AgentChatDock* agentChat() const { return m_chat; }
    QTabWidget* tabs() const { return m_tabs; }
    const RunHistory& history() const { return m_history; }
    // Puts a remembered run back: its code in the editor, its output and result in the output pane.
    void reopenHistoryEntry(int row);
    // A bundled agent task: its data become the input files and its request waits in the agent chat.
    void offerAgentTask(const sandbench::agent::AgentTask& task);
    // Loads an attack program into the editor and shows the Workbench tab.
    void openAttack(const QString& path);
    bool tiersProbed() const { return m_tiersProbed; }
    // Every tier, in registry order, and the one chosen when nothing else is.
    std::vector<sandbench::TierInfo> tiers() const;
    std::string defaultTier() const;
    // The named tier as runs use it; nullptr for an unknown name.
    std::shared_ptr<sandbench::Tier> tier(const QString& name) const;
    // The settings the tier was last created or changed with: saved ones, else the tier's
    // defaults (the environment's), until the user changes them in the Tier & policy pane; a secret only
    // as typed there (it is never saved).
    sandbench::TierSettings tierSettings(const QString& name) const;

    static constexpr int kLayoutVersion = 1;

Q_SIGNALS:
    void tiersReady(); // every tier has answered probe()
    void runFinished();
    void tierReprobed(const QString& name); // a tier answered probe() again, after its settings changed

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createPanes();
    void createActions();
    void probeTiersInBackground();
    void startRun();
    void updateActions();
    void restoreSettings();
    void saveSettings() const;
    void restoreDefaultLayout();
    void openFile();
    bool saveFile(bool askForName);
    void addHistoryRow(const HistoryEntry& entry);
    void exportHistory();
    bool isBusy() const; // a run, an agent session, a lab or a bench is going on
    void connectAgentChat();
    void openInEditor(const QString& code);
    // The pane's settings of every tier put into effect, when nothing runs (else when the run has ended).
    void applyTierSettings();
    void connectTiers();

    TierSet* m_tiers;
    bool m_tiersProbed = false;

    QTabWidget* m_tabs = nullptr;
    AttackLabPage* m_lab = nullptr;
    QMainWindow* m_workbench = nullptr; // inner window so the Workbench tab has docks of its own
    QByteArray m_defaultLayout;
    CodeEditor* m_editor = nullptr;
    OutputPane* m_output = nullptr;
    RunPanel* m_runPanel = nullptr;
    RunController* m_controller = nullptr;
    AgentChatDock* m_chat = nullptr;
    bool m_outputShowsAgent = false; // the Output pane shows the agent's programs, not a run of the editor's
    ElidedLabel* m_tierStatus = nullptr;
    QAction* m_run = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_runOnAll = nullptr;
    QAction* m_replaySaved = nullptr;
    ComparisonDialog* m_comparison = nullptr;
    std::vector<ReplayDialog*> m_replays; // owned by the window, deleted when closed
    std::vector<QDockWidget*> m_docks;
    RunHistory m_history{RunHistory::defaultPath()};
    QListWidget* m_historyList = nullptr;
    HistoryEntry m_pendingRun; // what the running program is, until its result arrives
};
