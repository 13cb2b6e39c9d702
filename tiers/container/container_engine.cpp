#include "container_engine.h"

#include "core/leftover_check.h"
#include "core/output_collector.h"
#include "core/removal_notes.h"
#include "tiers/common/child_watcher.h"
#include "tiers/common/process_spawn.h"

#include <csignal>
#include <cstdlib>

namespace sandbench {

std::vector<std::string> ContainerEngine::command(const std::vector<std::string>& args) const {
    return runCommand(args, false);
}

std::vector<std::string> ContainerEngine::runCommand(const std::vector<std::string>& args, bool network,
                                                     bool hostSocket) const {
    std::vector<std::string> line{cli};
    if (kind == EngineKind::Podman && !remote) {
        // crun, Podman's default runtime, cannot start containers on hosts with hybrid cgroups; runc can.
        // Without an events log each command saves ~20 ms; Sandbench never reads Podman's events.
        if (runtime.gvisor) {
            // runsc refuses a container without a network of its own unless told it has none ("cannot run
            // with network enabled in root network namespace"); --oci-seccomp applies the tier's seccomp
            // profile inside the sandbox, which runsc otherwise ignores.
            line.insert(line.end(), {"--runtime", runtime.runsc, "--runtime-flag",
                                     "platform=" + runtime.platform, "--runtime-flag", "oci-seccomp"});
            if (!network)
                line.insert(line.end(), {"--runtime-flag", "network=none"});
            // Open, never create: the sandbox may connect to a host socket bound into it (the egress
            // proxy's, the only one it is given), not make one on the host.
            if (hostSocket)
                line.insert(line.end(), {"--runtime-flag", "host-uds=open"});
        } else {
            line.insert(line.end(), {"--runtime", "runc"});
        }
        line.insert(line.end(), {"--events-backend", "none"});
    }
    line.insert(line.end(), args.begin(), args.end());
    return line;
}

std::string EngineReply::complaint() const {
    if (!started)
        return err;
    if (timedOut)
        return "the engine did not answer in time";
    std::string text = err.empty() ? out : err;
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    for (char& c : text) {
        if (c == '\n')
            c = ' ';
    }
    if (text.empty())
        text = "exit status " + std::to_string(exitCode);
    return text;
}

EngineReply runEngineCommand(const ContainerEngine& engine, const std::vector<std::string>& args,
                             double timeoutSeconds) {
    EngineReply reply;
    SpawnedProcess process;
    if (!spawnWithPipes(engine.command(args), SpawnStdin::DevNull, process, reply.err, engine.workingFolder))
        return reply;
    reply.started = true;
    const OutputSink noLiveOutput;
    OutputCollector output(1 << 20, noLiveOutput);
    const pid_t pid = process.pid;
    ChildWatcher watcher(pid, std::move(process.pidfd), output);
    watcher.watchOutput(std::move(process.stdoutRead), Stream::Stdout);
    watcher.watchOutput(std::move(process.stderrRead), Stream::Stderr);
    watcher.setKillAll([pid] { ::kill(-pid, SIGKILL); });
    const WatchOutcome outcome = watcher.run(ChildWatcher::Clock::now(),
                                             std::chrono::duration_cast<ChildWatcher::Clock::duration>(
                                                 std::chrono::duration<double>(timeoutSeconds)),
                                             std::stop_token{});
    RunResult collected;
    output.finish(collected);
    reply.out = std::move(collected.stdoutBytes);
    reply.err = std::move(collected.stderrBytes);
    reply.timedOut = outcome.timedOut;
    if (WIFEXITED(outcome.waitStatus))
        reply.exitCode = WEXITSTATUS(outcome.waitStatus);
    return reply;
}

namespace {

constexpr double kEngineAnswerSeconds = 20;

bool contains(const std::string& text, const char* needle) {
    return text.find(needle) != std::string::npos;
}

// Checks that the engine behind the CLI answers; fills `reason` with the fix when it does not, and `details`
// with the engine's own words (raw tool output: shown behind the reason, not in it).
bool engineAnswers(const ContainerEngine& engine, std::string& reason, std::string& version,
                   std::string& details) {
    // One call says whether it answers, its version, and whether its limits can hold.
    const EngineReply reply =
        engine.kind == EngineKind::Docker
            ? runEngineCommand(
                  engine,
                  {"info", "--format", "{{.ServerVersion}}|{{.CgroupVersion}}|{{json .SecurityOptions}}"},
                  kEngineAnswerSeconds)
            : runEngineCommand(engine,
                               {"info", "--format",
                                "{{.Version.Version}}|{{.Host.CgroupsVersion}}|{{.Host.Security.Rootless}}"},
                               kEngineAnswerSeconds);
    const std::string answer = reply.out.substr(0, reply.out.find('\n'));
    if (reply.ok() && !answer.empty() && answer.front() != '|') {
        version = answer.substr(0, answer.find('|'));
        const std::string cgroups =
            answer.substr(answer.find('|') + 1, answer.rfind('|') - answer.find('|') - 1);
        const bool rootless = contains(answer, "rootless") || answer.ends_with("|true");
        if (rootless && (cgroups == "1" || cgroups == "v1")) {
            // A rootless engine on cgroup v1 silently ignores --memory, --pids-limit and --cpus: refuse
            // rather than run with fewer limits than the policy asks for.
            reason =
                (engine.kind == EngineKind::Docker ? std::string("Docker") : std::string("Podman")) +
                " runs rootless on a cgroup v1 host, where it ignores the memory, process and CPU limits: "
                "run Sandbench as root, use a rootful engine, or boot the host with cgroup v2 "
                "(systemd.unified_cgroup_hierarchy=1)";
            return false;
        }
        return true;
    }
    const std::string complaint = reply.complaint();
    details = engine.name() + ": " + complaint;
    if (engine.kind == EngineKind::Podman) {
        reason = "Podman is installed but cannot run containers here: check `podman info`, or choose the "
                 "docker engine";
        return false;
    }
    if (contains(complaint, "permission denied")) {
        reason = "Docker is running but this user may not use it: add yourself to the docker group (sudo "
                 "usermod -aG docker $USER, then log in again), or use Podman";
    } else if (contains(complaint, "Cannot connect") || contains(complaint, "daemon running") ||
               contains(complaint, "connection refused") || contains(complaint, "no such file")) {
        reason =
            "Docker is installed but its daemon is not running: start it with `sudo systemctl start docker` "
            "(or `sudo scripts/start-container-engines.sh` on a machine without systemd), or set DOCKER_HOST "
            "to a running engine";
    } else {
        reason = "Docker is installed but its engine does not answer: check `docker version`, or set "
                 "DOCKER_HOST to a running engine";
    }
    return false;
}

} // namespace

std::optional<ContainerEngine> findEngine(const std::string& preference, std::string& reason,
                                          std::string& version, std::string& details) {
    const std::string dockerCli = findOnPath("docker");
    const std::string podmanCli = findOnPath("podman");
    const char* containerHost = std::getenv("CONTAINER_HOST");
    const ContainerEngine docker{EngineKind::Docker, dockerCli, false, {}, {}};
    const ContainerEngine podman{EngineKind::Podman, podmanCli, containerHost && *containerHost, {}, {}};

    if (preference == "docker") {
        if (dockerCli.empty()) {
            reason =
                "the docker CLI is not installed: install Docker (sudo apt install docker.io), or choose "
                "the podman engine";
            return std::nullopt;
        }
        if (!engineAnswers(docker, reason, version, details))
            return std::nullopt;
        return docker;
    }
    if (preference == "podman") {
        if (podmanCli.empty()) {
            reason = "the podman CLI is not installed: install Podman (sudo apt install podman runc), or "
                     "choose the docker engine";
            return std::nullopt;
        }
        if (!engineAnswers(podman, reason, version, details))
            return std::nullopt;
        return podman;
    }
    if (preference != "auto") {
        reason = "unknown container engine \"" + preference + "\": choose docker, podman or auto";
        return std::nullopt;
    }
    if (dockerCli.empty() && podmanCli.empty()) {
        reason = "no container engine is installed: install Docker (sudo apt install docker.io) or Podman "
                 "(sudo apt install podman runc)";
        return std::nullopt;
    }
    std::string dockerReason;
    std::string dockerDetails;
    if (!dockerCli.empty() && engineAnswers(docker, dockerReason, version, dockerDetails))
        return docker;
    std::string podmanReason;
    std::string podmanDetails;
    if (!podmanCli.empty() && engineAnswers(podman, podmanReason, version, podmanDetails))
        return podman;
    reason = !dockerReason.empty() ? dockerReason : podmanReason;
    if (!dockerReason.empty() && !podmanReason.empty())
        reason += "; and " + podmanReason;
    details = dockerDetails + (!dockerDetails.empty() && !podmanDetails.empty() ? "\n" : "") + podmanDetails;
    return std::nullopt;
}

std::optional<std::vector<std::string>> listContainersOwnedBy(const ContainerEngine& engine, pid_t owner,
                                                              const std::string& format,
                                                              const std::vector<std::string>& filters,
                                                              std::string& error) {
    std::vector<std::string> args{"ps",   "-a",       "--format",
                                  format, "--filter", "label=sandbench.owner=" + std::to_string(owner)};
    for (const std::string& filter : filters)
        args.insert(args.end(), {"--filter", filter});
    const EngineReply listed = runEngineCommand(engine, args, kEngineAnswerSeconds);
    if (!listed.ok()) {
        error = listed.err;
        return std::nullopt;
    }
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < listed.out.size()) {
        const std::size_t end = std::min(listed.out.find('\n', start), listed.out.size());
        if (end > start)
            lines.push_back(listed.out.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

namespace {

std::string startTicksOf(pid_t pid) {
    const auto status = readProcessStatus(pid);
    return status ? std::to_string(status->startTicks) : std::string();
}

} // namespace

std::vector<std::string> ownerLabels() {
    const std::string label = kContainerLabel;
    return {"--label", label,
            "--label", label + ".owner=" + std::to_string(::getpid()),
            "--label", label + ".owner-start=" + startTicksOf(::getpid())};
}

void removeAbandonedContainers(const ContainerEngine& engine) {
    const char* dockerHost = std::getenv("DOCKER_HOST");
    if (engine.remote || (engine.kind == EngineKind::Docker && dockerHost && *dockerHost &&
                          std::string_view(dockerHost).rfind("unix://", 0) != 0))
        return; // another machine's processes: their pids say nothing here
    const EngineReply listed = runEngineCommand(
        engine,
        {"ps", "-a", "--filter", std::string("label=") + kContainerLabel + ".owner", "--format",
         std::string("{{.ID}}|{{.Names}}|{{.Label \"") + kContainerLabel + ".owner\"}}|{{.Label \"" +
             kContainerLabel + ".owner-start\"}}"},
        kEngineAnswerSeconds);
    if (!listed.ok())
        return;
    std::vector<std::string> abandoned, names;
    std::size_t start = 0;
    while (start < listed.out.size()) {
        const std::size_t end = std::min(listed.out.find('\n', start), listed.out.size());
        const std::string line = listed.out.substr(start, end - start);
        start = end + 1;
        std::vector<std::string> fields;
        for (std::size_t from = 0;;) {
            const std::size_t bar = line.find('|', from);
            fields.push_back(line.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
            if (bar == std::string::npos)
                break;
            from = bar + 1;
        }
        if (fields.size() != 4 || fields[0].empty())
            continue;
        const pid_t owner = static_cast<pid_t>(std::atoi(fields[2].c_str()));
        // An older Sandbench labelled no start time: then a live process of that pid counts as the owner.
        const std::string ownerStart = owner > 0 ? startTicksOf(owner) : std::string();
        const bool ownerLives = !ownerStart.empty() && (fields[3].empty() || fields[3] == ownerStart);
        if (!ownerLives) {
            abandoned.push_back(fields[0]);
            names.push_back(fields[1]);
        }
    }
    if (abandoned.empty())
        return;
    std::vector<std::string> args{"rm", "-f"};
    args.insert(args.end(), abandoned.begin(), abandoned.end());
    const EngineReply removed = runEngineCommand(engine, args, kEngineAnswerSeconds);
    for (const std::string& name : names)
        noteRemoval((removed.ok() ? "removed container " : "could not remove container ") + name + " (" +
                    engine.name() + "), left by a Sandbench process that died" +
                    (removed.ok() ? std::string() : ": " + removed.complaint()));
}

void removeContainersOwnedBy(const ContainerEngine& engine, pid_t owner) {
    std::string ignored;
    const auto ids = listContainersOwnedBy(engine, owner, "{{.ID}}", {}, ignored);
    if (!ids || ids->empty())
        return;
    std::vector<std::string> args{"rm", "-f"};
    args.insert(args.end(), ids->begin(), ids->end());
    runEngineCommand(engine, args, kEngineAnswerSeconds);
}

std::optional<ImageLabels> inspectImage(const ContainerEngine& engine, const std::string& image,
                                        std::string& reason, std::string& details) {
    // One label a line; a label the image lacks prints empty (or "<no value>").
    const std::string format = std::string("{{ index .Config.Labels \"") + kImageVersionLabel +
                               "\" }}\n{{ index .Config.Labels \"" + kPythonStackLabel + "\" }}";
    const EngineReply reply =
        runEngineCommand(engine, {"image", "inspect", "--format", format, image}, kEngineAnswerSeconds);
    if (reply.ok()) {
        ImageLabels labels;
        const size_t newline = reply.out.find('\n');
        labels.imageVersion = reply.out.substr(0, newline);
        if (newline != std::string::npos)
            labels.pythonStack = reply.out.substr(newline + 1);
        for (std::string* value : {&labels.imageVersion, &labels.pythonStack}) {
            while (!value->empty() &&
                   (value->back() == '\n' || value->back() == '\r' || value->back() == ' '))
                value->pop_back();
            if (*value == "<no value>")
                value->clear();
        }
        return labels;
    }
    if (reply.timedOut || !reply.started) {
        reason = "the " + engine.name() + " engine did not answer whether image " + image + " exists";
        details = engine.name() + ": " + reply.complaint();
    } else {
        reason = "image " + image + " not found in " + engine.name() +
                 ": run scripts/build-container-image.sh --engine " + engine.name();
    }
    return std::nullopt;
}

} // namespace sandbench
