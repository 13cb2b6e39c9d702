#pragma once

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace sandbench {

enum class EngineKind { Docker, Podman };

// The OCI runtime that starts a tier's containers: runc (the container tier), or gVisor's runsc (the gVisor
// tier), whose Sentry answers the program's system calls in user space on the chosen platform.
struct ContainerRuntime {
    bool gvisor = false;
    std::string runsc = "/usr/bin/runsc"; // Podman is given the binary itself
    std::string platform = "ptrace";      // gVisor's platform: "kvm", "systrap" or "ptrace"

    // Docker's name for the runtime that scripts/setup-gvisor-tier.sh registers: sandbench-runsc-<platform>,
    // with "-net" for the one that keeps gVisor's network stack (a policy with network).
    std::string dockerName(bool network) const {
        return "sandbench-runsc-" + platform + (network ? "-net" : "");
    }
    // ...and "-egress" for the one without a network whose sandbox may connect to the host Unix socket bound
    // into it (runsc --host-uds=open): a policy with an allow list, whose way out is that socket.
    std::string dockerEgressName() const { return "sandbench-runsc-" + platform + "-egress"; }
};

// One container engine, driven through its CLI, so DOCKER_HOST / CONTAINER_HOST and the CLI's own
// configuration (contexts, remote connections) work unchanged.
struct ContainerEngine {
    EngineKind kind = EngineKind::Docker;
    std::string cli;     // absolute path of the CLI
    bool remote = false; // Podman driven through CONTAINER_HOST: the service chooses runtime and events
    // Where the CLI runs. Podman's conmon inherits it and writes an "oom" file there after a memory kill,
    // so the tier gives it a private folder instead of whatever the user's current folder is.
    std::string workingFolder;
    ContainerRuntime runtime;

    std::string name() const { return kind == EngineKind::Docker ? "docker" : "podman"; }
    // The CLI, its global flags, then `args`.
    std::vector<std::string> command(const std::vector<std::string>& args) const;
    // The same for `run`, whose global flags also carry a policy's network choice to Podman's runsc, and
    // `hostSocket` (a run with an allow list under gVisor): that its sandbox may connect to the host Unix
    // socket bound into it.
    std::vector<std::string> runCommand(const std::vector<std::string>& args, bool network,
                                        bool hostSocket = false) const;
};

// What a short engine command (info, inspect, kill) printed and how it ended.
struct EngineReply {
    bool started = false;
    int exitCode = -1; // -1 when it did not exit normally
    bool timedOut = false;
    std::string out;
    std::string err;

    bool ok() const { return started && exitCode == 0 && !timedOut; }
    // The engine's own complaint, on one line, for messages.
    std::string complaint() const;
};

EngineReply runEngineCommand(const ContainerEngine& engine, const std::vector<std::string>& args,
                             double timeoutSeconds);

// Finds a usable engine for `preference` ("auto", "docker" or "podman"): the CLI is installed and the engine
// answers. On failure returns nothing and sets `reason` to what is wrong and how to fix it, in one line, and
// `details` to what the engine itself said (raw tool output, for a "details" view; empty when it said
// nothing).
std::optional<ContainerEngine> findEngine(const std::string& preference, std::string& reason,
                                          std::string& version, std::string& details);

// The label every Sandbench container carries, so tests and users can find leftovers:
// `docker ps -a --filter label=sandbench`.
inline constexpr const char* kContainerLabel = "sandbench";

// Removes the containers whose owner (labels sandbench.owner=PID, sandbench.owner-start=TICKS) no longer
// runs: a Sandbench that died left them. Each removal is noted (core/removal_notes.h). Only for an engine on
// this machine, where the owner's pid means something.
void removeAbandonedContainers(const ContainerEngine& engine);

// The owner labels of a container this process starts, in `--label` form.
std::vector<std::string> ownerLabels();

// Removes every container labelled as started by process `owner` (sandbench.owner=PID), whatever its state.
void removeContainersOwnedBy(const ContainerEngine& engine, pid_t owner);

// The containers labelled as `owner`'s, one line each as `format` (an engine Go template) prints them,
// narrowed by `filters` ("status=exited"); nullopt with `error` set when the engine did not answer.
std::optional<std::vector<std::string>> listContainersOwnedBy(const ContainerEngine& engine, pid_t owner,
                                                              const std::string& format,
                                                              const std::vector<std::string>& filters,
                                                              std::string& error);

// What an image made by scripts/build-container-image.sh says of itself in its labels: the script's image
// version and the Python stack line (core/python_stack.h). Both empty for an image made some other way.
struct ImageLabels {
    std::string imageVersion;
    std::string pythonStack;
};
inline constexpr const char* kImageVersionLabel = "org.sandbench.image-version";
inline constexpr const char* kPythonStackLabel = "org.sandbench.python-stack";

// The labels of `image`, or nothing when the engine lacks it; then `reason` says how to get it, `details`
// what the engine said when it did not answer.
std::optional<ImageLabels> inspectImage(const ContainerEngine& engine, const std::string& image,
                                        std::string& reason, std::string& details);

} // namespace sandbench
