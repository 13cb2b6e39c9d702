// The OpenAI-compatible Chat Completions client against the scripted local HTTP server speaking that
// protocol as OpenAI, Ollama and llama.cpp's server do: the request as sent (path, headers, body), streamed
// replies (text, tool_calls deltas by index with arguments split mid-string, parallel calls, bytes split
// inside UTF-8 characters and SSE lines), local servers' quirks (whole calls in one chunk, index 0 reused,
// no ids, no [DONE], "stop" with tool calls, reasoning deltas), non-streamed replies, error statuses and
// retries, error objects mid-stream, malformed and cut-off streams, silence, cancellation, and that the API
// key never shows. No request leaves this machine.

#include "core/agent/openai_provider.h"
#include "core/agent/run_python_tool.h"
#include "support/scripted_http_server.h"

#include <QElapsedTimer>
#include <QTest>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <thread>

using namespace sandbench::agent;
using nlohmann::json;
using test_support::RecordedRequest;
using test_support::ScriptedHttpServer;
using test_support::ScriptedResponse;

namespace {

constexpr const char* kApiKey = "sk-proj-test-0123456789abcdefghijklmnopqrstuvwxyzABCDEF";
constexpr const char* kModel = "gpt-test-mini";
constexpr const char* kPath = "/v1/chat/completions";

ProviderSettings settingsFor(const ScriptedHttpServer& server, bool stream = true) {
    ProviderSettings settings = ProviderSettings::defaultsFor(ProviderKind::OpenAiCompatible);
    settings.baseUrl = server.url().toStdString() + "/v1";
    settings.model = kModel;
    settings.apiKey = kApiKey;
    settings.stream = stream;
    settings.connectTimeout = std::chrono::seconds(2);
    settings.totalTimeout = std::chrono::seconds(10);
    settings.idleTimeout = std::chrono::seconds(5);
    settings.maxRetries = 2;
    settings.retryBaseDelay = std::chrono::milliseconds(10);
    settings.retryMaxDelay = std::chrono::milliseconds(100);
    return settings;
}

ChatRequest simpleRequest() {
    ChatRequest request;
    request.system = "You are a careful assistant.";
    request.messages.push_back(ChatMessage::user("What is 2+2?"));
    request.tools.push_back(runPythonToolSpec());
    return request;
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
    results.toolResults.push_back(ToolResult{"call_A1", R"({"stdout":"4\n","exit_code":3})", true});
    request.messages.push_back(results);
    ChatMessage second;
    second.role = ChatMessage::Role::Assistant;
    second.toolCalls.push_back(ToolCall{"call_B2", "run_python", nullptr, "{\"code\": \"print(1)"});
    request.messages.push_back(second);
    ChatMessage secondResults;
    secondResults.role = ChatMessage::Role::ToolResults;
    secondResults.toolResults.push_back(ToolResult{"call_B2", R"({"stdout":"1\n","exit_code":0})", false});
    request.messages.push_back(secondResults);
    return request;
}

// ---- the chunks of a Chat Completions stream ----

QByteArray dumped(const json& value) {
    return QByteArray::fromStdString(value.dump());
}

json chunkWith(const json& delta, const json& finishReason = nullptr) {
    return {
        {"id", "chatcmpl-7Q9x"},
        {"object", "chat.completion.chunk"},
        {"created", 1700000000},
        {"model", kModel},
        {"system_fingerprint", "fp_test"},
        {"choices",
         json::array(
             {{{"index", 0}, {"delta", delta}, {"logprobs", nullptr}, {"finish_reason", finishReason}}})}};
}

QByteArray roleChunk() {
    return dumped(chunkWith({{"role", "assistant"}, {"content", ""}, {"refusal", nullptr}}));
}

QByteArray textChunk(const std::string& text) {
    return dumped(chunkWith({{"content", text}}));
}

QByteArray finishChunk(const char* reason) {
    return dumped(chunkWith(json::object(), reason));
}

QByteArray usageChunk(int input, int output) {
    json chunk = chunkWith(json::object());
    chunk["choices"] = json::array();
    chunk["usage"] = {
        {"prompt_tokens", input}, {"completion_tokens", output}, {"total_tokens", input + output}};
    return dumped(chunk);
}

// The first piece of a tool call: index, id, type, name and (as OpenAI sends it) empty arguments.
QByteArray callStartChunk(int index, const char* id, const char* name, const std::string& arguments = "") {
    return dumped(chunkWith(
        {{"tool_calls", json::array({{{"index", index},
                                      {"id", id},
                                      {"type", "function"},
                                      {"function", {{"name", name}, {"arguments", arguments}}}}})}}));
}

// A later piece: only the index and more of the arguments.
QByteArray argumentsChunk(int index, const std::string& piece) {
    return dumped(
        chunkWith({{"tool_calls", json::array({{{"index", index}, {"function", {{"arguments", piece}}}}})}}));
}

// A whole stream that ends the OpenAI way: finish_reason, then a usage chunk, then [DONE].
QList<QByteArray> openAiStream(QList<QByteArray> chunks, const char* finishReason) {
    chunks.prepend(roleChunk());
    chunks.append(finishChunk(finishReason));
    chunks.append(usageChunk(42, 17));
    chunks.append("[DONE]");
    return chunks;
}

QByteArray completionDocument(const json& message, const char* finishReason) {
    return dumped({{"id", "chatcmpl-7Q9y"},
                   {"object", "chat.completion"},
                   {"created", 1700000000},
                   {"model", kModel},
                   {"choices", json::array({{{"index", 0},
                                             {"message", message},
                                             {"logprobs", nullptr},
                                             {"finish_reason", finishReason}}})},
                   {"usage", {{"prompt_tokens", 30}, {"completion_tokens", 12}, {"total_tokens", 42}}}});
}

// What the callbacks saw, in order.
struct Recorder {
    std::vector<std::string> texts;
    std::vector<ToolCall> started;
    std::vector<std::string> notices;
    std::vector<std::string> order; // "text" and "tool:<id>"

