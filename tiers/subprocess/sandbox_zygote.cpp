#include "sandbox_zygote.h"

#include "id_maps.h"
#include "sandbox_plan.h"
#include "sandbox_template.h"
#include "tiers/common/descriptor_passing.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/common/setup_steps.h"

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

// The zygote is forked with glibc's fork(), which leaves one thread and malloc usable; each of its
// processes' steps is one table, in the order they run: the zygote, its server, then every run's spawn.

namespace sandbench {

namespace {

// Five for every run, then the run's cgroup files (none where the host gives no cgroups).
constexpr int kDescriptorCount = 5;
constexpr int kMostDescriptors = kDescriptorCount + kMaxJoinFiles + kMostSubprocessInputs;
static_assert(kMostDescriptors <= kMostPassedDescriptors);
constexpr int kAnswerTimeoutMs = 10000;

bool waitReadable(int fd, int timeoutMs) {
    pollfd entry{fd, POLLIN, 0};
    int ready;
    do {
        ready = ::poll(&entry, 1, timeoutMs);
    } while (ready < 0 && errno == EINTR);
    return ready > 0;
}

// ---- The zygote, forked once from Sandbench -----------------------------------------------------------

// What the zygote, and then its server, hold while they set themselves up.
struct ZygoteState {
    int control;           // the SOCK_SEQPACKET socket to Sandbench
    const ChildPlan* plan; // the template's recipe
    uid_t owner;           // the uid block's owner (as root), or 0
    int lifeline[2] = {-1, -1};
    pid_t server = -1;
    bool procSubsetPid = false;
};

[[noreturn]] void reportAndExit(const ZygoteState& zygote, ChildStep step, int error) {
    sendSetupReport(zygote.control, SetupReport(step, error));
    ::_exit(1);
}

// Keep nothing of the parent's: another run's pipe held open here would never reach end-of-file.
int closeInheritedDescriptors(ZygoteState& zygote) {
    const auto control = static_cast<unsigned>(zygote.control);
    if (control > 3 && ::syscall(SYS_close_range, 3U, control - 1, 0U) != 0)
        return errno;
    return errorOf(::syscall(SYS_close_range, control + 1, ~0U, 0U));
}

// Out of the terminal's process group (the parent cancels runs itself), with default signal handling.
int leaveSession(ZygoteState&) {
    if (::setsid() < 0)
        return errno;
    sigset_t none;
    sigemptyset(&none);
    if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0)
        return errno;
    for (int sig = 1; sig < NSIG; ++sig) {
        struct sigaction action {};
        action.sa_handler = SIG_DFL;
        ::sigaction(sig, &action, nullptr); // refused only for signals no one can handle: nothing to reset
    }
    return 0;
}

// As root: become the uid block's owner first, so the zygote's user namespace (and the kernel's count of
// everything its sandboxes hold) is that uid's, not root's. glibc's calls are safe here: the fork left one
// thread.
int becomeBlockOwner(ZygoteState& zygote) {
    const uid_t owner = zygote.owner;
    if (owner != 0 && (::setgroups(0, nullptr) != 0 || ::setresgid(owner, owner, owner) != 0 ||
                       ::setresuid(owner, owner, owner) != 0))
        return errno;
    return 0;
}

int enterZygoteNamespaces(ZygoteState&) {
    return errorOf(::unshare(CLONE_NEWUSER | CLONE_NEWNS));
}

// Only Sandbench may map ids other than the zygote's own (id_maps.h): say the namespaces exist, and wait
// for the one byte that says the maps are written.
int awaitIdMaps(ZygoteState& zygote) {
    const ssize_t sent = sendSetupReport(zygote.control, SetupReport(ChildStep::ZygoteIdMaps, 0));
    if (sent != static_cast<ssize_t>(sizeof(SetupReport)))
        return sent < 0 ? errno : EIO;
    char maps = 0;
    const ssize_t count = ::recv(zygote.control, &maps, 1, 0);
    return count == 1 ? 0 : (count < 0 ? errno : ECONNRESET);
}

int openLifeline(ZygoteState& zygote) {
    return errorOf(::pipe2(zygote.lifeline, O_CLOEXEC));
}

int enterServerPidNamespace(ZygoteState&) {
    return errorOf(::unshare(CLONE_NEWPID));
}

int startServer(ZygoteState& zygote) {
    zygote.server = ::fork();
    return zygote.server < 0 ? errno : 0;
}

constexpr SetupStep<ChildStep, ZygoteState> kZygoteSteps[] = {
    {ChildStep::ZygoteDescriptors, closeInheritedDescriptors, "close the descriptors it inherited"},
    {ChildStep::ZygoteSession, leaveSession, "leave Sandbench's session and signal handling"},
    {ChildStep::ZygoteOwner, becomeBlockOwner, "become the owner of its block of host uids"},
    {ChildStep::ZygoteNamespaces, enterZygoteNamespaces, "create its user and mount namespaces"},
    {ChildStep::ZygoteIdMaps, awaitIdMaps, "wait for its uid and gid maps"},
    // The template's view, under the staging root.
    {ChildStep::DropGroups, onPlan<dropGroups>, "drop supplementary groups"},
    {ChildStep::ZygoteUser, onPlan<switchToSandboxUser>, "switch to the sandbox user"},
    {ChildStep::PrivateMounts, onPlan<makeMountsPrivate>, "make the mount namespace private"},
    {ChildStep::RootTmpfs, onPlan<mountRootTmpfs>, "mount the sandbox root tmpfs"},
    {ChildStep::FilesystemView, onPlan<buildFilesystemView>, "build the read-only filesystem view"},
    // A /proc can be mounted only from inside a PID namespace that our user namespace owns, and only a
    // PID namespace's own PID 1 may create nested ones for the sandboxes. So the server that clones them
    // is this process's child, PID 1 of a new PID namespace; every sandbox nests inside it and dies with
    // it. This process only waits for it.
    {ChildStep::ServerLifeline, openLifeline, "open a lifeline pipe to its server"},
    {ChildStep::ServerPidNamespace, enterServerPidNamespace, "create a PID namespace for its server"},
    {ChildStep::StartServer, startServer, "start its server (PID 1 of that PID namespace)"},
};

// ---- The zygote's server, PID 1 of the zygote's PID namespace -----------------------------------------

// The server's parent-death signal is cleared by the kernel whenever its effective uid changes, as it does
// around every sandbox's creation: arm it again, then make sure the zygote did not die in between (the
// lifeline's write end is the zygote's alone, so it hangs up when the zygote is gone).
void rearmDeathSignal(int lifeline) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    pollfd entry{lifeline, POLLIN, 0};
    if (::poll(&entry, 1, 0) != 0)
        ::_exit(0);
}

