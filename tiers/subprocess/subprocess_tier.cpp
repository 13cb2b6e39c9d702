#include "subprocess_tier.h"

#include "core/artifacts.h"
#include "core/input_files.h"
#include "core/output_collector.h"
#include "core/python_stack.h"
#include "core/stop_evidence.h"
#include "id_maps.h"
#include "sandbox_child.h"
#include "sandbox_plan.h"
#include "sandbox_zygote.h"
#include "seccomp_supervisor.h"
#include "tiers/common/child_watcher.h"
#include "tiers/common/egress_relay.h"
#include "tiers/common/host_uid_block.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr unsigned long kNamespaces =
    CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;

RunResult setupFailure(std::string evidence) {
    return RunResult::setupFailure("subprocess", std::move(evidence));
}

std::string readSysctl(const char* path) {
    std::string value;
    UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
    char buffer[64];
    const ssize_t count = fd.valid() ? ::read(fd.get(), buffer, sizeof buffer) : -1;
    if (count > 0)
        value.assign(buffer, static_cast<std::size_t>(count));
    while (!value.empty() && value.back() == '\n')
        value.pop_back();
    return value;
}

// Can this process create the namespaces a run needs? Tries it, the way bubblewrap probes: a child in
// all of them that exits at once.
std::string userNamespaceProblem() {
    const long pid = ::syscall(SYS_clone, kNamespaces | CLONE_NEWNET | SIGCHLD, nullptr, nullptr, nullptr, 0);
    if (pid == 0)
        ::_exit(0);
    if (pid > 0) {
        int status = 0;
        ::waitpid(static_cast<pid_t>(pid), &status, 0);
        return {};
    }
    const int error = errno;
    std::string why =
        "the kernel refused to create user namespaces (" + std::string(std::strerror(error)) + ")";
    if (readSysctl("/proc/sys/kernel/unprivileged_userns_clone") == "0")
        why += ": they are disabled for unprivileged users; enable them with "
               "`sudo sysctl -w kernel.unprivileged_userns_clone=1`";
    else if (readSysctl("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1")
        why += ": AppArmor restricts them; allow them with "
               "`sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` or an AppArmor profile for "
               "sandbench";
    else if (readSysctl("/proc/sys/user/max_user_namespaces") == "0")
        why +=
            ": user.max_user_namespaces is 0; raise it with `sudo sysctl -w user.max_user_namespaces=15000`";
    else if (error == EINVAL)
        why += ": this kernel was built without CONFIG_USER_NS";
    else
        why += ": if Sandbench runs inside a container, allow unshare/clone there (e.g. Docker's "
               "--security-opt seccomp=unconfined), or use the container tier";
    return why + ". The subprocess tier will not run without them.";
}

std::string describeSetupFailure(const SetupReport& report, const RunRequest& request) {
    const auto step = static_cast<ChildStep>(report.step);
    std::string text =
        std::string("could not ") + describeSandboxStep(step) + ": " + std::strerror(report.error);
    if (step == ChildStep::Exec && (report.error == ENOENT || report.error == EACCES))
        text += " — " + request.interpreter.front() +
                (::access(request.interpreter.front().c_str(), X_OK) == 0
                     ? " exists on the host but outside what the sandbox shows (/usr and the library folders)"
                     : " does not exist");
    return text + "; no user code ran";
}

UniqueFd programMemfd(const std::string& code, std::string& error) {
    UniqueFd fd(::memfd_create("sandbench-program", MFD_CLOEXEC));
    if (!fd.valid()) {
        error = std::string("memfd_create: ") + std::strerror(errno);
        return fd;
    }
    std::size_t done = 0;
    while (done < code.size()) {
        const ssize_t written = ::write(fd.get(), code.data() + done, code.size() - done);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            error = std::string("cannot stage the program: ") + std::strerror(errno);
            return UniqueFd();
        }
        done += static_cast<std::size_t>(written);
    }
    return fd;
}

// A descriptor copied out of the waiting program (the seccomp listener, the working folder): its host pid
// comes from the kernel's credentials on the setup socket, the descriptor number from its report. Needs
// ptrace access to the program, which a parent has over its descendants of the same uid (or as root).
UniqueFd takeDescriptor(pid_t program, int numberInProgram, int& error) {
    UniqueFd pidfd(static_cast<int>(::syscall(SYS_pidfd_open, program, 0)));
    UniqueFd taken;
    if (program > 0 && pidfd.valid() && numberInProgram >= 0)
        taken.reset(static_cast<int>(::syscall(SYS_pidfd_getfd, pidfd.get(), numberInProgram, 0)));
    error = taken.valid() ? 0 : (errno ? errno : EPROTO);
    return taken;
}

