// The judge and the start sentinel it relies on: the sentinel keeps a program's line numbers and is taken
// out of its stderr, every verdict from a run's output, status and the tier's evidence (data-driven), quota
// attacks judged by the host's own use of the quota, and the layer each BLOCKED names: one layer, the same in
// the cell, its evidence and its stop reason.

#include "core/attack_judge.h"
#include "core/attack_suite.h"
#include "core/start_sentinel.h"
#include "core/stop_evidence.h"
#include "tiers/host/host_tier.h"

#include <QTest>

using namespace sandbench;

namespace {

RunResult runOnHost(const std::string& code) {
    HostTier host;
    RunRequest request;
    request.code = code;
    return host.run(request, {}, {});
}

// "https allowed.sandbench.test allowed.sandbench.test real": scheme, Host, TLS name, secret ("-": none).
WebRequest webRequest(const QString& text) {
    const QStringList parts = text.split(' ');
    const auto part = [&](int i) {
        return parts.value(i) == "-" ? std::string() : parts.value(i).toStdString();
    };
    return {part(0), "GET", "/sbx1/x", part(1), part(2), part(3)};
}

// "denied|CONNECT|other.sandbench.test:443|not in allow list"
EgressEvent egressEvent(const QString& text) {
    const QStringList parts = text.split('|');
    return {parts.value(0).toStdString(), parts.value(1).toStdString(), parts.value(2).toStdString(),
            parts.value(3).toStdString()};
}

Attack attackExpecting(const QString& expect) {
    return parseAttack("judge.py", "# name: Judge\n# expect: " + expect.toStdString() + "\n");
}

} // namespace

class TestAttackJudge : public QObject {
    Q_OBJECT

private slots:
    void sentinelKeepsLineNumbers_data();
    void sentinelKeepsLineNumbers();
    void takeSentinel();
    void judge_data();
    void judge();
    void judgeStarvesByTheHostsOwnUse();
    void judgeNamesLayers_data();
    void judgeNamesLayers();
    void oneLayerPerCell_data();
    void oneLayerPerCell();
    void judgeEgress_data();
    void judgeEgress();
};

void TestAttackJudge::sentinelKeepsLineNumbers_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("starts");
    QTest::addColumn<int>("failingLine"); // where the traceback must point; 0: the program succeeds

    QTest::newRow("header first") << "# name: X\n# expect: stopped\nx = 1\nraise ValueError('line 4')\n"
                                  << true << 4;
    QTest::newRow("future import") << "# name: X\nfrom __future__ import annotations\nraise ValueError('3')\n"
                                   << true << 3;
    QTest::newRow("blank first line") << "\nraise ValueError('2')\n" << true << 2;
    QTest::newRow("plain code") << "print('ok')\n" << true << 0;
    QTest::newRow("syntax error at the end") << "# name: X\nprint('never')\nx = (\n" << false << 3;
    QTest::newRow("indentation error") << "# name: X\nif True:\nprint(1)\n" << false << 3;
}

void TestAttackJudge::sentinelKeepsLineNumbers() {
    QFETCH(QString, code);
    QFETCH(bool, starts);
    QFETCH(int, failingLine);

    const std::string sentinel = makeStartSentinel();
    RunResult result = runOnHost(addStartSentinel(code.toStdString(), sentinel));
    const std::string stderrBefore = result.stderrBytes;
    QCOMPARE(takeStartSentinel(result, sentinel), starts);
    QVERIFY2(result.stderrBytes.find("@@sandbench-started") == std::string::npos, result.stderrBytes.c_str());
    if (starts)
        QVERIFY(stderrBefore.starts_with(sentinel + "\n"));
    if (failingLine == 0) {
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QCOMPARE(result.stdoutBytes, std::string("ok\n"));
    } else {
        const std::string where = "line " + std::to_string(failingLine);
        QVERIFY2(result.stderrBytes.find(where) != std::string::npos, result.stderrBytes.c_str());
    }
    QVERIFY(result.stdoutBytes.find("never") == std::string::npos);
}

