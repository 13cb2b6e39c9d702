#pragma once

#include "backends/container/container_settings.h"
#include "backends/e2b/e2b_settings.h"
#include "backends/microvm/microvm_settings.h"
#include "core/backend_registry.h"
#include "run_history.h"

#include <QMainWindow>
#include <atomic>
#include <map>
#include <memory>
#include <thread>
#include <vector>

class AgentChatDock;
class AttackLabPage;
class CodeEditor;
class OutputPane;
class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QTabWidget;
class RunController;
class RunPanel;

// Sandbench's main window: the Workbench tab (code editor, backend & policy, output and agent chat as
// dockable panes) and the Attack Lab tab. Knows tiers only through the engine's Backend interface, so a
// tier that lands later appears here without changes.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // For tests and scripts: the panes and the run actions.
    CodeEditor* editor() const { return m_editor; }
    OutputPane* output() const { return m_output; }
    RunPanel* runPanel() const { return m_runPanel; }
    QAction* runAction() const { return m_run; }
    QAction* stopAction() const { return m_stop; }
    QListWidget* historyList() const { return m_historyList; }
    AttackLabPage* attackLab() const { return m_lab; }
    AgentChatDock* agentChat() const { return m_chat; }
    QTabWidget* tabs() const { return m_tabs; }
    const RunHistory& history() const { return m_history; }
    // Puts a remembered run back: its code in the editor, its output and result in the output pane.
    void reopenHistoryEntry(int row);
    // Loads an attack program into the editor and shows the Workbench tab.
    void openAttack(const QString& path);
    bool tiersProbed() const { return m_tiersProbed; }
    // The tier's backend as runs use it; nullptr for an unknown name.
    std::shared_ptr<sandbench::Backend> backend(const QString& name) const;
    // The container tier's settings in effect: saved ones, else the environment's, until the user changes
    // them in the Backend & policy pane.
    const sandbench::ContainerSettings& containerSettings() const { return m_containerSettings; }
    // The microVM tier's, likewise (SANDBENCH_ACCELERATOR, SANDBENCH_WARM_POOL until changed).
    const sandbench::MicrovmSettings& microvmSettings() const { return m_microvmSettings; }
    // The E2B tier's: the environment's, with the template saved and the key typed in the pane (never saved).
    const sandbench::E2bSettings& e2bSettings() const { return m_e2bSettings; }

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
    void applyContainerSettings();
    void applyMicrovmSettings();
    void applyE2bSettings();
    // Puts a tier built from new settings in place of the old one (which a run may still hold), everywhere.
    void replaceTier(const std::string& name);
    // Probes `name` again off the GUI thread, then shows the answer; `retired` is destroyed there too.
    void reprobeTier(const std::string& name, std::shared_ptr<sandbench::Backend> retired);
    static sandbench::ContainerSettings savedContainerSettings();
    static sandbench::MicrovmSettings savedMicrovmSettings();
    static sandbench::E2bSettings savedE2bSettings();

    // Both before the registry, which is built from them.
    sandbench::ContainerSettings m_containerSettings;
    sandbench::MicrovmSettings m_microvmSettings;
    sandbench::E2bSettings m_e2bSettings;
    sandbench::BackendRegistry m_registry;
    std::map<std::string, std::shared_ptr<sandbench::Backend>> m_backends;
    std::thread m_prober;
    struct Prober {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
    };
    std::vector<Prober> m_reprobers; // re-probes after a settings change; finished ones are joined
    std::map<std::string, quint64> m_latestProbe; // per tier, the latest re-probe; older answers are dropped
    std::vector<std::pair<std::string, sandbench::ProbeResult>> m_probeResults;
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
    QLabel* m_tierStatus = nullptr;
    QAction* m_run = nullptr;
    QAction* m_stop = nullptr;
    std::vector<QDockWidget*> m_docks;
    RunHistory m_history{RunHistory::defaultPath()};
    QListWidget* m_historyList = nullptr;
    HistoryEntry m_pendingRun; // what the running program is, until its result arrives
};