int setServerDeathSignal(ZygoteState&) {
    return errorOf(::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0));
}

// The zygote is Sandbench forked without exec, so its command line and environment (and with them every
// sandbox init's, which /proc/1/cmdline shows inside) would be Sandbench's own: host paths, options, an
// agent's task. Blank both areas in place; /proc/PID/stat says where they are (fields 48 to 51).
int forgetHostCommandLine(ZygoteState&) {
    char stat[4096];
    const int fd = ::open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0; // best effort: nothing to blank is no failure
    const ssize_t size = ::read(fd, stat, sizeof stat - 1);
    ::close(fd);
    if (size <= 0)
        return 0;
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
    return 0;
}

// The uid switch made us undumpable, which would make each sandbox's /proc files (its id maps among them)
// root's. Each init makes itself undumpable again once its maps are written.
int makeServerDumpable(ZygoteState&) {
    return errorOf(::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
}

int letTheKernelReap(ZygoteState&) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN; // the kernel reaps finished sandboxes
    return errorOf(::sigaction(SIGCHLD, &ignore, nullptr));
}

int probeProcSubsetPid(ZygoteState& zygote) {
    return tryProcSubsetPid(*zygote.plan, zygote.procSubsetPid);
}

constexpr SetupStep<ChildStep, ZygoteState> kServerSteps[] = {
    {ChildStep::ServerDeathSignal, setServerDeathSignal, "set its server's parent-death signal"},
    {ChildStep::ServerCommandLine, forgetHostCommandLine, "blank Sandbench's command line in its server"},
    {ChildStep::ServerDumpable, makeServerDumpable, "make its server dumpable"},
    {ChildStep::ServerReaping, letTheKernelReap, "let the kernel reap finished sandboxes"},
    // The template's /proc, then pivot and seal.
    {ChildStep::TemplateProc, onPlan<mountTemplateProc>, "mount the template's /proc"},
    {ChildStep::ProcSubsetPid, probeProcSubsetPid, "try a /proc limited to processes (subset=pid)"},
    {ChildStep::PivotRoot, onPlan<pivotIntoRoot>, "pivot into the sandbox root"},
    {ChildStep::ReadOnlyRoot, onPlan<makeRootReadOnly>, "make the sandbox root read-only"},
};