void TestAttackJudge::takeSentinel() {
    const std::string sentinel = makeStartSentinel();
    RunResult result;
    result.stderrBytes = sentinel + "\nTraceback\nOSError: x\n";
    QVERIFY(takeStartSentinel(result, sentinel));
    QCOMPARE(result.stderrBytes, std::string("Traceback\nOSError: x\n"));

    RunResult other;
    other.stderrBytes = makeStartSentinel() + "\n"; // another run's sentinel proves nothing
    QVERIFY(!takeStartSentinel(other, sentinel));

    RunResult cut; // an output cap smaller than the sentinel
    cut.stderrBytes = sentinel.substr(0, 10) + kOutputTruncatedMarker;
    cut.stderrTruncated = true;
    QVERIFY(takeStartSentinel(cut, sentinel));
}

void TestAttackJudge::judge_data() {
    QTest::addColumn<QString>("expect");
    QTest::addColumn<QString>("stdoutText");
    QTest::addColumn<QString>("stderrText");
    QTest::addColumn<int>("exitCode"); // -1: none
    QTest::addColumn<int>("signal");   // 0: none
    QTest::addColumn<int>("stoppedBy");
    QTest::addColumn<QString>("tierEvidence");
    QTest::addColumn<bool>("started");
    QTest::addColumn<bool>("harnessDeadline");
    QTest::addColumn<bool>("control");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QString>("evidence");

    const int none = int(StopReason::None);
    const int blocked = int(Verdict::Blocked), allowed = int(Verdict::Allowed), error = int(Verdict::Error);
    const QString traceback = "Traceback (most recent call last):\n  File \"main.py\", line 5, in <module>\n";

    QTest::newRow("marker present") << "marker LEAKED"
                                    << "LEAKED aws_secret_access_key=NOT-A-REAL-KEY-1\n"
                                    << "" << 0 << 0 << none << "" << true << false << false << allowed
                                    << "marker LEAKED in stdout, with the planted secret";
    QTest::newRow("marker absent, tier evidence")
        << "marker LEAKED"
        << "" << traceback + "FileNotFoundError: [Errno 2] No such file or directory: '/x'\n"
        << 1 << 0 << int(StopReason::FilesystemHidden) << "path not present in sandbox (private view)" << true
        << false << false << blocked << "path not present in sandbox (private view)";
    QTest::newRow("marker absent, only the exception")
        << "marker REACHED"
        << "" << traceback + "TimeoutError: timed out\n"
        << 1 << 0 << none << "" << true << false << false << blocked << "TimeoutError: timed out";
    QTest::newRow("fork flood limited")
        << "marker ALL_FORKED"
        << "LIMITED\n"
        << "fork: BlockingIOError: [Errno 11] Resource temporarily unavailable\n"
        << 0 << 0 << none << "" << true << false << false << blocked << "fork: BlockingIOError: [Errno 11]";
    QTest::newRow("crash after the sentinel")
        << "marker ALLOCATED"
        << ""
        << "" << -1 << 11 << none << "" << true << false << false << blocked << "killed by SIGSEGV";
    QTest::newRow("setup failure") << "marker LEAKED"
                                   << ""
                                   << "" << -1 << 0 << int(StopReason::SetupFailure)
                                   << "cannot start the interpreter /nope: No such file or directory" << false
                                   << false << false << error << "the tier could not set up: cannot start";
    QTest::newRow("missing sentinel") << "marker LEAKED"
                                      << ""
                                      << "" << 1 << 0 << none << "" << false << false << false << error
                                      << "the program never started (no start sentinel; exit 1)";
    QTest::newRow("syntax error") << "marker LEAKED"
                                  << ""
                                  << "  File \"/w/main.py\", line 7\n    x = (\n        ^\n"
                                     "SyntaxError: '(' was never closed\n"
                                  << 1 << 0 << none << "" << false << false << false << error
                                  << "never started: SyntaxError: '(' was never closed (line 7)";
    QTest::newRow("interpreter missing") << "stopped"
                                         << ""
                                         << "exec: /usr/bin/python3: not found\n"
                                         << 127 << 0 << none << "" << false << false << false << error
                                         << "the interpreter could not start (exit 127)";
    QTest::newRow("module not found")
        << "marker REACHED"
        << "" << traceback + "ModuleNotFoundError: No module named 'requests'\n"
        << 1 << 0 << none << "" << true << false << false << error << "could not load: ModuleNotFoundError";
    QTest::newRow("import error with tier evidence")
        << "marker REACHED"
        << "" << traceback + "ImportError: cannot import name 'x'\n"
        << 1 << 0 << int(StopReason::Seccomp) << "seccomp" << true << false << false << error
        << "ImportError";
    QTest::newRow("marker beats a later import error")
        << "marker WROTE"
        << "WROTE\n"
        << traceback + "ImportError: late\n"
        << 1 << 0 << none << "" << true << false << false << allowed << "marker WROTE";
    QTest::newRow("marker attack outlived the tier")
        << "marker REACHED"
        << ""
        << "" << -1 << 9 << int(StopReason::Cancelled) << "cancelled" << true << true << false << blocked
        << "before the harness's deadline";
    QTest::newRow("stopped: harness deadline")
        << "stopped"
        << ""
        << "" << -1 << 9 << int(StopReason::Cancelled) << "cancelled by the user" << true << true << false
        << allowed << "harness's deadline";
    QTest::newRow("stopped: tier timeout")
        << "stopped"
        << ""
        << "" << -1 << 9 << int(StopReason::Timeout) << "killed at 5.0 s wall timeout" << true << false
        << false << blocked << "killed at 5.0 s wall timeout";
    QTest::newRow("stopped: tier CPU limit")
        << "stopped"
        << ""
        << "" << -1 << 24 << int(StopReason::CpuLimit) << "killed by SIGXCPU at the 6 s CPU limit" << true
        << false << false << blocked << "SIGXCPU";
    QTest::newRow("stopped: control tier's own timeout")
        << "stopped"
        << ""
        << "" << -1 << 9 << int(StopReason::Timeout) << "ended by the deadline" << true << false << true
        << allowed << "control tier";
    QTest::newRow("stopped: ended by itself")
        << "stopped"
        << ""
        << "" << 0 << 0 << none << "" << true << false << false << error << "ended on its own";
    QTest::newRow("stopped: never started")
        << "stopped"
        << ""
        << "" << -1 << 9 << int(StopReason::Timeout) << "killed at 5.0 s wall timeout" << false << false
        << false << error << "never started";
    QTest::newRow("stopped: the tier lost the program")
        << "stopped"
        << ""
        << "" << -1 << 0 << none << "the container ended without its waiter's report" << true << false
        << false << error << "lost track of the program: the container ended without its waiter's report";
    QTest::newRow("marker: the tier lost the program")
        << "marker LEAKED"
        << ""
        << "" << -1 << 0 << none << "" << true << false << false << error
        << "lost track of the program: no exit status";
    QTest::newRow("user cancelled") << "marker LEAKED"
                                    << ""
                                    << "" << -1 << 9 << int(StopReason::Cancelled) << "cancelled by the user"
                                    << true << false << false << error << "cancelled";
}

