#include "sandbox_zygote.h"

#include "backends/common/host_uid_block.h"
#include "id_maps.h"
#include "sandbox_plan.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <memory>
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

namespace {

// Five for every run, then the run's cgroup files (none where the host gives no cgroups).
constexpr int kDescriptorCount = 5;
constexpr int kMostDescriptors = kDescriptorCount + kMaxJoinFiles;
constexpr int kAnswerTimeoutMs = 10000;

struct TemplateReport {
    std::int32_t error = 0;
    std::int32_t step = 0;
};

struct SpawnReply {
    std::int32_t error = 0;
};

ssize_t sendWithDescriptors(int socket, const void* data, std::size_t size, const int* fds, int count) {
    iovec part{const_cast<void*>(data), size};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMostDescriptors)] = {};
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    if (count > 0) {
        message.msg_control = control;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
        cmsghdr* header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * count);
        std::memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
    }
    ssize_t sent;
    do {
        sent = ::sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

// Receives one message; descriptors that arrive with it are owned by `fds`, up to `capacity` of them.
ssize_t receiveWithDescriptors(int socket, void* data, std::size_t size, UniqueFd* fds, int capacity,
                               int& received) {
    iovec part{data, size};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMostDescriptors)] = {};
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    ssize_t count;
    do {
        count = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (count < 0 && errno == EINTR);
    received = 0;
    for (cmsghdr* header = CMSG_FIRSTHDR(&message); count >= 0 && header;
         header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS)
            continue;
        const int arrived = static_cast<int>((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int i = 0; i < arrived; ++i) {
            int fd;
            std::memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof fd);
            if (received < capacity)
                fds[received++].reset(fd);
            else
                ::close(fd);
        }
    }
    return count;
}

bool waitReadable(int fd, int timeoutMs) {
    pollfd entry{fd, POLLIN, 0};
    int ready;
    do {
        ready = ::poll(&entry, 1, timeoutMs);
    } while (ready < 0 && errno == EINTR);
    return ready > 0;
}

// The server's parent-death signal is cleared by the kernel whenever its effective uid changes, as it does
// around every sandbox's creation: arm it again, then make sure the zygote did not die in between (the
// lifeline's write end is the zygote's alone, so it hangs up when the zygote is gone).
void rearmDeathSignal(int lifeline) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    pollfd entry{lifeline, POLLIN, 0};
    if (::poll(&entry, 1, 0) != 0)
        ::_exit(0);
}

SpawnReply spawnSandbox(const ChildPlan& base, const SpawnRequest& request, UniqueFd* fds, UniqueFd& pidfdOut,
                        int lifeline) {
    SpawnReply reply;
    ChildPlan plan = base;
    plan.procPath = "/proc";
    plan.workPath = "/tmp";
    plan.programFolder = kProgramFolderInside;
    plan.programPath = kProgramPathInside;
    plan.workTmpfsOptions = request.workTmpfsOptions;
    plan.programTmpfsOptions = request.programTmpfsOptions;
    plan.privateNetwork = request.privateNetwork != 0;
    char ownerMap[32];
    std::snprintf(ownerMap, sizeof ownerMap, "%u %u 1\n", kSandboxUid, request.sandboxOwner);
    plan.ownIdMap = ownerMap;
    plan.codeSize = request.codeSize;
    plan.limits.clear();
    for (int i = 0; i < request.limitCount && i < 16; ++i)
        plan.limits.emplace_back(request.limits[i].resource, request.limits[i].value);
    const char* cursor = request.strings;
    plan.argv.clear();
    plan.envp.clear();
    for (std::uint32_t i = 0; i < request.argumentCount + request.environmentCount; ++i) {
        (i < request.argumentCount ? plan.argv : plan.envp).push_back(const_cast<char*>(cursor));
        cursor += std::strlen(cursor) + 1;
    }
    plan.argv.push_back(nullptr);
    plan.envp.push_back(nullptr);
    plan.executable = plan.argv.front();
    plan.codeFd = fds[0].get();
    plan.stdoutFd = fds[1].get();
    plan.stderrFd = fds[2].get();
    plan.exitFd = fds[3].get();
    plan.setupFd = fds[4].get();
    plan.joinFileCount = request.joinFileCount;
    for (int i = 0; i < request.joinFileCount; ++i)
        plan.joinFiles[i] = fds[kDescriptorCount + i].get();

    // No CLONE_NEWCGROUP: init enters its cgroup namespace itself, once it is in the run's cgroup.
    constexpr unsigned long flags =
        CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_PIDFD | SIGCHLD;
    // A new user namespace belongs to its creator's effective uid, and its first process may map only
    // that id: so create the sandbox as the run's own uid, and come back at once.
    const bool ownUser = request.sandboxOwner != kSandboxUid;
    if (ownUser && (::syscall(SYS_setresgid, -1, request.sandboxOwner, -1) != 0 ||
                    ::syscall(SYS_setresuid, -1, request.sandboxOwner, -1) != 0)) {
        reply.error = errno;
        ::syscall(SYS_setresgid, -1, kSandboxGid, -1);
        ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
        rearmDeathSignal(lifeline);
        return reply;
    }
    // Changing the effective uid made us undumpable, and the init would inherit it: its /proc files (the id
    // maps it must write) would then be root's.
    if (ownUser)
        ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    int pidfd = -1;
    const long pid = ::syscall(SYS_clone, flags, nullptr, &pidfd, nullptr, 0);
    if (pid == 0)
        runSandboxInit(plan); // never returns
    const int cloneError = errno;
    if (ownUser) {
        ::syscall(SYS_setresuid, -1, kSandboxUid, -1);
        ::syscall(SYS_setresgid, -1, kSandboxGid, -1);
        ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
        rearmDeathSignal(lifeline);
    }
    if (pid < 0) {
        reply.error = cloneError;
        return reply;
    }
    pidfdOut.reset(pidfd);
    return reply;
}