    StreamCallbacks callbacks() {
        return {[this](std::string_view piece) {
                    texts.emplace_back(piece);
                    order.emplace_back("text");
                },
                [this](const ToolCall& call) {
                    started.push_back(call);
                    order.push_back("tool:" + call.id);
                },
                [this](std::string_view notice) { notices.emplace_back(notice); }};
    }
    std::string allText() const {
        std::string all;
        for (const std::string& piece : texts)
            all += piece;
        return all;
    }
};

QString describe(const ProviderReply& reply) {
    if (reply.error)
        return QString::fromStdString(std::string(toString(reply.error->kind)) + ": " + reply.error->message);
    return QStringLiteral("success: ") + QString::fromStdString(reply.turn->text);
}

QString kindName(ProviderErrorKind kind) {
    return QString::fromUtf8(toString(kind));
}

// JSON as compact text, for comparisons that print both sides (members are in key order).
QString text(const json& value) {
    return QString::fromStdString(value.dump());
}

json bodyOf(const RecordedRequest& request) {
    return json::parse(request.body.toStdString());
}

bool isValidUtf8(const std::string& bytes) {
    const QByteArray raw = QByteArray::fromStdString(bytes);
    return QString::fromUtf8(raw).toUtf8() == raw;
}

double secondsSince(const QElapsedTimer& timer) {
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

// The raw bytes of an SSE stream, one "data:" event per entry.
QByteArray sseBytes(const QList<QByteArray>& events, const QByteArray& lineEnd) {
    QByteArray bytes;
    for (const QByteArray& event : events)
        bytes += "data: " + event + lineEnd + lineEnd;
    return bytes;
}

QList<ScriptedResponse::Part> splitAt(const QByteArray& bytes, QList<qsizetype> cuts, int delayMs) {
    std::sort(cuts.begin(), cuts.end());
    QList<ScriptedResponse::Part> parts;
    qsizetype from = 0;
    for (const qsizetype cut : cuts) {
        if (cut <= from || cut >= bytes.size())
            continue;
        parts.append({bytes.mid(from, cut - from), delayMs});
        from = cut;
    }
    parts.append({bytes.mid(from), delayMs});
    return parts;
}

} // namespace

class TestOpenAiProvider : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void requestAsSent_data();
    void requestAsSent();
    void requestBodyMapsTheConversation();
    void streamedTextThenToolCall();
    void parallelToolCalls();
    void awkwardSplits_data();
    void awkwardSplits();
    void localServerStreams_data();
    void localServerStreams();
    void finishReasons_data();
    void finishReasons();
    void documentReplies_data();
    void documentReplies();
    void rateLimitedThenAnswered();
    void serverErrorsExhaustRetries();
    void errorStatuses_data();
    void errorStatuses();
    void malformedStreams_data();
    void malformedStreams();
    void errorMidStream_data();
    void errorMidStream();
    void streamEndings_data();
    void streamEndings();
    void rawStreams_data();
    void rawStreams();
    void llamaCppErrorLine();
    void silentServerTimesOut();
    void cancelMidStream();
    void keyNeverShown();
};

