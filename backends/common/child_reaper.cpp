#include "child_reaper.h"

#include <cerrno>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/wait.h>

namespace sandbench {

ChildReaper& ChildReaper::instance() {
    static ChildReaper reaper;
    return reaper;
}

ChildReaper::~ChildReaper() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    if (m_thread.joinable()) {
        const std::uint64_t one = 1;
        [[maybe_unused]] auto written = ::write(m_wake.get(), &one, sizeof one);
        m_thread.join();
    }
}

void ChildReaper::adopt(pid_t pid, UniqueFd pidfd) {
    std::lock_guard lock(m_mutex);
    if (!m_thread.joinable()) {
        m_wake.reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
        m_thread = std::thread([this] { loop(); });
    }
    m_children.push_back({pid, std::move(pidfd)});
    const std::uint64_t one = 1;
    [[maybe_unused]] auto written = ::write(m_wake.get(), &one, sizeof one);
}

void ChildReaper::waitForAll() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_children.empty(); });
}

void ChildReaper::loop() {
    while (true) {
        std::vector<pollfd> fds{{m_wake.get(), POLLIN, 0}};
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping && m_children.empty())
                return;
            for (const auto& child : m_children)
                fds.push_back({child.pidfd.get(), POLLIN, 0});
        }
        if (::poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR)
            continue;
        if (fds[0].revents & POLLIN) {
            std::uint64_t value;
            [[maybe_unused]] auto readBack = ::read(m_wake.get(), &value, sizeof value);
        }
        std::lock_guard lock(m_mutex);
        for (std::size_t i = 1; i < fds.size(); ++i) {
            if (!(fds[i].revents & POLLIN))
                continue;
            for (auto it = m_children.begin(); it != m_children.end(); ++it) {
                if (it->pidfd.get() == fds[i].fd) {
                    ::waitpid(it->pid, nullptr, 0);
                    m_children.erase(it);
                    break;
                }
            }
        }
        m_changed.notify_all();
    }
}

} // namespace sandbench
