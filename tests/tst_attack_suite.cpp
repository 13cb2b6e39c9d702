#include "core/attack_harness.h"
#include "core/attack_judge.h"
#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "core/leftover_check.h"
#include "core/start_sentinel.h"
#include "tiers/builtin_tiers.h"
#include "tiers/host/host_tier.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <regex>
#include <spawn.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

namespace {

// Enums compared by name (QCOMPARE cannot print a value whose toString is core's), so a failure reads
// "stopped" vs "marker".
QString nameOf(Expectation expectation) {
    return QString::fromStdString(std::string(toString(expectation)));
}

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
    HostTier host;
    RunRequest request;
    request.code = code;
    return host.run(request, {}, {});
}

// Starts python3 listening on 127.0.0.1 (any port) with `arguments` after its program and `environment`
// added to ours; true once it listens.
bool startLoopbackListener(QProcess& process, const QStringList& arguments = {},
                           const QStringList& environment = {}) {
    QStringList variables = QProcess::systemEnvironment();
    variables << environment;
    process.setEnvironment(variables);
    process.start("python3",
                  QStringList{"-c", "import socket,time\ns=socket.socket()\ns.bind(('127.0.0.1',0))"
                                    "\ns.listen()\nprint('up',flush=True)\ntime.sleep(60)"} +
                      arguments);
    return process.waitForReadyRead(10000) && process.readAll().startsWith("up");
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
    void includesAreSplicedAfterTheHeader();
    void harnessFailureIsAnErrorCellAndTheLabGoesOn();
    void missingProtectionMakesACellExpectedWithItsReason();
    void processScansSurviveProcessesExitingMidRead();
    void placeholders();
    void sentinelKeepsLineNumbers_data();
    void sentinelKeepsLineNumbers();
    void takeSentinel();
    void judge_data();
    void judge();
    void judgeStarvesByTheHostsOwnUse();
    void bundledAttacksAllowedOnHost();
    void missingInterpreterIsError();
    void labIsCancellable();
    void harnessCleansUp();
    void newMetadata();
    void harnessTargets();
    void judgeNamesLayers_data();
    void judgeNamesLayers();
    void leftoversAreFoundAndRemoved();
    void unrelatedListenerIsNoLeftover();
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
    QTest::newRow("starves an unknown quota") << "# name: X\n# expect: starves memory\n"
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
        QCOMPARE(nameOf(attack.expectation),
                 nameOf(marker.isEmpty() ? Expectation::Stopped : Expectation::Marker));
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
    QVERIFY2(suite.size() >= 25, "the issue asks for at least 25 attacks");
    QCOMPARE(names.mid(0, 6),
             QStringList({"CPU loop", "Memory grab (512 MB)", "Fork flood (200 procs)", "Disk fill (50 MB)",
                          "Read host secret", "Reach internal service"}));
    QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size());
    // Every category the issue names has at least one attack.
    QSet<QString> categories;
    for (const auto& attack : suite)
        categories << QString::fromStdString(attack.category);
    for (const char* category :
         {"secrets", "network", "filesystem", "resources", "processes", "kernel", "host-info"})
        QVERIFY2(categories.contains(category), category);
    QCOMPARE(nameOf(suite.front().expectation), nameOf(Expectation::Stopped));
    QCOMPARE(suite.front().category, std::string("cpu"));
    QCOMPARE(suite[5].marker, std::string("REACHED"));
    QVERIFY(suite[5].code.find("@SERVICE_PORT@") != std::string::npos);
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
    QTest::newRow("missing include") << QStringList{"a.py|# name: A\n# expect: stopped\n# include: absent\n"}
                                     << "a.py: cannot read the include";
    QTest::newRow("include as a path") << QStringList{"a.py|# name: A\n# expect: stopped\n# include: ../a\n"}
                                       << "\"include\" lists names of files in include/";
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

