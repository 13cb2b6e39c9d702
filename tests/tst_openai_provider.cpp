// The OpenAI-compatible Chat Completions client against the scripted local HTTP server speaking that
// protocol as OpenAI, Ollama and llama.cpp's server do, in what only this protocol has: the request as sent
// (path, headers, body), tool_calls deltas by index with arguments split mid-string, parallel calls, local
// servers' quirks (whole calls in one chunk, index 0 reused, no ids, no [DONE], "stop" with tool calls,
// reasoning deltas), finish reasons, and a stream's end markers. What both clients must do alike is
// tst_provider_contract. No request leaves this machine.

#include "core/agent/anthropic_provider.h"
#include "core/agent/openai_provider.h"
#include "support/provider_scripts.h"
#include "support/provider_test_kit.h"

#include <QElapsedTimer>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace sandbench::agent;
using namespace test_support;
using namespace test_support::openai;

namespace {

const ProviderUnderTest kOpenAi{ProviderKind::OpenAiCompatible,
                                "sk-proj-test-0123456789abcdefghijklmnopqrstuvwxyzABCDEF", "gpt-test-mini"};

ProviderSettings settingsFor(const ScriptedHttpServer& server, bool stream = true) {
    ProviderSettings settings = kOpenAi.settingsFor(server);
    settings.stream = stream;
    return settings;
}

// A conversation with every kind of message: a tool call, its failed result, a second call whose arguments
// were not JSON, and its (successful) result.
ChatRequest conversationWithTools() {
    ChatRequest request = simpleRequest();
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.text = "I'll compute it.";
    assistant.toolCalls.push_back(
        ToolCall{"call_A1", "run_python", json{{"code", "print(2+2)\nexit(3)"}}, {}});
    request.messages.push_back(assistant);
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults.push_back(ToolResult{"call_A1", R"({"stdout":"4\n","exit_code":3})", true, {}});
    request.messages.push_back(results);
    ChatMessage second;
    second.role = ChatMessage::Role::Assistant;
    second.toolCalls.push_back(ToolCall{"call_B2", "run_python", nullptr, "{\"code\": \"print(1)"});
    request.messages.push_back(second);
    ChatMessage secondResults;
    secondResults.role = ChatMessage::Role::ToolResults;
    secondResults.toolResults.push_back(ToolResult{"call_B2", R"({"stdout":"1\n","exit_code":0})", false, {}});
    request.messages.push_back(secondResults);
    return request;
}

// JSON as compact text, for comparisons that print both sides (members are in key order).
QString text(const json& value) {
    return QString::fromStdString(value.dump());
}

json bodyOf(const RecordedRequest& request) {
    return json::parse(request.body.toStdString());
}

} // namespace

class TestOpenAiProvider : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { bypassProxies(); }
    void requestAsSent_data();
    void requestAsSent();
    void requestBodyMapsTheConversation();
    void tokenLimitMember_data();
    void tokenLimitMember();
    void refusedTokenLimitIsRenamedOnce();
    void renamedTokenLimitIsTriedOnlyOnce();
    void otherRefusalsAreNotRetried_data();
    void otherRefusalsAreNotRetried();
    void streamedTextThenToolCall();
    void parallelToolCalls();
    void localServerStreams_data();
    void localServerStreams();
    void finishReasons_data();
    void finishReasons();
    void refusalIsKeptApart_data();
    void refusalIsKeptApart();
    void endMarkers_data();
    void endMarkers();
};

void TestOpenAiProvider::requestAsSent_data() {
    QTest::addColumn<bool>("withKey");
    QTest::addColumn<bool>("stream");
    QTest::addColumn<bool>("trailingSlash");
    QTest::addColumn<double>("temperature"); // negative: unset
    QTest::newRow("hosted: key, streamed") << true << true << false << -1.0;
    QTest::newRow("local server: no key, not streamed, temperature, base URL ending in /")
        << false << false << true << 0.25;
}

