#pragma once

#include "tiers/common/descriptor_passing.h"

#include <cstddef>
#include <cstdint>
#include <sys/types.h>

namespace sandbench {

// Every setup step of the subprocess tier's processes, in the order they run. Each process has one table
// of its steps ({step, function, what it does}: sandbox_zygote.cpp, sandbox_child.cpp); a failing step is
// reported to the parent with its errno, and no user code runs.
enum class ChildStep : std::int32_t {
    // The zygote, forked once from Sandbench: its own user and mount namespaces, the template's view.
    ZygoteDescriptors,
    ZygoteSession,
    ZygoteOwner,
    ZygoteNamespaces,
    ZygoteIdMaps,
    DropGroups,
    ZygoteUser,
    PrivateMounts,
    RootTmpfs,
    FilesystemView,
    ServerLifeline,
    ServerPidNamespace,
    StartServer,
    // The zygote's server, PID 1 of the zygote's PID namespace: the template's /proc, then pivot and seal.
    ServerDeathSignal,
    ServerCommandLine,
    ServerDumpable,
    ServerReaping,
    TemplateProc,
    ProcSubsetPid,
    PivotRoot,
    ReadOnlyRoot,
    // The server, for every run.
    SpawnRequest,
    SandboxOwner,
    CloneSandbox,
    // The sandbox's init (PID 1 of the sandbox), every run.
    ResetSignals,
    DeathSignal,
    JoinCgroup,
    CgroupNamespace,
    WriteIdMaps,
    SwitchUser,
    KernelQuotas,
    CreateNetwork,
    EgressListener,
    StartProgram,
    DropCapabilities,
    NotDumpable,
    InitNoNewPrivs,
    ReleaseChannels,
    // The program, from clone() to execve(): what is its own, then privileges go, seccomp last.
    ProcMount,
    WorkTmpfs,
    OutputsFolder,
    ProgramTmpfs,
    ProgramFile,
    EgressCertificate,
    ProgramReadOnly,
    DataTmpfs,
    InputMounts,
    DataReadOnly,
    Hostname,
    ProgramCapabilityBounds,
    ProgramCapabilities,
    ResourceLimits,
    NoNewPrivs,
    StandardStreams,
    WorkingFolder,
    Landlock,
    CloseDescriptors,
    Seccomp,
    SendListener,
    Exec,
    // Not a step: a report that arrived malformed, or none at all.
    Count
};

// The one message a setup process sends its parent: a step that failed (`error` set), or one that has news
// (`error` 0): the zygote's ZygoteIdMaps (ready for its id maps), its server's ReadOnlyRoot (the template is
// sealed), its CloneSandbox (a sandbox, its pidfd passed along), the program's SendListener.
struct SetupReport {
    std::uint32_t magic = 0x53424e43; // "SBNC"
    std::int32_t step = static_cast<std::int32_t>(ChildStep::Count);
    std::int32_t error = 0;
    // With SendListener: the listener's descriptor number in the program, which waits, the listener open,
    // until the parent has taken a copy with pidfd_getfd() and answers with one byte.
    std::int32_t listenerFd = -1;
    // With SendListener too: the working folder's descriptor in the program (its /tmp, opened before the
    // program ran), copied the same way: the host collects /tmp/outputs through it once the sandbox is gone.
    std::int32_t workFolderFd = -1;
    // With SendListener too, where the policy has an allow list: the listening socket init made in the
    // sandbox's network namespace (127.0.0.1:<egress port>), copied the same way; the host relays what
    // connects to it to the egress proxy, so the sandbox needs no route, no forwarder and no host socket.
    std::int32_t egressFd = -1;
    // With ReadOnlyRoot: 1 when the kernel mounts a /proc limited to processes (subset=pid, Linux 5.8+)
    // where the sandboxes mount theirs, 0 when they must show the whole /proc.
    std::int32_t procSubsetPid = 0;

    SetupReport() = default;
    SetupReport(ChildStep reported, int errorNumber)
        : step(static_cast<std::int32_t>(reported))
        , error(errorNumber) {}
    ChildStep childStep() const { return static_cast<ChildStep>(step); }
};

// Sends one report (retrying on EINTR); no allocation, for the setup processes. Returns send()'s count.
ssize_t sendSetupReport(int socket, const SetupReport& report);

// Receives one report (retrying on EINTR), descriptors sent along owned by `fds` (up to `capacity`, the
// rest closed), and in `received.sender` the host pid of its sender from the kernel's credentials where
// the socket has SO_PASSCRED on (else 0): never from the report. A message that is not a whole report
// comes back as step Count with EPROTO. Returns recvmsg()'s count: 0 at end-of-file (every sender's end
// closed).
ssize_t receiveSetupReport(int socket, SetupReport& report, Received& received, UniqueFd* fds = nullptr,
                           int capacity = 0);

} // namespace sandbench
