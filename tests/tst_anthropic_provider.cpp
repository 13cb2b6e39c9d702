// The Anthropic Messages API client against the scripted local HTTP server speaking that protocol: the
// request as sent (path, headers, body), streamed replies (text, tool_use with input_json_delta, bytes split
// inside UTF-8 characters and SSE lines), non-streamed replies, error statuses and retries, error events,
// malformed and cut-off streams, silence, cancellation, and that the API key never shows. No request leaves
// this machine.

#include "core/agent/anthropic_provider.h"
#include "support/scripted_http_server.h"

#include <QElapsedTimer>
#include <QTest>
#include <algorithm>
#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

using namespace sandbench::agent;
using nlohmann::json;
using test_support::RecordedRequest;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;

namespace {

constexpr const char* kApiKey = "sk-ant-api03-test-0123456789abcdefghijklmnopqrstuvwxyz";
constexpr const char* kModel = "claude-test-1";

ProviderSettings settingsFor(const ScriptedHttpServer& server) {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::Anthropic);
    settings.baseUrl = server.url().toStdString();
    settings.model = kModel;
    settings.apiKey = kApiKey;
    settings.connectTimeout = std::chrono::seconds(2);
    settings.totalTimeout = std::chrono::seconds(10);
    settings.idleTimeout = std::chrono::seconds(5);
    settings.maxRetries = 2;
    settings.retryBaseDelay = std::chrono::milliseconds(10);
    settings.retryMaxDelay = std::chrono::milliseconds(100);
    return settings;
}

ToolSpec runPythonSpec() {
    return ToolSpec{"run_python", "Run Python code in a sandbox and get stdout, stderr and the exit code.",
                    json{{"type", "object"},
                         {"properties", {{"code", {{"type", "string"}, {"description", "The program"}}}}},
                         {"required", {"code"}}}};
}

ChatRequest simpleRequest() {
    ChatRequest request;
    request.system = "You are a careful assistant.";
    request.messages.push_back(ChatMessage::user("What is 2+2?"));
    request.tools.push_back(runPythonSpec());
    return request;
}

// ---- the events of a Messages API stream ----

QByteArray sseEvent(const json& data) {
    return QByteArray::fromStdString("event: " + data.at("type").get<std::string>() + "\n" + data.dump());
}
json messageStart(int inputTokens = 17) {
    return {{"type", "message_start"},
            {"message",
             {{"id", "msg_01"},
              {"type", "message"},
              {"role", "assistant"},
              {"model", kModel},
              {"content", json::array()},
              {"stop_reason", nullptr},
              {"usage", {{"input_tokens", inputTokens}, {"output_tokens", 1}}}}}};
}
json textStart(int index) {
    return {{"type", "content_block_start"},
            {"index", index},
            {"content_block", {{"type", "text"}, {"text", ""}}}};
}
json toolStart(int index, const std::string& id, const std::string& name = "run_python") {
    return {{"type", "content_block_start"},
            {"index", index},
            {"content_block", {{"type", "tool_use"}, {"id", id}, {"name", name}, {"input", json::object()}}}};
}
json textDelta(int index, const std::string& text) {
    return {{"type", "content_block_delta"},
            {"index", index},
            {"delta", {{"type", "text_delta"}, {"text", text}}}};
}
json jsonDelta(int index, const std::string& piece) {
    return {{"type", "content_block_delta"},
            {"index", index},
            {"delta", {{"type", "input_json_delta"}, {"partial_json", piece}}}};
}
json blockStop(int index) {
    return {{"type", "content_block_stop"}, {"index", index}};
}
json messageDelta(const char* stopReason, int outputTokens = 42) {
    return {{"type", "message_delta"},
            {"delta", {{"stop_reason", stopReason}, {"stop_sequence", nullptr}}},
            {"usage", {{"output_tokens", outputTokens}}}};
}
json messageStop() {
    return {{"type", "message_stop"}};
}
json ping() {
    return {{"type", "ping"}};
}

// A whole streamed text reply.
QList<QByteArray> textReply(const std::string& text) {
    return {sseEvent(messageStart()),           sseEvent(textStart(0)),
            sseEvent(textDelta(0, text)),       sseEvent(blockStop(0)),
            sseEvent(messageDelta("end_turn")), sseEvent(messageStop())};
}

// The same events as the bytes on the wire ("event: ...\ndata: ...\n\n").
QByteArray wireBytes(const QList<QByteArray>& events) {
    QByteArray bytes;
    for (const QByteArray& one : events) {
        const qsizetype newline = one.indexOf('\n');
        bytes += one.left(newline + 1) + "data: " + one.mid(newline + 1) + "\n\n";
    }
    return bytes;
}

ScriptedResponse eventStream(const QList<ScriptedResponse::Part>& parts) {
    return ScriptedResponse::chunked(parts, "text/event-stream");
}

QByteArray errorJson(const char* type, const std::string& message) {
    return QByteArray::fromStdString(json{
        {"type", "error"},
        {"error", {{"type", type}, {"message", message}}},
        {"request_id", "req_011"}}.dump());
}

