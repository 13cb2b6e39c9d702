// The contract both LLM clients keep, each against the scripted local HTTP server speaking its own protocol:
// every case has a row per provider. Text streamed in pieces cut anywhere, a byte-order mark, comments, a
// last event without its blank line, replies sent as one JSON document, replies that are neither, retries,
// error statuses, error events mid-stream, malformed and cut-off streams, silence, cancellation, and that the
// API key never shows. What only one protocol has stays in tst_anthropic_provider and tst_openai_provider.
// No request leaves this machine.

#include "core/agent/llm_provider.h"
#include "support/provider_dialects.h"
#include "support/provider_test_kit.h"

#include <QElapsedTimer>
#include <QTest>
#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

using namespace sandbench::agent;
using namespace test_support;
using nlohmann::json;

namespace {

constexpr const char* kApiKey = "sk-test-contract-0123456789abcdefghijklmnopqrstuvwxyzABCDEF";
constexpr const char* kModel = "model-under-test";

constexpr ProviderKind kProviders[] = {ProviderKind::Anthropic, ProviderKind::OpenAiCompatible};

// A row of a case for `kind`, named after it.
QTestData& row(ProviderKind kind, const QString& name) {
    return QTest::newRow(qPrintable(QString::fromUtf8(toString(kind)) + ": " + name)) << kind;
}

// A row per provider, for a case with no other column.
void providerRows(const char* name) {
    QTest::addColumn<ProviderKind>("provider");
    for (const ProviderKind kind : kProviders)
        row(kind, name);
}

// The events of a stream up to and with the given pieces of text, each a text event of its own.
QList<QByteArray> opening(const Dialect& dialect, const std::vector<std::string>& pieces) {
    QList<QByteArray> events = dialect.start;
    for (const std::string& piece : pieces)
        events.append(dialect.textEvent(piece, false));
    return events;
}

QList<QByteArray> wholeReply(const Dialect& dialect, const std::vector<std::string>& pieces) {
    return opening(dialect, pieces) + dialect.closing + dialect.trailer;
}

ProviderSettings settingsFor(ProviderKind kind, const ScriptedHttpServer& server) {
    return ProviderUnderTest{kind, kApiKey, kModel}.settingsFor(server);
}

ProviderReply run(const ProviderSettings& settings, Recorder& recorder, std::stop_token stop = {}) {
    return makeProvider(settings)->complete(simpleRequest(), recorder.callbacks(), stop);
}

} // namespace

class TestProviderContract : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { bypassProxies(); }
    void textInPieces_data();
    void textInPieces();
    void rawStreams_data();
    void rawStreams();
    void documentReplies_data();
    void documentReplies();
    void neitherStreamNorDocument_data();
    void neitherStreamNorDocument();
    void rateLimitedThenAnswered_data();
    void rateLimitedThenAnswered();
    void serverErrorsExhaustRetries_data();
    void serverErrorsExhaustRetries();
    void errorStatuses_data();
    void errorStatuses();
    void errorEventMidStream_data();
    void errorEventMidStream();
    void malformedStream_data();
    void malformedStream();
    void streamEndings_data();
    void streamEndings();
    void silence_data();
    void silence();
    void cancel_data();
    void cancel();
    void keyNeverShown_data();
    void keyNeverShown();
};

void TestProviderContract::textInPieces_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<QByteArray>("lineEnd");
    QTest::addColumn<int>("every"); // 0: cut inside every multibyte character and every "data:"
    QTest::addColumn<int>("delayMs");
    for (const ProviderKind kind : kProviders) {
        row(kind, "inside each character and field name") << QByteArray("\n") << 0 << 3;
        row(kind, "every 7 bytes, CRLF") << QByteArray("\r\n") << 7 << 2;
        row(kind, "every byte") << QByteArray("\n") << 1 << 1;
    }
}

