#include "agent_controller.h"

#include <QMetaObject>
#include <exception>

using namespace sandbench;
using namespace sandbench::agent;

namespace {

template <typename... Handlers> struct Overloaded : Handlers... { using Handlers::operator()...; };
template <typename... Handlers> Overloaded(Handlers...) -> Overloaded<Handlers...>;

} // namespace

AgentController::AgentController(QObject* parent)
    : QObject(parent) {
    qRegisterMetaType<RunResult>();
    qRegisterMetaType<Stream>();
    qRegisterMetaType<ToolRun>();
    qRegisterMetaType<Transcript>();
}

// While the GUI thread is busy the worker keeps only the newest output: a flood must not pile up megabytes
// for one delivery. What is dropped is only what the view could not have shown; the run's result (and what
// the model reads) keeps everything the policy's output cap allows.
void AgentController::dropOldestOutputBeyondLimit(PendingEvents& pending) {
    for (Event& event : pending.events) {
        if (pending.outputBytes <= kMaximumPendingOutputBytes)
            return;
        if (auto* output = std::get_if<OutputEvent>(&event)) {
            const qsizetype cut =
                std::min(output->bytes.size(), pending.outputBytes - kMaximumPendingOutputBytes);
            output->bytes.remove(0, cut);
            output->droppedBytes += cut;
            pending.outputBytes -= cut;
        }
    }
}

quint64 AgentController::start(const QString& task, ProviderSettings provider, std::shared_ptr<Tier> tier,
                               AgentSettings settings, Transcript earlier) {
    auto pending = std::make_shared<PendingEvents>();
    auto transcript = std::make_shared<Transcript>(std::move(earlier));
    const auto work = [this, pending, transcript, task = task.toStdString(), provider = std::move(provider),
                       tier = std::move(tier),
                       settings = std::move(settings)](const JobTracker::Job& session) {
        // Adds to the queue under its lock and asks the GUI thread for one delivery if none is pending.
        const auto post = [&](const auto& add) {
            bool queue = false;
            {
                std::lock_guard lock(pending->mutex);
                add(*pending);
                queue = !std::exchange(pending->deliveryQueued, true);
            }
            if (queue)
                session.post([this, session, pending] { deliverEvents(session, pending); });
        };
        AgentEvents events;
        events.turnStarted = [&](int turn) {
            post([&](PendingEvents& queue) { queue.events.emplace_back(TurnEvent{turn}); });
        };
        events.assistantText = [&](std::string_view text) {
            post([&](PendingEvents& queue) {
                if (!queue.events.empty())
                    if (auto* last = std::get_if<TextEvent>(&queue.events.back())) {
                        last->text.append(text);
                        return;
                    }
                queue.events.emplace_back(TextEvent{std::string(text)});
            });
        };
        events.toolRunStarted = [&](const ToolRun& run) {
            post([&](PendingEvents& queue) { queue.events.emplace_back(RunStartedEvent{run}); });
        };
        events.toolOutput = [&](const ToolCall& call, Stream stream, std::string_view bytes) {
            post([&](PendingEvents& queue) {
                const auto size = static_cast<qsizetype>(bytes.size());
                queue.outputBytes += size;
                auto* last = queue.events.empty() ? nullptr : std::get_if<OutputEvent>(&queue.events.back());
                if (last && last->callId == call.id && last->stream == stream)
                    last->bytes.append(bytes.data(), size);
                else
                    queue.events.emplace_back(
                        OutputEvent{call.id, stream, QByteArray(bytes.data(), size), 0});
                dropOldestOutputBeyondLimit(queue);
            });
        };
        events.toolRunFinished = [&](const ToolRun& run) {
            post([&](PendingEvents& queue) { queue.events.emplace_back(RunFinishedEvent{run}); });
        };
        events.notice = [&](std::string_view text) {
            post([&](PendingEvents& queue) { queue.events.emplace_back(NoticeEvent{std::string(text)}); });
        };

        try {
            const std::unique_ptr<LlmProvider> llm = makeProvider(provider);
            *transcript =
                continueAgent(*transcript, task, *llm, *tier, settings, events, session.stopToken());
        } catch (const std::exception& error) {
            // runAgent promises not to throw for the model's or the program's behaviour; anything else (out
            // of memory, a bug) still ends the session with a transcript saying why.
            if (transcript->task.empty())
                transcript->task = task;
            transcript->provider = provider.describe();
            transcript->tier = tier->name();
            transcript->policy = settings.runTemplate.policy;
            transcript->maxTurns = settings.maxTurns;
            transcript->outcome = AgentOutcome::Failed;
            transcript->error = std::string("The agent loop failed: ") + error.what();
        }
        // Whatever is still queued comes before the end.
        session.post([this, session, pending] { deliverEvents(session, pending); });
    };
    return m_sessions.start(
        work, [this, transcript](quint64 id, bool) { Q_EMIT sessionFinished(id, *transcript); });
}

void AgentController::stop() {
    m_sessions.stop();
}

void AgentController::deliverEvents(const JobTracker::Job& session,
                                    const std::shared_ptr<PendingEvents>& pending) {
    std::vector<Event> events;
    {
        std::lock_guard lock(pending->mutex);
        events.swap(pending->events);
        pending->deliveryQueued = false;
        pending->outputBytes = 0;
    }
    for (Event& event : events) {
        // Checked before each event: a receiver may have stopped or replaced the session meanwhile.
        if (!m_sessions.isLatest(session.id()) || session.stopToken().stop_requested())
            return; // stale: the user has stopped it or started another
        emitEvent(session.id(), event);
    }
}

void AgentController::emitEvent(quint64 session, Event& event) {
    std::visit(Overloaded{
                   [&](const TurnEvent& turn) { Q_EMIT turnStarted(session, turn.turn); },
                   [&](const TextEvent& text) {
                       Q_EMIT assistantTextArrived(session, QString::fromStdString(text.text));
                   },
                   [&](const RunStartedEvent& run) { Q_EMIT toolRunStarted(session, run.run); },
                   [&](const OutputEvent& output) {
                       const QString callId = QString::fromStdString(output.callId);
                       if (output.droppedBytes > 0)
                           Q_EMIT toolOutputArrived(
                               session, callId, Stream::Stderr,
                               tr("\n[… %1 bytes not shown while the window caught up …]\n")
                                   .arg(output.droppedBytes)
                                   .toUtf8());
                       if (!output.bytes.isEmpty())
                           Q_EMIT toolOutputArrived(session, callId, output.stream, output.bytes);
                   },
                   [&](const RunFinishedEvent& run) { Q_EMIT toolRunFinished(session, run.run); },
                   [&](const NoticeEvent& notice) {
                       Q_EMIT noticeArrived(session, QString::fromStdString(notice.text));
                   },
               },
               event);
}
