#include "attack_lab.h"

#include "leftover_check.h"
#include "quota_probe.h"
#include "run_deadline.h"
#include "start_sentinel.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <unistd.h>

namespace sandbench {

double LabOptions::outerDeadlineSeconds() const {
    const double grace = graceSeconds >= 0 ? graceSeconds : std::max(5.0, policy.timeoutSeconds);
    return policy.timeoutSeconds + grace;
}

namespace {

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
    const PreparedAttack prepared = harness.prepare(attack);
    RunRequest request;
    request.code = prepared.code;
    request.interpreter = options.interpreter;
    request.policy = options.policy;
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
    if (!outcome.expected) {
        outcome.expectedBecause = missingProtectionFor(attack, missing);
        outcome.expected = !outcome.expectedBecause.empty();
        // Never silently: the cell itself says why this tier let it through here.
        if (outcome.expected && outcome.verdict == Verdict::Allowed)
            outcome.evidence += " — expected on this host: " + outcome.expectedBecause;
    }
    outcome.needsRoot = attack.needsRoot;
    outcome.unmetNeeds = unmetNeeds(attack);
    outcome.leftovers = findLeftovers(prepared.runName, listeners, true);
    for (const std::string& stray : tier.leftovers())
        outcome.leftovers.push_back(stray);
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

} // namespace

LabReport runAttackLab(Tier& tier, const std::vector<Attack>& suite, const AttackHarness& harness,
                       const LabOptions& options, std::stop_token stop, const LabProgressCallback& progress) {
    LabReport report;
    const double outerDeadline = options.outerDeadlineSeconds() + tier.startAllowanceSeconds();
    const ListenerBaseline listeners = takeListenerBaseline();
    const std::vector<MissingProtection> missing = tier.missingProtections();

    for (std::size_t index = 0; index < suite.size(); ++index) {
        if (stop.stop_requested()) {
            report.cancelled = true;
            break;
        }
        const Attack& attack = suite[index];
        if (progress)
            progress({index, suite.size(), &attack, nullptr});
        std::optional<AttackOutcome> outcome;
        try {
            outcome = runOneAttack(tier, attack, harness, options, listeners, outerDeadline, missing, stop);
        } catch (const std::exception& error) {
            outcome = harnessFailure(tier, attack, error.what());
        }
        if (!outcome) {
            report.cancelled = true;
            break;
        }
        report.outcomes.push_back(std::move(*outcome));
        if (progress)
            progress({index, suite.size(), &attack, &report.outcomes.back()});
    }
    return report;
}

} // namespace sandbench