void TestOpenAiProvider::initTestCase() {
    // A proxy from the environment would carry the loopback requests elsewhere.
    qputenv("no_proxy", "127.0.0.1,localhost");
    qputenv("NO_PROXY", "127.0.0.1,localhost");
}

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
    server.enqueue("POST", kPath,
                   stream ? ScriptedResponse::sse(openAiStream({textChunk("4")}, "stop"))
                          : ScriptedResponse::json(
                                200, completionDocument({{"role", "assistant"}, {"content", "4"}}, "stop")));
    ProviderSettings settings = settingsFor(server, stream);
    if (!withKey)
        settings.apiKey.clear();
    if (trailingSlash)
        settings.baseUrl += "/";
    if (temperature >= 0)
        settings.temperature = temperature;
    OpenAiProvider provider(settings);
    const ProviderReply reply = provider.complete(conversationWithTools(), {}, {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("4"));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 1);
    const RecordedRequest& sent = requests[0];
    QCOMPARE(sent.method, QByteArray("POST"));
    QCOMPARE(sent.path(), QByteArray(kPath));
    if (withKey)
        QCOMPARE(sent.header("Authorization"), QByteArray("Bearer ") + kApiKey);
    else
        QVERIFY2(!sent.hasHeader("Authorization"), sent.header("Authorization").constData());
    QVERIFY(sent.header("Content-Type").startsWith("application/json"));
    if (stream)
        QCOMPARE(sent.header("Accept"), QByteArray("text/event-stream"));

    const json body = bodyOf(sent);
    QCOMPARE(body.at("model").get<std::string>(), std::string(kModel));
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
    settings.model = kModel;
    settings.stream = false;
    settings.maxTokens = 123;
    OpenAiProvider provider(settings);

    // No system prompt, no tools: neither is sent.
    ChatRequest bare;
    bare.messages.push_back(ChatMessage::user("hi"));
    const json body = provider.requestBody(bare);
    QCOMPARE(text(body.at("messages")), text(json::array({{{"role", "user"}, {"content", "hi"}}})));
    QVERIFY(!body.contains("tools"));
    QVERIFY(!body.contains("stream_options"));
    QVERIFY(!body.contains("temperature"));
    QCOMPARE(body.at("stream").get<bool>(), false);
    QCOMPARE(body.at("max_tokens").get<int>(), 123);

    // Two results of one assistant message become two "tool" messages, in order, each marked on its own.
    ChatRequest request;
    ChatMessage assistant;
    assistant.role = ChatMessage::Role::Assistant;
    assistant.toolCalls = {ToolCall{"c1", "run_python", json{{"code", "1"}}, {}},
                           ToolCall{"c2", "run_python", json{{"code", "2"}}, {}}};
    ChatMessage results;
    results.role = ChatMessage::Role::ToolResults;
    results.toolResults = {ToolResult{"c1", "fine", false},
                           ToolResult{"c2", "There is no tool named x.", true}};
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

