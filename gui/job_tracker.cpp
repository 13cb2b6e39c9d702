#include "job_tracker.h"

#include <QMetaObject>
#include <algorithm>

namespace {

// Runs `call` on `owner`'s thread unless the owner is gone by then. Safe from a worker: the tracker joins
// its workers while the owner's QObject still exists.
void runOnOwnerThread(const QPointer<QObject>& owner, std::function<void()> call) {
    QMetaObject::invokeMethod(
        owner.data(),
        [owner, call = std::move(call)] {
            if (owner)
                call();
        },
        Qt::QueuedConnection);
}

} // namespace

JobTracker::Job::Job(JobTracker* tracker, QPointer<QObject> owner, quint64 id, std::stop_token stop)
    : m_tracker(tracker)
    , m_owner(std::move(owner))
    , m_id(id)
    , m_stop(std::move(stop)) {}

void JobTracker::Job::post(std::function<void()> call) const {
    runOnOwnerThread(m_owner, [tracker = m_tracker, id = m_id, call = std::move(call)] {
        if (tracker->isLatest(id))
            call();
    });
}

JobTracker::JobTracker(QObject* owner)
    : m_owner(owner) {}

JobTracker::~JobTracker() {
    stop();
    for (auto& job : m_jobs) {
        for (std::thread& worker : job->workers) {
            if (worker.joinable())
                worker.join();
        }
    }
}

quint64 JobTracker::start(Work worker, Finished finished) {
    std::vector<Work> workers;
    workers.push_back(std::move(worker));
    return start(std::move(workers), std::move(finished));
}

quint64 JobTracker::start(std::vector<Work> workers, Finished finished) {
    stop();
    auto entry = std::make_unique<Entry>();
    entry->id = m_next++;
    entry->finished = std::move(finished);
    const quint64 id = entry->id;
    const Job job(this, m_owner, id, entry->stop.get_token());
    if (workers.empty()) {
        entry->remaining = 1;
        runOnOwnerThread(m_owner, [this, id] { workerReturned(id); });
    }
    for (Work& work : workers) {
        ++entry->remaining;
        entry->workers.emplace_back([this, job, work = std::move(work)] {
            work(job);
            // After everything the worker posted, and even when the job is no longer the latest: the
            // tracker still collects the thread.
            runOnOwnerThread(job.m_owner, [this, id = job.id()] { workerReturned(id); });
        });
    }
    m_latest = id;
    m_running = id;
    m_jobs.push_back(std::move(entry));
    return id;
}

void JobTracker::stop() {
    for (auto& job : m_jobs)
        job->stop.request_stop();
}

void JobTracker::workerReturned(quint64 id) {
    const auto found =
        std::find_if(m_jobs.begin(), m_jobs.end(), [id](const auto& job) { return job->id == id; });
    if (found == m_jobs.end() || --(*found)->remaining > 0)
        return;
    const std::unique_ptr<Entry> job = std::move(*found);
    m_jobs.erase(found);
    for (std::thread& worker : job->workers)
        worker.join(); // each has returned from its work; this only collects the threads
    if (m_running == id)
        m_running = 0;
    if (isLatest(id) && job->finished)
        job->finished(id, job->stop.stop_requested());
}