// What the callbacks saw.
struct Recorder {
    std::vector<std::string> texts;
    std::vector<ToolCall> started;
    std::vector<std::string> notices;
    StreamCallbacks callbacks() {
        return {[this](std::string_view text) { texts.emplace_back(text); },
                [this](const ToolCall& call) { started.push_back(call); },
                [this](std::string_view notice) { notices.emplace_back(notice); }};
    }
    std::string allText() const {
        std::string joined;
        for (const auto& text : texts)
            joined += text;
        return joined;
    }
};

ProviderReply run(const ProviderSettings& settings, Recorder& recorder, std::stop_token stop = {},
                  const ChatRequest& request = simpleRequest()) {
    AnthropicProvider provider(settings);
    return provider.complete(request, recorder.callbacks(), stop);
}

json bodyOf(const RecordedRequest& request) {
    return json::parse(request.body.toStdString(), nullptr, false);
}

bool isValidUtf8(std::string_view text) {
    size_t i = 0;
    while (i < text.size()) {
        const auto byte = static_cast<unsigned char>(text[i]);
        size_t length = 0;
        unsigned minimum = 0;
        unsigned codePoint = 0;
        if (byte < 0x80) {
            ++i;
            continue;
        } else if ((byte & 0xE0) == 0xC0) {
            length = 2, minimum = 0x80, codePoint = byte & 0x1Fu;
        } else if ((byte & 0xF0) == 0xE0) {
            length = 3, minimum = 0x800, codePoint = byte & 0x0Fu;
        } else if ((byte & 0xF8) == 0xF0) {
            length = 4, minimum = 0x10000, codePoint = byte & 0x07u;
        } else {
            return false;
        }
        if (i + length > text.size())
            return false;
        for (size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80)
                return false;
            codePoint = (codePoint << 6) | (next & 0x3Fu);
        }
        if (codePoint < minimum || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
            return false;
        i += length;
    }
    return true;
}

QString kindName(ProviderErrorKind kind) {
    return QString::fromUtf8(toString(kind));
}

QString describe(const ProviderReply& reply) {
    if (!reply.error)
        return "success";
    return QString::fromUtf8(toString(reply.error->kind)) + ": " +
           QString::fromStdString(reply.error->message);
}

// QCOMPARE cannot take nlohmann::json (its implicit conversions make Qt's overloads ambiguous).
#define COMPARE_JSON(actual, expected)                                                                       \
    do {                                                                                                     \
        const json actualJson_ = (actual);                                                                   \
        const json expectedJson_ = (expected);                                                               \
        QVERIFY2(actualJson_ == expectedJson_,                                                               \
                 qPrintable(QString::fromStdString("got " + actualJson_.dump() + ", expected " +             \
                                                   expectedJson_.dump())));                                  \
    } while (false)

double secondsSince(const QElapsedTimer& timer) {
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

} // namespace

class TestAnthropicProvider : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void requestBodyMapsConversation();
    void requestBodyOptionalFields();
    void requestAsSent();
    void invalidUtf8IsSentReplaced();
    void streamedTextAndToolUse();
    void toolInputEdgeCases();
    void splitBytesKeepWholeCharacters_data();
    void splitBytesKeepWholeCharacters();
    void nonStreamingReply();
    void stopReasons_data();
    void stopReasons();
    void jsonReplyToStreamedRequest();
    void otherReplyToStreamedRequest();
    void rateLimitedThenSucceeds();
    void serverErrorsExhaustRetries_data();
    void serverErrorsExhaustRetries();
    void errorStatuses_data();
    void errorStatuses();
    void malformedStream_data();
    void malformedStream();
    void errorEventMidStream_data();
    void errorEventMidStream();
    void cutOffStream_data();
    void cutOffStream();
    void completeStreamThenCutOff();
    void silentServerTimesOut();
    void streamGoesSilent();
    void cancelMidStream();
    void cancelledBeforeStart();
    void apiKeyNeverShown();
};

void TestAnthropicProvider::initTestCase() {
    // A proxy from the environment would carry the loopback requests elsewhere.
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
}

