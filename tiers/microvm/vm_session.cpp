#include "vm_session.h"

#include "guest_artifacts.h"
#include "inputs_archive.h"
#include "tiers/common/child_watcher.h"
#include "tiers/common/stop_wake.h"
#include "vmm_jail.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <linux/sockios.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

namespace sandbench {

namespace {

constexpr std::size_t kDiagnosticsCap = 64 * 1024;

struct SocketPair {
    UniqueFd ours;
    UniqueFd theirs;
};

bool makeSocketPair(SocketPair& pair) {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        return false;
    pair.ours.reset(fds[0]);
    pair.theirs.reset(fds[1]);
    return true;
}

// Appends what fd has now; false at end-of-file or on an error other than "try again".
bool readInto(int fd, std::string& text, std::size_t cap) {
    char buffer[4096];
    const ssize_t count = ::read(fd, buffer, sizeof buffer);
    if (count > 0) {
        if (text.size() < cap)
            text.append(buffer, std::min(static_cast<std::size_t>(count), cap - text.size()));
        return true;
    }
    return count < 0 && (errno == EINTR || errno == EAGAIN);
}

// Bytes written to a socket that its peer has not read yet.
int unread(int fd) {
    int pending = 0;
    return ::ioctl(fd, SIOCOUTQ, &pending) == 0 ? pending : 0;
}

// QEMU drops a channel the moment its socket hangs up, with whatever it has not yet read, and it reads a
// port only once the guest has opened it. So our end closes (the guest's end-of-file) only after QEMU has
// taken every byte. True when it did before `deadline`.
bool closeWhenTaken(UniqueFd& fd, std::chrono::steady_clock::time_point deadline) {
    while (unread(fd.get()) > 0) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        ::usleep(500);
    }
    fd.reset();
    return true;
}

std::string lastLines(const std::string& text, int lines) {
    std::size_t start = text.size();
    while (lines-- > 0 && start > 0) {
        const std::size_t newline = text.rfind('\n', start - 1);
        if (newline == std::string::npos) {
            start = 0;
            break;
        }
        start = newline;
    }
    std::string tail = text.substr(start);
    for (char& c : tail) {
        if (c == '\n' || c == '\r')
            c = ' ';
    }
    while (!tail.empty() && tail.front() == ' ')
        tail.erase(0, 1);
    return tail;
}

} // namespace

VmSession::VmSession(VmShape shape)
    : m_shape(std::move(shape)) {}

