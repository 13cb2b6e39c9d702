#include "sandbox_child.h"

#include "backends/common/unique_fd.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Everything below runs between clone() and execve() in a copy of a possibly multithreaded process:
// raw system calls only. glibc's setresuid()/setgroups() would try to signal threads that do not exist here.

namespace sandbench {

const char* describe(ChildStep step) {
    switch (step) {
    case ChildStep::ResetSignals:
        return "restore default signal handling";
    case ChildStep::DeathSignal:
        return "set the parent-death signal";
    case ChildStep::JoinCgroup:
        return "join the run's cgroups";
    case ChildStep::CgroupNamespace:
        return "enter a cgroup namespace rooted at the run's cgroup";
    case ChildStep::WriteIdMaps:
        return "map the sandbox user in its user namespace";
    case ChildStep::DropGroups:
        return "drop supplementary groups";
    case ChildStep::SwitchUser:
        return "switch to the unprivileged sandbox user";
    case ChildStep::KernelQuotas:
        return "lower the sandbox's inotify and fanotify quotas";
    case ChildStep::StartProgram:
        return "start the program process";
    case ChildStep::PrivateMounts:
        return "make the mount namespace private";
    case ChildStep::RootTmpfs:
        return "mount the sandbox root tmpfs";
    case ChildStep::FilesystemView:
        return "build the read-only filesystem view";
    case ChildStep::ProcMount:
        return "mount a fresh /proc";
    case ChildStep::WorkTmpfs:
        return "mount the size-capped working folder";
    case ChildStep::ProgramTmpfs:
        return "mount the program's folder";
    case ChildStep::ProgramReadOnly:
        return "make the program's folder read-only";
    case ChildStep::ProgramFile:
        return "write the program into the sandbox";
    case ChildStep::PivotRoot:
        return "pivot into the sandbox root";
    case ChildStep::ReadOnlyRoot:
        return "make the sandbox root read-only";
    case ChildStep::Hostname:
        return "set the sandbox hostname";
    case ChildStep::DropCapabilities:
        return "drop all capabilities";
    case ChildStep::NotDumpable:
        return "make the sandbox init undumpable";
    case ChildStep::CreateNetwork:
        return "create an empty network namespace";
    case ChildStep::ProgramCapabilityBounds:
        return "empty the program's capability bounding set";
    case ChildStep::ProgramCapabilities:
        return "drop the program's capabilities";
    case ChildStep::StandardStreams:
        return "connect stdin, stdout and stderr";
    case ChildStep::WorkingFolder:
        return "enter the working folder";
    case ChildStep::ResourceLimits:
        return "set resource limits";
    case ChildStep::NoNewPrivs:
        return "set no_new_privs";
    case ChildStep::Landlock:
        return "apply the Landlock ruleset";
    case ChildStep::CloseDescriptors:
        return "close every other descriptor";
    case ChildStep::Seccomp:
        return "load the seccomp filter";
    case ChildStep::SendListener:
        return "hand the seccomp listener to the supervisor";
    case ChildStep::Exec:
        return "execute the interpreter";
    case ChildStep::Count:
        break;
    }
    return "unknown step";
}

namespace {

int errorOf(long rc) {
    return rc < 0 ? errno : 0;
}

[[noreturn]] void reportAndExit(const ChildPlan& plan, ChildStep step, int error) {
    SetupReport report;
    report.step = static_cast<std::int32_t>(step);
    report.error = error;
    [[maybe_unused]] auto sent = ::send(plan.setupFd, &report, sizeof report, MSG_NOSIGNAL);
    ::_exit(127);
}

int writeAll(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        data += written;
        size -= static_cast<std::size_t>(written);
    }
    return 0;
}

int writeFile(const char* path, const char* data, std::size_t size, mode_t mode) {
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        return errno;
    const int error = writeAll(fd, data, size);
    ::close(fd);
    return error;
}

// Remounting a bind mount inside a user namespace must keep the flags the kernel locked on the original
// (nodev, nosuid, noexec, atime): read them back and only add restrictions.
int bindMount(const BindMount& bind) {
    if (!bind.overlayEmptyLower.empty()) {
        char options[512];
        const int length = __builtin_snprintf(options, sizeof options, "lowerdir=%s:%s", bind.source.c_str(),
                                              bind.overlayEmptyLower.c_str());
        if (length > 0 && static_cast<std::size_t>(length) < sizeof options &&
            ::mount("overlay", bind.target.c_str(), "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV, options) ==
                0)
            return 0;
    }
    if (!bind.directory) {
        const int fd = ::open(bind.target.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0444);
        if (fd < 0)
            return errno;
        ::close(fd);
    }
    if (::mount(bind.source.c_str(), bind.target.c_str(), nullptr, MS_BIND, nullptr) != 0)
        return errno;
    if (!bind.readOnly)
        return 0;
    struct statfs info {};
    if (::statfs(bind.target.c_str(), &info) != 0)
        return errno;
    const unsigned long kept = static_cast<unsigned long>(info.f_flags) &
                               (MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME | MS_NODIRATIME | MS_RELATIME);
    return errorOf(::mount(nullptr, bind.target.c_str(), nullptr,
                           MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | kept, nullptr));
}

// ---- Steps of the init process (PID 1 of the new PID namespace) --------------------------------------

int setDeathSignal(const ChildPlan&) {
    return errorOf(::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0));
}

// The run's cgroup files came with the spawn request (when the host gives runs cgroups): one per
// hierarchy, each the run cgroup's `tasks` (v1) or `cgroup.procs` (v2), opened by the parent. Writing "0"
// moves this process itself, checked against the opener's permission, and on v1 without the kernel's
// global threadgroup lock (an RCU grace period per move). This is init's first step after its death
// signal, so no process of the program ever runs outside the run's limits, and everything init allocates
// from here on (its network namespace, the program) is charged to the run. No round trip to the parent:
// the files travel with the request.
int joinRunCgroups(const ChildPlan& plan) {
    int error = 0;
    for (int i = 0; i < plan.joinFileCount; ++i) {
        if (error == 0 && ::write(plan.joinFiles[i], "0", 1) != 1)
            error = errno;
        ::close(plan.joinFiles[i]);
    }
    return error;
}

// Only once init is in the run's cgroup: the new namespace is rooted there, so /proc/self/cgroup inside
// shows "/" rather than the host's cgroup path and the run cgroup's name (which holds Sandbench's pid).
// The zygote therefore clones the sandbox without CLONE_NEWCGROUP.
int enterCgroupNamespace(const ChildPlan&) {
    return errorOf(::unshare(CLONE_NEWCGROUP));
}

int writeOwnFile(const char* path, const char* text, std::size_t length) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const int error = writeAll(fd, text, length);
    ::close(fd);
    return error;
}