void TestAnthropicProvider::requestBodyMapsConversation() {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::Anthropic);
    settings.model = kModel;
    settings.maxTokens = 1234;
    ChatRequest request = simpleRequest();

    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.text = "Let me compute that.";
    assistant.toolCalls.push_back({"toolu_01", "run_python", json{{"code", "print(2+2)"}}, ""});
    assistant.toolCalls.push_back({"toolu_02", "run_python", json(), "{\"code\": "}); // unparseable
    request.messages.push_back(assistant);

    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults.push_back({"toolu_01", R"({"stdout": "4\n", "exit_code": 0})", false});
    results.toolResults.push_back({"toolu_02", "The input was not a JSON object.", true});
    request.messages.push_back(results);

    ChatMessage silent; // said nothing: the API would refuse an empty assistant message
    silent.role = ChatMessage::Role::Assistant;
    request.messages.push_back(silent);
    ChatMessage toolsOnly;
    toolsOnly.role = ChatMessage::Role::Assistant;
    toolsOnly.toolCalls.push_back({"toolu_03", "run_python", json{{"code", "1"}}, ""});
    request.messages.push_back(toolsOnly);

    const json body = AnthropicProvider(settings).requestBody(request);
    COMPARE_JSON(body["model"], json(kModel));
    COMPARE_JSON(body["max_tokens"], json(1234));
    COMPARE_JSON(body["system"], json("You are a careful assistant."));
    COMPARE_JSON(body["stream"], json(true));
    QVERIFY(!body.contains("temperature"));

    QCOMPARE(body["tools"].size(), size_t(1));
    COMPARE_JSON(body["tools"][0]["name"], json("run_python"));
    COMPARE_JSON(body["tools"][0]["description"], json(runPythonSpec().description));
    COMPARE_JSON(body["tools"][0]["input_schema"], runPythonSpec().inputSchema);

    const json& messages = body["messages"];
    QCOMPARE(messages.size(), size_t(4)); // the silent assistant message is left out
    COMPARE_JSON(messages[0], (json{{"role", "user"}, {"content", "What is 2+2?"}}));

    COMPARE_JSON(messages[1]["role"], json("assistant"));
    const json& content = messages[1]["content"];
    QCOMPARE(content.size(), size_t(3));
    COMPARE_JSON(content[0], (json{{"type", "text"}, {"text", "Let me compute that."}}));
    COMPARE_JSON(content[1], (json{{"type", "tool_use"},
                                   {"id", "toolu_01"},
                                   {"name", "run_python"},
                                   {"input", {{"code", "print(2+2)"}}}}));
    COMPARE_JSON(content[2]["input"], json::object()); // null arguments go out as {}

    COMPARE_JSON(messages[2]["role"], json("user"));
    QCOMPARE(messages[2]["content"].size(), size_t(2));
    COMPARE_JSON(messages[2]["content"][0], (json{{"type", "tool_result"},
                                                  {"tool_use_id", "toolu_01"},
                                                  {"content", R"({"stdout": "4\n", "exit_code": 0})"},
                                                  {"is_error", false}}));
    COMPARE_JSON(messages[2]["content"][1]["tool_use_id"], json("toolu_02"));
    COMPARE_JSON(messages[2]["content"][1]["is_error"], json(true));
    COMPARE_JSON(messages[2]["content"][1]["content"], json("The input was not a JSON object."));

    COMPARE_JSON(messages[3]["role"], json("assistant"));
    QCOMPARE(messages[3]["content"].size(), size_t(1)); // no empty text block before the tool call
    COMPARE_JSON(messages[3]["content"][0]["type"], json("tool_use"));
}

void TestAnthropicProvider::requestBodyOptionalFields() {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::Anthropic);
    settings.stream = false;
    settings.temperature = 0.25;
    ChatRequest request;
    request.messages.push_back(ChatMessage::user("hi"));
    const json body = AnthropicProvider(settings).requestBody(request);
    QVERIFY(!body.contains("system"));
    QVERIFY(!body.contains("tools"));
    COMPARE_JSON(body["stream"], json(false));
    COMPARE_JSON(body["temperature"], json(0.25));
}

void TestAnthropicProvider::requestAsSent() {
    ScriptedHttpServer server;
    QVERIFY(server.isListening());
    server.enqueue("POST", "/v1/messages", ScriptedResponse::sse(textReply("4")));
    server.enqueue("POST", "/v1/messages", ScriptedResponse::sse(textReply("4")));
    ProviderSettings settings = settingsFor(server);
    settings.baseUrl += "/"; // one trailing slash is dropped
    settings.anthropicVersion = "2023-06-01";
    Recorder recorder;
    ProviderReply reply = run(settings, recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));

    QCOMPARE(server.requests().size(), 1);
    const RecordedRequest sent = server.requests().first();
    QCOMPARE(sent.method, QByteArray("POST"));
    QCOMPARE(sent.target, QByteArray("/v1/messages"));
    QCOMPARE(sent.header("x-api-key"), QByteArray(kApiKey));
    QCOMPARE(sent.header("anthropic-version"), QByteArray("2023-06-01"));
    QCOMPARE(sent.header("content-type"), QByteArray("application/json"));
    QCOMPARE(sent.header("accept"), QByteArray("text/event-stream"));
    QVERIFY(!sent.hasHeader("authorization"));
    const json body = bodyOf(sent);
    QVERIFY2(!body.is_discarded(), sent.body.constData());
    COMPARE_JSON(body, AnthropicProvider(settings).requestBody(simpleRequest()));
    COMPARE_JSON(body["tools"][0]["name"], json("run_python"));
    COMPARE_JSON(body["tools"][0]["input_schema"]["required"], json::array({"code"}));
    COMPARE_JSON(body["stream"], json(true));

    // A local server that needs no key gets no x-api-key header.
    settings.apiKey.clear();
    reply = run(settings, recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(server.requests().size(), 2);
    QVERIFY(!server.requests().last().hasHeader("x-api-key"));
}

