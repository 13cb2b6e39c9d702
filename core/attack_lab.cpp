#include "attack_lab.h"

#include "leftover_check.h"
#include "quota_probe.h"
#include "run_deadline.h"
#include "start_sentinel.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <thread>
#include <unistd.h>

namespace sandbench {

double LabOptions::outerDeadlineSeconds() const {
    const double grace = graceSeconds >= 0 ? graceSeconds : std::max(5.0, policy.timeoutSeconds);
    return policy.timeoutSeconds + grace;
}

namespace {

// What a `network: allow` attack's run may take beyond the others: its egress proxy's start-up (mitmproxy's
// Python, 1 s on a quiet machine), which a tier does before the program's own clock starts.
constexpr double kEgressProxyStartAllowanceSeconds = 10;

// One attack on `tier`, judged; nothing when the caller stopped it half-way.
// Why `attack` is expected through `tier` on this host although its metadata does not say so: the
// reason of the first protection it is bounded by that the tier lacks here; empty when none.
std::string missingProtectionFor(const Attack& attack, const std::vector<MissingProtection>& missing) {
    for (const std::string& protection : attack.protections) {
        for (const MissingProtection& lacked : missing)
            if (lacked.name == protection)
                return lacked.reason;
    }
    return {};
}

std::optional<AttackOutcome> runOneAttack(Tier& tier, const Attack& attack, const AttackHarness& harness,
                                          const LabOptions& options, const ListenerBaseline& listeners,
                                          double outerDeadline, const std::vector<MissingProtection>& missing,
                                          std::stop_token stop) {
    using Clock = std::chrono::steady_clock;
    const OutputSink noLiveOutput;
    const bool control = tier.info().control;
    const PreparedAttack prepared = harness.prepare(attack, control);
    RunRequest request;
    request.code = prepared.code;
    request.interpreter = options.interpreter;
    request.policy = options.policy;
    request.secretValues = options.secretValues;
    if (prepared.inputs)
        request.policy.inputs.push_back(prepared.inputs->hostPath());
    if (control) {
        // The control has no limits of its own: only the harness ends its runs, and it keeps all output
        // (a flood that got through must be seen whole to count as through).
        request.policy.timeoutSeconds = outerDeadline + 60;
        request.policy.outputCapBytes = std::max<std::int64_t>(request.policy.outputCapBytes, 64 << 20);
        // Its programs are the user's own processes: what they inherit is what tells a listener they left
        // from one the user started meanwhile (findLeftovers). The sandboxed tiers need no marker, and a
        // per-run variable would keep their warm pools, shaped by the policy, from ever matching.
        request.policy.environment[kRunMarkerVariable] = prepared.runName;
    }
    const HarnessNetwork* network = attack.allowListedNetwork ? harness.network() : nullptr;
    if (network && control) {
        // The control has no proxy and no secret handling: the program gets the network and the real key
        // in its environment, as a careless tool would hand them over.
        request.policy.network = true;
        request.policy.egress = {};
        request.policy.environment[HarnessNetwork::kSecretName] = network->secretValue();
    } else if (network) {
        // Whatever the lab's network is, this attack's is the little one: the allow list, the secret by
        // placeholder, names only the proxy resolves, the web server's CA the only upstream one trusted.
        request.policy.network = false;
        request.policy.egress = network->policy();
        request.secretValues[HarnessNetwork::kSecretName] = network->secretValue();
        request.egressHostsFile = network->hostsFile();
        request.egressTrustedCa = network->caFile();
        // The proxy's start-up is the tier's setup, before the program's clock starts.
        outerDeadline += kEgressProxyStartAllowanceSeconds;
    }

    // A quota attack's effect is measured while it lasts: the moment it says it holds the quota, this
    // process (on the host, outside every sandbox) uses the same facility once.
    std::string liveStdout, quotaHeld, hostQuotaFailure;
    OutputSink quotaWatch = [&](Stream stream, std::string_view bytes) {
        if (stream != Stream::Stdout || !quotaHeld.empty() || liveStdout.size() > 4096)
            return;
        liveStdout += bytes;
        const std::size_t at = liveStdout.find("HOLDING");
        const std::size_t end = at == std::string::npos ? at : liveStdout.find('\n', at);
        if (end == std::string::npos)
            return;
        quotaHeld = liveStdout.substr(at, end - at);
        hostQuotaFailure = useKernelQuotaOnce(attack.quota);
    };
    RunDeadline deadline(
        stop, std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(outerDeadline)));
    const auto started = Clock::now();
    RunResult result = tier.run(
        request, attack.expectation == Expectation::Starves ? quotaWatch : noLiveOutput, deadline.token());
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    deadline.disarm();
    if (deadline.callerStopped() && !deadline.fired())
        return std::nullopt; // a half-run attack proves nothing either way

