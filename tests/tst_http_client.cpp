// The libcurl wrapper in core/ (sendHttpRequest, LineSplitter, retryAfterDelay) against the scripted local
// HTTP server: requests as sent, bodies streamed as they arrive (line-delimited JSON and server-sent
// events), error statuses, cut-off and reset connections, silence, idle and total timeouts, and a stop
// token that ends a transfer at once.

#include "core/http_client.h"
#include "support/scripted_http_server.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTest>
#include <thread>

using namespace sandbench;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;

namespace {

HttpRequest requestTo(const ScriptedHttpServer& server, const QByteArray& path, const char* method = "GET") {
    HttpRequest request;
    request.method = method;
    request.url = server.url().toStdString() + path.toStdString();
    request.totalTimeout = std::chrono::seconds(10);
    return request;
}

double secondsSince(const QElapsedTimer& timer) {
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

} // namespace

class TestHttpClient : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void getWithHeaders();
    void postSendsBody();
    void streamsBodyAsItArrives();
    void serverSentEvents();
    void errorStatusKeepsBodyAndSkipsReader();
    void cutOffResponses_data();
    void cutOffResponses();
    void silentServerTimesOut();
    void idleStreamTimesOut();
    void stopTokenAbortsAtOnce();
    void stoppedBeforeStart();
    void refusedConnection();
    void readerCanStopTheTransfer();
    void redirectsAreNotFollowed();
    void retryAfter_data();
    void retryAfter();
    void lineSplitter();
};

void TestHttpClient::initTestCase() {
    // A proxy from the environment would carry the loopback requests elsewhere.
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
}

void TestHttpClient::getWithHeaders() {
    ScriptedHttpServer server;
    QVERIFY(server.isListening());
    server.enqueue("GET", "/things/7",
                   ScriptedResponse::json(200, R"({"id": 7})").withHeader("X-Request-Id", "abc123"));
    HttpRequest request = requestTo(server, "/things/7?full=1");
    request.headers = {{"X-API-KEY", "secret"}, {"Accept", "application/json"}};
    const HttpResponse response = sendHttpRequest(request);

    QCOMPARE(response.error, HttpError::None);
    QCOMPARE(response.status, 200L);
    QVERIFY(response.success());
    QCOMPARE(response.body, std::string(R"({"id": 7})"));
    QCOMPARE(response.header("x-request-id").value_or(""), std::string("abc123"));
    QCOMPARE(response.header("X-REQUEST-ID").value_or(""), std::string("abc123"));
    QVERIFY(!response.header("x-absent"));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(requests[0].method, QByteArray("GET"));
    QCOMPARE(requests[0].target, QByteArray("/things/7?full=1"));
    QCOMPARE(requests[0].path(), QByteArray("/things/7"));
    QCOMPARE(requests[0].header("x-api-key"), QByteArray("secret"));
    QVERIFY(!requests[0].hasHeader("Expect"));
    QVERIFY(requests[0].body.isEmpty());
}

void TestHttpClient::postSendsBody() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/items", ScriptedResponse::json(201, R"({"ok": true})"));
    server.enqueue("DELETE", "/items/1", ScriptedResponse::text(204, ""));
    // Larger than the 1 KiB at which older libcurl versions ask for 100-continue first.
    const std::string body = R"({"name": ")" + std::string(5000, 'x') + R"("})";
    HttpRequest post = requestTo(server, "/items", "POST");
    post.headers = {{"Content-Type", "application/json"}};
    post.body = body;
    const HttpResponse created = sendHttpRequest(post);
    QCOMPARE(created.status, 201L);

    const HttpResponse deleted = sendHttpRequest(requestTo(server, "/items/1", "DELETE"));
    QCOMPARE(deleted.error, HttpError::None);
    QCOMPARE(deleted.status, 204L);

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[0].method, QByteArray("POST"));
    QCOMPARE(requests[0].body.toStdString(), body);
    QCOMPARE(requests[0].header("content-type"), QByteArray("application/json"));
    QCOMPARE(requests[1].method, QByteArray("DELETE"));
    QVERIFY(requests[1].body.isEmpty());
}

