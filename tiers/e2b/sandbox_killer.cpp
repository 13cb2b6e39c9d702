#include "sandbox_killer.h"

namespace sandbench {

SandboxKiller::SandboxKiller(Kill kill)
    : m_kill(std::move(kill))
    , m_worker([this](std::stop_token stop) { work(stop); }) {}

SandboxKiller::~SandboxKiller() {
    drain();
    m_worker.request_stop();
    m_changed.notify_all();
}

void SandboxKiller::adopt(std::string sandboxId) {
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back(std::move(sandboxId));
    }
    m_changed.notify_all();
}

void SandboxKiller::drain() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.empty() && !m_busy; });
}

std::vector<std::string> SandboxKiller::failures() const {
    std::lock_guard lock(m_mutex);
    return m_failures;
}

void SandboxKiller::work(std::stop_token stop) {
    std::unique_lock lock(m_mutex);
    while (true) {
        // Stopping is asked only after a drain, so the queue is empty whenever this gives up.
        if (!m_changed.wait(lock, stop, [this] { return !m_queue.empty(); }))
            return;
        std::string sandboxId = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        const std::string problem = m_kill(sandboxId);
        lock.lock();
        m_busy = false;
        if (!problem.empty())
            m_failures.push_back("sandbox " + sandboxId + ": " + problem);
        m_changed.notify_all();
    }
}

} // namespace sandbench