// The zygote is Sandbench forked without exec, so its command line and environment (and with them every
// sandbox init's, which /proc/1/cmdline shows inside) would be Sandbench's own: host paths, options, an
// agent's task. Blank both areas in place; /proc/PID/stat says where they are (fields 48 to 51).
void forgetHostCommandLine() {
    char stat[4096];
    const int fd = ::open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    const ssize_t size = ::read(fd, stat, sizeof stat - 1);
    ::close(fd);
    if (size <= 0)
        return;
    stat[size] = '\0';
    const char* field = std::strrchr(stat, ')');
    unsigned long long values[52] = {};
    // Each space found starts the next field; the first one after the name's ')' starts field 3.
    for (int index = 3; field && index <= 51; ++index) {
        field = std::strchr(field + 1, ' ');
        if (field)
            values[index] = std::strtoull(field + 1, nullptr, 10);
    }
    const char name[] = "sandbench-sandbox";
    for (const auto& [start, end] : {std::pair{values[48], values[49]}, std::pair{values[50], values[51]}}) {
        if (start == 0 || end <= start || end - start > (1u << 20))
            continue;
        auto* area = reinterpret_cast<char*>(start);
        std::memset(area, 0, end - start);
        if (start == values[48])
            std::memcpy(area, name, std::min<std::size_t>(sizeof name, end - start - 1));
    }
}

[[noreturn]] void serveSandboxes(int control, int lifeline, const ChildPlan& base) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    forgetHostCommandLine();
    // The uid switch made us undumpable, which would make each sandbox's /proc files (its id maps
    // among them) root's. Each init makes itself undumpable again once its maps are written.
    ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN; // the kernel reaps finished sandboxes
    ::sigaction(SIGCHLD, &ignore, nullptr);
    TemplateReport report;
    ChildStep failed = ChildStep::ProcMount;
    report.error = mountTemplateProcFor(base);
    if (report.error == 0)
        report.error = sealSandboxTemplate(base, failed);
    report.step = static_cast<std::int32_t>(failed);
    ::send(control, &report, sizeof report, MSG_NOSIGNAL);
    if (report.error != 0)
        ::_exit(1);
    // What every run copies: the template is built, so its recipe (the loader cache among it) stays behind.
    ChildPlan runBase = base;
    runBase.directories.clear();
    runBase.binds.clear();
    runBase.symlinks.clear();
    runBase.files.clear();

    auto request = std::make_unique<SpawnRequest>();
    while (true) {
        UniqueFd fds[kMostDescriptors];
        int received = 0;
        const ssize_t count =
            receiveWithDescriptors(control, request.get(), sizeof *request, fds, kMostDescriptors, received);
        if (count <= 0)
            ::_exit(0); // the parent has gone: so do we, and with us every sandbox in flight
        SpawnReply reply;
        UniqueFd pidfd;
        if (!request->wellFormed(static_cast<std::size_t>(count)) ||
            received != kDescriptorCount + request->joinFileCount)
            reply.error = EPROTO;
        else
            reply = spawnSandbox(runBase, *request, fds, pidfd, lifeline);
        const int pidfdRaw = pidfd.get();
        sendWithDescriptors(control, &reply, sizeof reply, &pidfdRaw, pidfd.valid() ? 1 : 0);
    }
}