void TestAttackSuite::includesAreSplicedAfterTheHeader() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QVERIFY(QDir(folder.path()).mkdir("include"));
    const auto write = [&](const QString& name, const QByteArray& text) {
        QFile file(folder.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    };
    write("include/answer.py", "def answer():\n    return 42"); // no final newline
    write("include/greeting.py", "GREETING = 'hello'\n");
    write("a.py", "# name: A\n# expect: marker 42\n# include: answer greeting\nprint(GREETING, answer())\n");
    write("include/not-an-attack.py", "this is no attack and has no header\n"); // subfolders are not loaded

    const std::vector<Attack> suite = loadAttackSuite(folder.path().toStdString());
    QCOMPARE(suite.size(), std::size_t(1));
    const Attack& attack = suite.front();
    QCOMPARE(attack.includes, (std::vector<std::string>{"answer", "greeting"}));
    QCOMPARE(
        QString::fromStdString(attack.code),
        QString(
            "# name: A\n# expect: marker 42\n# include: answer greeting\n"
            "# ---- include/answer.py ----\ndef answer():\n    return 42\n# ---- end of include/answer.py "
            "----\n"
            "# ---- include/greeting.py ----\nGREETING = 'hello'\n# ---- end of include/greeting.py ----\n"
            "print(GREETING, answer())\n"));

    // What runs is the spliced program, started like any other attack (sentinel on the header's line 1).
    HostTier host;
    const AttackHarness harness;
    const LabOptions options;
    const LabReport report = runAttackLab(host, suite, harness, options, {});
    QCOMPARE(report.outcomes.size(), std::size_t(1));
    const AttackOutcome& outcome = report.outcomes.front();
    QVERIFY2(outcome.verdict == Verdict::Allowed, outcome.evidence.c_str());
    QVERIFY(outcome.result.stdoutBytes.find("hello 42") != std::string::npos);

    // The bundled kernel probes share raw_syscall: each runs a program that defines it exactly once.
    int sharing = 0;
    for (const Attack& bundled : loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR)) {
        const QString code = QString::fromStdString(bundled.code);
        if (std::find(bundled.includes.begin(), bundled.includes.end(), "raw_syscall") !=
            bundled.includes.end()) {
            ++sharing;
            QCOMPARE(code.count("def raw_syscall("), 1);
        } else {
            QVERIFY2(!code.contains("def raw_syscall("),
                     bundled.fileName.c_str()); // written once, in include/
        }
    }
    QVERIFY(sharing >= 7);
}

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

