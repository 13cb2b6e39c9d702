#include "attack_lab.h"

#include "run_deadline.h"
#include "start_sentinel.h"

#include <algorithm>
#include <chrono>

namespace sandbench {

double LabOptions::outerDeadlineSeconds() const {
    const double grace = graceSeconds >= 0 ? graceSeconds : std::max(5.0, policy.timeoutSeconds);
    return policy.timeoutSeconds + grace;
}

LabReport runAttackLab(Backend& backend, const std::vector<Attack>& suite, const AttackHarness& harness,
                       const LabOptions& options, std::stop_token stop, const LabProgressCallback& progress) {
    using Clock = std::chrono::steady_clock;
    LabReport report;
    const OutputSink noLiveOutput;
    const double outerDeadline = options.outerDeadlineSeconds() + backend.startAllowanceSeconds();
    const bool control = backend.isControl();

    for (std::size_t index = 0; index < suite.size(); ++index) {
        if (stop.stop_requested()) {
            report.cancelled = true;
            break;
        }
        const Attack& attack = suite[index];
        if (progress)
            progress({index, suite.size(), &attack, nullptr});

        const PreparedAttack prepared = harness.prepare(attack);
        RunRequest request;
        request.code = prepared.code;
        request.interpreter = options.interpreter;
        request.policy = options.policy;
        if (control)
            request.policy.timeoutSeconds = outerDeadline + 60;

        RunDeadline deadline(
            stop, std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(outerDeadline)));
        const auto started = Clock::now();
        RunResult result = backend.run(request, noLiveOutput, deadline.token());
        const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
        deadline.disarm();
        if (deadline.callerStopped() && !deadline.fired()) {
            report.cancelled = true; // a half-run attack proves nothing either way
            break;
        }

        RunContext context;
        context.started = takeStartSentinel(result, prepared.sentinel);
        context.endedByHarnessDeadline = deadline.fired();
        context.controlTier = control;
        context.plantedSecret = harness.secretValue();
        const Judgement judgement = judgeAttack(attack, result, context);

        AttackOutcome outcome;
        outcome.attack = attack.name;
        outcome.fileName = attack.fileName;
        outcome.category = attack.category;
        outcome.backend = backend.name();
        outcome.control = control;
        outcome.verdict = judgement.verdict;
        outcome.evidence = judgement.evidence;
        outcome.seconds = seconds;
        outcome.result = std::move(result);
        report.outcomes.push_back(std::move(outcome));
        if (progress)
            progress({index, suite.size(), &attack, &report.outcomes.back()});
    }
    return report;
}

} // namespace sandbench