void TestProviderContract::textInPieces() {
    QFETCH(ProviderKind, provider);
    QFETCH(QByteArray, lineEnd);
    QFETCH(int, every);
    QFETCH(int, delayMs);
    const Dialect& dialect = dialectOf(provider);
    const std::vector<std::string> pieces = {"Café au lait ", "coûte 3 € ", "— bien sûr 🙂", " 日本語",
                                             "\xF0\x9F\x98\x80 é"};
    QList<QByteArray> events = opening(dialect, {pieces.begin(), pieces.end() - 1});
    events.append(dialect.textEvent(pieces.back(), true)); // as \u escapes, a surrogate pair among them
    events += dialect.closing + dialect.trailer;
    QByteArray bytes = ScriptedResponse::sseBytes(events);
    bytes.replace("\n", lineEnd);
    QList<qsizetype> cuts;
    if (every == 0) {
        for (qsizetype i = 0; i < bytes.size(); ++i) {
            const auto byte = static_cast<unsigned char>(bytes[i]);
            if (byte >= 0x80 && byte < 0xC0) // a continuation byte: cut before it
                cuts.append(i);
        }
        for (qsizetype at = bytes.indexOf("data:"); at >= 0; at = bytes.indexOf("data:", at + 1))
            cuts.append(at + 2);
        for (qsizetype at = bytes.indexOf("\\ud83d"); at >= 0; at = bytes.indexOf("\\ud83d", at + 1))
            cuts.append(at + 3); // inside a JSON escape
    } else {
        for (qsizetype at = every; at < bytes.size(); at += every)
            cuts.append(at);
    }
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider),
                   ScriptedResponse::chunked(splitAt(bytes, cuts, delayMs), "text/event-stream"));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    std::string expected;
    for (const std::string& piece : pieces)
        expected += piece;
    QCOMPARE(reply.turn->text, expected);
    QCOMPARE(recorder.allText(), expected);
    QCOMPARE(recorder.texts, pieces); // one callback per piece, none merged or split
    for (const std::string& piece : recorder.texts)
        QVERIFY2(isValidUtf8(piece), piece.c_str());
    QCOMPARE(reply.turn->finish, FinishReason::EndTurn);
}

void TestProviderContract::rawStreams_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("succeeds");
    for (const ProviderKind kind : kProviders) {
        const Dialect& dialect = dialectOf(kind);
        const QByteArray whole = ScriptedResponse::sseBytes(wholeReply(dialect, {"Done."}));
        // Up to the event that completes the reply, and that event alone.
        const QByteArray upToLast = ScriptedResponse::sseBytes(
            opening(dialect, {"Done."}) + dialect.closing.mid(0, dialect.closing.size() - 1));
        const QByteArray last = ScriptedResponse::sseBytes({dialect.closing.last()});
        row(kind, "byte-order mark first") << "\xEF\xBB\xBF" + whole << true;
        QByteArray commented = ": PROCESSING\n\n" + whole;
        commented.insert(commented.indexOf("\n\n", 16) + 2, ": keep-alive\n\n");
        row(kind, "comments and keep-alives") << commented << true;
        row(kind, "last event without its blank line") << upToLast + last.chopped(2) << true;
        row(kind, "byte-order mark, last event ending in one newline")
            << "\xEF\xBB\xBF" + upToLast + last.chopped(1) << true;
        row(kind, "last event cut off inside its JSON") << upToLast + last.chopped(10) << false;
    }
}

void TestProviderContract::rawStreams() {
    QFETCH(ProviderKind, provider);
    QFETCH(QByteArray, bytes);
    QFETCH(bool, succeeds);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider), ScriptedResponse::chunked({{bytes, 0}}, "text/event-stream"));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    if (!succeeds) {
        QVERIFY2(reply.error, qPrintable(describe(reply)));
        QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Truncated));
        QCOMPARE(reply.partialText, std::string("Done."));
        return;
    }
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("Done."));
    QCOMPARE(reply.turn->finish, FinishReason::EndTurn);
}

void TestProviderContract::documentReplies_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<bool>("stream"); // true: the server ignored "stream": true
    QTest::addColumn<QByteArray>("before");
    for (const ProviderKind kind : kProviders) {
        row(kind, "not streamed") << false << QByteArray();
        row(kind, "streaming asked, server sent JSON after blanks") << true << QByteArray("\n  ");
        row(kind, "streaming asked, byte-order mark first") << true << QByteArray("\xEF\xBB\xBF");
    }
}

