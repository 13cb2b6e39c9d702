// The e2b tier against a scripted stand-in for E2B's API and a sandbox's code interpreter (the scripted
// local HTTP server): what our client sends (create, execute, delete, with which headers and bodies), how
// streamed output, Python errors and odd streams map to results, the API's error statuses and retries,
// silence, timeouts and cancellation, and that the sandbox is deleted after every run that made one. No
// request leaves this machine.

#include "support/scripted_http_server.h"
#include "tiers/builtin_tiers.h"
#include "tiers/e2b/e2b_tier.h"
#include "tiers/e2b/execution_stream.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <atomic>
#include <csignal>
#include <mutex>
#include <thread>

using namespace sandbench;
using test_support::RecordedRequest;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;

namespace {

constexpr const char* kApiKey = "e2b_0123456789abcdef0123456789abcdef01234567";
constexpr const char* kSandboxId = "isb7s5example01";
constexpr const char* kEnvdToken = "envd-token-5f2c";
constexpr const char* kTrafficToken = "traffic-token-77aa";

E2bSettings settingsFor(const ScriptedHttpServer& server) {
    E2bSettings settings;
    settings.apiKey = kApiKey;
    settings.apiUrl = server.url().toStdString();
    settings.sandboxUrl = server.url().toStdString();
    settings.requestTimeoutSeconds = 5;
    return settings;
}

QByteArray createdAnswer(const char* id = kSandboxId) {
    return QJsonDocument(QJsonObject{{"sandboxID", id},
                                     {"templateID", "code-interpreter-v1"},
                                     {"clientID", "6532622b"},
                                     {"envdVersion", "0.2.4"},
                                     {"envdAccessToken", kEnvdToken},
                                     {"trafficAccessToken", kTrafficToken},
                                     {"domain", QJsonValue::Null}})
        .toJson(QJsonDocument::Compact);
}

// One line of the code interpreter's stream.
QByteArray message(const QJsonObject& object) {
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + "\n";
}
QByteArray out(const char* text) {
    return message({{"type", "stdout"}, {"text", text}, {"timestamp", 1700000000000000000.0}});
}
QByteArray err(const char* text) {
    return message({{"type", "stderr"}, {"text", text}, {"timestamp", 1700000000000000000.0}});
}
QByteArray endOfExecution() {
    return "{\"type\": \"end_of_execution\"}\n"; // as template/server/stream.py writes it
}

QByteArray sandboxPath(const char* id = kSandboxId) {
    return QByteArray("/sandboxes/") + id;
}

// A server that creates a sandbox, answers /execute with `execution`, and accepts its deletion.
void scriptRun(ScriptedHttpServer& server, const ScriptedResponse& execution) {
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer()));
    server.enqueue("POST", "/execute", execution);
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
}

ScriptedResponse streamOf(const QList<QByteArray>& lines, int delayMs = 0) {
    QList<ScriptedResponse::Part> parts;
    for (const QByteArray& line : lines)
        parts.append({line, delayMs});
    return ScriptedResponse::chunked(parts);
}

QJsonObject jsonBody(const RecordedRequest& request) {
    return QJsonDocument::fromJson(request.body).object();
}

struct Chunk {
    Stream stream;
    std::string bytes;
    double atSeconds;
};

// What the sink saw, with arrival times. Thread-safe: a run may be on another thread.
struct RecordingSink {
    mutable std::mutex mutex;
    std::vector<Chunk> chunks;
    QElapsedTimer clock;
    RecordingSink() { clock.start(); }
    OutputSink sink() {
        return [this](Stream stream, std::string_view bytes) {
            std::lock_guard lock(mutex);
            chunks.push_back({stream, std::string(bytes), static_cast<double>(clock.nsecsElapsed()) / 1e9});
        };
    }
    std::string all(Stream stream) const {
        std::lock_guard lock(mutex);
        std::string joined;
        for (const auto& chunk : chunks) {
            if (chunk.stream == stream)
                joined += chunk.bytes;
        }
        return joined;
    }
    std::size_t count() const {
        std::lock_guard lock(mutex);
        return chunks.size();
    }
};

