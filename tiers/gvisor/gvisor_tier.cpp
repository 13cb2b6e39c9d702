#include "gvisor_tier.h"

#include "core/stop_evidence.h"
#include "tiers/container/seccomp_profile.h"

#include <csignal>
#include <unistd.h>

namespace sandbench {

namespace {

std::string describeTier(const GvisorSettings& settings) {
    const std::string& engine = settings.container.engine;
    return "a " + (engine == "auto" ? std::string("Docker or Podman") : engine) +
           " container per run under gVisor's runsc: the Sentry, a kernel in user space, answers the "
           "program's "
           "system calls; no network, read-only root, an unprivileged user, memory, CPU and process limits; "
           "the "
           "Sentry itself runs on the host kernel under its own seccomp filter";
}

} // namespace

TierInfo GvisorTier::tierInfo() {
    TierInfo info;
    info.name = "gvisor";
    info.label = SANDBENCH_TRANSLATABLE("TierInfo", "gVisor");
    info.description = describeTier(GvisorSettings::fromEnvironment());
    info.userSpaceKernel = true;
    info.settings = GvisorSettings::describe();
    return info;
}

GvisorTier::GvisorTier(GvisorSettings settings)
    : ContainerTier(
          settings.container,
          [&settings] {
              TierInfo info = tierInfo();
              info.description = describeTier(settings);
              return info;
          }(),
          // Not the container tier's allow list: runsc reads a profile its own way, and that list
          // read so refuses clone3 with EPERM, so no thread starts. This one allows by default and
          // refuses what the shared rules refuse on purpose; the rest is the Sentry's to answer
          // (ENOSYS for clone3, so glibc falls back to clone, whose namespace flags are refused),
          // and the Sentry itself stays behind runsc's own host seccomp filter either way. The
          // measurements and the alternatives weighed: gvisorSeccompProfileJson().
          gvisorSeccompProfileJson())
    , m_settings(std::move(settings)) {}

bool GvisorTier::chooseRuntime(const ContainerEngine& engine, ContainerRuntime& runtime,
                               std::string& reason) {
    std::lock_guard lock(m_mutex);
    if (m_runsc.path.empty() && !findRunsc(m_runsc, reason))
        return false;
    if (engine.kind == EngineKind::Podman && engine.remote) {
        // The service's own runtimes decide there, and Sandbench cannot tell whether one is gVisor.
        reason =
            "the gVisor tier needs a local engine: Podman through CONTAINER_HOST chooses its own runtime";
        return false;
    }
    if (m_platform.empty() && !choosePlatform(engine, m_runsc, m_settings.platform, settings().image,
                                              m_platform, m_platformNote, reason))
        return false;
    runtime.gvisor = true;
    runtime.runsc = m_runsc.path;
    runtime.platform = m_platform;
    return true;
}

ProbeResult GvisorTier::probe() {
    ProbeResult result = probeEngine(false);
    if (!result.available)
        return result;
    std::lock_guard lock(m_mutex);
    result.notes.insert(result.notes.begin(), "gVisor runsc " + m_runsc.version + " (" + m_runsc.path +
                                                  "), platform " + m_platformNote);
    result.notes.push_back("the program's system calls reach gVisor's Sentry, which shows its own kernel "
                           "(4.4.0), memory and CPU count; the Sentry runs on the host kernel under runsc's "
                           "seccomp filter, and a gofer process mediates its file access");
    return result;
}

bool GvisorTier::applyInPlace(const TierSettings& settings) {
    if (GvisorSettings::from(settings).platform != m_settings.platform)
        return false;
    return ContainerTier::applyInPlace(settings);
}

RunResult GvisorTier::run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) {
    RunResult result = ContainerTier::run(request, sink, stop);
    std::lock_guard lock(m_mutex);
    result.platform = m_platform;
    return result;
}

std::vector<std::string> GvisorTier::referenceCommand(const Policy&) const {
    std::lock_guard lock(m_mutex);
    if (::geteuid() != 0 || m_platform.empty())
        return {};
    return {m_runsc.path, "--platform=" + m_platform, "--network=none", "do", "/usr/bin/python3", "-I", "-"};
}

TierLayers GvisorTier::layers(const Policy& policy) const {
    TierLayers layers;
    layers.memory = "the host's memory cgroup around the whole gVisor sandbox (--memory, no swap)";
    layers.processes = "RLIMIT_NPROC in the gVisor Sentry (--ulimit nproc)";
    layers.fileSize = "file-size rlimit in the gVisor Sentry (--ulimit fsize)";
    layers.disk = "size-capped tmpfs /tmp in the gVisor Sentry (--tmpfs size)";
    layers.network = policy.network ? "the gVisor Sentry's own network stack on the engine's default network"
                     : policy.egress.active()
                         ? "no network in the gVisor Sentry (runsc --network=none): its one way out is the "
                           "egress proxy, through a host socket bound in (runsc --host-uds=open)"
                         : "no network in the gVisor Sentry (runsc --network=none)";
    layers.filesystem = "the container's own mount namespace, served through gVisor's gofer, no host folder";
    layers.readOnly = "read-only container root (--read-only), served through gVisor's gofer";
    return layers;
}

std::string GvisorTier::egressRefusal(const ContainerEngine& engine) const {
    std::string reason;
    if (engine.kind == EngineKind::Docker && !dockerHasGvisorEgressRuntime(engine, reason))
        return reason + "; no user code ran";
    return {};
}

bool GvisorTier::explainLostReport(RunResult& result, const SessionOutcome& outcome,
                                   const Policy& policy) const {
    // The host's memory cgroup holds the Sentry and everything the program allocated: at the limit its OOM
    // killer ends the Sentry, and with it the whole sandbox, before the waiter can report. Nothing else on
    // the host SIGKILLs a sandbox unasked (a timeout or Stop is reported before this).
    if (outcome.clientExit != 128 + SIGKILL)
        return false;
    result.exitCode.reset();
    result.termSignal = SIGKILL;
    result.stoppedBy = StopReason::MemoryLimit;
    result.evidence = "killed by SIGKILL: the host's memory cgroup (--memory " +
                      std::to_string(policy.memoryMb) +
                      " MB, no swap) was full and its OOM killer ended the whole gVisor sandbox (the engine "
                      "reported status 137 and the waiter never reported)";
    return true;
}

} // namespace sandbench