// A quota attack is judged by what happened to the harness's own use of the quota while it held it.
void TestAttackJudge::judgeStarvesByTheHostsOwnUse() {
    const Attack attack = attackExpecting("starves inotify");
    QCOMPARE(attack.quota, std::string("inotify"));
    RunResult result;
    result.exitCode = 0;
    result.stdoutBytes = "HOLDING 128 inotify instances, then EMFILE\n";
    RunContext context;
    context.started = true;
    context.tier.name = "subprocess";
    context.hostUser = "root";
    context.quotaHeld = "HOLDING 128 inotify instances, then EMFILE";
    context.hostQuotaFailure = "inotify_init1: Too many open files";
    Judgement judgement = judgeAttack(attack, result, context);
    QCOMPARE(toString(judgement.verdict), toString(Verdict::Allowed));
    QVERIFY2(judgement.evidence.find("failed: inotify_init1") != std::string::npos,
             judgement.evidence.c_str());

    context.hostQuotaFailure.clear();
    judgement = judgeAttack(attack, result, context);
    QCOMPARE(toString(judgement.verdict), toString(Verdict::Blocked));
    QCOMPARE(judgement.layer, std::string("kernel quotas"));

    context.tier.ownKernel = true;
    QCOMPARE(judgeAttack(attack, result, context).layer, std::string("guest kernel"));

    context.quotaHeld.clear(); // it never got to hold anything
    result.exitCode = 1;
    result.stdoutBytes.clear();
    result.stderrBytes = "DENIED inotify_init1 EMFILE\n";
    QCOMPARE(toString(judgeAttack(attack, result, context).verdict), toString(Verdict::Blocked));
}

