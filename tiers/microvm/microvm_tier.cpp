#include "microvm_tier.h"

#include "core/artifacts.h"
#include "core/input_files.h"
#include "core/leftover_check.h"
#include "core/output_collector.h"
#include "core/python_stack.h"
#include "core/stop_evidence.h"
#include "egress_port_relay.h"
#include "kvm_probe.h"
#include "tiers/common/process_spawn.h"

#include <csignal>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

namespace {

// Generous: a first TCG boot on a loaded machine can take several seconds.
constexpr auto kBootDeadline = std::chrono::seconds(60);
// Copying inputs in: measured about 0.4 s for 10 MB under TCG on a loaded 2-core machine, so generous.
constexpr auto kInputsDeadline = std::chrono::seconds(120);
// A guest that boots under working KVM is ready in well under this.
constexpr auto kKvmTrialDeadline = std::chrono::seconds(15);

bool isFile(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

std::string bootId() {
    std::ifstream file("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(file, id);
    return id;
}

// Where the KVM verdict for this boot of the host and this guest kernel is remembered, so a probe does not
// boot a trial VM every time.
std::string verdictPath(const std::string& guestFolder) {
    return guestFolder + "/kvm-verdict";
}

std::string verdictKey(const VmLaunch& launch) {
    struct stat info {};
    ::stat(launch.kernel.c_str(), &info);
    return bootId() + " " + std::to_string(info.st_size) + " " + std::to_string(info.st_mtime);
}

// The Python stack line scripts/build-guest-image.sh wrote into the guest's manifest; empty when it has
// none (a guest made before the root drive) or the manifest is unreadable.
std::string manifestPythonStack(const std::string& path) {
    std::ifstream file(path);
    const nlohmann::json manifest = nlohmann::json::parse(file, nullptr, false);
    if (manifest.is_discarded() || !manifest.is_object())
        return {};
    const auto stack = manifest.find("python_stack");
    return stack != manifest.end() && stack->is_string() ? stack->get<std::string>() : std::string();
}

TierLayers guestLayers(const Policy& policy) {
    TierLayers layers;
    layers.memory = "guest RLIMIT_AS (the guest's own kernel)";
    layers.processes = "guest RLIMIT_NPROC (the guest's own kernel)";
    layers.fileSize = "guest RLIMIT_FSIZE (the guest's own kernel)";
    layers.disk = "size-capped tmpfs /tmp in the guest";
    layers.network = policy.egress.active() ? "no network device in the VM (-nic none): its one way out is "
                                              "the egress proxy, through a virtio-serial port"
                                            : "no network device in the VM (-nic none)";
    layers.filesystem = "the guest's own root filesystem, no host folder shared (inputs are copies)";
    layers.readOnly = "a read-only folder of the guest's own root filesystem";
    return layers;
}

} // namespace

TierInfo MicrovmTier::tierInfo() {
    TierInfo info;
    info.name = "microvm";
    info.label = SANDBENCH_TRANSLATABLE("TierInfo", "MicroVM");
    info.description = "a QEMU microVM per run with its own guest kernel: no network device, no host folder, "
                       "memory, CPU and process limits inside the guest; KVM when usable, else TCG emulation";
    info.ownKernel = true;
    info.settings = MicrovmSettings::describe();
    return info;
}

MicrovmTier::MicrovmTier(MicrovmSettings settings)
    : m_settings(std::move(settings))
    , m_info(tierInfo())
    , m_pool(
          [this](const VmShape& shape, std::stop_token stop,
                 std::string& error) -> std::unique_ptr<VmSession> {
              const auto found = setup(error);
              if (!found)
                  return nullptr;
              auto session = VmSession::start(found->launch, shape, error);
              if (!session || !session->waitUntilReady(VmSession::Clock::now() + kBootDeadline, stop, error))
                  return nullptr;
              return session;
          },
          [](std::unique_ptr<VmSession>) {}) { // ending a VM is a kill and a reap: quick enough to do here
    setWarmPoolSize(m_settings.warmPoolSize);
}

MicrovmTier::~MicrovmTier() {
    m_pool.shutdown();
}

std::optional<MicrovmTier::Setup> MicrovmTier::findSetup(std::string& reason) {
    Setup found;
    found.launch.qemu = m_settings.qemu.empty() ? findOnPath("qemu-system-x86_64") : m_settings.qemu;
    if (found.launch.qemu.empty() || ::access(found.launch.qemu.c_str(), X_OK) != 0) {
        reason =
            "QEMU is not installed: install it with `sudo apt install qemu-system-x86`" +
            (m_settings.qemu.empty() ? std::string() : " (or fix SANDBENCH_QEMU=" + m_settings.qemu + ")");
        return std::nullopt;
    }
    const std::string folder =
        m_settings.guestFolder.empty() ? MicrovmSettings::defaultGuestFolder() : m_settings.guestFolder;
    found.launch.kernel = folder + "/vmlinux";
    found.launch.initramfs = folder + "/initramfs.cpio";
    const std::string rebuild = "scripts/build-guest-image.sh" +
                                (m_settings.guestFolder.empty() ? std::string() : " --output " + folder);
    if (!isFile(found.launch.kernel) || !isFile(found.launch.initramfs)) {
        reason = "the guest image is missing from " + folder + ": run " + rebuild;
        return std::nullopt;
    }
    // A guest made before the root drive has another Python environment than the other tiers: refused.
    found.launch.rootDrive = folder + "/root.erofs";
    found.pythonStack = manifestPythonStack(folder + "/manifest.json");
    if (!isFile(found.launch.rootDrive) || !isPythonStackLine(found.pythonStack)) {
        reason = "the guest image in " + folder +
                 " predates the data stack every tier carries (no root drive with numpy, pandas, "
                 "matplotlib and scipy): run " +
                 rebuild;
        return std::nullopt;
    }
    found.launch.tscKhz = hostTscKhz();
    found.launch.setpriv = findOnPath("setpriv");
    found.launch.prlimit = findOnPath("prlimit");
    if (found.launch.setpriv.empty() || found.launch.prlimit.empty()) {
        // Without them QEMU would keep running if Sandbench died, and could dump core or fill the disk.
        reason = "util-linux's setpriv and prlimit are not on PATH, and the microVM tier does not start QEMU "
                 "without them: install util-linux (sudo apt install util-linux)";
        return std::nullopt;
    }
    if (::geteuid() == 0) {
        found.launch.qemuUid = kQemuUid; // never QEMU as root
        // /dev/kvm's group (kvm) and no other, so that KVM stays possible for the unprivileged QEMU.
        struct stat kvm {};
        if (::stat("/dev/kvm", &kvm) == 0)
            found.launch.kvmGroup = static_cast<int>(kvm.st_gid);
    }
    const std::string& wanted = m_settings.accelerator;
    if (wanted == "tcg") {
        found.accelerator = "tcg";
        found.acceleratorNote = "TCG emulation (chosen in the settings)";
    } else if (wanted == "kvm") {
        if (const std::string why = kvmUnusableReason(); !why.empty()) {
            reason = "KVM was chosen but is not usable: " + why + "; choose tcg or auto";
            return std::nullopt;
        }
        found.accelerator = "kvm";
        found.acceleratorNote = "KVM (chosen in the settings)";
    } else if (wanted == "auto") {
        found.accelerator = chooseAccelerator(found.launch, found.acceleratorNote, found.acceleratorDetails);
    } else {
        reason = "unknown accelerator \"" + wanted + "\": choose kvm, tcg or auto";
        return std::nullopt;
    }
    return found;
}

// What a user reads when a guest would not boot under KVM; QEMU's own words (an assertion, a permission
// error) go to the details. A cold run under TCG took about 5 s on a 2-core test machine, against well under
// a second with KVM.
constexpr const char* kKvmGivenUp = "TCG emulation: KVM cannot run guests here, a few seconds a run";

std::string MicrovmTier::chooseAccelerator(const VmLaunch& launch, std::string& note, std::string& details) {
    if (const std::string why = kvmUnusableReason(); !why.empty()) {
        note = "TCG emulation: " + why;
        return "tcg";
    }
    // A tiny guest ran, but some hosts still cannot run a Linux guest under KVM. Boot one for real, once per
    // host boot and guest kernel.
    const std::string key = verdictKey(launch);
    const std::string folder = launch.kernel.substr(0, launch.kernel.rfind('/'));
    {
        std::ifstream remembered(verdictPath(folder));
        std::string line;
        if (std::getline(remembered, line) && line.rfind(key + "\t", 0) == 0) {
            const std::string verdict = line.substr(key.size() + 1);
            if (verdict == "kvm") {
                note = "KVM (a trial guest booted under it)";
                return "kvm";
            }
            note = kKvmGivenUp;
            details = verdict;
            return "tcg";
        }
    }
    VmShape trial{Policy{}, RunRequest{}.interpreter, "kvm"};
    std::string error;
    auto session = VmSession::start(launch, trial, error);
    const bool booted = session && session->waitUntilReady(VmSession::Clock::now() + kKvmTrialDeadline,
                                                           std::stop_token{}, error);
    session.reset();
    const std::string verdict =
        booted ? "kvm"
               : "/dev/kvm runs a test guest, but a Linux guest did not boot under KVM (" + error + ")";
    if (std::ofstream remember(verdictPath(folder), std::ios::trunc); remember)
        remember << key << '\t' << verdict << '\n';
    if (booted) {
        note = "KVM (a trial guest booted under it)";
        return "kvm";
    }
    note = kKvmGivenUp;
    details = verdict;
    return "tcg";
}

std::optional<MicrovmTier::Setup> MicrovmTier::setup(std::string& reason) {
    std::lock_guard lock(m_mutex);
    if (!m_setup)
        m_setup = findSetup(reason);
    return m_setup;
}

ProbeResult MicrovmTier::probe() {
    ProbeResult result;
    {
        std::lock_guard lock(m_mutex);
        m_setup.reset(); // look again: the image or QEMU may have appeared
    }
    const auto found = setup(result.reason);
    if (!found)
        return result;
    result.available = true;
    // From the guest's manifest, which the image build wrote from the root drive's own interpreter: a run
    // here boots a VM (seconds under TCG), too slow for a probe.
    result.notes.push_back(found->pythonStack + " (from the guest image's manifest)");
    result.notes.push_back("accelerator: " + found->acceleratorNote);
    result.details = found->acceleratorDetails;
    result.notes.push_back("QEMU " + found->launch.qemu + ", guest " + found->launch.kernel);
    if (const int pool = m_pool.size(); pool > 0)
        result.notes.push_back("warm pool of " + std::to_string(pool));
    result.notes.push_back("own guest kernel");
    result.notes.push_back(
        std::string("QEMU jailed: own mount, PID, network, IPC and UTS namespaces") +
        (::geteuid() == 0 ? "" : " (in a user namespace of your uid)") +
        ", a root of /usr and its devices only; " +
        (found->launch.qemuUid ? "uid " + std::to_string(found->launch.qemuUid) + ", " : "") +
        "no capabilities, QEMU's own seccomp filter");
    return result;
}

VmShape MicrovmTier::shapeOf(const RunRequest& request, const Setup& found) const {
    return {request.policy, request.interpreter, found.accelerator};
}

int MicrovmTier::warmPoolSize() const {
    return m_pool.size();
}

bool MicrovmTier::applyInPlace(const TierSettings& settings) {
    const MicrovmSettings wanted = MicrovmSettings::from(settings);
    if (wanted.accelerator != m_settings.accelerator || wanted.qemu != m_settings.qemu ||
        wanted.guestFolder != m_settings.guestFolder)
        return false;
    setWarmPoolSize(wanted.warmPoolSize);
    return true;
}

void MicrovmTier::setWarmPoolSize(int size) {
    if (size > 0) {
        std::string ignored;
        if (const auto found = setup(ignored))
            m_pool.prepare(shapeOf(RunRequest{}, *found));
    }
    m_pool.setSize(size);
}

double MicrovmTier::startAllowanceSeconds() const {
    // A cold boot under TCG takes a few seconds here, and more on a loaded machine; under KVM well under one.
    return 20;
}

bool MicrovmTier::waitUntilWarm(const RunRequest& request, std::stop_token stop) {
    if (request.policy.egress.active())
        return false; // such a run boots its own VM: no pooled one could carry its proxy's CA and
                      // placeholders
    std::string ignored;
    const auto found = setup(ignored);
    return found && m_pool.waitUntilReady(shapeOf(request, *found), stop);
}

RunResult MicrovmTier::run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) {
    std::optional<EgressProxy> proxy;
    RunResult result = runInVm(request, sink, stop, proxy);
    if (proxy && proxy->running())
        finishEgress(*proxy, result);
    return result;
}

RunResult MicrovmTier::runInVm(const RunRequest& request, const OutputSink& sink, std::stop_token stop,
                               std::optional<EgressProxy>& proxy) {
    const auto started = VmSession::Clock::now();
    // Inputs are checked before any VM is taken: a missing, oversized or escaping one refuses the run.
    const CheckedInputs inputs = checkInputs(request.policy);
    if (!inputs.ok())
        return RunResult::setupFailure("microvm", inputs.problem + "; no user code ran");
    std::string error;
    const auto found = setup(error);
    if (!found)
        return RunResult::setupFailure("microvm", error);

    VmShape shape = shapeOf(request, *found);
    // A network allow list: the run's proxy first, its variables and CA in the guest's config, so the VM is
    // booted for this run alone (its placeholders exist only now): never a warm one.
    if (request.policy.egress.active()) {
        proxy.emplace();
        if (!startEgressProxyFor(request, *proxy, error))
            return RunResult::setupFailure("microvm", error);
        shape.egressCa = proxy->caCertificate();
        shape.egressEnvironment = egressEnvironment(proxy->urlInside(kGuestEgressPort),
                                                    kGuestEgressCa, proxy->placeholders());
    }
    std::unique_ptr<VmSession> session = proxy ? nullptr : m_pool.take(shape);
    const bool warm = session != nullptr;
    if (!session) {
        session = VmSession::start(found->launch, shape, error);
        if (!session || !session->waitUntilReady(started + kBootDeadline, stop, error)) {
            RunResult failed = RunResult::setupFailure("microvm", error);
            failed.accelerator = found->accelerator;
            if (stop.stop_requested())
                failed.stoppedBy = StopReason::Cancelled;
            return failed;
        }
    }

    // Inputs are copied in at hand-over, so a warm VM (booted before anyone read them) serves a run with
    // inputs too, and the guest gets them as they are now. Their copy does not count against the program's
    // timeout; it has a deadline of its own.
    if (!inputs.inputs.empty() &&
        !session->giveInputs(inputs.inputs, request.policy.inputsMb << 20,
                             VmSession::Clock::now() + kInputsDeadline, stop, error)) {
        session.reset();
        RunResult failed = RunResult::setupFailure("microvm", error + "; no user code ran");
        failed.accelerator = found->accelerator;
        failed.warmStart = warm;
        if (stop.stop_requested())
            failed.stoppedBy = StopReason::Cancelled;
        return failed;
    }

    // The guest's forwarder already listens (the guest said "ready" after it did); from now on what it
    // carries reaches the proxy, until the VM is gone.
    std::optional<EgressPortRelay> relay;
    if (proxy)
        relay.emplace(session->takeEgressChannel(), proxy->port());

    OutputCollector output(request.policy.outputCapBytes, sink);
    ArtifactCollector artifacts(request.policy);
    const auto timeout = std::chrono::duration_cast<VmSession::Clock::duration>(
        std::chrono::duration<double>(request.policy.timeoutSeconds));
    const VmOutcome outcome = session->handOver(request.code, output, artifacts, timeout, stop);
    session.reset(); // QEMU is gone and reaped; its folder goes now
    const std::string channelProblem = relay ? relay->problem() : std::string();
    relay.reset();

    RunResult result;
    result.tier = "microvm";
    artifacts.finish(result);
    result.warmStart = warm;
    result.accelerator = found->accelerator;
    output.finish(result);
    result.wallSeconds = std::chrono::duration<double>(VmSession::Clock::now() - started).count();
    const Policy& policy = request.policy;
    const std::string accelerator = found->accelerator == "kvm" ? "KVM" : "TCG";

    if (outcome.timedOut || outcome.cancelled) {
        result.termSignal = SIGKILL;
        result.timedOut = outcome.timedOut;
        result.stoppedBy = outcome.timedOut ? StopReason::Timeout : StopReason::Cancelled;
        result.artifactsNote = std::string("none collected: the VM was killed before its guest could send ") +
                               kOutputsFolderInside;
        result.evidence = (outcome.timedOut ? "killed at the " + formatSeconds(policy.timeoutSeconds) +
                                                  " s wall-clock limit"
                                            : std::string("cancelled by the user")) +
                          ": the VM's QEMU process was killed and reaped (" + accelerator + ")";
        return result;
    }
    if (!outcome.status) {
        result.evidence = outcome.failure;
        return result;
    }
    if (!outcome.artifactsOffered)
        result.artifactsNote =
            std::string("none collected: this guest image is older than artifacts; rebuild it "
                        "with scripts/build-guest-image.sh");
    const int status = *outcome.status;
    if (status > 128 && status < 128 + 65)
        result.termSignal = status - 128;
    else
        result.exitCode = status;
    if (outcome.oomKills > 0) {
        result.stoppedBy = StopReason::MemoryLimit;
        result.evidence = "the guest kernel's OOM killer ended " + std::to_string(outcome.oomKills) +
                          " process(es) in the VM's " + std::to_string(guestMemoryMb(policy)) + " MB of RAM";
    }
    explainStop(result, policy, guestLayers(policy));
    if (!channelProblem.empty())
        result.evidence += (result.evidence.empty() ? "" : "; ") + channelProblem;
    return result;
}

} // namespace sandbench

namespace sandbench {

// QEMU processes of this program beyond the ones its warm pool keeps: a VM that outlived its run.
std::vector<std::string> MicrovmTier::leftovers() {
    std::vector<std::string> running;
    for (const ProcessStatus& process : listProcesses()) {
        if (process.parent == ::getpid() && process.name.starts_with("qemu-system") && process.state != 'Z')
            running.push_back("VM process " + std::to_string(process.pid) + " (" + process.name +
                              ") still running after its run");
    }
    const auto pooled = static_cast<size_t>(std::max(0, m_pool.size()));
    if (running.size() <= pooled)
        return {};
    running.erase(running.begin(), running.begin() + static_cast<std::ptrdiff_t>(pooled));
    return running;
}

} // namespace sandbench
