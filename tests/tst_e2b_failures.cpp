// The e2b tier when something fails, against a scripted stand-in for E2B's API and a sandbox's code
// interpreter (shapes in support/e2b_fixtures.h): the API's refusals, which create calls are sent again and
// which are looked up by their tag instead, a code interpreter that loses the program, odd or broken
// streams, silence, timeouts and cancellation, and that every sandbox made is deleted. No request leaves
// this machine.

#include "support/e2b_test_kit.h"

#include <QTcpServer>
#include <QTest>
#include <QUrlQuery>
#include <atomic>
#include <csignal>
#include <future>
#include <thread>

using namespace sandbench;
using namespace test_support;
using namespace test_support::e2b;

Q_DECLARE_METATYPE(test_support::ScriptedResponse)

namespace {

// The tag the create call carried.
QString runTag(const ScriptedHttpServer& server) {
    return jsonBody(server.requests("POST", "/sandboxes").first())["metadata"]
        .toObject()["sandbench_run"]
        .toString();
}

// GET /v2/sandboxes as E2B answers it: the sandboxes whose metadata matches the query's, here `ids` tagged
// with the tag asked for, and `others`, another run's, as a server that ignored the filter would list them.
ScriptedResponse listing(const QStringList& ids, const QStringList& others = {}) {
    return ScriptedResponse::answering([ids, others](const RecordedRequest& request) {
        const QUrlQuery query(QString::fromLatin1(request.target.mid(request.target.indexOf('?') + 1)));
        const QString filter = query.queryItemValue("metadata", QUrl::FullyDecoded);
        const QString tag = filter.section('=', 1);
        QJsonArray items = QJsonDocument::fromJson(listedAnswer(ids, {{"sandbench_run", tag}})).array();
        for (const auto& item :
             QJsonDocument::fromJson(listedAnswer(others, {{"sandbench_run", "someone-else"}})).array())
            items.append(item);
        return ScriptedResponse::json(200, QJsonDocument(items).toJson(QJsonDocument::Compact));
    });
}

// A port nothing listens on (until a test starts a server there).
quint16 freePort() {
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

} // namespace

class TestE2bFailures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateFromEnvironment(); }
    void apiRefusals_data();
    void apiRefusals();
    void rateLimitedThenCreated();
    void connectionRefusedThenCreated();
    void connectionRefusedThroughout();
    void ambiguousCreate_data();
    void ambiguousCreate();
    void ambiguousCreateLookupFails();
    void malformedCreateAnswer();
    void serverLostTheProgram_data();
    void serverLostTheProgram();
    void malformedStreamLine();
    void streamEndings_data();
    void streamEndings();
    void executeRefused();
    void runTimeoutDeletesTheSandbox();
    void cancelMidStream();
    void cancelWhileCreating();
};

void TestE2bFailures::apiRefusals_data() {
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("401") << 401 << apiError(401, "Invalid API key, please visit ...")
                         << QStringList{"401", "Invalid API key", "E2B_API_KEY", "https://e2b.dev/dashboard"};
    QTest::newRow("403") << 403 << apiError(403, "team is blocked")
                         << QStringList{"403", "team is blocked", "code-interpreter-v1"};
    QTest::newRow("404: no such template")
        << 404 << apiError(404, "template 'code-interpreter-v1' not found")
        << QStringList{"404", "code-interpreter-v1", "SANDBENCH_E2B_TEMPLATE"};
    QTest::newRow("400, text body") << 400 << QByteArray("bad\nrequest") << QStringList{"400", "bad request"};
}

void TestE2bFailures::apiRefusals() {
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
    // A refusal proves no sandbox was made: not sent again, not looked for, nothing to delete.
    QCOMPARE(methodsAndPaths(server), QList<QByteArray>{"POST /sandboxes"});
}

void TestE2bFailures::rateLimitedThenCreated() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", "/sandboxes",
        ScriptedResponse::json(429, apiError(429, "Rate limit exceeded")).withHeader("Retry-After", "1"));
    scriptRun(server, streamOf({stdoutLine("ok\n"), endOfExecution()}));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print('ok')"), {}, {});
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("ok\n"));
    const auto creates = server.requests("POST", "/sandboxes");
    QCOMPARE(creates.size(), 2);
    QCOMPARE(creates[1].body, creates[0].body); // the same request, its tag too
    // Retry-After: 1 was honoured (the SDKs' own backoff would have waited at most 100 ms).
    QVERIFY2(creates[1].atSeconds - creates[0].atSeconds >= 0.95,
             qPrintable(QString::number(creates[1].atSeconds - creates[0].atSeconds)));
    QVERIFY(server.requests("GET", "/v2/sandboxes").isEmpty());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
}

