#include "support/provider_scripts.h"
#include "support/scripted_http_server.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <utmp.h>

namespace {

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun runCli(const QStringList& arguments, const QByteArray& input = {}, int timeoutMs = 60000,
              const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(SANDBENCH_CLI, arguments);
    if (!process.waitForStarted())
        return {};
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    CliRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// Runs the CLI with a pseudo-terminal as its standard input, output and error, as from a user's shell;
// `out` is everything the terminal received from both streams.
CliRun runCliOnTerminal(const QStringList& arguments,
                        const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
                        int timeoutMs = 60000) {
    int master = -1;
    int slave = -1;
    if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0)
        return {};
    termios settings{};
    ::tcgetattr(slave, &settings);
    ::cfmakeraw(&settings); // the bytes as the CLI wrote them: no "\n" to "\r\n" translation
    ::tcsetattr(slave, TCSANOW, &settings);
    QList<QByteArray> words{SANDBENCH_CLI};
    for (const QString& argument : arguments)
        words.append(argument.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    QList<QByteArray> variables;
    for (const QString& variable : environment.toStringList())
        variables.append(variable.toLocal8Bit());
    std::vector<char*> envp;
    for (QByteArray& variable : variables)
        envp.push_back(variable.data());
    envp.push_back(nullptr);
    const pid_t child = ::fork();
    if (child == 0) { // only async-signal-safe calls until exec: this test process has threads
        ::close(master);
        if (::login_tty(slave) == 0)
            ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(slave);
    CliRun run;
    QElapsedTimer clock;
    clock.start();
    char buffer[4096];
    while (child > 0 && clock.elapsed() < timeoutMs) {
        pollfd wait{master, POLLIN, 0};
        if (::poll(&wait, 1, 100) <= 0)
            continue;
        const ssize_t count = ::read(master, buffer, sizeof buffer);
        if (count > 0)
            run.out.append(buffer, count);
        else if (count == 0 || errno != EINTR)
            break; // EIO: every holder of the terminal's other side has closed it
    }
    ::close(master);
    int status = 0;
    if (child > 0 && clock.elapsed() >= timeoutMs)
        ::kill(child, SIGKILL);
    if (child > 0 && ::waitpid(child, &status, 0) == child && WIFEXITED(status))
        run.exitCode = WEXITSTATUS(status);
    return run;
}

// A program that retitles the terminal, writes its clipboard (OSC 52), prints a fake result line on
// standard error over the line it is on, and leaves its last line unterminated. The pauses keep the two
// streams' order.
constexpr const char* kHostileOutput = "import sys, time\n"
                                       "sys.stdout.write('title \\x1b]0;pwned\\x07 clip "
                                       "\\x1b]52;c;cHduZWQ=\\x07\\n')\n"
                                       "time.sleep(0.3)\n"
                                       "sys.stderr.write('\\r[host (control)] exit 0 in 0.01 s\\n')\n"
                                       "time.sleep(0.3)\n"
                                       "sys.stdout.write('tail')\n"
                                       "sys.exit(3)\n";

// What the program wrote, byte for byte.
const QByteArray kHostileStdout("title \x1b]0;pwned\x07 clip \x1b]52;c;cHduZWQ=\x07\ntail");
const QByteArray kHostileStderr("\r[host (control)] exit 0 in 0.01 s\n");

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void tiers();
    void olderNamesStillWork();
    void run_data();
    void run();
    void runErrors_data();
    void runErrors();
    void interpreterOption();
    void terminalGetsProgramOutputEscaped_data();
    void terminalGetsProgramOutputEscaped();
    void jsonOnATerminalKeepsControlsInert();
    void attackEvidenceOnATerminalIsEscaped();
    void pipesGetProgramOutputUnchanged();
    void attacksJson();
    void attacksBadSuite();
    void killedRunsReportWhatTheyUsed_data();
    void killedRunsReportWhatTheyUsed();
    void benchJson();
    void containerBenchHasColdAndWarmRows();
    void agentStreamsRunsAndSavesTranscript();
    void agentOnATerminalEscapesModelAndProgram();
    void agentKeyNeverReachesTheSandbox();
    void agentExitStatus_data();
    void agentExitStatus();
    void agentInterrupted();
};

namespace {

constexpr const char* kCanaryKey = "sk-canary-cli-4b8e2f6a9d1c3e5f7a9b";

// Sandbench's environment without any provider setting, plus `extra`.
QProcessEnvironment agentEnvironment(const QList<QPair<QString, QString>>& extra) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL",
                             "SANDBENCH_AGENT_MODEL"})
        environment.remove(name);
    for (const auto& [name, value] : extra)
        environment.insert(name, value);
    return environment;
}

} // namespace

