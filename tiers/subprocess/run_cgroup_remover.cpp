#include "run_cgroup_remover.h"

#include <csignal>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sandbench {

RunCgroupRemover::~RunCgroupRemover() {
    drain();
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    wake();
    if (m_thread.joinable())
        m_thread.join();
}

void RunCgroupRemover::wake() {
    if (m_wake.valid()) {
        const std::uint64_t one = 1;
        [[maybe_unused]] const auto written = ::write(m_wake.get(), &one, sizeof one);
    }
}

void RunCgroupRemover::adopt(std::unique_ptr<RunCgroup> cgroup, UniqueFd initPidfd) {
    std::lock_guard lock(m_mutex);
    if (!m_thread.joinable()) {
        m_wake.reset(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
        m_thread = std::thread([this] { serve(); });
    }
    m_pending.push_back({std::move(cgroup), std::move(initPidfd), Clock::now()});
    wake();
}

void RunCgroupRemover::drain() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_pending.empty() && m_removing == 0; });
}

std::vector<std::string> RunCgroupRemover::leftovers() {
    drain();
    std::lock_guard lock(m_mutex);
    std::vector<std::string> left;
    std::erase_if(m_failed, [&left](const std::unique_ptr<RunCgroup>& cgroup) {
        std::string error;
        if (cgroup->remove(200, error))
            return true;
        left.push_back(error);
        return false;
    });
    return left;
}

void RunCgroupRemover::serve() {
    constexpr auto kGrace = std::chrono::seconds(3); // then the init is killed: it only had to exit
    while (true) {
        std::vector<pollfd> watched;
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping && m_pending.empty())
                return;
            watched.push_back({m_wake.get(), POLLIN, 0});
            for (const Pending& pending : m_pending)
                watched.push_back({pending.initPidfd.get(), POLLIN, 0});
        }
        ::poll(watched.data(), watched.size(), 200);
        std::uint64_t drained = 0;
        [[maybe_unused]] const auto read = ::read(m_wake.get(), &drained, sizeof drained);

        std::vector<std::unique_ptr<RunCgroup>> ready;
        {
            std::lock_guard lock(m_mutex);
            const auto now = Clock::now();
            for (auto it = m_pending.begin(); it != m_pending.end();) {
                pollfd exited{it->initPidfd.get(), POLLIN, 0};
                if (::poll(&exited, 1, 0) > 0) {
                    ready.push_back(std::move(it->cgroup));
                    it = m_pending.erase(it);
                    continue;
                }
                if (!it->killed && now - it->since > kGrace) {
                    ::syscall(SYS_pidfd_send_signal, it->initPidfd.get(), SIGKILL, nullptr, 0);
                    it->killed = true;
                }
                ++it;
            }
            m_removing += static_cast<int>(ready.size());
        }
        std::vector<std::unique_ptr<RunCgroup>> failed;
        for (auto& cgroup : ready) {
            std::string error;
            if (!cgroup->remove(2000, error))
                failed.push_back(std::move(cgroup));
        }
        {
            std::lock_guard lock(m_mutex);
            m_removing -= static_cast<int>(ready.size());
            for (auto& cgroup : failed)
                m_failed.push_back(std::move(cgroup));
        }
        m_idle.notify_all();
    }
}

} // namespace sandbench