RunRequest program(const std::string& code, double timeoutSeconds = 10) {
    RunRequest request;
    request.code = code;
    request.policy.timeoutSeconds = timeoutSeconds;
    return request;
}

QString context(const RunResult& result) {
    return QString::fromStdString(result.summary() + "\nstdout: " + result.stdoutBytes +
                                  "\nstderr: " + result.stderrBytes);
}

QString nameOf(StopReason reason) {
    return QString::fromUtf8(toString(reason));
}

QList<QByteArray> methodsAndPaths(const ScriptedHttpServer& server) {
    QList<QByteArray> seen;
    for (const RecordedRequest& request : server.requests())
        seen.append(request.method + " " + request.path());
    return seen;
}

} // namespace

class TestE2bTier : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void createExecuteDelete_data();
    void createExecuteDelete();
    void outputStreamsLive();
    void outputCapApplies();
    void invalidUtf8InStream();
    void pythonErrorIsExitOne();
    void systemExit_data();
    void systemExit();
    void apiRefusals_data();
    void apiRefusals();
    void rateLimitedThenCreated();
    void serverErrorsExhaustRetries();
    void malformedCreateAnswer();
    void malformedStreamLine();
    void streamEndings_data();
    void streamEndings();
    void executeRefused();
    void silentApiTimesOut();
    void runTimeoutDeletesTheSandbox();
    void cancelMidStream();
    void cancelWhileCreating();
    void probeAndRunWithoutKey_data();
    void probeAndRunWithoutKey();
    void probeWithKeyMakesNoRequest();
    void keyInPolicyEnvironmentIsRefused();
    void otherInterpreterIsRefused();
    void realEndpointsByDefault();
    void registered();
    void repairsJsonText();
};

void TestE2bTier::initTestCase() {
    // Loopback requests must not be handed to a proxy from the environment, and this machine's own E2B
    // settings (if any) play no part: every test builds its settings.
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
    for (const char* name : {"E2B_API_KEY", "E2B_DOMAIN", "E2B_API_URL", "E2B_SANDBOX_URL", "E2B_MAX_RETRIES",
                             "SANDBENCH_E2B_TEMPLATE"})
        qunsetenv(name);
}

void TestE2bTier::createExecuteDelete_data() {
    QTest::addColumn<bool>("network");
    QTest::addColumn<double>("timeoutSeconds");
    QTest::addColumn<int>("expectedLifetime");
    QTest::newRow("default policy: no network") << false << 5.0 << 35;
    QTest::newRow("network on, fractional timeout") << true << 2.5 << 33;
}

