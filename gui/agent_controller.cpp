#include "agent_controller.h"

#include <QMetaObject>
#include <QPointer>
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

AgentController::~AgentController() {
    for (auto& session : m_sessions)
        session->stop.request_stop();
    for (auto& session : m_sessions)
        if (session->worker.joinable())
            session->worker.join();
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

quint64 AgentController::start(const QString& task, ProviderSettings provider,
                               std::shared_ptr<Backend> backend, AgentSettings settings) {
    stop();
    auto session = std::make_unique<Session>();
    session->id = m_nextSession++;
    session->pending = std::make_shared<PendingEvents>();
    const quint64 id = session->id;
    QPointer<AgentController> self(this);
    const auto pending = session->pending;
    const std::stop_token token = session->stop.get_token();
    session->worker = std::thread([self, id, pending, token, task = task.toStdString(),
                                   provider = std::move(provider), backend = std::move(backend),
                                   settings = std::move(settings)] {
        // Adds to the queue under its lock and asks the GUI thread for one delivery if none is pending.
        const auto post = [&](const auto& add) {
            bool queue = false;
            {
                std::lock_guard lock(pending->mutex);
                add(*pending);
                queue = !std::exchange(pending->deliveryQueued, true);
            }
            if (queue && self)
                QMetaObject::invokeMethod(
                    self,
                    [self, id, pending] {
                        if (self)
                            self->deliverEvents(id, pending);
                    },
                    Qt::QueuedConnection);
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

        Transcript transcript;
        try {
            const std::unique_ptr<LlmProvider> llm = makeProvider(provider);
            transcript = runAgent(task, *llm, *backend, settings, events, token);
        } catch (const std::exception& error) {
            // runAgent promises not to throw for the model's or the program's behaviour; anything else (out
            // of memory, a bug) still ends the session with a transcript saying why.
            transcript.task = task;
            transcript.provider = provider.describe();
            transcript.backend = backend->name();
            transcript.policy = settings.runTemplate.policy;
            transcript.maxTurns = settings.maxTurns;
            transcript.outcome = AgentOutcome::Failed;
            transcript.error = std::string("The agent loop failed: ") + error.what();
        }
        QMetaObject::invokeMethod(
            self,
            [self, id, pending, transcript = std::move(transcript)] {
                if (!self)
                    return;
                self->deliverEvents(id, pending); // whatever is still queued comes before the end
                self->finishSession(id, transcript);
            },
            Qt::QueuedConnection);
    });
    m_currentSession = id;
    m_running = id;
    m_sessions.push_back(std::move(session));
    return id;
}

void AgentController::stop() {
    for (auto& session : m_sessions) {
        session->stopped = true;
        session->stop.request_stop();
    }
}

AgentController::Session* AgentController::findSession(quint64 id) {
    for (auto& session : m_sessions)
        if (session->id == id)
            return session.get();
    return nullptr;
}

void AgentController::deliverEvents(quint64 session, const std::shared_ptr<PendingEvents>& pending) {
    std::vector<Event> events;
    {
        std::lock_guard lock(pending->mutex);
        events.swap(pending->events);
        pending->deliveryQueued = false;
        pending->outputBytes = 0;
    }
    for (Event& event : events) {
        // Checked before each event: a receiver may have stopped or replaced the session meanwhile.
        const Session* current = findSession(session);
        if (session != m_currentSession || !current || current->stopped)
            return; // stale: the user has stopped it or started another
        emitEvent(session, event);
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

void AgentController::finishSession(quint64 session, const Transcript& transcript) {
    for (auto it = m_sessions.begin(); it != m_sessions.end(); ++it) {
        if ((*it)->id == session) {
            if ((*it)->worker.joinable())
                (*it)->worker.join(); // it has already returned from runAgent(); this only collects it
            m_sessions.erase(it);
            break;
        }
    }
    if (m_running == session)
        m_running = 0;
    if (session == m_currentSession)
        Q_EMIT sessionFinished(session, transcript);
}
