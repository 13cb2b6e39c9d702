#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace sandbench {

// Deletes finished sandboxes in the background, so a run returns as soon as its output is complete (or at
// once when cancelled) while its sandbox's DELETE still goes out. Every sandbox handed over is deleted
// before the killer is destroyed; drain() waits for that earlier.
class SandboxKiller {
public:
    // Deletes one sandbox; returns an empty string when it is gone, else what went wrong.
    using Kill = std::function<std::string(const std::string& sandboxId)>;

    explicit SandboxKiller(Kill kill);
    ~SandboxKiller(); // drains
    SandboxKiller(const SandboxKiller&) = delete;
    SandboxKiller& operator=(const SandboxKiller&) = delete;

    void adopt(std::string sandboxId);
    // Blocks until every sandbox handed over so far has had its DELETE answered (or given up on).
    void drain();
    // Sandboxes whose DELETE failed, with why, oldest first (kept for the probe's notes and tests).
    std::vector<std::string> failures() const;

private:
    void work(std::stop_token stop);

    Kill m_kill;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::deque<std::string> m_queue;
    bool m_busy = false;
    std::vector<std::string> m_failures;
    std::jthread m_worker; // last: started after, and joined before, what it uses
};

} // namespace sandbench