std::unique_ptr<VmSession> VmSession::start(const VmLaunch& launch, const VmShape& shape,
                                            std::string& error) {
    std::unique_ptr<VmSession> session(new VmSession(shape));
    session->m_reaped = true; // nothing to reap until QEMU starts
    session->m_folder = TempFolder::create("sandbench-vm-", error);
    if (!session->m_folder.valid())
        return nullptr;
    const std::string config = guestConfig(shape, error);
    if (config.empty())
        return nullptr;

    SocketPair configPair, programPair, stdoutPair, stderrPair, statusPair, inputsPair, artifactsPair,
        egressPair;
    for (SocketPair* pair : {&configPair, &programPair, &stdoutPair, &stderrPair, &statusPair, &inputsPair,
                             &artifactsPair, &egressPair}) {
        if (pair == &egressPair && !shape.egress())
            continue;
        if (!makeSocketPair(*pair)) {
            error = std::string("socketpair: ") + std::strerror(errno);
            return nullptr;
        }
    }
    // QEMU may run as an unprivileged uid that cannot enter the guest folder or this session's folder:
    // it gets the guest's files and its console log as descriptors, the log owned by its uid.
    const std::string consoleLog = session->m_folder.path() + "/console.log";
    UniqueFd kernel(::open(launch.kernel.c_str(), O_RDONLY | O_CLOEXEC));
    UniqueFd initramfs(::open(launch.initramfs.c_str(), O_RDONLY | O_CLOEXEC));
    UniqueFd rootDrive;
    if (!launch.rootDrive.empty())
        rootDrive = UniqueFd(::open(launch.rootDrive.c_str(), O_RDONLY | O_CLOEXEC));
    UniqueFd console(::open(consoleLog.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600));
    if (!kernel.valid() || !initramfs.valid() || (!launch.rootDrive.empty() && !rootDrive.valid()) ||
        !console.valid()) {
        error = "cannot open the guest image or the console log: " + std::string(std::strerror(errno));
        return nullptr;
    }
    if (launch.qemuUid != 0 && ::fchown(console.get(), launch.qemuUid, launch.qemuUid) != 0) {
        error = "cannot give the console log to QEMU's uid: " + std::string(std::strerror(errno));
        return nullptr;
    }
    VmChannelFds fds{configPair.theirs.get(),   programPair.theirs.get(), stdoutPair.theirs.get(),
                     stderrPair.theirs.get(),   statusPair.theirs.get(),  inputsPair.theirs.get(),
                     artifactsPair.theirs.get()};
    fds.egress = egressPair.theirs.get(); // -1 without an allow list
    fds.kernel = kernel.get();
    fds.initramfs = initramfs.get();
    fds.rootDrive = rootDrive.get();
    fds.console = console.get();
    const auto command = qemuCommand(launch, shape, fds, consoleLog);
    // QEMU runs jailed (vmm_jail.h): its own namespaces and a root holding only what it needs.
    const std::string jailRoot = session->m_folder.path() + "/jail";
    if (::mkdir(jailRoot.c_str(), 0755) != 0) {
        error = "cannot create QEMU's jail folder: " + std::string(std::strerror(errno));
        return nullptr;
    }
    std::vector<int> inherited{fds.config, fds.program,   fds.stdoutPort, fds.stderrPort, fds.status,
                               fds.inputs, fds.artifacts, fds.kernel,     fds.initramfs,  fds.console};
    if (rootDrive.valid())
        inherited.push_back(fds.rootDrive);
    if (egressPair.theirs.valid())
        inherited.push_back(fds.egress);
    if (!spawnJailed(command, planVmmJail(jailRoot, shape.accelerator == "kvm"), session->m_qemu, error,
                     inherited)) {
        error = "QEMU's jail could not be built, so no VM was started: " + error;
        return nullptr;
    }
    session->m_reaped = false;
    session->m_program = std::move(programPair.ours);
    session->m_stdout = std::move(stdoutPair.ours);
    session->m_stderr = std::move(stderrPair.ours);
    session->m_status = std::move(statusPair.ours);
    session->m_inputs = std::move(inputsPair.ours);
    session->m_artifacts = std::move(artifactsPair.ours);
    session->m_egress = std::move(egressPair.ours);
    // The config waits in the socket until the guest opens its port; waitUntilReady closes it once taken.
    if (!sendAll(configPair.ours.get(), config, 10, error)) {
        error = "could not give the guest its configuration: " + error;
        return nullptr;
    }
    session->m_config = std::move(configPair.ours);
    return session;
}

VmSession::~VmSession() {
    killAndReap();
}

void VmSession::killAndReap() {
    if (m_reaped)
        return;
    ::kill(m_qemu.pid, SIGKILL);
    int status = 0;
    while (::waitpid(m_qemu.pid, &status, 0) < 0 && errno == EINTR) {
    }
    m_reaped = true;
}

std::string VmSession::diagnosis() const {
    if (!m_qemuErrors.empty())
        return "QEMU: " + lastLines(m_qemuErrors, 3);
    std::ifstream console(m_folder.path() + "/console.log", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(console)), std::istreambuf_iterator<char>());
    if (text.empty())
        return "the guest printed nothing on its console";
    return "the guest's console ends: " + lastLines(text, 3);
}

