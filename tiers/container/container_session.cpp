#include "container_session.h"

#include "container_processes.h"
#include "core/random_token.h"
#include "tiers/common/child_watcher.h"
#include "tiers/common/stop_wake.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr double kEngineCommandSeconds = 20;
// How long a finished container may take to be removed before it is killed by name.
constexpr auto kRemovalGrace = std::chrono::seconds(10);

UniqueFd duplicate(const UniqueFd& fd) {
    return UniqueFd(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 0));
}

// Waits until fd is readable; false when `timeout` passed first.
bool waitReadable(int fd, std::chrono::milliseconds timeout) {
    pollfd ready{fd, POLLIN, 0};
    while (true) {
        const int result = ::poll(&ready, 1, static_cast<int>(timeout.count()));
        if (result < 0 && errno == EINTR)
            continue;
        return result > 0;
    }
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r'))
        text.pop_back();
    for (char& c : text) {
        if (c == '\n')
            c = ' ';
    }
    return text;
}

} // namespace

ContainerSession::ContainerSession(ContainerEngine engine, ContainerShape shape, std::string name,
                                   std::string nonce)
    : m_engine(std::move(engine))
    , m_shape(std::move(shape))
    , m_name(std::move(name))
    , m_nonce(nonce)
    , m_stdout(nonce)
    , m_stderr(nonce) {
    // A file's bytes in base64, and its name and size: anything longer is not a line the waiter sent.
    m_stdout.setLongestArtifactLine(
        static_cast<std::size_t>((m_shape.policy.artifactsMb << 20) / 3 * 4 + 4096));
}

std::unique_ptr<ContainerSession> ContainerSession::start(const ContainerEngine& engine,
                                                          const ContainerShape& shape, std::string& error) {
    std::unique_ptr<ContainerSession> session(
        new ContainerSession(engine, shape, "sandbench-" + randomHexToken(6), randomHexToken(16)));
    unsigned programUid = kSharedProgramUid;
    if (::geteuid() == 0 && !engine.remote) {
        session->m_programUid = HostUidBlock::instance().acquire(error);
        if (!session->m_programUid.valid()) {
            error = "cannot give the container's program a host uid of its own: " + error;
            session->m_clientReaped = true;
            session->m_mayStillRun = false;
            return nullptr;
        }
        programUid = session->m_programUid.uid();
    }
    if (!spawnWithPipes(hardenedRunCommand(engine, shape, session->m_name, programUid), SpawnStdin::Socket,
                        session->m_client, error, engine.workingFolder)) {
        session->m_clientReaped = true;
        session->m_mayStillRun = false;
        return nullptr;
    }
    // The nonce goes first, on stdin, so it never appears in the container's command line or environment.
    if (!sendAll(session->m_client.stdinWrite.get(), session->m_nonce + "\n", kEngineCommandSeconds, error)) {
        error = "the " + engine.name() + " client did not take the container's input: " + error;
        return nullptr; // the destructor ends the client and any container
    }
    return session;
}

ContainerSession::~ContainerSession() {
    std::string ignored;
    finish(ignored);
    if (const std::string cidFile = containerIdFile(m_engine, m_name); !cidFile.empty())
        ::unlink(cidFile.c_str());
}

bool ContainerSession::waitUntilReady(Clock::time_point deadline, std::stop_token stop, std::string& error) {
    StopWake wake(stop);
    bool clientGone = false;
    while (!m_stderr.readySeen()) {
        if (stop.stop_requested()) {
            error = "cancelled while the container was starting";
            return false;
        }
        const auto now = Clock::now();
        if (now >= deadline && !clientGone) {
            error = "the " + m_engine.name() + " engine did not start the container in time";
            return false;
        }
        pollfd fds[3] = {{m_client.stderrRead.get(), POLLIN, 0},
                         {m_client.pidfd.get(), POLLIN, 0},
                         {wake.fd(), POLLIN, 0}};
        const auto waitMs = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
        const int ready =
            ::poll(fds, clientGone ? 1 : 3, static_cast<int>(std::clamp<long long>(waitMs, 0, 1000)));
        if (ready < 0 && errno != EINTR) {
            error = std::string("poll: ") + std::strerror(errno);
            return false;
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buffer[4096];
            const ssize_t count = ::read(m_client.stderrRead.get(), buffer, sizeof buffer);
            if (count > 0) {
                m_heldStderr += m_stderr.feed(std::string_view(buffer, static_cast<std::size_t>(count)));
                continue;
            }
            if (count == 0 || (errno != EINTR && errno != EAGAIN)) {
                // The client has closed its stderr: it has ended or is about to. Collect its status.
                ::poll(&fds[1], 1, static_cast<int>(kEngineCommandSeconds * 1000));
                clientGone = true;
            }
        }
        if (clientGone || (fds[1].revents & POLLIN)) {
            if (!clientGone) {
                // Drain the rest of what the engine said before it went.
                char buffer[4096];
                ssize_t count;
                while ((count = ::read(m_client.stderrRead.get(), buffer, sizeof buffer)) > 0)
                    m_heldStderr += m_stderr.feed(std::string_view(buffer, static_cast<std::size_t>(count)));
            }
            m_heldStderr += m_stderr.flush();
            if (!m_clientReaped && ::waitpid(m_client.pid, &m_clientStatus, 0) == m_client.pid)
                m_clientReaped = true;
            // The client may have died between creating and starting it: finish() makes sure by name.
            std::string complaint = trimmed(m_heldStderr);
            if (complaint.empty()) {
                complaint = "its client exited with status " +
                            std::to_string(WIFEXITED(m_clientStatus) ? WEXITSTATUS(m_clientStatus) : -1);
            }
            error = "the " + m_engine.name() + " engine could not start the container: " + complaint;
            return false;
        }
    }
    return true;
}

