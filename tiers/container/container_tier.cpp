#include "container_tier.h"

#include "core/artifacts.h"
#include "core/input_files.h"
#include "core/output_collector.h"
#include "core/python_stack.h"
#include "core/random_token.h"
#include "core/stop_evidence.h"
#include "seccomp_profile.h"
#include "tiers/common/egress_proxy.h"
#include "tiers/common/egress_relay.h"
#include "tiers/common/namespace_listener.h"
#include "tiers/common/unix_socket_listener.h"

#include <csignal>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace sandbench {

namespace {

// A cold start pulls nothing, but a first start after boot can take the engine ~10 s.
constexpr auto kStartDeadline = std::chrono::seconds(90);

// Once per engine and process: what dead Sandbench processes left in it goes before this one's first run.
void removeAbandonedOnce(const ContainerEngine& engine) {
    static std::mutex mutex;
    static std::set<std::string> done;
    std::lock_guard lock(mutex);
    if (done.insert(engine.name() + '\n' + engine.cli).second)
        removeAbandonedContainers(engine);
}

TierLayers runcLayers(const Policy& policy) {
    TierLayers layers;
    layers.memory = "memory cgroup limit (--memory, no swap)";
    layers.processes = "pids cgroup limit (--pids-limit)";
    layers.fileSize = "file-size rlimit (--ulimit fsize)";
    layers.disk = "size-capped tmpfs /tmp (--tmpfs size)";
    layers.network = policy.network           ? "the engine's default network"
                     : policy.egress.active() ? "no network namespace route (--network none): its one way "
                                                "out is the egress proxy"
                                              : "no network namespace route (--network none)";
    layers.filesystem = "the container's own mount namespace, no host folder mounted";
    layers.readOnly = "read-only container root (--read-only)";
    return layers;
}

// Cgroup v1 keeps a cgroup's TCP buffers off its memory limit unless memory.kmem.tcp.limit_in_bytes is
// set, and neither engine's command line can set it (Docker's API has KernelMemoryTCP, its CLI no flag;
// Podman has none): so a container under --memory 256m can queue far more than that over loopback TCP,
// while the same in Unix socket pairs (kernel memory, charged) is OOM-killed. True when this
// machine's memory controller is on a v1 hierarchy; the engine then is too, unless it is remote.
bool memoryControllerOnCgroupV1() {
    std::ifstream mounts("/proc/self/mountinfo");
    for (std::string line; std::getline(mounts, line);) {
        const std::size_t dash = line.find(" - cgroup ");
        if (dash == std::string::npos)
            continue;
        std::istringstream fields(line.substr(dash + 10));
        std::string source, options;
        fields >> source >> options;
        if (("," + options + ",").find(",memory,") != std::string::npos)
            return true;
    }
    return false;
}

bool writeNoResolverFile(const std::string& path, std::string& problem) {
    std::ofstream file(path, std::ios::trunc);
    file << "nameserver 127.0.0.1\n";
    if (file.flush())
        return true;
    problem = "cannot write " + path;
    return false;
}

constexpr const char* kTcpNotCounted =
    "socket buffers: TCP's are not counted by --memory on this cgroup v1 host (no engine flag sets "
    "memory.kmem.tcp.limit_in_bytes); Unix socket buffers are";

} // namespace

namespace {

std::string describeTier(const ContainerSettings& settings) {
    return "a " + (settings.engine == "auto" ? std::string("Docker or Podman") : settings.engine) +
           " container per run: no network, read-only root, no capabilities, Sandbench's seccomp filter, an "
           "unprivileged user, memory, CPU and process limits; shares the host kernel";
}

} // namespace

TierInfo ContainerTier::tierInfo() {
    TierInfo info;
    info.name = "container";
    info.label = SANDBENCH_TRANSLATABLE("TierInfo", "Container");
    info.description = describeTier(ContainerSettings::fromEnvironment());
    info.settings = ContainerSettings::describe();
    return info;
}

