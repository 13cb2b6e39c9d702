#pragma once

// Each LLM provider's protocol as tst_provider_contract's cases need it: the events that begin a streamed
// reply, carry a piece of text and complete it; a reply sent as one document; error bodies and error events;
// and the events that break the protocol. A case builds the same scenario for every provider from these.

#include "core/agent/llm_provider.h"
#include "provider_scripts.h"

#include <QList>
#include <QString>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace test_support {

// An error event (or line) in the middle of a stream, and what the client must make of it.
struct ErrorEvent {
    const char* name;
    QByteArray wire; // the bytes as sent
    sandbench::agent::ProviderErrorKind kind;
    QString said; // the server's words, which the message must carry
};

// An event that breaks the protocol, and a word the message must name.
struct MalformedEvent {
    const char* name;
    QList<QByteArray> events;
    QString names;
};

// A provider's protocol as the cases need it.
struct Dialect {
    const char* keyVariable;
    QList<QByteArray> start;                                       // the events before any text
    std::function<QByteArray(const std::string&, bool)> textEvent; // a piece of text, JSON \u-escaped or not
    QList<QByteArray> closing; // the events that make the reply whole, the one that completes it last
    QList<QByteArray> trailer; // what may follow that one
    QByteArray document;       // "Let me check." and run_python call_d1 {"code": "print(4)"}, 30 + 12 tokens
    std::function<QByteArray(int status, const std::string& message)> statusError; // an error status's body
    std::function<QByteArray(const std::string& message, bool serverFault)> errorEvent;
    QList<ErrorEvent> ownErrorEvents; // forms of error events only this protocol has
    QList<MalformedEvent> malformed;
};

inline Dialect anthropicDialect() {
    using namespace test_support::anthropic;
    const auto errorType = [](int status) {
        switch (status) {
        case 400:
            return "invalid_request_error";
        case 401:
            return "authentication_error";
        case 403:
            return "permission_error";
        case 404:
            return "not_found_error";
        case 429:
            return "rate_limit_error";
        case 529:
            return "overloaded_error";
        default:
            return "api_error";
        }
    };
    Dialect dialect;
    dialect.keyVariable = "ANTHROPIC_API_KEY";
    dialect.start = {sseEvent(messageStart()), sseEvent(textStart(0))};
    dialect.textEvent = [](const std::string& text, bool ascii) {
        return QByteArray::fromStdString("event: content_block_delta\n" +
                                         textDelta(0, text).dump(-1, ' ', ascii));
    };
    dialect.closing = {sseEvent(blockStop(0)), sseEvent(messageDelta("end_turn")), sseEvent(messageStop())};
    dialect.document =
        QByteArray::fromStdString(json{{"id", "msg_01"},
                                       {"type", "message"},
                                       {"role", "assistant"},
                                       {"model", "claude-test"},
                                       {"content",
                                        {{{"type", "text"}, {"text", "Let me check."}},
                                         {{"type", "tool_use"},
                                          {"id", "call_d1"},
                                          {"name", "run_python"},
                                          {"input", {{"code", "print(4)"}}}}}},
                                       {"stop_reason", "tool_use"},
                                       {"stop_sequence", nullptr},
                                       {"usage", {{"input_tokens", 30}, {"output_tokens", 12}}}}
                                      .dump());
    dialect.statusError = [errorType](int status, const std::string& message) {
        return errorJson(errorType(status), message);
    };
    dialect.errorEvent = [](const std::string& message, bool serverFault) {
        return "event: error\n" + errorJson(serverFault ? "api_error" : "invalid_request_error", message);
    };
    dialect.ownErrorEvents = {
        {"overloaded_error",
         ScriptedResponse::sseBytes({"event: error\n" + errorJson("overloaded_error", "Overloaded")}),
         sandbench::agent::ProviderErrorKind::ServerError, "Overloaded"}};
    dialect.malformed = {
        {"cut-off JSON",
         {"event: content_block_delta\n{\"type\": \"content_block_delta\", \"index\": 0, \"delta\": "
          "{\"type\": "
          "\"text_delta\", \"text\": \"oops"},
         "content_block_delta"},
        {"not an object", {"event: message_delta\n[1, 2, 3]"}, "message_delta"},
        {"delta of a block never started", {sseEvent(textDelta(5, "ghost"))}, "block 5"},
        {"text delta in a tool block",
         {sseEvent(toolStart(1, "toolu_1")),
          "event: content_block_delta\n{\"type\": \"content_block_delta\", "
          "\"index\": 1, \"delta\": {\"type\": "
          "\"text_delta\", \"text\": 7}}"},
         "text_delta"},
    };
    return dialect;
}

inline Dialect openAiDialect() {
    using namespace test_support::openai;
    Dialect dialect;
    dialect.keyVariable = "OPENAI_API_KEY";
    dialect.start = {roleChunk()};
    dialect.textEvent = [](const std::string& text, bool ascii) {
        return QByteArray::fromStdString(chunkWith({{"content", text}}).dump(-1, ' ', ascii));
    };
    dialect.closing = {finishChunk("stop")};
    dialect.trailer = {usageChunk(42, 17), "[DONE]"};
    dialect.document = completionDocument(
        {{"role", "assistant"},
         {"content", "Let me check."},
         {"tool_calls",
          json::array({{{"id", "call_d1"},
                        {"type", "function"},
                        {"function", {{"name", "run_python"}, {"arguments", "{\"code\":\"print(4)\"}"}}}}})}},
        "tool_calls");
    dialect.statusError = [](int status, const std::string& message) {
        return dumped({{"error",
                        {{"message", message},
                         {"type", status >= 500 ? "server_error" : "invalid_request_error"},
                         {"param", nullptr},
                         {"code", nullptr}}}});
    };
    dialect.errorEvent = [](const std::string& message, bool serverFault) {
        return dumped(
            {{"error",
              {{"message", message}, {"type", serverFault ? "server_error" : "invalid_request_error"}}}});
    };
    dialect.ownErrorEvents = {
        {"a bare string, numeric code",
         ScriptedResponse::sseBytes({R"({"error": "out of memory", "code": 500})"}),
         sandbench::agent::ProviderErrorKind::ServerError, "out of memory"},
        {"named event, plain text", ScriptedResponse::sseBytes({"event: error\nmodel crashed"}),
         sandbench::agent::ProviderErrorKind::ServerError, "model crashed"},
    };
    dialect.malformed = {
        {"not JSON", {R"({"choices": [{"index": 0, "delta": {"content": "x"})"}, "127.0.0.1"},
        {"choices not a list", {R"({"choices": "surprise"})"}, "127.0.0.1"},
        {"content a number", {R"({"choices": [{"index": 0, "delta": {"content": 7}}]})"}, "127.0.0.1"},
        {"finish_reason an object",
         {R"({"choices": [{"index": 0, "delta": {}, "finish_reason": {"why": 1}}]})"},
         "127.0.0.1"},
        {"HTML", {"<html><body>Bad gateway</body></html>"}, "127.0.0.1"},
    };
    return dialect;
}

inline const Dialect& dialectOf(sandbench::agent::ProviderKind kind) {
    static const Dialect anthropic = anthropicDialect();
    static const Dialect openAi = openAiDialect();
    return kind == sandbench::agent::ProviderKind::Anthropic ? anthropic : openAi;
}

} // namespace test_support