void TestE2bTier::createExecuteDelete() {
    QFETCH(bool, network);
    QFETCH(double, timeoutSeconds);
    QFETCH(int, expectedLifetime);
    ScriptedHttpServer server;
    scriptRun(server, streamOf({message({{"type", "number_of_executions"}, {"execution_count", 1}}),
                                out("hello\n"), err("careful\n"), out("world\n"),
                                message({{"type", "result"}, {"text", "42"}, {"is_main_result", true}}),
                                endOfExecution()}));
    E2bTier tier(settingsFor(server));
    RunRequest request =
        program("print('hello')\nimport sys; print('careful', file=sys.stderr)\nprint('world')\n42\n",
                timeoutSeconds);
    request.policy.network = network;
    request.policy.environment = {{"PATH", "/usr/bin:/bin"}, {"GREETING", "hi there"}};
    RecordingSink sink;
    const RunResult result = tier.run(request, sink.sink(), {});
    tier.settle();

    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.tier, std::string("e2b"));
    QCOMPARE(result.exitCode, std::optional<int>(0));
    QCOMPARE(result.stdoutBytes, std::string("hello\nworld\n")); // the notebook's result (42) is not output
    QCOMPARE(result.stderrBytes, std::string("careful\n"));
    QCOMPARE(sink.all(Stream::Stdout), result.stdoutBytes);
    QCOMPARE(sink.all(Stream::Stderr), result.stderrBytes);
    QVERIFY(result.wallSeconds > 0);

    QCOMPARE(methodsAndPaths(server),
             (QList<QByteArray>{"POST /sandboxes", "POST /execute", "DELETE " + sandboxPath()}));
    const auto requests = server.requests();

    // Create: the key as X-API-KEY, the template, the sandbox's own timeout, secure, the network switch.
    const RecordedRequest& create = requests[0];
    QCOMPARE(create.header("X-API-KEY"), QByteArray(kApiKey));
    QCOMPARE(create.header("Content-Type"), QByteArray("application/json"));
    const QJsonObject createBody = jsonBody(create);
    QCOMPARE(createBody["templateID"].toString(), QString("code-interpreter-v1"));
    QCOMPARE(createBody["timeout"].toInt(), expectedLifetime);
    QCOMPARE(createBody["secure"].toBool(), true);
    QVERIFY(createBody.contains("allow_internet_access"));
    QCOMPARE(createBody["allow_internet_access"].toBool(), network);

    // Execute: the code and the environment, the sandbox's tokens, and never the key.
    const RecordedRequest& execute = requests[1];
    QVERIFY(!execute.hasHeader("X-API-KEY"));
    QVERIFY(!execute.body.contains(kApiKey));
    for (const auto& [name, value] : execute.headers)
        QVERIFY2(!value.contains(kApiKey), name.constData());
    QCOMPARE(execute.header("X-Access-Token"), QByteArray(kEnvdToken));
    QCOMPARE(execute.header("E2B-Traffic-Access-Token"), QByteArray(kTrafficToken));
    QCOMPARE(execute.header("E2b-Sandbox-Id"), QByteArray(kSandboxId));
    QCOMPARE(execute.header("E2b-Sandbox-Port"), QByteArray("49999"));
    QCOMPARE(execute.header("Content-Type"), QByteArray("application/json"));
    const QJsonObject executeBody = jsonBody(execute);
    QCOMPARE(executeBody["code"].toString().toStdString(), request.code);
    QCOMPARE(executeBody["env_vars"].toObject()["GREETING"].toString(), QString("hi there"));
    QCOMPARE(executeBody["env_vars"].toObject()["PATH"].toString(), QString("/usr/bin:/bin"));

    // Delete: the key again, to the API.
    QCOMPARE(requests[2].header("X-API-KEY"), QByteArray(kApiKey));
    QVERIFY(tier.killFailures().empty());
}

void TestE2bTier::outputStreamsLive() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({out("first\n"), out("second\n"), endOfExecution()}, 500));
    E2bTier tier(settingsFor(server));
    RecordingSink sink;
    const RunResult result = tier.run(program("..."), sink.sink(), {});
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("first\nsecond\n"));
    std::lock_guard lock(sink.mutex);
    QCOMPARE(sink.chunks.size(), std::size_t(2));
    // Each line reached the sink as it arrived, not when the run ended.
    QVERIFY2(sink.chunks[1].atSeconds - sink.chunks[0].atSeconds > 0.35,
             qPrintable(QString::number(sink.chunks[1].atSeconds - sink.chunks[0].atSeconds)));
}

void TestE2bTier::outputCapApplies() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({out("0123456789abcdef\n"), out("more\n"), err("e\n"), endOfExecution()}));
    E2bTier tier(settingsFor(server));
    RunRequest request = program("...");
    request.policy.outputCapBytes = 10;
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(result.exitCode, std::optional<int>(0));
    QVERIFY(result.stdoutTruncated);
    QCOMPARE(result.stdoutBytes, std::string("0123456789") + kOutputTruncatedMarker);
    QCOMPARE(result.stderrBytes, std::string("e\n"));
}

