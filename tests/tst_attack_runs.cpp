// Labs run by the engine on the host control: the whole bundled suite gets through (an attack that does
// not is broken), a missing interpreter is an ERROR in every cell, a cancel ends a lab at once, a harness
// failure is one ERROR cell and the lab goes on, and a protection the tier lacks here makes a cell expected
// with its reason.

#include "core/attack_harness.h"
#include "core/attack_judge.h"
#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "support/source_paths.h"
#include "tiers/host/host_tier.h"

#include <QTest>
#include <chrono>
#include <stdexcept>
#include <thread>

using namespace sandbench;

class TestAttackRuns : public QObject {
    Q_OBJECT

private slots:
    void harnessFailureIsAnErrorCellAndTheLabGoesOn();
    void missingProtectionMakesACellExpectedWithItsReason();
    void bundledAttacksAllowedOnHost();
    void missingInterpreterIsError();
    void labIsCancellable();
};

// A tier whose leftover check throws on its first call: the harness cannot finish that cell.
class ThrowingLeftoversTier final : public HostTier {
public:
    std::vector<std::string> leftovers() override {
        if (m_calls++ == 0)
            throw std::runtime_error("cannot read the tier's process list");
        return {};
    }

private:
    int m_calls = 0;
};

void TestAttackRuns::harnessFailureIsAnErrorCellAndTheLabGoesOn() {
    const std::vector<Attack> suite{parseAttack("a.py", "# name: A\n# expect: marker GOT\nprint('GOT')\n"),
                                    parseAttack("b.py", "# name: B\n# expect: marker GOT\nprint('GOT')\n")};
    ThrowingLeftoversTier tier;
    const AttackHarness harness;
    const LabOptions options;
    const LabReport report = runAttackLab(tier, suite, harness, options, {});
    QVERIFY(!report.cancelled);
    QCOMPARE(report.outcomes.size(), std::size_t(2));
    QVERIFY(report.outcomes[0].verdict == Verdict::Error); // never BLOCKED: nothing was judged
    QCOMPARE(QString::fromStdString(report.outcomes[0].evidence),
             QString("the harness failed on this attack: cannot read the tier's process list"));
    QVERIFY2(report.outcomes[1].verdict == Verdict::Allowed, report.outcomes[1].evidence.c_str());

    // An errno too large for an int, written by the program, is no errno and throws nothing.
    const Attack attack = parseAttack("c.py", "# name: C\n# expect: marker GOT\nx=1\n");
    RunResult result;
    result.exitCode = 1;
    result.stderrBytes = "Traceback (most recent call last):\nOSError: [Errno 99999999999999999999] no\n";
    RunContext context;
    context.started = true;
    context.tier.name = "subprocess";
    const Judgement judgement = judgeAttack(attack, result, context);
    QVERIFY(judgement.verdict != Verdict::Allowed);
}

// A sandboxed tier that cannot set up one protection on this host (as the subprocess tier without a memory
// cgroup): the host's processes, but not the control, and saying what it lacks.
class TierWithoutMemoryCgroup final : public HostTier {
public:
    TierWithoutMemoryCgroup() {
        m_info.name = "lacking";
        m_info.control = false;
    }
    const TierInfo& info() const override { return m_info; }
    std::vector<MissingProtection> missingProtections() override {
        return {{"aggregate-memory", "no per-run memory cgroup: none here"}};
    }

private:
    TierInfo m_info = HostTier::tierInfo();
};

void TestAttackRuns::missingProtectionMakesACellExpectedWithItsReason() {
    const std::vector<Attack> suite{
        parseAttack("a.py", "# name: A\n# expect: marker GOT\n# protection: socket-memory aggregate-memory\n"
                            "print('GOT')\n"),
        parseAttack("b.py", "# name: B\n# expect: marker GOT\n# protection: socket-memory\nprint('GOT')\n"),
        parseAttack("c.py",
                    "# name: C\n# expect: marker GOT\n# protection: aggregate-memory\nprint('no')\n")};
    QCOMPARE(suite[0].protections, (std::vector<std::string>{"socket-memory", "aggregate-memory"}));
    TierWithoutMemoryCgroup tier;
    const AttackHarness harness;
    const LabOptions options;
    const LabReport report = runAttackLab(tier, suite, harness, options, {});
    QCOMPARE(report.outcomes.size(), std::size_t(3));
    // Bounded by what the tier lacks here: expected, and the cell says why.
    const AttackOutcome& lacked = report.outcomes[0];
    QVERIFY2(lacked.verdict == Verdict::Allowed, lacked.evidence.c_str());
    QVERIFY(lacked.expected);
    QCOMPARE(lacked.expectedBecause, std::string("no per-run memory cgroup: none here"));
    QVERIFY2(lacked.evidence.ends_with(" — expected on this host: no per-run memory cgroup: none here"),
             lacked.evidence.c_str());
    // Bounded by something the tier has: a hole.
    const AttackOutcome& hole = report.outcomes[1];
    QVERIFY2(hole.verdict == Verdict::Allowed, hole.evidence.c_str());
    QVERIFY(!hole.expected && hole.expectedBecause.empty());
    // Stopped although the tier lacks the protection: expected, but nothing to explain in the evidence.
    const AttackOutcome& stopped = report.outcomes[2];
    QVERIFY(stopped.verdict == Verdict::Blocked && stopped.expected);
    QVERIFY(stopped.evidence.find("expected on this host") == std::string::npos);
    QVERIFY_THROWS_EXCEPTION(
        AttackSuiteError,
        parseAttack("d.py", "# name: D\n# expect: marker X\n# protection: memory/all\nx=1\n"));
}