void TestAnthropicProvider::invalidUtf8IsSentReplaced() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages", ScriptedResponse::sse(textReply("ok")));
    ChatRequest request = simpleRequest();
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.toolCalls.push_back({"toolu_01", "run_python", json{{"code", "print(b'\\xff')"}}, ""});
    request.messages.push_back(assistant);
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults.push_back({"toolu_01", std::string("bytes: \xff\xfe end"), false});
    request.messages.push_back(results);

    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder, {}, request);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    const json body = bodyOf(server.requests().first());
    QVERIFY(!body.is_discarded());
    const std::string content = body["messages"][2]["content"][0]["content"].get<std::string>();
    QVERIFY(isValidUtf8(content));
    QVERIFY(content.starts_with("bytes: ") && content.ends_with(" end"));
    QVERIFY(content.find("\xEF\xBF\xBD") != std::string::npos); // U+FFFD
}

void TestAnthropicProvider::streamedTextAndToolUse() {
    ScriptedHttpServer server;
    const std::string arguments = R"js({"code": "print('héllo, wörld')\nprint(6 * 7)"})js";
    // The input JSON arrives in pieces split inside keys, strings and an escape.
    const std::vector<std::string> pieces = {"",       R"js({"co)js",    R"js(de": "print('hé)js",
                                             "llo, w", R"js(örld')\)js", R"js(nprint(6 * 7)")js",
                                             "}"};
    std::string joined;
    for (const auto& piece : pieces)
        joined += piece;
    QCOMPARE(joined, arguments);

    QList<QByteArray> events = {sseEvent(messageStart(17)),
                                sseEvent(textStart(0)),
                                sseEvent(ping()),
                                sseEvent(textDelta(0, "Let me ")),
                                sseEvent(textDelta(0, "run that.")),
                                sseEvent(blockStop(0)),
                                sseEvent(toolStart(1, "toolu_01A"))};
    for (const auto& piece : pieces)
        events.append(sseEvent(jsonDelta(1, piece)));
    events.append({sseEvent(blockStop(1)),
                   "event: content_block_whatever\n{\"type\": \"content_block_whatever\", \"x\": 1}",
                   sseEvent(messageDelta("tool_use", 42)), sseEvent(messageStop())});
    server.enqueue("POST", "/v1/messages", ScriptedResponse::sse(events, 5));

    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QVERIFY(!reply.error);
    const ModelTurn& turn = *reply.turn;
    QCOMPARE(turn.text, std::string("Let me run that."));
    QCOMPARE(recorder.texts, (std::vector<std::string>{"Let me ", "run that."}));
    QCOMPARE(int(turn.finish), int(FinishReason::ToolUse));
    QCOMPARE(turn.finishDetail, std::string("tool_use"));
    QCOMPARE(turn.inputTokens, 17);
    QCOMPARE(turn.outputTokens, 42);

    QCOMPARE(turn.toolCalls.size(), size_t(1));
    const ToolCall& call = turn.toolCalls[0];
    QCOMPARE(call.id, std::string("toolu_01A"));
    QCOMPARE(call.name, std::string("run_python"));
    COMPARE_JSON(call.arguments, (json{{"code", "print('héllo, wörld')\nprint(6 * 7)"}}));
    QCOMPARE(call.rawArguments, arguments);

    QCOMPARE(recorder.started.size(), size_t(1));
    QCOMPARE(recorder.started[0].id, std::string("toolu_01A"));
    QCOMPARE(recorder.started[0].name, std::string("run_python"));
    QVERIFY(recorder.notices.empty());
}

void TestAnthropicProvider::toolInputEdgeCases() {
    ScriptedHttpServer server;
    const QList<QByteArray> events = {sseEvent(messageStart()),
                                      sseEvent(toolStart(0, "toolu_empty")), // no input at all: {}
                                      sseEvent(blockStop(0)),
                                      sseEvent(toolStart(1, "toolu_bad")),
                                      sseEvent(jsonDelta(1, R"js({"code": "print(1)")js")), // never closed
                                      sseEvent(blockStop(1)),
                                      sseEvent(toolStart(2, "toolu_array")),
                                      sseEvent(jsonDelta(2, "[1, 2]")), // JSON, but not an object
                                      sseEvent(blockStop(2)),
                                      sseEvent(messageDelta("tool_use")),
                                      sseEvent(messageStop())};
    server.enqueue("POST", "/v1/messages", ScriptedResponse::sse(events));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply))); // a bad input does not fail the reply
    const auto& calls = reply.turn->toolCalls;
    QCOMPARE(calls.size(), size_t(3));
    COMPARE_JSON(calls[0].arguments, json::object());
    QCOMPARE(calls[1].id, std::string("toolu_bad"));
    QVERIFY(calls[1].arguments.is_null());
    QCOMPARE(calls[1].rawArguments, std::string(R"js({"code": "print(1)")js"));
    QVERIFY(calls[2].arguments.is_null());
    QCOMPARE(calls[2].rawArguments, std::string("[1, 2]"));
    QCOMPARE(recorder.started.size(), size_t(3));
}