// The sandbox user 1000 is the zygote's own user 1000, one namespace further in. Mapping only our own id
// is something the namespace's first process may do itself, so no round trip to the zygote is needed.
int writeOwnIdMaps(const ChildPlan& plan) {
    static const char deny[] = "deny";
    if (int error = writeOwnFile("/proc/self/setgroups", deny, sizeof deny - 1))
        return error;
    if (int error = writeOwnFile("/proc/self/uid_map", plan.ownIdMap.data(), plan.ownIdMap.size()))
        return error;
    return writeOwnFile("/proc/self/gid_map", plan.ownIdMap.data(), plan.ownIdMap.size());
}

// The kernel counts inotify instances and watches (and fanotify groups and marks) per user at every level
// of nested user namespaces, against each namespace's own maximum. Lowering this sandbox's maxima caps
// what it can take of the counts it shares with other sandboxes of the same zygote and with the zygote's
// uid, whoever that is. The template's /proc shows this namespace's values; the init may write them while
// it holds CAP_SYS_RESOURCE here, the program never (it drops it, and its own /proc hides /proc/sys).
int lowerKernelQuotas(const ChildPlan& plan) {
    for (const auto& [path, value] : plan.userQuotas) {
        const int error = writeOwnFile(path.c_str(), value.data(), value.size());
        if (error != 0 && error != ENOENT) // fanotify's are missing on kernels before 5.13
            return error;
    }
    return 0;
}

int makeMountsPrivate(const ChildPlan&) {
    return errorOf(::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr));
}