void TestE2bFailures::connectionRefusedThenCreated() {
    // Nothing listens at first: the connection is refused, so no sandbox can have been made and the request
    // is sent again, until the API is there.
    const quint16 port = freePort();
    E2bSettings settings;
    settings.apiKey = kApiKey;
    settings.apiUrl = settings.sandboxUrl = "http://127.0.0.1:" + std::to_string(port);
    settings.requestTimeoutSeconds = 5;
    settings.maxRetries = 10; // backoff with full jitter: ten waits cover the 150 ms the API is away
    E2bTier tier(settings);
    auto running =
        std::async(std::launch::async, [&tier] { return tier.run(program("print('ok')"), {}, {}); });
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    ScriptedHttpServer server(port);
    QVERIFY(server.isListening());
    scriptRun(server, streamOf({stdoutLine("ok\n"), endOfExecution()}));
    const RunResult result = running.get();
    tier.settle();
    QVERIFY2(result.succeeded(), qPrintable(context(result)));
    QCOMPARE(result.stdoutBytes, std::string("ok\n"));
    QCOMPARE(server.requests("POST", "/sandboxes").size(), 1); // the refused ones never arrived
    QVERIFY(server.requests("GET", "/v2/sandboxes").isEmpty());
}

void TestE2bFailures::connectionRefusedThroughout() {
    E2bSettings settings;
    settings.apiKey = kApiKey;
    settings.apiUrl = settings.sandboxUrl = "http://127.0.0.1:" + std::to_string(freePort());
    settings.maxRetries = 2;
    E2bTier tier(settings);
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("could not reach E2B's API") != std::string::npos, result.evidence.c_str());
    QVERIFY2(result.evidence.find("after 3 attempts") != std::string::npos, result.evidence.c_str());
}

void TestE2bFailures::ambiguousCreate_data() {
    QTest::addColumn<ScriptedResponse>("answer");
    QTest::addColumn<QStringList>("listed");
    QTest::addColumn<QString>("mention");
    const QStringList ours{kSandboxId};
    ScriptedResponse cutOff = ScriptedResponse::json(201, createdAnswer());
    cutOff.missingBytes = 40;
    cutOff.ending = ScriptedResponse::Ending::Close;
    QTest::newRow("500") << ScriptedResponse::json(500, apiError(500, "boom")) << ours << "500: boom";
    QTest::newRow("502 from a gateway") << ScriptedResponse::text(502, "Bad Gateway") << ours << "502";
    QTest::newRow("503") << ScriptedResponse::json(503, apiError(503, "overloaded")) << ours << "503";
    QTest::newRow("408") << ScriptedResponse::json(408, apiError(408, "request timeout")) << ours << "408";
    QTest::newRow("reset once the request was in") << ScriptedResponse::reset() << ours << "broke before it";
    QTest::newRow("201 cut off mid-answer") << cutOff << ours << "broke before it";
    QTest::newRow("no answer within the timeout") << ScriptedResponse::silence() << ours << "within 1.0 s";
    QTest::newRow("500, and E2B made none") << ScriptedResponse::json(500, apiError(500, "boom"))
                                            << QStringList{} << "lists no sandbox with this run's tag";
}