void TestAnthropicProvider::splitBytesKeepWholeCharacters_data() {
    QTest::addColumn<QString>("how");
    QTest::newRow("inside characters, lines and strings") << "targeted";
    QTest::newRow("every 5 bytes") << "every5";
    QTest::newRow("every 3 bytes, CRLF lines") << "crlf3";
}

void TestAnthropicProvider::splitBytesKeepWholeCharacters() {
    QFETCH(QString, how);
    const std::vector<std::string> deltas = {"Café au lait ", "coûte 3 € ", "— bien sûr 🙂", " 日本語",
                                             "\xF0\x9F\x98\x80 é"};
    QList<QByteArray> events = {sseEvent(messageStart()), sseEvent(textStart(0))};
    for (size_t i = 0; i + 1 < deltas.size(); ++i)
        events.append(sseEvent(textDelta(0, deltas[i])));
    // Escaped as JSON may escape it: a surrogate pair and a BMP escape.
    events.append("event: content_block_delta\n{\"type\": \"content_block_delta\", \"index\": 0, "
                  "\"delta\": {\"type\": \"text_delta\", \"text\": \"\\ud83d\\ude00 \\u00e9\"}}");
    events.append({sseEvent(blockStop(0)), sseEvent(messageDelta("end_turn")), sseEvent(messageStop())});
    std::string expected;
    for (const auto& delta : deltas)
        expected += delta;

    QByteArray wire = wireBytes(events);
    QList<qsizetype> cuts;
    if (how == "targeted") {
        const auto after = [&](const char* what, int offset) {
            const qsizetype at = wire.indexOf(what);
            QVERIFY2(at >= 0, what);
            cuts.append(at + offset);
        };
        after("é", 1);         // between the two bytes of é
        after("€", 1);         // after the first of three bytes
        after("€", 2);         // and after the second
        after("🙂", 3);      // inside a four-byte emoji
        after("日本語", 4);    // inside 本
        after("\\ud83d", 3);   // inside a JSON escape
        after("data: {", 3);   // inside the field name of a line
        after("\n\nevent", 1); // between the two newlines that end an event
        after("text_delta", 4);
        std::sort(cuts.begin(), cuts.end());
    } else {
        const int step = how == "every5" ? 5 : 3;
        if (how == "crlf3")
            wire.replace("\n", "\r\n");
        for (qsizetype at = step; at < wire.size(); at += step)
            cuts.append(at);
    }
    QList<ScriptedResponse::Part> parts;
    qsizetype from = 0;
    for (const qsizetype cut : cuts) {
        parts.append({wire.mid(from, cut - from), how == "targeted" ? 15 : 1});
        from = cut;
    }
    parts.append({wire.mid(from), 1});

    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages", eventStream(parts));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, expected);
    QCOMPARE(recorder.allText(), expected);
    QCOMPARE(recorder.texts.size(), deltas.size()); // one callback per delta, none merged or split
    for (const auto& piece : recorder.texts)
        QVERIFY2(isValidUtf8(piece), piece.c_str());
}

void TestAnthropicProvider::nonStreamingReply() {
    ScriptedHttpServer server;
    const json message = {{"id", "msg_01"},
                          {"type", "message"},
                          {"role", "assistant"},
                          {"model", kModel},
                          {"content",
                           {{{"type", "text"}, {"text", "I'll run it."}},
                            {{"type", "tool_use"},
                             {"id", "toolu_9"},
                             {"name", "run_python"},
                             {"input", {{"code", "print(4)"}}}}}},
                          {"stop_reason", "tool_use"},
                          {"stop_sequence", nullptr},
                          {"usage", {{"input_tokens", 120}, {"output_tokens", 33}}}};
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::json(200, QByteArray::fromStdString(message.dump())));
    ProviderSettings settings = settingsFor(server);
    settings.stream = false;
    Recorder recorder;
    const ProviderReply reply = run(settings, recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));

    const RecordedRequest sent = server.requests().first();
    COMPARE_JSON(bodyOf(sent)["stream"], json(false));
    QVERIFY(sent.header("accept") != "text/event-stream");

    const ModelTurn& turn = *reply.turn;
    QCOMPARE(turn.text, std::string("I'll run it."));
    QCOMPARE(int(turn.finish), int(FinishReason::ToolUse));
    QCOMPARE(turn.inputTokens, 120);
    QCOMPARE(turn.outputTokens, 33);
    QCOMPARE(turn.toolCalls.size(), size_t(1));
    QCOMPARE(turn.toolCalls[0].id, std::string("toolu_9"));
    COMPARE_JSON(turn.toolCalls[0].arguments, (json{{"code", "print(4)"}}));
    // Reported as one piece, as a stream would have been.
    QCOMPARE(recorder.allText(), std::string("I'll run it."));
    QCOMPARE(recorder.started.size(), size_t(1));
}

