#pragma once

#include "core/tier.h"
#include "job_tracker.h"

#include <QByteArray>
#include <QObject>
#include <memory>
#include <mutex>
#include <vector>

Q_DECLARE_METATYPE(sandbench::RunResult)
Q_DECLARE_METATYPE(sandbench::Stream)

// Runs one program at a time on a worker thread through the engine's Tier interface and delivers its
// output and result to the GUI thread through queued signals, as value types. Every run gets an id; output
// and results of a run the user has since replaced or stopped are dropped, never applied (hotspot's
// JobTracker). Output is coalesced: however fast the program writes, the GUI thread gets at most one
// delivery per turn of its event loop.
class RunController : public QObject {
    Q_OBJECT

public:
    explicit RunController(QObject* parent = nullptr);
    // The tracker cancels the run and waits for it: no job outlives the controller.

    // Starts a run, cancelling any current one. Returns its id.
    quint64 start(std::shared_ptr<sandbench::Tier> tier, sandbench::RunRequest request);
    // Cancels the current run; its runFinished still arrives, with StopReason::Cancelled.
    void stop();
    bool isRunning() const { return m_jobs.isRunning(); }

Q_SIGNALS:
    void outputArrived(quint64 job, sandbench::Stream stream, const QByteArray& bytes);
    void runFinished(quint64 job, const sandbench::RunResult& result);

private:
    struct Segment {
        sandbench::Stream stream;
        QByteArray bytes;
    };
    // Shared between a job's worker and the GUI thread.
    struct PendingOutput {
        std::mutex mutex;
        std::vector<Segment> segments;
        bool deliveryQueued = false;
        qsizetype pendingBytes = 0;
        qsizetype droppedBytes = 0;
    };
    static constexpr qsizetype kMaximumPendingBytes = 256 * 1024;
    static void dropOldestBeyondLimit(PendingOutput& output);

    void deliverOutput(quint64 job, const std::shared_ptr<PendingOutput>& output);

    JobTracker m_jobs{this};
};