void TestProviderContract::documentReplies() {
    QFETCH(ProviderKind, provider);
    QFETCH(bool, stream);
    QFETCH(QByteArray, before);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider),
                   ScriptedResponse::json(200, before + dialectOf(provider).document));
    ProviderSettings settings = settingsFor(provider, server);
    settings.stream = stream;
    Recorder recorder;
    const ProviderReply reply = run(settings, recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    const ModelTurn& turn = *reply.turn;
    QCOMPARE(turn.text, std::string("Let me check."));
    QCOMPARE(recorder.texts, std::vector<std::string>{"Let me check."}); // shown once, whole
    QCOMPARE(turn.finish, FinishReason::ToolUse);
    QCOMPARE(turn.inputTokens, 30);
    QCOMPARE(turn.outputTokens, 12);
    QCOMPARE(turn.toolCalls.size(), std::size_t(1));
    QCOMPARE(turn.toolCalls[0].id, std::string("call_d1"));
    COMPARE_JSON(turn.toolCalls[0].arguments, (json{{"code", "print(4)"}}));
    QCOMPARE(recorder.order, (std::vector<std::string>{"text", "tool:call_d1"}));

    const RecordedRequest sent = server.requests().first();
    QCOMPARE(json::parse(sent.body.toStdString()).at("stream").get<bool>(), stream);
    QCOMPARE(sent.header("accept"), QByteArray(stream ? "text/event-stream" : "application/json"));
}

void TestProviderContract::neitherStreamNorDocument_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QString>("names");
    for (const ProviderKind kind : kProviders) {
        row(kind, "captive portal") << QByteArray("<html><body>Captive portal</body></html>\n")
                                    << QByteArray("text/html") << "text/html";
        row(kind, "empty body") << QByteArray() << QByteArray("text/event-stream") << "empty";
        row(kind, "blanks") << QByteArray("\r\n\r\n") << QByteArray("text/plain") << "empty";
    }
}

void TestProviderContract::neitherStreamNorDocument() {
    QFETCH(ProviderKind, provider);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, type);
    QFETCH(QString, names);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider), ScriptedResponse::text(200, body, type));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Malformed));
    QVERIFY2(QString::fromStdString(reply.error->message).contains(names), reply.error->message.c_str());
    QCOMPARE(reply.error->httpStatus, 200L);
    QCOMPARE(server.requests().size(), 1);
}

void TestProviderContract::rateLimitedThenAnswered_data() {
    providerRows("429, Retry-After: 0");
}

void TestProviderContract::rateLimitedThenAnswered() {
    QFETCH(ProviderKind, provider);
    const Dialect& dialect = dialectOf(provider);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider),
                   ScriptedResponse::json(429, dialect.statusError(429, "Rate limit reached for this model"))
                       .withHeader("retry-after", "0"));
    server.enqueue("POST", modelPath(provider),
                   ScriptedResponse::sse(wholeReply(dialect, {"after the wait"})));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("after the wait"));
    QCOMPARE(recorder.allText(), std::string("after the wait")); // nothing shown twice
    QCOMPARE(server.requests().size(), 2);
    QCOMPARE(recorder.notices.size(), std::size_t(1));
    QVERIFY2(recorder.notices[0].find("429") != std::string::npos, recorder.notices[0].c_str());
    QVERIFY2(recorder.notices[0].find("attempt 2 of 3") != std::string::npos, recorder.notices[0].c_str());
    QVERIFY(secondsSince(clock) < 3.0);
}

void TestProviderContract::serverErrorsExhaustRetries_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<int>("status");
    for (const ProviderKind kind : kProviders) {
        row(kind, "500") << 500;
        row(kind, "503") << 503;
        row(kind, "529 overloaded") << 529;
    }
}

void TestProviderContract::serverErrorsExhaustRetries() {
    QFETCH(ProviderKind, provider);
    QFETCH(int, status);
    ScriptedHttpServer server;
    server.setFallback(
        ScriptedResponse::json(status, dialectOf(provider).statusError(status, "Overloaded, sorry")));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::ServerError));
    QCOMPARE(reply.error->attempts, 3);
    QCOMPARE(reply.error->httpStatus, long(status));
    QVERIFY2(reply.error->message.find("Overloaded, sorry") != std::string::npos,
             reply.error->message.c_str());
    QCOMPARE(server.requests().size(), 3);
    QCOMPARE(recorder.notices.size(), std::size_t(2));
    QVERIFY(secondsSince(clock) < 3.0);
}

void TestProviderContract::errorStatuses_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("apiMessage");
    QTest::addColumn<ProviderErrorKind>("kind");
    QTest::addColumn<QStringList>("mentions");
    for (const ProviderKind kind : kProviders) {
        row(kind, "401") << 401 << "Incorrect API key provided" << ProviderErrorKind::Unauthorized
                         << QStringList{"401", dialectOf(kind).keyVariable};
        row(kind, "403") << 403 << "Your API key does not have permission to use the specified resource."
                         << ProviderErrorKind::Unauthorized << QStringList{"403"};
        row(kind, "404") << 404 << "The model does not exist" << ProviderErrorKind::NotFound
                         << QStringList{"404", "base URL", "model name", kModel};
        row(kind, "400") << 400 << "This model's maximum context length is 128000 tokens."
                         << ProviderErrorKind::BadRequest << QStringList{"400"};
        row(kind, "413") << 413 << "Request exceeds the maximum allowed size."
                         << ProviderErrorKind::BadRequest << QStringList{"413"};
    }
}

