#include "anthropic_provider.h"

#include "core/base64.h"
#include "model_request.h"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <variant>

namespace sandbench::agent {

namespace {

using nlohmann::json;

std::string messagesUrl(const std::string& baseUrl) {
    std::string url = baseUrl;
    if (url.ends_with('/'))
        url.pop_back();
    return url + "/v1/messages";
}

// Typed lookups that never throw: a field of the wrong type counts as absent.
const json* memberOf(const json& object, const char* name) {
    if (!object.is_object())
        return nullptr;
    const auto found = object.find(name);
    return found == object.end() ? nullptr : &*found;
}

std::optional<std::string> stringOf(const json& object, const char* name) {
    const json* value = memberOf(object, name);
    if (!value || !value->is_string())
        return std::nullopt;
    return value->get<std::string>();
}

std::optional<long long> integerOf(const json& object, const char* name) {
    const json* value = memberOf(object, name);
    if (!value || !value->is_number_integer())
        return std::nullopt;
    return value->get<long long>();
}

int tokenCount(const json& usage, const char* name, int fallback) {
    const auto count = integerOf(usage, name);
    if (!count || *count < 0)
        return fallback;
    return static_cast<int>(std::min<long long>(*count, std::numeric_limits<int>::max()));
}

void readUsage(const json* usage, ModelTurn& turn) {
    if (!usage)
        return;
    turn.inputTokens = tokenCount(*usage, "input_tokens", turn.inputTokens);
    turn.outputTokens = tokenCount(*usage, "output_tokens", turn.outputTokens);
}

void applyStopReason(const std::string& stopReason, ModelTurn& turn) {
    turn.finishDetail = stopReason.empty() ? "unspecified" : stopReason;
    if (stopReason == "end_turn" || stopReason == "stop_sequence")
        turn.finish = FinishReason::EndTurn;
    else if (stopReason == "tool_use")
        turn.finish = FinishReason::ToolUse;
    else if (stopReason == "max_tokens")
        turn.finish = FinishReason::MaxTokens;
    else if (stopReason == "refusal") // a streaming classifier stopped the reply (Claude 4 models)
        turn.finish = FinishReason::Refusal;
    else if (stopReason == "model_context_window_exceeded")
        turn.finish = FinishReason::ContextWindowExceeded;
    else
        turn.finish = FinishReason::Other; // "pause_turn", and whatever comes next
}

// The arguments of a tool call from the input JSON text the model produced. Never fails the reply: what is
// not a JSON object stays in rawArguments with null arguments, for the loop to send back as an error.
void setArguments(ToolCall& call, const std::string& text) {
    call.rawArguments = text;
    json parsed = json::parse(text, nullptr, false);
    call.arguments = !parsed.is_discarded() && parsed.is_object() ? std::move(parsed) : json();
}

void setArgumentsFromInput(ToolCall& call, const json* input) {
    if (input && input->is_object()) {
        call.arguments = *input;
        call.rawArguments = dumpLeniently(*input);
    } else {
        call.arguments = json();
        call.rawArguments = input ? dumpLeniently(*input) : std::string();
    }
}

// An error the API reported inside a 2xx reply: an `error` event in a stream, or an error object as the body.
ProviderError errorFromPayload(const json& payload, const std::string& host) {
    // {"type": "error", "error": {"type": ..., "message": ...}}, or the error object alone (as compatible
    // servers may send it in an "error:" line).
    const json* inner = memberOf(payload, "error");
    const json& details = inner && inner->is_object() ? *inner : payload;
    const std::string type = stringOf(details, "type").value_or("error");
    const std::string said = stringOf(details, "message").value_or("");
    // Error types of https://docs.anthropic.com/en/api/errors, mapped as their HTTP statuses would be.
    ProviderErrorKind kind = ProviderErrorKind::BadRequest;
    if (type == "overloaded_error" || type == "api_error")
        kind = ProviderErrorKind::ServerError;
    else if (type == "authentication_error" || type == "permission_error")
        kind = ProviderErrorKind::Unauthorized;
    else if (type == "rate_limit_error")
        kind = ProviderErrorKind::RateLimited;
    else if (type == "not_found_error")
        kind = ProviderErrorKind::NotFound;
    std::string message = "Anthropic's API at " + host + " reported " + type + " during the reply";
    message += said.empty() ? "." : ": " + said;
    if (!message.ends_with('.'))
        message += '.';
    if (kind == ProviderErrorKind::ServerError)
        message += " The server is busy or failed; try again later.";
    else if (kind == ProviderErrorKind::Unauthorized)
        message += " Check ANTHROPIC_API_KEY or the key in the agent settings.";
    return ProviderError{kind, std::move(message)};
}

// A whole Messages API reply ({"type": "message", "content": [...], "stop_reason": ..., "usage": ...}) as
// a turn, or the error it holds or what is wrong with it.
std::variant<ModelTurn, ProviderError> turnFromMessage(const json& message, const std::string& host) {
    if (!message.is_object())
        return ProviderError{ProviderErrorKind::Malformed,
                             "The reply from " + host + " is not a JSON object."};
    if (stringOf(message, "type") == "error")
        return errorFromPayload(message, host);
    const json* content = memberOf(message, "content");
    if (!content || !content->is_array())
        return ProviderError{ProviderErrorKind::Malformed,
                             "The reply from " + host +
                                 " is not a Messages API message: it has no content list."};
    ModelTurn turn;
    for (const json& block : *content) {
        const std::string type = stringOf(block, "type").value_or("");
        if (type == "text") {
            turn.text += stringOf(block, "text").value_or("");
        } else if (type == "tool_use") {
            ToolCall call;
            const auto id = stringOf(block, "id");
            const auto name = stringOf(block, "name");
            if (!id || !name)
                return ProviderError{ProviderErrorKind::Malformed,
                                     "The reply from " + host +
                                         " has a tool_use block without an id or a name."};
            call.id = *id;
            call.name = *name;
            setArgumentsFromInput(call, memberOf(block, "input"));
            turn.toolCalls.push_back(std::move(call));
        }
        // Other blocks (thinking, server tools' results) are not for the loop.
    }
    applyStopReason(stringOf(message, "stop_reason").value_or(""), turn);
    readUsage(memberOf(message, "usage"), turn);
    return turn;
}

// The Messages API's events: each updates the turn being built and reports text and tool calls as they
// appear, until message_stop.
class MessagesProtocol final : public ReplyProtocol {
public:
    MessagesProtocol(std::string host, const StreamCallbacks& callbacks)
        : ReplyProtocol(callbacks)
        , m_host(std::move(host)) {}