// ---- The server, for every run: one sandbox from the template ------------------------------------------

struct SandboxSpawn {
    const SpawnRequest* request;
    std::size_t received; // bytes of the request that arrived
    UniqueFd* fds;        // the descriptors that came with it
    int descriptors;      // how many
    ChildPlan plan;       // the run's, built from the request
    bool ownUser = false; // the effective uid was switched to the run's
    int pidfd = -1;       // the sandbox's init, once cloned
};

int readSpawnRequest(SandboxSpawn& spawn) {
    const SpawnRequest& request = *spawn.request;
    if (!request.wellFormed(spawn.received) ||
        spawn.descriptors != kDescriptorCount + request.joinFileCount + request.inputCount)
        return EPROTO;
    ChildPlan& plan = spawn.plan;
    plan.procPath = "/proc";
    plan.workPath = "/tmp";
    plan.outputsPath = "/tmp/outputs";
    plan.programFolder = kProgramFolderInside;
    plan.programPath = kProgramPathInside;
    plan.workTmpfsOptions = request.workTmpfsOptions;
    plan.programTmpfsOptions = request.programTmpfsOptions;
    plan.privateNetwork = request.privateNetwork != 0;
    plan.egressPort = request.egressPort;
    plan.egressCa = request.egressCa;
    plan.egressCaSize = request.egressCaSize;
    plan.egressCaPath = kEgressCaPathInside;
    char ownerMap[32];
    std::snprintf(ownerMap, sizeof ownerMap, "%u %u 1\n", kSandboxUid, request.sandboxOwner);
    plan.ownIdMap = ownerMap;
    plan.codeSize = request.codeSize;
    plan.programOnStdin = request.programOnStdin != 0;
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
    const UniqueFd* fds = spawn.fds;
    plan.codeFd = fds[0].get();
    plan.stdoutFd = fds[1].get();
    plan.stderrFd = fds[2].get();
    plan.exitFd = fds[3].get();
    plan.setupFd = fds[4].get();
    plan.joinFileCount = request.joinFileCount;
    for (int i = 0; i < request.joinFileCount; ++i)
        plan.joinFiles[i] = fds[kDescriptorCount + i].get();
    plan.inputs.clear();
    for (int i = 0; i < request.inputCount; ++i) {
        const char* name = request.inputNames[i];
        plan.inputs.push_back({fds[kDescriptorCount + request.joinFileCount + i].get(),
                               plan.dataFolder + "/" + name, request.inputIsFolder[i] != 0});
    }
    return 0;
}

