#pragma once

#include "core/output_collector.h"
#include "unique_fd.h"

#include <chrono>
#include <functional>
#include <stop_token>
#include <sys/resource.h>
#include <sys/types.h>
#include <vector>

namespace sandbench {

struct WatchOutcome {
    int waitStatus = 0;
    rusage usage{};
    bool timedOut = false;
    bool cancelled = false;
    double wallSeconds = 0;
    bool exited = true; // false when the run finished early and the child is still exiting (see finishWhen)
};

// User plus system CPU time, in seconds.
inline double cpuSecondsOf(const rusage& usage) {
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Supervises one child: drains its output pipes live into an OutputCollector, services extra descriptors
// (setup reports, seccomp notifications), enforces the wall-clock deadline, honours cancellation, and reaps
// it with its resource usage. One poll() loop, so a flood on one pipe never starves the other.
class ChildWatcher {
public:
    using Clock = std::chrono::steady_clock;

    // ByUs: the child is ours to wait for (its status and resource use come from wait4). ByOthers: another
    // process reaps it; its exit is seen through the pidfd alone.
    enum class Reaping { ByUs, ByOthers }; // with ByOthers, pid is not used (pass -1)
    ChildWatcher(pid_t pid, UniqueFd pidfd, OutputCollector& output, Reaping reaping = Reaping::ByUs);

    void watchOutput(UniqueFd fd, Stream stream);
    // The handler runs with poll()'s revents when fd is readable or hung up; it returns false to stop
    // watching fd. Handlers may add descriptors; they are watched from the next round on.
    using Handler = std::function<bool(short revents)>;
    void watchExtra(int fd, Handler onReady);
    // How to end everything the child started (its process group, or its PID namespace).
    void setKillAll(std::function<void()> killAll) { m_killAll = std::move(killAll); }
    // Runs when the child itself has exited, before the remaining output is drained (e.g. to kill
    // stragglers).
    void setOnExited(std::function<void()> onExited) { m_onExited = std::move(onExited); }

    // Lets the run end before the child has exited: once the predicate holds and every watched descriptor is
    // done, run() returns with exited = false. For a child whose own exit is slow (a namespace teardown)
    // while everything the caller needs is already known; someone else must reap it.
    void finishWhen(std::function<bool()> finished) { m_finished = std::move(finished); }

    WatchOutcome run(Clock::time_point started, Clock::duration timeout, std::stop_token stop);

private:
    struct Watched {
        int fd;
        Handler onReady;
    };

    pid_t m_pid;
    UniqueFd m_pidfd;
    Reaping m_reaping;
    OutputCollector& m_output;
    std::vector<UniqueFd> m_outputFds;
    std::vector<Watched> m_watched;
    std::vector<Watched> m_added; // added by a handler while the loop runs
    std::function<void()> m_killAll;
    std::function<void()> m_onExited;
    std::function<bool()> m_finished;
};

} // namespace sandbench