void TestAttackSuite::harnessFailureIsAnErrorCellAndTheLabGoesOn() {
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

void TestAttackSuite::missingProtectionMakesACellExpectedWithItsReason() {
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

// The leftover check reads every process's /proc files while processes come and go; one that exits between
// open and read answers ESRCH, which must end that read, not throw out of the check (and the lab).
void TestAttackSuite::processScansSurviveProcessesExitingMidRead() {
    std::atomic<bool> done{false};
    std::vector<std::jthread> churn;
    for (int thread = 0; thread < 4; ++thread) {
        churn.emplace_back([&done] {
            while (!done) {
                pid_t pid = 0;
                char program[] = "/bin/true";
                char* const arguments[] = {program, nullptr};
                if (::posix_spawn(&pid, program, nullptr, nullptr, arguments, environ) == 0)
                    ::waitpid(pid, nullptr, 0);
            }
        });
    }
    QElapsedTimer timer;
    timer.start();
    int scans = 0;
    try {
        for (; timer.elapsed() < 3000; ++scans) {
            const std::vector<int> none = processesNamed("sandbench-no-such-run");
            QVERIFY(none.empty());
            QVERIFY(!listProcesses().empty());
        }
    } catch (const std::exception& error) {
        done = true;
        QFAIL(qPrintable(QString("a scan threw after %1 scans: %2").arg(scans).arg(error.what())));
    }
    done = true;
    QVERIFY(scans > 10);
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

// A quota attack is judged by what happened to the harness's own use of the quota while it held it.
void TestAttackSuite::judgeStarvesByTheHostsOwnUse() {
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
    context.tier.control = control;
    context.plantedSecret = "aws_secret_access_key=NOT-A-REAL-KEY-1";

    const Judgement judgement = judgeAttack(attackExpecting(expect), result, context);
    QCOMPARE(QString::fromUtf8(toString(judgement.verdict)), QString::fromUtf8(toString(Verdict(verdict))));
    QVERIFY2(QString::fromStdString(judgement.evidence).contains(evidence), judgement.evidence.c_str());
    QVERIFY(judgement.evidence.find('\n') == std::string::npos);
}

void TestAttackSuite::bundledAttacksAllowedOnHost() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
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

void TestAttackSuite::missingInterpreterIsError() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
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

void TestAttackSuite::labIsCancellable() {
    const std::vector<Attack> suite = loadAttackSuite(SANDBENCH_SOURCE_ATTACKS_DIR);
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

void TestAttackSuite::harnessCleansUp() {
    const int fdsBefore = countEntries("/proc/self/fd");
    const int threadsBefore = countEntries("/proc/self/task");
    std::filesystem::path folder;
    int port = 0;
    std::string homeSecret, variable;
    pid_t canary = 0;
    {
        const AttackHarness harness;
        folder = harness.folder();
        port = harness.servicePort();
        homeSecret = harness.homeSecretPath();
        variable = harness.canaryVariable();
        canary = harness.canaryPid();
        QVERIFY(std::filesystem::exists(harness.secretPath()));
        QCOMPARE(countEntries("/proc/self/task"), threadsBefore + 2); // the listener and the other services
        QCOMPARE(connectToLoopback(port), 0);
        QCOMPARE(connectToLoopback(port), 0);
        QTRY_COMPARE(harness.connectionsAccepted(), 2);
    }
    QVERIFY(!std::filesystem::exists(folder));
    QCOMPARE(connectToLoopback(port), ECONNREFUSED);
    QVERIFY(!std::filesystem::exists(homeSecret));
    QVERIFY(std::getenv(variable.c_str()) == nullptr);
    QCOMPARE(::kill(canary, 0), -1); // killed and reaped
    QCOMPARE(errno, ESRCH);
    QCOMPARE(countEntries("/proc/self/fd"), fdsBefore);
    QCOMPARE(countEntries("/proc/self/task"), threadsBefore);
}

void TestAttackSuite::newMetadata() {
    const Attack attack =
        parseAttack("a.py", "# name: A\n# expect: survivor\n# expected: shared-kernel microvm\n"
                            "# needs: root\n# surface: kernel\nprint(1)\n");
    QCOMPARE(nameOf(attack.expectation), nameOf(Expectation::Survivor));
    QCOMPARE(attack.expectedOn, (std::vector<std::string>{"subprocess", "container", "microvm"}));
    QVERIFY(attack.needsRoot && attack.kernelSurface);
    QVERIFY(isExpectedOn(attack, "container", false));
    QVERIFY(!isExpectedOn(attack, "e2b", false));
    QVERIFY(isExpectedOn(attack, "host", true)); // the control always is
    const Attack plain = parseAttack("b.py", "# name: B\n# expect: marker X\nprint(1)\n");
    QVERIFY(plain.expectedOn.empty() && !plain.needsRoot && !plain.kernelSurface);
    QVERIFY(!isExpectedOn(plain, "subprocess", false));
    QVERIFY(parseAttack("m.py", "# name: M\n# expect: marker X\n# needs: root modules\nx=1\n").needsModules);
    for (const char* bad : {"# needs: wheel\n", "# surface: user\n", "# expected: sub/process\n"}) {
        QVERIFY_THROWS_EXCEPTION(
            AttackSuiteError,
            parseAttack("c.py", std::string("# name: C\n# expect: marker X\n") + bad + "x=1\n"));
    }
}

namespace {

// One datagram to 127.0.0.1:port and its answer (empty after 2 s of silence).
std::string udpExchange(int port, const std::string& payload) {
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port));
    timeval timeout{2, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::sendto(fd, payload.data(), payload.size(), 0, reinterpret_cast<const sockaddr*>(&address),
             sizeof address);
    char buffer[600];
    const ssize_t received = ::recv(fd, buffer, sizeof buffer, 0);
    ::close(fd);
    return received > 0 ? std::string(buffer, static_cast<size_t>(received)) : std::string();
}

std::string unixGreeting(const std::string& name, bool abstract) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path + (abstract ? 1 : 0), name.data(), name.size());
    const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size() + 1);
    std::string greeting;
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), length) == 0) {
        char buffer[16];
        const ssize_t received = ::recv(fd, buffer, sizeof buffer, 0);
        if (received > 0)
            greeting.assign(buffer, static_cast<size_t>(received));
    }
    ::close(fd);
    return greeting;
}

