#include "run_deadline.h"

namespace sandbench {

RunDeadline::RunDeadline(std::stop_token caller, Clock::duration timeout) {
    const auto deadline = Clock::now() + timeout;
    m_forward.emplace(std::move(caller), std::function<void()>([this] {
                          m_callerStopped = true;
                          m_source.request_stop();
                      }));
    m_timer = std::jthread([this, deadline](std::stop_token disarmed) {
        std::unique_lock lock(m_mutex);
        m_wakeup.wait_until(lock, disarmed, deadline, [] { return false; });
        if (!disarmed.stop_requested()) {
            m_fired = true;
            m_source.request_stop();
        }
    });
}

RunDeadline::~RunDeadline() {
    disarm();
}

void RunDeadline::disarm() {
    m_timer.request_stop();
    if (m_timer.joinable())
        m_timer.join();
    m_forward.reset();
}

} // namespace sandbench