SessionOutcome ContainerSession::handOver(const std::string& code, OutputCollector& output,
                                          Clock::duration timeout, std::stop_token stop) {
    SessionOutcome outcome;
    const auto started = Clock::now();
    std::string problem;
    // The program's size, then the program: the waiter's relay copies exactly that to the interpreter, which
    // reads it to end-of-file before it runs any of it. The input stays open until releaseWaiter().
    const bool handedOver = sendAll(m_client.stdinWrite.get(), std::to_string(code.size()) + "\n",
                                    kEngineCommandSeconds, problem) &&
                            sendAll(m_client.stdinWrite.get(), code, kEngineCommandSeconds, problem);
    if (!handedOver)
        releaseWaiter();

    ChildWatcher watcher(m_client.pid, duplicate(m_client.pidfd), output);
    const auto watchStream = [this, &output](int fd, WaiterStream& stream, Stream which) {
        return [this, fd, &stream, &output, which](short) {
            char buffer[65536];
            const ssize_t count = ::read(fd, buffer, sizeof buffer);
            if (count < 0)
                return errno == EINTR || errno == EAGAIN;
            if (count == 0) {
                output.append(which, stream.flush());
                return false;
            }
            output.append(which, stream.feed(std::string_view(buffer, static_cast<std::size_t>(count))));
            return !stream.endSeen();
        };
    };
    watcher.watchExtra(m_client.stdoutRead.get(),
                       watchStream(m_client.stdoutRead.get(), m_stdout, Stream::Stdout));
    watcher.watchExtra(m_client.stderrRead.get(),
                       watchStream(m_client.stderrRead.get(), m_stderr, Stream::Stderr));
    watcher.finishWhen([this] { return m_stdout.endSeen() && m_stderr.endSeen(); });
    watcher.setKillAll([this, &outcome] {
        // The timeout or Stop: what the run used so far, read before the kill ends the container and the
        // engine removes its cgroup.
        outcome.hostAccount = hostAccountOfContainer(containerId());
        std::string ignored;
        if (!killByName(ignored))
            ::kill(-m_client.pid, SIGKILL); // the engine does not answer: at least end its client
    });
    if (!handedOver)
        stop = std::stop_token{}; // nothing to wait for but the client's end
    const WatchOutcome watched = watcher.run(started, handedOver ? timeout : Clock::duration::zero(), stop);

    outcome.timedOut = handedOver && watched.timedOut;
    outcome.cancelled = watched.cancelled;
    if (watched.exited) {
        m_clientReaped = true;
        m_clientStatus = watched.waitStatus;
    }
    if (m_stdout.endSeen() && m_stderr.endSeen()) {
        outcome.report = parseWaiterReport(m_stderr.endFields());
        outcome.artifactLines = m_stdout.artifactLines();
        if (!outcome.report)
            outcome.engineComplaint =
                "the container's waiter sent an unreadable report: " + m_stderr.endFields();
        // The waiter waits for its release, so the container's cgroup is still there to be read.
        if (outcome.report && !outcome.report->cpuSeconds)
            outcome.hostAccount = hostAccountOfContainer(containerId());
        releaseWaiter();
        outcome.survivorsKilled = confirmNoProcessRuns(outcome.survivorProblem);
    } else if (!outcome.timedOut && !outcome.cancelled) {
        if (watched.exited && WIFEXITED(watched.waitStatus))
            outcome.clientExit = WEXITSTATUS(watched.waitStatus);
        outcome.engineComplaint = !handedOver ? "the program could not be handed over: " + problem
                                              : "the container ended without its waiter's report";
    }
    releaseWaiter();
    return outcome;
}