ContainerTier::ContainerTier(ContainerSettings settings)
    : ContainerTier(
          settings,
          [&settings] {
              TierInfo info = tierInfo();
              info.description = describeTier(settings);
              return info;
          }(),
          seccompProfileJson()) {}

ContainerTier::ContainerTier(ContainerSettings settings, TierInfo info, std::string seccompProfile)
    : m_settings(std::move(settings))
    , m_info(std::move(info))
    , m_pool(
          [this](const ContainerShape& shape, std::stop_token stop, std::string& error) {
              const auto found = engine(error);
              return found ? startSession(*found, shape, stop, error) : nullptr;
          },
          [this](std::unique_ptr<ContainerSession> session) { m_reaper.adopt(std::move(session)); }) {
    // Written once, before any container can start; without it no container starts at all, rather than one
    // under the engine's default profile.
    std::string problem;
    m_clientFolder = TempFolder::create("sandbench-engine-", problem);
    if (m_clientFolder.valid() &&
        writeWholeFile(m_clientFolder.path() + "/seccomp.json", seccompProfile, problem) &&
        writeNoResolverFile(m_clientFolder.path() + "/" + kNoResolverFile, problem))
        m_seccompProfile = m_clientFolder.path() + "/seccomp.json";
    else
        m_seccompProblem = "the " + m_info.name + " tier could not write its seccomp profile (" + problem +
                           "), and does not run programs under the engine's default profile instead: make "
                           "TMPDIR (or /tmp) a writable folder";
    setWarmPoolSize(m_settings.warmPoolSize);
}

int ContainerTier::warmPoolSize() const {
    return m_pool.size();
}

bool ContainerTier::applyInPlace(const TierSettings& settings) {
    const ContainerSettings wanted = ContainerSettings::from(settings);
    if (wanted.engine != m_settings.engine || wanted.image != m_settings.image)
        return false;
    setWarmPoolSize(wanted.warmPoolSize);
    return true;
}

void ContainerTier::setWarmPoolSize(int size) {
    // Until a run says otherwise, expect the default request: most runs use the default policy.
    if (size > 0)
        m_pool.prepare(shapeOf(RunRequest{}));
    m_pool.setSize(size);
}

ContainerTier::~ContainerTier() {
    m_pool.shutdown();
    m_reaper.drain();
    // A client killed between the engine's create and start leaves a created container that --rm never
    // removes; the owner label finds any such container of this process.
    std::optional<ContainerEngine> found;
    {
        std::lock_guard lock(m_mutex);
        found = m_engine;
    }
    if (found)
        removeContainersOwnedBy(*found, ::getpid());
}

ProbeResult ContainerTier::probe() {
    return probeEngine(true);
}

ProbeResult ContainerTier::probeEngine(bool sharedKernel) {
    ProbeResult result;
    if (m_seccompProfile.empty()) {
        result.reason = m_seccompProblem;
        return result;
    }
    std::string version;
    auto found = findUsableEngine(result.reason, version, result.details);
    {
        std::lock_guard lock(m_mutex);
        m_engine = found;
    }
    if (!found)
        return result;
    const auto labels = inspectImage(*found, m_settings.image, result.reason, result.details);
    if (!labels)
        return result;
    // An image of Sandbench's own made before the data stack: a run would meet another Python environment
    // than the other tiers', so the tier refuses until the image is made again.
    if (!labels->imageVersion.empty() && !isPythonStackLine(labels->pythonStack)) {
        result.reason = "image " + m_settings.image + " (image version " + labels->imageVersion +
                        ") lacks the data stack every tier carries: run scripts/build-container-image.sh "
                        "--engine " +
                        found->name() + " --image " + m_settings.image;
        return result;
    }
    result.available = true;
    result.notes.push_back(labels->pythonStack.empty()
                               ? "image " + m_settings.image +
                                     " does not say its Python packages (it has no " + kPythonStackLabel +
                                     " label: not made by scripts/build-container-image.sh)"
                               : labels->pythonStack + " (from the image's label)");
    result.notes.push_back(found->name() + " " + version + " (" + found->cli + ")");
    result.notes.push_back("image " + m_settings.image);
    result.notes.push_back("Sandbench's seccomp profile in place of the engine's default");
    if (const int pool = m_pool.size(); pool > 0)
        result.notes.push_back("warm pool of " + std::to_string(pool));
    if (sharedKernel && !found->remote && memoryControllerOnCgroupV1())
        result.notes.push_back(kTcpNotCounted);
    if (sharedKernel)
        result.notes.push_back("shares the host kernel");
    return result;
}