void TestOpenAiProvider::streamedTextThenToolCall() {
    ScriptedHttpServer server;
    // The arguments are cut inside the JSON string, between a backslash and its escape, and mid-key.
    server.enqueue("POST", kPath,
                   ScriptedResponse::sse(
                       openAiStream({textChunk("Let me "), textChunk("run that."),
                                     callStartChunk(0, "call_Xy12", "run_python"), argumentsChunk(0, "{\"co"),
                                     argumentsChunk(0, "de\": \"print("), argumentsChunk(0, "'h\\u00e9')\\"),
                                     argumentsChunk(0, "nprint(2"), argumentsChunk(0, ")\"}")},
                                    "tool_calls"),
                       5));
    OpenAiProvider provider(settingsFor(server));
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
    server.enqueue("POST", kPath,
                   ScriptedResponse::sse(openAiStream(
                       {callStartChunk(0, "call_one", "run_python"), argumentsChunk(0, "{\"code\": \"print("),
                        callStartChunk(1, "call_two", "run_python", "{\"code\""),
                        argumentsChunk(1, ": \"print(2)\"}"), argumentsChunk(0, "1)\"}")},
                       "tool_calls")));
    OpenAiProvider provider(settingsFor(server));
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

void TestOpenAiProvider::awkwardSplits_data() {
    QTest::addColumn<QByteArray>("lineEnd");
    QTest::addColumn<int>("every"); // 0: cut inside every multibyte character and every "data:"
    QTest::addColumn<int>("delayMs");
    QTest::newRow("inside each character and field name") << QByteArray("\n") << 0 << 3;
    QTest::newRow("every 7 bytes, CRLF") << QByteArray("\r\n") << 7 << 2;
    QTest::newRow("every byte") << QByteArray("\n") << 1 << 1;
}

void TestOpenAiProvider::awkwardSplits() {
    QFETCH(QByteArray, lineEnd);
    QFETCH(int, every);
    QFETCH(int, delayMs);
    const auto minimal = [](const json& delta, const json& finish = nullptr) {
        return dumped(
            {{"choices", json::array({{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}})}});
    };
    // The third piece is written with \u escapes, as some servers do; the rest as raw UTF-8.
    const QList<QByteArray> events = {
        minimal({{"content", "Caf\xC3\xA9 "}}),
        minimal({{"content", "costs 3\xE2\x82\xAC, "}}),
        R"({"choices":[{"index":0,"delta":{"content":"\u00e9t\u00e9 \u20ac "}}]})",
        minimal({{"content", "\xF0\x9F\x98\x80 done"}}),
        minimal({{"tool_calls", json::array({{{"index", 0},
                                              {"id", "call_u"},
                                              {"type", "function"},
                                              {"function", {{"name", "run_python"}, {"arguments", ""}}}}})}}),
        minimal({{"tool_calls",
                  json::array(
                      {{{"index", 0}, {"function", {{"arguments", "{\"code\": \"print('\xE2\x82\xAC"}}}}})}}),
        minimal({{"tool_calls",
                  json::array({{{"index", 0}, {"function", {{"arguments", "\xF0\x9F\x98\x80')\"}"}}}}})}}),
        minimal(json::object(), "tool_calls"),
        "[DONE]",
    };
    const QByteArray bytes = sseBytes(events, lineEnd);
    QList<qsizetype> cuts;
    if (every == 0) {
        for (qsizetype i = 0; i < bytes.size(); ++i) {
            const auto byte = static_cast<unsigned char>(bytes[i]);
            if (byte >= 0x80 && byte < 0xC0) // a continuation byte: cut before it
                cuts.append(i);
        }
        for (qsizetype at = bytes.indexOf("data:"); at >= 0; at = bytes.indexOf("data:", at + 1))
            cuts.append(at + 2);
    } else {
        for (qsizetype i = every; i < bytes.size(); i += every)
            cuts.append(i);
    }
    ScriptedHttpServer server;
    server.enqueue("POST", kPath,
                   ScriptedResponse::chunked(splitAt(bytes, cuts, delayMs), "text/event-stream"));
    OpenAiProvider provider(settingsFor(server));
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    const std::string expected =
        "Caf\xC3\xA9 costs 3\xE2\x82\xAC, \xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 done";
    QCOMPARE(recorder.allText(), expected);
    QCOMPARE(reply.turn->text, expected);
    QCOMPARE(recorder.texts.size(), std::size_t(4));
    for (const std::string& piece : recorder.texts)
        QVERIFY2(isValidUtf8(piece), piece.c_str());
    QCOMPARE(reply.turn->toolCalls.size(), std::size_t(1));
    QCOMPARE(reply.turn->toolCalls[0].arguments.at("code").get<std::string>(),
             std::string("print('\xE2\x82\xAC\xF0\x9F\x98\x80')"));
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
    server.enqueue("POST", kPath, ScriptedResponse::sse(events));
    ProviderSettings settings = settingsFor(server);
    settings.apiKey.clear();
    OpenAiProvider provider(settings);
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
    QTest::newRow("content_filter") << QByteArray("content_filter") << false << FinishReason::Other;
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
    server.enqueue("POST", kPath, ScriptedResponse::sse(openAiStream(chunks, reason.constData())));
    OpenAiProvider provider(settingsFor(server));
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->finish, finish);
    QCOMPARE(QByteArray::fromStdString(reply.turn->finishDetail), reason);
    QCOMPARE(reply.turn->toolCalls.size(), std::size_t(withCall ? 1 : 0));
}

void TestOpenAiProvider::documentReplies_data() {
    QTest::addColumn<bool>("stream"); // true: the server ignored "stream": true
    QTest::newRow("not streamed") << false;
    QTest::newRow("streaming asked, server sent JSON") << true;
}