void TestCli::tiers() {
    const CliRun result = runCli({"tiers"});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains("host (control)"), result.out.constData());

    const CliRun json = runCli({"tiers", "--json"});
    QCOMPARE(json.exitCode, 0);
    const QJsonArray list = QJsonDocument::fromJson(json.out).array();
    QVERIFY(!list.isEmpty());
    const QJsonObject host = list.first().toObject();
    QCOMPARE(host["name"].toString(), QString("host"));
    QCOMPARE(host["control"].toBool(), true);
    QCOMPARE(host["available"].toBool(), true);
}

// Scripts written before tiers were called tiers: the `backends` command, the --backend option and the
// "backend" key of a result.
void TestCli::olderNamesStillWork() {
    const CliRun tiers = runCli({"tiers", "--json"});
    const CliRun backends = runCli({"backends", "--json"});
    QCOMPARE(backends.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(backends.out).array().size(),
             QJsonDocument::fromJson(tiers.out).array().size());

    const CliRun run = runCli({"run", "--backend", "host", "--json", "-"}, "print('hi')\n");
    QCOMPARE(run.exitCode, 0);
    const QJsonObject result = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(result["tier"].toString(), QString("host"));
    QCOMPARE(result["backend"].toString(), QString("host"));
    QCOMPARE(result["stdout"].toString(), QString("hi\n"));

    // The same tier under both names is one choice; two tiers are a mistake, not a silent pick.
    QCOMPARE(runCli({"run", "--tier", "host", "--backend", "host", "-"}, "print(1)\n").exitCode, 0);
    const CliRun both = runCli({"run", "--tier", "host", "--backend", "subprocess", "-"}, "print('ran')\n");
    QCOMPARE(both.exitCode, 125);
    QVERIFY(!both.out.contains("ran"));
    QVERIFY2(both.err.contains("name two tiers"), both.err.constData());
}

void TestCli::run_data() {
    QTest::addColumn<QByteArray>("program");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("stdoutBytes");
    QTest::addColumn<QByteArray>("resultLine");

    QTest::newRow("exit code passes through") << QByteArray("import sys\nprint('hi')\nsys.exit(7)\n") << 7
                                              << QByteArray("hi\n") << QByteArray("exit 7 in");
    QTest::newRow("success") << QByteArray("print('ok')\n") << 0 << QByteArray("ok\n")
                             << QByteArray("exit 0 in");
    QTest::newRow("killed by a signal is 128+N")
        << QByteArray("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n") << 128 + 15 << QByteArray()
        << QByteArray("killed by SIGTERM");
    QByteArray everyByte;
    for (int value = 0; value < 256; ++value)
        everyByte.append(static_cast<char>(value));
    QTest::newRow("binary-safe stdout")
        << QByteArray("import sys\nsys.stdout.buffer.write(bytes(range(256)))\n") << 0 << everyByte
        << QByteArray("exit 0 in");
    QTest::newRow("uncaught exception")
        << QByteArray("raise SystemExit(3)\n") << 3 << QByteArray() << QByteArray("exit 3 in");
}

void TestCli::run() {
    QFETCH(QByteArray, program);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, stdoutBytes);
    QFETCH(QByteArray, resultLine);

    // From standard input ("-") ...
    const CliRun fromStdin = runCli({"run", "--tier", "host", "-"}, program);
    QCOMPARE(fromStdin.exitCode, exitCode);
    QCOMPARE(fromStdin.out, stdoutBytes);
    QVERIFY2(fromStdin.err.contains("[host (control)] " + resultLine), fromStdin.err.constData());

    // ... and from a file, with a policy option.
    QTemporaryDir folder;
    const QString path = folder.filePath("program.py");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(program);
    file.close();
    const CliRun fromFile = runCli({"run", "--tier=host", "--timeout", "10", path});
    QCOMPARE(fromFile.exitCode, exitCode);
    QCOMPARE(fromFile.out, stdoutBytes);
}