std::optional<ContainerEngine> ContainerTier::findUsableEngine(std::string& reason, std::string& version,
                                                               std::string& details) {
    auto found = findEngine(m_settings.engine, reason, version, details);
    if (!found)
        return std::nullopt;
    found->workingFolder = m_clientFolder.path();
    if (!chooseRuntime(*found, found->runtime, reason))
        return std::nullopt;
    removeAbandonedOnce(*found);
    return found;
}

bool ContainerTier::chooseRuntime(const ContainerEngine&, ContainerRuntime& runtime, std::string&) {
    runtime = ContainerRuntime{};
    return true;
}

TierLayers ContainerTier::layers(const Policy& policy) const {
    return runcLayers(policy);
}

std::vector<MissingProtection> ContainerTier::missingProtections() {
    std::string ignored;
    const auto found = engine(ignored);
    if (found && !found->remote && memoryControllerOnCgroupV1())
        return {{"socket-memory", kTcpNotCounted}};
    return {};
}

std::optional<ContainerEngine> ContainerTier::engine(std::string& reason) {
    {
        std::lock_guard lock(m_mutex);
        if (m_engine)
            return m_engine;
    }
    std::string version;
    std::string details;
    auto found = findUsableEngine(reason, version, details);
    if (!details.empty()) // a run's evidence keeps the engine's words: it has no details view
        reason += " (" + details + ")";
    std::lock_guard lock(m_mutex);
    m_engine = found;
    return found;
}

std::string ContainerTier::checkedInputs(const ContainerEngine& engine, const Policy& policy,
                                         std::vector<InputFile>& inputs) const {
    if (policy.inputs.empty())
        return {};
    // A remote engine would look for the paths on its own machine: inputs would have to be copied in.
    if (engine.remote)
        return "the " + m_info.name +
               " tier's engine is remote, and inputs cannot be copied into its "
               "containers yet (the policy's \"inputs\"): use a local engine or the subprocess tier";
    CheckedInputs checked = checkInputs(policy);
    if (!checked.ok())
        return checked.problem;
    for (const InputFile& input : checked.inputs) {
        // --volume separates its fields with ':' and the engines split options on ','.
        if (input.hostPath.find_first_of(":,\n") != std::string::npos)
            return "input " + input.hostPath + " has a ':', ',' or newline in its path, which " +
                   engine.name() + "'s --volume cannot take; rename it or give its folder";
    }
    inputs = std::move(checked.inputs);
    return {};
}

ContainerShape ContainerTier::shapeOf(const RunRequest& request) const {
    return {m_settings.image, request.policy, request.interpreter, m_seccompProfile, {}, {}, {}, {}};
}

std::unique_ptr<ContainerSession> ContainerTier::startSession(const ContainerEngine& engine,
                                                              const ContainerShape& shape,
                                                              std::stop_token stop, std::string& error) {
    if (shape.seccompProfile.empty()) {
        error = m_seccompProblem;
        return nullptr;
    }
    auto session = ContainerSession::start(engine, shape, error);
    if (!session)
        return nullptr;
    if (!session->waitUntilReady(ContainerSession::Clock::now() + kStartDeadline, stop, error)) {
        if (error.find("No such image") != std::string::npos ||
            error.find("image not known") != std::string::npos ||
            error.find("Unable to find image") != std::string::npos) {
            error += " (build it with scripts/build-container-image.sh --engine " + engine.name() + ")";
        } else if (engine.kind == EngineKind::Podman && engine.remote &&
                   error.find("seccomp") != std::string::npos) {
            // Unlike Docker's client, Podman's sends the profile's path, which its service opens on its own
            // machine: the container is refused, never started under the default profile.
            error += " (the remote Podman service could not read Sandbench's seccomp profile " +
                     shape.seccompProfile +
                     ", a file on this machine it cannot see: run Sandbench where the service runs, or use "
                     "a local engine)";
        }
        m_reaper.adopt(std::move(session));
        return nullptr;
    }
    return session;
}