    bool onEvent(const ServerSentEvent& event) override {
        const json data = json::parse(event.data, nullptr, false);
        if (data.is_discarded() || !data.is_object())
            return malformed("the data of its " + label(event) + " event is not a JSON object.");
        const std::string type =
            event.name == "error" ? event.name : stringOf(data, "type").value_or(event.name);
        if (type == "message_start") {
            if (const json* message = memberOf(data, "message"))
                readUsage(memberOf(*message, "usage"), turn());
            return true;
        }
        if (type == "content_block_start")
            return onBlockStart(data);
        if (type == "content_block_delta")
            return onBlockDelta(data);
        if (type == "content_block_stop")
            return onBlockStop(data);
        if (type == "message_delta") {
            if (const json* delta = memberOf(data, "delta")) {
                if (const auto stopReason = stringOf(*delta, "stop_reason"))
                    m_stopReason = *stopReason;
            }
            readUsage(memberOf(data, "usage"), turn());
            return true;
        }
        if (type == "message_stop") {
            for (auto& [index, block] : m_blocks) // a block the server never closed
                finishBlock(block);
            applyStopReason(m_stopReason, turn());
            m_complete = true;
            return false; // nothing counts after it; a server that keeps the connection open is not waited
                          // for
        }
        if (type == "error")
            return fail(errorFromPayload(data, m_host));
        return true; // "ping", and the event types the API says may be added
    }