void TestE2bFailures::ambiguousCreate() {
    QFETCH(ScriptedResponse, answer);
    QFETCH(QStringList, listed);
    QFETCH(QString, mention);
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", answer);
    server.enqueue("POST", "/sandboxes",
                   ScriptedResponse::json(201, createdAnswer("second01"))); // never asked
    server.enqueue("GET", "/v2/sandboxes", listing(listed, {"others01"}));
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
    E2bSettings settings = settingsFor(server);
    settings.requestTimeoutSeconds = 1;
    E2bTier tier(settings);
    const RunResult result = tier.run(program("print(1)"), {}, {});
    tier.settle();
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(QString::fromStdString(result.evidence).contains(mention), result.evidence.c_str());

    // Sent once: E2B may have made the sandbox. Looked up by the tag it carried, and what E2B made deleted;
    // another run's sandbox in the list is left alone.
    const QString tag = runTag(server);
    QCOMPARE(server.requests("POST", "/sandboxes").size(), 1);
    const auto lookups = server.requests("GET", "/v2/sandboxes");
    QCOMPARE(lookups.size(), 1);
    QCOMPARE(lookups[0].target, "/v2/sandboxes?metadata=sandbench_run%3D" + tag.toLatin1());
    QCOMPARE(lookups[0].header("X-API-KEY"), QByteArray(kApiKey));
    QVERIFY(server.requests("DELETE", "/sandboxes/others01").isEmpty());
    if (listed.isEmpty()) {
        QVERIFY(server.requests("DELETE", "/sandboxes/*").isEmpty());
        QVERIFY2(result.evidence.find("E2B ends it after its 40 s timeout") != std::string::npos,
                 result.evidence.c_str());
    } else {
        QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
        QVERIFY2(result.evidence.find("found by its tag and deleted (DELETE " + sandboxPath().toStdString() +
                                      " answered 204)") != std::string::npos,
                 result.evidence.c_str());
    }
    QCOMPARE(methodsAndPaths(server).size(), listed.isEmpty() ? 2 : 3);
}

void TestE2bFailures::ambiguousCreateLookupFails() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(500, apiError(500, "boom")));
    for (int i = 0; i < 3; ++i) // the lookup is retried, as a GET may be
        server.enqueue("GET", "/v2/sandboxes", ScriptedResponse::json(503, apiError(503, "down")));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("500: boom") != std::string::npos, result.evidence.c_str());
    QVERIFY2(result.evidence.find("looking for a sandbox E2B may have made anyway failed "
                                  "(GET /v2/sandboxes answered 503: down); if there is one, E2B ends it "
                                  "after its 40 s timeout") != std::string::npos,
             result.evidence.c_str());
    QCOMPARE(server.requests("POST", "/sandboxes").size(), 1);
    QCOMPARE(server.requests("GET", "/v2/sandboxes").size(), 3);
}

void TestE2bFailures::malformedCreateAnswer() {
    // A 201 whose answer cannot be read: the sandbox exists, its id unknown, so it is found by its tag.
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, "<html>not json</html>"));
    server.enqueue("GET", "/v2/sandboxes", listing({kSandboxId}));
    server.enqueue("DELETE", sandboxPath(), ScriptedResponse::text(204, ""));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(result.evidence.find("not a JSON object") != std::string::npos, result.evidence.c_str());
    QVERIFY2(result.evidence.find("found by its tag and deleted") != std::string::npos,
             result.evidence.c_str());
    QCOMPARE(methodsAndPaths(server),
             (QList<QByteArray>{"POST /sandboxes", "GET /v2/sandboxes", "DELETE " + sandboxPath()}));

    // A sandbox id that could not be used in a URL is refused as well, and never put into one.
    ScriptedHttpServer hostile;
    hostile.enqueue("POST", "/sandboxes", ScriptedResponse::json(201, R"({"sandboxID": "../../admin"})"));
    hostile.enqueue("GET", "/v2/sandboxes", listing({}));
    const RunResult refused = E2bTier(settingsFor(hostile)).run(program("print(1)"), {}, {});
    QCOMPARE(nameOf(refused.stoppedBy), nameOf(StopReason::SetupFailure));
    QVERIFY2(refused.evidence.find("sandboxID") != std::string::npos, refused.evidence.c_str());
    QCOMPARE(methodsAndPaths(hostile), (QList<QByteArray>{"POST /sandboxes", "GET /v2/sandboxes"}));
}

void TestE2bFailures::serverLostTheProgram_data() {
    QTest::addColumn<QList<QByteArray>>("ending");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("what");
    // What messaging.py sends when it loses the execution: its own error, no traceback, then the end.
    QTest::newRow("ContextRestarting: the kernel died (os._exit, a crash, OOM)")
        << QList<QByteArray>{serverErrorLine("ContextRestarting", "Context was restarted"), endOfExecution()}
        << "ContextRestarting"
        << "kernel died and was restarted";
    QTest::newRow("WebSocketError")
        << QList<QByteArray>{serverErrorLine("WebSocketError",
                                             "The connections was lost, rerun the code to get the results"),
                             endOfExecution()}
        << "WebSocketError"
        << "lost its connection to the Python kernel";
    QTest::newRow("UnexpectedEndOfExecution")
        << QList<QByteArray>{serverErrorLine(
                                 "UnexpectedEndOfExecution",
                                 "Connection to the execution was closed before the execution was "
                                 "finished"),
                             endOfExecution()}
        << "UnexpectedEndOfExecution"
        << "lost the execution before it finished";
    QTest::newRow("ExecutionAborted")
        << QList<QByteArray>{serverErrorLine("ExecutionAborted", "Execution was aborted"), endOfExecution()}
        << "ExecutionAborted"
        << "aborted the execution";
    QTest::newRow("an older server's unexpected_end_of_execution, and no end")
        << QList<QByteArray>{unexpectedEndOfExecution()} << "UnexpectedEndOfExecution"
        << "lost the execution before it finished";
}

