#include "sandbox_child.h"

#include "tiers/common/loopback_listener_fd.h"
#include "tiers/common/setup_steps.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/seccomp.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Everything below runs between clone() and execve() in a copy of a possibly multithreaded process:
// raw system calls only. glibc's setresuid()/setgroups() would try to signal threads that do not exist here.
// Each process's steps are one table, in the order they run: the sandbox's init, then its program.

namespace sandbench {

namespace {

[[noreturn]] void reportAndExit(const ChildPlan& plan, ChildStep step, int error) {
    [[maybe_unused]] auto sent = sendSetupReport(plan.setupFd, SetupReport(step, error));
    ::_exit(127);
}

int writeOwnFile(const char* path, const char* text, std::size_t length) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const int error = writeAll(fd, text, length);
    ::close(fd);
    return error;
}

int dropCapabilities(const ChildPlan&) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    return errorOf(::syscall(SYS_capset, &header, data));
}

int setNoNewPrivs(const ChildPlan&) {
    return errorOf(::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
}

// ---- The sandbox's init (PID 1 of the new PID namespace) ----------------------------------------------

struct InitSetup {
    const ChildPlan* plan;
    pid_t program = -1;      // set by StartProgram
    int egressListener = -1; // set by EgressListener; the program inherits it, to hand it to the parent
};

int resetSignals(const ChildPlan&) {
    // The zygote ignores SIGCHLD so the kernel reaps its sandboxes; init must wait for its own children.
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    return errorOf(::sigaction(SIGCHLD, &action, nullptr));
}

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

int createNetworkNamespace(const ChildPlan& plan) {
    return plan.privateNetwork ? errorOf(::unshare(CLONE_NEWNET)) : 0;
}

// The sandbox's only way out with an allow list: a socket listening on its own loopback, which the parent
// takes (SendListener) and relays to the egress proxy. Made while init still holds CAP_NET_ADMIN in the
// new network namespace, where loopback starts down.
int listenForEgress(InitSetup& init) {
    if (init.plan->egressPort == 0)
        return 0;
    const int listener = listenOnOwnLoopback(init.plan->egressPort);
    if (listener < 0)
        return -listener;
    init.egressListener = listener;
    return 0;
}

int runProgram(void* plan); // the program's own steps, below

constexpr std::size_t kProgramStackSize = 1 << 20;

// The program borrows init's memory until it executes (vfork semantics, on a stack of its own): no copy of
// the address space, and init waits, suspended, until the program has executed or failed. It starts with
// the capabilities it needs for its own mounts and drops them itself.
int startProgram(InitSetup& init) {
    void* stack = ::mmap(nullptr, kProgramStackSize, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED)
        return errno;
    const int program = ::clone(runProgram, static_cast<char*>(stack) + kProgramStackSize,
                                CLONE_VM | CLONE_VFORK | SIGCHLD, &init);
    if (program < 0)
        return errno;
    init.program = program;
    return 0;
}

int makeUndumpable(const ChildPlan&) {
    // The program runs as the same uid: without this it could open /proc/1/mem of its supervisor.
    return errorOf(::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0));
}

// Only the program and the parent may hold these now; end-of-file on setupFd then means execve() ran.
// Nothing can be reported after this, and close() has nothing to report.
int releaseProgramChannels(InitSetup& init) {
    const ChildPlan& plan = *init.plan;
    if (init.egressListener >= 0)
        ::close(init.egressListener); // the parent has its own copy, taken from the program
    ::close(plan.setupFd);
    ::close(plan.stdoutFd);
    ::close(plan.stderrFd);
    return 0;
}