int mountRootTmpfs(const ChildPlan& plan) {
    return errorOf(::mount("sandbench", plan.stagingRoot.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.rootTmpfsOptions.c_str()));
}

int buildFilesystemView(const ChildPlan& plan) {
    for (const auto& directory : plan.directories) {
        if (::mkdir(directory.c_str(), 0755) != 0)
            return errno;
    }
    for (const auto& [target, link] : plan.symlinks) {
        if (::symlink(target.c_str(), link.c_str()) != 0)
            return errno;
    }
    for (const auto& bind : plan.binds) {
        if (int error = bindMount(bind))
            return error;
    }
    for (const auto& [path, contents] : plan.files) {
        if (int error = writeFile(path.c_str(), contents.data(), contents.size(), 0444))
            return error;
    }
    return 0;
}

int mountProc(const ChildPlan& plan) {
    const unsigned long flags = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    // subset=pid hides the host's /proc/meminfo, /proc/cpuinfo, /proc/sys and friends (Linux 5.8+).
    if (::mount("proc", plan.procPath.c_str(), "proc", flags, "subset=pid") == 0)
        return 0;
    return errorOf(::mount("proc", plan.procPath.c_str(), "proc", flags, nullptr));
}

int mountWorkTmpfs(const ChildPlan& plan) {
    return errorOf(::mount("sandbench-work", plan.workPath.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.workTmpfsOptions.c_str()));
}

int mountProgramTmpfs(const ChildPlan& plan) {
    return errorOf(::mount("sandbench-program", plan.programFolder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.programTmpfsOptions.c_str()));
}

int makeProgramReadOnly(const ChildPlan& plan) {
    return errorOf(::mount(nullptr, plan.programFolder.c_str(), nullptr,
                           MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr));
}

int mountTemplateProc(const ChildPlan& plan) {
    // A plain, fully visible /proc in the template: the kernel lets a user namespace mount a new proc
    // only where one is already fully visible. Each run mounts its own on top, hiding this one.
    return errorOf(::mount("proc", plan.procPath.c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr));
}

int resetSignals(const ChildPlan&) {
    // The zygote ignores SIGCHLD so the kernel reaps its sandboxes; init must wait for its own children.
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    return errorOf(::sigaction(SIGCHLD, &action, nullptr));
}

int writeProgramFile(const ChildPlan& plan) {
    const int out = ::open(plan.programPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
    if (out < 0)
        return errno;
    char buffer[16384];
    off_t offset = 0;
    int error = 0;
    while (error == 0 && static_cast<std::size_t>(offset) < plan.codeSize) {
        const ssize_t count = ::pread(plan.codeFd, buffer, sizeof buffer, offset);
        if (count <= 0) {
            error = count < 0 ? errno : EIO;
            break;
        }
        error = writeAll(out, buffer, static_cast<std::size_t>(count));
        offset += count;
    }
    ::close(out);
    ::close(plan.codeFd);
    return error;
}

int pivotIntoRoot(const ChildPlan& plan) {
    if (::chdir(plan.stagingRoot.c_str()) != 0)
        return errno;
    // pivot_root(".", ".") stacks the old root on top of the new one; detaching it leaves only the view.
    if (::syscall(SYS_pivot_root, ".", ".") != 0)
        return errno;
    if (::umount2(".", MNT_DETACH) != 0)
        return errno;
    return errorOf(::chdir("/"));
}

int makeRootReadOnly(const ChildPlan&) {
    return errorOf(
        ::mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr));
}

int setHostname(const ChildPlan& plan) {
    return errorOf(::sethostname(plan.hostname.c_str(), plan.hostname.size()));
}

int emptyCapabilityBoundingSet(const ChildPlan& plan) {
    for (int capability = 0; capability <= plan.lastCapability; ++capability) {
        if (::prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0 && errno != EINVAL)
            return errno;
    }
    return 0;
}

int dropGroups(const ChildPlan& plan) {
    if (!plan.dropSupplementaryGroups)
        return 0; // an unprivileged parent had to deny setgroups; the kernel maps them to nobody
    return errorOf(::syscall(SYS_setgroups, 0, nullptr));
}