// The hand-over report's descriptors: the seccomp listener where the kernel notifies, and always the working
// folder. Both are taken before the program may run, so it never gets to swap what they point at.
bool takeHandOver(pid_t program, const SetupReport& report, UniqueFd& listener, SubprocessSandbox& sandbox,
                  int& error) {
    error = 0;
    if (report.listenerFd >= 0)
        listener = takeDescriptor(program, report.listenerFd, error);
    if (error == 0 && report.workFolderFd >= 0)
        sandbox.workFolder = takeDescriptor(program, report.workFolderFd, error);
    if (error == 0 && report.egressFd >= 0)
        sandbox.egressListener = takeDescriptor(program, report.egressFd, error);
    return error == 0;
}

} // namespace

TierInfo SubprocessTier::tierInfo() {
    TierInfo info;
    info.name = "subprocess";
    info.label = SANDBENCH_TRANSLATABLE("TierInfo", "Subprocess");
    info.description =
        "Hardened subprocess: namespaces, rlimits, a cgroup per run, Landlock and seccomp around "
        "a plain child process. Fast, but shares the host kernel.";
    return info;
}

const TierInfo& SubprocessTier::info() const {
    static const TierInfo info = tierInfo();
    return info;
}

SubprocessTier::SubprocessTier() {
    setWarmPoolSize(warmPoolSizeFromEnvironment(0));
}

SubprocessTier::~SubprocessTier() {
    // Idle warm sandboxes are killed first, and their cgroups join the finished runs'.
    m_pool.shutdown();
    // Every run's cgroups go next; the parents too, unless another Sandbench still has runs in them.
    m_cgroupRemover.drain();
    if (m_support.cgroups.usable())
        removeIdleCgroupParents(m_support.cgroups);
}

std::vector<MissingProtection> SubprocessTier::missingProtections() {
    const HostSupport& support = hostSupport();
    if (!support.probe.available)
        return {};
    if (!support.cgroups.usable())
        return {{"aggregate-memory", support.cgroups.note()}, {"socket-memory", support.cgroups.note()}};
    if (!support.cgroups.tcpCounted)
        return {{"socket-memory", support.cgroups.note()}};
    return {};
}

void SubprocessTier::settle() {
    m_cgroupRemover.drain();
}

std::vector<std::string> SubprocessTier::leftovers() {
    return m_cgroupRemover.leftovers();
}

const SubprocessTier::HostSupport& SubprocessTier::hostSupport() {
    std::call_once(m_probed, [this] {
        ProbeResult& probe = m_support.probe;
        if (std::string problem = userNamespaceProblem(); !problem.empty()) {
            probe.reason = problem;
            return;
        }
        const bool notify = kernelSupportsSeccompNotify();
        std::string error;
        if (!buildSeccompProgram(notify, m_support.seccomp, error)) {
            probe.reason = error + ". The subprocess tier will not run without its seccomp filter.";
            return;
        }
        m_support.landlock = planLandlock(landlockAbiVersion());
        ChildPlan base = planSandboxTemplate();
        base.landlock = m_support.landlock;
        base.seccomp = m_support.seccomp.view();
        base.seccompNotify = m_support.seccomp.notifies;
        base.dropSupplementaryGroups = ::geteuid() == 0;
        // As root, every sandbox gets a host uid of its own (a HostUidBlock slot), and the zygote the
        // block's owner uid: root's kernel quotas are never a sandbox's. Without a block root refuses.
        const HostUidBlock* block = nullptr;
        if (::geteuid() == 0) {
            if (!HostUidBlock::instance().available()) {
                probe.reason =
                    "cannot reserve host uids for the sandboxes: " + HostUidBlock::instance().problem() +
                    ". The subprocess tier will not run its sandboxes under a shared uid.";
                return;
            }
            block = &HostUidBlock::instance();
        }
        if (!m_zygote.start(base, block, error)) {
            probe.reason = error + ". The subprocess tier will not run without it.";
            return;
        }
        // Where the host cannot give each run a cgroup (an ordinary user on cgroup v1, a v2 subtree not
        // delegated), runs still go ahead, bounded per process only, and the note and
        // missingProtections() say so: the Attack Lab then shows those attacks as expected, with the reason.
        m_support.cgroups = probeRunCgroups();
        probe.available = true;
        probe.notes.push_back("namespaces: user, mount, PID, network, IPC, UTS, cgroup");
        probe.notes.push_back(m_support.cgroups.note());
        probe.notes.push_back(
            notify ? "seccomp: allow list, everything else denied and reported to the supervisor"
                   : "seccomp: allow list, everything else denied (no user notification on this kernel: "
                     "denials are silent)");
        probe.notes.push_back(
            m_support.landlock.abi > 0
                ? "Landlock ABI " + std::to_string(m_support.landlock.abi) + ": second filesystem layer on"
                : "Landlock unavailable on this kernel: second filesystem layer off (the mount "
                  "namespace still hides host files)");
        probe.notes.push_back(
            block ? "each run has a host uid of its own (" + std::to_string(block->ownerUid() + 1) + "–" +
                        std::to_string(block->ownerUid() + HostUidBlock::kRunSlots) +
                        "), uid 1000 inside; the zygote runs as " + std::to_string(block->ownerUid()) +
                        ", never as root"
                  : "runs as your uid on the host, uid 1000 inside, with no capability; all runs share your "
                    "uid's pipe-buffer and in-flight-descriptor quotas (separate uids need root)");
        probe.notes.push_back("per-sandbox quotas: " + describeKernelQuotas(base));
        probe.notes.push_back(describeProc(m_zygote.procSubsetPid()));
    });
    return m_support;
}