    bool complete() const override { return m_complete; }
    std::string missingEnd() const override { return "no message_stop"; }
    std::variant<ModelTurn, ProviderError> turnFromDocument(const json& document) const override {
        return turnFromMessage(document, m_host);
    }

private:
    struct Block {
        enum class Kind { Text, ToolUse, Other };
        Kind kind = Kind::Other;
        size_t call = 0;       // index in turn().toolCalls, for a tool_use block
        std::string inputJson; // input_json_delta pieces so far
        json startInput;       // the input given by content_block_start (normally {})
        bool stopped = false;
    };

    static std::string label(const ServerSentEvent& event) {
        return event.name.empty() ? std::string("unnamed") : event.name;
    }

    bool malformed(const std::string& what) {
        return fail(ProviderErrorKind::Malformed,
                    "The stream from " + m_host + " broke the protocol: " + what);
    }

    // The block an event is about; null (with the error set) when it names none that started.
    Block* blockOf(const json& data, const char* eventName) {
        const auto index = integerOf(data, "index");
        if (!index) {
            malformed(std::string("a ") + eventName + " event has no index.");
            return nullptr;
        }
        const auto found = m_blocks.find(*index);
        if (found == m_blocks.end()) {
            malformed(std::string("a ") + eventName + " event names block " + std::to_string(*index) +
                      ", which never started.");
            return nullptr;
        }
        return &found->second;
    }

    bool onBlockStart(const json& data) {
        const auto index = integerOf(data, "index");
        const json* content = memberOf(data, "content_block");
        if (!index || !content || !content->is_object())
            return malformed("a content_block_start event has no index or no content_block.");
        if (m_blocks.contains(*index))
            return malformed("block " + std::to_string(*index) + " started twice.");
        Block block;
        const std::string type = stringOf(*content, "type").value_or("");
        if (type == "text") {
            block.kind = Block::Kind::Text;
            appendText(stringOf(*content, "text").value_or(""));
        } else if (type == "tool_use") {
            const auto id = stringOf(*content, "id");
            const auto name = stringOf(*content, "name");
            if (!id || !name)
                return malformed("a tool_use block has no id or no name.");
            block.kind = Block::Kind::ToolUse;
            block.call = turn().toolCalls.size();
            if (const json* input = memberOf(*content, "input"))
                block.startInput = *input;
            ToolCall call;
            call.id = *id;
            call.name = *name;
            turn().toolCalls.push_back(call);
            announce(call);
        }
        m_blocks.emplace(*index, std::move(block));
        return true;
    }

    bool onBlockDelta(const json& data) {
        Block* block = blockOf(data, "content_block_delta");
        if (!block)
            return false;
        const json* delta = memberOf(data, "delta");
        if (!delta || !delta->is_object())
            return malformed("a content_block_delta event has no delta.");
        const std::string type = stringOf(*delta, "type").value_or("");
        if (type == "text_delta") {
            const auto text = stringOf(*delta, "text");
            if (!text || block->kind != Block::Kind::Text)
                return malformed("a text_delta has no text or is not in a text block.");
            appendText(*text);
        } else if (type == "input_json_delta") {
            const auto piece = stringOf(*delta, "partial_json");
            if (!piece || block->kind != Block::Kind::ToolUse)
                return malformed("an input_json_delta has no partial_json or is not in a tool_use block.");
            block->inputJson += *piece;
        }
        return true; // thinking, signature and citation deltas are not for the loop
    }

    bool onBlockStop(const json& data) {
        Block* block = blockOf(data, "content_block_stop");
        if (!block)
            return false;
        finishBlock(*block);
        return true;
    }

    void finishBlock(Block& block) {
        if (block.stopped)
            return;
        block.stopped = true;
        if (block.kind != Block::Kind::ToolUse)
            return;
        ToolCall& call = turn().toolCalls[block.call];
        if (block.inputJson.empty()) { // no deltas: the input is the start's, {} when it gave none
            const json empty = json::object();
            setArgumentsFromInput(call, block.startInput.is_object() ? &block.startInput : &empty);
        } else {
            setArguments(call, block.inputJson);
        }
    }