void TestOpenAiProvider::documentReplies() {
    QFETCH(bool, stream);
    ScriptedHttpServer server;
    const json message = {
        {"role", "assistant"},
        {"content", "Let me check."},
        {"reasoning_content", "thinking..."},
        {"tool_calls",
         json::array({{{"id", "call_n1"},
                       {"type", "function"},
                       {"function", {{"name", "run_python"}, {"arguments", "{\"code\":\"print(4)\"}"}}}},
                      {{"id", "call_n2"},
                       {"type", "function"},
                       {"function", {{"name", "run_python"}, {"arguments", "not json"}}}}})}};
    server.enqueue("POST", kPath, ScriptedResponse::json(200, completionDocument(message, "tool_calls")));
    OpenAiProvider provider(settingsFor(server, stream));
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    const ModelTurn& turn = *reply.turn;
    QCOMPARE(turn.text, std::string("Let me check."));
    QCOMPARE(recorder.allText(), turn.text); // shown once, whole
    QCOMPARE(turn.finish, FinishReason::ToolUse);
    QCOMPARE(turn.inputTokens, 30);
    QCOMPARE(turn.outputTokens, 12);
    QCOMPARE(turn.toolCalls.size(), std::size_t(2));
    QCOMPARE(turn.toolCalls[0].id, std::string("call_n1"));
    QCOMPARE(text(turn.toolCalls[0].arguments), text({{"code", "print(4)"}}));
    // Arguments that are not JSON do not fail the reply: the loop tells the model.
    QCOMPARE(turn.toolCalls[1].id, std::string("call_n2"));
    QVERIFY(turn.toolCalls[1].arguments.is_null());
    QCOMPARE(turn.toolCalls[1].rawArguments, std::string("not json"));
    QCOMPARE(recorder.started.size(), std::size_t(2));
    QCOMPARE(bodyOf(server.requests()[0]).at("stream").get<bool>(), stream);
}

void TestOpenAiProvider::rateLimitedThenAnswered() {
    ScriptedHttpServer server;
    server.enqueue("POST", kPath,
                   ScriptedResponse::json(429,
                                          R"({"error": {"message": "Rate limit reached for gpt-test-mini",)"
                                          R"( "type": "requests", "code": "rate_limit_exceeded"}})")
                       .withHeader("retry-after", "0"));
    server.enqueue("POST", kPath, ScriptedResponse::sse(openAiStream({textChunk("ok")}, "stop")));
    OpenAiProvider provider(settingsFor(server));
    Recorder recorder;
    QElapsedTimer timer;
    timer.start();
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("ok"));
    QCOMPARE(recorder.allText(), std::string("ok")); // nothing shown twice
    QCOMPARE(server.requests().size(), 2);
    QCOMPARE(recorder.notices.size(), std::size_t(1));
    QVERIFY2(recorder.notices[0].find("429") != std::string::npos, recorder.notices[0].c_str());
    QVERIFY2(recorder.notices[0].find("attempt 2 of 3") != std::string::npos, recorder.notices[0].c_str());
    QVERIFY(secondsSince(timer) < 3);
}

void TestOpenAiProvider::serverErrorsExhaustRetries() {
    ScriptedHttpServer server;
    server.setFallback(ScriptedResponse::json(
        503, R"({"error": {"message": "The engine is currently overloaded, please try again later",)"
             R"( "type": "server_error"}})"));
    OpenAiProvider provider(settingsFor(server));
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::ServerError));
    QCOMPARE(reply.error->attempts, 3);
    QCOMPARE(reply.error->httpStatus, 503L);
    QVERIFY2(reply.error->message.find("currently overloaded") != std::string::npos,
             reply.error->message.c_str());
    QCOMPARE(server.requests().size(), 3);
    QCOMPARE(recorder.notices.size(), std::size_t(2));
}

void TestOpenAiProvider::errorStatuses_data() {
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<ProviderErrorKind>("kind");
    QTest::addColumn<QStringList>("mentions");
    QTest::newRow("401, OpenAI's error")
        << 401
        << QByteArray(
               R"({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",)"
               R"( "param": null, "code": "invalid_api_key"}})")
        << ProviderErrorKind::Unauthorized
        << QStringList{"401", "Incorrect API key provided", "OPENAI_API_KEY"};
    QTest::newRow("404, no such model")
        << 404
        << QByteArray(R"({"error": {"message": "The model `gpt-test-mini` does not exist or you do not have)"
                      R"( access to it.", "type": "invalid_request_error", "code": "model_not_found"}})")
        << ProviderErrorKind::NotFound << QStringList{"404", "does not exist", "gpt-test-mini", "/v1"};
    QTest::newRow("404, Ollama's model not found")
        << 404 << QByteArray(R"({"error": {"message": "model \"llama9\" not found, try pulling it first"}})")
        << ProviderErrorKind::NotFound << QStringList{"404", "try pulling it first"};
    QTest::newRow("400, context too long")
        << 400
        << QByteArray(R"({"error": {"message": "This model's maximum context length is 128000 tokens.",)"
                      R"( "type": "invalid_request_error", "code": "context_length_exceeded"}})")
        << ProviderErrorKind::BadRequest << QStringList{"400", "maximum context length"};
}

