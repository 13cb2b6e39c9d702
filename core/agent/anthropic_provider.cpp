#include "anthropic_provider.h"

#include "model_request.h"
#include "sse_reader.h"

#include <cctype>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <variant>

namespace sandbench::agent {

namespace {

using nlohmann::json;

// A body read whole (a non-streamed reply, or a JSON reply to a streamed request), and the most a stream may
// carry without completing a single event: beyond it the server is not speaking the protocol.
constexpr std::size_t kMaxBodyBytes = 16u << 20;

std::string messagesUrl(const std::string& baseUrl) {
    std::string url = baseUrl;
    if (url.ends_with('/'))
        url.pop_back();
    return url + "/v1/messages";
}

// Serialises without throwing: text that is not UTF-8 (a program's output, a pasted file) is sent with
// U+FFFD in place of each bad byte instead of failing the call.
std::string dumpLeniently(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
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
    else
        turn.finish = FinishReason::Other; // "refusal", "pause_turn", and whatever comes next
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

ProviderError makeError(ProviderErrorKind kind, std::string message) {
    ProviderError error;
    error.kind = kind;
    error.message = std::move(message);
    return error;
}

// An error the API reported inside a 2xx reply: an `error` event in a stream, or an error object as the body.
ProviderError errorFromPayload(const json& payload, const std::string& host) {
    const json* details = memberOf(payload, "error");
    const std::string type = details ? stringOf(*details, "type").value_or("error") : "error";
    const std::string said = details ? stringOf(*details, "message").value_or("") : "";
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
    return makeError(kind, std::move(message));
}

// A whole Messages API reply ({"type": "message", "content": [...], "stop_reason": ..., "usage": ...}) as
// a turn, or the error it holds or what is wrong with it.
std::variant<ModelTurn, ProviderError> turnFromMessage(const json& message, const std::string& host) {
    if (!message.is_object())
        return makeError(ProviderErrorKind::Malformed, "The reply from " + host + " is not a JSON object.");
    if (stringOf(message, "type") == "error")
        return errorFromPayload(message, host);
    const json* content = memberOf(message, "content");
    if (!content || !content->is_array())
        return makeError(ProviderErrorKind::Malformed,
                         "The reply from " + host +
                             " is not a Messages API message: it has no content list.");
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
                return makeError(ProviderErrorKind::Malformed,
                                 "The reply from " + host + " has a tool_use block without an id or a name.");
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

// Reads a streamed reply: the body bytes go to an SseReader, each event updates the turn being built and
// reports text and tool calls as they appear. A reply that turns out to be one JSON document (a server
// that ignored "stream": true) is kept whole for turnFromMessage instead.
class StreamParser {
public:
    StreamParser(std::string host, const StreamCallbacks& callbacks)
        : m_host(std::move(host))
        , m_callbacks(callbacks) {}

    // The HttpBodyReader: false stops the transfer, with error() saying why.
    bool feed(std::string_view bytes) {
        if (m_mode == Mode::Undecided) {
            const size_t first = bytes.find_first_not_of(" \t\r\n");
            if (first == std::string_view::npos) {
                m_whitespace += bytes; // SSE lines may begin with blank lines; JSON with spaces
                return true;
            }
            m_mode = bytes[first] == '{' ? Mode::Json : Mode::Events;
            const std::string before = std::exchange(m_whitespace, {});
            if (!feed(before))
                return false;
        }
        if (m_mode == Mode::Json) {
            if (m_document.size() + bytes.size() > kMaxBodyBytes)
                return fail(ProviderErrorKind::Malformed,
                            "The reply from " + m_host + " is a JSON document larger than 16 MiB.");
            m_document += bytes;
            return true;
        }
        m_bytesSinceEvent += bytes.size();
        if (m_bytesSinceEvent > kMaxBodyBytes)
            return fail(ProviderErrorKind::Malformed,
                        "The stream from " + m_host + " sent 16 MiB without a complete event.");
        return m_events.feed(bytes, [this](const ServerSentEvent& event) {
            m_bytesSinceEvent = 0;
            ++m_eventCount;
            try {
                return onEvent(event);
            } catch (const json::exception& exception) { // a guard: the handlers check types first
                return fail(ProviderErrorKind::Malformed, "The " + label(event) + " event from " + m_host +
                                                              " could not be read (" + exception.what() +
                                                              ").");
            }
        });
    }

    bool isJson() const { return m_mode == Mode::Json; }
    const std::string& document() const { return m_document; }
    bool complete() const { return m_complete; }
    int eventCount() const { return m_eventCount; }
    const std::optional<ProviderError>& error() const { return m_error; }
    const std::string& streamedText() const { return m_turn.text; }
    ModelTurn takeTurn() { return std::move(m_turn); }

private:
    enum class Mode { Undecided, Events, Json };
    struct Block {
        enum class Kind { Text, ToolUse, Other };
        Kind kind = Kind::Other;
        size_t call = 0;       // index in m_turn.toolCalls, for a tool_use block
        std::string inputJson; // input_json_delta pieces so far
        json startInput;       // the input given by content_block_start (normally {})
        bool stopped = false;
    };

    static std::string label(const ServerSentEvent& event) {
        return event.name.empty() ? std::string("unnamed") : event.name;
    }

    bool fail(ProviderErrorKind kind, std::string message) {
        if (!m_error)
            m_error = makeError(kind, std::move(message));
        return false;
    }

    bool malformed(const std::string& what) {
        return fail(ProviderErrorKind::Malformed,
                    "The stream from " + m_host + " broke the protocol: " + what);
    }

    bool onEvent(const ServerSentEvent& event) {
        if (m_complete)
            return true; // nothing counts after message_stop
        const json data = json::parse(event.data, nullptr, false);
        if (data.is_discarded() || !data.is_object())
            return malformed("the data of its " + label(event) + " event is not a JSON object.");
        const std::string type = stringOf(data, "type").value_or(event.name);
        if (type == "message_start") {
            if (const json* message = memberOf(data, "message"))
                readUsage(memberOf(*message, "usage"), m_turn);
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
            readUsage(memberOf(data, "usage"), m_turn);
            return true;
        }
        if (type == "message_stop") {
            for (auto& [index, block] : m_blocks) // a block the server never closed
                finishBlock(block);
            applyStopReason(m_stopReason, m_turn);
            m_complete = true;
            return true;
        }
        if (type == "error") {
            m_error = errorFromPayload(data, m_host);
            return false;
        }
        return true; // "ping", and the event types the API says may be added
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
            if (const auto text = stringOf(*content, "text"); text && !text->empty())
                appendText(*text);
        } else if (type == "tool_use") {
            const auto id = stringOf(*content, "id");
            const auto name = stringOf(*content, "name");
            if (!id || !name)
                return malformed("a tool_use block has no id or no name.");
            block.kind = Block::Kind::ToolUse;
            block.call = m_turn.toolCalls.size();
            if (const json* input = memberOf(*content, "input"))
                block.startInput = *input;
            ToolCall call;
            call.id = *id;
            call.name = *name;
            m_turn.toolCalls.push_back(call);
            if (m_callbacks.toolCallStarted)
                m_callbacks.toolCallStarted(call);
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
        ToolCall& call = m_turn.toolCalls[block.call];
        if (block.inputJson.empty()) { // no deltas: the input is the start's, {} when it gave none
            const json empty = json::object();
            setArgumentsFromInput(call, block.startInput.is_object() ? &block.startInput : &empty);
        } else {
            setArguments(call, block.inputJson);
        }
    }

    void appendText(const std::string& text) {
        m_turn.text += text;
        if (m_callbacks.text && !text.empty())
            m_callbacks.text(text);
    }

    std::string m_host;
    const StreamCallbacks& m_callbacks;
    Mode m_mode = Mode::Undecided;
    std::string m_whitespace;
    std::string m_document;
    SseReader m_events;
    size_t m_bytesSinceEvent = 0;
    int m_eventCount = 0;
    std::map<long long, Block> m_blocks;
    ModelTurn m_turn;
    std::string m_stopReason;
    bool m_complete = false;
    std::optional<ProviderError> m_error;
};

// A turn read whole: reported to the callbacks as one piece, as a stream would have been.
ProviderReply replyFromDocument(const std::string& body, const std::string& host,
                                const StreamCallbacks& callbacks) {
    ProviderReply reply;
    const json message = json::parse(body, nullptr, false);
    if (message.is_discarded()) {
        reply.error =
            makeError(ProviderErrorKind::Malformed, "The reply from " + host + " is not valid JSON.");
        return reply;
    }
    auto turn = turnFromMessage(message, host);
    if (auto* error = std::get_if<ProviderError>(&turn)) {
        reply.error = std::move(*error);
        return reply;
    }
    ModelTurn& result = std::get<ModelTurn>(turn);
    if (callbacks.text && !result.text.empty())
        callbacks.text(result.text);
    if (callbacks.toolCallStarted) {
        for (const ToolCall& call : result.toolCalls)
            callbacks.toolCallStarted(call);
    }
    reply.turn = std::move(result);
    return reply;
}

std::string contentTypeOf(const HttpResponse& response) {
    std::string type = response.header("content-type").value_or("");
    type = type.substr(0, type.find(';'));
    for (char& c : type)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return type;
}

// The key must never reach a message shown or saved: a server may echo what it was sent.
void finishError(ProviderReply& reply, const ProviderSettings& settings, long status, int attempts) {
    if (!reply.error)
        return;
    ProviderError& error = *reply.error;
    if (error.httpStatus == 0)
        error.httpStatus = status;
    error.attempts = attempts;
    if (!settings.apiKey.empty()) {
        const std::string_view hidden = "[API key]";
        for (size_t at = error.message.find(settings.apiKey); at != std::string::npos;
             at = error.message.find(settings.apiKey, at + hidden.size()))
            error.message.replace(at, settings.apiKey.size(), hidden);
    }
    reply.turn.reset();
}

} // namespace

AnthropicProvider::AnthropicProvider(ProviderSettings settings)
    : m_settings(std::move(settings)) {}

nlohmann::json AnthropicProvider::requestBody(const ChatRequest& request) const {
    json messages = json::array();
    for (const ChatMessage& message : request.messages) {
        switch (message.role) {
        case ChatMessage::Role::User:
            messages.push_back({{"role", "user"}, {"content", message.text}});
            break;
        case ChatMessage::Role::Assistant: {
            json content = json::array();
            if (!message.text.empty())
                content.push_back({{"type", "text"}, {"text", message.text}});
            for (const ToolCall& call : message.toolCalls) {
                content.push_back({{"type", "tool_use"},
                                   {"id", call.id},
                                   {"name", call.name},
                                   {"input", call.arguments.is_object() ? call.arguments : json::object()}});
            }
            // The API refuses an empty assistant message anywhere but last; one with nothing said is left
            // out (two user messages in a row are merged by the API).
            if (!content.empty())
                messages.push_back({{"role", "assistant"}, {"content", std::move(content)}});
            break;
        }
        case ChatMessage::Role::ToolResults: {
            json content = json::array();
            for (const ToolResult& result : message.toolResults) {
                content.push_back({{"type", "tool_result"},
                                   {"tool_use_id", result.toolCallId},
                                   {"content", result.content},
                                   {"is_error", result.isError}});
            }
            messages.push_back({{"role", "user"}, {"content", std::move(content)}});
            break;
        }
        }
    }

    json body = {{"model", m_settings.model}, {"max_tokens", m_settings.maxTokens}};
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
    body["stream"] = m_settings.stream;
    if (m_settings.temperature)
        body["temperature"] = *m_settings.temperature;
    return body;
}

ProviderReply AnthropicProvider::complete(const ChatRequest& request, const StreamCallbacks& callbacks,
                                          std::stop_token stop) {
    const std::string host = hostOf(m_settings.baseUrl);
    HttpRequest http;
    http.method = "POST";
    http.url = messagesUrl(m_settings.baseUrl);
    if (!m_settings.apiKey.empty())
        http.headers.emplace_back("x-api-key", m_settings.apiKey);
    http.headers.emplace_back("anthropic-version", m_settings.anthropicVersion);
    http.headers.emplace_back("content-type", "application/json");
    http.headers.emplace_back("accept", m_settings.stream ? "text/event-stream" : "application/json");
    http.body = dumpLeniently(requestBody(request));
    http.maxBodyBytes = kMaxBodyBytes;

    ProviderReply reply;
    if (!m_settings.stream) {
        const ModelExchange exchange = sendModelRequest(m_settings, std::move(http), callbacks, stop);
        if (exchange.error) {
            reply.error = exchange.error;
        } else if (exchange.response.bodyTruncated) {
            reply.error =
                makeError(ProviderErrorKind::Malformed, "The reply from " + host + " is larger than 16 MiB.");
        } else {
            reply = replyFromDocument(exchange.response.body, host, callbacks);
        }
        finishError(reply, m_settings, exchange.response.status, exchange.attempts);
        return reply;
    }

    StreamParser parser(host, callbacks);
    const ModelExchange exchange =
        sendModelRequest(m_settings, std::move(http), callbacks, stop,
                         [&parser](std::string_view bytes) { return parser.feed(bytes); });
    if (parser.error()) { // the reader stopped the transfer: a protocol error, or the API's error event
        reply.error = parser.error();
    } else if (exchange.error &&
               !(parser.complete() && exchange.error->kind == ProviderErrorKind::Truncated)) {
        reply.error = exchange.error; // cancelled, timed out, cut off, or an error status
    } else if (parser.isJson()) {     // a server that answered the streamed request in one piece
        reply = replyFromDocument(parser.document(), host, callbacks);
    } else if (parser.complete()) {
        reply.turn = parser.takeTurn();
    } else if (parser.eventCount() == 0 && contentTypeOf(exchange.response) != "text/event-stream") {
        const std::string type = contentTypeOf(exchange.response);
        reply.error = makeError(ProviderErrorKind::Malformed,
                                "The reply from " + host + " is " + (type.empty() ? "untyped" : type) +
                                    ", neither an event stream nor a JSON message.");
    } else {
        reply.error =
            makeError(ProviderErrorKind::Truncated,
                      "The stream from " + host + " ended before the reply was complete (no message_stop).");
    }
    if (reply.turn)
        reply.partialText = reply.turn->text;
    else
        reply.partialText = parser.streamedText();
    finishError(reply, m_settings, exchange.response.status, exchange.attempts);
    return reply;
}

} // namespace sandbench::agent
