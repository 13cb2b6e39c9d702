#pragma once

#include "container_session.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace sandbench {

// Ends finished containers off the run's critical path: a run returns as soon as its program has ended,
// while the engine removes the container here. Destroying the reaper waits until every container it was
// given is confirmed gone, so nothing outlives the tier.
class SessionReaper {
public:
    SessionReaper();
    ~SessionReaper();
    SessionReaper(const SessionReaper&) = delete;
    SessionReaper& operator=(const SessionReaper&) = delete;

    void adopt(std::unique_ptr<ContainerSession> session);
    // Blocks until every adopted session has been finished.
    void drain();

private:
    void work(std::stop_token stop);

    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::deque<std::unique_ptr<ContainerSession>> m_queue;
    int m_busy = 0;
    std::jthread m_worker; // last: joined before the queue goes
};

} // namespace sandbench