bool VmSession::waitUntilReady(Clock::time_point deadline, std::stop_token stop, std::string& error) {
    StopWake wake(stop);
    while (true) {
        if (const auto newline = m_statusText.find('\n'); newline != std::string::npos) {
            const std::string line = m_statusText.substr(0, newline);
            m_statusText.erase(0, newline + 1);
            if (line == "ready")
                return true;
            error = line.rfind("error ", 0) == 0 ? "the guest could not set up: " + line.substr(6)
                                                 : "the guest said something unexpected: " + line;
            return false;
        }
        if (stop.stop_requested()) {
            error = "cancelled while the VM was booting";
            return false;
        }
        const auto now = Clock::now();
        if (now >= deadline) {
            error = "the VM did not boot in time (" + diagnosis() + ")";
            return false;
        }
        if (m_config.valid() && unread(m_config.get()) == 0)
            m_config.reset(); // all taken: the guest reads its end-of-file next
        pollfd fds[4] = {{m_status.get(), POLLIN, 0},
                         {m_qemu.stderrRead.get(), POLLIN, 0},
                         {m_qemu.pidfd.get(), POLLIN, 0},
                         {wake.fd(), POLLIN, 0}};
        const auto waitMs = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
        const long long longest = m_config.valid() ? 2 : 1000; // watch the config being taken closely
        if (::poll(fds, 4, static_cast<int>(std::clamp<long long>(waitMs, 0, longest))) < 0 &&
            errno != EINTR) {
            error = std::string("poll: ") + std::strerror(errno);
            return false;
        }
        if (fds[1].revents & (POLLIN | POLLHUP))
            readInto(m_qemu.stderrRead.get(), m_qemuErrors, kDiagnosticsCap);
        if (fds[0].revents & (POLLIN | POLLHUP)) {
            if (!readInto(m_status.get(), m_statusText, kDiagnosticsCap) &&
                m_statusText.find('\n') == std::string::npos) {
                error = "the guest closed its status channel before it was ready (" + diagnosis() + ")";
                return false;
            }
        }
        if (fds[2].revents & POLLIN) {
            while (readInto(m_qemu.stderrRead.get(), m_qemuErrors, kDiagnosticsCap)) {
            }
            killAndReap();
            error = "the VM ended while booting (" + diagnosis() + ")";
            return false;
        }
    }
}