void TestProviderContract::errorStatuses() {
    QFETCH(ProviderKind, provider);
    QFETCH(int, status);
    QFETCH(QString, apiMessage);
    QFETCH(ProviderErrorKind, kind);
    QFETCH(QStringList, mentions);
    ScriptedHttpServer server;
    server.setFallback(
        ScriptedResponse::json(status, dialectOf(provider).statusError(status, apiMessage.toStdString())));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(kind));
    QCOMPARE(reply.error->httpStatus, long(status));
    QCOMPARE(reply.error->attempts, 1); // not retried
    QCOMPARE(server.requests().size(), 1);
    const QString message = QString::fromStdString(reply.error->message);
    QVERIFY2(message.contains(apiMessage), qPrintable(message));
    for (const QString& mention : mentions)
        QVERIFY2(message.contains(mention), qPrintable(mention + " not in: " + message));
}

void TestProviderContract::errorEventMidStream_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<QByteArray>("wire");
    QTest::addColumn<ProviderErrorKind>("kind");
    QTest::addColumn<QString>("said");
    for (const ProviderKind kind : kProviders) {
        const Dialect& dialect = dialectOf(kind);
        const auto event = [&](const std::string& message, bool serverFault) {
            return ScriptedResponse::sseBytes({dialect.errorEvent(message, serverFault)});
        };
        row(kind, "the server's fault") << event("Something went wrong upstream", true)
                                        << ProviderErrorKind::ServerError << "Something went wrong upstream";
        row(kind, "the request's fault") << event("Invalid 'messages[2]': empty array.", false)
                                         << ProviderErrorKind::BadRequest << "empty array";
        // llama.cpp's server (which speaks both protocols) reports a failure as an "error:" line, then sends
        // its end of stream as always: the error must not pass for a finished reply.
        row(kind, "an error: line")
            << QByteArray(
                   "error: {\"code\":400,\"message\":\"the request exceeds the available context size, "
                   "try increasing it\",\"type\":\"exceed_context_size_error\"}\n\n")
            << ProviderErrorKind::BadRequest << "exceeds the available context size";
        for (const ErrorEvent& own : dialect.ownErrorEvents)
            row(kind, own.name) << own.wire << own.kind << own.said;
    }
}

void TestProviderContract::errorEventMidStream() {
    QFETCH(ProviderKind, provider);
    QFETCH(QByteArray, wire);
    QFETCH(ProviderErrorKind, kind);
    QFETCH(QString, said);
    const Dialect& dialect = dialectOf(provider);
    const QByteArray bytes = ScriptedResponse::sseBytes(opening(dialect, {"Half an ans"})) + wire +
                             ScriptedResponse::sseBytes(opening(dialect, {"wer"}).mid(dialect.start.size()) +
                                                        dialect.closing + dialect.trailer);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider), ScriptedResponse::chunked({{bytes, 0}}, "text/event-stream"));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY2(reply.error, qPrintable(describe(reply)));
    QCOMPARE(kindName(reply.error->kind), kindName(kind));
    QVERIFY2(QString::fromStdString(reply.error->message).contains(said), reply.error->message.c_str());
    QCOMPARE(reply.partialText, std::string("Half an ans"));
    QCOMPARE(recorder.allText(), std::string("Half an ans")); // nothing after the error
    QCOMPARE(server.requests().size(), 1);                    // a 2xx that began is never retried
}

void TestProviderContract::malformedStream_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<QList<QByteArray>>("bad");
    QTest::addColumn<QString>("names");
    for (const ProviderKind kind : kProviders) {
        for (const MalformedEvent& malformed : dialectOf(kind).malformed)
            row(kind, malformed.name) << malformed.events << malformed.names;
    }
}

