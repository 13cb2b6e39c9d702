#include "e2b_tier.h"

#include "core/artifacts.h"
#include "core/output_collector.h"
#include "core/stop_evidence.h"
#include "e2b_file_transfer.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>

namespace sandbench {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr const char* kTier = "e2b";
constexpr const char* kNoKey = "no E2B API key: set E2B_API_KEY (get one at https://e2b.dev/dashboard)";

TierLayers e2bLayers(const Policy& policy) {
    TierLayers layers;
    layers.network =
        policy.network ? "E2B's default network" : "E2B's egress block (allow_internet_access false)";
    layers.filesystem = "a separate microVM on E2B's hosts: no file of this machine is there";
    return layers;
}

// explainStop names the policy's numbers, which this tier does not apply: the sandbox's microVM has the
// template's memory, disk and process limits. Say so instead of quoting a limit that was not there.
void describeVmLimit(RunResult& result) {
    const std::string exception = lastExceptionLine(result.stderrBytes);
    switch (result.stoppedBy) {
    case StopReason::MemoryLimit:
        result.evidence =
            "MemoryError: the sandbox's microVM ran out of memory (its template's size; memory_mb "
            "is not applied on this tier)";
        break;
    case StopReason::ProcessLimit:
        result.evidence =
            "fork: EAGAIN inside the sandbox's microVM (its own limit; processes is not applied "
            "on this tier)";
        break;
    case StopReason::FileSizeLimit:
        result.evidence =
            "write: EFBIG inside the sandbox's microVM (file_size_mb is not applied on this tier)";
        break;
    case StopReason::DiskLimit:
        result.evidence = "write: ENOSPC, the sandbox's disk is full (its template's size; workdir_mb is not "
                          "applied on this tier)";
        break;
    default:
        break;
    }
}

std::chrono::milliseconds requestTimeout(const E2bSettings& settings) {
    return std::chrono::milliseconds(
        static_cast<long long>(std::max(1.0, settings.requestTimeoutSeconds) * 1000.0));
}

// Sets the policy's environment in the sandbox's kernel, as an execution of its own before the program
// (environmentPrologue()); an empty string when it did, else why not.
std::string setEnvironment(const E2bApi& api, const E2bSandbox& sandbox,
                           const std::map<std::string, std::string>& environment, std::stop_token stop,
                           bool& cancelled) {
    ExecutionStream stream({}); // it prints nothing; an error is read from the stream
    const E2bExecution execution =
        api.execute(sandbox, environmentPrologue(environment), requestTimeout(api.settings()), stop, stream);
    const std::string failed = "setting the policy's env in the sandbox's Python kernel failed: ";
    switch (execution.end) {
    case E2bExecution::End::Completed:
        if (const auto& error = stream.error())
            return failed + error->name + (error->value.empty() ? "" : ": " + error->value);
        return {};
    case E2bExecution::End::Cancelled:
        cancelled = true;
        return "cancelled while the policy's env was set in the sandbox";
    case E2bExecution::End::Timeout:
        return failed + "it did not finish within " + formatSeconds(api.settings().requestTimeoutSeconds) +
               " s";
    default:
        return failed + execution.problem;
    }
}

// Why nothing came back of /tmp/outputs: its files are read only once the program's execution has ended.
void noteArtifactsLeft(RunResult& result, const std::string& why) {
    result.artifacts.clear();
    result.artifactsNote = "artifacts are not collected from an e2b run " + why + ": files in " +
                           std::string(kOutputsFolderInside) + " stay in the sandbox, which is deleted";
}

std::string describeTier(const E2bSettings& settings) {
    return "a fresh E2B sandbox per run (template " + settings.templateId +
           "): a Firecracker microVM with its own kernel on E2B's hosts, reached over HTTPS; needs an API "
           "key "
           "and network access, and E2B bills every run. Memory, CPU, disk and process limits are the "
           "template's, not the policy's";
}

} // namespace

TierInfo E2bTier::tierInfo() {
    TierInfo info;
    info.name = kTier;
    info.label = SANDBENCH_TRANSLATABLE("TierInfo", "E2B");
    info.description = describeTier(E2bSettings::fromEnvironment());
    info.ownKernel = true;
    info.billed = true;
    info.settings = E2bSettings::describe();
    return info;
}

E2bTier::E2bTier(E2bSettings settings)
    : m_api(std::move(settings))
    , m_info(tierInfo())
    , m_killer([this](const std::string& sandboxId) {
        const E2bKillOutcome outcome = m_api.killSandbox(sandboxId);
        return outcome.gone ? std::string() : outcome.problem;
    }) {
    m_info.description = describeTier(m_api.settings());
}

