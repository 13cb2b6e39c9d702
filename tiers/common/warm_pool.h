#pragma once

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

namespace sandbench {

// The largest warm pool a tier keeps.
inline constexpr int kMaximumWarmPool = 16;

// SANDBENCH_WARM_POOL (0 to 16) when set to a whole number, else `fallback`; every tier with a pool reads it.
inline int warmPoolSizeFromEnvironment(int fallback) {
    const char* pool = std::getenv("SANDBENCH_WARM_POOL");
    if (!pool || !*pool)
        return fallback;
    int size = 0;
    const auto [end, error] = std::from_chars(pool, pool + std::strlen(pool), size);
    return error == std::errc() && *end == '\0' && size >= 0 && size <= kMaximumWarmPool ? size : fallback;
}

// After a failed start, wait before the next try so a broken engine or VMM is not hammered.
inline constexpr auto kWarmPoolRetryPause = std::chrono::seconds(2);

// Sandboxes started ahead of runs, each waiting for its one program. A run takes one (the hand-over is all
// it pays for) and the pool starts a replacement in the background. The pool holds one shape at a time: a
// run with another policy, image or interpreter re-aims it, and the idle sandboxes of the old shape go.
// Shape needs key(): equal keys, interchangeable sandboxes.
template <typename Session, typename Shape> class WarmPool {
public:
    // Starts one sandbox of `shape` and waits until it is ready; nullptr with `error` when it cannot.
    using Starter =
        std::function<std::unique_ptr<Session>(const Shape& shape, std::stop_token stop, std::string& error)>;
    // Ends sandboxes the pool no longer wants (off the caller's thread if it likes).
    using Discard = std::function<void(std::unique_ptr<Session>)>;
    WarmPool(Starter starter, Discard discard);
    ~WarmPool();
    WarmPool(const WarmPool&) = delete;
    WarmPool& operator=(const WarmPool&) = delete;

    void setSize(int size);
    // Aims an idle pool at `shape` before any run has, so the first run can already be warm.
    void prepare(const Shape& shape);
    // Stops refilling for good, waits for a start in progress, and hands every idle container to the
    // reaper.
    void shutdown();
    int size() const;
    // A ready container of `shape`, or nullptr when none is waiting.
    std::unique_ptr<Session> take(const Shape& shape);
    // Blocks until a container of `shape` waits; false on `stop`, with a size of 0, or when starting one
    // failed (lastError() says why).
    bool waitUntilReady(const Shape& shape, std::stop_token stop);
    std::string lastError() const;

private:
    void aimAt(const Shape& shape); // with m_mutex held
    void refill(std::stop_token stop);

    Starter m_starter;
    Discard m_discard;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_changed;
    int m_size = 0;
    std::optional<Shape> m_shape;
    std::string m_shapeKey;
    std::deque<std::unique_ptr<Session>> m_ready;
    int m_starting = 0;
    long m_failures = 0;
    std::string m_lastError;
    std::jthread m_refiller; // last: stopped and joined before the rest goes
};

template <typename Session, typename Shape>
WarmPool<Session, Shape>::WarmPool(Starter starter, Discard discard)
    : m_starter(std::move(starter))
    , m_discard(std::move(discard))
    , m_refiller([this](std::stop_token stop) { refill(stop); }) {}

template <typename Session, typename Shape> WarmPool<Session, Shape>::~WarmPool() {
    shutdown();
}

template <typename Session, typename Shape> void WarmPool<Session, Shape>::shutdown() {
    m_refiller.request_stop();
    m_changed.notify_all();
    if (m_refiller.joinable())
        m_refiller.join();
    std::lock_guard lock(m_mutex);
    for (auto& session : m_ready)
        m_discard(std::move(session));
    m_ready.clear();
}

template <typename Session, typename Shape> void WarmPool<Session, Shape>::setSize(int size) {
    std::lock_guard lock(m_mutex);
    m_size = std::max(0, size);
    while (static_cast<int>(m_ready.size()) > m_size) {
        m_discard(std::move(m_ready.back()));
        m_ready.pop_back();
    }
    m_changed.notify_all();
}

template <typename Session, typename Shape> int WarmPool<Session, Shape>::size() const {
    std::lock_guard lock(m_mutex);
    return m_size;
}

template <typename Session, typename Shape> std::string WarmPool<Session, Shape>::lastError() const {
    std::lock_guard lock(m_mutex);
    return m_lastError;
}

template <typename Session, typename Shape> void WarmPool<Session, Shape>::aimAt(const Shape& shape) {
    const std::string key = shape.key();
    if (key == m_shapeKey)
        return;
    for (auto& session : m_ready)
        m_discard(std::move(session));
    m_ready.clear();
    m_shape = shape;
    m_shapeKey = key;
    m_changed.notify_all();
}

template <typename Session, typename Shape> void WarmPool<Session, Shape>::prepare(const Shape& shape) {
    std::lock_guard lock(m_mutex);
    if (!m_shape)
        aimAt(shape);
}

template <typename Session, typename Shape>
std::unique_ptr<Session> WarmPool<Session, Shape>::take(const Shape& shape) {
    std::lock_guard lock(m_mutex);
    if (m_size == 0)
        return nullptr;
    aimAt(shape);
    if (m_ready.empty())
        return nullptr;
    auto session = std::move(m_ready.front());
    m_ready.pop_front();
    m_changed.notify_all(); // the refiller starts a replacement
    return session;
}

template <typename Session, typename Shape>
bool WarmPool<Session, Shape>::waitUntilReady(const Shape& shape, std::stop_token stop) {
    std::unique_lock lock(m_mutex);
    if (m_size == 0)
        return false;
    aimAt(shape);
    const long failuresBefore = m_failures;
    m_changed.wait(lock, stop,
                   [&] { return !m_ready.empty() || m_failures != failuresBefore || m_size == 0; });
    return !m_ready.empty();
}

template <typename Session, typename Shape> void WarmPool<Session, Shape>::refill(std::stop_token stop) {
    std::unique_lock lock(m_mutex);
    while (!stop.stop_requested()) {
        m_changed.wait(lock, stop,
                       [this] { return m_shape && static_cast<int>(m_ready.size()) + m_starting < m_size; });
        if (stop.stop_requested())
            return;
        const Shape shape = *m_shape;
        const std::string key = m_shapeKey;
        ++m_starting;
        lock.unlock();
        std::string error;
        std::unique_ptr<Session> session = m_starter(shape, stop, error);
        lock.lock();
        --m_starting;
        if (!session) {
            ++m_failures;
            m_lastError = error;
            m_changed.notify_all();
            m_changed.wait_for(lock, stop, kWarmPoolRetryPause, [] { return false; });
            continue;
        }
        m_lastError.clear();
        if (key == m_shapeKey && static_cast<int>(m_ready.size()) < m_size)
            m_ready.push_back(std::move(session));
        else
            m_discard(std::move(session)); // the pool was re-aimed or shrunk meanwhile
        m_changed.notify_all();
    }
}

} // namespace sandbench