void TestProviderContract::malformedStream() {
    QFETCH(ProviderKind, provider);
    QFETCH(QList<QByteArray>, bad);
    QFETCH(QString, names);
    const Dialect& dialect = dialectOf(provider);
    const QByteArray before = ScriptedResponse::sseBytes(opening(dialect, {"So far"}));
    const QByteArray after = ScriptedResponse::sseBytes(
        opening(dialect, {" never shown"}).mid(dialect.start.size()) + dialect.closing + dialect.trailer);
    ScriptedHttpServer server;
    // What follows the bad event comes late: the client must stop reading rather than wait for it.
    server.enqueue(
        "POST", modelPath(provider),
        ScriptedResponse::chunked({{before, 0}, {ScriptedResponse::sseBytes(bad), 10}, {after, 5000}},
                                  "text/event-stream"));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY2(reply.error, qPrintable(describe(reply)));
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Malformed));
    QVERIFY2(QString::fromStdString(reply.error->message).contains(names), reply.error->message.c_str());
    QCOMPARE(reply.error->httpStatus, 200L);
    QCOMPARE(reply.partialText, std::string("So far"));
    QCOMPARE(recorder.allText(), std::string("So far"));
    QVERIFY2(secondsSince(clock) < 2.0, qPrintable(QString::number(secondsSince(clock))));
}

void TestProviderContract::streamEndings_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<bool>("whole"); // the events of a whole reply, or of its beginning
    QTest::addColumn<QByteArray>("more");
    QTest::addColumn<ScriptedResponse::Ending>("ending");
    using Ending = ScriptedResponse::Ending;
    for (const ProviderKind kind : kProviders) {
        const QByteArray halfEvent = ScriptedResponse::sseBytes({dialectOf(kind).closing.first()}).left(24);
        row(kind, "connection closed mid-stream") << false << QByteArray() << Ending::Close;
        row(kind, "connection closed mid-event") << false << halfEvent << Ending::Close;
        row(kind, "connection reset mid-stream") << false << QByteArray() << Ending::Reset;
        row(kind, "ended cleanly, unfinished") << false << QByteArray() << Ending::Complete;
        row(kind, "whole, then the connection closed") << true << QByteArray() << Ending::Close;
        row(kind, "whole, then the connection stays open") << true << QByteArray() << Ending::Hang;
    }
}

void TestProviderContract::streamEndings() {
    QFETCH(ProviderKind, provider);
    QFETCH(bool, whole);
    QFETCH(QByteArray, more);
    QFETCH(ScriptedResponse::Ending, ending);
    const Dialect& dialect = dialectOf(provider);
    const std::vector<std::string> pieces = {"Partial ", "reply"};
    const QByteArray bytes =
        ScriptedResponse::sseBytes(whole ? wholeReply(dialect, pieces) : opening(dialect, pieces)) + more;
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider),
                   ScriptedResponse::chunked({{bytes, 0}}, "text/event-stream").endingWith(ending));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(provider, server), recorder);
    QVERIFY2(secondsSince(clock) < 2, qPrintable(QString::number(secondsSince(clock)))); // no timeout awaited
    QCOMPARE(server.requests().size(), 1);
    if (whole) {
        QVERIFY2(reply.turn, qPrintable(describe(reply)));
        QCOMPARE(reply.turn->text, std::string("Partial reply"));
        QCOMPARE(reply.turn->finish, FinishReason::EndTurn);
        return;
    }
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Truncated));
    QCOMPARE(reply.partialText, std::string("Partial reply"));
}

void TestProviderContract::silence_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<bool>("begun"); // some text came before the silence
    for (const ProviderKind kind : kProviders) {
        row(kind, "silent server") << false;
        row(kind, "stream goes silent") << true;
    }
}

void TestProviderContract::silence() {
    QFETCH(ProviderKind, provider);
    QFETCH(bool, begun);
    ScriptedHttpServer server;
    server.enqueue("POST", modelPath(provider),
                   begun ? ScriptedResponse::sse(opening(dialectOf(provider), {"Begun"}))
                               .endingWith(ScriptedResponse::Ending::Hang)
                         : ScriptedResponse::silence());
    ProviderSettings settings = settingsFor(provider, server);
    settings.idleTimeout = std::chrono::milliseconds(300);
    settings.totalTimeout = std::chrono::milliseconds(2000);
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settings, recorder);
    const double took = secondsSince(clock);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Timeout));
    QCOMPARE(reply.error->attempts, 1); // a request the server may be working on is not sent again
    QCOMPARE(server.requests().size(), 1);
    QCOMPARE(reply.partialText, std::string(begun ? "Begun" : ""));
    QVERIFY2(took >= 0.25 && took < 1.5, qPrintable(QString::number(took)));
}

void TestProviderContract::cancel_data() {
    QTest::addColumn<ProviderKind>("provider");
    QTest::addColumn<bool>("beforeStart");
    for (const ProviderKind kind : kProviders) {
        row(kind, "mid-stream") << false;
        row(kind, "before the request") << true;
    }
}

