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

quint64 RunController::start(std::shared_ptr<Tier> tier, RunRequest request) {
    auto output = std::make_shared<PendingOutput>();
    auto result = std::make_shared<RunResult>();
    const auto work = [this, output, result, tier = std::move(tier),
                       request = std::move(request)](const JobTracker::Job& job) {
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
            if (queue)
                job.post([this, id = job.id(), output] { deliverOutput(id, output); });
        };
        *result = tier->run(request, sink, job.stopToken());
        // Whatever is still pending comes before the result.
        job.post([this, id = job.id(), output] { deliverOutput(id, output); });
    };
    return m_jobs.start(work, [this, result](quint64 id, bool) { Q_EMIT runFinished(id, *result); });
}

void RunController::stop() {
    m_jobs.stop();
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
    if (!m_jobs.isLatest(job))
        return; // stale: the user has started something else
    for (const auto& segment : segments)
        Q_EMIT outputArrived(job, segment.stream, segment.bytes);
}
