#pragma once

// Scripted replies in each LLM provider's documented streaming protocol, for tests of the LLM clients, the
// agent loop and its front ends against ScriptedHttpServer: Anthropic's Messages API events and OpenAI's Chat
// Completions chunks, built with nlohmann_json so every string is escaped as a real server would. Events are
// entries for ScriptedResponse::sse (and ScriptedResponse::sseBytes, for tests that cut the bytes up).
//
// These are the recorded shapes of the real services, kept here and only here so a reader can check them
// against their sources:
// - Anthropic: the Messages API reference and its "Streaming Messages" page (event order, ping, error
//   events); anthropic-sdk-python src/anthropic/types/raw_message_*_event.py, message.py (stop_reason values
//   end_turn, max_tokens, stop_sequence, tool_use, pause_turn, refusal, model_context_window_exceeded) and
//   _exceptions.py (error bodies {"type": "error", "error": {"type", "message"}, "request_id"}).
// - OpenAI: the Chat Completions reference; openai-python src/openai/types/chat/chat_completion_chunk.py
//   (delta.content, delta.refusal, delta.tool_calls[index, id, type, function], finish_reason stop, length,
//   tool_calls, content_filter, function_call; the usage chunk with empty choices) and chat_completion.py
//   (message.refusal), and the 400 body of a parameter a model does not support (BadRequestError: {"error":
//   {"message", "type": "invalid_request_error", "param", "code": "unsupported_parameter"}}).

#include "scripted_http_server.h"

#include <QList>
#include <QPair>
#include <nlohmann/json.hpp>
#include <string>