void TestProviderContract::cancel() {
    QFETCH(ProviderKind, provider);
    QFETCH(bool, beforeStart);
    const Dialect& dialect = dialectOf(provider);
    const QByteArray first = ScriptedResponse::sseBytes(opening(dialect, {"Hello"}));
    const QByteArray rest =
        ScriptedResponse::sseBytes(opening(dialect, {" world"}).mid(dialect.start.size()) + dialect.closing);
    ScriptedHttpServer server;
    server.setFallback(ScriptedResponse::chunked({{first, 0}, {rest, 5000}}, "text/event-stream"));
    std::stop_source stop;
    QElapsedTimer clock;
    clock.start();
    std::atomic<double> stoppedAt{0};
    std::jthread canceller;
    if (beforeStart) {
        stop.request_stop();
    } else {
        canceller = std::jthread([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            stoppedAt = secondsSince(clock);
            stop.request_stop();
        });
    }
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(provider, server), recorder, stop.get_token());
    const double returnedAt = secondsSince(clock);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Cancelled));
    if (beforeStart) {
        QVERIFY(server.requests().isEmpty());
        QVERIFY(recorder.texts.empty());
        return;
    }
    QCOMPARE(reply.partialText, std::string("Hello"));
    QVERIFY2(stoppedAt > 0 && returnedAt - stoppedAt < 1.0,
             qPrintable(QString::number(returnedAt - stoppedAt)));
}

void TestProviderContract::keyNeverShown_data() {
    providerRows("servers that echo the key");
}

void TestProviderContract::keyNeverShown() {
    QFETCH(ProviderKind, provider);
    const Dialect& dialect = dialectOf(provider);
    ScriptedHttpServer server;
    ProviderSettings settings = settingsFor(provider, server);
    QVERIFY(settings.describe().find(kApiKey) == std::string::npos);
    QVERIFY(settings.describe().find(kModel) != std::string::npos);

    // Servers that echo what they were sent: in a status error's message, in an error event, in a document.
    const std::string echoed = std::string("invalid key: ") + kApiKey;
    const QByteArray path = modelPath(provider);
    server.enqueue("POST", path, ScriptedResponse::json(401, dialect.statusError(401, echoed)));
    server.enqueue("POST", path, ScriptedResponse::json(400, dialect.statusError(400, echoed)));
    server.enqueue("POST", path, ScriptedResponse::json(500, "oops " + QByteArray(kApiKey)));
    server.enqueue("POST", path,
                   ScriptedResponse::sse({dialect.start.first(), dialect.errorEvent(echoed, false)}));
    server.enqueue("POST", path, ScriptedResponse::json(200, dialect.statusError(400, echoed)));
    server.enqueue("POST", path, ScriptedResponse::sse({"{broken " + QByteArray(kApiKey)}));
    server.enqueue("POST", path, ScriptedResponse::sse({"{" + QByteArray(100, ' ') + kApiKey})); // cut short
    server.enqueue("POST", path, ScriptedResponse::silence());
    settings.maxRetries = 0;
    settings.idleTimeout = std::chrono::milliseconds(200);
    std::vector<std::string> messages;
    for (int i = 0; i < 8; ++i) {
        Recorder recorder;
        const ProviderReply reply = run(settings, recorder);
        QVERIFY2(reply.error, qPrintable(describe(reply)));
        messages.push_back(reply.error->message);
    }
    QCOMPARE(server.requests().size(), 8);
    // A server that is not there.
    ProviderSettings gone = settings;
    {
        ScriptedHttpServer closed;
        gone.baseUrl = settingsFor(provider, closed).baseUrl;
    }
    Recorder recorder;
    const ProviderReply refused = run(gone, recorder);
    QVERIFY(refused.error);
    QCOMPARE(kindName(refused.error->kind), kindName(ProviderErrorKind::Network));
    messages.push_back(refused.error->message);

    for (const std::string& message : messages) {
        QVERIFY(!message.empty());
        QVERIFY2(message.find(kApiKey) == std::string::npos, message.c_str());
        QVERIFY2(message.find("sk-test") == std::string::npos, message.c_str());
    }
    for (const RecordedRequest& request : server.requests())
        QVERIFY(!request.body.contains(kApiKey)); // only in its header
}

QTEST_GUILESS_MAIN(TestProviderContract)
#include "tst_provider_contract.moc"
