#include "hardened_run_command.h"

#include "container_waiter.h"
#include "egress_forwarder_py.h"

#include <cmath>
#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

namespace sandbench {

namespace {

std::string megabytes(std::int64_t mb) {
    return std::to_string(mb) + "m";
}

std::string cpus(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

std::vector<std::string> resourceLimits(const ContainerEngine& engine, const ContainerShape& shape) {
    const Policy& policy = shape.policy;
    const std::string fileSize = std::to_string(policy.fileSizeMb << 20);
    const std::string cpuSeconds = std::to_string(policy.effectiveCpuSeconds());
    std::vector<std::string> limits{"--ulimit", "fsize=" + fileSize + ":" + fileSize, "--ulimit",
                                    "cpu=" + cpuSeconds + ":" + cpuSeconds, "--ulimit", "nofile=1024:1024",
                                    // Counted per host uid: a container's own bounds, whatever its uid.
                                    "--ulimit",
                                    "sigpending=" + std::to_string(kContainerPendingSignals) + ":" +
                                        std::to_string(kContainerPendingSignals),
                                    "--ulimit", "msgqueue=0:0"};
    if (engine.runtime.gvisor) {
        // Inside gVisor this is the Sentry's own limit on its own tasks: RLIMIT_NPROC counts the program's
        // processes and threads exactly (its uid is the sandbox's alone). Memory has no rlimit the engines
        // pass on (Docker has no `as`): the host's memory cgroup bounds the whole sandbox. The egress
        // forwarder runs as the program's uid: one more, so the program keeps all of its own.
        const std::string nproc = std::to_string(policy.processes + (shape.egressSocket.empty() ? 0 : 1));
        limits.insert(limits.end(), {"--ulimit", "nproc=" + nproc + ":" + nproc});
    } else if (engine.kind == EngineKind::Podman) {
        // Podman's defaults exceed what a process without CAP_SYS_RESOURCE may set, and then it cannot start
        // any container; stay within our own hard limit. RLIMIT_NPROC counts every process of the uid on the
        // host, so it is no bound for the program: --pids-limit is.
        rlimit processes{};
        ::getrlimit(RLIMIT_NPROC, &processes);
        const rlim_t cap = 16384; // Podman 4.3 fails above 32767 here, whatever the hard limit says
        const std::string nproc = std::to_string(std::min(processes.rlim_max, cap));
        limits.insert(limits.end(), {"--ulimit", "nproc=" + nproc + ":" + nproc});
    }
    return limits;
}

// The container's own deadline, counted from the hand-over: a little after Sandbench's, which comes first
// and names the limit in its evidence whenever Sandbench is alive to enforce it.
std::string watchdogSeconds(const Policy& policy) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", policy.timeoutSeconds + kWatchdogGraceSeconds);
    return text;
}

} // namespace

std::string containerIdFile(const ContainerEngine& engine, const std::string& name) {
    return engine.workingFolder.empty() ? std::string() : engine.workingFolder + "/" + name + ".cid";
}

std::string ContainerShape::key() const {
    std::string text = image + '\n' + policy.toJson() + '\n' + seccompProfile + '\n';
    for (const auto& part : interpreter)
        text += part + '\0';
    // A container is only ever taken for a run whose inputs it mounts: a warm one started without them never.
    for (const InputFile& input : inputs)
        text += input.hostPath + '\0' + input.name + '\n';
    for (const auto& [name, value] : egressEnvironment)
        text += name + '=' + value + '\n';
    return text + egressCaFile + '\n' + egressSocket;
}

std::vector<std::string> hardenedRunCommand(const ContainerEngine& engine, const ContainerShape& shape,
                                            const std::string& name, unsigned programUid) {
    const Policy& policy = shape.policy;
    const std::string workdir = megabytes(policy.workdirMb);
    std::string tmpfs = "/tmp:rw,nosuid,nodev,size=" + workdir;
    // gVisor's Sentry neither reports nor (as far as anyone can check from inside) applies nosuid: noexec
    // makes sure no setuid file there can ever be run (Docker's tmpfs is noexec by default, Podman's not).
    if (engine.runtime.gvisor)
        tmpfs += ",noexec";
    if (engine.kind == EngineKind::Docker) // Podman rejects nr_inodes; there the memory cgroup bounds inodes
        tmpfs += ",nr_inodes=" + std::to_string(std::max<std::int64_t>(1024, policy.workdirMb * 256));
    std::vector<std::string> args{"run", "--rm", "-i", "--name", name};
    const bool hostSocket = engine.runtime.gvisor && !shape.egressSocket.empty();
    if (engine.runtime.gvisor && engine.kind == EngineKind::Docker)
        args.insert(args.end(), {"--runtime", hostSocket ? engine.runtime.dockerEgressName()
                                                         : engine.runtime.dockerName(policy.network)});
    const std::vector<std::string> labels = ownerLabels();
    args.insert(args.end(), labels.begin(), labels.end());
    // The full id, so the host can find the container's processes by their cgroup (container_processes.h).
    if (!engine.workingFolder.empty())
        args.insert(args.end(), {"--cidfile", containerIdFile(engine, name)});
    args.insert(args.end(), {"--pull", "never"});      // never reach a registry: the image is local
    args.insert(args.end(), {"--log-driver", "none"}); // the engine keeps no copy of the output
    args.insert(args.end(), {"--read-only", "--tmpfs", tmpfs, "--shm-size", workdir, "-w", "/tmp"});
    // The waiter keeps only what it needs to start the program as another uid and to end it; the program
    // loses every capability when setpriv changes its uid, and no_new_privs keeps it so.
    args.insert(args.end(), {"--cap-drop", "ALL", "--cap-add", "SETUID", "--cap-add", "SETGID", "--cap-add",
                             "KILL", "--security-opt", "no-new-privileges"});
    // Docker's client reads the file and sends its content, so a remote daemon gets it too; Podman's service
    // opens the path itself, and refuses the container when it cannot.
    args.insert(args.end(), {"--security-opt", "seccomp=" + shape.seccompProfile});
    // The waiter runs as the container's root, the program as kProgramUid (below): two uids, so the program
    // can neither inspect nor signal the waiter that reports its result.
    args.insert(args.end(), {"--user", "0:0"});
    args.insert(args.end(),
                {"--memory", megabytes(policy.memoryMb), "--memory-swap", megabytes(policy.memoryMb)});
    args.insert(args.end(), {"--cpus", cpus(policy.cpus)});
    // The waiter (PID 1) and its watchdog (a shell and its sleep) count against the limit, so the program
    // keeps all of policy.processes.
    // Under gVisor the host's pids cgroup counts the Sentry's and the gofer's threads and the platform's
    // stub processes, not the program's: about 2 host threads per task plus ~50 of the Sentry's own, and a
    // Sentry refused a thread panics. The program's own bound there is RLIMIT_NPROC inside (above).
    const int hostPids = engine.runtime.gvisor ? 128 + 4 * (policy.processes + 3) : policy.processes + 3;
    args.insert(args.end(), {"--pids-limit", std::to_string(hostPids)});
    if (!policy.network)
        args.insert(args.end(), {"--network", "none"});
    // What the host would otherwise tell: the container's id and the engine's cgroup layout
    // (/proc/self/cgroup), the host's resolver (/etc/resolv.conf, copied in even without a network) and,
    // under Podman, which can mask it, the host's boot id.
    args.insert(args.end(), {"--cgroupns", "private"});
    if (engine.kind == EngineKind::Docker) {
        if (!policy.network)
            args.insert(args.end(), {"--dns", "127.0.0.1"});
    } else {
        args.insert(args.end(), {"--security-opt", std::string("mask=/proc/sys/kernel/random/boot_id") +
                                                       (policy.network ? "" : ":/etc/resolv.conf")});
        // runsc ignores the OCI spec's masked paths, so under gVisor the host's resolver would show through
        // the mask: a file of the tier's own takes its place (its engine folder is local: Podman here is).
        if (engine.runtime.gvisor && !policy.network && !engine.workingFolder.empty())
            args.insert(args.end(),
                        {"--volume", engine.workingFolder + "/" + kNoResolverFile + ":/etc/resolv.conf:ro"});
    }
    if (engine.kind == EngineKind::Podman) {
        // Podman's --read-only otherwise leaves writable, unlimited tmpfs on /run and /var/tmp.
        args.emplace_back("--read-only-tmpfs=false");
    }
    const auto limits = resourceLimits(engine, shape);
    args.insert(args.end(), limits.begin(), limits.end());
    for (const auto& [key, value] : policy.environment)
        args.insert(args.end(), {"--env", key + "=" + value});
    for (const auto& [key, value] : shape.egressEnvironment)
        args.insert(args.end(), {"--env", key + "=" + value});
    if (!shape.egressCaFile.empty())
        args.insert(args.end(), {"--volume", shape.egressCaFile + ":" + kEgressCaInside + ":ro"});
    // The socket alone, read-only: its folder inside is the read-only root's, where no other socket can be
    // made.
    if (hostSocket)
        args.insert(args.end(), {"--volume", shape.egressSocket + ":" + kEgressSocketInside + ":ro"});
    // Read-only binds of the checked, canonical paths (the tier refuses paths --volume cannot spell).
    for (const InputFile& input : shape.inputs)
        args.insert(args.end(), {"--volume", input.hostPath + ":" + input.insidePath() + ":ro"});
    args.push_back(shape.image);
    args.insert(args.end(), {"/bin/sh", "-c", kWaiterScript, "sandbench-waiter", watchdogSeconds(policy),
                             std::to_string(policy.artifactsMax), std::to_string(policy.artifactsMb << 20)});
    const std::string id = std::to_string(programUid);
    args.insert(args.end(), {"/usr/bin/setpriv", "--reuid=" + id, "--regid=" + id, "--clear-groups",
                             "--inh-caps=-all", "--"});
    // The forwarder binds the port, forks, and execs the interpreter: listening before the program starts.
    if (hostSocket && !shape.interpreter.empty())
        args.insert(args.end(), {shape.interpreter.front(), "-I", "-c", std::string(kEgressForwarder),
                                 std::to_string(kEgressPortInside), kEgressSocketInside});
    args.insert(args.end(), shape.interpreter.begin(), shape.interpreter.end());
    args.emplace_back("-");
    return engine.runCommand(args, policy.network, hostSocket);
}

std::vector<std::string> referenceRunCommand(const ContainerEngine& engine, const std::string& image,
                                             const Policy& policy, const std::string& name) {
    const std::string memory = megabytes(policy.memoryMb);
    std::vector<std::string> args{"run",
                                  "--rm",
                                  "-i",
                                  "--name",
                                  name,
                                  "--network",
                                  "none",
                                  "--read-only",
                                  "--tmpfs",
                                  "/tmp:rw,size=16m",
                                  "--cap-drop",
                                  "ALL",
                                  "--security-opt",
                                  "no-new-privileges",
                                  "--user",
                                  "65534:65534",
                                  "--memory",
                                  memory,
                                  "--memory-swap",
                                  memory,
                                  "--cpus",
                                  "1",
                                  "--pids-limit",
                                  "64",
                                  "-w",
                                  "/tmp"};
    if (engine.kind == EngineKind::Podman) {
        // Without these Podman cannot start any container on hosts like ours; they cost it nothing.
        args.insert(args.end(), {"--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024"});
    }
    args.insert(args.end(), {image, "python3", "-I", "-"});
    return engine.command(args);
}

} // namespace sandbench