void TestE2bFailures::serverLostTheProgram() {
    QFETCH(QList<QByteArray>, ending);
    QFETCH(QString, name);
    QFETCH(QString, what);
    ScriptedHttpServer server;
    scriptRun(server, streamOf(QList<QByteArray>{stdoutLine("working\n"), stderrLine("note\n")} + ending));
    E2bTier tier(settingsFor(server));
    const RunResult result = tier.run(program("print('working')\nimport os; os._exit(3)\n"), {}, {});
    tier.settle();
    // Not the program's exception, so no exit status 1: the tier lost the program and says how.
    QVERIFY2(!result.exitCode, qPrintable(context(result)));
    QVERIFY(!result.termSignal);
    QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    QCOMPARE(result.stdoutBytes, std::string("working\n"));
    QCOMPARE(result.stderrBytes,
             std::string("note\n")); // nothing of the server's error reads as the program's
    const QString evidence = QString::fromStdString(result.evidence);
    QVERIFY2(evidence.contains(what), qPrintable(evidence));
    QVERIFY2(evidence.contains("it reported " + name), qPrintable(evidence));
    QVERIFY2(evidence.contains("without a Python exception and its exit status is unknown"),
             qPrintable(evidence));
    QVERIFY2(result.summary().starts_with("no exit status"), result.summary().c_str());
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);

    // The program's own exception of that name comes with IPython's traceback: it is the program's.
    ScriptedHttpServer own;
    scriptRun(own, streamOf({errorLine(name, "mine",
                                       {"Cell In[1], line 2\n----> 2 raise " + name + "('mine')\n",
                                        "\x1b[0;31m" + name + "\x1b[0m: mine"}),
                             endOfExecution()}));
    const RunResult raised = E2bTier(settingsFor(own)).run(program("..."), {}, {});
    QCOMPARE(raised.exitCode, std::optional<int>(1));
    QVERIFY2(raised.stderrBytes.ends_with("\n" + name.toStdString() + ": mine\n"),
             raised.stderrBytes.c_str());
}

void TestE2bFailures::malformedStreamLine() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({stdoutLine("kept\n"), "this is {not json\n", stdoutLine("never read\n"),
                                endOfExecution()}));
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

void TestE2bFailures::streamEndings_data() {
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

void TestE2bFailures::streamEndings() {
    QFETCH(int, framing);
    QFETCH(int, ending);
    QFETCH(QByteArray, last);
    QFETCH(QString, mention);
    ScriptedHttpServer server;
    QList<QByteArray> lines{stdoutLine("partial output\n")};
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

void TestE2bFailures::executeRefused() {
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

void TestE2bFailures::runTimeoutDeletesTheSandbox() {
    ScriptedHttpServer server;
    // The program prints, then runs on: the stream stays open and silent.
    scriptRun(server, streamOf({stdoutLine("started\n")}).endingWith(ScriptedResponse::Ending::Hang));
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

void TestE2bFailures::cancelMidStream() {
    ScriptedHttpServer server;
    scriptRun(server, streamOf({stdoutLine("working\n")}).endingWith(ScriptedResponse::Ending::Hang));
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
    QVERIFY(server.waitForRequests(4, 10000)); // create, env, execute, delete
    tier.settle();
    QCOMPARE(server.requests("DELETE", sandboxPath()).size(), 1);
    QCOMPARE(server.requests("DELETE", sandboxPath()).first().header("X-API-KEY"), QByteArray(kApiKey));
    QVERIFY(tier.killFailures().empty());
}

void TestE2bFailures::cancelWhileCreating() {
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

QTEST_GUILESS_MAIN(TestE2bFailures)
#include "tst_e2b_failures.moc"