void TestAttackRuns::bundledAttacksAllowedOnHost() {
    const std::vector<Attack> suite = loadAttackSuite(test_support::attacksSourceDir());
    const AttackHarness harness;
    HostTier host;
    LabOptions options;
    options.policy.timeoutSeconds = 1.5;
    options.graceSeconds = 1.0;
    int progressStarts = 0, progressFinishes = 0;
    const LabReport report =
        runAttackLab(host, suite, harness, options, {}, [&](const LabProgress& progress) {
            QCOMPARE(progress.total, suite.size());
            ++(progress.finished ? progressFinishes : progressStarts);
        });

    QVERIFY(!report.cancelled);
    QCOMPARE(report.outcomes.size(), suite.size());
    QCOMPARE(progressStarts, int(suite.size()));
    QCOMPARE(progressFinishes, int(suite.size()));
    for (const AttackOutcome& outcome : report.outcomes) {
        const QByteArray what = QByteArray::fromStdString(outcome.attack + ": " + outcome.evidence + "\n" +
                                                          outcome.result.stderrBytes);
        // The control run: an attack that does not get through without any boundary is broken.
        if (!outcome.unmetNeeds.empty())
            QVERIFY2(outcome.verdict != Verdict::Error, what.constData());
        else
            QVERIFY2(outcome.verdict == Verdict::Allowed, what.constData());
        QVERIFY2(
            outcome.leftovers.empty(),
            (what + QByteArray::fromStdString(outcome.leftovers.empty() ? "" : outcome.leftovers.front()))
                .constData());
        QVERIFY(outcome.expected);
        QCOMPARE(outcome.tier, std::string("host"));
        QVERIFY(outcome.control);
        QVERIFY2(outcome.result.stderrBytes.find("@@sandbench-started") == std::string::npos,
                 what.constData());
    }
    const AttackOutcome& loop = report.outcomes.front();
    QCOMPARE(loop.attack, std::string("CPU loop"));
    // Only the harness's outer deadline (1.5 s + 1 s) ended it, not the policy timeout.
    QCOMPARE(std::string(toString(loop.result.stoppedBy)), std::string("cancelled"));
    QVERIFY2(loop.seconds >= 2.4 && loop.seconds < 6, QByteArray::number(loop.seconds).constData());
    QVERIFY(loop.evidence.find("harness's deadline") != std::string::npos);
    QVERIFY(report.outcomes[4].evidence.find("with the planted secret") != std::string::npos);
    QVERIFY(harness.connectionsAccepted() >= 1); // the network attack really reached the listener
    // The DNS exfiltration really reached the canary DNS server.
    bool asked = false;
    for (const std::string& name : harness.dnsQueries())
        asked = asked || name.find("exfil") != std::string::npos;
    QVERIFY(asked);
}

void TestAttackRuns::missingInterpreterIsError() {
    const std::vector<Attack> suite = loadAttackSuite(test_support::attacksSourceDir());
    const AttackHarness harness;
    HostTier host;
    LabOptions options;
    options.interpreter = {"/nonexistent/python3", "-I"};
    const LabReport report = runAttackLab(host, suite, harness, options, {});
    QCOMPARE(report.outcomes.size(), suite.size());
    for (const AttackOutcome& outcome : report.outcomes) {
        QVERIFY2(outcome.verdict == Verdict::Error, outcome.evidence.c_str());
        QVERIFY2(outcome.evidence.find("/nonexistent/python3") != std::string::npos,
                 outcome.evidence.c_str());
    }
}

void TestAttackRuns::labIsCancellable() {
    const std::vector<Attack> suite = loadAttackSuite(test_support::attacksSourceDir());
    const AttackHarness harness;
    HostTier host;
    LabOptions options; // outer deadline 5 s + 5 s: a cancel must not wait for it
    std::stop_source user;
    const auto started = std::chrono::steady_clock::now();
    std::jthread canceller([&user] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        user.request_stop();
    });
    const LabReport report = runAttackLab(host, suite, harness, options, user.get_token());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    QVERIFY(report.cancelled);
    QVERIFY(report.outcomes.empty()); // the CPU loop was cut short: no verdict for a half run
    QVERIFY2(seconds < 3, QByteArray::number(seconds).constData());
}

QTEST_GUILESS_MAIN(TestAttackRuns)
#include "tst_attack_runs.moc"
