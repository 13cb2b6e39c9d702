#include "backends/host/host_backend.h"
#include "core/attack_harness.h"
#include "core/attack_judge.h"
#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "core/start_sentinel.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <arpa/inet.h>
#include <chrono>
#include <filesystem>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

namespace {

// Connects to 127.0.0.1:port; returns 0 or the errno of the failure.
int connectToLoopback(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    const int rc = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    const int error = rc == 0 ? 0 : errno;
    ::close(fd);
    return error;
}

int countEntries(const char* folder) {
    return static_cast<int>(
        QDir(folder).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System).size());
}

RunResult runOnHost(const std::string& code) {
    HostBackend host;
    RunRequest request;
    request.code = code;
    return host.run(request, {}, {});
}

Attack attackExpecting(const QString& expect) {
    return parseAttack("judge.py", "# name: Judge\n# expect: " + expect.toStdString() + "\n");
}

} // namespace

class TestAttackSuite : public QObject {
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void loadBundledSuite();
    void loadRejectsBadFolders_data();
    void loadRejectsBadFolders();
    void placeholders();
    void sentinelKeepsLineNumbers_data();
    void sentinelKeepsLineNumbers();
    void takeSentinel();
    void judge_data();
    void judge();
    void bundledAttacksAllowedOnHost();
    void missingInterpreterIsError();
    void labIsCancellable();
    void harnessCleansUp();
};

void TestAttackSuite::parse_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error"); // empty: must parse
    QTest::addColumn<int>("errorLine");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("marker"); // empty: expect stopped

    QTest::newRow("good marker header")
        << "# name: Read host secret\n# category: filesystem\n# expect: marker LEAKED\n# needs: root\n"
           "# Free prose after the header.\nprint('x')\n"
        << "" << 0 << "Read host secret"
        << "filesystem"
        << "LEAKED";
    QTest::newRow("stopped, no category") << "# name: Loop\n# expect: stopped\nwhile True: pass\n"
                                          << "" << 0 << "Loop"
                                          << "uncategorized"
                                          << "";
    QTest::newRow("CRLF line ends") << "# name: Windows\r\n# expect: marker OK\r\nprint('OK')\r\n"
                                    << "" << 0 << "Windows"
                                    << "uncategorized"
                                    << "OK";
    QTest::newRow("missing name") << "# category: cpu\n# expect: stopped\n"
                                  << "no \"# name: ...\"" << 0 << ""
                                  << ""
                                  << "";
    QTest::newRow("missing expect") << "# name: X\nprint(1)\n"
                                    << "no \"# expect: ...\"" << 0 << ""
                                    << ""
                                    << "";
    QTest::newRow("expect not in header") << "# name: X\nprint(1)\n# expect: stopped\n"
                                          << "no \"# expect" << 0 << ""
                                          << ""
                                          << "";
    QTest::newRow("unknown expect form") << "# name: X\n# category: y\n# expect: sometimes\n"
                                         << "unknown expect form \"sometimes\"" << 3 << ""
                                         << ""
                                         << "";
    QTest::newRow("marker without word") << "# name: X\n# expect: marker\n"
                                         << "unknown expect form" << 2 << ""
                                         << ""
                                         << "";
    QTest::newRow("marker with two words") << "# name: X\n# expect: marker A B\n"
                                           << "unknown expect form" << 2 << ""
                                           << ""
                                           << "";
    QTest::newRow("no header") << "print(1)\n"
                               << "missing the metadata header" << 1 << ""
                               << ""
                               << "";
    QTest::newRow("duplicate key") << "# name: X\n# name: Y\n# expect: stopped\n"
                                   << "appears twice" << 2 << ""
                                   << ""
                                   << "";
    QTest::newRow("empty value") << "# name: X\n# expect:\n"
                                 << "has no value" << 2 << ""
                                 << ""
                                 << "";
}

void TestAttackSuite::parse() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    QFETCH(int, errorLine);
    QFETCH(QString, name);
    QFETCH(QString, category);
    QFETCH(QString, marker);

    try {
        const Attack attack = parseAttack("attack.py", text.toStdString());
        QVERIFY2(error.isEmpty(), "a malformed file was accepted");
        QCOMPARE(QString::fromStdString(attack.name), name);
        QCOMPARE(QString::fromStdString(attack.category), category);
        QCOMPARE(attack.expectation, marker.isEmpty() ? Expectation::Stopped : Expectation::Marker);
        QCOMPARE(QString::fromStdString(attack.marker), marker);
        QCOMPARE(attack.code, text.toStdString()); // kept whole: the header stays, so line numbers match
        if (QTest::currentDataTag() == QByteArray("good marker header")) {
            QCOMPARE(attack.metadata.at("needs"), std::string("root"));
            QCOMPARE(attack.metadata.size(), std::size_t(4));
        }
    } catch (const AttackSuiteError& failure) {
        QVERIFY2(!error.isEmpty(), failure.what());
        const QString message = QString::fromUtf8(failure.what());
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY2(message.startsWith("attack.py"), qPrintable("the file is not named: " + message));
        QCOMPARE(failure.line(), errorLine);
        if (errorLine > 0)
            QVERIFY(message.startsWith("attack.py:" + QString::number(errorLine) + ": "));
    }
}

void TestAttackSuite::loadBundledSuite() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
    QStringList names;
    for (const auto& attack : suite)
        names << QString::fromStdString(attack.name);
    QCOMPARE(names, QStringList({"CPU loop", "Memory grab (512 MB)", "Fork flood (200 procs)",
                                 "Disk fill (50 MB)", "Read host secret", "Reach internal service"}));
    QCOMPARE(suite.front().expectation, Expectation::Stopped);
    QCOMPARE(suite.front().category, std::string("cpu"));
    QCOMPARE(suite.back().marker, std::string("REACHED"));
    QVERIFY(suite.back().code.find("@SERVICE_PORT@") != std::string::npos);
}