// A new user namespace belongs to its creator's effective uid, and its first process may map only that
// id: so create the sandbox as the run's own uid, and come back at once (returnToServerUser).
int takeRunOwner(SandboxSpawn& spawn) {
    const uid_t owner = spawn.request->sandboxOwner;
    spawn.ownUser = owner != kSandboxUid;
    if (!spawn.ownUser)
        return 0;
    if (::syscall(SYS_setresgid, -1, owner, -1) != 0 || ::syscall(SYS_setresuid, -1, owner, -1) != 0)
        return errno;
    // Changing the effective uid made us undumpable, and the init would inherit it: its /proc files (the id
    // maps it must write) would then be root's.
    return errorOf(::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
}

int cloneSandbox(SandboxSpawn& spawn) {
    // No CLONE_NEWCGROUP: init enters its cgroup namespace itself, once it is in the run's cgroup.
    constexpr unsigned long flags =
        CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_PIDFD | SIGCHLD;
    const long pid = ::syscall(SYS_clone, flags, nullptr, &spawn.pidfd, nullptr, 0);
    if (pid == 0)
        runSandboxInit(spawn.plan); // never returns
    return pid < 0 ? errno : 0;
}

constexpr SetupStep<ChildStep, SandboxSpawn> kSpawnSteps[] = {
    {ChildStep::SpawnRequest, readSpawnRequest, "read a well-formed spawn request"},
    {ChildStep::SandboxOwner, takeRunOwner, "take the run's uid to create the sandbox's user namespace"},
    {ChildStep::CloneSandbox, cloneSandbox, "clone the sandbox"},
};

// Whatever the spawn's steps did, the server is its own uid again before the next request.
void returnToServerUser(const SandboxSpawn& spawn, int lifeline) {
    if (!spawn.ownUser)
        return;
    ::syscall(SYS_setresuid, -1, kSandboxUid, -1);
    ::syscall(SYS_setresgid, -1, kSandboxGid, -1);
    ::prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    rearmDeathSignal(lifeline);
}

[[noreturn]] void serveSandboxes(const ZygoteState& server) {
    // What every run copies: the template is built, so its recipe (the loader cache among it) stays behind.
    ChildPlan runBase = *server.plan;
    runBase.directories.clear();
    runBase.binds.clear();
    runBase.symlinks.clear();
    runBase.files.clear();
    runBase.procSubsetPid = server.procSubsetPid;

    auto request = std::make_unique<SpawnRequest>();
    while (true) {
        UniqueFd fds[kMostDescriptors];
        Received received;
        const ssize_t count = receiveWithDescriptors(server.control, request.get(), sizeof *request, fds,
                                                     kMostDescriptors, received);
        if (count <= 0)
            ::_exit(0); // the parent has gone: so do we, and with us every sandbox in flight
        SandboxSpawn spawn{request.get(), static_cast<std::size_t>(count), fds, received.descriptors,
                           runBase};
        ChildStep failed = ChildStep::CloneSandbox;
        const int error = runSteps(kSpawnSteps, spawn, failed);
        returnToServerUser(spawn, server.lifeline[0]);
        UniqueFd pidfd(error == 0 ? spawn.pidfd : -1);
        const SetupReport reply(failed, error);
        const int pidfdRaw = pidfd.get();
        sendWithDescriptors(server.control, &reply, sizeof reply, &pidfdRaw, pidfd.valid() ? 1 : 0);
    }
}

[[noreturn]] void runZygote(int control, const ChildPlan& base, uid_t owner) {
    ZygoteState zygote{control, &base, owner};
    ChildStep failed = ChildStep::Count;
    if (const int error = runSteps(kZygoteSteps, zygote, failed))
        reportAndExit(zygote, failed, error);
    if (zygote.server > 0) {
        ::close(control); // so the parent sees end-of-file as soon as the server is gone
        ::close(zygote.lifeline[0]);
        ::waitpid(zygote.server, nullptr, 0);
        ::_exit(0);
    }
    ::close(zygote.lifeline[1]);
    if (const int error = runSteps(kServerSteps, zygote, failed))
        reportAndExit(zygote, failed, error);
    SetupReport sealed(ChildStep::ReadOnlyRoot, 0);
    sealed.procSubsetPid = zygote.procSubsetPid ? 1 : 0;
    sendSetupReport(control, sealed);
    serveSandboxes(zygote);
}

// ---- Sandbench's side ---------------------------------------------------------------------------------

const char* describeZygoteStep(ChildStep step) {
    if (const char* what = whatOf(kZygoteSteps, step))
        return what;
    if (const char* what = whatOf(kServerSteps, step))
        return what;
    if (const char* what = whatOf(kSpawnSteps, step))
        return what;
    return "set itself up";
}

// The zygote's next report, within kAnswerTimeoutMs: false when it ended or said nothing (then `report`
// is of step Count).
bool nextReport(int control, SetupReport& report) {
    report = SetupReport();
    Received received;
    return waitReadable(control, kAnswerTimeoutMs) &&
           receiveSetupReport(control, report, received) == sizeof report;
}

// What the parent says when the zygote failed a step, or ended (a report of step Count: none arrived).
std::string zygoteFailure(const SetupReport& report) {
    if (report.childStep() == ChildStep::Count)
        return "the sandbox zygote ended, or sent no well-formed report, while it set itself up";
    return std::string("the sandbox zygote could not ") + describeZygoteStep(report.childStep()) + ": " +
           std::strerror(report.error ? report.error : EPROTO);
}

} // namespace