int switchUser(const ChildPlan& plan) {
    if (::syscall(SYS_setresgid, plan.gid, plan.gid, plan.gid) != 0)
        return errno;
    return errorOf(::syscall(SYS_setresuid, plan.uid, plan.uid, plan.uid));
}

int dropCapabilities(const ChildPlan&) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    return errorOf(::syscall(SYS_capset, &header, data));
}

int makeUndumpable(const ChildPlan&) {
    // The program runs as the same uid: without this it could open /proc/1/mem of its supervisor.
    if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
        return errno;
    return errorOf(::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
}

// ---- Steps of the program process --------------------------------------------------------------------

int moveTo(int fd, int target) {
    if (fd == target)
        return errorOf(::fcntl(fd, F_SETFD, 0)); // dup2 onto itself would keep close-on-exec
    return errorOf(::dup2(fd, target));
}

int connectStandardStreams(const ChildPlan& plan) {
    const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devNull < 0)
        return errno;
    if (int error = moveTo(devNull, 0))
        return error;
    if (int error = moveTo(plan.stdoutFd, 1))
        return error;
    return moveTo(plan.stderrFd, 2);
}

int enterWorkingFolder(const ChildPlan& plan) {
    return errorOf(::chdir(plan.workFolderInside));
}

int setResourceLimits(const ChildPlan& plan) {
    for (const auto& [resource, value] : plan.limits) {
        const rlimit limit{value, value}; // soft = hard: the program cannot raise them back
        if (::setrlimit(static_cast<__rlimit_resource>(resource), &limit) != 0)
            return errno;
    }
    return 0;
}