void TestOpenAiProvider::requestAsSent() {
    QFETCH(bool, withKey);
    QFETCH(bool, stream);
    QFETCH(bool, trailingSlash);
    QFETCH(double, temperature);
    ScriptedHttpServer server;
    QVERIFY(server.isListening());
    server.enqueue("POST", kOpenAi.path(),
                   stream ? ScriptedResponse::sse(replyStream({textChunk("4")}, "stop"))
                          : ScriptedResponse::json(
                                200, completionDocument({{"role", "assistant"}, {"content", "4"}}, "stop")));
    ProviderSettings settings = settingsFor(server, stream);
    if (!withKey)
        settings.apiKey.clear();
    if (trailingSlash)
        settings.baseUrl += "/";
    if (temperature >= 0)
        settings.temperature = temperature;
    ModelProvider provider(settings, chatCompletionsApi());
    const ProviderReply reply = provider.complete(conversationWithTools(), {}, {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("4"));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 1);
    const RecordedRequest& sent = requests[0];
    QCOMPARE(sent.method, QByteArray("POST"));
    QCOMPARE(sent.path(), kOpenAi.path());
    if (withKey)
        QCOMPARE(sent.header("Authorization"), QByteArray("Bearer ") + kOpenAi.apiKey);
    else
        QVERIFY2(!sent.hasHeader("Authorization"), sent.header("Authorization").constData());
    QVERIFY(sent.header("Content-Type").startsWith("application/json"));
    if (stream)
        QCOMPARE(sent.header("Accept"), QByteArray("text/event-stream"));

    const json body = bodyOf(sent);
    QCOMPARE(body.at("model").get<std::string>(), std::string(kOpenAi.model));
    QCOMPARE(body.at("stream").get<bool>(), stream);
    QCOMPARE(body.contains("stream_options"), stream);
    if (stream)
        QCOMPARE(body.at("stream_options").at("include_usage").get<bool>(), true);
    QCOMPARE(body.at("max_tokens").get<int>(), settings.maxTokens);
    QCOMPARE(body.contains("temperature"), temperature >= 0);
    if (temperature >= 0)
        QCOMPARE(body.at("temperature").get<double>(), temperature);

    // The one tool, as a function with run_python's JSON Schema.
    const json& tools = body.at("tools");
    QCOMPARE(tools.size(), std::size_t(1));
    QCOMPARE(tools[0].at("type").get<std::string>(), std::string("function"));
    const json& function = tools[0].at("function");
    QCOMPARE(function.at("name").get<std::string>(), std::string("run_python"));
    QCOMPARE(function.at("description").get<std::string>(), runPythonToolSpec().description);
    QCOMPARE(text(function.at("parameters")), text(runPythonToolSpec().inputSchema));
    QCOMPARE(function.at("parameters").at("properties").at("code").at("type").get<std::string>(),
             std::string("string"));

    // The system prompt first, then the conversation in order.
    const json& messages = body.at("messages");
    QCOMPARE(messages.size(), std::size_t(6));
    QCOMPARE(text(messages[0]), text({{"role", "system"}, {"content", "You are a careful assistant."}}));
    QCOMPARE(text(messages[1]), text({{"role", "user"}, {"content", "What is 2+2?"}}));

    const json& assistant = messages[2];
    QCOMPARE(assistant.at("role").get<std::string>(), std::string("assistant"));
    QCOMPARE(assistant.at("content").get<std::string>(), std::string("I'll compute it."));
    const json& call = assistant.at("tool_calls").at(0);
    QCOMPARE(call.at("id").get<std::string>(), std::string("call_A1"));
    QCOMPARE(call.at("type").get<std::string>(), std::string("function"));
    QCOMPARE(call.at("function").at("name").get<std::string>(), std::string("run_python"));
    // The arguments as a JSON string, not an object.
    QVERIFY(call.at("function").at("arguments").is_string());
    QCOMPARE(text(json::parse(call.at("function").at("arguments").get<std::string>())),
             text({{"code", "print(2+2)\nexit(3)"}}));

    // A failed result is marked in its text: Chat Completions has no is_error.
    QCOMPARE(messages[3].at("role").get<std::string>(), std::string("tool"));
    QCOMPARE(messages[3].at("tool_call_id").get<std::string>(), std::string("call_A1"));
    QCOMPARE(messages[3].at("content").get<std::string>(),
             std::string("Error: the tool call failed.\n") + R"({"stdout":"4\n","exit_code":3})");

    // No text: content is null; arguments that were not JSON go back as "{}" (Ollama rejects a conversation
    // holding unparseable ones; the tool result quotes what the model sent).
    QVERIFY(messages[4].at("content").is_null());
    QCOMPARE(messages[4].at("tool_calls").at(0).at("function").at("arguments").get<std::string>(),
             std::string("{}"));
    QCOMPARE(text(messages[5]), text({{"role", "tool"},
                                      {"tool_call_id", "call_B2"},
                                      {"content", R"({"stdout":"1\n","exit_code":0})"}}));
}

