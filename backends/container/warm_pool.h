#pragma once

#include "container_session.h"
#include "session_reaper.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

namespace sandbench {

// Containers started ahead of runs, each waiting for its one program. A run takes one (the hand-over is all
// it pays for) and the pool starts a replacement in the background. The pool holds one shape at a time: a
// run with another policy, image or interpreter re-aims it, and the idle containers of the old shape go.
class WarmPool {
public:
    // Starts one container of `shape` and waits until it is ready; nullptr with `error` when it cannot.
    using Starter = std::function<std::unique_ptr<ContainerSession>(
        const ContainerShape& shape, std::stop_token stop, std::string& error)>;
    WarmPool(Starter starter, SessionReaper& reaper);
    ~WarmPool();
    WarmPool(const WarmPool&) = delete;
    WarmPool& operator=(const WarmPool&) = delete;

    void setSize(int size);
    // Aims an idle pool at `shape` before any run has, so the first run can already be warm.
    void prepare(const ContainerShape& shape);
    // Stops refilling for good, waits for a start in progress, and hands every idle container to the
    // reaper.
    void shutdown();
    int size() const;
    // A ready container of `shape`, or nullptr when none is waiting.
    std::unique_ptr<ContainerSession> take(const ContainerShape& shape);
    // Blocks until a container of `shape` waits; false on `stop`, with a size of 0, or when starting one
    // failed (lastError() says why).
    bool waitUntilReady(const ContainerShape& shape, std::stop_token stop);
    std::string lastError() const;

private:
    void aimAt(const ContainerShape& shape); // with m_mutex held
    void refill(std::stop_token stop);

    Starter m_starter;
    SessionReaper& m_reaper;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    int m_size = 0;
    std::optional<ContainerShape> m_shape;
    std::string m_shapeKey;
    std::deque<std::unique_ptr<ContainerSession>> m_ready;
    int m_starting = 0;
    long m_failures = 0;
    std::string m_lastError;
    std::jthread m_refiller; // last: stopped and joined before the rest goes
};

} // namespace sandbench