void TestE2bTier::invalidUtf8InStream() {
    ScriptedHttpServer server;
    // Raw bytes that are not UTF-8 inside a JSON string, and the lone-surrogate escape Python's json.dumps
    // writes for an undecodable byte: both become U+FFFD, and the run goes on.
    const QByteArray raw = "{\"type\": \"stdout\", \"text\": \"caf\xff\xfe!\\n\"}\n";
    const QByteArray surrogate = "{\"type\": \"stderr\", \"text\": \"bad \\udcff byte\\n\"}\n";
    scriptRun(server, streamOf({raw, surrogate, out("after\n"), endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("..."), {}, {});
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("caf\xEF\xBF\xBD\xEF\xBF\xBD!\nafter\n"));
    QCOMPARE(result.stderrBytes, std::string("bad \xEF\xBF\xBD byte\n"));
}

void TestE2bTier::pythonErrorIsExitOne() {
    ScriptedHttpServer server;
    const QString traceback = QString(
        "\x1b[0;31m---------------------------------------------------------------------------\x1b[0m\n"
        "\x1b[0;31mZeroDivisionError\x1b[0m                         Traceback (most recent call last)\n"
        "Cell \x1b[0;32mIn[1], line 2\x1b[0m\n"
        "\x1b[1;32m----> 2\x1b[0m \x1b[38;5;241m1\x1b[39m\x1b[38;5;241m/\x1b[39m\x1b[38;5;241m0\x1b[39m\n\n"
        "\x1b[0;31mZeroDivisionError\x1b[0m: division by zero");
    scriptRun(server, streamOf({out("before\n"),
                                message({{"type", "error"},
                                         {"name", "ZeroDivisionError"},
                                         {"value", "division by zero"},
                                         {"traceback", traceback}}),
                                endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print('before')\n1/0\n"), {}, {});
    tier.settle();
    QCOMPARE(result.exitCode, std::optional<int>(1));
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    QCOMPARE(result.stdoutBytes, std::string("before\n"));
    QVERIFY2(result.stderrBytes.find("Traceback (most recent call last)") != std::string::npos,
             result.stderrBytes.c_str());
    QVERIFY2(result.stderrBytes.find("----> 2 1/0") != std::string::npos, result.stderrBytes.c_str());
    QVERIFY2(result.stderrBytes.find('\x1b') == std::string::npos, result.stderrBytes.c_str());
    QVERIFY(result.stderrBytes.ends_with("\nZeroDivisionError: division by zero\n"));
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1); // deleted after an error too
}

void TestE2bTier::systemExit_data() {
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("stderrBytes");
    QTest::newRow("sys.exit(3)") << "3" << 3 << QByteArray();
    QTest::newRow("sys.exit()") << "" << 0 << QByteArray();
    QTest::newRow("sys.exit(None)") << "None" << 0 << QByteArray();
    QTest::newRow("sys.exit('bye')") << "bye" << 1 << QByteArray("bye\n");
}

void TestE2bTier::systemExit() {
    QFETCH(QString, value);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, stderrBytes);
    ScriptedHttpServer server;
    scriptRun(server, streamOf({message({{"type", "error"},
                                         {"name", "SystemExit"},
                                         {"value", value},
                                         {"traceback", "An exception has occurred, use %tb to see the full "
                                                       "traceback.\n\nSystemExit: " +
                                                           value}}),
                                endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("import sys; sys.exit(...)"), {}, {});
    QCOMPARE(result.exitCode, std::optional<int>(exitCode));
    QCOMPARE(QByteArray::fromStdString(result.stderrBytes), stderrBytes);
}

void TestE2bTier::apiRefusals_data() {
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("401") << 401
                         << QByteArray(R"({"code": 401, "message": "Invalid API key, please visit ..."})")
                         << QStringList{"401", "Invalid API key", "E2B_API_KEY", "https://e2b.dev/dashboard"};
    QTest::newRow("403") << 403 << QByteArray(R"({"code": 403, "message": "team is blocked"})")
                         << QStringList{"403", "team is blocked", "code-interpreter-v1"};
    QTest::newRow("404: no such template")
        << 404 << QByteArray(R"({"code": 404, "message": "template 'code-interpreter-v1' not found"})")
        << QStringList{"404", "code-interpreter-v1", "SANDBENCH_E2B_TEMPLATE"};
    QTest::newRow("400, text body") << 400 << QByteArray("bad\nrequest") << QStringList{"400", "bad request"};
}

void TestE2bTier::apiRefusals() {
    QFETCH(int, status);
    QFETCH(QByteArray, answer);
    QFETCH(QStringList, mentions);
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(status, answer));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY(!result.exitCode);
    for (const QString& word : mentions)
        QVERIFY2(QString::fromStdString(result.evidence).contains(word), result.evidence.c_str());
    // Not retried, and nothing else was asked for: no sandbox exists to run in or to delete.
    QCOMPARE(methodsAndPaths(server), QList<QByteArray>{"POST /sandboxes"});
}

void TestE2bTier::rateLimitedThenCreated() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes",
                   ScriptedResponse::json(429, R"({"code": 429, "message": "Rate limit exceeded"})")
                       .withHeader("Retry-After", "1"));
    scriptRun(server, streamOf({out("ok\n"), endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print('ok')"), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("ok\n"));
    const auto creates = server.requests("POST", "/sandboxes");
    QCOMPARE(creates.size(), 2);
    QCOMPARE(creates[1].body, creates[0].body); // the same request, again
    // Retry-After: 1 was honoured (the SDKs' own backoff would have waited at most 100 ms).
    QVERIFY2(creates[1].atSeconds - creates[0].atSeconds >= 0.95,
             qPrintable(QString::number(creates[1].atSeconds - creates[0].atSeconds)));
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bTier::serverErrorsExhaustRetries() {
    ScriptedHttpServer server;
    for (int i = 0; i < 4; ++i)
        server.enqueue("POST", "/sandboxes",
                       ScriptedResponse::json(500, R"({"code": 500, "message": "boom"})"));
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, createdAnswer())); // never reached
    E2bSettings settings = settingsFor(server);
    settings.maxRetries = 3;
    E2bTier tier(settings);
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("500: boom") != std::string::npos, result.evidence.c_str());
    QVERIFY2(result.evidence.find("after 4 attempts") != std::string::npos, result.evidence.c_str());
    QCOMPARE(server.requests("POST", "/sandboxes").size(), 4);
    QCOMPARE(server.requests().size(), 4);
    QCOMPARE(server.queuedResponses(), 1);
}

void TestE2bTier::malformedCreateAnswer() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, "<html>not json</html>"));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("not a JSON object") != std::string::npos, result.evidence.c_str());
    QCOMPARE(server.requests().size(), 1);

    // A sandbox id that could not be used in a URL is refused as well.
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, R"({"sandboxID": "../../admin"})"));
    const RunResult hostile = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(hostile.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(hostile.evidence.find("sandboxID") != std::string::npos, hostile.evidence.c_str());
    QCOMPARE(server.requests().size(), 2);
}