E2bTier::~E2bTier() = default;

std::string E2bTier::refusal(const RunRequest& request) const {
    const E2bSettings& settings = m_api.settings();
    if (!settings.hasApiKey())
        return kNoKey;
    if (std::string problem = settings.apiKeyProblem(); !problem.empty())
        return problem;
    if (request.interpreter != RunRequest{}.interpreter) {
        std::string named;
        for (const auto& part : request.interpreter)
            named += (named.empty() ? "" : " ") + part;
        return "the e2b tier runs programs in its sandbox's Python kernel and cannot use the interpreter \"" +
               named + "\"";
    }
    // The key stays on this machine: a policy that would hand it to the program is refused, not trimmed.
    for (const auto& [name, value] : request.policy.environment) {
        if (value.find(settings.apiKey) != std::string::npos ||
            name.find(settings.apiKey) != std::string::npos)
            return "the policy's environment variable " + name +
                   " holds the E2B API key: refusing to send it into the sandbox";
    }
    return {};
}

ProbeResult E2bTier::probe() {
    // Configuration only. Every request to E2B's API (even the free GET /v2/sandboxes) would make each
    // `sandbench-cli tiers`, each `--tier all` and each start of the workbench wait on the network and
    // fail offline; a wrong key is reported by the first run instead, as a 401 with what to do.
    ProbeResult result;
    result.reason = refusal(RunRequest{});
    if (!result.reason.empty())
        return result;
    const E2bSettings& settings = m_api.settings();
    result.available = true;
    result.notes.push_back("template " + settings.templateId + " via " + settings.effectiveApiUrl());
    if (!settings.sandboxUrl.empty())
        result.notes.push_back("sandbox requests go to " + settings.sandboxUrl + " (E2B_SANDBOX_URL)");
    result.notes.push_back("own kernel: a Firecracker microVM on E2B's hosts");
    result.notes.push_back("billed by E2B for every run; the key was not checked online");
    return result;
}

namespace {

// What of an allow list E2B's egress rules cannot say: a port (they name hosts and addresses, every port
// of them), and a secret (E2B's header rules set a whole header, where a policy swaps a placeholder inside
// one). Empty when they can say all of it.
std::string egressRefusal(const EgressPolicy& egress) {
    if (!egress.active())
        return {};
    for (const AllowedHost& host : egress.allow)
        if (host.port != 0)
            return "the e2b tier cannot limit " + host.text() +
                   " to a port: E2B's egress rules name hosts, not ports; list the name without one, or run "
                   "on the subprocess or container tier; no user code ran";
    if (!egress.secrets.empty())
        return "the e2b tier cannot keep a secret out of the sandbox: E2B's header rules would set the "
               "whole " +
               egress.secrets.front().header +
               " header rather than swap a placeholder inside it; run on the subprocess or container tier; "
               "no "
               "user code ran";
    return {};
}

} // namespace