void TestHttpClient::streamsBodyAsItArrives() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", "/stream",
        ScriptedResponse::chunked({{"{\"n\": 1}\n", 0}, {"{\"n\": 2}\n", 400}, {"{\"n\": 3}\n", 400}}));
    QElapsedTimer clock;
    clock.start();
    std::vector<std::pair<std::string, double>> pieces;
    const HttpResponse response =
        sendHttpRequest(requestTo(server, "/stream", "POST"), {}, [&](std::string_view bytes) {
            pieces.emplace_back(std::string(bytes), secondsSince(clock));
            return true;
        });
    QCOMPARE(response.error, HttpError::None);
    QCOMPARE(response.status, 200L);
    QVERIFY(response.body.empty()); // streamed, not collected
    std::string all;
    for (const auto& piece : pieces)
        all += piece.first;
    QCOMPARE(all, std::string("{\"n\": 1}\n{\"n\": 2}\n{\"n\": 3}\n"));
    // The first line was delivered long before the last one was even sent.
    QVERIFY2(pieces.back().second - pieces.front().second > 0.6,
             qPrintable(QString::number(pieces.back().second - pieces.front().second)));
}

void TestHttpClient::serverSentEvents() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::sse({"event: message_start\n{\"type\": \"message_start\"}",
                                          "{\"delta\": \"Hel\"}", "{\"delta\": \"lo\"}", "[DONE]"},
                                         50));
    LineSplitter lines;
    std::vector<std::string> data;
    std::vector<std::string> events;
    HttpRequest request = requestTo(server, "/v1/messages", "POST");
    request.headers = {{"Accept", "text/event-stream"}};
    const HttpResponse response = sendHttpRequest(request, {}, [&](std::string_view bytes) {
        return lines.feed(bytes, [&](std::string_view line) {
            if (line.starts_with("data: "))
                data.emplace_back(line.substr(6));
            else if (line.starts_with("event: "))
                events.emplace_back(line.substr(7));
            return true;
        });
    });
    QCOMPARE(response.status, 200L);
    QCOMPARE(response.header("content-type").value_or(""), std::string("text/event-stream"));
    QCOMPARE(events, std::vector<std::string>{"message_start"});
    QCOMPARE(data, (std::vector<std::string>{R"({"type": "message_start"})", R"({"delta": "Hel"})",
                                             R"({"delta": "lo"})", "[DONE]"}));
    QVERIFY(lines.pending().empty());
}

void TestHttpClient::errorStatusKeepsBodyAndSkipsReader() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::json(401, R"({"code": 401, "message": "Invalid API key"})"));
    bool readerCalled = false;
    const HttpResponse response = sendHttpRequest(requestTo(server, "/v1/messages", "POST"), {},
                                                  [&](std::string_view) { return readerCalled = true; });
    QCOMPARE(response.error, HttpError::None); // the exchange itself worked
    QCOMPARE(response.status, 401L);
    QVERIFY(!response.success());
    QVERIFY(!readerCalled);
    QCOMPARE(response.body, std::string(R"({"code": 401, "message": "Invalid API key"})"));
}

void TestHttpClient::cutOffResponses_data() {
    QTest::addColumn<int>("framing");
    QTest::addColumn<int>("ending");
    using R = ScriptedResponse;
    QTest::newRow("chunked, closed before the last chunk")
        << int(R::Framing::Chunked) << int(R::Ending::Close);
    QTest::newRow("chunked, reset") << int(R::Framing::Chunked) << int(R::Ending::Reset);
    QTest::newRow("content-length, closed short") << int(R::Framing::ContentLength) << int(R::Ending::Close);
}