[[noreturn]] void runZygote(int control, const ChildPlan& base, uid_t owner) {
    // Keep nothing of the parent's: another run's pipe held open here would never reach end-of-file.
    if (control > 3)
        ::syscall(SYS_close_range, 3U, static_cast<unsigned>(control - 1), 0U);
    ::syscall(SYS_close_range, static_cast<unsigned>(control + 1), ~0U, 0U);
    // Out of the terminal's process group (the parent cancels runs itself), with default signal handling.
    ::setsid();
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int sig = 1; sig < NSIG; ++sig) {
        struct sigaction action {};
        action.sa_handler = SIG_DFL;
        ::sigaction(sig, &action, nullptr);
    }

    // As root: become the uid block's owner first, so the zygote's user namespace (and the kernel's count
    // of everything its sandboxes hold) is that uid's, not root's. glibc's calls are safe here: the fork
    // left one thread.
    std::int32_t status = 0;
    if (owner != 0 && (::setgroups(0, nullptr) != 0 || ::setresgid(owner, owner, owner) != 0 ||
                       ::setresuid(owner, owner, owner) != 0))
        status = errno;
    if (status == 0)
        status = ::unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 ? 0 : errno;
    ::send(control, &status, sizeof status, MSG_NOSIGNAL);
    char maps = 0;
    if (status != 0 || ::recv(control, &maps, 1, 0) != 1)
        ::_exit(1);
    TemplateReport report;
    ChildStep failed = ChildStep::Count;
    report.error = buildSandboxTemplate(base, failed);
    // A /proc can be mounted only from inside a PID namespace that our user namespace owns, and only a
    // PID namespace's own PID 1 may create nested ones for the sandboxes. So the server that clones them
    // is this process's child, PID 1 of a new PID namespace; every sandbox nests inside it and dies with
    // it. This process only waits for it.
    pid_t server = -1;
    int lifeline[2] = {-1, -1};
    if (report.error == 0 && ::pipe2(lifeline, O_CLOEXEC) != 0) {
        report.error = errno;
        failed = ChildStep::ProcMount;
    }
    if (report.error == 0 && ::unshare(CLONE_NEWPID) != 0) {
        report.error = errno;
        failed = ChildStep::ProcMount;
    }
    if (report.error == 0 && (server = ::fork()) < 0) {
        report.error = errno;
        failed = ChildStep::ProcMount;
    }
    if (report.error != 0) {
        report.step = static_cast<std::int32_t>(failed);
        ::send(control, &report, sizeof report, MSG_NOSIGNAL);
        ::_exit(1);
    }
    if (server > 0) {
        ::close(control); // so the parent sees end-of-file as soon as the server is gone
        ::close(lifeline[0]);
        ::waitpid(server, nullptr, 0);
        ::_exit(0);
    }
    ::close(lifeline[1]);
    serveSandboxes(control, lifeline[0], base);
}

} // namespace

std::size_t SpawnRequest::size() const {
    return offsetof(SpawnRequest, strings) + stringsSize;
}

bool SpawnRequest::wellFormed(std::size_t received) const {
    return received >= offsetof(SpawnRequest, strings) && magic == SpawnRequest().magic &&
           stringsSize <= sizeof strings && received == size() && limitCount >= 0 && limitCount <= 16 &&
           sandboxOwner >= kSandboxUid && sandboxOwner <= kSandboxUid + HostUidBlock::kRunSlots &&
           joinFileCount >= 0 && joinFileCount <= kMaxJoinFiles && argumentCount >= 1 &&
           static_cast<std::uint32_t>(std::count(strings, strings + stringsSize, '\0')) ==
               argumentCount + environmentCount;
}

bool SpawnRequest::setCommand(const std::vector<std::string>& arguments,
                              const std::map<std::string, std::string>& environment, std::string& error) {
    std::uint32_t used = 0;
    auto append = [&](const std::string& text) {
        if (text.find('\0') != std::string::npos || used + text.size() + 1 > sizeof strings)
            return false;
        std::memcpy(strings + used, text.c_str(), text.size() + 1);
        used += static_cast<std::uint32_t>(text.size() + 1);
        return true;
    };
    for (const auto& argument : arguments) {
        if (!append(argument)) {
            error = "the interpreter's arguments contain a NUL byte or exceed 32 KB";
            return false;
        }
    }
    for (const auto& [name, value] : environment) {
        if (!append(name + "=" + value)) {
            error = "the environment contains a NUL byte or exceeds 32 KB";
            return false;
        }
    }
    argumentCount = static_cast<std::uint32_t>(arguments.size());
    environmentCount = static_cast<std::uint32_t>(environment.size());
    stringsSize = used;
    return true;
}