// nsjail's order: signals, death signal, the run's cgroups, identity; then the network namespace, the
// program, and privileges go.
constexpr SetupStep<ChildStep, InitSetup> kInitSteps[] = {
    {ChildStep::ResetSignals, onPlan<resetSignals>, "restore default signal handling"},
    {ChildStep::DeathSignal, onPlan<setDeathSignal>, "set the parent-death signal"},
    // First of the steps that do something: the program's init is charged to the run from here on.
    {ChildStep::JoinCgroup, onPlan<joinRunCgroups>, "join the run's cgroups"},
    {ChildStep::CgroupNamespace, onPlan<enterCgroupNamespace>,
     "enter a cgroup namespace rooted at the run's cgroup"},
    {ChildStep::WriteIdMaps, onPlan<writeOwnIdMaps>, "map the sandbox user in its user namespace"},
    // The mapped sandbox user keeps, in its own user namespace, the capabilities the program inherits for
    // its mounts (the old id was not the namespace's root); init and program each drop them explicitly.
    {ChildStep::SwitchUser, onPlan<switchToSandboxUser>, "switch to the unprivileged sandbox user"},
    {ChildStep::KernelQuotas, onPlan<lowerKernelQuotas>, "lower the sandbox's inotify and fanotify quotas"},
    // The network namespace first, so the program starts inside it: building it in parallel with the
    // program's mounts gained nothing (the kernel serialises the two).
    {ChildStep::CreateNetwork, onPlan<createNetworkNamespace>, "create an empty network namespace"},
    {ChildStep::EgressListener, listenForEgress, "listen for the egress proxy on the sandbox's loopback"},
    {ChildStep::StartProgram, startProgram, "start the program process"},
    // Init never calls execve(), so its bounding set cannot matter; only the program empties its own.
    {ChildStep::DropCapabilities, onPlan<dropCapabilities>, "drop all capabilities"},
    {ChildStep::NotDumpable, onPlan<makeUndumpable>, "make the sandbox init undumpable"},
    {ChildStep::InitNoNewPrivs, onPlan<setNoNewPrivs>, "set no_new_privs on the sandbox init"},
    {ChildStep::ReleaseChannels, releaseProgramChannels, "let go of the program's channels"},
};

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

// ---- The program, from clone() to execve() ------------------------------------------------------------

struct ProgramSetup {
    const ChildPlan* plan;
    int listener = -1;       // set by Seccomp, with user notification
    int workFolder = -1;     // set by OutputsFolder: handed to the parent with the listener
    int egressListener = -1; // init's, inherited: handed to the parent with the listener
};

int mountProc(const ChildPlan& plan) {
    // subset=pid hides the host's /proc/meminfo, /proc/cpuinfo, /proc/sys and friends (Linux 5.8+); the
    // zygote found out whether this kernel has it, and the probe's notes say.
    return errorOf(::mount("proc", plan.procPath.c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
                           plan.procSubsetPid ? "subset=pid" : nullptr));
}

int mountWorkTmpfs(const ChildPlan& plan) {
    return errorOf(::mount("sandbench-work", plan.workPath.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.workTmpfsOptions.c_str()));
}