void TestAttackJudge::judge() {
    QFETCH(QString, expect);
    QFETCH(QString, stdoutText);
    QFETCH(QString, stderrText);
    QFETCH(int, exitCode);
    QFETCH(int, signal);
    QFETCH(int, stoppedBy);
    QFETCH(QString, tierEvidence);
    QFETCH(bool, started);
    QFETCH(bool, harnessDeadline);
    QFETCH(bool, control);
    QFETCH(int, verdict);
    QFETCH(QString, evidence);

    RunResult result;
    result.stdoutBytes = stdoutText.toStdString();
    result.stderrBytes = stderrText.toStdString();
    if (exitCode >= 0)
        result.exitCode = exitCode;
    if (signal > 0)
        result.termSignal = signal;
    result.stoppedBy = static_cast<StopReason>(stoppedBy);
    result.evidence = tierEvidence.toStdString();
    RunContext context;
    context.started = started;
    context.endedByHarnessDeadline = harnessDeadline;
    context.tier.control = control;
    context.plantedSecret = "aws_secret_access_key=NOT-A-REAL-KEY-1";

    const Judgement judgement = judgeAttack(attackExpecting(expect), result, context);
    QCOMPARE(QString::fromUtf8(toString(judgement.verdict)), QString::fromUtf8(toString(Verdict(verdict))));
    QVERIFY2(QString::fromStdString(judgement.evidence).contains(evidence), judgement.evidence.c_str());
    QVERIFY(judgement.evidence.find('\n') == std::string::npos);
}

void TestAttackJudge::judgeNamesLayers_data() {
    QTest::addColumn<QString>("tier");
    QTest::addColumn<bool>("ownKernel");
    QTest::addColumn<QByteArray>("stderrText");
    QTest::addColumn<QString>("layer");
    QTest::addColumn<bool>("inferred");
    QTest::newRow("seccomp on subprocess")
        << "subprocess" << false << QByteArray("DENIED ptrace EPERM\n") << "seccomp" << true;
    QTest::newRow("landlock on subprocess")
        << "subprocess" << false << QByteArray("DENIED open(/x) EACCES\n") << "landlock" << true;
    QTest::newRow("permissions in a container")
        << "container" << false << QByteArray("DENIED open(/x) EACCES\n") << "permissions" << true;
    QTest::newRow("hidden process") << "container" << false
                                    << QByteArray("DENIED open(/proc/77/environ) ENOENT\n") << "namespace"
                                    << true;
    QTest::newRow("environment") << "subprocess" << false << QByteArray("DENIED getenv(X) ENOENT\n")
                                 << "environment" << true;
    QTest::newRow("errno of an exception")
        << "subprocess" << false
        << QByteArray(
               "Traceback (most recent call last):\nOSError: [Errno 30] Read-only file system: '/usr/x'\n")
        << "read-only filesystem" << true;
    QTest::newRow("noexec folder") << "container" << false
                                   << QByteArray("DENIED exec(system call program) EACCES\n")
                                   << "noexec mount" << true;
    QTest::newRow("inside a VM") << "microvm" << true << QByteArray("DENIED ptrace EPERM\n") << "guest kernel"
                                 << true;
}