SandboxZygote::~SandboxZygote() {
    std::lock_guard lock(m_mutex);
    m_control.reset(); // end-of-file: the zygote exits by itself
    if (m_pid > 0)
        ::waitpid(m_pid, nullptr, 0);
}

bool SandboxZygote::start(const ChildPlan& base, const HostUidBlock* block, std::string& error) {
    std::lock_guard lock(m_mutex);
    m_base = base;
    m_block = block;
    return startLocked(error);
}

void SandboxZygote::stopLocked() {
    m_control.reset();
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, nullptr, 0);
    }
    m_pid = -1;
}

bool SandboxZygote::startLocked(std::string& error) {
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        error = std::string("cannot create the sandbox zygote's socket: ") + std::strerror(errno);
        return false;
    }
    UniqueFd parentEnd(pair[0]);
    UniqueFd zygoteEnd(pair[1]);
    // glibc's fork(), not a raw clone: it leaves malloc usable in the child, which the zygote needs.
    const pid_t pid = ::fork();
    if (pid == 0)
        runZygote(zygoteEnd.get(), m_base, m_block ? m_block->ownerUid() : 0);
    if (pid < 0) {
        error = std::string("cannot start the sandbox zygote: ") + std::strerror(errno);
        return false;
    }
    zygoteEnd.reset();
    m_pid = pid;

    std::int32_t status = -1;
    if (!waitReadable(parentEnd.get(), kAnswerTimeoutMs) ||
        ::recv(parentEnd.get(), &status, sizeof status, 0) != sizeof status || status != 0) {
        error = std::string("cannot create the sandbox zygote's user and mount namespaces: ") +
                std::strerror(status > 0 ? status : EIO);
        stopLocked();
        return false;
    }
    const char maps = 'm';
    if (!writeIdMaps(pid, m_block, error) || ::send(parentEnd.get(), &maps, 1, MSG_NOSIGNAL) != 1) {
        if (error.empty())
            error = std::string("cannot start the sandbox zygote: ") + std::strerror(errno);
        stopLocked();
        return false;
    }
    TemplateReport report;
    if (!waitReadable(parentEnd.get(), kAnswerTimeoutMs) ||
        ::recv(parentEnd.get(), &report, sizeof report, 0) != sizeof report || report.error != 0) {
        error = std::string("cannot build the sandbox's filesystem template: could not ") +
                describe(static_cast<ChildStep>(report.step)) + ": " +
                std::strerror(report.error ? report.error : EIO);
        stopLocked();
        return false;
    }
    m_control = std::move(parentEnd);
    return true;
}

bool SandboxZygote::spawn(const SpawnRequest& request, const SpawnDescriptors& fds, Spawned& spawned,
                          std::string& error) {
    std::lock_guard lock(m_mutex);
    if (fds.cgroupFiles.size() > static_cast<std::size_t>(kMaxJoinFiles) ||
        static_cast<int>(fds.cgroupFiles.size()) != request.joinFileCount) {
        error = "internal error: the run's cgroup files do not match the request";
        return false;
    }
    int descriptors[kMostDescriptors] = {fds.code, fds.stdoutWrite, fds.stderrWrite, fds.exitWrite,
                                         fds.setupChild};
    for (std::size_t i = 0; i < fds.cgroupFiles.size(); ++i)
        descriptors[kDescriptorCount + i] = fds.cgroupFiles[i];
    const int descriptorCount = kDescriptorCount + request.joinFileCount;
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!m_control.valid() && !startLocked(error))
            return false;
        SpawnReply reply;
        UniqueFd pidfd[1];
        int received = 0;
        if (sendWithDescriptors(m_control.get(), &request, request.size(), descriptors, descriptorCount) !=
                static_cast<ssize_t>(request.size()) ||
            !waitReadable(m_control.get(), kAnswerTimeoutMs) ||
            receiveWithDescriptors(m_control.get(), &reply, sizeof reply, pidfd, 1, received) !=
                sizeof reply) {
            stopLocked(); // it died or hangs: start a fresh one and try once more
            continue;
        }
        if (reply.error != 0 || received != 1) {
            error = std::string("the sandbox zygote could not create a sandbox: ") +
                    std::strerror(reply.error ? reply.error : EPROTO);
            return false;
        }
        spawned.pidfd = std::move(pidfd[0]);
        return true;
    }
    error = "the sandbox zygote stopped answering";
    return false;
}

} // namespace sandbench