void TestOpenAiProvider::requestBodyMapsTheConversation() {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::OpenAiCompatible);
    settings.model = kOpenAi.model;
    settings.stream = false;
    settings.maxTokens = 123;
    ModelProvider provider(settings, chatCompletionsApi());

    // No system prompt, no tools: neither is sent.
    ChatRequest bare;
    bare.messages.push_back(ChatMessage::user("hi"));
    const json body = provider.requestBody(bare);
    QCOMPARE(text(body.at("messages")), text(json::array({{{"role", "user"}, {"content", "hi"}}})));
    QVERIFY(!body.contains("tools"));
    QVERIFY(!body.contains("stream_options"));
    QVERIFY(!body.contains("temperature"));
    QCOMPARE(body.at("stream").get<bool>(), false);
    // OpenAI's own API gets the limit under the name its reasoning models take.
    QCOMPARE(body.at("max_completion_tokens").get<int>(), 123);
    QVERIFY(!body.contains("max_tokens"));

    // Two results of one assistant message become two "tool" messages, in order, each marked on its own.
    ChatRequest request;
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.toolCalls = {ToolCall{"c1", "run_python", json{{"code", "1"}}, {}},
                           ToolCall{"c2", "run_python", json{{"code", "2"}}, {}}};
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults = {ToolResult{"c1", "fine", false, {}},
                           ToolResult{"c2", "There is no tool named x.", true, {}}};
    request.messages = {ChatMessage::user("go"), assistant, results};
    const json messages = provider.requestBody(request).at("messages");
    QCOMPARE(messages.size(), std::size_t(4));
    QCOMPARE(messages[1].at("tool_calls").size(), std::size_t(2));
    QCOMPARE(text(messages[2]), text({{"role", "tool"}, {"tool_call_id", "c1"}, {"content", "fine"}}));
    QCOMPARE(messages[3].at("tool_call_id").get<std::string>(), std::string("c2"));
    QCOMPARE(messages[3].at("content").get<std::string>(),
             std::string("Error: the tool call failed.\nThere is no tool named x."));

    // A final answer without tool calls keeps its text and has no tool_calls member.
    ChatMessage answer;
    answer.role = ChatMessage::Role::Assistant;
    answer.text = "done";
    request.messages = {ChatMessage::user("go"), answer};
    QCOMPARE(text(provider.requestBody(request).at("messages")[1]),
             text({{"role", "assistant"}, {"content", "done"}}));
}