ProbeResult SubprocessTier::probe() {
    ProbeResult probe = hostSupport().probe;
    if (probe.available) {
        // Once per tier: a run of its own (about a tenth of a second), whose answer holds while we run.
        std::call_once(m_stackProbed,
                       [this] { m_pythonStack = probePythonStack(*this, m_pythonStackProblem); });
        if (m_pythonStack.empty()) {
            probe.available = false;
            probe.reason = "the host's Python lacks the data stack every tier carries (" +
                           m_pythonStackProblem + "): install it with scripts/install-deps.sh";
            return probe;
        }
        probe.notes.insert(probe.notes.begin(), m_pythonStack);
    }
    if (const int pool = m_pool.size(); probe.available && pool > 0)
        probe.notes.push_back("warm pool of " + std::to_string(pool) +
                              ": each sandbox set up ahead with its interpreter started, serves one run");
    return probe;
}

std::string SubprocessShape::key() const {
    std::string key = policy.toJson();
    for (const std::string& word : interpreter)
        key += '\0' + word;
    return key;
}

std::unique_ptr<SubprocessSandbox> SubprocessTier::spawnSandbox(const RunRequest& request, bool warm,
                                                                std::string& error,
                                                                const EgressProxy* egress) {
    const HostSupport& support = hostSupport();
    if (!support.probe.available) {
        error = support.probe.reason;
        return nullptr;
    }
    // Inputs are checked, and their read-only copies taken, before anything of the sandbox exists.
    const CheckedInputs inputs = checkInputs(request.policy);
    if (!inputs.ok()) {
        error = inputs.problem + "; no user code ran";
        return nullptr;
    }
    if (inputs.inputs.size() > static_cast<std::size_t>(kMostSubprocessInputs)) {
        error = "the subprocess tier shows at most " + std::to_string(kMostSubprocessInputs) +
                " inputs; put them in one folder and give that; no user code ran";
        return nullptr;
    }
    std::vector<UniqueFd> inputTrees;
    for (const InputFile& input : inputs.inputs) {
        inputTrees.push_back(detachedReadOnlyTree(input.hostPath, error));
        if (!inputTrees.back().valid()) {
            error += "; no user code ran";
            return nullptr;
        }
    }
    auto sandbox = std::make_unique<SubprocessSandbox>();
    UniqueFd code;
    if (warm) {
        Pipe input;
        if (!makePipe(input)) {
            error = std::string("cannot create the program's pipe: ") + std::strerror(errno);
            return nullptr;
        }
        // Room for the largest program a warm run takes, so the hand-over is one write that never blocks.
        ::fcntl(input.write.get(), F_SETPIPE_SZ, kWarmProgramBytes);
        code = std::move(input.read);
        sandbox->programInput = std::move(input.write);
    } else {
        code = programMemfd(request.code, error);
        if (!code.valid())
            return nullptr;
    }
    Pipe out, err, exitStatus;
    int setupPair[2];
    if (!makePipe(out) || !makePipe(err) || !makePipe(exitStatus) ||
        ::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, setupPair) != 0) {
        error = std::string("cannot create the sandbox's channels: ") + std::strerror(errno);
        return nullptr;
    }
    sandbox->setupParent.reset(setupPair[0]);
    UniqueFd setupChild(setupPair[1]);
    const int passCredentials = 1; // the kernel, not the sandbox, says who sent a report
    ::setsockopt(sandbox->setupParent.get(), SOL_SOCKET, SO_PASSCRED, &passCredentials,
                 sizeof passCredentials);
    if (::geteuid() == 0) {
        sandbox->uidSlot = HostUidBlock::instance().acquire(error);
        if (!sandbox->uidSlot.valid()) {
            error += "; no user code ran";
            return nullptr;
        }
    }

    auto spawn = std::make_unique<SpawnRequest>();
    spawn->privateNetwork = request.policy.network ? 0 : 1;
    std::map<std::string, std::string> environment = request.policy.environment;
    if (egress) {
        const std::string& ca = egress->caCertificate();
        if (ca.size() > sizeof spawn->egressCa) {
            error = "the egress proxy's CA certificate is larger than a sandbox takes; no user code ran";
            return nullptr;
        }
        spawn->egressPort = kEgressPortInside;
        spawn->egressCaSize = static_cast<std::uint32_t>(ca.size());
        std::memcpy(spawn->egressCa, ca.data(), ca.size());
        for (auto& [name, value] : egressEnvironment(egress->urlInside(kEgressPortInside),
                                                     kEgressCaPathInside, egress->placeholders()))
            environment[name] = value;
    }
    spawn->sandboxOwner =
        kSandboxUid + static_cast<std::uint32_t>(sandbox->uidSlot.valid() ? sandbox->uidSlot.index() : 0);
    spawn->codeSize = warm ? 0 : request.code.size();
    spawn->programOnStdin = warm ? 1 : 0;
    const std::string workOptions = workFolderTmpfsOptions(request.policy);
    const std::string programOptions = programFolderTmpfsOptions(warm ? 0 : request.code.size());
    std::snprintf(spawn->workTmpfsOptions, sizeof spawn->workTmpfsOptions, "%s", workOptions.c_str());
    std::snprintf(spawn->programTmpfsOptions, sizeof spawn->programTmpfsOptions, "%s",
                  programOptions.c_str());
    for (const auto& [resource, value] : resourceLimits(request.policy))
        spawn->limits[spawn->limitCount++] = {resource, value};
    std::vector<std::string> arguments = request.interpreter;
    arguments.push_back(warm ? "-" : kProgramPathInside);
    if (!spawn->setCommand(arguments, environment, error)) {
        error += "; no user code ran";
        return nullptr;
    }

    // The run's cgroups exist, with their limits, before the sandbox does.
    if (support.cgroups.usable() && !sandbox->cgroup->create(support.cgroups, request.policy, error)) {
        error = "cannot set up the run's cgroups: " + error + "; no user code ran";
        return nullptr;
    }

    // The init moves itself into them (step JoinCgroup) through these files, which travel with the request,
    // before it starts anything: nothing of the program ever runs outside them.
    std::vector<int> joinFiles;
    if (sandbox->cgroup->active() && !sandbox->cgroup->openJoinFiles(joinFiles, error)) {
        error = "cannot hand the sandbox its cgroups: " + error + "; no user code ran";
        return nullptr;
    }
    spawn->joinFileCount = static_cast<std::int32_t>(joinFiles.size());
    std::vector<int> inputTreeFds;
    for (std::size_t i = 0; i < inputs.inputs.size(); ++i) {
        const InputFile& input = inputs.inputs[i];
        std::snprintf(spawn->inputNames[i], sizeof spawn->inputNames[i], "%s", input.name.c_str());
        spawn->inputIsFolder[i] = input.folder ? 1 : 0;
        inputTreeFds.push_back(inputTrees[i].get());
    }
    spawn->inputCount = static_cast<std::int32_t>(inputTreeFds.size());
    SandboxZygote::Spawned spawned;
    const bool started = m_zygote.spawn(*spawn,
                                        {code.get(), out.write.get(), err.write.get(), exitStatus.write.get(),
                                         setupChild.get(), joinFiles, inputTreeFds},
                                        spawned, error);
    for (const int fd : joinFiles)
        ::close(fd);
    if (!started) {
        error += "; no user code ran";
        return nullptr;
    }
    sandbox->pidfd = std::move(spawned.pidfd);
    sandbox->stdoutRead = std::move(out.read);
    sandbox->stderrRead = std::move(err.read);
    sandbox->exitRead = std::move(exitStatus.read);
    return sandbox; // the sandbox holds its own copies of the other ends now
}

