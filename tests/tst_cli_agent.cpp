// The CLI's agent command against a scripted model server: the model's text and each run stream out and
// the session is saved, a terminal gets both escaped, the API key never reaches the sandbox (a canary key
// searched for in every process and file), exit statuses for each way a session ends, and an interrupt
// that aborts a reply mid-stream.

#include "support/cli_runner.h"
#include "support/provider_scripts.h"
#include "support/scripted_http_server.h"
#include "support/source_paths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using test_support::CliRun;
using test_support::runCli;
using test_support::runCliOnTerminal;

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

class TestCliAgent : public QObject {
    Q_OBJECT

private slots:
    void agentStreamsRunsAndSavesTranscript();
    void agentOnATerminalEscapesModelAndProgram();
    void agentKeyNeverReachesTheSandbox();
    void agentExitStatus_data();
    void agentExitStatus();
    void agentInterrupted();
};

// `agent` against a scripted OpenAI-compatible server (a local model server needs no key): the model's text
// and each run's code and output stream to the terminal, and --transcript and --markdown save the session.
void TestCliAgent::agentStreamsRunsAndSavesTranscript() {
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
void TestCliAgent::agentOnATerminalEscapesModelAndProgram() {
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
void TestCliAgent::agentKeyNeverReachesTheSandbox() {
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

void TestCliAgent::agentExitStatus_data() {
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

void TestCliAgent::agentExitStatus() {
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
void TestCliAgent::agentInterrupted() {
    test_support::ScriptedHttpServer server;
    auto hanging = test_support::openAiTurn("Thinking", {}, 0);
    hanging.body.insert(
        3, // after both pieces of "Thinking"
        {QByteArray("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" more\"}}]}\n\n"), 30000});
    server.enqueue("POST", "/v1/chat/completions", hanging);
    QProcess process;
    process.setProcessEnvironment(agentEnvironment({}));
    process.start(test_support::cliPath(),
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

QTEST_GUILESS_MAIN(TestCliAgent)
#include "tst_cli_agent.moc"