bool ContainerTier::waitUntilWarm(const RunRequest& request, std::stop_token stop) {
    if (request.policy.egress.active())
        return false; // such a run starts its own container: its proxy's variables exist for it alone
    return m_pool.waitUntilReady(shapeOf(request), stop);
}

std::vector<std::string> ContainerTier::referenceCommand(const Policy& policy) const {
    std::optional<ContainerEngine> found;
    {
        std::lock_guard lock(m_mutex);
        found = m_engine;
    }
    if (!found)
        return {};
    return referenceRunCommand(*found, m_settings.image, policy, "sandbench-reference-" + randomHexToken(6));
}

void ContainerTier::settle() {
    m_reaper.drain();
}

// Containers of this tier that outlived their run: of this process's, the ones whose run is over.
std::vector<std::string> ContainerTier::leftovers() {
    std::optional<ContainerEngine> found;
    {
        std::lock_guard lock(m_mutex);
        found = m_engine;
    }
    if (!found)
        return {};
    std::string error;
    const auto listed = listContainersOwnedBy(*found, ::getpid(), "{{.Names}} {{.Status}}", {}, error);
    if (!listed)
        return {"could not list this process's containers to check for leftovers: " + error};
    std::vector<std::string> result;
    std::lock_guard lock(m_mutex);
    for (const std::string& line : *listed) {
        if (m_runsEnded.contains(line.substr(0, line.find(' '))))
            result.push_back("container " + line + " (" + found->name() + ") still exists after its run");
    }
    return result;
}

RunResult ContainerTier::run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) {
    std::optional<EgressProxy> proxy;
    RunResult result = runInContainer(request, sink, stop, proxy);
    if (proxy && proxy->running())
        finishEgress(*proxy, result);
    return result;
}