void TestAnthropicProvider::stopReasons_data() {
    QTest::addColumn<QString>("stopReason");
    QTest::addColumn<int>("finish");
    QTest::newRow("end_turn") << "end_turn" << int(FinishReason::EndTurn);
    QTest::newRow("stop_sequence") << "stop_sequence" << int(FinishReason::EndTurn);
    QTest::newRow("tool_use") << "tool_use" << int(FinishReason::ToolUse);
    QTest::newRow("max_tokens") << "max_tokens" << int(FinishReason::MaxTokens);
    QTest::newRow("refusal") << "refusal" << int(FinishReason::Other);
    QTest::newRow("pause_turn") << "pause_turn" << int(FinishReason::Other);
}

void TestAnthropicProvider::stopReasons() {
    QFETCH(QString, stopReason);
    QFETCH(int, finish);
    const std::string reason = stopReason.toStdString();
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::sse({sseEvent(messageStart()), sseEvent(textStart(0)),
                                          sseEvent(textDelta(0, "x")), sseEvent(blockStop(0)),
                                          sseEvent(messageDelta(reason.c_str())), sseEvent(messageStop())}));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(int(reply.turn->finish), finish);
    QCOMPARE(reply.turn->finishDetail, reason);
}

void TestAnthropicProvider::jsonReplyToStreamedRequest() {
    ScriptedHttpServer server;
    const json message = {{"type", "message"},
                          {"role", "assistant"},
                          {"content", {{{"type", "text"}, {"text", "Plain answer."}}}},
                          {"stop_reason", "end_turn"},
                          {"usage", {{"input_tokens", 5}, {"output_tokens", 3}}}};
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::json(200, "\n  " + QByteArray::fromStdString(message.dump(2))));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("Plain answer."));
    QCOMPARE(int(reply.turn->finish), int(FinishReason::EndTurn));
    QCOMPARE(recorder.allText(), std::string("Plain answer."));
}

void TestAnthropicProvider::otherReplyToStreamedRequest() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::text(200, "<html><body>Captive portal</body></html>\n", "text/html"));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Malformed));
    QVERIFY2(reply.error->message.find("text/html") != std::string::npos, reply.error->message.c_str());
    QCOMPARE(reply.error->httpStatus, 200L);
}

void TestAnthropicProvider::rateLimitedThenSucceeds() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::json(429, errorJson("rate_limit_error", "Number of request tokens has "
                                                                             "exceeded your rate limit."))
                       .withHeader("retry-after", "0"));
    server.enqueue("POST", "/v1/messages", ScriptedResponse::sse(textReply("after the wait")));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("after the wait"));
    QCOMPARE(server.requests().size(), 2);
    QCOMPARE(recorder.notices.size(), size_t(1));
    QVERIFY2(recorder.notices[0].find("429") != std::string::npos, recorder.notices[0].c_str());
    QCOMPARE(recorder.allText(), std::string("after the wait")); // nothing shown twice
    QVERIFY(secondsSince(clock) < 3.0);
}

void TestAnthropicProvider::serverErrorsExhaustRetries_data() {
    QTest::addColumn<int>("status");
    QTest::newRow("500") << 500;
    QTest::newRow("529 overloaded") << 529;
}

void TestAnthropicProvider::serverErrorsExhaustRetries() {
    QFETCH(int, status);
    ScriptedHttpServer server;
    server.setFallback(
        ScriptedResponse::json(status, errorJson(status == 529 ? "overloaded_error" : "api_error",
                                                 status == 529 ? "Overloaded" : "Internal error")));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::ServerError));
    QCOMPARE(reply.error->attempts, 3);
    QCOMPARE(reply.error->httpStatus, long(status));
    QCOMPARE(server.requests().size(), 3);
    QCOMPARE(recorder.notices.size(), size_t(2));
    QVERIFY2(reply.error->message.find(status == 529 ? "Overloaded" : "Internal error") != std::string::npos,
             reply.error->message.c_str());
    QVERIFY(secondsSince(clock) < 3.0);
}

void TestAnthropicProvider::errorStatuses_data() {
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QString>("apiMessage");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("401") << 401 << QByteArray("authentication_error") << "invalid x-api-key"
                         << int(ProviderErrorKind::Unauthorized) << QStringList{"ANTHROPIC_API_KEY", "401"};
    QTest::newRow("403") << 403 << QByteArray("permission_error")
                         << "Your API key does not have permission to use the specified resource."
                         << int(ProviderErrorKind::Unauthorized) << QStringList{"403"};
    QTest::newRow("404") << 404 << QByteArray("not_found_error") << "model: claude-test-1"
                         << int(ProviderErrorKind::NotFound) << QStringList{"base URL", "model name", kModel};
    QTest::newRow("400") << 400 << QByteArray("invalid_request_error")
                         << "messages.1.content.0.tool_use.input: Input should be a valid dictionary"
                         << int(ProviderErrorKind::BadRequest) << QStringList{"400"};
    QTest::newRow("413") << 413 << QByteArray("request_too_large")
                         << "Request exceeds the maximum allowed size." << int(ProviderErrorKind::BadRequest)
                         << QStringList{"413"};
}