bool SpawnRequest::inputNamesWellFormed() const {
    for (int i = 0; i < inputCount; ++i) {
        const char* name = inputNames[i];
        const std::size_t length = ::strnlen(name, sizeof inputNames[i]);
        // One path component, never "." or "..": the mount point must be a new entry right in /data.
        if (length == 0 || length == sizeof inputNames[i] || std::memchr(name, '/', length) ||
            std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0)
            return false;
    }
    return true;
}

std::size_t SpawnRequest::size() const {
    return offsetof(SpawnRequest, strings) + stringsSize;
}

bool SpawnRequest::wellFormed(std::size_t received) const {
    return received >= offsetof(SpawnRequest, strings) && magic == SpawnRequest().magic &&
           stringsSize <= sizeof strings && received == size() && limitCount >= 0 && limitCount <= 16 &&
           egressCaSize <= sizeof egressCa && egressPort >= 0 && egressPort <= 65535 &&
           (egressPort == 0 || privateNetwork != 0) && sandboxOwner >= kSandboxUid &&
           sandboxOwner <= kSandboxUid + HostUidBlock::kRunSlots && joinFileCount >= 0 &&
           joinFileCount <= kMaxJoinFiles && inputCount >= 0 && inputCount <= kMostSubprocessInputs &&
           inputNamesWellFormed() && argumentCount >= 1 &&
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

    SetupReport report;
    if (!nextReport(parentEnd.get(), report) || report.error != 0 ||
        report.childStep() != ChildStep::ZygoteIdMaps) {
        error = zygoteFailure(report);
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
    if (!nextReport(parentEnd.get(), report) || report.error != 0 ||
        report.childStep() != ChildStep::ReadOnlyRoot) {
        error = zygoteFailure(report);
        stopLocked();
        return false;
    }
    m_procSubsetPid = report.procSubsetPid != 0;
    m_control = std::move(parentEnd);
    return true;
}

bool SandboxZygote::spawn(const SpawnRequest& request, const SpawnDescriptors& fds, Spawned& spawned,
                          std::string& error) {
    std::lock_guard lock(m_mutex);
    if (fds.cgroupFiles.size() > static_cast<std::size_t>(kMaxJoinFiles) ||
        static_cast<int>(fds.cgroupFiles.size()) != request.joinFileCount ||
        fds.inputTrees.size() > static_cast<std::size_t>(kMostSubprocessInputs) ||
        static_cast<int>(fds.inputTrees.size()) != request.inputCount) {
        error = "internal error: the run's cgroup files or inputs do not match the request";
        return false;
    }
    int descriptors[kMostDescriptors] = {fds.code, fds.stdoutWrite, fds.stderrWrite, fds.exitWrite,
                                         fds.setupChild};
    for (std::size_t i = 0; i < fds.cgroupFiles.size(); ++i)
        descriptors[kDescriptorCount + i] = fds.cgroupFiles[i];
    for (std::size_t i = 0; i < fds.inputTrees.size(); ++i)
        descriptors[kDescriptorCount + fds.cgroupFiles.size() + i] = fds.inputTrees[i];
    const int descriptorCount = kDescriptorCount + request.joinFileCount + request.inputCount;
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!m_control.valid() && !startLocked(error))
            return false;
        SetupReport reply;
        UniqueFd pidfd[1];
        Received received;
        if (sendWithDescriptors(m_control.get(), &request, request.size(), descriptors, descriptorCount) !=
                static_cast<ssize_t>(request.size()) ||
            !waitReadable(m_control.get(), kAnswerTimeoutMs) ||
            receiveSetupReport(m_control.get(), reply, received, pidfd, 1) != sizeof reply) {
            stopLocked(); // it died or hangs: start a fresh one and try once more
            continue;
        }
        if (reply.error != 0 || received.descriptors != 1) {
            error = zygoteFailure(reply);
            return false;
        }
        spawned.pidfd = std::move(pidfd[0]);
        return true;
    }
    error = "the sandbox zygote stopped answering";
    return false;
}

} // namespace sandbench