void TestE2bTier::malformedStreamLine() {
    ScriptedHttpServer server;
    scriptRun(server,
              streamOf({out("kept\n"), "this is {not json\n", out("never read\n"), endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("..."), {}, {});
    tier.settle();
    QVERIFY(!result.exitCode);
    QVERIFY(!result.termSignal);
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    QCOMPARE(result.stdoutBytes, std::string("kept\n"));
    QVERIFY2(result.evidence.find("line 2 of the output stream is not JSON") != std::string::npos,
             result.evidence.c_str());
    QVERIFY2(result.summary().find("no exit status") != std::string::npos, result.summary().c_str());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bTier::streamEndings_data() {
    QTest::addColumn<int>("framing");
    QTest::addColumn<int>("ending");
    QTest::addColumn<QByteArray>("last");
    QTest::addColumn<QString>("mention");
    using R = ScriptedResponse;
    QTest::newRow("cut off mid-line (connection closed)")
        << int(R::Framing::Chunked) << int(R::Ending::Close) << QByteArray("{\"type\": \"stdout\", \"te")
        << "in the middle of a line";
    QTest::newRow("connection reset") << int(R::Framing::Chunked) << int(R::Ending::Reset) << QByteArray()
                                      << "broke before end_of_execution";
    QTest::newRow("complete body, last line without newline")
        << int(R::Framing::ContentLength) << int(R::Ending::Complete)
        << QByteArray("{\"type\": \"stdout\", \"te") << "cut off in the middle of a line";
    QTest::newRow("complete body, no end_of_execution")
        << int(R::Framing::Chunked) << int(R::Ending::Complete) << QByteArray() << "without end_of_execution";
}

void TestE2bTier::streamEndings() {
    QFETCH(int, framing);
    QFETCH(int, ending);
    QFETCH(QByteArray, last);
    QFETCH(QString, mention);
    ScriptedHttpServer server;
    QList<QByteArray> lines{out("partial output\n")};
    if (!last.isEmpty())
        lines.append(last);
    ScriptedResponse execution = streamOf(lines, 50);
    execution.framing = static_cast<ScriptedResponse::Framing>(framing);
    execution.ending = static_cast<ScriptedResponse::Ending>(ending);
    scriptRun(server, execution);
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("..."), {}, {});
    tier.settle();
    QVERIFY2(!result.exitCode, qPrintable(context(result)));
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    QCOMPARE(result.stdoutBytes, std::string("partial output\n"));
    QVERIFY2(QString::fromStdString(result.evidence).contains(mention), result.evidence.c_str());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bTier::executeRefused() {
    ScriptedHttpServer server;
    scriptRun(server, ScriptedResponse::text(404, "Not Found"));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print(1)"), {}, {});
    tier.settle();
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("may not be a code-interpreter template") != std::string::npos,
             result.evidence.c_str());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1); // the unused sandbox goes too

    ScriptedHttpServer gone;
    scriptRun(gone, ScriptedResponse::text(502, "The sandbox was not found"));
    E2bTier second(settingsFor(gone));
    const RunResult stale = second.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(stale.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(stale.evidence.find("not running any more") != std::string::npos, stale.evidence.c_str());
}

void TestE2bTier::silentApiTimesOut() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::silence());
    E2bSettings settings = settingsFor(server);
    settings.requestTimeoutSeconds = 1;
    E2bTier tier(settings);
    QElapsedTimer clock;
    clock.start();
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("did not answer within 1.0 s") != std::string::npos,
             result.evidence.c_str());
    QVERIFY2(clock.elapsed() < 4000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(server.requests().size(), 1); // a request that may have been processed is not sent again
}

