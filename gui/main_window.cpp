#include "main_window.h"

#include "agent_chat_dock.h"
#include "appearance_menu.h"
#include "attack_lab_page.h"
#include "attack_matrix_model.h"
#include "code_editor.h"
#include "comparison_dialog.h"
#include "core/agent/agent_task.h"
#include "core/agent/session_replay.h"
#include "elided_label.h"
#include "engine_text.h"
#include "example_programs.h"
#include "input_files_list.h"
#include "lab_tier_list.h"
#include "output_pane.h"
#include "pane_actions.h"
#include "presentation_mode.h"
#include "replay_dialog.h"
#include "run_controller.h"
#include "run_panel.h"
#include "tier_set.h"
#include "tiers/builtin_tiers.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextCursor>
#include <QToolBar>
#include <optional>

using namespace sandbench;

namespace {

// The first program a new user sees; its comment in their language.
QString exampleProgram() {
    return QStringLiteral("# ") + MainWindow::tr("Runs on the tier chosen on the right, under its policy.") +
           QStringLiteral("\nimport platform, os\n"
                          "print('Hello from', platform.node(), 'as uid', os.getuid())\n");
}

// Every tier but the control, in the registry's order, as the chat's chooser lists them.
QList<AgentChatDock::TierChoice> chatTierChoices(const TierSet& tiers) {
    QList<AgentChatDock::TierChoice> choices;
    for (const auto& [name, result] : tiers.probeResults()) {
        const std::shared_ptr<Tier> candidate = tiers.tier(name);
        if (!candidate || candidate->info().control)
            continue;
        choices.append({QString::fromStdString(name), result.available, engineText(result.reason)});
    }
    return choices;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : MainWindow(builtinTiers(), parent) {}

MainWindow::MainWindow(TierRegistry registry, QWidget* parent)
    : QMainWindow(parent)
    , m_tiers(new TierSet(std::move(registry), this))
    , m_controller(new RunController(this)) {
    setWindowTitle(tr("Sandbench"));
    resize(1280, 820); // until the user's own geometry is restored

    auto* tabs = new QTabWidget(this);
    m_workbench = new QMainWindow(tabs);
    m_workbench->setWindowFlags(Qt::Widget);
    m_workbench->setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    tabs->addTab(m_workbench, tr("Workbench"));
    AttackLabPage::Tiers labTiers;
    for (const TierInfo& tier : m_tiers->tiers())
        labTiers.emplace_back(tier.name, m_tiers->tier(tier.name));
    m_lab = new AttackLabPage(std::move(labTiers), tabs);
    tabs->addTab(m_lab, tr("Attack Lab"));
    m_tabs = tabs;
    setCentralWidget(tabs);

    createPanes();
    createActions();
    m_tierStatus = new ElidedLabel(this);
    m_tierStatus->setMaximumWidth(fontMetrics().averageCharWidth() * 40); // the message gets the rest
    statusBar()->addPermanentWidget(m_tierStatus);
    m_defaultLayout = m_workbench->saveState(kLayoutVersion);
    restoreSettings();
    connectTiers();

    connectAgentChat();
    connect(m_controller, &RunController::outputArrived, this,
            [this](quint64, Stream stream, const QByteArray& bytes) { m_output->append(stream, bytes); });
    connect(m_controller, &RunController::runFinished, this, [this](quint64, const RunResult& result) {
        m_output->showResult(result);
        m_pendingRun.result = result;
        if (const QString error = m_history.add(m_pendingRun); !error.isEmpty())
            statusBar()->showMessage(error, 8000);
        addHistoryRow(m_pendingRun);
        statusBar()->showMessage(tr("Finished: %1").arg(resultSummary(result)), 5000);
        updateActions();
        Q_EMIT runFinished();
    });
    connect(m_runPanel, &RunPanel::tierChanged, this, [this] { updateActions(); });
    connect(m_lab, &AttackLabPage::runningChanged, this, [this] { updateActions(); });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateActions(); });
    for (QAction* labAction : {m_lab->runAction(), m_lab->stopAction()})
        connect(labAction, &QAction::changed, this, [this] { updateActions(); });
    // A double-clicked cell opens its attack in the editor on the cell's tier, to try it again by hand.
    connect(m_lab->matrixView(), &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& index) {
        const QVariant outcome = index.data(AttackMatrixModel::OutcomeRole);
        if (!outcome.isValid())
            return;
        const AttackOutcome cell = outcome.value<AttackOutcome>();
        m_runPanel->setCurrentTier(QString::fromStdString(cell.tier));
        openAttack(QDir(m_lab->suiteFolder()).filePath(QString::fromStdString(cell.fileName)));
    });
    // The lab follows the Workbench's policy unless it has its own (LabPolicyBar).
    auto followPolicy = [this] {
        if (const std::optional<Policy> policy = m_runPanel->policy()) {
            m_lab->policyBar()->setWorkbenchSecretValues(m_runPanel->secretValues());
            m_lab->policyBar()->setWorkbenchPolicy(*policy);
        }
    };
    connect(m_runPanel, &RunPanel::policyChanged, this, followPolicy);
    followPolicy();
    connect(m_lab, &AttackLabPage::statusChanged, this, [this](const QString& text) {
        // A temporary message is not laid out: elided here, it cannot run into the tier's state.
        const int room = statusBar()->width() - m_tierStatus->width() - 4 * fontMetrics().averageCharWidth();
        statusBar()->showMessage(fontMetrics().elidedText(text, Qt::ElideRight, std::max(room, 0)));
    });
    if (const QString problem = m_history.load(); !problem.isEmpty())
        statusBar()->showMessage(problem, 15000);
    for (const HistoryEntry& entry : m_history.entries())
        addHistoryRow(entry);
    updateActions();
    probeTiersInBackground();
}

