// The Anthropic Messages API client against the scripted local HTTP server speaking that protocol, in what
// only this protocol has: the request as sent (path, headers, body), tool_use blocks with input_json_delta
// pieces, tool inputs that are not objects, and stop reasons. What both clients must do alike (streams cut
// anywhere, documents, retries, errors, cut-off streams, silence, cancellation, the key never shown) is
// tst_provider_contract. No request leaves this machine.

#include "core/agent/anthropic_provider.h"
#include "support/provider_scripts.h"
#include "support/provider_test_kit.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace sandbench::agent;
using namespace test_support;
using namespace test_support::anthropic;

namespace {

const ProviderUnderTest kAnthropic{ProviderKind::Anthropic,
                                   "sk-ant-api03-test-0123456789abcdefghijklmnopqrstuvwxyz", "claude-test-1"};

ProviderReply run(const ProviderSettings& settings, Recorder& recorder,
                  const ChatRequest& request = simpleRequest()) {
    ModelProvider provider(settings, anthropicMessagesApi());
    return provider.complete(request, recorder.callbacks(), {});
}

json bodyOf(const RecordedRequest& request) {
    return json::parse(request.body.toStdString(), nullptr, false);
}

} // namespace

class TestAnthropicProvider : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { bypassProxies(); }
    void requestBodyMapsConversation();
    void requestBodyOptionalFields();
    void blankTextIsNotSentBack();
    void requestAsSent();
    void invalidUtf8IsSentReplaced();
    void streamedTextAndToolUse();
    void toolInputEdgeCases();
    void stopReasons_data();
    void stopReasons();
};

void TestAnthropicProvider::requestBodyMapsConversation() {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::Anthropic);
    settings.model = kAnthropic.model;
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
    results.toolResults.push_back({"toolu_01", R"({"stdout": "4\n", "exit_code": 0})", false, {}});
    results.toolResults.push_back({"toolu_02", "The input was not a JSON object.", true, {}});
    request.messages.push_back(results);

    ChatMessage silent; // said nothing: the API would refuse an empty assistant message
    silent.role = ChatMessage::Role::Assistant;
    request.messages.push_back(silent);
    ChatMessage toolsOnly;
    toolsOnly.role = ChatMessage::Role::Assistant;
    toolsOnly.toolCalls.push_back({"toolu_03", "run_python", json{{"code", "1"}}, ""});
    request.messages.push_back(toolsOnly);

    const json body = ModelProvider(settings, anthropicMessagesApi()).requestBody(request);
    COMPARE_JSON(body["model"], json(kAnthropic.model));
    COMPARE_JSON(body["max_tokens"], json(1234));
    COMPARE_JSON(body["system"], json("You are a careful assistant."));
    COMPARE_JSON(body["stream"], json(true));
    QVERIFY(!body.contains("temperature"));

    QCOMPARE(body["tools"].size(), size_t(1));
    COMPARE_JSON(body["tools"][0]["name"], json("run_python"));
    COMPARE_JSON(body["tools"][0]["description"], json(runPythonToolSpec().description));
    COMPARE_JSON(body["tools"][0]["input_schema"], runPythonToolSpec().inputSchema);

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

// Claude sometimes streams a text block of only "\n\n" before a tool_use; sent back, it makes the next
// request fail with 400 "text content blocks must contain non-whitespace text".
void TestAnthropicProvider::blankTextIsNotSentBack() {
    ScriptedHttpServer server;
    server.enqueue("POST", kAnthropic.path(),
                   ScriptedResponse::sse(
                       {sseEvent(messageStart()), sseEvent(textStart(0)), sseEvent(textDelta(0, "\n\n")),
                        sseEvent(blockStop(0)), sseEvent(toolStart(1, "toolu_01")),
                        sseEvent(jsonDelta(1, "{\"code\": \"print(1)\"}")), sseEvent(blockStop(1)),
                        sseEvent(messageDelta("tool_use")), sseEvent(messageStop())}));
    ModelProvider provider(kAnthropic.settingsFor(server), anthropicMessagesApi());
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("\n\n"));

    ChatRequest request = simpleRequest();
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.text = reply.turn->text;
    assistant.toolCalls = reply.turn->toolCalls;
    request.messages.push_back(assistant);
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults.push_back({"toolu_01", R"({"stdout": "1\n", "exit_code": 0})", false, {}});
    request.messages.push_back(results);
    ChatMessage blankAnswer; // only blanks, no tool call: nothing to send
    blankAnswer.role = ChatMessage::Role::Assistant;
    blankAnswer.text = " \t\r\n";
    request.messages.push_back(blankAnswer);
    request.messages.push_back(ChatMessage::user("And twice that?"));
    ChatMessage spaced; // words around blanks are kept as they are
    spaced.role = ChatMessage::Role::Assistant;
    spaced.text = "\n\nTwo.\n";
    request.messages.push_back(spaced);

    const json messages = provider.requestBody(request)["messages"];
    QCOMPARE(messages.size(), size_t(5));
    COMPARE_JSON(messages[1]["content"], json::array({{{"type", "tool_use"},
                                                       {"id", "toolu_01"},
                                                       {"name", "run_python"},
                                                       {"input", {{"code", "print(1)"}}}}}));
    COMPARE_JSON(messages[3], (json{{"role", "user"}, {"content", "And twice that?"}}));
    COMPARE_JSON(messages[4]["content"], json::array({{{"type", "text"}, {"text", "\n\nTwo.\n"}}}));
}

