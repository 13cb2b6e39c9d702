#include "run_controller.h"

#include <QMetaObject>
#include <QPointer>

using namespace sandbench;

// While the GUI thread is busy the worker keeps only the newest output: a flood must not pile up megabytes
// for one delivery. What is dropped is only what the view could not have shown; the run's result keeps
// everything the policy's output cap allows.
void RunController::dropOldestBeyondLimit(PendingOutput& output) {
    while (output.pendingBytes > kMaximumPendingBytes && !output.segments.empty()) {
        Segment& oldest = output.segments.front();
        const qsizetype excess = output.pendingBytes - kMaximumPendingBytes;
        if (oldest.bytes.size() <= excess) {
            output.pendingBytes -= oldest.bytes.size();
            output.droppedBytes += oldest.bytes.size();
            output.segments.erase(output.segments.begin());
        } else {
            oldest.bytes.remove(0, excess);
            output.pendingBytes -= excess;
            output.droppedBytes += excess;
        }
    }
}

RunController::RunController(QObject* parent)
    : QObject(parent) {
    qRegisterMetaType<RunResult>();
    qRegisterMetaType<Stream>();
}

RunController::~RunController() {
    for (auto& job : m_jobs) {
        job->stop.request_stop();
        if (job->worker.joinable())
            job->worker.join();
    }
}

quint64 RunController::start(std::shared_ptr<Backend> backend, RunRequest request) {
    stop();
    auto job = std::make_unique<Job>();
    job->id = m_nextJob++;
    job->output = std::make_shared<PendingOutput>();
    const quint64 id = job->id;
    QPointer<RunController> self(this);
    const auto output = job->output;
    const std::stop_token token = job->stop.get_token();
    job->worker = std::thread([self, id, output, token, backend = std::move(backend),
                               request = std::move(request)] {
        const OutputSink sink = [&](Stream stream, std::string_view bytes) {
            bool queue = false;
            {
                std::lock_guard lock(output->mutex);
                if (!output->segments.empty() && output->segments.back().stream == stream)
                    output->segments.back().bytes.append(bytes.data(), static_cast<qsizetype>(bytes.size()));
                else
                    output->segments.push_back(
                        {stream, QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()))});
                output->pendingBytes += static_cast<qsizetype>(bytes.size());
                dropOldestBeyondLimit(*output);
                queue = !std::exchange(output->deliveryQueued, true);
            }
            if (queue && self)
                QMetaObject::invokeMethod(
                    self,
                    [self, id, output] {
                        if (self)
                            self->deliverOutput(id, output);
                    },
                    Qt::QueuedConnection);
        };
        RunResult result = backend->run(request, sink, token);
        QMetaObject::invokeMethod(
            self,
            [self, id, output, result = std::move(result)] {
                if (!self)
                    return;
                self->deliverOutput(id, output); // whatever is still pending comes before the result
                self->finishJob(id, result);
            },
            Qt::QueuedConnection);
    });
    m_currentJob = id;
    m_running = id;
    m_jobs.push_back(std::move(job));
    return id;
}

void RunController::stop() {
    for (auto& job : m_jobs)
        job->stop.request_stop();
}

void RunController::deliverOutput(quint64 job, const std::shared_ptr<PendingOutput>& output) {
    std::vector<Segment> segments;
    {
        std::lock_guard lock(output->mutex);
        segments.swap(output->segments);
        output->deliveryQueued = false;
        output->pendingBytes = 0;
        if (output->droppedBytes > 0) {
            const QByteArray notice = tr("\n[… %1 bytes not shown while the window caught up …]\n")
                                          .arg(output->droppedBytes)
                                          .toUtf8();
            segments.insert(segments.begin(), Segment{Stream::Stderr, notice});
            output->droppedBytes = 0;
        }
    }
    if (job != m_currentJob)
        return; // stale: the user has started something else
    for (const auto& segment : segments)
        Q_EMIT outputArrived(job, segment.stream, segment.bytes);
}

void RunController::finishJob(quint64 job, const RunResult& result) {
    for (auto it = m_jobs.begin(); it != m_jobs.end(); ++it) {
        if ((*it)->id == job) {
            if ((*it)->worker.joinable())
                (*it)->worker.join(); // it has already returned from run(); this only collects the thread
            m_jobs.erase(it);
            break;
        }
    }
    if (m_running == job)
        m_running = 0;
    if (job == m_currentJob)
        Q_EMIT runFinished(job, result);
}
