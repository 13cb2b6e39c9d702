#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

namespace sandbench {

// The stop token for one run: it fires when the caller's token stops (the user cancelled) or when the
// deadline passes (the harness cancelled), and remembers which. The harness hands it to a tier as the
// run's stop token, so a tier that never enforces its own limits still ends.
class RunDeadline {
public:
    using Clock = std::chrono::steady_clock;

    RunDeadline(std::stop_token caller, Clock::duration timeout);
    ~RunDeadline();
    RunDeadline(const RunDeadline&) = delete;
    RunDeadline& operator=(const RunDeadline&) = delete;

    std::stop_token token() const { return m_source.get_token(); }
    // Stops the timer; call it as soon as the run returns, so a deadline passing afterwards is not blamed.
    void disarm();
    // True when the deadline, not the caller, stopped the run.
    bool fired() const { return m_fired.load(); }
    bool callerStopped() const { return m_callerStopped.load(); }

private:
    std::stop_source m_source;
    std::atomic<bool> m_fired{false};
    std::atomic<bool> m_callerStopped{false};
    std::optional<std::stop_callback<std::function<void()>>> m_forward;
    std::mutex m_mutex;
    std::condition_variable_any m_wakeup;
    std::jthread m_timer; // last, so it is joined before what it touches goes
};

} // namespace sandbench
