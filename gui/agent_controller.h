#pragma once

#include "core/agent/agent_loop.h"
#include "job_tracker.h"
#include "run_controller.h" // the RunResult and Stream metatypes

#include <QByteArray>
#include <QObject>
#include <QString>
#include <memory>
#include <mutex>
#include <variant>
#include <vector>

Q_DECLARE_METATYPE(sandbench::agent::ToolRun)
Q_DECLARE_METATYPE(sandbench::agent::Transcript)

// Runs one agent session at a time (sandbench::agent::runAgent) on a worker thread and delivers what
// happens to the GUI thread through queued signals, as value types, in the order it happened. Every session
// gets an id; events of a session the user has since replaced or stopped are dropped, never applied. Only
// its sessionFinished still arrives, carrying the transcript (outcome Cancelled when the stop came in
// time). Streamed text and program output are coalesced: however fast they come, the GUI thread gets at
// most one delivery per turn of its event loop, and a flood of output keeps only its newest part pending.
class AgentController : public QObject {
    Q_OBJECT

public:
    // The tracker stops every session and waits for it when the controller goes: no thread outlives it.
    explicit AgentController(QObject* parent = nullptr);

    // Starts a session, stopping any current one. The provider is made on the worker thread from
    // `provider`; every program runs on `tier` under settings.runTemplate's policy. Returns its id.
    // `earlier` is the conversation the task continues (continueAgent), empty for a new one.
    quint64 start(const QString& task, sandbench::agent::ProviderSettings provider,
                  std::shared_ptr<sandbench::Tier> tier, sandbench::agent::AgentSettings settings,
                  sandbench::agent::Transcript earlier = {});
    // Stops the current session at once: the model call or program in progress is aborted. Its
    // sessionFinished still arrives; nothing else of it does.
    void stop();
    bool isRunning() const { return m_sessions.isRunning(); }
    quint64 currentSession() const { return m_sessions.latest(); }

    static constexpr qsizetype kMaximumPendingOutputBytes = 256 * 1024;

Q_SIGNALS:
    void turnStarted(quint64 session, int turn);
    void assistantTextArrived(quint64 session, const QString& text);
    void toolRunStarted(quint64 session, const sandbench::agent::ToolRun& run);
    void toolOutputArrived(quint64 session, const QString& callId, sandbench::Stream stream,
                           const QByteArray& bytes);
    void toolRunFinished(quint64 session, const sandbench::agent::ToolRun& run);
    void noticeArrived(quint64 session, const QString& text);
    void sessionFinished(quint64 session, const sandbench::agent::Transcript& transcript);

private:
    // What the worker reports, queued in order until the GUI thread takes it.
    struct TurnEvent {
        int turn = 0;
    };
    struct TextEvent {
        std::string text;
    };
    struct RunStartedEvent {
        sandbench::agent::ToolRun run;
    };
    struct OutputEvent {
        std::string callId;
        sandbench::Stream stream = sandbench::Stream::Stdout;
        QByteArray bytes;
        qsizetype droppedBytes = 0; // cut from its front while the GUI thread was busy
    };
    struct RunFinishedEvent {
        sandbench::agent::ToolRun run;
    };
    struct NoticeEvent {
        std::string text;
    };
    using Event =
        std::variant<TurnEvent, TextEvent, RunStartedEvent, OutputEvent, RunFinishedEvent, NoticeEvent>;

    // Shared between a session's worker and the GUI thread.
    struct PendingEvents {
        std::mutex mutex;
        std::vector<Event> events;
        bool deliveryQueued = false;
        qsizetype outputBytes = 0;
    };
    static void dropOldestOutputBeyondLimit(PendingEvents& pending);
    // Emits what is queued, unless the user has stopped the session meanwhile.
    void deliverEvents(const JobTracker::Job& session, const std::shared_ptr<PendingEvents>& pending);
    void emitEvent(quint64 session, Event& event);

    JobTracker m_sessions{this};
};