RunResult ContainerTier::runInContainer(const RunRequest& request, const OutputSink& sink,
                                        std::stop_token stop, std::optional<EgressProxy>& proxy) {
    const auto started = ContainerSession::Clock::now();
    if (m_seccompProfile.empty())
        return RunResult::setupFailure(m_info.name, m_seccompProblem);
    std::string error;
    const auto found = engine(error);
    if (!found)
        return RunResult::setupFailure(m_info.name, error);

    ContainerShape shape = shapeOf(request);
    if (std::string problem = checkedInputs(*found, request.policy, shape.inputs); !problem.empty())
        return RunResult::setupFailure(m_info.name, problem + "; no user code ran");
    // The container's one way to the proxy, relayed to it from the host (under gVisor, the folder of its
    // socket first: it outlives the relay).
    TempFolder egressSocketFolder;
    std::optional<EgressRelay> relay;
    // A network allow list: the run's proxy first, its variables and CA in the container, which is started
    // for this run alone (its placeholders exist only now).
    if (request.policy.egress.active()) {
        if (std::string refusal = egressRefusal(*found); !refusal.empty())
            return RunResult::setupFailure(m_info.name, refusal);
        proxy.emplace();
        if (!startEgressProxyFor(request, *proxy, error))
            return RunResult::setupFailure(m_info.name, error);
        shape.egressEnvironment =
            egressEnvironment(proxy->urlInside(kEgressPortInside), kEgressCaInside, proxy->placeholders());
        shape.egressCaFile = proxy->caCertificatePath();
        // gVisor's loopback is the Sentry's own, where no host socket can listen: there the way is a Unix
        // socket in a private folder of this run's, bound into the container, relayed from before it starts.
        if (found->runtime.gvisor) {
            egressSocketFolder = TempFolder::create("sandbench-egress-socket-", error);
            const std::string socket = egressSocketFolder.path() + "/egress.sock";
            UniqueFd listener = egressSocketFolder.valid() ? listenOnUnixSocket(socket, error) : UniqueFd();
            if (!listener.valid())
                return RunResult::setupFailure(
                    m_info.name,
                    "cannot give the container its way to the egress proxy: " + error + "; no user code ran");
            relay.emplace(std::move(listener), proxy->port());
            shape.egressSocket = socket;
        }
    }
    std::unique_ptr<ContainerSession> session = proxy ? nullptr : m_pool.take(shape);
    const bool warm = session != nullptr;
    if (!session) {
        session = startSession(*found, shape, stop, error);
        if (!session) {
            if (stop.stop_requested()) {
                RunResult cancelled =
                    RunResult::setupFailure(m_info.name, "cancelled before the program started");
                cancelled.stoppedBy = StopReason::Cancelled;
                return cancelled;
            }
            {
                // The engine may have gone away since it was found: look again next time.
                std::lock_guard lock(m_mutex);
                m_engine.reset();
            }
            return RunResult::setupFailure(m_info.name, error);
        }
    }

    // However the run ends, its container is then one whose run is over: leftovers() may name it.
    struct RunEnds {
        ContainerTier& tier;
        std::string container;
        ~RunEnds() {
            std::lock_guard lock(tier.m_mutex);
            tier.m_runsEnded.insert(container);
        }
    } runEnds{*this, session->name()};

    // Under runc, the container's one way out: a listener on its loopback, made from the host in its network
    // namespace, relayed to the proxy. Without it the program does not start.
    if (proxy && !relay) {
        const std::vector<int> processes = session->hostProcesses();
        UniqueFd listener = processes.empty()
                                ? UniqueFd()
                                : listenInNetworkNamespaceOf(processes.front(), kEgressPortInside, error);
        if (!listener.valid()) {
            std::string problem;
            session->finish(problem);
            return RunResult::setupFailure(
                m_info.name,
                "cannot give the container its way to the egress proxy: " +
                    (processes.empty() ? std::string("none of its processes was found") : error) +
                    "; no user code ran");
        }
        relay.emplace(std::move(listener), proxy->port());
    }

    OutputCollector output(request.policy.outputCapBytes, sink);
    const auto timeout = std::chrono::duration_cast<ContainerSession::Clock::duration>(
        std::chrono::duration<double>(request.policy.timeoutSeconds));
    const SessionOutcome outcome = session->handOver(request.code, output, timeout, stop);
    relay.reset();

    RunResult result;
    result.tier = m_info.name;
    result.warmStart = warm;
    output.finish(result);
    result.wallSeconds = std::chrono::duration<double>(ContainerSession::Clock::now() - started).count();
    const Policy& policy = request.policy;
    const TierLayers layers = this->layers(policy);
    const std::string engineName = found->name();

    if (outcome.timedOut || outcome.cancelled) {
        // Killing the client does not stop a container: it was killed by name; confirm it is gone before
        // saying so.
        std::string problem;
        const bool gone = session->finish(problem);
        session.reset();
        result.artifactsNote = "none collected: the container was killed before its waiter could send " +
                               std::string(kOutputsFolderInside);
        result.termSignal = SIGKILL;
        result.cpuSeconds = outcome.hostAccount.cpuSeconds;
        result.timedOut = outcome.timedOut;
        result.stoppedBy = outcome.timedOut ? StopReason::Timeout : StopReason::Cancelled;
        result.evidence =
            (outcome.timedOut
                 ? "killed at the " + formatSeconds(policy.timeoutSeconds) + " s wall-clock limit"
                 : std::string("cancelled by the user")) +
            ": `" + engineName + " kill` ended the container" + (gone ? " and it is gone" : "; " + problem);
        return result;
    }

    if (outcome.report) {
        const WaiterReport& report = *outcome.report;
        // The shell reports death by signal n as 128 + n, as every shell does.
        if (report.status > 128 && report.status < 128 + 65)
            result.termSignal = report.status - 128;
        else
            result.exitCode = report.status;
        // The waiter's figure from the container's own cgroup files; under gVisor, which shows it none, the
        // host's account of the same cgroup.
        result.cpuSeconds = report.cpuSeconds ? report.cpuSeconds : outcome.hostAccount.cpuSeconds;
        // The waiter counts the OOM kills in the container's own cgroup files; under gVisor it sees none, and
        // the host's count is the one that tells (a killed stub process can end the program in any way).
        const std::int64_t oomKills =
            std::max<std::int64_t>(report.oomKills, outcome.hostAccount.oomKills.value_or(0));
        if (oomKills > 0) {
            result.stoppedBy = StopReason::MemoryLimit;
            result.evidence =
                (result.termSignal                  ? "killed by " + signalName(*result.termSignal) + ": "
                 : result.exitCode.value_or(0) != 0 ? "exit " + std::to_string(*result.exitCode) + ": "
                                                    : std::string()) +
                "the kernel's OOM killer ran " + std::to_string(oomKills) + " time(s) at the container's " +
                std::to_string(policy.memoryMb) + " MB " + layers.memory;
        }
        explainStop(result, policy, layers);
        ArtifactCollector artifacts(policy);
        collectWaiterArtifacts(outcome.artifactLines, artifacts);
        artifacts.finish(result);
        if (result.stoppedBy == StopReason::None && report.pidsLimitHits > 0) {
            result.stoppedBy = StopReason::ProcessLimit;
            result.evidence = "the " + layers.processes + " refused " + std::to_string(report.pidsLimitHits) +
                              " fork(s) at " + std::to_string(policy.processes) + " processes";
        } else if (result.stoppedBy == StopReason::ProcessLimit && report.pidsLimitHits > 0) {
            result.evidence += " (the pids cgroup counted " + std::to_string(report.pidsLimitHits) +
                               (report.pidsLimitHits == 1 ? " refusal)" : " refusals)");
        }
        if (outcome.survivorsKilled > 0 || !outcome.survivorProblem.empty()) {
            // The waiter kills everything before it reports, so this means something defeated it: say so.
            result.evidence += std::string(result.evidence.empty() ? "" : "; ") + "the host still saw " +
                               std::to_string(outcome.survivorsKilled) +
                               " process(es) of the container after its waiter's report" +
                               (outcome.survivorProblem.empty() ? ", and `" + engineName + " kill` ended them"
                                                                : ": " + outcome.survivorProblem);
        }
        m_reaper.adopt(std::move(session)); // no process of it runs: the engine removes it meanwhile
        return result;
    }

    // The container ended without the waiter's report: the engine or the container failed underneath.
    std::string problem;
    session->finish(problem);
    session.reset();
    if (outcome.clientExit)
        result.exitCode = *outcome.clientExit;
    result.evidence = outcome.engineComplaint + (outcome.clientExit
                                                     ? " (the " + engineName + " client exited with status " +
                                                           std::to_string(*outcome.clientExit) + ")"
                                                     : std::string());
    if (explainLostReport(result, outcome, policy))
        return result;
    explainStop(result, policy, layers);
    {
        std::lock_guard lock(m_mutex);
        m_engine.reset();
    }
    return result;
}

std::string ContainerTier::egressRefusal(const ContainerEngine& engine) const {
    // A remote engine's namespaces are not ours to join, and joining a local one's takes root.
    if (engine.remote || ::geteuid() != 0)
        return egressUnsupported(m_info.name + (engine.remote ? " (remote engine)" : " (without root)"));
    return {};
}

bool ContainerTier::explainLostReport(RunResult&, const SessionOutcome&, const Policy&) const {
    return false;
}

} // namespace sandbench