void TestE2bTier::runTimeoutDeletesTheSandbox() {
    ScriptedHttpServer server;
    // The program prints, then runs on: the stream stays open and silent.
    scriptRun(server, streamOf({out("started\n")}).endingWith(ScriptedResponse::Ending::Hang));
    E2bTier tier(settingsFor(server));
    QElapsedTimer clock;
    clock.start();
    const RunResult result = tier.run(program("print('started')\nwhile True: pass\n", 1.5), {}, {});
    const double seconds = static_cast<double>(clock.elapsed()) / 1000.0;
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
    QVERIFY(result.timedOut);
    QCOMPARE(result.termSignal, std::optional<int>(SIGKILL));
    QCOMPARE(result.stdoutBytes, std::string("started\n"));
    QVERIFY2(seconds >= 1.4 && seconds < 5.0, qPrintable(QString::number(seconds)));
    QVERIFY2(result.evidence.find("killed at the 1.5 s wall-clock limit") != std::string::npos,
             result.evidence.c_str());
    QVERIFY2(result.evidence.find("E2B deleted the sandbox (DELETE " + sandboxPath().toStdString() +
                                  " answered 204)") != std::string::npos,
             result.evidence.c_str());
    // Deleted before the run returned, without waiting for settle().
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);

    // The same when the code interpreter never answers at all.
    ScriptedHttpServer silent;
    scriptRun(silent, ScriptedResponse::silence());
    E2bTier second(settingsFor(silent));
    const RunResult quiet = second.run(program("print(1)", 1.0), {}, {});
    QCOMPARE(nameOf(quiet.stoppedBy), nameOf(StopReason::Timeout));
    QCOMPARE(silent.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bTier::cancelMidStream() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({out("working\n")}).endingWith(ScriptedResponse::Ending::Hang));
    E2bTier tier(settingsFor(server));
    std::stop_source stop;
    RecordingSink sink;
    std::atomic<double> stoppedAt{0};
    std::jthread canceller([&] {
        while (sink.count() == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stoppedAt = static_cast<double>(sink.clock.nsecsElapsed()) / 1e9;
        stop.request_stop();
    });
    const RunResult result = tier.run(program("print('working')\nimport time; time.sleep(600)\n", 60),
                                      sink.sink(), stop.get_token());
    const double returnedAt = static_cast<double>(sink.clock.nsecsElapsed()) / 1e9;
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
    QCOMPARE(result.stdoutBytes, std::string("working\n"));
    QVERIFY2(returnedAt - stoppedAt < 0.5, qPrintable(QString::number(returnedAt - stoppedAt)));
    // The DELETE still goes out, in the background.
    QVERIFY(server.waitForRequests(3, 10000));
    tier.settle();
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
    QCOMPARE(server.requests("DELETE", sandboxPath()).first().header("X-API-KEY"), QByteArray(kApiKey));
    QVERIFY(tier.killFailures().empty());
}