void TestHttpClient::cutOffResponses() {
    QFETCH(int, framing);
    QFETCH(int, ending);
    ScriptedHttpServer server;
    ScriptedResponse response = ScriptedResponse::chunked({{"{\"n\": 1}\n", 0}, {"{\"n\": 2", 100}});
    response.framing = static_cast<ScriptedResponse::Framing>(framing);
    response.ending = static_cast<ScriptedResponse::Ending>(ending);
    response.missingBytes = 50;
    server.enqueue("GET", "/stream", response);
    std::string received;
    const HttpResponse result =
        sendHttpRequest(requestTo(server, "/stream"), {}, [&](std::string_view bytes) {
            received += bytes;
            return true;
        });
    QCOMPARE(result.error, HttpError::Interrupted);
    QVERIFY(!result.errorText.empty());
    QCOMPARE(result.status, 200L);
    QVERIFY(received.starts_with("{\"n\": 1}\n"));
}

void TestHttpClient::silentServerTimesOut() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/sandboxes", ScriptedResponse::silence());
    HttpRequest request = requestTo(server, "/sandboxes", "POST");
    request.totalTimeout = std::chrono::milliseconds(700);
    QElapsedTimer clock;
    clock.start();
    const HttpResponse response = sendHttpRequest(request);
    QCOMPARE(response.error, HttpError::Timeout);
    QCOMPARE(response.status, 0L);
    QVERIFY2(secondsSince(clock) >= 0.6 && secondsSince(clock) < 3.0,
             qPrintable(QString::number(secondsSince(clock))));
    QCOMPARE(server.requests().size(), 1); // it did arrive; nothing came back
}

void TestHttpClient::idleStreamTimesOut() {
    ScriptedHttpServer server;
    server.enqueue("GET", "/events",
                   ScriptedResponse::sse({"{\"first\": true}"}).endingWith(ScriptedResponse::Ending::Hang));
    HttpRequest request = requestTo(server, "/events");
    request.idleTimeout = std::chrono::seconds(1);
    std::string received;
    QElapsedTimer clock;
    clock.start();
    const HttpResponse response = sendHttpRequest(request, {}, [&](std::string_view bytes) {
        received += bytes;
        return true;
    });
    QCOMPARE(response.error, HttpError::Timeout);
    QCOMPARE(received, std::string("data: {\"first\": true}\n\n"));
    QVERIFY2(secondsSince(clock) >= 0.9 && secondsSince(clock) < 5.0,
             qPrintable(QString::number(secondsSince(clock))));
}

void TestHttpClient::stopTokenAbortsAtOnce() {
    ScriptedHttpServer server;
    server.enqueue("GET", "/stream",
                   ScriptedResponse::chunked({{"partial\n", 0}}).endingWith(ScriptedResponse::Ending::Hang));
    std::stop_source stop;
    QElapsedTimer clock;
    clock.start();
    std::atomic<double> stoppedAt{0};
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(600));
        stoppedAt = secondsSince(clock);
        stop.request_stop();
    });
    std::string received;
    HttpRequest request = requestTo(server, "/stream");
    request.totalTimeout = std::chrono::seconds(30);
    const HttpResponse response = sendHttpRequest(request, stop.get_token(), [&](std::string_view bytes) {
        received += bytes;
        return true;
    });
    const double returnedAt = secondsSince(clock);
    QCOMPARE(response.error, HttpError::Cancelled);
    QCOMPARE(received, std::string("partial\n"));
    // Not the next progress tick (up to a second): the stop wakes the transfer loop itself.
    QVERIFY2(returnedAt - stoppedAt < 0.25, qPrintable(QString::number(returnedAt - stoppedAt)));
    QTRY_COMPARE_WITH_TIMEOUT(server.openConnections(), 0, 5000); // the connection was closed
}

void TestHttpClient::stoppedBeforeStart() {
    ScriptedHttpServer server;
    std::stop_source stop;
    stop.request_stop();
    const HttpResponse response = sendHttpRequest(requestTo(server, "/never"), stop.get_token());
    QCOMPARE(response.error, HttpError::Cancelled);
    QVERIFY(server.requests().isEmpty());
}

