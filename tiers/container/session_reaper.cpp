#include "session_reaper.h"

namespace sandbench {

SessionReaper::SessionReaper()
    : m_worker([this](std::stop_token stop) { work(stop); }) {}

SessionReaper::~SessionReaper() {
    drain();
    m_worker.request_stop();
    m_changed.notify_all();
}

void SessionReaper::adopt(std::unique_ptr<ContainerSession> session) {
    if (!session)
        return;
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back(std::move(session));
    }
    m_changed.notify_all();
}

void SessionReaper::drain() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.empty() && m_busy == 0; });
}

void SessionReaper::work(std::stop_token stop) {
    std::unique_lock lock(m_mutex);
    while (true) {
        m_changed.wait(lock, stop, [this] { return !m_queue.empty(); });
        if (m_queue.empty())
            return; // stopped, and nothing left to end
        std::unique_ptr<ContainerSession> session = std::move(m_queue.front());
        m_queue.pop_front();
        ++m_busy;
        lock.unlock();
        // A container the engine could not remove is not lost: the tier's leftovers() lists it.
        std::string ignored;
        session->finish(ignored);
        session.reset();
        lock.lock();
        --m_busy;
        m_changed.notify_all();
    }
}

} // namespace sandbench