void TestOpenAiProvider::tokenLimitMember_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("sent");
    const int openAi = int(ProviderKind::OpenAiCompatible);
    QTest::newRow("OpenAI's own API") << openAi << "https://api.openai.com/v1"
                                      << "auto"
                                      << "max_completion_tokens";
    QTest::newRow("a local server") << openAi << "http://localhost:11434/v1"
                                    << "auto"
                                    << "max_tokens";
    QTest::newRow("a host named like OpenAI's") << openAi << "https://api.openai.com.example.org/v1"
                                                << "auto"
                                                << "max_tokens";
    QTest::newRow("chosen: max_tokens at OpenAI") << openAi << "https://api.openai.com/v1"
                                                  << "max_tokens"
                                                  << "max_tokens";
    QTest::newRow("chosen: max_completion_tokens locally") << openAi << "http://localhost:8080/v1"
                                                           << "max_completion_tokens"
                                                           << "max_completion_tokens";
    QTest::newRow("Anthropic knows only max_tokens")
        << int(ProviderKind::Anthropic) << "https://api.anthropic.com"
        << "max_completion_tokens"
        << "max_tokens";
}

void TestOpenAiProvider::tokenLimitMember() {
    QFETCH(int, kind);
    QFETCH(QString, baseUrl);
    QFETCH(QString, field);
    QFETCH(QString, sent);
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind(kind));
    settings.baseUrl = baseUrl.toStdString();
    settings.maxTokens = 777;
    settings.tokenLimitField = tokenLimitFieldFromString(field.toStdString()).value();
    const json body = ProviderKind(kind) == ProviderKind::Anthropic
                          ? ModelProvider(settings, anthropicMessagesApi()).requestBody(simpleRequest())
                          : ModelProvider(settings, chatCompletionsApi()).requestBody(simpleRequest());
    QCOMPARE(body.value(sent.toStdString(), 0), 777);
    const std::string other = sent == "max_tokens" ? "max_completion_tokens" : "max_tokens";
    QVERIFY2(!body.contains(other), body.dump().c_str());
}

// OpenAI's reasoning models answer max_tokens with a 400 naming the replacement: the request is sent again
// once with it, and the provider keeps it for every later call.
void TestOpenAiProvider::refusedTokenLimitIsRenamedOnce() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", kOpenAi.path(),
        ScriptedResponse::json(400, unsupportedParameterError("max_tokens", "max_completion_tokens")));
    server.enqueue("POST", kOpenAi.path(), openAiTurn("4"));
    server.enqueue("POST", kOpenAi.path(), openAiTurn("5"));
    ProviderSettings settings = settingsFor(server);
    settings.maxTokens = 321;
    ModelProvider provider(settings, chatCompletionsApi());
    Recorder recorder;
    const ProviderReply first = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(first.turn, qPrintable(describe(first)));
    QCOMPARE(first.turn->text, std::string("4"));
    const ProviderReply second = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(second.turn, qPrintable(describe(second)));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(bodyOf(requests[0]).value("max_tokens", 0), 321);
    for (int i : {1, 2}) {
        const json body = bodyOf(requests[i]);
        QCOMPARE(body.value("max_completion_tokens", 0), 321);
        QVERIFY2(!body.contains("max_tokens"), body.dump().c_str());
    }
    QCOMPARE(recorder.notices.size(), std::size_t(1));
    QVERIFY2(recorder.notices[0].find("\"max_completion_tokens\" instead") != std::string::npos,
             recorder.notices[0].c_str());
}

// A server that refuses both names gets each once, then its refusal is the error.
void TestOpenAiProvider::renamedTokenLimitIsTriedOnlyOnce() {
    ScriptedHttpServer server;
    server.enqueue(
        "POST", kOpenAi.path(),
        ScriptedResponse::json(400, unsupportedParameterError("max_tokens", "max_completion_tokens")));
    server.enqueue(
        "POST", kOpenAi.path(),
        ScriptedResponse::json(400, unsupportedParameterError("max_completion_tokens", "max_tokens")));
    server.setFallback(openAiTurn("should not be asked"));
    ModelProvider provider(settingsFor(server), chatCompletionsApi());
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::BadRequest));
    QCOMPARE(reply.error->httpStatus, 400L);
    QVERIFY2(reply.error->message.find("'max_completion_tokens' is not supported") != std::string::npos,
             reply.error->message.c_str());
    QCOMPARE(server.requests().size(), 2);
}