void TestOpenAiProvider::errorStatuses() {
    QFETCH(int, status);
    QFETCH(QByteArray, answer);
    QFETCH(ProviderErrorKind, kind);
    QFETCH(QStringList, mentions);
    ScriptedHttpServer server;
    server.enqueue("POST", kPath, ScriptedResponse::json(status, answer));
    OpenAiProvider provider(settingsFor(server));
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(kind));
    QCOMPARE(reply.error->httpStatus, long(status));
    QCOMPARE(reply.error->attempts, 1); // not retried
    QCOMPARE(server.requests().size(), 1);
    const QString message = QString::fromStdString(reply.error->message);
    for (const QString& word : mentions)
        QVERIFY2(message.contains(word), qPrintable(message));
    QVERIFY(!message.contains(kApiKey));
}

void TestOpenAiProvider::malformedStreams_data() {
    QTest::addColumn<QByteArray>("bad");
    QTest::newRow("not JSON") << QByteArray(R"({"choices": [{"index": 0, "delta": {"content": "x"})");
    QTest::newRow("choices not a list") << QByteArray(R"({"choices": "surprise"})");
    QTest::newRow("content a number")
        << QByteArray(R"({"choices": [{"index": 0, "delta": {"content": 7}}]})");
    QTest::newRow("finish_reason an object")
        << QByteArray(R"({"choices": [{"index": 0, "delta": {}, "finish_reason": {"why": 1}}]})");
    QTest::newRow("HTML") << QByteArray("<html><body>Bad gateway</body></html>");
}

void TestOpenAiProvider::malformedStreams() {
    QFETCH(QByteArray, bad);
    ScriptedHttpServer server;
    server.enqueue(
        "POST", kPath,
        ScriptedResponse::sse(openAiStream(
            {textChunk("Partial "), textChunk("answer"), bad, textChunk(" never shown")}, "stop")));
    OpenAiProvider provider(settingsFor(server));
    Recorder recorder;
    const ProviderReply reply = provider.complete(simpleRequest(), recorder.callbacks(), {});
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Malformed));
    QCOMPARE(reply.error->httpStatus, 200L);
    QCOMPARE(reply.partialText, std::string("Partial answer"));
    QCOMPARE(recorder.allText(), std::string("Partial answer"));
    QVERIFY2(reply.error->message.find("127.0.0.1") != std::string::npos, reply.error->message.c_str());
}

void TestOpenAiProvider::errorMidStream_data() {
    QTest::addColumn<QByteArray>("error");
    QTest::addColumn<ProviderErrorKind>("kind");
    QTest::addColumn<QString>("said");
    QTest::newRow("server_error")
        << QByteArray(
               R"({"error": {"message": "The server had an error while processing your request. Sorry!",)"
               R"( "type": "server_error", "param": null, "code": null}})")
        << ProviderErrorKind::ServerError << "The server had an error while processing your request";
    QTest::newRow("invalid_request_error")
        << QByteArray(R"({"error": {"message": "Invalid 'messages[2].tool_calls': empty array.",)"
                      R"( "type": "invalid_request_error"}})")
        << ProviderErrorKind::BadRequest << "empty array";
    QTest::newRow("a bare string, numeric code") << QByteArray(R"({"error": "out of memory", "code": 500})")
                                                 << ProviderErrorKind::ServerError << "out of memory";
    QTest::newRow("named event, plain text")
        << QByteArray("event: error\nmodel crashed") << ProviderErrorKind::ServerError << "model crashed";
}

void TestOpenAiProvider::errorMidStream() {
    QFETCH(QByteArray, error);
    QFETCH(ProviderErrorKind, kind);
    QFETCH(QString, said);
    ScriptedHttpServer server;
    server.enqueue("POST", kPath,
                   ScriptedResponse::sse({roleChunk(), textChunk("So far"), error, textChunk(" more"),
                                          finishChunk("stop"), "[DONE]"}));
    OpenAiProvider provider(settingsFor(server));
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(kind));
    QVERIFY2(QString::fromStdString(reply.error->message).contains(said), reply.error->message.c_str());
    QCOMPARE(reply.partialText, std::string("So far"));
    QCOMPARE(server.requests().size(), 1); // a stream that began is never retried
}