void TestHttpClient::refusedConnection() {
    quint16 port = 0;
    {
        QTcpServer probe; // a port that was free a moment ago and has no listener now
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    HttpRequest request;
    request.url = "http://127.0.0.1:" + std::to_string(port) + "/";
    const HttpResponse response = sendHttpRequest(request);
    QCOMPARE(response.error, HttpError::Connect);
    QCOMPARE(response.status, 0L);
    QVERIFY(!response.errorText.empty());
}

void TestHttpClient::readerCanStopTheTransfer() {
    ScriptedHttpServer server;
    server.enqueue(
        "GET", "/stream",
        ScriptedResponse::chunked({{"one\n", 0}, {"two\n", 200}}).endingWith(ScriptedResponse::Ending::Hang));
    int calls = 0;
    const HttpResponse response = sendHttpRequest(requestTo(server, "/stream"), {}, [&](std::string_view) {
        ++calls;
        return false;
    });
    QCOMPARE(response.error, HttpError::AbortedByReader);
    QCOMPARE(calls, 1);
}

void TestHttpClient::redirectsAreNotFollowed() {
    ScriptedHttpServer server;
    server.enqueue("GET", "/moved", ScriptedResponse::text(302, "").withHeader("Location", "/elsewhere"));
    HttpRequest request = requestTo(server, "/moved");
    request.headers = {{"X-API-KEY", "secret"}};
    const HttpResponse response = sendHttpRequest(request);
    QCOMPARE(response.status, 302L);
    QCOMPARE(server.requests().size(), 1);
}

void TestHttpClient::retryAfter_data() {
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<int>("expectedSeconds"); // -1: none
    QTest::newRow("seconds") << QByteArray("3") << 3;
    QTest::newRow("zero") << QByteArray("0") << 0;
    QTest::newRow("date in the past") << QByteArray("Wed, 21 Oct 2015 07:28:00 GMT") << 0;
    QTest::newRow("garbage") << QByteArray("soon") << -1;
    QTest::newRow("absent") << QByteArray() << -1;
}

void TestHttpClient::retryAfter() {
    QFETCH(QByteArray, value);
    QFETCH(int, expectedSeconds);
    HttpResponse response;
    if (!value.isEmpty())
        response.headers.emplace_back("retry-after", value.toStdString());
    const auto delay = retryAfterDelay(response);
    if (expectedSeconds < 0) {
        QVERIFY(!delay);
    } else {
        QVERIFY(delay);
        QCOMPARE(delay->count(), expectedSeconds * 1000LL);
    }

    // A date in the future counts down from now.
    char future[64];
    const time_t inTenSeconds = std::time(nullptr) + 10;
    std::strftime(future, sizeof future, "%a, %d %b %Y %H:%M:%S GMT", std::gmtime(&inTenSeconds));
    HttpResponse dated;
    dated.headers.emplace_back("retry-after", future);
    const auto datedDelay = retryAfterDelay(dated);
    QVERIFY(datedDelay && datedDelay->count() >= 8000 && datedDelay->count() <= 10000);
}

void TestHttpClient::lineSplitter() {
    LineSplitter splitter;
    std::vector<std::string> lines;
    const auto collect = [&](std::string_view line) {
        lines.emplace_back(line);
        return true;
    };
    QVERIFY(splitter.feed("first\r\nsec", collect));
    QCOMPARE(splitter.pending(), std::string("sec"));
    QVERIFY(splitter.feed("ond\n\nthi", collect));
    QVERIFY(splitter.feed("rd", collect));
    QCOMPARE(lines, (std::vector<std::string>{"first", "second", ""}));
    QCOMPARE(splitter.takePending(), std::string("third"));
    QVERIFY(splitter.pending().empty());

    int seen = 0;
    QVERIFY(!splitter.feed("a\nb\nc\n", [&](std::string_view) { return ++seen < 2; }));
    QCOMPARE(seen, 2);
}

QTEST_GUILESS_MAIN(TestHttpClient)
#include "tst_http_client.moc"