RunResult E2bTier::run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) {
    const auto started = Clock::now();
    const auto elapsed = [&started] { return std::chrono::duration<double>(Clock::now() - started).count(); };
    const auto setupFailure = [&](std::string why, bool cancelled = false) {
        RunResult failed = RunResult::setupFailure(kTier, std::move(why));
        if (cancelled)
            failed.stoppedBy = StopReason::Cancelled;
        failed.wallSeconds = elapsed();
        return failed;
    };
    if (std::string why = refusal(request); !why.empty())
        return setupFailure(std::move(why));
    if (std::string why = egressRefusal(request.policy.egress); !why.empty())
        return setupFailure(why);

    const Policy& policy = request.policy;
    // Inputs are checked and planned before a sandbox exists: a run that cannot show them costs nothing.
    E2bInputPlan inputs;
    if (!policy.inputs.empty()) {
        inputs = planInputs(policy);
        if (!inputs.problem.empty())
            return setupFailure(inputs.problem + "; no user code ran");
    }
    // E2B kills the sandbox by itself once this passes: the backstop should the DELETE never arrive. The
    // uploads come first, so their allowance is added: a large input must not eat the program's time.
    const std::chrono::milliseconds uploadBudget =
        inputs.empty() ? std::chrono::milliseconds(0) : inputs.allowance(requestTimeout(m_api.settings()));
    const int lifetime = static_cast<int>(std::ceil(policy.timeoutSeconds)) +
                         std::max(0, m_api.settings().sandboxGraceSeconds) +
                         static_cast<int>(std::chrono::ceil<std::chrono::seconds>(uploadBudget).count());
    const auto sandboxEnds = Clock::now() + std::chrono::seconds(lifetime);
    E2bFailure failure{E2bFailure::Kind::Protocol, 0, {}, 0};
    const std::optional<E2bSandbox> sandbox =
        m_api.createSandbox(lifetime, policy.network, policy.egress, stop, failure);
    if (!sandbox) {
        if (failure.kind == E2bFailure::Kind::Cancelled)
            return setupFailure("cancelled before the program started: " + failure.message, true);
        return setupFailure(failure.message);
    }

    const E2bFiles files(m_api.settings(), *sandbox);
    if (!inputs.empty()) {
        if (std::string why = uploadInputs(files, inputs, uploadBudget, stop); !why.empty()) {
            m_killer.adopt(sandbox->id);
            return setupFailure(why + "; none of the program ran, and the sandbox is being deleted",
                                stop.stop_requested());
        }
    }

    if (!policy.environment.empty()) {
        bool cancelled = false;
        if (std::string why = setEnvironment(m_api, *sandbox, policy.environment, stop, cancelled);
            !why.empty()) {
            m_killer.adopt(sandbox->id);
            return setupFailure(why + "; none of the program ran, and the sandbox is being deleted",
                                cancelled);
        }
    }

    OutputCollector output(policy.outputCapBytes, sink);
    ExecutionStream stream([&output](Stream which, std::string_view bytes) { output.append(which, bytes); });
    const auto timeout = std::chrono::milliseconds(static_cast<long long>(policy.timeoutSeconds * 1000.0));
    const E2bExecution execution = m_api.execute(*sandbox, request.code, timeout, stop, stream);

    RunResult result;
    result.tier = kTier;
    const std::string deleteRequest = "DELETE /sandboxes/" + sandbox->id;
    if (execution.end == E2bExecution::End::Timeout) {
        // Deleted before returning, so the evidence can say it is gone: a timed-out run is not in a hurry.
        const E2bKillOutcome killed = m_api.killSandbox(sandbox->id);
        output.finish(result);
        noteArtifactsLeft(result, "cut off at its time limit");
        result.termSignal = SIGKILL;
        result.timedOut = true;
        result.stoppedBy = StopReason::Timeout;
        result.evidence =
            "killed at the " + formatSeconds(policy.timeoutSeconds) +
            " s wall-clock limit: the execution was cut off and " +
            (killed.gone ? "E2B deleted the sandbox (" + deleteRequest + " answered " +
                               std::to_string(killed.status) + ")"
                         : "deleting the sandbox failed (" + killed.problem + "); E2B ends it at its " +
                               std::to_string(lifetime) + " s timeout");
        result.wallSeconds = elapsed();
        return result;
    }

    output.finish(result);
    result.wallSeconds = elapsed();
    if (execution.end == E2bExecution::End::Completed) {
        // The execution has ended and the sandbox still runs: what the program left in /tmp/outputs is read
        // through envd now, before the delete (collectE2bArtifacts says why a process it left behind can
        // only ever hand back its own bytes).
        // Within one request's timeout, and before E2B's own end of the sandbox (a second kept in hand):
        // a download cut off by that would be lost anyway.
        const auto untilEnd =
            std::chrono::duration_cast<std::chrono::milliseconds>(sandboxEnds - Clock::now()) - 1s;
        ArtifactCollector artifacts(policy);
        collectE2bArtifacts(files, artifacts, std::min(requestTimeout(m_api.settings()), untilEnd), stop);
        artifacts.finish(result);
    }
    m_killer.adopt(sandbox->id); // deleted in the background: the run returns now
    switch (execution.end) {
    case E2bExecution::End::Cancelled:
        noteArtifactsLeft(result, "cancelled by the user");
        result.termSignal = SIGKILL;
        result.stoppedBy = StopReason::Cancelled;
        result.evidence = "cancelled by the user: the execution was cut off and " + deleteRequest + " sent";
        return result;
    case E2bExecution::End::NotStarted:
        return setupFailure(execution.problem +
                            "; none of the program ran, and the sandbox is being deleted");
    case E2bExecution::End::Interrupted:
    case E2bExecution::End::Lost:
        noteArtifactsLeft(result, "whose end is unknown");
        // The program ran, but how it ended is unknown: no exit status, and the reason as evidence. A
        // kernel that died is lost so too, never read as a Python exception of the program's.
        result.evidence = execution.problem + "; the sandbox is being deleted";
        return result;
    case E2bExecution::End::Completed:
    case E2bExecution::End::Timeout:
        break;
    }
    result.exitCode = stream.error() ? stream.error()->exitCode() : 0;
    explainStop(result, policy, e2bLayers(policy));
    describeVmLimit(result);
    return result;
}

void E2bTier::settle() {
    m_killer.drain();
}

} // namespace sandbench