void TestAttackJudge::judgeNamesLayers() {
    QFETCH(QString, tier);
    QFETCH(bool, ownKernel);
    QFETCH(QByteArray, stderrText);
    QFETCH(QString, layer);
    QFETCH(bool, inferred);
    const Attack attack = parseAttack("a.py", "# name: A\n# expect: marker GOT\nx=1\n");
    RunResult result;
    result.exitCode = 1;
    result.stderrBytes = stderrText.toStdString();
    RunContext context;
    context.started = true;
    context.tier.name = tier.toStdString();
    context.tier.ownKernel = ownKernel;
    const Judgement judgement = judgeAttack(attack, result, context);
    QVERIFY(judgement.verdict == Verdict::Blocked);
    QCOMPARE(QString::fromStdString(judgement.layer), layer);
    QCOMPARE(judgement.layerInferred, inferred);
    QVERIFY(judgement.evidence.find("[layer inferred: " + layer.toStdString()) != std::string::npos);

    // Reported by the tier itself: not an inference.
    result.stoppedBy = StopReason::ProcessLimit;
    result.evidence = "fork failed with EAGAIN: pids cgroup limit (pids.max 20)";
    const Judgement reported = judgeAttack(attack, result, context);
    QCOMPARE(reported.layer, std::string(ownKernel ? "cgroup" : "cgroup"));
    QVERIFY(!reported.layerInferred);

    // A kernel probe that got through reached the guest's kernel on a VM, the host's elsewhere.
    const Attack probe = parseAttack("k.py", "# name: K\n# expect: marker REACHED\n# surface: kernel\nx=1\n");
    RunResult reached;
    reached.exitCode = 0;
    reached.stdoutBytes = "REACHED\n";
    const Judgement kernel = judgeAttack(probe, reached, context);
    QVERIFY(kernel.verdict == (ownKernel ? Verdict::Blocked : Verdict::Allowed));
    QCOMPARE(kernel.layer, std::string(ownKernel ? "guest kernel" : "none"));

    // A survivor is judged by what the harness found alive.
    const Attack survivor = parseAttack("s.py", "# name: S\n# expect: survivor\nx=1\n");
    RunResult ended;
    ended.exitCode = 0;
    context.survivorFound = true;
    context.survivorEvidence = "process 42 (sbx1) was alive after the run";
    QVERIFY(judgeAttack(survivor, ended, context).verdict == Verdict::Allowed);
    context.survivorFound = false;
    const Judgement none = judgeAttack(survivor, ended, context);
    QVERIFY(none.verdict == Verdict::Blocked);
    QVERIFY(!none.layer.empty());
}