void TestE2bTier::cancelWhileCreating() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::silence());
    E2bTier tier(settingsFor(server));
    std::stop_source stop;
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.request_stop();
    });
    QElapsedTimer clock;
    clock.start();
    const RunResult result = tier.run(program("print(1)"), {}, stop.get_token());
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
    QVERIFY2(clock.elapsed() < 1500, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(result.evidence.find("cancelled before the program started") != std::string::npos,
             result.evidence.c_str());
}

void TestE2bTier::probeAndRunWithoutKey_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("no key") << QString() << QStringList{"E2B_API_KEY", "https://e2b.dev/dashboard"};
    QTest::newRow("pasted with a newline")
        << QString("e2b_0123abcd\n") << QStringList{"E2B_API_KEY", "not an E2B API key", "dashboard"};
    QTest::newRow("another service's key") << QString("sk-ant-abc123") << QStringList{"not an E2B API key"};
}

void TestE2bTier::probeAndRunWithoutKey() {
    QFETCH(QString, key);
    QFETCH(QStringList, mentions);
    ScriptedHttpServer server;
    E2bSettings settings = settingsFor(server);
    settings.apiKey = key.toStdString();
    E2bTier tier(settings);
    const ProbeResult probe = tier.probe();
    QVERIFY(!probe.available);
    for (const QString& word : mentions)
        QVERIFY2(QString::fromStdString(probe.reason).contains(word), probe.reason.c_str());
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QCOMPARE(result.evidence, probe.reason);
    QVERIFY(server.requests().isEmpty()); // nothing was sent anywhere
}

void TestE2bTier::probeWithKeyMakesNoRequest() {
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    const ProbeResult probe = tier.probe();
    QVERIFY2(probe.available, probe.reason.c_str());
    QString notes;
    for (const auto& note : probe.notes)
        notes += QString::fromStdString(note) + "\n";
    QVERIFY2(notes.contains("code-interpreter-v1"), qPrintable(notes));
    QVERIFY2(notes.contains("Firecracker"), qPrintable(notes));
    QVERIFY2(notes.contains("billed"), qPrintable(notes));
    QVERIFY(QString::fromStdString(tier.info().description).contains("own kernel"));
    QVERIFY(server.requests().isEmpty());
}

