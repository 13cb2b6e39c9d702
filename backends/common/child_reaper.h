#pragma once

#include "unique_fd.h"

#include <condition_variable>
#include <mutex>
#include <sys/types.h>
#include <thread>
#include <vector>

namespace sandbench {

// Reaps children that are already on their way out (a sandbox init tearing down its namespaces) on a thread
// of its own, so a finished run need not wait for the kernel's cleanup. Nothing is left behind: the process
// waits for every adopted child at exit, and waitForAll() lets tests and shutdown code do so earlier.
class ChildReaper {
public:
    static ChildReaper& instance();
    ~ChildReaper();

    void adopt(pid_t pid, UniqueFd pidfd);
    void waitForAll();

private:
    ChildReaper() = default;
    void loop();

    struct Child {
        pid_t pid;
        UniqueFd pidfd;
    };
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<Child> m_children;
    UniqueFd m_wake;
    std::thread m_thread;
    bool m_stopping = false;
};

} // namespace sandbench