// A tier's account of a stop (explainStop, with its own words for its layers) and the judge's reading of it
// name one layer: the cell's layer is named in the evidence, and the stop reason is that layer's.
void TestAttackJudge::oneLayerPerCell_data() {
    QTest::addColumn<QByteArray>("stderrText");
    QTest::addColumn<bool>("truncated");
    QTest::addColumn<QString>("stoppedBy"); // toString(StopReason)
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("evidence"); // what the evidence must hold
    const QByteArray traceback =
        "Traceback (most recent call last):\n  File \"<stdin>\", line 1, in <module>\n";
    // The subprocess tier's view is read-only too, and says so: a missing path is still its mount namespace.
    QTest::newRow("path not in the view")
        << traceback + "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/credentials'\n"
        << false << "filesystem_hidden"
        << "namespace"
        << "mount"
        << "path not present in sandbox (private mount namespace: a minimal read-only view)";
    QTest::newRow("write to a read-only mount")
        << traceback + "OSError: [Errno 30] Read-only file system: '/usr/lib/x.pth'\n"
        << false << "read_only_filesystem"
        << "read-only filesystem"
        << ""
        << "write: EROFS, read-only filesystem (the view is mounted read-only)";
    // A capped stream that lost the marker: the tier named no stop, the judge names the cap in the evidence.
    QTest::newRow("output cap") << QByteArray() << true << "none"
                                << "output cap"
                                << "bytes kept per stream"
                                << "[layer: output cap, bytes kept per stream]";
}

void TestAttackJudge::oneLayerPerCell() {
    QFETCH(QByteArray, stderrText);
    QFETCH(bool, truncated);
    QFETCH(QString, stoppedBy);
    QFETCH(QString, layer);
    QFETCH(QString, detail);
    QFETCH(QString, evidence);
    TierLayers layers;
    layers.filesystem = "private mount namespace: a minimal read-only view";
    layers.readOnly = "the view is mounted read-only";
    RunResult result;
    result.exitCode = 1;
    result.stderrBytes = stderrText.toStdString();
    result.stdoutTruncated = truncated;
    explainStop(result, Policy{}, layers);
    QCOMPARE(QString::fromUtf8(toString(result.stoppedBy)), stoppedBy);

    RunContext context;
    context.started = true;
    context.tier.name = "subprocess";
    const Judgement judgement = judgeAttack(attackExpecting("marker GOT"), result, context);
    QVERIFY(judgement.verdict == Verdict::Blocked);
    QCOMPARE(QString::fromStdString(judgement.layer), layer);
    QCOMPARE(QString::fromStdString(judgement.layerDetail), detail);
    QVERIFY(!judgement.layerInferred);
    const QString said = QString::fromStdString(judgement.evidence);
    QVERIFY2(said.contains(evidence), qPrintable(said));
    QVERIFY2(said.contains(layer, Qt::CaseInsensitive), qPrintable(said));
    // No second layer: the one the view is described with is not the one that decided.
    if (layer != "read-only filesystem")
        QVERIFY2(!said.contains("read-only filesystem"), qPrintable(said));

    // Said once: a tier whose words already name the layer gets no second mention.
    RunResult seccomp;
    seccomp.exitCode = 1;
    seccomp.stoppedBy = StopReason::Seccomp;
    seccomp.evidence = "seccomp denied ptrace ×1, keyctl ×2 (answered EOPNOTSUPP)";
    const Judgement denied = judgeAttack(attackExpecting("marker GOT"), seccomp, context);
    QCOMPARE(denied.layer, std::string("seccomp"));
    QCOMPARE(denied.layerDetail, std::string("ptrace")); // the first call the filter denied
    QCOMPARE(denied.evidence, seccomp.evidence);
    RunResult deadline;
    RunContext late = context;
    late.endedByHarnessDeadline = true;
    const Judgement ended = judgeAttack(attackExpecting("marker GOT"), deadline, late);
    QCOMPARE(ended.layer, std::string("harness deadline"));
    QVERIFY2(ended.evidence.find("[layer") == std::string::npos, ended.evidence.c_str());
}