std::vector<int> ContainerSession::hostProcesses() {
    const std::string& id = containerId();
    return id.empty() ? std::vector<int>() : processesOfContainer(id);
}

const std::string& ContainerSession::containerId() {
    if (m_containerId.empty())
        m_containerId = readContainerId(containerIdFile(m_engine, m_name));
    return m_containerId;
}

void ContainerSession::releaseWaiter() {
    if (m_client.stdinWrite.valid())
        ::shutdown(m_client.stdinWrite.get(), SHUT_WR);
    m_client.stdinWrite.reset();
}

int ContainerSession::confirmNoProcessRuns(std::string& problem) {
    // The waiter has killed everything but itself before reporting and exits once released, so this is
    // normally over at the first look.
    const std::string id = containerId();
    const auto lookFor = [&id](std::chrono::milliseconds patience) {
        const auto deadline = Clock::now() + patience;
        std::vector<int> running = processesOfContainer(id);
        while (!running.empty() && Clock::now() < deadline) {
            ::usleep(2000);
            running = processesOfContainer(id);
        }
        return running.size();
    };
    if (id.empty()) {
        // Without its id the host cannot look inside: end it by name rather than trust that it ended.
        killByName(problem);
        m_mayStillRun = !problem.empty();
        return 0;
    }
    const std::size_t survivors = lookFor(std::chrono::seconds(2));
    if (survivors == 0) {
        m_mayStillRun = false;
        return 0;
    }
    if (killByName(problem) && lookFor(std::chrono::seconds(10)) == 0) {
        m_mayStillRun = false;
    } else if (problem.empty()) {
        problem = "processes of container " + m_name + " still ran after it was killed";
    }
    return static_cast<int>(survivors);
}

bool ContainerSession::killByName(std::string& problem) {
    const EngineReply reply = runEngineCommand(m_engine, {"kill", m_name}, kEngineCommandSeconds);
    if (reply.ok())
        return true;
    // "No such container" / "is not running": it is already on its way out, which is what we wanted.
    const std::string complaint = reply.complaint();
    if (reply.started && !reply.timedOut &&
        (complaint.find("No such container") != std::string::npos ||
         complaint.find("no such container") != std::string::npos ||
         complaint.find("not running") != std::string::npos))
        return true;
    problem = "could not kill container " + m_name + ": " + complaint;
    return false;
}

bool ContainerSession::finish(std::string& problem) {
    if (m_clientReaped && !m_mayStillRun)
        return true;
    bool killed = false;
    if (!m_clientReaped) {
        releaseWaiter(); // an idle waiter sees end-of-file and ends by itself
        if (!waitReadable(
                m_client.pidfd.get(),
                std::chrono::duration_cast<std::chrono::milliseconds>(
                    m_mayStillRun && !m_stderr.endSeen() ? std::chrono::seconds(0) : kRemovalGrace))) {
            killed = killByName(problem);
            if (!waitReadable(m_client.pidfd.get(),
                              std::chrono::seconds(static_cast<int>(kEngineCommandSeconds)))) {
                ::kill(-m_client.pid, SIGKILL);
                problem +=
                    (problem.empty() ? "" : "; ") + std::string("the engine client hung and was killed");
            }
        }
        while (::waitpid(m_client.pid, &m_clientStatus, 0) < 0 && errno == EINTR) {
        }
        m_clientReaped = true;
    } else if (m_mayStillRun) {
        killed = killByName(problem);
    }
    m_mayStillRun = false;
    // The client waits for --rm's removal before it exits; after a kill, make sure rather than assume.
    if (killed || !problem.empty()) {
        for (int attempt = 0; attempt < 50; ++attempt) {
            const EngineReply reply =
                runEngineCommand(m_engine, {"container", "inspect", "--format", "{{.State.Status}}", m_name},
                                 kEngineCommandSeconds);
            if (reply.started && !reply.timedOut && reply.exitCode != 0)
                return problem.empty(); // no such container: gone
            // Created but never started (its client died in between) or stopped without --rm taking it:
            // remove it now. Running or being removed: give the engine a moment, then insist.
            const bool settled = reply.out.rfind("created", 0) == 0 || reply.out.rfind("exited", 0) == 0 ||
                                 reply.out.rfind("dead", 0) == 0;
            if (settled || attempt == 10)
                runEngineCommand(m_engine, {"rm", "-f", m_name}, kEngineCommandSeconds);
            else
                ::usleep(100'000);
        }
        problem += (problem.empty() ? "" : "; ") + ("container " + m_name + " is still present");
        return false;
    }
    return true;
}

} // namespace sandbench