bool VmSession::giveInputs(const std::vector<InputFile>& inputs, std::int64_t limitBytes,
                           Clock::time_point deadline, std::stop_token stop, std::string& error) {
    // The guest unpacks as it reads, so the archive streams through the socket. Between pieces the status
    // channel is watched too: a guest whose cpio failed (its /data full of small files' pages) stops
    // reading and says why, and the copy ends at once with its words rather than at the deadline.
    std::string problem;
    StopWake wake(stop);
    const auto guestRefused = [this, &problem] {
        const std::size_t newline = m_statusText.find('\n');
        if (newline == std::string::npos || m_statusText.rfind("error ", 0) != 0)
            return false;
        problem = "the guest could not unpack its inputs: " + m_statusText.substr(6, newline - 6);
        return true;
    };
    const ArchiveSink sink = [&](std::string_view bytes) {
        while (!bytes.empty()) {
            if (stop.stop_requested()) {
                problem = "cancelled while the inputs were copied in";
                return false;
            }
            if (Clock::now() >= deadline) {
                problem = "the guest did not take its inputs in time";
                return false;
            }
            pollfd fds[4] = {{m_inputs.get(), POLLOUT, 0},
                             {m_status.get(), POLLIN, 0},
                             {m_qemu.pidfd.get(), POLLIN, 0},
                             {wake.fd(), POLLIN, 0}};
            if (::poll(fds, 4, 200) < 0 && errno != EINTR) {
                problem = std::string("poll: ") + std::strerror(errno);
                return false;
            }
            if (fds[1].revents & (POLLIN | POLLHUP)) {
                readInto(m_status.get(), m_statusText, kDiagnosticsCap);
                if (guestRefused())
                    return false;
            }
            if (fds[2].revents & POLLIN) {
                killAndReap();
                problem = "the VM ended while taking its inputs (" + diagnosis() + ")";
                return false;
            }
            if (!(fds[0].revents & POLLOUT))
                continue;
            const ssize_t sent =
                ::send(m_inputs.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
            if (sent < 0 && errno != EINTR && errno != EAGAIN) {
                problem = std::string("the guest did not take its inputs: ") + std::strerror(errno);
                return false;
            }
            if (sent > 0)
                bytes.remove_prefix(static_cast<std::size_t>(sent));
        }
        return true;
    };
    if (!writeInputsArchive(inputs, limitBytes, sink, error)) {
        if (error.empty())
            error = problem;
        return false;
    }
    if (!closeWhenTaken(m_inputs, deadline)) {
        error = "the guest did not take all of its inputs in time";
        return false;
    }
    // The guest answers "inputs" once /data is in place and read-only.
    while (true) {
        if (const auto newline = m_statusText.find('\n'); newline != std::string::npos) {
            const std::string line = m_statusText.substr(0, newline);
            m_statusText.erase(0, newline + 1);
            if (line == "inputs")
                return true;
            error = line.rfind("error ", 0) == 0 ? "the guest could not unpack its inputs: " + line.substr(6)
                                                 : "the guest said something unexpected: " + line;
            return false;
        }
        if (stop.stop_requested()) {
            error = "cancelled while the inputs were copied in";
            return false;
        }
        const auto now = Clock::now();
        if (now >= deadline) {
            error = "the guest did not unpack its inputs in time (an older guest image? rebuild it with "
                    "scripts/build-guest-image.sh)";
            return false;
        }
        pollfd fds[3] = {
            {m_status.get(), POLLIN, 0}, {m_qemu.pidfd.get(), POLLIN, 0}, {wake.fd(), POLLIN, 0}};
        const auto waitMs = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
        if (::poll(fds, 3, static_cast<int>(std::clamp<long long>(waitMs, 0, 1000))) < 0 && errno != EINTR) {
            error = std::string("poll: ") + std::strerror(errno);
            return false;
        }
        if ((fds[0].revents & (POLLIN | POLLHUP)) &&
            !readInto(m_status.get(), m_statusText, kDiagnosticsCap) &&
            m_statusText.find('\n') == std::string::npos) {
            error = "the guest closed its status channel while taking its inputs (" + diagnosis() + ")";
            return false;
        }
        if (fds[1].revents & POLLIN) {
            killAndReap();
            error = "the VM ended while taking its inputs (" + diagnosis() + ")";
            return false;
        }
    }
}

VmOutcome VmSession::handOver(const std::string& code, OutputCollector& output, ArtifactCollector& artifacts,
                              Clock::duration timeout, std::stop_token stop) {
    VmOutcome outcome;
    const auto started = Clock::now();
    std::string problem;
    // The interpreter reads its program to end-of-file; closing our end, once QEMU has it all, is that end.
    bool handedOver = sendAll(m_program.get(), code, 10, problem);
    if (handedOver && !closeWhenTaken(m_program, started + std::chrono::seconds(10))) {
        handedOver = false;
        problem = "the guest did not take the program within 10 s";
    }
    m_program.reset();

    const pid_t qemu = m_qemu.pid;
    ChildWatcher watcher(qemu, UniqueFd(::fcntl(m_qemu.pidfd.get(), F_DUPFD_CLOEXEC, 0)), output);
    // The guest's status lines say how many bytes it queued on each output port (stdout, stderr, then, in
    // a later line, the artifacts); the VM ends (it serves one run) once all of them have arrived here, so
    // none is lost to the kill.
    long long received[3] = {0, 0, 0};
    long long promised[3] = {-1, -1, -1};
    const auto endWhenComplete = [&outcome, &received, &promised, qemu] {
        if (outcome.status && received[0] >= promised[0] && received[1] >= promised[1] && promised[2] >= 0 &&
            received[2] >= promised[2])
            ::kill(qemu, SIGKILL);
    };
    const auto relay = [&](UniqueFd& fd, Stream stream, int index) {
        const int raw = fd.get();
        watcher.watchExtra(raw, [&, raw, stream, index](short) {
            char buffer[65536];
            const ssize_t count = ::read(raw, buffer, sizeof buffer);
            if (count < 0)
                return errno == EINTR || errno == EAGAIN;
            if (count == 0)
                return false;
            received[index] += count;
            output.append(stream, std::string_view(buffer, static_cast<std::size_t>(count)));
            endWhenComplete();
            return true;
        });
    };
    relay(m_stdout, Stream::Stdout, 0);
    relay(m_stderr, Stream::Stderr, 1);
    GuestArtifactStream artifactStream(artifacts);
    const int artifactsFd = m_artifacts.get();
    watcher.watchExtra(artifactsFd, [&, artifactsFd](short) {
        char buffer[65536];
        const ssize_t count = ::read(artifactsFd, buffer, sizeof buffer);
        if (count < 0)
            return errno == EINTR || errno == EAGAIN;
        if (count == 0)
            return false;
        received[2] += count;
        artifactStream.feed(std::string_view(buffer, static_cast<std::size_t>(count)));
        endWhenComplete();
        return true;
    });
    const int status = m_status.get();
    watcher.watchExtra(status, [&, status](short) {
        const bool open = readInto(status, m_statusText, kDiagnosticsCap);
        std::size_t newline;
        while ((newline = m_statusText.find('\n')) != std::string::npos) {
            const std::string line = m_statusText.substr(0, newline);
            m_statusText.erase(0, newline + 1);
            long long artifactBytes = 0;
            if (outcome.status) {
                // After the exit line, only the artifacts' byte count.
                if (promised[2] < 0 && std::sscanf(line.c_str(), "artifacts %lld", &artifactBytes) == 1) {
                    promised[2] = artifactBytes;
                    endWhenComplete();
                }
                continue;
            }
            int exitStatus = 0;
            long oom = 0;
            long long stdoutBytes = 0;
            long long stderrBytes = 0;
            const int fields = std::sscanf(line.c_str(), "exit %d oom=%ld stdout=%lld stderr=%lld",
                                           &exitStatus, &oom, &stdoutBytes, &stderrBytes);
            if (fields >= 2) {
                outcome.status = exitStatus;
                outcome.oomKills = oom;
                promised[0] = fields == 4 ? stdoutBytes : 0;
                promised[1] = fields == 4 ? stderrBytes : 0;
                // "artifacts=follow": an "artifacts <bytes>" line comes once they are sent.
                outcome.artifactsOffered = line.ends_with(" artifacts=follow");
                promised[2] = outcome.artifactsOffered ? -1 : 0;
                endWhenComplete();
            } else if (line.rfind("error ", 0) == 0) {
                outcome.failure = "the guest reported: " + line.substr(6);
            }
        }
        return open;
    });
    const int qemuErrors = m_qemu.stderrRead.get();
    watcher.watchExtra(qemuErrors, [this, qemuErrors](short) {
        return readInto(qemuErrors, m_qemuErrors, kDiagnosticsCap);
    });
    watcher.setKillAll([qemu] { ::kill(qemu, SIGKILL); });
    const WatchOutcome watched = watcher.run(started, handedOver ? timeout : Clock::duration::zero(), stop);
    m_reaped = watched.exited;
    killAndReap();
    // promised[2] is -1 while the guest still had artifacts to send.
    artifactStream.finish(outcome.status.has_value() && (promised[2] < 0 || received[2] < promised[2]));

    outcome.timedOut = handedOver && watched.timedOut && !outcome.status;
    outcome.cancelled = watched.cancelled && !outcome.status;
    if (!outcome.status && !outcome.timedOut && !outcome.cancelled && outcome.failure.empty()) {
        outcome.failure = handedOver
                              ? "the VM ended without reporting the program's status (" + diagnosis() + ")"
                              : "the program could not be handed to the VM: " + problem;
    }
    return outcome;
}

} // namespace sandbench