void TestAnthropicProvider::requestBodyOptionalFields() {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::Anthropic);
    settings.stream = false;
    settings.temperature = 0.25;
    ChatRequest request;
    request.messages.push_back(ChatMessage::user("hi"));
    const json body = ModelProvider(settings, anthropicMessagesApi()).requestBody(request);
    QVERIFY(!body.contains("system"));
    QVERIFY(!body.contains("tools"));
    COMPARE_JSON(body["stream"], json(false));
    COMPARE_JSON(body["temperature"], json(0.25));
}

void TestAnthropicProvider::requestAsSent() {
    ScriptedHttpServer server;
    QVERIFY(server.isListening());
    server.enqueue("POST", kAnthropic.path(), ScriptedResponse::sse(textReply("4")));
    server.enqueue("POST", kAnthropic.path(), ScriptedResponse::sse(textReply("4")));
    ProviderSettings settings = kAnthropic.settingsFor(server);
    settings.baseUrl += "/"; // one trailing slash is dropped
    settings.anthropicVersion = "2023-06-01";
    Recorder recorder;
    ProviderReply reply = run(settings, recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));

    QCOMPARE(server.requests().size(), 1);
    const RecordedRequest sent = server.requests().first();
    QCOMPARE(sent.method, QByteArray("POST"));
    QCOMPARE(sent.target, kAnthropic.path());
    QCOMPARE(sent.header("x-api-key"), QByteArray(kAnthropic.apiKey));
    QCOMPARE(sent.header("anthropic-version"), QByteArray("2023-06-01"));
    QCOMPARE(sent.header("content-type"), QByteArray("application/json"));
    QCOMPARE(sent.header("accept"), QByteArray("text/event-stream"));
    QVERIFY(!sent.hasHeader("authorization"));
    const json body = bodyOf(sent);
    QVERIFY2(!body.is_discarded(), sent.body.constData());
    COMPARE_JSON(body, ModelProvider(settings, anthropicMessagesApi()).requestBody(simpleRequest()));
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
    server.enqueue("POST", kAnthropic.path(), ScriptedResponse::sse(textReply("ok")));
    ChatRequest request = simpleRequest();
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.toolCalls.push_back({"toolu_01", "run_python", json{{"code", "print(b'\\xff')"}}, ""});
    request.messages.push_back(assistant);
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults.push_back({"toolu_01", std::string("bytes: \xff\xfe end"), false, {}});
    request.messages.push_back(results);

    Recorder recorder;
    const ProviderReply reply = run(kAnthropic.settingsFor(server), recorder, request);
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
    server.enqueue("POST", kAnthropic.path(), ScriptedResponse::sse(events, 5));

    Recorder recorder;
    const ProviderReply reply = run(kAnthropic.settingsFor(server), recorder);
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
    server.enqueue("POST", kAnthropic.path(), ScriptedResponse::sse(events));
    Recorder recorder;
    const ProviderReply reply = run(kAnthropic.settingsFor(server), recorder);
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

void TestAnthropicProvider::stopReasons_data() {
    QTest::addColumn<QString>("stopReason");
    QTest::addColumn<int>("finish");
    QTest::newRow("end_turn") << "end_turn" << int(FinishReason::EndTurn);
    QTest::newRow("stop_sequence") << "stop_sequence" << int(FinishReason::EndTurn);
    QTest::newRow("tool_use") << "tool_use" << int(FinishReason::ToolUse);
    QTest::newRow("max_tokens") << "max_tokens" << int(FinishReason::MaxTokens);
    QTest::newRow("refusal") << "refusal" << int(FinishReason::Refusal);
    QTest::newRow("model_context_window_exceeded")
        << "model_context_window_exceeded" << int(FinishReason::ContextWindowExceeded);
    QTest::newRow("pause_turn") << "pause_turn" << int(FinishReason::Other);
}

void TestAnthropicProvider::stopReasons() {
    QFETCH(QString, stopReason);
    QFETCH(int, finish);
    const std::string reason = stopReason.toStdString();
    ScriptedHttpServer server;
    server.enqueue("POST", kAnthropic.path(),
                   ScriptedResponse::sse({sseEvent(messageStart()), sseEvent(textStart(0)),
                                          sseEvent(textDelta(0, "x")), sseEvent(blockStop(0)),
                                          sseEvent(messageDelta(reason.c_str())), sseEvent(messageStop())}));
    Recorder recorder;
    const ProviderReply reply = run(kAnthropic.settingsFor(server), recorder);
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(int(reply.turn->finish), finish);
    QCOMPARE(reply.turn->finishDetail, reason);
}

QTEST_GUILESS_MAIN(TestAnthropicProvider)
#include "tst_anthropic_provider.moc"