// The network attacks: judged by what the harness's own web and DNS servers received and by the egress
// proxy's record, never by what the program printed; the function check the other way round.
void TestAttackJudge::judgeEgress_data() {
    QTest::addColumn<bool>("functionCheck");
    QTest::addColumn<QStringList>("requests");   // what the web server received of the run
    QTest::addColumn<QStringList>("dnsQueries"); // what the canary DNS server was asked of the run
    QTest::addColumn<QStringList>("events");     // the proxy's record
    QTest::addColumn<QString>("stdoutText");
    QTest::addColumn<QString>("stderrText");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<bool>("harnessDeadline");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("evidence");

    const int blocked = int(Verdict::Blocked), allowed = int(Verdict::Allowed), error = int(Verdict::Error);
    const QString real = "https allowed.sandbench.test allowed.sandbench.test real";
    const QString denied = "DENIED CONNECT(other.sandbench.test:443) ECONNREFUSED\n";
    const QString forged = "denied CONNECT other.sandbench.test:443 (not in allow list)\n";
    QTest::newRow("function check works")
        << true << QStringList{real} << QStringList()
        << QStringList{"allowed|CONNECT|allowed.sandbench.test:443|"} << "REACHED\n"
        << "" << 0 << false << allowed << "none"
        << "with the secret's real value put in";
    QTest::newRow("function check: the placeholder arrived, not the value")
        << true << QStringList{"https allowed.sandbench.test allowed.sandbench.test placeholder"}
        << QStringList() << QStringList() << "REACHED\n"
        << "" << 0 << false << error << ""
        << "broken: GET https://allowed.sandbench.test/sbx1/x (TLS name allowed.sandbench.test) reached";
    QTest::newRow("function check: nothing arrived")
        << true << QStringList() << QStringList()
        << QStringList{"denied|CONNECT|allowed.sandbench.test:443|x"} << ""
        << "DENIED GET(https://allowed.sandbench.test:443/) EACCES\n"
        << 1 << false << error << ""
        << "never reached the allowed host allowed.sandbench.test";
    QTest::newRow("function check: a printed success is no success")
        << true << QStringList() << QStringList() << QStringList() << "REACHED 200 OK\n"
        << "" << 0 << false << error << ""
        << "broken";
    QTest::newRow("name not listed, refused by the proxy")
        << false << QStringList() << QStringList()
        << QStringList{"denied|CONNECT|other.sandbench.test:443|not in allow list"} << "" << denied << 1
        << false << blocked << "egress proxy"
        << "nothing of this run reached the harness's web or DNS server: the egress proxy denied CONNECT";
    QTest::newRow("a forged refusal does not hide what arrived")
        << false << QStringList{"https other.sandbench.test other.sandbench.test -"} << QStringList()
        << QStringList() << forged << forged << 1 << false << allowed << "none"
        << "received GET https://other.sandbench.test/sbx1/x";
    QTest::newRow("a forged refusal names no proxy")
        << false << QStringList() << QStringList() << QStringList() << forged << forged + denied << 1 << false
        << blocked << "!egress proxy"
        << "nothing of this run reached";
    QTest::newRow("plain HTTP arrived")
        << false << QStringList{"http allowed.sandbench.test - -"} << QStringList() << QStringList() << ""
        << "" << 0 << false << allowed << "none"
        << "a route the allow list does not have";
    QTest::newRow("TLS name differs from the Host")
        << false << QStringList{"https allowed.sandbench.test other.sandbench.test -"} << QStringList()
        << QStringList() << ""
        << "" << 0 << false << allowed << "none"
        << "(TLS name other.sandbench.test)";
    QTest::newRow("IP literal arrived")
        << false << QStringList{"https 127.0.0.1 - -"} << QStringList() << QStringList() << ""
        << "" << 0 << false << allowed << "none"
        << "https://127.0.0.1/sbx1/x (no TLS name)";
    QTest::newRow("placeholder at a listed host not the secret's")
        << false << QStringList{"https public.sandbench.test public.sandbench.test placeholder"}
        << QStringList() << QStringList() << ""
        << "" << 0 << false << allowed << "none"
        << "the secret's placeholder reached public.sandbench.test, not its host allowed.sandbench.test";
    QTest::newRow("the real value in stdout")
        << false << QStringList() << QStringList() << QStringList() << "FOUND sk-sandbench-real-00ff\n"
        << "" << 0 << false << allowed << "none"
        << "the secret's real value is in stdout";
    QTest::newRow("DNS query arrived")
        << false << QStringList() << QStringList{"sbx1.allowed.sandbench.test"} << QStringList() << ""
        << "" << 0 << false << allowed << "none"
        << "canary DNS server was asked for sbx1.allowed.sandbench.test";
    QTest::newRow("the secret used through the proxy, never held")
        << false << QStringList{real} << QStringList()
        << QStringList{"allowed|CONNECT|allowed.sandbench.test:443|",
                       "substituted|GET|allowed.sandbench.test|secret SANDBENCH_API_KEY in Authorization"}
        << ""
        << "DENIED search(sk-sandbench-real-) ENOENT\n"
        << 1 << false << blocked << "egress proxy"
        << "held only a placeholder: the egress proxy substituted GET";
    QTest::newRow("a direct connection with no route")
        << false << QStringList() << QStringList() << QStringList() << ""
        << "DENIED connect(127.0.0.1:8080) ECONNREFUSED\n"
        << 1 << false << blocked << "namespace"
        << "ECONNREFUSED (exit 1); nothing of this run reached";
    QTest::newRow("harness deadline") << false << QStringList() << QStringList() << QStringList() << ""
                                      << "" << -1 << true << blocked << "harness deadline"
                                      << "before the harness's deadline";
}

