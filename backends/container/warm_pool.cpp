#include "warm_pool.h"

namespace sandbench {

namespace {
// After a failed start, wait before the next try so a broken engine is not hammered.
constexpr auto kRetryPause = std::chrono::seconds(2);
} // namespace

WarmPool::WarmPool(Starter starter, SessionReaper& reaper)
    : m_starter(std::move(starter))
    , m_reaper(reaper)
    , m_refiller([this](std::stop_token stop) { refill(stop); }) {}

WarmPool::~WarmPool() {
    shutdown();
}

void WarmPool::shutdown() {
    m_refiller.request_stop();
    m_changed.notify_all();
    if (m_refiller.joinable())
        m_refiller.join();
    std::lock_guard lock(m_mutex);
    for (auto& session : m_ready)
        m_reaper.adopt(std::move(session));
    m_ready.clear();
}

void WarmPool::setSize(int size) {
    std::lock_guard lock(m_mutex);
    m_size = std::max(0, size);
    while (static_cast<int>(m_ready.size()) > m_size) {
        m_reaper.adopt(std::move(m_ready.back()));
        m_ready.pop_back();
    }
    m_changed.notify_all();
}

int WarmPool::size() const {
    std::lock_guard lock(m_mutex);
    return m_size;
}

std::string WarmPool::lastError() const {
    std::lock_guard lock(m_mutex);
    return m_lastError;
}

void WarmPool::aimAt(const ContainerShape& shape) {
    const std::string key = shape.key();
    if (key == m_shapeKey)
        return;
    for (auto& session : m_ready)
        m_reaper.adopt(std::move(session));
    m_ready.clear();
    m_shape = shape;
    m_shapeKey = key;
    m_changed.notify_all();
}

void WarmPool::prepare(const ContainerShape& shape) {
    std::lock_guard lock(m_mutex);
    if (!m_shape)
        aimAt(shape);
}

std::unique_ptr<ContainerSession> WarmPool::take(const ContainerShape& shape) {
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

bool WarmPool::waitUntilReady(const ContainerShape& shape, std::stop_token stop) {
    std::unique_lock lock(m_mutex);
    if (m_size == 0)
        return false;
    aimAt(shape);
    const long failuresBefore = m_failures;
    m_changed.wait(lock, stop,
                   [&] { return !m_ready.empty() || m_failures != failuresBefore || m_size == 0; });
    return !m_ready.empty();
}

void WarmPool::refill(std::stop_token stop) {
    std::unique_lock lock(m_mutex);
    while (!stop.stop_requested()) {
        m_changed.wait(lock, stop,
                       [this] { return m_shape && static_cast<int>(m_ready.size()) + m_starting < m_size; });
        if (stop.stop_requested())
            return;
        const ContainerShape shape = *m_shape;
        const std::string key = m_shapeKey;
        ++m_starting;
        lock.unlock();
        std::string error;
        std::unique_ptr<ContainerSession> session = m_starter(shape, stop, error);
        lock.lock();
        --m_starting;
        if (!session) {
            ++m_failures;
            m_lastError = error;
            m_changed.notify_all();
            m_changed.wait_for(lock, stop, kRetryPause, [] { return false; });
            continue;
        }
        m_lastError.clear();
        if (key == m_shapeKey && static_cast<int>(m_ready.size()) < m_size)
            m_ready.push_back(std::move(session));
        else
            m_reaper.adopt(std::move(session)); // the pool was re-aimed or shrunk meanwhile
        m_changed.notify_all();
    }
}

} // namespace sandbench