    std::string m_host;
    std::map<long long, Block> m_blocks;
    std::string m_stopReason;
    bool m_complete = false;
};

// A tool result's content: its text alone, or, when the program made pictures, the text then each image as
// a base64 image block with a line naming it (a tool_result's content may be a list of text and image
// blocks).
json toolResultContent(const ToolResult& result) {
    if (result.images.empty())
        return result.content;
    json blocks = json::array({{{"type", "text"}, {"text", result.content}}});
    for (const ToolImage& image : result.images) {
        blocks.push_back(
            {{"type", "text"}, {"text", "Artifact " + image.name + " (" + image.mediaType + "):"}});
        blocks.push_back(
            {{"type", "image"},
             {"source",
              {{"type", "base64"}, {"media_type", image.mediaType}, {"data", encodeBase64(image.bytes)}}}});
    }
    return blocks;
}

// The conversation as Messages API members: the system prompt apart, tool calls as tool_use blocks of the
// assistant's message, their results as tool_result blocks of the next user message.
json conversationBody(const ProviderSettings&, const ChatRequest& request) {
    json messages = json::array();
    for (const ChatMessage& message : request.messages) {
        switch (message.role) {
        case ChatMessage::Role::User:
            messages.push_back({{"role", "user"}, {"content", message.text}});
            break;
        case ChatMessage::Role::Assistant: {
            json content = json::array();
            // The API refuses a text block of only blanks ("text content blocks must contain non-whitespace
            // text"), and Claude may stream just "\n\n" before a tool_use: such a block is not sent back.
            if (message.text.find_first_not_of(" \t\r\n") != std::string::npos)
                content.push_back({{"type", "text"}, {"text", message.text}});
            for (const ToolCall& call : message.toolCalls) {
                content.push_back({{"type", "tool_use"},
                                   {"id", call.id},
                                   {"name", call.name},
                                   {"input", call.arguments.is_object() ? call.arguments : json::object()}});
            }
            // The API refuses an empty assistant message anywhere but last; one with nothing (or only blanks)
            // said is left out (two user messages in a row are merged by the API).
            if (!content.empty())
                messages.push_back({{"role", "assistant"}, {"content", std::move(content)}});
            break;
        }
        case ChatMessage::Role::ToolResults: {
            json content = json::array();
            for (const ToolResult& result : message.toolResults) {
                content.push_back({{"type", "tool_result"},
                                   {"tool_use_id", result.toolCallId},
                                   {"content", toolResultContent(result)},
                                   {"is_error", result.isError}});
            }
            messages.push_back({{"role", "user"}, {"content", std::move(content)}});
            break;
        }
        }
    }

    json body = json::object();
    if (!request.system.empty())
        body["system"] = request.system;
    body["messages"] = std::move(messages);
    if (!request.tools.empty()) {
        json tools = json::array();
        for (const ToolSpec& tool : request.tools) {
            tools.push_back(
                {{"name", tool.name},
                 {"description", tool.description},
                 {"input_schema", tool.inputSchema.is_object()
                                      ? tool.inputSchema
                                      : json{{"type", "object"}, {"properties", json::object()}}}});
        }
        body["tools"] = std::move(tools);
    }
    return body;
}

void address(const ProviderSettings& settings, HttpRequest& request) {
    request.url = messagesUrl(settings.baseUrl);
    if (!settings.apiKey.empty())
        request.headers.emplace_back("x-api-key", settings.apiKey);
    request.headers.emplace_back("anthropic-version", settings.anthropicVersion);
}

std::unique_ptr<ReplyProtocol> replyProtocol(const ProviderSettings& settings,
                                             const StreamCallbacks& callbacks) {
    return std::make_unique<MessagesProtocol>(hostOf(settings.baseUrl), callbacks);
}

} // namespace

const ModelApi& anthropicMessagesApi() {
    static constexpr ModelApi api{conversationBody, address, replyProtocol};
    return api;
}

} // namespace sandbench::agent