void TestOpenAiProvider::otherRefusalsAreNotRetried_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QByteArray>("refusal");
    QTest::newRow("max_tokens chosen explicitly")
        << "max_tokens" << unsupportedParameterError("max_tokens", "max_completion_tokens");
    QTest::newRow("another member refused") << "auto" << unsupportedValueError("temperature");
    QTest::newRow("a 400 that names no member")
        << "auto"
        << dumped({{"error", {{"message", "max_tokens is too large: 999999"}, {"type", "invalid"}}}});
}

void TestOpenAiProvider::otherRefusalsAreNotRetried() {
    QFETCH(QString, field);
    QFETCH(QByteArray, refusal);
    ScriptedHttpServer server;
    server.enqueue("POST", kOpenAi.path(), ScriptedResponse::json(400, refusal));
    server.setFallback(openAiTurn("should not be asked"));
    ProviderSettings settings = settingsFor(server);
    settings.tokenLimitField = tokenLimitFieldFromString(field.toStdString()).value();
    ModelProvider provider(settings, chatCompletionsApi());
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::BadRequest));
    QCOMPARE(server.requests().size(), 1);
}

void TestOpenAiProvider::streamedTextThenToolCall() {
    ScriptedHttpServer server;
    // The arguments are cut inside the JSON string, between a backslash and its escape, and mid-key.
    server.enqueue("POST", kOpenAi.path(),
                   ScriptedResponse::sse(
                       replyStream({textChunk("Let me "), textChunk("run that."),
                                    callStartChunk(0, "call_Xy12", "run_python"), argumentsChunk(0, "{\"co"),
                                    argumentsChunk(0, "de\": \"print("), argumentsChunk(0, "'h\\u00e9')\\"),
                                    argumentsChunk(0, "nprint(2"), argumentsChunk(0, ")\"}")},
                                   "tool_calls"),
                       5));
    ModelProvider provider(settingsFor(server), chatCompletionsApi());
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    const ModelTurn& turn = *reply.turn;
    QCOMPARE(turn.text, std::string("Let me run that."));
    QCOMPARE(recorder.texts, (std::vector<std::string>{"Let me ", "run that."}));
    QCOMPARE(recorder.order, (std::vector<std::string>{"text", "text", "tool:call_Xy12"}));
    QCOMPARE(recorder.started.size(), std::size_t(1));
    QCOMPARE(recorder.started[0].name, std::string("run_python"));

    QCOMPARE(turn.toolCalls.size(), std::size_t(1));
    const ToolCall& call = turn.toolCalls[0];
    QCOMPARE(call.id, std::string("call_Xy12"));
    QCOMPARE(call.name, std::string("run_python"));
    QVERIFY(call.arguments.is_object());
    QCOMPARE(call.arguments.at("code").get<std::string>(), std::string("print('h\xC3\xA9')\nprint(2)"));
    QCOMPARE(call.rawArguments, std::string("{\"code\": \"print('h\\u00e9')\\nprint(2)\"}"));
    QCOMPARE(turn.finish, FinishReason::ToolUse);
    QCOMPARE(turn.finishDetail, std::string("tool_calls"));
    QCOMPARE(turn.inputTokens, 42);
    QCOMPARE(turn.outputTokens, 17);
    QVERIFY(reply.partialText.empty());
}