void TestCli::runErrors_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("policyJson"); // written to a file passed as --policy when not empty
    QTest::addColumn<QByteArray>("message");

    QTest::newRow("unknown tier lists the known ones")
        << QStringList{"run", "--tier", "nope", "-"} << QByteArray() << QByteArray("known: host");
    QTest::newRow("unreadable file") << QStringList{"run", "--tier", "host", "/nonexistent/x.py"}
                                     << QByteArray() << QByteArray("cannot read /nonexistent/x.py");
    QTest::newRow("bad policy key") << QStringList{"run", "--tier", "host"}
                                    << QByteArray(R"({"memory_mb": "a"})")
                                    << QByteArray("\"memory_mb\" must be a whole number");
    QTest::newRow("malformed policy")
        << QStringList{"run", "--tier", "host"} << QByteArray("{") << QByteArray("not valid JSON");
    QTest::newRow("timeout out of range") << QStringList{"run", "--tier", "host", "--timeout", "0", "-"}
                                          << QByteArray() << QByteArray("--timeout");
    QTest::newRow("unknown option") << QStringList{"run", "--frobnicate", "-"} << QByteArray()
                                    << QByteArray("unknown option --frobnicate");
    QTest::newRow("no program") << QStringList{"run", "--tier", "host"} << QByteArray()
                                << QByteArray("run needs a program");
    QTest::newRow("missing interpreter")
        << QStringList{"run", "--tier", "subprocess", "--interpreter", "/usr/bin/python-nope -I", "-"}
        << QByteArray() << QByteArray("/usr/bin/python-nope does not exist");
    QTest::newRow("empty interpreter")
        << QStringList{"run", "--interpreter", " ", "-"} << QByteArray() << QByteArray("--interpreter");
}

void TestCli::runErrors() {
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, policyJson);
    QFETCH(QByteArray, message);
    QTemporaryDir folder;
    if (!policyJson.isEmpty()) {
        QFile policy(folder.filePath("policy.json"));
        QVERIFY(policy.open(QIODevice::WriteOnly));
        policy.write(policyJson);
        policy.close();
        arguments << "--policy" << policy.fileName() << "-";
    }
    const CliRun result = runCli(arguments, "print('must not run')\n");
    QCOMPARE(result.exitCode, 125); // sandbench's own failure, never confused with the program's code
    QVERIFY(!result.out.contains("must not run"));
    QVERIFY2(result.err.contains(message), result.err.constData());
}

// The interpreter and its flags are the user's to choose: without -u, stdout is not write-through.
void TestCli::interpreterOption() {
    const CliRun result = runCli({"run", "--tier", "subprocess", "--interpreter", "/usr/bin/python3 -I", "-"},
                                 "import sys\nprint(sys.flags.isolated, sys.stdout.write_through)\n");
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.out, QByteArray("1 False\n"));
}

// On a terminal the program's controls are shown escaped and Sandbench's own result line is in reverse
// video on a line of its own, which the program cannot imitate; --raw passes the program's bytes.
void TestCli::terminalGetsProgramOutputEscaped_data() {
    QTest::addColumn<bool>("raw");
    QTest::addColumn<QByteArray>("programShown"); // what the terminal shows of the program's output
    QTest::newRow("escaped") << false
                             << QByteArray("title \\x1b]0;pwned\\x07 clip \\x1b]52;c;cHduZWQ=\\x07\n"
                                           "\\x0d[host (control)] exit 0 in 0.01 s\ntail");
    QTest::newRow("--raw") << true
                           << kHostileStdout.left(kHostileStdout.indexOf('\n') + 1) + kHostileStderr + "tail";
}