std::string readFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

} // namespace

// Each target the extended suite aims at exists, holds the planted secret where it should, and answers
// as documented, so a BLOCKED elsewhere is the tier's doing.
void TestAttackSuite::harnessTargets() {
    const AttackHarness harness;
    const std::string secret = harness.secretValue();
    QCOMPARE(readFile(harness.homeSecretPath()), secret);
    QCOMPARE(std::string(std::getenv(harness.canaryVariable().c_str())), secret);
    const std::string canary = "/proc/" + std::to_string(harness.canaryPid());
    QCOMPARE(readFile(canary + "/comm"), harness.canaryProcessName() + "\n");
    QVERIFY(harness.canaryProcessName().size() <= 15);
    QVERIFY(readFile(canary + "/environ").find(harness.canaryVariable() + "=" + secret) != std::string::npos);

    const std::string filled = harness.fillPlaceholders(
        "@SECRET_PATH@ @HOME_SECRET_PATH@ @CANARY_ENV_NAME@ @CANARY_PROCESS_NAME@ @CANARY_PID@ "
        "@SERVICE_PORT@ "
        "@SERVICE_PORT6@ @UDP_PORT@ @UNIX_SOCKET_PATH@ @ABSTRACT_SOCKET_NAME@ @DNS_PORT@ @RUN_NAME@ "
        "@HOST_HOSTNAME@ @HOST_KERNEL@ @HOST_MEM_KB@ @HOST_CPU_MODEL@",
        "sbxrunname");
    QVERIFY2(!std::regex_search(filled, std::regex("@[A-Z0-9_]+@")), filled.c_str());
    QVERIFY(filled.find("sbxrunname") != std::string::npos);
    const PreparedAttack first =
        harness.prepare(parseAttack("a.py", "# name: A\n# expect: marker X\nprint('@RUN_NAME@')\n"));
    const PreparedAttack second =
        harness.prepare(parseAttack("a.py", "# name: A\n# expect: marker X\nprint('@RUN_NAME@')\n"));
    QVERIFY(first.runName != second.runName && first.runName.size() <= 15);
    QVERIFY(first.code.find(first.runName) != std::string::npos);

    const std::vector<std::string> words = [&] {
        std::vector<std::string> list;
        std::istringstream text(filled);
        for (std::string word; text >> word;)
            list.push_back(word);
        return list;
    }();
    const int udpPort = std::stoi(words[7]);
    QCOMPARE(udpExchange(udpPort, "ping 1"), std::string("ECHO ping 1"));
    QCOMPARE(unixGreeting(words[8], false), std::string("HELLO\n"));
    QCOMPARE(unixGreeting(words[9], true), std::string("HELLO\n"));

    // A hand-made A query for x1.exfil.test: answered with 127.0.0.1 under the same id, and logged.
    std::string query("\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00", 12);
    query += std::string("\x02"
                         "x1"
                         "\x05"
                         "exfil"
                         "\x04"
                         "test"
                         "\x00",
                         15) +
             std::string("\x00\x01\x00\x01", 4);
    const std::string answer = udpExchange(std::stoi(words[10]), query);
    QVERIFY(answer.size() >= query.size() + 16);
    QCOMPARE(answer.substr(0, 2), std::string("\x12\x34"));
    QVERIFY(static_cast<unsigned char>(answer[2]) & 0x80);
    QCOMPARE(answer.substr(answer.size() - 4), std::string("\x7f\x00\x00\x01", 4));
    QCOMPARE(harness.dnsQueries(), std::vector<std::string>{"x1.exfil.test"});
}