void TestOpenAiProvider::parallelToolCalls() {
    ScriptedHttpServer server;
    // Two calls whose pieces interleave, as OpenAI's parallel tool calls may.
    server.enqueue("POST", kOpenAi.path(),
                   ScriptedResponse::sse(replyStream(
                       {callStartChunk(0, "call_one", "run_python"), argumentsChunk(0, "{\"code\": \"print("),
                        callStartChunk(1, "call_two", "run_python", "{\"code\""),
                        argumentsChunk(1, ": \"print(2)\"}"), argumentsChunk(0, "1)\"}")},
                       "tool_calls")));
    ModelProvider provider(settingsFor(server), chatCompletionsApi());
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QVERIFY(reply.turn->text.empty());
    QVERIFY(recorder.texts.empty()); // the empty content of the role chunk is no text
    QCOMPARE(recorder.order, (std::vector<std::string>{"tool:call_one", "tool:call_two"}));
    const auto& calls = reply.turn->toolCalls;
    QCOMPARE(calls.size(), std::size_t(2));
    QCOMPARE(calls[0].id, std::string("call_one"));
    QCOMPARE(text(calls[0].arguments), text({{"code", "print(1)"}}));
    QCOMPARE(calls[1].id, std::string("call_two"));
    QCOMPARE(text(calls[1].arguments), text({{"code", "print(2)"}}));
    QCOMPARE(reply.turn->finish, FinishReason::ToolUse);
}

void TestOpenAiProvider::localServerStreams_data() {
    QTest::addColumn<QList<QByteArray>>("events");
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QStringList>("codes");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("finishDetail");

    // Ollama: the role and a whole call in one chunk, arguments complete; finish_reason "stop" although a
    // call was made; no usage chunk and no [DONE] before the stream ends.
    const auto wholeCall = [](int index, const char* id, const char* code) {
        json piece = {{"index", index},
                      {"type", "function"},
                      {"function", {{"name", "run_python"}, {"arguments", json{{"code", code}}.dump()}}}};
        if (id)
            piece["id"] = id;
        return piece;
    };
    const auto withCalls = [](const json& calls, const json& finish = nullptr) {
        return dumped(chunkWith({{"role", "assistant"}, {"content", ""}, {"tool_calls", calls}}, finish));
    };
    QTest::newRow("Ollama: whole call, stop, no [DONE]")
        << QList<QByteArray>{withCalls(json::array({wholeCall(0, "call_k2j4", "print(6*7)")})),
                             dumped(chunkWith({{"role", "assistant"}, {"content", ""}}, "stop"))}
        << QStringList{"call_k2j4"} << QStringList{"print(6*7)"} << QString() << "stop";

    // Ollama's parallel calls reuse index 0, told apart only by their ids.
    QTest::newRow("Ollama: parallel calls all at index 0")
        << QList<QByteArray>{withCalls(json::array({wholeCall(0, "call_a", "print(1)")})),
                             withCalls(json::array({wholeCall(0, "call_b", "print(2)")})),
                             dumped(chunkWith(json::object(), "stop")), "[DONE]"}
        << QStringList{"call_a", "call_b"} << QStringList{"print(1)", "print(2)"} << QString() << "stop";

    // llama.cpp-style: reasoning deltas first (not the answer), text, calls without ids, usage with choices.
    json last = chunkWith(json::object(), "tool_calls");
    last["usage"] = {{"prompt_tokens", 42}, {"completion_tokens", 17}};
    QTest::newRow("reasoning, no ids")
        << QList<QByteArray>{dumped(chunkWith({{"reasoning_content", "The user wants 6*7. "}})),
                             dumped(chunkWith({{"reasoning", "Use the tool."}})),
                             textChunk("Computing."),
                             withCalls(json::array({wholeCall(0, nullptr, "print(6*7)")})),
                             withCalls(json::array({wholeCall(1, nullptr, "print(7*6)")})),
                             dumped(last),
                             "[DONE]"}
        << QStringList{"call_0", "call_1"} << QStringList{"print(6*7)", "print(7*6)"} << "Computing."
        << "tool_calls";

    // Older Ollama sent no index: each named call starts a new one, unnamed pieces continue the last.
    const auto noIndex = [](const char* id, const char* name, const std::string& arguments) {
        json piece = {{"type", "function"}, {"function", {{"arguments", arguments}}}};
        if (id)
            piece["id"] = id;
        if (name)
            piece["function"]["name"] = name;
        return dumped(chunkWith({{"tool_calls", json::array({piece})}}));
    };
    QTest::newRow("no index") << QList<QByteArray>{noIndex(nullptr, "run_python", "{\"code\": "),
                                                   noIndex(nullptr, nullptr, "\"print(1)\"}"),
                                                   noIndex(nullptr, "run_python", "{\"code\": \"print(2)\"}"),
                                                   finishChunk("stop")}
                              << QStringList{"call_0", "call_1"} << QStringList{"print(1)", "print(2)"}
                              << QString() << "stop";

    // Arguments as an object instead of a JSON string (seen behind some proxies).
    QTest::newRow("arguments as an object")
        << QList<QByteArray>{withCalls(json::array(
                                 {{{"index", 0},
                                   {"id", "call_o"},
                                   {"type", "function"},
                                   {"function",
                                    {{"name", "run_python"}, {"arguments", {{"code", "print(0)"}}}}}}})),
                             finishChunk("tool_calls"), "[DONE]"}
        << QStringList{"call_o"} << QStringList{"print(0)"} << QString() << "tool_calls";
}

