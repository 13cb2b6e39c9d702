#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sandbench::agent {

// A conversation in provider-neutral form. Each provider maps it to its own wire format (Anthropic's
// content blocks, OpenAI's tool_calls and "tool" messages) and back, so the loop never sees either.

// A tool the model may call: its name, what it does, and a JSON Schema of its input.
struct ToolSpec {
    std::string name;
    std::string description;
    nlohmann::json inputSchema;
};

// The model asked for a tool. `arguments` is what the model sent, parsed; when it was not a JSON object,
// `arguments` is null and `rawArguments` holds the text, so the loop can tell the model what was wrong.
struct ToolCall {
    std::string id; // the provider's id, echoed back in the result
    std::string name;
    nlohmann::json arguments;
    std::string rawArguments;
};

// An image a program made (one of its artifacts), for a model that can look at tool results' images
// (Anthropic's Messages API takes them as image blocks of a tool_result; OpenAI's tool messages carry only
// text, so there the model reads the artifact's name and size in `content`).
struct ToolImage {
    std::string name;      // the artifact's sanitised name
    std::string mediaType; // image/png or image/jpeg, sniffed from the bytes
    std::string bytes;

    bool operator==(const ToolImage&) const = default;
};

// What a tool call produced, sent back to the model.
struct ToolResult {
    std::string toolCallId;
    std::string content; // a JSON document as text (run_python's result), or a plain-text error
    bool isError = false;
    std::vector<ToolImage> images; // shown to the model after `content`, where the provider can
};

struct ChatMessage {
    enum class Role {
        User,        // the person's words: `text`
        Assistant,   // the model's reply: `text` and any `toolCalls`
        ToolResults, // the answers to the previous assistant message's tool calls: `toolResults`
    };
    Role role = Role::User;
    std::string text;
    std::vector<ToolCall> toolCalls;
    std::vector<ToolResult> toolResults;

    static ChatMessage user(std::string text);
};

// One request to the model: the whole conversation so far.
struct ChatRequest {
    std::string system;
    std::vector<ChatMessage> messages;
    std::vector<ToolSpec> tools;
};

// Why the model stopped generating, in the loop's terms (each provider maps its own words).
enum class FinishReason {
    EndTurn,       // a final answer (Anthropic "end_turn"/"stop_sequence", OpenAI "stop")
    ToolUse,       // it wants its tool calls run (Anthropic "tool_use", OpenAI "tool_calls")
    MaxTokens,     // cut off by the max-tokens setting (Anthropic "max_tokens", OpenAI "length")
    Refusal,       // the model declined (Anthropic "refusal"; OpenAI a `refusal` message instead of content)
    ContentFilter, // the provider's filter cut the answer (OpenAI "content_filter")
    ContextWindowExceeded, // the conversation filled the context (Anthropic "model_context_window_exceeded")
    Other,                 // anything else the provider said ("pause_turn"); ModelTurn::finishDetail has it
};

// One reply of the model.
struct ModelTurn {
    std::string text;
    std::vector<ToolCall> toolCalls;
    FinishReason finish = FinishReason::EndTurn;
    std::string finishDetail; // the provider's own word for why it stopped
    std::string refusal;      // the model's words when it refused (OpenAI's `refusal`), not part of `text`
    int inputTokens = 0;      // as reported by the provider; 0 when it did not say
    int outputTokens = 0;
};

} // namespace sandbench::agent