int setNoNewPrivs(const ChildPlan&) {
    return errorOf(::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
}

int restrictWithLandlock(const ChildPlan& plan) {
    return applyLandlock(plan.landlock, plan.workFolderInside, plan.landlockDevices.data());
}

int closeOtherDescriptors(const ChildPlan&) {
    // Close-on-exec rather than close: the setup socket must survive to report a failed execve().
    return errorOf(::syscall(SYS_close_range, 3U, ~0U, 4U /*CLOSE_RANGE_CLOEXEC*/));
}

// No SCM_RIGHTS: descriptors in flight are counted per host user, so a busy sandbox of the same uid could
// make the send fail ("Too many references"). The program says which descriptor it is and waits; the
// parent takes it with pidfd_getfd() and answers.
int announceListener(const ChildPlan& plan, int listener) {
    SetupReport report;
    report.step = static_cast<std::int32_t>(ChildStep::SendListener);
    report.listenerFd = listener;
    ssize_t count;
    do {
        count = ::send(plan.setupFd, &report, sizeof report, MSG_NOSIGNAL);
    } while (count < 0 && errno == EINTR);
    if (count != static_cast<ssize_t>(sizeof report))
        return count < 0 ? errno : EIO;
    char taken = 0;
    do {
        count = ::recv(plan.setupFd, &taken, 1, 0);
    } while (count < 0 && errno == EINTR);
    ::close(listener);
    return count == 1 ? 0 : (count < 0 ? errno : ECONNRESET);
}

int createNetworkNamespace(const ChildPlan& plan) {
    return plan.privateNetwork ? errorOf(::unshare(CLONE_NEWNET)) : 0;
}

using Step = int (*)(const ChildPlan&);
struct OrderedStep {
    ChildStep id;
    Step run;
};

// nsjail's order: signals, death signal, the run's cgroups, identity; then the network namespace, the
// program, and privileges go.
constexpr OrderedStep kInitPrologue[] = {
    {ChildStep::ResetSignals, resetSignals},
    {ChildStep::DeathSignal, setDeathSignal},
    // First of the steps that do something: the program's init is charged to the run from here on.
    {ChildStep::JoinCgroup, joinRunCgroups},
    {ChildStep::CgroupNamespace, enterCgroupNamespace},
    {ChildStep::WriteIdMaps, writeOwnIdMaps},
    // The mapped sandbox user keeps, in its own user namespace, the capabilities the program inherits for
    // its mounts (the old id was not the namespace's root); init and program each drop them explicitly.
    {ChildStep::SwitchUser, switchUser},
    {ChildStep::KernelQuotas, lowerKernelQuotas},
};

// The template, built once in the zygote's namespaces: the view, then (after /proc) pivot and seal.
constexpr OrderedStep kTemplateSteps[] = {
    {ChildStep::DropGroups, dropGroups},
    {ChildStep::SwitchUser, switchUser},
    {ChildStep::PrivateMounts, makeMountsPrivate},
    {ChildStep::RootTmpfs, mountRootTmpfs},
    {ChildStep::FilesystemView, buildFilesystemView},
};
constexpr OrderedStep kTemplateSealSteps[] = {
    {ChildStep::PivotRoot, pivotIntoRoot},
    {ChildStep::ReadOnlyRoot, makeRootReadOnly},
};

// Init never calls execve(), so its bounding set cannot matter; only the program empties its own.
constexpr OrderedStep kInitEpilogue[] = {
    {ChildStep::DropCapabilities, dropCapabilities},
    {ChildStep::NotDumpable, makeUndumpable},
};

// The program's own setup, ending with seccomp (loaded last, in runProgram), so every earlier step may
// still use what it forbids.
constexpr OrderedStep kProgramSteps[] = {
    // What belongs to this run alone, on top of the template's read-only tree.
    {ChildStep::ProcMount, mountProc},
    {ChildStep::WorkTmpfs, mountWorkTmpfs},
    {ChildStep::ProgramTmpfs, mountProgramTmpfs},
    {ChildStep::ProgramFile, writeProgramFile},
    {ChildStep::ProgramReadOnly, makeProgramReadOnly},
    {ChildStep::Hostname, setHostname},
    // Then privileges go: capabilities, limits, no_new_privs, Landlock, and seccomp last of all.
    {ChildStep::ProgramCapabilityBounds, emptyCapabilityBoundingSet},
    {ChildStep::ProgramCapabilities, dropCapabilities},
    {ChildStep::ResourceLimits, setResourceLimits},
    {ChildStep::NoNewPrivs, setNoNewPrivs},
    {ChildStep::StandardStreams, connectStandardStreams},
    {ChildStep::WorkingFolder, enterWorkingFolder},
    {ChildStep::Landlock, restrictWithLandlock},
    {ChildStep::CloseDescriptors, closeOtherDescriptors},
};

void runSteps(const ChildPlan& plan, const OrderedStep* begin, const OrderedStep* end) {
    for (const OrderedStep* step = begin; step != end; ++step) {
        if (int error = step->run(plan))
            reportAndExit(plan, step->id, error);
    }
}

[[noreturn]] void runProgram(const ChildPlan& plan) {
    runSteps(plan, std::begin(kProgramSteps), std::end(kProgramSteps));
    const sock_fprog filter = plan.seccomp;
    const long listener = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                                    plan.seccompNotify ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0, &filter);
    if (listener < 0)
        reportAndExit(plan, ChildStep::Seccomp, errno);
    if (plan.seccompNotify) {
        if (int error = announceListener(plan, static_cast<int>(listener)))
            reportAndExit(plan, ChildStep::SendListener, error);
    }
    ::execve(plan.executable, plan.argv.data(), plan.envp.data());
    reportAndExit(plan, ChildStep::Exec, errno);
}

constexpr std::size_t kProgramStackSize = 1 << 20;

int startProgram(void* plan) {
    runProgram(*static_cast<const ChildPlan*>(plan));
}

void addUsage(ExitRecord& record, const rusage& usage) {
    record.userMicros += usage.ru_utime.tv_sec * 1000000L + usage.ru_utime.tv_usec;
    record.systemMicros += usage.ru_stime.tv_sec * 1000000L + usage.ru_stime.tv_usec;
    if (usage.ru_maxrss > record.maxRssKb)
        record.maxRssKb = usage.ru_maxrss;
}