void TestAttackSuite::loadRejectsBadFolders_data() {
    QTest::addColumn<QStringList>("files"); // name=content pairs, "|" separated
    QTest::addColumn<QString>("error");
    QTest::newRow("no attacks") << QStringList{"notes.txt|hello"} << "holds no *.py attacks";
    QTest::newRow("one bad file") << QStringList{"a.py|# name: A\n# expect: stopped\n", "b.py|# name: B\n"}
                                  << "b.py: the header has no \"# expect";
    QTest::newRow("same name twice") << QStringList{"a.py|# name: A\n# expect: stopped\n",
                                                    "b.py|# name: A\n# expect: stopped\n"}
                                     << "already used by a.py";
}

void TestAttackSuite::loadRejectsBadFolders() {
    QFETCH(QStringList, files);
    QFETCH(QString, error);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    for (const QString& entry : files) {
        QFile file(folder.filePath(entry.section('|', 0, 0)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(entry.section('|', 1).toUtf8());
    }
    try {
        loadAttackSuite(folder.path().toStdString());
        QFAIL("a bad suite was accepted");
    } catch (const AttackSuiteError& failure) {
        const QString message = QString::fromUtf8(failure.what());
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY2(message.contains(folder.path()), qPrintable("the path is not named: " + message));
    }
    QVERIFY_THROWS_EXCEPTION(AttackSuiteError, loadAttackSuite("/nonexistent/attacks"));
}

void TestAttackSuite::placeholders() {
    const AttackHarness harness;
    const std::string filled = harness.fillPlaceholders(
        "open('@SECRET_PATH@'); port = @SERVICE_PORT@; twice = @SERVICE_PORT@; @OTHER@");
    QCOMPARE(filled, "open('" + harness.secretPath() + "'); port = " + std::to_string(harness.servicePort()) +
                         "; twice = " + std::to_string(harness.servicePort()) + "; @OTHER@");
    QVERIFY(harness.servicePort() > 0);

    QFile secret(QString::fromStdString(harness.secretPath()));
    QVERIFY(secret.open(QIODevice::ReadOnly));
    QCOMPARE(secret.readAll().toStdString(), harness.secretValue());
    QVERIFY(harness.secretValue().starts_with("aws_secret_access_key=NOT-A-REAL-KEY-"));
    QVERIFY(harness.secretValue() != AttackHarness().secretValue()); // random per harness

    struct stat info {};
    QCOMPARE(::stat(harness.secretPath().c_str(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0644u);
    QCOMPARE(::stat(harness.folder().c_str(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0755u);

    const Attack attack = parseAttack("a.py", "# name: A\n# expect: marker X\nprint('@SECRET_PATH@')\n");
    const PreparedAttack first = harness.prepare(attack);
    const PreparedAttack second = harness.prepare(attack);
    QVERIFY(first.sentinel != second.sentinel); // a fresh nonce for every run
    QVERIFY(first.code.find(first.sentinel) != std::string::npos);
    QVERIFY(first.code.find(harness.secretPath()) != std::string::npos);
}

void TestAttackSuite::sentinelKeepsLineNumbers_data() {
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

void TestAttackSuite::sentinelKeepsLineNumbers() {
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

void TestAttackSuite::takeSentinel() {
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

void TestAttackSuite::judge_data() {
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

void TestAttackSuite::judge() {
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
    context.controlTier = control;
    context.plantedSecret = "aws_secret_access_key=NOT-A-REAL-KEY-1";

    const Judgement judgement = judgeAttack(attackExpecting(expect), result, context);
    QCOMPARE(QString::fromUtf8(toString(judgement.verdict)), QString::fromUtf8(toString(Verdict(verdict))));
    QVERIFY2(QString::fromStdString(judgement.evidence).contains(evidence), judgement.evidence.c_str());
    QVERIFY(judgement.evidence.find('\n') == std::string::npos);
}

void TestAttackSuite::bundledAttacksAllowedOnHost() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
    const AttackHarness harness;
    HostBackend host;
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
        QVERIFY2(outcome.verdict == Verdict::Allowed, what.constData());
        QCOMPARE(outcome.backend, std::string("host"));
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
}

void TestAttackSuite::missingInterpreterIsError() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
    const AttackHarness harness;
    HostBackend host;
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

void TestAttackSuite::labIsCancellable() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
    const AttackHarness harness;
    HostBackend host;
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

void TestAttackSuite::harnessCleansUp() {
    const int fdsBefore = countEntries("/proc/self/fd");
    const int threadsBefore = countEntries("/proc/self/task");
    std::filesystem::path folder;
    int port = 0;
    {
        const AttackHarness harness;
        folder = harness.folder();
        port = harness.servicePort();
        QVERIFY(std::filesystem::exists(harness.secretPath()));
        QCOMPARE(countEntries("/proc/self/task"), threadsBefore + 1);
        QCOMPARE(connectToLoopback(port), 0);
        QCOMPARE(connectToLoopback(port), 0);
        QTRY_COMPARE(harness.connectionsAccepted(), 2);
    }
    QVERIFY(!std::filesystem::exists(folder));
    QCOMPARE(connectToLoopback(port), ECONNREFUSED);
    QCOMPARE(countEntries("/proc/self/fd"), fdsBefore);
    QCOMPARE(countEntries("/proc/self/task"), threadsBefore);
}

QTEST_GUILESS_MAIN(TestAttackSuite)
#include "tst_attack_suite.moc"