void TestAnthropicProvider::errorStatuses() {
    QFETCH(int, status);
    QFETCH(QByteArray, type);
    QFETCH(QString, apiMessage);
    QFETCH(int, kind);
    QFETCH(QStringList, mentions);
    ScriptedHttpServer server;
    server.setFallback(ScriptedResponse::json(status, errorJson(type.constData(), apiMessage.toStdString())));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    const QString message = QString::fromStdString(reply.error->message);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind(kind)));
    QCOMPARE(reply.error->httpStatus, long(status));
    QCOMPARE(reply.error->attempts, 1); // not retried
    QCOMPARE(server.requests().size(), 1);
    QVERIFY2(message.contains(apiMessage), qPrintable(message));
    for (const QString& mention : mentions)
        QVERIFY2(message.contains(mention), qPrintable(mention + " not in: " + message));
    QVERIFY(!message.contains(kApiKey));
}

void TestAnthropicProvider::malformedStream_data() {
    QTest::addColumn<QByteArray>("bad");
    QTest::addColumn<QString>("names");
    QTest::newRow("cut-off JSON") << QByteArray(
                                         "event: content_block_delta\n{\"type\": "
                                         "\"content_block_delta\", \"index\": 0, \"delta\": {\"type\": "
                                         "\"text_delta\", \"text\": \"oops")
                                  << "content_block_delta";
    QTest::newRow("not an object") << QByteArray("event: message_delta\n[1, 2, 3]") << "message_delta";
    QTest::newRow("delta of a block never started") << sseEvent(textDelta(5, "ghost")) << "block 5";
    QTest::newRow("text delta in a tool block")
        << QByteArray("event: content_block_delta\n{\"type\": \"content_block_delta\", \"index\": 1, "
                      "\"delta\": {\"type\": \"text_delta\", \"text\": 7}}")
        << "text_delta";
}

void TestAnthropicProvider::malformedStream() {
    QFETCH(QByteArray, bad);
    QFETCH(QString, names);
    const QByteArray before =
        wireBytes({sseEvent(messageStart()), sseEvent(textStart(0)), sseEvent(textDelta(0, "So far")),
                   sseEvent(toolStart(1, "toolu_1"))});
    const QByteArray after =
        wireBytes({sseEvent(blockStop(0)), sseEvent(messageDelta("end_turn")), sseEvent(messageStop())});
    ScriptedHttpServer server;
    // What follows the bad event comes late: the client must stop reading rather than wait for it.
    server.enqueue("POST", "/v1/messages", eventStream({{before, 0}, {wireBytes({bad}), 10}, {after, 5000}}));
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Malformed));
    QVERIFY2(QString::fromStdString(reply.error->message).contains(names), reply.error->message.c_str());
    QCOMPARE(reply.partialText, std::string("So far"));
    QVERIFY2(secondsSince(clock) < 2.0, qPrintable(QString::number(secondsSince(clock))));
}

void TestAnthropicProvider::errorEventMidStream_data() {
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<int>("kind");
    QTest::newRow("overloaded_error")
        << QByteArray("overloaded_error") << int(ProviderErrorKind::ServerError);
    QTest::newRow("api_error") << QByteArray("api_error") << int(ProviderErrorKind::ServerError);
    QTest::newRow("invalid_request_error")
        << QByteArray("invalid_request_error") << int(ProviderErrorKind::BadRequest);
}

void TestAnthropicProvider::errorEventMidStream() {
    QFETCH(QByteArray, type);
    QFETCH(int, kind);
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::sse({sseEvent(messageStart()), sseEvent(textStart(0)),
                                          sseEvent(textDelta(0, "Half an ans")),
                                          "event: error\n" + errorJson(type.constData(), "Something went "
                                                                                         "wrong upstream"),
                                          sseEvent(textDelta(0, "wer")), sseEvent(messageStop())}));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind(kind)));
    QVERIFY2(reply.error->message.find("Something went wrong upstream") != std::string::npos,
             reply.error->message.c_str());
    QVERIFY2(reply.error->message.find(type.toStdString()) != std::string::npos,
             reply.error->message.c_str());
    QCOMPARE(reply.partialText, std::string("Half an ans"));
    QCOMPARE(recorder.allText(), std::string("Half an ans")); // nothing after the error
    QCOMPARE(server.requests().size(), 1);                    // a 2xx that began is never retried
}

void TestAnthropicProvider::cutOffStream_data() {
    QTest::addColumn<bool>("closed");
    QTest::addColumn<bool>("midEvent");
    QTest::newRow("connection closed") << true << false;
    QTest::newRow("connection closed mid-event") << true << true;
    QTest::newRow("stream finished without message_stop") << false << false;
}

