#pragma once

#include "run_cgroup.h"
#include "tiers/common/unique_fd.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sandbench {

// Removes each run's cgroups once its sandbox's init has exited, on a thread of its own, so a result does
// not wait for the kernel's teardown of the sandbox's namespaces, nor for the removal. The tier's settle()
// waits for it; leftovers() names what could not be removed.
class RunCgroupRemover {
public:
    RunCgroupRemover() = default;
    RunCgroupRemover(const RunCgroupRemover&) = delete;
    RunCgroupRemover& operator=(const RunCgroupRemover&) = delete;
    ~RunCgroupRemover(); // drain(), then the thread ends

    // Takes `cgroup` for removal once `initPidfd` (the sandbox's init) turns readable: init has exited,
    // and with it the run's PID namespace. An init still there after a few seconds is killed.
    void adopt(std::unique_ptr<RunCgroup> cgroup, UniqueFd initPidfd);
    // Blocks until every adopted cgroup is removed or given up on.
    void drain();
    // After drain(): the cgroups that could not be removed (tried again now), one line each.
    std::vector<std::string> leftovers();

private:
    using Clock = std::chrono::steady_clock;
    struct Pending {
        std::unique_ptr<RunCgroup> cgroup;
        UniqueFd initPidfd;
        Clock::time_point since;
        bool killed = false;
    };
    void serve();
    void wake();

    std::mutex m_mutex;
    std::condition_variable m_idle;
    std::vector<Pending> m_pending;
    int m_removing = 0; // taken from m_pending, being removed outside the lock
    std::vector<std::unique_ptr<RunCgroup>> m_failed;
    UniqueFd m_wake; // an eventfd that interrupts the thread's poll()
    std::thread m_thread;
    bool m_stopping = false;
};

} // namespace sandbench