void TestAttackJudge::judgeEgress() {
    QFETCH(bool, functionCheck);
    QFETCH(QStringList, requests);
    QFETCH(QStringList, dnsQueries);
    QFETCH(QStringList, events);
    QFETCH(QString, stdoutText);
    QFETCH(QString, stderrText);
    QFETCH(int, exitCode);
    QFETCH(bool, harnessDeadline);
    QFETCH(int, verdict);
    QFETCH(QString, layer);
    QFETCH(QString, evidence);

    const Attack attack =
        parseAttack("n.py", std::string("# name: N\n# expect: egress") + (functionCheck ? " works" : "") +
                                "\n# network: allow\nx=1\n");
    RunResult result;
    result.stdoutBytes = stdoutText.toStdString();
    result.stderrBytes = stderrText.toStdString();
    if (exitCode >= 0)
        result.exitCode = exitCode;
    if (harnessDeadline)
        result.stoppedBy = StopReason::Cancelled;
    for (const QString& event : events)
        result.egress.push_back(egressEvent(event));
    RunContext context;
    context.started = true;
    context.endedByHarnessDeadline = harnessDeadline;
    context.tier.name = "subprocess";
    context.network.secretValue = "sk-sandbench-real-00ff";
    context.network.secretHost = "allowed.sandbench.test";
    context.network.listedHosts = {"allowed.sandbench.test", "public.sandbench.test"};
    for (const QString& request : requests)
        context.network.requests.push_back(webRequest(request));
    for (const QString& name : dnsQueries)
        context.network.dnsQueries.push_back(name.toStdString());

    const Judgement judgement = judgeAttack(attack, result, context);
    QCOMPARE(QString::fromUtf8(toString(judgement.verdict)), QString::fromUtf8(toString(Verdict(verdict))));
    if (layer.startsWith('!'))
        QVERIFY2(judgement.layer != layer.mid(1).toStdString() && !judgement.layer.empty(),
                 judgement.layer.c_str());
    else
        QCOMPARE(QString::fromStdString(judgement.layer), layer);
    QVERIFY2(QString::fromStdString(judgement.evidence).contains(evidence), judgement.evidence.c_str());
    // The function check is expected to get through on every tier; an attack nowhere but the control.
    QCOMPARE(isExpectedOn(attack, "subprocess", false), functionCheck);
}

QTEST_GUILESS_MAIN(TestAttackJudge)
#include "tst_attack_judge.moc"