// Reaps until the program exits, then reports; as PID 1 leaves, the kernel kills whatever is left.
[[noreturn]] void superviseProgram(const ChildPlan& plan, pid_t program) {
    ExitRecord record;
    while (true) {
        int status = 0;
        rusage usage{};
        const pid_t reaped = static_cast<pid_t>(::wait4(-1, &status, __WALL, &usage));
        if (reaped > 0) {
            addUsage(record, usage);
            if (reaped == program) {
                record.waitStatus = status;
                break;
            }
        } else if (errno != EINTR) {
            ::_exit(0);
        }
    }
    // Collect exited orphans; anything still running means the parent must kill the namespace and wait.
    while (true) {
        int status = 0;
        rusage usage{};
        const pid_t reaped = static_cast<pid_t>(::wait4(-1, &status, __WALL | WNOHANG, &usage));
        if (reaped > 0) {
            addUsage(record, usage);
            continue;
        }
        record.othersAlive = reaped == 0 ? 1 : 0;
        break;
    }
    [[maybe_unused]] auto written = ::write(plan.exitFd, &record, sizeof record);
    ::_exit(0);
}

int runStepsReporting(const ChildPlan& plan, const OrderedStep* begin, const OrderedStep* end,
                      ChildStep& failed) {
    for (const OrderedStep* step = begin; step != end; ++step) {
        if (int error = step->run(plan)) {
            failed = step->id;
            return error;
        }
    }
    return 0;
}

} // namespace

int buildSandboxTemplate(const ChildPlan& plan, ChildStep& failedStep) {
    return runStepsReporting(plan, std::begin(kTemplateSteps), std::end(kTemplateSteps), failedStep);
}

int mountTemplateProcFor(const ChildPlan& plan) {
    return mountTemplateProc(plan);
}

int sealSandboxTemplate(const ChildPlan& plan, ChildStep& failedStep) {
    return runStepsReporting(plan, std::begin(kTemplateSealSteps), std::end(kTemplateSealSteps), failedStep);
}

void runSandboxInit(const ChildPlan& plan) {
    runSteps(plan, std::begin(kInitPrologue), std::end(kInitPrologue));
    // The network namespace first, so the program starts inside it: on this machine's two cores, building
    // it in parallel with the program's mounts gained nothing (the kernel serialises the two).
    if (int error = createNetworkNamespace(plan))
        reportAndExit(plan, ChildStep::CreateNetwork, error);
    // The program borrows init's memory until it executes (vfork semantics, on a stack of its own): no copy
    // of the address space, and init waits, suspended, until the program has executed or failed. It starts
    // with the capabilities it needs for its own mounts and drops them itself.
    void* stack = ::mmap(nullptr, kProgramStackSize, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED)
        reportAndExit(plan, ChildStep::StartProgram, errno);
    const int program = ::clone(startProgram, static_cast<char*>(stack) + kProgramStackSize,
                                CLONE_VM | CLONE_VFORK | SIGCHLD, const_cast<ChildPlan*>(&plan));
    if (program < 0)
        reportAndExit(plan, ChildStep::StartProgram, errno);
    runSteps(plan, std::begin(kInitEpilogue), std::end(kInitEpilogue));
    // Only the program and the parent may hold these now; end-of-file on setupFd then means execve() ran.
    ::close(plan.setupFd);
    ::close(plan.stdoutFd);
    ::close(plan.stderrFd);
    superviseProgram(plan, static_cast<pid_t>(program));
}

ssize_t receiveSetupReport(int socket, SetupReport& report, pid_t& sender) {
    iovec data{&report, sizeof report};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(ucred)) + CMSG_SPACE(sizeof(int) * 8)] = {};
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    const ssize_t count = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    sender = 0;
    if (count <= 0)
        return count;
    for (cmsghdr* header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET)
            continue;
        if (header->cmsg_type == SCM_CREDENTIALS) {
            ucred credentials{};
            __builtin_memcpy(&credentials, CMSG_DATA(header), sizeof credentials);
            sender = credentials.pid;
        } else if (header->cmsg_type == SCM_RIGHTS) {
            const std::size_t fds = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (std::size_t i = 0; i < fds; ++i) {
                int fd = -1;
                __builtin_memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof fd);
                ::close(fd);
            }
        }
    }
    if (static_cast<std::size_t>(count) != sizeof report || report.magic != SetupReport().magic) {
        report.step = static_cast<std::int32_t>(ChildStep::Count);
        report.error = EPROTO;
    }
    return count;
}

} // namespace sandbench