MainWindow::~MainWindow() = default; // the tier set joins its probes

std::vector<TierInfo> MainWindow::tiers() const {
    return m_tiers->tiers();
}

std::string MainWindow::defaultTier() const {
    return m_tiers->defaultTier();
}

std::shared_ptr<Tier> MainWindow::tier(const QString& name) const {
    return m_tiers->tier(name.toStdString());
}

TierSettings MainWindow::tierSettings(const QString& name) const {
    return m_tiers->settings(name.toStdString());
}

// The pane shows each tier's settings in effect and puts the user's changes into effect; the probes' answers
// reach the pane, the Attack Lab and the status bar.
void MainWindow::connectTiers() {
    for (const TierInfo& tier : m_tiers->tiers()) {
        const QString name = QString::fromStdString(tier.name);
        m_runPanel->setTierSettings(name, m_tiers->settings(tier.name));
    }
    connect(m_runPanel, &RunPanel::tierSettingsChanged, this, &MainWindow::applyTierSettings);
    connect(m_tiers, &TierSet::allProbed, this, [this] {
        m_runPanel->setTiers(m_tiers->probeResults());
        m_lab->setProbeResults(m_tiers->probeResults());
        m_tiersProbed = true;
        m_chat->setTierChoices(chatTierChoices(*m_tiers), m_runPanel->currentTier());
        statusBar()->clearMessage();
        updateActions();
        Q_EMIT tiersReady();
    });
    connect(m_tiers, &TierSet::tierReplaced, this, [this](const QString& name) {
        m_lab->replaceTier(name.toStdString(), m_tiers->tier(name.toStdString()));
    });
    connect(m_tiers, &TierSet::reprobeStarted, this,
            [this](const QString& name) { statusBar()->showMessage(tr("Checking the %1 tier…").arg(name)); });
    connect(m_tiers, &TierSet::tierReprobed, this, [this](const QString& name, const ProbeResult& result) {
        m_runPanel->setTiers(m_tiers->probeResults());
        m_lab->setProbeResults({{name.toStdString(), result}});
        statusBar()->showMessage(
            result.available ? tr("The %1 tier is ready").arg(name)
                             : tr("The %1 tier cannot run here: %2").arg(name, engineText(result.reason)),
            8000);
        m_chat->setTierChoices(chatTierChoices(*m_tiers), m_runPanel->currentTier());
        updateActions();
        Q_EMIT tierReprobed(name);
    });
}

// A new engine or image recreates a tier (a run still holding the old one finishes on it undisturbed), a
// new pool size resizes its pool: the tier decides (Tier::applyInPlace). Never under a run.
void MainWindow::applyTierSettings() {
    if (!m_tiersProbed || isBusy())
        return; // when busy, updateActions() comes back here once the run has ended
    for (const TierInfo& tier : m_tiers->tiers())
        m_tiers->apply(tier.name, m_runPanel->tierSettings(QString::fromStdString(tier.name)));
}