void TestOpenAiProvider::streamEndings_data() {
    QTest::addColumn<QList<QByteArray>>("events");
    QTest::addColumn<ScriptedResponse::Ending>("ending");
    QTest::addColumn<bool>("succeeds");
    QTest::addColumn<QString>("partial");
    QTest::newRow("cut off mid-stream") << QList<QByteArray>{roleChunk(), textChunk("The answer is ")}
                                        << ScriptedResponse::Ending::Close << false << "The answer is ";
    QTest::newRow("cut off mid-arguments")
        << QList<QByteArray>{roleChunk(), callStartChunk(0, "call_c", "run_python", "{\"code\": \"pri")}
        << ScriptedResponse::Ending::Close << false << "";
    QTest::newRow("ended cleanly, unfinished") << QList<QByteArray>{roleChunk(), textChunk("Half")}
                                               << ScriptedResponse::Ending::Complete << false << "Half";
    QTest::newRow("cut off after finish_reason")
        << QList<QByteArray>{roleChunk(), textChunk("Done."), finishChunk("stop")}
        << ScriptedResponse::Ending::Close << true << "";
    QTest::newRow("[DONE], then the connection stays open")
        << QList<QByteArray>{roleChunk(), textChunk("Done."), finishChunk("stop"), "[DONE]"}
        << ScriptedResponse::Ending::Hang << true << "";
    QTest::newRow("[DONE] without finish_reason")
        << QList<QByteArray>{roleChunk(), textChunk("Done."), "[DONE]"} << ScriptedResponse::Ending::Complete
        << true << "";
}

void TestOpenAiProvider::streamEndings() {
    QFETCH(QList<QByteArray>, events);
    QFETCH(ScriptedResponse::Ending, ending);
    QFETCH(bool, succeeds);
    QFETCH(QString, partial);
    ScriptedHttpServer server;
    server.enqueue("POST", kPath, ScriptedResponse::sse(events).endingWith(ending));
    OpenAiProvider provider(settingsFor(server));
    QElapsedTimer timer;
    timer.start();
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY2(secondsSince(timer) < 2, qPrintable(QString::number(secondsSince(timer)))); // no timeout awaited
    if (succeeds) {
        QVERIFY2(reply.turn, qPrintable(describe(reply)));
        QCOMPARE(reply.turn->text, std::string("Done."));
        QCOMPARE(reply.turn->finish, FinishReason::EndTurn);
        return;
    }
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Truncated));
    QCOMPARE(QString::fromStdString(reply.partialText), partial);
    QCOMPARE(server.requests().size(), 1);
}

void TestOpenAiProvider::rawStreams_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("succeeds");
    const QByteArray text = "data: " + textChunk("Done.") + "\n\n";
    const QByteArray finish = "data: " + finishChunk("stop");
    QTest::newRow("byte order mark first") << "\xEF\xBB\xBF" + text + finish + "\n\ndata: [DONE]\n\n" << true;
    QTest::newRow("comments and keep-alives (OpenRouter)")
        << ": OPENROUTER PROCESSING\n\n" + text + ": keep-alive\n\n" + finish + "\n\n"
        << true;
    QTest::newRow("last event without its blank line") << text + finish << true;
    QTest::newRow("last event cut off inside its JSON") << text + finish.left(finish.size() - 9) << false;
}

void TestOpenAiProvider::rawStreams() {
    QFETCH(QByteArray, bytes);
    QFETCH(bool, succeeds);
    ScriptedHttpServer server;
    server.enqueue("POST", kPath, ScriptedResponse::chunked({{bytes, 0}}, "text/event-stream"));
    OpenAiProvider provider(settingsFor(server));
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    if (!succeeds) {
        QVERIFY(reply.error);
        QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Truncated));
        QCOMPARE(reply.partialText, std::string("Done."));
        return;
    }
    QVERIFY2(reply.turn, qPrintable(describe(reply)));
    QCOMPARE(reply.turn->text, std::string("Done."));
    QCOMPARE(reply.turn->finish, FinishReason::EndTurn);
}

void TestOpenAiProvider::llamaCppErrorLine() {
    // llama.cpp's server reports a failure mid-stream as an "error:" line (not "data:"), then sends
    // "data: [DONE]" as always: the error must not pass for an empty, finished reply.
    const QByteArray bytes =
        "data: " + textChunk("Done.") +
        "\n\n"
        "error: {\"code\":400,\"message\":\"the request exceeds the available context size, "
        "try increasing it\",\"type\":\"exceed_context_size_error\"}\n\n"
        "data: [DONE]\n\n";
    ScriptedHttpServer server;
    server.enqueue("POST", kPath, ScriptedResponse::chunked({{bytes, 0}}, "text/event-stream"));
    OpenAiProvider provider(settingsFor(server));
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    QVERIFY2(reply.error, qPrintable(describe(reply)));
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::BadRequest));
    QVERIFY2(reply.error->message.find("exceeds the available context size") != std::string::npos,
             reply.error->message.c_str());
    QCOMPARE(reply.partialText, std::string("Done."));
}