void TestCli::terminalGetsProgramOutputEscaped() {
    QFETCH(bool, raw);
    QFETCH(QByteArray, programShown);
    QTemporaryDir folder;
    const QString path = folder.filePath("hostile.py");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kHostileOutput);
    file.close();
    QStringList arguments{"run", "--tier", "host"};
    if (raw)
        arguments << "--raw";
    const CliRun result = runCliOnTerminal(arguments << path);
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.out.contains(programShown), result.out.constData());
    // The result line: after the program's unterminated last line, on a new line, in reverse video.
    QVERIFY2(result.out.contains("tail\n\x1b[7m[host (control)] exit 3 in "), result.out.constData());
    if (!raw) {
        // The only escape sequences left are Sandbench's own styling.
        QByteArray rest = result.out;
        rest.replace("\x1b[7m", "").replace("\x1b[0m", "");
        QVERIFY2(!rest.contains('\x1b') && !rest.contains('\a') && !rest.contains('\r'), rest.constData());
    }
}

// --json on a terminal: C0 controls are JSON escapes anyway; C1 controls (U+009B, CSI, a terminal's
// 8-bit escape) and every other non-ASCII character become \uXXXX too, so the JSON stays valid and inert.
void TestCli::jsonOnATerminalKeepsControlsInert() {
    QTemporaryDir folder;
    const QString path = folder.filePath("c1.py");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("import sys\nsys.stdout.write('csi \\u009b2J bell \\u0007 caf\\u00e9')\n");
    file.close();
    const CliRun result = runCliOnTerminal({"run", "--tier", "host", "--json", path});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains("csi \\u009b2J bell \\u0007 caf\\u00e9"), result.out.constData());
    QVERIFY2(!result.out.contains("\xc2\x9b") && !result.out.contains('\a'), result.out.constData());
    // Through a pipe, the JSON keeps the characters themselves.
    const CliRun piped = runCli({"run", "--tier", "host", "--json", path});
    QVERIFY2(piped.out.contains("caf\xc3\xa9"), piped.out.constData());
}

