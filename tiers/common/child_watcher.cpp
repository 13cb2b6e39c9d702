#include "child_watcher.h"

#include "stop_wake.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>

namespace sandbench {

bool makePipe(Pipe& pipe) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return false;
    pipe.read.reset(fds[0]);
    pipe.write.reset(fds[1]);
    return true;
}

ChildWatcher::ChildWatcher(pid_t pid, UniqueFd pidfd, OutputCollector& output, Reaping reaping)
    : m_pid(pid)
    , m_pidfd(std::move(pidfd))
    , m_reaping(reaping)
    , m_output(output) {}

void ChildWatcher::watchOutput(UniqueFd fd, Stream stream) {
    const int raw = fd.get();
    m_outputFds.push_back(std::move(fd));
    watchExtra(raw, [this, raw, stream](short) {
        char buffer[65536];
        const ssize_t count = ::read(raw, buffer, sizeof buffer);
        if (count > 0) {
            m_output.append(stream, std::string_view(buffer, static_cast<std::size_t>(count)));
            return true;
        }
        return count < 0 && (errno == EINTR || errno == EAGAIN);
    });
}

void ChildWatcher::watchExtra(int fd, Handler onReady) {
    m_added.push_back({fd, std::move(onReady)});
}

WatchOutcome ChildWatcher::run(Clock::time_point started, Clock::duration timeout, std::stop_token stop) {
    WatchOutcome outcome;
    StopWake wake(stop);

    const auto deadline = started + timeout;
    bool exited = false;
    bool killed = false;
    // Once the child has gone, give the pipes a short grace to reach end-of-file: stragglers that escaped
    // the kill (only possible on the unprotected host tier) must not hold the run open.
    Clock::time_point drainDeadline = Clock::time_point::max();

    auto killEverything = [&] {
        if (!killed && m_killAll)
            m_killAll();
        killed = true;
    };

    while (true) {
        for (auto& added : m_added)
            m_watched.push_back(std::move(added));
        m_added.clear();
        std::vector<pollfd> fds;
        if (!exited)
            fds.push_back({m_pidfd.get(), POLLIN, 0});
        fds.push_back({wake.fd(), POLLIN, 0});
        const std::size_t firstWatched = fds.size();
        for (const auto& watched : m_watched)
            fds.push_back({watched.fd, POLLIN, 0});
        if (exited && m_watched.empty() && m_added.empty())
            break;
        if (!exited && !killed && m_finished && m_watched.empty() && m_added.empty() && m_finished()) {
            outcome.exited = false;
            outcome.wallSeconds = std::chrono::duration<double>(Clock::now() - started).count();
            return outcome;
        }

        const auto now = Clock::now();
        if (exited && now >= drainDeadline)
            break;
        if (!exited && now >= deadline && !killed) {
            outcome.timedOut = true;
            killEverything();
        }
        auto until = exited ? drainDeadline : (killed ? now + std::chrono::milliseconds(100) : deadline);
        const auto waitMs = std::chrono::ceil<std::chrono::milliseconds>(until - now).count();
        const int ready =
            ::poll(fds.data(), fds.size(), static_cast<int>(std::clamp<long long>(waitMs, 0, 1000)));
        if (ready < 0 && errno != EINTR)
            break;

        if (fds[exited ? 0 : 1].revents & POLLIN) {
            wake.reset();
            if (!exited) {
                outcome.cancelled = true;
                killEverything();
            }
        }
        // Drain before reaping so output written just before exit is never lost.
        for (std::size_t i = firstWatched, w = 0; i < fds.size(); ++i) {
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
                if (!m_watched[w].onReady(fds[i].revents)) {
                    m_watched.erase(m_watched.begin() + static_cast<long>(w));
                    continue;
                }
            }
            ++w;
        }
        if (!exited && (fds[0].revents & POLLIN)) {
            if (m_reaping == Reaping::ByOthers ||
                ::wait4(m_pid, &outcome.waitStatus, WNOHANG, &outcome.usage) == m_pid) {
                exited = true;
                outcome.wallSeconds = std::chrono::duration<double>(Clock::now() - started).count();
                if (m_onExited)
                    m_onExited();
                drainDeadline = Clock::now() + std::chrono::milliseconds(250);
            }
        }
    }
    if (!exited) { // poll failed: never leave the child behind
        killEverything();
        if (m_reaping == Reaping::ByUs) {
            ::wait4(m_pid, &outcome.waitStatus, 0, &outcome.usage);
        } else {
            pollfd gone{m_pidfd.get(), POLLIN, 0};
            ::poll(&gone, 1, -1);
        }
        outcome.wallSeconds = std::chrono::duration<double>(Clock::now() - started).count();
    }
    return outcome;
}

} // namespace sandbench
