#include "openai_provider.h"

#include "model_request.h"
#include "sse_reader.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench::agent {

namespace {

using json = nlohmann::json;

// Chat Completions has no is_error flag on a "tool" message, so a failed call is marked in its text.
constexpr std::string_view kToolErrorPrefix = "Error: the tool call failed.\n";

// A reply that is one JSON document (a server that ignored "stream") is kept up to this size.
constexpr std::size_t kMaxDocumentBytes = 16 << 20;

// Every dump of text that came from elsewhere (the model, a program's output) replaces invalid UTF-8
// instead of throwing.
std::string dumpJson(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string chatCompletionsUrl(std::string baseUrl) {
    if (baseUrl.ends_with('/'))
        baseUrl.pop_back();
    return baseUrl + "/chat/completions";
}

// The data of an event or a body, shortened and on one line, for an error message.
std::string excerpt(std::string_view text) {
    std::string shown(text.substr(0, 120));
    for (char& c : shown)
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    if (text.size() > shown.size())
        shown += "...";
    return shown;
}

// A string member, or empty when it is absent or null; throws json::type_error when it is another type.
std::string stringMember(const json& object, const char* name) {
    const auto found = object.find(name);
    if (found == object.end() || found->is_null())
        return {};
    return found->get<std::string>();
}

// A message's content: a string, null, or (some servers) an array of {"type": "text", "text": ...} parts;
// throws json::type_error for anything else.
std::string contentText(const json& content) {
    if (content.is_null())
        return {};
    if (!content.is_array())
        return content.get<std::string>(); // throws json::type_error for anything else
    std::string text;
    for (const json& part : content) {
        if (part.is_object())
            text += stringMember(part, "text");
    }
    return text;
}

// A tool call's arguments: a JSON string by the protocol, an object from a few servers.
std::string argumentsText(const json& arguments) {
    if (arguments.is_null())
        return {};
    if (arguments.is_string())
        return arguments.get<std::string>();
    return dumpJson(arguments);
}

// The finished call: `arguments` holds the parsed object, or stays null (with the text in rawArguments)
// when the model sent something else, so the loop can tell it what was wrong.
ToolCall finishedCall(std::string id, std::string name, std::string rawArguments) {
    ToolCall call;
    call.id = std::move(id);
    call.name = std::move(name);
    json parsed = json::parse(rawArguments, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_object())
        call.arguments = std::move(parsed);
    call.rawArguments = std::move(rawArguments);
    return call;
}

std::string syntheticId(std::size_t position) {
    return "call_" + std::to_string(position);
}

void readUsage(const json& chunk, ModelTurn& turn) {
    const auto usage = chunk.find("usage");
    if (usage == chunk.end() || !usage->is_object())
        return;
    if (const auto prompt = usage->find("prompt_tokens"); prompt != usage->end() && prompt->is_number())
        turn.inputTokens = prompt->get<int>();
    if (const auto completion = usage->find("completion_tokens");
        completion != usage->end() && completion->is_number())
        turn.outputTokens = completion->get<int>();
}

// Maps finish_reason. Some local servers say "stop" (or nothing) although they sent tool calls: the calls
// are what the loop must act on, so that turn is ToolUse.
void setFinish(ModelTurn& turn, const std::string& reason) {
    turn.finishDetail = reason;
    if (reason == "tool_calls" || reason == "function_call")
        turn.finish = FinishReason::ToolUse;
    else if (reason == "length")
        turn.finish = FinishReason::MaxTokens;
    else if (reason == "stop" || reason.empty())
        turn.finish = turn.toolCalls.empty() ? FinishReason::EndTurn : FinishReason::ToolUse;
    else
        turn.finish = FinishReason::Other;
}

ProviderError protocolError(const ProviderSettings& settings, const std::string& what) {
    ProviderError error;
    error.kind = ProviderErrorKind::Malformed;
    error.message = "The reply from " + hostOf(settings.baseUrl) +
                    " was not a Chat Completions reply: " + what +
                    ". Check that the base URL points at an OpenAI-compatible server.";
    return error;
}

// {"error": {...}} in place of a reply (in a 2xx body or an event mid-stream): a server-side failure, or the
// request's fault when the server says so.
ProviderError reportedError(const ProviderSettings& settings, const json& error) {
    std::string said;
    bool requestFault = false;
    if (error.is_string()) {
        said = error.get<std::string>();
    } else if (error.is_object()) {
        if (const auto message = error.find("message"); message != error.end() && message->is_string())
            said = message->get<std::string>();
        if (const auto type = error.find("type"); type != error.end() && type->is_string())
            requestFault = type->get<std::string>() == "invalid_request_error";
        if (const auto code = error.find("code"); code != error.end() && code->is_number_integer())
            requestFault = code->get<int>() >= 400 && code->get<int>() < 500;
    }
    if (said.empty())
        said = excerpt(dumpJson(error));
    ProviderError reported;
    reported.kind = requestFault ? ProviderErrorKind::BadRequest : ProviderErrorKind::ServerError;
    reported.message = "The server at " + hostOf(settings.baseUrl) +
                       " reported an error instead of a reply: " + said + (said.ends_with('.') ? "" : ".");
    return reported;
}

// A whole chat.completion document: a non-streamed reply, or a server that ignored "stream".
ProviderReply replyFromDocument(const ProviderSettings& settings, const std::string& body,
                                const StreamCallbacks& callbacks) {
    ProviderReply reply;
    const json document = json::parse(body, nullptr, false);
    if (document.is_discarded() || !document.is_object()) {
        reply.error = protocolError(settings, "the body is not a JSON object (" + excerpt(body) + ")");
        return reply;
    }
    if (const auto error = document.find("error"); error != document.end() && !error->is_null()) {
        reply.error = reportedError(settings, *error);
        return reply;
    }
    try {
        const auto choices = document.find("choices");
        if (choices == document.end() || !choices->is_array() || choices->empty() ||
            !(*choices)[0].is_object() || !(*choices)[0].contains("message")) {
            reply.error = protocolError(settings, "it has no choices[0].message (" + excerpt(body) + ")");
            return reply;
        }
        const json& choice = (*choices)[0];
        const json& message = choice.at("message");
        ModelTurn turn;
        if (const auto content = message.find("content"); content != message.end())
            turn.text = contentText(*content);
        if (const auto calls = message.find("tool_calls"); calls != message.end() && !calls->is_null()) {
            for (const json& call : *calls) {
                const json& function = call.at("function");
                std::string id = stringMember(call, "id");
                if (id.empty())
                    id = syntheticId(turn.toolCalls.size());
                const auto arguments = function.find("arguments");
                turn.toolCalls.push_back(
                    finishedCall(std::move(id), stringMember(function, "name"),
                                 arguments == function.end() ? std::string() : argumentsText(*arguments)));
            }
        }
        setFinish(turn, stringMember(choice, "finish_reason"));
        readUsage(document, turn);
        if (callbacks.text && !turn.text.empty())
            callbacks.text(turn.text);
        if (callbacks.toolCallStarted) {
            for (const ToolCall& call : turn.toolCalls)
                callbacks.toolCallStarted(ToolCall{call.id, call.name, {}, {}});
        }
        reply.turn = std::move(turn);
    } catch (const json::exception& e) {
        reply.error = protocolError(settings, std::string("a field has the wrong type (") + e.what() + ")");
    }
    return reply;
}

// Reads a streamed reply: chat.completion.chunk events, or a whole JSON document when the server did not
// stream. Fed from the HTTP body reader; returns false to stop the transfer (at [DONE], or on an error).
class StreamParser {
public:
    StreamParser(const ProviderSettings& settings, const StreamCallbacks& callbacks)
        : m_settings(settings)
        , m_callbacks(callbacks) {}

    bool feed(std::string_view bytes) {
        if (m_mode == Mode::Undecided) {
            m_document.append(bytes);
            std::string_view start(m_document);
            if (start.starts_with("\xEF\xBB\xBF"))
                start.remove_prefix(3);
            const size_t first = start.find_first_not_of(" \t\r\n");
            if (first == std::string_view::npos)
                return true;
            if (start[first] == '{' || start[first] == '[') {
                m_mode = Mode::Document;
                return true;
            }
            m_mode = Mode::Events;
            const std::string held(start);
            m_document.clear();
            return feedEvents(held);
        }
        if (m_mode == Mode::Document) {
            if (m_document.size() + bytes.size() > kMaxDocumentBytes) {
                m_error = protocolError(m_settings, "the reply is larger than " +
                                                        std::to_string(kMaxDocumentBytes >> 20) + " MiB");
                return false;
            }
            m_document.append(bytes);
            return true;
        }
        return feedEvents(bytes);
    }

    // The reply once the transfer is over: `transferError` is what sendModelRequest said went wrong.
    ProviderReply finish(std::optional<ProviderError> transferError, int attempts, long status) {
        ProviderReply reply;
        if (m_mode == Mode::Events && !transferError && !m_error && !complete() &&
            (m_events.hasPartialEvent() || !m_lines.pending().empty()))
            flushLastEvent();
        if (m_mode == Mode::Document && !m_error && !transferError) {
            reply = replyFromDocument(m_settings, m_document, m_callbacks);
        } else if (m_error) {
            reply.error = std::move(m_error);
        } else if (transferError && !(endedAfterReply(*transferError))) {
            reply.error = std::move(transferError);
        } else if (m_mode == Mode::Undecided) {
            reply.error = protocolError(m_settings, "the body was empty");
        } else if (!complete()) {
            reply.error = ProviderError{};
            reply.error->kind = ProviderErrorKind::Truncated;
            reply.error->message = "The reply from " + hostOf(m_settings.baseUrl) +
                                   " ended before it was complete (no finish_reason and no [DONE]).";
        } else {
            reply.turn = takeTurn();
        }
        if (reply.error) {
            reply.error->attempts = attempts;
            reply.error->httpStatus = status;
            reply.partialText = m_turn.text;
        }
        return reply;
    }

private:
    enum class Mode { Undecided, Events, Document };

    // One tool call as it streams in.
    struct PendingCall {
        std::string id;
        std::string name;
        std::string arguments;
        bool announced = false;
    };

    bool complete() const { return m_done || m_finishReason.has_value(); }

    // The connection was cut, or went quiet, after the reply was whole (a finish_reason came, and only the
    // usage chunk or [DONE] may be missing): the reply stands.
    bool endedAfterReply(const ProviderError& transferError) const {
        return complete() && (transferError.kind == ProviderErrorKind::Truncated ||
                              transferError.kind == ProviderErrorKind::Timeout);
    }

    // A stream that ended cleanly with its last event unterminated (no blank line after "data: [DONE]"):
    // that event is read, unless it is cut-off JSON, which leaves the reply truncated.
    void flushLastEvent() {
        m_flushing = true;
        feedEvents("\n\n");
        m_flushing = false;
    }

    // Lines go to the SSE reader one at a time, except the "error: {...}" lines of llama.cpp's server (a
    // field the SSE standard does not have, so the reader would drop it, and the "data: [DONE]" after it
    // would pass for a finished, empty reply).
    bool feedEvents(std::string_view bytes) {
        return m_lines.feed(bytes, [this](std::string_view line) {
            if (line.starts_with("error:")) {
                std::string_view value = line.substr(6);
                if (value.starts_with(' '))
                    value.remove_prefix(1);
                setReportedError(std::string(value));
                return false;
            }
            std::string terminated(line);
            terminated += '\n';
            return m_events.feed(terminated, [this](const ServerSentEvent& event) { return onEvent(event); });
        });
    }

    // The server's error in place of an event: JSON ({"error": {...}}, or the error object itself) or text.
    void setReportedError(const std::string& data) {
        const json parsed = json::parse(data, nullptr, false);
        if (parsed.is_discarded())
            m_error = reportedError(m_settings, json(data));
        else if (parsed.is_object() && parsed.contains("error"))
            m_error = reportedError(m_settings, parsed.at("error"));
        else
            m_error = reportedError(m_settings, parsed);
    }

    bool onEvent(const ServerSentEvent& event) {
        if (event.data == "[DONE]") {
            m_done = true;
            return false; // nothing follows; a server that keeps the connection open is not waited for
        }
        if (event.name == "error") { // not OpenAI's own form, but some servers name their error events
            setReportedError(event.data);
            return false;
        }
        const json chunk = json::parse(event.data, nullptr, false);
        if (chunk.is_discarded() || !chunk.is_object()) {
            if (!m_flushing)
                m_error =
                    protocolError(m_settings, "an event's data is not JSON (" + excerpt(event.data) + ")");
            return false;
        }
        try {
            return onChunk(chunk);
        } catch (const json::exception& e) {
            m_error = protocolError(m_settings, std::string("a field has the wrong type (") + e.what() +
                                                    ") in " + excerpt(event.data));
            return false;
        }
    }

    bool onChunk(const json& chunk) {
        if (const auto error = chunk.find("error"); error != chunk.end() && !error->is_null()) {
            m_error = reportedError(m_settings, *error);
            return false;
        }
        readUsage(chunk, m_turn);
        const auto choices = chunk.find("choices");
        if (choices == chunk.end() || choices->is_null() || choices->empty())
            return true; // the usage chunk, or a keep-alive
        const json& choice = choices->at(0);
        if (const auto delta = choice.find("delta"); delta != choice.end() && delta->is_object()) {
            // "reasoning_content" / "reasoning" (thinking models) are not part of the answer.
            if (const auto content = delta->find("content"); content != delta->end()) {
                const std::string piece = contentText(*content);
                if (!piece.empty()) {
                    m_turn.text += piece;
                    if (m_callbacks.text)
                        m_callbacks.text(piece);
                }
            }
            if (const auto calls = delta->find("tool_calls"); calls != delta->end() && !calls->is_null()) {
                for (const json& piece : *calls)
                    onToolCallPiece(piece);
            }
        }
        if (const auto reason = choice.find("finish_reason"); reason != choice.end() && !reason->is_null())
            m_finishReason = reason->get<std::string>();
        return true;
    }

    // The first piece of a call carries its index, id, type and name; later ones only the index and more of
    // the arguments. Ollama sends each call whole, and in parallel batches it reuses index 0 for every call
    // (ollama/ollama#15457): a piece with another id and a name at a taken index is a new call.
    void onToolCallPiece(const json& piece) {
        std::optional<int> index;
        if (const auto found = piece.find("index"); found != piece.end() && found->is_number_integer())
            index = found->get<int>();
        const std::string id = stringMember(piece, "id");
        std::string name;
        std::string arguments;
        if (const auto function = piece.find("function"); function != piece.end() && function->is_object()) {
            name = stringMember(*function, "name");
            if (const auto found = function->find("arguments"); found != function->end())
                arguments = argumentsText(*found);
        }

        PendingCall* call = nullptr;
        if (index) {
            if (const auto slot = m_slotOfIndex.find(*index); slot != m_slotOfIndex.end())
                call = &m_calls[slot->second];
        } else if (!m_calls.empty()) {
            call = &m_calls.back(); // older servers sent no index: a piece continues the last call
        }
        // A piece that names a call where a named one already is starts a new call when it carries another
        // id, or no id and no index to go by.
        if (call && !name.empty() && !call->name.empty() && (id.empty() ? !index : id != call->id))
            call = nullptr;
        if (!call) {
            m_calls.emplace_back();
            call = &m_calls.back();
            if (index)
                m_slotOfIndex[*index] = m_calls.size() - 1;
        }

        if (call->id.empty() && !call->announced)
            call->id = id;
        if (call->name.empty())
            call->name = name;
        call->arguments += arguments;
        if (!call->announced && !call->name.empty()) {
            call->announced = true;
            if (call->id.empty())
                call->id = syntheticId(static_cast<std::size_t>(call - m_calls.data()));
            if (m_callbacks.toolCallStarted)
                m_callbacks.toolCallStarted(ToolCall{call->id, call->name, {}, {}});
        }
    }

    ModelTurn takeTurn() {
        ModelTurn turn = std::move(m_turn);
        for (std::size_t i = 0; i < m_calls.size(); ++i) {
            PendingCall& call = m_calls[i];
            turn.toolCalls.push_back(finishedCall(call.id.empty() ? syntheticId(i) : std::move(call.id),
                                                  std::move(call.name), std::move(call.arguments)));
        }
        setFinish(turn, m_finishReason.value_or(""));
        return turn;
    }

    const ProviderSettings& m_settings;
    const StreamCallbacks& m_callbacks;
    Mode m_mode = Mode::Undecided;
    std::string m_document; // Document mode: the body so far
    LineSplitter m_lines;   // Events mode: the body, split into lines for m_events
    SseReader m_events;
    ModelTurn m_turn; // text and usage as they arrive; tool calls are assembled at the end
    std::vector<PendingCall> m_calls;
    std::map<int, std::size_t> m_slotOfIndex;
    std::optional<std::string> m_finishReason;
    bool m_done = false;
    bool m_flushing = false;
    std::optional<ProviderError> m_error;
};

// A message of the conversation as Chat Completions messages: one, or one "tool" message per result.
void appendMessages(json& messages, const ChatMessage& message) {
    switch (message.role) {
    case ChatMessage::Role::User:
        messages.push_back({{"role", "user"}, {"content", message.text}});
        return;
    case ChatMessage::Role::Assistant: {
        json assistant = {{"role", "assistant"}};
        // Content may be null only when tool calls carry the message.
        assistant["content"] =
            message.text.empty() && !message.toolCalls.empty() ? json(nullptr) : json(message.text);
        if (!message.toolCalls.empty()) {
            json calls = json::array();
            for (const ToolCall& call : message.toolCalls) {
                // Arguments that were not a JSON object go back as "{}": servers such as Ollama reject a
                // conversation holding unparseable arguments, and the tool result already quotes them.
                const std::string arguments = call.arguments.is_null() ? "{}" : dumpJson(call.arguments);
                calls.push_back({{"id", call.id},
                                 {"type", "function"},
                                 {"function", {{"name", call.name}, {"arguments", arguments}}}});
            }
            assistant["tool_calls"] = std::move(calls);
        }
        messages.push_back(std::move(assistant));
        return;
    }
    case ChatMessage::Role::ToolResults:
        for (const ToolResult& result : message.toolResults) {
            messages.push_back({{"role", "tool"},
                                {"tool_call_id", result.toolCallId},
                                {"content", result.isError ? std::string(kToolErrorPrefix) + result.content
                                                           : result.content}});
        }
        return;
    }
}

} // namespace

OpenAiProvider::OpenAiProvider(ProviderSettings settings)
    : m_settings(std::move(settings)) {}

nlohmann::json OpenAiProvider::requestBody(const ChatRequest& request) const {
    json messages = json::array();
    if (!request.system.empty())
        messages.push_back({{"role", "system"}, {"content", request.system}});
    for (const ChatMessage& message : request.messages)
        appendMessages(messages, message);

    json body = {{"model", m_settings.model}, {"messages", std::move(messages)}};
    if (!request.tools.empty()) {
        json tools = json::array();
        for (const ToolSpec& tool : request.tools) {
            tools.push_back(
                {{"type", "function"},
                 {"function",
                  {{"name", tool.name},
                   {"description", tool.description},
                   {"parameters", tool.inputSchema.is_null() ? json::object() : tool.inputSchema}}}});
        }
        body["tools"] = std::move(tools);
    }
    body["stream"] = m_settings.stream;
    if (m_settings.stream)
        body["stream_options"] = {{"include_usage", true}};
    // "max_tokens", which the local servers this client is mostly for (Ollama, llama.cpp's server, vLLM)
    // read. OpenAI deprecated it for "max_completion_tokens": its GPT-4 family still accepts it, its
    // reasoning models (o-series, gpt-5) refuse it with a 400 that names the replacement.
    body["max_tokens"] = m_settings.maxTokens;
    if (m_settings.temperature)
        body["temperature"] = *m_settings.temperature;
    return body;
}

ProviderReply OpenAiProvider::complete(const ChatRequest& request, const StreamCallbacks& callbacks,
                                       std::stop_token stop) {
    HttpRequest http;
    http.method = "POST";
    http.url = chatCompletionsUrl(m_settings.baseUrl);
    if (!m_settings.apiKey.empty())
        http.headers.emplace_back("Authorization", "Bearer " + m_settings.apiKey);
    http.headers.emplace_back("content-type", "application/json");
    http.headers.emplace_back("accept", m_settings.stream ? "text/event-stream" : "application/json");
    http.body = dumpJson(requestBody(request));

    // Both kinds of reply go through the parser: a server may stream when not asked to, or not when asked.
    StreamParser parser(m_settings, callbacks);
    const ModelExchange exchange =
        sendModelRequest(m_settings, std::move(http), callbacks, stop,
                         [&parser](std::string_view bytes) { return parser.feed(bytes); });
    return parser.finish(exchange.error, exchange.attempts, exchange.response.status);
}

} // namespace sandbench::agent