// The attacks table quotes a program's stderr as evidence: on a terminal its escapes are shown escaped.
void TestCli::attackEvidenceOnATerminalIsEscaped() {
    QTemporaryDir suite;
    QFile file(suite.filePath("01_title.py"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# name: Retitle\n# expect: marker NEVER\nimport sys\n"
               "sys.stderr.write('OSError: \\x1b]0;pwned\\x07 \\u009b2J\\n')\nsys.exit(1)\n");
    file.close();
    const CliRun result = runCliOnTerminal({"attacks", "--tier", "host", "--suite", suite.path()});
    QCOMPARE(result.exitCode, 0);
    QVERIFY2(result.out.contains("\\x1b]0;pwned\\x07"), result.out.constData());
    QVERIFY2(!result.out.contains('\x1b') && !result.out.contains('\a') && !result.out.contains("\xc2\x9b"),
             result.out.constData());
}

void TestCli::pipesGetProgramOutputUnchanged() {
    for (const bool raw : {false, true}) {
        QStringList arguments{"run", "--tier", "host"};
        if (raw)
            arguments << "--raw";
        const CliRun result = runCli(arguments << "-", kHostileOutput);
        QCOMPARE(result.exitCode, 3);
        QCOMPARE(result.out, kHostileStdout);
        QVERIFY2(result.err.contains(kHostileStderr), result.err.constData());
        QVERIFY2(result.err.contains("\n[host (control)] exit 3 in "), result.err.constData());
        QVERIFY2(!result.err.contains("\x1b[7m"), result.err.constData()); // no styling off a terminal
    }
}

void TestCli::attacksJson() {
    // 3 s: the slowest attack that must get through, 400 MB into socket buffers, can take more than a second
    // on a busy 2-core machine; a shorter timeout would end it before it shows that it works.
    const CliRun result = runCli({"attacks", "--tier", "host", "--json", "--timeout", "3", "--grace", "0.5"});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(result.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonArray outcomes = document.array();
    QCOMPARE(outcomes.size(), QDir(SANDBENCH_SOURCE_ATTACKS_DIR).entryList({"*.py"}, QDir::Files).size());
    for (const auto& value : outcomes) {
        const QJsonObject outcome = value.toObject();
        for (const char* key :
             {"attack", "category", "tier", "verdict", "evidence", "seconds", "layer", "layer_detail",
              "layer_inferred", "expected", "needs_root", "unmet_needs", "leftovers"})
            QVERIFY2(outcome.contains(key), key);
        QCOMPARE(outcome["tier"].toString(), QString("host"));
        QCOMPARE(outcome["control"].toBool(), true);
        QCOMPARE(outcome["expected"].toBool(), true); // the control is expected to let everything through
        QVERIFY(outcome["leftovers"].isArray() && outcome["leftovers"].toArray().isEmpty());
        if (!outcome["unmet_needs"].toString().isEmpty()) // e.g. no loadable modules on this kernel
            continue;
        QVERIFY2(outcome["verdict"].toString() == "ALLOWED", qPrintable(outcome["evidence"].toString()));
        QCOMPARE(outcome["layer"].toString(), QString("none"));
        QVERIFY(outcome["seconds"].isDouble());
        QVERIFY(!outcome["evidence"].toString().isEmpty());
    }
    QCOMPARE(outcomes.first().toObject()["attack"].toString(), QString("CPU loop"));
    QCOMPARE(outcomes.first().toObject()["category"].toString(), QString("cpu"));
}

void TestCli::attacksBadSuite() {
    QTemporaryDir folder;
    QFile file(folder.filePath("broken.py"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# name: Broken\n# expect: perhaps\n");
    file.close();
    const CliRun result = runCli({"attacks", "--tier", "host", "--suite", folder.path()});
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("broken.py:2: unknown expect form"), result.err.constData());
}

// A busy loop ended by the timeout used its CPU: the result says how much, or that it was not measured,
// never a zero the kernel did not count.
void TestCli::killedRunsReportWhatTheyUsed_data() {
    QTest::addColumn<QString>("tier");
    QTest::newRow("subprocess") << QString("subprocess");
    QTest::newRow("container") << QString("container");
    QTest::newRow("microvm") << QString("microvm");
}

void TestCli::killedRunsReportWhatTheyUsed() {
    QFETCH(QString, tier);
    const CliRun probe = runCli({"tiers", "--json"});
    bool measuredByCgroups = false;
    for (const QJsonValue& listed : QJsonDocument::fromJson(probe.out).array()) {
        const QJsonObject object = listed.toObject();
        if (object["name"].toString() != tier)
            continue;
        if (!object["available"].toBool())
            QSKIP(qPrintable(tier + " cannot run here: " + object["reason"].toString()));
        for (const QJsonValue& note : object["notes"].toArray())
            measuredByCgroups |= note.toString().startsWith("cgroup memory:");
    }
    const CliRun run =
        runCli({"run", "--tier", tier, "--timeout", "2", "--json", "-"}, "while True:\n    pass\n");
    const QJsonObject result = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(result["stopped_by"].toString(), QString("timeout"));
    const QJsonValue cpu = result["cpu_seconds"];
    QVERIFY2(cpu.isNull() || cpu.toDouble() >= 1.0, run.out.constData());
    QVERIFY2(result["peak_memory_kb"].isNull() || result["peak_memory_kb"].toDouble() > 0,
             run.out.constData());
    if (measuredByCgroups) { // the subprocess tier's run cgroups count it after the kill
        QVERIFY2(cpu.isDouble() && cpu.toDouble() >= 1.0, run.out.constData());
        QVERIFY2(result["peak_memory_kb"].toDouble() > 0, run.out.constData());
    }
}

void TestCli::benchJson() {
    const CliRun result = runCli({"bench", "--tier", "host", "--runs", "3", "--json"});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    const QJsonArray reports = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(reports.size(), 1);
    const QJsonObject report = reports.first().toObject();
    for (const char* key :
         {"tier", "mode", "runs", "p50_ms", "p95_ms", "min_ms", "max_ms", "baseline_p50_ms", "ratio"})
        QVERIFY2(report.contains(key), key);
    QCOMPARE(report["tier"].toString(), QString("host"));
    QCOMPARE(report["mode"].toString(), QString("cold"));
    QCOMPARE(report["runs"].toInt(), 3);
    QVERIFY(report["min_ms"].toDouble() > 0);
    QVERIFY(report["min_ms"].toDouble() <= report["p50_ms"].toDouble());
    QVERIFY(report["p95_ms"].toDouble() <= report["max_ms"].toDouble());
    QCOMPARE(report["ratio"].toDouble(), report["p50_ms"].toDouble() / report["baseline_p50_ms"].toDouble());
}

void TestCli::containerBenchHasColdAndWarmRows() {
    const CliRun probe = runCli({"tiers", "--json"});
    for (const QJsonValue& tier : QJsonDocument::fromJson(probe.out).array()) {
        const QJsonObject object = tier.toObject();
        if (object["name"] == "container" && !object["available"].toBool())
            QSKIP(qPrintable("the container tier is not usable here: " + object["reason"].toString()));
    }
    const CliRun result = runCli({"bench", "--tier", "container", "--runs", "2", "--json"}, {}, 180000);
    QVERIFY2(result.exitCode == 0, result.err.constData());
    const QJsonArray reports = QJsonDocument::fromJson(result.out).array();
    QCOMPARE(reports.size(), 2);
    QCOMPARE(reports[0].toObject()["mode"].toString(), QString("cold"));
    QCOMPARE(reports[1].toObject()["mode"].toString(), QString("warm"));
    for (const QJsonValue& value : reports) {
        const QJsonObject report = value.toObject();
        // The baseline is the reference design's own hardened docker/podman run line, print(1) on stdin.
        const QString baseline = report["baseline"].toString();
        QVERIFY2(baseline.contains(" run --rm -i --name ") && baseline.contains("--network none") &&
                     baseline.contains("--memory 256m --memory-swap 256m") &&
                     baseline.endsWith(" python3 -I -"),
                 qPrintable(baseline));
        QVERIFY(report["p50_ms"].toDouble() > 0 && report["baseline_p50_ms"].toDouble() > 0);
        QCOMPARE(report["ratio"].toDouble(),
                 report["p50_ms"].toDouble() / report["baseline_p50_ms"].toDouble());
    }
}

// `agent` against a scripted OpenAI-compatible server (a local model server needs no key): the model's text
// and each run's code and output stream to the terminal, and --transcript and --markdown save the session.
void TestCli::agentStreamsRunsAndSavesTranscript() {
    test_support::ScriptedHttpServer server;
    server.enqueue("POST", "/v1/chat/completions",
                   test_support::openAiTurn("Computing.", {{"call_1", "print(6 * 7)"}}));
    server.enqueue("POST", "/v1/chat/completions", test_support::openAiTurn("The answer is 42."));
    QTemporaryDir folder;
    const QString transcript = folder.filePath("session.json");
    const QString markdown = folder.filePath("session.md");
    const CliRun result = runCli({"agent", "--provider", "openai", "--base-url", server.url() + "/v1",
                                  "--model", "local-model", "--tier", "subprocess", "--transcript",
                                  transcript, "--markdown", markdown, "What is six times seven?"},
                                 {}, 60000, agentEnvironment({}));
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QVERIFY2(result.out.contains("Computing.\n\n[run_python on subprocess]\n    print(6 * 7)\n[output]\n42\n"
                                 "[subprocess] exit 0"),
             result.out.constData());
    QVERIFY(result.out.contains("The answer is 42."));
    QVERIFY2(result.err.contains("finished in 2 turns, 1 run"), result.err.constData());
    const auto requests = server.requests("POST", "/v1/chat/completions");
    QCOMPARE(requests.size(), 2);
    QVERIFY(!requests[0].hasHeader("authorization")); // no key set: none sent
    QVERIFY(requests[1].body.contains(R"(\"stdout\":\"42\\n\")"));

    QFile saved(transcript);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const QJsonObject session = QJsonDocument::fromJson(saved.readAll()).object();
    QCOMPARE(session["outcome"].toString(), QString("finished"));
    QCOMPARE(session["runs"].toArray()[0].toObject()["result"].toObject()["stdout"].toString(),
             QString("42\n"));
    QCOMPARE(session["tier"].toString(), QString("subprocess"));
    QFile exported(markdown);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    QVERIFY(exported.readAll().contains("```python\nprint(6 * 7)\n```"));
}

// Under a terminal the model's text and code and the run's output are escaped alike, and the run's header
// and result line are Sandbench's own, in reverse video.
void TestCli::agentOnATerminalEscapesModelAndProgram() {
    test_support::ScriptedHttpServer server;
    server.enqueue("POST", "/v1/chat/completions",
                   test_support::openAiTurn("Retitling\x1b]0;pwned\x07.",
                                            {{"call_1", "print('\\x1b]52;c;cHduZWQ=\\x07 # \x1b[2J')"}}));
    server.enqueue("POST", "/v1/chat/completions", test_support::openAiTurn("Done."));
    QStringList arguments{"agent",   "--provider",  "openai", "--base-url", server.url() + "/v1",
                          "--model", "local-model", "--tier", "subprocess", "a task"};
    const CliRun result = runCliOnTerminal(arguments, agentEnvironment({}));
    QVERIFY2(result.exitCode == 0, result.out.constData());
    QVERIFY2(result.out.contains("Retitling\\x1b]0;pwned\\x07."), result.out.constData());
    QVERIFY2(result.out.contains("\x1b[7m[run_python on subprocess]\x1b[0m\n"
                                 "    print('\\x1b]52;c;cHduZWQ=\\x07 # \\x1b[2J')\n"
                                 "\x1b[7m[output]\x1b[0m\n"
                                 "\\x1b]52;c;cHduZWQ=\\x07 # \\x1b[2J\n"
                                 "\x1b[7m[subprocess] exit 0 in "),
             result.out.constData());
    QByteArray rest = result.out;
    rest.replace("\x1b[7m", "").replace("\x1b[0m", "");
    QVERIFY2(!rest.contains('\x1b') && !rest.contains('\a'), rest.constData());
}

// The key is in the CLI's own environment from its start, as a user exports it. The program a model asks
// for searches every process's environ and cmdline and every readable file for it; the same program on
// the host control tier finds it in the CLI's /proc/PID/environ, which proves the search works.
void TestCli::agentKeyNeverReachesTheSandbox() {
    const QByteArray half = QByteArray(kCanaryKey).left(14);
    const QByteArray rest = QByteArray(kCanaryKey).mid(14);
    const QByteArray search =
        "import os, time\nneedle = b'" + half + "' + b'" + rest + "'\n" + R"(hits, scanned = [], 0
deadline = time.monotonic() + 6
skip = {"/proc", "/sys", "/dev", "/usr", "/lib", "/lib64", "/bin", "/sbin", "/boot"}
def check(path):
    global scanned
    try:
        with open(path, "rb") as f:
            data = f.read(1 << 20)
        scanned += 1
        if needle in data:
            hits.append(path)
    except OSError:
        pass
for pid in os.listdir("/proc"):
    if pid.isdigit():
        check(f"/proc/{pid}/environ")
        check(f"/proc/{pid}/cmdline")
for root, dirs, files in os.walk("/"):
    dirs[:] = [d for d in dirs if os.path.join(root, d) not in skip]
    for name in files:
        check(os.path.join(root, name))
    if time.monotonic() > deadline:
        break
print("ENV", dict(os.environ))
print("SCANNED", scanned, "HITS", hits)
)";
    const CliRun control = runCli({"run", "--tier", "host", "--timeout", "20", "-"}, search, 60000,
                                  agentEnvironment({{"ANTHROPIC_API_KEY", kCanaryKey}}));
    QVERIFY2(control.out.contains("HITS ['/proc/"), control.out.constData());

    test_support::ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   test_support::anthropicTurn("", {{"call_scan", search.toStdString()}}));
    server.enqueue("POST", "/v1/messages", test_support::anthropicTurn("Nothing found."));
    const CliRun result = runCli({"agent", "--base-url", server.url(), "--tier", "subprocess", "--timeout",
                                  "20", "--output-cap", "100000", "find the key"},
                                 {}, 90000, agentEnvironment({{"ANTHROPIC_API_KEY", kCanaryKey}}));
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QVERIFY2(result.out.contains("HITS []"), result.out.constData());
    QVERIFY(result.out.contains("ENV {"));
    QVERIFY(!result.out.contains(kCanaryKey) && !result.err.contains(kCanaryKey));
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[0].header("x-api-key"), QByteArray(kCanaryKey)); // Anthropic chosen by the key
    QVERIFY(!requests[1].body.contains(kCanaryKey));
}