    // Whatever the tier still tears down in the background (a container's removal) ends first, so
    // what is found now was really left behind.
    tier.settle();
    RunContext context;
    context.started = takeStartSentinel(result, prepared.sentinel);
    context.endedByHarnessDeadline = deadline.fired();
    context.tier = tier.info();
    context.plantedSecret = harness.secretValue();
    if (prepared.inputs) {
        // Checked after the tier is done with it: whatever the program printed, a changed host copy is a
        // hole.
        context.inputsChanged = prepared.inputs->changes();
        context.inputMarker = prepared.inputs->marker();
    }
    if (network) {
        context.network.secretValue = network->secretValue();
        context.network.secretHost = HarnessNetwork::kAllowedHost;
        context.network.listedHosts = {HarnessNetwork::kAllowedHost, HarnessNetwork::kPublicHost};
        context.network.requests = network->requestsOf(prepared.runName);
        for (const std::string& name : harness.dnsQueries())
            if (name.find(prepared.runName) != std::string::npos)
                context.network.dnsQueries.push_back(name);
    }
    context.artifactsMax = request.policy.artifactsMax;
    context.artifactsMb = request.policy.artifactsMb;
    context.quotaHeld = quotaHeld;
    context.hostQuotaFailure = hostQuotaFailure;
    context.hostUser = ::geteuid() == 0 ? "root" : "uid " + std::to_string(::geteuid());
    if (attack.expectation == Expectation::Survivor) {
        // The survivor is the verdict's evidence, not a leftover: it is recorded, then removed.
        std::vector<std::string> found;
        const std::vector<int> survivors = processesNamed(prepared.runName, &found);
        context.survivorFound = !survivors.empty();
        if (context.survivorFound) {
            const bool gone = killAndWait(survivors);
            context.survivorEvidence = found.front() + " was alive after the run" +
                                       (gone ? "; the harness killed it" : "; the harness could not kill it");
        }
    }
    const Judgement judgement = judgeAttack(attack, result, context);

    AttackOutcome outcome;
    outcome.attack = attack.name;
    outcome.fileName = attack.fileName;
    outcome.category = attack.category;
    outcome.tier = tier.name();
    outcome.control = control;
    outcome.verdict = judgement.verdict;
    outcome.evidence = judgement.evidence;
    outcome.layer = judgement.layer;
    outcome.layerDetail = judgement.layerDetail;
    outcome.layerInferred = judgement.layerInferred;
    outcome.expected = isExpectedOn(attack, tier.name(), control);
    // A function check that did not get through is the tier broken (an ERROR), never something expected.
    if (attack.functionCheck && outcome.verdict != Verdict::Allowed)
        outcome.expected = false;
    if (!outcome.expected) {
        outcome.expectedBecause = missingProtectionFor(attack, missing);
        outcome.expected = !outcome.expectedBecause.empty();
        // Never silently: the cell itself says why this tier let it through here.
        if (outcome.expected && outcome.verdict == Verdict::Allowed)
            outcome.evidence += " — expected on this host: " + outcome.expectedBecause;
    }
    outcome.needsRoot = attack.needsRoot;
    outcome.unmetNeeds = unmetNeeds(attack);
    // Named after this run only, so it holds while other runs share the tier; the tier's own leftovers
    // (its containers, VMs) are looked for once the whole group is done (runAttackLab).
    outcome.leftovers = findLeftovers(prepared.runName, listeners, true);
    outcome.seconds = seconds;
    outcome.result = std::move(result);
    return outcome;
}

// A cell for an attack the harness itself failed on (it could not prepare it, judge it or look for its
// leftovers): ERROR, with what went wrong, and the lab goes on with the next attack.
AttackOutcome harnessFailure(const Tier& tier, const Attack& attack, const std::string& what) {
    AttackOutcome outcome;
    outcome.attack = attack.name;
    outcome.fileName = attack.fileName;
    outcome.category = attack.category;
    outcome.tier = tier.name();
    outcome.control = tier.info().control;
    outcome.verdict = Verdict::Error;
    outcome.evidence = "the harness failed on this attack: " + what;
    outcome.expected = isExpectedOn(attack, tier.name(), outcome.control);
    outcome.needsRoot = attack.needsRoot;
    outcome.result = RunResult::setupFailure(tier.name(), outcome.evidence);
    return outcome;
}

// The group that starts at `first`: the attack alone, or it and the next ones that may share the tier.
std::size_t groupEnd(const std::vector<Attack>& suite, std::size_t first, int overlap) {
    std::size_t end = first + 1;
    if (suite[first].runsAlone)
        return end;
    const auto width = static_cast<std::size_t>(std::max(1, overlap));
    while (end < suite.size() && end - first < width && !suite[end].runsAlone)
        ++end;
    return end;
}

// What the tier still holds after a group, given to every member: with several, none can be told apart,
// so each cell fails rather than one being cleared by a guess.
void attributeTierLeftovers(std::vector<std::optional<AttackOutcome>>& group,
                            std::vector<std::string> strays) {
    if (strays.empty())
        return;
    std::string together;
    if (group.size() > 1) {
        for (const auto& outcome : group) {
            if (outcome)
                together += (together.empty() ? "" : ", ") + outcome->attack;
        }
        together = " (found after " + together + " shared the tier; not told apart)";
    }
    for (auto& outcome : group) {
        if (!outcome)
            continue;
        for (const std::string& stray : strays)
            outcome->leftovers.push_back(stray + together);
    }
}

} // namespace