void TestAnthropicProvider::cutOffStream() {
    QFETCH(bool, closed);
    QFETCH(bool, midEvent);
    QByteArray wire = wireBytes({sseEvent(messageStart()), sseEvent(textStart(0)),
                                 sseEvent(textDelta(0, "Partial ")), sseEvent(textDelta(0, "reply"))});
    if (midEvent)
        wire += "event: content_block_delta\ndata: {\"type\": \"content_bl";
    ScriptedResponse response = eventStream({{wire, 0}});
    if (closed)
        response.endingWith(ScriptedResponse::Ending::Close);
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages", response);
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Truncated));
    QCOMPARE(reply.partialText, std::string("Partial reply"));
    QCOMPARE(server.requests().size(), 1);
}

void TestAnthropicProvider::completeStreamThenCutOff() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", "/v1/messages",
        eventStream({{wireBytes(textReply("All here.")), 0}}).endingWith(ScriptedResponse::Ending::Close));
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply))); // message_stop arrived: the reply is whole
    QCOMPARE(reply.turn->text, std::string("All here."));
}

void TestAnthropicProvider::silentServerTimesOut() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages", ScriptedResponse::silence());
    ProviderSettings settings = settingsFor(server);
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
    QVERIFY2(took >= 0.25 && took < 1.5, qPrintable(QString::number(took)));
}

void TestAnthropicProvider::streamGoesSilent() {
    ScriptedHttpServer server;
    server.enqueue("POST", "/v1/messages",
                   eventStream({{wireBytes({sseEvent(messageStart()), sseEvent(textStart(0)),
                                            sseEvent(textDelta(0, "Begun"))}),
                                 0}})
                       .endingWith(ScriptedResponse::Ending::Hang));
    ProviderSettings settings = settingsFor(server);
    settings.idleTimeout = std::chrono::milliseconds(400);
    Recorder recorder;
    QElapsedTimer clock;
    clock.start();
    const ProviderReply reply = run(settings, recorder);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Timeout));
    QCOMPARE(reply.partialText, std::string("Begun"));
    QVERIFY2(secondsSince(clock) < 2.0, qPrintable(QString::number(secondsSince(clock))));
}

void TestAnthropicProvider::cancelMidStream() {
    ScriptedHttpServer server;
    const QByteArray first =
        wireBytes({sseEvent(messageStart()), sseEvent(textStart(0)), sseEvent(textDelta(0, "Hello"))});
    const QByteArray rest = wireBytes({sseEvent(textDelta(0, " world")), sseEvent(blockStop(0)),
                                       sseEvent(messageDelta("end_turn")), sseEvent(messageStop())});
    server.enqueue("POST", "/v1/messages", eventStream({{first, 0}, {rest, 5000}}));
    std::stop_source stop;
    QElapsedTimer clock;
    clock.start();
    std::atomic<double> stoppedAt{0};
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stoppedAt = secondsSince(clock);
        stop.request_stop();
    });
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder, stop.get_token());
    const double returnedAt = secondsSince(clock);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Cancelled));
    QCOMPARE(reply.partialText, std::string("Hello"));
    QVERIFY2(stoppedAt > 0 && returnedAt - stoppedAt < 1.0,
             qPrintable(QString::number(returnedAt - stoppedAt)));
}

void TestAnthropicProvider::cancelledBeforeStart() {
    ScriptedHttpServer server;
    server.setFallback(ScriptedResponse::sse(textReply("never")));
    std::stop_source stop;
    stop.request_stop();
    Recorder recorder;
    const ProviderReply reply = run(settingsFor(server), recorder, stop.get_token());
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Cancelled));
    QVERIFY(server.requests().isEmpty());
    QVERIFY(recorder.texts.empty());
}

void TestAnthropicProvider::apiKeyNeverShown() {
    ScriptedHttpServer server;
    const ProviderSettings settings = settingsFor(server);
    QVERIFY(settings.describe().find(kApiKey) == std::string::npos);
    QVERIFY(settings.describe().find(kModel) != std::string::npos);

    // Servers that echo what they were sent, in a status error's message and in an error event.
    const std::string echoed = std::string("invalid x-api-key: ") + kApiKey;
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::json(401, errorJson("authentication_error", echoed)));
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::json(400, errorJson("invalid_request_error", echoed)));
    server.enqueue("POST", "/v1/messages",
                   ScriptedResponse::sse({sseEvent(messageStart()),
                                          "event: error\n" + errorJson("invalid_request_error", echoed)}));
    server.enqueue("POST", "/v1/messages", ScriptedResponse::silence());
    ProviderSettings quick = settings;
    quick.idleTimeout = std::chrono::milliseconds(200);
    for (int i = 0; i < 4; ++i) {
        Recorder recorder;
        const ProviderReply reply = run(quick, recorder);
        QVERIFY(reply.error);
        QVERIFY2(reply.error->message.find(kApiKey) == std::string::npos, reply.error->message.c_str());
        QVERIFY2(reply.error->message.find("sk-ant") == std::string::npos, reply.error->message.c_str());
    }
    QCOMPARE(server.requests().size(), 4);
}

QTEST_GUILESS_MAIN(TestAnthropicProvider)
#include "tst_anthropic_provider.moc"