bool MainWindow::isBusy() const {
    if (m_comparison && m_comparison->isRunning())
        return true;
    for (const ReplayDialog* replay : m_replays)
        if (replay->isRunning())
            return true;
    return m_controller->isRunning() || m_chat->isRunning() || m_lab->isRunning();
}

// The agent's programs run on the tier and under the policy chosen in the Tier & policy pane, read when
// Send is pressed; they stream into the Output pane as a run of the editor's program does.
void MainWindow::connectAgentChat() {
    m_chat->setTierSource([this](QString& problem) -> std::optional<AgentChatDock::ToolTier> {
        if (!m_tiersProbed) {
            problem = tr("The tiers are still being checked; send again in a moment");
            return std::nullopt;
        }
        const std::optional<Policy> policy = m_runPanel->policy();
        const QString name = m_runPanel->currentTier();
        if (!policy) {
            problem = m_runPanel->validationMessage();
            return std::nullopt;
        }
        std::shared_ptr<Tier> chosen = name.isEmpty() ? nullptr : tier(name);
        if (!chosen) {
            problem = tr("Choose a tier that can run here in Tier and policy");
            return std::nullopt;
        }
        if (chosen->info().control) {
            problem = tr("The %1 tier has no isolation at all: the model's programs never run on it. Choose "
                         "another tier in Tier and policy")
                          .arg(name);
            return std::nullopt;
        }
        return AgentChatDock::ToolTier{name, std::move(chosen), *policy, m_runPanel->secretValues()};
    });
    // The chat pane names and chooses the tier its programs get (the workbench's one current tier), names
    // their policy, and its "Policy…" opens where that is set.
    connect(m_runPanel, &RunPanel::tierChanged, m_chat, &AgentChatDock::showTier);
    connect(m_chat, &AgentChatDock::tierChosen, m_runPanel, &RunPanel::setCurrentTier);
    connect(m_runPanel, &RunPanel::policyChanged, m_chat, &AgentChatDock::refreshTierLine);
    connect(m_chat, &AgentChatDock::changeTierRequested, this, [this] {
        m_docks[1]->show();
        m_docks[1]->raise();
        m_runPanel->setFocus();
    });
    connect(m_chat, &AgentChatDock::filesDropped, this,
            [this](const QStringList& paths) { m_runPanel->inputFiles()->addPaths(paths); });
    m_chat->refreshTierLine();
    connect(m_chat, &AgentChatDock::toolRunStarted, this, [this](const QString& name, const QString&) {
        if (m_controller->isRunning())
            return; // the pane belongs to the editor's run until it ends
        m_outputShowsAgent = true;
        m_output->clear();
        m_output->showRunning(tr("The agent's program is running on %1…").arg(name));
    });
    connect(m_chat, &AgentChatDock::toolOutputArrived, this, [this](Stream stream, const QByteArray& bytes) {
        if (m_outputShowsAgent)
            m_output->append(stream, bytes);
    });
    connect(m_chat, &AgentChatDock::toolRunFinished, this, [this](const RunResult& result) {
        if (m_outputShowsAgent)
            m_output->showResult(result);
    });
    connect(m_chat, &AgentChatDock::openInEditorRequested, this, &MainWindow::openInEditor);
    connect(m_chat, &AgentChatDock::replayRequested, this,
            [this](const agent::Transcript& transcript) { showReplay(transcript); });
    connect(m_chat, &AgentChatDock::statusMessage, this,
            [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(m_chat, &AgentChatDock::runningChanged, this, [this] { updateActions(); });
}

// The agent's code replaces the editor's text as one undoable edit, so Ctrl+Z brings the user's back.
void MainWindow::openInEditor(const QString& code) {
    QTextCursor cursor(m_editor->document());
    cursor.select(QTextCursor::Document);
    cursor.insertText(code);
    m_editor->setTextCursor(cursor);
    m_tabs->setCurrentIndex(0);
    for (QDockWidget* dock : m_docks)
        if (dock->widget() == m_editor) {
            dock->show();
            dock->raise();
        }
    m_editor->setFocus();
    statusBar()->showMessage(
        tr("The agent's code is in the editor (Ctrl+Z brings back what was there); run it "
           "with Ctrl+Return on any tier"),
        8000);
}

void MainWindow::createPanes() {
    auto addDock = [this](QWidget* content, const QString& title, const QString& objectName,
                          Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, m_workbench);
        dock->setObjectName(objectName); // saveState() keys on it
        dock->setWidget(content);
        QString menuText = title;
        dock->toggleViewAction()->setText(menuText.replace(QLatin1Char('&'), QStringLiteral("&&")));
        m_workbench->addDockWidget(area, dock);
        m_docks.push_back(dock);
        return dock;
    };
    m_editor = new CodeEditor(m_workbench);
    m_editor->setPlainText(exampleProgram());
    m_editor->document()->setModified(false);
    m_runPanel = new RunPanel(m_tiers->tiers(), m_tiers->defaultTier(), m_workbench);
    m_output = new OutputPane(m_workbench);
    m_historyList = new QListWidget(m_workbench);
    m_historyList->setToolTip(tr("Double-click a run to put its code and output back"));
    connect(m_historyList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { reopenHistoryEntry(m_historyList->row(item)); });
    m_chat = new AgentChatDock(m_workbench);

    QDockWidget* editorDock =
        addDock(m_editor, tr("Code editor"), QStringLiteral("dock.editor"), Qt::LeftDockWidgetArea);
    addDock(m_runPanel, tr("Tier and policy"), QStringLiteral("dock.policy"), Qt::RightDockWidgetArea);
    QDockWidget* outputDock =
        addDock(m_output, tr("Output"), QStringLiteral("dock.output"), Qt::LeftDockWidgetArea);
    QDockWidget* historyDock =
        addDock(m_historyList, tr("History"), QStringLiteral("dock.history"), Qt::RightDockWidgetArea);
    QDockWidget* chatDock =
        addDock(m_chat, tr("Agent chat"), QStringLiteral("dock.chat"), Qt::RightDockWidgetArea);
    m_workbench->splitDockWidget(editorDock, outputDock, Qt::Vertical);
    m_workbench->tabifyDockWidget(m_docks[1], chatDock);
    m_workbench->tabifyDockWidget(m_docks[1], historyDock);
    m_docks[1]->raise();
    // The editor and the output get most of the room; the policy pane only what its form needs.
    m_workbench->resizeDocks({editorDock, m_docks[1]}, {820, 380}, Qt::Horizontal);
    m_workbench->resizeDocks({editorDock, outputDock}, {430, 300}, Qt::Vertical);
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::openFile);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a Python file in the editor"));
    QAction* save = file->addAction(tr("&Save"), this, [this] { saveFile(false); });
    save->setShortcut(QKeySequence::Save);
    save->setStatusTip(tr("Save the editor's program"));
    QAction* saveAs = file->addAction(tr("Save &As…"), this, [this] { saveFile(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    file->addAction(tr("&Export History…"), this, &MainWindow::exportHistory)
        ->setStatusTip(tr("Save every remembered run (code, tier, policy, result) as JSON"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* examples = file->addMenu(tr("&Examples"));
    for (const ExampleProgram& example : examplePrograms()) {
        examples->addAction(example.title, this, [this, code = example.code] {
            m_editor->setPlainText(code);
            statusBar()->showMessage(tr("Loaded an example; run it with Ctrl+Return"), 3000);
        });
    }
    // The bundled agent tasks: the request goes to the chat, the data become the input files.
    QMenu* tasks = examples->addMenu(tr("Agent &tasks"));
    tasks->setObjectName(QStringLiteral("menu.agentTasks"));
    for (const agent::AgentTask& task : agent::agentTasksIn(agent::bundledTasksFolder()))
        tasks->addAction(QCoreApplication::translate("Task", task.title.c_str()), this,
                         [this, task] { offerAgentTask(task); });
    m_chat->setTaskMenu(tasks);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    // On the Attack Lab tab, Run and Stop are the lab's: what a user pressing Run there expects.
    m_run = run->addAction(tr("&Run"), this, [this] {
        if (m_tabs->currentWidget() == m_lab)
            m_lab->startLab();
        else
            startRun();
    });
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_run->setStatusTip(tr("Run the editor's program on the chosen tier"));
    m_stop = run->addAction(tr("&Stop"), this, [this] {
        if (m_tabs->currentWidget() == m_lab)
            m_lab->stopLab();
        else
            m_controller->stop();
    });
    m_stop->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stop->setStatusTip(tr("Stop the running program; the tier kills everything it started"));
    run->addSeparator();
    m_runOnAll = run->addAction(tr("Run on &All Tiers…"), this, [this] { showComparison(); });
    m_runOnAll->setObjectName(QStringLiteral("action.runOnAllTiers"));
    m_runOnAll->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    m_runOnAll->setStatusTip(tr("Run the editor's program on every tier that can run here, side by side, and "
                                "show where the results differ (the host control only when ticked)"));
    m_replaySaved = run->addAction(tr("Replay Saved Agent Session on &Tier…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Replay an agent session"), QString(),
                                                          tr("Transcripts (*.json);;All files (*)"));
        if (!path.isEmpty())
            replayTranscriptFile(path);
    });
    m_replaySaved->setObjectName(QStringLiteral("action.replaySession"));
    m_replaySaved->setStatusTip(tr("Run every program of a saved agent session again on another tier, "
                                   "without the model, and show call by call where the results differ"));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    (new PaneActions(m_tabs, 0, m_docks, this))->addTo(view);
    view->addSeparator();
    view->addAction(tr("Restore &Default Layout"), this, &MainWindow::restoreDefaultLayout)
        ->setStatusTip(tr("Put every pane back where it started"));
    // The Attack Lab's presentation mode and text size; turning it on shows the Lab.
    view->addSeparator();
    view->addActions(m_lab->presentation()->actions());
    connect(m_lab->presentation()->toggleAction(), &QAction::toggled, this, [this](bool on) {
        if (on)
            m_tabs->setCurrentWidget(m_lab);
    });

    auto* appearance = new AppearanceMenu(this);
    view->addSeparator();
    view->addMenu(appearance);
    connect(appearance, &AppearanceMenu::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 5000); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Sandbench"), this, [this] {
        QMessageBox::about(
            this, tr("About Sandbench"),
            tr("<b>Sandbench %1</b><p>Run untrusted, AI-written Python on interchangeable isolation "
               "tiers and see what each lets through.</p>")
                .arg(QApplication::applicationVersion()));
    });

    QToolBar* tools = addToolBar(tr("Run"));
    tools->setObjectName(QStringLiteral("toolbar.run"));
    tools->addAction(m_run);
    tools->addAction(m_stop);
    tools->addAction(m_runOnAll);
}

ComparisonDialog* MainWindow::showComparison() {
    if (!m_comparison) {
        LabTierList::Tiers tiers;
        for (const TierInfo& info : m_tiers->tiers())
            tiers.emplace_back(info.name, m_tiers->tier(info.name));
        m_comparison = new ComparisonDialog(
            std::move(tiers),
            [this](QString& problem) -> std::optional<RunRequest> {
                const std::optional<Policy> policy = m_runPanel->policy();
                if (!policy) {
                    problem = m_runPanel->validationMessage();
                    return std::nullopt;
                }
                RunRequest request;
                request.code = m_editor->toPlainText().toStdString();
                request.policy = *policy;
                request.secretValues = m_runPanel->secretValues();
                return request;
            },
            this);
        connect(m_comparison, &ComparisonDialog::comparisonFinished, this, [this] { updateActions(); });
        // A recreated tier is probed again; the dialog takes the tier set's answers as they come.
        connect(m_tiers, &TierSet::tierReprobed, m_comparison,
                [this](const QString& name, const ProbeResult& result) {
                    m_comparison->setProbeResults({{name.toStdString(), result}});
                });
        if (m_tiersProbed)
            m_comparison->setProbeResults(m_tiers->probeResults());
        else
            connect(this, &MainWindow::tiersReady, m_comparison,
                    [this] { m_comparison->setProbeResults(m_tiers->probeResults()); });
    }
    m_comparison->show();
    m_comparison->raise();
    if (m_tiersProbed && m_comparison->start())
        updateActions();
    return m_comparison;
}

ReplayDialog* MainWindow::showReplay(const agent::Transcript& transcript) {
    ReplayDialog::Tiers tiers;
    for (const TierInfo& info : m_tiers->tiers())
        tiers.emplace_back(QString::fromStdString(info.name), m_tiers->tier(info.name));
    auto* dialog = new ReplayDialog(transcript, std::move(tiers), m_tiers->probeResults(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_replays.push_back(dialog);
    connect(dialog, &QObject::destroyed, this, [this, dialog] { std::erase(m_replays, dialog); });
    connect(dialog, &ReplayDialog::replayFinished, this, [this] { updateActions(); });
    dialog->show();
    return dialog;
}

ReplayDialog* MainWindow::replayTranscriptFile(const QString& path) {
    try {
        return showReplay(agent::readTranscriptFile(path.toStdString()));
    } catch (const agent::TranscriptFileError& error) {
        QMessageBox::warning(this, tr("Cannot replay this session"), engineText(error.what()));
        return nullptr;
    }
}

void MainWindow::probeTiersInBackground() {
    // probe() may start helper processes or talk to a daemon: never on the GUI thread.
    statusBar()->showMessage(tr("Checking which tiers this machine can run…"));
    m_tiers->probeAll();
}

void MainWindow::startRun() {
    const std::optional<Policy> policy = m_runPanel->policy();
    const QString name = m_runPanel->currentTier();
    if (!policy || name.isEmpty()) {
        statusBar()->showMessage(
            policy ? tr("Choose a tier that can run here") : m_runPanel->validationMessage(), 5000);
        return;
    }
    RunRequest request;
    request.code = m_editor->toPlainText().toStdString();
    request.policy = *policy;
    request.secretValues = m_runPanel->secretValues();
    m_outputShowsAgent = false;
    m_output->clear();
    m_output->showRunning(tr("Running on %1…").arg(name));
    m_pendingRun = HistoryEntry{QDateTime::currentDateTime(), name, m_editor->toPlainText(), *policy, {}};
    m_controller->start(tier(name), std::move(request));
    updateActions();
}

void MainWindow::updateActions() {
    const bool running = m_controller->isRunning();
    const QString tier = m_runPanel->currentTier();
    if (m_tabs->currentWidget() == m_lab) {
        m_run->setEnabled(m_lab->runAction()->isEnabled());
        m_run->setStatusTip(m_lab->runAction()->statusTip());
        m_stop->setEnabled(m_lab->stopAction()->isEnabled());
    } else {
        m_run->setEnabled(m_tiersProbed && !tier.isEmpty() && !running);
        m_runOnAll->setEnabled(m_tiersProbed);
        m_run->setStatusTip(tr("Run the editor's program on the chosen tier"));
        m_stop->setEnabled(running);
    }
    if (!m_tiersProbed)
        m_tierStatus->setFullText(tr("Checking tiers…"));
    else if (tier.isEmpty())
        m_tierStatus->setFullText(tr("No tier can run here"));
    else
        m_tierStatus->setFullText(running ? tr("Tier: %1 · running").arg(tier)
                                          : tr("Tier: %1 · ready").arg(tier));
    // A tier's settings change only between runs, never under one.
    const bool busy = isBusy();
    const QString reason =
        m_tiersProbed ? tr("These settings can be changed when no run is going on") : tr("Checking tiers…");
    m_runPanel->setTierSettingsEnabled(m_tiersProbed && !busy, reason);
    if (m_tiersProbed && !busy) // one changed while the run was ending
        applyTierSettings();
}

void MainWindow::openFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Python program"), QString(),
                                                      tr("Python (*.py);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_editor->loadFile(path, &error))
        QMessageBox::warning(this, tr("Cannot open"), error);
    else
        statusBar()->showMessage(tr("Opened %1").arg(path), 3000);
}

bool MainWindow::saveFile(bool askForName) {
    QString path = m_editor->currentFile();
    if (askForName || path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save Python program"), path, tr("Python (*.py)"));
    if (path.isEmpty())
        return false;
    QString error;
    if (!m_editor->saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(path), 3000);
    return true;
}

void MainWindow::openAttack(const QString& path) {
    QString error;
    if (!m_editor->loadFile(path, &error)) {
        statusBar()->showMessage(error, 8000);
        return;
    }
    m_tabs->setCurrentIndex(0);
    statusBar()->showMessage(
        tr("Opened %1; placeholders such as @SECRET_PATH@ are filled only by the Attack Lab")
            .arg(QFileInfo(path).fileName()),
        8000);
}

void MainWindow::addHistoryRow(const HistoryEntry& entry) {
    QString text = tr("%1 · %2 · %3")
                       .arg(entry.when.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), entry.tier,
                            resultSummary(entry.result));
    if (entry.result.warmStart)
        text += tr(" · warm start");
    auto* item = new QListWidgetItem(text);
    item->setToolTip(entry.code.left(2000));
    m_historyList->insertItem(0, item); // newest first
}

void MainWindow::offerAgentTask(const agent::AgentTask& task) {
    QStringList inputs;
    for (const std::string& path : task.inputs)
        inputs << QString::fromStdString(path);
    m_runPanel->inputFiles()->setPaths(inputs); // the task's data replace the input files
    Q_EMIT m_runPanel->policyChanged();
    for (QDockWidget* dock : m_docks) {
        if (dock->widget() == m_chat) {
            dock->show();
            dock->raise();
        }
    }
    m_tabs->setCurrentWidget(m_workbench);
    m_chat->offerTask(QString::fromStdString(task.prompt));
    statusBar()->showMessage(tr("Task \"%1\": its data are the input files; press Send in the agent chat")
                                 .arg(QString::fromStdString(task.title)),
                             5000);
}

void MainWindow::reopenHistoryEntry(int row) {
    const auto& entries = m_history.entries();
    if (row < 0 || row >= static_cast<int>(entries.size()))
        return;
    const HistoryEntry& entry = entries[entries.size() - 1 - static_cast<std::size_t>(row)];
    m_editor->setPlainText(entry.code);
    m_runPanel->setPolicy(entry.policy);
    m_runPanel->setCurrentTier(entry.tier);
    m_output->clear();
    m_output->append(Stream::Stdout, QByteArray::fromStdString(entry.result.stdoutBytes));
    m_output->append(Stream::Stderr, QByteArray::fromStdString(entry.result.stderrBytes));
    m_output->showResult(entry.result);
}

void MainWindow::exportHistory() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export run history"), QStringLiteral("sandbench-history.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = m_history.exportTo(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot export"), error);
    else
        statusBar()->showMessage(tr("Exported the run history to %1").arg(path), 3000);
}

void MainWindow::restoreDefaultLayout() {
    m_workbench->restoreState(m_defaultLayout, kLayoutVersion);
    for (QDockWidget* dock : m_docks)
        dock->show();
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion);
    m_workbench->restoreState(settings.value(QStringLiteral("workbench/state")).toByteArray(),
                              kLayoutVersion);
    if (const QString policy = settings.value(QStringLiteral("run/policy")).toString(); !policy.isEmpty()) {
        try {
            m_runPanel->setPolicy(Policy::fromJson(policy.toStdString()));
        } catch (const PolicyError&) {
            // A policy saved by another version: keep the defaults.
        }
    }
    m_runPanel->setProperty("savedTier", settings.value(QStringLiteral("run/tier")));
    if (settings.contains(QStringLiteral("lab/tiers"))) // applied as each tier's probe answers
        m_lab->setCheckedTiers(settings.value(QStringLiteral("lab/tiers")).toStringList());
    // Saved as they change, not only when the window closes: a session that ends otherwise keeps them too.
    connect(m_runPanel, &RunPanel::policyChanged, this, [this] {
        if (const std::optional<Policy> policy = m_runPanel->policy())
            QSettings().setValue(QStringLiteral("run/policy"), QString::fromStdString(policy->toJson()));
    });
    connect(m_lab->tierList(), &LabTierList::checkedTiersChanged, this, [this] {
        if (m_lab->tierList()->probed())
            QSettings().setValue(QStringLiteral("lab/tiers"), m_lab->tierList()->wantedTiers());
    });
    connect(this, &MainWindow::tiersReady, this, [this] {
        const QString saved = m_runPanel->property("savedTier").toString();
        if (!saved.isEmpty())
            m_runPanel->setCurrentTier(saved);
    });
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    settings.setValue(QStringLiteral("workbench/state"), m_workbench->saveState(kLayoutVersion));
    if (const std::optional<Policy> policy = m_runPanel->policy())
        settings.setValue(QStringLiteral("run/policy"), QString::fromStdString(policy->toJson()));
    if (!m_runPanel->currentTier().isEmpty())
        settings.setValue(QStringLiteral("run/tier"), m_runPanel->currentTier());
    if (m_lab->tierList()->probed())
        settings.setValue(QStringLiteral("lab/tiers"), m_lab->tierList()->wantedTiers());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_editor->document()->isModified()) {
        const auto answer =
            QMessageBox::question(this, tr("Unsaved program"), tr("Save the program before quitting?"),
                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !saveFile(false))) {
            event->ignore();
            return;
        }
    }
    m_controller->stop();
    m_chat->stop();
    if (m_comparison)
        m_comparison->stop();
    for (ReplayDialog* replay : m_replays)
        replay->stop();
    saveSettings();
    event->accept();
}
