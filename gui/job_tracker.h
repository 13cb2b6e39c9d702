#pragma once

#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>
#include <stop_token>
#include <thread>
#include <vector>

// Work that runs on worker threads for a QObject, its owner, and reports back on the owner's thread
// (hotspot's JobTracker). Every job gets an id, and the job started last is the latest: what a job posts
// is applied only while its owner lives and it is still the latest, so the result of work the user has
// since replaced is dropped, never applied. A job may have several workers (one per tier); it ends when
// each has returned. Keep the tracker a member of its owner: it stops and joins every worker when it goes,
// so no thread outlives the owner.
class JobTracker {
public:
    // What a worker is handed: its job's id and stop token, and the way back to the owner's thread.
    class Job {
    public:
        quint64 id() const { return m_id; }
        std::stop_token stopToken() const { return m_stop; }
        // Runs `call` on the owner's thread if, by then, the owner still lives and this job is the latest.
        // Calls run in the order they were posted, and all before the job's `finished`.
        void post(std::function<void()> call) const;

    private:
        friend class JobTracker;
        Job(JobTracker* tracker, QPointer<QObject> owner, quint64 id, std::stop_token stop);
        JobTracker* m_tracker;
        QPointer<QObject> m_owner;
        quint64 m_id;
        std::stop_token m_stop;
    };
    using Work = std::function<void(const Job& job)>;
    // On the owner's thread, once every worker has returned and after all they posted, with the job already
    // forgotten (isRunning() is false); only while the job is still the latest. `stopped`: stop() was
    // called (or another job started) while it ran.
    using Finished = std::function<void(quint64 id, bool stopped)>;

    explicit JobTracker(QObject* owner);
    ~JobTracker(); // stops every job and joins its workers
    JobTracker(const JobTracker&) = delete;
    JobTracker& operator=(const JobTracker&) = delete;

    // Asks every job to stop, then starts one with a thread per worker; it becomes the latest. Returns its
    // id. Without workers the job ends at once, still through the owner's event loop.
    quint64 start(std::vector<Work> workers, Finished finished = {});
    quint64 start(Work worker, Finished finished = {});
    // Asks every job to stop. The latest stays the latest, so its `finished` still arrives.
    void stop();
    // The latest job has not ended yet.
    bool isRunning() const { return m_running != 0; }
    quint64 latest() const { return m_latest; }
    bool isLatest(quint64 id) const { return id == m_latest; }

private:
    struct Entry {
        quint64 id = 0;
        std::stop_source stop;
        std::vector<std::thread> workers;
        int remaining = 0; // workers that have not returned yet
        Finished finished;
    };
    void workerReturned(quint64 id);

    QPointer<QObject> m_owner;
    std::vector<std::unique_ptr<Entry>> m_jobs; // the latest last; older ones are finishing
    quint64 m_latest = 0;
    quint64 m_next = 1;
    quint64 m_running = 0; // the latest job while it runs, 0 when it has ended
};