namespace test_support {

using ToolCallScript = QList<QPair<std::string, std::string>>; // (id, run_python code) each

// The two halves of a UTF-8 text, split on a character boundary.
inline QPair<std::string, std::string> halves(const std::string& text) {
    size_t half = text.size() / 2;
    while (half > 0 && (static_cast<unsigned char>(text[half]) & 0xC0) == 0x80)
        --half;
    return {text.substr(0, half), text.substr(half)};
}

// ---- Anthropic's Messages API ----
namespace anthropic {

using nlohmann::json;

// "event: <its type>" and its data, as the API names every event after its type.
inline QByteArray sseEvent(const json& data) {
    return QByteArray::fromStdString("event: " + data.at("type").get<std::string>() + "\n" + data.dump());
}
inline json messageStart(int inputTokens = 17) {
    return {{"type", "message_start"},
            {"message",
             {{"id", "msg_01"},
              {"type", "message"},
              {"role", "assistant"},
              {"model", "claude-test"},
              {"content", json::array()},
              {"stop_reason", nullptr},
              {"usage", {{"input_tokens", inputTokens}, {"output_tokens", 1}}}}}};
}
inline json textStart(int index) {
    return {{"type", "content_block_start"},
            {"index", index},
            {"content_block", {{"type", "text"}, {"text", ""}}}};
}
inline json toolStart(int index, const std::string& id, const std::string& name = "run_python") {
    return {{"type", "content_block_start"},
            {"index", index},
            {"content_block", {{"type", "tool_use"}, {"id", id}, {"name", name}, {"input", json::object()}}}};
}
inline json textDelta(int index, const std::string& text) {
    return {{"type", "content_block_delta"},
            {"index", index},
            {"delta", {{"type", "text_delta"}, {"text", text}}}};
}
inline json jsonDelta(int index, const std::string& piece) {
    return {{"type", "content_block_delta"},
            {"index", index},
            {"delta", {{"type", "input_json_delta"}, {"partial_json", piece}}}};
}
inline json blockStop(int index) {
    return {{"type", "content_block_stop"}, {"index", index}};
}
inline json messageDelta(const char* stopReason, int outputTokens = 42) {
    return {{"type", "message_delta"},
            {"delta", {{"stop_reason", stopReason}, {"stop_sequence", nullptr}}},
            {"usage", {{"output_tokens", outputTokens}}}};
}
inline json messageStop() {
    return {{"type", "message_stop"}};
}
inline json ping() {
    return {{"type", "ping"}};
}
// The API's error object: an error status's body, or the data of an `error` event.
inline QByteArray errorJson(const char* type, const std::string& message) {
    return QByteArray::fromStdString(json{
        {"type", "error"},
        {"error", {{"type", type}, {"message", message}}},
        {"request_id", "req_011"}}.dump());
}
// A whole streamed text reply, one text_delta.
inline QList<QByteArray> textReply(const std::string& text) {
    return {sseEvent(messageStart()),           sseEvent(textStart(0)),
            sseEvent(textDelta(0, text)),       sseEvent(blockStop(0)),
            sseEvent(messageDelta("end_turn")), sseEvent(messageStop())};
}

} // namespace anthropic

// ---- OpenAI's Chat Completions ----
namespace openai {

using nlohmann::json;

inline QByteArray dumped(const json& value) {
    return QByteArray::fromStdString(value.dump());
}
inline json chunkWith(const json& delta, const json& finishReason = nullptr) {
    return {
        {"id", "chatcmpl-7Q9x"},
        {"object", "chat.completion.chunk"},
        {"created", 1700000000},
        {"model", "gpt-test"},
        {"system_fingerprint", "fp_test"},
        {"choices",
         json::array(
             {{{"index", 0}, {"delta", delta}, {"logprobs", nullptr}, {"finish_reason", finishReason}}})}};
}
inline QByteArray roleChunk() {
    return dumped(chunkWith({{"role", "assistant"}, {"content", ""}, {"refusal", nullptr}}));
}
inline QByteArray textChunk(const std::string& text) {
    return dumped(chunkWith({{"content", text}}));
}
inline QByteArray finishChunk(const char* reason) {
    return dumped(chunkWith(json::object(), reason));
}
inline QByteArray usageChunk(int input, int output) {
    json chunk = chunkWith(json::object());
    chunk["choices"] = json::array();
    chunk["usage"] = {
        {"prompt_tokens", input}, {"completion_tokens", output}, {"total_tokens", input + output}};
    return dumped(chunk);
}
// The first piece of a tool call: index, id, type, name and (as OpenAI sends it) empty arguments.
inline QByteArray callStartChunk(int index, const std::string& id, const char* name,
                                 const std::string& arguments = "") {
    return dumped(chunkWith(
        {{"tool_calls", json::array({{{"index", index},
                                      {"id", id},
                                      {"type", "function"},
                                      {"function", {{"name", name}, {"arguments", arguments}}}}})}}));
}
// A later piece: only the index and more of the arguments.
inline QByteArray argumentsChunk(int index, const std::string& piece) {
    return dumped(
        chunkWith({{"tool_calls", json::array({{{"index", index}, {"function", {{"arguments", piece}}}}})}}));
}
// A whole stream that ends the OpenAI way: finish_reason, then a usage chunk, then [DONE].
inline QList<QByteArray> replyStream(QList<QByteArray> chunks, const char* finishReason, int inputTokens = 42,
                                     int outputTokens = 17) {
    chunks.prepend(roleChunk());
    chunks.append(finishChunk(finishReason));
    chunks.append(usageChunk(inputTokens, outputTokens));
    chunks.append("[DONE]");
    return chunks;
}
// The 400 OpenAI's API sends a reasoning model (o-series, gpt-5) for a length-limit member it does not take,
// as the API answers it (openai-python's BadRequestError body; OpenAI's reasoning guide names the
// replacement): {"error": {"message", "type", "param", "code"}}.
inline QByteArray unsupportedParameterError(const std::string& member, const std::string& replacement) {
    return dumped(
        {{"error",
          {{"message", "Unsupported parameter: '" + member + "' is not supported with this model. Use '" +
                           replacement + "' instead."},
           {"type", "invalid_request_error"},
           {"param", member},
           {"code", "unsupported_parameter"}}}});
}
// Another 400 of the same shape, about a member that is not the length limit.
inline QByteArray unsupportedValueError(const std::string& member) {
    return dumped({{"error",
                    {{"message", "Unsupported value: '" + member +
                                     "' does not support 0.2 with this model. Only the default (1) value is "
                                     "supported."},
                     {"type", "invalid_request_error"},
                     {"param", member},
                     {"code", "unsupported_value"}}}});
}
// A whole chat.completion document.
inline QByteArray completionDocument(const json& message, const char* finishReason) {
    return dumped({{"id", "chatcmpl-7Q9y"},
                   {"object", "chat.completion"},
                   {"created", 1700000000},
                   {"model", "gpt-test"},
                   {"choices", json::array({{{"index", 0},
                                             {"message", message},
                                             {"logprobs", nullptr},
                                             {"finish_reason", finishReason}}})},
                   {"usage", {{"prompt_tokens", 30}, {"completion_tokens", 12}, {"total_tokens", 42}}}});
}

} // namespace openai

// Anthropic: a streamed turn with optional text (in two deltas), then optional run_python tool_use blocks
// whose input arrives as input_json_delta pieces of at most 7 bytes, split inside strings, then message_stop.
inline ScriptedResponse anthropicTurn(const std::string& text, const ToolCallScript& toolCalls = {},
                                      int delayMs = 0) {
    using namespace anthropic;
    QList<QByteArray> events{sseEvent(messageStart(25))};
    int index = 0;
    if (!text.empty()) {
        events << sseEvent(textStart(index)) << sseEvent(ping());
        const auto [first, second] = halves(text);
        for (const std::string& piece : {first, second})
            if (!piece.empty())
                events << sseEvent(textDelta(index, piece));
        events << sseEvent(blockStop(index));
        ++index;
    }
    for (const auto& [id, code] : toolCalls) {
        events << sseEvent(toolStart(index, id));
        const std::string input = json{{"code", code}}.dump();
        for (size_t at = 0; at < input.size(); at += 7)
            events << sseEvent(jsonDelta(index, input.substr(at, 7)));
        events << sseEvent(blockStop(index));
        ++index;
    }
    events << sseEvent(messageDelta(toolCalls.isEmpty() ? "end_turn" : "tool_use", 40))
           << sseEvent(messageStop());
    return ScriptedResponse::sse(events, delayMs);
}

// OpenAI Chat Completions: a streamed turn with optional text (in two chunks), then optional run_python tool
// calls whose arguments arrive in pieces of at most 9 bytes, a finish_reason, a usage chunk and [DONE].
inline ScriptedResponse openAiTurn(const std::string& text, const ToolCallScript& toolCalls = {},
                                   int delayMs = 0) {
    using namespace openai;
    QList<QByteArray> chunks;
    const auto [first, second] = halves(text);
    for (const std::string& piece : {first, second})
        if (!piece.empty())
            chunks << textChunk(piece);
    int index = 0;
    for (const auto& [id, code] : toolCalls) {
        chunks << callStartChunk(index, id, "run_python");
        const std::string arguments = json{{"code", code}}.dump();
        for (size_t at = 0; at < arguments.size(); at += 9)
            chunks << argumentsChunk(index, arguments.substr(at, 9));
        ++index;
    }
    return ScriptedResponse::sse(replyStream(chunks, toolCalls.isEmpty() ? "stop" : "tool_calls", 30, 12),
                                 delayMs);
}

} // namespace test_support