void TestOpenAiProvider::silentServerTimesOut() {
    ScriptedHttpServer server;
    server.enqueue("POST", kPath, ScriptedResponse::silence());
    ProviderSettings settings = settingsFor(server);
    settings.idleTimeout = std::chrono::milliseconds(300);
    settings.totalTimeout = std::chrono::seconds(2);
    OpenAiProvider provider(settings);
    QElapsedTimer timer;
    timer.start();
    const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
    const double seconds = secondsSince(timer);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Timeout));
    QVERIFY2(seconds < 2.5, qPrintable(QString::number(seconds)));
    QCOMPARE(server.requests().size(), 1); // a request that may have reached the model is not sent again
}

void TestOpenAiProvider::cancelMidStream() {
    ScriptedHttpServer server;
    ScriptedResponse response =
        ScriptedResponse::sse({roleChunk(), textChunk("Thinking about it"), textChunk(" much later"),
                               finishChunk("stop"), "[DONE]"});
    response.body[2].delayMs = 5000;
    server.enqueue("POST", kPath, response);
    OpenAiProvider provider(settingsFor(server));
    std::stop_source stop;
    QElapsedTimer sinceStop;
    std::jthread stopper;
    StreamCallbacks callbacks;
    callbacks.text = [&](std::string_view) {
        if (!stopper.joinable()) {
            stopper = std::jthread([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(200));
                sinceStop.start();
                stop.request_stop();
            });
        }
    };
    QElapsedTimer timer;
    timer.start();
    const ProviderReply reply = provider.complete(simpleRequest(), callbacks, stop.get_token());
    const double total = secondsSince(timer);
    QVERIFY2(stopper.joinable(), qPrintable(describe(reply))); // the first text arrived
    stopper.join();
    const double afterStop = secondsSince(sinceStop);
    QVERIFY(!reply.turn);
    QVERIFY(reply.error);
    QCOMPARE(kindName(reply.error->kind), kindName(ProviderErrorKind::Cancelled));
    QCOMPARE(reply.partialText, std::string("Thinking about it"));
    QVERIFY2(afterStop < 1.0, qPrintable(QString::number(afterStop)));
    QVERIFY2(total < 2.0, qPrintable(QString::number(total)));
}

void TestOpenAiProvider::keyNeverShown() {
    ScriptedHttpServer server;
    ProviderSettings settings = settingsFor(server);
    QVERIFY(settings.describe().find(kApiKey) == std::string::npos);
    QVERIFY(settings.describe().find(kModel) != std::string::npos);

    server.enqueue("POST", kPath,
                   ScriptedResponse::json(401, R"({"error": {"message": "Incorrect API key provided",)"
                                               R"( "code": "invalid_api_key"}})"));
    server.enqueue("POST", kPath, ScriptedResponse::json(403, R"({"error": "forbidden"})"));
    server.enqueue("POST", kPath, ScriptedResponse::json(500, "oops"));
    server.enqueue("POST", kPath, ScriptedResponse::sse({"{broken"}));
    server.enqueue("POST", kPath,
                   ScriptedResponse::sse({textChunk("x")}).endingWith(ScriptedResponse::Ending::Close));
    server.enqueue("POST", kPath, ScriptedResponse::sse({R"({"error": {"message": "boom"}})"}));
    server.enqueue("POST", kPath, ScriptedResponse::silence());
    settings.maxRetries = 0;
    settings.idleTimeout = std::chrono::milliseconds(200);
    OpenAiProvider provider(settings);
    std::vector<std::string> messages;
    for (int i = 0; i < 7; ++i) {
        const ProviderReply reply = provider.complete(simpleRequest(), {}, {});
        QVERIFY2(reply.error, qPrintable(describe(reply)));
        messages.push_back(reply.error->message);
    }
    // A server that is not there.
    ProviderSettings gone = settings;
    {
        ScriptedHttpServer closed;
        gone.baseUrl = closed.url().toStdString() + "/v1";
    }
    const ProviderReply refused = OpenAiProvider(gone).complete(simpleRequest(), {}, {});
    QVERIFY(refused.error);
    QCOMPARE(kindName(refused.error->kind), kindName(ProviderErrorKind::Network));
    messages.push_back(refused.error->message);

    for (const std::string& message : messages) {
        QVERIFY(!message.empty());
        QVERIFY2(message.find(kApiKey) == std::string::npos, message.c_str());
        QVERIFY2(message.find("sk-proj") == std::string::npos, message.c_str());
    }
    for (const RecordedRequest& request : server.requests())
        QVERIFY(!request.body.contains(kApiKey)); // only in the Authorization header
}

QTEST_GUILESS_MAIN(TestOpenAiProvider)
#include "tst_openai_provider.moc"