// The artifacts' folder exists before the program starts, and the parent gets a descriptor of the working
// folder itself (SendListener): it collects /tmp/outputs through that, from the host side, after the
// sandbox is gone, opening nothing by a path the program could have turned into a link.
int createOutputsFolder(ProgramSetup& program) {
    const ChildPlan& plan = *program.plan;
    if (::mkdir(plan.outputsPath.c_str(), 0700) != 0)
        return errno;
    program.workFolder = ::open(plan.workPath.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return program.workFolder < 0 ? errno : 0;
}

int mountProgramTmpfs(const ChildPlan& plan) {
    return errorOf(::mount("sandbench-program", plan.programFolder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.programTmpfsOptions.c_str()));
}

int writeProgramFile(const ChildPlan& plan) {
    if (plan.programOnStdin)
        return 0; // the program comes later, on stdin
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

// The run's CA, the one certificate the program's HTTPS clients trust (SSL_CERT_FILE and friends point here):
// the egress proxy presents certificates made by it, and only to this sandbox.
int writeEgressCertificate(const ChildPlan& plan) {
    if (plan.egressCaSize == 0)
        return 0;
    const int out = ::open(plan.egressCaPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
    if (out < 0)
        return errno;
    const int error = writeAll(out, plan.egressCa, plan.egressCaSize);
    ::close(out);
    return error;
}

int makeProgramReadOnly(const ChildPlan& plan) {
    return errorOf(::mount(nullptr, plan.programFolder.c_str(), nullptr,
                           MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr));
}

// Inputs get a small folder of their own at /data, on top of the template's read-only, empty one: their
// mount points are made in it, then it is made read-only too.
int mountDataTmpfs(const ChildPlan& plan) {
    if (plan.inputs.empty())
        return 0;
    return errorOf(::mount("sandbench-data", plan.dataFolder.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.dataTmpfsOptions.c_str()));
}

// Each input is a detached, read-only copy of the host's mount of it (input_mounts.h), moved onto its mount
// point: the program sees that file or folder and nothing beside it, and cannot write to it.
int mountInputs(const ChildPlan& plan) {
    for (const InputMount& input : plan.inputs) {
        if (input.folder) {
            if (::mkdir(input.mountPoint.c_str(), 0755) != 0)
                return errno;
        } else {
            const int file = ::open(input.mountPoint.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
            if (file < 0)
                return errno;
            ::close(file);
        }
        if (::syscall(SYS_move_mount, input.treeFd, "", AT_FDCWD, input.mountPoint.c_str(),
                      MOVE_MOUNT_F_EMPTY_PATH) != 0)
            return errno;
        ::close(input.treeFd);
    }
    return 0;
}

int makeDataReadOnly(const ChildPlan& plan) {
    if (plan.inputs.empty())
        return 0;
    return errorOf(::mount(nullptr, plan.dataFolder.c_str(), nullptr,
                           MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr));
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

int setResourceLimits(const ChildPlan& plan) {
    for (const auto& [resource, value] : plan.limits) {
        const rlimit limit{value, value}; // soft = hard: the program cannot raise them back
        if (::setrlimit(static_cast<__rlimit_resource>(resource), &limit) != 0)
            return errno;
    }
    return 0;
}

int moveTo(int fd, int target) {
    if (fd == target)
        return errorOf(::fcntl(fd, F_SETFD, 0)); // dup2 onto itself would keep close-on-exec
    return errorOf(::dup2(fd, target));
}

int connectStandardStreams(const ChildPlan& plan) {
    const int input = plan.programOnStdin ? plan.codeFd : ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0)
        return errno;
    if (int error = moveTo(input, 0))
        return error;
    if (int error = moveTo(plan.stdoutFd, 1))
        return error;
    return moveTo(plan.stderrFd, 2);
}

int enterWorkingFolder(const ChildPlan& plan) {
    return errorOf(::chdir(plan.workFolderInside));
}

int restrictWithLandlock(const ChildPlan& plan) {
    return applyLandlock(plan.landlock, plan.workFolderInside, plan.landlockDevices.data());
}

int closeOtherDescriptors(const ChildPlan&) {
    // Close-on-exec rather than close: the setup socket must survive to report a failed execve().
    return errorOf(::syscall(SYS_close_range, 3U, ~0U, 4U /*CLOSE_RANGE_CLOEXEC*/));
}

int loadSeccomp(ProgramSetup& program) {
    const ChildPlan& plan = *program.plan;
    const sock_fprog filter = plan.seccomp;
    const long listener = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                                    plan.seccompNotify ? SECCOMP_FILTER_FLAG_NEW_LISTENER : 0, &filter);
    if (listener < 0)
        return errno;
    program.listener = static_cast<int>(listener);
    return 0;
}

// No SCM_RIGHTS: descriptors in flight are counted per host user, so a busy sandbox of the same uid could
// make the send fail ("Too many references"). The program says which descriptor it is and waits; the
// parent takes it with pidfd_getfd() and answers.
int handOverListener(ProgramSetup& program) {
    const ChildPlan& plan = *program.plan;
    if (!plan.seccompNotify && program.workFolder < 0)
        return 0;
    SetupReport report(ChildStep::SendListener, 0);
    report.listenerFd = plan.seccompNotify ? program.listener : -1;
    report.workFolderFd = program.workFolder;
    report.egressFd = program.egressListener;
    ssize_t count = sendSetupReport(plan.setupFd, report);
    if (count != static_cast<ssize_t>(sizeof report))
        return count < 0 ? errno : EIO;
    char taken = 0;
    do {
        count = ::recv(plan.setupFd, &taken, 1, 0);
    } while (count < 0 && errno == EINTR);
    if (plan.seccompNotify)
        ::close(program.listener);
    return count == 1 ? 0 : (count < 0 ? errno : ECONNRESET);
}

int execute(const ChildPlan& plan) {
    ::execve(plan.executable, plan.argv.data(), plan.envp.data());
    return errno; // only ever returns on failure
}

// The program's own setup, ending with seccomp (then only the listener's hand-over and execve()), so
// every earlier step may still use what it forbids.
constexpr SetupStep<ChildStep, ProgramSetup> kProgramSteps[] = {
    // What belongs to this run alone, on top of the template's read-only tree.
    {ChildStep::ProcMount, onPlan<mountProc>, "mount a fresh /proc"},
    {ChildStep::WorkTmpfs, onPlan<mountWorkTmpfs>, "mount the size-capped working folder"},
    {ChildStep::OutputsFolder, createOutputsFolder, "create /tmp/outputs for the program's artifacts"},
    {ChildStep::ProgramTmpfs, onPlan<mountProgramTmpfs>, "mount the program's folder"},
    {ChildStep::ProgramFile, onPlan<writeProgramFile>, "write the program into the sandbox"},
    {ChildStep::EgressCertificate, onPlan<writeEgressCertificate>, "write the egress proxy's CA certificate"},
    {ChildStep::ProgramReadOnly, onPlan<makeProgramReadOnly>, "make the program's folder read-only"},
    {ChildStep::DataTmpfs, onPlan<mountDataTmpfs>, "mount the folder that shows the inputs"},
    {ChildStep::InputMounts, onPlan<mountInputs>, "show the inputs read-only under /data"},
    {ChildStep::DataReadOnly, onPlan<makeDataReadOnly>, "make /data read-only"},
    {ChildStep::Hostname, onPlan<setHostname>, "set the sandbox hostname"},
    // Then privileges go: capabilities, limits, no_new_privs, Landlock, and seccomp last of all.
    {ChildStep::ProgramCapabilityBounds, onPlan<emptyCapabilityBoundingSet>,
     "empty the program's capability bounding set"},
    {ChildStep::ProgramCapabilities, onPlan<dropCapabilities>, "drop the program's capabilities"},
    {ChildStep::ResourceLimits, onPlan<setResourceLimits>, "set resource limits"},
    {ChildStep::NoNewPrivs, onPlan<setNoNewPrivs>, "set no_new_privs"},
    {ChildStep::StandardStreams, onPlan<connectStandardStreams>, "connect stdin, stdout and stderr"},
    {ChildStep::WorkingFolder, onPlan<enterWorkingFolder>, "enter the working folder"},
    {ChildStep::Landlock, onPlan<restrictWithLandlock>, "apply the Landlock ruleset"},
    {ChildStep::CloseDescriptors, onPlan<closeOtherDescriptors>, "close every other descriptor"},
    {ChildStep::Seccomp, loadSeccomp, "load the seccomp filter"},
    {ChildStep::SendListener, handOverListener,
     "hand the seccomp listener and the working folder to the supervisor"},
    {ChildStep::Exec, onPlan<execute>, "execute the interpreter"},
};

int runProgram(void* init) {
    const InitSetup& parent = *static_cast<InitSetup*>(init);
    ProgramSetup program{parent.plan};
    program.egressListener = parent.egressListener;
    ChildStep failed = ChildStep::Exec;
    const int error = runSteps(kProgramSteps, program, failed);
    reportAndExit(*program.plan, failed, error); // a step failed, execve() among them
}

} // namespace

int switchToSandboxUser(const ChildPlan& plan) {
    if (::syscall(SYS_setresgid, plan.gid, plan.gid, plan.gid) != 0)
        return errno;
    return errorOf(::syscall(SYS_setresuid, plan.uid, plan.uid, plan.uid));
}

void runSandboxInit(const ChildPlan& plan) {
    InitSetup init{&plan};
    ChildStep failed = ChildStep::Count;
    if (const int error = runSteps(kInitSteps, init, failed))
        reportAndExit(plan, failed, error);
    superviseProgram(plan, init.program);
}

const char* describeSandboxStep(ChildStep step) {
    if (const char* what = whatOf(kInitSteps, step))
        return what;
    if (const char* what = whatOf(kProgramSteps, step))
        return what;
    return "send a well-formed setup report";
}

} // namespace sandbench