void TestE2bTier::keyInPolicyEnvironmentIsRefused() {
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    RunRequest request = program("import os; print(os.environ['TOKEN'])");
    request.policy.environment["TOKEN"] = std::string("prefix-") + kApiKey;
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("TOKEN holds the E2B API key") != std::string::npos,
             result.evidence.c_str());
    QVERIFY(server.requests().isEmpty());
}

void TestE2bTier::otherInterpreterIsRefused() {
    ScriptedHttpServer server;
    E2bTier tier(settingsFor(server));
    RunRequest request = program("print(1)");
    request.interpreter = {"/usr/bin/python3.11", "-I"};
    const RunResult result = tier.run(request, {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("/usr/bin/python3.11 -I") != std::string::npos, result.evidence.c_str());
    QVERIFY(server.requests().isEmpty());
}

void TestE2bTier::realEndpointsByDefault() {
    // With only a key configured, the real endpoints are used, as the SDKs build them.
    qputenv("E2B_API_KEY", kApiKey);
    const E2bSettings settings = E2bSettings::fromEnvironment();
    qunsetenv("E2B_API_KEY");
    QCOMPARE(settings.apiKey, std::string(kApiKey));
    QCOMPARE(settings.effectiveApiUrl(), std::string("https://api.e2b.app"));
    QCOMPARE(settings.templateId, std::string("code-interpreter-v1"));
    const E2bApi api(settings);
    E2bSandbox sandbox;
    sandbox.id = "i1a2b3c4";
    sandbox.domain = settings.domain;
    QCOMPARE(api.codeInterpreterUrl(sandbox), std::string("https://49999-i1a2b3c4.e2b.app"));

    // Each override, by the names the SDKs read.
    qputenv("E2B_DOMAIN", "example.test");
    qputenv("E2B_SANDBOX_URL", "http://127.0.0.1:9/");
    qputenv("SANDBENCH_E2B_TEMPLATE", "my-template");
    qputenv("E2B_MAX_RETRIES", "0");
    const E2bSettings overridden = E2bSettings::fromEnvironment();
    for (const char* name : {"E2B_DOMAIN", "E2B_SANDBOX_URL", "SANDBENCH_E2B_TEMPLATE", "E2B_MAX_RETRIES"})
        qunsetenv(name);
    QCOMPARE(overridden.effectiveApiUrl(), std::string("https://api.example.test"));
    QCOMPARE(E2bApi(overridden).codeInterpreterUrl(sandbox), std::string("http://127.0.0.1:9"));
    QCOMPARE(overridden.templateId, std::string("my-template"));
    QCOMPARE(overridden.maxRetries, 0);
}

void TestE2bTier::registered() {
    const TierRegistry registry = builtinTiers();
    QVERIFY(registry.contains("e2b"));
    const auto tier = registry.create("e2b");
    QCOMPARE(tier->name(), std::string("e2b"));
    QVERIFY(!tier->info().control);
    QVERIFY(!tier->probe().available); // no key in this test's environment
}

void TestE2bTier::repairsJsonText() {
    QCOMPARE(repairJsonText("plain \\\"ascii\\\" \\\\udcff"), std::string("plain \\\"ascii\\\" \\\\udcff"));
    QCOMPARE(repairJsonText("pair \\ud83d\\ude00 kept"), std::string("pair \\ud83d\\ude00 kept"));
    QCOMPARE(repairJsonText("lone \\ud83d end"), std::string("lone \\ufffd end"));
    QCOMPARE(repairJsonText("ok \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
             std::string("ok \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
    QCOMPARE(repairJsonText("overlong \xC0\xAF, cut \xE2\x82"),
             std::string("overlong \xEF\xBF\xBD\xEF\xBF\xBD, cut \xEF\xBF\xBD"));
    QCOMPARE(withoutAnsiEscapes("\x1b[0;31mred\x1b[0m \x1b[38;5;241mgrey\x1b[39m"), std::string("red grey"));
}

QTEST_GUILESS_MAIN(TestE2bTier)
#include "tst_e2b_tier.moc"