void SubprocessTier::discardSandbox(std::unique_ptr<SubprocessSandbox> sandbox) {
    if (!sandbox || !sandbox->pidfd.valid())
        return;
    ::syscall(SYS_pidfd_send_signal, sandbox->pidfd.get(), SIGKILL, nullptr, 0);
    if (sandbox->cgroup && sandbox->cgroup->active())
        m_cgroupRemover.adopt(std::move(sandbox->cgroup), std::move(sandbox->pidfd));
}

std::unique_ptr<SubprocessSandbox>
SubprocessTier::startWarmSandbox(const SubprocessShape& shape, std::stop_token stop, std::string& error) {
    RunRequest request;
    request.policy = shape.policy;
    request.interpreter = shape.interpreter;
    std::unique_ptr<SubprocessSandbox> sandbox = spawnSandbox(request, true, error);
    if (!sandbox)
        return nullptr;
    // The sandbox's whole setup happens now, as for a cold run: reports until end-of-file on the setup
    // socket, which means execve() ran; the seccomp listener is taken on the way. Then only the
    // interpreter's own start is left, and it stops at reading the program.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (true) {
        if (stop.stop_requested() || std::chrono::steady_clock::now() > deadline) {
            error = stop.stop_requested() ? "stopped" : "the sandbox did not finish its setup within 10 s";
            discardSandbox(std::move(sandbox));
            return nullptr;
        }
        pollfd ready{sandbox->setupParent.get(), POLLIN, 0};
        if (::poll(&ready, 1, 100) <= 0)
            continue;
        SetupReport report;
        Received received;
        const ssize_t count = receiveSetupReport(sandbox->setupParent.get(), report, received);
        if (count <= 0)
            break; // end-of-file: the interpreter has been executed, or the sandbox died
        if (report.step == static_cast<std::int32_t>(ChildStep::SendListener) && report.error == 0 &&
            !sandbox->listener.valid() && !sandbox->workFolder.valid()) {
            int takeError = 0;
            if (takeHandOver(received.sender, report, sandbox->listener, *sandbox, takeError) &&
                ::send(sandbox->setupParent.get(), "t", 1, MSG_NOSIGNAL) == 1)
                continue;
            report.error = takeError ? takeError : errno;
        }
        error = describeSetupFailure(report, request);
        discardSandbox(std::move(sandbox));
        return nullptr;
    }
    // A sandbox that died at its execve() ends its exit pipe too: then it is no warm sandbox.
    pollfd exited{sandbox->exitRead.get(), POLLIN, 0};
    if (::poll(&exited, 1, 0) > 0) {
        error = "the warm sandbox ended before its program arrived";
        discardSandbox(std::move(sandbox));
        return nullptr;
    }
    sandbox->setupParent.reset();
    return sandbox;
}