void TestAttackSuite::judgeNamesLayers_data() {
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

void TestAttackSuite::judgeNamesLayers() {
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

// A process and a file named after the run, and listeners of the run (one named after it, one that
// inherited its marker): all found, named and removed. A listener of some other program is none of them.
void TestAttackSuite::leftoversAreFoundAndRemoved() {
    const std::string runName = "sbxleft" + std::to_string(::getpid() % 100000);
    const ListenerBaseline baseline = takeListenerBaseline();
    QVERIFY(findLeftovers(runName, baseline, false).empty());

    QTemporaryDir folder;
    const std::string link = folder.filePath(QString::fromStdString(runName)).toStdString();
    QVERIFY(::symlink("/bin/sleep", link.c_str()) == 0);
    QProcess sleeper;
    sleeper.start(QString::fromStdString(link), {"30"});
    QVERIFY(sleeper.waitForStarted());
    const std::string file = "/tmp/" + runName + ".data";
    { std::ofstream(file) << "x"; }
    QProcess named, marked, unrelated;
    QVERIFY(startLoopbackListener(named, {QString::fromStdString(runName)}));
    QVERIFY(startLoopbackListener(marked, {},
                                  {QString(kRunMarkerVariable) + "=" + QString::fromStdString(runName)}));
    QVERIFY(startLoopbackListener(unrelated));

    const std::vector<std::string> found = findLeftovers(runName, baseline, true);
    QString all;
    for (const std::string& line : found)
        all += QString::fromStdString(line) + "\n";
    QVERIFY2(all.contains("process") && all.contains(QString::fromStdString(runName)), qPrintable(all));
    QVERIFY2(all.contains(QString::fromStdString(file)), qPrintable(all));
    QVERIFY2(
        all.contains(QString("held by process %1 (python3), named after the run").arg(named.processId())),
        qPrintable(all));
    QVERIFY2(
        all.contains(QString("held by process %1 (python3), started by the run").arg(marked.processId())),
        qPrintable(all));
    QVERIFY2(!all.contains(QString("process %1 ").arg(unrelated.processId())), qPrintable(all));
    QCOMPARE(all.count("listening socket"), 2);
    QVERIFY(sleeper.waitForFinished(3000)); // killed
    QVERIFY(named.waitForFinished(3000));
    QVERIFY(marked.waitForFinished(3000));
    QCOMPARE(unrelated.state(), QProcess::Running); // not the run's: left alone
    unrelated.kill();
    unrelated.waitForFinished();
    QVERIFY(!std::filesystem::exists(file));
}

// A loopback server the user starts mid-lab is no cell's leftover, on the host control or the subprocess
// tier, while a listener a control run leaves behind (out of its process group, not renamed) still is.
void TestAttackSuite::unrelatedListenerIsNoLeftover() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const auto write = [&](const QString& name, const QByteArray& text) {
        QFile attack(folder.filePath(name));
        QVERIFY(attack.open(QIODevice::WriteOnly));
        attack.write(text);
    };
    write("a_first.py", "# name: First\n# expect: marker GOT\nprint('GOT')\n");
    // Double fork and setsid() leave the run's process group; the grandchild listens and waits, bounded.
    write("b_listening_survivor.py", R"(# name: Listening survivor
# expect: marker DETACHED
import os, socket, time
r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.listen()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.chdir("/")
        os.write(w, b"%d" % os.getpid())
        for fd in (r, w, null):
            os.close(fd)
        time.sleep(30)
    os._exit(0)
os.close(w)
os.wait()
answer = b""
while chunk := os.read(r, 64):
    answer += chunk
print("DETACHED", answer.decode(), flush=True)
)");
    write("c_last.py", "# name: Last\n# expect: marker GOT\nprint('GOT')\n");
    const std::vector<Attack> suite = loadAttackSuite(folder.path().toStdString());
    QCOMPARE(suite.size(), std::size_t(3));

    const AttackHarness harness;
    LabOptions options;
    options.policy.timeoutSeconds = 5;
    std::vector<std::unique_ptr<QProcess>> unrelated;
    const auto killUnrelated = qScopeGuard([&unrelated] {
        for (const auto& listener : unrelated) {
            listener->kill();
            listener->waitForFinished();
        }
    });
    const auto lab = [&](Tier& tier) {
        return runAttackLab(tier, suite, harness, options, {}, [&](const LabProgress& progress) {
            if (progress.finished && progress.index == 0) {
                unrelated.push_back(std::make_unique<QProcess>());
                QVERIFY(startLoopbackListener(*unrelated.back()));
            }
        });
    };
    const auto leftoversOf = [](const AttackOutcome& outcome) {
        QStringList lines;
        for (const std::string& line : outcome.leftovers)
            lines << QString::fromStdString(line);
        return lines;
    };

    HostTier host;
    const LabReport onHost = lab(host);
    QCOMPARE(onHost.outcomes.size(), suite.size());
    QCOMPARE(unrelated.size(), std::size_t(1));
    QVERIFY2(onHost.outcomes[1].verdict == Verdict::Allowed, onHost.outcomes[1].evidence.c_str());
    const QString survivor =
        QString::fromStdString(onHost.outcomes[1].result.stdoutBytes).section(' ', 1).trimmed();
    QVERIFY2(survivor.toInt() > 0, qPrintable(survivor));
    const QStringList found = leftoversOf(onHost.outcomes[1]);
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.front().startsWith("listening socket") &&
                 found.front().contains("held by process " + survivor + " (python3), started by the run"),
             qPrintable(found.join("; ")));
    const auto left =
        readProcessStatus(survivor.toInt()); // killed by the harness (a zombie if init never reaps)
    QVERIFY2(!left || left->state == 'Z', qPrintable(survivor));
    for (const std::size_t cell : {std::size_t(0), std::size_t(2)})
        QVERIFY2(onHost.outcomes[cell].leftovers.empty(),
                 qPrintable(leftoversOf(onHost.outcomes[cell]).join("; ")));
    QCOMPARE(unrelated.front()->state(), QProcess::Running); // still listening, never touched

    std::unique_ptr<Tier> subprocess(builtinTiers().create("subprocess"));
    if (!subprocess || !subprocess->probe().available)
        QSKIP("the subprocess tier is unavailable here");
    const LabReport sandboxed = lab(*subprocess);
    QCOMPARE(sandboxed.outcomes.size(), suite.size());
    QCOMPARE(unrelated.size(), std::size_t(2));
    for (const AttackOutcome& outcome : sandboxed.outcomes)
        QVERIFY2(outcome.leftovers.empty(),
                 qPrintable(QString::fromStdString(outcome.attack) + ": " + leftoversOf(outcome).join("; ")));
    for (const auto& listener : unrelated)
        QCOMPARE(listener->state(), QProcess::Running);
}

QTEST_GUILESS_MAIN(TestAttackSuite)
#include "tst_attack_suite.moc"