void TestOpenAiProvider::localServerStreams() {
    QFETCH(QList<QByteArray>, events);
    QFETCH(QStringList, ids);
    QFETCH(QStringList, codes);
    QFETCH(QString, text);
    QFETCH(QString, finishDetail);
    ScriptedHttpServer server;
    server.enqueue("POST", kOpenAi.path(), ScriptedResponse::sse(events));
    ProviderSettings settings = settingsFor(server);
    settings.apiKey.clear();
    ModelProvider provider(settings, chatCompletionsApi());
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(QString::fromStdString(reply.turn->text), text);
    QCOMPARE(QString::fromStdString(recorder.allText()), text);
    QCOMPARE(reply.turn->finish, FinishReason::ToolUse);
    QCOMPARE(QString::fromStdString(reply.turn->finishDetail), finishDetail);
    QCOMPARE(reply.turn->toolCalls.size(), std::size_t(ids.size()));
    QCOMPARE(recorder.started.size(), std::size_t(ids.size()));
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const ToolCall& call = reply.turn->toolCalls[static_cast<std::size_t>(i)];
        QCOMPARE(QString::fromStdString(call.id), ids[i]);
        QCOMPARE(QString::fromStdString(recorder.started[static_cast<std::size_t>(i)].id), ids[i]);
        QCOMPARE(call.name, std::string("run_python"));
        QVERIFY2(call.arguments.is_object(), call.rawArguments.c_str());
        QCOMPARE(QString::fromStdString(call.arguments.at("code").get<std::string>()), codes[i]);
    }
}

void TestOpenAiProvider::finishReasons_data() {
    QTest::addColumn<QByteArray>("reason");
    QTest::addColumn<bool>("withCall");
    QTest::addColumn<FinishReason>("finish");
    QTest::newRow("stop") << QByteArray("stop") << false << FinishReason::EndTurn;
    QTest::newRow("length") << QByteArray("length") << false << FinishReason::MaxTokens;
    QTest::newRow("content_filter") << QByteArray("content_filter") << false << FinishReason::ContentFilter;
    QTest::newRow("an unknown reason")
        << QByteArray("insufficient_system_resource") << false << FinishReason::Other;
    QTest::newRow("tool_calls") << QByteArray("tool_calls") << true << FinishReason::ToolUse;
    QTest::newRow("legacy function_call") << QByteArray("function_call") << true << FinishReason::ToolUse;
    QTest::newRow("stop with a call") << QByteArray("stop") << true << FinishReason::ToolUse;
    QTest::newRow("length with a call: cut off, not run as complete")
        << QByteArray("length") << true << FinishReason::MaxTokens;
}