bool SubprocessTier::hasWarmPool() const {
    return true;
}

int SubprocessTier::warmPoolSize() const {
    return m_pool.size();
}

void SubprocessTier::setWarmPoolSize(int size) {
    if (size > 0)
        m_pool.prepare(SubprocessShape{RunRequest{}.policy, RunRequest{}.interpreter});
    m_pool.setSize(size);
}

bool SubprocessTier::waitUntilWarm(const RunRequest& request, std::stop_token stop) {
    if (!hostSupport().probe.available)
        return false;
    return m_pool.waitUntilReady(SubprocessShape{request.policy, request.interpreter}, stop);
}

RunResult SubprocessTier::run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) {
    auto started = ChildWatcher::Clock::now();
    const HostSupport& support = hostSupport();
    if (!support.probe.available)
        return setupFailure(support.probe.reason);
    if (request.interpreter.empty() || request.interpreter.front().empty() ||
        request.interpreter.front()[0] != '/')
        return setupFailure(
            "the interpreter must be an absolute path, e.g. /usr/bin/python3; no user code ran");
    if (request.policy.egress.active())
        return runBehindEgressProxy(request, sink, stop);

    std::string error;
    // A warm sandbox, when one of this shape waits and the program fits its pipe: the hand-over is one write.
    std::unique_ptr<SubprocessSandbox> sandbox;
    if (request.code.size() <= static_cast<std::size_t>(kWarmProgramBytes))
        sandbox = m_pool.take(SubprocessShape{request.policy, request.interpreter});
    const bool warm = sandbox != nullptr;
    std::int64_t cpuAtHandOver = -1;
    if (warm) {
        if (static_cast<std::size_t>(::fcntl(sandbox->programInput.get(), F_GETPIPE_SZ)) <
            request.code.size()) {
            discardSandbox(std::move(sandbox)); // the kernel gave its pipe less room: start cold instead
            return run(request, sink, stop);
        }
        // The run starts at the hand-over: its wall clock and timeout, and its CPU time, from here on.
        started = ChildWatcher::Clock::now();
        if (sandbox->cgroup->active())
            cpuAtHandOver = sandbox->cgroup->counters().cpuMicros;
        const ssize_t written =
            ::write(sandbox->programInput.get(), request.code.data(), request.code.size());
        sandbox->programInput.reset(); // end-of-file: the interpreter compiles and runs what it read
        if (written != static_cast<ssize_t>(request.code.size())) {
            discardSandbox(std::move(sandbox));
            return setupFailure(std::string("cannot hand the program to the warm sandbox: ") +
                                std::strerror(errno) + "; no user code ran");
        }
    } else {
        sandbox = spawnSandbox(request, false, error);
        if (!sandbox)
            return setupFailure(error);
    }
    RunResult result = superviseRun(*sandbox, request, sink, stop, started, warm ? &cpuAtHandOver : nullptr);
    result.warmStart = warm;
    return result;
}

