#include "agent_chat_dock.h"

#include "agent_controller.h"
#include "agent_settings_panel.h"
#include "chat_input.h"
#include "chat_view.h"
#include "core/agent/model_request.h"
#include "engine_text.h"
#include "input_files_list.h"

#include <QAction>
#include <QComboBox>
#include <QDropEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

using namespace sandbench;
using namespace sandbench::agent;

AgentChatDock::AgentChatDock(QWidget* parent)
    : QWidget(parent)
    , m_controller(new AgentController(this))
    , m_settings(new AgentSettingsPanel(this))
    , m_settingsToggle(new QToolButton(this))
    , m_banner(new QLabel(this))
    , m_view(new ChatView(this))
    , m_status(new QLabel(this))
    , m_input(new ChatInput(this))
    , m_send(new QPushButton(tr("&Send"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_transcriptButton(new QPushButton(this))
    , m_chatList(new QComboBox(this))
    , m_newChat(new QPushButton(tr("&New chat"), this))
    , m_tasks(new QPushButton(tr("Tasks"), this))
    , m_tierChoice(new QComboBox(this))
    , m_tierLine(new QLabel(this))
    , m_changeTier(new QPushButton(tr("Policy…"), this)) {
    setObjectName(QStringLiteral("agent.chat"));
    // A banner in the tooltip colours, which every theme keeps legible.
    m_banner->setObjectName(QStringLiteral("agent.banner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_banner->setForegroundRole(QPalette::ToolTipText);
    m_banner->setAutoFillBackground(true);
    m_banner->setMargin(6);

    m_settingsToggle->setCheckable(true);
    m_settingsToggle->setAutoRaise(true);
    m_settingsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_settingsToggle->setArrowType(Qt::RightArrow);
    m_settingsToggle->setToolTip(tr("Show or hide the model settings"));
    m_settingsToggle->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_settingsToggle, &QToolButton::toggled, this, [this](bool shown) {
        m_settings->setVisible(shown);
        m_settingsToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    });
    m_settings->hide();
    connect(m_settings, &AgentSettingsPanel::settingsChanged, this, &AgentChatDock::updateState);

    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setTextFormat(Qt::PlainText);
    m_input->setObjectName(QStringLiteral("agent.input"));
    connect(m_input, &ChatInput::submitted, this, &AgentChatDock::send);
    m_send->setObjectName(QStringLiteral("agent.send"));
    m_send->setDefault(false);
    m_send->setAutoDefault(false);
    connect(m_send, &QPushButton::clicked, this, &AgentChatDock::send);
    m_stop->setObjectName(QStringLiteral("agent.stop"));
    m_stop->setToolTip(tr("Stop the session at once: the model call or the program in progress is aborted"));
    m_stop->setAutoDefault(false);
    connect(m_stop, &QPushButton::clicked, this, &AgentChatDock::stop);

    m_saveTranscript = new QAction(tr("Save &Transcript…"), this);
    m_saveTranscript->setStatusTip(tr("Save the whole session (task, model, tier, policy, every message and "
                                      "run) as JSON; it never holds the API key"));
    connect(m_saveTranscript, &QAction::triggered, this, [this] { chooseTranscriptFile(false); });
    m_exportMarkdown = new QAction(tr("Export &Markdown…"), this);
    m_exportMarkdown->setStatusTip(tr("Save the session as a Markdown document to read or share"));
    connect(m_exportMarkdown, &QAction::triggered, this, [this] { chooseTranscriptFile(true); });
    m_replay = new QAction(tr("&Replay on Tier…"), this);
    m_replay->setStatusTip(tr("Run every program of this session again on another tier, without the model, "
                              "and show call by call where the results differ"));
    connect(m_replay, &QAction::triggered, this, [this] {
        if (transcript())
            Q_EMIT replayRequested(*transcript());
    });
    auto* transcriptMenu = new QMenu(this);
    transcriptMenu->addAction(m_saveTranscript);
    transcriptMenu->addAction(m_exportMarkdown);
    transcriptMenu->addSeparator();
    transcriptMenu->addAction(m_replay);
    m_transcriptButton->setText(tr("Transcript"));
    // A push button makes room for its menu's arrow; a tool button in instant-popup mode drew it over the
    // label.
    m_transcriptButton->setObjectName(QStringLiteral("agent.transcript"));
    m_transcriptButton->setAutoDefault(false);
    m_transcriptButton->setMenu(transcriptMenu);
    m_transcriptButton->setToolTip(tr("Save the last session, once it has ended"));

    connect(m_view, &ChatView::openInEditorRequested, this, &AgentChatDock::openInEditorRequested);

    m_chatList->setObjectName(QStringLiteral("agent.chats"));
    m_chatList->setToolTip(tr("This program run's chats, labelled by the tiers their programs ran on: "
                              "choose one to read it again or continue it"));
    m_chatList->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chatList->setMinimumContentsLength(16);
    m_chatList->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_chatList->addItem(chatLabel(0));
    connect(m_chatList, &QComboBox::activated, this, &AgentChatDock::showChat);
    m_newChat->setObjectName(QStringLiteral("agent.newChat"));
    m_newChat->setAutoDefault(false);
    m_newChat->setToolTip(tr("Start a new conversation; this one stays in the chat list"));
    connect(m_newChat, &QPushButton::clicked, this, &AgentChatDock::newChat);
    m_tasks->setObjectName(QStringLiteral("agent.tasks"));
    m_tasks->setAutoDefault(false);
    m_tasks->setToolTip(tr("A bundled data-analysis task: its request goes into the input box and its data "
                           "become the input files"));
    m_tasks->hide(); // until the workbench gives it the tasks
    // Files dropped anywhere on the chat (its input box too, which would take them as text) are attached.
    for (QWidget* target : {static_cast<QWidget*>(this), static_cast<QWidget*>(m_input), m_input->viewport(),
                            static_cast<QWidget*>(m_view), m_view->viewport()}) {
        target->setAcceptDrops(true);
        target->installEventFilter(this);
    }
    m_tierLine->setObjectName(QStringLiteral("agent.tierLine"));
    m_tierLine->setTextFormat(Qt::PlainText);
    m_tierLine->setWordWrap(true);
    m_tierLine->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the pane
    m_changeTier->setObjectName(QStringLiteral("agent.changeTier"));
    m_changeTier->setAutoDefault(false);
    m_changeTier->setToolTip(tr("Set the policy (and the tier's settings) the model's programs run under, in "
                                "the Tier and policy pane"));
    m_tierChoice->setObjectName(QStringLiteral("agent.tier"));
    m_tierChoice->setToolTip(tr("The tier the model's programs run on: the workbench's current tier"));
    m_tierChoice->setPlaceholderText(tr("choose a tier"));
    m_tierChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_tierChoice, &QComboBox::activated, this, [this](int index) {
        if (index >= 0)
            Q_EMIT tierChosen(m_tierChoice->itemData(index).toString());
    });
    connect(m_changeTier, &QPushButton::clicked, this, &AgentChatDock::changeTierRequested);
    auto* chats = new QHBoxLayout;
    chats->addWidget(m_chatList, 1);
    chats->addWidget(m_newChat);
    chats->addWidget(m_tasks);
    auto* tierRow = new QHBoxLayout;
    auto* runsOn = new QLabel(tr("Runs on"), this);
    runsOn->setBuddy(m_tierChoice);
    tierRow->addWidget(runsOn);
    tierRow->addWidget(m_tierChoice);
    tierRow->addWidget(m_tierLine, 1);
    tierRow->addWidget(m_changeTier);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_send);
    buttons->addWidget(m_stop);
    buttons->addStretch(1);
    buttons->addWidget(m_transcriptButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    layout->addWidget(m_settingsToggle);
    layout->addWidget(m_settings);
    layout->addLayout(chats);
    layout->addLayout(tierRow);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_input);
    layout->addLayout(buttons);

    connectController();
    setStatus(tr("Ready"));
    updateState();
    if (!m_settings->missingConfiguration().isEmpty())
        m_settingsToggle->setChecked(true); // what to fill in is in view from the start
}

void AgentChatDock::connectController() {
    connect(m_controller, &AgentController::turnStarted, this, [this](quint64, int turn) {
        m_turn = turn;
        m_view->startTurn(turn);
        setStatus(tr("Turn %1 (call %2 of at most %3 for this message) · waiting for the model…")
                      .arg(turn)
                      .arg(turn - m_turnsBefore)
                      .arg(m_sessionMaxTurns));
    });
    connect(m_controller, &AgentController::assistantTextArrived, this,
            [this](quint64, const QString& text) { m_view->appendAssistantText(text); });
    connect(m_controller, &AgentController::toolRunStarted, this, [this](quint64, const ToolRun& run) {
        m_view->startToolRun(run);
        const QString tier = QString::fromStdString(run.tier);
        setStatus(tr("Turn %1 (call %2 of at most %3 for this message) · the model's program runs on %4…")
                      .arg(m_turn)
                      .arg(m_turn - m_turnsBefore)
                      .arg(m_sessionMaxTurns)
                      .arg(tier));
        Q_EMIT toolRunStarted(tier, QString::fromStdString(run.code));
    });
    connect(m_controller, &AgentController::toolOutputArrived, this,
            [this](quint64, const QString& callId, Stream stream, const QByteArray& bytes) {
                m_view->appendToolOutput(callId, stream, bytes);
                Q_EMIT toolOutputArrived(stream, bytes);
            });
    connect(m_controller, &AgentController::toolRunFinished, this, [this](quint64, const ToolRun& run) {
        m_view->finishToolRun(run);
        if (run.result)
            Q_EMIT toolRunFinished(*run.result);
    });
    connect(m_controller, &AgentController::noticeArrived, this,
            [this](quint64, const QString& text) { m_view->addNotice(text); });
    connect(m_controller, &AgentController::sessionFinished, this,
            [this](quint64, const Transcript& transcript) {
                m_view->showOutcome(transcript);
                m_chats[m_currentChat] = transcript;
                m_chatList->setItemText(m_currentChat, chatLabel(m_currentChat));
                m_stopping = false;
                const QString outcome = ChatView::outcomeDescription(transcript);
                setStatus(outcome);
                updateState();
                Q_EMIT statusMessage(tr("Agent: %1").arg(outcome), 8000);
                Q_EMIT runningChanged(false);
                Q_EMIT sessionFinished(transcript);
            });
}

bool AgentChatDock::isRunning() const {
    return m_controller->isRunning();
}

QString AgentChatDock::bannerText() const {
    return m_banner->isHidden() ? QString() : m_banner->text();
}

QString AgentChatDock::statusText() const {
    return m_status->text();
}

void AgentChatDock::setStatus(const QString& text) {
    m_status->setText(text);
}

void AgentChatDock::refuse(const QString& reason) {
    setStatus(reason);
    Q_EMIT statusMessage(reason, 8000);
}

bool AgentChatDock::send() {
    if (isRunning()) {
        refuse(tr("A session is running: stop it before starting another"));
        return false;
    }
    const QString task = m_input->toPlainText().trimmed();
    if (task.isEmpty()) {
        refuse(tr("Type a task for the model first"));
        return false;
    }
    if (const QString missing = m_settings->missingConfiguration(); !missing.isEmpty()) {
        m_settingsToggle->setChecked(true);
        refuse(missing);
        return false;
    }
    QString problem;
    const std::optional<ToolTier> tier = m_tierSource ? m_tierSource(problem) : std::nullopt;
    if (!tier || !tier->tier) {
        refuse(problem.isEmpty() ? tr("No tier can run programs here") : problem);
        return false;
    }
    AgentSettings settings;
    settings.maxTurns = m_settings->maxTurns();
    settings.runTemplate.policy = tier->policy;
    settings.runTemplate.secretValues = tier->secretValues;
    const ProviderSettings provider = m_settings->providerSettings();

    // A chat continues until the user starts a new one: the model sees everything said before.
    const std::optional<Transcript>& earlier = transcript();
    if (!earlier)
        m_view->clear();
    m_view->addUserMessage(task);
    m_input->clear();
    m_sessionTier = tier->name;
    m_sessionMaxTurns = settings.maxTurns;
    m_turnsBefore = earlier ? earlier->turns : 0;
    m_turn = m_turnsBefore;
    m_stopping = false;
    m_controller->start(task, provider, tier->tier, std::move(settings), earlier.value_or(Transcript{}));
    m_settingsToggle->setChecked(false); // room for the conversation; the toggle's line names the model
    setStatus(tr("Starting: %1 · programs run on %2 (%3)")
                  .arg(QString::fromStdString(provider.model), tier->name, policySummary(tier->policy)));
    updateState();
    Q_EMIT runningChanged(true);
    return true;
}

void AgentChatDock::stop() {
    if (!isRunning())
        return;
    m_stopping = true;
    m_controller->stop();
    setStatus(tr("Stopping…"));
    updateState();
}

void AgentChatDock::updateState() {
    const bool running = isRunning();
    const QString missing = m_settings->missingConfiguration();
    m_banner->setText(tr("The agent cannot start yet. %1").arg(missing));
    m_banner->setVisible(!missing.isEmpty());
    m_send->setEnabled(!running && missing.isEmpty());
    m_send->setToolTip(missing.isEmpty() ? tr("Send the task to the model (Enter)") : missing);
    m_stop->setEnabled(running && !m_stopping);
    m_newChat->setEnabled(!running && transcript().has_value());
    m_chatList->setEnabled(!running);
    m_tierChoice->setEnabled(!running); // a session keeps the tier it started on
    const bool ended = transcript().has_value() && !running;
    m_saveTranscript->setEnabled(ended);
    m_exportMarkdown->setEnabled(ended);
    m_replay->setEnabled(ended && !transcript()->runs.empty());
    m_transcriptButton->setEnabled(ended);
    const ProviderSettings provider = m_settings->providerSettings();
    m_settingsToggle->setText(
        tr("Model: %1")
            .arg(tr("%1 %2 at %3")
                     .arg(QString::fromUtf8(toString(provider.kind)), QString::fromStdString(provider.model),
                          QString::fromStdString(withoutCredentials(provider.baseUrl)))));
}

QString AgentChatDock::saveTranscript(const QString& path) const {
    if (!transcript())
        return tr("No session has ended yet");
    std::string error;
    if (!sandbench::agent::saveTranscript(*transcript(), path.toStdString(), error))
        return QString::fromStdString(error);
    return {};
}

QString AgentChatDock::exportMarkdown(const QString& path) const {
    if (!transcript())
        return tr("No session has ended yet");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    const std::string markdown = transcript()->toMarkdown();
    file.write(markdown.data(), static_cast<qint64>(markdown.size()));
    if (!file.commit())
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void AgentChatDock::chooseTranscriptFile(bool markdown) {
    const QString path =
        markdown ? QFileDialog::getSaveFileName(this, tr("Export transcript as Markdown"),
                                                QStringLiteral("agent-transcript.md"), tr("Markdown (*.md)"))
                 : QFileDialog::getSaveFileName(this, tr("Save transcript"),
                                                QStringLiteral("agent-transcript.json"), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = markdown ? exportMarkdown(path) : saveTranscript(path);
    if (error.isEmpty())
        Q_EMIT statusMessage(tr("Saved the transcript to %1").arg(path), 5000);
    else
        refuse(error);
}

QString AgentChatDock::chatLabel(int index) const {
    const std::optional<Transcript>& chat = m_chats[static_cast<size_t>(index)];
    if (!chat)
        return tr("Chat %1 · new").arg(index + 1);
    QStringList tiers;
    for (const ToolRun& run : chat->runs)
        if (!tiers.contains(QString::fromStdString(run.tier)))
            tiers << QString::fromStdString(run.tier);
    if (tiers.isEmpty())
        tiers << QString::fromStdString(chat->tier);
    QString task = QString::fromStdString(chat->task).simplified();
    if (task.size() > 40)
        task = task.left(39) + QChar(0x2026);
    return tr("Chat %1 · %2 · %3").arg(index + 1).arg(tiers.join(QStringLiteral(", ")), task);
}

void AgentChatDock::newChat() {
    if (isRunning())
        return;
    if (transcript()) {
        m_chats.emplace_back();
        m_chatList->addItem(chatLabel(chatCount() - 1));
    }
    m_currentChat = chatCount() - 1;
    m_chatList->setCurrentIndex(m_currentChat);
    m_view->clear();
    setStatus(tr("New chat: the model remembers nothing of the earlier ones"));
    updateState();
}

void AgentChatDock::showChat(int index) {
    if (isRunning() || index < 0 || index >= chatCount())
        return;
    m_currentChat = index;
    m_chatList->setCurrentIndex(index);
    if (const std::optional<Transcript>& chat = transcript())
        m_view->showTranscript(*chat);
    else
        m_view->clear();
    updateState();
}

QString AgentChatDock::tierLine() const {
    return m_tierChoice->currentIndex() < 0
               ? m_tierLine->text()
               : tr("Runs on %1 · %2").arg(m_tierChoice->currentText(), m_tierLine->text());
}

void AgentChatDock::setTierChoices(const QList<TierChoice>& choices, const QString& current) {
    const QSignalBlocker quiet(m_tierChoice);
    m_tierChoice->clear();
    auto* model = qobject_cast<QStandardItemModel*>(m_tierChoice->model());
    for (const TierChoice& choice : choices) {
        m_tierChoice->addItem(choice.name, choice.name);
        if (!choice.available && model) {
            QStandardItem* item = model->item(m_tierChoice->count() - 1);
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
            item->setToolTip(choice.reason);
        }
    }
    showTier(current);
}

void AgentChatDock::showTier(const QString& name) {
    const QSignalBlocker quiet(m_tierChoice);
    m_tierChoice->setCurrentIndex(m_tierChoice->findData(name)); // -1, the placeholder, for the control
    refreshTierLine();
}

void AgentChatDock::refreshTierLine() {
    QString problem;
    const std::optional<ToolTier> tier = m_tierSource ? m_tierSource(problem) : std::nullopt;
    // The chooser names the tier; the line says under what.
    m_tierLine->setText(tier ? policySummary(tier->policy) : tr("No tier can run: %1").arg(problem));
}

void AgentChatDock::setTaskMenu(QMenu* tasks) {
    m_tasks->setMenu(tasks);
    m_tasks->setVisible(tasks && !tasks->isEmpty());
}

void AgentChatDock::offerTask(const QString& prompt) {
    m_input->setPlainText(prompt);
    m_input->setFocus();
    setStatus(tr("A task is ready: press Send (its data are the input files, at /data)"));
}

bool AgentChatDock::eventFilter(QObject* watched, QEvent* event) {
    const auto type = event->type();
    if (type == QEvent::DragEnter || type == QEvent::DragMove || type == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QStringList paths = InputFilesList::localPaths(drop->mimeData()->urls());
        if (!paths.isEmpty()) {
            drop->acceptProposedAction();
            if (type == QEvent::Drop) {
                Q_EMIT filesDropped(paths);
                setStatus(tr("Attached %1 as input files: the model's programs read them at /data")
                              .arg(QLocale().createSeparatedList(paths)));
            }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}
