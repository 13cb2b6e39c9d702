#pragma once

// Scripted replies in each LLM provider's documented streaming protocol, for tests of the agent loop and
// its front ends against ScriptedHttpServer: Anthropic's Messages API events and OpenAI's Chat Completions
// chunks, built with nlohmann_json so every string is escaped as a real server would.

#include "scripted_http_server.h"

#include <QList>
#include <nlohmann/json.hpp>
#include <string>

namespace test_support {

inline QByteArray sseEvent(const std::string& name, const nlohmann::json& data) {
    return QByteArray::fromStdString("event: " + name + "\ndata: " + data.dump());
}

// Anthropic: a streamed turn with optional text, then optional run_python tool_use blocks, then message_stop.
// The tool input arrives as input_json_delta pieces of at most 7 bytes, split inside strings.
inline ScriptedResponse anthropicTurn(const std::string& text,
                                      const QList<QPair<std::string, std::string>>& toolCalls = {},
                                      int delayMs = 0) {
    using nlohmann::json;
    QList<QByteArray> events;
    events << sseEvent("message_start", {{"type", "message_start"},
                                         {"message",
                                          {{"id", "msg_test"},
                                           {"type", "message"},
                                           {"role", "assistant"},
                                           {"content", json::array()},
                                           {"model", "claude-test"},
                                           {"stop_reason", nullptr},
                                           {"usage", {{"input_tokens", 25}, {"output_tokens", 1}}}}}});
    int index = 0;
    if (!text.empty()) {
        events << sseEvent("content_block_start", {{"type", "content_block_start"},
                                                   {"index", index},
                                                   {"content_block", {{"type", "text"}, {"text", ""}}}});
        events << sseEvent("ping", {{"type", "ping"}});
        // Two deltas, split on a character boundary of the UTF-8 text.
        size_t half = text.size() / 2;
        while (half > 0 && (static_cast<unsigned char>(text[half]) & 0xC0) == 0x80)
            --half;
        for (const std::string& piece : {text.substr(0, half), text.substr(half)})
            if (!piece.empty())
                events << sseEvent("content_block_delta",
                                   {{"type", "content_block_delta"},
                                    {"index", index},
                                    {"delta", {{"type", "text_delta"}, {"text", piece}}}});
        events << sseEvent("content_block_stop", {{"type", "content_block_stop"}, {"index", index}});
        ++index;
    }
    for (const auto& [id, code] : toolCalls) {
        events << sseEvent(
            "content_block_start",
            {{"type", "content_block_start"},
             {"index", index},
             {"content_block",
              {{"type", "tool_use"}, {"id", id}, {"name", "run_python"}, {"input", json::object()}}}});
        const std::string input = json{{"code", code}}.dump();
        for (size_t at = 0; at < input.size(); at += 7)
            events << sseEvent(
                "content_block_delta",
                {{"type", "content_block_delta"},
                 {"index", index},
                 {"delta", {{"type", "input_json_delta"}, {"partial_json", input.substr(at, 7)}}}});
        events << sseEvent("content_block_stop", {{"type", "content_block_stop"}, {"index", index}});
        ++index;
    }
    events << sseEvent("message_delta", {{"type", "message_delta"},
                                         {"delta",
                                          {{"stop_reason", toolCalls.isEmpty() ? "end_turn" : "tool_use"},
                                           {"stop_sequence", nullptr}}},
                                         {"usage", {{"output_tokens", 40}}}});
    events << sseEvent("message_stop", {{"type", "message_stop"}});
    // sse() prefixes "data: " to each entry; these carry their own event and data lines.
    QList<ScriptedResponse::Part> parts;
    for (const QByteArray& event : events)
        parts.append({event + "\n\n", delayMs});
    ScriptedResponse response = ScriptedResponse::chunked(parts, "text/event-stream");
    return response;
}

// OpenAI Chat Completions: a streamed turn with optional text, then optional run_python tool calls whose
// arguments arrive in pieces of at most 9 bytes, a finish_reason, a usage chunk and [DONE].
inline ScriptedResponse openAiTurn(const std::string& text,
                                   const QList<QPair<std::string, std::string>>& toolCalls = {},
                                   int delayMs = 0) {
    using nlohmann::json;
    auto chunk = [](const json& delta, const json& finish = nullptr) {
        return json{{"id", "chatcmpl-test"},
                    {"object", "chat.completion.chunk"},
                    {"model", "gpt-test"},
                    {"choices", json::array({{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}})}};
    };
    QList<json> chunks;
    chunks << chunk({{"role", "assistant"}, {"content", ""}});
    size_t half = text.size() / 2;
    while (half > 0 && (static_cast<unsigned char>(text[half]) & 0xC0) == 0x80)
        --half;
    for (const std::string& piece : {text.substr(0, half), text.substr(half)})
        if (!piece.empty())
            chunks << chunk({{"content", piece}});
    int index = 0;
    for (const auto& [id, code] : toolCalls) {
        chunks << chunk(
            {{"tool_calls", json::array({{{"index", index},
                                          {"id", id},
                                          {"type", "function"},
                                          {"function", {{"name", "run_python"}, {"arguments", ""}}}}})}});
        const std::string arguments = json{{"code", code}}.dump();
        for (size_t at = 0; at < arguments.size(); at += 9)
            chunks << chunk(
                {{"tool_calls", json::array({{{"index", index},
                                              {"function", {{"arguments", arguments.substr(at, 9)}}}}})}});
        ++index;
    }
    chunks << chunk(json::object(), toolCalls.isEmpty() ? "stop" : "tool_calls");
    QList<QByteArray> events;
    for (const json& each : chunks)
        events << QByteArray::fromStdString(each.dump());
    events << json{{"id", "chatcmpl-test"},
                   {"object", "chat.completion.chunk"},
                   {"choices", json::array()},
                   {"usage", {{"prompt_tokens", 30}, {"completion_tokens", 12}}}}
                  .dump()
                  .c_str();
    events << "[DONE]";
    return ScriptedResponse::sse(events, delayMs);
}

} // namespace test_support