RunResult SubprocessTier::runBehindEgressProxy(const RunRequest& request, const OutputSink& sink,
                                               std::stop_token stop) {
    EgressProxy proxy;
    std::string error;
    if (!startEgressProxyFor(request, proxy, error))
        return setupFailure(error);
    // The program's clock starts after the proxy's start-up (about a second of mitmproxy's own).
    const auto started = ChildWatcher::Clock::now();
    // A cold sandbox: a warm one was set up before this run's proxy, its CA and placeholders existed.
    std::unique_ptr<SubprocessSandbox> sandbox = spawnSandbox(request, false, error, &proxy);
    if (!sandbox)
        return setupFailure(error);
    RunResult result = superviseRun(*sandbox, request, sink, stop, started, nullptr, &proxy);
    finishEgress(proxy, result);
    return result;
}

RunResult SubprocessTier::superviseRun(SubprocessSandbox& sandbox, const RunRequest& request,
                                       const OutputSink& sink, std::stop_token stop,
                                       ChildWatcher::Clock::time_point started,
                                       const std::int64_t* cpuAtHandOver, const EgressProxy* egress) {
    const int pidfdForKill = sandbox.pidfd.get();
    auto killAll = [pidfdForKill] { ::syscall(SYS_pidfd_send_signal, pidfdForKill, SIGKILL, nullptr, 0); };
    auto& cgroup = sandbox.cgroup;

    OutputCollector output(request.policy.outputCapBytes, sink);
    // The sandbox's init is the zygote's child: we watch and kill it through its pidfd, the zygote reaps it.
    UniqueFd watchedPidfd(::fcntl(pidfdForKill, F_DUPFD_CLOEXEC, 3));
    ChildWatcher watcher(-1, std::move(watchedPidfd), output, ChildWatcher::Reaping::ByOthers);
    watcher.watchOutput(std::move(sandbox.stdoutRead), Stream::Stdout);
    watcher.watchOutput(std::move(sandbox.stderrRead), Stream::Stderr);
    watcher.setKillAll(killAll);

    std::optional<SetupReport> failure;
    // Started once the sandbox hands over its loopback listener; gone, every connection closed, before
    // this returns (declared before the watcher, so the watcher's callbacks never outlive it).
    std::optional<EgressRelay> relay;
    SeccompSupervisor supervisor;
    if (sandbox.listener.valid()) { // a warm sandbox's, taken while it started
        const int raw = sandbox.listener.get();
        supervisor.adopt(std::move(sandbox.listener));
        watcher.watchExtra(raw, [&supervisor](short revents) { return supervisor.serve(revents); });
    }
    const int setupParent = sandbox.setupParent.get();
    if (setupParent >= 0)
        watcher.watchExtra(setupParent, [&](short) {
            SetupReport report;
            Received received;
            const ssize_t count = receiveSetupReport(setupParent, report, received);
            if (count <= 0)
                return false; // end-of-file: the program has been executed, or died
            if (report.step == static_cast<std::int32_t>(ChildStep::SendListener) && report.error == 0 &&
                !supervisor.hasListener() && !sandbox.workFolder.valid()) {
                int takeError = 0;
                UniqueFd listener;
                if (egress && report.egressFd < 0)
                    takeError = EPROTO; // an allow list without its listener: the program must not run
                if (takeError == 0 && takeHandOver(received.sender, report, listener, sandbox, takeError) &&
                    (!egress || sandbox.egressListener.valid()) &&
                    ::send(setupParent, "t", 1, MSG_NOSIGNAL) == 1) {
                    if (egress)
                        relay.emplace(std::move(sandbox.egressListener), egress->port());
                    if (listener.valid()) {
                        const int raw = listener.get();
                        supervisor.adopt(std::move(listener));
                        watcher.watchExtra(
                            raw, [&supervisor](short revents) { return supervisor.serve(revents); });
                    }
                    return true;
                }
                report.error = takeError ? takeError : errno;
                killAll(); // the program waits for the listener's hand-over: it must not run without it
            }
            if (!failure)
                failure = report;
            return true;
        });
    std::optional<ExitRecord> programExit;
    const int exitRead = sandbox.exitRead.get();
    watcher.watchExtra(exitRead, [&](short) {
        ExitRecord record;
        if (::read(exitRead, &record, sizeof record) == sizeof record)
            programExit = record;
        return false;
    });
    // Done once the program's status is in, its output has ended and nothing else lives in the sandbox: init
    // is then only tearing down namespaces, which the reaper waits for, not the user.
    watcher.finishWhen([&] { return programExit && !programExit->othersAlive; });

    const auto timeout = std::chrono::duration_cast<ChildWatcher::Clock::duration>(
        std::chrono::duration<double>(request.policy.timeoutSeconds));
    const WatchOutcome outcome = watcher.run(started, timeout, stop);

    // What the kernel counted for the whole run: every process of it has ended by now (finishWhen), but
    // init, which is still tearing its namespaces down. The cgroups go once it has exited too, in the
    // background: the result need not wait for the kernel's teardown.
    CgroupCounters counted;
    if (cgroup->active()) {
        counted = cgroup->counters();
        UniqueFd initPidfd(::fcntl(pidfdForKill, F_DUPFD_CLOEXEC, 3));
        if (initPidfd.valid()) {
            m_cgroupRemover.adopt(std::move(cgroup), std::move(initPidfd));
        } else {
            killAll();
            std::string ignored;
            cgroup->remove(2000, ignored); // the destructor's last try otherwise
        }
    }

    RunResult result;
    result.tier = "subprocess";
    output.finish(result);
    // Every process of the run has ended (or been killed): whatever it left in /tmp/outputs is read through
    // the working folder's descriptor, taken before the program ran (artifacts.h says how nothing there is
    // followed out of it).
    ArtifactCollector artifacts(request.policy);
    if (sandbox.workFolder.valid())
        collectArtifactsFrom(sandbox.workFolder.get(), artifacts);
    sandbox.workFolder.reset(); // the last reference to the sandbox's working folder: the tmpfs goes now
    artifacts.finish(result);
    result.wallSeconds = outcome.wallSeconds;
    result.timedOut = outcome.timedOut;
    if (programExit) {
        result.cpuSeconds = static_cast<double>(programExit->userMicros + programExit->systemMicros) / 1e6;
        result.peakMemoryKb = programExit->maxRssKb;
        if (WIFEXITED(programExit->waitStatus))
            result.exitCode = WEXITSTATUS(programExit->waitStatus);
        else if (WIFSIGNALED(programExit->waitStatus))
            result.termSignal = WTERMSIG(programExit->waitStatus);
    } else {
        // Killed (timeout, cancel) before init could report: the zygote reaped init, so only the run's
        // cgroups below know what it used. Without them the figures are not known, never zero.
        if (outcome.timedOut || outcome.cancelled)
            result.termSignal = SIGKILL;
    }
    // The run's cgroups count every process of it, init and the killed ones included, and kernel memory.
    if (counted.cpuMicros >= 0)
        result.cpuSeconds =
            std::max(result.cpuSeconds.value_or(0), static_cast<double>(counted.cpuMicros) / 1e6);
    if (counted.peakBytes > 0)
        result.peakMemoryKb =
            std::max<std::int64_t>(result.peakMemoryKb.value_or(0), counted.peakBytes >> 10);
    if (cpuAtHandOver) {
        // A warm run: the interpreter's start-up ran before the hand-over, so the run's CPU is what its
        // cgroups counted after it. Without them only the program's whole CPU time is known, start-up
        // included: none is reported rather than a figure that is not the run's. The peak memory is the
        // program's as in a cold run (its interpreter's start-up is part of it there too).
        if (*cpuAtHandOver >= 0 && counted.cpuMicros >= 0)
            result.cpuSeconds =
                static_cast<double>(std::max<std::int64_t>(0, counted.cpuMicros - *cpuAtHandOver)) / 1e6;
        else
            result.cpuSeconds.reset();
    }

    char wall[32];
    std::snprintf(wall, sizeof wall, "%.1f", result.wallSeconds);
    if (outcome.cancelled) {
        result.stoppedBy = StopReason::Cancelled;
        result.evidence =
            std::string("cancelled by the user at ") + wall + " s; the sandbox's PID namespace was killed";
    } else if (failure) {
        result.exitCode.reset(); // the 127 is the failed setup's, not a program's
        result.stoppedBy = StopReason::SetupFailure;
        result.evidence = describeSetupFailure(*failure, request);
    } else if (outcome.timedOut) {
        result.stoppedBy = StopReason::Timeout;
        result.evidence =
            std::string("killed at ") + wall + " s wall timeout (SIGKILL to the sandbox's PID namespace)";
    } else if (counted.oomKills > 0) {
        // The memory cgroup's OOM killer chose a process of the run (init, even, which then reports nothing):
        // the run as a whole held its limit, whatever the program made of the loss.
        result.stoppedBy = StopReason::MemoryLimit;
        result.evidence =
            (result.termSignal ? "killed by " + signalName(*result.termSignal) + ": " : std::string()) +
            "the run's memory cgroup (" + std::to_string(request.policy.memoryMb) +
            " MB for all its processes, kernel memory included) was full, and its OOM killer ended " +
            std::to_string(counted.oomKills) + (counted.oomKills == 1 ? " process" : " processes");
    } else if (!programExit) {
        result.stoppedBy = StopReason::SetupFailure;
        result.evidence = "the sandbox ended before reporting the program's status";
    } else if (supervisor.hasDenials() && result.exitCode != 0) {
        result.stoppedBy = StopReason::Seccomp;
        result.evidence = "seccomp denied " + supervisor.denialSummary() + " (answered EOPNOTSUPP)";
    } else {
        TierLayers layers;
        layers.memory = "address-space limit (RLIMIT_AS)";
        layers.processes = "limit (RLIMIT_NPROC, counted in the sandbox's own user namespace)";
        layers.fileSize = "file-size limit (RLIMIT_FSIZE)";
        layers.disk = "tmpfs working folder";
        layers.network = request.policy.egress.active()
                             ? "network namespace with loopback only: its one way out is the egress proxy"
                             : "empty network namespace";
        layers.filesystem = "private mount namespace: a minimal view of the host's files";
        layers.readOnly = "the sandbox's minimal view is mounted read-only";
        explainStop(result, request.policy, layers);
        if (result.stoppedBy == StopReason::None && counted.pidsLimitHits > 0) {
            result.stoppedBy = StopReason::ProcessLimit;
            result.evidence = "the run's pids cgroup (pids.max " +
                              std::to_string(request.policy.processes + 1) + ", init included) refused " +
                              std::to_string(counted.pidsLimitHits) +
                              (counted.pidsLimitHits == 1 ? " fork" : " forks");
        } else if (result.stoppedBy == StopReason::ProcessLimit && counted.pidsLimitHits > 0) {
            result.evidence += " (the run's pids cgroup refused " + std::to_string(counted.pidsLimitHits) +
                               (counted.pidsLimitHits == 1 ? " fork too)" : " forks too)");
        }
    }
    if (result.stoppedBy == StopReason::None && result.stdoutTruncated | result.stderrTruncated) {
        result.stoppedBy = StopReason::OutputCap;
        result.evidence = "output beyond " + std::to_string(request.policy.outputCapBytes) +
                          " bytes per stream was drained and dropped";
    }
    return result;
}

} // namespace sandbench