void TestOpenAiProvider::finishReasons() {
    QFETCH(QByteArray, reason);
    QFETCH(bool, withCall);
    QFETCH(FinishReason, finish);
    QList<QByteArray> chunks = {textChunk("Hello.")};
    if (withCall)
        chunks.append(callStartChunk(0, "call_f", "run_python", "{\"code\": \"1\"}"));
    ScriptedHttpServer server;
    server.enqueue("POST", kOpenAi.path(), ScriptedResponse::sse(replyStream(chunks, reason.constData())));
    ModelProvider provider(settingsFor(server), chatCompletionsApi());
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->finish, finish);
    QCOMPARE(QByteArray::fromStdString(reply.turn->finishDetail), reason);
    QCOMPARE(reply.turn->toolCalls.size(), std::size_t(withCall ? 1 : 0));
}

void TestOpenAiProvider::refusalIsKeptApart_data() {
    QTest::addColumn<bool>("stream");
    QTest::newRow("streamed in delta.refusal") << true;
    QTest::newRow("message.refusal of a whole reply") << false;
}

// OpenAI sends a refusal in its own member (content null), streamed in pieces, and ends it with "stop": it
// is the turn's refusal, not its text, and the turn says it was refused.
void TestOpenAiProvider::refusalIsKeptApart() {
    QFETCH(bool, stream);
    ScriptedHttpServer server;
    server.enqueue("POST", kOpenAi.path(),
                   stream ? ScriptedResponse::sse(
                                replyStream({dumped(chunkWith({{"refusal", "I'm sorry, "}})),
                                             dumped(chunkWith({{"refusal", "I can't help with that."}}))},
                                            "stop"))
                          : ScriptedResponse::json(
                                200, completionDocument({{"role", "assistant"},
                                                         {"content", nullptr},
                                                         {"refusal", "I'm sorry, I can't help with that."}},
                                                        "stop")));
    ModelProvider provider(settingsFor(server, stream), chatCompletionsApi());
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->finish, FinishReason::Refusal);
    QCOMPARE(reply.turn->refusal, std::string("I'm sorry, I can't help with that."));
    QCOMPARE(reply.turn->text, std::string());
    QVERIFY(recorder.texts.empty());
}

// finish_reason and [DONE] each end a reply, so either may be missing; a call cut off in its arguments fails.
void TestOpenAiProvider::endMarkers_data() {
    QTest::addColumn<QList<QByteArray>>("events");
    QTest::addColumn<ScriptedResponse::Ending>("ending");
    QTest::addColumn<bool>("succeeds");
    QTest::newRow("cut off mid-arguments")
        << QList<QByteArray>{roleChunk(), callStartChunk(0, "call_c", "run_python", "{\"code\": \"pri")}
        << ScriptedResponse::Ending::Close << false;
    QTest::newRow("cut off after finish_reason")
        << QList<QByteArray>{roleChunk(), textChunk("Done."), finishChunk("stop")}
        << ScriptedResponse::Ending::Close << true;
    QTest::newRow("[DONE] without finish_reason")
        << QList<QByteArray>{roleChunk(), textChunk("Done."), "[DONE]"} << ScriptedResponse::Ending::Complete
        << true;
}

void TestOpenAiProvider::endMarkers() {
    QFETCH(QList<QByteArray>, events);
    QFETCH(ScriptedResponse::Ending, ending);
    QFETCH(bool, succeeds);
    ScriptedHttpServer server;
    server.enqueue("POST", kOpenAi.path(), ScriptedResponse::sse(events).endingWith(ending));
    ModelProvider provider(settingsFor(server), chatCompletionsApi());
    QElapsedTimer timer;
    timer.start();
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY2(secondsSince(timer) < 2, qPrintable(QString::number(secondsSince(timer)))); // no timeout awaited
    if (!succeeds) {
        QVERIFY(reply.error);
        QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Truncated));
        QVERIFY(reply.partialText.empty());
        return;
    }
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("Done."));
    QCOMPARE(reply.turn->finish, FinishReason::EndTurn);
}

QTEST_GUILESS_MAIN(TestOpenAiProvider)
#include "tst_openai_provider.moc"