void TestCli::agentExitStatus_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("no key") << "no key" << 1 << QByteArray("ANTHROPIC_API_KEY");
    QTest::newRow("host refused") << "host" << 1 << QByteArray("control");
    QTest::newRow("401") << "401" << 1 << QByteArray("401 Unauthorized from 127.0.0.1");
    QTest::newRow("turn limit") << "turn limit" << 3 << QByteArray("turn limit (2 model calls)");
    QTest::newRow("bad provider") << "bad provider" << 2
                                  << QByteArray("--provider must be anthropic or openai");
    QTest::newRow("refused") << "refused" << 0 << QByteArray("The model refused to answer: \"I can't.\"");
    QTest::newRow("token limit field chosen") << "field" << 0 << QByteArray("finished in 1 turn");
    QTest::newRow("bad token limit field")
        << "bad field" << 2 << QByteArray("--token-limit-field must be auto, max_completion_tokens");
}

void TestCli::agentExitStatus() {
    QFETCH(QString, scenario);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, message);
    test_support::ScriptedHttpServer server;
    QStringList arguments{"agent",       "--provider", "openai", "--base-url", server.url() + "/v1",
                          "--max-turns", "2"};
    auto environment = agentEnvironment({{"OPENAI_API_KEY", kCanaryKey}});
    if (scenario == "no key") {
        arguments = QStringList{"agent"};
        environment = agentEnvironment({});
    } else if (scenario == "host") {
        arguments << "--tier"
                  << "host";
    } else if (scenario == "401") {
        server.enqueue(
            "POST", "/v1/chat/completions",
            test_support::ScriptedResponse::json(
                401, R"({"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}})"));
    } else if (scenario == "turn limit") {
        for (int i = 0; i < 3; ++i)
            server.enqueue("POST", "/v1/chat/completions",
                           test_support::openAiTurn("", {{"call_" + std::to_string(i), "print(1)"}}));
    } else if (scenario == "bad provider") {
        arguments << "--provider"
                  << "gemini";
    } else if (scenario == "refused") {
        server.enqueue(
            "POST", "/v1/chat/completions",
            test_support::ScriptedResponse::sse(test_support::openai::replyStream(
                {test_support::openai::dumped(test_support::openai::chunkWith({{"refusal", "I can't."}}))},
                "stop")));
    } else if (scenario == "field") {
        server.enqueue("POST", "/v1/chat/completions", test_support::openAiTurn("done"));
        arguments << "--token-limit-field"
                  << "max_completion_tokens";
    } else if (scenario == "bad field") {
        arguments << "--token-limit-field"
                  << "max_output_tokens";
    }
    const CliRun result = runCli(arguments << "a task", {}, 60000, environment);
    QVERIFY2(result.exitCode == exitCode, result.err.constData());
    QVERIFY2(result.err.contains(message), result.err.constData());
    QVERIFY(!result.err.contains(kCanaryKey));
    if (scenario == "no key" || scenario == "host" || scenario == "bad field")
        QCOMPARE(server.requests().size(), 0);
    if (scenario == "field") {
        const QByteArray body = server.requests().value(0).body;
        QVERIFY2(body.contains("\"max_completion_tokens\":4000") && !body.contains("\"max_tokens\""),
                 body.constData());
    }
}

// SIGTERM (as Ctrl-C's SIGINT) while the model is mid-reply aborts the transfer at once: exit 130.
void TestCli::agentInterrupted() {
    test_support::ScriptedHttpServer server;
    auto hanging = test_support::openAiTurn("Thinking", {}, 0);
    hanging.body.insert(
        3, // after both pieces of "Thinking"
        {QByteArray("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" more\"}}]}\n\n"), 30000});
    server.enqueue("POST", "/v1/chat/completions", hanging);
    QProcess process;
    process.setProcessEnvironment(agentEnvironment({}));
    process.start(SANDBENCH_CLI,
                  {"agent", "--provider", "openai", "--base-url", server.url() + "/v1", "a task"});
    QVERIFY(process.waitForStarted());
    QByteArray out;
    QTRY_VERIFY2_WITH_TIMEOUT((out += process.readAllStandardOutput()).contains("Thinking"),
                              (out + process.readAllStandardError()).constData(), 10000);
    QElapsedTimer clock;
    clock.start();
    process.terminate();
    QVERIFY(process.waitForFinished(5000));
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(process.exitCode(), 130);
    QVERIFY(process.readAllStandardError().contains("cancelled"));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