LabReport runAttackLab(Tier& tier, const std::vector<Attack>& suite, const AttackHarness& harness,
                       const LabOptions& options, std::stop_token stop, const LabProgressCallback& progress) {
    LabReport report;
    const double outerDeadline = options.outerDeadlineSeconds() + tier.startAllowanceSeconds();
    const ListenerBaseline listeners = takeListenerBaseline();
    const std::vector<MissingProtection> missing = tier.missingProtections();

    for (std::size_t first = 0; first < suite.size();) {
        if (stop.stop_requested()) {
            report.cancelled = true;
            break;
        }
        const std::size_t end = groupEnd(suite, first, options.overlap);
        for (std::size_t index = first; index < end; ++index) {
            if (progress)
                progress({index, suite.size(), &suite[index], nullptr});
        }
        std::vector<std::optional<AttackOutcome>> group(end - first);
        const auto runAt = [&](std::size_t index) {
            const Attack& attack = suite[index];
            std::unique_lock<MachineGate> alone;
            std::shared_lock<MachineGate> beside;
            if (options.machine && attack.expectation == Expectation::Starves)
                alone = std::unique_lock(*options.machine);
            else if (options.machine)
                beside = std::shared_lock(*options.machine);
            try {
                group[index - first] =
                    runOneAttack(tier, attack, harness, options, listeners, outerDeadline, missing, stop);
            } catch (const std::exception& error) {
                group[index - first] = harnessFailure(tier, attack, error.what());
            }
        };
        if (group.size() == 1) {
            runAt(first);
        } else {
            std::vector<std::jthread> runs;
            for (std::size_t index = first; index < end; ++index)
                runs.emplace_back(runAt, index);
        } // joined: nothing of the group runs any more
        tier.settle();
        try {
            attributeTierLeftovers(group, tier.leftovers());
        } catch (const std::exception& error) {
            // What the group left cannot be known: none of its cells may pass as clean.
            for (std::size_t index = first; index < end; ++index) {
                if (group[index - first])
                    group[index - first] = harnessFailure(tier, suite[index], error.what());
            }
        }

        bool stopped = false;
        for (std::size_t index = first; index < end; ++index) {
            std::optional<AttackOutcome>& outcome = group[index - first];
            if (!outcome) {
                stopped = true; // a half-run attack proves nothing either way
                continue;
            }
            report.outcomes.push_back(std::move(*outcome));
            if (progress)
                progress({index, suite.size(), &suite[index], &report.outcomes.back()});
        }
        if (stopped) {
            report.cancelled = true;
            break;
        }
        first = end;
    }
    return report;
}

} // namespace sandbench
